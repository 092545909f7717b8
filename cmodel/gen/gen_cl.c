/* gen_cl.c -- seeded random OpenCL C kernels with a per-thread oracle
 * (docs/model/gen.md "OpenCL C kernels"): builds an AST (gen_cl.h) of
 * structured control flow, helper calls, integer arithmetic on the six
 * integer types, global atomics and yield(), prints it as a kernel whose
 * `//@` header is tests/kernels/run.c's launch description, runs the AST
 * for every thread (gen_cl_eval.c) and appends the expected contents of
 * every output buffer as `//@ expect_seq` lines.
 *
 * What keeps the oracle exact (no undefined or unspecified case is ever
 * written):
 *  - signed +, -, * and unary - are written in uint and converted back:
 *    `(int)((uint)(a) + (uint)(b))`; << is written on a uint left operand;
 *  - a divisor is `(b | 1u)`, `((b & 15) + 1)` or `((b & 7) - 9)`: never
 *    0 and never -1, so INT_MIN / -1 cannot occur;
 *  - >> has an int or uint left operand (small types are cast first), so
 *    the shift count is masked to 31 on every implementation;
 *  - a builtin's arguments are cast to one type (no overload ambiguity);
 *    clamp's bounds are constants with lo <= hi;
 *  - loops count a counter the body never assigns up to `bound & 7` (or
 *    & 3 when nested), re-evaluated each iteration, so every loop ends;
 *  - an assignment inside an expression is only the right operand of a
 *    condition's && or || (a sequence point before it, nothing after it);
 *  - helpers (no recursion: helper i calls only helpers after it) change
 *    nothing but the counter buffers, through atomics whose final values do
 *    not depend on order (add, xor, max; min on its own buffer);
 *  - a struct's pointer members point only at the thread's own row of out
 *    (`out + gid * K`, written only by the kernel, indexed `% K`), into in
 *    at most N - 4 (indexed `& 3`), or at cnt (used by atomics only);
 *  - a statement expression assigns nothing but its own temporary.
 *
 * Each language feature beyond the base set (gen.h WQ_GEN_CL_*) draws
 * random numbers only when it is on: with none on, a seed gives the kernel
 * it gave before the features existed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gen_cl.h"
#include "gen_int.h"
#include "wq/fp32.h"
#include "wq/defs.h"

#define NODE_CAP   (1u << 16)
#define STMT_BUDGET 40u
#define MAX_DEPTH  4u

static const char *const tname[CT_N] = { "char", "uchar", "short", "ushort", "int", "uint" };
static const char *const biname[BI_N] = {
    "min", "max", "abs", "abs_diff", "clamp", "rotate", "popcount", "clz",
    "mul_hi", "add_sat", "sub_sat", "hadd", "rhadd",
};
static const char *const opname[] = {
    [CO_NEG] = "-", [CO_NOT] = "~", [CO_LNOT] = "!",
    [CO_ADD] = "+", [CO_SUB] = "-", [CO_MUL] = "*", [CO_DIV] = "/", [CO_MOD] = "%",
    [CO_AND] = "&", [CO_OR] = "|", [CO_XOR] = "^", [CO_SHL] = "<<", [CO_SHR] = ">>",
    [CO_LT] = "<", [CO_LE] = "<=", [CO_GT] = ">", [CO_GE] = ">=", [CO_EQ] = "==",
    [CO_NE] = "!=", [CO_SET] = "",
};

typedef struct cg {
    wq_rng_t rng;
    cl_prog_t *p;
    int full;                       /* the node pool ran out */
    unsigned fn;                    /* the function being generated */
    unsigned nvisible;              /* vars an expression may read  */
    unsigned nsvisible;             /* struct vars likewise          */
    unsigned budget;                /* statements left               */
    unsigned calls;                 /* call sites left: every call is inlined
                                       by the compiler, so they multiply */
    unsigned nvvisible;             /* vector vars an expression may read */
    unsigned nfvvisible;            /* float vector vars likewise          */
    unsigned fvnest;                /* inside a component of a float vector
                                       expression: bounds the recursion    */
    unsigned vnest;                 /* vector expressions inside a scalar
                                       read of a vector: bounds the recursion */
} cg_t;

typedef struct sc {
    unsigned depth, loopd;
    int brk_ok, cont_ok;
    unsigned fl;                    /* the innermost S_LBLOCK's label + 1: a
                                       forward goto's target, or 0 */
    unsigned bl, bctr;              /* the innermost S_GLOOP's label + 1 and
                                       its counter: a backward goto's */
    unsigned gd;                    /* goto constructs this one is inside */
} sc_t;

static unsigned rnd(cg_t *g, unsigned n) { return wq_rng_below(&g->rng, n); }
static int chance(cg_t *g, unsigned pct) { return wq_rng_chance(&g->rng, pct); }

static int32_t nd(cg_t *g, unsigned kind, unsigned op, unsigned type)
{
    cl_prog_t *p = g->p;
    if (p->nn >= p->cap) { g->full = 1; return 0; }
    cl_node_t *x = &p->n[p->nn];
    memset(x, 0, sizeof *x);
    x->kind = (uint8_t)kind;
    x->op = (uint8_t)op;
    x->type = (uint8_t)type;
    x->a = x->b = x->c = x->d = x->next = -1;
    return (int32_t)p->nn++;
}

static cl_node_t *N(cg_t *g, int32_t i) { return &g->p->n[i]; }

static unsigned ty(cg_t *g, int32_t i) { return g->p->n[i].type; }

static int feat(cg_t *g, unsigned f) { return (g->p->features >> f) & 1u; }

/* ---- expressions ------------------------------------------------------------ */
static int32_t cnst(cg_t *g, unsigned t, uint32_t v)
{
    int32_t x = nd(g, E_CONST, 0, t);
    N(g, x)->v = wq_cl_norm(v, t);
    return x;
}

static uint32_t interesting(cg_t *g)
{
    static const uint32_t v[] = {
        0, 1, 2, 3, 7, 0xFFFFFFFFu, 0xFFFFFFFEu, 0x7F, 0x80, 0xFF, 0x7FFF, 0x8000, 0xFFFF,
        0x7FFFFFFFu, 0x80000000u, 31, 32, 33, 100, 0xFFFFFF80u,
    };
    switch (rnd(g, 3)) {
    case 0: return v[rnd(g, sizeof v / sizeof v[0])];
    case 1: return rnd(g, 64);
    default: return (uint32_t)wq_rng_next(&g->rng);
    }
}

static int32_t member_read(cg_t *g, int32_t se);
static int32_t svar(cg_t *g, unsigned v);

static int32_t vscalar(cg_t *g);

static int32_t leaf(cg_t *g)
{
    const cl_func_t *f = &g->p->f[g->fn];
    if (feat(g, WQ_GEN_CL_VECTOR) && g->nvvisible && g->vnest < 2 && chance(g, 12)) return vscalar(g);
    if (feat(g, WQ_GEN_CL_STRUCT) && g->nsvisible && chance(g, 15))
        return member_read(g, svar(g, rnd(g, g->nsvisible)));
    unsigned r = rnd(g, 10);
    if (r < 5 && g->nvisible) {
        unsigned v = rnd(g, g->nvisible);
        /* a temporary is read only in its own ({ }); a float only by float code */
        if (!f->hidden[v] && f->vtype[v] != CT_FLOAT) {
            int32_t x = nd(g, E_VAR, 0, 0);
            N(g, x)->v = v;
            N(g, x)->type = f->vtype[v];
            return x;
        }
    }
    if (r < 7 && g->fn == 0) {
        int32_t x = nd(g, E_IN, 0, CT_UINT);
        N(g, x)->v = chance(g, 50) ? 0 : rnd(g, g->p->threads);
        return x;
    }
    return cnst(g, rnd(g, CT_N), interesting(g));
}

static int32_t cast(cg_t *g, unsigned t, int32_t a)
{
    int32_t x = nd(g, E_CAST, 0, t);
    N(g, x)->a = a;
    return x;
}

static int32_t bin(cg_t *g, unsigned op, int32_t a, int32_t b)
{
    unsigned t = op >= CO_LT && op <= CO_NE ? CT_INT
               : op == CO_SHL || op == CO_SHR ? wq_cl_promote(ty(g, a))
               : wq_cl_arith(ty(g, a), ty(g, b));
    int32_t x = nd(g, E_BIN, op, t);
    N(g, x)->a = a;
    N(g, x)->b = b;
    return x;
}

static int32_t expr(cg_t *g, unsigned depth);
static int32_t ftoi(cg_t *g, unsigned depth);

/* a divisor that is never 0 and never -1 */
static int32_t divisor(cg_t *g, unsigned depth)
{
    int32_t b = expr(g, depth);
    switch (rnd(g, 3)) {
    case 0:  return bin(g, CO_OR, b, cnst(g, CT_UINT, 1));
    case 1:  return bin(g, CO_ADD, bin(g, CO_AND, b, cnst(g, CT_INT, 15)), cnst(g, CT_INT, 1));
    default: return bin(g, CO_SUB, bin(g, CO_AND, b, cnst(g, CT_INT, 7)), cnst(g, CT_INT, 9));
    }
}

static unsigned unsigned_of(unsigned t) { return wq_cl_signed(t) ? t + 1 : t; }

static int32_t builtin(cg_t *g, unsigned depth)
{
    unsigned f = rnd(g, BI_N), t = rnd(g, CT_N);
    unsigned rt = (f == BI_ABS || f == BI_ABS_DIFF) ? unsigned_of(t) : t;
    int32_t x = nd(g, E_BUILTIN, f, rt);
    N(g, x)->flag = (uint8_t)t;
    int32_t a = expr(g, depth), b = -1, c = -1;
    if (f == BI_CLAMP) {
        uint32_t lo = wq_cl_norm(interesting(g), t), hi = wq_cl_norm(interesting(g), t);
        int swap = wq_cl_signed(t) ? (int32_t)lo > (int32_t)hi : lo > hi;
        b = cnst(g, t, swap ? hi : lo);
        c = cnst(g, t, swap ? lo : hi);
    } else if (f != BI_ABS && f != BI_POPCOUNT && f != BI_CLZ) {
        b = expr(g, depth);
    }
    if (f == BI_ABS_DIFF && wq_cl_signed(t)) {
        /* halved, so |a - b| fits the signed type: POCL computes int
         * abs_diff with wrap-around (abs_diff(INT_MIN, 37) = 0x7fffffdb),
         * and the POCL cross-check needs both answers to agree */
        a = cast(g, t, bin(g, CO_SHR, cast(g, CT_INT, a), cnst(g, CT_INT, 1)));
        b = cast(g, t, bin(g, CO_SHR, cast(g, CT_INT, b), cnst(g, CT_INT, 1)));
    }
    N(g, x)->a = a;
    N(g, x)->b = b;
    N(g, x)->c = c;
    return x;
}

/* ---- struct values ---------------------------------------------------------- */
static const cl_struct_t *stype(cg_t *g, unsigned t) { return &g->p->st[t]; }

static int32_t svar(cg_t *g, unsigned v)
{
    const cl_func_t *f = &g->p->f[g->fn];
    int32_t x = nd(g, E_SVAR, 0, f->svtype[v]);
    N(g, x)->v = v;
    if (f->salen[v]) {
        int32_t i = leaf(g);
        N(g, x)->b = i;
    }
    return x;
}

/* a visible struct var of type t (from a random start), or -1 */
static int svar_of(cg_t *g, unsigned t)
{
    const cl_func_t *f = &g->p->f[g->fn];
    unsigned n = g->nsvisible;
    if (!n) return -1;
    for (unsigned i = 0, s0 = rnd(g, n); i < n; i++)
        if (f->svtype[(s0 + i) % n] == t) return (int)((s0 + i) % n);
    return -1;
}

/* a visible struct var with a member of pointer kind k, or -1; *m: the member */
static int ptr_source(cg_t *g, unsigned k, unsigned *m)
{
    const cl_func_t *f = &g->p->f[g->fn];
    for (unsigned v = 0; v < g->nsvisible; v++) {
        const cl_struct_t *st = stype(g, f->svtype[v]);
        for (unsigned i = 0; i < st->nm; i++)
            if (st->mtype[i] == k) { *m = i; return (int)v; }
    }
    return -1;
}

/* a literal of type t can be written here: the kernel names in, out and
 * cnt; a helper has cnt and copies in/out pointers from a struct it sees */
static int lit_ok(cg_t *g, unsigned t)
{
    if (g->fn == 0) return 1;
    const cl_struct_t *st = stype(g, t);
    unsigned m;
    for (unsigned i = 0; i < st->nm; i++)
        if ((st->mtype[i] == CM_PIN || st->mtype[i] == CM_POUT) && ptr_source(g, st->mtype[i], &m) < 0)
            return 0;
    return 1;
}

static int buildable(cg_t *g, unsigned t) { return lit_ok(g, t) || svar_of(g, t) >= 0; }

static int args_ok(cg_t *g, unsigned fn)
{
    const cl_func_t *f = &g->p->f[fn];
    for (unsigned i = 0; i < f->nsparams; i++)
        if (!buildable(g, f->svtype[i])) return 0;
    return 1;
}

static unsigned scalar_member(cg_t *g, const cl_struct_t *st)
{
    for (;;) {                      /* every struct has a scalar member */
        unsigned m = rnd(g, st->nm);
        if (st->mtype[m] < CT_N) return m;
    }
}

static int member_of(const cl_struct_t *st, unsigned kind)
{
    for (unsigned i = 0; i < st->nm; i++)
        if (st->mtype[i] == kind) return (int)i;
    return -1;
}

static int32_t sexpr(cg_t *g, unsigned t, unsigned depth);
static int32_t fexpr(cg_t *g, unsigned depth);

/* a pointer member's value: in the kernel a fresh `in + ...`, `out + gid
 * * K` or `cnt`, or a copy of another struct's member of the same kind */
static int32_t ptr_value(cg_t *g, unsigned k)
{
    int32_t x = nd(g, E_PTR, k, CT_UINT);
    unsigned m;
    int v = -1;
    if (g->fn == 0 ? chance(g, 30) : k != CM_PCNT) v = ptr_source(g, k, &m);
    if (v >= 0) {
        N(g, x)->b = svar(g, (unsigned)v);
        N(g, x)->flag = (uint8_t)m;
    } else if (k == CM_PIN) {
        N(g, x)->a = expr(g, 2);
    }
    return x;
}

