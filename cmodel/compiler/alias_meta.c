/* alias_meta.c -- memory-reference metadata (docs/compiler.md "Alias
 * metadata"): how the memory regions behind two pointer arguments relate,
 * as the runtime computes it at clEnqueueNDRangeKernel and `wq cc
 * --region` gives it by hand, and the one-line form the explanation, the
 * build log and the runtime's variant cache use.
 *
 * A region is the half-open byte range [start, start + len) a pointer
 * argument can reach: its buffer (or sub-buffer) from the pointer on.  Two
 * regions are the SAME when start and length agree (the seed's rule: no
 * metadata, no recompilation), DISJOINT when they share no byte (distance:
 * the bytes between them, 0 when they touch), and OVERLAP otherwise, with
 * the shared bytes [start, end) and where they begin in each region. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "wq/cc.h"

int wq_cc_rel_classify(unsigned a, uint64_t a_start, uint64_t a_len, unsigned b, uint64_t b_start,
                       uint64_t b_len, wq_cc_rel_t *r)
{
    memset(r, 0, sizeof *r);
    if (a_len == 0 || b_len == 0 || a_start + a_len < a_start || b_start + b_len < b_start) return -1;
    r->a = a;
    r->b = b;
    uint64_t a_end = a_start + a_len, b_end = b_start + b_len;
    if (a_start == b_start && a_len == b_len) {
        r->kind = WQ_CC_REL_SAME;
        r->start = a_start;
        r->end = a_end;
        r->bytes = a_len;
        return 0;
    }
    if (a_end <= b_start || b_end <= a_start) {
        r->kind = WQ_CC_REL_DISJOINT;
        r->distance = a_end <= b_start ? b_start - a_end : a_start - b_end;
        return 0;
    }
    r->kind = WQ_CC_REL_OVERLAP;
    r->start = a_start > b_start ? a_start : b_start;
    r->end = a_end < b_end ? a_end : b_end;
    r->bytes = r->end - r->start;
    r->a_off = r->start - a_start;
    r->b_off = r->start - b_start;
    return 0;
}

const char *wq_cc_rel_name(wq_cc_rel_kind_t k)
{
    switch (k) {
    case WQ_CC_REL_SAME: return "same";
    case WQ_CC_REL_OVERLAP: return "overlap";
    case WQ_CC_REL_DISJOINT: return "disjoint";
    }
    return "unknown";
}

int wq_cc_rel_format(const wq_cc_rel_t *r, char *buf, size_t n)
{
    switch (r->kind) {
    case WQ_CC_REL_SAME:
        return snprintf(buf, n, "args %u,%u: same region (no metadata)", r->a, r->b);
    case WQ_CC_REL_DISJOINT:
        return snprintf(buf, n, "args %u,%u: disjoint, distance %" PRIu64, r->a, r->b, r->distance);
    case WQ_CC_REL_OVERLAP:
        return snprintf(buf, n, "args %u,%u: overlap 0x%" PRIx64 "..0x%" PRIx64 " (%" PRIu64
                        " bytes, at +%" PRIu64 " in %u, +%" PRIu64 " in %u)", r->a, r->b, r->start,
                        r->end, r->bytes, r->a_off, r->a, r->b_off, r->b);
    }
    return snprintf(buf, n, "args %u,%u: unknown", r->a, r->b);
}

/* what the compiler's decisions depend on: the kind, and for an overlap
 * where it lies in each region -- not the addresses, so that the same
 * relation between other buffers finds the same variant */
int wq_cc_rel_key(const wq_cc_rel_t *r, char *buf, size_t n)
{
    if (r->kind == WQ_CC_REL_OVERLAP)
        return snprintf(buf, n, "%u,%u,o,%" PRIu64 ",%" PRIu64 ",%" PRIu64 ";", r->a, r->b, r->a_off,
                        r->b_off, r->bytes);
    return snprintf(buf, n, "%u,%u,%c;", r->a, r->b, r->kind == WQ_CC_REL_SAME ? 's' : 'd');
}
