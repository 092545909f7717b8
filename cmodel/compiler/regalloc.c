/* regalloc.c -- virtual registers and predicates to physical ones.
 *
 * Liveness is computed per instruction on the per-thread control-flow
 * graph: each thread of a warp runs the program as a sequential program
 * (inactive threads' registers are never written), so a SYNC, BRK or CONT
 * to f is an edge to f (the thread parks and resumes at f, or branches
 * there), an SSY/PBRK/PCONT only falls through, and an unguarded EXIT ends
 * the thread, as does an unguarded RET.  A guarded instruction's
 * destination is also one of its sources (threads whose guard is false
 * keep the old value).
 *
 * The kernel and the functions it calls (lower.c's callees) are one
 * program: a CALL reads what its callee's entry reads, and overwrites
 * what the callee's code (and its callees') writes, so a value live across
 * the CALL interferes with all of that and never shares a register with
 * it.  That is the whole calling convention (docs/compiler.md).
 *
 * Colouring is optimistic Chaitin-Briggs: nodes of degree < K are removed
 * first, then the one of least spill cost / degree (spill.c); colours are
 * given in reverse order of removal, preferring the colour of a move's
 * other end so that most copies disappear; a node that finds no colour is
 * spilled to the work-item's frame and allocation starts again.  A
 * register quad (quad.c: the four registers of an LD.V4 / ST.V4) takes
 * four consecutive colours when its first member comes; its members are
 * the last spill candidates, and a quad that finds no four free colours
 * has the kernel's .v4 accesses split into word accesses instead.
 * Registers: r0..r(K-1) with K = max_regs, less the top two when the
 * kernel uses compare-and-swap (their register pair); predicates p0..p6
 * (p7 is PT, never spilled).  A kernel that cannot be coloured even with
 * spilling is an error that names the register count. */
#include <stdlib.h>
#include <string.h>
#include "wq/regs.h"
#include "cc_int.h"
#include "wq/defs.h"

typedef uint64_t word_t;
#define WB 64

