////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/formal/wq_fcore.v
//
// Project:	warpq -- the pipelined SIMT core
//
// Purpose:	The core's formal environment and invariants, written apart
//		from wq_core.v and instantiated by wq_core's `ifdef FORMAL
//		section with the core's ports and the signals the properties
//		read (docs/rtl/wq_fcore.md).  The environment: the event lock's
//		protocol (wq_flock, asserted on wq_top's side), the CSR access
//		only outside the grant, the host's launch of a grid the
//		descriptor checks passed, memory answering in order (wq_fmem).
//		The invariants: the scoreboard's in-flight rule, the deque's
//		view following WB's warp, the answers owed, the division unit's
//		and the completion path's one source at a time, a trap's and a
//		code store's empty pipeline, no work outside a hold, the code
//		range; and the core's covers.  Job core of scripts/formal.sh
//		(BMC from reset and covers), job core_w1 with one warp.
//
//		Its ports carry the core's names (as a bind file's would), so
//		the properties read as they would inside wq_core.  Formal
//		properties only: outside FORMAL it has no logic.
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none
`include "wq_defs.vh"

module wq_fcore #(
    // verilator lint_off UNUSEDPARAM
    parameter WARPS   = 8,
    parameter REGS    = 32,
    parameter DQ_LOG2 = 6,
    parameter PCW     = 16,
    parameter WID_W   = 3,
    parameter RF_AW   = 8,
    parameter TDW     = 5
    // verilator lint_on UNUSEDPARAM
) (
    input  wire                 i_clk,
    input  wire                 i_reset,
    input  wire                 i_ev_gnt,               // the event lock's grant
    input  wire                 o_ev_req,               // ... request
    input  wire                 o_step_valid,           // the step port: a commit, a dispatch
    input  wire                 o_step_more,            // ... the hold goes on
    input  wire [`WQ_STEPK_W-1:0] o_step_kind,
    input  wire [7:0]           o_step_id,
    input  wire                 o_evr_valid,            // the record port
    input  wire                 i_csr_valid,            // the CSR sub-port
    input  wire                 i_launch_valid,         // the launch port
    input  wire [16*32-1:0]     i_launch_desc,
    input  wire [10:0]          i_launch_cta_threads,
    input  wire [31:0]          i_launch_ncta,
    input  wire                 o_mem_valid,            // the memory port
    input  wire                 o_mem_we,
    input  wire                 i_mem_ready,
    input  wire                 i_mem_rvalid,
    input  wire                 csr_done,               // wq_core_csr: the access is done
    input  wire                 g_valid,                // wq_dispatch: a grid waits
    input  wire [15:0]          g_ncta0,                // ... the descriptor's fields
    input  wire [15:0]          g_ncta1,
    input  wire [10:0]          g_ntid0,
    input  wire [10:0]          g_ntid1,
    input  wire [10:0]          g_ntid2,
    input  wire [10:0]          g_threads,
    input  wire [4:0]           g_dlog2,
    input  wire                 ds_slot_go,             // a CTA's warp starts in slot ds_s
    input  wire [WID_W-1:0]     ds_s,
    input  wire                 tw_on,                  // the thread-id walk
    input  wire [WARPS-1:0]     tw_pend,
    input  wire                 ph_run,                 // the phase: the pipeline runs
    input  wire [WARPS-1:0]     run_v,                  // running warps
    input  wire [WARPS-1:0]     busy,                   // the scoreboard (wq_issue)
    input  wire [WID_W-1:0]     pick,                   // IS's pick
    input  wire                 is_go,
    input  wire                 is_go_nc,
    input  wire                 f_v,                    // FE
    input  wire [WID_W-1:0]     f_w,
    input  wire                 fd_held,                // the FE/DE skid buffer
    input  wire [WID_W-1:0]     fd_w,
    input  wire                 d_v,                    // DE
    input  wire [WID_W-1:0]     d_w,
    input  wire [PCW-1:0]       d_pc,
    input  wire [31:0]          d_code,
    input  wire                 dx_held,                // the DE/EX skid buffer
    input  wire [WID_W-1:0]     dx_w,
    input  wire                 x_v,                    // EX
    input  wire [WID_W-1:0]     x_w,
    input  wire [WID_W-1:0]     x_w_nx,
    input  wire                 x_dv,
    input  wire                 xb_held,                // the EX/WB buffer
    input  wire [WID_W-1:0]     xb_w,
    input  wire                 b_v,                    // WB
    input  wire [WID_W-1:0]     b_w,
    input  wire                 b_emit,
    input  wire                 b_last_k,
    input  wire                 b_open,
    input  wire                 b_twait,
    input  wire                 b_trapping,
    input  wire                 b_load,                 // WB loads (the deque's view with it)
    input  wire [WID_W-1:0]     v_load_w,
    input  wire                 wb_ls,
    input  wire [WID_W-1:0]     dq_vw,
    input  wire                 squash_x,
    input  wire [WARPS-1:0]     inq,                    // the LSU queue
    input  wire                 q_empty,
    input  wire [TDW:0]         owed,
    input  wire                 ans_owed,
    input  wire                 at_on,
    input  wire                 at_rec,
    input  wire                 fl_on,                  // the fetch run
    input  wire                 cr_v,                   // the code range
    input  wire [31:0]          cr_lo,
    input  wire [32:0]          cr_hi,
    input  wire                 dv_busy,                // the division unit
    input  wire                 dv_open,
    input  wire                 dv_on,
    input  wire [WID_W-1:0]     dv_w,
    input  wire                 dc_go,
    input  wire                 cp_go,                  // the completion path
    input  wire                 cp_last,
    input  wire                 cp_code,
    input  wire                 cm_go,
    input  wire                 cm_nowr,
    input  wire [RF_AW-1:0]     cm_rrow,
    input  wire [RF_AW-1:0]     f_cm_rrow,              // ... the row its register's part has now (wq_rf_row.vh's rf_rowp)
    input  wire [RF_AW-1:0]     bw_row,                 // WB's part beat's row (wq_ex_stage's b_rrow)
    input  wire [RF_AW-1:0]     f_bw_row,               // ... rf_rowp's at WB's warp state
    input  wire                 cm_own,
    input  wire                 cm_own_dv,
    input  wire                 cm_own_fv,
    input  wire                 xc_open,
    input  wire                 bw_go                   // WB's part beat
);
`ifdef FORMAL
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);

    // ---- the environment (wq_top and the host interface) ----------------
    // the event lock's protocol (wq_flock: wq_top asserts what is
    // assumed here, and assumes the core's step pulse only inside it)
    wq_flock #(.F_UNIT(1), .F_KEEP(1)) f_lock (
        .i_clk(i_clk), .i_reset(i_reset), .i_req(o_ev_req), .i_gnt(i_ev_gnt),
        .i_step(o_step_valid), .i_more(o_step_more));
    reg f_xf_wr = 1'b0;
    always @(posedge i_clk) f_xf_wr <= ds_slot_go && ds_s == x_w_nx;
    // a CSR access only outside the grant, held as the sub-port says
    // (f_csr_pend: wq_core_csr's access waits)
    reg f_csr_pend = 1'b0;
    always @(posedge i_clk) begin
        if (i_csr_valid) f_csr_pend <= 1'b1;
        if (csr_done) f_csr_pend <= 1'b0;
        if (i_reset) f_csr_pend <= 1'b0;
    end
    always @(*) if (i_csr_valid) assume(!i_ev_gnt && !f_csr_pend);
    // the host launches only a grid the descriptor checks passed, while no
    // grid waits
    wire [31:0] g_code  = i_launch_desc[`WQ_LD_CODE_BASE*32 +: 32];
    wire [15:0] g_ncta2 = i_launch_desc[`WQ_LD_GRID_Z*32 +: 16];
    wire [5:0]  g_nregs = i_launch_desc[`WQ_LD_NREGS*32 +: 6];
    always @(*) if (i_launch_valid) begin
        assume(!g_valid && !i_ev_gnt);
        assume(g_ncta0 == 16'd1 && g_ncta1 == 16'd1 && g_ncta2 == 16'd1);
        assume(i_launch_ncta == 32'd1);
        assume(g_ntid0 != 11'd0 && g_ntid1 == 11'd1 && g_ntid2 == 11'd1);
        assume({21'd0, g_ntid0} <= WARPS * 32 && g_threads == g_ntid0);
        assume(g_nregs != 6'd0 && {26'd0, g_nregs} <= REGS);
        assume(g_dlog2 >= 5'd2 && {27'd0, g_dlog2} <= DQ_LOG2);
        assume(g_code[2:0] == 3'd0);        // CODE_BASE 8-aligned (wq_launch_check)
    end
    reg [16*32-1:0] f_desc_q;
    reg [10:0]      f_thr_q;
    reg [31:0]      f_ncta_q;
    always @(posedge i_clk) begin
        f_desc_q <= i_launch_desc;
        f_thr_q <= i_launch_cta_threads;
        f_ncta_q <= i_launch_ncta;
    end
    always @(*) if (f_past && !i_launch_valid)
        assume(i_launch_desc == f_desc_q && i_launch_cta_threads == f_thr_q &&
               i_launch_ncta == f_ncta_q);
    // the memory answers in order, once per accepted request, a cycle
    // later at the earliest (wq_fmem): at most 7 in flight here
    wire [3:0] f_out;
    wq_fmem #(.F_LGOUT(4), .F_MAXOUT(7)) f_mem (
        .i_clk(i_clk), .i_reset(i_reset), .i_valid(o_mem_valid), .i_ready(i_mem_ready),
        .i_rvalid(i_mem_rvalid), .o_out(f_out));

    // DE's instruction's byte address
    wire [31:0] f_d_addr = d_code + {7'd0, d_pc, 3'b000};

    // ---- properties ---------------------------------------------------------
    integer fw;
    always @(*) if (f_past && !i_reset) begin
        // the hold's issue term: IS's go but where a completion's squash
        // drops it, and then neither WB's commit ends nor the completion's
        // burst test reads it (o_cm_more is gated by cp_code)
        assert(is_go_nc == is_go || cp_code);
        if (cp_code) assert(!(b_emit && b_last_k));
        // the scoreboard: a busy warp has its instruction in a stage, in
        // the LSU queue or in the division unit, and FE holds a warp that
        // no later stage holds
        for (fw = 0; fw < WARPS; fw = fw + 1)
            if (busy[fw]) assert((f_v && f_w == fw[WID_W-1:0]) || (fd_held && fd_w == fw[WID_W-1:0]) ||
                                 (d_v && d_w == fw[WID_W-1:0]) || (dx_held && dx_w == fw[WID_W-1:0]) ||
                                 (x_v && x_w == fw[WID_W-1:0]) || (xb_held && xb_w == fw[WID_W-1:0]) ||
                                 (b_v && b_w == fw[WID_W-1:0]) ||
                                 inq[fw] || (dv_busy && dv_w == fw[WID_W-1:0]));
        if (f_v) assert(busy[f_w] && !(fd_held && fd_w == f_w) && !(d_v && d_w == f_w) &&
                        !(dx_held && dx_w == f_w) &&
                        !(x_v && x_w == f_w) && !(xb_held && xb_w == f_w) && !(b_v && b_w == f_w) &&
                        !inq[f_w] &&
                        !(dv_busy && dv_w == f_w));
        // the skid buffer's beat likewise
        if (fd_held) assert(busy[fd_w] && !(d_v && d_w == fd_w) && !(x_v && x_w == fd_w) &&
                            !(dx_held && dx_w == fd_w) &&
                            !(xb_held && xb_w == fd_w) &&
                            !(b_v && b_w == fd_w) && !inq[fd_w] && !(dv_busy && dv_w == fd_w));
        for (fw = 0; fw < WARPS; fw = fw + 1)
            if (inq[fw]) assert(busy[fw]);
        if (d_v) assert(busy[d_w]);
        // the deque's view is WB's warp's state (it is loaded with WB,
        // its warp from the LSU's flag rather than WB's decision)
        if (b_v) assert(dq_vw == b_w);
        if (b_load) assert(v_load_w == (wb_ls ? x_w : xb_w));
        if (dx_held) assert(busy[dx_w]);      // (the DE/EX buffer's beat)
        if (xb_held) assert(busy[xb_w]);      // (the EX/WB buffer's beat)
        // memory only while the lock is held; every answer owed is tagged:
        // the LSU owes the port's unanswered requests and the answers that
        // arrived and that its answer stage still writes, a part a cycle
        // (t_cnt = f_out + t_ac: the LSU's properties, wq_core_lsu)
        if (o_mem_valid) assert(i_ev_gnt);
        assert(owed >= {2'd0, f_out});
        // the division unit: its warp is busy and does not issue; while
        // its commit beat is not in, the rest of the division is in EX or
        // DE; once it is, no stage and no queue entry holds that warp
        if (dv_busy) assert(busy[dv_w] && !(is_go && pick == dv_w));
        if (dv_open) assert((x_v && x_w == dv_w && x_dv) || (dx_held && dx_w == dv_w) ||
                            (d_v && d_w == dv_w));
        if (dv_busy && !dv_open) assert(!(d_v && d_w == dv_w) && !(dx_held && dx_w == dv_w) &&
                                        !(x_v && x_w == dv_w) && !(xb_held && xb_w == dv_w) &&
                                        !(b_v && b_w == dv_w) && !inq[dv_w]);
        // (a division's first beat is part 0 into a free unit: wq_ex_stage)
        // the completion path: one source at a time, never beside an
        // ATOM's record
        if (dc_go) assert(!cp_go && !at_rec && !at_on);
        if (dv_on) assert(!cp_go && dv_busy);
        // a completion beat holds WB's part beat and record (wq_commit's
        // writers, one a cycle), and a unit keeps the port while its run
        // is on: WB's instruction is never open beside a run
        if (cm_go) assert(!bw_go && !b_emit && !at_rec);
        // the row a completion beat writes, from its unit's flip-flops
        // (wq_de_stage's destination row; the LSU's queue entry steps it a
        // row a beat), is its register's part's row as the warp's segment
        // state places it now
        if (cm_go && !cm_nowr)
            assert(cm_rrow == f_cm_rrow);
        // so is WB's part beat's (the destination row DE computed, carried
        // with the beat: wq_ex_stage's b_rrow)
        if (bw_go) assert(bw_row == f_bw_row);
        if (dv_on) assert(cm_own_dv && !b_open);
        if (xc_open && !dv_on) assert(cm_own_fv && !b_open);
        // a trap commit only with nothing in flight in the LSU and the
        // division unit; a store that wrote code commits with the unit empty
        if (b_trapping) assert(q_empty && !at_on && !dv_busy);
        if (squash_x) assert(q_empty && !at_on && !dv_busy && !dv_open);
        if (cp_code) assert(!dv_busy);
        // EX's slot fields (wq_warp_slots' u_xf, block RAM read at EX's
        // next warp) were not written as they were read: a warp starts
        // only in a free slot, and EX holds a live warp's beat
        if (x_v) assert(!f_xf_wr);
        // a burst is kept only by a warp commit, or by a dispatch that
        // started a warp (it owes that warp's first commit)
        if (o_step_more) assert(o_step_valid && (o_step_kind == `WQ_STEPK_WARP ||
                                (o_step_kind == `WQ_STEPK_DISPATCH && run_v != {WARPS{1'b0}})));
        // no work outside a hold
        if (!i_ev_gnt) assert(!f_v && !fd_held && !d_v && !dx_held && !x_v && !xb_held && !b_v && !fl_on &&
                              !ans_owed && q_empty && !dv_busy);
        // the code range holds every word the buffer may hold (a fetch
        // run's: wq_fetch), and so does DE's instruction (a buffer hit)
        if (d_v) assert(cr_v && f_d_addr >= cr_lo && {1'b0, f_d_addr} + 33'd8 <= cr_hi);
    end
    // a commit, a record and a CTA start only inside the grant
    always @(posedge i_clk)
        if (f_past && !$past(i_reset)) begin
            if (o_step_valid) assert($past(i_ev_gnt));
            if (o_evr_valid) assert($past(i_ev_gnt));
        end
    // a warp issues only once the thread-id walk has written its rows (the
    // walk only writes rows of warps DS_SLOT has started: wq_dispatch)
    always @(*)
        if (f_past && !i_reset) begin
            if (is_go) assert(!tw_pend[pick]);
        end

    // ---- covers -------------------------------------------------------------
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            c_dispatch: cover(o_step_valid && o_step_kind == `WQ_STEPK_DISPATCH);
            // the hold goes on after a dispatch; a warp issues while the
            // walk writes another's thread ids; WB commits between two
            // completions
            c_disp_more: cover(o_step_valid && o_step_kind == `WQ_STEPK_DISPATCH && o_step_more);
            c_walk_run:  cover(tw_on && ph_run && is_go);
            c_cp_yield:  cover($past(cp_go && cp_last && b_v && !b_twait) && !cm_own && b_emit);
            c_commit:   cover(o_step_valid && o_step_kind == `WQ_STEPK_WARP);
            c_burst:    cover(o_step_valid && o_step_more);
            c_overlap:  cover(d_v && x_v && b_v && d_w != b_w);
            c_store:    cover(o_mem_valid && o_mem_we && i_mem_ready);
            // a WB commit while a memory instruction waits in the queue
            c_wb_over:  cover(o_step_valid && !cp_go && !q_empty);
            // another warp commits while a division is in the division
            // unit (its own commit, 34 steps a part later, lies past the
            // cover depth: job core_div covers it)
            c_dv_over:  cover(o_step_valid && dv_busy && o_step_id != {{(8-WID_W){1'b0}}, dv_w});
        end
    // (WB's hold, the squash and the completion port's decisions: wq_wb_ctl's
    // properties, checked here on the core's signals too)
`else
    // verilator lint_off UNUSEDSIGNAL
    wire unused = &{1'b0, i_clk, i_reset, i_ev_gnt, o_ev_req, o_step_valid, o_step_more, o_step_kind,
                    o_step_id, o_evr_valid, i_csr_valid, i_launch_valid, i_launch_desc,
                    i_launch_cta_threads, i_launch_ncta, o_mem_valid, o_mem_we, i_mem_ready,
                    i_mem_rvalid, csr_done, g_valid, g_ncta0, g_ncta1, g_ntid0, g_ntid1, g_ntid2,
                    g_threads, g_dlog2, ds_slot_go, ds_s, tw_on, tw_pend, ph_run, run_v, busy, pick,
                    is_go, is_go_nc, f_v, f_w, fd_held, fd_w, d_v, d_w, d_pc, d_code, dx_held, dx_w,
                    x_v, x_w, x_w_nx, x_dv, xb_held, xb_w, b_v, b_w, b_emit, b_last_k, b_open,
                    b_twait, b_trapping, b_load, v_load_w, wb_ls, dq_vw, squash_x, inq, q_empty,
                    owed, ans_owed, at_on, at_rec, fl_on, cr_v, cr_lo, cr_hi, dv_busy, dv_open,
                    dv_on, dv_w, dc_go, cp_go, cp_last, cp_code, cm_go, cm_nowr, cm_rrow, f_cm_rrow, bw_row, f_bw_row,
                    cm_own, cm_own_dv, cm_own_fv, xc_open, bw_go};
    // verilator lint_on UNUSEDSIGNAL
`endif
endmodule
