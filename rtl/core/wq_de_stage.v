// wq_de_stage.v -- the pipelined core's decode stage DE and its expander
// (docs/rtl/wq_de_stage.md): the instruction word from the FE/DE skid
// buffer, with the fields the fetch predecoded as it filled the
// instruction buffer (wq_decode, wq_predec.vh), is checked and guarded,
// and sent on to EX as its beats through the DE/EX skid buffer (wq_skid).
// DE decodes nothing itself: its decoder's facts are registers (d_pd),
// the word's fields are bits of its register (d_ir).
//
// DE holds one warp instruction (d_v).  Its checks: an illegal encoding,
// a register beyond the launch's count or the file (outside a sub-vector
// segment's packed registers), an opcode the core does not execute: the
// trap code the beat carries.  Its guard: the threads the guard
// predicate selects among the active ones (warp instructions: every
// active one); an instruction no thread selects is skipped.  The
// expander sends the instruction on as its beats, one a cycle while the
// DE/EX buffer has room and the core runs its pipeline (i_run): a part
// beat a LANES-wide part (d_p) of each rb register it reads (d_k:
// st.v4's four, CAS's two, FFMA's addend), then the commit beat; the
// register-writing ALU instructions carry their commit on their last
// part beat, an instruction without part beats is its commit beat.  Each
// beat carries the rows EX reads: the register file's (ra, rb; packed
// shared registers in a sub-vector segment, wq_rf_row.vh), the
// thread-id RAM's, and whether they read zero (i_za, i_zb: the core's
// write-back decides, from o_rf_ra / o_rf_rb).
//
// A squash (i_squash: a trap's commit, a code-writing store) drops DE's
// instruction and the beat waiting in the DE/EX buffer.
`default_nettype none
`include "wq_defs.vh"
`include "wq_predec.vh"

module wq_de_stage #(
    parameter LANES = 32,
    parameter REGS  = 32,
    parameter FP    = 0,
    parameter PCW   = `WQ_TF_ADDR_W,
    parameter WID_W = 3,
    parameter RF_AW = 10,
    parameter TR_AW = 3
) (
    input  wire                 i_clk,
    input  wire                 i_reset,
    input  wire                 i_run,          // the core's pipeline phase
    input  wire                 i_squash,
    // ---- the FE/DE skid buffer's beat (DE takes it: o_take) ----
    input  wire                 i_fd_v,
    input  wire [WID_W-1:0]     i_fd_w,
    input  wire [PCW-1:0]       i_fd_pc,
    input  wire [63:0]          i_fd_ir,
    input  wire [`WQ_PD_W-1:0]  i_fd_pd,        // ... its predecoded fields
    input  wire [8*32-1:0]      i_fd_prow,      // ... its warp's predicates (wq_warp_slots at i_fd_w)
    input  wire [4:0]           i_fd_sbase,     // ... its warp's shared base (wq_warp_slots at i_fd_w)
    input  wire                 i_fd_son,       // ... its warp's segment flag (wq_diverge at i_fd_w)
    output wire                 o_take,         // DE is empty or its last beat leaves
    // ---- DE's instruction ----
    output reg                  o_v,
    output reg  [WID_W-1:0]     o_w,
    output reg  [PCW-1:0]       o_pc,
    // ---- its warp's slot (wq_warp_slots at o_w) and segment (wq_diverge) ----
    input  wire [31:0]          i_act,          // active threads
    input  wire [8*32-1:0]      i_prow,         // predicates (the formal properties')
    input  wire [5:0]           i_nregs,        // the launch's register count
    input  wire [4:0]           i_sbase,        // the shared base (0: nothing packed; the formal properties')
    input  wire                 i_son,          // in a sub-vector segment (the formal properties')
    // ---- the rows its beat reads, and whether they read zero ----
    output wire [RF_AW-1:0]     o_rf_ra,
    output wire [RF_AW-1:0]     o_rf_rb,
    input  wire                 i_za,
    input  wire                 i_zb,
    // ---- the DE/EX skid buffer: its beat, EX takes it (i_x_take) ----
    input  wire                 i_x_take,
    output wire                 o_dx_held,      // a beat waits in it
    output wire                 o_dx_v,
    output wire [WID_W-1:0]     o_dx_w,
    output wire [PCW-1:0]       o_dx_pc,
    output wire [63:0]          o_dx_ir,
    output wire [7:0]           o_dx_op,
    output wire [4:0]           o_dx_rd,
    output wire                 o_dx_bi,
    output wire [31:0]          o_dx_imm,
    output wire [3:0]           o_dx_fn,
    output wire [31:0]          o_dx_sel,       // the guard's threads
    output wire [31:0]          o_dx_cond,      // SEL's predicate (FN's, maybe inverted)
    output wire                 o_dx_skip,      // no thread selected
    output wire [7:0]           o_dx_trap,
    output wire                 o_dx_wrd,       // writes rd
    output wire                 o_dx_mem,       // LD, ST, ATOM
    output wire [1:0]           o_dx_msize,
    output wire                 o_dx_msext,
    output wire [3:0]           o_dx_amask,
    output wire [2:0]           o_dx_words,     // registers a thread moves
    output wire [5:0]           o_dx_p,         // the beat's part
    output wire [1:0]           o_dx_k,         // ... and rb + k
    output wire                 o_dx_fp,        // the commit beat is also the last part beat
    output wire                 o_dx_commit,    // the commit beat
    output wire [RF_AW-1:0]     o_dx_ra,
    output wire [RF_AW-1:0]     o_dx_rb,
    output wire [RF_AW-1:0]     o_dx_rr,        // rd's part 0 row (the commit's write)
    output wire [3:0]           o_dx_rpk,       // rd + k packed, k = 0..3
    output wire [TR_AW-1:0]     o_dx_tr,
    output wire                 o_dx_za,
    output wire                 o_dx_zb
);
    localparam PARTS = 32 / LANES;
    localparam [5:0] PARTS6 = PARTS[5:0];
`include "wq_rf_row.vh"
    /* verilator lint_off WIDTH */
    function [TR_AW-1:0] tr_row;
        input [WID_W-1:0] w;
        input [5:0]       p;
        tr_row = {26'd0, w} * PARTS + {26'd0, p};
    endfunction
    /* verilator lint_on WIDTH */

    reg [63:0]       d_ir;
    // the guard's and SEL's predicates, registered as DE takes the
    // instruction from the FE/DE buffer's warp's row: the guard's zero
    // test and the expander start at flip-flops, not behind the predicate
    // row's read and an 8:1 select.  A warp's predicates change only at
    // its own commits and its start, and it has one instruction in flight,
    // so they hold while DE has its instruction (the FORMAL section)
    reg [31:0]       d_gq, d_cq;
    reg              d_pkon;                    // its warp packs registers (a segment, a shared base)
    reg              d_apk;                     // ra is packed
    reg  [RF_AW-1:0] d_arow;                    // ... its row
    reg  [3:0]       d_bpk;                     // rb + k is packed (k = 0..3)
    reg  [RF_AW-1:0] d_brow;                    // ... rb's packed row (rb + k's: + k)
    reg  [RF_AW-1:0] d_rbr;                     // the rb port's row at the walk's (k, p)
    reg  [RF_AW-1:0] d_rar;                     // the ra port's row at the walk's p
    reg  [RF_AW-1:0] d_rr;                      // rd's part 0 row
    reg  [3:0]       d_rpk;                     // rd + k is packed (k = 0..3)
    reg [5:0]        d_p;                       // next part beat
    reg [1:0]        d_k;                       // its rb + k (st.v4, CAS)
    reg              d_parts_done;              // only the commit beat is left

    // ---- the decoder's facts (predecoded: d_pd) and the word's fields ---------------
    reg [`WQ_PD_W-1:0]      d_pd;
    wire                    dc_legal  = d_pd[`WQ_PD_LEGAL];
    wire [`WQ_IF_W-1:0]     dc_flags  = d_pd[`WQ_PD_FLAGS];
    wire [2:0]              dc_words  = d_pd[`WQ_PD_WORDS];
    wire [1:0]              dc_msize  = d_pd[`WQ_PD_MSIZE];
    wire                    dc_msext  = d_pd[`WQ_PD_MSEXT];
    wire [3:0]              dc_amask  = d_pd[`WQ_PD_AMASK];
    wire [5:0]              dc_maxreg = d_pd[`WQ_PD_MAXREG];
    wire [`WQ_OP_W-1:0]     dc_op  = d_ir[`WQ_F_OP_RANGE];
    wire [`WQ_F_GP_W-1:0]   dc_gp  = d_ir[`WQ_F_GP_RANGE];
    wire                    dc_gn  = d_ir[`WQ_F_GN_LO];
    wire [`WQ_F_RD_W-1:0]   dc_rd  = d_ir[`WQ_F_RD_RANGE];
    wire [`WQ_F_RA_W-1:0]   dc_ra  = d_ir[`WQ_F_RA_RANGE];
    wire [`WQ_F_RB_W-1:0]   dc_rb  = d_ir[`WQ_F_RB_RANGE];
    wire                    dc_bi  = d_ir[`WQ_F_BI_LO];
    wire [`WQ_F_FN_W-1:0]   dc_fn  = d_ir[`WQ_F_FN_RANGE];
    wire [`WQ_F_IMM_W-1:0]  dc_imm = d_ir[`WQ_F_IMM_RANGE];

    // what the core executes itself (wq_core.v's header), as compares of
    // the opcode (a case here is turned into a ROM whose address register
    // Yosys then takes from d_ir, moving the table in front of DE's
    // register, behind its take)
    wire dc_core_op =
        dc_op == `WQ_OP_NOP || dc_op == `WQ_OP_MEMBAR || dc_op == `WQ_OP_EXIT ||
        dc_op == `WQ_OP_MOV || dc_op == `WQ_OP_ADD || dc_op == `WQ_OP_SUB ||
        dc_op == `WQ_OP_MUL || dc_op == `WQ_OP_MULHU || dc_op == `WQ_OP_AND ||
        dc_op == `WQ_OP_OR || dc_op == `WQ_OP_XOR || dc_op == `WQ_OP_SHL ||
        dc_op == `WQ_OP_SHR || dc_op == `WQ_OP_SRA || dc_op == `WQ_OP_MIN ||
        dc_op == `WQ_OP_MAX || dc_op == `WQ_OP_MINU || dc_op == `WQ_OP_MAXU ||
        dc_op == `WQ_OP_SETP || dc_op == `WQ_OP_SEL || dc_op == `WQ_OP_S2R ||
        dc_op == `WQ_OP_BRA || dc_op == `WQ_OP_JMP || dc_op == `WQ_OP_SSY ||
        dc_op == `WQ_OP_PBRK || dc_op == `WQ_OP_PCONT || dc_op == `WQ_OP_SYNC ||
        dc_op == `WQ_OP_BRK || dc_op == `WQ_OP_CONT || dc_op == `WQ_OP_BAR ||
        dc_op == `WQ_OP_YIELD || dc_op == `WQ_OP_BRX || dc_op == `WQ_OP_JMX ||
        dc_op == `WQ_OP_CALL || dc_op == `WQ_OP_RET ||
        dc_op == `WQ_OP_SUBV_START || dc_op == `WQ_OP_SUBV_END ||
        dc_op == `WQ_OP_SUBV_LOOP_BEGIN || dc_op == `WQ_OP_SUBV_LOOP_END ||
        dc_op == `WQ_OP_SUBV_AUTO || dc_op == `WQ_OP_DIVU || dc_op == `WQ_OP_DIV ||
        dc_op == `WQ_OP_REMU || dc_op == `WQ_OP_REM ||
        dc_op == `WQ_OP_LD || dc_op == `WQ_OP_ST || dc_op == `WQ_OP_ATOM;
    // the FPU's instructions (FP = 0: wq_decode calls them illegal)
    wire dc_fpu_op =
        dc_op == `WQ_OP_FADD || dc_op == `WQ_OP_FSUB || dc_op == `WQ_OP_FMUL ||
        dc_op == `WQ_OP_FFMA || dc_op == `WQ_OP_FMIN || dc_op == `WQ_OP_FMAX ||
        dc_op == `WQ_OP_FSETP || dc_op == `WQ_OP_FCLASS || dc_op == `WQ_OP_I2F ||
        dc_op == `WQ_OP_U2F || dc_op == `WQ_OP_F2I || dc_op == `WQ_OP_F2U ||
        dc_op == `WQ_OP_FDIV || dc_op == `WQ_OP_FSQRT;
    wire dc_supported = dc_core_op || (FP != 0 && dc_fpu_op);

    // ---- the checks and the guard ----------------------------------------------------
    wire        dc_warpf = (dc_flags & `WQ_IF_WARP) != 0;
    wire [31:0] d_g      = d_gq;
    wire [31:0] d_selg   = i_act & (dc_gn ? ~d_g : d_g);
    wire [31:0] d_sel    = dc_warpf ? i_act : d_selg;
    wire        d_skip   = !dc_warpf && (d_selg == 32'd0);
    wire [31:0] d_cond   = d_cq ^ {32{dc_fn[3]}};
    wire [7:0]  d_trapc  = !dc_legal ? `WQ_TRAP_ILLEGAL_INSTR :
                           (dc_maxreg >= i_nregs ||
                            (!d_pkon && {26'd0, dc_maxreg} >= REGS)) ?
                               `WQ_TRAP_ILLEGAL_REG :
                           !dc_supported ? `WQ_TRAP_ILLEGAL_INSTR : `WQ_TRAP_NONE;

    // ---- the expander's beats -----------------------------------------------------------
    // part beats: the register-writing and memory instructions that
    // neither trap nor are skipped (and BRX, JMX, RET: their part beats
    // gather the per-thread targets).  d_beats_g and d_fuse_g are the tests
    // without the guard's (a skipped instruction has no part beats): the
    // guard's zero test, the stage's deepest term, is applied last (d_cbeat)
    wire        d_tg     = dc_op == `WQ_OP_BRX || dc_op == `WQ_OP_JMX || dc_op == `WQ_OP_RET;
    wire        d_fpop   = (dc_flags & `WQ_IF_FP) != 0;
    // (LD's part beats gather its addresses like ST's; its write-back beats
    // come from the LSU)
    wire        d_mem    = (dc_op == `WQ_OP_LD) || (dc_op == `WQ_OP_ST) || (dc_op == `WQ_OP_ATOM);
    wire        d_beats_g = (d_trapc == `WQ_TRAP_NONE) &&
                            (((dc_flags & `WQ_IF_WRD) != 0) || ((dc_flags & `WQ_IF_MEM) != 0) ||
                             dc_op == `WQ_OP_SETP || d_fpop || d_tg || d_mem);
    // the register-writing ALU instructions (not memory, SETP, the
    // divisions, the target gathers) carry their commit on their last part
    // beat: one beat a part, a warp instruction a cycle at 32 lanes; WB
    // writes that part and emits its REG_WRITE on o_evw_* beside the
    // commit's first record
    wire        d_dvop   = dc_op == `WQ_OP_DIVU || dc_op == `WQ_OP_DIV ||
                           dc_op == `WQ_OP_REMU || dc_op == `WQ_OP_REM;
    wire        d_fuse_g = d_beats_g && !d_mem && !d_tg && !d_dvop && !d_fpop &&
                           dc_op != `WQ_OP_SETP;
    wire        d_p_last = d_p + 6'd1 == PARTS6;
    wire        d_fuse_last = d_fuse_g && !d_skip && !d_parts_done && d_p_last;
    // registers a thread moves: LD / ST's width (4 for .v4), else one
    // (ATOM's FN is its operation, not a width)
    wire [2:0]  d_words  = (dc_op == `WQ_OP_LD || dc_op == `WQ_OP_ST) ? dc_words : 3'd1;
    // rb registers the part beats read (d_k walks them, each over every
    // part): st.v4's four data registers, CAS's compare value and new
    // value, FFMA's addend rd (its second pass reads rd through the rb
    // port: no third read port)
    wire        d_ffma   = dc_op == `WQ_OP_FFMA;
    wire [2:0]  d_nk     = (dc_op == `WQ_OP_ST) ? dc_words :
                           ((dc_op == `WQ_OP_ATOM && dc_fn == `WQ_ATOM_CAS) || d_ffma) ? 3'd2 : 3'd1;

`ifndef SYNTHESIS
    always @(posedge i_clk)
        if (o_v && dc_legal && !dc_supported && !i_reset)
            $display("wq_core: opcode %02x at pc %0d is not executed by the core yet (docs/rtl/wq_core.md)",
                     dc_op, o_pc);
`endif

    // DE -> EX through the skid buffer (u_dx): DE emits a beat into it when
    // it has room (dx_ready, a flip-flop), EX takes from it, so the
    // decisions of WB, the completion path and the division unit stop at
    // EX and never reach DE in the cycle
    wire dx_ready;                             // the buffer has room: DE emits
    wire d_emit  = o_v && dx_ready && i_run;
    // DE's beat is the commit beat: the walk is done, the instruction has
    // no part beats, or it is a fused commit's last part beat.  A skipped
    // instruction has no part beats, so the test is the guard's zero test
    // (d_skip) OR the same test without the guard (d_beats_g, d_fuse_g):
    // the zero test enters DE's take and its registers' load at their last
    // level, the decode's, checks' and walk's terms beside it
    wire d_cbeat = d_skip || d_parts_done || !d_beats_g || (d_fuse_g && d_p_last);
    wire d_last  = d_emit && d_cbeat;                         // ... and leaves
    assign o_take    = !o_v || d_last;

    // ---- the rows: the register file's and the thread-id RAM's (read by
    // wq_opread as the beat enters EX) ---------------------------------------------------
    // A register's row is rf_rowp's: {warp, register, part}, or in a
    // sub-vector segment, for a register at or above the shared base, its
    // packed row -- the same for every part, and linear in the register:
    // the warp's first row + r + base * (PARTS - 1).  The segment state is
    // the warp's own (it changes only at the warp's commits and its
    // start, and a warp has one instruction in flight), so the packed
    // tests and rows are formed from FE's beat and its warp's slot as DE
    // takes it, and registered: a row is then a select of flip-flops (rb's
    // packed row + k for st.v4's registers), not the packing arithmetic
    // behind the slot's select by DE's warp, which the zero-flag read
    // (wq_commit) and the skid buffer's rows sit behind.  The FORMAL
    // section asserts them rf_rowp's of DE's warp's slot while DE holds
    // the instruction.
    wire             fd_pkon = i_fd_son && i_fd_sbase != 5'd0;
    wire [5:0]       fd_ra   = {1'b0, i_fd_ir[`WQ_F_RA_RANGE]};
    wire [5:0]       fd_rb   = {1'b0, i_fd_ir[`WQ_F_RB_RANGE]};
    wire [5:0]       fd_rd   = {1'b0, i_fd_ir[`WQ_F_RD_RANGE]};
    always @(posedge i_clk)
        if (i_fd_v && o_take && !i_squash) begin
            d_pkon <= fd_pkon;
            d_apk  <= rf_pk(fd_ra, i_fd_son, i_fd_sbase);
            d_arow <= rf_prow(i_fd_w, fd_ra, i_fd_sbase);
            d_bpk  <= {rf_pk(fd_rb + 6'd3, i_fd_son, i_fd_sbase), rf_pk(fd_rb + 6'd2, i_fd_son, i_fd_sbase),
                       rf_pk(fd_rb + 6'd1, i_fd_son, i_fd_sbase), rf_pk(fd_rb, i_fd_son, i_fd_sbase)};
            d_brow <= rf_prow(i_fd_w, fd_rb, i_fd_sbase);
            d_rr   <= rf_rowp(i_fd_w, fd_rd, 6'd0, i_fd_son, i_fd_sbase);
            d_rpk  <= {rf_pk(fd_rd + 6'd3, i_fd_son, i_fd_sbase), rf_pk(fd_rd + 6'd2, i_fd_son, i_fd_sbase),
                       rf_pk(fd_rd + 6'd1, i_fd_son, i_fd_sbase), rf_pk(fd_rd, i_fd_son, i_fd_sbase)};
        end
    // rb's port reads rb + k, or FFMA's addend rd on its second pass: its
    // row walks with the beats, a register (d_rbr) loaded with the walk's
    // next (k, p) as d_p and d_k move -- rb's own row (k = p = 0) at the
    // take -- so the port's row is a flip-flop, not an add and two selects
    // in front of the zero-flag read.  (It moves with every beat that
    // leaves but the walk's last part beat, the commit beat's too: after
    // the commit beat DE is empty or takes the next instruction, so the
    // guard's zero test, d_cbeat's deepest term, stays out of its load.)
    wire             w_pnx   = !d_p_last;                            // (the walk's next part...)
    wire             w_knx   = {1'b0, d_k} + 3'd1 != d_nk;           // (... its next register)
    wire [5:0]       p_nx    = w_pnx ? d_p + 6'd1 : 6'd0;
    wire [1:0]       k_nx    = w_pnx ? d_k : d_k + 2'd1;             // (... or next register)
    wire             rbd_nx  = d_ffma && k_nx != 2'd0;
    wire [5:0]       rbk_nx  = {1'b0, dc_rb} + {4'd0, k_nx};
    /* verilator lint_off WIDTH */
    wire [RF_AW-1:0] rbr_nx  = rbd_nx ? (d_rpk[0] ? d_rr : rf_row(o_w, {1'b0, dc_rd}, p_nx)) :
                               d_bpk[k_nx] ? d_brow + k_nx : rf_row(o_w, rbk_nx, p_nx);
    /* verilator lint_on WIDTH */
    // ra's port walks the parts alike (d_rar: its packed row, the same
    // for every part, or its row at the walk's next p), so the zero-flag
    // read's bit select (wq_commit's o_de_za) starts at a flip-flop, not
    // behind the row's add and the packed select.  Rows of one register
    // are consecutive by part: the next part's is the register's + 1, the
    // next register's walk starts again at part 0 (two adds beside each
    // other, the walk's step selecting: not the part's increment in front
    // of the row's add)
    wire [RF_AW-1:0] rar_nx  = d_apk ? d_arow : w_pnx ? d_rar + 1'b1 : rf_row(o_w, {1'b0, dc_ra}, 6'd0);
    always @(posedge i_clk)
        if (i_fd_v && o_take && !i_squash) begin
            d_rbr <= rf_rowp(i_fd_w, fd_rb, 6'd0, i_fd_son, i_fd_sbase);
            d_rar <= rf_rowp(i_fd_w, fd_ra, 6'd0, i_fd_son, i_fd_sbase);
        end else if (d_emit && (w_pnx || w_knx)) begin
            d_rbr <= rbr_nx;                    // (not past the walk's last beat)
            d_rar <= rar_nx;
        end
    assign o_rf_ra = d_rar;
    assign o_rf_rb = d_rbr;

    // the destination's rows for the commit's writes (the division's, the
    // FP unit's and a load's completion beats: wq_ex_stage's xc, the LSU's
    // cp), as rd's part 0 row and whether rd + k is a packed shared
    // register (k = 0..3: a vector load's registers), so the completion
    // path reads its row from flip-flops (d_rr, d_rpk above).  A warp has
    // one instruction in flight and its segment state changes only at its
    // own commits, so they hold until the write (FORMAL, wq_core: the row
    // the completion writes is rf_rowp's of its register and part).

    // ---- DE -> EX: the stage contract's skid buffer (wq_skid) ---------------------------
    // It carries DE's beat as EX's registers take it, with the rows EX
    // reads: a beat that waits in the buffer is read (wq_opread) as EX
    // takes it, from the rows saved with it.  A squash empties it (its
    // beat is younger than EX's: a trap's and a code-writing store's
    // squash drop EX too, an atomic's is EX's own beat).
    localparam DXW = WID_W + PCW + 64 + 8 + 5 + 1 + 32 + 4 + 32 + 32 + 1 + 8 + 1 + 1 + 2 + 1 + 4 +
                     3 + 6 + 2 + 1 + 1 + 3 * RF_AW + 4 + TR_AW + 2;
    wire [DXW-1:0]   dx_in = {o_w, o_pc, d_ir, dc_op, dc_rd, dc_bi, dc_imm, dc_fn[3:0], d_sel, d_cond,
                              d_skip, d_trapc, (dc_flags & `WQ_IF_WRD) != 0, d_mem, dc_msize,
                              dc_msext, dc_amask, d_words, d_p, d_k, d_fuse_last, d_cbeat,
                              o_rf_ra, o_rf_rb, d_rr, d_rpk, tr_row(o_w, d_p), i_za, i_zb};
    wq_skid #(.DW(DXW)) u_dx (
        .i_clk(i_clk), .i_valid(o_v && i_run), .i_data(dx_in), .o_ready(dx_ready), .o_held(o_dx_held),
        .i_reset(i_reset || i_squash), .i_ready(i_x_take && i_run), .o_valid(o_dx_v),
        .o_data({o_dx_w, o_dx_pc, o_dx_ir, o_dx_op, o_dx_rd, o_dx_bi, o_dx_imm, o_dx_fn, o_dx_sel,
                 o_dx_cond, o_dx_skip, o_dx_trap, o_dx_wrd, o_dx_mem, o_dx_msize, o_dx_msext,
                 o_dx_amask, o_dx_words, o_dx_p, o_dx_k, o_dx_fp, o_dx_commit, o_dx_ra, o_dx_rb,
                 o_dx_rr, o_dx_rpk, o_dx_tr, o_dx_za, o_dx_zb}));

    // ---- DE's instruction: FE's hit from the skid buffer, dropped by its
    // last beat or a squash -------------------------------------------------------------
    always @(posedge i_clk) begin
        if (d_last) o_v <= 1'b0;               // (FE's instruction may follow at once)
        if (i_fd_v && o_take && !i_squash) o_v <= 1'b1;
        if (i_squash) o_v <= 1'b0;
        if (i_reset) o_v <= 1'b0;
    end
    always @(posedge i_clk)
        if (i_fd_v && o_take && !i_squash) begin
            o_w <= i_fd_w;
            o_pc <= i_fd_pc;
            d_ir <= i_fd_ir;
            d_pd <= i_fd_pd;
            d_gq <= i_fd_prow[{i_fd_ir[`WQ_F_GP_RANGE], 5'd0} +: 32];
            d_cq <= i_fd_prow[{i_fd_ir[`WQ_F_FN_LO +: 3], 5'd0} +: 32];
        end
    // the expander's walk: each part of rb + k, then the commit beat
    always @(posedge i_clk)
        if (i_fd_v && o_take && !i_squash) begin
            d_p <= 6'd0;
            d_k <= 2'd0;
            d_parts_done <= 1'b0;
        end else if (d_emit && !d_cbeat) begin
            // (the commit beat follows the last part beat)
            if (w_pnx) d_p <= d_p + 6'd1;
            else if (w_knx) begin
                d_p <= 6'd0;
                d_k <= d_k + 2'd1;
            end else d_parts_done <= 1'b1;
        end

`ifndef FORMAL
    wire unused_prow = &{1'b0, i_prow, dc_gp, i_son, i_sbase};   // (the formal properties')
`endif
    // the registered rows are rf_rowp's of DE's warp's slot (the FORMAL
    // section's property, checked in every simulation too: a lockstep bench
    // stops here rather than at the first wrong value it reads)
    wire             rb_rd = d_ffma && d_k != 2'd0;            // (rb's port reads rd)
    wire [5:0]       rb_k  = {1'b0, dc_rb} + {4'd0, d_k};
    wire [RF_AW-1:0] f_ra  = rf_rowp(o_w, {1'b0, dc_ra}, d_p, i_son, i_sbase);
    wire [RF_AW-1:0] f_rb  = rf_rowp(o_w, rb_rd ? {1'b0, dc_rd} : rb_k, d_p, i_son, i_sbase);
    wire [RF_AW-1:0] f_rr  = rf_rowp(o_w, {1'b0, dc_rd}, 6'd0, i_son, i_sbase);
    wire [3:0]       f_rpk = {rf_pk({1'b0, dc_rd} + 6'd3, i_son, i_sbase),
                              rf_pk({1'b0, dc_rd} + 6'd2, i_son, i_sbase),
                              rf_pk({1'b0, dc_rd} + 6'd1, i_son, i_sbase),
                              rf_pk({1'b0, dc_rd}, i_son, i_sbase)};
    wire             f_rows_ok = o_rf_ra == f_ra && o_rf_rb == f_rb && d_rr == f_rr && d_rpk == f_rpk &&
                                 d_pkon == (i_son && i_sbase != 5'd0);
`ifndef SYNTHESIS
`ifndef FORMAL
    always @(posedge i_clk)
        if (o_v && !i_reset && !f_rows_ok) begin
            $display("wq_de_stage: warp %0d pc %0d: the rows registered at DE's take (ra %0d, rb %0d, rd %0d) are not its slot's (%0d, %0d, %0d)",
                     o_w, o_pc, o_rf_ra, o_rf_rb, d_rr, f_ra, f_rb, f_rr);
            $stop;
        end
`endif
`endif
`ifdef FORMAL
    // Checked inside the core (scripts/formal.sh, job core) and alone (job
    // de_stage, FORMAL_DE_STAGE_TOP: the FE/DE buffer's beat, the slot's
    // fields and EX's take free, the first cycle a reset).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
`ifdef FORMAL_DE_STAGE_TOP
    always @(*) if (!f_past) assume(i_reset);
`endif
`ifndef FORMAL_DE_STAGE_TOP
    // (inside the core) the guard's and SEL's predicates registered at the
    // take are DE's warp's row's all the while DE holds the instruction
    always @(*)
        if (f_past && !i_reset && o_v)
            assert(d_gq == i_prow[{dc_gp, 5'd0} +: 32] &&
                   d_cq == i_prow[{dc_fn[2:0], 5'd0} +: 32]);
    // ... and so are the packed tests and rows: the rows DE reads and
    // gives are rf_rowp's of DE's warp's slot
    always @(*)
        if (f_past && !i_reset && o_v)
            assert(f_rows_ok);
`endif
    // the predecoded fields are the decoder's of DE's word (the fetch
    // decodes a word as it fills the buffer: wq_fetch; alone, the FE/DE
    // buffer's beat is assumed to carry its word's)
    wire [`WQ_PD_W-1:0]    f_pd;
    /* verilator lint_off PINCONNECTEMPTY */
    wq_decode #(.FP(FP)) f_dec (
        .i_insn(d_ir), .o_legal(), .o_op(), .o_fmt(), .o_flags(), .o_gp(), .o_gn(),
        .o_rd(), .o_ra(), .o_rb(), .o_bi(), .o_fn(), .o_imm(), .o_words(),
        .o_msize(), .o_msext(), .o_amask(), .o_gp_pt(), .o_selp_pt(), .o_maxreg(),
        .o_pd(f_pd));
`ifdef FORMAL_DE_STAGE_TOP
    wire [`WQ_PD_W-1:0]    f_in_pd;
    wq_decode #(.FP(FP)) f_in_dec (
        .i_insn(i_fd_ir), .o_legal(), .o_op(), .o_fmt(), .o_flags(), .o_gp(), .o_gn(),
        .o_rd(), .o_ra(), .o_rb(), .o_bi(), .o_fn(), .o_imm(), .o_words(),
        .o_msize(), .o_msext(), .o_amask(), .o_gp_pt(), .o_selp_pt(), .o_maxreg(),
        .o_pd(f_in_pd));
    always @(*) if (i_fd_v)
        assume(i_fd_pd == f_in_pd);
`endif
    /* verilator lint_on PINCONNECTEMPTY */
    always @(*) if (f_past && !i_reset && o_v)
        assert(d_pd == f_pd);
    always @(*) if (f_past && !i_reset) begin
        // the walk stays within the instruction: a part index below
        // PARTS, an rb offset below the registers it reads
        if (o_v) assert(d_p < PARTS6);
        if (o_v && d_nk != 3'd0) assert({1'b0, d_k} < d_nk);
        // the guard selects among the active threads only
        if (o_v) assert((d_sel & ~i_act) == 32'd0);
        // the trap codes DE gives
        if (o_v) assert(d_trapc == `WQ_TRAP_NONE || d_trapc == `WQ_TRAP_ILLEGAL_INSTR ||
                        d_trapc == `WQ_TRAP_ILLEGAL_REG);
        // the commit-beat test (the guard's zero test OR the guard-free
        // test) is its definition: the walk done, no part beats (none
        // when skipped), or a fused commit's last part beat
        if (o_v) assert(d_cbeat == (d_parts_done || !(d_beats_g && !d_skip) || d_fuse_last));
    end
    // the beats of one instruction walk d_p and d_k in order, a beat only
    // as the buffer takes it; the commit beat is its last (DE empties,
    // unless it takes the next instruction in the same cycle)
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset && !$past(i_squash) && $past(o_v)) begin
            if ($past(d_emit && !d_cbeat) && $past(d_p) + 6'd1 != PARTS6)
                assert(o_v && d_p == $past(d_p) + 6'd1 && d_k == $past(d_k));
            if ($past(!d_emit)) assert(o_v && d_p == $past(d_p) && d_k == $past(d_k) &&
                                       d_ir == $past(d_ir) && o_w == $past(o_w));
            if ($past(d_last) && !$past(i_fd_v)) assert(!o_v);
        end
    // a beat leaves only into a buffer with room: while the DE/EX buffer
    // holds a beat, DE neither takes FE's instruction nor walks on
    always @(*) if (f_past && !i_reset && o_v && !dx_ready) assert(!o_take);
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset && !$past(i_squash) && $past(o_v) && !$past(dx_ready))
            assert(o_v && d_p == $past(d_p) && d_k == $past(d_k) && d_parts_done == $past(d_parts_done) &&
                   d_ir == $past(d_ir) && o_w == $past(o_w) && o_pc == $past(o_pc));
`ifdef FORMAL_DE_STAGE_TOP
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            // a part beat of the second rb register; a fused commit; a skip
            c_k1:    cover(o_v && d_emit && d_k == 2'd1);
            c_fuse:  cover(d_emit && d_fuse_last);
            c_held:  cover(o_dx_held && o_v);
        end
`endif
`endif
endmodule
