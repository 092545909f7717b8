// wq_fp_cvt.v -- the FPU's conversion unit: I2F, U2F (an integer to IEEE
// 754 binary floating point) and F2I, F2U (a float to an integer,
// saturating), each rounded in the mode given (WQ_RM_*: RNE RTZ RDN RUP;
// the instruction's FN field) (docs/spec.md §2.9; the model's
// wq_i32_to_f32 / wq_u32_to_f32 / wq_f32_to_i32 / wq_f32_to_u32 in
// cmodel/model/fp32.c).  docs/rtl/wq_fp_cvt.md.
//
//   I2F, U2F  b as a signed / unsigned IW-bit integer; 0 gives +0; a
//             magnitude past the largest finite value (only at formats
//             narrower than the integer) rounds to infinity or the
//             largest finite value as the mode says
//   F2I, F2U  b rounded to an integer in the mode, then saturated: below
//             the range INT_MIN (F2I) or 0 (F2U), above it INT_MAX or all
//             ones, an infinity the bound of its sign, a NaN 0; any
//             negative value gives 0 in F2U
//
// A five-stage pipeline, one operation a cycle; each stage holds both
// paths' registers and the last picks by the operation:
//
//        integer to float                  float to integer
//   S1   the magnitude (a negation)        unpack; NaN, too big; the
//                                          right shift that leaves the
//                                          integer part and a guard bit
//   S2   its leading-zero count (wq_fp_lzc) the shift (the bits past the
//                                          guard kept beside)
//   S3   normalise: left by the count      the sticky bit; round: the
//                                          integer + the mode's increment
//   S4   the guard and sticky bits; the    saturate; negate
//        mode's increment
//   S5   round: one increment of           (the result)
//        {exponent, fraction}; overflow
//
// Handshake: wq_fp_add's, wq_fp_pipe (a valid bit and an enable per stage,
// en[k] = i_ready || !(&v[5:k]); bubbles collapse, a full pipeline holds
// while i_ready is low; o_ready = en[1]).  Latency 5 cycles with i_ready
// high.
//
// EW, MW and IW are parameters so that the formal job can prove every
// result of a small format (EW = 4, MW = 3, IW = 8) against a reference
// that works on exact rationals as wide integers; the datapath is the
// same text at every width (IW >= 2).
`default_nettype none
`include "wq_defs.vh"

