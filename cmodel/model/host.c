/* host.c -- one channel of the host interface (DESIGN §5): reading GP
 * entries and pushbuffer segments, one host action per wq_step_channel().
 * Method execution is in host_methods.c, channel scheduling in
 * host_sched.c, the channel registers in csr_chan.c.
 *
 * Channel state lives in ch->state (csr.def CHSTATE).  A waiting channel
 * also remembers the wait in ch->wait_kind, so that disabling and
 * re-enabling it resumes the wait instead of losing the pending method. */
#include <string.h>
#include "model_int.h"
#include "dmem.h"
#include "wq/wrap.h"

void wq_host_emit(wq_ctx_t *ctx, unsigned kind, unsigned chan, unsigned aux,
                  uint32_t a, uint64_t b, uint64_t c)
{
    wq_trace_rec_t r;
    memset(&r, 0, sizeof r);
    r.kind = (uint8_t)kind;
    r.unit = (uint8_t)chan;
    r.aux  = (uint16_t)aux;
    r.mask = ctx->ch[chan].gp_get;   /* every host event carries GP_GET */
    r.a = a;
    r.b = b;
    r.c = c;
    wq_emit(ctx, &r);
}

void wq_chan_settle(wq_channel_t *ch)
{
    if (ch->state == WQ_CH_IDLE || ch->state == WQ_CH_RUNNABLE)
        ch->state = (ch->in_seg || ch->gp_get != ch->gp_put) ? WQ_CH_RUNNABLE
                                                             : WQ_CH_IDLE;
}

/* The first error sticks: a channel already in ERROR keeps its code and
 * info (e.g. a GP_PUT write after a decode error). */
void wq_chan_error(wq_ctx_t *ctx, unsigned chan, unsigned code, uint32_t info)
{
    wq_channel_t *ch = &ctx->ch[chan];
    if (ch->state == WQ_CH_ERROR)
        return;
    ch->state = WQ_CH_ERROR;
    ch->err = code;
    ch->err_info = info;
    ctx->irq_status |= 1u << WQ_IRQ_CHAN_ERROR;
    ctx->st.chan_errors++;
    wq_host_emit(ctx, WQ_EV_CHAN_ERROR, chan, 0, code, info, 0);
}

/* Everything but the ring configuration and the acquire policy. */
void wq_chan_reset(wq_ctx_t *ctx, unsigned chan)
{
    wq_channel_t *ch = &ctx->ch[chan];
    wq_channel_t keep = *ch;
    memset(ch, 0, sizeof *ch);
    ch->gp_base = keep.gp_base;
    ch->gp_log2 = keep.gp_log2;
    ch->acq_retry = keep.acq_retry;
    ch->acq_timeout = keep.acq_timeout;
    ch->methods = keep.methods;       /* a statistic, not channel state */
    ch->state = WQ_CH_DISABLED;
}

void wq_host_init(wq_ctx_t *ctx)
{
    for (unsigned c = 0; c < WQ_MAX_CHANNELS; c++) {
        memset(&ctx->ch[c], 0, sizeof ctx->ch[c]);
        ctx->ch[c].acq_retry = WQ_CSRVAL_ACQ_RETRY_DEFAULT;
        ctx->ch[c].acq_timeout = WQ_CSRVAL_ACQ_TIMEOUT_DEFAULT;
        ctx->ch[c].state = WQ_CH_DISABLED;
    }
    ctx->cur_ch = 0;
    ctx->host_slice = ctx->cfg.host_slice;
    ctx->slice_left = ctx->host_slice;
}

void wq_chan_seg_end(wq_ctx_t *ctx, unsigned chan)
{
    wq_channel_t *ch = &ctx->ch[chan];
    ch->in_seg = 0;
    ch->seg_rem = 0;
    ch->m_count = 0;
    ch->gp_get = wq_wrap_pow2((int64_t)ch->gp_get + 1, ch->gp_log2);
    wq_chan_settle(ch);
    wq_host_emit(ctx, WQ_EV_GP_GET, chan, 0, ch->gp_get, 0, 0);
}

