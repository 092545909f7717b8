/* gen_cl_eval.c -- the oracle of the OpenCL C kernel generator: runs the
 * generated AST (gen_cl.h) for every thread, one after the other, with
 * OpenCL C's integer semantics -- integer promotions and the usual
 * arithmetic conversions, wrap-around of unsigned arithmetic, conversions
 * that keep the low bits (two's complement), shift counts masked to the
 * promoted left operand's width, division rounding toward zero, and the
 * integer builtins' definitions (OpenCL 1.2 §6.12.3).  The generator never
 * writes a signed overflow, a zero divisor or INT_MIN / -1, so no undefined
 * case is ever evaluated.  Threads run independently: the only shared
 * state, the counter buffers, is updated by order-independent atomics.
 * A struct value is one word per member: an integer member's value, or a
 * pointer member's word offset into the buffer its kind names (in, the
 * thread's own row of out, cnt); it is copied whole by assignment and by
 * passing and returning it, so a callee's changes stay its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gen_cl.h"
#include "gen_int.h"
#include "wq/fp32.h"
#include "wq/defs.h"

#define STEP_LIMIT 2000000u         /* per thread; the generator's loops are bounded far below */

enum { SIG_NONE, SIG_BREAK, SIG_CONT, SIG_RET, SIG_GOTO };

typedef struct ev {
    const cl_prog_t *p;
    cl_result_t *r;
    const uint32_t *in;
    uint32_t gid;
    unsigned steps;
    int over;                       /* the step budget ran out */
    unsigned label;                 /* SIG_GOTO's target label */
} ev_t;

typedef struct frame {
    unsigned fn;
    uint32_t v[CL_MAXVARS];
    uint32_t sv[CL_MAXSVARS][CL_MAXELEM][CL_MAXMEMB];   /* element 0 unless an array */
    uint32_t ret, sret[CL_MAXMEMB];
    uint32_t vv[CL_MAXVV][16];      /* vector locals, one word per component */
    uint32_t fvv[CL_MAXFVV][16];    /* float vector locals                  */
} frame_t;

int wq_cl_signed(unsigned t) { return t == CT_CHAR || t == CT_SHORT || t == CT_INT; }

unsigned wq_cl_bits(unsigned t) { return t <= CT_UCHAR ? 8 : t <= CT_USHORT ? 16 : 32; }

unsigned wq_cl_signed_of(unsigned t) { return wq_cl_signed(t) ? t : t - 1; }

uint32_t wq_cl_norm(uint32_t v, unsigned t)
{
    switch (t) {
    case CT_CHAR:   return (uint32_t)(int32_t)(int8_t)(v & 0xFF);
    case CT_UCHAR:  return v & 0xFF;
    case CT_SHORT:  return (uint32_t)(int32_t)(int16_t)(v & 0xFFFF);
    case CT_USHORT: return v & 0xFFFF;
    default:        return v;
    }
}

unsigned wq_cl_promote(unsigned t) { return t == CT_UINT ? CT_UINT : CT_INT; }

unsigned wq_cl_arith(unsigned t1, unsigned t2)
{
    return wq_cl_promote(t1) == CT_UINT || wq_cl_promote(t2) == CT_UINT ? CT_UINT : CT_INT;
}

void wq_cl_input(uint32_t seed, uint32_t *in, unsigned n)
{
    uint32_t s = seed;
    for (unsigned i = 0; i < n; i++) {
        s = s * 1664525u + 1013904223u;
        in[i] = (s >> 8) << 8;
        s = s * 1664525u + 1013904223u;
        in[i] ^= s >> 8;
    }
}

static int64_t sval(uint32_t v, unsigned t) { return wq_cl_signed(t) ? (int64_t)(int32_t)v : (int64_t)v; }

static int64_t tmin(unsigned t) { return wq_cl_signed(t) ? -((int64_t)1 << (wq_cl_bits(t) - 1)) : 0; }
static int64_t tmax(unsigned t)
{
    unsigned b = wq_cl_bits(t);
    return wq_cl_signed(t) ? ((int64_t)1 << (b - 1)) - 1 : ((int64_t)1 << b) - 1;
}

static uint32_t eval(ev_t *e, frame_t *fr, int32_t x);
static int exec_list(ev_t *e, frame_t *fr, int32_t s);
static void seval(ev_t *e, frame_t *fr, int32_t xi, uint32_t *out);
static void veval(ev_t *e, frame_t *fr, int32_t xi, uint32_t *out);
static void fveval(ev_t *e, frame_t *fr, int32_t xi, uint32_t *out);

static uint32_t binop(unsigned op, uint32_t a, uint32_t b, unsigned ta, unsigned tb, unsigned t)
{
    /* a, b: values normalised to ta, tb; converted to the node's type t
     * (the arithmetic type; for comparisons the operands' common type) */
    switch (op) {
    case CO_SHL: return a << (b & 31);
    case CO_SHR: return ta == CT_INT ? (uint32_t)((int32_t)a >> (b & 31)) : a >> (b & 31);
    default: break;
    }
    unsigned ct = (op >= CO_LT && op <= CO_NE) ? wq_cl_arith(ta, tb) : t;
    int sg = wq_cl_signed(ct);
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    switch (op) {
    case CO_ADD: return a + b;
    case CO_SUB: return a - b;
    case CO_MUL: return a * b;
    case CO_DIV: return sg ? (uint32_t)(sa / sb) : a / b;
    case CO_MOD: return sg ? (uint32_t)(sa % sb) : a % b;
    case CO_AND: return a & b;
    case CO_OR:  return a | b;
    case CO_XOR: return a ^ b;
    case CO_LT:  return sg ? sa < sb : a < b;
    case CO_LE:  return sg ? sa <= sb : a <= b;
    case CO_GT:  return sg ? sa > sb : a > b;
    case CO_GE:  return sg ? sa >= sb : a >= b;
    case CO_EQ:  return a == b;
    case CO_NE:  return a != b;
    default:     return 0;
    }
}

