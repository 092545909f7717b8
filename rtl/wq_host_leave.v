////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_leave.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's way out of a step (the model's
//		wq_chan_error, after_method's segment end and
//		wq_host_after_step): the next state of the step sequencer's last
//		states -- the error (H_ERR), the reads on the way out (H_AFTER,
//		H_AW, H_LV2: GP_PUT, the slice count, HOST_SLICE), the segment's
//		end with GP_GET's advance (H_LVW), and the step's end (H_LEAVE:
//		the slice, the leave switch, the step pulse and, with FAST, the
//		burst's next step begun in the pulse's cycle). Combinational,
//		defaults first (nothing changes outside these states; a value
//		wq_host_if reads only under its write flag is a don't-care
//		without it); the decisions it takes from are wq_host_sched's
//		(i_sl_inc, i_why*, i_nx_*); wq_host_seq applies it
//		(wq_host_if's u_leave).
//		docs/rtl/wq_host_leave.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_leave #(
		parameter	FAST = 1,	// wq_host_if's FAST
		parameter	CW   = 2	// the channel number's width
	) (
		// the step sequencer's state and channel
		input	wire	[5:0]	i_hs,
		input	wire	[CW-1:0]	i_sc,
		// the step's result so far
		input	wire	[`WQ_STEP_W-1:0]	i_res,
		// the channel is in a segment, its method count and the
		// segment's words left are 0
		input	wire		i_in_seg, i_mc_zero, i_sr_zero,
		// the channel RAM's read word (H_LV2: the slice count)
		input	wire	[31:0]	i_rd,
		// (FAST) the slice count's copy; a fresh slice (the count is 0)
		input	wire	[31:0]	i_slu,
		input	wire		i_fresh,
		// reads ahead asked for or in flight; the FIFO goes on with the
		// next step (pf_cont); no posted write unanswered
		input	wire		i_pf_busy, i_pf_cont, i_wr_idle,
		// wq_host_sched's leave decision: the slice count moves; a switch
		// reason (i_why_v, i_why) and a channel to switch to (i_nx_v);
		// the lock kept (i_nx_more) for a runnable channel (i_nx_run),
		// the step's own (i_nx_same)
		input	wire		i_sl_inc,
		input	wire		i_why_v,
		input	wire	[7:0]	i_why,
		input	wire		i_nx_v, i_nx_more, i_nx_run, i_nx_same,
		// (FAST) GPFIFO_BASE of the channel is known and its next GP
		// entry not read ahead: the entry's stream may start at once
		input	wire		i_gb_hit,
		// the next state
		output	reg	[5:0]	o_hs,
		// the channel RAM's read address
		output	reg		o_ra_w,
		output	reg	[AW-1:0]	o_ra,
		// att_q loaded with the slice count (o_att)
		output	reg		o_att_w,
		output	reg	[31:0]	o_att,
		// wq_chan_error: the channel in ERROR, the interrupt, the
		// CHAN_ERROR record, the step ERROR
		output	reg		o_error,
		// the segment ends: GP_GET advances, its GP_GET record
		output	reg		o_adv,
		// the step ends: its pulse with o_step_more = i_nx_more
		output	reg		o_leave,
		// the slice count + 1 written (FAST: its copy)
		output	reg		o_sl_inc,
		// the leave switch (its CHAN_SWITCH record, cur_ch), or a
		// slice ended alone: a fresh slice either way
		output	reg		o_switch,
		output	reg		o_fresh,
		// (FAST) the burst's next step begins now: its tick written
		// (gt_w); the GP entry's stream started (gs_run)
		output	reg		o_gt_w,
		output	reg		o_gs
	);

	localparam	CA = (CW < 2) ? 2 : CW;
	localparam	AW = 4 + CA;
	// verilator lint_off UNUSEDPARAM
`include "wq_host_map.vh"
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM

	wire	[31:0]	slice = i_fresh ? 32'h0 : ((FAST != 0) ? i_slu : i_rd);

	always @(*)
	begin
		o_hs     = i_hs;
		o_ra_w   = 1'b0;
		o_ra     = {AW{1'bx}};
		o_att_w  = 1'b0;
		o_att    = slice;
		o_error  = 1'b0;
		o_adv    = 1'b0;
		o_leave  = 1'b0;
		o_sl_inc = 1'b0;
		o_switch = 1'b0;
		o_fresh  = 1'b0;
		o_gt_w   = 1'b0;
		o_gs     = 1'b0;

		case (i_hs)
		// wq_chan_error (the channel is never already in ERROR here):
		// the code and ERR_INFO were written by the raise
		H_ERR: begin
			o_error = 1'b1;
			o_hs    = H_AFTER;
		end

		// Every step ends through H_AFTER, H_AW, H_LVW, H_LV2: the
		// reads on the way out, a word a cycle, are GP_PUT for the
		// advance (on cm_rd in H_LVW), slice_used (H_LV2), HOST_SLICE
		// (H_LEAVE); launch_desc (the LAUNCH record's a, o_launch_addr)
		// stays on cm_rd through H_AFTER
		H_AFTER: begin
			o_ra_w = 1'b1;
			o_ra   = ca(F_PUT, i_sc);
			o_hs   = H_AW;
		end

		// (FAST: slu_q instead, GP_PUT stays on cm_rd)
		H_AW: begin
			if (FAST == 0)
			begin
				o_ra_w = 1'b1;
				o_ra   = A_SLU;
			end
			o_hs = H_LVW;
		end

		// after_method: the segment ends with its last dword; also the
		// end of a segment found by H_HDR or END_SEG and a control
		// entry's (all wq_chan_seg_end: GP_GET advances, its record).
		// A step that is not DONE, or whose channel is outside a
		// segment, or still has words or a method to run, fails the test.
		H_LVW: begin
			o_ra_w = 1'b1;
			o_ra   = A_HSL;
			o_hs   = H_LV2;
			// (FAST) H_LV2's work here, from the flip-flop copies:
			// slice_used into att_q; HOST_SLICE - 1 is hslm1_q in H_LEAVE
			if (FAST != 0)
			begin
				o_att_w = 1'b1;
				o_hs    = H_LEAVE;
				// GPFIFO_BASE for a GP entry right after (gb_rdy)
				o_ra    = ca(F_BASE, i_sc);
			end
			o_adv = (i_res == `WQ_STEP_DONE) && i_in_seg && i_mc_zero && i_sr_zero;
		end

		// (FAST=0 only) slice_used on cm_rd
		H_LV2: begin
			o_att_w = 1'b1;
			o_hs    = H_LEAVE;
		end

		// wq_host_after_step: the slice, and leaving the channel.  Reads
		// ahead still in flight wait here unless the FIFO goes on with
		// the next step under the same lock (pf_cont)
		H_LEAVE:
		if ((!i_pf_busy || i_pf_cont) && i_wr_idle)
		begin
			o_sl_inc = i_sl_inc;
			o_switch = i_why_v && i_nx_v;
			o_fresh  = i_why_v && !i_nx_v && i_why == `WQ_SW_SLICE;
			o_leave  = 1'b1;
			o_hs     = H_IDLE;
			if (FAST != 0 && i_pf_cont)
			begin
				// the burst goes on in the same segment: its next
				// step begins in the pulse's cycle (the tick) with
				// the walk itself -- H_IDLE's pick and H_DUE's
				// dispatch have nothing to decide (the channel is
				// runnable, cur_ch = sc); its tick is taken then
				// (gt_w)
				o_gt_w = 1'b1;
				o_hs   = i_mc_zero ? H_HDR : H_DATA;
			end else if (FAST != 0 && i_nx_more && i_nx_run && i_nx_same)
			begin
				// the burst goes on with the same channel, out of
				// its segment (a GP entry next): the pick has
				// nothing to decide either; the grant's work here
				// (gt_w: the tick; GPFIFO_BASE on cm_rd in H_GP0), and
				// the entry's stream when GPFIFO_BASE is known
				o_ra_w = 1'b1;
				o_ra   = ca(F_BASE, i_sc);
				o_gt_w = 1'b1;
				o_hs   = H_DUE;
				o_gs   = i_gb_hit;
			end
		end

		default: ;
		endcase
	end

`ifdef FORMAL
	// ---- formal properties (jobs host_leave, host_leave_0) ------------
	wire	f_mine = (i_hs == H_ERR) || (i_hs == H_AFTER) || (i_hs == H_AW)
			|| (i_hs == H_LVW) || (i_hs == H_LV2) || (i_hs == H_LEAVE);
	always @(*)
	begin
		// outside its states the unit decides nothing
		if (!f_mine)
			assert(o_hs == i_hs && !o_ra_w && !o_att_w && !o_error
				&& !o_adv && !o_leave && !o_sl_inc && !o_switch
				&& !o_fresh && !o_gt_w && !o_gs);
		// the way out is a chain: ERR -> AFTER -> AW -> LVW (-> LV2)
		// -> LEAVE -> IDLE, or (FAST) a burst's next step
		if (i_hs == H_ERR)     assert(o_hs == H_AFTER && o_error);
		if (i_hs == H_AFTER)   assert(o_hs == H_AW && o_ra == ca(F_PUT, i_sc));
		if (i_hs == H_AW)      assert(o_hs == H_LVW);
		if (i_hs == H_LVW)     assert(o_hs == ((FAST != 0) ? H_LEAVE : H_LV2));
		if (i_hs == H_LV2)     assert(o_hs == H_LEAVE);
		if (i_hs == H_LEAVE)
			assert(o_hs == H_LEAVE || o_hs == H_IDLE
				|| (FAST != 0 && (o_hs == H_HDR || o_hs == H_DATA
					|| o_hs == H_DUE)));
		// GP_GET advances only at the end of a DONE step's segment
		if (o_adv)
			assert(i_hs == H_LVW && i_res == `WQ_STEP_DONE && i_in_seg
				&& i_mc_zero && i_sr_zero);
		if (i_hs == H_LVW && i_res == `WQ_STEP_DONE && i_in_seg
				&& i_mc_zero && i_sr_zero)
			assert(o_adv);
		// the step ends only once no read ahead it does not keep and no
		// posted write is outstanding; every end is one pulse
		if (o_leave)
			assert(i_hs == H_LEAVE && (!i_pf_busy || i_pf_cont) && i_wr_idle);
		if (i_hs == H_LEAVE && (!i_pf_busy || i_pf_cont) && i_wr_idle)
			assert(o_leave);
		// a switch only with a reason and a channel to go to; the slice
		// count moves only as the scheduler says, at the step's end
		if (o_switch)
			assert(o_leave && i_why_v && i_nx_v && !o_fresh);
		if (o_fresh)
			assert(o_leave && i_why == `WQ_SW_SLICE && !i_nx_v);
		if (o_sl_inc)
			assert(o_leave && i_sl_inc);
		// (FAST) a burst goes on only with the lock kept: the same
		// segment (pf_cont) or the same channel's next GP entry; the
		// entry's stream starts only then
		if (o_gt_w)
			assert(FAST != 0 && o_leave && (i_pf_cont || (i_nx_more
				&& i_nx_run && i_nx_same)));
		if (o_gs)
			assert(o_gt_w && o_hs == H_DUE && i_gb_hit);
		if (FAST == 0)
			assert(!o_gt_w && (o_hs == i_hs || !o_leave || o_hs == H_IDLE));
		// the slice count loaded is 0 in a fresh slice
		if (o_att_w && i_fresh)
			assert(o_att == 32'h0);
	end

	always @(*)
	if (f_mine)
	begin
		c_error:  cover(o_error);
		c_adv:    cover(o_adv);
		c_wait:   cover(i_hs == H_LEAVE && !o_leave);
		c_switch: cover(o_switch && o_sl_inc);
		c_fresh:  cover(o_fresh);
		c_leave:  cover(o_leave && o_hs == H_IDLE);
		// (FAST=0: no burst; the pulse alone)
		c_burst:  cover(o_gs || (FAST == 0 && o_leave));
		c_seg:    cover((o_gt_w && o_hs == H_DATA) || (FAST == 0 && o_leave));
	end
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
