/* sched.c -- grids, CTA dispatch, barriers, traps (DESIGN §5, §6).
 * One grid waits for dispatch at a time; its CTAs go to the lowest free warp
 * slots as soon as all of a CTA's warps fit, so CTAs of consecutive grids can
 * run side by side. */
#include <string.h>
#include "exec.h"
#include "dmem.h"

#define LDF(w, word, field) \
    ((uint32_t)WQ_BITS((w)[WQ_LD_##word], WQ_LDF_##word##_##field##_HI, \
                       WQ_LDF_##word##_##field##_LO))

int wq_sched_can_launch(const wq_ctx_t *ctx) { return !ctx->grid.valid; }

/* every descriptor rule in one place; 0 if the grid can run on this config */
static int desc_valid(const wq_ctx_t *ctx, const uint32_t *w)
{
    uint64_t threads = (uint64_t)w[WQ_LD_CTA_X] * w[WQ_LD_CTA_Y] * w[WQ_LD_CTA_Z];
    uint32_t used_wave = (uint32_t)(WQ_FMASK(WQ_LDF_WAVE_SUBV_HI, WQ_LDF_WAVE_SUBV_LO) |
                         WQ_FMASK(WQ_LDF_WAVE_SHARED_BASE_HI, WQ_LDF_WAVE_SHARED_BASE_LO));
    uint32_t used_deque = (uint32_t)WQ_FMASK(WQ_LDF_DEQUE_LOG2_HI, WQ_LDF_DEQUE_LOG2_LO);
    uint32_t used_flags = (uint32_t)WQ_FMASK(WQ_LDF_FLAGS_NESTED_HI, WQ_LDF_FLAGS_NESTED_LO);
    uint32_t used_yield = (uint32_t)(WQ_FMASK(WQ_LDF_YIELD_POLICY_HI, WQ_LDF_YIELD_POLICY_LO) |
                          WQ_FMASK(WQ_LDF_YIELD_PARAM_HI, WQ_LDF_YIELD_PARAM_LO) |
                          WQ_FMASK(WQ_LDF_YIELD_SEED_HI, WQ_LDF_YIELD_SEED_LO));
    if (w[WQ_LD_CODE_BASE] & 7u) return -1;
    if (w[WQ_LD_START_PC] > WQ_PC_MASK) return -1;
    for (unsigned i = 0; i < 3; i++) {
        uint32_t g = w[WQ_LD_GRID_X + i], c = w[WQ_LD_CTA_X + i];
        if (g == 0 || g > WQ_LDLIMIT_GRID_DIM || c == 0 || c > WQ_LDLIMIT_CTA_DIM) return -1;
    }
    if (threads > WQ_LDLIMIT_CTA_THREADS || threads > (uint64_t)ctx->cfg.warps * WQ_WARP_SIZE) return -1;
    if ((uint64_t)w[WQ_LD_GRID_X] * w[WQ_LD_GRID_Y] * w[WQ_LD_GRID_Z] > 0xFFFFFFFFull) return -1;
    if (w[WQ_LD_NREGS] == 0 ||
        w[WQ_LD_NREGS] > wq_nregs_limit(ctx->cfg.regs, ctx->cfg.lanes, LDF(w, WAVE, SUBV),
                                        LDF(w, WAVE, SHARED_BASE))) return -1;
    if (w[WQ_LD_WAVE] & ~used_wave) return -1;
    if (w[WQ_LD_YIELD] & ~used_yield) return -1;
    if (LDF(w, YIELD, POLICY) > WQ_YP_LFSR) return -1;
    if (w[WQ_LD_DEQUE] & ~used_deque) return -1;
    if (LDF(w, DEQUE, LOG2) < 2 || LDF(w, DEQUE, LOG2) > ctx->cfg.deque_log2) return -1;
    if (w[WQ_LD_FLAGS] & ~used_flags) return -1;
    if (w[WQ_LD_LOCAL_BASE] & ~(uint32_t)WQ_FMASK(WQ_LDF_LOCAL_BASE_BLOCKS_HI,
                                                   WQ_LDF_LOCAL_BASE_BLOCKS_LO)) return -1;
    if (w[WQ_LD_LOCAL_SIZE] & ~(uint32_t)WQ_FMASK(WQ_LDF_LOCAL_SIZE_BLOCKS_HI,
                                                   WQ_LDF_LOCAL_SIZE_BLOCKS_LO)) return -1;
    /* the CTAs' blocks must not wrap the address space (the end may be 2^32) */
    if ((uint64_t)w[WQ_LD_LOCAL_BASE] + (uint64_t)w[WQ_LD_GRID_X] * w[WQ_LD_GRID_Y] *
        w[WQ_LD_GRID_Z] * w[WQ_LD_LOCAL_SIZE] > 0x100000000ull) return -1;
    return 0;
}

int wq_sched_launch(wq_ctx_t *ctx, uint32_t desc_addr, uint32_t *cherr)
{
    wq_grid_t *g = &ctx->grid;
    uint32_t w[WQ_LD_WORDS];
    if (g->valid) return 1;
    if (desc_addr & 3u) { *cherr = WQ_CHERR_BAD_LAUNCH; return -1; }
    for (unsigned i = 0; i < WQ_LD_WORDS; i++)
        w[i] = wq_dm_read32(ctx, desc_addr + 4 * i);
    if (desc_valid(ctx, w)) { *cherr = WQ_CHERR_BAD_LAUNCH; return -1; }
    memcpy(g->w, w, sizeof w);
    g->desc_addr = desc_addr;
    g->ncta = w[WQ_LD_GRID_X] * w[WQ_LD_GRID_Y] * w[WQ_LD_GRID_Z];
    g->next_cta = 0;
    g->local_next = w[WQ_LD_LOCAL_BASE];
    g->cta_threads = w[WQ_LD_CTA_X] * w[WQ_LD_CTA_Y] * w[WQ_LD_CTA_Z];
    g->cta_warps = (g->cta_threads + WQ_WARP_SIZE - 1) / WQ_WARP_SIZE;
    g->grid_id = ++ctx->grid_seq;
    g->valid = 1;
    ctx->st.launches++;
    return 0;
}

static void warp_start(wq_ctx_t *ctx, unsigned slot, const wq_grid_t *g,
                       uint32_t cta, unsigned wi, uint32_t key)
{
    wq_warp_t *w = &ctx->warp[slot];
    const uint32_t *d = g->w;
    uint32_t (*reg)[WQ_WARP_SIZE] = w->reg;
    wq_deque_t dq = w->dq;
    memset(w, 0, sizeof *w);
    w->reg = reg;
    memset(reg, 0, sizeof(uint32_t) * WQ_WARP_SIZE * ctx->cfg.regs);
    w->dq = dq;
    wq_deque_init(&w->dq, ctx->dqram + ((size_t)slot << ctx->cfg.deque_log2),
                  1u << LDF(d, DEQUE, LOG2));
    w->lanes = ctx->cfg.lanes;
    w->state = WQ_WS_RUN;
    w->pc = d[WQ_LD_START_PC] & WQ_PC_MASK;
    uint32_t first = wi * WQ_WARP_SIZE, n = g->cta_threads - first;
    uint32_t live = n >= WQ_WARP_SIZE ? ~0u : (1u << n) - 1u;
    w->active = live;
    w->exited = ~live;                       /* absent threads count as exited */
    for (unsigned l = 0; l < WQ_WARP_SIZE; l++)
        if (!(live >> l & 1)) w->reason[l] = WQ_TOK_EXIT;
    w->pred[WQ_PT] = ~0u;
    w->code_base = d[WQ_LD_CODE_BASE];
    w->nregs = d[WQ_LD_NREGS];
    w->param = d[WQ_LD_PARAM];
    w->grid_id = g->grid_id;
    for (unsigned i = 0; i < 3; i++) {
        w->ncta[i] = d[WQ_LD_GRID_X + i];
        w->ntid[i] = d[WQ_LD_CTA_X + i];
    }
    w->cta[0] = cta % w->ncta[0];
    w->cta[1] = (cta / w->ncta[0]) % w->ncta[1];
    w->cta[2] = cta / (w->ncta[0] * w->ncta[1]);
    w->cta_flat = cta;
    w->local_base = g->local_next;
    w->warp_in_cta = wi;
    w->cta_threads = g->cta_threads;
    w->cta_key = key;
    w->subv_enabled = LDF(d, WAVE, SUBV);
    w->shared_base = LDF(d, WAVE, SHARED_BASE);
    w->ypolicy = LDF(d, YIELD, POLICY);
    w->yparam = LDF(d, YIELD, PARAM);
    w->lfsr = LDF(d, YIELD, SEED) ? LDF(d, YIELD, SEED) : (uint32_t)WQ_YLFSR_SEED_DEFAULT;
    if (ctx->trace) {
        wq_trace_rec_t r = { .kind = WQ_EV_CTA_START, .unit = (uint8_t)slot,
                             .aux = (uint16_t)wi, .pc = w->pc, .mask = live,
                             .a = cta, .b = g->grid_id };
        wq_emit(ctx, &r);
    }
}

int wq_step_dispatch(wq_ctx_t *ctx)
{
    wq_grid_t *g = &ctx->grid;
    if (!g->valid) return WQ_STEP_IDLE;
    unsigned slots[WQ_MAX_WARPS], n = 0;
    for (unsigned s = 0; s < ctx->cfg.warps && n < g->cta_warps; s++)
        if (ctx->warp[s].state == WQ_WS_FREE) slots[n++] = s;
    if (n < g->cta_warps) return WQ_STEP_WAIT;
    uint32_t key = ++ctx->cta_seq;
    for (unsigned i = 0; i < n; i++) warp_start(ctx, slots[i], g, g->next_cta, i, key);
    ctx->st.ctas++;
    g->local_next += g->w[WQ_LD_LOCAL_SIZE];
    if (++g->next_cta >= g->ncta) g->valid = 0;
    return WQ_STEP_DONE;
}

int wq_trap_recoverable(unsigned code)
{
    switch (code) {
#define TRAP(n, c, r) case c: return r;
#include "../spec/trap.def"
#undef TRAP
    default: return 0;
    }
}

int wq_engine_idle(const wq_ctx_t *ctx)
{
    if (ctx->grid.valid) return 0;
    for (unsigned s = 0; s < ctx->cfg.warps; s++) {
        const wq_warp_t *w = &ctx->warp[s];
        if (w->state == WQ_WS_RUN || w->state == WQ_WS_BAR) return 0;
        /* a recoverable trap will resume; a fatal one never finishes */
        if (w->state == WQ_WS_TRAP && wq_trap_recoverable(w->trap)) return 0;
    }
    return 1;
}

/* A barrier completes when every warp of the CTA that can still arrive has
 * arrived; warps stopped by a fatal trap or finished no longer count. */
void wq_bar_check(wq_ctx_t *ctx, uint32_t key)
{
    unsigned waiting = 0;
    for (unsigned s = 0; s < ctx->cfg.warps; s++) {
        const wq_warp_t *w = &ctx->warp[s];
        if (w->state == WQ_WS_FREE || w->cta_key != key) continue;
        if (w->state == WQ_WS_RUN) return;
        if (w->state == WQ_WS_TRAP && wq_trap_recoverable(w->trap)) return;
        if (w->state == WQ_WS_BAR) waiting++;
    }
    if (!waiting) return;
    uint64_t slots = 0;
    for (unsigned s = 0; s < ctx->cfg.warps; s++)
        if (ctx->warp[s].state == WQ_WS_BAR && ctx->warp[s].cta_key == key) {
            ctx->warp[s].state = WQ_WS_RUN;
            slots |= 1ull << s;
        }
    if (ctx->trace) {
        wq_trace_rec_t r = { .kind = WQ_EV_BAR_RELEASE, .unit = (uint8_t)__builtin_ctzll(slots),
                             .a = key, .b = slots };
        wq_emit(ctx, &r);
    }
}

void wq_warp_trap(wq_ctx_t *ctx, unsigned slot, unsigned code)
{
    wq_warp_t *w = &ctx->warp[slot];
    w->state = WQ_WS_TRAP;
    w->trap = code;
    w->trap_pc = w->pc;
    ctx->trap_warp = slot;
    ctx->trap_code = code;
    ctx->trap_pc = w->pc;
    ctx->irq_status |= 1u << WQ_IRQ_WARP_TRAP;
    ctx->st.traps++;
    if (ctx->trace) {
        wq_trace_rec_t r = { .kind = WQ_EV_TRAP, .unit = (uint8_t)slot, .aux = (uint16_t)code,
                             .pc = w->pc, .mask = w->active, .a = code };
        wq_emit(ctx, &r);
    }
    if (!wq_trap_recoverable(code)) wq_bar_check(ctx, w->cta_key);
}

int wq_warp_resume(wq_ctx_t *ctx, unsigned slot)
{
    if (slot >= ctx->cfg.warps) return -1;
    wq_warp_t *w = &ctx->warp[slot];
    if (w->state != WQ_WS_TRAP || !wq_trap_recoverable(w->trap)) return -1;
    w->state = WQ_WS_RUN;
    w->trap = 0;
    return 0;
}

int wq_warp_kill(wq_ctx_t *ctx, unsigned slot)
{
    if (slot >= ctx->cfg.warps) return -1;
    wq_warp_t *w = &ctx->warp[slot];
    if (w->state != WQ_WS_TRAP || wq_trap_recoverable(w->trap)) return -1;
    uint32_t key = w->cta_key;
    w->state = WQ_WS_FREE;
    w->trap = 0;
    wq_bar_check(ctx, key);
    return 0;
}

void wq_warp_finished(wq_ctx_t *ctx, unsigned slot)
{
    wq_warp_t *w = &ctx->warp[slot];
    w->state = WQ_WS_FREE;
    ctx->noprog = 0;
    if (ctx->trace) {
        wq_trace_rec_t r = { .kind = WQ_EV_WARP_DONE, .unit = (uint8_t)slot, .pc = w->pc };
        wq_emit(ctx, &r);
    }
    wq_bar_check(ctx, w->cta_key);
}