module wq_fp_cvt #(
    parameter EW = 8,                     // exponent bits
    parameter MW = 23,                    // fraction bits
    parameter IW = 32,                    // integer bits
    parameter BW = (IW > EW + MW + 1) ? IW : EW + MW + 1   // operand / result bits
) (
    input  wire            i_clk,
    input  wire            i_reset,
    // an operation on b: i_op 0 I2F, 1 U2F, 2 F2I, 3 F2U; i_rm a WQ_RM_* mode
    input  wire            i_valid,
    output wire            o_ready,
    input  wire [1:0]      i_op,
    input  wire [1:0]      i_rm,
    input  wire [BW-1:0]   i_b,
    // its result (a float or an integer in the low bits, zero above)
    output wire            o_valid,
    input  wire            i_ready,
    output wire [BW-1:0]   o_res
);
    localparam W    = EW + MW + 1;
    localparam SIG  = MW + 1;
    localparam NS   = 5;
    localparam XW   = EW + 8;             // exponent arithmetic (holds BIAS + IW + MW)
    localparam integer BIASI = (1 << (EW - 1)) - 1;
    localparam [EW-1:0] EMAX = {EW{1'b1}};
    localparam [3:0] RNE4 = `WQ_RM_RNE, RDN4 = `WQ_RM_RDN, RUP4 = `WQ_RM_RUP;
    localparam [1:0] RNE = RNE4[1:0], RDN = RDN4[1:0], RUP = RUP4[1:0];
`ifdef FORMAL
    localparam [3:0] RTZ4 = `WQ_RM_RTZ;
    localparam [1:0] RTZ = RTZ4[1:0];
`endif
    // float to integer: Y = {significand, IW + 1 zeros}, shifted right by
    // r = MW + IW - E (E the unbiased exponent) leaves the integer part
    // and a guard bit in its low IW + 1 bits
    localparam YW   = SIG + IW + 1;
    localparam RSW  = $clog2(YW + 1);
    // integer to float: the leading-zero count (wq_fp_lzc)
    localparam LZW  = $clog2(IW + 1);

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

    // (does a magnitude whose kept part has lowest bit lsb, and whose
    // dropped part has the guard bit g and the sticky bit st, round away
    // from zero in mode rm, for sign s)
    function rnd_up;
        input [1:0] rm;
        input       s, lsb, g, st;
        case (rm)
        RNE:     rnd_up = g && (st || lsb);
        RDN:     rnd_up = s && (g || st);
        RUP:     rnd_up = !s && (g || st);
        default: rnd_up = 1'b0;                        // RTZ
        endcase
    endfunction

    // ---- S1 ------------------------------------------------------------------------
    wire          f2i = i_op[1];
    // integer to float: the sign and the magnitude
    wire [IW-1:0] b_i  = i_b[IW-1:0];
    wire          i_sg = !i_op[0] && b_i[IW-1];        // I2F of a negative integer
    wire [IW-1:0] i_m  = i_sg ? {IW{1'b0}} - b_i : b_i;
    // float to integer: unpack
    wire [W-1:0]  b_f  = i_b[W-1:0];
    wire [EW-1:0] f_e  = b_f[W-2:MW];
    wire          f_nan = (f_e == EMAX) && (b_f[MW-1:0] != {MW{1'b0}});
    wire [XW-1:0] f_ee = {{(XW-EW){1'b0}}, f_e | {{(EW-1){1'b0}}, f_e == {EW{1'b0}}}};
    // E >= IW (an infinity too): past every bound
    localparam integer BIWI = BIASI + IW;
    wire          f_big = (f_ee >= BIWI[XW-1:0]) || (f_e == EMAX);
    localparam integer RBI  = MW + IW + BIASI;
    wire [XW-1:0] f_r  = RBI[XW-1:0] - f_ee;           // (used when !f_big: >= MW + 1)
    localparam integer YWI  = YW;
    wire          f_far = (f_r >= YWI[XW-1:0]);        // every bit below the guard bit
    /* verilator lint_off UNUSEDSIGNAL */
    wire [XW-1:0] f_rc = f_far ? YWI[XW-1:0] : f_r;
    /* verilator lint_on UNUSEDSIGNAL */

    reg  [1:0]    s1_op, s1_rm;
    reg           s1_sg, s1_nan, s1_big;
    reg  [IW-1:0] s1_m;
    reg  [SIG-1:0] s1_fm;
    reg  [RSW-1:0] s1_r;
    always @(posedge i_clk)
        if (en[1]) begin
            s1_op  <= i_op;
            s1_rm  <= i_rm;
            s1_sg  <= f2i ? b_f[W-1] : i_sg;
            s1_m   <= i_m;
            s1_nan <= f_nan;
            s1_big <= f_big;
            s1_fm  <= {f_e != {EW{1'b0}}, b_f[MW-1:0]};
            s1_r   <= f_rc[RSW-1:0];
        end

    // ---- S2: leading zeros / the shift --------------------------------------------
    wire [LZW-1:0] lz;
    wq_fp_lzc #(.N(IW)) u_lzc (.i_in(s1_m), .o_cnt(lz));
    /* verilator lint_off UNUSEDSIGNAL */
    wire [2*YW-1:0] y_sh = {s1_fm, {(IW+1){1'b0}}, {YW{1'b0}}} >> s1_r;     // (the top bits are zero: r >= MW + 1)
    /* verilator lint_on UNUSEDSIGNAL */

    reg  [1:0]    s2_op, s2_rm;
    reg           s2_sg, s2_nan, s2_big, s2_z;
    reg  [IW-1:0] s2_m;
    reg  [LZW-1:0] s2_lz;
    reg  [IW:0]   s2_ig;
    reg  [YW-1:0] s2_st;
    always @(posedge i_clk)
        if (en[2]) begin
            s2_op  <= s1_op;
            s2_rm  <= s1_rm;
            s2_sg  <= s1_sg;
            s2_nan <= s1_nan;
            s2_big <= s1_big;
            s2_z   <= (s1_m == {IW{1'b0}});
            s2_m   <= s1_m;
            s2_lz  <= lz;
            s2_ig  <= y_sh[YW +: IW+1];
            s2_st  <= y_sh[YW-1:0];
        end

    // ---- S3: normalise / round to an integer ----------------------------------------
    // n: the integer with its leading one at the top, then SIG + 1 zeros
    // so that the significand, a guard bit and the rest exist at any IW
    wire [IW-1:0] nl = s2_m << s2_lz;
    wire          f_st = (s2_st != {YW{1'b0}});
    wire          f_up = rnd_up(s2_rm, s2_sg, s2_ig[1], s2_ig[0], f_st);
    wire [IW:0]   f_mag = {1'b0, s2_ig[IW:1]} + {{IW{1'b0}}, f_up};
    // the exponent field before rounding: BIAS + the leading one's place
    localparam integer BPI = BIASI + IW - 1;
    wire [XW-1:0] i_ef = BPI[XW-1:0] - {{(XW-LZW){1'b0}}, s2_lz};

    reg  [1:0]    s3_op, s3_rm;
    reg           s3_sg, s3_nan, s3_big, s3_z;
    reg  [IW-1:0] s3_n;
    reg  [XW-1:0] s3_ef;
    reg  [IW:0]   s3_mag;
    always @(posedge i_clk)
        if (en[3]) begin
            s3_op  <= s2_op;
            s3_rm  <= s2_rm;
            s3_sg  <= s2_sg;
            s3_nan <= s2_nan;
            s3_big <= s2_big;
            s3_z   <= s2_z;
            s3_n   <= nl;
            s3_ef  <= i_ef;
            s3_mag <= f_mag;
        end

    // ---- S4: the rounding decision / saturate -----------------------------------------
    localparam NW = IW + SIG + 1;
    wire [NW-1:0] nx   = {s3_n, {(SIG+1){1'b0}}};
    /* verilator lint_off UNUSEDSIGNAL */
    wire [SIG-1:0] keep = nx[NW-1 -: SIG];   // (the hidden bit, keep[MW], is 1)
    /* verilator lint_on UNUSEDSIGNAL */
    wire          i_g  = nx[NW-1-SIG];
    /* verilator lint_off UNUSEDSIGNAL */
    wire [NW-1:0] i_rest = nx << (SIG + 1);
    /* verilator lint_on UNUSEDSIGNAL */
    wire          i_st = (i_rest[NW-1 -: IW] != {IW{1'b0}});
    wire          i_up = rnd_up(s3_rm, s3_sg, keep[0], i_g, i_st);
    wire          tmax = (s3_rm == RDN) ? !s3_sg : (s3_rm == RUP) ? s3_sg : (s3_rm != RNE);
    // saturation: F2I's bounds 2^(IW-1) - 1 and -2^(IW-1), F2U's 2^IW - 1 and 0
    localparam [IW-1:0] IMAX = {1'b0, {(IW-1){1'b1}}};
    localparam [IW-1:0] IMIN = {1'b1, {(IW-1){1'b0}}};
    wire [IW-1:0] neg  = {IW{1'b0}} - s3_mag[IW-1:0];
    reg  [IW-1:0] f_res;
    always @(*)
        if (s3_nan)
            f_res = {IW{1'b0}};
        else if (!s3_op[0])                          // F2I
            f_res = s3_sg ? ((s3_big || s3_mag[IW] || s3_mag[IW-1]) ? IMIN : neg)
                          : ((s3_big || s3_mag[IW] || s3_mag[IW-1]) ? IMAX : s3_mag[IW-1:0]);
        else                                          // F2U
            f_res = s3_sg ? {IW{1'b0}} : (s3_big || s3_mag[IW]) ? {IW{1'b1}} : s3_mag[IW-1:0];
    reg           s4_f2i, s4_sg, s4_z, s4_up, s4_tmax;
    reg  [XW-1:0] s4_ef;
    reg  [MW-1:0] s4_fr;
    reg  [IW-1:0] s4_fres;
    always @(posedge i_clk)
        if (en[4]) begin
            s4_f2i  <= s3_op[1];
            s4_sg   <= s3_sg;
            s4_z    <= s3_z;
            s4_up   <= i_up;
            s4_tmax <= tmax;
            s4_ef   <= s3_ef;
            s4_fr   <= keep[MW-1:0];
            s4_fres <= f_res;
        end

    // ---- S5: round to a float: the increment, overflow; the result ---------------------
    // {exponent, fraction} + the increment: a carry out of the fraction
    // raises the exponent
    wire [XW+MW-1:0] r = {s4_ef, s4_fr} + {{(XW+MW-1){1'b0}}, s4_up};
    wire          ovf  = (r[XW+MW-1:MW] >= {{(XW-EW){1'b0}}, EMAX});
    wire [W-1:0]  i_res = s4_z ? {W{1'b0}} :
                          ovf ? (s4_tmax ? {s4_sg, EMAX - 1'b1, {MW{1'b1}}} : {s4_sg, EMAX, {MW{1'b0}}})
                              : {s4_sg, r[EW+MW-1:0]};
    reg  [BW-1:0] s5_res;
    always @(posedge i_clk)
        if (en[5])
            s5_res <= s4_f2i ? {{(BW-IW){1'b0}}, s4_fres} : {{(BW-W){1'b0}}, i_res};
    assign o_res = s5_res;

`ifdef FORMAL
    // The environment: reset first; the inputs are otherwise free.
    reg f_past_valid = 1'b0;
    always @(posedge i_clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(i_reset);

    // each operation and a sequence number travel beside it
    // (stage k's: f_op[(k-1)*FO +: FO] = {tag, op, rm, b})
    localparam FO = BW + 8;
    reg  [NS*FO-1:0] f_op;
    reg  [3:0]       f_tin = 4'd0, f_tout = 4'd0;
    integer          fk;
    always @(posedge i_clk) begin
        if (en[1]) f_op[FO-1:0] <= {f_tin, i_op, i_rm, i_b};
        for (fk = 2; fk <= NS; fk = fk + 1)
            if (en[fk]) f_op[(fk-1)*FO +: FO] <= f_op[(fk-2)*FO +: FO];
        if (i_reset) begin
            f_tin <= 4'd0; f_tout <= 4'd0;
        end else begin
            if (i_valid && o_ready) f_tin <= f_tin + 4'd1;
            if (o_valid && i_ready) f_tout <= f_tout + 4'd1;
        end
    end
    wire [BW-1:0] f_b   = f_op[(NS-1)*FO +: BW];
    wire [1:0]    f_rm  = f_op[(NS-1)*FO+BW +: 2];
    wire [1:0]    f_opc = f_op[(NS-1)*FO+BW+2 +: 2];
    wire [3:0]    f_tag = f_op[NS*FO-4 +: 4];
    always @(*)
        if (f_past_valid && o_valid)
            assert(f_tag == f_tout);
    always @(*)
        if (f_past_valid && !i_reset)
            assert(f_tin - f_tout == {3'd0, v[1]} + {3'd0, v[2]} + {3'd0, v[3]} + {3'd0, v[4]} + {3'd0, v[5]});

    // The reference.  Integer to float: the integer's leading one found
    // by a loop, the bits below the significand against half a unit
    // decide the rounding, a carry out raises the exponent -- no
    // leading-zero tree, no normalisation shift.  Float to integer: the
    // value as an exact integer in units of the smallest subnormal; its
    // integer part and the remainder against half decide the rounding;
    // then the bounds.
    localparam FU = (1 << EW) + SIG + 2;
    function [FU-1:0] f_val;                         // |x| in units of 2^(1-BIAS-MW)
        input [W-1:0] x;
        f_val = {{(FU-SIG){1'b0}}, x[W-2:MW] != 0, x[MW-1:0]} << (x[W-2:MW] == 0 ? 0 : x[W-2:MW] - 1);
    endfunction
    function [BW-1:0] f_ref;
        input [1:0]    op, rm;
        input [BW-1:0] b;
        reg            s, rup;
        reg [IW-1:0]   mi, rem, half;
        reg [IW:0]     keep;
        reg [FU-1:0]   t, q, rf, hf;
        integer        k, p, sh;
        begin
            f_ref = 0;
            if (!op[1]) begin
                s  = !op[0] && b[IW-1];
                mi = s ? -b[IW-1:0] : b[IW-1:0];
                p = 0;
                for (k = 0; k < IW; k = k + 1)
                    if (mi[k]) p = k;
                if (p <= MW) begin
                    keep = {1'b0, mi} << (MW - p);
                    rup = 1'b0;
                end else begin
                    sh   = p - MW;
                    keep = {1'b0, mi >> sh};
                    rem  = mi - ((mi >> sh) << sh);
                    half = {{(IW-1){1'b0}}, 1'b1} << (sh - 1);
                    case (rm)
                    RNE: rup = (rem > half) || (rem == half && keep[0]);
                    RDN: rup = s && rem != 0;
                    RUP: rup = !s && rem != 0;
                    default: rup = 1'b0;
                    endcase
                end
                keep = keep + rup;
                if (keep[SIG]) begin keep = keep >> 1; p = p + 1; end
                if (mi == 0)
                    f_ref[W-1:0] = 0;
                else if (p + BIASI >= (1 << EW) - 1)
                    f_ref[W-1:0] = (rm == RTZ || (rm == RDN && !s) || (rm == RUP && s)) ?
                                   {s, EMAX - 1'b1, {MW{1'b1}}} : {s, EMAX, {MW{1'b0}}};
                else
                    f_ref[W-1:0] = {s, p[EW-1:0] + BIASI[EW-1:0], keep[MW-1:0]};
            end else begin
                s = b[W-1];
                // |b| in units of 2^(1-BIAS-MW); the integer part and the rest
                t = f_val(b[W-1:0]);
                sh = BIASI + MW - 1;
                q = t >> sh;
                rf = t - (q << sh);
                hf = {{(FU-1){1'b0}}, 1'b1} << (sh - 1);
                case (rm)
                RNE: rup = (rf > hf) || (rf == hf && q[0]);
                RDN: rup = s && rf != 0;
                RUP: rup = !s && rf != 0;
                default: rup = 1'b0;
                endcase
                q = q + rup;
                if (b[W-2:MW] == EMAX && b[MW-1:0] != 0)
                    f_ref = 0;
                else if (!op[0]) begin
                    if (s) f_ref[IW-1:0] = (q >= (1 << (IW - 1)) || b[W-2:MW] == EMAX) ? IMIN : -q[IW-1:0];
                    else   f_ref[IW-1:0] = (q >= (1 << (IW - 1)) || b[W-2:MW] == EMAX) ? IMAX : q[IW-1:0];
                end else begin
                    if (s) f_ref = 0;
                    else   f_ref[IW-1:0] = (q >= (1 << IW) || b[W-2:MW] == EMAX) ? {IW{1'b1}} : q[IW-1:0];
                end
            end
        end
    endfunction
    always @(*)
        if (f_past_valid && o_valid)
            assert(o_res == f_ref(f_opc, f_rm, f_b));

    // covers: U2F rounding to infinity, I2F of the most negative integer,
    // F2I saturating low, F2U of a negative value that rounds to 0, F2I of
    // a tie going up, the full pipeline held
    always @(*)
        if (f_past_valid && o_valid && i_ready) begin
            c_ovf:   cover(f_opc == 2'd1 && o_res[W-2:0] == {EMAX, {MW{1'b0}}});
            c_imin:  cover(f_opc == 2'd0 && f_b[IW-1:0] == IMIN);
            c_satlo: cover(f_opc == 2'd2 && o_res[IW-1:0] == IMIN && f_b[W-2:MW] != EMAX);
            c_uneg:  cover(f_opc == 2'd3 && f_b[W-1] && f_b[W-2:0] != 0 && f_b[W-2:MW] != EMAX);
            c_tie:   cover(f_opc == 2'd2 && f_rm == RNE && f_b[W-1:0] == {1'b0, BIASI[EW-1:0], 1'b1, {(MW-1){1'b0}}});
        end
    always @(*)
        c_stall: cover(f_past_valid && v == {NS{1'b1}} && !i_ready);
`endif
endmodule
