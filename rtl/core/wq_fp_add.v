// wq_fp_add.v -- the FPU's adder: FADD and FSUB on IEEE 754 binary
// floating point (binary32 at the default EW = 8, MW = 23), rounded to
// nearest with ties to even, subnormals kept in and out, every NaN result
// the canonical quiet NaN, no flags (docs/spec.md §2.9; the model's
// wq_f32_add / wq_f32_sub in cmodel/model/fp32.c).  docs/rtl/wq_fp_add.md.
//
// A six-stage pipeline, one operation a cycle, each stage a few ECP5 LUT
// levels (scripts/area.sh; the project's budget is 8):
//
//   S1  unpack; special operands (NaN, infinity) decide the result here;
//       order the operands by magnitude (big >= small); the exponent
//       difference d
//   S2  align: small's significand shifted right by d into a window of
//       the significand, a guard and a round bit (al) and the bits shifted
//       past it (st); d past the window moves the whole significand to st
//   S3  the sticky bit (st != 0) and the sum or difference big +- small
//       on {significand, G, R, S}; the one-hot mask that limits the
//       normalisation shift at the subnormal boundary (big's exponent - 1)
//   S4  leading-zero count of the sum ORed with that mask (a tree, wq_fp_lzc)
//   S5  normalise: right by one on a carry out, else left by the count;
//       the candidate exponents
//   S6  round to nearest even as one increment of {exponent, fraction}
//       (a carry out of the fraction raises the exponent; past the
//       largest finite value it reaches infinity), overflow to infinity,
//       the special result
//
// Handshake: valid/ready with one enable per stage (wq_fp_pipe).  A stage takes its
// predecessor's operation when it is empty or its own operation moves on
// (en[k] = !v[k] || en[k+1]; after the last stage, i_ready), so bubbles
// collapse and a full pipeline holds while i_ready is low.  o_ready = en[1]
// is combinational from i_ready (an OR over the stages' valid bits); an
// operation is taken when i_valid && o_ready and its result leaves with
// o_valid && i_ready six transfers later, in order: latency 6 cycles when
// i_ready stays high.
//
// EW and MW are parameters so that the formal job can prove every result
// of a small format (EW = 4, MW = 3) against a reference that adds the
// operands exactly as wide integers and rounds once; the datapath is the
// same text at every width.
`default_nettype none

module wq_fp_add #(
    parameter EW = 8,                     // exponent bits
    parameter MW = 23                     // fraction bits (the significand is MW + 1)
) (
    input  wire            i_clk,
    input  wire            i_reset,
    // an operation: o = i_a + i_b (i_sub: i_a - i_b)
    input  wire            i_valid,
    output wire            o_ready,
    input  wire            i_sub,
    input  wire [EW+MW:0]  i_a,
    input  wire [EW+MW:0]  i_b,
    // its result
    output wire            o_valid,
    input  wire            i_ready,
    output wire [EW+MW:0]  o_res
);
    localparam W   = EW + MW + 1;         // a value
    localparam SIG = MW + 1;              // a significand with its hidden bit
    localparam SA  = SIG + 4;             // a sum: carry, significand, G, R, S
    localparam LN  = SIG + 3;             // the bits the leading-zero count sees
    localparam LZW = $clog2(LN + 1);      // the count (LN: no bit set)
    localparam SHW = $clog2(SIG + 3);     // the alignment shift (0 .. SIG + 2)
    localparam XW  = EW > SHW ? EW : SHW;
    localparam [EW-1:0] EMAX = {EW{1'b1}};
    localparam [W-1:0]  QNAN = {1'b0, EMAX, 1'b1, {(MW-1){1'b0}}};

    // ---- the handshake: a valid bit and an enable per stage (wq_fp_pipe) ---------
    wire [6:1] en;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [6:1] v;                       // (the formal section counts them)
    /* verilator lint_on UNUSEDSIGNAL */
    wq_fp_pipe #(.NS(6)) u_pipe (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_valid(i_valid), .o_ready(o_ready),
        .o_valid(o_valid), .i_ready(i_ready),
        .o_en(en), .o_v(v));

    // ---- S1: unpack, specials, order by magnitude --------------------------------
    wire          a_s = i_a[W-1];
    wire          b_s = i_b[W-1] ^ i_sub;             // FSUB: b with its sign flipped
    wire [EW-1:0] a_e = i_a[W-2:MW];
    wire [EW-1:0] b_e = i_b[W-2:MW];
    wire [MW-1:0] a_f = i_a[MW-1:0];
    wire [MW-1:0] b_f = i_b[MW-1:0];
    wire          a_max = (a_e == EMAX), b_max = (b_e == EMAX);
    wire          a_nan = a_max && (a_f != {MW{1'b0}});
    wire          b_nan = b_max && (b_f != {MW{1'b0}});
    wire          a_inf = a_max && (a_f == {MW{1'b0}});
    wire          b_inf = b_max && (b_f == {MW{1'b0}});
    // a subnormal's (and zero's) exponent is that of the smallest normal
    wire [EW-1:0] a_ee = a_e | {{(EW-1){1'b0}}, a_e == {EW{1'b0}}};
    wire [EW-1:0] b_ee = b_e | {{(EW-1){1'b0}}, b_e == {EW{1'b0}}};
    wire [SIG-1:0] a_m = {a_e != {EW{1'b0}}, a_f};
    wire [SIG-1:0] b_m = {b_e != {EW{1'b0}}, b_f};
    // the magnitudes order as the unsigned fields {exponent, fraction}
    wire          a_big = (i_a[W-2:0] >= i_b[W-2:0]);
    wire [EW-1:0] d_ab = a_ee - b_ee, d_ba = b_ee - a_ee;
    // a NaN operand or inf - inf: the NaN; else an infinite operand: itself
    wire          sp  = a_max || b_max;
    wire [W-1:0]  spv = (a_nan || b_nan || (a_inf && b_inf && a_s != b_s)) ? QNAN :
                        a_inf ? {a_s, EMAX, {MW{1'b0}}} : {b_s, EMAX, {MW{1'b0}}};

    reg           s1_sg, s1_op, s1_sp;
    reg  [EW-1:0] s1_eb, s1_d;
    reg  [SIG-1:0] s1_mb, s1_ms;
    reg  [W-1:0]  s1_spv;
    always @(posedge i_clk)
        if (en[1]) begin
            s1_sg  <= a_big ? a_s : b_s;
            s1_op  <= a_s != b_s;                     // an effective subtraction
            s1_eb  <= a_big ? a_ee : b_ee;
            s1_d   <= a_big ? d_ab : d_ba;
            s1_mb  <= a_big ? a_m : b_m;
            s1_ms  <= a_big ? b_m : a_m;
            s1_sp  <= sp;
            s1_spv <= spv;
        end

    // ---- S2: align the small operand -----------------------------------------------
    // {ms, SIG + 2 zeros} >> d: the top SIG + 2 bits are small's significand,
    // guard and round bits at big's scale, the low SIG bits what passed them
    wire [XW-1:0]        d_x  = {{(XW-EW){1'b0}}, s1_d};
    localparam integer   DWI  = SIG + 2;
    localparam [XW-1:0]  DWIN = DWI[XW-1:0];
    wire                 far  = (d_x > DWIN);         // every bit passes the window
    wire [2*SIG+1:0]     x_sh = {s1_ms, {(SIG+2){1'b0}}} >> d_x[SHW-1:0];
    reg                  s2_sg, s2_op, s2_sp;
    reg  [EW-1:0]        s2_eb;
    reg  [SIG-1:0]       s2_mb;
    reg  [SIG+1:0]       s2_al;
    reg  [SIG-1:0]       s2_st;
    reg  [W-1:0]         s2_spv;
    always @(posedge i_clk)
        if (en[2]) begin
            s2_al  <= far ? {(SIG+2){1'b0}} : x_sh[2*SIG+1:SIG];
            s2_st  <= far ? s1_ms : x_sh[SIG-1:0];
            s2_sg  <= s1_sg;
            s2_op  <= s1_op;
            s2_eb  <= s1_eb;
            s2_mb  <= s1_mb;
            s2_sp  <= s1_sp;
            s2_spv <= s1_spv;
        end

    // ---- S3: sticky bit, sum, the subnormal boundary's mask -------------------------
    // (big >= small, so the difference does not borrow)
    wire [SA-1:0] ab = {1'b0, s2_mb, 3'b000};
    wire [SA-1:0] as = {1'b0, s2_al, s2_st != {SIG{1'b0}}};
    wire [SA-1:0] sum = s2_op ? ab - as : ab + as;
    // the normalisation may shift left by big's exponent - 1 at most (the
    // result's exponent field stays >= 1, or it is a subnormal): a one at
    // bit LN-1 - (eb - 1) of the count's input stops the count there
    reg  [LN-1:0] msk;
    integer       mi;
    always @(*)
        for (mi = 0; mi < LN; mi = mi + 1)
            msk[mi] = ({{(32-EW){1'b0}}, s2_eb} == LN - mi);
    reg           s3_sg, s3_op, s3_sp;
    reg  [EW-1:0] s3_eb;
    reg  [SA-1:0] s3_sum;
    reg  [LN-1:0] s3_msk;
    reg  [W-1:0]  s3_spv;
    always @(posedge i_clk)
        if (en[3]) begin
            s3_sum <= sum;
            s3_msk <= msk;
            s3_sg  <= s2_sg;
            s3_op  <= s2_op;
            s3_eb  <= s2_eb;
            s3_sp  <= s2_sp;
            s3_spv <= s2_spv;
        end

    // ---- S4: leading-zero count (wq_fp_lzc) ---------------------------------------------
    wire [LN-1:0]  lz_in = s3_sum[LN-1:0] | s3_msk;
    wire [LZW-1:0] lz;
    wq_fp_lzc #(.N(LN)) u_lzc (.i_in(lz_in), .o_cnt(lz));
    wire          zero = (s3_sum == {SA{1'b0}});
    reg           s4_sg, s4_sp;
    reg  [EW-1:0] s4_eb;
    reg  [SA-1:0] s4_sum;
    reg  [LZW-1:0] s4_lz;
    reg  [W-1:0]  s4_spv;
    always @(posedge i_clk)
        if (en[4]) begin
            s4_sum <= s3_sum;
            s4_lz  <= lz;
            // an exact zero difference is +0; a zero sum of zeros has their sign
            s4_sg  <= s3_sg && !(s3_op && zero);
            s4_eb  <= s3_eb;
            s4_sp  <= s3_sp;
            s4_spv <= s3_spv;
        end

    // ---- S5: normalise ------------------------------------------------------------------
    // n: the significand (hidden bit first), the guard bit and a sticky bit
    wire          cy = s4_sum[SA-1];
    wire [LN-1:0] nl = s4_sum[LN-1:0] << s4_lz;
    wire [SIG+1:0] n = cy ? {s4_sum[SA-1:3], s4_sum[2:0] != 3'b000}
                          : {nl[LN-1:2], nl[1] || nl[0]};
    wire [EW:0]   e_up = {1'b0, s4_eb} + 1'b1;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [EW:0]   e_dn = {1'b0, s4_eb} - {{(EW+1-LZW){1'b0}}, s4_lz};  // (>= 1 when used)
    /* verilator lint_on UNUSEDSIGNAL */
    reg           s5_sg, s5_sp, s5_cy;
    reg  [SIG+1:0] s5_n;
    reg  [EW:0]   s5_eup;
    reg  [EW-1:0] s5_edn;
    reg  [W-1:0]  s5_spv;
    always @(posedge i_clk)
        if (en[5]) begin
            s5_n   <= n;
            s5_cy  <= cy;
            s5_eup <= e_up;
            s5_edn <= e_dn[EW-1:0];
            s5_sg  <= s4_sg;
            s5_sp  <= s4_sp;
            s5_spv <= s4_spv;
        end

    // ---- S6: round, overflow, the result ------------------------------------------------
    // exponent field: big's + 1 after a carry; big's - count when the hidden
    // bit is set after the shift; else a subnormal or zero (field 0)
    wire [EW:0]   ef  = s5_cy ? s5_eup : s5_n[SIG+1] ? {1'b0, s5_edn} : {(EW+1){1'b0}};
    wire          g   = s5_n[1], st = s5_n[0], lsb = s5_n[2];
    wire          rup = g && (st || lsb);
    // one increment of {exponent, fraction}: a carry out of the fraction
    // raises the exponent (a subnormal becoming normal, 2^k rounding up)
    wire [EW+MW:0] r  = {ef, s5_n[SIG:2]} + {{(EW+MW){1'b0}}, rup};
    wire          ovf = (r[EW+MW:MW] >= {1'b0, EMAX});
    wire [W-1:0]  res = s5_sp ? s5_spv :
                        ovf ? {s5_sg, EMAX, {MW{1'b0}}} : {s5_sg, r[EW+MW-1:0]};
    reg  [W-1:0]  s6_res;
    always @(posedge i_clk)
        if (en[6]) s6_res <= res;
    assign o_res = s6_res;

`ifdef FORMAL
    // The environment: reset first; the inputs are otherwise free (i_ready
    // may drop at any cycle, i_valid need not wait for o_ready).
    reg f_past_valid = 1'b0;
    always @(posedge i_clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(i_reset);

    // each operation's operands travel beside it, so the result can be
    // compared with the reference of the operands that made it, and so
    // does its number in the order taken: results leave in that order,
    // each once (stage k's operation: f_op[(k-1)*FO +: FO] = {tag, sub, a, b})
    localparam FO = 2 * W + 5;
    reg  [6*FO-1:0] f_op;
    reg  [3:0]      f_tin = 4'd0, f_tout = 4'd0;
    integer         fk;
    always @(posedge i_clk) begin
        if (en[1]) f_op[FO-1:0] <= {f_tin, i_sub, i_a, i_b};
        for (fk = 2; fk <= 6; fk = fk + 1)
            if (en[fk]) f_op[(fk-1)*FO +: FO] <= f_op[(fk-2)*FO +: FO];
        if (i_reset) begin
            f_tin <= 4'd0; f_tout <= 4'd0;
        end else begin
            if (i_valid && o_ready) f_tin <= f_tin + 4'd1;
            if (o_valid && i_ready) f_tout <= f_tout + 4'd1;
        end
    end
    wire [W-1:0] f_a   = f_op[5*FO+W +: W];
    wire [W-1:0] f_b   = f_op[5*FO +: W];
    wire         f_sub = f_op[5*FO+2*W];
    wire [3:0]   f_tag = f_op[6*FO-4 +: 4];
    always @(*)
        if (f_past_valid && o_valid)
            assert(f_tag == f_tout);
    // (the operations in flight are the stages' valid bits)
    reg [3:0] f_inflight;
    integer   fv;
    always @(*) begin
        f_inflight = 4'd0;
        for (fv = 1; fv <= 6; fv = fv + 1)
            f_inflight = f_inflight + {3'd0, v[fv]};
        if (f_past_valid && !i_reset)
            assert(f_tin - f_tout == f_inflight);
    end

    // The reference: both operands as exact integers in units of the
    // smallest subnormal (significand << (exponent field - 1)), their
    // signed sum exact, then one rounding to nearest even: the significand
    // is the sum's top SIG bits, the rest decides the increment.  No
    // alignment window, sticky bit or leading-zero count.
    localparam RW = SIG + (1 << EW) + 1;
    function [W-1:0] f_ref;
        input [W-1:0] a, b;
        input         sub;
        reg           sa, sb, s;
        reg [EW-1:0]  ea, eb;
        reg [RW-1:0]  va, vb, m, rem, half, keep;
        integer       p, i, sh;
        begin
            sa = a[W-1]; sb = b[W-1] ^ sub;
            ea = a[W-2:MW]; eb = b[W-2:MW];
            va = {{(RW-SIG){1'b0}}, ea != 0, a[MW-1:0]} << (ea == 0 ? 0 : ea - 1);
            vb = {{(RW-SIG){1'b0}}, eb != 0, b[MW-1:0]} << (eb == 0 ? 0 : eb - 1);
            if (sa == sb) begin m = va + vb; s = sa; end
            else if (va >= vb) begin m = va - vb; s = (m == 0) ? 1'b0 : sa; end
            else begin m = vb - va; s = sb; end
            p = 0;
            for (i = 0; i < RW; i = i + 1)
                if (m[i]) p = i;
            if (p < MW) begin
                // a subnormal or zero: exact in these units
                f_ref = {s, {EW{1'b0}}, m[MW-1:0]};
            end else begin
                sh   = p - MW;
                keep = m >> sh;
                rem  = m & ~({RW{1'b1}} << sh);
                half = (sh == 0) ? 0 : ({{(RW-1){1'b0}}, 1'b1} << (sh - 1));
                if (rem > half || (rem == half && sh != 0 && keep[0]))
                    keep = keep + 1;
                if (keep[SIG]) begin keep = keep >> 1; sh = sh + 1; end
                if (sh + 1 >= (1 << EW) - 1)
                    f_ref = {s, EMAX, {MW{1'b0}}};
                else
                    f_ref = {s, sh[EW-1:0] + 1'b1, keep[MW-1:0]};
            end
            if (ea == EMAX || eb == EMAX) begin
                if ((ea == EMAX && a[MW-1:0] != 0) || (eb == EMAX && b[MW-1:0] != 0) ||
                    (ea == EMAX && eb == EMAX && sa != sb))
                    f_ref = QNAN;
                else if (ea == EMAX)
                    f_ref = {sa, EMAX, {MW{1'b0}}};
                else
                    f_ref = {sb, EMAX, {MW{1'b0}}};
            end
        end
    endfunction

    always @(*)
        if (f_past_valid && o_valid)
            assert(o_res == f_ref(f_a, f_b, f_sub));

    // covers: a subnormal result of normal operands, an overflow to
    // infinity, an exact cancellation to +0, -0 + -0 = -0, a stall with a
    // full pipeline
    always @(*)
        if (f_past_valid && o_valid && i_ready) begin
            c_subn:   cover(o_res[W-2:MW] == 0 && o_res[MW-1:0] != 0 &&
                            f_a[W-2:MW] != 0 && f_b[W-2:MW] != 0);
            c_ovf:    cover(o_res[W-2:0] == {EMAX, {MW{1'b0}}} && f_a[W-2:MW] != EMAX &&
                            f_b[W-2:MW] != EMAX);
            c_cancel: cover(o_res == 0 && f_a != 0 && f_a[W-2:0] == f_b[W-2:0]);
            c_negz:   cover(o_res == {1'b1, {(W-1){1'b0}}});
        end
    always @(*)
        c_stall: cover(f_past_valid && v == 6'b111111 && !i_ready);
`endif
endmodule
