/* test_cc_fvec.c -- float vectors and the float macros in the compiler
 * (docs/compiler.md "Vector types", "Floating point"): what compiles to
 * what, and the refusals at file:line:col (a float vector on a device
 * without an FPU, ++ on a float vector, ~, a float scalar with an int
 * vector, double and half vectors); the macros FLT_* / M_*_F / INFINITY /
 * NAN, FP_FAST_FMAF on a device with an FPU, __FAST_RELAXED_MATH__ under
 * -cl-fast-relaxed-math. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/asm.h"
#include "wq/cc.h"
#include "cc_diag.h"

static int compile(const char *src, int fp, unsigned fp_flags, wq_cc_result_t *r)
{
    wq_cc_opts_t o = { .fp = fp, .fp_flags = fp_flags, .device = fp ? NULL : "warpq (model, 32 lanes)" };
    return wq_cc_compile(&o, "t.cl", src, strlen(src), r);
}

static void diag(const char *src, int fp, const char *want, int col)
{
    wq_cc_result_t r;
    int rc = compile(src, fp, 0, &r);
    cc_diag_check(rc, &r, src, want, col);
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)); p++) n++;
    return n;
}

static char *code_of(const char *src, unsigned fp_flags)
{
    wq_cc_result_t r;
    cr_assert_eq(compile(src, 1, fp_flags, &r), WQ_CC_OK, "%s", r.log);
    wq_program_t p;
    char err[300];
    cr_assert_eq(wq_asm(r.wqs, strlen(r.wqs), "t.wqs", &p, err, sizeof err), 0, "%s\n%s", err, r.wqs);
    wq_program_free(&p);
    char *s = strdup(r.wqs);
    wq_cc_result_free(&r);
    return s;
}

Test(cc_fvec, errors)
{
    diag("__kernel void k(__global int *p) {\n  float4 v = 0;\n}\n", 0,
         "t.cl:2:3: error: floating-point types are not supported by this device: warpq (model, 32 lanes) has no "
         "FPU (the integer subset of OpenCL C runs there)", 3);
    diag("__kernel void k(__global float4 *p) {\n  float4 v = p[0];\n  v++;\n}\n", 1,
         "t.cl:3:4: error: cannot increment or decrement a value of type float4", 4);
    diag("__kernel void k(__global float4 *p) { p[0] = ~p[1]; }\n", 1,
         "t.cl:1:46: error: invalid operand to '~' (float4)", 46);
    diag("__kernel void k(__global int4 *p, float f) { p[0] = p[1] + f; }\n", 1,
         "t.cl:1:58: error: invalid operands to '+' (int4 and float)", 58);
    diag("__kernel void k(__global float4 *p) { double4 d; }\n", 1,
         "t.cl:1:39: error: vector types (double4) are not supported by this device (warpq runs the integer "
         "subset of OpenCL C)", 39);
    diag("__kernel void k(__global float4 *p) { p[0] = p[1] % p[2]; }\n", 1,
         "t.cl:1:51: error: invalid operands to '%' (float and float)", 51);
    diag("__kernel void k(__global float4 *p) { p[0] = sqrt(p[1].xy); }\n", 1,
         "t.cl:1:44: error: assignment: cannot convert float2 to float4", 44);
    diag("__kernel void k(__global int *p) { p[0] = FLT_MAX; }\n", 0,
         "t.cl:1:43: error: floating-point constants are not supported by this device: warpq (model, 32 lanes) has "
         "no FPU (the integer subset of OpenCL C runs there)", 43);
}

Test(cc_fvec, code)
{
    /* a float4 sum: four FADDs; a compare: four FSETPs and int 0 / -1;
     * unary minus flips the sign bits; a * b + c per component is FFMA */
    char *s = code_of("__kernel void k(__global float4 *p, __global int4 *q)\n"
                      "{ p[0] = p[1] + p[2]; q[0] = p[3] < p[4]; p[5] = -p[6]; p[7] = p[8] * p[9] + p[10]; }\n", 0);
    cr_assert_eq(count(s, "fadd "), 4, "%s", s);
    cr_assert_eq(count(s, "fsetp.lt"), 4, "%s", s);
    cr_assert_eq(count(s, "ffma "), 4, "%s", s);
    cr_assert_eq(count(s, "fmul "), 0, "%s", s);
    cr_assert(count(s, "0x80000000") >= 4, "%s", s);
    free(s);
    /* conversions per component with the named rounding; sqrt per component */
    s = code_of("__kernel void k(__global float8 *p, __global int8 *q)\n"
                "{ q[0] = convert_int8_rte(p[0]); p[1] = convert_float8_rtz(q[1]); p[2] = sqrt(p[3]); }\n", 0);
    cr_assert_eq(count(s, "f2i.rne"), 8, "%s", s);
    cr_assert_eq(count(s, "i2f.rtz"), 8, "%s", s);
    cr_assert_eq(count(s, "fsqrt "), 8, "%s", s);
    free(s);
}