static int32_t slit(cg_t *g, unsigned t)
{
    const cl_struct_t *st = stype(g, t);
    int32_t x = nd(g, E_SLIT, 0, t), last = -1;
    for (unsigned i = 0; i < st->nm; i++) {
        int32_t a = st->mtype[i] == CT_FLOAT ? fexpr(g, 2)
                  : st->mtype[i] < CT_N ? expr(g, 2) : ptr_value(g, st->mtype[i]);
        if (last < 0) N(g, x)->a = a;
        else N(g, last)->next = a;
        last = a;
    }
    return x;
}

static int32_t call_node(cg_t *g, unsigned fn, unsigned depth)
{
    if (g->calls) g->calls--;
    const cl_func_t *f = &g->p->f[fn];
    int32_t x = nd(g, E_CALL, 0, f->sret ? f->sret - 1u : f->ret), last = -1;
    N(g, x)->v = fn;
    for (unsigned i = 0; i < f->nparams + f->nsparams; i++) {
        int32_t a = i >= f->nparams ? sexpr(g, f->svtype[i - f->nparams], depth)
                  : f->vtype[i] == CT_FLOAT ? fexpr(g, depth) : expr(g, depth);
        if (last < 0) N(g, x)->a = a;
        else N(g, last)->next = a;
        last = a;
    }
    return x;
}

/* a struct value of type t (buildable(g, t) holds): a var, a literal, a
 * call of a helper returning t, or ?: of two */
static int32_t sexpr(cg_t *g, unsigned t, unsigned depth)
{
    unsigned r = rnd(g, 100);
    if (r < 12 && depth && !g->full) {
        int32_t c = expr(g, depth - 1);
        int32_t x = nd(g, E_SCOND, 0, t);
        N(g, x)->a = c;
        N(g, x)->b = sexpr(g, t, depth - 1);
        N(g, x)->c = sexpr(g, t, depth - 1);
        return x;
    }
    if (r < 35 && g->calls && g->fn + 1 < g->p->nf) {
        unsigned n = g->p->nf - g->fn - 1, s0 = rnd(g, n);
        for (unsigned i = 0; i < n; i++) {
            unsigned fn = g->fn + 1 + (s0 + i) % n;
            if (g->p->f[fn].sret == t + 1 && args_ok(g, fn)) return call_node(g, fn, depth ? depth - 1 : 0);
        }
    }
    int v = svar_of(g, t);
    if (v >= 0 && (r < 70 || !lit_ok(g, t))) return svar(g, (unsigned)v);
    return slit(g, t);
}

/* a member of struct expression se: a scalar member, or an in or out
 * pointer member indexed */
static int32_t member_read(cg_t *g, int32_t se)
{
    const cl_struct_t *st = stype(g, ty(g, se));
    int pin = member_of(st, CM_PIN), pout = member_of(st, CM_POUT);
    if ((pin >= 0 || pout >= 0) && chance(g, 35)) {
        int m = pin >= 0 && (pout < 0 || chance(g, 50)) ? pin : pout;
        int32_t x = nd(g, E_PDEREF, 0, CT_UINT);
        N(g, x)->a = se;
        N(g, x)->flag = (uint8_t)m;
        N(g, x)->b = leaf(g);
        return x;
    }
    int32_t x = nd(g, E_MEMBER, 0, 0);
    unsigned m = scalar_member(g, st);
    N(g, x)->a = se;
    N(g, x)->flag = (uint8_t)m;
    N(g, x)->type = st->mtype[m];
    return x;
}

/* `({ T t = e; t op= e; if (c) t op= e; t; })`: assigns only its own t */
static int32_t stmt_expr(cg_t *g, unsigned depth);

static int32_t call(cg_t *g, unsigned depth)
{
    unsigned fn = g->fn + 1 + rnd(g, g->p->nf - g->fn - 1);
    if (!args_ok(g, fn)) return leaf(g);
    int32_t x = call_node(g, fn, depth);
    /* a struct result is read by member, a float one through fb() */
    if (g->p->f[fn].sret) return member_read(g, x);
    if (g->p->f[fn].ret == CT_FLOAT && !g->p->f[fn].sret) {
        int32_t b = nd(g, E_FTOI, FT_BITS, CT_UINT);
        N(g, b)->a = x;
        return b;
    }
    return x;
}

static int32_t expr(cg_t *g, unsigned depth)
{
    if (!depth || chance(g, 25) || g->full) return leaf(g);
    if (feat(g, WQ_GEN_CL_STMTEXPR) && chance(g, 5)) {
        int32_t x = stmt_expr(g, depth - 1);
        if (x >= 0) return x;
    }
    if (feat(g, WQ_GEN_CL_STRUCT) && chance(g, 6)) {
        unsigned t = rnd(g, g->p->nst);
        if (buildable(g, t)) return member_read(g, sexpr(g, t, depth - 1));
    }
    if (feat(g, WQ_GEN_CL_FLOAT) && chance(g, 10)) return ftoi(g, depth - 1);
    unsigned r = rnd(g, 100);
    if (r < 50) {
        unsigned op = CO_ADD + rnd(g, CO_NE - CO_ADD + 1);
        int32_t a = expr(g, depth - 1);
        switch (op) {
        case CO_DIV: case CO_MOD: return bin(g, op, a, divisor(g, depth - 1));
        case CO_SHL: return bin(g, op, cast(g, CT_UINT, a), expr(g, depth - 1));
        case CO_SHR:
            if (ty(g, a) != wq_cl_promote(ty(g, a)) || chance(g, 30))
                a = cast(g, chance(g, 50) ? CT_INT : CT_UINT, a);
            return bin(g, op, a, expr(g, depth - 1));
        default: return bin(g, op, a, expr(g, depth - 1));
        }
    }
    if (r < 60) {
        unsigned op = rnd(g, 3);
        int32_t a = expr(g, depth - 1);
        int32_t x = nd(g, E_UN, op, op == CO_LNOT ? CT_INT : wq_cl_promote(ty(g, a)));
        N(g, x)->a = a;
        return x;
    }
    if (r < 68) {
        int32_t c = expr(g, depth - 1), a = expr(g, depth - 1), b = expr(g, depth - 1);
        int32_t x = nd(g, E_COND, 0, wq_cl_arith(ty(g, a), ty(g, b)));
        N(g, x)->a = c;
        N(g, x)->b = a;
        N(g, x)->c = b;
        return x;
    }
    if (r < 74) {
        int32_t a = expr(g, depth - 1), b = expr(g, depth - 1);
        int32_t x = nd(g, chance(g, 50) ? E_LAND : E_LOR, 0, CT_INT);
        N(g, x)->a = a;
        N(g, x)->b = b;
        return x;
    }
    if (r < 82) return cast(g, rnd(g, CT_N), expr(g, depth - 1));
    if (r < 94) return builtin(g, depth - 1);
    if (g->fn + 1 < g->p->nf && g->calls) return call(g, depth - 1);
    return leaf(g);
}

/* ---- float (WQ_GEN_CL_FLOAT) ---------------------------------------------- */
/* Float locals live in the kernel's var table (type CT_FLOAT); integer code
 * never reads or assigns them (leaf, assignable).  Every float operation
 * the oracle runs is the model's own (fp32.h: RNE unless a conversion names
 * a mode, every NaN the canonical one); a float reaches an integer only
 * through a compare, a saturating conversion (NaN -> 0) or fb(), which
 * writes any NaN as 0x7FC00000 (POCL keeps the x86 payloads), so no NaN's
 * sign or payload is ever observed.  fmin/fmax are written `+ 0.0f`: a
 * zero result is +0 on every implementation. */
static int32_t fexpr(cg_t *g, unsigned depth);

static int32_t fconst(cg_t *g)
{
    static const uint32_t v[] = {
        0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x3F000000u, 0x40000000u,
        0x40400000u, 0x3FC00000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x00800000u, 0x00000001u,
        0x807FFFFFu, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x4F000000u, 0x4F800000u,
        0xCF000000u, 0x3DCCCCCDu, 0x4B800000u, 0x4B000001u, 0x3EAAAAABu, 0x501502F9u,
    };
    uint32_t x;
    switch (rnd(g, 3)) {
    case 0:  x = v[rnd(g, sizeof v / sizeof v[0])]; break;
    case 1:  x = (uint32_t)(int32_t)(rnd(g, 64) - 32); x = wq_i32_to_f32(x, WQ_RM_RNE); break;
    default: x = (uint32_t)wq_rng_next(&g->rng); break;
    }
    if ((x & 0x7F800000u) == 0x7F800000u && (x & 0x007FFFFFu)) x = WQ_F32_QNAN;
    int32_t c = nd(g, E_CONST, 0, CT_FLOAT);
    N(g, c)->v = x;
    return c;
}

/* a visible float var (from a random start), or -1 */
static int fvar_of(cg_t *g)
{
    const cl_func_t *f = &g->p->f[g->fn];
    if (!g->nvisible) return -1;
    for (unsigned i = 0, s = rnd(g, g->nvisible); i < g->nvisible; i++) {
        unsigned v = (s + i) % g->nvisible;
        if (f->vtype[v] == CT_FLOAT) return (int)v;
    }
    return -1;
}

static int32_t fnode(cg_t *g, unsigned kind, unsigned op, int32_t a, int32_t b, int32_t c)
{
    int32_t x = nd(g, kind, op, CT_FLOAT);
    N(g, x)->a = a;
    N(g, x)->b = b;
    N(g, x)->c = c;
    return x;
}

/* a float that reads a var or in: a float var, as_float(in[..]) or a
 * conversion of an int var */
static int32_t fvcomp(cg_t *g);

static int32_t fdyn(cg_t *g)
{
    if (g->nfvvisible && chance(g, 20)) return fvcomp(g);
    if (feat(g, WQ_GEN_CL_STRUCT) && g->nsvisible && chance(g, 25)) {
        unsigned sv = rnd(g, g->nsvisible);
        int m = member_of(stype(g, g->p->f[g->fn].svtype[sv]), CT_FLOAT);
        if (m >= 0) {               /* a struct's float member */
            int32_t x = nd(g, E_MEMBER, 0, CT_FLOAT);
            N(g, x)->a = svar(g, sv);
            N(g, x)->flag = (uint8_t)m;
            return x;
        }
    }
    int v = fvar_of(g);
    if (v >= 0 && chance(g, 60)) {
        int32_t x = nd(g, E_VAR, 0, CT_FLOAT);
        N(g, x)->v = (uint32_t)v;
        return x;
    }
    if (g->fn == 0 && chance(g, 60)) {
        int32_t in = nd(g, E_IN, 0, CT_UINT);
        N(g, in)->v = chance(g, 50) ? 0 : rnd(g, g->p->threads);
        return fnode(g, E_FASF, 0, in, -1, -1);
    }
    int32_t iv = nd(g, E_VAR, 0, g->p->f[g->fn].vtype[0]);     /* gid or a param */
    N(g, iv)->v = 0;
    int32_t x = fnode(g, E_FCVT, rnd(g, 4), cast(g, CT_INT, iv), -1, -1);
    return x;
}

/* whether expression x reads a var, in or calls a helper: no compiler
 * folds it to a constant */
static int dynamic(cg_t *g, int32_t x)
{
    if (x < 0) return 0;
    const cl_node_t *n = N(g, x);
    switch (n->kind) {
    case E_CONST: return 0;
    case E_VAR: case E_IN: case E_CALL: case E_SVAR: case E_VVAR: case E_SEXPR: case E_FVVAR: return 1;
    default: return dynamic(g, n->a) || dynamic(g, n->b) || dynamic(g, n->c) || dynamic(g, n->d);
    }
}

static int32_t fleaf(cg_t *g)
{
    if (chance(g, 55)) return fdyn(g);
    return fconst(g);
}

/* a product neither compiler folds: an operand reads a var or in */
static int32_t fmul(cg_t *g, int32_t a, int32_t b)
{
    if (!dynamic(g, a) && !dynamic(g, b)) {
        if (chance(g, 50)) a = fdyn(g);
        else b = fdyn(g);
    }
    return fnode(g, E_FBIN, CO_MUL, a, b, -1);
}

static int is_fmul(cg_t *g, int32_t x) { return N(g, x)->kind == E_FBIN && N(g, x)->op == CO_MUL; }

static int32_t fexpr(cg_t *g, unsigned depth)
{
    if (!depth || chance(g, 25) || g->full) return fleaf(g);
    unsigned r = rnd(g, 100);
    if (r < 42) {
        unsigned op = CO_ADD + rnd(g, 4);
        int32_t a = fexpr(g, depth - 1), b = fexpr(g, depth - 1);
        /* a product beside a sum often: the shapes contraction fuses */
        if ((op == CO_ADD || op == CO_SUB) && chance(g, 40)) {
            int32_t m = fmul(g, fexpr(g, depth - 1), fexpr(g, depth - 1));
            if (chance(g, 50)) a = m;
            else b = m;
        }
        if (op == CO_MUL) return fmul(g, a, b);
        return fnode(g, E_FBIN, op, a, b, -1);
    }
    if (r < 52) {
        unsigned op = rnd(g, FU_N);
        int32_t a = fexpr(g, depth - 1);
        /* -(a * b) + c: clang's contraction of a negated product depends
         * on its version (docs/compiler.md FFMA row), so never written */
        if (op == FU_NEG && is_fmul(g, a)) op = FU_FABS;
        return fnode(g, E_FUN, op, a, -1, -1);
    }
    if (r < 62) return fnode(g, E_FMM, rnd(g, 2), fexpr(g, depth - 1), fexpr(g, depth - 1), -1);
    if (r < 68) return fnode(g, E_FFMA, 0, fexpr(g, depth - 1), fexpr(g, depth - 1), fexpr(g, depth - 1));
    if (r < 76) {
        int32_t c;
        if (chance(g, 60)) {
            c = nd(g, E_FCMP, CO_LT + rnd(g, 6), CT_INT);
            N(g, c)->a = fexpr(g, depth - 1);
            N(g, c)->b = fexpr(g, depth - 1);
        } else {
            c = expr(g, depth - 1);
        }
        return fnode(g, E_COND, 0, c, fexpr(g, depth - 1), fexpr(g, depth - 1));
    }
    if (r < 88) {
        unsigned fl = rnd(g, 3);
        int32_t a = expr(g, depth - 1);
        a = cast(g, fl == 1 ? CT_UINT : CT_INT, a);
        int32_t x = fnode(g, E_FCVT, fl == 2 ? WQ_RM_RNE : rnd(g, 4), a, -1, -1);
        N(g, x)->flag = (uint8_t)fl;
        return x;
    }
    if (r < 94) return fnode(g, E_FASF, 0, cast(g, CT_UINT, expr(g, depth - 1)), -1, -1);
    return fleaf(g);
}

