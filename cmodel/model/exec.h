/* exec.h -- internal: one function per instruction, named after isa.def.
 * Each gets the selected lanes (active & guard) and returns 0 or a WQ_TRAP_*
 * code; a trapping instruction must leave every piece of state unchanged.
 * Non-control instructions leave the PC alone (warp.c advances it);
 * WQ_IF_CTRL instructions set PC and masks themselves. */
#ifndef WQ_EXEC_H
#define WQ_EXEC_H
#include "wq/regs.h"
#include "model_int.h"

typedef int (*wq_exec_fn)(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in,
                          uint32_t sel);
#define INSN(n, code, fmt, flags) \
    int wq_x_##n(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel);
#include "../spec/isa.def"
#undef INSN

/* the register row of r as thread lanes see it.  In a sub-vector segment,
 * registers at or above the shared base are packed (DESIGN §6.4, launch.def
 * WAVE): shared register s = r - base lives in row base + s/P, thread column
 * (s%P)*LANES + (lane mod LANES), P = 32/LANES, for every part.  Part k's
 * thread lane l therefore reads element l + ((s%P) - k)*LANES of that row.
 * The register file has a padding row on each side, so the shifted pointer
 * (at most 24 lanes either way) stays inside the array. */
static inline uint32_t *wq_reg(const wq_warp_t *w, unsigned r)
{
    /* shared_base 0 means nothing is shared */
    if (!(w->subv_on && w->shared_base && r >= w->shared_base)) return w->reg[r];
    unsigned s = r - w->shared_base, parts = WQ_WARP_SIZE / w->lanes;
    return w->reg[w->shared_base + s / parts] +
           ((int)(s % parts) - (int)w->subv_part) * (int)w->lanes;
}

/* d[l] = t[l] in the lanes of sel (written for the vectoriser: the ALU's
 * lane loops are the model's hot path) */
static inline void wq_merge(uint32_t *d, const uint32_t *t, uint32_t sel)
{
    if (sel == ~0u) { for (unsigned l = 0; l < WQ_WARP_SIZE; l++) d[l] = t[l]; return; }
    for (unsigned l = 0; l < WQ_WARP_SIZE; l++) if (sel >> l & 1) d[l] = t[l];
}

static inline unsigned wq_popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24;
}

/* warp.c helpers shared by the exec_*.c files */
void wq_disable(wq_ctx_t *ctx, wq_warp_t *w, uint32_t mask, unsigned reason,
                uint32_t addr);
void wq_set_pc_mask(wq_ctx_t *ctx, wq_warp_t *w, uint32_t pc, uint32_t active);
/* Send every active thread to its target: threads in `sel` to tgt[lane]
 * (or to `uniform` when tgt is NULL), the rest to PC+1.  The group of the
 * lowest selected lane continues; every other group is disabled with reason
 * DIV at its target and gets one DIV token, pushed in ascending order of
 * the group's lowest lane.  `extra` more front pushes are reserved (for
 * CALL) so the trap check covers the whole instruction. */
int  wq_branch_groups(wq_ctx_t *ctx, wq_warp_t *w, uint32_t act, uint32_t sel,
                      const uint32_t *tgt, uint32_t uniform, unsigned extra);
/* how many groups wq_branch_groups would form (for trap checks made before
 * any state changes) */
unsigned wq_group_count(const wq_warp_t *w, uint32_t act, uint32_t sel,
                        const uint32_t *tgt, uint32_t uniform);
/* sub-vector segment: move to the next part with parked threads, or end the
 * segment; at_end = called by SUBV_END (park the current part at PC+1).
 * Returns 1 if some thread became active. */
int  wq_subv_next_part(wq_ctx_t *ctx, wq_warp_t *w, int at_end);
/* loop form: the running half ran dry; wake the half parked in s0 */
int  wq_loop_run_dry(wq_ctx_t *ctx, wq_warp_t *w);
int  wq_push_front(wq_ctx_t *ctx, wq_warp_t *w, unsigned type, uint32_t mask,
                   uint32_t addr);
void wq_emit_regwrite(wq_ctx_t *ctx, wq_warp_t *w, unsigned r, uint32_t mask);
/* predicate pd := res in the lanes of sel (SETP, FSETP; exec_alu.c) */
void wq_pred_write(wq_ctx_t *ctx, wq_warp_t *w, unsigned pd, uint32_t sel, uint32_t res);

#endif
