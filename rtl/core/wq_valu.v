// wq_valu.v -- the pipelined core's vector ALU: one part (LANES lanes) of
// a warp instruction per cycle (DESIGN §6.5; the model's exec_alu.c).
//
// The ALU's lanes are combinational: the core registers the operands in
// front of them (the register file's read port) and the result behind
// them (the write-back stage), so an ALU instruction takes one execute
// cycle a part and the next part or the next warp's instruction follows
// in the next cycle.  What the lanes do is registered here as the beat
// enters EX (i_ld, with the beat's opcode i_ld_op and compare code
// i_ld_fn): the operation's one-hot selects (op_kind) and SETP's compare
// selects (cmp_kind), decoded a stage early so that the lanes' paths start
// at a register, not at an 8-bit opcode compare (docs/rtl/wq_valu.md,
// "Timing").  The selects hold while EX holds its beat (the core loads
// its opcode register x_op on the same i_ld).
//
//   o_res   rd's lanes for MOV, ADD ... MAXU, SEL; a shift's EX half
//           (0 for MUL / MULHU)
//   o_cmp   SETP's compare bit per lane (FN = cmp.def code; for another
//           opcode it is not defined: WB gathers it for SETP alone)
//   o_wb    the write-back beat's MUL / MULHU lanes, or its shift's
//           (SHL, SHR, SRA) finished from the row WB holds (i_wb_row)
//
// MUL and MULHU are a two-stage pipeline that follows the beat: in EX each
// lane forms the four 16x16 partial products of its 32x32 product (one
// 18x18 DSP block each on an FPGA, ECP5 MULT18X18D), registered as the
// beat moves into write-back (i_en); there the sum of the partial products
// gives the 64-bit product, and o_wb is its low word (MUL) or high word
// (MULHU).  The multiplier holds no beat of its own, so a MUL leaves EX in
// one cycle like any ALU beat and never holds other warps.  A shift is
// split the same way: EX shifts by the amount's low three bits (o_res,
// the row WB takes), and as the beat moves into write-back the amount's
// two high bits and the kind are registered here; in WB's first cycle
// o_wb shifts the held row by the rest (8, 16 or 24) and reverses it back
// for SHL.  EX's half is SHL's reversal and three levels of 2:1 selects,
// WB's two and the reversal back, where the whole shifter was the lane's
// deepest path (docs/rtl/wq_valu.md, "Timing").  Operands: i_a = ra,
// i_b = rb or the immediate (the core applies BI), i_cond = SEL's
// predicate lanes (FN & 7, negated by FN & 8 in the core).
`default_nettype none
`include "wq_defs.vh"

