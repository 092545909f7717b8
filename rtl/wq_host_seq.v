////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_seq.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's step sequencer's next state: every
//		register of wq_host_if and every field of the step's channel
//		that a step (or a CSR access, or the reset sweep) writes, as
//		its next value o_<name>_d, from the registers' values now
//		(i_<name>) and the decisions of the units that own the
//		sequencer's states -- wq_host_idle, wq_host_gp, wq_host_hdr,
//		wq_host_method, wq_host_fast, wq_host_sem, wq_host_launch,
//		wq_host_leave -- and of wq_host_sched and wq_host_chan.  It is
//		the model's wq_host_tick applied a cycle at a time (but for
//		its records, wq_host_emit's): the channel RAM's write and
//		read, start_wait / end_wait, wq_chan_error's raise, a host read and a read
//		stream, wq_chan_reset, a CSR write's effect, and the one-cycle
//		step of a plain method.
//
//		Combinational (next-state logic apart from the state
//		registers, which wq_host_if clocks, one always block per
//		register group).  One block: defaults first (a register
//		written in more than one place holds through its enable, its
//		value a don't-care until written: WQ_HOST_NEXT /
//		WQ_HOST_HOLD, wq_host_states.vh), then one case item per
//		group of states, each a task (seq_<group>) that applies its
//		unit's decisions.  The body reads the registers, never an
//		o_*_d, so it is the same next state as non-blocking writes in
//		one clocked block.  wq_host_if instantiates it (u_seq).
//		docs/rtl/wq_host_seq.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"
// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_seq #(
		parameter	FAST = 1,	// wq_host_if's FAST
		parameter	CW   = 2	// the channel number's width
	) (
		// the sequencer's registers (their values now)
		input	wire	[31:0]	i_att_nx, i_att_q, i_cm_wd, i_h_mem_addr,
		input	wire	[31:0]	i_mdata, i_now, i_perf_q,
		input	wire	[31:0]	i_rdata_q, i_slu_q,
		input	wire	[AW-1:0]	i_cm_ra, i_cm_wa, i_swp,
		input	wire		i_csr_pend, i_gb_rdy, i_gs_run, i_gt_w, i_gwrap,
		input	wire		i_h_issued, i_h_mem_valid, i_ld_line,
		input	wire		i_ld_rdy, i_lw_v, i_now_wrap, i_csr_err,
		input	wire		i_ev_req, i_pm_pend, i_sem_active, i_sem_endwait,
		input	wire		i_sl_fresh, i_w0_bad, i_yielded,
		input	wire	[CW-1:0]	i_sc,
		input	wire	[31:3]	i_gb_q,
		input	wire	[5:0]	i_hs, i_mem_ret, i_rd_ret,
		input	wire	[4:0]	i_lidx, i_lreq,
		input	wire	[13:0]	i_moff,
		input	wire	[`WQ_MH_SUBCH_W-1:0]	i_msub,
		input	wire	[`WQ_STEP_W-1:0]	i_step_res, i_res,
		// the step's channel's GP_GET, method count and segment words left (wq_host_cst's reads at sc)
		input	wire	[15:0]	i_s_get,
		input	wire	[`WQ_MH_COUNT_W-1:0]	i_m_count_s,
		input	wire	[`WQ_GP_LENGTH_W-1:0]	i_seg_rem_s,
		// the channel RAM's read word; the memory port's answer (m_rv: a read's, h_rv: the host's own) and the address adder's sum
		input	wire	[31:0]	i_cm_rd, i_mem_rdata, i_ma_sum,
		input	wire		i_h_rv, i_mem_ready, i_m_rv,
		// a CSR access: a hole in the map, and the write's RAM word and error (wq_host_chan's o_w_*)
		input	wire		i_csr_bad, i_cw_err, i_cw_ram,
		input	wire	[AW-1:0]	i_cw_wa,
		input	wire	[31:0]	i_cw_wd,
		// the scheduler's decisions (wq_host_sched): the lock kept, the slice count + 1 (FAST = 0: A_SLU's)
		input	wire		i_nx_more,
		input	wire	[31:0]	i_sl_used1,
		// wq_host_idle's decisions (u_idle)
		input	wire		i_ix_answer, i_ix_empty, i_ix_grant,
		input	wire		i_ix_ldw, i_ix_pend, i_ix_pend_w, i_ix_ra_w,
		input	wire		i_ix_ram_w, i_ix_req, i_ix_req_w, i_ix_sc_w,
		input	wire		i_ix_swp_w,
		input	wire	[5:0]	i_ix_hs,
		input	wire	[AW-1:0]	i_ix_ra, i_ix_ram_a, i_ix_swp,
		input	wire	[31:0]	i_ix_ram_d,
		input	wire	[CW-1:0]	i_ix_sc,
		// wq_host_gp's decisions (u_gp)
		input	wire		i_gx_att_w,
		input	wire		i_gx_ldr_clr, i_gx_mr, i_gx_ra_w, i_gx_ram_w,
		input	wire		i_gx_dwd, i_gx_dw_w,	// H_DUE's, H_GPW's ERR_INFO: into cm_wd, written
		input	wire		i_gx_rdq_w, i_gx_rds, i_gx_res_w, i_gx_ret_w,
		input	wire		i_gx_sew, i_gx_sew_w,
		input	wire		i_gx_sst, i_gx_w0_w, i_gx_wait_pulse,
		input	wire	[5:0]	i_gx_hs, i_gx_mr_ret, i_gx_ret,
		input	wire	[AW-1:0]	i_gx_ra,
		input	wire	[31:0]	i_gx_ram_d,
		input	wire	[`WQ_GP_RSVD0_W-1:0]	i_gx_w0_rsvd,	// GP word 0's reserved bits
		input	wire	[3:0]	i_gx_ram_f,
		input	wire	[`WQ_STEP_W-1:0]	i_gx_res,
		// wq_host_hdr's decisions (u_hdr)
		input	wire	[31:0]	i_gh_att, i_gh_einfo, i_gh_fs_d, i_gh_ma,
		input	wire	[31:0]	i_gh_rdq,
		input	wire		i_gh_att_w, i_gh_err_w, i_gh_fast, i_gh_hma_w,
		input	wire		i_gh_ldr, i_gh_ldr_w, i_gh_mo_w,
		input	wire		i_gh_mr, i_gh_pm_pend, i_gh_ra_w, i_gh_rdq_w,
		input	wire		i_gh_res_w,
		input	wire	[`WQ_MH_SUBCH_W-1:0]	i_gh_msub,
		input	wire	[5:0]	i_gh_hs, i_gh_mr_ret,
		input	wire	[13:0]	i_gh_moff,
		input	wire	[AW-1:0]	i_gh_ra,
		// wq_host_method's decision for H_METHOD (u_meth)
		input	wire	[3:0]	i_md_f,
		input	wire		i_md_irq, i_md_launch, i_md_ram, i_md_sem,
		input	wire		i_md_unknown, i_md_wait, i_md_yield,
		// wq_host_fast's: the plain method about to run and its one-cycle step (u_fast)
		input	wire		i_nd_irq, i_nd_ram,
		input	wire	[31:0]	i_fm_perf,
		input	wire	[3:0]	i_nd_f,
		// wq_host_sem's decisions (u_semx)
		input	wire		i_sx_act, i_sx_act_w, i_sx_att_sl, i_sx_att_w,
		input	wire		i_sx_endwait_clr,
		input	wire		i_sx_ma_w, i_sx_ra_w, i_sx_ram_w,
		input	wire		i_sx_res_w, i_sx_ret_w, i_sx_start,
		input	wire	[5:0]	i_sx_hs, i_sx_ret,
		input	wire	[AW-1:0]	i_sx_ra,
		input	wire	[31:0]	i_sx_ram_d,
		input	wire	[3:0]	i_sx_ram_f,
		input	wire	[`WQ_STEP_W-1:0]	i_sx_res,
		// wq_host_launch's decisions (u_lnch)
		input	wire		i_lx_launch, i_lx_lc_start,
		input	wire		i_lx_line, i_lx_ra_w, i_lx_ram_w, i_lx_rds,
		input	wire		i_lx_ret_w, i_lx_sst,
		input	wire	[5:0]	i_lx_hs, i_lx_ret,
		input	wire	[AW-1:0]	i_lx_ra, i_lx_ram_a,
		input	wire	[31:0]	i_lx_ram_d,
		input	wire	[4:0]	i_lx_rds_n,
		// wq_host_leave's decisions (u_leave)
		input	wire		i_lv_att_w, i_lv_error,
		input	wire		i_lv_gs, i_lv_gt_w, i_lv_leave, i_lv_ra_w,
		input	wire		i_lv_sl_inc,
		input	wire	[31:0]	i_lv_att,
		input	wire	[5:0]	i_lv_hs,
		input	wire	[AW-1:0]	i_lv_ra,
		// the next values of the registers
		output	wire	[5:0]	o_mem_ret_d, o_rd_ret_d,
		output	wire	[CW-1:0]	o_sc_d,
		output	wire	[`WQ_STEP_W-1:0]	o_res_d, o_step_res_d,
		output	wire	[AW-1:0]	o_swp_d, o_cm_wa_d, o_cm_ra_d,
		output	wire		o_csr_pend_d, o_h_mem_valid_d, o_h_issued_d,
		output	wire		o_ld_line_d, o_w0_bad_d, o_sem_active_d,
		output	wire		o_yielded_d, o_pm_pend_d, o_ld_rdy_d,
		output	wire		o_gs_run_d, o_sem_endwait_d, o_ev_req_d,
		output	wire		o_csr_err_d,
		output	wire	[31:0]	o_h_mem_addr_d, o_rdata_q_d, o_att_q_d,
		output	wire	[31:0]	o_perf_q_d,
		output	wire	[4:0]	o_lreq_d, o_lidx_d,
		output	wire	[13:0]	o_moff_d,
		output	wire	[`WQ_MH_SUBCH_W-1:0]	o_msub_d,
		output	reg	[5:0]	o_hs_d,
		output	reg	[31:0]	o_now_d, o_cm_wd_d,
		output	reg		o_gwrap_d, o_cm_we_d, o_sem_start_d,
		output	reg		o_lc_start_d, o_gt_w_d, o_gb_rdy_d,
		output	reg		o_step_valid_d, o_step_more_d, o_csr_ack_d,
		output	reg		o_launch_valid_d, o_irq_chan_error_d,
		output	reg		o_irq_non_stall_d
	);

	localparam	CA = (CW < 2) ? 2 : CW;
	localparam	AW = 4 + CA;
	// verilator lint_off UNUSEDPARAM