/* the relational functions, min / max / clamp and select on floats */
Test(cc_fvec, relational)
{
    char *s = code_of("__kernel void k(__global float *p, __global int *q, __global int4 *r, __global float4 *v)\n"
                      "{ q[0] = isless(p[0], p[1]); q[1] = isunordered(p[2], p[3]); r[0] = isgreater(v[0], v[1]);\n"
                      "  p[4] = max(p[5], p[6]); p[7] = clamp(p[8], 0.0f, 1.0f); v[2] = min(v[3], 2.0f);\n"
                      "  p[9] = select(p[10], p[11], q[2]); }\n", 0);
    cr_assert_eq(count(s, "fsetp.lt"), 1 + 4, "%s", s);     /* isless; isgreater swaps its operands */
    cr_assert_eq(count(s, "fsetp.ne"), 2, "%s", s);         /* isunordered: x != x, y != y */
    cr_assert_eq(count(s, "fmax "), 2, "%s", s);
    cr_assert_eq(count(s, "fmin "), 1 + 4, "%s", s);
    cr_assert(strstr(s, "sel "), "%s", s);
    free(s);
}

Test(cc_fvec, macros)
{
    wq_cc_result_t r;
    const char *src = "#if !defined(FP_FAST_FMAF) || FLT_DIG != 6 || FLT_MANT_DIG != 24 || FLT_RADIX != 2\n#error\n#endif\n"
                      "#if FLT_MAX_EXP != 128 || FLT_MIN_EXP != -125 || FLT_MAX_10_EXP != 38 || FLT_MIN_10_EXP != -37\n"
                      "#error\n#endif\n"
                      "#ifdef __FAST_RELAXED_MATH__\n#error fast\n#endif\n"
                      "__kernel void k(__global float *p) { p[0] = FLT_MAX; p[1] = FLT_MIN; p[2] = FLT_EPSILON;\n"
                      "  p[3] = INFINITY; p[4] = NAN; p[5] = M_PI_F; p[6] = MAXFLOAT; p[7] = HUGE_VALF; }\n";
    char *s = code_of(src, 0);
    cr_assert(strstr(s, "0x7F7FFFFF") && strstr(s, "0x00800000") && strstr(s, "0x34000000"), "%s", s);
    cr_assert(strstr(s, "0x7F800000") && strstr(s, "0x7FC00000") && strstr(s, "0x40490FDB"), "%s", s);
    free(s);
    /* -cl-fast-relaxed-math defines __FAST_RELAXED_MATH__ */
    cr_assert_eq(compile(src, 1, WQ_CC_FP_FAST_RELAXED, &r), WQ_CC_ERROR);
    cr_assert(strstr(r.log, "#error fast"), "%s", r.log);
    wq_cc_result_free(&r);
    /* no FP_FAST_FMAF without an FPU */
    const char *nofp = "#ifdef FP_FAST_FMAF\n#error fma\n#endif\n__kernel void k(__global int *p) { p[0] = FLT_DIG; }\n";
    cr_assert_eq(compile(nofp, 0, 0, &r), WQ_CC_OK, "%s", r.log);
    wq_cc_result_free(&r);
}
