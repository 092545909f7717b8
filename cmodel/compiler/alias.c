/* alias.c -- the alias pass (docs/compiler.md "Alias metadata"): with the
 * runtime's memory-reference metadata (wq_cc_rel_t, alias_meta.c), unroll
 * the kernel's simple counted loops by 4 and move their loads ahead of
 * their stores where the metadata proves the loop's references independent.
 *
 * It runs on the IR after the peephole, before register allocation:
 *
 *   1. provenance: for every virtual register, the pointer argument it is
 *      derived from (pointer + integers), "not a pointer", or unknown;
 *   2. loops: the shape lower.c gives a uniform counted loop --
 *        H: setp p, iv, bound (lt/ltu); @!p bra X; BODY; C: add iv, iv, 1;
 *        [yield]; bra H; X:
 *      with BODY straight-line, no atomics or barriers, iv and bound not
 *      written in it;
 *   3. the decision: every pair of distinct arguments the body reads or
 *      writes, at least one of them written, must be DISJOINT in the
 *      metadata; SAME (the seed's rule) or OVERLAP keeps the loop;
 *   4. the rewrite: in front of the loop, a loop that runs while at least
 *      4 iterations remain, with 4 copies of BODY (fresh registers per
 *      copy); a value that is affine in iv (iv * c + invariant) in copy k
 *      is copy 0's plus c * k, so the copies' addresses become copy 0's
 *      register plus an immediate and their own arithmetic dies; the
 *      original loop finishes the last 0..3 iterations;
 *   5. grouping: each load of the unrolled body moves up past everything
 *      it does not depend on -- registers, and stores it may touch: a store
 *      through another argument only when the pair is DISJOINT, through the
 *      same one only when both addresses are the same register plus
 *      immediates whose byte ranges do not meet, never through an unknown
 *      pointer.
 *
 * Results are those of the unoptimised kernel: a load only passes a store
 * whose bytes it provably does not read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"

enum { PV_BOT = -4, PV_PARAM = -3, PV_UNK = -2, PV_NONE = -1 };   /* >= 0: argument index */

typedef struct {
    cc_t *c;
    cc_code_t *cd;
    const wq_cc_kernel_t *info;
    const wq_cc_opts_t *o;
    cc_buf_t *ex;
    int *prov;                      /* per virtual register                   */
    int nprov;                      /* registers prov covers                  */
    int loops;                      /* loops unrolled                          */
    const wq_cc_rel_t *ovl[16];     /* the loop's OVERLAP pairs, tested at its entry */
    int novl;
} al_t;

static int pure_alu(int op)
{
    return op == WQ_OP_ADD || op == WQ_OP_SUB || op == WQ_OP_MUL || op == WQ_OP_MULHU ||
           op == WQ_OP_AND || op == WQ_OP_OR || op == WQ_OP_XOR || op == WQ_OP_SHL ||
           op == WQ_OP_SHR || op == WQ_OP_SRA || op == WQ_OP_MIN || op == WQ_OP_MAX ||
           op == WQ_OP_MINU || op == WQ_OP_MAXU;
}

static int pv(const al_t *s, int r)
{
    if (r >= CC_V0) return r - CC_V0 < s->nprov ? s->prov[r - CC_V0] : PV_UNK;
    return r == 0 ? PV_NONE : PV_UNK;   /* physical registers: unknown */
}

static int join(int a, int b)
{
    if (a == PV_BOT) return b;
    if (b == PV_BOT || a == b) return a;
    return PV_UNK;
}

static int arg_at(const al_t *s, uint32_t off)
{
    for (uint32_t i = 0; i < s->info->nargs; i++) {
        const wq_cc_arg_t *a = &s->info->args[i];
        if (off < a->offset || off >= a->offset + a->size) continue;
        if (a->kind == WQ_CC_ARG_GLOBAL || a->kind == WQ_CC_ARG_CONSTANT) return (int)i;
        return a->kind == WQ_CC_ARG_SCALAR ? PV_NONE : PV_UNK;
    }
    /* the header (kabi.def): the queue, __local and frame bases are
     * addresses; the sizes and offsets are not */
    return off == 4 * WQ_KPARAM_QUEUE || off == 4 * WQ_KPARAM_LOCAL || off == 4 * WQ_KPARAM_PRIVATE
           ? PV_UNK : PV_NONE;
}

/* a special register that is an index, never an address, and reads the
 * same whenever it runs (the thread and CTA coordinates, the global ids) */
static int index_sreg(uint32_t sr)
{
    return sr <= WQ_SR_WARPID || (sr >= WQ_SR_GID_X && sr <= WQ_SR_GID_Z);
}

static int transfer(const al_t *s, const cc_ir_t *x)
{
    int pa = x->a ? pv(s, x->a) : PV_NONE, pb = x->bi || !x->b ? PV_NONE : pv(s, x->b);
    switch (x->op) {
    case WQ_OP_S2R:
        if (x->imm == WQ_SR_PARAM) return PV_PARAM;
        return index_sreg(x->imm) ? PV_NONE : PV_UNK;
    case WQ_OP_LD:
        return pa == PV_PARAM ? arg_at(s, x->imm) : PV_NONE;   /* data is not a pointer */
    case WQ_OP_ATOM: return PV_NONE;
    case WQ_OP_MOV: return pb;
    case WQ_OP_SEL: return join(pa, pb);
    case WQ_OP_ADD:
        if (pa == PV_NONE) return pb;
        if (pb == PV_NONE) return pa;
        return PV_UNK;
    case WQ_OP_SUB:
        if (pb == PV_NONE) return pa;
        return PV_UNK;
    default:
        if (pure_alu(x->op)) return pa == PV_NONE && pb == PV_NONE ? PV_NONE : PV_UNK;
        return PV_UNK;
    }
}

static void provenance(al_t *s)
{
    cc_code_t *cd = s->cd;
    s->prov = cc_alloc(s->c, sizeof *s->prov * (size_t)(cd->nvreg + 1));
    s->nprov = cd->nvreg;
    for (int v = 0; v < cd->nvreg; v++) s->prov[v] = PV_BOT;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < cd->n; i++) {
            const cc_ir_t *x = &cd->ir[i];
            if (x->op == CC_OP_LABEL || x->d < CC_V0 || x->op == WQ_OP_SETP) continue;
            int *p = &s->prov[x->d - CC_V0];
            int n = join(*p, transfer(s, x));
            if (n != *p) { *p = n; changed = 1; }
        }
    }
}

/* ---- the loop shape ---------------------------------------------------------- */
typedef struct {
    int head, setp, body, body_end, latch_end;   /* IR indices: H, setp, BODY [body, body_end), bra H */
    int iv, bound, bound_bi, cmp, pred, exit;
    uint32_t bound_imm;
    int yield;
    int line;
} loop_t;

