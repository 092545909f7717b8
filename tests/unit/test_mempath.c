/* test_mempath.c -- the memory path's references (coalesce.c, l1.c)
 * against request lists and hit/miss sequences worked out by hand from
 * docs/rtl/wq_lsu_pick.md and docs/rtl/wq_l1.md: the request order, the
 * fewest requests, poisoned fills, the same-cycle rules, replacement,
 * atomics, invalidates, full ids, and bad parameters refused. */
#include <criterion/criterion.h>
#include <string.h>
#include "wq/mempath.h"

/* elements 0..31 pending as mask says */
static unsigned coal(const uint32_t *a, uint32_t mask, unsigned lanes, unsigned line,
                     wq_coal_req_t *r)
{
    uint32_t pend[WQ_COAL_SET_WORDS] = { mask };
    unsigned n = 99;
    cr_assert_eq(wq_coalesce(a, pend, lanes, line, 0, r, &n), WQ_MP_OK);
    return n;
}

Test(mempath, coalesce_consecutive_words)
{
    uint32_t a[32];
    wq_coal_req_t r[32];
    for (unsigned l = 0; l < 32; l++) a[l] = 0x1000 + 4 * l;
    cr_assert_eq(coal(a, 0xFFFFFFFFu, 32, 16, r), 8);
    for (unsigned i = 0; i < 8; i++) {
        cr_expect_eq(r[i].addr, 0x1000 + 16 * i);
        cr_expect_eq(r[i].cov[0], 0xFu << (4 * i));
        cr_expect_eq(r[i].words, 0xF);
    }
    cr_assert_eq(coal(a, 0xFFFFFFFFu, 32, 64, r), 2);
    cr_expect_eq(r[1].cov[0], 0xFFFF0000u);
    cr_expect_eq(r[1].words, 0xFFFF);
    /* one word past the line: 9 requests, the first covers lanes 0..2 */
    for (unsigned l = 0; l < 32; l++) a[l] = 0x1004 + 4 * l;
    cr_assert_eq(coal(a, 0xFFFFFFFFu, 32, 16, r), 9);
    cr_expect_eq(r[0].cov[0], 0x7);
    cr_expect_eq(r[0].words, 0xE);
    cr_expect_eq(r[8].addr, 0x1080);
    cr_expect_eq(r[8].cov[0], 0x80000000u);
}

Test(mempath, coalesce_order_follows_the_lowest_lane)
{
    uint32_t a[8] = { 0x300, 0x100, 0x304, 0x200, 0x104, 0x308, 0x204, 0x100 };
    wq_coal_req_t r[8];
    cr_assert_eq(coal(a, 0xFF, 8, 16, r), 3);
    cr_expect_eq(r[0].addr, 0x300);
    cr_expect_eq(r[0].cov[0], 0x25);          /* lanes 0, 2, 5 */
    cr_expect_eq(r[0].words, 0x7);
    cr_expect_eq(r[1].addr, 0x100);
    cr_expect_eq(r[1].cov[0], 0x92);          /* lanes 1, 4, 7 (7 repeats lane 1's word) */
    cr_expect_eq(r[1].words, 0x3);
    cr_expect_eq(r[2].addr, 0x200);
    cr_expect_eq(r[2].cov[0], 0x48);
    /* lane 0 inactive: lane 1's line leads */
    cr_assert_eq(coal(a, 0xFE, 8, 16, r), 3);
    cr_expect_eq(r[0].addr, 0x100);
    cr_expect_eq(r[1].addr, 0x300);
    cr_expect_eq(r[1].cov[0], 0x24);
}

Test(mempath, coalesce_broadcast_inactive_and_bad_parameters)
{
    uint32_t a[32];
    wq_coal_req_t r[32];
    unsigned n;
    for (unsigned l = 0; l < 32; l++) a[l] = 0x2008;
    cr_assert_eq(coal(a, 0xFFFFFFFFu, 32, 16, r), 1);
    cr_expect_eq(r[0].words, 0x4);
    cr_assert_eq(coal(a, 0, 32, 16, r), 0);
    /* mask bits above LANES are not lanes */
    cr_assert_eq(coal(a, 0xF0, 4, 16, r), 0);
    uint32_t one[WQ_COAL_SET_WORDS] = { 1 };
    cr_expect_eq(wq_coalesce(a, one, 0, 16, 0, r, &n), WQ_MP_E_PARAM);
    cr_expect_eq(wq_coalesce(a, one, 129, 16, 0, r, &n), WQ_MP_E_PARAM);
    cr_expect_eq(wq_coalesce(a, one, 32, 12, 0, r, &n), WQ_MP_E_PARAM);
    cr_expect_eq(wq_coalesce(a, one, 32, 2, 0, r, &n), WQ_MP_E_PARAM);
    cr_expect_eq(wq_coalesce(a, one, 32, 256, 0, r, &n), WQ_MP_E_PARAM);
    cr_expect_eq(wq_coalesce(NULL, one, 32, 16, 0, r, &n), WQ_MP_E_PARAM);
    cr_expect_eq(wq_coalesce(a, NULL, 32, 16, 0, r, &n), WQ_MP_E_PARAM);
}