static uint32_t clz_n(uint32_t v, unsigned bits)
{
    unsigned n = 0;
    for (int i = (int)bits - 1; i >= 0 && !((v >> i) & 1); i--) n++;
    return n;
}

static uint32_t builtin(unsigned f, unsigned t, const uint32_t *a)
{
    unsigned bits = wq_cl_bits(t);
    uint32_t mask = bits == 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
    int64_t x = sval(a[0], t), y = sval(a[1], t), z = sval(a[2], t);
    int64_t r;
    switch (f) {
    case BI_MIN: r = x < y ? x : y; break;
    case BI_MAX: r = x > y ? x : y; break;
    case BI_ABS: return (uint32_t)(x < 0 ? -x : x);             /* the unsigned type */
    case BI_ABS_DIFF: return (uint32_t)(x > y ? x - y : y - x);
    case BI_CLAMP: r = x < y ? y : x > z ? z : x; break;
    case BI_ROTATE: {
        uint32_t v = a[0] & mask, s = a[1] & (bits - 1);
        r = s ? (int64_t)(((v << s) | (v >> (bits - s))) & mask) : (int64_t)v;
        break;
    }
    case BI_POPCOUNT: r = __builtin_popcount(a[0] & mask); break;
    case BI_CLZ: r = clz_n(a[0] & mask, bits); break;
    case BI_MUL_HI:                 /* the product in 64 bits, then its high half */
        r = wq_cl_signed(t) ? (x * y) >> bits
                            : (int64_t)(((uint64_t)x * (uint64_t)y) >> bits);
        break;
    case BI_ADD_SAT: r = x + y; r = r < tmin(t) ? tmin(t) : r > tmax(t) ? tmax(t) : r; break;
    case BI_SUB_SAT: r = x - y; r = r < tmin(t) ? tmin(t) : r > tmax(t) ? tmax(t) : r; break;
    case BI_HADD: r = (x + y) >> 1; break;
    case BI_RHADD: r = (x + y + 1) >> 1; break;
    default: r = 0;
    }
    return wq_cl_norm((uint32_t)r, t);
}

static void atomic(ev_t *e, unsigned op, unsigned w, uint32_t v)
{
    uint32_t *c = op == AT_MIN ? &e->r->cmin[w % WQ_CL_NCMIN] : &e->r->cnt[w % WQ_CL_NCNT];
    switch (op) {
    case AT_ADD: *c += v; break;
    case AT_XOR: *c ^= v; break;
    case AT_MAX: if (v > *c) *c = v; break;
    case AT_MIN: if (v < *c) *c = v; break;
    }
}

/* a function's locals, scalar then struct, in declaration order */
static void init_locals(ev_t *e, frame_t *fr, const cl_func_t *f, unsigned first)
{
    for (unsigned i = first; i < f->nvars; i++)
        fr->v[i] = f->init[i] >= 0 ? wq_cl_norm(eval(e, fr, f->init[i]), f->vtype[i]) : 0;
    for (unsigned i = f->nsparams; i < f->nsvars; i++) {
        unsigned el = 0;
        for (int32_t x = f->sinit[i]; x >= 0; x = e->p->n[x].next) seval(e, fr, x, fr->sv[i][el++]);
    }
    for (unsigned i = 0; i < f->nvv; i++) veval(e, fr, f->vinit[i], fr->vv[i]);
    for (unsigned i = 0; i < f->nfvv; i++) fveval(e, fr, f->fvvinit[i], fr->fvv[i]);
}

/* the object an E_SVAR names: a struct var, or an array's element */
static uint32_t *sobj(ev_t *e, frame_t *fr, int32_t xi)
{
    const cl_node_t *x = &e->p->n[xi];
    unsigned el = x->b >= 0 ? eval(e, fr, x->b) & (e->p->f[fr->fn].salen[x->v] - 1u) : 0;
    return fr->sv[x->v][el];
}

/* a call: the scalar result, or (sout) the struct result */
static uint32_t call(ev_t *e, frame_t *fr, const cl_node_t *x, uint32_t *sout)
{
    const cl_func_t *f = &e->p->f[x->v];
    frame_t nf;
    memset(&nf, 0, sizeof nf);
    nf.fn = x->v;
    unsigned i = 0;
    for (int32_t a = x->a; a >= 0 && i < f->nparams + f->nsparams; a = e->p->n[a].next, i++) {
        if (i < f->nparams) nf.v[i] = wq_cl_norm(eval(e, fr, a), f->vtype[i]);
        else seval(e, fr, a, nf.sv[i - f->nparams][0]);
    }
    init_locals(e, &nf, f, f->nparams);
    exec_list(e, &nf, f->body);
    if (sout) memcpy(sout, nf.sret, sizeof nf.sret);
    return wq_cl_norm(nf.ret, f->ret);
}

