// wq_valu.v -- the pipelined core's vector ALU: one part (LANES lanes) of
// a warp instruction per cycle (DESIGN §6.5; the model's exec_alu.c).
//
// Combinational: the core registers the operands in front of it (the
// register file's read port) and the result behind it (the write-back
// stage), so an ALU instruction takes one execute cycle a part and the
// next part or the next warp's instruction follows in the next cycle.
//
//   o_res   rd's lanes for MOV, ADD ... MAXU, MUL, MULHU, SEL
//   o_cmp   SETP's compare bit per lane (FN = cmp.def code)
//
// MUL and MULHU are one 32x32 -> 64 product a lane in this cycle (a DSP
// block on an FPGA).  Operands: i_a = ra, i_b = rb or the immediate (the
// core applies BI), i_cond = SEL's predicate lanes (FN & 7, negated by
// FN & 8 in the core).
`default_nettype none
`include "wq_defs.vh"

module wq_valu #(
    parameter LANES = 32
) (
    input  wire [`WQ_OP_W-1:0]   i_op,
    input  wire [3:0]            i_fn,      // SETP's compare code
    input  wire [LANES*32-1:0]   i_a,
    input  wire [LANES*32-1:0]   i_b,
    input  wire [LANES-1:0]      i_cond,    // SEL: lane takes a
    output reg  [LANES*32-1:0]   o_res,
    output reg  [LANES-1:0]      o_cmp
);
    integer l;
    reg [31:0] a, b, r;
    reg [63:0] prod;
    reg        c;
    always @(*) begin
        o_res = {LANES*32{1'b0}};
        o_cmp = {LANES{1'b0}};
        for (l = 0; l < LANES; l = l + 1) begin
            a = i_a[l*32 +: 32];
            b = i_b[l*32 +: 32];
            prod = {32'd0, a} * {32'd0, b};
            case (i_op)
            `WQ_OP_MOV:   r = b;
            `WQ_OP_ADD:   r = a + b;
            `WQ_OP_SUB:   r = a - b;
            `WQ_OP_MUL:   r = prod[31:0];
            `WQ_OP_MULHU: r = prod[63:32];
            `WQ_OP_AND:   r = a & b;
            `WQ_OP_OR:    r = a | b;
            `WQ_OP_XOR:   r = a ^ b;
            `WQ_OP_SHL:   r = a << b[4:0];
            `WQ_OP_SHR:   r = a >> b[4:0];
            `WQ_OP_SRA:   r = $unsigned($signed(a) >>> b[4:0]);
            `WQ_OP_MIN:   r = ($signed(a) < $signed(b)) ? a : b;
            `WQ_OP_MAX:   r = ($signed(a) > $signed(b)) ? a : b;
            `WQ_OP_MINU:  r = (a < b) ? a : b;
            `WQ_OP_MAXU:  r = (a > b) ? a : b;
            `WQ_OP_SEL:   r = i_cond[l] ? a : b;
            default:      r = 32'd0;
            endcase
            case (i_fn)
            `WQ_CMP_EQ:  c = (a == b);
            `WQ_CMP_NE:  c = (a != b);
            `WQ_CMP_LT:  c = ($signed(a) <  $signed(b));
            `WQ_CMP_LE:  c = ($signed(a) <= $signed(b));
            `WQ_CMP_GT:  c = ($signed(a) >  $signed(b));
            `WQ_CMP_GE:  c = ($signed(a) >= $signed(b));
            `WQ_CMP_LTU: c = (a <  b);
            `WQ_CMP_LEU: c = (a <= b);
            `WQ_CMP_GTU: c = (a >  b);
            `WQ_CMP_GEU: c = (a >= b);
            default:     c = 1'b0;     // the decoder rejects other codes
            endcase
            o_res[l*32 +: 32] = r;
            o_cmp[l] = c;
        end
    end
endmodule
