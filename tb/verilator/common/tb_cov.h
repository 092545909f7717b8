// tb_cov.h -- the block benches' coverage output.  In a --coverage build
// (scripts/coverage.sh) a passing run writes its coverage data to
// $WQ_COV_DIR/<bench>_s<seed>.dat, where the script merges it; in a normal
// build this is nothing.
#ifndef WQ_TB_COV_H
#define WQ_TB_COV_H
#include <cstdint>
#include <cstdlib>
#include <string>
#include "verilated.h"

inline void tb_cov_write(VerilatedContext *vctx, const char *bench, uint64_t seed, int rc)
{
#if VM_COVERAGE
    const char *d = getenv("WQ_COV_DIR");
    if (d && rc == 0)
        vctx->coveragep()->write((std::string(d) + "/" + bench + "_s" + std::to_string(seed) +
                                  ".dat").c_str());
#else
    (void)vctx; (void)bench; (void)seed; (void)rc;
#endif
}

#endif
