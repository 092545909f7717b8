// wq_diverge_subv.v -- the divergence unit's sub-vector segments and loop
// form (docs/rtl/wq_diverge_subv.md; docs/rtl/wq_diverge.md; exec_ctrl.c,
// DESIGN §6.4): each warp's segment and loop-form state, and what
// SUBV_START, SUBV_END, SUBV_LOOP_BEGIN, SUBV_LOOP_END and SUBV_AUTO do
// to the committing warp, and reconvergence's check of a segment or a
// loop form that ran dry.
//
// SUBV_START runs the active threads one part at a time: the lowest part
// first, the others parked as SUBV at its start; SUBV_END parks the part
// at its end and starts the next part with parked threads, or ends the
// segment and lets everyone parked at its end go on.  A part that runs
// dry (its threads exited, its tokens consumed) moves on the same way
// in reconvergence (RC_CHK).  SUBV_LOOP_BEGIN / _END are the seed's
// two-pass loop on warp halves with s0.  YIELD, BAR and a new segment
// inside one trap (SUBV_MISUSE).  The state changes with RETIRE (K_RET),
// before reconvergence.  wq_diverge owns the walk, the records and the
// threads' wait state; this unit gives it the segment's decisions for
// WB's warp (o_*) and takes the events that move the state (RETIRE and
// reconvergence's check with its record, each WB's record strobe i_emit
// with the record's kind; the check without a record, i_rc_none; a
// warp's start, i_ds_go).
`default_nettype none
`include "wq_defs.vh"

