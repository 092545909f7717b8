/* exec_alu.c -- integer ALU, predicates, special registers.
 * The lane loops compute into a temporary and merge under the lane mask so
 * the compiler can vectorise them: this is the model's hot path. */
#include "exec.h"

#define LANES_ALL for (unsigned l = 0; l < WQ_WARP_SIZE; l++)


static inline uint32_t wq_divu(uint32_t a, uint32_t b)
{
    return b ? a / b : 0xFFFFFFFFu;
}

static inline uint32_t wq_remu(uint32_t a, uint32_t b)
{
    return b ? a % b : a;
}

static inline uint32_t wq_div(uint32_t a, uint32_t b)
{
    if (b == 0) return 0xFFFFFFFFu;
    if (a == 0x80000000u && b == 0xFFFFFFFFu) return a;
    return (uint32_t)((int32_t)a / (int32_t)b);    /* C99: toward zero */
}

static inline uint32_t wq_rem(uint32_t a, uint32_t b)
{
    if (b == 0) return a;
    if (a == 0x80000000u && b == 0xFFFFFFFFu) return 0;
    return (uint32_t)((int32_t)a % (int32_t)b);    /* sign of a */
}

/* rd = f(ra, b) where b = BI ? IMM : rb */
#define ALU(NAME, EXPR)                                                        \
int wq_x_##NAME(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel) \
{                                                                              \
    uint32_t t[WQ_WARP_SIZE];                                                  \
    const uint32_t *A = wq_reg(w, in->ra);                                     \
    if (in->bi) {                                                              \
        const uint32_t bv = in->imm;                                           \
        LANES_ALL { uint32_t a = A[l], b = bv; t[l] = (EXPR); }                \
    } else {                                                                   \
        const uint32_t *B = wq_reg(w, in->rb);                                 \
        LANES_ALL { uint32_t a = A[l], b = B[l]; t[l] = (EXPR); }              \
    }                                                                          \
    wq_merge(wq_reg(w, in->rd), t, sel);                                       \
    wq_emit_regwrite(ctx, w, in->rd, sel);                                     \
    return 0;                                                                  \
}

ALU(ADD,   a + b)
ALU(SUB,   a - b)
ALU(MUL,   a * b)
ALU(MULHU, (uint32_t)(((uint64_t)a * b) >> 32))
ALU(AND,   a & b)
ALU(OR,    a | b)
ALU(XOR,   a ^ b)
ALU(SHL,   a << (b & 31))
ALU(SHR,   a >> (b & 31))
ALU(SRA,   (uint32_t)((int32_t)a >> (b & 31)))
ALU(MIN,   (int32_t)a < (int32_t)b ? a : b)
ALU(MAX,   (int32_t)a > (int32_t)b ? a : b)
ALU(MINU,  a < b ? a : b)
ALU(MAXU,  a > b ? a : b)
/* division: RISC-V's results for b = 0 (quotient all ones, remainder a)
 * and INT_MIN / -1 (INT_MIN, remainder 0), the cases C leaves undefined */
ALU(DIVU,  wq_divu(a, b))
ALU(DIV,   wq_div(a, b))
ALU(REMU,  wq_remu(a, b))
ALU(REM,   wq_rem(a, b))

int wq_x_MOV(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    uint32_t t[WQ_WARP_SIZE];
    if (in->bi) { LANES_ALL t[l] = in->imm; }
    else { const uint32_t *B = wq_reg(w, in->rb); LANES_ALL t[l] = B[l]; }
    wq_merge(wq_reg(w, in->rd), t, sel);
    wq_emit_regwrite(ctx, w, in->rd, sel);
    return 0;
}

/* lanes of `sel` where a CC b holds; one loop per compare code so the
 * comparison is not re-dispatched per lane */
#define CMPLOOP(EXPR)                                                          \
    for (unsigned l = 0; l < WQ_WARP_SIZE; l++) {                              \
        uint32_t a = A[l], b = B ? B[l] : imm;                                 \
        res |= (uint32_t)(EXPR) << l;                                          \
    }                                                                          \
    break;

