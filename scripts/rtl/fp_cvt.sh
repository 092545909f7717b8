#!/usr/bin/env bash
# rtl/fp_cvt.sh -- the FPU conversion unit's bench against the C golden model (run by
# scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  fp_cvt: rtl/core/wq_fp_cvt.v (binary32: EW 8, MW 23) under Verilator,
#          driven by tb/verilator/fp_cvt/tb_fp_cvt.cpp, which links the
#          model library (build/lib/libwqmodel.a: wq_i32_to_f32, wq_u32_to_f32,
#          wq_f32_to_i32, wq_f32_to_u32, every rounding mode)
#          and compares every result bit for bit, with a random handshake
#          on both sides.  docs/rtl/wq_fp_cvt.md.
#
# Usage: bash scripts/rtl/fp_cvt.sh [SEED...]       (default seeds 1 2)
#   RTL_TEST_FP_CVT_OPS  operations per seed       (default 1000000, about
#                        1 s of a core)
#   RTL_TEST_WAVE        set: write build/verilator/fp_cvt/seed<N>.fst
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup fp_cvt
make -s build >/dev/null || fail "make build (model library)"
ops=${RTL_TEST_FP_CVT_OPS:-1000000}
vl_seeds "1 2" "$@"
vl_build "$B" wq_fp_cvt tb_fp_cvt \
    "$rtl/core/wq_fp_cvt.v" "$rtl/core/wq_fp_pipe.v" "$rtl/core/wq_fp_lzc.v" "$root/tb/verilator/fp_cvt/tb_fp_cvt.cpp" -- model
for s in "${seeds[@]}"; do
    vl_run "$B" tb_fp_cvt "seed$s" "$s" --ops "$ops"
done
vl_report "$B" '^fp_cvt_(cycles_per_op|results):' "fp_cvt"
echo "rtl_test: fp_cvt ${#seeds[@]} seeds x $ops operations ok"