/* a pointer member's value (E_PTR): its word offset */
static uint32_t ptrval(ev_t *e, frame_t *fr, const cl_node_t *x)
{
    if (x->b >= 0) {
        uint32_t sv[CL_MAXMEMB];
        seval(e, fr, x->b, sv);
        return sv[x->flag];
    }
    switch (x->op) {
    case CM_PIN:  return eval(e, fr, x->a) % wq_cl_in_span(e->p);
    case CM_POUT: return e->gid * e->p->k;
    default:      return 0;
    }
}

/* a struct expression's value into out[0 .. members-1] */
static void seval(ev_t *e, frame_t *fr, int32_t xi, uint32_t *out)
{
    const cl_node_t *x = &e->p->n[xi];
    uint32_t tmp[CL_MAXMEMB];
    if (++e->steps > STEP_LIMIT) e->over = 1;
    switch (x->kind) {
    case E_SVAR: memcpy(out, sobj(e, fr, xi), sizeof tmp); break;
    case E_SCOND: seval(e, fr, eval(e, fr, x->a) ? x->b : x->c, out); break;
    case E_CALL: call(e, fr, x, out); break;
    case E_SLIT: {
        const cl_struct_t *st = &e->p->st[x->type];
        unsigned i = 0;
        memset(tmp, 0, sizeof tmp);
        for (int32_t a = x->a; a >= 0; a = e->p->n[a].next, i++)
            tmp[i] = st->mtype[i] < CT_N || st->mtype[i] == CT_FLOAT ? wq_cl_norm(eval(e, fr, a), st->mtype[i])
                                         : ptrval(e, fr, &e->p->n[a]);
        memcpy(out, tmp, sizeof tmp);
        break;
    }
    default: memset(out, 0, sizeof tmp);
    }
}

/* a read through an in or out pointer member */
static uint32_t deref(ev_t *e, frame_t *fr, const cl_node_t *x)
{
    uint32_t sv[CL_MAXMEMB];
    seval(e, fr, x->a, sv);
    uint32_t i = eval(e, fr, x->b);
    if (e->p->st[e->p->n[x->a].type].mtype[x->flag] == CM_PIN) return e->in[sv[x->flag] + (i & 3u)];
    return e->r->out[sv[x->flag] + i % e->p->k];
}

/* `*dst op= x->a` on an object of type vt */
static uint32_t assign_to(ev_t *e, frame_t *fr, const cl_node_t *x, uint32_t *dst, unsigned vt)
{
    uint32_t old = *dst, r = eval(e, fr, x->a);
    unsigned rt = e->p->n[x->a].type;
    uint32_t nv = x->op == CO_SET ? r : binop(x->op, old, r, vt, rt, wq_cl_arith(vt, rt));
    return *dst = wq_cl_norm(nv, vt);
}

static uint32_t assign(ev_t *e, frame_t *fr, const cl_node_t *x)
{
    return assign_to(e, fr, x, &fr->v[x->v], e->p->f[fr->fn].vtype[x->v]);
}

/* ---- vectors: one word per component, normalised to the element type ---- */

/* component i of a selection */
static unsigned swz_index(const cl_node_t *x, unsigned i)
{
    return (i < 8 ? x->v >> (4 * i) : (uint32_t)x->d >> (4 * (i - 8))) & 15u;
}

/* component i of a component-wise operation: a vector operand, or a
 * scalar widened to the element type */
static uint32_t vcomp(const cl_prog_t *p, int32_t xi, const uint32_t *v, unsigned i, unsigned et)
{
    return VWI(p->n[xi].type) ? v[i] : wq_cl_norm(v[0], et);
}

/* one component of `a op b` on element type et (a, b normalised); the
 * shift count wraps at the component's width (OpenCL C 1.2 §6.3.j) */
static uint32_t vbinop(unsigned op, uint32_t a, uint32_t b, unsigned et)
{
    unsigned bits = wq_cl_bits(et);
    int64_t sa = sval(a, et), sb = sval(b, et);
    switch (op) {
    case CO_SHL: return wq_cl_norm(a << (b & (bits - 1)), et);
    case CO_SHR: return wq_cl_norm(wq_cl_signed(et) ? (uint32_t)((int32_t)a >> (b & (bits - 1)))
                                                    : a >> (b & (bits - 1)), et);
    case CO_LT: return sa < sb ? 0xFFFFFFFFu : 0;
    case CO_LE: return sa <= sb ? 0xFFFFFFFFu : 0;
    case CO_GT: return sa > sb ? 0xFFFFFFFFu : 0;
    case CO_GE: return sa >= sb ? 0xFFFFFFFFu : 0;
    case CO_EQ: return a == b ? 0xFFFFFFFFu : 0;
    case CO_NE: return a != b ? 0xFFFFFFFFu : 0;
    default: return wq_cl_norm(binop(op, a, b, et, et, et), et);     /* unsigned for / and % */
    }
}

/* byte k of a little-endian word array */
static uint32_t byte_at(const uint32_t *w, unsigned k) { return (w[k / 4] >> (8 * (k % 4))) & 0xFFu; }

/* n components of type et from the bytes at base (little-endian) */
static void vunpack(const uint32_t *w, unsigned base, unsigned n, unsigned et, uint32_t *out)
{
    unsigned nb = wq_cl_bits(et) / 8;
    for (unsigned i = 0; i < n; i++) {
        uint32_t v = 0;
        for (unsigned j = 0; j < nb; j++) v |= byte_at(w, base + i * nb + j) << (8 * j);
        out[i] = wq_cl_norm(v, et);
    }
}

