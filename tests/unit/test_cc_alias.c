/* test_cc_alias.c -- memory-reference metadata (cmodel/compiler/
 * alias_meta.c): the classification of two regions at the boundaries --
 * touching, one byte apart, one byte shared, identical, contained, the
 * same start with other lengths, reversed order, empty and wrapping -- and
 * the cache key; and the alias pass (alias.c) through wq_cc_compile: which
 * relations make it unroll a loop, and which loops it keeps. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "wq/cc.h"

static wq_cc_rel_t rel(unsigned a, uint64_t as, uint64_t al, unsigned b, uint64_t bs, uint64_t bl)
{
    wq_cc_rel_t r;
    cr_assert_eq(wq_cc_rel_classify(a, as, al, b, bs, bl, &r), 0);
    cr_assert_eq(r.a, a);
    cr_assert_eq(r.b, b);
    return r;
}

static void overlap(const wq_cc_rel_t *r, uint64_t start, uint64_t end, uint64_t a_off, uint64_t b_off)
{
    cr_assert_eq(r->kind, WQ_CC_REL_OVERLAP);
    cr_assert_eq(r->start, start);
    cr_assert_eq(r->end, end);
    cr_assert_eq(r->bytes, end - start);
    cr_assert_eq(r->a_off, a_off);
    cr_assert_eq(r->b_off, b_off);
}

Test(cc_alias, touching_regions_are_disjoint_at_distance_0)
{
    wq_cc_rel_t r = rel(0, 0x1000, 0x100, 1, 0x1100, 0x100);
    cr_assert_eq(r.kind, WQ_CC_REL_DISJOINT);
    cr_assert_eq(r.distance, 0);
    r = rel(0, 0x1100, 0x100, 1, 0x1000, 0x100);          /* reversed order */
    cr_assert_eq(r.kind, WQ_CC_REL_DISJOINT);
    cr_assert_eq(r.distance, 0);
}

Test(cc_alias, one_byte_apart_and_one_byte_shared)
{
    wq_cc_rel_t r = rel(0, 0x1000, 0xff, 1, 0x1100, 0x100);
    cr_assert_eq(r.kind, WQ_CC_REL_DISJOINT);
    cr_assert_eq(r.distance, 1);
    r = rel(0, 0x1000, 0x101, 1, 0x1100, 0x100);
    overlap(&r, 0x1100, 0x1101, 0x100, 0);
}

Test(cc_alias, reversed_order_overlap_measures_from_each_region)
{
    /* b lies below a: the shared bytes start at a's first byte */
    wq_cc_rel_t r = rel(2, 0x2080, 0x100, 5, 0x2000, 0x100);
    overlap(&r, 0x2080, 0x2100, 0, 0x80);
}

Test(cc_alias, identical_is_same_and_same_start_is_overlap)
{
    wq_cc_rel_t r = rel(0, 0x4000, 0x400, 1, 0x4000, 0x400);
    cr_assert_eq(r.kind, WQ_CC_REL_SAME);
    r = rel(0, 0x4000, 0x400, 1, 0x4000, 0x200);           /* a sub-buffer at origin 0 */
    overlap(&r, 0x4000, 0x4200, 0, 0);
}

Test(cc_alias, contained_region)
{
    wq_cc_rel_t r = rel(0, 0x1000, 0x1000, 1, 0x1400, 0x100);
    overlap(&r, 0x1400, 0x1500, 0x400, 0);
    /* the container last */
    r = rel(0, 0x1400, 0x100, 1, 0x1000, 0x1000);
    overlap(&r, 0x1400, 0x1500, 0, 0x400);
}

Test(cc_alias, empty_and_wrapping_regions_are_refused)
{
    wq_cc_rel_t r;
    cr_assert_eq(wq_cc_rel_classify(0, 0x1000, 0, 1, 0x2000, 4, &r), -1);
    cr_assert_eq(wq_cc_rel_classify(0, 0x1000, 4, 1, UINT64_MAX - 1, 4, &r), -1);
}

