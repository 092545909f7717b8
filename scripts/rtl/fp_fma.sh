#!/usr/bin/env bash
# rtl/fp_fma.sh -- the FPU multiplier and FMA's bench against the C golden model (run by
# scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  fp_fma: rtl/core/wq_fp_fma.v (binary32: EW 8, MW 23) under Verilator,
#          driven by tb/verilator/fp_fma/tb_fp_fma.cpp, which links the
#          model library (build/lib/libwqmodel.a: wq_f32_mul, wq_f32_fma)
#          and compares every result bit for bit, with a random handshake
#          on both sides.  docs/rtl/wq_fp_fma.md.
#
# Usage: bash scripts/rtl/fp_fma.sh [SEED...]       (default seeds 1 2)
#   RTL_TEST_FP_FMA_OPS  operations per seed       (default 1000000, about
#                        1 s of a core; make regress: 20000000 x 4 seeds)
#   RTL_TEST_WAVE        set: write build/verilator/fp_fma/seed<N>.fst
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup fp_fma
make -s build >/dev/null || fail "make build (model library)"
ops=${RTL_TEST_FP_FMA_OPS:-1000000}
vl_seeds "1 2" "$@"
vl_build "$B" wq_fp_fma tb_fp_fma \
    "$rtl/core/wq_fp_fma.v" "$rtl/core/wq_fp_pipe.v" "$rtl/core/wq_fp_lzc.v" "$root/tb/verilator/fp_fma/tb_fp_fma.cpp" -- model
for s in "${seeds[@]}"; do
    vl_run "$B" tb_fp_fma "seed$s" "$s" --ops "$ops"
done
vl_report "$B" '^fp_fma_(cycles_per_op|results):' "fp_fma"
echo "rtl_test: fp_fma ${#seeds[@]} seeds x $ops operations ok"
