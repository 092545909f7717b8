/* mempath.h -- the golden reference of the memory path's units: the
 * coalescer's request list (coalesce.c, the rule of rtl/core/wq_lsu_pick.v)
 * and the L1 data cache's hit/miss, replacement and memory-request
 * behaviour (l1.c, rtl/core/wq_l1.v); docs/rtl/wq_lsu_pick.md,
 * docs/rtl/wq_l1.md.
 *
 * Both are references for the RTL benches (tb/verilator/lsu_pick,
 * tb/verilator/l1) and the order they define is part of the commit
 * stream's ordering contract.  Functions returning int give WQ_MP_OK (0) or
 * WQ_MP_E_PARAM (a parameter out of the supported range). */
#ifndef WQ_MEMPATH_H
#define WQ_MEMPATH_H
#include <stdint.h>
#include "wq/defs.h"

#define WQ_MP_OK        0
#define WQ_MP_E_PARAM (-1)

/* ---- coalescer ----------------------------------------------------------- */
/* A memory instruction's elements, numbered in the order the requests
 * follow: the core's word k of lane l is element 4l + k (a scalar access:
 * k = 0 only), up to 32 lanes of .v4; a list of lanes alone may number
 * them 0..31. */
#define WQ_COAL_MAX_ELEMS 128u
#define WQ_COAL_SET_WORDS (WQ_COAL_MAX_ELEMS / 32)   /* a set of elements: element e at bit e % 32 of word e / 32 */

typedef struct {
    uint32_t addr;                     /* the line's base address                */
    unsigned lead;                     /* the leader: the lowest element covered  */
    uint32_t cov[WQ_COAL_SET_WORDS];   /* the elements it covers                 */
    uint32_t words;                    /* the words of the line they touch (bit w) */
} wq_coal_req_t;

/* The requests of one memory instruction: elems (1..128) word addresses
 * addr[], the elements still to request pend[] (a set, as cov), line_bytes a
 * power of two from 4 to 128.  Requests go to out[] (room for `elems`), in
 * the hardware's order: each covers every remaining pending element in the
 * line of the lowest remaining one (the leader); with `one` (an atomic's)
 * the leader alone.  *n gets the count (0 when none is pending).  The names
 * are wq_lsu_pick's: pend = i_pend, one = i_one, lead = o_lead, cov = o_cov,
 * addr >> log2(line_bytes) = o_tag. */
int wq_coalesce(const uint32_t *addr, const uint32_t *pend, unsigned elems, unsigned line_bytes,
                int one, wq_coal_req_t *out, unsigned *n);

/* ---- L1 data cache ----------------------------------------------------- */
#define WQ_L1_MAX_LINES 4096u   /* sets x ways */
#define WQ_L1_MAX_IDS     64u

typedef struct {
    uint8_t  busy;     /* allocated, not yet returned to the core       */
    uint8_t  mem;      /* went to memory, its response not yet in       */
    uint8_t  fill;     /* a read miss: its response installs the line  */
    uint8_t  poison;   /* a later write, atomic or invalidate: do not   */
    uint8_t  merged;   /* a read miss waiting on slot `on`'s fill       */
    uint8_t  on;
    uint32_t line;     /* line number (address >> log2 line bytes)      */
} wq_l1_slot_t;

typedef struct {
    unsigned sets, ways, line_bytes, ids;
    unsigned lb, sb;                      /* log2 line bytes, log2 sets */
    uint8_t  valid[WQ_L1_MAX_LINES];      /* [set * ways + way]          */
    uint32_t tag[WQ_L1_MAX_LINES];
    unsigned rr;                          /* the next way to evict       */
    wq_l1_slot_t slot[WQ_L1_MAX_IDS];     /* in-flight table, a ring     */
    unsigned head, tail, count;
    uint64_t hits, misses;                /* read lookups                */
} wq_l1_t;

/* One clock edge's events, as the RTL sees them in one cycle. */
typedef struct {
    int        req;        /* a request is taken                          */
    wq_memop_t op;         /* WQ_MEMOP_* (spec/mempath.def)  */
    uint32_t   addr;
    int        resp;       /* a memory response arrives, for slot resp_id */
    unsigned   resp_id;
    int        pop;        /* the core takes the oldest response          */
    int        inval;      /* invalidate every line                       */
} wq_l1_in_t;

typedef struct {
    int      hit;          /* the request (a read) hit                    */
    int      merged;       /* the request (a read miss) waits on a fill  */
    int      to_mem;       /* the request goes to memory ...             */
    unsigned id;           /* ... with this id (its slot)                 */
    int      installed;    /* the response installed its line ...         */
    unsigned way;          /* ... in this way                              */
} wq_l1_out_t;

/* sets, ways: powers of two (sets <= 2^16, ways <= 16); line_bytes a power
 * of two from 4 to 128; ids a power of two from 2 to 64. */
int  wq_l1_init(wq_l1_t *c, unsigned sets, unsigned ways, unsigned line_bytes, unsigned ids);
/* whether a request can be taken now: a free slot that no merged read
 * still to be answered takes its line from */
int  wq_l1_can_take(const wq_l1_t *c);
/* one cycle; returns WQ_MP_E_PARAM on an impossible event (a request with
 * no free slot, a response for a slot not waiting on memory -- a merged
 * read waits on its fill's response, not its own -- a pop of nothing) */
int  wq_l1_cycle(wq_l1_t *c, const wq_l1_in_t *in, wq_l1_out_t *out);
/* whether the line holding addr is present (way in *way) */
int  wq_l1_present(const wq_l1_t *c, uint32_t addr, unsigned *way);

#endif
