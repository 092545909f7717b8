/* test_asm.c -- the .wqs assembler: layout, encodings, launch descriptors,
 * error messages, and that no input at all can crash it. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/asm.h"
#include "wq/isa.h"
#include "wq/loader.h"
#include "wq/mem.h"

static void asm_ok(const char *src, wq_program_t *p)
{
    char err[512];
    int rc = wq_asm(src, strlen(src), "k.wqs", p, err, sizeof err);
    cr_assert_eq(rc, 0, "unexpected error: %s", err);
}

static void asm_err(const char *src, const char *want)
{
    wq_program_t p;
    char err[512];
    int rc = wq_asm(src, strlen(src), "k.wqs", &p, err, sizeof err);
    cr_assert_eq(rc, -1, "no error for:\n%s", src);
    cr_assert(strstr(err, want), "error '%s' does not contain '%s'", err, want);
    cr_assert_eq(p.nsegs, 0, "program freed on error");
}

static uint64_t word_at(const wq_program_t *p, unsigned i)
{
    uint64_t w = 0;
    cr_assert_lt(i, p->ninsn);
    for (int b = 7; b >= 0; b--)
        w = (w << 8) | p->segs[0].bytes[8 * i + (unsigned)b];
    return w;
}

static wq_insn_t insn_at(const wq_program_t *p, unsigned i)
{
    wq_insn_t d;
    cr_assert_eq(wq_decode(word_at(p, i), &d), 0, "pc %u illegal", i);
    return d;
}

static uint32_t sym(const wq_program_t *p, const char *name)
{
    uint32_t v = 0;
    cr_assert_eq(wq_program_sym(p, name, &v), 0, "no symbol %s", name);
    return v;
}

Test(asm, labels_forward_and_back)
{
    wq_program_t p;
    asm_ok("start:  nop\n"          /* 0 */
           "        jmp fwd\n"      /* 1 */
           "back:   nop\n"          /* 2 */
           "        bra back\n"     /* 3: 2 - 4 = -2 */
           "fwd:    bra back\n"     /* 4: 2 - 5 = -3 */
           "        bra fwd2\n"     /* 5: 7 - 6 = 1 */
           "        call r7, back\n" /* 6 */
           "fwd2:   @p2 bra fwd2\n" /* 7: 7 - 8 = -1 */
           "        ssy fwd2+1\n",  /* 8 */
           &p);
    cr_assert_eq(p.ninsn, 9);
    cr_assert_eq(p.code_base, WQ_ASM_DEFAULT_CODE);
    cr_assert_eq(sym(&p, "fwd"), 4);
    cr_assert_eq(insn_at(&p, 1).imm, 4);
    cr_assert_eq(insn_at(&p, 1).op, WQ_OP_JMP);
    cr_assert_eq(insn_at(&p, 3).imm, (uint32_t)-2);
    cr_assert_eq(insn_at(&p, 4).imm, (uint32_t)-3);
    cr_assert_eq(insn_at(&p, 5).imm, 1);
    cr_assert_eq(insn_at(&p, 6).imm, 2);
    cr_assert_eq(insn_at(&p, 6).rd, 7, "call names its link register");
    cr_assert_eq(insn_at(&p, 7).imm, (uint32_t)-1);
    cr_assert_eq(insn_at(&p, 7).gp, 2);
    cr_assert_eq(insn_at(&p, 8).imm, 8);
    wq_program_free(&p);
}

Test(asm, bra_relative_encoding)
{
    wq_program_t p;
    /* PC arithmetic wraps at 22 bits: the shortest signed offset is used */
    asm_ok("bra 1\nbra 0x3FFFFF\nbra 0\n", &p);
    cr_assert_eq(word_at(&p, 0), ((uint64_t)0 << WQ_F_IMM_LO) | ((uint64_t)WQ_PT << WQ_F_GP_LO) |
                                     WQ_OP_BRA);
    cr_assert_eq(insn_at(&p, 1).imm, (uint32_t)-3);     /* 0x3FFFFF - 2 */
    cr_assert_eq(insn_at(&p, 2).imm, (uint32_t)-3);
    for (unsigned i = 0; i < 3; i++)
        cr_assert_eq(wq_bra_target(i, insn_at(&p, i).imm), i == 0 ? 1u : i == 1 ? WQ_PC_MASK : 0u);
    wq_program_free(&p);
}

