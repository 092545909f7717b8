/* host_sched.c -- which channel the host interface serves (DESIGN §5).
 * The host runs one channel at a time.  Each tick it takes one action on
 * the current channel, then decides whether to move on, round-robin, to the
 * next channel that has work.  Reasons are spec/switch.def codes. */
#include "model_int.h"

static int waiting(unsigned state)
{
    return state == WQ_CH_ACQ_WAIT || state == WQ_CH_WFI_WAIT ||
           state == WQ_CH_LAUNCH_WAIT;
}

int wq_chan_has_work(const wq_ctx_t *ctx, unsigned chan)
{
    if (chan >= ctx->cfg.channels)
        return 0;
    const wq_channel_t *ch = &ctx->ch[chan];
    if (ch->state == WQ_CH_DISABLED || ch->state == WQ_CH_ERROR)
        return 0;
    return ch->gp_get != ch->gp_put || ch->in_seg || waiting(ch->state);
}

/* next channel after `from` with work, or -1 */
static int next_with_work(const wq_ctx_t *ctx, unsigned from)
{
    unsigned n = ctx->cfg.channels;
    for (unsigned i = 1; i < n; i++) {
        unsigned c = (from + i) % n;
        if (wq_chan_has_work(ctx, c))
            return (int)c;
    }
    return -1;
}

static void switch_to(wq_ctx_t *ctx, unsigned to, unsigned reason)
{
    unsigned from = ctx->cur_ch;
    wq_host_emit(ctx, WQ_EV_CHAN_SWITCH, from, reason, to, 0, 0);
    ctx->cur_ch = to;
    ctx->slice_left = ctx->host_slice;
    ctx->st.channel_switches++;
}

/* why the host should leave the current channel after a step, or -1 */
static int leave_reason(const wq_ctx_t *ctx, unsigned chan, int r)
{
    const wq_channel_t *ch = &ctx->ch[chan];
    if (r == WQ_STEP_ERROR)
        return WQ_SW_ERROR;
    if (ch->state == WQ_CH_ACQ_WAIT) {
        wq_sem_exec_t s;
        wq_sem_decode(ch->wait_data, &s);
        return s.acquire_switch ? WQ_SW_ACQUIRE : -1;
    }
    if (ch->state == WQ_CH_WFI_WAIT || ch->state == WQ_CH_LAUNCH_WAIT)
        return WQ_SW_WAIT;
    if (ch->yielded)
        return WQ_SW_YIELD;
    if (!wq_chan_has_work(ctx, chan))
        return WQ_SW_EMPTY;
    if (ctx->host_slice != 0 && ctx->slice_left == 0)
        return WQ_SW_SLICE;
    return -1;
}

/* Switch on entry: when the current channel has no work (it ran dry, was
 * disabled or reset), move on to the next channel with work.  Returns the
 * channel to serve now, or -1 when no channel has work. */
int wq_host_pick(wq_ctx_t *ctx)
{
    unsigned cur = ctx->cur_ch;
    if (cur >= ctx->cfg.channels)
        cur = ctx->cur_ch = 0;
    if (!wq_chan_has_work(ctx, cur)) {
        int nx = next_with_work(ctx, cur);
        if (nx < 0)
            return -1;
        switch_to(ctx, (unsigned)nx, WQ_SW_EMPTY);
        cur = (unsigned)nx;
    }
    return (int)cur;
}

/* a failed acquire is retried once per ACQ_RETRY ticks; every other
 * channel state can be served at once */
int wq_host_due(const wq_ctx_t *ctx, unsigned chan)
{
    const wq_channel_t *ch = &ctx->ch[chan];
    return !(ch->state == WQ_CH_ACQ_WAIT && ctx->st.ticks - ch->acq_last < ch->acq_retry);
}

/* After one step of `chan` that returned r: count the slice, and leave the
 * channel (round-robin) when there is a reason to. */
void wq_host_after_step(wq_ctx_t *ctx, unsigned chan, int r)
{
    wq_channel_t *ch = &ctx->ch[chan];
    if (r == WQ_STEP_DONE && ctx->slice_left > 0)
        ctx->slice_left--;

    int why = leave_reason(ctx, chan, r);
    ch->yielded = 0;
    if (why >= 0) {
        int nx = next_with_work(ctx, chan);
        if (nx >= 0)
            switch_to(ctx, (unsigned)nx, (unsigned)why);
        else if (why == WQ_SW_SLICE)
            ctx->slice_left = ctx->host_slice;     /* alone: a fresh slice */
    }
}

/* One step of `chan` as the host scheduler takes it: the step and what
 * follows it.  Returns the step result. */
int wq_host_serve(wq_ctx_t *ctx, unsigned chan)
{
    ctx->ch[chan].yielded = 0;
    int r = wq_step_channel(ctx, chan);
    wq_host_after_step(ctx, chan, r);
    return r;
}

int wq_host_tick(wq_ctx_t *ctx)
{
    int cur = wq_host_pick(ctx);
    if (cur < 0)
        return 0;
    if (wq_host_due(ctx, (unsigned)cur))
        wq_host_serve(ctx, (unsigned)cur);
    return 1;
}
