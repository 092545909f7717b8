/* test_isa.c -- decode / encode / disassemble against spec/isa*.def.
 * The generators below follow the legality rules of docs/spec.md §ISA; the
 * round trip disasm -> asm must give back every word bit for bit. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/asm.h"
#include "wq/isa.h"

static const unsigned all_ops[] = {
#define INSN(n, c, f, fl) c,
#include "../../cmodel/spec/isa.def"
#undef INSN
};
#define NOPS (sizeof all_ops / sizeof all_ops[0])

static const struct { const char *name; unsigned hi, lo; } fields[] = {
#define FIELD(n, hi, lo) {#n, hi, lo},
#include "../../cmodel/spec/isa_fields.def"
#undef FIELD
};
#define NFIELDS (sizeof fields / sizeof fields[0])

static const unsigned sreg_codes[] = {
#define SREG(n, c) c,
#include "../../cmodel/spec/isa_enums.def"
#undef SREG
};

#define FN_CODES (1u << (WQ_F_FN_HI - WQ_F_FN_LO + 1))

static uint64_t rnd(uint64_t *s)              /* xorshift64* */
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

/* small values often, any value sometimes */
static uint32_t rnd_imm(uint64_t *s)
{
    uint64_t r = rnd(s);
    switch (r & 3) {
    case 0: return (uint32_t)(r >> 8) & 0xFF;
    case 1: return 0u - ((uint32_t)(r >> 8) & 0xFF);
    default: return (uint32_t)(r >> 32);
    }
}

static unsigned rnd_code(uint64_t *s, const char *(*name)(unsigned))
{
    for (;;) {
        unsigned c = (unsigned)(rnd(s) % FN_CODES);
        if (name(c))
            return c;
    }
}

static wq_insn_t random_legal(unsigned op, uint64_t *s)
{
    wq_insn_t i;
    memset(&i, 0, sizeof i);
    i.op = (uint8_t)op;
    i.fmt = wq_opinfo(op)->fmt;
    unsigned uses = wq_fmt_uses(i.fmt);
    i.gp = (uint8_t)(rnd(s) % 8);
    i.gn = (uint8_t)(rnd(s) % 2);
    if (uses & WQ_FU_RD) i.rd = (uint8_t)(rnd(s) % WQ_NUM_REGS);
    if (uses & WQ_FU_RA) i.ra = (uint8_t)(rnd(s) % WQ_NUM_REGS);
    if (uses & WQ_FU_RB) i.rb = (uint8_t)(rnd(s) % WQ_NUM_REGS);
    if (uses & WQ_FU_IMM) i.imm = rnd_imm(s);
    if (uses & WQ_FU_BI) {
        i.bi = (uint8_t)(rnd(s) % 2);
        if (i.bi) i.rb = 0; else i.imm = 0;
    }
    unsigned w;
    switch (i.fmt) {
    case WQ_FMT_P:
        i.fn = (uint8_t)rnd_code(s, wq_cmp_name);
        i.rd %= WQ_PT;
        break;
    case WQ_FMT_S:
        i.fn = (uint8_t)(rnd(s) % FN_CODES);
        break;
    case WQ_FMT_LD:
    case WQ_FMT_ST:
        do i.fn = (uint8_t)rnd_code(s, wq_memw_name);
        while (i.fmt == WQ_FMT_ST && !wq_memw_st_ok(i.fn));
        w = wq_memw_words(i.fn);
        if (i.fmt == WQ_FMT_LD) i.rd %= WQ_NUM_REGS + 1 - w;
        else i.rb %= WQ_NUM_REGS + 1 - w;
        break;
    case WQ_FMT_A:
        i.fn = (uint8_t)rnd_code(s, wq_atomop_name);
        if (i.fn == WQ_ATOM_CAS) i.rb %= WQ_NUM_REGS - 1;
        break;
    case WQ_FMT_SR:
        i.imm = sreg_codes[rnd(s) % (sizeof sreg_codes / sizeof sreg_codes[0])];
        break;
    case WQ_FMT_CV:
        i.fn = (uint8_t)rnd_code(s, wq_rm_name);
        break;
    case WQ_FMT_B:
        i.imm = op == WQ_OP_BRA ? wq_bra_imm(0, (uint32_t)rnd(s)) : i.imm & WQ_PC_MASK;
        break;
    case WQ_FMT_BL:
        i.imm &= WQ_PC_MASK;
        break;
    default:
        break;
    }
    return i;
}

