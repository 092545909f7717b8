/* test_gen_cl.c -- the OpenCL C kernel generator (cmodel/gen/gen_cl.c) and
 * its oracle (gen_cl_eval.c): the same seed gives the same kernel, every
 * kernel carries its launch and expectations, and the evaluator answers
 * hand-written expressions as OpenCL C defines them (promotions, usual
 * arithmetic conversions, rounding toward zero, shift masking, builtins). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "wq/gen.h"
#include "../../cmodel/gen/gen_cl.h"

Test(gen_cl, deterministic_with_header)
{
    for (uint64_t s = 1; s <= 20; s++) {
        char *a = NULL, *b = NULL, err[200];
        cr_assert_eq(wq_gen_cl(s, &a, err, sizeof err), WQ_GEN_OK, "seed %llu: %s", (unsigned long long)s, err);
        cr_assert_eq(wq_gen_cl(s, &b, err, sizeof err), WQ_GEN_OK);
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
    x->a = a; x->b = b; x->c = -1; x->next = -1; x->v = v;
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
