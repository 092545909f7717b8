/* drv_chan.c -- channels: ring setup, submission, waiting (drv.h).
 *
 * Each channel owns a GPFIFO ring and one fixed-size pushbuffer slot per
 * ring entry: entry e's block is copied to slots + (e << slot_log2).  A slot
 * is reused only when its entry is reused, which the ring-full test already
 * forbids until GP_GET has moved past it -- so pushbuffer space needs no
 * allocator of its own and can never be overwritten under the host. */
#include <stddef.h>
#include "wq/drv.h"
#include "wq/encode.h"
#include "wq/wrap.h"

#define STATE(st) ((unsigned)WQ_BITS(st, WQ_CSRF_STATUS_STATE_HI, WQ_CSRF_STATUS_STATE_LO))
#define CTRL_ENABLE (1u << WQ_CSRF_CTRL_ENABLE_LO)
#define CTRL_RESET  (1u << WQ_CSRF_CTRL_RESET_LO)

static wq_drv_chan_t *chan_get(wq_drv_t *d, unsigned c)
{
    if (!d || c >= d->channels || !d->ch[c].open) return NULL;
    return &d->ch[c];
}

int wq_drv_chan_open(wq_drv_t *d, unsigned log2, unsigned *chan)
{
    if (!d || !chan) return WQ_E_ARG;
    if (log2 < WQ_CSRVAL_GPFIFO_LOG2_MIN || log2 > WQ_CSRVAL_GPFIFO_LOG2_MAX) return WQ_E_SIZE;
    unsigned c = 0;
    while (c < d->channels && d->ch[c].open) c++;
    if (c >= d->channels) return WQ_E_NOCHAN;
    wq_drv_chan_t *ch = &d->ch[c];
    /* re-opening an index reuses its memory when it is big enough: the arena
     * is a bump allocator and never frees */
    int rc;
    if (!ch->ring || ch->log2 < log2) {
        uint32_t ring, slots;
        if ((rc = wq_drv_alloc(d, 8u << log2, 8u << log2 > 4096 ? 4096 : 8u << log2, &ring)))
            return rc;
        if ((rc = wq_drv_alloc(d, 1u << (log2 + WQ_DRV_SLOT_LOG2), 16, &slots))) return rc;
        ch->ring = ring;
        ch->slots = slots;
    }
    ch->log2 = log2;
    ch->slot_log2 = WQ_DRV_SLOT_LOG2;
    ch->put = ch->get = 0;
    ch->owned_by_queue = 0;
    ch->faulted = 0;
    if ((rc = wq_drv_csr_write(d, wq_drv_chan_csr(c, WQ_CHCSR_CTRL), CTRL_RESET)) ||
        (rc = wq_drv_csr_write(d, wq_drv_chan_csr(c, WQ_CHCSR_GPFIFO_BASE), ch->ring)) ||
        (rc = wq_drv_csr_write(d, wq_drv_chan_csr(c, WQ_CHCSR_GPFIFO_LOG2), log2)) ||
        (rc = wq_drv_csr_write(d, wq_drv_chan_csr(c, WQ_CHCSR_CTRL), CTRL_ENABLE)))
        return rc;
    ch->open = 1;
    *chan = c;
    return WQ_OK;
}

int wq_drv_chan_close(wq_drv_t *d, unsigned c)
{
    wq_drv_chan_t *ch = chan_get(d, c);
    if (!ch) return WQ_E_CHAN;
    ch->open = 0;
    return wq_drv_csr_write(d, wq_drv_chan_csr(c, WQ_CHCSR_CTRL), CTRL_RESET);
}

int wq_drv_chan_reset(wq_drv_t *d, unsigned c)
{
    wq_drv_chan_t *ch = chan_get(d, c);
    if (!ch) return WQ_E_CHAN;
    /* RESET | ENABLE: out of ERROR and running again on an empty ring at 0 */
    int rc = wq_drv_csr_write(d, wq_drv_chan_csr(c, WQ_CHCSR_CTRL), CTRL_RESET | CTRL_ENABLE);
    if (rc) return rc;
    ch->put = ch->get = 0;
    ch->faulted = 0;
    return WQ_OK;
}

int wq_drv_chan_set_acquire(wq_drv_t *d, unsigned c, uint32_t retry, uint32_t timeout)
{
    if (!chan_get(d, c)) return WQ_E_CHAN;
    if (retry == 0) return WQ_E_SIZE;
    int rc = wq_drv_csr_write(d, wq_drv_chan_csr(c, WQ_CHCSR_ACQ_RETRY), retry);
    return rc ? rc : wq_drv_csr_write(d, wq_drv_chan_csr(c, WQ_CHCSR_ACQ_TIMEOUT), timeout);
}

/* room for one more entry?  The host never tests "full", so the driver
 * keeps at most 2^log2 - 1 entries outstanding (DESIGN §5).  GP_GET is read
 * only when the cached value says full: one CSR read saved per submit. */
static int ring_room(wq_drv_t *d, unsigned c, wq_drv_chan_t *ch)
{
    uint32_t next = wq_wrap_pow2((int64_t)ch->put + 1, ch->log2);
    if (next != ch->get) return WQ_OK;
    int rc = wq_drv_csr_read(d, wq_drv_chan_csr(c, WQ_CHCSR_GP_GET), &ch->get);
    if (rc) return rc;
    return next == ch->get ? WQ_E_RING_FULL : WQ_OK;
}

