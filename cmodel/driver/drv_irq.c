/* drv_irq.c -- interrupt service (drv.h): channel errors, warp traps,
 * non-stall interrupts.  Everything goes through CSRs, so it works the same
 * on every backend.
 *
 * Deque bound traps are answered as DESIGN §6.2 says: the driver reads the
 * live entries through the debug window, plans the move with the model's own
 * wq_deque_recenter (so the array image is exactly the reference one),
 * writes back the entries that move, sets head/tail and resumes the warp. */
#include <stdlib.h>
#include "wq/drv.h"
#include "wq/deque.h"
#include "wq/model.h"

#define FIELD(v, reg, f) ((uint32_t)WQ_BITS(v, WQ_CSRF_##reg##_##f##_HI, WQ_CSRF_##reg##_##f##_LO))

static void log_fault(wq_drv_t *d, int is_trap, unsigned unit, unsigned code, uint32_t info)
{
    if (d->nfaults < WQ_DRV_MAX_FAULTS)
        d->faults[d->nfaults] = (wq_drv_fault_t){ is_trap, unit, code, info };
    d->nfaults++;
}

/* every open channel in ERROR that the driver has not latched yet */
static int chan_errors(wq_drv_t *d)
{
    for (unsigned c = 0; c < d->channels; c++) {
        wq_drv_chan_t *ch = &d->ch[c];
        if (!ch->open || ch->faulted) continue;
        uint32_t st, info;
        int rc = wq_drv_csr_read(d, wq_drv_chan_csr(c, WQ_CHCSR_STATUS), &st);
        if (rc) return rc;
        if (FIELD(st, STATUS, STATE) != WQ_CH_ERROR) continue;
        if ((rc = wq_drv_csr_read(d, wq_drv_chan_csr(c, WQ_CHCSR_ERR_INFO), &info))) return rc;
        ch->faulted = 1;
        ch->err_code = FIELD(st, STATUS, ERROR);
        ch->err_info = info;
        log_fault(d, 0, c, ch->err_code, info);
    }
    return WQ_OK;
}

static int dbg(wq_drv_t *d, uint32_t reg, uint32_t v) { return wq_drv_csr_write(d, reg, v); }

/* DBG_WARP already selects the slot; code is its trap, dq_log2 the size of
 * its deque (DBG_STATE.DQ_LOG2: each launch may ask for its own) */
static int recenter(wq_drv_t *d, unsigned s, unsigned code, unsigned dq_log2)
{
    uint32_t ht, pc;
    int rc;
    if (dq_log2 < 2 || dq_log2 > d->deque_log2) return WQ_E_DEPTH;
    uint32_t depth = 1u << dq_log2;
    if ((rc = wq_drv_csr_read(d, WQ_CSR_DBG_HEADTAIL, &ht)) ||
        (rc = wq_drv_csr_read(d, WQ_CSR_DBG_PC, &pc)))
        return rc;
    uint32_t head = FIELD(ht, DBG_HEADTAIL, HEAD), tail = FIELD(ht, DBG_HEADTAIL, TAIL);
    if (tail > head || head > depth) return WQ_E_DEPTH;
    uint32_t count = head - tail;
    /* one more push is the usual need; if the warp comes back to the same
     * instruction with the head/tail we left, it needs more: give it every
     * free entry (what wq_run does on the model) */
    uint32_t n = 1;
    if (d->rc_valid[s] && d->rc_pc[s] == pc && d->rc_ht[s] == ht) n = depth - count;
    wq_token_t *e = calloc(depth, sizeof *e);
    if (!e) return WQ_E_NOMEM;
    for (uint32_t i = tail; i < head && !rc; i++) {
        uint32_t lo = 0, hi = 0;
        if ((rc = dbg(d, WQ_CSR_DBG_INDEX, i)) ||
            (rc = dbg(d, WQ_CSR_DBG_CMD, WQ_DBGCMD_READ_ENTRY)) ||
            (rc = wq_drv_csr_read(d, WQ_CSR_DBG_LO, &lo)) ||
            (rc = wq_drv_csr_read(d, WQ_CSR_DBG_HI, &hi)))
            break;
        e[i] = (wq_token_t)hi << 32 | lo;
    }
    wq_deque_t dq = { e, depth, head, tail };
    if (!rc && wq_deque_recenter(&dq, code == WQ_TRAP_DEQUE_FRONT_BOUND, n)) rc = WQ_E_TRAP;
    if (!rc && dq.tail != tail) {
        for (uint32_t i = dq.tail; i < dq.head && !rc; i++) {
            if ((rc = dbg(d, WQ_CSR_DBG_INDEX, i)) ||
                (rc = dbg(d, WQ_CSR_DBG_LO, (uint32_t)e[i])) ||
                (rc = dbg(d, WQ_CSR_DBG_HI, (uint32_t)(e[i] >> 32))))
                break;
            rc = dbg(d, WQ_CSR_DBG_CMD, WQ_DBGCMD_WRITE_ENTRY);
        }
    }
    free(e);
    if (rc) return rc;
    uint32_t nht = (dq.head << WQ_CSRF_DBG_HEADTAIL_HEAD_LO) |
                   (dq.tail << WQ_CSRF_DBG_HEADTAIL_TAIL_LO);
    if ((rc = dbg(d, WQ_CSR_DBG_HEADTAIL, nht)) ||
        (rc = dbg(d, WQ_CSR_DBG_CMD, WQ_DBGCMD_SET_HEADTAIL)) ||
        (rc = dbg(d, WQ_CSR_DBG_CMD, WQ_DBGCMD_RESUME)))
        return rc;
    d->rc_valid[s] = 1;
    d->rc_pc[s] = pc;
    d->rc_ht[s] = nht;
    d->recenters++;
    d->resumes++;
    return WQ_OK;
}

