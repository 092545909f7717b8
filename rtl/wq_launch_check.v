////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_launch_check.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	Launch-descriptor checker of the host interface: every rule
//		of the model's desc_valid() (cmodel/model/sched.c) over the 16
//		descriptor words, and the two products the dispatcher needs:
//		the CTA count GRID_X*GRID_Y*GRID_Z and the CTA size
//		CTA_X*CTA_Y*CTA_Z.  A third product, the CTA count times
//		LOCAL_SIZE's 16-byte blocks, says whether the CTAs' __local
//		blocks (LOCAL_BASE + k * LOCAL_SIZE) stay below 2^32.
//
//		The products come from one small shift-add multiplier: a 16-bit
//		multiplicand straight from the stored descriptor, the multiplier
//		in the low 32 bits of a 48-bit product register that shifts right
//		DIGIT bits a cycle (32/DIGIT cycles a pass and one to hand over,
//		five passes: 165 cycles a check at DIGIT = 1, the iCE40 build's
//		16-bit adder; 25 at DIGIT = 8, the default configuration's, a
//		16x8 multiplier next to 16 descriptor reads), so each pass's
//		product is the next pass's multiplier in place.  The
//		per-dimension rules (launch.def LDLIMIT: GRID 1..GRID_DIM =
//		0xFFFF, CTA 1..CTA_DIM = 1024) bound the operands, so 16-bit
//		factors are exact whenever the product matters (a GRID_DIM
//		above 16 bits needs a wider multiplicand): a descriptor that
//		breaks a per-dimension rule fails
//		whatever the products are, so the order of the checks does not
//		matter (desc_valid only answers valid or not).
//
//		With EARLY = 1 (the host's FAST) the passes run in the order
//		the stream brings their words: GY*GX, *GZ, CY*CX, *CZ (the CTA
//		size, kept in tprod), then the grid product times LOCAL_SIZE's
//		blocks (LOCAL_SIZE and LOCAL_BASE are the last two words), and
//		the check starts with the stream: i_start comes before the first word, and
//		each pass waits until the words it uses are in (have, the words
//		received since i_start), so the four size passes run while the
//		descriptor is still being read and only the last pass follows
//		the last word.  With EARLY = 0 the check starts after the 16th
//		word and never waits.
//
//		With WPC = 4 (the host's line-wide descriptor reads) a word
//		beat may carry a whole 16-byte line (i_wline): words i_widx ..
//		i_widx + 3, i_widx a multiple of 4, each checked by its own
//		copy of the per-word rules, and `have` counts four.
//
//	Handshake: i_start (one cycle, while !o_busy); EARLY = 0: after the
//	16 words, i_desc stays put until o_done; EARLY = 1: before the first
//	word, the words (i_wvalid) follow while busy, and each stays put in
//	i_desc from the cycle after its i_wvalid until o_done.  o_done is a
//	one-cycle pulse with o_ok, o_ncta, o_cta_threads (held until the next
//	i_start).
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

