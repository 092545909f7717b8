/* test_cc_ra.c -- the compiler's back-end analyses on hand-made IR
 * (cmodel/compiler/live.c, regalloc.c, spill.c, frame.c, quad.c): liveness,
 * liveness across a CALL, the spill cost by loop depth, the spill rewrite,
 * register quads and their split into word accesses; and,
 * through wq_cc_compile, spilling under a register limit, private
 * frames and their initializers, CALL/RET under --inline=never and the
 * recursion error. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/cc.h"
#include "wq/defs.h"
#include "cc_ir_util.h"

Test(cc_ra, liveness_straight_line_and_guarded_def)
{
    cc_t *c = ctx();
    cc_code_t cd = { .nvreg = 4, .npred = 1 };
    if (setjmp(c->fail)) cr_assert_fail("longjmp: %s", c->log.s ? c->log.s : "");
    imm(c, &cd, WQ_OP_MOV, V(0), 0, 1);                   /* 0 */
    imm(c, &cd, WQ_OP_MOV, V(1), 0, 2);                   /* 1 */
    put(c, &cd, WQ_OP_ADD, V(2), V(0), V(1));             /* 2 */
    cc_ir_t *g = imm(c, &cd, WQ_OP_MOV, V(2), 0, 9);      /* 3: @P1 mov v2, 9 */
    g->gp = 1;
    put(c, &cd, WQ_OP_ST, 0, V(2), V(0));                 /* 4 */
    put(c, &cd, WQ_OP_EXIT, 0, 0, 0);                     /* 5 */
    int words;
    uint64_t *in = cc_live_in(c, &cd, 0, &words);
    cr_assert(!live(in, words, 0, 0) && !live(in, words, 0, 1));
    cr_assert(live(in, words, 2, 0) && live(in, words, 2, 1) && !live(in, words, 2, 2));
    /* a guarded definition keeps the old value in threads whose guard is false */
    cr_assert(live(in, words, 3, 2) && live(in, words, 3, 0) && !live(in, words, 3, 1));
    cr_assert(live(in, words, 4, 2) && live(in, words, 4, 0));
    cr_assert(!live(in, words, 5, 0) && !live(in, words, 5, 2));
    free(in);
    done(c);
}

Test(cc_ra, liveness_across_a_call)
{
    cc_t *c = ctx();
    cc_code_t cd = { .nvreg = 6, .nlabel = 1 };
    if (setjmp(c->fail)) cr_assert_fail("longjmp");
    cc_callee_t ce = { .entry = 0, .link = V(3), .ret = V(5), .link_copy = V(3) };
    cd.callees = &ce;
    cd.ncallees = 1;
    imm(c, &cd, WQ_OP_MOV, V(0), 0, 7);                   /* 0: lives across the call */
    imm(c, &cd, WQ_OP_MOV, V(1), 0, 3);                   /* 1: the argument           */
    cc_ir_t *call = put(c, &cd, WQ_OP_CALL, V(3), 0, 0);  /* 2 */
    call->label = 0;
    call->fn = 0;
    put(c, &cd, WQ_OP_ST, 0, V(0), V(5));                 /* 3: the result */
    put(c, &cd, WQ_OP_EXIT, 0, 0, 0);                     /* 4 */
    label(c, &cd, 0);                                     /* 5 */
    ce.start = cd.n - 1;
    put(c, &cd, WQ_OP_ADD, V(4), V(1), V(1));             /* 6 */
    put(c, &cd, WQ_OP_ADD, V(5), V(4), V(1));             /* 7 */
    put(c, &cd, WQ_OP_RET, 0, V(3), V(5));                /* 8 */
    ce.end = cd.n;
    int words;
    uint64_t *in = cc_live_in(c, &cd, 0, &words);
    /* at the CALL: what lives across it and what the callee reads; not the link */
    cr_assert(live(in, words, 2, 0) && live(in, words, 2, 1));
    cr_assert(!live(in, words, 2, 3), "link"); cr_assert(!live(in, words, 2, 4), "v4"); cr_assert(!live(in, words, 2, 5), "v5");
    /* in the callee: the parameter and the link, not the caller's value */
    cr_assert(live(in, words, 6, 1) && live(in, words, 6, 3) && !live(in, words, 6, 0));
    cr_assert(live(in, words, 8, 3) && live(in, words, 8, 5) && !live(in, words, 8, 1));
    cr_assert(live(in, words, 3, 0) && live(in, words, 3, 5));
    free(in);
    done(c);
}

