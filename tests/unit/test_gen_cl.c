/* test_gen_cl.c -- the OpenCL C kernel generator (cmodel/gen/gen_cl.c) and
 * its oracle (gen_cl_eval.c): the same seed gives the same kernel, every
 * kernel carries its launch and expectations, and the evaluator answers
 * hand-written expressions as OpenCL C defines them (promotions, usual
 * arithmetic conversions, rounding toward zero, shift masking, builtins). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "wq/gen.h"
#include "wq/defs.h"
#include "../../cmodel/gen/gen_cl.h"

Test(gen_cl, deterministic_with_header)
{
    for (uint64_t s = 1; s <= 20; s++) {
        char *a = NULL, *b = NULL, err[200];
        cr_assert_eq(wq_gen_cl(s, NULL, &a, err, sizeof err), WQ_GEN_OK, "seed %llu: %s", (unsigned long long)s, err);
        cr_assert_eq(wq_gen_cl(s, NULL, &b, err, sizeof err), WQ_GEN_OK);
        cr_assert_str_eq(a, b);
        cr_assert_not_null(strstr(a, "//@ buf u32 "));
        cr_assert_not_null(strstr(a, "//@ per_thread 1 "));
        cr_assert_not_null(strstr(a, "//@ expect_seq 1 0 "));
        cr_assert_not_null(strstr(a, "//@ expect_seq 2 0 "));
        cr_assert_not_null(strstr(a, "__kernel void clgen("));
        free(a);
        free(b);
    }
}

/* a one-thread program whose kernel writes out[0] = e */
typedef struct { cl_prog_t p; cl_node_t n[64]; } one_t;

static int32_t node(one_t *o, unsigned kind, unsigned op, unsigned type, int32_t a, int32_t b, uint32_t v)
{
    cl_node_t *x = &o->n[o->p.nn];
    memset(x, 0, sizeof *x);
    x->kind = (uint8_t)kind; x->op = (uint8_t)op; x->type = (uint8_t)type;
    x->a = a; x->b = b; x->c = -1; x->d = -1; x->next = -1; x->v = v;
    return (int32_t)o->p.nn++;
}
static int32_t k(one_t *o, unsigned t, uint32_t v) { return node(o, E_CONST, 0, t, -1, -1, wq_cl_norm(v, t)); }
static int32_t bin(one_t *o, unsigned op, unsigned t, int32_t a, int32_t b) { return node(o, E_BIN, op, t, a, b, 0); }

static uint32_t run1(one_t *o, int32_t e)
{
    o->p.n = o->n;
    o->p.cap = 64;
    o->p.nf = 1;
    o->p.threads = 1;
    o->p.k = 1;
    o->p.f[0].nvars = 1;
    o->p.f[0].init[0] = -1;
    o->p.f[0].body = node(o, S_OUT, 0, 0, e, -1, 0);
    cl_result_t r;
    char err[100];
    cr_assert_eq(wq_cl_eval(&o->p, &r, err, sizeof err), 0, "%s", err);
    uint32_t v = r.out[0];
    free(r.out);
    return v;
}

Test(gen_cl, oracle_semantics)
{
    one_t o;
    /* signed division and remainder round toward zero */
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, bin(&o, CO_DIV, CT_INT, k(&o, CT_INT, (uint32_t)-7), k(&o, CT_INT, 2))), (uint32_t)-3);
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, bin(&o, CO_MOD, CT_INT, k(&o, CT_INT, (uint32_t)-7), k(&o, CT_INT, 2))), (uint32_t)-1);
    /* int / uint converts to unsigned: -7 / 2u = 0x7ffffffc */
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, bin(&o, CO_DIV, CT_UINT, k(&o, CT_INT, (uint32_t)-7), k(&o, CT_UINT, 2))), 0x7FFFFFFCu);
    /* (char)-1 < (uchar)200 compares as int: 1; (int)-1 < 1u compares unsigned: 0 */
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, bin(&o, CO_LT, CT_INT, k(&o, CT_CHAR, 0xFF), k(&o, CT_UCHAR, 200))), 1u);
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, bin(&o, CO_LT, CT_INT, k(&o, CT_INT, (uint32_t)-1), k(&o, CT_UINT, 1))), 0u);
    /* shift counts are masked: 1u << 33 = 2; -8 >> 33 = -4 (arithmetic) */
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, bin(&o, CO_SHL, CT_UINT, k(&o, CT_UINT, 1), k(&o, CT_INT, 33))), 2u);
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, bin(&o, CO_SHR, CT_INT, k(&o, CT_INT, (uint32_t)-8), k(&o, CT_INT, 33))), (uint32_t)-4);
    /* (uchar)200 + (uchar)100 is int 300, stored as uint */
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, bin(&o, CO_ADD, CT_INT, k(&o, CT_UCHAR, 200), k(&o, CT_UCHAR, 100))), 300u);
    /* ~(ushort)0 promotes to int: -1 */
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, node(&o, E_UN, CO_NOT, CT_INT, k(&o, CT_USHORT, 0), -1, 0)), 0xFFFFFFFFu);
    /* (char)300 keeps the low byte: 44; (short)0x18000 = -32768 */
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, node(&o, E_CAST, 0, CT_CHAR, k(&o, CT_INT, 300), -1, 0)), 44u);
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, node(&o, E_CAST, 0, CT_SHORT, k(&o, CT_INT, 0x18000), -1, 0)), (uint32_t)-32768);
}

