/* host_methods.c -- executing one host or compute method (DESIGN §5,
 * spec/method.def) and finishing methods that had to wait: a failed
 * semaphore acquire (ACQ_WAIT), wait-for-idle (WFI_WAIT) and a launch the
 * dispatcher could not take yet (LAUNCH_WAIT).
 * Each returns WQ_STEP_DONE, WQ_STEP_WAIT or WQ_STEP_ERROR. */
#include "model_int.h"
#include "dmem.h"

static int start_wait(wq_channel_t *ch, unsigned kind, uint32_t off, uint32_t data)
{
    ch->state = kind;
    ch->wait_kind = kind;
    ch->wait_method = off;
    ch->wait_data = data;
    return WQ_STEP_WAIT;
}

static void end_wait(wq_channel_t *ch)
{
    ch->wait_kind = 0;
    ch->wait_method = 0;
    ch->wait_data = 0;
    ch->acq_attempts = 0;
    ch->state = WQ_CH_RUNNABLE;
    wq_chan_settle(ch);
}

static int fail(wq_ctx_t *ctx, unsigned chan, unsigned code, uint32_t info)
{
    wq_chan_error(ctx, chan, code, info);
    return WQ_STEP_ERROR;
}

/* ---- semaphores ---------------------------------------------------------- */

static uint64_t sem_payload(const wq_channel_t *ch, int is64)
{
    return is64 ? ((uint64_t)ch->sem_pay_hi << 32) | ch->sem_pay_lo : ch->sem_pay_lo;
}

static uint64_t sem_load(const wq_ctx_t *ctx, uint32_t addr, int is64)
{
    return is64 ? wq_dm_read64(ctx, addr) : wq_dm_read32(ctx, addr);
}

static void sem_store(wq_ctx_t *ctx, uint32_t addr, uint64_t v, int is64)
{
    if (is64)
        wq_dm_write64(ctx, addr, v);
    else
        wq_dm_write(ctx, addr, (uint32_t)v, 0xFu);
}

static void sem_release(wq_ctx_t *ctx, unsigned chan, uint32_t word)
{
    wq_channel_t *ch = &ctx->ch[chan];
    wq_sem_exec_t s;
    wq_sem_decode(word, &s);
    uint64_t p = sem_payload(ch, s.is64);
    sem_store(ctx, ch->sem_addr_lo, p, s.is64);
    wq_host_emit(ctx, WQ_EV_SEM, chan, s.op, ch->sem_addr_lo, p, p);
}

/* One attempt of an acquire: the first one (from SEM_EXECUTE) or a retry
 * (from ACQ_WAIT).  Memory is read at the attempt, never cached. */
static int acquire_try(wq_ctx_t *ctx, unsigned chan, uint32_t word)
{
    wq_channel_t *ch = &ctx->ch[chan];
    wq_sem_exec_t s;
    wq_sem_decode(word, &s);
    uint64_t p = sem_payload(ch, s.is64);
    uint64_t mv = sem_load(ctx, ch->sem_addr_lo, s.is64);

    ch->acq_last = ctx->st.ticks;
    if (wq_sem_acquire_passes(s.op, mv, p, s.is64) > 0) {
        end_wait(ch);
        wq_host_emit(ctx, WQ_EV_SEM, chan, s.op, ch->sem_addr_lo, p, mv);
        return WQ_STEP_DONE;
    }
    ch->acq_attempts++;
    wq_host_emit(ctx, WQ_EV_ACQ_FAIL, chan, ch->acq_attempts, ch->sem_addr_lo, p, mv);
    if (ch->acq_attempts > ch->acq_timeout)
        return fail(ctx, chan, WQ_CHERR_ACQUIRE_TIMEOUT, ch->sem_addr_lo);
    if (ch->state != WQ_CH_ACQ_WAIT)
        start_wait(ch, WQ_CH_ACQ_WAIT, WQ_M_SEM_EXECUTE, word);
    return WQ_STEP_WAIT;
}

/* SEM_EXECUTE.  Checks in this order: operation, address high word,
 * alignment, reduction code. */
static int sem_execute(wq_ctx_t *ctx, unsigned chan, uint32_t word)
{
    wq_channel_t *ch = &ctx->ch[chan];
    wq_sem_exec_t s;
    wq_sem_decode(word, &s);

    switch (s.op) {
    case WQ_SEMOP_ACQUIRE: case WQ_SEMOP_RELEASE: case WQ_SEMOP_ACQ_STRICT_GEQ:
    case WQ_SEMOP_ACQ_CIRC_GEQ: case WQ_SEMOP_ACQ_AND: case WQ_SEMOP_ACQ_NOR:
    case WQ_SEMOP_REDUCTION:
        break;
    default:
        return fail(ctx, chan, WQ_CHERR_BAD_SEM_OP, word);
    }
    if (ch->sem_addr_hi != 0)
        return fail(ctx, chan, WQ_CHERR_BAD_SEM_ADDR, ch->sem_addr_hi);
    if (ch->sem_addr_lo & (s.is64 ? 7u : 3u))
        return fail(ctx, chan, WQ_CHERR_SEM_MISALIGNED, ch->sem_addr_lo);

    if (s.op == WQ_SEMOP_RELEASE) {
        if (s.release_wfi && !wq_engine_idle(ctx))
            return start_wait(ch, WQ_CH_WFI_WAIT, WQ_M_SEM_EXECUTE, word);
        sem_release(ctx, chan, word);
        return WQ_STEP_DONE;
    }
    if (s.op == WQ_SEMOP_REDUCTION) {
        int err;
        uint64_t p = sem_payload(ch, s.is64);
        uint64_t mv = sem_load(ctx, ch->sem_addr_lo, s.is64);
        uint64_t nv = wq_sem_reduce(s.red, (int)s.is_unsigned, mv, p, (int)s.is64, &err);
        if (err)
            return fail(ctx, chan, (unsigned)err, word);
        sem_store(ctx, ch->sem_addr_lo, nv, s.is64);
        wq_host_emit(ctx, WQ_EV_SEM, chan, s.op, ch->sem_addr_lo, p, nv);
        return WQ_STEP_DONE;
    }
    ch->acq_attempts = 0;
    return acquire_try(ctx, chan, word);
}