// (its lanes are one part of EX's cycle, between the operand read and
// WB's register: scripts/area.sh maps it inside wq_ex_stage, as the
// board's flattened netlist does)
(* wq_area_inline *)
module wq_valu #(
    parameter LANES = 32
) (
    input  wire                  i_clk,
    input  wire                  i_ld,      // a beat enters EX: its opcode and compare code
    input  wire [`WQ_OP_W-1:0]   i_ld_op,
    input  wire [3:0]            i_ld_fn,   // SETP's compare code
    input  wire                  i_en,      // EX's beat moves into write-back
    input  wire [LANES*32-1:0]   i_a,
    input  wire [LANES*32-1:0]   i_b,
    input  wire [LANES-1:0]      i_cond,    // SEL: lane takes a
    input  wire [LANES*32-1:0]   i_wb_row,  // the row WB holds (a shift's EX half)
    output wire [LANES*32-1:0]   o_res,
    output wire [LANES-1:0]      o_cmp,
    output wire [LANES*32-1:0]   o_wb       // the write-back beat's MUL / MULHU or shift lanes
);
    // Each lane has one adder (ADD), one 33-bit subtractor (SUB and every
    // compare: its borrow is the unsigned order, and with the operands'
    // signs the signed one -- which order a beat uses is a register, sx,
    // loaded with it), one right shifter with a fill bit
    // in two halves (SHL shifts the bit-reversed operand right and WB
    // reverses the result back) and one a-or-b select (MOV, MIN ... MAXU,
    // SEL).  Built from shared parts rather than one operator each, the
    // lane is a third of its LUTs on an FPGA.  The product (MUL, MULHU) is the pipeline below.
    // the operation's selects, one per unit (an opcode outside the ALU's
    // selects none: its o_res is 0), and the multiplier's word; two are
    // two-bit codes: the a-or-b select's mode (PM: 00 MOV takes b, 01 SEL
    // takes a where the lane's condition holds, 10 MIN / MINU takes a
    // where a < b, 11 MAX / MAXU where not) and the bitwise operation
    // (LG: 00 none, 01 AND, 10 OR, 11 XOR)
    localparam K_PICK = 0, K_ADD = 1, K_SUB = 2, K_LG0 = 3, K_LG1 = 4,
               K_SH = 5, K_SHL = 6, K_SRA = 7, K_PM0 = 8, K_PM1 = 9, K_MULHU = 10, K_W = 11;
    function [K_W-1:0] op_kind;
        input [`WQ_OP_W-1:0] op;
        begin
            op_kind = {K_W{1'b0}};
            // the a-or-b select: MOV (b), the four orders and SEL; any
            // other operation takes another source below
            op_kind[K_PICK]  = (op == `WQ_OP_MOV) || (op == `WQ_OP_MIN) || (op == `WQ_OP_MAX) ||
                               (op == `WQ_OP_MINU) || (op == `WQ_OP_MAXU) || (op == `WQ_OP_SEL);
            op_kind[K_ADD]   = (op == `WQ_OP_ADD);
            op_kind[K_SUB]   = (op == `WQ_OP_SUB);
            op_kind[K_LG0]   = (op == `WQ_OP_AND) || (op == `WQ_OP_XOR);
            op_kind[K_LG1]   = (op == `WQ_OP_OR) || (op == `WQ_OP_XOR);
            op_kind[K_SH]    = (op == `WQ_OP_SHL) || (op == `WQ_OP_SHR) || (op == `WQ_OP_SRA);
            op_kind[K_SHL]   = (op == `WQ_OP_SHL);
            op_kind[K_SRA]   = (op == `WQ_OP_SRA);
            op_kind[K_PM0]   = (op == `WQ_OP_SEL) || (op == `WQ_OP_MAX) || (op == `WQ_OP_MAXU);
            op_kind[K_PM1]   = (op == `WQ_OP_MIN) || (op == `WQ_OP_MAX) ||
                               (op == `WQ_OP_MINU) || (op == `WQ_OP_MAXU);
            op_kind[K_MULHU] = (op == `WQ_OP_MULHU);
        end
    endfunction
    // SETP's compare bit from the lane's equality and order: the selected
    // ones ORed, then inverted by INV (the codes in pairs of complements);
    // a code the decoder rejects selects none (0).  LT and LTU are the
    // same order bit, the subtractor's, with sx saying which.
    localparam C_EQ = 0, C_LT = 1, C_LTU = 2, C_INV = 3;
    function [3:0] cmp_kind;
        input [3:0] fn;
        case (fn)
        //                       INV   LTU   LT    EQ
        `WQ_CMP_EQ:  cmp_kind = {1'b0, 1'b0, 1'b0, 1'b1};
        `WQ_CMP_NE:  cmp_kind = {1'b1, 1'b0, 1'b0, 1'b1};
        `WQ_CMP_LT:  cmp_kind = {1'b0, 1'b0, 1'b1, 1'b0};
        `WQ_CMP_LE:  cmp_kind = {1'b0, 1'b0, 1'b1, 1'b1};
        `WQ_CMP_GT:  cmp_kind = {1'b1, 1'b0, 1'b1, 1'b1};
        `WQ_CMP_GE:  cmp_kind = {1'b1, 1'b0, 1'b1, 1'b0};
        `WQ_CMP_LTU: cmp_kind = {1'b0, 1'b1, 1'b0, 1'b0};
        `WQ_CMP_LEU: cmp_kind = {1'b0, 1'b1, 1'b0, 1'b1};
        `WQ_CMP_GTU: cmp_kind = {1'b1, 1'b1, 1'b0, 1'b1};
        `WQ_CMP_GEU: cmp_kind = {1'b1, 1'b1, 1'b0, 1'b0};
        default:     cmp_kind = 4'b0000;
        endcase
    endfunction
    // ... as registered: {INV, LT or LTU, EQ}
    localparam R_EQ = 0, R_ORD = 1, R_INV = 2;
    function [2:0] cmp_reg;
        input [3:0] fn;
        reg   [3:0] c;
        begin
            c = cmp_kind(fn);
            cmp_reg = {c[C_INV], c[C_LT] || c[C_LTU], c[C_EQ]};
        end
    endfunction
    // the order is the signed one: MIN, MAX, and SETP's LT, LE, GT, GE
    // (o_cmp is SETP's alone: another opcode's compare code is not one)
    function ord_signed;
        input [`WQ_OP_W-1:0] op;
        input [3:0]          fn;
        reg   [3:0]          c;
        begin
            c = cmp_kind(fn);
            ord_signed = op == `WQ_OP_MIN || op == `WQ_OP_MAX ||
                         (op == `WQ_OP_SETP && c[C_LT]);
        end
    endfunction
    reg [K_W-1:0] kind;                 // op_kind of EX's beat
    reg [2:0]     ck;                   // cmp_reg of EX's beat
    reg           sx;                   // ord_signed of EX's beat
    always @(posedge i_clk)
        if (i_ld) kind <= op_kind(i_ld_op);
    always @(posedge i_clk)
        if (i_ld) ck <= cmp_reg(i_ld_fn);
    always @(posedge i_clk)
        if (i_ld) sx <= ord_signed(i_ld_op, i_ld_fn);
    wire op_pick = kind[K_PICK], op_add = kind[K_ADD], op_sub = kind[K_SUB];
    wire [1:0] lg = {kind[K_LG1], kind[K_LG0]};
    wire op_sh   = kind[K_SH],   op_shl = kind[K_SHL], op_sra = kind[K_SRA];
    wire [1:0] pm = {kind[K_PM1], kind[K_PM0]};

    // a word's bits reversed: halves, bytes, nibbles, pairs and bits
    // swapped in turn -- wiring in hardware, five word-wide steps for the
    // simulator rather than 32 single-bit moves
    function [31:0] bit_rev;
        input [31:0] x;
        reg   [31:0] y;
        begin
            y = {x[15:0], x[31:16]};
            y = {y[23:16], y[31:24], y[7:0], y[15:8]};
            y = ((y & 32'h0f0f0f0f) << 4) | ((y >> 4) & 32'h0f0f0f0f);
            y = ((y & 32'h33333333) << 2) | ((y >> 2) & 32'h33333333);
            bit_rev = ((y & 32'h55555555) << 1) | ((y >> 1) & 32'h55555555);
        end
    endfunction
    // the bitwise operation lg of a and b: per bit one LUT of the two
    // mode bits and the two operand bits
    function [31:0] logic_op;
        input [1:0]  m;
        input [31:0] a, b;
        case (m)
        2'b01:   logic_op = a & b;
        2'b10:   logic_op = a | b;
        2'b11:   logic_op = a ^ b;
        default: logic_op = 32'd0;
        endcase
    endfunction
    // one lane per generate block: every part-select is at a constant
    // offset (the simulator runs LANES straight-line copies, not a loop
    // with run-time shifts)
    genvar l;
    generate for (l = 0; l < LANES; l = l + 1) begin : g_lane
        wire [31:0] a = i_a[l*32 +: 32];
        wire [31:0] b = i_b[l*32 +: 32];
        // the order: a - b's borrow is a < b unsigned; the signed order
        // (sx) is the other where the signs differ (a is then the smaller
        // when it is the negative one, which is the larger unsigned)
        wire [32:0] d = {1'b0, a} - {1'b0, b};
        wire        flip = sx && (a[31] != b[31]);
        wire        ord = d[32] ^ flip;
        wire        eq = (a == b);
        // MIN / MINU take a when it is the smaller, MAX / MAXU when it
        // is not (on equal operands a and b are the same word): a LUT of
        // the borrow and the mode's flip (of registers and the signs,
        // beside the carry chain), or of SEL's condition
        wire        take_a = pm[1] ? (d[32] ^ (flip ^ pm[0])) : (pm[0] && i_cond[l]);
        // the shifter's EX half: SHL as a right shift of the reversed
        // operand, by the amount's low bits (0..7: bit 31 stays a's sign
        // for SRA, which the WB half fills with)
        wire [31:0] sh_in = op_shl ? bit_rev(a) : a;
        wire        fill = op_sra && a[31];
        /* verilator lint_off UNUSEDSIGNAL */   // the fill bit shifted out
        wire [32:0] sh_t = $unsigned($signed({fill, sh_in}) >>> b[2:0]);
        /* verilator lint_on UNUSEDSIGNAL */
        assign o_res[l*32 +: 32] = ({32{op_pick}} & (take_a ? a : b))
                                 | ({32{op_add}}  & (a + b))
                                 | ({32{op_sub}}  & d[31:0])
                                 | logic_op(lg, a, b)
                                 | ({32{op_sh}}   & sh_t[31:0]);
        assign o_cmp[l] = ck[R_INV] ^ ((ck[R_EQ] && eq) || (ck[R_ORD] && ord));
    end endgenerate
    // ---- the multiplier: partial products in EX, their sum in write-back ----
    // a lane's 32x32 product from 16-bit halves: a*b = ll + (lh + hl) << 16
    // + hh << 32, each partial product a 16x16 -> 32 unsigned multiply
    wire [LANES*32-1:0] mul_res;        // the write-back beat's product (its word)
    reg [LANES*128-1:0] pp;             // per lane {hh, hl, lh, ll}, registered
    reg                 pp_hi;          // MULHU: the high word
    genvar m;
    always @(posedge i_clk)
        if (i_en) pp_hi <= kind[K_MULHU];
    generate for (m = 0; m < LANES; m = m + 1) begin : g_mul
        always @(posedge i_clk)
            if (i_en) begin : mul_stage
                pp[m*128 +  0 +: 32] <= i_a[m*32 +: 16]      * i_b[m*32 +: 16];
                pp[m*128 + 32 +: 32] <= i_a[m*32 +: 16]      * i_b[m*32 + 16 +: 16];
                pp[m*128 + 64 +: 32] <= i_a[m*32 + 16 +: 16] * i_b[m*32 +: 16];
                pp[m*128 + 96 +: 32] <= i_a[m*32 + 16 +: 16] * i_b[m*32 + 16 +: 16];
            end
        wire [32:0] mid  = {1'b0, pp[m*128 + 32 +: 32]} + {1'b0, pp[m*128 + 64 +: 32]};
        wire [63:0] prod = {pp[m*128 + 96 +: 32], pp[m*128 +: 32]} + {15'd0, mid, 16'd0};
        assign mul_res[m*32 +: 32] = pp_hi ? prod[63:32] : prod[31:0];
    end endgenerate
    // ---- the shifter's WB half: the amount's high bits, a lane's two, and
    // the kind, registered as the beat leaves EX (as the partial products
    // are); WB's first cycle shifts its row by 8 x those bits and reverses
    // SHL's back.  The row's bit 31 is SRA's fill (a's sign: EX shifted by
    // 7 at most) ----
    reg [2*LANES-1:0] sh_hi;
    reg               sh_w, sh_l, sh_a;     // the beat is a shift; SHL; SRA
    always @(posedge i_clk)
        if (i_en) begin
            sh_w <= kind[K_SH];
            sh_l <= kind[K_SHL];
            sh_a <= kind[K_SRA];
        end
    genvar h;
    generate for (h = 0; h < LANES; h = h + 1) begin : g_shw
        always @(posedge i_clk)
            if (i_en) sh_hi[h*2 +: 2] <= i_b[h*32 + 3 +: 2];
        wire [31:0] x  = i_wb_row[h*32 +: 32];
        wire        wf = sh_a && x[31];
        /* verilator lint_off UNUSEDSIGNAL */   // the fill bit shifted out
        wire [32:0] y  = $unsigned($signed({wf, x}) >>> {sh_hi[h*2 +: 2], 3'b000});
        /* verilator lint_on UNUSEDSIGNAL */
        wire [31:0] sh_res = sh_l ? bit_rev(y[31:0]) : y[31:0];
        assign o_wb[h*32 +: 32] = sh_w ? sh_res : mul_res[h*32 +: 32];
    end endgenerate

`ifdef FORMAL
    // Each operation restated in another form than the case above (an
    // identity it must satisfy, not the same expression), for lane 0, and
    // lane 1 (LANES > 1) reading only its own operands.  MUL / MULHU's
    // values are left to the lockstep runs (a product is beyond the SAT
    // job); their stage is checked below.  The operation is the one
    // loaded with the beat (f_op, f_fn: the opcode and compare code of
    // EX's beat, as the core's x_op and x_fn), once one has been loaded.
    reg                f_ld = 1'b0;     // a beat has entered EX
    reg [`WQ_OP_W-1:0] f_op;
    reg [3:0]          f_fn;
    always @(posedge i_clk)
        if (i_ld) begin
            f_ld <= 1'b1;
            f_op <= i_ld_op;
            f_fn <= i_ld_fn;
        end
    // the registered selects are the decode of the beat's codes
    always @(*)
        if (f_ld) begin
            assert(kind == op_kind(f_op));
            assert(ck == cmp_reg(f_fn));
            assert(sx == ord_signed(f_op, f_fn));
        end
    wire [31:0] f_a = i_a[31:0], f_b = i_b[31:0], f_r = o_res[31:0];
    wire [4:0]  f_s = f_b[4:0];
    wire [4:0]  f_s3 = {2'b00, f_b[2:0]};
    // a word's bits in the other order (a loop, not bit_rev's swaps)
    function [31:0] f_rev;
        input [31:0] x;
        integer i;
        for (i = 0; i < 32; i = i + 1) f_rev[i] = x[31 - i];
    endfunction
    // r is a shifted by k as OP says: the bits moved in are zeros (SRA:
    // copies of the sign), the bits kept are a's, shifted back unchanged
    // (1 for any other opcode).  Stated for EX's half (k the amount's low
    // bits, SHL's row reversed back), the half WB reads and WB's result.
    function f_shifted;
        input [`WQ_OP_W-1:0] op;
        input [31:0] a, r;
        input [4:0]  k;
        reg   [31:0] ones;
        begin
            ones = 32'hffffffff;
            case (op)
            `WQ_OP_SHL: f_shifted = (r >> k) == (a & (ones >> k)) && (r & ~(ones << k)) == 32'd0;
            `WQ_OP_SHR: f_shifted = (r << k) == (a & (ones << k)) && (r & ~(ones >> k)) == 32'd0;
            `WQ_OP_SRA: f_shifted = (r << k) == (a & (ones << k)) &&
                                    (r & ~(ones >> k)) == (a[31] ? ~(ones >> k) : 32'd0);
            default:    f_shifted = 1'b1;
            endcase
        end
    endfunction
    wire [31:0] f_ones = 32'hffffffff;
    wire [31:0] f_diff = f_a - f_b;
    always @(*) if (f_ld) begin
        case (f_op)
        `WQ_OP_MOV:  assert(f_r == f_b);
        `WQ_OP_ADD:  assert(f_r - f_b == f_a);
        `WQ_OP_SUB:  assert(f_r + f_b == f_a);
        `WQ_OP_AND:  assert((f_r | ~f_a) == ~f_a | f_b && (f_r & ~f_b) == 32'd0);
        `WQ_OP_OR:   assert(~f_r == (~f_a & ~f_b));
        `WQ_OP_XOR:  assert(f_r == ((f_a | f_b) & ~(f_a & f_b)));
        // shifts, EX's half (by the amount's low bits, f_s3; SHL's row
        // bit-reversed)
        `WQ_OP_SHL:  assert(f_shifted(f_op, f_a, f_rev(f_r), f_s3));
        `WQ_OP_SHR, `WQ_OP_SRA:
                     assert(f_shifted(f_op, f_a, f_r, f_s3));
        // min / max: one of the operands, and the other is on the right side
        `WQ_OP_MIN:  assert((f_r == f_a || f_r == f_b) && !($signed(f_a) < $signed(f_r))
                            && !($signed(f_b) < $signed(f_r)));
        `WQ_OP_MAX:  assert((f_r == f_a || f_r == f_b) && !($signed(f_r) < $signed(f_a))
                            && !($signed(f_r) < $signed(f_b)));
        `WQ_OP_MINU: assert((f_r == f_a || f_r == f_b) && f_r <= f_a && f_r <= f_b);
        `WQ_OP_MAXU: assert((f_r == f_a || f_r == f_b) && f_r >= f_a && f_r >= f_b);
        `WQ_OP_SEL:  assert(f_r == (i_cond[0] ? f_a : f_b));
        default: ;
        endcase
        // SETP: each code against its complement, and the signed order
        // from the subtraction's sign and overflow
        if (f_op == `WQ_OP_SETP) case (f_fn)
        `WQ_CMP_EQ:  assert(o_cmp[0] == ((f_a ^ f_b) == 32'd0));
        `WQ_CMP_NE:  assert(o_cmp[0] == |(f_a ^ f_b));
        `WQ_CMP_LT:  assert(o_cmp[0] == ((f_a[31] != f_b[31]) ? f_a[31] : f_diff[31]));
        `WQ_CMP_GE:  assert(o_cmp[0] == !($signed(f_a) < $signed(f_b)));
        `WQ_CMP_LE:  assert(o_cmp[0] == !($signed(f_b) < $signed(f_a)));
        `WQ_CMP_GT:  assert(o_cmp[0] == ($signed(f_b) < $signed(f_a)));
        `WQ_CMP_LTU: assert(o_cmp[0] == ({1'b0, f_a} - {1'b0, f_b} > 33'h0ffffffff));
        `WQ_CMP_GEU: assert(o_cmp[0] == !(f_a < f_b));
        `WQ_CMP_LEU: assert(o_cmp[0] == !(f_b < f_a));
        `WQ_CMP_GTU: assert(o_cmp[0] == (f_b < f_a));
        default:     assert(!o_cmp[0]);
        endcase
    end
    // lane 1 depends on lane 1's operands alone: its result equals what
    // the lane computes when lane 0's operands are lane 1's (checked for
    // the operations whose identities are stated above)
    generate if (LANES > 1) begin : f_lane1
        wire [31:0] f_a1 = i_a[63:32], f_b1 = i_b[63:32], f_r1 = o_res[63:32];
        always @(*) if (f_ld) begin
            if (f_op == `WQ_OP_SUB) assert(f_r1 + f_b1 == f_a1);
            if (f_op == `WQ_OP_SEL) assert(f_r1 == (i_cond[1] ? f_a1 : f_b1));
            if (f_op == `WQ_OP_SRA) assert((f_r1 << f_b1[2:0]) == (f_a1 & (f_ones << f_b1[2:0])));
            if (f_op == `WQ_OP_SETP && f_fn == `WQ_CMP_LTU) assert(o_cmp[1] == (f_a1 < f_b1));
            if (f_op == `WQ_OP_MIN) assert(f_r1 == ($signed(f_a1) < $signed(f_b1) ? f_a1 : f_b1));
        end
    end endgenerate
    // the shift's WB half (lane 0 and lane 1): the beat that left EX last
    // (i_en) a shift with operands f_wa, f_wb, and WB's row its EX half
    // (o_res as it left): o_wb is the whole shift, stated as above
    reg         f_wv = 1'b0;
    reg [`WQ_OP_W-1:0] f_wop;
    reg [63:0]  f_wa, f_wb, f_wp;
    always @(posedge i_clk)
        if (i_en) begin
            f_wv  <= f_ld;
            f_wop <= f_op;
            f_wa  <= i_a[63:0];
            f_wb  <= i_b[63:0];
            f_wp  <= o_res[63:0];
        end
    genvar f_l;
    generate for (f_l = 0; f_l < 2 && f_l < LANES; f_l = f_l + 1) begin : f_shw
        wire [31:0] a = f_wa[f_l*32 +: 32], w = o_wb[f_l*32 +: 32], p = f_wp[f_l*32 +: 32];
        wire [4:0]  k = f_wb[f_l*32 +: 5];
        wire [4:0]  k3 = {2'b00, k[2:0]};
        // (the state the WB half reads is the beat's: its registered kind
        // and high amount bits, and its EX half as the lanes formed it --
        // what the induction step needs to start from)
        always @(*)
            if (f_wv) begin
                assert(sh_w == (f_wop == `WQ_OP_SHL || f_wop == `WQ_OP_SHR || f_wop == `WQ_OP_SRA));
                assert(sh_l == (f_wop == `WQ_OP_SHL) && sh_a == (f_wop == `WQ_OP_SRA));
                assert(sh_hi[f_l*2 +: 2] == k[4:3]);
                assert(f_shifted(f_wop, a, (f_wop == `WQ_OP_SHL) ? f_rev(p) : p, k3));
            end
        always @(*)
            if (f_wv && i_wb_row[f_l*32 +: 32] == f_wp[f_l*32 +: 32])
                assert(f_shifted(f_wop, a, w, k));
    end endgenerate
    always @(*) begin
        c_sra_wb: cover(f_wv && f_wop == `WQ_OP_SRA && f_wa[31] && f_wb[4:3] == 2'b10 &&
                        f_wb[2:0] != 3'd0 && i_wb_row[31:0] == f_wp[31:0]);
        c_shl_wb: cover(f_wv && f_wop == `WQ_OP_SHL && f_wb[4:3] == 2'b11 &&
                        i_wb_row[31:0] == f_wp[31:0] && o_wb[31:0] != 32'd0);
    end
    // the multiplier's stage (lane 0): the ALU leaves MUL / MULHU to it;
    // the product of the beat that entered write-back stays while no beat
    // enters (WB holds its beat); a zero operand's product is zero in
    // either word.  (Products' values: the lockstep runs.)
    reg          f_pv = 1'b0, f_hold = 1'b0;
    reg  [31:0]  f_pm;
    reg          f_pz;
    reg          f_hold_z = 1'b0;       // f_pz is the registered beat's
    always @(posedge i_clk) if (i_en) f_hold_z <= 1'b1;
    always @(posedge i_clk) begin
        f_pv <= 1'b1;
        f_hold <= !i_en;
        f_pm <= mul_res[31:0];
        if (i_en) f_pz <= (f_a == 32'd0) || (f_b == 32'd0);
    end
    always @(*) begin
        if (f_ld && (f_op == `WQ_OP_MUL || f_op == `WQ_OP_MULHU)) assert(f_r == 32'd0);
        if (f_wv && (f_wop == `WQ_OP_MUL || f_wop == `WQ_OP_MULHU)) assert(o_wb == mul_res);
        if (f_pv && f_hold) assert(mul_res[31:0] == f_pm);
        if (f_pz && f_hold_z) assert(mul_res[31:0] == 32'd0);
        c_mul_held: cover(f_pv && f_hold && mul_res[31:0] != 32'd0);
    end
    // reachable: a negative value shifted arithmetically by more than 2,
    // a signed compare of operands of opposite signs taken
    always @(*) begin
        c_sra_neg: cover(f_ld && f_op == `WQ_OP_SRA && f_a[31] && f_s > 5'd2);
        c_lt_mix:  cover(f_ld && f_op == `WQ_OP_SETP && f_fn == `WQ_CMP_LT && o_cmp[0] && f_a[31] &&
                         !f_b[31]);
        c_maxu_mix: cover(f_ld && f_op == `WQ_OP_MAXU && f_r == f_a && f_a[31] && !f_b[31]);
        c_sel:     cover(f_ld && f_op == `WQ_OP_SEL && i_cond[0] && f_a != f_b);
    end
`endif
endmodule
