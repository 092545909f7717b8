/* exec_ctrl.c -- divergence control, one function per instruction
 * (DESIGN §6.3, docs/spec.md "Divergence").  Every function checks the
 * deque room it needs before it changes anything, so a trap is clean. */
#include "exec.h"

#define NEXT(w) (((w)->pc + 1) & WQ_PC_MASK)

int wq_x_EXIT(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    wq_disable(ctx, w, sel, WQ_TOK_EXIT, w->pc);
    wq_set_pc_mask(ctx, w, NEXT(w), w->active);
    return 0;
}

int wq_x_BRA(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    return wq_branch_groups(ctx, w, w->active, sel, NULL, w->pc + 1 + in->imm, 0);
}

int wq_x_JMP(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    return wq_branch_groups(ctx, w, w->active, sel, NULL, in->imm, 0);
}

int wq_x_BRX(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    uint32_t tgt[WQ_WARP_SIZE];
    const uint32_t *a = wq_reg(w, in->ra);
    for (unsigned l = 0; l < WQ_WARP_SIZE; l++) tgt[l] = w->pc + 1 + a[l];
    return wq_branch_groups(ctx, w, w->active, sel, tgt, 0, 0);
}

int wq_x_JMX(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    return wq_branch_groups(ctx, w, w->active, sel, wq_reg(w, in->ra), 0, 0);
}

int wq_x_CALL(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    uint32_t ret = NEXT(w), t = in->imm & WQ_PC_MASK;
    unsigned ng = wq_group_count(w, w->active, sel, NULL, t);
    int trap = wq_deque_push_trap(&w->dq, 1, ng);   /* ng-1 DIV + 1 CALL */
    if (trap) return trap;
    uint32_t *lr = wq_reg(w, in->rd);
    for (uint32_t m = sel; m; m &= m - 1) lr[__builtin_ctz(m)] = ret;
    wq_emit_regwrite(ctx, w, in->rd, sel);
    /* DIV for the threads that stay goes in first, so the callee's CALL
     * token is popped (and the call returns) before they run */
    uint32_t pc = w->pc;
    wq_branch_groups(ctx, w, w->active, sel, NULL, t, 1);
    uint32_t npc = w->pc;
    w->pc = pc;                       /* the token is pushed "at" the CALL */
    wq_push_front(ctx, w, WQ_TOK_CALL, sel, ret);
    w->pc = npc;
    return 0;
}

/* the mask of selected threads that hold a CALL token for their own link */
static uint32_t call_token_holders(const wq_warp_t *w, const uint32_t *lr, uint32_t sel)
{
    uint32_t held = 0;
    if (!wq_deque_has_type(&w->dq, WQ_TOK_CALL)) return 0;
    for (uint32_t i = w->dq.head; i > w->dq.tail; i--) {
        wq_token_t t = w->dq.e[i - 1];
        if (wq_token_type(t) != WQ_TOK_CALL) continue;
        uint32_t cand = sel & wq_token_mask(t) & ~held;
        for (uint32_t m = cand; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            if ((lr[l] & WQ_PC_MASK) == wq_token_addr(t)) held |= 1u << l;
        }
    }
    return held;
}

int wq_x_RET(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    const uint32_t *lr = wq_reg(w, in->ra);
    uint32_t held = call_token_holders(w, lr, sel);
    uint32_t rest = w->active & ~held, go = sel & ~held;
    unsigned ng = wq_group_count(w, rest, go, lr, 0);
    int trap = wq_deque_push_trap(&w->dq, 1, ng ? ng - 1 : 0);
    if (trap) return trap;
    for (uint32_t m = held; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        wq_disable(ctx, w, 1u << l, WQ_TOK_CALL, lr[l]);
    }
    return wq_branch_groups(ctx, w, rest, go, lr, 0, 0);
}

static int push_region(wq_ctx_t *ctx, wq_warp_t *w, unsigned type,
                       const wq_insn_t *in, uint32_t sel)
{
    int trap = wq_push_front(ctx, w, type, sel, in->imm);
    if (trap) return trap;
    wq_set_pc_mask(ctx, w, NEXT(w), w->active);
    return 0;
}

/* SYNC / BRK / CONT f: selected threads in the matching token's mask wait
 * on it; the other selected threads (all of them when there is no token)
 * branch to f as a predicated BRA would. */
