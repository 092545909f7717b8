#!/usr/bin/env bash
# rtl/coalesce.sh -- the coalescer's bench against the C golden model (run
# by scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  coalesce: rtl/core/wq_coalesce.v under Verilator, driven by
#            tb/verilator/coalesce/tb_coalesce.cpp, which links the model
#            library (build/lib/libwqmodel.a: wq_coalesce, coalesce.c) and
#            checks every line request, in order, against the model's list.
#            Built into build/verilator/coalesce/L<LANES>_B<LINE>/ for
#            LANES x LINE_BYTES 32 x 16 (the default) and 16 x 64.
#
# Usage: bash scripts/rtl/coalesce.sh [--bench] [SEED...]   (default seeds 1 2 3)
#   --bench                only the measured figure (coalesce_requests_per_warp_load,
#                          32 lanes, 16-byte lines), for scripts/bench.sh
#   RTL_TEST_COAL_WARPS    random warps per seed (default 20000)
#   RTL_TEST_WAVE          set: write <build dir>/seed<N>.fst for each seed
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup coalesce
bench=0
[ "${1:-}" = "--bench" ] && { bench=1; shift; }
make -s libs >/dev/null || fail "the model library"
warps=${RTL_TEST_COAL_WARPS:-20000}
vl_seeds "1 2 3" "$@"
cfgs=("32 16" "16 64")
[ $bench = 1 ] && { cfgs=("32 16"); seeds=(1); warps=2000; }
for cfg in "${cfgs[@]}"; do
    read -r lanes line <<< "$cfg"
    d="$B/L${lanes}_B$line"
    vl_build "$d" wq_coalesce tb_coalesce -GLANES="$lanes" -GLINE_BYTES="$line" \
        "$rtl/core/wq_coalesce.v" "$root/tb/verilator/coalesce/tb_coalesce.cpp" -- model
    for s in "${seeds[@]}"; do
        vl_run "$d" tb_coalesce "seed$s" "$s" --warps "$warps" --lanes "$lanes" --line "$line" --measure
    done
    [ $bench = 1 ] && vl_report "$d" '^coalesce_requests_per_warp_load:'
    vl_report "$d" '^(coalesce_requests_per_warp_load|coalesce_cycles_per_warp_load):' "LANES=$lanes LINE=$line"
done
echo "rtl_test: coalesce ${#seeds[@]} seeds x $warps warps x ${#cfgs[@]} configurations ok"
