/* live.c -- what each instruction reads and writes, and where each value
 * is live: the facts fold.c, licm.c, peep.c, quad.c, subv.c, spill.c and
 * regalloc.c read, in one place below all of them.
 *
 * Liveness is computed per instruction on the per-thread control-flow
 * graph: each thread of a warp runs the program as a sequential program
 * (inactive threads' registers are never written), so a SYNC, BRK or CONT
 * to f is an edge to f (the thread parks and resumes at f, or branches
 * there), an SSY/PBRK/PCONT only falls through, and an unguarded EXIT ends
 * the thread, as does an unguarded RET.  A guarded instruction's
 * destination is also one of its sources (threads whose guard is false
 * keep the old value), as is FFMA's (it reads RD as its addend: isa.def
 * WQ_IF_RRD; cc_reads_d).  An LD.V4 into a register quad (quad.c) writes all
 * four members, an ST.V4 from one reads all four.
 *
 * The kernel and the functions it calls (lower.c's callees) are one
 * program: a CALL reads what its callee's entry reads, and overwrites
 * what the callee's code (and its callees') writes (docs/compiler.md
 * "Calls"). */
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"

#define WB 64
#define SETBIT(set, v) ((set)[(v) / WB] |= (uint64_t)1 << ((v) % WB))

int cc_quad_of(const cc_ir_t *x)
{
    if ((x->op != WQ_OP_LD && x->op != WQ_OP_ST) || x->fn != WQ_MEMW_V4) return 0;
    int q = x->op == WQ_OP_LD ? x->d : x->b;
    return q >= CC_V0 ? q : 0;
}

int cc_reads_d(const cc_ir_t *x)
{
    return x->op != CC_OP_LABEL && (x->gp || (cc_op_flags(x->op) & WQ_IF_RRD));
}

/* how often each virtual register is defined and read (regalloc's view:
 * a destination the instruction reads, cc_reads_d, is also read), and where each was last defined
 * (def_at may be NULL); a quad member counts as defined twice and read */
void cc_census(const cc_code_t *cd, int *defs, int *uses, int *def_at)
{
    memset(defs, 0, sizeof *defs * (size_t)cd->nvreg);
    memset(uses, 0, sizeof *uses * (size_t)cd->nvreg);
    for (int i = 0; i < cd->n; i++) {
        const cc_ir_t *x = &cd->ir[i];
        if (x->op == CC_OP_LABEL) continue;
        if (x->a >= CC_V0) uses[x->a - CC_V0]++;
        if (!x->bi && x->b >= CC_V0) uses[x->b - CC_V0]++;
        if (x->d >= CC_V0) {
            defs[x->d - CC_V0]++;
            if (def_at) def_at[x->d - CC_V0] = i;
            if (cc_reads_d(x)) uses[x->d - CC_V0]++;
        }
        /* a register quad's members (quad.c) keep their numbers and are
         * read or written as a whole: counted as defined twice and read,
         * never forwarded into, renamed, propagated or dropped */
        int q = cc_quad_of(x);
        for (int k = 0; q && k < 4 && q - CC_V0 + k < cd->nvreg; k++) {
            defs[q - CC_V0 + k] += 2;
            uses[q - CC_V0 + k]++;
        }
    }
}

static int is_branchy(int op)
{
    return op == WQ_OP_BRA || op == WQ_OP_JMP || op == WQ_OP_SYNC || op == WQ_OP_BRK || op == WQ_OP_CONT;
}

/* successors of instruction i: up to two */
static int succs(const cc_live_t *r, int i, int s[2])
{
    const cc_ir_t *x = &r->cd->ir[i];
    int k = 0;
    if (is_branchy(x->op)) {
        s[k++] = r->label_at[x->label];
        if (x->gp && i + 1 < r->n) s[k++] = i + 1;
        return k;
    }
    if ((x->op == WQ_OP_EXIT || x->op == WQ_OP_RET) && !x->gp) return 0;
    if (i + 1 < r->n) s[k++] = i + 1;
    return k;
}