/* ---- float vectors (WQ_GEN_CL_FLOAT with WQ_GEN_CL_VECTOR) ------------------- */
/* 1..2 `floatN` locals xV in the kernel (N 2, 3, 4 or 8): the operators and
 * built-ins per component, contraction of a vector product and a sum as
 * for scalars; a component is a float leaf */
static int32_t fvexpr(cg_t *g, unsigned t, unsigned depth);

static int32_t fvnode(cg_t *g, unsigned kind, unsigned op, unsigned t, int32_t a, int32_t b, int32_t c)
{
    int32_t x = fnode(g, kind, op, a, b, c);
    N(g, x)->type = (uint8_t)t;
    return x;
}

static int32_t fvleaf(cg_t *g, unsigned t)
{
    const cl_func_t *f = &g->p->f[g->fn];
    if (g->nfvvisible && chance(g, 65)) {
        unsigned s = rnd(g, g->nfvvisible);
        for (unsigned i = 0; i < g->nfvvisible; i++) {
            unsigned v = (s + i) % g->nfvvisible;
            if (f->fvvtype[v] != t) continue;
            int32_t x = fvnode(g, E_FVVAR, 0, t, -1, -1, -1);
            N(g, x)->v = v;
            return x;
        }
    }
    return fvnode(g, E_FVSPL, 0, t, fexpr(g, 1), -1, -1);
}

static int is_fvmul(cg_t *g, int32_t x) { return N(g, x)->kind == E_FVBIN && N(g, x)->op == CO_MUL; }

/* a vector product neither compiler folds (a factor reads a var or in) */
static int32_t fvmul(cg_t *g, unsigned t, int32_t a, int32_t b)
{
    if (!dynamic(g, a) && !dynamic(g, b)) a = fvnode(g, E_FVSPL, 0, t, fdyn(g), -1, -1);
    return fvnode(g, E_FVBIN, CO_MUL, t, a, b, -1);
}

static int32_t fvexpr(cg_t *g, unsigned t, unsigned depth)
{
    if (!depth || chance(g, 30) || g->full) return fvleaf(g, t);
    unsigned r = rnd(g, 100);
    if (r < 42) {
        unsigned op = CO_ADD + rnd(g, 4);
        int32_t a = fvexpr(g, t, depth - 1), b;
        if (chance(g, 25)) {        /* a float widened */
            b = fexpr(g, depth - 1);
            if (op == CO_MUL && !dynamic(g, a) && !dynamic(g, b)) b = fdyn(g);
            int32_t x = fvnode(g, E_FVBIN, op, t, a, b, -1);
            N(g, x)->flag = 1;
            return x;
        }
        b = fvexpr(g, t, depth - 1);
        if ((op == CO_ADD || op == CO_SUB) && chance(g, 40)) {
            int32_t m = fvmul(g, t, fvexpr(g, t, depth - 1), fvexpr(g, t, depth - 1));
            if (chance(g, 50)) a = m;
            else b = m;
        }
        if (op == CO_MUL) return fvmul(g, t, a, b);
        return fvnode(g, E_FVBIN, op, t, a, b, -1);
    }
    if (r < 54) {
        unsigned op = rnd(g, FU_N);
        int32_t a = fvexpr(g, t, depth - 1);
        if (op == FU_NEG && is_fvmul(g, a)) op = FU_FABS;
        return fvnode(g, E_FVUN, op, t, a, -1, -1);
    }
    if (r < 66) return fvnode(g, E_FVMM, rnd(g, 2), t, fvexpr(g, t, depth - 1), fvexpr(g, t, depth - 1), -1);
    if (r < 74)
        return fvnode(g, E_FVFMA, 0, t, fvexpr(g, t, depth - 1), fvexpr(g, t, depth - 1), fvexpr(g, t, depth - 1));
    return fvleaf(g, t);
}

static unsigned fvtype_rand(cg_t *g) { return VT(CT_FLOAT, 1 + rnd(g, 4)); }

/* a component of a float vector var (or of a vector expression) */
static int32_t fvcomp(cg_t *g)
{
    const cl_func_t *f = &g->p->f[g->fn];
    unsigned v = rnd(g, g->nfvvisible), t = f->fvvtype[v];
    int32_t a;
    if (g->fvnest || chance(g, 75)) {
        a = fvnode(g, E_FVVAR, 0, t, -1, -1, -1);
        N(g, a)->v = v;
    } else {
        g->fvnest++;
        a = fvexpr(g, t, 1);
        g->fvnest--;
    }
    int32_t x = fnode(g, E_FVCOMP, 0, a, -1, -1);
    N(g, x)->v = rnd(g, wq_cl_vn(t));
    return x;
}

/* `xV op= e` */
static int32_t fvector_stmt(cg_t *g)
{
    static const unsigned ops[] = { CO_SET, CO_SET, CO_ADD, CO_SUB, CO_MUL, CO_DIV };
    unsigned v = rnd(g, g->nfvvisible), t = g->p->f[g->fn].fvvtype[v], op = ops[rnd(g, 6)];
    int32_t x = nd(g, S_FVASSIGN, op, t);
    N(g, x)->v = v;
    if ((op == CO_ADD || op == CO_SUB) && chance(g, 50))
        N(g, x)->a = fvmul(g, t, fvexpr(g, t, 2), fvexpr(g, t, 2));
    else
        N(g, x)->a = fvexpr(g, t, 2);
    return x;
}

/* an integer from a float: fb(), a saturating conversion, a compare */
static int32_t ftoi(cg_t *g, unsigned depth)
{
    unsigned r = rnd(g, 100);
    if (r < 35) {
        int32_t x = nd(g, E_FCMP, CO_LT + rnd(g, 6), CT_INT);
        N(g, x)->a = fexpr(g, depth);
        N(g, x)->b = fexpr(g, depth);
        return x;
    }
    /* never _rte: POCL's convert_int_sat_rte of an out-of-range float
     * its optimiser folds to a constant is poison, and a branch on it
     * crashes the kernel (`if (convert_int_sat_rte(-0xd5badep+74f) ==
     * convert_int_sat_rte(-0xd5badep+75f))`: a segfault) */
    unsigned op = r < 60 ? FT_BITS : (r < 80 ? FT_SINT : FT_UINT) + 1 + rnd(g, 3);
    int32_t x = nd(g, E_FTOI, op, op >= FT_SINT && op < FT_UINT ? CT_INT : CT_UINT);
    N(g, x)->a = fexpr(g, depth);
    return x;
}

/* `vV op= e` on a float var; `+=`/`-=` of a product often (contracted) */
static int32_t fvector_stmt(cg_t *g);

static int32_t float_stmt(cg_t *g)
{
    static const unsigned ops[] = { CO_SET, CO_SET, CO_ADD, CO_SUB, CO_MUL, CO_DIV };
    if (g->nfvvisible && chance(g, 30)) return fvector_stmt(g);
    int v = fvar_of(g), m = -1;
    unsigned sv = 0;
    if (feat(g, WQ_GEN_CL_STRUCT) && g->nsvisible && (v < 0 || chance(g, 30))) {
        sv = rnd(g, g->nsvisible);
        m = member_of(stype(g, g->p->f[g->fn].svtype[sv]), CT_FLOAT);
    }
    if (v < 0 && m < 0) return -1;
    unsigned op = ops[rnd(g, 6)];
    int32_t x = nd(g, m >= 0 ? S_MASSIGN : S_FASSIGN, op, CT_FLOAT);
    if (m >= 0) {                   /* `S.mF op= e` on a float member */
        N(g, x)->c = svar(g, sv);
        N(g, x)->flag = (uint8_t)m;
    }
    N(g, x)->v = (uint32_t)(v < 0 ? 0 : v);
    if ((op == CO_ADD || op == CO_SUB) && chance(g, 50))
        N(g, x)->a = fmul(g, fexpr(g, 2), fexpr(g, 2));
    else
        N(g, x)->a = fexpr(g, 3);
    return x;
}

/* ---- statements ------------------------------------------------------------- */
static int32_t block(cg_t *g, sc_t s, unsigned n);
static int32_t append(cg_t *g, int32_t list, int32_t x);

/* a var code may assign: not gid, not a loop counter */
static int assignable(cg_t *g, unsigned *v)
{
    const cl_func_t *f = &g->p->f[g->fn];
    for (int tries = 0; tries < 8; tries++) {
        unsigned c = rnd(g, g->nvisible);
        if (!f->counter[c] && f->vtype[c] != CT_FLOAT) { *v = c; return 1; }
    }
    return 0;
}

static int32_t assign_typed(cg_t *g, unsigned kind, unsigned t, unsigned v, unsigned depth)
{
    static const unsigned any[] = { CO_SET, CO_SET, CO_SET, CO_XOR, CO_OR, CO_AND };
    static const unsigned uns[] = { CO_ADD, CO_SUB, CO_MUL };
    unsigned op = any[rnd(g, 6)];
    if (t == CT_UINT && chance(g, 40)) op = uns[rnd(g, 3)];
    int32_t x = nd(g, kind, op, t);
    N(g, x)->v = v;
    N(g, x)->a = expr(g, depth);
    return x;
}

static int32_t assign_node(cg_t *g, unsigned kind, unsigned v, unsigned depth)
{
    return assign_typed(g, kind, g->p->f[g->fn].vtype[v], v, depth);
}

static int32_t stmt_expr(cg_t *g, unsigned depth)
{
    cl_func_t *f = &g->p->f[g->fn];
    if (f->nvars >= CL_MAXVARS) return -1;
    unsigned v = f->nvars++;
    f->vtype[v] = (uint8_t)rnd(g, CT_N);
    f->counter[v] = 1;              /* assignable() never picks it */
    f->hidden[v] = 1;
    f->init[v] = -1;
    int32_t x = nd(g, E_SEXPR, 0, f->vtype[v]);
    N(g, x)->v = v;
    N(g, x)->a = expr(g, depth);
    int32_t last = -1;
    for (unsigned i = 0, n = 1 + rnd(g, 3); i < n && !g->full; i++) {
        int32_t s = assign_node(g, S_ASSIGN, v, depth);
        if (chance(g, 35)) {        /* a condition without side effects */
            int32_t c = nd(g, S_IF, 0, 0);
            N(g, c)->a = expr(g, depth);
            N(g, c)->b = s;
            if (chance(g, 50)) N(g, c)->c = assign_node(g, S_ASSIGN, v, depth);
            s = c;
        }
        if (last < 0) N(g, x)->b = s;
        else N(g, last)->next = s;
        last = s;
    }
    return x;
}

/* a condition; sometimes `L && (v = E)` or `L || (v ^= E)` */
static int32_t cond(cg_t *g)
{
    int32_t l = expr(g, 3);
    unsigned v;
    if (chance(g, 25) && assignable(g, &v)) {
        int32_t x = nd(g, chance(g, 50) ? E_LAND : E_LOR, 0, CT_INT);
        N(g, x)->a = l;
        N(g, x)->b = assign_node(g, E_ASSIGN, v, 2);
        return x;
    }
    return l;
}

static int32_t guarded(cg_t *g, int32_t body)
{
    int32_t x = nd(g, S_IF, 0, 0);
    N(g, x)->a = cond(g);
    N(g, x)->b = body;
    return x;
}

/* a new loop counter (a uint code never assigns), or -1 */
static int32_t counter_new(cg_t *g)
{
    cl_func_t *f = &g->p->f[g->fn];
    if (f->nvars >= CL_MAXVARS) return -1;
    unsigned v = f->nvars++;
    f->vtype[v] = CT_UINT;
    f->counter[v] = 1;
    f->init[v] = -1;
    return (int32_t)v;
}

static int32_t loop(cg_t *g, sc_t s)
{
    cl_func_t *f = &g->p->f[g->fn];
    int32_t cv = counter_new(g);
    if (cv < 0) return -1;
    unsigned v = (unsigned)cv;
    static const unsigned kinds[] = { S_FOR, S_WHILE, S_DO };
    int32_t x = nd(g, kinds[rnd(g, 3)], 0, 0);
    N(g, x)->v = v;
    N(g, x)->a = bin(g, CO_AND, expr(g, 2), cnst(g, CT_UINT, s.loopd ? 3 : 7));
    sc_t in = s;
    in.depth++;
    in.loopd++;
    in.brk_ok = in.cont_ok = 1;
    /* the counter is readable inside its own loop (and after it) */
    unsigned vis = g->nvisible;
    g->nvisible = f->nvars;
    N(g, x)->b = block(g, in, 1 + rnd(g, 4));
    if (g->nvisible < vis) g->nvisible = vis;
    return x;
}

static int32_t sw(cg_t *g, sc_t s)
{
    int32_t x = nd(g, S_SWITCH, 0, 0);
    N(g, x)->a = bin(g, CO_AND, expr(g, 2), cnst(g, CT_INT, 7));
    unsigned used = 0, n = 2 + rnd(g, 3);
    int32_t last = -1;
    int have_default = 0;
    sc_t in = s;
    in.depth++;
    in.brk_ok = 1;
    for (unsigned i = 0; i < n; i++) {
        int32_t c = nd(g, S_CASE, 0, 0);
        if (!have_default && chance(g, 20)) { N(g, c)->op = 1; have_default = 1; }
        else {
            unsigned k = rnd(g, 8);
            while (used & (1u << k)) k = (k + 1) & 7;
            used |= 1u << k;
            N(g, c)->v = k;
        }
        N(g, c)->flag = (uint8_t)chance(g, 60);
        N(g, c)->a = block(g, in, 1 + rnd(g, 2));
        if (last < 0) N(g, x)->b = c;
        else N(g, last)->next = c;
        last = c;
    }
    return x;
}

