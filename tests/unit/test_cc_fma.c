/* test_cc_fma.c -- fused multiply-add in the compiler (docs/compiler.md
 * "Floating point"): FFMA reads its destination (isa.def WQ_IF_RRD), so
 * the IR passes count it among the instruction's reads; fma() is one
 * FFMA; a * b + c contracts as clang's default does, not under `#pragma
 * OPENCL FP_CONTRACT OFF` unless -cl-mad-enable (or an option implying
 * it) says so; mad() is unfused unless -cl-mad-enable; the math macros
 * and options' macros. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/asm.h"
#include "wq/cc.h"
#include "wq/isa.h"
#include "cc_diag.h"

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)); p++) n++;
    return n;
}

/* a kernel's code for a device with an FPU and these math options: it
 * must compile and assemble */
static char *code_of(const char *src, unsigned fp_flags)
{
    wq_cc_opts_t o = { .fp = 1, .fp_flags = fp_flags };
    wq_cc_result_t r;
    cr_assert_eq(wq_cc_compile(&o, "t.cl", src, strlen(src), &r), WQ_CC_OK, "%s", r.log);
    wq_program_t p;
    char err[300];
    cr_assert_eq(wq_asm(r.wqs, strlen(r.wqs), "t.wqs", &p, err, sizeof err), 0, "%s\n%s", err, r.wqs);
    wq_program_free(&p);
    char *s = strdup(r.wqs);
    wq_cc_result_free(&r);
    return s;
}

/* the flag comes from isa.def, and the IR's read sets follow it */
Test(cc_fma, reads_destination)
{
    cr_assert(wq_opinfo(WQ_OP_FFMA)->flags & WQ_IF_RRD);
    cr_assert(!(wq_opinfo(WQ_OP_FMUL)->flags & WQ_IF_RRD));
    cr_assert(!(wq_opinfo(WQ_OP_ADD)->flags & WQ_IF_RRD));
    cc_ir_t x = { .op = WQ_OP_FFMA, .d = CC_V0 + 2, .a = CC_V0, .b = CC_V0 + 1 };
    int use[4], nu, def;
    cc_uses_defs(&x, 0, use, &nu, &def);
    cr_assert_eq(nu, 3);
    cr_assert_eq(def, CC_V0 + 2);
    cr_assert(use[0] == CC_V0 && use[1] == CC_V0 + 1 && use[2] == CC_V0 + 2);
    cr_assert(cc_reads_d(&x));
    x.op = WQ_OP_FMUL;
    cc_uses_defs(&x, 0, use, &nu, &def);
    cr_assert_eq(nu, 2);
    cr_assert(!cc_reads_d(&x));
    x.gp = 1;
    cr_assert(cc_reads_d(&x));
    /* the census counts the read: an FFMA's accumulator is never dead */
    cc_ir_t ir[2] = { { .op = WQ_OP_MOV, .d = CC_V0 + 2, .bi = 1, .imm = 0x3F800000 },
                      { .op = WQ_OP_FFMA, .d = CC_V0 + 2, .a = CC_V0, .b = CC_V0 + 1 } };
    cc_code_t cd = { .ir = ir, .n = 2, .nvreg = 3 };
    int defs[3], uses[3];
    cc_census(&cd, defs, uses, NULL);
    cr_assert_eq(defs[2], 2);
    cr_assert_eq(uses[2], 1);
}

/* fma() is one FFMA; the addend is copied first when it lives on */
Test(cc_fma, fma_builtin)
{
    char *s = code_of("__kernel void k(__global float *p)\n"
                      "{ float c = p[3]; p[0] = fma(p[1], p[2], c); p[4] = c; p[5] = fma(p[6], 2.5f, 1.0f); }\n", 0);
    cr_assert_eq(count(s, "ffma "), 2, "%s", s);
    cr_assert_eq(count(s, "fmul "), 0, "%s", s);
    cr_assert(strstr(s, "0x40200000"), "%s", s);       /* 2.5f as FFMA's immediate */
    free(s);
}

/* contraction: on by default, off under the pragma, on again under
 * -cl-mad-enable and what implies it; never across statements */
Test(cc_fma, contraction)
{
    const char *body = "{ p[0] = p[1] * p[2] + p[3]; p[4] = p[5] - p[6] * p[7]; float q = p[8] * p[9]; q += p[10];\n"
                       "  p[11] = q; float x = p[12]; x -= p[13] * p[14]; p[15] = x; }\n";
    char src[600];
    snprintf(src, sizeof src, "__kernel void k(__global float *p)\n%s", body);
    char *s = code_of(src, 0);
    cr_assert_eq(count(s, "ffma "), 3, "%s", s);
    cr_assert_eq(count(s, "fmul "), 1, "%s", s);        /* q = p[8] * p[9] stays */
    free(s);
    snprintf(src, sizeof src, "#pragma OPENCL FP_CONTRACT OFF\n__kernel void k(__global float *p)\n%s", body);
    s = code_of(src, 0);
    cr_assert_eq(count(s, "ffma "), 0, "%s", s);
    cr_assert_eq(count(s, "fmul "), 4, "%s", s);
    free(s);
    s = code_of(src, WQ_CC_FP_MAD_ENABLE);
    cr_assert_eq(count(s, "ffma "), 3, "%s", s);
    free(s);
    /* ON again after OFF; DEFAULT is ON */
    s = code_of("#pragma OPENCL FP_CONTRACT OFF\nfloat f(float a, float b, float c) { return a * b + c; }\n"
                "#pragma OPENCL FP_CONTRACT DEFAULT\nfloat g(float a, float b, float c) { return a * b + c; }\n"
                "__kernel void k(__global float *p) { p[0] = f(p[1], p[2], p[3]); p[4] = g(p[5], p[6], p[7]); }\n", 0);
    cr_assert_eq(count(s, "ffma "), 1, "%s", s);
    cr_assert_eq(count(s, "fmul "), 1, "%s", s);
    free(s);
    /* a product of two constants is folded by clang, not fused: two
     * instructions here too (float arithmetic is not folded) */
    s = code_of("__kernel void k(__global float *p) { p[0] = 2.0f * 0.1f + p[1]; }\n", 0);
    cr_assert_eq(count(s, "ffma "), 0, "%s", s);
    free(s);
}

/* mad(): two roundings unless -cl-mad-enable */
Test(cc_fma, mad)
{
    const char *src = "__kernel void k(__global float *p) { p[0] = mad(p[1], p[2], p[3]); }\n";
    char *s = code_of(src, 0);
    cr_assert(count(s, "ffma ") == 0 && count(s, "fmul ") == 1 && count(s, "fadd ") == 1, "%s", s);
    free(s);
    s = code_of(src, WQ_CC_FP_MAD_ENABLE);
    cr_assert(count(s, "ffma ") == 1 && count(s, "fmul ") == 0, "%s", s);
    free(s);
}

/* the pragma's malformed state: a warning, as clang's */
Test(cc_fma, pragma_warning)
{
    wq_cc_opts_t o = { .fp = 1 };
    wq_cc_result_t r;
    const char *src = "#pragma OPENCL FP_CONTRACT MAYBE\n__kernel void k(__global float *p) { }\n";
    cr_assert_eq(wq_cc_compile(&o, "t.cl", src, strlen(src), &r), WQ_CC_OK, "%s", r.log);
    cr_assert(strstr(r.log, "t.cl:1:28: warning: expected 'ON' or 'OFF' or 'DEFAULT' in pragma - ignoring"), "%s", r.log);
    wq_cc_result_free(&r);
}
