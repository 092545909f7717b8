// wq_ex_stage.v -- the pipelined core's execute stage EX and its EX -> WB
// register (docs/rtl/wq_ex_stage.md): the beat from the DE/EX skid buffer,
// its operands (wq_opread), the vector ALU (wq_valu), S2R's values, the
// division unit (wq_core_div) and the FP unit (wq_fpu) that take EX's
// division and FP beats, and the beat EX hands to WB.
//
// EX holds one beat (x_v): a part beat or the commit beat of a warp
// instruction, with its operands read as it enters (i_dx_v and EX takes:
// o_x_take).  EX takes a beat when it is empty or its own beat leaves:
// towards WB (o_x_to_wb: an ALU, S2R, SETP, control or commit beat; a
// memory instruction's commit beat), into the LSU (i_ls_take: a memory
// instruction's part beats, its commit beat into the queue), into the
// division unit (dv_take) or into the FP unit (fv_take), one a cycle.  A
// division's or an FP instruction's first beat waits in EX while its unit
// is full (the structural hazard), and so does a beat while the EX/WB
// buffer holds one (u_xb), a completion takes WB's place (i_wb_blk) or
// the LSU holds EX's memory beat (i_ls_busy).
//
// EX -> WB is the stage contract's skid buffer (wq_skid u_xb, OUTREG 0):
// EX's beat leaves when the buffer has room (xb_ready, a flip-flop), so
// WB's hold (i_b_busy: the commit's records, the divergence unit's walk,
// the trap and fetch waits, a completion's freeze) never reaches EX's
// take, the operand read, DE or the fetch in the cycle.  WB takes the
// buffer's beat when it does not keep its own (b_load_x); a beat WB does
// not take in the cycle it leaves EX waits in the buffer.  The beat
// carries everything WB takes from EX: its fields, its row (the ALU's,
// S2R's, an atomic's old values; BRX, JMX and RET part beats: ra, the
// threads' targets, which the divergence unit gathers as the beat enters
// WB) and SETP's compare bits.  MUL and MULHU: the partial products are
// registered as the beat leaves EX and stay until it has entered WB
// (nothing else leaves EX while it waits); WB sums them in its first
// cycle (b_pp) and keeps the product in b_res.  A shift's row is its EX
// half (the amount's low bits), and WB's first cycle finishes it the same
// way (wq_valu o_wb: b_wbu, the kind WQ_OPK_WBU of b_opk).
//
// WB's beat (b_v) is the buffer's beat or the LSU's write-back beat of an
// atomic (i_wb_ls), and SETP's compare bits gather, part by part, in
// setp_acc as its part beats enter WB.  o_b_load: WB loads a beat this
// cycle (either source; wq_core forms its warp for the deque's view from
// its own flags).  WB's own decisions (the commit, its records, the hold)
// are the core's: it keeps its beat while i_b_busy, drops it on a
// code-writing store's completion (i_b_drop), and takes the divergence
// unit's deque-room trap (i_ptrap_go).
//
// The division unit's and the FP unit's commits take the completion path
// between WB's commits, each as the port's owner (i_own_dv, i_own_fv:
// wq_cm_grant, which each asks a cycle ahead, o_dv_req / o_fv_req, and
// keeps while its run goes on, o_dv_keep / o_fv_keep), starting when WB's
// instruction has emitted nothing and no atomic runs (i_cm_start).
// o_xc_*: the completion beat of this cycle (the division's or the FP
// unit's, selected by the owner), which the core muxes with the LSU's.
//
// A squash (i_squash_x: a trap's commit; i_cp_code: a code-writing
// store's) drops EX's beat and the buffer's (both younger than WB's),
// the beat EX takes in its cycle too; neither is a term of EX's take.
`default_nettype none
`include "wq_defs.vh"
`include "wq_opk.vh"

module wq_ex_stage #(
    parameter LANES     = 32,
    parameter DIV_LANES = LANES,
    parameter FP        = 0,
    /* verilator lint_off UNUSEDPARAM */
    parameter FP_LANES  = LANES,                 // (unused where FP = 0)
    /* verilator lint_on UNUSEDPARAM */
    parameter PCW       = `WQ_TF_ADDR_W,
    parameter WID_W     = 3,
    parameter RF_D      = 2048,
    parameter RF_AW     = (RF_D > 1) ? $clog2(RF_D) : 1,
    parameter TR_D      = 32,
    parameter TR_AW     = (TR_D > 1) ? $clog2(TR_D) : 1
) (
    input  wire                 i_clk,
    input  wire                 i_reset,
    input  wire                 i_run,          // the core's pipeline phase
    input  wire                 i_squash_x,     // a trap commits: EX's beat goes
    input  wire                 i_cp_code,      // a code-writing store commits: ... too
    input  wire                 i_wave_subv,
    // ---- the DE/EX skid buffer's beat (EX takes it: o_x_take) ----
    input  wire                 i_dx_v,
    input  wire [WID_W-1:0]     i_dx_w,
    input  wire [PCW-1:0]       i_dx_pc,
    input  wire [63:0]          i_dx_ir,
    input  wire [7:0]           i_dx_op,
    input  wire [4:0]           i_dx_rd,
    input  wire                 i_dx_bi,
    input  wire [31:0]          i_dx_imm,
    input  wire [3:0]           i_dx_fn,
    input  wire [31:0]          i_dx_sel,
    input  wire [31:0]          i_dx_cond,
    input  wire                 i_dx_skip,
    input  wire [7:0]           i_dx_trap,
    input  wire                 i_dx_wrd,
    input  wire                 i_dx_mem,
    input  wire [1:0]           i_dx_msize,
    input  wire                 i_dx_msext,
    input  wire [3:0]           i_dx_amask,
    input  wire [2:0]           i_dx_words,
    input  wire [5:0]           i_dx_p,
    input  wire [1:0]           i_dx_k,
    input  wire                 i_dx_fp,
    input  wire                 i_dx_commit,
    input  wire [RF_AW-1:0]     i_dx_ra,
    input  wire [RF_AW-1:0]     i_dx_rb,
    input  wire [RF_AW-1:0]     i_dx_rr,        // rd's part 0 row, rd + k packed (wq_de_stage)
    input  wire [3:0]           i_dx_rpk,
    input  wire [TR_AW-1:0]     i_dx_tr,
    input  wire                 i_dx_za,
    input  wire                 i_dx_zb,
    output wire                 o_x_take,       // EX accepts a beat
    // ---- the register file's and the thread-id RAM's write ports ----
    input  wire                 i_rf_we,
    input  wire [RF_AW-1:0]     i_rf_waddr,
    input  wire [LANES-1:0]     i_rf_wlane,
    input  wire [LANES*32-1:0]  i_rf_wdata,
    input  wire                 i_tr_we,
    input  wire [TR_AW-1:0]     i_tr_waddr,
    input  wire [LANES-1:0]     i_tr_wlane,
    input  wire [LANES*33-1:0]  i_tr_wdata,
    // ---- S2R: the slot of EX's warp (wq_warp_slots at o_x_w) ----
    input  wire [4:0]           i_sr_wi,
    input  wire [3*11-1:0]      i_sr_ntid,
    input  wire [3*16-1:0]      i_sr_cta,
    input  wire [3*16-1:0]      i_sr_ncta,
    input  wire [3*26-1:0]      i_sr_gb,
    input  wire [31:0]          i_sr_param,
    input  wire [31:0]          i_sr_clock,
    input  wire [31:0]          i_sr_ctaflat,
    input  wire [31:0]          i_sr_local,
    // ---- EX's beat (the LSU, the divergence unit, the slots read it) ----
    output wire                 o_x_v,
    output wire                 o_x_commit,
    output wire [WID_W-1:0]     o_x_w,
    output wire [WID_W-1:0]     o_x_w_nx,     // ... the warp EX holds the next cycle (its slot's fields read a cycle ahead)
    output wire [5:0]           o_x_p,
    output wire [1:0]           o_x_k,
    output wire [PCW-1:0]       o_x_pc,
    output wire [63:0]          o_x_ir,
    output wire [5:0]           o_x_rd,
    output wire [RF_AW-1:0]     o_x_rr,         // ... its part 0 row, rd + k packed
    output wire [3:0]           o_x_rpk,
    output wire [31:0]          o_x_imm,
    output wire [3:0]           o_x_fn,
    output wire [31:0]          o_x_sel,
    output wire                 o_x_ok,         // ... no decode trap, not skipped: it performs
    output wire                 o_x_st,         // ... a store (ST)
    output wire                 o_x_at,         // ... an ATOM
    output wire                 o_x_mem,
    output wire [1:0]           o_x_msize,
    output wire                 o_x_msext,
    output wire [3:0]           o_x_amask,
    output wire [2:0]           o_x_words,
    output wire                 o_x_dv,         // ... is a division's (for the unit)
    output wire [LANES*32-1:0]  o_op_a,         // its operands: ra,
    output wire [LANES*32-1:0]  o_op_rb,        //   rb + k
    output wire                 o_x_to_wb,      // EX's own beat leaves towards WB (into u_xb)
    output reg                  o_x_open,       // EX's instruction has beats past EX, its commit not
    // ---- the EX/WB buffer (u_xb) ----
    output wire                 o_xb_held,      // a beat waits in it,
    output wire [WID_W-1:0]     o_xb_w,         // ... its warp,
    output wire                 o_xb_trap,      // ... it is a trap's commit beat
    output wire                 o_xb_at,        // ... an ATOM's (a flip-flop: valid with o_xb_held)
    // ---- the beat entering WB from the buffer (the divergence unit's) ----
    output wire                 o_wb_in,        // WB takes the buffer's beat this cycle (o_wb_ldn:
    output wire                 o_wb_ldn,       // ... would, were WB not to keep its beat, i_b_busy)
    output wire                 o_wbi_v,        // the buffer offers a beat:
    output wire                 o_wbi_commit,
    output wire [5:0]           o_wbi_p,
    output wire [PCW-1:0]       o_wbi_pc,
    output wire [7:0]           o_wbi_op,
    output wire [7:0]           o_wbi_trap,
    output wire                 o_wbi_skip,
    output wire [LANES*32-1:0]  o_wbi_ra,       // ... its ra (BRX, JMX, RET part beats: their row)
    output wire                 o_b_load,       // WB loads a beat this cycle (the buffer's or i_wb_ls;
    output wire                 o_b_load_n,     // ... o_b_load_n: would, were WB not to keep its beat)
    // ---- the LSU's side of EX ----
    input  wire                 i_ls_take,      // the LSU takes EX's beat
    input  wire                 i_ls_busy,      // ... holds it
    input  wire                 i_ls_bad,       // a memory instruction's address is misaligned
    input  wire                 i_wb_ls,        // the LSU's write-back beat moves into WB
    input  wire                 i_ls_wb,        // ... the LSU offers it (i_wb_ls is i_ls_wb && !i_b_busy)
    input  wire [5:0]           i_ls_p,         // ... its part,
    input  wire [1:0]           i_ls_wk,        // ... its register rd + wk,
    input  wire [LANES*32-1:0]  i_ls_wb_row,    // ... its values
    input  wire                 i_ls_fuse,      // an atomic's write-back is its commit beat's
    input  wire [LANES*32-1:0]  i_ls_row0,      // ... its values
    // ---- WB ----
    input  wire                 i_b_busy,       // WB keeps its beat
    input  wire                 i_wb_blk,       // no beat from EX into WB (a completion waits)
    input  wire                 i_wb_frz,       // a completion has the commit port
    input  wire                 i_ptrap_go,     // the divergence unit's trap becomes WB's
    input  wire [7:0]           i_ptrap,
    input  wire                 i_ptrap_nz,     // i_ptrap is not NONE (the check's verdict),
    input  wire                 i_ptrap_rec,    // ... recoverable
    input  wire                 i_b_drop,       // a code-writing store's commit drops WB's beat
    output wire                 o_b_v,
    output wire                 o_b_commit,
    output wire                 o_b_fp,         // the commit beat's part is not written yet
    output wire [WID_W-1:0]     o_b_w,
    output wire [(1<<WID_W)-1:0] o_b_woh,       // ... one-hot (a register: loaded with o_b_w)
    output wire [5:0]           o_b_p,
    output wire [PCW-1:0]       o_b_pc,
    output wire [PCW-1:0]       o_b_next,       // ... PC+1 (a register: loaded with o_b_pc)
    output wire [63:0]          o_b_ir,
    output wire [7:0]           o_b_op,
    output wire [5:0]           o_b_rd,
    output wire [RF_AW-1:0]     o_b_rrow,       // ... the row its part beat writes (a flip-flop)
    output wire [31:0]          o_b_sel,
    output wire                 o_b_wrd,
    output wire                 o_b_wd,         // i_wave_subv as the instruction entered WB
    output wire [7:0]           o_b_trap,
    output wire                 o_b_is_trap,    // ... not TRAP_NONE (a flip-flop)
    output wire                 o_b_trec,       // ... recoverable (a flip-flop)
    output wire                 o_b_tfall,      // ... its target is PC+1 (a flip-flop)
    output wire [`WQ_OPK_W-1:0]     o_b_opk,        // ... its opcode's kinds (flip-flops, wq_opk.vh)
    output wire [LANES*32-1:0]  o_b_res,        // the values WB writes (MUL's: the sum)
    output wire [PCW-1:0]       o_b_imm,        // the target field
    output wire [31:0]          o_setp_acc,     // SETP's compare bits, by part
    // ---- the division and FP units' commits on the completion path ----
    input  wire                 i_cm_idle,      // nothing else in flight, the hold's end waits
    input  wire                 i_cm_start,     // WB's instruction is not open and no ATOM runs
    input  wire                 i_cm_atom,      // ... an ATOM runs or waits in EX/WB
    input  wire                 i_own_dv,       // the division unit owns the commit port (wq_cm_grant)
    input  wire                 i_own_fv,       // ... the FP unit
    output wire                 o_dv_req,       // the division's commit can start next cycle
    output wire                 o_fv_req,       // ... the FP unit's
    output wire                 o_dv_keep,      // the division's commit runs on next cycle
    output wire                 o_fv_keep,      // ... the FP unit's
    output wire                 o_dv_busy,      // a division is in the division unit,
    output wire                 o_dv_open,      // ... its commit beat not in yet,
    output wire                 o_dv_on,        // ... its commit runs
    output wire [WID_W-1:0]     o_dv_w,         // ... its warp
    output wire                 o_dc_go,        // the division's completion beat this cycle
    output wire                 o_xu_busy,      // the division or the FP unit holds an instruction
    output wire                 o_xc_open,      // ... a commit runs
    output wire                 o_xc_run,       // ... the owner's commit runs (WB holds its beat)
    output wire                 o_xc_rdy,       // ... the owner has a commit ready (WB holds it unless an atomic is between)
    output wire                 o_xc_go,        // a completion beat of either unit this cycle:
    output wire                 o_xc_last,      // ... the commit's last,
    output wire                 o_xc_more,      // ... another instruction in the units
    output wire [WID_W-1:0]     o_xc_w,
    output wire [PCW-1:0]       o_xc_pc,
    output wire [31:0]          o_xc_sel,
    output wire [63:0]          o_xc_ir,
    output wire [5:0]           o_xc_rd,
    output wire [5:0]           o_xc_p,
    output wire [RF_AW-1:0]     o_xc_rrow,      // ... its register's row
    output wire [LANES*32-1:0]  o_xc_row,
    output wire [7:0]           o_xc_op,
    output wire                 o_xc_pw,        // ... FSETP's predicate beat
    output wire                 o_xc_nowr,      // ... writes no register (FSETP)
    output wire                 o_fc_go,        // the FP unit's completion beat, FSETP's
    output wire [WID_W-1:0]     o_fv_w,         //   predicate write: its warp,
    output wire [2:0]           o_fv_rd,        //   predicate register,
    output wire [31:0]          o_fv_sel,       //   threads,
    output wire [31:0]          o_fv_pred       //   compare bits
);
    /* verilator lint_off UNUSEDSIGNAL */
    function [LANES-1:0] x_lanes;       // part p of a thread mask
        input [31:0] m;
        input [5:0]  p;
        reg   [31:0] t;
        begin
            t = m >> (p * LANES);
            x_lanes = t[LANES-1:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */

    // ---- EX's beat ------------------------------------------------------------
    reg              x_v, x_commit;
    reg              x_fp;                      // the commit beat is also the last part beat
    reg [WID_W-1:0]  x_w;
    reg [5:0]        x_p;
    reg [1:0]        x_k;
    reg [PCW-1:0]    x_pc;
    reg [63:0]       x_ir;
    reg [7:0]        x_op;
    reg [5:0]        x_rd;
    reg [RF_AW-1:0]  x_rr;
    reg [3:0]        x_rpk;
    reg              x_bi;
    reg [31:0]       x_imm;
    reg [3:0]        x_fn;
    reg [31:0]       x_sel, x_cond;
    reg              x_skip, x_wrd, x_mem;
    // EX's beat performs (no decode trap, not skipped): decoded as the beat
    // enters EX, so the units' starts (the division's, the FP unit's, the
    // LSU's push) begin at a flip-flop, not at an 8-bit compare
    reg              x_ok;
    reg              x_dvk, x_fpk;              // ... and is a division, an FP instruction (x_ok too)
    // (and the LSU's kinds of its opcode: a store, an ATOM)
    reg              x_st, x_at;
    reg [7:0]        x_trap;
    reg [1:0]        x_msize;
    reg              x_msext;
    reg [3:0]        x_amask;
    reg [2:0]        x_words;
    // ---- WB's beat -------------------------------------------------------------
    reg              b_v, b_commit;
    reg              b_fp;                      // ... its part not written yet
    reg [WID_W-1:0]  b_w;
    reg [(1<<WID_W)-1:0] b_woh;                 // b_w one-hot, loaded with it (the slots' selects by WB's warp)
    function [(1<<WID_W)-1:0] w_oh;             // a warp number one-hot
        input [WID_W-1:0] w;
        w_oh = {{((1<<WID_W)-1){1'b0}}, 1'b1} << w;
    endfunction
    reg [5:0]        b_p;
    reg [PCW-1:0]    b_pc;
    reg [PCW-1:0]    b_next;                    // b_pc + 1, loaded with it (PC+1's adder off WB's paths)
    reg [63:0]       b_ir;
    reg [7:0]        b_op;
    reg [5:0]        b_rd;
    // the row WB's part beat writes and its zero flag's (wq_commit), with
    // the beat from DE's destination row (wq_kp_row.vh), not rf_rowp's sums
    // over WB's warp state (the core's FORMAL section asserts they agree)
    reg [RF_AW-1:0]  b_rrow;
    localparam       PARTS = 32 / LANES;
`include "wq_kp_row.vh"
    reg [31:0]       b_sel;
    reg              b_wrd;
    reg              b_wd;
    reg [7:0]        b_trap;
`include "wq_trap_recov.vh"
    reg              b_istrap, b_itrec;         // b_trap != NONE, recoverable: registered with it
    // a branch's target is its fall-through, PC+1 (BRA: its offset is 0),
    // registered with the beat's PC and target field (wq_diverge's group
    // walk and push read a flip-flop, not an adder and a compare)
    reg              b_tfall;
    reg  [`WQ_OPK_W-1:0] b_opk;                     // opk of the beat's opcode and skip flag, loaded beside b_op
`include "wq_opk_fn.vh"
    function tfall;
        input [`WQ_OP_W-1:0] op;
        input [PCW-1:0]      pc, imm;
        tfall = (op == `WQ_OP_BRA) ? (imm == {PCW{1'b0}}) : (imm == pc + {{(PCW-1){1'b0}}, 1'b1});
    endfunction
    reg [LANES*32-1:0] b_res;
    reg [PCW-1:0]    b_imm;
    reg [31:0]       setp_acc;
    reg [LANES-1:0]  b_cmp;                     // WB's beat's compare bits (a SETP part's)
    reg              b_pp;                      // the partial products are WB's beat's (its first cycle)

    // ---- the stage's moves -------------------------------------------------------
    wire x_busy;                        // EX keeps its beat (the LSU, a unit full)
    wire x_to_wb;                       // EX's own beat leaves towards WB (into u_xb)
    wire x_out;                         // ... it offers it (u_xb's producer)
    wire xb_ready;                      // u_xb has room (a flip-flop: its holding flag's complement)
    wire dv_take;                       // EX's division beat moves into the division unit
    wire fv_take;                       // EX's FP beat moves into the FP unit
    // EX accepts a beat: its own leaves (towards WB, into the LSU queue, or a gather
    // beat into the queue's next entry); WB's hold is not a term: the EX/WB buffer's room is
    wire x_take = !x_v || i_ls_take || dv_take || fv_take || (!x_busy && !i_wb_blk && xb_ready);
    // (a trap's or a code-writing store's squash drops the beat EX takes
    // in its cycle with EX's, below, and the scoreboard clears its warp
    // with DE's and the DE/EX buffer's; a code-writing atomic's squash
    // comes while EX holds the atomic, which takes nothing: no squash is
    // a term here)
    wire x_in   = i_dx_v && x_take && i_run;
    wire b_trap_c = b_v && b_commit && b_istrap;                   // a trap commits in WB
    wire xb_held;                                                   // a beat waits in u_xb (!xb_ready, its flip-flop)
    wire xb_trap_c;                                                 // ... a trap's commit beat

    // ---- operands (wq_opread: the register file, the thread-id RAM, the
    // zero rows, the immediate, S2R's special registers) and results ---------
    wire [LANES*32-1:0] op_a, op_rb, op_b, s2r_res;
    wq_opread #(.LANES(LANES), .RF_D(RF_D), .RF_AW(RF_AW), .TR_D(TR_D), .TR_AW(TR_AW)) u_opread (
        .i_clk(i_clk), .i_x_in(x_in), .i_ra_row(i_dx_ra), .i_rb_row(i_dx_rb),
        .i_tr_row(i_dx_tr), .i_za(i_dx_za), .i_zb(i_dx_zb),
        .i_in_imm(i_dx_imm),
        .i_rf_we(i_rf_we), .i_rf_waddr(i_rf_waddr), .i_rf_wlane(i_rf_wlane), .i_rf_wdata(i_rf_wdata),
        .i_tr_we(i_tr_we), .i_tr_waddr(i_tr_waddr), .i_tr_wlane(i_tr_wlane), .i_tr_wdata(i_tr_wdata),
        .i_x_bi(x_bi), .i_x_imm(x_imm), .i_x_p(x_p),
        .i_sr_wi(i_sr_wi), .i_sr_ntid(i_sr_ntid), .i_sr_cta(i_sr_cta), .i_sr_ncta(i_sr_ncta),
        .i_sr_gb(i_sr_gb), .i_sr_param(i_sr_param), .i_sr_clock(i_sr_clock),
        .i_sr_ctaflat(i_sr_ctaflat), .i_sr_local(i_sr_local),
        .o_a(op_a), .o_rb(op_rb), .o_b(op_b), .o_s2r(s2r_res));
    wire [LANES*32-1:0] alu_res;
    wire [LANES-1:0]    alu_cmp;
    wire [LANES*32-1:0] wbu_res;        // WB's MUL / MULHU or shift beat (the ALU's second stage)
    wq_valu #(.LANES(LANES)) u_valu (
        .i_clk(i_clk), .i_ld(x_in), .i_ld_op(i_dx_op), .i_ld_fn(i_dx_fn),   // (x_op, x_fn)
        .i_en(x_to_wb), .i_a(op_a), .i_b(op_b),
        .i_cond(x_lanes(x_cond, x_p)), .i_wb_row(b_res),
        .o_res(alu_res), .o_cmp(alu_cmp), .o_wb(wbu_res));
    // WB's beat is a MUL / MULHU or shift part (b_wbu, its opcode's kind
    // WQ_OPK_WBU): its values are the ALU's WB stage's (the partial
    // products and the shift's high amount bits registered as it left EX,
    // its row the shift's EX half: finished in WB's first cycle, b_pp, and
    // kept in b_res after it)
    wire b_wbu = b_opk[`WQ_OPK_WBU];

    // ---- division (exec_alu.c DIVU, DIV, REMU, REM: wq_core_div) -----------------
    // A division's beats leave EX into the unit one a cycle (x_dv,
    // dv_take), its divider array divides the parts with a selected lane,
    // and its commit goes through the completion path (dc_go, below);
    // another division waits in EX while the unit holds one.  (Whether
    // the beat is one that performs is decoded as EX takes it, x_dvk:
    // EX's moves start at a flip-flop, not at an opcode compare)
    function dvop;
        input [7:0] op;
        dvop = (op == `WQ_OP_DIVU) || (op == `WQ_OP_DIV) ||
                (op == `WQ_OP_REMU) || (op == `WQ_OP_REM);
    endfunction
    wire        x_dv    = x_v && x_dvk;
    wire        dv_busy, dv_open, dv_rdy, dv_on, dv_last;
    wire [5:0]  dv_p, dv_rd;
    wire [RF_AW-1:0] dv_rr;
    wire        dv_rpk;
    wire [LANES*32-1:0] dv_row;
    wire [WID_W-1:0] dv_w;
    wire [PCW-1:0] dv_pc;
    wire [63:0] dv_ir;
    wire [31:0] dv_sel;
    wire [`WQ_OP_W-1:0] dv_op;
    wire        dc_go;                  // the division's completion beat this cycle
    wq_core_div #(.LANES(LANES), .DIV_LANES(DIV_LANES), .PCW(PCW), .WID_W(WID_W), .RF_AW(RF_AW)) u_dvu (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_in(dv_take), .i_commit(x_commit), .i_p(x_p), .i_lanes(x_lanes(x_sel, x_p)),
        .i_op(x_op), .i_w(x_w), .i_pc(x_pc), .i_ir(x_ir), .i_rd(x_rd), .i_rr(x_rr),
        .i_rpk(x_rpk[0]), .i_sel(x_sel), .i_a(op_a), .i_b(op_b), .o_busy(dv_busy), .o_open(dv_open),
        .i_go(dc_go), .o_rdy(dv_rdy), .o_on(dv_on), .o_last(dv_last), .o_p(dv_p),
        .o_row(dv_row), .o_w(dv_w), .o_pc(dv_pc), .o_ir(dv_ir), .o_rd(dv_rd), .o_rr(dv_rr),
        .o_rpk(dv_rpk), .o_sel(dv_sel), .o_op(dv_op));

    // ---- floating point (exec_fp.c: wq_fpu) ---------------------------------------
    // An FP instruction's beats leave EX into the unit one a cycle (x_fv,
    // fv_take; FFMA's second pass brings its addend rd), its pipelined
    // units compute the parts with a selected lane FP_LANES lanes at a
    // time, and its commit goes through the completion path (fc_go,
    // below), the unit's instructions in the order they came in.  The unit
    // holds several instructions (different warps'); another FP
    // instruction waits in EX while its operand buffer holds one or no slot is
    // free (fv_free).  FP = 0: no unit (DE traps every FP opcode: none reaches EX).
    function fpop;
        input [7:0] op;
        case (op)
        `WQ_OP_FADD, `WQ_OP_FSUB, `WQ_OP_FMUL, `WQ_OP_FFMA, `WQ_OP_FDIV, `WQ_OP_FSQRT,
        `WQ_OP_FMIN, `WQ_OP_FMAX, `WQ_OP_FSETP, `WQ_OP_FCLASS, `WQ_OP_I2F, `WQ_OP_U2F,
        `WQ_OP_F2I, `WQ_OP_F2U:
            fpop = FP != 0;
        default:
            fpop = 1'b0;
        endcase
    endfunction
    wire        x_fv    = x_v && x_fpk;
    wire        fv_busy, fv_open, fv_free, fv_more, fv_rdy, fv_on, fv_last, fv_pw;
    wire [5:0]  fv_p, fv_rd;
    wire [RF_AW-1:0] fv_rr;
    wire        fv_rpk;
    wire [LANES*32-1:0] fv_row;
    wire [31:0] fv_pred;
    wire [WID_W-1:0] fv_w;
    wire [PCW-1:0] fv_pc;
    wire [63:0] fv_ir;
    wire [31:0] fv_sel;
    wire [`WQ_OP_W-1:0] fv_op;
    wire        fc_go;                  // the FP unit's completion beat this cycle
    generate if (FP != 0) begin : g_fpu
        wq_fpu #(.LANES(LANES), .FP_LANES(FP_LANES), .PCW(PCW), .WID_W(WID_W), .RF_AW(RF_AW)) u_fpu (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_in(fv_take), .i_commit(x_commit), .i_p(x_p), .i_k(x_k[0]),
            .i_lanes(x_lanes(x_sel, x_p)), .i_op(x_op), .i_fn(x_fn), .i_w(x_w), .i_pc(x_pc),
            .i_ir(x_ir), .i_rd(x_rd), .i_rr(x_rr), .i_rpk(x_rpk[0]), .i_sel(x_sel), .i_a(op_a),
            .i_b(op_b), .i_c(op_rb),
            .o_busy(fv_busy), .o_open(fv_open), .o_free(fv_free), .o_more(fv_more),
            .i_go(fc_go), .o_rdy(fv_rdy), .o_on(fv_on), .o_last(fv_last), .o_pw(fv_pw),
            .o_p(fv_p), .o_row(fv_row), .o_pred(fv_pred), .o_w(fv_w), .o_pc(fv_pc),
            .o_ir(fv_ir), .o_rd(fv_rd), .o_rr(fv_rr), .o_rpk(fv_rpk), .o_sel(fv_sel), .o_op(fv_op));
    end else begin : g_nofpu
        assign fv_busy = 1'b0; assign fv_open = 1'b0; assign fv_rdy = 1'b0;
        assign fv_free = 1'b0; assign fv_more = 1'b0;
        assign fv_on = 1'b0; assign fv_last = 1'b0; assign fv_pw = 1'b0;
        assign fv_p = 6'd0; assign fv_rd = 6'd0; assign fv_row = {LANES*32{1'b0}};
        assign fv_rr = {RF_AW{1'b0}}; assign fv_rpk = 1'b0;
        assign fv_pred = 32'd0; assign fv_w = {WID_W{1'b0}}; assign fv_pc = {PCW{1'b0}};
        assign fv_ir = 64'd0; assign fv_sel = 32'd0; assign fv_op = {`WQ_OP_W{1'b0}};
    end endgenerate

    // ---- where EX's beat goes -------------------------------------------------------
    // (EX's beat leaves towards WB, into the EX/WB buffer, when the buffer
    // has room; the LSU holds EX's memory beats: wq_core_lsu)
    assign x_out   = x_v && !x_busy && !i_wb_blk && !i_squash_x && (x_commit || !x_mem) &&
                     !x_dv && !x_fv;
    assign x_to_wb = x_out && xb_ready;
    assign x_busy = i_ls_busy || (x_dv && !dv_take) || (x_fv && !fv_take);
    // a division's beats enter the division unit: its first part when the
    // unit is free (not while a store that wrote code waits to commit, nor
    // behind a trap in WB or the EX/WB buffer: both commit with the unit
    // empty), the rest as they come (the beats of one instruction are
    // consecutive).  (A trap's squash needs no term: it commits from WB,
    // b_trap_c, with the units empty, so no first beat enters then and no
    // later one is left.)
    assign dv_take = x_dv &&
                     (dv_open || (!dv_busy && !i_wb_blk && !b_trap_c && !xb_trap_c));
    // (an FP instruction's beats enter the FP unit likewise, its first
    // part when the unit's operand buffer and a slot are free: the unit
    // holds several instructions)
    assign fv_take = x_fv &&
                     (fv_open || (fv_free && !i_wb_blk && !b_trap_c && !xb_trap_c));

    // ---- the units' commits on the completion path --------------------------------
    // A unit's commit goes as the port's owner (wq_cm_grant decides it a
    // cycle ahead from o_dv_req / o_fv_req, the division's first; only one
    // owns it, so neither starts while the other's or the LSU's runs),
    // starting when WB's instruction has emitted nothing and no ATOM is
    // between its start and its commit (i_cm_start); the hold's last
    // commit waits for the fetch run and the answers owed, as WB's
    // (i_cm_idle).  A request is the same terms a cycle ahead, not counting
    // WB's open instruction (the grant waits it out) nor the commit that
    // is leaving.
    wire dc_endw  = dv_last && i_cm_idle && !fv_busy;
    wire fc_endw  = fv_last && i_cm_idle && !dv_busy && !fv_more;
    assign dc_go = i_own_dv && dv_rdy && !dc_endw && (dv_on || i_cm_start);
    assign fc_go = i_own_fv && fv_rdy && !fc_endw && (fv_on || i_cm_start);
    assign o_dv_req  = dv_rdy && !dv_on && !dc_endw && !i_cm_atom && !(dc_go && dv_last);
    assign o_fv_req  = fv_rdy && !fv_on && !fc_endw && !i_cm_atom && !(fc_go && fv_last);
    assign o_dv_keep = dc_go ? !dv_last : dv_on;
    assign o_fv_keep = fc_go ? !fv_last : fv_on;

    // ---- (DE/EX buffer) -> EX -----------------------------------------------------------
    // (EX's next warp: wq_warp_slots reads its slot's S2R fields from
    // block RAM a cycle ahead, so they are the fields of x_w)
    wire [WID_W-1:0] x_w_nx = x_in ? i_dx_w : x_w;
    always @(posedge i_clk) x_w <= x_w_nx;
    always @(posedge i_clk) begin
        if (x_in) begin
            x_v <= 1'b1;
            x_pc <= i_dx_pc;
            x_ir <= i_dx_ir;
            x_op <= i_dx_op;
            x_rd <= {1'b0, i_dx_rd};
            x_rr <= i_dx_rr;
            x_rpk <= i_dx_rpk;
            x_bi <= i_dx_bi;
            x_imm <= i_dx_imm;
            x_fn <= i_dx_fn;
            x_sel <= i_dx_sel;
            x_cond <= i_dx_cond;
            x_skip <= i_dx_skip;
            x_trap <= i_dx_trap;
            x_ok <= i_dx_trap == `WQ_TRAP_NONE && !i_dx_skip;
            x_dvk <= dvop(i_dx_op) && i_dx_trap == `WQ_TRAP_NONE && !i_dx_skip;
            x_fpk <= fpop(i_dx_op) && i_dx_trap == `WQ_TRAP_NONE && !i_dx_skip;
            x_st <= i_dx_op == `WQ_OP_ST;
            x_at <= i_dx_op == `WQ_OP_ATOM;
            x_wrd <= i_dx_wrd;
            x_mem <= i_dx_mem;
            x_msize <= i_dx_msize;
            x_msext <= i_dx_msext;
            x_amask <= i_dx_amask;
            x_words <= i_dx_words;
            x_p <= i_dx_p;
            x_k <= i_dx_k;
            x_fp <= i_dx_fp;
            x_commit <= i_dx_commit;
        end else if (x_v && x_take) begin
            x_v <= 1'b0;
        end
        // (ATOM's record as a lane's write is taken: wq_commit)
        // a trap commits, or a store that wrote code: the younger beats
        // go, their warps stay ready (the division unit is empty: both
        // wait for it; the scoreboard: wq_issue)
        if (i_squash_x || i_cp_code) x_v <= 1'b0;
        if (i_reset) x_v <= 1'b0;
    end

    // EX's instruction has beats in WB, its commit beat not yet (a
    // code-writing store's completion waits for it: wq_core_lsu)
    always @(posedge i_clk) begin
        if (!i_wb_ls && x_to_wb) o_x_open <= !x_commit;
        if (i_squash_x || i_cp_code) o_x_open <= 1'b0;
        if (i_reset) o_x_open <= 1'b0;
    end

    // ---- EX -> the EX/WB buffer -> WB --------------------------------------------------------
    // The beat as WB takes it: EX's fields; a misaligned memory
    // instruction's commit beat gets the MISALIGNED code (i_ls_bad); an
    // atomic of one register and one part fuses its write-back into its
    // commit beat (i_ls_fuse: its part 0, its old values, writes rd); the
    // row: S2R's or the ALU's values, BRX / JMX / RET part beats' ra (the
    // threads' targets: they write no register); SETP's compare bits.
    wire          x_tg    = x_op == `WQ_OP_BRX || x_op == `WQ_OP_JMX || x_op == `WQ_OP_RET;
    wire [7:0]    x_btrap = (x_commit && x_mem && i_ls_bad && x_ok) ?
                            `WQ_TRAP_MISALIGNED : x_trap;
    // (u_xb carries the fields; the row and the compare bits, the wide
    // part of the payload and the deep one -- the ALU's result -- are held
    // beside it, below)
    localparam XBW = 1 + 1 + WID_W + 6 + PCW + 64 + 8 + 6 + 32 + 1 + 1 + 8 + PCW + RF_AW;
    // (the beat's row: its part's, kp_row at k = 0; a fused ATOM's part 0)
    wire [XBW-1:0] xb_in = {x_commit, x_fp || i_ls_fuse, x_w, i_ls_fuse ? 6'd0 : x_p, x_pc, x_ir,
                            x_op, x_rd, x_sel, x_skip, x_wrd || i_ls_fuse, x_btrap, x_imm[PCW-1:0],
                            kp_row(x_rr, x_rpk, 2'd0, i_ls_fuse ? 6'd0 : x_p)};
    // (the beat the buffer offers WB: a waiting one, else EX's passing through)
    wire              wbi_v, wbi_commit, wbi_fp, wbi_skip, wbi_wrd;
    wire [WID_W-1:0]  wbi_w;
    wire [5:0]        wbi_p, wbi_rd;
    wire [RF_AW-1:0]  wbi_rrow;
    wire [PCW-1:0]    wbi_pc, wbi_imm;
    wire [63:0]       wbi_ir;
    wire [7:0]        wbi_op, wbi_trap;
    wire [31:0]       wbi_sel;
    wire [LANES-1:0]  wbi_cmp;
    // WB takes it when it does not keep its own beat, the LSU's write-back
    // beat does not come first, and no squash drops it (a trap's commit, a
    // code-writing store's: the buffer's beat is younger than WB's)
    // (i_ls_wb for i_wb_ls: the same with WB's hold, one level less behind it)
    wire          wb_take  = !i_b_busy && !i_ls_wb && !i_squash_x && !i_cp_code;
    wire          b_load_x = wbi_v && wb_take;
    // (b_load_x as if WB did not keep its beat: WB's hold selects last, kept)
    (* keep *) wire b_ldn;
    assign b_ldn = wbi_v && !i_ls_wb && !i_squash_x && !i_cp_code;
    wq_skid #(.DW(XBW)) u_xb (
        .i_clk(i_clk), .i_reset(i_reset || i_squash_x || i_cp_code),
        .i_valid(x_out), .i_data(xb_in), .o_ready(xb_ready), .o_held(xb_held),
        .o_valid(wbi_v), .o_data({wbi_commit, wbi_fp, wbi_w, wbi_p, wbi_pc, wbi_ir, wbi_op, wbi_rd,
                                  wbi_sel, wbi_skip, wbi_wrd, wbi_trap, wbi_imm, wbi_rrow}),
        .i_ready(wb_take));
    // The waiting beat's row and compare bits, and whether it is a trap's
    // commit beat: loaded as u_xb's holding register is (whenever it holds
    // nothing), so WB's row is one 2:1 select between the waiting row and
    // EX's with the ALU's result at its last level, and EX's take reads a
    // flip-flop for the trap (the FORMAL section ties xb_tc to the waiting
    // beat's fields).
    reg [LANES*32-1:0] xb_row;
    reg [LANES-1:0]    xb_cmp;
    reg                xb_tc;
    reg                xb_at;
    reg                xb_tf;           // (its target is PC+1: tfall's, for b_tfall)
    // (the ALU's result into xb_row and b_res through one 2:1 select at its
    // last level: whether the row is the ALU's is decided from EX's
    // flip-flops and the control beside it, every other source formed
    // there too -- not the S2R, target and fused-ATOM selects of x_row,
    // WB's held-beat select and b_res's sources one after another behind
    // the ALU; the FORMAL section ties them to those selects, x_row and
    // wbi_row)
    // (S2R's values, gated by EX's opcode, are ORed into the side row, not
    // selected behind the other sources -- a fused ATOM, a BRX / JMX / RET
    // is never an S2R: wq_opread's o_s2r, 5 levels, is the deepest of them)
    wire               x_s2r  = x_op == `WQ_OP_S2R;
    wire               x_alu  = !i_ls_fuse && !x_tg && !x_s2r;
    wire [LANES*32-1:0] x_oth  = i_ls_fuse ? i_ls_row0 : x_tg ? op_a : {LANES*32{1'b0}};
    wire [LANES*32-1:0] x_side = x_oth | ({LANES*32{x_s2r}} & s2r_res);
    wire               tf_x   = tfall(x_op, x_pc, x_imm[PCW-1:0]);
    always @(posedge i_clk)
        if (xb_ready) begin
            xb_row <= x_alu ? alu_res : x_side;
            xb_cmp <= alu_cmp;
            xb_tc  <= x_commit && x_btrap != `WQ_TRAP_NONE;
            xb_at  <= x_op == `WQ_OP_ATOM;
            xb_tf  <= tf_x;
        end
    // (a BRX, JMX or RET part beat's row is its ra: the divergence unit's
    // per-thread targets read it from the waiting row or EX's operand,
    // not behind the ALU's result select)
    assign o_wbi_ra  = xb_held ? xb_row : op_a;
    assign wbi_cmp   = xb_held ? xb_cmp : alu_cmp;
    assign xb_trap_c = xb_held && xb_tc;
    // (the entering beat's PC+1 test from EX's flip-flops or the waiting beat's,
    // selected last: b_tfall's compare is not behind the buffer's select of the PC)
    wire wbi_tf = xb_held ? xb_tf : tf_x;

    always @(posedge i_clk) begin
        if (i_b_busy && !i_wb_frz) b_fp <= 1'b0;    // (written in its first cycle, below)
        // (WB's hold, the latest term, outermost: the loads' selects are
        // i_ls_wb's and b_ldn's, i_wb_ls and b_load_x without the hold)
        if (!i_b_busy) begin
            b_v <= 1'b0;            // (unless a beat loads, below)
            if (i_ls_wb) begin
                // the write-back beat of rd + ls_wk, part ls_p (ATOM's old
                // values): the registers in order, each over its parts
                b_v <= 1'b1;
                b_commit <= 1'b0;
                b_fp <= 1'b0;
                b_w <= x_w; b_woh <= w_oh(x_w); b_p <= i_ls_p; b_pc <= x_pc; b_next <= x_pc + 1'b1; b_op <= x_op; b_rd <= x_rd + {4'd0, i_ls_wk};
                b_rrow <= kp_row(x_rr, x_rpk, i_ls_wk, i_ls_p);
                b_sel <= x_sel; b_wrd <= 1'b1; b_trap <= `WQ_TRAP_NONE;
                b_istrap <= 1'b0;
                b_itrec <= `WQ_TRAP_NONE_RECOV;
                b_tfall <= tfall(x_op, x_pc, b_imm);
                // (an ATOM's: not WB's ALU stage.  WBU left 0 rather than
                // decoded from x_op, which the mapper cannot know is the
                // ATOM: decoded, the rows' selects cost about 400 LUT4 more)
                b_opk <= opk(x_op, 1'b0) & ~({{(`WQ_OPK_W-1){1'b0}}, 1'b1} << `WQ_OPK_WBU);
            end else if (b_ldn) begin
                b_v <= 1'b1;
                b_commit <= wbi_commit;
                b_fp <= wbi_fp;
                b_w <= wbi_w; b_woh <= w_oh(wbi_w); b_p <= wbi_p; b_pc <= wbi_pc; b_next <= wbi_pc + 1'b1; b_ir <= wbi_ir; b_op <= wbi_op;
                b_rd <= wbi_rd; b_sel <= wbi_sel; b_wrd <= wbi_wrd; b_rrow <= wbi_rrow;
                b_wd <= i_wave_subv;
                b_trap <= wbi_trap;
                b_istrap <= wbi_trap != `WQ_TRAP_NONE;
                b_itrec <= trap_recov(wbi_trap);
                b_imm <= wbi_imm;
                b_tfall <= wbi_tf;
                b_opk <= opk(wbi_op, wbi_skip);
                b_cmp <= wbi_cmp;
                // (the divergence unit starts its prologue and record walk: wq_diverge)
            end
        end
        // the divergence unit's steps (wq_diverge: the deque calls, the
        // prologue, the record walk): its deque-room trap becomes WB's
        if (i_ptrap_go) begin
            b_trap <= i_ptrap;
            // (the verdict, not the code's compare with NONE: the code
            // is the room check's deepest output)
            b_istrap <= i_ptrap_nz;
            b_itrec <= i_ptrap_rec;
        end
        // a completion's commit of a store that wrote code: the younger
        // entries go (the LSU drops them, wq_issue frees their warps), WB's
        // beat too, and the fetch run stops (wq_fetch)
        if (i_b_drop && b_v) b_v <= 1'b0;
        if (i_reset) begin
            b_v <= 1'b0;
            b_w <= {WID_W{1'b0}};       // (with its one-hot: the slots read it idle)
            b_woh <= w_oh({WID_W{1'b0}});
        end
    end
    // WB's values: the LSU's write-back beat's or the beat's WB takes
    // from EX (the ALU's result when EX's own beat passes straight into
    // WB with it: b_alu, beside the ALU, selected last), else kept.
    // WB's hold (i_b_busy, at the end of the commit's last-record chain:
    // the latest of the terms) is in the row's enable only: the take and
    // the sources are formed as if WB did not keep its beat (b_ldn is
    // b_load_x then, i_ls_wb is i_wb_ls), and a kept beat never loads
    // b_res -- a MUL / MULHU or shift beat's values, the WB stage's, go
    // to b_kres instead (below).  The FORMAL section asserts the load
    // equal to the selects on b_load_x and i_wb_ls.  The row's selects
    // read whose beat it is, not whether it moves: a load without the
    // LSU's beat is the buffer's (b_ldn's terms are in the enable only)
    wire b_alu = !i_ls_wb && !xb_held && x_alu;
    // (S2R's values, the operand read's deepest output, ORed in at the
    // side row's last level, behind the selects of its other sources)
    wire [LANES*32-1:0] nx_side = xb_held ? xb_row : x_oth;
    wire [LANES*32-1:0] b_side  = (i_ls_wb ? i_ls_wb_row : nx_side) |
                                  ({LANES*32{!i_ls_wb && !xb_held && x_s2r}} & s2r_res);
    wire b_load_n = i_ls_wb || b_ldn;              // (the load without WB's hold)
    wire b_res_en = !i_b_busy && b_load_n;
    always @(posedge i_clk)
        if (b_res_en)
            b_res <= b_alu ? alu_res : b_side;
    // A MUL / MULHU or shift beat's values: the WB stage's in its first
    // cycle (b_pp), then, while WB keeps the beat, the ones it had then,
    // kept in b_kres (the partial products and the shift's amount follow
    // the next beat that leaves EX), so WB's row never waits on the hold
    reg [LANES*32-1:0] b_kres;
    always @(posedge i_clk)
        if (b_pp && b_wbu)
            b_kres <= wbu_res;
    // WB's first cycle of a beat from EX: the multiplier's partial products
    // are its own (registered as it left EX; nothing left EX since)
    always @(posedge i_clk)
        if (i_reset) b_pp <= 1'b0;
        else b_pp <= b_load_x;

    // ---- outputs ------------------------------------------------------------------------------
    assign o_x_take = x_take;   assign o_x_v = x_v;         assign o_x_commit = x_commit; assign o_x_w = x_w;   assign o_x_w_nx = x_w_nx;
    assign o_x_p = x_p;         assign o_x_k = x_k;           assign o_x_pc = x_pc;
    assign o_x_ir = x_ir;       assign o_x_rd = x_rd;         assign o_x_rr = x_rr;   assign o_x_rpk = x_rpk;
    assign o_x_imm = x_imm;     assign o_x_fn = x_fn;         assign o_x_sel = x_sel;
    assign o_x_ok = x_ok;   assign o_x_st = x_st;   assign o_x_at = x_at;     assign o_x_mem = x_mem;
    assign o_x_msize = x_msize; assign o_x_msext = x_msext;   assign o_x_amask = x_amask;
    assign o_x_words = x_words; assign o_x_dv = x_dv;         assign o_xb_at = xb_at;
    assign o_op_a = op_a;       assign o_op_rb = op_rb;       assign o_x_to_wb = x_to_wb;
    assign o_xb_held = xb_held; assign o_xb_w = wbi_w;        assign o_xb_trap = xb_trap_c;
    assign o_wb_in = b_load_x;  assign o_wb_ldn = b_ldn;      assign o_wbi_v = wbi_v;       assign o_wbi_commit = wbi_commit;
    assign o_wbi_p = wbi_p;     assign o_wbi_pc = wbi_pc;     assign o_wbi_op = wbi_op;   assign o_wbi_trap = wbi_trap; assign o_wbi_skip = wbi_skip;
    assign o_b_load = b_res_en;   assign o_b_load_n = b_load_n;  // (i_wb_ls || b_load_x, the hold last)
    assign o_b_v = b_v;         assign o_b_commit = b_commit; assign o_b_fp = b_fp;
    assign o_b_w = b_w;         assign o_b_woh = b_woh;       assign o_b_p = b_p;
    assign o_b_pc = b_pc;       assign o_b_next = b_next;     assign o_b_rrow = b_rrow;
    assign o_b_ir = b_ir;       assign o_b_op = b_op;         assign o_b_rd = b_rd;
    assign o_b_sel = b_sel;     assign o_b_wrd = b_wrd;       assign o_b_tfall = b_tfall;
    assign o_b_wd = b_wd;       assign o_b_trap = b_trap;     assign o_b_imm = b_imm;
    assign o_b_is_trap = b_istrap; assign o_b_trec = b_itrec; assign o_b_opk = b_opk;
    assign o_b_res = !b_wbu ? b_res : b_pp ? wbu_res : b_kres;
    // SETP's compare bits gather part by part from WB's part beats'
    // registered bits, b_cmp, not from EX's compares on their way into WB:
    // a part beat is in WB a cycle or more before the commit beat, which
    // reads them (again while a beat waits: the same bits)
    always @(posedge i_clk)
        if (b_v && !b_commit && b_op == `WQ_OP_SETP) begin
            if (b_p == 6'd0) setp_acc <= {{(32-LANES){1'b0}}, b_cmp};
            else setp_acc <= setp_acc | ({{(32-LANES){1'b0}}, b_cmp} << (b_p * LANES));
        end
    assign o_setp_acc = setp_acc;
    assign o_dv_busy = dv_busy; assign o_dv_open = dv_open;   assign o_dv_on = dv_on;   assign o_dv_w = dv_w;   assign o_dc_go = dc_go;
    assign o_xu_busy = dv_busy || fv_busy;     assign o_xc_open = dv_on || fv_on;
    // (WB holds its beat while a unit owns the port and its commit runs or can start --
    // ready, with no atomic between: wq_wb_ctl's wb_frz, the atomic test at the last
    // level; the hold's last commit waits only with WB empty)
    assign o_xc_run  = (i_own_dv && dv_on) || (i_own_fv && fv_on);
    assign o_xc_rdy  = (i_own_dv && dv_rdy) || (i_own_fv && fv_rdy);
    // the completion beat: the division's or the FP unit's (an FP beat: a
    // part's results, or FSETP's predicate beat, fv_pw, which writes no
    // register), selected by the owner (a flip-flop: the go terms only
    // validate it); another instruction behind it in the units
    assign o_xc_go   = dc_go || fc_go;
    assign o_xc_last = i_own_dv ? dv_last : fv_last;
    assign o_xc_more = i_own_dv ? fv_busy : (dv_busy || fv_more);
    assign o_xc_w    = i_own_dv ? dv_w : fv_w;
    assign o_xc_pc   = i_own_dv ? dv_pc : fv_pc;
    assign o_xc_sel  = i_own_dv ? dv_sel : fv_sel;
    assign o_xc_ir   = i_own_dv ? dv_ir : fv_ir;
    assign o_xc_rd   = i_own_dv ? dv_rd : fv_rd;
    assign o_xc_p    = i_own_dv ? dv_p : fv_p;
    // (the row from the unit's flip-flops: its register's part 0 row, the
    // part's bits ORed in unless every part shares it, rf_rowp's packing)
    wire [RF_AW-1:0] xc_rr  = i_own_dv ? dv_rr : fv_rr;
    wire             xc_rpk = i_own_dv ? dv_rpk : fv_rpk;
    /* verilator lint_off WIDTH */
    assign o_xc_rrow = xc_rpk ? xc_rr : (xc_rr | o_xc_p);
    /* verilator lint_on WIDTH */
    assign o_xc_row  = i_own_dv ? dv_row : fv_row;
    assign o_xc_op   = i_own_dv ? dv_op : fv_op;
    assign o_xc_pw   = fc_go && fv_pw;
    assign o_xc_nowr = fc_go && fv_op == `WQ_OP_FSETP;
    assign o_fc_go = fc_go;     assign o_fv_w = fv_w;         assign o_fv_rd = fv_rd[2:0];
    assign o_fv_sel = fv_sel;   assign o_fv_pred = fv_pred;

`ifdef FORMAL
    // (the rows as the selects one after another: EX's row -- S2R's or the
    // ALU's values, a BRX / JMX / RET part beat's ra, a fused ATOM's row
    // -- and the row the buffer offers WB; xb_row and b_res are asserted
    // to take them)
    wire [LANES*32-1:0] x_res   = (x_op == `WQ_OP_S2R) ? s2r_res : alu_res;
    wire [LANES*32-1:0] x_row   = i_ls_fuse ? i_ls_row0 : x_tg ? op_a : x_res;
    wire [LANES*32-1:0] wbi_row = xb_held ? xb_row : x_row;
    // Checked inside the core (scripts/formal.sh, jobs core, core_w1) and
    // alone (job ex_stage, FORMAL_EX_STAGE_TOP: the DE/EX buffer's beat,
    // the LSU's, WB's and the completion path's inputs free, the first
    // cycle a reset; the vector ALU and the division unit's dividers cut
    // to free outputs).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    // EX's beat performs: its flag is its trap and skip fields' test
    always @(*) if (f_past && !i_reset && x_v) begin
        assert(x_ok == (x_trap == `WQ_TRAP_NONE && !x_skip));
        assert(x_st == (x_op == `WQ_OP_ST) && x_at == (x_op == `WQ_OP_ATOM));
    end
    // WB's beat's skip flag, loaded as WB loads it (b_opk's kinds are
    // stated with it: the logic reads the kinds, not the flag)
    reg f_b_skip;
    always @(posedge i_clk)
        if (i_wb_ls) f_b_skip <= 1'b0;
        else if (b_load_x) f_b_skip <= wbi_skip;
    // WB's warp's one-hot copy is its warp's
    always @(*) if (f_past) assert(b_woh == w_oh(b_w));
`ifdef FORMAL_EX_STAGE_TOP
    always @(*) if (!f_past) assume(i_reset);
    // the room check's verdict is its code's (wq_diverge_room asserts it)
    always @(*) assume(i_ptrap_nz == (i_ptrap != `WQ_TRAP_NONE) && i_ptrap_rec == trap_recov(i_ptrap));
    // the core's contracts on EX's inputs: a trap's squash is the commit
    // of WB's trap beat, with the division and FP units empty (wq_core's
    // b_twait); the LSU's write-back beat moves only while WB takes a beat
    // (wq_core_lsu)
    always @(*) begin
        if (i_squash_x) assume(b_trap_c && !dv_busy && !dv_open && !fv_busy && !fv_open);
        if (i_wb_ls) assume(!i_b_busy);
        assume(i_wb_ls == (i_ls_wb && !i_b_busy));
        // the LSU fuses EX's ATOM's write-back with its commit beat only,
        // and its write-back beats are that ATOM's old values
        if (i_ls_fuse || i_wb_ls) assume(x_op == `WQ_OP_ATOM);
        // WB's beat is dropped only by a code-writing store's commit
        if (i_b_drop) assume(i_cp_code);
        // the port has one owner, and a unit keeps it while its run is on
        // (wq_cm_grant)
        assume(!(i_own_dv && i_own_fv));
        if (dv_on) assume(i_own_dv);
        if (fv_on) assume(i_own_fv);
    end
`endif
    always @(*) if (f_past && !i_reset) begin
        // a beat goes one way: towards WB, the division unit or the FP unit
        if (x_to_wb) assert(!dv_take && !fv_take);
        // no beat enters a unit in a trap's squash
        if (i_squash_x) assert(!dv_take && !fv_take);
        // EX's beat leaves towards WB only into the buffer's room, and WB
        // never takes EX's and the LSU's beat at once
        if (x_to_wb) assert(!xb_held);
        if (b_load_x) assert(!i_wb_ls);
        // WB's row loads as the selects on WB's take and the LSU's beat
        // behind WB's hold say (b_res_en and b_side form them with the
        // hold last; i_wb_ls is i_ls_wb && !i_b_busy: wq_core's wb_ls)
        assert(i_wb_ls == (i_ls_wb && !i_b_busy));
        assert(b_res_en == (i_wb_ls || b_load_x));
        if (b_res_en)
            assert((b_alu ? alu_res : b_side) ==
                   ((b_load_x && !xb_held && x_alu) ? alu_res : b_load_x ? wbi_row : i_ls_wb_row));
        // b_pp: WB's beat is the last that left EX (the multiplier's
        // partial products are its own) and nothing waits behind it
        if (b_pp) assert(b_v && !xb_held);
        // EX's registered kinds are its opcode's (and x_ok's)
        if (x_v) assert(x_dvk == (dvop(x_op) && x_ok) && x_fpk == (fpop(x_op) && x_ok));
        // the waiting beat's trap flag is its fields' (xb_tc mirrors them)
        if (xb_held) assert(xb_tc == (wbi_commit && wbi_trap != `WQ_TRAP_NONE));
        // ... and its ATOM flag its opcode's
        if (xb_held) assert(xb_at == (wbi_op == `WQ_OP_ATOM));
        if (xb_held) assert(xb_tf == tfall(wbi_op, wbi_pc, wbi_imm));
        // a BRX, JMX or RET beat's row is its ra, which o_wbi_ra gives
        if (wbi_v && !wbi_fp && (wbi_op == `WQ_OP_BRX || wbi_op == `WQ_OP_JMX ||
                                 wbi_op == `WQ_OP_RET))
            assert(o_wbi_ra == wbi_row);
        // WB's trap flag is its trap code's (registered beside it)
        if (b_v) assert(b_istrap == (b_trap != `WQ_TRAP_NONE) && b_itrec == trap_recov(b_trap));
        // ... and its fall-through flag its target's
        if (b_v) assert(b_tfall == tfall(b_op, b_pc, b_imm));
        if (b_v) assert(b_next == b_pc + 1'b1);
        // ... and its opcode's kinds its opcode's and skip flag's
        if (b_v) assert(b_opk == opk(b_op, f_b_skip));
        if (dv_take) assert(x_dv && !fv_take);
`ifndef FORMAL_EX_STAGE_TOP
        // (inside the core, where DE's expander sends part 0 first) a
        // division's first beat is part 0 into a free unit
        if (dv_take && !dv_busy) assert(!x_commit && x_p == 6'd0);
        // (and the LSU fuses only EX's ATOM: S2R's zero values are ORed
        // into the fused row, x_side; its write-back beats are EX's
        // ATOM's, whose kinds WB loads without WBU)
        if (i_ls_fuse || i_wb_ls) assert(x_op == `WQ_OP_ATOM);
`endif
        // one completion a cycle: the division's or the FP unit's
        assert(!(dc_go && fc_go));
        if (dv_on) assert(dv_busy);
        if (dc_go) assert(dv_busy);
    end
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset) begin
            // EX keeps its beat while it does not leave, and drops it on a
            // squash; a beat taken is EX's next cycle with its fields
            if ($past(x_v && !x_take && !i_squash_x && !i_cp_code))
                assert(x_v && x_w == $past(x_w) && x_p == $past(x_p) && x_op == $past(x_op) &&
                       x_commit == $past(x_commit) && x_sel == $past(x_sel));
            if ($past(i_squash_x || i_cp_code)) assert(!x_v);
            if ($past(x_in && !i_squash_x && !i_cp_code))
                assert(x_v && x_w == $past(i_dx_w) && x_p == $past(i_dx_p) &&
                                    x_commit == $past(i_dx_commit));
            // EX's beat that leaves towards WB is WB's next cycle (its
            // first, b_pp) or waits in the buffer, with its fields; a
            // waiting beat stays, unchanged, until WB takes it or a
            // squash drops it
            if ($past(x_to_wb && !i_squash_x && !i_cp_code))
                assert((b_v && b_pp && b_w == $past(x_w) && b_commit == $past(x_commit) &&
                        b_pc == $past(x_pc) && b_op == $past(x_op) && !xb_held) ||
                       (xb_held && wbi_w == $past(x_w) && wbi_commit == $past(x_commit) &&
                        wbi_pc == $past(x_pc) && wbi_op == $past(x_op) &&
                        wbi_row == $past(x_row) && wbi_cmp == $past(alu_cmp)));
            if ($past(xb_held && !b_load_x && !i_squash_x && !i_cp_code))
                assert(xb_held && wbi_w == $past(wbi_w) && wbi_p == $past(wbi_p) &&
                       wbi_commit == $past(wbi_commit) && wbi_op == $past(wbi_op) &&
                       wbi_trap == $past(wbi_trap) && wbi_row == $past(wbi_row) &&
                       wbi_cmp == $past(wbi_cmp));
            if ($past(i_squash_x || i_cp_code)) assert(!xb_held);
            // WB takes the buffer's beat with its warp, part and commit; WB
            // keeps its beat while busy (a code-writing store's commit
            // aside)
            if ($past(b_load_x && !i_b_drop))
                assert(b_v && b_w == $past(wbi_w) && b_commit == $past(wbi_commit) &&
                       b_pc == $past(wbi_pc) && b_op == $past(wbi_op) && b_p == $past(wbi_p));
            if ($past(i_b_busy && b_v && !i_b_drop)) assert(b_v);
            if ($past(!i_b_busy && !i_wb_ls && !b_load_x)) assert(!b_v);
            // a MUL / MULHU or shift beat's values after its first cycle are
            // the ones it had then (the partial products and the shift's
            // amount have moved on)
            if ($past(b_pp && b_wbu && i_b_busy && !i_b_drop))
                assert(b_v && !b_pp && o_b_res == $past(wbu_res));
            if ($past(b_v && b_wbu && !b_pp && i_b_busy && !i_b_drop))
                assert(b_v && !b_pp && o_b_res == $past(o_b_res));
            // a beat's compare bits enter WB with it; SETP's first part
            // beat starts the gathered bits afresh from them
            if ($past(b_load_x)) assert(b_cmp == $past(wbi_cmp));
            // the rows: the buffer's takes EX's whenever it can take a
            // beat; WB's the LSU's write-back beat's, the beat's it
            // takes, else its own (a MUL's sum, above)
            if ($past(xb_ready)) assert(xb_row == $past(x_row));
            if ($past(i_wb_ls)) assert(b_res == $past(i_ls_wb_row));
            if ($past(!i_wb_ls && b_load_x)) assert(b_res == $past(wbi_row));
            if ($past(!i_wb_ls && !b_load_x)) assert(b_res == $past(b_res));
            if ($past(b_v && !b_commit && b_op == `WQ_OP_SETP && b_p == 6'd0))
                assert(setp_acc == {{(32-LANES){1'b0}}, $past(b_cmp)});
        end
`ifdef FORMAL_EX_STAGE_TOP
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            // a commit beat into WB; a division's first beat into the
            // unit; EX waits for WB; an LSU write-back beat into WB
            c_to_wb: cover(x_to_wb && x_commit);
            c_dv:    cover(dv_take && !dv_busy);
            c_wait:  cover(x_v && !x_take && xb_held);
            c_wb_ls: cover(i_wb_ls && b_v);
            // EX's beat leaves while WB keeps its own (into the buffer);
            // the waiting beat enters WB; a squash drops a waiting beat
            c_xb_in:   cover(x_to_wb && i_b_busy && b_v);
            c_xb_out:  cover(b_load_x && xb_held);
            c_xb_drop: cover(xb_held && i_squash_x);
        end
`endif
`endif
endmodule