/* a vector literal `(T)(v0, v1, ...)` of element type et, width index wi */
static int32_t vlit(one_t *o, unsigned et, unsigned wi, const uint32_t *v)
{
    int32_t x = node(o, E_VLIT, 0, VT(et, wi), -1, -1, 0), last = -1;
    for (unsigned i = 0; i < wq_cl_vwidth[wi]; i++) {
        int32_t c = k(o, et, v[i]);
        if (last < 0) o->n[x].a = c;
        else o->n[last].next = c;
        last = c;
    }
    return x;
}

/* `(a).sI`: one component, a scalar */
static int32_t comp(one_t *o, int32_t a, unsigned i)
{
    int32_t x = node(o, E_VSWZ, VS_SN, VET(o->n[a].type), a, -1, i);
    o->n[x].flag = 1;
    return x;
}

Test(gen_cl, oracle_vectors)
{
    one_t o;
    /* a shift count wraps at the component's width: (uchar4)(1, 2, 3, 0x80) << (9, 7, 8, 1) = (2, 0, 3, 0) */
    static const uint32_t a4[] = { 1, 2, 3, 0x80 }, c4[] = { 9, 7, 8, 1 };
    memset(&o, 0, sizeof o);
    int32_t sh = node(&o, E_VBIN, CO_SHL, VT(CT_UCHAR, 3), vlit(&o, CT_UCHAR, 3, a4), vlit(&o, CT_UCHAR, 3, c4), 0);
    cr_assert_eq(run1(&o, comp(&o, sh, 0)), 2u);
    memset(&o, 0, sizeof o);
    sh = node(&o, E_VBIN, CO_SHL, VT(CT_UCHAR, 3), vlit(&o, CT_UCHAR, 3, a4), vlit(&o, CT_UCHAR, 3, c4), 0);
    cr_assert_eq(run1(&o, comp(&o, sh, 2)), 3u);
    /* (char2)(-128, 64) >> (char2)(9, 1): arithmetic, count 1: (-64, 32) */
    static const uint32_t s2[] = { 0x80, 64 }, n2[] = { 9, 1 };
    memset(&o, 0, sizeof o);
    sh = node(&o, E_VBIN, CO_SHR, VT(CT_CHAR, 1), vlit(&o, CT_CHAR, 1, s2), vlit(&o, CT_CHAR, 1, n2), 0);
    cr_assert_eq(run1(&o, comp(&o, sh, 0)), (uint32_t)-64);
    /* a comparison gives -1 or 0 per component: (char2)(-1, 5) < (char2)(0, 5) = (-1, 0) */
    static const uint32_t l2[] = { 0xFF, 5 }, r2[] = { 0, 5 };
    memset(&o, 0, sizeof o);
    int32_t lt = node(&o, E_VBIN, CO_LT, VT(CT_CHAR, 1), vlit(&o, CT_CHAR, 1, l2), vlit(&o, CT_CHAR, 1, r2), 0);
    cr_assert_eq(run1(&o, comp(&o, lt, 0)), 0xFFFFFFFFu);
    /* as_ushort2((uchar4)(0x11, 0x22, 0x33, 0x44)) = (0x2211, 0x4433): little-endian */
    static const uint32_t b4[] = { 0x11, 0x22, 0x33, 0x44 };
    memset(&o, 0, sizeof o);
    int32_t as = node(&o, E_VCONV, VC_AS, VT(CT_USHORT, 1), vlit(&o, CT_UCHAR, 3, b4), -1, 0);
    cr_assert_eq(run1(&o, comp(&o, as, 1)), 0x4433u);
    /* convert_uchar2_sat((short2)(-5, 300)) = (0, 255); convert_uchar2 keeps the low byte: 300 -> 44 */
    static const uint32_t w2[] = { (uint32_t)-5, 300 };
    memset(&o, 0, sizeof o);
    int32_t cv = node(&o, E_VCONV, VC_SAT, VT(CT_UCHAR, 1), vlit(&o, CT_SHORT, 1, w2), -1, 0);
    cr_assert_eq(run1(&o, comp(&o, cv, 1)), 255u);
    memset(&o, 0, sizeof o);
    cv = node(&o, E_VCONV, VC_SAT, VT(CT_UCHAR, 1), vlit(&o, CT_SHORT, 1, w2), -1, 0);
    cr_assert_eq(run1(&o, comp(&o, cv, 0)), 0u);
    memset(&o, 0, sizeof o);
    cv = node(&o, E_VCONV, VC_CONVERT, VT(CT_UCHAR, 1), vlit(&o, CT_SHORT, 1, w2), -1, 0);
    cr_assert_eq(run1(&o, comp(&o, cv, 1)), 44u);
    /* select takes b where the selector's top bit is set: (3, 2) */
    static const uint32_t p2[] = { 1, 2 }, q2[] = { 3, 4 }, m2[] = { 0x80000000u, 0x7FFFFFFFu };
    memset(&o, 0, sizeof o);
    int32_t se = node(&o, E_VSEL, 0, VT(CT_INT, 1), vlit(&o, CT_INT, 1, p2), vlit(&o, CT_INT, 1, q2), 0);
    o.n[se].c = vlit(&o, CT_UINT, 1, m2);
    cr_assert_eq(run1(&o, comp(&o, se, 0)), 3u);
    memset(&o, 0, sizeof o);
    se = node(&o, E_VSEL, 0, VT(CT_INT, 1), vlit(&o, CT_INT, 1, p2), vlit(&o, CT_INT, 1, q2), 0);
    o.n[se].c = vlit(&o, CT_UINT, 1, m2);
    cr_assert_eq(run1(&o, comp(&o, se, 1)), 2u);
    /* any and all read the components' top bits */
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, node(&o, E_VRED, 0, CT_INT, vlit(&o, CT_CHAR, 1, l2), -1, 0)), 1u);
    memset(&o, 0, sizeof o);
    cr_assert_eq(run1(&o, node(&o, E_VRED, 1, CT_INT, vlit(&o, CT_CHAR, 1, l2), -1, 0)), 0u);
}

