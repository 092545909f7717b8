////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_gp.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's step entry and GP fetch (the model's
//		wq_host_due and wq_step_channel's dispatch, take_entry and the
//		GP entry checks): the next state of the step sequencer's states
//		H_DUE (the dispatch on the channel's state), H_DUEA / H_DUEB
//		(the acquire retry rule's reads and verdict), H_DUE2 (a wait
//		resumes), H_GP0 / H_GP1 / H_GPW / H_GPCHK (the entry's two words
//		read and checked, the segment opened).  Combinational, defaults
//		first (nothing changes outside these states; a value wq_host_if
//		reads only under its write flag is a don't-care without it); the
//		retry verdict is wq_host_sched's (i_dq_due, i_dq_rem), the
//		entry's address wq_host_if's adder (ma_sum); wq_host_seq
//		applies it (wq_host_if's u_gp).  docs/rtl/wq_host_gp.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_gp #(
		parameter	FAST = 1,	// wq_host_if's FAST
		parameter	CW   = 2,	// the channel number's width
		parameter	RHW  = 6	// the retry hint's width
	) (
		// the step sequencer's state and channel
		input	wire	[5:0]	i_hs,
		input	wire	[CW-1:0]	i_sc,
		// the channel: its state, in a segment, GP_GET != GP_PUT (read
		// in H_DUE, the state in H_DUE2 too: wq_host_step's registers
		// dst_q, dseg_q, dne_q), no method word left, the waiting
		// method (wq_host_seq's WM_*)
		input	wire	[3:0]	i_state,
		input	wire		i_in_seg, i_gp_ne, i_mc_zero,
		input	wire	[1:0]	i_wmeth,
		input	wire		i_engine_idle, i_can_launch,
		// the channel RAM's read word; the word a host read returned
		// (rdata_q); the memory port's answer this cycle
		input	wire	[31:0]	i_rd, i_rdata, i_mem_rdata,
		// wq_host_sched's retry verdict: due; the cycles still to wait
		input	wire		i_dq_due,
		input	wire	[31:0]	i_dq_rem,
		// (FAST) the reads ahead are on (a waiting channel's are not)
		input	wire		i_pf_on,
		// (FAST) the entry's stream began in H_LEAVE (gs_run); GPFIFO_BASE
		// is on i_rd (gb_rdy); the entry read ahead is usable (gq_use)
		// with its words
		input	wire		i_gs_run, i_gb_rdy, i_gq_use,
		input	wire	[31:0]	i_gq_w0, i_gq_w1,
		// word 0 had reserved bits (w0_bad); (FAST, H_GPW) word 0 lands
		// in rdata_q (i_lw_v), word 1 lands now (i_rv1), with word 0 in
		// the same cycle (i_both; i_w0b: word 0's reserved bits then)
		input	wire		i_w0_bad, i_lw_v, i_rv1, i_both, i_w0b,
		// the next state
		output	reg	[5:0]	o_hs,
		// the channel RAM's read address; the state a ram_rd returns to
		output	reg		o_ra_w,
		output	reg	[AW-1:0]	o_ra,
		output	reg		o_ret_w,
		output	reg	[5:0]	o_ret,
		// the step's result
		output	reg		o_res_w,
		output	reg	[`WQ_STEP_W-1:0]	o_res,
		// the channel's state written; end_wait; ld_rdy cleared
		output	reg		o_st_w,
		output	reg	[3:0]	o_st,
		output	reg		o_end_wait, o_ldr_clr,
		// att_q <= i_rd (ACQ_RETRY)
		output	reg		o_att_w,
		// the retry not due: the hint (acq_rh), the step's WAIT pulse
		output	reg		o_rh_w,
		output	reg	[RHW-1:0]	o_rh,
		output	reg		o_wait_pulse,
		// a resumed wait's semaphore word into rdata_q (i_rd), and
		// sem_endwait (a RELEASE_WFI's release ends the wait)
		output	reg		o_rdq_w,
		output	reg		o_sew_w, o_sew,
		// a channel RAM write of the step's channel (SET_REFERENCE's
		// resumed value, ERR_INFO of a bad entry)
		output	reg		o_ram_w,
		output	reg	[3:0]	o_ram_f,
		output	reg	[31:0]	o_ram_d,
		// H_DUE, (FAST) H_GPW: ERR_INFO on o_ram_d (F_EINFO) whatever
		// the verdict, for cm_wd (o_dwd): in H_DUE the entry read
		// ahead's when the dispatch takes the entry's path (from
		// registers alone), in H_GPW the stream's word; written when
		// the entry is bad (o_dw_w: o_ram_w stays low in both), so the
		// written word is not behind the verdict (the dispatch's
		// if-chain and the read ahead's use; word 1's test off the
		// port)
		output	reg		o_dwd, o_dw_w,
		// gp_word0: word 0 taken (w0_bad, seg_addr) from o_w0
		output	reg		o_w0_w,
		output	reg	[31:0]	o_w0,
		// a bad entry's code
		output	reg		o_err_w,
		output	reg	[7:0]	o_err,
		// the segment opens: in_seg, seg_rem = o_len, m_count = 0
		output	reg		o_seg,
		output	reg	[`WQ_GP_LENGTH_W-1:0]	o_len,
		// the host's reads at ma_sum: a stream starts; the stream of
		// two goes on; one read returning to o_mr_ret (mem_read)
		output	reg		o_sst, o_rds, o_mr,
		output	reg	[5:0]	o_mr_ret
	);

	localparam	CA = (CW < 2) ? 2 : CW;
	localparam	AW = 4 + CA;
	// verilator lint_off UNUSEDPARAM
