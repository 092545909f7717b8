////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/formal/wq_fmem.v
//
// Project:	warpq -- the in-order memory port
//
// Purpose:	The memory port's protocol as a requester sees it (the
//		core's and the host interface's port to wq_top, the memory
//		path's line port), written once for the `ifdef FORMAL`
//		sections that drive such a port (docs/rtl/wq_fmem.md).  A
//		request is taken in a cycle with i_valid and i_ready; memory
//		answers the requests it took in order, one answer
//		(i_rvalid) each, a cycle after taking it at the soonest, and
//		none during a reset.  o_out counts the requests taken and not
//		answered, for the requester's own invariants.  With F_MAXOUT
//		memory takes no request while F_MAXOUT are out (the bound a
//		proof needs to keep o_out from wrapping).
//
//		Formal properties only: outside FORMAL o_out is constant 0.
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_fmem #(
    // verilator lint_off UNUSEDPARAM
    parameter F_LGOUT  = 4,     // o_out's width
    parameter F_MAXOUT = 0      // at most this many out (0: no bound)
    // verilator lint_on UNUSEDPARAM
) (
    input  wire               i_clk,
    input  wire               i_reset,
    input  wire               i_valid,      // a request
    input  wire               i_ready,      // ... taken
    input  wire               i_rvalid,     // an answer
    output reg  [F_LGOUT-1:0] o_out         // taken, not yet answered
);
    initial o_out = {F_LGOUT{1'b0}};
`ifdef FORMAL
    always @(posedge i_clk)
        if (i_reset) o_out <= {F_LGOUT{1'b0}};
        else o_out <= o_out + {{(F_LGOUT-1){1'b0}}, i_valid && i_ready}
                            - {{(F_LGOUT-1){1'b0}}, i_rvalid};
    always @(*) begin
        // an answer only to a request taken (the cycle before at the soonest)
        if (o_out == {F_LGOUT{1'b0}} || i_reset) a_answer: assume(!i_rvalid);
        if (F_MAXOUT != 0 && o_out == F_MAXOUT[F_LGOUT-1:0]) a_bound: assume(!i_ready);
    end
`else
    // verilator lint_off UNUSEDSIGNAL
    wire unused = &{1'b0, i_clk, i_reset, i_valid, i_ready, i_rvalid};
    // verilator lint_on UNUSEDSIGNAL
`endif
endmodule