module wq_diverge_subv #(
    parameter WARPS   = 8,
    parameter LANES   = 32,
    parameter PCW     = `WQ_TF_ADDR_W,
    parameter DW      = 7,                  // bits of a deque count
    parameter WID_W   = (WARPS > 1) ? $clog2(WARPS) : 1
) (
    input  wire                 i_clk,
    // (read by the simulation check only: before reset's first edge the
    // flip-flops hold their initial values, which reset does not set)
    input  wire                 i_reset,
    // WB's instruction and warp
    input  wire [WID_W-1:0]     i_b_w,
    // WB loads a beat of warp i_vwarp (WB's warp from the next cycle):
    // it would (i_vload_n), and does unless it keeps its own (i_b_busy)
    input  wire                 i_vload_n,
    input  wire                 i_b_busy,
    input  wire [WID_W-1:0]     i_vwarp,
    input  wire [7:0]           i_b_op,
    input  wire                 i_b_snd,    // ... is SUBV_END (its kind: a flip-flop)
    // ... is SUBV_LOOP_END, SUBV_LOOP_BEGIN, SUBV_AUTO, SUBV_START (its
    // kinds, wq_opk.vh's WQ_OPK_SLEV .. WQ_OPK_SSTV: flip-flops)
    input  wire [3:0]           i_b_svk,
    input  wire                 i_b_wd,     // the wave decision sampled with SUBV_AUTO
    input  wire                 i_b_yb,     // YIELD (not skipped) or BAR: misuse inside
    input  wire [PCW-1:0]       i_b_pc,
    input  wire [PCW-1:0]       i_b_next,   // PC + 1
    input  wire [PCW-1:0]       i_b_ipc,    // the target field
    input  wire                 i_b_k_rc,   // the record walk is at reconvergence (K_RC)
    input  wire [31:0]          i_act,      // the warp's active threads
    input  wire                 i_sven,     // sub-vector mode enabled
    input  wire [DW-1:0]        i_dq_cnt,   // the warp's deque count
    // the threads parked as SUBV and not exited (wq_diverge's wait state)
    input  wire [31:0]          i_pk_rc,
    // the part scan (wq_diverge_scan): wait address == o_start, == o_end_at,
    // the address of o_one
    input  wire [31:0]          i_ae_start,
    input  wire [31:0]          i_ae_end,
    input  wire [PCW-1:0]       i_lpat,
    // the events that move the state: RETIRE goes out, reconvergence's
    // check goes out with its record (each WB's record strobe i_emit and
    // the record's kind, i_ret_k, i_rc_k), or ends without one, a warp
    // starts
    input  wire                 i_emit,
    input  wire                 i_ret_k,
    input  wire                 i_rc_k,
    input  wire                 i_rc_none,
    input  wire                 i_ds_go,
    input  wire [WID_W-1:0]     i_ds_slot,
    // the check's registered terms (o_rc_*) are this cycle's: wq_diverge's
    // ck, set the cycle after a cycle of RC_CHK whose part scan was
    // complete and in which nothing they read changed
    input  wire                 i_ck,
    // SUBV_END's registered search (the next part, the threads at the
    // end) is this cycle's: wq_diverge_walk's, set the cycle after a
    // cycle of SUBV_END's wait whose part scan was complete and in which
    // nothing it reads changed; o_nomask, o_npc, o_nact, o_nz_k and o_nz_n
    // of SUBV_END are this cycle's only then
    input  wire                 i_sq,
    // every warp's segment (DE's packed registers); WB's warp's
    output wire [WARPS-1:0]     o_son,
    output wire                 o_sv_on,
    output wire                 o_lp_on,
    // what the part scan compares and picks for this unit
    output wire [PCW-1:0]       o_start,
    output wire [PCW-1:0]       o_end_at,
    output wire [31:0]          o_one,
    // the instruction: a SUBV_* one, SUBV_AUTO, each that acts, the misuse
    output wire                 o_subv,
    output wire                 o_sau,
    output wire                 o_sst_go,
    output wire                 o_snd_go,
    output wire                 o_slb_go,
    output wire                 o_sle_go,
    output wire                 o_misuse,
    // its records: the threads parked (THREAD_STATE), no MASK_PC, the PC
    // and active threads after it
    output wire [31:0]          o_park,
    output wire                 o_park_nz,  // o_park has a thread
    output wire                 o_nomask,
    output wire [PCW-1:0]       o_npc,
    output wire [31:0]          o_nact,
    output wire                 o_nz_k,     // o_nact has no thread, at K_RC (i_b_k_rc) ...
    output wire                 o_nz_n,     // ... and elsewhere: wq_diverge selects last
    // reconvergence's check: a segment's part ran dry, a loop form's half
    // did, the check has a record (MASK_PC) and its PC and threads --
    // registered, as of the cycle before, current when wq_diverge's ck
    // says so (the flags ungated: wq_diverge and its walk AND them with
    // ck where they read them; this unit's own updates take them with
    // i_ck)
    output wire                 o_rq_sv,
    output wire                 o_rq_lp,
    output wire                 o_rq_rec,
    output wire [PCW-1:0]       o_rc_c_pc,
    output wire [31:0]          o_rc_c_act,
    // (for wq_diverge's asserts: the parked threads the masks read, the
    // loop form's parked half in reconvergence)
    output wire [31:0]          o_pk_any,
    output wire [31:0]          o_lp_back_rc
);
    localparam PARTS = 32 / LANES;
    wire [WID_W-1:0] b_w    = i_b_w;
    wire [7:0]       b_op   = i_b_op;
    wire             unused_op = &{1'b0, b_op};    // (the formal properties')
    wire             b_wd   = i_b_wd;
    wire [PCW-1:0]   b_pc   = i_b_pc;
    wire [PCW-1:0]   b_next = i_b_next;
    wire [PCW-1:0]   b_ipc  = i_b_ipc;
    wire [31:0]      b_act  = i_act;
    wire [DW-1:0]    dq_cnt = i_dq_cnt;
    wire [31:0]      pk_rc  = i_pk_rc;
    wire [31:0]      ae_start = i_ae_start;
    wire [31:0]      ae_end = i_ae_end;
    // the threads of part k of a 32-thread mask
    function [31:0] part_mask;
        input [5:0] k;
        part_mask = {{(32-LANES){1'b0}}, {LANES{1'b1}}} << (k * LANES);
    endfunction
    // the parts above part k (a bit a part)
    function [PARTS-1:0] part_above;
        input [4:0] k;
        integer pa;
        for (pa = 0; pa < PARTS; pa = pa + 1)
            part_above[pa] = pa > k;
    endfunction
    // the parts with a part of m below them (a prefix OR, no carry chain):
    // m's lowest part is m & ~parts_below(m), and the parts above that one
    // are parts_below(m)
    function [PARTS-1:0] parts_below;
        input [PARTS-1:0] m;
        integer pb;
        begin
            parts_below[0] = 1'b0;
            for (pb = 1; pb < PARTS; pb = pb + 1)
                parts_below[pb] = parts_below[pb - 1] | m[pb - 1];
        end
    endfunction
    // a part's bit spread over its threads (a bit a part to a 32-thread mask)
    function [31:0] part_spread;
        input [PARTS-1:0] m;
        integer ps;
        for (ps = 0; ps < 32; ps = ps + 1)
            part_spread[ps] = m[ps / LANES];
    endfunction

    // each warp's state (the model's subv_* and loop_*)
    reg [WARPS-1:0]  w_son;                    // in a SUBV_START..SUBV_END segment
    reg [PARTS-1:0]  w_sabove  [0:WARPS-1];    //   the parts above the part running
    reg [PCW-1:0]    w_sstart  [0:WARPS-1];    //   where each part starts
    reg [DW-1:0]     w_slevel  [0:WARPS-1];    //   the deque count at SUBV_START
    reg [PCW-1:0]    w_send    [0:WARPS-1];    //   after SUBV_END, once a part reached it
    reg              w_sendset [0:WARPS-1];
    reg              w_lon     [0:WARPS-1];    // in a loop form (SUBV_LOOP_BEGIN..END)
    reg [DW-1:0]     w_llevel  [0:WARPS-1];    //   the deque count at its begin
    reg [PCW-1:0]    w_lbody   [0:WARPS-1];    //   the body's first instruction
    reg [31:0]       w_s0      [0:WARPS-1];    //   the half parked for later (s0)
    reg              w_s0nz    [0:WARPS-1];    //   ... has a thread (w_s0 != 0)

    // ---- the instruction's decisions ------------------------------------------------
    wire        sv_en      = i_sven;
    // sv_on is WB's warp's segment flag, kept in a flip-flop (b_son): it
    // loads the next cycle's w_son at WB's next warp, so the walk's hold
    // (SUBV_END's wait for the part scan) starts at a register, not behind
    // an 8-way select by b_w (the FORMAL section asserts b_son ==
    // w_son[b_w])
    reg         b_son;
    wire        sv_on      = b_son;
    // (and the loop form's flag the same way, b_lon: reconvergence's
    // check and EXIT's early pop read it at a register)
    reg         b_lon;
    wire        lp_on      = b_lon;
    // SUBV_AUTO is SUBV_START when the wave decision sampled with it (b_wd)
    // says sub-vector mode, else a NOP; it traps in a region either way
    // (the opcode's tests are WB's opcode kinds, flip-flops loaded with
    // b_op: warp instructions, never skipped; the FORMAL section states
    // them on b_op)
    wire        b_sau      = i_b_svk[1];                // (b_op == SUBV_AUTO)
    wire        b_sst      = i_b_svk[0] || (b_sau && b_wd);   // (SUBV_START)
    wire        b_snd      = i_b_snd;                   // (b_op == SUBV_END)
    wire        b_slb      = i_b_svk[2];                // (SUBV_LOOP_BEGIN)
    wire        b_sle      = i_b_svk[3];                // (SUBV_LOOP_END)
    wire        b_subv     = b_sst || b_snd || b_slb || b_sle || b_sau;
    // in_subv_region misuse, and SUBV_END / SUBV_LOOP_END's level checks
    wire        sv_misuse  = (i_b_yb && (sv_on || lp_on)) ||
                             ((b_sst || b_sau || b_slb) && sv_en && (sv_on || lp_on)) ||
                             (b_snd && sv_en && sv_on &&
                              (dq_cnt != w_slevel[b_w] ||
                               (w_sendset[b_w] && w_send[b_w] != b_next))) ||
                             (b_sle && sv_en && (sv_on || !lp_on || dq_cnt != w_llevel[b_w]));
    wire        b_sst_go   = b_sst && sv_en;
    wire        b_snd_go   = b_snd && sv_en && sv_on;
    wire        b_slb_go   = b_slb && sv_en;
    wire        b_sle_go   = b_sle && sv_en;
    // the parts with an active thread; SUBV_START: the lowest runs
    reg  [PARTS-1:0] act_p;
    integer sk;
    always @(*)
        for (sk = 0; sk < PARTS; sk = sk + 1)
            act_p[sk] = (b_act & part_mask(sk[5:0])) != 32'd0;
    // (as masks of the parts, not an encode of the lowest part and a
    // shift: the lowest part with an active thread isolated, and the parts
    // above it -- all but part 0 when none has one; the FORMAL section
    // asserts them the encoded part's, sv_k0)
    wire [PARTS-1:0] act_below = parts_below(act_p);
    wire [31:0] sv_run0    = b_act & part_spread(act_p & ~act_below);
    wire [PARTS-1:0] sst_above = (act_p == {PARTS{1'b0}}) ? part_above(5'd0) : act_below;
    // parked_at: threads parked as SUBV (neither exited nor active -- after
    // SUBV_END's park and in reconvergence no thread is active)
    wire        pk_none    = b_snd || i_b_k_rc;
    wire [PCW-1:0] sv_end_at = b_snd ? b_next : w_send[b_w];
    wire [31:0] pk_any     = pk_rc & ~(b_act & {32{!pk_none}});
    // The next part after the running one with threads waiting at the
    // start, read by SUBV_END and reconvergence's check only, where no
    // thread is active -- so over pk_rc, with no opcode decode in front
    // of the search (the FORMAL section holds the search over pk_any, the
    // model's parked_at, and asserts the two equal there): the parts above
    // the running one (registered with it, w_sabove) with such a thread,
    // the lowest one isolated (one-hot: no priority chain).  sn_above is
    // the parts above the one picked: the bits above sn_qa's lowest.
    reg  [PARTS-1:0] sn_q;
    always @(*)
        for (sk = 0; sk < PARTS; sk = sk + 1)
            sn_q[sk] = (pk_rc & ae_start & part_mask(sk[5:0])) != 32'd0;
    wire [PARTS-1:0] sn_qa = sn_q & w_sabove[b_w];
    wire [PARTS-1:0] sn_above = parts_below(sn_qa);
    wire [PARTS-1:0] sn_pick = sn_qa & ~sn_above;
    wire        sn_nfound  = sn_qa != {PARTS{1'b0}};
    wire [31:0] sn_end     = pk_rc & ae_end;
    wire [31:0] sn_act     = (pk_rc & ae_start & part_spread(sn_pick)) |
                             (sn_end & {32{!sn_nfound}});
    // the loop form
    wire [31:0] lp_lo      = b_act & 32'h0000FFFF;
    wire [31:0] lp_hi      = b_act & 32'hFFFF0000;
    wire [31:0] lp_back    = w_s0[b_w] & pk_any;
    // (the address of its lowest thread, thread 0's when none, is read in
    // reconvergence only, where lp_back is w_s0 & pk_rc: the part scan
    // picks it, i_lpat)
    wire [31:0] lp_back_rc = w_s0[b_w] & pk_rc;
    wire [31:0] lp_one     = (lp_back_rc == 32'd0) ? 32'd1 :
                             (lp_back_rc & (~lp_back_rc + 32'd1));
    wire [PCW-1:0] lp_at   = i_lpat;
    // SUBV_LOOP_END's three cases: the high pass done, the low half only,
    // the low pass done (the high half goes back to the body)
    // (w_s0's "has a thread" is a flag of its own, written with it: a
    // 32-bit test behind the slot's select sat in front of the state's
    // own next value)
    wire        sle_again  = b_sle_go && lp_hi == 32'd0 && w_s0nz[b_w];
    // reconvergence's checks before a pop: a segment whose part ran dry
    // (RC_CHK), then a loop form's half that ran dry
    wire        sv_lvl     = dq_cnt == w_slevel[b_w];
    wire        rc_sv      = sv_on && sv_lvl;
    wire        rc_lp      = !rc_sv && lp_on && dq_cnt == w_llevel[b_w];
    // (the check acts at reconvergence only, where no thread is active:
    // the search without the opcode's decode, sn_*, and lp_back_rc)
    wire        rc_chk_rec = (rc_sv && (sn_nfound || (w_sendset[b_w] && sn_end != 32'd0))) ||
                             (rc_lp && lp_back_rc != 32'd0);
    wire [PCW-1:0] rc_c_pc = rc_sv ? (sn_nfound ? w_sstart[b_w] : w_send[b_w]) : lp_at;
    wire [31:0] rc_c_act   = rc_sv ? sn_act : lp_back_rc;
    // The check registered (rq_*): the terms above as the cycle before
    // computed them, which the walk takes when i_ck says nothing they read
    // has changed since (the FORMAL section asserts them equal then).  So
    // WB's hold and the check's record read flip-flops: the deque count's
    // compares with the levels, the part search over the scan's compares
    // and the record's PC and threads are a cycle ahead, not in front of
    // the walk's last-record decision (wq_core's b_busy).
    reg         rq_sv, rq_lp, rq_rec, rq_nfound, rq_endnz;
    reg  [PARTS-1:0] rq_above, rq_pick;
    reg  [PCW-1:0] rq_pc;
    reg  [31:0] rq_act;
    always @(posedge i_clk) begin
        rq_sv     <= rc_sv;
        rq_lp     <= rc_lp;
        rq_rec    <= rc_chk_rec;
        rq_nfound <= sn_nfound;
        rq_above  <= sn_above;
        rq_pick   <= sn_pick;
        rq_endnz  <= sn_end != 32'd0;
        rq_pc     <= rc_c_pc;
        rq_act    <= rc_c_act;
    end
    wire        ck_sv      = i_ck && rq_sv;
    wire        ck_lp      = i_ck && rq_lp;
    // the segment's records: THREAD_STATE (SUBV) of the threads parked, and
    // MASK_PC unless SUBV_END leaves no thread to run
    wire [31:0] sv_park    = b_sst_go ? (b_act & ~sv_run0) :
                             b_snd_go ? b_act :
                             (b_slb_go && lp_lo != 32'd0) ? lp_hi :
                             sle_again ? lp_lo : 32'd0;
    // whether THREAD_STATE has threads (the record walk's list: K_TS1),
    // from the active threads' parts and halves rather than behind the
    // park mask's select (SUBV_START parks whenever more than one part
    // has an active thread: the lowest runs; the opcodes are exclusive)
    wire        act_multi  = (act_p & (act_p - 1'b1)) != {PARTS{1'b0}};
    wire        lo_nz      = lp_lo != 32'd0;
    wire        sv_park_nz = (b_sst_go && act_multi) || (b_snd_go && act_p != {PARTS{1'b0}}) ||
                             (b_slb_go && lo_nz && lp_hi != 32'd0) || (sle_again && lo_nz);
    // SUBV_END's records read its search from the registers (rq_nfound,
    // rq_pick, rq_endnz: the search the cycle before, this cycle's where
    // i_sq says so), so the parked threads' compares and the part pick are
    // not in front of the record walk's list; the threads it starts are
    // the parked ones of the registered pick (sd_act)
    wire [31:0] sd_act     = (pk_rc & ae_start & part_spread(rq_pick)) |
                             (sn_end & {32{!rq_nfound}});
    // (kept: the walk's MASK_PC term and prologue pick read it, so its five
    // flip-flop and input terms stay two levels deep, not sunk by the
    // mapper's area recovery towards the unit's deepest path)
    (* keep *) wire sv_nomask;
    assign sv_nomask = b_snd_go && !rq_nfound && !rq_endnz;
    wire [PCW-1:0] sv_npc  = (b_snd_go && rq_nfound) ? w_sstart[b_w] :
                             sv_nomask ? b_pc :
                             sle_again ? b_ipc : b_next;
    wire [31:0] sv_nact    = b_sst_go ? sv_run0 :
                             b_snd_go ? sd_act :
                             (b_slb_go && lp_lo != 32'd0) ? lp_lo :
                             (b_sle_go && lp_hi != 32'd0) ? (b_act | lp_back) :
                             sle_again ? lp_back : b_act;

    // ---- outputs -----------------------------------------------------------------------
    assign o_son = w_son;
    assign o_sv_on = sv_on;
    assign o_lp_on = lp_on;
    assign o_start = w_sstart[b_w];
    assign o_end_at = sv_end_at;
    assign o_one = lp_one;
    assign o_subv = b_subv;
    assign o_sau = b_sau;
    assign o_sst_go = b_sst_go;
    assign o_snd_go = b_snd_go;
    assign o_slb_go = b_slb_go;
    assign o_sle_go = b_sle_go;
    assign o_misuse = sv_misuse;
    assign o_park = sv_park;
    assign o_park_nz = sv_park_nz;
    assign o_nomask = sv_nomask;
    assign o_npc = sv_npc;
    assign o_nact = sv_nact;
    // (case by case, not a test behind sv_nact's select: SUBV_START's by
    // its parts, SUBV_END's by its search's flags -- a part found has a
    // thread to run -- the loop form's halves by theirs; the loop's way
    // back, lp_back's test, for both values of the walk's K_RC flag
    // i_b_k_rc -- behind the walk's counter -- which wq_diverge's list
    // term selects by, o_nz_n at its last LUT)
    wire        lp_half  = (b_slb_go && lo_nz) || (b_sle_go && lp_hi != 32'd0);   // (a half runs)
    wire        nz_lp    = !b_sst_go && !b_snd_go && !lp_half && sle_again;
    wire        nz_pre   = b_sst_go ? (act_p == {PARTS{1'b0}}) : b_snd_go ? sv_nomask :
                           lp_half ? 1'b0 : (b_act == 32'd0);
    // (lp_back: lp_back_rc with pk_none, else without b_snd's)
    assign o_nz_k   = nz_lp ? (lp_back_rc == 32'd0) : nz_pre;
    assign o_nz_n   = nz_lp ? ((lp_back_rc & ~(b_act & {32{!b_snd}})) == 32'd0) : nz_pre;
    assign o_rq_sv = rq_sv;
    assign o_rq_lp = rq_lp;
    assign o_rq_rec = rq_rec;
    assign o_rc_c_pc = rq_pc;
    assign o_rc_c_act = rq_act;
    assign o_pk_any = pk_any;
    assign o_lp_back_rc = lp_back_rc;

    // the events: RETIRE, reconvergence's check with its record
    wire        ev_ret     = i_emit && i_ret_k;
    wire        ev_rc_rec  = i_emit && i_rc_k;

    // ---- each warp's segment and loop form ---------------------------------------------
    // In a segment: SUBV_START's RETIRE enters it; it ends at SUBV_END's
    // RETIRE or reconvergence's check (with a record or without) when no
    // part is left to run, or at a warp start.  (The ends test the level
    // without sv_on: clearing a slot outside a segment changes nothing,
    // and RETIRE and reconvergence's check are never the same cycle --
    // the FORMAL section -- so the ends never undo SUBV_START's entry.)
    // (A slot's bit a decode of its own, not an indexed write: those map to
    // a shifter in front of the vector.)
    // (the set's and the clears' terms apart from the events that apply
    // them -- RETIRE (r), the check's record (c), the check without one
    // (n) -- so that the slot's write takes them with the events, and WB's
    // next flag below for both values of WB's record strobe)
    wire        son_set_r  = b_sst_go;
    wire        son_clr_r  = b_snd && sv_en && !sn_nfound;
    wire        son_clr_c  = !rq_nfound && ck_sv;
    wire        son_clr_n  = i_rc_none && ck_sv;
    wire        son_set    = ev_ret && son_set_r;
    wire        son_clr    = son_clr_n || (ev_rc_rec && son_clr_c) || (ev_ret && son_clr_r);
    // (a loop variable a block: sn for son_nx, sq for w_son, ln for
    // lon_nx, lq for w_lon)
    integer sn, sq, ln, lq;
    reg  [WARPS-1:0] son_nx;              // (w_son's next value)
    always @(*)
        for (sn = 0; sn < WARPS; sn = sn + 1)
            if (i_ds_go && i_ds_slot == sn[WID_W-1:0]) son_nx[sn] = 1'b0;
            else if (b_w == sn[WID_W-1:0] && (son_set || son_clr)) son_nx[sn] = son_set;
            else son_nx[sn] = w_son[sn];
    // WB's next warp's flag: WB's own warp's from b_son and the
    // decisions, another's from its slot -- the select by the next warp
    // beside the decisions, not behind them.  Both cases are formed
    // apart, a warp WB loads (i_vwarp: flip-flops) and WB's own, and
    // WB's load picks between them at the last level, its hold (i_b_busy,
    // behind its walk's last record and the completion's freeze) in the
    // last LUT beside the load's other terms (i_vload_n); WB's own warp's
    // is formed for both values of i_emit (decided late in WB's cycle,
    // behind the walk's hold), which selects it next to last
    wire        son_set_e  = i_ret_k && son_set_r;
    wire        son_clr_e  = son_clr_n || (i_rc_k && son_clr_c) || (i_ret_k && son_clr_r);
    wire        son_be     = (son_set_e || son_clr_e) ? son_set_e : b_son;
    wire        son_bn     = !son_clr_n && b_son;
    wire        son_b      = i_emit ? son_be : son_bn;
    wire        v_ds       = i_ds_go && i_ds_slot == i_vwarp;   // (the warp WB loads)
    wire        b_ds       = i_ds_go && i_ds_slot == b_w;       // (WB's own)
    wire        v_same     = i_vwarp == b_w;
    wire        son_v      = !v_ds && (v_same ? son_b : w_son[i_vwarp]);
    wire        son_k      = !b_ds && son_b;
    always @(posedge i_clk) begin
        for (sq = 0; sq < WARPS; sq = sq + 1) w_son[sq] <= son_nx[sq];
        b_son <= (!i_b_busy && i_vload_n) ? son_v : son_k;
    end
    // The loop form's flag at WB's warp is set by SUBV_LOOP_BEGIN's
    // RETIRE and cleared by SUBV_LOOP_END's when no half is parked, by
    // reconvergence's check without a record or with one whose parked
    // address is not the body's (the instruction's and reconvergence's
    // never in one cycle): w_lon[b_w]'s write below and, as b_son's, WB's
    // next warp's flag -- WB's own warp's from b_lon and these, another's
    // from its slot
    wire        lon_set_r  = b_slb_go;
    wire        lon_clr_r  = b_sle_go && !sle_again;
    wire        lon_clr_c  = !ck_sv && lp_at != w_lbody[b_w];
    wire        lon_clr_n  = i_rc_none && !ck_sv && ck_lp;
    wire        lon_set    = ev_ret && lon_set_r;
    wire        lon_clr_o  = (ev_ret && lon_clr_r) || (ev_rc_rec && lon_clr_c);
    wire        lon_be     = (i_ret_k && lon_set_r) ||
                             (!lon_clr_n && !(i_ret_k && lon_clr_r) && !(i_rc_k && lon_clr_c) && b_lon);
    wire        lon_bn     = !lon_clr_n && b_lon;
    wire        lon_b      = i_emit ? lon_be : lon_bn;
    wire        lon_v      = !v_ds && (v_same ? lon_b : w_lon[i_vwarp]);
    wire        lon_k      = !b_ds && lon_b;
    always @(posedge i_clk)
        b_lon <= (!i_b_busy && i_vload_n) ? lon_v : lon_k;
    // the loop form's flag a warp at a time (lon_set, lon_clr: b_lon's; a
    // warp's start clears it), the check without a record -- behind the
    // walk's check, the latest term; never with RETIRE's set -- at the
    // last LUT
    reg  [WARPS-1:0] lon_nx;
    always @(*)
        for (ln = 0; ln < WARPS; ln = ln + 1)
            if (i_ds_go && i_ds_slot == ln[WID_W-1:0]) lon_nx[ln] = 1'b0;
            else if (b_w == ln[WID_W-1:0] && (lon_set || lon_clr_o)) lon_nx[ln] = lon_set;
            else lon_nx[ln] = w_lon[ln];
    always @(posedge i_clk)
        for (lq = 0; lq < WARPS; lq = lq + 1)
            w_lon[lq] <= !(lon_clr_n && b_w == lq[WID_W-1:0]) && lon_nx[lq];
    always @(posedge i_clk) begin
        // RC_CHK without a record: the segment ends with nobody at its end,
        // the loop form's half has no thread parked
        if (i_rc_none) begin
            if (ck_sv)
                w_sabove[b_w] <= part_above(5'd0);
            else if (ck_lp) begin
                w_s0[b_w] <= 32'd0;
                w_s0nz[b_w] <= 1'b0;
            end
        end
        // RETIRE: a segment or a loop form starts, moves on or ends
        if (ev_ret) begin
            if (b_sst_go) begin
                w_sabove[b_w] <= sst_above;
                w_sstart[b_w] <= b_next;
                w_slevel[b_w] <= dq_cnt;
                w_sendset[b_w] <= 1'b0;
            end
            if (b_snd_go) begin
                w_send[b_w] <= b_next;
                w_sendset[b_w] <= 1'b1;
                w_sabove[b_w] <= sn_nfound ? sn_above : part_above(5'd0);
            end
            if (b_slb_go) begin
                w_llevel[b_w] <= dq_cnt;
                w_lbody[b_w] <= b_next;
                w_s0[b_w] <= (lp_lo == 32'd0) ? 32'd0 : lp_hi;
                w_s0nz[b_w] <= lp_lo != 32'd0 && lp_hi != 32'd0;
            end
            if (sle_again) begin
                w_s0[b_w] <= lp_lo;
                w_s0nz[b_w] <= lp_lo != 32'd0;
            end
        end
        // reconverge's check: a segment's next part, the threads at its
        // end, or a loop form's parked half (MASK_PC)
        if (ev_rc_rec) begin
            if (ck_sv) begin
                w_sabove[b_w] <= rq_nfound ? rq_above : part_above(5'd0);
            end else begin
                w_s0[b_w] <= 32'd0;
                w_s0nz[b_w] <= 1'b0;
            end
        end
        // a warp starts outside any (its loop form's flag: lon_nx)
        if (i_ds_go) begin
            w_sabove[i_ds_slot] <= part_above(5'd0);
            w_sendset[i_ds_slot] <= 1'b0;
            w_s0[i_ds_slot] <= 32'd0;
            w_s0nz[i_ds_slot] <= 1'b0;
        end
    end
`ifndef SYNTHESIS
`ifndef FORMAL
    // (checked in simulation too: the SUBV programs on the lockstep
    // benches reach SUBV_END's wait at every LANES)
    always @(posedge i_clk)
        if (!i_reset && i_sq && (rq_nfound != sn_nfound || rq_pick != sn_pick ||
                     rq_endnz != (sn_end != 32'd0))) begin
            $display("wq_diverge_subv: SUBV_END's registered search is not this cycle's (%m)");
            $stop;
        end
`endif
`endif

`ifdef FORMAL
    // Checked on its own (scripts/formal.sh, job diverge_subv: every input
    // free) and inside wq_core (job core).  The running part of a segment
    // is a part of the warp; SUBV_START runs exactly the lowest part with
    // an active thread and parks the rest; SUBV_END's next part lies
    // above the one that ran and has a thread; the loop form runs the low
    // half and parks the high one.
    integer fw;
    // the references: SUBV_START's lowest part with an active thread,
    // encoded, and the next part's search over parked_at (pk_any) as the
    // model makes it
    reg  [5:0]  sv_k0;
    always @(*) begin
        sv_k0 = 6'd0;
        for (sk = PARTS - 1; sk >= 0; sk = sk - 1)
            if (act_p[sk]) sv_k0 = sk[5:0];
    end
    wire [31:0] pk_start   = pk_any & ae_start;
    wire [31:0] pk_end     = pk_any & ae_end;
    reg  [PARTS-1:0] sv_q;
    always @(*)
        for (sk = 0; sk < PARTS; sk = sk + 1)
            sv_q[sk] = (pk_start & part_mask(sk[5:0])) != 32'd0;
    wire [PARTS-1:0] sv_qa = sv_q & w_sabove[b_w];
    wire [PARTS-1:0] sv_pick = sv_qa & ~parts_below(sv_qa);
    wire        sv_nfound  = sv_qa != {PARTS{1'b0}};
    // (empty when no part is found: sv_run | sv_pk_end is one or the other)
    wire [31:0] sv_run     = pk_start & part_spread(sv_pick);
    wire [31:0] sv_pk_end  = pk_end & {32{!sv_nfound}};
    reg [4:0] f_nk;                         // the part sn_pick picks
    always @(*) begin
        f_nk = 5'd0;
        for (fw = 0; fw < PARTS; fw = fw + 1)
            if (sn_pick[fw]) f_nk = f_nk | fw[4:0];
    end
    wire [PARTS-1:0] f_below = ~w_sabove[b_w];
    always @(*) begin
        // (every slot's parts above: those above a part of the warp --
        // part 0 never, and every part above one that is)
        for (fw = 0; fw < WARPS; fw = fw + 1) begin
            assert(!w_sabove[fw][0] &&
                   (~w_sabove[fw] & (~w_sabove[fw] + 1'b1)) == {PARTS{1'b0}});
            // (the parked half's flag is the half's)
            assert(w_s0nz[fw] == (w_s0[fw] != 32'd0));
        end
        // SUBV_END's and reconvergence's search without the opcode's
        // decode (sn_*) is the instruction's (sv_*) where no thread is active
        if (pk_none)
            assert(sn_nfound == sv_nfound && sn_act == (sv_run | sv_pk_end) &&
                   sn_end == pk_end && lp_back_rc == lp_back);
        // WB's next warp's flags, formed for both values of i_emit, are
        // the decisions' (the slot's next value at WB's warp)
        assert(son_b == ((son_set || son_clr) ? son_set : b_son));
        assert(lon_b == (lon_set || (!(lon_clr_n || lon_clr_o) && b_lon)));
        // (the state moves with them only there: RETIRE of SUBV_END, and
        // reconvergence's check -- wq_diverge's walk at K_RC; on its own
        // the unit takes it as given)
`ifdef FORMAL_DIVERGE_SUBV
        assume(!ev_rc_rec || i_b_k_rc);
        assume(!(ev_ret && (ev_rc_rec || i_rc_none)));
        assume(!(ev_rc_rec && !i_ck));
        if (i_ck)
            assume(rq_sv == rc_sv && rq_lp == rc_lp && rq_rec == rc_chk_rec &&
                   rq_nfound == sn_nfound && rq_above == sn_above &&
                   rq_pc == rc_c_pc && rq_act == rc_c_act);
        if (i_sq)
            assume(rq_nfound == sn_nfound && rq_pick == sn_pick &&
                   rq_endnz == (sn_end != 32'd0));
`else
        if (ev_rc_rec) assert(i_b_k_rc);
        assert(!(ev_ret && (ev_rc_rec || i_rc_none)));
        // the check's record only with its registered terms, and those
        // are the terms of this cycle whenever i_ck says so
        assert(!(ev_rc_rec && !i_ck));
        if (i_ck)
            assert(rq_sv == rc_sv && rq_lp == rc_lp && rq_rec == rc_chk_rec &&
                   rq_nfound == sn_nfound && rq_above == sn_above &&
                   rq_pc == rc_c_pc && rq_act == rc_c_act);
        // SUBV_END's registered search is this cycle's where i_sq says so
        if (i_sq)
            assert(rq_nfound == sn_nfound && rq_pick == sn_pick &&
                   rq_endnz == (sn_end != 32'd0));
`endif
        // ... and its records' terms from it are the search's: the
        // model's (sv_run, sv_pk_end) where no thread is active
        if (b_snd_go && i_sq) begin
            assert(sv_nact == sn_act);
            assert(sv_nomask == (!sn_nfound && sn_end == 32'd0));
        end
        // the parts above the one picked, as the slot keeps them
        if (sn_nfound) begin
            assert(sn_above == part_above(f_nk));
            assert((sn_pick & f_below) == {PARTS{1'b0}});
        end
        // the park mask's flag is the mask's
        assert(sv_park_nz == (sv_park != 32'd0));
        // SUBV_START's running part and the parts above it, as masks
        assert(sv_run0 == (b_act & part_mask(sv_k0)) && sst_above == part_above(sv_k0[4:0]));
        if (b_sst_go) begin
            assert((sv_nact | sv_park) == b_act && (sv_nact & sv_park) == 32'd0);
            assert((sv_nact & ~part_mask(sv_k0)) == 32'd0);
            if (b_act != 32'd0) assert(sv_nact != 32'd0);
            assert((b_act & (part_mask(sv_k0) - 32'd1) & ~part_mask(sv_k0)) == 32'd0);
        end
        if (b_snd_go && i_sq && sn_nfound)
            // (a part found has a thread to run)
            assert(sv_nact != 32'd0);
        // the active set's zero flag: SUBV_END's from its search's flags
        if (!b_snd_go || i_sq)
            assert((i_b_k_rc ? o_nz_k : o_nz_n) == (sv_nact == 32'd0));
        if (b_slb_go && lp_lo != 32'd0)
            // (the halves against the seed's constants, not lp_lo / lp_hi)
            assert((sv_nact | sv_park) == b_act && (sv_nact & 32'hFFFF0000) == 32'd0 &&
                   (sv_park & 32'h0000FFFF) == 32'd0);
    end
    // WB's warp's segment flag in its flip-flop is the slot's, from the
    // first clock on: b_w is the warp WB loaded (i_vload_n, i_vwarp) -- the
    // core's EX stage's register, asserted inside wq_core, assumed alone
    // -- and SUBV_END's kind is its opcode's (wq_ex_stage's flip-flops)
    reg             f_clk = 1'b0;
    reg [WID_W-1:0] f_bw_nx;
    wire [3:0]      f_svk = {b_op == `WQ_OP_SUBV_LOOP_END, b_op == `WQ_OP_SUBV_LOOP_BEGIN,
                             b_op == `WQ_OP_SUBV_AUTO, b_op == `WQ_OP_SUBV_START};
    always @(posedge i_clk) begin
        f_clk <= 1'b1;
        f_bw_nx <= (!i_b_busy && i_vload_n) ? i_vwarp : b_w;
    end
    always @(*) begin
`ifdef FORMAL_DIVERGE_SUBV
        if (f_clk) assume(b_w == f_bw_nx);
        assume(i_b_snd == (b_op == `WQ_OP_SUBV_END));
        assume(i_b_svk == f_svk);
`else
        if (f_clk) assert(b_w == f_bw_nx);
        assert(i_b_snd == (b_op == `WQ_OP_SUBV_END));
        assert(i_b_svk == f_svk);
`endif
        if (f_clk) assert(b_son == w_son[b_w] && b_lon == w_lon[b_w]);
    end
    // (the covers: the unit's own job; inside wq_core the SUBV programs
    // lie beyond the job's cover depth)
`ifdef FORMAL_DIVERGE_SUBV
    reg f_init = 1'b0;
    always @(posedge i_clk) f_init <= 1'b1;
    always @(posedge i_clk)
        if (f_init) begin
            // a segment starts with parts parked; SUBV_END starts the next
            // part; reconvergence moves a segment on; a loop form's second pass
            c_sv_start: cover(ev_ret && b_sst_go && sv_park != 32'd0);
            c_sv_next:  cover(ev_ret && b_snd_go && sv_nfound);
            c_sv_rc:    cover(ev_rc_rec && ck_sv && rq_nfound);
            c_lp_again: cover(ev_ret && sle_again);
        end
`endif
`endif
endmodule
