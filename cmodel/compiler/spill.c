/* spill.c -- registers that do not fit go to the work-item's frame
 * (frame.c): each spilled register gets a 4-byte slot of its own after the
 * private objects; every instruction that reads it first loads it into a
 * fresh register, every one that writes it stores it afterwards.  The
 * fresh registers live from the load to the use (or the definition to the
 * store) and are never spilled themselves.
 *
 * Which register to spill is regalloc.c's choice, by cost / degree, the
 * cost being its uses and definitions weighted 10^loop depth (Chaitin).
 * A loop is a backward branch: every instruction from the target label to
 * the branch is one level deeper. */
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"

static void no_spill(cc_t *c, cc_code_t *cd, int v)
{
    int i = v - CC_V0;
    if (i >= cd->nospill_cap) {
        int cap = (i + 1) * 2;
        unsigned char *n = cc_alloc(c, (size_t)cap);
        if (cd->nospill_cap) memcpy(n, cd->nospill, (size_t)cd->nospill_cap);
        cd->nospill = n;
        cd->nospill_cap = cap;
    }
    cd->nospill[i] = 1;
}

static int is_jump(int op)
{
    return op == WQ_OP_BRA || op == WQ_OP_JMP || op == WQ_OP_SYNC || op == WQ_OP_BRK || op == WQ_OP_CONT;
}

void cc_spill_costs(const cc_code_t *cd, double *cost)
{
    int n = cd->n;
    int *label_at = calloc((size_t)cd->nlabel + 1, sizeof *label_at);
    int *delta = calloc((size_t)n + 2, sizeof *delta);
    for (int v = 0; v < cd->nvreg; v++) cost[v] = 0;
    if (label_at && delta) {
        for (int i = 0; i < n; i++) if (cd->ir[i].op == CC_OP_LABEL) label_at[cd->ir[i].label] = i;
        for (int i = 0; i < n; i++) {
            const cc_ir_t *x = &cd->ir[i];
            if (!is_jump(x->op) || label_at[x->label] > i) continue;
            delta[label_at[x->label]]++;
            delta[i + 1]--;
        }
    }
    int depth = 0;
    for (int i = 0; i < n; i++) {
        depth += delta ? delta[i] : 0;
        double wgt = 1;
        for (int d = 0; d < depth && d < 8; d++) wgt *= 10;
        int use[4], nu, def;
        cc_uses_defs(&cd->ir[i], 0, use, &nu, &def);
        for (int k = 0; k < nu; k++) cost[use[k] - CC_V0] += wgt;
        if (def) cost[def - CC_V0] += wgt;
        /* CALL writes the link at the call but the callee runs next */
        if (cd->ir[i].op == WQ_OP_CALL && def) cost[def - CC_V0] = CC_NO_SPILL;
    }
    for (int v = 0; v < cd->nvreg; v++)
        if ((v < cd->nospill_cap && cd->nospill[v]) || v + CC_V0 == cd->frame || v + CC_V0 == cd->param)
            cost[v] = CC_NO_SPILL;      /* the frame's setup reads the parameter pointer */
    free(label_at);
    free(delta);
}

static cc_ir_t *mem_op(cc_t *c, cc_code_t *cd, int at, int op, int reg, uint32_t slot, const cc_tok_t *tok)
{
    cc_ir_t *x = cc_ir_insert(c, cd, at);
    x->op = op;
    x->a = cd->frame;
    x->imm = slot;
    x->fn = WQ_MEMW_W32;
    x->tok = tok;
    if (op == WQ_OP_LD) x->d = reg;
    else x->b = reg;
    return x;
}

void cc_spill(cc_t *c, cc_code_t *cd, const int *vregs, int n)
{
    if (n <= 0) return;
    if (!cd->frame) {
        cc_frame_setup(c, cd, cd->prologue_end, cd->n ? cd->ir[0].tok : NULL);
        no_spill(c, cd, cd->frame);
    }
    /* slot + 1 per register, 0: not spilled */
    uint32_t *slot = cc_alloc(c, sizeof *slot * ((size_t)cd->nvreg + 1));
    for (int i = 0; i < n; i++) {
        cd->frame_bytes = (cd->frame_bytes + 3) & ~3u;
        slot[vregs[i] - CC_V0] = cd->frame_bytes + 1;
        cd->frame_bytes += 4;
    }
    cd->nspilled += n;
    int nv0 = cd->nvreg;
    for (int i = 0; i < cd->n; i++) {
        cc_ir_t *x = &cd->ir[i];
        if (x->op == CC_OP_LABEL) continue;
        int uses_a = x->a >= CC_V0 && x->a < nv0 + CC_V0 && slot[x->a - CC_V0];
        int uses_b = !x->bi && x->b >= CC_V0 && x->b < nv0 + CC_V0 && slot[x->b - CC_V0];
        int def_d = x->d >= CC_V0 && x->d < nv0 + CC_V0 && slot[x->d - CC_V0] && x->op != WQ_OP_CALL;
        if (!uses_a && !uses_b && !def_d) continue;
        const cc_tok_t *tok = x->tok;
        int ra = x->a, rb = x->b, rd = x->d, rrd = cc_reads_d(x);
        int ta = 0, tb = 0, td = 0;
        /* loads before: a, b, and d when the instruction reads it (a guard
         * that may keep its old value, FFMA's addend: cc_reads_d) */
        if (uses_a) {
            ta = CC_V0 + cd->nvreg++;
            no_spill(c, cd, ta);
            mem_op(c, cd, i++, WQ_OP_LD, ta, slot[ra - CC_V0] - 1, tok);
        }
        if (uses_b) {
            tb = rb == ra && ta ? ta : CC_V0 + cd->nvreg++;
            if (tb != ta) {
                no_spill(c, cd, tb);
                mem_op(c, cd, i++, WQ_OP_LD, tb, slot[rb - CC_V0] - 1, tok);
            }
        }
        if (def_d) {
            td = rd == ra && ta ? ta : rd == rb && tb ? tb : 0;
            if (!td) {
                td = CC_V0 + cd->nvreg++;
                no_spill(c, cd, td);
                if (rrd) mem_op(c, cd, i++, WQ_OP_LD, td, slot[rd - CC_V0] - 1, tok);
            }
        }
        x = &cd->ir[i];
        if (uses_a) x->a = ta;
        if (uses_b) x->b = tb;
        if (def_d) {
            x->d = td;
            mem_op(c, cd, ++i, WQ_OP_ST, td, slot[rd - CC_V0] - 1, tok);
        }
    }
}
