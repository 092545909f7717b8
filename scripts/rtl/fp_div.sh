#!/usr/bin/env bash
# rtl/fp_div.sh -- the FPU divide and square-root unit's bench against the C golden model (run by
# scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  fp_div: rtl/core/wq_fp_div.v (binary32: EW 8, MW 23) under Verilator,
#          driven by tb/verilator/fp_div/tb_fp_div.cpp, which links the
#          model library (build/lib/libwqmodel.a: wq_f32_div, wq_f32_sqrt)
#          and compares every result bit for bit, with a random handshake
#          on both sides.  docs/rtl/wq_fp_div.md.
#
# Usage: bash scripts/rtl/fp_div.sh [SEED...]       (default seeds 1 2)
#   RTL_TEST_FP_DIV_OPS  operations per seed       (default 100000, about
#                        2 s of a core)
#   RTL_TEST_WAVE        set: write build/verilator/fp_div/seed<N>.fst
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup fp_div
make -s build >/dev/null || fail "make build (model library)"
ops=${RTL_TEST_FP_DIV_OPS:-100000}
vl_seeds "1 2" "$@"
vl_build "$B" wq_fp_div tb_fp_div \
    "$rtl/core/wq_fp_div.v" "$rtl/core/wq_fp_lzc.v" "$root/tb/verilator/fp_div/tb_fp_div.cpp" -- model
for s in "${seeds[@]}"; do
    vl_run "$B" tb_fp_div "seed$s" "$s" --ops "$ops"
done
vl_report "$B" '^fp_div_(cycles_per_op|results):' "fp_div"
echo "rtl_test: fp_div ${#seeds[@]} seeds x $ops operations ok"
