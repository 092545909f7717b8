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
    int *defs = cc_alloc(c, sizeof *defs * ((size_t)cd->nvreg + 1));
    int *uses = cc_alloc(c, sizeof *uses * ((size_t)cd->nvreg + 1));
    cc_census(cd, defs, uses, NULL);
    for (int i = 0; i < cd->n; i++) {
        if (cd->ir[i].op == CC_OP_LABEL || !cc_quad_of(&cd->ir[i])) continue;
        cc_ir_t x = cd->ir[i];
        x.fn = WQ_MEMW_W32;
        /* a load's member nobody reads (a parameter group's unused word,
         * cc_param_quads) is not loaded; at least one word stays */
        int keep[4], nk = 0;
        for (int k = 0; k < 4; k++) {
            keep[k] = x.op != WQ_OP_LD || x.gp || uses[x.d + k - CC_V0] > 0;
            nk += keep[k];
        }
        if (!nk) keep[0] = nk = 1;
        int at = i;
        for (int k = 0; k < 4; k++) {
            if (!keep[k]) continue;
            cc_ir_t *y = at > i ? cc_ir_insert(c, cd, at) : &cd->ir[i];
            *y = x;
            y->imm = x.imm + 4u * (uint32_t)k;
            if (x.op == WQ_OP_LD) y->d = x.d + k;
            else y->b = x.b + k;
            at++;
        }
        i = at - 1;
        n++;
    }
    return n;
}

/* the bytes an LD.V4 reads: its MEMW row's registers x bytes (isa_enums.def) */
enum {
#define MEMW(n, c, w, b, s, st) MEMW_BYTES_##n = (w) * (b),
#include "../spec/isa_enums.def"
#undef MEMW
};
#define GROUP ((unsigned)MEMW_BYTES_V4)
_Static_assert(4 * WQ_KPARAM_ALIGN_WORDS % GROUP == 0,
               "the kernel ABI's alignment and padding keep every LD.V4 group inside the buffer");

/* a word load from the parameter buffer whose destination can be renamed:
 * unguarded, defined once, not a member of a quad */
static int param_word(const cc_code_t *cd, const cc_ir_t *x, const int *defs, const int *heads)
{
    return x->op == WQ_OP_LD && x->fn == WQ_MEMW_W32 && !x->gp && x->a == cd->param &&
           x->d >= CC_V0 && defs[x->d - CC_V0] == 1 && !(heads && heads[x->d - CC_V0]);
}

/* The kernel's arguments and the launch's header words are loaded where the
 * lowering needs them, one word at a time.  The runtime places the buffer
 * 16-byte aligned and pads it to a multiple of 16 bytes, so the group of
 * four words around any word it holds is one LD.V4 that stays inside it:
 * the loads of two or more words of a group, with no label or control flow
 * between them, become one LD.V4 where the first stands, and every use of
 * a loaded value reads the quad's member instead (the destinations are
 * defined once, so renaming them changes nothing else). */
int cc_param_quads(cc_t *c, cc_code_t *cd, char *dead)
{
    if (!cd->param || cd->nvreg <= 0) return 0;
    int nv = cd->nvreg, made = 0;
    int *defs = cc_alloc(c, sizeof *defs * (size_t)nv);
    int *uses = cc_alloc(c, sizeof *uses * (size_t)nv);
    int *rename = cc_alloc(c, sizeof *rename * (size_t)nv);
    int *heads = cc_quad_heads(c, cd);
    cc_census(cd, defs, uses, NULL);
    for (int v = 0; v < nv; v++) rename[v] = v + CC_V0;
    for (int i = 0; i < cd->n; i++) {
        cc_ir_t *x = &cd->ir[i];
        if (dead[i] || x->op == CC_OP_LABEL || !param_word(cd, x, defs, heads)) continue;
        uint32_t g = x->imm & ~(GROUP - 1);
        int at[4] = { -1, -1, -1, -1 }, cnt = 0;
        for (int j = i; j < cd->n; j++) {
            const cc_ir_t *y = &cd->ir[j];
            if (y->op == CC_OP_LABEL || y->op < WQ_OP_MOV || y->op == CC_OP_LIBCALL) break;
            if (dead[j] || !param_word(cd, y, defs, heads) || (y->imm & ~(GROUP - 1)) != g) continue;
            int k = (int)(y->imm >> 2 & 3u);
            if (at[k] < 0) { at[k] = j; cnt++; }
        }
        if (cnt < 2) continue;
        int q = CC_V0 + cd->nvreg;
        cd->nvreg += 4;
        for (int k = 0; k < 4; k++) {
            if (at[k] < 0) continue;
            rename[cd->ir[at[k]].d - CC_V0] = q + k;
            if (at[k] != i) dead[at[k]] = 1;
        }
        x->fn = WQ_MEMW_V4;
        x->imm = g;
        x->d = q;
        made++;
    }
    free(heads);
    if (!made) return 0;
    for (int i = 0; i < cd->n; i++) {
        cc_ir_t *x = &cd->ir[i];
        if (x->op == CC_OP_LABEL) continue;
        if (x->a >= CC_V0 && x->a - CC_V0 < nv) x->a = rename[x->a - CC_V0];
        if (!x->bi && x->b >= CC_V0 && x->b - CC_V0 < nv) x->b = rename[x->b - CC_V0];
        if (cc_reads_d(x) && x->d >= CC_V0 && x->d - CC_V0 < nv) x->d = rename[x->d - CC_V0];
    }
    return made;
}