static int defined_in(const cc_code_t *cd, int from, int to, int r)
{
    for (int i = from; i < to; i++)
        if (cd->ir[i].op != CC_OP_LABEL && cd->ir[i].op != WQ_OP_SETP && cd->ir[i].d == r) return 1;
    return 0;
}

static int used_anywhere(const cc_code_t *cd, int r)
{
    for (int i = 0; i < cd->n; i++) {
        const cc_ir_t *x = &cd->ir[i];
        if (x->op == CC_OP_LABEL) continue;
        if (x->a == r || (!x->bi && x->b == r) || (cc_reads_d(x) && x->d == r)) return 1;
    }
    return 0;
}

static int label_uses(const cc_code_t *cd, int l)
{
    int n = 0;
    for (int i = 0; i < cd->n; i++)
        if (cd->ir[i].op >= 0 && cd->ir[i].op <= WQ_OP_SUBV_LOOP_END && cd->ir[i].label == l) n++;
    return n;
}

/* the loop whose head label is at index h, or 0 with *why */
static int match(const al_t *s, int h, loop_t *L, const char **why)
{
    const cc_code_t *cd = s->cd;
    memset(L, 0, sizeof *L);
    *why = NULL;
    if (h + 3 >= cd->n) return 0;
    const cc_ir_t *sp = &cd->ir[h + 1], *br = &cd->ir[h + 2];
    if (sp->op != WQ_OP_SETP || sp->gp || (sp->fn != WQ_CMP_LT && sp->fn != WQ_CMP_LTU)) return 0;
    if (br->op != WQ_OP_BRA || br->gp != sp->pd || !br->gn) return 0;
    if (sp->a < CC_V0) return 0;
    L->head = h;
    L->setp = h + 1;
    L->iv = sp->a;
    L->bound = sp->bi ? 0 : sp->b;
    L->bound_bi = sp->bi;
    L->bound_imm = sp->imm;
    L->cmp = sp->fn;
    L->pred = sp->pd;
    L->exit = br->label;
    L->body = h + 3;
    L->line = sp->tok ? sp->tok->line : 0;
    int i = L->body;
    for (; i < cd->n && cd->ir[i].op != CC_OP_LABEL; i++) {
        int op = cd->ir[i].op;
        if (cd->ir[i].gp) { *why = "predicated code in the body"; return 0; }
        if (op < WQ_OP_MOV || op == CC_OP_LIBCALL) { *why = "control flow in the body"; return 0; }
        if (op == WQ_OP_ATOM) { *why = "an atomic in the body"; return 0; }
        if (op != WQ_OP_LD && op != WQ_OP_ST && op != WQ_OP_MOV && op != WQ_OP_SEL &&
            op != WQ_OP_S2R && op != WQ_OP_SETP && !pure_alu(op)) {
            *why = "an instruction the pass does not move";
            return 0;
        }
    }
    if (i >= cd->n) return 0;
    L->body_end = i;
    if (L->body_end == L->body) { *why = "an empty body"; return 0; }
    if (label_uses(cd, cd->ir[i].label) > 0) { *why = "a continue"; return 0; }
    int incs = 0;
    for (i++; i < cd->n; i++) {
        const cc_ir_t *x = &cd->ir[i];
        if (x->op == WQ_OP_BRA && !x->gp && x->label == cd->ir[h].label) break;
        if (x->gp) return 0;
        if (x->op == WQ_OP_ADD && x->d == L->iv && x->a == L->iv && x->bi && x->imm == 1) incs++;
        else if (x->op == WQ_OP_YIELD) L->yield = 1;
        else if (x->op == WQ_OP_MOV && x->d >= CC_V0 && x->d != L->iv && !used_anywhere(cd, x->d)) continue;
        else { *why = "a step other than +1"; return 0; }
    }
    if (i >= cd->n || incs != 1) { *why = incs ? "not a counted loop" : "a step other than +1"; return 0; }
    if (i + 1 >= cd->n || cd->ir[i + 1].op != CC_OP_LABEL || cd->ir[i + 1].label != L->exit) return 0;
    if (label_uses(cd, cd->ir[h].label) != 1) return 0;
    L->latch_end = i;
    if (defined_in(cd, L->body, L->body_end, L->iv) ||
        (L->bound && (L->bound == L->iv || defined_in(cd, L->body, L->body_end, L->bound)))) {
        *why = "the counter or the bound changes in the body";
        return 0;
    }
    return 1;
}

/* ---- the decision --------------------------------------------------------------- */
static const wq_cc_rel_t *rel_of(const al_t *s, int a, int b)
{
    for (unsigned i = 0; i < s->o->nrels; i++) {
        const wq_cc_rel_t *r = &s->o->rels[i];
        if (((int)r->a == a && (int)r->b == b) || ((int)r->a == b && (int)r->b == a)) return r;
    }
    return NULL;
}

static const char *arg_name(const al_t *s, int a)
{
    return a >= 0 && (uint32_t)a < s->info->nargs ? s->info->args[a].name : "?";
}

/* 1 when the metadata proves the loop's references to different arguments
 * independent; explains either way */
static int decide(al_t *s, const loop_t *L)
{
    enum { MAXA = 64 };
    unsigned char rd[MAXA] = {0}, wr[MAXA] = {0};
    int unknown_st = 0;
    for (int i = L->body; i < L->body_end; i++) {
        const cc_ir_t *x = &s->cd->ir[i];
        if (x->op != WQ_OP_LD && x->op != WQ_OP_ST) continue;
        int p = pv(s, x->a);
        if (p >= 0 && p < MAXA) {
            if (s->info->args[p].quals & WQ_CC_Q_VOLATILE) {
                cc_printf(s->c, s->ex, "  loop at line %d: kept: volatile %s\n", L->line, arg_name(s, p));
                return 0;
            }
            (x->op == WQ_OP_LD ? rd : wr)[p] = 1;
        } else if (x->op == WQ_OP_ST) {
            unknown_st = 1;
        }
    }
    s->novl = 0;
    cc_printf(s->c, s->ex, "  loop at line %d: references", L->line);
    for (int a = 0; a < MAXA && (uint32_t)a < s->info->nargs; a++)
        if (rd[a] || wr[a])
            cc_printf(s->c, s->ex, " %s (arg %d, %s%s)", arg_name(s, a), a, rd[a] ? "read" : "",
                      rd[a] && wr[a] ? "+write" : wr[a] ? "write" : "");
    if (unknown_st) cc_puts(s->c, s->ex, " and a store through a pointer of unknown origin");
    cc_puts(s->c, s->ex, "\n");
    int ok = 1;
    for (int a = 0; a < MAXA && (uint32_t)a < s->info->nargs; a++) {
        for (int b = a + 1; b < MAXA && (uint32_t)b < s->info->nargs; b++) {
            if (!(rd[a] || wr[a]) || !(rd[b] || wr[b]) || !(wr[a] || wr[b])) continue;
            const wq_cc_rel_t *r = rel_of(s, a, b);
            char t[192];
            if (r) wq_cc_rel_format(r, t, sizeof t);
            else snprintf(t, sizeof t, "args %d,%d: no metadata", a, b);
            int test = r && r->kind == WQ_CC_REL_OVERLAP && s->novl < 16;
            const char *verdict = !r ? "not proven independent"
                                : r->kind == WQ_CC_REL_DISJOINT ? "independent"
                                : r->kind == WQ_CC_REL_SAME ? "same region: no metadata, kept"
                                : test ? "overlap: independent where the loop's accesses do not reach the shared bytes"
                                : "overlap: kept (unoptimised)";
            cc_printf(s->c, s->ex, "    %s -> %s\n", t, verdict);
            if (test) s->ovl[s->novl++] = r;
            else if (!r || r->kind != WQ_CC_REL_DISJOINT) ok = 0;
        }
    }
    if (unknown_st) ok = 0;
    return ok;
}

