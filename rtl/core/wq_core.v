// wq_core.v -- the pipelined SIMT core: warps interleaved one instruction
// a cycle (DESIGN §6; docs/rtl/wq_core.md), the default configuration's
// scheduler in wq_top (ports: event lock, commit port, memory port, event
// records with the REG_WRITE slot, CSR sub-port, launch port; wq_sched_ue
// has the same but the REG_WRITE slot).  It executes every instruction of
// the ISA (docs/rtl/wq_core.md, "Coverage").
//
// Pipeline, one beat a stage a cycle (a beat is one LANES-wide part of a
// warp instruction, or its commit):
//
//   IS  issue: the next ready warp (wq_issue: the pick, the scoreboard);
//       its fetch address goes to the instruction buffer (wq_fetch)
//   FE  the buffer's answer: a hit goes on through the FE/DE skid buffer,
//       a miss drops the instruction and starts a fetch run
//   DE  decode, checks and guard, the expander's part beats and commit
//       beat (wq_de_stage, with the DE/EX skid buffer)
//   EX  operands, the vector ALU, S2R, the division and FP units
//       (wq_ex_stage, with the EX/WB skid buffer and WB's register); the
//       LSU (wq_core_lsu) gathers a memory instruction and queues it, and
//       its completion path commits the queue's head between WB's commits
//   WB  register write and REG_WRITE beat; a commit beat emits the
//       instruction's remaining records (wq_commit; the divergence unit
//       wq_diverge walks them, with the token deque), updates the warp
//       (wq_warp_slots) and ends with o_step_valid (one commit of
//       docs/rtl/commit.md, whose ordering rules hold by construction:
//       docs/rtl/wq_core.md, "The commit stream and the event lock")
//
// Beside them: wq_dispatch (the grid, a CTA's warps into free slots, the
// thread-id walk), wq_core_csr (the CSR access, the trap registers, the
// debug window), wq_wb_ctl (WB's commit control: whether WB emits and
// keeps its beat, the squash, the ready warps after a commit; the
// completion port's owner, wq_cm_grant, and its beat) and wq_core_hold
// (the lock hold: a burst of commits, o_step_more, the phases).  This
// file keeps the stall chain's wiring, what a commit does to the warp,
// and wires the units.
//
`default_nettype none
`include "wq_defs.vh"
`include "wq_predec.vh"
`include "wq_opk.vh"