Test(asm, operand_forms)
{
    wq_program_t p;
    asm_ok("ADD R1, R2, R3\n"                 /* 0 case-insensitive */
           "add r1, r2, -1\n"                 /* 1 */
           "mov r4, 0xFFFFFFFF\n"             /* 2 */
           "mov r4, -2147483648\n"            /* 3 */
           "SETP.LTU P6, r1, 'a'\n"           /* 4 */
           "sel r1, r2, 7, !p3\n"             /* 5 */
           "ld r1, [r2 - 4 + 8]\n"            /* 6 */
           "ld r1, [r2+ -4]\n"                /* 7 */
           "st.v4 [r3+0x10], r28\n"           /* 8 */
           "atom.cas r1, [r2], r30\n"         /* 9 */
           "s2r r5, CTAID.Y\n"                /* 10 */
           "@!pt brx r9\n"                    /* 11 */
           "ld.w32 r1, [r2]\n"                /* 12 */
           "mov r1, 0b101 + 'A' - 1\n",       /* 13 */
           &p);
    wq_insn_t i = insn_at(&p, 0);
    cr_assert(i.op == WQ_OP_ADD && i.rd == 1 && i.ra == 2 && i.rb == 3 && !i.bi);
    i = insn_at(&p, 1);
    cr_assert(i.bi && i.imm == 0xFFFFFFFFu && i.rb == 0);
    cr_assert_eq(insn_at(&p, 2).imm, 0xFFFFFFFFu);
    cr_assert_eq(insn_at(&p, 3).imm, 0x80000000u);
    i = insn_at(&p, 4);
    cr_assert(i.op == WQ_OP_SETP && i.fn == WQ_CMP_LTU && i.rd == 6 && i.imm == 'a');
    i = insn_at(&p, 5);
    cr_assert(i.fn == WQ_SEL_FN(1, 3) && i.imm == 7);
    cr_assert_eq(insn_at(&p, 6).imm, 4);
    cr_assert_eq(insn_at(&p, 7).imm, (uint32_t)-4);
    i = insn_at(&p, 8);
    cr_assert(i.op == WQ_OP_ST && i.fn == WQ_MEMW_V4 && i.rb == 28 && i.imm == 16);
    i = insn_at(&p, 9);
    cr_assert(i.fn == WQ_ATOM_CAS && i.rb == 30 && i.maxreg == 31);
    cr_assert_eq(insn_at(&p, 10).imm, WQ_SR_CTAID_Y);
    i = insn_at(&p, 11);
    cr_assert(i.gp == WQ_PT && i.gn == 1 && i.ra == 9);
    cr_assert_eq(insn_at(&p, 12).fn, WQ_MEMW_W32);
    cr_assert_eq(insn_at(&p, 13).imm, 5 + 'A' - 1);
    wq_program_free(&p);
}

Test(asm, comments_and_case)
{
    wq_program_t p;
    asm_ok("# whole line\n"
           "  # indented\n"
           "Loop: nop ; trailing\n"
           "loop: nop // c++ style\n"
           "mov r1, ';'   # char literal is not a comment\n"
           "mov r2, '#'\r\n"
           ".data 0x2000\n"
           ".dump 0x2000, 1, \"a;b#c\" ; name keeps its ';'\n",
           &p);
    cr_assert_eq(sym(&p, "Loop"), 0);
    cr_assert_eq(sym(&p, "loop"), 1);
    cr_assert_eq(insn_at(&p, 2).imm, ';');
    cr_assert_eq(insn_at(&p, 3).imm, '#');
    cr_assert_eq(p.ndumps, 1);
    cr_assert_str_eq(p.dumps[0].name, "a;b#c");
    wq_program_free(&p);
}

