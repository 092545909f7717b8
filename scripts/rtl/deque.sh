#!/usr/bin/env bash
# rtl/deque.sh -- the token deque's unit bench against the C golden model
# (run by scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  deque: rtl/wq_token_deque.v under Verilator, driven by
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
cd "$(dirname "$0")/../.."
root=$(pwd)
rtl=${WQ_RTL_DIR:-rtl}
case $rtl in /*) ;; *) rtl="$root/$rtl" ;; esac
read -r -a xflags <<< "${WQ_VERILATOR_FLAGS:-}"
B=${WQ_VERILATOR_DIR:-build/verilator}/deque
case $B in /*) ;; *) B="$root/$B" ;; esac
fail() { echo "rtl_test: FAIL: $*" >&2; exit 1; }

command -v verilator >/dev/null || fail "verilator not installed (make deps)"
make -s build/gen/wq_defs.vh >/dev/null || fail "cannot generate build/gen/wq_defs.vh"

# ---- the model library (its deque, token and tables are what the bench calls)
make -s libs >/dev/null || fail "model library (build/lib/libwqmodel.a)"

# ---- build one configuration --------------------------------------------------------
# -Wall: the RTL must lint clean here too.  --x-assign/--x-initial unique: a
# register read before it is written shows up as a seeded random value.
build() {   # LOG2 WARPS -> directory
    local d="$B/L$1_W$2"
    mkdir -p "$d"
    verilator --cc --exe --build -j 2 -O3 -Wall \
        -Ibuild/gen -I"$rtl" --top-module wq_token_deque -GLOG2="$1" -GWARPS="$2" \
        --x-assign unique --x-initial unique --trace-fst ${xflags[@]+"${xflags[@]}"} \
        -Mdir "$d" -o tb_deque \
        -CFLAGS "-O2 -std=c++17 -I$root/cmodel/include -I$root/tb/verilator/common" \
        "$rtl/wq_token_deque.v" "$root/tb/verilator/deque/tb_deque.cpp" \
        "$root/build/lib/libwqmodel.a" > "$d/build.log" 2>&1 || {
        tail -40 "$d/build.log" >&2; fail "verilator build (log: $d/build.log)"; }
    echo "$d"
}

# ---- run ------------------------------------------------------------------------------
ops=${RTL_TEST_OPS:-300000}
total=0
summary=()
for cfg in "6 8 1 2 3 4 5" "3 3 11 12" "2 1 21 22"; do
    read -r log2 warps fixed <<< "$cfg"
    seeds=("$@")
    [ ${#seeds[@]} -gt 0 ] || read -r -a seeds <<< "$fixed"
    d=$(build "$log2" "$warps")
    for s in "${seeds[@]}"; do
        args=(--seed "$s" --ops "$ops")
        [ -n "${RTL_TEST_WAVE:-}" ] && args+=(--wave "$d/seed$s.fst")
        if ! "$d/tb_deque" "${args[@]}" > "$d/seed$s.log" 2>&1; then
            cat "$d/seed$s.log" >&2
            fail "deque LOG2=$log2 WARPS=$warps seed $s (log: $d/seed$s.log;" \
                 "rerun: $d/tb_deque --seed $s --wave build/deque.fst)"
        fi
        total=$((total + 1))
    done
    summary+=("LOG2=$log2 WARPS=$warps: ${#seeds[@]}")
    if [ "$log2 $warps" = "6 8" ]; then
        grep -E '^(deque_ops_per_cycle|deque_find_latency_max|deque_find_latency_bound):' \
            "$d/seed${seeds[$((${#seeds[@]} - 1))]}.log" | sed 's/^/rtl_test: /'
    fi
done
echo "rtl_test: deque $total seeds ok ($(IFS=,; echo "${summary[*]}" | sed 's/,/, /g'))"
