/* host_util.h -- building pushbuffers and GPFIFO rings in model memory and
 * driving a channel through its CSRs, the way a driver does.  Every field
 * position comes from defs.h (the spec tables).  The driver has its own
 * builder (cmodel/driver, wq_cb_*); these stay separate test fixtures so a
 * driver bug cannot hide in the tests of the host interface. */
#ifndef WQ_HOST_UTIL_H
#define WQ_HOST_UTIL_H
#include <stdint.h>
#include "wq/model.h"
#include "wq/encode.h"

/* ---- pushbuffer builder ---------------------------------------------------- */
typedef struct wq_pb {
    wq_mem_t *mem;
    uint32_t  base;      /* first byte of the buffer          */
    uint32_t  cur;       /* next byte to write                */
    uint32_t  seg;       /* start of the segment being built  */
} wq_pb_t;

void     wq_pb_init(wq_pb_t *pb, wq_mem_t *mem, uint32_t addr);  /* 4-aligned */
void     wq_pb_word(wq_pb_t *pb, uint32_t w);
void     wq_pb_nop(wq_pb_t *pb);
void     wq_pb_hdr(wq_pb_t *pb, unsigned secop, uint32_t method_off, uint32_t count);
void     wq_pb_inc(wq_pb_t *pb, uint32_t method_off, const uint32_t *data, uint32_t n);
void     wq_pb_noninc(wq_pb_t *pb, uint32_t method_off, const uint32_t *data, uint32_t n);
void     wq_pb_one_inc(wq_pb_t *pb, uint32_t method_off, const uint32_t *data, uint32_t n);
void     wq_pb_method(wq_pb_t *pb, uint32_t method_off, uint32_t data);
void     wq_pb_immd(wq_pb_t *pb, uint32_t method_off, uint32_t data13);
void     wq_pb_end_seg(wq_pb_t *pb);
/* SEM_ADDR_LO..SEM_EXECUTE as one incrementing method group */
void     wq_pb_sem(wq_pb_t *pb, uint32_t addr, uint64_t payload, uint32_t exec_word);
void     wq_pb_release(wq_pb_t *pb, uint32_t addr, uint32_t payload);
void     wq_pb_acquire(wq_pb_t *pb, uint32_t addr, uint32_t payload, int acq_switch);
void     wq_pb_launch(wq_pb_t *pb, uint32_t desc_addr);
void     wq_pb_seg_begin(wq_pb_t *pb);                 /* open a new segment */
uint32_t wq_pb_seg_dwords(const wq_pb_t *pb);          /* dwords since then  */

/* ---- channel registers -------------------------------------------------------- */
uint32_t wq_chreg_off(unsigned chan, uint32_t reg);
int      wq_chreg_write(wq_ctx_t *ctx, unsigned chan, uint32_t reg, uint32_t val);
uint32_t wq_chreg(wq_ctx_t *ctx, unsigned chan, uint32_t reg); /* ~0u if unmapped */
unsigned wq_chan_state(wq_ctx_t *ctx, unsigned chan);          /* STATUS.STATE */
unsigned wq_chan_errcode(wq_ctx_t *ctx, unsigned chan);        /* STATUS.ERROR */

/* ---- GPFIFO ring ------------------------------------------------------------------ */
typedef struct wq_ring {
    wq_ctx_t *ctx;
    unsigned  chan;
    uint32_t  base, log2, put;   /* put: next entry the driver writes */
} wq_ring_t;

/* program base/log2 and enable; returns the channel's STATUS.STATE */
unsigned wq_ring_setup(wq_ring_t *r, wq_ctx_t *ctx, unsigned chan, uint32_t base,
                       uint32_t log2);
void     wq_ring_entry(wq_ring_t *r, uint32_t w0, uint32_t w1);  /* no doorbell */
void     wq_ring_segment(wq_ring_t *r, uint32_t addr, uint32_t len, int sync);
void     wq_ring_control(wq_ring_t *r, unsigned ctlop);
void     wq_ring_kick(wq_ring_t *r);                  /* GP_PUT = put */
/* close the pushbuffer's open segment, append it as one entry, open the next */
void     wq_ring_submit_seg(wq_ring_t *r, wq_pb_t *pb);

/* ---- running ---------------------------------------------------------------------- */
/* tick the host alone (advancing st.ticks) until no channel has work or
 * max ticks pass; returns the ticks used */
uint64_t wq_test_run_host(wq_ctx_t *ctx, uint64_t max);

#endif
