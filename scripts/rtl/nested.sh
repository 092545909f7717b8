#!/usr/bin/env bash
# rtl/nested.sh -- the driver's nested-work scenarios on the RTL backend
# (run by scripts/rtl_test.sh, i.e. `make test`).
#
#  `wq nested --backend rtl` runs the same driver code as the model backend
#  (cmodel/driver/) against rtl/wq_top.v in lockstep with the golden model
#  (tb/verilator/top/dev_rtl.cpp over the Cosim core): every CSR access,
#  host memory access, step and event record is compared, o_irq against the
#  model's IRQ state, and the final memory images when each scenario ends.
#  Every tests/programs/nested/*.wqs scenario, with two memory-timing seeds;
#  then a scenario with a wrong .expect must fail on this backend too.
#
# Usage: bash scripts/rtl/nested.sh [SEED...]   (memory-timing seeds; default 1,
#        1 2 with WQ_RTL_FULL=1)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup top               # the lockstep harness is built by scripts/cosim_build.sh
# one memory-timing seed in make test, two with WQ_RTL_FULL=1 (make regress)
if [ "${WQ_RTL_FULL:-0}" = 1 ]; then vl_seeds "1 2" "$@"; else vl_seeds "1" "$@"; fi
make -s build >/dev/null || fail "make build"
G=build/verilator/top/nested
mkdir -p "$G"
n=$(ls tests/programs/nested/*.wqs | wc -l)
[ "$n" -gt 0 ] || fail "no scenarios in tests/programs/nested/"
for s in "${seeds[@]}"; do
    log="$G/all_s$s.log"
    if ! build/bin/wq nested --backend rtl --all --seed "$s" > "$log" 2>&1; then
        tail -40 "$log" >&2
        fail "nested on rtl, seed $s (log: $log; rerun: build/bin/wq nested --backend rtl --all --seed $s --wave build/nested.fst)"
    fi
    grep -q "^scenarios: $n, failed: 0$" "$log" || fail "nested seed $s: not 'scenarios: $n, failed: 0' (log: $log)"
    [ "$(grep -c '^  mismatches: 0$' "$log")" -eq "$n" ] || fail "nested seed $s: not $n x 'mismatches: 0' (log: $log)"
    [ "$(grep -c '^  backend: rtl' "$log")" -eq "$n" ] || fail "nested seed $s: not on the rtl backend (log: $log)"
    grep -q '^  nesting_depth: 3$' "$log" || fail "nested seed $s: no depth-3 scenario ran (log: $log)"
    grep -q '^  deque_recenters: [1-9]' "$log" || fail "nested seed $s: no deque re-centring on the rtl (log: $log)"
done
# a wrong check must fail on this backend too (the run itself agrees)
sed 's/^\.expect STAT+24,  1 /.expect STAT+24,  0 /' tests/programs/nested/exhaust.wqs > "$G/bad.wqs"
grep -q '^\.expect STAT+24,  0 ' "$G/bad.wqs" || fail "could not plant a wrong .expect in exhaust.wqs"
set +e
build/bin/wq nested --backend rtl "$G/bad.wqs" > "$G/bad.log" 2>&1
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "a wrong .expect on the rtl backend exited $rc, expected 1 (log: $G/bad.log)"
grep -q '^  mismatches: 0$' "$G/bad.log" || fail "the wrong-.expect run should still agree with the model"
echo "rtl_test: nested $n scenarios x ${#seeds[@]} seeds on the rtl backend, mismatches: 0"
