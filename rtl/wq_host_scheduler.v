////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_scheduler.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host scheduler (the model's host_sched.c: wq_host_pick,
//		wq_host_due, wq_host_after_step, switch_to and the slice) as one
//		unit of the host interface: its decisions (wq_host_sched,
//		combinational), the current channel and its slice
//		(wq_host_slice), and the registers between them and the step
//		sequencer -- the leave decision's registered pick (sc_oh_q),
//		the retry rule's registered half (dq_pre) and the burst's hold
//		flag (wt_kept).  Each register is written from the state it
//		derives from, apart from its next value's logic (the
//		decisions'), as Ibex writes its state machines.
//		Instantiated by wq_host_if (u_schd), between the step
//		sequencer (wq_host_step), whose registers and per-channel views
//		it reads and whose states act on its decisions, and the reads
//		ahead (the hold flag's end of a step).  docs/rtl/wq_host_scheduler.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (i_f_*, the slice count's shadow's view of the CSR port and the
// one-cycle step: under FORMAL, and in scripts/formal.sh's wq_host_if
// jobs, which read this unit with WQ_HOST_SCHD_F whether or not with its
// own properties, as wq_host_if connects them under FORMAL)
`ifdef FORMAL
`define WQ_HOST_SCHD_F
`endif

// (its registers sit in the middle of its parent's cycle, between the
// sequencer's registers and its next state: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_scheduler #(
		parameter	CHANNELS = 4,	// 1..16
		// 1: bursts and the slice's flip-flops (wq_host_sched,
		// wq_host_slice); 0: one step a grant
		parameter	FAST = 1,
		parameter [31:0] HOST_SLICE_RESET = 64,
		// derived (leave at their defaults): the channel number's
		// width, the retry hint's (wq_host_if's RHW)
		parameter	CW = (CHANNELS > 1) ? $clog2(CHANNELS) : 1,
		parameter	RHW = 6
	) (
		input	wire		i_clk,
		input	wire		i_reset,
		// ---- the step sequencer (wq_host_step's registers) ---------------
		input	wire	[5:0]	i_hs,		// the state
		input	wire	[CW-1:0]	i_sc,		// the step's channel
		input	wire	[`WQ_STEP_W-1:0]	i_res,	// the step's result
		input	wire		i_yielded,
		input	wire		i_word_switch,	// SEM_EXECUTE's ACQUIRE_SWITCH
		// the step's channel's state, work and RUNNABLE as the leave
		// decision reads them, registered a cycle ahead (wq_host_step's
		// lv_st_q, lv_hw_q, lv_run_q: the channel's in H_LEAVE)
		input	wire	[3:0]	i_lv_st,
		input	wire		i_lv_hw, i_lv_run,
		// a step begins (a grant, or a burst's next step) and the step's
		// pulse (wq_host_if's o_step_valid)
		input	wire		i_g_start,
		input	wire		i_step_valid,
		// ---- every channel's views (u_step's wq_host_cst; channel c at
		// bits c, 4c+3:4c, RHW*c+RHW-1:RHW*c) --------------------------------
		input	wire	[4*CHANNELS-1:0]	i_state_all,
		input	wire	[CHANNELS-1:0]	i_gp_ne_all,
		input	wire	[CHANNELS-1:0]	i_in_seg_all,
		input	wire	[RHW*CHANNELS-1:0]	i_acq_rh_all,
		// ---- the pick ---------------------------------------------------------
		input	wire		i_engine_idle,
		input	wire		i_can_launch,
		// another unit waits for the lock (a burst ends)
		input	wire		i_ev_wait,
		output	wire	[CHANNELS-1:0]	o_has_work,
		output	wire	[CW:0]	o_nx_cur,	// {found, channel} after cur_ch
		output	wire	[CW-1:0]	o_cand,	// the channel a tick would serve
		output	wire		o_want,		// ... and it would do something
		output	wire		o_cand_acq,	// the candidate is in ACQ_WAIT
		output	wire	[3:0]	o_cand_st,	// ... its state, segment flag and
		output	wire		o_cand_seg,	// GP_GET != GP_PUT
		output	wire		o_cand_ne,
		// ---- the retry rule (H_DUEA, H_DUEB) ------------------------------
		// the channel RAM's read word (ACQ_RETRY in H_DUEA, acq_last in
		// H_DUEB; FAST = 0: HOST_SLICE on the way out) and the grant's
		// `now` (gt: ticks); ACQ_RETRY in the acquire count (H_DUEB);
		// the step channel's wraps of `now` since its stamp, and whether
		// `now` wrapped since the grant
		input	wire	[31:0]	i_cm_rd,
		input	wire	[31:0]	i_gt,
		input	wire	[31:0]	i_att_q,
		input	wire	[1:0]	i_acq_wr,
		input	wire		i_gwrap,
		output	wire		o_dq_due,
		output	wire	[31:0]	o_dq_rem,
		// ---- the leave decision (H_LEAVE) -----------------------------------
		// the reads ahead (the hold flag: the step ends) and the posted
		// writes
		input	wire		i_pf_busy,
		input	wire		i_pf_cont,
		input	wire	[1:0]	i_wr_pend,
		output	wire	[CW:0]	o_nx_sc,	// {found, channel} after sc
		output	wire		o_sl_inc,
		output	wire	[7:0]	o_why,
		output	wire		o_why_v,
		output	wire		o_nx_same,
		output	wire		o_nx_run,
		output	wire		o_nx_more,
		// ---- the current channel and its slice (wq_host_slice) ----------
		// the entry switch, a CSR write of HOST_SLICE answered
		// (wq_host_idle, wq_host_chan), a one-cycle step (wq_host_hdr,
		// wq_host_fast), the way out (wq_host_leave): wq_host_slice's
		// inputs of the same names; the way out's count (the acquire
		// count's incrementer, i_att_nx)
		input	wire		i_ix_switch,
		input	wire		i_ix_answer,
		input	wire		i_cw_hsl,
		input	wire	[31:0]	i_csr_wdata,
		input	wire		i_gh_fast,
		input	wire	[31:0]	i_fm_slu1,
		input	wire		i_fm_sl_eq,
		input	wire		i_fm_end,
		input	wire		i_lv_sl_inc,
		input	wire	[31:0]	i_att_nx,
		input	wire		i_lv_switch,
		input	wire		i_lv_fresh,
		output	wire	[CW-1:0]	o_cur_ch,
		output	wire		o_sl_fresh,	// a fresh slice
		output	wire		o_sl_end,	// slice_used == HOST_SLICE
		output	wire		o_hs_zero,	// HOST_SLICE == 0
		output	wire		o_sl_eq,	// (FAST) the next step ends the slice
		output	wire	[31:0]	o_slu		// (FAST) slice_used
