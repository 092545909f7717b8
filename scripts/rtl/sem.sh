#!/usr/bin/env bash
# rtl/sem.sh -- the semaphore unit's bench against the C golden model (run
# by scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  sem: rtl/wq_sem_unit.v under Verilator, driven by
#       tb/verilator/sem/tb_sem.cpp, which links the model library
#       (build/lib/libwqmodel.a: wq_sem_acquire_passes, wq_sem_reduce, the model
#       memory) and checks every operation's outputs, its exact memory
#       accesses and the memory image.  Built into build/verilator/sem/d<DIGIT>/
#       for each semaphore datapath width (RTL_TEST_SEM_DIGITS, default "32 1").
#
# Usage: bash scripts/rtl/sem.sh [SEED...]       (default seeds 1 2 3 4)
#   RTL_TEST_SEM_OPS  operations per seed          (default 40000)
#   RTL_TEST_WAVE     set: write build/verilator/sem/d<DIGIT>/seed<N>.fst
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
digits=(${RTL_TEST_SEM_DIGITS:-32 1})
ops=${RTL_TEST_SEM_OPS:-40000}
seeds=("$@")
[ ${#seeds[@]} -gt 0 ] || seeds=(1 2 3 4)
# every DIGIT gives the same results and accesses: the bench is the same,
# built once per width (the default 32 and the small configuration's 1)
for d in "${digits[@]}"; do
    BD="$B/d$d"
    mkdir -p "$BD"
    verilator --cc --exe --build -j 2 -O3 -Wall \
        -Ibuild/gen --top-module wq_sem_unit -GDIGIT="$d" \
        --x-assign unique --x-initial unique --trace-fst ${xflags[@]+"${xflags[@]}"} \
        -Mdir "$BD" -o tb_sem \
        -CFLAGS "-O2 -std=c++17 -I$root/cmodel/include -I$root/tb/verilator/common" \
        "$rtl/wq_sem_unit.v" "$root/tb/verilator/sem/tb_sem.cpp" \
        "$root/build/lib/libwqmodel.a" > "$BD/build.log" 2>&1 || {
        tail -40 "$BD/build.log" >&2; fail "verilator build DIGIT=$d (log: $BD/build.log)"; }
    for s in "${seeds[@]}"; do
        args=(--seed "$s" --ops "$ops")
        [ -n "${RTL_TEST_WAVE:-}" ] && args+=(--wave "$BD/seed$s.fst")
        if ! "$BD/tb_sem" "${args[@]}" > "$BD/seed$s.log" 2>&1; then
            cat "$BD/seed$s.log" >&2
            fail "sem DIGIT=$d seed $s (log: $BD/seed$s.log; rerun: $BD/tb_sem --seed $s --wave build/sem.fst)"
        fi
    done
    grep -E '^sem_cycles_per_op:' "$BD/seed${seeds[$((${#seeds[@]} - 1))]}.log" \
        | sed "s/^/rtl_test: /; s/\$/ (DIGIT=$d)/"
done
echo "rtl_test: sem ${#seeds[@]} seeds x $ops operations x DIGIT ${digits[*]} ok"