/* a .v4 access as the core numbers it: word k of lane l is element 4l + k,
 * at the lane's address with k in bits 3:2 */
Test(mempath, coalesce_v4_elements_and_the_leader)
{
    uint32_t a[128], all[WQ_COAL_SET_WORDS] = { ~0u, ~0u, ~0u, ~0u };
    wq_coal_req_t r[128];
    unsigned n;
    for (unsigned e = 0; e < 128; e++) a[e] = 0x4000 + 16 * (e / 4) + 4 * (e % 4);
    /* 16-byte lines: a lane's four words, one request a lane */
    cr_assert_eq(wq_coalesce(a, all, 128, 16, 0, r, &n), WQ_MP_OK);
    cr_assert_eq(n, 32);
    cr_expect_eq(r[31].lead, 124);
    cr_expect_eq(r[31].cov[3], 0xF0000000u);
    cr_expect_eq(r[31].words, 0xF);
    /* lanes 0 and 20 in one line, lane 20 led by its word 2 (words 0, 1
     * already requested): lane 0's request takes lane 20's remaining words */
    a[80] = a[81] = a[82] = a[83] = 0x4000;
    uint32_t pend[WQ_COAL_SET_WORDS] = { 0x3, 0, 0xC0000, 0 };
    cr_assert_eq(wq_coalesce(a, pend, 128, 16, 0, r, &n), WQ_MP_OK);
    cr_assert_eq(n, 1);
    cr_expect_eq(r[0].lead, 0);
    cr_expect_eq(r[0].addr, 0x4000);
    cr_expect_eq(r[0].cov[0], 0x3);
    cr_expect_eq(r[0].cov[2], 0xC0000);
    /* the leader is the lowest pending element: lane 20's word 2 */
    pend[0] = 0;
    cr_assert_eq(wq_coalesce(a, pend, 128, 16, 0, r, &n), WQ_MP_OK);
    cr_assert_eq(n, 1);
    cr_expect_eq(r[0].lead, 82);
    /* elements at and above elems are not elements */
    cr_assert_eq(wq_coalesce(a, all, 3, 16, 0, r, &n), WQ_MP_OK);
    cr_expect_eq(n, 1);
    cr_expect_eq(r[0].cov[0], 0x7);
}

/* an atomic's requests: the leader alone, in element order, even in one line */
Test(mempath, coalesce_one_the_leader_alone)
{
    uint32_t a[40], pend[WQ_COAL_SET_WORDS] = { 0x80000005u, 0x80, 0, 0 };
    wq_coal_req_t r[40];
    unsigned n;
    for (unsigned e = 0; e < 40; e++) a[e] = 0x100;
    cr_assert_eq(wq_coalesce(a, pend, 40, 16, 1, r, &n), WQ_MP_OK);
    cr_assert_eq(n, 4);
    unsigned lead[4] = { 0, 2, 31, 39 };
    for (unsigned i = 0; i < 4; i++) {
        cr_expect_eq(r[i].lead, lead[i]);
        cr_expect_eq(r[i].cov[lead[i] / 32], 1u << (lead[i] % 32));
        cr_expect_eq(r[i].addr, 0x100);
    }
}

/* ---- L1 ------------------------------------------------------------------ */
static wq_l1_out_t step(wq_l1_t *c, int req, wq_memop_t op, uint32_t addr, int resp,
                        unsigned id, int pop, int inval)
{
    wq_l1_in_t in;
    wq_l1_out_t out;
    memset(&in, 0, sizeof in);
    in.req = req;
    in.op = op;
    in.addr = addr;
    in.resp = resp;
    in.resp_id = id;
    in.pop = pop;
    in.inval = inval;
    cr_assert_eq(wq_l1_cycle(c, &in, &out), WQ_MP_OK);
    return out;
}
#define READ(c, a)     step(c, 1, WQ_MEMOP_LD, a, 0, 0, 0, 0)
#define WRITE(c, a)    step(c, 1, WQ_MEMOP_ST, a, 0, 0, 0, 0)
#define RESP(c, id)    step(c, 0, WQ_MEMOP_LD, 0, 1, id, 0, 0)
#define POP(c)         step(c, 0, WQ_MEMOP_LD, 0, 0, 0, 1, 0)

static wq_l1_t l1;   /* large: not on the stack */

