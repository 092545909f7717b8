/* heap.c -- the device-memory allocator of the runtime (cl_int.h).
 *
 * The driver's own arena is a bump allocator that never frees (rings and
 * pushbuffer slots live for the whole run); OpenCL buffers, programs and
 * launch records come and go, so the runtime keeps a first-fit allocator
 * over its own range of the device's address space.  The book-keeping is
 * on the host: a list of blocks in address order, free neighbours merged. */
#include <stdlib.h>
#include "cl_int.h"

int wq_cl_heap_init(wq_cl_heap_t *h, uint32_t base, uint32_t size)
{
    h->base = base;
    h->size = size;
    h->used = h->peak = 0;
    h->head = calloc(1, sizeof *h->head);
    if (!h->head) return -1;
    h->head->addr = base;
    h->head->size = size;
    return 0;
}

void wq_cl_heap_fini(wq_cl_heap_t *h)
{
    for (wq_cl_blk_t *b = h->head, *n; b; b = n) {
        n = b->next;
        free(b);
    }
    h->head = NULL;
}

int wq_cl_heap_alloc(wq_cl_heap_t *h, uint64_t size, uint32_t align, uint32_t *addr)
{
    if (size == 0 || size > h->size || !align || (align & (align - 1))) return -1;
    for (wq_cl_blk_t *b = h->head; b; b = b->next) {
        if (b->used) continue;
        uint64_t a = ((uint64_t)b->addr + align - 1) & ~(uint64_t)(align - 1);
        if (a + size > (uint64_t)b->addr + b->size) continue;
        /* split off the alignment gap in front, then the tail */
        if (a > b->addr) {
            wq_cl_blk_t *g = calloc(1, sizeof *g);
            if (!g) return -1;
            g->addr = b->addr;
            g->size = (uint32_t)(a - b->addr);
            g->prev = b->prev;
            g->next = b;
            if (b->prev) b->prev->next = g; else h->head = g;
            b->prev = g;
            b->addr = (uint32_t)a;
            b->size -= g->size;
        }
        if (b->size > size) {
            wq_cl_blk_t *t = calloc(1, sizeof *t);
            if (!t) return -1;
            t->addr = (uint32_t)(b->addr + size);
            t->size = (uint32_t)(b->size - size);
            t->prev = b;
            t->next = b->next;
            if (b->next) b->next->prev = t;
            b->next = t;
            b->size = (uint32_t)size;
        }
        b->used = 1;
        h->used += b->size;
        if (h->used > h->peak) h->peak = h->used;
        *addr = b->addr;
        return 0;
    }
    return -1;
}

static void merge_next(wq_cl_heap_t *h, wq_cl_blk_t *b)
{
    wq_cl_blk_t *n = b->next;
    if (!n || n->used || b->used) return;
    b->size += n->size;
    b->next = n->next;
    if (n->next) n->next->prev = b;
    free(n);
    (void)h;
}

void wq_cl_heap_free(wq_cl_heap_t *h, uint32_t addr)
{
    for (wq_cl_blk_t *b = h->head; b; b = b->next) {
        if (b->addr != addr || !b->used) continue;
        b->used = 0;
        h->used -= b->size;
        merge_next(h, b);
        if (b->prev) merge_next(h, b->prev);
        return;
    }
}