/* ---- the rewrite ---------------------------------------------------------------- */
typedef struct {
    cc_ir_t x;
    int base;                       /* LD/ST: argument (>= 0) or PV_*        */
    int exact;                      /* LD/ST: address = register a + imm exactly */
    int src, copy;                  /* the body instruction and the copy it comes from */
    int coef;                       /* LD/ST, exact: address bytes per iteration */
} ui_t;

enum { COEF_UNKNOWN = 0x7fffffff };

static int mem_bytes(int fn)
{
    switch (fn) {
    case WQ_MEMW_V4: return 16;
    case WQ_MEMW_B: case WQ_MEMW_BU: return 1;
    case WQ_MEMW_H: case WQ_MEMW_HU: return 2;
    default: return 4;
    }
}

/* may load l (later in program order) read what store st wrote? */
static int conflict(const al_t *s, const ui_t *st, const ui_t *l)
{
    if (st->base < 0 || l->base < 0) return 1;
    if (st->base != l->base) {
        const wq_cc_rel_t *r = rel_of(s, st->base, l->base);
        for (int i = 0; r && i < s->novl; i++)
            if (s->ovl[i] == r) return 0;       /* the range test at the entry decides */
        return !r || r->kind != WQ_CC_REL_DISJOINT;
    }
    if (!st->exact || !l->exact || st->x.a != l->x.a) return 1;
    int64_t s0 = (int32_t)st->x.imm, s1 = s0 + mem_bytes(st->x.fn);
    int64_t l0 = (int32_t)l->x.imm, l1 = l0 + mem_bytes(l->x.fn);
    return s0 < l1 && l0 < s1;
}

static int reads_reg(const cc_ir_t *x, int r)
{
    if (!r || x->op == CC_OP_LABEL) return 0;
    return x->a == r || (!x->bi && x->b == r) || (cc_reads_d(x) && x->d == r);
}

static int writes_reg(const cc_ir_t *x, int r)
{
    return r && x->op != CC_OP_LABEL && x->op != WQ_OP_SETP && x->op != WQ_OP_ST && x->d == r;
}

static int pred_dep(const cc_ir_t *y, const cc_ir_t *x)
{
    /* y writes a predicate x reads, or reads one x writes */
    int yw = y->op == WQ_OP_SETP ? y->pd : 0, xw = x->op == WQ_OP_SETP ? x->pd : 0;
    int xr = x->gp, yr = y->gp;
    int xs = x->op == WQ_OP_SEL ? x->pd : 0, ys = y->op == WQ_OP_SEL ? y->pd : 0;
    return (yw && (yw == xr || yw == xs || yw == xw)) || (xw && (xw == yr || xw == ys));
}

static int depends(const al_t *s, const ui_t *y, const ui_t *x)
{
    const cc_ir_t *a = &y->x, *b = &x->x;
    if (pred_dep(a, b)) return 1;
    int bd = b->op == WQ_OP_ST || b->op == WQ_OP_SETP ? 0 : b->d;
    if (writes_reg(a, b->a) || (!b->bi && writes_reg(a, b->b)) || (cc_reads_d(b) && writes_reg(a, b->d))) return 1;
    if (bd && (reads_reg(a, bd) || writes_reg(a, bd))) return 1;
    if (a->op == WQ_OP_ST && b->op == WQ_OP_LD) return conflict(s, y, x);
    return 0;
}

static int newv(cc_code_t *cd) { return CC_V0 + cd->nvreg++; }

/* ---- 4-wide accesses ------------------------------------------------------------- */
/* The unrolled body's four copies of a word access whose address moves 4
 * bytes an iteration read or write 16 consecutive bytes from copy 0's
 * address: one LD.V4 into a register quad (quad.c) where copy 0's load
 * stands, or one ST.V4 from a quad where copy 3's store stands, when no
 * store (for a load) or no access (for a store) in between may touch
 * those bytes.  A .v4 address must be 16-byte aligned: the addresses at
 * the loop's entry are computed again in front of it (the slice of the
 * body that computes them: pure arithmetic on the counter and invariants)
 * and tested; a thread whose address is not aligned runs the word-access
 * copy of the unrolled loop instead.  The alignment cannot change from
 * one iteration to the next (the addresses move 16 bytes). */
typedef struct {
    ui_t *b;                        /* the body, rewritten                    */
    int nb;
    int addr[16];                   /* each .v4 access's address register ... */
    uint32_t imm[16];               /* ... and offset                          */
    int naddr;
    int nld, nst;                   /* LD.V4 and ST.V4 formed                  */
} v4_t;

static void rename_all(ui_t *b, int nb, int from, int to)
{
    for (int i = 0; i < nb; i++) {
        cc_ir_t *x = &b[i].x;
        if (x->op == CC_OP_LABEL) continue;
        if (x->a == from) x->a = to;
        if (!x->bi && x->b == from) x->b = to;
        if (x->d == from && x->op != WQ_OP_SETP) x->d = to;
    }
}

/* how often b writes r (an LD.V4 writes its quad's four members) */
static int defs_of(const ui_t *b, int nb, int r)
{
    int n = 0;
    for (int i = 0; i < nb; i++) {
        int q = b[i].x.op == WQ_OP_LD ? cc_quad_of(&b[i].x) : 0;
        n += q ? r >= q && r <= q + 3 : writes_reg(&b[i].x, r);
    }
    return n;
}