/* the registers (kind 0) or predicates (kind 1) an instruction reads and writes */
void cc_uses_defs(const cc_ir_t *x, int kind, int use[4], int *nu, int *def)
{
    *nu = 0;
    *def = 0;
    if (x->op == CC_OP_LABEL) return;
    if (kind == 0) {
        if (x->a >= CC_V0) use[(*nu)++] = x->a;
        if (!x->bi && x->b >= CC_V0) use[(*nu)++] = x->b;
        if (x->d >= CC_V0) {
            *def = x->d;
            if (cc_reads_d(x)) use[(*nu)++] = x->d;
        }
    } else {
        if (x->gp) use[(*nu)++] = x->gp;
        if (x->op == WQ_OP_SEL && x->pd) use[(*nu)++] = x->pd;
        if (x->op == WQ_OP_SETP || x->op == WQ_OP_FSETP) {
            *def = x->pd;
            if (x->gp) use[(*nu)++] = x->pd;
        }
    }
}

/* an LD.V4 into a virtual quad also writes q+1..q+3, an ST.V4 from one
 * also reads them (quad.c): the members past the head, 0 for none */
int cc_live_quad_tail(const cc_live_t *r, const cc_ir_t *x, int *is_def)
{
    int q = r->kind == 0 && x->op != CC_OP_LABEL ? cc_quad_of(x) : 0;
    if (!q || q - r->base + 3 >= r->nv) return 0;
    *is_def = x->op == WQ_OP_LD;
    return q;
}

/* what a CALL to each callee overwrites: the registers (or predicates)
 * written anywhere in its code, its link, and what its own CALLs
 * overwrite (no recursion: the closure ends) */
static void clobbers(cc_live_t *r)
{
    const cc_code_t *cd = r->cd;
    int w = r->words;
    r->clob = cc_calloc(r->c, (size_t)(cd->ncallees ? cd->ncallees : 1) * (size_t)w, sizeof *r->clob);
    for (int f = 0; f < cd->ncallees; f++) {
        uint64_t *cl = &r->clob[(size_t)f * (size_t)w];
        if (r->kind == 0) SETBIT(cl, cd->callees[f].link - r->base);
        for (int i = cd->callees[f].start; i < cd->callees[f].end; i++) {
            int use[4], nu, def;
            cc_uses_defs(&cd->ir[i], r->kind, use, &nu, &def);
            if (def) SETBIT(cl, def - r->base);
            int qd = 0, q = cc_live_quad_tail(r, &cd->ir[i], &qd);
            for (int k = 1; q && qd && k < 4; k++) SETBIT(cl, q + k - r->base);
        }
    }
    for (int changed = 1, iter = 0; changed && iter <= cd->ncallees; iter++) {
        changed = 0;
        for (int f = 0; f < cd->ncallees; f++) {
            uint64_t *cl = &r->clob[(size_t)f * (size_t)w];
            for (int i = cd->callees[f].start; i < cd->callees[f].end; i++) {
                if (cd->ir[i].op != WQ_OP_CALL) continue;
                const uint64_t *inner = &r->clob[(size_t)cd->ir[i].fn * (size_t)w];
                for (int j = 0; j < w; j++)
                    if (inner[j] & ~cl[j]) { cl[j] |= inner[j]; changed = 1; }
            }
        }
    }
}

/* live-out of instruction i into out; for a CALL, *across (when asked)
 * gets what lives across it: live after the return, not overwritten */
