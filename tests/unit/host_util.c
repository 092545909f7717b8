/* host_util.c -- pushbuffer / GPFIFO builders and channel register access
 * for tests (and, later, the driver).  See host_util.h. */
#include "host_util.h"

/* ---- pushbuffer ------------------------------------------------------------ */

void wq_pb_init(wq_pb_t *pb, wq_mem_t *mem, uint32_t addr)
{
    pb->mem = mem;
    pb->base = pb->cur = pb->seg = addr;
}

void wq_pb_word(wq_pb_t *pb, uint32_t w)
{
    wq_mem_write32(pb->mem, pb->cur, w);
    pb->cur += 4u;
}

void wq_pb_nop(wq_pb_t *pb) { wq_pb_word(pb, 0); }

void wq_pb_hdr(wq_pb_t *pb, unsigned secop, uint32_t method_off, uint32_t count)
{
    wq_pb_word(pb, wq_mh_encode(secop, 0, method_off, count));
}

static void group(wq_pb_t *pb, unsigned secop, uint32_t off, const uint32_t *d, uint32_t n)
{
    wq_pb_hdr(pb, secop, off, n);
    for (uint32_t i = 0; i < n; i++)
        wq_pb_word(pb, d[i]);
}

void wq_pb_inc(wq_pb_t *pb, uint32_t off, const uint32_t *d, uint32_t n)
{ group(pb, WQ_SECOP_INC, off, d, n); }
void wq_pb_noninc(wq_pb_t *pb, uint32_t off, const uint32_t *d, uint32_t n)
{ group(pb, WQ_SECOP_NONINC, off, d, n); }
void wq_pb_one_inc(wq_pb_t *pb, uint32_t off, const uint32_t *d, uint32_t n)
{ group(pb, WQ_SECOP_ONE_INC, off, d, n); }
void wq_pb_method(wq_pb_t *pb, uint32_t off, uint32_t data)
{ group(pb, WQ_SECOP_INC, off, &data, 1); }

void wq_pb_immd(wq_pb_t *pb, uint32_t off, uint32_t data13)
{
    wq_pb_hdr(pb, WQ_SECOP_IMMD, off, data13);
}

void wq_pb_end_seg(wq_pb_t *pb) { wq_pb_hdr(pb, WQ_SECOP_END_SEG, 0, 0); }

void wq_pb_sem(wq_pb_t *pb, uint32_t addr, uint64_t payload, uint32_t exec_word)
{
    /* the five semaphore methods are consecutive: one INC group */
    uint32_t d[5] = { addr, 0, (uint32_t)payload, (uint32_t)(payload >> 32), exec_word };
    wq_pb_inc(pb, WQ_M_SEM_ADDR_LO, d, 5);
}

void wq_pb_release(wq_pb_t *pb, uint32_t addr, uint32_t payload)
{
    wq_sem_exec_t s = { .op = WQ_SEMOP_RELEASE };
    wq_pb_sem(pb, addr, payload, wq_sem_encode(&s));
}

void wq_pb_acquire(wq_pb_t *pb, uint32_t addr, uint32_t payload, int acq_switch)
{
    wq_sem_exec_t s = { .op = WQ_SEMOP_ACQUIRE, .acquire_switch = acq_switch ? 1u : 0u };
    wq_pb_sem(pb, addr, payload, wq_sem_encode(&s));
}

void wq_pb_launch(wq_pb_t *pb, uint32_t desc_addr)
{
    wq_pb_method(pb, WQ_M_LAUNCH_DESC, desc_addr);
    wq_pb_method(pb, WQ_M_LAUNCH, 0);
}

void wq_pb_seg_begin(wq_pb_t *pb) { pb->seg = pb->cur; }
uint32_t wq_pb_seg_dwords(const wq_pb_t *pb) { return (pb->cur - pb->seg) / 4u; }

/* ---- channel registers ----------------------------------------------------------- */

uint32_t wq_chreg_off(unsigned chan, uint32_t reg)
{
    return WQ_CSRVAL_CHAN_BASE + chan * WQ_CSRVAL_CHAN_STRIDE + reg;
}

int wq_chreg_write(wq_ctx_t *ctx, unsigned chan, uint32_t reg, uint32_t val)
{
    return wq_csr_write(ctx, wq_chreg_off(chan, reg), val);
}

uint32_t wq_chreg(wq_ctx_t *ctx, unsigned chan, uint32_t reg)
{
    uint32_t v;
    return wq_csr_read(ctx, wq_chreg_off(chan, reg), &v) == 0 ? v : ~0u;
}

unsigned wq_chan_state(wq_ctx_t *ctx, unsigned chan)
{
    return (unsigned)WQ_BITS(wq_chreg(ctx, chan, WQ_CHCSR_STATUS),
                             WQ_CSRF_STATUS_STATE_HI, WQ_CSRF_STATUS_STATE_LO);
}

unsigned wq_chan_errcode(wq_ctx_t *ctx, unsigned chan)
{
    return (unsigned)WQ_BITS(wq_chreg(ctx, chan, WQ_CHCSR_STATUS),
                             WQ_CSRF_STATUS_ERROR_HI, WQ_CSRF_STATUS_ERROR_LO);
}

/* ---- GPFIFO ring ------------------------------------------------------------------ */

unsigned wq_ring_setup(wq_ring_t *r, wq_ctx_t *ctx, unsigned chan, uint32_t base,
                       uint32_t log2)
{
    r->ctx = ctx;
    r->chan = chan;
    r->base = base;
    r->log2 = log2;
    r->put = wq_chreg(ctx, chan, WQ_CHCSR_GP_PUT);
    wq_chreg_write(ctx, chan, WQ_CHCSR_GPFIFO_BASE, base);
    wq_chreg_write(ctx, chan, WQ_CHCSR_GPFIFO_LOG2, log2);
    wq_chreg_write(ctx, chan, WQ_CHCSR_CTRL,
                   (uint32_t)WQ_FMASK(WQ_CSRF_CTRL_ENABLE_HI, WQ_CSRF_CTRL_ENABLE_LO));
    return wq_chan_state(ctx, chan);
}

void wq_ring_entry(wq_ring_t *r, uint32_t w0, uint32_t w1)
{
    uint32_t a = r->base + 8u * r->put;
    wq_mem_write32(r->ctx->mem, a, w0);
    wq_mem_write32(r->ctx->mem, a + 4u, w1);
    r->put = (r->put + 1u) & ((1u << r->log2) - 1u);
}

void wq_ring_segment(wq_ring_t *r, uint32_t addr, uint32_t len, int sync)
{
    wq_ring_entry(r, wq_gp_word0(addr), wq_gp_word1(len, sync, 0));
}

void wq_ring_control(wq_ring_t *r, unsigned ctlop)
{
    wq_ring_entry(r, 0, wq_gp_word1(0, 0, ctlop));
}

void wq_ring_kick(wq_ring_t *r)
{
    wq_chreg_write(r->ctx, r->chan, WQ_CHCSR_GP_PUT, r->put);
}

void wq_ring_submit_seg(wq_ring_t *r, wq_pb_t *pb)
{
    wq_ring_segment(r, pb->seg, wq_pb_seg_dwords(pb), 0);
    wq_pb_seg_begin(pb);
}

/* ---- running -------------------------------------------------------------------------- */

uint64_t wq_test_run_host(wq_ctx_t *ctx, uint64_t max)
{
    uint64_t n = 0;
    while (n < max) {
        ctx->st.ticks++;
        n++;
        if (!wq_host_tick(ctx))
            break;
    }
    return n;
}