module wq_launch_check #(
		parameter	WARPS   = 8,	// warp slots (CTA <= WARPS*32 threads)
		parameter	REGS    = 32,	// NREGS 1..REGS (packed: see below)
		parameter	LANES   = 32,	// the packed limit's 32/LANES parts
		parameter	DQ_LOG2 = 6,	// DEQUE.LOG2 2..DQ_LOG2
		parameter	DIGIT   = 1,	// multiplier bits a cycle: 1, 2, 4, 8, 16 or 32
		parameter	EARLY   = 0,	// 1: i_start before the words (see above)
		parameter	WPC     = 1,	// words a beat at most: 1, or 4 (i_wline)
		parameter	RDESC   = 0	// 1: the stored words from a RAM, one at a
					// time (o_ridx, i_rword; EARLY = 0, WPC = 1)
	) (
		input	wire		i_clk,
		input	wire		i_reset,
		// the descriptor words as the host reads them, 0..15 in order
		input	wire		i_wvalid,
		input	wire	[3:0]	i_widx,
		input	wire	[32*WPC-1:0]	i_wdata,	// word i_widx in bits 31:0
		input	wire		i_wline,	// WPC = 4: the beat is a line
							// (words i_widx .. i_widx+3)
		input	wire		i_start,
		input	wire	[32*`WQ_LD_WORDS-1:0]	i_desc,
		// RDESC: the stored word the check reads (o_ridx), on i_rword
		// two cycles after o_ridx names it (a block RAM behind an
		// address register), if o_ridx stayed put meanwhile
		output	reg	[3:0]	o_ridx,
		input	wire	[31:0]	i_rword,
		output	wire		o_busy,
		output	reg		o_done,
		output	reg		o_ok,
		output	wire	[31:0]	o_ncta,
		output	wire	[10:0]	o_cta_threads
	);

	// word i of the descriptor
	function [31:0] dw;
		input	[32*`WQ_LD_WORDS-1:0]	d;
		input	integer			i;
		dw = d[32*i +: 32];
	endfunction

	// the bits a packed word may use (everything else must be zero)
`include "wq_ld_mask.vh"
	// a dimension's limits (launch.def LDLIMIT): GRID_* 1..GRID_DIM,
	// CTA_* 1..CTA_DIM
	localparam [31:0] LIM_GRID = {15'd0, `WQ_LDLIMIT_GRID_DIM};
	localparam [31:0] LIM_CTA  = {15'd0, `WQ_LDLIMIT_CTA_DIM};
	// CTA size limit: 1024 threads and the machine's WARPS * 32
	localparam [31:0] LIM_T32 = {15'd0, `WQ_LDLIMIT_CTA_THREADS};
	localparam [31:0] MAX_T32 = (WARPS * 32 < LIM_T32) ? WARPS * 32 : LIM_T32;
	localparam [10:0] MAX_THREADS = MAX_T32[10:0];
	// le_k / ge_k: compares with a constant as gates (see the file)
`include "wq_cmp_k.vh"

	// the factors of the products, from the stored descriptor (RDESC:
	// each is i_rword while o_ridx names its word)
	wire	[31:0]	w_gx    = (RDESC != 0) ? i_rword : dw(i_desc, `WQ_LD_GRID_X);
	wire	[31:0]	w_gy    = (RDESC != 0) ? i_rword : dw(i_desc, `WQ_LD_GRID_Y);
	wire	[31:0]	w_gz    = (RDESC != 0) ? i_rword : dw(i_desc, `WQ_LD_GRID_Z);
	wire	[31:0]	w_cx    = (RDESC != 0) ? i_rword : dw(i_desc, `WQ_LD_CTA_X);
	wire	[31:0]	w_cy    = (RDESC != 0) ? i_rword : dw(i_desc, `WQ_LD_CTA_Y);
	wire	[31:0]	w_cz    = (RDESC != 0) ? i_rword : dw(i_desc, `WQ_LD_CTA_Z);
	wire	[31:0]	w_lbase = (RDESC != 0) ? i_rword : dw(i_desc, `WQ_LD_LOCAL_BASE);
	wire	[31:0]	w_lsize = (RDESC != 0) ? i_rword : dw(i_desc, `WQ_LD_LOCAL_SIZE);
	// the __local blocks' end: base + ncta * blocks * 16, from the
	// product of pass 2 (33 bits: exactly 2^32 is allowed)
	wire	[32:0]	lend = {1'b0, prod[27:0], 4'h0} + {1'b0, w_lbase};
	wire		lfit = (prod[47:28] == 20'h0)
			&& (!lend[32] || lend[31:0] == 32'h0);

	// ---- the rules that need no product, a word at a time ---------------
	// Each word is checked as it streams in: the bits a valid descriptor
	// may set (o_wmask: everything else must be zero, so the host stores
	// only these bits) and the word's value rule.  PARAM is free.
	// the value rule of word k (its unmasked bits are checked apart)
	function word_rule;
		input	[31:0]	k;
		input	[31:0]	w;
		reg	[`WQ_LDF_YIELD_POLICY_W-1:0]	policy;
		reg	[`WQ_LDF_DEQUE_LOG2_W-1:0]	dlog2;
		begin
			policy = w[`WQ_LDF_YIELD_POLICY_RANGE];
			dlog2  = w[`WQ_LDF_DEQUE_LOG2_RANGE];
			case (k)
			`WQ_LD_GRID_X,
			`WQ_LD_GRID_Y,
			`WQ_LD_GRID_Z:	word_rule = (w != 32'h0) && le_k(w, LIM_GRID);
			`WQ_LD_CTA_X,
			`WQ_LD_CTA_Y,
			`WQ_LD_CTA_Z:	word_rule = (w != 32'h0) && le_k(w, LIM_CTA);
			`WQ_LD_NREGS:	word_rule = (w[5:0] != 6'd0)
					&& le_k({26'h0, w[5:0]}, 32'd32);
			`WQ_LD_YIELD:	word_rule = le_k({{(32-`WQ_LDF_YIELD_POLICY_W){1'b0}}, policy},
						{30'h0, `WQ_YP_LFSR});
			`WQ_LD_DEQUE:	word_rule = ge_k({27'h0, dlog2}, 32'd2)
					&& le_k({27'h0, dlog2}, DQ_LOG2);
			default:	word_rule = 1'b1;
			endcase
		end
	endfunction

	wire	[31:0]	widx = {28'h0, i_widx};
	wire	[31:0]	w0   = i_wdata[31:0];	// word i_widx
	reg	[31:0]	o_wmask;	// bits of word i_widx a valid descriptor may
					// set (wq_host_if's ld_mask stores only these)
	always @(*)
		o_wmask = ld_mask(widx);

	wire	v_ok = word_rule(widx, w0);	// the word's value rule
	// the other words of a line beat (WPC = 4 and i_wline), each with
	// its own copy of the rules: words i_widx + 1 .. + 3
	wire	line_ok;
	generate if (WPC == 4)
	begin : g_line
		wire	[2:0]	lw_ok;
		genvar	j;
		for (j = 1; j < 4; j = j + 1)
		begin : g_w
			wire	[31:0]	k = {28'h0, i_widx[3:2], 2'b00} + j;
			wire	[31:0]	w = i_wdata[32*j +: 32];
			assign	lw_ok[j-1] = ((w & ~ld_mask(k)) == 32'h0) && word_rule(k, w);
		end
		assign	line_ok = !i_wline || (&lw_ok);
	end else begin : g_word
		assign	line_ok = 1'b1;
		wire	unused_line = &{1'b0, i_wline};
	end endgenerate
	wire	word_ok = ((w0 & ~o_wmask) == 32'h0) && v_ok && line_ok;

	// NREGS against the launch's limit (wq/regs.h wq_nregs_limit,
	// launch.def NREGS): REGS, or in sub-vector mode with
	// 0 < SHARED_BASE < REGS, SHARED_BASE + (REGS - SHARED_BASE) * 32/LANES
	// capped at 32 (the register fields).  A cross-word rule (NREGS is word
	// 9, WAVE word 10), so it reads the stored descriptor at the end.
	localparam	PARTS = 32 / LANES;
	wire	[31:0]	w_wave  = (RDESC != 0) ? i_rword : dw(i_desc, `WQ_LD_WAVE);
	wire	[5:0]	w_nregs;
	// (RDESC: NREGS kept from the stream, WAVE read at the last hand-over)
	generate if (RDESC != 0)
	begin : g_rnregs
		reg	[5:0]	nr;
		always @(posedge i_clk)
		if (i_wvalid && i_widx == `WQ_LD_NREGS)
			nr <= w0[5:0];
		assign	w_nregs = nr;
	end else begin : g_dnregs
		assign	w_nregs = i_desc[32*`WQ_LD_NREGS +: 6];
	end endgenerate
	wire	[4:0]	w_sbase = w_wave[`WQ_LDF_WAVE_SHARED_BASE_LO +: `WQ_LDF_WAVE_SHARED_BASE_W];
	wire		packs   = w_wave[`WQ_LDF_WAVE_SUBV_LO] && (w_sbase != 5'd0)
				&& !ge_k({27'h0, w_sbase}, REGS);
	// NREGS's limit: REGS, or packed (SUBV with a SHARED_BASE below
	// REGS) SHARED_BASE + (REGS - SHARED_BASE) * PARTS, at most 32.  The
	// packed limit is a constant for each of the 32 SHARED_BASE values:
	// NREGS is compared with each (a compare with a constant) and
	// SHARED_BASE selects the verdict, so no adder is between the
	// descriptor's words and o_ok (the FORMAL section checks the verdict
	// against the arithmetic form)
	wire	[31:0]	nregs_ok_sb;
	genvar	gsb;
	generate for (gsb = 0; gsb < 32; gsb = gsb + 1)
	begin : g_plim
		// (SHARED_BASE >= REGS does not pack: its entry is unused)
		localparam integer PLIM = (gsb >= REGS) ? REGS
				: (gsb + (REGS - gsb) * PARTS > 32) ? 32
				: gsb + (REGS - gsb) * PARTS;
		assign	nregs_ok_sb[gsb] = le_k({26'h0, w_nregs}, PLIM);
	end endgenerate
	wire		nregs_ok = packs ? nregs_ok_sb[w_sbase] : le_k({26'h0, w_nregs}, REGS);

	// ---- the multiplier: shift-add, the accumulator shifting right -----
	// prod = {accumulator (16), multiplier (32)}: each cycle adds mcand
	// times the multiplier's low DIGIT bits to the accumulator and shifts
	// the whole right by DIGIT, so after 32/DIGIT cycles prod = mcand *
	// multiplier (48 bits).  The accumulator never exceeds mcand, so the
	// sum acc + mcand * (2^DIGIT - 1) fits 16 + DIGIT bits.
	// Pass 0 multiplies GX by GY ({16'h0, GY} as the 32-bit
	// multiplier: the 32-bit product ends in prod[31:0] with a zero
	// accumulator), pass 1 that product by GZ in place (48 bits), pass 2
	// that (the CTA count) by LOCAL_SIZE's blocks, pass 3 CX by CY, pass
	// 4 that by CZ.  The multiplicand is the pass's
	// descriptor word (the descriptor is held until o_done): no
	// multiplicand register and no reload between the passes of a chain.
	// the passes: 0 GY*GX, 1 *GZ (the grid), then with EARLY = 1 the CTA
	// chain (2 CY*CX, 3 *CZ) and last the __local blocks (4 *LSIZE, whose
	// words come last); with EARLY = 0 the __local blocks in place right
	// after the grid (2) and the CTA chain last (3, 4), its product left
	// in prod
	localparam [2:0]	P_LOC = (EARLY != 0) ? 3'd4 : 3'd2,
				P_CY  = (EARLY != 0) ? 3'd2 : 3'd3,
				P_CZ  = (EARLY != 0) ? 3'd3 : 3'd4;
	reg	[2:0]	pass;
	reg	[5:0]	bitn;		// first multiplier bit of this cycle's digit
	reg	[47:0]	prod;
	reg		busy, sok;
	reg		ld;		// the pass's multiplier is still to be loaded
					// (passes 0 and 2: GY, CY not yet in; RDESC:
					// passes 0 and 3, GY and CY not yet read)
	wire		lwait = (EARLY != 0 || RDESC != 0) && ld;	// (none otherwise)
	reg	[31:0]	gprod;		// grid product (low word), kept across
	reg		gbig;		// passes 2..4; it is >= 2^32
	reg	[10:0]	tprod;		// EARLY: CTA size (pass 3's product, low bits)
	reg		tok;		// EARLY: the CTA size is within MAX_THREADS
	reg		lok;		// EARLY = 0: the __local blocks fit (pass 2)
	reg	[4:0]	have;		// EARLY: words received since i_start

	// the pass again, one-hot (ph[k]: pass k), for the multiplicand's
	// select: an AND-OR of the five words rather than a decode of pass
	// in front of the multiplier (the FORMAL section asserts it is pass)
	reg	[4:0]	ph;
	wire	[15:0]	mcand = ({16{ph[0]}} & w_gx[15:0])
			| ({16{ph[1]}} & w_gz[15:0])
			| ({16{ph[P_CY]}} & {5'h0, w_cx[10:0]})
			| ({16{ph[P_CZ]}} & {5'h0, w_cz[10:0]})
			| ({16{ph[P_LOC]}} & w_lsize[`WQ_LDF_LOCAL_SIZE_BLOCKS_RANGE]);
	// the words a pass uses are in: its multiplicand and loaded
	// multiplier (the rules and LOCAL_BASE for the last pass); always with
	// EARLY = 0, which starts after the last word
	localparam [4:0]	N_P0 = `WQ_LD_GRID_Y + 1, N_P1 = `WQ_LD_GRID_Z + 1,
				N_P2 = `WQ_LD_CTA_Y + 1, N_P3 = `WQ_LD_CTA_Z + 1,
				N_P4 = `WQ_LD_WORDS;
	reg	[4:0]	need;
	always @(*)
	case (pass)
	3'd0:	 need = N_P0;
	3'd1:	 need = N_P1;
	3'd2:	 need = N_P2;
	3'd3:	 need = N_P3;
	default: need = N_P4;
	endcase
	wire	rv;		// RDESC: i_rword is the word o_ridx names
	wire	opnd  = (RDESC != 0) ? rv : (EARLY == 0) || (have >= need);
	wire	opnd2 = (EARLY == 0) || (have >= N_P2);	// CY, at pass 1's end

	// RDESC: the word the check needs now (o_ridx), and whether i_rword is
	// it: o_ridx the same for the last two cycles, none of them a start's
	// (the host follows o_ridx only from the start on).  A pass's
	// multiplicand, its multiplier's load (ld), the __local end's base at
	// P_LOC's hand-over and WAVE at the last; a change costs two cycles.
	always @(*)
	if (!busy || ld)
		o_ridx = (busy && pass == P_CY) ? `WQ_LD_CTA_Y : `WQ_LD_GRID_Y;
	else if (bitn == 6'd32 && pass == P_LOC)
		o_ridx = `WQ_LD_LOCAL_BASE;
	else if (bitn == 6'd32 && pass == 3'd4)
		o_ridx = `WQ_LD_WAVE;
	else case (pass)
	3'd0:	 o_ridx = `WQ_LD_GRID_X;
	3'd1:	 o_ridx = `WQ_LD_GRID_Z;
	P_LOC:	 o_ridx = `WQ_LD_LOCAL_SIZE;
	P_CY:	 o_ridx = `WQ_LD_CTA_X;
	default: o_ridx = `WQ_LD_CTA_Z;
	endcase
	generate if (RDESC != 0)
	begin : g_rv
		reg	[3:0]	rq;	// o_ridx a cycle ago
		reg		rs;	// that cycle started a read
		always @(posedge i_clk)
		begin
			rq <= o_ridx;
			rs <= i_start || (o_ridx != rq);
		end
		assign	rv = (o_ridx == rq) && !rs;
	end else begin : g_norv
		assign	rv = 1'b1;
		wire	unused_rw = &{1'b0, i_rword};
	end endgenerate
	// the hand-over reads a word at P_LOC and at the last pass (RDESC)
	wire	hwait = (RDESC != 0) && !rv;

	localparam [31:0] DIGIT32 = DIGIT;
	localparam [5:0]  DSTEP   = DIGIT32[5:0];
	wire	[15+DIGIT:0]	mpart;		// mcand times the digit
	generate if (DIGIT == 1)
	begin : g_bit
		assign	mpart = prod[0] ? {1'b0, mcand} : 17'h0;
	end else begin : g_digit
		assign	mpart = {{DIGIT{1'b0}}, mcand} * {16'h0, prod[DIGIT-1:0]};
	end endgenerate
	// (DIGIT = 32: a pass is one step, from bitn = 0, where the
	// accumulator is 0 -- the FORMAL section -- so there is no sum)
	wire	[15+DIGIT:0]	psum  = (DIGIT == 32) ? mpart
				: {{DIGIT{1'b0}}, prod[47:32]} + mpart;
	wire	[47+DIGIT:0]	pcat  = {psum, prod[31:0]};
	wire	[47:0]		pnext = pcat[47+DIGIT:DIGIT];

	assign	o_busy = busy;
	assign	o_ncta        = gprod;
	assign	o_cta_threads = (EARLY != 0) ? tprod : prod[10:0];
	// the CTA size rule on an 11-bit product in prod
	wire	cta_fit = (prod[47:11] == 37'h0)
			&& le_k({21'h0, prod[10:0]}, {21'h0, MAX_THREADS});

	// the words received since i_start (EARLY; constant 0 otherwise)
	generate if (EARLY != 0)
	begin : g_have
		always @(posedge i_clk)
		if (i_reset || i_start)
			have <= 5'd0;
		else if (i_wvalid && have != N_P4)
			have <= have + ((WPC == 4 && i_wline) ? 5'd4 : 5'd1);
	end else begin : g_nohave
		always @(*)
			have = 5'd0;
	end endgenerate

	// the words' rules, as they arrive (with EARLY while busy)
	always @(posedge i_clk)
	if (i_wvalid)
		sok <= (i_widx == 4'd0 || sok) && word_ok;

	always @(posedge i_clk)
	if (i_reset)
	begin
		busy   <= 1'b0;
		ld     <= 1'b0;
		o_done <= 1'b0;
		o_ok   <= 1'b0;
	end else begin
		o_done <= 1'b0;
		if (!busy)
		begin
			if (i_start)
			begin
				busy   <= 1'b1;
				pass   <= 3'd0;
				ph     <= 5'd1;
				bitn   <= 6'd0;
				ld     <= (EARLY != 0 || RDESC != 0);
				prod   <= {32'h0, w_gy[15:0]};
			end
		end else if (lwait)
		begin
			// pass 0 or 2 waits for its multiplier's word
			if (opnd)
			begin
				ld   <= 1'b0;
				prod <= (pass == 3'd0) ? {32'h0, w_gy[15:0]}
					: {37'h0, w_cy[10:0]};
			end
		end else if (bitn != 6'd32)
		begin
			if (opnd)
			begin
				prod <= pnext;
				bitn <= bitn + DSTEP;
			end
		end else if (!hwait)
		begin
			bitn <= 6'd0;
			pass <= pass + 3'd1;
			ph   <= {ph[3:0], 1'b0};
			if (pass == 3'd1)
			begin
				// the grid product; then CY*CX (EARLY) or, in
				// place, * LSIZE
				gprod <= prod[31:0];
				gbig  <= (prod[47:32] != 16'h0);
				if (EARLY != 0)
				begin
					prod <= {37'h0, w_cy[10:0]};
					ld   <= !opnd2;
				end else
					prod <= {16'h0, prod[31:0]};
			end
			if (EARLY == 0 && pass == P_LOC)
			begin
				// the __local end; then CY*CX (RDESC: CY
				// read first, ld)
				lok  <= lfit;
				prod <= {37'h0, w_cy[10:0]};
				ld   <= (RDESC != 0);
			end
			if (EARLY != 0 && pass == P_CZ)
			begin
				// the CTA size; then grid * LSIZE
				tprod <= prod[10:0];
				tok   <= cta_fit;
				prod  <= {16'h0, gprod};
			end
			if (pass == 3'd4)
			begin
				// the last pass: the __local end (EARLY) or the
				// CTA size
				busy   <= 1'b0;
				o_done <= 1'b1;
				o_ok   <= sok && !gbig && nregs_ok
					&& ((EARLY != 0) ? (lfit && tok)
						: (lok && cta_fit));
				if (EARLY != 0)
					lok <= lfit;
			end
			// else (0, and CY*CX): the product is the next multiplier
		end
	end

	wire	[32*`WQ_LD_WORDS-1:0]	desc_unused = i_desc;
	wire	unused = &{1'b0, w_gx[31:16], w_gy[31:16], w_gz[31:16],
			w_cx[31:11], w_cy[31:11], w_cz[31:11],
			w_lsize[31:`WQ_LDF_LOCAL_SIZE_BLOCKS_HI+1],
			w_lsize[`WQ_LDF_LOCAL_SIZE_BLOCKS_LO-1:0]};
	wire	unused_wave = &{1'b0, w_wave};	// SUBV and SHARED_BASE only
	wire	unused_pcat = &{1'b0, pcat[DIGIT-1:0]};	// the digit shifted out
	// (EARLY = 1 keeps the CTA size in tprod / tok and reads lok only in
	// covers; EARLY = 0 has no tprod / tok)
	wire	unused_ord = &{1'b0, tprod, tok, lok};
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
	// the contract: the words stream in 0..15 in order, not in the cycle
	// of i_start; EARLY = 0: while idle, then start, the descriptor held
	// until o_done; EARLY = 1: start, then the words while busy, each
	// held from the cycle after its i_wvalid until o_done
	// (WPC = 4: a line beat is four words, its index a multiple of 4)
	reg	[4:0]	f_next;		// the next word expected
	wire		f_line = (WPC == 4) && i_wline;
	initial	f_next = 5'd0;
	always @(posedge i_clk)
	if (i_reset || (!busy && i_start))
		f_next <= 5'd0;
	else if (i_wvalid)
		f_next <= f_next + (f_line ? 5'd4 : 5'd1);
	// (the contract is assumed when the unit is the job's top,
	// FORMAL_LAUNCH_CHECK_TOP, and asserted inside the host interface,
	// whose descriptor stream must keep it)
`ifdef FORMAL_LAUNCH_CHECK_TOP
`define	WQ_F_IN	assume
`else
`define	WQ_F_IN	assert
`endif
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		if (busy)
			`WQ_F_IN(!i_start);
		if (EARLY == 0 && busy)
			`WQ_F_IN(!i_wvalid);
		if (EARLY != 0 && !busy)
			`WQ_F_IN(!i_wvalid);
		if (i_wvalid)
			`WQ_F_IN(!i_start && f_next < 5'd16 && {1'b0, i_widx} == f_next);
		if (i_wvalid && f_line)
			`WQ_F_IN(i_widx[1:0] == 2'b00);
		if (EARLY == 0 && i_start)
			`WQ_F_IN(f_next == 5'd16);
	end
	// (combinational: Yosys evaluates a clocked assume one cycle late)
	reg	[32*`WQ_LD_WORDS-1:0]	f_desc;
	reg	[4:0]			f_pnext;	// f_next a cycle ago
	reg				f_pbusy;	// busy a cycle ago
	initial	f_pbusy = 1'b0;
	always @(posedge i_clk)
	begin
		if (EARLY != 0 || !busy)
			f_desc <= i_desc;
		f_pnext <= f_next;
		f_pbusy <= busy && !i_reset;
	end
	integer	fk;
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		if (EARLY == 0)
		begin
			if (busy)
				`WQ_F_IN(i_desc == f_desc);
		end else if (busy && f_pbusy)
		begin
			for (fk = 0; fk < `WQ_LD_WORDS; fk = fk + 1)
				if (fk < f_pnext)
					`WQ_F_IN(i_desc[32*fk +: 32] == f_desc[32*fk +: 32]);
		end
	end

	// RDESC: the RAM behind o_ridx holds the descriptor (f_desc, as
	// i_desc would): i_rword is the word o_ridx named two cycles ago
	generate if (RDESC != 0)
	begin : g_fram
		reg	[3:0]	f_r1, f_r2;
		always @(posedge i_clk)
		begin
			f_r1 <= o_ridx;
			f_r2 <= f_r1;
		end
		always @(*)
		if (f_past_valid && !i_reset)
			`WQ_F_IN(i_rword == f_desc[32*f_r2 +: 32]);
		// the RAM's address register is the checker's last o_ridx; a
		// load waits only at the start of pass 0 or 3 (GY, CY); a pass
		// under way has its multiplicand (it only steps on a valid word)
		always @(*)
		if (f_past_valid && !i_reset)
		begin
			assert(f_r1 == g_rv.rq);
			if (busy && ld)
				assert(bitn == 6'd0 && (pass == 3'd0 || pass == P_CY));
			if (busy && bitn != 6'd0 && bitn != 6'd32)
				assert(rv && !ld);
			// a check is 5 * (32/DIGIT + 1) cycles and up to 3 reads
			// of two cycles' wait a pass
			if (busy)
				assert(f_cyc <= {3'b0, pass} * (8'd32 / DIGIT + 8'd7)
					+ {2'b0, bitn} / DIGIT + 8'd7);
		end
		always @(*)
		if (f_past_valid && !i_reset)
		begin
			c_ram_load: cover(busy && ld && pass == P_CY && rv);
			c_ram_hand: cover(busy && bitn == 6'd32 && pass == P_LOC && !rv);
		end
	end endgenerate
`undef	WQ_F_IN

	// cycles since i_start: every pass takes 32/DIGIT + 1 cycles (its
	// digits and one to hand over), a check 165 busy cycles at DIGIT = 1
	reg	[7:0]	f_cyc;
	initial	f_cyc = 8'd0;
	always @(posedge i_clk)
	if (i_reset || !busy || (pass == 3'd4 && bitn == 6'd32))
		f_cyc <= 8'd1;
	else
		f_cyc <= f_cyc + 8'd1;

	// the multiplier bits not yet used (the low 32 - bitn bits of prod),
	// shifted back to their place: the first pass of a chain multiplies
	// by a 16-bit (grid) or 11-bit (CTA) factor
	wire	[31:0]	f_unc = prod[31:0] << bitn;
	// the multiplicand is the pass's word (RDESC: while i_rword is the
	// word it names, which is while the pass steps; at a load or a
	// hand-over the RAM's answer moves on to another word)
	wire	f_mok = (RDESC == 0) || (rv && !ld && bitn != 6'd32);
	// NREGS's verdict as the arithmetic form of the limit
	wire	[8:0]	f_plim_w = {4'd0, w_sbase} + (REGS[8:0] - {4'd0, w_sbase}) * PARTS[8:0];
	wire	[8:0]	f_plim   = !packs ? REGS[8:0] : (f_plim_w <= 9'd32) ? f_plim_w : 9'd32;
	always @(*)
		assert(nregs_ok == ({3'd0, w_nregs} <= f_plim));
	always @(*)
	if (f_past_valid && !i_reset && busy)
	begin
		assert(bitn <= 6'd32);
		assert(pass <= 3'd4);
		assert(ph == (5'd1 << pass));
		// EARLY = 0 never waits: a check is 5 * (32/DIGIT + 1) cycles
		// (RDESC waits for its reads)
		if (EARLY == 0 && RDESC == 0)
			assert(!ld && f_cyc == {3'b0, pass} * (8'd32 / DIGIT + 8'd1)
				+ {2'b0, bitn} / DIGIT + 8'd1);
		assert({2'b0, bitn} % DIGIT == 8'd0);
		// EARLY: the words in are the words received; a load waits
		// only at the start of pass 0 or 2, and a pass under way has
		// its words in (so its multiplicand stays put)
		if (EARLY != 0)
		begin
			assert(have == f_next && f_next <= 5'd16);
			if (ld)
				assert(bitn == 6'd0 && (pass == 3'd0 || pass == 3'd2));
			if (bitn != 6'd0 && bitn != 6'd32)
				assert(have >= need);
			if (pass == 3'd4 && bitn != 6'd0)
				assert(have == 5'd16);
		end
		// the accumulator never exceeds the multiplicand: each cycle
		// halves (accumulator + mcand or + 0)
		if (f_mok)
			assert(prod[47:32] <= mcand);
		if (bitn == 6'd0)
			assert(prod[47:32] == 16'h0);
		if (pass == 3'd0)
			assert(f_unc < 32'h10000);
		if (pass == P_CY)
			assert(f_unc < 32'd2048);
		// past the factor's bits nothing is added and the accumulator
		// halves a cycle: it is 0 when the pass ends (the product fits
		// the low 32 bits, the next pass's multiplier, in place)
		if (f_mok && pass == 3'd0 && bitn >= 6'd16)
			assert(prod[47:32] <= (mcand >> (bitn - 6'd16)));
		if (f_mok && pass == P_CY && bitn >= 6'd11)
			assert(prod[47:32] <= (mcand >> (bitn - 6'd11)));
		// the CTA passes multiply by 11-bit factors
		if (f_mok && (pass == P_CY || pass == P_CZ))
			assert(mcand < 16'd2048);
	end

	// o_done is one cycle, ends a check, and OK only if every static rule held
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && o_done)
	begin
		assert(!busy && $past(busy));
		assert($past(pass) == 3'd4 && $past(bitn) == 6'd32);
		if (o_ok)
			assert(sok);
	end
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && $past(o_done))
		assert(!o_done);
	always @(*)
	if (f_past_valid && !i_reset && !busy)
		assert(f_cyc == 8'd1);
	// the cycle of o_done: the last pass has just handed over
	always @(*)
	if (f_past_valid && !i_reset && o_done)
		assert(!busy && pass == 3'd5 && bitn == 6'd0);
	// A word with a bit outside its mask (a reserved bit, a dimension or
	// NREGS out of range, a misaligned CODE_BASE, words 14/15) is refused:
	// a ghost flag since word 0 implies !sok, and sok stays put while busy.
	// (WPC = 4: any word of a line beat)
	reg	f_rsvd;
	wire	f_lrsvd;		// a reserved bit in words 1..3 of a line beat
	generate if (WPC == 4)
	begin : g_flrsvd
		reg	r;
		integer	fj;
		always @(*)
		begin
			r = 1'b0;
			for (fj = 1; fj < 4; fj = fj + 1)
				if ((i_wdata[32*fj +: 32] & ~ld_mask(widx + fj)) != 32'h0)
					r = 1'b1;
		end
		assign	f_lrsvd = i_wline && r;
	end else begin : g_fnolrsvd
		assign	f_lrsvd = 1'b0;
	end endgenerate
	initial	f_rsvd = 1'b0;
	always @(posedge i_clk)
	if (i_reset)
		f_rsvd <= 1'b0;
	else if (i_wvalid)
		f_rsvd <= (i_widx != 4'd0 && f_rsvd)
			|| ((w0 & ~o_wmask) != 32'h0) || f_lrsvd;
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		if (f_rsvd)
			assert(!sok);
		if (o_done && f_rsvd)
			assert(!o_ok);
		if (EARLY == 0 && busy)
			assert(f_next == 5'd0);
	end
	always @(posedge i_clk)
	if (EARLY == 0 && f_past_valid && !$past(i_reset) && busy && $past(busy))
		assert(sok == $past(sok));

	// ---- covers (each reached from reset by scripts/formal.sh) ----------
	// every static refusal as its word streams in (a reserved bit, a zero
	// grid dimension, a CTA dimension that is not 1..1024, NREGS, the
	// yield policy, the deque width), a descriptor that passes them all
	// and starts the products, and a refused one that starts too; the
	// products' verdicts (o_done with o_ok, grid, __local blocks or CTA
	// too large) are some 185 cycles from reset: covered under FORMAL_DEEP_COVER (job
	// launch_check_done, scripts/formal.sh --all)
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		c_rsvd_bit:   cover(i_wvalid && (w0 & ~o_wmask) != 32'h0);
		c_grid_zero:  cover(i_wvalid && widx == `WQ_LD_GRID_Y && !v_ok);
		c_cta_bad:    cover(i_wvalid && widx == `WQ_LD_CTA_X && !v_ok
				&& w0[10:0] != 11'h0);
		c_nregs_bad:  cover(i_wvalid && widx == `WQ_LD_NREGS && !v_ok
				&& (w0 & ~o_wmask) == 32'h0);
		c_yield_bad:  cover(i_wvalid && widx == `WQ_LD_YIELD && !v_ok);
		c_deque_bad:  cover(i_wvalid && widx == `WQ_LD_DEQUE && !v_ok);
		c_start_ok:   cover(i_start && !busy && sok);
		c_start_bad:  cover(i_start && !busy && !sok);
	end
	// EARLY: a pass that waits for its words, a load that waits, and a
	// whole check that passes (its last pass after the 16th word)
	generate if (EARLY != 0)
	begin : g_fearly
		always @(*)
		if (f_past_valid && !i_reset)
		begin
			c_pass_wait: cover(busy && !ld && bitn == 6'd0
					&& pass == 3'd3 && !opnd);
			c_load_wait: cover(busy && ld && pass == 3'd2);
			c_early_ok:  cover(o_done && o_ok);
		end
	end endgenerate
	// WPC = 4: a line beat refused by one of its words 1..3 (its value
	// rule, the reserved bits in order), and a check of line beats that
	// passes
	generate if (WPC == 4)
	begin : g_fline
		reg	f_line_seen;		// a line beat since the start
		initial	f_line_seen = 1'b0;
		always @(posedge i_clk)
		if (i_reset || (!busy && i_start))
			f_line_seen <= 1'b0;
		else if (i_wvalid && f_line)
			f_line_seen <= 1'b1;
		always @(*)
		if (f_past_valid && !i_reset)
		begin
			c_line_rule: cover(i_wvalid && i_wline && !line_ok && !f_lrsvd);
			c_line_rsvd: cover(i_wvalid && i_wline && f_lrsvd);
			c_line_ok:   cover(o_done && o_ok && f_line_seen);
		end
	end endgenerate
`ifdef FORMAL_DEEP_COVER
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		c_done_ok:    cover(o_done && o_ok);
		c_grid_big:   cover(o_done && sok && gbig);
		c_local_big:  cover(o_done && sok && !gbig && !lok);
		c_cta_big:    cover(o_done && sok && !gbig && lok && !o_ok);
	end
`endif

`ifdef FORMAL_PRODUCT
	// the shift-add invariant: at the end of a pass, prod equals the
	// product of the multiplier the pass started with (prod[31:0]) and
	// the pass's multiplicand
	reg	[31:0]	f_b;
	reg	[15:0]	f_a;
	always @(posedge i_clk)
	if (busy && bitn == 6'd0)
	begin
		f_a <= mcand;
		f_b <= prod[31:0];
	end
	always @(*)
	if (f_past_valid && !i_reset && busy && bitn == 6'd32)
		assert(prod == {32'h0, f_a} * {16'h0, f_b});
`endif
`endif
endmodule