static int put_entry(wq_drv_t *d, unsigned c, wq_drv_chan_t *ch, uint32_t addr,
                     uint32_t dwords)
{
    uint32_t e[2] = { wq_gp_word0(addr), wq_gp_word1(dwords, 0, WQ_GPCTL_NOP) };
    int rc = wq_drv_write(d, ch->ring + 8 * ch->put, e, 2);
    if (rc) return rc;
    uint32_t next = wq_wrap_pow2((int64_t)ch->put + 1, ch->log2);
    if ((rc = wq_drv_csr_write(d, wq_drv_chan_csr(c, WQ_CHCSR_GP_PUT), next))) return rc;
    ch->put = next;
    return WQ_OK;
}

static int submit_check(wq_drv_t *d, unsigned c, wq_drv_chan_t **out)
{
    wq_drv_chan_t *ch = chan_get(d, c);
    if (!ch) return WQ_E_CHAN;
    if (ch->owned_by_queue) return WQ_E_STATE;
    if (ch->faulted) return WQ_E_CHAN_ERROR;
    *out = ch;
    return ring_room(d, c, ch);
}

int wq_drv_submit(wq_drv_t *d, unsigned c, const wq_cb_t *cb)
{
    if (!d || !cb) return WQ_E_ARG;
    if (cb->err) return cb->err;
    wq_drv_chan_t *ch = NULL;
    if (c >= d->channels || !d->ch[c].open) return WQ_E_CHAN;
    if (cb->n == 0 || cb->n > (1u << d->ch[c].slot_log2) / 4) return WQ_E_SIZE;
    int rc = submit_check(d, c, &ch);
    if (rc) return rc;
    uint32_t slot = ch->slots + (ch->put << ch->slot_log2);
    if ((rc = wq_drv_write(d, slot, cb->w, cb->n))) return rc;
    return put_entry(d, c, ch, slot, cb->n);
}

int wq_drv_submit_addr(wq_drv_t *d, unsigned c, uint32_t addr, uint32_t dwords)
{
    if (!d) return WQ_E_ARG;
    if (addr & 3) return WQ_E_ALIGN;
    uint32_t lmax = (uint32_t)(WQ_FMASK(WQ_GP_LENGTH_HI, WQ_GP_LENGTH_LO) >> WQ_GP_LENGTH_LO);
    if (dwords == 0 || dwords > lmax) return WQ_E_SIZE;
    wq_drv_chan_t *ch = NULL;
    int rc = submit_check(d, c, &ch);
    return rc ? rc : put_entry(d, c, ch, addr, dwords);
}

int wq_drv_chan_fault(const wq_drv_t *d, unsigned c, wq_drv_fault_t *f)
{
    if (!d || c >= d->channels || !d->ch[c].faulted) return 0;
    if (f) *f = (wq_drv_fault_t){ 0, c, d->ch[c].err_code, d->ch[c].err_info };
    return 1;
}

/* ---- waiting --------------------------------------------------------------- */
static int expired(wq_drv_t *d, uint64_t t0, uint64_t timeout)
{
    return timeout && wq_drv_now(d) - t0 >= timeout;
}

static int slice(wq_drv_t *d)
{
    return d->dev->wait(d->dev->impl, d->opt.poll) < 0 ? WQ_E_DEV : WQ_OK;
}

int wq_drv_wait_chan(wq_drv_t *d, unsigned c, uint64_t timeout)
{
    wq_drv_chan_t *ch = chan_get(d, c);
    if (!ch) return WQ_E_CHAN;
    uint64_t t0 = wq_drv_now(d);
    for (;;) {
        int rc = wq_drv_service(d);
        if (rc) return rc;
        if (ch->faulted) return WQ_E_CHAN_ERROR;
        uint32_t st;
        if ((rc = wq_drv_csr_read(d, wq_drv_chan_csr(c, WQ_CHCSR_STATUS), &st))) return rc;
        if (STATE(st) == WQ_CH_IDLE) return WQ_OK;
        if (STATE(st) == WQ_CH_DISABLED) return WQ_E_STATE;
        if (expired(d, t0, timeout)) return WQ_E_TIMEOUT;
        if ((rc = slice(d))) return rc;
    }
}

int wq_drv_wait_word(wq_drv_t *d, uint32_t addr, uint32_t value, int c, uint64_t timeout)
{
    if (!d) return WQ_E_ARG;
    if (addr & 3) return WQ_E_ALIGN;
    if (c >= 0 && !chan_get(d, (unsigned)c)) return WQ_E_CHAN;
    uint64_t t0 = wq_drv_now(d);
    for (;;) {
        int rc = wq_drv_service(d);
        if (rc) return rc;
        uint32_t v;
        if ((rc = wq_drv_read(d, addr, &v, 1))) return rc;
        if (v == value) return WQ_OK;
        if (c >= 0 && d->ch[c].faulted) return WQ_E_CHAN_ERROR;
        if (expired(d, t0, timeout)) return WQ_E_TIMEOUT;
        if ((rc = slice(d))) return rc;
    }
}

int wq_drv_wait_idle(wq_drv_t *d, uint64_t timeout)
{
    if (!d) return WQ_E_ARG;
    uint64_t t0 = wq_drv_now(d);
    unsigned f0 = d->nfaults;
    for (;;) {
        int rc = wq_drv_service(d);
        if (rc) return rc;
        if (expired(d, t0, timeout)) return WQ_E_TIMEOUT;
        int r = d->dev->wait(d->dev->impl, d->opt.poll);
        if (r < 0) return WQ_E_DEV;
        if (r == WQ_DEV_WAIT_IDLE) break;
    }
    /* idle, but was it a clean finish?  A channel error or a fatal trap
     * stops work without keeping the device busy */
    int rc = wq_drv_service(d);
    if (rc) return rc;
    if (d->nfaults > f0 && f0 < WQ_DRV_MAX_FAULTS)
        return d->faults[f0].is_trap ? WQ_E_TRAP : WQ_E_CHAN_ERROR;
    return WQ_OK;
}
