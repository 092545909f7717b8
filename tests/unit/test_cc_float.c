/* test_cc_float.c -- float in the compiler (docs/compiler.md "Floating
 * point"): literals converted to binary32 exactly (float.c) against the C
 * library's strtof, which glibc rounds correctly, on random literals and
 * on the exact decimal midpoints between adjacent floats (ties to even)
 * and their neighbours; the constant conversions between float and the
 * integers; what a kernel with float compiles to; and the errors at
 * file:line:col (double, half, a float kernel for a device without an
 * FPU, % on floats). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/asm.h"
#include "wq/cc.h"
#include "cc_diag.h"

static uint32_t bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float float_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* the literal's bits, or a failed assertion naming it */
static uint32_t lit(const char *s)
{
    uint32_t b = 0;
    int f = 0;
    const char *err = "";
    cr_assert_eq(cc_float_literal(s, (int)strlen(s), &b, &f, &err), 0, "%s refused: %s", s, err);
    return b;
}

static void same_as_strtof(const char *s)
{
    uint32_t want = bits_of(strtof(s, NULL)), got = lit(s);
    cr_assert_eq(got, want, "%s: 0x%08X, strtof 0x%08X", s, got, want);
}

static uint64_t rng = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 11);
}

Test(cc_float, literals_fixed)
{
    cr_assert_eq(lit("1.5f"), 0x3FC00000u);
    cr_assert_eq(lit("1.5"), 0x3FC00000u);
    cr_assert_eq(lit("0x1.8p1f"), 0x40400000u);
    cr_assert_eq(lit("0.1f"), 0x3DCCCCCDu);
    cr_assert_eq(lit("1e10"), 0x501502F9u);
    cr_assert_eq(lit(".5"), 0x3F000000u);
    cr_assert_eq(lit("5."), 0x40A00000u);
    cr_assert_eq(lit("0.0"), 0u);
    cr_assert_eq(lit("0x0p0"), 0u);
    /* 2^24 + 1 lies halfway between 2^24 and 2^24 + 2: to even (2^24);
     * 2^24 + 3 halfway between + 2 and + 4: to even (+ 4) */
    cr_assert_eq(lit("16777217"), 0x4B800000u);
    cr_assert_eq(lit("16777217.000000000000000000000000000001"), 0x4B800001u);
    cr_assert_eq(lit("16777219"), 0x4B800002u);
    /* the largest float; the midpoint to 2^128 (which rounds to infinity)
     * is 340282356779733661637539395458142568448 */
    cr_assert_eq(lit("3.4028235e38"), 0x7F7FFFFFu);
    cr_assert_eq(lit("340282356779733661637539395458142568447"), 0x7F7FFFFFu);
    cr_assert_eq(lit("340282356779733661637539395458142568448"), 0x7F800000u);
    cr_assert_eq(lit("1e39"), 0x7F800000u);
    cr_assert_eq(lit("1e100000"), 0x7F800000u);
    /* the smallest subnormal 2^-149 = 1.40129846e-45; half of it
     * (7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625e-46)
     * rounds to even: 0 */
    cr_assert_eq(lit("1.4e-45"), 0x00000001u);
    cr_assert_eq(lit("7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625e-46"), 0u);
    cr_assert_eq(lit("7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015626e-46"), 1u);
    cr_assert_eq(lit("1e-100000"), 0u);
    cr_assert_eq(lit("0x1p-149"), 1u);
    cr_assert_eq(lit("0x1p-150"), 0u);
    cr_assert_eq(lit("0x1.0000000001p-150"), 1u);
    cr_assert_eq(lit("0x1.fffffep127f"), 0x7F7FFFFFu);
    cr_assert_eq(lit("0x1.ffffffp127"), 0x7F800000u);      /* the midpoint: to even, 2^128 */
    /* texts the grammar refuses */
    uint32_t b;
    int f;
    const char *err;
    cr_assert_neq(cc_float_literal("0x1.8", 5, &b, &f, &err), 0, "a hex float needs p");
    cr_assert_neq(cc_float_literal("1e+", 3, &b, &f, &err), 0);
    cr_assert_neq(cc_float_literal("1.5q", 4, &b, &f, &err), 0);
    cr_assert_neq(cc_float_literal("1.5ff", 5, &b, &f, &err), 0);
}

/* random decimal literals: 1 to 60 digits, the point anywhere, exponents
 * from -70 to 50 (over and under the range) */