/* Disassemble words[k] at pc k, assemble the listing, compare the code. */
static void roundtrip(const uint64_t *words, unsigned n)
{
    size_t cap = (size_t)n * 96 + 1, len = 0;
    char *src = malloc(cap);
    cr_assert(src);
    for (unsigned k = 0; k < n; k++) {
        char line[128];
        wq_disasm(words[k], k, line, sizeof line);
        len += (size_t)snprintf(src + len, cap - len, "%s\n", line);
    }
    wq_program_t p;
    char err[512];
    int rc = wq_asm(src, len, "rt.wqs", &p, err, sizeof err);
    cr_assert_eq(rc, 0, "%s", err);
    cr_assert_eq(p.ninsn, n);
    for (unsigned k = 0; k < n; k++) {
        uint64_t got = 0;
        for (int b = 7; b >= 0; b--)
            got = (got << 8) | p.segs[0].bytes[8 * k + (unsigned)b];
        if (got != words[k]) {
            char line[128];
            wq_disasm(words[k], k, line, sizeof line);
            cr_assert_fail("pc %u: %016llx -> '%s' -> %016llx", k,
                           (unsigned long long)words[k], line, (unsigned long long)got);
        }
    }
    wq_program_free(&p);
    free(src);
}

static void same_fields(const wq_insn_t *a, const wq_insn_t *b)
{
    cr_assert_eq(a->op, b->op);
    cr_assert_eq(a->gp, b->gp);
    cr_assert_eq(a->gn, b->gn);
    cr_assert_eq(a->rd, b->rd);
    cr_assert_eq(a->ra, b->ra);
    cr_assert_eq(a->rb, b->rb);
    cr_assert_eq(a->bi, b->bi);
    cr_assert_eq(a->fn, b->fn);
    cr_assert_eq(a->imm, b->imm);
}

Test(isa, every_opcode_legal_roundtrip)
{
    uint64_t s = 0x1234567u;
    enum { PER_OP = 300 };
    uint64_t words[PER_OP];
    for (unsigned k = 0; k < NOPS; k++) {
        const wq_opinfo_t *oi = wq_opinfo(all_ops[k]);
        cr_assert_not_null(oi->name);
        for (unsigned j = 0; j < PER_OP; j++) {
            wq_insn_t in = random_legal(all_ops[k], &s), out;
            uint64_t w = wq_encode(&in);
            int rc = wq_decode(w, &out);
            cr_assert_eq(rc, 0, "%s: %016llx should be legal", oi->name, (unsigned long long)w);
            cr_assert_eq(out.valid, 1);
            cr_assert_eq(out.fmt, oi->fmt);
            cr_assert_eq(out.flags, oi->flags);
            same_fields(&in, &out);
            cr_assert_eq(wq_encode(&out), w);
            words[j] = w;
        }
        /* the generator made BRA offsets for pc 0; at pc j they stay canonical */
        roundtrip(words, PER_OP);
    }
}

static uint64_t field_set(uint64_t w, unsigned f, uint64_t v)
{
    uint64_t m = WQ_FMASK(fields[f].hi, fields[f].lo);
    return (w & ~m) | ((v << fields[f].lo) & m);
}

Test(isa, unused_fields_trap)
{
    uint64_t s = 99;
    unsigned checked = 0;
    for (unsigned k = 0; k < NOPS; k++) {
        unsigned uses = wq_fmt_uses(wq_opinfo(all_ops[k])->fmt);
        cr_assert(uses & WQ_FU_OP);
        for (unsigned f = 0; f < NFIELDS; f++) {
            if (uses & (1u << f))
                continue;
            uint64_t maxv = WQ_FMASK(fields[f].hi, fields[f].lo) >> fields[f].lo;
            for (int t = 0; t < 20; t++) {
                wq_insn_t in = random_legal(all_ops[k], &s), out;
                uint64_t v = 1 + rnd(&s) % maxv;
                if (t == 0) v = 1;
                if (t == 1) v = maxv;
                uint64_t w = field_set(wq_encode(&in), f, v);
                cr_assert_eq(wq_decode(w, &out), WQ_TRAP_ILLEGAL_INSTR, "%s field %s = %llu",
                             wq_opinfo(all_ops[k])->name, fields[f].name,
                             (unsigned long long)v);
                cr_assert_eq(out.valid, 0);
                checked++;
            }
        }
    }
    cr_assert_gt(checked, 100);
}