typedef struct {
    cc_t *c;
    const cc_code_t *cd;
    int n;                          /* instructions                           */
    int *label_at;                  /* label id -> instruction index          */
    int kind, base, nv, words;
    word_t *clob;                   /* per callee: what a CALL to it overwrites */
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

/* an LD.V4 into a virtual quad also writes q+1..q+3, an ST.V4 from one
 * also reads them (quad.c): the members past the head, 0 for none */
static int quad_tail(const ra_t *r, const cc_ir_t *x, int *is_def)
{
    int q = r->kind == 0 && x->op != CC_OP_LABEL ? cc_quad_of(x) : 0;
    if (!q || q - r->base + 3 >= r->nv) return 0;
    *is_def = x->op == WQ_OP_LD;
    return q;
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



#define BIT(set, v) ((set)[(v) / WB] & ((word_t)1 << ((v) % WB)))
#define SETBIT(set, v) ((set)[(v) / WB] |= (word_t)1 << ((v) % WB))

/* what a CALL to each callee overwrites: the registers (or predicates)
 * written anywhere in its code, its link, and what its own CALLs
 * overwrite (no recursion: the closure ends) */
static void clobbers(ra_t *r)
{
    const cc_code_t *cd = r->cd;
    int w = r->words;
    r->clob = xcalloc(r->c, (size_t)(cd->ncallees ? cd->ncallees : 1) * (size_t)w, sizeof *r->clob);
    for (int f = 0; f < cd->ncallees; f++) {
        word_t *cl = &r->clob[(size_t)f * (size_t)w];
        if (r->kind == 0) SETBIT(cl, cd->callees[f].link - r->base);
        for (int i = cd->callees[f].start; i < cd->callees[f].end; i++) {
            int use[4], nu, def;
            cc_uses_defs(&cd->ir[i], r->kind, use, &nu, &def);
            if (def) SETBIT(cl, def - r->base);
            int qd = 0, q = quad_tail(r, &cd->ir[i], &qd);
            for (int k = 1; q && qd && k < 4; k++) SETBIT(cl, q + k - r->base);
        }
    }
    for (int changed = 1, iter = 0; changed && iter <= cd->ncallees; iter++) {
        changed = 0;
        for (int f = 0; f < cd->ncallees; f++) {
            word_t *cl = &r->clob[(size_t)f * (size_t)w];
            for (int i = cd->callees[f].start; i < cd->callees[f].end; i++) {
                if (cd->ir[i].op != WQ_OP_CALL) continue;
                const word_t *inner = &r->clob[(size_t)cd->ir[i].fn * (size_t)w];
                for (int j = 0; j < w; j++)
                    if (inner[j] & ~cl[j]) { cl[j] |= inner[j]; changed = 1; }
            }
        }
    }
}

/* live-out of instruction i into out; for a CALL, *across (when asked)
 * gets what lives across it: live after the return, not overwritten */
static void live_out(const ra_t *r, const word_t *live_in, int i, word_t *out, word_t *across)
{
    const cc_ir_t *x = &r->cd->ir[i];
    int w = r->words;
    memset(out, 0, sizeof *out * (size_t)w);
    if (x->op == WQ_OP_CALL) {
        /* the callee runs, then the code after the CALL: what it reads is
         * live here, what lives after it and it does not write is too */
        const word_t *cl = &r->clob[(size_t)x->fn * (size_t)w];
        const word_t *after = i + 1 < r->n ? &live_in[(size_t)(i + 1) * (size_t)w] : NULL;
        const word_t *entry = &live_in[(size_t)r->label_at[r->cd->callees[x->fn].entry] * (size_t)w];
        for (int j = 0; j < w; j++) {
            word_t a = after ? after[j] & ~cl[j] : 0;
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

static word_t *liveness(ra_t *r)
{
    cc_t *c = r->c;
    int words = r->words;
    if ((double)r->n * words * 8 > 512.0 * 1024 * 1024 || (double)r->nv * words * 8 > 512.0 * 1024 * 1024)
        cc_error_tok(c, r->cd->n ? r->cd->ir[0].tok : NULL, "kernel too large to allocate registers for");
    clobbers(r);
    word_t *live_in = xcalloc(c, (size_t)r->n * (size_t)words, sizeof *live_in);
    word_t *out = xcalloc(c, (size_t)words, sizeof *out);
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int i = r->n - 1; i >= 0; i--) {
            live_out(r, live_in, i, out, NULL);
            int use[4], nu, def;
            cc_uses_defs(&r->cd->ir[i], r->kind, use, &nu, &def);
            if (def) out[(def - r->base) / WB] &= ~((word_t)1 << ((def - r->base) % WB));
            const cc_ir_t *x = &r->cd->ir[i];
            int qd = 0, q = quad_tail(r, x, &qd);
            for (int k = 1; q && k < 4; k++) {
                int v = q + k - r->base;
                if (qd) out[v / WB] &= ~((word_t)1 << (v % WB));
                if (!qd || x->gp) SETBIT(out, v);
            }
            for (int k = 0; k < nu; k++) SETBIT(out, use[k] - r->base);
            word_t *in = &live_in[(size_t)i * (size_t)words];
            if (memcmp(in, out, sizeof *out * (size_t)words)) {
                memcpy(in, out, sizeof *out * (size_t)words);
                changed = 1;
            }
        }
    }
    free(out);
    return live_in;
}

static void ra_init(ra_t *r, cc_t *c, const cc_code_t *cd, int kind)
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
    r->label_at = xcalloc(c, (size_t)cd->nlabel + 1, sizeof *r->label_at);
    for (int i = 0; i < cd->n; i++) if (cd->ir[i].op == CC_OP_LABEL) r->label_at[cd->ir[i].label] = i;
}

static void ra_free(ra_t *r)
{
    free(r->label_at);
    free(r->clob);
}

/* cc_int.h: the live-in sets, one bitset of `*words` words per instruction
 * (bit v: register CC_V0 + v, or predicate 1 + v); free() it */
uint64_t *cc_live_in(cc_t *c, const cc_code_t *cd, int kind, int *words)
{
    ra_t r;
    ra_init(&r, c, cd, kind);
    word_t *l = liveness(&r);
    *words = r.words;
    ra_free(&r);
    return l;
}

/* the interference graph; move partners are preferred colours */
static void build(ra_t *r, graph_t *g)
{
    cc_t *c = r->c;
    int nv = r->nv, words = r->words, base = r->base;
    word_t *live_in = liveness(r);
    word_t *out = xcalloc(c, (size_t)words, sizeof *out);
    word_t *across = xcalloc(c, (size_t)words, sizeof *across);
    g->nv = nv;
    g->words = words;
    g->adj = xcalloc(c, (size_t)nv * (size_t)words, sizeof *g->adj);
    g->deg = xcalloc(c, (size_t)nv + 1, sizeof *g->deg);
    g->pref = xcalloc(c, (size_t)nv + 1, sizeof *g->pref);
    for (int v = 0; v < nv; v++) g->pref[v] = -1;
    for (int i = 0; i < r->n; i++) {
        int use[4], nu, def;
        const cc_ir_t *x = &r->cd->ir[i];
        cc_uses_defs(x, r->kind, use, &nu, &def);
        if (x->op == WQ_OP_CALL) {
            /* everything the callee writes against everything that lives
             * across the call; the link against what the callee reads */
            live_out(r, live_in, i, out, across);
            const word_t *cl = &r->clob[(size_t)x->fn * (size_t)words];
            for (int j = 0; j < words; j++) {
                word_t m = cl[j];
                while (m) {
                    int a = j * WB + __builtin_ctzll(m);
                    m &= m - 1;
                    for (int k = 0; k < words; k++) {
                        word_t m2 = across[k];
                        while (m2) {
                            int b = k * WB + __builtin_ctzll(m2);
                            m2 &= m2 - 1;
                            add_edge(g, a, b);
                        }
                    }
                }
            }
        }
        if (!def) continue;
        live_out(r, live_in, i, out, NULL);
        int mv = (r->kind == 0 && x->op == WQ_OP_MOV && !x->bi && !x->gp && x->b >= CC_V0) ? x->b - base : -1;
        if (mv >= 0) { g->pref[def - base] = mv; if (g->pref[mv] < 0) g->pref[mv] = def - base; }
        int qd = 0, q = quad_tail(r, x, &qd), last = q && qd ? def + 3 : def;
        for (int d = def; d <= last; d++)
            for (int j = 0; j < words; j++) {
                word_t m = out[j];
                while (m) {
                    int b = __builtin_ctzll(m);
                    m &= m - 1;
                    int v = j * WB + b;
                    if (v != mv) add_edge(g, d - base, v);
                }
            }
    }
    free(across);
    free(out);
    free(live_in);
}

/* the colours g's neighbours of v hold, into taken */
static void taken_by(const graph_t *g, const int *col, int v, uint8_t *taken)
{
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
}

/* a register quad (quad.c) whose head is node h: the lowest c with c + i
 * free for member i, all below kv; -1 when there is none */
static int colour_quad(cc_t *c, const graph_t *g, int h, int kv, int *col)
{
    uint8_t *taken = xcalloc(c, 4 * ((size_t)kv + 4), 1);
    for (int i = 0; i < 4; i++) taken_by(g, col, h + i, &taken[(size_t)i * ((size_t)kv + 4)]);
    int pick = -1;
    for (int at = 0; pick < 0 && at + 3 < kv; at++) {
        int ok = 1;
        for (int i = 0; i < 4 && ok; i++) ok = !taken[(size_t)i * ((size_t)kv + 4) + (size_t)(at + i)];
        if (ok) pick = at;
    }
    free(taken);
    for (int i = 0; pick >= 0 && i < 4; i++) col[h + i] = pick + i;
    return pick;
}

/* colour g with k colours, optimistically (Briggs): when every node left
 * has k neighbours or more, the one of least cost / degree is removed as a
 * spill candidate, and only spilled if no colour is free when its turn
 * comes.  Returns the colours used; spilled nodes get col -1 and are
 * listed in spill[0..*nspill) */
/* k colours; with priv (sub-vector segments), a value priv marks takes one
 * of 0..pk-1 and a segment-local value one of 0..kl-1, shared ones (pk..)
 * first: kl > k where the shared registers pack (spec 5.4) */
static int colour(cc_t *c, graph_t *g, int k, const unsigned char *priv, int pk, int kl,
                  const int *qh, const double *cost, int *col, int *spill, int *nspill)
{
    int nv = g->nv;
    int *deg = xcalloc(c, (size_t)nv + 1, sizeof *deg);
    char *gone = xcalloc(c, (size_t)nv + 1, 1);
    int *stack = xcalloc(c, (size_t)nv + 1, sizeof *stack);
    memcpy(deg, g->deg, sizeof *deg * (size_t)nv);
    int sp = 0;
    *nspill = 0;
    for (int left = nv; left > 0; left--) {
        int pick = -1;
        for (int v = 0; v < nv; v++)
            if (!gone[v] && deg[v] < k) { pick = v; break; }
        if (pick < 0)
            for (int v = 0; v < nv; v++) {
                if (gone[v]) continue;
                if (pick < 0) { pick = v; continue; }
                double a = cost[v] / (deg[v] + 1), b = cost[pick] / (deg[pick] + 1);
                if (a < b || (a == b && deg[v] > deg[pick])) pick = v;
            }
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
    int used = 0;
    for (int v = 0; v < nv; v++) col[v] = -1;
    int kmax = priv && kl > k ? kl : k;
    uint8_t *taken = xcalloc(c, (size_t)kmax + 1, 1);
    while (sp > 0) {
        int v = stack[--sp];
        if (qh && qh[v]) {
            /* the whole quad when its first member comes; spilled all
             * four when no four consecutive colours are free */
            int h = qh[v] - 1, kq = k;
            if (col[v] != -1) continue;     /* coloured (or spilled: -2) with its quad */
            for (int i = 0; priv && i < 4; i++) kq = priv[h + i] ? pk : kq;
            int at = colour_quad(c, g, h, kq, col);
            if (at < 0) {
                for (int i = 0; i < 4; i++) { spill[(*nspill)++] = h + i; col[h + i] = -2; }
                continue;
            }
            if (at + 4 > used) used = at + 4;
            continue;
        }
        memset(taken, 0, (size_t)kmax + 1);
        taken_by(g, col, v, taken);
        int pick = -1, kv = !priv ? k : priv[v] ? pk : kmax;
        if (g->pref[v] >= 0 && col[g->pref[v]] >= 0 && col[g->pref[v]] < kv && !taken[col[g->pref[v]]])
            pick = col[g->pref[v]];
        /* a segment-local value (subv.c) takes a shared register first,
         * leaving the private ones to the values that need them */
        for (int i = priv && !priv[v] ? pk : kv; pick < 0 && i < kv; i++) if (!taken[i]) pick = i;
        for (int i = 0; pick < 0 && i < kv; i++) if (!taken[i]) pick = i;
        if (pick < 0) { spill[(*nspill)++] = v; continue; }
        col[v] = pick;
        if (pick + 1 > used) used = pick + 1;
    }
    for (int v = 0; v < nv; v++) if (col[v] < -1) col[v] = -1;
    free(taken);
    free(deg);
    free(gone);
    free(stack);
    return used;
}

/* the interference graph of the registers (kind 0) or predicates (1) */
static void graph_of(cc_t *c, const cc_code_t *cd, int kind, graph_t *g)
{
    ra_t r;
    ra_init(&r, c, cd, kind);
    build(&r, g);
    ra_free(&r);
}

/* with sub-vector segments (subv.c): which registers must stay below the
 * shared base; NULL without segments */
static unsigned char *private_regs(cc_t *c, const cc_code_t *cd)
{
    if (!cd->subv_base) return NULL;
    int words;
    uint64_t *live = cc_live_in(c, cd, 0, &words);
    unsigned char *priv = malloc((size_t)cd->nvreg + 1);
    if (!priv) { free(live); c->status = WQ_CC_NOMEM; longjmp(c->fail, 1); }
    cc_subv_private(cd, live, words, priv);
    free(live);
    return priv;
}

/* the registers a segment-local value may name: with P = 32/LANES parts,
 * the kregs - base rows above the shared base hold P shared registers each
 * (wq/regs.h, the launch check's rule) */
static int packed_limit(const cc_t *c, const cc_code_t *cd, int kregs)
{
    if (!cd->subv_base) return kregs;
    return (int)wq_nregs_limit((unsigned)kregs, 32u / c->parts, 1, (unsigned)cd->subv_base);
}

void cc_regalloc(cc_t *c, cc_kout_t *k)
{
    cc_code_t *cd = &k->code;
    int kregs = (int)c->max_regs - (cd->uses_cas ? 2 : 0);
    /* the nested-work library writes r16 and up (cc_int.h CC_OP_LIBCALL) */
    if (cd->uses_enqueue && kregs > CC_LIB_FIRST_CLOBBER) kregs = CC_LIB_FIRST_CLOBBER;
    /* a function that calls others keeps its link in the frame (docs/compiler.md) */
    int nsaved = 0;
    for (int f = 0; f < cd->ncallees; f++) {
        int calls = 0;
        for (int i = cd->callees[f].start; i < cd->callees[f].end; i++) calls |= cd->ir[i].op == WQ_OP_CALL;
        if (calls) {
            int v = cd->callees[f].link_copy;
            cc_spill(c, cd, &v, 1);
            nsaved++;
        }
    }
    int *col = NULL, used = 0;
    for (int round = 0;; round++) {
        graph_t g = {0};
        graph_of(c, cd, 0, &g);
        double *cost = xcalloc(c, (size_t)cd->nvreg + 1, sizeof *cost);
        cc_spill_costs(cd, cost);
        /* a quad's members are spilled only by splitting its accesses */
        int *qh = cc_quad_heads(c, cd);
        for (int v = 0; qh && v < cd->nvreg; v++) if (qh[v]) cost[v] = CC_NO_SPILL / 2;
        col = xcalloc(c, (size_t)cd->nvreg + 1, sizeof *col);
        int *spill = xcalloc(c, (size_t)cd->nvreg + 1, sizeof *spill);
        int nspill = 0;
        unsigned char *priv = private_regs(c, cd);
        used = colour(c, &g, kregs, priv, cd->subv_base, packed_limit(c, cd, kregs), qh, cost, col,
                      spill, &nspill);
        free(priv);
        free(g.adj); free(g.deg); free(g.pref);
        int split = 0;
        for (int i = 0; qh && i < nspill; i++) split |= qh[spill[i]] != 0;
        free(qh);
        if (split) {
            /* no four consecutive registers free for a quad (its members
             * are the last candidates to spill): word accesses, and
             * colour again */
            free(cost);
            free(spill);
            free(col);
            cd->nquads_split += cc_quad_dissolve(c, cd);
            continue;
        }
        int stuck = 0;
        for (int i = 0; i < nspill; i++) {
            spill[i] += CC_V0;
            if (cost[spill[i] - CC_V0] >= CC_NO_SPILL) stuck = 1;
        }
        free(cost);
        if (nspill == 0) { free(spill); break; }
        int *quads = stuck || round == 16 ? cc_quad_heads(c, cd) : NULL;
        if (quads) {
            /* the quads' four consecutive registers crowd out what must
             * stay (spilling the others did not help): word accesses, and
             * colour again */
            free(quads);
            free(spill);
            free(col);
            cd->nquads_split += cc_quad_dissolve(c, cd);
            round = 0;
            continue;
        }
        if ((stuck || round == 16) && cd->subv_base) {
            /* what must stay below the shared base does not fit there even
             * with spilling: no segments, and colour again */
            free(spill);
            free(col);
            cc_subv_drop(cd);
            round = 0;
            continue;
        }
        if (stuck || round == 16) {
            free(spill);
            free(col);
            cc_error_tok(c, k->fn->tok, "kernel '%s' needs more than %d registers per work-item even with "
                         "spilling (simplify the kernel or split it)", k->fn->name, kregs);
        }
        free(col);
        cc_spill(c, cd, spill, nspill);
        free(spill);
    }
    cd->nspilled -= nsaved;
    graph_t gp = {0};
    graph_of(c, cd, 1, &gp);
    int *pcol = xcalloc(c, (size_t)cd->npred + 1, sizeof *pcol);
    double *pcost = xcalloc(c, (size_t)cd->npred + 1, sizeof *pcost);
    int *pspill = xcalloc(c, (size_t)cd->npred + 1, sizeof *pspill);
    int npspill = 0;
    int kpred = cd->uses_enqueue ? CC_LIB_PRED_KEEP : 7;
    colour(c, &gp, kpred, NULL, 0, 0, NULL, pcost, pcol, pspill, &npspill);
    free(gp.adj); free(gp.deg); free(gp.pref);
    free(pcost);
    free(pspill);
    if (npspill) {
        free(col);
        free(pcol);
        cc_error_tok(c, k->fn->tok, "kernel '%s' needs more than %d predicates at once", k->fn->name, kpred);
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
    if (cd->uses_enqueue) n = 32;   /* the library's registers */
    k->info.nregs = n;
    k->info.spills = (uint32_t)cd->nspilled;
    k->info.subv_segments = (uint32_t)cd->nsubv;
    k->info.wave = cd->nsubv ? (1u << WQ_LDF_WAVE_SUBV_LO) | (uint32_t)cd->subv_base << WQ_LDF_WAVE_SHARED_BASE_LO : 0;
    k->info.private_bytes = cd->frame_bytes;
}