/* ---- wait for idle, launch -------------------------------------------------- */

/* The part of WFI / SET_REFERENCE / SEM_EXECUTE(RELEASE_WFI) after idle. */
static void idle_complete(wq_ctx_t *ctx, unsigned chan, uint32_t off, uint32_t data)
{
    if (off == WQ_M_SET_REFERENCE)
        ctx->ch[chan].ref = data;
    else if (off == WQ_M_SEM_EXECUTE)
        sem_release(ctx, chan, data);
}

static int wait_idle(wq_ctx_t *ctx, unsigned chan, uint32_t off, uint32_t data)
{
    if (!wq_engine_idle(ctx))
        return start_wait(&ctx->ch[chan], WQ_CH_WFI_WAIT, off, data);
    idle_complete(ctx, chan, off, data);
    return WQ_STEP_DONE;
}

static int launch(wq_ctx_t *ctx, unsigned chan)
{
    wq_channel_t *ch = &ctx->ch[chan];
    uint32_t cherr = WQ_CHERR_NONE;
    int r = wq_sched_launch(ctx, ch->launch_desc, &cherr);
    if (r < 0)
        return fail(ctx, chan, cherr ? cherr : WQ_CHERR_BAD_LAUNCH, ch->launch_desc);
    if (r > 0)                    /* the dispatcher is still busy after all */
        return start_wait(ch, WQ_CH_LAUNCH_WAIT, WQ_M_LAUNCH, 0);
    wq_host_emit(ctx, WQ_EV_LAUNCH, chan, 0, ch->launch_desc, 0, 0);
    return WQ_STEP_DONE;
}

int wq_host_wait_step(wq_ctx_t *ctx, unsigned chan)
{
    wq_channel_t *ch = &ctx->ch[chan];
    switch (ch->state) {
    case WQ_CH_ACQ_WAIT:
        return acquire_try(ctx, chan, ch->wait_data);
    case WQ_CH_WFI_WAIT:
        if (!wq_engine_idle(ctx))
            return WQ_STEP_WAIT;
        idle_complete(ctx, chan, ch->wait_method, ch->wait_data);
        end_wait(ch);
        return WQ_STEP_DONE;
    case WQ_CH_LAUNCH_WAIT:
        if (!wq_sched_can_launch(ctx))
            return WQ_STEP_WAIT;
        end_wait(ch);
        return launch(ctx, chan);
    default:
        return WQ_STEP_IDLE;
    }
}

/* ---- dispatch ------------------------------------------------------------------ */

int wq_host_method(wq_ctx_t *ctx, unsigned chan, uint32_t off, uint32_t data,
                   unsigned subch)
{
    wq_channel_t *ch = &ctx->ch[chan];
    ch->methods++;
    ctx->st.methods++;
    wq_host_emit(ctx, WQ_EV_METHOD, chan, subch, off, data, 0);

    switch (off) {
    case WQ_M_NON_STALL_INTERRUPT:
        ctx->irq_status |= 1u << WQ_IRQ_NON_STALL;
        return WQ_STEP_DONE;
    case WQ_M_SET_REFERENCE:
    case WQ_M_WFI:
        return wait_idle(ctx, chan, off, data);
    case WQ_M_SEM_ADDR_LO:    ch->sem_addr_lo = data; return WQ_STEP_DONE;
    case WQ_M_SEM_ADDR_HI:    ch->sem_addr_hi = data; return WQ_STEP_DONE;
    case WQ_M_SEM_PAYLOAD_LO: ch->sem_pay_lo = data;  return WQ_STEP_DONE;
    case WQ_M_SEM_PAYLOAD_HI: ch->sem_pay_hi = data;  return WQ_STEP_DONE;
    case WQ_M_SEM_EXECUTE:
        return sem_execute(ctx, chan, data);
    case WQ_M_YIELD:
        ch->yielded = 1;          /* host_sched.c switches after this step */
        return WQ_STEP_DONE;
    case WQ_M_LAUNCH_DESC:
        ch->launch_desc = data;
        return WQ_STEP_DONE;
    case WQ_M_LAUNCH:
        if (!wq_sched_can_launch(ctx))
            return start_wait(ch, WQ_CH_LAUNCH_WAIT, off, data);
        return launch(ctx, chan);
    default:
        return fail(ctx, chan, WQ_CHERR_UNKNOWN_METHOD, off);
    }
}
