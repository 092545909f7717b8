////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_desc.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's launch descriptor: the words a LAUNCH
//		step streams from memory (H_LREAD), stored for the warp
//		scheduler and checked as they arrive -- the model's w[] of
//		wq_sched_launch (cmodel/model/sched.c), read and checked
//		(desc_valid) by the same step.
//
//		* The store (o_desc, the launch port's descriptor): only the
//		  bits of word k that a valid descriptor may set are kept
//		  (ld_mask, the table wq_launch_check enforces as o_wmask;
//		  constant per word, so the bits that are always zero need no
//		  flip-flop); with DR (the stored descriptor in the channel
//		  RAM, wq_host_if's DESC_RAM) it is constant 0.
//		* The line (LD_LINE: FAST with 16-byte lines): a 16-aligned
//		  descriptor is read as four lines, each answer's four words
//		  taken at once by the store and by the checker's WPC = 4 beat.
//		* The checker (wq_launch_check, u_lchk): its multiplier
//		  SEM_DIGIT bits a cycle, at most 8 with FAST = 0 and 16 with
//		  FAST (32 with lines), EARLY with FAST.
//
//		wq_host_if instantiates it (u_desc) and decides when the
//		stream runs and a word lands (its sequencer's lidx, lw_v,
//		ld_line); that the stored words hold while a grid waits is
//		wq_host_if's (job host_if_launch).  docs/rtl/wq_host_desc.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

