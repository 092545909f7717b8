/* licm.c -- loop-invariant code motion, run in a round with peep.c and
 * fold.c (compiler.c's pass table; docs/compiler.md "Optimisations").
 *
 * A loop is the IR range from a label to a later branch back to it (the
 * lowering's loops are structured, so the ranges nest).  An instruction of
 * the range moves to just before the loop's label when
 *   - it is side-effect free and cannot trap: an arithmetic instruction
 *     (format R; division by zero has a defined result in this ISA), a MOV
 *     or an S2R other than CLOCK;
 *   - it is unguarded and writes a virtual register defined nowhere else;
 *   - every register it reads is defined nowhere inside the loop, or only
 *     by an instruction that moves too (a loop with a CALL also defines
 *     every register the called functions define).
 * Then it computes the same value before the loop as on every trip.  The
 * loop must be entered only through its label: no instruction outside the
 * range names a label inside it.  Running the instruction once more than
 * before (the loop may run zero trips) or for threads that the body's
 * branches would have masked off is harmless: it only writes its own
 * register, which no other path reads.  Loads stay: memory changes.  A
 * moved instruction may move again out of an enclosing loop on a later
 * step. */
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"

/* the operations that name a label: branches, token pushes, CALL */
static int names_label(int op)
{
    return op >= 0 && (cc_op_fmt(op) == WQ_FMT_B || cc_op_fmt(op) == WQ_FMT_BL);
}

static int movable_op(const cc_ir_t *x)
{
    if (cc_reads_d(x) || x->d < CC_V0 || cc_quad_of(x)) return 0;   /* d an operand too */
    if (x->op == WQ_OP_S2R) return x->imm != WQ_SR_CLOCK;
    return x->op == WQ_OP_MOV || cc_pure_alu(x->op);
}

/* what may change a register inside the loop being marked: per virtual
 * register, the loop's instructions that define it and stay (ndef), a
 * register quad of the loop that holds it (quad), a definition in a
 * called function (callee, when the loop calls).  Counted once per loop,
 * not searched for each operand: a long loop's search for each of its
 * instructions' operands took most of a compile */
typedef struct {
    int *ndef;
    char *quad, *callee;
    int nv;
} loopdefs_t;

/* register r, read by an instruction of [t, e], may change inside it: a
 * physical register, one an instruction there that stays defines, or,
 * when the loop calls (calls != 0), one a called function defines */
static int varies(const loopdefs_t *ld, int calls, int r)
{
    if (r == CC_NONE) return 0;
    if (r < CC_V0) return 1;
    int v = r - CC_V0;
    if (v >= ld->nv) return 1;
    return ld->ndef[v] > 0 || ld->quad[v] || (calls && ld->callee[v]);
}

/* ld's counts for [t, e] (set 1) or back to zero (set 0) */
static void count_defs(const cc_code_t *cd, loopdefs_t *ld, int t, int e, int set)
{
    for (int j = t; j <= e; j++) {
        const cc_ir_t *y = &cd->ir[j];
        if (y->op == CC_OP_LABEL) continue;
        if (y->d >= CC_V0 && y->d - CC_V0 < ld->nv) ld->ndef[y->d - CC_V0] = set ? ld->ndef[y->d - CC_V0] + 1 : 0;
        int q = cc_quad_of(y);
        for (int i = 0; q && i < 4; i++)
            if (q + i - CC_V0 < ld->nv) ld->quad[q + i - CC_V0] = (char)set;
    }
}

/* no instruction outside [t, e] names a label inside it */
static int single_entry(const cc_code_t *cd, const int *at, int t, int e)
{
    for (int j = 0; j < cd->n; j++) {
        if (j >= t && j <= e) continue;
        const cc_ir_t *y = &cd->ir[j];
        if (!names_label(y->op) || y->label < 0 || y->label > cd->nlabel) continue;
        if (at[y->label] >= t && at[y->label] <= e) return 0;
    }
    return 1;
}