static int warp_traps(wq_drv_t *d)
{
    for (unsigned s = 0; s < d->warps; s++) {
        uint32_t st, pc;
        int rc;
        if ((rc = dbg(d, WQ_CSR_DBG_WARP, s)) ||
            (rc = wq_drv_csr_read(d, WQ_CSR_DBG_STATE, &st)))
            return rc;
        if (FIELD(st, DBG_STATE, STATE) != WQ_WS_TRAP) {
            d->trap_reported[s] = 0;
            if (FIELD(st, DBG_STATE, STATE) == WQ_WS_FREE) d->rc_valid[s] = 0;
            continue;
        }
        unsigned code = FIELD(st, DBG_STATE, TRAP);
        if (wq_trap_recoverable(code)) {
            rc = recenter(d, s, code, FIELD(st, DBG_STATE, DQ_LOG2));
            if (rc == WQ_OK) continue;
            if (rc == WQ_E_DEV) return rc;
            /* truly full (or a nonsense size): a fatal trap in all but name */
        }
        if (d->trap_reported[s]) continue;
        if ((rc = wq_drv_csr_read(d, WQ_CSR_DBG_PC, &pc))) return rc;
        d->trap_reported[s] = 1;
        log_fault(d, 1, s, code, pc);
        if (d->opt.kill_fatal && !wq_trap_recoverable(code)) {
            if ((rc = dbg(d, WQ_CSR_DBG_CMD, WQ_DBGCMD_KILL))) return rc;
            d->kills++;
            d->trap_reported[s] = 0;
        }
    }
    return WQ_OK;
}

int wq_drv_service(wq_drv_t *d)
{
    if (!d || !d->dev) return WQ_E_ARG;
    uint32_t st;
    int rc = wq_drv_csr_read(d, WQ_CSR_IRQ_STATUS, &st);
    if (rc || !st) return rc;
    d->irqs++;
    /* clear first, then look: a cause that arrives while we look sets the
     * bit again and is seen next time, never lost */
    if ((rc = wq_drv_csr_write(d, WQ_CSR_IRQ_STATUS, st))) return rc;
    if (st & (1u << WQ_IRQ_CHAN_ERROR) && (rc = chan_errors(d))) return rc;
    if (st & (1u << WQ_IRQ_WARP_TRAP) && (rc = warp_traps(d))) return rc;
    if (st & (1u << WQ_IRQ_NON_STALL)) d->nonstall_irqs++;
    return WQ_OK;
}

/* kill a slot stopped on a fatal trap (the caller has read the fault) */
int wq_drv_kill(wq_drv_t *d, unsigned slot)
{
    if (!d || slot >= d->warps) return WQ_E_ARG;
    int rc = dbg(d, WQ_CSR_DBG_WARP, slot);
    if (rc || (rc = dbg(d, WQ_CSR_DBG_CMD, WQ_DBGCMD_KILL))) return rc;
    d->trap_reported[slot] = 0;
    d->kills++;
    return WQ_OK;
}
