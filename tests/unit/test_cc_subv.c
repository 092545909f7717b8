/* test_cc_subv.c -- sub-vector selection (cmodel/compiler/subv.c,
 * docs/compiler.md "Sub-vector segments"): on hand-made IR, the liveness
 * sets a segment's pressure and local values come from, where candidate
 * segments start and stop (labels, YIELD, BAR, atomics, a load after a
 * store), the selection by mode and threshold, and which registers must stay
 * below the shared base; through wq_cc_compile, what the three modes emit:
 * no YIELD, BAR, branch or label inside a segment, the shared registers
 * named only inside segments, the kernel's WAVE word. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/cc.h"
#include "wq/regs.h"
#include "wq/defs.h"
#include "cc_ir_util.h"

static int count_live(const uint64_t *in, int words, int i)
{
    int n = 0;
    for (int j = 0; j < words; j++) n += __builtin_popcountll(in[(size_t)i * (size_t)words + (size_t)j]);
    return n;
}

/* v0 lives through; v1..v4 are born and die in the first run; a YIELD
 * splits; v5 lives from the second run to the end */
static void straight(cc_t *c, cc_code_t *cd)
{
    imm(c, cd, WQ_OP_MOV, V(0), 0, 1);                   /* 0            */
    put(c, cd, WQ_OP_YIELD, 0, 0, 0);                    /* 1: splits    */
    imm(c, cd, WQ_OP_ADD, V(1), V(0), 2);                /* 2: run A     */
    imm(c, cd, WQ_OP_ADD, V(2), V(0), 3);                /* 3            */
    put(c, cd, WQ_OP_MUL, V(3), V(1), V(2));             /* 4            */
    imm(c, cd, WQ_OP_XOR, V(4), V(3), 5);                /* 5            */
    put(c, cd, WQ_OP_ST, 0, V(0), V(4));                 /* 6            */
    put(c, cd, WQ_OP_BAR, 0, 0, 0);                      /* 7: splits    */
    put(c, cd, WQ_OP_LD, V(5), V(0), 0);                 /* 8: run B     */
    put(c, cd, WQ_OP_ADD, V(6), V(5), V(0));             /* 9            */
    put(c, cd, WQ_OP_ST, 0, V(0), V(6));                 /* 10           */
    put(c, cd, WQ_OP_LD, V(7), V(0), 0);                 /* 11: load after a store: run C */
    put(c, cd, WQ_OP_ADD, V(7), V(7), V(5));             /* 12           */
    put(c, cd, WQ_OP_ST, 0, V(0), V(7));                 /* 13           */
    put(c, cd, WQ_OP_EXIT, 0, 0, 0);                     /* 14           */
}

Test(cc_subv, liveness_sets_of_a_segment)
{
    cc_t *c = ctx();
    cc_code_t cd = { .nvreg = 8 };
    if (setjmp(c->fail)) cr_assert_fail("longjmp: %s", c->log.s ? c->log.s : "");
    straight(c, &cd);
    int words;
    uint64_t *in = cc_live_in(c, &cd, 0, &words);
    /* run A: v0 through it; v1, v2 together; v3 alone; then v4 */
    cr_assert(live(in, words, 2, 0) && !live(in, words, 2, 1));
    cr_assert(live(in, words, 4, 1) && live(in, words, 4, 2) && live(in, words, 4, 0));
    cr_assert_eq(count_live(in, words, 4), 3);
    cr_assert(live(in, words, 5, 3) && !live(in, words, 5, 1) && !live(in, words, 5, 2));
    cr_assert(live(in, words, 6, 4) && live(in, words, 6, 0));
    /* after run A only v0: nothing of it is live at its end */
    cr_assert_eq(count_live(in, words, 7), 1);
    /* run B's v5 lives into run C */
    cr_assert(live(in, words, 11, 5) && live(in, words, 11, 0) && !live(in, words, 11, 6));
    cr_assert_eq(count_live(in, words, 14), 0);
    free(in);
    done(c);
}