static uint32_t compare_lanes(unsigned cc, const uint32_t *A, const uint32_t *B,
                              uint32_t imm)
{
    uint32_t res = 0;
    switch (cc) {
    case WQ_CMP_EQ:  CMPLOOP(a == b)
    case WQ_CMP_NE:  CMPLOOP(a != b)
    case WQ_CMP_LT:  CMPLOOP((int32_t)a <  (int32_t)b)
    case WQ_CMP_LE:  CMPLOOP((int32_t)a <= (int32_t)b)
    case WQ_CMP_GT:  CMPLOOP((int32_t)a >  (int32_t)b)
    case WQ_CMP_GE:  CMPLOOP((int32_t)a >= (int32_t)b)
    case WQ_CMP_LTU: CMPLOOP(a <  b)
    case WQ_CMP_LEU: CMPLOOP(a <= b)
    case WQ_CMP_GTU: CMPLOOP(a >  b)
    case WQ_CMP_GEU: CMPLOOP(a >= b)
    default: break;   /* unreachable: the decoder rejects other codes */
    }
    return res;
}

int wq_x_SETP(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    const uint32_t *A = wq_reg(w, in->ra), *B = in->bi ? NULL : wq_reg(w, in->rb);
    wq_pred_write(ctx, w, in->rd, sel, compare_lanes(in->fn, A, B, in->imm) & sel);
    return 0;
}

void wq_pred_write(wq_ctx_t *ctx, wq_warp_t *w, unsigned pd, uint32_t sel, uint32_t res)
{
    uint32_t *p = &w->pred[pd];
    *p = (*p & ~sel) | res;
    if (ctx->trace) {
        wq_trace_rec_t r = { .kind = WQ_EV_PRED_WRITE, .unit = (uint8_t)(w - ctx->warp),
                             .aux = (uint8_t)pd, .pc = w->pc, .mask = sel, .b = *p };
        wq_emit(ctx, &r);
    }
}

int wq_x_SEL(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    uint32_t t[WQ_WARP_SIZE];
    uint32_t cond = w->pred[in->fn & 7u] ^ ((in->fn & 8u) ? ~0u : 0u);
    const uint32_t *A = wq_reg(w, in->ra), *B = in->bi ? NULL : wq_reg(w, in->rb);
    LANES_ALL t[l] = (cond >> l & 1) ? A[l] : (B ? B[l] : in->imm);
    wq_merge(wq_reg(w, in->rd), t, sel);
    wq_emit_regwrite(ctx, w, in->rd, sel);
    return 0;
}

static uint32_t sreg(const wq_ctx_t *ctx, const wq_warp_t *w, unsigned sr, unsigned lane)
{
    uint32_t tid = w->warp_in_cta * WQ_WARP_SIZE + lane;
    switch (sr) {
    case WQ_SR_TID_X:    return tid % w->ntid[0];
    case WQ_SR_TID_Y:    return (tid / w->ntid[0]) % w->ntid[1];
    case WQ_SR_TID_Z:    return tid / (w->ntid[0] * w->ntid[1]);
    case WQ_SR_NTID_X:   return w->ntid[0];
    case WQ_SR_NTID_Y:   return w->ntid[1];
    case WQ_SR_NTID_Z:   return w->ntid[2];
    case WQ_SR_CTAID_X:  return w->cta[0];
    case WQ_SR_CTAID_Y:  return w->cta[1];
    case WQ_SR_CTAID_Z:  return w->cta[2];
    case WQ_SR_NCTAID_X: return w->ncta[0];
    case WQ_SR_NCTAID_Y: return w->ncta[1];
    case WQ_SR_NCTAID_Z: return w->ncta[2];
    case WQ_SR_TID:      return tid;
    case WQ_SR_LANEID:   return lane;
    case WQ_SR_WARPID:   return w->warp_in_cta;
    case WQ_SR_PARAM:    return w->param;
    case WQ_SR_CLOCK:    return (uint32_t)w->retired;
    case WQ_SR_NLANES:   return ctx->cfg.lanes;
    case WQ_SR_CTAFLAT:  return w->cta_flat;
    case WQ_SR_LOCAL:    return w->local_base;
    case WQ_SR_GID_X:    return w->cta[0] * w->ntid[0] + tid % w->ntid[0];
    case WQ_SR_GID_Y:    return w->cta[1] * w->ntid[1] + (tid / w->ntid[0]) % w->ntid[1];
    case WQ_SR_GID_Z:    return w->cta[2] * w->ntid[2] + tid / (w->ntid[0] * w->ntid[1]);
    default:             return 0;   /* unreachable: the decoder rejects it */
    }
}

int wq_x_S2R(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    uint32_t *d = wq_reg(w, in->rd);
    for (uint32_t m = sel; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        d[l] = sreg(ctx, w, in->imm, l);
    }
    wq_emit_regwrite(ctx, w, in->rd, sel);
    return 0;
}

int wq_x_NOP(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{ return 0; }
int wq_x_MEMBAR(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{ return 0; }   /* the model's memory is sequentially consistent */