Test(cc_float, literals_random_against_strtof)
{
    char s[160];
    for (int n = 0; n < 100000; n++) {
        int nd = 1 + (int)(rnd() % 60), dot = (int)(rnd() % (unsigned)(nd + 1)), k = 0;
        for (int i = 0; i < nd; i++) {
            if (i == dot) s[k++] = '.';
            s[k++] = (char)('0' + rnd() % 10);
        }
        if (dot == nd) s[k++] = '.';
        if (rnd() % 4) k += sprintf(s + k, "e%d", (int)(rnd() % 121) - 70);
        if (rnd() % 2) s[k++] = 'f';
        s[k] = 0;
        same_as_strtof(s);
    }
}

/* the exact midpoint between a float and the next one above (25
 * significant bits: exact in a double, printed exactly by glibc) must
 * round to the even one; a digit more above it rounds up, and the
 * midpoint printed to 9, 17 and 30 digits lands near it on either side */
Test(cc_float, literals_halfway_against_strtof)
{
    char s[1200];
    for (int n = 0; n < 20000; n++) {
        uint32_t x = rnd() & 0x7F7FFFFFu;               /* finite, positive */
        if (n % 4 == 0) x &= 0x007FFFFFu;               /* a subnormal */
        if (x == 0x7F7FFFFFu) continue;                 /* its next is infinity */
        double lo = float_of(x), hi = float_of(x + 1);
        double mid = lo + (hi - lo) / 2;
        cr_assert(mid > lo && mid < hi);
        snprintf(s, sizeof s, "%.1100e", mid);
        /* the exact expansion without its trailing zeros */
        char t[1200], *e = strchr(s, 'e');
        size_t m = (size_t)(e - s);
        while (s[m - 1] == '0') m--;
        snprintf(t, sizeof t, "%.*s%s", (int)m, s, e);
        uint32_t want = (x & 1) ? x + 1 : x;
        cr_assert_eq(lit(t), want, "%s: 0x%08X, want 0x%08X", t, lit(t), want);
        same_as_strtof(t);
        /* a 1 after the 1100th digit (past the 800 kept: sticky) */
        snprintf(t, sizeof t, "%.*s1%s", (int)(e - s), s, e);
        cr_assert_eq(lit(t), x + 1, "%s", t);
        for (int d = 9; d <= 30; d += d < 17 ? 8 : 13) {
            snprintf(s, sizeof s, "%.*e", d - 1, mid);
            same_as_strtof(s);
        }
        snprintf(s, sizeof s, "%a", mid);             /* the midpoint in hex */
        cr_assert_eq(lit(s), want, "%s", s);
    }
}

Test(cc_float, constant_conversions)
{
    for (int n = 0; n < 200000; n++) {
        int64_t v = (int64_t)((uint64_t)rnd() << 32 | rnd()) >> (rnd() % 64);
        cr_assert_eq(cc_f32_from_int((uint64_t)v, 1), bits_of((float)v), "%lld", (long long)v);
        cr_assert_eq(cc_f32_from_int((uint64_t)v, 0), bits_of((float)(uint64_t)v), "%llu", (unsigned long long)v);
        int32_t i = (int32_t)v;
        cr_assert_eq(cc_f32_from_int((uint64_t)(int64_t)i, 1), bits_of((float)i));
        /* float -> int toward zero where C defines it */
        float f = float_of(rnd());
        if (f > -2147483648.0f && f < 2147483648.0f)
            cr_assert_eq((int32_t)cc_f32_to_int(bits_of(f), 32, 1), (int32_t)f, "%a", f);
        if (f > -1.0f && f < 4294967296.0f)
            cr_assert_eq((uint32_t)cc_f32_to_int(bits_of(f), 32, 0), (uint32_t)f, "%a", f);
    }
    /* beyond the range: saturated, as F2I / F2U; NaN 0 */
    cr_assert_eq((int32_t)cc_f32_to_int(0x7F800000u, 32, 1), INT32_MAX);
    cr_assert_eq((int32_t)cc_f32_to_int(0xCF000001u, 32, 1), INT32_MIN);
    cr_assert_eq((uint32_t)cc_f32_to_int(0xBF800000u, 32, 0), 0u);
    cr_assert_eq((uint32_t)cc_f32_to_int(0x4F800000u, 32, 0), UINT32_MAX);
    cr_assert_eq(cc_f32_to_int(0x7FC00000u, 32, 1), 0u);
    cr_assert_eq((int64_t)cc_f32_to_int(0xDF000000u, 64, 1), INT64_MIN);
}

static int compile(const char *src, int fp, const char *device, wq_cc_result_t *r)
{
    wq_cc_opts_t o = { .fp = fp, .device = device };
    return wq_cc_compile(&o, "t.cl", src, strlen(src), r);
}

