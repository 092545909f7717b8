/* model.h -- the golden model's state and its two ways of running:
 *  (a) free-running: wq_run() / wq_tick();
 *  (b) step API for the lockstep checker: wq_step_warp(), wq_step_channel(),
 *      wq_step_dispatch(), each doing exactly one architectural event.
 * No globals: everything lives in wq_ctx_t. */
#ifndef WQ_MODEL_H
#define WQ_MODEL_H
#include <stdint.h>
#include "defs.h"
#include "token.h"
#include "deque.h"
#include "isa.h"
#include "mem.h"
#include "sem.h"
#include "trace.h"

#define WQ_MAX_CHANNELS 16u
#define WQ_MAX_WARPS    64u
#define WQ_WARP_SIZE    32u

typedef struct wq_config {
    unsigned channels;      /* 1..WQ_MAX_CHANNELS            (default 4)  */
    unsigned warps;         /* warp slots, 1..WQ_MAX_WARPS   (default 8)  */
    unsigned lanes;         /* physical lanes: 8, 16 or 32   (default 32) */
    unsigned deque_log2;    /* hardware deque depth per warp (default 6)  */
    unsigned regs;          /* hardware registers per thread (default 32) */
    unsigned host_slice;    /* methods per time slice        (default 64) */
    unsigned fp;            /* 1: an FPU executes the WQ_IF_FP instructions;
                               0: they trap ILLEGAL_INSTR, as the RTL without
                               one does                      (default 0)  */
    uint64_t watchdog;      /* forward-progress watchdog in warp instructions
                               without a memory change or thread exit; 0 off
                               (default 1<<20) */
} wq_config_t;

/* ---- host interface: one channel ---------------------------------- */
typedef struct wq_channel {
    uint32_t gp_base, gp_log2, gp_get, gp_put;
    uint32_t ctrl, state, err, err_info, ref;
    uint32_t acq_retry, acq_timeout;
    /* segment being processed */
    int      in_seg;
    uint32_t seg_addr, seg_rem;      /* next dword address, dwords left */
    /* method being processed */
    uint32_t m_addr, m_count, m_secop, m_subch;
    /* semaphore registers */
    uint32_t sem_addr_lo, sem_addr_hi, sem_pay_lo, sem_pay_hi;
    /* pending wait */
    uint32_t wait_kind;              /* state being waited for            */
    uint32_t wait_data;              /* method data of the waiting method  */
    uint32_t acq_attempts;
    uint64_t acq_last;               /* tick of the last attempt          */
    uint32_t launch_desc;
    uint64_t methods;                /* methods executed (perf)           */
    uint32_t wait_method;            /* byte offset of the waiting method  */
    uint32_t yielded;                /* last step executed YIELD (host_sched.c) */
} wq_channel_t;

/* ---- one grid waiting to be dispatched ------------------------------ */
typedef struct wq_grid {
    int      valid;
    uint32_t desc_addr;
    uint32_t w[WQ_LD_WORDS];          /* descriptor words as read          */
    uint32_t ncta, next_cta;          /* CTAs in the grid, next to dispatch */
    uint32_t local_next;              /* the next CTA's __local base: LOCAL_BASE,
                                         + LOCAL_SIZE per CTA dispatched (an adder) */
    uint32_t cta_threads, cta_warps;
    uint32_t grid_id;
} wq_grid_t;



/* ---- one warp slot --------------------------------------------------- */
typedef struct wq_warp {
    uint32_t state;                   /* wq_wstate_t                      */
    uint32_t pc;                      /* 22-bit instruction index          */
    uint32_t active;                  /* ACTIVE threads                    */
    uint32_t exited;                  /* threads disabled for good (EXIT) */
    uint8_t  reason[WQ_WARP_SIZE];    /* disable reason (token type)       */
    uint32_t wait[WQ_WARP_SIZE];      /* wait address                      */
    uint32_t pred[8];                 /* predicate p as a lane mask; [7] = ~0 */
    uint32_t (*reg)[WQ_WARP_SIZE];    /* reg[r][lane]                      */
    wq_deque_t dq;
    /* launch parameters */
    uint32_t code_base, nregs, param, grid_id;
    uint32_t cta[3], ncta[3], ntid[3], cta_flat, warp_in_cta, cta_threads;
    uint32_t local_base;              /* the CTA's __local block (S2R LOCAL) */
    uint32_t subv_enabled, shared_base;
    uint32_t ypolicy, yparam, ycount, lfsr;
    /* sub-vector state */
    uint32_t lanes;                            /* physical lanes (config)   */
    uint32_t subv_on, subv_start, subv_part;  /* SUBV_START segment        */
    uint32_t subv_level;                       /* deque count at SUBV_START */
    uint32_t subv_end, subv_end_set;           /* PC after the segment's end */
    uint32_t s0;                               /* loop form save register   */
    uint32_t loop_on, loop_level, loop_body;   /* loop form in progress     */
    /* SUBV_AUTO: a wave decision handed in for the next step
     * (wq_set_wave_decision; wave_use: this step has one), and the mode the
     * last SUBV_AUTO took */
    uint32_t wave_given, wave_use, wave_dec, wave_taken;
    /* trap */
    uint32_t trap, trap_pc;
    uint64_t retired;                 /* instructions retired (S2R CLOCK)  */
    uint32_t cta_key;                 /* unique per dispatched CTA: barrier group */
} wq_warp_t;

