/* warp.c -- retire one instruction of one warp (DESIGN §6.3).
 * Fetch, decode, guard, execute, then reconverge: whenever no thread is
 * active, pop front tokens until one wakes a thread.  A trap leaves the warp
 * exactly as it was before the instruction. */
#include <stdio.h>
#include "exec.h"
#include "dmem.h"

static const wq_exec_fn exec_table[WQ_OP_LIMIT] = {
#define INSN(n, code, fmt, flags) [code] = wq_x_##n,
#include "../spec/isa.def"
#undef INSN
};

void wq_emit_regwrite(wq_ctx_t *ctx, wq_warp_t *w, unsigned r, uint32_t mask)
{
    if (!ctx->trace || !mask) return;
    const uint32_t *row = wq_reg(w, r);
    for (unsigned l = 0; l < WQ_WARP_SIZE; l++)
        ctx->vals_scratch[l] = (mask >> l & 1) ? row[l] : 0;
    wq_trace_rec_t rec = { .kind = WQ_EV_REG_WRITE, .unit = (uint8_t)(w - ctx->warp),
                           .aux = (uint16_t)r, .pc = w->pc, .mask = mask,
                           .vals = ctx->vals_scratch };
    wq_emit(ctx, &rec);
}

void wq_disable(wq_ctx_t *ctx, wq_warp_t *w, uint32_t mask, unsigned reason,
                uint32_t addr)
{
    if (!mask) return;
    for (uint32_t m = mask; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        w->reason[l] = (uint8_t)reason;
        w->wait[l] = addr & WQ_PC_MASK;
    }
    w->active &= ~mask;
    if (reason == WQ_TOK_EXIT) {
        w->exited |= mask;
        ctx->noprog = 0;            /* a thread leaving is progress */
    }
    if (ctx->trace) {
        wq_trace_rec_t r = { .kind = WQ_EV_THREAD_STATE, .unit = (uint8_t)(w - ctx->warp),
                             .aux = (uint16_t)reason, .pc = w->pc, .mask = mask,
                             .a = addr & WQ_PC_MASK };
        wq_emit(ctx, &r);
    }
}

void wq_set_pc_mask(wq_ctx_t *ctx, wq_warp_t *w, uint32_t pc, uint32_t active)
{
    uint32_t old_pc = w->pc;
    w->pc = pc & WQ_PC_MASK;
    w->active = active;
    if (ctx->trace) {
        wq_trace_rec_t r = { .kind = WQ_EV_MASK_PC, .unit = (uint8_t)(w - ctx->warp),
                             .pc = old_pc, .mask = active, .a = w->pc };
        wq_emit(ctx, &r);
    }
}

int wq_push_front(wq_ctx_t *ctx, wq_warp_t *w, unsigned type, uint32_t mask,
                  uint32_t addr)
{
    wq_token_t t;
    int trap = wq_deque_push_front(&w->dq, type, mask, addr, &t);
    if (trap) return trap;
    ctx->st.deque_pushes++;
    if (ctx->trace) {
        wq_trace_rec_t r = { .kind = WQ_EV_DQ_PUSH_FRONT, .unit = (uint8_t)(w - ctx->warp),
                             .pc = w->pc, .mask = mask, .a = w->dq.head - 1, .b = t };
        wq_emit(ctx, &r);
    }
    return 0;
}

/* group the lanes of `act` by target, in ascending order of each group's
 * lowest lane; returns the group count and the index of the first path */
static unsigned group_lanes(const wq_warp_t *w, uint32_t act, uint32_t sel,
                            const uint32_t *tgt, uint32_t uniform,
                            uint32_t *gmask, uint32_t *gtgt, unsigned *first)
{
    uint32_t fall = (w->pc + 1) & WQ_PC_MASK;
    unsigned ng = 0;
    int have_first = 0;
    *first = 0;
    if (!tgt) {
        /* one target for every selected thread: at most two groups, and the
         * selected group (if any) is the first path */
        uint32_t t = uniform & WQ_PC_MASK, taken = act & sel, rest = act & ~sel;
        if (t == fall) { taken |= rest; rest = 0; }
        if (taken) { gmask[ng] = taken; gtgt[ng++] = t; }
        if (rest) { gmask[ng] = rest; gtgt[ng++] = fall; }
        /* with no selected thread the single group is the fall-through */
        return ng;
    }
    for (uint32_t m = act; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint32_t t = (sel >> l & 1) ? (tgt ? tgt[l] : uniform) & WQ_PC_MASK : fall;
        unsigned g;
        for (g = 0; g < ng && gtgt[g] != t; g++) ;
        if (g == ng) { gtgt[ng] = t; gmask[ng] = 0; ng++; }
        gmask[g] |= 1u << l;
        if (!have_first && (sel >> l & 1)) { *first = g; have_first = 1; }
    }
    return ng;
}

