/* regalloc.c -- virtual registers and predicates to physical ones.
 *
 * Liveness is computed per instruction on the per-thread control-flow
 * graph: each thread of a warp runs the program as a sequential program
 * (inactive threads' registers are never written), so a SYNC, BRK or CONT
 * to f is an edge to f (the thread parks and resumes at f, or branches
 * there), an SSY/PBRK/PCONT only falls through, and an unguarded EXIT ends
 * the thread.  A guarded instruction's destination is also one of its
 * sources (threads whose guard is false keep the old value).
 *
 * Colouring is Chaitin-Briggs: nodes of degree < K are removed first, then
 * the one with the highest degree; colours are given in reverse order of
 * removal, preferring the colour of a move's other end so that most copies
 * disappear.  Registers: r0..r(K-1) with K = max_regs, less the top two
 * when the kernel uses compare-and-swap (their register pair); predicates
 * p0..p6 (p7 is PT).  A kernel that needs more registers than that is an
 * error that names the register count. */
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"

typedef uint64_t word_t;
#define WB 64

typedef struct {
    cc_t *c;
    const cc_code_t *cd;
    int n;                          /* instructions                           */
    int *label_at;                  /* label id -> instruction index          */
} ra_t;

static int is_branchy(int op)
{
    return op == WQ_OP_BRA || op == WQ_OP_JMP || op == WQ_OP_SYNC || op == WQ_OP_BRK || op == WQ_OP_CONT;
}

/* successors of instruction i: up to two */
static int succs(const ra_t *r, int i, int s[2])
{
    const cc_ir_t *x = &r->cd->ir[i];
    int k = 0;
    if (is_branchy(x->op)) {
        s[k++] = r->label_at[x->label];
        if (x->gp && i + 1 < r->n) s[k++] = i + 1;
        return k;
    }
    if (x->op == WQ_OP_EXIT && !x->gp) return 0;
    if (i + 1 < r->n) s[k++] = i + 1;
    return k;
}

/* the registers (kind 0) or predicates (kind 1) an instruction reads and writes */
static void uses_defs(const cc_ir_t *x, int kind, int use[4], int *nu, int *def)
{
    *nu = 0;
    *def = 0;
    if (x->op == CC_OP_LABEL) return;
    if (kind == 0) {
        if (x->a >= CC_V0) use[(*nu)++] = x->a;
        if (!x->bi && x->b >= CC_V0) use[(*nu)++] = x->b;
        if (x->d >= CC_V0) {
            *def = x->d;
            if (x->gp) use[(*nu)++] = x->d;
        }
    } else {
        if (x->gp) use[(*nu)++] = x->gp;
        if (x->op == WQ_OP_SEL && x->pd) use[(*nu)++] = x->pd;
        if (x->op == WQ_OP_SETP) {
            *def = x->pd;
            if (x->gp) use[(*nu)++] = x->pd;
        }
    }
}

typedef struct {
    int nv;                         /* nodes                                  */
    int words;                      /* bitset words per set                   */
    word_t *adj;                    /* nv x nv interference matrix            */
    int *deg;
    int *pref;                      /* a move partner, or -1                  */
} graph_t;

static void *xcalloc(cc_t *c, size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz);
    if (!p) { c->status = WQ_CC_NOMEM; longjmp(c->fail, 1); }
    return p;
}

static void add_edge(graph_t *g, int a, int b)
{
    if (a == b) return;
    word_t *ra = &g->adj[(size_t)a * (size_t)g->words];
    if (ra[b / WB] & ((word_t)1 << (b % WB))) return;
    ra[b / WB] |= (word_t)1 << (b % WB);
    g->adj[(size_t)b * (size_t)g->words + (size_t)(a / WB)] |= (word_t)1 << (a % WB);
    g->deg[a]++;
    g->deg[b]++;
}

/* liveness and the interference graph for one kind; base = the first node
 * number (CC_V0 for registers, 1 for predicates) */