Test(isa, unassigned_opcodes_trap)
{
    uint64_t s = 7;
    unsigned n = 0;
    for (unsigned op = 0; op < WQ_OP_LIMIT; op++) {
        if (wq_opinfo(op)->name)
            continue;
        n++;
        wq_insn_t out;
        wq_insn_t in;
        memset(&in, 0, sizeof in);
        in.op = (uint8_t)op;
        in.gp = WQ_PT;
        cr_assert_eq(wq_decode(wq_encode(&in), &out), WQ_TRAP_ILLEGAL_INSTR, "op 0x%02x", op);
        for (int t = 0; t < 8; t++) {
            uint64_t w = field_set(rnd(&s), WQ_FU_OP_BIT, op);
            cr_assert_eq(wq_decode(w, &out), WQ_TRAP_ILLEGAL_INSTR);
            cr_assert_eq(out.valid, 0);
        }
    }
    cr_assert_eq(n, WQ_OP_LIMIT - NOPS);
    cr_assert_null(wq_opinfo(WQ_OP_LIMIT)->name);
}

static int legal(wq_insn_t i)
{
    wq_insn_t out;
    return wq_decode(wq_encode(&i), &out) == 0;
}

static wq_insn_t mk(unsigned op)
{
    wq_insn_t i;
    memset(&i, 0, sizeof i);
    i.op = (uint8_t)op;
    i.gp = WQ_PT;
    return i;
}

Test(isa, operand_rules)
{
    wq_insn_t i = mk(WQ_OP_SETP);
    i.rd = WQ_PT - 1;
    cr_assert(legal(i));
    i.rd = WQ_PT;
    cr_assert(!legal(i), "setp cannot write pt");
    for (unsigned c = 0; c < FN_CODES; c++) {
        i = mk(WQ_OP_SETP);
        i.fn = (uint8_t)c;
        cr_assert_eq(legal(i), wq_cmp_name(c) != NULL);
        i = mk(WQ_OP_ATOM);
        i.fn = (uint8_t)c;
        cr_assert_eq(legal(i), wq_atomop_name(c) != NULL);
        i = mk(WQ_OP_LD);
        i.fn = (uint8_t)c;
        cr_assert_eq(legal(i), wq_memw_name(c) != NULL);
        i = mk(WQ_OP_ST);
        i.fn = (uint8_t)c;
        cr_assert_eq(legal(i), wq_memw_name(c) != NULL && wq_memw_st_ok(c));
        i = mk(WQ_OP_SEL);
        i.fn = (uint8_t)c;
        cr_assert(legal(i), "every SEL FN is legal");
        i = mk(WQ_OP_FSETP);
        i.fn = (uint8_t)c;
        cr_assert_eq(legal(i), wq_cmp_name(c) != NULL);
        i = mk(WQ_OP_F2I);
        i.fn = (uint8_t)c;
        cr_assert_eq(legal(i), wq_rm_name(c) != NULL, "F2I FN %u", c);
    }
    i = mk(WQ_OP_LD);
    i.fn = WQ_MEMW_V4;
    i.rd = 28;
    cr_assert(legal(i));
    i.rd = 29;
    cr_assert(!legal(i));
    i = mk(WQ_OP_ST);
    i.fn = WQ_MEMW_V4;
    i.rb = 28;
    cr_assert(legal(i));
    i.rb = 29;
    cr_assert(!legal(i));
    /* a store has no extension: .bu / .hu are loads only; .b / .h store */
    i = mk(WQ_OP_ST);
    i.fn = WQ_MEMW_BU;
    cr_assert(!legal(i));
    i.fn = WQ_MEMW_HU;
    cr_assert(!legal(i));
    i.fn = WQ_MEMW_B;
    cr_assert(legal(i));
    i.fn = WQ_MEMW_H;
    cr_assert(legal(i));
    i.rb = 31;
    cr_assert(legal(i), "a sub-word store names one register");
    i = mk(WQ_OP_ATOM);
    i.fn = WQ_ATOM_CAS;
    i.rb = 30;
    cr_assert(legal(i));
    i.rb = 31;
    cr_assert(!legal(i));
    i.fn = WQ_ATOM_ADD;
    cr_assert(legal(i));
    /* absolute targets are 22 bits; BRA offsets are anything */
    unsigned abs_ops[] = {WQ_OP_JMP, WQ_OP_CALL, WQ_OP_SSY, WQ_OP_SYNC, WQ_OP_PBRK,
                          WQ_OP_BRK, WQ_OP_PCONT, WQ_OP_CONT, WQ_OP_SUBV_LOOP_BEGIN,
                          WQ_OP_SUBV_LOOP_END};
    for (unsigned k = 0; k < sizeof abs_ops / sizeof abs_ops[0]; k++) {
        i = mk(abs_ops[k]);
        i.imm = WQ_PC_MASK;
        cr_assert(legal(i));
        i.imm = WQ_PC_MASK + 1;
        cr_assert(!legal(i), "%s", wq_opinfo(abs_ops[k])->name);
    }
    i = mk(WQ_OP_BRA);
    i.imm = 0xFFFFFFFFu;
    cr_assert(legal(i));
    i.imm = 0x80000000u;
    cr_assert(legal(i));
    /* S2R takes only assigned special registers */
    i = mk(WQ_OP_S2R);
    i.imm = WQ_SR_CTAFLAT;
    cr_assert(legal(i));
    i.imm = 0xFFFF;
    cr_assert(!legal(i));
    /* rb and imm exclude each other */
    i = mk(WQ_OP_ADD);
    i.imm = 5;
    cr_assert(!legal(i), "imm without BI");
    i.bi = 1;
    cr_assert(legal(i));
    i.rb = 3;
    cr_assert(!legal(i), "rb with BI");
    /* MOV has no ra */
    i = mk(WQ_OP_MOV);
    i.ra = 1;
    cr_assert(!legal(i));
}