Test(mempath, l1_miss_fill_hit_and_counters)
{
    cr_assert_eq(wq_l1_init(&l1, 2, 2, 16, 4), WQ_MP_OK);
    wq_l1_out_t o = READ(&l1, 0x104);
    cr_expect(!o.hit && o.to_mem && o.id == 0);
    o = RESP(&l1, 0);
    cr_expect(o.installed);
    POP(&l1);
    o = READ(&l1, 0x10C);                     /* the same line */
    cr_expect(o.hit && !o.to_mem && o.id == 1);
    o = WRITE(&l1, 0x100);                    /* write-through: to memory, line kept */
    cr_expect(o.to_mem && o.id == 2);
    cr_expect(wq_l1_present(&l1, 0x100, NULL));
    o = WRITE(&l1, 0x500);                    /* no-write-allocate */
    cr_expect(o.to_mem && !wq_l1_present(&l1, 0x500, NULL));
    cr_expect_eq(l1.hits, 1);
    cr_expect_eq(l1.misses, 1);
}

Test(mempath, l1_write_poisons_a_fill_in_flight)
{
    cr_assert_eq(wq_l1_init(&l1, 2, 2, 16, 4), WQ_MP_OK);
    READ(&l1, 0x200);                         /* id 0 */
    WRITE(&l1, 0x204);                        /* id 1: poisons id 0 */
    wq_l1_out_t o = RESP(&l1, 0);
    cr_expect(!o.installed);
    cr_expect(!READ(&l1, 0x200).hit);
    /* a fill arriving in the cycle a write to its line is taken */
    cr_assert_eq(wq_l1_init(&l1, 2, 2, 16, 4), WQ_MP_OK);
    READ(&l1, 0x200);                         /* id 0 */
    o = step(&l1, 1, WQ_MEMOP_ST, 0x208, 1, 0, 0, 0);
    cr_expect(!o.installed && o.to_mem && o.id == 1);
    /* ... but a write to another line leaves it */
    cr_assert_eq(wq_l1_init(&l1, 2, 2, 16, 4), WQ_MP_OK);
    READ(&l1, 0x200);
    o = step(&l1, 1, WQ_MEMOP_ST, 0x210, 1, 0, 0, 0);
    cr_expect(o.installed);
}

Test(mempath, l1_replacement_atomic_and_invalidate)
{
    cr_assert_eq(wq_l1_init(&l1, 2, 2, 16, 8), WQ_MP_OK);
    /* three lines of set 0 (line numbers 0x10, 0x12, 0x14) */
    READ(&l1, 0x100);
    READ(&l1, 0x120);
    READ(&l1, 0x140);
    cr_expect_eq(RESP(&l1, 0).way, 0);        /* lowest invalid way */
    cr_expect_eq(RESP(&l1, 1).way, 1);
    cr_expect_eq(RESP(&l1, 2).way, 0);        /* round-robin: evicts 0x100 */
    cr_expect(!wq_l1_present(&l1, 0x100, NULL));
    cr_expect(wq_l1_present(&l1, 0x140, NULL) && wq_l1_present(&l1, 0x120, NULL));
    cr_expect(READ(&l1, 0x120).hit);
    POP(&l1); POP(&l1); POP(&l1); POP(&l1);
    /* an atomic on a cached line invalidates it */
    wq_l1_out_t o = step(&l1, 1, WQ_MEMOP_AMO, 0x124, 0, 0, 0, 0);
    cr_expect(o.to_mem);
    cr_expect(!wq_l1_present(&l1, 0x120, NULL));
    /* an invalidate clears every line and poisons fills in flight */
    READ(&l1, 0x300);
    unsigned id = l1.tail ? l1.tail - 1 : l1.ids - 1;
    step(&l1, 0, WQ_MEMOP_LD, 0, 0, 0, 0, 1);
    cr_expect(!wq_l1_present(&l1, 0x140, NULL));
    cr_expect(!RESP(&l1, id).installed);
}

Test(mempath, l1_second_fill_of_a_line_reuses_its_way)
{
    cr_assert_eq(wq_l1_init(&l1, 2, 2, 16, 4), WQ_MP_OK);
    READ(&l1, 0x100);                         /* id 0: miss */
    /* id 1 misses in the cycle id 0 answers: too late to merge */
    wq_l1_out_t o = step(&l1, 1, WQ_MEMOP_LD, 0x104, 1, 0, 0, 0);
    cr_expect(!o.hit && !o.merged && o.to_mem && o.id == 1);
    cr_expect_eq(o.way, 0);                   /* id 0 installed in way 0 */
    cr_expect_eq(RESP(&l1, 1).way, 0);        /* the way holding its line */
    READ(&l1, 0x120);                         /* id 2 */
    cr_expect_eq(RESP(&l1, 2).way, 1);        /* way 1 was still free */
    cr_expect_eq(l1.rr, 0);                   /* nothing evicted */
}