/* mark the movable instructions of [t, e]; returns how many */
static int mark(const cc_code_t *cd, const int *defs, loopdefs_t *ld, int t, int e, char *inv)
{
    int n = 0, grew = 1, calls = 0;
    memset(inv + t, 0, (size_t)(e - t + 1));
    for (int j = t; j <= e; j++) calls |= cd->ir[j].op == WQ_OP_CALL;
    count_defs(cd, ld, t, e, 1);
    while (grew) {
        grew = 0;
        for (int j = t + 1; j <= e; j++) {
            const cc_ir_t *x = &cd->ir[j];
            if (inv[j] || x->op == CC_OP_LABEL || !movable_op(x) || defs[x->d - CC_V0] != 1) continue;
            if (varies(ld, calls, x->a) || (!x->bi && varies(ld, calls, x->b))) continue;
            inv[j] = 1;
            ld->ndef[x->d - CC_V0]--;       /* it moves: no longer a definition inside */
            n++;
            grew = 1;
        }
    }
    count_defs(cd, ld, t, e, 0);
    return n;
}

/* the marked instructions of [t, e] go before t, in their order */
static void hoist(cc_t *c, cc_code_t *cd, int t, int e, const char *inv, int n)
{
    cc_ir_t *moved = cc_alloc(c, sizeof *moved * (size_t)n);
    cc_ir_t *rest = cc_alloc(c, sizeof *rest * (size_t)(e - t + 1));
    int m = 0, r = 0;
    for (int j = t; j <= e; j++) {
        if (inv[j]) moved[m++] = cd->ir[j];
        else rest[r++] = cd->ir[j];
    }
    memcpy(&cd->ir[t], moved, sizeof *moved * (size_t)m);
    memcpy(&cd->ir[t + m], rest, sizeof *rest * (size_t)r);
}

int cc_licm(cc_t *c, cc_code_t *cd)
{
    if (cd->nvreg <= 0 || cd->n <= 2) return 0;
    int *defs = cc_alloc(c, sizeof *defs * (size_t)cd->nvreg);
    int *uses = cc_alloc(c, sizeof *uses * (size_t)cd->nvreg);
    int *at = cc_alloc(c, sizeof *at * (size_t)(cd->nlabel + 1));
    char *inv = cc_alloc(c, (size_t)cd->n);
    loopdefs_t ld = { cc_alloc(c, sizeof *ld.ndef * (size_t)cd->nvreg), cc_alloc(c, (size_t)cd->nvreg),
                      cc_alloc(c, (size_t)cd->nvreg), cd->nvreg };
    int total = 0;
    /* one loop a step, since a move shifts the indices; a step takes at
     * least one instruction out of one loop, and the cap of n steps only
     * ends a deep nest's motion early */
    for (int step = 0; step < cd->n; step++) {
        cc_census(cd, defs, uses, NULL);
        memset(ld.callee, 0, (size_t)cd->nvreg);
        for (int f = 0; f < cd->ncallees; f++)
            for (int j = cd->callees[f].start; j < cd->callees[f].end && j < cd->n; j++)
                if (cd->ir[j].op != CC_OP_LABEL && cd->ir[j].d >= CC_V0 && cd->ir[j].d - CC_V0 < cd->nvreg)
                    ld.callee[cd->ir[j].d - CC_V0] = 1;
        for (int l = 0; l <= cd->nlabel; l++) at[l] = -1;
        for (int i = 0; i < cd->n; i++)
            if (cd->ir[i].op == CC_OP_LABEL && cd->ir[i].label >= 0 && cd->ir[i].label <= cd->nlabel)
                at[cd->ir[i].label] = i;
        int moved = 0;
        for (int e = 0; e < cd->n && !moved; e++) {
            const cc_ir_t *x = &cd->ir[e];
            if (!names_label(x->op) || x->op == WQ_OP_CALL || x->label < 0 || x->label > cd->nlabel) continue;
            int t = at[x->label];
            if (t < 0 || t > e || !single_entry(cd, at, t, e)) continue;
            int n = mark(cd, defs, &ld, t, e, inv);
            if (n) {
                hoist(c, cd, t, e, inv, n);
                moved = n;
            }
        }
        if (!moved) break;
        total += moved;
    }
    c->licm_moved += total;
    return total;
}
