/* asm_insn.c -- one instruction statement: mnemonic[.modifier] and the
 * operands of its format (isa_formats.def), checked against the same rules
 * as the decoder so that the assembler never emits an illegal word, and
 * reports why in the user's terms when an operand is wrong. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "asm_int.h"

#define FN_CODES (1u << (WQ_F_FN_HI - WQ_F_FN_LO + 1))

static const unsigned sreg_codes[] = {
#define SREG(n, c) c,
#include "../spec/isa_enums.def"
#undef SREG
};

static int find_op(const char *base)
{
    for (unsigned op = 0; op < WQ_OP_LIMIT; op++) {
        const char *n = wq_opinfo(op)->name;
        if (n && strcasecmp(n, base) == 0)
            return (int)op;
    }
    return -1;
}

/* look a modifier up in one of the FN enumerations */
static int find_fn(const char *(*name)(unsigned), const char *mod)
{
    for (unsigned c = 0; c < FN_CODES; c++)
        if (name(c) && strcasecmp(name(c), mod) == 0)
            return (int)c;
    return -1;
}

static int modifier(wq_as_t *as, wq_insn_t *i, const char *mn, const char *mod)
{
    int fn;
    switch (i->fmt) {
    case WQ_FMT_P:
    case WQ_FMT_A: {
        int cmp = i->fmt == WQ_FMT_P;
        const char *what = cmp ? "compare code" : "atomic operation";
        if (!*mod)
            return wq__err(as, "'%s' needs a %s (e.g. '%s.%s')", mn, what, mn,
                           cmp ? "eq" : "add");
        fn = find_fn(cmp ? wq_cmp_name : wq_atomop_name, mod);
        if (fn < 0)
            return wq__err(as, "unknown %s '.%s'", what, mod);
        break;
    }
    case WQ_FMT_LD:
    case WQ_FMT_ST:
        fn = *mod ? find_fn(wq_memw_name, mod) : WQ_MEMW_W32;
        if (fn < 0)
            return wq__err(as, "unknown width '.%s'", mod);
        if (i->fmt == WQ_FMT_ST && !wq_memw_st_ok((unsigned)fn))
            return wq__err(as, "'.%s' is a load width: a store writes the low bytes "
                           "whatever their extension (use 'st.%c')", mod, mod[0]);
        break;
    case WQ_FMT_CV:         /* rounding mode; to nearest even when left out */
        fn = *mod ? find_fn(wq_rm_name, mod) : WQ_RM_RNE;
        if (fn < 0)
            return wq__err(as, "unknown rounding mode '.%s' (rne, rtz, rdn, rup)", mod);
        break;
    default:
        if (*mod)
            return wq__err(as, "unexpected modifier '.%s' on '%s'", mod, mn);
        fn = 0;
    }
    i->fn = (uint8_t)fn;
    return 0;
}

static int reg(wq_as_t *as, uint8_t *f)
{
    unsigned r;
    if (wq__reg(as, &r))
        return -1;
    *f = (uint8_t)r;
    return 0;
}

static int reg_comma(wq_as_t *as, uint8_t *f)
{
    return reg(as, f) || wq__expect(as, ',');
}

/* rb or an immediate (BI = 1) */
static int operand_b(wq_as_t *as, wq_insn_t *i)
{
    uint64_t v;
    if (wq__peek_reg(as))
        return reg(as, &i->rb);
    if (wq__expr(as, &v) || wq__fit32(as, v, "immediate", &i->imm))
        return -1;
    i->bi = 1;
    return 0;
}

/* [ra], [ra+expr], [ra-expr]: the sign belongs to the expression */
static int address(wq_as_t *as, wq_insn_t *i)
{
    uint64_t v = 0;
    if (wq__expect(as, '[') || reg(as, &i->ra))
        return -1;
    wq__ws(as);
    if (*as->s == '+' || *as->s == '-') {
        if (*as->s == '+')
            as->s++;
        if (wq__expr(as, &v) || wq__fit32(as, v, "offset", &i->imm))
            return -1;
    }
    return wq__expect(as, ']');
}

static int target(wq_as_t *as, wq_insn_t *i)
{
    uint64_t v;
    uint32_t t;
    if (wq__expr(as, &v) || wq__fit(as, v, 0, WQ_PC_MASK, "branch target", &t))
        return -1;
    i->imm = i->op == WQ_OP_BRA ? wq_bra_imm(as->pc, t) : t;
    return 0;
}