void cc_live_out(const cc_live_t *r, const uint64_t *live_in, int i, uint64_t *out, uint64_t *across)
{
    const cc_ir_t *x = &r->cd->ir[i];
    int w = r->words;
    memset(out, 0, sizeof *out * (size_t)w);
    if (x->op == WQ_OP_CALL) {
        /* the callee runs, then the code after the CALL: what it reads is
         * live here, what lives after it and it does not write is too */
        const uint64_t *cl = &r->clob[(size_t)x->fn * (size_t)w];
        const uint64_t *after = i + 1 < r->n ? &live_in[(size_t)(i + 1) * (size_t)w] : NULL;
        const uint64_t *entry = &live_in[(size_t)r->label_at[r->cd->callees[x->fn].entry] * (size_t)w];
        for (int j = 0; j < w; j++) {
            uint64_t a = after ? after[j] & ~cl[j] : 0;
            if (across) across[j] = a;
            out[j] = a | entry[j];
        }
        return;
    }
    int s[2];
    int ns = succs(r, i, s);
    for (int k = 0; k < ns; k++)
        for (int j = 0; j < w; j++) out[j] |= live_in[(size_t)s[k] * (size_t)w + (size_t)j];
}

uint64_t *cc_liveness(cc_live_t *r)
{
    cc_t *c = r->c;
    int words = r->words;
    if ((double)r->n * words * 8 > 512.0 * 1024 * 1024 || (double)r->nv * words * 8 > 512.0 * 1024 * 1024)
        cc_error_tok(c, r->cd->n ? r->cd->ir[0].tok : NULL, "kernel too large to allocate registers for");
    clobbers(r);
    uint64_t *live_in = cc_calloc(c, (size_t)r->n * (size_t)words, sizeof *live_in);
    uint64_t *out = cc_calloc(c, (size_t)words, sizeof *out);
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int i = r->n - 1; i >= 0; i--) {
            cc_live_out(r, live_in, i, out, NULL);
            int use[4], nu, def;
            cc_uses_defs(&r->cd->ir[i], r->kind, use, &nu, &def);
            if (def) out[(def - r->base) / WB] &= ~((uint64_t)1 << ((def - r->base) % WB));
            const cc_ir_t *x = &r->cd->ir[i];
            int qd = 0, q = cc_live_quad_tail(r, x, &qd);
            for (int k = 1; q && k < 4; k++) {
                int v = q + k - r->base;
                if (qd) out[v / WB] &= ~((uint64_t)1 << (v % WB));
                if (!qd || x->gp) SETBIT(out, v);
            }
            for (int k = 0; k < nu; k++) SETBIT(out, use[k] - r->base);
            uint64_t *in = &live_in[(size_t)i * (size_t)words];
            if (memcmp(in, out, sizeof *out * (size_t)words)) {
                memcpy(in, out, sizeof *out * (size_t)words);
                changed = 1;
            }
        }
    }
    free(out);
    return live_in;
}

void cc_live_init(cc_live_t *r, cc_t *c, const cc_code_t *cd, int kind)
{
    memset(r, 0, sizeof *r);
    r->c = c;
    r->cd = cd;
    r->n = cd->n;
    r->kind = kind;
    r->base = kind == 0 ? CC_V0 : 1;
    r->nv = kind == 0 ? cd->nvreg : cd->npred;
    r->words = (r->nv + WB - 1) / WB;
    if (r->words == 0) r->words = 1;
    r->label_at = cc_calloc(c, (size_t)cd->nlabel + 1, sizeof *r->label_at);
    for (int i = 0; i < cd->n; i++) if (cd->ir[i].op == CC_OP_LABEL) r->label_at[cd->ir[i].label] = i;
}

void cc_live_free(cc_live_t *r)
{
    free(r->label_at);
    free(r->clob);
}

/* cc_int.h: the live-in sets, one bitset of `*words` words per instruction
 * (bit v: register CC_V0 + v, or predicate 1 + v); free() it */
uint64_t *cc_live_in(cc_t *c, const cc_code_t *cd, int kind, int *words)
{
    cc_live_t r;
    cc_live_init(&r, c, cd, kind);
    uint64_t *l = cc_liveness(&r);
    *words = r.words;
    cc_live_free(&r);
    return l;
}

