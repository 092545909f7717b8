/* test_deque.c -- the token deque against a plain reference list under
 * random operation sequences, including bound traps, plus token packing. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "wq/deque.h"

/* ---- tokens ------------------------------------------------------------- */
Test(token, pack_unpack_round_trip)
{
    uint64_t s = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < 100000; i++) {
        s ^= s << 13; s ^= s >> 7; s ^= s << 17;
        unsigned type = (unsigned)(s & 15), pres = (unsigned)(s >> 4) & 63;
        uint32_t mask = (uint32_t)(s >> 10), addr = (uint32_t)(s >> 42) & 0x3FFFFF;
        wq_token_t t = wq_token_pack(type, mask, addr, pres);
        cr_assert_eq(wq_token_type(t), type);
        cr_assert_eq(wq_token_mask(t), mask);
        cr_assert_eq(wq_token_addr(t), addr);
        cr_assert_eq(wq_token_presence(t), pres);
        /* the fields tile the word: repacking the parts gives the word */
        cr_assert_eq(wq_token_pack(wq_token_type(t), wq_token_mask(t), wq_token_addr(t),
                                   wq_token_presence(t)), t);
    }
}

Test(token, field_positions_follow_design)
{
    /* DESIGN §6.1 bit positions, checked on a hand-built word */
    wq_token_t t = wq_token_pack(WQ_TOK_CONT, 0x80000001u, 0x3FFFFF, 0x21);
    cr_assert_eq(t & 0xF, (uint64_t)WQ_TOK_CONT);
    cr_assert_eq((t >> 4) & 0xFFFFFFFFull, 0x80000001ull);
    cr_assert_eq((t >> 36) & 0x3FFFFF, 0x3FFFFFull);
    cr_assert_eq(t >> 58, 0x21ull);
    cr_assert_eq(wq_token_type_bit(WQ_TOK_SYNC), 1u);
    cr_assert_eq(wq_token_type_bit(WQ_TOK_CONT), 1u << 5);
    cr_assert_eq(wq_token_type_bit(WQ_TOK_EXIT), 0u);
}

/* ---- reference: a plain list, front = last element ----------------------- */
typedef struct { unsigned type; uint32_t mask, addr; } ref_tok_t;
typedef struct { ref_tok_t t[1024]; int n; int head, tail, depth; } ref_t;

static unsigned ref_presence_below(const ref_t *r)
{
    /* non-YIELD types present anywhere: what the presence bits must say */
    unsigned p = 0;
    for (int i = 0; i < r->n; i++)
        if (r->t[i].type != WQ_TOK_YIELD) p |= 1u << r->t[i].type;
    return p;
}

static int ref_find(const ref_t *r, unsigned type, uint32_t addr)
{
    for (int i = r->n - 1; i >= 0; i--)
        if (r->t[i].type == type && r->t[i].addr == addr) return i;
    return -1;
}

static void check_same(const wq_deque_t *dq, const ref_t *r)
{
    cr_assert_eq((int)wq_deque_count(dq), r->n);
    cr_assert_eq((int)dq->head, r->head);
    cr_assert_eq((int)dq->tail, r->tail);
    for (int i = 0; i < r->n; i++) {
        wq_token_t t = dq->e[dq->tail + (uint32_t)i];
        cr_assert_eq(wq_token_type(t), r->t[i].type, "entry %d type", i);
        cr_assert_eq(wq_token_mask(t), r->t[i].mask, "entry %d mask", i);
        cr_assert_eq(wq_token_addr(t), r->t[i].addr, "entry %d addr", i);
    }
    for (unsigned ty = 0; ty < WQ_PRESENCE_TYPES; ty++) {
        if (ty == WQ_TOK_YIELD) continue;
        int any = (ref_presence_below(r) >> ty) & 1;
        cr_assert_eq(wq_deque_has_type(dq, ty), any, "has_type %u", ty);
    }
}

static uint32_t rnd(uint64_t *s)
{
    *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17;
    return (uint32_t)(*s >> 16);
}