static int wait_region(wq_ctx_t *ctx, wq_warp_t *w, unsigned type,
                       const wq_insn_t *in, uint32_t sel)
{
    uint32_t f = in->imm & WQ_PC_MASK;
    int idx = wq_deque_find(&w->dq, type, f);
    uint32_t tokmask = idx >= 0 ? wq_token_mask(w->dq.e[idx]) : 0;
    uint32_t park = sel & tokmask, go = sel & ~tokmask;
    uint32_t rest = w->active & ~park;
    unsigned ng = wq_group_count(w, rest, go, NULL, f);
    int trap = wq_deque_push_trap(&w->dq, 1, ng ? ng - 1 : 0);
    if (trap) return trap;
    wq_disable(ctx, w, park, type, f);
    return wq_branch_groups(ctx, w, rest, go, NULL, f, 0);
}

int wq_x_SSY(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{ return push_region(ctx, w, WQ_TOK_SYNC, in, sel); }
int wq_x_PBRK(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{ return push_region(ctx, w, WQ_TOK_BRK, in, sel); }
int wq_x_PCONT(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{ return push_region(ctx, w, WQ_TOK_CONT, in, sel); }
int wq_x_SYNC(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{ return wait_region(ctx, w, WQ_TOK_SYNC, in, sel); }
int wq_x_BRK(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{ return wait_region(ctx, w, WQ_TOK_BRK, in, sel); }
int wq_x_CONT(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{ return wait_region(ctx, w, WQ_TOK_CONT, in, sel); }

/* the yield policy's decision for this execution; the counter / LFSR
 * update is returned in *ns and committed only if the instruction retires */
static int yield_fires(const wq_warp_t *w, uint32_t *ns)
{
    switch (w->ypolicy) {
    case WQ_YP_EVERY_N: {
        uint32_t n = w->yparam ? w->yparam : (uint32_t)WQ_YEVERY_N_ZERO;
        uint32_t c = w->ycount + 1;
        if (c >= n) { *ns = 0; return 1; }
        *ns = c;
        return 0;
    }
    case WQ_YP_LFSR: {
        /* 16-bit Galois LFSR, x^16 + x^14 + x^13 + x^11 + 1 */
        uint32_t s = w->lfsr;
        s = (s >> 1) ^ ((s & 1u) ? (uint32_t)WQ_YLFSR_TAPS : 0u);
        *ns = s;
        return (s & 0xFFu) < w->yparam;
    }
    default:
        *ns = 0;
        return 0;
    }
}

/* YIELD, BAR and a new region inside a sub-vector region would let threads
 * of other parts run, or leave parked threads behind: a clean trap instead */
static int in_subv_region(const wq_warp_t *w) { return w->subv_on || w->loop_on; }

int wq_x_YIELD(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    if (in_subv_region(w)) return WQ_TRAP_SUBV_MISUSE;
    uint32_t ns, at = NEXT(w);
    int fire = yield_fires(w, &ns);
    int idx = -1;
    if (fire) {
        idx = wq_deque_find(&w->dq, WQ_TOK_YIELD, at);
        if (idx < 0) {
            int trap = wq_deque_push_trap(&w->dq, 0, 1);
            if (trap) return trap;
        }
    }
    if (w->ypolicy == WQ_YP_LFSR) w->lfsr = ns; else w->ycount = ns;
    if (fire) {
        wq_token_t t;
        wq_trace_rec_t r = { .unit = (uint8_t)(w - ctx->warp), .pc = w->pc, .mask = sel };
        if (idx >= 0) {
            t = wq_deque_merge(&w->dq, idx, sel);
            r.kind = WQ_EV_DQ_MERGE; r.a = (uint32_t)idx;
            ctx->st.merges++;
        } else {
            wq_deque_push_back(&w->dq, WQ_TOK_YIELD, sel, at, &t);
            r.kind = WQ_EV_DQ_PUSH_BACK; r.a = w->dq.tail;
            ctx->st.deque_pushes++;
        }
        r.b = t;
        wq_emit(ctx, &r);
        ctx->st.yields++;
        wq_disable(ctx, w, sel, WQ_TOK_YIELD, at);
    }
    wq_set_pc_mask(ctx, w, at, w->active);
    return 0;
}

int wq_x_BAR(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    if (in_subv_region(w)) return WQ_TRAP_SUBV_MISUSE;
    wq_set_pc_mask(ctx, w, NEXT(w), w->active);
    w->state = WQ_WS_BAR;
    wq_bar_check(ctx, w->cta_key);
    return 0;
}

/* ---- variable wave size (DESIGN §6.4) ------------------------------------ */

static uint32_t part_mask(const wq_warp_t *w, unsigned k)
{
    if (w->lanes >= WQ_WARP_SIZE) return ~0u;
    return ((1u << w->lanes) - 1u) << (k * w->lanes);
}

/* threads parked by the sub-vector machinery at `addr` */
static uint32_t parked_at(const wq_warp_t *w, uint32_t addr, int any_addr)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < WQ_WARP_SIZE; l++)
        if (!((w->active | w->exited) >> l & 1) && w->reason[l] == WQ_TOK_SUBV &&
            (any_addr || w->wait[l] == addr))
            m |= 1u << l;
    return m;
}

int wq_x_SUBV_START(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    if (!w->subv_enabled) { wq_set_pc_mask(ctx, w, NEXT(w), w->active); return 0; }
    if (in_subv_region(w)) return WQ_TRAP_SUBV_MISUSE;
    unsigned parts = WQ_WARP_SIZE / w->lanes, k = 0;
    while (k < parts && !(w->active & part_mask(w, k))) k++;
    uint32_t run = w->active & part_mask(w, k);
    w->subv_on = 1;
    w->subv_part = k;
    w->subv_start = NEXT(w);
    w->subv_level = wq_deque_count(&w->dq);
    w->subv_end_set = 0;
    wq_disable(ctx, w, w->active & ~run, WQ_TOK_SUBV, w->subv_start);
    wq_set_pc_mask(ctx, w, w->subv_start, run);
    return 0;
}

/* SUBV_AUTO: an eligible segment, run as SUBV_START's in sub-vector mode
 * or as plain code in normal mode (its SUBV_END then finds no segment and is
 * a NOP).  The mode is the wave decision the RTL reported and the checker
 * handed in (wq_set_wave_decision), else WAVE_CTL's (wq_wave_default).
 * Like SUBV_START it traps inside a sub-vector region in either mode, so
 * the decision never decides whether a program traps there. */
int wq_x_SUBV_AUTO(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    unsigned slot = (unsigned)(w - ctx->warp);
    uint32_t subv = w->wave_use ? w->wave_dec : wq_wave_default(ctx, slot);
    if (w->subv_enabled && in_subv_region(w)) return WQ_TRAP_SUBV_MISUSE;
    w->wave_taken = subv;
    if (subv) { ctx->st.wave_subv++; return wq_x_SUBV_START(ctx, w, in, sel); }
    ctx->st.wave_normal++;
    wq_set_pc_mask(ctx, w, NEXT(w), w->active);
    return 0;
}

unsigned wq_wave_default(const wq_ctx_t *ctx, unsigned slot)
{
    if (slot >= ctx->cfg.warps || !ctx->warp[slot].subv_enabled) return 0;
    return ctx->wave_ctl == WQ_CSRVAL_WAVE_MODE_SUBV;
}

int wq_set_wave_decision(wq_ctx_t *ctx, unsigned slot, unsigned subv)
{
    if (slot >= ctx->cfg.warps || subv > 1) return -1;
    wq_warp_t *w = &ctx->warp[slot];
    if (subv && !w->subv_enabled) return -1;
    if (ctx->wave_ctl == WQ_CSRVAL_WAVE_MODE_NORMAL && subv) return -1;
    if (ctx->wave_ctl == WQ_CSRVAL_WAVE_MODE_SUBV && w->subv_enabled && !subv) return -1;
    w->wave_given = 1;
    w->wave_dec = subv;
    return 0;
}

int wq_subv_next_part(wq_ctx_t *ctx, wq_warp_t *w, int at_end)
{
    unsigned parts = WQ_WARP_SIZE / w->lanes;
    if (at_end) wq_disable(ctx, w, w->active, WQ_TOK_SUBV, NEXT(w));
    uint32_t waiting = parked_at(w, w->subv_start, 0);
    for (unsigned k = w->subv_part + 1; k < parts; k++) {
        uint32_t run = waiting & part_mask(w, k);
        if (run) {
            w->subv_part = k;
            wq_set_pc_mask(ctx, w, w->subv_start, run);
            return 1;
        }
    }
    /* segment over: everyone parked at its end (one address, SUBV_END
     * checks that) continues after it */
    w->subv_on = 0;
    w->subv_part = 0;
    uint32_t done = parked_at(w, w->subv_end, 0);
    if (!w->subv_end_set || !done) return 0;
    wq_set_pc_mask(ctx, w, w->subv_end, done);
    return 1;
}

int wq_x_SUBV_END(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    if (!w->subv_enabled || !w->subv_on) {
        wq_set_pc_mask(ctx, w, NEXT(w), w->active);
        return 0;
    }
    /* a part must reach SUBV_END reconverged (every token it pushed is
     * consumed), and every part must end at the same SUBV_END */
    if (wq_deque_count(&w->dq) != w->subv_level) return WQ_TRAP_SUBV_MISUSE;
    if (w->subv_end_set && w->subv_end != NEXT(w)) return WQ_TRAP_SUBV_MISUSE;
    w->subv_end = NEXT(w);
    w->subv_end_set = 1;
    wq_subv_next_part(ctx, w, 1);
    return 0;
}

/* The seed's s_subvector_loop_begin/_end on warp halves with save register
 * s0, exactly as DESIGN §6.4 spells it; exec_lo/exec_hi are the active
 * mask's halves, and threads taken out of exec are parked (reason SUBV). */
#define LO(m) ((m) & 0x0000FFFFu)
#define HI(m) ((m) & 0xFFFF0000u)

int wq_x_SUBV_LOOP_BEGIN(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    uint32_t a = w->active;
    if (!w->subv_enabled) { wq_set_pc_mask(ctx, w, NEXT(w), a); return 0; }
    if (in_subv_region(w)) return WQ_TRAP_SUBV_MISUSE;
    /* exec == 0 (branch to the target) cannot happen here: a warp only
     * issues with an active thread.  The target stays in the encoding. */
    w->loop_on = 1;
    w->loop_level = wq_deque_count(&w->dq);
    w->loop_body = NEXT(w);
    if (LO(a) == 0) {
        w->s0 = 0;                          /* high half only */
    } else {
        w->s0 = HI(a);                      /* low half first */
        wq_disable(ctx, w, HI(a), WQ_TOK_SUBV, NEXT(w));
        a = LO(a);
    }
    wq_set_pc_mask(ctx, w, NEXT(w), a);
    return 0;
}

int wq_x_SUBV_LOOP_END(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    uint32_t a = w->active;
    if (!w->subv_enabled) { wq_set_pc_mask(ctx, w, NEXT(w), a); return 0; }
    if (w->subv_on || !w->loop_on || wq_deque_count(&w->dq) != w->loop_level)
        return WQ_TRAP_SUBV_MISUSE;
    uint32_t back = w->s0 & parked_at(w, 0, 1);
    if (HI(a) != 0) {                       /* high pass done: exec_lo = s0 */
        w->loop_on = 0;
        wq_set_pc_mask(ctx, w, NEXT(w), a | back);
    } else if (w->s0 == 0) {                /* low half only */
        w->loop_on = 0;
        wq_set_pc_mask(ctx, w, NEXT(w), a);
    } else {                                /* exec_hi = s0, s0 = exec_lo, exec_lo = 0 */
        w->s0 = LO(a);
        wq_disable(ctx, w, LO(a), WQ_TOK_SUBV, NEXT(w));
        wq_set_pc_mask(ctx, w, in->imm, back);
    }
    return 0;
}

/* The running half of a loop form ran dry (its threads exited) with every
 * token it pushed consumed: the half parked in s0 goes on where it waits,
 * the body start (first pass) or after the loop end (second pass). */
int wq_loop_run_dry(wq_ctx_t *ctx, wq_warp_t *w)
{
    if (!w->loop_on || wq_deque_count(&w->dq) != w->loop_level) return 0;
    uint32_t back = w->s0 & parked_at(w, 0, 1);
    w->s0 = 0;
    if (!back) { w->loop_on = 0; return 0; }
    uint32_t at = w->wait[__builtin_ctz(back)];
    if (at != w->loop_body) w->loop_on = 0;
    wq_set_pc_mask(ctx, w, at, back);
    return 1;
}
