////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_method.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's method decode (the model's
//		host_methods.c, wq_host_method's dispatch): for a method's
//		byte offset, what the method does -- an interrupt pulse, a
//		write of its data word into a channel register (a channel RAM
//		field), a wait (WFI_WAIT while the engine is busy for
//		SET_REFERENCE and WFI, LAUNCH_WAIT while a grid waits for
//		LAUNCH), a semaphore operation, a launch, a yield, or
//		UNKNOWN_METHOD -- and whether the method may run as a
//		one-cycle step (o_plain).  Combinational; wq_host_if applies
//		the decision in H_METHOD (u_meth, on the method taken) and
//		wq_host_fast in a one-cycle step (u_nmeth, on the method about
//		to run);
//		docs/rtl/wq_host_method.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_method (
		// the method's byte offset (ADDRESS << 2)
		input	wire	[13:0]	i_off,
		input	wire		i_engine_idle,
		input	wire		i_can_launch,
		// UNKNOWN_METHOD (ERR_INFO is the offset)
		output	reg		o_unknown,
		// NON_STALL_INTERRUPT: the interrupt pulse
		output	reg		o_irq_ns,
		// the data word written to channel RAM field o_ram_f
		output	reg		o_ram_w,
		output	reg	[3:0]	o_ram_f,
		// start_wait(o_wait_kind) with the data word: the step waits
		output	reg		o_wait,
		output	reg	[3:0]	o_wait_kind,
		// SEM_EXECUTE, LAUNCH (the grid may start), YIELD
		output	reg		o_sem,
		output	reg		o_launch,
		output	reg		o_yield,
		// only a register write, the interrupt pulse or nothing (WFI
		// with the engine idle): the step may be a one-cycle step
		output	wire		o_plain
	);

	// (the map's field codes; its widths are unused here)
	// verilator lint_off UNUSEDPARAM
	localparam	CW = 1, CA = 2, AW = 6;
`include "wq_host_map.vh"
	// verilator lint_on UNUSEDPARAM

	wire	[`WQ_M_W-1:0]	m = i_off[`WQ_M_W-1:0];

	always @(*)
	begin
		o_unknown   = 1'b0;
		o_irq_ns    = 1'b0;
		o_ram_w     = 1'b0;
		o_ram_f     = F_REF;
		o_wait      = 1'b0;
		o_wait_kind = `WQ_CH_WFI_WAIT;
		o_sem       = 1'b0;
		o_launch    = 1'b0;
		o_yield     = 1'b0;
		if (i_off[13:`WQ_M_W] != 0)
			o_unknown = 1'b1;
		else
		case (m)
		`WQ_M_NON_STALL_INTERRUPT:	o_irq_ns = 1'b1;
		`WQ_M_SET_REFERENCE, `WQ_M_WFI:
		if (!i_engine_idle)
			o_wait  = 1'b1;
		else
			o_ram_w = (m == `WQ_M_SET_REFERENCE);
		`WQ_M_SEM_ADDR_LO: begin
			o_ram_w = 1'b1;
			o_ram_f = F_SALO;
		end
		`WQ_M_SEM_ADDR_HI: begin
			o_ram_w = 1'b1;
			o_ram_f = F_SAHI;
		end
		`WQ_M_SEM_PAYLOAD_LO: begin
			o_ram_w = 1'b1;
			o_ram_f = F_SPLO;
		end
		`WQ_M_SEM_PAYLOAD_HI: begin
			o_ram_w = 1'b1;
			o_ram_f = F_SPHI;
		end
		`WQ_M_LAUNCH_DESC: begin
			o_ram_w = 1'b1;
			o_ram_f = F_LDESC;
		end
		`WQ_M_SEM_EXECUTE:		o_sem   = 1'b1;
		`WQ_M_YIELD:			o_yield = 1'b1;
		`WQ_M_LAUNCH:
		if (!i_can_launch)
		begin
			o_wait      = 1'b1;
			o_wait_kind = `WQ_CH_LAUNCH_WAIT;
		end else
			o_launch    = 1'b1;
		default:			o_unknown = 1'b1;
		endcase
	end

	assign	o_plain = !o_unknown && !o_wait && !o_sem && !o_launch && !o_yield;

`ifdef FORMAL
	// ---- formal properties (job host_method in scripts/formal.sh) -----
	// at most one thing happens; a wait is of its method's kind; the
	// register written is the method's; exactly the defined methods are
	// known
	wire	f_def = (i_off[13:`WQ_M_W] == 0)
			&& (m == `WQ_M_NON_STALL_INTERRUPT || m == `WQ_M_SET_REFERENCE
			|| m == `WQ_M_SEM_ADDR_LO || m == `WQ_M_SEM_ADDR_HI
			|| m == `WQ_M_SEM_PAYLOAD_LO || m == `WQ_M_SEM_PAYLOAD_HI
			|| m == `WQ_M_SEM_EXECUTE || m == `WQ_M_WFI
			|| m == `WQ_M_YIELD || m == `WQ_M_LAUNCH_DESC
			|| m == `WQ_M_LAUNCH);
	always @(*)
	begin
		assert({3'd0, o_unknown} + {3'd0, o_irq_ns} + {3'd0, o_ram_w}
			+ {3'd0, o_wait} + {3'd0, o_sem} + {3'd0, o_launch}
			+ {3'd0, o_yield} <= 4'd1);
		assert(o_unknown == !f_def);
		if (o_wait)
			assert((o_wait_kind == `WQ_CH_LAUNCH_WAIT) ? (m == `WQ_M_LAUNCH && !i_can_launch)
				: (o_wait_kind == `WQ_CH_WFI_WAIT && !i_engine_idle
				&& (m == `WQ_M_SET_REFERENCE || m == `WQ_M_WFI)));
		if (o_ram_w)
			assert(o_ram_f == ((m == `WQ_M_SET_REFERENCE) ? F_REF
				: (m == `WQ_M_SEM_ADDR_LO) ? F_SALO
				: (m == `WQ_M_SEM_ADDR_HI) ? F_SAHI
				: (m == `WQ_M_SEM_PAYLOAD_LO) ? F_SPLO
				: (m == `WQ_M_SEM_PAYLOAD_HI) ? F_SPHI : F_LDESC));
		// a one-cycle step is a defined method that ends the step
		// without waiting, reads nothing more and switches nothing
		if (o_plain)
			assert(f_def && (o_ram_w || o_irq_ns || m == `WQ_M_WFI));
		// the engine and the grid matter only to the three methods
		// that wait for them, and those wait exactly while busy
		if (m != `WQ_M_SET_REFERENCE && m != `WQ_M_WFI && m != `WQ_M_LAUNCH)
			assert(!o_wait);
		if (f_def && (m == `WQ_M_SET_REFERENCE || m == `WQ_M_WFI))
			assert(o_wait == !i_engine_idle);
		if (f_def && m == `WQ_M_LAUNCH)
			assert(o_wait == !i_can_launch && o_launch == i_can_launch);
	end

	always @(*)
	begin
		c_wfi_wait:    cover(o_wait && m == `WQ_M_WFI);
		c_launch_wait: cover(o_wait && o_wait_kind == `WQ_CH_LAUNCH_WAIT);
		c_ref:         cover(o_ram_w && o_ram_f == F_REF);
		c_ldesc:       cover(o_ram_w && o_ram_f == F_LDESC);
		c_wfi_idle:    cover(o_plain && m == `WQ_M_WFI);
		c_hi_unknown:  cover(o_unknown && m == `WQ_M_SET_REFERENCE);
		c_launch:      cover(o_launch);
	end
`endif
endmodule
