/* mem.c -- sparse memory: a two-level table of 4 KiB pages.
 * Reads of never-written memory return zero without allocating, so the
 * fuzzers can point loads anywhere without growing the model. */
#include <stdlib.h>
#include <string.h>
#include "wq/mem.h"

#define L1_BITS 10u
#define L2_BITS 10u

struct wq_mem {
    uint8_t **l1[1u << L1_BITS];
    uint64_t changes;
};

wq_mem_t *wq_mem_new(void) { return calloc(1, sizeof(wq_mem_t)); }

void wq_mem_clear(wq_mem_t *m)
{
    for (unsigned i = 0; i < (1u << L1_BITS); i++) {
        if (!m->l1[i]) continue;
        for (unsigned j = 0; j < (1u << L2_BITS); j++) free(m->l1[i][j]);
        free(m->l1[i]);
        m->l1[i] = NULL;
    }
    m->changes = 0;
}

void wq_mem_free(wq_mem_t *m)
{
    if (!m) return;
    wq_mem_clear(m);
    free(m);
}

static inline uint8_t *page_ro(const wq_mem_t *m, uint32_t a)
{
    uint8_t **l2 = m->l1[a >> 22];
    return l2 ? l2[(a >> 12) & ((1u << L2_BITS) - 1)] : NULL;
}

/* allocation failure is fatal for a model: there is no way to keep going
 * bit-exactly, so abort loudly instead of corrupting state */
static uint8_t *page_rw(wq_mem_t *m, uint32_t a)
{
    uint8_t ***l2p = &m->l1[a >> 22];
    if (!*l2p) {
        *l2p = calloc(1u << L2_BITS, sizeof(uint8_t *));
        if (!*l2p) abort();
    }
    uint8_t **pp = &(*l2p)[(a >> 12) & ((1u << L2_BITS) - 1)];
    if (!*pp) {
        *pp = calloc(1, WQ_PAGE_SIZE);
        if (!*pp) abort();
    }
    return *pp;
}

uint32_t wq_mem_read32(const wq_mem_t *m, uint32_t addr)
{
    const uint8_t *p = page_ro(m, addr);
    uint32_t v = 0;
    if (p) memcpy(&v, p + (addr & (WQ_PAGE_SIZE - 4)), 4);
    return v;   /* host is little-endian (checked at build by tests) */
}

void wq_mem_write32(wq_mem_t *m, uint32_t addr, uint32_t v)
{
    uint8_t *p = page_rw(m, addr) + (addr & (WQ_PAGE_SIZE - 4));
    uint32_t old;
    memcpy(&old, p, 4);
    if (old != v) {
        memcpy(p, &v, 4);
        m->changes++;
    }
}

int wq_mem_read32_fn(void *user, uint32_t addr, uint32_t *v)
{
    *v = wq_mem_read32((const wq_mem_t *)user, addr);
    return 0;
}

uint64_t wq_mem_read64(const wq_mem_t *m, uint32_t addr)
{
    return (uint64_t)wq_mem_read32(m, addr) |
           ((uint64_t)wq_mem_read32(m, addr + 4) << 32);
}

void wq_mem_write64(wq_mem_t *m, uint32_t addr, uint64_t v)
{
    wq_mem_write32(m, addr, (uint32_t)v);
    wq_mem_write32(m, addr + 4, (uint32_t)(v >> 32));
}

void wq_mem_write_strobe(wq_mem_t *m, uint32_t addr, uint32_t v, unsigned strobe)
{
    uint32_t old = wq_mem_read32(m, addr), nv = old;
    for (unsigned i = 0; i < 4; i++)
        if (strobe & (1u << i))
            nv = (nv & ~(0xFFu << (8 * i))) | (v & (0xFFu << (8 * i)));
    wq_mem_write32(m, addr, nv);
}

void wq_mem_read(const wq_mem_t *m, uint32_t addr, void *buf, size_t len)
{
    uint8_t *out = buf;
    while (len) {
        uint32_t off = addr & (WQ_PAGE_SIZE - 1);
        size_t n = WQ_PAGE_SIZE - off;
        if (n > len) n = len;
        const uint8_t *p = page_ro(m, addr);
        if (p) memcpy(out, p + off, n); else memset(out, 0, n);
        out += n; len -= n; addr += (uint32_t)n;
    }
}

void wq_mem_write(wq_mem_t *m, uint32_t addr, const void *buf, size_t len)
{
    const uint8_t *in = buf;
    while (len) {
        uint32_t off = addr & (WQ_PAGE_SIZE - 1);
        size_t n = WQ_PAGE_SIZE - off;
        if (n > len) n = len;
        uint8_t *p = page_rw(m, addr) + off;
        if (memcmp(p, in, n)) { memcpy(p, in, n); m->changes++; }
        in += n; len -= n; addr += (uint32_t)n;
    }
}

uint64_t wq_mem_changes(const wq_mem_t *m) { return m->changes; }

void wq_mem_pages(const wq_mem_t *m, wq_mem_page_fn fn, void *user)
{
    for (uint32_t i = 0; i < (1u << L1_BITS); i++) {
        if (!m->l1[i]) continue;
        for (uint32_t j = 0; j < (1u << L2_BITS); j++)
            if (m->l1[i][j]) fn(user, (i << 22) | (j << 12), m->l1[i][j]);
    }
}
