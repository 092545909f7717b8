// wq_div.v -- one lane's restoring divider for wq_core (DIVU, DIV, REMU,
// REM; exec_alu.c).
//
// The start takes the operands' magnitudes (i_sgn: negated when negative)
// -- quo the dividend, dv the divisor, rem 0 -- and the form; each of the W
// steps that follow shifts {rem, quo} left by one and subtracts dv from the
// upper W + 1 bits when that does not borrow, shifting a 1 (else a 0) into
// quo.  After W steps o_res is the result: quo or rem (i_rem), negated for
// the signed quotient when the signs differ and b != 0, for the signed
// remainder when a is negative.  b = 0 needs no case of its own: every step
// subtracts 0, leaving quotient ~0 and remainder a, and the signed forms
// keep ~0 (no negation when b = 0); the most negative a over -1 divides
// 2^(W-1) by 1 and negates it back to itself, remainder 0 -- RISC-V's
// results.  wq_core instantiates one a lane with W = 32 and counts the
// steps for all lanes (a part beat holds EX 34 cycles); W is a parameter
// so that the formal job can check the whole division, every step and the
// end, at a width a SAT solver finishes (the datapath is the same text).
`default_nettype none

module wq_div #(
    parameter W = 32                      // operand width
) (
    input  wire         i_clk,
    input  wire         i_start,          // latch the operands and the form
    input  wire         i_step,           // one quotient bit (not with i_start)
    input  wire         i_sgn,            // DIV / REM: signed operands
    input  wire         i_rem,            // REMU / REM: the result is the remainder
    input  wire [W-1:0] i_a,              // dividend
    input  wire [W-1:0] i_b,              // divisor
    output wire [W-1:0] o_res             // the result, W steps after the start
);
    reg  [W-1:0] rem, quo, dv;
    reg          neg_q, neg_r, want_r;
    wire [W-1:0] a_mag = (i_sgn && i_a[W-1]) ? ({W{1'b0}} - i_a) : i_a;
    wire [W-1:0] b_mag = (i_sgn && i_b[W-1]) ? ({W{1'b0}} - i_b) : i_b;
    wire [W:0]   d_sh  = {rem, quo[W-1]};
    // (bit W of a difference that does not borrow is 0: rem < dv between
    // steps, so d_sh - dv < dv)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [W+1:0] d_dif = {1'b0, d_sh} - {2'b00, dv};
    /* verilator lint_on UNUSEDSIGNAL */
    wire         d_ok  = !d_dif[W+1];     // no borrow: the quotient bit is 1

    always @(posedge i_clk)
        if (i_start) begin
            rem <= {W{1'b0}};
            quo <= a_mag;
            dv  <= b_mag;
        end else if (i_step) begin
            rem <= d_ok ? d_dif[W-1:0] : d_sh[W-1:0];
            quo <= {quo[W-2:0], d_ok};
        end

    // the form and the signs to put back
    always @(posedge i_clk)
        if (i_start) begin
            neg_q  <= i_sgn && (i_a[W-1] != i_b[W-1]) && (i_b != {W{1'b0}});
            neg_r  <= i_sgn && i_a[W-1];
            want_r <= i_rem;
        end

    wire [W-1:0] raw = want_r ? rem : quo;
    assign o_res = (want_r ? neg_r : neg_q) ? ({W{1'b0}} - raw) : raw;

`ifdef FORMAL
    // The protocol (wq_core's step counter), assumed: steps only after a
    // start, at most W of them.  f_n counts the steps since the start;
    // f_a, f_b and the form are the start's.
    reg          f_go = 1'b0;
    reg  [6:0]   f_n = 7'd0;
    reg  [W-1:0] f_a, f_b;
    reg          f_sgn, f_rem;
    always @(posedge i_clk)
        if (i_start) begin
            f_go <= 1'b1; f_n <= 7'd0;
            f_a <= i_a; f_b <= i_b; f_sgn <= i_sgn; f_rem <= i_rem;
        end else if (i_step)
            f_n <= f_n + 7'd1;
    always @(*) if (i_step && !i_start) assume(f_go && f_n < W);
    always @(*) assert(f_n <= W);

    wire [W-1:0]   f_am = (f_sgn && f_a[W-1]) ? ({W{1'b0}} - f_a) : f_a;
    wire [W-1:0]   f_bm = (f_sgn && f_b[W-1]) ? ({W{1'b0}} - f_b) : f_b;
    wire [2*W-1:0] f_ones = {(2*W){1'b1}};
    // after n steps: quo holds am's low W - n bits above n quotient bits
    // q; the top n bits t of am are q * dv + rem with rem < dv (dv = 0: q
    // is all ones and rem is t)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [2*W-1:0] f_q  = {{W{1'b0}}, quo} & ~(f_ones << f_n);
    wire [2*W-1:0] f_qd = f_q[W-1:0] * dv;   // (W x W bits: no wrap)
    wire [2*W-1:0] f_ql = {{W{1'b0}}, quo} >> f_n;
    wire [2*W-1:0] f_al = {{W{1'b0}}, f_am} & ~(f_ones << (W - f_n));
    wire [2*W-1:0] f_t  = {{W{1'b0}}, f_am} >> (W - f_n);
    /* verilator lint_on UNUSEDSIGNAL */
    always @(*)
        if (f_go) begin
            assert(dv == f_bm);
            assert(want_r == f_rem);
            assert(neg_q == (f_sgn && (f_a[W-1] != f_b[W-1]) && f_b != {W{1'b0}}));
            assert(neg_r == (f_sgn && f_a[W-1]));
            assert(f_ql == f_al);
            if (dv == {W{1'b0}})
                assert(f_q == ~(f_ones << f_n) && {{W{1'b0}}, rem} == f_t);
            else
                assert(f_qd + {{W{1'b0}}, rem} == f_t && rem < dv);
        end

    // the end: RISC-V's results (the signed ones from Verilog's truncating
    // signed division, b = 0 and the most negative a over -1 by name)
    wire [W-1:0] f_min = {1'b1, {(W-1){1'b0}}};
    wire         f_b0  = (f_b == {W{1'b0}});
    wire         f_ovf = f_sgn && f_a == f_min && f_b == {W{1'b1}};
    wire [W-1:0] f_sq  = $signed(f_a) / $signed(f_b);
    wire [W-1:0] f_sr  = $signed(f_a) % $signed(f_b);
    wire [W-1:0] f_uq  = f_a / f_b;
    wire [W-1:0] f_ur  = f_a % f_b;
    wire [W-1:0] f_quo = f_b0 ? {W{1'b1}} : f_ovf ? f_min : f_sgn ? f_sq : f_uq;
    wire [W-1:0] f_rmd = f_b0 ? f_a : f_ovf ? {W{1'b0}} : f_sgn ? f_sr : f_ur;
    always @(*)
        if (f_go && f_n == W)
            assert(o_res == (f_rem ? f_rmd : f_quo));

    // covers: each form ending on its edge cases and on an ordinary pair
    always @(*)
        if (f_go && f_n == W) begin
            c_divu:     cover(!f_sgn && !f_rem && !f_b0 && f_a[W-1] && f_uq > 1);
            c_div_neg:  cover(f_sgn && !f_rem && f_a[W-1] && !f_b[W-1] && !f_b0 && f_sr != 0);
            c_rem_neg:  cover(f_sgn && f_rem && f_a[W-1] && f_b[W-1] && f_sr != 0);
            c_remu:     cover(!f_sgn && f_rem && f_ur > 1);
            c_div_zero: cover(f_sgn && !f_rem && f_b0 && f_a[W-1]);
            c_rem_zero: cover(f_sgn && f_rem && f_b0 && f_a[W-1]);
            c_div_ovf:  cover(f_ovf && !f_rem);
            c_rem_ovf:  cover(f_ovf && f_rem);
        end
`endif
endmodule