module wq_host_desc #(
		parameter	WARPS     = 8,	// the checker's limits (wq_host_if's)
		parameter	REGS      = 32,
		parameter	LANES     = 32,
		parameter	DQ_LOG2   = 6,
		parameter	SEM_DIGIT = 32,	// the checker's multiplier (capped)
		parameter	FAST      = 1,
		parameter	LINE_BYTES = 4,	// the memory port's line
		parameter	DR        = 0	// 1: the words are in the channel RAM
	) (
		input	wire		i_clk,
		input	wire		i_reset,
		// the stream (wq_host_if's H_LREAD): a host read's answer, a
		// word (line) landed in i_rdata, the words (lines) taken
		// before it, whether the stream reads lines
		input	wire		i_stream,
		input	wire		i_h_rv,
		input	wire		i_lw_v,
		input	wire	[4:0]	i_lidx,
		input	wire		i_line,
		input	wire	[31:0]	i_rdata,
		input	wire	[8*LINE_BYTES-1:0]	i_mem_rline,
		// the checker: start, (DR) the stored word it reads
		input	wire		i_lc_start,
		input	wire	[31:0]	i_rword,
		output	wire	[3:0]	o_lc_ridx,
		output	wire		o_lc_busy,
		output	wire		o_lc_done,
		output	wire		o_lc_ok,
		output	wire	[31:0]	o_lc_ncta,
		output	wire	[10:0]	o_lc_threads,
		// the stored descriptor (the launch port's)
		output	reg	[32*`WQ_LD_WORDS-1:0]	o_desc
	);

	localparam	LD_LINE = (FAST != 0) && (LINE_BYTES == 16);
	localparam	LD_LWPC = LD_LINE ? 4 : 1;
	wire	[32*LD_LWPC-1:0]	rline_q;	// the last line answered
	wire	[32*LD_LWPC-1:0]	lc_wdata;	// the checker's beat

	// the checker's multiplier: SEM_DIGIT bits a cycle, at most 8 with
	// FAST=0 (a check of 25 cycles after 16 descriptor reads) and 16 with
	// FAST (3 cycles a pass: the four size passes keep up with the
	// stream, and the last one ends 3 cycles after the last word, not 6
	// or more behind a stream whose words came faster than 8-bit passes)
	localparam	LC_MAX   = LD_LINE ? 32 : (FAST != 0) ? 16 : 8;
	localparam	LC_DIGIT = (SEM_DIGIT < LC_MAX) ? SEM_DIGIT : LC_MAX;
	wq_launch_check #(.WARPS(WARPS), .REGS(REGS), .LANES(LANES), .DQ_LOG2(DQ_LOG2),
		.DIGIT(LC_DIGIT), .EARLY(FAST), .WPC(LD_LWPC), .RDESC(DR ? 1 : 0))
	u_lchk (
		.i_clk(i_clk), .i_reset(i_reset),
		.i_wvalid(i_stream && i_lw_v),
		.i_widx(i_line ? {i_lidx[1:0], 2'b00} : i_lidx[3:0]),
		.i_wdata(lc_wdata),
		.i_wline(i_line),
		.i_start(i_lc_start),
		.i_desc(o_desc), .o_ridx(o_lc_ridx), .i_rword(i_rword),
		.o_busy(o_lc_busy), .o_done(o_lc_done),
		.o_ok(o_lc_ok), .o_ncta(o_lc_ncta), .o_cta_threads(o_lc_threads));

	// ---- the stored words ----------------------------------------------
`include "wq_ld_mask.vh"

	// (DR: the words are in the channel RAM instead, and o_desc is
	// constant 0)
	integer	lk;
	initial	o_desc = {(32*`WQ_LD_WORDS){1'b0}};
	always @(posedge i_clk)
	if (!DR && i_stream)
		for (lk = 0; lk < `WQ_LD_WORDS; lk = lk + 1)
			if (!i_line && i_lw_v && {1'b0, i_lidx[3:0]} == lk[4:0])
				o_desc[32*lk +: 32] <= i_rdata & ld_mask(lk);
			else if (LD_LINE && i_line && i_lw_v && i_lidx[1:0] == lk[3:2])
				o_desc[32*lk +: 32] <= rline_q[32*(lk%LD_LWPC) +: 32]
								& ld_mask(lk);

	// the line of a line-wide descriptor read's answer (LD_LINE; with
	// i_lw_v, as i_rdata holds its word)
	generate if (LD_LINE)
	begin : g_rline
		reg	[127:0]	rl;
		always @(posedge i_clk)
		if (i_h_rv && i_stream)
			rl <= i_mem_rline;
		assign	rline_q  = rl;
		assign	lc_wdata = i_line ? rl : {96'h0, i_rdata};
	end else begin : g_no_rline
		assign	rline_q  = i_rdata;
		assign	lc_wdata = i_rdata;
		wire	unused_rline = &{1'b0, i_mem_rline, i_h_rv};
	end endgenerate

	// verilator lint_off UNUSEDSIGNAL
	wire	unused = &{1'b0, i_lidx[4]};
	// verilator lint_on UNUSEDSIGNAL

`ifdef FORMAL
	// ---- formal properties (jobs host_desc, host_desc_line; the
	// checker cut to free outputs: its own jobs are launch_check*) ------
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;
	always @(*)
	if (!f_past_valid)
		assume(i_reset);
	// the stream's contract (wq_host_if's sequencer): a word stream
	// counts 16 words, a line stream 4 lines
	// (assumed when the unit is the job's top, FORMAL_HOST_DESC_TOP;
	// asserted inside the host interface, which must keep it)
`ifdef FORMAL_HOST_DESC_TOP
	always @(*)
	if (i_stream && i_lw_v)
		assume(i_line ? (LD_LINE && i_lidx < 5'd4) : (i_lidx < 5'd16));
`else
	always @(*)
	if (f_past_valid && !i_reset && i_stream && i_lw_v)
		assert(i_line ? (LD_LINE && i_lidx < 5'd4) : (i_lidx < 5'd16));
`endif

	integer	fk;
	always @(*)
	for (fk = 0; fk < `WQ_LD_WORDS; fk = fk + 1)
	begin
		// only the bits a valid descriptor may set are ever stored
		assert((o_desc[32*fk +: 32] & ~ld_mask(fk)) == 32'h0);
		// (DR) nothing is stored
		if (DR)
			assert(o_desc[32*fk +: 32] == 32'h0);
	end

	// a word changes only when the stream writes it: word lidx from
	// the word read, or (lines) word k from word k % 4 of line k / 4
	reg	[32*`WQ_LD_WORDS-1:0]	f_desc;
	reg	[31:0]	f_rdata;
	reg	[127:0]	f_line;
	reg	[4:0]	f_lidx;
	reg		f_w, f_wl;
	always @(posedge i_clk)
	begin
		f_desc  <= o_desc;
		f_rdata <= i_rdata;
		f_line  <= {{(128-32*LD_LWPC){1'b0}}, rline_q};
		f_lidx  <= i_lidx;
		f_w     <= !DR && i_stream && i_lw_v && !i_line;
		f_wl    <= !DR && i_stream && i_lw_v && i_line;
	end
	always @(*)
	if (f_past_valid)
	for (fk = 0; fk < `WQ_LD_WORDS; fk = fk + 1)
		if (f_w && f_lidx[3:0] == fk[3:0])
			assert(o_desc[32*fk +: 32] == (f_rdata & ld_mask(fk)));
		else if (f_wl && f_lidx[1:0] == fk[3:2])
			assert(o_desc[32*fk +: 32]
				== (f_line[32*(fk%4) +: 32] & ld_mask(fk)));
		else
			assert(o_desc[32*fk +: 32] == f_desc[32*fk +: 32]);

	// the checker's beat: the word read, or with a line stream the line
	generate if (LD_LINE)
	begin : g_fline
		always @(*)
		if (i_line)
			assert(lc_wdata == rline_q);
		else
			assert(lc_wdata == {96'h0, i_rdata});
	end endgenerate

	// ---- covers: a word stored, its last slot too; a line stored --------
	always @(posedge i_clk)
	if (f_past_valid && !DR)
	begin
		c_word:   cover(f_w && o_desc != f_desc);
		c_last:   cover(f_w && f_lidx == 5'd15);
	end
	generate if (LD_LINE && !DR)
	begin : g_fcover
		always @(posedge i_clk)
		if (f_past_valid)
			c_line: cover(f_wl && f_lidx == 5'd3 && o_desc != f_desc);
	end endgenerate
`endif
endmodule