Test(cc_ra, spill_cost_by_loop_depth)
{
    cc_t *c = ctx();
    cc_code_t cd = { .nvreg = 3, .nlabel = 2, .frame = V(2) };
    if (setjmp(c->fail)) cr_assert_fail("longjmp");
    imm(c, &cd, WQ_OP_MOV, V(0), 0, 1);                   /* v0: defined and used outside */
    imm(c, &cd, WQ_OP_MOV, V(1), 0, 1);
    label(c, &cd, 0);                                     /* loop head */
    imm(c, &cd, WQ_OP_ADD, V(1), V(1), 1);                /* v1: used and defined in the loop */
    put(c, &cd, WQ_OP_BRA, 0, 0, 0)->label = 0;           /* back edge */
    put(c, &cd, WQ_OP_ST, 0, V(0), V(0));
    double cost[3];
    cc_spill_costs(&cd, cost);
    cr_assert_float_eq(cost[0], 3.0, 1e-9);               /* one def, two uses at depth 0 */
    cr_assert_float_eq(cost[1], 21.0, 1e-9);              /* 1 + (use + def) x 10 */
    cr_assert_geq(cost[2], CC_NO_SPILL);                  /* the frame base never spills */
    done(c);
}

Test(cc_ra, spill_rewrite_loads_before_uses_stores_after_defs)
{
    cc_t *c = ctx();
    cc_code_t cd = { .nvreg = 3, .npred = 1 };
    if (setjmp(c->fail)) cr_assert_fail("longjmp");
    cd.param = V(0);
    imm(c, &cd, WQ_OP_S2R, V(0), 0, WQ_SR_PARAM);
    cd.prologue_end = cd.n;
    imm(c, &cd, WQ_OP_MOV, V(1), 0, 5);
    cc_ir_t *g = imm(c, &cd, WQ_OP_ADD, V(1), V(1), 1);
    g->gp = 1;
    put(c, &cd, WQ_OP_ST, 0, V(0), V(1));
    put(c, &cd, WQ_OP_EXIT, 0, 0, 0);
    int v = V(1);
    cc_spill(c, &cd, &v, 1);
    cr_assert_eq(cd.nspilled, 1);
    cr_assert_eq(cd.frame_bytes, 4);
    cr_assert_neq(cd.frame, 0);
    int lds = 0, sts = 0;
    for (int i = 0; i < cd.n; i++) {
        const cc_ir_t *x = &cd.ir[i];
        cr_assert(x->a != V(1) && x->d != V(1) && (x->bi || x->b != V(1)), "v1 left at %d", i);
        if (x->a == cd.frame && x->op == WQ_OP_LD) lds++;
        if (x->a == cd.frame && x->op == WQ_OP_ST) sts++;
    }
    /* mov: store; guarded add: load (old value) + store; st: load */
    cr_assert_eq(lds, 2);
    cr_assert_eq(sts, 2);
    done(c);
}

static const char *many =
    "uint f(uint a, uint b) { uint s = a; for (uint i = 0; i < (b & 3); i++) s = (s << 3) ^ b; return s; }\n"
    "__kernel void k(__global uint *o) {\n"
    "  uint g = get_global_id(0);\n"
    "  uint a0 = g, a1 = g + 1, a2 = g * 3, a3 = g ^ 9, a4 = g >> 2, a5 = g << 1, a6 = g | 7, a7 = g & 5;\n"
    "  for (uint i = 0; i < (g & 15); i++) { a0 += a1; a1 ^= a2; a2 += a3; a3 += a4; a4 ^= a5; a5 += a6;\n"
    "    a6 ^= a7; a7 += a0; if (i & 1) a5 = f(a5, a0); }\n"
    "  uint arr[5]; for (int i = 0; i < 5; i++) arr[i] = a0 + (uint)i;\n"
    "  o[g] = a0 ^ a1 ^ a2 ^ a3 ^ a4 ^ a5 ^ a6 ^ a7 ^ arr[g % 5];\n"
    "}\n";

static int build(unsigned regs, wq_cc_inline_t inl, const char *src, wq_cc_result_t *r)
{
    wq_cc_opts_t o = { .max_regs = regs, .inline_mode = inl };
    return wq_cc_compile(&o, "t.cl", src, strlen(src), r);
}