typedef struct wq_stats {
    uint64_t ticks, warp_instrs, thread_instrs, lane_passes, methods;
    uint64_t launches, ctas, deque_pushes, deque_pops, merges, yields;
    uint64_t traps, chan_errors, channel_switches;
    uint64_t wave_subv, wave_normal;  /* SUBV_AUTO segments by the mode taken */
} wq_stats_t;

/* ---- the device's memory port ---------------------------------------------
 * Every access the device itself makes -- instruction fetch, loads, stores,
 * atomics, semaphores, pushbuffer and launch-descriptor reads -- goes
 * through this port.  Without one (the default) it goes to ctx->mem; a
 * platform that owns the memory (tb/systemc's TLM-2.0 wrapper, whose
 * accesses leave through an initiator socket) installs its own with
 * wq_set_memport.  Addresses are 4-aligned words. */
typedef struct wq_memport {
    uint32_t (*read32)(void *user, uint32_t addr);
    /* write the bytes of v that strobe selects (bit i: byte i); return 1
     * when the stored word changed (the forward-progress watchdog counts
     * changes), 0 when it did not */
    int      (*write32)(void *user, uint32_t addr, uint32_t v, unsigned strobe);
    void     *user;
} wq_memport_t;

typedef struct wq_ctx {
    wq_config_t cfg;
    wq_mem_t   *mem;                  /* the memory when no port is installed */
    wq_memport_t port;                /* port.read32 NULL: ctx->mem          */
    uint64_t   port_changes;          /* word changes made through the port  */
    wq_channel_t ch[WQ_MAX_CHANNELS];
    unsigned   cur_ch;                /* channel the host is serving       */
    unsigned   slice_left;
    wq_grid_t  grid;                  /* grid being dispatched             */
    uint32_t   grid_seq, cta_seq;
    wq_warp_t  warp[WQ_MAX_WARPS];
    uint32_t  (*regfile)[WQ_WARP_SIZE]; /* warps * regs rows               */
    wq_token_t *dqram;                /* warps << deque_log2 entries       */
    uint32_t   irq_status, irq_enable;
    uint32_t   trap_warp, trap_code, trap_pc;
    uint32_t   dbg_warp, dbg_index, dbg_lo, dbg_hi;
    uint32_t   dbg_headtail;          /* DBG_HEADTAIL as written (SET_HEADTAIL) */
    uint32_t   host_slice;
    uint32_t   wave_ctl, wave_window, wave_thresh;  /* the wave CSRs as written */
    uint64_t   mem_changes_seen;
    uint64_t   noprog;                /* warp instrs since the last memory
                                         change or thread exit (watchdog) */
    unsigned   rr_warp;               /* round-robin issue pointer         */
    wq_stats_t st;
    wq_trace_fn trace;
    void      *trace_user;
    uint32_t   vals_scratch[WQ_WARP_SIZE];
    /* decoded-instruction cache, direct mapped by instruction address and
     * checked against the fetched word, so stores to code are always seen */
    struct wq_dcache { uint64_t raw; uint32_t addr, ok; wq_insn_t in; } dcache[1024];
} wq_ctx_t;

/* ---- life cycle -------------------------------------------------------- */
void      wq_config_default(wq_config_t *cfg);
int       wq_config_check(const wq_config_t *cfg);   /* 0 or -1 */
wq_ctx_t *wq_new(const wq_config_t *cfg);            /* NULL on bad config */
void      wq_free(wq_ctx_t *ctx);
void      wq_reset(wq_ctx_t *ctx);                   /* state, not memory */
void      wq_set_trace(wq_ctx_t *ctx, wq_trace_fn fn, void *user);
/* route the device's memory accesses through port (NULL: back to ctx->mem) */
void      wq_set_memport(wq_ctx_t *ctx, const wq_memport_t *port);

/* ---- CSR slave (DESIGN §4, spec/csr.def): 0 or -1 for unmapped --------- */
int wq_csr_read(wq_ctx_t *ctx, uint32_t off, uint32_t *val);
int wq_csr_write(wq_ctx_t *ctx, uint32_t off, uint32_t val);

