////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_sched.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host scheduler's decisions (the model's host_sched.c),
//		combinational from the channels' views and the step's state:
//		which channels have work (wq_chan_has_work), the next channel
//		with work after a given one (round robin), whether to ask for
//		the event lock and for which channel (wq_host_pick), whether an
//		acquire retry is due (wq_host_due), and the leave decision
//		after a step (wq_host_after_step: the switch reason, the slice
//		count, and with FAST whether the next step keeps the lock).
//		Instantiated by wq_host_scheduler (u_sched, inside wq_host_if),
//		which holds the registers beside it (the registered pick and
//		its tests, the retry rule's half, the burst's hold flag) and
//		the slice; the step sequencer holds the rest these read (sc,
//		the retry clock, the step's channel's registered views) and
//		acts on the decisions; docs/rtl/wq_host_sched.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_sched #(
		parameter	CHANNELS = 4,	// 1..16
		// 1: bursts (o_nx_more); 0: one step a grant (o_nx_more 0)
		parameter	FAST = 1,
		// derived (leave at its default): the channel number's width
		parameter	CW = (CHANNELS > 1) ? $clog2(CHANNELS) : 1
	) (
		// ---- every channel (channel c at bits c, or 4c+3:4c) --------------
		input	wire	[4*CHANNELS-1:0]	i_state,	// chan_state
		input	wire	[CHANNELS-1:0]	i_gp_ne,	// GP_GET != GP_PUT
		input	wire	[CHANNELS-1:0]	i_in_seg,
		// the acquire retry hint says a retry may be due (acq_rh == 0)
		input	wire	[CHANNELS-1:0]	i_rh_zero,
		// ---- the pick ---------------------------------------------------------
		input	wire	[CW-1:0]	i_cur_ch,	// the channel being served
		input	wire		i_engine_idle,
		input	wire		i_can_launch,
		output	reg	[CHANNELS-1:0]	o_has_work,
		// the next channel with work after cur_ch: {found, channel}
		output	wire	[CW:0]	o_nx_cur,
		// the channel a tick would serve, and whether a tick would do
		// something (ask for the lock)
		output	wire	[CW-1:0]	o_cand,
		output	wire		o_want,
		// the candidate is in ACQ_WAIT (from the picks' one-hot and the
		// states' tests: no select of the candidate's state behind its
		// number)
		output	wire		o_cand_acq,
		// ... and its state, segment flag and GP_GET != GP_PUT, the same
		// way (what H_DUE dispatches on after the grant: wq_host_step's
		// dst_q)
		output	reg	[3:0]	o_cand_st,
		output	reg		o_cand_seg, o_cand_ne,
		// ---- the retry rule (H_DUEB) --------------------------------------
		// the grant's `now` (the model's ticks), acq_last, ACQ_RETRY; the
		// step channel's wraps of `now` since acq_last (saturating at 3)
		// and whether `now` wrapped since the grant
		input	wire	[31:0]	i_ticks,
		input	wire	[31:0]	i_last,
		input	wire	[31:0]	i_retry,
		// ACQ_RETRY - 1 - ticks on 34 bits, exact (wq_host_if's dq_pre,
		// registered in H_DUEA from ACQ_RETRY on the channel RAM's read
		// port: the rule's half that waits for no RAM word of H_DUEB)
		input	wire	[33:0]	i_pre,
		input	wire	[1:0]	i_acq_wr,
		input	wire		i_gwrap,
		output	wire		o_dq_due,
		// ACQ_RETRY - 1 - (ticks - acq_last): the cycles left, less one
		// (meaningful when not due; the hint's reload)
		output	wire	[31:0]	o_dq_rem,
		// ---- the leave decision (H_LEAVE) ----------------------------------
		input	wire	[CW-1:0]	i_sc,		// the step's channel
		// ... its state, whether it has work and is RUNNABLE, registered
		// a cycle ahead (wq_host_step's lv_st_q, lv_hw_q, lv_run_q: the
		// channel's in H_LEAVE, where the decision is read; its FORMAL
		// section asserts it), so the decision is not behind the
		// channel's select and every channel's work test
		input	wire	[3:0]	i_sc_st,
		input	wire		i_sc_hw, i_sc_run,
		input	wire	[`WQ_STEP_W-1:0]	i_res,	// the step's result
		input	wire		i_yielded,
		input	wire		i_word_switch,	// SEM_EXECUTE's ACQUIRE_SWITCH
		input	wire		i_hs_zero,	// HOST_SLICE == 0
		input	wire		i_sl_end,	// slice_used == HOST_SLICE
		input	wire		i_sl_eq1,	// slice_used + 1 == HOST_SLICE
		input	wire		i_wt_kept,	// a hold went on into a wait
		input	wire		i_ev_wait,	// another unit waits for the lock
		// the pick of the next channel with work after sc (o_sc_oh, this
		// cycle's, one-hot or none) and the same registered a cycle
		// before (wq_host_if's sc_oh_q: this cycle's wherever sc did not
		// change on the edge -- the other channels' fields change only
		// while sc names them -- so in H_LEAVE, H_HDR and H_DATA, where
		// the decisions below are read; wq_host_if's FORMAL section
		// asserts it there)
		output	wire	[CHANNELS-1:0]	o_sc_oh,
		input	wire	[CHANNELS-1:0]	i_sc_oh,
		// ... and what the burst tests of the channel it picks, registered
		// with it (wq_host_scheduler's pk_run_q, pk_wacq_q: the other
		// channels' states do not change within a step, and their retry
		// hints count down one a cycle, so a cycle ahead is this cycle's
		// where the pick is read): it is RUNNABLE; it is in ACQ_WAIT with
		// its retry hint at 0
		input	wire		i_pk_run, i_pk_wacq,
		// the next channel with work after sc: {found, channel} (from
		// i_sc_oh)
		output	wire	[CW:0]	o_nx_sc,
		// the slice count moves
		output	wire		o_sl_inc,
		// a switch's reason (o_why_v: the step leaves its channel, or
		// a fresh slice)
		output	reg	[7:0]	o_why,
		output	reg		o_why_v,
		// (FAST) the next step is the same channel's (no switch: the
		// channel a switch picks is another); it is runnable; the lock
		// is kept for it
		output	wire		o_nx_same,
		output	wire		o_nx_run,
		output	wire		o_nx_more
	);

	function is_wait;
		input	[3:0]	st;
		is_wait = (st == `WQ_CH_ACQ_WAIT) || (st == `WQ_CH_WFI_WAIT)
			|| (st == `WQ_CH_LAUNCH_WAIT);
	endfunction

	// the state of channel c
	function [3:0] st_of;
		input	[CW-1:0]	c;
		st_of = i_state[4*c +: 4];
	endfunction

	////////////////////////////////////////////////////////////////////////
	//
	// Work, and the next channel with work
	//
	// wq_chan_has_work: enabled, not in error, and ring entries, an open
	// segment or a pending wait
	integer	hc;
	always @(*)
	for (hc = 0; hc < CHANNELS; hc = hc + 1)
		o_has_work[hc] = (i_state[4*hc +: 4] != `WQ_CH_DISABLED)
			&& (i_state[4*hc +: 4] != `WQ_CH_ERROR)
			&& (i_gp_ne[hc] || i_in_seg[hc]
				|| is_wait(i_state[4*hc +: 4]));

	// The round robin as a one-hot pick: channel t is the next with work
	// after `from` when it has work, is not `from`, and no channel with
	// work lies between them.  Each bit is a function of `from` and the
	// work bits alone (the distances are constants per `from`), so the
	// pick is a two-level tree over the channels, not a chain of
	// CHANNELS - 1 tests; the channel's number is an OR of the bits'
	// numbers, found the OR of the bits.
	function [CW:0] rr_dist;	// (t - from) mod CHANNELS
		input	[CW-1:0]	from;
		input	[CW:0]	tt;
		begin
			rr_dist = (tt >= {1'b0, from}) ? tt - {1'b0, from}
				: tt + CHANNELS[CW:0] - {1'b0, from};
		end
	endfunction

	function [CHANNELS-1:0] next_oh;
		input	[CW-1:0]	from;
		input	[CHANNELS-1:0]	hw;
		integer		t, c;
		reg	[CW:0]	dt;
		reg		sel;
		begin
			for (t = 0; t < CHANNELS; t = t + 1)
			begin
				dt  = rr_dist(from, t[CW:0]);
				sel = hw[t] && dt != {(CW+1){1'b0}};
				for (c = 0; c < CHANNELS; c = c + 1)
					if (hw[c] && rr_dist(from, c[CW:0]) != {(CW+1){1'b0}}
							&& rr_dist(from, c[CW:0]) < dt)
						sel = 1'b0;
				next_oh[t] = sel;
			end
		end
	endfunction

	// {found, channel} of a one-hot pick (`from` when none)
	function [CW:0] oh_chan;
		input	[CW-1:0]	from;
		input	[CHANNELS-1:0]	oh;
		integer		t;
		reg	[CW-1:0]	n;
		begin
			n = {CW{1'b0}};
			for (t = 0; t < CHANNELS; t = t + 1)
				if (oh[t])
					n = n | t[CW-1:0];
			oh_chan = (oh != {CHANNELS{1'b0}}) ? {1'b1, n} : {1'b0, from};
		end
	endfunction

	wire	[CHANNELS-1:0]	cur_oh = next_oh(i_cur_ch, o_has_work);
	assign	o_sc_oh = next_oh(i_sc, o_has_work);
	// (the leave decision's pick: the register's, so it starts at a
	// flip-flop rather than behind every channel's work test and the
	// round robin's tree)
	wire	[CHANNELS-1:0]	sc_oh  = i_sc_oh;
	assign	o_nx_cur = oh_chan(i_cur_ch, cur_oh);
	assign	o_nx_sc  = oh_chan(i_sc, sc_oh);

	// every channel's state tests, side by side (the picks select them;
	// the leave decision's pick's are registered with it, i_pk_*)
	reg	[CHANNELS-1:0]	ch_acq, ch_wfi, ch_lwait;
	integer	sc_i;
	always @(*)
	for (sc_i = 0; sc_i < CHANNELS; sc_i = sc_i + 1)
	begin
		ch_acq[sc_i]   = (i_state[4*sc_i +: 4] == `WQ_CH_ACQ_WAIT);
		ch_wfi[sc_i]   = (i_state[4*sc_i +: 4] == `WQ_CH_WFI_WAIT);
		ch_lwait[sc_i] = (i_state[4*sc_i +: 4] == `WQ_CH_LAUNCH_WAIT);
	end

	////////////////////////////////////////////////////////////////////////
	//
	// The pick: request the lock when a tick would do something: a
	// switch, or a step that is due and not a no-op wait (a wait step is
	// still taken when it would leave for another channel)
	//
	// The candidate is cur_ch while it has work (its own state decides,
	// and the channel after it is o_nx_cur), else the next with work (a
	// switch: always asked for); some channel has work exactly when
	// either holds.
	wire		cur_hw  = o_has_work[i_cur_ch];
	assign	o_cand  = cur_hw ? i_cur_ch : o_nx_cur[CW-1:0];
	wire		cur_go  = ch_acq[i_cur_ch] ? i_rh_zero[i_cur_ch]
			: ch_wfi[i_cur_ch] ? (i_engine_idle || o_nx_cur[CW])
			: ch_lwait[i_cur_ch] ? (i_can_launch || o_nx_cur[CW])
			: 1'b1;
	assign	o_want  = (o_has_work != {CHANNELS{1'b0}}) && (!cur_hw || cur_go);
	assign	o_cand_acq = (cur_hw || cur_oh == {CHANNELS{1'b0}}) ? ch_acq[i_cur_ch]
			: ((cur_oh & ch_acq) != {CHANNELS{1'b0}});
	integer	cs_i;
	always @(*)
	begin
		o_cand_st  = 4'h0;
		o_cand_seg = 1'b0;
		o_cand_ne  = 1'b0;
		for (cs_i = 0; cs_i < CHANNELS; cs_i = cs_i + 1)
			if (cur_oh[cs_i])
			begin
				o_cand_st  = o_cand_st | i_state[4*cs_i +: 4];
				o_cand_seg = o_cand_seg | i_in_seg[cs_i];
				o_cand_ne  = o_cand_ne | i_gp_ne[cs_i];
			end
		if (cur_hw || cur_oh == {CHANNELS{1'b0}})
		begin
			o_cand_st  = i_state[4*i_cur_ch +: 4];
			o_cand_seg = i_in_seg[i_cur_ch];
			o_cand_ne  = i_gp_ne[i_cur_ch];
		end
	end

	////////////////////////////////////////////////////////////////////////
	//
	// wq_host_due: ACQ_RETRY cycles since the last attempt's grant
	//
	// ticks - acq_last = 2^32 * W + (ticks - acq_last) with W the wraps of
	// `now` between the two (acq_wr counts them up to now, gwrap those
	// since the grant); at 2^32 or more the rule is due whatever ACQ_RETRY.
	// (dq_lt: ticks < acq_last, the difference's borrow)
	wire		dq_lt  = i_ticks < i_last;
	wire	[1:0]	dq_w   = i_acq_wr - {1'b0, i_gwrap};
	wire		dq_sat = (i_acq_wr == 2'd3) || dq_w[1]
				|| (dq_w == 2'd1 && !dq_lt);
	// Under 2^32: since = (ticks - acq_last) mod 2^32, due at since >=
	// ACQ_RETRY.  With q = ACQ_RETRY - 1 - ticks + acq_last (exact, the
	// registered i_pre plus acq_last: one adder behind the RAM word, the
	// borrow beside it): ticks >= acq_last is since = ticks - acq_last,
	// due when q < 0; ticks < acq_last is since = ticks - acq_last + 2^32,
	// due when q < 2^32.  q mod 2^32 is ACQ_RETRY - 1 - since, the
	// cycles left, less one.
	wire	[33:0]	dq_q   = i_pre + {2'b0, i_last};
	assign	o_dq_rem = dq_q[31:0];
	assign	o_dq_due = dq_sat || dq_q[33] || (dq_lt && !dq_q[32]);
	// (ACQ_RETRY itself: the formal section's definition of the rule)
	// verilator lint_off UNUSEDSIGNAL
	wire	unused_retry = &{1'b0, i_retry};
	// verilator lint_on UNUSEDSIGNAL

	////////////////////////////////////////////////////////////////////////
	//
	// wq_host_after_step: the slice, the switch reason, the next step
	//
	wire	[3:0]	s_state = i_sc_st;
	assign	o_sl_inc   = (i_res == `WQ_STEP_DONE) && !i_sl_end;
	wire		sl_endnx = o_sl_inc ? i_sl_eq1 : i_sl_end;	// slice_left == 0

	always @(*)
	begin
		o_why_v = 1'b1;
		o_why   = `WQ_SW_EMPTY;
		if (i_res == `WQ_STEP_ERROR)
			o_why = `WQ_SW_ERROR;
		else if (s_state == `WQ_CH_ACQ_WAIT)
		begin
			o_why   = `WQ_SW_ACQUIRE;
			o_why_v = i_word_switch;
		end else if (s_state == `WQ_CH_WFI_WAIT || s_state == `WQ_CH_LAUNCH_WAIT)
			o_why = `WQ_SW_WAIT;
		else if (i_yielded)
			o_why = `WQ_SW_YIELD;
		else if (!i_sc_hw)
			o_why = `WQ_SW_EMPTY;
		else if (!i_hs_zero && sl_endnx)
			o_why = `WQ_SW_SLICE;
		else
			o_why_v = 1'b0;
	end

	// A burst (FAST): after a step, the host keeps the lock when its next
	// tick would serve a runnable channel (the one the leave decision
	// moves to, or the same) and no other unit waits.  A waiting channel
	// ends the burst (its tick may do nothing: the retry rule, an engine
	// not idle; and the other units are what it waits for), but for one
	// case, once a hold (wt_kept): a switch to another channel in
	// ACQ_WAIT whose retry the hint says may be due -- so a hold tries
	// the acquires of two waiting channels, not one, and a release is
	// seen a lock hand-over sooner.
	// The step switches (sw) exactly when the leave decision leaves and
	// another channel has work; the channel switched to has work (the
	// pick's), so each outcome is the pick's one-hot selecting the
	// channels' own tests, in parallel with the decision, which only
	// chooses between the switch's outcome and the same channel's.
	wire		sw      = o_why_v && o_nx_sc[CW];
	assign	o_nx_same = !sw;
	assign	o_nx_run  = sw ? i_pk_run : i_sc_run;
	// (a switch to another channel in ACQ_WAIT whose retry may be due)
	wire		nx_wacq = sw && !i_wt_kept && i_pk_wacq;
	// (without a switch the channel stays: it must still have work)
	assign	o_nx_more = (FAST != 0) && !i_ev_wait && (sw || i_sc_hw)
			&& (o_nx_run || nx_wacq);

`ifdef FORMAL
	// ---- formal properties (job host_sched in scripts/formal.sh) -------
	// Combinational: every property holds for any inputs but the channel
	// numbers, which name channels (assumed when the unit is the job's
	// top, FORMAL_HOST_SCHED_TOP; asserted inside the host interface,
	// which must keep them).  The retry rule's properties hold for a
	// retry clock as wq_host_if keeps it (f_clk: no fewer wraps of `now`
	// since the stamp than since the grant, and with none since the stamp
	// the grant is not before it): assumed at the unit's job; inside the
	// host the rule's inputs are shared buses that carry the clock only
	// in H_DUEB, where wq_host_if's section asserts f_clk's relation.
	wire	f_clk = (i_acq_wr > {1'b0, i_gwrap})
			|| (i_acq_wr == {1'b0, i_gwrap} && i_ticks >= i_last);
	// (and the registered half, i_pre, is ACQ_RETRY - 1 - ticks: in
	// H_DUEB, asserted there by wq_host_if's section)
	wire	f_pre = (i_pre == {2'b0, i_retry} + ~{2'b0, i_ticks});
`ifdef FORMAL_HOST_SCHED_TOP
`define	WQ_F_IN	assume
	always @(*)
		assume(f_clk && f_pre);
`else
`define	WQ_F_IN	assert
`endif
	always @(*)
	begin
		`WQ_F_IN({{(32-CW){1'b0}}, i_cur_ch} < CHANNELS);
		`WQ_F_IN({{(32-CW){1'b0}}, i_sc} < CHANNELS);
	end
`undef	WQ_F_IN

	// (the leave decision's properties hold with the registered pick
	// this cycle's, f_oh, and the step's channel's registered views,
	// f_sv: as wq_host_scheduler and wq_host_step keep them where they
	// are read)
	reg	[CHANNELS-1:0]	f_run;
	integer	fr;
	always @(*)
	for (fr = 0; fr < CHANNELS; fr = fr + 1)
		f_run[fr] = (i_state[4*fr +: 4] == `WQ_CH_RUNNABLE);
	// (the next step's channel)
	wire	[CW-1:0]	f_nx_step = sw ? o_nx_sc[CW-1:0] : i_sc;
	wire	f_oh = (i_sc_oh == o_sc_oh) && (i_pk_run == |(i_sc_oh & f_run))
			&& (i_pk_wacq == |(i_sc_oh & ch_acq & i_rh_zero));
	wire	f_sv = (i_sc_st == st_of(i_sc)) && (i_sc_hw == o_has_work[i_sc])
			&& (i_sc_run == (st_of(i_sc) == `WQ_CH_RUNNABLE));

	// the round robin: the channel found is the first with work after
	// `from` (none between them has work), and none found means no other
	// channel has work
	integer	fi;
	reg	[CW:0]	f_c;
	reg		f_between, f_other;
	always @(*)
	begin
		f_between = 1'b0;
		f_other   = 1'b0;
		for (fi = 1; fi < CHANNELS; fi = fi + 1)
		begin
			f_c = ({1'b0, i_sc} + fi[CW:0]) % CHANNELS[CW:0];
			if (o_has_work[f_c[CW-1:0]])
				f_other = 1'b1;
			if (o_nx_sc[CW] && o_has_work[f_c[CW-1:0]]
					&& (({1'b0, o_nx_sc[CW-1:0]} + CHANNELS[CW:0]
						- {1'b0, i_sc}) % CHANNELS[CW:0]) > fi[CW:0])
				f_between = 1'b1;
		end
		if (f_oh)
		begin
			assert(o_nx_sc[CW] == f_other);
			if (o_nx_sc[CW])
				assert(o_has_work[o_nx_sc[CW-1:0]] && o_nx_sc[CW-1:0] != i_sc
					&& {{(32-CW){1'b0}}, o_nx_sc[CW-1:0]} < CHANNELS
					&& !f_between);
			else
				assert(o_nx_sc[CW-1:0] == i_sc);
		end
	end

	// the pick: the channel being served while it has work, else the
	// next with work; no request without work anywhere
	always @(*)
	begin
		if (o_has_work[i_cur_ch])
			assert(o_cand == i_cur_ch);
		else if (o_nx_cur[CW])
			assert(o_cand == o_nx_cur[CW-1:0] && o_want);
		if (o_has_work == {CHANNELS{1'b0}})
			assert(!o_want);
		if (o_want)
			assert(o_has_work[o_cand]);
		// the candidate's ACQ_WAIT flag is its state's
		assert(o_cand_acq == (i_state[4*o_cand +: 4] == `WQ_CH_ACQ_WAIT));
		assert(o_cand_st == i_state[4*o_cand +: 4] && o_cand_seg == i_in_seg[o_cand]
			&& o_cand_ne == i_gp_ne[o_cand]);
	end

	// wq_host_due against its definition on 34 bits: ticks - acq_last
	// = 2^32 * wraps + the 32-bit difference, due at ACQ_RETRY or more
	// (wraps: those of acq_wr before the grant; 3 is "many")
	wire	[1:0]	f_w     = i_acq_wr - {1'b0, i_gwrap};
	wire	[33:0]	f_since = {f_w, 32'h0} + {2'b0, i_ticks} - {2'b0, i_last};
	always @(*)
	if (f_clk && f_pre)
	begin
		if (i_acq_wr != 2'd3)
			assert(o_dq_due == (f_since >= {2'b0, i_retry}));
		else
			assert(o_dq_due);
		// not due: the cycles left, less one
		if (!o_dq_due)
			assert(o_dq_rem == i_retry - f_since[31:0] - 32'h1);
	end

	// the leave decision: an error always leaves, a failed acquire
	// leaves only with ACQUIRE_SWITCH, a step that keeps its channel in
	// a burst keeps a runnable channel
	always @(*)
	begin
		if (i_res == `WQ_STEP_ERROR)
			assert(o_why_v && o_why == `WQ_SW_ERROR);
		if (o_why_v && o_nx_sc[CW] && f_oh)
			assert(f_nx_step != i_sc);
		if (o_nx_more && f_oh && f_sv)
			assert(FAST != 0 && o_has_work[f_nx_step]
				&& (o_nx_run || f_nx_step != i_sc));
		if (!o_why_v)
			assert(f_nx_step == i_sc);
		if (f_oh)
			assert(o_nx_same == (f_nx_step == i_sc));
	end

	// the one-hot picks against the round robin's definition as the
	// model walks it (channel from + 1, from + 2, ... : the first with
	// work), and the pick's and the burst's decisions against theirs in
	// terms of the channel picked (the candidate's state, the next
	// step's channel and state)
	function [CW:0] f_next_work;	// {found, channel}
		input	[CW-1:0]	from;
		input	[CHANNELS-1:0]	hw;
		integer		i;
		reg	[CW:0]	c;
		reg		found;
		begin
			found = 1'b0;
			f_next_work = {1'b0, from};
			for (i = 1; i < CHANNELS; i = i + 1)
			begin
				c = ({1'b0, from} + i[CW:0]) % CHANNELS[CW:0];
				if (!found && hw[c[CW-1:0]])
				begin
					found = 1'b1;
					f_next_work = {1'b1, c[CW-1:0]};
				end
			end
		end
	endfunction

	wire	[CW:0]	f_nx_cand = f_next_work(o_cand, o_has_work);
	wire	[3:0]	f_cand_st = st_of(o_cand);
	wire		f_cand_go = !cur_hw
			|| (f_cand_st == `WQ_CH_ACQ_WAIT ? i_rh_zero[o_cand]
			: f_cand_st == `WQ_CH_WFI_WAIT ? (i_engine_idle || f_nx_cand[CW])
			: f_cand_st == `WQ_CH_LAUNCH_WAIT ? (i_can_launch || f_nx_cand[CW])
			: 1'b1);
	wire	[3:0]	f_nx_st   = st_of(f_nx_step);
	wire		f_nx_wacq = (f_nx_step != i_sc) && !i_wt_kept
			&& i_rh_zero[f_nx_step] && (f_nx_st == `WQ_CH_ACQ_WAIT);
	always @(*)
	begin
		assert(o_nx_cur == f_next_work(i_cur_ch, o_has_work));
		assert(o_want == ((cur_hw || o_nx_cur[CW]) && f_cand_go));
		if (f_oh)
			assert(o_nx_sc  == f_next_work(i_sc, o_has_work));
		if (f_oh && f_sv)
		begin
			assert(o_nx_run == (f_nx_st == `WQ_CH_RUNNABLE));
			assert(nx_wacq == f_nx_wacq);
			assert(o_nx_more == ((FAST != 0) && !i_ev_wait && o_has_work[f_nx_step]
					&& (o_nx_run || f_nx_wacq)));
		end
	end

	always @(*)
	begin
		c_wrap:   cover(o_nx_sc[CW] && o_nx_sc[CW-1:0] < i_sc);
		c_wfi:    cover(o_want && st_of(o_cand) == `WQ_CH_WFI_WAIT);
		c_due:    cover(o_dq_due && i_acq_wr == 2'd1 && !i_gwrap);
		c_notdue: cover(!o_dq_due && i_retry > 32'd2);
		c_slice:  cover(o_why_v && o_why == `WQ_SW_SLICE && o_nx_sc[CW]);
		c_more:   cover(o_nx_more && nx_wacq);
	end
`endif
endmodule