/* a statement on struct var V: a member assignment, a copy, a pointer
 * member re-pointed, a store through an out pointer member (the kernel
 * only: helpers write nothing but counters), an atomic through a cnt one */
static int32_t struct_stmt(cg_t *g)
{
    const cl_func_t *f = &g->p->f[g->fn];
    unsigned v = rnd(g, g->nsvisible), t = f->svtype[v], r = rnd(g, 100);
    const cl_struct_t *st = stype(g, t);
    int pout = member_of(st, CM_POUT), pcnt = member_of(st, CM_PCNT);
    int32_t x;
    if (r >= 40 && r < 70) {
        x = nd(g, S_SCOPY, 0, t);
        N(g, x)->c = svar(g, v);
        N(g, x)->a = sexpr(g, t, 2);
        return x;
    }
    if (r >= 70 && r < 80) {
        unsigned m = rnd(g, st->nm);
        if (st->mtype[m] >= CT_N && st->mtype[m] != CT_FLOAT) {
            x = nd(g, S_MASSIGN, CO_SET, st->mtype[m]);
            N(g, x)->c = svar(g, v);
            N(g, x)->flag = (uint8_t)m;
            N(g, x)->a = ptr_value(g, st->mtype[m]);
            return x;
        }
    }
    if (r >= 80 && r < 90 && pout >= 0 && g->fn == 0) {
        x = nd(g, S_PSTORE, 0, 0);
        N(g, x)->c = svar(g, v);
        N(g, x)->flag = (uint8_t)pout;
        N(g, x)->b = expr(g, 2);
        N(g, x)->a = expr(g, 3);
        return x;
    }
    if (r >= 90 && pcnt >= 0) {
        x = nd(g, S_ATOM, rnd(g, 3), 0);        /* add, xor, max: cnt words */
        unsigned op = N(g, x)->op;
        N(g, x)->v = op == AT_ADD ? rnd(g, 3) : op == AT_XOR ? 3 + rnd(g, 3) : 6 + rnd(g, 2);
        N(g, x)->b = svar(g, v);
        N(g, x)->flag = (uint8_t)pcnt;
        N(g, x)->a = expr(g, 2);
        return x;
    }
    unsigned m = scalar_member(g, st);
    int32_t dst = svar(g, v);
    x = assign_typed(g, S_MASSIGN, st->mtype[m], v, 3);
    N(g, x)->c = dst;
    N(g, x)->flag = (uint8_t)m;
    return x;
}

/* a return: void in the kernel, the helper's scalar or struct result */
static int32_t ret_node(cg_t *g)
{
    const cl_func_t *f = &g->p->f[g->fn];
    int32_t x = nd(g, S_RET, 0, 0);
    if (g->fn) N(g, x)->a = f->sret ? sexpr(g, f->sret - 1u, 2) : f->ret == CT_FLOAT ? fexpr(g, 3) : expr(g, 3);
    return x;
}

/* ---- vectors (WQ_GEN_CL_VECTOR) ------------------------------------------ */
/* the kernel's vector locals, elements of any of the six types, widths 2,
 * 3, 4, 8 and 16; every operator the generator writes is defined on every
 * component: signed + - * << and unary - are written on the unsigned type
 * through as_T (`as_int4(as_uint4(a) + as_uint4(b))`), / and % only on
 * unsigned elements with an odd divisor, a selection of a 3-vector never
 * names its fourth (undefined) component (.hi and .odd are not taken of
 * it), vload and vstore use only char/uchar/int/uint pointers (types that
 * may alias the uint buffers) and stay inside in and the thread's row of
 * out. */
static unsigned wi_of(unsigned n)
{
    switch (n) {
    case 2: return 1;
    case 3: return 2;
    case 4: return 3;
    case 8: return 4;
    case 16: return 5;
    default: return 0;
    }
}

/* the other type of the same size: uint for int, char for uchar, ... */
static unsigned flip_sign(unsigned et) { return wq_cl_signed(et) ? et + 1 : et - 1; }

static int32_t vexpr(cg_t *g, unsigned t, unsigned depth);

static int vvar_of(cg_t *g, unsigned t)
{
    const cl_func_t *f = &g->p->f[g->fn];
    unsigned n = g->nvvisible;
    for (unsigned i = 0, s0 = n ? rnd(g, n) : 0; i < n; i++)
        if (f->vvtype[(s0 + i) % n] == t) return (int)((s0 + i) % n);
    return -1;
}

static int32_t vvar(cg_t *g, unsigned v)
{
    int32_t x = nd(g, E_VVAR, 0, g->p->f[g->fn].vvtype[v]);
    N(g, x)->v = v;
    return x;
}

/* a var of type t, or a splat `(T)(e)` */
static int32_t vleaf(cg_t *g, unsigned t)
{
    int v = vvar_of(g, t);
    if (v >= 0 && chance(g, 75)) return vvar(g, (unsigned)v);
    int32_t x = nd(g, E_VLIT, 0, t);
    N(g, x)->flag = 1;
    N(g, x)->a = expr(g, 1);
    return x;
}

/* `(T)(parts)`: scalars and narrower vectors of T's element type */
static int32_t vlit(cg_t *g, unsigned t, unsigned depth)
{
    static const unsigned pw[] = { 1, 1, 2, 3, 4, 8 };
    unsigned n = wq_cl_vn(t), et = VET(t), left = n;
    int32_t x = nd(g, E_VLIT, 0, t), last = -1;
    while (left && !g->full) {
        unsigned w = pw[rnd(g, 6)];
        if (left >= 8 && chance(g, 50)) w = n == 16 ? 8 : 4;
        if (w > left || w >= n) w = 1;
        int32_t a = w == 1 ? cast(g, et, expr(g, depth)) : vexpr(g, VT(et, wi_of(w)), depth);
        if (last < 0) N(g, x)->a = a;
        else N(g, last)->next = a;
        last = a;
        left -= w;
    }
    return x;
}

static void swz_set(cg_t *g, int32_t x, unsigned i, unsigned idx)
{
    if (i < 8) N(g, x)->v |= idx << (4 * i);
    else N(g, x)->d |= (int32_t)(idx << (4 * (i - 8)));
}

/* n components (1: a scalar) of a selection of a vector of width m:
 * .lo/.hi/.even/.odd when n is half of m, else .xyzw or .sN; distinct
 * indices when it is assigned to */
static int32_t swz(cg_t *g, unsigned et, unsigned n, unsigned m, int distinct)
{
    int32_t x = nd(g, E_VSWZ, VS_SN, VT(et, wi_of(n)));
    N(g, x)->d = 0;
    N(g, x)->flag = (uint8_t)n;
    if (n >= 2 && (2 * n == m || (m == 3 && n == 2)) && chance(g, 60)) {
        unsigned op = m == 3 ? (chance(g, 50) ? VS_LO : VS_EVEN) : VS_LO + rnd(g, 4);
        N(g, x)->op = (uint8_t)op;
        for (unsigned i = 0; i < n; i++)
            swz_set(g, x, i, op == VS_LO ? i : op == VS_HI ? n + i : op == VS_EVEN ? 2 * i : 2 * i + 1);
        return x;
    }
    unsigned pool[16];
    for (unsigned i = 0; i < m; i++) pool[i] = i;
    for (unsigned i = 0; i < n; i++) {
        unsigned j = distinct ? i + rnd(g, m - i) : rnd(g, m);
        unsigned idx = pool[j];
        if (distinct) { pool[j] = pool[i]; pool[i] = idx; }
        swz_set(g, x, i, idx);
    }
    if (m <= 4 && n <= 4 && chance(g, 60)) N(g, x)->op = VS_XYZW;
    return x;
}

static const unsigned vwidths[] = { 2, 3, 4, 8, 16 };

/* a selection of type t (a vector, or with width index 0 a scalar) from
 * another vector expression */
static int32_t vswz(cg_t *g, unsigned t, unsigned depth)
{
    unsigned n = wq_cl_vn(t), et = VET(t), m;
    if ((n == 2 || n == 4 || n == 8) && chance(g, 50)) m = n == 2 && chance(g, 30) ? 3 : 2 * n;
    else m = vwidths[rnd(g, 5)];
    int32_t x = swz(g, et, n, m, 0);
    N(g, x)->a = vexpr(g, VT(et, wi_of(m)), depth);
    return x;
}

static int32_t vnode(cg_t *g, unsigned kind, unsigned op, unsigned t, int32_t a, int32_t b)
{
    int32_t x = nd(g, kind, op, t);
    N(g, x)->a = a;
    N(g, x)->b = b;
    return x;
}

static int32_t as_t(cg_t *g, unsigned t, int32_t a) { return vnode(g, E_VCONV, VC_AS, t, a, -1); }

/* a scalar of element type et to widen, or a vector of type t */
static int32_t voperand(cg_t *g, unsigned t, unsigned depth, int scalar)
{
    return scalar ? cast(g, VET(t), expr(g, depth)) : vexpr(g, t, depth);
}

/* `a op b` component-wise; signed + - * << through the unsigned type */
static int32_t vbin(cg_t *g, unsigned t, unsigned depth)
{
    unsigned et = VET(t), sc = chance(g, 30);
    if (wq_cl_signed(et) && chance(g, 30)) {    /* a comparison: 0 or -1 */
        unsigned ot = VT(chance(g, 50) ? et : flip_sign(et), VWI(t));
        unsigned op = CO_LT + rnd(g, CO_NE - CO_LT + 1);
        return vnode(g, E_VBIN, op, t, vexpr(g, ot, depth), voperand(g, ot, depth, sc));
    }
    static const unsigned ops[] = { CO_ADD, CO_SUB, CO_MUL, CO_DIV, CO_MOD, CO_AND, CO_OR, CO_XOR, CO_SHL, CO_SHR };
    unsigned op = ops[rnd(g, 10)];
    if (wq_cl_signed(et) && (op == CO_DIV || op == CO_MOD)) op = CO_XOR;
    if (op == CO_DIV || op == CO_MOD) {         /* unsigned, the divisor odd */
        int32_t one = cnst(g, et, 1), d;
        if (sc) d = cast(g, et, bin(g, CO_OR, expr(g, depth), cnst(g, CT_UINT, 1)));
        else d = vnode(g, E_VBIN, CO_OR, t, vexpr(g, t, depth), one);
        return vnode(g, E_VBIN, op, t, vexpr(g, t, depth), d);
    }
    if (wq_cl_signed(et) && (op <= CO_MUL || op == CO_SHL)) {
        unsigned ut = VT(flip_sign(et), VWI(t));
        int32_t a = as_t(g, ut, vexpr(g, t, depth));
        int32_t b = sc ? cast(g, flip_sign(et), expr(g, depth)) : as_t(g, ut, vexpr(g, t, depth));
        return as_t(g, t, vnode(g, E_VBIN, op, ut, a, b));
    }
    return vnode(g, E_VBIN, op, t, vexpr(g, t, depth), voperand(g, t, depth, sc));
}

/* as_T(x): x of the same size, a scalar or a vector (a 3-vector only
 * from a 3-vector of the other signedness) */
static int32_t vas(cg_t *g, unsigned t, unsigned depth)
{
    unsigned n = wq_cl_vn(t), et = VET(t), bytes = n * wq_cl_bits(et) / 8;
    unsigned st = VT(flip_sign(et), VWI(t));
    if (n != 3) {
        unsigned et2 = rnd(g, CT_N), n2 = bytes / (wq_cl_bits(et2) / 8);
        if (n2 == 1 || (wi_of(n2) && n2 != 3)) st = VT(et2, wi_of(n2));
    }
    return as_t(g, t, VWI(st) ? vexpr(g, st, depth) : cast(g, VET(st), expr(g, depth)));
}

static int vmem_ok(unsigned et) { return et == CT_CHAR || et == CT_UCHAR || et == CT_INT || et == CT_UINT; }

static int32_t vexpr(cg_t *g, unsigned t, unsigned depth)
{
    if (!depth || g->full || chance(g, 25)) return vleaf(g, t);
    unsigned r = rnd(g, 100), et = VET(t), wi = VWI(t);
    depth--;
    if (r < 14) return vlit(g, t, depth);
    if (r < 28) return vswz(g, t, depth);
    if (r < 52) return vbin(g, t, depth);
    if (r < 57) {
        if (wq_cl_signed(et) && chance(g, 50)) {  /* -a on the unsigned type */
            unsigned ut = VT(flip_sign(et), wi);
            return as_t(g, t, vnode(g, E_VUN, CO_NEG, ut, as_t(g, ut, vexpr(g, t, depth)), -1));
        }
        return vnode(g, E_VUN, wq_cl_signed(et) || chance(g, 50) ? CO_NOT : CO_NEG, t, vexpr(g, t, depth), -1);
    }
    if (r < 66)
        return vnode(g, E_VCONV, chance(g, 50) ? VC_CONVERT : VC_SAT, t, vexpr(g, VT(rnd(g, CT_N), wi), depth), -1);
    if (r < 73) return vas(g, t, depth);
    if (r < 80) {
        unsigned ct = VT(chance(g, 50) ? et : flip_sign(et), wi);
        int32_t x = vnode(g, E_VSEL, 0, t, vexpr(g, t, depth), vexpr(g, t, depth));
        N(g, x)->c = vexpr(g, ct, depth);
        return x;
    }
    if (r < 91) {
        static const unsigned fs[] = { BI_MIN, BI_MAX, BI_ADD_SAT, BI_SUB_SAT, BI_HADD, BI_RHADD,
                                       BI_ROTATE, BI_POPCOUNT, BI_CLZ, BI_MUL_HI };
        unsigned f = fs[rnd(g, 10)];
        return vnode(g, E_VBI, f, t, vexpr(g, t, depth),
                     f == BI_POPCOUNT || f == BI_CLZ ? -1 : vexpr(g, t, depth));
    }
    if (g->fn == 0 && vmem_ok(et) && wq_cl_vn(t) * wq_cl_bits(et) / 8 <= g->p->threads * 4u)
        return vnode(g, E_VLOAD, 0, t, expr(g, depth), -1);
    return vleaf(g, t);
}

static unsigned vtype_rand(cg_t *g) { return VT(rnd(g, CT_N), 1 + rnd(g, 5)); }