static void veval(ev_t *e, frame_t *fr, int32_t xi, uint32_t *out)
{
    const cl_node_t *x = &e->p->n[xi];
    unsigned et = VET(x->type), n = wq_cl_vn(x->type);
    uint32_t a[16], b[16], c[16];
    if (++e->steps > STEP_LIMIT) e->over = 1;
    if (!VWI(x->type)) { out[0] = eval(e, fr, xi); return; }      /* a scalar part */
    switch (x->kind) {
    case E_VVAR: memcpy(out, fr->vv[x->v], sizeof a); return;
    case E_VLIT: {
        unsigned i = 0;
        for (int32_t p = x->a; p >= 0 && i < 16; p = e->p->n[p].next) {
            unsigned pn = wq_cl_vn(e->p->n[p].type);
            veval(e, fr, p, a);
            for (unsigned j = 0; j < pn && i < 16; j++) out[i++] = wq_cl_norm(a[j], et);
        }
        for (; x->flag && i < n; i++) out[i] = out[0];             /* a splat */
        return;
    }
    case E_VSWZ:
        veval(e, fr, x->a, a);
        for (unsigned i = 0; i < x->flag; i++) out[i] = a[swz_index(x, i)];
        return;
    case E_VBIN: {
        const cl_node_t *l = &e->p->n[x->a];
        unsigned lt = VET(l->type);
        veval(e, fr, x->a, a);
        veval(e, fr, x->b, b);
        for (unsigned i = 0; i < n; i++)
            out[i] = wq_cl_norm(vbinop(x->op, a[i], vcomp(e->p, x->b, b, i, lt), lt), et);
        return;
    }
    case E_VUN:
        veval(e, fr, x->a, a);
        for (unsigned i = 0; i < n; i++) out[i] = wq_cl_norm(x->op == CO_NOT ? ~a[i] : 0u - a[i], et);
        return;
    case E_VCONV: {
        const cl_node_t *s = &e->p->n[x->a];
        unsigned st = VET(s->type), sn = wq_cl_vn(s->type);
        veval(e, fr, x->a, a);
        if (x->op == VC_AS) {       /* the same bytes, little-endian */
            uint32_t w[16] = { 0 };
            unsigned nb = wq_cl_bits(st) / 8;
            for (unsigned i = 0; i < sn; i++)
                for (unsigned j = 0; j < nb; j++)
                    w[(i * nb + j) / 4] |= ((a[i] >> (8 * j)) & 0xFFu) << (8 * ((i * nb + j) % 4));
            vunpack(w, 0, n, et, out);
            return;
        }
        for (unsigned i = 0; i < n; i++) {
            int64_t v = sval(a[i], st);
            if (x->op == VC_SAT) v = v < tmin(et) ? tmin(et) : v > tmax(et) ? tmax(et) : v;
            out[i] = wq_cl_norm((uint32_t)v, et);
        }
        return;
    }
    case E_VSEL: {                  /* the most significant bit of c's component picks b */
        unsigned cb = wq_cl_bits(VET(e->p->n[x->c].type));
        veval(e, fr, x->a, a);
        veval(e, fr, x->b, b);
        veval(e, fr, x->c, c);
        for (unsigned i = 0; i < n; i++) out[i] = (c[i] >> (cb - 1)) & 1u ? b[i] : a[i];
        return;
    }
    case E_VBI:
        veval(e, fr, x->a, a);
        if (x->b >= 0) veval(e, fr, x->b, b);
        for (unsigned i = 0; i < n; i++) {
            uint32_t args[3] = { a[i], x->b >= 0 ? b[i] : 0, 0 };
            out[i] = builtin(x->op, et, args);
        }
        return;
    case E_VLOAD: {
        unsigned span = n * wq_cl_bits(et) / 8, m = e->p->threads * 4u / span;
        vunpack(e->in, (eval(e, fr, x->a) % m) * span, n, et, out);
        return;
    }
    default: memset(out, 0, sizeof a);
    }
}

/* vstoreN: the bytes of v into the thread's row of out */
static void vstore(ev_t *e, const cl_node_t *s, const uint32_t *v, uint32_t off)
{
    unsigned et = VET(e->p->n[s->a].type), n = wq_cl_vn(e->p->n[s->a].type);
    unsigned nb = wq_cl_bits(et) / 8, span = n * nb, m = e->p->k * 4u / span;
    uint32_t *row = &e->r->out[e->gid * e->p->k];
    unsigned base = (off % m) * span;
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < nb; j++) {
            unsigned k = base + i * nb + j;
            row[k / 4] = (row[k / 4] & ~(0xFFu << (8 * (k % 4)))) | ((v[i] >> (8 * j)) & 0xFFu) << (8 * (k % 4));
        }
}

/* ---- float (WQ_GEN_CL_FLOAT): the model's own FPU arithmetic (fp32.h) -- */
static uint32_t fneg(uint32_t v) { return v ^ 0x80000000u; }

static int is_fmul(const cl_prog_t *p, int32_t x) { return p->n[x].kind == E_FBIN && p->n[x].op == CO_MUL; }

/* `a + b` or `a - b` (op), b's value given (bv) or its node (bi); with
 * contraction on, a product a (else b) fused with the other operand in one
 * rounding, as clang's -ffp-contract=on: m - c is fma(x, y, -c), c - m is
 * fma(-x, y, c) */