Test(mempath, l1_read_miss_merges_into_a_fill_in_flight)
{
    cr_assert_eq(wq_l1_init(&l1, 2, 2, 16, 8), WQ_MP_OK);
    READ(&l1, 0x100);                         /* id 0: the fill */
    wq_l1_out_t o = READ(&l1, 0x10C);         /* id 1: same line, merges */
    cr_expect(!o.hit && o.merged && !o.to_mem && o.id == 1);
    cr_expect(l1.slot[1].merged && l1.slot[1].on == 0);
    cr_expect_eq(l1.misses, 2);               /* a merged read counts as a miss */
    /* a write after the merge poisons the fill, but the merge stands */
    o = WRITE(&l1, 0x104);                    /* id 2 */
    cr_expect(o.to_mem && l1.slot[0].poison && l1.slot[1].merged);
    /* ... and a read after the write does not merge into the poisoned fill */
    o = READ(&l1, 0x108);                     /* id 3 */
    cr_expect(!o.merged && o.to_mem);
    /* a response for a merged slot is an impossible event */
    wq_l1_in_t in;
    wq_l1_out_t out;
    memset(&in, 0, sizeof in);
    in.resp = 1;
    in.resp_id = 1;
    cr_expect_eq(wq_l1_cycle(&l1, &in, &out), WQ_MP_E_PARAM);
    /* the fill's answer answers the merged read: both pop */
    o = RESP(&l1, 0);
    cr_expect(!o.installed);                  /* poisoned */
    cr_expect(!l1.slot[1].mem);
    POP(&l1);
    POP(&l1);
    cr_expect_eq(l1.count, 2);
}

Test(mempath, l1_merged_read_keeps_its_fill_slot)
{
    /* 4 ids: the fill in slot 0, a merged read in slot 1; once slot 0 is
     * popped, the ring may not take a request into it while slot 1 still
     * waits to take its line from there */
    cr_assert_eq(wq_l1_init(&l1, 2, 2, 16, 4), WQ_MP_OK);
    READ(&l1, 0x100);                         /* id 0 */
    READ(&l1, 0x104);                         /* id 1: merged into 0 */
    READ(&l1, 0x200);                         /* id 2 */
    READ(&l1, 0x300);                         /* id 3 */
    RESP(&l1, 0);
    POP(&l1);                                 /* slot 0 free, slot 1 done */
    cr_expect_eq(l1.count, 3);
    cr_expect(!wq_l1_can_take(&l1));          /* the tail is slot 0 */
    POP(&l1);                                 /* the merged read leaves */
    cr_expect(wq_l1_can_take(&l1));
}

Test(mempath, l1_full_ids_and_bad_events)
{
    wq_l1_in_t in;
    wq_l1_out_t out;
    cr_assert_eq(wq_l1_init(&l1, 2, 1, 16, 2), WQ_MP_OK);
    READ(&l1, 0x100);
    READ(&l1, 0x200);
    cr_expect(!wq_l1_can_take(&l1));
    memset(&in, 0, sizeof in);
    in.req = 1;
    cr_expect_eq(wq_l1_cycle(&l1, &in, &out), WQ_MP_E_PARAM);   /* no free slot */
    memset(&in, 0, sizeof in);
    in.pop = 1;
    cr_expect_eq(wq_l1_cycle(&l1, &in, &out), WQ_MP_E_PARAM);   /* oldest not answered */
    RESP(&l1, 0);
    memset(&in, 0, sizeof in);
    in.resp = 1;
    in.resp_id = 0;
    cr_expect_eq(wq_l1_cycle(&l1, &in, &out), WQ_MP_E_PARAM);   /* answered twice */
    in.resp_id = 7;
    cr_expect_eq(wq_l1_cycle(&l1, &in, &out), WQ_MP_E_PARAM);   /* no such id */
    POP(&l1);
    cr_expect(wq_l1_can_take(&l1));
    cr_expect_eq(wq_l1_init(&l1, 3, 2, 16, 4), WQ_MP_E_PARAM);
    cr_expect_eq(wq_l1_init(&l1, 2, 3, 16, 4), WQ_MP_E_PARAM);
    cr_expect_eq(wq_l1_init(&l1, 2, 2, 2, 4), WQ_MP_E_PARAM);
    cr_expect_eq(wq_l1_init(&l1, 2, 2, 16, 1), WQ_MP_E_PARAM);
    cr_expect_eq(wq_l1_init(&l1, 4096, 2, 16, 4), WQ_MP_E_PARAM);
    cr_expect_eq(wq_l1_init(NULL, 2, 2, 16, 4), WQ_MP_E_PARAM);
}