/* a one-thread kernel running the statements at `first` (vars: gid, the
 * counter i1, v2 a uint), then out[0] = e */
static uint32_t run_stmts(one_t *o, int32_t first, int32_t e)
{
    o->p.n = o->n;
    o->p.cap = 64;
    o->p.nf = 1;
    o->p.threads = 1;
    o->p.k = 1;
    cl_func_t *f = &o->p.f[0];
    f->nvars = 3;
    f->vtype[1] = f->vtype[2] = CT_UINT;
    f->init[0] = f->init[1] = f->init[2] = -1;
    int32_t s = first;
    while (o->n[s].next >= 0) s = o->n[s].next;
    o->n[s].next = node(o, S_OUT, 0, 0, e, -1, 0);
    f->body = first;
    cl_result_t r;
    char err[100];
    cr_assert_eq(wq_cl_eval(&o->p, &r, err, sizeof err), 0, "%s", err);
    uint32_t v = r.out[0];
    free(r.out);
    return v;
}

static int32_t var(one_t *o, unsigned v) { return node(o, E_VAR, 0, CT_UINT, -1, -1, v); }

/* `v2 += 1` */
static int32_t inc2(one_t *o) { return node(o, S_ASSIGN, CO_ADD, CT_UINT, k(o, CT_UINT, 1), -1, 2); }

