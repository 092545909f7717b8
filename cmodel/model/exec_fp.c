/* exec_fp.c -- the floating-point instructions (isa.def, WQ_IF_FP): each
 * lane's result is one call of the binary32 core (fp32.c).  A machine
 * configured without an FPU (fp = 0) never gets here: warp.c traps
 * ILLEGAL_INSTR as it does for an unknown opcode. */
#include "exec.h"
#include "wq/fp32.h"

/* rd = EXPR of a (ra), b (rb or IMM) and d (rd's old value), in the
 * selected lanes */
#define FP_OP(NAME, EXPR)                                                      \
int wq_x_##NAME(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel) \
{                                                                              \
    uint32_t t[WQ_WARP_SIZE];                                                  \
    const uint32_t *A = wq_reg(w, in->ra), *D = wq_reg(w, in->rd);             \
    const uint32_t *B = in->bi ? NULL : wq_reg(w, in->rb);                     \
    for (unsigned l = 0; l < WQ_WARP_SIZE; l++) {                              \
        if (!(sel >> l & 1)) continue;                                         \
        uint32_t a = A[l], b = B ? B[l] : in->imm, d = D[l];                   \
        (void)a; (void)d;                                                      \
        t[l] = (EXPR);                                                         \
    }                                                                          \
    wq_merge(wq_reg(w, in->rd), t, sel);                                       \
    wq_emit_regwrite(ctx, w, in->rd, sel);                                     \
    return 0;                                                                  \
}

/* arithmetic rounds to nearest even; the conversions by their FN */
FP_OP(FADD,   wq_f32_add(a, b, WQ_RM_RNE))
FP_OP(FSUB,   wq_f32_sub(a, b, WQ_RM_RNE))
FP_OP(FMUL,   wq_f32_mul(a, b, WQ_RM_RNE))
FP_OP(FFMA,   wq_f32_fma(a, b, d, WQ_RM_RNE))
FP_OP(FDIV,   wq_f32_div(a, b, WQ_RM_RNE))
FP_OP(FSQRT,  wq_f32_sqrt(b, WQ_RM_RNE))
FP_OP(FMIN,   wq_f32_min(a, b))
FP_OP(FMAX,   wq_f32_max(a, b))
FP_OP(FCLASS, wq_f32_class(b))
FP_OP(I2F,    wq_i32_to_f32(b, in->fn))
FP_OP(U2F,    wq_u32_to_f32(b, in->fn))
FP_OP(F2I,    wq_f32_to_i32(b, in->fn))
FP_OP(F2U,    wq_f32_to_u32(b, in->fn))

/* pd = a CC b in the selected lanes, as SETP (exec_alu.c) */
int wq_x_FSETP(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    const uint32_t *A = wq_reg(w, in->ra), *B = in->bi ? NULL : wq_reg(w, in->rb);
    uint32_t res = 0;
    for (unsigned l = 0; l < WQ_WARP_SIZE; l++)
        if (sel >> l & 1)
            res |= (uint32_t)wq_f32_cmp(in->fn, A[l], B ? B[l] : in->imm) << l;
    wq_pred_write(ctx, w, in->rd, sel, res);
    return 0;
}
