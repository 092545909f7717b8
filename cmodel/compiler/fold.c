/* fold.c -- the whole-kernel clean-ups of the IR on virtual registers,
 * run in a round with peep.c and licm.c (compiler.c's pass table;
 * docs/compiler.md "Optimisations"):
 *
 *   - constant operands: a register defined once, by `mov v, K`, holds K
 *     wherever it is read, so an arithmetic, compare, select or copy that
 *     reads it as operand b takes the immediate K instead; as operand a of
 *     a commutative operation (or of a compare, with the compare mirrored)
 *     the operands swap first.  Lowering materialises every literal into a
 *     register; this puts it back into the instruction;
 *   - copies: `mov v, u` with v defined only there and u defined once,
 *     outside every loop and called function (so u never changes after its
 *     definition), makes every reader of v read u: the copies of inlined
 *     functions' parameters, of kernel arguments and of variables;
 *   - address offsets: a load, store or atomic whose address is
 *     `add t, u, K` (or `sub`) with u unchanged since takes [u + K]: the
 *     ISA's offset holds the displacement of a member, an element at a
 *     constant index or a frame slot;
 *   - dead values: an unguarded side-effect-free instruction (arithmetic,
 *     MOV, SEL, S2R) whose virtual result nobody reads is dropped; the
 *     parameter-buffer and frame registers stay (spill code reads them);
 *   - unreachable code: what follows an unguarded BRA, JMP, BRK, CONT,
 *     SYNC, RET or EXIT up to the next label (the `ret; ret` and `brk; brk`
 *     that a `return` at the end of a function leaves).
 *
 * Loads stay even when dead: a volatile load is an access. */
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"

int cc_pure_alu(int op)
{
    return op >= 0 && cc_op_fmt(op) == WQ_FMT_R;
}

static int commutative(int op)
{
    return op == WQ_OP_ADD || op == WQ_OP_MUL || op == WQ_OP_MULHU || op == WQ_OP_AND ||
           op == WQ_OP_OR || op == WQ_OP_XOR || op == WQ_OP_MIN || op == WQ_OP_MAX ||
           op == WQ_OP_MINU || op == WQ_OP_MAXU;
}

/* `a CMP b` == `b MIRROR(CMP) a` */
static int mirror(int cmp)
{
    switch (cmp) {
    case WQ_CMP_LT:  return WQ_CMP_GT;
    case WQ_CMP_GT:  return WQ_CMP_LT;
    case WQ_CMP_LE:  return WQ_CMP_GE;
    case WQ_CMP_GE:  return WQ_CMP_LE;
    case WQ_CMP_LTU: return WQ_CMP_GTU;
    case WQ_CMP_GTU: return WQ_CMP_LTU;
    case WQ_CMP_LEU: return WQ_CMP_GEU;
    case WQ_CMP_GEU: return WQ_CMP_LEU;
    default:         return cmp;            /* EQ, NE */
    }
}

/* the operations whose operand b may be an immediate (their format has BI) */
static int takes_imm(int op)
{
    return op >= 0 && (cc_op_uses(op) & WQ_FU_BI) != 0;
}

static int transfers(int op)
{
    return op == WQ_OP_BRA || op == WQ_OP_JMP || op == WQ_OP_BRK || op == WQ_OP_CONT ||
           op == WQ_OP_SYNC || op == WQ_OP_RET || op == WQ_OP_EXIT;
}

/* the operations that name a label (format B) */
static int has_target(int op)
{
    return op >= 0 && cc_op_fmt(op) == WQ_FMT_B;
}

/* inloop[i] = 1 where instruction i may run more than once per thread:
 * between a label and a later branch back to it, and in called functions */
static void mark_loops(cc_t *c, const cc_code_t *cd, char *inloop)
{
    int *at = cc_alloc(c, sizeof *at * (size_t)(cd->nlabel + 1));
    for (int l = 0; l <= cd->nlabel; l++) at[l] = -1;
    for (int i = 0; i < cd->n; i++)
        if (cd->ir[i].op == CC_OP_LABEL && cd->ir[i].label >= 0 && cd->ir[i].label <= cd->nlabel)
            at[cd->ir[i].label] = i;
    memset(inloop, 0, (size_t)cd->n);
    for (int i = 0; i < cd->n; i++) {
        const cc_ir_t *x = &cd->ir[i];
        if (!has_target(x->op) || x->label < 0 || x->label > cd->nlabel) continue;
        int t = at[x->label];
        if (t >= 0 && t <= i) memset(inloop + t, 1, (size_t)(i - t + 1));
    }
    for (int f = 0; f < cd->ncallees; f++) {
        const cc_callee_t *e = &cd->callees[f];
        if (e->start < e->end) memset(inloop + e->start, 1, (size_t)(e->end - e->start));
    }
}

/* register r (virtual) never changes once defined: one unguarded
 * definition, which runs at most once per thread */
static int stable(const cc_code_t *cd, const int *defs, const int *def_at, const char *inloop, int r)
{
    if (r < CC_V0 || defs[r - CC_V0] != 1) return 0;
    int at = def_at[r - CC_V0];
    return !inloop[at] && !cd->ir[at].gp;
}

