/* csr.c -- the CSR slave (DESIGN §4, spec/csr.def): global registers, the
 * debug window into warp deques, performance counters.  Per-channel
 * registers are in csr_chan.c.  Unmapped or unaligned offsets return -1 and
 * change nothing; writes to read-only registers are accepted and ignored. */
#include "model_int.h"

#define FIELD(v, reg, name) \
    (((uint32_t)(v) & (uint32_t)WQ_FMASK(WQ_CSRF_##reg##_##name##_HI, WQ_CSRF_##reg##_##name##_LO) \
      >> WQ_CSRF_##reg##_##name##_LO) << WQ_CSRF_##reg##_##name##_LO)
#define GET(v, reg, name) \
    ((uint32_t)WQ_BITS(v, WQ_CSRF_##reg##_##name##_HI, WQ_CSRF_##reg##_##name##_LO))

/* the IRQ bits that exist (IRQ_ENABLE stores only these) */
static const uint32_t irq_bits = 0
#define IRQ(n, b) | (1u << (b))
#include "../spec/csr.def"
#undef IRQ
    ;

static uint32_t config_word(const wq_config_t *c)
{
    return FIELD(c->channels, CONFIG, CHANNELS) | FIELD(c->warps, CONFIG, WARPS) |
           FIELD(c->lanes, CONFIG, LANES) | FIELD(c->deque_log2, CONFIG, DEQUE_LOG2) |
           FIELD(c->regs, CONFIG, REGS);
}

/* the deque the debug window points at, or NULL (no such warp / no RAM) */
static wq_deque_t *dbg_deque(wq_ctx_t *ctx)
{
    if (ctx->dbg_warp >= ctx->cfg.warps)
        return NULL;
    wq_deque_t *dq = &ctx->warp[ctx->dbg_warp].dq;
    return dq->e && dq->depth ? dq : NULL;
}

static void dbg_cmd(wq_ctx_t *ctx, uint32_t cmd)
{
    wq_deque_t *dq = dbg_deque(ctx);
    switch (cmd) {
    case WQ_DBGCMD_READ_ENTRY:
        if (dq) {
            wq_token_t t = dq->e[ctx->dbg_index & (dq->depth - 1)];
            ctx->dbg_lo = (uint32_t)t;
            ctx->dbg_hi = (uint32_t)(t >> 32);
        }
        break;
    case WQ_DBGCMD_WRITE_ENTRY:
        if (dq)
            dq->e[ctx->dbg_index & (dq->depth - 1)] =
                ((uint64_t)ctx->dbg_hi << 32) | ctx->dbg_lo;
        break;
    case WQ_DBGCMD_SET_HEADTAIL: {
        uint32_t head = GET(ctx->dbg_headtail, DBG_HEADTAIL, HEAD);
        uint32_t tail = GET(ctx->dbg_headtail, DBG_HEADTAIL, TAIL);
        if (dq && tail <= head && head <= dq->depth) {  /* else ignored */
            dq->head = head;
            dq->tail = tail;
        }
        break;
    }
    case WQ_DBGCMD_RESUME:
        wq_warp_resume(ctx, ctx->dbg_warp);
        break;
    case WQ_DBGCMD_KILL:
        wq_warp_kill(ctx, ctx->dbg_warp);
        break;
    default:
        break;                /* unknown commands do nothing */
    }
}

int wq_csr_read(wq_ctx_t *ctx, uint32_t off, uint32_t *val)
{
    if (off & 3u)
        return -1;
    if (off >= WQ_CSRVAL_CHAN_BASE) {
        uint32_t rel = off - WQ_CSRVAL_CHAN_BASE;
        return wq_chan_csr_read(ctx, rel / WQ_CSRVAL_CHAN_STRIDE,
                                rel % WQ_CSRVAL_CHAN_STRIDE, val);
    }
    switch (off) {
    case WQ_CSR_ID:           *val = WQ_CSRVAL_ID_VALUE; break;
    case WQ_CSR_CONFIG:       *val = config_word(&ctx->cfg); break;
    case WQ_CSR_FEATURES:     *val = FIELD(ctx->cfg.fp, FEATURES, FP); break;
    case WQ_CSR_IRQ_STATUS:   *val = ctx->irq_status; break;
    case WQ_CSR_IRQ_ENABLE:   *val = ctx->irq_enable; break;
    case WQ_CSR_TRAP_WARP:    *val = ctx->trap_warp; break;
    case WQ_CSR_TRAP_CODE:    *val = ctx->trap_code; break;
    case WQ_CSR_TRAP_PC:      *val = ctx->trap_pc; break;
    case WQ_CSR_HOST_SLICE:   *val = ctx->host_slice; break;
    case WQ_CSR_DBG_WARP:     *val = ctx->dbg_warp; break;
    case WQ_CSR_DBG_INDEX:    *val = ctx->dbg_index; break;
    case WQ_CSR_DBG_LO:       *val = ctx->dbg_lo; break;
    case WQ_CSR_DBG_HI:       *val = ctx->dbg_hi; break;
    case WQ_CSR_DBG_CMD:      *val = 0; break;              /* write-only */
    case WQ_CSR_DBG_HEADTAIL: {
        wq_deque_t *dq = dbg_deque(ctx);
        *val = dq ? FIELD(dq->head, DBG_HEADTAIL, HEAD) | FIELD(dq->tail, DBG_HEADTAIL, TAIL)
                  : 0;
        break;
    }
    case WQ_CSR_DBG_PC:
        *val = ctx->dbg_warp < ctx->cfg.warps ? ctx->warp[ctx->dbg_warp].pc : 0;
        break;
    case WQ_CSR_DBG_ACTIVE:
        *val = ctx->dbg_warp < ctx->cfg.warps ? ctx->warp[ctx->dbg_warp].active : 0;
        break;
    case WQ_CSR_DBG_STATE: {
        /* the deque size too: launches may ask for different sizes, and a
         * driver re-centring a trapped warp must know this one's */
        const wq_warp_t *w = ctx->dbg_warp < ctx->cfg.warps ? &ctx->warp[ctx->dbg_warp] : NULL;
        uint32_t l2 = 0;
        if (w && w->state != WQ_WS_FREE)
            while ((1u << l2) < w->dq.depth) l2++;
        *val = w ? FIELD(w->state, DBG_STATE, STATE) | FIELD(w->trap, DBG_STATE, TRAP) |
                       FIELD(l2, DBG_STATE, DQ_LOG2)
                 : 0;
        break;
    }
    case WQ_CSR_PERF_CYCLES:  *val = (uint32_t)ctx->st.ticks; break;
    case WQ_CSR_PERF_INSTR:   *val = (uint32_t)ctx->st.warp_instrs; break;
    case WQ_CSR_PERF_METHODS: *val = (uint32_t)ctx->st.methods; break;
    case WQ_CSR_WAVE_CTL:     *val = ctx->wave_ctl; break;
    case WQ_CSR_WAVE_WINDOW:  *val = ctx->wave_window; break;
    case WQ_CSR_WAVE_THRESH:  *val = ctx->wave_thresh; break;
    default:
        return -1;
    }
    return 0;
}

int wq_csr_write(wq_ctx_t *ctx, uint32_t off, uint32_t val)
{
    if (off & 3u)
        return -1;
    if (off >= WQ_CSRVAL_CHAN_BASE) {
        uint32_t rel = off - WQ_CSRVAL_CHAN_BASE;
        return wq_chan_csr_write(ctx, rel / WQ_CSRVAL_CHAN_STRIDE,
                                 rel % WQ_CSRVAL_CHAN_STRIDE, val);
    }
    switch (off) {
    case WQ_CSR_IRQ_STATUS:   ctx->irq_status &= ~val; break;
    case WQ_CSR_IRQ_ENABLE:   ctx->irq_enable = val & irq_bits; break;
    case WQ_CSR_HOST_SLICE:   /* takes effect at once: a fresh slice */
        ctx->host_slice = val;
        ctx->slice_left = val;
        break;
    case WQ_CSR_DBG_WARP:     ctx->dbg_warp = val; break;
    case WQ_CSR_DBG_INDEX:    ctx->dbg_index = val; break;
    case WQ_CSR_DBG_LO:       ctx->dbg_lo = val; break;
    case WQ_CSR_DBG_HI:       ctx->dbg_hi = val; break;
    case WQ_CSR_DBG_HEADTAIL: ctx->dbg_headtail = val; break;
    case WQ_CSR_DBG_CMD:      dbg_cmd(ctx, val); break;
    /* the wave CSRs store their fields; the window and threshold are the
     * RTL control unit's (the model has no cache to measure) */
    case WQ_CSR_WAVE_CTL:     ctx->wave_ctl = val & WQ_FMASK(WQ_CSRF_WAVE_CTL_MODE_HI, WQ_CSRF_WAVE_CTL_MODE_LO); break;
    case WQ_CSR_WAVE_WINDOW:  ctx->wave_window = val & WQ_FMASK(WQ_CSRF_WAVE_WINDOW_N_HI, WQ_CSRF_WAVE_WINDOW_N_LO); break;
    case WQ_CSR_WAVE_THRESH:  ctx->wave_thresh = val & WQ_FMASK(WQ_CSRF_WAVE_THRESH_N_HI, WQ_CSRF_WAVE_THRESH_N_LO); break;
    case WQ_CSR_ID: case WQ_CSR_CONFIG: case WQ_CSR_FEATURES: case WQ_CSR_TRAP_WARP: case WQ_CSR_TRAP_CODE:
    case WQ_CSR_TRAP_PC: case WQ_CSR_PERF_CYCLES: case WQ_CSR_PERF_INSTR:
    case WQ_CSR_PERF_METHODS:
        break;                /* read-only */
    default:
        return -1;
    }
    return 0;
}
