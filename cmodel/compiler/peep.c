/* peep.c -- the clean-ups of the IR between lowering and register
 * allocation, on virtual registers:
 *
 *   - a temporary computed and then only copied (`op t, ...; mov v, t`,
 *     adjacent, t defined and read once) is computed into v directly: the
 *     copies lowering leaves behind at every assignment and argument load
 *     that the colouring does not always merge;
 *   - an arithmetic instruction that repeats an earlier one in the same
 *     basic block (same operation and operands, none redefined since, the
 *     earlier result a temporary defined once) is dropped and its result
 *     read from the earlier one: the address arithmetic `a[i] ... b[i]`
 *     recomputes for each access.
 *
 * Each round then runs fold.c's whole-kernel clean-ups (constant operands,
 * copy propagation, address offsets, dead values, unreachable code); the
 * rounds repeat while anything changes, since one change enables another.
 *
 * Only unguarded instructions take part (a guarded one also keeps the old
 * value of its destination).  Removing instructions moves the ones after
 * them, so the called functions' code ranges (cc_callee_t start / end,
 * which the register allocator reads for the registers a CALL clobbers)
 * and the end of the prologue (where spill code puts the frame base) move
 * with them. */
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"

/* instructions whose only register effect is writing d */
static int writes_d(int op)
{
    return cc_pure_alu(op) || op == WQ_OP_MOV || op == WQ_OP_SEL || op == WQ_OP_S2R || op == WQ_OP_LD;
}

static int once(const int *v, int r) { return r >= CC_V0 && v[r - CC_V0] == 1; }

/* `op t, ...; mov v, t` -> `op v, ...`; returns the copies removed */
static int forward_copies(cc_code_t *cd, const int *defs, const int *uses, char *dead)
{
    int n = 0;
    for (int i = 0; i + 1 < cd->n; i++) {
        cc_ir_t *x = &cd->ir[i], *y = &cd->ir[i + 1];
        if (dead[i] || dead[i + 1] || x->gp || y->gp || !writes_d(x->op)) continue;
        if (y->op != WQ_OP_MOV || y->bi || y->b != x->d || y->d < CC_V0) continue;
        if (!once(defs, x->d) || !once(uses, x->d)) continue;
        x->d = y->d;
        dead[i + 1] = 1;
        n++;
    }
    return n;
}

/* repeated arithmetic in a block; returns the instructions removed */
static int reuse_results(cc_code_t *cd, const int *defs, int *rename, char *dead)
{
    int n = 0;
    for (int i = 0; i < cd->n; i++) {
        const cc_ir_t *x = &cd->ir[i];
        if (dead[i] || x->gp || !cc_pure_alu(x->op) || !once(defs, x->d)) continue;
        if (x->a < CC_V0 || (!x->bi && x->b < CC_V0)) continue;   /* virtual operands only */
        for (int j = i + 1; j < cd->n; j++) {
            cc_ir_t *y = &cd->ir[j];
            if (y->op == CC_OP_LABEL || y->op < WQ_OP_MOV)
                break;              /* the block ends: a label, control flow  */
            if (dead[j]) continue;
            if (!y->gp && y->op == x->op && y->a == x->a && y->bi == x->bi && y->fn == x->fn &&
                (x->bi ? y->imm == x->imm : y->b == x->b) && once(defs, y->d)) {
                rename[y->d - CC_V0] = x->d;
                dead[j] = 1;
                n++;
                continue;
            }
            /* an operand redefined: later repeats compute something else */
            if (y->d >= CC_V0 && (y->d == x->a || (!x->bi && y->d == x->b))) break;
        }
    }
    return n;
}

/* drop the dead instructions; a callee's range [start, end) keeps the
 * same instructions (an index moves down by the dead ones before it) */
static void compact(cc_code_t *cd, const char *dead)
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

void cc_peephole(cc_t *c, cc_kout_t *k)
{
    cc_code_t *cd = &k->code;
    if (cd->nvreg <= 0 || cd->n <= 1) return;
    int *defs = cc_alloc(c, sizeof *defs * (size_t)cd->nvreg);
    int *uses = cc_alloc(c, sizeof *uses * (size_t)cd->nvreg);
    int *rename = cc_alloc(c, sizeof *rename * (size_t)cd->nvreg);
    char *dead = cc_alloc(c, (size_t)cd->n);
    for (int round = 0; round < 8; round++) {
        for (int v = 0; v < cd->nvreg; v++) rename[v] = v + CC_V0;
        cc_census(cd, defs, uses, NULL);
        int changed = reuse_results(cd, defs, rename, dead);
        for (int i = 0; changed && i < cd->n; i++) {
            cc_ir_t *x = &cd->ir[i];
            if (x->op == CC_OP_LABEL) continue;
            if (x->a >= CC_V0) x->a = rename[x->a - CC_V0];
            if (!x->bi && x->b >= CC_V0) x->b = rename[x->b - CC_V0];
            if (x->d >= CC_V0 && x->gp) x->d = rename[x->d - CC_V0];
        }
        cc_census(cd, defs, uses, NULL);
        changed += forward_copies(cd, defs, uses, dead);
        compact(cd, dead);
        memset(dead, 0, (size_t)cd->n);
        changed += cc_fold(c, cd, dead);
        compact(cd, dead);
        memset(dead, 0, (size_t)cd->n);
        if (!c->no_licm) changed += cc_licm(c, cd);
        if (!changed) break;
    }
}

void cc_param_loads(cc_t *c, cc_kout_t *k)
{
    cc_code_t *cd = &k->code;
    if (cd->n <= 1) return;
    char *dead = cc_alloc(c, (size_t)cd->n);
    if (cc_param_quads(c, cd, dead)) compact(cd, dead);
}
