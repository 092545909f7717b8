////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_chan.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's channel RAM and channel-register
//		decode (the model's csr_chan.c): the RAM of the 32-bit fields
//		only a step of that channel or a CSR access needs, one word
//		per field per channel (wq_host_map.vh), with one write port
//		and one synchronous read port; and, for the access on the CSR
//		sub-port, which channel and register it names, which RAM word
//		it needs, its read data and whether the map has a hole there,
//		and the checks a GP_PUT or CTRL write makes.  Instantiated by
//		wq_host_if (u_chan), whose state machine drives the RAM's
//		ports (reset sweep, CSR writes, the steps' fields) and takes
//		the decode in H_IDLE / H_CSR2; docs/rtl/wq_host_chan.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (o_f_cw_now, for wq_host_if's property that H_CSR2 applies its own
// cycle's decision: under FORMAL, and in scripts/formal.sh's wq_host_if
// jobs, which read this unit with WQ_HOST_CHAN_F whether or not with its
// own properties)
`ifdef FORMAL
`define WQ_HOST_CHAN_F
`endif

// (the CSR write decision's registers take the step channel's fields
// read in the same cycle, one part of the host's cycle: scripts/area.sh
// maps it inside wq_host_if, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_chan #(
		parameter	CHANNELS = 4,	// 1..16
		// 1: PERF_METHODS is read from i_perf (wq_host_if's perf_q),
		// not from the RAM
		parameter	FAST = 1,
		// derived (leave at their defaults): the channel number's width
		// and the RAM's address width
		parameter	CW = (CHANNELS > 1) ? $clog2(CHANNELS) : 1,
		parameter	AW = 4 + ((CW < 2) ? 2 : CW)
	) (
		input	wire		i_clk,
		// ---- the channel RAM ----------------------------------------------
		// a write lands at the next edge; the word at i_ra is on o_rd
		// the cycle after (a read of the word written in the same
		// cycle returns unspecified data: never used)
		input	wire		i_we,
		input	wire	[AW-1:0]	i_wa,
		input	wire	[31:0]	i_wd,
		input	wire	[AW-1:0]	i_ra,
		output	reg	[31:0]	o_rd,
		// ---- the CSR access ------------------------------------------------
		input	wire	[11:0]	i_csr_addr,
		input	wire	[31:0]	i_csr_wdata,
		// GPFIFO_BASE[2:0] of every channel (channel c at 3c+2:3c)
		input	wire	[3*CHANNELS-1:0]	i_base_lo,
		// the accessed channel's fields (wq_host_if's sc, set to the
		// access's channel in H_IDLE)
		input	wire	[15:0]	i_sc_get,
		input	wire	[5:0]	i_sc_lgc,	// min(GPFIFO_LOG2, 32)
		input	wire	[2:0]	i_sc_base_lo,	// (the formal section's)
		input	wire		i_sc_cfg_bad,	// the enable check fails (wq_host_cst's flag)
		input	wire		i_sc_en,
		input	wire	[3:0]	i_sc_state,
		input	wire	[7:0]	i_sc_err,
		// (FAST) PERF_METHODS
		input	wire	[31:0]	i_perf,
		// in the channel window; its channel
		output	wire		o_csr_is_ch,
		output	wire	[CW-1:0]	o_csr_ch,
		// the RAM word the access needs (set as i_ra in H_IDLE)
		output	wire	[AW-1:0]	o_csr_ra,
		// the read data (with the word on o_rd)
		output	reg	[31:0]	o_csr_rdata,
		// ---- the CSR write's next state ---------------------------------
		// (wq_host_if applies it in H_CSR2 to its registers; a write with
		// no effect, a read or a hole sets none)
		input	wire		i_csr_we,
		input	wire	[CW-1:0]	i_sc,	// the accessed channel
		input	wire	[3:0]	i_sc_wk,	// its wait_kind
		input	wire		i_sc_seg,	// in_seg
		input	wire		i_sc_ne,	// GP_GET != GP_PUT
		// a CTRL write with RESET: clear the channel's RAM fields first
		// (H_CLR) before the answer; registered like the rest (below),
		// read in H_CSR1, whose cycle before took the access with the
		// same address and data (wq_host_if asserts it, o_f_clr_now)
		output	reg		o_clr,
		// The rest is the decision registered, every cycle (o_cw_*): its
		// inputs do not change between H_IDLE's last cycle and the
		// answer (the requester holds the access, sc is the access's
		// channel from H_CSR1 on, and only H_CSR2 and a grant's steps
		// write a channel's flip-flop fields), so in H_CSR2 the copy of
		// the cycle before is the decision (wq_host_if asserts it,
		// o_f_cw_now); the decode, the ring check's OR chain and the
		// settle rule end here instead of running on into the channel
		// registers' next state.
		// a hole in the map (the answer's error)
		output	reg		o_cw_bad,
		// GP_GET != the new GP_PUT (a GP_PUT write's gp_ne)
		output	reg		o_cw_put_ne,
		// wq_chan_reset of the channel (its flip-flop and LUT RAM fields)
		output	reg		o_cw_reset,
		// a channel RAM write: word, and its data (o_cw_wd: the word on
		// o_rd for BAD_CONFIG's ERR_INFO, valid in H_CSR2, where it is
		// used; else i_csr_wdata)
		output	reg		o_cw_ram,
		output	reg	[AW-1:0]	o_cw_wa,
		output	wire	[31:0]	o_cw_wd,
		// HOST_SLICE written (a fresh slice; its value is i_csr_wdata)
		output	reg		o_cw_hsl,
		// GPFIFO_BASE[2:0] (i_csr_wdata[2:0]) and the clamped LOG2
		output	reg		o_cw_base,
		output	reg		o_cw_lgc,
		output	reg	[5:0]	o_cw_lgc_v,
		// ACQ_RETRY written: the retry hint is stale (cleared)
		output	reg		o_cw_rh,
		// GP_GET != GP_PUT, CTRL.ENABLE, the channel state
		output	reg		o_cw_ne,
		output	reg		o_cw_wen,
		output	reg		o_cw_en,
		output	reg		o_cw_st,
		output	reg	[3:0]	o_cw_st_v,
		// a channel error (its code; ERR_INFO is the write's data): the record
		// and the interrupt
		output	reg		o_cw_err,
		output	reg	[7:0]	o_cw_err_v
`ifdef WQ_HOST_CHAN_F
		// the registered decision is this cycle's
		, output	wire		o_f_cw_now
		, output	wire		o_f_clr_now