static void build(ra_t *r, int kind, int base, int nv, graph_t *g)
{
    cc_t *c = r->c;
    int words = (nv + WB - 1) / WB;
    if (words == 0) words = 1;
    if ((double)r->n * words * 8 > 512.0 * 1024 * 1024 || (double)nv * words * 8 > 512.0 * 1024 * 1024)
        cc_error_tok(c, r->cd->n ? r->cd->ir[0].tok : NULL, "kernel too large to allocate registers for");
    word_t *live_in = xcalloc(c, (size_t)r->n * (size_t)words, sizeof *live_in);
    word_t *out = xcalloc(c, (size_t)words, sizeof *out);
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int i = r->n - 1; i >= 0; i--) {
            int s[2];
            int ns = succs(r, i, s);
            memset(out, 0, sizeof *out * (size_t)words);
            for (int k = 0; k < ns; k++)
                for (int j = 0; j < words; j++) out[j] |= live_in[(size_t)s[k] * (size_t)words + (size_t)j];
            int use[4], nu, def;
            uses_defs(&r->cd->ir[i], kind, use, &nu, &def);
            if (def) out[(def - base) / WB] &= ~((word_t)1 << ((def - base) % WB));
            for (int k = 0; k < nu; k++) out[(use[k] - base) / WB] |= (word_t)1 << ((use[k] - base) % WB);
            word_t *in = &live_in[(size_t)i * (size_t)words];
            if (memcmp(in, out, sizeof *out * (size_t)words)) {
                memcpy(in, out, sizeof *out * (size_t)words);
                changed = 1;
            }
        }
    }
    g->nv = nv;
    g->words = words;
    g->adj = xcalloc(c, (size_t)nv * (size_t)words, sizeof *g->adj);
    g->deg = xcalloc(c, (size_t)nv + 1, sizeof *g->deg);
    g->pref = xcalloc(c, (size_t)nv + 1, sizeof *g->pref);
    for (int v = 0; v < nv; v++) g->pref[v] = -1;
    for (int i = 0; i < r->n; i++) {
        int use[4], nu, def;
        const cc_ir_t *x = &r->cd->ir[i];
        uses_defs(x, kind, use, &nu, &def);
        if (!def) continue;
        int s[2];
        int ns = succs(r, i, s);
        memset(out, 0, sizeof *out * (size_t)words);
        for (int k = 0; k < ns; k++)
            for (int j = 0; j < words; j++) out[j] |= live_in[(size_t)s[k] * (size_t)words + (size_t)j];
        int mv = (kind == 0 && x->op == WQ_OP_MOV && !x->bi && !x->gp && x->b >= CC_V0) ? x->b - base : -1;
        if (mv >= 0) { g->pref[def - base] = mv; if (g->pref[mv] < 0) g->pref[mv] = def - base; }
        for (int j = 0; j < words; j++) {
            word_t m = out[j];
            while (m) {
                int b = __builtin_ctzll(m);
                m &= m - 1;
                int v = j * WB + b;
                if (v != mv) add_edge(g, def - base, v);
            }
        }
    }
    free(out);
    free(live_in);
}

/* colour g with k colours; returns -1 and *fail = a node that did not
 * fit, or the number of colours used */