/* After a method completed: the segment ends in the same step when its last
 * dword has been consumed (a pending wait keeps GP_GET on the entry). */
static int after_method(wq_ctx_t *ctx, unsigned chan, int r)
{
    wq_channel_t *ch = &ctx->ch[chan];
    if (r == WQ_STEP_DONE && ch->in_seg && ch->m_count == 0 && ch->seg_rem == 0)
        wq_chan_seg_end(ctx, chan);
    return r;
}

/* Not in a segment and the ring not empty: take the entry at GP_GET.
 * Returns WQ_STEP_DONE (control NOP consumed), WQ_STEP_ERROR, or -1 when a
 * segment has been started and the step goes on into it. */
static int take_entry(wq_ctx_t *ctx, unsigned chan)
{
    wq_channel_t *ch = &ctx->ch[chan];
    uint32_t ea = ch->gp_base + 8u * ch->gp_get;
    uint32_t w0 = wq_dm_read32(ctx, ea);
    uint32_t w1 = wq_dm_read32(ctx, ea + 4u);
    uint32_t len = (uint32_t)WQ_BITS(w1, WQ_GP_LENGTH_HI, WQ_GP_LENGTH_LO);

    /* ERR_INFO is the word that holds the offending bits */
    if (WQ_BITS(w0, WQ_GP_RSVD0_HI, WQ_GP_RSVD0_LO)) {
        wq_chan_error(ctx, chan, WQ_CHERR_BAD_GP_ENTRY, w0);
        return WQ_STEP_ERROR;
    }
    if (WQ_BITS(w1, WQ_GP_RSVD1_HI, WQ_GP_RSVD1_LO)) {
        wq_chan_error(ctx, chan, WQ_CHERR_BAD_GP_ENTRY, w1);
        return WQ_STEP_ERROR;
    }
    if (len == 0) {
        /* control entry: ADDR and SYNC are ignored */
        if (WQ_BITS(w1, WQ_GP_CTLOP_HI, WQ_GP_CTLOP_LO) != WQ_GPCTL_NOP) {
            wq_chan_error(ctx, chan, WQ_CHERR_BAD_GP_ENTRY, w1);
            return WQ_STEP_ERROR;
        }
        ch->gp_get = wq_wrap_pow2((int64_t)ch->gp_get + 1, ch->gp_log2);
        wq_chan_settle(ch);
        wq_host_emit(ctx, WQ_EV_GP_GET, chan, 0, ch->gp_get, 0, 0);
        return WQ_STEP_DONE;
    }
    /* SYNC needs nothing: the host finishes every segment before it reads
     * the next entry, so "the previous segment is processed" always holds. */
    ch->in_seg = 1;
    ch->seg_addr = (uint32_t)(WQ_BITS(w0, WQ_GP_ADDR_HI, WQ_GP_ADDR_LO) << WQ_GP_ADDR_LO);
    ch->seg_rem = len;
    ch->m_count = 0;
    return -1;
}

static uint32_t seg_read(wq_ctx_t *ctx, wq_channel_t *ch)
{
    uint32_t w = wq_dm_read32(ctx, ch->seg_addr);
    ch->seg_addr += 4u;
    ch->seg_rem--;
    return w;
}

/* Read headers (skipping NOP words) until a method has data or the segment
 * ends.  Returns -1 when ch->m_* describe a method with data left, else a
 * step result (the step is over). */