static unsigned maxreg_of(wq_insn_t i)
{
    wq_insn_t out;
    cr_assert_eq(wq_decode(wq_encode(&i), &out), 0);
    return out.maxreg;
}

Test(isa, maxreg)
{
    wq_insn_t i = mk(WQ_OP_NOP);
    cr_assert_eq(maxreg_of(i), 0);
    i = mk(WQ_OP_LD);
    i.fn = WQ_MEMW_V4;
    i.rd = 28;
    i.ra = 2;
    cr_assert_eq(maxreg_of(i), 31);
    i = mk(WQ_OP_ST);
    i.fn = WQ_MEMW_V4;
    i.rb = 4;
    i.ra = 1;
    cr_assert_eq(maxreg_of(i), 7);
    i = mk(WQ_OP_ATOM);
    i.fn = WQ_ATOM_CAS;
    i.rd = 3;
    i.rb = 9;
    cr_assert_eq(maxreg_of(i), 10);
    i = mk(WQ_OP_SETP);
    i.rd = 6;
    i.ra = 2;
    i.rb = 4;
    cr_assert_eq(maxreg_of(i), 4, "pd is not a register");
    i = mk(WQ_OP_ADD);
    i.rd = 1;
    i.ra = 2;
    i.bi = 1;
    i.imm = 0;
    cr_assert_eq(maxreg_of(i), 2, "rb not read with BI");
    i = mk(WQ_OP_CALL);
    i.rd = 9;
    cr_assert_eq(maxreg_of(i), 9, "call writes its link register rd");
    i = mk(WQ_OP_RET);
    i.ra = 12;
    cr_assert_eq(maxreg_of(i), 12, "ret reads its link register ra");
    i = mk(WQ_OP_BRX);
    i.ra = 17;
    cr_assert_eq(maxreg_of(i), 17);
}

static void dis_is(uint64_t w, uint32_t pc, const char *want)
{
    char buf[128];
    int n = wq_disasm(w, pc, buf, sizeof buf);
    cr_assert_str_eq(buf, want);
    cr_assert_eq(n, (int)strlen(want));
}

