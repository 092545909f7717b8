/* disasm.c -- one instruction word to one line of assembler text.
 * The output is exactly what asm.c reads, so disassembling and assembling
 * again gives back the same 64-bit word (tests/unit/test_isa.c checks it
 * for every legal word it can reach).  Words without a spelling of their
 * own -- illegal words and BRA offsets the assembler would not emit --
 * come out as ".dword" with the reason in a comment. */
#include <stdarg.h>
#include <stdio.h>
#include "wq/asm.h"
#include "wq/isa.h"

typedef struct {
    char *b;
    size_t len, pos;
} out_t;

static void put(out_t *o, const char *fmt, ...)
{
    if (o->pos + 1 >= o->len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->b + o->pos, o->len - o->pos, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->pos += (size_t)n < o->len - o->pos ? (size_t)n : o->len - o->pos - 1;
}

/* table names are upper case; assembler text is lower case */
static void put_lower(out_t *o, const char *s)
{
    for (; *s && o->pos + 1 < o->len; s++)
        o->b[o->pos++] = (*s >= 'A' && *s <= 'Z') ? (char)(*s - 'A' + 'a') : *s;
    o->b[o->pos] = '\0';
}

static void put_pred(out_t *o, unsigned neg, unsigned p)
{
    put(o, "%s", neg ? "!" : "");
    if (p == WQ_PT)
        put(o, "pt");
    else
        put(o, "p%u", p);
}

/* rb, or the immediate when BI selects it */
static void put_b(out_t *o, const wq_insn_t *i)
{
    if (i->bi)
        put(o, "0x%x", i->imm);
    else
        put(o, "r%u", i->rb);
}

/* [ra], [ra+0x10], [ra-0x4]: a negative offset reads as one */
static void put_addr(out_t *o, const wq_insn_t *i)
{
    if (i->imm == 0)
        put(o, "[r%u]", i->ra);
    else if ((int32_t)i->imm < 0)
        put(o, "[r%u-0x%x]", i->ra, 0u - i->imm);
    else
        put(o, "[r%u+0x%x]", i->ra, i->imm);
}

static void put_memw(out_t *o, unsigned fn)
{
    if (fn != WQ_MEMW_W32) {       /* the one-word width is the default */
        put(o, ".");
        put_lower(o, wq_memw_name(fn));
    }
}

static void put_operands(out_t *o, const wq_insn_t *i, uint32_t pc)
{
    char sr[32];
    switch (i->fmt) {
    case WQ_FMT_N:
        break;
    case WQ_FMT_B:
        /* branch-like operands print as absolute instruction indices */
        if (i->op == WQ_OP_BRA)
            put(o, " %u", wq_bra_target(pc, i->imm));
        else
            put(o, " %u", i->imm);
        break;
    case WQ_FMT_X:
        put(o, " r%u", i->ra);
        break;
    case WQ_FMT_BL:
        put(o, " r%u, %u", i->rd, i->imm);
        break;
    case WQ_FMT_R:
        put(o, " r%u, r%u, ", i->rd, i->ra);
        put_b(o, i);
        break;
    case WQ_FMT_M1:
    case WQ_FMT_CV:
        put(o, " r%u, ", i->rd);
        put_b(o, i);
        break;
    case WQ_FMT_P:
        put(o, " p%u, r%u, ", i->rd, i->ra);
        put_b(o, i);
        break;
    case WQ_FMT_S:
        put(o, " r%u, r%u, ", i->rd, i->ra);
        put_b(o, i);
        put(o, ", ");
        put_pred(o, WQ_SEL_NEG(i->fn), WQ_SEL_PRED(i->fn));
        break;
    case WQ_FMT_LD:
        put(o, " r%u, ", i->rd);
        put_addr(o, i);
        break;
    case WQ_FMT_ST:
        put(o, " ");
        put_addr(o, i);
        put(o, ", r%u", i->rb);
        break;
    case WQ_FMT_A:
        put(o, " r%u, ", i->rd);
        put_addr(o, i);
        put(o, ", r%u", i->rb);
        break;
    case WQ_FMT_SR:
        if (wq_sreg_asm_name(i->imm, sr, sizeof sr) == 0)
            put(o, " r%u, %s", i->rd, sr);
        break;
    default:
        break;
    }
}

int wq_disasm(uint64_t raw, uint32_t pc, char *buf, size_t len)
{
    out_t o = {buf, len, 0};
    wq_insn_t i;
    if (!buf || len == 0)
        return 0;
    buf[0] = '\0';
    if (wq_decode(raw, &i) != 0) {
        put(&o, ".dword 0x%016llx ; illegal", (unsigned long long)raw);
        return (int)o.pos;
    }
    if (i.op == WQ_OP_BRA && !wq_bra_canonical(i.imm)) {
        put(&o, ".dword 0x%016llx ; ", (unsigned long long)raw);
        if (i.gn || i.gp != WQ_PT) {
            put(&o, "@");
            put_pred(&o, i.gn, i.gp);
            put(&o, " ");
        }
        put(&o, "bra %u (non-canonical offset 0x%x)", wq_bra_target(pc, i.imm), i.imm);
        return (int)o.pos;
    }
    /* "@!pt" is a real encoding (never executes), so only the default
     * guard -- pt, not negated -- is left out */
    if (i.gn || i.gp != WQ_PT) {
        put(&o, "@");
        put_pred(&o, i.gn, i.gp);
        put(&o, " ");
    }
    put_lower(&o, wq_opinfo(i.op)->name);
    if (i.fmt == WQ_FMT_P) {
        put(&o, ".");
        put_lower(&o, wq_cmp_name(i.fn));
    } else if (i.fmt == WQ_FMT_A) {
        put(&o, ".");
        put_lower(&o, wq_atomop_name(i.fn));
    } else if (i.fmt == WQ_FMT_LD || i.fmt == WQ_FMT_ST) {
        put_memw(&o, i.fn);
    } else if (i.fmt == WQ_FMT_CV && i.fn != WQ_RM_RNE) {   /* RNE: the default */
        put(&o, ".");
        put_lower(&o, wq_rm_name(i.fn));
    }
    put_operands(&o, &i, pc);
    return (int)o.pos;
}
