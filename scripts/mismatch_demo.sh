#!/usr/bin/env bash
# mismatch_demo.sh -- proof that the lockstep harness catches a wrong RTL
# edit and says where (run by `make regress` before the seeds).
#
# Copies rtl/ to build/mismatch_demo/rtl, changes one line of it (XOR
# computes OR in wq_alu.v), builds the harness against the copy
# (scripts/cosim_build.sh --rtl/--out), runs tests/programs/loops.wqs on
# the real RTL (must agree: mismatches: 0) and on the broken copy, and
# checks the second report: exit 1, `MISMATCH at cycle N (seed S`, the
# differing field with expected and actual values, and the recent-records
# table of both sides.  Prints the report.  Fails loudly when the anchor
# line is not found exactly once (rtl/wq_alu.v changed: update ANCHOR).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "mismatch_demo: FAIL: $*" >&2; exit 1; }
D=build/mismatch_demo
FILE=wq_alu.v
ANCHOR='(i_op == `WQ_OP_OR) ? (a | b) : (a ^ b);'
WRONG='(i_op == `WQ_OP_OR) ? (a | b) : (a | b);   // mismatch_demo: deliberately wrong'
PROG=tests/programs/loops.wqs
SEED=5
make -s build > /dev/null || fail "make build"
mkdir -p "$D"
[ -f "rtl/$FILE" ] || fail "rtl/$FILE not found"
n=$(grep -cF -- "$ANCHOR" "rtl/$FILE" || true)
[ "$n" = 1 ] || fail "anchor '$ANCHOR' found $n times in rtl/$FILE (expected exactly once)"
grep -q 'xor' "$PROG" || fail "$PROG has no xor: the edit would not show"

# the broken copy; an unchanged copy keeps its timestamps (cached build)
rm -rf "$D/rtl.new"
cp -rp rtl "$D/rtl.new"
awk -v a="$ANCHOR" -v w="$WRONG" '{ i = index($0, a); if (i) $0 = substr($0, 1, i - 1) w substr($0, i + length(a)); print }' \
    "rtl/$FILE" > "$D/rtl.new/$FILE"
[ "$(grep -cF -- "$WRONG" "$D/rtl.new/$FILE")" = 1 ] || fail "the edit did not apply"
[ "$(diff rtl/$FILE "$D/rtl.new/$FILE" | grep -c '^[<>]')" = 2 ] || fail "the edit changed more than one line"
if [ -d "$D/rtl" ] && diff -r -q "$D/rtl" "$D/rtl.new" > /dev/null; then
    rm -rf "$D/rtl.new"
else
    rm -rf "$D/rtl"
    mv "$D/rtl.new" "$D/rtl"
fi
echo "mismatch_demo: rtl/$FILE: '$ANCHOR' -> '$WRONG'"

good=$(bash scripts/cosim_build.sh 4 8 32 6 32) || fail "cosim build (rtl/)"
bad=$(bash scripts/cosim_build.sh --rtl "$D/rtl" --out "$D/build" 4 8 32 6 32) || fail "cosim build ($D/rtl)"

# the real RTL agrees on this program and seed
"$good" "$PROG" --seed "$SEED" > "$D/good.log" 2>&1 || { tail -30 "$D/good.log"; fail "$PROG on rtl/ (log: $D/good.log)"; }
grep -q '^mismatches: 0$' "$D/good.log" || fail "$PROG on rtl/: no 'mismatches: 0'"

# the broken copy must be caught, with a complete report
rc=0
"$bad" "$PROG" --seed "$SEED" > "$D/bad.log" 2>&1 || rc=$?
log=$D/bad.log
[ "$rc" = 1 ] || { tail -30 "$log"; fail "broken RTL: exit $rc, expected 1 (log: $log)"; }
grep -qE "^MISMATCH at cycle [0-9]+ \(seed $SEED, program $PROG, step [0-9]+\)$" "$log" ||
    fail "no 'MISMATCH at cycle N (seed $SEED, ...' line (log: $log)"
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
grep -q '^mismatches: 1$' "$log" || fail "no 'mismatches: 1' (log: $log)"
echo "mismatch_demo: the report of the broken RTL ($log):"
sed -n '/^MISMATCH/,/rerun:/p' "$log"
echo "mismatch_demo: ok (caught: $field)"
