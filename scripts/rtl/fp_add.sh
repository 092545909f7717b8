#!/usr/bin/env bash
# rtl/fp_add.sh -- the FPU adder's bench against the C golden model (run by
# scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  fp_add: rtl/core/wq_fp_add.v (binary32: EW 8, MW 23) under Verilator,
#          driven by tb/verilator/fp_add/tb_fp_add.cpp, which links the
#          model library (build/lib/libwqmodel.a: wq_f32_add, wq_f32_sub)
#          and compares every result bit for bit, with a random handshake
#          on both sides.  docs/rtl/wq_fp_add.md.
#
# Usage: bash scripts/rtl/fp_add.sh [SEED...]       (default seeds 1 2)
#   RTL_TEST_FP_ADD_OPS  operations per seed       (default 1000000, about
#                        1 s of a core; make regress: 20000000 x 4 seeds)
#   RTL_TEST_WAVE        set: write build/verilator/fp_add/seed<N>.fst
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup fp_add
make -s build >/dev/null || fail "make build (model library)"
ops=${RTL_TEST_FP_ADD_OPS:-1000000}
vl_seeds "1 2" "$@"
vl_build "$B" wq_fp_add tb_fp_add \
    "$rtl/core/wq_fp_add.v" "$rtl/core/wq_fp_pipe.v" "$rtl/core/wq_fp_lzc.v" "$root/tb/verilator/fp_add/tb_fp_add.cpp" -- model
for s in "${seeds[@]}"; do
    vl_run "$B" tb_fp_add "seed$s" "$s" --ops "$ops"
done
vl_report "$B" '^fp_add_(cycles_per_op|results):' "fp_add"
echo "rtl_test: fp_add ${#seeds[@]} seeds x $ops operations ok"
