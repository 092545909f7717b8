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
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup sem
make -s build >/dev/null || fail "make build (model library, wq_defs.vh)"
digits=(${RTL_TEST_SEM_DIGITS:-32 1})
ops=${RTL_TEST_SEM_OPS:-40000}
vl_seeds "1 2 3 4" "$@"
# every DIGIT gives the same results and accesses: the bench is the same,
# built once per width (the default 32 and the small configuration's 1)
for d in "${digits[@]}"; do
    BD="$B/d$d"
    vl_build "$BD" wq_sem_unit tb_sem -GDIGIT="$d" \
        "$rtl/wq_sem_unit.v" "$root/tb/verilator/sem/tb_sem.cpp" -- model
    for s in "${seeds[@]}"; do
        vl_run "$BD" tb_sem "seed$s" "$s" --ops "$ops"
    done
    grep -E '^sem_cycles_per_op:' "$BD/seed${seeds[$((${#seeds[@]} - 1))]}.log" \
        | sed "s/^/rtl_test: /; s/\$/ (DIGIT=$d)/"
done
echo "rtl_test: sem ${#seeds[@]} seeds x $ops operations x DIGIT ${digits[*]} ok"