Test(isa, disasm_text)
{
    wq_insn_t i = mk(WQ_OP_NOP);
    dis_is(wq_encode(&i), 0, "nop");
    i.gn = 1;
    dis_is(wq_encode(&i), 0, "@!pt nop");
    i = mk(WQ_OP_ADD);
    i.gp = 3;
    i.gn = 1;
    i.rd = 1;
    i.ra = 2;
    i.bi = 1;
    i.imm = 0x10;
    dis_is(wq_encode(&i), 0, "@!p3 add r1, r2, 0x10");
    i = mk(WQ_OP_BRA);
    i.imm = 0u - 3u;
    dis_is(wq_encode(&i), 10, "bra 8");
    dis_is(wq_encode(&i), 0, "bra 4194302");
    i.imm = 0x00400000u;                   /* legal, but not what asm emits */
    dis_is(wq_encode(&i), 0,
           ".dword 0x0040000000000702 ; bra 1 (non-canonical offset 0x400000)");
    i = mk(WQ_OP_SETP);
    i.fn = WQ_CMP_GEU;
    i.rd = 2;
    i.ra = 5;
    i.rb = 6;
    dis_is(wq_encode(&i), 0, "setp.geu p2, r5, r6");
    i = mk(WQ_OP_SEL);
    i.fn = (uint8_t)WQ_SEL_FN(1, WQ_PT);
    i.rd = 1;
    i.ra = 2;
    i.rb = 3;
    dis_is(wq_encode(&i), 0, "sel r1, r2, r3, !pt");
    i = mk(WQ_OP_LD);
    i.fn = WQ_MEMW_V4;
    i.rd = 4;
    i.ra = 1;
    i.imm = 0u - 16u;
    dis_is(wq_encode(&i), 0, "ld.v4 r4, [r1-0x10]");
    i = mk(WQ_OP_ST);
    i.ra = 1;
    i.rb = 7;
    dis_is(wq_encode(&i), 0, "st [r1], r7");
    i = mk(WQ_OP_ATOM);
    i.fn = WQ_ATOM_EXCH;
    i.rd = 1;
    i.ra = 2;
    i.rb = 3;
    i.imm = 8;
    dis_is(wq_encode(&i), 0, "atom.exch r1, [r2+0x8], r3");
    i = mk(WQ_OP_S2R);
    i.rd = 9;
    i.imm = WQ_SR_NCTAID_Z;
    dis_is(wq_encode(&i), 0, "s2r r9, nctaid.z");
    i = mk(WQ_OP_SUBV_LOOP_END);
    i.imm = 42;
    dis_is(wq_encode(&i), 0, "subv_loop_end 42");
    dis_is(0xFFFFFFFFFFFFFFFFull, 0, ".dword 0xffffffffffffffff ; illegal");
    /* truncation is safe */
    char small[5];
    wq_disasm(0xFFFFFFFFFFFFFFFFull, 0, small, sizeof small);
    cr_assert_str_eq(small, ".dwo");
}

Test(isa, sreg_names_from_table)
{
    char b[32];
    cr_assert_eq(wq_sreg_asm_name(WQ_SR_TID_X, b, sizeof b), 0);
    cr_assert_str_eq(b, "tid.x");
    cr_assert_eq(wq_sreg_asm_name(WQ_SR_CTAID_Z, b, sizeof b), 0);
    cr_assert_str_eq(b, "ctaid.z");
    cr_assert_eq(wq_sreg_asm_name(WQ_SR_LANEID, b, sizeof b), 0);
    cr_assert_str_eq(b, "laneid");
    cr_assert_eq(wq_sreg_asm_name(1000, b, sizeof b), -1);
    cr_assert_eq(wq_sreg_asm_name(WQ_SR_TID_X, b, 3), -1);
}

Test(isa, fmt_tables)
{
    cr_assert_str_eq(wq_fmt_name(WQ_FMT_R), "R");
    cr_assert_null(wq_fmt_name(WQ_FMT_COUNT));
    cr_assert_eq(wq_fmt_uses(WQ_FMT_N), WQ_FU_OP | WQ_FU_GP | WQ_FU_GN);
    cr_assert(wq_fmt_uses(WQ_FMT_M1) & WQ_FU_RB);
    cr_assert(!(wq_fmt_uses(WQ_FMT_M1) & WQ_FU_RA));
    cr_assert_eq(wq_fmt_uses(WQ_FMT_COUNT), 0);
}

/* Random words: decoding never fails badly, and every word -- legal ones
 * as instructions, the rest as .dword -- survives disasm -> asm. */
Test(isa, random_words_roundtrip)
{
    enum { TOTAL = 100000, BATCH = 1000 };
    uint64_t s = 0xC0FFEEu, words[BATCH];
    unsigned nlegal = 0;
    for (unsigned done = 0; done < TOTAL; done += BATCH) {
        for (unsigned k = 0; k < BATCH; k++) {
            uint64_t w = rnd(&s);
            if (k & 1) {                 /* mostly-zero fields on a real opcode */
                w &= rnd(&s) & rnd(&s);
                w = field_set(w, WQ_FU_OP_BIT, all_ops[rnd(&s) % NOPS]);
                if (rnd(&s) & 1)
                    w = field_set(w, WQ_FU_IMM_BIT, 0);
            }
            wq_insn_t out;
            int rc = wq_decode(w, &out);
            cr_assert(rc == 0 || rc == WQ_TRAP_ILLEGAL_INSTR);
            cr_assert_eq(out.valid, rc == 0);
            nlegal += rc == 0;
            words[k] = w;
        }
        roundtrip(words, BATCH);
    }
    cr_assert_gt(nlegal, 1000, "only %u legal words reached", nlegal);
}
