// wq_issue.v -- the pipelined core's issue stage (IS) and scoreboard
// (docs/rtl/wq_issue.md): which warp issues this cycle, and which warps
// have an instruction in flight.
//
// A warp is ready when it runs (i_run_v), has no instruction in flight
// (o_busy) and its thread ids are all written (i_tw_pend).  IS picks the
// next ready warp after the one issued last (rr, round robin); the warp
// whose miss started the last fetch run goes first (i_pref_*) while that
// run is over, so that its words are used before another run can evict
// them.  The core says when an issue may happen (i_can_go: the hold, the
// run phase, FE free, nothing squashed); o_go issues o_pick.
//
// The scoreboard o_busy has a bit a warp: set at issue, cleared when the
// instruction is dropped (a buffer miss in FE, a squash of FE, the skid
// buffers between FE and DE and between DE and EX, DE, EX or the skid
// buffer between EX and WB)
// or commits (WB's commit, the completion path's; a store that wrote code
// drops the younger queue entries and WB's beat).  The requests come in
// as ports and are applied in this order within the cycle, a later one
// winning over an earlier one on the same warp: issue, FE's miss, EX's
// and the EX/WB buffer's drop, FE's, the skid buffers' and DE's squash, WB's commit, the completion's commit, its
// drops.  With one instruction a warp in flight there is no register
// hazard between instructions in flight: the scoreboard is this bit.
`default_nettype none

module wq_issue #(
    parameter WARPS = 8,
    parameter WID_W = (WARPS > 1) ? $clog2(WARPS) : 1
) (
    input  wire                 i_clk,
    input  wire                 i_reset,
    // the slots: running warps, warps whose thread ids are not all written
    input  wire [WARPS-1:0]     i_run_v,
    input  wire [WARPS-1:0]     i_tw_pend,
    // fetch: the warp whose miss started the last fetch run, a run going on
    input  wire                 i_pref_v,
    input  wire [WID_W-1:0]     i_pref_w,
    input  wire                 i_fl_on,
    // issue: allowed this cycle; the warp picked, whether it issues
    input  wire                 i_can_go,
    output reg  [WID_W-1:0]     o_pick,
    output wire                 o_go,
    // ... and under a second permission (the hold's burst test: the core's
    // issue but for a completion's squash, which never meets WB's commit)
    input  wire                 i_can_go_nc,
    output wire                 o_go_nc,
    output wire [WARPS-1:0]     o_ready_v,
    // the scoreboard and its clears (in the order applied)
    output reg  [WARPS-1:0]     o_busy,
    input  wire                 i_fe_miss,      // FE's buffer miss drops warp i_f_w's instruction
    input  wire [WID_W-1:0]     i_f_w,
    input  wire                 i_x_drop,       // EX's beat is dropped
    input  wire [WID_W-1:0]     i_x_w,
    input  wire                 i_xb_drop,      // the EX/WB buffer's beat is dropped
    input  wire [WID_W-1:0]     i_xb_w,
    input  wire                 i_squash,       // FE, the skid buffers and DE are dropped
    input  wire                 i_f_v,          //   (i_f_v, i_s_v, i_dx_v, i_d_v: they hold one;
    input  wire                 i_s_v,          //   i_s_* the FE/DE buffer's, i_dx_* the DE/EX
    input  wire [WID_W-1:0]     i_s_w,          //   buffer's)
    input  wire                 i_dx_v,
    input  wire [WID_W-1:0]     i_dx_w,
    input  wire                 i_d_v,
    input  wire [WID_W-1:0]     i_d_w,
    input  wire                 i_wb_done,      // WB commits warp i_b_w's instruction
    input  wire [WID_W-1:0]     i_b_w,
    input  wire                 i_cm_done,      // the completion path commits warp i_cm_w's
    input  wire [WID_W-1:0]     i_cm_w,
    input  wire [WARPS-1:0]     i_cm_drop,      // ... and drops these warps' (a store wrote code)
    input  wire                 i_cm_wb         // ... and WB's beat
);
    reg  [WID_W-1:0] rr;                        // the warp issued last
    reg              pick_ok;
    assign o_ready_v = i_run_v & ~o_busy & ~i_tw_pend;
    assign o_go      = i_can_go && pick_ok;
    assign o_go_nc   = i_can_go_nc && pick_ok;

    // the next ready warp after rr; the fetch run's warp first.  A tree,
    // not a chain through the warps: the ready warps above rr (a mask
    // decoded from the register rr) and all of them each give their
    // lowest (a prefix OR), the first when it has one, else the second; the
    // pick is one-hot (p_oh) and sets its busy bit directly, its index is
    // an OR of the bits (docs/rtl/wq_issue.md, "Timing")
    reg  [WARPS-1:0] p_above;                   // warps after rr, before the wrap
    reg  [WARPS-1:0] p_lo_a, p_lo_r;            // the lowest ready above rr, the lowest ready
    reg  [WARPS-1:0] p_rr, p_oh;                // the round-robin pick, the pick (one-hot)
    reg  [WARPS-1:0] p_pref;                    // the fetch run's warp, when it goes first
    reg              p_pref_go;
    integer pi;
    always @(*) begin : picker
        reg [WARPS-1:0] ra, seen_a, seen_r;
        for (pi = 0; pi < WARPS; pi = pi + 1)
            p_above[pi] = pi[WID_W-1:0] > rr;
        ra = o_ready_v & p_above;
        seen_a[0] = 1'b0;
        seen_r[0] = 1'b0;
        for (pi = 1; pi < WARPS; pi = pi + 1) begin
            seen_a[pi] = seen_a[pi-1] | ra[pi-1];
            seen_r[pi] = seen_r[pi-1] | o_ready_v[pi-1];
        end
        p_lo_a = ra & ~seen_a;
        p_lo_r = o_ready_v & ~seen_r;
        p_rr = (ra != {WARPS{1'b0}}) ? p_lo_a : p_lo_r;
        p_pref = {WARPS{1'b0}};
        for (pi = 0; pi < WARPS; pi = pi + 1)
            p_pref[pi] = i_pref_w == pi[WID_W-1:0];
        p_pref_go = i_pref_v && !i_fl_on && ((p_pref & o_ready_v) != {WARPS{1'b0}});
        p_oh = p_pref_go ? p_pref : p_rr;
        pick_ok = o_ready_v != {WARPS{1'b0}};
        o_pick = {WID_W{1'b0}};
        for (pi = 0; pi < WARPS; pi = pi + 1)
            if (p_oh[pi]) o_pick = o_pick | pi[WID_W-1:0];
    end

    // the scoreboard's next state: the issue's bit set, then the clears
    // (a vector of each request's bits, ORed: the order above only says
    // that a clear wins over the issue of the same cycle).  The clears
    // whose strobes come late in the cycle -- the squash, WB's commit and
    // the completion's end (wq_core's decisions behind WB's record walk
    // and the completion's grant) -- are each a strobe and a vector of the
    // warps it clears, formed from registers, and enter at the last
    // levels: the set and the other clears, and the three vectors, are
    // kept nets, so the LUT mapper does not bury the strobes under the
    // warp compares.
    (* keep *) wire [WARPS-1:0] b_base;         // the issue's set, the early clears
    (* keep *) wire [WARPS-1:0] b_sqh;          // the warps the squash drops
    (* keep *) wire [WARPS-1:0] b_bwh;          // WB's warp
    (* keep *) wire [WARPS-1:0] b_cmh;          // the warps the completion's end clears
    wire       [WARPS-1:0] b_clr0;              // the early clears
    genvar gk;
    generate for (gk = 0; gk < WARPS; gk = gk + 1) begin : g_clr
        localparam [WID_W-1:0] K = gk;
        assign b_clr0[gk] = (i_fe_miss && i_f_w == K) ||     // issued again after a fetch run fills it
                            (i_x_drop && i_x_w == K) || (i_xb_drop && i_xb_w == K);
        assign b_sqh[gk]  = (i_f_v && i_f_w == K) || (i_s_v && i_s_w == K) ||
                            (i_dx_v && i_dx_w == K) || (i_d_v && i_d_w == K);
        assign b_bwh[gk]  = i_b_w == K;
        assign b_cmh[gk]  = i_cm_w == K || i_cm_drop[gk] || (i_cm_wb && i_b_w == K);
    end endgenerate
    assign b_base = (o_busy | (i_can_go ? p_oh : {WARPS{1'b0}})) & ~b_clr0;
    wire [WARPS-1:0] busy_nx = b_base & ~({WARPS{i_squash}} & b_sqh) & ~({WARPS{i_wb_done}} & b_bwh) &
                               ~({WARPS{i_cm_done}} & b_cmh);
    always @(posedge i_clk) begin
        o_busy <= busy_nx;
        if (o_go) rr <= o_pick;
        if (i_reset) begin
            o_busy <= {WARPS{1'b0}};
            rr <= {WID_W{1'b0}};
        end
    end

`ifdef FORMAL
    // Checked inside the core (scripts/formal.sh, job core) and alone (job
    // issue): the pick, round robin, the scoreboard's set.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