Test(cc_alias, key_holds_the_relation_not_the_addresses)
{
    char k1[128], k2[128], k3[128];
    wq_cc_rel_t a = rel(0, 0x1000, 0x100, 1, 0x9000, 0x100);
    wq_cc_rel_t b = rel(0, 0x5000, 0x200, 1, 0x2000, 0x100);
    wq_cc_rel_key(&a, k1, sizeof k1);
    wq_cc_rel_key(&b, k2, sizeof k2);
    cr_assert_str_eq(k1, k2);
    wq_cc_rel_t o1 = rel(0, 0x1000, 0x200, 1, 0x1100, 0x200);
    wq_cc_rel_t o2 = rel(0, 0x7000, 0x200, 1, 0x7100, 0x200);
    wq_cc_rel_t o3 = rel(0, 0x1000, 0x200, 1, 0x1080, 0x200);
    wq_cc_rel_key(&o1, k1, sizeof k1);
    wq_cc_rel_key(&o2, k2, sizeof k2);
    wq_cc_rel_key(&o3, k3, sizeof k3);
    cr_assert_str_eq(k1, k2);
    cr_assert_str_neq(k1, k3);
    char t[192];
    wq_cc_rel_format(&o1, t, sizeof t);
    cr_assert(strstr(t, "overlap 0x1100..0x1200 (256 bytes"), "%s", t);
}

/* ---- the pass ------------------------------------------------------------------- */
static const char copy_src[] =
    "__kernel void k(__global const uint *in, __global uint *out, uint n)\n"
    "{\n"
    "    uint row = get_global_id(0);\n"
    "    for (uint x = 0; x < n; x++)\n"
    "        out[row * n + x] = in[row * n + x] + 1;\n"
    "}\n";

/* compiles src with the relation r between arguments 0 and 1 (NULL: no
 * metadata); returns the loops unrolled, the explanation in ex */
static unsigned pass(const char *src, const wq_cc_rel_t *r, char *ex, size_t n, uint32_t *ninsn)
{
    wq_cc_opts_t o = { .alias = 1, .rels = r, .nrels = r ? 1 : 0 };
    wq_cc_result_t res;
    cr_assert_eq(wq_cc_compile(&o, "t.cl", src, strlen(src), &res), WQ_CC_OK, "%s", res.log);
    unsigned loops = res.kernels[0].alias_loops;
    snprintf(ex, n, "%s", res.explain);
    if (ninsn) *ninsn = res.kernels[0].ninsn;
    wq_cc_result_free(&res);
    return loops;
}

Test(cc_alias, disjoint_unrolls_same_and_overlap_keep)
{
    char ex[4096];
    uint32_t plain, unrolled;
    cr_assert_eq(pass(copy_src, NULL, ex, sizeof ex, &plain), 0);
    cr_assert(strstr(ex, "no metadata -> not proven independent"), "%s", ex);
    wq_cc_rel_t d = rel(0, 0x1000, 0x100, 1, 0x2000, 0x100);
    cr_assert_eq(pass(copy_src, &d, ex, sizeof ex, &unrolled), 1);
    cr_assert(strstr(ex, "disjoint, distance 3840 -> independent"), "%s", ex);
    cr_assert(strstr(ex, "unrolled by 4: 4 loads, 4 stores; 4 loads grouped ahead"), "%s", ex);
    cr_assert_gt(unrolled, plain);          /* the unrolled loop and the original one */
    wq_cc_rel_t s = rel(0, 0x1000, 0x100, 1, 0x1000, 0x100);
    cr_assert_eq(pass(copy_src, &s, ex, sizeof ex, NULL), 0);
    cr_assert(strstr(ex, "same region: no metadata, kept"), "%s", ex);
    /* an overlap: unrolled behind the range test at the entry, with the
     * four copies in order for the work-items whose accesses reach it */
    wq_cc_rel_t o = rel(0, 0x1000, 0x100, 1, 0x1080, 0x100);
    cr_assert_eq(pass(copy_src, &o, ex, sizeof ex, NULL), 1);
    cr_assert(strstr(ex, "overlap: independent where the loop's accesses do not reach the shared bytes"), "%s", ex);
    cr_assert(strstr(ex, "a thread whose accesses reach them runs the four copies in order"), "%s", ex);
    /* ... but not when an access through the pair cannot be bounded */
    cr_assert_eq(pass("__kernel void k(__global uint *a, __global uint *b, uint n)\n"
                      "{ for (uint x = 0; x < n; x++) b[a[x] & 7] = x; }\n", &o, ex, sizeof ex, NULL), 0);
    cr_assert(strstr(ex, "kept: an access through b (line 2) whose range the pass cannot bound"), "%s", ex);
}