/* the goto shapes run as the C they print */
Test(gen_cl, oracle_goto)
{
    one_t o;
    /* i1 = 0; L0: i1++; if (i1 < 3) goto L0; [body] if (i1 < 2) goto L0;  -> i1 = 3 */
    memset(&o, 0, sizeof o);
    int32_t g = node(&o, S_GOTO, 0, 0, bin(&o, CO_LT, CT_INT, var(&o, 1), k(&o, CT_UINT, 3)), -1, 0);
    int32_t l = node(&o, S_GLOOP, 0, 0, bin(&o, CO_LT, CT_INT, var(&o, 1), k(&o, CT_UINT, 2)), g, 1);
    cr_assert_eq(run_stmts(&o, l, var(&o, 1)), 3u);
    /* iV = 0; if (1) goto L1; L0: i1++; L1: ; v2 += 1; if (i1 < 2) goto L0;
     * entered at L1: v2 += 1 three times; entered at L0: twice */
    for (unsigned at_b = 0; at_b < 2; at_b++) {
        memset(&o, 0, sizeof o);
        int32_t irr = node(&o, S_IRR, 0, 0, k(&o, CT_INT, at_b), -1, 1);
        o.n[irr].c = inc2(&o);
        o.n[irr].d = bin(&o, CO_LT, CT_INT, var(&o, 1), k(&o, CT_UINT, 2));
        cr_assert_eq(run_stmts(&o, irr, var(&o, 2)), 2u + at_b);
    }
    /* { for (i1 = 0; i1 < 7; i1++) { if (i1 == 3) goto L0; } v2 += 1; } L0: ;  -> i1 + v2 = 3 */
    memset(&o, 0, sizeof o);
    g = node(&o, S_GOTO, 0, 0, bin(&o, CO_EQ, CT_INT, var(&o, 1), k(&o, CT_UINT, 3)), -1, 0);
    int32_t fl = node(&o, S_FOR, 0, 0, k(&o, CT_UINT, 7), g, 1);
    o.n[fl].next = inc2(&o);
    int32_t lb = node(&o, S_LBLOCK, 0, 0, -1, fl, 0);
    cr_assert_eq(run_stmts(&o, lb, bin(&o, CO_ADD, CT_UINT, var(&o, 1), var(&o, 2))), 3u);
    /* if (1) goto L0; v2 += 1; if (0) { v2 += 1; L0: ; v2 += 1; }  -> v2 = 1 */
    memset(&o, 0, sizeof o);
    int32_t t = node(&o, S_GTARGET, 0, 0, k(&o, CT_INT, 0), inc2(&o), 0);
    o.n[t].c = inc2(&o);
    int32_t gi = node(&o, S_GINTO, 0, 0, k(&o, CT_INT, 1), inc2(&o), 0);
    o.n[gi].c = t;
    cr_assert_eq(run_stmts(&o, gi, var(&o, 2)), 1u);
}

static uint32_t bi(unsigned f, unsigned t, uint32_t a, uint32_t b)
{
    one_t o;
    memset(&o, 0, sizeof o);
    unsigned rt = (f == BI_ABS || f == BI_ABS_DIFF) && wq_cl_signed(t) ? t + 1 : t;
    int32_t x = node(&o, E_BUILTIN, f, rt, k(&o, t, a), k(&o, t, b), 0);
    o.n[x].flag = (uint8_t)t;
    return run1(&o, x);
}

Test(gen_cl, oracle_builtins)
{
    cr_assert_eq(bi(BI_ABS, CT_CHAR, 0x80, 0), 128u);                 /* abs((char)-128) = (uchar)128 */
    cr_assert_eq(bi(BI_ABS_DIFF, CT_INT, 0x80000000u, 37), 0x80000025u);
    cr_assert_eq(bi(BI_ROTATE, CT_UCHAR, 0x81, 1), 0x03u);
    cr_assert_eq(bi(BI_ROTATE, CT_UINT, 0x80000001u, 36), 0x18u);     /* count mod 32 */
    cr_assert_eq(bi(BI_CLZ, CT_USHORT, 1, 0), 15u);
    cr_assert_eq(bi(BI_CLZ, CT_UINT, 0, 0), 32u);
    cr_assert_eq(bi(BI_POPCOUNT, CT_CHAR, 0xFF, 0), 8u);
    cr_assert_eq(bi(BI_MUL_HI, CT_UINT, 0xFFFFFFFFu, 0xFFFFFFFFu), 0xFFFFFFFEu);
    cr_assert_eq(bi(BI_MUL_HI, CT_INT, (uint32_t)-1, 1), 0xFFFFFFFFu);
    cr_assert_eq(bi(BI_ADD_SAT, CT_CHAR, 100, 100), 127u);
    cr_assert_eq(bi(BI_SUB_SAT, CT_UINT, 1, 2), 0u);
    cr_assert_eq(bi(BI_HADD, CT_INT, 0x7FFFFFFFu, 0x7FFFFFFFu), 0x7FFFFFFFu);
    cr_assert_eq(bi(BI_RHADD, CT_UCHAR, 255, 0), 128u);
    cr_assert_eq(bi(BI_MIN, CT_INT, (uint32_t)-5, 3), (uint32_t)-5);
    cr_assert_eq(bi(BI_MAX, CT_UINT, (uint32_t)-5, 3), (uint32_t)-5);
}

/* the language features: each is drawn only when on (base: no struct, no
 * ({ }), no vector, no goto), ptrmember and structarray without struct are
 * refused */
