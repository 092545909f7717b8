#!/usr/bin/env bash
# rtl/deque.sh -- the token deque's unit bench against the C golden model
# (run by scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  deque: rtl/wq_token_deque.v (with its command decode, wq_token_cmd.v, and
#         its view, wq_token_view.v) under Verilator, driven by
#         tb/verilator/deque/tb_deque.cpp, which links the model's deque
#         (build/lib/libwqmodel.a: cmodel/model/deque.c) and compares
#         every result and, every ready cycle, the RAM image and per-warp
#         state.  Built into build/verilator/deque/L<LOG2>_W<WARPS>/ for
#         three parameter sets: the default (LOG2=6, WARPS=8; 5 seeds), and
#         two small ones (odd warp count; a single warp) with 2 seeds each.
#
# Usage: bash scripts/rtl/deque.sh [SEED...]     (seeds for every config)
#   RTL_TEST_OPS   random commands per seed       (default 300000)
#   RTL_TEST_WAVE  set: write <build dir>/seed<N>.fst for each seed
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
# The first failing seed stops the run and prints how to re-run it alone
# with a waveform (--wave FILE.fst).
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup deque
make -s build/gen/wq_defs.vh libs >/dev/null || fail "wq_defs.vh and the model library"

# ---- run ------------------------------------------------------------------------------
ops=${RTL_TEST_OPS:-300000}
total=0
summary=()
for cfg in "6 8 1 2 3 4 5" "3 3 11 12" "2 1 21 22"; do
    read -r log2 warps fixed <<< "$cfg"
    seeds=("$@")
    [ ${#seeds[@]} -gt 0 ] || read -r -a seeds <<< "$fixed"
    d="$B/L${log2}_W$warps"
    vl_build "$d" wq_token_deque tb_deque -GLOG2="$log2" -GWARPS="$warps" \
        "$rtl/wq_token_deque.v" "$rtl/wq_token_cmd.v" "$rtl/wq_token_view.v" "$root/tb/verilator/deque/tb_deque.cpp" -- model
    for s in "${seeds[@]}"; do
        vl_run "$d" tb_deque "seed$s" "$s" --ops "$ops"
        total=$((total + 1))
    done
    summary+=("LOG2=$log2 WARPS=$warps: ${#seeds[@]}")
    if [ "$log2 $warps" = "6 8" ]; then
        grep -E '^(deque_ops_per_cycle|deque_find_latency_max|deque_find_latency_bound):' \
            "$d/seed${seeds[$((${#seeds[@]} - 1))]}.log" | sed 's/^/rtl_test: /'
    fi
done
echo "rtl_test: deque $total seeds ok ($(IFS=,; echo "${summary[*]}" | sed 's/,/, /g'))"