module wq_core #(
    parameter WARPS   /* verilator public */ = 8,
    parameter LANES   /* verilator public */ = 32,
    parameter DQ_LOG2 /* verilator public */ = 6,
    parameter REGS    /* verilator public */ = 32,
    parameter IB_LOG2 = 6,       // instruction buffer: 2^IB_LOG2 words
    parameter PF_RUN  = 8,       // instructions a fetch run reads ahead
    // bytes of the memory port's line (a power of two, 4..64): the LSU's
    // requests are line requests (wq_lsu_pick.md's rule), 4 is a word port
    parameter LINE_BYTES = 16,
    // MEM_WRITE records a cycle on the beat port (1..32, whatever the line)
    parameter EVM_SLOTS = 8,
    // memory instructions in flight in the LSU queue (a power of two, >= 2)
    parameter LSQ     = 4,
    // memory answers the core may owe at once (a power of two, >= 4): the
    // tags of its requests in flight
    parameter TAGS    = 32,
    // the division unit's dividers (a divisor of LANES): a part is divided
    // LANES / DIV_LANES slices one after the other (wq_core_div)
    parameter DIV_LANES = LANES,
    // the floating-point unit (wq_fpu): FP = 0 builds the core without
    // one (every WQ_IF_FP opcode traps ILLEGAL_INSTR, as the model's
    // configuration fp = 0); its units have FP_LANES lanes (a divisor of
    // LANES): a part goes through them LANES / FP_LANES slices
    parameter FP      /* verilator public */ = 0,
    // (unused where FP = 0: no unit is built)
    /* verilator lint_off UNUSEDPARAM */
    parameter FP_LANES = LANES,
    /* verilator lint_on UNUSEDPARAM */
    parameter WID_W   = (WARPS > 1) ? $clog2(WARPS) : 1
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    output wire                     o_ev_req,
    input  wire                     i_ev_gnt,
    output wire                     o_step_valid,
    output wire [`WQ_STEPK_W-1:0]   o_step_kind,
    output wire [7:0]               o_step_id,
    output wire [`WQ_STEP_W-1:0]    o_step_res,
    output wire                     o_step_more,
    input  wire                     i_ev_wait,
    output wire                     o_mem_valid,
    input  wire                     i_mem_ready,
    output wire                     o_mem_we,
    output wire [31:0]              o_mem_addr,     // the line's base address
    output wire [LINE_BYTES*8-1:0]  o_mem_wdata,
    output wire [LINE_BYTES-1:0]    o_mem_wstrb,
    input  wire                     i_mem_rvalid,
    input  wire [LINE_BYTES*8-1:0]  i_mem_rdata,
    output wire                     o_evr_valid,
    output wire [7:0]               o_evr_kind,
    output wire [7:0]               o_evr_unit,
    output wire [15:0]              o_evr_aux,
    output wire [31:0]              o_evr_pc,
    output wire [31:0]              o_evr_mask,
    output wire [31:0]              o_evr_a,
    output wire [63:0]              o_evr_b,
    output wire [63:0]              o_evr_c,
    output wire [4:0]               o_evr_part,
    output wire [LANES*32-1:0]      o_evr_vals,
    // the REG_WRITE slot: a register write's record, ahead of o_evr_*'s
    // record of the same cycle; its part and values are on o_evr_part /
    // o_evr_vals (the core's REG_WRITEs all leave here)
    output wire                     o_evw_valid,
    output wire [7:0]               o_evw_unit,
    output wire [15:0]              o_evw_aux,
    output wire [31:0]              o_evw_pc,
    output wire [31:0]              o_evw_mask,
    // the MEM_WRITE beat port: up to EVM_SLOTS MEM_WRITE records of a
    // store in one cycle, slot 0 first (the valid slots are the lowest),
    // after the o_evw_* record and before the o_evr_* record of the cycle
    output wire [EVM_SLOTS-1:0]     o_evm_valid,
    output wire [7:0]               o_evm_unit,
    output wire [31:0]              o_evm_pc,
    output wire [EVM_SLOTS*16-1:0]  o_evm_aux,      // 16 bits a slot: the lane
    output wire [EVM_SLOTS*32-1:0]  o_evm_mask,     // 32 bits a slot: the strobes
    output wire [EVM_SLOTS*32-1:0]  o_evm_a,        // the word's address
    output wire [EVM_SLOTS*32-1:0]  o_evm_b,        // the data (the record's b)
    input  wire                     i_csr_valid,
    input  wire                     i_csr_we,
    input  wire [11:0]              i_csr_addr,
    input  wire [31:0]              i_csr_wdata,
    output wire                     o_csr_ack,
    output wire [31:0]              o_csr_rdata,
    output wire                     o_csr_err,
    output wire                     o_engine_idle,
    output wire                     o_can_launch,
    input  wire                     i_launch_valid,
    input  wire [31:0]              i_launch_addr,
    input  wire [16*32-1:0]         i_launch_desc,
    input  wire [31:0]              i_launch_ncta,
    input  wire [10:0]              i_launch_cta_threads,
    output wire                     o_irq_trap,
    input  wire                     i_wave_subv,
    // the benches' counters (not CSRs): warp loads performed (LD with a
    // selected lane) and the line requests they made
    output wire [31:0]              o_ld_warps,
    output wire [31:0]              o_ld_lines
);
    localparam PARTS = 32 / LANES;
    localparam LB     = LINE_BYTES;
    localparam LW     = LB / 4;                    // words of a line
    localparam LWW    = (LW > 1) ? $clog2(LW) : 1;
    localparam PCW   = `WQ_TF_ADDR_W;
    localparam DW    = DQ_LOG2 + 1;
    localparam RF_D  = WARPS * REGS * PARTS;
    localparam RF_AW = (RF_D > 1) ? $clog2(RF_D) : 1;
    localparam TR_D  = WARPS * PARTS;                   // thread-id rows
    localparam TR_AW = (TR_D > 1) ? $clog2(TR_D) : 1;
    localparam TIDW  = 11;                              // a thread-id coordinate

    // (the descriptor's other fields are the host's; its address the model's)
    wire unused_params = &{1'b0, i_launch_addr, i_launch_desc};

    /* verilator lint_off UNUSEDSIGNAL */
    function [LANES-1:0] lanes_of;       // part p of a thread mask
        input [31:0] m;
        input [5:0]  p;
        reg   [31:0] t;
        begin
            t = m >> (p * LANES);
            lanes_of = t[LANES-1:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
`include "wq_rf_row.vh"

    // ---- warp slots (wq_warp_slots: the model's wq_warp_t, wq_bar_check) -------
    // their summaries and each consumer's read port
    wire [WARPS-1:0] run_v, free_v, live_v;
    wire [6:0]       nfree;                    // the free slots' count
    wire [PCW-1:0]   is_pc;                    // IS's pick: its PC,
    wire [31:0]      is_addr;                  //   its instruction's byte address
    wire [31:0]      d_act;                    // DE's warp: active threads,
    wire [8*32-1:0]  d_prow;                   //   predicates,
    wire [8*32-1:0]  fd_prow;                  // the FE/DE buffer's warp's predicates
    wire [4:0]       fd_sbase;                 // ... and shared base
    wire [5:0]       d_nregs;                  //   registers,
    wire [4:0]       d_sbase;                  //   shared base,
    wire [31:0]      d_code;                   //   code base (the formal properties')
    wire [4:0]       x_wi;                     // EX's warp: S2R's fields
    wire [3*11-1:0]  x_ntid;
    wire [3*16-1:0]  x_cta, x_ncta;
    wire [3*26-1:0]  x_gb;
    wire [31:0]      x_param, x_clock, x_ctaflat, x_local;
    wire [31:0]      b_act, b_exited, b_key;   // WB's warp
    wire [1:0]       y_pol;
    wire [7:0]       y_param;
    wire [8:0]       y_count;
    wire [15:0]      y_lfsr_q;
    wire             b_sven;
    wire [4:0]       b_sbase, cm_sbase;
    wire [31:0]      b_pred_new;               // SETP's predicate after the commit
    wire             dw_init, dw_trec, dw_tfat; // the debug window's warp
    wire [3:0]       dw_state;
    wire [7:0]       dw_trap;
    wire [PCW-1:0]   dw_pc;
    wire [31:0]      dw_act, dw_key;
    // the barrier check for the CTA of warp bc_w (the debug window's in a
    // CSR step, else WB's): the others waiting at BAR (bar_oth), none of
    // them can still arrive (bar_go), a release (b_rel_end), the slots it
    // wakes and the lowest (its record's unit)
    wire [WARPS-1:0] bar_oth, bar_slots;
    wire             bar_go, b_rel_end;
    wire             bchk_v;                   // ... valid (registered terms: wq_warp_slots)
    wire             kill_rel;                 // KILL's release (the debug window's warp)
    wire [WID_W-1:0] bar_lo;
    wire [WARPS-1:0] w_son;                    // in a SUBV_START..SUBV_END segment (wq_diverge)
    wire             b_son;                    // ... WB's warp (w_son[b_w], a flip-flop)
    wire [WARPS-1:0] busy;                     // an instruction in flight (wq_issue)
    wire             unused_busy = &{1'b0, busy};   // (the formal properties')
    wire             de_za, de_zb;             // DE's operand rows read 0 (the warp start's memset: wq_commit)

    // ---- grid waiting for dispatch (the launch port holds its fields;
    // wq_dispatch walks it) ----------------------------------------------------
    wire             g_valid;
    wire [31:0]      g_next, g_local, grid_seq;
    wire [15:0]      g_cx, g_cy, g_cz;
    wire [25:0]      g_bx, g_by, g_bz;
    wire             disp_ok;                  // the grid's next CTA fits
    wire [WARPS-1:0] tw_pend;                  // a started warp whose thread ids are not all written
    wire [PCW-1:0]   g_pc     = i_launch_desc[`WQ_LD_START_PC*32 +: PCW];
    wire [15:0]      g_ncta0  = i_launch_desc[`WQ_LD_GRID_X*32 +: 16];
    wire [15:0]      g_ncta1  = i_launch_desc[`WQ_LD_GRID_Y*32 +: 16];
    wire [10:0]      g_ntid0  = i_launch_desc[`WQ_LD_CTA_X*32 +: 11];
    wire [10:0]      g_ntid1  = i_launch_desc[`WQ_LD_CTA_Y*32 +: 11];
    wire [10:0]      g_ntid2  = i_launch_desc[`WQ_LD_CTA_Z*32 +: 11];
    wire [4:0]       g_dlog2  = i_launch_desc[`WQ_LD_DEQUE*32 + `WQ_LDF_DEQUE_LOG2_LO +: `WQ_LDF_DEQUE_LOG2_W];
    wire [31:0]      g_lbase  = i_launch_desc[`WQ_LD_LOCAL_BASE*32 +: 32];
    wire [31:0]      g_lsize  = i_launch_desc[`WQ_LD_LOCAL_SIZE*32 +: 32];
    wire [10:0]      g_threads = i_launch_cta_threads;
    wire [5:0]       g_warps  = i_launch_cta_threads[10:5] + {5'd0, (i_launch_cta_threads[4:0] != 5'd0)};
    // the CTA's warps but one fit in the free slots (a warp that ends makes
    // the one more: wq_dispatch's o_fit1, from registers)
    wire             g_fit1;

    // ---- slot summaries -----------------------------------------------------
    wire [WARPS-1:0] ready_v;                   // running, nothing in flight, thread ids written
    assign o_engine_idle = !g_valid && (live_v == {WARPS{1'b0}});
    assign o_can_launch = !g_valid;

    // IS and FE (wq_fe_stage): the pick, FE's register, the FE/DE buffer,
    // the fetch runs
    wire [WID_W-1:0] pick;
    wire            is_go;              // IS issues pick this cycle
    wire            is_go_nc;           // ... but for a completion's squash (wq_core_hold)
    wire            fl_on;              // a fetch run is requesting or receiving

    // ---- the lock hold (wq_core_hold: its phase, the stop, the commit
    // owed, the end; whether a commit keeps it, whether IS issues) -------------
    wire      ph_run, ph_disp, ph_csr;  // the phase: the pipeline, a CTA's start, a CSR access
    wire      stopping;                 // i_ev_wait seen: issue no more in this hold
    wire      hold;                     // the grant, its last commit not out
    wire      pipe_empty;               // FE, DE, EX, WB, the buffers and the units empty
    wire      can_issue;
    wire      b_more, cm_more;          // WB's commit, a completion's keeps the hold

    // ---- pipeline registers ----------------------------------------------------
    // FE
    wire             f_v;
    wire [WID_W-1:0] f_w;
    // DE (wq_de_stage: its instruction, the decode, the expander)
    wire             d_v;
    wire [WID_W-1:0] d_w;
    wire [PCW-1:0]   d_pc;
    // EX and WB (wq_ex_stage: EX's beat, the EX -> WB skid buffer, WB's register)
    wire             x_v, x_commit, x_mem, x_msext;
    wire             x_ok;                     // (EX's beat performs: no trap, not skipped)
    wire             x_st, x_at;               // (... a store, an ATOM)
    wire [WID_W-1:0] x_w;
    wire [WID_W-1:0] x_w_nx;                  // (EX's next warp: its slot's S2R fields read a cycle ahead)
    wire [5:0]       x_p, x_rd;
    wire [1:0]       x_k, x_msize;
    wire [PCW-1:0]   x_pc;
    wire [63:0]      x_ir;
    wire [31:0]      x_imm, x_sel;
    wire [3:0]       x_fn, x_amask;
    wire [2:0]       x_words;
    wire             b_v, b_commit, b_fp, b_wrd, b_wd;
    wire [WID_W-1:0] b_w;
    wire [(1<<WID_W)-1:0] b_woh;               // ... one-hot
    wire [5:0]       b_p, b_rd;
    wire [RF_AW-1:0] b_rrow;                   // ... the row its part beat writes (a flip-flop)
    wire [PCW-1:0]   b_pc, b_imm;
    wire [PCW-1:0]   b_next;                   // b_pc + 1 (wq_ex_stage's flip-flops)
    wire [63:0]      b_ir;
    wire [7:0]       b_op, b_trap;
    wire             b_is_trap, b_trec;        // b_trap != NONE, recoverable (wq_ex_stage's flip-flops)
    wire             b_tfall;                  // WB's target is PC+1 (wq_ex_stage's flip-flop)
    wire [`WQ_OPK_W-1:0] b_opk;                // WB's opcode's kinds (wq_opk.vh; its flip-flops)
    wire [31:0]      b_sel;
    wire [LANES*32-1:0] b_res;                  // (MUL's: the multiplier's sum)
    wire [31:0]      setp_acc;                  // SETP's compare bits, by part

    // ---- stall chain --------------------------------------------------------------
    wire b_busy;                        // WB keeps its beat this cycle
    wire wb_frz;                        // a completion (the LSU's, a unit's) runs or starts as the port's owner
    wire wb_blk;                        // no beat from EX into WB (a completion waits)
    wire b_twait;                       // a trap waits in WB for the LSU queue to empty
    // WB's beat is a trap's commit (WB's flip-flops): b_twait wherever the
    // completion path reads it, under a ready head (wq_lsu_complete)
    wire b_tcm = b_v && b_commit && b_is_trap;
    wire x_to_wb;                       // EX's own beat leaves towards WB (into the EX/WB buffer)
    wire x_take;                        // EX accepts a beat (wq_ex_stage)
    // EX -> WB through a third skid buffer (wq_ex_stage's u_xb): EX's beat
    // leaves into it when it has room (a flip-flop), WB takes from it when
    // it does not keep its own beat, so WB's hold (b_busy: the commit's
    // records, the divergence unit's walk, the trap and fetch waits, a
    // completion's freeze) stops at the buffer and never reaches EX's
    // take, the operand read, DE or the fetch in the cycle
    wire             xb_held;                  // a beat waits in it (EX's beat of an earlier cycle)
    wire [WID_W-1:0] xb_w;                     // ... its warp,
    wire             xb_trap;                  // ... a trap's commit beat
    wire             xb_at;                    // ... an ATOM's (valid with xb_held)
    // WB loads a beat this cycle (the EX/WB buffer's, or the LSU's
    // write-back beat of an atomic: b_w is loaded then), and its warp;
    // b_load_n: it would, were WB not to keep its beat (b_busy)
    wire             b_load, b_load_n;
    // the beat entering WB from the EX/WB buffer (the divergence unit's
    // view of "EX's beat as it enters WB"): WB takes it (wb_in; wb_ldn:
    // would, were WB not to keep its beat -- its latest term, b_busy,
    // selects last in the divergence unit's registers that WB's take loads)
    wire             wb_in, wb_ldn, wbi_v, wbi_commit, wbi_skip;
    wire [5:0]       wbi_p;
    wire [PCW-1:0]   wbi_pc;
    wire [7:0]       wbi_op, wbi_trap;
    wire [LANES*32-1:0] wbi_ra;                 // (its ra: BRX, JMX, RET's targets)
    // DE -> EX through a second skid buffer (wq_de_stage's): DE emits a
    // beat into it when it has room, EX takes from it (x_take), so the
    // decisions of WB, the completion path and the division unit stop at
    // EX and never reach DE in the cycle
    wire             dx_held;                  // a beat waits in it (DE's beat of an earlier cycle)
    wire             d_take;                   // DE takes the FE/DE buffer's beat
    // FE -> DE through the stage contract's skid buffer (wq_fe_stage's
    // wq_skid): FE's hit goes into it when it has room (a flip-flop), DE
    // takes from it (d_take), so WB's, the completion path's and the
    // division unit's decisions stop at DE and never reach FE and IS in
    // the cycle
    wire             fd_v;                     // it offers a beat to DE
    wire [WID_W-1:0] fd_w;
    wire [PCW-1:0]   fd_pc;
    wire [63:0]      fd_ir;
    wire [`WQ_PD_W-1:0] fd_pd;           // its predecoded fields (wq_fetch)
    wire             fd_held;                  // a beat waits in it (FE's beat of an earlier cycle)
    wire squash;                        // drop FE, DE (a trap commit, a store)
    wire squash_nc;                     // ... but a completion's (cp_code)
    wire squash_x;                      // drop EX too (a trap commit)

    // ---- DE's rows: the register file's (read by wq_opread as the beat
    // enters EX; wq_commit says whether they read zero) -------------------------
    wire [RF_AW-1:0] rf_ra, rf_rb;
    wire             rf_we;                    // (wq_commit's write port)
    wire [RF_AW-1:0] rf_waddr;
    wire [LANES-1:0] rf_wlane;
    wire [LANES*32-1:0] rf_wdata;
    wire             tr_we;                    // (the thread-id walk's: wq_dispatch)
    wire [TR_AW-1:0] tr_waddr;
    wire [LANES-1:0] tr_wlane;
    wire [LANES*3*TIDW-1:0] tr_wdata;

    // ---- DE (wq_de_stage: the decode, the checks and the guard, the
    // expander, the DE -> EX skid buffer) ------------------------------------------
    wire [WID_W-1:0] dx_w;
    wire [PCW-1:0]   dx_pc;
    wire [63:0]      dx_ir;
    wire [7:0]       dx_op, dx_trap;
    wire [4:0]       dx_rd;
    wire [31:0]      dx_imm, dx_sel, dx_cond;
    wire [3:0]       dx_fn, dx_amask;
    wire [1:0]       dx_msize, dx_k;
    wire [2:0]       dx_words;
    wire [5:0]       dx_p;
    wire             dx_bi, dx_skip, dx_wrd, dx_mem, dx_msext, dx_fp, dx_commit;
    wire [RF_AW-1:0] dx_ra, dx_rb, dx_rr;
    wire [3:0]       dx_rpk;
    wire [TR_AW-1:0] dx_tr;
    wire             dx_za, dx_zb;
    wire             dx_v;                     // the buffer offers a beat to EX
    wq_de_stage #(.LANES(LANES), .REGS(REGS), .FP(FP), .PCW(PCW), .WID_W(WID_W), .RF_AW(RF_AW),
                  .TR_AW(TR_AW)) u_de (
        .i_clk(i_clk), .i_reset(i_reset), .i_run(ph_run), .i_squash(squash),
        .i_fd_v(fd_v), .i_fd_w(fd_w), .i_fd_pc(fd_pc), .i_fd_ir(fd_ir), .i_fd_pd(fd_pd),
        .o_take(d_take),
        .o_v(d_v), .o_w(d_w), .o_pc(d_pc),
        .i_act(d_act), .i_prow(d_prow), .i_fd_prow(fd_prow), .i_nregs(d_nregs), .i_sbase(d_sbase),
        .i_son(w_son[d_w]), .i_fd_sbase(fd_sbase), .i_fd_son(w_son[fd_w]),
        .o_rf_ra(rf_ra), .o_rf_rb(rf_rb), .i_za(de_za), .i_zb(de_zb),
        .i_x_take(x_take), .o_dx_held(dx_held), .o_dx_v(dx_v),
        .o_dx_w(dx_w), .o_dx_pc(dx_pc), .o_dx_ir(dx_ir), .o_dx_op(dx_op), .o_dx_rd(dx_rd),
        .o_dx_bi(dx_bi), .o_dx_imm(dx_imm), .o_dx_fn(dx_fn), .o_dx_sel(dx_sel),
        .o_dx_cond(dx_cond), .o_dx_skip(dx_skip), .o_dx_trap(dx_trap), .o_dx_wrd(dx_wrd),
        .o_dx_mem(dx_mem), .o_dx_msize(dx_msize), .o_dx_msext(dx_msext), .o_dx_amask(dx_amask),
        .o_dx_words(dx_words), .o_dx_p(dx_p), .o_dx_k(dx_k), .o_dx_fp(dx_fp),
        .o_dx_commit(dx_commit), .o_dx_ra(dx_ra), .o_dx_rb(dx_rb), .o_dx_rr(dx_rr),
        .o_dx_rpk(dx_rpk), .o_dx_tr(dx_tr), .o_dx_za(dx_za), .o_dx_zb(dx_zb));

    // ---- instruction fetch (wq_fetch in wq_fe_stage: the buffer, its
    // answer in FE, the fetch runs and the code range) --------------------------------
    wire        ib_flush;
    wire        fl_idle = !fl_on;
    wire        fl_req_v;
    wire [31:0] fl_addr;
    wire [LWW-1:0] fl_wsel;
    wire        cr_v;
    wire [31:0] cr_lo;
    wire [32:0] cr_hi;

    // ---- LSU (wq_core_lsu: the gather buffer, the queue, the request and
    // answer stages on the memory port, the atomic, the completion path's
    // queue side; instantiated after EX's operands below) -----------------------
    localparam TDW = $clog2(TAGS);
    wire         q_empty, q_one;             // the LSU queue: no entry, one
    wire [TDW:0] owed;                       // answers the port owes
    wire         ans_owed;                   // ... some (wq_lsu_answer's flip-flop)
    wire [WARPS-1:0] inq;                    // warps with a queue entry
    wire         cf;                         // a store that wrote code waits
    wire         ls_take;                    // the LSU takes EX's beat
    wire         ls_busy;                    // ... holds it
    wire         ls_bad, ls_fuse, ls_wb;
    wire [5:0]   ls_p;
    wire [1:0]   ls_wk;
    wire [LANES*32-1:0] ls_row0;
    wire [LANES*32-1:0] ld_row;                 // a load's or an ATOM's loaded values
    wire         at_on, at_wait, ls_store_done, ls_code;
    wire         at_rec;                     // ATOM's record
    wire [4:0]   at_lane;
    wire [31:0]  at_addr, at_new, at_old;
    wire         fl_go, rv_f;
    wire [31:0]  fl_word;
    wire         cp_go, cp_last, cp_code, cp_st;
    wire         cp_req, cp_keep, cp_frz;
    wire [WID_W-1:0] cp_w;
    wire [PCW-1:0] cp_pc;
    wire [31:0]  cp_sel;
    wire [63:0]  cp_ir;
    wire [5:0]   cp_rd, cp_p;
    wire [1:0]   cp_k;
    wire [RF_AW-1:0] cp_rrow, xc_rrow, cm_rrow, x_rr;   // rows the completion writes
    wire [3:0]       x_rpk;
    wire [WARPS-1:0] cp_drop;
    wire unused_lsu = &{1'b0, inq};   // (the formal properties')
    wire         b_open;                 // WB's instruction has emitted a record (wq_wb_ctl)
    wire         x_open;                 // EX's instruction has beats in WB

    // ---- EX (wq_ex_stage: the operands, the vector ALU, S2R, the division
    // and FP units and their commits on the completion path, the EX -> WB
    // skid buffer and WB's register) --------------------------------------------------------------------
    wire [LANES*32-1:0] op_a, op_rb;           // EX's operands ra, rb + k
    wire             x_dv;                     // EX's beat is a division's
    wire             dv_busy, dv_open, dv_on, dc_go;   // the division unit (the formal properties')
    wire [WID_W-1:0] dv_w;
    wire             xu_busy;                  // the division or the FP unit holds an instruction
    wire             xc_open, xc_run, xc_rdy;  // ... their commit runs; the owner's runs, is ready
    wire             dv_req, fv_req, dv_keep, fv_keep;   // ... the port asked for, kept
    wire             xc_go, xc_last, xc_more, xc_pw, xc_nowr;   // their completion beat
    wire [WID_W-1:0] xc_w;
    wire [PCW-1:0]   xc_pc;
    wire [31:0]      xc_sel;
    wire [63:0]      xc_ir;
    wire [5:0]       xc_rd, xc_p;
    wire [LANES*32-1:0] xc_row;
    wire [7:0]       xc_op;
    wire             fc_go;                    // FSETP's predicate write (wq_warp_slots)
    wire [WID_W-1:0] fv_w;
    wire [2:0]       fv_rd;
    wire [31:0]      fv_sel, fv_pred;
    wire             cm_idle, cm_start, dc_atom;   // (the completion path, below)
    wire             cm_own, cm_own_ls, cm_own_dv, cm_own_fv;   // the port's owner (wq_cm_grant)
    // WB's decisions (wq_wb_ctl, u_wb below): it emits, a trap's last
    // record, a BAR; the warps ready after it, a CTA may start; the
    // completion beat emitted this cycle, the owner's fields
    wire             b_emit, b_end, b_trapping, b_bar, b_work;   // (b_end: b_emit && b_last_k)
    wire             cm_go, cm_last, cm_nowr, cm_pw;
    wire [WID_W-1:0] cm_w;
    wire [PCW-1:0]   cm_pc;
    wire [31:0]      cm_sel;
    wire [63:0]      cm_ir;
    wire [5:0]       cm_rd, cm_p;
    wire [LANES*32-1:0] cm_row;
    wire [7:0]       cm_op;
    wire unused_own = &{1'b0, cm_own};         // (the formal properties')
    wq_ex_stage #(.LANES(LANES), .DIV_LANES(DIV_LANES), .FP(FP), .FP_LANES(FP_LANES), .PCW(PCW),
                  .WID_W(WID_W), .RF_D(RF_D), .RF_AW(RF_AW), .TR_D(TR_D), .TR_AW(TR_AW)) u_ex (
        .i_clk(i_clk), .i_reset(i_reset), .i_run(ph_run),
        .i_squash_x(squash_x), .i_cp_code(cp_code), .i_wave_subv(i_wave_subv),
        .i_dx_v(dx_v), .i_dx_w(dx_w), .i_dx_pc(dx_pc), .i_dx_ir(dx_ir), .i_dx_op(dx_op),
        .i_dx_rd(dx_rd), .i_dx_bi(dx_bi), .i_dx_imm(dx_imm), .i_dx_fn(dx_fn), .i_dx_sel(dx_sel),
        .i_dx_cond(dx_cond), .i_dx_skip(dx_skip), .i_dx_trap(dx_trap), .i_dx_wrd(dx_wrd),
        .i_dx_mem(dx_mem), .i_dx_msize(dx_msize), .i_dx_msext(dx_msext), .i_dx_amask(dx_amask),
        .i_dx_words(dx_words), .i_dx_p(dx_p), .i_dx_k(dx_k), .i_dx_fp(dx_fp),
        .i_dx_commit(dx_commit), .i_dx_ra(dx_ra), .i_dx_rb(dx_rb), .i_dx_rr(dx_rr),
        .i_dx_rpk(dx_rpk), .i_dx_tr(dx_tr),
        .i_dx_za(dx_za), .i_dx_zb(dx_zb), .o_x_take(x_take),
        .i_rf_we(rf_we), .i_rf_waddr(rf_waddr), .i_rf_wlane(rf_wlane), .i_rf_wdata(rf_wdata),
        .i_tr_we(tr_we), .i_tr_waddr(tr_waddr), .i_tr_wlane(tr_wlane), .i_tr_wdata(tr_wdata),
        .i_sr_wi(x_wi), .i_sr_ntid(x_ntid), .i_sr_cta(x_cta), .i_sr_ncta(x_ncta),
        .i_sr_gb(x_gb), .i_sr_param(x_param), .i_sr_clock(x_clock), .i_sr_ctaflat(x_ctaflat),
        .i_sr_local(x_local),
        .o_x_v(x_v), .o_x_commit(x_commit), .o_x_w(x_w), .o_x_w_nx(x_w_nx), .o_x_p(x_p), .o_x_k(x_k),
        .o_x_pc(x_pc), .o_x_ir(x_ir), .o_x_rd(x_rd), .o_x_rr(x_rr),
        .o_x_rpk(x_rpk), .o_x_imm(x_imm),
        .o_x_fn(x_fn), .o_x_sel(x_sel), .o_x_ok(x_ok), .o_x_st(x_st), .o_x_at(x_at), .o_x_mem(x_mem),
        .o_x_msize(x_msize), .o_x_msext(x_msext), .o_x_amask(x_amask), .o_x_words(x_words),
        .o_x_dv(x_dv), .o_op_a(op_a), .o_op_rb(op_rb), .o_x_to_wb(x_to_wb), .o_x_open(x_open),
        .o_xb_held(xb_held), .o_xb_w(xb_w), .o_xb_trap(xb_trap), .o_xb_at(xb_at),
        .o_wb_in(wb_in), .o_wb_ldn(wb_ldn), .o_wbi_v(wbi_v), .o_wbi_commit(wbi_commit), .o_wbi_p(wbi_p),
        .o_wbi_pc(wbi_pc), .o_wbi_op(wbi_op), .o_wbi_trap(wbi_trap), .o_wbi_skip(wbi_skip),
        .o_wbi_ra(wbi_ra), .o_b_load(b_load), .o_b_load_n(b_load_n),
        .i_ls_take(ls_take), .i_ls_busy(ls_busy), .i_ls_bad(ls_bad), .i_wb_ls(wb_ls), .i_ls_wb(ls_wb),
        .i_ls_p(ls_p), .i_ls_wk(ls_wk), .i_ls_wb_row(ld_row), .i_ls_fuse(ls_fuse),
        .i_ls_row0(ls_row0),
        .i_b_busy(b_busy), .i_wb_blk(wb_blk), .i_wb_frz(wb_frz),
        .i_ptrap_go(b_ptrap_go), .i_ptrap(b_ptrap), .i_ptrap_nz(b_ptrap_nz),
        .i_ptrap_rec(b_ptrap_rec), .i_b_drop(cm_go && cm_last && cp_code),
        .o_b_v(b_v), .o_b_commit(b_commit), .o_b_fp(b_fp), .o_b_w(b_w), .o_b_woh(b_woh), .o_b_p(b_p),
        .o_b_pc(b_pc), .o_b_next(b_next), .o_b_ir(b_ir), .o_b_op(b_op), .o_b_rd(b_rd), .o_b_rrow(b_rrow), .o_b_sel(b_sel),
        .o_b_wrd(b_wrd), .o_b_wd(b_wd), .o_b_trap(b_trap),
        .o_b_is_trap(b_is_trap), .o_b_trec(b_trec), .o_b_tfall(b_tfall), .o_b_opk(b_opk), .o_b_res(b_res),
        .o_b_imm(b_imm), .o_setp_acc(setp_acc),
        .i_cm_idle(cm_idle), .i_cm_start(cm_start), .i_cm_atom(dc_atom),
        .i_own_dv(cm_own_dv), .i_own_fv(cm_own_fv), .o_dv_req(dv_req), .o_fv_req(fv_req),
        .o_dv_keep(dv_keep), .o_fv_keep(fv_keep),
        .o_dv_busy(dv_busy), .o_dv_open(dv_open), .o_dv_on(dv_on), .o_dv_w(dv_w), .o_dc_go(dc_go),
        .o_xu_busy(xu_busy), .o_xc_open(xc_open), .o_xc_run(xc_run), .o_xc_rdy(xc_rdy),
        .o_xc_go(xc_go), .o_xc_last(xc_last), .o_xc_more(xc_more), .o_xc_w(xc_w),
        .o_xc_pc(xc_pc), .o_xc_sel(xc_sel), .o_xc_ir(xc_ir), .o_xc_rd(xc_rd), .o_xc_p(xc_p),
        .o_xc_rrow(xc_rrow),
        .o_xc_row(xc_row), .o_xc_op(xc_op), .o_xc_pw(xc_pw), .o_xc_nowr(xc_nowr),
        .o_fc_go(fc_go), .o_fv_w(fv_w), .o_fv_rd(fv_rd), .o_fv_sel(fv_sel), .o_fv_pred(fv_pred));
`ifndef FORMAL
    wire unused_ex = &{1'b0, x_dv, dv_busy, dv_open, dv_on, dv_w, dc_go};   // (the formal properties')
`endif

    // ---- LSU -----------------------------------------------------------------------------
    // (EX's beat leaves into WB: an ATOM's write-back beat, or a beat of
    // EX's own: wq_ex_stage)
    wire wb_ls     = ls_wb && !b_busy;
    // The warp of the beat WB loads, for the deque's view (read only when
    // WB loads, b_load): the LSU's write-back beat's, EX's warp, while the
    // LSU has one, else the EX/WB buffer's: chosen by the LSU's flag
    // (ls_wb, a register's) rather than by WB's decision (wb_ls, behind
    // WB's hold).  When WB loads the two agree -- with ls_wb up WB takes
    // no buffer beat -- so the view's warp select reads flip-flops, with
    // b_load, late, picking last (the FORMAL section asserts the warp the
    // beat WB loads)
    wire [WID_W-1:0] v_load_w = ls_wb ? x_w : xb_w;
    wq_core_lsu #(.WARPS(WARPS), .LANES(LANES), .LINE_BYTES(LINE_BYTES), .EVM_SLOTS(EVM_SLOTS), .LSQ(LSQ),
                  .TAGS(TAGS), .WID_W(WID_W), .RF_AW(RF_AW)) u_lsu (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_x_v(x_v), .i_x_commit(x_commit), .i_x_mem(x_mem), .i_x_ok(x_ok), .i_x_st(x_st), .i_x_at(x_at),
        .i_x_fn(x_fn), .i_x_k(x_k), .i_x_p(x_p),
        .i_x_sel(x_sel), .i_x_imm(x_imm), .i_x_amask(x_amask), .i_x_msize(x_msize),
        .i_x_msext(x_msext), .i_x_words(x_words), .i_x_w(x_w), .i_x_pc(x_pc),
        .i_x_ir(x_ir), .i_x_rd(x_rd), .i_x_rr(x_rr), .i_x_rpk(x_rpk), .i_op_a(op_a), .i_op_rb(op_rb), .i_x_take(x_take),
        .i_wb_ls(wb_ls), .i_wb_commit(!wb_ls && x_to_wb && x_commit), .i_squash_x(squash_x),
        .i_b_v(b_v || xb_held), .i_b_trap(b_tcm || xb_trap), .i_b_tcm(b_tcm),
        .i_b_open(b_open || xc_open), .i_x_open(x_open || xu_busy),
        .i_pipe_empty(pipe_empty), .i_at_hold(xu_busy),
        .i_stop(stopping || i_ev_wait), .i_cm_own(cm_own_ls),
        .i_fl_on(fl_on), .i_fl_req(fl_req_v), .i_fl_addr(fl_addr), .i_fl_wsel(fl_wsel),
        .o_fl_go(fl_go), .o_rv_f(rv_f), .o_fl_word(fl_word),
        .i_cr_v(cr_v), .i_cr_lo(cr_lo), .i_cr_hi(cr_hi),
        .o_mem_valid(o_mem_valid), .i_mem_ready(i_mem_ready), .o_mem_we(o_mem_we),
        .o_mem_addr(o_mem_addr), .o_mem_wdata(o_mem_wdata), .o_mem_wstrb(o_mem_wstrb),
        .i_mem_rvalid(i_mem_rvalid), .i_mem_rdata(i_mem_rdata),
        .o_busy(ls_busy), .o_take(ls_take), .o_ls_bad(ls_bad),
        .o_q_empty(q_empty), .o_q_one(q_one), .o_owed(owed), .o_owed_nz(ans_owed), .o_inq(inq), .o_cf(cf),
        .o_at_on(at_on), .o_at_wait(at_wait), .o_at_done(ls_store_done), .o_at_code(ls_code),
        .o_at_rec(at_rec), .o_at_lane(at_lane), .o_at_addr(at_addr), .o_at_new(at_new),
        .o_at_old(at_old),
        .o_ls_wb(ls_wb), .o_ls_p(ls_p), .o_ls_wk(ls_wk),
        .o_ls_fuse(ls_fuse), .o_row0(ls_row0),
        .o_cp_go(cp_go), .o_cp_last(cp_last), .o_cp_code(cp_code), .o_cp_req(cp_req),
        .o_cp_keep(cp_keep), .o_cp_frz(cp_frz), .o_wb_blk(wb_blk), .o_cp_w(cp_w), .o_cp_st(cp_st),
        .o_cp_pc(cp_pc), .o_cp_sel(cp_sel), .o_cp_ir(cp_ir), .o_cp_rd(cp_rd), .o_cp_rrow(cp_rrow),
        .o_cp_p(cp_p), .o_cp_k(cp_k), .o_ld_row(ld_row), .o_cp_drop(cp_drop),
        .o_evm_valid(o_evm_valid), .o_evm_unit(o_evm_unit), .o_evm_pc(o_evm_pc),
        .o_evm_aux(o_evm_aux), .o_evm_mask(o_evm_mask), .o_evm_a(o_evm_a), .o_evm_b(o_evm_b),
        .o_ld_warps(o_ld_warps), .o_ld_lines(o_ld_lines));

    // ---- divergence unit (wq_diverge: exec_ctrl.c on the committing instruction,
    // the token deque and its port) ------------------------------------------------------
    // it walks a commit's records (b_kk), decides and gives the divergence
    // records' fields; wq_commit emits the records, this file carries the
    // commit out on the warp's slot
    wire [WID_W-1:0]  dw;                       // the debug window's warp (wq_core_csr)
    wire [WID_W-1:0]  dq_vw;                    // the warp its view follows: WB's
    wire              dq_ready, dq_rvalid;
    wire [63:0]       dq_token;
    wire [DW-1:0]     dq_head, dq_tail;
    wire [4:0]        dw_log2;                  // the debug window warp's deque size
    wire [3:0]        dq_op;
    wire [3:0]        b_kk;                     // WB's record walk: the record this cycle,
    wire              b_hold;                   //   none this cycle,
    wire              b_last_k;                 //   the commit's last
    wire              b_hold_any, b_last_nh;    //   (its two terms: b_last_k is their AND)
    wire              b_rel_now;                // a barrier release among them
    wire              b_gone, b_orphan;         // the warp ends (with orphaned threads)
    wire              b_ptrap_go;               // the deque-room check's trap becomes WB's
    wire [7:0]        b_ptrap;
    wire              b_ptrap_nz, b_ptrap_rec;  // ... not NONE (the check's verdict), recoverable
    wire              b_yield, b_auto;          // YIELD; SUBV_AUTO took sub-vector mode
    wire [4:0]        l_p;                      // CALL's link: this beat's part
    wire [PCW-1:0]    b_npc;                    // the PC after the commit
    wire [31:0]       b_act_new, b_exit_new;    // ... its active and exited threads
    wire [15:0]       y_lfsr;
    wire [8:0]        y_count_ns;
    wire [7:0]        dg_kind;                  // the divergence record of b_kk
    wire [31:0]       dg_pc, dg_mask, dg_a;
    wire [15:0]       dg_aux;
    wire [63:0]       dg_b;
    wq_diverge #(.WARPS(WARPS), .LANES(LANES), .DQ_LOG2(DQ_LOG2), .PCW(PCW), .WID_W(WID_W)) u_diverge (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_x_v(wbi_v), .i_x_commit(wbi_commit), .i_x_take(wb_in), .i_x_op(wbi_op), .i_x_p(wbi_p),
        .i_x_pc(wbi_pc), .i_op_a(wbi_ra),
        .i_wb_in(wb_in), .i_wb_ldn(wb_ldn), .i_b_busy(b_busy), .i_x_trap(wbi_trap), .i_x_skip(wbi_skip),
        .i_b_v(b_v), .i_b_commit(b_commit), .i_b_w(b_w), .i_b_op(b_op), .i_b_opk(b_opk),
        .i_b_sel(b_sel), .i_b_pc(b_pc), .i_b_next(b_next), .i_b_imm(b_imm), .i_b_tfall(b_tfall),
        .i_b_wd(b_wd),
        .i_trap(b_is_trap), .i_trap_recov(b_trec), .i_bar_go(bar_go),
        .i_emit(b_emit), .i_wb_hold(wb_frz || b_twait), .i_rel_end(b_rel_end),
        .i_bchk_v(bchk_v),
        .i_act(b_act), .i_exited(b_exited), .i_ypol(y_pol), .i_yparam(y_param),
        .i_ycount(y_count), .i_lfsr(y_lfsr_q), .i_sven(b_sven),
        .i_ds_go(ds_slot_go), .i_ds_slot(ds_s), .i_ds_log2(g_dlog2),
        .i_csr_dq_set(csr_dq_set), .i_csr_dq_go(csr_dq_go), .i_csr_dq_again(csr_dq_again),
        .i_csr_dq_op(csr_dq_op), .i_csr_dq_index(csr_dq_index), .i_csr_dq_data(csr_dq_data),
        .i_csr_dq_head(csr_dq_head), .i_csr_dq_tail(csr_dq_tail),
        .i_dw(dw), .i_vload(b_load), .i_vload_n(b_load_n), .i_vwarp(v_load_w), .o_v_warp(dq_vw),
        .o_dq_ready(dq_ready), .o_dq_rvalid(dq_rvalid),
        .o_dq_token(dq_token), .o_dq_head(dq_head), .o_dq_tail(dq_tail), .o_dw_log2(dw_log2),
        .o_dq_op(dq_op), .o_son(w_son), .o_b_son(b_son),
        .o_kk(b_kk), .o_hold(b_hold), .o_last(b_last_k), .o_hold_any(b_hold_any),
        .o_last_nh(b_last_nh), .o_rel_now(b_rel_now),
        .o_ptrap_go(b_ptrap_go), .o_ptrap(b_ptrap), .o_ptrap_nz(b_ptrap_nz),
        .o_ptrap_rec(b_ptrap_rec), .o_l_p(l_p),
        .o_yield(b_yield), .o_auto(b_auto), .o_npc(b_npc), .o_act_new(b_act_new),
        .o_exit_new(b_exit_new), .o_gone(b_gone), .o_orphan(b_orphan),
        .o_y_lfsr(y_lfsr), .o_y_count(y_count_ns),
        .o_rec_kind(dg_kind), .o_rec_pc(dg_pc), .o_rec_aux(dg_aux), .o_rec_mask(dg_mask),
        .o_rec_a(dg_a), .o_rec_b(dg_b));

    // ---- WB's decisions and the completion port (wq_wb_ctl: whether WB emits
    // and keeps its beat, the squash, the ready warps after a commit, the
    // port's owner and its commit's start, the completion beat) --------------------
    wq_wb_ctl #(.WARPS(WARPS), .LANES(LANES), .PCW(PCW), .WID_W(WID_W), .RF_AW(RF_AW)) u_wb (
        .i_clk(i_clk), .i_reset(i_reset), .i_ev_gnt(i_ev_gnt),
        .i_b_v(b_v), .i_b_commit(b_commit), .i_b_is_trap(b_is_trap), .i_b_w(b_w),
        .i_b_bar(b_opk[`WQ_OPK_BAR]), .i_b_atom(b_opk[`WQ_OPK_ATOM]), .i_bw_go(bw_go),
        .i_b_last_k(b_last_k), .i_b_hold(b_hold), .i_b_hold_any(b_hold_any), .i_b_last_nh(b_last_nh),
        .i_b_gone(b_gone), .i_b_orphan(b_orphan), .i_b_rel_now(b_rel_now),
        .i_ready_v(ready_v), .i_bar_oth(bar_oth), .i_bar_go(bar_go),
        .i_disp_ok(disp_ok), .i_g_valid(g_valid), .i_g_fit1(g_fit1),
        .i_f_v(f_v), .i_fd_held(fd_held), .i_d_v(d_v), .i_dx_held(dx_held), .i_x_v(x_v),
        .i_xb_held(xb_held), .i_xb_at(xb_at), .i_q_empty(q_empty), .i_xu_busy(xu_busy),
        .i_dv_busy(dv_busy), .i_fl_idle(fl_idle), .i_ans_owed(ans_owed),
        .i_at_on(at_on), .i_ls_wb(ls_wb), .i_ls_fuse(ls_fuse),
        .i_ls_store_done(ls_store_done), .i_ls_code(ls_code),
        .i_cp_req(cp_req), .i_cp_keep(cp_keep), .i_cp_frz(cp_frz), .i_cp_go(cp_go),
        .i_cp_last(cp_last), .i_cp_st(cp_st), .i_cp_code(cp_code), .i_cp_w(cp_w),
        .i_cp_pc(cp_pc), .i_cp_sel(cp_sel), .i_cp_ir(cp_ir), .i_cp_rd(cp_rd), .i_cp_k(cp_k),
        .i_cp_p(cp_p), .i_cp_row(ld_row), .i_cp_rrow(cp_rrow), .i_xc_rrow(xc_rrow),
        .i_dv_req(dv_req), .i_fv_req(fv_req), .i_dv_keep(dv_keep), .i_fv_keep(fv_keep),
        .i_xc_run(xc_run), .i_xc_rdy(xc_rdy), .i_xc_go(xc_go), .i_xc_last(xc_last), .i_xc_nowr(xc_nowr),
        .i_xc_pw(xc_pw), .i_xc_w(xc_w), .i_xc_pc(xc_pc), .i_xc_sel(xc_sel), .i_xc_ir(xc_ir),
        .i_xc_rd(xc_rd), .i_xc_p(xc_p), .i_xc_row(xc_row), .i_xc_op(xc_op),
        .o_b_emit(b_emit), .o_b_end(b_end), .o_b_busy(b_busy), .o_b_twait(b_twait),
        .o_b_trapping(b_trapping), .o_b_bar(b_bar), .o_b_open(b_open),
        .o_b_work(b_work),
        .o_squash_x(squash_x), .o_squash(squash), .o_squash_nc(squash_nc), .o_ib_flush(ib_flush),
        .o_cm_idle(cm_idle), .o_cm_start(cm_start), .o_dc_atom(dc_atom), .o_wb_frz(wb_frz),
        .o_own_ls(cm_own_ls), .o_own_dv(cm_own_dv), .o_own_fv(cm_own_fv), .o_own(cm_own),
        .o_cm_go(cm_go), .o_cm_last(cm_last), .o_cm_nowr(cm_nowr), .o_cm_w(cm_w),
        .o_cm_pc(cm_pc), .o_cm_sel(cm_sel), .o_cm_ir(cm_ir), .o_cm_rd(cm_rd), .o_cm_p(cm_p),
        .o_cm_row(cm_row), .o_cm_rrow(cm_rrow), .o_cm_op(cm_op), .o_cm_pw(cm_pw));
    // FSETP's new predicate: the compare bits in the selected threads
    // (the predicate row read at the FP unit's warp: WB's read port, WB
    // frozen meanwhile)
    wire [31:0]         cm_pred_new;
    wq_core_hold u_hold (
        .i_clk(i_clk), .i_reset(i_reset), .i_ev_gnt(i_ev_gnt), .i_ev_wait(i_ev_wait),
        .i_f_v(f_v), .i_fd_held(fd_held), .i_d_v(d_v), .i_dx_held(dx_held), .i_x_v(x_v),
        .i_xb_held(xb_held), .i_b_v(b_v), .i_is_go(is_go_nc), .i_xu_busy(xu_busy),
        .i_q_empty(q_empty), .i_q_one(q_one), .i_xc_more(xc_more), .i_fl_idle(fl_idle),
        .i_disp_ok(disp_ok),
        .i_wb_end(b_end), .i_b_trapping(b_trapping),
        .i_b_work(b_work),
        .i_cm_end(cm_go && cm_last), .i_cm_ls(cm_own_ls), .i_cp_code(cp_code),
        .i_ds_start(ds_start), .i_ds_end(ds_end), .i_csr_enter(csr_enter), .i_csr_done(csr_done),
        .o_run(ph_run), .o_disp(ph_disp), .o_csr(ph_csr), .o_stopping(stopping), .o_hold(hold),
        .o_pipe_empty(pipe_empty), .o_can_issue(can_issue), .o_b_more(b_more), .o_cm_more(cm_more));

    // ---- IS and FE (wq_fe_stage: issue and the scoreboard, the FE register,
    // the buffer and the fetch runs, the FE/DE skid buffer) ----------------------------
    wq_fe_stage #(.WARPS(WARPS), .FP(FP), .IB_LOG2(IB_LOG2), .PF_RUN(PF_RUN),
                  .LINE_BYTES(LINE_BYTES), .PCW(PCW), .WID_W(WID_W)) u_fe (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_run_v(run_v), .i_tw_pend(tw_pend), .i_can_issue(can_issue), .i_hold(hold),
        .i_is_pc(is_pc), .i_is_addr(is_addr),
        .o_pick(pick), .o_is_go(is_go), .o_is_go_nc(is_go_nc), .o_ready_v(ready_v), .o_busy(busy),
        .i_squash(squash), .i_squash_nc(squash_nc), .i_x_drop((squash_x || cp_code) && x_v), .i_x_w(x_w),
        .i_xb_drop((squash_x || cp_code) && xb_held), .i_xb_w(xb_w),
        .i_dx_v(dx_held), .i_dx_w(dx_w), .i_d_v(d_v), .i_d_w(d_w),
        .i_wb_done(b_end), .i_b_w(b_w),
        .i_cm_done(cm_go && cm_last), .i_cm_w(cm_w), .i_cm_drop(cp_code ? cp_drop : {WARPS{1'b0}}),
        .i_cm_wb(cp_code && b_v),
        .o_f_v(f_v), .o_f_w(f_w), .o_fd_held(fd_held), .o_fd_v(fd_v), .o_fd_w(fd_w),
        .o_fd_pc(fd_pc), .o_fd_ir(fd_ir), .o_fd_pd(fd_pd), .i_d_take(d_take),
        .i_flush(ib_flush), .i_at_on(at_on), .i_at_wait(at_wait), .i_cf(cf),
        .i_stopping(stopping), .i_cp_code(cp_code),
        .o_fl_on(fl_on), .o_fl_req(fl_req_v), .o_fl_addr(fl_addr), .o_fl_wsel(fl_wsel),
        .i_fl_go(fl_go), .i_mem_ready(i_mem_ready), .i_rv_f(rv_f), .i_fl_word(fl_word),
        .o_cr_v(cr_v), .o_cr_lo(cr_lo), .o_cr_hi(cr_hi));
`ifndef SYNTHESIS
`ifndef FORMAL
    // The scoreboard's in-flight rule, checked in simulation as the formal
    // properties check it (below): a beat waiting in a skid buffer (FE/DE,
    // DE/EX, EX/WB) and DE's beat belong to busy warps.  A beat the squash should
    // have dropped (its warp's busy bit cleared, the warp free to issue
    // again) stops the bench here, the cycle after the squash, instead of
    // running twice or hanging it.
    // The deque's view is loaded whenever WB is (b_load: the EX/WB
    // buffer's beat or the LSU's write-back beat, of warp v_load_w), so
    // its decisions on WB's warp read flip-flops.
    // (and the hold's issue term's premise, as the formal section states
    // it: a completion's squash never comes with WB's commit's end)
    always @(posedge i_clk)
        if (!i_reset && cp_code && b_end) begin
            $display("wq_core: WB's commit ends in the cycle of a completion's code-store squash (warp %0d)", b_w);
            $stop;
        end
    always @(posedge i_clk)
        if (!i_reset && b_v && dq_vw != b_w) begin
            $display("wq_core: the deque's view follows warp %0d, WB holds warp %0d", dq_vw, b_w);
            $stop;
        end
    always @(posedge i_clk)
        if (!i_reset && ((fd_held && !busy[fd_w]) || (dx_held && !busy[dx_w]) ||
                         (d_v && !busy[d_w]) || (xb_held && !busy[xb_w]))) begin
            $display("wq_core: a beat not in flight: FE/DE buffer %0d (warp %0d), DE/EX buffer %0d (warp %0d), DE %0d (warp %0d), EX/WB buffer %0d (warp %0d)",
                     fd_held, fd_w, dx_held, dx_w, d_v, d_w, xb_held, xb_w);
            $stop;
        end
`endif
`endif
    // (a CTA asks for the lock only once the deque takes commands: while
    // its reset sweep runs the dispatch could not start its warps, and the
    // host's steps go on meanwhile instead of waiting for the hold's end)
    assign o_ev_req = (run_v != {WARPS{1'b0}}) || (disp_ok && dq_ready);

    // ---- dispatch (wq_dispatch: the grid, the CTA's warps into free slots,
    // the thread-id walk) ------------------------------------------------------------------
    // its decisions are carried out here: a warp's slot, the deque's CLEAR
    // and the CTA_START record (ds_slot_go), the DISPATCH commit (ds_end)
    wire             ds_start, ds_slot_go, ds_end;
    wire [WID_W-1:0] ds_s;
    wire [4:0]       ds_wi;
    wire [31:0]      ds_live;
    wire [31:0]      cta_key;
    wire             tw_on;              // the walk has rows to write
    wire unused_disp = tw_on;            // (the formal covers')
    wq_dispatch #(.WARPS(WARPS), .LANES(LANES), .WID_W(WID_W), .TR_AW(TR_AW)) u_disp (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_launch_valid(i_launch_valid), .i_launch_ncta(i_launch_ncta),
        .i_threads(g_threads), .i_warps(g_warps), .i_ncta0(g_ncta0), .i_ncta1(g_ncta1),
        .i_ntid0(g_ntid0), .i_ntid1(g_ntid1), .i_ntid2(g_ntid2),
        .i_lbase(g_lbase), .i_lsize(g_lsize),
        .i_free_v(free_v), .i_nfree(nfree),
        .i_start_ok(ph_run && hold && pipe_empty && fl_idle && !at_on &&
                    q_empty && !ans_owed),
        .i_disp(ph_disp), .i_dq_ready(dq_ready),
        .o_g_valid(g_valid), .o_disp_ok(disp_ok), .o_fit1(g_fit1), .o_start(ds_start),
        .o_slot_go(ds_slot_go), .o_slot(ds_s), .o_wi(ds_wi), .o_live(ds_live),
        .o_end(ds_end),
        .o_cx(g_cx), .o_cy(g_cy), .o_cz(g_cz), .o_bx(g_bx), .o_by(g_by), .o_bz(g_bz),
        .o_next(g_next), .o_local(g_local), .o_grid_seq(grid_seq), .o_key(cta_key),
        .o_tw_on(tw_on), .o_tw_pend(tw_pend),
        .o_tr_we(tr_we), .o_tr_waddr(tr_waddr), .o_tr_wlane(tr_wlane), .o_tr_wdata(tr_wdata));

    // ---- CSR (wq_core_csr: the access, its decode and read mux, the
    // registers the CSRs own; its phase, deque commands and the debug
    // window's RESUME and KILL are carried out here) ---------------------------------------
    wire             csr_enter, csr_done, csr_resume, csr_kill;
    wire             csr_dq_set, csr_dq_go, csr_dq_again;
    wire [3:0]       csr_dq_op;
    wire [DQ_LOG2-1:0] csr_dq_index;
    wire [63:0]      csr_dq_data;
    wire [DW-1:0]    csr_dq_head, csr_dq_tail;
    // the commits the trap registers and the count see (WB's, the
    // completion path's)
    wire             b_commit_now = b_end;
    wq_core_csr #(.WARPS(WARPS), .DQ_LOG2(DQ_LOG2), .PCW(PCW), .WID_W(WID_W)) u_csr (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_csr_valid(i_csr_valid), .i_csr_we(i_csr_we), .i_csr_addr(i_csr_addr),
        .i_csr_wdata(i_csr_wdata), .o_csr_ack(o_csr_ack), .o_csr_rdata(o_csr_rdata),
        .o_csr_err(o_csr_err),
        .i_ev_gnt(i_ev_gnt), .i_run(ph_run), .i_on(ph_csr),
        .i_pipe_empty(pipe_empty), .o_enter(csr_enter), .o_done(csr_done),
        .i_trap(b_commit_now && (b_is_trap || (b_gone && b_orphan))), .i_trap_warp(b_w),
        .i_trap_code(b_is_trap ? b_trap : `WQ_TRAP_ORPHANED), .i_trap_pc(b_is_trap ? b_pc : b_npc),
        .i_retire((b_commit_now && !b_is_trap) || (cm_go && cm_last)),
        .o_dw(dw), .i_w_init(dw_init), .i_w_state(dw_state), .i_w_trap(dw_trap),
        .i_w_trec(dw_trec), .i_w_tfat(dw_tfat), .i_w_pc(dw_pc), .i_w_act(dw_act),
        .o_resume(csr_resume), .o_kill(csr_kill),
        .i_dq_head(dq_head), .i_dq_tail(dq_tail), .i_dq_log2(dw_log2), .i_dq_ready(dq_ready),
        .i_dq_rvalid(dq_rvalid), .i_dq_token(dq_token), .i_dq_op(dq_op),
        .o_dq_set(csr_dq_set), .o_dq_go(csr_dq_go), .o_dq_again(csr_dq_again),
        .o_dq_op(csr_dq_op), .o_dq_index(csr_dq_index), .o_dq_data(csr_dq_data),
        .o_dq_head(csr_dq_head), .o_dq_tail(csr_dq_tail));

    // ---- WB's writes (wq_commit: the register file's write port and the
    // zero rows, the REG_WRITE slot, the commit stream's records, the step
    // port); this file decides them ------------------------------------------------------
    // a part beat's register write (or a commit's last part, in its first
    // cycle), CALL's link, the completion's beat: their rows
    wire             bw_go    = b_v && (!b_commit || b_fp) && !wb_frz && b_wrd &&
                                lanes_of(b_sel, b_p) != {LANES{1'b0}};
    // (WB's part beat's row from its flip-flops: wq_ex_stage's b_rrow, DE's
    // destination row carried with the beat, not rf_rowp's sums over WB's
    // warp state; the FORMAL section asserts it is rf_rowp's)
    wire [RF_AW-1:0] bw_row   = b_rrow;
    wire [RF_AW-1:0] link_row = rf_rowp(b_w, b_rd, {1'b0, l_p}, b_son, b_sbase);
    // CALL's link row for its zero flag (wq_commit reads the flag at the
    // row's place in its warp's flags, zi: what a row is beyond its warp's
    // first): an unpacked register's r * PARTS + p, wiring of flip-flops,
    // and a packed one's (the shared base's arithmetic) from registers
    // written a cycle before -- WB's fields stay while its beat waits, and
    // the link's records come after the prologue's deque-room check, which
    // is after WB's first cycle (the FORMAL section asserts the place)
    reg              lk_pk_q;
    reg  [RF_AW-1:0] lk_prow_q;
    always @(posedge i_clk) begin
        lk_pk_q   <= rf_pk(b_rd, b_son, b_sbase);
        lk_prow_q <= rf_prow(b_w, b_rd, b_sbase);
    end
    wire [RF_AW-1:0] link_zrow = lk_pk_q ? lk_prow_q : rf_urow(b_rd, {1'b0, l_p});
    // (the completion's row comes from its unit's flip-flops: wq_de_stage's
    // destination row, cm_rrow)
    wq_commit #(.WARPS(WARPS), .LANES(LANES), .PCW(PCW), .WID_W(WID_W), .RF_D(RF_D),
                .RF_AW(RF_AW)) u_commit (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_at_rec(at_rec), .i_at_w(x_w), .i_at_pc(x_pc), .i_at_lane(at_lane), .i_at_fn(x_fn),
        .i_at_addr(at_addr), .i_at_new(at_new), .i_at_old(at_old),
        .i_b_w(b_w), .i_b_pc(b_pc), .i_b_rd(b_rd), .i_b_sel(b_sel),
        .i_bw_go(bw_go), .i_bw_p(b_p), .i_bw_row(bw_row), .i_bw_res(b_res),
        .i_emit(b_emit), .i_kk(b_kk), .i_last(b_last_k), .i_more(b_more),
        .i_trap(b_is_trap), .i_trap_code(b_trap), .i_gone_orphan(b_gone && b_orphan),
        .i_act(b_act), .i_op(b_op), .i_ir(b_ir), .i_auto(b_auto), .i_pred(b_pred_new),
        .i_link_p(l_p), .i_link_row(link_row), .i_link_zrow(link_zrow),
        .i_link_val({{(32-PCW){1'b0}}, b_next}),
        .i_bar_lo(bar_lo), .i_bar_slots(bar_slots), .i_bar_key(b_key),
        .i_dg_kind(dg_kind), .i_dg_pc(dg_pc), .i_dg_aux(dg_aux), .i_dg_mask(dg_mask),
        .i_dg_a(dg_a), .i_dg_b(dg_b),
.i_cm_go(cm_go), .i_cm_wr(!cm_nowr && lanes_of(cm_sel, cm_p) != {LANES{1'b0}}),
        .i_cm_pw(cm_pw), .i_cm_pred(cm_pred_new),
        .i_cm_last(cm_last), .i_cm_more(cm_more), .i_cm_w(cm_w), .i_cm_rd(cm_rd), .i_cm_p(cm_p),
        .i_cm_row(cm_rrow), .i_cm_pc(cm_pc), .i_cm_sel(cm_sel), .i_cm_res(cm_row),
        .i_cm_op(cm_op), .i_cm_ir(cm_ir),
        .i_ds_go(ds_slot_go), .i_ds_slot(ds_s), .i_ds_wi(ds_wi), .i_ds_pc(g_pc),
        .i_ds_live(ds_live), .i_ds_next(g_next), .i_ds_seq(grid_seq),
        .i_ds_end(ds_end), .i_ds_more(!stopping && !i_ev_wait),
        .i_kill_rel(csr_kill && kill_rel), .i_kill_key(dw_key),
        .o_rf_we(rf_we), .o_rf_waddr(rf_waddr), .o_rf_wlane(rf_wlane), .o_rf_wdata(rf_wdata),
        .i_de_w(d_w), .i_de_ra(rf_ra), .i_de_rb(rf_rb), .o_de_za(de_za), .o_de_zb(de_zb),
        .o_step_valid(o_step_valid), .o_step_kind(o_step_kind), .o_step_id(o_step_id),
        .o_step_res(o_step_res), .o_step_more(o_step_more), .o_irq_trap(o_irq_trap),
        .o_evr_valid(o_evr_valid), .o_evr_kind(o_evr_kind), .o_evr_unit(o_evr_unit),
        .o_evr_aux(o_evr_aux), .o_evr_pc(o_evr_pc), .o_evr_mask(o_evr_mask), .o_evr_a(o_evr_a),
        .o_evr_b(o_evr_b), .o_evr_c(o_evr_c), .o_evr_part(o_evr_part), .o_evr_vals(o_evr_vals),
        .o_evw_valid(o_evw_valid), .o_evw_unit(o_evw_unit), .o_evw_aux(o_evw_aux),
        .o_evw_pc(o_evw_pc), .o_evw_mask(o_evw_mask));

    // ---- the warp slots (wq_warp_slots: the model's wq_warp_t and
    // wq_bar_check); this file decides their changes --------------------------------------
    wq_warp_slots #(.WARPS(WARPS), .PCW(PCW), .WID_W(WID_W)) u_slots (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_ds_go(ds_slot_go), .i_ds_slot(ds_s), .i_ds_wi(ds_wi), .i_ds_live(ds_live),
        .i_ds_cx(g_cx), .i_ds_cy(g_cy), .i_ds_cz(g_cz), .i_ds_bx(g_bx), .i_ds_by(g_by),
        .i_ds_bz(g_bz), .i_ds_flat(g_next), .i_ds_local(g_local), .i_ds_key(cta_key),
        .i_desc(i_launch_desc),
        .i_wb_done(b_end), .i_wb_w(b_w), .i_wb_oh(b_woh), .i_wb_trap(b_is_trap), .i_wb_code(b_trap),
        .i_wb_bar(b_bar), .i_wb_rel(b_rel_now), .i_wb_gone(b_gone), .i_wb_orphan(b_orphan),
        .i_wb_npc(b_npc), .i_wb_act(b_act_new), .i_wb_exit(b_exit_new), .i_wb_yield(b_yield),
        .i_wb_lfsr(y_lfsr), .i_wb_ycount(y_count_ns),
        .i_wb_setp(b_opk[`WQ_OPK_SETP]), .i_wb_rd(b_rd[2:0]), .i_wb_sel(b_sel),
        .i_setp_acc(setp_acc),
        .i_cm_done(cm_go && cm_last), .i_cm_w(cm_w), .i_cm_pc(cm_pc), .i_fc_go(fc_go),
        .i_cm_pw(cm_pw), .i_fv_w(fv_w), .i_fv_rd(fv_rd), .i_fv_sel(fv_sel),
        .i_fv_pred(fv_pred),
        .i_csr_on(ph_csr), .i_dw(dw), .i_resume(csr_resume), .i_kill(csr_kill),
        .o_run_v(run_v), .o_free_v(free_v), .o_live_v(live_v), .o_nfree(nfree),
        .i_pick(pick), .o_is_pc(is_pc), .o_is_addr(is_addr),
        .i_d_w(d_w), .o_d_act(d_act), .o_d_prow(d_prow), .i_fd_w(fd_w), .o_fd_prow(fd_prow), .o_fd_sbase(fd_sbase),
        .o_d_nregs(d_nregs),
        .o_d_sbase(d_sbase), .o_d_code(d_code),
        .i_x_w(x_w), .i_x_w_nx(x_w_nx), .o_x_wi(x_wi), .o_x_ntid(x_ntid), .o_x_cta(x_cta), .o_x_ncta(x_ncta),
        .o_x_gb(x_gb), .o_x_param(x_param), .o_x_clock(x_clock), .o_x_ctaflat(x_ctaflat),
        .o_x_local(x_local),
        .i_b_load(b_load), .i_b_load_w(v_load_w), .i_b_v(b_v),
        .o_b_act(b_act), .o_b_exited(b_exited), .o_b_ypol(y_pol), .o_b_yparam(y_param),
        .o_b_ycount(y_count), .o_b_lfsr(y_lfsr_q), .o_b_sven(b_sven), .o_b_sbase(b_sbase),
        .o_b_key(b_key), .o_b_pred_new(b_pred_new),
        .o_cm_sbase(cm_sbase), .o_cm_pred_new(cm_pred_new),
        .o_dw_init(dw_init), .o_dw_state(dw_state), .o_dw_trap(dw_trap), .o_dw_trec(dw_trec), .o_dw_tfat(dw_tfat),
        .o_dw_pc(dw_pc), .o_dw_act(dw_act), .o_dw_key(dw_key),
        .o_bar_oth(bar_oth), .o_bar_go(bar_go), .o_rel_end(b_rel_end),
        .o_bchk_v(bchk_v), .o_kill_rel(kill_rel), .o_bar_slots(bar_slots),
        .o_bar_lo(bar_lo));
`ifndef FORMAL
    wire unused_slots = &{1'b0, d_code, d_pc, f_w, cm_sbase, owed, is_go}; // (the formal properties')
`endif

`ifdef FORMAL
    // The environment and the invariants (rtl/formal/wq_fcore.v: job core
    // of scripts/formal.sh, WARPS 2, LANES 8, REGS 4, DQ_LOG2 2 -- BMC from
    // reset and covers; WB's hold, the squash and the completion port's
    // decisions are wq_wb_ctl's properties, checked here on the core's
    // signals too)
    wire [RF_AW-1:0] f_cm_rrow = rf_rowp(cm_w, cm_rd, cm_p, w_son[cm_w], cm_sbase);
    wire [RF_AW-1:0] f_bw_row  = rf_rowp(b_w, b_rd, b_p, b_son, b_sbase);
    wq_fcore #(.WARPS(WARPS), .REGS(REGS), .DQ_LOG2(DQ_LOG2), .PCW(PCW), .WID_W(WID_W),
               .RF_AW(RF_AW), .TDW(TDW)) f_core (
        .i_clk(i_clk), .i_reset(i_reset), .i_ev_gnt(i_ev_gnt), .o_ev_req(o_ev_req),
        .o_step_valid(o_step_valid), .o_step_more(o_step_more), .o_step_kind(o_step_kind),
        .o_step_id(o_step_id), .o_evr_valid(o_evr_valid), .i_csr_valid(i_csr_valid),
        .i_launch_valid(i_launch_valid), .i_launch_desc(i_launch_desc),
        .i_launch_cta_threads(i_launch_cta_threads), .i_launch_ncta(i_launch_ncta),
        .o_mem_valid(o_mem_valid), .o_mem_we(o_mem_we), .i_mem_ready(i_mem_ready),
        .i_mem_rvalid(i_mem_rvalid), .csr_done(csr_done), .g_valid(g_valid), .g_ncta0(g_ncta0),
        .g_ncta1(g_ncta1), .g_ntid0(g_ntid0), .g_ntid1(g_ntid1), .g_ntid2(g_ntid2),
        .g_threads(g_threads), .g_dlog2(g_dlog2), .ds_slot_go(ds_slot_go), .ds_s(ds_s), .tw_on(tw_on),
        .tw_pend(tw_pend), .ph_run(ph_run), .run_v(run_v), .busy(busy), .pick(pick), .is_go(is_go),
        .is_go_nc(is_go_nc), .f_v(f_v), .f_w(f_w), .fd_held(fd_held), .fd_w(fd_w), .d_v(d_v),
        .d_w(d_w), .d_pc(d_pc), .d_code(d_code), .dx_held(dx_held), .dx_w(dx_w), .x_v(x_v), .x_w(x_w),
        .x_w_nx(x_w_nx), .x_dv(x_dv), .xb_held(xb_held), .xb_w(xb_w), .b_v(b_v), .b_w(b_w),
        .b_emit(b_emit), .b_last_k(b_last_k), .b_open(b_open), .b_twait(b_twait),
        .b_trapping(b_trapping), .b_load(b_load), .v_load_w(v_load_w), .wb_ls(wb_ls), .dq_vw(dq_vw),
        .squash_x(squash_x), .inq(inq), .q_empty(q_empty), .owed(owed), .ans_owed(ans_owed),
        .at_on(at_on), .at_rec(at_rec), .fl_on(fl_on), .cr_v(cr_v), .cr_lo(cr_lo), .cr_hi(cr_hi),
        .dv_busy(dv_busy), .dv_open(dv_open), .dv_on(dv_on), .dv_w(dv_w), .dc_go(dc_go), .cp_go(cp_go),
        .cp_last(cp_last), .cp_code(cp_code), .cm_go(cm_go), .cm_nowr(cm_nowr), .cm_rrow(cm_rrow),
        .f_cm_rrow(f_cm_rrow), .bw_row(bw_row), .f_bw_row(f_bw_row), .cm_own(cm_own), .cm_own_dv(cm_own_dv), .cm_own_fv(cm_own_fv),
        .xc_open(xc_open), .bw_go(bw_go));
`endif
endmodule