Test(cc_subv, candidate_segments_stop_at_yield_bar_and_load_after_store)
{
    cc_t *c = ctx();
    cc_code_t cd = { .nvreg = 8 };
    if (setjmp(c->fail)) cr_assert_fail("longjmp");
    straight(c, &cd);
    int words;
    uint64_t *in = cc_live_in(c, &cd, 0, &words);
    cc_subv_seg_t seg[8];
    int n = cc_subv_candidates(&cd, in, words, seg, 8);
    cr_assert_eq(n, 3);
    /* A: [2, 7) -- after the YIELD, before the BAR */
    cr_assert_eq(seg[0].start, 2); cr_assert_eq(seg[0].end, 7);
    cr_assert_eq(seg[0].pressure, 3);               /* v0 v1 v2 at instruction 4 */
    cr_assert_eq(seg[0].nlocal, 4);                 /* v1..v4 */
    /* B: [8, 11) -- its load after its store starts C */
    cr_assert_eq(seg[1].start, 8); cr_assert_eq(seg[1].end, 11);
    cr_assert_eq(seg[1].nlocal, 1);                 /* v6; v5 lives on into C */
    /* C: [11, 14), before the EXIT */
    cr_assert_eq(seg[2].start, 11); cr_assert_eq(seg[2].end, 14);
    cr_assert_eq(seg[2].nlocal, 1);                 /* v7: loaded, redefined, stored */
    free(in);
    done(c);
}

Test(cc_subv, selection_by_mode_and_threshold)
{
    cc_subv_seg_t seg[3] = {
        { .start = 0, .end = 4, .pressure = 9, .nlocal = 3 },
        { .start = 5, .end = 8, .pressure = 4, .nlocal = 2 },
        { .start = 9, .end = 12, .pressure = 12, .nlocal = 0 },   /* nothing to share */
    };
    cr_assert_eq(cc_subv_select(seg, 3, WQ_CC_SUBV_AUTO, 8), 1);
    cr_assert(seg[0].selected && !seg[1].selected && !seg[2].selected);
    cr_assert_eq(cc_subv_select(seg, 3, WQ_CC_SUBV_AUTO, 9), 0);   /* "exceeds": 9 is not over 9 */
    cr_assert_eq(cc_subv_select(seg, 3, WQ_CC_SUBV_AUTO, 3), 2);
    cr_assert_eq(cc_subv_select(seg, 3, WQ_CC_SUBV_ALWAYS, 30), 2);
    cr_assert(seg[0].selected && seg[1].selected && !seg[2].selected);
    cr_assert_eq(cc_subv_select(seg, 3, WQ_CC_SUBV_OFF, 0), 0);
}

Test(cc_subv, values_live_at_a_segment_boundary_stay_private)
{
    cc_t *c = ctx();
    cc_code_t cd = { .nvreg = 6 };
    if (setjmp(c->fail)) cr_assert_fail("longjmp");
    imm(c, &cd, WQ_OP_MOV, V(0), 0, 1);                  /* 0: lives across the segment */
    imm(c, &cd, WQ_OP_MOV, V(1), 0, 2);                  /* 1: read in it, dead after   */
    put(c, &cd, WQ_OP_SUBV_START, 0, 0, 0);              /* 2 */
    put(c, &cd, WQ_OP_ADD, V(2), V(1), V(1));            /* 3: local */
    imm(c, &cd, WQ_OP_ADD, V(3), V(2), 1);               /* 4: local */
    put(c, &cd, WQ_OP_ADD, V(4), V(3), V(2));            /* 5: lives past the end */
    put(c, &cd, WQ_OP_SUBV_END, 0, 0, 0);                /* 6 */
    put(c, &cd, WQ_OP_ST, 0, V(0), V(4));                /* 7 */
    imm(c, &cd, WQ_OP_MOV, V(5), 0, 3);                  /* 8: outside any segment */
    put(c, &cd, WQ_OP_ST, 0, V(0), V(5));                /* 9 */
    put(c, &cd, WQ_OP_EXIT, 0, 0, 0);                    /* 10 */
    int words;
    uint64_t *in = cc_live_in(c, &cd, 0, &words);
    unsigned char priv[6];
    cc_subv_private(&cd, in, words, priv);
    cr_assert(priv[0] && priv[1], "live at SUBV_START");
    cr_assert(!priv[2] && !priv[3], "born and dead inside");
    cr_assert(priv[4], "live at SUBV_END");
    cr_assert(priv[5], "outside every segment");
    free(in);
    done(c);
}

