////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_slice.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host scheduler's current channel and its slice: the
//		model's ctx->cur_ch, ctx->slice_left and ctx->host_slice
//		(cmodel/model/host_sched.c: switch_to, wq_host_after_step's
//		count, a HOST_SLICE write), with the next state that the
//		states' units decide (wq_host_idle's entry switch, a CSR
//		write of HOST_SLICE through wq_host_chan, wq_host_fast's
//		one-cycle step, wq_host_leave's count and leave switch),
//		applied in the same states as wq_host_seq applies the rest of
//		them (next-state logic apart from the registers, as Ibex
//		writes its state machines).
//
//		slice_left of the model is HOST_SLICE - slice_used: a fresh
//		slice is a flag (o_fresh: the count is 0 whatever it holds),
//		the count moves by one (the increments are the units': the
//		acquire count's incrementer on the way out, wq_host_fast's
//		for a one-cycle step), and the rule needs one equality
//		compare, kept as o_sl_end (slice_used == HOST_SLICE) when the
//		count moves, with o_hs_zero (HOST_SLICE == 0).  With FAST the
//		count (o_slu) and HOST_SLICE - 1 (o_hslm1: the count before a
//		step that ends the slice, so the equality compares a register
//		with the count's register, not with its incrementer's sum) are
//		flip-flops; with FAST = 0 the count and HOST_SLICE are the
//		channel RAM words A_SLU and A_HSL (wq_host_seq writes them) and
//		these two are left unused.
//
//		Instantiated by wq_host_scheduler (u_slice, inside wq_host_if).
//		docs/rtl/wq_host_slice.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (its registers load the step's latest decisions -- the leave and entry
// switches, the one-cycle step's verdict -- at their last LUT, one part of
// the host's cycle: scripts/area.sh maps it inside its parent, as the
// board's flattened netlist does)
(* wq_area_inline *)
module wq_host_slice #(
		parameter	FAST = 1,	// wq_host_if's FAST
		parameter	CW   = 2,	// the channel number's width
		parameter [31:0] HOST_SLICE_RESET = 64
	) (
		input	wire		i_clk,
		input	wire		i_reset,
		input	wire	[5:0]	i_hs,		// the sequencer's state
		// outside a step: the entry switch (wq_host_idle) to i_nx_cur;
		// a CSR access answered (wq_host_idle) that writes HOST_SLICE
		// (wq_host_chan) with i_csr_wdata
		input	wire		i_ix_switch,
		input	wire	[CW-1:0]	i_nx_cur,
		input	wire		i_ix_answer,
		input	wire		i_cw_hsl,
		input	wire	[31:0]	i_csr_wdata,
		// (FAST) a one-cycle step (wq_host_hdr) and its slice
		// (wq_host_fast: the count after it, the slice ends with it,
		// and then its sl_end)
		input	wire		i_gh_fast,
		input	wire	[31:0]	i_fm_slu1,
		input	wire		i_fm_sl_eq,
		input	wire		i_fm_end,
		// the way out (wq_host_leave): the count moves (to
		// i_sl_used1; the slice ends with it: o_sl_eq1), the leave
		// switch to i_nx_sc, a slice that ended alone; (FAST = 0)
		// HOST_SLICE on the channel RAM's read port (A_HSL, read for
		// the way out)
		input	wire		i_lv_sl_inc,
		input	wire	[31:0]	i_sl_used1,
		input	wire	[31:0]	i_hsl_rd,
		input	wire		i_lv_switch,
		input	wire	[CW-1:0]	i_nx_sc,
		input	wire		i_lv_fresh,
		// the registers
		output	reg	[CW-1:0]	o_cur_ch,
		output	reg		o_fresh,	// a fresh slice (count 0)
		output	reg		o_sl_end,	// slice_used == HOST_SLICE
		output	reg		o_hs_zero,	// HOST_SLICE == 0
		output	reg	[31:0]	o_hslm1,	// (FAST) HOST_SLICE - 1
		output	reg	[31:0]	o_slu,		// (FAST) slice_used, while !o_fresh
		// the way out's count ends the slice (i_sl_used1 ==
		// HOST_SLICE): with FAST the flip-flop o_sl_eq below
		output	wire		o_sl_eq1,
		// (FAST) the next step ends the slice: the count (0 in a fresh
		// slice) is HOST_SLICE - 1 -- a flip-flop kept with the count,
		// the one-cycle step's verdict's input (wq_host_fast)
		output	reg		o_sl_eq
	);

	// verilator lint_off UNUSEDPARAM
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM

	////////////////////////////////////////////////////////////////////////
	//
	// The end-of-slice test on the way out
	//
	// With FAST the count the way out increments is slice_used (0 in a
	// fresh slice, else o_slu; the sequencer loads it into the acquire
	// count before H_LEAVE): so the test is o_sl_eq, the flip-flop kept
	// exact below, and the leave decision starts at a register
	// (wq_host_scheduler's FORMAL section asserts it equal to the compare
	// on the acquire count in H_LEAVE).  FAST = 0 compares the
	// incremented count with the RAM word A_HSL.
	assign	o_sl_eq1 = (FAST != 0) ? o_sl_eq : (i_sl_used1 == i_hsl_rd);

	////////////////////////////////////////////////////////////////////////
	//
	// The next step's end-of-slice test (FAST)
	//
	// o_sl_eq is the compare of the count (0 when fresh) with HOST_SLICE
	// - 1, kept exact every cycle: each write below of the count, the
	// fresh flag or HOST_SLICE - 1 writes it too, with the compare of
	// what they become made from the registers as they are (a fresh
	// slice: HOST_SLICE - 1 = 0; the count one on: the count + 1 against
	// HOST_SLICE - 1; a HOST_SLICE write: the value is 1), so the
	// one-cycle step's verdict reads a flip-flop, not a 32-bit compare
	// behind the fresh flag's multiplexer
	// (the count one on against HOST_SLICE - 1 is the count against
	// HOST_SLICE - 2, hslm2, kept beside it: an equality of two
	// registers, not an incrementer's carry in front of a compare)
	wire	[31:0]	slu_eff = o_fresh ? 32'h0 : o_slu;
	reg	[31:0]	hslm2;
	wire		eq_zero = (o_hslm1 == 32'h0);
	wire		eq_inc  = (slu_eff == hslm2);

	////////////////////////////////////////////////////////////////////////
	//
	// The next state
	//
	// (*_r: every state's decision but the latest ones, applied below)
	wire		fresh_r, sl_end_r, hs_zero_d, sl_eq_r;
	wire	[31:0]	hslm1_d, hslm2_d, slu_r;
	`WQ_HOST_NEXT(w_fresh, fresh_we, fresh_n, fresh_r, o_fresh, 1)
	`WQ_HOST_NEXT(w_sl_end, sl_end_we, sl_end_n, sl_end_r, o_sl_end, 1)
	`WQ_HOST_NEXT(w_hs_zero, hs_zero_we, hs_zero_n, hs_zero_d, o_hs_zero, 1)
	`WQ_HOST_NEXT(w_hslm1, hslm1_we, hslm1_n, hslm1_d, o_hslm1, 32)
	`WQ_HOST_NEXT(w_hslm2, hslm2_we, hslm2_n, hslm2_d, hslm2, 32)
	`WQ_HOST_NEXT(w_slu, slu_we, slu_n, slu_r, o_slu, 32)
	`WQ_HOST_NEXT(w_sl_eq, sl_eq_we, sl_eq_n, sl_eq_r, o_sl_eq, 1)

	always @(*)
	begin
		`WQ_HOST_HOLD(fresh_we, fresh_n, 1)
		`WQ_HOST_HOLD(sl_end_we, sl_end_n, 1)
		`WQ_HOST_HOLD(hs_zero_we, hs_zero_n, 1)
		`WQ_HOST_HOLD(hslm1_we, hslm1_n, 32)
		`WQ_HOST_HOLD(hslm2_we, hslm2_n, 32)
		`WQ_HOST_HOLD(slu_we, slu_n, 32)
		`WQ_HOST_HOLD(sl_eq_we, sl_eq_n, 1)
		case (i_hs)
		// outside a step: the entry switch; HOST_SLICE written (a
		// fresh slice: the count restarts)
		H_INIT, H_IDLE, H_CSR1, H_CLR, H_CSR2: begin
			// (the entry switch: below)
			if (i_ix_answer && i_cw_hsl)
			begin
				if (FAST != 0)
				begin
					w_hslm1(i_csr_wdata - 32'h1);
					w_hslm2(i_csr_wdata - 32'h2);
				end
				w_fresh(1'b1);
				w_sl_eq((i_csr_wdata == 32'h1));
				w_hs_zero((i_csr_wdata == 32'h0));
				w_sl_end((i_csr_wdata == 32'h0));
			end
		end
		// (FAST) a one-cycle step counts: below
		// the way out: the count, the leave switch, or a slice that
		// ended alone (a fresh one)
		H_ERR, H_AFTER, H_AW, H_LVW, H_LV2, H_LEAVE: begin
			if (i_lv_sl_inc)
			begin
				// (FAST = 0: the count is A_SLU, wq_host_seq's)
				if (FAST != 0)
					w_slu(i_sl_used1);
				w_fresh(1'b0);
				w_sl_eq(eq_inc);
				w_sl_end(o_sl_eq1);
			end
			// (the leave switch, a slice that ended alone: below)
		end
		default: ;
		endcase
	end

	// The latest decisions, each at the last LUT of the registers it
	// writes, after the rest (*_r): the one-cycle step's
	// verdict, in the walk's states (the slice ends with no other
	// channel with work: a fresh one), then the switches -- the entry
	// switch in H_IDLE (wq_host_pick's, behind the scheduler's pick),
	// the leave switch in H_LEAVE -- and a slice that ended alone, each a
	// fresh slice (the model's switch_to: cur_ch, and the count 0),
	// so their OR selects it.  None comes in
	// another state, nor the entry switch with a CSR answer (wq_host_hdr's
	// o_fast, wq_host_idle's o_switch, wq_host_leave's o_switch and
	// o_fresh; the contract in the FORMAL section)
	wire		fs_go = i_gh_fast && !o_sl_end;
	wire	[31:0]	slu_d    = fs_go ? i_fm_slu1 : slu_r;
	wire		fresh_f  = fs_go ? i_fm_sl_eq : fresh_r;
	wire		sl_eq_f  = fs_go ? (o_sl_eq ? eq_zero : eq_inc) : sl_eq_r;
	wire		sl_end_f = fs_go ? i_fm_end : sl_end_r;
	wire		fr_new = i_ix_switch || i_lv_switch || i_lv_fresh;
	wire	[CW-1:0]	cur_ch_d = i_lv_switch ? i_nx_sc : i_ix_switch ? i_nx_cur : o_cur_ch;
	wire		fresh_d  = fr_new || fresh_f;
	wire		sl_eq_d  = fr_new ? eq_zero : sl_eq_f;
	wire		sl_end_d = fr_new ? o_hs_zero : sl_end_f;

	////////////////////////////////////////////////////////////////////////
	//
	// The registers
	//
	always @(posedge i_clk)
	if (i_reset)
	begin
		o_cur_ch  <= 0;
		o_fresh   <= 1'b1;
		o_sl_end  <= (HOST_SLICE_RESET == 0);
		o_hs_zero <= (HOST_SLICE_RESET == 0);
		o_hslm1   <= HOST_SLICE_RESET - 32'h1;
		hslm2     <= HOST_SLICE_RESET - 32'h2;
		o_slu     <= 32'h0;
		o_sl_eq   <= (HOST_SLICE_RESET == 32'h1);
	end else begin
		o_cur_ch  <= cur_ch_d;
		o_fresh   <= fresh_d;
		o_sl_end  <= sl_end_d;
		o_hs_zero <= hs_zero_d;
		o_hslm1   <= hslm1_d;
		hslm2     <= hslm2_d;
		o_slu     <= slu_d;
		o_sl_eq   <= sl_eq_d;
	end

`ifdef FORMAL
	// ---- formal properties (jobs host_slice, host_slice_0) --------------
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;
	always @(*)
	if (!f_past_valid)
		assume(i_reset);
	// (FAST = 0: no one-cycle step, wq_host_hdr's contract): assumed when
	// the unit is the job's top (FORMAL_HOST_SLICE_TOP), asserted inside
	// the host interface, which must keep it
`ifdef FORMAL_HOST_SLICE_TOP
`define	WQ_F_IN	assume
`else
`define	WQ_F_IN	assert
`endif
	always @(*)
	if (f_past_valid && !i_reset && FAST == 0)
		`WQ_F_IN(!i_gh_fast);
	// the one-cycle step only in the walk, the leave decision only on
	// the way out (the order of the latest decisions above)
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		if (i_gh_fast)
			`WQ_F_IN(hs_in_hdr(i_hs));
		if (i_lv_switch || i_lv_fresh)
			`WQ_F_IN(hs_in_leave(i_hs));
		if (i_ix_switch)
			`WQ_F_IN(hs_in_idle(i_hs) && !i_ix_answer);
	end
	// (FAST) the counts the units give are the count one on -- the
	// one-cycle step's (wq_host_fast's incrementer, and its end test is
	// this unit's o_sl_eq) and the way out's (the acquire count's
	// incrementer on att_q, the count as H_LEAVE holds it)
	always @(*)
	if (f_past_valid && !i_reset && FAST != 0)
	begin
		if (hs_in_hdr(i_hs) && i_gh_fast && !o_sl_end)
			`WQ_F_IN(i_fm_slu1 == slu_eff + 32'h1 && i_fm_sl_eq == o_sl_eq);
		if (hs_in_leave(i_hs) && i_lv_sl_inc)
			`WQ_F_IN(i_sl_used1 == slu_eff + 32'h1);
	end
`undef	WQ_F_IN

	wire	f_idle  = hs_in_idle(i_hs);
	wire	f_hdr   = hs_in_hdr(i_hs);
	wire	f_leave = hs_in_leave(i_hs);
	wire	f_hsl_w = f_idle && i_ix_answer && i_cw_hsl;

	// HOST_SLICE as written: hs_zero is exact, and (FAST) the copy is it
	// less one
	reg	[31:0]	f_hslice;
	always @(posedge i_clk)
	if (i_reset)
		f_hslice <= HOST_SLICE_RESET;
	else if (f_hsl_w)
		f_hslice <= i_csr_wdata;
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		assert(o_hs_zero == (f_hslice == 32'h0));
		if (FAST != 0)
			assert(o_hslm1 == f_hslice - 32'h1 && hslm2 == f_hslice - 32'h2
				&& o_sl_eq == (slu_eff == o_hslm1));
		else
			assert(o_hslm1 == HOST_SLICE_RESET - 32'h1
				&& hslm2 == HOST_SLICE_RESET - 32'h2 && o_slu == 32'h0);
	end

	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset))
	begin
		// the current channel moves only by a switch: on entry
		// outside a step, on the way out
		if (o_cur_ch != $past(o_cur_ch))
			assert(($past(f_idle) && $past(i_ix_switch))
				|| ($past(f_leave) && $past(i_lv_switch)));
		if ($past(f_leave) && $past(i_lv_switch))
			assert(o_cur_ch == $past(i_nx_sc));
		if ($past(f_idle) && $past(i_ix_switch) && !$past(f_hsl_w))
			assert(o_cur_ch == $past(i_nx_cur));
		// a switch or a HOST_SLICE write: a fresh slice, its end
		// exact (HOST_SLICE == 0)
		if (($past(f_idle) && ($past(i_ix_switch) || $past(f_hsl_w)))
				|| ($past(f_leave) && ($past(i_lv_switch) || $past(i_lv_fresh))))
			assert(o_fresh && o_sl_end == o_hs_zero);
		// the count moves only on the way out or in a one-cycle step
		// (and then not past a slice's end)
		if (o_slu != $past(o_slu))
			assert(FAST != 0 && (($past(f_leave) && $past(i_lv_sl_inc))
				|| ($past(f_hdr) && $past(i_gh_fast) && !$past(o_sl_end))));
		if (!o_fresh && $past(o_fresh))
			assert(($past(f_leave) && $past(i_lv_sl_inc))
				|| ($past(f_hdr) && $past(i_gh_fast)));
		// nothing else moves the slice
		if (!$past(f_idle) && !$past(f_hdr) && !$past(f_leave))
			assert(o_cur_ch == $past(o_cur_ch) && o_fresh == $past(o_fresh)
				&& o_sl_end == $past(o_sl_end) && o_slu == $past(o_slu)
				&& o_hslm1 == $past(o_hslm1) && hslm2 == $past(hslm2));
	end

	// ---- covers: a switch on entry and on the way out, a HOST_SLICE
	// write, the count moving, a slice ending ---------------------------
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset))
	begin
		c_entry:  cover($past(f_idle && i_ix_switch) && o_cur_ch != $past(o_cur_ch));
		c_leave:  cover($past(f_leave && i_lv_switch) && o_cur_ch != $past(o_cur_ch));
		c_hsl:    cover($past(f_hsl_w) && o_hs_zero);
		c_count:  cover(!o_fresh && $past(o_fresh));
		c_end:    cover(o_sl_end && !$past(o_sl_end) && !o_hs_zero);
	end
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
