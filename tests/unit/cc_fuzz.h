/* cc_fuzz.h -- the compiler fuzz (cc_fuzz.c), shared by the unit test
 * (test_cc_fuzz.c, fixed seeds) and the sanitizer build's driver
 * (tests/fuzz/cc_fuzz_main.c, `make fuzz-cc`). */
#ifndef WQ_CC_FUZZ_H
#define WQ_CC_FUZZ_H
#include <stddef.h>
#include <stdint.h>

typedef struct wq_ccfz_stats {
    unsigned inputs, compiled, refused;
    double   worst_s;               /* the slowest input's compile time */
} wq_ccfz_stats_t;

/* Compile n inputs made from seed: random bytes, random token sequences,
 * mutated tests/kernels/ *.cl and generated kernels, and the hostile shapes
 * (huge literals, deep nesting, long identifiers, unterminated comments
 * and strings, missing includes, recursive macros).  Every input must
 * compile or be refused with a `fuzz.cl:L:C: error:` line, the source line
 * and a caret, within max_s seconds.  0, or -1 with why set (and the
 * offending input written to save_path when it is not NULL). */
/* Compile one input (named fuzz.cl) and judge the answer as above: 0, or
 * -1 with why set; *dt = seconds spent, *compiled = 1 when it compiled. */
int wq_ccfz_one(const char *src, size_t n, unsigned yield, double *dt, int *compiled,
                char *why, size_t whylen);

int wq_ccfz_run(uint64_t seed, unsigned n, double max_s, const char *save_path,
                wq_ccfz_stats_t *st, char *why, size_t whylen);

#endif
