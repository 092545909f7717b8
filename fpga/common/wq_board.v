////////////////////////////////////////////////////////////////////////////////
//
// Filename:	fpga/common/wq_board.v
//
// Project:	warpq -- a GPU front end, RTL twin of the C golden model
//
// Purpose:	What every board top puts around wq_uart_top, in portable
//		Verilog: the reset and the lights a person at the desk reads
//		before any host software runs.
//
//	Reset: held for 2^RST_LOG2 clocks after configuration (the FPGA's
//	flops start at their initial values, the clock is already running)
//	and for as long as the board's reset button is pressed (i_btn_rst,
//	active high here; the top inverts an active-low button).  The
//	button goes through a two-flop synchroniser first.
//
//	Lights (all active high here; the top inverts for active-low LEDs):
//	  o_led_alive   toggles every 2^ALIVE_LOG2 clocks: the bitstream is
//	                loaded and the clock runs (about 1.4 Hz at 12 MHz
//	                with ALIVE_LOG2=22)
//	  o_led_rx      lit for 2^ACT_LOG2 clocks after the host's line went
//	                low: bytes arrive from the host
//	  o_led_tx      the same for the device's line: bytes go back
//	  o_led_reset   the device is held in reset
//	docs/fpga/boards.md.
//
// Creator:	warpq developers
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_board #(
	parameter RST_LOG2   = 4,	// clocks of reset after configuration, log2
	parameter ALIVE_LOG2 = 22,	// half period of the alive light, log2
	parameter ACT_LOG2   = 20	// on time of an activity light, log2
) (
	input	wire		i_clk,
	input	wire		i_btn_rst,	// the board's reset button, pressed = 1
	input	wire		i_rx,		// the host's line (as it enters the core)
	input	wire		i_tx,		// the device's line
	output	wire		o_reset,	// to the core, synchronous
	output	wire		o_led_alive,
	output	wire		o_led_rx,
	output	wire		o_led_tx,
	output	wire		o_led_reset
);
	// the button, synchronised
	reg	[1:0]	btn;
	initial	btn = 2'b00;
	always @(posedge i_clk)
		btn <= { btn[0], i_btn_rst };

	// power-on and button reset: count up to all ones, from zero again
	// while the button is held
	reg	[RST_LOG2:0]	rcnt;
	initial	rcnt = 0;
	always @(posedge i_clk)
	if (btn[1])
		rcnt <= 0;
	else if (!rcnt[RST_LOG2])
		rcnt <= rcnt + 1'b1;
	// (o_reset is a flip-flop of its own, !rcnt[RST_LOG2] as the count
	// moves, not an inverter after it: the core's reset is the start of
	// paths into every register it resets, a level it need not pay)
	reg		r_reset;
	initial	r_reset = 1'b1;
	always @(posedge i_clk)
		r_reset <= btn[1] || !(rcnt[RST_LOG2] || &rcnt[RST_LOG2-1:0]);
	assign	o_reset = r_reset;

	// alive
	reg	[ALIVE_LOG2-1:0]	acnt;
	initial	acnt = 0;
	always @(posedge i_clk)
		acnt <= acnt + 1'b1;
	assign	o_led_alive = acnt[ALIVE_LOG2-1];

	// activity: the line's low bits (start bits) re-trigger a counter
	reg	[1:0]	rxs;
	initial	rxs = 2'b11;
	always @(posedge i_clk)
		rxs <= { rxs[0], i_rx };

	reg	[ACT_LOG2:0]	rx_on, tx_on;
	initial	rx_on = 0;
	always @(posedge i_clk)
	if (!rxs[1])
		rx_on <= { 1'b1, {(ACT_LOG2){1'b0}} };
	else if (rx_on != 0)
		rx_on <= rx_on - 1'b1;

	initial	tx_on = 0;
	always @(posedge i_clk)
	if (!i_tx)
		tx_on <= { 1'b1, {(ACT_LOG2){1'b0}} };
	else if (tx_on != 0)
		tx_on <= tx_on - 1'b1;

	assign	o_led_rx = (rx_on != 0);
	assign	o_led_tx = (tx_on != 0);
	assign	o_led_reset = o_reset;

`ifdef	FORMAL
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;

	// the reset flip-flop is the count's top bit, inverted
	always @(*)
		assert(r_reset == !rcnt[RST_LOG2]);
	// reset is held from configuration until the count completes, and
	// again while the synchronised button is pressed
	always @(*)
	if (!f_past_valid)
		assert(o_reset);
	always @(posedge i_clk)
	if (f_past_valid && $past(btn[1]))
		assert(o_reset);
	// a released reset stays released until the button is pressed
	always @(posedge i_clk)
	if (f_past_valid && !$past(o_reset) && !$past(btn[1]))
		assert(!o_reset);

	always @(posedge i_clk)
	if (f_past_valid)
	begin
		c_out_of_reset: cover($past(o_reset) && !o_reset);
		c_button: cover($past(!o_reset) && o_reset);
	end
`endif
endmodule
