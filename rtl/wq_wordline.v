////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_wordline.v
//
// Project:	warpq
//
// Purpose:	A word master on a line-wide memory port (docs/rtl/wq_top.md,
//		"Memory port"): wq_top's host interface (and the firmware
//		scheduler, when it runs with the L1) make word accesses; in
//		the default configuration the device's port is one L1 line
//		wide.  A word request becomes a request for its line with the
//		word's strobes (the data replicated over the line); the word
//		of each answer is picked by the request's word index, kept in
//		a queue of 2^Q_W (the port answers in order).  The queue full
//		holds the request back.  With LINE_BYTES 4 (a word port) the
//		request and answer pass as they are.
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_wordline #(
	parameter LINE_BYTES = 16,	// a power of two: 4 (pass through), >= 8
	parameter Q_W        = 3	// 2^Q_W requests in flight at most
) (
	input	wire			i_clk,
	input	wire			i_reset,
	// word side: the master's port
	input	wire			i_valid,
	output	wire			o_ready,
	input	wire			i_we,
	input	wire	[31:0]		i_addr,
	input	wire	[31:0]		i_wdata,
	input	wire	[3:0]		i_wstrb,
	output	wire			o_rvalid,
	output	wire	[31:0]		o_rdata,
	// line side: the device's port (its answers to this master only)
	output	wire			o_valid,
	input	wire			i_ready,
	output	wire			o_we,
	output	wire	[31:0]		o_addr,
	output	wire	[8*LINE_BYTES-1:0] o_wdata,
	output	wire	[LINE_BYTES-1:0] o_wstrb,
	input	wire			i_rvalid,
	input	wire	[8*LINE_BYTES-1:0] i_rdata
);
	localparam	LB = $clog2(LINE_BYTES);
	localparam	LW = LINE_BYTES / 4;

	assign	o_we    = i_we;
	assign	o_wdata = {LW{i_wdata}};
	assign	o_rvalid = i_rvalid;

	generate if (LINE_BYTES == 4) begin : g_word
		// a word-wide port: the request and answer as they are
		assign	o_valid = i_valid;
		assign	o_ready = i_ready;
		assign	o_addr  = i_addr;
		assign	o_wstrb = i_wstrb;
		assign	o_rdata = i_rdata;
		wire	unused = &{1'b0, i_clk, i_reset};
	end else begin : g_line
		localparam	WI = LB - 2;
		localparam	[LINE_BYTES-1:0] S1 = 1;

		reg	[WI-1:0]	q_word	[0:(1<<Q_W)-1];
		reg	[Q_W:0]		q_n;
		reg	[Q_W-1:0]	q_head, q_tail;
		wire			full = q_n[Q_W];
		wire			take = i_valid && i_ready && !full;
		wire	[WI-1:0]	w = i_addr[LB-1:2];

		assign	o_valid = i_valid && !full;
		assign	o_ready = i_ready && !full;
		assign	o_addr  = {i_addr[31:LB], {LB{1'b0}}};
		assign	o_wstrb = (S1 * i_wstrb) << {w, 2'b00};
		assign	o_rdata  = i_rdata[32 * q_word[q_head] +: 32];

		always @(posedge i_clk)
		if (i_reset)
		begin
			q_n    <= 0;
			q_head <= 0;
			q_tail <= 0;
		end else begin
			if (take)
				q_tail <= q_tail + 1'b1;
			if (i_rvalid)
				q_head <= q_head + 1'b1;
			q_n <= q_n + {{Q_W{1'b0}}, take} - {{Q_W{1'b0}}, i_rvalid};
		end

		always @(posedge i_clk)
		if (take)
			q_word[q_tail] <= w;

		wire	unused = &{1'b0, i_addr[1:0]};
	end endgenerate
endmodule
