// wq_warp_slots.v -- the pipelined core's warp slots (the model's
// ctx->warp[], wq_warp_t) and the CTA barrier check (the model's
// wq_bar_check; docs/rtl/wq_warp_slots.md).
//
// A slot holds one warp: its state (FREE, RUN, BAR, TRAP) and trap code,
// the launch's fields a warp reads (code base, register count, the grid's
// and the CTA's sizes, its CTA's ids and bases, the local window, its
// index in the CTA, the CTA's key, the yield policy, sub-vector mode),
// the fields a commit changes (PC, active and exited threads, the
// retired count S2R CLOCK reads, the yield policy's state) and its eight
// predicates.  The core decides every change; this unit carries it out,
// in the order the core's commit has it: WB's commit (a barrier's
// release, BAR's wait, a trap, a warp's end), a warp's start (DS_SLOT),
// the debug window's RESUME and KILL, reset.
//
// The barrier check runs for the CTA of warp bc_w (the debug window's in
// a CSR step, else WB's): o_bar_go when no other warp of that CTA can
// still arrive (runs, or is trapped recoverably), o_bar_oth the others
// waiting at BAR.  Which slots hold warps of one CTA is a registered
// matrix (w_same, row and column written as a warp starts: its key
// against every slot's), so the check is a row read and an AND of WARPS
// bits, not WARPS 32-bit key compares.
//
// Reads: each consumer's warp has its own read port (IS's pick, DE's
// warp, EX's S2R fields, WB's warp, the completion path's, the debug
// window's).  The fields a commit changes are LUT RAM with one write port
// each (a WB commit, a completion's and a warp's start never come in one
// cycle: docs/rtl/wq_warp_slots.md, "Timing").
`default_nettype none
`include "wq_defs.vh"

