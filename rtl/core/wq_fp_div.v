// wq_fp_div.v -- the FPU's divide and square-root unit: FDIV (a / b) and
// FSQRT (sqrt b) on IEEE 754 binary floating point (binary32 at the
// default EW = 8, MW = 23), correctly rounded to nearest with ties to
// even, subnormals kept in and out, every NaN result the canonical quiet
// NaN (docs/spec.md §2.9; the model's wq_f32_div / wq_f32_sqrt in
// cmodel/model/fp32.c).  docs/rtl/wq_fp_div.md.
//
// Iterative, one operation at a time, radix 2: one quotient or root bit a
// cycle, as the integer divider (rtl/wq_div.v).  The steps, one cycle
// each unless said:
//
//   LZ    unpack the operands held since they were taken; the special
//         result (NaN, infinity, zero operands) decided here; the leading
//         zeros of each significand (a subnormal's; a tree)
//   NORM  normalise both significands (left by the count: the leading one
//         at the top) and their exponents; set up the recurrence:
//         FDIV   r = a's significand, d = b's, the exponent
//                ea - eb + bias
//         FSQRT  an odd exponent made even (the significand doubled);
//                the radicand {significand, zeros}, the exponent
//                (eb - bias) / 2 + bias
//   IT    N = MW + 3 cycles, one result bit each (restoring):
//         FDIV   q = (r >= d); r = 2 (q ? r - d : r)
//         FSQRT  t = {rem, the radicand's next two bits} - {root, 01};
//                a root bit (t >= 0), rem = t or the shifted rem
//         the N bits have the leading one at the top or (FDIV, a < b)
//         one below; the remainder's non-zero is the sticky bit
//   P1    normalise by one (FDIV); the subnormal shift 1 - e when the
//         exponent field e <= 0
//   P2    that right shift, the bits shifted out into the sticky bit
//   P3    round to nearest even as one increment of {exponent, fraction};
//         overflow to infinity; the special result
//   DONE  o_valid until i_ready takes the result
//
// Handshake: valid/ready.  o_ready is high when the unit is idle, or
// holds a result that i_ready takes this cycle (combinational from
// i_ready); low while an operation is in flight.  An operation taken in
// cycle c (i_valid && o_ready) is on o_res with o_valid from cycle
// c + N + 6 (binary32: c + 32) whatever its operands, until i_ready.
//
// EW and MW are parameters so that the formal job can check the results
// of a small format (EW = 4, MW = 3) against a reference that verifies
// each result by multiplication; the datapath is the same text at every
// width.
`default_nettype none

module wq_fp_div #(
    parameter EW = 8,                     // exponent bits
    parameter MW = 23                     // fraction bits
) (
    input  wire            i_clk,
    input  wire            i_reset,
    // an operation: i_op 0 FDIV (i_a / i_b), 1 FSQRT (sqrt i_b)
    input  wire            i_valid,
    output wire            o_ready,
    input  wire            i_op,
    input  wire [EW+MW:0]  i_a,
    input  wire [EW+MW:0]  i_b,
    // its result
    output wire            o_valid,
    input  wire            i_ready,
    output wire [EW+MW:0]  o_res
);
    localparam W    = EW + MW + 1;
    localparam SIG  = MW + 1;
    localparam N    = SIG + 2;            // result bits: significand, guard, one more
    localparam XW   = EW + 3;             // a signed exponent
    localparam LZW  = $clog2(SIG + 1);
    localparam CW   = $clog2(N + 1);
    localparam SW   = $clog2(N + 2);      // the subnormal shift (0 .. N + 1)
    localparam integer BIASI = (1 << (EW - 1)) - 1;
    localparam [XW-1:0] BIAS = BIASI[XW-1:0];
    localparam [EW-1:0] EMAX = {EW{1'b1}};
    localparam [W-1:0]  QNAN = {1'b0, EMAX, 1'b1, {(MW-1){1'b0}}};

    localparam [2:0] S_IDLE = 3'd0, S_LZ = 3'd1, S_NORM = 3'd2, S_IT = 3'd3,
                     S_P1 = 3'd4, S_P2 = 3'd5, S_P3 = 3'd6, S_DONE = 3'd7;

    // ---- the state ----------------------------------------------------------------
    reg  [2:0]    st;
    reg  [CW-1:0] cnt;
    wire          take = i_valid && o_ready;
    assign o_valid = (st == S_DONE);
    assign o_ready = (st == S_IDLE) || (o_valid && i_ready);
    always @(posedge i_clk)
        if (i_reset)
            st <= S_IDLE;
        else
            case (st)
            S_IDLE:  if (take) st <= S_LZ;
            S_LZ:    st <= S_NORM;
            S_NORM:  st <= S_IT;
            S_IT:    if (cnt == {CW{1'b0}}) st <= S_P1;
            S_P1:    st <= S_P2;
            S_P2:    st <= S_P3;
            S_P3:    st <= S_DONE;
            default: if (i_ready) st <= take ? S_LZ : S_IDLE;   // S_DONE
            endcase
    localparam integer NM1I = N - 1;
    localparam [CW-1:0] NM1 = NM1I[CW-1:0];
    always @(posedge i_clk)
        if (st == S_NORM)
            cnt <= NM1;
        else if (st == S_IT)
            cnt <= cnt - 1'b1;

    // ---- the operation taken -----------------------------------------------------
    reg           r_sqrt;
    reg  [W-1:0]  r_a, r_b;
    always @(posedge i_clk)
        if (take) begin
            r_sqrt <= i_op;
            r_a    <= i_a;
            r_b    <= i_b;
        end

    // ---- LZ: unpack, specials, leading zeros ----------------------------------------
    wire          a_s = r_a[W-1], b_s = r_b[W-1];
    wire [EW-1:0] a_e = r_a[W-2:MW], b_e = r_b[W-2:MW];
    wire          a_z = (r_a[W-2:0] == {(W-1){1'b0}});
    wire          b_z = (r_b[W-2:0] == {(W-1){1'b0}});
    wire          a_inf = (a_e == EMAX) && (r_a[MW-1:0] == {MW{1'b0}});
    wire          b_inf = (b_e == EMAX) && (r_b[MW-1:0] == {MW{1'b0}});
    wire          a_nan = (a_e == EMAX) && !a_inf;
    wire          b_nan = (b_e == EMAX) && !b_inf;
    wire          q_s   = a_s ^ b_s;
    wire [W-1:0]  q_inf = {q_s, EMAX, {MW{1'b0}}};
    wire [W-1:0]  q_zero = {q_s, {(W-1){1'b0}}};
    // FDIV: NaN, inf/inf, 0/0 -> NaN; inf/x, x/0 -> inf; x/inf, 0/x -> 0
    // FSQRT: NaN, below -0 -> NaN; +-0, +inf -> itself
    wire          sp = r_sqrt ? (b_nan || b_z || b_s || b_inf)
                              : (a_nan || b_nan || a_inf || b_inf || a_z || b_z);
    wire [W-1:0]  spv = r_sqrt ? ((b_nan || (b_s && !b_z)) ? QNAN : r_b)
                               : ((a_nan || b_nan || (a_inf && b_inf) || (a_z && b_z)) ? QNAN :
                                  (a_inf || b_z) ? q_inf : q_zero);
    wire [SIG-1:0] a_m = {a_e != {EW{1'b0}}, r_a[MW-1:0]};
    wire [SIG-1:0] b_m = {b_e != {EW{1'b0}}, r_b[MW-1:0]};
    // the leading-zero count of each significand (wq_fp_lzc)
    wire [LZW-1:0] lza, lzb;
    wq_fp_lzc #(.N(SIG)) u_lza (.i_in(a_m), .o_cnt(lza));
    wq_fp_lzc #(.N(SIG)) u_lzb (.i_in(b_m), .o_cnt(lzb));

    reg           l_sp, l_s;
    reg  [W-1:0]  l_spv;
    reg  [LZW-1:0] l_lza, l_lzb;
    always @(posedge i_clk)
        if (st == S_LZ) begin
            l_sp  <= sp;
            l_spv <= spv;
            l_s   <= r_sqrt ? 1'b0 : q_s;
            l_lza <= lza;
            l_lzb <= lzb;
        end

    // ---- NORM: normalise, set up the recurrence --------------------------------------
    wire [SIG-1:0] na = a_m << l_lza;
    wire [SIG-1:0] nb = b_m << l_lzb;
    // the exponents of the normalised significands (biased; <= 0 for a
    // subnormal's)
    wire [XW-1:0] ea = {{(XW-EW){1'b0}}, a_e | {{(EW-1){1'b0}}, a_e == {EW{1'b0}}}}
                       - {{(XW-LZW){1'b0}}, l_lza};
    wire [XW-1:0] eb = {{(XW-EW){1'b0}}, b_e | {{(EW-1){1'b0}}, b_e == {EW{1'b0}}}}
                       - {{(XW-LZW){1'b0}}, l_lzb};
    // FSQRT: eb - bias made even (the significand doubled when odd), halved
    wire [XW-1:0] eu  = eb - BIAS;
    wire [XW-1:0] eu2 = eu - {{(XW-1){1'b0}}, eu[0]};
    wire [XW-1:0] e_sq = {eu2[XW-1], eu2[XW-1:1]} + BIAS;
    wire [XW-1:0] e_dv = ea - eb + BIAS;

    reg  [N+2:0]   acc;        // FDIV's partial remainder / FSQRT's remainder
    reg  [SIG-1:0] dvs;        // FDIV's divisor
    reg  [2*N-1:0] rad;        // FSQRT's radicand, two bits a cycle from the top
    reg  [N-1:0]   q;          // the quotient / root bits
    reg  [XW-1:0]  n_e;        // the result's exponent (biased, signed)
    // one step of each recurrence
    wire [SIG:0]   dv_t = acc[SIG:0] - {1'b0, dvs};
    wire           dv_q = !dv_t[SIG];                 // r >= d (r < 2d: no borrow)
    wire [N+2:0]   sq_t = {acc[N:0], rad[2*N-1:2*N-2]} - {1'b0, q, 2'b01};
    wire           sq_q = !sq_t[N+2];
    always @(posedge i_clk)
        if (st == S_NORM) begin
            q   <= {N{1'b0}};
            dvs <= nb;
            if (r_sqrt) begin
                acc <= {(N+3){1'b0}};
                // {significand (doubled for an odd exponent), SIG + 3 zeros}
                rad <= {(eu[0] ? {nb, 1'b0} : {1'b0, nb}), {(SIG+3){1'b0}}};
                n_e <= e_sq;
            end else begin
                acc <= {{(N+3-SIG){1'b0}}, na};
                rad <= {(2*N){1'b0}};
                n_e <= e_dv;
            end
        end else if (st == S_IT) begin
            q   <= {q[N-2:0], r_sqrt ? sq_q : dv_q};
            rad <= {rad[2*N-3:0], 2'b00};
            if (r_sqrt)
                acc <= sq_q ? sq_t : {acc[N:0], rad[2*N-1:2*N-2]};
            else
                acc <= {{(N+2-SIG){1'b0}}, dv_q ? dv_t[SIG-1:0] : acc[SIG-1:0], 1'b0};
        end

    // ---- P1: normalise by one, the subnormal shift -----------------------------------
    wire           top = q[N-1];
    wire [N-1:0]   qn  = top ? q : {q[N-2:0], 1'b0};
    wire [XW-1:0]  e1  = top ? n_e : n_e - 1'b1;
    // e1 <= 0: a subnormal, the significand shifted right by 1 - e1
    wire           sub = e1[XW-1] || (e1 == {XW{1'b0}});
    localparam integer SMAXI = N + 1;
    localparam [XW-1:0] SMAX = SMAXI[XW-1:0];
    wire [XW-1:0]  sh  = {{(XW-1){1'b0}}, 1'b1} - e1;
    wire           shf = !sub ? 1'b0 : (sh > SMAX);
    reg  [N-1:0]   p1_q;
    reg            p1_st, p1_sub;
    reg  [SW-1:0]  p1_sh;
    reg  [XW-1:0]  p1_e;
    always @(posedge i_clk)
        if (st == S_P1) begin
            p1_q   <= qn;
            p1_st  <= (acc != {(N+3){1'b0}});
            p1_sub <= sub;
            p1_sh  <= !sub ? {SW{1'b0}} : shf ? SMAXI[SW-1:0] : sh[SW-1:0];
            p1_e   <= e1;
        end

    // ---- P2: the subnormal shift ---------------------------------------------------
    wire [2*N-1:0] x_sh = {p1_q, {N{1'b0}}} >> p1_sh;
    /* verilator lint_off UNUSEDSIGNAL */
    reg  [N-1:0]   p2_q;       // (the hidden bit is the exponent field's business)
    /* verilator lint_on UNUSEDSIGNAL */
    reg            p2_st;
    reg  [XW-1:0]  p2_ef;
    always @(posedge i_clk)
        if (st == S_P2) begin
            p2_q  <= x_sh[2*N-1:N];
            p2_st <= p1_st || (x_sh[N-1:0] != {N{1'b0}});
            p2_ef <= p1_sub ? {XW{1'b0}} : p1_e;
        end

    // ---- P3: round, overflow, the result ---------------------------------------------
    // p2_q: the significand (hidden bit first), a guard bit, one more
    wire           g   = p2_q[1];
    wire           stk = p2_q[0] || p2_st;
    wire           rup = g && (stk || p2_q[2]);
    wire [XW+MW-1:0] r = {p2_ef, p2_q[N-2:2]} + {{(XW+MW-1){1'b0}}, rup};
    wire           ovf = !r[XW+MW-1] && (r[XW+MW-1:MW] >= {{(XW-EW){1'b0}}, EMAX});
    reg  [W-1:0]   res;
    always @(posedge i_clk)
        if (st == S_P3)
            res <= l_sp ? l_spv : ovf ? {l_s, EMAX, {MW{1'b0}}} : {l_s, r[EW+MW-1:0]};
    assign o_res = res;

`ifdef FORMAL
    // The environment: reset first; the inputs are otherwise free.
    reg f_past_valid = 1'b0;
    always @(posedge i_clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(i_reset);

    // the handshake: nothing is taken while an operation is in flight; a
    // result stays, unchanged, until taken; each taken operation gives
    // one result exactly LAT cycles later (i_ready high at DONE)
    localparam LAT = N + 6;
    reg  [7:0] f_age;
    reg        f_busy;
    reg        f_op;
    reg [W-1:0] f_a, f_b;
    always @(posedge i_clk)
        if (i_reset) begin
            f_busy <= 1'b0;
            f_age  <= 8'd0;
        end else begin
            if (o_valid && i_ready) f_busy <= 1'b0;
            if (f_busy && !o_valid) f_age <= f_age + 8'd1;
            if (take) begin
                f_busy <= 1'b1;
                f_age  <= 8'd1;
                f_op   <= i_op;
                f_a    <= i_a;
                f_b    <= i_b;
            end
        end
    always @(*)
        if (f_past_valid && !i_reset) begin
            assert(o_ready == (!f_busy || (o_valid && i_ready)));
            assert(o_valid == (f_busy && f_age == LAT[7:0]));
            assert(f_age <= LAT[7:0]);
            assert(!f_busy == (st == S_IDLE));
        end
    always @(posedge i_clk)
        if (f_past_valid && !$past(i_reset) && $past(o_valid && !i_ready)) begin
            assert(o_valid);
            assert($stable(o_res));
        end

    // The reference checks the result by multiplication, never by a
    // division or a root: the operands and the result as exact integers
    // times a power of two, and for a finite non-zero result r with
    // neighbours half an ulp away (lo = r - ulp/2, hi = r + ulp/2):
    //   FDIV   lo * |b| <= |a| <= hi * |b|
    //   FSQRT  lo^2 <= b <= hi^2
    // with a tie (equality at an end) only allowed when r is even; a
    // zero or subnormal result and overflow at the ends of the range as
    // the same bounds with the range's neighbours.
    localparam FV = (1 << EW) + SIG + 2;     // a value in units of half the smallest subnormal
    function [FV-1:0] f_v2;                   // 2 |x| in units of the smallest subnormal
        input [W-1:0] x;
        f_v2 = {{(FV-SIG-1){1'b0}}, x[W-2:MW] != 0, x[MW-1:0], 1'b0} << (x[W-2:MW] == 0 ? 0 : x[W-2:MW] - 1);
    endfunction
    function [FV-1:0] f_half_ulp;             // half the ulp of x, in the same units
        input [W-1:0] x;
        f_half_ulp = {{(FV-1){1'b0}}, 1'b1} << (x[W-2:MW] == 0 ? 0 : x[W-2:MW] - 1);
    endfunction
    wire        fa_nan = f_a[W-2:MW] == EMAX && f_a[MW-1:0] != 0;
    wire        fb_nan = f_b[W-2:MW] == EMAX && f_b[MW-1:0] != 0;
    wire        fa_inf = f_a[W-2:0] == {EMAX, {MW{1'b0}}};
    wire        fb_inf = f_b[W-2:0] == {EMAX, {MW{1'b0}}};
    wire        fa_z = f_a[W-2:0] == 0, fb_z = f_b[W-2:0] == 0;
    wire        f_fin = !fa_nan && !fb_nan && !fa_inf && !fb_inf && !fa_z && !fb_z;
    wire [W-1:0] f_r = o_res;
    wire        fr_inf = f_r[W-2:0] == {EMAX, {MW{1'b0}}};
    // the result's bracket [lo, hi] (2x units): a finite r; infinity
    // stands for the values from the largest finite + half its ulp up
    localparam [W-1:0] FMAXV = {1'b0, EMAX - 1'b1, {MW{1'b1}}};
    wire [FV-1:0] r2  = fr_inf ? f_v2(FMAXV) + 2 * f_half_ulp(FMAXV) : f_v2(f_r);
    wire [FV-1:0] hu  = fr_inf ? f_half_ulp(FMAXV) : f_half_ulp(f_r);
    // (below a power of two the neighbour is half an ulp away: its
    // midpoint a quarter)
    wire          f_pow2 = !fr_inf && f_r[MW-1:0] == 0 && f_r[W-2:MW] > 1;
    wire [FV-1:0] lo  = r2 - (f_pow2 ? hu >> 1 : hu);
    wire [FV-1:0] hi  = r2 + hu;
    wire          even = fr_inf || !f_r[0];       // (infinity: 2^(emax+1), even)
    // FDIV: compare |a| * 2 with lo * |b| ... in 2x units both sides
    localparam PW = 2 * FV;
    wire [PW-1:0] a2 = {{FV{1'b0}}, f_v2(f_a)};
    wire [PW-1:0] b2 = {{FV{1'b0}}, f_v2(f_b)};
    wire [PW-1:0] lo_b = {{FV{1'b0}}, lo} * b2;
    wire [PW-1:0] hi_b = {{FV{1'b0}}, hi} * b2;
    // (a2 * 2^k against lo * b2: units 2x * 2x versus 2x; scale a2 by the
    // unit: one smallest-subnormal-half is 1, so a / b = r means
    // a2 * UNIT = r2 * b2 with UNIT the 2x value of 1.0)
    localparam [PW-1:0] UNIT = {{(PW-1){1'b0}}, 1'b1} << (BIASI + MW);
    wire [PW-1:0] a_u = a2 * UNIT;
    wire          div_ok = (lo_b < a_u || (lo_b == a_u && even) || (f_r[W-2:0] == 0)) &&
                           (a_u < hi_b || (a_u == hi_b && even) || fr_inf);
    // FSQRT: b2 * UNIT against lo^2, hi^2 (units: 2x * 2x)
    wire [PW-1:0] lo2 = {{FV{1'b0}}, lo} * {{FV{1'b0}}, lo};
    wire [PW-1:0] hi2 = {{FV{1'b0}}, hi} * {{FV{1'b0}}, hi};
    wire [PW-1:0] b_u = b2 * UNIT;
    wire          sq_ok = (lo2 < b_u || (lo2 == b_u && even)) && (b_u < hi2 || (b_u == hi2 && even));
    always @(*)
        if (f_past_valid && o_valid) begin
            if (!f_op) begin
                if (fa_nan || fb_nan || (fa_inf && fb_inf) || (fa_z && fb_z))
                    assert(o_res == QNAN);
                else if (fa_inf || fb_z)
                    assert(o_res == {f_a[W-1] ^ f_b[W-1], EMAX, {MW{1'b0}}});
                else if (fb_inf || fa_z)
                    assert(o_res == {f_a[W-1] ^ f_b[W-1], {(W-1){1'b0}}});
                else begin
                    assert(o_res[W-1] == (f_a[W-1] ^ f_b[W-1]));
                    assert(!(o_res[W-2:MW] == EMAX && o_res[MW-1:0] != 0));
                    assert(f_fin && div_ok);
                end
            end else begin
                if (fb_nan || (f_b[W-1] && !fb_z))
                    assert(o_res == QNAN);
                else if (fb_z || fb_inf)
                    assert(o_res == f_b);
                else begin
                    assert(!o_res[W-1] && o_res[W-2:MW] != EMAX && o_res[W-2:0] != 0);
                    assert(sq_ok);
                end
            end
        end

    // covers: a subnormal quotient, an overflow to infinity, a quotient
    // that rounds up to a power of two, a square root of a subnormal, a
    // result held while i_ready is low, back-to-back operations
    always @(*)
        if (f_past_valid && o_valid && i_ready) begin
            c_subn: cover(!f_op && f_fin && o_res[W-2:MW] == 0 && o_res[MW-1:0] != 0);
            c_ovf:  cover(!f_op && f_fin && fr_inf);
            c_sqs:  cover(f_op && f_b[W-2:MW] == 0 && f_b[MW-1:0] != 0 && !f_b[W-1]);
            c_back: cover(i_valid);
        end
    always @(*)
        c_hold: cover(f_past_valid && o_valid && !i_ready);
`endif
endmodule
