// wq_alu.v -- the integer ALU of the SIMT lanes (exec_alu.c).
//
// LANES copies of one lane's datapath: ADD ... MAXU, MOV, SEL and the SETP
// compare are combinational from the operand latches of the scheduler;
// MUL / MULHU run a shift-add multiplier in every lane at once, one bit of
// the multiplier per cycle (32 cycles, o_mul_busy), so a lane costs a 32-bit
// adder and 64 flip-flops instead of a 32x32 array.  i_b is operand B as
// the instruction sees it (imm already substituted when BI is set).
`default_nettype none
`include "wq_defs.vh"

module wq_alu #(
    parameter LANES = 32
) (
    input  wire                  i_clk,
    input  wire [`WQ_OP_W-1:0]   i_op,
    input  wire [`WQ_F_FN_W-1:0] i_fn,        // SETP compare code
    input  wire [LANES*32-1:0]   i_a,
    input  wire [LANES*32-1:0]   i_b,
    input  wire [LANES-1:0]      i_cond,      // SEL: lane takes ra
    input  wire                  i_mul_start, // latch a, b; 32 cycles follow
    output wire                  o_mul_busy,
    output wire [LANES*32-1:0]   o_res,       // rd value per lane
    output wire [LANES-1:0]      o_cmp        // SETP result per lane
);
    reg [5:0] mul_cnt = 6'd0;                 // multiplier bits still to go
    assign o_mul_busy = (mul_cnt != 6'd0);

    always @(posedge i_clk)
        if (i_mul_start)
            mul_cnt <= 6'd32;
        else if (mul_cnt != 6'd0)
            mul_cnt <= mul_cnt - 6'd1;

    genvar l;
    generate for (l = 0; l < LANES; l = l + 1) begin : lane
        wire [31:0] a = i_a[l*32 +: 32];
        wire [31:0] b = i_b[l*32 +: 32];
        // shift-add: {hi, lo} starts as {0, b}; each step adds a when the
        // low bit is set and shifts the 64-bit pair right
        reg  [31:0] hi, lo;
        wire [32:0] sum = {1'b0, hi} + (lo[0] ? {1'b0, a} : 33'd0);
        always @(posedge i_clk)
            if (i_mul_start) begin
                hi <= 32'd0;
                lo <= b;
            end else if (mul_cnt != 6'd0) begin
                hi <= sum[32:1];
                lo <= {sum[0], lo[31:1]};
            end

        // One subtractor gives SUB, the unsigned and the signed order; MIN /
        // MAX pick with them (equal operands: either is right); one right
        // shifter serves SHR, SRA (sign fill) and SHL (on the bit-reversed
        // operand, reversed back).
        wire [32:0] dif = {1'b0, a} - {1'b0, b};
        wire        eq  = (a == b);
        wire        ult = dif[32];
        wire        slt = (a[31] != b[31]) ? a[31] : ult;
        wire        m_u = (i_op == `WQ_OP_MINU) || (i_op == `WQ_OP_MAXU);
        wire        m_x = (i_op == `WQ_OP_MAX) || (i_op == `WQ_OP_MAXU);
        wire [31:0] mm  = (((m_u ? ult : slt)) != m_x) ? a : b;
        wire        shl = (i_op == `WQ_OP_SHL);
        reg  [31:0] a_rev, sh_rev;
        integer     k;
        always @(*)
            for (k = 0; k < 32; k = k + 1) a_rev[k] = a[31-k];
        wire        fill = (i_op == `WQ_OP_SRA) && a[31];
        /* verilator lint_off UNUSEDSIGNAL */
        wire [63:0] sh_w = {{32{fill}}, shl ? a_rev : a} >> b[4:0];
        /* verilator lint_on UNUSEDSIGNAL */
        wire [31:0] sh  = sh_w[31:0];
        always @(*)
            for (k = 0; k < 32; k = k + 1) sh_rev[k] = sh[31-k];
        reg  [31:0] r;
        always @(*) begin
            case (i_op)
            `WQ_OP_MOV:   r = b;
            `WQ_OP_ADD:   r = a + b;
            `WQ_OP_SUB:   r = dif[31:0];
            `WQ_OP_MUL:   r = lo;
            `WQ_OP_MULHU: r = hi;
            `WQ_OP_AND:   r = a & b;
            `WQ_OP_OR:    r = a | b;
            `WQ_OP_XOR:   r = a ^ b;
            `WQ_OP_SHL:   r = sh_rev;
            `WQ_OP_SHR, `WQ_OP_SRA: r = sh;
            `WQ_OP_MIN, `WQ_OP_MAX, `WQ_OP_MINU, `WQ_OP_MAXU: r = mm;
            `WQ_OP_SEL:   r = i_cond[l] ? a : b;
            default:      r = 32'd0;
            endcase
        end
        assign o_res[l*32 +: 32] = r;

        reg c;
        always @(*) begin
            case (i_fn)
            `WQ_CMP_EQ:  c = eq;
            `WQ_CMP_NE:  c = !eq;
            `WQ_CMP_LT:  c = slt;
            `WQ_CMP_LE:  c = slt || eq;
            `WQ_CMP_GT:  c = !slt && !eq;
            `WQ_CMP_GE:  c = !slt;
            `WQ_CMP_LTU: c = ult;
            `WQ_CMP_LEU: c = ult || eq;
            `WQ_CMP_GTU: c = !ult && !eq;
            `WQ_CMP_GEU: c = !ult;
            default:     c = 1'b0;
            endcase
        end
        assign o_cmp[l] = c;
    end endgenerate

`ifdef FORMAL
    // the multiplier: after 32 steps from {0, b}, {hi, lo} = a * b
    reg [31:0] f_a, f_b;
    always @(posedge i_clk) if (i_mul_start) begin f_a <= i_a[31:0]; f_b <= i_b[31:0]; end
    always @(posedge i_clk)
        if (!o_mul_busy && !i_mul_start && $past(o_mul_busy) && i_a[31:0] == f_a)
            assert({lane[0].hi, lane[0].lo} == {32'd0, f_a} * {32'd0, f_b});
    always @(*) assert(mul_cnt <= 6'd32);
`endif
endmodule
