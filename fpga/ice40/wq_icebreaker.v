////////////////////////////////////////////////////////////////////////////////
//
// Filename:	fpga/ice40/wq_icebreaker.v
//
// Project:	warpq -- a GPU front end, RTL twin of the C golden model
//
// Purpose:	The iCEBreaker board (iCE40 UP5K, sg48): wq_uart_top in the
//		small configuration behind the board's FTDI serial port, at
//		the board's 12 MHz clock.  Pins: fpga/ice40/icebreaker.pcf.
//		Built by `make fpga-ice40` (scripts/fpga.sh ice40);
//		docs/fpga/boards.md, docs/bringup.md.
//
//	The device memory is SPRAM: wq_top's small configuration keeps its
//	thread registers and deque tokens in two of the UP5K's four
//	SB_SPRAM256KA, and wq_uart_mem at MEM_LOG2=15 (two 32 KiB windows,
//	one 16 K x 32-bit RAM) takes the other two side by side
//	(`synth_ice40 -spram`).  wq_top is the small configuration of
//	docs/rtl/README.md with the firmware warp scheduler (SCHED_UE=1,
//	its rotator on the SB_MAC16s), as in the UP5K fit build
//	(fpga/wq_ice40_small.v), with one host channel instead of two: the
//	second channel's state and its scheduling do not fit beside the
//	bridge, and the OpenCL runtime shares a device's channels between
//	its queues.
//
//	Lights: the green LED blinks while the clock runs; the red LED is
//	wq_top's interrupt.  The user button (BTN_N) resets the device.
//
// Creator:	warpq developers
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_icebreaker #(
	parameter CLK_HZ   = 12000000,	// the board's oscillator
	parameter BAUD     = 115200,
	parameter MEM_LOG2 = 15		// two 32 KiB windows: two SPRAMs
) (
	input	wire	CLK,		// 12 MHz
	input	wire	BTN_N,		// user button, low when pressed
	input	wire	RX,		// from the FTDI (host's TXD)
	output	wire	TX,		// to the FTDI (host's RXD)
	output	wire	LEDR_N,		// red LED, low = lit: interrupt
	output	wire	LEDG_N		// green LED, low = lit: alive
);
	wire	reset, irq, alive, rx_act, tx_act, in_reset;

	wq_board u_board (
		.i_clk(CLK), .i_btn_rst(!BTN_N), .i_rx(RX), .i_tx(TX),
		.o_reset(reset), .o_led_alive(alive), .o_led_rx(rx_act),
		.o_led_tx(tx_act), .o_led_reset(in_reset));

	wq_uart_top #(.CLK_HZ(CLK_HZ), .BAUD(BAUD), .MEM_LOG2(MEM_LOG2),
		.CHANNELS(1), .WARPS(2), .LANES(8), .DQ_LOG2(4), .REGS(16),
		.ALU_LANES(1), .SEM_DIGIT(1), .SCHED_UE(1), .ROT_MUL(1)) u_core (
		.i_clk(CLK), .i_reset(reset), .i_rx(RX), .o_tx(TX),
		.o_led_irq(irq));

	assign	LEDR_N = !irq;
	assign	LEDG_N = !alive;

	// two LEDs only: the activity lights and the reset light are for
	// boards with more (fpga/ecp5/wq_ulx3s.v)
	// verilator lint_off UNUSEDSIGNAL
	wire	unused = &{ 1'b0, rx_act, tx_act, in_reset };
	// verilator lint_on UNUSEDSIGNAL
endmodule
