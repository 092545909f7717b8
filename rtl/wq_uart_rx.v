////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_uart_rx.v
//
// Project:	warpq -- a GPU front end, RTL twin of the C golden model
//
// Purpose:	UART receiver, 8N1, CLK_HZ / BAUD clocks per bit.  The line
//		goes through a two-flop synchroniser; a falling edge starts a
//		byte, the start bit is re-checked half a bit later (a glitch
//		shorter than that returns to idle), and each data bit and the
//		stop bit are sampled in the middle of their bit time.  A byte
//		whose stop bit is low is dropped with a one-cycle o_ferr, and
//		the receiver waits for the line to go high again before it
//		looks for the next start bit (a break is not a stream of zero
//		bytes).  docs/rtl/wq_uart.md.
//
// Creator:	warpq developers
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_uart_rx #(
	parameter CLK_HZ = 16,		// clock frequency
	parameter BAUD   = 1		// bits per second (CLK_HZ/BAUD >= 4)
) (
	input	wire		i_clk,
	input	wire		i_reset,
	input	wire		i_rx,		// the line, idle high
	output	reg		o_valid,	// one cycle: o_data is a byte
	output	wire	[7:0]	o_data,		// with o_valid (and until the next byte)
	output	reg		o_ferr		// one cycle: a stop bit was low
);
	localparam	CPB = CLK_HZ / BAUD;		// clocks per bit
	localparam	CW  = $clog2(CPB + 1);
	localparam	integer	HALF_I = CPB / 2 - 1;
	localparam	integer	FULL_I = CPB - 1;
	localparam	[CW-1:0] HALF = HALF_I[CW-1:0];	// to the middle of the start bit
	localparam	[CW-1:0] FULL = FULL_I[CW-1:0];	// one bit time
	localparam	[2:0]	S_IDLE = 3'd0, S_START = 3'd1, S_DATA = 3'd2,
				S_STOP = 3'd3, S_BREAK = 3'd4;

	// two-flop synchroniser, reset to the idle level
	reg	[1:0]	sync;
	initial	sync = 2'b11;
	always @(posedge i_clk)
	if (i_reset)
		sync <= 2'b11;
	else
		sync <= { sync[0], i_rx };
	wire	line = sync[1];

	reg	[2:0]	state;
	reg	[CW-1:0] cnt;		// clocks left in this bit
	reg	[2:0]	nbit;		// data bit being received
	reg	[7:0]	sh;

	initial	state = S_IDLE;
	initial	cnt   = 0;
	initial	nbit  = 3'd0;
	always @(posedge i_clk)
	if (i_reset)
	begin
		state <= S_IDLE;
		cnt   <= 0;
		nbit  <= 3'd0;
	end else case (state)
	S_IDLE:
		if (!line)
		begin
			state <= S_START;
			cnt   <= HALF;
		end
	S_START:
		if (cnt != 0)
			cnt <= cnt - 1'b1;
		else if (line)		// a glitch, not a start bit
			state <= S_IDLE;
		else begin
			state <= S_DATA;
			cnt   <= FULL;
			nbit  <= 3'd0;
		end
	S_DATA:
		if (cnt != 0)
			cnt <= cnt - 1'b1;
		else begin
			cnt  <= FULL;
			nbit <= nbit + 1'b1;
			if (nbit == 3'd7)
				state <= S_STOP;
		end
	S_STOP:
		if (cnt != 0)
			cnt <= cnt - 1'b1;
		else
			state <= line ? S_IDLE : S_BREAK;
	default:	// S_BREAK: a low stop bit; wait for the line to rise
		if (line)
			state <= S_IDLE;
	endcase

	// the data bits, LSB first
	always @(posedge i_clk)
	if (state == S_DATA && cnt == 0)
		sh <= { line, sh[7:1] };

	initial	o_valid = 1'b0;
	initial	o_ferr  = 1'b0;
	always @(posedge i_clk)
	if (i_reset)
	begin
		o_valid <= 1'b0;
		o_ferr  <= 1'b0;
	end else begin
		o_valid <= state == S_STOP && cnt == 0 && line;
		o_ferr  <= state == S_STOP && cnt == 0 && !line;
	end

	// the byte is the shift register itself: it stays put from the last
	// data bit until the next byte's first data bit, a bit and a half
	// later at least, so it is valid with o_valid (no copy of it)
	assign	o_data = sh;

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
		assert(state <= S_BREAK);
		assert(cnt <= FULL);
		if (state == S_START)
			assert(cnt <= HALF);
		if (state == S_IDLE || state == S_BREAK)
			assert(cnt == 0 || state == S_IDLE);
		// a byte and a framing error are never reported together
		assert(!(o_valid && o_ferr));
	end

	// a byte is reported exactly once, the cycle after the stop sample
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && $past(o_valid))
		assert(!o_valid);

	// after a byte or a framing error the receiver is idle or waiting
	always @(posedge i_clk)
	if (f_past_valid && !i_reset && o_valid)
		assert(state == S_IDLE || state == S_START);

	// covers, each reached from reset by scripts/formal.sh's cover run
	always @(posedge i_clk)
	if (f_past_valid)
	begin
		c_byte_a5: cover(o_valid && o_data == 8'hA5);
		c_frame_err: cover(o_ferr);
		c_false_start: cover($past(state) == S_START && state == S_IDLE);
	end
`endif
endmodule
