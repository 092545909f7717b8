/* nq.h -- nested work creation (DESIGN §5.1, the seed's method 400/450):
 * the driver side of a PPU-owned work queue that kernel threads fill with
 * child launches, and the memory layout the thread-side device library
 * (tests/programs/lib/enqueue.wqs) works on.
 *
 * A queue is a GPFIFO ring of n = 2^log2 entries on its own channel (the
 * PPU-owned channel), one command-block slot per entry, one 32-bit
 * semaphore per entry, semaphores X and Y, and a queue descriptor (QD) in
 * device memory that threads reach through their parameter buffer.
 *
 * A session (one parent launch and everything it creates), generation g:
 *   driver   soft = G+1, shadow = G+n-1 (G = GP_GET now; positions are
 *            "unwrapped": entry = position & (n-1)), GP_PUT = wrap(G-1);
 *            CPU channel: LAUNCH parent, WFI, RELEASE X=g, ACQUIRE Y==g.
 *   entry G  ACQUIRE X==g, ACQUIRE sem[G]==g (first session: written by the
 *            driver; later: the previous session's finish block).
 *   thread   s = atomic_add(soft, 2); fail if s+2 > shadow-1 (one entry is
 *            kept for the finish); write the child's descriptor, params,
 *            launch block (entry s) and acquire block (ACQUIRE sem[s+1]==g,
 *            entry s+1); membar; release sem[s-1] = g.
 *   finish   f = atomic_add(soft, 1), or the first failed position after an
 *            exhaustion; block: WFI, RELEASE Y=g, ACQUIRE X==g+1, ACQUIRE
 *            sem[f]==g+1; release sem[f-1] = g.  The channel now waits in
 *            entry f, which is entry G of the next session.
 * Every acquire of the PPU channel has ACQUIRE_SWITCH, so the CPU channel
 * and independent channels run while it waits. */
#ifndef WQ_NQ_H
#define WQ_NQ_H
#include "drv.h"

/* The layout -- QD offsets (WQ_QD_*), the slot (WQ_NQ_SLOT_*, WQ_NQ_FIN_*),
 * the parameter buffer (WQ_NQ_PARAM_*), the status codes (WQ_ENQ_*) and
 * WQ_NQ_MAX_GROUPS -- is cmodel/spec/nq.def, expanded in defs.h; the
 * library gets the same rows as a generated `.equ` block (wq_gen nqwqs). */
#define WQ_NQ_MAX_KERNELS 64u

typedef struct wq_nq_stats {
    uint32_t enqs, fails, maxdepth, fins, fin_at, first_entry;
    uint64_t cycles;         /* device time from session start to Y       */
} wq_nq_stats_t;

typedef struct wq_nq {
    unsigned chan;           /* the PPU-owned channel                      */
    unsigned log2;
    uint32_t n;
    uint32_t qd, ring, sems, slots, ktab, kcta, kpar, x, y;
    unsigned nkern;
    uint32_t gen;            /* generation of the current/last session      */
    int      active;         /* a session is running                        */
    unsigned cpu_chan;       /* its CPU-owned channel                       */
    uint64_t t0;
    wq_nq_stats_t last;
} wq_nq_t;

typedef struct wq_nq_opts {
    uint32_t ppu_retry;      /* ACQ_RETRY of the PPU channel (default 4)    */
} wq_nq_opts_t;

/* allocate ring (its own channel), slots, semaphores, X, Y, QD and a
 * kernel table of nkern entries; log2 2..16 (n >= 4: entry G, one
 * allocation, the finish entry and the GP_PUT entry) */
int wq_nq_create(wq_drv_t *d, unsigned log2, unsigned nkern,
                 const wq_nq_opts_t *opts, wq_nq_t *q);
/* kernel k's descriptor template (PARAM is filled per child) */
int wq_nq_kernel(wq_drv_t *d, wq_nq_t *q, unsigned k, const uint32_t desc[16]);
/* kernel k's parameter header words 1..11 (word 0 is the QD; zero unless set) */
int wq_nq_kernel_params(wq_drv_t *d, wq_nq_t *q, unsigned k,
                        const uint32_t hdr[WQ_NQ_PARAM_HDR_WORDS]);
/* start a session: parent descriptor (PARAM ignored: the driver points it
 * at [qd, 0, args]) on CPU channel cpu_chan */
int wq_nq_session(wq_drv_t *d, wq_nq_t *q, unsigned cpu_chan, const uint32_t parent[16],
                  const uint32_t args[3]);
/* start a session whose CPU-channel block the caller submits: the parent's
 * descriptor at desc_addr (its parameter buffer's word 0 must be the QD) of
 * ncta CTAs; appends LAUNCH, WFI, RELEASE X, ACQUIRE Y to cb, and marks the
 * session active on cpu_chan.  wq_nq_session is this plus the parameters,
 * the descriptor and the submit. */
int wq_nq_begin(wq_drv_t *d, wq_nq_t *q, unsigned cpu_chan, uint32_t desc_addr,
                uint32_t ncta, wq_cb_t *cb);
/* after Y: the session's figures (no waiting); codes as wq_nq_wait */
int wq_nq_end(wq_drv_t *d, wq_nq_t *q, wq_nq_stats_t *st);
/* wait for Y; WQ_E_QUEUE_FULL when some enqueue failed (the session still
 * ended cleanly), WQ_E_STATE when the finish count is not 1 */
int wq_nq_wait(wq_drv_t *d, wq_nq_t *q, uint64_t timeout, wq_nq_stats_t *st);

#endif
