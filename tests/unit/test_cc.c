/* test_cc.c -- the OpenCL C compiler (docs/compiler.md): diagnostics at
 * file:line:col with a caret, the preprocessor, and a fuzz run that feeds
 * it random and mutated kernels (fixed seeds) and asserts it always
 * answers -- compiled, or an error with a diagnostic -- and never crashes.
 * What compiled kernels compute is checked end to end by
 * scripts/kernels.sh (model, RTL, POCL). */
#include <criterion/criterion.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/asm.h"
#include "wq/cc.h"
#include "cc_diag.h"

static int compile(const char *src, wq_cc_result_t *r)
{
    wq_cc_opts_t o = {0};
    return wq_cc_compile(&o, "t.cl", src, strlen(src), r);
}

/* the first line of the log must be want; the second is the source line
 * and the third a caret under column col */
static void diag(const char *src, const char *want, int col)
{
    wq_cc_result_t r;
    int rc = compile(src, &r);
    cc_diag_check(rc, &r, src, want, col);
}

/* opts.ir_after (wq cc --ir-after): the IR after every run of a pass of
 * the pass table, by name; the code itself does not change */
static int compile_ir_after(const char *src, const char *after, wq_cc_result_t *r)
{
    wq_cc_opts_t o = { .ir_after = after };
    return wq_cc_compile(&o, "t.cl", src, strlen(src), r);
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, what)); p++) n++;
    return n;
}

