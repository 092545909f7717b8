// wq_ex_stage.v -- the pipelined core's execute stage EX and its EX -> WB
// register (docs/rtl/wq_ex_stage.md): the beat from the DE/EX skid buffer,
// its operands (wq_opread), the vector ALU (wq_valu), S2R's values, the
// division unit (wq_core_div) and the FP unit (wq_fpu) that take EX's
// division and FP beats, and the beat EX hands to WB.
//
// EX holds one beat (x_v): a part beat or the commit beat of a warp
// instruction, with its operands read as it enters (i_dx_v and EX takes:
// o_x_take).  EX takes a beat when it is empty or its own beat leaves:
// into WB (o_x_to_wb: an ALU, S2R, SETP, control or commit beat; a
// memory instruction's commit beat), into the LSU (i_ls_take: a memory
// instruction's part beats, its commit beat into the queue), into the
// division unit (dv_take) or into the FP unit (fv_take), one a cycle.  A
// division's or an FP instruction's first beat waits in EX while its unit
// is full (the structural hazard), and so does a beat while WB keeps its
// own (i_b_busy), a completion takes WB's place (i_wb_blk) or the LSU
// holds EX's memory beat (i_ls_busy).
//
// WB's beat (b_v) is EX's beat as it leaves (its result row: the ALU's,
// S2R's, an atomic's old values; MUL and MULHU: the multiplier's sum,
// formed in WB) or the LSU's write-back beat of an atomic (i_wb_ls), and
// SETP's compare bits gather, part by part, in setp_acc.  WB's own
// decisions (the commit, its records, the hold) are the core's: it keeps
// its beat while i_b_busy, drops it on a code-writing store's completion
// (i_b_drop), and takes the divergence unit's deque-room trap
// (i_ptrap_go).
//
// The division unit's and the FP unit's commits take the completion path
// between WB's commits, after the LSU's (i_cm_start: neither WB's
// instruction nor the LSU has started one, nor an atomic runs): the
// division's first, the FP unit's when no division's starts or runs, and
// after either one's last beat WB goes first when it holds a beat
// (dc_yield, fc_yield).  o_xc_*: the completion beat of this cycle (the
// division's or the FP unit's), which the core muxes with the LSU's.
//
// A squash (i_squash_x: a trap's commit; i_cp_code: a code-writing
// store's) drops EX's beat; i_squash (either, or a code-writing atomic)
// stops a beat entering EX.
`default_nettype none
`include "wq_defs.vh"

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
    input  wire                 i_squash,       // nothing enters EX
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
    output wire [5:0]           o_x_p,
    output wire [1:0]           o_x_k,
    output wire [PCW-1:0]       o_x_pc,
    output wire [63:0]          o_x_ir,
    output wire [7:0]           o_x_op,
    output wire [5:0]           o_x_rd,
    output wire [31:0]          o_x_imm,
    output wire [3:0]           o_x_fn,
    output wire [31:0]          o_x_sel,
    output wire                 o_x_skip,
    output wire [7:0]           o_x_trap,
    output wire                 o_x_mem,
    output wire [1:0]           o_x_msize,
    output wire                 o_x_msext,
    output wire [3:0]           o_x_amask,
    output wire [2:0]           o_x_words,
    output wire                 o_x_dv,         // ... is a division's (for the unit)
    output wire [LANES*32-1:0]  o_op_a,         // its operands: ra,
    output wire [LANES*32-1:0]  o_op_rb,        //   rb + k
    output wire                 o_x_to_wb,      // EX's own beat moves into WB
    output reg                  o_x_open,       // EX's instruction has beats in WB
    // ---- the LSU's side of EX ----
    input  wire                 i_ls_take,      // the LSU takes EX's beat
    input  wire                 i_ls_busy,      // ... holds it
    input  wire                 i_ls_bad,       // a memory instruction's address is misaligned
    input  wire                 i_wb_ls,        // the LSU's write-back beat moves into WB
    input  wire [5:0]           i_ls_p,         // ... its part,
    input  wire [1:0]           i_ls_wk,        // ... its register rd + wk,
    input  wire [LANES*32-1:0]  i_ls_wb_row,    // ... its values
    input  wire                 i_ls_fuse,      // an atomic's write-back is its commit beat's
    input  wire [LANES*32-1:0]  i_ls_row0,      // ... its values
    // ---- WB ----
    input  wire                 i_b_busy,       // WB keeps its beat
    input  wire                 i_wb_blk,       // no beat from EX into WB (a completion waits)
    input  wire                 i_wb_frz,       // a completion has the commit port
    input  wire                 i_b_twait,      // WB's trap waits for the units to empty
    input  wire                 i_ptrap_go,     // the divergence unit's trap becomes WB's
    input  wire [7:0]           i_ptrap,
    input  wire                 i_b_drop,       // a code-writing store's commit drops WB's beat
    output wire                 o_b_v,
    output wire                 o_b_commit,
    output wire                 o_b_fp,         // the commit beat's part is not written yet
    output wire [WID_W-1:0]     o_b_w,
    output wire [5:0]           o_b_p,
    output wire [PCW-1:0]       o_b_pc,
    output wire [63:0]          o_b_ir,
    output wire [7:0]           o_b_op,
    output wire [5:0]           o_b_rd,
    output wire [31:0]          o_b_sel,
    output wire                 o_b_skip,
    output wire                 o_b_wrd,
    output wire                 o_b_wd,         // i_wave_subv as the instruction entered WB
    output wire [7:0]           o_b_trap,
    output wire [LANES*32-1:0]  o_b_res,        // the values WB writes (MUL's: the sum)
    output wire [PCW-1:0]       o_b_imm,        // the target field
    output wire [31:0]          o_setp_acc,     // SETP's compare bits, by part
    // ---- the division and FP units' commits on the completion path ----
    input  wire                 i_cm_idle,      // nothing else in flight, the hold's end waits
    input  wire                 i_cm_start,     // WB and the LSU leave the completion path free
    output wire                 o_dv_busy,      // a division is in the division unit,
    output wire                 o_dv_open,      // ... its commit beat not in yet,
    output wire                 o_dv_on,        // ... its commit runs
    output wire [WID_W-1:0]     o_dv_w,         // ... its warp
    output wire                 o_dc_go,        // the division's completion beat this cycle
    output wire                 o_xu_busy,      // the division or the FP unit holds an instruction
    output wire                 o_xc_open,      // ... a commit runs or has just ended
    output wire                 o_xc_frz,       // ... a commit has the commit port
    output wire                 o_xc_go,        // a completion beat of either unit this cycle:
    output wire                 o_xc_last,      // ... the commit's last,
    output wire                 o_xc_more,      // ... another instruction in the units
    output wire [WID_W-1:0]     o_xc_w,
    output wire [PCW-1:0]       o_xc_pc,
    output wire [31:0]          o_xc_sel,
    output wire [63:0]          o_xc_ir,
    output wire [5:0]           o_xc_rd,
    output wire [5:0]           o_xc_p,
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
    reg              x_bi;
    reg [31:0]       x_imm;
    reg [3:0]        x_fn;
    reg [31:0]       x_sel, x_cond;
    reg              x_skip, x_wrd, x_mem;
    reg [7:0]        x_trap;
    reg [1:0]        x_msize;
    reg              x_msext;
    reg [3:0]        x_amask;
    reg [2:0]        x_words;
    // ---- WB's beat -------------------------------------------------------------
    reg              b_v, b_commit;
    reg              b_fp;                      // ... its part not written yet
    reg [WID_W-1:0]  b_w;
    reg [5:0]        b_p;
    reg [PCW-1:0]    b_pc;
    reg [63:0]       b_ir;
    reg [7:0]        b_op;
    reg [5:0]        b_rd;
    reg [31:0]       b_sel;
    reg              b_skip, b_wrd;
    reg              b_wd;
    reg [7:0]        b_trap;
    reg [LANES*32-1:0] b_res;
    reg [PCW-1:0]    b_imm;
    reg [31:0]       setp_acc;

    // ---- the stage's moves -------------------------------------------------------
    wire x_busy;                        // EX keeps its beat (the LSU, a unit full)
    wire x_to_wb;                       // EX's own beat moves into WB
    wire dv_take;                       // EX's division beat moves into the division unit
    wire fv_take;                       // EX's FP beat moves into the FP unit
    // EX accepts a beat: its own leaves (into WB, into the LSU queue, or a
    // gather beat into the queue's next entry)
    wire x_take = !x_v || i_ls_take || dv_take || fv_take || (!x_busy && !i_b_busy && !i_wb_blk);
    // (a squash's cycle loads nothing into EX: the beat is dropped with
    // DE's, the scoreboard clears its warp)
    wire x_in   = i_dx_v && x_take && i_run && !i_squash;
    wire b_trap_c = b_v && b_commit && b_trap != `WQ_TRAP_NONE;   // a trap commits in WB

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
    wire [LANES*32-1:0] mul_res;        // WB's MUL / MULHU beat (the multiplier's second stage)
    wq_valu #(.LANES(LANES)) u_valu (
        .i_clk(i_clk), .i_ld(x_in), .i_ld_op(i_dx_op), .i_ld_fn(i_dx_fn),   // (x_op, x_fn)
        .i_en(x_to_wb), .i_a(op_a), .i_b(op_b),
        .i_cond(x_lanes(x_cond, x_p)), .o_res(alu_res), .o_cmp(alu_cmp), .o_mul(mul_res));
    wire [LANES*32-1:0] x_res = (x_op == `WQ_OP_S2R) ? s2r_res : alu_res;
    // WB's beat is a MUL / MULHU part: its values are the multiplier's
    // (the partial products registered as it left EX, summed in WB)
    wire b_mul = b_op == `WQ_OP_MUL || b_op == `WQ_OP_MULHU;

    // ---- division (exec_alu.c DIVU, DIV, REMU, REM: wq_core_div) -----------------
    // A division's beats leave EX into the unit one a cycle (x_dv,
    // dv_take), its divider array divides the parts with a selected lane,
    // and its commit goes through the completion path (dc_go, below);
    // another division waits in EX while the unit holds one.
    wire        x_dvop  = (x_op == `WQ_OP_DIVU) || (x_op == `WQ_OP_DIV) ||
                          (x_op == `WQ_OP_REMU) || (x_op == `WQ_OP_REM);
    wire        x_dv    = x_v && x_dvop && x_trap == `WQ_TRAP_NONE && !x_skip;
    wire        dv_busy, dv_open, dv_rdy, dv_on, dv_last;
    wire [5:0]  dv_p, dv_rd;
    wire [LANES*32-1:0] dv_row;
    wire [WID_W-1:0] dv_w;
    wire [PCW-1:0] dv_pc;
    wire [63:0] dv_ir;
    wire [31:0] dv_sel;
    wire [`WQ_OP_W-1:0] dv_op;
    wire        dc_go;                  // the division's completion beat this cycle
    wq_core_div #(.LANES(LANES), .DIV_LANES(DIV_LANES), .PCW(PCW), .WID_W(WID_W)) u_dvu (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_in(dv_take), .i_commit(x_commit), .i_p(x_p), .i_lanes(x_lanes(x_sel, x_p)),
        .i_op(x_op), .i_w(x_w), .i_pc(x_pc), .i_ir(x_ir), .i_rd(x_rd), .i_sel(x_sel),
        .i_a(op_a), .i_b(op_b), .o_busy(dv_busy), .o_open(dv_open),
        .i_go(dc_go), .o_rdy(dv_rdy), .o_on(dv_on), .o_last(dv_last), .o_p(dv_p),
        .o_row(dv_row), .o_w(dv_w), .o_pc(dv_pc), .o_ir(dv_ir), .o_rd(dv_rd),
        .o_sel(dv_sel), .o_op(dv_op));

    // ---- floating point (exec_fp.c: wq_fpu) ---------------------------------------
    // An FP instruction's beats leave EX into the unit one a cycle (x_fv,
    // fv_take; FFMA's second pass brings its addend rd), its pipelined
    // units compute the parts with a selected lane FP_LANES lanes at a
    // time, and its commit goes through the completion path (fc_go,
    // below), the unit's instructions in the order they came in.  The unit
    // holds several instructions (different warps'); another FP
    // instruction waits in EX while its operand buffer holds one or no
    // slot is free (fv_free).  FP = 0: no unit (DE traps every FP opcode,
    // so none reaches EX).
    reg         x_fpop;
    always @(*)
        case (x_op)
        `WQ_OP_FADD, `WQ_OP_FSUB, `WQ_OP_FMUL, `WQ_OP_FFMA, `WQ_OP_FDIV, `WQ_OP_FSQRT,
        `WQ_OP_FMIN, `WQ_OP_FMAX, `WQ_OP_FSETP, `WQ_OP_FCLASS, `WQ_OP_I2F, `WQ_OP_U2F,
        `WQ_OP_F2I, `WQ_OP_F2U:
            x_fpop = FP != 0;
        default:
            x_fpop = 1'b0;
        endcase
    wire        x_fv    = x_v && x_fpop && x_trap == `WQ_TRAP_NONE && !x_skip;
    wire        fv_busy, fv_open, fv_free, fv_more, fv_rdy, fv_on, fv_last, fv_pw;
    wire [5:0]  fv_p, fv_rd;
    wire [LANES*32-1:0] fv_row;
    wire [31:0] fv_pred;
    wire [WID_W-1:0] fv_w;
    wire [PCW-1:0] fv_pc;
    wire [63:0] fv_ir;
    wire [31:0] fv_sel;
    wire [`WQ_OP_W-1:0] fv_op;
    wire        fc_go;                  // the FP unit's completion beat this cycle
    generate if (FP != 0) begin : g_fpu
        wq_fpu #(.LANES(LANES), .FP_LANES(FP_LANES), .PCW(PCW), .WID_W(WID_W)) u_fpu (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_in(fv_take), .i_commit(x_commit), .i_p(x_p), .i_k(x_k[0]),
            .i_lanes(x_lanes(x_sel, x_p)), .i_op(x_op), .i_fn(x_fn), .i_w(x_w), .i_pc(x_pc),
            .i_ir(x_ir), .i_rd(x_rd), .i_sel(x_sel), .i_a(op_a), .i_b(op_b), .i_c(op_rb),
            .o_busy(fv_busy), .o_open(fv_open), .o_free(fv_free), .o_more(fv_more),
            .i_go(fc_go), .o_rdy(fv_rdy), .o_on(fv_on), .o_last(fv_last), .o_pw(fv_pw),
            .o_p(fv_p), .o_row(fv_row), .o_pred(fv_pred), .o_w(fv_w), .o_pc(fv_pc),
            .o_ir(fv_ir), .o_rd(fv_rd), .o_sel(fv_sel), .o_op(fv_op));
    end else begin : g_nofpu
        assign fv_busy = 1'b0; assign fv_open = 1'b0; assign fv_rdy = 1'b0;
        assign fv_free = 1'b0; assign fv_more = 1'b0;
        assign fv_on = 1'b0; assign fv_last = 1'b0; assign fv_pw = 1'b0;
        assign fv_p = 6'd0; assign fv_rd = 6'd0; assign fv_row = {LANES*32{1'b0}};
        assign fv_pred = 32'd0; assign fv_w = {WID_W{1'b0}}; assign fv_pc = {PCW{1'b0}};
        assign fv_ir = 64'd0; assign fv_sel = 32'd0; assign fv_op = {`WQ_OP_W{1'b0}};
    end endgenerate

    // ---- where EX's beat goes -------------------------------------------------------
    // (EX's beat leaves into WB: an ATOM's write-back beat, the LSU's, or
    // a beat of EX's own; the LSU holds EX's memory beats: wq_core_lsu)
    assign x_to_wb = x_v && !x_busy && !i_b_busy && !i_wb_blk && !i_squash_x && (x_commit || !x_mem) &&
                     !x_dv && !x_fv;
    assign x_busy = i_ls_busy || (x_dv && !dv_take) || (x_fv && !fv_take);
    // a division's beats enter the division unit: its first part when the
    // unit is free (not while a store that wrote code waits to commit, nor
    // behind a trap in WB: both commit with the unit empty), the rest as
    // they come (the beats of one instruction are consecutive)
    assign dv_take = x_dv && !i_squash_x &&
                     (dv_open || (!dv_busy && !i_wb_blk && !b_trap_c));
    // (an FP instruction's beats enter the FP unit likewise, its first
    // part when the unit's operand buffer and a slot are free: the unit
    // holds several instructions)
    assign fv_take = x_fv && !i_squash_x &&
                     (fv_open || (fv_free && !i_wb_blk && !b_trap_c));

    // ---- the units' commits on the completion path --------------------------------
    // The division's starts when the completion path is free (i_cm_start:
    // WB's instruction has emitted nothing, no LSU completion runs or has
    // just ended, no ATOM is between its start and its commit) and, as WB
    // after a completion, not right after its own last one when WB holds
    // a beat (dc_yield: WB first); the hold's last commit waits for the
    // fetch run and the answers owed, as WB's (i_cm_idle).  The FP unit's
    // commit (fc_go) is started on the same terms when no division's
    // starts or runs (the division first), and neither starts while the
    // other's commit runs.
    reg  dc_yield, fc_yield;
    wire dc_endw  = dv_last && i_cm_idle && !fv_busy;
    wire fc_endw  = fv_last && i_cm_idle && !dv_busy && !fv_more;
    wire cm_start = i_cm_start && !dc_yield && !fc_yield;
    assign dc_go = dv_rdy && !dc_endw && (dv_on || (cm_start && !fv_on));
    assign fc_go = fv_rdy && !fc_endw && (fv_on || (cm_start && !dv_on && !dc_go));
    always @(posedge i_clk)
        if (i_reset) begin
            dc_yield <= 1'b0;
            fc_yield <= 1'b0;
        end else begin
            dc_yield <= dc_go && dv_last && b_v && !i_b_twait;
            fc_yield <= fc_go && fv_last && b_v && !i_b_twait;
        end

    // ---- (DE/EX buffer) -> EX -----------------------------------------------------------
    always @(posedge i_clk) begin
        if (x_in) begin
            x_v <= 1'b1;
            x_w <= i_dx_w;
            x_pc <= i_dx_pc;
            x_ir <= i_dx_ir;
            x_op <= i_dx_op;
            x_rd <= {1'b0, i_dx_rd};
            x_bi <= i_dx_bi;
            x_imm <= i_dx_imm;
            x_fn <= i_dx_fn;
            x_sel <= i_dx_sel;
            x_cond <= i_dx_cond;
            x_skip <= i_dx_skip;
            x_trap <= i_dx_trap;
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

    // ---- EX -> WB ---------------------------------------------------------------------------
    always @(posedge i_clk) begin
        if (!i_b_busy) b_v <= 1'b0;
        if (i_b_busy && !i_wb_frz) b_fp <= 1'b0;    // (written in its first cycle, below)
        if (i_wb_ls) begin
            // the write-back beat of rd + ls_wk, part ls_p (ATOM's old
            // values): the registers in order, each over its parts
            b_v <= 1'b1;
            b_commit <= 1'b0;
            b_fp <= 1'b0;
            b_w <= x_w; b_p <= i_ls_p; b_pc <= x_pc; b_op <= x_op; b_rd <= x_rd + {4'd0, i_ls_wk};
            b_sel <= x_sel; b_skip <= 1'b0; b_wrd <= 1'b1; b_trap <= `WQ_TRAP_NONE;
            b_res <= i_ls_wb_row;
        end else if (x_to_wb) begin
            b_v <= 1'b1;
            b_commit <= x_commit;
            // (an atomic of one register and one part: its write-back is
            // its commit beat's, ls_fuse)
            b_fp <= x_fp || i_ls_fuse;
            b_w <= x_w; b_p <= i_ls_fuse ? 6'd0 : x_p; b_pc <= x_pc; b_ir <= x_ir; b_op <= x_op;
            b_rd <= x_rd; b_sel <= x_sel; b_skip <= x_skip; b_wrd <= x_wrd || i_ls_fuse;
            b_wd <= i_wave_subv;
            b_trap <= (x_commit && x_mem && i_ls_bad && x_trap == `WQ_TRAP_NONE && !x_skip) ?
                      `WQ_TRAP_MISALIGNED : x_trap;
            b_res <= i_ls_fuse ? i_ls_row0 : x_res;
            b_imm <= x_imm[PCW-1:0];
            // (the divergence unit starts its prologue and record walk: wq_diverge)
            if (!x_commit && x_op == `WQ_OP_SETP) begin
                if (x_p == 6'd0) setp_acc <= {{(32-LANES){1'b0}}, alu_cmp};
                else setp_acc <= setp_acc | ({{(32-LANES){1'b0}}, alu_cmp} << (x_p * LANES));
            end
        end
        // the divergence unit's steps (wq_diverge: the deque calls, the
        // prologue, the record walk): its deque-room trap becomes WB's
        if (i_ptrap_go) b_trap <= i_ptrap;
        // a completion's commit of a store that wrote code: the younger
        // entries go (the LSU drops them, wq_issue frees their warps), WB's
        // beat too, and the fetch run stops (wq_fetch)
        if (i_b_drop && b_v) b_v <= 1'b0;
        if (i_reset) b_v <= 1'b0;
    end

    // ---- outputs ------------------------------------------------------------------------------
    assign o_x_take = x_take;
    assign o_x_v = x_v;         assign o_x_commit = x_commit; assign o_x_w = x_w;
    assign o_x_p = x_p;         assign o_x_k = x_k;           assign o_x_pc = x_pc;
    assign o_x_ir = x_ir;       assign o_x_op = x_op;         assign o_x_rd = x_rd;
    assign o_x_imm = x_imm;     assign o_x_fn = x_fn;         assign o_x_sel = x_sel;
    assign o_x_skip = x_skip;   assign o_x_trap = x_trap;     assign o_x_mem = x_mem;
    assign o_x_msize = x_msize; assign o_x_msext = x_msext;   assign o_x_amask = x_amask;
    assign o_x_words = x_words; assign o_x_dv = x_dv;
    assign o_op_a = op_a;       assign o_op_rb = op_rb;       assign o_x_to_wb = x_to_wb;
    assign o_b_v = b_v;         assign o_b_commit = b_commit; assign o_b_fp = b_fp;
    assign o_b_w = b_w;         assign o_b_p = b_p;           assign o_b_pc = b_pc;
    assign o_b_ir = b_ir;       assign o_b_op = b_op;         assign o_b_rd = b_rd;
    assign o_b_sel = b_sel;     assign o_b_skip = b_skip;     assign o_b_wrd = b_wrd;
    assign o_b_wd = b_wd;       assign o_b_trap = b_trap;     assign o_b_imm = b_imm;
    assign o_b_res = b_mul ? mul_res : b_res;
    assign o_setp_acc = setp_acc;
    assign o_dv_busy = dv_busy; assign o_dv_open = dv_open;   assign o_dv_on = dv_on;
    assign o_dv_w = dv_w;       assign o_dc_go = dc_go;
    assign o_xu_busy = dv_busy || fv_busy;
    assign o_xc_open = dv_on || dc_yield || fv_on || fc_yield;
    assign o_xc_frz  = dc_go || dv_on || fc_go || fv_on;
    // the completion beat: the division's or the FP unit's (an FP beat: a
    // part's results, or FSETP's predicate beat, fv_pw, which writes no
    // register); another instruction behind it in the units
    assign o_xc_go   = dc_go || fc_go;
    assign o_xc_last = dc_go ? dv_last : fv_last;
    assign o_xc_more = dc_go ? fv_busy : (dv_busy || fv_more);
    assign o_xc_w    = dc_go ? dv_w : fv_w;
    assign o_xc_pc   = dc_go ? dv_pc : fv_pc;
    assign o_xc_sel  = dc_go ? dv_sel : fv_sel;
    assign o_xc_ir   = dc_go ? dv_ir : fv_ir;
    assign o_xc_rd   = dc_go ? dv_rd : fv_rd;
    assign o_xc_p    = dc_go ? dv_p : fv_p;
    assign o_xc_row  = dc_go ? dv_row : fv_row;
    assign o_xc_op   = dc_go ? dv_op : fv_op;
    assign o_xc_pw   = fc_go && fv_pw;
    assign o_xc_nowr = fc_go && fv_op == `WQ_OP_FSETP;
    assign o_fc_go = fc_go;     assign o_fv_w = fv_w;         assign o_fv_rd = fv_rd[2:0];
    assign o_fv_sel = fv_sel;   assign o_fv_pred = fv_pred;

`ifdef FORMAL
    // Checked inside the core (scripts/formal.sh, jobs core, core_w1) and
    // alone (job ex_stage, FORMAL_EX_STAGE_TOP: the DE/EX buffer's beat,
    // the LSU's, WB's and the completion path's inputs free, the first
    // cycle a reset; the vector ALU and the division unit's dividers cut
    // to free outputs).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
`ifdef FORMAL_EX_STAGE_TOP
    always @(*) if (!f_past) assume(i_reset);
    // the core's contracts on EX's inputs: a squash of EX's beat is a
    // squash (i_squash covers i_squash_x and i_cp_code); the LSU's
    // write-back beat moves only while WB takes a beat (wq_core_lsu)
    always @(*) begin
        if (i_squash_x || i_cp_code) assume(i_squash);
        if (i_wb_ls) assume(!i_b_busy);
    end
`endif
    always @(*) if (f_past && !i_reset) begin
        // a beat goes one way: into WB, the division unit or the FP unit
        if (x_to_wb) assert(!dv_take && !fv_take);
        if (dv_take) assert(x_dv && !fv_take);
`ifndef FORMAL_EX_STAGE_TOP
        // (inside the core, where DE's expander sends part 0 first) a
        // division's first beat is part 0 into a free unit
        if (dv_take && !dv_busy) assert(!x_commit && x_p == 6'd0);
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
            if ($past(x_in)) assert(x_v && x_w == $past(i_dx_w) && x_p == $past(i_dx_p) &&
                                    x_commit == $past(i_dx_commit));
            // WB takes EX's beat with its warp, part and commit; WB keeps
            // its beat while busy (a code-writing store's commit aside)
            if ($past(x_to_wb && !i_wb_ls && !i_b_drop))
                assert(b_v && b_w == $past(x_w) && b_commit == $past(x_commit) &&
                       b_pc == $past(x_pc) && b_op == $past(x_op));
            if ($past(i_b_busy && b_v && !i_b_drop)) assert(b_v);
            if ($past(!i_b_busy && !i_wb_ls && !x_to_wb)) assert(!b_v);
            // SETP's first part beat starts its compare bits afresh
            if ($past(x_to_wb && !i_wb_ls && !x_commit && x_op == `WQ_OP_SETP && x_p == 6'd0))
                assert(setp_acc == {{(32-LANES){1'b0}}, $past(alu_cmp)});
        end
`ifdef FORMAL_EX_STAGE_TOP
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            // a commit beat into WB; a division's first beat into the
            // unit; EX waits for WB; an LSU write-back beat into WB
            c_to_wb: cover(x_to_wb && x_commit);
            c_dv:    cover(dv_take && !dv_busy);
            c_wait:  cover(x_v && !x_take && i_b_busy);
            c_wb_ls: cover(i_wb_ls && b_v);
        end
`endif
`endif
endmodule