/* ---- through the compiler ----------------------------------------------------------- */

static const char *kern =
    "__kernel void k(__global uint *o, __global const uint *in) {\n"
    "  uint g = get_global_id(0);\n"
    "  uint a = in[g], b = in[g + 64], s = 0;\n"
    "  uint t0 = a * 3 + b, t1 = a ^ b, t2 = (a << 2) - b, t3 = a + b * 5;\n"
    "  s = t0 * t1 + t2 * t3 + (t0 ^ t3);\n"
    "  while (s > 100) { s = s / 3 + (s & 1); }\n"   /* a YIELD on its back edge */
    "  barrier(CLK_GLOBAL_MEM_FENCE);\n"
    "  o[g] = s + t1;\n"
    "}\n";

static int build(wq_cc_subv_t mode, unsigned regs, unsigned t, wq_cc_result_t *r)
{
    wq_cc_opts_t o = { .max_regs = regs, .subv = mode, .subv_threshold = t };
    return wq_cc_compile(&o, "t.cl", kern, strlen(kern), r);
}

/* the register numbers an instruction line names, as a bit mask */
static uint32_t regs_named(const char *line, const char *end)
{
    uint32_t m = 0;
    for (const char *p = line; p < end; p++)
        if (*p == 'r' && (p == line || p[-1] == ' ' || p[-1] == ',' || p[-1] == '[') && p[1] >= '0' && p[1] <= '9')
            m |= 1u << (unsigned)atoi(p + 1);
    return m;
}

/* every instruction inside a segment is plain; the registers at and above
 * base appear only inside segments; returns the segments seen */
static int check_segments(const char *wqs, unsigned base)
{
    int in = 0, n = 0;
    for (const char *l = wqs; *l;) {
        const char *e = strchr(l, '\n');
        if (!e) e = l + strlen(l);
        const char *t = l;
        while (t < e && *t == ' ') t++;
        if (t < e && *t != ';' && *t != '.') {
            if (!strncmp(t, "subv_start", 10)) { cr_assert(!in, "nested segment"); in = 1; n++; }
            else if (!strncmp(t, "subv_end", 8)) { cr_assert(in); in = 0; }
            else if (t == l) cr_assert(!in, "a label inside a segment: %.*s", (int)(e - l), l);
            else {
                static const char *const banned[] = { "yield", "bar ", "bra ", "ssy ", "sync ", "pbrk ", "brk ",
                                                      "pcont ", "cont ", "call ", "ret ", "exit", "atom", "membar", "jmp " };
                for (size_t b = 0; in && b < sizeof banned / sizeof *banned; b++)
                    cr_assert(strncmp(t, banned[b], strlen(banned[b])), "%.*s inside a segment", (int)(e - t), t);
                if (!in && base) cr_assert_eq(regs_named(t, e) >> base, 0, "shared register outside: %.*s", (int)(e - t), t);
            }
        }
        l = *e ? e + 1 : e;
    }
    cr_assert(!in, "unterminated segment");
    return n;
}