`include "wq_host_map.vh"
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM

	////////////////////////////////////////////////////////////////////////
	//
	// The model's helpers, as tasks the states call
	//
	// the channel RAM: one write (landing at the next edge) and one read
	// address (the word is on cm_rd two cycles later) per cycle
	task ram_wa;		// the write of a field, its data already on cm_wd_d
		input	[3:0]	f;
		input	[CW-1:0]	ch;
		begin
			o_cm_we_d = 1'b1;
			w_cm_wa(ca(f, ch));
		end
	endtask
	task ram_wr;
		input	[3:0]	f;
		input	[CW-1:0]	ch;
		input	[31:0]	d;
		begin
			ram_wa(f, ch);
			o_cm_wd_d = d;
		end
	endtask

	task ram_wg;		// write a word of the host's own (A_*)
		input	[AW-1:0]	a;
		input	[31:0]	d;
		begin
			o_cm_we_d = 1'b1;
			w_cm_wa(a);
			o_cm_wd_d = d;
		end
	endtask

	task ram_rd;		// read a field of the step's channel, then ret
		input	[3:0]	f;
		input	[5:0]	ret;
		begin
			w_cm_ra(ca(f, i_sc));
			w_rd_ret(ret);
			o_hs_d     = H_RDW;
		end
	endtask

	// ERR_INFO and the code are written here (err[] is read only by a CSR
	// access, never inside a step; the code is wq_host_chnext's write),
	// so H_ERR finds them in cm_wd and err[] (its record) and writes
	// neither: registers and a write source fewer.  Two raises take ERR_INFO from where it already is: a bad
	// GP word 0 is written in H_GP1 (from rdata_q), an acquire timeout
	// reads SEM_ADDR_LO again (H_TMO, from cm_rd).
	task raise;		// go to H_ERR: wq_chan_error(code, info)
		input	[31:0]	info;
		begin
			ram_wr(F_EINFO, i_sc, info);
			o_hs_d         = H_ERR;
		end
	endtask

	task mem_read;		// one host read; the word lands in rdata_q
		input	[31:0]	addr;
		input	[5:0]	ret;
		begin
			w_h_mem_valid(1'b1);
			w_h_mem_addr(addr);
			w_h_issued(1'b0);
			w_mem_ret(ret);
			o_hs_d          = H_MEM;
		end
	endtask

	// A stream of n reads (H_LREAD, H_GPW): a read asked for every cycle
	// the memory accepts one (lreq, the address through ma_sum), the
	// words taken in order as they land in rdata_q (lw_v, lidx)
	task rd_stream;
		input	[4:0]	n;
		begin
			if (i_h_mem_valid && i_mem_ready)
			begin
				w_lreq(i_lreq + 5'd1);
				w_h_mem_addr(i_ma_sum);
				if (i_lreq == n - 5'd1)
					w_h_mem_valid(1'b0);
			end
			// (the answers to reads ahead still in flight, pf_out,
			// come first: the FIFO takes them)
			if (i_h_rv)
				w_rdata_q(i_mem_rdata);
			if (i_lw_v)
				w_lidx(i_lidx + 5'd1);
		end
	endtask

	// a stream begins (H_LREAD, H_GPW): its first read asked for,
	// none counted yet (stream_go: at the address already loaded)
	task stream_go;
		begin
			w_lreq(5'd0);
			w_lidx(5'd0);
			w_h_mem_valid(1'b1);
		end
	endtask
	task stream_start;
		input	[31:0]	a;
		begin
			stream_go;
			w_h_mem_addr(a);
		end
	endtask

	// a plain method (u_fast's decode): its pulse or its register write (WFI
	// with the engine idle does nothing)
	task m_plain;
		input	[31:0]	d;
		begin
			o_irq_non_stall_d = i_nd_irq;
			if (i_nd_ram)
				ram_wr(i_nd_f, i_sc, d);
		end
	endtask

	// (FAST) the one-cycle step of a plain method (fm_fire): the method,
	// its count, and the step's end keeping the lock (gt_w: the next
	// step's tick, taken in its first cycle by wq_host_step's gt; its
	// METHOD record is wq_host_emit's, its slice wq_host_slice's)
	task fast_step;
		input	[31:0]	d;
		input	[5:0]	nx;
		begin
			m_plain(d);
			w_perf_q(i_fm_perf);
			w_res(`WQ_STEP_DONE);
			w_o_step_res(`WQ_STEP_DONE);
			o_step_valid_d = 1'b1;
			o_step_more_d  = 1'b1;
			o_gt_w_d         = 1'b1;
			o_hs_d           = nx;
		end
	endtask

	// a CSR write's effect (H_CSR2), with its channel RAM word on cm_rd:
	// the next state is u_chan's (cw_*): its RAM word and the error's
	// interrupt here (the channel's fields, wq_chan_reset's among them:
	// wq_host_chnext; HOST_SLICE: wq_host_slice; the record:
	// wq_host_emit)
	task csr_write;
		begin
			if (i_cw_ram)
				ram_wg(i_cw_wa, i_cw_wd);
			if (i_cw_err)
				o_irq_chan_error_d = 1'b1;
		end
	endtask

	////////////////////////////////////////////////////////////////////////
	//
	// The next values.  Every o_*_d holds its register's value unless a
	// state writes it.  A register written in more than one place (and
	// every per-channel field) is written through w_<name>(value): the
	// write raises <name>_we and sets <name>_n, and o_<name>_d is
	// <name>_we ? <name>_n : the register (the four and the task: one
	// WQ_HOST_NEXT line each, wq_host_states.vh; the block's head leaves
	// each unwritten with WQ_HOST_HOLD).  <name>_n is a don't-care (x)
	// until a state writes it, so the hold is the flip-flop's enable alone
	// and each value's multiplexer has only the values written, not the
	// register as one more leaf of every state's branch (wq_host_if at the
	// iCEBreaker's parameters, synth_ice40 -dsp: 2 548 SB_LUT4, against
	// 2 636 with a hold default in every *_d).  The simulation benches run
	// with --x-assign unique, so an x that reached a register would show
	// as a mismatch.  hs, cm_wd and the one-cycle pulses keep a plain
	// o_*_d (each is written nearly everywhere, or defaults to a
	// constant).
	//
	`WQ_HOST_NEXT(w_mem_ret, mem_ret_we, mem_ret_n, o_mem_ret_d, i_mem_ret, 6)
	`WQ_HOST_NEXT(w_rd_ret, rd_ret_we, rd_ret_n, o_rd_ret_d, i_rd_ret, 6)
	`WQ_HOST_NEXT(w_sc, sc_we, sc_n, o_sc_d, i_sc, CW)
	`WQ_HOST_NEXT(w_res, res_we, res_n, o_res_d, i_res, `WQ_STEP_W)
	`WQ_HOST_NEXT(w_swp, swp_we, swp_n, o_swp_d, i_swp, AW)
	`WQ_HOST_NEXT(w_csr_pend, csr_pend_we, csr_pend_n, o_csr_pend_d, i_csr_pend, 1)
	`WQ_HOST_NEXT(w_cm_wa, cm_wa_we, cm_wa_n, o_cm_wa_d, i_cm_wa, AW)
	`WQ_HOST_NEXT(w_cm_ra, cm_ra_we, cm_ra_n, o_cm_ra_d, i_cm_ra, AW)
	`WQ_HOST_NEXT(w_h_mem_valid, h_mem_valid_we, h_mem_valid_n, o_h_mem_valid_d, i_h_mem_valid, 1)
	`WQ_HOST_NEXT(w_h_issued, h_issued_we, h_issued_n, o_h_issued_d, i_h_issued, 1)
	`WQ_HOST_NEXT(w_ld_line, ld_line_we, ld_line_n, o_ld_line_d, i_ld_line, 1)
	`WQ_HOST_NEXT(w_h_mem_addr, h_mem_addr_we, h_mem_addr_n, o_h_mem_addr_d, i_h_mem_addr, 32)
	`WQ_HOST_NEXT(w_rdata_q, rdata_q_we, rdata_q_n, o_rdata_q_d, i_rdata_q, 32)
	`WQ_HOST_NEXT(w_w0_bad, w0_bad_we, w0_bad_n, o_w0_bad_d, i_w0_bad, 1)
	`WQ_HOST_NEXT(w_lreq, lreq_we, lreq_n, o_lreq_d, i_lreq, 5)
	`WQ_HOST_NEXT(w_lidx, lidx_we, lidx_n, o_lidx_d, i_lidx, 5)
	`WQ_HOST_NEXT(w_sem_active, sem_active_we, sem_active_n, o_sem_active_d, i_sem_active, 1)
	`WQ_HOST_NEXT(w_yielded, yielded_we, yielded_n, o_yielded_d, i_yielded, 1)
	`WQ_HOST_NEXT(w_pm_pend, pm_pend_we, pm_pend_n, o_pm_pend_d, i_pm_pend, 1)
	`WQ_HOST_NEXT(w_ld_rdy, ld_rdy_we, ld_rdy_n, o_ld_rdy_d, i_ld_rdy, 1)
	`WQ_HOST_NEXT(w_gs_run, gs_run_we, gs_run_n, o_gs_run_d, i_gs_run, 1)
	`WQ_HOST_NEXT(w_moff, moff_we, moff_n, o_moff_d, i_moff, 14)
	`WQ_HOST_NEXT(w_msub, msub_we, msub_n, o_msub_d, i_msub, `WQ_MH_SUBCH_W)
	`WQ_HOST_NEXT(w_att_q, att_q_we, att_q_n, o_att_q_d, i_att_q, 32)
	`WQ_HOST_NEXT(w_sem_endwait, sem_endwait_we, sem_endwait_n, o_sem_endwait_d, i_sem_endwait, 1)
	`WQ_HOST_NEXT(w_perf_q, perf_q_we, perf_q_n, o_perf_q_d, i_perf_q, 32)
	`WQ_HOST_NEXT(w_o_ev_req, o_ev_req_we, o_ev_req_n, o_ev_req_d, i_ev_req, 1)
	`WQ_HOST_NEXT(w_o_step_res, o_step_res_we, o_step_res_n, o_step_res_d, i_step_res, `WQ_STEP_W)
	`WQ_HOST_NEXT(w_o_csr_err, o_csr_err_we, o_csr_err_n, o_csr_err_d, i_csr_err, 1)


	// outside a step (wq_host_idle, u_idle): the reset sweep, the
	// lock request and a grant's pick, a CSR access taken, CTRL.RESET's
	// fields cleared, the answer (the write's effect: csr_write)
	task seq_idle;
	begin
		o_hs_d = i_ix_hs;
		if (i_ix_sc_w)
			w_sc(i_ix_sc);
		if (i_ix_swp_w)
			w_swp(i_ix_swp);
		if (i_ix_ram_w)
			ram_wg(i_ix_ram_a, i_ix_ram_d);
		// (i_ix_clr, the sweep's clear of the channel's fields:
		// wq_host_chnext)
		if (i_ix_pend_w)
			w_csr_pend(i_ix_pend);
		if (i_ix_ra_w)
			w_cm_ra(i_ix_ra);
		if (i_ix_ldw)
			w_rd_ret(H_LDW);
		if (i_ix_req_w)
			w_o_ev_req(i_ix_req);
		if (i_ix_grant)
		begin
			// (the tick: wq_host_step's gt)
			o_gwrap_d   = i_now_wrap;
			w_yielded(1'b0);
		end
		// (the entry switch, i_ix_switch: wq_host_slice's, its record
		// wq_host_emit's)
		if (i_ix_empty)
		begin
			w_o_step_res(`WQ_STEP_IDLE);
			o_step_valid_d = 1'b1;
		end
		if (i_ix_answer)
		begin
			o_csr_ack_d = 1'b1;
			w_o_csr_err(i_csr_bad);
			csr_write;
		end
	end
	endtask

	// wq_host_due, the dispatch on the channel's state, a wait's
	// resumption, the GP entry's reads and checks (wq_host_gp,
	// u_gp)
	task seq_gp;
	begin
		o_hs_d = i_gx_hs;
		if (i_gx_ra_w)
			w_cm_ra(i_gx_ra);
		if (i_gx_ret_w)
			w_rd_ret(i_gx_ret);
		if (i_gx_res_w)
			w_res(i_gx_res);
		if (i_gx_ldr_clr)
			w_ld_rdy(1'b0);
		if (i_gx_att_w)
			w_att_q(i_cm_rd);
		if (i_gx_wait_pulse)
		begin
			w_o_step_res(`WQ_STEP_WAIT);
			o_step_valid_d = 1'b1;
		end
		if (i_gx_rdq_w)
			w_rdata_q(i_cm_rd);	// sem_word
		if (i_gx_sew_w)
			w_sem_endwait(i_gx_sew);
		if (i_gx_w0_w)
		begin
			// gp_word0 (the segment address taken now:
			// wq_host_chnext)
			w_w0_bad((i_gx_w0_rsvd != 0));
		end
		if (i_gx_ram_w)
			ram_wr(i_gx_ram_f, i_sc, i_gx_ram_d);
		// (H_DUE: the entry read ahead's ERR_INFO into cm_wd by the
		// dispatch's path alone; H_GPW: word 0 or 1 by the stream's
		// position; the write by the verdict: the word is not behind
		// the verdict)
		if (i_gx_dwd)
			o_cm_wd_d = i_gx_ram_d;
		if (i_gx_dw_w)
			ram_wa(i_gx_ram_f, i_sc);
		// (the channel's state, a wait ended, the retry hint, the
		// error, the segment opened: wq_host_chnext)
		if (i_gx_sst)
			stream_start(i_ma_sum);
		if (i_gx_rds)
			rd_stream(5'd2);
		if (i_gx_mr)
			mem_read(i_ma_sum, i_gx_mr_ret);
	end
	endtask

	// one host read
	task seq_mem;
	begin
		if (i_h_mem_valid && i_mem_ready)
		begin
			w_h_mem_valid(1'b0);
			w_h_issued(1'b1);
		end
		if (i_h_issued && i_m_rv)
		begin
			w_h_issued(1'b0);
			w_rdata_q(i_mem_rdata);
			o_hs_d       = i_mem_ret;
		end
	end
	endtask

	// the segment walk: a header read and decoded, a method's data
	// word taken (wq_host_hdr, u_hdr)
	task seq_hdr;
	begin
		o_hs_d = i_gh_hs;
		// (the segment's words left and address, the method header:
		// wq_host_chnext)
		if (i_gh_rdq_w)
			w_rdata_q(i_gh_rdq);
		if (i_gh_ra_w)
			w_cm_ra(i_gh_ra);
		if (i_gh_mr)
			mem_read(i_gh_ma, i_gh_mr_ret);
		if (i_gh_hma_w)
			w_h_mem_addr(i_gh_ma);
		if (i_gh_res_w)
			w_res(`WQ_STEP_DONE);
		if (i_gh_err_w)
			raise(i_gh_einfo);
		if (i_gh_mo_w)
		begin
			w_moff(i_gh_moff);
			w_msub(i_gh_msub);
		end
		if (i_gh_att_w)
			w_att_q(i_gh_att);
		if (i_gh_pm_pend)
			w_pm_pend(1'b1);
		if (i_gh_ldr_w)
			w_ld_rdy(i_gh_ldr);
		if (i_gh_fast)
			fast_step(i_gh_fs_d, i_gh_hs);
	end
	endtask

	// wq_host_method counts the method (the RAM's one write port is
	// H_METHOD's, hence a cycle of its own)
	task seq_pmw;
	begin
		// (FAST: PERF_METHODS is perf_q, A_PERF not written)
		if (FAST != 0)
			w_perf_q(i_att_nx);
		else
			ram_wg(A_PERF, i_att_nx);
		// (FAST: only SEM_EXECUTE comes here) SEM_ADDR_HI, on
		// cm_rd in H_SEMX
		if (FAST != 0)
			w_cm_ra(ca(F_SAHI, i_sc));
		o_hs_d = H_METHOD;
	end
	endtask

	// wq_host_method
	task seq_method;
	begin
		// (the METHOD record: wq_host_emit)
		w_res(`WQ_STEP_DONE);
		// (FAST: a method that reads the channel RAM or goes on
		// to a semaphore, a launch or an error takes the long way
		// out, H_AFTER; its ram_rd replaces this read)
		o_hs_d    = H_AFTER;
		if (FAST != 0)
		begin
			o_hs_d    = H_LVW;
			// the method is counted here (att_q holds
			// PERF_METHODS, loaded by H_DATA / H_HDRDEC)
			if (i_pm_pend)
			begin
				w_perf_q(i_att_nx);	// PERF_METHODS + 1
				w_pm_pend(1'b0);
			end
			// inside the segment still (a data word or a
			// method left), H_LVW has nothing to do: its
			// slice load here, on to H_LEAVE (a method that
			// goes on to a semaphore, a launch or an error
			// goes elsewhere below; H_LVW loads att_q again
			// on that way out)
			if (i_m_count_s != 0 || i_seg_rem_s != 0)
			begin
				w_att_q(i_sl_fresh ? 32'h0 : i_slu_q);
				o_hs_d    = H_LEAVE;
			end
		end
		// the method's decision (u_meth), at most one of these.  The
		// written word is on cm_wd_d by the decode's one test, whatever
		// the decision (an unknown method's ERR_INFO is its offset, a
		// wait's wait_data and a register's value the data word; no
		// state after H_METHOD reads an older cm_wd), so the word is not
		// behind the decisions' order
		o_cm_wd_d = i_md_unknown ? {18'h0, i_moff} : i_mdata;
		if (i_md_unknown)
		begin
			ram_wa(F_EINFO, i_sc);	// raise
			o_hs_d = H_ERR;
		end
		if (i_md_irq)
			o_irq_non_stall_d = 1'b1;
		if (i_md_wait)
		begin
			// start_wait of host_methods.c: its wait_data, the
			// one RAM write of its state (the channel's state and
			// wait: wq_host_chnext)
			ram_wa(F_WDATA, i_sc);
			w_res(`WQ_STEP_WAIT);
		end
		if (i_md_ram)
			ram_wa(i_md_f, i_sc);
		if (i_md_sem)
		begin
			if (FAST != 0)
			begin
				// (H_PMW asked for SEM_ADDR_HI) SEM_ADDR_LO,
				// on cm_rd in H_SEMX2
				w_cm_ra(ca(F_SALO, i_sc));
				o_hs_d    = H_SEMX;
			end else
				ram_rd(F_SAHI, H_SEMX);
		end
		if (i_md_yield)
			w_yielded(1'b1);
		if (i_md_launch)
		begin
			// (FAST: launch_desc asked for now, on cm_rd in
			// H_LAUNCH2)
			if (FAST != 0)
				w_cm_ra(ca(F_LDESC, i_sc));
			o_hs_d = H_LAUNCH;
		end
	end
	endtask

	// SEM_EXECUTE (wq_host_sem, u_semx): the operation and
	// address checks, the unit's operands off the channel RAM,
	// the unit's answer, a failed attempt's count, wait, timeout
	// and stamp
	task seq_sem;
	begin
		o_hs_d        = i_sx_hs;
		o_sem_start_d = i_sx_start;
		if (i_sx_ra_w)
			w_cm_ra(i_sx_ra);
		if (i_sx_ret_w)
			w_rd_ret(i_sx_ret);
		if (i_sx_ram_w)
			ram_wr(i_sx_ram_f, i_sc, i_sx_ram_d);
		// (the error, ACQ_WAIT, a wait ended and a failed attempt's
		// stamp: wq_host_chnext)
		if (i_sx_res_w)
			w_res(i_sx_res);
		// (the unit's record, i_sx_emit: wq_host_emit)
		if (i_sx_act_w)
			w_sem_active(i_sx_act);
		if (i_sx_endwait_clr)
			w_sem_endwait(1'b0);
		if (i_sx_att_w)
			w_att_q(i_sx_att_sl ? (i_sl_fresh ? 32'h0 : i_slu_q) : i_cm_rd);
		if (i_sx_ma_w)
			w_h_mem_addr(i_ma_sum);
	end
	endtask

	// LAUNCH (wq_host_launch, u_lnch): the descriptor's address,
	// its stream, the checker's verdict; (DESC_RAM) the words'
	// slots, the scheduler's word
	task seq_launch;
	begin
		o_hs_d       = i_lx_hs;
		o_lc_start_d = i_lx_lc_start;
		if (i_lx_ra_w)
			w_cm_ra(i_lx_ra);
		if (i_lx_ret_w)
			w_rd_ret(i_lx_ret);
		// (BAD_LAUNCH, i_lx_err_w: wq_host_chnext)
		if (i_lx_ram_w)
			ram_wg(i_lx_ram_a, i_lx_ram_d);
		if (i_lx_sst)
		begin
			stream_start(i_ma_sum);
			w_ld_line(i_lx_line);
		end
		if (i_lx_rds)
			rd_stream(i_lx_rds_n);
		if (i_lx_launch)
		begin
			o_launch_valid_d = 1'b1;	// (its record: wq_host_emit)
			w_res(`WQ_STEP_DONE);
		end
	end
	endtask

	// the way out of a step (wq_host_leave, u_leave): the error,
	// the reads on the way out, GP_GET's advance at a segment's
	// end, the slice, the leave switch and the step's pulse
	task seq_leave;
	begin
		o_hs_d = i_lv_hs;
		// (FAST) H_LEAVE loads the host's read address with the GP
		// entry's, whatever the leave decides: the burst's entry
		// stream (i_lv_gs, below) starts there, and no other state
		// reads the address before a read of its own sets it (one
		// read at a time: none is asked for here).  So the address's
		// next value does not wait for the leave's decision, the
		// sequencer's deepest
		if (FAST != 0 && i_hs == H_LEAVE && !i_h_mem_valid)
			w_h_mem_addr({i_gb_q + {13'h0, i_s_get}, 3'h0});
		if (i_lv_ra_w)
			w_cm_ra(i_lv_ra);
		if (i_lv_att_w)
			w_att_q(i_lv_att);
		// wq_chan_error (the code and ERR_INFO were written by the
		// raise) and wq_chan_seg_end (GP_GET advances): the channel's
		// fields are wq_host_chnext's, the records wq_host_emit's
		if (i_lv_error)
		begin
			o_irq_chan_error_d = 1'b1;
			w_res(`WQ_STEP_ERROR);
		end
		// (FAST = 0: the slice count is the RAM word A_SLU; the count's
		// flags, the leave switch and a fresh slice: wq_host_slice)
		if (i_lv_sl_inc && FAST == 0)
			ram_wg(A_SLU, i_sl_used1);
		if (i_lv_leave)
		begin
			w_yielded(1'b0);
			w_o_step_res(i_res);
			o_step_valid_d = 1'b1;
			o_step_more_d  = i_nx_more;
		end
		if (i_lv_gt_w)
			o_gt_w_d  = 1'b1;
		// (FAST) GPFIFO_BASE known (gb_q) and the entry not read
		// ahead: the burst's GP entry stream starts now (gs_run)
		if (i_lv_gs)
		begin
			// (at the entry's address, loaded above: H_LEAVE asks
			// for no read before it)
			stream_go;
			w_gs_run(1'b1);
		end
	end
	endtask

	always @(*)
	begin
		// every register holds unless written (a w_<name> write's
		// enable off, its value a don't-care)
		o_hs_d = i_hs;
		`WQ_HOST_HOLD(mem_ret_we, mem_ret_n, 6)
		`WQ_HOST_HOLD(rd_ret_we, rd_ret_n, 6)
		`WQ_HOST_HOLD(sc_we, sc_n, CW)
		`WQ_HOST_HOLD(res_we, res_n, `WQ_STEP_W)
		`WQ_HOST_HOLD(swp_we, swp_n, AW)
		`WQ_HOST_HOLD(csr_pend_we, csr_pend_n, 1)
		`WQ_HOST_HOLD(cm_wa_we, cm_wa_n, AW)
		o_cm_wd_d = i_cm_wd;
		`WQ_HOST_HOLD(cm_ra_we, cm_ra_n, AW)
		`WQ_HOST_HOLD(h_mem_valid_we, h_mem_valid_n, 1)
		`WQ_HOST_HOLD(h_issued_we, h_issued_n, 1)
		`WQ_HOST_HOLD(ld_line_we, ld_line_n, 1)
		`WQ_HOST_HOLD(h_mem_addr_we, h_mem_addr_n, 32)
		`WQ_HOST_HOLD(rdata_q_we, rdata_q_n, 32)
		`WQ_HOST_HOLD(w0_bad_we, w0_bad_n, 1)
		`WQ_HOST_HOLD(lreq_we, lreq_n, 5)
		`WQ_HOST_HOLD(lidx_we, lidx_n, 5)
		`WQ_HOST_HOLD(sem_active_we, sem_active_n, 1)
		`WQ_HOST_HOLD(yielded_we, yielded_n, 1)
		`WQ_HOST_HOLD(pm_pend_we, pm_pend_n, 1)
		`WQ_HOST_HOLD(ld_rdy_we, ld_rdy_n, 1)
		`WQ_HOST_HOLD(gs_run_we, gs_run_n, 1)
		`WQ_HOST_HOLD(moff_we, moff_n, 14)
		`WQ_HOST_HOLD(msub_we, msub_n, `WQ_MH_SUBCH_W)
		`WQ_HOST_HOLD(att_q_we, att_q_n, 32)
		`WQ_HOST_HOLD(sem_endwait_we, sem_endwait_n, 1)
		`WQ_HOST_HOLD(perf_q_we, perf_q_n, 32)
		`WQ_HOST_HOLD(o_ev_req_we, o_ev_req_n, 1)
		`WQ_HOST_HOLD(o_step_res_we, o_step_res_n, `WQ_STEP_W)
		`WQ_HOST_HOLD(o_csr_err_we, o_csr_err_n, 1)

		// one-cycle outputs
		o_step_valid_d = 1'b0;
		o_step_more_d = 1'b0;
		o_csr_ack_d = 1'b0;
		o_launch_valid_d = 1'b0;
		o_irq_chan_error_d = 1'b0;
		o_irq_non_stall_d = 1'b0;
		o_sem_start_d = 1'b0;
		o_lc_start_d = 1'b0;
		o_now_d = i_now + 32'h1;
		o_gwrap_d = i_gwrap || i_now_wrap;
		// (a RAM write lasts one cycle)
		o_cm_we_d = 1'b0;
		// a burst's step that began with the walk (H_LEAVE) or a
		// one-cycle step: its tick in its first cycle (wq_host_step's
		// gt, as for a grant in H_IDLE), and the wrap flag restarted
		o_gt_w_d = 1'b0;
		o_gb_rdy_d = (FAST != 0) && (i_hs == H_LVW
					|| (i_hs == H_LEAVE && i_gb_rdy));
		if (i_hs == H_DUE)
			w_gs_run(1'b0);
		if (FAST != 0 && i_gt_w)
			o_gwrap_d = i_now_wrap;

		case (i_hs)
		////////////////////////////////////////////////////////////////
		// outside a step (wq_host_idle, u_idle): the reset sweep, the
		// lock request and a grant's pick, a CSR access taken, CTRL.RESET's
		// fields cleared, the answer (the write's effect: csr_write)
		H_INIT, H_IDLE, H_CSR1, H_CLR, H_CSR2:
			seq_idle;

		////////////////////////////////////////////////////////////////
		// a channel RAM read (ram_rd): the word is on cm_rd in rd_ret
		H_RDW:
			o_hs_d = i_rd_ret;

		////////////////////////////////////////////////////////////////
		// wq_host_due, the dispatch on the channel's state, a wait's
		// resumption, the GP entry's reads and checks (wq_host_gp,
		// u_gp)
		H_DUE, H_DUEA, H_DUEB, H_DUE2, H_GP0, H_GP1, H_GPW, H_GPCHK:
			seq_gp;

		////////////////////////////////////////////////////////////////
		// one host read
		H_MEM:
			seq_mem;

		////////////////////////////////////////////////////////////////
		// the segment walk: a header read and decoded, a method's data
		// word taken (wq_host_hdr, u_hdr)
		H_HDR, H_HDRDEC, H_DATA, H_DATAGOT:
			seq_hdr;

		// wq_host_method counts the method (the RAM's one write port is
		// H_METHOD's, hence a cycle of its own)
		H_PMW:
			seq_pmw;


		// wq_host_method
		H_METHOD:
			seq_method;

		// SEM_EXECUTE (wq_host_sem, u_semx): the operation and
		// address checks, the unit's operands off the channel RAM,
		// the unit's answer, a failed attempt's count, wait, timeout
		// and stamp
		H_SEMX, H_SEMX2, H_SL0, H_SL1, H_SL2, H_SL3, H_SL4, H_SL5,
		H_SEMW, H_TMO, H_WDW, H_STW, H_STAMP:
			seq_sem;

		////////////////////////////////////////////////////////////////
		// LAUNCH (wq_host_launch, u_lnch): the descriptor's address,
		// its stream, the checker's verdict; (DESC_RAM) the words'
		// slots, the scheduler's word
		H_LAUNCH, H_LAUNCH2, H_LREAD, H_LCHK, H_LRES, H_LDW:
			seq_launch;

		////////////////////////////////////////////////////////////////
		// the way out of a step (wq_host_leave, u_leave): the error,
		// the reads on the way out, GP_GET's advance at a segment's
		// end, the slice, the leave switch and the step's pulse
		H_ERR, H_AFTER, H_AW, H_LVW, H_LV2, H_LEAVE:
			seq_leave;

		default:
			o_hs_d = H_IDLE;
		endcase
	end

`ifdef FORMAL
	// ---- formal properties (jobs host_seq, host_seq_0) --------------------
	// The decisions are free inputs; the one contract: with FAST = 0 the
	// units ask for nothing of a burst or a one-cycle step.
	wire	f_idle   = hs_in_idle(i_hs);
	wire	f_gp     = hs_in_gp(i_hs);
	wire	f_hdr    = hs_in_hdr(i_hs);
	wire	f_sem    = hs_in_sem(i_hs);
	wire	f_launch = hs_in_launch(i_hs);
	wire	f_leave  = hs_in_leave(i_hs);
	wire	f_known  = f_idle || f_gp || f_hdr || f_sem || f_launch || f_leave
			|| (i_hs == H_RDW) || (i_hs == H_MEM) || (i_hs == H_PMW)
			|| (i_hs == H_METHOD);
	// (FAST = 0: none of the one-cycle paths; assumed when the unit is
	// the job's top, FORMAL_HOST_SEQ_TOP; asserted inside the host
	// interface, which must keep it)
`ifdef FORMAL_HOST_SEQ_TOP
`define	WQ_F_IN	assume
`else
`define	WQ_F_IN	assert
`endif
	always @(*)
	if (FAST == 0)
		`WQ_F_IN(!i_gh_fast && !i_nx_more && !i_lv_gt_w && !i_lv_gs && !i_gt_w);
	// (FAST) the burst's entry stream starts in H_LEAVE, with no host
	// read asked for (wq_host_leave decides it there; a step's reads
	// are over before its way out)
	always @(*)
	if (i_lv_gs)
		`WQ_F_IN(i_hs == H_LEAVE && !i_h_mem_valid);
	// (the next step's tick taken only in the walk's first state)
	always @(*)
	if (i_gt_w)
		`WQ_F_IN(i_hs == H_HDR || i_hs == H_DATA);
`undef	WQ_F_IN
	// ... and it starts at the entry's address
	always @(*)
	if (FAST != 0 && i_lv_gs)
		assert(o_h_mem_valid_d && o_h_mem_addr_d == {i_gb_q + {13'h0, i_s_get}, 3'h0});

	always @(*)
	begin
		// the cycle counter counts every cycle
		assert(o_now_d == i_now + 32'h1);
		// the next state: an unknown state goes back to H_IDLE; a
		// channel RAM read returns to rd_ret, a host read to mem_ret
		// once answered; a group of states goes where its unit says
		// (the segment walk and the GP fetch by way of a host read,
		// the walk to H_ERR on a raise)
		if (!f_known)
			assert(o_hs_d == H_IDLE);
		if (i_hs == H_RDW)
			assert(o_hs_d == i_rd_ret);
		if (i_hs == H_MEM)
			assert(o_hs_d == H_MEM || o_hs_d == i_mem_ret);
		if (i_hs == H_PMW)
			assert(o_hs_d == H_METHOD);
		if (f_idle)
			assert(o_hs_d == i_ix_hs);
		if (f_gp)
			assert(o_hs_d == i_gx_hs || o_hs_d == H_MEM);
		if (f_hdr)
			assert(o_hs_d == i_gh_hs || o_hs_d == H_MEM || o_hs_d == H_ERR);
		if (f_sem)
			assert(o_hs_d == i_sx_hs);
		if (f_launch)
			assert(o_hs_d == i_lx_hs);
		if (f_leave)
			assert(o_hs_d == i_lv_hs);
		// H_RDW only waits: the step's state holds, no pulse (the
		// channel's fields: wq_host_chnext's properties; no record:
		// wq_host_emit's)
		if (i_hs == H_RDW)
			assert(o_sc_d == i_sc && o_res_d == i_res
				&& !o_step_valid_d && !o_csr_ack_d);
		// the units' start pulses and the launch come from their
		// states (a launch's LAUNCH record: wq_host_emit's)
		if (o_sem_start_d)
			assert(f_sem);
		if (o_lc_start_d)
			assert(f_launch);
		if (o_launch_valid_d)
			assert(f_launch);
		// a CSR access is answered outside a step only
		if (o_csr_ack_d)
			assert(f_idle);
		// the channel error interrupt comes from a CSR write or the
		// way out (its CHAN_ERROR record: wq_host_emit's)
		if (o_irq_chan_error_d)
			assert(f_idle || f_leave);
		// a step's pulse: an empty pick, a wait not yet due, a
		// one-cycle step, the way out; a kept lock only with it, and
		// only with FAST
		if (o_step_valid_d)
			assert(f_idle || f_gp || f_hdr || f_leave);
		if (o_step_more_d)
			assert(o_step_valid_d && FAST != 0);
		if (FAST == 0)
			assert(!o_gt_w_d && !o_gb_rdy_d);
	end

	// ---- covers ----------------------------------------------------------
	always @(*)
	begin
		c_launch:  cover(o_launch_valid_d);
		c_csr_err: cover(o_csr_ack_d && o_irq_chan_error_d);
		c_leave:   cover(o_step_valid_d && i_hs == H_LEAVE);
		c_wait:    cover(o_step_valid_d && f_gp);
		c_err:     cover(o_irq_chan_error_d && f_leave);
		c_sem:     cover(o_sem_start_d);
	end
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
