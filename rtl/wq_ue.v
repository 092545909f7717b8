// wq_ue.v -- the micro-engine: a small 32-bit engine whose working values
// live in one register RAM and whose control is firmware in a block-RAM ROM
// (docs/rtl/wq_ue.md is the contract: ISA, encoding, timing, ports).
//
// It exists to save LUTs: a hardwired sequencer's 32-bit registers with many
// write sources become RAM words behind one write port, and its states
// become firmware words.  So the datapath is built around few result
// sources, each a unit that is zero when not selected (the write data is
// their OR):
//   * one adder, a + (b or 0, maybe inverted) + cin: add, sub, the compares,
//     ld/st/jr/wsel addresses, a - 1 for ctz/clrl, and "pass a" (b forced
//     to 0) for everything that only moves or shifts a value;
//   * one rotator on the adder's output followed by a mask/merge
//     (rot & M) | (Y & ~M): M is a bit range from two thermometers, Y is d
//     (ins, lih, st's data) or the sign (sra).  shl/shr/sra/ext/ins/lih,
//     and with M = all ones and no rotation add/sub/li and ld's data;
//     with M = 0 st's data.  bbc/bbs test a's bit, which is rot[0] (a
//     rotated by -bit);
//   * a per-bit logic function of a and the adder's b input (and/or/xor,
//     andn is and with b inverted);
//   * a & (a - 1) (clrl), the lowest set bit's index (ctz), the compare
//     bit, the link (PC + 1), in's device data.
// No path from the ROM word or the device's data to the ROM's read
// address goes through the adder's carry chain and the rotator: a branch
// tests a itself (its b is 0), and in's data is not an adder input.
// Cycles: D (the ROM word is in rom_q; both register reads issued), X
// (execute, write back, ROM read at the next PC), M only for ld (the
// computed address is read in X and written back in M).  li/lih (and in)
// read r0 as operand a, so the adder passes their immediate.
//
// The register RAM is two copies (port A: operand a or ld's address; port
// B: operand b or d) sharing the write port.  Reads are issued only in D
// (both ports) and in ld's X (port A), writes happen only in X and M, and
// ld's X writes nothing: a word is never read and written in the same
// cycle, so the RAMs carry no_rw_check and map straight onto block RAM.
// The read registers have enables, so operands stay put while an in/out
// waits.  The RAM starts at zero (initial contents, also on the FPGA) and
// r0 is never written, so r0 reads 0.
`default_nettype none
`include "wq_ue.vh"

module wq_ue #(
    parameter ROM_AW   = 11,   // PC bits (1..14); the PC wraps at 2^ROM_AW
    parameter ROM_DEPTH = 1 << ROM_AW, // firmware words (<= 2^ROM_AW); PCs
                               // from ROM_DEPTH up read as the padding word
    parameter ROM_FILE = "",   // $readmemh image ("" for none)
    parameter PAGES    = 2,    // window pages (WSEL modulo the next power of 2)
    parameter WIN_LOG2 = 6,    // words per page: 2^WIN_LOG2 (1..7)
    parameter ROT_MUL  = 0,    // 1: rotate through two 16x16 multiplies
                               // (the iCE40's SB_MAC16s: -40 LUT4 there)
    // derived, not to be set: WSEL bits, physical register address bits
    parameter PGW      = (PAGES > 1) ? $clog2(PAGES) : 0,
    parameter PHYS_AW  = 1 + ((PGW + WIN_LOG2 > 7) ? PGW + WIN_LOG2 : 7)
) (
    input  wire                 i_clk,
    input  wire                 i_reset,
    // I/O devices
    output wire                 o_io_rd,
    output wire                 o_io_wr,
    output wire [7:0]           o_io_port,
    output wire [31:0]          o_io_wdata,
    input  wire [31:0]          i_io_rdata,
    input  wire                 i_io_wait,
    // firmware load (tie i_rom_we to 0 for a pure ROM)
    input  wire                 i_rom_we,
    input  wire [ROM_AW-1:0]    i_rom_waddr,
    input  wire [31:0]          i_rom_wdata,
    // status and trace
    output reg                  o_halt,
    output wire [9:0]           o_halt_code,
    output wire                 o_retire,
    output wire [ROM_AW-1:0]    o_retire_pc,
    output wire                 o_rf_we,
    output wire [PHYS_AW-1:0]   o_rf_waddr,
    output wire [31:0]          o_rf_wdata
);
`include "wq_cmp_k.vh"
    localparam PGW1 = (PGW > 0) ? PGW : 1;
    localparam RF_N = 1 << PHYS_AW;
    localparam [1:0] PH_D = 2'd0, PH_X = 2'd1, PH_M = 2'd2;
    localparam [9:0] RSV_CODE = `WQ_UE_RSV_HALT_CODE;
    localparam [9:0] PAD_CODE = `WQ_UE_PAD_HALT_CODE;
    localparam [ROM_AW:0] DEPTH = ROM_DEPTH[ROM_AW:0];

    // ---- state -------------------------------------------------------------
    reg  [1:0]          ph;          // D, X or M
    reg  [ROM_AW-1:0]   pc;          // PC of the word in rom_q
    reg  [PGW1-1:0]     wsel;
    reg  [31:0]         rom_q;       // the instruction (ROM read register)
    reg  [31:0]         ra_q, rb_q;  // register RAM read registers
    wire [31:0]         av, bv;      // the operands a and b (read or bypassed)
`ifdef FORMAL
    reg         f_past = 1'b0;
    wire [31:0] f_rom_pc;   // the ROM's word at PC (the copy that holds it)
    // the properties are about control: any register contents (free
    // values, held by the same enables as the real read registers)
    (* anyseq *) wire [31:0] f_ra, f_rb;
