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

/* a candidate of reuse_results: an arithmetic instruction on virtual
 * operands whose result is a temporary defined once */
static int reusable(const cc_ir_t *x, const int *defs)
{
    return !cc_reads_d(x) && cc_pure_alu(x->op) && once(defs, x->d) && x->a >= CC_V0 &&
           (x->bi || x->b >= CC_V0);
}

/* the value an instruction computes: operation, operands, function code */
static int same_value(const cc_ir_t *x, const cc_ir_t *y)
{
    return y->op == x->op && y->a == x->a && y->bi == x->bi && y->fn == x->fn &&
           (x->bi ? y->imm == x->imm : y->b == x->b);
}

static uint32_t value_hash(const cc_ir_t *x)
{
    uint32_t h = (uint32_t)x->op * 0x9E3779B1u;
    h = (h ^ (uint32_t)x->a) * 0x85EBCA6Bu;
    h = (h ^ (x->bi ? x->imm : (uint32_t)x->b) ^ ((uint32_t)x->bi << 31)) * 0xC2B2AE35u;
    return (h ^ (uint32_t)x->fn) * 0x27D4EB2Fu;
}

/* repeated arithmetic in a block; returns the instructions removed.
 * One walk over the code, numbering values as it goes: a hash table holds,
 * for each value, the instruction of the block that computes it and whose
 * operands have not been written since; each register lists the table's
 * instructions that read it, and a write of the register takes them out.
 * A block boundary (a label, control flow) empties both: entries of
 * another block carry another generation number.  A walk that compared
 * each instruction with the rest of its block took most of the compile of
 * a long straight-line kernel (tests/kernels/vec_builtins.cl). */
static int reuse_results(cc_t *c, cc_code_t *cd, const int *defs, int *rename, char *dead)
{
    int n = 0, gen = 1, size = 16;
    while (size < 2 * cd->n) size *= 2;
    int *slot = cc_alloc(c, sizeof *slot * (size_t)size);       /* instruction + 1, 0 empty */
    int *slot_gen = cc_alloc(c, sizeof *slot_gen * (size_t)size);
    char *live = cc_alloc(c, (size_t)cd->n + 1);                 /* in the table, operands unwritten */
    int *head = cc_alloc(c, sizeof *head * (size_t)cd->nvreg);   /* reader list: node + 1 */
    int *head_gen = cc_alloc(c, sizeof *head_gen * (size_t)cd->nvreg);
    int *next = cc_alloc(c, sizeof *next * 2 * (size_t)cd->n);   /* node 2i, 2i+1: instruction i's a, b */
    for (int j = 0; j < cd->n; j++) {
        cc_ir_t *y = &cd->ir[j];
        if (y->op == CC_OP_LABEL || y->op < WQ_OP_MOV) {             /* the block ends */
            gen++;
            continue;
        }
        if (dead[j]) continue;
        int cand = reusable(y, defs), killed = 0;
        uint32_t at = 0;
        if (cand) {
            for (at = value_hash(y) & (uint32_t)(size - 1); slot_gen[at] == gen;
                 at = (at + 1) & (uint32_t)(size - 1)) {
                int i = slot[at] - 1;
                if (live[i] && same_value(&cd->ir[i], y)) {
                    rename[y->d - CC_V0] = cd->ir[i].d;
                    dead[j] = 1;
                    killed = 1;
                    n++;
                    break;
                }
            }
        }
        /* a register written: the values read from it are other values now */
        int r = y->d - CC_V0;
        if (y->d >= CC_V0 && head_gen[r] == gen) {
            for (int e = head[r]; e; e = next[e - 1]) live[(e - 1) / 2] = 0;
            head[r] = 0;
        }
        if (!cand || killed || y->d == y->a || (!y->bi && y->d == y->b)) continue;
        slot[at] = j + 1;               /* the empty slot the probe ended at */
        slot_gen[at] = gen;
        live[j] = 1;
        for (int k = 0; k < (y->bi ? 1 : 2); k++) {
            int o = (k ? y->b : y->a) - CC_V0;
            if (head_gen[o] != gen) { head_gen[o] = gen; head[o] = 0; }
            next[2 * j + k] = head[o];
            head[o] = 2 * j + k + 1;
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
    int changed = reuse_results(c, cd, defs, rename, dead);
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
