////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_step.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's step sequencer (docs/rtl/wq_host_step.md):
//		its registers -- the state and the step's channel, the
//		step's result and the states reads return to, the reset
//		sweep, the cycle count, the channel RAM's ports, the method
//		about to run and its counts, the units' start pulses and
//		wq_host_if's port pulses -- and their next values (*_d), and
//		the next values of the registers other units keep (the host's
//		reads in wq_host_mem, the step's channel's fields in
//		wq_host_cst), from the registers and the storage's and the
//		other units' outputs.  The next-state logic is apart from the
//		state registers as Ibex writes its FSMs: the states' units and
//		wq_host_seq compute every *_d, and the always blocks at the
//		end of this file, one a register group, take them.
//
//		Its parts are the states' units -- wq_host_idle (outside a
//		step), wq_host_gp (the entry and the GP fetch), wq_host_hdr
//		(the segment walk), wq_host_method and wq_host_fast (the
//		method, the one-cycle step), wq_host_sem (SEM_EXECUTE),
//		wq_host_launch (LAUNCH), wq_host_leave (the way out) -- each
//		the next state of the states it owns, and wq_host_seq, which
//		applies their decisions to the registers, and wq_host_chnext,
//		to the step's channel's fields.  A decision another unit of
//		wq_host_if takes (the current channel's switch, the records,
//		the semaphore unit's operands) leaves on its own port.
//
//	Ports keep the register's name: o_hs is hs, o_rdata_q_d the next
//	value of a register kept elsewhere.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"
`include "wq_host_hpre.vh"

// (its next-state logic is one part of its parent's cycle, its inputs
// the other units' combinational outputs: scripts/area.sh maps it inside
// the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_step #(
		parameter	CHANNELS = 4,
		parameter	FAST = 1,
		parameter [31:0] HOST_SLICE_RESET = 64,
		parameter	CW = (CHANNELS > 1) ? $clog2(CHANNELS) : 1,
		parameter	RHW = 6,	// the retry hint's width (wq_host_if)
		parameter	PF_LG = 3,	// the read-ahead FIFO's depth, log2
		parameter	DR = 0,		// the stored descriptor in the channel RAM
		parameter	LD_LINE = 0	// line-wide descriptor reads
	) (
		input	wire		i_clk, i_reset,
		// the registers the step reads but others write: the word read (u_mem's rdata_q, the method's data)
		input	wire	[31:0]	i_mdata, i_sem_word,
		// the GP step's read of GPFIFO_BASE (u_mem's ma_gp: on the channel RAM's read port), a CSR write (H_CSR2) drops its copy
		input	wire		i_ma_gp, i_csr_we,
		// the record's channel (its GP_GET and error code, read for the record)
		input	wire	[CW-1:0]	i_ev_ch,
		// the channel RAM's read word, the CSR decode and a CSR write's next state (u_chan)
		input	wire	[31:0]	i_cm_rd, i_cw_wd,
		input	wire		i_csr_is_ch, i_csr_bad, i_cw_clr, i_cw_reset,
					i_cw_ram, i_cw_base, i_cw_lgc, i_cw_rh, i_cw_ne,
					i_cw_wen, i_cw_en, i_cw_st, i_cw_err, i_c_put_ne,
		input	wire	[CW-1:0]	i_cc,
		input	wire	[AW-1:0]	i_csr_ra, i_cw_wa,
		input	wire	[5:0]	i_cw_lgc_v,
		input	wire	[3:0]	i_cw_st_v,
		input	wire	[7:0]	i_cw_err_v,
		// the host's reads (u_mem), the reads ahead (u_ra, u_fifo)
		input	wire		i_h_mem_valid, i_h_issued, i_w0_bad, i_lw_v,
					i_ld_line, i_h_rv, i_m_rv, i_pf_on, i_pf_mv,
					i_pf_busy, i_pf_cont, i_gq_mv, i_gq_use, i_gp_both,
					i_gp_rv1, i_gp_w0b, i_gb_hit,
		input	wire	[31:0]	i_h_mem_addr, i_rdata_q, i_ma_sum, i_pf_head,
					i_gq_w0, i_gq_w1,
		input	wire	[`WQ_HQ_W-1:0]	i_pf_head_k,	// the head's fields
		input	wire	[4:0]	i_lreq, i_lidx,
		input	wire	[1:0]	i_wr_pend,
		input	wire	[PF_LG:0]	i_pf_n,
		// the scheduler's decisions (u_sched) and the current channel and slice (u_slice)
		input	wire	[CHANNELS-1:0]	i_has_work,
		input	wire	[CW-1:0]	i_cur_ch, i_cand,
		input	wire		i_nx_same,	// the next step is sc's (u_sched's)
		input	wire		i_cand_acq,	// the candidate is in ACQ_WAIT (u_sched's)
		input	wire	[3:0]	i_cand_st,	// ... its state, segment flag and
		input	wire		i_cand_seg, i_cand_ne,	// GP_GET != GP_PUT (u_sched's)
		input	wire	[CW:0]	i_nx_cur, i_nx_sc,
		input	wire		i_want, i_dq_due, i_sl_inc, i_why_v, i_nx_run,
					i_nx_more, i_sl_fresh, i_sl_end, i_hs_zero,
		input	wire	[31:0]	i_dq_rem, i_slu_q,
		input	wire		i_sl_eq_q,
		input	wire	[7:0]	i_why,
		// the semaphore unit (u_sem) and the launch checker (u_desc)
		input	wire		i_sem_done, i_sem_pass, i_sem_bad_op,
					i_sem_bad_red, i_lc_done, i_lc_ok,
		input	wire	[3:0]	i_lc_ridx,
		// the ports: the warp scheduler, the lock, the CSR sub-port, the descriptor's read, the memory
		input	wire		i_engine_idle, i_can_launch, i_ev_gnt, i_ev_wait,
					i_csr_valid, i_ld_rd, i_mem_ready,
		input	wire	[2:0]	i_csr_wlo,	// the CSR write's low bits (GPFIFO_BASE[2:0])
		input	wire	[31:0]	i_mem_rdata,
		input	wire	[3:0]	i_ld_idx,
		// the step's registers (below: the sequencer's state, the channel RAM's ports, the method, the ports' pulses)
		output	wire	[5:0]	o_hs, o_mem_ret, o_rd_ret,
		output	wire	[CW-1:0]	o_sc,
		output	wire	[`WQ_STEP_W-1:0]	o_res,
		output	wire	[AW-1:0]	o_cm_ra, o_cm_wa,
		output	wire	[31:0]	o_now, o_gt, o_cm_wd, o_att_q, o_perf_q,
		output	wire		o_csr_pend, o_gwrap, o_cm_we, o_sem_start, o_sem_active,
					o_lc_start, o_yielded, o_gb_rdy,
					o_ld_rdy, o_gs_run,
		output	wire	[13:0]	o_moff,
		output	wire	[`WQ_MH_SUBCH_W-1:0]	o_msub,
		// H_DUE's dispatch (dst_q, dseg_q, dne_q: the step's channel's state, segment flag and GP_GET != GP_PUT there), for the reads ahead's start
		output	wire	[3:0]	o_dst_q,
		output	wire		o_dseg_q, o_dne_q,
		// the step's channel's GP_GET + 1 (o_getnx) and registered (o_getnx_q, H_LVW's advance); GPFIFO_BASE's copy (o_gb_q, of channel o_gb_ch, while o_gb_v), for the reads ahead and the records
		output	wire	[15:0]	o_getnx, o_getnx_q,
		// what the leave decision tests of the step's channel, registered a cycle ahead (its state, it has work, it is RUNNABLE: the channel's in H_LEAVE), for the scheduler
		output	wire	[3:0]	o_lv_st_q,
		output	wire		o_lv_hw_q, o_lv_run_q,
		output	wire	[31:3]	o_gb_q,
		output	wire	[CW-1:0]	o_gb_ch,
		output	wire		o_gb_v,
		// ... and wq_host_if's ports' (the lock request, the step, the CSR answer, the launch, the interrupts)
		output	wire		o_ev_req, o_step_valid, o_step_more, o_csr_ack, o_csr_err,
					o_launch_valid, o_irq_chan_error, o_irq_non_stall,
		output	wire	[`WQ_STEP_W-1:0]	o_step_res,
		// from the registers: acq_attempts + 1 (att_nx: the one incrementer), a step beginning
		output	wire	[31:0]	o_att_nx,
		output	wire		o_g_start,
		// the next values of the registers others keep: the host's reads' (u_mem)
		output	wire	[31:0]	o_h_mem_addr_d, o_rdata_q_d,
		output	wire		o_h_mem_valid_d, o_h_issued_d, o_ld_line_d, o_w0_bad_d,
		output	wire	[4:0]	o_lreq_d, o_lidx_d,
		// the per-channel state (u_cst, inside): every channel's fields the scheduler and the CSR decode look at all at once (channel c at [W*c +: W]) ...
		output	wire	[CHANNELS-1:0]	o_gp_ne_all, o_in_seg_all,
		output	wire	[4*CHANNELS-1:0]	o_state_all,
		output	wire	[3*CHANNELS-1:0]	o_base_lo_all,
		output	wire	[RHW*CHANNELS-1:0]	o_acq_rh_all,
		// ... the step's channel's (for the CSR decode, the reads ahead, the records, the retry rule), GP_GET of the current channel, GP_GET and the error code of the record's channel
		output	wire	[15:0]	o_gp_get_s, o_cur_gp_get, o_ev_gp_get,
		output	wire		o_gp_ne_s, o_ctrl_en_s, o_in_seg_s, o_cfg_bad_s,
		output	wire	[3:0]	o_chan_state_s, o_wait_kind_s,
		output	wire	[7:0]	o_err_s, o_ev_err,
		output	wire	[5:0]	o_gp_lgc_s,
		output	wire	[2:0]	o_gp_base_lo_s,
		output	wire	[1:0]	o_acq_wr_s,
		output	wire	[`WQ_GP_ADDR_W-1:0]	o_seg_addr_s,
		output	wire	[`WQ_GP_LENGTH_W-1:0]	o_seg_rem_s,
		// the decisions the other units take (the slice, the records, the semaphore unit's operands, the checker's start)
		output	wire		o_ix_switch, o_ix_answer, o_gh_fast, o_fm_fire,
					o_fm_sl_eq, o_fm_end, o_sx_emit,
					o_sem_ld, o_lx_launch, o_lv_error, o_lv_adv,
					o_lv_sl_inc, o_lv_switch, o_lv_fresh,
		output	wire	[`WQ_MH_SUBCH_W-1:0]	o_gh_fs_sub,
		output	wire	[31:0]	o_gh_fs_d,
		output	wire	[13:0]	o_nm_off,
		output	wire	[`WQ_M_W-1:0]	o_nm_m,
		output	wire	[31:0]	o_fm_slu1,
		output	wire	[7:0]	o_sx_kind,
		output	wire	[15:0]	o_sx_aux,
		output	wire	[1:0]	o_sem_ld_sel
	);

	localparam	CA = (CW < 2) ? 2 : CW;
	localparam	AW = 4 + CA;	// the channel RAM's address (wq_host_map.vh)
	// verilator lint_off UNUSEDPARAM
`include "wq_host_states.vh"
`include "wq_host_map.vh"
	// verilator lint_on UNUSEDPARAM

	// ---- the step's registers (their meaning: wq_host_if's declarations
	// of the wires it takes them on) and their next values (u_seq's)
	reg	[5:0]	hs, mem_ret, rd_ret;
	reg	[CW-1:0]	sc;
	reg	[`WQ_STEP_W-1:0]	res, step_res;
	reg	[AW-1:0]	swp, cm_ra, cm_wa;
	reg	[31:0]	now, gt, cm_wd, att_q, perf_q;
	reg		csr_pend, gwrap, cm_we, sem_start, sem_active, lc_start, yielded,
			pm_pend, gt_w, gb_rdy, ld_rdy, gs_run, sem_endwait;
	reg	[13:0]	moff;
	reg	[`WQ_MH_SUBCH_W-1:0]	msub;
	reg		ev_req, step_valid, step_more, csr_ack, csr_err, launch_valid,
			irq_chan_error, irq_non_stall;
	wire	[5:0]	hs_d, mem_ret_d, rd_ret_d;
	wire	[CW-1:0]	sc_d;
	wire	[`WQ_STEP_W-1:0]	res_d, step_res_d;
	wire	[AW-1:0]	swp_d, cm_ra_d, cm_wa_d;
	wire	[31:0]	now_d, cm_wd_d, att_q_d, perf_q_d;
	wire		csr_pend_d, gwrap_d, cm_we_d, sem_start_d, sem_active_d, lc_start_d,
			yielded_d, pm_pend_d, gt_w_d, gb_rdy_d, ld_rdy_d, gs_run_d, sem_endwait_d;
	wire	[13:0]	moff_d;
	wire	[`WQ_MH_SUBCH_W-1:0]	msub_d;
	wire		ev_req_d, step_valid_d, step_more_d, csr_ack_d, csr_err_d,
			launch_valid_d, irq_chan_error_d, irq_non_stall_d;
	assign	{o_hs, o_mem_ret, o_rd_ret, o_sc, o_res, o_step_res} =
		{hs, mem_ret, rd_ret, sc, res, step_res};
	assign	{o_cm_ra, o_cm_wa, o_now, o_gt, o_cm_wd, o_att_q, o_perf_q} =
		{cm_ra, cm_wa, now, gt, cm_wd, att_q, perf_q};
	assign	{o_csr_pend, o_gwrap, o_cm_we, o_sem_start, o_sem_active, o_lc_start,
		o_yielded, o_gb_rdy, o_ld_rdy, o_gs_run} =
		{csr_pend, gwrap, cm_we, sem_start, sem_active, lc_start,
		yielded, gb_rdy, ld_rdy, gs_run};
	assign	{o_moff, o_msub} = {moff, msub};
	assign	{o_ev_req, o_step_valid, o_step_more, o_csr_ack, o_csr_err, o_launch_valid,
		o_irq_chan_error, o_irq_non_stall} =
		{ev_req, step_valid, step_more, csr_ack, csr_err, launch_valid,
		irq_chan_error, irq_non_stall};

	// acq_attempts + 1: one incrementer for the attempt's write, test and
	// record, PERF_METHODS' count and the slice count (att_q holds each
	// in turn)
	wire	[31:0]	att_nx = att_q + 32'h1;
	assign	o_att_nx = att_nx;
	wire		now_wrap = (now == 32'hffffffff);
	// A step begins on a fresh grant, or right after a step that kept
	// the lock (o_step_more, up with o_step_valid: the top leaves the
	// lock with the host), in the cycle of that step's pulse.  Either is
	// a tick of the model, whose `ticks` is this cycle.
	wire	g_start = (hs == H_IDLE) && i_ev_gnt
			&& (!step_valid || (FAST != 0 && step_more));
	assign	o_g_start = g_start;

	// ---- the per-channel state (wq_host_cst, u_cst below): the step's
	// channel's fields as u_cst reads them at sc (*_s) and their next
	// values (*_d, u_chnx's), which u_cst writes at sc every cycle
	wire	[15:0]	gp_get_s, gp_get_d;
	wire		gp_ne_s, ctrl_en_s, in_seg_s, gp_ne_d, ctrl_en_d, in_seg_d;
	wire	[3:0]	chan_state_s, wait_kind_s, chan_state_d, wait_kind_d;
	wire	[7:0]	err_s, err_d;
	wire	[5:0]	gp_lgc_s, gp_lgc_d;
	wire	[2:0]	gp_base_lo_s, gp_base_lo_d;
	wire	[1:0]	acq_wr_s, wait_method_s, acq_wr_d, wait_method_d;
	wire	[RHW-1:0]	acq_rh_s, acq_rh_d;
	wire	[`WQ_GP_ADDR_W-1:0]	seg_addr_s, seg_addr_d;
	wire	[`WQ_GP_LENGTH_W-1:0]	seg_rem_s, seg_rem_d;
	wire	[`WQ_MH_ADDRESS_W-1:0]	m_addr_s, m_addr_d;
	wire	[`WQ_MH_COUNT_W-1:0]	m_count_s, m_count_d;
	wire		m_one_s, m_one_d, gh_m_one;	// the count is 1
	// (u_cst's flip-flop copies, for u_fast's verdict: equal while sc
	// stays, wk_ok; a grant changes sc, and H_DUE follows it, no walk)
	wire	[`WQ_MH_ADDRESS_W-1:0]	m_addr_wk;
	wire		m_one_wk, wk_ok;
	wire	[`WQ_SECOP_W-1:0]	m_secop_s, m_secop_d;
	wire	[`WQ_MH_SUBCH_W-1:0]	m_subch_s, m_subch_d;
	wire	[CHANNELS-1:0]	ctrl_en_all;
	wire	[8*CHANNELS-1:0]	err_all;
	// verilator lint_off UNUSEDSIGNAL
	// (the formal section's; sx2_go, H_SEMX2's early load of the
	// semaphore unit, is wq_host_sem's own: the address adder takes
	// SEM_ADDR_LO in H_SEMX2 by the state alone, wq_host_mem)
	wire	sx2_go;
	wire	unused_all = &{1'b0, ctrl_en_all, err_all, sx2_go};
	// verilator lint_on UNUSEDSIGNAL
	assign	{o_gp_get_s, o_gp_ne_s, o_ctrl_en_s, o_in_seg_s, o_chan_state_s,
		o_wait_kind_s, o_err_s, o_gp_lgc_s, o_gp_base_lo_s, o_acq_wr_s,
		o_seg_addr_s, o_seg_rem_s} =
		{gp_get_s, gp_ne_s, ctrl_en_s, in_seg_s, chan_state_s,
		wait_kind_s, err_s, gp_lgc_s, gp_base_lo_s, acq_wr_s,
		seg_addr_s, seg_rem_s};

	// What H_DUE dispatches on (the state, also H_DUE2's; the segment
	// flag; GP_GET != GP_PUT), registered: the grant's channel's
	// (u_sched's candidate, the channel the grant makes sc, its fields
	// from the pick's one-hot), else the step's channel's a cycle behind
	// -- nothing writes them between the grant or the burst's H_LEAVE
	// and those states (the FORMAL section asserts them the channel's
	// there), so the dispatch is not behind u_cst's read at the sc the
	// grant has just written
	reg	[3:0]	dst_q;
	reg		dseg_q, dne_q;
	always @(posedge i_clk)
	begin
		dst_q  <= g_start ? i_cand_st : chan_state_s;
		dseg_q <= g_start ? i_cand_seg : in_seg_s;
		dne_q  <= g_start ? i_cand_ne : gp_ne_s;
	end
	assign	{o_dst_q, o_dseg_q, o_dne_q} = {dst_q, dseg_q, dne_q};
	// What the way out tests of the step's channel (wq_host_leave: its
	// segment flag, m_count == 0 and seg_rem == 0 for H_LVW's advance,
	// m_count == 0 for H_LEAVE's walk state), registered a cycle ahead:
	// H_LVW follows H_AW or H_METHOD and H_LEAVE follows H_LVW, H_LV2,
	// H_METHOD or itself, none of which writes the fields read there
	// (nor sc; H_LVW's advance clears the segment flag, which H_LVW
	// alone reads), so the registers hold the channel's fields where
	// u_leave reads them (the FORMAL section asserts it) and the advance
	// is not behind u_cst's read and the 21-bit zero test
	reg		lv_seg_q, lv_mcz_q, lv_srz_q;
	// Likewise the channel's ACQ_WAIT that H_SEMW's failed acquire tests
	// (wq_host_sem's i_waiting): H_SEMW follows H_SL5 or itself, and
	// only its last cycle (the unit's answer) writes the state
	reg		sx_wt_q;
	always @(posedge i_clk)
	begin
		lv_seg_q <= in_seg_s;
		lv_mcz_q <= (m_count_s == 0);
		lv_srz_q <= (seg_rem_s == 0);
		sx_wt_q  <= (chan_state_s == `WQ_CH_ACQ_WAIT);
	end

	// GP_GET + 1 of the step's channel, in a ring of 2^log2 entries
	// (log2 <= 16 when enabled; lgc is the clamped copy), for the entry
	// read ahead (wq_host_fifo's gq) and registered: H_LVW advances
	// GP_GET with the value H_AW computed the cycle before (the same sc
	// and GP_GET), so the advance's compare does not wait for the
	// channel multiplexer and incrementer
	function [15:0] gp_next;
		input	[15:0]	get;
		input	[5:0]	lgc;
		// verilator lint_off UNUSEDSIGNAL
		reg	[16:0]	m;
		// verilator lint_on UNUSEDSIGNAL
		begin
			m = (lgc >= 6'd16) ? 17'h0ffff : ~(17'h1ffff << lgc[4:0]);
			gp_next = (get + 16'h1) & m[15:0];
		end
	endfunction
	wire	[15:0]	getnx = gp_next(gp_get_s, gp_lgc_s);
	reg	[15:0]	getnx_q;
	always @(posedge i_clk)
		getnx_q <= getnx;
	// GP_GET != GP_PUT after the advance, with GP_PUT on cm_rd (H_LVW:
	// read for it in H_AFTER; GP_GET < 2^16)
	wire		nx_ne = (i_cm_rd[31:16] != 16'h0) || (getnx_q != i_cm_rd[15:0]);

	// GPFIFO_BASE as the GP step reads it (i_ma_gp: on cm_rd), for the
	// entry read ahead and a burst's GP stream; a CSR write may change it
	// (only while the channel is disabled), so any drops it
	reg	[31:3]	gb_q;		// GPFIFO_BASE of gb_ch (8-aligned: the
					// channel is enabled)
	reg	[CW-1:0]	gb_ch;
	reg		gb_v;
	always @(posedge i_clk)
	if (i_reset || FAST == 0)
		gb_v <= 1'b0;
	else if (hs == H_CSR2 && i_csr_we)
		gb_v <= 1'b0;
	else if (i_ma_gp)
	begin
		gb_v  <= 1'b1;
		gb_q  <= i_cm_rd[31:3];
		gb_ch <= sc;
	end
	assign	{o_getnx, o_getnx_q, o_gb_q, o_gb_ch, o_gb_v} = {getnx, getnx_q, gb_q, gb_ch, gb_v};
`ifndef SYNTHESIS
`ifndef FORMAL
`ifndef YOSYS
	// (not under Yosys at all: the launch port's formal jobs read this
	// unit without FORMAL, and Yosys refuses $stop)
	// (the FORMAL section's job runs with one channel, whose sc never
	// changes; the lockstep benches, with several, check the same in
	// simulation and stop at the first cycle it fails)
	always @(posedge i_clk)
	if (!i_reset)
	begin
		if ((hs == H_HDR || hs == H_DATA) && (!wk_ok
				|| !((chan_state_s == `WQ_CH_RUNNABLE) && i_has_work[sc])))
		begin
			$display("wq_host_step: channel %0d is in state %0d (work %b, walk's copies %b) in the segment walk's state %0d",
				sc, chan_state_s, i_has_work[sc], wk_ok, hs);
			$stop;
		end
		if ((hs == H_DUE && (dst_q != chan_state_s || dseg_q != in_seg_s
				|| dne_q != gp_ne_s)) || (hs == H_DUE2 && dst_q != chan_state_s))
		begin
			$display("wq_host_step: dst_q %0d dseg_q %b dne_q %b are not channel %0d's %0d %b %b in state %0d",
				dst_q, dseg_q, dne_q, sc, chan_state_s, in_seg_s, gp_ne_s, hs);
			$stop;
		end
		if (hs == H_LEAVE && (lv_st_q != chan_state_s || lv_hw_q != i_has_work[sc]
				|| lv_run_q != (chan_state_s == `WQ_CH_RUNNABLE)))
		begin
			$display("wq_host_step: lv_st_q %0d lv_hw_q %b lv_run_q %b are not channel %0d's %0d %b in H_LEAVE",
				lv_st_q, lv_hw_q, lv_run_q, sc, chan_state_s, i_has_work[sc]);
			$stop;
		end
		if ((hs == H_LVW && (lv_seg_q != in_seg_s || lv_srz_q != (seg_rem_s == 0)))
				|| ((hs == H_LVW || hs == H_LEAVE) && lv_mcz_q != (m_count_s == 0))
				|| (hs == H_SEMW && sx_wt_q != (chan_state_s == `WQ_CH_ACQ_WAIT)))
		begin
			$display("wq_host_step: lv_seg_q %b lv_mcz_q %b lv_srz_q %b sx_wt_q %b are not channel %0d's in state %0d",
				lv_seg_q, lv_mcz_q, lv_srz_q, sx_wt_q, sc, hs);
			$stop;
		end
	end
`endif
`endif
`endif

	// the states' units' decisions, applied by u_seq and u_chnx
	wire	[5:0]	ix_hs, gx_hs, gx_ret, gx_mr_ret, gh_hs, gh_mr_ret, sx_hs, sx_ret;
	wire	[5:0]	lx_hs, lx_ret, lv_hs;
	wire	ix_sc_w, ix_swp_w, ix_ram_w, ix_clr, ix_pend_w, ix_pend, ix_ra_w, ix_ldw;
	wire	ix_req_w, ix_req, ix_grant, ix_empty, gx_ra_w, gx_ret_w, gx_res_w, gx_st_w;
	wire	gx_end_wait, gx_ldr_clr, gx_att_w, gx_rh_w, gx_wait_pulse, gx_rdq_w;
	wire	gx_sew_w, gx_sew, gx_ram_w, gx_w0_w, gx_err_w, gx_seg, gx_sst, gx_rds, gx_dwd, gx_dw_w;
	wire	gx_mr, gh_srem_w, gh_saddr_w, gh_rdq_w, gh_ra_w, gh_mr, gh_hma_w, gh_res_w;
	wire	gh_err_w, gh_m_w, gh_mo_w, gh_att_w, gh_pm_pend, gh_ldr_w, gh_ldr;
	wire	md_unknown, md_irq, md_ram, md_wait, md_sem, md_launch, md_yield, nm_early;
	wire	nm_launch, nd_irq, nd_ram, sx_ra_w, sx_ret_w, sx_err_w, sx_ram_w;
	wire	sx_wait_w, sx_end_wait, sx_res_w, sx_start, sx_act_w, sx_act;
	wire	sx_endwait_clr, sx_att_w, sx_att_sl, sx_ma_w, sx_stamp, lx_ra_w, lx_ret_w;
	wire	lx_err_w, lx_ram_w, lx_sst, lx_line, lx_rds, lx_lc_start, lv_ra_w;
	wire	lv_att_w, lv_leave, lv_gt_w, lv_gs;
	wire	[CW-1:0]	ix_sc;
	wire	[AW-1:0]	ix_swp, ix_ram_a, ix_ra, gx_ra, gh_ra, sx_ra, lx_ra;
	wire	[AW-1:0]	lx_ram_a, lv_ra;
	wire	[31:0]	ix_ram_d, gx_ram_d, gx_w0, gh_rdq, gh_ma, gh_einfo, gh_att;
	wire	[31:0]	fm_perf, sx_ram_d, lx_ram_d, lv_att;
	wire	[`WQ_STEP_W-1:0]	gx_res, sx_res;
	wire	[3:0]	gx_st, gx_ram_f, md_f, md_wk, nd_f, sx_ram_f, sx_wait_st;
	wire	[RHW-1:0]	gx_rh;
	wire	[7:0]	gx_err, gh_err, sx_err;
	wire	[`WQ_GP_LENGTH_W-1:0]	gx_len, gh_srem;
	wire	[`WQ_GP_ADDR_W-1:0]	gh_saddr;
	wire	[`WQ_MH_ADDRESS_W-1:0]	gh_m_addr;
	wire	[`WQ_MH_COUNT_W-1:0]	gh_m_count;
	wire	[`WQ_SECOP_W-1:0]	gh_m_secop;
	wire	[`WQ_MH_SUBCH_W-1:0]	gh_m_subch, gh_msub;
	wire	[13:0]	gh_moff;
	wire	[4:0]	lx_rds_n;

	// the states outside a step: the reset sweep, the pick and the grant,
	// a CSR access (wq_host_idle, docs/rtl/wq_host_idle.md)
	wq_host_idle #(.CHANNELS(CHANNELS), .CW(CW), .FAST(FAST), .DR(DR ? 1 : 0), .HOST_SLICE_RESET(HOST_SLICE_RESET)) u_idle (
		.i_hs(hs), .i_sc(sc), .i_swp(swp), .i_csr_valid(i_csr_valid),
		.i_csr_pend(csr_pend), .i_csr_ack(csr_ack), .i_ev_gnt(i_ev_gnt),
		.i_g_start(g_start), .i_want(i_want), .i_ld_rd(i_ld_rd),
		.i_ld_idx(i_ld_idx), .i_cur_ch(i_cur_ch), .i_has_cur(i_has_work[i_cur_ch]),
		.i_nx_cur(i_nx_cur), .i_cand(i_cand),
		.i_cand_acq(i_cand_acq), .i_csr_ra(i_csr_ra),
		.i_csr_is_ch(i_csr_is_ch), .i_cc(i_cc), .i_cw_clr(i_cw_clr), .o_hs(ix_hs),
		.o_sc_w(ix_sc_w), .o_sc(ix_sc), .o_swp_w(ix_swp_w), .o_swp(ix_swp),
		.o_ram_w(ix_ram_w), .o_ram_a(ix_ram_a), .o_ram_d(ix_ram_d), .o_clr(ix_clr),
		.o_pend_w(ix_pend_w), .o_pend(ix_pend), .o_ra_w(ix_ra_w), .o_ra(ix_ra),
		.o_ldw(ix_ldw), .o_req_w(ix_req_w), .o_req(ix_req), .o_grant(ix_grant),
		.o_switch(o_ix_switch), .o_empty(ix_empty), .o_answer(o_ix_answer));

	// the step's entry, the acquire retry rule, the GP fetch (wq_host_gp,
	// docs/rtl/wq_host_gp.md)
	wq_host_gp #(.FAST(FAST), .CW(CW), .RHW(RHW)) u_gp (
		.i_hs(hs), .i_sc(sc), .i_state(dst_q), .i_in_seg(dseg_q),
		.i_gp_ne(dne_q), .i_mc_zero(m_count_s == 0),
		.i_wmeth(wait_method_s), .i_engine_idle(i_engine_idle),
		.i_can_launch(i_can_launch), .i_rd(i_cm_rd), .i_rdata(i_rdata_q),
		.i_mem_rdata(i_mem_rdata), .i_dq_due(i_dq_due), .i_dq_rem(i_dq_rem),
		.i_pf_on(i_pf_on), .i_gs_run(gs_run), .i_gb_rdy(gb_rdy),
		.i_gq_use(i_gq_use), .i_gq_w0(i_gq_w0), .i_gq_w1(i_gq_w1),
		.i_w0_bad(i_w0_bad), .i_lw_v(i_lw_v), .i_rv1(i_gp_rv1), .i_both(i_gp_both),
		.i_w0b(i_gp_w0b), .o_hs(gx_hs), .o_ra_w(gx_ra_w), .o_ra(gx_ra),
		.o_ret_w(gx_ret_w), .o_ret(gx_ret), .o_res_w(gx_res_w), .o_res(gx_res),
		.o_st_w(gx_st_w), .o_st(gx_st), .o_end_wait(gx_end_wait),
		.o_ldr_clr(gx_ldr_clr), .o_att_w(gx_att_w), .o_rh_w(gx_rh_w), .o_rh(gx_rh),
		.o_wait_pulse(gx_wait_pulse), .o_rdq_w(gx_rdq_w), .o_sew_w(gx_sew_w),
		.o_sew(gx_sew), .o_ram_w(gx_ram_w), .o_ram_f(gx_ram_f), .o_ram_d(gx_ram_d), .o_dwd(gx_dwd), .o_dw_w(gx_dw_w),
		.o_w0_w(gx_w0_w), .o_w0(gx_w0), .o_err_w(gx_err_w), .o_err(gx_err),
		.o_seg(gx_seg), .o_len(gx_len), .o_sst(gx_sst), .o_rds(gx_rds),
		.o_mr(gx_mr), .o_mr_ret(gx_mr_ret));

	// the segment walk: headers, data words, the one-cycle step's start
	// (wq_host_hdr, docs/rtl/wq_host_hdr.md)
	wq_host_hdr #(.FAST(FAST), .CW(CW)) u_hdr (
		.i_hs(hs), .i_sc(sc), .i_seg_rem(seg_rem_s),
		.i_seg_addr(seg_addr_s), .i_m_addr(m_addr_s), .i_m_count(m_count_s), .i_m_one(m_one_s),
		.i_m_secop(m_secop_s), .i_m_subch(m_subch_s), .i_pf_nz(i_pf_n != 0),
		.i_pf_head(i_pf_head), .i_pf_k(i_pf_head_k), .i_rdata(i_rdata_q), .i_rd(i_cm_rd),
		.i_perf(perf_q), .i_ma_word(i_ma_sum[31:`WQ_GP_ADDR_LO]),
		.i_nm_early(nm_early), .i_nm_launch(nm_launch), .i_fm_fire(o_fm_fire),
		.o_hs(gh_hs), .o_srem_w(gh_srem_w), .o_srem(gh_srem),
		.o_saddr_w(gh_saddr_w), .o_saddr(gh_saddr), .o_rdq_w(gh_rdq_w),
		.o_rdq(gh_rdq), .o_ra_w(gh_ra_w), .o_ra(gh_ra), .o_mr(gh_mr),
		.o_hma_w(gh_hma_w), .o_ma(gh_ma), .o_mr_ret(gh_mr_ret), .o_res_w(gh_res_w),
		.o_err_w(gh_err_w), .o_err(gh_err), .o_einfo(gh_einfo), .o_m_w(gh_m_w),
		.o_m_addr(gh_m_addr), .o_m_count(gh_m_count), .o_m_one(gh_m_one), .o_m_secop(gh_m_secop),
		.o_m_subch(gh_m_subch), .o_mo_w(gh_mo_w), .o_moff(gh_moff),
		.o_msub(gh_msub), .o_att_w(gh_att_w), .o_att(gh_att),
		.o_pm_pend(gh_pm_pend), .o_ldr_w(gh_ldr_w), .o_ldr(gh_ldr),
		.o_fast(o_gh_fast), .o_fs_sub(o_gh_fs_sub), .o_fs_d(o_gh_fs_d));

	// the method decode of H_METHOD's method, moff (wq_host_method,
	// docs/rtl/wq_host_method.md; the instance uses the outputs it names)
	/* verilator lint_off PINCONNECTEMPTY */
	wq_host_method u_meth (
		.i_off(moff), .i_engine_idle(i_engine_idle), .i_can_launch(i_can_launch),
		.o_unknown(md_unknown), .o_irq_ns(md_irq), .o_ram_w(md_ram),
		.o_ram_f(md_f), .o_wait(md_wait), .o_wait_kind(md_wk), .o_sem(md_sem),
		.o_launch(md_launch), .o_yield(md_yield), .o_plain());
	/* verilator lint_on PINCONNECTEMPTY */

	// (FAST) the one-cycle step: its verdict, the method about to run, the
	// step's slice and count (wq_host_fast, docs/rtl/wq_host_fast.md; its
	// own wq_host_method inside decodes that method)
	wq_host_fast #(.FAST(FAST)) u_fast (
		.i_hs(hs), .i_pf_head(i_pf_head), .i_pf_k(i_pf_head_k), .i_rdata_adr(i_rdata_q[`WQ_MH_ADDRESS_RANGE]),
		.i_pf_nz(i_pf_n != 0), .i_m_addr(m_addr_wk), .i_m_one(m_one_wk),
		.i_seg_rem(seg_rem_s), .i_engine_idle(i_engine_idle),
		.i_can_launch(i_can_launch), .i_ev_wait(i_ev_wait),
		.i_sl_fresh(i_sl_fresh), .i_slu(i_slu_q), .i_sl_eq(i_sl_eq_q),
		.i_hs_zero(i_hs_zero), .i_sl_end(i_sl_end), .i_nx_v(i_nx_sc[CW]),
		.i_perf(perf_q), .o_nm_off(o_nm_off), .o_nm_m(o_nm_m),
		.o_nm_early(nm_early), .o_nm_launch(nm_launch), .o_fire(o_fm_fire),
		.o_irq(nd_irq), .o_ram_w(nd_ram), .o_ram_f(nd_f), .o_slu(o_fm_slu1),
		.o_sl_eq(o_fm_sl_eq), .o_end(o_fm_end), .o_perf(fm_perf));

	// SEM_EXECUTE: the semaphore unit's operands, start and verdict
	// (wq_host_sem, docs/rtl/wq_host_sem.md)
	wq_host_sem #(.FAST(FAST), .CW(CW)) u_semx (
		.i_hs(hs), .i_sc(sc), .i_word(i_sem_word), .i_rd(i_cm_rd), .i_gt(gt),
		.i_engine_idle(i_engine_idle), .i_pf_busy(i_pf_busy), .i_done(i_sem_done),
		.i_pass(i_sem_pass), .i_bad(i_sem_bad_red || i_sem_bad_op),
		.i_endwait(sem_endwait), .i_att(att_q), .i_att_nx(att_nx),
		.i_waiting(sx_wt_q), .o_hs(sx_hs), .o_ra_w(sx_ra_w),
		.o_ra(sx_ra), .o_ret_w(sx_ret_w), .o_ret(sx_ret), .o_err_w(sx_err_w),
		.o_err(sx_err), .o_ram_w(sx_ram_w), .o_ram_f(sx_ram_f), .o_ram_d(sx_ram_d),
		.o_wait_w(sx_wait_w), .o_wait_st(sx_wait_st), .o_end_wait(sx_end_wait),
		.o_res_w(sx_res_w), .o_res(sx_res), .o_emit(o_sx_emit),
		.o_emit_kind(o_sx_kind), .o_emit_aux(o_sx_aux), .o_start(sx_start),
		.o_act_w(sx_act_w), .o_act(sx_act), .o_endwait_clr(sx_endwait_clr),
		.o_att_w(sx_att_w), .o_att_sl(sx_att_sl), .o_ma_w(sx_ma_w),
		.o_stamp(sx_stamp), .o_sx2_go(sx2_go), .o_ld(o_sem_ld),
		.o_ld_sel(o_sem_ld_sel));

	// LAUNCH: the descriptor's stream, the checker, the launch (wq_host_launch,
	// docs/rtl/wq_host_launch.md)
	wq_host_launch #(.FAST(FAST), .CW(CW), .DR(DR ? 1 : 0), .LD_LINE(LD_LINE ? 1 : 0)) u_lnch (
		.i_hs(hs), .i_sc(sc), .i_rd(i_cm_rd), .i_ld_rdy(ld_rdy),
		.i_pf_mv(i_pf_mv), .i_gq_mv(i_gq_mv), .i_pf_busy(i_pf_busy),
		.i_lw_v(i_lw_v), .i_lidx(i_lidx), .i_ld_line(i_ld_line),
		.i_rdata(i_rdata_q), .i_lc_done(i_lc_done), .i_lc_ok(i_lc_ok),
		.i_lc_ridx(i_lc_ridx), .o_hs(lx_hs), .o_ra_w(lx_ra_w), .o_ra(lx_ra),
		.o_ret_w(lx_ret_w), .o_ret(lx_ret), .o_err_w(lx_err_w), .o_ram_w(lx_ram_w),
		.o_ram_a(lx_ram_a), .o_ram_d(lx_ram_d), .o_launch(o_lx_launch),
		.o_sst(lx_sst), .o_line(lx_line), .o_rds(lx_rds), .o_rds_n(lx_rds_n),
		.o_lc_start(lx_lc_start));

	// the way out of a step: error, GP_GET's advance, the slice, the leave
	// decision applied (wq_host_leave, docs/rtl/wq_host_leave.md)
	wq_host_leave #(.FAST(FAST), .CW(CW)) u_leave (
		.i_hs(hs), .i_sc(sc), .i_res(res), .i_in_seg(lv_seg_q),
		.i_mc_zero(lv_mcz_q), .i_sr_zero(lv_srz_q), .i_rd(i_cm_rd),
		.i_slu(i_slu_q), .i_fresh(i_sl_fresh), .i_pf_busy(i_pf_busy),
		.i_pf_cont(i_pf_cont), .i_wr_idle(i_wr_pend == 2'd0), .i_sl_inc(i_sl_inc),
		.i_why_v(i_why_v), .i_why(i_why), .i_nx_v(i_nx_sc[CW]),
		.i_nx_more(i_nx_more), .i_nx_run(i_nx_run), .i_nx_same(i_nx_same),
		.i_gb_hit(i_gb_hit), .o_hs(lv_hs), .o_ra_w(lv_ra_w), .o_ra(lv_ra),
		.o_att_w(lv_att_w), .o_att(lv_att), .o_error(o_lv_error), .o_adv(o_lv_adv),
		.o_leave(lv_leave), .o_sl_inc(o_lv_sl_inc), .o_switch(o_lv_switch),
		.o_fresh(o_lv_fresh), .o_gt_w(lv_gt_w), .o_gs(lv_gs));

	// What the leave decision tests of the step's channel (wq_host_sched:
	// its state for the switch's reason, whether it has work, whether it
	// is RUNNABLE), registered a cycle ahead, so the decision (and the
	// burst's, the reads ahead's and the slice's behind it) is not behind
	// u_cst's read at sc and every channel's work test.  H_LEAVE follows
	// H_LVW, H_LV2, H_METHOD, H_STAMP or itself; of these only H_LVW's
	// advance (out of the segment, GP_GET != GP_PUT as nx_ne says, the
	// state settled) and H_METHOD's wait (the wait's state) write the
	// fields read (wq_host_chnext), so the registers take those writes
	// as u_chnx makes them, else the channel's fields: the channel's
	// where H_LEAVE reads them (the FORMAL section asserts it)
	// (the wait, behind the method's decode, and GP_GET != GP_PUT after
	// the advance, behind its 32-bit compare, select last: a wait's
	// state, WFI_WAIT or LAUNCH_WAIT, has work and is not RUNNABLE; the
	// advance leaves the segment and settles IDLE or RUNNABLE by nx_ne
	// alone -- wq_host_map.vh's settle -- so a live channel has work
	// after it by nx_ne, a waiting one anyway)
	wire		lw_adv  = o_lv_adv;		// (H_LVW's only)
	wire		lw_wait = (hs == H_METHOD) && md_wait;
	wire		c_live  = (chan_state_s != `WQ_CH_DISABLED)
				&& (chan_state_s != `WQ_CH_ERROR);
	wire		c_wait  = (chan_state_s == `WQ_CH_ACQ_WAIT)
				|| (chan_state_s == `WQ_CH_WFI_WAIT)
				|| (chan_state_s == `WQ_CH_LAUNCH_WAIT);
	wire		c_ir    = (chan_state_s == `WQ_CH_IDLE)
				|| (chan_state_s == `WQ_CH_RUNNABLE);
	// wq_chan_has_work: enabled, not in error, and ring entries, an open
	// segment or a pending wait
	wire		c_hw    = c_live && (gp_ne_s || in_seg_s || c_wait);
	reg	[3:0]	lv_st_q;
	reg		lv_hw_q, lv_run_q;
	always @(posedge i_clk)
	begin
		lv_st_q  <= lw_wait ? md_wk
			: (lw_adv && c_ir) ? (nx_ne ? `WQ_CH_RUNNABLE : `WQ_CH_IDLE)
			: chan_state_s;
		lv_hw_q  <= lw_wait || (lw_adv ? (c_live && (nx_ne || c_wait)) : c_hw);
		lv_run_q <= !lw_wait && (lw_adv ? (c_ir && nx_ne)
			: (chan_state_s == `WQ_CH_RUNNABLE));
	end
	assign	{o_lv_st_q, o_lv_hw_q, o_lv_run_q} = {lv_st_q, lv_hw_q, lv_run_q};

	// the step sequencer's next state: the states' decisions above applied as
	// every register's next value, *_d (wq_host_seq, docs/rtl/wq_host_seq.md)
	wq_host_seq #(.FAST(FAST), .CW(CW)) u_seq (
		.i_att_nx(att_nx), .i_att_q(att_q), .i_cm_ra(cm_ra),
		.i_cm_rd(i_cm_rd), .i_cm_wa(cm_wa), .i_cm_wd(cm_wd),
		.i_csr_bad(i_csr_bad), .i_csr_pend(csr_pend), .i_cw_err(i_cw_err),
		.i_cw_ram(i_cw_ram), .i_cw_wa(i_cw_wa), .i_cw_wd(i_cw_wd),
		.i_fm_perf(fm_perf), .i_gb_q(gb_q), .i_gb_rdy(gb_rdy),
		.i_gh_att(gh_att), .i_gh_att_w(gh_att_w), .i_gh_einfo(gh_einfo),
		.i_gh_err_w(gh_err_w), .i_gh_fast(o_gh_fast), .i_gh_fs_d(o_gh_fs_d),
		.i_gh_hma_w(gh_hma_w), .i_gh_hs(gh_hs), .i_gh_ldr(gh_ldr),
		.i_gh_ldr_w(gh_ldr_w), .i_gh_ma(gh_ma), .i_gh_mo_w(gh_mo_w),
		.i_gh_moff(gh_moff), .i_gh_mr(gh_mr), .i_gh_mr_ret(gh_mr_ret),
		.i_gh_msub(gh_msub), .i_gh_pm_pend(gh_pm_pend), .i_gh_ra(gh_ra),
		.i_gh_ra_w(gh_ra_w), .i_gh_rdq(gh_rdq), .i_gh_rdq_w(gh_rdq_w),
		.i_gh_res_w(gh_res_w), .i_gs_run(gs_run), .i_gt_w(gt_w),
		.i_gwrap(gwrap), .i_gx_att_w(gx_att_w), .i_gx_hs(gx_hs),
		.i_gx_ldr_clr(gx_ldr_clr), .i_gx_mr(gx_mr), .i_gx_mr_ret(gx_mr_ret),
		.i_gx_ra(gx_ra), .i_gx_ra_w(gx_ra_w), .i_gx_ram_d(gx_ram_d), .i_gx_dwd(gx_dwd), .i_gx_dw_w(gx_dw_w),
		.i_gx_ram_f(gx_ram_f), .i_gx_ram_w(gx_ram_w), .i_gx_rdq_w(gx_rdq_w),
		.i_gx_rds(gx_rds), .i_gx_res(gx_res), .i_gx_res_w(gx_res_w),
		.i_gx_ret(gx_ret), .i_gx_ret_w(gx_ret_w), .i_gx_sew(gx_sew),
		.i_gx_sew_w(gx_sew_w), .i_gx_sst(gx_sst),
		.i_gx_w0_rsvd(gx_w0[`WQ_GP_RSVD0_RANGE]), .i_gx_w0_w(gx_w0_w),
		.i_gx_wait_pulse(gx_wait_pulse), .i_h_issued(i_h_issued),
		.i_h_mem_addr(i_h_mem_addr), .i_h_mem_valid(i_h_mem_valid),
		.i_h_rv(i_h_rv), .i_hs(hs), .i_mem_rdata(i_mem_rdata),
		.i_mem_ready(i_mem_ready), .i_ix_answer(o_ix_answer),
		.i_ix_empty(ix_empty), .i_ix_grant(ix_grant), .i_ix_hs(ix_hs),
		.i_ix_ldw(ix_ldw), .i_ix_pend(ix_pend), .i_ix_pend_w(ix_pend_w),
		.i_ix_ra(ix_ra), .i_ix_ra_w(ix_ra_w), .i_ix_ram_a(ix_ram_a),
		.i_ix_ram_d(ix_ram_d), .i_ix_ram_w(ix_ram_w), .i_ix_req(ix_req),
		.i_ix_req_w(ix_req_w), .i_ix_sc(ix_sc), .i_ix_sc_w(ix_sc_w),
		.i_ix_swp(ix_swp), .i_ix_swp_w(ix_swp_w), .i_ld_line(i_ld_line),
		.i_ld_rdy(ld_rdy), .i_lidx(i_lidx), .i_lreq(i_lreq), .i_lv_att(lv_att),
		.i_lv_att_w(lv_att_w), .i_lv_error(o_lv_error), .i_lv_gs(lv_gs),
		.i_lv_gt_w(lv_gt_w), .i_lv_hs(lv_hs), .i_lv_leave(lv_leave),
		.i_lv_ra(lv_ra), .i_lv_ra_w(lv_ra_w), .i_lv_sl_inc(o_lv_sl_inc),
		.i_lw_v(i_lw_v), .i_lx_hs(lx_hs), .i_lx_launch(o_lx_launch),
		.i_lx_lc_start(lx_lc_start), .i_lx_line(lx_line), .i_lx_ra(lx_ra),
		.i_lx_ra_w(lx_ra_w), .i_lx_ram_a(lx_ram_a), .i_lx_ram_d(lx_ram_d),
		.i_lx_ram_w(lx_ram_w), .i_lx_rds(lx_rds), .i_lx_rds_n(lx_rds_n),
		.i_lx_ret(lx_ret), .i_lx_ret_w(lx_ret_w), .i_lx_sst(lx_sst),
		.i_m_count_s(m_count_s), .i_m_rv(i_m_rv), .i_ma_sum(i_ma_sum),
		.i_md_f(md_f), .i_md_irq(md_irq), .i_md_launch(md_launch),
		.i_md_ram(md_ram), .i_md_sem(md_sem), .i_md_unknown(md_unknown),
		.i_md_wait(md_wait), .i_md_yield(md_yield), .i_mdata(i_mdata),
		.i_mem_ret(mem_ret), .i_moff(moff), .i_msub(msub), .i_nd_f(nd_f),
		.i_nd_irq(nd_irq), .i_nd_ram(nd_ram), .i_now(now),
		.i_now_wrap(now_wrap), .i_nx_more(i_nx_more), .i_csr_err(csr_err),
		.i_ev_req(ev_req), .i_step_res(step_res), .i_perf_q(perf_q),
		.i_pm_pend(pm_pend), .i_rd_ret(rd_ret), .i_rdata_q(i_rdata_q),
		.i_res(res), .i_s_get(gp_get_s), .i_sc(sc), .i_seg_rem_s(seg_rem_s),
		.i_sem_active(sem_active), .i_sem_endwait(sem_endwait),
		.i_sl_fresh(i_sl_fresh), .i_sl_used1(att_nx), .i_slu_q(i_slu_q),
		.i_swp(swp), .i_sx_act(sx_act), .i_sx_act_w(sx_act_w),
		.i_sx_att_sl(sx_att_sl), .i_sx_att_w(sx_att_w),
		.i_sx_endwait_clr(sx_endwait_clr), .i_sx_hs(sx_hs), .i_sx_ma_w(sx_ma_w),
		.i_sx_ra(sx_ra), .i_sx_ra_w(sx_ra_w), .i_sx_ram_d(sx_ram_d),
		.i_sx_ram_f(sx_ram_f), .i_sx_ram_w(sx_ram_w), .i_sx_res(sx_res),
		.i_sx_res_w(sx_res_w), .i_sx_ret(sx_ret), .i_sx_ret_w(sx_ret_w),
		.i_sx_start(sx_start), .i_w0_bad(i_w0_bad), .i_yielded(yielded),
		.o_mem_ret_d(mem_ret_d), .o_rd_ret_d(rd_ret_d), .o_sc_d(sc_d),
		.o_res_d(res_d), .o_swp_d(swp_d), .o_csr_pend_d(csr_pend_d),
		.o_cm_wa_d(cm_wa_d), .o_cm_ra_d(cm_ra_d),
		.o_h_mem_valid_d(o_h_mem_valid_d), .o_h_issued_d(o_h_issued_d),
		.o_ld_line_d(o_ld_line_d), .o_h_mem_addr_d(o_h_mem_addr_d),
		.o_rdata_q_d(o_rdata_q_d), .o_w0_bad_d(o_w0_bad_d), .o_lreq_d(o_lreq_d),
		.o_lidx_d(o_lidx_d), .o_sem_active_d(sem_active_d),
		.o_yielded_d(yielded_d), .o_pm_pend_d(pm_pend_d),
		.o_ld_rdy_d(ld_rdy_d), .o_gs_run_d(gs_run_d), .o_moff_d(moff_d),
		.o_msub_d(msub_d), .o_att_q_d(att_q_d),
		.o_sem_endwait_d(sem_endwait_d), .o_perf_q_d(perf_q_d),
		.o_ev_req_d(ev_req_d), .o_step_res_d(step_res_d),
		.o_csr_err_d(csr_err_d), .o_hs_d(hs_d), .o_now_d(now_d),
		.o_gwrap_d(gwrap_d), .o_cm_we_d(cm_we_d), .o_cm_wd_d(cm_wd_d),
		.o_sem_start_d(sem_start_d), .o_lc_start_d(lc_start_d),
		.o_gt_w_d(gt_w_d), .o_gb_rdy_d(gb_rdy_d),
		.o_step_valid_d(step_valid_d), .o_step_more_d(step_more_d),
		.o_csr_ack_d(csr_ack_d), .o_launch_valid_d(launch_valid_d),
		.o_irq_chan_error_d(irq_chan_error_d),
		.o_irq_non_stall_d(irq_non_stall_d));

	// the step's channel's next fields: wq_chan_* and start_wait / end_wait
	// from the states' decisions (wq_host_chnext, docs/rtl/wq_host_chnext.md);
	// u_cst writes them at sc
	wq_host_chnext #(.CW(CW), .RHW(RHW)) u_chnx (
		.i_hs(hs), .i_gp_get(gp_get_s), .i_gp_ne(gp_ne_s),
		.i_ctrl_en(ctrl_en_s), .i_in_seg(in_seg_s), .i_state(chan_state_s),
		.i_err(err_s), .i_gp_lgc(gp_lgc_s), .i_gp_base_lo(gp_base_lo_s),
		.i_acq_wr(acq_wr_s), .i_acq_rh(acq_rh_s), .i_seg_addr(seg_addr_s),
		.i_seg_rem(seg_rem_s), .i_m_addr(m_addr_s), .i_m_count(m_count_s), .i_m_one(m_one_s),
		.i_m_secop(m_secop_s), .i_m_subch(m_subch_s),
		.i_wait_kind(wait_kind_s), .i_wait_method(wait_method_s),
		.i_now_wrap(now_wrap), .i_gwrap(gwrap), .i_ix_clr(ix_clr),
		.i_ix_answer(o_ix_answer), .i_cw_reset(i_cw_reset), .i_cw_base(i_cw_base),
		.i_cw_lgc(i_cw_lgc), .i_cw_rh(i_cw_rh), .i_cw_ne(i_cw_ne),
		.i_cw_wen(i_cw_wen), .i_cw_en(i_cw_en), .i_cw_st(i_cw_st),
		.i_cw_err(i_cw_err), .i_csr_wlo(i_csr_wlo), .i_cw_lgc_v(i_cw_lgc_v),
		.i_c_put_ne(i_c_put_ne), .i_cw_st_v(i_cw_st_v), .i_cw_err_v(i_cw_err_v),
		.i_gx_st_w(gx_st_w), .i_gx_end_wait(gx_end_wait), .i_gx_rh_w(gx_rh_w),
		.i_gx_w0_w(gx_w0_w), .i_gx_err_w(gx_err_w), .i_gx_seg(gx_seg),
		.i_gx_st(gx_st), .i_gx_rh(gx_rh), .i_gx_w0(gx_w0), .i_gx_err(gx_err),
		.i_gx_len(gx_len), .i_gh_srem_w(gh_srem_w), .i_gh_saddr_w(gh_saddr_w),
		.i_gh_err_w(gh_err_w), .i_gh_m_w(gh_m_w), .i_gh_srem(gh_srem),
		.i_gh_saddr(gh_saddr), .i_gh_err(gh_err), .i_gh_m_addr(gh_m_addr),
		.i_gh_m_count(gh_m_count), .i_gh_m_one(gh_m_one), .i_gh_m_secop(gh_m_secop),
		.i_gh_m_subch(gh_m_subch), .i_md_unknown(md_unknown), .i_md_wait(md_wait),
		.i_md_wk(md_wk), .i_moff(moff[`WQ_M_W-1:0]), .i_sx_err_w(sx_err_w),
		.i_sx_wait_w(sx_wait_w), .i_sx_end_wait(sx_end_wait),
		.i_sx_stamp(sx_stamp), .i_sx_err(sx_err), .i_sx_wait_st(sx_wait_st),
		.i_lx_err_w(lx_err_w), .i_lv_error(o_lv_error), .i_lv_adv(o_lv_adv),
		.i_getnx_q(getnx_q), .i_nx_ne(nx_ne), .o_gp_get(gp_get_d),
		.o_gp_ne(gp_ne_d), .o_ctrl_en(ctrl_en_d), .o_in_seg(in_seg_d),
		.o_state(chan_state_d), .o_err(err_d), .o_gp_lgc(gp_lgc_d),
		.o_gp_base_lo(gp_base_lo_d), .o_acq_wr(acq_wr_d),
		.o_acq_rh(acq_rh_d), .o_seg_addr(seg_addr_d), .o_seg_rem(seg_rem_d),
		.o_m_addr(m_addr_d), .o_m_count(m_count_d), .o_m_one(m_one_d), .o_m_secop(m_secop_d),
		.o_m_subch(m_subch_d), .o_wait_kind(wait_kind_d),
		.o_wait_method(wait_method_d));

	// the per-channel state (wq_host_cst, docs/rtl/wq_host_cst.md): the
	// flip-flops (reset as wq_host_init: wq_chan_reset's fields --
	// chan_reset's list -- and the ring configuration and acquire policy
	// it keeps; every channel's retry clock) and the LUT RAM fields (the
	// reset sweep H_INIT clears them, chan_clr), the step's channel
	// written with its next value at sc every cycle
	wq_host_cst #(.CHANNELS(CHANNELS), .CW(CW), .RHW(RHW)) u_cst (
		.i_clk(i_clk), .i_reset(i_reset), .i_sc(sc),
		.i_cur_ch(i_cur_ch), .i_ev_ch(i_ev_ch), .i_now_wrap(now_wrap),
		.i_gp_get(gp_get_d), .i_gp_ne(gp_ne_d), .i_ctrl_en(ctrl_en_d),
		.i_state(chan_state_d), .i_err(err_d), .i_in_seg(in_seg_d),
		.i_gp_lgc(gp_lgc_d), .i_gp_base_lo(gp_base_lo_d),
		.i_acq_wr(acq_wr_d), .i_acq_rh(acq_rh_d),
		.i_seg_addr(seg_addr_d), .i_seg_rem(seg_rem_d), .i_m_addr(m_addr_d),
		.i_m_count(m_count_d), .i_m_one(m_one_d), .i_m_secop(m_secop_d), .i_m_subch(m_subch_d),
		.i_wait_kind(wait_kind_d), .i_wait_method(wait_method_d),
		.o_gp_ne(o_gp_ne_all), .o_ctrl_en(ctrl_en_all),
		.o_state(o_state_all), .o_err(err_all), .o_in_seg(o_in_seg_all),
		.o_gp_base_lo(o_base_lo_all), .o_acq_rh(o_acq_rh_all),
		.o_sc_gp_get(gp_get_s), .o_sc_gp_ne(gp_ne_s), .o_sc_ctrl_en(ctrl_en_s),
		.o_sc_state(chan_state_s), .o_sc_err(err_s), .o_sc_in_seg(in_seg_s),
		.o_sc_gp_lgc(gp_lgc_s), .o_sc_gp_base_lo(gp_base_lo_s), .o_sc_cfg_bad(o_cfg_bad_s),
		.o_sc_acq_wr(acq_wr_s), .o_sc_acq_rh(acq_rh_s),
		.o_cur_gp_get(o_cur_gp_get), .o_ev_gp_get(o_ev_gp_get), .o_ev_err(o_ev_err),
		.o_seg_addr(seg_addr_s), .o_seg_rem(seg_rem_s), .o_m_addr(m_addr_s),
		.o_m_count(m_count_s), .o_m_one(m_one_s), .o_m_secop(m_secop_s), .o_m_subch(m_subch_s),
		.o_wait_kind(wait_kind_s), .o_wait_method(wait_method_s),
		.o_wk_m_addr(m_addr_wk), .o_wk_m_one(m_one_wk), .o_wk_ok(wk_ok));

	////////////////////////////////////////////////////////////////////////
	//
	// The registers, one always block per register group
	//
	// the step's state: the sequencer's state and channel, the step's
	// result, the states reads return to, the reset sweep, the cycle count
	always @(posedge i_clk)
	if (i_reset)
	begin
		hs              <= H_INIT;
		sc              <= 0;
		swp             <= 0;
		csr_pend        <= 1'b0;
		now             <= 32'h0;
	end else begin
		hs              <= hs_d;
		sc              <= sc_d;
		swp             <= swp_d;
		csr_pend        <= csr_pend_d;
		now             <= now_d;
		res             <= res_d;
		mem_ret         <= mem_ret_d;
		rd_ret          <= rd_ret_d;
		gwrap           <= gwrap_d;
	end

	// `now` at the step's start, the model's ticks: a grant's, or a
	// burst's next step's first cycle (gt_w) -- the retry rule's ticks
	// (wq_host_scheduler) and a failed attempt's stamp (wq_host_sem).
	// No reset: every read is in a step, after its grant has loaded it
	// (a reset here costs the iCEBreaker 73 logic cells it has not got)
	always @(posedge i_clk)
	if (g_start || gt_w)
		gt <= now;

	// the channel RAM's ports (the write lasts one cycle)
	always @(posedge i_clk)
	if (i_reset)
	begin
		cm_we           <= 1'b0;
	end else begin
		cm_we           <= cm_we_d;
		cm_wa           <= cm_wa_d;
		cm_wd           <= cm_wd_d;
		cm_ra           <= cm_ra_d;
	end

	// the step's method, semaphore and launch: the method about to run, its
	// counts, the units' start pulses, the flags a FAST step carries
	always @(posedge i_clk)
	if (i_reset)
	begin
		sem_start       <= 1'b0;
		sem_active      <= 1'b0;
		lc_start        <= 1'b0;
		yielded         <= 1'b0;
		pm_pend         <= 1'b0;
		gt_w            <= 1'b0;
		gb_rdy          <= 1'b0;
		ld_rdy          <= 1'b0;
		gs_run          <= 1'b0;
	end else begin
		sem_start       <= sem_start_d;
		sem_active      <= sem_active_d;
		lc_start        <= lc_start_d;
		yielded         <= yielded_d;
		pm_pend         <= pm_pend_d;
		gt_w            <= gt_w_d;
		gb_rdy          <= gb_rdy_d;
		ld_rdy          <= ld_rdy_d;
		gs_run          <= gs_run_d;
		moff            <= moff_d;
		msub            <= msub_d;
		att_q           <= att_q_d;
		sem_endwait     <= sem_endwait_d;
	end

	// PERF_METHODS' copy (FAST)
	always @(posedge i_clk)
	if (i_reset)
		perf_q          <= 32'h0;
	else
		perf_q          <= perf_q_d;

	// wq_host_if's ports' pulses and levels: the lock request, the step,
	// the CSR answer, the launch, the interrupts
	always @(posedge i_clk)
	if (i_reset)
	begin
		ev_req          <= 1'b0;
		step_valid      <= 1'b0;
		step_more       <= 1'b0;
		step_res        <= `WQ_STEP_IDLE;
		csr_ack         <= 1'b0;
		csr_err         <= 1'b0;
		launch_valid    <= 1'b0;
		irq_chan_error  <= 1'b0;
		irq_non_stall   <= 1'b0;
	end else begin
		ev_req          <= ev_req_d;
		step_valid      <= step_valid_d;
		step_more       <= step_more_d;
		step_res        <= step_res_d;
		csr_ack         <= csr_ack_d;
		csr_err         <= csr_err_d;
		launch_valid    <= launch_valid_d;
		irq_chan_error  <= irq_chan_error_d;
		irq_non_stall   <= irq_non_stall_d;
	end

`ifdef FORMAL
	////////////////////////////////////////////////////////////////////////
	//
	// Formal properties: the registers' invariants the sequencer keeps on
	// its own.  Checked inside wq_host_if's jobs (host_if_C1 ..., which
	// read the host's units with FORMAL), under the host's assumptions of
	// the top; the host's section holds the properties that need the
	// other units' state (the memory count, the slice, the launch port).
	// Every channel's invariants are here, with the storage they are of.
	//
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;

	always @(*)
	if (f_past_valid && !i_reset)
	begin
		// the segment walk's channel is RUNNABLE and has work (its
		// state is settled: RUNNABLE inside a segment; the one-cycle
		// step, wq_host_fast, does not test it)
		if (hs == H_HDR || hs == H_DATA)
			assert(chan_state_s == `WQ_CH_RUNNABLE && i_has_work[sc]);
		// the dispatch's dst_q: the step's channel's state where
		// H_DUE and H_DUE2 read it
		if (hs == H_DUE || hs == H_DUE2)
			assert(dst_q == chan_state_s);
		if (hs == H_DUE)
			assert(dseg_q == in_seg_s && dne_q == gp_ne_s);
		// the way out's registered tests: the channel's fields where
		// u_leave reads them
		if (hs == H_LVW)
			assert(lv_seg_q == in_seg_s && lv_srz_q == (seg_rem_s == 0));
		if (hs == H_LVW || hs == H_LEAVE)
			assert(lv_mcz_q == (m_count_s == 0));
		if (hs == H_SEMW)
			assert(sx_wt_q == (chan_state_s == `WQ_CH_ACQ_WAIT));
		// the semaphore unit's early load only in H_SEMX2 (the address
		// adder takes SEM_ADDR_LO there by the state alone)
		if (sx2_go)
			assert(hs == H_SEMX2);
		// the leave decision's registered views: the channel's in H_LEAVE
		if (hs == H_LEAVE)
			assert(lv_st_q == chan_state_s && lv_hw_q == i_has_work[sc]
				&& lv_run_q == (chan_state_s == `WQ_CH_RUNNABLE));
		// H_LVW's GP_GET + 1, computed the cycle before, is its channel's
		if (hs == H_LVW)
			assert(getnx_q == getnx);
		// the retry rule is evaluated only for a channel in ACQ_WAIT
		if (hs == H_DUEA || hs == H_DUEB)
			assert(chan_state_s == `WQ_CH_ACQ_WAIT);
		// the semaphore unit owns the memory port only while it works
		if (sem_active)
			assert(hs == H_SEMW);
		// the reset sweep asks for no lock; a CSR pulse that came
		// during it is taken right after it
		if (hs == H_INIT)
			assert(!ev_req);
		if (csr_pend)
			assert(hs == H_INIT || hs == H_IDLE);
		// the lock is asked for only outside a step: in H_IDLE, or
		// through a CSR access taken while the request was up (the
		// top's CSR slave holds the lock meanwhile; the request stays
		// and the host answers the grant back in H_IDLE)
		if (ev_req)
			assert(hs == H_IDLE || hs == H_CSR1 || hs == H_CSR2
				|| hs == H_CLR);
		// a burst is announced only with a step's pulse
		if (step_more)
			assert(step_valid && FAST != 0);
		if (FAST != 0)
		begin
			// H_LV2 (the slice count's read) is never reached
			assert(hs != H_LV2);
			// a plain method's count is pending only into H_METHOD
			if (pm_pend)
				assert(hs == H_METHOD);
			// a one-cycle step only in the walk, inside the
			// segment, nothing pending from a step before
			if (o_fm_fire)
				assert((hs == H_DATA || hs == H_HDR) && in_seg_s
					&& i_pf_on && !pm_pend && !yielded);
		end
	end

	// Every channel's state (u_cst's): its method count and wait kind as
	// the LUT RAM holds them (written at sc with the next value, as u_cst writes
	// them; its read at sc is asserted equal once the channel was
	// written since reset, f_cw), for the invariants over every channel
	// below
	reg	[`WQ_MH_COUNT_W-1:0]	f_m_count	[0:CHANNELS-1];
	reg	[3:0]			f_wait_kind	[0:CHANNELS-1];
	reg	[CHANNELS-1:0]		f_cw;
	initial	f_cw = 0;
	always @(posedge i_clk)
	if (i_reset)
		f_cw <= 0;
	else begin
		f_cw[sc]        <= 1'b1;
		f_m_count[sc]   <= m_count_d;
		f_wait_kind[sc] <= wait_kind_d;
	end
	always @(*)
	if (f_past_valid && !i_reset && f_cw[sc])
		assert(m_count_s == f_m_count[sc] && wait_kind_s == f_wait_kind[sc]);

	genvar	fc;
	generate for (fc = 0; fc < CHANNELS; fc = fc + 1)
	begin : g_fchan
		wire	[3:0]	f_st = o_state_all[4*fc +: 4];
		always @(*)
		if (f_past_valid && !i_reset)
		begin
			// the channel states are the CHSTATE rows
			assert(f_st == `WQ_CH_DISABLED
				|| f_st == `WQ_CH_IDLE
				|| f_st == `WQ_CH_RUNNABLE
				|| f_st == `WQ_CH_ACQ_WAIT
				|| f_st == `WQ_CH_WFI_WAIT
				|| f_st == `WQ_CH_LAUNCH_WAIT
				|| f_st == `WQ_CH_ERROR);
			// a disabled channel is DISABLED or in ERROR; a live one
			// passed the enable check
			if (!ctrl_en_all[fc])
				assert(f_st == `WQ_CH_DISABLED
					|| f_st == `WQ_CH_ERROR);
			// a method is only in progress inside a segment, and
			// never runs past it
			// (the reset sweep clears m_count)
			if (!o_in_seg_all[fc] && hs != H_INIT)
				assert(f_m_count[fc] == 0);
			// a waiting channel remembers its wait
			if (f_st == `WQ_CH_ACQ_WAIT
					|| f_st == `WQ_CH_WFI_WAIT
					|| f_st == `WQ_CH_LAUNCH_WAIT)
				assert(f_wait_kind[fc] == f_st);
			// ERROR always has a code
			if (f_st == `WQ_CH_ERROR)
				assert(err_all[8*fc +: 8] != 8'h0);
		end
	end endgenerate
`endif
endmodule
