/* cc_fuzz_main.c -- the compiler fuzz (tests/unit/cc_fuzz.c) as a program,
 * for the ASan + UBSan build of `make fuzz-cc`:
 *   cc_fuzz [--seeds A..B] [--count N] [--max-s S]
 * runs N inputs for each seed; the first failure prints the seed and why,
 * keeps the input as build/cc_fuzz_fail.cl and exits 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../unit/cc_fuzz.h"

int main(int argc, char **argv)
{
    unsigned long lo = 1, hi = 4, count = 2000;
    double max_s = 10.0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seeds") && sscanf(argv[i + 1], "%lu..%lu", &lo, &hi) == 2) continue;
        if (!strcmp(argv[i], "--count")) { count = strtoul(argv[i + 1], NULL, 0); continue; }
        if (!strcmp(argv[i], "--max-s")) { max_s = atof(argv[i + 1]); continue; }
        fprintf(stderr, "usage: cc_fuzz [--seeds A..B] [--count N] [--max-s S]\n");
        return 2;
    }
    unsigned pass = 0, fail = 0;
    for (unsigned long s = lo; s <= hi; s++) {
        wq_ccfz_stats_t st;
        char why[600] = "";
        if (wq_ccfz_run(s, (unsigned)count, max_s, "build/cc_fuzz_fail.cl", &st, why, sizeof why)) {
            printf("cc_fuzz: FAIL: seed %lu: %s (input kept as build/cc_fuzz_fail.cl)\n", s, why);
            fail++;
            break;
        }
        printf("cc_fuzz: seed %lu: %u inputs, %u compiled, %u refused, slowest %.3f s\n",
               s, st.inputs, st.compiled, st.refused, st.worst_s);
        pass++;
    }
    printf("cc_fuzz: %u passed, %u failed\n", pass, fail);
    return fail ? 1 : 0;
}
