/* drv.h -- the warpq driver (DESIGN §5, §9): everything a host does with
 * the device, over the device interface of dev.h, so the same calls drive
 * the C model, the RTL in lockstep and (later) an FPGA board.
 *
 *   open/close   read ID and CONFIG, enable interrupts, manage a device
 *                memory arena the driver allocates rings and blocks from;
 *   channels     GPFIFO ring + per-entry pushbuffer slots, enable, submit a
 *                command block (entry + GP_PUT doorbell), wait, reset;
 *   cb builder   method headers (INC / NONINC / ONE_INC / IMMD), semaphores,
 *                launches, WFI -- every word from encode.h;
 *   interrupts   channel errors latched with code and ERR_INFO (other
 *                channels keep running); deque bound traps re-centred through
 *                the DBG_* window exactly as wq_deque_recenter plans it, then
 *                RESUME; fatal traps reported, KILLed on request.
 * Nested work queues (DESIGN §5.1) are in nq.h.
 *
 * Every function returns WQ_OK (0) or a negative WQ_E_* code; a call that
 * fails changes nothing on the device, so the device stays usable. */
#ifndef WQ_DRV_H
#define WQ_DRV_H
#include <stdint.h>
#include "dev.h"
#include "defs.h"
#include "sem.h"

enum wq_drv_err {
    WQ_OK           =   0,
    WQ_E_ARG        =  -1,  /* NULL pointer or a value no call accepts        */
    WQ_E_SIZE       =  -2,  /* a size or count out of range                    */
    WQ_E_ALIGN      =  -3,  /* an address not aligned as the hardware needs    */
    WQ_E_NOCHAN     =  -4,  /* every channel of the device is in use           */
    WQ_E_CHAN       =  -5,  /* channel index out of range or not open          */
    WQ_E_NOMEM      =  -6,  /* device memory arena exhausted                   */
    WQ_E_RING_FULL  =  -7,  /* GPFIFO ring full: wait for GP_GET and retry     */
    WQ_E_CHAN_ERROR =  -8,  /* the channel is in ERROR (wq_drv_chan_fault)     */
    WQ_E_TIMEOUT    =  -9,  /* the condition did not hold within the budget    */
    WQ_E_DEV        = -10,  /* the device refused an access                    */
    WQ_E_ID         = -11,  /* ID register is not warpq version 1              */
    WQ_E_TRAP       = -12,  /* a warp stopped on a fatal trap                  */
    WQ_E_QUEUE_FULL = -13,  /* nested work: the queue range was exhausted      */
    WQ_E_STATE      = -14,  /* not valid now (e.g. a session already running)  */
    WQ_E_DEPTH      = -15,  /* a trapped warp's deque depth is not known        */
};
const char *wq_drv_strerror(int err);

#define WQ_DRV_MAX_FAULTS 32u
/* pushbuffer slot per ring entry, log2 bytes: nested work's queue slots
 * (nq.def SLOT_LOG2) are the channel's own, so the spec row sets both */
#define WQ_DRV_SLOT_LOG2  ((unsigned)WQ_NQ_SLOT_LOG2)

/* one reported problem: a channel error or a fatal warp trap */
typedef struct wq_drv_fault {
    int      is_trap;       /* 0: channel error, 1: warp trap               */
    unsigned unit;          /* channel or warp slot                          */
    unsigned code;          /* WQ_CHERR_* or WQ_TRAP_*                       */
    uint32_t info;          /* ERR_INFO, or the trapping PC                  */
} wq_drv_fault_t;

typedef struct wq_drv_chan {
    int      open;
    uint32_t log2, ring;    /* GPFIFO: 2^log2 entries of 8 bytes at ring     */
    uint32_t slots, slot_log2; /* entry e's command block lives at slots + (e << slot_log2) */
    uint32_t put;           /* next entry the driver fills (= GP_PUT)        */
    uint32_t get;           /* last GP_GET read (refreshed only when full)   */
    int      owned_by_queue;/* PPU-owned ring of a nested queue: no submit   */
    int      faulted;       /* latched channel error                         */
    unsigned err_code;
    uint32_t err_info;
} wq_drv_chan_t;

typedef struct wq_drv_opts {
    uint32_t arena_base;    /* device memory the driver may use, 4 KiB-aligned */
    uint32_t arena_size;
    uint64_t poll;          /* device time per wait() slice (default 64)     */
    int      kill_fatal;    /* KILL warps stopped on fatal traps             */
} wq_drv_opts_t;
/* arena 0xF0000000..+16 MiB (the loader's system area sits above it) */
void wq_drv_opts_default(wq_drv_opts_t *o);

typedef struct wq_drv {
    wq_dev_t *dev;
    wq_drv_opts_t opt;
    uint32_t  id, config;
    unsigned  channels, warps, lanes, deque_log2, regs;  /* from CONFIG */
    uint32_t  arena_cur, arena_end;
    wq_drv_chan_t ch[16];
    /* re-centre bookkeeping per slot: a second trap at the same PC with the
     * head/tail we left means one push was not enough */
    uint32_t  rc_pc[64], rc_ht[64];
    uint8_t   rc_valid[64], trap_reported[64];
    /* statistics */
    uint64_t  recenters, resumes, kills, nonstall_irqs, irqs;
    wq_drv_fault_t faults[WQ_DRV_MAX_FAULTS];
    unsigned  nfaults;      /* faults logged (the log keeps the first ones)   */
} wq_drv_t;

