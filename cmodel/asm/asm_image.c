/* asm_image.c -- where assembled bytes go.  segs[0] is the code segment
 * (instruction i at code_base + 8*i, little-endian); every ".data ADDR"
 * opens one more segment.  Pass 1 only measures; between the passes the
 * layout is checked (no byte is placed twice) and the segments allocated;
 * pass 2 fills them. */
#include <stdlib.h>
#include <string.h>
#include "asm_int.h"

#define ADDR_SPACE ((uint64_t)1 << 32)

static int grow_image(wq_as_t *as, uint64_t n)
{
    if (as->image + n > WQ_AS_MAX_IMAGE)
        return wq__err(as, "program too large (more than %u bytes of code and data)",
                       WQ_AS_MAX_IMAGE);
    as->image += n;
    return 0;
}

static int add_seg(wq_as_t *as, uint32_t addr)
{
    wq_program_t *p = as->p;
    if (p->nsegs == as->segcap) {
        unsigned ncap = as->segcap ? as->segcap * 2 : 8;
        wq_seg_t *ns = realloc(p->segs, ncap * sizeof *ns);
        if (!ns)
            return wq__err(as, "out of memory");
        p->segs = ns;
        int *nl = realloc(as->seg_line, ncap * sizeof *nl);
        if (!nl)
            return wq__err(as, "out of memory");
        as->seg_line = nl;
        as->segcap = ncap;
    }
    p->segs[p->nsegs] = (wq_seg_t){addr, 0, 0, NULL};
    as->seg_line[p->nsegs] = as->line;
    p->nsegs++;
    return 0;
}

int wq__image_start(wq_as_t *as)
{
    return add_seg(as, WQ_ASM_DEFAULT_CODE);
}

int wq__emit_insn(wq_as_t *as, uint64_t word)
{
    wq_program_t *p = as->p;
    if (as->pass == 1) {
        if (as->pc > WQ_PC_MASK)
            return wq__err(as, "too many instructions (max %u)", WQ_PC_MASK + 1u);
        if (grow_image(as, 8))
            return -1;
        as->pc++;
        return 0;
    }
    uint8_t *b = p->segs[0].bytes + 8u * as->pc;
    for (unsigned k = 0; k < 8; k++)
        b[k] = (uint8_t)(word >> (8 * k));
    as->pc++;
    return 0;
}

int wq__data_open(wq_as_t *as, uint32_t addr)
{
    as->in_code = 0;
    as->dpos = addr;
    as->seg_fill = 0;
    if (as->pass == 1) {
        if (add_seg(as, addr))
            return -1;
        as->seg = as->p->nsegs - 1;
        return 0;
    }
    if (as->seg_next >= as->p->nsegs)
        return wq__err(as, "internal error: data segment not seen in pass 1");
    as->seg = as->seg_next++;
    return 0;
}

int wq__data_emit(wq_as_t *as, const uint8_t *bytes, uint32_t n)
{
    wq_seg_t *sg = &as->p->segs[as->seg];
    if (as->pass == 1) {
        if (as->dpos + n > ADDR_SPACE)
            return wq__err(as, "data past the end of the address space");
        if (grow_image(as, n))
            return -1;
        sg->len += n;
    } else {
        /* pass 2 replays pass 1's layout; never write outside it */
        if ((uint64_t)(as->dpos - sg->addr) + n > sg->len)
            return wq__err(as, "internal error: data layout changed between passes");
        uint8_t *dst = sg->bytes + (as->dpos - sg->addr);
        if (bytes)
            memcpy(dst, bytes, n);
        else
            memset(dst, 0, n);
    }
    as->dpos += n;
    as->seg_fill += n;
    return 0;
}

/* An empty segment just starts later; a started one is padded with zeros. */
int wq__data_align(wq_as_t *as, uint32_t n)
{
    uint32_t pad = (uint32_t)(0u - as->dpos) & (n - 1u);
    if (as->seg_fill)
        return wq__data_emit(as, NULL, pad);
    if (as->dpos + pad > ADDR_SPACE - 1)
        return wq__err(as, "data past the end of the address space");
    if (as->pass == 1)
        as->p->segs[as->seg].addr += pad;
    as->dpos += pad;
    return 0;
}

typedef struct { uint64_t lo, hi; int line; unsigned idx; } range_t;

static int by_addr(const void *a, const void *b)
{
    const range_t *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* After pass 1: code must fit, no two segments may share a byte. */
static int check_overlap(wq_as_t *as)
{
    wq_program_t *p = as->p;
    range_t *r = malloc(p->nsegs * sizeof *r);
    unsigned n = 0;
    int rc = 0;
    if (!r)
        return wq__err(as, "out of memory");
    for (unsigned i = 0; i < p->nsegs; i++)
        if (p->segs[i].len)
            r[n++] = (range_t){p->segs[i].addr, (uint64_t)p->segs[i].addr + p->segs[i].len,
                               as->seg_line[i], i};
    qsort(r, n, sizeof *r, by_addr);
    for (unsigned i = 0; i + 1 < n && !rc; i++) {
        if (r[i].hi <= r[i + 1].lo)
            continue;
        /* report at the later of the two lines (qsort is not stable) */
        range_t *a = &r[i], *b = &r[i + 1];
        if (b->idx == 0 || (a->idx != 0 && a->line > b->line)) {
            range_t *t = a;
            a = b, b = t;
        }
        as->line = b->line;
        if (a->idx == 0)
            rc = wq__err(as, "data at 0x%08llx overlaps code (0x%08llx..0x%08llx)",
                         (unsigned long long)b->lo, (unsigned long long)a->lo,
                         (unsigned long long)a->hi - 1);
        else
            rc = wq__err(as, "data at 0x%08llx overlaps data from line %d",
                         (unsigned long long)b->lo, a->line);
    }
    free(r);
    return rc;
}

int wq__image_layout(wq_as_t *as)
{
    wq_program_t *p = as->p;
    p->ninsn = as->pc;
    p->segs[0].addr = p->code_base;
    p->segs[0].len = 8u * as->pc;
    if ((uint64_t)p->code_base + p->segs[0].len > ADDR_SPACE)
        return wq__err(as, "code past the end of the address space");
    if (check_overlap(as))
        return -1;
    for (unsigned i = 0; i < p->nsegs; i++) {
        p->segs[i].cap = p->segs[i].len;
        p->segs[i].bytes = calloc(p->segs[i].len ? p->segs[i].len : 1, 1);
        if (!p->segs[i].bytes)
            return wq__err(as, "out of memory");
    }
    return 0;
}