/* the four copies of body instruction src with op: their positions in b */
static int copies_of(const ui_t *b, int nb, int src, int op, int at[4])
{
    int n = 0;
    for (int i = 0; i < nb; i++) {
        if (b[i].src != src || b[i].x.op != op || b[i].x.fn != WQ_MEMW_W32 || !b[i].exact || b[i].coef != 4)
            continue;
        if (b[i].copy != n || n == 4) return 0;
        at[n++] = i;
    }
    return n == 4 && b[at[1]].x.a == b[at[0]].x.a && b[at[2]].x.a == b[at[0]].x.a &&
           b[at[3]].x.a == b[at[0]].x.a ? 1 : 0;
}

static void drop(ui_t *b, int *nb, int at)
{
    memmove(&b[at], &b[at + 1], sizeof *b * (size_t)(*nb - at - 1));
    (*nb)--;
}

/* loads of copies 1..3 move up to copy 0's */
static int group_loads(const al_t *s, v4_t *v, int src, int nv)
{
    int at[4];
    ui_t *b = v->b;
    if (!copies_of(b, v->nb, src, WQ_OP_LD, at)) return 0;
    for (int k = 0; k < 4; k++) {
        int d = b[at[k]].x.d;
        if (d < CC_V0 + nv || b[at[k]].x.gp) return 0;   /* fresh, defined once */
        for (int t = at[0] + 1; k && t < at[k]; t++)
            if (b[t].x.op == WQ_OP_ST && conflict(s, &b[t], &b[at[k]])) return 0;
    }
    int q = newv(s->cd);
    for (int k = 1; k < 4; k++) newv(s->cd);
    for (int k = 0; k < 4; k++) rename_all(b, v->nb, b[at[k]].x.d, q + k);
    b[at[0]].x.fn = WQ_MEMW_V4;
    for (int k = 3; k >= 1; k--) drop(b, &v->nb, at[k]);
    v->addr[v->naddr] = b[at[0]].x.a;
    v->imm[v->naddr++] = b[at[0]].x.imm;
    v->nld++;
    return 1;
}

/* may a and b (both memory accesses) touch a common byte? */
static int may_meet(const al_t *s, const ui_t *a, const ui_t *b)
{
    const ui_t *st = a->x.op == WQ_OP_ST ? a : b, *o = st == a ? b : a;
    return conflict(s, st, o);
}

/* stores of copies 0..2 move down to copy 3's */
static int group_stores(const al_t *s, v4_t *v, int src, int nv)
{
    int at[4], val[4];
    ui_t *b = v->b;
    if (!copies_of(b, v->nb, src, WQ_OP_ST, at)) return 0;
    for (int k = 0; k < 4; k++) {
        val[k] = b[at[k]].x.b;
        if (b[at[k]].x.bi || b[at[k]].x.gp) return 0;
        for (int t = at[k] + 1; t < at[3]; t++) {
            int op = b[t].x.op;
            if ((op == WQ_OP_LD || (op == WQ_OP_ST && b[t].src != src)) && may_meet(s, &b[at[k]], &b[t])) return 0;
            if (writes_reg(&b[t].x, val[k])) return 0;
        }
    }
    /* the values: a load quad's members in order, or four registers
     * defined once in the body that become a new quad's members */
    int q = 0;
    for (int i = 0; i < v->nb && !q; i++)
        if (cc_quad_of(&b[i].x) && b[i].x.op == WQ_OP_LD && b[i].x.d == val[0] && val[1] == val[0] + 1 &&
            val[2] == val[0] + 2 && val[3] == val[0] + 3)
            q = val[0];
    if (!q) {
        for (int k = 0; k < 4; k++) {
            if (val[k] < CC_V0 + nv || defs_of(b, v->nb, val[k]) != 1) return 0;
            for (int j = 0; j < k; j++) if (val[j] == val[k]) return 0;
            for (int i = 0; i < v->nb; i++)
                if (cc_quad_of(&b[i].x) && val[k] >= cc_quad_of(&b[i].x) && val[k] <= cc_quad_of(&b[i].x) + 3)
                    return 0;       /* a member of another quad */
        }
        q = newv(s->cd);
        for (int k = 1; k < 4; k++) newv(s->cd);
        for (int k = 0; k < 4; k++) rename_all(b, v->nb, val[k], q + k);
    }
    b[at[3]].x.fn = WQ_MEMW_V4;
    b[at[3]].x.b = q;
    b[at[3]].x.imm = b[at[0]].x.imm;
    for (int k = 2; k >= 0; k--) drop(b, &v->nb, at[k]);
    v->addr[v->naddr] = b[at[3] - 3].x.a;
    v->imm[v->naddr++] = b[at[3] - 3].x.imm;
    v->nst++;
    return 1;
}

/* the 4-wide copy of the body b (nb entries, the invariants already
 * hoisted out); 0 when no access groups */
static int vectorise(const al_t *s, const loop_t *L, const ui_t *b, int nb, int nv, v4_t *v)
{
    memset(v, 0, sizeof *v);
    v->b = cc_alloc(s->c, sizeof *v->b * (size_t)(nb + 1));
    memcpy(v->b, b, sizeof *b * (size_t)nb);
    v->nb = nb;
    for (int i = L->body; i < L->body_end && v->naddr < 16; i++) {
        int op = s->cd->ir[i].op;
        if (op == WQ_OP_LD) group_loads(s, v, i, nv);
    }
    for (int i = L->body; i < L->body_end && v->naddr < 16; i++) {
        int op = s->cd->ir[i].op;
        if (op == WQ_OP_ST) group_stores(s, v, i, nv);
    }
    return v->naddr > 0;
}

/* r after the renaming from[i] -> to[i] (the latest one wins) */
static int renamed(const int *from, const int *to, int n, int r)
{
    for (int i = n - 1; i >= 0; i--) if (from[i] == r) return to[i];
    return r;
}

/* the body's instructions that compute register r, in order, into keep;
 * 0 when one is not plain arithmetic (the slice must run ahead safely) */
static int slice(const ui_t *b, int nb, int r, char *keep)
{
    for (int i = nb - 1; i >= 0; i--) {
        const cc_ir_t *x = &b[i].x;
        if (!writes_reg(x, r)) continue;
        if (keep[i]) return 1;
        if (x->gp || !(pure_alu(x->op) || x->op == WQ_OP_MOV || (x->op == WQ_OP_S2R && index_sreg(x->imm))))
            return 0;
        keep[i] = 1;
        if (x->a >= CC_V0 && !slice(b, i, x->a, keep)) return 0;
        if (!x->bi && x->b >= CC_V0 && !slice(b, i, x->b, keep)) return 0;
        return 1;
    }
    return 1;                       /* defined before the body: invariant */
}