`endif
	);

	localparam	CA = AW - 4;
	// the CSR write's decision of this cycle (registered as o_cw_*, below)
	reg		d_csr_bad, d_w_reset, d_w_ram, d_w_wd_rd, d_w_hsl, d_w_base, d_w_lgc;
	reg		d_w_rh, d_w_ne, d_w_en, d_en, d_w_st, d_w_err;
	reg	[AW-1:0]	d_w_wa;
	reg	[3:0]	d_st;
	reg	[7:0]	d_err;
	wire	[5:0]	d_lgc;
	wire		d_put_ne;
	reg		cw_wd_rd;	// (o_cw_wd's source)
	localparam	STRIDE_LG = $clog2(`WQ_CSRVAL_CHAN_STRIDE);
	// verilator lint_off UNUSEDPARAM
`include "wq_host_map.vh"
	// verilator lint_on UNUSEDPARAM
	// le_k / ge_k: compares with a constant as gates
`include "wq_cmp_k.vh"

	////////////////////////////////////////////////////////////////////////
	//
	// The channel RAM
	//
	// Reset values are written, a word a cycle: after reset wq_host_if's
	// H_INIT sweeps every word (0, or ACQ_TIMEOUT's / ACQ_RETRY's
	// default) before the host takes a CSR access or asks for the lock,
	// and a CTRL write with RESET clears the channel's eight reset fields
	// (H_CLR) before it answers.  No per-word flags and no default
	// multiplexer on the read port.
	//
	// A read of a word in the cycle it is written returns unspecified
	// data (no_rw_check): the sequencer never uses such a read (the
	// argument is in wq_host_if, at cm_rd), so Yosys maps the RAM
	// straight onto block RAM instead of emulating read-before-write in
	// fabric (a delayed write port and a bypass: about 120 iCE40 logic
	// cells).
	(* ram_style = "block", no_rw_check *)
	reg	[31:0]	cmem	[0:(1<<AW)-1];

	always @(posedge i_clk)
	if (i_we)
		cmem[i_wa] <= i_wd;

	always @(posedge i_clk)
	begin
		o_rd <= cmem[i_ra];
