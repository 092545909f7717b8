// wq_decode.v -- instruction decoder of the warp scheduler (DESIGN §3, isa.c).
//
// Combinational: one 64-bit instruction word in, its fields, format, flags,
// legality and highest register out.  The per-opcode and per-format facts
// come from build/gen/wq_decode.vh, generated from cmodel/spec/isa*.def by
// `wq_gen vdecode`, so this file holds only the operand rules of the
// model's isa.c (operands_legal, max_reg): unused fields zero, BI selects
// exactly one of rb / imm, FN and SREG codes that exist, SETP's pd below PT,
// LD/ST .v4 register quads inside the file, ATOM.CAS's rb+1 pair, branch
// targets inside the 22-bit PC (BRA's relative offset excepted), a
// conversion's rounding mode that exists.  FP = 0 (a machine without an
// FPU, the model's configuration fp = 0): an opcode flagged WQ_IF_FP is
// not legal, as an unknown one (isa_flags.def).
`default_nettype none
`include "wq_defs.vh"
`include "wq_predec.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_decode #(
    parameter FP = 0                             // 1: the FP opcodes are legal
) (
    input  wire [63:0]               i_insn,
    output wire                      o_legal,    // wq_decode() == 0
    output wire [`WQ_OP_W-1:0]       o_op,
    output wire [`WQ_FMT_W-1:0]      o_fmt,
    output wire [`WQ_IF_W-1:0]       o_flags,
    output wire [`WQ_F_GP_W-1:0]     o_gp,
    output wire                      o_gn,
    output wire [`WQ_F_RD_W-1:0]     o_rd,
    output wire [`WQ_F_RA_W-1:0]     o_ra,
    output wire [`WQ_F_RB_W-1:0]     o_rb,
    output wire                      o_bi,
    output wire [`WQ_F_FN_W-1:0]     o_fn,
    output wire [`WQ_F_IMM_W-1:0]    o_imm,
    output wire [2:0]                o_words,    // LD/ST words per thread (1 or 4)
    output wire [1:0]                o_msize,    // LD/ST log2 bytes per register (else 2)
    output wire                      o_msext,    // LD sign-extends a sub-word
    output wire [3:0]                o_amask,    // LD/ST/ATOM address alignment mask
    output wire                      o_gp_pt,    // guard is PT (always true)
    output wire                      o_selp_pt,  // SEL's predicate (FN & 7) is PT
    output wire [5:0]                o_maxreg,   // highest register read or written
    output wire [`WQ_PD_W-1:0]       o_pd        // the predecoded fields, packed (wq_predec.vh)
);
`include "wq_decode.vh"

    localparam PCW = `WQ_TF_ADDR_W;              // a PC is a token address

    assign o_op  = i_insn[`WQ_F_OP_RANGE];
    assign o_gp  = i_insn[`WQ_F_GP_RANGE];
    assign o_gn  = i_insn[`WQ_F_GN_LO];
    assign o_rd  = i_insn[`WQ_F_RD_RANGE];
    assign o_ra  = i_insn[`WQ_F_RA_RANGE];
    assign o_rb  = i_insn[`WQ_F_RB_RANGE];
    assign o_bi  = i_insn[`WQ_F_BI_LO];
    assign o_fn  = i_insn[`WQ_F_FN_RANGE];
    assign o_imm = i_insn[`WQ_F_IMM_RANGE];

    assign o_gp_pt   = ({29'd0, o_gp} == `WQ_DEC_PT);
    assign o_selp_pt = ({29'd0, o_fn[2:0]} == `WQ_DEC_PT);

    wire [`WQ_DEC_INFO_W-1:0] info = wq_dec_opinfo(o_op);
    assign o_fmt   = info[`WQ_FMT_W+`WQ_IF_W-1:`WQ_IF_W];
    assign o_flags = info[`WQ_IF_W-1:0];
    // (the table's known bit is in fh: the formal section's reference reads it)
    wire unused_info = &{1'b0, info[`WQ_DEC_INFO_W-1]};

    // The opcode's format, one-hot (0: an unknown opcode, or an FP one
    // without an FPU).  Legality and the highest register are written as
    // AND-ORs of these bits with tests of the fields that every format
    // computes beside the opcode's decode (each with its format's
    // constants), so the opcode's decode and the field tests are parallel
    // cones that meet at the last levels (the chains opcode -> format code
    // -> used mask -> test -> legal, and opcode -> format -> extension ->
    // sum -> compare -> max -> compare -> max, are 11 and 16 ECP5 levels;
    // this form is 7: docs/rtl/wq_decode.md).
    localparam NF = 1 << `WQ_FMT_W;
    wire [NF-1:0] fh = wq_dec_fmt_hot(o_op, FP != 0);
    wire f_ld = fh[`WQ_FMT_LD];
    wire f_st = fh[`WQ_FMT_ST];
    wire f_a  = fh[`WQ_FMT_A];

    wire [2:0] words = wq_dec_memw_words(o_fn);
    assign o_words = words;
    // the LSU's view of the width: {ST may use it, sign, alignment mask,
    // log2 bytes}; ATOM (and every other opcode) is a word access
    wire [7:0] mlsu = wq_dec_memw_lsu(o_fn);
    wire       f_ldst = f_ld || f_st;
    assign o_msize = f_ldst ? mlsu[1:0] : 2'd2;
    assign o_msext = f_ld && mlsu[6];
    assign o_amask = f_ldst ? mlsu[5:2] : 4'd3;

    // operands_legal().  Every bound is a compare of a register field with
    // a constant (for LD / ST one per possible word count), written as
    // gates by le_k (wq_cmp_k.vh): constant-folded to a few LUTs, where a compare
    // operator becomes a carry chain (rd + words <= NUM_REGS alone took
    // an adder and a 7-bit chain).
`include "wq_cmp_k.vh"
    localparam [6:0] NREGS = `WQ_DEC_NUM_REGS;
    localparam [6:0] PT_M1 = `WQ_DEC_PT - 1;
    // rd + words <= NUM_REGS (LD), rb + words <= NUM_REGS (ST)
    reg  rd_fit, rb_fit;
    integer fit_k;
    always @(*) begin
        rd_fit = 1'b0;
        rb_fit = 1'b0;
        for (fit_k = 1; fit_k < 8; fit_k = fit_k + 1)
            if ({29'd0, words} == fit_k) begin
                rd_fit = le_k({27'd0, o_rd}, {25'd0, NREGS - fit_k[6:0]});
                rb_fit = le_k({27'd0, o_rb}, {25'd0, NREGS - fit_k[6:0]});
            end
    end
    wire imm_in_pc = (o_imm >> PCW) == 0;
    wire cas       = o_fn == `WQ_ATOM_CAS;
    // each format's test of the fields: the bits it does not use are zero,
    // BI selects one of rb / imm (the other zero: one spelling per word),
    // and its operand rules
    wire [NF-1:0] fok;
    genvar gf;
    generate for (gf = 0; gf < NF; gf = gf + 1) begin : g_fmt
        localparam [63:0] USED = wq_dec_fmt_used(gf);
        wire bi_ok = !USED[`WQ_F_BI_LO] || (o_bi ? (o_rb == 0) : (o_imm == 0));
        wire ops_ok = (gf == `WQ_FMT_P)  ? wq_dec_cmp_ok(o_fn) && le_k({27'd0, o_rd}, {25'd0, PT_M1}) :
                      (gf == `WQ_FMT_LD) ? rd_fit :                 // (words 0: no such width)
                      (gf == `WQ_FMT_ST) ? rb_fit && mlsu[7] :      // (.bu / .hu: loads only)
                      (gf == `WQ_FMT_A)  ? wq_dec_atom_ok(o_fn) &&
                                           (!cas || le_k({27'd0, o_rb}, {25'd0, NREGS - 7'd2})) :
                      (gf == `WQ_FMT_SR) ? wq_dec_sreg_ok(o_imm) :
                      (gf == `WQ_FMT_CV) ? wq_dec_rm_ok(o_fn) :
                      (gf == `WQ_FMT_B)  ? (o_op == `WQ_OP_BRA) || imm_in_pc :
                      (gf == `WQ_FMT_BL) ? imm_in_pc : 1'b1;
        assign fok[gf] = ((i_insn & ~USED) == 64'd0) && bi_ok && ops_ok;
    end endgenerate
    assign o_legal = (fh & fok) != {NF{1'b0}};

    // max_reg(): rd (+3 for ld.v4), ra, rb (+3 for st.v4, +1 for atom.cas).
    // In RW bits: every register a legal word names is below NUM_REGS, so
    // for a legal word no sum carries out of them.  An illegal word's
    // o_maxreg means nothing (the schedulers trap on o_legal first), and a
    // legal word's unused fields are zero, so the maximum is one of five
    // forms computed from the fields alone, each beside the others, and
    // the format picks one at the last level:
    //   SETP          max(ra, rb|imm)            (pd is a predicate)
    //   LD            max(rd + words - 1, ra)
    //   ST            max(ra, rb + words - 1)
    //   ATOM.CAS      max(rd, ra, rb + 1)
    //   every other   max(rd, ra, rb|imm)        (rb|imm: 0 when BI)
    // LD's and ST's sums are formed for each word count FN's table gives
    // (WSET) and selected by the count, so they do not wait for the table.
    localparam RW = $clog2(`WQ_DEC_NUM_REGS);
    localparam [7:0] WSET = `WQ_DEC_MEMW_WORDS_SET;
    wire [RW-1:0] rd_n = o_rd[RW-1:0];
    wire [RW-1:0] ra_n = o_ra[RW-1:0];
    wire [RW-1:0] rb_n = o_rb[RW-1:0];
    wire [RW-1:0] rb_1 = rb_n + {{(RW-1){1'b0}}, 1'b1};
    wire [RW-1:0] dsel [0:7];
    wire [RW-1:0] bsel [0:7];
    wire [7:0]    cdw, cabw;
    genvar gk;
    generate for (gk = 0; gk < 8; gk = gk + 1) begin : g_w
        if (gk >= 1 && WSET[gk]) begin : g_on
            localparam [2:0] OFF = gk - 1;
            wire          is_k = words == gk;
            wire [RW-1:0] dk = rd_n + {{(RW-3){1'b0}}, OFF};
            wire [RW-1:0] bk = rb_n + {{(RW-3){1'b0}}, OFF};
            assign dsel[gk] = {RW{is_k}} & dk;
            assign bsel[gk] = {RW{is_k}} & bk;
            assign cdw[gk]  = is_k && dk >= ra_n;
            assign cabw[gk] = is_k && ra_n >= bk;
        end else begin : g_off
            assign dsel[gk] = {RW{1'b0}};
            assign bsel[gk] = {RW{1'b0}};
            assign cdw[gk]  = 1'b0;
            assign cabw[gk] = 1'b0;
        end
    end endgenerate
    wire [RW-1:0] rd_w = dsel[0] | dsel[1] | dsel[2] | dsel[3] | dsel[4] | dsel[5] | dsel[6] | dsel[7];
    wire [RW-1:0] rb_w = bsel[0] | bsel[1] | bsel[2] | bsel[3] | bsel[4] | bsel[5] | bsel[6] | bsel[7];
    // the compares, each of two fields (BI folded in: rb|imm is 0 when BI)
    wire c_da  = rd_n >= ra_n;
    wire c_db  = o_bi || rd_n >= rb_n;
    wire c_ab  = o_bi || ra_n >= rb_n;
    wire c_db1 = rd_n >= rb_1;
    wire c_ab1 = ra_n >= rb_1;
    wire [RW-1:0] v_p   = c_ab ? ra_n : rb_n;
    wire [RW-1:0] v_ld  = (cdw != 8'd0) ? rd_w : ra_n;
    wire [RW-1:0] v_st  = (cabw != 8'd0) ? ra_n : rb_w;
    wire [RW-1:0] v_cas = (c_da && c_db1) ? rd_n : c_ab1 ? ra_n : rb_1;
    wire [RW-1:0] v_gen = (c_da && c_db) ? rd_n : c_ab ? ra_n : rb_n;
    wire [RW-1:0] m_x = fh[`WQ_FMT_P] ? v_p : f_ld ? v_ld : f_st ? v_st : (f_a && cas) ? v_cas : v_gen;
    assign o_maxreg = {{(6-RW){1'b0}}, m_x};

    // The fields the core's fetch keeps beside a word in its instruction
    // buffer (wq_fetch) and DE reads from registers (wq_de_stage), packed
    // here, once, in the order rtl/wq_predec.vh's ranges name.
    assign o_pd[`WQ_PD_LEGAL]  = o_legal;
    assign o_pd[`WQ_PD_FLAGS]  = o_flags;
    assign o_pd[`WQ_PD_WORDS]  = o_words;
    assign o_pd[`WQ_PD_MSIZE]  = o_msize;
    assign o_pd[`WQ_PD_MSEXT]  = o_msext;
    assign o_pd[`WQ_PD_AMASK]  = o_amask;
    assign o_pd[`WQ_PD_MAXREG] = o_maxreg;

`ifdef FORMAL
    // The reference: the decoder's definition through the binary format
    // code (isa.c's order: opcode -> format -> used fields -> operand
    // rules; max_reg as two maxima), to which the one-hot form above is
    // proved equal for every word.
    wire fp_op = (o_flags & `WQ_IF_FP) != 0;
    wire known = info[`WQ_DEC_INFO_W-1] && (FP != 0 || !fp_op);
    wire [63:0] used = wq_dec_fmt_used(o_fmt);
    wire uses_rd = used[`WQ_F_RD_LO];
    wire uses_ra = used[`WQ_F_RA_LO];
    wire uses_rb = used[`WQ_F_RB_LO];
    wire uses_bi = used[`WQ_F_BI_LO];
    reg  r_ops_ok;
    always @(*) begin
        case (o_fmt)
        `WQ_FMT_P:  r_ops_ok = wq_dec_cmp_ok(o_fn) && le_k({27'd0, o_rd}, {25'd0, PT_M1});
        `WQ_FMT_LD: r_ops_ok = rd_fit;
        `WQ_FMT_ST: r_ops_ok = rb_fit && mlsu[7];
        `WQ_FMT_A:  r_ops_ok = wq_dec_atom_ok(o_fn) &&
                               (o_fn != `WQ_ATOM_CAS || le_k({27'd0, o_rb}, {25'd0, NREGS - 7'd2}));
        `WQ_FMT_SR: r_ops_ok = wq_dec_sreg_ok(o_imm);
        `WQ_FMT_CV: r_ops_ok = wq_dec_rm_ok(o_fn);
        `WQ_FMT_B:  r_ops_ok = (o_op == `WQ_OP_BRA) || imm_in_pc;
        `WQ_FMT_BL: r_ops_ok = imm_in_pc;
        default:    r_ops_ok = 1'b1;
        endcase
    end
    wire r_bi_ok = !uses_bi || (o_bi ? (o_rb == 0) : (o_imm == 0));
    wire r_legal = known && ((i_insn & ~used) == 64'd0) && r_bi_ok && r_ops_ok;
    wire [RW-1:0] dext = (o_fmt == `WQ_FMT_LD) ? {{(RW-3){1'b0}}, words - 3'd1} : {RW{1'b0}};
    wire [RW-1:0] bext = (o_fmt == `WQ_FMT_ST) ? {{(RW-3){1'b0}}, words - 3'd1} :
                         (o_fmt == `WQ_FMT_A && o_fn == `WQ_ATOM_CAS) ? {{(RW-1){1'b0}}, 1'b1}
                                                                       : {RW{1'b0}};
    wire [RW-1:0] m_rd = (uses_rd && o_fmt != `WQ_FMT_P) ? o_rd[RW-1:0] + dext : {RW{1'b0}};
    wire [RW-1:0] m_ra = uses_ra ? o_ra[RW-1:0] : {RW{1'b0}};
    wire [RW-1:0] m_rb = (uses_rb && !(uses_bi && o_bi)) ? o_rb[RW-1:0] + bext : {RW{1'b0}};
    wire [RW-1:0] m_1  = (m_rd > m_ra) ? m_rd : m_ra;
    wire [RW-1:0] r_mx = (m_1 > m_rb) ? m_1 : m_rb;
    // the one-hot format is the format code's, for the known opcodes
    always @(*) assert(fh == (known ? ({{(NF-1){1'b0}}, 1'b1} << o_fmt) : {NF{1'b0}}));
    // legality is the reference's for every word; the highest register
    // for every legal one
    always @(*) assert(o_legal == r_legal);
    always @(*) if (o_legal) assert(m_x == r_mx);
    // a legal word names an opcode of isa.def and sets no unused bit
    always @(*) if (o_legal) assert(known && (i_insn & ~used) == 64'd0);
    // the highest register covers every register field the format uses
    always @(*) if (o_legal && uses_ra) assert(o_maxreg >= {1'b0, o_ra});
    // (an LD also reads ra: the highest register is at least rd + words - 1,
    // computed here in 6 bits, so the RW-bit sums above do not wrap)
    always @(*) if (o_legal && o_fmt == `WQ_FMT_LD)
        assert(o_maxreg == {1'b0, o_rd} + {3'b0, words} - 6'd1 || o_maxreg >= {1'b0, o_ra});
    always @(*) if (o_legal && o_fmt == `WQ_FMT_LD)
        assert(o_maxreg >= {1'b0, o_rd} + {3'b0, words} - 6'd1);
    always @(*) if (o_legal && o_fmt == `WQ_FMT_ST)
        assert(o_maxreg >= {1'b0, o_rb} + {3'b0, words} - 6'd1);
    always @(*) if (o_legal && o_fmt == `WQ_FMT_A && o_fn == `WQ_ATOM_CAS)
        assert(o_maxreg >= {1'b0, o_rb} + 6'd1);
    // ... and exactly the largest of the fields used
    always @(*) if (o_legal) assert(m_x == m_rd || m_x == m_ra || m_x == m_rb);
    always @(*) if (o_legal) assert(m_x >= m_rd && m_x >= m_ra && m_x >= m_rb);
    // a legal LD / ST stays inside the register file
    always @(*) if (o_legal && (o_fmt == `WQ_FMT_LD || o_fmt == `WQ_FMT_ST))
        assert({26'b0, o_maxreg} < `WQ_DEC_NUM_REGS);
    // without an FPU no FP opcode is legal
    always @(*) if (o_legal && FP == 0) assert(!fp_op);
    // SETP never names PT as its destination
    always @(*) if (o_legal && o_fmt == `WQ_FMT_P) assert({27'b0, o_rd} < `WQ_DEC_PT);
    // covers (each reached by scripts/formal.sh): a legal word of every
    // format, a 4-word LD and ST, a CAS, and a word refused for an unused
    // bit of a known opcode
    always @(*) begin
        c_fmt_n:  cover(o_legal && o_fmt == `WQ_FMT_N);
        c_fmt_b:  cover(o_legal && o_fmt == `WQ_FMT_B);
        c_fmt_x:  cover(o_legal && o_fmt == `WQ_FMT_X);
        c_fmt_bl: cover(o_legal && o_fmt == `WQ_FMT_BL);
        c_fmt_r:  cover(o_legal && o_fmt == `WQ_FMT_R);
        c_fmt_m1: cover(o_legal && o_fmt == `WQ_FMT_M1);
        c_fmt_p:  cover(o_legal && o_fmt == `WQ_FMT_P);
        c_fmt_s:  cover(o_legal && o_fmt == `WQ_FMT_S);
        c_fmt_sr: cover(o_legal && o_fmt == `WQ_FMT_SR);
        // (no CV cover: only FP opcodes use CV, and none is legal at FP = 0)
        c_ld4:    cover(o_legal && o_fmt == `WQ_FMT_LD && words == 3'd4);
        c_st4:    cover(o_legal && o_fmt == `WQ_FMT_ST && words == 3'd4);
        c_cas:    cover(o_legal && o_fmt == `WQ_FMT_A && o_fn == `WQ_ATOM_CAS);
        c_unused: cover(!o_legal && known && (i_insn & ~used) != 64'd0);
    end
`endif
endmodule
