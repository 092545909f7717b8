// wq_sched_ue.v -- the warp scheduler as firmware on the micro-engine:
// wq_top's scheduler with SCHED_UE=1 (the ports of wq_core without its
// REG_WRITE event slot) for the small configuration's iCE40 UP5K fit
// build: its state is in RAM (the engine's register RAM, the thread RAM),
// not in fabric registers.  docs/rtl/wq_sched_ue.md is the
// design (the token deque lives in firmware, its tokens in the thread RAM
// above the registers: "Token deque in firmware").
//
// What is hardware here: the engine (wq_ue, firmware from ROM_FILE =
// build/gen/sched_fw.hex, fw/sched/*.ues), the LSU, the instruction
// decoder (only its computed summary is read: legal, flags, words,
// maxreg), the thread RAM (coded for SPRAM), the event-record
// registers, and the few flags the firmware cannot keep itself because
// the outside world sets them (launch, CSR request) or reads them every
// cycle (evreq, idle).  Everything else -- warp state, masks, PCs, the
// deque, the step order -- is firmware state in the engine's register RAM.
//
// Every port number and packed field comes from cmodel/spec/ue_sched.def
// (build/gen/wq_ue_sched.vh); the firmware uses the same names through
// build/gen/wq_ue.inc.  The engine waits (i_io_wait) only on the LSU (until
// o_done) and on TQA/TQB (one cycle: the RAM's registered read); every
// other access completes in its first X cycle.
//
// The firmware image is built for the small configuration only
// (fw/sched/config.inc: WARPS=2 LANES=8 REGS=16 DQ_LOG2=4); SEQ_WALK and
// ALU_LANES are accepted and have no effect.
`default_nettype none
`include "wq_defs.vh"
`include "wq_ue_sched.vh"

module wq_sched_ue #(
    parameter WARPS   /* verilator public */ = 8,   // warp slots (= engine pages)
    parameter LANES   /* verilator public */ = 32,  // physical lanes: 8, 16 or 32
    parameter DQ_LOG2 /* verilator public */ = 6,   // deque entries per warp = 2^DQ_LOG2
    parameter REGS    /* verilator public */ = 32,  // registers per thread (16 or 32)
    parameter ALU_LANES /* verilator public */ = LANES, // accepted, no effect
    /* verilator lint_off UNUSEDPARAM */
    parameter SEQ_WALK = (ALU_LANES < LANES) ? 1 : 0,   // accepted, no effect
    /* verilator lint_on UNUSEDPARAM */
    parameter WID_W   = (WARPS > 1) ? $clog2(WARPS) : 1,
    parameter ROM_FILE = "build/gen/sched_fw.hex", // firmware image ($readmemh)
    parameter ROM_AW   = 12,            // engine PC bits (docs/rtl/wq_ue.md)
    parameter ROM_DEPTH = 2560,         // firmware words (<= 2^ROM_AW; 5 EBR-pairs of 512)
    parameter ROT_MUL  = 0,             // wq_ue's rotator: 1 = two multiplies (SB_MAC16)
    parameter DESC_RAM = 0              // 1: the descriptor's words from the host's
                                        // channel RAM (o_ld_rd / i_ld_ack), not i_launch_desc
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    // event lock and step port
    output wire                     o_ev_req,
    input  wire                     i_ev_gnt,
    output wire                     o_step_valid,
    output wire [`WQ_STEPK_W-1:0]   o_step_kind,
    output wire [7:0]               o_step_id,
    output wire [`WQ_STEP_W-1:0]    o_step_res,
    output wire                     o_step_more,    // never: one step a grant
    input  wire                     i_ev_wait,      // (unused: no bursts)
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
    output wire                     o_evr_valid,
    output wire [7:0]               o_evr_kind,
    output wire [7:0]               o_evr_unit,
    output wire [15:0]              o_evr_aux,
    output reg  [31:0]              o_evr_pc,
    output reg  [31:0]              o_evr_mask,
    output reg  [31:0]              o_evr_a,
    output reg  [63:0]              o_evr_b,
    output reg  [63:0]              o_evr_c,
    output wire [4:0]               o_evr_part,
    output reg  [LANES*32-1:0]      o_evr_vals,
    // CSR sub-port
    input  wire                     i_csr_valid,
    input  wire                     i_csr_we,
    input  wire [11:0]              i_csr_addr,
    input  wire [31:0]              i_csr_wdata,
    output wire                     o_csr_ack,
    output wire [31:0]              o_csr_rdata,
    output wire                     o_csr_err,
    // host interface
    output wire                     o_engine_idle,
    output wire                     o_can_launch,
    input  wire                     i_launch_valid,
    input  wire [31:0]              i_launch_addr,
    input  wire [16*32-1:0]         i_launch_desc,
    input  wire [31:0]              i_launch_ncta,
    input  wire [10:0]              i_launch_cta_threads,
    // DESC_RAM: a descriptor word read (LDW), held until i_ld_ack
    output wire                     o_ld_rd,
    output wire [3:0]               o_ld_idx,
    input  wire                     i_ld_ack,
    input  wire [31:0]              i_ld_word,
    output wire                     o_irq_trap,
    // SUBV_AUTO's wave mode (wq_wave_ctl): read with the decoder summary
    // (SYS.WAVE) when the instruction issues
    input  wire                     i_wave_subv
);
    localparam RB  = $clog2(REGS);
    localparam LB  = $clog2(LANES);
    // thread RAM: WARPS*REGS*32 register words {warp, reg, thread}, then
    // the deque tokens, two words each: TRA's top bit selects them
    localparam TAW = WID_W + RB + 5 + 1;
    localparam TD  = WARPS * REGS * 32 + (WARPS << (DQ_LOG2 + 1));

    // ---- engine ---------------------------------------------------------------
    wire        io_rd, io_wr, io_wait;
    wire        wait_ldw;           // (DESC_RAM) a descriptor word not yet read
    wire [7:0]  port;
    wire [31:0] wdata;
    reg  [31:0] rdata;
    wire        ue_halt, ue_retire;
    wire [9:0]  ue_hcode;
    wire [ROM_AW-1:0] ue_rpc;
    /* verilator lint_off PINCONNECTEMPTY */
    wq_ue #(.ROM_AW(ROM_AW), .ROM_DEPTH(ROM_DEPTH), .ROM_FILE(ROM_FILE), .PAGES(WARPS),
            .WIN_LOG2(6), .ROT_MUL(ROT_MUL)) u_ue (
        .i_clk(i_clk), .i_reset(i_reset),
        .o_io_rd(io_rd), .o_io_wr(io_wr), .o_io_port(port), .o_io_wdata(wdata),
        .i_io_rdata(rdata), .i_io_wait(io_wait),
        .i_rom_we(1'b0), .i_rom_waddr({ROM_AW{1'b0}}), .i_rom_wdata(32'd0),
        .o_halt(ue_halt), .o_halt_code(ue_hcode), .o_retire(ue_retire),
        .o_retire_pc(ue_rpc), .o_rf_we(), .o_rf_waddr(), .o_rf_wdata());
    /* verilator lint_on PINCONNECTEMPTY */
    // the firmware never halts; halt / retire are for benches and traces
    wire unused_ue = &{1'b0, ue_halt, ue_hcode, ue_retire, ue_rpc};

    // port strobes, decoded once: w_* an out completing or waiting, r_* an in
    wire w_evreq = io_wr && (port == `WQ_UES_P_EVREQ);
    wire w_flags = io_wr && (port == `WQ_UES_P_FLAGS);
    wire w_gclr  = io_wr && (port == `WQ_UES_P_GCLR);
    wire w_lack  = io_wr && (port == `WQ_UES_P_LACK);
    wire w_step  = io_wr && (port == `WQ_UES_P_STEP);
    wire w_irq   = io_wr && (port == `WQ_UES_P_IRQ);
    wire w_cack  = io_wr && (port == `WQ_UES_P_CSR_ACK);
    wire w_cerr  = io_wr && (port == `WQ_UES_P_CSR_ERR);
    wire w_cw    = io_wr && (port == `WQ_UES_P_CW);
    wire w_mema  = io_wr && (port == `WQ_UES_P_MEM_A);
    wire w_memw  = io_wr && (port == `WQ_UES_P_MEM_W);
    wire w_memsz = io_wr && (port == `WQ_UES_P_MEM_SZ);
    wire r_memr  = io_rd && (port == `WQ_UES_P_MEM_R);
    wire r_memir = io_rd && (port == `WQ_UES_P_MEM_IR);
    wire w_twd   = io_wr && (port == `WQ_UES_P_TWD);
    wire w_tra   = io_wr && (port == `WQ_UES_P_TRA);
    wire w_trw   = io_wr && (port == `WQ_UES_P_TRW);
    wire w_trwi  = io_wr && (port == `WQ_UES_P_TRWI);
    wire w_trl   = io_wr && (port == `WQ_UES_P_TRL);
    wire w_trb   = io_wr && (port == `WQ_UES_P_TRB);
    wire r_tqa   = io_rd && (port == `WQ_UES_P_TQA);
    wire r_tqb   = io_rd && (port == `WQ_UES_P_TQB);
    wire w_evpc  = io_wr && (port == `WQ_UES_P_EV_PC);
    wire w_evm   = io_wr && (port == `WQ_UES_P_EV_MASK);
    wire w_eva   = io_wr && (port == `WQ_UES_P_EV_A);
    wire w_evbl  = io_wr && (port == `WQ_UES_P_EV_BLO);
    wire w_evbh  = io_wr && (port == `WQ_UES_P_EV_BHI);
    wire w_evcl  = io_wr && (port == `WQ_UES_P_EV_CLO);
    wire w_evch  = io_wr && (port == `WQ_UES_P_EV_CHI);
    wire w_fire  = io_wr && (port == `WQ_UES_P_EV_FIRE);

    // ---- flags set from outside, cleared by firmware -----------------------------
    reg g_valid, lnew, csr_pend, evreq, fw_idle;
    reg [WID_W-1:0] cw;
    always @(posedge i_clk) begin
        if (i_launch_valid) begin g_valid <= 1'b1; lnew <= 1'b1; end
        if (w_gclr) g_valid <= 1'b0;
        if (w_lack) lnew <= 1'b0;
        if (i_csr_valid) csr_pend <= 1'b1;
        if (w_cack || w_cerr) csr_pend <= 1'b0;
        if (w_evreq) evreq <= wdata[0];
        if (w_flags) fw_idle <= wdata[0];
        if (w_cw) cw <= wdata[WID_W-1:0];
        if (i_reset) begin
            g_valid <= 1'b0; lnew <= 1'b0; csr_pend <= 1'b0; evreq <= 1'b0;
            fw_idle <= 1'b1; cw <= {WID_W{1'b0}};
        end
    end
    assign o_ev_req      = evreq && !csr_pend;
    assign o_can_launch  = !g_valid;
    assign o_engine_idle = !g_valid && fw_idle;
    assign o_step_valid  = w_step;
    assign o_step_more   = 1'b0;
    wire unused_ev_wait  = &{1'b0, i_ev_wait};
    assign o_step_kind   = wdata[`WQ_UES_F_STEP_KIND_RANGE];
    assign o_step_res    = wdata[`WQ_UES_F_STEP_RES_RANGE];
    assign o_step_id     = wdata[`WQ_UES_F_STEP_ID_RANGE];
    assign o_irq_trap    = w_irq;
    assign o_csr_ack     = w_cack || w_cerr;
    assign o_csr_err     = w_cerr;
    assign o_csr_rdata   = w_cack ? wdata : 32'd0;

    // ---- LSU: MEM_A post-increments after each access ---------------------------
    // MEM_SZ's MEMW code gives the width of the accesses that follow (LD /
    // ST set the instruction's and put W32 back); the byte offset of MEM_A
    // reaches the port only for a sub-word width