/* refused: the first line of the log want, the caret under column col */
static void diag(const char *src, int fp, const char *device, const char *want, int col)
{
    wq_cc_result_t r;
    int rc = compile(src, fp, device, &r);
    cc_diag_check(rc, &r, src, want, col);
}

Test(cc_float, errors)
{
    diag("__kernel void k(__global float *p) { }\n", 0, "warpq (rtl, 32 lanes)",
         "t.cl:1:26: error: floating-point types are not supported by this device: warpq (rtl, 32 lanes) "
         "has no FPU (the integer subset of OpenCL C runs there)", 26);
    diag("__kernel void k(__global int *p) {\n  p[0] = 2.5f;\n}\n", 0, "warpq (model, 8 lanes)",
         "t.cl:2:10: error: floating-point constants are not supported by this device: warpq (model, 8 lanes) "
         "has no FPU (the integer subset of OpenCL C runs there)", 10);
    diag("__kernel void k(__global int *p) { p[0] = as_float(p[1]) != 0; }\n", 0, NULL,
         "t.cl:1:43: error: floating-point types are not supported by this device (no FPU: warpq runs the "
         "integer subset of OpenCL C)", 43);
    diag("__kernel void k(__global double *p) { }\n", 1, NULL,
         "t.cl:1:26: error: double is not supported by this device (no cl_khr_fp64)", 26);
    diag("__kernel void k(__global float *p) {\n    half h;\n}\n", 1, NULL,
         "t.cl:2:5: error: half is not supported by this device (no cl_khr_fp16)", 5);
    diag("__kernel void k(__global float *p) { p[0] = convert_double(p[1]); }\n", 1, NULL,
         "t.cl:1:45: error: double is not supported by this device (no cl_khr_fp64)", 45);
    diag("__kernel void k(__global float *p) { p[0] = p[1] % 2.0f; }\n", 1, NULL,
         "t.cl:1:50: error: invalid operands to '%' (float and float)", 50);
    diag("__kernel void k(__global float *p) { p[0] = ~p[1]; }\n", 1, NULL,
         "t.cl:1:45: error: invalid operand to '~'", 45);
    diag("__kernel void k(__global float *p) { switch (p[0]) { default: break; } }\n", 1, NULL,
         "t.cl:1:47: error: the switch value must be an integer", 47);
    diag("__kernel void k(__global float *p) { p[0] = 1.5e; }\n", 1, NULL,
         "t.cl:1:45: error: invalid floating constant '1.5e': exponent has no digits", 45);
    diag("__kernel void k(__global float *p) { p[0] = p[1] ? 1.0f : 2.0f; }\n", 1, NULL,
         "t.cl:1:50: error: the condition of '?:' cannot be a float (OpenCL C 6.3.i: compare it)", 50);
    diag("__kernel void k(__global int *p) { p[0] = sqrt(p[1]); }\n", 0, "warpq (rtl, 8 lanes)",
         "t.cl:1:43: error: 'sqrt' is not supported by this device: warpq (rtl, 8 lanes) has no FPU (the integer "
         "subset of OpenCL C runs there)", 43);
    diag("__kernel void k(__global float *p, int n) { p[0] = fmin(p[1], n); }\n", 1, NULL,
         "t.cl:1:63: error: 'fmin' takes float arguments or float vectors of one type (here int)", 63);
    diag("__kernel void k(__global float *p) { p[0] = copysign(p[1]); }\n", 1, NULL,
         "t.cl:1:45: error: 'copysign' takes 2 arguments, not 1", 45);
    diag("#if 1.5 > 1\n#endif\n__kernel void k(__global float *p) { }\n", 1, NULL,
         "t.cl:1:5: error: a floating constant in a #if expression", 5);
    diag("__kernel void k(__global float *p) { half4 v; }\n", 1, NULL,
         "t.cl:1:38: error: vector types (half4) are not supported by this device (warpq runs the integer "
         "subset of OpenCL C)", 38);
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)); p++) n++;
    return n;
}

/* a kernel's code: it must compile (fp = 1) and assemble */
static char *code_of(const char *src)
{
    wq_cc_result_t r;
    cr_assert_eq(compile(src, 1, NULL, &r), WQ_CC_OK, "%s", r.log);
    wq_program_t p;
    char err[300];
    cr_assert_eq(wq_asm(r.wqs, strlen(r.wqs), "t.wqs", &p, err, sizeof err), 0, "%s\n%s", err, r.wqs);
    wq_program_free(&p);
    char *s = strdup(r.wqs);
    wq_cc_result_free(&r);
    return s;
}