/* is argument a one of an overlap pair the entry tests? */
static int tested_arg(const al_t *s, int a)
{
    for (int i = 0; i < s->novl; i++) if ((int)s->ovl[i]->a == a || (int)s->ovl[i]->b == a) return 1;
    return 0;
}

/* 1 when the loop was rewritten; 0 when an overlap pair's accesses cannot
 * be bounded (the loop is kept) */
static int unroll(al_t *s, const loop_t *L)
{
    cc_t *c = s->c;
    cc_code_t *cd = s->cd;
    int nb = L->body_end - L->body;
    /* coefficient of iv in each body-defined value (v_k = v_0 + coef * k) */
    int nv = cd->nvreg;
    int *coef = cc_alloc(c, sizeof *coef * (size_t)nv);
    int *ndef = cc_alloc(c, sizeof *ndef * (size_t)nv);
    for (int i = L->body; i < L->body_end; i++) {
        const cc_ir_t *x = &cd->ir[i];
        if (x->op != WQ_OP_SETP && x->op != WQ_OP_ST && x->d >= CC_V0) ndef[x->d - CC_V0]++;
    }
    /* values the body reads before it writes them, or that live on after
     * the loop, carry from copy to copy: one register, never renamed */
    char *carried = cc_alloc(c, (size_t)nv);
    char *seen = cc_alloc(c, (size_t)nv);
    for (int i = L->body; i < L->body_end; i++) {
        const cc_ir_t *x = &cd->ir[i];
        int rs[3] = { x->a, x->bi ? 0 : x->b, cc_reads_d(x) ? x->d : 0 };
        for (int j = 0; j < 3; j++)
            if (rs[j] >= CC_V0 && rs[j] - CC_V0 < nv && ndef[rs[j] - CC_V0] && !seen[rs[j] - CC_V0])
                carried[rs[j] - CC_V0] = 1;
        if (x->op != WQ_OP_SETP && x->op != WQ_OP_ST && x->d >= CC_V0) seen[x->d - CC_V0] = 1;
    }
    for (int i = 0; i < cd->n; i++) {
        if (i == L->body) { i = L->body_end - 1; continue; }
        const cc_ir_t *x = &cd->ir[i];
        if (x->op == CC_OP_LABEL) continue;
        int rs[3] = { x->a, x->bi ? 0 : x->b, x->op == WQ_OP_SETP || x->op == WQ_OP_ST ? 0 : x->d };
        for (int j = 0; j < 3; j++)
            if (rs[j] >= CC_V0 && rs[j] - CC_V0 < nv && ndef[rs[j] - CC_V0]) carried[rs[j] - CC_V0] = 1;
    }
    for (int v = 0; v < nv; v++) if (carried[v]) coef[v] = COEF_UNKNOWN;
#define COEF(r) ((r) == L->iv ? 1 : (r) < CC_V0 ? ((r) == 0 ? 0 : COEF_UNKNOWN) \
                 : ndef[(r) - CC_V0] ? coef[(r) - CC_V0] : 0)
    for (int i = L->body; i < L->body_end; i++) {
        const cc_ir_t *x = &cd->ir[i];
        if (x->op == WQ_OP_SETP || x->op == WQ_OP_ST || x->d < CC_V0) continue;
        int ca = x->a ? COEF(x->a) : 0, cb = x->bi || !x->b ? 0 : COEF(x->b), k = COEF_UNKNOWN;
        if (ca != COEF_UNKNOWN && cb != COEF_UNKNOWN && !x->gp && ndef[x->d - CC_V0] == 1) {
            switch (x->op) {
            case WQ_OP_ADD: k = ca + cb; break;
            case WQ_OP_SUB: k = ca - cb; break;
            case WQ_OP_MOV: k = cb; break;
            case WQ_OP_SHL: if (x->bi && ca < (1 << 20) && ca > -(1 << 20) && x->imm < 8) k = ca * (1 << x->imm);
                            else if (!ca && !cb) k = 0;
                            break;
            case WQ_OP_MUL: if (x->bi && !cb && ca < (1 << 16) && ca > -(1 << 16) && x->imm < (1u << 12))
                                k = ca * (int)x->imm;
                            else if (!ca && !cb) k = 0;
                            break;
            case WQ_OP_S2R: k = 0; break;
            default: if (pure_alu(x->op) && !ca && !cb) k = 0; break;
            }
        }
        if (k != COEF_UNKNOWN && (k > (1 << 24) || k < -(1 << 24))) k = COEF_UNKNOWN;   /* k x 3 fits an int */
        coef[x->d - CC_V0] = carried[x->d - CC_V0] ? COEF_UNKNOWN : k;
    }
    /* an overlap pair is tested at the entry: every access through its
     * arguments must move a known, non-negative step an iteration */
    for (int i = L->body; s->novl && i < L->body_end; i++) {
        const cc_ir_t *x = &cd->ir[i];
        if ((x->op != WQ_OP_LD && x->op != WQ_OP_ST) || !tested_arg(s, pv(s, x->a))) continue;
        int ca = COEF(x->a);
        if (ca == COEF_UNKNOWN || ca < 0) {
            cc_printf(c, s->ex, "    -> kept: an access through %s (line %d) whose range the pass cannot bound "
                      "against the overlap\n", arg_name(s, pv(s, x->a)), x->tok ? x->tok->line : 0);
            return 0;
        }
    }
    /* the four copies, renamed */
    ui_t *u = cc_alloc(c, sizeof *u * (size_t)(4 * nb + 8));
    int nu = 0;
    int *map = cc_alloc(c, sizeof *map * (size_t)nv), *map0 = cc_alloc(c, sizeof *map0 * (size_t)nv);
    int np = cd->npred;
    int *pmap = cc_alloc(c, sizeof *pmap * (size_t)(np + 1));
    for (int k = 0; k < 4; k++) {
        for (int v = 0; v < nv; v++) map[v] = v + CC_V0;
        for (int p = 0; p <= np; p++) pmap[p] = p;
        int ivk = L->iv;
        if (k) {
            ivk = newv(cd);
            ui_t *a = &u[nu++];
            memset(a, 0, sizeof *a);
            a->x.op = WQ_OP_ADD;
            a->x.d = ivk;
            a->x.a = L->iv;
            a->x.bi = 1;
            a->x.imm = (uint32_t)k;
            a->x.tok = cd->ir[L->body].tok;
        }
#define REN(r) ((r) == L->iv ? ivk : (r) >= CC_V0 && (r) - CC_V0 < nv ? map[(r) - CC_V0] : (r))
        for (int i = L->body; i < L->body_end; i++) {
            cc_ir_t x = cd->ir[i];
            int orig_a = x.a;
            if (k && x.op != WQ_OP_SETP && x.op != WQ_OP_ST && x.op != WQ_OP_LD && x.d >= CC_V0 &&
                !carried[x.d - CC_V0] && coef[x.d - CC_V0] == 0) {
                map[x.d - CC_V0] = map0[x.d - CC_V0];   /* the same value as copy 0's */
                continue;
            }
            if (x.a) x.a = REN(x.a);
            if (!x.bi && x.b) x.b = REN(x.b);
            if (x.op == WQ_OP_SEL && x.pd) x.pd = pmap[x.pd];
            if (x.op == WQ_OP_SETP) {
                pmap[x.pd] = ++cd->npred;
                x.pd = pmap[x.pd];
            } else if (x.op != WQ_OP_ST && x.d >= CC_V0 && !carried[x.d - CC_V0] && cc_reads_d(&x)) {
                x.d = REN(x.d);     /* FFMA updates its copy's register in place */
            } else if (x.op != WQ_OP_ST && x.d >= CC_V0 && !carried[x.d - CC_V0]) {
                int old = x.d;
                map[old - CC_V0] = newv(cd);
                x.d = map[old - CC_V0];
                if (!k) map0[old - CC_V0] = map[old - CC_V0];
            }
            ui_t *e = &u[nu++];
            memset(e, 0, sizeof *e);
            e->x = x;
            e->src = i;
            e->copy = k;
            if (x.op == WQ_OP_LD || x.op == WQ_OP_ST) {
                e->base = pv(s, orig_a);
                int ca = COEF(orig_a);
                if (ca != COEF_UNKNOWN) {
                    e->exact = 1;
                    e->coef = ca;
                    if (k && orig_a != L->iv) {
                        e->x.a = orig_a >= CC_V0 && orig_a - CC_V0 < nv && ndef[orig_a - CC_V0]
                                 ? map0[orig_a - CC_V0] : orig_a;
                        e->x.imm = x.imm + (uint32_t)(ca * k);
                    } else if (k) {
                        e->x.a = L->iv;
                        e->x.imm = x.imm + (uint32_t)k;
                    }
                }
            }
        }
        if (nu > 4 * nb + 4) break;
    }
