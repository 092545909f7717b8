/* subv.c -- sub-vector selection (DESIGN §7 pass 2, the variable-wavefront
 * seed, docs/compiler.md "Sub-vector segments").
 *
 * A segment is a straight run of instructions that a warp may execute part
 * by part (SUBV_START ... SUBV_END, docs/spec.md §5.3): part 0's threads run
 * it to its end, then part 1's, and so on.  While a segment runs, registers
 * at or above the launch's SHARED_BASE are shared between the parts
 * (§5.4), so a value may live in one of them only if it is born and dies
 * inside one segment.  This file
 *
 *   - finds the candidate segments: maximal runs of the kernel's own code
 *     with no label, no control instruction (so no YIELD, BAR, token, CALL,
 *     nested region or branch: a segment is entered at its top and left at
 *     its bottom, and every thread of the part runs all of it), no atomic
 *     or memory barrier (their order between work-items is visible), no
 *     load after a store (a later part would see an earlier part's store a
 *     whole segment early), no 4-wide access, no fixed physical register,
 *     no read of the retired-instruction clock;
 *   - measures each one's register pressure from live.c's liveness
 *     (the most values live at any point in it, cc_live_in) and counts its
 *     local values (defined in it, dead at both ends);
 *   - selects them: `auto` takes the segments whose pressure exceeds the
 *     threshold T (the registers a thread keeps to itself, SHARED_BASE),
 *     provided the values that are not segment-local never need more than
 *     T registers anywhere (otherwise sharing would cost spills, and the
 *     kernel is left alone); `always` takes every candidate with a local
 *     value; `off` none;
 *   - wraps each selected segment in SUBV_START / SUBV_END and records T
 *     as the kernel's shared base.
 *
 * Register allocation then keeps every value that is live anywhere outside
 * a segment's interior (cc_subv_private) in r0..r(T-1); only segment-local
 * values may take r(T) and up.  That is what makes the sharing invisible:
 * a shared register holds nothing that any thread -- of this part, of a
 * later one, or parked elsewhere in the program -- reads after the
 * segment. */
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"

#define WB 64
#define BIT(set, v) (((set)[(v) / WB] >> ((v) % WB)) & 1)

static int is_ctrl(int op)
{
    switch (op) {
#define INSN(n, code, fmt, flags) case code: return ((flags) & WQ_IF_CTRL) != 0;
#include "../spec/isa.def"
#undef INSN
    default: return 1;
    }
}

static int phys(int r) { return r < 0; }

/* may this instruction be inside a segment? */
static int eligible(const cc_ir_t *x)
{
    if (x->op < 0 || is_ctrl(x->op)) return 0;          /* labels, library calls, control */
    if (x->op == WQ_OP_ATOM || x->op == WQ_OP_MEMBAR) return 0;
    if (x->op == WQ_OP_S2R && x->imm == WQ_SR_CLOCK) return 0;
    if ((x->op == WQ_OP_LD || x->op == WQ_OP_ST) && x->fn == WQ_MEMW_V4) return 0;
    if (phys(x->d) || phys(x->a) || (!x->bi && phys(x->b))) return 0;
    return 1;
}

/* where the kernel's own code ends (its callees follow it) */
static int kernel_end(const cc_code_t *cd)
{
    int end = cd->n;
    for (int f = 0; f < cd->ncallees; f++)
        if (cd->callees[f].start < end) end = cd->callees[f].start;
    return end;
}

static int popcount(const uint64_t *set, int words)
{
    int n = 0;
    for (int j = 0; j < words; j++) n += __builtin_popcountll(set[j]);
    return n;
}

/* the values local to [s, e): defined inside, live at neither end, into
 * mask (words words) */
static int locals(const cc_code_t *cd, const uint64_t *live, int words, int s, int e, uint64_t *mask)
{
    memset(mask, 0, sizeof *mask * (size_t)words);
    const uint64_t *in = &live[(size_t)s * (size_t)words];
    const uint64_t *out = e < cd->n ? &live[(size_t)e * (size_t)words] : NULL;
    for (int i = s; i < e; i++) {
        int use[4], nu, def;
        cc_uses_defs(&cd->ir[i], 0, use, &nu, &def);
        if (!def) continue;
        int v = def - CC_V0;
        if (BIT(in, v) || (out && BIT(out, v))) continue;
        mask[v / WB] |= (uint64_t)1 << (v % WB);
    }
    return popcount(mask, words);
}

int cc_subv_candidates(const cc_code_t *cd, const uint64_t *live, int words, cc_subv_seg_t *seg, int cap)
{
    int n = 0, end = kernel_end(cd);
    uint64_t *mask = calloc((size_t)words, sizeof *mask);
    if (!mask) return -1;
    for (int i = 0; i < end;) {
        if (!eligible(&cd->ir[i])) { i++; continue; }
        int s = i, stored = 0;
        for (; i < end && eligible(&cd->ir[i]); i++) {
            if (cd->ir[i].op == WQ_OP_LD && stored) break;
            stored |= cd->ir[i].op == WQ_OP_ST;
        }
        if (i - s < 2 || n == cap) continue;
        cc_subv_seg_t *g = &seg[n];
        g->start = s;
        g->end = i;
        g->pressure = 0;
        for (int j = s; j <= i && j < cd->n; j++) {
            int p = popcount(&live[(size_t)j * (size_t)words], words);
            if (p > g->pressure) g->pressure = p;
        }
        g->nlocal = locals(cd, live, words, s, i, mask);
        g->selected = 0;
        n++;
    }
    free(mask);
    return n;
}

