// wq_fe_stage.v -- the core's front end, IS and FE (docs/rtl/wq_fe_stage.md):
// issue and the scoreboard (wq_issue), the instruction buffer's lookup and
// the fetch runs (wq_fetch), the FE register between them, and the FE/DE
// skid buffer (wq_skid) that DE takes its beats from.
//
//   IS  the next ready warp (round robin, the fetch run's warp first) when
//       the hold lets it issue (i_can_issue) and FE's beat can move on;
//       its instruction's byte address goes to the buffer (wq_fetch)
//   FE  the FE register: the warp, its PC and address; the buffer answers
//       it.  A hit goes into the FE/DE buffer when it has room (a
//       flip-flop: o_fd_held is that flip-flop), a miss is dropped there
//       and its warp issued again once a fetch run fills the buffer (the
//       scoreboard clears its busy bit)
//
// So the ready FE and IS see is a flip-flop: the decisions of WB, the
// completion path and the units stop at DE and never reach FE and IS in
// the cycle.  A squash (a trap's commit, a store that wrote code) empties
// FE and the buffer.  The scoreboard's other clears -- a beat the squash
// drops, WB's commit, a completion's -- are the core's decisions, given
// here as they are (i_x_drop .. i_cm_wb).
`default_nettype none
`include "wq_defs.vh"
`include "wq_predec.vh"

module wq_fe_stage #(
    parameter WARPS      = 8,
    parameter FP         = 0,
    parameter IB_LOG2    = 6,
    parameter PF_RUN     = 8,
    parameter LINE_BYTES = 16,
    parameter PCW        = `WQ_TF_ADDR_W,
    parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
    parameter LWW        = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    // IS: the warps that run, those whose thread ids are not written yet,
    // whether the hold lets IS issue, and the picked warp's PC and address
    // (the warp slots' read port at o_pick)
    input  wire [WARPS-1:0]         i_run_v,
    input  wire [WARPS-1:0]         i_tw_pend,
    input  wire                     i_can_issue,
    input  wire                     i_hold,
    input  wire [PCW-1:0]           i_is_pc,
    input  wire [31:0]              i_is_addr,
    output wire [WID_W-1:0]         o_pick,
    output wire                     o_is_go,
    output wire                     o_is_go_nc,     // ... under i_squash_nc instead of i_squash
    output wire [WARPS-1:0]         o_ready_v,      // running, nothing in flight, ids written
    output wire [WARPS-1:0]         o_busy,         // an instruction in flight
    // the squash and the scoreboard's clears: a beat dropped in EX or in
    // the EX/WB buffer, the stages' beats the squash empties, WB's commit,
    // a completion's (and the younger entries a store that wrote code drops)
    input  wire                     i_squash,
    input  wire                     i_squash_nc,    // ... but a completion's (a store that wrote code)
    input  wire                     i_x_drop,
    input  wire [WID_W-1:0]         i_x_w,
    input  wire                     i_xb_drop,
    input  wire [WID_W-1:0]         i_xb_w,
    input  wire                     i_dx_v,
    input  wire [WID_W-1:0]         i_dx_w,
    input  wire                     i_d_v,
    input  wire [WID_W-1:0]         i_d_w,
    input  wire                     i_wb_done,
    input  wire [WID_W-1:0]         i_b_w,
    input  wire                     i_cm_done,
    input  wire [WID_W-1:0]         i_cm_w,
    input  wire [WARPS-1:0]         i_cm_drop,
    input  wire                     i_cm_wb,
    // FE and the FE/DE buffer: DE takes its beat (i_d_take)
    output reg                      o_f_v,
    output reg  [WID_W-1:0]         o_f_w,
    output wire                     o_fd_held,      // a beat waits in the buffer
    output wire                     o_fd_v,         // it offers a beat to DE
    output wire [WID_W-1:0]         o_fd_w,
    output wire [PCW-1:0]           o_fd_pc,
    output wire [63:0]              o_fd_ir,
    output wire [`WQ_PD_W-1:0]      o_fd_pd,        // its predecoded fields
    input  wire                     i_d_take,
    // the buffer and the fetch runs (wq_fetch): its flush, the atomic and
    // a store that wrote code (no run meanwhile), the stop, the LSU's port
    input  wire                     i_flush,
    input  wire                     i_at_on,
    input  wire                     i_at_wait,
    input  wire                     i_cf,
    input  wire                     i_stopping,
    input  wire                     i_cp_code,
    output wire                     o_fl_on,        // a fetch run is requesting or receiving
    output wire                     o_fl_req,
    output wire [31:0]              o_fl_addr,
    output wire [LWW-1:0]           o_fl_wsel,
    input  wire                     i_fl_go,
    input  wire                     i_mem_ready,
    input  wire                     i_rv_f,
    input  wire [31:0]              i_fl_word,
    output wire                     o_cr_v,         // the code range its runs have read
    output wire [31:0]              o_cr_lo,
    output wire [32:0]              o_cr_hi
);
    reg  [PCW-1:0]   f_pc;
    reg  [31:0]      f_addr;
    wire             fd_ready;                 // the buffer has room: FE moves
    wire             fe_hit;
    wire [63:0]      fe_ir;
    wire [`WQ_PD_W-1:0] fe_pd;
    wire             pref_v;                   // the warp whose miss started the last fetch run
    wire [WID_W-1:0] pref_w;
    wire             f_v = o_f_v;
    wire [WID_W-1:0] f_w = o_f_w;

    // ---- IS ----------------------------------------------------------------------------
    wire d_take_fe = !f_v || fd_ready;         // FE's beat can move on (into the buffer)
    // the scoreboard's clears: FE's miss, a dropped beat, a commit
    wire fe_miss = f_v && fd_ready && !i_squash && !fe_hit;
    wq_issue #(.WARPS(WARPS), .WID_W(WID_W)) u_issue (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_run_v(i_run_v), .i_tw_pend(i_tw_pend), .i_pref_v(pref_v), .i_pref_w(pref_w),
        .i_fl_on(o_fl_on), .i_can_go(i_can_issue && !i_squash && d_take_fe),
        .i_can_go_nc(i_can_issue && !i_squash_nc && d_take_fe), .o_go_nc(o_is_go_nc),
        .o_pick(o_pick), .o_go(o_is_go), .o_ready_v(o_ready_v), .o_busy(o_busy),
        .i_fe_miss(fe_miss), .i_f_w(f_w), .i_x_drop(i_x_drop), .i_x_w(i_x_w),
        .i_xb_drop(i_xb_drop), .i_xb_w(i_xb_w),
        .i_squash(i_squash), .i_f_v(f_v), .i_s_v(o_fd_held), .i_s_w(o_fd_w),
        .i_dx_v(i_dx_v), .i_dx_w(i_dx_w), .i_d_v(i_d_v), .i_d_w(i_d_w),
        .i_wb_done(i_wb_done), .i_b_w(i_b_w),
        .i_cm_done(i_cm_done), .i_cm_w(i_cm_w), .i_cm_drop(i_cm_drop), .i_cm_wb(i_cm_wb));

    // ---- IS -> FE ----------------------------------------------------------------------
    always @(posedge i_clk) begin
        if (i_squash) o_f_v <= 1'b0;
        else if (d_take_fe) o_f_v <= 1'b0;
        if (o_is_go) begin
            o_f_v <= 1'b1;
            o_f_w <= o_pick;
            f_pc <= i_is_pc;
            f_addr <= i_is_addr;
        end
        if (i_reset) o_f_v <= 1'b0;
    end

    // ---- FE: the buffer's answer, the fetch runs ------------------------------------------
    wq_fetch #(.WARPS(WARPS), .FP(FP), .IB_LOG2(IB_LOG2), .PF_RUN(PF_RUN), .LINE_BYTES(LINE_BYTES),
               .WID_W(WID_W)) u_fetch (
        .i_clk(i_clk), .i_reset(i_reset), .i_flush(i_flush),
        .i_is_go(o_is_go), .i_is_addr(i_is_addr),
        .i_fe_take(f_v && fd_ready && !i_squash && i_hold), .i_f_w(f_w), .i_f_addr(f_addr),
        .o_fe_hit(fe_hit), .o_fe_ir(fe_ir), .o_fe_pd(fe_pd),
        .i_at_on(i_at_on), .i_at_wait(i_at_wait), .i_cf(i_cf), .i_stopping(i_stopping),
        .i_cp_code(i_cp_code),
        .o_fl_on(o_fl_on), .o_fl_req(o_fl_req), .o_fl_addr(o_fl_addr), .o_fl_wsel(o_fl_wsel),
        .i_fl_go(i_fl_go), .i_mem_ready(i_mem_ready), .i_rv_f(i_rv_f), .i_fl_word(i_fl_word),
        .o_pref_v(pref_v), .o_pref_w(pref_w),
        .o_cr_v(o_cr_v), .o_cr_lo(o_cr_lo), .o_cr_hi(o_cr_hi));

    // ---- FE -> DE: the stage contract's skid buffer (wq_skid, docs/rtl/wq_skid.md) -------
    // a hit goes into it, a miss is dropped (the warp is issued again after
    // the fetch run); a squash empties it
    wq_skid #(.DW(WID_W + PCW + 64 + `WQ_PD_W)) u_fd (
        .i_clk(i_clk), .i_reset(i_reset || i_squash),
        .i_valid(f_v && fe_hit), .i_data({f_w, f_pc, fe_ir, fe_pd}), .o_ready(fd_ready), .o_held(o_fd_held),
        .o_valid(o_fd_v), .o_data({o_fd_w, o_fd_pc, o_fd_ir, o_fd_pd}), .i_ready(i_d_take));

`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, jobs core
    // and core_w1).  The properties are the units' own (wq_issue's pick and
    // scoreboard, wq_fetch's buffer and runs, wq_skid's contract) and the
    // core's scoreboard rule over every stage (a beat in FE or in the
    // buffer belongs to a busy warp); this unit adds the covers of its
    // two ways out of FE.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            // a miss in FE, and a hit that waits in the buffer while DE
            // holds (expanding another warp's instruction)
            c_fe_miss: cover(fe_miss);
            c_fd_wait: cover(o_fd_held && !i_d_take);
        end
`endif
endmodule
