/* cc_libfuzzer.c -- the compiler under libFuzzer (optional: clang with
 * -fsanitize=fuzzer; `make fuzz-cc-libfuzzer`, then run
 * build/asan/cc_libfuzzer [CORPUS_DIR] [-max_total_time=S]).  Each input is
 * judged by the fixed-seed fuzz's rule (tests/unit/cc_fuzz.c): it compiles,
 * or is refused with a located diagnostic and a caret; anything else
 * aborts, and libFuzzer keeps the input. */
#include <stdio.h>
#include <stdlib.h>
#include "../unit/cc_fuzz.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    double dt;
    int compiled;
    char why[600];
    if (wq_ccfz_one((const char *)data, size, (unsigned)size, &dt, &compiled, why, sizeof why)) {
        fprintf(stderr, "cc_libfuzzer: %s\n", why);
        abort();
    }
    if (dt > 2.0) {
        fprintf(stderr, "cc_libfuzzer: an input took %.2f s\n", dt);
        abort();
    }
    return 0;
}
