// wq_fp_cmp.v -- the FPU's compare unit: FMIN, FMAX, FSETP and FCLASS on
// IEEE 754 binary floating point (binary32 at the default EW = 8, MW = 23)
// (docs/spec.md §2.9; the model's wq_f32_min / wq_f32_max / wq_f32_cmp /
// wq_f32_class in cmodel/model/fp32.c).  docs/rtl/wq_fp_cmp.md.
//
//   FMIN, FMAX  OpenCL fmin / fmax: a NaN operand loses (the other operand
//               is returned, its bit pattern unchanged); two NaNs give the
//               canonical quiet NaN; -0 is below +0
//   FSETP       a CC b with a SETP compare code (WQ_CMP_*, isa_enums.def):
//               -0 == +0, a NaN unordered with everything; the ordered
//               codes are false and NE and the U codes true when
//               unordered; a code past GEU gives 0.  The result is a word
//               0 or 1 (o_res bit 0)
//   FCLASS      1 << the class of b (WQ_FCLASS_*, RISC-V's layout)
//
// A two-stage pipeline, one operation a cycle:
//
//   S1  unpack: NaN and zero flags; the magnitudes' order (one compare of
//       the fields {exponent, fraction}) and equality; the class of b
//   S2  the ordering a < b, b < a, a == b from the flags and signs; the
//       result per operation
//
// Handshake: valid/ready with one enable per stage, as wq_fp_add (wq_fp_pipe): a stage
// takes its predecessor's operation when it is empty or every stage after
// it can move (en[k] = i_ready || !(&v[NS:k])), so bubbles collapse and a
// full pipeline holds while i_ready is low; o_ready = en[1].  Latency 2
// cycles with i_ready high.
//
// EW and MW are parameters so that the formal job can prove every result
// of a small format (EW = 4, MW = 3) against a reference that orders the
// operands as signed integers; o_res is at least 10 bits wide (FCLASS's
// ten classes) at any width.
`default_nettype none
`include "wq_defs.vh"