Test(asm, data_placement)
{
    wq_program_t p;
    asm_ok(".code 0x800\n"
           ".equ N, 3\n"
           ".data 0x2000\n"
           "a: .word 1, 0x22, -1\n"
           "b: .dword 0x1122334455667788\n"
           "   .zero 4\n"
           "c: .fill N, 7\n"
           "d: .data 0x3001\n"
           "   .zero 1\n"
           "   .align 8\n"
           "e: .word 'A'\n"
           ".data 0x4003\n"
           "   .align 4\n"            /* empty segment: it just starts later */
           "f: .word e - a\n"
           ".text\n"
           "main: mov r1, a\n"
           "      mov r2, f + 4\n"
           ".data\n"                  /* continue the last data segment */
           "g: .word main\n"
           ".text\n"
           "      exit\n"
           ".expect 0x2000, 1\n"
           ".dump a, 4\n",
           &p);
    cr_assert_eq(p.code_base, 0x800);
    cr_assert_eq(p.segs[0].addr, 0x800);
    cr_assert_eq(p.ninsn, 3);
    cr_assert_eq(sym(&p, "a"), 0x2000);
    cr_assert_eq(sym(&p, "b"), 0x200c);
    cr_assert_eq(sym(&p, "c"), 0x2018);
    cr_assert_eq(sym(&p, "d"), 0x3001);
    cr_assert_eq(sym(&p, "e"), 0x3008);
    cr_assert_eq(sym(&p, "f"), 0x4004);
    cr_assert_eq(sym(&p, "g"), 0x4008);
    cr_assert_eq(sym(&p, "main"), 0);
    cr_assert_eq(insn_at(&p, 1).imm, 0x4008);
    cr_assert_eq(p.nexpects, 1);
    cr_assert_eq(p.expects[0].line, 22);
    cr_assert_not(p.expects[0].is_sum);
    cr_assert_eq(p.dumps[0].addr, 0x2000);
    cr_assert_eq(p.dumps[0].words, 4);
    cr_assert_null(p.dumps[0].name);

    wq_mem_t *m = wq_mem_new();
    cr_assert_not_null(m);
    wq_program_load(&p, m);
    cr_assert_eq(wq_mem_read32(m, 0x2000), 1);
    cr_assert_eq(wq_mem_read32(m, 0x2004), 0x22);
    cr_assert_eq(wq_mem_read32(m, 0x2008), 0xFFFFFFFFu);
    cr_assert_eq(wq_mem_read32(m, 0x200c), 0x55667788u);
    cr_assert_eq(wq_mem_read32(m, 0x2010), 0x11223344u);
    cr_assert_eq(wq_mem_read32(m, 0x2018), 7);
    cr_assert_eq(wq_mem_read32(m, 0x2020), 7);
    cr_assert_eq(wq_mem_read32(m, 0x2024), 0);
    cr_assert_eq(wq_mem_read32(m, 0x3008), 'A');
    cr_assert_eq(wq_mem_read32(m, 0x4004), 0x1008);
    cr_assert_eq(wq_mem_read32(m, 0x4008), 0);          /* main = instruction 0 */
    cr_assert_eq(wq_mem_read64(m, 0x800), word_at(&p, 0));
    cr_assert_eq(wq_mem_read64(m, 0x810), word_at(&p, 2));
    wq_mem_free(m);
    wq_program_free(&p);
}