/* ---- life cycle -------------------------------------------------------- */
int  wq_drv_open(wq_drv_t *d, wq_dev_t *dev, const wq_drv_opts_t *opts);
void wq_drv_close(wq_drv_t *d);   /* disables the channels it opened */

/* ---- device memory ------------------------------------------------------ */
/* bump allocation in the arena; align a power of two >= 4 */
int wq_drv_alloc(wq_drv_t *d, uint32_t size, uint32_t align, uint32_t *addr);
int wq_drv_write(wq_drv_t *d, uint32_t addr, const uint32_t *w, uint32_t n);
int wq_drv_read(wq_drv_t *d, uint32_t addr, uint32_t *w, uint32_t n);
int wq_drv_csr_read(wq_drv_t *d, uint32_t off, uint32_t *v);
int wq_drv_csr_write(wq_drv_t *d, uint32_t off, uint32_t v);
uint32_t wq_drv_chan_csr(unsigned chan, uint32_t reg);   /* CSR byte offset */

/* ---- command-block builder (host memory) ---------------------------------- */
typedef struct wq_cb {
    uint32_t *w;
    uint32_t  n, cap;
    int       err;          /* first error, sticky: submit refuses the block */
} wq_cb_t;
void wq_cb_init(wq_cb_t *cb, uint32_t *buf, uint32_t cap_words);
int  wq_cb_word(wq_cb_t *cb, uint32_t w);
/* secop WQ_SECOP_INC / NONINC / ONE_INC; 1..8191 data words */
int  wq_cb_methods(wq_cb_t *cb, unsigned secop, uint32_t method_off,
                   const uint32_t *data, uint32_t count);
int  wq_cb_immd(wq_cb_t *cb, uint32_t method_off, uint32_t data13);
/* SEM_ADDR_LO..SEM_EXECUTE in one INC group; checks alignment and width */
int  wq_cb_sem(wq_cb_t *cb, uint32_t addr, uint64_t payload, const wq_sem_exec_t *op);
int  wq_cb_release(wq_cb_t *cb, uint32_t addr, uint32_t payload);
int  wq_cb_acquire(wq_cb_t *cb, uint32_t addr, uint32_t payload, int acq_switch);
int  wq_cb_launch(wq_cb_t *cb, uint32_t desc_addr);
int  wq_cb_wfi(wq_cb_t *cb);
int  wq_cb_nonstall_irq(wq_cb_t *cb);

/* ---- launch descriptors and parameter buffers ------------------------------ */
/* check 16 descriptor words against the device's CONFIG (docs/spec.md §8.2)
 * before they reach a channel: a bad one would put the channel in ERROR */
int wq_drv_desc_check(const wq_drv_t *d, const uint32_t w[16]);
/* check, allocate 64 bytes in the arena and write; records the deque size */
int wq_drv_desc_write(wq_drv_t *d, const uint32_t w[16], uint32_t *addr);
/* allocate a 16-aligned parameter buffer and write n words (1..1024) */
int wq_drv_params(wq_drv_t *d, const uint32_t *words, uint32_t n, uint32_t *addr);

/* ---- channels -------------------------------------------------------------- */
/* open the lowest free channel with a 2^log2 ring (1..16 entries log2) */
int wq_drv_chan_open(wq_drv_t *d, unsigned log2, unsigned *chan);
int wq_drv_chan_close(wq_drv_t *d, unsigned chan);       /* disable, free index */
int wq_drv_chan_reset(wq_drv_t *d, unsigned chan);       /* leave ERROR, ring restarts */
int wq_drv_chan_set_acquire(wq_drv_t *d, unsigned chan, uint32_t retry, uint32_t timeout);
/* copy the block into the entry's slot, write the entry, ring the doorbell */
int wq_drv_submit(wq_drv_t *d, unsigned chan, const wq_cb_t *cb);
/* an entry for a block already in device memory (4-aligned, 1..2^21-1 dwords) */
int wq_drv_submit_addr(wq_drv_t *d, unsigned chan, uint32_t addr, uint32_t dwords);
/* latched channel error, if any: 1 and the fault, else 0 */
int wq_drv_chan_fault(const wq_drv_t *d, unsigned chan, wq_drv_fault_t *f);

/* ---- waiting and interrupts ------------------------------------------------ */
/* read IRQ_STATUS and handle every pending cause; returns WQ_OK or WQ_E_DEV */
int wq_drv_service(wq_drv_t *d);
/* until the channel has consumed everything submitted (STATUS IDLE);
 * timeout in device time, 0 = none */
int wq_drv_wait_chan(wq_drv_t *d, unsigned chan, uint64_t timeout);
/* until the 32-bit word at addr equals value; chan (or -1) is watched for errors */
int wq_drv_wait_word(wq_drv_t *d, uint32_t addr, uint32_t value, int chan,
                     uint64_t timeout);
/* until the whole device is idle (no channel with work, engine idle) */
int wq_drv_wait_idle(wq_drv_t *d, uint64_t timeout);
uint64_t wq_drv_now(const wq_drv_t *d);
/* KILL a warp slot stopped on a fatal trap */
int wq_drv_kill(wq_drv_t *d, unsigned slot);

#endif
