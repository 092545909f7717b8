/* csr_chan.c -- per-channel registers (spec/csr.def CHCSR) at
 * CHAN_BASE + chan * CHAN_STRIDE + reg: ring configuration, the GP_PUT
 * doorbell, enable/reset, status and the acquire policy.
 * The ring configuration is frozen while the channel is enabled, so an
 * enabled channel always has the configuration that passed the enable
 * check.  A channel in ERROR ignores doorbells and enable changes until
 * it is reset (CTRL.RESET). */
#include "model_int.h"

#define CTRL_BIT(name) ((uint32_t)WQ_FMASK(WQ_CSRF_CTRL_##name##_HI, WQ_CSRF_CTRL_##name##_LO))

static uint32_t status_word(const wq_channel_t *ch)
{
    return (uint32_t)(((uint64_t)ch->state << WQ_CSRF_STATUS_STATE_LO) &
                      WQ_FMASK(WQ_CSRF_STATUS_STATE_HI, WQ_CSRF_STATUS_STATE_LO)) |
           (uint32_t)(((uint64_t)ch->err << WQ_CSRF_STATUS_ERROR_LO) &
                      WQ_FMASK(WQ_CSRF_STATUS_ERROR_HI, WQ_CSRF_STATUS_ERROR_LO));
}

int wq_chan_csr_read(wq_ctx_t *ctx, unsigned chan, uint32_t reg, uint32_t *val)
{
    if (chan >= ctx->cfg.channels)
        return -1;
    const wq_channel_t *ch = &ctx->ch[chan];
    switch (reg) {
    case WQ_CHCSR_GPFIFO_BASE: *val = ch->gp_base; break;
    case WQ_CHCSR_GPFIFO_LOG2: *val = ch->gp_log2; break;
    case WQ_CHCSR_GP_GET:      *val = ch->gp_get; break;
    case WQ_CHCSR_GP_PUT:      *val = ch->gp_put; break;
    case WQ_CHCSR_CTRL:        *val = ch->ctrl & CTRL_BIT(ENABLE); break;
    case WQ_CHCSR_STATUS:      *val = status_word(ch); break;
    case WQ_CHCSR_REF:         *val = ch->ref; break;
    case WQ_CHCSR_ACQ_RETRY:   *val = ch->acq_retry; break;
    case WQ_CHCSR_ACQ_TIMEOUT: *val = ch->acq_timeout; break;
    case WQ_CHCSR_ERR_INFO:    *val = ch->err_info; break;
    default:
        return -1;
    }
    return 0;
}

static void doorbell(wq_ctx_t *ctx, unsigned chan, uint32_t put)
{
    wq_channel_t *ch = &ctx->ch[chan];
    if (ch->state == WQ_CH_ERROR)
        return;
    /* a LOG2 too large for 32 bits accepts any value; enabling such a
     * channel fails with BAD_CONFIG anyway */
    if (ch->gp_log2 < 32 && put >= (1u << ch->gp_log2)) {
        wq_chan_error(ctx, chan, WQ_CHERR_GP_PUT_RANGE, put);
        return;
    }
    ch->gp_put = put;
    wq_chan_settle(ch);
}

static void enable(wq_ctx_t *ctx, unsigned chan)
{
    wq_channel_t *ch = &ctx->ch[chan];
    ch->ctrl |= CTRL_BIT(ENABLE);
    if (ch->gp_base & 7u) {
        wq_chan_error(ctx, chan, WQ_CHERR_BAD_CONFIG, ch->gp_base);
        return;
    }
    if (ch->gp_log2 < WQ_CSRVAL_GPFIFO_LOG2_MIN || ch->gp_log2 > WQ_CSRVAL_GPFIFO_LOG2_MAX) {
        wq_chan_error(ctx, chan, WQ_CHERR_BAD_CONFIG, ch->gp_log2);
        return;
    }
    /* a wait interrupted by disabling resumes */
    ch->state = ch->wait_kind ? ch->wait_kind : WQ_CH_RUNNABLE;
    wq_chan_settle(ch);
}

static void ctrl_write(wq_ctx_t *ctx, unsigned chan, uint32_t val)
{
    wq_channel_t *ch = &ctx->ch[chan];
    if (val & CTRL_BIT(RESET))               /* reset first, then enable */
        wq_chan_reset(ctx, chan);
    if (ch->state == WQ_CH_ERROR)
        return;
    int was = (ch->ctrl & CTRL_BIT(ENABLE)) != 0;
    int now = (val & CTRL_BIT(ENABLE)) != 0;
    if (now && !was) {
        enable(ctx, chan);
    } else if (!now && was) {
        ch->ctrl &= ~CTRL_BIT(ENABLE);
        ch->state = WQ_CH_DISABLED;          /* position and wait are kept */
    }
}

int wq_chan_csr_write(wq_ctx_t *ctx, unsigned chan, uint32_t reg, uint32_t val)
{
    if (chan >= ctx->cfg.channels)
        return -1;
    wq_channel_t *ch = &ctx->ch[chan];
    int frozen = (ch->ctrl & CTRL_BIT(ENABLE)) != 0;
    switch (reg) {
    case WQ_CHCSR_GPFIFO_BASE: if (!frozen) ch->gp_base = val; break;
    case WQ_CHCSR_GPFIFO_LOG2: if (!frozen) ch->gp_log2 = val; break;
    case WQ_CHCSR_GP_PUT:      doorbell(ctx, chan, val); break;
    case WQ_CHCSR_CTRL:        ctrl_write(ctx, chan, val); break;
    case WQ_CHCSR_ACQ_RETRY:   ch->acq_retry = val; break;
    case WQ_CHCSR_ACQ_TIMEOUT: ch->acq_timeout = val; break;
    case WQ_CHCSR_GP_GET: case WQ_CHCSR_STATUS: case WQ_CHCSR_REF:
    case WQ_CHCSR_ERR_INFO:
        break;                               /* read-only */
    default:
        return -1;
    }
    return 0;
}