static void random_run(uint64_t seed, unsigned log2, int ops)
{
    wq_token_t store[1024];
    wq_deque_t dq;
    ref_t r = {0};
    memset(store, 0, sizeof store);
    wq_deque_init(&dq, store, 1u << log2);
    r.depth = 1 << log2;
    r.head = r.tail = r.depth / 2;
    unsigned traps = 0;
    for (int i = 0; i < ops; i++) {
        unsigned op = rnd(&seed) % 10;
        /* few addresses and types so finds and merges hit */
        unsigned type = rnd(&seed) % 6;
        uint32_t mask = rnd(&seed), addr = rnd(&seed) % 4;
        if (op < 4) {                       /* push front (never YIELD) */
            if (type == WQ_TOK_YIELD) type = WQ_TOK_DIV;
            unsigned below = ref_presence_below(&r);
            wq_token_t out;
            int trap = wq_deque_push_front(&dq, type, mask, addr, &out);
            if (r.head == r.depth) {
                cr_assert_eq(trap, r.n == r.depth ? WQ_TRAP_DEQUE_FULL
                                                  : WQ_TRAP_DEQUE_FRONT_BOUND);
                traps++;
                /* the driver re-centers, then the push succeeds */
                if (r.n < r.depth) {
                    cr_assert_eq(wq_deque_recenter(&dq, 1, 1), 0);
                    r.tail = (int)dq.tail; r.head = (int)dq.head;
                    cr_assert(r.head < r.depth);
                    check_same(&dq, &r);
                    trap = wq_deque_push_front(&dq, type, mask, addr, &out);
                } else {
                    cr_assert_eq(wq_deque_recenter(&dq, 1, 1), WQ_TRAP_DEQUE_FULL);
                    continue;
                }
            }
            cr_assert_eq(trap, 0);
            cr_assert_eq(wq_token_presence(out) & ~(1u << WQ_TOK_YIELD),
                         below & ~(1u << WQ_TOK_YIELD));
            r.t[r.n++] = (ref_tok_t){type, mask, addr};
            r.head++;
        } else if (op < 6) {                /* push back: YIELD only, as the ISA does */
            wq_token_t out;
            int trap = wq_deque_push_back(&dq, WQ_TOK_YIELD, mask, addr, &out);
            if (r.tail == 0) {
                cr_assert_eq(trap, r.n == r.depth ? WQ_TRAP_DEQUE_FULL
                                                  : WQ_TRAP_DEQUE_BACK_BOUND);
                traps++;
                if (r.n == r.depth) continue;
                cr_assert_eq(wq_deque_recenter(&dq, 0, 1), 0);
                r.tail = (int)dq.tail; r.head = (int)dq.head;
                check_same(&dq, &r);
                trap = wq_deque_push_back(&dq, WQ_TOK_YIELD, mask, addr, &out);
            }
            cr_assert_eq(trap, 0);
            cr_assert_eq(wq_token_presence(out), 0u);
            memmove(&r.t[1], &r.t[0], sizeof(ref_tok_t) * (size_t)r.n);
            r.t[0] = (ref_tok_t){WQ_TOK_YIELD, mask, addr};
            r.n++;
            r.tail--;
        } else if (op < 8) {                /* pop front */
            wq_token_t t;
            int rc = wq_deque_pop_front(&dq, &t);
            if (r.n == 0) { cr_assert_eq(rc, -1); continue; }
            cr_assert_eq(rc, 0);
            r.n--; r.head--;
            cr_assert_eq(wq_token_type(t), r.t[r.n].type);
            cr_assert_eq(wq_token_mask(t), r.t[r.n].mask);
            cr_assert_eq(wq_token_addr(t), r.t[r.n].addr);
        } else if (op == 8) {               /* find */
            int want = ref_find(&r, type, addr);
            int got = wq_deque_find(&dq, type, addr);
            cr_assert_eq(got, want < 0 ? -1 : r.tail + want, "find type %u addr %u", type, addr);
        } else {                            /* merge into a found YIELD token */
            int want = ref_find(&r, WQ_TOK_YIELD, addr);
            int got = wq_deque_find(&dq, WQ_TOK_YIELD, addr);
            cr_assert_eq(got, want < 0 ? -1 : r.tail + want);
            if (got >= 0) {
                wq_deque_merge(&dq, got, mask);
                r.t[want].mask |= mask;
            }
        }
        check_same(&dq, &r);
    }
    cr_assert(traps > 0 || log2 > 6, "the run should hit the bounds (seed %llu)",
              (unsigned long long)seed);
}

Test(deque, random_against_reference_small)
{
    for (uint64_t seed = 1; seed <= 40; seed++) random_run(seed * 7919, 3, 3000);
}

Test(deque, random_against_reference_large)
{
    for (uint64_t seed = 1; seed <= 10; seed++) random_run(seed * 104729, 6, 20000);
}