/* ---- step API ------------------------------------------------------------
 * Return values: WQ_STEP_DONE (did one event), WQ_STEP_IDLE (nothing to do),
 * WQ_STEP_WAIT (blocked: acquire failed, waiting for idle or the dispatcher),
 * WQ_STEP_TRAP (warp trapped), WQ_STEP_ERROR (channel entered ERROR):
 * spec/step.def STEPRES. */
int wq_step_warp(wq_ctx_t *ctx, unsigned slot);     /* retire one instruction */
int wq_step_channel(wq_ctx_t *ctx, unsigned chan);  /* one method / entry / retry */
int wq_step_dispatch(wq_ctx_t *ctx);                /* start one CTA           */

/* The wave decision of a SUBV_AUTO (DESIGN §6.4): the RTL measures the L1
 * miss rate, the model has no cache, so the lockstep checker hands the mode
 * the RTL reported (RETIRE.a of the SUBV_AUTO) to the model before it steps
 * that warp; the next wq_step_warp of `slot` uses it (and forgets it).
 * subv: 1 sub-vector mode, 0 normal.  Returns 0, or -1 when the decision is
 * illegal: WAVE_CTL forces the other mode, the warp's launch has no
 * sub-vector mode (WAVE.SUBV = 0) and subv is 1, subv > 1, or no such warp.
 * Without a decision handed in the model takes WAVE_CTL's forced mode, and
 * normal mode under AUTO (wq_wave_default). */
int wq_set_wave_decision(wq_ctx_t *ctx, unsigned slot, unsigned subv);
unsigned wq_wave_default(const wq_ctx_t *ctx, unsigned slot);

/* ---- free-running -------------------------------------------------------- */
/* one tick: host serves its current channel once (switching per §5), the
 * dispatcher starts at most one CTA, every runnable warp retires one
 * instruction in slot order from the round-robin pointer. */
int wq_tick(wq_ctx_t *ctx);
typedef struct wq_run_result {
    uint64_t ticks;
    int      reason;     /* WQ_RUN_* */
    unsigned unit;       /* warp slot or channel that stopped the run */
    uint32_t code;       /* trap or error code */
} wq_run_result_t;
enum { WQ_RUN_IDLE = 0,      /* all channels idle/disabled, engine idle */
       WQ_RUN_TRAP,          /* a warp stopped on a fatal trap           */
       WQ_RUN_CHAN_ERROR,    /* a channel entered ERROR                  */
       WQ_RUN_LIMIT };       /* max_ticks reached                        */
/* runs until idle, an error/trap (if stop_on_error), or max_ticks.
 * Recoverable deque traps are handled as the driver would (re-center and
 * resume) when auto_recenter is set. */
int wq_run(wq_ctx_t *ctx, uint64_t max_ticks, int stop_on_error,
           int auto_recenter, wq_run_result_t *res);

/* ---- queries ----------------------------------------------------------- */
int  wq_engine_idle(const wq_ctx_t *ctx);           /* no grid, no live warp */
int  wq_host_busy(const wq_ctx_t *ctx);             /* some channel has work */
int  wq_trap_recoverable(unsigned code);
void wq_warp_describe(const wq_ctx_t *ctx, unsigned slot, char *buf, unsigned len);

/* ---- replay hooks for the lockstep benches ------------------------------
 * The pieces wq_tick is made of, exported one by one so that the RTL
 * benches (tb/verilator/host, sched, top) replay the model's decisions at
 * the RTL's step boundaries. */
/* wq_host_tick = wq_host_pick, then (if due) wq_host_serve; 1 when it did
 * something */
int  wq_host_tick(wq_ctx_t *ctx);
int  wq_host_pick(wq_ctx_t *ctx);          /* switch on entry; channel or -1 */
int  wq_host_due(const wq_ctx_t *ctx, unsigned chan);  /* acquire retry due  */
int  wq_host_serve(wq_ctx_t *ctx, unsigned chan);      /* step + after_step  */
/* the dispatcher: whether a grid may start now, and starting the grid of
 * the descriptor at desc_addr (0, or -1 with the channel error in *cherr) */
int  wq_sched_can_launch(const wq_ctx_t *ctx);
int  wq_sched_launch(wq_ctx_t *ctx, uint32_t desc_addr, uint32_t *cherr);
/* what DBG_CMD RESUME and KILL do to a trapped warp (csr.def) */
int  wq_warp_resume(wq_ctx_t *ctx, unsigned slot);  /* recoverable trap -> run */
int  wq_warp_kill(wq_ctx_t *ctx, unsigned slot);    /* fatal trap -> slot free */

#endif
