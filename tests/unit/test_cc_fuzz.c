/* test_cc_fuzz.c -- the compiler fuzz (cc_fuzz.c) at fixed seeds: random
 * bytes, random token sequences, mutated tests/kernels sources and
 * generated kernels, hostile shapes; every input compiles or is refused
 * with a file:line:col diagnostic and a caret, each within 2 s.  The same
 * fuzz runs longer under ASan and UBSan with `make fuzz-cc`. */
#include <criterion/criterion.h>
#include "cc_fuzz.h"

static void run(uint64_t seed, unsigned n)
{
    wq_ccfz_stats_t st;
    char why[600] = "";
    int rc = wq_ccfz_run(seed, n, 2.0, "build/cc_fuzz_fail.cl", &st, why, sizeof why);
    cr_assert_eq(rc, 0, "seed %llu: %s (input kept as build/cc_fuzz_fail.cl)", (unsigned long long)seed, why);
    cr_assert_eq(st.inputs, n);
    /* the fuzz reaches both outcomes: not every input is refused */
    cr_assert(st.compiled > 0 && st.refused > 0, "compiled %u refused %u", st.compiled, st.refused);
}

Test(cc_fuzz, seed_1, .timeout = 120) { run(1, 1500); }
Test(cc_fuzz, seed_2, .timeout = 120) { run(2, 1500); }