Test(gen_cl, features)
{
    unsigned m;
    cr_assert_eq(wq_gen_cl_parse_features("all", &m), 0);
    cr_assert_eq(m, WQ_GEN_CL_F_DEFAULT);
    cr_assert_eq(wq_gen_cl_parse_features("base", &m), 0);
    cr_assert_eq(m, 0u);
    cr_assert_eq(wq_gen_cl_parse_features("struct,stmtexpr", &m), 0);
    cr_assert_eq(m, (1u << WQ_GEN_CL_STRUCT) | (1u << WQ_GEN_CL_STMTEXPR));
    cr_assert_eq(wq_gen_cl_parse_features("structs", &m), -1);
    char *t = NULL, err[200];
    wq_gen_cl_opts_t o = { 1u << WQ_GEN_CL_PTRMEMBER };
    cr_assert_eq(wq_gen_cl(1, &o, &t, err, sizeof err), WQ_GEN_EOPTS);
    o.features = 1u << WQ_GEN_CL_STRUCTARRAY;
    cr_assert_eq(wq_gen_cl(1, &o, &t, err, sizeof err), WQ_GEN_EOPTS);
    unsigned seen_ptr = 0, seen_struct = 0, seen_sexpr = 0, seen_array = 0, seen_vec = 0, seen_goto = 0;
    for (uint64_t s = 1; s <= 20; s++) {
        o.features = 0;
        cr_assert_eq(wq_gen_cl(s, &o, &t, err, sizeof err), WQ_GEN_OK, "%s", err);
        cr_assert_null(strstr(t, "struct s"));
        cr_assert_null(strstr(t, "({"));
        cr_assert_null(strstr(t, " w0 = "));
        cr_assert_null(strstr(t, "goto"));
        free(t);
        o.features = 1u << WQ_GEN_CL_VECTOR;
        cr_assert_eq(wq_gen_cl(s, &o, &t, err, sizeof err), WQ_GEN_OK, "%s", err);
        cr_assert_null(strstr(t, "goto"));
        cr_assert_null(strstr(t, "struct s"));
        seen_vec += strstr(t, " w0 = ") != NULL;
        free(t);
        o.features = 1u << WQ_GEN_CL_GOTO;
        cr_assert_eq(wq_gen_cl(s, &o, &t, err, sizeof err), WQ_GEN_OK, "%s", err);
        cr_assert_null(strstr(t, " w0 = "));
        seen_goto += strstr(t, "goto L") != NULL;
        free(t);
        o.features = 1u << WQ_GEN_CL_STRUCT;
        cr_assert_eq(wq_gen_cl(s, &o, &t, err, sizeof err), WQ_GEN_OK, "%s", err);
        cr_assert_null(strstr(t, "({"));
        cr_assert_null(strstr(t, "*m"));
        cr_assert_null(strstr(t, "[2];"));
        cr_assert_null(strstr(t, "[4];"));
        seen_struct += strstr(t, "struct s0 {") != NULL;
        free(t);
        o.features = 1u << WQ_GEN_CL_STMTEXPR;
        cr_assert_eq(wq_gen_cl(s, &o, &t, err, sizeof err), WQ_GEN_OK, "%s", err);
        cr_assert_null(strstr(t, "struct s"));
        seen_sexpr += strstr(t, "({") != NULL;
        free(t);
        cr_assert_eq(wq_gen_cl(s, NULL, &t, err, sizeof err), WQ_GEN_OK, "%s", err);
        seen_ptr += strstr(t, "__global const uint *m") != NULL || strstr(t, "__global uint *m") != NULL;
        seen_array += strstr(t, "[2];") != NULL || strstr(t, "[4];") != NULL;
        free(t);
    }
    cr_assert_eq(seen_struct, 20u);
    cr_assert_gt(seen_sexpr, 10u);
    cr_assert_gt(seen_ptr, 10u);
    cr_assert_gt(seen_array, 5u);
    cr_assert_eq(seen_vec, 20u);
    cr_assert_gt(seen_goto, 10u);
}

/* evaluate p, whose nodes were built in o */
static void eval_nodes(cl_prog_t *p, one_t *o, cl_result_t *r)
{
    char err[100];
    p->n = o->n;
    p->nn = o->p.nn;
    p->cap = 64;
    cr_assert_eq(wq_cl_eval(p, r, err, sizeof err), 0, "%s", err);
}

/* struct s0 { uchar m0; __global const uint *m1; __global uint *m2; };
 * uint f1(struct s0 s0) { s0.m0 = 300; return s0.m0; }
 * kernel: struct s0 s0 = { 7, in + 6u % 5u, out + gid * 3u };
 *   out[gid*3 + 0] = f1(s0);                         44: the callee's copy
 *   out[gid*3 + 1] = s0.m0 + ({ uchar t = 250; t ^= 0x1ff; t; });  7 + 5
 *   s0.m2[5u % 3u] = s0.m1[5 & 3u];                  in[1 + 1]
 */
