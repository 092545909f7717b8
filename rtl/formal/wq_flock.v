////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/formal/wq_flock.v
//
// Project:	warpq -- the event lock's protocol (DESIGN §3)
//
// Purpose:	The contract between wq_top's lock arbiter and one unit that
//		asks for the event lock (the host interface, the core, the
//		micro-engine), written once and instantiated in the `ifdef
//		FORMAL` sections of both sides (docs/rtl/wq_flock.md).  With
//		F_UNIT = 1 it sits in the unit: the arbiter's promises are
//		assumed and the unit's are asserted; with F_UNIT = 0 it sits in
//		wq_top on that unit's port, and the roles swap.  So a property
//		a unit's proof leans on is one the top's proof checks.
//
//		The arbiter's promises:
//		  - a grant begins only the cycle after the unit asked, and
//		    not in the cycle after a reset;
//		  - it stays until the unit's step pulse without o_step_more
//		    (with F_KEEP = 0 the arbiter ignores o_step_more: until
//		    any step pulse);
//		  - it is gone in the cycle after that pulse.
//		The unit's promise:
//		  - its step pulse comes only inside its grant.
//
//		Formal properties only: the body is empty outside FORMAL.
//		The promises are written on registered copies of the ports
//		and tested combinationally, as Yosys' sat evaluates a clocked
//		assume a cycle late.
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_flock #(
    // verilator lint_off UNUSEDPARAM
    parameter F_UNIT = 1,       // 1: the unit's side (assume the arbiter); 0: the arbiter's
    parameter F_KEEP = 1        // the arbiter keeps the lock across a step pulse with i_more
    // verilator lint_on UNUSEDPARAM
) (
    input  wire i_clk,
    input  wire i_reset,
    input  wire i_req,          // the unit asks for the lock (o_ev_req)
    input  wire i_gnt,          // the arbiter grants it (i_ev_gnt)
    input  wire i_step,         // the unit's step pulse (o_step_valid)
    input  wire i_more          // ... asks to keep the lock (o_step_more)
);
`ifdef FORMAL
    reg f_past = 1'b0;
    reg f_rst_q = 1'b1, f_req_q = 1'b0, f_gnt_q = 1'b0, f_fin_q = 1'b0;
    // the grant's last cycle: a step pulse the arbiter does not keep the lock for
    wire f_fin = i_gnt && i_step && !(F_KEEP != 0 && i_more);
    always @(posedge i_clk) begin
        f_past  <= 1'b1;
        f_rst_q <= i_reset;
        f_req_q <= i_req;
        f_gnt_q <= i_gnt;
        f_fin_q <= f_fin;
    end
    // the promises, as conditions (each is one property below)
    wire f_on    = f_past && !f_rst_q;
    wire f_begin = !(f_past && !f_gnt_q && i_gnt) || (f_req_q && !f_rst_q); // only after a request
    wire f_rst   = !(f_past && f_rst_q) || !i_gnt;            // none the cycle after a reset
    wire f_stay  = !(f_on && f_gnt_q && !f_fin_q) || i_gnt;   // kept until the last step
    wire f_drop  = !(f_on && f_fin_q) || !i_gnt;              // gone the cycle after it
    wire f_inside = !(f_past && !i_reset && i_step) || i_gnt; // the unit steps only when granted

    generate if (F_UNIT != 0) begin : g_unit
        always @(*) begin
            a_begin: assume(f_begin);
            a_rst:   assume(f_rst);
            a_stay:  assume(f_stay);
            a_drop:  assume(f_drop);
            p_inside: assert(f_inside);
        end
    end else begin : g_arb
        always @(*) begin
            p_begin: assert(f_begin);
            p_rst:   assert(f_rst);
            p_stay:  assert(f_stay);
            p_drop:  assert(f_drop);
            a_inside: assume(f_inside);
        end
    end endgenerate
`else
    // verilator lint_off UNUSEDSIGNAL
    wire unused = &{1'b0, i_clk, i_reset, i_req, i_gnt, i_step, i_more};
    // verilator lint_on UNUSEDSIGNAL
`endif
endmodule
