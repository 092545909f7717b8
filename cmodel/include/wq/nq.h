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

/* QD word offsets (bytes); enqueue.wqs has the same names as .equ and a
 * unit test holds the two equal */
enum {
    WQ_QD_SOFT       = 0,    /* soft GP_PUT: next free position (atomic)      */
    WQ_QD_SHADOW     = 4,    /* shadow GP_PUT: the position of GP_PUT         */
    WQ_QD_LIMIT      = 8,    /* shadow - 1: enqueues end before it            */
    WQ_QD_GEN        = 12,   /* this session's generation (payload)           */
    WQ_QD_MASK       = 16,   /* n - 1                                         */
    WQ_QD_RING       = 20,   /* GPFIFO ring of the PPU channel                */
    WQ_QD_SEMS       = 24,   /* per-entry semaphores                          */
    WQ_QD_SLOTS      = 28,   /* per-entry command-block slots                 */
    WQ_QD_KTAB       = 32,   /* kernel table: 64-byte descriptor templates     */
    WQ_QD_KCTA       = 36,   /* kernel table: CTAs per launch of each kernel  */
    WQ_QD_HDR_LAUNCH = 40,   /* method header: INC LAUNCH_DESC, 2             */
    WQ_QD_HDR_SEM    = 44,   /* method header: INC SEM_ADDR_LO, 5             */
    WQ_QD_SEM_ACQ    = 48,   /* SEM_EXECUTE: ACQUIRE with ACQUIRE_SWITCH      */
    WQ_QD_GPW1_LAUNCH= 52,   /* GP entry word 1 of a launch block             */
    WQ_QD_GPW1_SEM   = 56,   /* GP entry word 1 of an acquire block           */
    WQ_QD_GPW1_FIN   = 60,   /* GP entry word 1 of the finish block           */
    WQ_QD_PENDING    = 64,   /* outstanding CTAs; the one reaching 0 finishes */
    WQ_QD_CHAIN_END  = 68,   /* first failed position (~0: none)              */
    WQ_QD_FAILS      = 72,   /* failed enqueues this session                  */
    WQ_QD_ENQS       = 76,   /* successful enqueues this session              */
    WQ_QD_MAXDEPTH   = 80,   /* deepest nesting level enqueued                */
    WQ_QD_FIN_AT     = 84,   /* position of the finish entry (~0: none yet)   */
    WQ_QD_FINS       = 88,   /* finish calls this session (must be 1)         */
    WQ_QD_KPAR       = 92,   /* kernel table: 64-byte parameter headers       */
    WQ_QD_MAX_WG     = 96,   /* largest CTA the device runs, in threads: the
                                launch descriptor's limit (docs/spec.md §8.2),
                                min(1024, 32 * warps); wq_enqueue_nd checks it */
    WQ_QD_FIN_TPL    = 128,  /* finish block template, WQ_NQ_FIN_WORDS words  */
    WQ_QD_BYTES      = 256
};
/* slot layout (one per entry, 1 << WQ_NQ_SLOT_LOG2 bytes) */
enum {
    WQ_NQ_SLOT_LOG2   = 8,   /* = WQ_DRV_SLOT_LOG2: the channel's own slots   */
    WQ_NQ_SLOT_PARAMS = 128, /* child's parameter buffer                      */
    WQ_NQ_SLOT_DESC   = 192, /* child's launch descriptor (copied at LAUNCH)  */
    WQ_NQ_FIN_WORDS   = 20,  /* 19 dwords of block + 1 NOP pad (v4 copies)    */
    WQ_NQ_FIN_LEN     = 19,
    WQ_NQ_FIN_SEMF    = 14,  /* template word holding &sem[f] (thread patches) */
    WQ_NQ_LAUNCH_LEN  = 3,
    WQ_NQ_SEM_LEN     = 6
};
/* parameter buffer of every kernel of a session: the runtime's kernel ABI
 * (docs/runtime.md): word 0 the QD, words 1-11 the kernel's header template
 * (KPAR), arg0..arg2 from byte 48 (the first argument's offset), the
 * nesting depth in word 15 */
enum { WQ_NQ_PARAM_QD = 0, WQ_NQ_PARAM_GSZ = 20, WQ_NQ_PARAM_ARG0 = 48,
       WQ_NQ_PARAM_DEPTH = 60, WQ_NQ_PARAM_HDR_WORDS = 12, WQ_NQ_PARAM_WORDS = 16 };
/* wq_enqueue_nd's grid: GRID_X = global / local is at most this (launch.def's
 * GRID limit, docs/spec.md §8.2) */
enum { WQ_NQ_MAX_GROUPS = 65535 };
/* status a thread gets back in r24: OK; FULL, the queue had no room (the
 * session still ends cleanly); SIZE, wq_enqueue_nd's sizes cannot run (local
 * 0 or above QD_MAX_WG, global 0 or not a multiple of local, more than
 * WQ_NQ_MAX_GROUPS groups): nothing was enqueued or counted */
enum { WQ_ENQ_OK = 0, WQ_ENQ_FULL = 1, WQ_ENQ_SIZE = 2 };

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