/* a scalar read of a vector: one component, or any/all of a signed one */
static int32_t vscalar(cg_t *g)
{
    const cl_func_t *f = &g->p->f[g->fn];
    int32_t x;
    g->vnest++;
    if (chance(g, 20)) {
        unsigned t = VT(wq_cl_signed_of(rnd(g, CT_N)), 1 + rnd(g, 5));
        x = vnode(g, E_VRED, chance(g, 50), CT_INT, vexpr(g, t, 1), -1);
    } else {
        unsigned t = chance(g, 70) ? f->vvtype[rnd(g, g->nvvisible)] : vtype_rand(g);
        x = swz(g, VET(t), 1, wq_cl_vn(t), 0);
        N(g, x)->a = chance(g, 70) && vvar_of(g, t) >= 0 ? vvar(g, (unsigned)vvar_of(g, t)) : vexpr(g, t, 1);
    }
    g->vnest--;
    return x;
}

/* the XOR of every component of vector var v, as a uint */
static int32_t vfold(cg_t *g, unsigned v)
{
    unsigned t = g->p->f[g->fn].vvtype[v], n = wq_cl_vn(t);
    int32_t acc = -1;
    for (unsigned i = 0; i < n; i++) {
        int32_t c = swz(g, VET(t), 1, n, 0);
        N(g, c)->v = i;
        N(g, c)->a = vvar(g, v);
        c = cast(g, CT_UINT, c);
        acc = acc < 0 ? c : bin(g, CO_XOR, acc, c);
    }
    return acc;
}

/* `wV op= e`, `wV.sel = e` or a vstore into the thread's row of out */
static int32_t vector_stmt(cg_t *g)
{
    const cl_func_t *f = &g->p->f[g->fn];
    unsigned v = rnd(g, g->nvvisible), t = f->vvtype[v], et = VET(t), r = rnd(g, 100);
    int32_t x;
    if (r < 35) {
        static const unsigned any[] = { CO_SET, CO_SET, CO_XOR, CO_OR, CO_AND };
        static const unsigned uns[] = { CO_ADD, CO_SUB, CO_MUL };
        unsigned op = !wq_cl_signed(et) && chance(g, 40) ? uns[rnd(g, 3)] : any[rnd(g, 5)];
        x = nd(g, S_VASSIGN, op, t);
        N(g, x)->v = v;
        N(g, x)->a = vexpr(g, t, 3);
        return x;
    }
    if (r < 70) {
        unsigned m = wq_cl_vn(t), n;
        do n = chance(g, 30) ? 1 : vwidths[rnd(g, 5)]; while (n > m);
        x = nd(g, S_VSWSET, 0, 0);
        N(g, x)->c = swz(g, et, n, m, 1);
        N(g, N(g, x)->c)->a = vvar(g, v);
        N(g, x)->a = n == 1 ? cast(g, et, expr(g, 3)) : vexpr(g, VT(et, wi_of(n)), 2);
        return x;
    }
    static const unsigned mt[] = { CT_CHAR, CT_UCHAR, CT_INT, CT_UINT };
    unsigned st;
    do st = VT(mt[rnd(g, 4)], 1 + rnd(g, 5)); while (wq_cl_vn(st) * wq_cl_bits(VET(st)) / 8 > g->p->k * 4u);
    x = nd(g, S_VSTORE, 0, 0);
    N(g, x)->a = vexpr(g, st, 2);
    N(g, x)->b = expr(g, 2);
    return x;
}

/* ---- goto (WQ_GEN_CL_GOTO) --------------------------------------------------- */
/* Four shapes, each a node the oracle runs as the structured code it
 * stands for: a block a forward goto leaves (`goto L` from anywhere
 * inside, loops and switches included), a loop built of a label and
 * backward gotos, a goto into an if's body, and an irreducible loop with
 * two entries.  Every backward goto is guarded by `iV < bound` on a
 * counter that only the label's entry increments, so the loops end.  Goto
 * shapes nest at most two deep: deeper tangles can overflow the 64-entry
 * token deque at 64 threads (DEQUE_FULL), a known limit of the machine. */
static unsigned label_new(cg_t *g, unsigned n)
{
    cl_func_t *f = &g->p->f[g->fn];
    unsigned l = f->nlabels;
    f->nlabels += n;
    return l;
}

static int32_t var_node(cg_t *g, unsigned v)
{
    int32_t x = nd(g, E_VAR, 0, g->p->f[g->fn].vtype[v]);
    N(g, x)->v = v;
    return x;
}

/* `iV < (e & mask)`, sometimes `&& c`: a backward goto's condition */
static int32_t back_cond(cg_t *g, unsigned ctr, unsigned mask)
{
    int32_t x = bin(g, CO_LT, var_node(g, ctr), bin(g, CO_AND, expr(g, 2), cnst(g, CT_UINT, mask)));
    if (chance(g, 50)) {
        int32_t y = nd(g, E_LAND, 0, CT_INT);
        N(g, y)->a = x;
        N(g, y)->b = cond(g);
        x = y;
    }
    return x;
}

static int32_t goto_stmt(cg_t *g, sc_t s)
{
    int32_t x = nd(g, S_GOTO, 0, 0);
    if (s.fl && (!s.bl || chance(g, 50))) {
        N(g, x)->type = (uint8_t)(s.fl - 1);
        N(g, x)->a = cond(g);
    } else {
        N(g, x)->type = (uint8_t)(s.bl - 1);
        N(g, x)->a = back_cond(g, s.bctr, 3);
    }
    return x;
}

static int32_t goto_construct(cg_t *g, sc_t s)
{
    unsigned maxloop = g->fn == 0 ? 2 : 1, r = rnd(g, 100);
    if (g->p->f[g->fn].nlabels > 200) return -1;
    sc_t in = s;
    in.depth++;
    in.gd++;
    if (r < 35) {
        int32_t x = nd(g, S_LBLOCK, 0, label_new(g, 1));
        in.fl = N(g, x)->type + 1u;
        int32_t body = -1, go;
        sc_t fw = in;               /* the goto this block is for: forward */
        fw.bl = 0;
        if (s.loopd < maxloop && chance(g, 60)) body = loop(g, in);
        if (body >= 0) {            /* a goto out of the loop (and out of a nested one) */
            int32_t *at = &N(g, body)->b, last = *at;
            while (last >= 0 && N(g, last)->next >= 0) last = N(g, last)->next;
            if (last >= 0 && (N(g, last)->kind == S_FOR || N(g, last)->kind == S_WHILE ||
                              N(g, last)->kind == S_DO) && chance(g, 50))
                at = &N(g, last)->b;
            go = goto_stmt(g, fw);
            *at = append(g, *at, go);
        } else {
            go = goto_stmt(g, fw);
        }
        N(g, x)->b = append(g, body >= 0 ? body : go, block(g, in, 1 + rnd(g, 3)));
        return x;
    }
    if (s.loopd >= maxloop) r = 70 + rnd(g, 15);    /* not a loop */
    if (r < 85 && r >= 70) {
        int32_t x = nd(g, S_GINTO, 0, label_new(g, 1)), t = nd(g, S_GTARGET, 0, 0);
        N(g, x)->a = cond(g);
        N(g, x)->b = block(g, in, 1 + rnd(g, 2));
        N(g, x)->c = t;
        N(g, t)->a = cond(g);
        N(g, t)->b = block(g, in, 1 + rnd(g, 2));
        N(g, t)->c = block(g, in, 1 + rnd(g, 2));
        return x;
    }
    int32_t ctr = counter_new(g);
    if (ctr < 0) return -1;
    g->nvisible = g->p->f[g->fn].nvars;     /* readable inside its loop and after it */
    in.loopd++;
    if (r < 70) {
        int32_t x = nd(g, S_GLOOP, 0, label_new(g, 1));
        N(g, x)->v = (uint32_t)ctr;
        in.bl = N(g, x)->type + 1u;
        in.bctr = (unsigned)ctr;
        N(g, x)->b = block(g, in, 1 + rnd(g, 3));
        N(g, x)->a = back_cond(g, (unsigned)ctr, s.loopd ? 3 : 7);
        return x;
    }
    int32_t x = nd(g, S_IRR, 0, label_new(g, 2));
    N(g, x)->v = (uint32_t)ctr;
    N(g, x)->a = cond(g);
    N(g, x)->b = block(g, in, 1 + rnd(g, 2));
    N(g, x)->c = block(g, in, 1 + rnd(g, 2));
    N(g, x)->d = back_cond(g, (unsigned)ctr, 3);
    return x;
}

static int32_t stmt(cg_t *g, sc_t s)
{
    int kernel = g->fn == 0;
    unsigned maxloop = kernel ? 2 : 1;
    int can_call = g->fn + 1 < g->p->nf && g->calls;
    unsigned v;
    if (g->budget) g->budget--;
    if (feat(g, WQ_GEN_CL_STRUCT) && g->nsvisible && chance(g, 18)) return struct_stmt(g);
    if (feat(g, WQ_GEN_CL_VECTOR) && g->nvvisible && chance(g, 14)) return vector_stmt(g);
    if (feat(g, WQ_GEN_CL_FLOAT) && chance(g, 14)) {
        int32_t x = float_stmt(g);
        if (x >= 0) return x;
    }
    if (feat(g, WQ_GEN_CL_GOTO)) {
        if ((s.fl || s.bl) && chance(g, 15)) return goto_stmt(g, s);
        if (s.gd < 2 && s.depth < MAX_DEPTH && g->budget && chance(g, 9)) {
            int32_t x = goto_construct(g, s);
            if (x >= 0) return x;
        }
    }
    for (int tries = 0; tries < 16; tries++) {
        unsigned r = rnd(g, 100);
        if (r < 28) {
            if (assignable(g, &v)) return assign_node(g, S_ASSIGN, v, 3);
        } else if (r < 36) {
            if (!kernel) continue;
            int32_t x = nd(g, S_OUT, 0, 0);
            N(g, x)->v = rnd(g, g->p->k);
            N(g, x)->a = expr(g, 3);
            return x;
        } else if (r < 52) {
            if (s.depth >= MAX_DEPTH || !g->budget) continue;
            int32_t x = nd(g, S_IF, 0, 0);
            sc_t in = s;
            in.depth++;
            N(g, x)->a = cond(g);
            N(g, x)->b = block(g, in, 1 + rnd(g, 3));
            if (chance(g, 50)) N(g, x)->c = block(g, in, 1 + rnd(g, 3));
            return x;
        } else if (r < 64) {
            if (s.depth >= MAX_DEPTH || s.loopd >= maxloop || !g->budget) continue;
            int32_t x = loop(g, s);
            if (x >= 0) return x;
        } else if (r < 70) {
            if (!s.brk_ok && !s.cont_ok) continue;
            int brk = s.brk_ok && (!s.cont_ok || chance(g, 50));
            return guarded(g, nd(g, brk ? S_BREAK : S_CONT, 0, 0));
        } else if (r < 76) {
            if (s.depth >= MAX_DEPTH || !g->budget) continue;
            return sw(g, s);
        } else if (r < 80) {
            if (s.depth == 0 && kernel) continue;       /* not an unconditional early exit */
            if (kernel && chance(g, 60)) continue;      /* keep most threads to the end */
            return guarded(g, ret_node(g));
        } else if (r < 90) {
            int32_t x = nd(g, S_ATOM, rnd(g, 4), 0);
            unsigned op = N(g, x)->op;
            N(g, x)->v = op == AT_ADD ? rnd(g, 3) : op == AT_XOR ? 3 + rnd(g, 3)
                       : op == AT_MAX ? 6 + rnd(g, 2) : rnd(g, 2);
            N(g, x)->a = expr(g, 2);
            return x;
        } else if (r < 94) {
            return nd(g, S_YIELD, 0, 0);
        } else if (can_call) {
            int32_t x = nd(g, S_EXPR, 0, 0);
            N(g, x)->a = call(g, 2);
            return x;
        }
    }
    return nd(g, S_YIELD, 0, 0);
}

static int32_t block(cg_t *g, sc_t s, unsigned n)
{
    int32_t first = -1, last = -1;
    for (unsigned i = 0; i < n && !g->full; i++) {
        int32_t x = stmt(g, s);
        if (x < 0) continue;
        if (last < 0) first = x;
        else N(g, last)->next = x;
        last = x;
    }
    return first;
}

static int32_t append(cg_t *g, int32_t list, int32_t x)
{
    if (list < 0) return x;
    int32_t l = list;
    while (N(g, l)->next >= 0) l = N(g, l)->next;
    N(g, l)->next = x;
    return list;
}

