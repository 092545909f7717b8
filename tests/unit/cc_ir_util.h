/* cc_ir_util.h -- unit-test helpers for the compiler's back end: a bare
 * compiler context, hand-made IR instructions, and a look into the
 * per-instruction live-in sets (tests/unit/test_cc_*.c). */
#ifndef WQ_CC_IR_UTIL_H
#define WQ_CC_IR_UTIL_H
#include <criterion/criterion.h>
#include <stdlib.h>
#include "cc_int.h"

static inline cc_t *ctx(void)
{
    cc_t *c = calloc(1, sizeof *c);
    cr_assert_not_null(c);
    c->max_regs = 32;
    return c;
}

static inline void done(cc_t *c)
{
    struct blk { struct blk *next; } *b = (struct blk *)c->arena;
    while (b) { struct blk *n = b->next; free(b); b = n; }
    free(c);
}

static inline cc_ir_t *put(cc_t *c, cc_code_t *cd, int op, int d, int a, int b)
{
    cc_ir_t *x = cc_ir_insert(c, cd, cd->n);
    x->op = op;
    x->d = d;
    x->a = a;
    x->b = b;
    return x;
}

static inline cc_ir_t *imm(cc_t *c, cc_code_t *cd, int op, int d, int a, uint32_t v)
{
    cc_ir_t *x = put(c, cd, op, d, a, 0);
    x->bi = 1;
    x->imm = v;
    return x;
}

/* an empty kernel body of nvreg virtual registers, 2 predicates, 4 labels */
static inline cc_code_t *code(cc_t *c, int nvreg)
{
    cc_code_t *cd = cc_alloc(c, sizeof *cd);
    cd->nvreg = nvreg;
    cd->npred = 2;
    cd->nlabel = 4;
    return cd;
}

static inline void label(cc_t *c, cc_code_t *cd, int l) { put(c, cd, CC_OP_LABEL, 0, 0, 0)->label = l; }

#define V(n) (CC_V0 + (n))

/* is virtual register V(v) live into instruction i */
static inline int live(const uint64_t *in, int words, int i, int v)
{
    return (int)((in[(size_t)i * (size_t)words + (size_t)v / 64] >> (v % 64)) & 1);
}

#endif