static int next_header(wq_ctx_t *ctx, unsigned chan)
{
    wq_channel_t *ch = &ctx->ch[chan];
    while (ch->seg_rem > 0) {
        uint32_t h = seg_read(ctx, ch);
        if (h == 0)
            continue;                                   /* NOP word */
        if (WQ_BITS(h, WQ_MH_RSVD_HI, WQ_MH_RSVD_LO)) {
            wq_chan_error(ctx, chan, WQ_CHERR_RESERVED_BITS, h);
            return WQ_STEP_ERROR;
        }
        uint32_t op    = (uint32_t)WQ_BITS(h, WQ_MH_SEC_OP_HI, WQ_MH_SEC_OP_LO);
        uint32_t addr  = (uint32_t)WQ_BITS(h, WQ_MH_ADDRESS_HI, WQ_MH_ADDRESS_LO);
        uint32_t count = (uint32_t)WQ_BITS(h, WQ_MH_COUNT_HI, WQ_MH_COUNT_LO);
        unsigned subch = (unsigned)WQ_BITS(h, WQ_MH_SUBCH_HI, WQ_MH_SUBCH_LO);
        switch (op) {
        case WQ_SECOP_INC:
        case WQ_SECOP_NONINC:
        case WQ_SECOP_ONE_INC:
            if (count > ch->seg_rem) {
                wq_chan_error(ctx, chan, WQ_CHERR_TRUNCATED, h);
                return WQ_STEP_ERROR;
            }
            if (count == 0)
                continue;
            ch->m_addr = addr;
            ch->m_count = count;
            ch->m_secop = op;
            ch->m_subch = subch;
            return -1;
        case WQ_SECOP_IMMD:
            return after_method(ctx, chan,
                                wq_host_method(ctx, chan, addr << 2, count, subch));
        case WQ_SECOP_END_SEG:
            wq_chan_seg_end(ctx, chan);
            return WQ_STEP_DONE;
        default:               /* NOP_GRP0 with a nonzero word, GRP2, RSVD6 */
            wq_chan_error(ctx, chan, WQ_CHERR_BAD_SEC_OP, h);
            return WQ_STEP_ERROR;
        }
    }
    wq_chan_seg_end(ctx, chan);           /* only NOPs up to the end */
    return WQ_STEP_DONE;
}

/* One data word of the method in progress. */
static int method_word(wq_ctx_t *ctx, unsigned chan)
{
    wq_channel_t *ch = &ctx->ch[chan];
    uint32_t data = seg_read(ctx, ch);
    uint32_t off = ch->m_addr << 2;
    uint32_t amask = (uint32_t)WQ_FMASK(WQ_MH_ADDRESS_HI, WQ_MH_ADDRESS_LO);

    ch->m_count--;
    if (ch->m_secop == WQ_SECOP_INC) {
        ch->m_addr = (ch->m_addr + 1) & amask;      /* wraps in the field */
    } else if (ch->m_secop == WQ_SECOP_ONE_INC) {
        ch->m_addr = (ch->m_addr + 1) & amask;
        ch->m_secop = WQ_SECOP_NONINC;              /* the rest stay put */
    }
    return after_method(ctx, chan, wq_host_method(ctx, chan, off, data, ch->m_subch));
}

int wq_step_channel(wq_ctx_t *ctx, unsigned chan)
{
    if (chan >= ctx->cfg.channels)
        return WQ_STEP_IDLE;
    wq_channel_t *ch = &ctx->ch[chan];

    switch (ch->state) {
    case WQ_CH_DISABLED:
    case WQ_CH_ERROR:
        return WQ_STEP_IDLE;
    case WQ_CH_ACQ_WAIT:
    case WQ_CH_WFI_WAIT:
    case WQ_CH_LAUNCH_WAIT:
        return after_method(ctx, chan, wq_host_wait_step(ctx, chan));
    default:
        break;
    }
    if (!ch->in_seg) {
        if (ch->gp_get == ch->gp_put) {
            ch->state = WQ_CH_IDLE;
            return WQ_STEP_IDLE;
        }
        ch->state = WQ_CH_RUNNABLE;
        int r = take_entry(ctx, chan);
        if (r >= 0)
            return r;
    }
    if (ch->m_count == 0) {
        int r = next_header(ctx, chan);
        if (r >= 0)
            return r;
    }
    return method_word(ctx, chan);
}
