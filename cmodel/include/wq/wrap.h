/* wrap.h -- ring index arithmetic, both forms of the work-creation seed's
 * wrap() (DESIGN §5.1 step 3).  The host's GP_GET advance and the driver's
 * work-queue setup (GP_PUT = wrap(GP_GET - 1, entries)) both use these. */
#ifndef WQ_WRAP_H
#define WQ_WRAP_H
#include <stdint.h>

/* General form, any entry count: one add or subtract of the count, exactly
 * as the seed writes it.  Defined for -count <= x < 2*count; returns 0 and
 * the index in *out, or -1 (out untouched) for count 0 or x out of range. */
int wq_wrap(int64_t x, uint32_t count, uint32_t *out);

/* Power-of-two form: x & (2^log2 - 1), for any x (two's complement), so
 * wq_wrap_pow2(-1, n) is the last entry.  log2 is 0..31. */
static inline uint32_t wq_wrap_pow2(int64_t x, unsigned log2)
{
    return (uint32_t)((uint64_t)x & ((1ull << log2) - 1u));
}

#endif
