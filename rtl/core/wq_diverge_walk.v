// wq_diverge_walk.v -- WB's record walk over a commit
// (docs/rtl/wq_diverge_walk.md; docs/rtl/wq_diverge.md, "Record walk"):
// which record of the committing instruction goes out this cycle (b_kk),
// whether none does (b_hold), whether it is the commit's last (b_last_k),
// and the early reconvergence pop of an EXIT that ends the warp.
//
// wq_diverge gives it the record list of the present inputs (b_recs_x),
// the prologue's state and the state of the steps the records wait for
// (the deque call, the part scan, the group walk, reconvergence); this
// unit keeps the walk (b_k, the registered record b_kq and the list's
// stable terms k_rl) and the list's outcome terms of an instruction with
// a prologue (p_recs).  i_emit, the cycle a record goes out, moves it on;
// an instruction entering WB (i_wb_in) starts it over.
//
// Its decisions are one part of WB's cycle with wq_diverge's: the walk's
// hold and last record run on through WB's emit and take (wq_wb_ctl)
// into wq_diverge's registers and the walk's own.  scripts/area.sh maps
// it inside wq_diverge's synthesis (wq_area_inline), as the board's
// flattened netlist does: mapped alone, its outputs were free to come out
// as deep as its deepest register path, levels the board does not pay.
`default_nettype none
`include "wq_defs.vh"
`include "wq_opk.vh"

(* wq_area_inline *)
module wq_diverge_walk (
    input  wire                 i_clk,
    input  wire                 i_reset,        // (the asserts' and e_ok)
    // EX -> WB: an instruction enters WB (its first record from EX's opcode)
    input  wire                 i_wb_in,
    input  wire [7:0]           i_x_op,
    input  wire                 i_x_skip,
    // WB's instruction: its kind, its threads (EXIT's end), its trap
    input  wire                 i_b_v,
    input  wire                 i_b_commit,
    input  wire                 i_b_setp,       // SETP, not skipped (wq_opk.vh's kind)
    input  wire                 i_b_bar,
    input  wire                 i_b_exit,
    input  wire [31:0]          i_act,
    input  wire [31:0]          i_b_sel,
    input  wire                 i_trap,         // its trap (its code recoverable)
    input  wire                 i_trap_recov,
    input  wire                 i_bar_go,       // BAR completes the barrier
    input  wire                 i_rel_end,      // the warp's end completes a barrier
    input  wire                 i_bchk_v,       // ... both valid (from registered terms)
    input  wire                 i_emit,         // the record o_b_kk goes out
    input  wire                 i_wb_hold,      // WB holds (a completion, a trap waits)
    // the prologue: its step, whether the instruction had one, the record
    // list of the present inputs; reconvergence ended the warp
    input  wire [2:0]           i_b_prep,
    input  wire                 i_b_pro,
    input  wire [13:1]          i_b_recs_x,
    input  wire                 i_b_push0,      // (its push term without two groups)
    input  wire                 i_b_fin,
    // the sub-vector unit: SUBV_END acts, WB's warp's segment and loop
    // form, reconvergence's check (a segment, a loop form, its record)
    input  wire                 i_b_snd_go,
    input  wire                 i_sv_on,
    input  wire                 i_lp_on,
    input  wire                 i_ck,           // ... its registered terms are current
    input  wire                 i_rq_sv,        // ... and they: a segment,
    input  wire                 i_rq_lp,        //     a loop form,
    input  wire                 i_rq_rec,       //     its record
    // the part scan: complete, restarted
    input  wire                 i_sc_ok,
    input  wire                 i_sc_inv,
    // reconvergence's step, WB's deque call and its answer's empty
    input  wire [1:0]           i_rc_s,
    input  wire [1:0]           i_dqs,
    input  wire                 i_dqr_empty,
    // the group walk (K_GRP) and CALL's link and RET's holders (more than
    // one record left)
    input  wire                 i_g_sub,
    input  wire                 i_g_any,        // ... any thread left (a flip-flop)
    input  wire                 i_g_first0,
    input  wire                 i_g_ok,
    input  wire                 i_l_more,
    input  wire                 i_h_more,
    // the walk: the record being emitted, the record this cycle
    // (wq_core_wb.vh's K_*), none this cycle, the commit's last
    output wire [3:0]           o_b_k,
    output wire [3:0]           o_b_kk,
    // ... one-hot (bit K_*: b_kk == K_*), wq_diverge's decodes of it
    output wire [14:0]          o_kk_oh,
    output wire                 o_b_hold,
    output wire                 o_b_last_k,
    // (b_last_k as its two terms: the holds every record has, and the
    // last record when none of those holds -- b_last_k is their AND --
    // for WB's hold, which selects on o_hold_any first)
    output wire                 o_hold_any,
    output wire                 o_last_nh,
    // the warp's end after the instruction (the list's), a barrier
    // release among the records
    output wire                 o_b_ends,
    output wire                 o_rel_now,
    // SUBV_END between its THREAD_STATE and its next record: p_recs is
    // rewritten (p_snd), has the completed scan's terms (p_fresh), not yet
    // (p_stale); the sub-vector unit's registered search is this cycle's
    // (p_sq: wq_diverge_subv's i_sq)
    output wire                 o_p_snd,
    output wire                 o_p_sq,
    output wire                 o_p_fresh,
    output wire                 o_p_stale,
    // a record of reconvergence that reads the part scan; EXIT's early pop
    output wire                 o_sc_rc,
    output wire                 o_rc_early,
    // the registered record is K_RC (wq_diverge's ck: the check's
    // registered terms are read there)
    output wire                 o_kq_rc
);
`include "wq_core_wb.vh"
`include "wq_opk_fn.vh"
    wire             b_v       = i_b_v;
    wire             b_commit  = i_b_commit;
    wire             b_bar     = i_b_bar;
    wire             b_exit    = i_b_exit;
    wire [31:0]      b_act     = i_act;
    wire [31:0]      b_sel     = i_b_sel;
    wire             b_is_trap = i_trap;
    wire [2:0]       b_prep    = i_b_prep;
    wire             b_pro     = i_b_pro;
    wire [13:1]      b_recs_x  = i_b_recs_x;
    wire             b_fin     = i_b_fin;
    wire             b_snd_go  = i_b_snd_go;
    wire             sv_on     = i_sv_on;
    wire             lp_on     = i_lp_on;
    // Reconvergence's check (wq_diverge_subv's registered terms, rq_*)
    // as the walk reads it: at its registered record K_RC in RC_CHK, not
    // in a trap (kq_live), where wq_diverge's gate of the terms (ck_e: ck,
    // b_kq is K_RC, no trap, RC_CHK) is ck alone -- so the walk gates them
    // with the flip-flop ck itself rather than taking wq_diverge_subv's
    // gated terms, a select of b_kq, ck_e's AND and the unit's own AND
    // behind them on the way to WB's hold (wq_diverge's FORMAL section
    // asserts the premise: b_kk at K_RC is b_kq's, outside a trap)
    wire             rc_sv     = i_ck && i_rq_sv;
    wire             rc_lp     = i_ck && i_rq_lp;
    wire             rc_chk_rec = i_ck && i_rq_rec;
    wire             sc_ok     = i_sc_ok;
    wire             sc_inv    = i_sc_inv;
    wire [1:0]       rc_s      = i_rc_s;
    wire [1:0]       dqs       = i_dqs;
    wire             dqr_empty = i_dqr_empty;
    wire             g_sub     = i_g_sub;
    // (the group walk's "none left": wq_diverge's flip-flop g_any)
    wire             g_none    = !i_g_any;
    wire             g_first0  = i_g_first0;
    wire             g_ok      = i_g_ok;
    wire             l_more    = i_l_more;
    wire             h_more    = i_h_more;
    reg  [3:0]       b_k;                      // the record being emitted
    reg  [3:0]       b_kk;                     // the record this cycle
    wire             b_ends;
    wire             rc_early;                 // EXIT's early reconvergence pop

    // ---- the record list ------------------------------------------------------------
    // b_k walks a commit's records, those of b_recs in this order (the
    // model's order of emission):
    //   K_TRAP  TRAP (a trap: only the barrier release of K_BAR2 follows)
    //   K_YDQ   DQ_MERGE or DQ_PUSH_BACK: YIELD's token (a deque call)
    //   K_LINK  REG_WRITE: CALL's link, a beat for each part with a selected thread
    //   K_HELD  THREAD_STATE (CALL): RET's token holders, one record each
    //   K_TS1   THREAD_STATE: EXIT's, YIELD's, or wait_region's parked threads
    //   K_TS2   THREAD_STATE: the fall-through group disabled (DIV)
    //   K_PUSH  DQ_PUSH_FRONT: the region's token, or the DIV token (a deque call)
    //   K_GRP   BRX / JMX / RET: for each group but the first, THREAD_STATE
    //           (DIV) and DQ_PUSH_FRONT (a deque call)
    //   K_MASK  MASK_PC: wq_set_pc_mask of EXIT, YIELD, BAR and the branches
    //   K_CPUSH DQ_PUSH_FRONT: CALL's token (a deque call)
    //   K_BAR   BAR_RELEASE: BAR was the CTA's last warp to arrive
    //   K_PRED  PRED_WRITE (SETP)
    //   K_RET   RETIRE
    //   K_RC    reconverge when no thread is active: DQ_POP (a deque call)
    //           until a token wakes threads (MASK_PC), or with an empty
    //           deque the warp's end: WARP_DONE, or the orphaned threads' TRAP
    //   K_BAR2  BAR_RELEASE: the warp left its CTA (a fatal trap, its end) and
    //           the CTA's other warps all wait at the barrier (wq_bar_check)
    // The list's terms that depend on the instruction's outcome (the
    // warp's end, the two groups, the parked threads, YIELD's decision,
    // SUBV_END's next part) are many LUT levels from WB's opcode and
    // masks; an instruction with a prologue takes them from registers,
    // p_recs, written in each prologue cycle (the last, BP_CHECK, sees the
    // prologue's results: the region token's mask, RET's holders, the
    // first path) and, for SUBV_END, once more in the cycle after its
    // THREAD_STATE's part scan completes (its next part and the threads
    // at its end come from the scan: p_snd, p_fresh; its records wait
    // for it).  The slot, the deque and the wait state the terms read do
    // not change between the check and RETIRE.  An instruction without a
    // prologue (EXIT, SETP, any other, a skipped or trapped one) has
    // shallow terms (c_recs).  b_recs_x, wq_diverge's, is the list from
    // the present inputs; the FORMAL section asserts both forms equal to it.
    reg  [13:1] p_recs;
    reg         p_fresh;                    // SUBV_END: p_recs has the completed scan's terms
    // The warp's end of an instruction without a prologue: EXIT's, when
    // it leaves no thread active.  Any other leaves the active set as it
    // is, and a warp in WB has an active thread (the commit that empties
    // it reconverges: asserted below), so only EXIT's test remains, and
    // it is a register: e_q, the 32-bit test of the cycle before.  It is
    // read at RETIRE and after -- EXIT's third record at the earliest
    // (THREAD_STATE and MASK_PC go first), with WB's threads unchanged
    // since it entered -- and by EXIT's early reconvergence pop once
    // e_ok says the instruction was in WB the cycle before.  (It was a
    // 32-bit zero test of WB's masks in front of the last record, 3 of
    // o_last_nh's 8 levels.)
    reg         e_q, e_ok;
    always @(posedge i_clk) begin
        e_q  <= (b_act & ~b_sel) == 32'd0;
        e_ok <= !i_wb_in && !i_reset;
    end
    wire        b_ends_c   = b_exit && e_q;
    wire [13:1] c_recs     = {b_ends_c, b_recs_x[12:10], 1'b0, b_exit || b_bar, 3'd0, b_exit, 3'd0};
    wire [13:1] b_rl       = b_pro ? p_recs : c_recs;
    // (RETIRE, PRED_WRITE and BAR_RELEASE are shallow: from the inputs)
    wire        unused_rl  = &{1'b0, b_rl[12:10]};
    assign      b_ends     = b_rl[13];
    wire        b_rel_tail = (b_is_trap ? !i_trap_recov : b_fin) && i_rel_end;
    wire [14:0] b_recs     = b_is_trap ? {b_rel_tail, 13'd0, 1'b1} :
                             {b_rel_tail, b_rl[13], 1'b1, i_b_setp,
                              b_bar && i_bar_go, b_rl[9:1], 1'b0};
    // SUBV_END between its THREAD_STATE and its next record: p_recs is
    // written each cycle and read once a cycle with the scan complete
    // wrote it (p_stale holds the records until then).  The list's terms
    // read the sub-vector unit's search registered (its part pick and
    // flags, the cycle before's), so the scan's completion reaches them a
    // cycle later: p_scan says the cycle before was the wait with the
    // scan complete and unchanged, p_sq that the registered search is
    // this cycle's, and p_fresh follows a cycle of p_sq.
    wire        p_snd      = b_snd_go && b_k == K_TS2;
    wire        p_stale    = p_snd && !p_fresh;
    reg         p_scan;
    wire        p_sq       = p_scan && p_snd;
    // b_kk is kept in a register, b_kq, rather than picked from b_recs
    // each cycle (the list's terms and the pick behind them were some 10
    // LUT levels in front of everything b_kk drives): b_kq is the first
    // record at or after b_k of the list's stable terms (k_rl: b_rl's
    // records up to K_PRED, RETIRE always; K_BAR2 when none), written
    // with b_k -- when an instruction enters WB (the opcode's terms, an
    // instruction without a prologue), in each prologue cycle and while
    // SUBV_END's p_recs is rewritten (the pick over b_recs_x, as p_recs
    // takes it), and when b_k steps (the next of k_rl's records after
    // b_kk, a pick on registers).  The terms that may change within a
    // commit stay live and shallow: a trap's list (TRAP, then only
    // K_BAR2's release), BAR's release.  The FORMAL section asserts b_kk
    // equal to the pick over b_recs wherever the walk reads it.
    reg  [3:0]  b_kq;
    reg  [11:1] k_rl;                       // the list's stable terms (k_rl[10]: none)
    // the first record at or after k among l's stable terms (K_RET if
    // none below it: k is at most K_RET where it is used)
    function [3:0] kpick;
        input [11:1] l;
        input [3:0]  k;
        integer j;
        begin
            kpick = K_RET;
            for (j = 11; j >= 1; j = j - 1)
                if (j != 10 && l[j] && {28'd0, k} <= j) kpick = j[3:0];   // (10: K_BAR)
        end
    endfunction
    // (with b_kq: b_k is 0, k_bk0; BAR, whose release K_BAR goes before
    // b_kq when the barrier completes, k_barw: b_k at most K_BAR, b_kq
    // after it; BAR itself is b_bar, WB's opcode kind: a flip-flop)
    reg         k_bk0, k_barw;
    always @(*)
        b_kk = b_is_trap ? (k_bk0 ? K_TRAP : K_BAR2) :
               (k_barw && i_bar_go) ? K_BAR : b_kq;
    function kbarw;
        input [3:0] k, q;
        kbarw = b_bar && k <= K_BAR && q > K_BAR;
    endfunction
    // a record that reads the part scan waits for it: reconvergence's check
    // of a segment or loop form, a pop's record when the deque was not
    // empty (its wake) and the wake's, and SUBV_END's after its
    // THREAD_STATE (the part it starts, its MASK_PC)
    wire        sc_rc      = (rc_s == RC_CHK) ? (rc_sv || rc_lp) : !(rc_s == RC_POP && dqr_empty);
    // No record this cycle (b_hold): the prologue, or a deque call not
    // answered yet, or the part scan not complete for a record that reads
    // it, or the group walk's skip of the first path's group and its end:
    //   b_prep != BP_NONE || p_stale || (!sc_ok && b_snd_go && b_k > K_TS1) ||
    //   ((b_kk is K_YDQ, K_PUSH, K_CPUSH, K_GRP with g_sub, or K_RC in
    //     RC_POP) && dqs != DQS_DONE) ||
    //   (b_kk == K_GRP && ((!g_sub && (g_rem == 0 || g_first0)) || !g_ok)) ||
    //   (b_kk == K_RC && ((rc_s == RC_CHK && !rc_chk_rec) || (!sc_ok && sc_rc)))
    // Its record terms hold for none of a trap's records (K_TRAP, K_BAR2)
    // nor BAR's release (K_BAR), so they read b_kq behind kq_live; and as
    // b_last_k's, its late term -- BAR's completion (i_bar_go, in kq_live)
    // -- selects at the last levels (the parts kept as nets; the
    // reconvergence check's record in hold_qc's is a register's).  The FORMAL section
    // asserts it equal to the definition on b_kk.
    (* keep *) wire hold_any;
    // (and no record of a commit that reads the barrier check -- BAR, a
    // trap, a warp's end: its reconvergence and what follows -- while the
    // check's registered terms are stale, the cycle after a commit or event
    // that changed a slot's state: wq_warp_slots' c_v)
    wire        bchk_w     = !i_bchk_v && (b_bar || b_is_trap || b_fin || b_kq == K_RC);
    // (SUBV_END's two waits -- the part scan after its THREAD_STATE, its
    // list's rewrite, p_stale -- are b_snd_go's, which enters last: the
    // rest are flip-flops' terms, kept as two nets, so hold_any is one
    // LUT after them and after b_snd_go, a LUT of three flip-flops)
    (* keep *) wire ha_reg;
    assign ha_reg = b_prep != BP_NONE || bchk_w;
    (* keep *) wire ha_snd;
    assign ha_snd = (!sc_ok && b_k > K_TS1) || (b_k == K_TS2 && !p_fresh);
    assign hold_any = ha_reg || (b_snd_go && ha_snd);
    (* keep *) wire kq_live;
    assign kq_live  = !b_is_trap && !(k_barw && i_bar_go);
    (* keep *) wire hold_q0;
    assign hold_q0  = ((b_kq == K_YDQ || b_kq == K_PUSH || b_kq == K_CPUSH ||
                       (b_kq == K_GRP && g_sub) || (b_kq == K_RC && rc_s == RC_POP)) &&
                      dqs != DQS_DONE) ||
                     (b_kq == K_GRP && ((!g_sub && (g_none || g_first0)) || !g_ok)) ||
                     (b_kq == K_RC && !sc_ok && sc_rc);
    (* keep *) wire hold_qc;
    assign hold_qc  = b_kq == K_RC && rc_s == RC_CHK;
    wire        b_hold     = hold_any || (kq_live && (hold_q0 || (hold_qc && !rc_chk_rec)));
    // The commit's last record, b_last_k, ends WB's hold (wq_core's
    // b_busy), so it is written out by cases rather than as the pick over
    // b_recs: RETIRE is in every list but a trap's, so only RETIRE, the
    // reconvergence, K_BAR2's release and a trap's TRAP can be last, and
    // of the hold's terms only those of the records that can be last
    // enter it (the deque call's, the group walk's belong to records with
    // RETIRE behind them).  BAR's completion (i_bar_go, the barrier check
    // of the slots) and the barrier's release (i_rel_end) so enter at the
    // last levels instead of in front of a variable shift of b_recs.  The
    // FORMAL section asserts it equal to the pick: !b_hold and, at K_RC,
    // the reconvergence's end, else no record of b_recs after b_kk.
    // b_last_k is the reconvergence's end and the other records' (at_rc
    // selects; the check's record, rc_chk_rec, is wq_diverge_subv's
    // register ANDed with wq_diverge's ck).
    wire        rc_x       = !(dqr_empty && rc_s == RC_POP && i_rel_end);    // (no release follows)
    wire        rc_popw    = rc_s == RC_POP && dqs != DQS_DONE;              // (the pop's answer not in)
    wire        rc_hold    = rc_popw || (!sc_ok && sc_rc);
    wire        last_rc    = !rc_hold && rc_x &&
                             (rc_s == RC_WAKE || (rc_s == RC_CHK && rc_chk_rec) ||
                              (rc_s == RC_POP && dqr_empty));
    // BAR's completion (i_bar_go: b_kk is K_BAR, the release, never the
    // last record) enters both last-record terms at their last level, an
    // AND after the cases: the cases read b_kq as if live outside a trap
    // (b_last_nb, last_nh_nb), which they are unless bar_rel -- so the
    // barrier check, a select by WB's warp in wq_warp_slots, is one level
    // from the walk's outputs, not under kq_live's cases
    wire        bar_rel    = !b_is_trap && k_barw && i_bar_go;
    (* keep *) wire at_rc;
    assign at_rc  = !hold_any && !b_is_trap && b_kq == K_RC;
    (* keep *) wire last_oth;
    assign last_oth = !hold_any &&
                      (b_is_trap ? (k_bk0 ? !b_rel_tail : b_rel_tail) :
                       ((b_kq == K_RET)  ? (!b_ends && !b_rel_tail) :
                        (b_kq == K_BAR2) ? b_rel_tail : 1'b0));
    wire        b_last_nb  = at_rc ? last_rc : last_oth;
    wire        b_last_k   = b_last_nb && !bar_rel;
    // (the same without hold_any's terms: b_last_k is !hold_any &&
    // last_nh.  WB's hold reads hold_any at its last level, so the path
    // from hold_any, the deepest of the walk's terms -- SUBV_END's wait on
    // its warp's segment flag -- into WB's take is one select, not at_rc's
    // AND, b_last_k's select and WB's hold's select in a row)
    wire        last_nh_nb = (!b_is_trap && b_kq == K_RC) ? last_rc :
                             (b_is_trap ? (k_bk0 ? !b_rel_tail : b_rel_tail) :
                              ((b_kq == K_RET)  ? (!b_ends && !b_rel_tail) :
                               (b_kq == K_BAR2) ? b_rel_tail : 1'b0));
    wire        last_nh    = last_nh_nb && !bar_rel;
    // an EXIT that leaves no thread, outside a sub-vector segment and a
    // loop form (RC_CHK has nothing to do: it goes straight to the pop),
    // issues its reconvergence pop with its first record: the records
    // before K_RC (THREAD_STATE, MASK_PC, RETIRE) touch neither the deque
    // nor the commit's outcome, and the pop's answer is kept (DQS_DONE)
    // for K_RC, which then does not wait for it.  (Its record is b_kq's:
    // EXIT is no BAR, so k_barw is low, and no trap -- b_kk's live terms
    // do not apply; the barrier check stays out of the deque's command)
    // (WB's hold, the late term, at the last level: rc_early_nh kept)
    (* keep *) wire rc_early_nh;
    assign      rc_early_nh = b_v && b_commit && b_prep == BP_NONE && b_exit && b_ends && e_ok &&
                              !b_is_trap && !sv_on && !lp_on && b_kq < K_RC && rc_s == RC_CHK;
    assign      rc_early   = rc_early_nh && !i_wb_hold;
    // (an instruction entering WB without a prologue: its first record
    // from the opcode -- EXIT's THREAD_STATE, a skipped BAR's MASK_PC,
    // SETP's PRED_WRITE, else RETIRE -- and its stable terms, c_recs's)
    // (its kinds: wq_opk_fn.vh's decode, as WB's own are)
    wire [`WQ_OPK_W-1:0] x_opk = opk(i_x_op, i_x_skip);
    wire        x_exit     = x_opk[`WQ_OPK_EXIT];
    wire        x_bar      = x_opk[`WQ_OPK_BAR];
    wire        x_setp     = x_opk[`WQ_OPK_SETP];
    wire        unused_xk  = &{1'b0, x_opk[`WQ_OPK_W-1:`WQ_OPK_BRA], x_opk[`WQ_OPK_RET:`WQ_OPK_REGION]};
    wire [11:1] x_rl       = {x_setp, 1'b0, 1'b0, x_exit || x_bar, 3'd0, x_exit, 3'd0};
    // (the next of k_rl's records after b_kk: RETIRE's next is the warp's
    // end, reconvergence, when no thread is left.  Taken for each record
    // b_kk can be -- b_kq's, K_TRAP's, BAR's release K_BAR; K_BAR2 is its
    // own next -- from registers, and selected by b_kk's live terms as
    // b_kk is: the search is not behind them)
    function [3:0] knext;
        input [3:0]  k;
        input [11:1] l;
        input        ends;
        knext = (k >= K_RET) ? ((k == K_RET && ends) ? K_RC : K_BAR2) : kpick(l, k + 4'd1);
    endfunction
    wire [3:0]  kq_next    = b_is_trap ? (k_bk0 ? knext(K_TRAP, k_rl, b_ends) : K_BAR2) :
                             (k_barw && i_bar_go) ? knext(K_BAR, k_rl, b_ends) : knext(b_kq, k_rl, b_ends);
    // (the prologue's pick is kpick(b_recs_x, b_k), kq_pro in the FORMAL
    // section; b_k is a constant where it is written -- 0 in a prologue, K_TS2
    // while SUBV_END's list is rewritten: asserted below -- and the list's
    // deepest term, THREAD_STATE's (K_TS1: the parked threads' test behind
    // WB's opcode and threads), is left out of the pick: kq_pro_n4 is the
    // pick without it, and s4 -- a prologue whose list has no record
    // before K_TS1 and has K_TS1 -- writes K_TS1 at b_kq's last level)
    // (and two more select last, the picks taken with each set and
    // clear: MASK_PC's term, K_MASK, behind SUBV_END's search flags
    // (sv_nomask), and the two groups' K_TS2, b_two, behind a branch's
    // masks -- which sets K_PUSH's too, the push being i_b_push0 without
    // it, and comes with K_MASK's: wq_diverge's FORMAL section asserts it)
    localparam [11:1] B_TS2 = 11'd1 << (K_TS2 - 4'd1), B_PUSH = 11'd1 << (K_PUSH - 4'd1),
                      B_MASK = 11'd1 << (K_MASK - 4'd1);
    wire [11:1] rl_n4      = b_recs_x[11:1] & ~(11'd1 << (K_TS1 - 4'd1));
    wire [11:1] rl_nt      = (rl_n4 & ~(B_TS2 | B_PUSH)) | (i_b_push0 ? B_PUSH : 11'd0);
    wire [11:1] rl_m1      = rl_nt | B_MASK;
    wire [11:1] rl_m0      = rl_nt & ~B_MASK;
    wire [11:1] rl_t1      = rl_n4 | B_TS2 | B_PUSH | B_MASK;
    // (the pick's start by b_k alone: K_TS2 is p_snd's, 0 the prologue's --
    // the sub-vector unit's SUBV_END flag, b_snd_go, stays out of the pick)
    wire        k_ts2      = b_k == K_TS2;
    wire [3:0]  kq_pro_m1  = k_ts2 ? kpick(rl_m1, K_TS2) : kpick(rl_m1, 4'd0);
    wire [3:0]  kq_pro_m0  = k_ts2 ? kpick(rl_m0, K_TS2) : kpick(rl_m0, 4'd0);
    wire [3:0]  kq_pro_t1  = k_ts2 ? kpick(rl_t1, K_TS2) : kpick(rl_t1, 4'd0);
    wire [3:0]  kq_pro_n4  = b_recs_x[K_TS2] ? kq_pro_t1 : b_recs_x[K_MASK] ? kq_pro_m1 : kq_pro_m0;
    // (K_TS1's term, the deepest, at s4's last level: s4_pre kept)
    (* keep *) wire s4_pre;
    assign      s4_pre     = b_prep != BP_NONE && b_recs_x[K_TS1-1:1] == {(K_TS1-1){1'b0}};
    (* keep *) wire s4;
    assign      s4         = s4_pre && b_recs_x[K_TS1];
    // (BAR's list always has MASK_PC, b_recs_x[K_MASK]: its release goes
    // after b_kq only from K_CPUSH on, when there is no CPUSH -- so
    // kbarw(b_k, kq_pro) without the pick, which the outcome terms are in
    // front of; asserted below)
    wire        kbarw_pro  = b_bar && ((b_k == K_CPUSH && !b_recs_x[K_CPUSH]) || b_k == K_BAR);
    wire [3:0]  kq_grp     = kpick(k_rl, K_GRP + 4'd1);
    // the walk's steps: the prologue and SUBV_END's wait (the terms
    // p_recs takes), K_GRP's end (the first path's group is skipped), a
    // record's emit, an instruction entering WB -- a later write winning
    wire        w_pro      = b_prep != BP_NONE || p_snd;
    wire        w_grp      = b_v && b_commit && b_prep == BP_NONE && b_kk == K_GRP && !g_sub && g_none;
    // (the warp's end completes a barrier: its release follows)
    wire        w_rel      = i_emit && b_kk == K_RC && rc_s == RC_POP && dqr_empty && i_rel_end;
    // (the walks: K_LINK and K_HELD move on with their last record, K_GRP
    // when it finds no group left; the commit's last record steps too, an
    // instruction entering WB then sets b_k below)
    wire        w_step     = i_emit && b_kk != K_RC && b_kk != K_GRP && !(b_kk == K_LINK && l_more) &&
                             !(b_kk == K_HELD && h_more);
    always @(posedge i_clk) begin
        if (w_pro) begin
            k_rl <= b_recs_x[11:1];
            k_barw <= kbarw_pro;
        end
        if (w_grp) begin
            b_k <= K_GRP + 4'd1;
            k_bk0 <= 1'b0;
            k_barw <= kbarw(K_GRP + 4'd1, kq_grp);
        end
        if (w_rel) begin
            b_k <= K_BAR2;
            k_bk0 <= 1'b0;
            k_barw <= 1'b0;
        end
        if (w_step) begin
            b_k <= b_kk + 4'd1;
            k_bk0 <= 1'b0;
            k_barw <= kbarw(b_kk + 4'd1, kq_next);
        end
        if (i_wb_in) begin
            b_k <= 4'd0;
            k_rl <= x_rl;
            k_bk0 <= 1'b1;
            k_barw <= 1'b0;             // (BAR without a prologue: MASK_PC first)
        end
    end
    // b_kq with the same writes, s4's K_TS1 selected last: s4 holds in a
    // prologue only, where no other write comes (no record emits, no
    // K_GRP; an instruction enters WB with b_prep just set: asserted).
    // The writes after the prologue's win (kq_lw: kq_l, kq_o); the
    // prologue's pick (pw) is the three picks selected by K_MASK's and
    // K_TS2's terms (kq_x, kq_ps), at the last levels with s4
    (* keep *) reg [3:0] kq_l;
    reg         kq_lw;
    always @(*) begin
        kq_lw = w_grp || w_rel || w_step || i_wb_in;
        kq_l = b_kq;
        if (w_grp) kq_l = kq_grp;
        if (w_rel) kq_l = K_BAR2;
        if (w_step) kq_l = kq_next;
        if (i_wb_in) kq_l = kpick(x_rl, 4'd0);
    end
    (* keep *) wire [3:0] kq_o;
    assign kq_o  = kq_lw ? kq_l : b_kq;
    (* keep *) wire pw;
    assign pw    = w_pro && !kq_lw;
    (* keep *) wire [3:0] kq_x;
    assign kq_x  = b_recs_x[K_TS2] ? kq_pro_t1 : kq_pro_m1;
    (* keep *) wire [3:0] kq_ps;
    assign kq_ps = b_recs_x[K_MASK] ? kq_x : kq_pro_m0;
    wire [3:0]  kq_d       = pw ? kq_ps : kq_o;
    always @(posedge i_clk)
        b_kq <= s4 ? K_TS1 : kq_d;
    // the list's outcome terms of an instruction with a prologue
    // (SUBV_END: rewritten while its next record waits)
    always @(posedge i_clk) begin
        if (b_prep != BP_NONE || p_snd) p_recs <= b_recs_x;
        p_scan  <= !i_reset && p_snd && sc_ok && !sc_inv;
        p_fresh <= p_sq && sc_ok && !sc_inv;
    end

    assign o_b_k = b_k;
    assign o_b_kk = b_kk;
    // b_kk's decodes, as b_kk is picked: b_kq's (a LUT of its flip-flops)
    // under kq_live, the live records' (a trap's TRAP or K_BAR2, BAR's
    // release K_BAR) beside it -- two levels, not a compare behind b_kk's
    // select
    wire [14:0] kk_alt = b_is_trap ? (k_bk0 ? (15'd1 << K_TRAP) : (15'd1 << K_BAR2)) :
                         (15'd1 << K_BAR);
    genvar kx;
    generate for (kx = 0; kx < 15; kx = kx + 1) begin : g_kk_oh
        assign o_kk_oh[kx] = kq_live ? (b_kq == kx[3:0]) : kk_alt[kx];
    end endgenerate
    assign o_b_hold = b_hold;
    assign o_b_last_k = b_last_k;
    assign o_hold_any = hold_any;
    assign o_last_nh = last_nh;
    assign o_b_ends = b_ends;
    assign o_rel_now = b_recs[K_BAR] || b_recs[K_BAR2];
    assign o_p_snd = p_snd;
    assign o_p_sq = p_sq;
    assign o_p_fresh = p_fresh;
    assign o_p_stale = p_stale;
    assign o_sc_rc = sc_rc;
    assign o_kq_rc = b_kq == K_RC;
    assign o_rc_early = rc_early;

`ifndef SYNTHESIS
`ifndef FORMAL
    // (the formal jobs reach a few instructions from reset; the lockstep
    // benches check the same in simulation and stop at the first cycle
    // it fails)
    always @(posedge i_clk)
        if (!i_reset && b_v && b_commit && !b_is_trap) begin
            if (b_act == 32'd0) begin
                $display("wq_diverge_walk: WB's warp has no active thread (%m)");
                $stop;
            end
            if (b_prep == BP_NONE && !b_pro && b_exit && (b_kq >= K_RET || rc_early) &&
                e_q != ((b_act & ~b_sel) == 32'd0)) begin
                $display("wq_diverge_walk: EXIT's registered end e_q=%b is not its masks' (%m)", e_q);
                $stop;
            end
        end
    // (b_kq's prologue write: s4 alone, b_k the pick's constant)
    always @(posedge i_clk)
        if (!i_reset && b_prep != BP_NONE &&
            (b_k != 4'd0 || i_emit || i_wb_in || w_grp ||
             (s4 ? K_TS1 : kq_pro_n4) != kpick(b_recs_x[11:1], b_k))) begin
            $display("wq_diverge_walk: a prologue's record pick is not the list's (%m)");
            $stop;
        end
`endif
`endif

`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, jobs
    // core and core_w1; asserts only).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    wire [3:0]  kq_pro     = kpick(b_recs_x[11:1], b_k);   // the prologue's pick
    // The record list from registers (p_recs) or the shallow terms
    // (c_recs): the list of the present inputs wherever the walk reads it
    // before RETIRE (SUBV_END after its THREAD_STATE once p_fresh).
    // (the warp's end, b_rl[13], where it is read: at RETIRE and after,
    // and by EXIT's early pop; without a prologue it is e_q's, the test
    // of the cycle before)
    always @(*)
        if (f_past && !i_reset && b_v && b_commit && b_prep == BP_NONE && !b_is_trap &&
            b_k <= K_RET && !(b_snd_go && b_k > K_TS1 && !(p_snd && p_fresh))) begin
            assert(b_rl[12:1] == b_recs_x[12:1]);
            if (b_kq >= K_RET || rc_early)
                assert(b_rl[13] == b_recs_x[13]);
        end
    // SUBV_END's list read once p_fresh: written in a cycle whose
    // registered search was that cycle's (p_sq), which it still is
    always @(*)
        if (f_past && !i_reset && p_snd && p_fresh)
            assert(p_sq);
    // b_kq's prologue write: b_k a constant there, s4 the prologue's alone
    always @(*)
        if (f_past && !i_reset) begin
            if (b_prep != BP_NONE) assert(b_k == 4'd0 && !i_emit && !i_wb_in && !w_grp);
            if (p_snd) assert(b_k == K_TS2);
            if (w_pro && !w_grp && !w_rel && !w_step && !i_wb_in)
                assert((s4 ? K_TS1 : kq_pro_n4) == kq_pro);
        end
    // BAR's release flag as the prologue writes it: kbarw's
    always @(*)
        if (f_past && (b_prep != BP_NONE || p_snd))
            assert(kbarw_pro == kbarw(b_k, kq_pro));
    // b_kk's one-hot is b_kk's decode
    always @(*)
        if (f_past)
            assert(o_kk_oh == (15'd1 << b_kk));
    // EXIT's end from e_q: the test of its masks as they are
    always @(*)
        if (f_past && !i_reset && b_v && b_commit && b_prep == BP_NONE && !b_is_trap && !b_pro &&
            b_exit && (b_kq >= K_RET || rc_early))
            assert(e_q == ((b_act & ~b_sel) == 32'd0));
    // A warp in WB has an active thread (the end of an instruction other
    // than EXIT is then never its own)
    always @(*)
        if (f_past && !i_reset && b_v && b_commit && !b_is_trap)
            assert(b_act != 32'd0);
    // The record of this cycle kept in b_kq: the first record of b_recs at
    // or after b_k (K_BAR2 when none), wherever the walk reads it.
    reg  [3:0]  f_kk;
    integer fk;
    always @(*) begin
        f_kk = K_BAR2;
        for (fk = 13; fk >= 0; fk = fk - 1)
            if (b_recs[fk] && {28'd0, b_k} <= fk) f_kk = fk[3:0];
    end
    always @(*)
        if (f_past && !i_reset && b_v && b_commit && b_prep == BP_NONE)
            assert(b_kk == f_kk);
    // The hold from b_kq behind kq_live: its definition on b_kk.
    always @(*)
        if (f_past && !i_reset)
            assert(b_hold == (b_prep != BP_NONE ||
                   ((b_kk == K_YDQ || b_kk == K_PUSH || b_kk == K_CPUSH ||
                     (b_kk == K_GRP && g_sub) || (b_kk == K_RC && rc_s == RC_POP)) && dqs != DQS_DONE) ||
                   (b_kk == K_GRP && !g_sub && (g_none || g_first0)) ||
                   (b_kk == K_GRP && !g_ok) ||
                   (b_kk == K_RC && rc_s == RC_CHK && !rc_chk_rec) ||
                   (!sc_ok && ((b_kk == K_RC && sc_rc) || (b_snd_go && b_k > K_TS1))) || p_stale ||
                   (!i_bchk_v && (b_bar || b_is_trap || b_fin || b_kq == K_RC))));
    // The last record by cases: the pick's definition, everywhere (at
    // K_RC the reconverge walk's end, f_rc_end: a wake, or the warp's end
    // with no release of K_BAR2 behind it).
    wire f_rc_end = rc_s == RC_WAKE || (rc_s == RC_CHK && rc_chk_rec) || (rc_s == RC_POP && dqr_empty);
    always @(*)
        if (f_past && !i_reset)
            assert(b_last_k == (!b_hold &&
                   ((b_kk == K_RC) ? (f_rc_end && !(dqr_empty && rc_s == RC_POP && i_rel_end)) :
                                     ((b_recs >> b_kk) == 15'd1))));
    // ... and is its two terms' AND; a hold of every record holds the walk
    always @(*)
        if (f_past && !i_reset) begin
            assert(b_last_k == (!hold_any && last_nh));
            if (hold_any) assert(b_hold);
        end
    // The walk's stable terms kept with b_kq: their definitions wherever
    // the walk reads them.
    always @(*)
        if (f_past && !i_reset && b_v && b_commit) begin
            if (b_prep == BP_NONE) begin
                assert(k_bk0 == (b_k == 4'd0));
                assert(k_barw == (b_bar && b_k <= K_BAR && b_kq > K_BAR));
            end
            // (EXIT's early pop reads b_kq for b_kk)
            if (rc_early) assert(b_kk == b_kq);
            // the next record, taken for each record b_kk can be, is b_kk's
            assert(kq_next == knext(b_kk, k_rl, b_ends));
        end
`endif
endmodule