/* the disjoint copy loop reads and writes 16 consecutive bytes an
 * unrolled iteration: one LD.V4 and one ST.V4 on register quads, behind
 * the alignment test and a word-access copy for the threads it fails */
Test(cc_alias, four_wide_accesses_behind_an_alignment_test)
{
    wq_cc_rel_t d = rel(0, 0x1000, 0x100, 1, 0x2000, 0x100);
    wq_cc_opts_t o = { .alias = 1, .rels = &d, .nrels = 1 };
    wq_cc_result_t res;
    cr_assert_eq(wq_cc_compile(&o, "t.cl", copy_src, strlen(copy_src), &res), WQ_CC_OK, "%s", res.log);
    cr_assert(strstr(res.explain, "4-wide: 1 LD.V4, 1 ST.V4 in place of 8 word accesses"), "%s", res.explain);
    const char *l = strstr(res.wqs, "ld.v4"), *st = strstr(res.wqs, "st.v4");
    cr_assert(l && st, "%s", res.wqs);
    unsigned rl = 99, rs = 99;
    cr_assert_eq(sscanf(l, "ld.v4 r%u", &rl) + sscanf(strchr(st, ']') + 1, ", r%u", &rs), 2, "%s", res.wqs);
    cr_assert(rl + 4 <= res.kernels[0].nregs && rs + 4 <= res.kernels[0].nregs, "r%u, r%u of %u", rl, rs,
              res.kernels[0].nregs);
    cr_assert(strstr(res.wqs, "and ") && strstr(res.wqs, ", 15\n") && strstr(res.wqs, "ssy ") &&
              strstr(res.wqs, "sync "), "%s", res.wqs);
    /* the word-access copy is there too: 4 loads at +0..+12 */
    cr_assert(strstr(res.wqs, "+12]"), "%s", res.wqs);
    wq_cc_result_free(&res);
    /* byte loads never group (LD.V4 moves words) */
    char ex[4096];
    cr_assert_eq(pass("__kernel void k(__global const uchar *a, __global uchar *b, uint n)\n"
                      "{ for (uint x = 0; x < n; x++) b[x] = a[x]; }\n", &d, ex, sizeof ex, NULL), 1);
    cr_assert(strstr(ex, "4-wide: none"), "%s", ex);
}

Test(cc_alias, loops_it_keeps)
{
    char ex[4096];
    wq_cc_rel_t d = rel(0, 0x1000, 0x100, 1, 0x2000, 0x100);
    /* an atomic in the body */
    cr_assert_eq(pass("__kernel void k(__global uint *a, __global uint *b, uint n)\n"
                      "{ for (uint x = 0; x < n; x++) atomic_add(&b[a[x] & 7], 1); }\n", &d, ex, sizeof ex, NULL), 0);
    cr_assert(strstr(ex, "kept: an atomic in the body"), "%s", ex);
    /* a step other than 1 */
    cr_assert_eq(pass("__kernel void k(__global uint *a, __global uint *b, uint n)\n"
                      "{ for (uint x = 0; x < n; x += 2) b[x] = a[x]; }\n", &d, ex, sizeof ex, NULL), 0);
    /* a branch in the body */
    cr_assert_eq(pass("__kernel void k(__global uint *a, __global uint *b, uint n)\n"
                      "{ for (uint x = 0; x < n; x++) if (a[x]) b[x] = 1; }\n", &d, ex, sizeof ex, NULL), 0);
    /* the bound changes in the body */
    cr_assert_eq(pass("__kernel void k(__global uint *a, __global uint *b, uint n)\n"
                      "{ for (uint x = 0; x < n; x++) { b[x] = a[x]; n = a[x + 1]; } }\n", &d, ex, sizeof ex, NULL), 0);
    /* a reduction carries its sum from copy to copy: unrolled */
    cr_assert_eq(pass("__kernel void k(__global uint *a, __global uint *b, uint n)\n"
                      "{ uint s = 0; for (uint x = 0; x < n; x++) s += a[x]; b[get_global_id(0)] = s; }\n",
                      &d, ex, sizeof ex, NULL), 1);
}