/* src is an error whose log contains msg */
static void refused(const char *src, const char *msg)
{
    wq_cc_result_t r;
    cr_assert_eq(build(0, WQ_CC_INLINE_NEVER, src, &r), WQ_CC_ERROR, "accepted: %s", src);
    cr_assert_not_null(strstr(r.log, msg), "%s", r.log);
    wq_cc_result_free(&r);
}

Test(cc_ra, spills_under_a_register_limit)
{
    wq_cc_result_t r;
    cr_assert_eq(build(32, WQ_CC_INLINE_AUTO, many, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.kernels[0].spills, 0);
    cr_assert_eq(r.kernels[0].private_bytes, 20);          /* arr[5] */
    cr_assert_not_null(strstr(r.wqs, "20 bytes private, 0 spilled"));
    wq_cc_result_free(&r);
    cr_assert_eq(build(8, WQ_CC_INLINE_AUTO, many, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_gt(r.kernels[0].spills, 0);
    cr_assert_leq(r.kernels[0].nregs, 8);
    cr_assert_geq(r.kernels[0].private_bytes, 20 + 4 * r.kernels[0].spills);
    char want[64];
    snprintf(want, sizeof want, "%u spilled", r.kernels[0].spills);
    cr_assert_not_null(strstr(r.wqs, want));
    wq_cc_result_free(&r);
}

Test(cc_ra, calls_and_inlining_policy)
{
    wq_cc_result_t r;
    cr_assert_eq(build(0, WQ_CC_INLINE_ALWAYS, many, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_null(strstr(r.wqs, "call "));
    wq_cc_result_free(&r);
    /* f has a loop: called under auto */
    cr_assert_eq(build(0, WQ_CC_INLINE_AUTO, many, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_not_null(strstr(r.wqs, "call "));
    cr_assert_not_null(strstr(r.wqs, "ret "));
    wq_cc_result_free(&r);
    const char *small = "inline uint sq(uint x) { return x * x; }\n"
                        "uint tw(uint x) { return x + x; }\n"
                        "__kernel void k(__global uint *o) { uint g = get_global_id(0); o[g] = sq(g) + tw(g); }\n";
    cr_assert_eq(build(0, WQ_CC_INLINE_AUTO, small, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_null(strstr(r.wqs, "call "));
    wq_cc_result_free(&r);
    cr_assert_eq(build(0, WQ_CC_INLINE_NEVER, small, &r), WQ_CC_OK, "%s", r.log);
    const char *p = strstr(r.wqs, "call ");
    cr_assert(p && strstr(p + 1, "call "), "two calls:\n%s", r.wqs);
    wq_cc_result_free(&r);
    const char *rec = "uint a(uint x);\nuint b(uint x) { return a(x) + 1; }\n"
                      "uint a(uint x) { if (x) return b(x - 1); return 0; }\n"
                      "__kernel void k(__global uint *o) { o[0] = a(3); }\n";
    refused(rec, "recursion is not supported by OpenCL C");
}

/* src compiles, and its first kernel's private frame is bytes long */
static void private_bytes_are(const char *src, uint32_t bytes)
{
    wq_cc_result_t r;
    cr_assert_eq(build(0, WQ_CC_INLINE_AUTO, src, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.kernels[0].private_bytes, bytes, "%s", src);
    wq_cc_result_free(&r);
}

Test(cc_ra, private_initializers)
{
    private_bytes_are("typedef struct { uint a; uchar b[3]; } S;\n"
                      "__kernel void k(__global uint *o) { uint g = get_global_id(0);\n"
                      "  uint t[4] = { 1, 2 }; S s = { g, { 1 } }; o[g] = t[g & 3] + s.b[g % 3]; }\n", 16 + 8);
    refused("__kernel void k(__global uint *o) { uint a[2] = { 1, 2, 3 }; o[0] = a[0]; }",
            "t.cl:1:57: error: excess elements in the initializer");
    refused("__kernel void k(__global uint *o) { uint a[2] = 5; o[0] = a[0]; }", "initializer must be in braces");
    /* an array without a size takes its initializer's: 5 ints and 2 x 3 chars */
    private_bytes_are("__kernel void k(__global uint *o) { uint g = get_global_id(0);\n"
                      "  int a[] = { 1, (2), 3, g, 5, }; uchar m[][3] = { { 1, 2, 3 }, { 4 } };\n"
                      "  o[g] = a[g % 5] + m[g & 1][g % 3] + sizeof a + sizeof m; }\n", 20 + 8);
    refused("__kernel void k(__global uint *o) { uint a[]; o[0] = a[0]; }",
            "t.cl:1:42: error: array 'a' needs a size or an initializer");
    refused("__kernel void k(__global uint *o) { uint a[] = {}; o[0] = a[0]; }",
            "t.cl:1:48: error: array 'a' has no size and an empty initializer");
    refused("__kernel void k(__global uint *o) { uint a[] = 5; o[0] = a[0]; }",
            "t.cl:1:48: error: an array initializer must be in braces");
    refused("__kernel void k(__global uint *o) { char s[] = \"ab\"; o[0] = s[0]; }",
            "t.cl:1:48: error: string literals are not supported by this device");
    refused("__kernel void k(__global uint *o) { char s[3] = \"ab\"; o[0] = s[0]; }",
            "t.cl:1:49: error: string literals are not supported by this device");
}

Test(cc_ra, long_pairs_and_their_limits)
{
    wq_cc_result_t r;
    const char *ok = "long twice(long v) { return v + v; }\n"
                     "__kernel void k(__global ulong *o, long s, uchar c) {\n"
                     "  uint g = get_global_id(0); o[g] = (ulong)twice(s) << (g & 63) | c; }\n";
    cr_assert_eq(build(0, WQ_CC_INLINE_NEVER, ok, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.kernels[0].args[1].size, 8);
    cr_assert_eq(r.kernels[0].args[1].offset, 56);        /* 8-aligned after the pointer at 48 */
    cr_assert_eq(r.kernels[0].args[2].offset, 64);
    cr_assert_str_eq(r.kernels[0].args[1].type_name, "long");
    cr_assert_null(strstr(r.wqs, "call "));               /* a 64-bit result stays inline */
    wq_cc_result_free(&r);
    /* a switch on a pair compares both words: a case whose high word is not
     * zero XORs it, one whose high word is zero ORs the value's in */
    const char *sw = "__kernel void k(__global long *o) { switch (o[0]) { case 0x500000007L: o[1] = 2; break;\n"
                     "  case 7: o[1] = 3; } }\n";
    cr_assert_eq(build(0, WQ_CC_INLINE_NEVER, sw, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_not_null(strstr(r.wqs, "xor"), "%s", r.wqs);
    wq_cc_result_free(&r);
    /* the built-ins on pairs compile inline, with no call and no 32-bit min */
    const char *bi = "__kernel void k(__global long *o, __global ulong *u) {\n"
                     "  o[1] = min(o[0], 3L) + clamp(o[2], -5L, 5L) + mul_hi(o[3], o[4]) + mad_sat(o[5], o[6], o[7]);\n"
                     "  u[0] = rotate(u[1], u[2]) + clz(u[3]) + popcount(u[4]) + hadd(u[5], u[6]) + abs(o[8]);\n"
                     "  u[7] = add_sat(u[8], u[9]) + select(u[10], u[11], o[12]) + upsample((uint)u[13], (uint)u[14]); }\n";
    cr_assert_eq(build(0, WQ_CC_INLINE_NEVER, bi, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_null(strstr(r.wqs, "call "));
    cr_assert_null(strstr(r.wqs, "min "), "a 64-bit min is compares and selects: %s", r.wqs);
    /* the 64-bit < decides on the low words in a setp guarded by "the high words are equal" */
    int guarded = 0;
    for (const char *g = strstr(r.wqs, "@p"); g; g = strstr(g + 1, "@p")) {
        const char *sp = strchr(g, ' ');
        if (sp && !strncmp(sp + 1, "setp.ltu", 8)) guarded = 1;
    }
    cr_assert(guarded, "no guarded setp.ltu: %s", r.wqs);
    wq_cc_result_free(&r);
    refused("__kernel void k(__global long *o) { o[1] = mul24(o[0], 3L); }",
            "t.cl:1:44: error: 'mul24' has no 64-bit form: OpenCL C defines it for int and uint (24-bit operands) only");
    refused("__kernel void k(__global ulong *o) { o[1] = mad24(o[0], 3UL, o[2]); }", "'mad24' has no 64-bit form");
    refused("__kernel void k(__global long *o) { o[1] = upsample(o[0], 3u); }",
            "t.cl:1:44: error: 'upsample' takes a char, short or int high half (its result is twice as wide), not long");
}

/* ---- register quads (quad.c): LD.V4 / ST.V4 ------------------------------------ */
/* v0 the address; ld.v4 into the quad v1..v4; the members read one by one;
 * v5 built from them; st.v4 from the quad v6..v9, each member written on
 * its own */
static void quad_code(cc_t *c, cc_code_t *cd)
{
    cd->nvreg = 10;
    imm(c, cd, WQ_OP_MOV, V(0), 0, 0x100);                            /* 0 */
    cc_ir_t *l = imm(c, cd, WQ_OP_LD, V(1), V(0), 16);                /* 1: ld.v4 v1, [v0+16] */
    l->fn = WQ_MEMW_V4;
    put(c, cd, WQ_OP_ADD, V(5), V(1), V(4));                          /* 2 */
    put(c, cd, WQ_OP_ADD, V(6), V(2), V(5));                          /* 3: quad 2's member 0 */
    put(c, cd, WQ_OP_ADD, V(7), V(3), V(5));                          /* 4 */
    imm(c, cd, WQ_OP_MOV, V(8), 0, 7);                                /* 5 */
    put(c, cd, WQ_OP_MOV, V(9), 0, V(5));                             /* 6 */
    cc_ir_t *s = imm(c, cd, WQ_OP_ST, 0, V(0), 32);                   /* 7: st.v4 [v0+32], v6 */
    s->bi = 0;
    s->b = V(6);
    s->fn = WQ_MEMW_V4;
    put(c, cd, WQ_OP_EXIT, 0, 0, 0);                                  /* 8 */
}

Test(cc_ra, quad_liveness_and_four_consecutive_registers)
{
    cc_t *c = ctx();
    cc_kout_t k = {0};
    if (setjmp(c->fail)) cr_assert_fail("longjmp: %s", c->log.s ? c->log.s : "");
    quad_code(c, &k.code);
    int words;
    uint64_t *in = cc_live_in(c, &k.code, 0, &words);
    /* the LD.V4 writes all four members, the ST.V4 reads all four */
    for (int m = 1; m <= 4; m++) cr_assert(!live(in, words, 1, m) && live(in, words, 2, m), "member v%d", m);
    cr_assert(!live(in, words, 3, 1) && !live(in, words, 3, 4) && live(in, words, 3, 2) && live(in, words, 4, 3));
    for (int m = 6; m <= 9; m++) cr_assert(live(in, words, 7, m), "st.v4 reads v%d", m);
    cr_assert(!live(in, words, 3, 6) && live(in, words, 4, 6), "v6 is born at 3");
    free(in);
    int *qh = cc_quad_heads(c, &k.code);
    cr_assert_not_null(qh);
    cr_assert(qh[1] == 2 && qh[4] == 2 && qh[6] == 7 && qh[9] == 7 && !qh[0] && !qh[5]);
    free(qh);
    cc_regalloc(c, &k);
    for (int m = 1; m < 4; m++) {
        cr_assert_eq(c->vmap[1 + m], c->vmap[1] + m, "load quad member %d", m);
        cr_assert_eq(c->vmap[6 + m], c->vmap[6] + m, "store quad member %d", m);
    }
    cr_assert_eq(k.code.nquads_split, 0);
    cr_assert_geq(k.info.nregs, (uint32_t)c->vmap[6] + 4);
    done(c);
}

Test(cc_ra, quad_split_into_word_accesses)
{
    cc_t *c = ctx();
    cc_code_t cd = {0};
    if (setjmp(c->fail)) cr_assert_fail("longjmp");
    quad_code(c, &cd);
    cr_assert_eq(cc_quad_dissolve(c, &cd), 2);
    cr_assert_eq(cd.n, 9 + 6);
    for (int m = 0; m < 4; m++) {
        const cc_ir_t *l = &cd.ir[1 + m], *s = &cd.ir[10 + m];
        cr_assert(l->op == WQ_OP_LD && l->fn == WQ_MEMW_W32 && l->d == V(1 + m) && l->a == V(0) && l->imm == 16u + 4u * (unsigned)m);
        cr_assert(s->op == WQ_OP_ST && s->fn == WQ_MEMW_W32 && s->b == V(6 + m) && s->a == V(0) && s->imm == 32u + 4u * (unsigned)m);
    }
    cr_assert_null(cc_quad_heads(c, &cd));
    done(c);
}
