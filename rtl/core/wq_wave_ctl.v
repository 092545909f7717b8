// wq_wave_ctl.v -- the cache-driven wave mode's control unit (DESIGN §6.4,
// docs/rtl/wq_wave_ctl.md): it measures the L1's miss rate over a window of
// read lookups and decides whether SUBV_AUTO segments run in sub-vector
// mode (the rate is above the threshold) or in normal mode.
//
// A window is WAVE_WINDOW read lookups (i_hit or i_miss, one a cycle at
// most); when its last lookup comes, the decision becomes "the window's
// misses > WAVE_THRESH" -- a rate threshold of THRESH / WINDOW without a
// divider -- and a new window starts.  WINDOW = 0 ends no window (the
// decision holds).  A write to WAVE_WINDOW or WAVE_THRESH (i_restart)
// starts a new window, keeping the decision.  WAVE_CTL.MODE forces either
// mode (o_subv) or lets the decision through (AUTO, and the reserved 3).
//
// The core samples o_subv when a SUBV_AUTO enters its commit stage and
// reports the mode it took on the commit stream (RETIRE.a); the model has
// no cache and follows that report (docs/rtl/commit.md, rule 4).
`default_nettype none
`include "wq_defs.vh"

module wq_wave_ctl #(
    parameter CW = 16                       // counter width: WAVE_WINDOW.N's
) (
    input  wire          i_clk,
    input  wire          i_reset,
    input  wire          i_hit,             // an L1 read lookup that hit
    input  wire          i_miss,            // an L1 read lookup that missed
    input  wire [1:0]    i_mode,            // WAVE_CTL.MODE
    input  wire [CW-1:0] i_window,          // WAVE_WINDOW.N
    input  wire [CW-1:0] i_thresh,          // WAVE_THRESH.N
    input  wire          i_restart,         // WAVE_WINDOW / WAVE_THRESH written
    output wire          o_subv,            // SUBV_AUTO's mode now: 1 sub-vector
    output reg           o_dec              // the measured decision (AUTO's)
);
    localparam [31:0] M_SUBV = `WQ_CSRVAL_WAVE_MODE_SUBV;
    localparam [31:0] M_NORM = `WQ_CSRVAL_WAVE_MODE_NORMAL;
    reg  [CW-1:0] cnt;                      // lookups so far in the window
    reg  [CW-1:0] mcnt;                     // misses so far in the window
    wire          look  = i_hit || i_miss;
    wire [CW:0]   cnt1  = {1'b0, cnt} + {{CW{1'b0}}, 1'b1};
    wire [CW:0]   mcnt1 = {1'b0, mcnt} + {{CW{1'b0}}, i_miss};
    wire          wend  = look && i_window != {CW{1'b0}} && cnt1 >= {1'b0, i_window};

    always @(posedge i_clk)
        if (i_reset || i_restart || wend) begin
            cnt  <= {CW{1'b0}};
            mcnt <= {CW{1'b0}};
        end else if (look && i_window != {CW{1'b0}}) begin
            cnt  <= cnt1[CW-1:0];
            mcnt <= mcnt1[CW-1:0];
        end

    always @(posedge i_clk)
        if (i_reset) o_dec <= 1'b0;
        else if (wend && !i_restart) o_dec <= mcnt1 > {1'b0, i_thresh};

    assign o_subv = (i_mode == M_SUBV[1:0]) ? 1'b1 :
                    (i_mode == M_NORM[1:0]) ? 1'b0 : o_dec;

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job wave_ctl): BMC, induction
    // and covers.  The CSRs change only after a restart (wq_top pulses
    // i_restart with the write, the register takes the value at the same
    // edge as the counters clear); a lookup hits or misses.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);
    always @(*) assume(!(i_hit && i_miss));
    reg [CW-1:0] f_win, f_thr;
    reg          f_rs;
    always @(posedge i_clk) begin
        f_win <= i_window;
        f_thr <= i_thresh;
        f_rs  <= i_restart;
    end
    always @(*)
        if (f_past && !f_rs) assume(i_window == f_win && i_thresh == f_thr);
    // the window's counts: fewer lookups than the window, no more misses
    // than lookups
    always @(*)
        if (f_past) begin
            assert(mcnt <= cnt);
            if (i_window != {CW{1'b0}}) assert(cnt < i_window);
            else assert(cnt == {CW{1'b0}});
        end
    // the forced modes win; AUTO (and 3) pass the decision
    always @(*) begin
        if (i_mode == M_SUBV[1:0]) assert(o_subv);
        else if (i_mode == M_NORM[1:0]) assert(!o_subv);
        else assert(o_subv == o_dec);
    end
    // the decision changes only at a window's end, to its misses > THRESH
    always @(posedge i_clk)
        if (f_past && !$past(i_reset)) begin
            if ($past(wend && !i_restart))
                assert(o_dec == ($past(mcnt1) > {1'b0, $past(i_thresh)}));
            else
                assert(o_dec == $past(o_dec));
        end
    always @(posedge i_clk)
        if (f_past && $past(i_reset)) assert(!o_dec && cnt == {CW{1'b0}} && mcnt == {CW{1'b0}});
    // covers: the decision rises and falls by measurement; a window ends
    // on a hit with misses at the threshold (no rise)
    always @(posedge i_clk)
        if (f_past && !i_reset && !$past(i_reset)) begin
            c_rise: cover(o_dec && !$past(o_dec));
            c_fall: cover(!o_dec && $past(o_dec));
            c_edge: cover($past(wend && i_hit && mcnt == i_thresh && i_thresh != 0) && !o_dec);
        end
`endif
endmodule