Test(cc, ir_after_a_named_pass)
{
    const char *src = "__kernel void k(__global int *p, int n, int a)\n"
                      "{\n    for (int i = 0; i < n; i++) p[i] = a * 3 + i;\n}\n";
    wq_cc_result_t d, r;
    cr_assert_eq(compile_ir_after(src, NULL, &d), WQ_CC_OK, "%s", d.log);
    cr_assert_eq(count(d.ir, "; ---- after"), 0);
    /* after subv is the default's text, headed */
    cr_assert_eq(compile_ir_after(src, "subv", &r), WQ_CC_OK, "%s", r.log);
    const char *head = "\n; ---- after subv\n";
    cr_assert(!strncmp(r.ir, head, strlen(head)) && !strcmp(r.ir + strlen(head), d.ir), "%s", r.ir);
    cr_assert_str_eq(r.wqs, d.wqs);
    wq_cc_result_free(&r);
    /* lowering's copies and literals in registers, before the clean-ups */
    cr_assert_eq(compile_ir_after(src, "lower", &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(count(r.ir, "; ---- after lower\n"), 1);
    cr_assert_gt(count(r.ir, "mov "), count(d.ir, "mov "), "%s\n----\n%s", r.ir, d.ir);
    cr_assert_str_eq(r.wqs, d.wqs);
    wq_cc_result_free(&r);
    /* a round's pass: once per round, numbered */
    cr_assert_eq(compile_ir_after(src, "licm", &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(count(r.ir, "; ---- after licm, round 1\n"), 1);
    cr_assert_geq(count(r.ir, "; ---- after licm, round 2\n"), 1, "the motion changed something: a second round");
    cr_assert_str_eq(r.wqs, d.wqs);
    wq_cc_result_free(&r);
    wq_cc_result_free(&d);
    /* a name without IR after it, or none at all */
    const char *bad[] = { "parse", "emit", "spill", "nonesuch" };
    for (unsigned i = 0; i < sizeof bad / sizeof *bad; i++) {
        cr_assert_eq(compile_ir_after(src, bad[i], &r), WQ_CC_ERROR, "%s accepted", bad[i]);
        char want[64];
        snprintf(want, sizeof want, "error: no pass '%s' with IR after it", bad[i]);
        cr_assert(!strncmp(r.log, want, strlen(want)), "log: %s", r.log);
        cr_assert(strstr(r.log, " lower peep fold licm alias quad subv regalloc\n"), "log: %s", r.log);
        wq_cc_result_free(&r);
    }
}

/* 64-bit atomics (docs/compiler.md "64-bit atomics"): both extensions'
 * macros, the atom_* spelling only, 32- and 64-bit operands only, and no
 * lock table in a kernel that another kernel enqueues */
Test(cc, atom64)
{
    diag("#if defined(cl_khr_int64_base_atomics) && defined(cl_khr_int64_extended_atomics)\n#error both\n#endif\n"
         "__kernel void k(__global int *p) { }\n",
         "t.cl:2:1: error: #error both", 1);
    diag("__kernel void k(volatile __global long *p) { atomic_add(p, 1); }\n",
         "t.cl:1:57: error: 'atomic_add' on a 64-bit integer: the 64-bit form is 'atom_add'", 57);
    diag("__kernel void k(volatile __global short *p) { atom_add(p, 1); }\n",
         "t.cl:1:56: error: the first argument of 'atom_add' must point to a 32-bit or 64-bit int or uint", 56);
    diag("__kernel void leaf(volatile __global long *p) { atom_inc(p); }\n"
         "__kernel void k(volatile __global long *p) { wq_enqueue(leaf, p); }\n",
         "t.cl:1:49: error: a kernel that wq_enqueue launches cannot use 64-bit atomics (the lock table is in the launch's tail)", 49);
}

Test(cc, diagnostics)
{
    diag("__kernel void k(__global int *p)\n{\n    p[0] = q;\n}\n",
         "t.cl:3:12: error: use of undeclared identifier 'q'", 12);
    diag("__kernel void k(__global float *p) { }\n",
         "t.cl:1:26: error: floating-point types are not supported by this device (no FPU: warpq runs the "
         "integer subset of OpenCL C)", 26);
    diag("__kernel void k(__global int *p) { p[0] = 1.5; }\n",
         "t.cl:1:43: error: floating-point constants are not supported by this device (no FPU: warpq runs the "
         "integer subset of OpenCL C)", 43);
    diag("__kernel void k(__global int *p) { read_imagei(p, 0, 0); }\n",
         "t.cl:1:36: error: read_imagei is not supported by this device (warpq runs the integer subset of OpenCL C)", 36);
    diag("int f(int x) { return x ? f(x - 1) : 0; }\n__kernel void k(__global int *p) { p[0] = f(3); }\n",
         "t.cl:1:27: error: recursion is not supported by OpenCL C: 'f' calls itself", 27);
    /* async_work_group_copy: one side __local, the other __global, one element type */
    diag("__kernel void k(__global uint *a, __global uint *b) { async_work_group_copy(a, b, 4, 0); }\n",
         "t.cl:1:55: error: 'async_work_group_copy' copies between a __local and a __global pointer "
         "(here __global uint* and __global uint*)", 55);
    diag("__kernel void k(__global uint *a, __local ushort *b) { async_work_group_strided_copy(a, b, 4, 2, 0); }\n",
         "t.cl:1:56: error: 'async_work_group_strided_copy' copies integers of one type (here uint and ushort)", 56);
    diag("__kernel void k(__local uint *a, __global uint *b) { async_work_group_copy(a, b, 4); }\n",
         "t.cl:1:54: error: 'async_work_group_copy' takes 4 arguments, not 3", 54);
    diag("__kernel void k(__global int *p) { p[0] = 1 }\n",
         "t.cl:1:45: error: expected ';' before '}'", 45);
    diag("__kernel void k(__global int *p)\n{\n\tint x = 1 +;\n}\n",
         "t.cl:3:13: error: expected an expression before ';'", 13);
    diag("#define F(a, b) a + b\n__kernel void k(__global int *p) { p[0] = F(1); }\n",
         "t.cl:2:43: error: too few arguments to macro 'F'", 43);
    diag("#if 1\n__kernel void k(__global int *p) { }\n",
         "t.cl:1:1: error: unterminated conditional directive", 1);
    diag("#include \"nonexistent_header.h\"\n",
         "t.cl:1:10: error: cannot find include file \"nonexistent_header.h\"", 10);
    diag("__kernel void k(__global int *p) { break; }\n",
         "t.cl:1:36: error: 'break' outside a loop or switch", 36);
    diag("__kernel void k(__global long *p) { p[0] = p[1] / 3; }\n__constant int c;\n",
         "t.cl:2:17: error: a program-scope __constant variable needs an initializer", 17);
    diag("__kernel void k(__global const int *p) { p[0] = 1; }\n",
         "t.cl:1:47: error: cannot assign to a const-qualified object", 47);
}

Test(cc, preprocessor_and_result)
{
    const char *src =
        "#define SQ(x) ((x) * (x))\n"
        "#define CAT(a, b) a##b\n"
        "#if defined(SQ) && SQ(3) == 9 && !defined(NOPE)\n"
        "#define N 7\n"
        "#else\n"
        "#error wrong branch\n"
        "#endif\n"
        "__kernel void CAT(my, kern)(__global uint *out, __local uint *t) { out[0] = SQ(N); }\n";
    wq_cc_result_t r;
    cr_assert_eq(compile(src, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.nkernels, 1);
    cr_assert_str_eq(r.kernels[0].name, "mykern");
    cr_assert_eq(r.kernels[0].nargs, 2);
    cr_assert_eq(r.kernels[0].args[0].kind, WQ_CC_ARG_GLOBAL);
    cr_assert_eq(r.kernels[0].args[0].offset, 48);
    cr_assert_eq(r.kernels[0].args[1].kind, WQ_CC_ARG_LOCAL);
    cr_assert_str_eq(r.kernels[0].args[0].type_name, "uint*");
    cr_assert_eq(r.kernels[0].param_bytes, 64);     /* 56, padded to 16 (docs/runtime.md) */
    cr_assert_not_null(strstr(r.wqs, "mov"));
    /* the output assembles, with the kernel's label */
    wq_program_t p;
    char err[512];
    cr_assert_eq(wq_asm(r.wqs, strlen(r.wqs), "t.wqs", &p, err, sizeof err), 0, "%s", err);
    uint32_t entry;
    cr_assert_eq(wq_program_sym(&p, "mykern", &entry), 0);
    wq_program_free(&p);
    wq_cc_result_free(&r);
}

/* `__global T *p` in a function: a private pointer to __global memory (the
 * address space qualifies the pointee); `__global T x` stays an error */
Test(cc, local_pointer_to_address_space)
{
    const char *src =
        "uint pick(__global uint *a, __global uint *b, uint s, __local uint *t)\n"
        "{\n"
        "    __global uint *p = s ? a : b;\n"
        "    __local uint *q = t + 1;\n"
        "    global uint *const r = p + 1;\n"
        "    *q = *r;\n"
        "    return p[0] + *q;\n"
        "}\n"
        "__kernel void k(__global uint *a, __global uint *b, uint s, __local uint *t)\n"
        "{ a[2] = pick(a, b, s, t); }\n";
    wq_cc_result_t r;
    cr_assert_eq(compile(src, &r), WQ_CC_OK, "%s", r.log);
    wq_cc_result_free(&r);
    diag("__kernel void k(__global uint *p)\n{\n    __global uint x = 1;\n    p[0] = x;\n}\n",
         "t.cl:3:19: error: a variable in a function cannot be in the __global address space", 19);
}

static unsigned count_of(const char *s, const char *what)
{
    unsigned n = 0;
    for (const char *p = s; (p = strstr(p, what)); p += strlen(what)) n++;
    return n;
}

/* peep.c: loaded arguments land in their registers without copies, and the
 * index scaling of a[i], b[i], c[i] is computed once */
/* a constant-trip loop whose body holds a switch with consecutive labels:
 * the trip-count analysis once followed the labels' links around a cycle */
Test(cc, constant_loop_over_fallthrough_labels)
{
    const char *src =
        "__kernel void k(__global uint *o)\n"
        "{\n"
        "    uint v = o[get_global_id(0)], a = 0;\n"
        "    for (int i = 0; i < 4; i++) {\n"
        "        switch (v) { case 1: case 2: case 3: a++; break; default: a += 2; }\n"
        "    }\n"
        "    o[get_global_id(0)] = a;\n"
        "}\n";
    wq_cc_result_t r;
    cr_assert_eq(compile(src, &r), WQ_CC_OK, "%s", r.log);
    wq_cc_result_free(&r);
}

Test(cc, peephole_copies_and_repeats)
{
    const char *src =
        "__kernel void vadd(__global const uint *a, __global const uint *b, __global uint *c)\n"
        "{ size_t i = get_global_id(0); c[i] = a[i] + b[i]; }\n";
    wq_cc_result_t r;
    cr_assert_eq(compile(src, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(count_of(r.wqs, "\n        mov "), 0, "%s", r.wqs);
    cr_assert_eq(count_of(r.wqs, "\n        shl "), 1, "%s", r.wqs);
    wq_cc_result_free(&r);
    /* a repeat after an operand changed is not a repeat */
    src = "__kernel void k(__global uint *p, uint x)\n"
          "{ uint i = x << 2; p[0] = i; x = x + 1; p[1] = x << 2; }\n";
    cr_assert_eq(compile(src, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(count_of(r.wqs, "\n        shl "), 2, "%s", r.wqs);
    wq_cc_result_free(&r);
}

/* get_global_id is s2r gid.d plus the offset word; the arguments of one
 * 16-byte group of the parameter buffer load with one ld.v4 (quad.c
 * cc_param_quads), a lone argument or one after a branch with a word load */
Test(cc, global_id_and_parameter_groups)
{
    static const char vadd[] =
        "__kernel void vadd(__global const uint *a, __global const uint *b, __global uint *c)\n"
        "{ size_t i = get_global_id(0); c[i] = a[i] + b[i] + get_global_id(2); }\n";
    static const char one[] = "__kernel void k(__global uint *p) { p[get_global_id(0)] = 1; }\n";
    wq_cc_result_t r;
    int rc = compile(vadd, &r);
    cr_assert(rc == WQ_CC_OK && r.kernels[0].param_bytes == 64, "%s", r.log);
    const char *w = r.wqs;
    cr_assert(strstr(w, ", gid.x\n") && strstr(w, ", gid.z\n"), "%s", w);
    cr_assert_eq(count_of(w, "\n        s2r    r"), 3, "%s", w);   /* param, gid.x, gid.z */
    cr_assert(count_of(w, "+8]\n") == 1 && count_of(w, "+16]\n") == 1, "%s", w);   /* offsets x, z */
    cr_assert(count_of(w, "\n        ld.v4  ") == 1 && strstr(w, "+48]\n") && !strstr(w, "+52]\n"), "%s", w);
    wq_cc_result_free(&r);
    /* one argument word in the group: a word load */
    rc = compile(one, &r);
    cr_assert(rc == WQ_CC_OK && r.kernels[0].param_bytes == 64, "%s", r.log);
    cr_assert_eq(count_of(r.wqs, "\n        ld.v4  "), 0, "%s", r.wqs);
    wq_cc_result_free(&r);
}

/* peep.c in a kernel with calls: the repeats go there too (the callee's
 * code range moves with the removed instructions: the register allocator
 * reads it for what a CALL clobbers -- a stale range gave
 * tests/kernels/noinline.cl wrong results, which kernels.sh checks) */
Test(cc, peephole_with_calls)
{
    const char *src =
        "__attribute__((noinline)) uint f(uint x) { return x * 3 + (x >> 1); }\n"
        "__kernel void vadd(__global const uint *a, __global const uint *b, __global uint *c)\n"
        "{ size_t i = get_global_id(0); c[i] = f(a[i] + b[i]); }\n";
    wq_cc_opts_t o = { .inline_mode = WQ_CC_INLINE_NEVER };
    wq_cc_result_t r;
    cr_assert_eq(wq_cc_compile(&o, "t.cl", src, strlen(src), &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(count_of(r.wqs, "\n        call "), 1, "%s", r.wqs);
    /* a[i] and b[i] share one index scaling; c[i]'s, after the CALL (a
     * block of its own), is computed again: 2, not 3 */
    cr_assert_eq(count_of(r.wqs, "\n        shl "), 2, "%s", r.wqs);
    wq_cc_result_free(&r);
}

/* ---- fuzz ------------------------------------------------------------------------ */
static uint32_t rng(uint32_t *s) { *s ^= *s << 13; *s ^= *s >> 17; *s ^= *s << 5; return *s; }

static const char *const seeds[] = {
    "__kernel void k(__global uint *a, uint n) { uint i = get_global_id(0); "
    "if (i < n && a[i] > 3) { for (int j = 0; j < 4; j++) { if (j == 2) continue; a[i] += j; } } "
    "else a[i] = i ? a[i] / 3 : 7; switch (i & 3) { case 0: a[i] ^= 1; break; default: a[i]--; } }",
    "#define M(x) (x << 2)\ntypedef struct { int a; short b; } S;\n"
    "static int f(__global S *s, int k) { if (k > 2) return s->a; return s[k].b + M(k); }\n"
    "__kernel void k(__global S *s, __local int *t) { int l = get_local_id(0); t[l] = f(s, l); "
    "barrier(CLK_LOCAL_MEM_FENCE); do { l -= 3; } while (l > 0 || atomic_add((__global int *)s, 1) < 0); }",
};

static const char *const frags[] = {
    "(", ")", "{", "}", ";", ",", "if", "else", "while", "for", "return", "break", "int", "uint",
    "__global", "__local", "*", "&", "&&", "||", "?", ":", "=", "+=", "<<", "#define", "\n#if 0\n",
    "\n#endif\n", "get_global_id(0)", "atomic_cmpxchg", "struct", "->", ".", "[", "]", "0x", "'",
    "\"", "/*", "//", "\\\n", "sizeof", "switch", "case 1:", "default:", "long", "float", "~",
};

static void fuzz_one(const char *src, size_t len)
{
    wq_cc_result_t r;
    /* the options vary with the length: yield policy, inlining, a register limit that spills */
    wq_cc_opts_t o = { .yield = (wq_cc_yield_t)(len % 3), .inline_mode = (wq_cc_inline_t)(len / 3 % 3),
                       .max_regs = len % 4 == 0 ? 8 : 0 };
    int rc = wq_cc_compile(&o, "fuzz.cl", src, len, &r);
    cr_assert(rc == WQ_CC_OK || rc == WQ_CC_ERROR, "rc %d", rc);
    if (rc == WQ_CC_ERROR) cr_assert_not_null(strstr(r.log, "error:"), "an error without a diagnostic");
    else cr_assert_not_null(r.wqs);
    wq_cc_result_free(&r);
}

Test(cc, fuzz_mutated_and_random, .timeout = 300)
{
    /* the corpus: the seeds above and every kernel of tests/kernels */
    char *corpus[64];
    size_t clen[64];
    int nc = 0;
    for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
        corpus[nc] = strdup(seeds[i]);
        clen[nc++] = strlen(seeds[i]);
    }
    glob_t g;
    if (glob("tests/kernels/*.cl", 0, NULL, &g) == 0) {
        for (size_t i = 0; i < g.gl_pathc && nc < 64; i++) {
            FILE *f = fopen(g.gl_pathv[i], "rb");
            if (!f) continue;
            char *b = malloc(1 << 16);
            size_t n = fread(b, 1, (1 << 16) - 1, f);
            fclose(f);
            b[n] = 0;
            corpus[nc] = b;
            clen[nc++] = n;
        }
        globfree(&g);
    }
    uint32_t s = 0x5EED1234u;
    char *buf = malloc(1 << 17);
    for (int iter = 0; iter < 3000; iter++) {
        int c = (int)(rng(&s) % (uint32_t)nc);
        size_t n = clen[c];
        memcpy(buf, corpus[c], n);
        int muts = 1 + (int)(rng(&s) % 4);
        for (int m = 0; m < muts && n > 0; m++) {
            size_t at = rng(&s) % n;
            switch (rng(&s) % 4) {
            case 0: buf[at] = (char)(rng(&s) & 0x7F); break;                 /* replace a byte */
            case 1: memmove(buf + at, buf + at + 1, n - at - 1); n--; break;  /* delete a byte */
            case 2: {                                                        /* insert a fragment */
                const char *f = frags[rng(&s) % (sizeof frags / sizeof *frags)];
                size_t fl = strlen(f);
                if (n + fl >= (1 << 17)) break;
                memmove(buf + at + fl, buf + at, n - at);
                memcpy(buf + at, f, fl);
                n += fl;
                break;
            }
            default: {                                                       /* delete a span */
                size_t k = rng(&s) % 16;
                if (at + k > n) k = n - at;
                memmove(buf + at, buf + at + k, n - at - k);
                n -= k;
            }
            }
        }
        fuzz_one(buf, n);
    }
    for (int iter = 0; iter < 300; iter++) {                                 /* random bytes */
        size_t n = rng(&s) % 200;
        for (size_t i = 0; i < n; i++) buf[i] = (char)(rng(&s) & 0xFF);
        fuzz_one(buf, n);
    }
    free(buf);
    for (int i = 0; i < nc; i++) free(corpus[i]);
}

/* the cl_warpq_enqueue builtins (docs/compiler.md "Nested work"): calls
 * into the appended library, whose registers the kernel never gets, and
 * the kernel table's record of what each kernel enqueues */
Test(cc, nested_work_builtins)
{
    /* twenty values live across the call: spilled, never in r16 and up */
    const char *src =
        "__kernel __attribute__((reqd_work_group_size(1,1,1))) void child(__global uint *o, uint a)\n"
        "{ o[a] = a; wq_enqueue_done(); }\n"
        "__kernel void parent(__global uint *o)\n{\n"
        "    uint g = get_global_id(0);\n"
        "    uint v0 = o[g], v1 = o[g+1], v2 = o[g+2], v3 = o[g+3], v4 = o[g+4], v5 = o[g+5], v6 = o[g+6];\n"
        "    uint v7 = o[g+7], v8 = o[g+8], v9 = o[g+9], v10 = o[g+10], v11 = o[g+11], v12 = o[g+12];\n"
        "    uint v13 = o[g+13], v14 = o[g+14], v15 = o[g+15], v16 = o[g+16], v17 = o[g+17], v18 = o[g+18];\n"
        "    int st = wq_enqueue(child, o, g);\n"
        "    o[g] = v0+v1+v2+v3+v4+v5+v6+v7+v8+v9+v10+v11+v12+v13+v14+v15+v16+v17+v18 + (st == WQ_ENQ_FULL);\n"
        "    if (get_local_id(0) == 0) wq_enqueue_done();\n}\n";
    wq_cc_result_t r;
    cr_assert_eq(compile(src, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.nkernels, 2);
    cr_assert(r.kernels[0].nested && r.kernels[0].enqueues == 0, "child: nested, enqueues nothing");
    cr_assert(r.kernels[1].nested && r.kernels[1].enqueues == 1, "parent enqueues kernel 0");
    cr_assert_eq(r.kernels[1].nregs, 32);
    cr_assert(r.kernels[1].spills > 0, "20 live values in 16 registers spill");
    const char *lib = strstr(r.wqs, "\nwq_enqueue:");
    cr_assert_not_null(lib, "the library is appended");
    const char *k = strstr(r.wqs, "\nparent:");
    cr_assert(k && k < lib);
    static const char *const theirs[] = { "r16", "r17", "r18", "r19", "r20", "r21", "r22",
                                          "r23", "r29", "r30", "p5", "p6" };
    for (const char *l = k; l < lib; l = strchr(l + 1, '\n')) {
        const char *e = strchr(l + 1, '\n');
        if (l[1] == ';') continue;
        for (size_t i = 0; i < sizeof theirs / sizeof *theirs; i++) {
            const char *h = strstr(l + 1, theirs[i]);
            cr_assert(!h || h > e, "kernel code uses the library's %s: %.*s", theirs[i], (int)(e - l - 1), l + 1);
        }
    }
    cr_assert_not_null(strstr(k, "call   r31, wq_enqueue"));
    cr_assert_not_null(strstr(k, "call   r31, wq_done"));
    wq_program_t p;
    char err[256];
    cr_assert_eq(wq_asm(r.wqs, strlen(r.wqs), "t.wqs", &p, err, sizeof err), 0, "%s", err);
    wq_program_free(&p);
    wq_cc_result_free(&r);
    /* a program without the builtins gets no library */
    cr_assert_eq(compile("__kernel void k(__global uint *o) { o[0] = WQ_ENQ_OK + WQ_ENQ_FULL; }\n", &r), WQ_CC_OK);
    cr_assert(!r.kernels[0].nested && !strstr(r.wqs, "wq_enqueue"));
    wq_cc_result_free(&r);
    diag("__kernel void k(__global uint *o) { wq_enqueue(o, 1); }\n",
         "t.cl:1:48: error: the first argument of 'wq_enqueue' must name a __kernel of the program", 48);
    diag("__kernel void c(uint a) { }\n__kernel void k(__global uint *o) { wq_enqueue(c, 1, 2, 3, 4); }\n",
         "t.cl:2:60: error: 'wq_enqueue' passes at most 3 arguments to the child", 60);
}

/* wq_enqueue_nd(kernel, global, local, args...): the sizes go to the
 * library's r22/r23, the child is recorded as for wq_enqueue, and wrong
 * shapes are located diagnostics */
Test(cc, nested_work_nd_builtin)
{
    const char *src =
        "__kernel void child(__global uint *o, uint a) { o[a + get_global_id(0)] = get_num_groups(0); "
        "if (get_local_id(0) == 0) wq_enqueue_done(); }\n"
        "__kernel void parent(__global uint *o, ushort n)\n{\n"
        "    uint g = get_global_id(0);\n"
        "    int st = wq_enqueue_nd(child, o[g], n, o, g);\n"
        "    o[g] = st == WQ_ENQ_SIZE ? 7 : st;\n"
        "    if (get_local_id(0) == 0) wq_enqueue_done();\n}\n";
    wq_cc_result_t r;
    cr_assert_eq(compile(src, &r), WQ_CC_OK, "%s", r.log);
    cr_assert(r.kernels[1].nested && r.kernels[1].enqueues == 1, "parent enqueues kernel 0");
    const char *k = strstr(r.wqs, "\nparent:");
    const char *call = strstr(r.wqs, "call   r31, wq_enqueue_nd");
    const char *lib = strstr(r.wqs, "\nwq_enqueue_nd:");
    cr_assert(k && call && lib && k < call && call < lib);
    /* the sizes are moved into r22 and r23 just before the call */
    const char *g = strstr(k, "r22,"), *l = strstr(k, "r23,");
    cr_assert(g && g < call && l && l < call, "global and local size in r22, r23");
    wq_program_t p;
    char err[256];
    cr_assert_eq(wq_asm(r.wqs, strlen(r.wqs), "t.wqs", &p, err, sizeof err), 0, "%s", err);
    wq_program_free(&p);
    wq_cc_result_free(&r);
    diag("__kernel void c(uint a) { }\n__kernel void k(__global uint *o) { wq_enqueue_nd(c, 64); }\n",
         "t.cl:2:37: error: 'wq_enqueue_nd' takes a kernel, a global size and a local size, then up to 3 "
         "arguments", 37);
    diag("__kernel void c(uint a) { }\n__kernel void k(__global uint *o) { wq_enqueue_nd(c, 64, o); }\n",
         "t.cl:2:58: error: the local size of 'wq_enqueue_nd' must be a 32-bit integer", 58);
    diag("__kernel void c(uint a) { }\n__kernel void k(long n) { wq_enqueue_nd(c, n, 1); }\n",
         "t.cl:2:44: error: the global size of 'wq_enqueue_nd' must be a 32-bit integer", 44);
    diag("__kernel void c(uint a) { }\n__kernel void k(__global uint *o) { wq_enqueue_nd(c, 8, 8, 1, 2, 3, 4); }\n",
         "t.cl:2:69: error: 'wq_enqueue_nd' passes at most 3 arguments to the child", 69);
    diag("__kernel void k(__global uint *o) { wq_enqueue_nd(k2, 8, 8); }\n",
         "t.cl:1:51: error: the first argument of 'wq_enqueue_nd' must name a __kernel of the program", 51);
    diag("__kernel __attribute__((reqd_work_group_size(8,1,1))) void c(uint a) { }\n"
         "__kernel void k(__global uint *o) { wq_enqueue_nd(c, 64, 8); }\n",
         "t.cl:2:37: error: wq_enqueue_nd: kernel 'c' has reqd_work_group_size; enqueue it with wq_enqueue", 37);
}

/* hostile shapes the fuzz found (tests/unit/cc_fuzz.c): each is refused
 * with a located diagnostic instead of overflowing the stack, running for
 * seconds, or reporting without a line */
static char *repeat(const char *pre, const char *unit, size_t n, const char *post)
{
    size_t lp = strlen(pre), lu = strlen(unit), lq = strlen(post);
    char *s = malloc(lp + lu * n + lq + 1);
    cr_assert_not_null(s);
    memcpy(s, pre, lp);
    for (size_t i = 0; i < n; i++) memcpy(s + lp + i * lu, unit, lu);
    memcpy(s + lp + lu * n, post, lq + 1);
    return s;
}

/* compile s (then free it): refused, the log naming where and what */
static void refused(char *s, const char *where, const char *what)
{
    wq_cc_result_t r;
    cr_assert_eq(compile(s, &r), WQ_CC_ERROR);
    cr_assert_not_null(strstr(r.log, where), "%s", r.log);
    cr_assert_not_null(strstr(r.log, what), "%s", r.log);
    wq_cc_result_free(&r);
    free(s);
}

Test(cc, nesting_bounded)
{
    /* 100000 parentheses: "nested too deeply" at the first one past the bound */
    refused(repeat("__kernel void k(__global int *p) { p[0] = ", "(", 100000, "1; }\n"),
            "t.cl:1:", "error: nested too deeply (more than 512 levels)");
    refused(repeat("__kernel void k(__global int *p) { ", "if (p[0]) ", 50000, "p[0] = 1; }\n"),
            "t.cl:1:", "error: nested too deeply");
    refused(repeat("#if ", "~", 100000, "1\n#endif\n__kernel void k(__global int *p) { }\n"),
            "t.cl:1:", "#if expression nested too deeply");
    wq_cc_result_t r;
    char *s;
    /* 150 parentheses still compile */
    s = repeat("__kernel void k(__global int *p) { p[0] = ", "(", 150, "1");
    char *t = repeat(s, ")", 150, "; }\n");
    cr_assert_eq(compile(t, &r), WQ_CC_OK, "%s", r.log);
    wq_cc_result_free(&r);
    free(s);
    free(t);
}

Test(cc, macro_explosion_bounded)
{
    diag("#define E(x) x x x x x x x x\n#define E2(x) E(E(E(E(x))))\nE2(E2(1))\n",
         "t.cl:3:1: error: macro expansion too large: more than 250000 tokens", 1);
}

/* a program without a kernel is a program (clBuildProgram of an empty
 * string succeeds, OpenCL 1.2 §5.6.2): no kernels, no code, and its
 * functions are still checked */
Test(cc, no_kernel_is_a_program)
{
    const char *srcs[] = { "", "int f(int x) { return x; }\n", "/* nothing */\n#define X 1\n" };
    for (size_t i = 0; i < sizeof srcs / sizeof *srcs; i++) {
        wq_cc_result_t r;
        cr_assert_eq(compile(srcs[i], &r), WQ_CC_OK, "refused: '%s': %s", srcs[i], r.log);
        cr_assert_eq(r.nkernels, 0);
        cr_assert_not_null(r.wqs);
        cr_assert_str_eq(r.log, "");
        wq_cc_result_free(&r);
    }
    diag("int f(int x) { return y; }\n", "t.cl:1:23: error: use of undeclared identifier 'y'", 23);
}

/* the attributes of kernel_exec (OpenCL C 1.2 §6.7.2) and vector compound
 * literals, refused as clang refuses them */
Test(cc, kernel_hints_and_vector_braces_refused)
{
    diag("typedef struct { int x; } S;\n__kernel __attribute__((vec_type_hint(S))) void k(__global int *p) {}\n",
         "t.cl:2:39: error: invalid attribute argument 'struct <anonymous>' - expecting a vector or vectorizable scalar type", 39);
    diag("kernel_exec(0, int) void k(__global int *p) {}\n",
         "t.cl:1:1: error: work_group_size_hint must be 1..65535", 1);
    diag("__kernel void k(__global int *p) { int4 v = (int4){1, 2, 3}; p[0] = v.x; }\n",
         "t.cl:1:45: error: too few elements in vector initialization (expected 4 elements, have 3)", 45);
    diag("__kernel void k(__global int *p) { int2 v = (int2){1, (int2)2}; p[0] = v.x; }\n",
         "t.cl:1:45: error: excess elements in vector initializer (expected 2 elements, have 3)", 45);
}

/* warnings: `file:line:col: warning: ...` with the line and a caret in the
 * log of a compilation that succeeds; none under -w (no_warnings); under
 * -Werror (werror) the first is an error and the compilation fails */
Test(cc, warnings_w_and_werror)
{
    const char *src = "#pragma OPENCL EXTENSION made_up_extension : enable\n"
                      "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
                      "#pragma OPENCL EXTENSION cl_khr_byte_addressable_store : enable\n"
                      "#pragma OPENCL EXTENSION all : disable\n"
                      "#pragma OPENCL EXTENSION cl_khr_fp16 : maybe\n"
                      "#pragma unroll\n"
                      "__kernel void k(__global int *p) { p[0] = 1; }\n";
    const char *want =
        "t.cl:1:26: warning: unknown OpenCL extension 'made_up_extension' - ignoring [-Wignored-pragmas]\n"
        "#pragma OPENCL EXTENSION made_up_extension : enable\n"
        "                         ^\n"
        "t.cl:2:26: warning: unsupported OpenCL extension 'cl_khr_fp64' - ignoring [-Wignored-pragmas]\n"
        "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
        "                         ^\n"
        "t.cl:5:40: warning: expected 'enable', 'disable', 'begin' or 'end' - ignoring [-Wignored-pragmas]\n"
        "#pragma OPENCL EXTENSION cl_khr_fp16 : maybe\n"
        "                                       ^\n";
    wq_cc_result_t r;
    wq_cc_opts_t o = {0};
    cr_assert_eq(wq_cc_compile(&o, "t.cl", src, strlen(src), &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.nkernels, 1);
    cr_assert_str_eq(r.log, want);
    wq_cc_result_free(&r);
    o.no_warnings = 1;
    cr_assert_eq(wq_cc_compile(&o, "t.cl", src, strlen(src), &r), WQ_CC_OK);
    cr_assert_str_eq(r.log, "");
    wq_cc_result_free(&r);
    o.no_warnings = 0;
    o.werror = 1;
    cr_assert_eq(wq_cc_compile(&o, "t.cl", src, strlen(src), &r), WQ_CC_ERROR);
    cr_assert_null(r.wqs);
    cr_assert(!strncmp(r.log, "t.cl:1:26: error: unknown OpenCL extension 'made_up_extension' - ignoring "
                               "[-Werror,-Wignored-pragmas]\n", strlen("t.cl:1:26: error: unknown OpenCL extension 'made_up_extension' - ignoring [-Werror,-Wignored-pragmas]\n")),
              "%s", r.log);
    wq_cc_result_free(&r);
    /* a pragma inside an #if that is not taken says nothing */
    const char *off = "#if 0\n#pragma OPENCL EXTENSION made_up_extension : enable\n#endif\n"
                      "__kernel void k(__global int *p) { p[0] = 1; }\n";
    cr_assert_eq(wq_cc_compile(&o, "t.cl", off, strlen(off), &r), WQ_CC_OK, "%s", r.log);
    wq_cc_result_free(&r);
}

/* src compiles to assembly */
static void compiles(const char *src)
{
    wq_cc_result_t r;
    cr_assert_eq(compile(src, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_not_null(r.wqs);
    wq_cc_result_free(&r);
}

/* __typeof__ of a type name or an expression (not evaluated), with the
 * qualifiers; a function's name is no expression here (no function
 * pointers) */
Test(cc, typeof_of_types_and_expressions)
{
    compiles("__kernel void k(__global uint *o, __global long *w) {\n"
             "    __typeof__(o[0]) x = o[1]; __typeof(uint) y = 3; __typeof__(w[0] + 1) z = w[1];\n"
             "    __typeof__(x) a[4]; uint i = 0; __typeof__(o[i++] + 0) t = sizeof(__typeof__(z));\n"
             "    const __typeof__(y) c = 1;\n"
             "    a[0] = x + y + (uint)z + t + i + c; o[0] = a[0]; }\n");
    diag("int f(int v) { return v; }\n__kernel void k(__global int *o) { __typeof__(f) g; }\n",
         "t.cl:2:47: error: use of undeclared identifier 'f'", 47);
}

/* prefetch: a hint kept for its operands' side effects, on __global
 * pointers only */
Test(cc, prefetch_is_a_hint)
{
    compiles("__kernel void k(__global uint *o) { uint i = 0; prefetch(o + i++, 4); o[0] = i; }\n");
    diag("__kernel void k(__global int *o) { int x; prefetch(&x, 4); }\n",
         "t.cl:1:52: error: 'prefetch' takes a __global pointer, not int*", 52);
}

/* goto and labels (docs/compiler.md "goto"): the errors at the label's
 * name, and what the rewrite into structured control flow gives -- a
 * goto whose condition is uniform costs no token, a divergent one leaves
 * its loops through the loops' BRK tokens */
Test(cc, goto_and_labels)
{
    diag("__kernel void k(__global int *p)\n{\n    goto nowhere;\n}\n",
         "t.cl:3:10: error: use of undeclared label 'nowhere'", 10);
    diag("__kernel void k(__global int *p)\n{\n  a: p[0] = 1;\n  a: p[1] = 2;\n  goto a;\n}\n",
         "t.cl:4:3: error: redefinition of label 'a' (first defined at line 3)", 3);
    diag("__kernel void k(__global int *p)\n{\n  a: p[0] = 1;\n  { b: p[1] = 2; }\n  b: ;\n}\n",
         "t.cl:5:3: error: redefinition of label 'b' (first defined at line 4)", 3);
    diag("__kernel void k(__global int *p)\n{\n    if (p[0]) goto end;\n    p[0] = 1;\nend:\n}\n",
         "t.cl:6:1: error: label at end of compound statement: expected statement (write 'end: ;')", 1);
    diag("__kernel void k(__global int *p) { goto *p; }\n",
         "t.cl:1:41: error: computed goto ('goto *') is not supported", 41);
    diag("__kernel void k(__global int *p) { goto 3; }\n",
         "t.cl:1:41: error: expected a label name after 'goto'", 41);
    /* labels are the function's: one in another function is not seen */
    diag("void f(__global int *p) { there: p[0] = 1; }\n"
         "__kernel void k(__global int *p) { f(p); goto there; }\n",
         "t.cl:2:47: error: use of undeclared label 'there'", 47);
    /* accepted: a label nobody jumps to, a jump over an initialised
     * declaration (its value is then indeterminate, as in C), a label
     * before a declaration, labels named like variables */
    compiles("__kernel void k(__global int *p) { unused: p[0] = 1; }\n");
    compiles("__kernel void k(__global int *p)\n{\n    int i = get_global_id(0);\n"
             "    if (i & 1) goto skip;\n    int t = i * 3;\n    p[i] = t;\nskip:\n    int u = 4;\n"
             "    int i2 = i; i2: p[i2] += u;\n}\n");
    /* uniform: no token, divergent: BRK out of both loops */
    const char *src[2] = {
        "__kernel void k(__global int *p, int n, int m)\n{\n"
        "    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { if (i * j == m) goto out; p[i] += j; }\n"
        "out:\n    p[0] = 1;\n}\n",
        "__kernel void k(__global int *p, int n, int m)\n{\n"
        "    for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) { if (i * j == p[get_global_id(0)]) goto out; p[i] += j; }\n"
        "out:\n    p[0] = 1;\n}\n" };
    for (int d = 0; d < 2; d++) {
        wq_cc_result_t r;
        cr_assert_eq(compile(src[d], &r), WQ_CC_OK, "%s", r.log);
        cr_assert_eq(count(r.wqs, "pbrk "), 2 * d, "%s", r.wqs);
        /* each loop's exit test and the goto's exit from it */
        cr_assert_eq(count(r.wqs, " brk "), 4 * d, "%s", r.wqs);
        cr_assert_eq(count(r.wqs, "ssy "), 0, "%s", r.wqs);
        wq_cc_result_free(&r);
    }
}

/* __LINE__ is the line of the use (of the outermost macro use inside an
 * expansion), __FILE__ the file's name as a string; both are defined for
 * #ifdef / defined(); a #define of the name wins.  The checks are #if
 * lines, so a wrong value is an #error at compile time. */
Test(cc, line_and_file_macros)
{
    compiles("#define HERE __LINE__\n"
             "#if __LINE__ != 2\n#error line\n#endif\n"
             "#if HERE != 5\n#error outermost\n#endif\n"
             "#if !defined(__FILE__) || !defined(__LINE__)\n#error defined\n#endif\n"
             "#ifndef __FILE__\n#error ifndef\n#endif\n"
             "#define STR(x) #x\n"
             "#define __LINE__ 99\n"
             "#if __LINE__ != 99\n#error a define wins\n#endif\n"
             "#if LONG_MAX != 0x7fffffffffffffffL || ULONG_MAX != 0xffffffffffffffffUL || LONG_MIN + 1 != -LONG_MAX\n"
             "#error 64-bit limits\n#endif\n"
             "#if __OPENCL_C_VERSION__ >= CL_VERSION_2_0 || CL_VERSION_2_0 != 200 || CL_VERSION_3_0 != 300\n"
             "#error versions\n#endif\n"
             "__kernel void k(__global uint *o) { o[0] = __LINE__ + ctz(o[1]) + ctz((ulong)o[2]); }\n");
    /* __FILE__ in code is a string literal, which the device prints only */
    diag("__kernel void k(__global uint *o) { o[0] = __FILE__[0]; }\n",
         "t.cl:1:44: error: a string literal is only a printf format or a printf argument for %s on this device", 44);
}

Test(cc, conversion_builtins)
{
    compiles("__kernel void k(__global long *p, __global uint *q) { uint i = get_global_id(0);\n"
             "  q[i] = convert_uchar_sat(p[i]) + convert_int_sat_rte(q[i]) + as_uint((int)p[i]);\n"
             "  p[i] = convert_long_sat((ulong)p[i]) + convert_ulong(q[i]) + as_long((ulong)q[i]); }\n");
    diag("__kernel void k(__global long *p) { p[0] = as_int(p[1]); }\n",
         "t.cl:1:44: error: 'as_int' needs an operand of 4 bytes, not long", 44);
    diag("__kernel void k(__global int *p) { p[0] = convert_int4(p[1]); }\n",
         "t.cl:1:57: error: 'convert_int4' converts a 4-component vector, not int", 57);
    diag("__kernel void k(__global int *p) { p[0] = convert_double(p[1]); }\n",
         "t.cl:1:43: error: double is not supported by this device (no cl_khr_fp64)", 43);
    diag("__kernel void k(__global int *p) { p[0] = convert_int_sat(p[1], 2); }\n",
         "t.cl:1:43: error: 'convert_int_sat' takes 1 argument, not 2", 43);
    diag("__kernel void k(__global int *p) { p[0] = convert_uint(p); }\n",
         "t.cl:1:56: error: 'convert_uint' takes an integer argument", 56);
    diag("__kernel void k(__global int *p) { p[0] = convert_int_rtx(p[1]); }\n",
         "t.cl:1:43: error: call to undeclared function 'convert_int_rtx'", 43);
}

/* docs/compiler.md "Structs and unions by value": what compiles (struct
 * kernel arguments laid out by their alignment) and what stays refused,
 * each at its column (the kernels that run are tests/kernels/structs.cl,
 * struct_pointers.cl, struct_alias.cl, stmt_expr.cl, kernel_call.cl) */
Test(cc, structs_statement_expressions_kernel_calls)
{
    wq_cc_result_t r;
    const char *src = "typedef struct { uchar c; long d; } W;\n"
          "typedef struct { ushort h[3]; } H;\n"
          "__kernel void k(__global int *p, uchar b, W w, H h)\n"
          "{ p[0] = (int)w.d + h.h[2] + b + ({ W v = w; v.c; }); }\n";
    cr_assert_eq(compile(src, &r), WQ_CC_OK, "%s", r.log);
    const wq_cc_kernel_t *k = &r.kernels[0];
    cr_assert_eq(k->nargs, 4);
    cr_assert_eq(k->args[1].offset, 52);
    cr_assert_eq(k->args[2].kind, WQ_CC_ARG_SCALAR);
    cr_assert_eq(k->args[2].size, 16);
    cr_assert_eq(k->args[2].offset, 56);            /* 8-aligned */
    cr_assert_eq(k->args[3].size, 6);
    cr_assert_eq(k->args[3].offset, 72);            /* word-aligned at least */
    cr_assert_eq(k->param_bytes % 16, 0);
    cr_assert(k->param_bytes >= 78);
    wq_cc_result_free(&r);
    diag("struct A { int x; };\n"
         "struct B { int x; };\n"
         "__kernel void k(__global int *p)\n"
         "{\n"
         "    struct A a = { 1 };\n"
         "    struct B b = { 2 };\n"
         "    a = b;\n"
         "    p[0] = a.x;\n"
         "}\n",
         "t.cl:7:7: error: assignment: cannot convert struct B to struct A", 7);
    diag("struct A { int x; };\n"
         "__kernel void k(__global int *p)\n"
         "{\n"
         "    struct A a = { 1 };\n"
         "    int v = a;\n"
         "    p[0] = v;\n"
         "}\n",
         "t.cl:5:13: error: a struct or union value cannot be used here (use its members or a pointer)", 13);
    diag("__constant int c = ({ 1; });\n"
         "__kernel void k(__global int *p) { p[0] = c; }\n",
         "t.cl:1:20: error: a statement expression is only allowed inside a function", 20);
    diag("__kernel void k(__global int *p)\n"
         "{\n"
         "    for (;;) { p[0] = ({ if (p[1]) break; 1; }); }\n"
         "}\n",
         "t.cl:3:36: error: 'break' cannot leave a statement expression", 36);
    diag("int f(int x) { return ({ if (x) return 1; 2; }); }\n"
         "__kernel void k(__global int *p) { p[0] = f(p[1]); }\n",
         "t.cl:1:33: error: 'return' inside a statement expression is not supported", 33);
    diag("struct A { __global int *q; };\n"
         "__kernel void k(__global int *p, struct A a) { p[0] = *a.q; }\n",
         "t.cl:2:43: error: a struct or union kernel argument cannot contain a pointer (OpenCL C 6.9)", 43);
    diag("__kernel void inner(__global int *p) { __local int t[4]; t[0] = 1; p[0] = t[0]; }\n"
         "__kernel void k(__global int *p) { inner(p); }\n",
         "t.cl:2:36: error: kernel 'inner' declares __local variables and cannot be called as a function", 36);
    diag("struct C { const int x; int y; };\n"
         "__kernel void k(__global int *p)\n"
         "{\n"
         "    struct C a = { 1, 2 }, b = { 3, 4 };\n"
         "    a = b;\n"
         "    p[0] = a.y;\n"
         "}\n",
         "t.cl:5:7: error: cannot assign to struct C: it has a const-qualified member", 7);
    diag("struct A { int x; };\n"
         "union B { int x; };\n"
         "__kernel void k(__global int *p, uint g)\n"
         "{\n"
         "    struct A a = { 1 }; union B b = { 2 };\n"
         "    p[0] = (g ? a : b).x;\n"
         "}\n",
         "t.cl:6:15: error: '?:' arms of different types (struct A and union B)", 15);
    diag("struct A { int x; };\n"
         "__constant int c = (struct A){ 1 }.x;\n"
         "__kernel void k(__global int *p) { p[0] = c; }\n",
         "t.cl:2:20: error: a compound literal is only allowed inside a function", 20);
    diag("struct S { __global int x; };\n"
         "__kernel void k(__global int *p) { struct S s; p[0] = 0; }\n",
         "t.cl:1:25: error: a struct member cannot be in an address space; only what a pointer member points to can", 25);
    diag("struct A { int x; };\n"
         "struct A f(int v) { struct A a = { v }; return a; }\n"
         "__kernel void k(__global int *p)\n"
         "{\n"
         "    f(1).x = 2;\n"
         "}\n",
         "t.cl:5:12: error: expression is not assignable", 12);
    diag("struct A { int x; };\n"
         "struct B { int x; };\n"
         "int g(struct A a) { return a.x; }\n"
         "__kernel void k(__global int *p)\n"
         "{\n"
         "    struct B b = { 2 };\n"
         "    p[0] = g(b);\n"
         "}\n",
         "t.cl:7:14: error: argument: cannot convert struct B to struct A", 14);
}

/* vector types (docs/compiler.md "Vector types"): what compiles, and each
 * misuse an error at the offending token, never a crash */
Test(cc, vector_types)
{
    compiles("__kernel void k(__global int4 *p, __global uchar *q, long2 a) { uint i = get_global_id(0);\n"
             "  int4 v = p[i], w = (int4)(v.s10, 7, v.w); int8 e = (int8)(v, w);\n"
             "  v.wzyx = w; v.s2 += 3; v.lo++; w.even = v.odd; p[i] = v + (w < 3) + e.hi + (int4)(i);\n"
             "  char3 c = vload3(i, (__global char *)q); vstore3(c & (char3)(-c.x), 1, (__global char *)q);\n"
             "  p[0] = (int4)(convert_int2_sat(as_long2(p[1]) + a), 0, 0) + as_int4(as_uchar16(p[2]).s89abcdef01234567);\n"
             "  p[1] = select(v, w, v > w) + bitselect(v, w, (int4)(1)) + any(v) + all(w) + shuffle(v, (uint4)(3, 2, 1, 0));\n"
             /* select's selector may be of the other signedness (igentype or ugentype) */
             "  p[3] = as_int4(select(as_uint4(v), as_uint4(w), v > w)) + select(v, w, as_uint4(w));\n"
             "  ulong4 u = { 1, 2 }; p[2] = convert_int4(u + shuffle2(u, u, (ulong4)(7, 0, 1, 2))) + as_int4(abs(v)) + clz(w); }\n");
    diag("__kernel void k(__global int *p) { int2 v = 1; p[0] = v.z; }\n",
         "t.cl:1:57: error: invalid component selector '.z' of int2: a component beyond the vector's width", 57);
    diag("__kernel void k(__global int *p) { int4 v = 1; p[0] = v.s8; }\n",
         "t.cl:1:57: error: invalid component selector '.s8' of int4: a component index beyond the vector's width", 57);
    diag("__kernel void k(__global int *p) { int4 v = 1; p[0] = v.xs0.x; }\n",
         "t.cl:1:57: error: invalid component selector '.xs0' of int4: '.xyzw' names and '.s' indices cannot be mixed", 57);
    diag("__kernel void k(__global int *p) { int4 v = 1; p[0] = v.s0y.x; }\n",
         "t.cl:1:57: error: invalid component selector '.s0y' of int4: '.s' takes hexadecimal digits only "
         "(.xyzw names cannot be mixed in)", 57);
    diag("__kernel void k(__global int *p) { int8 v = 1; p[0] = v.s01234.x; }\n",
         "t.cl:1:57: error: '.s01234' selects 5 components: a vector has 2, 3, 4, 8 or 16", 57);
    diag("__kernel void k(__global int *p) { int4 a = 1; int2 b = 2; p[0] = (a + b).x; }\n",
         "t.cl:1:70: error: invalid operands to '+': int4 and int2 are different vector types", 70);
    diag("__kernel void k(__global int *p) { uint4 a = 1; int4 b = 2; p[0] = (a == b).x; }\n",
         "t.cl:1:71: error: invalid operands to '==': uint4 and int4 are different vector types", 71);
    diag("__kernel void k(__global int *p) { int4 a = (int4)(1, 2, 3); }\n",
         "t.cl:1:45: error: a vector literal of type int4 needs 4 components, this one has 3", 45);
    diag("__kernel void k(__global int *p) { int2 h = 1; int4 a = (int4)(h, h, h); }\n",
         "t.cl:1:57: error: a vector literal of type int4 needs 4 components, this one has 6", 57);
    diag("__kernel void k(__global int *p) { short2 h = 1; int4 a = (int4)(h, h); }\n",
         "t.cl:1:66: error: a short2 in a vector literal of type int4: its components must be int", 66);
    diag("__kernel void k(__global int *p) { int4 v = 1; v.xx = (int2)(1, 2); }\n",
         "t.cl:1:50: error: a component is selected twice: the selection cannot be assigned", 50);
    diag("__kernel void k(__global int *p) { int4 v = 1; int *q = &v.x; }\n",
         "t.cl:1:57: error: cannot take the address of a vector component", 57);
    diag("__kernel void k(__global int *p) { int4 v = 1; if (v) p[0] = 1; }\n",
         "t.cl:1:52: error: the condition must be a scalar", 52);
    diag("__kernel void k(__global int *p) { int4 v = 1; int2 w = v; }\n",
         "t.cl:1:57: error: initialization: cannot convert int4 to int2", 57);
    diag("__kernel void k(__global int *p) { int4 v = 1; uint4 w = (uint4)v; }\n",
         "t.cl:1:58: error: invalid cast from int4 to uint4 (vector types change with convert_T or as_T)", 58);
    diag("__kernel void k(__global int *p) { int4 v = 1; p[0] = as_int2(v).x; }\n",
         "t.cl:1:55: error: 'as_int2' needs an operand of 8 bytes, not int4 (16 bytes)", 55);
    diag("__kernel void k(__global int *p) { int4 v = 1; int2 w = convert_int2(v); }\n",
         "t.cl:1:70: error: 'convert_int2' converts a 2-component vector, not int4", 70);
    diag("__kernel void k(__global int *p) { int4 v = 1; p[0] = min(v, (int2)(1)).x; }\n",
         "t.cl:1:69: error: 'min' with arguments of different vector types (int4 and int2)", 69);
    diag("__kernel void k(__global int *p) { int4 v = vload4(0, p) + vload4(1, (__global float *)p); }\n",
         "t.cl:1:80: error: floating-point types are not supported by this device (no FPU: warpq runs the "
         "integer subset of OpenCL C)", 80);
    diag("__kernel void k(__global int *p) { vstore2((int4)(1), 0, p); }\n",
         "t.cl:1:51: error: 'vstore2' through __global int* stores int2, not int4", 51);
    diag("__kernel void k(__global int *p) { int4 v = shuffle((int4)(1), (int4)(0)); }\n",
         "t.cl:1:71: error: the mask of 'shuffle' must be an unsigned vector of 4-byte components, not int4", 71);
    diag("__kernel void k(__global int *p) { float4 f; }\n",
         "t.cl:1:36: error: floating-point types are not supported by this device (no FPU: warpq runs the integer "
         "subset of OpenCL C)", 36);
}

/* an int4 / uint4 object in __global or __local memory is 16-aligned: one
 * LD.V4; vload4 needs only a word's alignment: four word loads; a
 * 3-vector's fourth word is neither loaded nor stored */
Test(cc, vector_loads)
{
    wq_cc_result_t r;
    cr_assert_eq(compile("__kernel void k(__global uint4 *p, __global uint *q, __local int4 *l) {\n"
                         "  uint i = get_global_id(0); p[i + 1] = p[i] + as_uint4(l[i]); }\n", &r), WQ_CC_OK, "%s", r.log);
    /* the parameter group, p[i], l[i] */
    cr_assert_eq(count_of(r.wqs, "\n        ld.v4 "), 3, "%s", r.wqs);
    wq_cc_result_free(&r);
    cr_assert_eq(compile("__kernel void k(__global uint *q) { uint i = get_global_id(0);\n"
                         "  vstore4(vload4(i, q + 1) + 1, i, q + 2); }\n", &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(count_of(r.wqs, "\n        ld.v4 "), 0, "%s", r.wqs);
    cr_assert_eq(count_of(r.wqs, "\n        ld     "), 4 + 2, "%s", r.wqs);     /* + q and the global offset */
    cr_assert_eq(count_of(r.wqs, "\n        st     "), 4, "%s", r.wqs);
    wq_cc_result_free(&r);
    cr_assert_eq(compile("__kernel void k(__global int3 *p) { p[1] = p[0] * 2; }\n", &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(count_of(r.wqs, "\n        st     "), 3, "%s", r.wqs);
    wq_cc_result_free(&r);
}