Test(gen_cl, oracle_structs)
{
    cl_prog_t p;
    memset(&p, 0, sizeof p);
    one_t *o = calloc(1, sizeof *o);
    cr_assert_not_null(o);
#define K(t, v) k(o, t, v)
    p.threads = 8;
    p.local = 8;
    p.k = 3;
    p.in_seed = 99;
    p.nf = 2;
    p.nst = 1;
    p.st[0].nm = 3;
    p.st[0].mtype[0] = CT_UCHAR;
    p.st[0].mtype[1] = CM_PIN;
    p.st[0].mtype[2] = CM_POUT;
    /* f1 */
    cl_func_t *f1 = &p.f[1];
    f1->nsparams = f1->nsvars = 1;
    f1->ret = CT_UINT;
    int32_t sv1 = node(o, E_SVAR, 0, 0, -1, -1, 0);
    int32_t ma = node(o, S_MASSIGN, CO_SET, CT_UCHAR, K(CT_INT, 300), -1, 0);
    o->n[ma].c = node(o, E_SVAR, 0, 0, -1, -1, 0);
    int32_t rt = node(o, S_RET, 0, 0, node(o, E_MEMBER, 0, CT_UCHAR, sv1, -1, 0), -1, 0);
    o->n[ma].next = rt;
    f1->body = ma;
    /* the kernel */
    cl_func_t *k0 = &p.f[0];
    k0->nvars = 2;
    k0->vtype[1] = CT_UCHAR;
    k0->hidden[1] = k0->counter[1] = 1;
    k0->init[0] = k0->init[1] = -1;
    k0->nsvars = 1;
    int32_t m0 = K(CT_UCHAR, 7), pin = node(o, E_PTR, CM_PIN, CT_UINT, K(CT_UINT, 6), -1, 0);
    int32_t pout = node(o, E_PTR, CM_POUT, CT_UINT, -1, -1, 0);
    o->n[m0].next = pin;
    o->n[pin].next = pout;
    k0->sinit[0] = node(o, E_SLIT, 0, 0, m0, -1, 0);
    int32_t call = node(o, E_CALL, 0, CT_UINT, node(o, E_SVAR, 0, 0, -1, -1, 0), -1, 1);
    int32_t out0 = node(o, S_OUT, 0, 0, call, -1, 0);
    int32_t tx = node(o, S_ASSIGN, CO_XOR, CT_UCHAR, K(CT_INT, 0x1FF), -1, 1);
    int32_t se = node(o, E_SEXPR, 0, CT_UCHAR, K(CT_INT, 250), tx, 1);
    int32_t mem = node(o, E_MEMBER, 0, CT_UCHAR, node(o, E_SVAR, 0, 0, -1, -1, 0), -1, 0);
    int32_t out1 = node(o, S_OUT, 0, 0, bin(o, CO_ADD, CT_INT, mem, se), -1, 1);
    int32_t rd = node(o, E_PDEREF, 0, CT_UINT, node(o, E_SVAR, 0, 0, -1, -1, 0), K(CT_INT, 5), 0);
    o->n[rd].flag = 1;
    int32_t st = node(o, S_PSTORE, 0, 0, rd, K(CT_UINT, 5), 0);
    o->n[st].flag = 2;
    o->n[st].c = node(o, E_SVAR, 0, 0, -1, -1, 0);
    o->n[out0].next = out1;
    o->n[out1].next = st;
    k0->body = out0;
#undef K
    cl_result_t r;
    eval_nodes(&p, o, &r);
    uint32_t in[8];
    wq_cl_input(99, in, 8);
    for (unsigned g = 0; g < 8; g++) {
        cr_assert_eq(r.out[g * 3 + 0], 44u, "work-item %u", g);
        cr_assert_eq(r.out[g * 3 + 1], 12u, "work-item %u", g);
        cr_assert_eq(r.out[g * 3 + 2], in[2], "work-item %u", g);
    }
    free(r.out);
    free(o);
}

/* struct s0 { uchar m0; };  struct s0 s0[2]; s0[0] = (struct s0){ 7 };
 * s0[1] = s0[0];  s0[(gid) & 1u].m0 = 9;  out[gid] = s0[(3) & 1u].m0;
 * work-item 0 writes 7 (its element 0 changed), work-item 1 writes 9 */