static uint32_t fsum(ev_t *e, frame_t *fr, unsigned op, int32_t ai, uint32_t av, int32_t bi)
{
    const cl_prog_t *p = e->p;
    if (p->contract && ai >= 0 && is_fmul(p, ai)) {
        uint32_t x = eval(e, fr, p->n[ai].a), y = eval(e, fr, p->n[ai].b), c = eval(e, fr, bi);
        return wq_f32_fma(x, y, op == CO_SUB ? fneg(c) : c, WQ_RM_RNE);
    }
    if (ai >= 0) av = eval(e, fr, ai);
    if (p->contract && is_fmul(p, bi)) {
        uint32_t x = eval(e, fr, p->n[bi].a), y = eval(e, fr, p->n[bi].b);
        return wq_f32_fma(op == CO_SUB ? fneg(x) : x, y, av, WQ_RM_RNE);
    }
    uint32_t bv = eval(e, fr, bi);
    return op == CO_ADD ? wq_f32_add(av, bv, WQ_RM_RNE) : wq_f32_sub(av, bv, WQ_RM_RNE);
}

static uint32_t fbinop(unsigned op, uint32_t a, uint32_t b)
{
    switch (op) {
    case CO_ADD: return wq_f32_add(a, b, WQ_RM_RNE);
    case CO_SUB: return wq_f32_sub(a, b, WQ_RM_RNE);
    case CO_MUL: return wq_f32_mul(a, b, WQ_RM_RNE);
    case CO_DIV: return wq_f32_div(a, b, WQ_RM_RNE);
    default:     return b;          /* CO_SET */
    }
}

static int fnan(uint32_t v) { return (v & 0x7F800000u) == 0x7F800000u && (v & 0x7FFFFFu); }

static uint32_t feval(ev_t *e, frame_t *fr, const cl_node_t *x)
{
    static const unsigned cc[] = {
        [CO_LT] = WQ_CMP_LT, [CO_LE] = WQ_CMP_LE, [CO_GT] = WQ_CMP_GT,
        [CO_GE] = WQ_CMP_GE, [CO_EQ] = WQ_CMP_EQ, [CO_NE] = WQ_CMP_NE,
    };
    switch (x->kind) {
    case E_FBIN:
        if (x->op == CO_ADD || x->op == CO_SUB) return fsum(e, fr, x->op, x->a, 0, x->b);
        { uint32_t a = eval(e, fr, x->a); return fbinop(x->op, a, eval(e, fr, x->b)); }
    case E_FUN: {
        uint32_t a = eval(e, fr, x->a);
        return x->op == FU_NEG ? fneg(a) : x->op == FU_FABS ? a & 0x7FFFFFFFu : wq_f32_sqrt(a, WQ_RM_RNE);
    }
    case E_FMM: {                   /* (fmin(a, b) + 0.0f) */
        uint32_t a = eval(e, fr, x->a), b = eval(e, fr, x->b);
        return wq_f32_add(x->op ? wq_f32_max(a, b) : wq_f32_min(a, b), 0, WQ_RM_RNE);
    }
    case E_FFMA: {
        uint32_t a = eval(e, fr, x->a), b = eval(e, fr, x->b);
        return wq_f32_fma(a, b, eval(e, fr, x->c), WQ_RM_RNE);
    }
    case E_FCVT: {
        uint32_t a = eval(e, fr, x->a);
        return x->flag == 1 ? wq_u32_to_f32(a, x->op & 3u) : wq_i32_to_f32(a, x->op & 3u);
    }
    case E_FASF: return eval(e, fr, x->a);
    case E_FTOI: {
        uint32_t a = eval(e, fr, x->a);
        if (x->op == FT_BITS) return fnan(a) ? WQ_F32_QNAN : a;
        return x->op < FT_UINT ? wq_f32_to_i32(a, (x->op - FT_SINT) & 3u) : wq_f32_to_u32(a, (x->op - FT_UINT) & 3u);
    }
    case E_FCMP: {
        uint32_t a = eval(e, fr, x->a);
        return (uint32_t)wq_f32_cmp(cc[x->op], a, eval(e, fr, x->b));
    }
    default: return 0;
    }
}

/* `vV op= a` on a float var or member *d: `+=`/`-=` of a product
 * contracted too */
static void fassign(ev_t *e, frame_t *fr, const cl_node_t *s, uint32_t *d)
{
    if (s->op == CO_ADD || s->op == CO_SUB) *d = fsum(e, fr, s->op, -1, *d, s->a);
    else *d = fbinop(s->op, *d, eval(e, fr, s->a));
}

/* a vector operand, or (scalar) a float widened to every component */
static void fvoperand(ev_t *e, frame_t *fr, int32_t xi, int scalar, uint32_t *out)
{
    if (!scalar) { fveval(e, fr, xi, out); return; }
    uint32_t v = eval(e, fr, xi);
    for (unsigned i = 0; i < 16; i++) out[i] = v;
}

static int is_fvmul(const cl_prog_t *p, int32_t x) { return p->n[x].kind == E_FVBIN && p->n[x].op == CO_MUL; }

/* a vector product's factors per component */
static void fvfactors(ev_t *e, frame_t *fr, int32_t m, uint32_t *f0, uint32_t *f1)
{
    fveval(e, fr, e->p->n[m].a, f0);
    fvoperand(e, fr, e->p->n[m].b, e->p->n[m].flag, f1);
}

/* a float vector expression, one binary32 pattern per component; a sum
 * with a vector product operand contracted per component as fsum does */
