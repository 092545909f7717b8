////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/core/wq_wb_ctl.v
//
// Project:	warpq -- the pipelined SIMT core (DESIGN §6)
//
// Purpose:	WB's commit control and the completion port
//		(docs/rtl/wq_wb_ctl.md; docs/rtl/wq_core.md): whether WB's
//		instruction emits this cycle (o_b_emit) and whether WB keeps
//		its beat (o_b_busy: the commit's records, the divergence
//		unit's walk, a trap waiting for the units to empty, the hold's
//		last commit waiting for the fetch run and the answers owed, a
//		completion's freeze); the trap's and a code-writing store's
//		squash and the instruction buffer's flush; the warps ready
//		after the commit and whether a CTA may start; the completion
//		port's owner (wq_cm_grant), its commit's start, and the
//		completion beat's fields, selected by the owner; and whether
//		WB's instruction has emitted a record (o_b_open).
//
//		One cycle of wq_core's WB decisions in a file of its own:
//		wq_core wires them to the stages and units, and scripts/area.sh
//		maps the logic inside wq_core's (wq_area_inline), as the
//		board's flattened netlist does.  WB's beat is wq_ex_stage's WB
//		register; its record walk is wq_diverge's (i_b_last_k,
//		i_b_hold).
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none
`include "wq_defs.vh"

(* wq_area_inline *)
module wq_wb_ctl #(
    parameter WARPS = 8,
    parameter LANES = 32,
    parameter PCW   = 22,
    parameter WID_W = (WARPS > 1) ? $clog2(WARPS) : 1,
    parameter RF_AW = 10
) (
    input  wire                 i_clk,
    input  wire                 i_reset,
    input  wire                 i_ev_gnt,
    // WB's beat (wq_ex_stage): valid, a commit beat, its trap, warp and
    // opcode; a part beat's register write this cycle (wq_commit's)
    input  wire                 i_b_v,
    input  wire                 i_b_commit,
    input  wire                 i_b_is_trap,
    input  wire [WID_W-1:0]     i_b_w,
    input  wire                 i_b_bar,        // ... a BAR (wq_opk.vh's kind: a flip-flop)
    input  wire                 i_b_atom,       // ... an ATOM (likewise)
    input  wire                 i_bw_go,
    // its record walk (wq_diverge): this cycle's record is the commit's
    // last, the walk holds; the warp ends, without a CTA to wait for it;
    // a barrier release now
    input  wire                 i_b_last_k,
    input  wire                 i_b_hold,
    input  wire                 i_b_hold_any,   // (i_b_last_k's two terms: it is
    input  wire                 i_b_last_nh,    //  !i_b_hold_any && i_b_last_nh)
    input  wire                 i_b_gone,
    input  wire                 i_b_orphan,
    input  wire                 i_b_rel_now,
    // the slots (wq_warp_slots, wq_fe_stage): the ready warps, the others
    // waiting at WB's barrier and whether it releases; the dispatch
    // (wq_dispatch): a CTA fits, a grid waits, its CTA's warps but one fit
    input  wire [WARPS-1:0]     i_ready_v,
    input  wire [WARPS-1:0]     i_bar_oth,
    input  wire                 i_bar_go,
    input  wire                 i_disp_ok,
    input  wire                 i_g_valid,
    input  wire                 i_g_fit1,
    // what is in flight: FE, the FE/DE buffer, DE, the DE/EX buffer, EX,
    // the EX/WB buffer (and its beat's opcode), the LSU queue, the
    // division and FP units, no fetch run, answers owed
    input  wire                 i_f_v,
    input  wire                 i_fd_held,
    input  wire                 i_d_v,
    input  wire                 i_dx_held,
    input  wire                 i_x_v,
    input  wire                 i_xb_held,
    input  wire                 i_xb_at,        // ... an ATOM's (a flip-flop: valid with i_xb_held)
    input  wire                 i_q_empty,
    input  wire                 i_xu_busy,
    input  wire                 i_dv_busy,
    input  wire                 i_fl_idle,
    input  wire                 i_ans_owed,
    // the LSU (wq_core_lsu): an atomic on, its write-back beat, a fused
    // load, a store (or an atomic's write) done and whether it wrote code
    input  wire                 i_at_on,
    input  wire                 i_ls_wb,
    input  wire                 i_ls_fuse,
    input  wire                 i_ls_store_done,
    input  wire                 i_ls_code,
    // the completion path's sources, the LSU's head entry (cp_*) and the
    // division and FP units (dv_*, fv_*, xc_*): the port asked for and
    // kept, WB held for it, the beat
    input  wire                 i_cp_req,
    input  wire                 i_cp_keep,
    input  wire                 i_cp_frz,
    input  wire                 i_cp_go,
    input  wire                 i_cp_last,
    input  wire                 i_cp_st,
    input  wire                 i_cp_code,
    input  wire [WID_W-1:0]     i_cp_w,
    input  wire [PCW-1:0]       i_cp_pc,
    input  wire [31:0]          i_cp_sel,
    input  wire [63:0]          i_cp_ir,
    input  wire [5:0]           i_cp_rd,
    input  wire [1:0]           i_cp_k,
    input  wire [5:0]           i_cp_p,
    input  wire [LANES*32-1:0]  i_cp_row,
    input  wire [RF_AW-1:0]     i_cp_rrow,      // ... the register file's row it writes
    input  wire                 i_dv_req,
    input  wire                 i_fv_req,
    input  wire                 i_dv_keep,
    input  wire                 i_fv_keep,
    input  wire                 i_xc_run,       // the division / FP unit owning the port: its commit runs
    input  wire                 i_xc_rdy,       // ... it has a commit ready
    input  wire                 i_xc_go,
    input  wire                 i_xc_last,
    input  wire                 i_xc_nowr,
    input  wire                 i_xc_pw,
    input  wire [WID_W-1:0]     i_xc_w,
    input  wire [PCW-1:0]       i_xc_pc,
    input  wire [31:0]          i_xc_sel,
    input  wire [63:0]          i_xc_ir,
    input  wire [5:0]           i_xc_rd,
    input  wire [5:0]           i_xc_p,
    input  wire [LANES*32-1:0]  i_xc_row,
    input  wire [RF_AW-1:0]     i_xc_rrow,
    input  wire [7:0]           i_xc_op,
    // WB's decisions
    output wire                 o_b_emit,       // WB's instruction emits (a record, its commit)
    output wire                 o_b_end,        // its last record: the commit ends (o_b_emit && i_b_last_k)
    output wire                 o_b_busy,       // WB keeps its beat
    output wire                 o_b_twait,      // a trap waits for the LSU queue and the units
    output wire                 o_b_trapping,   // a trap's last record
    output wire                 o_b_bar,        // WB's instruction is a BAR
    output wire                 o_b_open,       // WB's instruction has emitted a record
    output wire                 o_b_work,       // work after this commit: a warp ready, or a CTA may start (unless it traps)
    output wire                 o_squash_x,     // drop EX too (a trap commit)
    output wire                 o_squash,       // drop FE, DE (a trap commit, a code-writing store)
    output wire                 o_squash_nc,    // ... but a completion's (cp_code): WB's own and an ATOM's
    output wire                 o_ib_flush,     // flush the instruction buffer
    // the completion path: nothing else in flight, a commit may start, an
    // ATOM between, WB held for the owner; the owner
    output wire                 o_cm_idle,
    output wire                 o_cm_start,
    output wire                 o_dc_atom,
    output wire                 o_wb_frz,
    output wire                 o_own_ls,
    output wire                 o_own_dv,
    output wire                 o_own_fv,
    output wire                 o_own,
    // the completion beat emitted this cycle: the owner's fields
    output wire                 o_cm_go,
    output wire                 o_cm_last,
    output wire                 o_cm_nowr,
    output wire [WID_W-1:0]     o_cm_w,
    output wire [PCW-1:0]       o_cm_pc,
    output wire [31:0]          o_cm_sel,
    output wire [63:0]          o_cm_ir,
    output wire [5:0]           o_cm_rd,
    output wire [5:0]           o_cm_p,
    output wire [LANES*32-1:0]  o_cm_row,
    output wire [RF_AW-1:0]     o_cm_rrow,
    output wire [7:0]           o_cm_op,
    output wire                 o_cm_pw
);

    // (wq_core's names, so that a reader crosses over)
    wire             b_v = i_b_v, b_commit = i_b_commit, b_is_trap = i_b_is_trap;
    wire [WID_W-1:0] b_w = i_b_w;
    wire             b_last_k = i_b_last_k, b_hold = i_b_hold, b_gone = i_b_gone;
    wire             b_orphan = i_b_orphan, b_rel_now = i_b_rel_now, bar_go = i_bar_go;
    wire [WARPS-1:0] ready_v = i_ready_v, bar_oth = i_bar_oth;
    wire             disp_ok = i_disp_ok, g_valid = i_g_valid, g_fit1 = i_g_fit1;
    wire             f_v = i_f_v, fd_held = i_fd_held, d_v = i_d_v, dx_held = i_dx_held;
    wire             x_v = i_x_v, xb_held = i_xb_held;
    wire             q_empty = i_q_empty, xu_busy = i_xu_busy, dv_busy = i_dv_busy;
    wire             fl_idle = i_fl_idle, ans_owed = i_ans_owed;
    wire             at_on = i_at_on, ls_wb = i_ls_wb, ls_fuse = i_ls_fuse;
    wire             ls_store_done = i_ls_store_done, ls_code = i_ls_code;
    wire             cp_frz = i_cp_frz, cp_code = i_cp_code;
    wire             cp_go = i_cp_go, cp_last = i_cp_last, cp_st = i_cp_st;
    wire             xc_go = i_xc_go, xc_last = i_xc_last, xc_nowr = i_xc_nowr, xc_pw = i_xc_pw;
    wire [WID_W-1:0] cp_w = i_cp_w, xc_w = i_xc_w;
    wire [PCW-1:0]   cp_pc = i_cp_pc, xc_pc = i_xc_pc;
    wire [31:0]      cp_sel = i_cp_sel, xc_sel = i_xc_sel;
    wire [63:0]      cp_ir = i_cp_ir, xc_ir = i_xc_ir;
    wire [5:0]       cp_rd = i_cp_rd, cp_p = i_cp_p, xc_rd = i_xc_rd, xc_p = i_xc_p;
    wire [1:0]       cp_k = i_cp_k;
    wire [LANES*32-1:0] cp_row = i_cp_row, xc_row = i_xc_row;
    wire [7:0]       xc_op = i_xc_op;
    wire             cm_own, cm_own_ls, cm_own_dv, cm_own_fv;   // the port's owner (wq_cm_grant)
    wire             b_twait, b_busy, squash_x, squash, ib_flush;
    wire             dc_atom, cm_idle, cm_start, wb_frz;
    wire             b_fl_w;
    reg              b_open;

    // WB's instruction emits its record (or its commit) this cycle: a
    // commit beat that no wait, walk or completion holds,
    //   b_v && b_commit && !b_wait_fl && !b_hold && !wb_frz && !b_twait.
    // The walk's two late terms select at the last levels: its hold, the
    // deepest, last; its last record (b_last_k, never a held one) picks
    // between the beat's terms with and without the fetch run's wait
    // (b_wait_fl is b_last_k's) -- each a LUT of flip-flops and early
    // flags, kept as nets so the mapper does not bury the walk's terms
    // under them.  The commit's end, b_end (b_emit && b_last_k), is the
    // last record and the beat's terms alone: b_last_k implies !b_hold,
    // so the walk's hold, two levels deeper than its last record, is not
    // on the path of what the commit's end writes (the slots, the hold,
    // the issue's busy warps).  The FORMAL section asserts both.
    (* keep *) wire emit_nl;
    assign emit_nl = b_v && b_commit && !wb_frz && !b_twait;
    (* keep *) wire end_ok;
    assign end_ok  = emit_nl && !b_fl_w;
    wire        b_end      = b_last_k && end_ok;
    wire        b_emit     = !b_hold && (b_last_k ? end_ok : emit_nl);

    wire        b_bar      = i_b_bar;                 // (BAR is a warp instruction: never skipped)

    // ---- WB: the commit (its records: wq_diverge's walk b_kk, wq_commit) ----------------
    // a trap waits for the LSU queue, the division unit and the FP unit to empty
    assign      b_twait    = b_v && b_commit && b_is_trap && (!q_empty || xu_busy);
    wire        b_final    = b_v && b_commit && b_last_k;
    // the last commit of a hold waits for the fetch run to finish and for
    // the answers still owed (posted writes': they come under the lock).  A
    // commit with an instruction behind it in FE, DE, EX or the LSU queue
    // is not the last unless it traps; b_more itself cannot be used here,
    // as it depends on this cycle's issue.  A trap ends the hold: it waits,
    // before its first record, until the LSU queue has committed everything
    assign      b_fl_w     = (!fl_idle || ans_owed) &&
                             (b_is_trap || !(f_v || fd_held || d_v || dx_held || x_v || xb_held || !q_empty ||
                                             xu_busy));
    // (the last commit's wait, b_wait_fl, is b_final && b_fl_w: its two
    // terms enter WB's emit and hold apart, the walk's last record last)
    // (WB's hold is b_v && ((b_commit && !b_last_k) || b_wait_fl ||
    // b_twait || wb_frz): kept as its two values for the walk's last
    // record, which arrives from wq_diverge deep (its reconvergence
    // check), so the last record selects at the last level rather than the
    // LUT mapper, which sees it as early as any input, burying it under the
    // pipeline's flags.  The select reads the last record's two terms, the
    // walk's hold of every record first: with it the walk has no last
    // record (b_busy_nl), without it the last record is last_nh -- one
    // level from hold_any, the walk's deepest term, to WB's take)
    (* keep *) wire b_busy_nl;
    assign b_busy_nl = b_v && (b_commit || wb_frz);
    (* keep *) wire b_busy_l;
    assign b_busy_l  = b_v && ((b_commit && b_fl_w) || b_twait || wb_frz);
    (* keep *) wire b_busy_h;                   // (the walk's hold of every record aside)
    assign b_busy_h  = i_b_last_nh ? b_busy_l : b_busy_nl;
    assign b_busy = i_b_hold_any ? b_busy_nl : b_busy_h;
    wire        b_trapping = b_final && b_is_trap;
    // the committing warp is ready after this commit if it still runs,
    // b_stays: it does not trap (applied by b_work's user, the hold), end
    // or wait at a barrier that holds (a barrier this commit completes
    // releases the others waiting at it: the FORMAL section's ready_after)
    wire        b_stays_nt = !b_gone && !(b_bar && !bar_go);
    // (a warp that ends frees its slot: the CTA waiting for it follows in
    // the same hold, and the instruction buffer keeps the kernel's code)
    wire        b_disp     = disp_ok || (g_valid && b_gone && !b_orphan &&
                                         g_fit1);
    // Work after this commit, as the hold reads it (behind !b_trapping:
    // wq_core_hold's o_b_more): a CTA may start, or a warp is ready after
    // it -- the other warps ready and those the release frees (kept nets:
    // registers and the barrier check), or the committing warp, which
    // stays when it neither ends nor waits at a barrier that holds (b_stays
    // without its !b_trapping, which the hold applies last: so the walk's
    // last record, behind which b_trapping comes, is one AND from the
    // hold's decision, not in front of b_stays and an OR over the warps)
    (* keep *) wire rdy_oth;
    assign rdy_oth = (ready_v & ~({{(WARPS-1){1'b0}}, 1'b1} << b_w)) != {WARPS{1'b0}};
    (* keep *) wire rdy_rel;
    assign rdy_rel = b_rel_now && bar_oth != {WARPS{1'b0}};
    wire        b_work     = b_disp || rdy_oth || rdy_rel || b_stays_nt;

    // A trap's squash drops every beat younger than WB's: it starts as
    // soon as the trap's commit beat is in WB with nothing older left in
    // flight (the LSU queue and the units empty: no b_twait) and lasts to
    // its commit, so it is a function of WB's registers and the units'
    // state, not of the record walk's last record (b_last_k).  Nothing
    // younger can commit before the trap, and issue stops meanwhile: the
    // beats it drops are issued again as a later commit's, as before.
    assign squash_x = b_v && b_commit && b_is_trap && q_empty && !xu_busy;
    // after an atomic that wrote code (FE and DE, fetched before it, are
    // dropped) or a store that did (its commit drops FE, DE, EX and the
    // younger queue entries): the buffer is flushed
    wire   ls_code_done = (ls_store_done && ls_code) || cp_code;
    assign squash = squash_x || ls_code_done;
    assign ib_flush = !i_ev_gnt || ls_code_done;

    // ---- the completion path: the LSU's head entry's commit, or the
    // division unit's or the FP unit's, between WB's commits.  The port's
    // owner for a cycle is decided the cycle before (wq_cm_grant, from the
    // units' requests: the LSU first, then the division unit, then the FP
    // unit; after a run's last beat WB's waiting beat goes first; with no
    // request it is parked on a unit holding work) and held in flip-flops.
    // The owner's commit starts when WB's instruction has emitted nothing
    // (b_open), no ATOM is between its start and its commit (its records
    // are one commit's), and the hold's last commit is not waiting for the
    // fetch run and the answers owed, as WB's (cm_idle); an owner that does
    // not start gives the port back.  WB holds its beat while the owner's
    // commit runs or can start (wb_frz: the owner and the units' flags, not
    // the hold-end wait terms, which hold only with WB empty), and the
    // completion beat's fields are selected by the owner.
    assign dc_atom = at_on || ls_wb || ls_fuse || (b_v && i_b_atom) || (i_xb_held && i_xb_at);
    assign cm_idle = !f_v && !fd_held && !d_v && !dx_held && !x_v && !xb_held && !b_v && q_empty &&
                     (!fl_idle || ans_owed);
    assign cm_start = !b_open && !dc_atom;
    wq_cm_grant u_grant (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_ls_req(i_cp_req), .i_dv_req(i_dv_req), .i_fv_req(i_fv_req),
        .i_ls_keep(i_cp_keep), .i_dv_keep(i_dv_keep), .i_fv_keep(i_fv_keep),
        .i_ls_park(!q_empty), .i_dv_park(dv_busy), .i_fv_park(xu_busy && !dv_busy),
        .i_end(cm_go && cm_last), .i_wb_wait((b_v || xb_held) && !b_twait),
        .o_own_ls(cm_own_ls), .o_own_dv(cm_own_dv), .o_own_fv(cm_own_fv), .o_own(cm_own));
    // (the units' freeze: the owner's commit runs, or is ready with no
    // atomic between -- every term a flip-flop or two levels from them;
    // kept as a net, so the LUT mapper, which sees the LSU's cp_frz as
    // early as a flip-flop, does not put it in front of these terms)
    (* keep *) wire xc_frz;
    assign xc_frz = i_xc_run || (i_xc_rdy && !dc_atom);
    assign wb_frz = !b_open && (cp_frz || xc_frz);
    // the commit emitted this cycle: its beat (a load's write-back beat rd
    // + cp_k, a unit's part; a store's MEM_WRITE records are the LSU's),
    // its fields the owner's
    wire                cm_go   = cp_go || xc_go;
    wire                cm_last = cm_own_ls ? cp_last : xc_last;
    wire                cm_st   = cm_own_ls && cp_st;
    wire                cm_nowr = cm_st || xc_nowr;
    wire [WID_W-1:0]    cm_w    = cm_own_ls ? cp_w : xc_w;
    wire [PCW-1:0]      cm_pc   = cm_own_ls ? cp_pc : xc_pc;
    wire [31:0]         cm_sel  = cm_own_ls ? cp_sel : xc_sel;
    wire [63:0]         cm_ir   = cm_own_ls ? cp_ir : xc_ir;
    wire [5:0]          cm_rd   = cm_own_ls ? cp_rd + {4'd0, cp_k} : xc_rd;
    wire [5:0]          cm_p    = cm_own_ls ? cp_p : xc_p;
    wire [LANES*32-1:0] cm_row  = cm_own_ls ? cp_row : xc_row;
    wire [RF_AW-1:0]    cm_rrow = cm_own_ls ? i_cp_rrow : i_xc_rrow;
    wire [7:0]          cm_op   = cm_own_ls ? (cp_st ? `WQ_OP_ST : `WQ_OP_LD) : xc_op;
    wire                cm_pw   = xc_pw;

    // ---- the commit in progress ---------------------------------------------------
    // WB's instruction has emitted a record (a part beat's register write
    // and its REG_WRITE, or a commit's record: wq_commit emits them); EX's
    // has beats in WB: wq_ex_stage's x_open
    always @(posedge i_clk) begin
        if (i_bw_go) b_open <= 1'b1;
        if (b_emit) b_open <= !b_last_k;
        if (i_reset) b_open <= 1'b0;
    end

    assign o_b_emit      = b_emit;
    assign o_b_end       = b_end;
    assign o_b_busy      = b_busy;
    assign o_b_twait     = b_twait;
    assign o_b_trapping  = b_trapping;
    assign o_b_bar       = b_bar;
    assign o_b_open      = b_open;
    assign o_b_work      = b_work;
    assign o_squash_x    = squash_x;
    assign o_squash      = squash;
    assign o_squash_nc   = squash_x || (ls_store_done && ls_code);
    assign o_ib_flush    = ib_flush;
    assign o_cm_idle     = cm_idle;
    assign o_cm_start    = cm_start;
    assign o_dc_atom     = dc_atom;
    assign o_wb_frz      = wb_frz;
    assign o_own_ls      = cm_own_ls;
    assign o_own_dv      = cm_own_dv;
    assign o_own_fv      = cm_own_fv;
    assign o_own         = cm_own;
    assign o_cm_go       = cm_go;
    assign o_cm_last     = cm_last;
    assign o_cm_nowr     = cm_nowr;
    assign o_cm_w        = cm_w;
    assign o_cm_pc       = cm_pc;
    assign o_cm_sel      = cm_sel;
    assign o_cm_ir       = cm_ir;
    assign o_cm_rd       = cm_rd;
    assign o_cm_rrow     = cm_rrow;
    assign o_cm_p        = cm_p;
    assign o_cm_row      = cm_row;
    assign o_cm_op       = cm_op;
    assign o_cm_pw       = cm_pw;

`ifdef FORMAL
    // ---- formal properties ------------------------------------------------------
    // Job wb_ctl of scripts/formal.sh (the unit alone, FORMAL_WB_CTL_TOP:
    // its inputs free but for the walk's contract below); inside the core's
    // jobs (core, core_w1) the same assertions hold on the core's signals.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    wire        b_wait_fl  = b_final && b_fl_w;
    // the warps ready after this commit: the others ready, the committing
    // warp if it stays, those a barrier it completes releases
    wire        b_stays    = !b_trapping && b_stays_nt;
    wire [WARPS-1:0] ready_after = (ready_v & ~({{(WARPS-1){1'b0}}, 1'b1} << b_w)) |
                     (b_stays ? ({{(WARPS-1){1'b0}}, 1'b1} << b_w) : {WARPS{1'b0}}) |
                     (b_rel_now ? bar_oth : {WARPS{1'b0}});
`ifdef FORMAL_WB_CTL_TOP
    always @(*) if (!f_past) assume(i_reset);
    // the record walk (wq_diverge_walk's properties): its last record is
    // never a held one
    always @(*) assume(!(i_b_hold && i_b_last_k));
    always @(*) assume(i_b_last_k == (!i_b_hold_any && i_b_last_nh));
    always @(*) if (i_b_hold_any) assume(i_b_hold);
    always @(*) assume(i_b_w < WARPS);
    // WB's opcode kinds are one opcode's (wq_ex_stage's flip-flops); the
    // buffer's ATOM flag is a waiting beat's
    always @(*) assume(!(i_b_bar && i_b_atom));
`endif

    always @(*) if (f_past && !i_reset) begin
        // WB's hold is its definition (kept as two values for the walk's
        // late last record: b_busy_nl, b_busy_l)
        assert(b_busy == (b_v && ((b_commit && !b_last_k) || b_wait_fl || b_twait || wb_frz)));
        // WB's emit and the commit's end are their definitions (the walk's
        // last record selecting, the hold aside from the end)
        assert(b_emit == (b_v && b_commit && !b_wait_fl && !b_hold && !wb_frz && !b_twait));
        assert(b_end == (b_emit && b_last_k));
        // a commit beat leaves WB exactly with its last record emitted
        if (b_v && b_commit)
            assert(!b_busy == (b_emit && b_last_k));
        // a part beat (no commit) is held only for a completion
        if (b_v && !b_commit)
            assert(b_busy == wb_frz && !b_emit);
        // a trap's records go out only while its squash drops the younger
        // beats (the LSU queue and the units empty)
        if (b_emit && b_is_trap)
            assert(squash_x);
        // WB's warp is ready after its commit exactly when it stays
        // (a barrier it completes releases the others waiting at it)
        assert(ready_after[b_w] == (b_stays || (b_rel_now && bar_oth[b_w])));
        // and the work after it, where the hold reads it (not a trap's
        // last record), is a CTA's start or a warp ready
        if (!b_trapping)
            assert(b_work == (b_disp || ready_after != {WARPS{1'b0}}));
    end

    // ---- covers (job wb_ctl) ------------------------------------------------------
`ifdef FORMAL_WB_CTL_TOP
    always @(*) if (f_past && !i_reset) begin
        c_last:    cover(b_emit && b_last_k && !b_busy);
        c_open:    cover(b_emit && !b_last_k && b_busy);
        c_twait:   cover(b_twait && b_busy);
        c_squash:  cover(squash_x && b_emit && b_last_k);
        c_frz:     cover(wb_frz && b_v && cm_own_dv);
        c_cm_ls:   cover(cm_go && cm_own_ls && cm_last);
    end
`endif
`endif
endmodule
`default_nettype wire
