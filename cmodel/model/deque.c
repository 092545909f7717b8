/* deque.c -- the per-warp token deque (DESIGN §6.2, include/wq/deque.h).
 * Mirrors rtl/wq_token_deque.v: same array image, same head/tail rules. */
#include "wq/deque.h"

void wq_deque_init(wq_deque_t *dq, wq_token_t *storage, uint32_t depth)
{
    dq->e = storage;
    dq->depth = depth;
    wq_deque_reset(dq);
}

void wq_deque_reset(wq_deque_t *dq)
{
    dq->head = dq->tail = dq->depth / 2;
}

uint32_t wq_deque_count(const wq_deque_t *dq) { return dq->head - dq->tail; }
int wq_deque_empty(const wq_deque_t *dq) { return dq->head == dq->tail; }

int wq_deque_room_front(const wq_deque_t *dq, uint32_t n)
{
    return dq->head + n <= dq->depth;
}

int wq_deque_room_back(const wq_deque_t *dq, uint32_t n)
{
    return dq->tail >= n;
}

int wq_deque_push_trap(const wq_deque_t *dq, int front, uint32_t n)
{
    if (front ? wq_deque_room_front(dq, n) : wq_deque_room_back(dq, n))
        return 0;
    if (wq_deque_count(dq) + n > dq->depth)
        return WQ_TRAP_DEQUE_FULL;
    return front ? WQ_TRAP_DEQUE_FRONT_BOUND : WQ_TRAP_DEQUE_BACK_BOUND;
}

wq_token_t wq_deque_front(const wq_deque_t *dq)
{
    return wq_deque_empty(dq) ? 0 : dq->e[dq->head - 1];
}

int wq_deque_push_front(wq_deque_t *dq, unsigned type, uint32_t mask,
                        uint32_t addr, wq_token_t *out)
{
    int trap = wq_deque_push_trap(dq, 1, 1);
    if (trap) return trap;
    unsigned pres = 0;
    if (!wq_deque_empty(dq)) {
        wq_token_t f = dq->e[dq->head - 1];
        pres = wq_token_presence(f) | wq_token_type_bit(wq_token_type(f));
    }
    wq_token_t t = wq_token_pack(type, mask, addr, pres);
    dq->e[dq->head++] = t;
    if (out) *out = t;
    return 0;
}

int wq_deque_push_back(wq_deque_t *dq, unsigned type, uint32_t mask,
                       uint32_t addr, wq_token_t *out)
{
    int trap = wq_deque_push_trap(dq, 0, 1);
    if (trap) return trap;
    wq_token_t t = wq_token_pack(type, mask, addr, 0);
    dq->e[--dq->tail] = t;
    if (out) *out = t;
    return 0;
}

int wq_deque_pop_front(wq_deque_t *dq, wq_token_t *out)
{
    if (wq_deque_empty(dq)) return -1;
    wq_token_t t = dq->e[--dq->head];
    if (out) *out = t;
    return 0;
}

int wq_deque_has_type(const wq_deque_t *dq, unsigned type)
{
    if (wq_deque_empty(dq)) return 0;
    wq_token_t f = dq->e[dq->head - 1];
    return wq_token_type(f) == type ||
           (wq_token_presence(f) & wq_token_type_bit(type)) != 0;
}

int wq_deque_find(const wq_deque_t *dq, unsigned type, uint32_t addr)
{
    /* Presence bits only describe front pushes; YIELD tokens enter at the
     * back, so for YIELD the search is the only answer. */
    if (type != WQ_TOK_YIELD && !wq_deque_has_type(dq, type))
        return -1;
    addr &= WQ_TOKEN_ADDR_MASK;
    for (uint32_t i = dq->head; i > dq->tail; i--) {
        wq_token_t t = dq->e[i - 1];
        if (wq_token_type(t) == type && wq_token_addr(t) == addr)
            return (int)(i - 1);
    }
    return -1;
}

wq_token_t wq_deque_merge(wq_deque_t *dq, int idx, uint32_t mask)
{
    /* as the RTL does: the index is taken modulo the depth */
    idx &= (int)(dq->depth - 1);
    wq_token_t t = dq->e[idx];
    t = wq_token_with_mask(t, wq_token_mask(t) | mask);
    dq->e[idx] = t;
    return t;
}

int wq_deque_recenter(wq_deque_t *dq, int front, uint32_t n)
{
    uint32_t count = wq_deque_count(dq);
    if (count + n > dq->depth) return WQ_TRAP_DEQUE_FULL;
    /* centre the live range; then slide it just enough to make room */
    uint32_t tail = (dq->depth - count) / 2;
    if (front && tail + count + n > dq->depth) tail = dq->depth - count - n;
    if (!front && tail < n) tail = n;
    if (tail < dq->tail) {
        for (uint32_t i = 0; i < count; i++) dq->e[tail + i] = dq->e[dq->tail + i];
    } else if (tail > dq->tail) {
        for (uint32_t i = count; i > 0; i--) dq->e[tail + i - 1] = dq->e[dq->tail + i - 1];
    }
    dq->tail = tail;
    dq->head = tail + count;
    return 0;
}