static void fveval(ev_t *e, frame_t *fr, int32_t xi, uint32_t *out)
{
    const cl_prog_t *p = e->p;
    const cl_node_t *x = &p->n[xi];
    unsigned n = wq_cl_vn(x->type);
    uint32_t a[16], b[16], c[16];
    switch (x->kind) {
    case E_FVVAR: memcpy(out, fr->fvv[x->v], sizeof a); return;
    case E_FVSPL: {
        uint32_t v = eval(e, fr, x->a);
        for (unsigned i = 0; i < 16; i++) out[i] = i < n ? v : 0;
        return;
    }
    case E_FVBIN: {
        /* contracted: a vector product (of two vectors, or of a vector and
         * a widened float) on the left, else on the right, and the other
         * operand (a widened float on the right too: both compilers fuse
         * `v * w + s` per component) */
        int32_t m = -1, o = -1;
        int oscalar = 0;
        if (p->contract && (x->op == CO_ADD || x->op == CO_SUB)) {
            if (is_fvmul(p, x->a)) m = x->a, o = x->b, oscalar = x->flag;
            else if (!x->flag && is_fvmul(p, x->b)) m = x->b, o = x->a;
        }
        if (m >= 0) {               /* fma(x, y, +-c) or fma(-x, y, c) */
            uint32_t f0[16], f1[16];
            fvfactors(e, fr, m, f0, f1);
            fvoperand(e, fr, o, oscalar, c);
            int neg_c = x->op == CO_SUB && m == x->a, neg_m = x->op == CO_SUB && m == x->b;
            for (unsigned i = 0; i < 16; i++)
                out[i] = i >= n ? 0 : wq_f32_fma(neg_m ? fneg(f0[i]) : f0[i], f1[i], neg_c ? fneg(c[i]) : c[i], WQ_RM_RNE);
            return;
        }
        fveval(e, fr, x->a, a);
        fvoperand(e, fr, x->b, x->flag, b);
        for (unsigned i = 0; i < 16; i++) out[i] = i < n ? fbinop(x->op, a[i], b[i]) : 0;
        return;
    }
    case E_FVUN:
        fveval(e, fr, x->a, a);
        for (unsigned i = 0; i < 16; i++)
            out[i] = i >= n ? 0 : x->op == FU_NEG ? fneg(a[i]) : x->op == FU_FABS ? a[i] & 0x7FFFFFFFu
                   : wq_f32_sqrt(a[i], WQ_RM_RNE);
        return;
    case E_FVMM:
        fveval(e, fr, x->a, a);
        fveval(e, fr, x->b, b);
        for (unsigned i = 0; i < 16; i++)
            out[i] = i >= n ? 0 : wq_f32_add(x->op ? wq_f32_max(a[i], b[i]) : wq_f32_min(a[i], b[i]), 0, WQ_RM_RNE);
        return;
    case E_FVFMA:
        fveval(e, fr, x->a, a);
        fveval(e, fr, x->b, b);
        fveval(e, fr, x->c, c);
        for (unsigned i = 0; i < 16; i++) out[i] = i < n ? wq_f32_fma(a[i], b[i], c[i], WQ_RM_RNE) : 0;
        return;
    default: memset(out, 0, sizeof a); return;
    }
}

/* `xV op= a`: `+=`/`-=` of a vector product contracted per component */
static void fvassign(ev_t *e, frame_t *fr, const cl_node_t *s)
{
    const cl_prog_t *p = e->p;
    uint32_t *d = fr->fvv[s->v], a[16], b[16];
    unsigned n = wq_cl_vn(s->type);
    if (p->contract && (s->op == CO_ADD || s->op == CO_SUB) && is_fvmul(p, s->a)) {
        fvfactors(e, fr, s->a, a, b);
        for (unsigned i = 0; i < n; i++)
            d[i] = wq_f32_fma(s->op == CO_SUB ? fneg(a[i]) : a[i], b[i], d[i], WQ_RM_RNE);
        return;
    }
    fveval(e, fr, s->a, a);
    for (unsigned i = 0; i < n; i++) d[i] = fbinop(s->op, d[i], a[i]);
}

