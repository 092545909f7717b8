/* test_cc_mathlib.c -- the device math library in the compiler
 * (docs/mathlib.md): a call to a library name resolves to the library's
 * function (its source lines in the output), a program's own function of
 * the name comes first, clamp stays the built-in (integer; FMIN/FMAX on floats),
 * the library is a unit only for a device with an FPU (and counts no
 * source lines), and the errors at file:line:col (no FPU, an operand of
 * the wrong type, arity, modf/frexp's pointer, the vector forms' operand
 * widths).  The vector forms are the scalar call per component; the
 * library's accuracy is scripts/mathlib_check.py's. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/asm.h"
#include "wq/cc.h"
#include "cc_diag.h"

static int compile(const char *src, int fp, const char *device, wq_cc_result_t *r)
{
    wq_cc_opts_t o = { .fp = fp, .device = device };
    return wq_cc_compile(&o, "t.cl", src, strlen(src), r);
}

static void diag(const char *src, int fp, const char *device, const char *want, int col)
{
    wq_cc_result_t r;
    int rc = compile(src, fp, device, &r);
    cc_diag_check(rc, &r, src, want, col);
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

Test(cc_mathlib, calls_resolve_to_the_library)
{
    char *s = code_of("__kernel void k(__global float *p, __global int *q)\n"
                      "{ int e; float i; p[0] = sin(p[1]) + pow(p[2], p[3]) + pown(p[4], q[0]);\n"
                      "  p[5] = frexp(p[6], &e) + modf(p[7], &i) + native_exp((float)e) + half_recip(i);\n"
                      "  p[8] = frexp(p[9], q + 1) + modf(p[10], p + 11); }\n");
    /* lines of each function's body, as the output's source comments quote them */
    const char *want[] = { "__wq_m_reduce(x, &rh, &rl)", "x == 1.0f) return 1.0f", "uint an = n < 0",
                           "WQ_M_PTRFNS(p, __private)", "WQ_M_PTRFNS(g, __global)", "__wq_m_rint(x * LOG2E)",
                           "float __wq_m_recip(float x)" };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        cr_assert(strstr(s, want[i]), "no %s in\n%s", want[i], s);
    cr_assert(strstr(s, "; <math library>:"), "%s", s);
    free(s);
}

Test(cc_mathlib, own_function_first)
{
    char *s = code_of("float sin(float x) { return x + 1.0f; }\n"
                      "__kernel void k(__global float *p) { p[0] = sin(p[1]); }\n");
    cr_assert(!strstr(s, "__wq_m_"), "%s", s);
    free(s);
}

Test(cc_mathlib, integer_clamp_and_no_fpu)
{
    const char *src = "__kernel void k(__global int *p) { p[0] = clamp(p[1], 2, 5); }\n";
    for (int fp = 0; fp < 2; fp++) {
        wq_cc_result_t r;
        cr_assert_eq(compile(src, fp, NULL, &r), WQ_CC_OK, "fp %d: %s", fp, r.log);
        cr_assert(!strstr(r.wqs, "__wq_m_"), "%s", r.wqs);
        cr_assert_eq(r.lines, 1, "the library's lines counted: %u", r.lines);
        wq_cc_result_free(&r);
    }
    /* clamp on a float is the FMIN/FMAX built-in, scalar or vector: no call */
    char *s = code_of("__kernel void k(__global float *p) { p[0] = clamp(p[1], 0.0f, 1.0f); }\n");
    cr_assert(!strstr(s, "__wq_m_"), "%s", s);
    cr_assert(strstr(s, "fmax") && strstr(s, "fmin"), "%s", s);
    free(s);
}