`ifdef WQ_HOST_SCHD_F
		// (the slice's shadow below: a CSR write of HOST_SLICE as the
		// port carries it, and the one-cycle step as wq_host_fast
		// decides it)
		, input	wire		i_f_csr_we,
		input	wire	[11:0]	i_f_csr_addr,
		input	wire		i_f_csr_bad,
		input	wire		i_f_fm_fire
`endif
	);

	// verilator lint_off UNUSEDPARAM
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM

	////////////////////////////////////////////////////////////////////////
	//
	// The registers beside the decisions
	//
	// wq_host_due's half that needs no RAM word of H_DUEB: ACQ_RETRY - 1 -
	// ticks, exact (docs/rtl/wq_host_if.md, "The retry rule's half"),
	// taken in H_DUEA with ACQ_RETRY on the read port
	reg	[33:0]	dq_pre;
	always @(posedge i_clk)
	if (i_hs == H_DUEA)
		dq_pre <= {2'b0, i_cm_rd} + ~{2'b0, i_gt};

	// The leave decision's pick (the next channel with work after sc,
	// one-hot), this cycle's and registered: the decision reads the
	// register, this cycle's pick wherever sc did not change on the edge
	// (the FORMAL section asserts it in H_LEAVE, H_HDR and H_DATA)
	// ... and what the burst tests of the channel picked, registered with
	// it: it is RUNNABLE (pk_run_q), it is in ACQ_WAIT with its retry hint
	// at 0 (pk_wacq_q).  The picked channel is not sc, whose fields alone
	// change within a step, and its retry hint counts down one a cycle
	// (wq_host_cst), so at 0 next cycle is at most 1 now: a cycle ahead,
	// they are the pick's where the decision reads them, not behind every
	// channel's state tests and the pick's AND-OR
	wire	[CHANNELS-1:0]	sc_oh;
	reg	[CHANNELS-1:0]	sc_oh_q;
	reg		pk_run_q, pk_wacq_q;
	wire	[CHANNELS-1:0]	run_all, acq_all, rh_le1_all;
	always @(posedge i_clk)
	begin
		sc_oh_q   <= sc_oh;
		pk_run_q  <= |(sc_oh & run_all);
		pk_wacq_q <= |(sc_oh & acq_all & rh_le1_all);
	end