#undef REN
#undef COEF
    /* dead arithmetic of copies 1..3 (their addresses now come from copy 0) */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < nu; i++) {
            cc_ir_t *x = &u[i].x;
            if (x->op == CC_OP_LABEL || x->op == WQ_OP_ST || x->op == WQ_OP_LD || x->op == WQ_OP_SETP ||
                x->d < CC_V0 || x->d - CC_V0 < nv || x->gp)
                continue;
            int used = 0;
            for (int j = 0; j < nu && !used; j++) used = j != i && reads_reg(&u[j].x, x->d);
            if (!used) { x->op = CC_OP_LABEL; x->label = -1; changed = 1; }
        }
    }
    /* grouping: loads up past what they do not depend on */
    ui_t *o = cc_alloc(c, sizeof *o * (size_t)(nu + 1));
    int no = 0, nld = 0, nst = 0;
    for (int i = 0; i < nu; i++) {
        if (u[i].x.op == CC_OP_LABEL) continue;
        if (u[i].x.op != WQ_OP_LD) {
            nst += u[i].x.op == WQ_OP_ST;
            o[no++] = u[i];
            continue;
        }
        nld++;
        int at = 0;
        for (int t = no - 1; t >= 0; t--)
            if (depends(s, &o[t], &u[i])) { at = t + 1; break; }
        while (at < no && o[at].x.op == WQ_OP_LD) at++;
        memmove(&o[at + 1], &o[at], sizeof *o * (size_t)(no - at));
        o[at] = u[i];
        no++;
    }
    int ahead = 0;
    {
        int seen_st = 0;
        for (int i = 0; i < no; i++) {
            if (o[i].x.op == WQ_OP_ST) seen_st = 1;
            else if (o[i].x.op == WQ_OP_LD && !seen_st) ahead++;
        }
    }
    /* loop-invariant arithmetic of the unrolled body (operands written
     * neither in it nor by the counter) is computed once, before it */
    char *hoist = cc_alloc(c, (size_t)no + 1);
    int nhoist = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int i = 0; i < no; i++) {
            const cc_ir_t *x = &o[i].x;
            if (hoist[i] || x->gp || !(pure_alu(x->op) || x->op == WQ_OP_MOV) || x->d < CC_V0 + nv)
                continue;
            int rs[2] = { x->a, x->bi ? 0 : x->b }, inv = 1;
            for (int j = 0; j < 2 && inv; j++) {
                if (!rs[j]) continue;
                if (rs[j] < CC_V0 || rs[j] == L->iv) { inv = 0; break; }
                for (int t = 0; t < no && inv; t++)
                    if (!hoist[t] && writes_reg(&o[t].x, rs[j])) inv = 0;
            }
            if (inv) { hoist[i] = 1; nhoist++; changed = 1; }
        }
    }
    ui_t *bl = cc_alloc(c, sizeof *bl * (size_t)(no + 1));
    int nbl = 0;
    for (int i = 0; i < no; i++) if (!hoist[i]) bl[nbl++] = o[i];
    v4_t v;
    char *keep = cc_alloc(c, (size_t)nbl + 1);
    int vec = vectorise(s, L, bl, nbl, nv, &v);
    for (int j = 0; vec && j < v.naddr; j++) vec = slice(bl, nbl, v.addr[j], keep);
    /* an overlap pair: copy 0's accesses through its arguments, bounded
     * at the entry (iv .. bound-1) against the shared bytes */
    int nra = 0;
    const ui_t **ra = cc_alloc(c, sizeof *ra * (size_t)(nbl + 1));
    for (int i = 0; s->novl && i < nbl; i++) {
        const ui_t *e = &bl[i];
        if ((e->x.op != WQ_OP_LD && e->x.op != WQ_OP_ST) || e->copy || !tested_arg(s, e->base)) continue;
        if (!e->exact || e->coef < 0 || !slice(bl, nbl, e->x.a, keep)) {
            cc_printf(c, s->ex, "    -> kept: an address the entry cannot compute ahead for the overlap test\n");
            return 0;
        }
        ra[nra++] = e;
    }
    /* where the test fails, the four copies in their own order */
    ui_t *od = cc_alloc(c, sizeof *od * (size_t)(nu + 1));
    int nod = 0;
    for (int i = 0; s->novl && i < nu; i++) {
        int h = u[i].x.op == CC_OP_LABEL;
        for (int j = 0; j < no && !h; j++) h = hoist[j] && o[j].src == u[i].src && o[j].copy == u[i].copy &&
                                               o[j].x.op == u[i].x.op && o[j].x.d == u[i].x.d;
        if (!h) od[nod++] = u[i];
    }
    /* the new code, in front of the original loop H:
     *      [mov bound]; setp p, iv, bound; @!p bra X; sub rem, bound, iv;
     *      setp.ltu q, rem, 4; @q bra H; invariants
     *  H4: the unrolled body; add iv, iv, 4; sub rem, rem, 4;
     *      setp.geu q, rem, 4; [yield]; @q bra H4
     *  H:  the original loop, for the last 0..3 iterations
     * and with 4-wide accesses, in place of H4:
     *      the slice: the .v4 addresses at iv; or/and: their low 4 bits;
     *      setp.ne a, bits, 0; ssy E; @a bra W
     *  H4: the unrolled body with .v4 accesses; latch as above; bra S
     *  W:  the unrolled body with word accesses; latch
     *  S:  sync E
     *  E:  */
    int extra = 3 * no + nu + 64 + 4 * 16 + 24 * (nra + 4) * (s->novl + 1), cap = cd->n + extra;
    cc_ir_t *n = cc_alloc(c, sizeof *n * (size_t)cap);
    int m = 0;
    memcpy(n, cd->ir, sizeof *n * (size_t)L->head);
    m = L->head;
    const cc_tok_t *tok = cd->ir[L->setp].tok;
    int bound = L->bound;