static uint32_t eval(ev_t *e, frame_t *fr, int32_t xi)
{
    const cl_node_t *x = &e->p->n[xi];
    if (++e->steps > STEP_LIMIT) e->over = 1;
    switch (x->kind) {
    case E_CONST: return x->v;
    case E_VAR:   return fr->v[x->v];
    case E_IN:    return e->in[(e->gid + x->v) % e->p->threads];
    case E_UN: {
        uint32_t a = eval(e, fr, x->a);
        switch (x->op) {
        case CO_NEG:  return wq_cl_norm(0u - a, x->type);
        case CO_NOT:  return wq_cl_norm(~a, x->type);
        default:      return a == 0;
        }
    }
    case E_BIN: {
        const cl_node_t *l = &e->p->n[x->a], *r = &e->p->n[x->b];
        uint32_t a = eval(e, fr, x->a), b = eval(e, fr, x->b);
        return wq_cl_norm(binop(x->op, a, b, wq_cl_promote(l->type), wq_cl_promote(r->type), x->type), x->type);
    }
    case E_LAND: return eval(e, fr, x->a) != 0 && eval(e, fr, x->b) != 0;
    case E_LOR:  return eval(e, fr, x->a) != 0 || eval(e, fr, x->b) != 0;
    case E_COND: return wq_cl_norm(eval(e, fr, x->a) ? eval(e, fr, x->b) : eval(e, fr, x->c), x->type);
    case E_CAST: return wq_cl_norm(eval(e, fr, x->a), x->type);
    case E_CALL: return call(e, fr, x, NULL);
    case E_BUILTIN: {
        uint32_t a[3] = { 0, 0, 0 };
        unsigned t = x->flag;       /* the argument type */
        a[0] = wq_cl_norm(eval(e, fr, x->a), t);
        if (x->b >= 0) a[1] = wq_cl_norm(eval(e, fr, x->b), t);
        if (x->c >= 0) a[2] = wq_cl_norm(eval(e, fr, x->c), t);
        return builtin(x->op, t, a);
    }
    case E_ASSIGN: return assign(e, fr, x);
    case E_FBIN: case E_FUN: case E_FMM: case E_FFMA: case E_FCVT: case E_FASF: case E_FTOI: case E_FCMP:
        return feval(e, fr, x);
    case E_FVCOMP: {
        uint32_t v[16];
        fveval(e, fr, x->a, v);
        return v[x->v & 15u];
    }
    case E_MEMBER: {
        uint32_t sv[CL_MAXMEMB];
        seval(e, fr, x->a, sv);
        return sv[x->flag];
    }
    case E_PDEREF: return deref(e, fr, x);
    case E_SEXPR:
        fr->v[x->v] = wq_cl_norm(eval(e, fr, x->a), x->type);
        exec_list(e, fr, x->b);
        return fr->v[x->v];
    case E_VSWZ: {                  /* one component: a scalar */
        uint32_t v[16];
        veval(e, fr, x->a, v);
        return v[swz_index(x, 0)];
    }
    case E_VRED: {                  /* any / all: the components' sign bits */
        uint32_t v[16];
        const cl_node_t *a = &e->p->n[x->a];
        unsigned n = wq_cl_vn(a->type), hits = 0;
        veval(e, fr, x->a, v);
        for (unsigned i = 0; i < n; i++) hits += (v[i] >> (wq_cl_bits(VET(a->type)) - 1)) & 1u;
        return x->op ? hits == n : hits != 0;
    }
    default: return 0;
    }
}

/* run one switch: from the matching case (or default) through the
 * following ones until a break */
static int exec_switch(ev_t *e, frame_t *fr, const cl_node_t *s)
{
    uint32_t v = eval(e, fr, s->a);
    int32_t start = -1, dflt = -1;
    for (int32_t c = s->b; c >= 0; c = e->p->n[c].next) {
        const cl_node_t *cn = &e->p->n[c];
        if (cn->op) { if (dflt < 0) dflt = c; }
        else if (cn->v == v && start < 0) start = c;
    }
    if (start < 0) start = dflt;
    for (int32_t c = start; c >= 0; c = e->p->n[c].next) {
        int sig = exec_list(e, fr, e->p->n[c].a);
        if (sig == SIG_BREAK) return SIG_NONE;
        if (sig != SIG_NONE) return sig;
        if (e->p->n[c].flag) return SIG_NONE;     /* the case ends with break */
    }
    return SIG_NONE;
}

static int loop_sig(int sig, int *stop)
{
    *stop = 0;
    if (sig == SIG_BREAK) { *stop = 1; return SIG_NONE; }
    if (sig == SIG_RET || sig == SIG_GOTO) { *stop = 1; return sig; }
    return SIG_NONE;                /* continue or the body's end */
}

