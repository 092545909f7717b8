/* test_mem.c -- byte and half-word loads and stores (MEMW B, BU, H, HU):
 * every lane's value against a C reference over pseudo-random memory, the
 * store's MEM_WRITE record (byte address, register value, strobes),
 * misalignment traps that change nothing. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "prog_util.h"

#define DATA 0x8000u
#define OUT  0x9000u

static uint32_t lcg(uint32_t *s) { *s = *s * 1664525u + 1013904223u; return *s >> 8; }

/* 32 threads: r1 = tid * stride + off; each loads with WIDTH from DATA + r1
 * and stores the register to OUT + 4 tid */
static void check_loads(const char *width, unsigned stride, unsigned off)
{
    char src[4096];
    uint32_t seed = 12345u + stride * 7u + off, mem[64];
    int n = snprintf(src, sizeof src,
                     ".launch main\n .cta 32\n.end\n.data 0x%x\n", DATA);
    for (unsigned i = 0; i < 64; i++) {
        mem[i] = lcg(&seed) ^ (lcg(&seed) << 16);
        n += snprintf(src + n, sizeof src - (size_t)n, " .word 0x%x\n", mem[i]);
    }
    snprintf(src + n, sizeof src - (size_t)n,
             ".text\nmain: s2r r0, tid\n mul r1, r0, %u\n add r1, r1, %u\n"
             " ld.%s r2, [r1+0x%x]\n shl r3, r0, 2\n st [r3+0x%x], r2\n exit\n",
             stride, off, width, DATA, OUT);
    tprog_t t;
    tp_run(&t, src, NULL);
    cr_assert_eq(t.rc, 0, "ld.%s: the run did not complete", width);
    const uint8_t *b = (const uint8_t *)mem;
    int half = width[0] == 'h', sign = width[1] == 0;
    for (unsigned l = 0; l < 32; l++) {
        unsigned a = l * stride + off;
        uint32_t v = half ? (uint32_t)(b[a] | b[a + 1] << 8) : b[a];
        if (sign) v = half ? (uint32_t)(int32_t)(int16_t)v : (uint32_t)(int32_t)(int8_t)v;
        cr_assert_eq(tp_word(&t, OUT + 4 * l), v, "ld.%s lane %u at +%u", width, l, a);
    }
    tp_free(&t);
}

Test(mem, byte_loads_extend)
{
    check_loads("b", 1, 0);
    check_loads("bu", 1, 0);
    check_loads("b", 7, 3);      /* every byte offset of a word, both signs */
    check_loads("bu", 5, 2);
}

Test(mem, half_loads_extend)
{
    check_loads("h", 2, 0);
    check_loads("hu", 2, 0);
    check_loads("h", 6, 2);
    check_loads("hu", 2, 126);   /* up to the last half-word of the table */
}

typedef struct { unsigned n; uint32_t a[64], b[64], mask[64]; } wr_t;

static void on_write(void *u, const wq_trace_rec_t *r)
{
    wr_t *w = u;
    if (r->kind == WQ_EV_MEM_WRITE && w->n < 64) {
        w->a[w->n] = r->a;
        w->b[w->n] = (uint32_t)r->b;
        w->mask[w->n] = r->mask;
        w->n++;
    }
}

/* stores write only their bytes (the rest of the word stays), lanes that
 * share a word merge, and the record names the byte address, the register
 * and the strobes */
Test(mem, sub_word_stores_use_strobes)
{
    static wr_t w;
    memset(&w, 0, sizeof w);
    const char *src =
        ".launch main\n .cta 8\n.end\n"
        ".data 0x8000\nbuf: .fill 8, 0xA5A5A5A5\nhb: .fill 8, 0x5A5A5A5A\n"
        ".text\nmain: s2r r0, tid\n mul r2, r0, 0x101\n add r2, r2, 0x7700\n"
        " st.b [r0+buf], r2\n shl r1, r0, 1\n st.h [r1+hb], r2\n exit\n";
    tprog_opts_t o = { .trace = on_write, .user = &w };
    tprog_t t;
    tp_run(&t, src, &o);
    cr_assert_eq(t.rc, 0);
    cr_assert_eq(tp_word(&t, 0x8000), 0x03020100u);
    cr_assert_eq(tp_word(&t, 0x8004), 0x07060504u);
    cr_assert_eq(tp_word(&t, 0x8008), 0xA5A5A5A5u, "past the bytes stored");
    cr_assert_eq(tp_word(&t, 0x8020), 0x78017700u);
    cr_assert_eq(tp_word(&t, 0x802C), 0x7E077D06u);
    cr_assert_eq(tp_word(&t, 0x8030), 0x5A5A5A5Au, "past the half-words stored");
    cr_assert_eq(w.n, 16u);
    for (unsigned l = 0; l < 8; l++) {
        uint32_t v = l * 0x101u + 0x7700u;
        cr_assert_eq(w.a[l], 0x8000u + l);
        cr_assert_eq(w.b[l], v);
        cr_assert_eq(w.mask[l], 1u << (l & 3));
        cr_assert_eq(w.a[8 + l], 0x8020u + 2 * l);
        cr_assert_eq(w.b[8 + l], v);
        cr_assert_eq(w.mask[8 + l], (l & 1) ? 0xCu : 0x3u);
    }
    tp_free(&t);
}

/* a half-word at an odd address traps MISALIGNED before any lane stores;
 * bytes never misalign */