/* the most values that are not local to a selected segment live at once */
static int private_pressure(const cc_code_t *cd, const uint64_t *live, int words,
                            const cc_subv_seg_t *seg, int nseg)
{
    uint64_t *local = calloc((size_t)words, sizeof *local), *m = calloc((size_t)words, sizeof *m);
    if (!local || !m) { free(local); free(m); return -1; }
    for (int k = 0; k < nseg; k++) {
        if (!seg[k].selected) continue;
        locals(cd, live, words, seg[k].start, seg[k].end, m);
        for (int j = 0; j < words; j++) local[j] |= m[j];
    }
    int worst = 0;
    for (int i = 0; i < cd->n; i++) {
        int p = 0;
        for (int j = 0; j < words; j++)
            p += __builtin_popcountll(live[(size_t)i * (size_t)words + (size_t)j] & ~local[j]);
        if (p > worst) worst = p;
    }
    free(local);
    free(m);
    return worst;
}

int cc_subv_select(cc_subv_seg_t *seg, int nseg, int mode, int threshold)
{
    int n = 0;
    for (int k = 0; k < nseg; k++) {
        seg[k].selected = seg[k].nlocal > 0 &&
                          (mode == WQ_CC_SUBV_ALWAYS || (mode == WQ_CC_SUBV_AUTO && seg[k].pressure > threshold));
        n += seg[k].selected;
    }
    return n;
}

/* the registers a thread keeps to itself: --subv-threshold, else half */
static int threshold(const cc_t *c, int kregs)
{
    unsigned t = c->opts ? c->opts->subv_threshold : 0;
    return t ? (int)t : kregs / 2;
}

void cc_subv(cc_t *c, cc_kout_t *k)
{
    cc_code_t *cd = &k->code;
    int mode = c->opts ? (int)c->opts->subv : WQ_CC_SUBV_AUTO;
    cd->subv_base = 0;
    /* the nested-work library and the compare-and-swap pair use fixed
     * registers at the top of the file: such kernels are left alone */
    if (mode == WQ_CC_SUBV_OFF || cd->uses_enqueue || cd->uses_cas || cd->n == 0) return;
    int t = threshold(c, (int)c->max_regs);
    if (t < 1 || t >= (int)c->max_regs) return;
    int words;
    uint64_t *live = cc_live_in(c, cd, 0, &words);
    int cap = cd->n / 2 + 1;
    cc_subv_seg_t *seg = calloc((size_t)cap, sizeof *seg);
    if (!seg) { free(live); c->status = WQ_CC_NOMEM; longjmp(c->fail, 1); }
    int nseg = cc_subv_candidates(cd, live, words, seg, cap);
    int nsel = nseg > 0 ? cc_subv_select(seg, nseg, mode, t) : 0;
    if (nsel && mode == WQ_CC_SUBV_AUTO && private_pressure(cd, live, words, seg, nseg) > t) nsel = 0;
    free(live);
    if (nseg < 0) { free(seg); c->status = WQ_CC_NOMEM; longjmp(c->fail, 1); }
    if (nsel) {
        /* from the last segment back, so earlier indices stay valid */
        for (int s = nseg - 1; s >= 0; s--) {
            if (!seg[s].selected) continue;
            const cc_tok_t *last = cd->ir[seg[s].end - 1].tok, *first = cd->ir[seg[s].start].tok;
            cc_ir_t *x = cc_ir_insert(c, cd, seg[s].end);
            x->op = WQ_OP_SUBV_END;
            x->tok = last;
            x = cc_ir_insert(c, cd, seg[s].start);
            x->op = WQ_OP_SUBV_START;
            x->tok = first;
            if (cd->prologue_end > seg[s].start) cd->prologue_end += cd->prologue_end >= seg[s].end ? 2 : 1;
        }
        cd->subv_base = t;
        cd->nsubv = nsel;
    }
    free(seg);
}

void cc_subv_private(const cc_code_t *cd, const uint64_t *live, int words, unsigned char *priv)
{
    memset(priv, 0, (size_t)cd->nvreg);
    int inside = 0;
    for (int i = 0; i < cd->n; i++) {
        const cc_ir_t *x = &cd->ir[i];
        if (x->op == WQ_OP_SUBV_START || x->op == WQ_OP_SUBV_END) inside = x->op == WQ_OP_SUBV_START;
        /* SUBV_START itself and everything after SUBV_END are outside */
        int out = !inside || x->op == WQ_OP_SUBV_START;
        if (!out) continue;
        const uint64_t *in = &live[(size_t)i * (size_t)words];
        for (int v = 0; v < cd->nvreg; v++) if (BIT(in, v)) priv[v] = 1;
        int use[4], nu, def;
        cc_uses_defs(x, 0, use, &nu, &def);
        if (def) priv[def - CC_V0] = 1;
    }
}

void cc_subv_drop(cc_code_t *cd)
{
    int j = 0;
    for (int i = 0; i < cd->n; i++) {
        int op = cd->ir[i].op;
        if (op != WQ_OP_SUBV_START && op != WQ_OP_SUBV_END) { cd->ir[j++] = cd->ir[i]; continue; }
        /* every index after i moves down by one */
        for (int f = 0; f < cd->ncallees; f++) {
            if (cd->callees[f].start > j) cd->callees[f].start--;
            if (cd->callees[f].end > j) cd->callees[f].end--;
        }
        if (cd->prologue_end > j) cd->prologue_end--;
    }
    cd->n = j;
    cd->subv_base = 0;
    cd->nsubv = 0;
}
