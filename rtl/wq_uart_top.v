////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_uart_top.v
//
// Project:	warpq -- a GPU front end, RTL twin of the C golden model
//
// Purpose:	The device behind a serial line: wq_top, its memory
//		(wq_uart_mem) and the UART bridge (wq_uart_rx, wq_uart_tx,
//		wq_uart_bridge), with a clock, a reset, the two line pins and
//		an interrupt LED as its only pins.  This is the core a board
//		top (iCE40, ECP5) wraps with its clock and pin constraints;
//		the host talks to it with the driver's uart backend
//		(cmodel/driver/dev_uart.c).  docs/rtl/wq_uart_top.md.
//
//	wq_top's lockstep event port is left open, as on a board.
//
// Creator:	warpq developers
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none
`include "wq_defs.vh"

module wq_uart_top #(
	parameter CLK_HZ     = 12000000,	// the clock
	parameter BAUD       = 115200,	// the line
	parameter MEM_LOG2   = 19,	// bytes per memory window, log2
	parameter TIMEOUT_BYTES = 32,	// byte times without a byte that abandon a frame
	parameter CHANNELS   = 4,
	parameter WARPS      = 8,
	parameter LANES      = 32,
	parameter DQ_LOG2    = 6,
	parameter REGS       = 32,
	parameter HOST_SLICE = 64,
	parameter ALU_LANES  = LANES,
	parameter DIV_LANES  = LANES,
	parameter LSQ        = 4,
	parameter TAGS       = 32,
	parameter SEM_DIGIT  = 32,
	parameter SCHED_UE   = 0,
	parameter ROT_MUL    = 0,
	parameter FP         = 0,	// the FPU (wq_top's FP; 0: none)
	parameter FP_LANES   = LANES	// its FP unit lanes (wq_top's FP_LANES)
) (
	input	wire		i_clk,
	input	wire		i_reset,
	input	wire		i_rx,		// from the host
	output	wire		o_tx,		// to the host
	output	wire		o_led_irq	// wq_top's interrupt
);
	localparam	TIMEOUT = (CLK_HZ / BAUD) * 10 * TIMEOUT_BYTES;
	// wq_top's memory port: one L1 line with the core (its default L1),
	// a word with the firmware scheduler (wq_top's MEM_LINE)
	localparam	ML = (SCHED_UE == 0) ? 16 : 4;

	wire		rx_valid, rx_ferr, tx_valid, tx_ready;
	wire	[7:0]	rx_data, tx_data;
	wire		csr_valid, csr_we, csr_ack, csr_err, irq, idle;
	wire	[11:0]	csr_addr;
	wire	[31:0]	csr_wdata, csr_rdata;
	wire		d_valid, d_ready, d_we, d_rvalid;
	wire	[31:0]	d_addr, d_wdata, d_rdata;
	wire	[3:0]	d_wstrb;
	wire		t_valid, t_ready, t_we, t_rvalid;
	wire	[31:0]	t_addr;
	wire	[8*ML-1:0] t_wdata, t_rdata;
	wire	[ML-1:0] t_wstrb;
	wire		b_valid, b_ready, b_we, b_rvalid, b_err, chk_ok;
	wire	[31:0]	b_addr, b_wdata, b_rdata, chk_addr;
	wire		dev_reset, mem_clear, mem_busy;

	wq_uart_rx #(.CLK_HZ(CLK_HZ), .BAUD(BAUD)) u_rx (
		.i_clk(i_clk), .i_reset(i_reset), .i_rx(i_rx),
		.o_valid(rx_valid), .o_data(rx_data), .o_ferr(rx_ferr));

	wq_uart_tx #(.CLK_HZ(CLK_HZ), .BAUD(BAUD)) u_tx (
		.i_clk(i_clk), .i_reset(i_reset), .i_valid(tx_valid),
		.i_data(tx_data), .o_ready(tx_ready), .o_tx(o_tx));

	wq_uart_bridge #(.MEM_LOG2(MEM_LOG2), .TIMEOUT(TIMEOUT)) u_bridge (
		.i_clk(i_clk), .i_reset(i_reset),
		.i_rx_valid(rx_valid), .i_rx_data(rx_data),
		.o_tx_valid(tx_valid), .o_tx_data(tx_data), .i_tx_ready(tx_ready),
		.o_csr_valid(csr_valid), .o_csr_we(csr_we), .o_csr_addr(csr_addr),
		.o_csr_wdata(csr_wdata), .i_csr_ack(csr_ack),
		.i_csr_rdata(csr_rdata), .i_csr_err(csr_err),
		.o_mem_valid(b_valid), .o_mem_we(b_we), .o_mem_addr(b_addr),
		.o_mem_wdata(b_wdata), .i_mem_ready(b_ready),
		.i_mem_rvalid(b_rvalid), .i_mem_rdata(b_rdata), .i_mem_err(b_err),
		.o_chk_addr(chk_addr), .i_chk_ok(chk_ok),
		.o_dev_reset(dev_reset), .o_mem_clear(mem_clear),
		.i_mem_busy(mem_busy), .i_irq(irq), .i_idle(idle));

	wq_uart_mem #(.MEM_LOG2(MEM_LOG2)) u_mem (
		.i_clk(i_clk), .i_reset(i_reset),
		.i_clear(mem_clear), .o_busy(mem_busy),
		.i_d_valid(d_valid), .o_d_ready(d_ready), .i_d_we(d_we),
		.i_d_addr(d_addr), .i_d_wdata(d_wdata), .i_d_wstrb(d_wstrb),
		.o_d_rvalid(d_rvalid), .o_d_rdata(d_rdata),
		.i_b_valid(b_valid), .o_b_ready(b_ready), .i_b_we(b_we),
		.i_b_addr(b_addr), .i_b_wdata(b_wdata), .o_b_rvalid(b_rvalid),
		.o_b_rdata(b_rdata), .o_b_err(b_err),
		.i_chk_addr(chk_addr), .o_chk_ok(chk_ok));

	/* verilator lint_off PINCONNECTEMPTY */
	wq_top #(.CHANNELS(CHANNELS), .WARPS(WARPS), .LANES(LANES),
		.DQ_LOG2(DQ_LOG2), .REGS(REGS), .HOST_SLICE(HOST_SLICE),
		.ALU_LANES(ALU_LANES), .DIV_LANES(DIV_LANES), .SEM_DIGIT(SEM_DIGIT),
		.LSQ(LSQ), .TAGS(TAGS), .FP(FP), .FP_LANES(FP_LANES),
		.SCHED_UE(SCHED_UE), .ROT_MUL(ROT_MUL)) u_top (
		.i_clk(i_clk), .i_reset(i_reset || dev_reset),
		.i_csr_valid(csr_valid), .i_csr_we(csr_we),
		.i_csr_addr(csr_addr), .i_csr_wdata(csr_wdata),
		.o_csr_ack(csr_ack), .o_csr_rdata(csr_rdata),
		.o_csr_err(csr_err), .o_irq(irq), .o_idle(idle),
		.o_mem_valid(t_valid), .i_mem_ready(t_ready), .o_mem_we(t_we),
		.o_mem_addr(t_addr), .o_mem_wdata(t_wdata),
		.o_mem_wstrb(t_wstrb), .i_mem_rvalid(t_rvalid),
		.i_mem_rdata(t_rdata),
		// the lockstep event port: open on a board
		.o_lock(), .o_step_valid(), .o_step_kind(), .o_step_id(),
		.o_step_res(), .o_evr_valid(), .o_evr_kind(), .o_evr_unit(),
		.o_evr_aux(), .o_evr_pc(), .o_evr_mask(), .o_evr_a(),
		.o_evr_b(), .o_evr_c(), .o_evr_part(), .o_evr_vals(),
		.o_evw_valid(), .o_evw_unit(), .o_evw_aux(), .o_evw_pc(), .o_evw_mask(),
		.o_evm_valid(), .o_evm_unit(), .o_evm_pc(), .o_evm_aux(),
		.o_evm_mask(), .o_evm_a(), .o_evm_b());
	/* verilator lint_on PINCONNECTEMPTY */

	// the line port on the word-wide block RAM
	wq_lineword #(.LINE_BYTES(ML)) u_lw (
		.i_clk(i_clk), .i_reset(i_reset || dev_reset),
		.i_valid(t_valid), .o_ready(t_ready), .i_we(t_we),
		.i_addr(t_addr), .i_wdata(t_wdata), .i_wstrb(t_wstrb),
		.o_rvalid(t_rvalid), .o_rdata(t_rdata),
		.o_valid(d_valid), .i_ready(d_ready), .o_we(d_we),
		.o_addr(d_addr), .o_wdata(d_wdata), .o_wstrb(d_wstrb),
		.i_rvalid(d_rvalid), .i_rdata(d_rdata));

	assign	o_led_irq = irq;

	// a framing error drops its byte; the frame's CRC or the bridge's
	// timeout deals with the rest
	// verilator lint_off UNUSEDSIGNAL
	wire	unused = rx_ferr;
	// verilator lint_on UNUSEDSIGNAL
endmodule