Test(gen_cl, oracle_struct_arrays)
{
    one_t *o = calloc(1, sizeof *o);
    cr_assert_not_null(o);
    cl_prog_t p;
    memset(&p, 0, sizeof p);
    p.threads = p.local = 2;
    p.k = 1;
    p.nf = 1;
    p.nst = 1;
    p.st[0].nm = 1;
    p.st[0].mtype[0] = CT_UCHAR;
    cl_func_t *k0 = &p.f[0];
    k0->nvars = 1;
    k0->init[0] = -1;
    k0->nsvars = 1;
    k0->salen[0] = 2;
    int32_t e0 = node(o, E_SLIT, 0, 0, k(o, CT_UCHAR, 7), -1, 0);
    int32_t e1 = node(o, E_SVAR, 0, 0, -1, k(o, CT_INT, 0), 0);
    o->n[e0].next = e1;
    k0->sinit[0] = e0;
    int32_t ma = node(o, S_MASSIGN, CO_SET, CT_UCHAR, k(o, CT_INT, 9), -1, 0);
    o->n[ma].c = node(o, E_SVAR, 0, 0, -1, node(o, E_VAR, 0, CT_UINT, -1, -1, 0), 0);
    int32_t rd = node(o, E_MEMBER, 0, CT_UCHAR, node(o, E_SVAR, 0, 0, -1, k(o, CT_INT, 3), 0), -1, 0);
    o->n[ma].next = node(o, S_OUT, 0, 0, rd, -1, 0);
    k0->body = ma;
    cl_result_t r;
    eval_nodes(&p, o, &r);
    cr_assert_eq(r.out[0], 7u);
    cr_assert_eq(r.out[1], 9u);
    free(r.out);
    free(o);
}

/* the float feature: drawn only when asked (not in "all"), the kernel
 * marked `//@ fp` (a device with an FPU) with fb(), contraction on for some
 * seeds and off by the pragma for others */
Test(gen_cl, float_feature)
{
    unsigned m;
    cr_assert_eq(wq_gen_cl_parse_features("all,float", &m), 0);
    cr_assert_eq(m, WQ_GEN_CL_F_DEFAULT | (1u << WQ_GEN_CL_FLOAT));
    char *t = NULL, err[200];
    wq_gen_cl_opts_t o = { m };
    unsigned off = 0, fma = 0, cvt = 0;
    for (uint64_t s = 1; s <= 20; s++) {
        cr_assert_eq(wq_gen_cl(s, NULL, &t, err, sizeof err), WQ_GEN_OK, "%s", err);
        cr_assert_null(strstr(t, "float"));
        cr_assert_null(strstr(t, "//@ fp"));
        free(t);
        cr_assert_eq(wq_gen_cl(s, &o, &t, err, sizeof err), WQ_GEN_OK, "%s", err);
        cr_assert_not_null(strstr(t, "//@ fp\n"));
        cr_assert_not_null(strstr(t, "    float v"));
        cr_assert_not_null(strstr(t, "fb(v"));
        cr_assert_not_null(strstr(t, " x0 = "));        /* a float vector (vector is on) */
        off += strstr(t, "#pragma OPENCL FP_CONTRACT OFF") != NULL;
        fma += strstr(t, "fma(") != NULL;
        cvt += strstr(t, "convert_int_sat_rt") != NULL || strstr(t, "convert_uint_sat_rt") != NULL;
        free(t);
    }
    cr_assert_gt(off, 3u);
    cr_assert_lt(off, 17u);
    cr_assert_gt(fma, 3u);
    cr_assert_gt(cvt, 3u);
}

static int32_t fk(one_t *o, uint32_t bits) { return node(o, E_CONST, 0, CT_FLOAT, -1, -1, bits); }
static int32_t fn2(one_t *o, unsigned kind, unsigned op, int32_t a, int32_t b)
{
    return node(o, kind, op, kind == E_FCMP ? CT_INT : CT_FLOAT, a, b, 0);
}
static int32_t fbits(one_t *o, int32_t a) { return node(o, E_FTOI, FT_BITS, CT_UINT, a, -1, 0); }

/* the oracle's float semantics: contraction exactly where clang fuses
 * (a * b + c, c - a * b; one rounding), fb's canonical NaN, saturating
 * conversions in each mode, fmin's zero written +0, unordered compares */
