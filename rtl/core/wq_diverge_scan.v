// wq_diverge_scan.v -- the divergence unit's part scan (docs/rtl/wq_diverge_scan.md;
// docs/rtl/wq_diverge.md): the compares of WB's warp's 32 threads against
// the addresses reconvergence, a sub-vector segment and RET ask about,
// made one part of LANES threads a cycle instead of 32 at once.
//
// Each cycle the scan reads part p of the warp's wait-address row
// (i_wt) and of its targets (i_tgt) through one PARTS-way select and
// compares those LANES addresses with the segment's start (o_start), its
// end (o_end), the deque answer's address (o_dq, wait addresses; o_h,
// targets) and the walk's group target (o_g, targets); it also picks the
// wait address of the one-hot thread i_one (o_lpat: the loop form's
// parked address).  After PARTS cycles every part is in and o_ok rises.
// wq_diverge restarts the scan (i_inv) whenever an input may change, and
// in reset (i_inv holds while i_reset does: the restart is the part
// counter's and flags' one synchronous reset, the flip-flops' LSR, with
// no OR of the two in front of it); the results it reads wait for o_ok.
// o_g_ok is o_g's own flag: a restart for another reason rewrites o_g
// with the same compares, so it stays valid unless the targets or the
// group target changed (i_g_inv, i_g_inv_d).
// With one part (LANES = 32) the compares are of the present inputs: no
// registers, o_ok is constant, and o_g_ok falls for the cycle after each
// of i_g_inv and i_g_inv_d (wq_diverge's own compare of PC+1 with the
// group target is registered: it is a cycle behind the target).
`default_nettype none

module wq_diverge_scan #(
    parameter LANES = 32,
    parameter PCW   = 16
) (
    input  wire                 i_clk,
    input  wire                 i_reset,
    input  wire [32*PCW-1:0]    i_wt,       // the warp's wait addresses (thread l at l*PCW)
    input  wire [32*PCW-1:0]    i_tgt,      // its per-thread targets
    input  wire [31:0]          i_one,      // one thread (or none) whose address o_lpat is
    input  wire [PCW-1:0]       i_start,    // the segment's start
    input  wire [PCW-1:0]       i_end_at,   // its end
    input  wire [PCW-1:0]       i_dq_addr,  // the deque answer's address
    input  wire [PCW-1:0]       i_g_t0,     // the walk's group target
    input  wire                 i_inv,      // restart: an input may change, or reset
    input  wire                 i_g_inv,    // the targets or the group's change (with i_inv)
    input  wire                 i_g_inv_d,  // the group target caught up (with i_inv)
    output wire                 o_ok,       // every part compared since the last restart
    output wire [31:0]          o_start,    // wait address == i_start, a thread
    output wire [31:0]          o_end,      //              == i_end_at
    output wire [31:0]          o_dq,       //              == i_dq_addr
    output wire [31:0]          o_h,        // target == i_dq_addr
    output wire [31:0]          o_g,        // target == i_g_t0
    output wire                 o_g_ok,     // o_g is in (a scan since i_g_inv / i_g_inv_d)
    output wire [PCW-1:0]       o_lpat      // i_one's wait address (0 when none)
);
    localparam PARTS = 32 / LANES;

    wire [5:0]           sc_p;          // the part compared this cycle
    // part sc_p of the row and of the targets (AND-OR selects: a constant
    // part each)
    reg  [LANES*PCW-1:0] sc_wt, sc_tg;
    integer sp;
    always @(*) begin
        sc_wt = {LANES*PCW{1'b0}};
        sc_tg = {LANES*PCW{1'b0}};
        for (sp = 0; sp < PARTS; sp = sp + 1)
            if (sc_p == sp[5:0]) begin
                sc_wt = sc_wt | i_wt[sp*LANES*PCW +: LANES*PCW];
                sc_tg = sc_tg | i_tgt[sp*LANES*PCW +: LANES*PCW];
            end
    end
    // that part's compares
    reg  [LANES-1:0]     sc_start, sc_end, sc_dq, sc_h, sc_g;
    integer sl;
    always @(*) begin
        for (sl = 0; sl < LANES; sl = sl + 1) begin
            sc_start[sl] = sc_wt[sl*PCW +: PCW] == i_start;
            sc_end[sl] = sc_wt[sl*PCW +: PCW] == i_end_at;
            sc_dq[sl] = sc_wt[sl*PCW +: PCW] == i_dq_addr;
            sc_h[sl] = sc_tg[sl*PCW +: PCW] == i_dq_addr;
            sc_g[sl] = sc_tg[sl*PCW +: PCW] == i_g_t0;
        end
    end

    generate if (PARTS == 1) begin : g_scan1
        assign o_ok = 1'b1;
        assign sc_p = 6'd0;
        assign o_start = sc_start;
        assign o_end = sc_end;
        assign o_dq = sc_dq;
        assign o_h = sc_h;
        assign o_g = sc_g;
        // (o_g compares the present i_g_t0: in the cycle after the change;
        // and after i_g_inv_d, the target's own change, for wq_diverge's
        // registered compare of it with PC+1)
        reg            q_tv;
        always @(posedge i_clk)
            q_tv <= !(i_g_inv || i_g_inv_d) || i_reset;
        assign o_g_ok = q_tv;
        // (one part: the present pick's address)
        reg  [PCW-1:0] sc_at;
        integer s1;
        always @(*) begin
            sc_at = {PCW{1'b0}};
            for (s1 = 0; s1 < LANES; s1 = s1 + 1)
                if (i_one[s1]) sc_at = sc_at | i_wt[s1*PCW +: PCW];
        end
        assign o_lpat = sc_at;
        wire unused_scan = &{1'b0, i_inv};
    end else begin : g_scan
        // the one-hot pick registered, q_one, and the parts' addresses
        // picked by it -- part sc_p's and part 0's (a constant select):
        // the loop form's address is formed from a flip-flop (i_one comes
        // behind WB's warp's parked half, its reconvergence parts and a
        // lowest-one search, the divergence unit's deepest path when the
        // scan picked by it)
        reg  [31:0]      q_one;
        reg  [LANES-1:0] sc_one_q;      // part sc_p of q_one
        reg  [PCW-1:0]   sc_atq;        // part sc_p's address, by q_one
        reg  [PCW-1:0]   sc_at0;        // part 0's, by q_one
        integer sq, s0;
        always @(*) begin
            sc_at0 = {PCW{1'b0}};
            sc_atq = {PCW{1'b0}};
            sc_one_q = {LANES{1'b0}};
            for (sq = 0; sq < PARTS; sq = sq + 1)
                if (sc_p == sq[5:0]) sc_one_q = sc_one_q | q_one[sq*LANES +: LANES];
            for (s0 = 0; s0 < LANES; s0 = s0 + 1) begin
                if (q_one[s0]) sc_at0 = sc_at0 | i_wt[s0*PCW +: PCW];
                if (sc_one_q[s0]) sc_atq = sc_atq | sc_wt[s0*PCW +: PCW];
            end
        end
        reg            q_ok;
        reg  [5:0]     q_p;
        reg  [31:0]    q_start, q_end, q_dq, q_h, q_g;
        reg  [PCW-1:0] q_lpat;
        integer qp;
        always @(posedge i_clk) begin
            if (!q_ok) begin
                for (qp = 0; qp < PARTS; qp = qp + 1)
                    if (q_p == qp[5:0]) begin
                        q_start[qp*LANES +: LANES] <= sc_start;
                        q_end[qp*LANES +: LANES] <= sc_end;
                        q_dq[qp*LANES +: LANES] <= sc_dq;
                        q_h[qp*LANES +: LANES] <= sc_h;
                        q_g[qp*LANES +: LANES] <= sc_g;
                    end
                // the loop form's address a part behind the compares:
                // q_one is i_one from the scan's second cycle on (an
                // input changes only in the cycle after a restart), so
                // the first cycle adds nothing and the second adds parts
                // 0 and 1 -- complete with the last part, as o_ok rises
                if (q_p != 6'd0) q_lpat <= q_lpat | sc_atq | ((q_p == 6'd1) ? sc_at0 : {PCW{1'b0}});
                if ({26'd0, q_p} == PARTS - 1) q_ok <= 1'b1;
                else q_p <= q_p + 6'd1;
            end
            if (i_inv) begin
                q_ok <= 1'b0;
                q_p <= 6'd0;
                q_lpat <= {PCW{1'b0}};
            end
        end
        assign o_ok = q_ok;
        assign sc_p = q_p;
        assign o_start = q_start;
        assign o_end = q_end;
        assign o_dq = q_dq;
        assign o_h = q_h;
        assign o_g = q_g;
        // o_g_ok: a scan has completed since the last i_g_inv / i_g_inv_d
        // (o_ok, or kept across a restart for another reason)
        reg            q_gv;
        always @(posedge i_clk)
            if (i_g_inv || i_g_inv_d || i_reset) q_gv <= 1'b0;
            else if (q_ok) q_gv <= 1'b1;
        assign o_g_ok = q_ok || q_gv;
        assign o_lpat = q_lpat;
        always @(posedge i_clk)
            q_one <= i_one;
    end endgenerate

`ifdef FORMAL
    // Standalone (scripts/formal.sh, job diverge_scan) under the unit's
    // contract: an input changes only in the cycle after a restart
    // (i_inv), the targets only in the cycle after i_g_inv, the group
    // target only in the cycle after i_g_inv or i_g_inv_d (it is the
    // registered select of the targets), and both of those are restarts.  Inside
    // wq_core (job core) wq_diverge relaxes the contract for exited
    // threads' bits, which its users mask, and asserts the masked
    // equalities where it reads the results.