Test(cc_float, code)
{
    /* the compares: NE unordered (true on NaN), the others ordered; `>`
     * and `>=` swap their operands; !(a < b) negates the predicate */
    char *s = code_of("__kernel void k(__global float *p, __global int *q, float a, float b)\n"
                      "{ q[0] = a != b; q[1] = a < b; q[2] = a >= b; q[3] = !(a < b); q[4] = a == b; }\n");
    cr_assert(strstr(s, "fsetp.ne") && strstr(s, "fsetp.lt") && strstr(s, "fsetp.le") && strstr(s, "fsetp.eq"), "%s", s);
    cr_assert(!strstr(s, "fsetp.ge") && !strstr(s, "fsetp.ltu"), "%s", s);
    free(s);
    /* no integer identities on floats: x + 0.0f (x = -0.0f), x * 2.0f, x
     * * 1.0f stay arithmetic; -x flips the sign bit; the conversions name
     * their rounding modes */
    s = code_of("__kernel void k(__global float *p)\n"
                "{ p[0] = p[1] + 0.0f; p[2] = p[3] * 2.0f; p[4] = p[5] * 1.0f; p[6] = -p[7]; }\n");
    cr_assert_eq(count(s, "fadd   "), 1, "%s", s);
    cr_assert(count(s, "fmul   ") == 2 && !strstr(s, "shl"), "%s", s);
    cr_assert(strstr(s, "xor") && strstr(s, "0x80000000"), "%s", s);
    free(s);
    s = code_of("__kernel void k(__global float *p, __global int *q, __global uint *u)\n"
                "{ q[0] = (int)p[8]; u[0] = (uint)p[9]; p[10] = (float)q[1]; p[11] = (float)u[1];\n"
                "  q[2] = convert_int_rte(p[12]); q[3] = convert_int_rtp(p[13]); q[4] = convert_int_rtn(p[14]);\n"
                "  p[15] = convert_float_rtz(q[5]); q[6] = as_int(p[16]); p[17] = as_float(q[7]);\n"
                "  q[8] = convert_char_sat(p[18]); q[9] = (bool)p[19]; q[10] = p[20] && p[21]; }\n");
    cr_assert(strstr(s, "f2i.rtz") && strstr(s, "f2u.rtz") && strstr(s, "i2f.rne") && strstr(s, "u2f.rne"), "%s", s);
    cr_assert(strstr(s, "f2i.rne") && strstr(s, "f2i.rup") && strstr(s, "f2i.rdn") && strstr(s, "i2f.rtz"), "%s", s);
    free(s);
    /* constants fold exactly: (int)2.75f is 2, (float)16777217 is 2^24,
     * -0.0f keeps its sign */
    s = code_of("__kernel void k(__global float *p, __global int *q)\n"
                "{ q[0] = (int)2.75f; p[0] = (float)16777217; p[1] = -0.0f; q[1] = (int)-2.75f; }\n");
    cr_assert(strstr(s, ", 2\n") && strstr(s, "0x4B800000") && strstr(s, "0x80000000") && strstr(s, ", -2\n"), "%s", s);
    free(s);
}

/* the built-ins: sqrt, fmin and fmax one instruction each; fabs,
 * copysign, signbit, isinf, isfinite, isnormal integer operations on the
 * bits; isnan an unordered compare */
Test(cc_float, builtins)
{
    char *s = code_of("__kernel void k(__global float *p, __global int *q)\n"
                      "{ p[0] = sqrt(p[1]); p[2] = fmin(p[3], p[4]); p[5] = fmax(p[6], 2.0f); }\n");
    cr_assert(count(s, "fsqrt ") == 1 && count(s, "fmin   ") == 1 && count(s, "fmax   ") == 1, "%s", s);
    free(s);
    s = code_of("__kernel void k(__global float *p, __global int *q)\n"
                "{ p[0] = fabs(p[1]); p[2] = copysign(p[3], p[4]); q[0] = signbit(p[5]); q[1] = isnan(p[6]);\n"
                "  q[2] = isinf(p[7]); q[3] = isfinite(p[8]); q[4] = isnormal(p[9]); }\n");
    cr_assert(strstr(s, "0x7FFFFFFF") && strstr(s, "0x80000000") && strstr(s, "shr") && strstr(s, "fsetp.ne"), "%s", s);
    cr_assert(count(s, "0x7F800000") == 2 && strstr(s, "0x7F000000") && strstr(s, "setp.ltu"), "%s", s);
    free(s);
}
