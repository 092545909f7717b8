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
 * One call is one round; compiler.c's pass table runs it in rounds with
 * fold.c and licm.c, repeated while anything changes, since one change
 * enables another.
 *
 * Only instructions that do not read their destination take part (a
 * guarded one also keeps the old value of its destination, FFMA adds to
 * it: cc_reads_d).  The instructions removed go with
 * cc_ir_compact (frame.c). */
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
        if (dead[i] || dead[i + 1] || cc_reads_d(x) || y->gp || !writes_d(x->op)) continue;
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
        if (dead[i] || cc_reads_d(x) || !cc_pure_alu(x->op) || !once(defs, x->d)) continue;
        if (x->a < CC_V0 || (!x->bi && x->b < CC_V0)) continue;   /* virtual operands only */
        for (int j = i + 1; j < cd->n; j++) {
            cc_ir_t *y = &cd->ir[j];
            if (y->op == CC_OP_LABEL || y->op < WQ_OP_MOV)
                break;              /* the block ends: a label, control flow  */
            if (dead[j]) continue;
            if (!cc_reads_d(y) && y->op == x->op && y->a == x->a && y->bi == x->bi && y->fn == x->fn &&
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

int cc_peephole(cc_t *c, cc_kout_t *k)
{
    cc_code_t *cd = &k->code;
    int *defs = cc_alloc(c, sizeof *defs * (size_t)cd->nvreg);
    int *uses = cc_alloc(c, sizeof *uses * (size_t)cd->nvreg);
    int *rename = cc_alloc(c, sizeof *rename * (size_t)cd->nvreg);
    char *dead = cc_alloc(c, (size_t)cd->n);
    for (int v = 0; v < cd->nvreg; v++) rename[v] = v + CC_V0;
    cc_census(cd, defs, uses, NULL);
    int changed = reuse_results(cd, defs, rename, dead);
    for (int i = 0; changed && i < cd->n; i++) {
        cc_ir_t *x = &cd->ir[i];
        if (x->op == CC_OP_LABEL) continue;
        if (x->a >= CC_V0) x->a = rename[x->a - CC_V0];
        if (!x->bi && x->b >= CC_V0) x->b = rename[x->b - CC_V0];
        if (x->d >= CC_V0 && cc_reads_d(x)) x->d = rename[x->d - CC_V0];
    }
    cc_census(cd, defs, uses, NULL);
    changed += forward_copies(cd, defs, uses, dead);
    cc_ir_compact(cd, dead);
    return changed;
}
