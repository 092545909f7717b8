#!/usr/bin/env bash
# rtl/host.sh -- the host interface's lockstep bench against the C golden
# model (run by scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  host: rtl/wq_host_if.v (with wq_sem_unit.v and wq_launch_check.v) under
#        Verilator, driven by tb/verilator/host/tb_host.cpp, which links the
#        model library (build/lib/libwqmodel.a) and replays every RTL step through
#        wq_host_pick / wq_host_due / wq_host_serve, comparing step results,
#        record sequences, CSR reads, launches and the memory image.  Runs the
#        named scenario host_scenario_error_isolation first on every seed.
#        Built into build/verilator/host/.
#
# Usage: bash scripts/rtl/host.sh [SEED...]      (default seeds 1 2 3 4)
#   RTL_TEST_HOST_CYCLES  random-traffic cycles per seed  (default 400000)
#   RTL_TEST_WAVE         set: write build/verilator/host/seed<N>.fst
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
rtl=${WQ_RTL_DIR:-rtl}
case $rtl in /*) ;; *) rtl="$root/$rtl" ;; esac
read -r -a xflags <<< "${WQ_VERILATOR_FLAGS:-}"
B=${WQ_VERILATOR_DIR:-build/verilator}/host
fail() { echo "rtl_test: FAIL: $*" >&2; exit 1; }

command -v verilator >/dev/null || fail "verilator not installed (make deps)"
make -s build >/dev/null || fail "make build (model library, wq_defs.vh)"
mkdir -p "$B"
verilator --cc --exe --build -j 2 -O3 -Wall \
    -Ibuild/gen -I"$rtl" --top-module wq_host_if \
    --x-assign unique --x-initial unique --trace-fst ${xflags[@]+"${xflags[@]}"} \
    -Mdir "$B" -o tb_host \
    -CFLAGS "-O2 -std=c++17 -I$root/cmodel/include -I$root/tb/verilator/common" \
    "$rtl/wq_host_if.v" "$rtl/wq_sem_unit.v" "$rtl/wq_launch_check.v" \
    "$root/tb/verilator/host/tb_host.cpp" \
    "$root/build/lib/libwqmodel.a" > "$B/build.log" 2>&1 || {
    tail -40 "$B/build.log" >&2; fail "verilator build (log: $B/build.log)"; }

cycles=${RTL_TEST_HOST_CYCLES:-400000}
seeds=("$@")
[ ${#seeds[@]} -gt 0 ] || seeds=(1 2 3 4)
for s in "${seeds[@]}"; do
    args=(--seed "$s" --cycles "$cycles")
    [ -n "${RTL_TEST_WAVE:-}" ] && args+=(--wave "$B/seed$s.fst")
    if ! "$B/tb_host" "${args[@]}" > "$B/seed$s.log" 2>&1; then
        cat "$B/seed$s.log" >&2
        fail "host seed $s (log: $B/seed$s.log; rerun: $B/tb_host --seed $s --wave build/host.fst)"
    fi
done
last="$B/seed${seeds[$((${#seeds[@]} - 1))]}.log"
grep -E '^(host_scenario_error_isolation|host_steps|host_methods_per_busy_cycle|host_cov_errors):' "$last" |
    sed 's/^/rtl_test: /'
echo "rtl_test: host ${#seeds[@]} seeds x $cycles cycles ok"
