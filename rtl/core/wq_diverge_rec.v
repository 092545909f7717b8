// wq_diverge_rec.v -- the divergence records' fields
// (docs/rtl/wq_diverge_rec.md; docs/rtl/wq_diverge.md, "Record walk"):
// for the record of this cycle of WB's record walk (b_kk: DQ_MERGE /
// DQ_PUSH_BACK, THREAD_STATE, DQ_PUSH_FRONT, MASK_PC, DQ_POP, WARP_DONE,
// the orphaned TRAP) its kind, PC, aux, mask, a and b (o_rec_*), which
// wq_commit emits with WB's warp as the unit; and the outcome's fields
// an instruction with a prologue keeps in registers (k_*): the PC and
// threads after the instruction (o_f_npc, o_f_act), the parked threads'
// THREAD_STATE, the fall-through group (o_k_fallm).
//
// wq_diverge decides the outcome (b_npc, b_act_new, ts1_*, b_fallm) and
// the steps' state (the deque call's kept answer, the group walk, RET's
// holders, reconvergence); this unit only selects and keeps.  Its fields
// are checked by wq_diverge's asserts where the walk reads them: they
// need the walk's context, which this unit does not see.
`default_nettype none
`include "wq_defs.vh"

module wq_diverge_rec #(
    parameter DQ_LOG2 = 6,
    parameter PCW     = `WQ_TF_ADDR_W
) (
    input  wire                     i_clk,
    // the prologue's step and SUBV_END's wait (wq_diverge_walk's p_snd):
    // the cycles the outcome's fields are kept
    input  wire [2:0]               i_b_prep,
    input  wire                     i_p_snd,
    // the outcome: PC and threads after the instruction, the parked
    // threads' THREAD_STATE (mask, reason, address), the fall-through group
    input  wire [PCW-1:0]           i_b_npc,
    input  wire [31:0]              i_b_act_nsv,    // (... but a SUBV_*'s: i_sv_nact,
    input  wire                     i_b_subv,       //  kept apart, i_b_subv selects)
    input  wire [31:0]              i_sv_nact,
    input  wire [31:0]              i_ts1_m,
    input  wire [`WQ_TF_TYPE_W-1:0] i_ts1_r,
    input  wire [PCW-1:0]           i_ts1_a,
    input  wire [31:0]              i_b_fallm,
    // WB's instruction: it had a prologue, EXIT, its threads, PC, PC+1
    input  wire                     i_b_pro,
    input  wire                     i_b_exit,
    input  wire [31:0]              i_act,
    input  wire [31:0]              i_b_sel,
    input  wire [PCW-1:0]           i_b_pc,
    input  wire [PCW-1:0]           i_b_next,
    // the record walk's record this cycle (wq_core_wb.vh's K_*)
    input  wire [3:0]               i_b_kk,
    // YIELD's FIND (found, at this index); the deque call's kept answer
    input  wire                     i_b_yfound,
    input  wire [DQ_LOG2-1:0]       i_b_yidx,
    input  wire [63:0]              i_dqr_token,
    input  wire [DQ_LOG2:0]         i_dqr_head,
    input  wire [DQ_LOG2:0]         i_dqr_tail,
    input  wire                     i_dqr_empty,
    // RET's next holder and its link (its target); the group walk's step,
    // group and target; the one push's mask
    input  wire [31:0]              i_h_oh,
    input  wire [PCW-1:0]           i_t_h,
    input  wire                     i_g_sub,
    input  wire [31:0]              i_g_m0,
    input  wire [PCW-1:0]           i_g_t0,
    input  wire [31:0]              i_b_pmask,
    // reconvergence: its step, the check's PC and threads, the pop's
    // woken threads, orphaned threads at the warp's end
    input  wire [1:0]               i_rc_s,
    input  wire [PCW-1:0]           i_rc_c_pc,
    input  wire [31:0]              i_rc_c_act,
    input  wire [31:0]              i_rc_wake,
    input  wire                     i_b_orphan,
    // the kept fall-through group (the push's mask); PC and threads after
    // the instruction (the prologue's kept, or WB's)
    output wire [31:0]              o_k_fallm,
    output wire [PCW-1:0]           o_f_npc,
    output wire [31:0]              o_f_act,
    // the divergence record of i_b_kk (unit: WB's warp)
    output reg  [7:0]               o_rec_kind,
    output reg  [31:0]              o_rec_pc,
    output reg  [15:0]              o_rec_aux,
    output reg  [31:0]              o_rec_mask,
    output reg  [31:0]              o_rec_a,
    output reg  [63:0]              o_rec_b
);
    localparam DW    = DQ_LOG2 + 1;
