////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_lineword.v
//
// Project:	warpq
//
// Purpose:	A word-wide memory behind wq_top's line-wide memory port
//		(docs/rtl/wq_top.md, "Memory port"): the board's block RAM
//		(wq_uart_top) answers words.  One line request at a time: a
//		read requests the line's words in ascending order, a write the
//		words it strobes; the answers come in order and the line's
//		answer leaves the cycle after its last word's.  o_ready is
//		high only while no line is in progress.
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_lineword #(
	parameter LINE_BYTES = 16	// a power of two: 4 (pass through), >= 8
) (
	input	wire			i_clk,
	input	wire			i_reset,
	// line side: wq_top's memory port
	input	wire			i_valid,
	output	wire			o_ready,
	input	wire			i_we,
	input	wire	[31:0]		i_addr,		// the line's base
	input	wire	[8*LINE_BYTES-1:0] i_wdata,
	input	wire	[LINE_BYTES-1:0] i_wstrb,
	output	reg			o_rvalid,
	output	reg	[8*LINE_BYTES-1:0] o_rdata,
	// word side: the memory
	output	wire			o_valid,
	input	wire			i_ready,
	output	wire			o_we,
	output	wire	[31:0]		o_addr,
	output	wire	[31:0]		o_wdata,
	output	wire	[3:0]		o_wstrb,
	input	wire			i_rvalid,
	input	wire	[31:0]		i_rdata
);
	generate if (LINE_BYTES == 4) begin : g_word
		// a word-wide port: the request and answer as they are
		assign	o_valid = i_valid;
		assign	o_ready = i_ready;
		assign	o_we    = i_we;
		assign	o_addr  = i_addr;
		assign	o_wdata = i_wdata;
		assign	o_wstrb = i_wstrb;
		always @(*) o_rvalid = i_rvalid;
		always @(*) o_rdata  = i_rdata;
		wire	unused = &{1'b0, i_clk, i_reset};
	end else begin : g_line
		localparam	LB = $clog2(LINE_BYTES);
		localparam	LW = LINE_BYTES / 4;
		localparam	WI = LB - 2;

		reg			busy, we;
		reg	[31:LB]		line;
		reg	[8*LINE_BYTES-1:0] wdata;
		reg	[LINE_BYTES-1:0] wstrb;
		reg	[LW-1:0]	iss, wait_m;	// words to request, to be answered

		// the lowest set bit of a word mask
		function [WI-1:0] lowest(input [LW-1:0] m);
			integer j;
			begin
				lowest = {WI{1'b0}};
				for (j = LW - 1; j >= 0; j = j - 1)
					if (m[j]) lowest = j[WI-1:0];
			end
		endfunction
		wire	[WI-1:0]	i_k = lowest(iss);
		wire	[WI-1:0]	r_k = lowest(wait_m);
		wire	[LW-1:0]	one = 1;
		reg	[LW-1:0]	words;		// the request's words
		integer			k;
		always @(*)
		for (k = 0; k < LW; k = k + 1)
			words[k] = !i_we || (|i_wstrb[4*k +: 4]);

		assign	o_ready = !busy;
		assign	o_valid = busy && iss != {LW{1'b0}};
		assign	o_we    = we;
		assign	o_addr  = {line, i_k, 2'b00};
		assign	o_wdata = wdata[32 * i_k +: 32];
		assign	o_wstrb = wstrb[4 * i_k +: 4];

		wire	[LW-1:0]	wait_n = wait_m & ~(i_rvalid ? (one << r_k) : {LW{1'b0}});

		always @(posedge i_clk)
		if (i_reset)
		begin
			busy <= 1'b0;
			o_rvalid <= 1'b0;
		end else begin
			o_rvalid <= 1'b0;
			if (!busy && i_valid)
				busy <= 1'b1;
			else if (busy && iss == {LW{1'b0}} && wait_n == {LW{1'b0}})
			begin
				busy <= 1'b0;
				o_rvalid <= 1'b1;
			end
		end

		always @(posedge i_clk)
		begin
			if (!busy && i_valid)
			begin
				we    <= i_we;
				line  <= i_addr[31:LB];
				wdata <= i_wdata;
				wstrb <= i_wstrb;
				iss   <= words;
				wait_m <= words;
			end else begin
				if (o_valid && i_ready)
					iss[i_k] <= 1'b0;
				wait_m <= wait_n;
			end
			if (i_rvalid)
				o_rdata[32 * r_k +: 32] <= i_rdata;
		end

		wire	unused = &{1'b0, i_addr[LB-1:0]};
	end endgenerate
endmodule