Test(gen_cl, float_oracle)
{
    /* a = b = 1 + 2^-12, c = -(1 + 2^-11): a * b rounds to -c, so the
     * unfused sum is 0 and the fused one 2^-24 */
    const uint32_t a = 0x3F800800u, c = 0xBF801000u;
    for (unsigned contract = 0; contract < 2; contract++) {
        one_t o = { 0 };
        o.p.contract = contract;
        int32_t mul = fn2(&o, E_FBIN, CO_MUL, fk(&o, a), fk(&o, a));
        uint32_t v = run1(&o, fbits(&o, fn2(&o, E_FBIN, CO_ADD, mul, fk(&o, c))));
        cr_assert_eq(v, contract ? 0x33800000u : 0u, "a*b + c, contract %u: 0x%x", contract, v);
        one_t q = { 0 };
        q.p.contract = contract;
        mul = fn2(&q, E_FBIN, CO_MUL, fk(&q, a), fk(&q, a));
        v = run1(&q, fbits(&q, fn2(&q, E_FBIN, CO_SUB, fk(&q, c ^ 0x80000000u), mul)));
        cr_assert_eq(v, contract ? 0xB3800000u : 0u, "c - a*b, contract %u: 0x%x", contract, v);
    }
    one_t o = { 0 };                /* 0 * inf: NaN, written canonical */
    cr_assert_eq(run1(&o, fbits(&o, fn2(&o, E_FBIN, CO_MUL, fk(&o, 0), fk(&o, 0x7F800000u)))), 0x7FC00000u);
    one_t n = { 0 };
    cr_assert_eq(run1(&n, node(&n, E_FTOI, FT_SINT + WQ_RM_RTZ, CT_INT, fk(&n, 0x7FC00000u), -1, 0)), 0u);
    one_t s = { 0 };                /* 2.5 to int: 2 (rte), 3 (rtp), 2 (rtn) */
    cr_assert_eq(run1(&s, node(&s, E_FTOI, FT_SINT + WQ_RM_RNE, CT_INT, fk(&s, 0x40200000u), -1, 0)), 2u);
    one_t u = { 0 };
    cr_assert_eq(run1(&u, node(&u, E_FTOI, FT_UINT + WQ_RM_RUP, CT_UINT, fk(&u, 0x40200000u), -1, 0)), 3u);
    one_t w = { 0 };                /* -1.5 to uint saturates to 0; 3e9 to int to INT_MAX */
    cr_assert_eq(run1(&w, node(&w, E_FTOI, FT_UINT + WQ_RM_RDN, CT_UINT, fk(&w, 0xBFC00000u), -1, 0)), 0u);
    one_t x = { 0 };
    cr_assert_eq(run1(&x, node(&x, E_FTOI, FT_SINT + WQ_RM_RTZ, CT_INT, fk(&x, 0x4F32D05Eu), -1, 0)), 0x7FFFFFFFu);
    one_t z = { 0 };                /* fmin(-0, +0) + 0.0f: +0 */
    cr_assert_eq(run1(&z, fbits(&z, fn2(&z, E_FMM, 0, fk(&z, 0x80000000u), fk(&z, 0)))), 0u);
    one_t y = { 0 };                /* NaN != NaN, NaN < 1 false */
    cr_assert_eq(run1(&y, fn2(&y, E_FCMP, CO_NE, fk(&y, 0x7FC00000u), fk(&y, 0x7FC00000u))), 1u);
    one_t l = { 0 };
    cr_assert_eq(run1(&l, fn2(&l, E_FCMP, CO_LT, fk(&l, 0x7FC00000u), fk(&l, 0x3F800000u))), 0u);
    one_t r = { 0 };                /* 2^24 + 1 to float: rtz 2^24, rtp 2^24 + 2 */
    int32_t cv = node(&r, E_FCVT, WQ_RM_RUP, CT_FLOAT, k(&r, CT_INT, 0x1000001u), -1, 0);
    cr_assert_eq(run1(&r, fbits(&r, cv)), 0x4B800001u);
}

/* float vectors: a vector product (of a vector and a widened float too)
 * and a widened float are one fma per component with contraction on, as
 * clang and the compiler fuse `v * s + t` */
Test(gen_cl, float_vector_contraction)
{
    const uint32_t a = 0x3F800800u, c = 0xBF801000u;     /* as in float_oracle */
    const unsigned t2 = VT(CT_FLOAT, 1);
    for (unsigned contract = 0; contract < 2; contract++) {
        one_t o = { 0 };
        o.p.contract = contract;
        int32_t v = node(&o, E_FVSPL, 0, t2, fk(&o, a), -1, 0);
        int32_t m = node(&o, E_FVBIN, CO_MUL, t2, v, fk(&o, a), 0);
        o.n[m].flag = 1;                                 /* v * (widened a) */
        int32_t sum = node(&o, E_FVBIN, CO_ADD, t2, m, fk(&o, c), 0);
        o.n[sum].flag = 1;                               /* + (widened c) */
        int32_t comp = node(&o, E_FVCOMP, 0, CT_FLOAT, sum, -1, 1);
        uint32_t got = run1(&o, fbits(&o, comp));
        cr_assert_eq(got, contract ? 0x33800000u : 0u, "v * s + t, contract %u: 0x%x", contract, got);
    }
}