module wq_fp_cmp #(
    parameter EW = 8,                     // exponent bits
    parameter MW = 23,                    // fraction bits
    parameter OW = (EW + MW + 1 < 10) ? 10 : EW + MW + 1   // result bits
) (
    input  wire            i_clk,
    input  wire            i_reset,
    // an operation: i_op 0 FMIN, 1 FMAX, 2 FSETP (code i_cc), 3 FCLASS (of i_b)
    input  wire            i_valid,
    output wire            o_ready,
    input  wire [1:0]      i_op,
    input  wire [3:0]      i_cc,
    input  wire [EW+MW:0]  i_a,
    input  wire [EW+MW:0]  i_b,
    // its result
    output wire            o_valid,
    input  wire            i_ready,
    output wire [OW-1:0]   o_res
);
    localparam W  = EW + MW + 1;
    localparam NS = 2;
    localparam [1:0] SEL_MIN = 2'd0, SEL_MAX = 2'd1, SEL_SETP = 2'd2;   // i_op: the unit's own selector (FCLASS is 3)
    localparam [EW-1:0] EMAX = {EW{1'b1}};
    localparam [W-1:0]  QNAN = {1'b0, EMAX, 1'b1, {(MW-1){1'b0}}};

    // ---- the handshake: a valid bit and an enable per stage (wq_fp_pipe) ---------
    wire [NS:1] en;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [NS:1] v;                       // (the formal section counts them)
    /* verilator lint_on UNUSEDSIGNAL */
    wq_fp_pipe #(.NS(NS)) u_pipe (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_valid(i_valid), .o_ready(o_ready),
        .o_valid(o_valid), .i_ready(i_ready),
        .o_en(en), .o_v(v));

    // ---- S1: unpack, the magnitudes' order, the class of b -----------------------
    wire          b_s = i_b[W-1];
    wire [EW-1:0] a_e = i_a[W-2:MW], b_e = i_b[W-2:MW];
    wire          a_fz = (i_a[MW-1:0] == {MW{1'b0}});
    wire          b_fz = (i_b[MW-1:0] == {MW{1'b0}});
    wire          a_nan = (a_e == EMAX) && !a_fz;
    wire          b_nan = (b_e == EMAX) && !b_fz;
    wire          a_z = (i_a[W-2:0] == {(W-1){1'b0}});
    wire          b_z = (i_b[W-2:0] == {(W-1){1'b0}});
    // FCLASS of b: one of ten bits
    wire          b_ez = (b_e == {EW{1'b0}}), b_em = (b_e == EMAX);
    reg  [4:0]    ci;
    always @(*)
        if (b_em && !b_fz)
            ci = i_b[MW-1] ? `WQ_FCLASS_QNAN : `WQ_FCLASS_SNAN;
        else if (b_em)
            ci = b_s ? `WQ_FCLASS_NEG_INF : `WQ_FCLASS_POS_INF;
        else if (b_ez && b_fz)
            ci = b_s ? `WQ_FCLASS_NEG_ZERO : `WQ_FCLASS_POS_ZERO;
        else if (b_ez)
            ci = b_s ? `WQ_FCLASS_NEG_SUBNORMAL : `WQ_FCLASS_POS_SUBNORMAL;
        else
            ci = b_s ? `WQ_FCLASS_NEG_NORMAL : `WQ_FCLASS_POS_NORMAL;
    wire [9:0]    cls = 10'd1 << ci;

    reg           s1_an, s1_bn, s1_z2, s1_mlt, s1_mgt, s1_eq;
    reg  [1:0]    s1_op;
    reg  [3:0]    s1_cc;
    reg  [W-1:0]  s1_a, s1_b;
    reg  [9:0]    s1_cls;
    always @(posedge i_clk)
        if (en[1]) begin
            s1_an  <= a_nan;
            s1_bn  <= b_nan;
            s1_z2  <= a_z && b_z;
            // the magnitudes order as the unsigned fields {exponent, fraction}
            s1_mlt <= (i_a[W-2:0] < i_b[W-2:0]);
            s1_mgt <= (i_a[W-2:0] > i_b[W-2:0]);
            s1_eq  <= (i_a == i_b);
            s1_op  <= i_op;
            s1_cc  <= i_cc;
            s1_a   <= i_a;
            s1_b   <= i_b;
            s1_cls <= cls;
        end

    // ---- S2: the ordering, the result ------------------------------------------------
    // for non-NaN operands: a < b, b < a (both zero: neither), a == b
    wire          sa = s1_a[W-1], sb = s1_b[W-1];
    wire          lt_ab = !s1_z2 && ((sa != sb) ? sa : (sa ? s1_mgt : s1_mlt));
    wire          lt_ba = !s1_z2 && ((sa != sb) ? sb : (sa ? s1_mlt : s1_mgt));
    wire          eq    = s1_eq || s1_z2;
    wire          un    = s1_an || s1_bn;
    reg           setp;
    always @(*)
        case (s1_cc)
        `WQ_CMP_EQ:  setp = !un && eq;
        `WQ_CMP_NE:  setp = un || !eq;
        `WQ_CMP_LT:  setp = !un && lt_ab;
        `WQ_CMP_LE:  setp = !un && (lt_ab || eq);
        `WQ_CMP_GT:  setp = !un && lt_ba;
        `WQ_CMP_GE:  setp = !un && (lt_ba || eq);
        `WQ_CMP_LTU: setp = un || lt_ab;
        `WQ_CMP_LEU: setp = un || lt_ab || eq;
        `WQ_CMP_GTU: setp = un || lt_ba;
        `WQ_CMP_GEU: setp = un || lt_ba || eq;
        default:     setp = 1'b0;
        endcase
    // FMIN / FMAX: a NaN loses; two zeros: -0 is the smaller
    wire          is_max = (s1_op == SEL_MAX);
    wire [W-1:0]  mm = (s1_an && s1_bn) ? QNAN :
                       s1_an ? s1_b :
                       s1_bn ? s1_a :
                       s1_z2 ? (is_max ? (s1_a & s1_b) : (s1_a | s1_b)) :
                       ((is_max ? lt_ab : lt_ba) ? s1_b : s1_a);
    reg  [OW-1:0] res;
    always @(*)
        case (s1_op)
        SEL_MIN, SEL_MAX: res = {{(OW-W){1'b0}}, mm};
        SEL_SETP:        res = {{(OW-1){1'b0}}, setp};
        default:        res = {{(OW-10){1'b0}}, s1_cls};
        endcase
    reg  [OW-1:0] s2_res;
    always @(posedge i_clk)
        if (en[2]) s2_res <= res;
    assign o_res = s2_res;

`ifdef FORMAL
    // The environment: reset first; the inputs are otherwise free.
    reg f_past_valid = 1'b0;
    always @(posedge i_clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(i_reset);

    // each operation's operands and a sequence number travel beside it
    // (stage k's: f_op[(k-1)*FO +: FO] = {tag, op, cc, a, b})
    localparam FO = 2 * W + 10;
    reg  [NS*FO-1:0] f_op;
    reg  [3:0]       f_tin = 4'd0, f_tout = 4'd0;
    always @(posedge i_clk) begin
        if (en[1]) f_op[FO-1:0] <= {f_tin, i_op, i_cc, i_a, i_b};
        if (en[2]) f_op[FO +: FO] <= f_op[FO-1:0];
        if (i_reset) begin
            f_tin <= 4'd0; f_tout <= 4'd0;
        end else begin
            if (i_valid && o_ready) f_tin <= f_tin + 4'd1;
            if (o_valid && i_ready) f_tout <= f_tout + 4'd1;
        end
    end
    wire [W-1:0] f_a   = f_op[FO+W +: W];
    wire [W-1:0] f_b   = f_op[FO +: W];
    wire [3:0]   f_cc  = f_op[FO+2*W +: 4];
    wire [1:0]   f_opc = f_op[FO+2*W+4 +: 2];
    wire [3:0]   f_tag = f_op[2*FO-4 +: 4];
    always @(*)
        if (f_past_valid && o_valid)
            assert(f_tag == f_tout);
    always @(*)
        if (f_past_valid && !i_reset)
            assert(f_tin - f_tout == {3'd0, v[1]} + {3'd0, v[2]});

    // The reference: a non-NaN value as a signed integer key that orders
    // as the reals do (the magnitude field, negated for a negative sign:
    // -0 and +0 are both key 0); the predicates are comparisons of keys.
    // FMIN / FMAX pick by key, a tie of keys (only ±0 and equal values)
    // by the sign bit.  FCLASS by the textbook definitions.
    function signed [W:0] f_key;
        input [W-1:0] x;
        f_key = x[W-1] ? -$signed({2'b00, x[W-2:0]}) : $signed({2'b00, x[W-2:0]});
    endfunction
    function f_isnan;
        input [W-1:0] x;
        f_isnan = (x[W-2:MW] == EMAX) && (x[MW-1:0] != 0);
    endfunction
    function [OW-1:0] f_ref;
        input [1:0]   op;
        input [3:0]   cc;
        input [W-1:0] a, b;
        reg           u, l, g, e;
        reg [W-1:0]   m;
        begin
            u = f_isnan(a) || f_isnan(b);
            l = f_key(a) < f_key(b);
            g = f_key(a) > f_key(b);
            e = f_key(a) == f_key(b);
            f_ref = 0;
            if (op == 2'd2) begin
                case (cc)
                4'd0: f_ref[0] = !u && e;
                4'd1: f_ref[0] = u || !e;
                4'd2: f_ref[0] = !u && l;
                4'd3: f_ref[0] = !u && !g;
                4'd4: f_ref[0] = !u && g;
                4'd5: f_ref[0] = !u && !l;
                4'd6: f_ref[0] = u || l;
                4'd7: f_ref[0] = u || !g;
                4'd8: f_ref[0] = u || g;
                4'd9: f_ref[0] = u || !l;
                default: f_ref[0] = 1'b0;
                endcase
            end else if (op == 2'd3) begin
                if (f_isnan(b))
                    f_ref[b[MW-1] ? 9 : 8] = 1'b1;
                else if (b[W-2:MW] == EMAX)
                    f_ref[b[W-1] ? 0 : 7] = 1'b1;
                else if (b[W-2:0] == 0)
                    f_ref[b[W-1] ? 3 : 4] = 1'b1;
                else if (b[W-2:MW] == 0)
                    f_ref[b[W-1] ? 2 : 5] = 1'b1;
                else
                    f_ref[b[W-1] ? 1 : 6] = 1'b1;
            end else begin
                if (f_isnan(a) && f_isnan(b)) m = QNAN;
                else if (f_isnan(a)) m = b;
                else if (f_isnan(b)) m = a;
                else if (l) m = (op == 2'd0) ? a : b;
                else if (g) m = (op == 2'd0) ? b : a;
                else if ((a[W-1] == (op == 2'd0))) m = a;   // fmin: the negative one
                else m = b;
                f_ref[W-1:0] = m;
            end
        end
    endfunction
    always @(*)
        if (f_past_valid && o_valid)
            assert(o_res == f_ref(f_opc, f_cc, f_a, f_b));
    // S1's registers are those of the operation beside them (what makes
    // the induction close: a held stage keeps its operation's data)
    wire [W-1:0] f1_a = f_op[W +: W], f1_b = f_op[0 +: W];
    always @(*)
        if (f_past_valid && v[1]) begin
            assert(s1_a == f1_a && s1_b == f1_b);
            assert(s1_cc == f_op[2*W +: 4] && s1_op == f_op[2*W+4 +: 2]);
            assert(s1_an == f_isnan(f1_a) && s1_bn == f_isnan(f1_b));
            assert(s1_z2 == (f1_a[W-2:0] == 0 && f1_b[W-2:0] == 0));
            assert(s1_mlt == (f1_a[W-2:0] < f1_b[W-2:0]));
            assert(s1_mgt == (f1_a[W-2:0] > f1_b[W-2:0]));
            assert(s1_eq == (f1_a == f1_b));
            assert({{(OW-10){1'b0}}, s1_cls} == f_ref(2'd3, 4'd0, f1_a, f1_b));
        end

    // covers: fmin(+0, -0) = -0, a NaN operand losing, an unordered compare
    // true, each class bit, a full pipeline held
    always @(*)
        if (f_past_valid && o_valid && i_ready) begin
            c_negz:  cover(f_opc == 2'd0 && f_a == 0 && o_res[W-1:0] == {1'b1, {(W-1){1'b0}}});
            c_nan:   cover(f_opc == 2'd1 && f_isnan(f_a) && !f_isnan(f_b));
            c_unord: cover(f_opc == 2'd2 && f_cc == 4'd9 && f_isnan(f_b) && o_res[0]);
            c_snan:  cover(f_opc == 2'd3 && o_res[8]);
            c_subn:  cover(f_opc == 2'd3 && o_res[2]);
        end
    always @(*)
        c_stall: cover(f_past_valid && v == 2'b11 && !i_ready);
`endif
endmodule
