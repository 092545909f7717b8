// wq_warp_sched.v -- the warp scheduler: warp slots, CTA dispatch, issue,
// SIMT execution and divergence control (DESIGN §5, §6; the model's
// sched.c, warp.c, exec_ctrl.c, exec_alu.c, exec_mem.c, csr.c debug window).
//
// One architectural step at a time, under the event lock of wq_top: when a
// warp can run or a CTA can start, o_ev_req; with the grant, either start one
// CTA (wq_step_dispatch) or retire one instruction of one warp
// (wq_step_warp), emit the model's trace records for it on o_evr_*, and end
// with one o_step_valid.  The step is a micro-sequence over the lanes: a
// 32-thread warp is handled in 32/LANES parts of LANES lanes, one register
// row (wq_regfile) per cycle (the ALU may be narrower than a part:
// ALU_LANES lanes in LANES/ALU_LANES passes); memory is served one selected lane at a time
// in ascending lane order; branch targets are grouped as branch_groups()
// does, and every token moves through the per-warp deque
// (wq_token_deque), whose commands the sequence issues one at a time.
//
// Every instruction that can trap decides that before it changes anything
// (the model's rule "a trapping instruction changes nothing"): deque room is
// counted first (a counting pass of the grouping), alignment of every
// selected lane is checked before the first access.
//
// The state names follow the model's functions, so a reader can cross
// over: ST_BG* = wq_branch_groups / wq_group_count, ST_NP* =
// wq_subv_next_part, ST_RC* = reconverge, ST_PK* = parked_at, ST_BC =
// wq_bar_check, ST_DIS* = wq_disable, ST_PUSH* = wq_push_front.
`default_nettype none
`include "wq_defs.vh"

