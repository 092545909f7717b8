////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_launch_check.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	Launch-descriptor checker of the host interface: every rule
//		of the model's desc_valid() (cmodel/src/sched.c) over the 16
//		descriptor words, and the two products the dispatcher needs:
//		the CTA count GRID_X*GRID_Y*GRID_Z and the CTA size
//		CTA_X*CTA_Y*CTA_Z.
//
//		The products come from one small shift-add multiplier (a 32 x 16
//		bit step per cycle, 16 cycles a product, four products: about
//		66 cycles a check) instead of three wide multipliers: a launch
//		happens once per grid and already costs 16 memory reads.  The
//		per-dimension rules (GRID 1..0xFFFF, CTA 1..1024) bound the
//		operands, so 16-bit factors are exact whenever the product
//		matters: a descriptor that breaks a per-dimension rule fails
//		whatever the products are, so the order of the checks does not
//		matter (desc_valid only answers valid or not).
//
//	Handshake: i_start (one cycle, while !o_busy); i_desc must stay put
//	until o_done, a one-cycle pulse with o_ok, o_ncta, o_cta_threads.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

module wq_launch_check #(
		parameter	WARPS   = 8,	// warp slots (CTA <= WARPS*32 threads)
		parameter	REGS    = 32,	// NREGS 1..REGS
		parameter	DQ_LOG2 = 6	// DEQUE.LOG2 2..DQ_LOG2
	) (
		input	wire		i_clk,
		input	wire		i_reset,
		input	wire		i_start,
		input	wire	[32*`WQ_LD_WORDS-1:0]	i_desc,
		output	wire		o_busy,
		output	reg		o_done,
		output	reg		o_ok,
		output	reg	[31:0]	o_ncta,
		output	reg	[10:0]	o_cta_threads
	);

	// word i of the descriptor
	function [31:0] dw;
		input	[32*`WQ_LD_WORDS-1:0]	d;
		input	integer			i;
		dw = d[32*i +: 32];
	endfunction

	// the bits a packed word may use (everything else must be zero)
	function [31:0] fmask;		// W ones from bit LO up
		input	integer	w;
		input	integer	lo;
		// verilator lint_off UNUSEDSIGNAL
		reg	[63:0]	m;
		// verilator lint_on UNUSEDSIGNAL
		begin
			m = ((64'h1 << w) - 64'h1) << lo;
			fmask = m[31:0];
		end
	endfunction
	localparam [31:0] USED_WAVE  = fmask(`WQ_LDF_WAVE_SUBV_W, `WQ_LDF_WAVE_SUBV_LO)
			| fmask(`WQ_LDF_WAVE_SHARED_BASE_W, `WQ_LDF_WAVE_SHARED_BASE_LO);
	localparam [31:0] USED_YIELD = fmask(`WQ_LDF_YIELD_POLICY_W, `WQ_LDF_YIELD_POLICY_LO)
			| fmask(`WQ_LDF_YIELD_PARAM_W, `WQ_LDF_YIELD_PARAM_LO)
			| fmask(`WQ_LDF_YIELD_SEED_W, `WQ_LDF_YIELD_SEED_LO);
	localparam [31:0] USED_DEQUE = fmask(`WQ_LDF_DEQUE_LOG2_W, `WQ_LDF_DEQUE_LOG2_LO);
	localparam [31:0] USED_FLAGS = fmask(`WQ_LDF_FLAGS_NESTED_W, `WQ_LDF_FLAGS_NESTED_LO);
	// CTA size limit: 1024 threads and the machine's WARPS * 32
	localparam [31:0] MAX_T32 = (WARPS * 32 < 1024) ? WARPS * 32 : 1024;
	localparam [10:0] MAX_THREADS = MAX_T32[10:0];
	// NREGS 1..REGS: a compare on the bits REGS needs, the rest zero
	localparam	RW = $clog2(REGS + 1);
	localparam [31:0] REGS32 = REGS;
	localparam [RW-1:0] REGS_MAX = REGS32[RW-1:0];

	wire	[31:0]	w_code  = dw(i_desc, `WQ_LD_CODE_BASE);
	wire	[31:0]	w_pc    = dw(i_desc, `WQ_LD_START_PC);
	wire	[31:0]	w_gx    = dw(i_desc, `WQ_LD_GRID_X);
	wire	[31:0]	w_gy    = dw(i_desc, `WQ_LD_GRID_Y);
	wire	[31:0]	w_gz    = dw(i_desc, `WQ_LD_GRID_Z);
	wire	[31:0]	w_cx    = dw(i_desc, `WQ_LD_CTA_X);
	wire	[31:0]	w_cy    = dw(i_desc, `WQ_LD_CTA_Y);
	wire	[31:0]	w_cz    = dw(i_desc, `WQ_LD_CTA_Z);
	wire	[31:0]	w_nregs = dw(i_desc, `WQ_LD_NREGS);
	wire	[31:0]	w_wave  = dw(i_desc, `WQ_LD_WAVE);
	wire	[31:0]	w_yield = dw(i_desc, `WQ_LD_YIELD);
	wire	[31:0]	w_deque = dw(i_desc, `WQ_LD_DEQUE);
	wire	[31:0]	w_flags = dw(i_desc, `WQ_LD_FLAGS);
	wire	[31:0]	w_r14   = dw(i_desc, `WQ_LD_RSVD14);
	wire	[31:0]	w_r15   = dw(i_desc, `WQ_LD_RSVD15);

	wire	[`WQ_LDF_YIELD_POLICY_W-1:0]	policy = w_yield[`WQ_LDF_YIELD_POLICY_RANGE];
	wire	[`WQ_LDF_DEQUE_LOG2_W-1:0]	dlog2  = w_deque[`WQ_LDF_DEQUE_LOG2_RANGE];

	// 1 <= v <= max, spelt out on the bits each bound needs (a 32-bit
	// compare with a constant would map to a carry chain)
	function grid_ok;		// 1 <= v <= 0xFFFF
		input	[31:0]	v;
		grid_ok = (v != 32'h0) && (v[31:16] == 16'h0);
	endfunction
	function cta_ok;		// 1 <= v <= 1024
		input	[31:0]	v;
		cta_ok = (v != 32'h0) && (v[31:11] == 21'h0)
			&& (!v[10] || v[9:0] == 10'h0);
	endfunction

	// every rule that needs no product (PARAM, word 8, is free)
	wire	static_ok = (w_code[2:0] == 3'h0)
		&& (w_pc[31:`WQ_TF_ADDR_W] == 0)	// START_PC <= PC mask
		&& grid_ok(w_gx) && grid_ok(w_gy) && grid_ok(w_gz)
		&& cta_ok(w_cx) && cta_ok(w_cy) && cta_ok(w_cz)
		&& (w_nregs != 32'h0) && ((w_nregs >> RW) == 32'h0)
		&& (w_nregs[RW-1:0] <= REGS_MAX)
		&& ((w_wave & ~USED_WAVE) == 32'h0)
		&& ((w_yield & ~USED_YIELD) == 32'h0)
		&& (policy <= `WQ_YP_LFSR)
		&& ((w_deque & ~USED_DEQUE) == 32'h0)
		&& ({27'h0, dlog2} >= 32'd2) && ({27'h0, dlog2} <= DQ_LOG2)
		&& ((w_flags & ~USED_FLAGS) == 32'h0)
		&& (w_r14 == 32'h0) && (w_r15 == 32'h0);

	// ---- the multiplier: shift-add, the accumulator shifting right -----
	// prod = {accumulator (32), multiplier (16)}: each cycle adds mcand to
	// the accumulator if the multiplier's low bit is set and shifts the
	// whole right by one, so after 16 cycles prod = mcand * multiplier
	// (48 bits) with a 32-bit adder and a multiplicand that stays put.
	reg	[2:0]	pass;		// 0: GX*GY, 1: *GZ, 2: CX*CY, 3: *CZ, 4: done
	reg	[4:0]	bitn;		// bit of the multiplier this cycle
	reg	[31:0]	mcand;
	reg	[47:0]	prod;
	reg		busy, sok;
	reg	[31:0]	gprod;		// grid product (low word), kept across
	reg		gbig;		// passes 2..3; it is >= 2^32

	wire	[32:0]	psum = {1'b0, prod[47:16]} + (prod[0] ? {1'b0, mcand} : 33'h0);

	assign	o_busy = busy;

	always @(posedge i_clk)
	if (i_reset)
	begin
		busy   <= 1'b0;
		o_done <= 1'b0;
		o_ok   <= 1'b0;
	end else begin
		o_done <= 1'b0;
		if (!busy)
		begin
			if (i_start)
			begin
				busy   <= 1'b1;
				sok    <= static_ok;
				pass   <= 3'd0;
				bitn   <= 5'd0;
				mcand  <= {16'h0, w_gx[15:0]};
				prod   <= {32'h0, w_gy[15:0]};
			end
		end else if (bitn != 5'd16)
		begin
			// one multiplier bit per cycle
			prod <= {psum, prod[15:1]};
			bitn <= bitn + 5'd1;
		end else begin
			// a product is complete: start the next one
			bitn <= 5'd0;
			pass <= pass + 3'd1;
			case (pass)
			3'd0: begin	// GX*GY (32 bits) times GZ
				mcand <= prod[31:0];
				prod  <= {32'h0, w_gz[15:0]};
			end
			3'd1: begin	// CX*CY
				gprod <= prod[31:0];
				gbig  <= (prod[47:32] != 16'h0);
				mcand <= {21'h0, w_cx[10:0]};
				prod  <= {37'h0, w_cy[10:0]};
			end
			3'd2: begin	// CX*CY (22 bits) times CZ
				mcand <= {10'h0, prod[21:0]};
				prod  <= {37'h0, w_cz[10:0]};
			end
			default: begin
				busy          <= 1'b0;
				o_done        <= 1'b1;
				o_ok          <= sok && !gbig && (prod[47:11] == 37'h0)
						&& (prod[10:0] <= MAX_THREADS);
				o_ncta        <= gprod;
				o_cta_threads <= prod[10:0];
			end
			endcase
		end
	end

	// Unused by design: the high bits of the per-dimension words are
	// only looked at by the range rules.
	// verilator lint_off UNUSEDSIGNAL
	wire	unused = &{1'b0, w_code[31:3], w_pc[`WQ_TF_ADDR_W-1:0], w_cx[31:11], w_cy[31:11], w_cz[31:11]};
	// verilator lint_on UNUSEDSIGNAL

`ifdef FORMAL
	// ---- formal properties ----------------------------------------------
	// Run by `make formal` (scripts/formal.sh, job launch_check): BMC and
	// k-induction with Yosys' sat.  The product property (prod equals the
	// product of the pass's factors) is a multiplier miter that SAT does
	// not close in useful time; it is kept under FORMAL_PRODUCT (by hand:
	// read_verilog -DFORMAL -DFORMAL_PRODUCT -formal ...; not run yet).
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;
	always @(*)
	if (!f_past_valid)
		assume(i_reset);
	// the contract: start only while idle, the descriptor held until o_done
	always @(*)
	if (busy)
		assume(!i_start);
	// (combinational: Yosys evaluates a clocked assume one cycle late)
	reg	[32*`WQ_LD_WORDS-1:0]	f_desc;
	always @(posedge i_clk)
	if (!busy)
		f_desc <= i_desc;
	always @(*)
	if (busy)
		assume(i_desc == f_desc);

	// cycles since i_start: every pass takes 17 cycles (16 multiplier
	// bits and one to hand over), a check 68 busy cycles
	reg	[6:0]	f_cyc;
	initial	f_cyc = 7'd0;
	always @(posedge i_clk)
	if (i_reset || !busy || (pass == 3'd3 && bitn == 5'd16))
		f_cyc <= 7'd1;
	else
		f_cyc <= f_cyc + 7'd1;

	// the multiplier bits not yet used (the low 16 - bitn bits of prod),
	// shifted back to their place: below 2^11 in the CTA passes
	wire	[15:0]	f_unc = prod[15:0] << bitn;
	always @(*)
	if (f_past_valid && !i_reset && busy)
	begin
		assert(bitn <= 5'd16);
		assert(pass <= 3'd3);
		assert(f_cyc == {2'b0, pass} * 7'd17 + {2'b0, bitn} + 7'd1);
		// the accumulator never exceeds the multiplicand: each cycle
		// halves (accumulator + mcand or + 0)
		assert(prod[47:16] <= mcand);
		// the CTA passes multiply an 11-bit (pass 2) or 22-bit (pass 3)
		// multiplicand by an 11-bit factor
		if (pass >= 3'd2)
			assert(f_unc < 16'd2048);
		if (pass == 3'd2)
			assert(mcand < 32'd2048);
		if (pass == 3'd3)
			assert(mcand < 32'h400000);
	end

	// o_done is one cycle, ends a check, and OK only if every static rule held
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && o_done)
	begin
		assert(!busy && $past(busy));
		assert($past(pass) == 3'd3 && $past(bitn) == 5'd16);
		if (o_ok)
			assert(sok);
	end
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && $past(o_done))
		assert(!o_done);
	always @(*)
	if (f_past_valid && !i_reset && !busy)
		assert(f_cyc == 7'd1);
	// the cycle of o_done: the last pass has just handed over
	always @(*)
	if (f_past_valid && !i_reset && o_done)
		assert(!busy && pass == 3'd4 && bitn == 5'd0);
	// the static rules are latched at start on the held descriptor
	always @(*)
	if (f_past_valid && !i_reset && busy)
		assert(sok == static_ok);

`ifdef FORMAL_PRODUCT
	// the shift-add invariant: at the end of a pass, prod equals the
	// product of the factors the pass started with
	reg	[31:0]	f_a;
	reg	[15:0]	f_b;
	always @(posedge i_clk)
	if ((!busy && i_start) || (busy && bitn == 5'd16))
	begin
		// the factors as loaded in this cycle (see the pass sequencing)
		f_a <= !busy ? {16'h0, w_gx[15:0]}
			: (pass == 3'd0) ? prod[31:0]
			: (pass == 3'd1) ? {21'h0, w_cx[10:0]} : {10'h0, prod[21:0]};
		f_b <= !busy ? w_gy[15:0] : (pass == 3'd0) ? w_gz[15:0]
			: (pass == 3'd1) ? {5'h0, w_cy[10:0]} : {5'h0, w_cz[10:0]};
	end
	always @(*)
	if (f_past_valid && !i_reset && busy && bitn == 5'd16)
		assert(prod == {16'h0, f_a} * {32'h0, f_b});
`endif
`endif
endmodule
