////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_ra.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's read-ahead control (FAST): when the
//		segment FIFO and the GP entry read ahead (gq) of wq_host_fifo
//		start, ask, give a word up and empty, decided from the step
//		sequencer's state.  The FIFO holds the step's segment from
//		seg_addr on and starts on a step of a channel inside a
//		segment (H_DUE), on a GP entry that opens one (its word 1
//		landing in H_GPW, or the entry read ahead taken in H_DUE), or
//		on a burst's next step in the same segment (H_LEAVE, pf_cont);
//		it asks for words only in the walk's and the way out's states
//		(and on the way out only while no other unit waits for the
//		lock), never once a SEM_EXECUTE's or a LAUNCH's word is taken;
//		it is emptied before the semaphore unit (H_SL0, H_SEMX2) and
//		when a step ends without going on in the segment.  gq starts
//		in the walk with the channel's GPFIFO_BASE known and is
//		dropped with the FIFO unless the next step is the same
//		channel's.  Combinational; wq_host_if instantiates it (u_ra)
//		between its sequencer and u_fifo; docs/rtl/wq_host_ra.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_ra #(
		parameter	FAST = 1,	// wq_host_if's FAST (0: no reads ahead)
		parameter	CW   = 2	// the channel number's width
	) (
		// the step sequencer's state and channel
		input	wire	[5:0]	i_hs,
		input	wire	[CW-1:0]	i_sc,
		// the step's channel: in a segment, the segment's word address
		// and words left; and as H_DUE reads them (wq_host_step's
		// registered dispatch, dst_q, dseg_q and dne_q: the channel's
		// state, segment flag and GP_GET != GP_PUT there, so the start
		// and the entry's use are not behind the channel RAM's select)
		input	wire		i_in_seg,
		input	wire	[3:0]	i_d_state,
		input	wire		i_d_seg,
		input	wire		i_d_ne,
		input	wire	[`WQ_GP_ADDR_W-1:0]	i_seg_addr,
		input	wire	[`WQ_GP_LENGTH_W-1:0]	i_seg_rem,
		// another unit waits for the lock
		input	wire		i_ev_wait,
		// wq_host_sched's next step: the lock kept (i_nx_more) for a
		// runnable channel (i_nx_run), the step's own (i_nx_same)
		input	wire		i_nx_more, i_nx_run, i_nx_same,
		// the GP entry's two reads (H_GPW): a host read's answer is on
		// the port (i_h_rv), the words taken (i_lidx), a word in
		// i_rdata (i_lw_v); word 0's reserved bits were set (i_w0_bad);
		// the port's word
		input	wire		i_h_rv,
		input	wire	[4:0]	i_lidx,
		input	wire		i_lw_v,
		input	wire	[31:0]	i_rdata,
		input	wire		i_w0_bad,
		// (word 1's fields are read, not all its bits)
		// verilator lint_off UNUSEDSIGNAL
		input	wire	[31:0]	i_mem_rdata,
		// verilator lint_on UNUSEDSIGNAL
		// the method about to run (H_DATA) and the method taken (moff)
		input	wire	[`WQ_M_W-1:0]	i_nm_m,
		input	wire	[`WQ_M_W-1:0]	i_moff_m,
		// u_fifo: the FIFO is on, holds a word, is busy (a read ahead
		// asked for or in flight); gq on, its words received, its
		// channel, whether its entry is that channel's GP_GET now (a
		// flag u_fifo keeps), its words
		input	wire		i_pf_on, i_pf_nz, i_pf_busy,
		input	wire		i_gq_on,
		input	wire	[1:0]	i_gq_got,
		input	wire	[CW-1:0]	i_gq_ch,
		input	wire		i_gq_at,
		// verilator lint_off UNUSEDSIGNAL
		input	wire	[31:0]	i_gq_w0, i_gq_w1,
		// verilator lint_on UNUSEDSIGNAL
		// GPFIFO_BASE of channel i_gb_ch is known (i_gb_v)
		input	wire		i_gb_v,
		input	wire	[CW-1:0]	i_gb_ch,
		// u_fifo's controls: start (at o_st_addr, o_st_left words), ask,
		// pop, flush; gq's go and clear
		output	wire		o_start,
		output	wire	[`WQ_GP_ADDR_W-1:0]	o_st_addr,
		output	wire	[`WQ_GP_LENGTH_W-1:0]	o_st_left,
		output	wire		o_st_nz,	// o_st_left != 0
		output	wire		o_ask,
		output	wire		o_pop,
		output	wire		o_flush,
		output	wire		o_gq_go,
		output	wire		o_gq_clear,
		// the FIFO goes on with the next step (same channel, in the
		// segment, the lock kept)
		output	wire		o_cont,
		// (H_GPW) word 1 lands with word 0 taken or being taken
		// (o_gp_rv1; o_gp_both: word 0 off i_rdata in the same cycle),
		// word 0's reserved bits (o_gp_w0b); (H_DUE) the entry read
		// ahead is this step's (o_gq_use)
		output	wire		o_gp_both, o_gp_rv1, o_gp_w0b, o_gq_use,
		// GPFIFO_BASE known and the next entry not read ahead: H_LEAVE
		// may start the burst's GP entry stream (wq_host_leave)
		output	wire		o_gb_hit
	);

	// verilator lint_off UNUSEDPARAM
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM

	// Reads ahead are asked for only in the states of the segment walk
	// and of a step's end; the states that use the port otherwise wait
	// until none is in flight (H_SL0 before the unit, H_LAUNCH before the
	// descriptor stream, H_LEAVE before the lock drops), and a GP entry
	// is read only with the FIFO off and idle.  On the way out, words are
	// asked for only while no other unit waits for the lock: then the
	// step is likely to keep it and its next step takes them; otherwise
	// they would only hold up the lock's release (H_LEAVE waits for them)
	// to be thrown away.  (A guess only: the reads ahead are exact either
	// way.)
	wire	pf_ok_st = (i_hs == H_DUE) || (i_hs == H_HDR) || (i_hs == H_HDRDEC)
			|| (i_hs == H_DATA)
			|| (!i_ev_wait && ((i_hs == H_DATAGOT) || (i_hs == H_PMW)
				|| (i_hs == H_METHOD) || (i_hs == H_AFTER)
				|| (i_hs == H_AW) || (i_hs == H_LVW)
				|| (i_hs == H_LV2)));
	// the FIFO goes on with the next step only when that step is this
	// channel's, inside the segment, under the same lock (pf_cont)
	wire	pf_cont  = i_nx_more && i_nx_run && i_nx_same && i_in_seg;
	wire	s_live   = (i_d_state == `WQ_CH_IDLE || i_d_state == `WQ_CH_RUNNABLE);
	// start on a step of a channel inside a segment, or a new segment
	wire	pf_st_due = (i_hs == H_DUE) && i_d_seg && s_live;
	// (FAST) word 1 lands (gp_rv1: checked off the port, gp_ok_rv) with
	// word 0 taken before, or taken from i_rdata in the same cycle
	// (gp_both): the cycle word 1 lands, word 0 has been taken or is
	// being taken (answers in order, each taken the cycle after)
	wire	gp_both   = (FAST != 0) && (i_hs == H_GPW) && i_h_rv
			&& i_lidx == 5'd0 && i_lw_v;
	wire	gp_rv1    = gp_both || ((FAST != 0) && (i_hs == H_GPW) && i_h_rv
			&& i_lidx == 5'd1 && !i_lw_v);
	wire	gp_w0b    = gp_both ? (i_rdata[`WQ_GP_RSVD0_RANGE] != 0) : i_w0_bad;
	wire	[`WQ_GP_LENGTH_W-1:0]	gp_len_rv = i_mem_rdata[`WQ_GP_LENGTH_RANGE];
	wire	gp_len_z  = (gp_len_rv == 0);
	wire	gp_ok_rv  = !gp_w0b && (i_mem_rdata[`WQ_GP_RSVD1_RANGE] == 0)
			&& !(gp_len_z
				&& i_mem_rdata[`WQ_GP_CTLOP_RANGE] != `WQ_GPCTL_NOP);
	// (or in H_DUE from the entry read ahead, gq_use)
	wire	due_gp    = (i_hs == H_DUE) && !i_d_seg && i_d_ne && s_live;
	wire	gq_use    = (FAST != 0) && due_gp && i_gq_on && (i_gq_got == 2'd2)
			&& (i_gq_ch == i_sc) && i_gq_at;
	wire	gq_len_z  = (i_gq_w1[`WQ_GP_LENGTH_RANGE] == 0);
	wire	gq_ok     = (i_gq_w0[`WQ_GP_RSVD0_RANGE] == 0)
			&& (i_gq_w1[`WQ_GP_RSVD1_RANGE] == 0)
			&& !(gq_len_z
				&& i_gq_w1[`WQ_GP_CTLOP_RANGE] != `WQ_GPCTL_NOP);
	wire	pf_st_gp  = (gp_rv1 && gp_ok_rv) || (gq_use && gq_ok);
	// (and on a burst's next step in the segment, pf_cont, when the
	// FIFO was emptied for a semaphore)
	wire	pf_start  = (FAST != 0) && !i_pf_on
			&& (pf_st_due || pf_st_gp || (i_hs == H_LEAVE && pf_cont));
	wire	pf_pop  = (FAST != 0) && i_pf_nz
			&& ((i_hs == H_HDR && i_seg_rem != 0) || i_hs == H_DATA);
	// A SEM_EXECUTE or a LAUNCH empties the FIFO or waits for its reads
	// in flight (H_SL0, H_LAUNCH): no new read once its word is taken
	wire	[`WQ_M_W-1:0]	pf_m = (i_hs == H_DATA) ? i_nm_m : i_moff_m;
	wire	pf_hold = ((i_hs == H_DATA) || (i_hs == H_PMW) || (i_hs == H_METHOD))
			&& (pf_m == `WQ_M_SEM_EXECUTE || pf_m == `WQ_M_LAUNCH);
	wire	pf_flush = (FAST != 0) && !i_pf_busy
			&& ((i_hs == H_SL0) || (i_hs == H_SEMX2) || (i_hs == H_LEAVE && !pf_cont));

	// gq (FAST): starts in the walk once the FIFO asks for no more of
	// the segment (the segment's last word asked for: u_fifo's part of
	// the condition) and the channel's GPFIFO_BASE is known, likely to
	// keep the lock (no other unit waiting); its two reads follow the
	// FIFO's; emptied with the FIFO (but kept into the same channel's GP
	// step, gq_keep) and used or dropped by the GP step
	wire	gq_go   = (FAST != 0) && (i_hs == H_DATA || i_hs == H_HDR) && i_in_seg
			&& i_gb_v && (i_gb_ch == i_sc) && !i_ev_wait;
	wire	gq_keep = (i_hs == H_LEAVE) && i_nx_more && i_nx_run && i_nx_same;
	// (nothing in flight then: pf_flush, H_IDLE and H_DUE come after the
	// reads were answered)
	wire	gq_clear = (pf_flush && !gq_keep) || i_hs == H_IDLE || i_hs == H_DUE;

	assign	o_start    = pf_start;
	// (word 0 on i_rdata in the cycle: gp_both)
	assign	o_st_addr  = gq_use ? i_gq_w0[`WQ_GP_ADDR_RANGE]
				: gp_both ? i_rdata[`WQ_GP_ADDR_RANGE] : i_seg_addr;
	assign	o_st_left  = gq_use ? i_gq_w1[`WQ_GP_LENGTH_RANGE]
				: gp_rv1 ? gp_len_rv : i_seg_rem;
	// (its zero test, each source's beside the select: u_fifo's first
	// request is not behind the select and a 21-bit test of its output)
	assign	o_st_nz    = gq_use ? !gq_len_z : gp_rv1 ? !gp_len_z : (i_seg_rem != 0);
	assign	o_ask      = pf_ok_st && !pf_hold;
	assign	o_pop      = pf_pop;
	assign	o_flush    = pf_flush;
	assign	o_gq_go    = gq_go;
	assign	o_gq_clear = gq_clear;
	assign	o_cont     = pf_cont;
	assign	o_gp_both  = gp_both;
	assign	o_gp_rv1   = gp_rv1;
	assign	o_gp_w0b   = gp_w0b;
	assign	o_gq_use   = gq_use;
	assign	o_gb_hit   = i_gb_v && i_gb_ch == i_sc
				&& !(i_gq_on && i_gq_ch == i_sc && i_gq_at);

`ifdef FORMAL
	// ---- formal properties (jobs host_ra, host_ra_0) ------------------
	// u_fifo's side of the interface (wq_host_fifo's formal job assumes
	// these): a start only while off, not with a flush; a pop only of a
	// word held; a flush only with nothing in flight, in a state that
	// asks for no read and starts no gq
	always @(*)
	begin
		assert(o_st_nz == (o_st_left != 0));
		if (o_start)
			assert(!i_pf_on && !o_flush);
		if (o_pop)
			assert(i_pf_nz);
		if (o_flush)
			assert(!i_pf_busy && !o_ask && !o_gq_go);
		// FAST = 0: no reads ahead at all
		if (FAST == 0)
			assert(!o_start && !o_pop && !o_flush && !o_gq_go
				&& !o_gp_both && !o_gp_rv1 && !o_gq_use);
		// a start is for a live channel's segment: a step inside one
		// (H_DUE), a GP entry that opens one with its checks passed,
		// or a burst going on in the same segment
		if (o_start)
			assert((i_hs == H_DUE && s_live)
				|| (i_hs == H_GPW && gp_rv1 && gp_ok_rv)
				|| (i_hs == H_LEAVE && o_cont));
		if (o_start && i_hs == H_DUE && i_d_seg)
			assert(o_st_addr == i_seg_addr && o_st_left == i_seg_rem);
		// the entry read ahead is used only for the step's channel at
		// its GP_GET, both words received, outside a segment; then the
		// segment it opens is its words'
		if (o_gq_use)
			assert(i_hs == H_DUE && !i_d_seg && i_d_ne && s_live
				&& i_gq_on && i_gq_got == 2'd2 && i_gq_ch == i_sc
				&& i_gq_at);
		if (o_gq_use)
			assert(o_st_addr == i_gq_w0[`WQ_GP_ADDR_RANGE]
				&& o_st_left == i_gq_w1[`WQ_GP_LENGTH_RANGE]);
		// word 0 taken in the cycle word 1 lands: its reserved bits
		// and its address are the word on i_rdata
		if (o_gp_both)
			assert(o_gp_rv1 && o_gp_w0b == (i_rdata[`WQ_GP_RSVD0_RANGE] != 0)
				&& (o_gq_use || o_st_addr == i_rdata[`WQ_GP_ADDR_RANGE]));
		// a bad GP entry (reserved bits, a non-NOP control entry of
		// length 0) opens no segment
		if (o_start && i_hs == H_GPW)
			assert(!o_gp_w0b && i_mem_rdata[`WQ_GP_RSVD1_RANGE] == 0);
		// words are asked for only in the walk and on the way out, not
		// on the way out while another unit waits, never once a
		// SEM_EXECUTE's or a LAUNCH's word is taken
		if (o_ask)
			assert(pf_ok_st && !pf_hold);
		if (o_ask && i_ev_wait)
			assert(i_hs == H_DUE || i_hs == H_HDR || i_hs == H_HDRDEC
				|| i_hs == H_DATA);
		if (i_hs == H_METHOD && (i_moff_m == `WQ_M_SEM_EXECUTE
				|| i_moff_m == `WQ_M_LAUNCH))
			assert(!o_ask);
		// the FIFO is emptied before the semaphore unit and at a step's
		// end that does not go on in the segment, once nothing is in
		// flight
		if (FAST != 0 && !i_pf_busy && (i_hs == H_SL0 || i_hs == H_SEMX2))
			assert(o_flush);
		if (FAST != 0 && !i_pf_busy && i_hs == H_LEAVE)
			assert(o_flush == !o_cont);
		// gq is dropped outside a step and by the GP step, and kept into
		// the same channel's next step
		if (i_hs == H_IDLE || i_hs == H_DUE)
			assert(o_gq_clear);
		if (o_gq_clear)
			assert(i_hs == H_IDLE || i_hs == H_DUE
				|| (o_flush && !(i_hs == H_LEAVE && i_nx_more && i_nx_run
					&& i_nx_same)));
		if (o_gq_go)
			assert(i_in_seg && i_gb_v && i_gb_ch == i_sc && !i_ev_wait);
		// the GP entry stream at H_LEAVE only with GPFIFO_BASE known
		// and the entry not already read ahead
		if (o_gb_hit)
			assert(i_gb_v && i_gb_ch == i_sc);
	end

	always @(*)
	if (FAST != 0)
	begin
		c_st_due:   cover(o_start && i_hs == H_DUE && i_d_seg);
		c_st_gp:    cover(o_start && i_hs == H_GPW && o_gp_both);
		c_st_gp1:   cover(o_start && i_hs == H_GPW && !o_gp_both);
		c_st_gq:    cover(o_start && o_gq_use);
		c_st_cont:  cover(o_start && i_hs == H_LEAVE);
		c_pop:      cover(o_pop && i_hs == H_HDR);
		c_hold:     cover(pf_hold && i_hs == H_DATA && !o_ask);
		c_flush:    cover(o_flush && i_hs == H_SEMX2);
		c_keep:     cover(o_flush && !o_gq_clear);
		c_gq_go:    cover(o_gq_go && i_hs == H_HDR);
		c_gb_hit:   cover(o_gb_hit);
	end
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
