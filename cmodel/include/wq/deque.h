/* deque.h -- per-warp double-ended queue of tokens (DESIGN §6.2).
 *
 * Storage is an array of `depth` entries.  Live entries are [tail, head):
 * the front token is e[head-1], the back token is e[tail].  Both indices
 * start at depth/2.  push_front writes e[head] and increments head; push_back
 * decrements tail and writes e[tail]; pop_front decrements head.  A push that
 * would move head above depth (or tail below 0) is a bound trap; the warp's
 * state is unchanged and the driver re-centers through the debug window.
 * The RTL (rtl/wq_token_deque.v) keeps exactly this array image. */
#ifndef WQ_DEQUE_H
#define WQ_DEQUE_H
#include "token.h"

#define WQ_DEQUE_MAX_LOG2 10u

typedef struct wq_deque {
    wq_token_t *e;      /* depth entries (owned by the caller)          */
    uint32_t depth;     /* power of two                                 */
    uint32_t head;      /* one above the front entry                    */
    uint32_t tail;      /* the back entry                               */
} wq_deque_t;

void     wq_deque_init(wq_deque_t *dq, wq_token_t *storage, uint32_t depth);
void     wq_deque_reset(wq_deque_t *dq);      /* empty, head = tail = depth/2 */
uint32_t wq_deque_count(const wq_deque_t *dq);
int      wq_deque_empty(const wq_deque_t *dq);
/* room for n pushes at the front/back without a trap */
int      wq_deque_room_front(const wq_deque_t *dq, uint32_t n);
int      wq_deque_room_back(const wq_deque_t *dq, uint32_t n);
/* The trap a push of n tokens at that side would raise: 0 when there is room,
 * WQ_TRAP_DEQUE_FULL when count + n > depth, else the side's bound trap. */
int      wq_deque_push_trap(const wq_deque_t *dq, int front, uint32_t n);

/* Each returns 0 or a WQ_TRAP_* code (deque unchanged on a trap).
 * *out receives the token as written (with its presence bits). */
int wq_deque_push_front(wq_deque_t *dq, unsigned type, uint32_t mask,
                        uint32_t addr, wq_token_t *out);
int wq_deque_push_back(wq_deque_t *dq, unsigned type, uint32_t mask,
                       uint32_t addr, wq_token_t *out);
int wq_deque_pop_front(wq_deque_t *dq, wq_token_t *out);   /* -1 if empty */
wq_token_t wq_deque_front(const wq_deque_t *dq);           /* 0 if empty  */

/* Is a token of this type (SYNC..CONT except YIELD) anywhere?  Answered from
 * the front token's presence bits alone, as the hardware does. */
int wq_deque_has_type(const wq_deque_t *dq, unsigned type);
/* Index of the front-most token of `type` with address `addr`, or -1.
 * For non-YIELD types the presence bits short-cut the search. */
int wq_deque_find(const wq_deque_t *dq, unsigned type, uint32_t addr);
/* OR `mask` into the mask of entry idx; returns the new token */
wq_token_t wq_deque_merge(wq_deque_t *dq, int idx, uint32_t mask);

/* Driver helper: move the live entries so that n more pushes fit at the
 * side that trapped, centering them when possible.  Returns 0, or
 * WQ_TRAP_DEQUE_FULL when count + n > depth. */
int wq_deque_recenter(wq_deque_t *dq, int front, uint32_t n);

#endif
