/* frame.c -- the work-item's private frame (docs/compiler.md "Register
 * convention", docs/runtime.md "Kernel ABI").
 *
 * Every work-item of a launch owns PSTRIDE bytes of global memory at
 * PRIVATE + (CTAFLAT * ntid.x * ntid.y * ntid.z + TID) * PSTRIDE, the two
 * words coming from the parameter buffer's header.  The frame holds the
 * private arrays, structs and address-taken variables of the kernel and of
 * every function in its call tree, each at an offset fixed at compile time
 * (OpenCL C has no recursion, so no two activations of a function overlap),
 * then the slots of spilled values.  The frame base is computed once, in
 * the kernel's prologue: by lower.c when the code has private objects, by
 * regalloc.c when it first spills.
 *
 * The IR's two edits that move instructions, cc_ir_insert and
 * cc_ir_compact, are here too: each keeps the callees' code ranges and the
 * end of the prologue on the same instructions. */
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"

enum { P_PRIVATE = 4 * WQ_KPARAM_PRIVATE, P_PSTRIDE = 4 * WQ_KPARAM_PSTRIDE };   /* kabi.def */

/* a fresh instruction at index at (later ones move down) */
cc_ir_t *cc_ir_insert(cc_t *c, cc_code_t *cd, int at)
{
    if (cd->n == cd->cap) {
        int cap = cd->cap ? cd->cap * 2 : 256;
        cc_ir_t *n = cc_alloc(c, sizeof *n * (size_t)cap);
        if (cd->n) memcpy(n, cd->ir, sizeof *n * (size_t)cd->n);
        cd->ir = n;
        cd->cap = cap;
    }
    memmove(&cd->ir[at + 1], &cd->ir[at], sizeof *cd->ir * (size_t)(cd->n - at));
    cd->n++;
    for (int i = 0; i < cd->ncallees; i++) {
        if (cd->callees[i].start >= at) cd->callees[i].start++;
        if (cd->callees[i].end >= at) cd->callees[i].end++;
    }
    cc_ir_t *x = &cd->ir[at];
    memset(x, 0, sizeof *x);
    return x;
}

/* drop the instructions dead marks: the ones after them move up, so the
 * called functions' code ranges (cc_callee_t start / end, which the
 * register allocator reads for the registers a CALL clobbers) and the end
 * of the prologue (where spill code puts the frame base) move with them
 * (an index moves down by the dead ones before it) */
void cc_ir_compact(cc_code_t *cd, const char *dead)
{
    int m = 0;
    for (int i = 0; i <= cd->n; i++) {
        for (int f = 0; f < cd->ncallees; f++) {
            cc_callee_t *e = &cd->callees[f];
            if (e->start == i) e->start = m;
            if (e->end == i) e->end = m;
        }
        if (i == cd->prologue_end) cd->prologue_end = m;
        if (i < cd->n && !dead[i]) cd->ir[m++] = cd->ir[i];
    }
    cd->n = m;
}

typedef struct { cc_t *c; cc_code_t *cd; int at; const cc_tok_t *tok; } ins_t;

static cc_ir_t *put(ins_t *s, int op, int d)
{
    cc_ir_t *x = cc_ir_insert(s->c, s->cd, s->at++);
    x->op = op;
    x->d = d;
    x->tok = s->tok;
    return x;
}

static int newv(cc_code_t *cd) { return CC_V0 + cd->nvreg++; }

static int sr(ins_t *s, int sreg)
{
    cc_ir_t *x = put(s, WQ_OP_S2R, newv(s->cd));
    x->imm = (uint32_t)sreg;
    return x->d;
}

static int rr(ins_t *s, int op, int a, int b)
{
    cc_ir_t *x = put(s, op, newv(s->cd));
    x->a = a;
    x->b = b;
    return x->d;
}

static int word(ins_t *s, uint32_t off)
{
    cc_ir_t *x = put(s, WQ_OP_LD, newv(s->cd));
    x->a = s->cd->param;
    x->imm = off;
    x->fn = WQ_MEMW_W32;
    return x->d;
}

int cc_frame_setup(cc_t *c, cc_code_t *cd, int at, const cc_tok_t *tok)
{
    ins_t s = { c, cd, at, tok };
    int n = rr(&s, WQ_OP_MUL, sr(&s, WQ_SR_NTID_X), sr(&s, WQ_SR_NTID_Y));
    n = rr(&s, WQ_OP_MUL, n, sr(&s, WQ_SR_NTID_Z));
    int flat = rr(&s, WQ_OP_ADD, rr(&s, WQ_OP_MUL, sr(&s, WQ_SR_CTAFLAT), n), sr(&s, WQ_SR_TID));
    int fb = rr(&s, WQ_OP_ADD, word(&s, P_PRIVATE), rr(&s, WQ_OP_MUL, flat, word(&s, P_PSTRIDE)));
    cd->frame = fb;
    return s.at;
}
