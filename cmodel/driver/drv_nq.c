/* drv_nq.c -- nested work queues, driver side (nq.h, DESIGN §5.1). */
#include <string.h>
#include "wq/nq.h"
#include "wq/encode.h"
#include "wq/wrap.h"

_Static_assert(WQ_NQ_SLOT_DESC + 4 * WQ_LD_WORDS <= (1 << WQ_NQ_SLOT_LOG2), "slot too small");
_Static_assert(WQ_QD_FIN_TPL + 4 * WQ_NQ_FIN_WORDS <= WQ_QD_BYTES, "QD too small");
_Static_assert(WQ_NQ_SLOT_PARAMS + 4 * WQ_NQ_PARAM_WORDS <= WQ_NQ_SLOT_DESC, "params overlap the descriptor");
_Static_assert(WQ_NQ_PARAM_DEPTH >= WQ_NQ_PARAM_ARG0 + 12, "depth overlaps the arguments");

#define NOSUCH 0xFFFFFFFFu

static uint32_t sem_exec(unsigned op, int sw)
{
    wq_sem_exec_t e = { .op = op, .acquire_switch = sw ? 1u : 0u };
    return wq_sem_encode(&e);
}

static int wr1(wq_drv_t *d, uint32_t a, uint32_t v) { return wq_drv_write(d, a, &v, 1); }

int wq_nq_create(wq_drv_t *d, unsigned log2, unsigned nkern, const wq_nq_opts_t *opts,
                 wq_nq_t *q)
{
    if (!d || !q) return WQ_E_ARG;
    if (log2 < 2 || log2 > WQ_CSRVAL_GPFIFO_LOG2_MAX) return WQ_E_SIZE;
    if (nkern < 1 || nkern > WQ_NQ_MAX_KERNELS) return WQ_E_SIZE;
    uint32_t n = 1u << log2;
    /* everything the arena must hold, checked before anything is taken, so
     * a queue that does not fit leaves the driver as it was */
    uint64_t need = (8ull << log2) + ((uint64_t)n << WQ_NQ_SLOT_LOG2) + 4ull * n +
                    WQ_QD_BYTES + 128ull * nkern + 4ull * nkern + 64 + 4096;
    if ((uint64_t)d->arena_cur + need - 1 > d->arena_end) return WQ_E_NOMEM;
    unsigned c;
    int rc = wq_drv_chan_open(d, log2, &c);
    if (rc) return rc;
    memset(q, 0, sizeof *q);
    q->chan = c;
    q->log2 = log2;
    q->n = n;
    q->ring = d->ch[c].ring;
    q->slots = d->ch[c].slots;
    q->nkern = nkern;
    d->ch[c].owned_by_queue = 1;
    uint32_t xy;
    if ((rc = wq_drv_alloc(d, 4 * n, 16, &q->sems)) ||
        (rc = wq_drv_alloc(d, WQ_QD_BYTES, 128, &q->qd)) ||
        (rc = wq_drv_alloc(d, 64 * nkern, 64, &q->ktab)) ||
        (rc = wq_drv_alloc(d, 4 * nkern, 16, &q->kcta)) ||
        (rc = wq_drv_alloc(d, 64 * nkern, 64, &q->kpar)) ||
        (rc = wq_drv_alloc(d, 16, 16, &xy)))
        return rc;
    q->x = xy;
    q->y = xy + 8;
    /* zeroed: generation 0 never passes an acquire (sessions count from 1) */
    static const uint32_t zero[64];
    for (uint32_t i = 0; i < n && !rc; i += 64)
        rc = wq_drv_write(d, q->sems + 4 * i, zero, n - i < 64 ? n - i : 64);
    for (uint32_t k = 0; k < nkern && !rc; k++) rc = wq_drv_write(d, q->kpar + 64 * k, zero, 16);
    if (rc || (rc = wq_drv_write(d, xy, zero, 4))) return rc;
    uint32_t qd[WQ_QD_FIN_TPL / 4] = {0};
    qd[WQ_QD_MASK / 4] = n - 1;
    qd[WQ_QD_RING / 4] = q->ring;
    qd[WQ_QD_SEMS / 4] = q->sems;
    qd[WQ_QD_SLOTS / 4] = q->slots;
    qd[WQ_QD_KTAB / 4] = q->ktab;
    qd[WQ_QD_KCTA / 4] = q->kcta;
    qd[WQ_QD_KPAR / 4] = q->kpar;
    qd[WQ_QD_MAX_WG / 4] = 32u * d->warps < WQ_LDLIMIT_CTA_THREADS ? 32u * d->warps
                                                              : WQ_LDLIMIT_CTA_THREADS;
    qd[WQ_QD_HDR_LAUNCH / 4] = wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_LAUNCH_DESC, 2);
    qd[WQ_QD_HDR_SEM / 4] = wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SEM_ADDR_LO, 5);
    qd[WQ_QD_SEM_ACQ / 4] = sem_exec(WQ_SEMOP_ACQUIRE, 1);
    qd[WQ_QD_GPW1_LAUNCH / 4] = wq_gp_word1(WQ_NQ_LAUNCH_LEN, 0, WQ_GPCTL_NOP);
    qd[WQ_QD_GPW1_SEM / 4] = wq_gp_word1(WQ_NQ_SEM_LEN, 0, WQ_GPCTL_NOP);
    qd[WQ_QD_GPW1_FIN / 4] = wq_gp_word1(WQ_NQ_FIN_LEN, 0, WQ_GPCTL_NOP);
    qd[WQ_QD_CHAIN_END / 4] = NOSUCH;
    qd[WQ_QD_FIN_AT / 4] = NOSUCH;
    if ((rc = wq_drv_write(d, q->qd, qd, WQ_QD_FIN_TPL / 4))) return rc;
    uint32_t retry = opts && opts->ppu_retry ? opts->ppu_retry : 4;
    /* the PPU channel waits between sessions for as long as it takes */
    return wq_drv_chan_set_acquire(d, c, retry, NOSUCH);
}