`endif

    // ---- fields (docs/rtl/wq_ue.md, Encoding) ---------------------------------
    // a PC at or past ROM_DEPTH reads as the padding word, halt PAD_HALT_CODE
    // (pad: set with the fetch; op and the halt code follow it)
    wire        pad;
    wire [4:0]  op   = pad ? `WQ_UE_OP_HALT : rom_q[`WQ_UE_F_OP_RANGE];
    wire [7:0]  f_d  = rom_q[`WQ_UE_F_D_RANGE];
    wire [7:0]  f_a  = rom_q[`WQ_UE_F_A_RANGE];
    wire [7:0]  f_b  = rom_q[`WQ_UE_F_B_RANGE];
    wire        f_i  = rom_q[`WQ_UE_F_I_LO];
    wire [9:0]  k10  = rom_q[`WQ_UE_F_K10_RANGE];
    wire [18:0] k19  = rom_q[`WQ_UE_F_K19_RANGE];
    wire [4:0]  f_bit = rom_q[`WQ_UE_F_BIT_RANGE];
    // targets: 14 bits, 10:0 in T and 13:11 in TB (B format) or TJ (jal)
    wire [13:0] f_t14 = {(rom_q[`WQ_UE_F_OP_RANGE] == `WQ_UE_OP_JAL) ? rom_q[`WQ_UE_F_TJ_RANGE] :
                                                                    rom_q[`WQ_UE_F_TB_RANGE],
                         rom_q[`WQ_UE_F_T_RANGE]};

    // ---- decode --------------------------------------------------------------
    wire in_x = (ph == PH_X);
    wire in_m = (ph == PH_M);
    wire op_add  = (op == `WQ_UE_OP_ADD);
    wire op_sub  = (op == `WQ_UE_OP_SUB);
    wire op_and  = (op == `WQ_UE_OP_AND);
    wire op_or   = (op == `WQ_UE_OP_OR);
    wire op_xor  = (op == `WQ_UE_OP_XOR);
    wire op_andn = (op == `WQ_UE_OP_ANDN);
    wire op_shl  = (op == `WQ_UE_OP_SHL);
    wire op_shr  = (op == `WQ_UE_OP_SHR);
    wire op_sra  = (op == `WQ_UE_OP_SRA);
    wire op_seq  = (op == `WQ_UE_OP_SEQ);
    wire op_sne  = (op == `WQ_UE_OP_SNE);
    wire op_sltu = (op == `WQ_UE_OP_SLTU);
    wire op_slt  = (op == `WQ_UE_OP_SLT);
    wire op_ctz  = (op == `WQ_UE_OP_CTZ);
    wire op_clrl = (op == `WQ_UE_OP_CLRL);
    wire op_ext  = (op == `WQ_UE_OP_EXT);
    wire op_ins  = (op == `WQ_UE_OP_INS);
    wire op_li   = (op == `WQ_UE_OP_LI);
    wire op_lih  = (op == `WQ_UE_OP_LIH);
    wire op_ld   = (op == `WQ_UE_OP_LD);
    wire op_st   = (op == `WQ_UE_OP_ST);
    wire op_in   = (op == `WQ_UE_OP_IN);
    wire op_out  = (op == `WQ_UE_OP_OUT);
    wire op_bz   = (op == `WQ_UE_OP_BZ);
    wire op_bnz  = (op == `WQ_UE_OP_BNZ);
    wire op_bbc  = (op == `WQ_UE_OP_BBC);
    wire op_bbs  = (op == `WQ_UE_OP_BBS);
    wire op_jal  = (op == `WQ_UE_OP_JAL);
    wire op_jr   = (op == `WQ_UE_OP_JR);
    wire op_wsel = (op == `WQ_UE_OP_WSEL);
    // halt, and the reserved opcode that behaves as halt with code 0x3FF
    wire op_rsvd = (op == `WQ_UE_OP_RSV);
    wire op_halt = (op == `WQ_UE_OP_HALT) || op_rsvd;
    wire is_l    = op_li | op_lih;
    wire is_cmp  = op_seq | op_sne | op_sltu | op_slt;
    wire is_bb   = op_bbc | op_bbs;
    wire is_io   = op_in | op_out;
    // the i bit is ignored where the operand is always the immediate
    wire use_imm = f_i | op_ext | op_ins | is_l | op_ld | op_st | op_jr | op_wsel;
    // writes d in X (st writes its computed address; ld writes d in M)
    wire wr_x    = op_add | op_sub | op_and | op_or | op_xor | op_andn | op_shl |
                   op_shr | op_sra | is_cmp | op_ctz | op_clrl | op_ext | op_ins |
                   is_l | op_in | op_st | op_jal;

    // ---- sequencing ------------------------------------------------------------
    // an instruction completes in X (in/out: the first cycle without
    // i_io_wait; ld goes on to M) or in M
    // (nothing completes, writes or strobes in a reset cycle, whatever the
    // state at power-on)
    wire done = ((in_x && !op_ld && !(is_io && i_io_wait)) || in_m) && !i_reset;
    wire zero, cout;
    wire [31:0] sum, rot;
    // A branch's b input is forced to 0 (zb) and it inverts nothing, so
    // its sum is a: the condition reads a itself (a == 0, and
    // rot[0] of a rotated by -bit is a[bit]), which keeps the adder,
    // the rotator (on the iCE40 the SB_MAC16s) and the IN data off the
    // path to the ROM's read address (the formal section asserts the
    // equivalence)
    wire [4:0] q_bit;
    wire br_bit = av[q_bit];
    wire br_z   = (av == 32'd0);
    wire taken = (op_bz && br_z) || (op_bnz && !br_z) ||
                 (op_bbc && !br_bit) || (op_bbs && br_bit);
    wire [ROM_AW-1:0] pc_inc = pc + 1'b1;
    wire [ROM_AW-1:0] tgt = f_t14[ROM_AW-1:0];
    wire [ROM_AW-1:0] npc = i_reset ? {ROM_AW{1'b0}} :
                            (op_jal || taken) ? tgt :
                            op_jr ? sum[ROM_AW-1:0] : pc_inc;
    // the ROM is read at the next PC when an instruction completes (not
    // after a halt: the halt word stays in rom_q and gives the code), and
    // at PC 0 in reset
    wire rom_re = i_reset || (done && !op_halt);

    always @(posedge i_clk)
        if (i_reset)
            ph <= PH_D;
        else case (ph)
            PH_D:    if (!o_halt) ph <= PH_X;
            PH_X:    if (op_ld) ph <= PH_M; else if (done) ph <= PH_D;
            default: ph <= PH_D;
        endcase

    always @(posedge i_clk)
        if (rom_re) pc <= npc;

    always @(posedge i_clk)
        if (i_reset) o_halt <= 1'b0;
        else if (done && op_halt) o_halt <= 1'b1;

    always @(posedge i_clk)
        if (i_reset) wsel <= {PGW1{1'b0}};
        else if (done && op_wsel && PGW > 0) wsel <= sum[PGW1-1:0];

    assign o_retire    = done;
    assign o_retire_pc = pc;
    assign o_halt_code = pad ? PAD_CODE : op_rsvd ? RSV_CODE : k10;

    // ---- firmware ROM (block RAM; writable for benches and loaders) ---------
    // (writes at or past ROM_DEPTH are dropped)
    // A depth that is not a power of two is two memories: `rom` read at
    // the words from ROM_LO (the largest power of two under ROM_DEPTH)
    // up, rom_lo at those below, both written alike and filled from the
    // one file, so the read is one 2:1 select on a registered bit instead
    // of one over all the block-RAM banks the depth takes (on the iCE40,
    // 2560 words: 16 block RAMs of 2048 x 2 bits and 4 of 512 x 8 and
    // 32 LUT4s, instead of five banks of 512 x 8 and their 5:1 select).
    // Synthesis keeps only the words each one can read; rom_lo is
    // declared ROM_LO words deep for it (Yosys fills it from the file's
    // first ROM_LO words; it must be, or it keeps the depth and the 5:1
    // select), and the whole depth for the simulators (Verilator refuses
    // a file longer than the array).  The upper read address is ROM_LO
    // plus the PC's low bits: a PC past ROM_DEPTH reads the padding word
    // whatever the RAM returns.
    localparam ROM_LB = (ROM_DEPTH > 1) ? $clog2(ROM_DEPTH) - 1 : 0;
    localparam ROM_LO = 1 << ROM_LB;
    localparam ROM_SPLIT = (ROM_DEPTH > 2) && (ROM_DEPTH != 2 * ROM_LO);
    wire rom_wok = i_rom_we && ({1'b0, i_rom_waddr} < DEPTH);
    (* no_rw_check *)
    reg [31:0] rom [0:ROM_DEPTH - 1];
    initial if (ROM_FILE != "") $readmemh(ROM_FILE, rom);
    always @(posedge i_clk)
        if (rom_wok) rom[i_rom_waddr] <= i_rom_wdata;
    generate if (ROM_SPLIT) begin : g_rom_split
`ifdef SYNTHESIS
        localparam LO_N = ROM_LO;
`else
        localparam LO_N = ROM_DEPTH;
`endif
        (* no_rw_check *)
        reg [31:0] rom_lo [0:LO_N - 1];
        reg [31:0] lo_q, hi_q;
        reg        hi_sel;
        initial if (ROM_FILE != "") $readmemh(ROM_FILE, rom_lo);
        always @(posedge i_clk)
            if (rom_wok && {1'b0, i_rom_waddr} < LO_N[ROM_AW:0])
                rom_lo[i_rom_waddr] <= i_rom_wdata;
        wire [ROM_AW-1:0] lo_a = {{(ROM_AW - ROM_LB){1'b0}}, npc[ROM_LB-1:0]};
        wire [ROM_AW-1:0] hi_a = ROM_LO[ROM_AW-1:0] | lo_a;
        always @(posedge i_clk)
            if (rom_re) begin
                lo_q   <= rom_lo[lo_a];
                hi_q   <= rom[hi_a];
                hi_sel <= npc[ROM_LB];
            end
        always @(*) rom_q = hi_sel ? hi_q : lo_q;
`ifdef FORMAL
        // the word at PC as the copy that holds it has it; the select
        // follows the PC
        wire [ROM_AW-1:0] f_lo = {{(ROM_AW - ROM_LB){1'b0}}, pc[ROM_LB-1:0]};
        assign f_rom_pc = pc[ROM_LB] ? rom[ROM_LO[ROM_AW-1:0] | f_lo] : rom_lo[f_lo];
        always @(*) if (f_past) assert(hi_sel == pc[ROM_LB]);
`endif
    end else begin : g_rom_one
        always @(posedge i_clk)
            if (rom_re) rom_q <= rom[npc];
`ifdef FORMAL
        assign f_rom_pc = rom[pc];
`endif
    end endgenerate
    generate if (ROM_DEPTH < (1 << ROM_AW)) begin : g_pad
        reg pad_q;
        always @(posedge i_clk)
            if (rom_re) pad_q <= ({1'b0, npc} >= DEPTH);
        assign pad = pad_q;
    end else begin : g_nopad
        assign pad = 1'b0;
    end endgenerate

    // ---- register addresses -------------------------------------------------
    // 8-bit register address -> physical word: {0, a[6:0]} for a global,
    // {1, wsel, a[WIN_LOG2-1:0]} for a window register
    function [PHYS_AW-1:0] phys;
        input [7:0]      a;
        input [PGW1-1:0] ws;
        begin
            phys = {PHYS_AW{1'b0}};
            if (a[7]) begin
                phys[PHYS_AW-1] = 1'b1;
                phys[WIN_LOG2-1:0] = a[WIN_LOG2-1:0];
                if (PGW > 0) phys[WIN_LOG2 +: PGW1] = ws;
            end else
                phys[6:0] = a[6:0];
        end
    endfunction

    // port A: operand a in D (r0 for li/lih: the adder passes the
    // immediate), ld's computed address in X
    wire [7:0] ra8 = !in_x ? ((is_l | op_in) ? 8'd0 : f_a) : sum[7:0];
    wire [7:0] rb8 = (op_st || op_ins || op_lih) ? f_d : f_b;
    wire re_a = (ph == PH_D) || (in_x && op_ld);
    wire re_b = (ph == PH_D);
    wire [PHYS_AW-1:0] ra_addr = phys(ra8, wsel);
    wire [PHYS_AW-1:0] rb_addr = phys(rb8, wsel);
    wire [7:0] wa8 = (in_x && op_st) ? sum[7:0] : f_d;
    wire [PHYS_AW-1:0] waddr = phys(wa8, wsel);
    wire [31:0] wdata;
    // writes to r0 (physical word 0) are discarded
    wire we = done && (wr_x || in_m) && (waddr != {PHYS_AW{1'b0}});

    // ---- register RAM: two copies, one shared write port -------------------
    // The write-back register: a retiring write's word, address and
    // strobe are kept in flip-flops and land in both RAM copies in the
    // next cycle, the next instruction's D, whose reads see the RAM's
    // old word: a read of that address is marked (byp_a / byp_b, kept
    // with the read register) and the operand is taken from wb_d instead.
    // So the execute cycle ends at flip-flops, not at the register RAM's
    // write port, and every instruction keeps its cycles.  The write
    // cannot be lost to a reset: the instruction retired before it.
    reg                 wb_v;
    reg [PHYS_AW-1:0]   wb_a;
    reg [31:0]          wb_d;
    reg                 byp_a, byp_b;
    initial wb_v = 1'b0;
    initial byp_a = 1'b0;
    initial byp_b = 1'b0;
    always @(posedge i_clk)
        wb_v <= we;
    always @(posedge i_clk)
        if (we) begin
            wb_a <= waddr;
            wb_d <= wdata;
        end
    always @(posedge i_clk) begin
        if (re_a) byp_a <= wb_v && (ra_addr == wb_a);
        if (re_b) byp_b <= wb_v && (rb_addr == wb_a);
    end

`ifndef FORMAL
    (* no_rw_check *)
    reg [31:0] rf_a [0:RF_N-1];
    (* no_rw_check *)
    reg [31:0] rf_b [0:RF_N-1];
    integer k;
    initial
        for (k = 0; k < RF_N; k = k + 1) begin
            rf_a[k] = 32'd0;
            rf_b[k] = 32'd0;
        end
    always @(posedge i_clk) begin
        if (wb_v) rf_a[wb_a] <= wb_d;
        if (re_a) ra_q <= rf_a[ra_addr];
    end
    always @(posedge i_clk) begin
        if (wb_v) rf_b[wb_a] <= wb_d;
        if (re_b) rb_q <= rf_b[rb_addr];
    end
`else
    always @(posedge i_clk) begin
        if (re_a) ra_q <= f_ra;
        if (re_b) rb_q <= f_rb;
    end
`endif

    // ---- operand b and the adder ------------------------------------------------
    // The controls of operand b are decoded in D from rom_q, which holds
    // the instruction from D to its last cycle, and kept in flip-flops
    // for X and M: the path into the adder's carry chain starts at
    // registers, not at the ROM's output through the opcode decode (the
    // iCE40's critical path).  Same values, same cycles.
    // b forced to 0: pass a (shifts, ext/ins, branches, ld's data in M);
    // inverted: subtract (with cin), a - 1 (ctz, clrl), andn
    // the operands: the RAM's word, or the write it has not taken yet
    assign av = byp_a ? wb_d : ra_q;
    assign bv = byp_b ? wb_d : rb_q;

    wire sub_c = op_sub | is_cmp;
    reg  q_use_imm, q_zb, q_inv, q_cin;
    // (and the rotator's and the masks' selects below, for the same reason)
    reg  q_rot_x, q_neg_r, q_is_bb, q_lih, q_sel_t, q_sel_rt, q_sel_d, q_ext, q_ins, q_sra;
    // and the immediate itself and the bit number: the ROM's output
    // through its bank multiplexer (20 block RAMs on the iCE40) into the
    // adder was the iCE40 build's critical path, and the bit number
    // selects the branch bit on the way to the ROM's read address
    wire        isgn_d = is_l ? k19[18] : k10[9];
    reg  [19:0] q_imm;            // sign, bits 18:10 (k19's or the sign), k10
    reg  [4:0]  q_bit_r;
    assign q_bit = q_bit_r;
    always @(posedge i_clk)
        if (ph == PH_D) begin
            q_rot_x   <= op_shl | op_shr | op_sra | op_ext | op_ins;
            q_neg_r   <= op_shr | op_sra | op_ext | is_bb;
            q_is_bb   <= is_bb;
            q_lih     <= op_lih;
            q_sel_t   <= op_add | op_sub | is_l | op_shl | op_ins;
            q_sel_rt  <= op_shr | op_sra | op_ext;
            q_sel_d   <= op_ins | op_lih | op_st;
            q_ext     <= op_ext;
            q_ins     <= op_ins;
            q_sra     <= op_sra;
            q_use_imm <= use_imm;
            q_zb      <= op_in | op_shl | op_shr | op_sra | op_ext | op_ins | op_bz | op_bnz |
                         is_bb | op_ctz | op_clrl;
            q_inv     <= sub_c | op_ctz | op_clrl | op_andn;
            q_cin     <= sub_c;
            q_imm     <= {isgn_d, is_l ? k19[18:10] : {9{k10[9]}}, k10};
            q_bit_r   <= f_bit;
        end
    wire [31:0] imm  = {{12{q_imm[19]}}, q_imm};
    wire [31:0] b_op = q_use_imm ? imm : bv;
    wire zb  = in_m | q_zb;
    wire inv = !in_m && q_inv;
    wire cin = !in_m && q_cin;
    wire [31:0] b2 = (b_op & {32{!zb}}) ^ {32{inv}};
    wire [33:0] s34 = {1'b0, av, 1'b1} + {1'b0, b2, cin};
    assign sum  = s34[32:1];
    assign cout = s34[33];
    assign zero = (sum == 32'd0);

    // ---- rotator and mask/merge ------------------------------------------------
    // x: the shift amount / lo / bit number; 16 for lih (an ins of the
    // immediate at 16), 0 where the whole sum passes
    wire [4:0] x   = q_is_bb ? q_bit : q_lih ? 5'd16 : q_rot_x ? b_op[4:0] : 5'd0;
    // rotate left by x (shl, ins, lih) or right by x (shr, sra, ext, bbc, bbs)
    wire [4:0] r   = q_neg_r ? 5'd0 - x : x;
    wire [31:0] r4;
    generate if (ROT_MUL != 0) begin : g_rmul
        // by r[3:0] as two 16x16 multiplies by 2^r[3:0] (a `*`: Yosys
        // -dsp maps each to an SB_MAC16); the products do not overlap, so
        // they combine by OR, and the bits past 31 fold back to the bottom
        wire [15:0] p2  = 16'd1 << r[3:0];
        wire [31:0] mpl = {16'd0, sum[15:0]} * {16'd0, p2};
        wire [31:0] mph = {16'd0, sum[31:16]} * {16'd0, p2};
        wire [47:0] q   = {mph, 16'd0} | {16'd0, mpl};
        assign r4 = {q[31:16], q[15:0] | q[47:32]};
    end else begin : g_rlut
        wire [31:0] r1 = r[0] ? {sum[30:0], sum[31]}    : sum;
        wire [31:0] r2 = r[1] ? {r1[29:0], r1[31:30]}   : r1;
        wire [31:0] r3 = r[2] ? {r2[27:0], r2[31:28]}   : r2;
        assign      r4 = r[3] ? {r3[23:0], r3[31:24]}   : r3;
    end endgenerate
    assign      rot = r[4] ? {r4[15:0], r4[31:16]}  : r4;
    // M = A & B, the bits taken from rot.  A from one thermometer T (bit i
    // set when i >= x): T itself ([x, 32): shl, ins, lih; all ones when x
    // is 0: add/sub/li/in and ld's data) or T reversed ([0, 32 - x): shr,
    // sra, ext); nothing for the rest (st's data: Y alone).  B = [0, hi):
    // w for ext (so [0, min(w, 32 - x))), x + w for ins, else everything.
    wire sel_t  = in_m | q_sel_t;
    wire sel_rt = q_sel_rt;
    wire [5:0] w6 = (q_imm[9:5] == 5'd0) ? 6'd32 : {1'b0, q_imm[9:5]};
    wire [5:0] hi = q_ext ? w6 : q_ins ? {1'b0, x} + w6 : 6'd32;
    wire sel_d  = q_sel_d;
    wire fill   = q_sra & av[31];
    reg  [31:0] t_x, merge;
    integer i;
    always @(*) begin
        for (i = 0; i < 32; i = i + 1)
            t_x[i] = le_k({27'd0, x}, i);
        for (i = 0; i < 32; i = i + 1)
            merge[i] = ((sel_t & t_x[i]) | (sel_rt & t_x[31 - i])) && !le_k({26'd0, hi}, i) ?
                       rot[i] : ((sel_d & bv[i]) | fill);
    end

    // ---- the other result sources -------------------------------------------------
    wire [31:0] logic_g = (op_and | op_andn) ? (av & b2) :
                          op_or ? (av | b2) : op_xor ? (av ^ b2) : 32'd0;
    wire [31:0] clrl_g  = {32{op_clrl}} & av & sum;
    // in: the device's data, a source of its own (not through the adder
    // and the rotator, so it is not on their path)
    wire [31:0] in_g    = {32{op_in}} & i_io_rdata;
    // ctz: halve the range while its low half is zero (a binary search,
    // cheaper than encoding the lowest set bit a & ~(a - 1)); the adder
    // computes a + ~0, which carries out unless a == 0 (then 32)
    reg  [4:0]  enc;
    reg  [15:0] h16;
    reg  [7:0]  h8;
    reg  [3:0]  h4;
    reg         h1;
    always @(*) begin
        enc[4] = (av[15:0] == 16'd0);
        h16 = enc[4] ? av[31:16] : av[15:0];
        enc[3] = (h16[7:0] == 8'd0);
        h8 = enc[3] ? h16[15:8] : h16[7:0];
        enc[2] = (h8[3:0] == 4'd0);
        h4 = enc[2] ? h8[7:4] : h8[3:0];
        enc[1] = (h4[1:0] == 2'd0);
        h1 = enc[1] ? h4[2] : h4[0];
        enc[0] = !h1;
    end
    wire [5:0]  ctz_g   = {6{op_ctz}} & {!cout, enc & {5{cout}}};
    wire lts = (av[31] ^ b_op[31]) ? av[31] : sum[31];
    wire cmp = (op_seq & zero) | (op_sne & !zero) | (op_sltu & !cout) | (op_slt & lts);
    wire [ROM_AW-1:0] link_g = {ROM_AW{op_jal}} & pc_inc;
    reg  [31:0] link32;
    always @(*) begin
        link32 = 32'd0;
        link32[ROM_AW-1:0] = link_g;
    end
    assign wdata = merge | logic_g | clrl_g | in_g | {26'd0, ctz_g} | link32 | {31'd0, cmp};

    // ---- outputs ---------------------------------------------------------------------
    assign o_io_rd    = in_x && op_in && !i_reset;
    assign o_io_wr    = in_x && op_out && !i_reset;
    assign o_io_port  = k10[7:0];
    assign o_io_wdata = av;
    assign o_rf_we    = we;
    assign o_rf_waddr = waddr;
    assign o_rf_wdata = wdata;

    // bits that no instruction uses
    wire unused_ue = &{1'b0, b_op[31:5], k19[9:0], s34[0], h4[3], f_t14};

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job ue): BMC + k-induction
    // at a small ROM (the register RAM is free values, see above).
    // the word as executed (a PC past ROM_DEPTH executes a halt)
    wire [31:0] f_word = {op, rom_q[26:0]};
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);
    wire f_run = f_past && !i_reset;
    // ghosts: f_ret = the current instruction has retired (cleared when
    // one enters X); f_new = no instruction started since reset;
    // f_clean = the ROM word at PC has not been written since its fetch;
    // f_lpc/f_lw/f_lnpc = the last retired instruction, its word and the
    // PC it went to (valid once f_any)
    reg f_ret = 1'b0, f_new = 1'b0, f_clean = 1'b0, f_any = 1'b0;
    reg [ROM_AW-1:0] f_lpc = 0, f_lnpc = 0;
    reg [31:0] f_lw = 32'd0;
    always @(posedge i_clk) begin
        if (ph == PH_D && !o_halt) begin f_ret <= 1'b0; f_new <= 1'b0; end
        if (o_retire) begin
            f_ret <= 1'b1; f_any <= 1'b1;
            f_lpc <= pc; f_lw <= f_word; f_lnpc <= npc;
        end
        if (i_rom_we && i_rom_waddr == pc) f_clean <= 1'b0;
        if (rom_re) f_clean <= !(i_rom_we && i_rom_waddr == npc);
        if (i_reset) begin f_ret <= 1'b0; f_new <= 1'b1; f_any <= 1'b0; end
    end
    wire [4:0] f_lop = f_lw[`WQ_UE_F_OP_RANGE];
    wire f_lbr = (f_lop == `WQ_UE_OP_BZ) || (f_lop == `WQ_UE_OP_BNZ) ||
                 (f_lop == `WQ_UE_OP_BBC) || (f_lop == `WQ_UE_OP_BBS);
    wire [13:0] f_lt14 = {(f_lop == `WQ_UE_OP_JAL) ? f_lw[`WQ_UE_F_TJ_RANGE] : f_lw[`WQ_UE_F_TB_RANGE],
                          f_lw[`WQ_UE_F_T_RANGE]};
    wire [ROM_AW-1:0] f_lt = f_lt14[ROM_AW-1:0];

    // the cycle state is legal: D, X or M; M only for ld; halted only in D
    always @(*) if (f_past) begin
        assert(ph != 2'd3);
        if (in_m) assert(op_ld);
        if (o_halt) assert(ph == PH_D);
    end
    // the word being executed is the ROM word at PC (unless a loader
    // overwrote it since); reset fetches PC 0
    always @(*) if (f_past && f_clean && !pad) assert(rom_q == f_rom_pc);
    // the padding past ROM_DEPTH: exactly the PCs from ROM_DEPTH up
    always @(*) if (f_past) assert(pad == ({1'b0, pc} >= DEPTH));
    // ... which executes as halt PAD_HALT_CODE: retires in its X cycle
    // without a write or a strobe, then stays halted with that code
    always @(*) if (f_past && !i_reset && pad) begin
        if (in_x) assert(o_retire && !o_rf_we && !o_io_rd && !o_io_wr);
        if (o_halt) assert(o_halt_code == PAD_CODE);
    end
    always @(*) if (f_past && f_new) assert(pc == {ROM_AW{1'b0}} && ph == PH_D);
    // a reset cycle completes, writes and strobes nothing
    always @(*) if (i_reset) assert(!o_retire && !o_rf_we && !o_io_rd && !o_io_wr);
    // I/O strobes only in X, never both; an access that waits does not
    // retire or write, and stays unchanged into the next cycle
    always @(*) begin
        if (o_io_rd || o_io_wr) assert(in_x);
        assert(!(o_io_rd && o_io_wr));
        if ((o_io_rd || o_io_wr) && i_io_wait) assert(!o_retire && !o_rf_we);
        if ((o_io_rd || o_io_wr) && !i_io_wait) assert(o_retire);
    end
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset && $past((o_io_rd || o_io_wr) && i_io_wait))
            assert(o_io_rd == $past(o_io_rd) && o_io_wr == $past(o_io_wr) &&
                   o_io_port == $past(o_io_port) && o_io_wdata == $past(o_io_wdata));
    // the strobes and the port are valid from an in/out's first X cycle
    always @(*) if (f_past && !i_reset && in_x && is_io)
        assert(o_io_rd == op_in && o_io_wr == op_out && o_io_port == rom_q[7:0]);
    // an access that completes ends its strobe: without i_io_wait an
    // in/out strobes for exactly one cycle
    always @(posedge i_clk)
        if (f_past && $past((o_io_rd || o_io_wr) && !i_io_wait))
            assert(!o_io_rd && !o_io_wr);
    // exactly one retire per instruction: none twice, and every
    // instruction that was started has retired by the next D
    always @(*) if (f_past) begin
        if (o_retire) assert((in_x || in_m) && !f_ret);
        if (ph == PH_D && !f_new) assert(f_ret);
    end
    // no register write to physical word 0 (r0); writes only when an
    // instruction retires (ld: in M)
    always @(*) if (o_rf_we) assert(o_rf_waddr != {PHYS_AW{1'b0}} && o_retire);
    // the operand-b controls latched in D are the decode of the word in
    // rom_q for as long as it executes
    always @(*) if (f_past && (in_x || in_m)) begin
        assert(q_use_imm == use_imm);
        assert(q_zb == (op_in | op_shl | op_shr | op_sra | op_ext | op_ins | op_bz | op_bnz |
                        is_bb | op_ctz | op_clrl));
        assert(q_inv == (sub_c | op_ctz | op_clrl | op_andn) && q_cin == sub_c);
        assert(q_rot_x == (op_shl | op_shr | op_sra | op_ext | op_ins));
        assert(q_neg_r == (op_shr | op_sra | op_ext | is_bb) && q_is_bb == is_bb);
        assert(q_lih == op_lih && q_ext == op_ext && q_ins == op_ins && q_sra == op_sra);
        assert(q_sel_t == (op_add | op_sub | is_l | op_shl | op_ins));
        assert(q_sel_rt == (op_shr | op_sra | op_ext) && q_sel_d == (op_ins | op_lih | op_st));
        assert(imm == (is_l ? {{13{k19[18]}}, k19} : {{22{k10[9]}}, k10}) && q_bit == f_bit);
    end
    // a branch's condition on a (av) is the one on its sum and rotation
    // (in X, where it is taken)
    always @(*) if (f_past && in_x && (op_bz || op_bnz)) assert(br_z == zero);
    always @(*) if (f_past && in_x && is_bb) assert(br_bit == rot[0]);
    // the write-back register: a retiring write is pending in the next
    // cycle exactly, with the retire's address and word; it lands in a D
    // cycle (never in ld's X, whose read it would collide with), and a read
    // of its address in that cycle is marked, so the only read that meets
    // a write in one cycle (no_rw_check: its data is undefined) is replaced
    // by wb_d; the mark is held with the read register
    always @(posedge i_clk)
        if (f_past) begin
            assert(wb_v == $past(o_rf_we));
            if ($past(o_rf_we)) assert(wb_a == $past(o_rf_waddr) && wb_d == $past(o_rf_wdata));
            if ($past(wb_v && re_a)) assert(byp_a == ($past(ra_addr) == $past(wb_a)));
            if ($past(wb_v && re_b)) assert(byp_b == ($past(rb_addr) == $past(wb_a)));
            if ($past(!re_a)) assert(byp_a == $past(byp_a));
            if ($past(!re_b)) assert(byp_b == $past(byp_b));
        end
    always @(*) if (f_past && wb_v) assert(ph == PH_D && wb_a != {PHYS_AW{1'b0}});
    always @(*) if (f_past && in_m) assert(!byp_a);
    // halted: nothing retires, writes or strobes until reset; o_halt
    // only rises after a halt (or the reserved opcode) retired
    always @(*) if (o_halt) assert(!o_retire && !o_rf_we && !o_io_rd && !o_io_wr);
    always @(posedge i_clk)
        if (f_past && !$past(i_reset)) begin
            if ($past(o_halt)) assert(o_halt);
            if (o_halt && !$past(o_halt))
                assert($past(o_retire) && f_lop >= `WQ_UE_OP_HALT);
        end
    // o_retire_pc is where the word was fetched: the PC the previous
    // instruction went to -- PC + 1, or a taken branch's / jal's target
    // (stated on PC, which o_retire_pc is, so that it is inductive)
    always @(*) if (f_past && f_any) begin
        if (!o_halt) assert(pc == f_lnpc);
        if (!f_lbr && f_lop != `WQ_UE_OP_JAL && f_lop != `WQ_UE_OP_JR && f_lop < `WQ_UE_OP_HALT)
            assert(f_lnpc == f_lpc + 1'b1);
        if (f_lbr) assert(f_lnpc == f_lpc + 1'b1 || f_lnpc == f_lt);
        if (f_lop == `WQ_UE_OP_JAL) assert(f_lnpc == f_lt);
    end
    // bookkeeping of the ghosts (makes the properties inductive)
    always @(*) if (f_past) begin
        if (f_new) assert(!f_any && !f_ret && !o_halt && ph == PH_D);
        if (in_x || in_m) assert(!f_ret);
        if (o_halt) assert(f_ret && f_any && f_lpc == pc && f_lw == f_word && f_lop >= `WQ_UE_OP_HALT);
        if (f_ret && !o_halt) assert(f_any && f_lop < `WQ_UE_OP_HALT);
    end
    // covers (each reached from reset by scripts/formal.sh): a branch
    // taken and one not taken, a call (jal) and a return (jr), a load
    // through M, a register write, an in that waits and an out, a halt,
    // an instruction that retires after a loader write to its own word,
    // one that reads both operands from the write-back register,
    // and (ROM_DEPTH < 2^ROM_AW) the padding past the ROM halting
    wire f_op_now = o_retire;
    always @(*)
    if (f_past && !i_reset)
    begin
        c_branch_taken: cover(f_op_now && (op == `WQ_UE_OP_BZ || op == `WQ_UE_OP_BNZ
                              || op == `WQ_UE_OP_BBC || op == `WQ_UE_OP_BBS) && npc != pc + 1'b1);
        c_branch_fall:  cover(f_op_now && (op == `WQ_UE_OP_BZ || op == `WQ_UE_OP_BNZ) && npc == pc + 1'b1);
        c_call:         cover(f_op_now && op == `WQ_UE_OP_JAL && o_rf_we);
        c_return:       cover(f_op_now && op == `WQ_UE_OP_JR);
        c_load:         cover(f_op_now && in_m && o_rf_we);
        c_in_wait:      cover(o_io_rd && i_io_wait);
        c_out:          cover(o_io_wr && !i_io_wait);
        c_halt:         cover(o_halt && !pad);
        c_rom_write:    cover(f_op_now && !f_clean);
        c_bypass:       cover(f_op_now && byp_a && byp_b);
    end
    generate if (ROM_DEPTH < (1 << ROM_AW))
    begin : g_fpad
        always @(*)
        if (f_past && !i_reset)
            c_pad_halt: cover(o_halt && pad);
    end endgenerate
`endif
endmodule

