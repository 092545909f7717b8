/* ctx.c -- model life cycle and the free-running loop. */
#include <stdlib.h>
#include <string.h>
#include "exec.h"
#include "dmem.h"

void wq_config_default(wq_config_t *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->channels = 4;
    cfg->warps = 8;
    cfg->lanes = 32;
    cfg->deque_log2 = 6;
    cfg->regs = 32;
    cfg->host_slice = 64;
    cfg->watchdog = 1u << 20;
}

int wq_config_check(const wq_config_t *c)
{
    if (!c) return -1;
    if (c->channels < 1 || c->channels > WQ_MAX_CHANNELS) return -1;
    if (c->warps < 1 || c->warps > WQ_MAX_WARPS) return -1;
    if (c->lanes != 8 && c->lanes != 16 && c->lanes != 32) return -1;
    if (c->deque_log2 < 2 || c->deque_log2 > WQ_DEQUE_MAX_LOG2) return -1;
    if (c->regs < 1 || c->regs > WQ_NUM_REGS) return -1;
    if (c->host_slice < 1) return -1;
    if (c->fp > 1) return -1;
    return 0;
}

wq_ctx_t *wq_new(const wq_config_t *cfg)
{
    if (wq_config_check(cfg)) return NULL;
    wq_ctx_t *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return NULL;
    ctx->cfg = *cfg;
    ctx->mem = wq_mem_new();
    /* one padding row on each side: packed sub-vector registers form row
     * pointers shifted by up to 24 lanes either way (exec.h, wq_reg) */
    ctx->regfile = calloc((size_t)cfg->warps * cfg->regs + 2, sizeof *ctx->regfile);
    ctx->dqram = calloc((size_t)cfg->warps << cfg->deque_log2, sizeof(wq_token_t));
    if (!ctx->mem || !ctx->regfile || !ctx->dqram) { wq_free(ctx); return NULL; }
    wq_reset(ctx);
    return ctx;
}

void wq_free(wq_ctx_t *ctx)
{
    if (!ctx) return;
    wq_mem_free(ctx->mem);
    free(ctx->regfile);
    free(ctx->dqram);
    free(ctx);
}

void wq_reset(wq_ctx_t *ctx)
{
    const wq_config_t *c = &ctx->cfg;
    wq_host_init(ctx);
    memset(&ctx->grid, 0, sizeof ctx->grid);
    memset(ctx->warp, 0, sizeof ctx->warp);
    memset(ctx->dqram, 0, ((size_t)c->warps << c->deque_log2) * sizeof(wq_token_t));
    for (unsigned s = 0; s < c->warps; s++) {
        wq_warp_t *w = &ctx->warp[s];
        w->reg = ctx->regfile + 1 + (size_t)s * c->regs;
        wq_deque_init(&w->dq, ctx->dqram + ((size_t)s << c->deque_log2), 1u << c->deque_log2);
        w->lanes = c->lanes;
    }
    ctx->irq_status = ctx->irq_enable = 0;
    ctx->trap_warp = ctx->trap_code = ctx->trap_pc = 0;
    ctx->dbg_warp = ctx->dbg_index = ctx->dbg_lo = ctx->dbg_hi = 0;
    ctx->dbg_headtail = 0;
    ctx->wave_ctl = WQ_CSRVAL_WAVE_MODE_AUTO;
    ctx->wave_window = WQ_CSRVAL_WAVE_WINDOW_DEFAULT;
    ctx->wave_thresh = WQ_CSRVAL_WAVE_THRESH_DEFAULT;
    ctx->grid_seq = ctx->cta_seq = 0;
    ctx->rr_warp = 0;
    ctx->noprog = 0;
    ctx->mem_changes_seen = wq_dm_changes(ctx);
    memset(&ctx->st, 0, sizeof ctx->st);
}

void wq_set_memport(wq_ctx_t *ctx, const wq_memport_t *port)
{
    if (port && port->read32 && port->write32) ctx->port = *port;
    else memset(&ctx->port, 0, sizeof ctx->port);
    /* the watchdog compares against the counter now in use */
    ctx->mem_changes_seen = wq_dm_changes(ctx);
}