int wq_nq_kernel(wq_drv_t *d, wq_nq_t *q, unsigned k, const uint32_t desc[16])
{
    if (!d || !q || !desc) return WQ_E_ARG;
    if (k >= q->nkern) return WQ_E_SIZE;
    int rc = wq_drv_desc_check(d, desc);
    if (rc) return rc;
    uint32_t ncta = desc[WQ_LD_GRID_X] * desc[WQ_LD_GRID_Y] * desc[WQ_LD_GRID_Z];
    if ((rc = wq_drv_write(d, q->ktab + 64 * k, desc, WQ_LD_WORDS)) ||
        (rc = wr1(d, q->kcta + 4 * k, ncta)))
        return rc;
    return WQ_OK;
}

int wq_nq_kernel_params(wq_drv_t *d, wq_nq_t *q, unsigned k,
                        const uint32_t hdr[WQ_NQ_PARAM_HDR_WORDS])
{
    if (!d || !q || !hdr) return WQ_E_ARG;
    if (k >= q->nkern) return WQ_E_SIZE;
    return wq_drv_write(d, q->kpar + 64 * k + 4, hdr + 1, WQ_NQ_PARAM_HDR_WORDS - 1);
}

/* the block of entry G: wait for the CPU channel (X) and, in case the
 * parent allocated nothing, for the first allocation (sem[G]) */
static void acq(uint32_t *w, uint32_t addr, uint32_t payload)
{
    w[0] = wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SEM_ADDR_LO, 5);
    w[1] = addr; w[2] = 0; w[3] = payload; w[4] = 0;
    w[5] = sem_exec(WQ_SEMOP_ACQUIRE, 1);
}

int wq_nq_begin(wq_drv_t *d, wq_nq_t *q, unsigned cpu_chan, uint32_t da, uint32_t ncta,
                wq_cb_t *cb)
{
    if (!d || !q || !cb) return WQ_E_ARG;
    if (q->active) return WQ_E_STATE;
    if (cpu_chan >= d->channels || !d->ch[cpu_chan].open || cpu_chan == q->chan)
        return WQ_E_CHAN;
    if (d->ch[cpu_chan].owned_by_queue) return WQ_E_STATE;
    uint32_t g;   /* where this session starts: the current GP_GET */
    int rc = wq_drv_csr_read(d, wq_drv_chan_csr(q->chan, WQ_CHCSR_GP_GET), &g);
    if (rc) return rc;
    if (q->gen && (q->last.fin_at == NOSUCH || (q->last.fin_at & (q->n - 1)) != g))
        return WQ_E_STATE;  /* the previous session did not finish where it should */
    uint32_t gen = q->gen + 1;
    wq_cb_launch(cb, da);
    wq_cb_wfi(cb);
    wq_cb_release(cb, q->x, gen);
    wq_cb_acquire(cb, q->y, gen, 1);
    if (cb->err) return cb->err;
    /* QD for this session */
    uint32_t G = g, n = q->n;
    uint32_t s[] = { G + 1, G + n - 1, G + n - 2, gen };
    uint32_t live[7] = { ncta, NOSUCH, 0, 0, 0, NOSUCH, 0 };  /* PENDING..FINS */
    uint32_t fin[WQ_NQ_FIN_WORDS] = {0};
    fin[0] = wq_mh_encode(WQ_SECOP_IMMD, 0, WQ_M_WFI, 0);
    fin[1] = wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SEM_ADDR_LO, 5);
    fin[2] = q->y; fin[4] = gen; fin[6] = sem_exec(WQ_SEMOP_RELEASE, 0);
    acq(&fin[7], q->x, gen + 1);
    acq(&fin[13], 0 /* &sem[f]: the finishing thread fills it in */, gen + 1);
    if ((rc = wq_drv_write(d, q->qd + WQ_QD_SOFT, s, 4)) ||
        (rc = wq_drv_write(d, q->qd + WQ_QD_PENDING, live, 7)) ||
        (rc = wq_drv_write(d, q->qd + WQ_QD_FIN_TPL, fin, WQ_NQ_FIN_WORDS)))
        return rc;
    if (q->gen == 0) {
        /* first session: entry G is written here; later ones start in the
         * previous session's finish block, which already holds it */
        uint32_t blk[12], e[2];
        acq(blk, q->x, gen);
        acq(blk + 6, q->sems + 4 * G, gen);
        uint32_t slot = q->slots + (G << WQ_NQ_SLOT_LOG2);
        e[0] = wq_gp_word0(slot);
        e[1] = wq_gp_word1(12, 0, WQ_GPCTL_NOP);
        if ((rc = wq_drv_write(d, slot, blk, 12)) ||
            (rc = wq_drv_write(d, q->ring + 8 * G, e, 2)))
            return rc;
    }
    /* threads own everything from G+1 up to the entry before GP_PUT */
    uint32_t put = wq_wrap_pow2((int64_t)G - 1, q->log2);
    if ((rc = wq_drv_csr_write(d, wq_drv_chan_csr(q->chan, WQ_CHCSR_GP_PUT), put))) return rc;
    d->ch[q->chan].put = put;
    q->gen = gen;
    q->active = 1;
    q->cpu_chan = cpu_chan;
    q->t0 = wq_drv_now(d);
    memset(&q->last, 0, sizeof q->last);
    q->last.first_entry = G;
    q->last.fin_at = NOSUCH;
    return WQ_OK;
}