static void gen_func(cg_t *g, unsigned fn)
{
    cl_func_t *f = &g->p->f[fn];
    g->fn = fn;
    if (fn == 0) {
        f->nparams = 0;
        f->vtype[0] = CT_UINT;
        f->counter[0] = 1;          /* gid */
        f->init[0] = -1;
        f->nvars = 1;
    } else {
        f->nparams = 1 + rnd(g, 3);
        for (unsigned i = 0; i < f->nparams; i++) f->vtype[i] = (uint8_t)rnd(g, CT_N);
        f->nvars = f->nparams;
        f->ret = (uint8_t)rnd(g, CT_N);
        f->noinline = (uint8_t)chance(g, 50);
        if (feat(g, WQ_GEN_CL_FLOAT)) {     /* a float parameter, a float result */
            if (chance(g, 50)) f->vtype[f->nparams++] = CT_FLOAT;
            if (chance(g, 30)) f->ret = CT_FLOAT;
        }
        if (feat(g, WQ_GEN_CL_STRUCT)) {
            /* a struct result's type is its first struct param's, so a
             * value of it is always at hand */
            f->nsparams = rnd(g, 3);
            for (unsigned i = 0; i < f->nsparams; i++) f->svtype[i] = (uint8_t)rnd(g, g->p->nst);
            if (chance(g, 40)) {
                if (!f->nsparams) f->svtype[f->nsparams++] = (uint8_t)rnd(g, g->p->nst);
                f->sret = (uint8_t)(f->svtype[0] + 1);
            }
        }
    }
    f->nsvars = f->nsparams;
    g->nsvisible = f->nsvars;
    g->nvvisible = 0;
    g->calls = 1;
    unsigned nloc = (fn == 0 ? 3 : 1) + rnd(g, 3);
    for (unsigned i = 0; i < nloc; i++) {
        unsigned v = f->nvars++;     /* before its initialiser's ({ }) temporaries */
        g->nvisible = v;
        f->vtype[v] = (uint8_t)rnd(g, CT_N);
        f->init[v] = expr(g, 2);
    }
    unsigned nfl = 0, fl[3];
    if (fn == 0 && feat(g, WQ_GEN_CL_FLOAT)) {
        for (unsigned i = 0, n = 1 + rnd(g, 3); i < n; i++) {
            unsigned v = f->nvars++;
            g->nvisible = v;
            f->vtype[v] = CT_FLOAT;
            f->init[v] = fexpr(g, 2);
            fl[nfl++] = v;
        }
    }
    g->nvisible = f->nvars;
    if (feat(g, WQ_GEN_CL_STRUCT)) {
        for (unsigned i = 0, n = fn == 0 ? 1 + rnd(g, 3) : rnd(g, 2); i < n; i++) {
            unsigned t = rnd(g, g->p->nst), v = f->nsvars;
            if (!buildable(g, t)) continue;
            f->svtype[v] = (uint8_t)t;
            if (feat(g, WQ_GEN_CL_STRUCTARRAY) && chance(g, 35)) f->salen[v] = (uint8_t)(chance(g, 50) ? 2 : 4);
            f->sinit[v] = sexpr(g, t, 2);
            for (int32_t l = f->sinit[v], e = 1; e < f->salen[v]; e++) l = N(g, l)->next = sexpr(g, t, 2);
            f->nsvars++;
            g->nsvisible = f->nsvars;
        }
    }
    if (fn == 0 && feat(g, WQ_GEN_CL_VECTOR)) {
        for (unsigned i = 0, n = 1 + rnd(g, 4); i < n; i++) {
            f->vvtype[i] = (uint8_t)vtype_rand(g);
            f->vinit[i] = vexpr(g, f->vvtype[i], 2);
            f->nvv = g->nvvisible = i + 1;
        }
    }
    g->nfvvisible = 0;
    if (fn == 0 && feat(g, WQ_GEN_CL_FLOAT) && feat(g, WQ_GEN_CL_VECTOR)) {
        for (unsigned i = 0, n = 1 + rnd(g, 2); i < n; i++) {
            f->fvvtype[i] = (uint8_t)fvtype_rand(g);
            f->fvvinit[i] = fvexpr(g, f->fvvtype[i], 2);
            f->nfvv = g->nfvvisible = i + 1;
        }
    }
    g->budget = fn == 0 ? STMT_BUDGET : STMT_BUDGET / 4;
    g->calls = fn == 0 ? 4 : 1;
    sc_t s = { 0 };
    f->body = block(g, s, fn == 0 ? 6 + rnd(g, 6) : 2 + rnd(g, 3));
    if (fn == 0) {
        for (unsigned j = 0; j < g->p->k; j++) {
            int32_t x = nd(g, S_OUT, 0, 0);
            N(g, x)->v = j;
            N(g, x)->a = expr(g, 3);
            if (j < f->nvv)         /* every vector reaches the output */
                N(g, x)->a = bin(g, CO_XOR, cast(g, CT_UINT, N(g, x)->a), vfold(g, j));
            for (unsigned i = j; i < f->nfvv; i += g->p->k)  /* every float vector's components */
                for (unsigned c = 0; c < wq_cl_vn(f->fvvtype[i]); c++) {
                    int32_t fv = fvnode(g, E_FVVAR, 0, f->fvvtype[i], -1, -1, -1);
                    N(g, fv)->v = i;
                    int32_t fc = fnode(g, E_FVCOMP, 0, fv, -1, -1), fb = nd(g, E_FTOI, FT_BITS, CT_UINT);
                    N(g, fc)->v = c;
                    N(g, fb)->a = fc;
                    N(g, x)->a = bin(g, CO_XOR, cast(g, CT_UINT, N(g, x)->a), fb);
                }
            for (unsigned i = j; i < nfl; i += g->p->k) {    /* so does every float */
                int32_t fv = nd(g, E_VAR, 0, CT_FLOAT), fb = nd(g, E_FTOI, FT_BITS, CT_UINT);
                N(g, fv)->v = fl[i];
                N(g, fb)->a = fv;
                N(g, x)->a = bin(g, CO_XOR, cast(g, CT_UINT, N(g, x)->a), fb);
            }
            f->body = append(g, f->body, x);
        }
    } else {
        f->body = append(g, f->body, ret_node(g));
    }
}

/* one to two struct types: 1..3 integer members and, with pointer members
 * on, up to one each of in, out and cnt at random places */
static void gen_structs(cg_t *g)
{
    cl_prog_t *p = g->p;
    p->nst = 1 + rnd(g, CL_MAXSTRUCT);
    for (unsigned t = 0; t < p->nst; t++) {
        cl_struct_t *st = &p->st[t];
        st->nm = 1 + rnd(g, 3);
        for (unsigned i = 0; i < st->nm; i++) st->mtype[i] = (uint8_t)rnd(g, CT_N);
        if (feat(g, WQ_GEN_CL_FLOAT) && chance(g, 60)) {     /* a float member */
            unsigned at = rnd(g, st->nm + 1);
            memmove(&st->mtype[at + 1], &st->mtype[at], st->nm - at);
            st->mtype[at] = CT_FLOAT;
            st->nm++;
        }
        if (!feat(g, WQ_GEN_CL_PTRMEMBER) || !chance(g, 75)) continue;
        for (unsigned k = CM_PIN; k < CM_N; k++) {
            if (!chance(g, 50)) continue;
            unsigned at = rnd(g, st->nm + 1);
            memmove(&st->mtype[at + 1], &st->mtype[at], st->nm - at);
            st->mtype[at] = (uint8_t)k;
            st->nm++;
        }
    }
}

/* ---- printing --------------------------------------------------------------- */
typedef struct pr {
    wq_buf_t *b;
    const cl_prog_t *p;
    unsigned fn;
    const char *pre;                /* the file-scope names' prefix          */
} pr_t;

static void pvar(pr_t *o, unsigned v)
{
    const cl_func_t *f = &o->p->f[o->fn];
    if (o->fn == 0 && v == 0) wq_buf_printf(o->b, "gid");
    else wq_buf_printf(o->b, "%c%u", f->hidden[v] ? 't' : f->counter[v] ? 'i' : 'v', v);
}

static const char *const ptrname[] = {
    [CM_PIN - CT_N] = "__global const uint *", [CM_POUT - CT_N] = "__global uint *",
    [CM_PCNT - CT_N] = "__global uint *",
};

static void pexpr(pr_t *o, int32_t xi);
static void plist(pr_t *o, int32_t s, unsigned d);

/* `vN op= e` and `end` (an S_ASSIGN) */
static void passign(pr_t *o, const cl_node_t *s, const char *end)
{
    pvar(o, s->v);
    wq_buf_printf(o->b, " %s= ", opname[s->op]);
    pexpr(o, s->a);
    wq_buf_printf(o->b, "%s", end);
}
static void indent(pr_t *o, unsigned d);

/* a struct or vector expression as the operand of `.`: a var bare,
 * others in () */
static void pstruct_operand(pr_t *o, int32_t xi)
{
    if (o->p->n[xi].kind == E_SVAR || o->p->n[xi].kind == E_VVAR) { pexpr(o, xi); return; }
    wq_buf_printf(o->b, "(");
    pexpr(o, xi);
    wq_buf_printf(o->b, ")");
}

/* a brace list of a struct's members: `{ (uchar)(e), in + ..., ... }` */
static void pinit(pr_t *o, const cl_node_t *x)
{
    const cl_struct_t *st = &o->p->st[x->type];
    unsigned i = 0;
    wq_buf_printf(o->b, "{ ");
    for (int32_t a = x->a; a >= 0; a = o->p->n[a].next, i++) {
        wq_buf_printf(o->b, "%s", i ? ", " : "");
        if (st->mtype[i] == CT_FLOAT) pexpr(o, a);
        else if (st->mtype[i] < CT_N) {
            wq_buf_printf(o->b, "(%s)(", tname[st->mtype[i]]);
            pexpr(o, a);
            wq_buf_printf(o->b, ")");
        } else pexpr(o, a);
    }
    wq_buf_printf(o->b, " }");
}

/* the index of a pointer member: in `[(i) & 3u]`, out `[(uint)(i) % Ku]` */
static void pindex(pr_t *o, unsigned kind, int32_t i)
{
    wq_buf_printf(o->b, kind == CM_PIN ? "[(" : "[(uint)(");
    pexpr(o, i);
    if (kind == CM_PIN) wq_buf_printf(o->b, ") & 3u]");
    else wq_buf_printf(o->b, ") %% %uu]", o->p->k);
}

/* a type's name: `uchar`, `int4` */
static const char *vtname(unsigned t, char *buf)
{
    if (!VWI(t)) return tname[VET(t)];
    snprintf(buf, 16, "%s%u", tname[VET(t)], wq_cl_vn(t));
    return buf;
}

static void pswz(pr_t *o, const cl_node_t *x)
{
    static const char *const half[] = { [VS_LO] = "lo", [VS_HI] = "hi", [VS_EVEN] = "even", [VS_ODD] = "odd" };
    pstruct_operand(o, x->a);
    if (x->op >= VS_LO) { wq_buf_printf(o->b, ".%s", half[x->op]); return; }
    wq_buf_printf(o->b, x->op == VS_XYZW ? "." : ".s");
    for (unsigned i = 0; i < x->flag; i++) {
        unsigned k = (i < 8 ? x->v >> (4 * i) : (uint32_t)x->d >> (4 * (i - 8))) & 15u;
        wq_buf_printf(o->b, "%c", x->op == VS_XYZW ? "xyzw"[k] : "0123456789abcdef"[k]);
    }
}

/* a vload's or vstore's pointer: in, or the thread's row of out, as T * */
static void pvptr(pr_t *o, unsigned et, int store)
{
    if (!store && et == CT_UINT) { wq_buf_printf(o->b, "in"); return; }
    if (!store) { wq_buf_printf(o->b, "(__global const %s *)in", tname[et]); return; }
    if (et == CT_UINT) wq_buf_printf(o->b, "out + gid * %uu", o->p->k);
    else wq_buf_printf(o->b, "(__global %s *)(out + gid * %uu)", tname[et], o->p->k);
}

/* a float constant exactly: a hexadecimal literal `0x<significand>p<exp>f`
 * (an integer significand, so every binary32 value has one), INFINITY, NAN */
static void pfloat(wq_buf_t *b, uint32_t v)
{
    const char *sg = v >> 31 ? "-" : "";
    unsigned e = (v >> 23) & 0xFFu, m = v & 0x7FFFFFu;
    if (e == 0xFF) wq_buf_printf(b, m ? "NAN" : "(%sINFINITY)", sg);
    else if (e == 0) wq_buf_printf(b, "(%s0x%xp-149f)", sg, m);
    else wq_buf_printf(b, "(%s0x%xp%+df)", sg, m | 0x800000u, (int)e - 150);
}

static const char *const rmname[4] = { "_rte", "_rtz", "_rtn", "_rtp" };   /* WQ_RM_* order */

/* the float operations printed as a call (gen_cl.h's float nodes, their
 * vector forms alike): `OPEN NAME RM (A[, B[, C]]) CLOSE`, NAME after the
 * kernel's prefix when pre, RM the rounding mode's suffix when rm */
typedef struct fcall {
    const char *open, *name;
    unsigned    arity, pre, rm;
    const char *close;
} fcall_t;

enum { FC_NEG, FC_FABS, FC_SQRT, FC_FMIN, FC_FMAX, FC_FMA, FC_CVT, FC_CAST, FC_ASF,
       FC_BITS, FC_SINT, FC_UINT, FC_N };
_Static_assert(FC_FABS - FC_NEG == FU_FABS && FC_SQRT - FC_NEG == FU_SQRT, "fcalls' FU_* rows in FU_* order");

static const fcall_t fcalls[FC_N] = {
    [FC_NEG]  = { "(", "-",                1, 0, 0, ")" },        /* FU_* order */
    [FC_FABS] = { "(", "fabs",             1, 0, 0, ")" },
    [FC_SQRT] = { "(", "sqrt",             1, 0, 0, ")" },
    [FC_FMIN] = { "(", "fmin",             2, 0, 0, " + 0.0f)" }, /* a zero result +0 */
    [FC_FMAX] = { "(", "fmax",             2, 0, 0, " + 0.0f)" },
    [FC_FMA]  = { "",  "fma",              3, 0, 0, "" },
    [FC_CVT]  = { "(", "convert_float",    1, 0, 1, ")" },
    [FC_CAST] = { "(", "(float)",          1, 0, 0, ")" },
    [FC_ASF]  = { "",  "as_float",         1, 0, 0, "" },
    [FC_BITS] = { "",  "fb",               1, 1, 0, "" },
    [FC_SINT] = { "",  "convert_int_sat",  1, 0, 1, "" },
    [FC_UINT] = { "",  "convert_uint_sat", 1, 0, 1, "" },
};

/* x's row of fcalls and its rounding mode (WQ_RM_*) in *rm; -1: x is no call */
static int fcall_of(const cl_node_t *x, unsigned *rm)
{
    *rm = 0;
    switch (x->kind) {
    case E_FUN: case E_FVUN:   return FC_NEG + (int)x->op;
    case E_FMM: case E_FVMM:   return x->op ? FC_FMAX : FC_FMIN;
    case E_FFMA: case E_FVFMA: return FC_FMA;
    case E_FCVT:
        *rm = x->op & 3;
        return x->flag == 2 ? FC_CAST : FC_CVT;
    case E_FASF:               return FC_ASF;
    case E_FTOI:
        *rm = (x->op - FT_SINT) & 3;
        return x->op == FT_BITS ? FC_BITS : x->op < FT_UINT ? FC_SINT : FC_UINT;
    default:                   return -1;
    }
}