Test(cc_subv, modes_through_the_compiler)
{
    wq_cc_result_t r;
    /* off: nothing */
    cr_assert_eq(build(WQ_CC_SUBV_OFF, 0, 0, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_null(strstr(r.wqs, "subv_"));
    cr_assert_eq(r.kernels[0].wave, 0);
    cr_assert_eq(r.kernels[0].subv_segments, 0);
    wq_cc_result_free(&r);
    /* always: the straight runs between the loop, the YIELD and the BAR */
    cr_assert_eq(build(WQ_CC_SUBV_ALWAYS, 0, 0, &r), WQ_CC_OK, "%s", r.log);
    int n = check_segments(r.wqs, 16);
    cr_assert_geq(n, 2, "%s", r.wqs);
    cr_assert_eq((unsigned)n, r.kernels[0].subv_segments);
    cr_assert_eq(r.kernels[0].wave, 1u | 16u << 8);
    cr_assert_gt(r.kernels[0].nregs, 16, "segment-local values take the shared registers first");
    cr_assert_not_null(strstr(r.wqs, "sub-vector segments, shared base r16"));
    wq_cc_result_free(&r);
    /* a threshold of its own */
    cr_assert_eq(build(WQ_CC_SUBV_ALWAYS, 0, 10, &r), WQ_CC_OK, "%s", r.log);
    check_segments(r.wqs, 10);
    cr_assert_eq(r.kernels[0].wave, 1u | 10u << 8);
    wq_cc_result_free(&r);
    /* auto: this kernel's pressure stays under half of 32 registers */
    cr_assert_eq(build(WQ_CC_SUBV_AUTO, 0, 0, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.kernels[0].subv_segments, 0);
    wq_cc_result_free(&r);
    /* auto over a threshold of 6: the one run whose pressure exceeds it
     * (the straight run before the loop; s / 3 is one DIVU) */
    cr_assert_eq(build(WQ_CC_SUBV_AUTO, 0, 6, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.kernels[0].subv_segments, 1, "%s", r.wqs);
    check_segments(r.wqs, 6);
    cr_assert_eq(r.kernels[0].spills, 0);
    wq_cc_result_free(&r);
    /* auto declines when the values that live across segments need more
     * registers than the threshold leaves them: sharing would cost spills */
    cr_assert_eq(build(WQ_CC_SUBV_AUTO, 0, 3, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.kernels[0].subv_segments, 0);
    cr_assert_eq(r.kernels[0].spills, 0);
    wq_cc_result_free(&r);
}

/* the high-register kernel of make bench (tests/kernels/subv_pressure.cl)
 * under a budget of 16 registers: at 32 lanes a segment's shared registers
 * do not pack and it spills; at 8 lanes they pack four to a row
 * (wq/regs.h), the segment names registers above 16 and nothing spills */
Test(cc_subv, packed_shared_registers_avoid_spills)
{
    FILE *f = fopen("tests/kernels/subv_pressure.cl", "rb");
    cr_assert_not_null(f);
    static char src[16384];
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[n] = 0;
    unsigned spilled[2], nregs[2];
    const unsigned lanes[2] = { 32, 8 };
    for (int i = 0; i < 2; i++) {
        wq_cc_opts_t o = { .max_regs = 16, .subv = WQ_CC_SUBV_AUTO, .lanes = lanes[i] };
        wq_cc_result_t r;
        cr_assert_eq(wq_cc_compile(&o, "subv_pressure.cl", src, n, &r), WQ_CC_OK, "%s", r.log);
        spilled[i] = r.kernels[0].spills;
        nregs[i] = r.kernels[0].nregs;
        if (i == 1) {
            cr_assert_gt(r.kernels[0].subv_segments, 0);
            unsigned base = (r.kernels[0].wave >> 8) & 31;
            cr_assert_eq(base, 8u);
            check_segments(r.wqs, base);
            cr_assert_leq(nregs[i], wq_nregs_limit(16, 8, 1, base));
        }
        wq_cc_result_free(&r);
    }
    cr_assert_gt(spilled[0], 0u, "32 lanes: no packing, the kernel spills");
    cr_assert_eq(spilled[1], 0u, "8 lanes: the packed segment spills nothing");
    cr_assert_gt(nregs[1], 16u, "the segment names registers above the budget");
}
