// wq_core.v -- the pipelined SIMT core: warps interleaved one instruction
// a cycle (DESIGN §6; docs/rtl/wq_core.md), the default configuration's
// scheduler in wq_top (ports: event lock, commit port, memory port, event
// records with the REG_WRITE slot, CSR sub-port, launch port; wq_sched_ue
// has the same but the REG_WRITE slot).
//
// Pipeline, one beat a stage a cycle (a beat is one LANES-wide part of a
// warp instruction, or its commit):
//
//   IS  issue: the next ready warp after the last one issued (a warp is
//       ready when it runs and has no instruction in flight: the per-warp
//       scoreboard); its fetch address goes to the instruction buffer
//   FE  the buffer's answer: a hit goes on, a miss drops the instruction
//       (the warp stays ready) and starts a fetch run of PF_RUN words
//   DE  decode, register and predicate checks, the guard; the expander
//       sends the instruction on as its part beats and a commit beat, and
//       addresses the register file and the thread-id RAM for each part
//   EX  operands from the register file (registered read: wq_opread), the vector
//       ALU, S2R's values, the dividers (a division part beat stays 34
//       cycles); the LSU gathers a memory instruction's addresses and
//       store data from its part beats; a load's or a store's commit beat
//       then leaves EX into the LSU queue, whose request stage performs
//       the entries' line requests in order, whose answers come back by
//       their tags, and whose completion path commits the head entry
//       between WB's commits (a store's writes are posted); an atomic
//       performs in EX alone (a lane's read and write, in order)
//   WB  register write, REG_WRITE beat; a commit beat emits the
//       instruction's remaining records (a control instruction's and the
//       reconvergence's with deque commands in between, the pipeline
//       stalled), updates the warp and ends with o_step_valid (one commit
//       of docs/rtl/commit.md)
//
// The units in their own files, instantiated here (docs/rtl/wq_core.md,
// "Files"): wq_issue (IS: the ready warps, the pick, the scoreboard),
// wq_fetch (IS's buffer lookup, FE's answer, the fetch runs, the
// code range), wq_core_lsu (EX's memory instructions: the gather buffer,
// the LSU queue, the memory port, the atomic, the completion path's queue
// side), wq_dispatch (the grid, a CTA's warps into free slots, the
// thread-id walk), wq_core_csr (the CSR access, its decode and read mux,
// the trap registers, PERF_INSTR, the debug window), wq_diverge (the branch /
// divergence unit with the token deque: per-thread state and targets,
// the deque calls, the walks, sub-vector segments, reconvergence),
// wq_commit (WB's outputs: the register file's write port and the zero
// rows, the REG_WRITE slot, the commit stream's records, the step port);
// wq_opread (EX's operands: the register file and the thread-id RAM read
// at DE's rows and held while EX keeps its beat, the zero rows, the
// immediate, S2R's special registers); wq_valu, wq_div and wq_decode.  This file keeps the
// pipeline registers and the stall chain, DE's checks and expander,
// WB's commit, the barrier check and the warp slots, and carries out
// the units' requests on them (a completion's commit, a warp's start, the
// divergence unit's PC and mask, RESUME and KILL); wq_diverge walks WB's
// records (which record of a commit goes out this cycle).
//
// A warp has one instruction in flight, so its instructions commit in
// program order (rule 2; other warps' may commit in another order than
// their issue: a memory instruction waits in the LSU queue); every record of
// a commit leaves WB or the completion path between its first record and
// its o_step_valid, the two never interleaved (rule 1); loads and stores
// make their requests and commit in queue order, a load after its last
// answer, and an atomic performs alone (rule 3: memory commits in the
// order of their accesses at the port; a write is performed when the
// memory takes it, and the hold never ends before its answer); which warp
// issues is the core's timing choice, reported by o_step_id (rule 4); the
// instruction buffer is flushed whenever the lock is not held and after
// every store or atomic of the core that writes into the code range its
// fetch runs have read, with every younger instruction fetched before it
// dropped (rule 5).
//
// The core holds the event lock of wq_top for a burst: a commit raises
// o_step_more while another commit will follow (an instruction in flight
// behind it, or a warp or CTA ready and nobody waiting, i_ev_wait), and a
// commit promised that way is always delivered.
//
// Instructions: NOP, MEMBAR, EXIT (with reconvergence and the warp's end),
// MOV, the integer ALU (ADD ... MAXU, MUL, MULHU), DIVU, DIV, REMU, REM,
// SETP, SEL, S2R (every special register), LD and ST of one word, four
// words (.v4), a byte or a half-word, ATOM (every operation); the
// divergence unit in WB: BRA, JMP, BRX, JMX (per-thread targets in
// groups), CALL, RET (the CALL token holders), SSY, PBRK, PCONT, SYNC,
// BRK, CONT, per-thread wait state, the token pushes and the
// reconvergence pops, the deque-room traps; YIELD (its policies, the back
// pushes and merges); BAR and the CTA barrier (wq_bar_check at BAR, a
// fatal trap, a warp's end and KILL); sub-vector segments and the loop
// form (SUBV_*, packed shared registers): every instruction of the ISA.
// An opcode it did not execute would retire as the illegal-instruction
// trap, which the lockstep checker reports as a mismatch, and a
// simulation would name it (docs/rtl/wq_core.md, "Coverage").
`default_nettype none
`include "wq_defs.vh"

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
    localparam [5:0] PARTS6 = PARTS[5:0];
    localparam [31:0] TRAP_RECOV = `WQ_TRAP_RECOV_MASK;
    localparam TIDW  = 11;                              // a thread-id coordinate

    // (the descriptor's other fields are the host's; its address the model's)
    wire unused_params = &{1'b0, i_launch_addr, i_launch_desc};

    function recoverable;
        input [7:0] code;
        recoverable = (code[7:5] == 3'd0) ? TRAP_RECOV[code[4:0]] : 1'b0;
    endfunction
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
    /* verilator lint_off WIDTH */
    function [RF_AW-1:0] rf_row;         // register r of warp w, part p
        input [WID_W-1:0] w;
        input [5:0]       r;
        input [5:0]       p;
        rf_row = ({26'd0, w} * REGS + {26'd0, r}) * PARTS + {26'd0, p};
    endfunction
    // register r of warp w as part p's threads see it: in a sub-vector
    // segment a register at or above the shared base is packed (exec.h
    // wq_reg): shared register s lives in row base + s/PARTS, part s%PARTS,
    // the same lanes for every part
    function [RF_AW-1:0] rf_rowp;
        input [WID_W-1:0] w;
        input [5:0]       r;
        input [5:0]       p;
        input             on;
        input [4:0]       base;
        reg   [5:0]       sh;
        begin
            sh = r - {1'b0, base};
            if (on && base != 5'd0 && r >= {1'b0, base})
                rf_rowp = rf_row(w, {1'b0, base} + sh / PARTS, sh % PARTS);
            else
                rf_rowp = rf_row(w, r, p);
        end
    endfunction
    function [TR_AW-1:0] tr_row;
        input [WID_W-1:0] w;
        input [5:0]       p;
        tr_row = {26'd0, w} * PARTS + {26'd0, p};
    endfunction
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

    // ---- warp slots (the model's wq_warp_t) --------------------------------
    reg [3:0]        w_state   [0:WARPS-1];
    reg [PCW-1:0]    w_pc      [0:WARPS-1];
    reg [31:0]       w_act     [0:WARPS-1];
    reg [31:0]       w_exited  [0:WARPS-1];
    reg [7:0]        w_trap    [0:WARPS-1];
    reg [5:0]        w_nregs   [0:WARPS-1];
    reg [31:0]       w_code    [0:WARPS-1];
    reg [31:0]       w_param   [0:WARPS-1];
    reg [10:0]       w_ntid0   [0:WARPS-1];
    reg [10:0]       w_ntid1   [0:WARPS-1];
    reg [10:0]       w_ntid2   [0:WARPS-1];
    reg [15:0]       w_ncta0   [0:WARPS-1];
    reg [15:0]       w_ncta1   [0:WARPS-1];
    reg [15:0]       w_ncta2   [0:WARPS-1];
    reg [15:0]       w_cta0    [0:WARPS-1];
    reg [15:0]       w_cta1    [0:WARPS-1];
    reg [15:0]       w_cta2    [0:WARPS-1];
    reg [25:0]       w_gb0     [0:WARPS-1];    // CTAID_d * NTID_d (S2R GID_d)
    reg [25:0]       w_gb1     [0:WARPS-1];
    reg [25:0]       w_gb2     [0:WARPS-1];
    reg [31:0]       w_ctaflat [0:WARPS-1];
    reg [31:0]       w_local   [0:WARPS-1];
    reg [4:0]        w_wi      [0:WARPS-1];
    reg [31:0]       w_retired [0:WARPS-1];    // S2R CLOCK
    reg [31:0]       w_key     [0:WARPS-1];    // the CTA's key (wq_bar_check)
    reg [1:0]        w_ypol    [0:WARPS-1];    // the launch's yield policy,
    reg [7:0]        w_yparam  [0:WARPS-1];    //   its parameter,
    reg [8:0]        w_ycount  [0:WARPS-1];    //   EVERY_N's count
    reg [15:0]       w_lfsr    [0:WARPS-1];    //   and LFSR's state
    // sub-vector mode (DESIGN §6.4; the segments and loop forms: wq_diverge)
    reg              w_sven    [0:WARPS-1];    // the launch enables sub-vector mode
    reg [4:0]        w_sbase   [0:WARPS-1];    // its shared base (0: nothing packed)
    wire [WARPS-1:0] w_son;                    // in a SUBV_START..SUBV_END segment
    // the predicates, a row per warp (predicate q at [q*32 +: 32], the last
    // PT): LUT RAM with one write port (below) and DE's and WB's reads of
    // their warp's row (two copies); in flip-flops, 2 048 of them behind
    // three 64-way multiplexers
    reg [8*32-1:0]   w_pred    [0:WARPS-1];
    reg [WARPS-1:0]  w_init;                   // started since reset (DBG_PC/ACTIVE)
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
    wire [31:0]      g_code   = i_launch_desc[`WQ_LD_CODE_BASE*32 +: 32];
    wire [PCW-1:0]   g_pc     = i_launch_desc[`WQ_LD_START_PC*32 +: PCW];
    wire [15:0]      g_ncta0  = i_launch_desc[`WQ_LD_GRID_X*32 +: 16];
    wire [15:0]      g_ncta1  = i_launch_desc[`WQ_LD_GRID_Y*32 +: 16];
    wire [15:0]      g_ncta2  = i_launch_desc[`WQ_LD_GRID_Z*32 +: 16];
    wire [10:0]      g_ntid0  = i_launch_desc[`WQ_LD_CTA_X*32 +: 11];
    wire [10:0]      g_ntid1  = i_launch_desc[`WQ_LD_CTA_Y*32 +: 11];
    wire [10:0]      g_ntid2  = i_launch_desc[`WQ_LD_CTA_Z*32 +: 11];
    wire [31:0]      g_param  = i_launch_desc[`WQ_LD_PARAM*32 +: 32];
    wire [5:0]       g_nregs  = i_launch_desc[`WQ_LD_NREGS*32 +: 6];
    wire [4:0]       g_dlog2  = i_launch_desc[`WQ_LD_DEQUE*32 + `WQ_LDF_DEQUE_LOG2_LO +: `WQ_LDF_DEQUE_LOG2_W];
    wire [1:0]       g_ypol   = i_launch_desc[`WQ_LD_YIELD*32 + `WQ_LDF_YIELD_POLICY_LO +: `WQ_LDF_YIELD_POLICY_W];
    wire [7:0]       g_yparam = i_launch_desc[`WQ_LD_YIELD*32 + `WQ_LDF_YIELD_PARAM_LO +: `WQ_LDF_YIELD_PARAM_W];
    wire [15:0]      g_yseed  = i_launch_desc[`WQ_LD_YIELD*32 + `WQ_LDF_YIELD_SEED_LO +: `WQ_LDF_YIELD_SEED_W];
    wire             g_sven   = i_launch_desc[`WQ_LD_WAVE*32 + `WQ_LDF_WAVE_SUBV_LO];
    wire [4:0]       g_sbase  = i_launch_desc[`WQ_LD_WAVE*32 + `WQ_LDF_WAVE_SHARED_BASE_LO +: `WQ_LDF_WAVE_SHARED_BASE_W];
    wire [31:0]      g_lbase  = i_launch_desc[`WQ_LD_LOCAL_BASE*32 +: 32];
    wire [31:0]      g_lsize  = i_launch_desc[`WQ_LD_LOCAL_SIZE*32 +: 32];
    wire [10:0]      g_threads = i_launch_cta_threads;
    wire [5:0]       g_warps  = i_launch_cta_threads[10:5] + {5'd0, (i_launch_cta_threads[4:0] != 5'd0)};
    // the CTA's warps but one fit in the free slots (a warp that ends makes
    // the one more): nfree >= g_warps - 1, with g_warps - 1 = (threads -
    // 1) / 32 from the launch port (no adder behind the count)
    wire [10:0]      g_tm1    = i_launch_cta_threads - 11'd1;
    wire             g_fit1   = (i_launch_cta_threads == 11'd0) || nfree >= {1'b0, g_tm1[10:5]};
    wire             unused_tm1 = &{1'b0, g_tm1[4:0]};

    // ---- slot summaries -----------------------------------------------------
    reg [WARPS-1:0] run_v, free_v, live_v;
    integer si;
    always @(*) begin
        for (si = 0; si < WARPS; si = si + 1) begin
            run_v[si]  = (w_state[si] == `WQ_WS_RUN);
            free_v[si] = (w_state[si] == `WQ_WS_FREE);
            live_v[si] = (w_state[si] == `WQ_WS_RUN) || (w_state[si] == `WQ_WS_BAR) ||
                         ((w_state[si] == `WQ_WS_TRAP) && recoverable(w_trap[si]));
        end
    end
    // the free slots' count: an adder tree (log2 WARPS adders deep), not a
    // chain of WARPS increments
    wire [6:0]      nfree = popcount(free_v);
    wire [WARPS-1:0] ready_v;                   // running, nothing in flight, thread ids written
    assign o_engine_idle = !g_valid && (live_v == {WARPS{1'b0}});
    assign o_can_launch = !g_valid;

    // IS: wq_issue picks the next ready warp (round robin, the fetch run's
    // warp first)
    wire [WID_W-1:0] pick;
    wire            pref_v;             // the warp whose miss started the last fetch run
    wire [WID_W-1:0] pref_w;
    wire            fl_on;              // a fetch run is requesting or receiving

    // ---- phases of a lock hold ----------------------------------------------
    // PH_RUN: the pipeline; PH_DISP: a CTA starts (the pipeline is empty);
    // PH_CSR: a CSR access (outside the lock)
    localparam [1:0] PH_RUN = 2'd0, PH_DISP = 2'd1, PH_CSR = 2'd2;
    reg [1:0] phase;
    reg       stopping;         // i_ev_wait seen: issue no more in this hold
    reg       owe;              // the last commit promised another one
    reg       ended;            // the hold's last commit is out (the grant
                                // drops the cycle after it): start nothing
    wire      hold = i_ev_gnt && !ended;

    // ---- pipeline registers ----------------------------------------------------
    // FE
    reg              f_v;
    reg [WID_W-1:0]  f_w;
    reg [PCW-1:0]    f_pc;
    reg [31:0]       f_addr;
    // DE
    reg              d_v;
    reg [WID_W-1:0]  d_w;
    reg [PCW-1:0]    d_pc;
    reg [63:0]       d_ir;
    reg [5:0]        d_p;                       // next part beat
    reg [1:0]        d_k;                       // its rb + k (st.v4, CAS)
    reg              d_parts_done;              // only the commit beat is left
    // EX (beat)
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
    // WB (beat)
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
    reg              b_wd;                      // i_wave_subv as the instruction entered WB
    reg [7:0]        b_trap;
    reg [LANES*32-1:0] b_res;
    reg [PCW-1:0]    b_imm;                     // the target field
    reg [31:0]       setp_acc;                  // SETP's compare bits, by part

    // ---- decode (DE) -----------------------------------------------------------
    wire                    dc_legal, dc_gn, dc_bi, dc_msext, dc_gp_pt, dc_selp_pt;
    wire [`WQ_OP_W-1:0]     dc_op;
    wire [`WQ_FMT_W-1:0]    dc_fmt;
    wire [`WQ_IF_W-1:0]     dc_flags;
    wire [`WQ_F_GP_W-1:0]   dc_gp;
    wire [`WQ_F_RD_W-1:0]   dc_rd;
    wire [`WQ_F_RA_W-1:0]   dc_ra;
    wire [`WQ_F_RB_W-1:0]   dc_rb;
    wire [`WQ_F_FN_W-1:0]   dc_fn;
    wire [`WQ_F_IMM_W-1:0]  dc_imm;
    wire [2:0]              dc_words;
    wire [1:0]              dc_msize;
    wire [3:0]              dc_amask;
    wire [5:0]              dc_maxreg;
    wq_decode #(.FP(FP)) u_dec (
        .i_insn(d_ir), .o_legal(dc_legal), .o_op(dc_op), .o_fmt(dc_fmt), .o_flags(dc_flags),
        .o_gp(dc_gp), .o_gn(dc_gn), .o_rd(dc_rd), .o_ra(dc_ra), .o_rb(dc_rb), .o_bi(dc_bi),
        .o_fn(dc_fn), .o_imm(dc_imm), .o_words(dc_words), .o_msize(dc_msize),
        .o_msext(dc_msext), .o_amask(dc_amask), .o_gp_pt(dc_gp_pt), .o_selp_pt(dc_selp_pt),
        .o_maxreg(dc_maxreg));
    wire unused_dc = &{1'b0, dc_fmt, dc_gp_pt, dc_selp_pt};

    // what the core executes itself (the rest: see the header)
    reg dc_supported;
    always @(*) begin
        case (dc_op)
        `WQ_OP_NOP, `WQ_OP_MEMBAR, `WQ_OP_EXIT, `WQ_OP_MOV, `WQ_OP_ADD, `WQ_OP_SUB,
        `WQ_OP_MUL, `WQ_OP_MULHU, `WQ_OP_AND, `WQ_OP_OR, `WQ_OP_XOR, `WQ_OP_SHL,
        `WQ_OP_SHR, `WQ_OP_SRA, `WQ_OP_MIN, `WQ_OP_MAX, `WQ_OP_MINU, `WQ_OP_MAXU,
        `WQ_OP_SETP, `WQ_OP_SEL, `WQ_OP_S2R,
        `WQ_OP_BRA, `WQ_OP_JMP, `WQ_OP_SSY, `WQ_OP_PBRK, `WQ_OP_PCONT,
        `WQ_OP_SYNC, `WQ_OP_BRK, `WQ_OP_CONT, `WQ_OP_BAR, `WQ_OP_YIELD,
        `WQ_OP_BRX, `WQ_OP_JMX, `WQ_OP_CALL, `WQ_OP_RET,
        `WQ_OP_SUBV_START, `WQ_OP_SUBV_END, `WQ_OP_SUBV_LOOP_BEGIN, `WQ_OP_SUBV_LOOP_END,
        `WQ_OP_SUBV_AUTO, `WQ_OP_DIVU, `WQ_OP_DIV, `WQ_OP_REMU, `WQ_OP_REM,
        `WQ_OP_LD, `WQ_OP_ST, `WQ_OP_ATOM:
            dc_supported = 1'b1;
        // the FPU's instructions (FP = 0: wq_decode calls them illegal)
        `WQ_OP_FADD, `WQ_OP_FSUB, `WQ_OP_FMUL, `WQ_OP_FFMA,
        `WQ_OP_FMIN, `WQ_OP_FMAX, `WQ_OP_FSETP, `WQ_OP_FCLASS,
        `WQ_OP_I2F, `WQ_OP_U2F, `WQ_OP_F2I, `WQ_OP_F2U, `WQ_OP_FDIV, `WQ_OP_FSQRT:
            dc_supported = FP != 0;
        default:
            dc_supported = 1'b0;
        endcase
    end
    wire        dc_warpf = (dc_flags & `WQ_IF_WARP) != 0;
    wire [31:0] d_act    = w_act[d_w];
    wire [8*32-1:0] d_prow = w_pred[d_w];      // DE's warp's predicates
    wire [31:0] d_g      = d_prow[{dc_gp, 5'd0} +: 32];
    wire [31:0] d_selg   = d_act & (dc_gn ? ~d_g : d_g);
    wire [31:0] d_sel    = dc_warpf ? d_act : d_selg;
    wire        d_skip   = !dc_warpf && (d_selg == 32'd0);
    wire [31:0] d_cond   = d_prow[{dc_fn[2:0], 5'd0} +: 32] ^ {32{dc_fn[3]}};
    wire [7:0]  d_trapc  = !dc_legal ? `WQ_TRAP_ILLEGAL_INSTR :
                           (dc_maxreg >= w_nregs[d_w] ||
                            (!(w_son[d_w] && w_sbase[d_w] != 5'd0) && {26'd0, dc_maxreg} >= REGS)) ?
                               `WQ_TRAP_ILLEGAL_REG :
                           !dc_supported ? `WQ_TRAP_ILLEGAL_INSTR : `WQ_TRAP_NONE;
    // part beats: the register-writing and memory instructions not skipped
    // (and BRX, JMX, RET: their part beats gather the per-thread targets)
    wire        d_tg     = dc_op == `WQ_OP_BRX || dc_op == `WQ_OP_JMX || dc_op == `WQ_OP_RET;
    wire        d_fpop   = (dc_flags & `WQ_IF_FP) != 0;
    wire        d_has_parts = (d_trapc == `WQ_TRAP_NONE) && !d_skip &&
                              (((dc_flags & `WQ_IF_WRD) != 0) || ((dc_flags & `WQ_IF_MEM) != 0) ||
                               dc_op == `WQ_OP_SETP || d_fpop || d_tg) && dc_op != `WQ_OP_LD;
    // (LD's part beats gather its addresses like ST's; its write-back beats
    // come from the LSU)
    wire        d_mem    = (dc_op == `WQ_OP_LD) || (dc_op == `WQ_OP_ST) || (dc_op == `WQ_OP_ATOM);
    wire        d_beats  = d_has_parts || ((d_trapc == `WQ_TRAP_NONE) && !d_skip && d_mem);
    // the register-writing ALU instructions (not memory, SETP, the
    // divisions, the target gathers) carry their commit on their last part
    // beat: one beat a part, a warp instruction a cycle at 32 lanes; WB
    // writes that part and emits its REG_WRITE on o_evw_* beside the
    // commit's first record
    wire        d_dvop   = dc_op == `WQ_OP_DIVU || dc_op == `WQ_OP_DIV ||
                           dc_op == `WQ_OP_REMU || dc_op == `WQ_OP_REM;
    wire        d_fuse   = d_has_parts && !d_mem && !d_tg && !d_dvop && !d_fpop &&
                           dc_op != `WQ_OP_SETP;
    wire        d_fuse_last = d_fuse && !d_parts_done && d_p + 6'd1 == PARTS6;
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
        if (d_v && dc_legal && !dc_supported && !i_reset)
            $display("wq_core: opcode %02x at pc %0d is not executed by the core yet (docs/rtl/wq_core.md)",
                     dc_op, d_pc);
`endif

    // ---- stall chain --------------------------------------------------------------
    wire b_busy;                        // WB keeps its beat this cycle
    wire x_busy;                        // EX keeps its beat (the LSU, the division unit full)
    wire wb_frz;                        // a completion (the LSU's, the division's) has the commit port
    wire ls_frz;                        // ... the LSU's
    wire wb_blk;                        // no beat from EX into WB (a completion waits)
    wire b_twait;                       // a trap waits in WB for the LSU queue to empty
    wire x_to_wb;                       // EX's own beat moves into WB
    wire dv_take;                       // EX's division beat moves into the division unit
    wire fv_take;                       // EX's FP beat moves into the FP unit
    // EX accepts a beat: its own leaves (into WB, into the LSU queue, or a
    // gather beat into the queue's next entry)
    wire x_take = !x_v || ls_take || dv_take || fv_take || (!x_busy && !b_busy && !wb_blk);
    // DE -> EX through a second skid buffer (u_dx, below): DE emits a beat
    // into it when it has room (dx_ready, a flip-flop), EX takes from it
    // (x_in), so the decisions of WB, the completion path and the division
    // unit stop at EX and never reach DE in the cycle
    wire             dx_ready;                 // the buffer has room: DE emits
    wire             dx_held = !dx_ready;      // a beat waits in it (DE's beat of an earlier cycle)
    wire d_emit = d_v && dx_ready && phase == PH_RUN;
    wire d_cbeat = d_parts_done || !d_beats || d_fuse_last;   // DE's beat is the commit beat
    wire d_last = d_emit && d_cbeat;                                // ... and leaves
    wire d_take = !d_v || d_last;
    // FE -> DE through the stage contract's skid buffer (wq_skid,
    // docs/rtl/wq_skid.md): FE's hit goes into it when it has room
    // (fd_ready, a flip-flop), DE takes from it (d_take), so WB's, the
    // completion path's and the division unit's decisions stop at DE and
    // never reach FE and IS in the cycle
    wire             fd_ready;                 // the buffer has room: FE moves
    wire             fd_v;                     // it offers a beat to DE
    wire [WID_W-1:0] fd_w;
    wire [PCW-1:0]   fd_pc;
    wire [63:0]      fd_ir;
    wire             fd_held = !fd_ready;      // a beat waits in it (FE's beat of an earlier cycle)
    wire squash;                        // drop FE, DE (a trap commit, a store)
    wire squash_x;                      // drop EX too (a trap commit)
    wire is_go;                         // IS issues pick this cycle

    // ---- DE's rows: the register file's and the thread-id RAM's (read by
    // wq_opread as the beat enters EX) -------------------------------------------
    wire [RF_AW-1:0] rf_ra = rf_rowp(d_w, {1'b0, dc_ra}, d_p, w_son[d_w], w_sbase[d_w]);
    wire [RF_AW-1:0] rf_rb = rf_rowp(d_w, (d_ffma && d_k != 2'd0) ? {1'b0, dc_rd} :
                                          {1'b0, dc_rb} + {4'd0, d_k}, d_p, w_son[d_w], w_sbase[d_w]);
    wire             rf_we;                    // (wq_commit's write port)
    wire [RF_AW-1:0] rf_waddr;
    wire [LANES-1:0] rf_wlane;
    wire [LANES*32-1:0] rf_wdata;
    wire             tr_we;                    // (the thread-id walk's: wq_dispatch)
    wire [TR_AW-1:0] tr_waddr;
    wire [LANES-1:0] tr_wlane;
    wire [LANES*3*TIDW-1:0] tr_wdata;

    // ---- DE -> EX: the stage contract's skid buffer (wq_skid, u_dx) -----------------
    // It carries DE's beat as EX's registers take it, with the rows EX
    // reads: a beat that waits in the buffer is read (wq_opread) as EX
    // takes it, from the rows saved with it.  A squash empties it (its
    // beat is younger than EX's: a trap's and a code-writing store's
    // squash drop EX too, an atomic's is EX's own beat).
    localparam DXW = WID_W + PCW + 64 + 8 + 5 + 1 + 32 + 4 + 32 + 32 + 1 + 8 + 1 + 1 + 2 + 1 + 4 +
                     3 + 6 + 2 + 1 + 1 + 2 * RF_AW + TR_AW + 2;
    wire             dx_v;                     // the buffer offers a beat to EX
    wire             x_in;                     // EX takes it
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
    wire [RF_AW-1:0] dx_ra, dx_rb;
    wire [TR_AW-1:0] dx_tr;
    wire             dx_za, dx_zb;
    wire [DXW-1:0]   dx_in = {d_w, d_pc, d_ir, dc_op, dc_rd, dc_bi, dc_imm, dc_fn[3:0], d_sel, d_cond,
                              d_skip, d_trapc, (dc_flags & `WQ_IF_WRD) != 0, d_mem, dc_msize,
                              dc_msext, dc_amask, d_words, d_p, d_k, d_fuse_last, d_cbeat,
                              rf_ra, rf_rb, tr_row(d_w, d_p), de_za, de_zb};
    wq_skid #(.DW(DXW)) u_dx (
        .i_clk(i_clk), .i_valid(d_v && phase == PH_RUN), .i_data(dx_in), .o_ready(dx_ready),
        .i_reset(i_reset || squash), .i_ready(x_take && phase == PH_RUN), .o_valid(dx_v),
        .o_data({dx_w, dx_pc, dx_ir, dx_op, dx_rd, dx_bi, dx_imm, dx_fn, dx_sel, dx_cond, dx_skip,
                 dx_trap, dx_wrd, dx_mem, dx_msize, dx_msext, dx_amask, dx_words, dx_p, dx_k,
                 dx_fp, dx_commit, dx_ra, dx_rb, dx_tr, dx_za, dx_zb}));
    // (a squash's cycle loads nothing into EX: the beat is dropped with
    // DE's, the scoreboard clears its warp)
    assign x_in = dx_v && x_take && phase == PH_RUN && !squash;

    // ---- instruction fetch (wq_fetch: the buffer, its answer in FE, the
    // fetch runs and the code range) -------------------------------------------------
    wire [31:0] is_addr = w_code[pick] + {7'd0, w_pc[pick], 3'b000};
    wire        ib_flush;
    wire        fe_hit;
    wire [63:0] fe_ir;
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
    wire         ans_owed = owed != {(TDW+1){1'b0}};
    wire [WARPS-1:0] inq;                    // warps with a queue entry
    wire         cf;                         // a store that wrote code waits
    wire         ls_take;                    // the LSU takes EX's beat
    wire         ls_busy;                    // ... holds it
    wire         ls_bad, ls_fuse, ls_wb;
    wire [5:0]   ls_p;
    wire [1:0]   ls_wk;
    wire [LANES*32-1:0] ls_wb_row, ls_row0;
    wire         at_on, at_wait, ls_store_done, ls_code;
    wire         at_rec;                     // ATOM's record
    wire [4:0]   at_lane;
    wire [31:0]  at_addr, at_new, at_old;
    wire         fl_go, rv_f;
    wire [31:0]  fl_word;
    wire         cp_go, cp_last, cp_code, cp_yield, cp_st;
    wire [WID_W-1:0] cp_w;
    wire [PCW-1:0] cp_pc;
    wire [31:0]  cp_sel;
    wire [63:0]  cp_ir;
    wire [5:0]   cp_rd, cp_p;
    wire [1:0]   cp_k;
    wire [LANES*32-1:0] cp_row;
    wire [WARPS-1:0] cp_drop;
    wire unused_lsu = &{1'b0, inq, cp_yield};   // (the formal properties')
    reg          b_open;                 // WB's instruction has emitted a record
    reg          x_open;                 // EX's instruction has beats in WB

    // ---- EX: operands (wq_opread: the register file, the thread-id RAM,
    // the zero rows, the immediate, S2R's special registers) and results ---------------
    wire [LANES*32-1:0] op_a, op_rb, op_b, s2r_res;
    wq_opread #(.LANES(LANES), .RF_D(RF_D), .RF_AW(RF_AW), .TR_D(TR_D), .TR_AW(TR_AW)) u_opread (
        .i_clk(i_clk), .i_x_in(x_in), .i_ra_row(dx_ra), .i_rb_row(dx_rb),
        .i_tr_row(dx_tr), .i_za(dx_za), .i_zb(dx_zb),
        .i_rf_we(rf_we), .i_rf_waddr(rf_waddr), .i_rf_wlane(rf_wlane), .i_rf_wdata(rf_wdata),
        .i_tr_we(tr_we), .i_tr_waddr(tr_waddr), .i_tr_wlane(tr_wlane), .i_tr_wdata(tr_wdata),
        .i_x_bi(x_bi), .i_x_imm(x_imm), .i_x_p(x_p),
        .i_sr_wi(w_wi[x_w]), .i_sr_ntid({w_ntid2[x_w], w_ntid1[x_w], w_ntid0[x_w]}),
        .i_sr_cta({w_cta2[x_w], w_cta1[x_w], w_cta0[x_w]}),
        .i_sr_ncta({w_ncta2[x_w], w_ncta1[x_w], w_ncta0[x_w]}),
        .i_sr_gb({w_gb2[x_w], w_gb1[x_w], w_gb0[x_w]}), .i_sr_param(w_param[x_w]),
        .i_sr_clock(w_retired[x_w]), .i_sr_ctaflat(w_ctaflat[x_w]), .i_sr_local(w_local[x_w]),
        .o_a(op_a), .o_rb(op_rb), .o_b(op_b), .o_s2r(s2r_res));
    wire [LANES*32-1:0] alu_res;
    wire [LANES-1:0]    alu_cmp;
    wire [LANES*32-1:0] mul_res;        // WB's MUL / MULHU beat (the multiplier's second stage)
    wq_valu #(.LANES(LANES)) u_valu (
        .i_clk(i_clk), .i_en(x_to_wb), .i_op(x_op), .i_fn(x_fn), .i_a(op_a), .i_b(op_b),
        .i_cond(lanes_of(x_cond, x_p)), .o_res(alu_res), .o_cmp(alu_cmp), .o_mul(mul_res));
    // Division (exec_alu.c DIVU, DIV, REMU, REM): wq_core_div.  A
    // division's beats leave EX into the unit one a cycle (x_dv, dv_take),
    // its divider array divides the parts with a selected lane, and its
    // commit goes through the completion path (dc_go, below); another
    // division waits in EX while the unit holds one.
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
        .i_in(dv_take), .i_commit(x_commit), .i_p(x_p), .i_lanes(lanes_of(x_sel, x_p)),
        .i_op(x_op), .i_w(x_w), .i_pc(x_pc), .i_ir(x_ir), .i_rd(x_rd), .i_sel(x_sel),
        .i_a(op_a), .i_b(op_b), .o_busy(dv_busy), .o_open(dv_open),
        .i_go(dc_go), .o_rdy(dv_rdy), .o_on(dv_on), .o_last(dv_last), .o_p(dv_p),
        .o_row(dv_row), .o_w(dv_w), .o_pc(dv_pc), .o_ir(dv_ir), .o_rd(dv_rd),
        .o_sel(dv_sel), .o_op(dv_op));
    // Floating point (exec_fp.c): wq_fpu.  An FP instruction's beats leave
    // EX into the unit one a cycle (x_fv, fv_take; FFMA's second pass
    // brings its addend rd), its pipelined units compute the parts with a
    // selected lane FP_LANES lanes at a time, and its commit goes through
    // the completion path (fc_go, below), the unit's instructions in the
    // order they came in.  The unit holds several instructions (different
    // warps'); another FP instruction waits in EX while its operand buffer
    // holds one or no slot is free (fv_free).  FP = 0: no unit (DE traps
    // every FP opcode, so none reaches EX).
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
            .i_lanes(lanes_of(x_sel, x_p)), .i_op(x_op), .i_fn(x_fn), .i_w(x_w), .i_pc(x_pc),
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
    wire [LANES*32-1:0] x_res = (x_op == `WQ_OP_S2R) ? s2r_res : alu_res;

    // ---- LSU -----------------------------------------------------------------------------
    // (EX's beat leaves into WB: an ATOM's write-back beat, or a beat of
    // EX's own, below)
    wire wb_ls     = ls_wb && !b_busy;
    assign x_to_wb = x_v && !x_busy && !b_busy && !wb_blk && !squash_x && (x_commit || !x_mem) &&
                     !x_dv && !x_fv;
    // WB's beat is a MUL / MULHU part: its values are the multiplier's
    // (the partial products registered as it left EX, summed in WB)
    wire b_mul     = b_op == `WQ_OP_MUL || b_op == `WQ_OP_MULHU;
    wq_core_lsu #(.WARPS(WARPS), .LANES(LANES), .LINE_BYTES(LINE_BYTES), .EVM_SLOTS(EVM_SLOTS), .LSQ(LSQ),
                  .TAGS(TAGS), .WID_W(WID_W)) u_lsu (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_x_v(x_v), .i_x_commit(x_commit), .i_x_mem(x_mem), .i_x_trap(x_trap),
        .i_x_skip(x_skip), .i_x_op(x_op), .i_x_fn(x_fn), .i_x_k(x_k), .i_x_p(x_p),
        .i_x_sel(x_sel), .i_x_imm(x_imm), .i_x_amask(x_amask), .i_x_msize(x_msize),
        .i_x_msext(x_msext), .i_x_words(x_words), .i_x_w(x_w), .i_x_pc(x_pc),
        .i_x_ir(x_ir), .i_x_rd(x_rd), .i_op_a(op_a), .i_op_rb(op_rb), .i_x_take(x_take),
        .i_wb_ls(wb_ls), .i_wb_commit(!wb_ls && x_to_wb && x_commit), .i_squash_x(squash_x),
        .i_b_v(b_v), .i_b_trap(b_v && b_commit && b_is_trap), .i_b_twait(b_twait),
        .i_b_open(b_open || dv_on || dc_yield || fv_on || fc_yield),
        .i_x_open(x_open || dv_busy || fv_busy),
        .i_pipe_empty(pipe_empty), .i_at_hold(dv_busy || fv_busy),
        .i_stop(stopping || i_ev_wait),
        .i_fl_on(fl_on), .i_fl_req(fl_req_v), .i_fl_addr(fl_addr), .i_fl_wsel(fl_wsel),
        .o_fl_go(fl_go), .o_rv_f(rv_f), .o_fl_word(fl_word),
        .i_cr_v(cr_v), .i_cr_lo(cr_lo), .i_cr_hi(cr_hi),
        .o_mem_valid(o_mem_valid), .i_mem_ready(i_mem_ready), .o_mem_we(o_mem_we),
        .o_mem_addr(o_mem_addr), .o_mem_wdata(o_mem_wdata), .o_mem_wstrb(o_mem_wstrb),
        .i_mem_rvalid(i_mem_rvalid), .i_mem_rdata(i_mem_rdata),
        .o_busy(ls_busy), .o_take(ls_take), .o_ls_bad(ls_bad),
        .o_q_empty(q_empty), .o_q_one(q_one), .o_owed(owed), .o_inq(inq), .o_cf(cf),
        .o_at_on(at_on), .o_at_wait(at_wait), .o_at_done(ls_store_done), .o_at_code(ls_code),
        .o_at_rec(at_rec), .o_at_lane(at_lane), .o_at_addr(at_addr), .o_at_new(at_new),
        .o_at_old(at_old),
        .o_ls_wb(ls_wb), .o_ls_p(ls_p), .o_ls_wk(ls_wk), .o_wb_row(ls_wb_row),
        .o_ls_fuse(ls_fuse), .o_row0(ls_row0),
        .o_cp_go(cp_go), .o_cp_last(cp_last), .o_cp_code(cp_code), .o_cp_yield(cp_yield),
        .o_wb_frz(ls_frz), .o_wb_blk(wb_blk), .o_cp_w(cp_w), .o_cp_st(cp_st),
        .o_cp_pc(cp_pc), .o_cp_sel(cp_sel), .o_cp_ir(cp_ir), .o_cp_rd(cp_rd),
        .o_cp_p(cp_p), .o_cp_k(cp_k), .o_cp_row(cp_row), .o_cp_drop(cp_drop),
        .o_evm_valid(o_evm_valid), .o_evm_unit(o_evm_unit), .o_evm_pc(o_evm_pc),
        .o_evm_aux(o_evm_aux), .o_evm_mask(o_evm_mask), .o_evm_a(o_evm_a), .o_evm_b(o_evm_b),
        .o_ld_warps(o_ld_warps), .o_ld_lines(o_ld_lines));

    wq_fetch #(.WARPS(WARPS), .IB_LOG2(IB_LOG2), .PF_RUN(PF_RUN), .LINE_BYTES(LINE_BYTES),
               .WID_W(WID_W)) u_fetch (
        .i_clk(i_clk), .i_reset(i_reset), .i_flush(ib_flush),
        .i_is_go(is_go), .i_pick(pick), .i_is_addr(is_addr),
        .i_fe_take(f_v && fd_ready && !squash && hold), .i_f_w(f_w), .i_f_addr(f_addr),
        .o_fe_hit(fe_hit), .o_fe_ir(fe_ir),
        .i_at_on(at_on), .i_at_wait(at_wait), .i_cf(cf), .i_stopping(stopping),
        .i_cp_code(cp_code),
        .o_fl_on(fl_on), .o_fl_req(fl_req_v), .o_fl_addr(fl_addr), .o_fl_wsel(fl_wsel),
        .i_fl_go(fl_go), .i_mem_ready(i_mem_ready), .i_rv_f(rv_f), .i_fl_word(fl_word),
        .o_pref_v(pref_v), .o_pref_w(pref_w),
        .o_cr_v(cr_v), .o_cr_lo(cr_lo), .o_cr_hi(cr_hi));

    // ---- divergence unit (wq_diverge: exec_ctrl.c on the committing instruction,
    // the token deque and its port) ------------------------------------------------------
    // it walks a commit's records (b_kk), decides and gives the divergence
    // records' fields; wq_commit emits the records, this file carries the
    // commit out on the warp's slot
    reg  [WID_W-1:0]  dq_warp;                  // the warp the deque's state follows
    wire              dq_ready, dq_rvalid;
    wire [63:0]       dq_token;
    wire [DW-1:0]     dq_head, dq_tail;
    wire [4:0]        dq_log2;
    wire [3:0]        dq_op;
    wire [31:0]       b_act      = w_act[b_w];
    wire [PCW-1:0]    b_next     = b_pc + 1'b1;
    wire [3:0]        b_kk;                     // WB's record walk: the record this cycle,
    wire              b_hold;                   //   none this cycle,
    wire              b_last_k;                 //   the commit's last
    wire              b_rel_now;                // a barrier release among them
    wire              b_gone, b_orphan;         // the warp ends (with orphaned threads)
    wire              b_ptrap_go;               // the deque-room check's trap becomes WB's
    wire [7:0]        b_ptrap;
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
    wire [1:0]        y_pol      = w_ypol[b_w];
    wire              b_is_trap  = b_trap != `WQ_TRAP_NONE;
    wire              b_emit     = b_v && b_commit && !b_wait_fl && !b_hold && !wb_frz && !b_twait;
    wq_diverge #(.WARPS(WARPS), .LANES(LANES), .DQ_LOG2(DQ_LOG2), .PCW(PCW), .WID_W(WID_W)) u_diverge (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_x_v(x_v), .i_x_commit(x_commit), .i_x_take(x_take), .i_x_op(x_op), .i_x_p(x_p),
        .i_x_pc(x_pc), .i_op_a(op_a),
        .i_wb_in(!wb_ls && x_to_wb), .i_x_trap(x_trap), .i_x_skip(x_skip),
        .i_b_v(b_v), .i_b_commit(b_commit), .i_b_w(b_w), .i_b_op(b_op), .i_b_skip(b_skip),
        .i_b_sel(b_sel), .i_b_pc(b_pc), .i_b_imm(b_imm), .i_b_wd(b_wd),
        .i_trap(b_is_trap), .i_trap_recov(recoverable(b_trap)), .i_bar_go(bar_go),
        .i_emit(b_emit), .i_wb_hold(wb_frz || b_twait), .i_rel_end(b_rel_end),
        .i_act(b_act), .i_exited(w_exited[b_w]), .i_ypol(y_pol), .i_yparam(w_yparam[b_w]),
        .i_ycount(w_ycount[b_w]), .i_lfsr(w_lfsr[b_w]), .i_sven(w_sven[b_w]),
        .i_ds_go(ds_slot_go), .i_ds_slot(ds_s), .i_ds_log2(g_dlog2),
        .i_csr_dq_set(csr_dq_set), .i_csr_dq_go(csr_dq_go), .i_csr_dq_again(csr_dq_again),
        .i_csr_dq_op(csr_dq_op), .i_csr_dq_index(csr_dq_index), .i_csr_dq_data(csr_dq_data),
        .i_csr_dq_head(csr_dq_head), .i_csr_dq_tail(csr_dq_tail),
        .i_dq_warp(dq_warp), .o_dq_ready(dq_ready), .o_dq_rvalid(dq_rvalid),
        .o_dq_token(dq_token), .o_dq_head(dq_head), .o_dq_tail(dq_tail), .o_dq_log2(dq_log2),
        .o_dq_op(dq_op), .o_son(w_son),
        .o_kk(b_kk), .o_hold(b_hold), .o_last(b_last_k), .o_rel_now(b_rel_now),
        .o_ptrap_go(b_ptrap_go), .o_ptrap(b_ptrap), .o_l_p(l_p),
        .o_yield(b_yield), .o_auto(b_auto), .o_npc(b_npc), .o_act_new(b_act_new),
        .o_exit_new(b_exit_new), .o_gone(b_gone), .o_orphan(b_orphan),
        .o_y_lfsr(y_lfsr), .o_y_count(y_count_ns),
        .o_rec_kind(dg_kind), .o_rec_pc(dg_pc), .o_rec_aux(dg_aux), .o_rec_mask(dg_mask),
        .o_rec_a(dg_a), .o_rec_b(dg_b));

    // ---- barriers: wq_bar_check for the CTA of warp bc_w ------------------
    // bc_w leaves the set of warps that can still arrive (it waits at BAR,
    // traps fatally, ends, or is killed): the barrier completes when no
    // other warp of its CTA can still arrive, and releases the others that
    // wait (bar_oth) -- and bc_w itself when it is the one arriving.  In a
    // CSR step bc_w is the debug window's warp (KILL), else WB's.
    // Which slots hold warps of one CTA is a registered matrix (w_same,
    // written as a warp starts: its key against every slot's), so the
    // check is a row read and an AND of WARPS bits, not a key multiplexer
    // and WARPS 32-bit compares (docs/rtl/wq_core.md, "Resources").
    wire [WID_W-1:0] bc_w;
    reg  [WARPS-1:0] bar_oth;                   // other warps of the CTA at the barrier
    reg              bar_go;                    // none of the others can still arrive
    reg  [WARPS-1:0] w_same    [0:WARPS-1];     // slots i and j: one CTA's (w_key equal)
    reg  [WARPS-1:0] bar_arr;                   // the slots that can still arrive (any CTA)
    reg  [WARPS-1:0] bar_at;                    // ... that wait at a barrier
    wire [WARPS-1:0] bar_row = w_same[bc_w] & ~({{(WARPS-1){1'b0}}, 1'b1} << bc_w);
    integer bi;
    always @(*) begin
        for (bi = 0; bi < WARPS; bi = bi + 1) begin
            bar_arr[bi] = w_state[bi] == `WQ_WS_RUN ||
                          (w_state[bi] == `WQ_WS_TRAP && recoverable(w_trap[bi]));
            bar_at[bi] = w_state[bi] == `WQ_WS_BAR;
        end
        bar_oth = bar_row & bar_at;
        bar_go = (bar_row & bar_arr) == {WARPS{1'b0}};
    end
    always @(posedge i_clk)
        if (ds_slot_go)
            for (bi = 0; bi < WARPS; bi = bi + 1) begin
                w_same[ds_s][bi] <= (bi[WID_W-1:0] == ds_s) || w_key[bi] == cta_key;
                w_same[bi][ds_s] <= (bi[WID_W-1:0] == ds_s) || w_key[bi] == cta_key;
            end
    wire        b_bar      = b_op == `WQ_OP_BAR;      // (BAR is a warp instruction: never skipped)
    wire        b_rel_end  = bar_go && bar_oth != {WARPS{1'b0}};
    // the slots a release wakes, and its record's unit (the lowest)
    wire [WARPS-1:0] bar_slots = bar_oth | ((b_bar && !b_is_trap && phase != PH_CSR) ?
                                            ({{(WARPS-1){1'b0}}, 1'b1} << bc_w) : {WARPS{1'b0}});
    reg  [WID_W-1:0] bar_lo;
    always @(*) begin
        bar_lo = {WID_W{1'b0}};
        for (bi = WARPS - 1; bi >= 0; bi = bi - 1)
            if (bar_slots[bi]) bar_lo = bi[WID_W-1:0];
    end

    // ---- WB: the commit (its records: wq_diverge's walk b_kk, wq_commit) ----------------
    // a trap waits for the LSU queue, the division unit and the FP unit to empty
    assign      b_twait    = b_v && b_commit && b_is_trap && (!q_empty || dv_busy || fv_busy);
    // WB's warp's predicates (the FP unit's warp while its FSETP commits:
    // WB is frozen then)
    wire [WID_W-1:0] pr_w  = fc_go ? fv_w : b_w;
    wire [8*32-1:0] b_prow = w_pred[pr_w];
    wire [31:0] b_pred_new = (b_prow[{b_rd[2:0], 5'd0} +: 32] & ~b_sel) | (setp_acc & b_sel);
    assign      cm_pred_new = (b_prow[{fv_rd[2:0], 5'd0} +: 32] & ~fv_sel) | (fv_pred & fv_sel);
    // the burst: another commit follows this one
    // (an instruction issued this cycle counts: it commits later)
    wire        behind     = f_v || fd_held || d_v || dx_held || x_v || is_go || !q_empty || dv_busy ||
                             fv_busy;
    wire        b_final    = b_v && b_commit && b_last_k;
    // the last commit of a hold waits for the fetch run to finish and for
    // the answers still owed (posted writes': they come under the lock).  A
    // commit with an instruction behind it in FE, DE, EX or the LSU queue
    // is not the last unless it traps; b_more itself cannot be used here,
    // as it depends on this cycle's issue.  A trap ends the hold: it waits,
    // before its first record, until the LSU queue has committed everything
    wire        b_wait_fl  = b_final && (!fl_idle || ans_owed) &&
                             (b_is_trap || !(f_v || fd_held || d_v || dx_held || x_v || !q_empty || dv_busy ||
                                             fv_busy));
    assign b_busy = b_v && ((b_commit && !b_last_k) || b_wait_fl || b_twait || wb_frz);
    wire        b_trapping = b_final && b_is_trap;
    // ready after this commit: the committing warp if it still runs
    // (a barrier this commit completes releases the others waiting at it)
    wire        b_stays    = !b_trapping && !b_gone && !(b_bar && !bar_go);
    wire [WARPS-1:0] ready_after = (ready_v & ~({{(WARPS-1){1'b0}}, 1'b1} << b_w)) |
                     (b_stays ? ({{(WARPS-1){1'b0}}, 1'b1} << b_w) : {WARPS{1'b0}}) |
                     (b_rel_now ? bar_oth : {WARPS{1'b0}});
    // (a warp that ends frees its slot: the CTA waiting for it follows in
    // the same hold, and the instruction buffer keeps the kernel's code)
    wire        b_disp     = disp_ok || (g_valid && b_gone && !b_orphan &&
                                         g_fit1);
    wire        b_more     = !b_trapping &&
                             ((behind && !squash_x) || (!stopping && !i_ev_wait &&
                              (b_disp || ready_after != {WARPS{1'b0}})));

    assign squash_x = b_trapping;
    // after an atomic that wrote code (FE and DE, fetched before it, are
    // dropped) or a store that did (its commit drops FE, DE, EX and the
    // younger queue entries): the buffer is flushed
    wire   ls_code_done = (ls_store_done && ls_code) || cp_code;
    assign squash = b_trapping || ls_code_done;
    assign ib_flush = !i_ev_gnt || ls_code_done;

    // ---- EX's LSU control ----------------------------------------------------------
    // (the LSU holds EX's memory beats: wq_core_lsu)
    assign x_busy = ls_busy || (x_dv && !dv_take) || (x_fv && !fv_take);
    // a division's beats enter the division unit: its first part when the
    // unit is free (not while a store that wrote code waits to commit, nor
    // behind a trap in WB: both commit with the unit empty), the rest as
    // they come (the beats of one instruction are consecutive)
    assign dv_take = x_dv && !squash_x &&
                     (dv_open || (!dv_busy && !wb_blk && !(b_v && b_commit && b_is_trap)));
    // (an FP instruction's beats enter the FP unit likewise, its first
    // part when the unit's operand buffer and a slot are free: the unit
    // holds several instructions)
    assign fv_take = x_fv && !squash_x &&
                     (fv_open || (fv_free && !wb_blk && !(b_v && b_commit && b_is_trap)));

    // ---- the completion path: the LSU's head entry or the division unit's
    // commit, between WB's commits (WB holds: wb_frz).  The LSU's goes
    // first (wq_core_lsu decides it); the division's starts when WB's
    // instruction has emitted nothing, no LSU completion runs or has just
    // ended, no ATOM is between its start and its commit (its records are
    // one commit's), and, as WB after a completion, not right after its own
    // last one when WB holds a beat (dc_yield: WB first); the hold's last
    // commit waits for the fetch run and the answers owed, as WB's.
    // The FP unit's commit (fc_go) is started on the same terms when no
    // division's starts or runs (the division first), and neither starts
    // while the other's commit runs.
    reg  dc_yield, fc_yield;
    wire dc_atom = at_on || ls_wb || ls_fuse || (b_v && b_op == `WQ_OP_ATOM);
    wire cm_idle = !f_v && !fd_held && !d_v && !dx_held && !x_v && !b_v && q_empty &&
                   (!fl_idle || ans_owed);
    wire dc_endw = dv_last && cm_idle && !fv_busy;
    wire fc_endw = fv_last && cm_idle && !dv_busy && !fv_more;
    wire cm_start = !b_open && !ls_frz && !cp_yield && !dc_yield && !fc_yield && !dc_atom;
    assign dc_go = dv_rdy && !dc_endw && (dv_on || (cm_start && !fv_on));
    assign fc_go = fv_rdy && !fc_endw && (fv_on || (cm_start && !dv_on && !dc_go));
    assign wb_frz = ls_frz || dc_go || dv_on || fc_go || fv_on;
    // the commit emitted this cycle: its beat (a load's write-back beat rd
    // + cp_k, a division's part; a store's MEM_WRITE records are the LSU's)
    // (an FP beat: a part's results, or FSETP's predicate beat, fv_pw,
    // which writes no register)
    wire                cm_go   = cp_go || dc_go || fc_go;
    wire                cm_last = dc_go ? dv_last : fc_go ? fv_last : cp_last;
    wire                cm_st   = !dc_go && !fc_go && cp_st;
    wire                cm_nowr = cm_st || (fc_go && fv_op == `WQ_OP_FSETP);
    wire [WID_W-1:0]    cm_w    = dc_go ? dv_w : fc_go ? fv_w : cp_w;
    wire [PCW-1:0]      cm_pc   = dc_go ? dv_pc : fc_go ? fv_pc : cp_pc;
    wire [31:0]         cm_sel  = dc_go ? dv_sel : fc_go ? fv_sel : cp_sel;
    wire [63:0]         cm_ir   = dc_go ? dv_ir : fc_go ? fv_ir : cp_ir;
    wire [5:0]          cm_rd   = dc_go ? dv_rd : fc_go ? fv_rd : cp_rd + {4'd0, cp_k};
    wire [5:0]          cm_p    = dc_go ? dv_p : fc_go ? fv_p : cp_p;
    wire [LANES*32-1:0] cm_row  = dc_go ? dv_row : fc_go ? fv_row : cp_row;
    wire [7:0]          cm_op   = dc_go ? dv_op : fc_go ? fv_op : cp_st ? `WQ_OP_ST : `WQ_OP_LD;
    wire                cm_pw   = fc_go && fv_pw;
    // FSETP's new predicate: the compare bits in the selected threads
    // (the predicate row read at the FP unit's warp: WB's read port, WB
    // frozen meanwhile)
    wire [31:0]         cm_pred_new;
    // a completion's commit keeps the hold when an instruction is behind
    // it (the others in the queue, the division unit's, WB, EX, DE, FE, an
    // issue this cycle) or, nobody waiting, its warp (ready again) can go on
    wire cm_more = (!cp_code && (f_v || fd_held || d_v || dx_held || x_v || b_v || is_go ||
                                 (dc_go ? (!q_empty || fv_busy) : fc_go ? (!q_empty || dv_busy || fv_more) :
                                          (!q_one || dv_busy || fv_busy)))) ||
                   (!stopping && !i_ev_wait);

    // ---- issue -----------------------------------------------------------------------
    wire pipe_empty = !f_v && !fd_held && !d_v && !dx_held && !x_v && !b_v && !dv_busy && !fv_busy;
    // (a CTA waiting to start stops issue: the pipeline drains, then it starts)
    wire can_issue  = hold && phase == PH_RUN && !disp_ok &&
                      (!stopping || (owe && pipe_empty && fl_idle && q_empty));
    wire d_take_fe;                      // FE's beat can move on (into the skid buffer)
    assign d_take_fe = !f_v || fd_ready;
    // a hit goes into the skid buffer, a miss is dropped there (the warp
    // is issued again after the fetch run); a squash empties the buffer
    wq_skid #(.DW(WID_W + PCW + 64)) u_fd (
        .i_clk(i_clk), .i_reset(i_reset || squash),
        .i_valid(f_v && fe_hit), .i_data({f_w, f_pc, fe_ir}), .o_ready(fd_ready),
        .o_valid(fd_v), .o_data({fd_w, fd_pc, fd_ir}), .i_ready(d_take));
    // the scoreboard's clears: FE's miss, a dropped beat, a commit
    wire fe_miss = f_v && fd_ready && !squash && !fe_hit;
    wire cm_done = cm_go && cm_last;
    wq_issue #(.WARPS(WARPS), .WID_W(WID_W)) u_issue (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_run_v(run_v), .i_tw_pend(tw_pend), .i_pref_v(pref_v), .i_pref_w(pref_w),
        .i_fl_on(fl_on), .i_can_go(can_issue && !squash && d_take_fe),
        .o_pick(pick), .o_go(is_go), .o_ready_v(ready_v), .o_busy(busy),
        .i_fe_miss(fe_miss), .i_f_w(f_w), .i_x_drop((squash_x || cp_code) && x_v), .i_x_w(x_w),
        .i_squash(squash), .i_f_v(f_v), .i_s_v(fd_held), .i_s_w(fd_w),
        .i_dx_v(dx_held), .i_dx_w(dx_w), .i_d_v(d_v), .i_d_w(d_w),
        .i_wb_done(b_emit && b_last_k), .i_b_w(b_w),
        .i_cm_done(cm_done), .i_cm_w(cm_w), .i_cm_drop(cp_code ? cp_drop : {WARPS{1'b0}}),
        .i_cm_wb(cp_code && b_v));
`ifndef SYNTHESIS
`ifndef FORMAL
    // The scoreboard's in-flight rule, checked in simulation as the formal
    // properties check it (below): a beat waiting in a skid buffer (FE/DE,
    // DE/EX) and DE's beat belong to busy warps.  A beat the squash should
    // have dropped (its warp's busy bit cleared, the warp free to issue
    // again) stops the bench here, the cycle after the squash, instead of
    // running twice or hanging it.
    always @(posedge i_clk)
        if (!i_reset && ((fd_held && !busy[fd_w]) || (dx_held && !busy[dx_w]) ||
                         (d_v && !busy[d_w]))) begin
            $display("wq_core: a beat not in flight: FE/DE buffer %0d (warp %0d), DE/EX buffer %0d (warp %0d), DE %0d (warp %0d)",
                     fd_held, fd_w, dx_held, dx_w, d_v, d_w);
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
    wire [WID_W-1:0] ds_dqw;             // the warp of the CLEAR the deque takes
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
        .i_start_ok(phase == PH_RUN && hold && pipe_empty && fl_idle && !at_on &&
                    q_empty && !ans_owed),
        .i_disp(phase == PH_DISP), .i_dq_ready(dq_ready),
        .o_g_valid(g_valid), .o_disp_ok(disp_ok), .o_start(ds_start),
        .o_slot_go(ds_slot_go), .o_slot(ds_s), .o_wi(ds_wi), .o_live(ds_live),
        .o_end(ds_end), .o_dqw(ds_dqw),
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
    wire [WID_W-1:0] dw;                 // the debug window's warp
    // the commits the trap registers and the count see (WB's, the
    // completion path's)
    wire             b_commit_now = b_emit && b_last_k;
    wq_core_csr #(.WARPS(WARPS), .DQ_LOG2(DQ_LOG2), .PCW(PCW), .WID_W(WID_W)) u_csr (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_csr_valid(i_csr_valid), .i_csr_we(i_csr_we), .i_csr_addr(i_csr_addr),
        .i_csr_wdata(i_csr_wdata), .o_csr_ack(o_csr_ack), .o_csr_rdata(o_csr_rdata),
        .o_csr_err(o_csr_err),
        .i_ev_gnt(i_ev_gnt), .i_run(phase == PH_RUN), .i_on(phase == PH_CSR),
        .i_pipe_empty(pipe_empty), .o_enter(csr_enter), .o_done(csr_done),
        .i_trap(b_commit_now && (b_is_trap || (b_gone && b_orphan))), .i_trap_warp(b_w),
        .i_trap_code(b_is_trap ? b_trap : `WQ_TRAP_ORPHANED), .i_trap_pc(b_is_trap ? b_pc : b_npc),
        .i_retire((b_commit_now && !b_is_trap) || (cm_go && cm_last)),
        .o_dw(dw), .i_w_init(w_init[dw]), .i_w_state(w_state[dw]), .i_w_trap(w_trap[dw]),
        .i_w_recov(recoverable(w_trap[dw])), .i_w_pc(w_pc[dw]), .i_w_act(w_act[dw]),
        .o_resume(csr_resume), .o_kill(csr_kill),
        .i_dq_head(dq_head), .i_dq_tail(dq_tail), .i_dq_log2(dq_log2), .i_dq_ready(dq_ready),
        .i_dq_rvalid(dq_rvalid), .i_dq_token(dq_token), .i_dq_op(dq_op),
        .o_dq_set(csr_dq_set), .o_dq_go(csr_dq_go), .o_dq_again(csr_dq_again),
        .o_dq_op(csr_dq_op), .o_dq_index(csr_dq_index), .o_dq_data(csr_dq_data),
        .o_dq_head(csr_dq_head), .o_dq_tail(csr_dq_tail));
    assign bc_w = (phase == PH_CSR) ? dw : b_w;

    // deque port: dispatch's CLEAR, the debug window's commands; its state
    // outputs follow the warp the phase is about
    always @(*) begin
        dq_warp = (phase == PH_CSR) ? dw : (phase == PH_DISP) ? ds_dqw : b_w;
    end

    // ---- WB's writes (wq_commit: the register file's write port and the
    // zero rows, the REG_WRITE slot, the commit stream's records, the step
    // port); this file decides them ------------------------------------------------------
    // a part beat's register write (or a commit's last part, in its first
    // cycle), CALL's link, the completion's beat: their rows
    wire             bw_go    = b_v && (!b_commit || b_fp) && !wb_frz && b_wrd &&
                                lanes_of(b_sel, b_p) != {LANES{1'b0}};
    wire [RF_AW-1:0] bw_row   = rf_rowp(b_w, b_rd, b_p, w_son[b_w], w_sbase[b_w]);
    wire [RF_AW-1:0] link_row = rf_rowp(b_w, b_rd, {1'b0, l_p}, w_son[b_w], w_sbase[b_w]);
    wire [RF_AW-1:0] cm_rrow  = rf_rowp(cm_w, cm_rd, cm_p, w_son[cm_w], w_sbase[cm_w]);
    wq_commit #(.WARPS(WARPS), .LANES(LANES), .PCW(PCW), .WID_W(WID_W), .RF_D(RF_D),
                .RF_AW(RF_AW)) u_commit (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_at_rec(at_rec), .i_at_w(x_w), .i_at_pc(x_pc), .i_at_lane(at_lane), .i_at_fn(x_fn),
        .i_at_addr(at_addr), .i_at_new(at_new), .i_at_old(at_old),
        .i_b_w(b_w), .i_b_pc(b_pc), .i_b_rd(b_rd), .i_b_sel(b_sel),
        .i_bw_go(bw_go), .i_bw_p(b_p), .i_bw_row(bw_row), .i_bw_res(b_mul ? mul_res : b_res),
        .i_emit(b_emit), .i_kk(b_kk), .i_last(b_last_k), .i_more(b_more),
        .i_trap(b_is_trap), .i_trap_code(b_trap), .i_gone_orphan(b_gone && b_orphan),
        .i_act(b_act), .i_op(b_op), .i_ir(b_ir), .i_auto(b_auto), .i_pred(b_pred_new),
        .i_link_p(l_p), .i_link_row(link_row), .i_link_val({{(32-PCW){1'b0}}, b_next}),
        .i_bar_lo(bar_lo), .i_bar_slots(bar_slots), .i_bar_key(w_key[b_w]),
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
        .i_kill_rel(csr_kill && b_rel_end), .i_kill_key(w_key[dw]),
        .o_rf_we(rf_we), .o_rf_waddr(rf_waddr), .o_rf_wlane(rf_wlane), .o_rf_wdata(rf_wdata),
        .i_de_w(d_w), .i_de_ra(rf_ra), .i_de_rb(rf_rb), .o_de_za(de_za), .o_de_zb(de_zb),
        .o_step_valid(o_step_valid), .o_step_kind(o_step_kind), .o_step_id(o_step_id),
        .o_step_res(o_step_res), .o_step_more(o_step_more), .o_irq_trap(o_irq_trap),
        .o_evr_valid(o_evr_valid), .o_evr_kind(o_evr_kind), .o_evr_unit(o_evr_unit),
        .o_evr_aux(o_evr_aux), .o_evr_pc(o_evr_pc), .o_evr_mask(o_evr_mask), .o_evr_a(o_evr_a),
        .o_evr_b(o_evr_b), .o_evr_c(o_evr_c), .o_evr_part(o_evr_part), .o_evr_vals(o_evr_vals),
        .o_evw_valid(o_evw_valid), .o_evw_unit(o_evw_unit), .o_evw_aux(o_evw_aux),
        .o_evw_pc(o_evw_pc), .o_evw_mask(o_evw_mask));

    // ---- the sequential part ---------------------------------------------------------------
    integer k;
    always @(posedge i_clk) begin
        if (!i_ev_gnt || ended) begin
            // a grant is owed a commit from its first cycle (the top may
            // grant again right after the cycle that shows the last commit)
            stopping <= 1'b0;
            owe <= 1'b1;
            ended <= 1'b0;
        end else if (i_ev_wait)
            stopping <= 1'b1;

        // ---------------------------------------------------------- IS -> FE
        if (d_last) d_v <= 1'b0;         // (FE's instruction may follow at once)
        if (squash) f_v <= 1'b0;
        else if (d_take_fe) f_v <= 1'b0;
        if (is_go) begin
            f_v <= 1'b1;
            f_w <= pick;
            f_pc <= w_pc[pick];
            f_addr <= is_addr;
        end
        // ---------------------------------------------------------- FE -> DE
        // (from the skid buffer: FE's hits; a miss is dropped in FE and
        // its warp issued again after a fetch run fills it, wq_issue)
        if (fd_v && d_take && !squash) begin
            d_v <= 1'b1;
            d_w <= fd_w;
            d_pc <= fd_pc;
            d_ir <= fd_ir;
            d_p <= 6'd0;
            d_k <= 2'd0;
            d_parts_done <= 1'b0;
        end
        // ---------------------------------------------------------- DE -> EX
        if (d_emit && !d_cbeat) begin
            // (the commit beat follows the last part beat)
            if (d_p + 6'd1 != PARTS6) d_p <= d_p + 6'd1;
            else if ({1'b0, d_k} + 3'd1 != d_nk) begin
                d_p <= 6'd0;
                d_k <= d_k + 2'd1;
            end else d_parts_done <= 1'b1;
        end
        // ---------------------------------------------------------- (buffer) -> EX
        if (x_in) begin
            x_v <= 1'b1;
            x_w <= dx_w;
            x_pc <= dx_pc;
            x_ir <= dx_ir;
            x_op <= dx_op;
            x_rd <= {1'b0, dx_rd};
            x_bi <= dx_bi;
            x_imm <= dx_imm;
            x_fn <= dx_fn;
            x_sel <= dx_sel;
            x_cond <= dx_cond;
            x_skip <= dx_skip;
            x_trap <= dx_trap;
            x_wrd <= dx_wrd;
            x_mem <= dx_mem;
            x_msize <= dx_msize;
            x_msext <= dx_msext;
            x_amask <= dx_amask;
            x_words <= dx_words;
            x_p <= dx_p;
            x_k <= dx_k;
            x_fp <= dx_fp;
            x_commit <= dx_commit;
        end else if (x_v && x_take) begin
            x_v <= 1'b0;
        end
        // (ATOM's record as a lane's write is taken: wq_commit)
        // ---------------------------------------------------------- EX -> WB
        if (!b_busy) b_v <= 1'b0;
        if (b_busy && !wb_frz) b_fp <= 1'b0;    // (written in its first cycle, below)
        if (wb_ls) begin
            // the write-back beat of rd + ls_wk, part ls_p (ATOM's old
            // values): the registers in order, each over its parts
            b_v <= 1'b1;
            b_commit <= 1'b0;
            b_fp <= 1'b0;
            b_w <= x_w; b_p <= ls_p; b_pc <= x_pc; b_op <= x_op; b_rd <= x_rd + {4'd0, ls_wk};
            b_sel <= x_sel; b_skip <= 1'b0; b_wrd <= 1'b1; b_trap <= `WQ_TRAP_NONE;
            b_res <= ls_wb_row;
        end else if (x_to_wb) begin
            b_v <= 1'b1;
            b_commit <= x_commit;
            x_open <= !x_commit;
            // (an atomic of one register and one part: its write-back is
            // its commit beat's, ls_fuse)
            b_fp <= x_fp || ls_fuse;
            b_w <= x_w; b_p <= ls_fuse ? 6'd0 : x_p; b_pc <= x_pc; b_ir <= x_ir; b_op <= x_op;
            b_rd <= x_rd; b_sel <= x_sel; b_skip <= x_skip; b_wrd <= x_wrd || ls_fuse;
            b_wd <= i_wave_subv;
            b_trap <= (x_commit && x_mem && ls_bad && x_trap == `WQ_TRAP_NONE && !x_skip) ?
                      `WQ_TRAP_MISALIGNED : x_trap;
            b_res <= ls_fuse ? ls_row0 : x_res;
            b_imm <= x_imm[PCW-1:0];
            // (the divergence unit starts its prologue and record walk: wq_diverge)
            if (!x_commit && x_op == `WQ_OP_SETP) begin
                if (x_p == 6'd0) setp_acc <= {{(32-LANES){1'b0}}, alu_cmp};
                else setp_acc <= setp_acc | ({{(32-LANES){1'b0}}, alu_cmp} << (x_p * LANES));
            end
        end
        if (squash_x || cp_code) begin
            // a trap commits, or a store that wrote code: the younger beats
            // go, their warps stay ready (the division unit is empty: both
            // wait for it; the scoreboard: wq_issue)
            x_v <= 1'b0;
            x_open <= 1'b0;
        end
        if (squash) d_v <= 1'b0;

        // ---------------------------------------------------------- WB
        // a part beat (or a commit's last part, in its first cycle): the
        // register write and its REG_WRITE record (wq_commit)
        if (bw_go) b_open <= 1'b1;
        // ---------------------------------------------------------- WB: the divergence unit's steps
        // (wq_diverge: the deque calls, the prologue, the record walk)
        if (b_ptrap_go) b_trap <= b_ptrap;

        if (b_emit) begin
            // a record of the commit (wq_commit emits it)
            b_open <= !b_last_k;
            if (b_last_k) begin
                // the commit: the warp's state (the step port: wq_commit)
                owe <= b_more;
                ended <= !b_more;
                // the barrier: the others waiting go on (b_w itself when
                // BAR completes it), else BAR waits
                if (b_rel_now)
                    for (k = 0; k < WARPS; k = k + 1)
                        if (bar_oth[k]) w_state[k] <= `WQ_WS_RUN;
                if (!b_is_trap && b_bar && !bar_go) w_state[b_w] <= `WQ_WS_BAR;
                if (b_is_trap) begin
                    // wq_warp_trap: the instruction changes nothing
                    w_state[b_w] <= `WQ_WS_TRAP;
                    w_trap[b_w] <= b_trap;
                end else begin
                    // (the count, the instruction's PC and mask or
                    // reconverge's (wq_diverge): the slot's RAM blocks below)
                    // (SETP's predicate: the predicate rows' block below)
                    // (YIELD's count or LFSR state: below)
                    if (b_gone) begin
                        if (b_orphan) begin
                            w_state[b_w] <= `WQ_WS_TRAP;
                            w_trap[b_w] <= `WQ_TRAP_ORPHANED;
                        end else
                            w_state[b_w] <= `WQ_WS_FREE;
                    end
                end
            end
        end

        // ---------------------------------------------------------- completion
        // the LSU's head entry's or the division unit's commit (WB holds
        // meanwhile: wb_frz); the LSU emits a store's MEM_WRITE records
        // (o_evm_*)
        dc_yield <= dc_go && dv_last && b_v && !b_twait;
        fc_yield <= fc_go && fv_last && b_v && !b_twait;
        if (cm_go && cm_last) begin
            // RETIRE and the commit, the warp goes on at PC + 1 (its register
            // write beats, its records and the step: wq_commit)
            owe <= cm_more;
            ended <= !cm_more;
            // (the count and the PC: the slot's RAM blocks below)
            if (cp_code) begin
                // a store that wrote code: the younger entries go (the
                // LSU drops them, wq_issue frees their warps), and the
                // fetch run stops (wq_fetch)
                if (b_v) b_v <= 1'b0;
            end
        end

        // ---------------------------------------------------------- dispatch
        // (wq_dispatch decides; the slot and the phase are written here,
        // the CTA_START record and the DISPATCH step by wq_commit)
        if (ds_start) phase <= PH_DISP;
        if (ds_slot_go) begin
            // wq_step_dispatch's warp_start for warp ds_wi in slot ds_s
            w_state[ds_s] <= `WQ_WS_RUN;
            w_init[ds_s] <= 1'b1;
            w_trap[ds_s] <= `WQ_TRAP_NONE;
            w_nregs[ds_s] <= g_nregs;
            w_code[ds_s] <= g_code;
            w_param[ds_s] <= g_param;
            w_ntid0[ds_s] <= g_ntid0; w_ntid1[ds_s] <= g_ntid1; w_ntid2[ds_s] <= g_ntid2;
            w_ncta0[ds_s] <= g_ncta0; w_ncta1[ds_s] <= g_ncta1; w_ncta2[ds_s] <= g_ncta2;
            w_cta0[ds_s] <= g_cx; w_cta1[ds_s] <= g_cy; w_cta2[ds_s] <= g_cz;
            w_gb0[ds_s] <= g_bx; w_gb1[ds_s] <= g_by; w_gb2[ds_s] <= g_bz;
            w_ctaflat[ds_s] <= g_next;
            w_local[ds_s] <= g_local;
            w_wi[ds_s] <= ds_wi;
            w_key[ds_s] <= cta_key;
            w_ypol[ds_s] <= g_ypol;
            w_yparam[ds_s] <= g_yparam;
            w_sven[ds_s] <= g_sven;
            w_sbase[ds_s] <= g_sbase;
            // (outside a segment and a loop form, the deque CLEARed: wq_diverge;
            // its rows read zero and CTA_START: wq_commit; its predicates,
            // PC, masks, count and yield state: the RAM blocks below)
        end
        if (ds_end) begin
            // the DISPATCH step (wq_commit): the CTA's warps are ready, the
            // hold goes on unless another unit waits (the instruction
            // buffer keeps the kernel's code for them)
            owe <= !stopping && !i_ev_wait;
            ended <= stopping || i_ev_wait;
            phase <= PH_RUN;
        end

        // ---------------------------------------------------------- CSR (outside the lock)
        // (wq_core_csr decides; the phase and the window warp's slot are
        // written here, the deque's debug command by wq_diverge's port)
        if (csr_enter) phase <= PH_CSR;
        if (csr_resume) begin
            w_state[dw] <= `WQ_WS_RUN;
            w_trap[dw] <= `WQ_TRAP_NONE;
        end
        if (csr_kill) begin
            // wq_warp_kill: the slot is free, and wq_bar_check runs for
            // its CTA.  (A fatally trapped warp no longer counts at the
            // barrier, and every event that can complete a barrier checks
            // it, so this release does not happen in practice; it is kept
            // as the model has it.)
            w_state[dw] <= `WQ_WS_FREE;
            w_trap[dw] <= `WQ_TRAP_NONE;
            if (b_rel_end) begin
                // (its BAR_RELEASE record: wq_commit)
                for (k = 0; k < WARPS; k = k + 1)
                    if (bar_oth[k]) w_state[k] <= `WQ_WS_RUN;
            end
        end
        if (csr_done) phase <= PH_RUN;

        if (i_reset) begin
            phase <= PH_RUN;
            w_init <= {WARPS{1'b0}};
            f_v <= 1'b0; d_v <= 1'b0; x_v <= 1'b0; b_v <= 1'b0;
            b_open <= 1'b0; x_open <= 1'b0; dc_yield <= 1'b0; fc_yield <= 1'b0;
            stopping <= 1'b0; owe <= 1'b1; ended <= 1'b0;
            for (k = 0; k < WARPS; k = k + 1) begin
                w_state[k] <= `WQ_WS_FREE;
                w_trap[k] <= `WQ_TRAP_NONE;
            end
        end
    end
    // The slot's fields a commit changes and the reads of one warp's
    // (w_pc, w_act, w_exited, w_retired, w_ycount, w_lfsr) are LUT RAM,
    // one write port each: WB's commit (not a trap), the completion
    // path's (its PC + 1) and a warp's start never come in one cycle (the
    // completion path holds WB, wb_frz; a warp starts in PH_DISP with the
    // pipeline and the LSU empty), so their writes are one port at sl_w.
    // w_act has three reads (DE's warp, WB's, the debug window's), w_pc
    // two (IS's pick, the debug window's), w_retired two (EX's S2R
    // CLOCK, its own increment at sl_w), the others WB's.
    wire             sl_b  = b_emit && b_last_k && !b_is_trap;
    wire             sl_cm = cm_go && cm_last;
    wire             sl_ds = ds_slot_go;
    wire [WID_W-1:0] sl_w  = sl_ds ? ds_s : sl_cm ? cm_w : b_w;
    always @(posedge i_clk)
        if (sl_ds || sl_cm || sl_b)
            w_pc[sl_w] <= sl_ds ? g_pc : sl_cm ? cm_pc + 1'b1 : b_npc;
    always @(posedge i_clk)
        if (sl_ds || sl_cm || sl_b)
            w_retired[sl_w] <= sl_ds ? 32'd0 : w_retired[sl_w] + 32'd1;
    always @(posedge i_clk)
        if (sl_ds || sl_b) begin
            w_act[sl_w] <= sl_ds ? ds_live : b_act_new;
            w_exited[sl_w] <= sl_ds ? ~ds_live : b_exit_new;
        end
    // YIELD's policy state: LFSR's or EVERY_N's count
    always @(posedge i_clk)
        if (sl_ds || (sl_b && b_yield && y_pol == `WQ_YP_LFSR))
            w_lfsr[sl_w] <= !sl_ds ? y_lfsr : (g_yseed != 16'd0) ? g_yseed : `WQ_YLFSR_SEED_DEFAULT;
    always @(posedge i_clk)
        if (sl_ds || (sl_b && b_yield && y_pol != `WQ_YP_LFSR))
            w_ycount[sl_w] <= sl_ds ? 9'd0 : y_count_ns;

    // the predicate rows' one write port: a warp's start sets its row
    // (PT all ones, the others zero), SETP's commit writes its predicate
    // in WB's warp's row.  The two never come in one cycle: a warp starts
    // in PH_DISP, entered with the pipeline and the LSU empty and issuing
    // nothing.  (One write a predicate at one address, each with its own
    // enable: the LUT RAM's write port with an enable a predicate; two
    // writes at two addresses are merged by Yosys with an enable a bit,
    // which it then keeps in flip-flops.)
    wire             pw_ds  = ds_slot_go;
    wire             pw_set = b_emit && b_last_k && !b_is_trap && !b_skip && b_op == `WQ_OP_SETP;
    // (FSETP's, on the completion path: WB frozen, no warp starting)
    wire             pw_cm  = cm_pw;
    wire [WID_W-1:0] pw_w   = pw_ds ? ds_s : pw_cm ? fv_w : b_w;
    wire [2:0]       pw_q   = pw_cm ? fv_rd[2:0] : b_rd[2:0];
    wire [31:0]      pw_v   = pw_cm ? cm_pred_new : b_pred_new;
    integer pq;
    always @(posedge i_clk)
        for (pq = 0; pq < 8; pq = pq + 1)
            if (pw_ds || ((pw_set || pw_cm) && pw_q == pq[2:0]))
                w_pred[pw_w][pq*32 +: 32] <= pw_ds ? ((pq == 7) ? 32'hFFFFFFFF : 32'd0) : pw_v;

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job core: WARPS 2, LANES 8,
    // REGS 4, DQ_LOG2 2): BMC from reset and covers.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);

    // ---- the environment (wq_top and the host interface) ----------------
    // the top keeps the grant until a commit without o_step_more, and
    // grants only a unit that asks (written with registered copies, so
    // the assumes hold in the last step of a trace too)
    reg f_gnt_q = 1'b0, f_final_q = 1'b0, f_rst_q = 1'b1, f_req_q = 1'b0;
    always @(posedge i_clk) begin
        f_gnt_q <= i_ev_gnt;
        f_final_q <= o_step_valid && !o_step_more;
        f_rst_q <= i_reset;
        f_req_q <= o_ev_req;
    end
    always @(*) if (f_past && !f_rst_q && f_gnt_q && !f_final_q) assume(i_ev_gnt);
    always @(*) if (f_past && !f_gnt_q && i_ev_gnt) assume(f_req_q);
    // a CSR access only outside the grant, held as the sub-port says
    // (f_csr_pend: wq_core_csr's access waits)
    reg f_csr_pend = 1'b0;
    always @(posedge i_clk) begin
        if (i_csr_valid) f_csr_pend <= 1'b1;
        if (csr_done) f_csr_pend <= 1'b0;
        if (i_reset) f_csr_pend <= 1'b0;
    end
    always @(*) if (i_csr_valid) assume(!i_ev_gnt && !f_csr_pend);
    // the host launches only a grid the descriptor checks passed, while no
    // grid waits
    always @(*) if (i_launch_valid) begin
        assume(!g_valid && !i_ev_gnt);
        assume(g_ncta0 == 16'd1 && g_ncta1 == 16'd1 && g_ncta2 == 16'd1);
        assume(i_launch_ncta == 32'd1);
        assume(g_ntid0 != 11'd0 && g_ntid1 == 11'd1 && g_ntid2 == 11'd1);
        assume({21'd0, g_ntid0} <= WARPS * 32 && g_threads == g_ntid0);
        assume(g_nregs != 6'd0 && {26'd0, g_nregs} <= REGS);
        assume(g_dlog2 >= 5'd2 && {27'd0, g_dlog2} <= DQ_LOG2);
        assume(g_code[2:0] == 3'd0);        // CODE_BASE 8-aligned (wq_launch_check)
    end
    reg [16*32-1:0] f_desc_q;
    reg [10:0]      f_thr_q;
    reg [31:0]      f_ncta_q;
    always @(posedge i_clk) begin
        f_desc_q <= i_launch_desc;
        f_thr_q <= i_launch_cta_threads;
        f_ncta_q <= i_launch_ncta;
    end
    always @(*) if (f_past && !i_launch_valid)
        assume(i_launch_desc == f_desc_q && i_launch_cta_threads == f_thr_q &&
               i_launch_ncta == f_ncta_q);
    // the memory answers in order, once per accepted request, a cycle
    // later at the earliest: at most 7 in flight here
    reg [3:0] f_out = 4'd0;
    always @(posedge i_clk)
        if (i_reset) f_out <= 4'd0;
        else f_out <= f_out + ((o_mem_valid && i_mem_ready) ? 4'd1 : 4'd0)
                            - (i_mem_rvalid ? 4'd1 : 4'd0);
    always @(*) if (f_out == 4'd0 || i_reset) assume(!i_mem_rvalid);
    always @(*) if (f_out == 4'd7) assume(!i_mem_ready);

    // DE's instruction's byte address
    wire [31:0] f_d_addr = w_code[d_w] + {7'd0, d_pc, 3'b000};

    // ---- properties ---------------------------------------------------------
    integer fw;
    always @(*) if (f_past && !i_reset) begin
        // the scoreboard: a busy warp has its instruction in a stage, in
        // the LSU queue or in the division unit, and FE holds a warp that
        // no later stage holds
        for (fw = 0; fw < WARPS; fw = fw + 1)
            if (busy[fw]) assert((f_v && f_w == fw[WID_W-1:0]) || (fd_held && fd_w == fw[WID_W-1:0]) ||
                                 (d_v && d_w == fw[WID_W-1:0]) || (dx_held && dx_w == fw[WID_W-1:0]) ||
                                 (x_v && x_w == fw[WID_W-1:0]) || (b_v && b_w == fw[WID_W-1:0]) ||
                                 inq[fw] || (dv_busy && dv_w == fw[WID_W-1:0]));
        if (f_v) assert(busy[f_w] && !(fd_held && fd_w == f_w) && !(d_v && d_w == f_w) &&
                        !(dx_held && dx_w == f_w) &&
                        !(x_v && x_w == f_w) && !(b_v && b_w == f_w) && !inq[f_w] &&
                        !(dv_busy && dv_w == f_w));
        // the skid buffer's beat likewise
        if (fd_held) assert(busy[fd_w] && !(d_v && d_w == fd_w) && !(x_v && x_w == fd_w) &&
                            !(dx_held && dx_w == fd_w) &&
                            !(b_v && b_w == fd_w) && !inq[fd_w] && !(dv_busy && dv_w == fd_w));
        for (fw = 0; fw < WARPS; fw = fw + 1)
            if (inq[fw]) assert(busy[fw]);
        if (d_v) assert(busy[d_w]);
        if (dx_held) assert(busy[dx_w]);      // (the DE/EX buffer's beat)
        // memory only while the lock is held; every answer owed is tagged:
        // the LSU owes the port's unanswered requests and the answers that
        // arrived and that its answer stage still writes, a part a cycle
        // (t_cnt = f_out + t_ac: the LSU's properties, wq_core_lsu)
        if (o_mem_valid) assert(i_ev_gnt);
        assert(owed >= {2'd0, f_out});
        // the division unit: its warp is busy and does not issue; while
        // its commit beat is not in, the rest of the division is in EX or
        // DE; once it is, no stage and no queue entry holds that warp
        if (dv_busy) assert(busy[dv_w] && !(is_go && pick == dv_w));
        if (dv_open) assert((x_v && x_w == dv_w && x_dv) || (dx_held && dx_w == dv_w) ||
                            (d_v && d_w == dv_w));
        if (dv_busy && !dv_open) assert(!(d_v && d_w == dv_w) && !(dx_held && dx_w == dv_w) &&
                                        !(x_v && x_w == dv_w) &&
                                        !(b_v && b_w == dv_w) && !inq[dv_w]);
        // a division's first beat is part 0 into a free unit
        if (dv_take && !dv_busy) assert(!x_commit && x_p == 6'd0);
        // the completion path: one source at a time, never beside an
        // ATOM's record
        if (dc_go) assert(!cp_go && !at_rec && !at_on);
        if (dv_on) assert(!cp_go && dv_busy);
        // a trap commit only with nothing in flight in the LSU and the
        // division unit; a store that wrote code commits with the unit empty
        if (b_trapping) assert(q_empty && !at_on && !dv_busy);
        if (cp_code) assert(!dv_busy);
        // a burst is kept only by a warp commit, or by a dispatch that
        // started a warp (it owes that warp's first commit)
        if (o_step_more) assert(o_step_valid && (o_step_kind == `WQ_STEPK_WARP ||
                                (o_step_kind == `WQ_STEPK_DISPATCH && run_v != {WARPS{1'b0}})));
        // no work outside a hold
        if (!i_ev_gnt) assert(!f_v && !fd_held && !d_v && !dx_held && !x_v && !b_v && !fl_on &&
                              !ans_owed && q_empty && !dv_busy);
        // the code range holds every word the buffer may hold (a fetch
        // run's: wq_fetch), and so does DE's instruction (a buffer hit)
        if (d_v) assert(cr_v && f_d_addr >= cr_lo && {1'b0, f_d_addr} + 33'd8 <= cr_hi);
    end
    // a commit, a record and a CTA start only inside the grant
    always @(posedge i_clk)
        if (f_past && !$past(i_reset)) begin
            if (o_step_valid) assert($past(i_ev_gnt));
            if (o_evr_valid) assert($past(i_ev_gnt));
        end
    // a warp issues only once the thread-id walk has written its rows (the
    // walk only writes rows of warps DS_SLOT has started: wq_dispatch)
    always @(*)
        if (f_past && !i_reset) begin
            if (is_go) assert(!tw_pend[pick]);
        end

    // ---- covers -------------------------------------------------------------
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            c_dispatch: cover(o_step_valid && o_step_kind == `WQ_STEPK_DISPATCH);
            // the hold goes on after a dispatch; a warp issues while the
            // walk writes another's thread ids; WB commits between two
            // completions
            c_disp_more: cover(o_step_valid && o_step_kind == `WQ_STEPK_DISPATCH && o_step_more);
            c_walk_run:  cover(tw_on && phase == PH_RUN && is_go);
            c_cp_yield:  cover(cp_yield && o_step_valid && !cp_go);
            c_commit:   cover(o_step_valid && o_step_kind == `WQ_STEPK_WARP);
            c_burst:    cover(o_step_valid && o_step_more);
            c_overlap:  cover(d_v && x_v && b_v && d_w != b_w);
            c_store:    cover(o_mem_valid && o_mem_we && i_mem_ready);
            // a WB commit while a memory instruction waits in the queue
            c_wb_over:  cover(o_step_valid && !cp_go && !q_empty);
            // another warp commits while a division is in the division
            // unit (its own commit, 34 steps a part later, lies past the
            // cover depth: job core_div covers it)
            c_dv_over:  cover(o_step_valid && dv_busy && o_step_id != {{(8-WID_W){1'b0}}, dv_w});
        end
`endif
endmodule