int wq_nq_session(wq_drv_t *d, wq_nq_t *q, unsigned cpu_chan, const uint32_t parent[16],
                  const uint32_t args[3])
{
    if (!d || !q || !parent) return WQ_E_ARG;
    if (q->active) return WQ_E_STATE;
    int rc = wq_drv_desc_check(d, parent);
    if (rc) return rc;
    /* descriptor + params: [qd, 0 (header), args, depth 0] */
    uint32_t desc[WQ_LD_WORDS], pa, da;
    uint32_t pw[WQ_NQ_PARAM_WORDS] = { q->qd };
    for (int i = 0; i < 3; i++) pw[WQ_NQ_PARAM_ARG0 / 4 + i] = args ? args[i] : 0;
    if ((rc = wq_drv_params(d, pw, WQ_NQ_PARAM_WORDS, &pa))) return rc;
    memcpy(desc, parent, sizeof desc);
    desc[WQ_LD_PARAM] = pa;
    if ((rc = wq_drv_desc_write(d, desc, &da))) return rc;
    uint32_t cbw[32];
    wq_cb_t cb;
    wq_cb_init(&cb, cbw, 32);
    uint32_t ncta = parent[WQ_LD_GRID_X] * parent[WQ_LD_GRID_Y] * parent[WQ_LD_GRID_Z];
    if ((rc = wq_nq_begin(d, q, cpu_chan, da, ncta, &cb))) return rc;
    if ((rc = wq_drv_submit(d, cpu_chan, &cb))) { q->active = 0; q->gen--; return rc; }
    return WQ_OK;
}

int wq_nq_end(wq_drv_t *d, wq_nq_t *q, wq_nq_stats_t *st)
{
    if (!d || !q) return WQ_E_ARG;
    if (!q->active) return WQ_E_STATE;
    q->active = 0;
    uint32_t v[7];
    int rc = wq_drv_read(d, q->qd + WQ_QD_PENDING, v, 7);
    if (rc) return rc;
    q->last.fails = v[2];
    q->last.enqs = v[3];
    q->last.maxdepth = v[4];
    q->last.fin_at = v[5];
    q->last.fins = v[6];
    q->last.cycles = wq_drv_now(d) - q->t0;
    if (st) *st = q->last;
    if (q->last.fins != 1) return WQ_E_STATE;
    return q->last.fails ? WQ_E_QUEUE_FULL : WQ_OK;
}

int wq_nq_wait(wq_drv_t *d, wq_nq_t *q, uint64_t timeout, wq_nq_stats_t *st)
{
    if (!d || !q) return WQ_E_ARG;
    if (!q->active) return WQ_E_STATE;
    int rc = wq_drv_wait_word(d, q->y, q->gen, (int)q->cpu_chan, timeout);
    if (rc == WQ_OK) rc = wq_drv_wait_chan(d, q->cpu_chan, timeout);
    if (rc) return rc;   /* still active: the caller decides (reset, report) */
    return wq_nq_end(d, q, st);
}