unsigned wq_group_count(const wq_warp_t *w, uint32_t act, uint32_t sel,
                        const uint32_t *tgt, uint32_t uniform)
{
    uint32_t gmask[WQ_WARP_SIZE], gtgt[WQ_WARP_SIZE];
    unsigned first;
    return group_lanes(w, act, sel, tgt, uniform, gmask, gtgt, &first);
}

int wq_branch_groups(wq_ctx_t *ctx, wq_warp_t *w, uint32_t act, uint32_t sel,
                     const uint32_t *tgt, uint32_t uniform, unsigned extra)
{
    uint32_t gmask[WQ_WARP_SIZE], gtgt[WQ_WARP_SIZE];
    unsigned first;
    unsigned ng = group_lanes(w, act, sel, tgt, uniform, gmask, gtgt, &first);
    int trap = wq_deque_push_trap(&w->dq, 1, (ng ? ng - 1 : 0) + extra);
    if (trap) return trap;
    if (ng == 0) { wq_set_pc_mask(ctx, w, w->pc + 1, 0); return 0; }
    for (unsigned g = 0; g < ng; g++) {
        if (g == first) continue;
        wq_disable(ctx, w, gmask[g], WQ_TOK_DIV, gtgt[g]);
        wq_push_front(ctx, w, WQ_TOK_DIV, gmask[g], gtgt[g]);
    }
    wq_set_pc_mask(ctx, w, gtgt[first], gmask[first]);
    return 0;
}

/* No thread active: pop until a token wakes someone, or finish the warp.
 * A sub-vector segment whose current part has run dry moves on to its next
 * part (or ends) before any token from outside the segment is touched. */
static void reconverge(wq_ctx_t *ctx, unsigned slot)
{
    wq_warp_t *w = &ctx->warp[slot];
    while (w->active == 0) {
        if (w->subv_on && wq_deque_count(&w->dq) == w->subv_level) {
            if (wq_subv_next_part(ctx, w, 0)) continue;
        }
        if (wq_loop_run_dry(ctx, w)) continue;
        wq_token_t t;
        if (wq_deque_pop_front(&w->dq, &t) < 0) {
            uint32_t waiting = ~w->exited & ~w->active;
            if (waiting) wq_warp_trap(ctx, slot, WQ_TRAP_ORPHANED);
            else wq_warp_finished(ctx, slot);
            return;
        }
        ctx->st.deque_pops++;
        unsigned type = wq_token_type(t);
        uint32_t addr = wq_token_addr(t), wake = 0;
        for (uint32_t m = wq_token_mask(t) & ~w->exited; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            if (w->reason[l] == type && w->wait[l] == addr) wake |= 1u << l;
        }
        if (ctx->trace) {
            wq_trace_rec_t r = { .kind = WQ_EV_DQ_POP, .unit = (uint8_t)slot,
                                 .pc = w->pc, .mask = wake, .a = w->dq.head, .b = t };
            wq_emit(ctx, &r);
        }
        if (wake) wq_set_pc_mask(ctx, w, addr, wake);
    }
}