/* replace register operand a or b of x, which reads v, by the constant k;
 * returns 1 when it could */
static int use_constant(cc_ir_t *x, int v, uint32_t k)
{
    if (!takes_imm(x->op)) return 0;
    if (!x->bi && x->b == v && x->a != v) {
        x->bi = 1;
        x->b = 0;
        x->imm = k;
        return 1;
    }
    if (x->a == v && !x->bi && x->b != v && x->b != CC_NONE) {
        /* a < b is b > a for floats too (both false on a NaN) */
        if (x->op == WQ_OP_SETP || x->op == WQ_OP_FSETP) x->fn = mirror(x->fn);
        else if (!commutative(x->op)) return 0;
        x->a = x->b;
        x->bi = 1;
        x->b = 0;
        x->imm = k;
        return 1;
    }
    return 0;
}

int cc_fold(cc_t *c, cc_code_t *cd, char *dead)
{
    if (cd->nvreg <= 0 || cd->n == 0) return 0;
    int *defs = cc_alloc(c, sizeof *defs * (size_t)cd->nvreg);
    int *uses = cc_alloc(c, sizeof *uses * (size_t)cd->nvreg);
    int *def_at = cc_alloc(c, sizeof *def_at * (size_t)cd->nvreg);
    int *to = cc_alloc(c, sizeof *to * (size_t)cd->nvreg);
    char *inloop = cc_alloc(c, (size_t)cd->n);
    int changed = 0;
    mark_loops(c, cd, inloop);
    cc_census(cd, defs, uses, def_at);

    /* what each register reads as: itself, a constant or another register */
    for (int v = 0; v < cd->nvreg; v++) {
        to[v] = v + CC_V0;
        if (defs[v] != 1) continue;
        const cc_ir_t *x = &cd->ir[def_at[v]];
        if (dead[def_at[v]] || x->op != WQ_OP_MOV || x->gp) continue;
        if (x->bi) to[v] = 0;                           /* the constant x->imm */
        else if (x->b != x->d && stable(cd, defs, def_at, inloop, x->b)) to[v] = x->b;
    }
    /* chains of copies read the first register */
    for (int v = 0; v < cd->nvreg; v++)
        for (int hops = 0; hops < 8 && to[v] >= CC_V0 && to[v] != v + CC_V0; hops++) {
            int u = to[v] - CC_V0;
            if (to[u] == u + CC_V0) break;
            if (to[u] == 0) break;          /* a copy of a constant: stays a copy here, folded next round */
            to[v] = to[u];
        }

    for (int i = 0; i < cd->n; i++) {
        cc_ir_t *x = &cd->ir[i];
        if (dead[i] || x->op == CC_OP_LABEL) continue;
        for (int pass = 0; pass < 2; pass++) {
            int r = pass == 0 ? x->a : (x->bi ? 0 : x->b);
            if (r < CC_V0) continue;
            int v = r - CC_V0, t = to[v];
            if (t == r) continue;
            if (t == 0) {
                changed += use_constant(x, r, cd->ir[def_at[v]].imm);
            } else {
                if (pass == 0) x->a = t;
                else x->b = t;
                changed++;
            }
        }
    }

    /* a memory access through `add t, u, K` reads [u + K + offset] when u
     * has the same value at the access as at the add */
    for (int i = 0; i < cd->n; i++) {
        cc_ir_t *x = &cd->ir[i];
        if (dead[i] || (x->op != WQ_OP_LD && x->op != WQ_OP_ST && x->op != WQ_OP_ATOM) || x->a < CC_V0) continue;
        int t = x->a - CC_V0;
        if (defs[t] != 1) continue;
        const cc_ir_t *y = &cd->ir[def_at[t]];
        if (dead[def_at[t]] || y->gp || !y->bi || (y->op != WQ_OP_ADD && y->op != WQ_OP_SUB)) continue;
        if (y->a < CC_V0 || !stable(cd, defs, def_at, inloop, y->a)) continue;
        x->a = y->a;
        x->imm += y->op == WQ_OP_ADD ? y->imm : (uint32_t)-y->imm;
        changed++;
    }

    /* dead values and unreachable code */
    cc_census(cd, defs, uses, def_at);
    for (int i = 0; i < cd->n; i++) {
        cc_ir_t *x = &cd->ir[i];
        if (dead[i] || x->op == CC_OP_LABEL) continue;
        int pure = cc_pure_alu(x->op) || x->op == WQ_OP_MOV || x->op == WQ_OP_SEL || x->op == WQ_OP_S2R;
        if (pure && !x->gp && x->d >= CC_V0 && uses[x->d - CC_V0] == 0 && x->d != cd->param &&
            x->d != cd->frame) {
            dead[i] = 1;
            changed++;
            continue;
        }
        if (transfers(x->op) && !x->gp)
            for (int j = i + 1; j < cd->n && cd->ir[j].op != CC_OP_LABEL; j++)
                if (!dead[j]) {
                    dead[j] = 1;
                    changed++;
                }
    }
    return changed;
}
