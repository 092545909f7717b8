#!/usr/bin/env bash
# rtl/fp_cmp.sh -- the FPU compare unit's bench against the C golden model (run by
# scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  fp_cmp: rtl/core/wq_fp_cmp.v (binary32: EW 8, MW 23) under Verilator,
#          driven by tb/verilator/fp_cmp/tb_fp_cmp.cpp, which links the
#          model library (build/lib/libwqmodel.a: wq_f32_min, wq_f32_max,
#          wq_f32_cmp, wq_f32_class)
#          and compares every result bit for bit, with a random handshake
#          on both sides.  docs/rtl/wq_fp_cmp.md.
#
# Usage: bash scripts/rtl/fp_cmp.sh [SEED...]       (default seeds 1 2)
#   RTL_TEST_FP_CMP_OPS  operations per seed       (default 1000000, about
#                        1 s of a core)
#   RTL_TEST_WAVE        set: write build/verilator/fp_cmp/seed<N>.fst
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup fp_cmp
make -s build >/dev/null || fail "make build (model library)"
ops=${RTL_TEST_FP_CMP_OPS:-1000000}
vl_seeds "1 2" "$@"
vl_build "$B" wq_fp_cmp tb_fp_cmp \
    "$rtl/core/wq_fp_cmp.v" "$rtl/core/wq_fp_pipe.v" "$root/tb/verilator/fp_cmp/tb_fp_cmp.cpp" -- model
for s in "${seeds[@]}"; do
    vl_run "$B" tb_fp_cmp "seed$s" "$s" --ops "$ops"
done
vl_report "$B" '^fp_cmp_(cycles_per_op|results):' "fp_cmp"
echo "rtl_test: fp_cmp ${#seeds[@]} seeds x $ops operations ok"
