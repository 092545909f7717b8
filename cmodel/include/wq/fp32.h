/* fp32.h -- IEEE 754 binary32 arithmetic on bit patterns, in integer
 * arithmetic only (cmodel/model/fp32.c): the golden model's FPU.  The
 * rules are docs/spec.md "Floating point": every result correctly rounded
 * in the mode given (WQ_RM_*: RNE RTZ RDN RUP), subnormals kept, every NaN
 * result the canonical quiet NaN WQ_F32_QNAN, no exception flags. */
#ifndef WQ_FP32_H
#define WQ_FP32_H
#include <stdint.h>

#define WQ_F32_QNAN 0x7FC00000u   /* the one NaN the FPU produces */

uint32_t wq_f32_add(uint32_t a, uint32_t b, unsigned rm);
uint32_t wq_f32_sub(uint32_t a, uint32_t b, unsigned rm);
uint32_t wq_f32_mul(uint32_t a, uint32_t b, unsigned rm);
uint32_t wq_f32_fma(uint32_t a, uint32_t b, uint32_t c, unsigned rm);  /* a*b + c */
uint32_t wq_f32_div(uint32_t a, uint32_t b, unsigned rm);
uint32_t wq_f32_sqrt(uint32_t a, unsigned rm);
/* OpenCL fmin / fmax: a NaN operand loses; -0 < +0 */
uint32_t wq_f32_min(uint32_t a, uint32_t b);
uint32_t wq_f32_max(uint32_t a, uint32_t b);
/* FSETP: a CMP b with a WQ_CMP_* code (isa_enums.def), 0 or 1 */
int      wq_f32_cmp(unsigned cc, uint32_t a, uint32_t b);
/* FCLASS: 1 << WQ_FCLASS_* */
uint32_t wq_f32_class(uint32_t a);
uint32_t wq_i32_to_f32(uint32_t a, unsigned rm);   /* a as int32  */
uint32_t wq_u32_to_f32(uint32_t a, unsigned rm);   /* a as uint32 */
/* saturating: NaN -> 0, out of range -> the nearest bound */
uint32_t wq_f32_to_i32(uint32_t a, unsigned rm);
uint32_t wq_f32_to_u32(uint32_t a, unsigned rm);

#endif