static int exec(ev_t *e, frame_t *fr, int32_t si)
{
    const cl_node_t *s = &e->p->n[si];
    int stop, sig;
    if (e->over) return SIG_RET;
    switch (s->kind) {
    case S_ASSIGN: assign(e, fr, s); return SIG_NONE;
    case S_FASSIGN: fassign(e, fr, s, &fr->v[s->v]); return SIG_NONE;
    case S_FVASSIGN: fvassign(e, fr, s); return SIG_NONE;
    case S_OUT:
        e->r->out[e->gid * e->p->k + s->v] = eval(e, fr, s->a);
        return SIG_NONE;
    case S_IF:
        if (eval(e, fr, s->a)) return exec_list(e, fr, s->b);
        return s->c >= 0 ? exec_list(e, fr, s->c) : SIG_NONE;
    case S_FOR:                     /* for (i = 0; i < bound; i++) body */
        for (fr->v[s->v] = 0; !e->over && fr->v[s->v] < eval(e, fr, s->a); fr->v[s->v]++) {
            sig = loop_sig(exec_list(e, fr, s->b), &stop);
            if (stop) return sig;
        }
        return SIG_NONE;
    case S_WHILE:                   /* i = 0; while (i < bound) { i++; body } */
        fr->v[s->v] = 0;
        while (!e->over && fr->v[s->v] < eval(e, fr, s->a)) {
            fr->v[s->v]++;
            sig = loop_sig(exec_list(e, fr, s->b), &stop);
            if (stop) return sig;
        }
        return SIG_NONE;
    case S_DO:                      /* i = 0; do { i++; body } while (i < bound); */
        fr->v[s->v] = 0;
        do {
            fr->v[s->v]++;
            sig = loop_sig(exec_list(e, fr, s->b), &stop);
            if (stop) return sig;
        } while (!e->over && fr->v[s->v] < eval(e, fr, s->a));
        return SIG_NONE;
    case S_BREAK: return SIG_BREAK;
    case S_CONT: return SIG_CONT;
    case S_SWITCH: return exec_switch(e, fr, s);
    case S_RET:
        if (s->a >= 0 && e->p->f[fr->fn].sret) seval(e, fr, s->a, fr->sret);
        else if (s->a >= 0) fr->ret = eval(e, fr, s->a);
        return SIG_RET;
    case S_ATOM: {
        uint32_t w = s->v;
        if (s->b >= 0) {            /* through a cnt pointer member */
            uint32_t sv[CL_MAXMEMB];
            seval(e, fr, s->b, sv);
            w += sv[s->flag];
        }
        atomic(e, s->op, w, eval(e, fr, s->a));
        return SIG_NONE;
    }
    case S_MASSIGN: {
        uint32_t *m = &sobj(e, fr, s->c)[s->flag];
        if (s->type == CT_FLOAT) fassign(e, fr, s, m);     /* a float member */
        else if (s->type >= CT_N) *m = ptrval(e, fr, &e->p->n[s->a]);
        else assign_to(e, fr, s, m, s->type);
        return SIG_NONE;
    }
    case S_SCOPY: {
        uint32_t sv[CL_MAXMEMB];
        seval(e, fr, s->a, sv);
        memcpy(sobj(e, fr, s->c), sv, sizeof sv);
        return SIG_NONE;
    }
    case S_PSTORE: {
        uint32_t i = eval(e, fr, s->b), v = eval(e, fr, s->a);
        e->r->out[sobj(e, fr, s->c)[s->flag] + i % e->p->k] = v;
        return SIG_NONE;
    }
    case S_EXPR: eval(e, fr, s->a); return SIG_NONE;
    case S_VASSIGN: {
        uint32_t v[16], *w = fr->vv[s->v];
        unsigned et = VET(s->type);
        veval(e, fr, s->a, v);
        for (unsigned i = 0, n = wq_cl_vn(s->type); i < n; i++)
            w[i] = s->op == CO_SET ? v[i] : vbinop(s->op, w[i], v[i], et);
        return SIG_NONE;
    }
    case S_VSWSET: {
        uint32_t v[16];
        const cl_node_t *c = &e->p->n[s->c];
        veval(e, fr, s->a, v);
        for (unsigned i = 0; i < c->flag; i++)
            fr->vv[e->p->n[c->a].v][swz_index(c, i)] = wq_cl_norm(v[i], VET(c->type));
        return SIG_NONE;
    }
    case S_VSTORE: {
        uint32_t v[16];
        veval(e, fr, s->a, v);
        vstore(e, s, v, eval(e, fr, s->b));
        return SIG_NONE;
    }
    case S_GOTO:
        if (!eval(e, fr, s->a)) return SIG_NONE;
        e->label = s->type;
        return SIG_GOTO;
    case S_LBLOCK:                  /* a forward goto to the label ends the block */
        sig = exec_list(e, fr, s->b);
        return sig == SIG_GOTO && e->label == s->type ? SIG_NONE : sig;
    case S_GLOOP:                   /* a goto to the label starts the body again */
        fr->v[s->v] = 0;
        for (;;) {
            fr->v[s->v]++;
            sig = exec_list(e, fr, s->b);
            if (e->over) return SIG_RET;
            if (sig == SIG_GOTO && e->label == s->type) continue;
            if (sig != SIG_NONE) return sig;
            if (!eval(e, fr, s->a)) return SIG_NONE;
        }
    case S_GINTO: {                 /* the goto enters the if's body at the label */
        const cl_node_t *t = &e->p->n[s->c];
        if (eval(e, fr, s->a)) return exec_list(e, fr, t->c);
        sig = exec_list(e, fr, s->b);
        if (sig != SIG_NONE || !eval(e, fr, t->a)) return sig;
        sig = exec_list(e, fr, t->b);
        return sig != SIG_NONE ? sig : exec_list(e, fr, t->c);
    }
    case S_IRR: {                   /* entered at L or (a true) at L+1 */
        int at_b = eval(e, fr, s->a) != 0;
        fr->v[s->v] = 0;
        for (;;) {
            if (!at_b) {
                fr->v[s->v]++;
                if ((sig = exec_list(e, fr, s->b)) != SIG_NONE) return sig;
            }
            at_b = 0;
            if ((sig = exec_list(e, fr, s->c)) != SIG_NONE) return sig;
            if (e->over) return SIG_RET;
            if (!eval(e, fr, s->d)) return SIG_NONE;
        }
    }
    default: return SIG_NONE;       /* S_YIELD: no effect on the values */
    }
}

static int exec_list(ev_t *e, frame_t *fr, int32_t s)
{
    for (; s >= 0; s = e->p->n[s].next) {
        int sig = exec(e, fr, s);
        if (sig != SIG_NONE) return sig;
    }
    return SIG_NONE;
}

int wq_cl_eval(const cl_prog_t *p, cl_result_t *res, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    res->cmin[0] = res->cmin[1] = 0xFFFFFFFFu;
    uint32_t *in = malloc(sizeof *in * p->threads);
    res->out = calloc((size_t)p->threads * p->k, sizeof *res->out);
    if (!in || !res->out) {
        free(in);
        free(res->out);
        res->out = NULL;
        wq_gen_seterr(err, errlen, "out of memory");
        return -1;
    }
    wq_cl_input(p->in_seed, in, p->threads);
    ev_t e = { .p = p, .r = res, .in = in };
    const cl_func_t *k = &p->f[0];
    for (e.gid = 0; e.gid < p->threads; e.gid++) {
        frame_t fr;
        memset(&fr, 0, sizeof fr);
        fr.v[0] = e.gid;
        e.steps = 0;
        init_locals(&e, &fr, k, 1);
        exec_list(&e, &fr, k->body);
        if (e.over) {
            free(in);
            wq_gen_seterr(err, errlen, "thread %u ran over %u steps (a generator bug)", e.gid, STEP_LIMIT);
            return -1;
        }
    }
    free(in);
    return 0;
}
