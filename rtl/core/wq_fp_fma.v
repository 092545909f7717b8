// wq_fp_fma.v -- the FPU's multiplier and fused multiply-add: FMUL (o = a*b)
// and FFMA (o = a*b + c, the product exact and the sum rounded once) on
// IEEE 754 binary floating point (binary32 at the default EW = 8, MW = 23),
// rounded to nearest with ties to even, subnormals kept in and out, every
// NaN result the canonical quiet NaN, no flags (docs/spec.md §2.9; the
// model's wq_f32_mul / wq_f32_fma in cmodel/model/fp32.c).
// docs/rtl/wq_fp_fma.md.
//
// FMUL is FFMA with c = -0: a*b + (-0) is a*b rounded, and an exact zero
// product keeps its sign (+0 + -0 = +0, -0 + -0 = -0), so one datapath
// serves both.
//
// A seven-stage pipeline, one operation a cycle, each stage within the
// project's budget of 8 ECP5 LUT levels (scripts/area.sh):
//
//   S1  unpack; special operands (NaN, infinity, a zero product) decide
//       the result here; the sum of the product's exponents
//   S2  the significands' product, exact (2*SIG bits; `*`, which Yosys
//       maps to ECP5 multiplier blocks); the addend's alignment shift
//       (clamped) and the window's exponent
//   S3  align: the addend shifted right into a window beside the product
//       (the bits shifted past the window's bottom kept apart); the
//       one-hot mask that limits the normalisation shift at the subnormal
//       boundary
//   S4  the sticky bit and the sum: product + addend, or the difference
//       taken both ways and the non-negative one kept, with its sign
//   S5  leading-zero count of the sum ORed with the mask (a tree); the
//       sign of an exact zero
//   S6  normalise: left by the count; the exponent field
//   S7  round to nearest even as one increment of {exponent, fraction},
//       overflow to infinity, the special result
//
// The window (SW bits, bit 0 the sticky bit): the addend's significand
// starts at the top (bits SW-1 .. SW-SIG) and moves right by the
// alignment shift; the product sits at bits XE+2*SIG .. XE+1, two bits
// below the addend's start, XE = 2 bits above the sticky bit.  A shift
// that would be negative (the addend more than two bits above the
// product's top) is clamped to 0: the product is then below a quarter of
// the addend's last unit and only its being nonzero matters, which the
// clamped position keeps.  A shift past the window's bottom sends the
// addend to the sticky bit; that happens only when the product is larger
// than the addend (at most one operand of a nonzero product is a
// subnormal, so the product is at least 2^MW of its units), so the result
// is at least 2^(SIG+XE-1) units and its guard bit lies above the sticky
// bit: the sticky bit stands for the bits it replaces.  No carry leaves
// the window (the addend's largest value plus the product stays below
// 2^SW).
//
// Handshake: valid/ready with one enable per stage, as wq_fp_add (wq_fp_pipe).  A stage
// takes its predecessor's operation when it is empty or its own operation
// moves on (en[k] = !v[k] || en[k+1]; after the last stage, i_ready), so
// bubbles collapse and a full pipeline holds while i_ready is low.
// o_ready = en[1] is combinational from i_ready; an operation is taken
// when i_valid && o_ready and its result leaves with o_valid && i_ready
// seven transfers later, in order: latency 7 cycles when i_ready stays
// high.
//
// EW and MW are parameters so that the formal job can prove every result
// of a small format (EW = 4, MW = 3) against a reference that computes
// a*b + c exactly as wide integers and rounds once; the datapath is the
// same text at every width.
`default_nettype none

module wq_fp_fma #(
    parameter EW = 8,                     // exponent bits
    parameter MW = 23                     // fraction bits (the significand is MW + 1)
) (
    input  wire            i_clk,
    input  wire            i_reset,
    // an operation: o = i_a * i_b (i_fma: i_a * i_b + i_c, one rounding)
    input  wire            i_valid,
    output wire            o_ready,
    input  wire            i_fma,
    input  wire [EW+MW:0]  i_a,
    input  wire [EW+MW:0]  i_b,
    input  wire [EW+MW:0]  i_c,
    // its result
    output wire            o_valid,
    input  wire            i_ready,
    output wire [EW+MW:0]  o_res
);
    localparam W    = EW + MW + 1;        // a value
    localparam SIG  = MW + 1;             // a significand with its hidden bit
    localparam PW   = 2 * SIG;            // the exact product
    localparam XE   = 2;                  // window bits between the product and the sticky bit
    localparam SW   = XE + 3 * SIG + 3;   // the window: addend, 2 bits, product, XE, sticky
    localparam AV   = SW - 1 + SIG;       // the addend shifted, with the bits past the window
    localparam SHW  = $clog2(SW);         // the alignment shift (0 .. SW-1)
    localparam LZW  = $clog2(SW + 1);     // the leading-zero count (SW: no bit set)
    localparam EXB  = (EW > SHW ? EW : SHW) + 3;  // signed exponent arithmetic
    localparam BIAS = (1 << (EW - 1)) - 1;
    localparam [EW-1:0] EMAX = {EW{1'b1}};
    localparam [W-1:0]  QNAN = {1'b0, EMAX, 1'b1, {(MW-1){1'b0}}};
    // the exponent field of a value whose leading one is at the window's top
    // bit, the product unclamped: (exponent sum) + MW + 4 - BIAS
    localparam integer  KTI  = MW + 4 - BIAS;
    localparam [EXB-1:0] KT  = KTI[EXB-1:0];
    localparam integer  SWM1 = SW - 1;
    localparam [EXB-1:0] SHMAX = SWM1[EXB-1:0];

    // ---- the handshake: a valid bit and an enable per stage (wq_fp_pipe) ---------
    localparam NS = 7;
    wire [NS:1] en;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [NS:1] v;                       // (the formal section counts them)
    /* verilator lint_on UNUSEDSIGNAL */
    wq_fp_pipe #(.NS(NS)) u_pipe (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_valid(i_valid), .o_ready(o_ready),
        .o_valid(o_valid), .i_ready(i_ready),
        .o_en(en), .o_v(v));

    // ---- S1: unpack, specials, the product's exponent ------------------------------
    // FMUL: the addend is -0
    wire [W-1:0]  c_in = i_fma ? i_c : {1'b1, {(W-1){1'b0}}};
    wire          a_s = i_a[W-1], b_s = i_b[W-1], c_s = c_in[W-1];
    wire          p_s = a_s ^ b_s;
    wire [EW-1:0] a_e = i_a[W-2:MW], b_e = i_b[W-2:MW], c_e = c_in[W-2:MW];
    wire [MW-1:0] a_f = i_a[MW-1:0], b_f = i_b[MW-1:0], c_f = c_in[MW-1:0];
    wire          a_max = (a_e == EMAX), b_max = (b_e == EMAX), c_max = (c_e == EMAX);
    wire          a_fz = (a_f == {MW{1'b0}}), b_fz = (b_f == {MW{1'b0}}), c_fz = (c_f == {MW{1'b0}});
    wire          a_ez = (a_e == {EW{1'b0}}), b_ez = (b_e == {EW{1'b0}}), c_ez = (c_e == {EW{1'b0}});
    wire          a_nan = a_max && !a_fz, b_nan = b_max && !b_fz, c_nan = c_max && !c_fz;
    wire          a_inf = a_max && a_fz, b_inf = b_max && b_fz, c_inf = c_max && c_fz;
    wire          a_zero = a_ez && a_fz, b_zero = b_ez && b_fz, c_zero = c_ez && c_fz;
    // a subnormal's (and zero's) exponent is that of the smallest normal
    wire [EW-1:0] a_ee = a_e | {{(EW-1){1'b0}}, a_ez};
    wire [EW-1:0] b_ee = b_e | {{(EW-1){1'b0}}, b_ez};
    wire [EW-1:0] c_ee = c_e | {{(EW-1){1'b0}}, c_ez};
    wire [SIG-1:0] a_m = {!a_ez, a_f}, b_m = {!b_ez, b_f}, c_m = {!c_ez, c_f};
    // the special result: a NaN operand, inf * 0, inf - inf: the NaN; an
    // infinite product: itself; an infinite addend: itself; a zero product:
    // the addend, or the sum of two zeros (their sign if they agree, else +0)
    wire          p_inf = a_inf || b_inf;
    wire          p_zero = a_zero || b_zero;
    wire          sp  = a_max || b_max || c_max || p_zero;
    wire [W-1:0]  spv = (a_nan || b_nan || c_nan || (p_inf && p_zero) ||
                         (p_inf && c_inf && c_s != p_s)) ? QNAN :
                        p_inf ? {p_s, EMAX, {MW{1'b0}}} :
                        c_inf ? c_in :
                        !c_zero ? c_in : {p_s && c_s, {(W-1){1'b0}}};

    reg           s1_ps, s1_cs, s1_cz, s1_sp;
    reg  [EW:0]   s1_es;
    reg  [EW-1:0] s1_ec;
    reg  [SIG-1:0] s1_ma, s1_mb, s1_mc;
    reg  [W-1:0]  s1_spv;
    always @(posedge i_clk)
        if (en[1]) begin
            s1_ps  <= p_s;
            s1_cs  <= c_s;
            s1_cz  <= c_zero;
            s1_es  <= {1'b0, a_ee} + {1'b0, b_ee};
            s1_ec  <= c_ee;
            s1_ma  <= a_m;
            s1_mb  <= b_m;
            s1_mc  <= c_m;
            s1_sp  <= sp;
            s1_spv <= spv;
        end

    // ---- S2: the product; the alignment shift ---------------------------------------
    wire [PW-1:0]  prod = s1_ma * s1_mb;
    // et_p: the exponent field of the window's top bit, the product placing
    // the window; sh: how far the addend moves right from the top
    wire [EXB-1:0] et_p = {{(EXB-EW-1){1'b0}}, s1_es} + KT;
    wire [EXB-1:0] sh_r = et_p - {{(EXB-EW){1'b0}}, s1_ec};
    wire           up   = sh_r[EXB-1] && !s1_cz;             // the addend above: clamp to 0
    wire           far  = !sh_r[EXB-1] && (sh_r > SHMAX);    // past the window: the sticky bit
    wire [EXB-1:0] et   = up ? {{(EXB-EW){1'b0}}, s1_ec} : et_p;
    // a product so small that the window's top bit is below the normal
    // range (et <= 0: only with a zero addend) is below an eighth of the
    // smallest subnormal and rounds to a zero of its sign
    wire           tiny = et[EXB-1] || (et == {EXB{1'b0}});
    reg            s2_ps, s2_op, s2_sp, s2_far;
    reg  [SHW-1:0] s2_sh;
    reg  [EXB-1:0] s2_et;
    reg  [PW-1:0]  s2_p;
    reg  [SIG-1:0] s2_mc;
    reg  [W-1:0]   s2_spv;
    always @(posedge i_clk)
        if (en[2]) begin
            s2_p   <= prod;
            s2_sh  <= (up || sh_r[EXB-1]) ? {SHW{1'b0}} : sh_r[SHW-1:0];
            s2_far <= far;
            s2_et  <= et;
            s2_mc  <= s1_mc;
            s2_ps  <= s1_ps;
            s2_op  <= s1_ps != s1_cs;                   // an effective subtraction
            s2_sp  <= s1_sp || tiny;
            s2_spv <= s1_sp ? s1_spv : {s1_ps, {(W-1){1'b0}}};
        end

    // ---- S3: align the addend; the subnormal boundary's mask ------------------------
    wire [AV-1:0] x_sh = {s2_mc, {(SW-1){1'b0}}} >> s2_sh;
    // the normalisation may shift left by et - 1 at most (the result's
    // exponent field stays >= 1, or it is a subnormal): a one at bit
    // SW - et of the count's input stops the count there
    reg  [SW-1:0] msk;
    integer       mi;
    always @(*)
        for (mi = 0; mi < SW; mi = mi + 1)
            msk[mi] = ({{(32-EXB){s2_et[EXB-1]}}, s2_et} == SW - mi);
    reg            s3_ps, s3_op, s3_sp;
    reg  [SW-2:0]  s3_al;
    reg  [SIG-1:0] s3_st;
    reg  [PW-1:0]  s3_p;
    reg  [SW-1:0]  s3_msk;
    reg  [EXB-1:0] s3_et;
    reg  [W-1:0]   s3_spv;
    always @(posedge i_clk)
        if (en[3]) begin
            s3_al  <= s2_far ? {(SW-1){1'b0}} : x_sh[AV-1:SIG];
            s3_st  <= s2_far ? s2_mc : x_sh[SIG-1:0];
            s3_p   <= s2_p;
            s3_msk <= msk;
            s3_et  <= s2_et;
            s3_ps  <= s2_ps;
            s3_op  <= s2_op;
            s3_sp  <= s2_sp;
            s3_spv <= s2_spv;
        end

    // ---- S4: sticky bit, sum --------------------------------------------------------
    wire [SW-1:0] wa = {s3_al, s3_st != {SIG{1'b0}}};
    wire [SW-1:0] wp = {{(SW-PW-XE-1){1'b0}}, s3_p, {(XE+1){1'b0}}};
    wire [SW:0]   d_pa = {1'b0, wp} - {1'b0, wa};           // bit SW: a borrow (addend larger)
    wire [SW-1:0] d_ap = wa - wp;
    wire          a_gt = d_pa[SW];
    wire [SW-1:0] sum = !s3_op ? wp + wa : a_gt ? d_ap : d_pa[SW-1:0];
    reg           s4_sg, s4_op, s4_sp;
    reg  [SW-1:0] s4_sum, s4_msk;
    reg  [EXB-1:0] s4_et;
    reg  [W-1:0]  s4_spv;
    always @(posedge i_clk)
        if (en[4]) begin
            s4_sum <= sum;
            // the product's sign, the addend's when it is the larger
            s4_sg  <= s3_op && a_gt ? !s3_ps : s3_ps;
            s4_op  <= s3_op;
            s4_msk <= s3_msk;
            s4_et  <= s3_et;
            s4_sp  <= s3_sp;
            s4_spv <= s3_spv;
        end

    // ---- S5: leading-zero count (wq_fp_lzc) -------------------------------------------
    wire [SW-1:0]  lz_in = s4_sum | s4_msk;
    wire [LZW-1:0] lz;
    wq_fp_lzc #(.N(SW)) u_lzc (.i_in(lz_in), .o_cnt(lz));
    wire          zero = (s4_sum == {SW{1'b0}});
    reg           s5_sg, s5_sp;
    reg  [SW-1:0] s5_sum;
    reg  [LZW-1:0] s5_lz;
    reg  [EXB-1:0] s5_et;
    reg  [W-1:0]  s5_spv;
    always @(posedge i_clk)
        if (en[5]) begin
            s5_sum <= s4_sum;
            s5_lz  <= lz;
            // an exact cancellation is +0 (a sum of two nonzero values of
            // one sign is never zero)
            s5_sg  <= s4_sg && !(s4_op && zero);
            s5_et  <= s4_et;
            s5_sp  <= s4_sp;
            s5_spv <= s4_spv;
        end

    // ---- S6: normalise ------------------------------------------------------------------
    // n: the fraction (the hidden bit decides the exponent field), the
    // guard bit and a sticky bit
    wire [SW-1:0]  nl = s5_sum << s5_lz;
    wire [SIG:0]   n  = {nl[SW-2:SW-SIG-1], nl[SW-SIG-2:0] != {(SW-SIG-1){1'b0}}};
    // exponent field: the window top's less the count when the hidden bit
    // is set after the shift, else a subnormal or zero (field 0)
    wire [EXB-1:0] e_n = s5_et - {{(EXB-LZW){1'b0}}, s5_lz};
    reg            s6_sg, s6_sp;
    reg  [SIG:0]   s6_n;
    reg  [EXB-1:0] s6_ef;
    reg  [W-1:0]   s6_spv;
    always @(posedge i_clk)
        if (en[6]) begin
            s6_n   <= n;
            s6_ef  <= nl[SW-1] ? e_n : {EXB{1'b0}};
            s6_sg  <= s5_sg;
            s6_sp  <= s5_sp;
            s6_spv <= s5_spv;
        end

    // ---- S7: round, overflow, the result ------------------------------------------------
    wire          g   = s6_n[1], st = s6_n[0], lsb = s6_n[2];
    wire          rup = g && (st || lsb);
    // one increment of {exponent, fraction}: a carry out of the fraction
    // raises the exponent (a subnormal becoming normal, 2^k rounding up)
    wire [EW+MW:0] r  = {s6_ef[EW:0], s6_n[SIG:2]} + {{(EW+MW){1'b0}}, rup};
    wire          big = (s6_ef >= {{(EXB-EW){1'b0}}, EMAX});
    wire          ovf = big || (r[EW+MW:MW] >= {1'b0, EMAX});
    wire [W-1:0]  res = s6_sp ? s6_spv :
                        ovf ? {s6_sg, EMAX, {MW{1'b0}}} : {s6_sg, r[EW+MW-1:0]};
    reg  [W-1:0]  s7_res;
    always @(posedge i_clk)
        if (en[7]) s7_res <= res;
    assign o_res = s7_res;

`ifdef FORMAL
    // The environment: reset first; the inputs are otherwise free (i_ready
    // may drop at any cycle, i_valid need not wait for o_ready).
    reg f_past_valid = 1'b0;
    always @(posedge i_clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(i_reset);

    // each operation's operands travel beside it, so the result can be
    // compared with the reference of the operands that made it, and so
    // does its number in the order taken: results leave in that order,
    // each once (stage k's operation: f_op[(k-1)*FO +: FO] = {tag, fma, a, b, c})
    localparam FO = 3 * W + 5;
    reg  [NS*FO-1:0] f_op;
    reg  [3:0]       f_tin = 4'd0, f_tout = 4'd0;
    integer          fk;
    always @(posedge i_clk) begin
        if (en[1]) f_op[FO-1:0] <= {f_tin, i_fma, i_a, i_b, i_c};
        for (fk = 2; fk <= NS; fk = fk + 1)
            if (en[fk]) f_op[(fk-1)*FO +: FO] <= f_op[(fk-2)*FO +: FO];
        if (i_reset) begin
            f_tin <= 4'd0; f_tout <= 4'd0;
        end else begin
            if (i_valid && o_ready) f_tin <= f_tin + 4'd1;
            if (o_valid && i_ready) f_tout <= f_tout + 4'd1;
        end
    end
    localparam FB = (NS - 1) * FO;
    wire [W-1:0] f_a   = f_op[FB+2*W +: W];
    wire [W-1:0] f_b   = f_op[FB+W +: W];
    wire [W-1:0] f_c   = f_op[FB +: W];
    wire         f_fma = f_op[FB+3*W];
    wire [3:0]   f_tag = f_op[FB+FO-4 +: 4];
    always @(*)
        if (f_past_valid && o_valid)
            assert(f_tag == f_tout);
    // (the operations in flight are the stages' valid bits)
    reg [3:0] f_inflight;
    integer   fv;
    always @(*) begin
        f_inflight = 4'd0;
        for (fv = 1; fv <= NS; fv = fv + 1)
            f_inflight = f_inflight + {3'd0, v[fv]};
        if (f_past_valid && !i_reset)
            assert(f_tin - f_tout == f_inflight);
    end

    // The reference: a*b and c as exact integers in units of the smallest
    // product's last bit, 2^(2 - 2*BIAS - 2*MW) (a significand << (exponent
    // field - 1), the product's shifts added, c's moved up by BIAS + MW - 1),
    // their signed sum exact, then one rounding to nearest even at the
    // result's last unit: the sum's top SIG bits, but no finer than the
    // smallest subnormal (bit Z of these units).  No alignment window,
    // sticky bit, leading-zero count, clamp or FMUL-as-FFMA.
    localparam integer Z  = BIAS + MW - 1;
    localparam RW = 2 * SIG + 2 * (1 << EW) + 4;
    function [W-1:0] f_ref;
        input [W-1:0] a, b, c;
        input         fma;
        reg           sa, sb, sc, ps, s, pz, cz;
        reg [EW-1:0]  ea, eb, ec;
        reg [PW-1:0]  pm;
        reg [RW-1:0]  vp, vc, m, rem, half, keep;
        integer       p, i, sh, fe, ia, ib, ic;
        begin
            sa = a[W-1]; sb = b[W-1]; sc = c[W-1]; ps = sa ^ sb;
            ea = a[W-2:MW]; eb = b[W-2:MW]; ec = c[W-2:MW];
            ia = {{(32-EW){1'b0}}, ea}; ib = {{(32-EW){1'b0}}, eb}; ic = {{(32-EW){1'b0}}, ec};
            pz = (a[W-2:0] == 0) || (b[W-2:0] == 0);
            cz = !fma || (c[W-2:0] == 0);
            pm = {{SIG{1'b0}}, ea != 0, a[MW-1:0]} * {{SIG{1'b0}}, eb != 0, b[MW-1:0]};
            vp = {{(RW-PW){1'b0}}, pm} << ((ia == 0 ? 0 : ia - 1) + (ib == 0 ? 0 : ib - 1));
            vc = fma ? ({{(RW-SIG){1'b0}}, ec != 0, c[MW-1:0]} << ((ic == 0 ? 0 : ic - 1) + Z))
                     : {RW{1'b0}};
            if (!fma || ps == sc) begin m = vp + vc; s = ps; end
            else if (vp >= vc) begin m = vp - vc; s = (m == 0) ? 1'b0 : ps; end
            else begin m = vc - vp; s = sc; end
            p = 0;
            for (i = 0; i < RW; i = i + 1)
                if (m[i]) p = i;
            // (compared without a negative difference: chparam's MW is unsigned)
            sh   = (p > Z + MW) ? p - MW : Z;
            keep = m >> sh;
            rem  = m & ~({RW{1'b1}} << sh);
            half = {{(RW-1){1'b0}}, 1'b1} << (sh - 1);
            if (rem > half || (rem == half && keep[0]))
                keep = keep + 1;
            if (keep[SIG]) begin keep = keep >> 1; sh = sh + 1; end
            fe = keep[MW] ? sh - Z + 1 : 0;
            if (fe >= (1 << EW) - 1)
                f_ref = {s, EMAX, {MW{1'b0}}};
            else
                f_ref = {s, fe[EW-1:0], keep[MW-1:0]};
            // zeros: an exact zero product with a zero (or no) addend
            if (pz && cz)
                f_ref = {ps && (fma ? sc : 1'b1), {(W-1){1'b0}}};
            if (ea == EMAX || eb == EMAX || (fma && ec == EMAX)) begin
                if ((ea == EMAX && a[MW-1:0] != 0) || (eb == EMAX && b[MW-1:0] != 0) ||
                    (fma && ec == EMAX && c[MW-1:0] != 0) ||
                    ((ea == EMAX || eb == EMAX) && pz) ||
                    ((ea == EMAX || eb == EMAX) && fma && ec == EMAX && sc != ps))
                    f_ref = QNAN;
                else if (ea == EMAX || eb == EMAX)
                    f_ref = {ps, EMAX, {MW{1'b0}}};
                else
                    f_ref = {sc, EMAX, {MW{1'b0}}};
            end
        end
    endfunction

    always @(*)
        if (f_past_valid && o_valid)
            assert(o_res == f_ref(f_a, f_b, f_c, f_fma));

    // covers: a subnormal product of normal operands, an overflow to
    // infinity, an FFMA's exact cancellation to +0, -0 * +x + -0 = -0, an
    // FFMA whose addend is above the product's window (the clamp), an
    // FFMA whose addend falls to the sticky bit, a stall with a full
    // pipeline
    always @(*)
        if (f_past_valid && o_valid && i_ready) begin
            c_subn:   cover(!f_fma && o_res[W-2:MW] == 0 && o_res[MW-1:0] != 0 &&
                            f_a[W-2:MW] != 0 && f_b[W-2:MW] != 0);
            c_ovf:    cover(o_res[W-2:0] == {EMAX, {MW{1'b0}}} && f_a[W-2:MW] != EMAX &&
                            f_b[W-2:MW] != EMAX && f_c[W-2:MW] != EMAX);
            c_cancel: cover(f_fma && o_res == 0 && f_a[W-2:0] != 0 && f_b[W-2:0] != 0 &&
                            f_c[W-2:0] != 0);
            c_negz:   cover(f_fma && o_res == {1'b1, {(W-1){1'b0}}});
        end
    always @(*)
        if (f_past_valid && v[3] && en[4]) begin
            c_clamp:  cover(s3_al[SW-2:SW-SIG-1] != 0 && s3_p != 0 && s3_op);
            c_far:    cover(s3_al == 0 && s3_st != 0 && s3_op);
        end
    always @(*)
        c_stall: cover(f_past_valid && v == {NS{1'b1}} && !i_ready);
`endif
endmodule
