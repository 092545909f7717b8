#!/usr/bin/env bash
# rtl/sem.sh -- the semaphore unit's bench against the C golden model (run
# by scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  sem: rtl/wq_sem_unit.v under Verilator, driven by
#       tb/verilator/sem/tb_sem.cpp, which links the model library
#       (build/lib/libwq.a: wq_sem_acquire_passes, wq_sem_reduce, the model
#       memory) and checks every operation's outputs, its exact memory
#       accesses and the memory image.  Built into build/verilator/sem/.
#
# Usage: bash scripts/rtl/sem.sh [SEED...]       (default seeds 1 2 3 4)
#   RTL_TEST_SEM_OPS  operations per seed          (default 40000)
#   RTL_TEST_WAVE     set: write build/verilator/sem/seed<N>.fst
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
rtl=${WQ_RTL_DIR:-rtl}
case $rtl in /*) ;; *) rtl="$root/$rtl" ;; esac
read -r -a xflags <<< "${WQ_VERILATOR_FLAGS:-}"
B=${WQ_VERILATOR_DIR:-build/verilator}/sem
fail() { echo "rtl_test: FAIL: $*" >&2; exit 1; }

command -v verilator >/dev/null || fail "verilator not installed (make deps)"
make -s build >/dev/null || fail "make build (model library, wq_defs.vh)"
mkdir -p "$B"
verilator --cc --exe --build -j 2 -O3 -Wall \
    -Ibuild/gen --top-module wq_sem_unit \
    --x-assign unique --x-initial unique --trace-fst ${xflags[@]+"${xflags[@]}"} \
    -Mdir "$B" -o tb_sem \
    -CFLAGS "-O2 -std=c++17 -I$root/cmodel/include -I$root/tb/verilator/common" \
    "$rtl/wq_sem_unit.v" "$root/tb/verilator/sem/tb_sem.cpp" \
    "$root/build/lib/libwq.a" > "$B/build.log" 2>&1 || {
    tail -40 "$B/build.log" >&2; fail "verilator build (log: $B/build.log)"; }

ops=${RTL_TEST_SEM_OPS:-40000}
seeds=("$@")
[ ${#seeds[@]} -gt 0 ] || seeds=(1 2 3 4)
for s in "${seeds[@]}"; do
    args=(--seed "$s" --ops "$ops")
    [ -n "${RTL_TEST_WAVE:-}" ] && args+=(--wave "$B/seed$s.fst")
    if ! "$B/tb_sem" "${args[@]}" > "$B/seed$s.log" 2>&1; then
        cat "$B/seed$s.log" >&2
        fail "sem seed $s (log: $B/seed$s.log; rerun: $B/tb_sem --seed $s --wave build/sem.fst)"
    fi
done
grep -E '^sem_cycles_per_op:' "$B/seed${seeds[$((${#seeds[@]} - 1))]}.log" | sed 's/^/rtl_test: /'
echo "rtl_test: sem ${#seeds[@]} seeds x $ops operations ok"