`include "wq_decode.vh"
    reg  [29:0] mem_a;
    reg  [1:0]  mem_lo;
    reg  [`WQ_F_FN_W-1:0] mem_fn;
    wire [7:0]  mem_w   = wq_dec_memw_lsu(mem_fn);   // {st, sext, align, log2 bytes}
    wire        mem_sub = !mem_w[1];
    reg         mem_go;     // the LSU was started for the waiting access
    reg  [31:0] ir_lo;      // first word of a fetch (MEM_IR)
    wire        is_mem = w_memw || r_memr || r_memir;
    wire        lsu_done, lsu_busy;
    wire [31:0] lsu_rdata;
    wq_lsu u_lsu (
        .i_clk(i_clk), .i_reset(i_reset), .i_start(is_mem && !mem_go), .i_we(io_wr),
        .i_addr({mem_a, mem_sub ? mem_lo : 2'b00}), .i_wdata(wdata), .i_size(mem_w[1:0]),
        .i_sext(mem_w[6]), .o_busy(lsu_busy), .o_done(lsu_done),
        .o_rdata(lsu_rdata), .o_mem_valid(o_mem_valid), .i_mem_ready(i_mem_ready),
        .o_mem_we(o_mem_we), .o_mem_addr(o_mem_addr), .o_mem_wdata(o_mem_wdata),
        .o_mem_wstrb(o_mem_wstrb), .i_mem_rvalid(i_mem_rvalid), .i_mem_rdata(i_mem_rdata));
    // the grid's size and address are in the descriptor the firmware reads
    wire unused_lsu = &{1'b0, lsu_busy, i_launch_addr, i_launch_ncta, mem_w[7]};
    always @(posedge i_clk) begin
        if (is_mem && !mem_go) mem_go <= 1'b1;
        if (lsu_done) mem_go <= 1'b0;
        if (i_reset) mem_go <= 1'b0;
    end
    always @(posedge i_clk)
        if (w_mema) mem_a <= wdata[31:2];
        else if (is_mem && lsu_done) mem_a <= mem_a + 30'd1;
    always @(posedge i_clk)
        if (w_mema) mem_lo <= wdata[1:0];
    always @(posedge i_clk)
        if (i_reset) mem_fn <= `WQ_MEMW_W32;
        else if (w_memsz) mem_fn <= wdata[`WQ_F_FN_W-1:0];
    always @(posedge i_clk)
        if (r_memir && lsu_done) ir_lo <= lsu_rdata;
    wire wait_mem = is_mem && !lsu_done;

    // ---- decoder: only its computed summary enters SYS --------------------------
    wire                  d_legal, d_gn, d_bi, d_gp_pt, d_selp_pt;
    wire [`WQ_OP_W-1:0]   d_op;
    wire [`WQ_FMT_W-1:0]  d_fmt;
    wire [`WQ_IF_W-1:0]   d_flags;
    wire [`WQ_F_GP_W-1:0] d_gp;
    wire [`WQ_F_RD_W-1:0] d_rd;
    wire [`WQ_F_RA_W-1:0] d_ra;
    wire [`WQ_F_RB_W-1:0] d_rb;
    wire [`WQ_F_FN_W-1:0] d_fn;
    wire [`WQ_F_IMM_W-1:0] d_imm;
    wire [2:0]            d_words;
    wire [1:0]            d_msize;
    wire                  d_msext;
    wire [3:0]            d_amask;
    wire [5:0]            d_maxreg;
    /* verilator lint_off PINCONNECTEMPTY */
    wq_decode u_decode (
        .i_insn({lsu_rdata, ir_lo}), .o_legal(d_legal), .o_op(d_op), .o_fmt(d_fmt),
        .o_flags(d_flags), .o_gp(d_gp), .o_gn(d_gn), .o_rd(d_rd), .o_ra(d_ra), .o_rb(d_rb),
        .o_bi(d_bi), .o_fn(d_fn), .o_imm(d_imm), .o_words(d_words), .o_msize(d_msize),
        .o_msext(d_msext), .o_amask(d_amask), .o_maxreg(d_maxreg),
        .o_gp_pt(d_gp_pt), .o_selp_pt(d_selp_pt), .o_pd());
    /* verilator lint_on PINCONNECTEMPTY */
    // raw instruction bits: the firmware extracts them from the word itself
    // (the width comes through MEM_SZ: the fetch's LSU data is gone by then)
    wire unused_dec = &{1'b0, d_flags, d_op, d_fmt, d_gp, d_gn, d_rd, d_ra, d_rb, d_bi, d_fn, d_imm,
                        d_gp_pt, d_selp_pt, d_msize, d_msext, d_amask};
    reg [31:0] sys;
    always @(*) begin
        sys = 32'd0;
        sys[`WQ_UES_F_SYS_CSR_ADDR_RANGE] = i_csr_addr;
        sys[`WQ_UES_F_SYS_CSR_WE_LO]      = i_csr_we;
        sys[`WQ_UES_F_SYS_CSR_LO]         = csr_pend;
        sys[`WQ_UES_F_SYS_LNEW_LO]        = lnew;
        sys[`WQ_UES_F_SYS_GNT_LO]         = i_ev_gnt;
        sys[`WQ_UES_F_SYS_IFL_RANGE]      = d_flags[`WQ_UES_F_SYS_IFL_W-1:0];
        sys[`WQ_UES_F_SYS_WORDS_RANGE]    = d_words;
        sys[`WQ_UES_F_SYS_MAXREG_RANGE]   = d_maxreg;
        sys[`WQ_UES_F_SYS_WAVE_LO]        = i_wave_subv;
        sys[`WQ_UES_F_SYS_LEGAL_LO]       = d_legal;
    end

    // ---- thread RAM: one access a cycle, registered read (SB_SPRAM256KA) ---------
    reg  [TAW-1:0] tra;     // TRA: {tok, warp, reg, thread}
    reg  [4:0]     tl;      // TRL: thread lane of TQA / TQB / TWD
    reg  [RB-1:0]  tr_ra, tr_rb, tr_rd;     // TRB: operand rows
    reg            tr_aa, tr_ab, tr_ad;     // TRB: alias bits
    reg  [1:0]     tr_ca, tr_cb, tr_cd;     // TRB: packed columns (part of the row)
    reg            tq_w;    // TQA / TQB: the address went out last cycle
    wire [RB-1:0] row = r_tqa ? tr_ra : r_tqb ? tr_rb : tr_rd;
    wire          al  = r_tqa ? tr_aa : r_tqb ? tr_ab : tr_ad;
    wire [1:0]    col = r_tqa ? tr_ca : r_tqb ? tr_cb : tr_cd;
    // a packed shared register (sub-vector mode, spec §5.4) is lane
    // COL * LANES + TL mod LANES of its row (the firmware computes row and
    // COL from the register index and SHARED_BASE)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] tl_pk = ({30'd0, col} << LB) | ({27'd0, tl} & ((32'd1 << LB) - 32'd1));
    /* verilator lint_on UNUSEDSIGNAL */
    wire [4:0] tln = al ? tl_pk[4:0] : tl;
    wire [TAW-1:0] opaddr = {1'b0, cw, row, tln};
    wire [TAW-1:0] taddr  = (r_tqa || r_tqb || w_twd) ? opaddr : tra;
    wire           twe    = w_trw || w_trwi || w_twd;
    (* ram_style = "huge" *)
    reg  [31:0] trf [0:TD-1];
    reg  [31:0] trf_q;
    always @(posedge i_clk)
        if (twe) trf[taddr] <= wdata;
        else     trf_q <= trf[taddr];
    always @(posedge i_clk)
        if (w_tra) tra <= wdata[TAW-1:0];
        else if (w_trwi) tra <= tra + 1'b1;
    always @(posedge i_clk) begin
        if (w_trl) tl <= wdata[4:0];
        if (w_trb) begin
            tr_ra <= wdata[`WQ_UES_F_TRB_RA_LO +: RB];
            tr_rb <= wdata[`WQ_UES_F_TRB_RB_LO +: RB];
            tr_rd <= wdata[`WQ_UES_F_TRB_RD_LO +: RB];
            tr_aa <= wdata[`WQ_UES_F_TRB_ALIAS_A_LO];
            tr_ab <= wdata[`WQ_UES_F_TRB_ALIAS_B_LO];
            tr_ad <= wdata[`WQ_UES_F_TRB_ALIAS_D_LO];
            tr_ca <= wdata[`WQ_UES_F_TRB_COL_A_LO +: 2];
            tr_cb <= wdata[`WQ_UES_F_TRB_COL_B_LO +: 2];
            tr_cd <= wdata[`WQ_UES_F_TRB_COL_D_LO +: 2];
        end
    end
    always @(posedge i_clk) begin
        tq_w <= (r_tqa || r_tqb) && !tq_w;
        if (i_reset) tq_w <= 1'b0;
    end
    wire wait_tq = (r_tqa || r_tqb) && !tq_w;

    assign io_wait = wait_mem || wait_tq || wait_ldw;

    // ---- event records: registers loaded by out, cleared by the fire -------------
    assign o_evr_valid = w_fire;
    assign o_evr_kind  = wdata[`WQ_UES_F_EVF_KIND_RANGE];
    assign o_evr_aux   = wdata[`WQ_UES_F_EVF_AUX_RANGE];
    assign o_evr_part  = wdata[`WQ_UES_F_EVF_PART_RANGE];
    assign o_evr_unit  = {{(8-WID_W){1'b0}}, cw};
    always @(posedge i_clk)
        if (w_evpc) o_evr_pc <= wdata;
    always @(posedge i_clk) begin
        if (w_evm)  o_evr_mask <= wdata;
        if (w_eva)  o_evr_a <= wdata;
        if (w_evbl) o_evr_b[31:0] <= wdata;
        if (w_evbh) o_evr_b[63:32] <= wdata;
        if (w_evcl) o_evr_c[31:0] <= wdata;
        if (w_evch) o_evr_c[63:32] <= wdata;
        if (w_fire || i_reset) begin
            o_evr_mask <= 32'd0; o_evr_a <= 32'd0; o_evr_b <= 64'd0; o_evr_c <= 64'd0;
        end
    end
    // vals fill themselves: every thread-RAM write lands in its lane's slot
    integer vl;
    always @(posedge i_clk) begin
        for (vl = 0; vl < LANES; vl = vl + 1)
            if (twe && taddr[LB-1:0] == vl[LB-1:0]) o_evr_vals[vl*32 +: 32] <= wdata;
        if (w_fire || i_reset) o_evr_vals <= {LANES*32{1'b0}};
    end

    // ---- launch descriptor words (LDW + k) -------------------------------------
    // Word k whole: from the stored descriptor's flip-flops, or (DESC_RAM)
    // from the host's channel RAM, read while the access waits
    localparam [7:0] P_LDW = `WQ_UES_P_LDW;
    wire        is_ldw = (port[7:4] == P_LDW[7:4]);
    wire        r_ldw = io_rd && is_ldw;
    wire [31:0] ldw;
    generate if (DESC_RAM != 0) begin : g_ld_ram
        assign ldw      = i_ld_word;
        assign o_ld_rd  = r_ldw;
        assign wait_ldw = r_ldw && !i_ld_ack;
        wire unused_desc = &{1'b0, i_launch_desc};
    end else begin : g_ld_ff
        assign ldw      = i_launch_desc[32*port[3:0] +: 32];
        assign o_ld_rd  = 1'b0;
        assign wait_ldw = 1'b0;
        wire unused_ld = &{1'b0, i_ld_ack, i_ld_word, r_ldw};
    end endgenerate
    assign o_ld_idx = port[3:0];

    // ---- IN mux: AND-OR over one-hot selects ------------------------------------
    always @(*) begin
        rdata = 32'd0;
        if (port == `WQ_UES_P_SYS)    rdata = rdata | sys;
        if (port == `WQ_UES_P_CSR_WD) rdata = rdata | i_csr_wdata;
        if (port == `WQ_UES_P_MEM_R || port == `WQ_UES_P_MEM_IR) rdata = rdata | lsu_rdata;
        if (port == `WQ_UES_P_MEM_AL) rdata = rdata | {28'd0, mem_w[5:2]};
        if (port == `WQ_UES_P_TRQ || port == `WQ_UES_P_TQA || port == `WQ_UES_P_TQB)
            rdata = rdata | trf_q;
        if (is_ldw) rdata = rdata | ldw;
        if (port == `WQ_UES_P_CTA_THR) rdata = rdata | {21'd0, i_launch_cta_threads};
    end

`ifdef FORMAL
    // The shell's own invariants, for any firmware: the formal run cuts the
    // engine to free outputs and assumes only its I/O contract (docs/rtl/wq_ue.md,
    // proved by wq_ue's own job): one access at a time, none in a reset
    // cycle, and a waited access held unchanged until it completes.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);
    always @(*) assume(!(io_rd && io_wr));
    always @(*) if (i_reset) assume(!io_rd && !io_wr);
    // (the last cycle's access, registered here so the assume constrains
    // this cycle, not the next one as a clocked assume would)
    reg        f_held = 1'b0, f_rd = 1'b0, f_wr = 1'b0;
    reg [7:0]  f_port = 8'd0;
    reg [31:0] f_wdata = 32'd0;
    always @(posedge i_clk) begin
        f_held <= (io_rd || io_wr) && io_wait && !i_reset;
        f_rd <= io_rd; f_wr <= io_wr; f_port <= port; f_wdata <= wdata;
    end
    always @(*)
        if (f_held && !i_reset)
            assume(io_rd == f_rd && io_wr == f_wr && port == f_port && wdata == f_wdata);
    // at most one output strobe (one port decode drives them all)
    always @(*) assert($onehot0({w_evreq, w_flags, w_gclr, w_lack, w_step, w_irq, w_cack,
                                 w_cerr, w_cw, w_mema, w_memw, w_twd, w_tra, w_trw, w_trwi,
                                 w_trl, w_trb, w_evpc, w_evm, w_eva, w_evbl, w_evbh, w_evcl,
                                 w_evch, w_fire}));
    // a CSR answer is one ack; an error answer carries no data
    always @(*) if (o_csr_err) assert(o_csr_ack && o_csr_rdata == 32'd0);
    // the event lock is never requested while a CSR access is pending
    always @(*) if (csr_pend) assert(!o_ev_req);
    // only memory, TQA / TQB and (DESC_RAM) a descriptor word wait, and
    // TQA / TQB exactly one cycle
    always @(*) if (io_wait) assert(is_mem || ((r_tqa || r_tqb) && !tq_w)
                                    || (DESC_RAM != 0 && r_ldw && !i_ld_ack));
    always @(*) if (f_past && !i_reset && tq_w) assert(r_tqa || r_tqb);
    // the thread RAM is never written while a TQA / TQB read is under way
    always @(*) assert(!(twe && (r_tqa || r_tqb)));
    // the LSU is started once per access: mem_go only inside one
    always @(*) if (f_past && !i_reset && mem_go) assert(is_mem);
    // a reset leaves no launch, no CSR request, no event request (it wins
    // over a launch or CSR request in the same cycle)
    always @(posedge i_clk)
        if (f_past && $past(i_reset))
            assert(o_can_launch && !lnew && !csr_pend && !o_ev_req);
    // covers (each reached from reset by scripts/formal.sh): every
    // handshake of the shell -- a CSR answered with data and one with an
    // error, the event lock asked for, a step pulse, a launch taken and
    // acknowledged, a memory access (the LSU's response ends the wait),
    // a TQA / TQB read's one-cycle wait, an event record, a trap
    // interrupt and (DESC_RAM) a descriptor word read that waits and
    // then completes with the host's answer
    always @(*)
    if (f_past && !i_reset)
    begin
        c_csr_ack:    cover(w_cack && csr_pend);
        c_csr_err:    cover(w_cerr && csr_pend);
        c_ev_req:     cover(o_ev_req && i_ev_gnt);
        c_step:       cover(o_step_valid);
        c_launch_ack: cover(w_lack && lnew);
        c_mem_done:   cover(is_mem && lsu_done);
        c_tq_wait:    cover(tq_w);
        c_record:     cover(o_evr_valid);
        c_irq:        cover(o_irq_trap);
        c_ldw_wait:   cover(DESC_RAM != 0 && r_ldw && io_wait);
        c_ldw_ack:    cover(DESC_RAM != 0 && r_ldw && i_ld_ack && !io_wait);
    end
`endif
endmodule