#define PUT(...) do { cc_ir_t t_ = { __VA_ARGS__ }; t_.tok = tok; n[m++] = t_; } while (0)
    if (L->bound_bi) {
        bound = newv(cd);
        PUT(.op = WQ_OP_MOV, .d = bound, .bi = 1, .imm = L->bound_imm);
    }
    int h4 = cd->nlabel++, head = cd->ir[L->head].label;
    int p4 = ++cd->npred, q4 = ++cd->npred, r4 = ++cd->npred, rem = newv(cd);
    PUT(.op = WQ_OP_SETP, .pd = p4, .a = L->iv, .b = bound, .fn = L->cmp);
    PUT(.op = WQ_OP_BRA, .gp = p4, .gn = 1, .label = L->exit);
    PUT(.op = WQ_OP_SUB, .d = rem, .a = bound, .b = L->iv);
    PUT(.op = WQ_OP_SETP, .pd = q4, .a = rem, .bi = 1, .imm = 4, .fn = WQ_CMP_LTU);
    PUT(.op = WQ_OP_BRA, .gp = q4, .label = head);
    for (int i = 0; i < no; i++) if (hoist[i]) n[m++] = o[i].x;
#define LATCH(lab) do { \
        PUT(.op = WQ_OP_ADD, .d = L->iv, .a = L->iv, .bi = 1, .imm = 4); \
        PUT(.op = WQ_OP_SUB, .d = rem, .a = rem, .bi = 1, .imm = 4); \
        PUT(.op = WQ_OP_SETP, .pd = r4, .a = rem, .bi = 1, .imm = 4, .fn = WQ_CMP_GEU); \
        if (L->yield) PUT(.op = WQ_OP_YIELD); \
        PUT(.op = WQ_OP_BRA, .gp = r4, .label = (lab)); } while (0)
    if (vec || s->novl) {
        /* the slice with fresh registers: from[j] -> to[j] */
        int *from = cc_alloc(c, sizeof *from * (size_t)(nbl + 1)), *to = cc_alloc(c, sizeof *to * (size_t)(nbl + 1));
        int nmap = 0;
#define SREN(r) renamed(from, to, nmap, (r))
        for (int i = 0; i < nbl; i++) {
            if (!keep[i]) continue;
            cc_ir_t x = bl[i].x;
            if (x.a) x.a = SREN(x.a);
            if (!x.bi && x.b) x.b = SREN(x.b);
            from[nmap] = x.d;
            x.d = to[nmap++] = newv(cd);
            n[m++] = x;
        }
        int acc = 0;
        for (int j = 0; vec && j < v.naddr; j++) {
            int r = SREN(v.addr[j]);
            if (v.imm[j] & 15) {
                int t = newv(cd);
                PUT(.op = WQ_OP_ADD, .d = t, .a = r, .bi = 1, .imm = v.imm[j] & 15);
                r = t;
            }
            if (acc) {
                int t = newv(cd);
                PUT(.op = WQ_OP_OR, .d = t, .a = acc, .b = r);
                r = t;
            }
            acc = r;
        }
        int bad = 0;
        if (vec) {
            bad = newv(cd);
            PUT(.op = WQ_OP_AND, .d = bad, .a = acc, .bi = 1, .imm = 15);
        }
        if (s->novl) {
            /* per argument of a pair, the hull [lo, hi) of its accesses
             * over iterations iv .. bound-1; it meets the shared bytes
             * when max(lo, wlo) < min(hi, whi); a pair is bad when both
             * of its arguments' hulls meet them */
            int one = newv(cd), rm1 = newv(cd);
            PUT(.op = WQ_OP_MOV, .d = one, .bi = 1, .imm = 1);
            PUT(.op = WQ_OP_SUB, .d = rm1, .a = rem, .bi = 1, .imm = 1);
            for (int pi = 0; pi < s->novl; pi++) {
                const wq_cc_rel_t *r = s->ovl[pi];
                int f[2];
                for (int side = 0; side < 2; side++) {
                    int arg = (int)(side ? r->b : r->a), lo = 0, hi = 0;
                    uint64_t off = side ? r->b_off : r->a_off;
                    for (int j = 0; j < nra; j++) {
                        if (ra[j]->base != arg) continue;
                        int l = newv(cd), st = newv(cd), h = newv(cd), h2 = newv(cd);
                        PUT(.op = WQ_OP_ADD, .d = l, .a = SREN(ra[j]->x.a), .bi = 1, .imm = ra[j]->x.imm);
                        PUT(.op = WQ_OP_MUL, .d = st, .a = rm1, .bi = 1, .imm = (uint32_t)ra[j]->coef);
                        PUT(.op = WQ_OP_ADD, .d = h, .a = l, .b = st);
                        PUT(.op = WQ_OP_ADD, .d = h2, .a = h, .bi = 1, .imm = (uint32_t)mem_bytes(ra[j]->x.fn));
                        if (lo) {
                            int l2 = newv(cd), h3 = newv(cd);
                            PUT(.op = WQ_OP_MINU, .d = l2, .a = lo, .b = l);
                            PUT(.op = WQ_OP_MAXU, .d = h3, .a = hi, .b = h2);
                            l = l2;
                            h2 = h3;
                        }
                        lo = l;
                        hi = h2;
                    }
                    f[side] = newv(cd);
                    if (!lo) {                  /* no access through it: nothing reaches */
                        PUT(.op = WQ_OP_MOV, .d = f[side], .bi = 1, .imm = 0);
                        continue;
                    }
                    int base = newv(cd), wlo = newv(cd), whi = newv(cd), m1 = newv(cd), m2 = newv(cd);
                    int pm = ++cd->npred;
                    PUT(.op = WQ_OP_LD, .d = base, .a = cd->param, .bi = 1, .imm = s->info->args[arg].offset,
                        .fn = WQ_MEMW_W32);
                    PUT(.op = WQ_OP_ADD, .d = wlo, .a = base, .bi = 1, .imm = (uint32_t)off);
                    PUT(.op = WQ_OP_ADD, .d = whi, .a = wlo, .bi = 1, .imm = (uint32_t)r->bytes);
                    PUT(.op = WQ_OP_MAXU, .d = m1, .a = lo, .b = wlo);
                    PUT(.op = WQ_OP_MINU, .d = m2, .a = hi, .b = whi);
                    PUT(.op = WQ_OP_SETP, .pd = pm, .a = m1, .b = m2, .fn = WQ_CMP_LTU);
                    PUT(.op = WQ_OP_SEL, .d = f[side], .pd = pm, .a = one, .bi = 1, .imm = 0);
                }
                int both = newv(cd);
                PUT(.op = WQ_OP_AND, .d = both, .a = f[0], .b = f[1]);
                if (bad) {
                    int t = newv(cd);
                    PUT(.op = WQ_OP_OR, .d = t, .a = bad, .b = both);
                    both = t;
                }
                bad = both;
            }
        }
#undef SREN
        int pa = ++cd->npred;
        int e = cd->nlabel++, w = cd->nlabel++, sy = cd->nlabel++;
        PUT(.op = WQ_OP_SETP, .pd = pa, .a = bad, .bi = 1, .imm = 0, .fn = WQ_CMP_NE);
        PUT(.op = WQ_OP_SSY, .label = e);
        PUT(.op = WQ_OP_BRA, .gp = pa, .label = w);
        PUT(.op = CC_OP_LABEL, .label = h4);
        if (vec) for (int i = 0; i < v.nb; i++) n[m++] = v.b[i].x;
        else for (int i = 0; i < nbl; i++) n[m++] = bl[i].x;
        LATCH(h4);
        PUT(.op = WQ_OP_BRA, .label = sy);
        int h4w = cd->nlabel++;
        PUT(.op = CC_OP_LABEL, .label = w);
        PUT(.op = CC_OP_LABEL, .label = h4w);
        if (s->novl) for (int i = 0; i < nod; i++) n[m++] = od[i].x;
        else for (int i = 0; i < nbl; i++) n[m++] = bl[i].x;
        LATCH(h4w);
        PUT(.op = CC_OP_LABEL, .label = sy);
        PUT(.op = WQ_OP_SYNC, .label = e);
        PUT(.op = CC_OP_LABEL, .label = e);
    } else {
        PUT(.op = CC_OP_LABEL, .label = h4);
        for (int i = 0; i < nbl; i++) n[m++] = bl[i].x;
        LATCH(h4);
    }