static int sreg(wq_as_t *as, wq_insn_t *i)
{
    char name[WQ_AS_MAX_NAME + 1], sn[32];
    int n = wq__ident(as, name, sizeof name);
    if (n < 0)
        return -1;
    for (size_t k = 0; n > 0 && k < sizeof sreg_codes / sizeof sreg_codes[0]; k++)
        if (wq_sreg_asm_name(sreg_codes[k], sn, sizeof sn) == 0 && strcasecmp(sn, name) == 0) {
            i->imm = sreg_codes[k];
            return 0;
        }
    if (n == 0)
        return wq__err(as, "expected special register name (e.g. tid.x)");
    return wq__err(as, "unknown special register '%s'", name);
}

/* register ranges the decoder would reject, reported in assembler terms */
static int check_ranges(wq_as_t *as, const wq_insn_t *i, const char *mn)
{
    unsigned w = wq_memw_words(i->fn);
    if (i->fmt == WQ_FMT_LD && i->rd + w > WQ_NUM_REGS)
        return wq__err(as, "register range r%u..r%u out of range ('%s' needs rd <= r%u)",
                       i->rd, i->rd + w - 1, mn, WQ_NUM_REGS - w);
    if (i->fmt == WQ_FMT_ST && i->rb + w > WQ_NUM_REGS)
        return wq__err(as, "register range r%u..r%u out of range ('%s' needs rb <= r%u)",
                       i->rb, i->rb + w - 1, mn, WQ_NUM_REGS - w);
    if (i->fmt == WQ_FMT_A && i->fn == WQ_ATOM_CAS && i->rb + 1u >= WQ_NUM_REGS)
        return wq__err(as, "'%s' uses the pair rb, rb+1: rb must be <= r%u", mn,
                       WQ_NUM_REGS - 2);
    return 0;
}

static int operands(wq_as_t *as, wq_insn_t *i)
{
    unsigned p, neg;
    switch (i->fmt) {
    case WQ_FMT_N:
        return 0;
    case WQ_FMT_B:
        return target(as, i);
    case WQ_FMT_X:
        return reg(as, &i->ra);
    case WQ_FMT_BL:
        return reg_comma(as, &i->rd) || target(as, i);
    case WQ_FMT_R:
        return reg_comma(as, &i->rd) || reg_comma(as, &i->ra) || operand_b(as, i);
    case WQ_FMT_M1:
    case WQ_FMT_CV:
        return reg_comma(as, &i->rd) || operand_b(as, i);
    case WQ_FMT_P:
        if (wq__pred(as, &p, &neg, 0))
            return -1;
        if (p == WQ_PT)
            return wq__err(as, "pt cannot be written (destination must be p0..p%u)",
                           WQ_PT - 1);
        i->rd = (uint8_t)p;
        return wq__expect(as, ',') || reg_comma(as, &i->ra) || operand_b(as, i);
    case WQ_FMT_S:
        if (reg_comma(as, &i->rd) || reg_comma(as, &i->ra) || operand_b(as, i) ||
            wq__expect(as, ',') || wq__pred(as, &p, &neg, 1))
            return -1;
        i->fn = (uint8_t)WQ_SEL_FN(neg, p);
        return 0;
    case WQ_FMT_LD:
        return reg_comma(as, &i->rd) || address(as, i);
    case WQ_FMT_ST:
        return address(as, i) || wq__expect(as, ',') || reg(as, &i->rb);
    case WQ_FMT_A:
        return reg_comma(as, &i->rd) || address(as, i) || wq__expect(as, ',') ||
               reg(as, &i->rb);
    case WQ_FMT_SR:
        return reg_comma(as, &i->rd) || sreg(as, i);
    default:
        return wq__err(as, "internal error: format %u has no syntax", i->fmt);
    }
}

int wq__insn(wq_as_t *as, const char *mn, unsigned gp, unsigned gn)
{
    char base[WQ_AS_MAX_NAME + 1];
    const char *dot = strchr(mn, '.');
    size_t bl = dot ? (size_t)(dot - mn) : strlen(mn);
    const char *mod = dot ? dot + 1 : "";
    memcpy(base, mn, bl);
    base[bl] = '\0';
    int op = find_op(base);
    if (op < 0)
        return wq__err(as, "unknown mnemonic '%s'", base);
    if (strchr(mod, '.'))
        return wq__err(as, "too many modifiers in '%s'", mn);
    wq_insn_t i;
    memset(&i, 0, sizeof i);
    i.op = (uint8_t)op;
    i.fmt = wq_opinfo((unsigned)op)->fmt;
    i.gp = (uint8_t)gp;
    i.gn = (uint8_t)gn;
    if (modifier(as, &i, mn, mod) || operands(as, &i) || wq__end(as) ||
        check_ranges(as, &i, mn))
        return -1;
    uint64_t word = wq_encode(&i);
    wq_insn_t chk;
    if (as->pass == 2 && wq_decode(word, &chk) != 0)
        return wq__err(as, "internal error: '%s' assembled to illegal word 0x%016llx", mn,
                       (unsigned long long)word);
    return wq__emit_insn(as, word);
}
