// wq_diverge_wait.v -- the per-thread wait state of the divergence unit
// (docs/rtl/wq_diverge_wait.md; docs/rtl/wq_diverge.md): the model's
// reason[] and wait[], why a disabled thread waits and for which address,
// a row per warp, and the two decisions wq_diverge reads off WB's warp's
// row: the threads parked as SUBV (reconvergence's and SUBV_END's
// search) and the threads a popped token wakes.
//
// The rows are written as THREAD_STATE records go out (i_we: the
// record's threads, i_mask, take its type and address; the others keep
// theirs); a pop wakes the threads of its token's mask that wait for the
// token's type at its address (the address compares are the part scan's,
// i_ae_dq).  Every thread neither active nor exited was disabled in its
// warp's life, so nothing needs clearing at a warp's start.
`default_nettype none
`include "wq_defs.vh"

module wq_diverge_wait #(
    parameter WARPS = 8,
    parameter PCW   = `WQ_TF_ADDR_W,
    parameter WID_W = (WARPS > 1) ? $clog2(WARPS) : 1
) (
    input  wire                     i_clk,
    // WB's warp: the row read and written
    input  wire [WID_W-1:0]         i_w,
    // a THREAD_STATE record goes out: its threads, reason and address
    input  wire                     i_we,
    input  wire [31:0]              i_mask,
    input  wire [`WQ_TF_TYPE_W-1:0] i_type,
    input  wire [PCW-1:0]           i_addr,
    // WB's warp's row: each thread's address (thread l at l*PCW)
    output wire [32*PCW-1:0]        o_wt,
    // the threads parked as SUBV and not exited (of i_exited)
    input  wire [31:0]              i_exited,
    output reg  [31:0]              o_pk_sv,
    // a popped token (its threads, its type; the wait addresses' compares
    // with its address, i_ae_dq) wakes its threads not exited (i_exit_new)
    input  wire [31:0]              i_tok_mask,
    input  wire [`WQ_TF_TYPE_W-1:0] i_tok_type,
    input  wire [31:0]              i_ae_dq,
    input  wire [31:0]              i_exit_new,
    output reg  [31:0]              o_wake
);
    // Both are only ever read and written at WB's warp, so each is a row
    // per warp (thread l at [l*width +: width]) in LUT RAM: one write
    // port (the record's threads take its type and address, the others
    // keep theirs: a bit enable a thread), one asynchronous read of the
    // whole row.  In flip-flops, behind the warps' multiplexer and each
    // thread's write decode, the two were about 6 700 flip-flops and most
    // of wq_diverge's LUTs.
    // A thread's reason is kept as its token type's low bits with, in the
    // field's top bit, whether it is SUBV (rs_code): a reason is a token
    // type, 0 to 7 (the FORMAL section asserts the written one's top bit
    // 0), so the field holds the same information, and the parked-as-SUBV
    // test reads one bit of the row rather than comparing four -- a LUT
    // level off reconvergence's and SUBV_END's part search behind it.
    reg [32*`WQ_TF_TYPE_W-1:0] t_reason [0:WARPS-1];
    reg [32*PCW-1:0]           t_wait   [0:WARPS-1];
    wire [32*`WQ_TF_TYPE_W-1:0] t_rs = t_reason[i_w];
    localparam TW = `WQ_TF_TYPE_W;
    wire [TW-1:0] rs_code = {i_type == `WQ_TOK_SUBV, i_type[TW-2:0]};
    integer wl;
    always @(posedge i_clk)
        if (i_we)
            for (wl = 0; wl < 32; wl = wl + 1)
                if (i_mask[wl]) begin
                    t_reason[i_w][wl*TW +: TW] <= rs_code;
                    t_wait[i_w][wl*PCW +: PCW] <= i_addr;
                end
    assign o_wt = t_wait[i_w];

    // parked as SUBV and not exited, as reconvergence and SUBV_END see
    // them: no thread active (the addresses are compared by the part scan)
    integer sk;
    always @(*)
        for (sk = 0; sk < 32; sk = sk + 1)
            o_pk_sv[sk] = !i_exited[sk] && t_rs[sk*TW + TW - 1];
    // the popped token wakes its threads waiting for it (not exited): the
    // type's low bits equal, and its top bit 0 as every reason's
    wire tok_lo = !i_tok_type[TW-1];
    integer rl;
    always @(*)
        for (rl = 0; rl < 32; rl = rl + 1)
            o_wake[rl] = i_tok_mask[rl] && !i_exit_new[rl] && tok_lo &&
                         t_rs[rl*TW +: TW-1] == i_tok_type[TW-2:0] &&
                         i_ae_dq[rl];

`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, job core;
    // asserts only).  A reason written is a token type, 0 to 7: the row
    // keeps its low bits and the SUBV flag.
    always @(*)
        if (i_we) assert(!i_type[TW-1]);
    // A write: the record's threads of the written row take its reason
    // (as rs_code) and address, the others keep theirs.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    integer fl;
    always @(posedge i_clk)
        if (f_past && $past(i_we) && $past(i_w) == i_w)
            for (fl = 0; fl < 32; fl = fl + 1)
                if ($past(i_mask[fl])) begin
                    assert(t_rs[fl*TW +: TW-1] == $past(i_type[TW-2:0]));
                    assert(t_rs[fl*TW + TW - 1] == ($past(i_type) == `WQ_TOK_SUBV));
                    assert(o_wt[fl*PCW +: PCW] == $past(i_addr));
                end else begin
                    assert(t_rs[fl*TW +: TW] == $past(t_rs[fl*TW +: TW]));
                    assert(o_wt[fl*PCW +: PCW] == $past(o_wt[fl*PCW +: PCW]));
                end
`endif
endmodule
