// wq_diverge.v -- the core's branch / divergence unit (docs/rtl/wq_diverge.md):
// exec_ctrl.c on the instruction committing in WB, with the token deque
// and its port.  It owns the per-thread wait state (reason, address), the
// per-thread targets of BRX / JMX / RET, the sub-vector segment and loop
// form state of each warp, WB's deque calls (one at a time: set, on the
// port, taken, answered) and the steps of a control instruction's commit:
// the prologue (wait_region's FIND, RET's CALL token holders, the group
// count, the deque-room check), the group walk, reconvergence, and WB's
// record walk over a commit (b_k, b_kk: wq_core_wb.vh; wq_diverge_walk).
//
// wq_commit emits the records; for the divergence records (DQ_MERGE /
// DQ_PUSH_BACK, THREAD_STATE, DQ_PUSH_FRONT, MASK_PC, DQ_POP, WARP_DONE,
// the orphaned TRAP) this unit gives the record's fields (o_rec_*:
// wq_diverge_rec), and takes i_emit, the cycle a record of WB goes out, to
// move its own state and the walk on.  It decides the PC and active set
// after the instruction (b_npc, b_act_new) and after reconvergence (rc_*),
// the deque-room and misuse trap (b_ptrap), and the flags WB's record list
// is made of; the warp's slot (PC, mask, exited, yield, barrier) is
// wq_core's.  The deque port also carries the dispatch's CLEAR and the
// debug window's commands (wq_core_csr), in that order after WB's calls.
`default_nettype none
`include "wq_defs.vh"
`include "wq_opk.vh"

module wq_diverge #(
    parameter WARPS   = 8,
    parameter LANES   = 32,
    parameter DQ_LOG2 = 6,
    parameter PCW     = `WQ_TF_ADDR_W,
    parameter WID_W   = (WARPS > 1) ? $clog2(WARPS) : 1
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    // EX: a part beat of BRX / JMX / RET gathers its threads' targets
    input  wire                     i_x_v,
    input  wire                     i_x_commit,
    input  wire                     i_x_take,
    input  wire [7:0]               i_x_op,
    input  wire [5:0]               i_x_p,
    input  wire [PCW-1:0]           i_x_pc,
    input  wire [LANES*32-1:0]      i_op_a,
    // EX -> WB: an instruction enters WB (its commit beat: i_x_commit,
    // its trap, whether the guard skipped it); i_wb_ldn: it would, were WB
    // not to keep its beat (i_b_busy: the latest term, selected last)
    input  wire                     i_wb_in, i_wb_ldn, i_b_busy,
    input  wire [7:0]               i_x_trap,
    input  wire                     i_x_skip,
    // WB: the instruction, the record walk, a record going out
    input  wire                     i_b_v,
    input  wire                     i_b_commit,
    input  wire [WID_W-1:0]         i_b_w,
    input  wire [7:0]               i_b_op,
    input  wire [`WQ_OPK_W-1:0]     i_b_opk,        // ... its kinds (wq_opk.vh: flip-flops)
    input  wire [31:0]              i_b_sel,
    input  wire [PCW-1:0]           i_b_pc,
    input  wire [PCW-1:0]           i_b_next,       // ... PC+1 (flip-flops loaded with it)
    input  wire [PCW-1:0]           i_b_imm,        // the target field
    input  wire                     i_b_tfall,      // ... is PC+1 (BRA: offset 0), a flip-flop
    input  wire                     i_b_wd,         // the wave decision (SUBV_AUTO)
    input  wire                     i_trap,         // its trap (its code recoverable),
    input  wire                     i_trap_recov,
    input  wire                     i_bar_go,       // BAR completes the barrier
    input  wire                     i_emit,         // the record o_kk goes out
    input  wire                     i_wb_hold,      // WB holds (a completion, a trap waits)
    input  wire                     i_rel_end,      // the warp's end completes a barrier
    input  wire                     i_bchk_v,       // ... both valid (wq_warp_slots' c_v)
    // the slot of WB's warp: active and exited threads, the yield policy,
    // its parameter, EVERY_N's count, the LFSR, sub-vector mode enabled
    input  wire [31:0]              i_act,
    input  wire [31:0]              i_exited,
    input  wire [1:0]               i_ypol,
    input  wire [7:0]               i_yparam,
    input  wire [8:0]               i_ycount,
    input  wire [15:0]              i_lfsr,
    input  wire                     i_sven,
    // a warp starts (the dispatch: its slot, the launch's deque size)
    input  wire                     i_ds_go,
    input  wire [WID_W-1:0]         i_ds_slot,
    input  wire [4:0]               i_ds_log2,
    // the debug window's deque commands (wq_core_csr)
    input  wire                     i_csr_dq_set,
    input  wire                     i_csr_dq_go,
    input  wire                     i_csr_dq_again,
    input  wire [3:0]               i_csr_dq_op,
    input  wire [DQ_LOG2-1:0]       i_csr_dq_index,
    input  wire [63:0]              i_csr_dq_data,
    input  wire [DQ_LOG2:0]         i_csr_dq_head,
    input  wire [DQ_LOG2:0]         i_csr_dq_tail,
    // the deque: the debug window's warp, its state
    input  wire [WID_W-1:0]         i_dw,           // (o_dq_head, o_dq_tail, o_dw_log2)
    // WB loads a beat (of warp i_vwarp): the deque's view of WB's warp
    // follows (i_vload_n: it would, were WB not to keep its beat)
    input  wire                     i_vload, i_vload_n,
    input  wire [WID_W-1:0]         i_vwarp,
    output wire [WID_W-1:0]         o_v_warp,
    output wire                     o_dq_ready,
    output wire                     o_dq_rvalid,
    output wire [63:0]              o_dq_token,
    output wire [DQ_LOG2:0]         o_dq_head,
    output wire [DQ_LOG2:0]         o_dq_tail,
    output wire [4:0]               o_dw_log2,      // the size of warp i_dw's deque
    output wire [3:0]               o_dq_op,        // the command on the port
    // the sub-vector segment of every warp (DE's packed registers), and
    // WB's warp's, a flip-flop (wq_diverge_subv's b_son: WB's row of a
    // packed register without the 8-way select by b_w)
    output wire [WARPS-1:0]         o_son,
    output wire                     o_b_son,
    // WB's record walk: the record this cycle (wq_core_wb.vh's K_*), none
    // this cycle (the prologue, a deque call not answered), the commit's
    // last; a barrier release among the records
    output wire [3:0]               o_kk,
    output wire                     o_hold,
    output wire                     o_last,
    output wire                     o_hold_any,     // (o_last's two terms: o_last is
    output wire                     o_last_nh,      //  !o_hold_any && o_last_nh)
    output wire                     o_rel_now,
    // the deque-room check's trap (becomes WB's), CALL's link beat's part
    output wire                     o_ptrap_go,
    output wire [7:0]               o_ptrap,
    output wire                     o_ptrap_nz,     // o_ptrap is not NONE,
    output wire                     o_ptrap_rec,    // ... recoverable
    output wire [4:0]               o_l_p,
    // the outcome: YIELD and its state, SUBV_AUTO's mode, the PC and the
    // active and exited threads after the commit (reconvergence's
    // included), the warp's end (with orphaned threads)
    output wire                     o_yield,
    output wire                     o_auto,
    output wire [PCW-1:0]           o_npc,
    output wire [31:0]              o_act_new,
    output wire [31:0]              o_exit_new,
    output wire                     o_gone,
    output wire                     o_orphan,
    output wire [15:0]              o_y_lfsr,
    output wire [8:0]               o_y_count,
    // the divergence record of record o_kk (unit: WB's warp)
    output wire [7:0]               o_rec_kind,
    output wire [31:0]              o_rec_pc,
    output wire [15:0]              o_rec_aux,
    output wire [31:0]              o_rec_mask,
    output wire [31:0]              o_rec_a,
    output wire [63:0]              o_rec_b
);
    localparam PARTS = 32 / LANES;
    localparam DW    = DQ_LOG2 + 1;
`include "wq_core_wb.vh"
    // The lowest set bit of 32, isolated (one-hot, 0 when none: m & -m,
    // a carry chain and a LUT level) and encoded (each index bit an OR of
    // 16 one-hot bits): four LUT levels, a binary search's five halvings ten.
    function [31:0] low1;
        input [31:0] m;
        low1 = m & (~m + 32'd1);
    endfunction
    function [4:0] enc32;                // a one-hot's index
        input [31:0] o;
        integer e;
        begin
            enc32 = 5'd0;
            for (e = 0; e < 32; e = e + 1)
                if (o[e]) enc32 = enc32 | e[4:0];
        end
    endfunction
    function [4:0] ctz;                  // the lowest set bit of 32 (0 when none)
        input [31:0] m;
        ctz = enc32(low1(m));
    endfunction

    // WB's instruction
    wire [WID_W-1:0] b_w   = i_b_w;
    wire [7:0]       b_op  = i_b_op;
    wire [31:0]      b_sel = i_b_sel;
    wire [PCW-1:0]   b_pc  = i_b_pc;
    wire [PCW-1:0]   b_imm = i_b_imm;
    wire             b_wd  = i_b_wd;
    wire [3:0]       b_k;                      // the record walk: the record being emitted
    wire [3:0]       b_kk;                     //   the record this cycle (wq_diverge_walk)
    wire [14:0]      kk_oh;                    //   ... one-hot: its decodes (kk_oh[K_*])
    wire             rc_early;                 // EXIT's early reconvergence pop
    wire             b_v   = i_b_v;
    wire             b_commit = i_b_commit;
    // (WB's opcode kinds are wq_ex_stage's flip-flops, loaded beside b_op
    // from the beat's opcode and skip flag: the decisions below start at a
    // register, not behind an 8-bit compare)
    wire [`WQ_OPK_W-1:0] b_opk = i_b_opk;
    // (WB's control's: an ATOM is no branch; the EX stage's: which row)
    wire unused_opk = &{1'b0, b_opk[`WQ_OPK_ATOM], b_opk[`WQ_OPK_WBU]};
    wire             b_bar = b_opk[`WQ_OPK_BAR];

    // ---- the token deque and its port (wq_diverge_dq: WB's calls, the
    // dispatch's CLEAR, the debug window's commands; a call's life) ------------------
    wire              dq_ready, dq_rvalid;
    wire [63:0]       dq_token;
    wire [3:0]        dq_op;
    wire              dq_has_call;
    // the state of WB's warp: the deque's view, in flip-flops (the state
    // of warp i_dw, o_dq_*, only goes to the debug window)
    wire [DW-1:0]     dq_head, dq_tail, dq_cnt;
    wire [4:0]        dq_log2;
    wire [DW-1:0]     dq_whead, dq_wtail;
    // WB's deque calls, one at a time: the command goes out (DQS_ISSUE, the
    // cycle after it is set), is taken, and its result is kept (DQS_DONE)
    // until the step that asked for it uses it
    wire [1:0]        dqs;
    (* keep *) wire   dqs_w;                    // ... DQS_WAIT (a LUT of the state)
    assign dqs_w = dqs == DQS_WAIT;
    wire [63:0]       dqr_token;
    wire              dqr_found, dqr_empty;
    wire [DW-1:0]     dqr_head, dqr_tail;       // head and tail when the command went out
    wire [DQ_LOG2-1:0] dqr_index;               // FIND's index
    wire              dq_call, dq_used;         // (below: the walk's call, its answer used)
    wire [31:0]      dqr_mask = dqr_token[`WQ_TF_MASK_RANGE];
    wire [PCW-1:0]   dqr_addr = dqr_token[`WQ_TF_ADDR_RANGE];
    wire [`WQ_TF_TYPE_W-1:0] dqr_type = dqr_token[`WQ_TF_TYPE_RANGE];

    // ---- divergence unit (WB): exec_ctrl.c on the committing instruction -----------
    // Per-thread state, the model's reason[] and wait[]: why a disabled
    // thread waits and for which address (wq_diverge_wait, below: the
    // addresses t_wt, the threads parked as SUBV pk_rc, a pop's rc_wake)
    wire [32*PCW-1:0]           t_wt;
    wire [31:0]                 pk_rc, rc_wake;
    wire                        ts_we;          // (below: a THREAD_STATE record's write)
    // The compares of those addresses (and of RET's targets) take a part
    // of LANES threads a cycle: the part scan below.  Its results, for
    // all 32 threads once sc_ok is set: a thread's wait address against
    // the segment's start (ae_start) and end (ae_end) and the deque
    // answer's address (ae_dq), its target against that address (ae_h),
    // and the loop form's parked address (sc_lpat).
    // (With one part, LANES = 32, the compares are the scan's select-free
    // part 0 on the present inputs: no registers, no wait.)
    wire                        sc_ok;
    wire [31:0]                 ae_start, ae_end, ae_dq, ae_h;
    wire [31:0]                 ae_g;           // targets against the walk's group's
    wire [PCW-1:0]              sc_lpat;

    // before the records: wait_region's FIND, then the deque-room check
    // (wq_deque_push_trap, with the group count), so a trap changes nothing
    // (RET: BP_HELD, then BP_COUNT; BRX / JMX: BP_COUNT; then BP_CHECK)
    reg [2:0]        b_prep;
    reg [31:0]       b_tm;                      // wait_region: the found token's mask
    // reconverge: RC_CHK first moves a sub-vector segment or a loop form on
    // (MASK_PC, or nothing and on to the next check); RC_POP pops (DQ_POP,
    // or the warp's end when empty); RC_WAKE sets PC and mask to the woken
    // threads; a pop that wakes nobody goes back to RC_CHK
    reg [1:0]        rc_s;
    wire [31:0] b_act      = i_act;
    wire        b_exit     = b_opk[`WQ_OPK_EXIT];
    wire        b_region   = b_opk[`WQ_OPK_REGION];
    wire        b_waitr    = b_opk[`WQ_OPK_WAITR];
    wire        b_branch   = b_opk[`WQ_OPK_BRANCH];
    // the region's token type: SSY / SYNC, PBRK / BRK, YIELD, else CONT
    wire [`WQ_TF_TYPE_W-1:0] b_rtype = b_opk[`WQ_OPK_TSYNC]  ? `WQ_TOK_SYNC :
                                       b_opk[`WQ_OPK_TBRK]   ? `WQ_TOK_BRK :
                                       b_opk[`WQ_OPK_TYIELD] ? `WQ_TOK_YIELD : `WQ_TOK_CONT;
    // YIELD (yield_fires): the policy's decision for this execution and the
    // count / LFSR state it leaves, committed when the instruction retires
    wire        b_yield    = b_opk[`WQ_OPK_YIELD];
    wire [1:0]  y_pol      = i_ypol;
    wire [8:0]  y_n        = (i_yparam != 8'd0) ? {1'b0, i_yparam} : `WQ_YEVERY_N_ZERO;
    wire [8:0]  y_c        = i_ycount + 9'd1;
    wire [15:0] y_lfsr     = {1'b0, i_lfsr[15:1]} ^ (i_lfsr[0] ? `WQ_YLFSR_TAPS : 16'd0);
    wire        y_fire_c   = (y_pol == `WQ_YP_EVERY_N) ? (y_c >= y_n) :
                             (y_pol == `WQ_YP_LFSR) ? (y_lfsr[7:0] < i_yparam) : 1'b0;
    // The decision registered (y_fire, valid with y_fv: from the second cycle
    // of the instruction in WB).  The warp's count, parameter and LFSR do not
    // change while its instruction is in WB (its last record writes them), so
    // the register is the decision; YIELD's FIND waits for it (its first
    // cycle in WB holds), and its records, its deque call and the count it
    // leaves read a flip-flop, not the increment and compare behind the warp's
    // select (the FORMAL section asserts the two equal).
    reg         y_fire, y_fv;
    always @(posedge i_clk) begin
        y_fire <= y_fire_c;
        y_fv   <= !i_reset && b_v && !i_wb_in;
    end
    wire [8:0]  y_count_ns = (y_pol == `WQ_YP_EVERY_N && !y_fire) ? y_c : 9'd0;
    wire        b_yfire    = b_yield && y_fire;
    reg         b_yfound;                   // FIND found the YIELD token at PC+1
    reg [DQ_LOG2-1:0] b_yidx;               //   at this index (DQ_MERGE)
    wire [PCW-1:0] b_next  = i_b_next;      // (b_pc + 1: wq_ex_stage's register, no adder)
    wire [PCW-1:0] b_ipc   = b_imm;
    wire [PCW-1:0] b_tgt   = b_opk[`WQ_OPK_BRA] ? b_next + b_ipc : b_ipc;
    // ---- per-thread targets (BRX, JMX, RET) and CALL -------------------------
    // BRX / JMX / RET: wq_branch_groups with a target per thread.  The
    // threads of g_act go in groups by path (the target when selected, else
    // PC+1), in the order of each group's lowest thread; the group of the
    // lowest selected thread is the first path (MASK_PC), every other one
    // is disabled as DIV and pushed.  A walk takes one group a cycle: first
    // to count them for the room check (BP_COUNT), then for the records
    // (K_GRP).  RET first finds the threads that hold a CALL token for their
    // own link (call_token_holders: BP_HELD reads the deque from the front
    // down); they wait for it (K_HELD) and the others return.
    reg  [31:0]    r_held;                      // RET: the CALL token holders
    reg  [DW-1:0]  h_idx;                       // RET: the entry read next, plus one
    reg            h_init, g_cnt0;              // BP_HELD's, BP_COUNT's first cycle
    reg            g_cnt1;                      // BP_COUNT's second: the first path's read
    reg  [31:0]    g_fo;                        // ... its thread (low1(g_fs), the first cycle's)
    reg  [31:0]    g_rem;                       // the walk's threads left
    reg            g_any;                       // ... any (g_rem != 0, registered beside it)
    reg  [5:0]     g_ng;                        // groups counted
    reg            g_sub;                       // K_GRP: 0 THREAD_STATE, 1 DQ_PUSH_FRONT
    wire [4:0]     l_p;                         // CALL's link: this beat's part (u_lw)
    // (more than one holder or link part left: kept as the holders and the
    // link's parts are written, not tested behind them; wq_low_walk)
    wire           h_more, l_more;
    reg            b_fin;                       // reconverge ended the warp (its record is out)
    wire        b_mt       = b_opk[`WQ_OPK_MT];
    wire        b_call     = b_opk[`WQ_OPK_CALL];
    wire        b_ret      = b_opk[`WQ_OPK_RET];
    // (b_ret: a flip-flop, WB's opcode kind, no compare before the walk's select)
    wire [31:0] g_act      = b_ret ? (b_act & ~r_held) : b_act;
    wire [31:0] g_sel      = b_ret ? (b_sel & ~r_held) : b_sel;
    wire [31:0] g_oh       = low1(g_rem);           // the walk's lowest thread left
    wire [31:0] g_fs       = g_act & g_sel;
    wire [31:0] h_oh;                               // RET's next holder (u_hw)
    // The targets and their two one-hot selects (wq_diverge_tgt, u_tgt):
    // the walk's (t_x) reads the first path's thread in BP_COUNT's second
    // cycle (kept in g_ft), else the walk's group's lowest thread left
    // (g_t0's); RET's holder record its holder's link (t_h, by h_oh).
    // (the first path's thread, the lowest selected active one, is
    // isolated in BP_COUNT's first cycle and registered, g_fo, and the
    // select reads it in the second: not low1 of the slots' active mask
    // in front of the select, which was the deepest path into g_t0 and
    // g_ft, 10 LUT levels; a cycle more for BRX, JMX and RET)
    wire        g_ftrd     = b_prep == BP_COUNT && g_cnt1;
    wire [31:0] t_xo       = g_ftrd ? g_fo : g_oh;
    // (the targets as one row, thread l at l*PCW: the part scan's)
    wire [32*PCW-1:0] t_tgt_row;
    wire [PCW-1:0]    t_x, t_h;
    wire              tg_we, tg_on;
    wq_diverge_tgt #(.LANES(LANES), .PCW(PCW)) u_tgt (
        .i_clk(i_clk), .i_we(i_x_take), .i_on(tg_on), .i_p(i_x_p), .i_brx(i_x_op == `WQ_OP_BRX),
        .i_pc(i_x_pc), .i_op_a(i_op_a),
        .o_row(t_tgt_row), .i_oh_x(t_xo), .o_x(t_x), .i_oh_h(h_oh), .o_h(t_h));
    wire [PCW-1:0] g_t0c   = ((g_sel & g_oh) != 32'd0) ? t_x : b_next;
    // The walk's group's target, g_t0, is that select's registered: the cycle
    // after it changes (g_inv) it is stale, so the part scan compares it from
    // the cycle after that (g_inv_d restarts the scan again) and g_ok waits
    // for it; the group's compare, skip and records start from a register, not
    // from the lowest-thread pick and the select behind it.
    reg  [PCW-1:0] g_t0;
    always @(posedge i_clk)
        g_t0 <= g_t0c;
    // The walk's group (g_m0) takes its target compares from the part scan
    // (ae_g: each thread's target against g_t0), so a target bit feeds the
    // scan's PARTS-way select and the one select above, not a compare of its
    // own.  g_ok says the scan has covered every part since g_t0 or the targets
    // last changed (g_inv, below) and g_t0 caught up: BP_COUNT's steps and
    // K_GRP's records wait for it.  A scan restarted for another reason
    // rewrites ae_g with the same compares, so g_ok stays.  (With one part the
    // compares are on the present g_t0: ready the cycle after g_inv.)
    wire        g_ok;
    reg         g_first0;                   // (below: the group is the first path's)
    // K_GRP skips the first path's group (its threads go on, no record)
    // (kept nets *_pre, *_r: a decision's early terms, so its late ones --
    // the walk's kk_oh, behind BAR's completion and the trap, the deque's
    // answer, the sub-vector unit's flags -- enter at its last LUT)
    (* keep *) wire gs_pre;
    assign gs_pre = b_v && b_commit && b_prep == BP_NONE && !g_sub && g_any && g_first0 && g_ok;
    wire        g_skip     = gs_pre && kk_oh[K_GRP];
    // The first path: its target (the lowest selected thread's, else
    // PC+1), read in BP_COUNT's second cycle, and its threads, the group
    // BP_COUNT's walk finds with that path (the groups split g_act by
    // path, so that group is whole when the walk reaches it).  K_MASK and
    // the commit read them after the walk.
    reg  [PCW-1:0] g_ft;
    reg  [31:0]    g_fm;
    // (the walk's group is the first path's: the compare registered, a
    // cycle behind g_t0 and g_ft, as PC+1's below -- every read waits for
    // g_ok, which comes at least a cycle after either changes: g_ft's
    // write is g_ftrd, a restart of the group -- so WB's hold and the
    // group's skip start at a flip-flop, not behind a 22-bit compare)
    always @(posedge i_clk)
        g_first0 <= g_t0 == g_ft;
    // (a thread's path, its target when selected else PC+1, compared as
    // the target's compare or PC+1's, the latter once for all threads: not
    // a multiplexer in front of each thread's compare.  PC+1's compare is
    // registered, a cycle behind g_t0 and WB's PC: g_ok, which every use
    // of the group waits for, comes at least a cycle after either changes
    // -- the scan restarts at i_wb_in and again at g_inv_d, and with one
    // part g_ok waits for g_inv_d too -- so the group's test starts at a
    // flip-flop, not behind a 22-bit compare, on its way to the records'
    // masks and the wait state's write enables)
    reg         g_n_t0;
    always @(posedge i_clk)
        g_n_t0 <= b_next == g_t0;
    reg  [31:0] g_m0;
    integer gl;
    always @(*)
        for (gl = 0; gl < 32; gl = gl + 1)
            g_m0[gl] = g_rem[gl] && (g_sel[gl] ? ae_g[gl] : g_n_t0);
    // the parts of CALL's link write that have a selected thread (PARTS
    // bits: the picks, encode and more-than-one tests below are PARTS
    // wide, not 32-bit chains over flip-flops that stay zero)
    reg  [PARTS-1:0] l_parts;
    integer lp;
    always @(*)
        for (lp = 0; lp < PARTS; lp = lp + 1)
            l_parts[lp] = b_sel[lp*LANES +: LANES] != {LANES{1'b0}};
    // The walks of CALL's link parts (u_lw) and of RET's holders (u_hw),
    // one a record: each set is loaded by BP_CHECK (the holders are
    // emptied as an instruction enters WB) and loses its lowest bit with
    // each of its records.  (The link's next part is kept with its parts,
    // not picked each cycle: six LUT levels in front of the link's row.)
    wire        w_load     = b_v && b_commit && b_prep == BP_CHECK;
    /* verilator lint_off PINCONNECTEMPTY */
    wq_low_walk #(.W(PARTS), .IW(5)) u_lw (
        .i_clk(i_clk), .i_clr(1'b0), .i_load(w_load), .i_set(l_parts),
        .i_step(i_emit && kk_oh[K_LINK]),
        .o_rem(), .o_oh(), .o_idx(l_p), .o_any(), .o_more(l_more));
    wq_low_walk #(.W(32), .IW(5)) u_hw (
        .i_clk(i_clk), .i_clr(i_wb_in), .i_load(w_load), .i_set(r_held),
        .i_step(i_emit && kk_oh[K_HELD]),
        .o_rem(), .o_oh(h_oh), .o_idx(), .o_any(), .o_more(h_more));
    /* verilator lint_on PINCONNECTEMPTY */

    // ---- sub-vector segments and the loop form (exec_ctrl.c, DESIGN §6.4) ------
    // (wq_diverge_subv: each warp's segment and loop form, and what the
    // SUBV_* instructions and reconvergence's check do to WB's warp)
    wire        sv_on, lp_on, b_subv, b_sau, b_sst_go, b_snd_go, b_slb_go, b_sle_go, sv_misuse;
    wire [PCW-1:0] sv_start, sv_end_at, sv_npc, rc_c_pc;
    wire [31:0] lp_one, sv_park, sv_nact, rc_c_act, pk_any, lp_back_rc;
    wire        sv_park_nz;                 // sv_park has a thread
    wire        sv_nomask, sv_nz_k, sv_nz_n, p_sq; // (p_sq: the walk's, below)
    wire        rq_sv, rq_lp, rq_rec;       // (the check's registers, ungated: the walk's)
    wire        rc_chk_none;                // (below: RC_CHK without a record)
    wire        ck_e;                       // (below: the check's registered terms are current)
    reg         ck;                         // (below: ... from the cycle before; ck_e gates it)
    wire        kq_rc;                      // the walk's registered record is K_RC
    (* keep *) wire b_k_rc;                 // ... and its record being emitted (a LUT)
    assign b_k_rc = b_k == K_RC;
    wq_diverge_subv #(.WARPS(WARPS), .LANES(LANES), .PCW(PCW), .DW(DW), .WID_W(WID_W)) u_subv (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_b_w(b_w), .i_b_op(b_op), .i_b_snd(b_opk[`WQ_OPK_SNDV]), .i_b_svk(b_opk[`WQ_OPK_SLEV:`WQ_OPK_SSTV]),
        .i_b_wd(b_wd), .i_b_yb(b_yield || b_bar), .i_vload_n(i_vload_n), .i_b_busy(i_b_busy), .i_vwarp(i_vwarp),
        .i_b_pc(b_pc), .i_b_next(b_next), .i_b_ipc(b_ipc), .i_b_k_rc(b_k_rc),
        .i_act(b_act), .i_sven(i_sven), .i_dq_cnt(dq_cnt), .i_pk_rc(pk_rc),
        .i_ae_start(ae_start), .i_ae_end(ae_end), .i_lpat(sc_lpat),
        .i_emit(i_emit), .i_ret_k(kk_oh[K_RET]), .i_rc_k(kk_oh[K_RC] && rc_s == RC_CHK),
        .i_rc_none(rc_chk_none), .i_ds_go(i_ds_go), .i_ds_slot(i_ds_slot), .i_ck(ck_e), .i_sq(p_sq),
        .o_son(o_son), .o_sv_on(sv_on), .o_lp_on(lp_on),
        .o_start(sv_start), .o_end_at(sv_end_at), .o_one(lp_one),
        .o_subv(b_subv), .o_sau(b_sau), .o_sst_go(b_sst_go), .o_snd_go(b_snd_go),
        .o_slb_go(b_slb_go), .o_sle_go(b_sle_go), .o_misuse(sv_misuse),
        .o_park(sv_park), .o_park_nz(sv_park_nz), .o_nomask(sv_nomask), .o_npc(sv_npc), .o_nact(sv_nact), .o_nz_k(sv_nz_k), .o_nz_n(sv_nz_n),
        .o_rq_sv(rq_sv), .o_rq_lp(rq_lp), .o_rq_rec(rq_rec),
        .o_rc_c_pc(rc_c_pc), .o_rc_c_act(rc_c_act),
        .o_pk_any(pk_any), .o_lp_back_rc(lp_back_rc));
    // (the parked threads the masks read and the loop form's parked half:
    // the FORMAL section's)
    wire unused_sv = &{1'b0, pk_any, lp_back_rc};
    // wait_region: selected threads in the token's mask park, the other
    // selected ones branch to the target as BRA would (act: rest, sel: go)
    wire [31:0] b_park     = b_waitr ? (b_sel & b_tm) : 32'd0;
    wire [31:0] b_go       = b_sel & ~b_park;
    wire [31:0] b_rest     = b_act & ~b_park;
    // group_lanes with one target: the taken group (the first path), then
    // the fall-through group, one group when the target is PC+1
    wire        b_tfall    = i_b_tfall;     // (b_tgt == b_next: wq_ex_stage's flip-flop)
    wire [31:0] b_goes     = b_rest & b_go;     // (the threads that branch, and stay)
    wire [31:0] b_stays    = b_rest & ~b_go;
    wire [31:0] b_taken    = b_tfall ? b_rest : b_goes;
    wire [31:0] b_fallm    = b_tfall ? 32'd0 : b_stays;
    // (two groups: threads that branch and threads that stay, to a target
    // that is not PC+1 -- the masks' tests beside the target's compare)
    (* keep *) wire goes_nz;
    assign goes_nz = b_goes != 32'd0;
    wire        b_two      = (b_branch || b_waitr) && !b_tfall && goes_nz && b_stays != 32'd0;
    // the one push an instruction makes: the region's token, or DIV for
    // the fall-through group when there are two
    wire        b_push     = b_region || b_two;
    wire [`WQ_TF_TYPE_W-1:0] b_ptype = b_region ? b_rtype : `WQ_TOK_DIV;
    // (k_fallm: b_fallm kept by the prologue, wq_diverge_rec)
    wire [31:0] k_fallm;
    wire [31:0] b_pmask    = b_region ? b_sel : k_fallm;
    wire [PCW-1:0] b_paddr = b_region ? b_ipc : b_next;
    // the deque-room check and the segment's misuse (wq_diverge_room)
    wire        b_yback    = b_yfire && !b_yfound;
    wire [7:0]  b_ptrap;
    wire        b_ptrap_nz, b_ptrap_rec;
    wq_diverge_room #(.DW(DW)) u_room (
        .i_misuse(sv_misuse), .i_mt(b_mt), .i_ng(g_ng), .i_call(b_call), .i_two(b_two),
        .i_push(b_push), .i_yback(b_yback), .i_head(dq_head), .i_cnt(dq_cnt), .i_tail(dq_tail),
        .i_log2(dq_log2), .o_trap(b_ptrap), .o_is_trap(b_ptrap_nz),
        .o_is_rec(b_ptrap_rec));
    // PC and active set after the instruction (before reconverge)
    wire [PCW-1:0] b_npc   = b_subv ? sv_npc :
                             b_mt ? ((g_act != 32'd0) ? g_ft : b_next) :
                             ((b_branch || b_waitr) && b_taken != 32'd0) ? b_tgt : b_next;
    // (but a SUBV_*'s, sv_nact: wq_diverge_rec keeps it apart, so the
    // parked threads' search is not in front of a select into k_act;
    // b_act_new, the two selected by b_subv, is the FORMAL section's)
    wire [31:0] b_act_nsv  = b_mt ? ((g_act != 32'd0) ? g_fm : 32'd0) :
                             (b_exit || b_yfire) ? (b_act & ~b_sel) :
                             (b_branch || b_waitr) ? ((b_taken != 32'd0) ? b_taken : b_fallm) :
                             b_act;
    wire [31:0] b_exit_new = b_exit ? (i_exited | b_sel) : i_exited;
    // (b_act_new == 0 case by case, not behind its multiplexer: a branch
    // leaves no thread when none stays active; SUBV_*'s outside K_RC,
    // sv_nz_n -- behind its search -- last)
    (* keep *) wire ends_nsv;
    wire        b_ends_x   = (b_subv && !b_k_rc) ? sv_nz_n : b_subv ? sv_nz_k : ends_nsv;
    assign      ends_nsv   = b_mt ? (g_act == 32'd0 || g_fm == 32'd0) :
                             (b_exit || b_yfire) ? ((b_act & ~b_sel) == 32'd0) :
                             (b_branch || b_waitr) ? (b_rest == 32'd0) :
                             (b_act == 32'd0);
    wire        b_ends;                     // (from p_recs: wq_diverge_walk)
    // (orphaned threads: neither exited nor active, read only where the
    // warp ends -- no thread active -- so the threads not exited)
    wire        b_orphan   = (~b_exit_new) != 32'd0;
    // the wait state (the threads a THREAD_STATE record writes: ts_we)
    wq_diverge_wait #(.WARPS(WARPS), .PCW(PCW), .WID_W(WID_W)) u_wait (
        .i_clk(i_clk), .i_w(b_w), .i_we(ts_we), .i_mask(o_rec_mask),
        .i_type(o_rec_aux[`WQ_TF_TYPE_W-1:0]), .i_addr(o_rec_a[PCW-1:0]), .o_wt(t_wt),
        .i_exited(i_exited), .o_pk_sv(pk_rc), .i_tok_mask(dqr_mask), .i_tok_type(dqr_type),
        .i_ae_dq(ae_dq), .i_exit_new(b_exit_new), .o_wake(rc_wake));

    // ---- outputs ---------------------------------------------------------------
    assign o_dq_ready = dq_ready;  assign o_dq_rvalid = dq_rvalid;  assign o_dq_token = dq_token;
    assign o_dq_head = dq_whead;   assign o_dq_tail = dq_wtail;      assign o_dq_op = dq_op;
    wire        b_is_trap  = i_trap;
    // ---- WB's record walk (wq_diverge_walk) -------------------------------------------
    // b_k walks a commit's records (b_recs: wq_core_wb.vh's K_*, the
    // model's order of emission) and b_kk is the record of this cycle;
    // an instruction with a prologue takes the list's outcome terms from
    // registers, written in each prologue cycle and SUBV_END's wait
    // (p_recs), one without from shallow terms (c_recs).  b_recs_x is the
    // list from the present inputs; wq_diverge_walk's FORMAL section
    // asserts both forms equal to it.
    // (THREAD_STATE's term with the sub-vector unit's, sv_park_nz, at its
    // last level: ts1_nsv kept apart, so the walk's s4 is two LUTs after it;
    // MASK_PC's with SUBV_END's search flags, sv_nomask, as well: mask_o)
    (* keep *) wire ts1_nsv, mask_o, rc_mask;
    assign ts1_nsv = b_exit || (b_park != 32'd0) || b_yfire;
    assign mask_o  = b_exit || b_region || b_waitr || b_branch || b_bar || b_yield || b_mt;
    assign rc_mask = mask_o || (b_subv && !sv_nomask);
    wire [13:1] b_recs_x   = {b_ends_x, 1'b1, b_opk[`WQ_OPK_SETP],
                              b_bar && i_bar_go, b_call, rc_mask,
                              b_mt, b_push, b_two,
                              ts1_nsv || sv_park_nz,
                              b_ret && r_held != 32'd0, b_call, b_yfire};
    reg         b_pro;                      // the instruction had a prologue
    wire        b_hold, b_last_k;           // no record this cycle; the commit's last
    wire        p_snd, p_fresh, p_stale;    // SUBV_END's wait for the scan's terms
    wire        sc_rc;                      // a record of reconvergence reads the scan
    wire        unused_sr  = &{1'b0, sc_rc};    // (the FORMAL section's)
    wq_diverge_walk u_walk (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_wb_in(i_wb_in), .i_x_op(i_x_op), .i_x_skip(i_x_skip),
        .i_b_v(b_v), .i_b_commit(b_commit), .i_b_setp(b_opk[`WQ_OPK_SETP]), .i_b_bar(b_bar),
        .i_b_exit(b_exit), .i_act(b_act), .i_b_sel(b_sel), .i_trap(b_is_trap),
        .i_trap_recov(i_trap_recov), .i_bar_go(i_bar_go), .i_rel_end(i_rel_end),
        .i_bchk_v(i_bchk_v),
        .i_emit(i_emit), .i_wb_hold(i_wb_hold),
        .i_b_prep(b_prep), .i_b_pro(b_pro), .i_b_recs_x(b_recs_x), .i_b_push0(b_region), .i_b_fin(b_fin),
        .i_b_snd_go(b_snd_go), .i_sv_on(sv_on), .i_lp_on(lp_on), .i_ck(ck), .i_rq_sv(rq_sv),
        .i_rq_lp(rq_lp), .i_rq_rec(rq_rec), .i_sc_ok(sc_ok), .i_sc_inv(sc_inv),
        .i_rc_s(rc_s), .i_dqs(dqs), .i_dqr_empty(dqr_empty),
        .i_g_sub(g_sub), .i_g_any(g_any), .i_g_first0(g_first0), .i_g_ok(g_ok),
        .i_l_more(l_more), .i_h_more(h_more),
        .o_b_k(b_k), .o_b_kk(b_kk), .o_kk_oh(kk_oh), .o_b_hold(b_hold), .o_b_last_k(b_last_k),
        .o_hold_any(o_hold_any), .o_last_nh(o_last_nh),
        .o_b_ends(b_ends), .o_rel_now(o_rel_now),
        .o_p_snd(p_snd), .o_p_sq(p_sq), .o_p_fresh(p_fresh), .o_p_stale(p_stale),
        .o_sc_rc(sc_rc), .o_rc_early(rc_early), .o_kq_rc(kq_rc));
    // the warp is gone: reconverge found the deque empty
    wire        b_gone     = b_ends && rc_s == RC_POP;

    assign o_b_son = sv_on;
    assign o_kk = b_kk;
    assign o_hold = b_hold;
    assign o_last = b_last_k;
    assign o_ptrap_go = b_v && b_commit && b_prep == BP_CHECK;
    assign o_ptrap = b_ptrap;
    assign o_ptrap_nz = b_ptrap_nz;
    assign o_ptrap_rec = b_ptrap_rec;
    assign o_l_p = l_p;
    assign o_yield = b_yield;
    assign o_auto = b_sst_go && b_sau;
    // the instruction's PC and mask, or reconverge's wake
    assign o_npc = (b_ends && !b_gone) ? ((rc_s == RC_WAKE) ? dqr_addr : rc_c_pc) : f_npc;
    assign o_act_new = (b_ends && !b_gone) ? ((rc_s == RC_WAKE) ? rc_wake : rc_c_act) : f_act;
    assign o_exit_new = b_exit_new;
    assign o_gone = b_gone;
    assign o_orphan = b_orphan;
    assign o_y_lfsr = y_lfsr;
    assign o_y_count = y_count_ns;

    // ---- the divergence records (wq_diverge_rec) -------------------------------------
    // The record of b_kk (o_rec_*, its unit WB's warp), and the outcome's
    // fields an instruction with a prologue keeps in registers (k_*,
    // written with p_recs): the PC and threads after the instruction
    // (f_npc, f_act), the parked threads' THREAD_STATE (ts1_*: mask,
    // reason, address) and the fall-through group (k_fallm).
    wire [31:0]              ts1_m = (b_exit || b_yfire) ? b_sel : b_subv ? sv_park : b_park;
    wire [`WQ_TF_TYPE_W-1:0] ts1_r = b_exit ? `WQ_TOK_EXIT : b_subv ? `WQ_TOK_SUBV : b_rtype;
    wire [PCW-1:0]           ts1_a = b_exit ? b_pc : (b_yfire || b_subv) ? b_next : b_ipc;
    wire [PCW-1:0]           f_npc;
    wire [31:0]              f_act;
    wq_diverge_rec #(.DQ_LOG2(DQ_LOG2), .PCW(PCW)) u_rec (
        .i_clk(i_clk), .i_b_prep(b_prep), .i_p_snd(p_snd),
        .i_b_npc(b_npc), .i_b_act_nsv(b_act_nsv), .i_b_subv(b_subv), .i_sv_nact(sv_nact), .i_ts1_m(ts1_m), .i_ts1_r(ts1_r),
        .i_ts1_a(ts1_a), .i_b_fallm(b_fallm),
        .i_b_pro(b_pro), .i_b_exit(b_exit), .i_act(b_act), .i_b_sel(b_sel), .i_b_pc(b_pc),
        .i_b_next(b_next), .i_b_kk(b_kk), .i_b_yfound(b_yfound), .i_b_yidx(b_yidx),
        .i_dqr_token(dqr_token), .i_dqr_head(dqr_head), .i_dqr_tail(dqr_tail),
        .i_dqr_empty(dqr_empty), .i_h_oh(h_oh), .i_t_h(t_h), .i_g_sub(g_sub), .i_g_m0(g_m0),
        .i_g_t0(g_t0), .i_b_pmask(b_pmask), .i_rc_s(rc_s), .i_rc_c_pc(rc_c_pc),
        .i_rc_c_act(rc_c_act), .i_rc_wake(rc_wake), .i_b_orphan(b_orphan),
        .o_k_fallm(k_fallm), .o_f_npc(f_npc), .o_f_act(f_act),
        .o_rec_kind(o_rec_kind), .o_rec_pc(o_rec_pc), .o_rec_aux(o_rec_aux),
        .o_rec_mask(o_rec_mask), .o_rec_a(o_rec_a), .o_rec_b(o_rec_b));
    // the threads a THREAD_STATE record disables: their reason and address
    // (K_TS1 and the DIV groups; RET's holders one at a time, K_HELD: a
    // CALL token's wait at the holder's own link)
    assign      ts_we   = i_emit && (kk_oh[K_TS1] || kk_oh[K_TS2] || (kk_oh[K_GRP] && !g_sub) ||
                                     kk_oh[K_HELD]);

    // ---- the sequential part -------------------------------------------------------------
    // WB's deque calls, one at a time (the command is set here and on the
    // port the next cycle)
    (* keep *) wire dc_pro;
    assign dc_pro  = dqs == DQS_IDLE && b_v && b_commit &&
                     ((b_prep == BP_FIND && !(b_yield && !(y_fv && y_fire))) ||
                      (b_prep == BP_HELD && !h_init && h_idx != dq_tail));
    (* keep *) wire dc_none;
    assign dc_none = dqs == DQS_IDLE && b_v && b_commit && b_prep == BP_NONE;
    (* keep *) wire dc_g;
    assign dc_g    = g_sub && g_ok;
    (* keep *) wire dc_p;
    assign dc_p    = rc_s == RC_POP;
    (* keep *) wire dc_kk;
    assign dc_kk   = kk_oh[K_YDQ] || kk_oh[K_PUSH] || kk_oh[K_CPUSH] ||
                     (kk_oh[K_GRP] && dc_g) || (kk_oh[K_RC] && dc_p);
    assign dq_call = dc_pro || (dc_none && (dc_kk || rc_early));
    // (the calls' results are used, and the deque is free again, when the
    // step that asked takes them: the FIND, a holder's read, the push and
    // pop records)
    assign dq_used = (b_v && b_commit && b_prep == BP_FIND && dqs == DQS_DONE) ||
                   (b_v && b_commit && b_prep == BP_HELD && !h_init &&
                    !(dqs == DQS_IDLE && h_idx == dq_tail) && dqs == DQS_DONE && sc_ok) ||
                   (i_emit && (kk_oh[K_YDQ] ||
                               (kk_oh[K_RC] && rc_s != RC_CHK && rc_s != RC_WAKE) ||
                               ((kk_oh[K_PUSH] || kk_oh[K_GRP] || kk_oh[K_CPUSH]) &&
                                !(kk_oh[K_GRP] && !g_sub))));

    // ---- the deque port -----------------------------------------------------------------
    wq_diverge_dq #(.WARPS(WARPS), .DQ_LOG2(DQ_LOG2), .PCW(PCW), .WID_W(WID_W)) u_dq (
        .i_clk(i_clk), .i_reset(i_reset), .i_b_w(i_b_w),
        .i_call(dq_call), .i_used(dq_used), .i_held(b_prep == BP_HELD), .i_find(b_prep == BP_FIND),
        .i_kk(b_kk), .i_h_ent(h_idx[DQ_LOG2-1:0] - 1'b1), .i_rtype(b_rtype), .i_yield(b_yield), .i_next(b_next),
        .i_ipc(b_ipc), .i_yfound(b_yfound), .i_yidx(b_yidx), .i_sel(b_sel), .i_g_m0(g_m0),
        .i_g_t0(g_t0), .i_ptype(b_ptype), .i_pmask(b_pmask), .i_paddr(b_paddr),
        .i_ds_go(i_ds_go), .i_ds_slot(i_ds_slot), .i_ds_log2(i_ds_log2),
        .i_csr_dq_set(i_csr_dq_set), .i_csr_dq_go(i_csr_dq_go), .i_csr_dq_again(i_csr_dq_again),
        .i_csr_dq_op(i_csr_dq_op), .i_csr_dq_index(i_csr_dq_index), .i_csr_dq_data(i_csr_dq_data),
        .i_csr_dq_head(i_csr_dq_head), .i_csr_dq_tail(i_csr_dq_tail),
        .o_ready(dq_ready), .o_rvalid(dq_rvalid), .o_token(dq_token), .o_op(dq_op),
        .o_has_call(dq_has_call), .o_head(dq_whead), .o_tail(dq_wtail), .i_dw(i_dw),
        .o_dw_log2(o_dw_log2),
        .i_vload(i_vload), .i_vwarp(i_vwarp), .o_v_warp(o_v_warp), .o_v_head(dq_head),
        .o_v_tail(dq_tail), .o_v_cnt(dq_cnt), .o_v_log2(dq_log2),
        .o_dqs(dqs), .o_r_token(dqr_token), .o_r_found(dqr_found), .o_r_empty(dqr_empty),
        .o_r_head(dqr_head), .o_r_tail(dqr_tail), .o_r_index(dqr_index));

    // ---- the walk: the prologue, the groups, CALL's link, RET's holders, reconvergence ----
    // RC_CHK without a record; with a segment or loop form, once its
    // registered terms are current (ck_e).  It reads the terms at b_kk
    // K_RC in RC_CHK, where ck_e is ck alone (b_kk at K_RC is b_kq's,
    // outside a trap: asserted), so it takes wq_diverge_subv's registers
    // ANDed with ck (rk_*), as the walk does, not behind ck_e's select of
    // b_kq; so do the step to RC_POP and the scan's restart it makes.
    wire        rk_svlp    = ck && (rq_sv || rq_lp);
    wire        rk_rec     = ck && rq_rec;
    wire        bp_none = !b_prep[2], rc_chk = !rc_s[1];   // (codes' top bits: wq_core_wb.vh; asserted)
    (* keep *) wire rcn_a;
    assign rcn_a   = b_v && b_commit && bp_none && rc_chk;
    (* keep *) wire rcn_b;
    assign rcn_b   = (sc_ok || !rk_svlp) && !rk_rec && !((sv_on || lp_on) && !ck);
    (* keep *) wire rcn_pre;
    assign rcn_pre = rcn_a && rcn_b;
    // (p_stale is b_snd_go && ps_r, SUBV_END's wait: b_snd_go last)
    (* keep *) wire ps_r;
    assign ps_r = b_k == K_TS2 && !p_fresh;
    assign rc_chk_none = rcn_pre && kk_oh[K_RC] && !(b_snd_go && ps_r);
    wire [2:0] x_prep = (!i_x_commit || i_x_trap != `WQ_TRAP_NONE || i_x_skip) ? BP_NONE :
                      (i_x_op == `WQ_OP_SYNC || i_x_op == `WQ_OP_BRK || i_x_op == `WQ_OP_CONT ||
                       i_x_op == `WQ_OP_YIELD) ? BP_FIND :
                      (i_x_op == `WQ_OP_RET) ? BP_HELD :
                      (i_x_op == `WQ_OP_BRX || i_x_op == `WQ_OP_JMX) ? BP_COUNT :
                      (i_x_op == `WQ_OP_SSY || i_x_op == `WQ_OP_PBRK || i_x_op == `WQ_OP_PCONT ||
                       i_x_op == `WQ_OP_BRA || i_x_op == `WQ_OP_JMP || i_x_op == `WQ_OP_CALL ||
                       i_x_op == `WQ_OP_BAR || i_x_op == `WQ_OP_SUBV_START || i_x_op == `WQ_OP_SUBV_END ||
                       i_x_op == `WQ_OP_SUBV_LOOP_BEGIN || i_x_op == `WQ_OP_SUBV_LOOP_END ||
                       i_x_op == `WQ_OP_SUBV_AUTO) ? BP_CHECK :
                      BP_NONE;
    always @(posedge i_clk) begin
        if (i_wb_in) begin
            b_fin <= 1'b0;
            b_tm <= 32'd0;
            rc_s <= RC_CHK;
            // a control instruction's prologue (b_prep: below, WB's hold last)
            b_pro <= x_prep != BP_NONE;
            r_held <= 32'd0;
            h_init <= 1'b1;
            g_cnt0 <= 1'b1;
            g_cnt1 <= 1'b0;
        end
        // (the check is done: the pop; rc_early with the port idle is a
        // call of dq_call's, without the records' decodes)
        if (rc_early && dqs == DQS_IDLE) rc_s <= RC_POP;
        // the prologue: the region token's mask, then the deque-room check
        if (b_v && b_commit && b_prep == BP_FIND && b_yield && y_fv && !y_fire)
            b_prep <= BP_NONE;          // YIELD does not yield this time: no deque call
        if (b_v && b_commit && b_prep == BP_FIND && dqs == DQS_DONE) begin
            b_tm <= dqr_found ? dqr_mask : 32'd0;
            b_yfound <= dqr_found;
            b_yidx <= dqr_index;
            b_prep <= BP_CHECK;
        end
        // RET: the CALL token holders, from the front down (no CALL token
        // in the deque: none)
        if (b_v && b_commit && b_prep == BP_HELD) begin
            if (h_init) begin
                h_init <= 1'b0;
                h_idx <= dq_head;
                if (!dq_has_call) b_prep <= BP_COUNT;
            end else if (dqs == DQS_IDLE && h_idx == dq_tail) begin
                b_prep <= BP_COUNT;
            end else if (dqs == DQS_DONE && sc_ok) begin
                if (dqr_type == `WQ_TOK_CALL)
                    r_held <= r_held | (b_sel & dqr_mask & ae_h);
                h_idx <= h_idx - 1'b1;
            end
        end
        // BRX / JMX / RET: count the groups, one a cycle
        if (b_v && b_commit && b_prep == BP_COUNT) begin
            if (g_cnt0) begin
                g_cnt0 <= 1'b0;
                g_cnt1 <= 1'b1;
                g_fo <= low1(g_fs);
            end else if (g_cnt1) begin
                g_cnt1 <= 1'b0;
                g_ng <= 6'd0;
                g_ft <= (g_fo != 32'd0) ? t_x : b_next;     // (t_xo is g_fo)
                g_fm <= 32'd0;
            end else if (g_any) begin
                if (g_ok) begin                         // (the group's compares are in)
                    g_ng <= g_ng + 6'd1;
                    if (g_first0) g_fm <= g_m0;         // the first path's group
                end
            end else
                b_prep <= BP_CHECK;
        end
        if (w_load) begin               // (BP_CHECK)
            b_prep <= BP_NONE;          // (wq_core takes the check's trap, b_ptrap)
            // the record walks start (the link's and the holders': u_lw, u_hw)
            g_sub <= 1'b0;
        end
        // RC_CHK without a record and nothing to end: on to the pop
        if (rc_chk_none && !rk_svlp) rc_s <= RC_POP;
        // the records' steps (K_LINK's and K_HELD's: u_lw, u_hw)
        if (i_emit) begin
            if (kk_oh[K_GRP]) g_sub <= !g_sub;     // THREAD_STATE, then the push
            if (kk_oh[K_RC] && rc_s != RC_CHK && rc_s != RC_WAKE) begin
                // no thread woken: the checks, then pop again
                if (!dqr_empty) rc_s <= (rc_wake != 32'd0) ? RC_WAKE : RC_CHK;
                else if (i_rel_end) b_fin <= 1'b1;
            end
        end
        // WB's take, its hold last: no write above meets it (each reads b_prep != BP_NONE: no take)
        if (!i_b_busy && i_wb_ldn) b_prep <= x_prep;
        if (i_reset) begin
            b_prep <= BP_NONE;
            b_pro <= 1'b0;
        end
    end

    // The walk's threads left: the active ones at BP_COUNT's second cycle
    // and at BP_CHECK; a group's leave with it (the count, the first path's
    // skip, a push).  (No g_rem != 0 in the enable: with none left a step
    // changes nothing.)  Whether any is left, g_any, is a flip-flop
    // written with it: the walk's hold (K_GRP's end) and the count read a
    // register rather than a 32-bit zero test -- three LUT levels in front
    // of WB's hold and take on the board.  Both reset, so the FORMAL
    // section's g_any == (g_rem != 0) holds from reset.
    wire g_rld  = (b_v && b_commit && b_prep == BP_COUNT && !g_cnt0 && g_cnt1) || w_load;
    wire g_step = (b_v && b_commit && b_prep == BP_COUNT && !g_cnt0 && !g_cnt1 && g_ok) ||
                  (b_v && b_commit && b_prep == BP_NONE && kk_oh[K_GRP] && !g_sub && g_first0 && g_ok) ||
                  (i_emit && kk_oh[K_GRP] && g_sub);
    wire [31:0] g_rem_s = g_rem & ~g_m0;        // (a step's threads left)
    always @(posedge i_clk)
        if (i_reset) begin
            g_rem <= 32'd0;
            g_any <= 1'b0;
        end else if (g_rld) begin
            g_rem <= g_act;
            g_any <= g_act != 32'd0;
        end else if (g_step) begin
            g_rem <= g_rem_s;
            g_any <= g_rem_s != 32'd0;
        end

    // ---- the part scan --------------------------------------------------------------------
    // The threads' wait addresses are compared a part (LANES threads) a
    // cycle, PARTS cycles in all, and so are the targets against a read
    // token's address (RET's holders): the row of 32 addresses goes through
    // one PARTS-way select into LANES compares of each kind instead of
    // fanning out into 32.  The scan starts over whenever its inputs may
    // change -- an instruction enters WB, a THREAD_STATE record writes
    // the row, a deque answer comes in, EX writes targets, a record moves
    // the warp's segment or loop form, a warp starts -- and sc_ok says it
    // has covered every part since.  Reconvergence's records, SUBV_END's
    // after its THREAD_STATE and RET's holder step wait for it (b_hold,
    // BP_HELD); the records are those of the compares over all 32 threads
    // at once (the FORMAL section asserts the equality where they are used).
    assign tg_on = i_x_v && !i_x_commit &&
                   (i_x_op == `WQ_OP_BRX || i_x_op == `WQ_OP_JMX || i_x_op == `WQ_OP_RET);
    assign tg_we = tg_on && i_x_take;
    // (EXIT's THREAD_STATE does not restart it: its threads are exited,
    // which the wake leaves out, and wait as EXIT, which the segment's
    // and loop form's masks leave out; a RETIRE restarts it when it
    // moves the warp's segment or loop form, a reconvergence check when
    // it ends one without a record -- one with a record ends the commit)
    // The walk's group changes (g_inv) when an instruction enters WB, EX
    // writes targets, the walk's target select reads another thread
    // (BP_COUNT's second cycle) or the walk moves on (g_rem
    // changes: BP_COUNT's steps, the records' start at BP_CHECK, K_GRP's
    // skip of the first path and its push).
    // g_t0 follows a cycle later: the walk's changes restart the scan
    // again then (g_inv_d; an instruction entering WB needs none, the walk
    // changes g_t0 before it reads the group).
    // (EX's target write comes with WB's take, i_x_take being i_wb_in:
    // asserted; WB's take and an emission enter g_inv last)
    (* keep *) wire g_inv_r;            // (the registers' terms: g_skip's decode last)
    assign g_inv_r = g_ftrd || (b_v && b_commit && b_prep == BP_COUNT && g_any && g_ok) ||
                     (b_v && b_commit && b_prep == BP_CHECK && b_mt);
    (* keep *) wire g_inv_o;
    assign g_inv_o = g_inv_r || g_skip;
    wire g_invw = tg_we || g_inv_o || (i_emit && kk_oh[K_GRP] && g_sub);
    wire g_inv  = i_wb_in || (i_emit && kk_oh[K_GRP] && g_sub) || g_inv_o;
    // The reconvergence check's registered terms are current (ck, for
    // wq_diverge_subv's rq_*): the cycle before was this commit's RC_CHK
    // with the part scan complete, and nothing the terms read changed in
    // it -- no restart of the scan (a deque answer, EX's targets, the
    // walk's group, a warp start; an instruction entering WB and the
    // records that move the warp's state are not at K_RC) and the check
    // did not act (ck_e: it is taken once).  ck_e holds it to RC_CHK at
    // K_RC, where the terms are read (an instruction entering WB starts
    // at its first record, never K_RC).  With a segment or a loop form
    // the check waits for it (rc_chk_none; its record, rc_chk_rec, is
    // the registered one): a cycle more than the scan's own wait.
    (* keep *) wire ck_r;                // (the registers' terms: the walk's kq_rc last)
    assign ck_r = ck && rc_s == RC_CHK;
    assign ck_e = ck_r && kq_rc && !b_is_trap;
    (* keep *) wire ck_pre;
    assign ck_pre = !i_reset && b_v && b_commit && b_prep == BP_NONE && rc_s == RC_CHK && sc_ok &&
                    !p_stale && !ck_e && !i_ds_go && !g_inv_d;
    (* keep *) wire ck_pk;
    assign ck_pk = ck_pre && kk_oh[K_RC] && !g_invw;
    always @(posedge i_clk)
        ck <= ck_pk && !(dqs_w && dq_rvalid);
    reg  g_inv_d;
    always @(posedge i_clk)
        g_inv_d <= g_invw && !i_reset;
    // (WB's take and a record's emission, behind the walk's last record
    // and hold, enter last: the terms kept apart)
    (* keep *) wire sc_inv_e;
    assign sc_inv_e = (kk_oh[K_TS1] && !b_exit) || kk_oh[K_TS2] || kk_oh[K_GRP] || kk_oh[K_HELD] ||
                      (kk_oh[K_RET] && (b_sst_go || b_snd_go || b_slb_go || b_sle_go));
    // (and the deque's answer, dq_rvalid, beside WB's take at the second level)
    (* keep *) wire sc_inv_r;
    assign sc_inv_r = g_inv_o || (rc_chk_none && rk_svlp) || i_ds_go || g_inv_d;
    (* keep *) wire sc_inv_o;
    assign sc_inv_o = (dqs_w && dq_rvalid) || sc_inv_r || i_wb_in;
    wire sc_inv = (i_emit && sc_inv_e) || sc_inv_o;
    // (the scan itself: wq_diverge_scan, over the targets' row t_tgt_row)
    wq_diverge_scan #(.LANES(LANES), .PCW(PCW)) u_scan (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_wt(t_wt), .i_tgt(t_tgt_row), .i_one(lp_one),
        .i_start(sv_start), .i_end_at(sv_end_at), .i_dq_addr(dqr_addr), .i_g_t0(g_t0),
        .i_inv(sc_inv || i_reset), .i_g_inv(g_inv), .i_g_inv_d(g_inv_d),
        .o_ok(sc_ok), .o_start(ae_start), .o_end(ae_end), .o_dq(ae_dq), .o_h(ae_h),
        .o_g(ae_g), .o_g_ok(g_ok), .o_lpat(sc_lpat));

`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, job core;
    // asserts and covers only).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (f_past) assert(i_wb_in == (i_wb_ldn && !i_b_busy));   // (b_prep's take)
    always @(*) if (f_past && !i_reset) assert(bp_none == (b_prep == BP_NONE) && (!b_v || rc_chk == (rc_s == RC_CHK)));
    wire [31:0] b_act_new  = b_subv ? sv_nact : b_act_nsv;
    // (WB's deque call: its command stays on the port until taken, and the
    // step that asked uses it only once its answer is in: wq_diverge_dq's)
    // The part scan: where its results are read, they are the compares
    // over all 32 threads at once.
    reg  [31:0]    f_start, f_end, f_dq, f_h;
    reg  [PCW-1:0] f_lpat;
    integer fl;
    always @(*) begin
        f_lpat = {PCW{1'b0}};
        for (fl = 0; fl < 32; fl = fl + 1) begin
            f_start[fl] = t_wt[fl*PCW +: PCW] == sv_start;
            f_end[fl] = t_wt[fl*PCW +: PCW] == sv_end_at;
            f_dq[fl] = t_wt[fl*PCW +: PCW] == dqr_addr;
            f_h[fl] = t_tgt_row[fl*PCW +: PCW] == dqr_addr;
            if (lp_one[fl]) f_lpat = f_lpat | t_wt[fl*PCW +: PCW];
        end
    end
    always @(*)
        if (f_past && !i_reset && b_v && b_commit && sc_ok) begin
            // (the bits the masks use: not those of exited threads, whose
            // EXIT record does not restart the scan)
            if (b_prep == BP_NONE && ((b_kk == K_RC && rc_s == RC_CHK && sc_rc) ||
                                      (b_snd_go && b_k > K_TS1))) begin
                assert((ae_start & pk_any) == (f_start & pk_any));
                assert((ae_end & pk_any) == (f_end & pk_any));
                if (b_kk == K_RC && lp_back_rc != 32'd0) assert(sc_lpat == f_lpat);
            end
            if (b_prep == BP_NONE && b_kk == K_RC &&
                (rc_s == RC_WAKE || (rc_s == RC_POP && dqs == DQS_DONE && !dqr_empty)))
                assert((ae_dq & ~b_exit_new) == (f_dq & ~b_exit_new));
            if (b_prep == BP_HELD && dqs == DQS_DONE) assert(ae_h == f_h);
        end
    // the walk's "any thread left" is g_rem's zero test, from reset on
    always @(*)
        if (f_past && !i_reset) assert(g_any == (g_rem != 32'd0));
    // YIELD's registered decision is the policy's on the warp's present
    // state wherever the walk reads it (from its second cycle in WB)
    always @(*)
        if (f_past && !i_reset && b_v && b_commit && b_yield && y_fv)
            assert(y_fire == y_fire_c);
    // The first path kept by BP_COUNT (g_ft, g_fm): once the walk has
    // counted the groups, the lowest selected thread's target and the
    // compares of every active thread's path against it.
    reg  [PCW-1:0] f_ft;
    reg  [31:0]    f_fm;
    always @(*) begin
        f_ft = (g_fs != 32'd0) ? t_tgt_row[ctz(g_fs)*PCW +: PCW] : b_next;
        for (fl = 0; fl < 32; fl = fl + 1)
            f_fm[fl] = g_act[fl] && ((g_sel[fl] ? t_tgt_row[fl*PCW +: PCW] : b_next) == f_ft);
    end
    // The walk's group from the part scan's target compares, once g_ok
    // says they are in: every remaining thread whose path is g_t0.
    reg  [31:0]    f_m0;
    always @(*)
        for (fl = 0; fl < 32; fl = fl + 1)
            f_m0[fl] = g_rem[fl] && ((g_sel[fl] ? t_tgt_row[fl*PCW +: PCW] : b_next) == g_t0c);
    always @(*)
        if (f_past && !i_reset && b_v && b_commit && g_ok && !g_ftrd &&
            (b_prep == BP_COUNT || (b_prep == BP_NONE && b_kk == K_GRP)))
        begin
            assert(g_t0 == g_t0c);
            assert(g_n_t0 == (b_next == g_t0));
            assert(g_first0 == (g_t0 == g_ft));
            assert(g_m0 == f_m0);
        end
    always @(*)
        if (f_past && !i_reset && b_v && b_commit && b_mt && !b_is_trap &&
            (b_prep == BP_CHECK || (b_prep == BP_NONE && b_kk >= K_GRP))) begin
            assert(g_ft == f_ft);
            assert(g_fm == f_fm);
        end
    // The outcome's fields kept by the prologue (or WB's for an
    // instruction without one): their definitions wherever the walk reads
    // them before RETIRE (SUBV_END after its THREAD_STATE once p_fresh).
    always @(*)
        if (f_past && !i_reset && b_v && b_commit) begin
            if (b_prep == BP_NONE && !b_is_trap && b_k <= K_RET &&
                !(b_snd_go && b_k > K_TS1 && !(p_snd && p_fresh))) begin
                assert(f_npc == b_npc);
                assert(f_act == b_act_new);
                if (b_kk == K_TS1) begin
                    assert(o_rec_mask == ts1_m);
                    assert(o_rec_aux[`WQ_TF_TYPE_W-1:0] == ts1_r);
                    assert(o_rec_a[PCW-1:0] == ts1_a);
                end
                if (b_kk == K_TS2 || b_kk == K_PUSH) assert(k_fallm == b_fallm);
            end
        end
    // The warp's end, as the mask after the instruction gives it (the
    // check's trap: wq_diverge_room's FORMAL section).
    always @(*)
        if (f_past && !i_reset) begin
            // (b_kk at K_RC is the walk's registered record, outside a
            // trap: where rc_chk_none and the walk read the check, ck_e
            // is ck, so both take the registers ANDed with ck)
            if (b_kk == K_RC) assert(kq_rc && !b_is_trap);
            if (!b_snd_go || p_sq) assert(b_ends_x == (b_act_new == 32'd0));
            if (tg_we) assert(i_wb_in);     // (g_inv's terms)
            assert(p_stale == (b_snd_go && ps_r));  // (SUBV_END's wait)
            // (the walk's pick: two groups have a push and MASK_PC)
            if (b_two) assert(b_recs_x[K_PUSH] && b_recs_x[K_MASK]);
        end
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            // a part scan completes
            c_dv_scan: cover(sc_ok && $past(!sc_ok));
        end
`endif
endmodule