Test(deque, starts_in_the_middle_and_traps_at_bounds)
{
    wq_token_t st[8];
    wq_deque_t dq;
    wq_deque_init(&dq, st, 8);
    cr_assert_eq(dq.head, 4u);
    cr_assert_eq(dq.tail, 4u);
    for (int i = 0; i < 4; i++) cr_assert_eq(wq_deque_push_front(&dq, WQ_TOK_SYNC, 1, i, NULL), 0);
    cr_assert_eq(wq_deque_push_front(&dq, WQ_TOK_SYNC, 1, 9, NULL), WQ_TRAP_DEQUE_FRONT_BOUND);
    cr_assert_eq(dq.head, 8u, "a trapped push changes nothing");
    for (int i = 0; i < 4; i++) cr_assert_eq(wq_deque_push_back(&dq, WQ_TOK_YIELD, 1, i, NULL), 0);
    cr_assert_eq(wq_deque_push_back(&dq, WQ_TOK_YIELD, 1, 9, NULL), WQ_TRAP_DEQUE_FULL);
    cr_assert_eq(wq_deque_push_front(&dq, WQ_TOK_SYNC, 1, 9, NULL), WQ_TRAP_DEQUE_FULL);
    cr_assert_eq(wq_deque_recenter(&dq, 1, 1), WQ_TRAP_DEQUE_FULL);
}

Test(deque, presence_bits_follow_the_front)
{
    wq_token_t st[16], t;
    wq_deque_t dq;
    wq_deque_init(&dq, st, 16);
    wq_deque_push_front(&dq, WQ_TOK_SYNC, 1, 1, &t);
    cr_assert_eq(wq_token_presence(t), 0u, "empty deque: presence 0");
    wq_deque_push_front(&dq, WQ_TOK_CALL, 1, 2, &t);
    cr_assert_eq(wq_token_presence(t), 1u << WQ_TOK_SYNC);
    wq_deque_push_front(&dq, WQ_TOK_BRK, 1, 3, &t);
    cr_assert_eq(wq_token_presence(t), (1u << WQ_TOK_SYNC) | (1u << WQ_TOK_CALL));
    wq_deque_push_back(&dq, WQ_TOK_YIELD, 1, 4, &t);
    cr_assert_eq(wq_token_presence(t), 0u, "a back push writes presence 0");
    cr_assert(wq_deque_has_type(&dq, WQ_TOK_SYNC));
    cr_assert(!wq_deque_has_type(&dq, WQ_TOK_CONT));
    cr_assert_eq(wq_deque_find(&dq, WQ_TOK_YIELD, 4), (int)dq.tail, "YIELD found by search");
    wq_deque_pop_front(&dq, &t);
    wq_deque_pop_front(&dq, &t);
    cr_assert(!wq_deque_has_type(&dq, WQ_TOK_CALL), "popped CALL no longer present");
    cr_assert(!wq_deque_has_type(&dq, WQ_TOK_BRK));
}

Test(deque, recenter_keeps_order_and_makes_room)
{
    wq_token_t st[16];
    wq_deque_t dq;
    wq_deque_init(&dq, st, 16);
    for (uint32_t i = 0; i < 8; i++) wq_deque_push_front(&dq, WQ_TOK_DIV, i, i, NULL);
    cr_assert_eq(wq_deque_push_front(&dq, WQ_TOK_DIV, 9, 9, NULL), WQ_TRAP_DEQUE_FRONT_BOUND);
    cr_assert_eq(wq_deque_recenter(&dq, 1, 1), 0);
    cr_assert_eq(dq.tail, 4u, "8 entries centred in 16");
    cr_assert_eq(dq.head, 12u);
    for (uint32_t i = 0; i < 8; i++) cr_assert_eq(wq_token_addr(dq.e[dq.tail + i]), i);
    /* room for 6 at the front needs more than centring gives */
    cr_assert_eq(wq_deque_recenter(&dq, 1, 6), 0);
    cr_assert(wq_deque_room_front(&dq, 6));
    for (uint32_t i = 0; i < 8; i++) cr_assert_eq(wq_token_addr(dq.e[dq.tail + i]), i);
    cr_assert_eq(wq_deque_recenter(&dq, 0, 8), 0);
    cr_assert(wq_deque_room_back(&dq, 8));
    cr_assert_eq(wq_deque_recenter(&dq, 0, 9), WQ_TRAP_DEQUE_FULL);
}