`ifndef SYNTHESIS
`ifndef FORMAL
`ifndef YOSYS
	// (checked in simulation too: the formal job has one channel)
	always @(posedge i_clk)
	if (!i_reset && (i_hs == H_LEAVE || i_hs == H_HDR || i_hs == H_DATA) && sc_oh_q != sc_oh)
	begin
		$display("wq_host_scheduler: the registered pick after channel %0d is %b, this cycle's %b (state %0d)",
			i_sc, sc_oh_q, sc_oh, i_hs);
		$stop;
	end else if (!i_reset && i_hs == H_LEAVE && (pk_run_q != |(sc_oh_q & run_all)
			|| pk_wacq_q != |(sc_oh_q & acq_all & rh_zero_all)))
	begin
		$display("wq_host_scheduler: the pick's registered RUNNABLE %b, ACQ_WAIT with the hint at 0 %b are not channel %b's (after %0d)",
			pk_run_q, pk_wacq_q, sc_oh_q, i_sc);
		$stop;
	end
`endif
`endif
`endif

	// A burst (FAST): after a step the host keeps the lock when its next
	// tick would serve a runnable channel and no other unit waits; a
	// waiting channel ends it, but once a hold (wt_kept) a switch to
	// another channel in ACQ_WAIT whose retry may be due goes on
	// (docs/rtl/wq_host_sched.md).  The hold went on into a waiting
	// channel (nx_wacq, the step ending in H_LEAVE): not again until a
	// fresh grant
	reg		wt_kept;
	always @(posedge i_clk)
	if (i_reset || FAST == 0)
		wt_kept <= 1'b0;
	else if (i_g_start && !i_step_valid)
		wt_kept <= 1'b0;
	else if (i_hs == H_LEAVE && (!i_pf_busy || i_pf_cont) && i_wr_pend == 2'd0
			&& o_nx_more && !o_nx_run)
		wt_kept <= 1'b1;

	////////////////////////////////////////////////////////////////////////
	//
	// The decisions (wq_host_sched) and the slice (wq_host_slice)
	//
	// the retry hints at 0 (and at most 1: at 0 next cycle), every
	// channel's RUNNABLE and ACQ_WAIT
	wire	[CHANNELS-1:0]	rh_zero_all;
	genvar	sv;
	generate for (sv = 0; sv < CHANNELS; sv = sv + 1)
	begin : g_sched_view
		assign	rh_zero_all[sv] = (i_acq_rh_all[RHW*sv +: RHW] == 0);
		assign	rh_le1_all[sv]  = (i_acq_rh_all[RHW*sv +: RHW] <= 1);
		assign	run_all[sv] = (i_state_all[4*sv +: 4] == `WQ_CH_RUNNABLE);
		assign	acq_all[sv] = (i_state_all[4*sv +: 4] == `WQ_CH_ACQ_WAIT);
	end endgenerate

	// (the way out's count ends the slice: u_slice's, with FAST a
	// flip-flop)
	wire		sl_eq1;

	wq_host_sched #(.CHANNELS(CHANNELS), .FAST(FAST)) u_sched (
		.i_state(i_state_all), .i_gp_ne(i_gp_ne_all), .i_in_seg(i_in_seg_all),
		.i_rh_zero(rh_zero_all),
		.i_cur_ch(o_cur_ch), .i_engine_idle(i_engine_idle), .i_can_launch(i_can_launch),
		.o_has_work(o_has_work), .o_nx_cur(o_nx_cur), .o_cand(o_cand), .o_want(o_want),
		.o_cand_acq(o_cand_acq), .o_cand_st(o_cand_st), .o_cand_seg(o_cand_seg),
		.o_cand_ne(o_cand_ne),
		.i_ticks(i_gt), .i_last(i_cm_rd), .i_retry(i_att_q), .i_pre(dq_pre),
		.i_acq_wr(i_acq_wr), .i_gwrap(i_gwrap), .o_dq_due(o_dq_due), .o_dq_rem(o_dq_rem),
		.i_sc(i_sc), .i_sc_st(i_lv_st), .i_sc_hw(i_lv_hw), .i_sc_run(i_lv_run),
		.i_res(i_res), .i_yielded(i_yielded), .i_word_switch(i_word_switch),
		.i_hs_zero(o_hs_zero), .i_sl_end(o_sl_end), .i_sl_eq1(sl_eq1),
		.i_wt_kept(wt_kept), .i_ev_wait(i_ev_wait),
		.o_sc_oh(sc_oh), .i_sc_oh(sc_oh_q), .i_pk_run(pk_run_q), .i_pk_wacq(pk_wacq_q),
		.o_nx_sc(o_nx_sc), .o_sl_inc(o_sl_inc),
		.o_why(o_why), .o_why_v(o_why_v),
		.o_nx_same(o_nx_same), .o_nx_run(o_nx_run), .o_nx_more(o_nx_more));

	// the current channel and its slice: switch_to and the slice count,
	// from the states' units' decisions (FAST = 0: HOST_SLICE on the
	// channel RAM's read port on the way out); (FAST) HOST_SLICE - 1,
	// the slice's own (its formal properties' here)
	// verilator lint_off UNUSEDSIGNAL
	wire	[31:0]	hslm1;
	// verilator lint_on UNUSEDSIGNAL
	wq_host_slice #(.FAST(FAST), .CW(CW), .HOST_SLICE_RESET(HOST_SLICE_RESET))
	u_slice (
		.i_clk(i_clk), .i_reset(i_reset), .i_hs(i_hs),
		.i_ix_switch(i_ix_switch), .i_nx_cur(o_nx_cur[CW-1:0]),
		.i_ix_answer(i_ix_answer), .i_cw_hsl(i_cw_hsl), .i_csr_wdata(i_csr_wdata),
		.i_gh_fast(i_gh_fast), .i_fm_slu1(i_fm_slu1), .i_fm_sl_eq(i_fm_sl_eq),
		.i_fm_end(i_fm_end),
		.i_lv_sl_inc(i_lv_sl_inc), .i_sl_used1(i_att_nx), .i_hsl_rd(i_cm_rd),
		.i_lv_switch(i_lv_switch), .i_nx_sc(o_nx_sc[CW-1:0]), .i_lv_fresh(i_lv_fresh),
		.o_cur_ch(o_cur_ch), .o_fresh(o_sl_fresh), .o_sl_end(o_sl_end),
		.o_hs_zero(o_hs_zero), .o_hslm1(hslm1), .o_slu(o_slu), .o_sl_eq1(sl_eq1),
		.o_sl_eq(o_sl_eq));

