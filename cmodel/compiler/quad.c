/* quad.c -- register quads: the four consecutive registers an LD.V4 writes
 * or an ST.V4 reads (docs/compiler.md "Register quads").
 *
 * On virtual registers a quad is four consecutive register numbers
 * q..q+3, named by the instruction's d (LD.V4) or b (ST.V4): q is the
 * head.  The other instructions read and write the members one by one;
 * the register allocator gives the four colours c..c+3 (regalloc.c), or,
 * when no four consecutive registers are free, the accesses are split
 * back into four single-word ones (cc_quad_dissolve) and allocation
 * starts again -- always possible: a .v4 access is four word accesses at
 * +0, +4, +8 and +12. */
#include <stdlib.h>
#include "cc_int.h"
#include "wq/defs.h"

int cc_quad_of(const cc_ir_t *x)
{
    if ((x->op != WQ_OP_LD && x->op != WQ_OP_ST) || x->fn != WQ_MEMW_V4) return 0;
    int q = x->op == WQ_OP_LD ? x->d : x->b;
    return q >= CC_V0 ? q : 0;
}

int *cc_quad_heads(cc_t *c, const cc_code_t *cd)
{
    int *h = NULL;
    for (int i = 0; i < cd->n; i++) {
        int q = cd->ir[i].op == CC_OP_LABEL ? 0 : cc_quad_of(&cd->ir[i]);
        if (!q || q - CC_V0 + 3 >= cd->nvreg) continue;
        if (!h) {
            h = calloc((size_t)cd->nvreg + 1, sizeof *h);
            if (!h) { c->status = WQ_CC_NOMEM; longjmp(c->fail, 1); }
        }
        for (int k = 0; k < 4; k++) h[q - CC_V0 + k] = q - CC_V0 + 1;
    }
    return h;
}

int cc_quad_dissolve(cc_t *c, cc_code_t *cd)
{
    int n = 0;
    for (int i = 0; i < cd->n; i++) {
        if (cd->ir[i].op == CC_OP_LABEL || !cc_quad_of(&cd->ir[i])) continue;
        cc_ir_t x = cd->ir[i];
        x.fn = WQ_MEMW_W32;
        for (int k = 0; k < 4; k++) {
            cc_ir_t *y = k ? cc_ir_insert(c, cd, i + k) : &cd->ir[i];
            *y = x;
            y->imm = x.imm + 4u * (uint32_t)k;
            if (x.op == WQ_OP_LD) y->d = x.d + k;
            else y->b = x.b + k;
        }
        i += 3;
        n++;
    }
    return n;
}
