////////////////////////////////////////////////////////////////////////////////
//
// Filename:	fpga/ecp5/wq_ulx3s.v
//
// Project:	warpq -- a GPU front end, RTL twin of the C golden model
//
// Purpose:	The ULX3S board (ECP5 LFE5U-85F, CABGA381): wq_uart_top in
//		the default configuration behind the board's FTDI serial port
//		(US1), on a core clock of CORE_HZ that the ECP5's PLL makes
//		from the board's 25 MHz oscillator.  Pins: fpga/ecp5/ulx3s.lpf.
//		Built by `make fpga-ecp5` (scripts/fpga.sh ecp5);
//		docs/fpga/boards.md, docs/bringup.md.
//
//	The core clock: wq_ecp5_pll (one EHXPLLL, its dividers computed
//	from CLK_HZ and CORE_HZ; elaboration fails when the PLL cannot
//	make CORE_HZ exactly) drives everything, wq_board and wq_uart_top
//	alike; the oscillator drives the PLL alone.  CORE_HZ is set under
//	the routed design's Fmax, a frequency the PLL makes exactly from
//	25 MHz (docs/fpga/boards.md, "The ULX3S's core clock";
//	scripts/fpga.sh ecp5 reads it from here and times the core clock's
//	domain against it); the UART's bit time is CORE_HZ / BAUD clocks
//	(173 at 20 MHz: 115 607 baud, 0.35 % fast).  Until the PLL
//	locks the core is held in reset: !LOCK joins the button into
//	wq_board's reset, which synchronises it and holds the reset for
//	2^RST_LOG2 clocks after the lock, so led[7] is lit until then.
//
//	The device memory is block RAM: wq_uart_mem at MEM_LOG2=16 is two
//	64 KiB windows, one 32 K x 32-bit RAM, which Yosys maps onto DP16KD
//	blocks (64 of the 208).  wq_top is the default configuration
//	(CHANNELS=4 WARPS=8 DQ_LOG2=6 REGS=32, warps of 32 threads, the
//	hardwired warp scheduler, the L1): the model's wq_config_default,
//	built with LANES=8 physical lanes, a warp instruction in four
//	pipelined passes, DIV_LANES=2 dividers (a part's division in four
//	slices of two lanes: 1 476 LUT4 fewer, the six dividers' 2 022 less
//	the slices' selection; docs/fpga/boards.md),
//	and an LSU with LSQ=2 queue entries and TAGS=16 answers owed (half
//	the default's).  None of these is a model parameter: they change
//	cycles and LUTs, not results.  32 lanes take twice the device's
//	LUTs.  scripts/rtl/uart.sh runs wq_uart_top with its defaults and
//	LANES, DIV_LANES, LSQ and TAGS read from here in lockstep with the
//	model over the serial protocol, and scripts/rtl/core.sh runs every
//	core program on this core through wq_top.
//
//	Lights: led[0] blinks while the core clock runs (it toggles every
//	2^ALIVE_LOG2 clocks, ALIVE_LOG2 = clog2(CORE_HZ) - 2: between 1 and
//	2 Hz at any CORE_HZ, 1.2 Hz at 20 MHz), led[1] is wq_top's
//	interrupt, led[2] bytes from the host, led[3] bytes to the host,
//	led[7] the device is in reset.  BTN_PWRN is left alone (it powers
//	the board off); FIRE1 (btn[1]) resets the device.  wifi_gpio0 is
//	held high so that the ESP32 does not take over the FPGA.
//
// Creator:	warpq developers
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_ulx3s #(
	parameter CLK_HZ   = 25000000,	// the board's oscillator
	parameter CORE_HZ  = 20000000,	// the core clock, made by the PLL
	parameter BAUD     = 115200,
	parameter MEM_LOG2 = 16,	// two 64 KiB windows of block RAM
	// the configuration: the default one (the model's
	// wq_config_default); scripts/fpga.sh's FPGA_PARAMS sets others
	parameter CHANNELS  = 4,
	parameter WARPS     = 8,
	parameter DQ_LOG2   = 6,
	parameter REGS      = 32,
	parameter SEM_DIGIT = 32,	// semaphore arithmetic bits a cycle
	parameter LANES    = 8,		// physical lanes (a warp in 32/LANES passes)
	parameter DIV_LANES = 2,	// dividers: a part divided in LANES/DIV_LANES slices
	parameter LSQ      = 2,		// the LSU's queue entries
	parameter TAGS     = 16,	// the LSU's memory answers owed at once
	parameter FP       = 0,		// the FPU: 0 none (the default build), 1 FP_LANES units
	parameter FP_LANES = 1		// FP unit lanes: a part's FP op in LANES/FP_LANES slices
) (
	input	wire		clk_25mhz,
	input	wire	[1:1]	btn,		// FIRE1, high when pressed
	input	wire		ftdi_txd,	// host to device
	output	wire		ftdi_rxd,	// device to host
	output	wire	[7:0]	led,		// high = lit
	output	wire		wifi_gpio0	// high: the ESP32 leaves the FPGA alone
);
	// the alive light's half period: 2^ALIVE_LOG2 core clocks
	localparam	ALIVE_LOG2 = $clog2(CORE_HZ) - 2;

	wire	core_clk, locked;
	wire	reset, irq, alive, rx_act, tx_act, in_reset;

	wq_ecp5_pll #(.IN_HZ(CLK_HZ), .OUT_HZ(CORE_HZ)) u_pll (
		.i_clk(clk_25mhz), .o_clk(core_clk), .o_locked(locked));

	wq_board #(.ALIVE_LOG2(ALIVE_LOG2)) u_board (
		.i_clk(core_clk), .i_btn_rst(btn[1] || !locked),
		.i_rx(ftdi_txd), .i_tx(ftdi_rxd), .o_reset(reset),
		.o_led_alive(alive), .o_led_rx(rx_act), .o_led_tx(tx_act),
		.o_led_reset(in_reset));

	wq_uart_top #(.CLK_HZ(CORE_HZ), .BAUD(BAUD), .MEM_LOG2(MEM_LOG2),
		.CHANNELS(CHANNELS), .WARPS(WARPS), .DQ_LOG2(DQ_LOG2),
		.REGS(REGS), .SEM_DIGIT(SEM_DIGIT), .LANES(LANES),
		.DIV_LANES(DIV_LANES), .LSQ(LSQ), .TAGS(TAGS), .FP(FP),
		.FP_LANES(FP_LANES))
	u_core (
		.i_clk(core_clk), .i_reset(reset), .i_rx(ftdi_txd),
		.o_tx(ftdi_rxd), .o_led_irq(irq));

	assign	led = { in_reset, 3'b000, tx_act, rx_act, irq, alive };
	assign	wifi_gpio0 = 1'b1;
endmodule
