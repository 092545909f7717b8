////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_cst.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's per-channel state (the model's
//		wq_channel_t, but for the channel RAM's 32-bit words, which
//		wq_host_chan holds).  In flip-flops, what the scheduler looks at
//		for every channel at once -- GP_GET, GP_GET != GP_PUT, ENABLE,
//		the state, the error code, in a segment -- the narrow copies of
//		the ring configuration (GPFIFO_LOG2 clamped to 32,
//		GPFIFO_BASE[2:0]) and the acquire retry clock (acq_wr: the wraps
//		of `now` since the stamp, saturating at 3; acq_rh: the lock
//		request's countdown hint), reset as wq_host_init resets them.
//		In LUT RAM (one write port, read at the step's channel), the
//		fields only the step's channel reads: the segment walk (seg_addr,
//		seg_rem, m_addr, m_count, m_secop, m_subch) and the wait
//		(wait_kind, wait_method); they have no reset (the sequencer's
//		reset sweep clears them, one channel a cycle).  Every cycle the
//		step's channel i_sc is written with its next values
//		(wq_host_chnext's, which hold a field unless a state changes
//		it), and every
//		channel's retry clock runs.  wq_host_step instantiates it (u_cst);
//		docs/rtl/wq_host_cst.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (the step's channel's fields read at sc and written with their next
// values every cycle: the reads and the writes are the two ends of the
// step's cycle, so scripts/area.sh maps it inside its parent, as the
// board's flattened netlist does)
(* wq_area_inline *)
module wq_host_cst #(
		parameter	CHANNELS = 4,	// 1..16
		parameter	CW  = 2,	// the channel number's width
		parameter	RHW = 6		// the retry hint's width
	) (
		input	wire		i_clk,
		input	wire		i_reset,
		// the step's channel, written every cycle with the next values
		// and read (o_sc_*, the LUT RAM fields); the current channel
		// and an event record's channel, read
		input	wire	[CW-1:0]	i_sc,
		input	wire	[CW-1:0]	i_cur_ch, i_ev_ch,
		// `now` wraps this cycle (the retry clocks count it)
		input	wire		i_now_wrap,
		// the step's channel's next flip-flop fields
		input	wire	[15:0]	i_gp_get,
		input	wire		i_gp_ne,
		input	wire		i_ctrl_en,
		input	wire	[3:0]	i_state,
		input	wire	[7:0]	i_err,
		input	wire		i_in_seg,
		input	wire	[5:0]	i_gp_lgc,
		input	wire	[2:0]	i_gp_base_lo,
		input	wire	[1:0]	i_acq_wr,
		input	wire	[RHW-1:0]	i_acq_rh,
		// the step's channel's next LUT RAM fields
		input	wire	[`WQ_GP_ADDR_W-1:0]	i_seg_addr,
		input	wire	[`WQ_GP_LENGTH_W-1:0]	i_seg_rem,
		input	wire	[`WQ_MH_ADDRESS_W-1:0]	i_m_addr,
		input	wire	[`WQ_MH_COUNT_W-1:0]	i_m_count,
		input	wire		i_m_one,	// i_m_count is 1
		input	wire	[`WQ_SECOP_W-1:0]	i_m_secop,
		input	wire	[`WQ_MH_SUBCH_W-1:0]	i_m_subch,
		input	wire	[3:0]	i_wait_kind,
		input	wire	[1:0]	i_wait_method,
		// every channel's flip-flop fields that are looked at all at
		// once (the scheduler, a CSR access's channel, the formal
		// invariants), channel c at [W*c +: W]
		output	wire	[CHANNELS-1:0]		o_gp_ne,
		output	wire	[CHANNELS-1:0]		o_ctrl_en,
		output	wire	[4*CHANNELS-1:0]	o_state,
		output	wire	[8*CHANNELS-1:0]	o_err,
		output	wire	[CHANNELS-1:0]		o_in_seg,
		output	wire	[3*CHANNELS-1:0]	o_gp_base_lo,
		output	wire	[RHW*CHANNELS-1:0]	o_acq_rh,
		// the step's channel's flip-flop fields (read at i_sc)
		output	wire	[15:0]	o_sc_gp_get,
		output	wire		o_sc_gp_ne,
		output	wire		o_sc_ctrl_en,
		output	wire	[3:0]	o_sc_state,
		output	wire	[7:0]	o_sc_err,
		output	wire		o_sc_in_seg,
		output	wire	[5:0]	o_sc_gp_lgc,
		output	wire	[2:0]	o_sc_gp_base_lo,
		// CTRL.ENABLE's check of the configuration fails (GPFIFO_BASE
		// misaligned, LOG2 out of range): a flag kept with them
		output	wire		o_sc_cfg_bad,
		output	wire	[1:0]	o_sc_acq_wr,
		output	wire	[RHW-1:0]	o_sc_acq_rh,
		// GP_GET of the current channel; GP_GET and the error code of
		// the record's channel
		output	wire	[15:0]	o_cur_gp_get,
		output	wire	[15:0]	o_ev_gp_get,
		output	wire	[7:0]	o_ev_err,
		// the step's channel's LUT RAM fields (read at i_sc)
		output	wire	[`WQ_GP_ADDR_W-1:0]	o_seg_addr,
		output	wire	[`WQ_GP_LENGTH_W-1:0]	o_seg_rem,
		output	wire	[`WQ_MH_ADDRESS_W-1:0]	o_m_addr,
		output	wire	[`WQ_MH_COUNT_W-1:0]	o_m_count,
		output	wire		o_m_one,	// o_m_count is 1 (kept with it)
		output	wire	[`WQ_SECOP_W-1:0]	o_m_secop,
		output	wire	[`WQ_MH_SUBCH_W-1:0]	o_m_subch,
		output	wire	[3:0]	o_wait_kind,
		output	wire	[1:0]	o_wait_method,
		// the walk's copies of m_addr and m_one: flip-flops holding the
		// values written at i_sc the cycle before, so o_m_addr and
		// o_m_one without the LUT RAM's read while i_sc stays
		// (o_wk_ok: it stayed, and was written)
		output	reg	[`WQ_MH_ADDRESS_W-1:0]	o_wk_m_addr,
		output	reg		o_wk_m_one,
		output	wire		o_wk_ok
	);

	// (the flip-flop fields: registers, not a memory -- Yosys' mem2reg --
	// so that each channel's is a flip-flop with its reset and its write
	// enable, the written value straight on its data input; as a memory
	// the reset loop's writes are a write port's multiplexer, a LUT level
	// in front of every field the step writes, and some 170 LUT4 more)
	(* mem2reg *) reg	[15:0]	gp_get		[0:CHANNELS-1];	// < 2^16: LOG2 <= 16
	(* mem2reg *) reg		gp_ne		[0:CHANNELS-1];	// GP_GET != GP_PUT
	(* mem2reg *) reg	[5:0]	gp_lgc		[0:CHANNELS-1];	// min(GPFIFO_LOG2, 32)
	(* mem2reg *) reg	[2:0]	gp_base_lo	[0:CHANNELS-1];	// GPFIFO_BASE[2:0]
	(* mem2reg *) reg		cfg_bad		[0:CHANNELS-1];	// of the two above
	(* mem2reg *) reg		ctrl_en		[0:CHANNELS-1];
	(* mem2reg *) reg	[3:0]	chan_state	[0:CHANNELS-1];
	(* mem2reg *) reg	[7:0]	err		[0:CHANNELS-1];
	(* mem2reg *) reg		in_seg		[0:CHANNELS-1];
	(* mem2reg *) reg	[1:0]		acq_wr	[0:CHANNELS-1];
	(* mem2reg *) reg	[RHW-1:0]	acq_rh	[0:CHANNELS-1];
	reg	[`WQ_GP_ADDR_W-1:0]	seg_addr [0:CHANNELS-1];	// word address
	reg	[`WQ_GP_LENGTH_W-1:0]	seg_rem	[0:CHANNELS-1];
	reg	[`WQ_MH_ADDRESS_W-1:0]	m_addr	[0:CHANNELS-1];
	reg	[`WQ_MH_COUNT_W-1:0]	m_count	[0:CHANNELS-1];
	reg		m_one	[0:CHANNELS-1];	// m_count == 1, written with it
	reg	[`WQ_SECOP_W-1:0]	m_secop	[0:CHANNELS-1];
	reg	[`WQ_MH_SUBCH_W-1:0]	m_subch	[0:CHANNELS-1];
	reg	[3:0]	wait_kind	[0:CHANNELS-1];
	reg	[1:0]	wait_method	[0:CHANNELS-1];

	// the enable check on the configuration (csr_chan.c's CTRL write:
	// GPFIFO_BASE 8-aligned, GPFIFO_LOG2 in range), on the fields as
	// written, so a CTRL write's decision (wq_host_chan) reads a flag of
	// the step's channel, not the compares behind the channel's select
	function cfg_bad_of;
		input	[2:0]	base_lo;
		input	[5:0]	lgc;
		begin
			cfg_bad_of = (base_lo != 3'h0)
				|| ({26'h0, lgc} < `WQ_CSRVAL_GPFIFO_LOG2_MIN)
				|| ({26'h0, lgc} > `WQ_CSRVAL_GPFIFO_LOG2_MAX);
		end
	endfunction

	// the flip-flops: reset (wq_host_init: wq_chan_reset's fields and
	// the ring configuration and acquire policy it keeps), the retry
	// clocks of every channel, the step's channel's next value at i_sc
	integer	ri;
	always @(posedge i_clk)
	if (i_reset)
	begin
		for (ri = 0; ri < CHANNELS; ri = ri + 1)
		begin
			gp_get[ri]     <= 16'h0;
			gp_ne[ri]      <= 1'b0;
			ctrl_en[ri]    <= 1'b0;
			chan_state[ri] <= `WQ_CH_DISABLED;
			err[ri]        <= 8'h0;
			in_seg[ri]     <= 1'b0;
			gp_lgc[ri]     <= 6'h0;
			gp_base_lo[ri] <= 3'h0;
			cfg_bad[ri]    <= cfg_bad_of(3'h0, 6'h0);
			acq_wr[ri]     <= 2'd0;
			acq_rh[ri]     <= 0;
		end
	end else begin
		for (ri = 0; ri < CHANNELS; ri = ri + 1)
		begin
			if (i_now_wrap && acq_wr[ri] != 2'd3)
				acq_wr[ri] <= acq_wr[ri] + 2'd1;
			if (acq_rh[ri] != 0)
				acq_rh[ri] <= acq_rh[ri] - 1'b1;
		end
		gp_get[i_sc]      <= i_gp_get;
		gp_ne[i_sc]       <= i_gp_ne;
		ctrl_en[i_sc]     <= i_ctrl_en;
		chan_state[i_sc]  <= i_state;
		err[i_sc]         <= i_err;
		in_seg[i_sc]      <= i_in_seg;
		gp_lgc[i_sc]      <= i_gp_lgc;
		gp_base_lo[i_sc]  <= i_gp_base_lo;
		cfg_bad[i_sc]     <= cfg_bad_of(i_gp_base_lo, i_gp_lgc);
		acq_wr[i_sc]      <= i_acq_wr;
		acq_rh[i_sc]      <= i_acq_rh;
	end

	// the fields only the step's channel reads (LUT RAM, one write port
	// at i_sc; the sequencer's reset sweep clears them)
	always @(posedge i_clk)
	if (!i_reset)
	begin
		seg_addr[i_sc]    <= i_seg_addr;
		seg_rem[i_sc]     <= i_seg_rem;
		m_addr[i_sc]      <= i_m_addr;
		m_count[i_sc]     <= i_m_count;
		m_one[i_sc]       <= i_m_one;
		m_secop[i_sc]     <= i_m_secop;
		m_subch[i_sc]     <= i_m_subch;
		wait_kind[i_sc]   <= i_wait_kind;
		wait_method[i_sc] <= i_wait_method;
	end

	// the walk's copies (no reset: o_wk_ok says when they hold; its
	// users are checks, the lockstep benches' and the formal jobs')
	reg	[CW-1:0]	wk_sc;
	reg		wk_v;
	always @(posedge i_clk)
	begin
		o_wk_m_addr <= i_m_addr;
		o_wk_m_one  <= i_m_one;
		wk_sc       <= i_sc;
		wk_v        <= !i_reset;
	end
	assign	o_wk_ok = wk_v && (wk_sc == i_sc);

	genvar	c;
	generate for (c = 0; c < CHANNELS; c = c + 1)
	begin : g_out
		assign	o_gp_ne[c]              = gp_ne[c];
		assign	o_ctrl_en[c]            = ctrl_en[c];
		assign	o_state[4*c +: 4]       = chan_state[c];
		assign	o_err[8*c +: 8]         = err[c];
		assign	o_in_seg[c]             = in_seg[c];
		assign	o_gp_base_lo[3*c +: 3]  = gp_base_lo[c];
		assign	o_acq_rh[RHW*c +: RHW]  = acq_rh[c];
	end endgenerate

	assign	o_sc_gp_get     = gp_get[i_sc];
	assign	o_sc_gp_ne      = gp_ne[i_sc];
	assign	o_sc_ctrl_en    = ctrl_en[i_sc];
	assign	o_sc_state      = chan_state[i_sc];
	assign	o_sc_err        = err[i_sc];
	assign	o_sc_in_seg     = in_seg[i_sc];
	assign	o_sc_gp_lgc     = gp_lgc[i_sc];
	assign	o_sc_gp_base_lo = gp_base_lo[i_sc];
	assign	o_sc_cfg_bad    = cfg_bad[i_sc];
	assign	o_sc_acq_wr     = acq_wr[i_sc];
	assign	o_sc_acq_rh     = acq_rh[i_sc];
	assign	o_cur_gp_get    = gp_get[i_cur_ch];
	assign	o_ev_gp_get     = gp_get[i_ev_ch];
	assign	o_ev_err        = err[i_ev_ch];

	assign	o_seg_addr    = seg_addr[i_sc];
	assign	o_seg_rem     = seg_rem[i_sc];
	assign	o_m_addr      = m_addr[i_sc];
	assign	o_m_count     = m_count[i_sc];
	assign	o_m_one       = m_one[i_sc];
	assign	o_m_secop     = m_secop[i_sc];
	assign	o_m_subch     = m_subch[i_sc];
	assign	o_wait_kind   = wait_kind[i_sc];
	assign	o_wait_method = wait_method[i_sc];

`ifdef FORMAL
	// ---- formal properties (job host_cst) -----------------------------
	// The per-channel invariants that hold because of what the sequencer
	// writes (the states are CHSTATE rows, a disabled channel DISABLED or
	// in ERROR, ...) are wq_host_if's; these are the storage's own: the
	// reset, a write lands at the step's channel alone, the retry clocks
	// run on every channel, a field reads back as written.
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;
	always @(*)
	if (!f_past_valid)
		assume(i_reset);

	genvar	fc;
	generate for (fc = 0; fc < CHANNELS; fc = fc + 1)
	begin : g_fchan
		always @(posedge i_clk)
		if (f_past_valid && $past(i_reset))
		begin
			// wq_host_init
			assert(gp_get[fc] == 16'h0 && !gp_ne[fc] && !ctrl_en[fc]
				&& chan_state[fc] == `WQ_CH_DISABLED && err[fc] == 8'h0
				&& !in_seg[fc] && gp_lgc[fc] == 6'h0
				&& gp_base_lo[fc] == 3'h0 && acq_wr[fc] == 2'd0
				&& acq_rh[fc] == 0);
		end else if (f_past_valid && $past(i_sc) == fc)
		begin
			// the step's channel: as written (the LUT RAM fields too)
			assert(gp_get[fc] == $past(i_gp_get) && gp_ne[fc] == $past(i_gp_ne)
				&& ctrl_en[fc] == $past(i_ctrl_en)
				&& chan_state[fc] == $past(i_state) && err[fc] == $past(i_err)
				&& in_seg[fc] == $past(i_in_seg) && gp_lgc[fc] == $past(i_gp_lgc)
				&& gp_base_lo[fc] == $past(i_gp_base_lo)
				&& acq_wr[fc] == $past(i_acq_wr) && acq_rh[fc] == $past(i_acq_rh));
			assert(seg_addr[fc] == $past(i_seg_addr)
				&& seg_rem[fc] == $past(i_seg_rem)
				&& m_addr[fc] == $past(i_m_addr) && m_count[fc] == $past(i_m_count)
				&& m_one[fc] == $past(i_m_one)
				&& m_secop[fc] == $past(i_m_secop) && m_subch[fc] == $past(i_m_subch)
				&& wait_kind[fc] == $past(i_wait_kind)
				&& wait_method[fc] == $past(i_wait_method));
		end else if (f_past_valid)
		begin
			// any other channel keeps its fields; its retry clock runs:
			// the wraps count up to 3, the hint down to 0
			assert(gp_get[fc] == $past(gp_get[fc]) && gp_ne[fc] == $past(gp_ne[fc])
				&& ctrl_en[fc] == $past(ctrl_en[fc])
				&& chan_state[fc] == $past(chan_state[fc])
				&& err[fc] == $past(err[fc]) && in_seg[fc] == $past(in_seg[fc])
				&& gp_lgc[fc] == $past(gp_lgc[fc])
				&& gp_base_lo[fc] == $past(gp_base_lo[fc]));
			assert(seg_addr[fc] == $past(seg_addr[fc])
				&& seg_rem[fc] == $past(seg_rem[fc])
				&& m_addr[fc] == $past(m_addr[fc])
				&& m_count[fc] == $past(m_count[fc])
				&& m_one[fc] == $past(m_one[fc])
				&& m_secop[fc] == $past(m_secop[fc])
				&& m_subch[fc] == $past(m_subch[fc])
				&& wait_kind[fc] == $past(wait_kind[fc])
				&& wait_method[fc] == $past(wait_method[fc]));
			assert(acq_wr[fc] == (($past(i_now_wrap) && $past(acq_wr[fc]) != 2'd3)
					? $past(acq_wr[fc]) + 2'd1 : $past(acq_wr[fc])));
			assert(acq_rh[fc] == (($past(acq_rh[fc]) != 0)
					? $past(acq_rh[fc]) - 1'b1 : $past(acq_rh[fc])));
		end
	end endgenerate

	// the ports show the storage: every channel's, and the read ports'
	// channels'; the configuration flag is its fields' check
	generate for (fc = 0; fc < CHANNELS; fc = fc + 1)
	begin : g_fcfg
		always @(*)
		if (f_past_valid)
			assert(cfg_bad[fc] == cfg_bad_of(gp_base_lo[fc], gp_lgc[fc]));
	end endgenerate
	always @(*)
	begin
		assert(o_state[3:0] == chan_state[0] && o_err[7:0] == err[0]
			&& o_acq_rh[RHW-1:0] == acq_rh[0]);
		assert(o_seg_rem == seg_rem[i_sc] && o_m_count == m_count[i_sc]
			&& o_m_one == m_one[i_sc]);
		// the walk's copies are the read while the channel (one that
		// exists) stays
		if (f_past_valid && o_wk_ok && i_sc < CHANNELS)
			assert(o_wk_m_addr == o_m_addr && o_wk_m_one == o_m_one);
		assert(o_sc_gp_get == gp_get[i_sc] && o_sc_state == chan_state[i_sc]
			&& o_sc_acq_rh == acq_rh[i_sc] && o_sc_gp_lgc == gp_lgc[i_sc]);
		assert(o_cur_gp_get == gp_get[i_cur_ch] && o_ev_gp_get == gp_get[i_ev_ch]
			&& o_ev_err == err[i_ev_ch]);
	end

	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset))
	begin
		c_wrap:    cover($past(acq_wr[0]) == 2'd2 && acq_wr[0] == 2'd3);
		c_hint:    cover($past(acq_rh[0]) == 1 && acq_rh[0] == 0);
		c_other:   cover($past(i_sc) != 0 && $past(i_gp_get) != gp_get[0]);
		c_written: cover($past(i_sc) == 1 && m_count[1] != 0 && i_sc == 1
				&& o_m_count == m_count[1]);
		c_wk:      cover(o_wk_ok && $past(i_sc) == 2 && o_wk_m_one
				&& !$past(m_one[2]));
	end
`endif
endmodule