static int colour(cc_t *c, graph_t *g, int k, int *col, int *fail)
{
    int nv = g->nv;
    int *deg = xcalloc(c, (size_t)nv + 1, sizeof *deg);
    char *gone = xcalloc(c, (size_t)nv + 1, 1);
    int *stack = xcalloc(c, (size_t)nv + 1, sizeof *stack);
    memcpy(deg, g->deg, sizeof *deg * (size_t)nv);
    int sp = 0;
    for (int left = nv; left > 0; left--) {
        int pick = -1;
        for (int v = 0; v < nv; v++)
            if (!gone[v] && deg[v] < k) { pick = v; break; }
        if (pick < 0)
            for (int v = 0; v < nv; v++)
                if (!gone[v] && (pick < 0 || deg[v] > deg[pick])) pick = v;
        gone[pick] = 1;
        stack[sp++] = pick;
        const word_t *row = &g->adj[(size_t)pick * (size_t)g->words];
        for (int j = 0; j < g->words; j++) {
            word_t m = row[j];
            while (m) {
                int b = __builtin_ctzll(m);
                m &= m - 1;
                deg[j * WB + b]--;
            }
        }
    }
    int used = 0, rc = 0;
    for (int v = 0; v < nv; v++) col[v] = -1;
    uint8_t *taken = xcalloc(c, (size_t)k + 1, 1);
    while (sp > 0) {
        int v = stack[--sp];
        memset(taken, 0, (size_t)k + 1);
        const word_t *row = &g->adj[(size_t)v * (size_t)g->words];
        for (int j = 0; j < g->words; j++) {
            word_t m = row[j];
            while (m) {
                int b = __builtin_ctzll(m);
                m &= m - 1;
                int u = j * WB + b;
                if (col[u] >= 0) taken[col[u]] = 1;
            }
        }
        int pick = -1;
        if (g->pref[v] >= 0 && col[g->pref[v]] >= 0 && !taken[col[g->pref[v]]]) pick = col[g->pref[v]];
        for (int i = 0; pick < 0 && i < k; i++) if (!taken[i]) pick = i;
        if (pick < 0) { *fail = v; rc = -1; break; }
        col[v] = pick;
        if (pick + 1 > used) used = pick + 1;
    }
    free(taken);
    free(deg);
    free(gone);
    free(stack);
    return rc < 0 ? -1 : used;
}

void cc_regalloc(cc_t *c, cc_kout_t *k)
{
    cc_code_t *cd = &k->code;
    ra_t r = { .c = c, .cd = cd, .n = cd->n };
    r.label_at = xcalloc(c, (size_t)cd->nlabel + 1, sizeof *r.label_at);
    for (int i = 0; i < cd->n; i++) if (cd->ir[i].op == CC_OP_LABEL) r.label_at[cd->ir[i].label] = i;
    int kregs = (int)c->max_regs - (cd->uses_cas ? 2 : 0);
    graph_t g = {0};
    build(&r, 0, CC_V0, cd->nvreg, &g);
    int *col = xcalloc(c, (size_t)cd->nvreg + 1, sizeof *col);
    int fail = 0;
    int used = colour(c, &g, kregs, col, &fail);
    free(g.adj); free(g.deg); free(g.pref);
    if (used < 0) {
        free(col);
        free(r.label_at);
        cc_error_tok(c, k->fn->tok, "kernel '%s' needs more than %d registers per work-item; "
                     "spilling to private memory is not supported yet (simplify the kernel or split it)",
                     k->fn->name, kregs);
    }
    graph_t gp = {0};
    build(&r, 1, 1, cd->npred, &gp);
    int *pcol = xcalloc(c, (size_t)cd->npred + 1, sizeof *pcol);
    int pused = colour(c, &gp, 7, pcol, &fail);
    free(gp.adj); free(gp.deg); free(gp.pref);
    free(r.label_at);
    if (pused < 0) {
        free(col);
        free(pcol);
        cc_error_tok(c, k->fn->tok, "kernel '%s' needs more than 7 predicates at once", k->fn->name);
    }
    c->vmap = cc_alloc(c, sizeof *c->vmap * ((size_t)cd->nvreg + 1));
    c->pmap = cc_alloc(c, sizeof *c->pmap * ((size_t)cd->npred + 2));
    memcpy(c->vmap, col, sizeof *col * (size_t)cd->nvreg);
    c->pmap[0] = 7;
    for (int p = 1; p <= cd->npred; p++) c->pmap[p] = pcol[p - 1];
    free(col);
    free(pcol);
    uint32_t n = (uint32_t)(used > 0 ? used : 1);
    if (cd->uses_cas) n = c->max_regs;
    k->info.nregs = n;
}
