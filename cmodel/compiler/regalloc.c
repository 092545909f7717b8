/* regalloc.c -- virtual registers and predicates to physical ones.
 *
 * The interference graph comes from live.c's liveness: two values
 * interfere when one is defined where the other is live, and a value live
 * across a CALL interferes with everything the callee's code (and its
 * callees') writes, so it never shares a register with it.  That is the
 * whole calling convention (docs/compiler.md).
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
    int nv;                         /* nodes                                  */
    int words;                      /* bitset words per set                   */
    word_t *adj;                    /* nv x nv interference matrix            */
    int *deg;
    int *pref;                      /* a move partner, or -1                  */
} graph_t;

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

/* the interference graph; move partners are preferred colours */
static void build(cc_live_t *r, graph_t *g)
{
    cc_t *c = r->c;
    int nv = r->nv, words = r->words, base = r->base;
    word_t *live_in = cc_liveness(r);
    word_t *out = cc_calloc(c, (size_t)words, sizeof *out);
    word_t *across = cc_calloc(c, (size_t)words, sizeof *across);
    g->nv = nv;
    g->words = words;
    g->adj = cc_calloc(c, (size_t)nv * (size_t)words, sizeof *g->adj);
    g->deg = cc_calloc(c, (size_t)nv + 1, sizeof *g->deg);
    g->pref = cc_calloc(c, (size_t)nv + 1, sizeof *g->pref);
    for (int v = 0; v < nv; v++) g->pref[v] = -1;
    for (int i = 0; i < r->n; i++) {
        int use[4], nu, def;
        const cc_ir_t *x = &r->cd->ir[i];
        cc_uses_defs(x, r->kind, use, &nu, &def);
        if (x->op == WQ_OP_CALL) {
            /* everything the callee writes against everything that lives
             * across the call; the link against what the callee reads */
            cc_live_out(r, live_in, i, out, across);
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
        cc_live_out(r, live_in, i, out, NULL);
        int mv = (r->kind == 0 && x->op == WQ_OP_MOV && !x->bi && !x->gp && x->b >= CC_V0) ? x->b - base : -1;
        if (mv >= 0) { g->pref[def - base] = mv; if (g->pref[mv] < 0) g->pref[mv] = def - base; }
        int qd = 0, q = cc_live_quad_tail(r, x, &qd), last = q && qd ? def + 3 : def;
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
    uint8_t *taken = cc_calloc(c, 4 * ((size_t)kv + 4), 1);
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
    int *deg = cc_calloc(c, (size_t)nv + 1, sizeof *deg);
    char *gone = cc_calloc(c, (size_t)nv + 1, 1);
    int *stack = cc_calloc(c, (size_t)nv + 1, sizeof *stack);
    /* low: the nodes left with fewer than k neighbours left, as a bit set,
     * so that the lowest one is a scan of words, not of nodes (a kernel of
     * thousands of values removes each in turn) */
    word_t *low = cc_calloc(c, (size_t)g->words + 1, sizeof *low);
    memcpy(deg, g->deg, sizeof *deg * (size_t)nv);
    for (int v = 0; v < nv; v++)
        if (deg[v] < k) low[v / WB] |= (word_t)1 << (v % WB);
    int sp = 0, lw = 0;             /* no word of low below lw has a bit */
    *nspill = 0;
    for (int left = nv; left > 0; left--) {
        int pick = -1;
        while (lw < g->words && !low[lw]) lw++;
        if (lw < g->words) pick = lw * WB + __builtin_ctzll(low[lw]);
        if (pick < 0)
            for (int v = 0; v < nv; v++) {
                if (gone[v]) continue;
                if (pick < 0) { pick = v; continue; }
                double a = cost[v] / (deg[v] + 1), b = cost[pick] / (deg[pick] + 1);
                if (a < b || (a == b && deg[v] > deg[pick])) pick = v;
            }
        gone[pick] = 1;
        low[pick / WB] &= ~((word_t)1 << (pick % WB));
        stack[sp++] = pick;
        const word_t *row = &g->adj[(size_t)pick * (size_t)g->words];
        for (int j = 0; j < g->words; j++) {
            word_t m = row[j];
            while (m) {
                int b = __builtin_ctzll(m);
                m &= m - 1;
                int u = j * WB + b;
                if (--deg[u] < k && !gone[u]) {
                    low[j] |= (word_t)1 << b;
                    if (j < lw) lw = j;
                }
            }
        }
    }
    free(low);
    int used = 0;
    for (int v = 0; v < nv; v++) col[v] = -1;
    int kmax = priv && kl > k ? kl : k;
    uint8_t *taken = cc_calloc(c, (size_t)kmax + 1, 1);
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
    cc_live_t r;
    cc_live_init(&r, c, cd, kind);
    build(&r, g);
    cc_live_free(&r);
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
        double *cost = cc_calloc(c, (size_t)cd->nvreg + 1, sizeof *cost);
        cc_spill_costs(cd, cost);
        /* a quad's members are spilled only by splitting its accesses */
        int *qh = cc_quad_heads(c, cd);
        for (int v = 0; qh && v < cd->nvreg; v++) if (qh[v]) cost[v] = CC_NO_SPILL / 2;
        col = cc_calloc(c, (size_t)cd->nvreg + 1, sizeof *col);
        int *spill = cc_calloc(c, (size_t)cd->nvreg + 1, sizeof *spill);
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
    int *pcol = cc_calloc(c, (size_t)cd->npred + 1, sizeof *pcol);
    double *pcost = cc_calloc(c, (size_t)cd->npred + 1, sizeof *pcost);
    int *pspill = cc_calloc(c, (size_t)cd->npred + 1, sizeof *pspill);
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
