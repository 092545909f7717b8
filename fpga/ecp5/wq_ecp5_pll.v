////////////////////////////////////////////////////////////////////////////////
//
// Filename:	fpga/ecp5/wq_ecp5_pll.v
//
// Project:	warpq -- a GPU front end, RTL twin of the C golden model
//
// Purpose:	One ECP5 PLL (EHXPLLL) that makes a clock of exactly OUT_HZ
//		from a clock of IN_HZ: the ULX3S top's core clock from the
//		board's 25 MHz oscillator (fpga/ecp5/wq_ulx3s.v).  The divider
//		settings are computed here, at elaboration, from the two
//		frequencies; docs/fpga/boards.md, "The ULX3S's core clock".
//
//	The loop: CLKI is divided by CLKI_DIV into the phase detector
//	(PFD), CLKOP is fed back through CLKFB_DIV (FEEDBK_PATH = CLKOP),
//	so that
//		OUT_HZ = IN_HZ * CLKFB_DIV / CLKI_DIV,
//		VCO    = OUT_HZ * CLKOP_DIV.
//	An exact OUT_HZ needs the PFD frequency IN_HZ / CLKI_DIV to divide
//	both IN_HZ and OUT_HZ; the fastest such PFD is gcd(IN_HZ, OUT_HZ),
//	which is the one taken (CLKI_DIV = IN_HZ / gcd, CLKFB_DIV =
//	OUT_HZ / gcd, the smallest dividers).  CLKOP_DIV puts the VCO as
//	near 600 MHz, the middle of its range, as the integers allow.
//	CLKOP_CPHASE = CLKOP_DIV - 1 is CLKOP's 0-degree phase (what
//	Lattice's generator writes; with feedback from CLKOP the phase
//	setting does not move CLKOP against CLKI).
//
//	The ECP5's limits (the family data sheet's sysCLOCK PLL timing):
//	input 8 to 400 MHz, PFD 3.125 to 400 MHz, VCO 400 to 800 MHz,
//	CLKOP 3.125 to 400 MHz, dividers 1 to 128.  A setting that breaks
//	one of them, or an OUT_HZ the PLL cannot make exactly (a PFD,
//	gcd(IN_HZ, OUT_HZ), under 3.125 MHz: from 25 MHz, 11 MHz or 8 MHz),
//	stops elaboration: the generate block below instantiates a module
//	that does not exist, whose name says which limit failed (Yosys
//	`hierarchy -check`, Verilator and Icarus all report it by name).
//
//	The loop filter's settings (ICP_CURRENT, LPF_RESISTOR,
//	MFG_ENABLE_FILTEROPAMP, MFG_GMCREF_SEL) are attributes nextpnr
//	copies into the bitstream, zero when absent; they are the fixed
//	values Project Trellis' ecppll writes for every setting.  Lattice's
//	FREQUENCY_PIN_CLKI / FREQUENCY_PIN_CLKOP attributes are not set:
//	nextpnr does not read them (it derives CLKOP's frequency from
//	CLKI's constraint and the dividers), and Yosys would write a
//	computed string as a bit vector.
//
//	o_locked is the PLL's LOCK, asynchronous to o_clk: the top
//	synchronises it (through wq_board's reset).  The PLL's reset,
//	standby and dynamic phase inputs are tied off.
//
//	Synthesis uses Yosys' own EHXPLLL (a blackbox cell); the lint and
//	simulation runs read fpga/ecp5/sim/EHXPLLL.v instead.
//
// Creator:	warpq developers
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_ecp5_pll #(
	parameter IN_HZ  = 25000000,	// i_clk
	parameter OUT_HZ = 10000000	// o_clk, made exactly
) (
	input	wire	i_clk,
	output	wire	o_clk,
	output	wire	o_locked	// asynchronous to o_clk
);
	// the ECP5's limits, in Hz
	localparam	IN_MIN  =   8000000, IN_MAX  = 400000000;
	localparam	PFD_MIN =   3125000;
	localparam	VCO_MIN = 400000000, VCO_MAX = 800000000, VCO_MID = 600000000;
	localparam	OUT_MIN =   3125000, OUT_MAX = 400000000;
	localparam	DIV_MAX = 128;

	function integer gcd;
		input integer a, b;
		integer x, y, t;
		begin
			x = a;
			y = b;
			while (y != 0) begin
				t = x % y;
				x = y;
				y = t;
			end
			gcd = x;
		end
	endfunction

	// CLKOP_DIV: the divider in 1..DIV_MAX that puts the VCO within
	// VCO_MIN..VCO_MAX and nearest VCO_MID, 0 when none does (every
	// term stays within 32 bits)
	function integer op_div;
		input integer out_hz;
		integer lo, hi, d;
		begin
			lo = (VCO_MIN + out_hz - 1) / out_hz;
			hi = VCO_MAX / out_hz;
			if (hi > DIV_MAX)
				hi = DIV_MAX;
			d  = (VCO_MID + out_hz / 2) / out_hz;
			if (d < lo)
				d = lo;
			if (d > hi)
				d = hi;
			if (lo > hi || d < 1)
				d = 0;
			op_div = d;
		end
	endfunction

	localparam	RANGE_OK = IN_HZ >= IN_MIN && IN_HZ <= IN_MAX
				&& OUT_HZ >= OUT_MIN && OUT_HZ <= OUT_MAX;
	// the PFD frequency: gcd(IN_HZ, OUT_HZ) (1 out of range, to keep
	// the divisions below defined)
	localparam	PFD_HZ = RANGE_OK ? gcd(IN_HZ, OUT_HZ) : 1;
	localparam	CLKI_DIV  = IN_HZ / PFD_HZ;
	localparam	CLKFB_DIV = OUT_HZ / PFD_HZ;
	localparam	CLKOP_DIV = RANGE_OK ? op_div(OUT_HZ) : 0;
	localparam	CLKOP_CPHASE = CLKOP_DIV - 1;
	localparam	EXACT_OK = PFD_HZ >= PFD_MIN
				&& CLKI_DIV <= DIV_MAX && CLKFB_DIV <= DIV_MAX;
	localparam	VCO_OK = CLKOP_DIV >= 1;

	generate if (!RANGE_OK) begin : g_range
		// IN_HZ outside 8..400 MHz or OUT_HZ outside 3.125..400 MHz
		wq_ecp5_pll_error_IN_HZ_or_OUT_HZ_out_of_range u_error();
	end else if (!EXACT_OK) begin : g_exact
		// gcd(IN_HZ, OUT_HZ) under 3.125 MHz: no PFD makes OUT_HZ
		wq_ecp5_pll_error_OUT_HZ_not_exact_from_IN_HZ u_error();
	end else if (!VCO_OK) begin : g_vco
		// no CLKOP_DIV puts the VCO within 400..800 MHz
		wq_ecp5_pll_error_no_VCO_in_400_to_800_MHz u_error();
	end endgenerate

	wire	clkop;

	// the unused outputs (CLKOS*, CLKINTFB, REFCLK, INTLOCK) are left
	// out, so that the netlist has no nets for them
	/* verilator lint_off PINMISSING */
	(* ICP_CURRENT = "12", LPF_RESISTOR = "8",
	   MFG_ENABLE_FILTEROPAMP = "1", MFG_GMCREF_SEL = "2" *)
	EHXPLLL #(
		.CLKI_DIV(CLKI_DIV),
		.CLKFB_DIV(CLKFB_DIV),
		.FEEDBK_PATH("CLKOP"),
		.CLKOP_ENABLE("ENABLED"),
		.CLKOP_DIV(CLKOP_DIV),
		.CLKOP_CPHASE(CLKOP_CPHASE),
		.CLKOP_FPHASE(0),
		.CLKOS_ENABLE("DISABLED"),
		.CLKOS2_ENABLE("DISABLED"),
		.CLKOS3_ENABLE("DISABLED"),
		.OUTDIVIDER_MUXA("DIVA"),
		.OUTDIVIDER_MUXB("DIVB"),
		.OUTDIVIDER_MUXC("DIVC"),
		.OUTDIVIDER_MUXD("DIVD"),
		.PLLRST_ENA("DISABLED"),
		.INTFB_WAKE("DISABLED"),
		.STDBY_ENABLE("DISABLED"),
		.DPHASE_SOURCE("DISABLED")
	) u_pll (
		.CLKI(i_clk), .CLKFB(clkop), .CLKOP(clkop),
		.RST(1'b0), .STDBY(1'b0), .PLLWAKESYNC(1'b0),
		.PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b1),
		.PHASESTEP(1'b1), .PHASELOADREG(1'b1),
		.ENCLKOP(1'b0), .ENCLKOS(1'b0), .ENCLKOS2(1'b0), .ENCLKOS3(1'b0),
		.LOCK(o_locked));
	/* verilator lint_on PINMISSING */

	assign	o_clk = clkop;
endmodule