`ifndef SYNTHESIS
		// collision: poison the read, so a lockstep bench sees any use
		// of it (the FPGA's block RAM may return either word)
		if (i_we && i_wa == i_ra)
			o_rd <= ~cmem[i_ra];
`endif
	end

	////////////////////////////////////////////////////////////////////////
	//
	// The CSR access's decode
	//
	// The requester holds the address and data until the answer, so
	// everything here is combinational from them and the channel's
	// fields.
	wire	[31:0]	csr_rel   = {20'h0, i_csr_addr} - `WQ_CSRVAL_CHAN_BASE;
	wire	[31:0]	csr_chn   = csr_rel >> STRIDE_LG;
	wire	[31:0]	csr_regw  = csr_rel & (`WQ_CSRVAL_CHAN_STRIDE - 32'h1);
	assign	o_csr_ch  = csr_chn[CW-1:0];
	wire	[11:0]	csr_reg = csr_regw[11:0];	// the register offset
	// in the channel window: CHAN_BASE <= addr < CHAN_BASE + CHANNELS *
	// CHAN_STRIDE, two constant compares (not csr_chn < CHANNELS on the
	// 32-bit difference).  wq_top routes only offsets >= CHAN_BASE and the
	// two global ones here; the lower bound still tells those two (below
	// the window) from a channel's registers, which pick sc (docs/rtl/README.md,
	// CSR sub-port)
	localparam [31:0]	CHAN_END = `WQ_CSRVAL_CHAN_BASE
				+ CHANNELS * `WQ_CSRVAL_CHAN_STRIDE;
	assign	o_csr_is_ch = ge_k({20'h0, i_csr_addr}, `WQ_CSRVAL_CHAN_BASE)
				&& !ge_k({20'h0, i_csr_addr}, CHAN_END)
				&& (i_csr_addr[1:0] == 2'b00);

	// a doorbell outside the ring (any value fits when LOG2 >= 32): a set
	// bit at LOG2 or above.  put_hi[k] says a bit at k or above is set:
	// one OR chain and a 32:1 select by LOG2, cheaper than a thermometer
	// mask with a 32-bit AND-reduce (and than a barrel shifter)
	reg	[31:0]	put_hi;
	integer		pk;
	always @(*)
	begin
		put_hi[31] = i_csr_wdata[31];
		for (pk = 30; pk >= 0; pk = pk - 1)
			put_hi[pk] = i_csr_wdata[pk] || put_hi[pk+1];
	end
	// a GP_PUT write outside the ring
	wire	put_bad = !i_sc_lgc[5] && put_hi[i_sc_lgc[4:0]];
	// GP_GET != the new GP_PUT (GP_GET < 2^16)
	assign	d_put_ne  = put_hi[16] || (i_sc_get != i_csr_wdata[15:0]);
	// the enable check on the clamped LOG2 (LOG2_MAX < 32) and BASE[2:0];
	// ERR_INFO is the offending register, read for the CTRL access
	// (at the request, before sc is the access's channel)
	wire	[2:0]	i_base = i_base_lo[3*o_csr_ch +: 3];
	wire		i_base_bad = (i_base != 3'h0);
	// (the check itself, GPFIFO_BASE[2:0] != 0 or LOG2 out of range:
	// u_cst's flag, kept with the fields)
	wire	cfg_bad  = i_sc_cfg_bad;

	reg	[3:0]	csr_fld;	// the channel RAM word of the access
	always @(*)
	case (csr_reg)
	`WQ_CHCSR_GPFIFO_LOG2:	csr_fld = F_LOG2;
	`WQ_CHCSR_REF:		csr_fld = F_REF;
	`WQ_CHCSR_ACQ_TIMEOUT:	csr_fld = F_TMO;
	`WQ_CHCSR_ACQ_RETRY:	csr_fld = F_RETRY;
	`WQ_CHCSR_ERR_INFO:	csr_fld = F_EINFO;
	`WQ_CHCSR_GP_PUT:	csr_fld = F_PUT;
	`WQ_CHCSR_CTRL:		csr_fld = i_base_bad ? F_BASE : F_LOG2;
	default:		csr_fld = F_BASE;
	endcase

	// the channel RAM word of the access: the host's own CSRs are words
	// of F_GLOB
	assign	o_csr_ra = (i_csr_addr == `WQ_CSR_HOST_SLICE) ? A_HSL
				: (i_csr_addr == `WQ_CSR_PERF_METHODS) ? A_PERF
				: ca(csr_fld, o_csr_ch);

	always @(*)
	begin
		o_csr_rdata = 32'h0;
		d_csr_bad   = 1'b0;
		if (i_csr_addr == `WQ_CSR_PERF_METHODS && FAST != 0)
			o_csr_rdata = i_perf;	// (FAST: A_PERF is not written)
		else if (i_csr_addr == `WQ_CSR_HOST_SLICE
				|| i_csr_addr == `WQ_CSR_PERF_METHODS)
			o_csr_rdata = o_rd;
		else if (o_csr_is_ch)
			case (csr_reg)
			`WQ_CHCSR_GPFIFO_BASE,
			`WQ_CHCSR_GPFIFO_LOG2,
			`WQ_CHCSR_REF,
			`WQ_CHCSR_ACQ_TIMEOUT,
			`WQ_CHCSR_ACQ_RETRY,
			`WQ_CHCSR_ERR_INFO,
			`WQ_CHCSR_GP_PUT:	o_csr_rdata = o_rd;
			`WQ_CHCSR_GP_GET:	o_csr_rdata = {16'h0, i_sc_get};
			`WQ_CHCSR_CTRL:		o_csr_rdata = {31'h0, i_sc_en} << `WQ_CSRF_CTRL_ENABLE_LO;
			`WQ_CHCSR_STATUS:	o_csr_rdata = ({28'h0, i_sc_state} << `WQ_CSRF_STATUS_STATE_LO)
						| ({24'h0, i_sc_err} << `WQ_CSRF_STATUS_ERROR_LO);
			default:		d_csr_bad = 1'b1;
			endcase
		else
			d_csr_bad = 1'b1;
	end

	////////////////////////////////////////////////////////////////////////
	//
	// The CSR write's next state (csr_chan.c's writes): combinational, the
	// defaults first; wq_host_if's H_CSR2 applies it (wq_chan_reset
	// first, then the rest, so the enable after a RESET wins)
	//
	wire		c_reset  = i_csr_wdata[`WQ_CSRF_CTRL_RESET_LO];
	wire		c_enable = i_csr_wdata[`WQ_CSRF_CTRL_ENABLE_LO];
	// the channel as CTRL.RESET leaves it (reset first, then enable)
	wire	[3:0]	c_st0  = c_reset ? `WQ_CH_DISABLED : i_sc_state;
	wire		c_en0  = c_reset ? 1'b0 : i_sc_en;
	wire	[3:0]	c_wk0  = c_reset ? 4'h0 : i_sc_wk;
	wire		c_seg0 = c_reset ? 1'b0 : i_sc_seg;
	wire		c_ne0  = c_reset ? 1'b0 : i_sc_ne;
	// a write that takes effect
	wire		c_w    = i_csr_we && !d_csr_bad;
	wire		c_ctrl = i_csr_we && o_csr_is_ch && (csr_reg == `WQ_CHCSR_CTRL);

	wire		d_clr = c_ctrl && c_reset;
	assign	d_lgc = (i_csr_wdata[31:5] != 27'h0) ? 6'd32 : {1'b0, i_csr_wdata[4:0]};

	always @(*)
	begin
		d_w_reset = 1'b0;
		d_w_ram   = 1'b0;
		d_w_wa    = ca(csr_fld, i_sc);
		d_w_wd_rd = 1'b0;
		d_w_hsl   = 1'b0;
		d_w_base  = 1'b0;
		d_w_lgc   = 1'b0;
		d_w_rh    = 1'b0;
		d_w_ne    = 1'b0;
		d_w_en    = 1'b0;
		d_en      = 1'b0;
		d_w_st    = 1'b0;
		d_st      = i_sc_state;
		d_w_err   = 1'b0;
		d_err     = 8'h0;
		if (c_w && i_csr_addr == `WQ_CSR_HOST_SLICE)
		begin
			// takes effect at once: a fresh slice
			d_w_hsl = 1'b1;
			d_w_ram = 1'b1;
			d_w_wa  = A_HSL;
		end else if (c_w && o_csr_is_ch)
		case (csr_reg)
		`WQ_CHCSR_GPFIFO_BASE: begin
			d_w_ram  = !i_sc_en;
			d_w_base = !i_sc_en;
		end
		`WQ_CHCSR_GPFIFO_LOG2: begin
			d_w_ram  = !i_sc_en;
			d_w_lgc  = !i_sc_en;
		end
		`WQ_CHCSR_ACQ_RETRY: begin
			// the hint is stale: ask, the rule decides
			d_w_ram = 1'b1;
			d_w_rh  = 1'b1;
		end
		`WQ_CHCSR_ACQ_TIMEOUT:	d_w_ram = 1'b1;
		`WQ_CHCSR_GP_PUT:
		if (i_sc_state != `WQ_CH_ERROR)
		begin
			d_w_ram = 1'b1;
			d_w_st  = 1'b1;
			if (put_bad)
			begin
				d_w_wa  = ca(F_EINFO, i_sc);
				d_st    = `WQ_CH_ERROR;
				d_w_err = 1'b1;
				d_err   = `WQ_CHERR_GP_PUT_RANGE;
			end else begin
				d_w_ne  = 1'b1;
				d_st    = settle(i_sc_state, i_sc_seg, d_put_ne);
			end
		end
		`WQ_CHCSR_CTRL: begin
			// wq_chan_reset (its channel RAM fields: H_CLR cleared
			// them)
			d_w_reset = c_reset;
			if (c_st0 != `WQ_CH_ERROR)
			begin
				if (c_enable && !c_en0)
				begin
					d_w_en = 1'b1;
					d_en   = 1'b1;
					d_w_st = 1'b1;
					if (cfg_bad)
					begin
						// o_rd: GPFIFO_BASE if misaligned,
						// else LOG2
						d_w_ram = 1'b1;
						d_w_wa  = ca(F_EINFO, i_sc);
						d_w_wd_rd = 1'b1;	// GPFIFO_BASE or LOG2
						d_st    = `WQ_CH_ERROR;
						d_w_err = 1'b1;
						d_err   = `WQ_CHERR_BAD_CONFIG;
					end else
						// a wait interrupted by disabling
						// resumes
						d_st = settle((c_wk0 != 4'h0)
							? c_wk0 : `WQ_CH_RUNNABLE,
							c_seg0, c_ne0);
				end else if (!c_enable && c_en0)
				begin
					d_w_en = 1'b1;
					d_w_st = 1'b1;
					d_st   = `WQ_CH_DISABLED;
				end
			end
		end
		default: ;	// read-only: accepted, ignored
		endcase
	end

	// verilator lint_off UNUSEDSIGNAL
	wire	unused = &{1'b0, csr_chn[31:CW], csr_regw[31:12], i_sc_base_lo};
	// verilator lint_on UNUSEDSIGNAL

	// the decision registered, every cycle (the port list says why the
	// copy is the decision where H_CSR2 applies it)
	always @(posedge i_clk)
	begin
		o_clr       <= d_clr;
		o_cw_bad    <= d_csr_bad;
		o_cw_put_ne <= d_put_ne;
		o_cw_reset  <= d_w_reset;
		o_cw_ram    <= d_w_ram;
		o_cw_wa     <= d_w_wa;
		cw_wd_rd    <= d_w_wd_rd;
		o_cw_hsl    <= d_w_hsl;
		o_cw_base   <= d_w_base;
		o_cw_lgc    <= d_w_lgc;
		o_cw_lgc_v  <= d_lgc;
		o_cw_rh     <= d_w_rh;
		o_cw_ne     <= d_w_ne;
		o_cw_wen    <= d_w_en;
		o_cw_en     <= d_en;
		o_cw_st     <= d_w_st;
		o_cw_st_v   <= d_st;
		o_cw_err    <= d_w_err;
		o_cw_err_v  <= d_err;
	end
	// BAD_CONFIG's ERR_INFO is the word on the read port, valid only in
	// H_CSR2: the write data is selected there
	assign	o_cw_wd = cw_wd_rd ? o_rd : i_csr_wdata;
`ifdef WQ_HOST_CHAN_F
	assign	o_f_cw_now = o_cw_bad == d_csr_bad && o_cw_put_ne == d_put_ne
			&& o_cw_reset == d_w_reset && o_cw_ram == d_w_ram
			&& o_cw_wa == d_w_wa && cw_wd_rd == d_w_wd_rd && o_cw_hsl == d_w_hsl
			&& o_cw_base == d_w_base && o_cw_lgc == d_w_lgc
			&& o_cw_lgc_v == d_lgc && o_cw_rh == d_w_rh && o_cw_ne == d_w_ne
			&& o_cw_wen == d_w_en && o_cw_en == d_en && o_cw_st == d_w_st
			&& o_cw_st_v == d_st && o_cw_err == d_w_err
			&& o_cw_err_v == d_err;
	assign	o_f_clr_now = o_clr == d_clr;
`endif

`ifdef FORMAL
	// ---- formal properties (job host_chan in scripts/formal.sh) --------
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;

	// The RAM: for an arbitrary word f_a, what was last written there;
	// a read of it answers that word the cycle after, unless the same
	// cycle wrote it (the collision no user makes)
	(* anyconst *) reg	[AW-1:0]	f_a;
	reg		f_v, f_rd;
	reg	[31:0]	f_d;
	initial	f_v  = 1'b0;
	initial	f_rd = 1'b0;
	always @(posedge i_clk)
	begin
		if (i_we && i_wa == f_a)
		begin
			f_v <= 1'b1;
			f_d <= i_wd;
		end
		f_rd <= (i_ra == f_a) && !(i_we && i_wa == f_a);
	end
	always @(*)
	if (f_v)
		assert(cmem[f_a] == f_d);
	always @(*)
	if (f_past_valid && f_rd && f_v)
		assert(o_rd == f_d);

	// The decode, against the register map's arithmetic
	wire	[31:0]	f_addr = {20'h0, i_csr_addr};
	wire		f_in   = f_addr >= `WQ_CSRVAL_CHAN_BASE
			&& f_addr < `WQ_CSRVAL_CHAN_BASE + CHANNELS * `WQ_CSRVAL_CHAN_STRIDE
			&& i_csr_addr[1:0] == 2'b00;
	always @(*)
	begin
		assert(o_csr_is_ch == f_in);
		if (o_csr_is_ch)
		begin
			assert({{(32-CW){1'b0}}, o_csr_ch} < CHANNELS);
			assert(f_addr == `WQ_CSRVAL_CHAN_BASE
				+ {{(32-CW){1'b0}}, o_csr_ch} * `WQ_CSRVAL_CHAN_STRIDE
				+ {20'h0, csr_reg});
			// a channel register's word is that channel's
			if (!d_csr_bad)
				assert(o_csr_ra[CA-1:0] == {{(CA-CW){1'b0}}, o_csr_ch}
					&& o_csr_ra[AW-1:CA] != F_GLOB);
		end
		// the host's own words
		if (i_csr_addr == `WQ_CSR_HOST_SLICE)
			assert(o_csr_ra == A_HSL && !d_csr_bad && o_csr_rdata == o_rd);
		// GP_PUT outside the ring: a bit at LOG2 or above (LOG2 < 32)
		assert(put_bad == (i_sc_lgc < 6'd32
			&& (i_csr_wdata >> i_sc_lgc) != 32'h0));
		assert(d_put_ne == (i_csr_wdata != {16'h0, i_sc_get}));
	end

	// The CSR write's next state: nothing without a write that takes
	// effect; a RAM write to the accessed channel's word (or HOST_SLICE's);
	// the ring configuration only while disabled; an error is a state
	// change to ERROR with its ERR_INFO written; a channel in ERROR leaves
	// it only through CTRL.RESET; a CTRL write is the only one that
	// resets or enables.  (wq_host_if's wait_kind is 0 or a wait state:
	// start_wait's ACQ_WAIT, WFI_WAIT, LAUNCH_WAIT: assumed when the unit
	// is the job's top, FORMAL_HOST_CHAN_TOP; asserted inside the host
	// interface, which must keep it)
`ifdef FORMAL_HOST_CHAN_TOP
`define	WQ_F_IN	assume
`else
`define	WQ_F_IN	assert
`endif
	always @(*)
		`WQ_F_IN(i_sc_wk == 4'h0 || i_sc_wk == `WQ_CH_ACQ_WAIT
			|| i_sc_wk == `WQ_CH_WFI_WAIT || i_sc_wk == `WQ_CH_LAUNCH_WAIT);
	// the configuration flag is the enable check on the step's channel's
	// fields (wq_host_cst keeps it with them; its reset values are
	// consistent, so from the cycle after the first)
	always @(*)
	if (f_past_valid)
		`WQ_F_IN(i_sc_cfg_bad == (i_sc_base_lo != 3'h0
			|| {26'h0, i_sc_lgc} < `WQ_CSRVAL_GPFIFO_LOG2_MIN
			|| {26'h0, i_sc_lgc} > `WQ_CSRVAL_GPFIFO_LOG2_MAX));
`undef	WQ_F_IN
	always @(*)
	begin
		if (!i_csr_we || d_csr_bad)
			assert(!d_w_reset && !d_w_ram && !d_w_hsl && !d_w_base
				&& !d_w_lgc && !d_w_rh && !d_w_ne && !d_w_en
				&& !d_w_st && !d_w_err);
		if (d_w_ram)
			assert((i_csr_addr == `WQ_CSR_HOST_SLICE) ? (d_w_wa == A_HSL)
				: (d_w_wa[CA-1:0] == {{(CA-CW){1'b0}}, i_sc}
					&& d_w_wa[AW-1:CA] != F_GLOB));
		if (d_w_wd_rd)
			assert(d_w_err && d_err == `WQ_CHERR_BAD_CONFIG);
		if (d_w_hsl)
			assert(d_w_ram && !d_w_wd_rd);
		if (d_w_base || d_w_lgc)
			assert(!i_sc_en && d_w_ram && !d_w_wd_rd);
		if (d_w_lgc)
			assert(d_lgc == ((i_csr_wdata >= 32'd32) ? 6'd32 : i_csr_wdata[5:0]));
		if (d_w_err)
			assert(d_w_st && d_st == `WQ_CH_ERROR && d_w_ram
				&& d_w_wa == ca(F_EINFO, i_sc)
				&& (d_err == `WQ_CHERR_GP_PUT_RANGE
					|| d_err == `WQ_CHERR_BAD_CONFIG));
		if (d_w_st && d_st == `WQ_CH_ERROR)
			assert(d_w_err);
		if (i_sc_state == `WQ_CH_ERROR && !d_w_reset)
			assert(!d_w_st && !d_w_en && !d_w_ne);
		if (d_w_reset || d_w_en)
			assert(o_csr_is_ch && csr_reg == `WQ_CHCSR_CTRL);
		// a GP_PUT outside the ring is an error, never a doorbell
		if (d_w_ne)
			assert(!put_bad && d_w_wa == ca(F_PUT, i_sc));
	end

	always @(*)
	begin
		c_put_err:  cover(d_w_err && d_err == `WQ_CHERR_GP_PUT_RANGE);
		c_cfg_err:  cover(d_w_err && d_err == `WQ_CHERR_BAD_CONFIG
				&& d_w_wd_rd);
		// (a reset clears the segment and GP_GET == GP_PUT: IDLE)
		c_reset_en: cover(d_w_reset && d_w_en && d_en
				&& d_st == `WQ_CH_IDLE);
		c_resume:   cover(d_w_en && d_en && d_st == `WQ_CH_ACQ_WAIT);
		c_read:     cover(f_past_valid && f_rd && f_v && o_rd != 32'h0);
		c_last_ch:  cover(o_csr_is_ch && o_csr_ch == CHANNELS - 1
				&& csr_reg == `WQ_CHCSR_STATUS);
		c_hole:     cover(d_csr_bad && i_csr_addr >= `WQ_CSRVAL_CHAN_BASE);
		c_put_bad:  cover(put_bad && i_sc_lgc == 6'd4);
	end
`endif
endmodule