#undef LATCH
#undef PUT
    memcpy(&n[m], &cd->ir[L->head], sizeof *n * (size_t)(cd->n - L->head));
    m += cd->n - L->head;
    cd->ir = n;
    cd->n = m;
    cd->cap = cap;
    cc_printf(c, s->ex, "    -> unrolled by 4: %d loads, %d stores; %d loads grouped ahead of every store; "
              "%d invariant instructions before the loop\n", nld, nst, ahead, nhoist);
    if (vec)
        cc_printf(c, s->ex, "    -> 4-wide: %d LD.V4, %d ST.V4 in place of %d word accesses; their 16-byte "
                  "alignment tested at the loop's entry (a thread not aligned runs word accesses)\n",
                  v.nld, v.nst, 4 * (v.nld + v.nst));
    else
        cc_printf(c, s->ex, "    -> 4-wide: none (no word access moves 4 bytes an iteration in all four "
                  "copies with nothing in between that it may touch)\n");
    if (s->novl)
        cc_printf(c, s->ex, "    -> the overlap: the accesses' range from iv to the bound is tested against the "
                  "shared bytes at the loop's entry; a thread whose accesses reach them runs the four copies "
                  "in order\n");
    s->loops++;
    return 1;
}

int cc_alias(cc_t *c, cc_kout_t *k, cc_buf_t *ex)
{
    al_t s = { c, &k->code, &k->info, c->opts, ex, NULL, 0, 0, {0}, 0 };
    cc_code_t *cd = &k->code;
    cc_printf(c, ex, "kernel %s: alias metadata:", k->info.name);
    if (!s.o->nrels) cc_puts(c, ex, " none");
    cc_puts(c, ex, "\n");
    for (unsigned i = 0; i < s.o->nrels; i++) {
        char t[192];
        wq_cc_rel_format(&s.o->rels[i], t, sizeof t);
        cc_printf(c, ex, "  %s\n", t);
    }
    if (cd->ncallees) {
        cc_puts(c, ex, "  kernel kept: it calls functions (CALL/RET)\n");
        return 0;
    }
    for (int i = 0; i < cd->n; i++)
        if (cd->ir[i].op == CC_OP_LIBCALL || cd->ir[i].op == WQ_OP_CALL) {
            cc_puts(c, ex, "  kernel kept: it calls the nested-work library\n");
            return 0;
        }
    provenance(&s);
    int seen = 0;
    for (int h = 0; h < cd->n; h++) {
        if (cd->ir[h].op != CC_OP_LABEL) continue;
        loop_t L;
        const char *why;
        if (!match(&s, h, &L, &why)) {
            if (why && h + 1 < cd->n && cd->ir[h + 1].tok) {
                cc_printf(c, ex, "  loop at line %d: kept: %s\n", cd->ir[h + 1].tok->line, why);
                seen++;
            }
            continue;
        }
        seen++;
        if (!decide(&s, &L)) {
            cc_printf(c, ex, "    -> kept\n");
            continue;
        }
        if (!unroll(&s, &L)) {
            cc_printf(c, ex, "    -> kept\n");
            continue;
        }
        /* skip the copy just made and the original loop behind it */
        while (h < cd->n && !(cd->ir[h].op == CC_OP_LABEL && cd->ir[h].label == L.exit)) h++;
    }
    if (!seen) cc_puts(c, ex, "  no loop the pass can transform\n");
    k->info.alias_loops = (uint32_t)s.loops;
    return s.loops;
}
