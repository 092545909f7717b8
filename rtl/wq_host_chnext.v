////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_chnext.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's channel transitions: the next value of
//		every field of the step's channel (wq_channel_t but for its
//		channel RAM words) -- the model's wq_chan_settle,
//		wq_chan_error, wq_chan_reset and wq_chan_seg_end
//		(cmodel/model/host.c), start_wait / end_wait
//		(host_methods.c) and a CSR write's effect on the channel
//		(csr_chan.c) -- from the decisions of the units that own the
//		sequencer's states (wq_host_idle and wq_host_chan outside a
//		step, wq_host_gp, wq_host_hdr, wq_host_method, wq_host_sem,
//		wq_host_launch, wq_host_leave), applied in the same states as
//		wq_host_seq applies the rest of them.  wq_host_cst stores the
//		fields and writes these values at the step's channel every
//		cycle.
//
//		Combinational (next-state logic apart from the state, which
//		wq_host_cst holds).  Each field holds unless a state writes
//		it (WQ_HOST_NEXT: the hold is the storage's enable, the value
//		a don't-care until written), but the acquire retry clock,
//		which runs on: its wrap count counts `now`'s wraps up to 3,
//		its hint counts down to 0.  Where a state writes a field
//		twice the later write wins, in the model's order of the
//		calls.  The other effects of these calls (ERR_INFO and
//		wait_data in the channel RAM, the next state, the records)
//		are wq_host_seq's and wq_host_emit's.
//
//		Instantiated by wq_host_if (u_chnx).  docs/rtl/wq_host_chnext.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_chnext #(
		parameter	CW  = 2,	// the channel number's width
		parameter	RHW = 6		// the retry hint's width
	) (
		input	wire	[5:0]	i_hs,	// the sequencer's state
		// the step's channel's fields now (wq_host_cst's reads at sc)
		input	wire	[15:0]	i_gp_get,
		input	wire		i_gp_ne, i_ctrl_en, i_in_seg,
		input	wire	[3:0]	i_state,
		input	wire	[7:0]	i_err,
		input	wire	[5:0]	i_gp_lgc,
		input	wire	[2:0]	i_gp_base_lo,
		input	wire	[1:0]	i_acq_wr,
		input	wire	[RHW-1:0]	i_acq_rh,
		input	wire	[`WQ_GP_ADDR_W-1:0]	i_seg_addr,
		input	wire	[`WQ_GP_LENGTH_W-1:0]	i_seg_rem,
		input	wire	[`WQ_MH_ADDRESS_W-1:0]	i_m_addr,
		input	wire	[`WQ_MH_COUNT_W-1:0]	i_m_count,
		input	wire		i_m_one,	// i_m_count is 1
		input	wire	[`WQ_SECOP_W-1:0]	i_m_secop,
		input	wire	[`WQ_MH_SUBCH_W-1:0]	i_m_subch,
		input	wire	[3:0]	i_wait_kind,
		input	wire	[1:0]	i_wait_method,
		// the retry clock: `now` wraps this cycle, it wrapped since the
		// grant (a failed attempt's stamp)
		input	wire		i_now_wrap, i_gwrap,
		// outside a step (wq_host_idle): the reset sweep's clear, a CSR
		// access answered, and the write's next state (wq_host_chan's
		// o_w_*; GPFIFO_BASE[2:0] from its write data, GP_GET != the
		// new GP_PUT)
		input	wire		i_ix_clr, i_ix_answer,
		input	wire		i_cw_reset, i_cw_base, i_cw_lgc, i_cw_rh, i_cw_ne,
		input	wire		i_cw_wen, i_cw_en, i_cw_st, i_cw_err,
		input	wire	[2:0]	i_csr_wlo,
		input	wire	[5:0]	i_cw_lgc_v,
		input	wire		i_c_put_ne,
		input	wire	[3:0]	i_cw_st_v,
		input	wire	[7:0]	i_cw_err_v,
		// the step's entry and GP fetch (wq_host_gp): the state, a wait
		// ended, the retry hint, GP word 0 (the segment address), the
		// error, a segment opened of i_gx_len words
		input	wire		i_gx_st_w, i_gx_end_wait, i_gx_rh_w, i_gx_w0_w,
		input	wire		i_gx_err_w, i_gx_seg,
		input	wire	[3:0]	i_gx_st,
		input	wire	[RHW-1:0]	i_gx_rh,
		input	wire	[31:0]	i_gx_w0,
		input	wire	[7:0]	i_gx_err,
		input	wire	[`WQ_GP_LENGTH_W-1:0]	i_gx_len,
		// the segment walk (wq_host_hdr): the segment's words left and
		// address, a raise, the method header taken
		input	wire		i_gh_srem_w, i_gh_saddr_w, i_gh_err_w, i_gh_m_w,
		input	wire	[`WQ_GP_LENGTH_W-1:0]	i_gh_srem,
		input	wire	[`WQ_GP_ADDR_W-1:0]	i_gh_saddr,
		input	wire	[7:0]	i_gh_err,
		input	wire	[`WQ_MH_ADDRESS_W-1:0]	i_gh_m_addr,
		input	wire	[`WQ_MH_COUNT_W-1:0]	i_gh_m_count,
		input	wire		i_gh_m_one,
		input	wire	[`WQ_SECOP_W-1:0]	i_gh_m_secop,
		input	wire	[`WQ_MH_SUBCH_W-1:0]	i_gh_m_subch,
		// H_METHOD (wq_host_method): UNKNOWN_METHOD, a wait of kind
		// i_md_wk for the method at i_moff
		input	wire		i_md_unknown, i_md_wait,
		input	wire	[3:0]	i_md_wk,
		input	wire	[`WQ_M_W-1:0]	i_moff,
		// SEM_EXECUTE (wq_host_sem): an error, ACQ_WAIT entered, a wait
		// ended, a failed attempt's stamp
		input	wire		i_sx_err_w, i_sx_wait_w, i_sx_end_wait, i_sx_stamp,
		input	wire	[7:0]	i_sx_err,
		input	wire	[3:0]	i_sx_wait_st,
		// LAUNCH (wq_host_launch): BAD_LAUNCH
		input	wire		i_lx_err_w,
		// the way out (wq_host_leave): the error, GP_GET's advance to
		// i_getnx_q (GP_GET != GP_PUT after it: i_nx_ne)
		input	wire		i_lv_error, i_lv_adv,
		input	wire	[15:0]	i_getnx_q,
		input	wire		i_nx_ne,
		// the next values
		output	wire	[15:0]	o_gp_get,
		output	wire		o_gp_ne, o_ctrl_en, o_in_seg,
		output	wire	[3:0]	o_state,
		output	wire	[7:0]	o_err,
		output	wire	[5:0]	o_gp_lgc,
		output	wire	[2:0]	o_gp_base_lo,
		output	wire	[1:0]	o_acq_wr,
		output	wire	[RHW-1:0]	o_acq_rh,
		output	wire	[`WQ_GP_ADDR_W-1:0]	o_seg_addr,
		output	wire	[`WQ_GP_LENGTH_W-1:0]	o_seg_rem,
		output	wire	[`WQ_MH_ADDRESS_W-1:0]	o_m_addr,
		output	wire	[`WQ_MH_COUNT_W-1:0]	o_m_count,
		output	wire		o_m_one,	// o_m_count is 1 (kept with it)
		output	wire	[`WQ_SECOP_W-1:0]	o_m_secop,
		output	wire	[`WQ_MH_SUBCH_W-1:0]	o_m_subch,
		output	wire	[3:0]	o_wait_kind,
		output	wire	[1:0]	o_wait_method
	);

	localparam	CA = (CW < 2) ? 2 : CW;
	localparam	AW = 4 + CA;
	// verilator lint_off UNUSEDPARAM
