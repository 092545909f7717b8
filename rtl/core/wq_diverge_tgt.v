// wq_diverge_tgt.v -- the divergence unit's per-thread targets (docs/rtl/
// wq_diverge_tgt.md): BRX's (PC+1+ra), JMX's and RET's (ra) target of each
// of the 32 threads, written by EX's beats of those instructions a part a
// beat, and read by wq_diverge two ways: as one row (the part scan's
// compares, wq_diverge_scan) and through two one-hot selects -- the
// walk's (the first path's thread, then the group's lowest thread left:
// o_x) and RET's holder record's (its holder's link: o_h).
//
// The selects are one-hot AND-ORs, not an index into a 32-way
// multiplexer, each written as a balanced tree of ORs, pairs level by
// level: an OR accumulated a thread at a time reaches the mapper as a
// chain, which it mapped 5 levels deep rather than 3.  The holder's is a
// select of its own so that the wait state's write data and the K_HELD
// record's address start at registers (the holder's one-hot is a
// flip-flop), not behind the walk's lowest-thread pick; each target bit so
// feeds two selects, its thread's group compare and the part scan's
// select (on the ECP5 the targets were the placed design's most congested
// nets with three selects and two compares a thread).
`default_nettype none

module wq_diverge_tgt #(
    parameter LANES = 32,
    parameter PCW   = 22,
    // verilator lint_off UNUSEDPARAM
    parameter PARTS = 32 / LANES        // (i_p < PARTS)
    // verilator lint_on UNUSEDPARAM
) (
    input  wire                  i_clk,
    // the write: EX's beat enters WB (i_we, WB's take) and is a part beat
    // of BRX, JMX or RET (i_on): part i_p of the warp's threads (LANES of
    // them) from its operand; BRX adds PC+1
    input  wire                  i_we,
    input  wire                  i_on,
    input  wire [5:0]            i_p,         // (< PARTS)
    input  wire                  i_brx,
    input  wire [PCW-1:0]        i_pc,
    input  wire [LANES*32-1:0]   i_op_a,
    // the reads: the row (thread l at l*PCW), and the entries picked by
    // two one-hots (zero with none)
    output wire [32*PCW-1:0]     o_row,
    input  wire [31:0]           i_oh_x,
    output wire [PCW-1:0]        o_x,
    input  wire [31:0]           i_oh_h,
    output wire [PCW-1:0]        o_h
);
    reg  [PCW-1:0] t_tgt [0:31];                // a thread's target (RET: its link)

    // ---- the write: a part's LANES threads a beat ----------------------------------
    // (the part's select from the beat's fields, kept apart from the take:
    // WB's take, the latest of the write's terms, meets it at the entries'
    // enables, not in front of the part decode)
    wire [PARTS-1:0] psel;
    genvar sp;
    generate for (sp = 0; sp < PARTS; sp = sp + 1) begin : g_psel
        (* keep *) wire sel;
        assign sel = i_on && i_p == sp;
        assign psel[sp] = sel;
    end endgenerate
    integer wp, wl;
    always @(posedge i_clk)
        for (wp = 0; wp < PARTS; wp = wp + 1)
            if (i_we && psel[wp])
                for (wl = 0; wl < LANES; wl = wl + 1)
                    t_tgt[wp * LANES + wl] <= i_brx ? i_pc + 1'b1 + i_op_a[wl*32 +: PCW]
                                                    : i_op_a[wl*32 +: PCW];

    // ---- the reads ---------------------------------------------------------------------
    genvar tr;
    generate for (tr = 0; tr < 32; tr = tr + 1) begin : g_row
        assign o_row[tr*PCW +: PCW] = t_tgt[tr];
    end endgenerate
    // the row's entry picked by a one-hot (zero with none): the threads'
    // terms ORed in pairs, level by level
    function [PCW-1:0] oh_sel;
        input [31:0]       oh;
        input [32*PCW-1:0] row;
        reg   [32*PCW-1:0] v;
        integer n, k;
        begin
            for (k = 0; k < 32; k = k + 1)
                v[k*PCW +: PCW] = {PCW{oh[k]}} & row[k*PCW +: PCW];
            for (n = 16; n >= 1; n = n / 2)
                for (k = 0; k < n; k = k + 1)
                    v[k*PCW +: PCW] = v[2*k*PCW +: PCW] | v[(2*k+1)*PCW +: PCW];
            oh_sel = v[0 +: PCW];
        end
    endfunction
    assign o_x = oh_sel(i_oh_x, o_row);
    assign o_h = oh_sel(i_oh_h, o_row);

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job diverge_tgt, the inputs
    // free); inside the core (job core) wq_diverge asserts its uses of the
    // row against the compares over all 32 threads.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
`ifdef FORMAL_DIVERGE_TGT_TOP
    always @(*) assume(i_p < PARTS);
`endif
    // a thread's target is its last write: the part written, thread l of
    // it from lane l's operand (BRX: PC+1 added); every other entry keeps
    // its value
    integer fl;
    always @(posedge i_clk)
        if (f_past)
            for (fl = 0; fl < 32; fl = fl + 1)
                if ($past(i_we && i_on) && fl / LANES == {26'd0, $past(i_p)})
                    assert(t_tgt[fl] == ($past(i_brx) ?
                                         $past(i_pc) + 1'b1 + $past(i_op_a[(fl % LANES)*32 +: PCW]) :
                                         $past(i_op_a[(fl % LANES)*32 +: PCW])));
                else
                    assert(t_tgt[fl] == $past(t_tgt[fl]));
    // a one-hot select is the entry indexed, zero without a bit
    integer fk;
    always @(*) begin
        if (i_oh_x == 32'd0) assert(o_x == {PCW{1'b0}});
        if (i_oh_h == 32'd0) assert(o_h == {PCW{1'b0}});
        for (fk = 0; fk < 32; fk = fk + 1) begin
            if (i_oh_x == (32'd1 << fk)) assert(o_x == t_tgt[fk]);
            if (i_oh_h == (32'd1 << fk)) assert(o_h == t_tgt[fk]);
        end
    end
    always @(posedge i_clk)
        if (f_past) begin
            c_brx: cover($past(i_we && i_brx) && i_oh_x == 32'd1 && o_x != {PCW{1'b0}});
            c_ret: cover($past(i_we && i_on && !i_brx && {26'd0, i_p} == PARTS - 1) && i_oh_h == 32'h80000000 &&
                         o_h != {PCW{1'b0}});
        end
`endif
endmodule