#define LDF(w, word, f) \
    ((uint32_t)WQ_BITS((w)[WQ_LD_##word], WQ_LDF_##word##_##f##_HI, WQ_LDF_##word##_##f##_LO))

Test(asm, launch_descriptor)
{
    wq_program_t p;
    asm_ok(".code 0x10000\n"
           "main: exit\n"
           "go:   exit\n"
           ".launch k1\n"
           "  .entry go\n"
           "  .grid 2, 3, 4\n"
           "  .cta 64, 2\n"
           "  .regs 16\n"
           "  .param 0x5000\n"
           "  .yield lfsr 40 0x1234\n"
           "  .wave subv 16\n"
           "  .deque 4\n"
           "  .flags nested\n"
           "  .local 0x8000, 0x40\n"
           ".end\n"
           ".launch k2\n"
           "  .yield every 256\n"
           ".end\n"
           ".launch k3\n"
           "  .yield off\n"
           "  .wave normal\n"
           ".end\n",
           &p);
    cr_assert_eq(p.nlaunch, 3);
    const uint32_t *w = p.launch[0].w;
    cr_assert_str_eq(p.launch[0].name, "k1");
    cr_assert_eq(p.launch[0].line, 4);
    cr_assert_eq(w[WQ_LD_CODE_BASE], 0x10000);
    cr_assert_eq(w[WQ_LD_START_PC], 1);
    cr_assert_eq(w[WQ_LD_GRID_X], 2);
    cr_assert_eq(w[WQ_LD_GRID_Y], 3);
    cr_assert_eq(w[WQ_LD_GRID_Z], 4);
    cr_assert_eq(w[WQ_LD_CTA_X], 64);
    cr_assert_eq(w[WQ_LD_CTA_Y], 2);
    cr_assert_eq(w[WQ_LD_CTA_Z], 1);
    cr_assert_eq(w[WQ_LD_NREGS], 16);
    cr_assert_eq(w[WQ_LD_PARAM], 0x5000);
    cr_assert_eq(LDF(w, YIELD, POLICY), WQ_YP_LFSR);
    cr_assert_eq(LDF(w, YIELD, PARAM), 40);
    cr_assert_eq(LDF(w, YIELD, SEED), 0x1234);
    cr_assert_eq(LDF(w, WAVE, SUBV), 1);
    cr_assert_eq(LDF(w, WAVE, SHARED_BASE), 16);
    cr_assert_eq(LDF(w, DEQUE, LOG2), 4);
    cr_assert_eq(LDF(w, FLAGS, NESTED), 1);
    cr_assert_eq(w[WQ_LD_LOCAL_BASE], 0x8000);
    cr_assert_eq(w[WQ_LD_LOCAL_SIZE], 0x40);

    w = p.launch[1].w;                   /* defaults, entry = main */
    cr_assert_eq(w[WQ_LD_START_PC], 0);
    cr_assert_eq(w[WQ_LD_CODE_BASE], 0x10000);
    cr_assert_eq(LDF(w, YIELD, POLICY), WQ_YP_EVERY_N);
    cr_assert_eq(LDF(w, YIELD, PARAM), 0, "256 is written as 0");
    cr_assert_eq(w[WQ_LD_CTA_X], 32);
    cr_assert_eq(w[WQ_LD_NREGS], WQ_NUM_REGS);
    cr_assert_eq(LDF(w, DEQUE, LOG2), 6);
    cr_assert_eq(w[WQ_LD_FLAGS], 0);
    cr_assert_eq(w[WQ_LD_WAVE], 0);

    w = p.launch[2].w;
    cr_assert_eq(LDF(w, YIELD, POLICY), WQ_YP_OFF);
    wq_program_free(&p);
}

Test(asm, default_launch)
{
    wq_program_t p;
    asm_ok("nop\nmain: exit\n", &p);
    cr_assert_eq(p.nlaunch, 1);
    cr_assert_str_eq(p.launch[0].name, "main");
    const uint32_t *w = p.launch[0].w;
    cr_assert_eq(w[WQ_LD_START_PC], 1);
    cr_assert_eq(w[WQ_LD_CODE_BASE], WQ_ASM_DEFAULT_CODE);
    cr_assert_eq(w[WQ_LD_GRID_X], 1);
    cr_assert_eq(w[WQ_LD_GRID_Y], 1);
    cr_assert_eq(w[WQ_LD_GRID_Z], 1);
    cr_assert_eq(w[WQ_LD_CTA_X], 32);
    cr_assert_eq(w[WQ_LD_CTA_Y], 1);
    cr_assert_eq(LDF(w, YIELD, POLICY), WQ_YP_EVERY_N);
    cr_assert_eq(LDF(w, YIELD, PARAM), 1);
    wq_program_free(&p);

    asm_ok("", &p);                      /* empty program: entry 0 */
    cr_assert_eq(p.ninsn, 0);
    cr_assert_eq(p.nlaunch, 1);
    cr_assert_eq(p.launch[0].w[WQ_LD_START_PC], 0);
    wq_program_free(&p);
}

Test(asm, dword_in_code_and_input_not_terminated)
{
    wq_program_t p;
    asm_ok(".dword 0xffffffffffffffff\n.dword -1\n.dword 0x0123456789abcdef\n", &p);
    cr_assert_eq(p.ninsn, 3);
    cr_assert_eq(word_at(&p, 0), ~0ull);
    cr_assert_eq(word_at(&p, 1), ~0ull);
    cr_assert_eq(word_at(&p, 2), 0x0123456789abcdefull);
    wq_program_free(&p);
    char raw[3] = {'n', 'o', 'p'};     /* no NUL, no newline */
    char err[128];
    cr_assert_eq(wq_asm(raw, sizeof raw, NULL, &p, err, sizeof err), 0);
    cr_assert_eq(p.ninsn, 1);
    wq_program_free(&p);
}

static const struct { const char *src, *want; } bad[] = {
    {"nop\naddd r1, r2, r3\n", "k.wqs:2: unknown mnemonic 'addd'"},
    {"bra loop\n", "k.wqs:1: undefined symbol 'loop'"},
    {"x: nop\nx: nop\n", "k.wqs:2: duplicate label 'x' (first defined at line 1)"},
    {"mov r1, 0x100000000\n", "k.wqs:1: immediate out of range"},
    {"mov r1, -2147483649\n", "k.wqs:1: immediate out of range"},
    {"add r40, r1, r2\n", "k.wqs:1: register r40 out of range"},
    {"ld r1, [r2+4\n", "k.wqs:1: expected ']'"},
    {".data 0x2000\n.word 1, 2\n.data 0x2004\n.word 3\n", "k.wqs:3: data at 0x00002004 overlaps data from line 1"},
    {".data 0x1008\n.word 1\n.text\nnop\nnop\n", "k.wqs:1: data at 0x00001008 overlaps code"},
    {".bogus 1\n", "k.wqs:1: unknown directive '.bogus'"},
    {"setp r1, r2, r3\n", "k.wqs:1: 'setp' needs a compare code"},
    {"setp.xx p1, r2, r3\n", "k.wqs:1: unknown compare code '.xx'"},
    {"atom.nand r1, [r2], r3\n", "k.wqs:1: unknown atomic operation '.nand'"},
    {"s2r r1, tid.w\n", "k.wqs:1: unknown special register 'tid.w'"},
    {"ld.v4 r29, [r1]\n", "k.wqs:1: register range r29..r32 out of range"},
    {"st.v4 [r1], r30\n", "k.wqs:1: register range r30..r33 out of range"},
    {"atom.cas r1, [r2], r31\n", "k.wqs:1: 'atom.cas' uses the pair rb, rb+1"},
    {"nop\n.code 0x2000\n", "k.wqs:2: '.code' after the first instruction"},
    {".code 0x2004\n", "k.wqs:1: code base 0x00002004 is not 8-byte aligned"},
    {".code 0x2000\n.code 0x3000\n", "k.wqs:2: '.code' given twice"},
    {".data 0x2000\nnop\n", "k.wqs:2: instruction in a data section"},
    {".word 1\n", "k.wqs:1: '.word' outside a data section"},
    {".launch k\n.grid 1\n", "k.wqs:1: '.launch k' has no '.end'"},
    {".end\n", "k.wqs:1: '.end' without '.launch'"},
    {".launch k\nx: .grid 1\n.end\n", "k.wqs:2: label inside a '.launch' block"},
    {".launch k\nnop\n.end\n", "k.wqs:2: instruction inside a '.launch' block"},
    {".launch k\n.grid 1\n.grid 2\n.end\n", "k.wqs:3: '.grid' given twice"},
    {".launch k\n.end\n.launch k\n.end\n", "k.wqs:3: duplicate launch 'k'"},
    {".launch k\n.regs 33\n.end\n", "k.wqs:2: register count out of range"},
    {".launch k\n.grid 0\n.end\n", "k.wqs:2: grid dimension out of range"},
    {".launch k\n.yield sometimes\n.end\n", "k.wqs:2: unknown yield policy 'sometimes'"},
    {".launch k\n.yield every 257\n.end\n", "k.wqs:2: yield interval out of range"},
    {".launch k\n.flags fast\n.end\n", "k.wqs:2: unknown launch flag 'fast'"},
    {".launch k\n.deque 1\n.end\n", "k.wqs:2: deque log2 size out of range"},
    {".grid 1\n", "k.wqs:1: '.grid' outside a '.launch' block"},
    {"@p7 nop\n", "k.wqs:1: predicate p7 out of range"},
    {"setp.eq pt, r1, r2\n", "k.wqs:1: pt cannot be written"},
    {"mov r1, 1#2\n", "k.wqs:1: unexpected '#' after operands"},
    {"nop\nmov r1, 1\xff\n", "k.wqs:2: invalid character 0xff"},
    {"mov r1, 12ab\n", "k.wqs:1: bad number '12ab'"},
    {"bra 0x400000\n", "k.wqs:1: branch target out of range"},
    {"jmp -1\n", "k.wqs:1: branch target out of range"},
    {".equ A, B\n.equ B, 1\n", "k.wqs:1: undefined symbol 'B' (must be defined above this line)"},
    {"r5: nop\n", "k.wqs:1: 'r5' is a register name and cannot be a symbol"},
    {"add r1, r2, r3, r4\n", "k.wqs:1: unexpected ',' after operands"},
    {"exit r1\n", "k.wqs:1: unexpected 'r1' after operands"},
    {"add.lt r1, r2, r3\n", "k.wqs:1: unexpected modifier '.lt' on 'add.lt'"},
    {".data 0x2001\n.word 1\n", "k.wqs:2: '.word' at unaligned address 0x00002001"},
    {".data 0x2000\n.align 3\n", "k.wqs:2: alignment 3 is not a power of two"},
    {"add r1, r2\n", "k.wqs:1: expected ',' at end of line"},
    {"mov r1, r2 + 1\n", "k.wqs:1: unexpected '+' after operands"},
    {"mov r1, 1 + r2\n", "k.wqs:1: register 'r2' not allowed here"},
    {"mov r1, 'ab'\n", "k.wqs:1: bad character literal"},
    {".data 0x2000\n.dump 0x2000, 1, \"x\n", "k.wqs:2: unterminated string"},
    {".data\n", "k.wqs:1: '.data' without an address needs an earlier '.data ADDR'"},
    {".data 0xFFFFFFFC\n.word 1, 2\n", "k.wqs:2: data past the end of the address space"},
    {".expect 0x2002, 1\n", "k.wqs:1: '.expect' address 0x00002002 is not word-aligned"},
    {".expect_sum 0x2000, 0x3002, 4, 2\n",
     "k.wqs:1: '.expect_sum' address, base and stride must be multiples of 4"},
    {".expect_sum 0x2000, 0x3000, 4, 0\n", "k.wqs:1: '.expect_sum' word count out of range (1..65536): 0"},
    {".expect_sum 0x2000, 0xFFFFFF00, 256, 2\n",
     "k.wqs:1: '.expect_sum' range 0xffffff00 + 2 x 256 runs past 4 GiB"},
    {".expect_sum 0x2000, 0x3000, 4\n", "k.wqs:1: expected ','"},
    {"ld r1, r2\n", "k.wqs:1: expected '[', got 'r2'"},
    {"@ nop\n", "k.wqs:1: expected predicate"},
    {"nop\n  3\n", "k.wqs:2: expected mnemonic, got '3'"},
    {"a: b: c: d: e: f: g: h: i: j: k: l: m: n: o: p1x: q: nop\n", "too many labels on one line"},
};

/* .expect_sum: an invariant over memory, evaluated by wq_expect_eval */
static int rd_tbl(void *user, uint32_t addr, uint32_t *v)
{
    const uint32_t *t = user;        /* words 0x100.. of a tiny memory */
    if (addr < 0x100 || addr >= 0x140) return -1;
    *v = t[(addr - 0x100) / 4];
    return 0;
}

Test(asm, expect_sum_parses_and_evaluates)
{
    wq_program_t p;
    char err[256] = "";
    const char *src = "exit\n.expect_sum 0x100, 0x110, 8, 3\n.expect 0x104, 7\n";
    cr_assert_eq(wq_asm(src, strlen(src), "k.wqs", &p, err, sizeof err), 0, "%s", err);
    cr_assert_eq(p.nexpects, 2);
    const wq_expect_t *e = &p.expects[0];
    cr_assert(e->is_sum);
    cr_assert_eq(e->addr, 0x100); cr_assert_eq(e->base, 0x110);
    cr_assert_eq(e->stride, 8); cr_assert_eq(e->count, 3); cr_assert_eq(e->line, 2);
    uint32_t mem[16] = { 0 }, got, want;
    mem[4] = 5; mem[6] = 6; mem[8] = 0xFFFFFFFF; mem[5] = 100;   /* 0x114 is not summed */
    mem[0] = 10;                              /* 5 + 6 + 0xFFFFFFFF = 10 mod 2^32 */
    cr_assert_eq(wq_expect_eval(e, rd_tbl, mem, &got, &want), 1);
    cr_assert_eq(want, 10u);
    mem[0] = 11;
    cr_assert_eq(wq_expect_eval(e, rd_tbl, mem, &got, &want), 0);
    cr_assert_eq(got, 11u);
    char d[160];
    wq_expect_describe(e, got, want, d, sizeof d);
    cr_assert_str_eq(d, "[0x00000100] = 0x0000000b, expected the sum 0x0000000a of 3 words"
                        " at 0x00000110 stride 8");
    mem[1] = 7;
    cr_assert_eq(wq_expect_eval(&p.expects[1], rd_tbl, mem, &got, &want), 1);
    wq_program_t q = p;
    q.expects[0].count = 100;                 /* reads past the tiny memory */
    cr_assert_eq(wq_expect_eval(&q.expects[0], rd_tbl, mem, &got, &want), -1);
    wq_program_free(&p);
}

Test(asm, wave_ctl_and_the_loader)
{
    wq_program_t p;
    asm_ok("exit\n", &p);
    cr_assert_eq(p.has_wave, 0u);
    wq_program_free(&p);
    asm_ok(".wave_ctl SUBV\nexit\n", &p);       /* case-blind, the default window */
    cr_assert_eq(p.has_wave, 1u);
    cr_assert_eq(p.wave_ctl, (uint32_t)WQ_CSRVAL_WAVE_MODE_SUBV);
    cr_assert_eq(p.wave_window, (uint32_t)WQ_CSRVAL_WAVE_WINDOW_DEFAULT);
    cr_assert_eq(p.wave_thresh, (uint32_t)WQ_CSRVAL_WAVE_THRESH_DEFAULT);
    wq_program_free(&p);
    asm_ok(".equ W, 40\n.wave_ctl auto, W, 3\nexit\n", &p);
    cr_assert_eq(p.wave_ctl, (uint32_t)WQ_CSRVAL_WAVE_MODE_AUTO);
    cr_assert_eq(p.wave_window, 40u);
    cr_assert_eq(p.wave_thresh, 3u);
    /* the loader writes the three CSRs first, then the four that submit */
    wq_mem_t *m = wq_mem_new();
    wq_csr_op_t ops[WQ_LOAD_MAX_CSR_OPS];
    cr_assert_eq(wq_load_prepare(m, &p, 0, NULL, ops), 7);
    cr_assert_eq(ops[0].off, (uint32_t)WQ_CSR_WAVE_CTL);
    cr_assert_eq(ops[1].off, (uint32_t)WQ_CSR_WAVE_WINDOW);
    cr_assert_eq(ops[1].val, 40u);
    cr_assert_eq(ops[2].off, (uint32_t)WQ_CSR_WAVE_THRESH);
    cr_assert_eq(ops[2].val, 3u);
    wq_mem_free(m);
    wq_program_free(&p);
    asm_err(".wave_ctl fast\n", "unknown wave mode 'fast'");
    asm_err(".wave_ctl\n", "'.wave_ctl' wants a mode");
    asm_err(".wave_ctl auto, 65536, 1\n", "'.wave_ctl' window");
    asm_err(".wave_ctl auto, 4\n", "k.wqs:1:");
}

Test(asm, error_messages)
{
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        const char *s = bad[k].src;
        size_t len = strlen(s);
        wq_program_t p;
        char err[512];
        int rc = wq_asm(s, len, "k.wqs", &p, err, sizeof err);
        cr_assert_eq(rc, -1, "case %zu: no error for:\n%s", k, s);
        cr_assert(strstr(err, bad[k].want), "case %zu: error\n  '%s'\ndoes not contain\n  '%s'",
                  k, err, bad[k].want);
        cr_assert_eq(p.nsegs, 0);
    }
}

Test(asm, nul_bytes)
{
    static const char src[] = "nop ; \0 in a comment is fine\nn\0p\n";
    wq_program_t p;
    char err[256];
    cr_assert_eq(wq_asm(src, sizeof src - 1, "k.wqs", &p, err, sizeof err), -1);
    cr_assert_str_eq(err, "k.wqs:2: invalid character 0x00");
}

Test(asm, too_many_launches)
{
    char src[4096];
    size_t n = 0;
    for (unsigned k = 0; k <= WQ_ASM_MAX_LAUNCHES; k++)
        n += (size_t)snprintf(src + n, sizeof src - n, ".launch k%u\n.end\n", k);
    asm_err(src, "too many '.launch' blocks");
}

Test(asm, huge_lines)
{
    size_t n = 1u << 20;
    char *s = malloc(n + 16);
    cr_assert_not_null(s);
    memset(s, 'a', n);
    s[n] = '\0';
    asm_err(s, "k.wqs:1: line too long");
    s[0] = ';';                          /* a long comment is fine */
    memcpy(s + n, "\nnop\n", 6);
    wq_program_t p;
    asm_ok(s, &p);
    cr_assert_eq(p.ninsn, 1);
    wq_program_free(&p);
    free(s);
    asm_err(".data 0x2000\n.zero 0x7FFFFFFF\n", "k.wqs:2: '.zero' size out of range");
    asm_err(".data 0x2000\n.zero 0x800000\n.zero 0x800001\n", "k.wqs:3: program too large");
}

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

static void fuzz_one(const char *src, size_t len)
{
    wq_program_t p;
    char err[256];
    int rc = wq_asm(src, len, "fz.wqs", &p, err, sizeof err);
    cr_assert(rc == 0 || rc == -1);
    if (rc == 0) {
        for (unsigned i = 0; i < p.nsegs; i++)
            cr_assert(p.segs[i].len == 0 || p.segs[i].bytes);
        wq_program_free(&p);
    } else {
        cr_assert(strncmp(err, "fz.wqs:", 7) == 0, "bad message '%s'", err);
    }
}

static const char *const pieces[] = {
    "add", "r1", "r31", "r32", ",", " ", "[", "]", "+", "-", "0x", "ff", "'", "\"", ";", "#",
    "//", "\n", ":", "lbl", ".data", ".word", ".text", ".code", ".launch", ".end", ".grid",
    ".align", ".zero", ".fill", ".equ", "@", "!", "p1", "pt", "bra", "ld.v4", "st", "atom.cas",
    "s2r", "tid.x", "setp.lt", "sel", "1", "4096", "0x2000", ".dword", "\t", "\0", "\xff",
    ".yield", "every", "lfsr", ".wave", "subv", ".expect", ".dump", "mov", "exit", "99999999999",
};

Test(asm, fuzz_random_bytes)
{
    uint64_t s = 0xF022u;
    char buf[512];
    for (int t = 0; t < 3000; t++) {
        size_t len = rnd(&s) % sizeof buf;
        for (size_t k = 0; k < len; k++) {
            uint64_t r = rnd(&s);
            buf[k] = (r & 7) == 0 ? '\n' : (char)(r >> 8);
        }
        fuzz_one(buf, len);
    }
}

Test(asm, fuzz_token_soup)
{
    uint64_t s = 0x5011u;
    char buf[1024];
    for (int t = 0; t < 3000; t++) {
        size_t len = 0, np = rnd(&s) % 60;
        for (size_t k = 0; k < np; k++) {
            const char *pc = pieces[rnd(&s) % (sizeof pieces / sizeof pieces[0])];
            size_t pl = pc[0] ? strlen(pc) : 1;      /* "\0" is one NUL byte */
            if (len + pl > sizeof buf)
                break;
            memcpy(buf + len, pc, pl);
            len += pl;
        }
        fuzz_one(buf, len);
    }
}

Test(asm, fuzz_mutated_program)
{
    static const char base[] =
        ".equ N, 4\n.data 0x2000\nbuf: .word 1, 2, 3\n.align 16\nv: .zero 16\n.text\n"
        "main: s2r r1, tid.x\n  shl r2, r1, 2\n  ld r3, [r2+buf]\n  setp.lt p0, r3, N\n"
        "  @p0 bra done\n  ld.v4 r4, [r2+v]\n  atom.cas r9, [r2+buf], r10\n"
        "done: exit\n.launch main\n .grid 2\n .yield lfsr 10 3\n.end\n";
    uint64_t s = 0xBEEFu;
    char buf[sizeof base + 64];
    for (int t = 0; t < 3000; t++) {
        size_t len = sizeof base - 1;
        memcpy(buf, base, len);
        int nm = 1 + (int)(rnd(&s) % 4);
        for (int m = 0; m < nm; m++) {
            size_t at = rnd(&s) % len;
            uint64_t r = rnd(&s);
            switch (r & 3) {
            case 0: buf[at] = (char)(r >> 8); break;                 /* replace */
            case 1: memmove(buf + at, buf + at + 1, len - at - 1); len--; break;
            case 2:
                if (len < sizeof buf) {
                    memmove(buf + at + 1, buf + at, len - at);
                    buf[at] = (char)(r >> 8);
                    len++;
                }
                break;
            default: buf[at] = "0123456789,[]+-:;.'\" \n"[(r >> 8) % 22]; break;
            }
        }
        fuzz_one(buf, len);
    }
}

Test(asm, file_api)
{
    wq_program_t p;
    char err[256];
    cr_assert_eq(wq_asm_file("/nonexistent/x.wqs", &p, err, sizeof err), -1);
    cr_assert(strstr(err, "/nonexistent/x.wqs"));
    char path[] = "/tmp/wq_test_asm_XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs("main: nop\n  exit\n  oops\n", f);
    fclose(f);
    cr_assert_eq(wq_asm_file(path, &p, err, sizeof err), -1);
    char want[300];
    snprintf(want, sizeof want, "%s:3: unknown mnemonic 'oops'", path);
    cr_assert_str_eq(err, want);
    remove(path);
    cr_assert_eq(wq_program_sym(&p, "main", NULL), -1);
}
