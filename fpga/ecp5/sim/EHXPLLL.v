////////////////////////////////////////////////////////////////////////////////
//
// Filename:	fpga/ecp5/sim/EHXPLLL.v
//
// Project:	warpq -- a GPU front end, RTL twin of the C golden model
//
// Purpose:	A lint and simulation stand-in for the ECP5 PLL primitive
//		EHXPLLL, so that Verilator and Icarus elaborate the ULX3S top
//		(fpga/ecp5/wq_ecp5_pll.v, fpga/ecp5/wq_ulx3s.v).  It is not a
//		model of the PLL and is never synthesised: scripts/fpga.sh
//		lists it for `--lint` only, and synthesis (Yosys' synth_ecp5,
//		FuseSoC's ecp5 target) uses Yosys' own EHXPLLL cell.
//
//	It has the primitive's ports and parameters (those of Yosys'
//	+/ecp5/cells_bb.v) and does this: CLKOP is CLKI, whatever the
//	dividers (the frequency is not modelled); LOCK rises after 16
//	rising edges of CLKI and falls while RST is high.  The other
//	outputs are low.
//
// Creator:	warpq developers
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

// verilator lint_off UNUSED
module EHXPLLL #(
	parameter CLKI_DIV = 1,
	parameter CLKFB_DIV = 1,
	parameter CLKOP_DIV = 8,
	parameter CLKOS_DIV = 8,
	parameter CLKOS2_DIV = 8,
	parameter CLKOS3_DIV = 8,
	parameter CLKOP_ENABLE = "ENABLED",
	parameter CLKOS_ENABLE = "DISABLED",
	parameter CLKOS2_ENABLE = "DISABLED",
	parameter CLKOS3_ENABLE = "DISABLED",
	parameter CLKOP_CPHASE = 0,
	parameter CLKOS_CPHASE = 0,
	parameter CLKOS2_CPHASE = 0,
	parameter CLKOS3_CPHASE = 0,
	parameter CLKOP_FPHASE = 0,
	parameter CLKOS_FPHASE = 0,
	parameter CLKOS2_FPHASE = 0,
	parameter CLKOS3_FPHASE = 0,
	parameter FEEDBK_PATH = "CLKOP",
	parameter CLKOP_TRIM_POL = "RISING",
	parameter CLKOP_TRIM_DELAY = 0,
	parameter CLKOS_TRIM_POL = "RISING",
	parameter CLKOS_TRIM_DELAY = 0,
	parameter OUTDIVIDER_MUXA = "DIVA",
	parameter OUTDIVIDER_MUXB = "DIVB",
	parameter OUTDIVIDER_MUXC = "DIVC",
	parameter OUTDIVIDER_MUXD = "DIVD",
	parameter PLL_LOCK_MODE = 0,
	parameter PLL_LOCK_DELAY = 200,
	parameter STDBY_ENABLE = "DISABLED",
	parameter REFIN_RESET = "DISABLED",
	parameter SYNC_ENABLE = "DISABLED",
	parameter INT_LOCK_STICKY = "ENABLED",
	parameter DPHASE_SOURCE = "DISABLED",
	parameter PLLRST_ENA = "DISABLED",
	parameter INTFB_WAKE = "DISABLED"
) (
	input	wire	CLKI, CLKFB,
	input	wire	PHASESEL1, PHASESEL0, PHASEDIR, PHASESTEP, PHASELOADREG,
	input	wire	STDBY, PLLWAKESYNC,
	input	wire	RST, ENCLKOP, ENCLKOS, ENCLKOS2, ENCLKOS3,
	output	wire	CLKOP, CLKOS, CLKOS2, CLKOS3,
	output	wire	LOCK, INTLOCK,
	output	wire	REFCLK, CLKINTFB
);
	// LOCK: 16 input clocks after configuration or RST
	reg	[4:0]	lcnt;
	initial	lcnt = 0;
	always @(posedge CLKI or posedge RST)
	if (RST)
		lcnt <= 0;
	else if (!lcnt[4])
		lcnt <= lcnt + 1'b1;

	assign	CLKOP    = CLKI;
	assign	LOCK     = lcnt[4];
	assign	INTLOCK  = lcnt[4];
	assign	REFCLK   = CLKI;
	assign	CLKOS    = 1'b0;
	assign	CLKOS2   = 1'b0;
	assign	CLKOS3   = 1'b0;
	assign	CLKINTFB = 1'b0;
endmodule
// verilator lint_on UNUSED
