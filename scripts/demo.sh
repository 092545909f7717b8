#!/usr/bin/env bash
# demo.sh -- `make run`: the flagship demonstration, on the golden model and
# (step 4) on the RTL in lockstep with it.
# 32 threads of one warp take one global spin lock inside divergent code.
# With YIELD (the token deque) every thread gets the lock; with YIELD off the
# same machine is a plain reconvergence stack and livelocks, and the model
# reports the forward-progress failure instead of hanging.
set -uo pipefail
cd "$(dirname "$0")/.."
WQ=build/bin/wq
P=tests/programs/spinlock.wqs
line() { printf '%s\n' "------------------------------------------------------------------------"; }

echo "warpq demo: $P on the C golden model"
echo "  (source: $P; each run: build/bin/wq run [--yield=off] $P)"
line
echo "1) YIELD on: divergent threads park on tokens; YIELD tokens go to the back"
$WQ run "$P" | grep -E "^(machine|ticks|ctas|deque|channel|result|expects)|order of lock|^  000081" | sed 's/^/   /'
rc1=${PIPESTATUS[0]}
line
echo "2) YIELD off: the lock holder waits on a BRK token the spinners never pop"
$WQ run --yield=off "$P" | grep -E "^(ticks|deque|result)|warp 0 pc" | sed 's/^/   /'
rc2=${PIPESTATUS[0]}
line
echo "3) the same kernel on 8 and 16 physical lanes (4 and 2 passes per instruction)"
for l in 8 16; do
    printf '   lanes %-3s ' "$l"
    $WQ run --lanes "$l" "$P" | grep -E "^(ctas|expects)" | tr '\n' ' '
    echo
done
line
echo "4) nested work on the RTL (Verilated wq_top) in lockstep with the golden model:"
echo "   threads enqueue children, children enqueue grandchildren (depth 3), no CPU"
echo "   round trip; every step, record, CSR and memory access is compared"
echo "   (build/bin/wq nested --backend rtl --scenario depth; first run builds the RTL)"
$WQ nested --backend rtl --scenario depth > build/demo_nested.log 2>&1
rc3=$?
grep -E "^  (backend|channels|sessions|launches|nesting_depth|deque_recenters|cycles|expects|mismatches|result)" build/demo_nested.log | sed 's/^/  /'
[ "$rc3" -eq 0 ] || tail -30 build/demo_nested.log
printf '   the same driver on the model backend: '
$WQ nested --scenario depth | grep -E "^  (launches|nesting_depth|cycles|result)" | sed -e 's/^  //' -e 's/^cycles:/model ticks:/' | tr '\n' ' '
echo
line
echo "summary: yield on exit=$rc1 (expected 0), yield off exit=$rc2 (expected non-zero), nested exit=$rc3 (expected 0)"
[ "$rc1" -eq 0 ] && [ "$rc2" -ne 0 ] && [ "$rc3" -eq 0 ]
