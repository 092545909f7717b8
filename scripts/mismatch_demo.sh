#!/usr/bin/env bash
# mismatch_demo.sh -- proof that the lockstep harness catches a wrong RTL
# edit and says where (run by `make regress` before the seeds).
#
# Copies rtl/ to build/mismatch_demo/rtl, changes one line of it (XOR
# computes OR in the default core's
# vector ALU, rtl/core/wq_valu.v), builds the harness against the copy
# (scripts/cosim_build.sh --rtl/--out), runs tests/programs/loops.wqs on
# the real RTL (must agree: mismatches: 0) and on the broken copy, and
# checks the second report: exit 1, `MISMATCH at cycle N (seed S`, the
# differing field with expected and actual values, and the recent-records
# table of both sides.  Prints the report.  Fails loudly when the anchor
# line is not found exactly once (rtl/core/wq_valu.v changed: update
# ANCHOR).
#
# --copy-only: only make the broken copy and print its folder (the planted
# failing seed of scripts/slurm_test.sh runs scripts/regress --rtl on it).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "mismatch_demo: FAIL: $*" >&2; exit 1; }
D=build/mismatch_demo
FILE=core/wq_valu.v
ANCHOR='| ({32{op_xor}}  & (a ^ b))'
WRONG='| ({32{op_xor}}  & (a | b))   // mismatch_demo: deliberately wrong'
PROG=tests/programs/loops.wqs
SEED=5
. scripts/lib/plant.sh
if [ "${1:-}" = "--copy-only" ]; then
    plant_copy "$D" "$FILE" "$ANCHOR" "$WRONG"
    echo "$D/rtl"
    exit 0
fi
make -s build > /dev/null || fail "make build"
grep -q 'xor' "$PROG" || fail "$PROG has no xor: the edit would not show"
plant_copy "$D" "$FILE" "$ANCHOR" "$WRONG"
echo "mismatch_demo: rtl/$FILE: '$ANCHOR' -> '$WRONG'"

# the real RTL agrees on this program and seed; the broken copy must be
# caught, with a complete report
plant_runs "$D" "$PROG" "$SEED"
log=$D/bad.log
grep -qE '(field [a-z]+|REG_WRITE r[0-9]+ lane [0-9]+): expected 0x[0-9a-f]+ actual 0x[0-9a-f]+' "$log" ||
    fail "no differing field with expected and actual values (log: $log)"
field=$(grep -m1 -oE '(field [a-z]+|REG_WRITE r[0-9]+ lane [0-9]+): expected 0x[0-9a-f]+ actual 0x[0-9a-f]+' "$log")
# a lane of XOR vs OR differs exactly where both operands have a 1
read -r exp act < <(echo "$field" | sed -E 's/.*expected (0x[0-9a-f]+) actual (0x[0-9a-f]+)/\1 \2/')
[ $(( (exp | act) == act && (act & ~exp) != 0 )) = 1 ] || fail "the differing values ($exp, $act) are not an XOR computed as OR"
for t in 'last records, model (expected):' 'last records, RTL (actual):'; do
    grep -qF "$t" "$log" || fail "no '$t' table (log: $log)"
done
nrec=$(awk '/last records, model/{on=1; next} /last records, RTL/{on=2; next} /rerun:/{on=0} on && /^    [^ ]/{n[on]++} END{print (n[1] < n[2] ? n[1] : n[2]) + 0}' "$log")
[ "$nrec" -ge 2 ] || fail "a recent-records table has fewer than 2 records (log: $log)"
echo "mismatch_demo: the report of the broken RTL ($log):"
sed -n '/^MISMATCH/,/rerun:/p' "$log"
echo "mismatch_demo: ok (caught: $field)"