`include "wq_host_map.vh"
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM
	// the waiting method, as far as a resumed wait needs it (wait_method):
	// 0 none, WM_SEM SEM_EXECUTE, WM_REF SET_REFERENCE, WM_OTHER WFI / LAUNCH
	localparam [1:0]	WM_SEM = 2'd1, WM_REF = 2'd2, WM_OTHER = 2'd3;

	// the retry clock runs on unless written
	wire	[1:0]		wr_run = (i_now_wrap && i_acq_wr != 2'd3) ? i_acq_wr + 2'd1 : i_acq_wr;
	wire	[RHW-1:0]	rh_run = (i_acq_rh != 0) ? i_acq_rh - 1'b1 : i_acq_rh;

	`WQ_HOST_NEXT(w_gp_get, gp_get_we, gp_get_n, o_gp_get, i_gp_get, 16)
	`WQ_HOST_NEXT(w_gp_ne, gp_ne_we, gp_ne_n, o_gp_ne, i_gp_ne, 1)
	`WQ_HOST_NEXT(w_ctrl_en, ctrl_en_we, ctrl_en_n, o_ctrl_en, i_ctrl_en, 1)
	`WQ_HOST_NEXT(w_state, state_we, state_n, o_state, i_state, 4)
	`WQ_HOST_NEXT(w_err, err_we, err_n, o_err, i_err, 8)
	`WQ_HOST_NEXT(w_in_seg, in_seg_we, in_seg_n, o_in_seg, i_in_seg, 1)
	`WQ_HOST_NEXT(w_gp_lgc, gp_lgc_we, gp_lgc_n, o_gp_lgc, i_gp_lgc, 6)
	`WQ_HOST_NEXT(w_gp_base_lo, gp_base_lo_we, gp_base_lo_n, o_gp_base_lo, i_gp_base_lo, 3)
	`WQ_HOST_NEXT(w_acq_wr, acq_wr_we, acq_wr_n, o_acq_wr, wr_run, 2)
	`WQ_HOST_NEXT(w_acq_rh, acq_rh_we, acq_rh_n, o_acq_rh, rh_run, RHW)
	`WQ_HOST_NEXT(w_seg_addr, seg_addr_we, seg_addr_n, o_seg_addr, i_seg_addr, `WQ_GP_ADDR_W)
	`WQ_HOST_NEXT(w_seg_rem, seg_rem_we, seg_rem_n, o_seg_rem, i_seg_rem, `WQ_GP_LENGTH_W)
	`WQ_HOST_NEXT(w_m_addr, m_addr_we, m_addr_n, o_m_addr, i_m_addr, `WQ_MH_ADDRESS_W)
	`WQ_HOST_NEXT(w_m_count, m_count_we, m_count_n, o_m_count, i_m_count, `WQ_MH_COUNT_W)
	`WQ_HOST_NEXT(w_m_one, m_one_we, m_one_n, o_m_one, i_m_one, 1)
	`WQ_HOST_NEXT(w_m_secop, m_secop_we, m_secop_n, o_m_secop, i_m_secop, `WQ_SECOP_W)
	`WQ_HOST_NEXT(w_m_subch, m_subch_we, m_subch_n, o_m_subch, i_m_subch, `WQ_MH_SUBCH_W)
	`WQ_HOST_NEXT(w_wait_kind, wait_kind_we, wait_kind_n, o_wait_kind, i_wait_kind, 4)
	`WQ_HOST_NEXT(w_wait_method, wait_method_we, wait_method_n, o_wait_method, i_wait_method, 2)

	// start_wait / end_wait of host_methods.c (start_wait's wait_data is
	// a channel RAM word: wq_host_seq's)
	task start_wait;
		input	[3:0]	kind;
		input	[`WQ_M_W-1:0]	off;
		begin
			w_state(kind);
			w_wait_kind(kind);
			w_wait_method((off == `WQ_M_SEM_EXECUTE) ? WM_SEM
				: (off == `WQ_M_SET_REFERENCE) ? WM_REF : WM_OTHER);
		end
	endtask

	task end_wait;
		begin
			w_wait_kind(4'h0);
			w_wait_method(2'd0);
			w_state(settle(`WQ_CH_RUNNABLE, i_in_seg, i_gp_ne));
		end
	endtask

	// wq_chan_reset's flip-flop fields: everything of a channel but the
	// ring configuration (gp_lgc, gp_base_lo), the acquire policy
	// (acq_wr, acq_rh) and the fields only the step's channel reads
	// (chan_clr).  One list for the reset and CTRL.RESET, so a new
	// per-channel field is cleared by both.
	task chan_reset;
		begin
			w_gp_get(16'h0);
			w_gp_ne(1'b0);
			w_ctrl_en(1'b0);
			w_state(`WQ_CH_DISABLED);
			w_err(8'h0);
			w_in_seg(1'b0);
		end
	endtask

	// wq_chan_reset's fields that only the step's channel (sc) reads
	// and writes: written at sc alone, never reset all at once, they
	// are RAM (LUT RAM) rather than flip-flops.  CTRL.RESET clears them
	// with chan_reset; after reset the sweep H_INIT clears them, one
	// channel a cycle (sc runs over the channels), before any step.
	task chan_clr;
		begin
			w_seg_addr(0);
			w_seg_rem(0);
			w_m_addr(0);
			w_m_count(0);
			w_m_one(1'b0);
			w_m_secop(0);
			w_m_subch(0);
			w_wait_kind(4'h0);
			w_wait_method(0);
		end
	endtask

	always @(*)
	begin
		`WQ_HOST_HOLD(gp_get_we, gp_get_n, 16)
		`WQ_HOST_HOLD(gp_ne_we, gp_ne_n, 1)
		`WQ_HOST_HOLD(ctrl_en_we, ctrl_en_n, 1)
		`WQ_HOST_HOLD(state_we, state_n, 4)
		`WQ_HOST_HOLD(err_we, err_n, 8)
		`WQ_HOST_HOLD(in_seg_we, in_seg_n, 1)
		`WQ_HOST_HOLD(gp_lgc_we, gp_lgc_n, 6)
		`WQ_HOST_HOLD(gp_base_lo_we, gp_base_lo_n, 3)
		`WQ_HOST_HOLD(acq_wr_we, acq_wr_n, 2)
		`WQ_HOST_HOLD(acq_rh_we, acq_rh_n, RHW)
		`WQ_HOST_HOLD(seg_addr_we, seg_addr_n, `WQ_GP_ADDR_W)
		`WQ_HOST_HOLD(seg_rem_we, seg_rem_n, `WQ_GP_LENGTH_W)
		`WQ_HOST_HOLD(m_addr_we, m_addr_n, `WQ_MH_ADDRESS_W)
		`WQ_HOST_HOLD(m_count_we, m_count_n, `WQ_MH_COUNT_W)
		`WQ_HOST_HOLD(m_one_we, m_one_n, 1)
		`WQ_HOST_HOLD(m_secop_we, m_secop_n, `WQ_SECOP_W)
		`WQ_HOST_HOLD(m_subch_we, m_subch_n, `WQ_MH_SUBCH_W)
		`WQ_HOST_HOLD(wait_kind_we, wait_kind_n, 4)
		`WQ_HOST_HOLD(wait_method_we, wait_method_n, 2)

		case (i_hs)
		// outside a step: the reset sweep's clear; a CSR write's
		// effect (wq_chan_reset first, so the enable of the same CTRL
		// write wins)
		H_INIT, H_IDLE, H_CSR1, H_CLR, H_CSR2: begin
			if (i_ix_clr)
				chan_clr;
			if (i_ix_answer)
			begin
				if (i_cw_reset)
				begin
					chan_reset;
					chan_clr;
				end
				if (i_cw_base)
					w_gp_base_lo(i_csr_wlo);
				if (i_cw_lgc)
					w_gp_lgc(i_cw_lgc_v);
				if (i_cw_rh)
					w_acq_rh(0);
				if (i_cw_ne)
					w_gp_ne(i_c_put_ne);
				if (i_cw_wen)
					w_ctrl_en(i_cw_en);
				if (i_cw_st)
					w_state(i_cw_st_v);
				if (i_cw_err)
					w_err(i_cw_err_v);
			end
		end

		// the dispatch on the channel's state, a wait's resumption,
		// the GP entry (gp_word0: the segment address taken at once,
		// meaning nothing unless the entry opens the segment)
		H_DUE, H_DUEA, H_DUEB, H_DUE2, H_GP0, H_GP1, H_GPW, H_GPCHK: begin
			if (i_gx_st_w)
				w_state(i_gx_st);
			if (i_gx_end_wait)
				end_wait;
			if (i_gx_rh_w)
				w_acq_rh(i_gx_rh);
			if (i_gx_w0_w)
				w_seg_addr(i_gx_w0[`WQ_GP_ADDR_RANGE]);
			if (i_gx_err_w)
				w_err(i_gx_err);
			if (i_gx_seg)
			begin
				w_in_seg(1'b1);
				w_seg_rem(i_gx_len);
				w_m_count(0);
				w_m_one(1'b0);
			end
		end

		// the segment walk
		H_HDR, H_HDRDEC, H_DATA, H_DATAGOT: begin
			if (i_gh_srem_w)
				w_seg_rem(i_gh_srem);
			if (i_gh_saddr_w)
				w_seg_addr(i_gh_saddr);
			if (i_gh_err_w)
				w_err(i_gh_err);
			if (i_gh_m_w)
			begin
				w_m_addr(i_gh_m_addr);
				w_m_count(i_gh_m_count);
				w_m_one(i_gh_m_one);
				w_m_secop(i_gh_m_secop);
				w_m_subch(i_gh_m_subch);
			end
		end

		// wq_host_method
		H_METHOD: begin
			if (i_md_unknown)
				w_err(`WQ_CHERR_UNKNOWN_METHOD);
			if (i_md_wait)
				start_wait(i_md_wk, i_moff);
		end

		// SEM_EXECUTE: an error, ACQ_WAIT, a wait ended, a failed
		// attempt's stamp (the retry clock restarts)
		H_SEMX, H_SEMX2, H_SL0, H_SL1, H_SL2, H_SL3, H_SL4, H_SL5,
		H_SEMW, H_TMO, H_WDW, H_STW, H_STAMP: begin
			if (i_sx_err_w)
				w_err(i_sx_err);
			if (i_sx_wait_w)
			begin
				w_state(i_sx_wait_st);
				w_wait_kind(i_sx_wait_st);
				w_wait_method(WM_SEM);
			end
			if (i_sx_end_wait)
				end_wait;
			if (i_sx_stamp)
			begin
				w_acq_wr({1'b0, i_gwrap || i_now_wrap});
				w_acq_rh(0);
			end
		end

		// LAUNCH
		H_LAUNCH, H_LAUNCH2, H_LREAD, H_LCHK, H_LRES, H_LDW:
			if (i_lx_err_w)
				w_err(`WQ_CHERR_BAD_LAUNCH);

		// the way out: wq_chan_error (its code written by the raise),
		// wq_chan_seg_end (GP_GET advances)
		H_ERR, H_AFTER, H_AW, H_LVW, H_LV2, H_LEAVE: begin
			if (i_lv_error)
				w_state(`WQ_CH_ERROR);
			if (i_lv_adv)
			begin
				w_in_seg(1'b0);
				w_gp_get(i_getnx_q);
				w_gp_ne(i_nx_ne);
				w_state(settle(i_state, 1'b0, i_nx_ne));
			end
		end

		default: ;
		endcase
	end

	// verilator lint_off UNUSEDSIGNAL
	wire	unused = &{1'b0, i_gx_w0};
	// verilator lint_on UNUSEDSIGNAL

`ifdef FORMAL
	// ---- formal properties (job host_chnext) ----------------------------
	// Combinational: the decisions are free inputs.
	wire	f_idle   = hs_in_idle(i_hs);
	wire	f_leave  = hs_in_leave(i_hs);
	wire	f_sem    = hs_in_sem(i_hs);
	// the fields as wq_chan_reset and chan_clr leave them
	wire	f_cleared = o_seg_addr == 0 && o_seg_rem == 0 && o_m_addr == 0
			&& o_m_count == 0 && o_m_secop == 0 && o_m_subch == 0
			&& o_wait_kind == 4'h0 && o_wait_method == 2'd0;
	always @(*)
	begin
		// H_RDW, H_MEM and H_PMW change nothing; the retry clock runs
		if (i_hs == H_RDW || i_hs == H_MEM || i_hs == H_PMW)
			assert(o_gp_get == i_gp_get && o_gp_ne == i_gp_ne
				&& o_ctrl_en == i_ctrl_en && o_state == i_state
				&& o_err == i_err && o_in_seg == i_in_seg
				&& o_gp_lgc == i_gp_lgc && o_gp_base_lo == i_gp_base_lo
				&& o_acq_wr == wr_run && o_acq_rh == rh_run
				&& o_seg_addr == i_seg_addr && o_seg_rem == i_seg_rem
				&& o_m_addr == i_m_addr && o_m_count == i_m_count
				&& o_m_secop == i_m_secop && o_m_subch == i_m_subch
				&& o_wait_kind == i_wait_kind
				&& o_wait_method == i_wait_method);
		// GP_GET moves only by CTRL.RESET and a segment's end; the
		// enable and the ring configuration only by a CSR write
		if (o_gp_get != i_gp_get)
			assert((f_idle && i_ix_answer && i_cw_reset && o_gp_get == 16'h0)
				|| (f_leave && i_lv_adv && o_gp_get == i_getnx_q));
		if (o_ctrl_en != i_ctrl_en || o_gp_lgc != i_gp_lgc
				|| o_gp_base_lo != i_gp_base_lo)
			assert(f_idle && i_ix_answer);
		// the retry clock: a stamp restarts it, else it runs (or a
		// CSR write, a step's entry set the hint)
		assert(o_acq_wr == ((f_sem && i_sx_stamp) ? {1'b0, i_gwrap || i_now_wrap}
					: wr_run));
		assert(o_acq_wr <= 2'd3);
		// CTRL.RESET: wq_chan_reset's fields (the state DISABLED unless
		// the same write enables it; the reset sweep's fields cleared)
		if (f_idle && i_ix_answer && i_cw_reset)
			assert(o_in_seg == 1'b0 && f_cleared
				&& (o_state == `WQ_CH_DISABLED || i_cw_st)
				&& (o_err == 8'h0 || i_cw_err));
		if (f_idle && i_ix_clr && !i_ix_answer)
			assert(f_cleared);
		// a segment's end: out of the segment, the state settled
		if (f_leave && i_lv_adv)
			assert(!o_in_seg && o_gp_ne == i_nx_ne
				&& o_state == settle(i_state, 1'b0, i_nx_ne));
		// the way out's error (and not a segment's end with it)
		if (f_leave && i_lv_error && !i_lv_adv)
			assert(o_state == `WQ_CH_ERROR);
		// a wait started remembers its kind; one ended forgets it
		if (i_hs == H_METHOD && i_md_wait)
			assert(o_state == i_md_wk && o_wait_kind == i_md_wk
				&& o_wait_method != 2'd0);
		if (f_sem && i_sx_wait_w && !i_sx_end_wait)
			assert(o_state == i_sx_wait_st && o_wait_kind == i_sx_wait_st
				&& o_wait_method == WM_SEM);
		if (f_sem && i_sx_end_wait)
			assert(o_wait_kind == 4'h0 && o_wait_method == 2'd0
				&& o_state == settle(`WQ_CH_RUNNABLE, i_in_seg, i_gp_ne));
		// the errors a step raises have their codes
		if (i_hs == H_METHOD && i_md_unknown)
			assert(o_err == `WQ_CHERR_UNKNOWN_METHOD);
		if ((i_hs == H_LAUNCH || i_hs == H_LAUNCH2 || i_hs == H_LREAD
				|| i_hs == H_LCHK || i_hs == H_LRES || i_hs == H_LDW)
				&& i_lx_err_w)
			assert(o_err == `WQ_CHERR_BAD_LAUNCH);
	end

	// ---- covers ----------------------------------------------------------
	always @(*)
	begin
		c_reset:   cover(f_idle && i_ix_answer && i_cw_reset && i_gp_get != 0);
		c_seg_end: cover(f_leave && i_lv_adv && o_state != i_state);
		c_wait:    cover(i_hs == H_METHOD && i_md_wait);
		c_stamp:   cover(f_sem && i_sx_stamp && i_acq_wr == 2'd3);
		c_resume:  cover(f_sem && i_sx_end_wait && i_state == `WQ_CH_ACQ_WAIT);
	end
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