/* the float nodes (WQ_GEN_CL_FLOAT) */
static void pfexpr(pr_t *o, const cl_node_t *x)
{
    wq_buf_t *b = o->b;
    unsigned rm;
    int k = fcall_of(x, &rm);
    if (k >= 0) {
        const fcall_t *c = &fcalls[k];
        const int32_t args[3] = { x->a, x->b, x->c };
        wq_buf_printf(b, "%s%s%s%s(", c->open, c->pre ? o->pre : "", c->name, c->rm ? rmname[rm] : "");
        for (unsigned i = 0; i < c->arity; i++) {
            wq_buf_printf(b, "%s", i ? ", " : "");
            pexpr(o, args[i]);
        }
        wq_buf_printf(b, ")%s", c->close);
        return;
    }
    switch (x->kind) {
    case E_FBIN: case E_FCMP: case E_FVBIN:
        wq_buf_printf(b, "((");
        pexpr(o, x->a);
        wq_buf_printf(b, ") %s (", opname[x->op]);
        pexpr(o, x->b);
        wq_buf_printf(b, "))");
        break;
    default: break;
    }
}

static void pexpr(pr_t *o, int32_t xi)
{
    const cl_node_t *x = &o->p->n[xi];
    wq_buf_t *b = o->b;
    char tb[16];
    switch (x->kind) {
    case E_VVAR: wq_buf_printf(b, "w%u", x->v); break;
    case E_FBIN: case E_FCMP: case E_FUN: case E_FMM: case E_FFMA: case E_FCVT: case E_FASF: case E_FTOI:
    case E_FVBIN: case E_FVUN: case E_FVMM: case E_FVFMA:
        pfexpr(o, x);
        break;
    case E_FVVAR: wq_buf_printf(b, "x%u", x->v); break;
    case E_FVSPL:
        wq_buf_printf(b, "((float%u)(", wq_cl_vn(x->type));
        pexpr(o, x->a);
        wq_buf_printf(b, "))");
        break;
    case E_FVCOMP:
        wq_buf_printf(b, "(");
        pexpr(o, x->a);
        wq_buf_printf(b, ").s%x", x->v);
        break;
    case E_VLIT:
        wq_buf_printf(b, "((%s)(", vtname(x->type, tb));
        for (int32_t a = x->a; a >= 0; a = o->p->n[a].next) {
            pexpr(o, a);
            if (o->p->n[a].next >= 0) wq_buf_printf(b, ", ");
        }
        wq_buf_printf(b, "))");
        break;
    case E_VSWZ: pswz(o, x); break;
    case E_VCONV:
        wq_buf_printf(b, "%s_%s%s(", x->op == VC_AS ? "as" : "convert", vtname(x->type, tb),
                      x->op == VC_SAT ? "_sat" : "");
        pexpr(o, x->a);
        wq_buf_printf(b, ")");
        break;
    case E_VSEL: case E_VBI: {
        int32_t args[3] = { x->a, x->b, x->c };
        wq_buf_printf(b, "%s(", x->kind == E_VSEL ? "select" : biname[x->op]);
        for (int i = 0; i < 3 && args[i] >= 0; i++) {
            wq_buf_printf(b, "%s", i ? ", " : "");
            pexpr(o, args[i]);
        }
        wq_buf_printf(b, ")");
        break;
    }
    case E_VLOAD: {
        unsigned n = wq_cl_vn(x->type), span = n * wq_cl_bits(VET(x->type)) / 8;
        wq_buf_printf(b, "vload%u((uint)(", n);
        pexpr(o, x->a);
        wq_buf_printf(b, ") %% %uu, ", o->p->threads * 4u / span);
        pvptr(o, VET(x->type), 0);
        wq_buf_printf(b, ")");
        break;
    }
    case E_VRED:
        wq_buf_printf(b, "%s(", x->op ? "all" : "any");
        pexpr(o, x->a);
        wq_buf_printf(b, ")");
        break;
    case E_CONST:
        if (x->type == CT_FLOAT) pfloat(b, x->v);
        else if (x->type == CT_UINT) wq_buf_printf(b, "0x%xu", x->v);
        else if (x->type == CT_INT) {
            int32_t v = (int32_t)x->v;
            if (v == INT32_MIN) wq_buf_printf(b, "(-2147483647 - 1)");
            else if (v < 0) wq_buf_printf(b, "(%d)", v);
            else wq_buf_printf(b, "%d", v);
        } else wq_buf_printf(b, "((%s)%d)", tname[x->type], (int32_t)x->v);
        break;
    case E_VAR: pvar(o, x->v); break;
    case E_IN:
        if (x->v) wq_buf_printf(b, "in[(gid + %uu) %% %uu]", x->v, o->p->threads);
        else wq_buf_printf(b, "in[gid]");
        break;
    case E_UN: case E_VUN:          /* a vector's type is never CT_INT */
        if (x->op == CO_NEG && x->type == CT_INT) {
            wq_buf_printf(b, "((int)(0u - (uint)(");
            pexpr(o, x->a);
            wq_buf_printf(b, ")))");
        } else {
            wq_buf_printf(b, "(%s(", opname[x->op]);
            pexpr(o, x->a);
            wq_buf_printf(b, "))");
        }
        break;
    case E_BIN: case E_VBIN:
        if (x->type == CT_INT && (x->op == CO_ADD || x->op == CO_SUB || x->op == CO_MUL)) {
            wq_buf_printf(b, "((int)((uint)(");
            pexpr(o, x->a);
            wq_buf_printf(b, ") %s (uint)(", opname[x->op]);
            pexpr(o, x->b);
            wq_buf_printf(b, ")))");
        } else {
            wq_buf_printf(b, "((");
            pexpr(o, x->a);
            wq_buf_printf(b, ") %s (", opname[x->op]);
            pexpr(o, x->b);
            wq_buf_printf(b, "))");
        }
        break;
    case E_LAND: case E_LOR:
        wq_buf_printf(b, "((");
        pexpr(o, x->a);
        wq_buf_printf(b, ") %s (", x->kind == E_LAND ? "&&" : "||");
        pexpr(o, x->b);
        wq_buf_printf(b, "))");
        break;
    case E_COND: case E_SCOND:
        wq_buf_printf(b, "((");
        pexpr(o, x->a);
        wq_buf_printf(b, ") ? (");
        pexpr(o, x->b);
        wq_buf_printf(b, ") : (");
        pexpr(o, x->c);
        wq_buf_printf(b, "))");
        break;
    case E_CAST:
        wq_buf_printf(b, "((%s)(", tname[x->type]);
        pexpr(o, x->a);
        wq_buf_printf(b, "))");
        break;
    case E_SVAR:
        wq_buf_printf(b, "s%u", x->v);
        if (x->b >= 0) {
            wq_buf_printf(b, "[(");
            pexpr(o, x->b);
            wq_buf_printf(b, ") & %uu]", o->p->f[o->fn].salen[x->v] - 1u);
        }
        break;
    case E_SLIT:
        wq_buf_printf(b, "(struct %ss%u)", o->pre, x->type);
        pinit(o, x);
        break;
    case E_MEMBER:
        pstruct_operand(o, x->a);
        wq_buf_printf(b, ".m%u", x->flag);
        break;
    case E_PDEREF:
        pstruct_operand(o, x->a);
        wq_buf_printf(b, ".m%u", x->flag);
        pindex(o, o->p->st[o->p->n[x->a].type].mtype[x->flag], x->b);
        break;
    case E_PTR:
        if (x->b >= 0) {
            pstruct_operand(o, x->b);
            wq_buf_printf(b, ".m%u", x->flag);
        } else if (x->op == CM_PIN) {
            wq_buf_printf(b, "in + (uint)(");
            pexpr(o, x->a);
            wq_buf_printf(b, ") %% %uu", wq_cl_in_span(o->p));
        } else if (x->op == CM_POUT) {
            wq_buf_printf(b, "out + gid * %uu", o->p->k);
        } else {
            wq_buf_printf(b, "cnt");
        }
        break;
    case E_SEXPR:
        wq_buf_printf(b, "({ %s ", tname[x->type]);
        pvar(o, x->v);
        wq_buf_printf(b, " = ");
        pexpr(o, x->a);
        wq_buf_printf(b, "; ");
        for (int32_t s = x->b; s >= 0; s = o->p->n[s].next) {
            const cl_node_t *sn = &o->p->n[s];
            if (sn->kind != S_IF) {
                passign(o, sn, "; ");
                continue;
            }
            wq_buf_printf(b, "if (");
            pexpr(o, sn->a);
            wq_buf_printf(b, ") ");
            passign(o, &o->p->n[sn->b], "; ");
            if (sn->c >= 0) {
                wq_buf_printf(b, "else ");
                passign(o, &o->p->n[sn->c], "; ");
            }
        }
        pvar(o, x->v);
        wq_buf_printf(b, "; })");
        break;
    case E_CALL:
        wq_buf_printf(b, "%sf%u(cnt, cmin", o->pre, x->v);
        for (int32_t a = x->a; a >= 0; a = o->p->n[a].next) {
            wq_buf_printf(b, ", ");
            pexpr(o, a);
        }
        wq_buf_printf(b, ")");
        break;
    case E_BUILTIN: {
        int32_t args[3] = { x->a, x->b, x->c };
        wq_buf_printf(b, "%s(", biname[x->op]);
        for (int i = 0; i < 3 && args[i] >= 0; i++) {
            wq_buf_printf(b, "%s(%s)(", i ? ", " : "", tname[x->flag]);
            pexpr(o, args[i]);
            wq_buf_printf(b, ")");
        }
        wq_buf_printf(b, ")");
        break;
    }
    case E_ASSIGN:
        wq_buf_printf(b, "(");
        pvar(o, x->v);
        wq_buf_printf(b, " %s= (", opname[x->op]);
        pexpr(o, x->a);
        wq_buf_printf(b, "))");
        break;
    }
}

static void indent(pr_t *o, unsigned d) { wq_buf_printf(o->b, "%*s", (int)(4 * d), ""); }

static void pblock(pr_t *o, int32_t s, unsigned d)
{
    wq_buf_printf(o->b, "{\n");
    plist(o, s, d + 1);
    indent(o, d);
    wq_buf_printf(o->b, "}");
}

static const char *const atom_fn[] = { "atomic_add", "atomic_xor", "atomic_max", "atomic_min" };

static void pstmt(pr_t *o, int32_t si, unsigned d)
{
    const cl_node_t *s = &o->p->n[si];
    wq_buf_t *b = o->b;
    indent(o, d);
    switch (s->kind) {
    case S_ASSIGN: case S_FASSIGN: passign(o, s, ";\n"); break;
    case S_FVASSIGN:
        wq_buf_printf(b, "x%u %s= ", s->v, opname[s->op]);
        pexpr(o, s->a);
        wq_buf_printf(b, ";\n");
        break;
    case S_OUT:
        wq_buf_printf(b, "out[gid * %uu + %uu] = ", o->p->k, s->v);
        pexpr(o, s->a);
        wq_buf_printf(b, ";\n");
        break;
    case S_IF:
        wq_buf_printf(b, "if (");
        pexpr(o, s->a);
        wq_buf_printf(b, ") ");
        pblock(o, s->b, d);
        if (s->c >= 0) {
            wq_buf_printf(b, " else ");
            pblock(o, s->c, d);
        }
        wq_buf_printf(b, "\n");
        break;
    case S_FOR:
        wq_buf_printf(b, "for (i%u = 0; i%u < ", s->v, s->v);
        pexpr(o, s->a);
        wq_buf_printf(b, "; i%u++) ", s->v);
        pblock(o, s->b, d);
        wq_buf_printf(b, "\n");
        break;
    case S_WHILE: case S_DO:
        wq_buf_printf(b, "i%u = 0;\n", s->v);
        indent(o, d);
        if (s->kind == S_WHILE) {
            wq_buf_printf(b, "while (i%u < ", s->v);
            pexpr(o, s->a);
            wq_buf_printf(b, ") {\n");
        } else {
            wq_buf_printf(b, "do {\n");
        }
        indent(o, d + 1);
        wq_buf_printf(b, "i%u++;\n", s->v);
        plist(o, s->b, d + 1);
        indent(o, d);
        if (s->kind == S_WHILE) wq_buf_printf(b, "}\n");
        else {
            wq_buf_printf(b, "} while (i%u < ", s->v);
            pexpr(o, s->a);
            wq_buf_printf(b, ");\n");
        }
        break;
    case S_BREAK: wq_buf_printf(b, "break;\n"); break;
    case S_CONT: wq_buf_printf(b, "continue;\n"); break;
    case S_SWITCH:
        wq_buf_printf(b, "switch (");
        pexpr(o, s->a);
        wq_buf_printf(b, ") {\n");
        for (int32_t c = s->b; c >= 0; c = o->p->n[c].next) {
            const cl_node_t *cn = &o->p->n[c];
            indent(o, d);
            if (cn->op) wq_buf_printf(b, "default: ");
            else wq_buf_printf(b, "case %u: ", cn->v);
            pblock(o, cn->a, d);
            wq_buf_printf(b, "%s\n", cn->flag ? " break;" : "  /* fall through */");
        }
        indent(o, d);
        wq_buf_printf(b, "}\n");
        break;
    case S_RET:
        wq_buf_printf(b, "return");
        if (s->a >= 0) {
            wq_buf_printf(b, " ");
            pexpr(o, s->a);
        }
        wq_buf_printf(b, ";\n");
        break;
    case S_ATOM:
        wq_buf_printf(b, "%s(&", atom_fn[s->op]);
        if (s->b >= 0) {
            pstruct_operand(o, s->b);
            wq_buf_printf(b, ".m%u[%u], (uint)(", s->flag, s->v);
        } else {
            wq_buf_printf(b, "%s[%u], (uint)(", s->op == AT_MIN ? "cmin" : "cnt", s->v);
        }
        pexpr(o, s->a);
        wq_buf_printf(b, "));\n");
        break;
    case S_MASSIGN:
        pexpr(o, s->c);
        wq_buf_printf(b, ".m%u %s= ", s->flag, opname[s->op]);
        pexpr(o, s->a);
        wq_buf_printf(b, ";\n");
        break;
    case S_SCOPY: case S_VSWSET:    /* `S = e`, `wV.sel = e` */
        pexpr(o, s->c);
        wq_buf_printf(b, " = ");
        pexpr(o, s->a);
        wq_buf_printf(b, ";\n");
        break;
    case S_PSTORE:
        pexpr(o, s->c);
        wq_buf_printf(b, ".m%u", s->flag);
        pindex(o, CM_POUT, s->b);
        wq_buf_printf(b, " = ");
        pexpr(o, s->a);
        wq_buf_printf(b, ";\n");
        break;
    case S_VASSIGN:
        wq_buf_printf(b, "w%u %s= ", s->v, opname[s->op]);
        pexpr(o, s->a);
        wq_buf_printf(b, ";\n");
        break;
    case S_VSTORE: {
        unsigned t = o->p->n[s->a].type, n = wq_cl_vn(t), span = n * wq_cl_bits(VET(t)) / 8;
        wq_buf_printf(b, "vstore%u(", n);
        pexpr(o, s->a);
        wq_buf_printf(b, ", (uint)(");
        pexpr(o, s->b);
        wq_buf_printf(b, ") %% %uu, ", o->p->k * 4u / span);
        pvptr(o, VET(t), 1);
        wq_buf_printf(b, ");\n");
        break;
    }
    case S_GOTO:
        wq_buf_printf(b, "if (");
        pexpr(o, s->a);
        wq_buf_printf(b, ") goto L%u;\n", s->type);
        break;
    case S_LBLOCK:
        pblock(o, s->b, d);
        wq_buf_printf(b, "\n");
        indent(o, d);
        wq_buf_printf(b, "L%u: ;\n", s->type);
        break;
    case S_GLOOP: case S_IRR:
        wq_buf_printf(b, "i%u = 0;\n", s->v);
        if (s->kind == S_IRR) {
            indent(o, d);
            wq_buf_printf(b, "if (");
            pexpr(o, s->a);
            wq_buf_printf(b, ") goto L%u;\n", s->type + 1u);
        }
        indent(o, d);
        wq_buf_printf(b, "L%u:\n", s->type);
        indent(o, d);
        wq_buf_printf(b, "i%u++;\n", s->v);
        plist(o, s->b, d);
        if (s->kind == S_IRR) {
            indent(o, d);
            wq_buf_printf(b, "L%u: ;\n", s->type + 1u);
            plist(o, s->c, d);
        }
        indent(o, d);
        wq_buf_printf(b, "if (");
        pexpr(o, s->kind == S_IRR ? s->d : s->a);
        wq_buf_printf(b, ") goto L%u;\n", s->type);
        break;
    case S_GINTO: {
        const cl_node_t *t = &o->p->n[s->c];
        wq_buf_printf(b, "if (");
        pexpr(o, s->a);
        wq_buf_printf(b, ") goto L%u;\n", s->type);
        plist(o, s->b, d);
        indent(o, d);
        wq_buf_printf(b, "if (");
        pexpr(o, t->a);
        wq_buf_printf(b, ") {\n");
        plist(o, t->b, d + 1);
        indent(o, d);
        wq_buf_printf(b, "L%u: ;\n", s->type);
        plist(o, t->c, d + 1);
        indent(o, d);
        wq_buf_printf(b, "}\n");
        break;
    }
    case S_YIELD: wq_buf_printf(b, "yield();\n"); break;
    case S_EXPR:
        pexpr(o, s->a);
        wq_buf_printf(b, ";\n");
        break;
    }
}