`ifdef FORMAL
	////////////////////////////////////////////////////////////////////////
	//
	// Formal properties: checked inside wq_host_if's jobs (host_if_C1 ...,
	// which read the host's units with FORMAL), under the host's
	// assumptions of the top; the sequencer's registers these read are
	// wq_host_step's.
	//
	localparam integer	LAST_CH_I = CHANNELS - 1;
	localparam [CW-1:0]	LAST_CH = LAST_CH_I[CW-1:0];
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;

	// HOST_SLICE as written (the channel RAM word A_HSL) and the slice
	// count (A_SLU, 0 while sl_fresh) as the model keeps them
	reg	[31:0]	f_hslice, f_sused;
	always @(posedge i_clk)
	if (i_reset)
	begin
		f_hslice <= HOST_SLICE_RESET;
		f_sused  <= 32'h0;
	end else if (i_hs == H_CSR2 && i_f_csr_we && !i_f_csr_bad
			&& i_f_csr_addr == `WQ_CSR_HOST_SLICE)
	begin
		f_hslice <= i_csr_wdata;
		f_sused  <= 32'h0;
	end else if (i_g_start && !o_has_work[o_cur_ch] && o_nx_cur[CW])
		f_sused  <= 32'h0;
	else if (i_hs == H_LEAVE)
	begin
		if ((o_why_v && o_nx_sc[CW]) || (o_why_v && o_why == `WQ_SW_SLICE))
			f_sused <= 32'h0;
		else if (o_sl_inc)
			f_sused <= f_sused + 32'h1;
	end else if (i_f_fm_fire && !o_sl_end)	// (FAST) a one-cycle step
		f_sused <= i_fm_sl_eq ? 32'h0 : f_sused + 32'h1;

	always @(*)
	if (f_past_valid && !i_reset)
	begin
		assert(o_cur_ch <= LAST_CH);
		// the leave decision's registered pick is this cycle's where
		// it is read (sc has not changed since the step began)
		if (i_hs == H_LEAVE || i_hs == H_HDR || i_hs == H_DATA)
			assert(sc_oh_q == sc_oh);
		// ... and the burst's tests of the channel picked
		if (i_hs == H_LEAVE)
			assert(pk_run_q == |(sc_oh_q & run_all)
				&& pk_wacq_q == |(sc_oh_q & acq_all & rh_zero_all));
		// the slice count: at most HOST_SLICE, sl_end and hs_zero exact
		assert(f_sused <= f_hslice);
		assert(o_sl_end == (f_sused == f_hslice));
		if (o_sl_fresh)
			assert(f_sused == 32'h0);
		// H_LEAVE counts from att_q; (FAST) its end-of-slice test is
		// the compare on att_q
		if (i_hs == H_LEAVE)
			assert(i_att_q == f_sused);
		if (FAST != 0 && i_hs == H_LEAVE)
			assert(sl_eq1 == (i_att_q == hslm1));
		// (FAST) the flip-flop copies: HOST_SLICE, the slice count
		// while not fresh
		if (FAST != 0)
		begin
			assert(hslm1 == f_hslice - 32'h1);
			if (!o_sl_fresh)
				assert(o_slu == f_sused);
		end
		assert(o_hs_zero == (f_hslice == 32'h0));
		// u_sched's retry clock in H_DUEB, where its verdict is taken
		// (wq_host_sched's f_clk): acq_wr counts no fewer wraps of `now`
		// than gwrap, and with none since the stamp the grant's `now`
		// (gt) is not before acq_last (cm_rd)
		if (i_hs == H_DUEB)
			assert(i_acq_wr > {1'b0, i_gwrap}
				|| (i_acq_wr == {1'b0, i_gwrap} && i_gt >= i_cm_rd));
		// ... and its registered half (u_sched's f_pre)
		if (i_hs == H_DUEB)
			assert(dq_pre == {2'b0, i_att_q} + ~{2'b0, i_gt});
		// the hold flag only with bursts
		if (FAST == 0)
			assert(!wt_kept);
	end
`endif
endmodule
`undef WQ_HOST_SCHD_F
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
