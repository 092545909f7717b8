////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_uart_tx.v
//
// Project:	warpq -- a GPU front end, RTL twin of the C golden model
//
// Purpose:	UART transmitter, 8N1, CLK_HZ / BAUD clocks per bit.  A byte
//		is taken when i_valid && o_ready; the line then carries the
//		start bit, eight data bits LSB first and the stop bit, each
//		for exactly one bit time, and o_ready rises again with the
//		end of the stop bit.  docs/rtl/wq_uart.md.
//
// Creator:	warpq developers
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_uart_tx #(
	parameter CLK_HZ = 16,		// clock frequency
	parameter BAUD   = 1		// bits per second (CLK_HZ/BAUD >= 2)
) (
	input	wire		i_clk,
	input	wire		i_reset,
	input	wire		i_valid,
	input	wire	[7:0]	i_data,
	output	wire		o_ready,	// idle: the next byte is taken
	output	wire		o_tx		// the line, idle high
);
	localparam	CPB = CLK_HZ / BAUD;
	localparam	CW  = $clog2(CPB + 1);
	localparam	integer	FULL_I = CPB - 1;
	localparam	[CW-1:0] FULL = FULL_I[CW-1:0];	// one bit time

	reg	[9:0]	sh;		// {stop, data, start}, shifted out LSB first
	reg	[3:0]	nbit;		// bits left, 0: idle
	reg	[CW-1:0] cnt;		// clocks left in the current bit

	initial	sh   = 10'h3FF;
	initial	nbit = 4'd0;
	initial	cnt  = 0;
	always @(posedge i_clk)
	if (i_reset)
	begin
		sh   <= 10'h3FF;
		nbit <= 4'd0;
		cnt  <= 0;
	end else if (nbit == 4'd0)
	begin
		if (i_valid)
		begin
			sh   <= { 1'b1, i_data, 1'b0 };
			nbit <= 4'd10;
			cnt  <= FULL;
		end
	end else if (cnt != 0)
		cnt <= cnt - 1'b1;
	else begin
		sh   <= { 1'b1, sh[9:1] };
		nbit <= nbit - 1'b1;
		cnt  <= (nbit == 4'd1) ? 0 : FULL;	// idle after the stop bit
	end

	assign	o_ready = nbit == 4'd0;
	assign	o_tx    = sh[0];

`ifdef	FORMAL
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;
	always @(*)
	if (!f_past_valid)
		assume(i_reset);

	always @(*)
	if (f_past_valid && !i_reset)
	begin
		assert(nbit <= 4'd10);
		assert(cnt <= FULL);
		// idle: the line is high and nothing is left to shift
		if (nbit == 4'd0)
			assert(sh == 10'h3FF && cnt == 0);
		// the stop bit and the idle fill are ones
		assert(sh[9]);
		// the bits already sent have been replaced by ones
		assert((sh | (10'h3FF >> (4'd10 - nbit))) == 10'h3FF);
	end

	// the line changes only at a bit boundary
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && !i_reset && $past(nbit) != 0
			&& $past(cnt) != 0)
		assert(o_tx == $past(o_tx));

	// covers, each reached from reset by scripts/formal.sh's cover run
	always @(posedge i_clk)
	if (f_past_valid)
	begin
		c_stop_done: cover($past(nbit) == 4'd1 && nbit == 4'd0);
		c_byte_5a: cover(nbit == 4'd10 && sh[8:1] == 8'h5A);
	end
`endif
endmodule