static void plist(pr_t *o, int32_t s, unsigned d)
{
    for (; s >= 0; s = o->p->n[s].next) pstmt(o, s, d);
}

static void pfunc(pr_t *o, unsigned fn)
{
    const cl_func_t *f = &o->p->f[fn];
    wq_buf_t *b = o->b;
    o->fn = fn;
    if (fn == 0) {
        wq_buf_printf(b, "__kernel void %sclgen(__global const uint *in, __global uint *out,\n"
                         "                    __global uint *cnt, __global uint *cmin)\n{\n"
                         "    uint gid = get_global_id(0);\n", o->pre);
    } else {
        char rt[16 + WQ_GEN_CL_PREFIX_MAX];
        if (f->sret) snprintf(rt, sizeof rt, "struct %ss%u", o->pre, f->sret - 1u);
        wq_buf_printf(b, "static %s %s %sf%u(__global uint *cnt, __global uint *cmin",
                      f->noinline ? "__attribute__((noinline))" : "inline",
                      f->sret ? rt : f->ret == CT_FLOAT ? "float" : tname[f->ret], o->pre, fn);
        for (unsigned i = 0; i < f->nparams; i++)
            wq_buf_printf(b, ", %s v%u", f->vtype[i] == CT_FLOAT ? "float" : tname[f->vtype[i]], i);
        for (unsigned i = 0; i < f->nsparams; i++) wq_buf_printf(b, ", struct %ss%u s%u", o->pre, f->svtype[i], i);
        wq_buf_printf(b, ")\n{\n");
    }
    for (unsigned v = f->nparams; v < f->nvars; v++) {
        if ((fn == 0 && v == 0) || f->hidden[v]) continue;
        wq_buf_printf(b, "    %s ", f->vtype[v] == CT_FLOAT ? "float" : tname[f->vtype[v]]);
        pvar(o, v);
        wq_buf_printf(b, " = ");
        if (f->init[v] >= 0) pexpr(o, f->init[v]);
        else wq_buf_printf(b, "0");
        wq_buf_printf(b, ";\n");
    }
    for (unsigned v = f->nsparams; v < f->nsvars; v++) {
        const cl_node_t *x = &o->p->n[f->sinit[v]];
        if (f->salen[v]) {          /* an array: declared, then each element assigned */
            wq_buf_printf(b, "    struct %ss%u s%u[%u];\n", o->pre, f->svtype[v], v, f->salen[v]);
            for (int32_t e = f->sinit[v], i = 0; e >= 0; e = o->p->n[e].next, i++) {
                wq_buf_printf(b, "    s%u[%d] = ", v, i);
                pexpr(o, e);
                wq_buf_printf(b, ";\n");
            }
            continue;
        }
        wq_buf_printf(b, "    struct %ss%u s%u = ", o->pre, f->svtype[v], v);
        if (x->kind == E_SLIT) pinit(o, x);
        else pexpr(o, f->sinit[v]);
        wq_buf_printf(b, ";\n");
    }
    for (unsigned v = 0; v < f->nvv; v++) {
        char tb[16];
        wq_buf_printf(b, "    %s w%u = ", vtname(f->vvtype[v], tb), v);
        pexpr(o, f->vinit[v]);
        wq_buf_printf(b, ";\n");
    }
    for (unsigned v = 0; v < f->nfvv; v++) {
        wq_buf_printf(b, "    float%u x%u = ", wq_cl_vn(f->fvvtype[v]), v);
        pexpr(o, f->fvvinit[v]);
        wq_buf_printf(b, ";\n");
    }
    plist(o, f->body, 1);
    wq_buf_printf(b, "}\n\n");
}

static void expect_lines(wq_buf_t *b, unsigned arg, const uint32_t *v, unsigned n)
{
    for (unsigned i = 0; i < n; i += 12) {
        wq_buf_printf(b, "//@ expect_seq %u %u", arg, i);
        for (unsigned j = i; j < n && j < i + 12; j++) wq_buf_printf(b, " 0x%x", v[j]);
        wq_buf_printf(b, "\n");
    }
}

static void pstructs(wq_buf_t *b, const cl_prog_t *p, const char *pre)
{
    for (unsigned t = 0; t < p->nst; t++) {
        const cl_struct_t *st = &p->st[t];
        wq_buf_printf(b, "struct %ss%u {\n", pre, t);
        for (unsigned i = 0; i < st->nm; i++) {
            if (st->mtype[i] == CT_FLOAT) wq_buf_printf(b, "    float m%u;\n", i);
            else if (st->mtype[i] < CT_N) wq_buf_printf(b, "    %s m%u;\n", tname[st->mtype[i]], i);
            else wq_buf_printf(b, "    %sm%u;\n", ptrname[st->mtype[i] - CT_N], i);
        }
        wq_buf_printf(b, "};\n\n");
    }
}

int wq_gen_cl(uint64_t seed, const wq_gen_cl_opts_t *opts, char **text, char *err, size_t errlen)
{
    *text = NULL;
    wq_gen_cl_opts_t def;
    if (!opts) {
        wq_gen_cl_opts_default(&def);
        opts = &def;
    }
    unsigned fe = opts->features;
    if (fe & ~WQ_GEN_CL_F_ALL) {
        wq_gen_seterr(err, errlen, "feature '%s' is not generated yet",
                      wq_gen_cl_feature_name((unsigned)__builtin_ctz(fe & ~WQ_GEN_CL_F_ALL)));
        return WQ_GEN_EOPTS;
    }
    if ((fe & ((1u << WQ_GEN_CL_PTRMEMBER) | (1u << WQ_GEN_CL_STRUCTARRAY))) && !(fe >> WQ_GEN_CL_STRUCT & 1u)) {
        wq_gen_seterr(err, errlen, "features 'ptrmember' and 'structarray' need 'struct'");
        return WQ_GEN_EOPTS;
    }
    const char *pre = opts->prefix ? opts->prefix : "";
    if (strlen(pre) > WQ_GEN_CL_PREFIX_MAX || (pre[0] >= '0' && pre[0] <= '9') ||
        strspn(pre, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != strlen(pre)) {
        wq_gen_seterr(err, errlen, "prefix '%.40s' is not an identifier of at most %d characters", pre,
                      WQ_GEN_CL_PREFIX_MAX);
        return WQ_GEN_EOPTS;
    }
    cl_prog_t p;
    memset(&p, 0, sizeof p);
    p.cap = NODE_CAP;
    p.n = calloc(p.cap, sizeof *p.n);
    if (!p.n) { wq_gen_seterr(err, errlen, "out of memory"); return WQ_GEN_ENOMEM; }
    cg_t g;
    memset(&g, 0, sizeof g);
    wq_rng_init(&g.rng, seed ^ 0xC1C1C1C1C1C1C1C1ull);
    g.p = &p;
    p.features = fe;
    static const unsigned locals[] = { 8, 16, 32, 64 };
    p.local = locals[rnd(&g, 4)];
    p.threads = p.local * (1 + rnd(&g, 128 / p.local));
    p.k = 3 + rnd(&g, 6);
    p.in_seed = 1 + rnd(&g, 0x7FFFFFFF);
    p.nf = 1 + rnd(&g, 4);
    /* float: contraction on (a * b + c is one fma, clang's -ffp-contract=on)
     * for half the seeds, off by the pragma for the rest */
    if (feat(&g, WQ_GEN_CL_FLOAT)) p.contract = (unsigned)chance(&g, 50);
    if (feat(&g, WQ_GEN_CL_STRUCT)) gen_structs(&g);
    /* helpers from the last (calls nothing) to the first, then the kernel */
    for (unsigned fn = p.nf; fn-- > 0;) gen_func(&g, fn);
    if (g.full) {
        free(p.n);
        wq_gen_seterr(err, errlen, "seed %llu: the kernel outgrew %u nodes", (unsigned long long)seed, NODE_CAP);
        return WQ_GEN_EASM;
    }
    cl_result_t r;
    if (wq_cl_eval(&p, &r, err, errlen)) { free(p.n); return WQ_GEN_EASM; }

    wq_buf_t b = { 0 };
    unsigned nout = p.threads * p.k;
    wq_buf_printf(&b, "// wq gen cl --seed %llu", (unsigned long long)seed);
    if (fe != WQ_GEN_CL_F_DEFAULT) {
        wq_buf_printf(&b, " --features ");
        if (!fe) wq_buf_printf(&b, "base");
        for (unsigned i = 0, first = 1; i < WQ_GEN_CL_NFEATURES; i++)
            if (fe >> i & 1u) {
                wq_buf_printf(&b, "%s%s", first ? "" : ",", wq_gen_cl_feature_name(i));
                first = 0;
            }
    }
    if (pre[0]) wq_buf_printf(&b, " --prefix %s", pre);
    wq_buf_printf(&b, ": a random OpenCL C kernel (docs/model/gen.md);\n"
                      "// the //@ lines are its launch and the generator's expected outputs\n");
    /* a prefixed kernel shares a program with others (scripts/clgen.sh's
     * batches): it names its kernel */
    if (pre[0]) wq_buf_printf(&b, "//@ kernel %sclgen\n", pre);
    wq_buf_printf(&b, "//@ global %u\n//@ local %u\n", p.threads, p.local);
    wq_buf_printf(&b, "//@ buf u32 %u rand32 %u\n", p.threads, p.in_seed);
    wq_buf_printf(&b, "//@ buf u32 %u zero\n", nout);
    wq_buf_printf(&b, "//@ buf u32 %u zero\n", WQ_CL_NCNT);
    wq_buf_printf(&b, "//@ buf u32 %u const 0xffffffff\n", WQ_CL_NCMIN);
    wq_buf_printf(&b, "//@ per_thread 1 %u\n", p.k);
    expect_lines(&b, 1, r.out, nout);
    expect_lines(&b, 2, r.cnt, WQ_CL_NCNT);
    expect_lines(&b, 3, r.cmin, WQ_CL_NCMIN);
    if (fe >> WQ_GEN_CL_FLOAT & 1u) wq_buf_printf(&b, "//@ fp\n");
    wq_buf_printf(&b, "\n#ifndef __warpq__\n#define yield()  /* a warpq extension */\n#endif\n\n");
    if (fe >> WQ_GEN_CL_FLOAT & 1u) {
        /* the pragma holds to the end of the program: a prefixed kernel,
         * which may follow another's OFF, says ON too */
        if (!p.contract) wq_buf_printf(&b, "#pragma OPENCL FP_CONTRACT OFF\n\n");
        else if (pre[0]) wq_buf_printf(&b, "#pragma OPENCL FP_CONTRACT ON\n\n");
        wq_buf_printf(&b, "/* a float's bits, every NaN as the canonical one */\n"
                          "static inline uint %sfb(float x) { return isnan(x) ? 0x7fc00000u : as_uint(x); }\n\n", pre);
    }
    pstructs(&b, &p, pre);
    pr_t o = { &b, &p, 0, pre };
    for (unsigned fn = p.nf; fn-- > 0;) pfunc(&o, fn);
    free(r.out);
    free(p.n);
    if (b.oom) {
        wq_buf_free(&b);
        wq_gen_seterr(err, errlen, "out of memory");
        return WQ_GEN_ENOMEM;
    }
    *text = b.p;
    return WQ_GEN_OK;
}