`ifdef FORMAL_ISSUE_TOP
    always @(*) if (!f_past) assume(i_reset);
`endif
    // the pick's round-robin order: no ready warp lies strictly between rr
    // and the round-robin pick (cyclically)
    reg [WID_W-1:0] f_rrp;                      // the pick without the preference
    reg             f_skip;                     // a ready warp was passed over
    integer fi;
    always @(*) begin : f_rr
        reg [WID_W:0] fk;
        f_rrp = o_pick;
        f_skip = 1'b0;
        for (fi = 1; fi <= WARPS; fi = fi + 1) begin
            fk = ({1'b0, rr} + fi[WID_W:0]);
            if ({{(31-WID_W){1'b0}}, fk} >= WARPS) fk = fk - WARPS[WID_W:0];
            if (o_ready_v[fk[WID_W-1:0]] && !f_skip) begin
                f_rrp = fk[WID_W-1:0];
                f_skip = 1'b1;
            end
        end
    end
    // the scoreboard's next state is the set and every clear, each
    // request's bits as the model's requests read
    reg [WARPS-1:0] f_clr;
    always @(*) begin
        f_clr = {WARPS{1'b0}};
        for (fi = 0; fi < WARPS; fi = fi + 1) begin
            if (i_fe_miss && i_f_w == fi[WID_W-1:0]) f_clr[fi] = 1'b1;
            if (i_x_drop && i_x_w == fi[WID_W-1:0]) f_clr[fi] = 1'b1;
            if (i_xb_drop && i_xb_w == fi[WID_W-1:0]) f_clr[fi] = 1'b1;
            if (i_squash && ((i_f_v && i_f_w == fi[WID_W-1:0]) || (i_s_v && i_s_w == fi[WID_W-1:0]) ||
                             (i_dx_v && i_dx_w == fi[WID_W-1:0]) || (i_d_v && i_d_w == fi[WID_W-1:0])))
                f_clr[fi] = 1'b1;
            if (i_wb_done && i_b_w == fi[WID_W-1:0]) f_clr[fi] = 1'b1;
            if (i_cm_done && (i_cm_w == fi[WID_W-1:0] || i_cm_drop[fi] || (i_cm_wb && i_b_w == fi[WID_W-1:0])))
                f_clr[fi] = 1'b1;
        end
    end
    always @(*) if (f_past && !i_reset)
        assert(busy_nx == ((o_busy | (i_can_go ? p_oh : {WARPS{1'b0}})) & ~f_clr));
    always @(*) if (f_past && !i_reset) begin
        // a warp issues only when ready, and only a ready warp is picked
        if (pick_ok) assert(o_ready_v[o_pick]);
        if (!pick_ok) assert(o_ready_v == {WARPS{1'b0}});
        if (o_go) assert(!o_busy[o_pick] && i_run_v[o_pick] && !i_tw_pend[o_pick]);
        // the pick is the first ready warp after rr, or the fetch run's
        if (pick_ok && !(i_pref_v && !i_fl_on && o_ready_v[i_pref_w])) assert(o_pick == f_rrp);
    end
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset) begin
            // an issue is the last issued, and its warp is busy unless a
            // drop of the same cycle freed it
            if ($past(o_go)) assert(rr == $past(o_pick));
            if ($past(o_go) && !$past(i_fe_miss) && !$past(i_x_drop) && !$past(i_xb_drop) &&
                !$past(i_squash) &&
                !$past(i_wb_done) && !$past(i_cm_done))
                assert(o_busy[$past(o_pick)]);
        end
`ifdef FORMAL_ISSUE_TOP
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            // an issue; the fetch run's warp goes before the round-robin one
            c_go:   cover(o_go);
            c_pref: cover(o_go && o_pick != f_rrp);
        end
`endif
`endif
endmodule
