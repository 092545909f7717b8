// wq_host_if_bad.v -- drift self-test: a method decoder (file name
// wq_host_if*.v) that copies table rows.  Never compiled; see README.
`include "wq_defs.vh"
`define WQ_TOK_SYNC 4'h0                          // expect: WQ_TOK_SYNC
module wq_host_if_bad #(parameter LANES = 32, parameter integer RD_LO = @DEC:WQ_F_RD_LO@) // expect: WQ_F_RD_LO
  (input [11:0] maddr, input [11:0] csr_addr, input [2:0] secop,
   input sel, output reg hit);
  localparam OP_ADD = 8'h21;                      // expect: WQ_OP_ADD
  localparam [11:0] M_SEM = 12'h000,
                    SEM_EXECUTE = 12'h@HEX:WQ_M_SEM_EXECUTE@;      // expect: WQ_M_SEM_EXECUTE
  localparam S_IDLE = 3'd1, S_RUN = 3'd2;         // short row name as suffix
  localparam OP_SUB = 8'h22;                      // spec_check: ok
  // localparam OP_ADD = 8'h21;  (in a comment)
  wire [11:0] pick = sel ? 12'h06C : 12'h000;     // ?: is not a case item
  always @* begin
    hit = 1'b0;
    case (maddr)
      12'h0@HEX:WQ_MADDR_SEM_EXECUTE@: hit = 1'b1;                  // expect: WQ_MADDR_SEM_EXECUTE
      12'h000, 12'h0@HEX:WQ_MADDR_WFI@: hit = 1'b1;         // expect: WQ_MADDR_WFI
      `WQ_MADDR_YIELD: hit = 1'b1;
      default: hit = 1'b0;
    endcase
    if (csr_addr == 12'h0@HEX:WQ_CSR_PERF_INSTR@) hit = 1'b1;        // expect: WQ_CSR_PERF_INSTR
    if (secop == 3'h4 || csr_addr == 12'd10) hit = 1'b1;   // narrow / not a row
  end
endmodule