Test(cc_mathlib, errors)
{
    diag("__kernel void k(__global int *p) { p[0] = sin(p[1]); }\n", 0, "warpq (rtl, 8 lanes)",
         "t.cl:1:43: error: 'sin' is not supported by this device: warpq (rtl, 8 lanes) has no FPU (the integer "
         "subset of OpenCL C runs there)", 43);
    diag("__kernel void k(__global float *p, int n) { p[0] = exp(n); }\n", 1, NULL,
         "t.cl:1:56: error: 'exp' takes a float argument 1 (here int)", 56);
    diag("__kernel void k(__global float *p) { p[0] = ldexp(p[1], p[2]); }\n", 1, NULL,
         "t.cl:1:58: error: 'ldexp' takes an int argument 2 (here float)", 58);
    diag("__kernel void k(__global float *p) { p[0] = pow(p[1]); }\n", 1, NULL,
         "t.cl:1:45: error: 'pow' takes 2 arguments, not 1", 45);
    diag("__kernel void k(__global float *p) { float f; p[0] = frexp(p[1], &f); }\n", 1, NULL,
         "t.cl:1:66: error: 'frexp' takes a pointer to int as argument 2 (here float*)", 66);
    diag("__constant float c[1] = { 0.0f };\n"
         "__kernel void k(__global float *p) { p[0] = modf(p[1], c); }\n", 1, NULL,
         "t.cl:2:56: error: 'modf' writes through its pointer: not a __constant one", 56);
    diag("__kernel void k(__global float *p, int4 v) { p[0] = cos(v); }\n", 1, NULL,
         "t.cl:1:57: error: 'cos' takes a float4 argument 1 (here int4)", 57);
    diag("__kernel void k(__global float4 *p) { p[0] = fmod(p[1], 2.0f); }\n", 1, NULL,
         "t.cl:1:57: error: 'fmod' on float4 takes a float4 as argument 2 (here float)", 57);
    diag("__kernel void k(__global float4 *p, float2 v) { p[0] = hypot(p[1], v); }\n", 1, NULL,
         "t.cl:1:68: error: 'hypot' with arguments of different vector widths (4 and 2)", 68);
    diag("__kernel void k(__global float4 *p) { int e; p[0] = frexp(p[1], &e); }\n", 1, NULL,
         "t.cl:1:65: error: 'frexp' takes a pointer to int4 as argument 2 (here int*)", 65);
    diag("__kernel void k(__global float4 *p) { int4 e; p[0] = pown(p[1], e.x); }\n", 1, NULL,
         "t.cl:1:67: error: 'pown' on float4 takes an int4 as argument 2 (here int)", 67);
    diag("float f(__global float *p, const float *c) { return fract(p[1], c); }\n", 1, NULL,
         "t.cl:1:65: error: 'fract' writes through its pointer: not a const one", 65);
}

/* a vector call is the scalar function per component, with the scalar
 * operands of the mixed forms used by every component and a vector
 * pointer written component by component */
Test(cc_mathlib, vector_forms)
{
    char *s = code_of("__kernel void k(__global float4 *p, __global int4 *q, __global float8 *r)\n"
                      "{ int4 e; float4 c; p[0] = sin(p[1]) + mix(p[2], p[3], 0.5f) + clamp(p[4], 0.0f, 1.0f)\n"
                      "  + step(0.5f, p[5]) + smoothstep(0.0f, 1.0f, p[6]) + ldexp(p[7], 3) + pown(p[8], q[0]);\n"
                      "  p[9] = frexp(p[10], &e) + sincos(p[11], &c) + c + remquo(p[12], p[13], q + 1);\n"
                      "  q[2] = e + ilogb(p[14]); r[0] = lgamma_r(r[1], (__global int8 *)q + 2); }\n");
    const char *want[] = { "__wq_m_reduce(x, &rh, &rl)", "float __wq_m_mix(", "float t = fmin(fmax((x - e0)",
                           "if (n > 300) n = 300;", "WQ_M_PTRFNS(p, __private)", "WQ_M_PTRFNS(g, __global)",
                           "return 0x7FFFFFFF;" };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++)
        cr_assert(strstr(s, want[i]), "no %s in\n%s", want[i], s);
    free(s);
}

/* a cast or sizeof with an address space copies the built-in type: the
 * next compilation's `int *` (the library's own among them) is private */
Test(cc_mathlib, address_space_in_a_type_name_does_not_leak)
{
    wq_cc_result_t r;
    const char *a = "__kernel void k(__global int *p) { p[0] = sizeof(__global int) + (__local int)p[1]; }\n";
    cr_assert_eq(compile(a, 1, NULL, &r), WQ_CC_OK, "%s", r.log);
    wq_cc_result_free(&r);
    const char *b = "void f(int *e) { *e = 1; }\n"
                    "__kernel void k(__global float *p) { int e; f(&e); p[0] = log(p[1]) + (float)e; }\n";
    cr_assert_eq(compile(b, 1, NULL, &r), WQ_CC_OK, "%s", r.log);
    wq_cc_result_free(&r);
}