int wq_step_warp(wq_ctx_t *ctx, unsigned slot)
{
    if (slot >= ctx->cfg.warps) return WQ_STEP_IDLE;
    wq_warp_t *w = &ctx->warp[slot];
    if (w->state != WQ_WS_RUN) return w->state == WQ_WS_FREE ? WQ_STEP_IDLE : WQ_STEP_WAIT;
    /* a wave decision handed in is for this step only */
    w->wave_use = w->wave_given;
    w->wave_given = 0;

    uint32_t ia = w->code_base + (w->pc << 3);
    uint64_t raw = wq_dm_read64(ctx, ia);
    struct wq_dcache *dc = &ctx->dcache[(ia >> 3) & 1023u];
    if (!dc->ok || dc->addr != ia || dc->raw != raw) {
        dc->addr = ia;
        dc->raw = raw;
        dc->ok = wq_decode(raw, &dc->in) == 0;
    }
    /* without an FPU an FP opcode is illegal as an unknown one: the same
     * trap, before the register check and the guard (rtl/wq_decode.v FP) */
    if (!dc->ok || ((dc->in.flags & WQ_IF_FP) && !ctx->cfg.fp)) {
        wq_warp_trap(ctx, slot, WQ_TRAP_ILLEGAL_INSTR);
        return WQ_STEP_TRAP;
    }
    const wq_insn_t in = dc->in;
    /* registers >= REGS exist only as packed shared registers (exec.h) */
    int packed = w->subv_on && w->shared_base;
    if (in.maxreg >= w->nregs || (!packed && in.maxreg >= ctx->cfg.regs)) { wq_warp_trap(ctx, slot, WQ_TRAP_ILLEGAL_REG); return WQ_STEP_TRAP; }

    uint32_t g = w->pred[in.gp];
    uint32_t sel = w->active & (in.gn ? ~g : g);
    uint32_t pc = w->pc;
    int skip = 0;
    if (in.flags & WQ_IF_WARP) sel = w->active;
    else if (sel == 0) skip = 1;      /* guard selects nobody: a NOP */
    if (!skip) {
        int trap = exec_table[in.op](ctx, w, &in, sel);
        if (trap) { wq_warp_trap(ctx, slot, (unsigned)trap); return WQ_STEP_TRAP; }
    }

    w->retired++;
    ctx->st.warp_instrs++;
    ctx->st.thread_instrs += wq_popcount32(sel);
    ctx->st.lane_passes += w->subv_on ? 1 : WQ_WARP_SIZE / w->lanes;
    if (ctx->trace) {
        /* a SUBV_AUTO reports the wave mode it took in a (1: sub-vector) */
        wq_trace_rec_t r = { .kind = WQ_EV_RETIRE, .unit = (uint8_t)slot, .aux = in.op,
                             .pc = pc, .mask = sel, .b = raw,
                             .a = in.op == WQ_OP_SUBV_AUTO ? w->wave_taken : 0 };
        wq_emit(ctx, &r);
    }
    if (skip || !(in.flags & WQ_IF_CTRL)) w->pc = (pc + 1) & WQ_PC_MASK;
    if (w->active == 0 && w->state == WQ_WS_RUN) reconverge(ctx, slot);

    /* forward-progress watchdog: any memory change or thread exit resets it */
    uint64_t ch = wq_dm_changes(ctx);
    if (ch != ctx->mem_changes_seen) { ctx->mem_changes_seen = ch; ctx->noprog = 0; }
    else if (ctx->cfg.watchdog && ++ctx->noprog > ctx->cfg.watchdog &&
             w->state == WQ_WS_RUN) {
        ctx->noprog = 0;
        wq_warp_trap(ctx, slot, WQ_TRAP_FORWARD_PROGRESS);
        return WQ_STEP_TRAP;
    }
    return w->state == WQ_WS_TRAP ? WQ_STEP_TRAP : WQ_STEP_DONE;
}

void wq_warp_describe(const wq_ctx_t *ctx, unsigned slot, char *buf, unsigned len)
{
    if (slot >= ctx->cfg.warps) { snprintf(buf, len, "no warp slot %u", slot); return; }
    const wq_warp_t *w = &ctx->warp[slot];
    uint32_t by[8] = {0};
    for (unsigned l = 0; l < WQ_WARP_SIZE; l++)
        if (!(w->active >> l & 1)) by[w->reason[l] & 7] |= 1u << l;
    snprintf(buf, len,
             "warp %u pc=%u active=%08x waiting: sync=%08x div=%08x call=%08x "
             "yield=%08x brk=%08x cont=%08x subv=%08x exited=%08x deque=%u/%u",
             slot, w->pc, w->active, by[WQ_TOK_SYNC], by[WQ_TOK_DIV], by[WQ_TOK_CALL],
             by[WQ_TOK_YIELD], by[WQ_TOK_BRK], by[WQ_TOK_CONT], by[WQ_TOK_SUBV],
             w->exited, wq_deque_count(&w->dq), w->dq.depth);
}