`include "wq_core_wb.vh"
    wire [2:0]               b_prep    = i_b_prep;
    wire                     p_snd     = i_p_snd;
    wire [PCW-1:0]           b_npc     = i_b_npc;
    wire [31:0]              b_act_nsv = i_b_act_nsv;
    wire                     b_subv    = i_b_subv;
    wire [31:0]              sv_nact   = i_sv_nact;
    wire [31:0]              ts1_m     = i_ts1_m;
    wire [`WQ_TF_TYPE_W-1:0] ts1_r     = i_ts1_r;
    wire [PCW-1:0]           ts1_a     = i_ts1_a;
    wire [31:0]              b_fallm   = i_b_fallm;
    wire                     b_pro     = i_b_pro;
    wire                     b_exit    = i_b_exit;
    wire [31:0]              b_act     = i_act;
    wire [31:0]              b_sel     = i_b_sel;
    wire [PCW-1:0]           b_pc      = i_b_pc;
    wire [PCW-1:0]           b_next    = i_b_next;
    wire [3:0]               b_kk      = i_b_kk;
    wire                     b_yfound  = i_b_yfound;
    wire [DQ_LOG2-1:0]       b_yidx    = i_b_yidx;
    wire [63:0]              dqr_token = i_dqr_token;
    wire [DW-1:0]            dqr_head  = i_dqr_head;
    wire [DW-1:0]            dqr_tail  = i_dqr_tail;
    wire                     dqr_empty = i_dqr_empty;
    wire [PCW-1:0]           dqr_addr  = dqr_token[`WQ_TF_ADDR_RANGE];
    wire [31:0]              h_oh      = i_h_oh;
    wire [PCW-1:0]           t_h       = i_t_h;
    wire                     g_sub     = i_g_sub;
    wire [31:0]              g_m0      = i_g_m0;
    wire [PCW-1:0]           g_t0      = i_g_t0;
    wire [31:0]              b_pmask   = i_b_pmask;
    wire [1:0]               rc_s      = i_rc_s;
    wire [PCW-1:0]           rc_c_pc   = i_rc_c_pc;
    wire [31:0]              rc_c_act  = i_rc_c_act;
    wire [31:0]              rc_wake   = i_rc_wake;
    wire                     b_orphan  = i_b_orphan;

    // ---- the divergence records ------------------------------------------------------
    // The outcome's fields the records and the commit read -- the PC and
    // threads after the instruction (b_npc, b_act_new), the parked
    // threads' THREAD_STATE (mask, reason, address), the fall-through
    // group (b_fallm) -- are many LUT levels from WB's opcode, PC and
    // masks (the target's compare with PC+1, the groups' tests, YIELD's
    // decision, the sub-vector unit's).  An instruction with a prologue
    // takes them from registers written with p_recs (each prologue cycle
    // and SUBV_END's wait: the last sees the prologue's results); one
    // without (EXIT, any other, a trapped one) has them from WB's
    // registers: PC+1, the active threads less EXIT's, EXIT's own
    // THREAD_STATE.  wq_diverge's FORMAL section asserts them equal to
    // their definitions wherever the walk reads them before RETIRE.
    reg  [PCW-1:0]           k_npc, k_tsa;
    // (the threads after the instruction in two registers: a SUBV_*'s,
    // the sub-vector unit's, in k_sact, any other's in k_act, selected by
    // WB's opcode kinds behind them -- WB's instruction, and so b_subv,
    // stays until RETIRE -- rather than the parked threads' search in
    // front of b_act_new's select and the register: 10 LUT levels)
    reg  [31:0]              k_act, k_sact, k_tsm;
    reg  [`WQ_TF_TYPE_W-1:0] k_tsr;
    reg  [31:0]              k_fallm;
    always @(posedge i_clk)
        if (b_prep != BP_NONE || p_snd) begin
            k_npc <= b_npc;
            k_act <= b_act_nsv;
            k_sact <= sv_nact;
            k_fallm <= b_fallm;
            k_tsm <= ts1_m;
            k_tsr <= ts1_r;
            k_tsa <= ts1_a;
        end
    wire [PCW-1:0] f_npc   = b_pro ? k_npc : b_next;
    wire [31:0]    f_act   = b_pro ? (b_subv ? k_sact : k_act) : b_exit ? (b_act & ~b_sel) : b_act;
    // (the record of b_kk with the unit WB's warp; wq_core emits it)
    always @(*) begin : rec
        reg [31:0]              m;
        reg [`WQ_TF_TYPE_W-1:0] r;
        reg [PCW-1:0]           wa;
        o_rec_kind = `WQ_EV_MASK_PC;
        o_rec_pc = {{(32-PCW){1'b0}}, b_pc};
        o_rec_aux = 16'd0;
        o_rec_mask = 32'd0;
        o_rec_a = 32'd0;
        o_rec_b = 64'd0;
        m = 32'd0; r = `WQ_TOK_DIV; wa = b_next;
        case (b_kk)
        K_YDQ: begin                        // YIELD's token: DQ_MERGE / DQ_PUSH_BACK
            o_rec_kind = b_yfound ? `WQ_EV_DQ_MERGE : `WQ_EV_DQ_PUSH_BACK;
            o_rec_mask = b_sel;
            o_rec_a = b_yfound ? {{(32-DQ_LOG2){1'b0}}, b_yidx} :
                                 {{(32-DW){1'b0}}, dqr_tail - 1'b1};
            o_rec_b = dqr_token;
        end
        K_HELD: begin                       // RET: a holder waits for its CALL token
            o_rec_kind = `WQ_EV_THREAD_STATE;
            o_rec_aux = {12'd0, `WQ_TOK_CALL};
            o_rec_mask = h_oh;
            o_rec_a = {{(32-PCW){1'b0}}, t_h};
        end
        K_TS1: begin                        // wq_disable: EXIT, YIELD, or the parked threads
            m  = b_pro ? k_tsm : b_sel;     // (without a prologue: EXIT)
            r  = b_pro ? k_tsr : `WQ_TOK_EXIT;
            wa = b_pro ? k_tsa : b_pc;
            o_rec_kind = `WQ_EV_THREAD_STATE;
            o_rec_aux = {12'd0, r};
            o_rec_mask = m;
            o_rec_a = {{(32-PCW){1'b0}}, wa};
        end
        K_TS2, K_PUSH, K_GRP, K_CPUSH:
            if (b_kk == K_TS2 || (b_kk == K_GRP && !g_sub)) begin
                // wq_disable as DIV: the fall-through group, or a group
                // of BRX / JMX / RET that does not go first
                m  = (b_kk == K_GRP) ? g_m0 : k_fallm;
                wa = (b_kk == K_GRP) ? g_t0 : b_next;
                o_rec_kind = `WQ_EV_THREAD_STATE;
                o_rec_aux = {12'd0, `WQ_TOK_DIV};
                o_rec_mask = m;
                o_rec_a = {{(32-PCW){1'b0}}, wa};
            end else begin
                // wq_push_front: the token the deque made (the region's
                // or a DIV token, a group's DIV token, CALL's token)
                o_rec_kind = `WQ_EV_DQ_PUSH_FRONT;
                o_rec_mask = (b_kk == K_PUSH) ? b_pmask : (b_kk == K_GRP) ? g_m0 : b_sel;
                o_rec_a = {{(32-DW){1'b0}}, dqr_head};
                o_rec_b = dqr_token;
            end
        K_MASK: begin                       // wq_set_pc_mask
            o_rec_kind = `WQ_EV_MASK_PC;
            o_rec_mask = f_act;
            o_rec_a = {{(32-PCW){1'b0}}, f_npc};
        end
        K_RC: begin                         // reconverge
            o_rec_pc = {{(32-PCW){1'b0}}, f_npc};
            if (rc_s == RC_CHK) begin
                // a segment's next part, the threads at its end, or a
                // loop form's parked half
                o_rec_kind = `WQ_EV_MASK_PC;
                o_rec_mask = rc_c_act;
                o_rec_a = {{(32-PCW){1'b0}}, rc_c_pc};
            end else if (rc_s == RC_WAKE) begin
                o_rec_kind = `WQ_EV_MASK_PC;
                o_rec_mask = rc_wake;
                o_rec_a = {{(32-PCW){1'b0}}, dqr_addr};
            end else if (!dqr_empty) begin
                o_rec_kind = `WQ_EV_DQ_POP;
                o_rec_mask = rc_wake;
                o_rec_a = {{(32-DW){1'b0}}, dqr_head - 1'b1};
                o_rec_b = dqr_token;
            end else if (b_orphan) begin
                o_rec_kind = `WQ_EV_TRAP;
                o_rec_aux = {8'd0, `WQ_TRAP_ORPHANED};
                o_rec_a = {24'd0, `WQ_TRAP_ORPHANED};
            end else
                o_rec_kind = `WQ_EV_WARP_DONE;
        end
        default: ;
        endcase
    end

    assign o_k_fallm = k_fallm;
    assign o_f_npc = f_npc;
    assign o_f_act = f_act;
endmodule