Test(mem, misaligned_half_words_trap)
{
    const char *src =
        ".launch main\n .cta 4\n.end\n.data 0x8000\nbuf: .fill 4, 0x11111111\n"
        ".text\nmain: s2r r0, tid\n shl r1, r0, 1\n add r1, r1, %u\n"
        " %s\n exit\n";
    static const char *const bad[] = {"st.h [r1+0x8000], r0", "ld.h r2, [r1+0x8000]",
                                      "ld.hu r2, [r1+0x8000]"};
    for (unsigned k = 0; k < 3; k++) {
        char s[512];
        /* every lane at an odd address: r1 = 2 tid + 1 */
        snprintf(s, sizeof s, src, 1u, bad[k]);
        tprog_t t;
        tp_run(&t, s, NULL);
        cr_assert_neq(t.rc, 0, "%s at an odd address must trap", bad[k]);
        cr_assert_eq(t.ctx->warp[0].trap, (uint32_t)WQ_TRAP_MISALIGNED, "%s", bad[k]);
        cr_assert_eq(tp_word(&t, 0x8000), 0x11111111u, "%s changed memory", bad[k]);
        tp_free(&t);
    }
    char s[512];
    snprintf(s, sizeof s, src, 1u, "st.b [r1+0x8000], r0");
    tprog_t t;
    tp_run(&t, s, NULL);
    cr_assert_eq(t.rc, 0, "a byte at any address is aligned");
    cr_assert_eq(tp_word(&t, 0x8000), 0x01110011u);
    tp_free(&t);
}

/* ---- the device's memory port (model.h, wq_memport_t) ------------------- */
typedef struct { wq_mem_t *m; unsigned reads, writes, changes, unaligned; } port_mem_t;

static uint32_t port_rd(void *u, uint32_t a)
{
    port_mem_t *p = u;
    p->reads++;
    p->unaligned += (a & 3u) != 0;
    return wq_mem_read32(p->m, a);
}

static int port_wr(void *u, uint32_t a, uint32_t v, unsigned strobe)
{
    port_mem_t *p = u;
    uint32_t old = wq_mem_read32(p->m, a);
    p->writes++;
    p->unaligned += (a & 3u) != 0;
    wq_mem_write_strobe(p->m, a, v, strobe);
    int ch = wq_mem_read32(p->m, a) != old;
    p->changes += (unsigned)ch;
    return ch;
}

static void copy_page(void *u, uint32_t base, const uint8_t *page)
{
    wq_mem_write(u, base, page, WQ_PAGE_SIZE);
}

/* with a port installed every device access -- fetch, the pushbuffer, the
 * launch descriptor, loads, stores, atomics -- goes through it: the image
 * moves to the port's memory and the model's own memory is emptied, yet the
 * program runs and its checks hold on the port's side; the same program
 * without a port leaves the same bytes.  The port sees word addresses only,
 * also for byte and half-word accesses at any address (its contract: a
 * platform's memory may serve 4 bytes from the address it is given) */
Test(mem, port_carries_every_device_access)
{
    const char *src =
        ".launch main\n .cta 64\n.end\n"
        ".data 0x8000\nbuf: .fill 64, 0xA5A5A5A5\nsum: .word 0\n"
        ".text\nmain: s2r r0, tid\n shl r1, r0, 2\n ld r2, [r1+buf]\n add r2, r2, r0\n"
        " st.h [r1+buf], r2\n mov r3, 1\n atom.add r4, [r3+sum-1], r3\n"
        " ld.bu r5, [r0+buf+1]\n ld.h r6, [r1+buf+2]\n add r5, r5, r6\n st.b [r0+out+1], r5\n exit\n"
        ".data 0x8200\nout: .fill 32, 0\n"
        ".expect sum, 64\n";
    tprog_t ref, t;
    tp_run(&ref, src, NULL);
    tp_expects(&ref);
    tp_load(&t, src, NULL);
    port_mem_t pm = { .m = wq_mem_new() };
    cr_assert_not_null(pm.m);
    wq_mem_pages(t.ctx->mem, copy_page, pm.m);
    wq_mem_clear(t.ctx->mem);
    wq_memport_t port = { .read32 = port_rd, .write32 = port_wr, .user = &pm };
    wq_set_memport(t.ctx, &port);
    t.rc = wq_run(t.ctx, 1000000, 1, 1, &t.res);
    cr_assert_eq(t.rc, 0, "the run through the port did not complete");
    cr_assert_gt(pm.reads, 0u);
    cr_assert_gt(pm.changes, 0u);
    cr_assert_eq(wq_mem_changes(t.ctx->mem), 0u, "a device access bypassed the port");
    cr_assert_eq(t.ctx->port_changes, pm.changes);
    cr_assert_eq(pm.unaligned, 0u, "%u port accesses at an address that is not a word's", pm.unaligned);
    for (uint32_t a = 0x8000; a < 0x8104; a += 4)
        cr_assert_eq(wq_mem_read32(pm.m, a), tp_word(&ref, a), "0x%x", a);
    for (uint32_t a = 0x8200; a < 0x8280; a += 4)
        cr_assert_eq(wq_mem_read32(pm.m, a), tp_word(&ref, a), "0x%x", a);
    cr_assert_neq(tp_word(&ref, 0x8200), 0u, "the byte stores wrote nothing");
    wq_set_memport(t.ctx, NULL);
    cr_assert_null(t.ctx->port.read32);
    wq_mem_free(pm.m);
    tp_free(&t);
    tp_free(&ref);
}
