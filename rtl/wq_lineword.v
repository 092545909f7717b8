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
	genvar	gk;
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

		// The lowest set bit of a word mask, one-hot (a prefix OR: the
		// word masks are short), and its number.  Every use of the
		// word a mask names -- a request's address and data, the
		// request's and answer's bits cleared, the answer's word
		// stored -- takes the one-hot form: AND-OR selects and per-word
		// enables, not shifts by a number.
		function [LW-1:0] lowest_oh(input [LW-1:0] m);
			integer j;
			reg	seen;
			begin
				seen = 1'b0;
				for (j = 0; j < LW; j = j + 1)
				begin
					lowest_oh[j] = m[j] && !seen;
					seen = seen || m[j];
				end
			end
		endfunction
		function [WI-1:0] oh_num(input [LW-1:0] oh);
			integer j;
			begin
				oh_num = {WI{1'b0}};
				for (j = 0; j < LW; j = j + 1)
					if (oh[j])
						oh_num = oh_num | j[WI-1:0];
			end
		endfunction
		wire	[LW-1:0]	i_oh = lowest_oh(iss);	// the word to request
		wire	[LW-1:0]	r_oh = lowest_oh(wait_m);	// the word answered
		reg	[LW-1:0]	words;		// the request's words
		reg	[31:0]		wd_sel;
		reg	[3:0]		ws_sel;
		integer			k;
		always @(*)
		for (k = 0; k < LW; k = k + 1)
			words[k] = !i_we || (|i_wstrb[4*k +: 4]);
		always @(*)
		begin
			wd_sel = 32'h0;
			ws_sel = 4'h0;
			for (k = 0; k < LW; k = k + 1)
			begin
				wd_sel = wd_sel | (wdata[32*k +: 32] & {32{i_oh[k]}});
				ws_sel = ws_sel | (wstrb[4*k +: 4] & {4{i_oh[k]}});
			end
		end

		assign	o_ready = !busy;
		assign	o_valid = busy && iss != {LW{1'b0}};
		assign	o_we    = we;
		assign	o_addr  = {line, oh_num(i_oh), 2'b00};
		assign	o_wdata = wd_sel;
		assign	o_wstrb = ws_sel;

		wire	[LW-1:0]	wait_n = wait_m & ~(r_oh & {LW{i_rvalid}});

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
		if (!busy && i_valid)
		begin
			we    <= i_we;
			line  <= i_addr[31:LB];
			wdata <= i_wdata;
			wstrb <= i_wstrb;
		end

		always @(posedge i_clk)
		if (!busy && i_valid)
		begin
			iss    <= words;
			wait_m <= words;
		end else begin
			if (o_valid && i_ready)
				iss <= iss & ~i_oh;
			wait_m <= wait_n;
		end

		// (each word of the line its own enable)
		for (gk = 0; gk < LW; gk = gk + 1)
		begin : g_rd
			always @(posedge i_clk)
			if (i_rvalid && r_oh[gk])
				o_rdata[32 * gk +: 32] <= i_rdata;
		end

		wire	unused = &{1'b0, i_addr[LB-1:0]};

`ifdef FORMAL
		// ---- formal properties (job lineword in scripts/formal.sh) ----
		reg	f_past_valid;
		initial	f_past_valid = 1'b0;
		always @(posedge i_clk)
			f_past_valid <= 1'b1;
		always @(*)
		if (!f_past_valid)
			assume(i_reset);

		// the memory answers the words requested, in order, one an
		// answer: f_out counts the requests not yet answered
		reg	[WI:0]	f_out;
		always @(posedge i_clk)
		if (i_reset)
			f_out <= {(WI+1){1'b0}};
		else
			f_out <= f_out + {{WI{1'b0}}, o_valid && i_ready}
				- {{WI{1'b0}}, i_rvalid};
		always @(*)
			assume(!i_rvalid || f_out != {(WI+1){1'b0}});

		// the words requested and not answered: f_out of them, all
		// below the next word to request
		integer		fk;
		reg	[WI:0]	f_pend;
		always @(*)
		begin
			f_pend = {(WI+1){1'b0}};
			for (fk = 0; fk < LW; fk = fk + 1)
				if (wait_m[fk] && !iss[fk])
					f_pend = f_pend + 1'b1;
		end
		wire	[LW-1:0]	f_low_iss = iss & (~iss + 1'b1);
		wire	[LW-1:0]	f_low_wait = wait_m & (~wait_m + 1'b1);
		wire	[WI-1:0]	f_k = o_addr[LB-1:2];
		always @(*)
		if (f_past_valid && !i_reset)
		begin
			if (busy)
			begin
				assert((iss & ~wait_m) == {LW{1'b0}});
				assert(f_out == f_pend);
				assert(((wait_m & ~iss) & ~(f_low_iss - 1'b1))
					== {LW{1'b0}} || iss == {LW{1'b0}});
			end else
				assert(f_out == {(WI+1){1'b0}});
			// the one-hot picks are the masks' lowest set bits, and
			// the request's address, data and strobes the word's
			assert(i_oh == f_low_iss);
			assert(r_oh == f_low_wait);
			if (o_valid)
			begin
				assert(iss[f_k] && (iss & ((one_k(f_k)) - 1'b1)) == {LW{1'b0}});
				assert(o_wdata == wdata[32 * f_k +: 32]);
				assert(o_wstrb == wstrb[4 * f_k +: 4]);
				assert(o_addr[31:LB] == line && o_we == we);
			end
			// a line's answer only when every word is in
			if (o_rvalid)
				assert(!busy);
		end

		function [LW-1:0] one_k(input [WI-1:0] kk);
			one_k = {{(LW-1){1'b0}}, 1'b1} << kk;
		endfunction

		// a read of every word answered; a write of some of the words
		reg	f_rd_all, f_wr_part;
		always @(posedge i_clk)
		if (i_reset)
		begin
			f_rd_all <= 1'b0;
			f_wr_part <= 1'b0;
		end else if (!busy && i_valid)
		begin
			f_rd_all <= !i_we;
			f_wr_part <= i_we && words != {LW{1'b0}} && words != {LW{1'b1}};
		end
		always @(*)
		if (f_past_valid && !i_reset)
		begin
			c_read:  cover(o_rvalid && f_rd_all);
			c_write: cover(o_rvalid && f_wr_part);
		end
`endif
	end endgenerate
endmodule