void wq_set_trace(wq_ctx_t *ctx, wq_trace_fn fn, void *user)
{
    ctx->trace = fn;
    ctx->trace_user = user;
}

void wq_emit(wq_ctx_t *ctx, const wq_trace_rec_t *r)
{
    if (ctx->trace) ctx->trace(ctx->trace_user, r);
}

int wq_host_busy(const wq_ctx_t *ctx)
{
    for (unsigned c = 0; c < ctx->cfg.channels; c++)
        if (wq_chan_has_work(ctx, c)) return 1;
    return 0;
}

int wq_tick(wq_ctx_t *ctx)
{
    int did = 0;
    ctx->st.ticks++;
    did |= wq_host_tick(ctx);
    did |= wq_step_dispatch(ctx) == WQ_STEP_DONE;
    unsigned n = ctx->cfg.warps;
    for (unsigned i = 0; i < n; i++) {
        unsigned s = ctx->rr_warp + i;
        if (s >= n) s -= n;
        if (ctx->warp[s].state == WQ_WS_RUN) { wq_step_warp(ctx, s); did = 1; }
    }
    if (++ctx->rr_warp >= n) ctx->rr_warp = 0;
    return did;
}

/* What the driver does on a deque bound trap: re-center, then resume.  A
 * centred deque may still lack room for an instruction that pushes many
 * tokens; the second trap at the same instruction moves every free entry to
 * the trapped side. */
static int recenter_and_resume(wq_ctx_t *ctx, unsigned s, uint64_t *last_retired,
                               uint32_t *last_pc)
{
    wq_warp_t *w = &ctx->warp[s];
    int front = w->trap == WQ_TRAP_DEQUE_FRONT_BOUND;
    uint32_t n = 1;
    if (last_retired[s] == w->retired + 1 && last_pc[s] == w->pc)
        n = w->dq.depth - wq_deque_count(&w->dq);
    last_retired[s] = w->retired + 1;
    last_pc[s] = w->pc;
    if (wq_deque_recenter(&w->dq, front, n)) return -1;
    return wq_warp_resume(ctx, s);
}

int wq_run(wq_ctx_t *ctx, uint64_t max_ticks, int stop_on_error,
           int auto_recenter, wq_run_result_t *res)
{
    wq_run_result_t r = {0};
    uint64_t last_retired[WQ_MAX_WARPS] = {0};
    uint32_t last_pc[WQ_MAX_WARPS] = {0};
    uint64_t t0 = ctx->st.ticks;
    for (;;) {
        if (max_ticks && ctx->st.ticks - t0 >= max_ticks) { r.reason = WQ_RUN_LIMIT; break; }
        uint64_t errs = ctx->st.chan_errors;
        wq_tick(ctx);
        int stop = 0;
        for (unsigned s = 0; s < ctx->cfg.warps && !stop; s++) {
            wq_warp_t *w = &ctx->warp[s];
            if (w->state != WQ_WS_TRAP) continue;
            if (wq_trap_recoverable(w->trap) && auto_recenter &&
                recenter_and_resume(ctx, s, last_retired, last_pc) == 0)
                continue;
            if (stop_on_error) {
                r.reason = WQ_RUN_TRAP; r.unit = s; r.code = w->trap; stop = 1;
            }
        }
        if (!stop && stop_on_error && ctx->st.chan_errors != errs) {
            for (unsigned c = 0; c < ctx->cfg.channels; c++)
                if (ctx->ch[c].state == WQ_CH_ERROR) {
                    r.reason = WQ_RUN_CHAN_ERROR; r.unit = c; r.code = ctx->ch[c].err;
                    stop = 1;
                    break;
                }
        }
        if (stop) break;
        if (!wq_host_busy(ctx) && wq_engine_idle(ctx)) { r.reason = WQ_RUN_IDLE; break; }
    }
    r.ticks = ctx->st.ticks - t0;
    if (res) *res = r;
    return r.reason == WQ_RUN_IDLE ? 0 : -1;
}