`ifdef FORMAL_DIVERGE_SCAN
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*)
        if (!f_past) assume(i_reset);
    always @(*)
        if (i_g_inv || i_g_inv_d || i_reset) assume(i_inv);
    // (the last cycle's inputs, registered, so the contract is an
    // assumption on the present cycle)
    reg              f_inv, f_ginv, f_ginv_d;
    reg [32*PCW-1:0] f_wt, f_tgt;
    reg [31:0]       f_one;
    reg [PCW-1:0]    f_st, f_en, f_da, f_gt;
    always @(posedge i_clk) begin
        f_inv <= i_inv; f_ginv <= i_g_inv; f_ginv_d <= i_g_inv_d;
        f_wt <= i_wt; f_tgt <= i_tgt; f_one <= i_one;
        f_st <= i_start; f_en <= i_end_at; f_da <= i_dq_addr; f_gt <= i_g_t0;
    end
    always @(*)
        if (f_past) begin
            if (!f_inv)
                assume(i_wt == f_wt && i_one == f_one && i_start == f_st &&
                       i_end_at == f_en && i_dq_addr == f_da);
            if (!f_ginv) assume(i_tgt == f_tgt);
            if (!f_ginv && !f_ginv_d) assume(i_g_t0 == f_gt);
        end
    // i_one is one-hot or zero
    always @(*)
        assume((i_one & (i_one - 32'd1)) == 32'd0);
    // the compares over all 32 threads at once
    reg  [31:0]    f_start, f_end, f_dq, f_h, f_g;
    reg  [PCW-1:0] f_lpat;
    integer fl;
    always @(*) begin
        f_lpat = {PCW{1'b0}};
        for (fl = 0; fl < 32; fl = fl + 1) begin
            f_start[fl] = i_wt[fl*PCW +: PCW] == i_start;
            f_end[fl] = i_wt[fl*PCW +: PCW] == i_end_at;
            f_dq[fl] = i_wt[fl*PCW +: PCW] == i_dq_addr;
            f_h[fl] = i_tgt[fl*PCW +: PCW] == i_dq_addr;
            f_g[fl] = i_tgt[fl*PCW +: PCW] == i_g_t0;
            if (i_one[fl]) f_lpat = f_lpat | i_wt[fl*PCW +: PCW];
        end
    end
    always @(*)
        if (f_past && !i_reset) begin
            if (o_ok) begin
                assert(o_start == f_start);
                assert(o_end == f_end);
                assert(o_dq == f_dq);
                assert(o_h == f_h);
                assert(o_lpat == f_lpat);
            end
            if (o_g_ok) assert(o_g == f_g);
        end
    // The scan's state, for the induction: the parts below q_p (all of
    // them once q_ok) hold the present inputs' compares, the loop form's
    // pick is theirs, and o_g is whole while q_gv keeps it.
    generate if (PARTS > 1) begin : g_fscan
        reg  [PCW-1:0] f_lp;
        integer fp;
        always @(*) begin
            f_lp = {PCW{1'b0}};
            for (fp = 0; fp < 32; fp = fp + 1)
                if (i_one[fp] && (g_scan.q_ok || (g_scan.q_p > 6'd1 && fp / LANES < g_scan.q_p)))
                    f_lp = f_lp | i_wt[fp*PCW +: PCW];
        end
        always @(*)
            if (f_past && !i_reset) begin
                assert({26'd0, g_scan.q_p} <= PARTS - 1);
                if (g_scan.q_ok) assert({26'd0, g_scan.q_p} == PARTS - 1);
                for (fp = 0; fp < PARTS; fp = fp + 1)
                    if (g_scan.q_ok || fp < g_scan.q_p) begin
                        assert(g_scan.q_start[fp*LANES +: LANES] == f_start[fp*LANES +: LANES]);
                        assert(g_scan.q_end[fp*LANES +: LANES] == f_end[fp*LANES +: LANES]);
                        assert(g_scan.q_dq[fp*LANES +: LANES] == f_dq[fp*LANES +: LANES]);
                        assert(g_scan.q_h[fp*LANES +: LANES] == f_h[fp*LANES +: LANES]);
                        assert(g_scan.q_g[fp*LANES +: LANES] == f_g[fp*LANES +: LANES]);
                    end
                assert(g_scan.q_lpat == f_lp);
                // the registered pick is the present one from the
                // scan's second cycle (the parts it adds from then on)
                if (g_scan.q_ok || g_scan.q_p != 6'd0) assert(g_scan.q_one == i_one);
                if (g_scan.q_gv) assert(g_scan.q_g == f_g);
            end
    end endgenerate
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            // a scan completes
            c_scan: cover(o_ok && !$past(o_ok));
            // o_g stays valid across a restart for another reason
            c_g_kept: cover(o_g_ok && !o_ok);
        end
`endif
`endif
endmodule