`include "wq_host_map.vh"
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM
	// (wq_host_seq's wait_method codes)
	localparam [1:0]	WM_SEM = 2'd1, WM_REF = 2'd2;

	// word 1 has reserved bits, or is a control entry other than NOP
	// verilator lint_off UNUSEDSIGNAL
	function w1_bad;
		input	[31:0]	w1;	// (the fields the test reads)
		w1_bad = w1[`WQ_GP_RSVD1_RANGE] != 0
			|| (w1[`WQ_GP_LENGTH_RANGE] == 0
			&& w1[`WQ_GP_CTLOP_RANGE] != `WQ_GPCTL_NOP);
	endfunction
	// verilator lint_on UNUSEDSIGNAL
	// (the entry read ahead's word 0 has reserved bits set)
	wire	gq_w0b = (i_gq_w0[`WQ_GP_RSVD0_RANGE] != 0);

	// gp_verdict: the entry's verdict, with word 1 w1 and word 0 bad
	// (w0b), without word 1's ERR_INFO
	task gp_verdict;
		input	[31:0]	w1;
		input		w0b;
		if (w0b)
		begin
			// ERR_INFO written by gp_word0
			o_err_w = 1'b1;
			o_err   = `WQ_CHERR_BAD_GP_ENTRY;
			o_hs    = H_ERR;
		end else if (w1_bad(w1))
		begin
			// reserved bits, or a control entry other than NOP
			// (ERR_INFO: gp_check's, or H_DUE's o_dw_w)
			o_err_w = 1'b1;
			o_err   = `WQ_CHERR_BAD_GP_ENTRY;
			o_hs    = H_ERR;
		end else begin
			// a segment starts (a control entry NOP as a segment of
			// length 0: H_HDR finds it at its end at once)
			o_seg = 1'b1;
			o_len = w1[`WQ_GP_LENGTH_RANGE];
			o_hs  = H_HDR;
		end
	endtask

	// gp_check: the entry with word 1 w1, word 0 bad (w0b); word 1's
	// ERR_INFO written (gp_verdict: not written, H_DUE's o_dw_w)
	task gp_check;
		input	[31:0]	w1;
		input		w0b;
		begin
			gp_verdict(w1, w0b);
			if (!w0b && w1_bad(w1))
			begin
				o_ram_w = 1'b1;
				o_ram_f = F_EINFO;
				o_ram_d = w1;
			end
		end
	endtask

	// gp_take0: word 0 taken (w0_bad, seg_addr); gp_word0: and its
	// ERR_INFO now when its reserved bits are set (H_DUE's: o_dw_w)
	task gp_take0;
		input	[31:0]	w0;
		begin
			o_w0_w = 1'b1;
			o_w0   = w0;
		end
	endtask
	task gp_word0;
		input	[31:0]	w0;
		begin
			gp_take0(w0);
			if (w0[`WQ_GP_RSVD0_RANGE] != 0)
			begin
				o_ram_w = 1'b1;
				o_ram_f = F_EINFO;
				o_ram_d = w0;
			end
		end
	endtask

	// a channel RAM read of the step's channel, then ret (H_RDW)
	task ram_rd;
		input	[3:0]	f;
		input	[5:0]	ret;
		begin
			o_ra_w  = 1'b1;
			o_ra    = ca(f, i_sc);
			o_ret_w = 1'b1;
			o_ret   = ret;
			o_hs    = H_RDW;
		end
	endtask

	// the step does nothing more (its result), on to the way out
	task to_after;
		input	[`WQ_STEP_W-1:0]	r;
		begin
			o_res_w = 1'b1;
			o_res   = r;
			o_hs    = H_AFTER;
		end
	endtask

	always @(*)
	begin
		o_hs         = i_hs;
		o_ra_w       = 1'b0;
		o_ra         = {AW{1'bx}};
		o_ret_w      = 1'b0;
		o_ret        = 6'bx;
		o_res_w      = 1'b0;
		o_res        = {`WQ_STEP_W{1'bx}};
		o_st_w       = 1'b0;
		o_st         = 4'bx;
		o_end_wait   = 1'b0;
		o_ldr_clr    = 1'b0;
		o_att_w      = 1'b0;
		o_rh_w       = 1'b0;
		o_rh         = (i_dq_rem[31:RHW] != 0) ? {RHW{1'b1}} : i_dq_rem[RHW-1:0];
		o_wait_pulse = 1'b0;
		o_rdq_w      = 1'b0;
		o_sew_w      = 1'b0;
		o_sew        = 1'bx;
		o_ram_w      = 1'b0;
		o_ram_f      = 4'bx;
		o_ram_d      = 32'bx;
		o_dwd        = 1'b0;
		o_dw_w       = 1'b0;
		o_w0_w       = 1'b0;
		o_w0         = 32'bx;
		o_err_w      = 1'b0;
		o_err        = 8'bx;
		o_seg        = 1'b0;
		o_len        = {`WQ_GP_LENGTH_W{1'bx}};
		o_sst        = 1'b0;
		o_rds        = 1'b0;
		o_mr         = 1'b0;
		o_mr_ret     = 6'bx;

		case (i_hs)
		// wq_host_due, then wq_step_channel's dispatch on the state
		// (the grant asked for ACQ_RETRY, or with FAST GPFIFO_BASE)
		H_DUE: begin
		// (the entry read ahead's ERR_INFO: word 0 when it is bad,
		// else word 1; into cm_wd on the entry's path)
		o_ram_f = F_EINFO;
		o_ram_d = gq_w0b ? i_gq_w0 : i_gq_w1;
		o_dwd   = (i_state == `WQ_CH_IDLE || i_state == `WQ_CH_RUNNABLE)
				&& !i_in_seg && i_gp_ne && !(FAST != 0 && i_gs_run);
		case (i_state)
		`WQ_CH_ACQ_WAIT: begin
			o_ra_w = 1'b1;
			o_ra   = ca(F_STAMP, i_sc);	// on i_rd in H_DUEB
			o_hs   = H_DUEA;
		end
		`WQ_CH_WFI_WAIT:
		if (!i_engine_idle)
			to_after(`WQ_STEP_WAIT);
		else
			ram_rd(F_WDATA, H_DUE2);
		`WQ_CH_LAUNCH_WAIT:
		if (!i_can_launch)
			to_after(`WQ_STEP_WAIT);
		else begin
			o_end_wait = 1'b1;
			if (FAST != 0)
			begin
				o_ra_w = 1'b1;
				o_ra   = ca(F_LDESC, i_sc);	// as H_METHOD
			end
			o_ldr_clr = 1'b1;	// (on i_rd in H_LAUNCH2)
			o_hs      = H_LAUNCH;
		end
		`WQ_CH_IDLE, `WQ_CH_RUNNABLE:
		if (!i_in_seg)
		begin
			o_st_w = 1'b1;
			o_st   = `WQ_CH_RUNNABLE;
			if (!i_gp_ne)
			begin
				o_st = `WQ_CH_IDLE;
				to_after(`WQ_STEP_IDLE);
			end else if (FAST != 0 && i_gs_run)
			begin
				// take_entry: H_LEAVE started the stream
				o_rds = 1'b1;
				o_hs  = H_GPW;
			end else if (i_gq_use)
			begin
				// the entry read ahead (gq): H_GPW's work on its
				// words, the reads ahead starting; a bad entry's
				// ERR_INFO (o_ram_d above) written
				gp_take0(i_gq_w0);
				o_dw_w = gq_w0b || w1_bad(i_gq_w1);
				gp_verdict(i_gq_w1, gq_w0b);
			end else if (FAST != 0 && i_gb_rdy)
			begin
				// GPFIFO_BASE on i_rd already: H_GP0's work
				o_sst = 1'b1;
				o_hs  = H_GPW;
			end else if (FAST != 0)
				o_hs = H_GP0;
			else
				ram_rd(F_BASE, H_GP0);
		end else
			o_hs = i_mc_zero ? H_HDR : H_DATA;
		default:		// DISABLED, ERROR
			to_after(`WQ_STEP_IDLE);
		endcase
		end

		// wq_host_due: ACQ_RETRY into att_q (FAST: wait_data asked
		// for now, on i_rd after H_DUEB) ...
		H_DUEA: begin
			o_att_w = 1'b1;
			if (FAST != 0)
			begin
				o_ra_w = 1'b1;
				o_ra   = ca(F_WDATA, i_sc);
			end
			o_hs = H_DUEB;
		end

		// ... and the verdict (i_dq_due): the wait's data, or this
		// tick does nothing more and the hint says when to ask again
		H_DUEB:
		if (i_dq_due)
		begin
			if (FAST != 0)
			begin
				// (FAST) SEM_ADDR_LO now, for H_SL2
				o_ra_w = 1'b1;
				o_ra   = ca(F_SALO, i_sc);
				o_hs   = H_DUE2;
			end else
				ram_rd(F_WDATA, H_DUE2);
		end else begin
			o_rh_w       = 1'b1;
			o_wait_pulse = 1'b1;
			o_hs         = H_IDLE;
		end

		// a wait resumes, wait_data on i_rd: the acquire retry, a
		// RELEASE_WFI's release, or (the engine idle) WFI's end
		H_DUE2:
		if (i_state == `WQ_CH_ACQ_WAIT)
		begin
			o_rdq_w = 1'b1;
			o_sew_w = 1'b1;
			o_sew   = 1'b0;
			o_hs    = H_SL0;
			// (FAST) H_SL0's and H_SL1's work (H_DUEB asked for
			// SEM_ADDR_LO): no read ahead is on in a waiting
			// channel's step
			if (FAST != 0 && !i_pf_on)
			begin
				o_ra_w = 1'b1;
				o_ra   = ca(F_SPLO, i_sc);
				o_hs   = H_SL2;
			end
		end else if (i_wmeth == WM_SEM)
		begin
			o_rdq_w = 1'b1;
			o_sew_w = 1'b1;
			o_sew   = 1'b1;
			o_hs    = H_SL0;
		end else begin
			if (i_wmeth == WM_REF)
			begin
				o_ram_w = 1'b1;
				o_ram_f = F_REF;
				o_ram_d = i_rd;
			end
			o_end_wait = 1'b1;
			to_after(`WQ_STEP_DONE);
		end

		// GPFIFO_BASE on i_rd (FAST: both words as a stream, H_GPW)
		H_GP0:
		if (FAST != 0)
		begin
			o_sst = 1'b1;
			o_hs  = H_GPW;
		end else begin
			o_mr     = 1'b1;
			o_mr_ret = H_GP1;
			o_hs     = H_MEM;
		end

		// (FAST=0) word 0 in rdata_q; word 1 asked for
		H_GP1: begin
			gp_word0(i_rdata);
			o_mr     = 1'b1;
			o_mr_ret = H_GPCHK;
			o_hs     = H_MEM;
		end

		// (FAST) the stream of two: word 0 taken as it is in rdata_q,
		// word 1 checked off the port as it lands (with word 0 in the
		// same cycle when it landed the cycle before)
		// The ERR_INFO word is chosen by the stream's position alone
		// (word 1 as it lands after a good word 0, else word 0) and
		// loaded into cm_wd (o_dwd) as a word lands -- not as word 1
		// lands after a bad word 0, whose ERR_INFO cm_wd holds for
		// H_ERR -- and the checks raise only its write (o_dw_w; o_ram_w
		// stays low in H_GPW): the word is not behind word 1's test
		// off the port.
		H_GPW:
		if (FAST != 0)
		begin
			o_rds = 1'b1;
			if (i_rv1)
			begin
				if (i_both)
					gp_word0(i_rdata);
				gp_check(i_mem_rdata, i_w0b);
			end else if (i_lw_v)
				gp_word0(i_rdata);
			o_dwd   = i_rv1 ? (i_both || !i_w0b) : i_lw_v;
			o_dw_w  = o_ram_w;
			o_ram_w = 1'b0;
			o_ram_f = F_EINFO;
			o_ram_d = (i_rv1 && !i_w0b) ? i_mem_rdata : i_rdata;
		end

		// (FAST=0) the entry, word 1 in rdata_q
		H_GPCHK:
			gp_check(i_rdata, i_w0_bad);

		default: ;
		endcase
	end

`ifdef FORMAL
	// ---- formal properties (jobs host_gp, host_gp_0) ------------------
	// the environment (wq_host_if): with FAST the entry is read as a
	// stream (H_GP1 and H_GPCHK are not reached); word 0's reserved bits
	// as i_w0b says when both words are taken in one cycle (assumed when
	// the unit is the job's top, FORMAL_HOST_GP_TOP; asserted inside the
	// host interface, which must keep it)
`ifdef FORMAL_HOST_GP_TOP
`define	WQ_F_IN	assume
`else
`define	WQ_F_IN	assert
`endif
	always @(*)
	begin
		if (FAST != 0)
			`WQ_F_IN(i_hs != H_GP1 && i_hs != H_GPCHK);
		if (i_both)
			`WQ_F_IN(i_rv1 && i_w0b == (i_rdata[`WQ_GP_RSVD0_RANGE] != 0));
	end
`undef	WQ_F_IN
	wire	f_mine = (i_hs == H_DUE) || (i_hs == H_DUEA) || (i_hs == H_DUEB)
			|| (i_hs == H_DUE2) || (i_hs == H_GP0) || (i_hs == H_GP1)
			|| (i_hs == H_GPW) || (i_hs == H_GPCHK);
	// (the reference's word-1 test, stated apart from w1_bad)
	function f_bad1;
		input	[31:0]	w;
		f_bad1 = (w[`WQ_GP_RSVD1_RANGE] != 0)
			|| (w[`WQ_GP_LENGTH_RANGE] == 0
			&& w[`WQ_GP_CTLOP_RANGE] != `WQ_GPCTL_NOP);
	endfunction
	wire	f_w1_bad = (i_hs == H_GPCHK) ? f_bad1(i_rdata) : 1'b0;
	// (H_GPW) word 0 taken now with its reserved bits set; word 1's
	// test on the port's word
	wire	f_w0_now = o_w0_w && (o_w0[`WQ_GP_RSVD0_RANGE] != 0);
	wire	f_w1p_bad = f_bad1(i_mem_rdata);
	always @(*)
	begin
		// outside its states the unit decides nothing
		if (!f_mine)
			assert(o_hs == i_hs && !o_ra_w && !o_ret_w && !o_res_w
				&& !o_st_w && !o_end_wait && !o_ldr_clr && !o_att_w
				&& !o_rh_w && !o_wait_pulse && !o_rdq_w && !o_sew_w
				&& !o_ram_w && !o_w0_w && !o_err_w && !o_seg
				&& !o_dwd && !o_dw_w && !o_sst && !o_rds && !o_mr);
		// H_DUE's dispatch: a channel that cannot run goes to the way
		// out, its result IDLE (or WAIT, its wait not over)
		if (i_hs == H_DUE && (i_state == `WQ_CH_DISABLED
				|| i_state == `WQ_CH_ERROR))
			assert(o_hs == H_AFTER && o_res_w && o_res == `WQ_STEP_IDLE);
		if (i_hs == H_DUE && i_state == `WQ_CH_WFI_WAIT && !i_engine_idle)
			assert(o_hs == H_AFTER && o_res == `WQ_STEP_WAIT);
		if (i_hs == H_DUE && i_state == `WQ_CH_LAUNCH_WAIT)
			assert(o_hs == (i_can_launch ? H_LAUNCH : H_AFTER)
				&& o_end_wait == i_can_launch);
		// the retry rule is entered only for an acquire wait
		if (o_hs == H_DUEA)
			assert(i_hs == H_DUE && i_state == `WQ_CH_ACQ_WAIT);
		// an entry is taken only outside a segment with GP_GET != GP_PUT
		if (i_hs == H_DUE && (o_sst || o_rds || o_seg
				|| o_hs == H_GP0 || (o_hs == H_RDW && o_ret == H_GP0)))
			assert(!i_in_seg && i_gp_ne && (i_state == `WQ_CH_IDLE
				|| i_state == `WQ_CH_RUNNABLE)
				&& o_st_w && o_st == `WQ_CH_RUNNABLE);
		// inside a segment the walk goes on where it stopped
		if (i_hs == H_DUE && i_in_seg && (i_state == `WQ_CH_IDLE
				|| i_state == `WQ_CH_RUNNABLE))
			assert(o_hs == (i_mc_zero ? H_HDR : H_DATA) && !o_st_w);
		// the retry verdict: due goes on to the wait's data, not due
		// ends the step with WAIT and a hint
		if (i_hs == H_DUEB)
			assert(o_wait_pulse == !i_dq_due && o_rh_w == !i_dq_due
				&& (i_dq_due || o_hs == H_IDLE));
		if (o_rh_w && i_dq_rem < (32'd1 << RHW))
			assert(o_rh == i_dq_rem[RHW-1:0]);
		if (o_rh_w && i_dq_rem >= (32'd1 << RHW))
			assert(&o_rh);
		// a bad entry ends in ERROR with BAD_GP_ENTRY, a good one opens
		// its segment: never both
		if (o_err_w)
			assert(o_err == `WQ_CHERR_BAD_GP_ENTRY && o_hs == H_ERR && !o_seg);
		if (o_seg)
			assert(o_hs == H_HDR);
		if (i_hs == H_GPCHK)
			assert(o_seg == (!i_w0_bad && !f_w1_bad)
				&& o_err_w == (i_w0_bad || f_w1_bad)
				&& o_ram_w == (!i_w0_bad && f_w1_bad));
		// ERR_INFO is the word holding the offending bits
		if (o_ram_w && o_ram_f == F_EINFO && o_w0_w
				&& o_w0[`WQ_GP_RSVD0_RANGE] != 0)
			assert(o_ram_d == o_w0);
		// H_DUE writes only a bad entry read ahead's ERR_INFO (o_dw_w,
		// on the entry's path, o_dwd), the word holding the offending
		// bits; it writes exactly when the entry's verdict is an error
		if (i_hs == H_DUE)
			assert(!o_ram_w && o_dw_w == o_err_w);
		if (o_dwd || o_dw_w)
			assert((i_hs == H_DUE || (FAST != 0 && i_hs == H_GPW))
				&& o_ram_f == F_EINFO && !o_ram_w);
		if (o_dw_w && i_hs == H_DUE)
			assert(o_dwd && o_w0_w && o_w0 == i_gq_w0 && o_hs == H_ERR
				&& o_ram_d == ((i_gq_w0[`WQ_GP_RSVD0_RANGE] != 0)
				? i_gq_w0 : i_gq_w1));
		// (FAST) H_GPW's word on cm_wd whatever the checks; written
		// when word 0 lands bad (itself) or word 1 does after a good
		// word 0 (word 1)
		if (FAST != 0 && i_hs == H_GPW)
			assert(!o_ram_w && o_dw_w == (f_w0_now
				|| (i_rv1 && !i_w0b && f_w1p_bad))
				&& o_dwd == (o_w0_w || (i_rv1 && !i_w0b)));
		if (o_dw_w)
			assert(o_dwd);
		if (i_hs == H_GPW && o_dw_w)
			assert(o_ram_d == (f_w0_now ? o_w0 : i_mem_rdata));
		// FAST=0 has no stream, FAST no single GP read
		if (FAST == 0)
			assert(!o_sst && !o_rds && (i_hs != H_GPW || o_hs == H_GPW));
		if (FAST != 0 && (i_hs == H_DUE || i_hs == H_GP0 || i_hs == H_GPW))
			assert(!o_mr);
		if (o_mr)
			assert(o_hs == H_MEM);
		if (o_ret_w)
			assert(o_hs == H_RDW);
	end

	always @(*)
	if (f_mine)
	begin
		c_idle:   cover(i_hs == H_DUE && o_st_w && o_st == `WQ_CH_IDLE);
		c_retry:  cover(o_hs == H_DUEA);
		c_notdue: cover(o_wait_pulse);
		c_seg:    cover(o_seg);
		c_bad0:   cover(o_err_w && !o_ram_w);
		c_bad1:   cover(o_err_w && (o_ram_w || o_dw_w));
		c_ref:    cover(o_ram_w && o_ram_f == F_REF);
		c_relwfi: cover(o_sew);
		// (FAST=0: the single reads; FAST: the entry read ahead)
		c_gq:     cover((FAST != 0) ? (i_hs == H_DUE && o_seg) : o_mr);
	end
	// (FAST: H_GPW's writes, word 1's and word 0's alone; no such
	// state without FAST, so no cover there)
	generate if (FAST != 0) begin : g_gpw_cov
		always @(*)
		begin
			c_gpw1: cover(i_hs == H_GPW && o_dw_w && !f_w0_now);
			c_gpw0: cover(i_hs == H_GPW && o_dw_w && f_w0_now && !i_rv1);
		end
	end endgenerate
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
