/* gen_int.h -- what the generators share: a seeded RNG and a growing text
 * buffer.  Internal to the files of cmodel/gen/. */
#ifndef WQ_GEN_INT_H
#define WQ_GEN_INT_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include "wq/gen.h"

/* splitmix64: tiny, fast, and the whole state is the 64-bit seed, so a seed
 * printed in a failure report replays the test exactly */
typedef struct wq_rng { uint64_t s; } wq_rng_t;
void     wq_rng_init(wq_rng_t *r, uint64_t seed);
uint64_t wq_rng_next(wq_rng_t *r);
uint32_t wq_rng_below(wq_rng_t *r, uint32_t n);          /* 0..n-1, n >= 1 */
uint32_t wq_rng_range(wq_rng_t *r, uint32_t lo, uint32_t hi); /* lo..hi    */
int      wq_rng_chance(wq_rng_t *r, unsigned percent);

/* text buffer; on allocation failure `oom` sticks and appends are dropped */
typedef struct wq_buf { char *p; size_t len, cap; int oom; } wq_buf_t;
void wq_buf_printf(wq_buf_t *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void wq_buf_append(wq_buf_t *b, const char *s, size_t n);
void wq_buf_free(wq_buf_t *b);

/* memory layout of a generated kernel's launch (gen_prog.c): launch area
 * index a is at PARAM = AREA_BASE + AREA_STEP * a */
#define WQ_GEN_AREA_BASE 0x00100000u
#define WQ_GEN_AREA_STEP 0x00100000u
struct wq_ctx;
/* append one expectation line per word of the output areas of the launch
 * whose descriptor is desc (fmt takes address and value) */
void wq_gen_expect_launch(wq_buf_t *b, const struct wq_ctx *ctx, const uint32_t *desc,
                          const char *fmt);

void wq_gen_seterr(char *err, size_t errlen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