module wq_warp_slots #(
    parameter WARPS = 8,
    parameter PCW   = `WQ_TF_ADDR_W,
    parameter WID_W = (WARPS > 1) ? $clog2(WARPS) : 1
) (
    input  wire                 i_clk,
    input  wire                 i_reset,
    // ---- a warp's start (wq_dispatch's DS_SLOT) and the launch's fields
    input  wire                 i_ds_go,
    input  wire [WID_W-1:0]     i_ds_slot,
    input  wire [4:0]           i_ds_wi,        // the warp's index in its CTA
    input  wire [31:0]          i_ds_live,      // its threads
    input  wire [15:0]          i_ds_cx, i_ds_cy, i_ds_cz,  // CTAID
    input  wire [25:0]          i_ds_bx, i_ds_by, i_ds_bz,  // CTAID_d * NTID_d
    input  wire [31:0]          i_ds_flat,      // the CTA's flat index
    input  wire [31:0]          i_ds_local,     // its local window
    input  wire [31:0]          i_ds_key,       // its key (wq_bar_check)
    input  wire [16*32-1:0]     i_desc,         // the launch descriptor
    // ---- WB's commit (its last record goes out) ----
    input  wire                 i_wb_done,
    input  wire [WID_W-1:0]     i_wb_w,
    input  wire [(1<<WID_W)-1:0] i_wb_oh,       // ... one-hot (WB's register)
    input  wire                 i_wb_trap,      // the commit traps ...
    input  wire [7:0]           i_wb_code,      // ... with this code
    input  wire                 i_wb_bar,       // BAR
    input  wire                 i_wb_rel,       // a barrier release among its records
    input  wire                 i_wb_gone,      // the warp ends ...
    input  wire                 i_wb_orphan,    // ... with orphaned threads
    input  wire [PCW-1:0]       i_wb_npc,       // the PC after it
    input  wire [31:0]          i_wb_act,       // its active threads after it
    input  wire [31:0]          i_wb_exit,      // ... and exited ones
    input  wire                 i_wb_yield,     // YIELD: the policy's state moves
    input  wire [15:0]          i_wb_lfsr,
    input  wire [8:0]           i_wb_ycount,
    input  wire                 i_wb_setp,      // SETP, not skipped: writes predicate i_wb_rd
    input  wire [2:0]           i_wb_rd,
    input  wire [31:0]          i_wb_sel,
    input  wire [31:0]          i_setp_acc,     // SETP's compare bits
    // ---- the completion path's commit (the LSU's, the division's, the FP unit's)
    input  wire                 i_cm_done,
    input  wire [WID_W-1:0]     i_cm_w,
    input  wire [PCW-1:0]       i_cm_pc,
    input  wire                 i_fc_go,        // the FP unit's completion (its warp reads the predicates)
    input  wire                 i_cm_pw,        // FSETP's predicate beat
    input  wire [WID_W-1:0]     i_fv_w,
    input  wire [2:0]           i_fv_rd,
    input  wire [31:0]          i_fv_sel,
    input  wire [31:0]          i_fv_pred,
    // ---- the debug window (a CSR step) ----
    input  wire                 i_csr_on,       // the core is in a CSR step
    input  wire [WID_W-1:0]     i_dw,
    input  wire                 i_resume,
    input  wire                 i_kill,
    // ---- the slot summaries ----
    output reg  [WARPS-1:0]     o_run_v,
    output reg  [WARPS-1:0]     o_free_v,
    output reg  [WARPS-1:0]     o_live_v,       // runs, waits at BAR, or trapped recoverably
    output wire [6:0]           o_nfree,
    // ---- IS: the picked warp's fetch ----
    input  wire [WID_W-1:0]     i_pick,
    output wire [PCW-1:0]       o_is_pc,
    output wire [31:0]          o_is_addr,      // its instruction's byte address
    // ---- DE's warp ----
    input  wire [WID_W-1:0]     i_d_w,
    output wire [31:0]          o_d_act,
    output wire [8*32-1:0]      o_d_prow,       // its predicates (the core's formal properties')
    input  wire [WID_W-1:0]     i_fd_w,         // the FE/DE buffer's warp (DE takes it next)
    output wire [8*32-1:0]      o_fd_prow,      // ... its predicates: DE registers its guard's
    output wire [4:0]           o_fd_sbase,     // ... its shared base: DE registers its packed rows
    output wire [5:0]           o_d_nregs,
    output wire [4:0]           o_d_sbase,
    output wire [31:0]          o_d_code,
    // ---- EX's warp: S2R's special registers ----
    input  wire [WID_W-1:0]     i_x_w,
    input  wire [WID_W-1:0]     i_x_w_nx,       // ... the next cycle's (the launch fields' read)
    output wire [4:0]           o_x_wi,
    output wire [3*11-1:0]      o_x_ntid,
    output wire [3*16-1:0]      o_x_cta,
    output wire [3*16-1:0]      o_x_ncta,
    output wire [3*26-1:0]      o_x_gb,
    output wire [31:0]          o_x_param,
    output wire [31:0]          o_x_clock,
    output wire [31:0]          o_x_ctaflat,
    output wire [31:0]          o_x_local,
    // ---- WB's warp: its fields registered as WB loads a beat (i_b_load,
    // of warp i_b_load_w; i_b_v: WB holds one, the FORMAL section's) ----
    input  wire                 i_b_load,
    input  wire [WID_W-1:0]     i_b_load_w,
    input  wire                 i_b_v,
    output wire [31:0]          o_b_act,
    output wire [31:0]          o_b_exited,
    output wire [1:0]           o_b_ypol,
    output wire [7:0]           o_b_yparam,
    output wire [8:0]           o_b_ycount,
    output wire [15:0]          o_b_lfsr,
    output wire                 o_b_sven,
    output wire [4:0]           o_b_sbase,
    output wire [31:0]          o_b_key,
    output wire [31:0]          o_b_pred_new,   // SETP's predicate after the commit
    // ---- the completion path's warp ----
    output wire [4:0]           o_cm_sbase,
    output wire [31:0]          o_cm_pred_new,  // FSETP's predicate after the commit
    // ---- the debug window's warp ----
    output wire                 o_dw_init,
    output wire [3:0]           o_dw_state,
    output wire [7:0]           o_dw_trap,
    output wire                 o_dw_trec,      // trapped, recoverably (RESUME's test)
    output wire                 o_dw_tfat,      // trapped, fatally (KILL's)
    output wire [PCW-1:0]       o_dw_pc,
    output wire [31:0]          o_dw_act,
    output wire [31:0]          o_dw_key,
    // ---- the barrier check ----
    output reg  [WARPS-1:0]     o_bar_oth,      // other warps of bc_w's CTA waiting at BAR
    output wire                 o_bar_go,       // WB's warp: none of the others can still arrive
    output wire                 o_rel_end,      // ... and some wait: a release
    output wire                 o_bchk_v,       // ... (valid: no slot changed at the last edge)
    output wire                 o_kill_rel,     // the debug window's warp: a release (KILL)
    output wire [WARPS-1:0]     o_bar_slots,    // the slots a release wakes
    output reg  [WID_W-1:0]     o_bar_lo        // ... the lowest (the record's unit)
);
`include "wq_trap_recov.vh"
    /* verilator lint_off WIDTH */
    // the set bits of a slot vector, pairwise (a tree of adders)
    function [6:0] popcount;
        input [WARPS-1:0] v;
        reg   [7*64-1:0]  t;
        integer n, j;
        begin
            t = {7*64{1'b0}};
            for (j = 0; j < WARPS; j = j + 1) t[j*7 +: 7] = {6'd0, v[j]};
            for (n = WARPS; n > 1; n = (n + 1) / 2)
                for (j = 0; j < n; j = j + 2)
                    t[(j/2)*7 +: 7] = t[j*7 +: 7] + ((j + 1 < n) ? t[(j+1)*7 +: 7] : 7'd0);
            popcount = t[6:0];
        end
    endfunction
    /* verilator lint_on WIDTH */

    // ---- the launch's fields a slot keeps ------------------------------------
    wire [31:0]      g_code   = i_desc[`WQ_LD_CODE_BASE*32 +: 32];
    wire [PCW-1:0]   g_pc     = i_desc[`WQ_LD_START_PC*32 +: PCW];
    wire [15:0]      g_ncta0  = i_desc[`WQ_LD_GRID_X*32 +: 16];
    wire [15:0]      g_ncta1  = i_desc[`WQ_LD_GRID_Y*32 +: 16];
    wire [15:0]      g_ncta2  = i_desc[`WQ_LD_GRID_Z*32 +: 16];
    wire [10:0]      g_ntid0  = i_desc[`WQ_LD_CTA_X*32 +: 11];
    wire [10:0]      g_ntid1  = i_desc[`WQ_LD_CTA_Y*32 +: 11];
    wire [10:0]      g_ntid2  = i_desc[`WQ_LD_CTA_Z*32 +: 11];
    wire [31:0]      g_param  = i_desc[`WQ_LD_PARAM*32 +: 32];
    wire [5:0]       g_nregs  = i_desc[`WQ_LD_NREGS*32 +: 6];
    wire [1:0]       g_ypol   = i_desc[`WQ_LD_YIELD*32 + `WQ_LDF_YIELD_POLICY_LO +: `WQ_LDF_YIELD_POLICY_W];
    wire [7:0]       g_yparam = i_desc[`WQ_LD_YIELD*32 + `WQ_LDF_YIELD_PARAM_LO +: `WQ_LDF_YIELD_PARAM_W];
    wire [15:0]      g_yseed  = i_desc[`WQ_LD_YIELD*32 + `WQ_LDF_YIELD_SEED_LO +: `WQ_LDF_YIELD_SEED_W];
    wire             g_sven   = i_desc[`WQ_LD_WAVE*32 + `WQ_LDF_WAVE_SUBV_LO];
    wire [4:0]       g_sbase  = i_desc[`WQ_LD_WAVE*32 + `WQ_LDF_WAVE_SHARED_BASE_LO +: `WQ_LDF_WAVE_SHARED_BASE_W];
    // (the descriptor's other fields: the core's, the host's, the model's)
    /* verilator lint_off UNUSEDSIGNAL */
    wire             unused_desc = &{1'b0, i_desc, i_b_v};     // (i_b_v: the FORMAL section's)
    /* verilator lint_on UNUSEDSIGNAL */

    // ---- the slots (the model's wq_warp_t) -----------------------------------
    reg [7:0]        w_trap    [0:WARPS-1];
    reg [WARPS-1:0]  w_init;                   // started since reset (DBG_PC/ACTIVE)
    reg [PCW-1:0]    w_pc      [0:WARPS-1];
    reg [31:0]       w_act     [0:WARPS-1];
    reg [31:0]       w_exited  [0:WARPS-1];
    reg [5:0]        w_nregs   [0:WARPS-1];
    reg [31:0]       w_code    [0:WARPS-1];
    reg [31:0]       w_fa      [0:WARPS-1];    // w_code + 8 * w_pc (IS's fetch address)
    // S2R's launch fields of a slot, EX's reads: one row a slot in block
    // RAM (u_xf, wq_regfile), written as a warp starts, read at EX's
    // next warp so the registered row is EX's warp's (as LUT RAM with
    // asynchronous reads at EX's warp: 80 TRELLIS_DPR16X4 at WARPS=8,
    // about 480 of the ECP5's logic sites).  A warp starts only in a free
    // slot, and EX holds only a live warp's beat, so the row read is
    // never the one written on that edge while EX holds a beat (asserted
    // inside the core).  Row: {wi, local, ctaflat, param, gb2..0,
    // cta2..0, ncta2..0, ntid2..0}
    localparam XFW = 3*11 + 3*16 + 3*16 + 3*26 + 32 + 32 + 32 + 5;
    wire [XFW-1:0]   xf_row;
    reg [31:0]       w_retired [0:WARPS-1];    // S2R CLOCK
    reg [31:0]       w_key     [0:WARPS-1];    // the CTA's key (wq_bar_check)
    reg [1:0]        w_ypol    [0:WARPS-1];    // the launch's yield policy,
    reg [7:0]        w_yparam  [0:WARPS-1];    //   its parameter,
    reg [8:0]        w_ycount  [0:WARPS-1];    //   EVERY_N's count
    reg [15:0]       w_lfsr    [0:WARPS-1];    //   and LFSR's state
    // sub-vector mode (DESIGN §6.4; the segments and loop forms: wq_diverge)
    reg              w_sven    [0:WARPS-1];    // the launch enables sub-vector mode
    reg [4:0]        w_sbase   [0:WARPS-1];    // its shared base (0: nothing packed)
    // the predicates, a row per warp (predicate q at [q*32 +: 32], the last
    // PT): LUT RAM with one write port (below) and DE's and WB's reads of
    // their warp's row (two copies); in flip-flops, 2 048 of them behind
    // three 64-way multiplexers
    reg [8*32-1:0]   w_pred    [0:WARPS-1];
    reg [WARPS-1:0]  w_same    [0:WARPS-1];    // slots i and j: one CTA's (w_key equal)

    // ---- the summaries ---------------------------------------------------------
    // (from the state's decodes registered beside it, w_rn, w_fr, w_at,
    // w_arr below: the engine's idle flag the host's step reads and the
    // free slots' count are an OR and an adder tree from flip-flops)
    reg  [WARPS-1:0] w_rn, w_fr;                // w_state == RUN, FREE
    always @(*) begin
        o_run_v  = w_rn;
        o_free_v = w_fr;
        o_live_v = w_arr | w_at;                // RUN, BAR, or TRAP recoverable
    end
    // the free slots' count: an adder tree (log2 WARPS adders deep), not a
    // chain of WARPS increments
    assign o_nfree = popcount(o_free_v);

    // ---- the read ports --------------------------------------------------------
    assign o_is_pc     = w_pc[i_pick];
    assign o_is_addr   = w_fa[i_pick];
    assign o_d_act     = w_act[i_d_w];
    assign o_d_prow    = w_pred[i_d_w];
    assign o_fd_prow   = w_pred[i_fd_w];
    assign o_fd_sbase  = w_sbase[i_fd_w];
    assign o_d_nregs   = w_nregs[i_d_w];
    assign o_d_sbase   = w_sbase[i_d_w];
    assign o_d_code    = w_code[i_d_w];
    assign {o_x_wi, o_x_local, o_x_ctaflat, o_x_param, o_x_gb, o_x_cta, o_x_ncta, o_x_ntid} = xf_row;
    assign o_x_clock   = w_retired[i_x_w];
    // WB's warp's fields are registers (b_*_q), loaded with WB's beat
    // from the warp it loads (the deque view's pair, wq_core's b_load and
    // v_load_w), not a select by WB's warp in front of the commit's
    // decisions: a warp's fields do not change between its beat's load
    // and its commit's end (one instruction a warp in flight; the commit
    // writes them as it ends, a warp start only a free slot, a CSR only
    // with the pipeline empty), so the copies are the slot's whenever WB
    // holds a beat (the FORMAL section asserts it inside the core)
    reg [31:0]       b_act_q, b_exited_q, b_key_q;
    reg [1:0]        b_ypol_q;
    reg [7:0]        b_yparam_q;
    reg [8:0]        b_ycount_q;
    reg [15:0]       b_lfsr_q;
    reg              b_sven_q;
    reg [4:0]        b_sbase_q;
    always @(posedge i_clk)
        if (i_b_load) begin
            b_act_q    <= w_act[i_b_load_w];
            b_exited_q <= w_exited[i_b_load_w];
            b_ypol_q   <= w_ypol[i_b_load_w];
            b_yparam_q <= w_yparam[i_b_load_w];
            b_ycount_q <= w_ycount[i_b_load_w];
            b_lfsr_q   <= w_lfsr[i_b_load_w];
            b_sven_q   <= w_sven[i_b_load_w];
            b_sbase_q  <= w_sbase[i_b_load_w];
            b_key_q    <= w_key[i_b_load_w];
        end
    assign o_b_act     = b_act_q;
    assign o_b_exited  = b_exited_q;
    assign o_b_ypol    = b_ypol_q;
    assign o_b_yparam  = b_yparam_q;
    assign o_b_ycount  = b_ycount_q;
    assign o_b_lfsr    = b_lfsr_q;
    assign o_b_sven    = b_sven_q;
    assign o_b_sbase   = b_sbase_q;
    assign o_b_key     = b_key_q;
    assign o_cm_sbase  = w_sbase[i_cm_w];
    assign o_dw_init   = w_init[i_dw];
    assign o_dw_state  = ((oh_dw & w_rn) != {WARPS{1'b0}}) ? `WQ_WS_RUN :
                         ((oh_dw & w_fr) != {WARPS{1'b0}}) ? `WQ_WS_FREE :
                         ((oh_dw & w_at) != {WARPS{1'b0}}) ? `WQ_WS_BAR : `WQ_WS_TRAP;
    assign o_dw_trap   = w_trap[i_dw];
    // (RESUME's and KILL's tests, an AND-OR of the window's one-hot with
    // the state's decodes registered beside it, not a trap code's read
    // and decode in front of the slots' next state)
    assign o_dw_trec   = (oh_dw & w_trc) != {WARPS{1'b0}};
    assign o_dw_tfat   = (oh_dw & w_tft) != {WARPS{1'b0}};
    assign o_dw_pc     = w_pc[i_dw];
    assign o_dw_act    = w_act[i_dw];
    assign o_dw_key    = w_key[i_dw];
    // WB's warp's predicates (the FP unit's warp while its FSETP commits:
    // WB is frozen then): SETP's and FSETP's new predicate, the compare
    // bits in the selected threads
    wire [WID_W-1:0] pr_w   = i_fc_go ? i_fv_w : i_wb_w;
    wire [8*32-1:0]  b_prow = w_pred[pr_w];
    assign o_b_pred_new  = (b_prow[{i_wb_rd, 5'd0} +: 32] & ~i_wb_sel) | (i_setp_acc & i_wb_sel);
    assign o_cm_pred_new = (b_prow[{i_fv_rd, 5'd0} +: 32] & ~i_fv_sel) | (i_fv_pred & i_fv_sel);

    // ---- the barrier check: wq_bar_check for the CTA of warp bc_w -------------
    // bc_w leaves the set of warps that can still arrive (it waits at BAR,
    // traps fatally, ends, or is killed): the barrier completes when no
    // other warp of its CTA can still arrive, and releases the others that
    // wait -- and bc_w itself when it is the one arriving.
    //
    // Its terms are registered or precomputed so that the check is a
    // one-hot select, not a row read behind a warp number (the state's
    // writes depend on it: docs/rtl/wq_warp_slots.md, "Timing"):
    //   w_at, w_arr  a bit a slot, registered with the state (below): it
    //                waits at BAR; it can still arrive (runs, or is
    //                trapped recoverably) -- the state's and trap code's
    //                decode, not their 6-bit compare behind every use;
    //   c_arr, c_at  a bit a slot i, from the registers alone (in parallel
    //                for every i, before bc_w is known): another warp of
    //                i's CTA can still arrive; another waits at BAR;
    //   bc_oh        bc_w one-hot, from the inputs;
    // so o_bar_go and o_rel_end are an AND-OR of bc_oh with c_arr / c_at,
    // and o_bar_oth[k] an AND-OR of bc_oh with column k of w_same.
    reg  [WARPS-1:0] w_at;                      // waits at BAR (w_state == BAR)
    reg  [WARPS-1:0] w_arr;                     // can still arrive (RUN, or TRAP recoverable)
    reg  [WARPS-1:0] w_trc, w_tft;              // TRAP recoverable; TRAP, not
    wire [WARPS-1:0] oh_wb   = i_wb_oh[WARPS-1:0];
    wire [WARPS-1:0] oh_dw   = {{(WARPS-1){1'b0}}, 1'b1} << i_dw;
    wire [WARPS-1:0] bc_oh   = i_csr_on ? oh_dw : oh_wb;
    reg  [WARPS-1:0] c_arr, c_at;
    integer bi, bj;
    always @(*) begin
        for (bi = 0; bi < WARPS; bi = bi + 1) begin
            c_arr[bi] = 1'b0;
            c_at[bi] = 1'b0;
            for (bj = 0; bj < WARPS; bj = bj + 1)
                if (bj != bi) begin
                    c_arr[bi] = c_arr[bi] | (w_same[bi][bj] & w_arr[bj]);
                    c_at[bi] = c_at[bi] | (w_same[bi][bj] & w_at[bj]);
                end
        end
        for (bi = 0; bi < WARPS; bi = bi + 1) begin
            // bc_w's row of w_same at column bi, bc_w itself left out
            o_bar_oth[bi] = 1'b0;
            for (bj = 0; bj < WARPS; bj = bj + 1)
                if (bj != bi) o_bar_oth[bi] = o_bar_oth[bi] | (bc_oh[bj] & w_same[bj][bi]);
            o_bar_oth[bi] = o_bar_oth[bi] & w_at[bi];
        end
    end
    // bc_w's check from this cycle's terms (KILL's release; the formal
    // section's definitions) and WB's from the terms of the last edge
    // (b_go_q, b_rel_q): a slot's state, trap code or CTA
    // changes only at a WB commit that ends, waits, traps or releases, a
    // warp's start, RESUME or KILL (ev_st, below), so the registered terms
    // are this cycle's unless one of those came at the last edge (c_v
    // low; the walk holds WB's records that cycle: wq_diverge_walk)
`ifdef FORMAL
    wire             bar_go_c  = (bc_oh & c_arr) == {WARPS{1'b0}};
`endif
    wire             rel_end_c = (bc_oh & ~c_arr & c_at) != {WARPS{1'b0}};
    // WB's two are flip-flops, b_go_q (no other warp of the CTA can still
    // arrive) and b_rel_q (the release): each cycle's terms selected by
    // the warp WB holds next -- the warp it loads (i_b_load_w) when it
    // loads a beat, else its own; slot 0 in reset, as wq_ex_stage's
    // b_woh -- so that WB's record walk reads them at level 0, not behind
    // an AND-OR of eight.  WB's load, the latest term, selects last.
    wire [WARPS-1:0] oh_ld   = {{(WARPS-1){1'b0}}, 1'b1} << i_b_load_w;
    wire [WARPS-1:0] c_go_n  = ~c_arr;
    wire [WARPS-1:0] c_rel_n = ~c_arr & c_at;
    // (the two selects kept as nets, so the load's LUT is the last)
    (* keep *) wire go_ld, rel_ld, go_kp, rel_kp;
    assign go_ld  = i_reset ? c_go_n[0] : (oh_ld & c_go_n) != {WARPS{1'b0}};
    assign rel_ld = i_reset ? c_rel_n[0] : (oh_ld & c_rel_n) != {WARPS{1'b0}};
    assign go_kp  = i_reset ? c_go_n[0] : (oh_wb & c_go_n) != {WARPS{1'b0}};
    assign rel_kp = i_reset ? c_rel_n[0] : (oh_wb & c_rel_n) != {WARPS{1'b0}};
    reg              b_go_q, b_rel_q;
    reg              c_v;
    wire             ev_st;
    always @(posedge i_clk) begin
        b_go_q  <= i_b_load ? go_ld : go_kp;
        b_rel_q <= i_b_load ? rel_ld : rel_kp;
        c_v <= !ev_st;
    end
    assign o_bar_go    = b_go_q;
    assign o_rel_end   = b_rel_q;
    assign o_bchk_v    = c_v;
    assign o_kill_rel  = rel_end_c;
    assign o_bar_slots = o_bar_oth | ((i_wb_bar && !i_wb_trap && !i_csr_on) ? oh_wb : {WARPS{1'b0}});
    always @(*) begin
        o_bar_lo = {WID_W{1'b0}};
        for (bi = WARPS - 1; bi >= 0; bi = bi - 1)
            if (o_bar_slots[bi]) o_bar_lo = bi[WID_W-1:0];
    end
    // the same-CTA matrix: a warp's start writes its row and its column
    always @(posedge i_clk)
        if (i_ds_go)
            for (bi = 0; bi < WARPS; bi = bi + 1) begin
                w_same[i_ds_slot][bi] <= (bi[WID_W-1:0] == i_ds_slot) || w_key[bi] == i_ds_key;
                w_same[bi][i_ds_slot] <= (bi[WID_W-1:0] == i_ds_slot) || w_key[bi] == i_ds_key;
            end

    // ---- the state and trap code ---------------------------------------------------
    // A slot's state (FREE, RUN, BAR, TRAP) is kept one-hot, as its
    // decodes (w_rn, w_fr, w_at, and w_trc / w_tft for TRAP with a
    // recoverable code or not), beside its trap code (w_trap): the
    // decodes are what the scheduler, the barrier check and the debug
    // window read, and the state itself is their encoding (o_dw_state;
    // the FORMAL section keeps the state as the model writes it, w_state,
    // and asserts the decodes equal to its decode).  The next trap code, wt_nx,
    // in the core's order, a later write winning: WB's commit (a trap, a
    // warp's end with orphaned threads), a warp's start, RESUME, KILL,
    // reset.
    wire             ev_rel  = i_wb_done && i_wb_rel;            // WB's commit releases
    wire             d_wait  = !i_wb_trap && i_wb_bar && !o_bar_go;   // BAR waits, if the commit ends
    wire             ev_wait = i_wb_done && d_wait;
    assign ev_st = i_reset || i_ds_go || i_resume || i_kill || ev_rel ||
                   (i_wb_done && (ev_wait || i_wb_trap || i_wb_gone));
    reg  [7:0]       wt_nx   [0:WARPS-1];
    integer k;
    always @(*)
        for (k = 0; k < WARPS; k = k + 1) begin
            wt_nx[k] = w_trap[k];
            if (i_wb_done && oh_wb[k]) begin
                // wq_warp_trap: the instruction changes nothing
                if (i_wb_trap) wt_nx[k] = i_wb_code;
                else if (i_wb_gone && i_wb_orphan) wt_nx[k] = `WQ_TRAP_ORPHANED;
            end
            if ((i_ds_go && i_ds_slot == k[WID_W-1:0]) || ((i_resume || i_kill) && oh_dw[k]) || i_reset)
                wt_nx[k] = `WQ_TRAP_NONE;
        end
    // The next state's decodes (w_arr too, RUN or TRAP recoverable: the
    // barrier check's "can still arrive"), the writes of the model's
    // order (WB's commit: the barrier's release of the others waiting,
    // BAR's wait, a trap, a warp's end; a warp's start; RESUME; KILL and
    // the barrier check's release for its CTA; reset), formed side by side for a commit that ends (dec_d), a KILL (dec_k) and
    // neither (dec_i), and selected last by the two late terms -- WB's
    // decision to end its commit (behind the record walk) and KILL's
    // (behind its command's decode): one select behind them, not a compare
    // behind a chain of state writes behind them.  A commit ends only
    // outside a CSR step and RESUME and KILL come only inside one (the
    // FORMAL section's), so dec_d has no CSR term and dec_k no WB term.
    function [5:0] ws_dec;  // {TRAP not recoverable, TRAP recoverable, can arrive, at BAR, FREE, RUN}
        input [3:0] st;
        input       rc;     // (the trap code's trap_recov)
        ws_dec = {st == `WQ_WS_TRAP && !rc, st == `WQ_WS_TRAP && rc,
                  st == `WQ_WS_RUN || (st == `WQ_WS_TRAP && rc),
                  st == `WQ_WS_BAR, st == `WQ_WS_FREE, st == `WQ_WS_RUN};
    endfunction
    wire [5:0]       dx_run  = ws_dec(`WQ_WS_RUN, 1'b0);
    wire [5:0]       dx_free = ws_dec(`WQ_WS_FREE, 1'b0);
    wire [5:0]       dx_bar  = ws_dec(`WQ_WS_BAR, 1'b0);
    wire [5:0]       dx_trap = ws_dec(`WQ_WS_TRAP, trap_recov(i_wb_code));
    wire [5:0]       dx_orph = ws_dec(`WQ_WS_TRAP, trap_recov(`WQ_TRAP_ORPHANED));
    (* keep *) reg [6*WARPS-1:0] dec_d;
    (* keep *) reg [6*WARPS-1:0] dec_k;
    (* keep *) reg [6*WARPS-1:0] dec_i;
    reg  [5:0]       dcur;
    reg              ds_k;
    always @(*)
        for (k = 0; k < WARPS; k = k + 1) begin
            dcur = {w_tft[k], w_trc[k], w_arr[k], w_at[k], w_fr[k], w_rn[k]};
            ds_k = i_ds_go && i_ds_slot == k[WID_W-1:0];
            dec_d[6*k +: 6] = dcur;
            if (i_wb_rel && o_bar_oth[k]) dec_d[6*k +: 6] = dx_run;
            if (oh_wb[k]) begin
                if (d_wait) dec_d[6*k +: 6] = dx_bar;
                if (i_wb_trap) dec_d[6*k +: 6] = dx_trap;
                else if (i_wb_gone) dec_d[6*k +: 6] = i_wb_orphan ? dx_orph : dx_free;
            end
            if (ds_k) dec_d[6*k +: 6] = dx_run;
            dec_k[6*k +: 6] = dcur;
            if (ds_k) dec_k[6*k +: 6] = dx_run;
            if (oh_dw[k]) dec_k[6*k +: 6] = dx_free;
            if (rel_end_c && o_bar_oth[k]) dec_k[6*k +: 6] = dx_run;
            dec_i[6*k +: 6] = dcur;
            if (ds_k || (i_resume && oh_dw[k])) dec_i[6*k +: 6] = dx_run;
            if (i_reset) begin
                dec_d[6*k +: 6] = dx_free;
                dec_k[6*k +: 6] = dx_free;
                dec_i[6*k +: 6] = dx_free;
            end
        end
    wire [6*WARPS-1:0] dec_nx = i_wb_done ? dec_d : i_kill ? dec_k : dec_i;
    always @(posedge i_clk)
        for (k = 0; k < WARPS; k = k + 1) begin
            w_trap[k]  <= wt_nx[k];
            {w_tft[k], w_trc[k], w_arr[k], w_at[k], w_fr[k], w_rn[k]} <= dec_nx[6*k +: 6];
        end
    always @(posedge i_clk)
        for (k = 0; k < WARPS; k = k + 1)
            if (i_reset) w_init[k] <= 1'b0;
            else if (i_ds_go && i_ds_slot == k[WID_W-1:0]) w_init[k] <= 1'b1;

    // ---- the launch's fields, written as a warp starts ----------------------------
    wq_regfile #(.LANES(1), .WIDTH(XFW), .DEPTH(WARPS)) u_xf (
        .i_clk(i_clk), .i_raddr(i_x_w_nx), .i_rzero(1'b0), .o_rdata(xf_row),
        .i_we(i_ds_go), .i_waddr(i_ds_slot), .i_wlane(1'b1),
        .i_wdata({i_ds_wi, i_ds_local, i_ds_flat, g_param, i_ds_bz, i_ds_by, i_ds_bx,
                  i_ds_cz, i_ds_cy, i_ds_cx, g_ncta2, g_ncta1, g_ncta0, g_ntid2, g_ntid1, g_ntid0}));
    // (outside a segment and a loop form, the deque CLEARed: wq_diverge;
    // its rows read zero and CTA_START: wq_commit)
    always @(posedge i_clk)
        if (i_ds_go) begin
            w_nregs[i_ds_slot] <= g_nregs;
            w_code[i_ds_slot] <= g_code;
            w_key[i_ds_slot] <= i_ds_key;
            w_ypol[i_ds_slot] <= g_ypol;
            w_yparam[i_ds_slot] <= g_yparam;
            w_sven[i_ds_slot] <= g_sven;
            w_sbase[i_ds_slot] <= g_sbase;
        end

    // ---- the fields a commit changes -------------------------------------------------
    // LUT RAM, one write port each: WB's commit (not a trap), the
    // completion path's (its PC + 1) and a warp's start never come in one
    // cycle (the completion path holds WB; a warp starts in PH_DISP with
    // the pipeline and the LSU empty), so their writes are one port at
    // sl_w.  w_act has three reads (DE's warp, WB's, the debug window's),
    // w_pc two (IS's pick, the debug window's), w_code three (DE's warp,
    // WB's and the completion's for w_fa's sums), w_retired two (EX's S2R
    // CLOCK, its own increment at sl_w), the others WB's.
    wire             sl_b  = i_wb_done && !i_wb_trap;
    wire             sl_cm = i_cm_done;
    wire             sl_ds = i_ds_go;
    wire [WID_W-1:0] sl_w  = sl_ds ? i_ds_slot : sl_cm ? i_cm_w : i_wb_w;
    // w_fa, the warp's fetch address (its code base plus its PC's bytes),
    // is kept beside w_pc and written with it: the sum is formed here, on
    // the write side, so IS reads the picked warp's address from a LUT RAM
    // rather than through a select and a 32-bit adder on its way into the
    // instruction buffer's lookup and the prefetch window's compares
    // (each write's sum is formed from its own source, side by side -- WB's
    // warp's code base and next PC, the completion's, the start's -- and
    // the write's select comes last: the select of the writing warp, late
    // behind the completion's decision, is not in front of a code read
    // and the adder)
    function [31:0] fetch_addr;          // a code base plus a PC's bytes
        input [31:0]    code;
        input [PCW-1:0] pc;
        fetch_addr = code + ({{(32-PCW){1'b0}}, pc} << 3);
    endfunction
    wire [PCW-1:0]   cm_npc  = i_cm_pc + 1'b1;
    wire [PCW-1:0]   sl_pc   = sl_ds ? g_pc : sl_cm ? cm_npc : i_wb_npc;
    wire [31:0]      fa_b    = fetch_addr(w_code[i_wb_w], i_wb_npc);
    wire [31:0]      fa_cm   = fetch_addr(w_code[i_cm_w], cm_npc);
    wire [31:0]      fa_ds   = fetch_addr(g_code, g_pc);
    always @(posedge i_clk)
        if (sl_ds || sl_cm || sl_b) begin
            w_pc[sl_w] <= sl_pc;
            w_fa[sl_w] <= sl_ds ? fa_ds : sl_cm ? fa_cm : fa_b;
        end
    always @(posedge i_clk)
        if (sl_ds || sl_cm || sl_b)
            w_retired[sl_w] <= sl_ds ? 32'd0 : w_retired[sl_w] + 32'd1;
    always @(posedge i_clk)
        if (sl_ds || sl_b) begin
            w_act[sl_w] <= sl_ds ? i_ds_live : i_wb_act;
            w_exited[sl_w] <= sl_ds ? ~i_ds_live : i_wb_exit;
        end
    // YIELD's policy state: LFSR's or EVERY_N's count
    wire             y_lfsr = o_b_ypol == `WQ_YP_LFSR;
    always @(posedge i_clk)
        if (sl_ds || (sl_b && i_wb_yield && y_lfsr))
            w_lfsr[sl_w] <= !sl_ds ? i_wb_lfsr : (g_yseed != 16'd0) ? g_yseed : `WQ_YLFSR_SEED_DEFAULT;
    always @(posedge i_clk)
        if (sl_ds || (sl_b && i_wb_yield && !y_lfsr))
            w_ycount[sl_w] <= sl_ds ? 9'd0 : i_wb_ycount;

    // the predicate rows' one write port: a warp's start sets its row
    // (PT all ones, the others zero), SETP's commit writes its predicate
    // in WB's warp's row, FSETP's (the completion path: WB frozen, no warp
    // starting) in the FP unit's warp's.  The three never come in one
    // cycle.  (One write a predicate at one address, each with its own
    // enable: the LUT RAM's write port with an enable a predicate; two
    // writes at two addresses are merged by Yosys with an enable a bit,
    // which it then keeps in flip-flops.)
    wire             pw_ds  = i_ds_go;
    wire             pw_set = sl_b && i_wb_setp;
    wire             pw_cm  = i_cm_pw;
    wire [WID_W-1:0] pw_w   = pw_ds ? i_ds_slot : pw_cm ? i_fv_w : i_wb_w;
    wire [2:0]       pw_q   = pw_cm ? i_fv_rd : i_wb_rd;
    wire [31:0]      pw_v   = pw_cm ? o_cm_pred_new : o_b_pred_new;
    integer pq;
    always @(posedge i_clk)
        for (pq = 0; pq < 8; pq = pq + 1)
            if (pw_ds || ((pw_set || pw_cm) && pw_q == pq[2:0]))
                w_pred[pw_w][pq*32 +: 32] <= pw_ds ? ((pq == 7) ? 32'hFFFFFFFF : 32'd0) : pw_v;

`ifdef FORMAL
    // Checked inside the core (scripts/formal.sh, job core) and alone (job
    // warp_slots, FORMAL_WARP_SLOTS_TOP: every input free but the first
    // cycle's reset).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    // WB's warp as the edge before left it: the warp WB loaded, else its
    // own, slot 0 after reset (wq_ex_stage's b_w; b_go_q and b_rel_q
    // select by it one cycle early)
    reg [WID_W-1:0] f_wbw_q;
    always @(posedge i_clk)
        f_wbw_q <= i_reset ? {WID_W{1'b0}} : i_b_load ? i_b_load_w : i_wb_w;
`ifdef FORMAL_WARP_SLOTS_TOP
    always @(*) if (f_past) assume(i_wb_w == f_wbw_q);
    always @(*) if (!f_past) assume(i_reset);
    // the core's contract: WB commits outside a CSR step, RESUME and KILL
    // come only inside one, and a commit
    // that reads the barrier check (BAR, a release, a trap, a warp's end)
    // with its registered terms valid (the walk holds otherwise)
    always @(*) if (i_wb_done) assume(!i_csr_on);
    always @(*) assume(i_wb_oh == {{((1<<WID_W)-1){1'b0}}, 1'b1} << i_wb_w);
    always @(*) if (i_resume || i_kill) assume(i_csr_on);
    always @(*) if (i_wb_done && (i_wb_bar || i_wb_rel || i_wb_trap || i_wb_gone)) assume(c_v);
`else
    // (inside the core) the same, asserted
    always @(*)
        if (f_past && !i_reset && i_wb_done)
            assert(!i_csr_on && (c_v || !(i_wb_bar || i_wb_rel || i_wb_trap || i_wb_gone)));
    always @(*)
        if (f_past && !i_reset && (i_resume || i_kill))
            assert(i_csr_on);
    always @(*)
        if (f_past) assert(i_wb_oh == {{((1<<WID_W)-1){1'b0}}, 1'b1} << i_wb_w);
    always @(*) if (f_past) assert(i_wb_w == f_wbw_q);
    // (inside the core) WB's registered fields are its warp's slot's
    always @(*)
        if (f_past && !i_reset && i_b_v)
            assert(b_act_q == w_act[i_wb_w] && b_exited_q == w_exited[i_wb_w] &&
                   b_ypol_q == w_ypol[i_wb_w] && b_yparam_q == w_yparam[i_wb_w] &&
                   b_ycount_q == w_ycount[i_wb_w] && b_lfsr_q == w_lfsr[i_wb_w] &&
                   b_sven_q == w_sven[i_wb_w] && b_sbase_q == w_sbase[i_wb_w] &&
                   b_key_q == w_key[i_wb_w]);
`endif
    integer fi, fj;
    // the state as the model writes it (wq_warp_t's state), a chain of
    // writes in the core's order, a later write winning; the decodes'
    // three cases and their late selects are its decode (under the core's
    // contract, above)
    reg [3:0]        w_state   [0:WARPS-1];
    reg [3:0]        ws_nx     [0:WARPS-1];
    wire             ev_krel = i_kill && rel_end_c;              // KILL's release
    always @(*)
        for (fi = 0; fi < WARPS; fi = fi + 1) begin
            ws_nx[fi] = w_state[fi];
            if (ev_rel && o_bar_oth[fi]) ws_nx[fi] = `WQ_WS_RUN;
            if (i_wb_done && oh_wb[fi]) begin
                if (ev_wait) ws_nx[fi] = `WQ_WS_BAR;
                if (i_wb_trap) ws_nx[fi] = `WQ_WS_TRAP;
                else if (i_wb_gone) ws_nx[fi] = i_wb_orphan ? `WQ_WS_TRAP : `WQ_WS_FREE;
            end
            if (i_ds_go && i_ds_slot == fi[WID_W-1:0]) ws_nx[fi] = `WQ_WS_RUN;
            if ((i_resume || i_kill) && oh_dw[fi]) ws_nx[fi] = i_kill ? `WQ_WS_FREE : `WQ_WS_RUN;
            // (KILL's barrier check runs for its CTA.  A fatally trapped
            // warp no longer counts at the barrier, and every event that
            // can complete a barrier checks it, so this release does not
            // happen in practice; it is kept as the model has it)
            if (ev_krel && o_bar_oth[fi]) ws_nx[fi] = `WQ_WS_RUN;
            if (i_reset) ws_nx[fi] = `WQ_WS_FREE;
            if (f_past && !(i_wb_done && i_csr_on) && !((i_resume || i_kill) && !i_csr_on))
                assert(dec_nx[6*fi +: 6] == ws_dec(ws_nx[fi], trap_recov(wt_nx[fi])));
        end
    always @(posedge i_clk)
        for (fi = 0; fi < WARPS; fi = fi + 1)
            w_state[fi] <= ws_nx[fi];
    // (the window's warp outside the slots -- WID_W bits over WARPS -- is
    // never read: the CSR unit's dbg_ok)
    always @(*)
        if (f_past && {1'b0, i_dw} < WARPS) assert(o_dw_state == w_state[i_dw]);
    reg [6:0] f_nfree;
    always @(*) begin
        f_nfree = 7'd0;
        for (fi = 0; fi < WARPS; fi = fi + 1)
            f_nfree = f_nfree + {6'd0, w_state[fi] == `WQ_WS_FREE};
    end
    // the barrier check's definition (wq_bar_check): bc_w's row of w_same,
    // bc_w left out, against the slots that can still arrive and that wait
    wire [WID_W-1:0] bc_w  = i_csr_on ? i_dw : i_wb_w;
    wire [WARPS-1:0] f_row = w_same[bc_w] & ~({{(WARPS-1){1'b0}}, 1'b1} << bc_w);
    reg  [WARPS-1:0] f_arr, f_at;
    always @(*)
        for (fi = 0; fi < WARPS; fi = fi + 1) begin
            f_arr[fi] = w_state[fi] == `WQ_WS_RUN ||
                        (w_state[fi] == `WQ_WS_TRAP && trap_recov(w_trap[fi]));
            f_at[fi] = w_state[fi] == `WQ_WS_BAR;
        end
    always @(*) if (f_past && !i_reset) begin
        // the adder tree counts the free slots
        assert(o_nfree == f_nfree);
        for (fi = 0; fi < WARPS; fi = fi + 1) begin
            // a slot's state is one of the four
            assert(w_state[fi] == `WQ_WS_FREE || w_state[fi] == `WQ_WS_RUN ||
                   w_state[fi] == `WQ_WS_BAR || w_state[fi] == `WQ_WS_TRAP);
            // the registered decode equals the state's and trap code's
            assert(w_at[fi] == f_at[fi]);
            assert(w_arr[fi] == f_arr[fi]);
            assert(w_rn[fi] == (w_state[fi] == `WQ_WS_RUN));
            assert(w_fr[fi] == (w_state[fi] == `WQ_WS_FREE));
            assert(w_trc[fi] == (w_state[fi] == `WQ_WS_TRAP && trap_recov(w_trap[fi])));
            assert(w_tft[fi] == (w_state[fi] == `WQ_WS_TRAP && !trap_recov(w_trap[fi])));
            // a started slot's fetch address is its code base plus its
            // PC's bytes
            if (w_init[fi]) assert(w_fa[fi] == fetch_addr(w_code[fi], w_pc[fi]));
            // the same-CTA matrix of two started slots: their keys equal
            for (fj = 0; fj < WARPS; fj = fj + 1)
                if (w_init[fi] && w_init[fj])
                    assert(w_same[fi][fj] == (fi == fj || w_key[fi] == w_key[fj]));
        end
        // the one-hot selects equal the row read: the others waiting, the
        // barrier's completion, a release
        assert(o_bar_oth == (f_row & f_at));
        assert(bar_go_c == ((f_row & f_arr) == {WARPS{1'b0}}));
        assert(rel_end_c == (bar_go_c && (f_row & f_at) != {WARPS{1'b0}}));
        // the registered terms are this cycle's when valid, so WB's check
        // is bc_w's outside a CSR step
        if (c_v) assert(o_bar_go == ((oh_wb & ~c_arr) != {WARPS{1'b0}}) &&
                        o_rel_end == ((oh_wb & ~c_arr & c_at) != {WARPS{1'b0}}));
        if (c_v && !i_csr_on) assert(o_bar_go == bar_go_c && o_rel_end == rel_end_c);
        // the barrier check of a started warp: no other warp of its CTA
        // can still arrive when it completes, and the ones it releases
        // wait at BAR in its CTA
        for (fi = 0; fi < WARPS; fi = fi + 1)
            if (w_init[bc_w] && w_init[fi] && fi[WID_W-1:0] != bc_w &&
                w_key[fi] == w_key[bc_w]) begin
                if (bar_go_c) assert(!f_arr[fi]);
                assert(o_bar_oth[fi] == (w_state[fi] == `WQ_WS_BAR));
            end
        for (fi = 0; fi < WARPS; fi = fi + 1)
            if (o_bar_oth[fi]) assert(w_state[fi] == `WQ_WS_BAR && fi[WID_W-1:0] != bc_w);
        // the release's unit is the lowest slot it wakes
        if (o_bar_slots != {WARPS{1'b0}})
            assert(o_bar_slots[o_bar_lo] &&
                   (o_bar_slots & ~({WARPS{1'b1}} << o_bar_lo)) == {WARPS{1'b0}});
    end
    // a commit's outcome on its warp's state (when nothing else writes a
    // slot in the cycle)
    reg              f_cm_q = 1'b0, f_trap_q, f_wait_q, f_rel_q;
    reg [WID_W-1:0]  f_w_q;
    reg [7:0]        f_code_q;
    reg [WARPS-1:0]  f_oth_q;
    always @(posedge i_clk) begin
        f_cm_q <= i_wb_done && !i_ds_go && !i_resume && !i_kill && !i_reset;
        f_trap_q <= i_wb_trap;
        f_wait_q <= !i_wb_trap && i_wb_bar && !o_bar_go && !i_wb_gone;
        f_rel_q <= i_wb_rel;
        f_w_q <= i_wb_w;
        f_code_q <= i_wb_code;
        f_oth_q <= o_bar_oth;
    end
    always @(*)
        if (f_past && !i_reset && f_cm_q) begin
            if (f_trap_q) assert(w_state[f_w_q] == `WQ_WS_TRAP && w_trap[f_w_q] == f_code_q);
            else if (f_wait_q) assert(w_state[f_w_q] == `WQ_WS_BAR);
            if (f_rel_q)
                for (fi = 0; fi < WARPS; fi = fi + 1)
                    if (f_oth_q[fi] && fi[WID_W-1:0] != f_w_q) assert(w_state[fi] == `WQ_WS_RUN);
        end
`ifdef FORMAL_WARP_SLOTS_TOP
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            // BAR waits; a commit releases the others waiting; two
            // started slots of one CTA; a recoverably trapped slot that can
            // still arrive (w_arr's trap term)
            c_bar_wait: cover(i_wb_done && i_wb_bar && !i_wb_trap && !o_bar_go && !i_csr_on);
            c_release:  cover(i_wb_done && i_wb_rel && o_bar_oth != {WARPS{1'b0}});
            c_same:     cover(w_init[0] && w_init[1] && w_same[0][1]);
            c_recov:    cover(w_arr[0] && w_state[0] == `WQ_WS_TRAP);
        end
`endif
`endif
endmodule
