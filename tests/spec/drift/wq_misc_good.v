// wq_misc_good.v -- drift self-test: not a decoder; only definitions are
// checked.  Never compiled; see README.
`include "wq_defs.vh"
module wq_misc_good (input [11:0] a, input [63:0] insn, output reg y);
  localparam DEPTH = 64;
  localparam TYPE_W = @DEC:WQ_TF_TYPE_W@;                          // expect: WQ_TF_TYPE_W
  wire [`WQ_F_RD_RANGE] rd = insn[`WQ_F_RD_RANGE];
  always @* begin
    y = 1'b0;
    case (a)
      12'h0@HEX:WQ_MADDR_SEM_EXECUTE@: y = |rd;                     // not a decoder: allowed
      default: y = 1'b0;
    endcase
  end
endmodule