module wq_warp_sched #(
    parameter WARPS   /* verilator public */ = 8,   // warp slots
    parameter LANES   /* verilator public */ = 32,  // physical lanes: 8, 16 or 32
    parameter DQ_LOG2 /* verilator public */ = 6,   // deque entries per warp = 2^DQ_LOG2
    parameter REGS    /* verilator public */ = 32,  // registers per thread (16 or 32)
    parameter ALU_LANES /* verilator public */ = LANES, // physical ALU lanes (divides LANES)
    // thread-state walks visit every thread lane in order (32 cycles)
    // instead of jumping to the next lane of the mask (no priority encoder,
    // no x & (x - 1)): on by default where the ALU is narrower than a part,
    // the configurations that trade cycles for area
    parameter SEQ_WALK = (ALU_LANES < LANES) ? 1 : 0,
    // commit bursts: a warp step may keep the event lock for the next one
    // (o_step_more) while no other unit waits for it, and fetches hit the
    // instruction buffer wq_ibuf (2^IB_LOG2 words, valid for one hold);
    // 0: every step takes the lock anew and fetches from memory
    parameter FAST    = 1,
    parameter IB_LOG2 = 4,
    parameter WID_W   = (WARPS > 1) ? $clog2(WARPS) : 1
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    // event lock and step port
    output wire                     o_ev_req,
    input  wire                     i_ev_gnt,
    output reg                      o_step_valid,
    output reg  [`WQ_STEPK_W-1:0]   o_step_kind,
    output reg  [7:0]               o_step_id,
    output reg  [`WQ_STEP_W-1:0]    o_step_res,
    output reg                      o_step_more,    // the lock is kept for another step
    input  wire                     i_ev_wait,      // another unit waits for the lock
    // memory port
    output wire                     o_mem_valid,
    input  wire                     i_mem_ready,
    output wire                     o_mem_we,
    output wire [31:0]              o_mem_addr,
    output wire [31:0]              o_mem_wdata,
    output wire [3:0]               o_mem_wstrb,
    input  wire                     i_mem_rvalid,
    input  wire [31:0]              i_mem_rdata,
    // event records
    output reg                      o_evr_valid,
    output reg  [7:0]               o_evr_kind,
    output reg  [7:0]               o_evr_unit,
    output reg  [15:0]              o_evr_aux,
    output reg  [31:0]              o_evr_pc,
    output reg  [31:0]              o_evr_mask,
    output reg  [31:0]              o_evr_a,
    output reg  [63:0]              o_evr_b,
    output reg  [63:0]              o_evr_c,
    output reg  [4:0]               o_evr_part,
    output reg  [LANES*32-1:0]      o_evr_vals,
    // CSR sub-port
    input  wire                     i_csr_valid,
    input  wire                     i_csr_we,
    input  wire [11:0]              i_csr_addr,
    input  wire [31:0]              i_csr_wdata,
    output reg                      o_csr_ack,
    output reg  [31:0]              o_csr_rdata,
    output reg                      o_csr_err,
    // host interface
    output wire                     o_engine_idle,
    output wire                     o_can_launch,
    input  wire                     i_launch_valid,
    input  wire [31:0]              i_launch_addr,
    input  wire [16*32-1:0]         i_launch_desc,
    input  wire [31:0]              i_launch_ncta,
    input  wire [10:0]              i_launch_cta_threads,
    output reg                      o_irq_trap
);
    // ---- sizes ---------------------------------------------------------------
    localparam PARTS  = 32 / LANES;                 // passes per warp
    localparam APASS  = LANES / ALU_LANES;          // ALU passes per part
    localparam AW_    = ALU_LANES * 32;             // bits of one ALU pass
    localparam PCW    = `WQ_TF_ADDR_W;              // PC = token address
    localparam TYW    = `WQ_TF_TYPE_W;
    localparam TSW    = TYW + PCW;                  // per-thread {reason, wait}
    localparam RF_D   = WARPS * REGS * PARTS;
    localparam RF_AW  = (RF_D > 1) ? $clog2(RF_D) : 1;
    localparam TS_AW  = WID_W + 5;                  // thread state: {warp, thread lane}
    localparam TS_D   = 1 << TS_AW;
    localparam PR_D   = (1 << WID_W) * 8;           // 7 predicates + PT slot a warp
    localparam PR_AW  = $clog2(PR_D);
    localparam DW     = DQ_LOG2 + 1;                // head / tail width
    localparam        LB     = $clog2(LANES);       // lane bits within a part
    localparam [5:0]  LANES6 = LANES[5:0];
    localparam [5:0]  PARTS6 = PARTS[5:0];
    localparam [7:0]  PARTS8 = PARTS[7:0];
    localparam [5:0]  REGS6  = REGS[5:0];
    localparam [31:0] LANEMASK = ~(32'hFFFFFFFF << LANES);
    // the LFSR seed when the descriptor gives 0, and its taps (launch.def
    // YLFSR; the model's exec_ctrl.c / sched.c)
    localparam [15:0] LFSR_DEFAULT = `WQ_YLFSR_SEED_DEFAULT;
    localparam [15:0] LFSR_TAPS    = `WQ_YLFSR_TAPS;

    // ---- states ---------------------------------------------------------------
    localparam [6:0]
        ST_RST = 7'd0, ST_IDLE = 7'd1, ST_POST = 7'd2, ST_END = 7'd3,
        ST_DQ_ISSUE = 7'd4, ST_DQ_WAIT = 7'd5, ST_MEM_ISSUE = 7'd6, ST_MEM_WAIT = 7'd7,
        ST_DIS0 = 7'd8, ST_DIS1 = 7'd9, ST_PUSH = 7'd10, ST_PUSH_R = 7'd11,
        ST_PK0 = 7'd12, ST_PK1 = 7'd13, ST_BC = 7'd14,
        ST_BG0 = 7'd15, ST_BG1 = 7'd16, ST_BG2 = 7'd17, ST_BG3 = 7'd18, ST_BG4 = 7'd19,
        ST_BG5 = 7'd20,
        ST_NP0 = 7'd21, ST_NP1 = 7'd22, ST_NP2 = 7'd23, ST_NP3 = 7'd24,
        ST_D_WARP = 7'd25, ST_D_CLR = 7'd26, ST_D_ZERO = 7'd27, ST_D_NEXT = 7'd28,
        ST_F1 = 7'd29, ST_F2 = 7'd30, ST_DEC = 7'd31, ST_GUARD = 7'd32, ST_EXEC = 7'd33,
        ST_TRAP = 7'd34, ST_RETIRE = 7'd35,
        ST_RC = 7'd36, ST_RC1 = 7'd37, ST_RC_NP = 7'd38, ST_RC_LOOP = 7'd39,
        ST_RC_L2 = 7'd40, ST_RC_POP = 7'd41, ST_RC_POPW = 7'd42, ST_RC_WK0 = 7'd43,
        ST_RC_WK2 = 7'd45, ST_RC_WK3 = 7'd46,
        ST_BR1 = 7'd48, ST_CALL1 = 7'd49, ST_CALL2 = 7'd50,
        ST_CALL3 = 7'd51,
        ST_RET1 = 7'd53, ST_RET2 = 7'd54, ST_RET3 = 7'd55, ST_RET4 = 7'd56,
        ST_RET5 = 7'd57, ST_RET6 = 7'd58, ST_RET7 = 7'd59, ST_RET8 = 7'd60, ST_RET9 = 7'd61,
        ST_REG1 = 7'd62, ST_WR1 = 7'd63, ST_WR2 = 7'd64, ST_WR3 = 7'd65,
        ST_Y1 = 7'd67, ST_Y2 = 7'd68, ST_Y3M = 7'd69, ST_Y3B = 7'd70,
        ST_Y4 = 7'd71, ST_Y5 = 7'd72,
        ST_SS1 = 7'd73, ST_LE1 = 7'd75, ST_LE2 = 7'd76,
        ST_ALU0 = 7'd77, ST_ALU0B = 7'd78, ST_ALU1 = 7'd79, ST_ALU2 = 7'd80,
        ST_ALU3 = 7'd81, ST_ALU4 = 7'd82, ST_ALU5 = 7'd83, ST_ALU6 = 7'd84,
        ST_SETP_P = 7'd85, ST_SETP_W = 7'd86, ST_S2R1 = 7'd88,
        ST_S2R2 = 7'd89, ST_S2R3 = 7'd87,
        ST_M0 = 7'd90, ST_M1 = 7'd91, ST_ML0 = 7'd92, ST_ML1 = 7'd93, ST_ML2 = 7'd94,
        ST_ML4 = 7'd96, ST_ML5 = 7'd97, ST_ML6 = 7'd98, ST_ML7 = 7'd99,
        ST_ML8 = 7'd100, ST_RB0 = 7'd101, ST_RB1 = 7'd102,
        ST_CSR = 7'd103, ST_CSR_RD = 7'd104, ST_CSR_ACK = 7'd105;
    // fetch address from the variable RAM; retire's CLOCK count write-back
    localparam [6:0]
        ST_F0 = 7'd106, ST_RT1 = 7'd107, ST_RT2 = 7'd108,
    // a debug command gathers its operands from the variable RAM; DBG_LO/HI
    // written back one word a cycle
        ST_CSRG = 7'd109, ST_CSR_RD2 = 7'd110,
    // subv_start / subv_end read for wq_subv_next_part's parked_at
        ST_NP1B = 7'd111, ST_NP2B = 7'd44,
    // wq_bar_check's walk over the slots' keys (47 and 74 were ST_EXIT1 and
    // ST_LB1, now ST_SS1)
        ST_BC1 = 7'd47, ST_BC2 = 7'd74;
    // datapath states (112 ... 127): ATOM waits for its new value (several
    // ALU passes: the ALU's result register)
    localparam [6:0]
        ST_ML9 = 7'd112,
    // (several ALU passes) a memory lane's address ra + imm and store data
    // come through the ALU too: its result register is mem_addr's source,
    // instead of an adder, and is the store data itself (see "memory")
        ST_ML1B = 7'd113;
    // (several ALU passes) the ALU's a is the operand latch opa alone: a
    // memory lane loads ra (ST_ML1) or CAS's c (ST_ML8) into it first, so
    // the lane's sum / ATOM's new value comes a state later (ST_ML1C /
    // ST_ML8B start the ALU)
    localparam [6:0]
        ST_ML1C = 7'd121, ST_ML8B = 7'd122;
    // control states (114 ...): the served warp's PC read from the variable
    // RAM at issue (ST_I1), its PC and active set written back at the
    // step's end (ST_END, ST_E1)
    localparam [6:0]
        ST_I1 = 7'd114, ST_E1 = 7'd115;
    // (FAST) the instruction buffer's answer to the fetch
    localparam [6:0]
        ST_FH = 7'd116;

    // target modes of the grouping (branch_groups' tgt argument)
    localparam [1:0] TG_UNI = 2'd0,   // one target for every selected thread
                     TG_BRX = 2'd1,   // PC + 1 + ra[l]
                     TG_REG = 2'd2;   // ra[l] (JMX; RET's link register)

    // ---- helpers ----------------------------------------------------------------
    function [31:0] pmask;                 // lanes of part pp
        input [5:0] pp;
        pmask = LANEMASK << (pp * LANES);
    endfunction
    /* verilator lint_off UNUSEDSIGNAL */
    function [LANES-1:0] lanes_of;         // part pp of a thread mask
        input [31:0] m;
        input [5:0]  pp;
        reg   [31:0] t;
        begin
            t = m >> (pp * LANES);
            lanes_of = t[LANES-1:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    function [4:0] ctz;                    // lowest set lane (m != 0)
        input [31:0] m;
        integer i;
        begin
            ctz = 5'd0;
            for (i = 31; i >= 0; i = i - 1)
                if (m[i]) ctz = i[4:0];
        end
    endfunction
    // le_k / ge_k: compares with a constant as gates (see the file)
`include "wq_cmp_k.vh"
    function [5:0] part_of;                // part of a thread lane
        input [4:0] l;
        part_of = {1'b0, l} >> LB;
    endfunction
    localparam [31:0] TRAP_RECOV = `WQ_TRAP_RECOV_MASK;
    function recoverable;                  // trap.def's RECOV column, as a mask
        input [7:0] code;
        recoverable = (code[7:5] == 3'd0) ? TRAP_RECOV[code[4:0]] : 1'b0;
    endfunction
    // wq_deque_push_trap(): room for n more tokens at the front / back
    function [7:0] push_trap;
        input         front;
        input [6:0]   n;
        input [DW-1:0] h, t;
        input [4:0]   lg;
        reg   [9:0]   depth, hh, tt, nn;
        begin
            depth = 10'd1 << lg;
            hh = {{(10-DW){1'b0}}, h};
            tt = {{(10-DW){1'b0}}, t};
            nn = {3'b0, n};
            if (front ? (hh + nn <= depth) : (tt >= nn))
                push_trap = `WQ_TRAP_NONE;
            else if (hh - tt + nn > depth)
                push_trap = `WQ_TRAP_DEQUE_FULL;
            else
                push_trap = front ? `WQ_TRAP_DEQUE_FRONT_BOUND : `WQ_TRAP_DEQUE_BACK_BOUND;
        end
    endfunction

    // ---- warp slots (the model's wq_warp_t, one entry per slot) ----------------
    reg [3:0]        w_state   [0:WARPS-1];
    // The slot's PC and active set are variable words (SV_PC, SV_ACT):
    // the served warp's are working copies, read at issue (ST_I1; the
    // active set during the fetch, ST_F1 finds it on the read port),
    // changed by the step and written back at its end (ST_END, ST_E1) -- a
    // word of block RAM each instead of WARPS x 54 flip-flops and their
    // slot multiplexers.  Dispatch sets the copies and its sweep writes
    // them.  w_init: the slot was ever started (its words are written;
    // DBG_PC / DBG_ACTIVE read 0 before that).  (The exited set stays in
    // flip-flops: a third working copy and its RAM write sources cost more
    // LUTs than the slots' copies.)
    reg [PCW-1:0]    pc_q;
    reg [31:0]       act_q;
    reg [WARPS-1:0]  w_init;
    reg [31:0]       w_exited  [0:WARPS-1];
    reg [7:0]        w_trap    [0:WARPS-1];
    reg [5:0]        w_nregs   [0:WARPS-1];
    reg [10:0]       w_ntid0   [0:WARPS-1];
    reg [10:0]       w_ntid1   [0:WARPS-1];
    reg [4:0]        w_wi      [0:WARPS-1];    // warp_in_cta
    reg              w_subv_en [0:WARPS-1];
    reg [4:0]        w_sbase   [0:WARPS-1];    // shared_base
    reg [1:0]        w_ypol    [0:WARPS-1];
    reg              w_subv_on [0:WARPS-1];
    reg [5:0]        w_spart   [0:WARPS-1];    // subv_part
    reg [DW-1:0]     w_slevel  [0:WARPS-1];    // subv_level
    reg              w_send_set[0:WARPS-1];
    // s0 is one half of the mask or 0: {half, 16 bits} (see s0 below)
    reg              w_s0h     [0:WARPS-1];    // s0 is the high half
    reg [15:0]       w_s0v     [0:WARPS-1];
    reg              w_loop_on [0:WARPS-1];
    reg [DW-1:0]     w_llevel  [0:WARPS-1];    // loop_level
    // The slot's other fields (code_base, param, ncta, ntid[2], cta,
    // ctaflat, TID of lane 0, the yield policy state, the CLOCK count) are
    // read by one instruction or at fetch only: they live in the variable
    // RAM (sv_*, below), not in WARPS copies of flip-flops.

    // ---- grid waiting for dispatch (wq_grid_t) ----------------------------------
    // The host holds the descriptor it launched (and its checker's ncta and
    // CTA size) until its next launch, which waits for o_can_launch, i.e.
    // for !g_valid: while a grid waits, its fields are read straight from
    // the launch port instead of from copies (about 260 flip-flops).
    reg              g_valid;
    reg [31:0]       g_next;                // (grid id: grid_seq)
    reg [31:0]       g_local;               // the next CTA's __local block: LOCAL_BASE,
                                            // + LOCAL_SIZE a CTA (an adder, no multiplier)
    reg [15:0]       g_cx, g_cy, g_cz;
    // CTAID_d * NTID_d of the next CTA (S2R GID_d's base, the SV_GB* words):
    // + NTID_d as its coordinate steps, 0 as it wraps -- adders, no
    // multiplier (< 2^26: CTAID <= 0xFFFE, NTID <= 1024)
    reg [25:0]       g_bx, g_by, g_bz;
    reg [31:0]       grid_seq, cta_seq;     // the grid's id; the CTA's key (d_key)
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
    wire             g_subv   = i_launch_desc[`WQ_LD_WAVE*32 + `WQ_LDF_WAVE_SUBV_LO];
    wire [4:0]       g_sbase  = i_launch_desc[`WQ_LD_WAVE*32 + `WQ_LDF_WAVE_SHARED_BASE_LO +: `WQ_LDF_WAVE_SHARED_BASE_W];
    wire [1:0]       g_ypol   = i_launch_desc[`WQ_LD_YIELD*32 + `WQ_LDF_YIELD_POLICY_LO +: `WQ_LDF_YIELD_POLICY_W];
    wire [7:0]       g_yparam = i_launch_desc[`WQ_LD_YIELD*32 + `WQ_LDF_YIELD_PARAM_LO +: `WQ_LDF_YIELD_PARAM_W];
    wire [15:0]      g_seed   = i_launch_desc[`WQ_LD_YIELD*32 + `WQ_LDF_YIELD_SEED_LO +: `WQ_LDF_YIELD_SEED_W];
    wire [4:0]       g_dlog2  = i_launch_desc[`WQ_LD_DEQUE*32 + `WQ_LDF_DEQUE_LOG2_LO +: `WQ_LDF_DEQUE_LOG2_W];
    wire [31:0]      g_lbase  = i_launch_desc[`WQ_LD_LOCAL_BASE*32 +: 32];
    wire [31:0]      g_lsize  = i_launch_desc[`WQ_LD_LOCAL_SIZE*32 +: 32];
    // (ncta: the counters' ends say when the grid is done, see ST_D_NEXT)
    wire unused_ncta = &{1'b0, i_launch_ncta};
    wire [10:0]      g_threads = i_launch_cta_threads;
    wire [5:0]       g_warps  = i_launch_cta_threads[10:5] + {5'd0, (i_launch_cta_threads[4:0] != 5'd0)};

    // ---- global registers --------------------------------------------------------
    reg [31:0] trap_warp, trap_code, trap_pc;
    reg [31:0] dbg_warp;
    // DBG_INDEX, DBG_LO, DBG_HI, DBG_HEADTAIL and PERF_INSTR are variable
    // words of slot 0 (SV_DIDX ... SV_PERF): read by a CSR access or a
    // debug command only
    reg [WID_W-1:0] rr;                     // round-robin issue pointer

    // ---- the step in flight ---------------------------------------------------------
    reg [6:0]        state;
    // return states: ret_mem serves the two leaf calls (a memory access, a
    // deque command), ret_bg branch_groups and subv_next_part (neither
    // calls the other)
    reg [6:0]        ret_mem, ret_sub, ret_bg;
    reg [WID_W-1:0]  cw;                    // current warp
    wire [31:0]      ex_q = w_exited[cw];   // its exited set
    reg [PCW-1:0]    ipc;                   // its PC at issue
    reg [63:0]       ir;                    // instruction word
    reg [31:0]       sel;                   // selected threads
    reg              skip;                  // guard selected nobody
    reg [7:0]        tcode;                 // trap being taken
    reg [5:0]        p;                     // part counter
    reg [5:0]        lnp;                   // lane within a part
    reg [7:0]        zc;                    // dispatch sweep counter
    reg [4:0]        ml;                    // memory lane
    reg [2:0]        mk;                    // word of a .v4 access
    reg              mend;                  // memory: every lane visited
    reg [AW_-1:0]    opa, opb;              // operand latches of one ALU pass (opb:
                                            // one pass a part only; see "ALU")
    reg [5:0]        aq;                    // ALU pass within the part
    reg [31:0]       setp_res;              // SETP results (shifted in: see "ALU")
    reg [10:0]       tx, ty, tz;            // TID walk
    reg [4:0]        d_wi;                  // dispatch: warp in CTA
    reg              dq_dbg;                // deque i_warp = DBG_WARP (CSR)
    // CSR request
    reg              csr_pend, csr_we;
    reg [11:0]       csr_addr;
    reg [31:0]       csr_wdata;
    // wq_disable / wq_push_front / parked_at / wq_bar_check arguments
    // dis_* are also wq_push_front's arguments (push_mask / push_type /
    // push_addr) and the deque command's mask / type / address (dqc_*): no
    // two of these are in use at once, and the deque takes them while the
    // sequencer waits in ST_DQ_*
    reg [31:0]       dis_mask;
    reg [TYW-1:0]    dis_reason;
    reg [PCW-1:0]    dis_addr;
    reg [DW-1:0]     push_head;
    reg [PCW-1:0]    pk_addr;
    reg              pk_any, pk_w0_ok;
    reg [31:0]       pk;                    // parked_at result; also the wake
                                            // set of a reconvergence pop (wk_acc)
                                            // and SUBV_LOOP_END's back set (le_back)
    // an any-walk (pk_any: wq_loop_run_dry, SUBV_LOOP_END) needs no address
    // and looks only at s0's threads (its callers use s0 & parked): pk_addr
    // holds the wait of its first (lowest) parked thread
    wire [PCW-1:0]   pk_w0 = pk_addr;
    reg [31:0]       bc_key;
    // branch_groups
    reg              bg_emit;
    reg [1:0]        bg_mode;
    reg [31:0]       bg_rem, bg_gm;
    // (no copy of the grouping's selection: bg_rem is within it, and every
    // use but the first-path test is restricted to bg_rem, so `sel` serves;
    // a count pass's bg_rem excludes the threads its caller leaves out --
    // RET's holders, wait_region's parked -- and an emitting pass's
    // disables leave bg_rem before the active set.  The first-path test
    // takes act & sel: an emitting pass never disables its lowest
    // selected thread, so that lowest thread stays put.)
    reg [PCW-1:0]    bg_ft;
    reg [4:0]        bg_c;                  // (SEQ_WALK) the lane ST_BG0 looks at
    // the group's target lives in dis_addr: the group's wq_disable and
    // wq_push_front take it as their address anyway, and nothing else uses
    // dis_addr inside a grouping
    wire [PCW-1:0]   bg_t = dis_addr;
    reg [5:0]        bg_ng;
    // subv_next_part
    reg              np_at_end, np_res;
    // RET
    // (RET's second grouping needs no copies of its masks: the holders have
    // left the active set by then, and the grouping ignores inactive
    // selected threads; likewise wait_region's after its wq_disable)
    // RET's holders live in dis_mask (its groupings' count pass disables
    // nobody; they leave the active set in ST_RET6, before the emitting
    // grouping's first wq_disable)
    wire [31:0]      held = dis_mask;
    reg [DW-1:0]     ri;
    // (the CALL token read, rtok_addr: see dqr_token)
    // wait_region / YIELD / misc
    reg              y_found;
    reg [DQ_LOG2-1:0] y_idx;
    reg [DW-1:0]     y_tail;
    reg [DW-1:0]     rc_head;
    // (the popped token, rtok, stays in dqr_token through the wake walk)
    // thread-state walks (parked_at, the wake of a reconvergence pop,
    // wq_disable): one thread lane per cycle, the lanes of tw_rem in
    // ascending order; tl is the lane whose state tw_v says is in ts_rdata.
    // The walk consumes dis_mask: wq_disable's caller never reads the mask
    // after it, and the other walks are not inside a wq_disable.  With
    // SEQ_WALK the walk visits every lane instead (tc: the lane read, 32
    // when done), leaves dis_mask as it is, and tw_v says the lane is in it
    wire [31:0]      tw_rem = dis_mask;
    reg [4:0]        tl;
    reg              tw_v;
    reg [5:0]        tc;

    // ---- decoder ------------------------------------------------------------------
    wire                      d_legal;
    wire [`WQ_OP_W-1:0]       d_op;
    wire [`WQ_FMT_W-1:0]      d_fmt;
    wire [`WQ_IF_W-1:0]       d_flags;
    wire [`WQ_F_GP_W-1:0]     d_gp;
    wire                      d_gn;
    wire [`WQ_F_RD_W-1:0]     d_rd;
    wire [`WQ_F_RA_W-1:0]     d_ra;
    wire [`WQ_F_RB_W-1:0]     d_rb;
    wire                      d_bi;
    wire [`WQ_F_FN_W-1:0]     d_fn;
    wire [`WQ_F_IMM_W-1:0]    d_imm;
    wire [2:0]                d_words;
    wire [1:0]                d_msize;
    wire                      d_msext;
    wire [3:0]                d_amask;
    wire [5:0]                d_maxreg;
    wire                      d_gp_pt, d_selp_pt;
    wq_decode u_decode (
        .i_insn(ir), .o_legal(d_legal), .o_op(d_op), .o_fmt(d_fmt), .o_flags(d_flags),
        .o_gp(d_gp), .o_gn(d_gn), .o_rd(d_rd), .o_ra(d_ra), .o_rb(d_rb), .o_bi(d_bi),
        .o_fn(d_fn), .o_imm(d_imm), .o_words(d_words), .o_msize(d_msize), .o_msext(d_msext),
        .o_amask(d_amask), .o_maxreg(d_maxreg), .o_gp_pt(d_gp_pt), .o_selp_pt(d_selp_pt));
    wire unused_dec = &{1'b0, d_fmt};
    wire f_ctrl = (d_flags & `WQ_IF_CTRL) != 0;
    wire f_warp = (d_flags & `WQ_IF_WARP) != 0;
    wire [PCW-1:0] fall = ipc + 1'b1;       // NEXT(w) at the instruction
    // branch_groups' uniform target (TG_UNI): BRA's PC + 1 + imm, else the
    // immediate (JMP, CALL, wait_region): the instruction's, no register
    wire [PCW-1:0] bg_uni = (d_op == `WQ_OP_BRA) ? fall + d_imm[PCW-1:0] : d_imm[PCW-1:0];

    // ---- token deque ------------------------------------------------------------------
    reg  [3:0]          dqc_op;
    wire [TYW-1:0]      dqc_type = dis_reason;
    wire [31:0]         dqc_mask = dis_mask;
    wire [PCW-1:0]      dqc_addr = dis_addr;
    reg  [DQ_LOG2-1:0]  dqc_index;
    reg  [63:0]         dqc_data;
    reg  [DW-1:0]       dqc_head, dqc_tail;
    reg  [4:0]          dqc_log2;
    wire                dq_ready, dq_rvalid, dq_found, dq_empty, dq_rejected;
    wire [3:0]          dq_rop;
    wire [WID_W-1:0]    dq_rwarp;
    wire [7:0]          dq_trap;
    wire [63:0]         dq_token, dq_front;
    wire [DQ_LOG2-1:0]  dq_index;
    wire [15:0]         dq_has_type;
    wire [DW-1:0]       dq_head, dq_tail;
    wire [4:0]          dq_log2;
    wire [WID_W-1:0]    dq_warp = dq_dbg ? dbg_warp[WID_W-1:0] : cw;
    wq_token_deque #(.LOG2(DQ_LOG2), .WARPS(WARPS), .FRONT_FULL(0)) u_deque (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_valid(state == ST_DQ_ISSUE), .o_ready(dq_ready), .i_op(dqc_op), .i_warp(dq_warp),
        .i_type(dqc_type), .i_mask(dqc_mask), .i_addr(dqc_addr), .i_index(dqc_index),
        .i_data(dqc_data), .i_head(dqc_head), .i_tail(dqc_tail), .i_log2(dqc_log2),
        .o_rvalid(dq_rvalid), .o_rop(dq_rop), .o_rwarp(dq_rwarp), .o_trap(dq_trap),
        .o_token(dq_token), .o_index(dq_index), .o_found(dq_found), .o_empty(dq_empty),
        .o_rejected(dq_rejected), .o_front(dq_front), .o_has_type(dq_has_type),
        .o_head(dq_head), .o_tail(dq_tail), .o_log2(dq_log2));
    wire unused_dq = &{1'b0, dq_rop, dq_rwarp, dq_trap, dq_rejected, dq_front,
                       dq_has_type[15:`WQ_TOK_CALL+1], dq_has_type[`WQ_TOK_CALL-1:0]};
    // the descriptor bits the dispatcher does not read (the host checked
    // them) and the descriptor address
    wire unused_launch = &{1'b0, i_launch_addr, i_launch_desc};
    wire [DW-1:0] dq_count = dq_head - dq_tail;
    reg  [63:0]         dqr_token;          // result of the last command
    // RET's CALL token read (ST_RET2 ... ST_RET4: no deque command until
    // the next read in ST_RET1, so the result register holds it)
    wire [PCW-1:0]      rtok_addr = dqr_token[`WQ_TF_ADDR_RANGE];
    reg                 dqr_found, dqr_empty;
    reg  [DQ_LOG2-1:0]  dqr_index;
    // RET's candidates: selected threads of the CALL token read, not yet
    // holders (a holder's bits change only in parts already tested)
    wire [31:0] rcand = sel & dqr_token[`WQ_TF_MASK_RANGE] & ~held;
    // wait_region: the threads of the region token found (tm)
    wire [31:0] wr_tm = dqr_found ? dqr_token[`WQ_TF_MASK_RANGE] : 32'd0;
    wire [9:0]    dq_depth = 10'd1 << dq_log2;
    // deque commands: `WQ_DQCMD_* (cmodel/spec/deque.def)
    // The command follows from the call's return state (ret_mem, set with
    // it and held until the answer): a decoder of it, not a register that
    // every call site loads.  Only CSR_ACK is the return of two commands;
    // the latched DBG_CMD word says which.
    always @(*) begin
        case (ret_mem)
        ST_PUSH_R:         dqc_op = `WQ_DQCMD_PUSH_FRONT;
        ST_D_ZERO:         dqc_op = `WQ_DQCMD_CLEAR;
        ST_WR1, ST_Y1:     dqc_op = `WQ_DQCMD_FIND;
        ST_Y3M:            dqc_op = `WQ_DQCMD_MERGE;
        ST_Y3B:            dqc_op = `WQ_DQCMD_PUSH_BACK;
        ST_RET2, ST_CSR_RD: dqc_op = `WQ_DQCMD_DBG_READ;
        ST_RC_POPW:        dqc_op = `WQ_DQCMD_POP;
        default:           dqc_op = (csr_wdata[7:0] == `WQ_DBGCMD_WRITE_ENTRY) ? `WQ_DQCMD_DBG_WRITE
                                                                           : `WQ_DQCMD_DBG_SET_HEADTAIL;
        endcase
    end

    // ---- memory -----------------------------------------------------------------------------
    // mem_addr / mem_wdata are held through an access (the LSU puts them on
    // the port as they are); they also serve as the lane's address and
    // data (ST data, ATOM's b, then its new value) of LD / ST / ATOM
    reg         mem_we;
    reg  [31:0] mem_addr, mem_wdata;
    // the lane's data: several ALU passes -- the ALU's result register,
    // which holds it from ST_ML2 (ST data, ATOM's b) or ST_ML8 (ATOM's new
    // value) until the next lane starts the ALU, so no copy of it is kept
    wire [31:0] mem_wd;
    wire        lsu_busy, lsu_done;
    wire [31:0] lsu_rdata;
    wire [31:0] mem_rd = lsu_rdata;         // the last read's data (until the next)
    wire [31:0] mold = lsu_rdata;           // ATOM: the old value (its write keeps it)
    // the width: LD / ST lane accesses (return to ST_ML5) have the
    // instruction's; fetch and ATOM are words
    wire        mem_lane = (ret_mem == ST_ML5);
    wq_lsu u_lsu (
        .i_clk(i_clk), .i_reset(i_reset), .i_start(state == ST_MEM_ISSUE), .i_we(mem_we),
        .i_addr(mem_addr), .i_wdata(mem_wd), .i_size(mem_lane ? d_msize : 2'd2),
        .i_sext(mem_lane && d_msext), .o_busy(lsu_busy), .o_done(lsu_done),
        .o_rdata(lsu_rdata), .o_mem_valid(o_mem_valid), .i_mem_ready(i_mem_ready),
        .o_mem_we(o_mem_we), .o_mem_addr(o_mem_addr), .o_mem_wdata(o_mem_wdata),
        .o_mem_wstrb(o_mem_wstrb), .i_mem_rvalid(i_mem_rvalid), .i_mem_rdata(i_mem_rdata));
    wire unused_lsu = &{1'b0, lsu_busy};

    // ---- instruction buffer (FAST) ----------------------------------------------------------
    // Valid for one hold of the lock: flushed whenever the lock is not held
    // and by every memory write of the scheduler (docs/rtl/wq_ibuf.md).
    // ST_F0 looks the word up, ST_FH takes a hit; ST_F2 fills a miss.
    wire        ib_hit;
    wire [63:0] ib_data;
    generate if (FAST != 0) begin : g_ibuf
        wq_ibuf #(.LOG2(IB_LOG2)) u_ibuf (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_flush(!i_ev_gnt || (o_mem_valid && o_mem_we)),
            .i_addr(sv_q + {7'd0, ipc, 3'b000}),
            .o_hit(ib_hit), .o_data(ib_data),
            .i_fill(state == ST_F2), .i_faddr(mem_addr - 32'd4),
            .i_fdata({mem_rd, ir[31:0]}));
    end else begin : g_no_ibuf
        assign ib_hit = 1'b0;
        assign ib_data = 64'd0;
    end endgenerate

    // ---- register file, per-thread state, predicates -------------------------------------
    // sub-vector packing (exec.h wq_reg, launch.def WAVE): inside a segment,
    // shared register s = r - shared_base is row shared_base + s/PARTS,
    // part s%PARTS -- in this file's {register, part} row order that is part
    // row shared_base*PARTS + s, the same for every part
    wire alias_on = w_subv_on[cw] && (w_sbase[cw] != 5'd0);
    /* verilator lint_off UNUSEDSIGNAL */
    function [RF_AW-1:0] rf_row;
        input [WID_W-1:0] ww;
        input [4:0]       r;
        input [5:0]       pp;
        input             al;
        input [4:0]       sb;
        integer t, rix, pi;
        begin
            rix = {27'd0, r};
            pi = {26'd0, pp};
            if (al && r >= sb)
                t = (ww * REGS + {27'd0, sb}) * PARTS + (rix - {27'd0, sb});
            else
                t = ((ww * REGS) + (rix % REGS)) * PARTS + (pi % PARTS);
            rf_row = t[RF_AW-1:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */

    // The RAM is ALU_LANES lanes wide: a part's row (rf_row) is APASS RAM
    // rows, one ALU pass each, {row, pass}.  With one pass a part this is
    // the LANES-wide row of old; with fewer ALU lanes the operand path, the
    // write data and the RAM are one pass wide (a deep, narrow RAM fills
    // block RAMs a LANES-wide row of 32-bit banks left half empty), and an
    // access that needs a whole part takes a pass at a time (the pass walk
    // below).  A datapath state picks the part's pass (rf_rpass /
    // rf_wpass) and the part's lane enables (rf_wl); the RAM sees the
    // pass's slice of them.
    localparam RFA_D  = RF_D * APASS;
    localparam RFA_AW = (RFA_D > 1) ? $clog2(RFA_D) : 1;
    /* verilator lint_off UNUSEDSIGNAL */
    function [RFA_AW-1:0] rf_adr;          // RAM row of pass pq of part row pr
        input [RF_AW-1:0] pr;
        input [5:0]       pq;
        integer ft, fr, fq;
        begin
            fr = {{(32-RF_AW){1'b0}}, pr};
            fq = {26'd0, pq};
            ft = fr * APASS + (fq % APASS);
            rf_adr = ft[RFA_AW-1:0];
        end
    endfunction
    function [5:0] pass_of;                // the pass of a lane within its part
        input [5:0] ln;
        integer ft;
        begin
            ft = ({26'd0, ln} % LANES) / ALU_LANES;
            pass_of = ft[5:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    // the register read: a field plus 0, k (LD / ST .v4 word) or 1 (CAS's
    // c) -- one adder for every state
    reg  [4:0]            rf_rbase;
    reg  [2:0]            rf_roff;
    wire [4:0]            rf_rreg = rf_rbase + {2'b0, rf_roff};
    reg  [5:0]            rf_rpart;
    reg  [5:0]            rf_rpass;
    wire [AW_-1:0]        rf_rdata;
    reg                   rf_we;
    reg  [RF_AW-1:0]      rf_waddr;
    reg  [5:0]            rf_wpass;
    reg  [LANES-1:0]      rf_wlane;         // lanes of the part
    reg                   rf_wone;          // rf_wlane is every lane or the pass's one
    wire [ALU_LANES-1:0]  rf_wlq;
    wire [AW_-1:0]        rf_wdata;
    // a write is either the ALU pass or one 32-bit value in every lane (its
    // lane enables pick the lanes): one 2:1 choice per bit of the row
    reg                   rf_wrep;
    reg  [31:0]           rf_w32;
    wire [RF_AW-1:0]    rf_raddr    = rf_row(cw, rf_rreg, rf_rpart, alias_on, w_sbase[cw]);
    wq_regfile #(.LANES(ALU_LANES), .WIDTH(32), .DEPTH(RFA_D)) u_regfile (
        .i_clk(i_clk), .i_raddr(rf_adr(rf_raddr, rf_rpass)),
        .o_rdata(rf_rdata), .i_we(rf_we), .i_waddr(rf_adr(rf_waddr, rf_wpass)),
        .i_wlane(rf_wlq), .i_wdata(rf_wdata));
    assign rf_wdata = rf_wrep ? {ALU_LANES{rf_w32}} : alu_res;
    generate if (ALU_LANES == 1) begin : wl_one
        // one ALU lane: the pass is the lane, so its enable is the part's
        // selection bit of that lane (ALU6, CALL2) or set (S2R, LD, ATOM
        // address their lane's pass; the sweep writes every lane)
        assign rf_wlq = rf_wone || sel_p[rf_wpass[LB-1:0]];
        wire unused_wl = &{1'b0, rf_wlane, rf_wpass[5:LB]};
    end else begin : wl_lanes
        assign rf_wlq = rf_wlane[rf_wpass * ALU_LANES +: ALU_LANES];
        wire unused_wl = &{1'b0, rf_wone};
    end endgenerate
    // the part's lanes (one pass a part: the row read; several: unused, the
    // pass walk looks at the passes as they arrive)
    wire [LANES*32-1:0]   rf_wide = {APASS{rf_rdata}};
    // the pass walk's per-lane results: compare or misalignment of lane l
    // of the part (see "pass walk")
    reg  [5:0]            pw;
    reg  [LANES-1:0]      pw_bits;
    // LD / ST / ATOM: the address ra + imm of a lane is misaligned (ATOM
    // and one-word accesses: 4 bytes, .v2 / .v4: 16)
    function lane_mis;
        input [3:0]  v;
        input [3:0]  im;
        input [3:0]  amask;
        reg   [3:0]  ad;
        begin
            ad = v + im;
            lane_mis = (ad & amask) != 4'b0000;
        end
    endfunction

    // per-thread {reason, wait}: one word per thread lane, read and written
    // one lane at a time (a LANES-wide row needed LANES*TSW/16 block RAMs
    // side by side, mostly empty; one lane word needs two)
    // the lane a walk reads / writes now; the walk's mask without it
    // (the jumping walk's dis_mask next); a lane is left to read;
    // wq_disable's last lane is written now
    wire [4:0]            tw_lane;
    wire [31:0]           tw_next;
    wire                  tw_more, tw_last;
    generate if (SEQ_WALK != 0) begin : g_walk_seq
        // every lane in order (tc), dis_mask left as it is
        assign tw_lane = tc[4:0];
        assign tw_next = tw_rem;
        assign tw_more = !tc[5];
        assign tw_last = (tc[4:0] == 5'd31);
    end else begin : g_walk_jump
        // the lowest lane of the mask; the mask without it is x & (x - 1),
        // a carry chain, not a decoder of the lane
        assign tw_lane = ctz(tw_rem);
        assign tw_next = tw_rem & (tw_rem - 32'd1);
        assign tw_more = (tw_rem != 32'd0);
        assign tw_last = (tw_next == 32'd0);
    end endgenerate
    wire                  tw_in   = tw_rem[tc[4:0]];    // (SEQ_WALK) lane tc is in the mask
    wire [TSW-1:0]        ts_rdata;
    reg                   ts_we;
    reg  [TS_AW-1:0]      ts_waddr;
    reg  [TSW-1:0]        ts_wdata;
    wire [TS_AW-1:0]      ts_raddr = {cw, tw_lane};
    wq_regfile #(.LANES(1), .WIDTH(TSW), .DEPTH(TS_D)) u_tstate (
        .i_clk(i_clk), .i_raddr(ts_raddr), .o_rdata(ts_rdata), .i_we(ts_we),
        .i_waddr(ts_waddr), .i_wlane(1'b1), .i_wdata(ts_wdata));

    // predicates p0..p6 of every warp: one 32-bit word per predicate, and
    // the slot's scheduler variables (SV_*): one RAM, 32 words a slot
    // {slot, 2'b00, predicate} / {slot, variable (8 ... 31)}; one read port
    // serves either (the state says which), so a variable costs a word of
    // block RAM instead of WARPS x 32 flip-flops and a WARPS-way multiplexer
    reg [2:0]       pr_ridx;
    wire [31:0]     pr_q;
    reg             pr_we;
    reg [PR_AW-1:0] pr_waddr;
    reg [31:0]      pr_wdata;
    localparam SV_AW = WID_W + 5;
    localparam [4:0] SV_TXYZ = 5'd16,        // {tz[9:0], ty, tx} of lane 0 (CTA <= 1024 threads)
                     SV_CODE = 5'd17,        // code_base
                     SV_PARAM = 5'd18,       // param
                     SV_NCTA01 = 5'd19,      // {ncta[1], ncta[0]}
                     SV_CTA01 = 5'd20,       // {cta[1], cta[0]}
                     SV_CTA2 = 5'd21,        // {ncta[2], cta[2]}
                     SV_FLAT = 5'd22,        // ctaflat
                     SV_RET = 5'd23,         // retired (S2R CLOCK)
                     SV_YLD = 5'd24,         // {yield_param, 8'd0, yield_count or lfsr}
                     SV_NTID2 = 5'd25,       // ntid[2]
                     SV_LAST = 5'd25,
                     // global words, in slot 0 (zeroed in ST_RST)
                     SV_DIDX = 5'd26,       // dbg_index
                     SV_DLO = 5'd27,        // dbg_lo
                     SV_DHI = 5'd28,        // dbg_hi
                     SV_DHT = 5'd29,        // dbg_headtail
                     SV_PERF = 5'd30,       // perf_instr
                     // the segment / loop PCs, in the 8 words after the predicates
                     SV_SSTART = 5'd8,      // subv_start
                     SV_SEND = 5'd9,        // subv_end (valid while subv_end_set)
                     SV_LBODY = 5'd10,      // loop_body
                     SV_KEY = 5'd11,        // cta_key (wq_bar_check walks it)
                     // the slot's PC and active set (see pc_q)
                     SV_PC = 5'd12, SV_ACT = 5'd13,
                     SV_LOCAL = 5'd14;      // the CTA's __local block (S2R LOCAL)
    // the bases of S2R GID_X / Y / Z (ctaid.d * ntid.d), in the three words
    // no other variable uses: 7 (the row of PT, which is never stored), 15
    // and 31 (slot 0's global words end at 30); the dispatch sweep writes
    // each at zc = its index
    localparam [4:0] SV_GBZ = 5'd7, SV_GBX = 5'd15, SV_GBY = 5'd31;
    reg             sv_rsel;                // read port: variable (1) / predicate (0)
    reg [WID_W-1:0] sv_rslot;
    reg [4:0]       sv_ridx;
    reg             sv_we;                  // variable write
    reg [WID_W-1:0] sv_wslot;
    reg [4:0]       sv_widx;
    reg [31:0]      sv_wdata;
    wire [31:0]     sv_q = pr_q;            // the variable read the cycle before
    wire [SV_AW-1:0] pv_raddr = sv_rsel ? {sv_rslot, sv_ridx}
                                        : {cw, 2'b00, pr_ridx};
    wire [SV_AW-1:0] pv_waddr = sv_we ? {sv_wslot, sv_widx}
                                      : {pr_waddr[PR_AW-1:3], 2'b00, pr_waddr[2:0]};
    // the sequencer never uses a read of the word written in that cycle
    // (simulation poisons such a read, as wq_regfile does)
    (* no_rw_check *)
    reg [31:0]      pvram [0:(1 << SV_AW)-1];
    reg [31:0]      pv_q;
    always @(posedge i_clk) begin
        if (pr_we || sv_we) pvram[pv_waddr] <= sv_we ? sv_wdata : pr_wdata;
        pv_q <= pvram[pv_raddr];
`ifndef SYNTHESIS
        if ((pr_we || sv_we) && pv_raddr == pv_waddr)
            pv_q <= ~pvram[pv_raddr];
`endif
    end
    assign pr_q = pv_q;

    // ---- ALU ---------------------------------------------------------------------------------
    // ALU_LANES physical lanes serve the LANES lanes of a part in APASS
    // passes (aq).  One pass a part: the operand latches hold the part, the
    // row is written at once.  Several: each pass reads its slice of ra
    // (opa) and of rb (used straight from the read port: ST_ALU2 reads it,
    // ST_ALU6 uses it), writes its lanes of rd, and shifts its values into
    // the REG_WRITE beat (o_evr_vals), so the last pass finds the part's
    // record complete; a pass without a selected lane skips its reads (its
    // results are masked off).  SETP's compare bits shift in from the top,
    // ALU_LANES every pass (ST_ALU6, also the passes of a part without a
    // selected lane), so after the 32 threads they are in thread order --
    // a shift register, no write multiplexer: setp_res, or with one ALU
    // lane the ALU's own result register (setp_bits).  SEL's
    // condition is its predicate word itself, kept on the predicate read
    // port through the walk (pr_ridx), through the lane multiplexer.
    wire [AW_-1:0]       alu_res;
    wire [ALU_LANES-1:0] alu_cmp;
    /* verilator lint_off UNUSEDSIGNAL */
    wire [ALU_LANES-1:0] alu_eq;             // (lane 0's only)
    /* verilator lint_on UNUSEDSIGNAL */
    reg                  cas_eq;             // (several passes) CAS: old == b
    wire                 mul_busy;
    wire [AW_-1:0]       alu_a0, alu_b0;     // the instruction's operands
    wire [ALU_LANES-1:0] alu_c0;
    reg  [AW_-1:0]       alu_a, alu_b;
    reg  [ALU_LANES-1:0] alu_c;
    reg  [`WQ_OP_W-1:0]  alu_op;
    wire                 alu_last;
    // ST_ALU6: rotated by a pass, SETP's bits of the pass in at the top
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31+ALU_LANES:0] setp_cat = {alu_cmp, setp_res};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [31:0]          setp_pass = setp_cat[31+ALU_LANES:ALU_LANES];
    // SETP's 32 bits for ST_SETP_W: one ALU lane -- the ALU's result
    // register, which shifts them in itself (wq_alu i_cmp_shift), so
    // setp_res is left unused there; else setp_res
    wire [31:0]          setp_bits;
    // SEL's condition of every thread, and of the part's lanes
    wire [31:0]          sel_cond = (d_selp_pt ? 32'hFFFFFFFF : pr_q) ^ {32{d_fn[3]}};
    wire [LANES-1:0]     cond_p = lanes_of(sel_cond, p);
    wire                 alu_walk = (state == ST_ALU0 || state == ST_ALU0B || state == ST_ALU1 ||
                                     state == ST_ALU2 || state == ST_ALU3 || state == ST_ALU4 ||
                                     state == ST_ALU5 || state == ST_ALU6);
    // multi-cycle operations: MUL / MULHU, DIVU .. REM, and with several passes the
    // shifts (a bit a cycle, wq_alu SERIAL); with several passes every
    // operation but SETP is started and leaves its result in the ALU's
    // result register the cycle after (ST_ALU4 -> ST_ALU6)
    wire                 alu_multi = (d_op == `WQ_OP_MUL || d_op == `WQ_OP_MULHU) ||
                                     (d_op == `WQ_OP_DIVU || d_op == `WQ_OP_DIV ||
                                      d_op == `WQ_OP_REMU || d_op == `WQ_OP_REM) ||
                                     (APASS > 1 && (d_op == `WQ_OP_SHL || d_op == `WQ_OP_SHR ||
                                                    d_op == `WQ_OP_SRA));
    wire                 alu_start = alu_multi || (APASS > 1 && d_op != `WQ_OP_SETP);
    wire                 alu_mem = (APASS > 1) && (state == ST_ML1B || state == ST_ML2);
    // atom_apply() (ATOM: the ALU is otherwise idle) in lane 0: new =
    // op(b, old) -- ADD, MIN..MAXU, AND, OR, XOR are symmetric; EXCH is SEL
    // of b, CAS SEL of c when old == b; an unknown op keeps old (MOV)
    always @(*) begin
        alu_op = d_op;
        alu_a = alu_a0;
        alu_b = alu_b0;
        alu_c = alu_c0;
        if (alu_mem) begin
            // ST_ML1B: ra (opa) + imm (imm from alu_b0); ST_ML2: MOV of
            // the data read (b: the lane of rf_lane, whatever d_bi says)
            alu_op = (state == ST_ML1B) ? `WQ_OP_ADD : `WQ_OP_MOV;
            if (state == ST_ML2) alu_b[31:0] = rf_lane;
        end else if (d_op == `WQ_OP_ATOM) begin
            case (d_fn)
            `WQ_ATOM_ADD:  alu_op = `WQ_OP_ADD;
            `WQ_ATOM_EXCH, `WQ_ATOM_CAS: alu_op = `WQ_OP_SEL;
            `WQ_ATOM_MIN:  alu_op = `WQ_OP_MIN;
            `WQ_ATOM_MAX:  alu_op = `WQ_OP_MAX;
            `WQ_ATOM_MINU: alu_op = `WQ_OP_MINU;
            `WQ_ATOM_MAXU: alu_op = `WQ_OP_MAXU;
            `WQ_ATOM_AND:  alu_op = `WQ_OP_AND;
            `WQ_ATOM_OR:   alu_op = `WQ_OP_OR;
            `WQ_ATOM_XOR:  alu_op = `WQ_OP_XOR;
            default:       alu_op = `WQ_OP_MOV;
            endcase
            alu_b[31:0] = mold;
            // CAS: old == b (several passes: the ALU's own compare of
            // ST_ML8, b in opa against old, kept in cas_eq)
            alu_c[0] = (d_fn != `WQ_ATOM_CAS) || ((APASS > 1) ? cas_eq : (mold == mem_wd));
        end
        // a (one pass a part): CAS's c (rb+1, read in ST_ML5) or ATOM's b
        // (mem_wdata); several passes: opa holds either (see ST_ML8)
        if (APASS == 1 && d_op == `WQ_OP_ATOM)
            alu_a[31:0] = (d_fn == `WQ_ATOM_CAS) ? rf_lane : mem_wd;
    end
    wire [31:0]          atom_new = alu_res[31:0];
    assign mem_wd = (APASS > 1) ? alu_res[31:0] : mem_wdata;
    wq_alu #(.LANES(ALU_LANES), .SERIAL((APASS > 1) ? 1 : 0)) u_alu (
        .i_clk(i_clk), .i_op(alu_op), .i_fn(d_fn), .i_a(alu_a), .i_b(alu_b),
        .i_cond(alu_c), .i_mul_start((state == ST_ALU4 && alu_start) || alu_mem ||
                                     (APASS > 1 && state == ST_ML8B)),
        .i_cmp_shift(state == ST_ALU6 && d_op == `WQ_OP_SETP),
        .o_mul_busy(mul_busy), .o_res(alu_res), .o_cmp(alu_cmp), .o_eq(alu_eq));
    generate if (APASS == 1) begin : alu_wide
        // one pass: the original datapath, no pass multiplexers (aq unused)
        assign alu_a0 = opa;
        assign alu_b0 = opb;
        assign alu_c0 = cond_p;
        assign alu_last = 1'b1;
        assign setp_bits = setp_res;
        wire unused_aq = &{1'b0, aq};
    end else begin : alu_passes
        assign alu_a0 = opa;
        // (ST_ML1B: imm, the offset of the lane's address)
        assign alu_b0 = (d_bi || state == ST_ML1B) ? {ALU_LANES{d_imm}} : rf_rdata;
        assign alu_c0 = cond_p[aq * ALU_LANES +: ALU_LANES];
        assign alu_last = ge_k({26'd0, aq}, APASS - 1);    // aq + 1 >= APASS
        assign setp_bits = (ALU_LANES == 1) ? alu_res[31:0] : setp_res;
        wire unused_opb = &{1'b0, opb};
    end endgenerate

    // ---- warp-slot summaries ----------------------------------------------------------------
    reg [WARPS-1:0] is_free, is_run, blocks_idle;
    reg [6:0]       nfree;
    reg [WID_W-1:0] lowest_free, rr_pick;
    reg             any_run;
    integer s, rr_i;
    /* verilator lint_off UNUSEDSIGNAL */
    integer rr_t;                           // only its low WID_W bits matter
    /* verilator lint_on UNUSEDSIGNAL */
    always @(*) begin
        nfree = 7'd0;
        lowest_free = {WID_W{1'b0}};
        for (s = WARPS - 1; s >= 0; s = s - 1) begin
            is_free[s] = (w_state[s] == `WQ_WS_FREE);
            is_run[s] = (w_state[s] == `WQ_WS_RUN);
            blocks_idle[s] = is_run[s] || (w_state[s] == `WQ_WS_BAR) ||
                             (w_state[s] == `WQ_WS_TRAP && recoverable(w_trap[s]));
            if (is_free[s]) lowest_free = s[WID_W-1:0];
        end
        for (s = 0; s < WARPS; s = s + 1)
            nfree = nfree + {6'd0, is_free[s]};
        any_run = |is_run;
        // round robin: first RUN slot at or after rr
        rr_pick = rr;
        rr_i = {{(32-WID_W){1'b0}}, rr};
        rr_t = 0;
        for (s = 2 * WARPS - 1; s >= 0; s = s - 1)
            if (le_k(rr_i, s) && (s < WARPS || ge_k(rr_i, s - WARPS + 1)) &&
                is_run[s % WARPS]) begin       // rr <= s < rr + WARPS
                rr_t = s % WARPS;
                rr_pick = rr_t[WID_W-1:0];
            end
    end
    wire disp_ok = g_valid && ({1'b0, nfree} >= {2'b0, g_warps});
    assign o_can_launch  = !g_valid;
    assign o_engine_idle = !g_valid && !(|blocks_idle);
    assign o_ev_req = (state == ST_IDLE) && !csr_pend && (disp_ok || any_run);

    // wq_bar_check() for bc_key: blocked by a warp that can still arrive.
    // The keys are variable words, compared one slot a cycle (slot bi's key
    // on sv_q); bc_wait / bc_block collect the slots before bi
    reg  [WID_W-1:0] bi;
    reg  [WARPS-1:0] bc_waitr;
    reg              bc_blockr;
    wire [3:0]       bi_state = w_state[bi];
    wire             bi_key   = (sv_q == bc_key);
    wire             bi_block = bi_key && (bi_state == `WQ_WS_RUN ||
                                           (bi_state == `WQ_WS_TRAP && recoverable(w_trap[bi])));
    wire             bc_block = bc_blockr || bi_block;
    wire [WARPS-1:0] bc_wait  = bc_waitr | ({{(WARPS-1){1'b0}}, bi_key && (bi_state == `WQ_WS_BAR)} << bi);
    wire             bi_last  = ({{(32-WID_W){1'b0}}, bi} == WARPS - 1);
    reg [WID_W-1:0] bc_low;
    always @(*) begin
        bc_low = {WID_W{1'b0}};
        for (s = WARPS - 1; s >= 0; s = s - 1)
            if (bc_wait[s]) bc_low = s[WID_W-1:0];
    end

    // ---- yield policy (yield_fires) -------------------------------------------------------------
    // from the slot's SV_YLD word, on the read port through a YIELD
    // (a slot's policy never changes: EVERY_N keeps its count where LFSR
    // keeps its register, so the write-back is one form)
    wire [7:0]  y_param = sv_q[31:24];
    wire [7:0]  y_count = sv_q[7:0];
    wire [15:0] y_lfsr  = sv_q[15:0];
    reg        y_fires;
    reg [15:0] y_next;
    reg [8:0]  y_n, y_c;
    always @(*) begin
        y_n = (y_param != 8'd0) ? {1'b0, y_param} : `WQ_YEVERY_N_ZERO;
        y_c = {1'b0, y_count} + 9'd1;
        y_fires = 1'b0;
        y_next = 16'd0;
        case (w_ypol[cw])
        `WQ_YP_EVERY_N: begin
            y_fires = (y_c >= y_n);
            y_next = y_fires ? 16'd0 : {7'd0, y_c};
        end
        `WQ_YP_LFSR: begin
            y_next = (y_lfsr >> 1) ^ (y_lfsr[0] ? LFSR_TAPS : 16'd0);
            y_fires = ({1'b0, y_next[7:0]} < {1'b0, y_param});
        end
        default: ;
        endcase
    end

    // (the SV_YLD word stays on the read port from ST_GUARD through
    // ST_Y2, nothing writes it before ST_Y2's write-back: the policy's
    // decision and next state are wires of it, not copies)
    wire        y_fire = y_fires;
    wire [15:0] y_ns   = y_next;

    // ---- per-lane combinational views of the read rows --------------------------------------
    // branch_groups: a lane's target tgt[] is bg_uni (TG_UNI), PC + 1 + ra
    // (TG_BRX) or ra (TG_REG); instead of forming it in every lane, each
    // lane compares its ra with one key, tgt == bg_t <=> ra == bg_t - (PC + 1)
    // for TG_BRX (mod 2^PCW); RET's link test (ST_RET4) shares the compare
    wire [PCW-1:0] bg_key   = (state == ST_RET4) ? rtok_addr :
                              (bg_mode == TG_BRX) ? bg_t - fall : bg_t;
    wire           bg_f_eq  = (fall == bg_t);          // unselected lanes: PC + 1
    wire           bg_u_eq  = (bg_uni == bg_t);
    reg            c_eq;
    reg [PCW-1:0] c_rv;
    reg [4:0]     c_gl;
    reg [LANES-1:0] bg_match, ret_match, mis_lane;
    integer l;
    always @(*) begin
        for (l = LANES - 1; l >= 0; l = l - 1) begin
            c_rv = rf_wide[l*32 +: PCW];
            c_gl = p[4:0] * LANES6[4:0] + l[4:0];
            // (several ALU passes: the pass walk compared the part)
            c_eq = (APASS == 1) ? (c_rv == bg_key) : pw_bits[l];
            // target of lane c_gl: selected -> its own, else fall-through
            bg_match[l] = bg_rem[c_gl] &&
                          (sel[c_gl] ? ((bg_mode == TG_UNI) ? bg_u_eq : c_eq) : bg_f_eq);
            ret_match[l] = rcand[c_gl] && c_eq;
            mis_lane[l] = sel[c_gl] && ((APASS == 1) ? lane_mis(c_rv[3:0], d_imm[3:0], d_amask) : pw_bits[l]);
        end
    end
    // the thread-state word of lane tl of a walk: parked_at (the walk
    // covers only threads neither active nor exited) and the wake test
    wire [TYW-1:0] c_reason = ts_rdata[PCW +: TYW];
    wire [PCW-1:0] c_wt     = ts_rdata[PCW-1:0];
    wire           pk_match = (c_reason == `WQ_TOK_SUBV) && (pk_any || c_wt == pk_addr);
    wire           wk_match = (c_reason == dqr_token[`WQ_TF_TYPE_RANGE]) &&
                              (c_wt == dqr_token[`WQ_TF_ADDR_RANGE]);
    wire [31:0]    tl_bit   = 32'd1 << tl;
    // the lane tested is parked there / waits on the popped token; with
    // SEQ_WALK every lane is tested in order, so the result shifts into pk
    // from the top (lane l in bit l after the 32nd) instead of setting bit tl
    wire           pk_hit   = tw_v && pk_match;
    wire           wk_hit   = tw_v && wk_match;
    wire           tw_test  = (tc != 6'd0);     // (SEQ_WALK) lane tc - 1 is on the port

    // lowest part above subv_part with waiting threads (subv_next_part)
    reg [5:0] np_k;
    reg       np_found;
    always @(*) begin
        np_k = 6'd0;
        np_found = 1'b0;
        for (s = PARTS - 1; s >= 0; s = s - 1)
            if (!ge_k({26'd0, w_spart[cw]}, s) && (pk & pmask(s[5:0])) != 0) begin
                np_k = s[5:0];
                np_found = 1'b1;
            end
    end
    // first part with an active thread (SUBV_START)
    reg [5:0] ss_k;
    always @(*) begin
        ss_k = PARTS6;
        for (s = PARTS - 1; s >= 0; s = s - 1)
            if ((act & pmask(s[5:0])) != 0) ss_k = s[5:0];
    end

    // S2R value of thread lane lnp of the walk (exec_alu.c sreg); the
    // slot's fields come from the variable word s2r_idx, which stays on the
    // read port through the instruction (TID_X/Y/Z: SV_TXYZ, loaded into
    // the walk registers at ST_EXEC; GID_X/Y/Z: SV_TXYZ, then the base)
    reg [31:0] sr_val;
    reg [4:0]  s2r_idx;
    wire [4:0] s2r_lane = lnp[4:0];
    // (the decoder refuses an unknown register: the low 5 bits say which)
    wire [31:0] sr_sel = {27'd0, d_imm[4:0]};
    // GID_d: the slot's base word (SV_GB*) + the walk's coordinate, one
    // adder; GID reads SV_TXYZ until ST_EXEC has it (the walk registers), then
    // its base word, on the port from ST_S2R1 on (the read's cycle of latency)
    wire gid_base = (state == ST_EXEC) || (state == ST_S2R1) || (state == ST_S2R3) ||
                    (state == ST_S2R2);
    wire [10:0] gid_t = (sr_sel == `WQ_SR_GID_X) ? tx : (sr_sel == `WQ_SR_GID_Y) ? ty : tz;
    wire [25:0] gid_v = sv_q[25:0] + {15'd0, gid_t};
    always @(*) begin
        case (sr_sel)
        `WQ_SR_TID_X:    sr_val = {21'd0, tx};
        `WQ_SR_TID_Y:    sr_val = {21'd0, ty};
        `WQ_SR_TID_Z:    sr_val = {21'd0, tz};
        `WQ_SR_NTID_X:   sr_val = {21'd0, w_ntid0[cw]};
        `WQ_SR_NTID_Y:   sr_val = {21'd0, w_ntid1[cw]};
        `WQ_SR_NTID_Z, `WQ_SR_CTAID_X, `WQ_SR_CTAID_Z, `WQ_SR_NCTAID_X:
                         sr_val = {16'd0, sv_q[15:0]};
        `WQ_SR_CTAID_Y, `WQ_SR_NCTAID_Y, `WQ_SR_NCTAID_Z:
                         sr_val = {16'd0, sv_q[31:16]};
        `WQ_SR_TID:      sr_val = {22'd0, w_wi[cw], s2r_lane};
        `WQ_SR_LANEID:   sr_val = {27'd0, s2r_lane};
        `WQ_SR_WARPID:   sr_val = {27'd0, w_wi[cw]};
        `WQ_SR_PARAM, `WQ_SR_CLOCK, `WQ_SR_CTAFLAT, `WQ_SR_LOCAL:
                         sr_val = sv_q;
        `WQ_SR_NLANES:   sr_val = LANES;
        `WQ_SR_GID_X, `WQ_SR_GID_Y, `WQ_SR_GID_Z:
                         sr_val = {6'd0, gid_v};
        default:         sr_val = 32'd0;
        endcase
        case (sr_sel)
        `WQ_SR_NTID_Z:   s2r_idx = SV_NTID2;
        `WQ_SR_CTAID_X, `WQ_SR_CTAID_Y:   s2r_idx = SV_CTA01;
        `WQ_SR_CTAID_Z, `WQ_SR_NCTAID_Z:  s2r_idx = SV_CTA2;
        `WQ_SR_NCTAID_X, `WQ_SR_NCTAID_Y: s2r_idx = SV_NCTA01;
        `WQ_SR_PARAM:    s2r_idx = SV_PARAM;
        `WQ_SR_CLOCK:    s2r_idx = SV_RET;
        `WQ_SR_CTAFLAT:  s2r_idx = SV_FLAT;
        `WQ_SR_LOCAL:    s2r_idx = SV_LOCAL;
        `WQ_SR_GID_X:    s2r_idx = gid_base ? SV_GBX : SV_TXYZ;
        `WQ_SR_GID_Y:    s2r_idx = gid_base ? SV_GBY : SV_TXYZ;
        `WQ_SR_GID_Z:    s2r_idx = gid_base ? SV_GBZ : SV_TXYZ;
        default:         s2r_idx = SV_TXYZ;
        endcase
    end

    // the word of a CSR access (a debug command starts its gather at DBG_INDEX)
    reg [4:0]  csr_gidx;
    reg        csr_gword;                   // the access writes that word
    reg        csr_gslot;                   // a word of DBG_WARP's slot (else slot 0)
    always @(*) begin
        csr_gword = 1'b1;
        csr_gslot = 1'b0;
        case (csr_addr)
        `WQ_CSR_DBG_PC:       begin csr_gidx = SV_PC; csr_gword = 1'b0; csr_gslot = 1'b1; end
        `WQ_CSR_DBG_ACTIVE:   begin csr_gidx = SV_ACT; csr_gword = 1'b0; csr_gslot = 1'b1; end
        `WQ_CSR_DBG_LO:       csr_gidx = SV_DLO;
        `WQ_CSR_DBG_HI:       csr_gidx = SV_DHI;
        `WQ_CSR_DBG_HEADTAIL: csr_gidx = SV_DHT;
        `WQ_CSR_PERF_INSTR:   begin csr_gidx = SV_PERF; csr_gword = 1'b0; end
        `WQ_CSR_DBG_INDEX:    csr_gidx = SV_DIDX;
        default:              begin csr_gidx = SV_DIDX; csr_gword = 1'b0; end
        endcase
    end

    // ---- variable RAM ports (combinational from the state) -----------------------------------
    // Read: through a YIELD or S2R (from ST_GUARD on) the instruction's
    // word, so ST_EXEC and the states after it see it on sv_q; the fetch
    // reads code_base in ST_IDLE, retire reads the count in ST_RETIRE.
    // Predicates are read in ST_DEC (guard) and by SEL / SETP.
    // Write (slot cw): dispatch writes the new slot's words (ST_D_CLR,
    // ST_D_ZERO's sweep at zc = 16 + word, after its predicate writes),
    // ST_RT1 the CLOCK count, ST_Y2 the yield state.
    always @(*) begin
        sv_rsel = (d_op == `WQ_OP_YIELD) || (d_op == `WQ_OP_S2R) || (d_op == `WQ_OP_SUBV_END);
        sv_rslot = cw;
        sv_ridx = (d_op == `WQ_OP_YIELD) ? SV_YLD : (d_op == `WQ_OP_SUBV_END) ? SV_SEND : s2r_idx;
        case (state)
        ST_IDLE: begin
            sv_rsel = 1'b1;
            sv_rslot = csr_pend ? (csr_gslot ? dw : {WID_W{1'b0}}) : rr_pick;
            sv_ridx = csr_pend ? csr_gidx : SV_PC;
        end
        ST_I1: begin sv_rsel = 1'b1; sv_ridx = SV_CODE; end    // for ST_F0
        // the fetch's first access: the active set (for ST_F1) stays on
        // the port while the access runs
        ST_F0, ST_FH: begin sv_rsel = 1'b1; sv_ridx = SV_ACT; end
        ST_MEM_ISSUE, ST_MEM_WAIT:
            if (ret_mem == ST_F1) begin sv_rsel = 1'b1; sv_ridx = SV_ACT; end
        ST_CSRG: begin                      // the next operand of the command
            sv_rsel = 1'b1;
            sv_rslot = {WID_W{1'b0}};
            sv_ridx = (zc[1:0] == 2'd0) ? SV_DLO : (zc[1:0] == 2'd1) ? SV_DHI : SV_DHT;
        end
        ST_RETIRE: begin sv_rsel = 1'b1; sv_ridx = SV_RET; end
        ST_NP1: begin sv_rsel = 1'b1; sv_ridx = SV_SSTART; end
        ST_NP2: begin sv_rsel = 1'b1; sv_ridx = SV_SEND; end
        ST_PK0, ST_PK1: begin sv_rsel = 1'b1; sv_ridx = SV_LBODY; end  // for ST_RC_L2
        ST_BC: begin sv_rsel = 1'b1; sv_rslot = dq_warp; sv_ridx = SV_KEY; end
        ST_BC1: begin sv_rsel = 1'b1; sv_rslot = {WID_W{1'b0}}; sv_ridx = SV_KEY; end
        ST_BC2: begin sv_rsel = 1'b1; sv_rslot = bi + 1'b1; sv_ridx = SV_KEY; end
        ST_RT1: begin sv_rsel = 1'b1; sv_rslot = {WID_W{1'b0}}; sv_ridx = SV_PERF; end
        ST_DEC, ST_RT2, ST_Y2, ST_D_CLR, ST_D_ZERO: sv_rsel = 1'b0;
        default: ;
        endcase
    end
    reg [31:0] d_svword;                    // dispatch: word zc[3:0] of the new slot
    always @(*) begin
        case ({1'b1, zc[3:0]})
        SV_CODE:   d_svword = g_code;
        SV_PARAM:  d_svword = g_param;
        SV_NCTA01: d_svword = {g_ncta1, g_ncta0};
        SV_CTA01:  d_svword = {g_cy, g_cx};
        SV_CTA2:   d_svword = {g_ncta2, g_cz};
        SV_FLAT:   d_svword = g_next;
        SV_YLD:    d_svword = {g_yparam, 8'd0, (g_ypol != `WQ_YP_LFSR) ? 16'd0 :
                                               (g_seed != 16'd0) ? g_seed : LFSR_DEFAULT};
        SV_NTID2:  d_svword = {21'd0, g_ntid2};
        default:   d_svword = 32'd0;    // SV_RET
        endcase
    end
    always @(*) begin
        sv_we = 1'b0;
        sv_wslot = cw;
        sv_widx = SV_TXYZ;
        sv_wdata = {tz[9:0], ty, tx};
        case (state)
        ST_RST: begin                       // the global words start at 0
            sv_we = (zc[7:4] == 4'd0);
            sv_wslot = {WID_W{1'b0}};
            sv_widx = {1'b1, zc[3:0]};
            sv_wdata = 32'd0;
        end
        ST_D_CLR: sv_we = 1'b1;             // TID of lane 0, before the sweep walks it
        ST_D_ZERO: begin
            sv_we = (zc[7:4] == 4'd1) && ({1'b1, zc[3:0]} != SV_TXYZ) &&
                    ({1'b1, zc[3:0]} <= SV_LAST);
            sv_widx = {1'b1, zc[3:0]};
            sv_wdata = d_svword;
            // (after the 16 + word sweep) key, PC, active, local: words
            // 11 ... 14 at zc = 27 ... 30 (ST_D_WARP set the working copies)
            if (ge_k({24'd0, zc}, 27) && le_k({24'd0, zc}, 30)) begin
                sv_we = 1'b1;
                sv_widx = {2'b01, zc[2:0]};
                case (zc[2:0])
                3'd3:    sv_wdata = cta_seq;
                3'd4:    sv_wdata = {{(32-PCW){1'b0}}, pc_q};
                3'd5:    sv_wdata = act_q;
                default: sv_wdata = g_local;
                endcase
            end
            // the GID bases: words 7, 15, 31 at zc = 7, 15, 31 (no predicate
            // or other variable is written then)
            if (zc == {3'd0, SV_GBZ} || zc == {3'd0, SV_GBX} || zc == {3'd0, SV_GBY}) begin
                sv_we = 1'b1;
                sv_widx = zc[4:0];
                sv_wdata = {6'd0, (zc[4:0] == SV_GBZ) ? g_bz : (zc[4:0] == SV_GBX) ? g_bx : g_by};
            end
        end
        ST_RT1, ST_RT2: begin               // CLOCK count, then PERF_INSTR + 1
            sv_we = 1'b1;
            sv_wslot = (state == ST_RT2) ? {WID_W{1'b0}} : cw;
            sv_widx = (state == ST_RT2) ? SV_PERF : SV_RET;
            sv_wdata = sv_q + 32'd1;
        end
        ST_CSR: begin                       // DBG_INDEX / LO / HI / HEADTAIL write
            sv_we = csr_we && csr_gword && (csr_addr[1:0] == 2'b00);
            sv_wslot = {WID_W{1'b0}};
            sv_widx = csr_gidx;
            sv_wdata = csr_wdata;
        end
        ST_CSR_RD, ST_CSR_RD2: begin        // READ_ENTRY: DBG_LO, then DBG_HI
            sv_we = 1'b1;
            sv_wslot = {WID_W{1'b0}};
            sv_widx = (state == ST_CSR_RD) ? SV_DLO : SV_DHI;
            sv_wdata = (state == ST_CSR_RD) ? dqr_token[31:0] : dqr_token[63:32];
        end
        ST_EXEC: begin                      // SUBV_START / SUBV_END / SUBV_LOOP_BEGIN: NEXT(w)
            sv_widx = (d_op == `WQ_OP_SUBV_START) ? SV_SSTART :
                      (d_op == `WQ_OP_SUBV_END) ? SV_SEND : SV_LBODY;
            sv_wdata = {{(32-PCW){1'b0}}, fall};
            case (d_op)
            `WQ_OP_SUBV_START, `WQ_OP_SUBV_LOOP_BEGIN:
                sv_we = w_subv_en[cw] && !in_subv_region;
            `WQ_OP_SUBV_END:
                sv_we = w_subv_en[cw] && w_subv_on[cw] && (dq_count == w_slevel[cw]) &&
                        !(w_send_set[cw] && sv_q[PCW-1:0] != fall);
            default: ;
            endcase
        end
        ST_END, ST_E1: begin                // the working copies written back
            sv_we = 1'b1;
            sv_widx = (state == ST_END) ? SV_PC : SV_ACT;
            sv_wdata = (state == ST_END) ? {{(32-PCW){1'b0}}, pc_q} : act_q;
        end
        ST_Y2: begin                        // the policy state commits
            sv_we = 1'b1;
            sv_widx = SV_YLD;
            sv_wdata = {sv_q[31:16], y_ns};     // (count or LFSR)
        end
        default: ;
        endcase
    end

    // live threads of warp d_wi of the CTA being started (warp_start)
    wire [10:0] d_left = g_threads - {1'b0, d_wi, 5'd0};
    wire        d_left32 = ge_k({21'd0, d_left}, 32);
    wire [31:0] d_live = d_left32 ? 32'hFFFFFFFF : ~(32'hFFFFFFFF << d_left);
    // thread lane zc of that warp is live (the sweep's thread state: the
    // warp's exited set is ~d_live, compared instead of indexed)
    wire        d_zc_live = d_left32 || (zc[4:0] < d_left[4:0]);    // (else d_left < 32)
    // the sweep row as a register-file address (the RAM may be narrower than 8 bits)
    wire [RF_AW-1:0] zc_row = zc_wide[RF_AW-1:0];
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] zc_wide = {24'd0, zc};
    /* verilator lint_on UNUSEDSIGNAL */
    // register rows of the warp: NREGS beyond REGS are packed into REGS rows
    wire [5:0]  d_nr    = le_k({26'd0, w_nregs[cw]}, REGS) ? w_nregs[cw] : REGS6;
    wire [7:0]  d_rows = {2'b0, d_nr} * PARTS8;
    wire [7:0]  d_sweep = !le_k({24'd0, d_rows}, 32) ? d_rows - 8'd1 : 8'd31;  // max(rows, 32) - 1

    // REG_WRITE beat values: lanes of part pp in mask m, others 0
    function [LANES*32-1:0] beat;
        input [LANES*32-1:0] row;
        input [LANES-1:0]    m;
        integer b;
        begin
            for (b = 0; b < LANES; b = b + 1)
                beat[b*32 +: 32] = m[b] ? row[b*32 +: 32] : 32'd0;
        end
    endfunction

    // ---- function values the sequencer and the port logic use ---------------------------------
    // Every function call stays out of the two big case statements below:
    // Yosys (proc_mux) builds a mux tree across the whole case for each
    // temporary of a function called inside it, which made synthesis of this
    // module take many minutes.
    wire [LANES-1:0]    sel_p    = lanes_of(sel, p);        // selected lanes of part p
    wire [LANES-1:0]    rcand_p  = lanes_of(rcand, p);
    wire [LANES-1:0]    held_p   = lanes_of(held, p);
    wire [LANES*32-1:0] beat_call = beat({LANES{{(32-PCW){1'b0}}, fall}}, sel_p);
    // (one pass a part: the ALU's row; several passes shift their beats
    // into o_evr_vals instead, vals_next)
    wire [LANES*32-1:0] beat_alu  = beat({APASS{alu_res}}, sel_p);
    // a row read back for its record: S2R's part or part p
    // (S2R walks its parts with p too: its part's lanes are sel_p)
    wire [LANES*32-1:0] beat_rb   = beat(rf_wide, sel_p);
    /* verilator lint_off UNUSEDSIGNAL */
    // lowest remaining lane (its part bits unused); with SEQ_WALK the
    // lane ST_BG0 scans up to (bg_c: every lane below it has left bg_rem,
    // since groups form in ascending order of their lowest lane)
    wire [4:0]          bg_l0  = (SEQ_WALK != 0) ? bg_c : ctz(bg_rem);
    // memory lanes not yet served; the next one (one pass a part: the
    // lowest, at once; several: ml itself, a cycle for each unselected lane)
    wire [31:0]         m_left = sel & (32'hFFFFFFFF << ml) & {32{!mend}};
    wire [4:0]          m_l0   = (APASS == 1) ? ctz(m_left) : ml;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [5:0]          bg_l0_part = part_of(bg_l0);
    wire [5:0]          m_l0_part  = part_of(m_l0);
    // one lane of the row just read, through one lane multiplexer: lane ml
    // (memory), lane bg_l0 (branch_groups' first lane), lane lnp (RET's
    // holders; the ra row stays on the read port through ST_RET9)
    wire [LB-1:0]       rf_lix  = (state == ST_RET9) ? lnp[LB-1:0] :
                                  (state == ST_BG1) ? bg_l0[LB-1:0] : ml[LB-1:0];
    wire [31:0]         rf_lane;
    generate if (ALU_LANES == 1) begin : lane_one
        assign rf_lane = rf_rdata;          // the pass is the lane
        wire unused_lix = &{1'b0, rf_lix};
    end else begin : lane_mux
        localparam ALB = $clog2(ALU_LANES);
        assign rf_lane = rf_rdata[rf_lix[ALB-1:0]*32 +: 32];
        wire unused_lix = &{1'b0, rf_lix};
    end endgenerate
    wire [PCW-1:0]      bg_rv0  = rf_lane[PCW-1:0];
    // lane bg_l0's target (ST_BG1 only: a uniform target is set in ST_BG0)
    wire [PCW-1:0]      bg_tgt0 = (bg_mode == TG_BRX) ? fall + bg_rv0 : bg_rv0;
    wire [5:0]          ml_part    = part_of(ml);
    wire [31:0]         pm_np = pmask(np_k);
    wire [31:0]         pm_ss = pmask(ss_k);
    // deque room: 1 at the front (SSY...), ng-1 (branches), ng (CALL), 1 at the back (YIELD)
    wire [6:0]          bg_nm1 = (bg_ng == 6'd0) ? 7'd0 : {1'b0, bg_ng} - 7'd1;
    // one room check serves every state that asks (the state picks the
    // count and the end): SSY... in ST_EXEC, YIELD's push_back in ST_Y1,
    // CALL's ng in ST_CALL1, the branches' ng-1 elsewhere
    wire                pt_front = (state != ST_Y1);
    wire [6:0]          pt_n   = (state == ST_CALL1) ? {1'b0, bg_ng} :
                                 (state == ST_EXEC || state == ST_Y1) ? 7'd1 : bg_nm1;
    wire [7:0]          pt_any = push_trap(pt_front, pt_n, dq_head, dq_tail, dq_log2);
    wire [7:0]          pt_f1  = pt_any;
    wire [7:0]          pt_fg1 = pt_any;
    wire [7:0]          pt_fg  = pt_any;
    wire [7:0]          pt_b1  = pt_any;
    wire                tcode_recov = recoverable(tcode);
    wire [WID_W-1:0]    dw = dbg_warp[WID_W-1:0];           // debug window slot
    wire                dbg_recov = recoverable(w_trap[dw]);
    // register-file and thread-state rows
    // every write but the sweep goes to rd (LD: rd + k) of one part: one
    // row function with its register and part chosen, not one per state
    wire [4:0]          rf_wreg  = d_rd + {2'b0, (state == ST_ML5) ? mk : 3'd0};
    wire [5:0]          rf_wpart = (state == ST_ML5 || state == ST_ML7) ? ml_part : p;
    wire [RF_AW-1:0]    rf_row_w    = rf_row(cw, rf_wreg, rf_wpart, alias_on, w_sbase[cw]);
    wire [RF_AW-1:0]    rf_row_base = rf_row(cw, 5'd0, 6'd0, 1'b0, 5'd0);
    wire [4:0]          ret_gl      = p[4:0] * LANES6[4:0] + lnp[4:0];   // RET9's thread lane

    // ---- pass walk (APASS > 1) ----------------------------------------------------------------
    // A state that needs a whole part of the register file -- the compares
    // of branch grouping (ST_BG2) and of RET's link test (ST_RET3), the
    // alignment check (ST_M0), the read-back of a REG_WRITE record (ST_RB0,
    // ST_S2R3), CALL's link write (ST_CALL2), the dispatch sweep
    // (ST_D_ZERO) -- is held (pw_hold: the sequencer does nothing) while
    // the walk visits the part's passes in order.  A read walk takes APASS
    // + 1 cycles (pass pw is read while pass pw - 1 arrives), a write walk
    // APASS (the state's own cycle writes the last pass).  An arriving pass
    // shifts its compare or misalignment bits into pw_bits (lane l of the
    // part in bit l at the end) and its beat values into o_evr_vals.
    localparam [5:0]     APASS6 = APASS[5:0];
    wire                 p_end = ge_k({26'd0, p}, PARTS);  // p >= PARTS: every part done
    wire                 rb_done = ({2'b0, mk} >= ((d_op == `WQ_OP_LD) ? {2'b0, d_words} : 5'd1));
    wire [LANES-1:0]     bgs_p = lanes_of(bg_rem & sel, p);   // lanes compared
    wire                 pw_rd = (APASS > 1) && (
        (state == ST_BG2 && !p_end && bg_mode != TG_UNI && bgs_p != 0) ||
        (state == ST_RET3 && !p_end && rcand_p != 0) ||
        (state == ST_M0 && !p_end && sel_p != 0) ||
        (state == ST_RB0 && !rb_done && !p_end && sel_p != 0) ||
        (state == ST_S2R3 && sel_p != 0));
    wire                 pw_wr = (APASS > 1) && (
        (state == ST_CALL2 && !p_end && sel_p != 0) ||
        (state == ST_D_ZERO && zc < d_rows));
    wire                 pw_hold = pw_rd ? (pw != APASS6) : pw_wr ? (pw != APASS6 - 6'd1) : 1'b0;
    // the arriving pass (pw - 1): per lane, the misalignment (ST_M0) or the
    // compare with the grouping key (RET: the token's link)
    reg  [ALU_LANES-1:0] pw_cap;
    integer k;
    generate if (ALU_LANES == 1) begin : pw_one
        // one lane: its target itself (bg_tgt0's adder, TG_BRX: PC + 1 +
        // ra) against bg_t, instead of ra against bg_t - (PC + 1) -- no
        // subtractor, and one compare serves RET's link (ra == the token's)
        wire [PCW-1:0] pw_lhs = (state != ST_RET3 && bg_mode == TG_BRX) ? fall + bg_rv0 : bg_rv0;
        wire [PCW-1:0] pw_rhs = (state == ST_RET3) ? rtok_addr : bg_t;
        always @(*)
            pw_cap[0] = (state == ST_M0) ? lane_mis(rf_rdata[3:0], d_imm[3:0], d_amask)
                                         : (pw_lhs == pw_rhs);
    end else begin : pw_lanes
        wire [PCW-1:0] pw_key = (state == ST_RET3) ? rtok_addr : bg_key;
        always @(*)
            for (k = 0; k < ALU_LANES; k = k + 1)
                pw_cap[k] = (state == ST_M0) ? lane_mis(rf_rdata[k*32 +: 4], d_imm[3:0], d_amask)
                                             : (rf_rdata[k*32 +: PCW] == pw_key);
    end endgenerate
    /* verilator lint_off UNUSEDSIGNAL */
    wire [LANES+ALU_LANES-1:0] pw_cat = {pw_cap, pw_bits};
    /* verilator lint_on UNUSEDSIGNAL */
    always @(posedge i_clk) begin
        if (pw_rd)      pw <= (pw == APASS6) ? 6'd0 : pw + 6'd1;
        else if (pw_wr) pw <= (pw == APASS6 - 6'd1) ? 6'd0 : pw + 6'd1;
        else            pw <= 6'd0;
        if (pw_rd && pw != 6'd0)
            pw_bits <= pw_cat[LANES+ALU_LANES-1:ALU_LANES];
        if (i_reset) pw <= 6'd0;
    end
    // REG_WRITE beat of a part, a pass at a time: the values of the pass's
    // selected lanes, 0 in the others, shifted in from the top
    wire [5:0]           vq = (state == ST_ALU6) ? aq : pw_wr ? pw : pw - 6'd1;
    wire [ALU_LANES-1:0] vm = sel_p[vq * ALU_LANES +: ALU_LANES];
    wire [AW_-1:0]       vsrc = (state == ST_ALU6) ? alu_res :
                                (state == ST_CALL2) ? {ALU_LANES{{(32-PCW){1'b0}}, fall}} : rf_rdata;
    reg  [AW_-1:0]       vin;
    always @(*)
        for (k = 0; k < ALU_LANES; k = k + 1)
            vin[k*32 +: 32] = vm[k] ? vsrc[k*32 +: 32] : 32'd0;
    wire                 vals_sh = (APASS > 1) &&
        (state == ST_ALU6 || (pw_wr && state == ST_CALL2) ||
         (pw_rd && pw != 6'd0 && (state == ST_RB0 || state == ST_S2R3)));
    /* verilator lint_off UNUSEDSIGNAL */
    wire [LANES*32+AW_-1:0] vals_cat = {vin, o_evr_vals};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [LANES*32-1:0]  vals_next = vals_cat[LANES*32+AW_-1:AW_];
    // ST_ALU1 / ST_ALU6: the first / next pass has a selected lane
    /* verilator lint_off UNUSEDSIGNAL */
    wire [LANES-1:0]     sel_pn = sel_p >> (({26'd0, aq} + 32'd1) * ALU_LANES);
    /* verilator lint_on UNUSEDSIGNAL */
    wire                 alu_sel0 = (sel_p[ALU_LANES-1:0] != 0);
    wire                 alu_nsel = (sel_pn[ALU_LANES-1:0] != 0);

    // ---- RAM port control (combinational from the state) -------------------------------------
    always @(*) begin
        rf_rbase = d_ra;
        rf_roff = 3'd0;
        rf_rpart = p;
        rf_rpass = 6'd0;
        rf_we = 1'b0;
        rf_waddr = rf_row_w;
        rf_wpass = 6'd0;
        rf_wlane = sel_p;
        rf_wone = 1'b0;
        rf_wrep = 1'b0;
        rf_w32 = 32'd0;
        ts_we = 1'b0;
        ts_waddr = {cw, tw_lane};
        ts_wdata = {dis_reason, dis_addr};
        pr_ridx = d_gp;
        pr_we = 1'b0;
        pr_waddr = {cw, d_rd[2:0]};
        pr_wdata = 32'd0;
        case (state)
        ST_BG0:   rf_rpart = bg_l0_part;
        ST_ML0:   rf_rpart = m_l0_part;
        ST_ML1, ST_ML1B, ST_ML1C: begin rf_rbase = d_rb; rf_roff = mk; rf_rpart = ml_part; end
        ST_ML6:   begin rf_rbase = d_rb; rf_roff = mk; rf_rpart = ml_part; end
        ST_ALU2:  rf_rbase = d_rb;
        ST_RB0:   begin rf_rbase = d_rd; rf_roff = mk; end
        ST_SETP_P: pr_ridx = d_rd[2:0];
        ST_DIS1:  ts_we = (SEQ_WALK == 0) || tw_in;    // lane tw_lane of the mask
        ST_RET9:  begin
            ts_we = held[ret_gl];
            ts_waddr = {cw, ret_gl};
            ts_wdata = {`WQ_TOK_CALL, rf_lane[PCW-1:0]};
        end
        ST_D_ZERO: begin
            // zero the warp's registers (warp_start's memset), its thread
            // state (absent threads exited) and its predicates
            rf_we = (zc < d_rows);
            rf_waddr = rf_row_base + zc_row;
            rf_wlane = {LANES{1'b1}};
            rf_wone = 1'b1;
            rf_wrep = 1'b1;                 // rf_w32 = 0
            // (the sweep covers at least the 32 thread lanes)
            ts_we = !ge_k({24'd0, zc}, 32);
            ts_waddr = {cw, zc[4:0]};
            ts_wdata = {(d_zc_live ? `WQ_TOK_SYNC : `WQ_TOK_EXIT), {PCW{1'b0}}};
            pr_we = !ge_k({24'd0, zc}, 7);
            pr_waddr = {cw, zc[2:0]};
        end
        ST_ALU6: begin                      // every pass writes its lanes
            rf_we = (d_op != `WQ_OP_SETP);
            rf_wlane = sel_p;               // (of the pass rf_wpass)
        end
        ST_S2R1: begin
            // S2R: thread lane lnp (lane lnp % LANES of part p), if
            // selected (one ALU lane: the pass is the lane, rf_wlq picks
            // its selection bit as ST_ALU6's does)
            rf_we = (ALU_LANES == 1) || sel_p[lnp[LB-1:0]];
            rf_wlane = {{(LANES-1){1'b0}}, 1'b1} << lnp[LB-1:0];
            rf_wone = (ALU_LANES != 1);
            rf_wrep = 1'b1;
            rf_w32 = sr_val;
        end
        ST_S2R3:  rf_rbase = d_rd;          // read back for the record (part p)
        ST_CALL2: begin
            rf_we = !p_end && (sel_p != 0);
            rf_wrep = 1'b1;
            rf_w32 = {{(32-PCW){1'b0}}, fall};
        end
        ST_ML5: begin
            // LD: one lane of rd+k
            rf_we = (d_op == `WQ_OP_LD);
            // ATOM: read CAS's c (rb+1) of the lane for ST_ML8
            rf_rbase = d_rb;
            rf_roff = 3'd1;                 // (rb + 1)
            rf_rpart = ml_part;
            rf_wlane = {{(LANES-1){1'b0}}, 1'b1} << ml[LB-1:0];
            rf_wone = 1'b1;
            rf_wrep = 1'b1;
            rf_w32 = lsu_rdata;
        end
        ST_ML7: begin
            // ATOM: rd of one lane = the old value
            rf_we = 1'b1;               // (mk = 0: rd itself)
            rf_wlane = {{(LANES-1){1'b0}}, 1'b1} << ml[LB-1:0];
            rf_wone = 1'b1;
            rf_wrep = 1'b1;
            rf_w32 = mold;
        end
        ST_SETP_W: begin
            pr_we = 1'b1;
            pr_wdata = (pr_q & ~sel) | (setp_bits & sel);
        end
        default: ;
        endcase
        // SEL's predicate fn & 7, read in ST_ALU0 and kept on the port
        // through the walk (sel_cond)
        if (alu_walk) pr_ridx = d_fn[2:0];
        // the pass of the part an access addresses (one pass a part: 0)
        case (state)
        ST_BG0:   rf_rpass = pass_of({1'b0, bg_l0});
        ST_ML0:   rf_rpass = pass_of({1'b0, m_l0});
        ST_ML1, ST_ML1B, ST_ML1C, ST_ML6: rf_rpass = pass_of({1'b0, ml});
        ST_RET9:  rf_rpass = pass_of(lnp + 6'd1);   // the lane after lnp
        ST_ALU2:  rf_rpass = aq;                    // rb
        ST_ALU6:  begin rf_rpass = aq + 6'd1; rf_wpass = aq; end   // ra of the next pass
        ST_S2R1:  rf_wpass = pass_of(lnp);
        ST_ML5:   begin rf_rpass = pass_of({1'b0, ml}); rf_wpass = pass_of({1'b0, ml}); end
        ST_ML7:   rf_wpass = pass_of({1'b0, ml});
        default: ;
        endcase
        if (pw_rd) rf_rpass = pw;
        if (pw_wr) rf_wpass = pw;
    end

    // one record (the model's wq_trace_rec_t) on o_evr_*, unit = current warp
`define WQS_EV(k, au, pcv, m, av, bv, cv) begin \
        o_evr_valid <= 1'b1; o_evr_kind <= (k); o_evr_unit <= {{(8-WID_W){1'b0}}, cw}; \
        o_evr_aux <= (au); o_evr_pc <= (pcv); o_evr_mask <= (m); o_evr_a <= (av); \
        o_evr_b <= (bv); o_evr_c <= (cv); o_evr_part <= 5'd0; end
    // wq_set_pc_mask(): MASK_PC with the old PC, then the new PC and mask
`define WQS_SETPC(npc, nact) begin \
        `WQS_EV(`WQ_EV_MASK_PC, 16'd0, {{(32-PCW){1'b0}}, pc_q}, (nact), \
                {{(32-PCW){1'b0}}, (npc)}, 64'd0, 64'd0) \
        pc_q <= (npc); act_q <= (nact); end
    // call a subroutine state with a return state
`define WQS_CALL(st, rreg, rst) begin state <= (st); rreg <= (rst); end
// (op: the command, which dqc_op decodes from the return state rst)
`define WQS_DQ(op, rst) begin `WQS_CALL(ST_DQ_ISSUE, ret_mem, rst) end
`define WQS_TRAP(code) begin tcode <= (code); state <= ST_TRAP; end
`define WQS_BG(emit, act, sm, mode, uni, rst) begin \
        bg_emit <= (emit); bg_rem <= (act); /* (sm): sel */ \
        bg_mode <= (mode); bg_ng <= 6'd0; /* (uni): bg_uni */ \
        bg_ft <= fall; bg_c <= 5'd0; `WQS_CALL(ST_BG0, ret_bg, rst) end
`define WQS_DIS(m, why, at, rst) begin \
        dis_mask <= (m); dis_reason <= (why); dis_addr <= (at); \
        `WQS_CALL(ST_DIS0, ret_sub, rst) end
`define WQS_PUSH(ty, m, at, rst) begin \
        dis_reason <= (ty); dis_mask <= (m); dis_addr <= (at); \
        `WQS_CALL(ST_PUSH, ret_sub, rst) end
`define WQS_PARKED(at, any, rst) begin \
        pk_addr <= (at); pk_any <= (any); pk <= 32'd0; pk_w0_ok <= 1'b0; p <= PARTS6; \
        `WQS_CALL(ST_PK0, ret_sub, rst) end

    // token type of a region instruction
    reg [TYW-1:0] region_type;
    always @(*) begin
        case (d_op)
        `WQ_OP_PBRK, `WQ_OP_BRK:   region_type = `WQ_TOK_BRK;
        `WQ_OP_PCONT, `WQ_OP_CONT: region_type = `WQ_TOK_CONT;
        default:                   region_type = `WQ_TOK_SYNC;
        endcase
    end
    wire in_subv_region = w_subv_on[cw] || w_loop_on[cw];
    // the immediate target (SSY..., SYNC..., SUBV_LOOP_END): bg_uni, which
    // differs from it only for BRA, so dis_addr and pc_q have one source
    // less
    wire [PCW-1:0] imm_pc = bg_uni;
    wire [31:0] act = act_q;
    wire [31:0] s0 = w_s0h[cw] ? {w_s0v[cw], 16'd0} : {16'd0, w_s0v[cw]};
    // A parked set is woken where the active set is empty (a reconvergence,
    // wq_subv_next_part after its wq_disable, SUBV_LOOP_END's second pass
    // after its own) or joins it (SUBV_LOOP_END's back set): one value,
    // act | parked, serves every such wq_set_pc_mask; wq_subv_next_part
    // wakes the parked threads of part np_k only
    wire [31:0] pk_wake = act | (pk & ((state == ST_NP2) ? pm_np : 32'hFFFFFFFF));
    // the active threads a sub-vector wq_disable parks: all (ST_NP0),
    // all but part ss_k (SUBV_START), the high half (SUBV_LOOP_BEGIN), the
    // low half (SUBV_LOOP_END's second pass, ST_LE1): one value, act & keep
    reg [31:0] dm_keep;
    always @(*) begin
        case (state)
        ST_EXEC: dm_keep = (d_op == `WQ_OP_SUBV_START) ? ~pm_ss : 32'hFFFF0000;
        ST_LE1:  dm_keep = 32'h0000FFFF;
        default: dm_keep = 32'hFFFFFFFF;
        endcase
    end
    wire [31:0] dm_act = act & dm_keep;
    wire [31:0] bg_as = act & sel;          // an emitting grouping's selection


    // ---- the sequencer ---------------------------------------------------------------------------
    integer i;
    always @(posedge i_clk) begin
        o_step_valid <= 1'b0;
        o_step_more <= 1'b0;
        o_evr_valid <= 1'b0;
        o_csr_ack <= 1'b0;
        o_irq_trap <= 1'b0;
        if (i_csr_valid) begin
            csr_pend <= 1'b1;
            csr_we <= i_csr_we;
            csr_addr <= i_csr_addr;
            csr_wdata <= i_csr_wdata;
        end
        // a grid arrives in the host's grant (the host checked it)
        if (i_launch_valid) begin
            // (the fields stay on the launch port: see g_code)
            g_valid <= 1'b1;
            g_next <= 32'd0;
            g_local <= g_lbase;
            g_cx <= 16'd0; g_cy <= 16'd0; g_cz <= 16'd0;
            g_bx <= 26'd0; g_by <= 26'd0; g_bz <= 26'd0;
            grid_seq <= grid_seq + 32'd1;
        end

        if (pw_hold) begin
            // a pass walk runs (see "pass walk"): the state waits for it
        end else
        case (state)
        // ---------------------------------------------------------------- idle
        ST_RST: begin                       // (the port logic zeroes the global words)
            if (!zc[4]) zc <= zc + 8'd1;
            if (dq_ready && zc[4]) state <= ST_IDLE;
        end
        ST_POST: state <= ST_IDLE;
        ST_IDLE: begin
            // (the port reads the PC of the slot to issue, or the CSR
            // access's word)
            if (csr_pend) begin
                dq_dbg <= 1'b1;
                zc <= 8'd0;
                // (the port reads the access's word, or DBG_INDEX)
                state <= (csr_we && csr_addr == `WQ_CSR_DBG_CMD) ? ST_CSRG : ST_CSR;
            end else if (i_ev_gnt && o_ev_req) begin
                if (disp_ok) begin
                    // wq_step_dispatch: a new barrier group, warps in order
                    cta_seq <= cta_seq + 32'd1;
                    d_wi <= 5'd0;
                    tx <= 11'd0; ty <= 11'd0; tz <= 11'd0;
                    state <= ST_D_WARP;
                end else begin
                    // wq_step_warp: the working copies, then fetch 2 words
                    // at code_base + 8 * pc
                    cw <= rr_pick;
                    state <= ST_I1;         // PC read
                end
            end
        end

        ST_I1: begin                        // PC on the read port, code_base read
            pc_q <= sv_q[PCW-1:0];
            ipc <= sv_q[PCW-1:0];
            state <= ST_F0;
        end

        // --------------------------------------------------- generic sub-steps
        ST_DQ_ISSUE: if (dq_ready) state <= ST_DQ_WAIT;
        ST_DQ_WAIT: if (dq_rvalid) begin
            dqr_token <= dq_token;
            dqr_found <= dq_found;
            dqr_empty <= dq_empty;
            dqr_index <= dq_index;
            state <= ret_mem;
        end
        ST_MEM_ISSUE: state <= ST_MEM_WAIT;
        ST_MEM_WAIT: if (lsu_done) state <= ret_mem;

        // wq_disable(mask, reason, addr)
        ST_DIS0: begin
            if (dis_mask == 32'd0) state <= ret_sub;
            else begin
                `WQS_EV(`WQ_EV_THREAD_STATE, {12'd0, dis_reason}, {{(32-PCW){1'b0}}, ipc},
                        dis_mask, {{(32-PCW){1'b0}}, dis_addr}, 64'd0, 64'd0)
                act_q <= act & ~dis_mask;
                if (dis_reason == `WQ_TOK_EXIT) w_exited[cw] <= w_exited[cw] | dis_mask;
                p <= PARTS6;                // where the walk by parts used to end
                tc <= 6'd0;
                state <= ST_DIS1;           // (the walk starts from dis_mask)
            end
        end
        ST_DIS1: begin                      // reason / wait of each masked thread
            if (SEQ_WALK == 0) dis_mask <= tw_next;
            tc <= tc + 6'd1;
            if (tw_last) state <= ret_sub;
        end

        // wq_push_front(type, mask, addr): room was checked by the caller
        ST_PUSH: begin
            // (the command's type, mask, address: dis_*)
            push_head <= dq_head;
            `WQS_DQ(`WQ_DQCMD_PUSH_FRONT, ST_PUSH_R)
        end
        ST_PUSH_R: begin
            `WQS_EV(`WQ_EV_DQ_PUSH_FRONT, 16'd0, {{(32-PCW){1'b0}}, ipc}, dis_mask,
                    {{(32-DW){1'b0}}, push_head}, dqr_token, 64'd0)
            state <= ret_sub;
        end

        // parked_at(addr, any): threads parked by the sub-vector machinery
        // (only threads neither active nor exited can be parked)
        ST_PK0: begin
            dis_mask <= ~(act | ex_q) & (pk_any ? s0 : 32'hFFFFFFFF);
            tw_v <= 1'b0;
            tc <= 6'd0;
            state <= ST_PK1;
        end
        ST_PK1: begin                       // test lane tl, read the next one
            if (SEQ_WALK != 0) begin
                if (tw_test) pk <= {pk_hit, pk[31:1]};
            end else if (pk_hit) pk <= pk | tl_bit;
            if (pk_hit) begin
                if (pk_any && !pk_w0_ok) begin
                    pk_addr <= c_wt;        // (pk_w0) the lowest parked lane in s0
                    pk_w0_ok <= 1'b1;
                end
            end
            if (tw_more) begin
                if (SEQ_WALK == 0) begin
                    tl <= tw_lane;
                    dis_mask <= tw_next;
                end
                tw_v <= (SEQ_WALK == 0) || tw_in;
                tc <= tc + 6'd1;
            end else state <= ret_sub;
        end

        // wq_bar_check(key of slot dq_warp: cw, or DBG_WARP in a CSR step)
        ST_BC: state <= ST_BC1;             // the key read
        ST_BC1: begin                       // slot 0's key read
            bc_key <= sv_q;
            bi <= {WID_W{1'b0}};
            bc_waitr <= {WARPS{1'b0}};
            bc_blockr <= 1'b0;
            state <= ST_BC2;
        end
        ST_BC2: if (!bi_last) begin         // slot bi's key on sv_q, slot bi + 1's read
            bc_waitr <= bc_wait;
            bc_blockr <= bc_block;
            bi <= bi + 1'b1;
        end else begin
            if (!bc_block && bc_wait != 0) begin
                for (i = 0; i < WARPS; i = i + 1)
                    if (bc_wait[i]) w_state[i] <= `WQ_WS_RUN;
                `WQS_EV(`WQ_EV_BAR_RELEASE, 16'd0, 32'd0, 32'd0, bc_key,
                        {{(64-WARPS){1'b0}}, bc_wait}, 64'd0)
                o_evr_unit <= {{(8-WID_W){1'b0}}, bc_low};
            end
            state <= ret_sub;
        end

        // ---------------------------------------------- branch_groups / group_count
        // Groups in ascending order of their lowest lane; a group is every
        // remaining lane with the target of the lowest remaining lane.
        ST_BG0: begin
            if (bg_rem == 32'd0) begin
                if (!bg_emit) state <= ret_bg;
                else begin
                    // the first path continues (or nobody: PC+1, mask 0):
                    // the groups split the active set and every other
                    // group was disabled, so the first path is what is
                    // still active (with no group bg_ft is still PC+1)
                    `WQS_SETPC(bg_ft, act)
                    state <= ret_bg;
                end
            end else if (SEQ_WALK != 0 && !bg_rem[bg_c]) begin
                bg_c <= bg_c + 5'd1;        // (SEQ_WALK) not yet at the lowest lane
            end else begin
                // (the walk's first part; ST_BG1 keeps it: bg_rem is
                // unchanged there, and ST_BG1's read is not used)
                p <= bg_l0_part;
                bg_gm <= 32'd0;
                if (!sel[bg_l0]) begin dis_addr <= fall; state <= ST_BG2; end
                else if (bg_mode == TG_UNI) begin dis_addr <= bg_uni; state <= ST_BG2; end
                else state <= ST_BG1;       // read the lane's register
            end
        end
        ST_BG1: begin
            dis_addr <= bg_tgt0;            // (bg_t)
            state <= ST_BG2;
        end
        ST_BG2: state <= p_end ? ST_BG4 : ST_BG3;   // read ra part p
        ST_BG3: begin
            bg_gm <= bg_gm | ({{(32-LANES){1'b0}}, bg_match} << (p * LANES));
            p <= p + 6'd1;
            state <= ST_BG2;
        end
        ST_BG4: begin
            bg_rem <= bg_rem & ~bg_gm;
            bg_ng <= bg_ng + 6'd1;
            if (!bg_emit) state <= ST_BG0;
            else if ((bg_as != 0) ? ((bg_gm & bg_as & ~(bg_as - 32'd1)) != 0)
                                    : (bg_ng == 6'd0)) begin
                bg_ft <= bg_t;              // (the first path: stays active)
                state <= ST_BG0;
            end else
                `WQS_DIS(bg_gm, `WQ_TOK_DIV, bg_t, ST_BG5)
        end
        ST_BG5: `WQS_PUSH(`WQ_TOK_DIV, bg_gm, bg_t, ST_BG0)

        // ------------------------------------------------------- wq_subv_next_part
        ST_NP0: begin
            if (np_at_end) `WQS_DIS(dm_act, `WQ_TOK_SUBV, fall, ST_NP1)    // act
            else state <= ST_NP1;
        end
        ST_NP1: state <= ST_NP1B;           // subv_start read
        ST_NP1B: `WQS_PARKED(sv_q[PCW-1:0], 1'b0, ST_NP2)
        ST_NP2: begin
            if (np_found) begin
                w_spart[cw] <= np_k;
                `WQS_SETPC(pk_addr, pk_wake)        // pk & pm_np; pk_addr = subv_start
                np_res <= 1'b1;
                state <= ret_bg;
            end else begin
                // segment over: everyone parked at its end continues
                w_subv_on[cw] <= 1'b0;
                w_spart[cw] <= 6'd0;
                state <= ST_NP2B;           // subv_end read
            end
        end
        ST_NP2B: `WQS_PARKED(sv_q[PCW-1:0], 1'b0, ST_NP3)
        ST_NP3: begin
            if (!w_send_set[cw] || pk == 32'd0) np_res <= 1'b0;
            else begin
                `WQS_SETPC(pk_addr, pk_wake)    // pk; pk_addr = subv_end
                np_res <= 1'b1;
            end
            state <= ret_bg;
        end

        // ------------------------------------------------------------- dispatch
        ST_D_WARP: begin
            // warp_start(lowest free slot, grid, cta, d_wi, key)
            cw <= lowest_free;
            w_state[lowest_free] <= `WQ_WS_RUN;
            w_init[lowest_free] <= 1'b1;
            pc_q <= g_pc;                   // (the sweep writes the copies)
            act_q <= d_live;
            w_exited[lowest_free] <= ~d_live;
            w_trap[lowest_free] <= `WQ_TRAP_NONE;
            w_nregs[lowest_free] <= g_nregs;
            w_ntid0[lowest_free] <= g_ntid0;
            w_ntid1[lowest_free] <= g_ntid1;
            w_wi[lowest_free] <= d_wi;
            w_subv_en[lowest_free] <= g_subv;
            w_sbase[lowest_free] <= g_sbase;
            w_ypol[lowest_free] <= g_ypol;
            w_subv_on[lowest_free] <= 1'b0;
            w_spart[lowest_free] <= 6'd0;
            w_slevel[lowest_free] <= {DW{1'b0}};
            w_send_set[lowest_free] <= 1'b0;
            w_s0h[lowest_free] <= 1'b0;
            w_s0v[lowest_free] <= 16'd0;
            w_loop_on[lowest_free] <= 1'b0;
            w_llevel[lowest_free] <= {DW{1'b0}};
            // the variable words follow in ST_D_CLR / ST_D_ZERO
            `WQS_EV(`WQ_EV_CTA_START, {11'd0, d_wi}, {{(32-PCW){1'b0}}, g_pc}, d_live,
                    g_next, {32'd0, grid_seq}, 64'd0)
            o_evr_unit <= {{(8-WID_W){1'b0}}, lowest_free};
            state <= ST_D_CLR;
        end
        ST_D_CLR: begin
            dqc_log2 <= g_dlog2;
            zc <= 8'd0;
            `WQS_DQ(`WQ_DQCMD_CLEAR, ST_D_ZERO)
        end
        ST_D_ZERO: begin
            // rows zeroed by the port logic; the TID walk runs 32 lanes on
            // to the next warp's lane 0
            if (!ge_k({24'd0, zc}, 32)) begin
                if (tx + 11'd1 == g_ntid0) begin
                    tx <= 11'd0;
                    if (ty + 11'd1 == g_ntid1) begin ty <= 11'd0; tz <= tz + 11'd1; end
                    else ty <= ty + 11'd1;
                end else tx <= tx + 11'd1;
            end
            zc <= zc + 8'd1;
            if (zc == d_sweep) state <= ST_D_NEXT;
        end
        ST_D_NEXT: begin
            if ({1'b0, d_wi} + 6'd1 < g_warps) begin
                d_wi <= d_wi + 5'd1;
                state <= ST_D_WARP;
            end else begin
                g_next <= g_next + 32'd1;
                g_local <= g_local + g_lsize;
                // the last CTA: every coordinate at its end (the host's
                // checker keeps each dimension in 1..0xFFFF, so ncta is
                // their product and g_next its CTA count) -- no 32-bit compare
                if (g_cx + 16'd1 == g_ncta0 && g_cy + 16'd1 == g_ncta1 &&
                    g_cz + 16'd1 == g_ncta2) g_valid <= 1'b0;
                if (g_cx + 16'd1 == g_ncta0) begin
                    g_cx <= 16'd0;
                    g_bx <= 26'd0;
                    if (g_cy + 16'd1 == g_ncta1) begin
                        g_cy <= 16'd0; g_cz <= g_cz + 16'd1;
                        g_by <= 26'd0; g_bz <= g_bz + {15'd0, g_ntid2};
                    end else begin
                        g_cy <= g_cy + 16'd1;
                        g_by <= g_by + {15'd0, g_ntid1};
                    end
                end else begin
                    g_cx <= g_cx + 16'd1;
                    g_bx <= g_bx + {15'd0, g_ntid0};
                end
                o_step_valid <= 1'b1;
                o_step_kind <= `WQ_STEPK_DISPATCH;
                o_step_id <= 8'd0;
                o_step_res <= `WQ_STEP_DONE;
                state <= ST_POST;
            end
        end

        // ---------------------------------------------- fetch, decode, guard
        ST_F0: begin
            mem_we <= 1'b0;
            mem_addr <= sv_q + {7'd0, ipc, 3'b000};
            if (FAST != 0) state <= ST_FH;  // (the buffer looks it up)
            else `WQS_CALL(ST_MEM_ISSUE, ret_mem, ST_F1)
        end
        ST_FH: begin                        // a hit: the word, the active set
            if (ib_hit) begin
                ir <= ib_data;
                act_q <= sv_q;              // (SV_ACT)
                state <= ST_DEC;
            end else `WQS_CALL(ST_MEM_ISSUE, ret_mem, ST_F1)
        end
        ST_F1: begin
            act_q <= sv_q;                  // (SV_ACT, read during the access)
            ir[31:0] <= mem_rd;
            mem_addr <= mem_addr + 32'd4;
            `WQS_CALL(ST_MEM_ISSUE, ret_mem, ST_F2)
        end
        ST_F2: begin
            ir[63:32] <= mem_rd;
            state <= ST_DEC;
        end
        ST_DEC: begin                       // predicate read issued here
            if (!d_legal) `WQS_TRAP(`WQ_TRAP_ILLEGAL_INSTR)
            else if (d_maxreg >= w_nregs[cw] || (!alias_on && ge_k({26'd0, d_maxreg}, REGS)))
                `WQS_TRAP(`WQ_TRAP_ILLEGAL_REG)
            else state <= ST_GUARD;
        end
        ST_GUARD: begin : guard
            reg [31:0] g, sl;
            g = d_gp_pt ? 32'hFFFFFFFF : pr_q;
            sl = act & (d_gn ? ~g : g);
            if (f_warp) sl = act;
            sel <= sl;
            skip <= !f_warp && (sl == 32'd0);
            state <= (!f_warp && sl == 32'd0) ? ST_RETIRE : ST_EXEC;
        end

        // ---------------------------------------------------------- execute
        ST_EXEC: begin
            p <= 6'd0;
            case (d_op)
            `WQ_OP_EXIT: `WQS_DIS(sel, `WQ_TOK_EXIT, ipc, ST_SS1)
            `WQ_OP_BRA:  `WQS_BG(1'b0, act, sel, TG_UNI, fall + imm_pc, ST_BR1)
            `WQ_OP_JMP:  `WQS_BG(1'b0, act, sel, TG_UNI, imm_pc, ST_BR1)
            `WQ_OP_BRX:  `WQS_BG(1'b0, act, sel, TG_BRX, fall, ST_BR1)
            `WQ_OP_JMX:  `WQS_BG(1'b0, act, sel, TG_REG, fall, ST_BR1)
            `WQ_OP_CALL: `WQS_BG(1'b0, act, sel, TG_UNI, imm_pc, ST_CALL1)
            `WQ_OP_RET: begin
                dis_mask <= 32'd0;          // held
                ri <= dq_head;
                state <= dq_has_type[`WQ_TOK_CALL] ? ST_RET1 : ST_RET5;
            end
            `WQ_OP_SSY, `WQ_OP_PBRK, `WQ_OP_PCONT: begin
                if (pt_f1 != `WQ_TRAP_NONE) `WQS_TRAP(pt_f1)
                else `WQS_PUSH(region_type, sel, imm_pc, ST_REG1)
            end
            `WQ_OP_SYNC, `WQ_OP_BRK, `WQ_OP_CONT: begin
                dis_reason <= region_type;  // (dqc_type, dqc_addr)
                dis_addr <= imm_pc;
                `WQS_DQ(`WQ_DQCMD_FIND, ST_WR1)
            end
            `WQ_OP_YIELD: begin
                if (in_subv_region) `WQS_TRAP(`WQ_TRAP_SUBV_MISUSE)
                else begin
                    if (y_fires) begin
                        dis_reason <= `WQ_TOK_YIELD;    // (dqc_type, dqc_addr:
                        dis_addr <= fall;               // ST_Y2's push_back too)
                        `WQS_DQ(`WQ_DQCMD_FIND, ST_Y1)
                    end else state <= ST_Y2;
                    y_found <= 1'b0;
                end
            end
            `WQ_OP_BAR: begin
                if (in_subv_region) `WQS_TRAP(`WQ_TRAP_SUBV_MISUSE)
                else begin
                    `WQS_SETPC(fall, act)
                    w_state[cw] <= `WQ_WS_BAR;
                    `WQS_CALL(ST_BC, ret_sub, ST_RETIRE)
                end
            end
            `WQ_OP_SUBV_START: begin
                if (!w_subv_en[cw]) begin `WQS_SETPC(fall, act) state <= ST_RETIRE; end
                else if (in_subv_region) `WQS_TRAP(`WQ_TRAP_SUBV_MISUSE)
                else begin
                    w_subv_on[cw] <= 1'b1;
                    w_spart[cw] <= ss_k;
                    w_slevel[cw] <= dq_count;
                    w_send_set[cw] <= 1'b0;
                    `WQS_DIS(dm_act, `WQ_TOK_SUBV, fall, ST_SS1)    // act & ~pm_ss
                end
            end
            `WQ_OP_SUBV_END: begin
                if (!w_subv_en[cw] || !w_subv_on[cw]) begin `WQS_SETPC(fall, act) state <= ST_RETIRE; end
                else if (dq_count != w_slevel[cw]) `WQS_TRAP(`WQ_TRAP_SUBV_MISUSE)
                else if (w_send_set[cw] && sv_q[PCW-1:0] != fall) `WQS_TRAP(`WQ_TRAP_SUBV_MISUSE)   // SV_SEND
                else begin
                    w_send_set[cw] <= 1'b1;
                    np_at_end <= 1'b1;
                    `WQS_CALL(ST_NP0, ret_bg, ST_RETIRE)
                end
            end
            `WQ_OP_SUBV_LOOP_BEGIN: begin
                if (!w_subv_en[cw]) begin `WQS_SETPC(fall, act) state <= ST_RETIRE; end
                else if (in_subv_region) `WQS_TRAP(`WQ_TRAP_SUBV_MISUSE)
                else begin
                    w_loop_on[cw] <= 1'b1;
                    w_llevel[cw] <= dq_count;
                    if (act[15:0] == 16'd0) begin
                        w_s0v[cw] <= 16'd0;
                        `WQS_SETPC(fall, act)
                        state <= ST_RETIRE;
                    end else begin
                        w_s0h[cw] <= 1'b1;      // {act[31:16], 16'd0}
                        w_s0v[cw] <= act[31:16];
                        `WQS_DIS(dm_act, `WQ_TOK_SUBV, fall, ST_SS1)    // {act[31:16], 16'd0}
                    end
                end
            end
            `WQ_OP_SUBV_LOOP_END: begin
                if (!w_subv_en[cw]) begin `WQS_SETPC(fall, act) state <= ST_RETIRE; end
                else if (w_subv_on[cw] || !w_loop_on[cw] || dq_count != w_llevel[cw])
                    `WQS_TRAP(`WQ_TRAP_SUBV_MISUSE)
                else `WQS_PARKED({PCW{1'b0}}, 1'b1, ST_LE1)
            end
            `WQ_OP_SEL: state <= ST_ALU0;
            `WQ_OP_MOV, `WQ_OP_ADD, `WQ_OP_SUB, `WQ_OP_MUL, `WQ_OP_MULHU, `WQ_OP_AND,
            `WQ_OP_OR, `WQ_OP_XOR, `WQ_OP_SHL, `WQ_OP_SHR, `WQ_OP_SRA, `WQ_OP_MIN,
            `WQ_OP_MAX, `WQ_OP_MINU, `WQ_OP_MAXU, `WQ_OP_SETP,
            `WQ_OP_DIVU, `WQ_OP_DIV, `WQ_OP_REMU, `WQ_OP_REM:
                state <= ST_ALU1;           // (every part shifts its bits into setp_res)
            `WQ_OP_S2R: begin
                lnp <= 6'd0;
                tx <= sv_q[10:0]; ty <= sv_q[21:11]; tz <= {1'b0, sv_q[31:22]};   // SV_TXYZ
                state <= ST_S2R1;
            end
            `WQ_OP_LD, `WQ_OP_ST, `WQ_OP_ATOM: state <= ST_M0;
            default: state <= ST_RETIRE;    // NOP, MEMBAR
            endcase
        end


        // BRA / JMP / BRX / JMX: count the groups, check room, then branch
        ST_BR1: begin
            if (pt_fg1 != `WQ_TRAP_NONE) `WQS_TRAP(pt_fg1)
            else `WQS_BG(1'b1, act, sel, bg_mode, bg_uni, ST_RETIRE)
        end

        // CALL: ng-1 DIV + 1 CALL token; link = PC+1; DIV first, then CALL
        ST_CALL1: begin
            if (pt_fg != `WQ_TRAP_NONE) `WQS_TRAP(pt_fg)
            else begin
                p <= 6'd0;
                state <= ST_CALL2;
            end
        end
        ST_CALL2: begin                     // write the link register part by part
            if (p_end) `WQS_BG(1'b1, act, sel, TG_UNI, imm_pc, ST_CALL3)
            else begin
                if (sel_p != 0) begin
                    `WQS_EV(`WQ_EV_REG_WRITE, {11'd0, d_rd}, {{(32-PCW){1'b0}}, ipc}, sel,
                            32'd0, 64'd0, 64'd0)
                    o_evr_part <= p[4:0];
                    o_evr_vals <= beat_call;
                end
                p <= p + 6'd1;
            end
        end
        ST_CALL3: `WQS_PUSH(`WQ_TOK_CALL, sel, fall, ST_RETIRE)

        // RET: threads holding a CALL token for their link wait on it
        ST_RET1: begin
            if (ri <= dq_tail) state <= ST_RET5;
            else begin
                dqc_index <= ri[DQ_LOG2-1:0] - 1'b1;
                `WQS_DQ(`WQ_DQCMD_DBG_READ, ST_RET2)
            end
        end
        ST_RET2: begin
            ri <= ri - 1'b1;
            p <= 6'd0;
            if (dqr_token[`WQ_TF_TYPE_RANGE] != `WQ_TOK_CALL || rcand == 32'd0)
                state <= ST_RET1;
            else state <= ST_RET3;
        end
        ST_RET3: begin                      // read the link register, part p
            if (p_end) state <= ST_RET1;
            else if (rcand_p == 0) p <= p + 6'd1;
            else state <= ST_RET4;
        end
        ST_RET4: begin
            dis_mask <= held | ({{(32-LANES){1'b0}}, ret_match} << (p * LANES));   // held
            p <= p + 6'd1;
            state <= ST_RET3;
        end
        ST_RET5: begin
            `WQS_BG(1'b0, act & ~held, sel & ~held, TG_REG, fall, ST_RET6)
        end
        ST_RET6: begin
            if (pt_fg1 != `WQ_TRAP_NONE) `WQS_TRAP(pt_fg1)
            else begin
                act_q <= act & ~held;       // the holders wait (records in ST_RET9)
                p <= 6'd0;
                state <= ST_RET7;
            end
        end
        ST_RET7: begin                      // each holder waits at its own link
            if (p_end) `WQS_BG(1'b1, act, sel, TG_REG, fall, ST_RETIRE)
            else if (held_p == 0) p <= p + 6'd1;
            else state <= ST_RET8;          // read ra part p
        end
        ST_RET8: begin                      // ra part p on the read port
            lnp <= 6'd0;
            state <= ST_RET9;
        end
        ST_RET9: begin : ret_hold
            reg [4:0] gl;
            gl = p[4:0] * LANES6[4:0] + lnp[4:0];
            if (held[gl]) begin
                `WQS_EV(`WQ_EV_THREAD_STATE, {12'd0, `WQ_TOK_CALL}, {{(32-PCW){1'b0}}, ipc},
                        32'd1 << gl, {{(32-PCW){1'b0}}, rf_lane[PCW-1:0]}, 64'd0, 64'd0)
            end
            if (ge_k({26'd0, lnp}, LANES - 1)) begin    // lnp + 1 >= LANES
                p <= p + 6'd1;
                state <= ST_RET7;
            end else lnp <= lnp + 6'd1;
        end

        // SSY / PBRK / PCONT after the push
        ST_REG1: begin `WQS_SETPC(fall, act) state <= ST_RETIRE; end

        // SYNC / BRK / CONT: wait_region
        // (the found token stays in dqr_* through the counting pass: wr_park
        // = sel & tm; the rest and the goers are then the active set and sel)
        ST_WR1: `WQS_BG(1'b0, act & ~(sel & wr_tm), sel & ~wr_tm, TG_UNI, imm_pc, ST_WR2)
        ST_WR2: begin
            if (pt_fg1 != `WQ_TRAP_NONE) `WQS_TRAP(pt_fg1)
            else `WQS_DIS(sel & wr_tm, region_type, imm_pc, ST_WR3)
        end
        ST_WR3: `WQS_BG(1'b1, act, sel, TG_UNI, imm_pc, ST_RETIRE)

        // YIELD: find + merge, or push_back; the policy state commits on retire
        ST_Y1: begin
            y_found <= dqr_found;
            y_idx <= dqr_index;
            if (!dqr_found && pt_b1 != `WQ_TRAP_NONE) `WQS_TRAP(pt_b1)
            else state <= ST_Y2;
        end
        ST_Y2: begin
            // (the port logic writes the policy state back)
            if (!y_fire) state <= ST_Y5;
            else if (y_found) begin
                dqc_index <= y_idx;
                dis_mask <= sel;            // (dqc_mask)
                `WQS_DQ(`WQ_DQCMD_MERGE, ST_Y3M)
            end else begin
                dis_mask <= sel;            // (type YIELD, address PC+1: ST_EXEC's)
                y_tail <= dq_tail;
                `WQS_DQ(`WQ_DQCMD_PUSH_BACK, ST_Y3B)
            end
        end
        ST_Y3M: begin
            `WQS_EV(`WQ_EV_DQ_MERGE, 16'd0, {{(32-PCW){1'b0}}, ipc}, sel,
                    {{(32-DQ_LOG2){1'b0}}, y_idx}, dqr_token, 64'd0)
            state <= ST_Y4;
        end
        ST_Y3B: begin
            `WQS_EV(`WQ_EV_DQ_PUSH_BACK, 16'd0, {{(32-PCW){1'b0}}, ipc}, sel,
                    {{(32-DW){1'b0}}, y_tail - 1'b1}, dqr_token, 64'd0)
            state <= ST_Y4;
        end
        ST_Y4: `WQS_DIS(sel, `WQ_TOK_YIELD, fall, ST_Y5)
        ST_Y5: begin `WQS_SETPC(fall, act) state <= ST_RETIRE; end

        // sub-vector segment start, loop form (also EXIT's end): the part
        // (half) that runs is what the wq_disable left active (ss_run)
        ST_SS1: begin `WQS_SETPC(fall, act) state <= ST_RETIRE; end
        ST_LE1: begin                       // back = s0 & parked: pk (the walk's)
            if (act[31:16] != 16'd0) begin           // high pass done
                w_loop_on[cw] <= 1'b0;
                `WQS_SETPC(fall, pk_wake)   // act | back
                state <= ST_RETIRE;
            end else if (s0 == 32'd0) begin          // low half only
                w_loop_on[cw] <= 1'b0;
                `WQS_SETPC(fall, act)
                state <= ST_RETIRE;
            end else begin                           // run the high half
                w_s0h[cw] <= 1'b0;          // {16'd0, act[15:0]}
                w_s0v[cw] <= act[15:0];
                                            // (pk = back: le_back, for ST_LE2)
                `WQS_DIS(dm_act, `WQ_TOK_SUBV, fall, ST_LE2)    // {16'd0, act[15:0]}
            end
        end
        ST_LE2: begin `WQS_SETPC(imm_pc, pk_wake) state <= ST_RETIRE; end  // pk

        // ------------------------------------------------- ALU, SETP, SEL, MOV
        ST_ALU0: state <= ST_ALU0B;         // predicate fn & 7 read
        ST_ALU0B: state <= ST_ALU1;         // (on the port from here: sel_cond)
        ST_ALU1: begin                      // read ra, part p (pass 0)
            aq <= 6'd0;
            // (a part without a selected lane: its passes in ST_ALU6,
            // writing nothing, to shift setp_res past its lanes)
            if (p_end) state <= (d_op == `WQ_OP_SETP) ? ST_SETP_P : ST_RETIRE;
            else state <= alu_sel0 ? ST_ALU2 : ST_ALU6;
        end
        ST_ALU2: begin                      // read rb
            opa <= rf_rdata;
            // (several passes: rb goes from the read port to the ALU)
            state <= (APASS == 1) ? ST_ALU3 : alu_start ? ST_ALU4 : ST_ALU6;
        end
        ST_ALU3: begin
            opb <= d_bi ? {ALU_LANES{d_imm}} : rf_rdata;
            state <= ST_ALU4;
        end
        ST_ALU4: state <= alu_multi ? ST_ALU5 : ST_ALU6;
        ST_ALU5: if (!mul_busy) state <= ST_ALU6;
        ST_ALU6: begin
            // SETP's bits of the pass in at the top (one ALU lane: the
            // ALU's result register takes them, i_cmp_shift)
            if (APASS == 1 || ALU_LANES > 1) setp_res <= setp_pass;
            if (!alu_last) begin            // (rd pass written) the next pass
                aq <= aq + 6'd1;
                state <= alu_nsel ? ST_ALU2 : ST_ALU6;
            end else begin
                if (d_op != `WQ_OP_SETP && sel_p != 0) begin
                    `WQS_EV(`WQ_EV_REG_WRITE, {11'd0, d_rd}, {{(32-PCW){1'b0}}, ipc}, sel,
                            32'd0, 64'd0, 64'd0)
                    o_evr_part <= p[4:0];
                    if (APASS == 1) o_evr_vals <= beat_alu; // (several: shifted in)
                end
                p <= p + 6'd1;
                state <= ST_ALU1;
            end
        end
        ST_SETP_P: state <= ST_SETP_W;      // predicate rd read
        ST_SETP_W: begin
            `WQS_EV(`WQ_EV_PRED_WRITE, {11'd0, d_rd}, {{(32-PCW){1'b0}}, ipc}, sel, 32'd0,
                    {32'd0, (pr_q & ~sel) | (setp_bits & sel)}, 64'd0)
            state <= ST_RETIRE;
        end

        // S2R: walk the 32 threads (TID_X/Y/Z by increments), a part at a time
        // (the port logic writes lane lnp's value straight into rd; the
        // record of a part reads the row back)
        ST_S2R1: begin
            if (tx + 11'd1 == w_ntid0[cw]) begin
                tx <= 11'd0;
                if (ty + 11'd1 == w_ntid1[cw]) begin ty <= 11'd0; tz <= tz + 11'd1; end
                else ty <= ty + 11'd1;
            end else tx <= tx + 11'd1;
            if (lnp[LB-1:0] == LANEMASK[LB-1:0]) state <= ST_S2R3;
            else lnp <= lnp + 6'd1;
        end
        ST_S2R3: state <= ST_S2R2;          // rd part read
        ST_S2R2: begin
            if (sel_p != 0) begin
                `WQS_EV(`WQ_EV_REG_WRITE, {11'd0, d_rd}, {{(32-PCW){1'b0}}, ipc}, sel,
                        32'd0, 64'd0, 64'd0)
                o_evr_part <= lnp[4:0] >> LB;
                o_evr_vals <= beat_rb;
            end
            lnp <= lnp + 6'd1;
            // p: the walk's part (lnp / LANES), 0 again at the end as
            // ST_EXEC left it
            p <= (lnp == 6'd31) ? 6'd0 : p + 6'd1;
            state <= (lnp == 6'd31) ? ST_RETIRE : ST_S2R1;
        end

        // -------------------------------------------------- LD, ST, ATOM
        ST_M0: begin                        // alignment of every selected lane
            if (p_end) begin
                ml <= 5'd0;
                mend <= 1'b0;
                state <= ST_ML0;
            end else if (sel_p == 0) p <= p + 6'd1;
            else state <= ST_M1;            // read ra, part p
        end
        ST_M1: begin
            if (mis_lane != 0) `WQS_TRAP(`WQ_TRAP_MISALIGNED)
            else begin
                p <= p + 6'd1;
                state <= ST_M0;
            end
        end
        ST_ML0: begin                       // next lane m_l0 (ascending); read its ra
            if (m_left == 32'd0) begin
                p <= 6'd0;
                mk <= 3'd0;
                state <= (d_op == `WQ_OP_ST) ? ST_RETIRE : ST_RB0;
            end else if (!sel[m_l0]) begin  // (several passes) pass a lane
                ml <= ml + 5'd1;
                mend <= (ml == 5'd31);
            end else begin
                ml <= m_l0;
                mk <= 3'd0;
                state <= ST_ML1;
            end
        end
        ST_ML1: begin                       // address; read rb (+k)
            if (APASS > 1) begin
                opa[31:0] <= rf_lane;       // ra (the ALU's a)
                state <= ST_ML1B;
            end else begin
                mem_addr <= rf_lane + d_imm;
                state <= (d_op == `WQ_OP_LD) ? ST_ML4 : ST_ML2;
            end
        end
        ST_ML1B: state <= ST_ML1C;         // (several passes) the ALU adds
        ST_ML1C: begin                      // its sum
            mem_addr <= alu_res[31:0];
            state <= (d_op == `WQ_OP_LD) ? ST_ML4 : ST_ML2;
        end
        ST_ML2: begin                       // data (several passes: the ALU's result)
            mem_wdata <= rf_lane;
            if (APASS > 1) opa[31:0] <= rf_lane;    // (ATOM's b: the ALU's a in ST_ML8B)
            state <= ST_ML4;
        end
        ST_ML4: begin
            mem_we <= (d_op == `WQ_OP_ST);
            `WQS_CALL(ST_MEM_ISSUE, ret_mem, ST_ML5)
        end
        ST_ML5: begin
            case (d_op)
            `WQ_OP_LD: begin                // rd+k of lane ml written by the port logic
                if ({2'b0, mk} + 5'd1 < {2'b0, d_words}) begin
                    mk <= mk + 3'd1;
                    mem_addr <= mem_addr + 32'd4;
                    state <= ST_ML4;
                end else begin
                    ml <= ml + 5'd1; mend <= (ml == 5'd31);
                    state <= ST_ML0;
                end
            end
            `WQ_OP_ST: begin
                `WQS_EV(`WQ_EV_MEM_WRITE, {11'd0, ml}, {{(32-PCW){1'b0}}, ipc},
                        {28'd0, o_mem_wstrb}, mem_addr, {32'd0, mem_wd}, 64'd0)
                if ({2'b0, mk} + 5'd1 < {2'b0, d_words}) begin
                    mk <= mk + 3'd1;
                    mem_addr <= mem_addr + 32'd4;
                    state <= ST_ML6;
                end else begin
                    ml <= ml + 5'd1; mend <= (ml == 5'd31);
                    state <= ST_ML0;
                end
            end
            default: state <= ST_ML8;       // ATOM: the old value is mold
            endcase
        end
        ST_ML6: begin                       // rb+k read: next word of st.v4
            state <= ST_ML2;
        end
        ST_ML8, ST_ML9: begin               // write only if the value changed
            if (APASS > 1 && state == ST_ML8) begin
                // CAS: c (read in ST_ML5) is the ALU's a, instead of b;
                // the ALU compares b (opa) with old (its b) meanwhile
                if (d_fn == `WQ_ATOM_CAS) opa[31:0] <= rf_lane;
                cas_eq <= alu_eq[0];
                state <= ST_ML8B;
            end else begin
                mem_wdata <= atom_new;      // (the record's new value)
                if (atom_new != mold) begin
                    mem_we <= 1'b1;
                    `WQS_CALL(ST_MEM_ISSUE, ret_mem, ST_ML7)
                end else state <= ST_ML7;
            end
        end
        ST_ML8B: state <= ST_ML9;           // (several passes) the ALU starts
        ST_ML7: begin                       // record; rd of lane ml = old
            `WQS_EV(`WQ_EV_ATOMIC, {3'd0, ml, 4'd0, d_fn}, {{(32-PCW){1'b0}}, ipc},
                    32'd1 << ml, mem_addr, {32'd0, mem_wd}, {32'd0, mold})
            ml <= ml + 5'd1; mend <= (ml == 5'd31);
            state <= ST_ML0;
        end
        ST_RB0: begin                       // REG_WRITE of rd+k, read back
            if (rb_done) state <= ST_RETIRE;
            else if (p_end) begin
                p <= 6'd0;
                mk <= mk + 3'd1;
            end else if (sel_p == 0) p <= p + 6'd1;
            else state <= ST_RB1;
        end
        ST_RB1: begin
            `WQS_EV(`WQ_EV_REG_WRITE, {11'd0, d_rd + {2'b0, mk}}, {{(32-PCW){1'b0}}, ipc},
                    sel, 32'd0, 64'd0, 64'd0)
            o_evr_part <= p[4:0];
            o_evr_vals <= beat_rb;
            p <= p + 6'd1;
            state <= ST_RB0;
        end

        // ------------------------------------------------------ retire, trap
        ST_RETIRE: begin
            `WQS_EV(`WQ_EV_RETIRE, {8'd0, d_op}, {{(32-PCW){1'b0}}, ipc}, sel, 32'd0, ir, 64'd0)
            if (skip || !f_ctrl) pc_q <= fall;
            state <= ST_RT1;
        end
        ST_RT1: state <= ST_RT2;            // CLOCK count + 1 written by the port logic
        ST_RT2: state <= ST_RC;             // PERF_INSTR + 1 likewise
        ST_TRAP: begin                      // wq_warp_trap
            w_state[cw] <= `WQ_WS_TRAP;
            w_trap[cw] <= tcode;
            trap_warp <= {{(32-WID_W){1'b0}}, cw};
            trap_code <= {24'd0, tcode};
            trap_pc <= {{(32-PCW){1'b0}}, pc_q};
            o_irq_trap <= 1'b1;
            `WQS_EV(`WQ_EV_TRAP, {8'd0, tcode}, {{(32-PCW){1'b0}}, pc_q}, act,
                    {24'd0, tcode}, 64'd0, 64'd0)
            if (!tcode_recov) `WQS_CALL(ST_BC, ret_sub, ST_END)
            else state <= ST_END;
        end
        // the working copies written back (PC, active: port logic)
        ST_END: state <= ST_E1;
        ST_E1: begin
            o_step_valid <= 1'b1;
            // a burst goes on while a warp can run and nobody else waits
            // (ST_IDLE then raises o_ev_req under the kept grant); a trap
            // ends it, the host handles the trap through the CSR port
            o_step_more <= (FAST != 0) && !i_ev_wait && any_run &&
                           w_state[cw] != `WQ_WS_TRAP;
            o_step_kind <= `WQ_STEPK_WARP;
            o_step_id <= {{(8-WID_W){1'b0}}, cw};
            o_step_res <= (w_state[cw] == `WQ_WS_TRAP) ? `WQ_STEP_TRAP : `WQ_STEP_DONE;
            rr <= ge_k({{(32-WID_W){1'b0}}, cw}, WARPS - 1) ? {WID_W{1'b0}} : cw + 1'b1;
            state <= ST_POST;
        end

        // ----------------------------------------------------------- reconverge
        ST_RC: state <= (act != 32'd0 || w_state[cw] != `WQ_WS_RUN) ? ST_END : ST_RC1;
        ST_RC1: begin
            if (w_subv_on[cw] && dq_count == w_slevel[cw]) begin
                np_at_end <= 1'b0;
                `WQS_CALL(ST_NP0, ret_bg, ST_RC_NP)
            end else state <= ST_RC_LOOP;
        end
        ST_RC_NP: state <= np_res ? ST_RC : ST_RC_LOOP;
        ST_RC_LOOP: begin                   // wq_loop_run_dry
            if (w_loop_on[cw] && dq_count == w_llevel[cw]) `WQS_PARKED({PCW{1'b0}}, 1'b1, ST_RC_L2)
            else state <= ST_RC_POP;
        end
        ST_RC_L2: begin
            w_s0v[cw] <= 16'd0;
            if (pk == 32'd0) begin          // (s0 & parked: the walk's)
                w_loop_on[cw] <= 1'b0;
                state <= ST_RC_POP;
            end else begin
                if (pk_w0 != sv_q[PCW-1:0]) w_loop_on[cw] <= 1'b0;   // SV_LBODY
                `WQS_SETPC(pk_w0, pk_wake)  // pk
                state <= ST_RC;
            end
        end
        ST_RC_POP: begin
            rc_head <= dq_head;
            `WQS_DQ(`WQ_DQCMD_POP, ST_RC_POPW)
        end
        ST_RC_POPW: begin
            if (dqr_empty) begin
                if ((~ex_q & ~act) != 32'd0) `WQS_TRAP(`WQ_TRAP_ORPHANED)
                else begin                  // wq_warp_finished
                    w_state[cw] <= `WQ_WS_FREE;
                    `WQS_EV(`WQ_EV_WARP_DONE, 16'd0, {{(32-PCW){1'b0}}, pc_q}, 32'd0, 32'd0,
                            64'd0, 64'd0)
                    `WQS_CALL(ST_BC, ret_sub, ST_END)
                end
            end else begin
                dis_mask <= dqr_token[`WQ_TF_MASK_RANGE] & ~ex_q;
                tw_v <= 1'b0;
                tc <= 6'd0;
                pk <= 32'd0;                // wk_acc
                p <= PARTS6;                // where the walk by parts used to end
                state <= ST_RC_WK0;
            end
        end
        ST_RC_WK0: begin                    // test lane tl of the mask, read the next
            if (SEQ_WALK != 0) begin
                if (tw_test) pk <= {wk_hit, pk[31:1]};
            end else if (wk_hit) pk <= pk | tl_bit;
            if (tw_more) begin
                if (SEQ_WALK == 0) begin
                    tl <= tw_lane;
                    dis_mask <= tw_next;
                end
                tw_v <= (SEQ_WALK == 0) || tw_in;
                tc <= tc + 6'd1;
            end else state <= ST_RC_WK2;
        end
        ST_RC_WK2: begin
            `WQS_EV(`WQ_EV_DQ_POP, 16'd0, {{(32-PCW){1'b0}}, pc_q}, pk,
                    {{(32-DW){1'b0}}, rc_head - 1'b1}, dqr_token, 64'd0)
            state <= (pk != 32'd0) ? ST_RC_WK3 : ST_RC;
        end
        ST_RC_WK3: begin
            `WQS_SETPC(dqr_token[`WQ_TF_ADDR_RANGE], pk_wake)   // pk
            state <= ST_RC;
        end

        // ------------------------------------------- CSR: TRAP_*, DBG_*, PERF_INSTR
        ST_CSR: begin : csr
            reg dbg_ok;
            dbg_ok = !ge_k(dbg_warp, WARPS);
            o_csr_err <= 1'b0;
            o_csr_rdata <= 32'd0;
            state <= ST_CSR_ACK;
            if (csr_addr[1:0] != 2'b00) o_csr_err <= 1'b1;
            else if (!csr_we) begin
                case (csr_addr)
                `WQ_CSR_TRAP_WARP:    o_csr_rdata <= trap_warp;
                `WQ_CSR_TRAP_CODE:    o_csr_rdata <= trap_code;
                `WQ_CSR_TRAP_PC:      o_csr_rdata <= trap_pc;
                `WQ_CSR_DBG_WARP:     o_csr_rdata <= dbg_warp;
                `WQ_CSR_DBG_INDEX, `WQ_CSR_DBG_LO, `WQ_CSR_DBG_HI, `WQ_CSR_PERF_INSTR:
                                      o_csr_rdata <= sv_q;
                `WQ_CSR_DBG_CMD:      o_csr_rdata <= 32'd0;
                `WQ_CSR_DBG_HEADTAIL:
                    if (dbg_ok) begin
                        o_csr_rdata[`WQ_CSRF_DBG_HEADTAIL_HEAD_RANGE] <= {{(`WQ_CSRF_DBG_HEADTAIL_HEAD_W-DW){1'b0}}, dq_head};
                        o_csr_rdata[`WQ_CSRF_DBG_HEADTAIL_TAIL_RANGE] <= {{(`WQ_CSRF_DBG_HEADTAIL_TAIL_W-DW){1'b0}}, dq_tail};
                    end
                `WQ_CSR_DBG_PC, `WQ_CSR_DBG_ACTIVE:     // (slot dw's word)
                    if (dbg_ok && w_init[dw]) o_csr_rdata <= sv_q;
                `WQ_CSR_DBG_STATE:
                    if (dbg_ok) begin
                        o_csr_rdata[`WQ_CSRF_DBG_STATE_STATE_RANGE] <= w_state[dbg_warp[WID_W-1:0]];
                        o_csr_rdata[`WQ_CSRF_DBG_STATE_TRAP_RANGE] <= w_trap[dbg_warp[WID_W-1:0]];
                        // the slot's deque size (what a re-centring driver needs)
                        if (w_state[dbg_warp[WID_W-1:0]] != `WQ_WS_FREE)
                            o_csr_rdata[`WQ_CSRF_DBG_STATE_DQ_LOG2_RANGE] <= dq_log2;
                    end
                default:              o_csr_err <= 1'b1;
                endcase
            end else begin
                case (csr_addr)
                `WQ_CSR_TRAP_WARP, `WQ_CSR_TRAP_CODE, `WQ_CSR_TRAP_PC, `WQ_CSR_PERF_INSTR: ;
                `WQ_CSR_DBG_WARP:     dbg_warp <= csr_wdata;
                `WQ_CSR_DBG_INDEX, `WQ_CSR_DBG_LO, `WQ_CSR_DBG_HI, `WQ_CSR_DBG_HEADTAIL: ;
                                    // (written by the port logic)
                `WQ_CSR_DBG_CMD: begin : dbgcmd
                    reg [15:0] h16, t16;
                    // DBG_HEADTAIL on the read port (the gather's last word);
                    // DBG_INDEX, DBG_LO, DBG_HI gathered into dqc_index / dqc_data
                    h16 = sv_q[`WQ_CSRF_DBG_HEADTAIL_HEAD_RANGE];
                    t16 = sv_q[`WQ_CSRF_DBG_HEADTAIL_TAIL_RANGE];
                    dqc_head <= h16[DW-1:0];
                    dqc_tail <= t16[DW-1:0];
                    if (dbg_ok) begin
                        if (csr_wdata[31:8] == 24'd0) case (csr_wdata[7:0])
                        `WQ_DBGCMD_READ_ENTRY:  `WQS_DQ(`WQ_DQCMD_DBG_READ, ST_CSR_RD)
                        `WQ_DBGCMD_WRITE_ENTRY: `WQS_DQ(`WQ_DQCMD_DBG_WRITE, ST_CSR_ACK)
                        `WQ_DBGCMD_SET_HEADTAIL:
                            // outside tail <= head <= depth: ignored (16-bit compare;
                            // depth is 10 bits, so head's top 6 must be 0)
                            if (t16 <= h16 && h16[15:10] == 6'd0 && h16[9:0] <= dq_depth)
                                `WQS_DQ(`WQ_DQCMD_DBG_SET_HEADTAIL, ST_CSR_ACK)
                        `WQ_DBGCMD_RESUME:
                            if (w_state[dbg_warp[WID_W-1:0]] == `WQ_WS_TRAP &&
                                dbg_recov) begin
                                w_state[dbg_warp[WID_W-1:0]] <= `WQ_WS_RUN;
                                w_trap[dbg_warp[WID_W-1:0]] <= `WQ_TRAP_NONE;
                            end
                        `WQ_DBGCMD_KILL:
                            if (w_state[dbg_warp[WID_W-1:0]] == `WQ_WS_TRAP &&
                                !dbg_recov) begin
                                w_state[dbg_warp[WID_W-1:0]] <= `WQ_WS_FREE;
                                w_trap[dbg_warp[WID_W-1:0]] <= `WQ_TRAP_NONE;
                                `WQS_CALL(ST_BC, ret_sub, ST_CSR_ACK)
                            end
                        default: ;
                        endcase
                    end
                end
                default: o_csr_err <= 1'b1;
                endcase
            end
        end
        ST_CSRG: begin                      // DBG_INDEX, DBG_LO, DBG_HI on the read port
            case (zc[1:0])
            2'd0:    dqc_index <= sv_q[DQ_LOG2-1:0];
            2'd1:    dqc_data[31:0] <= sv_q;
            default: dqc_data[63:32] <= sv_q;
            endcase
            zc <= zc + 8'd1;
            if (zc[1:0] == 2'd2) state <= ST_CSR;
        end
        ST_CSR_RD: state <= ST_CSR_RD2;     // DBG_LO <= the entry's low word (port logic)
        ST_CSR_RD2: state <= ST_CSR_ACK;    // DBG_HI <= its high word
        ST_CSR_ACK: begin
            o_csr_ack <= 1'b1;
            csr_pend <= 1'b0;
            dq_dbg <= 1'b0;
            state <= ST_IDLE;
        end
        default: state <= ST_IDLE;
        endcase
        // several ALU passes: REG_WRITE beats are shifted in a pass at a
        // time (vals_sh), the states' whole-row values are not used
        if (APASS > 1) o_evr_vals <= vals_sh ? vals_next : o_evr_vals;

        if (i_reset) begin
            state <= ST_RST;
            csr_pend <= 1'b0;
            dq_dbg <= 1'b0;
            g_valid <= 1'b0;
            grid_seq <= 32'd0;
            cta_seq <= 32'd0;
            rr <= {WID_W{1'b0}};
            trap_warp <= 32'd0; trap_code <= 32'd0; trap_pc <= 32'd0;
            dbg_warp <= 32'd0;
            w_init <= {WARPS{1'b0}};
            zc <= 8'd0;                     // ST_RST's sweep of the global words
            o_step_valid <= 1'b0;
            o_step_more <= 1'b0;
            o_evr_valid <= 1'b0;
            o_csr_ack <= 1'b0;
            o_irq_trap <= 1'b0;
            for (i = 0; i < WARPS; i = i + 1) begin
                w_state[i] <= `WQ_WS_FREE;
                w_trap[i] <= `WQ_TRAP_NONE;
            end
        end
    end
`undef WQS_EV
`undef WQS_SETPC
`undef WQS_CALL
`undef WQS_DQ
`undef WQS_TRAP
`undef WQS_BG
`undef WQS_DIS
`undef WQS_PUSH
`undef WQS_PARKED

`ifdef FORMAL
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    // nothing moves outside the lock: memory, steps and warp records need
    // the grant (records of a CSR access come with it instead)
    always @(*) if (!i_reset && o_mem_valid) assert(state != ST_IDLE && state != ST_CSR);
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && o_step_valid) assert($past(i_ev_gnt) || $past(state) != ST_IDLE);
    // the step sequence ends once, with one step, and waits a cycle
    always @(posedge i_clk)
        if (f_past && $past(o_step_valid)) assert(!o_step_valid && state == ST_IDLE);
    // a burst goes on only with a step to take: a warp can run
    always @(*) if (o_step_more) assert(o_step_valid && o_step_kind == `WQ_STEPK_WARP);
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && $past(o_step_more)) assert(any_run);
    // every push was counted first: the deque never reports a trap
    always @(*) if (dq_rvalid && (dq_rop == `WQ_DQCMD_PUSH_FRONT || dq_rop == `WQ_DQCMD_PUSH_BACK))
        assert(dq_trap == `WQ_TRAP_NONE);
    // only the current warp changes during a warp step
    always @(*) assert(nfree <= WARPS);
    // a free slot holds no thread
    integer fs;
    always @(posedge i_clk)
        if (f_past && !$past(i_reset))
            for (fs = 0; fs < WARPS; fs = fs + 1)
                if (w_state[fs] == `WQ_WS_TRAP) assert(w_trap[fs] != `WQ_TRAP_NONE);
    // a slot in use was started: its PC / active words are written
    // (DBG_PC / DBG_ACTIVE answer from them)
    always @(posedge i_clk)
        if (f_past && !$past(i_reset))
            for (fs = 0; fs < WARPS; fs = fs + 1)
                if (w_state[fs] != `WQ_WS_FREE) assert(w_init[fs]);
    // only a launch makes a grid wait: o_can_launch falls only the cycle
    // after i_launch_valid (wq_host_if's job host_if_launch assumes it)
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && $past(o_can_launch) && !$past(i_launch_valid))
            assert(o_can_launch);
    // covers: the reset sweep ends, a grid is taken (a warp's fetch and
    // retired step lie deeper than a solver reaches on the whole module in
    // minutes; the lockstep benches cover them)
    always @(posedge i_clk)
        if (f_past && !$past(i_reset)) begin
            c_ready:  cover($past(state) == ST_RST && state == ST_IDLE);
            c_launch: cover($past(o_can_launch) && !o_can_launch);
        end
`endif
endmodule
