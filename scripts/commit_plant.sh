#!/usr/bin/env bash
# commit_plant.sh -- proof that the lockstep checker relies on the
# commit stream's ordering contract (docs/rtl/commit.md, rule 5: a buffer
# answers only with what memory holds) and reports a break of it (run by
# `make regress` beside scripts/mismatch_demo.sh).
#
# Copies rtl/ to build/commit_plant/rtl, plants one bug in the scheduler's
# instruction buffer (rtl/core/wq_ibuf.v: the tag compare removed, so an
# entry answers for every address of its index and a fetch gets another
# PC's instruction), builds the lockstep harness against the copy, runs
# tests/programs/bench/alu_ipc.wqs (longer than the buffer) on the real
# RTL (must agree) and on the copy, and checks the copy's report: exit 1,
# `MISMATCH at cycle N`, the differing field with both values, and
# `mismatches: 1`.  Fails loudly when the anchor is not found exactly once.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "commit_plant: FAIL: $*" >&2; exit 1; }
D=build/commit_plant
FILE=core/wq_ibuf.v
ANCHOR='assign o_hit  = r_valid && rd[TW+63:64] == r_tag;'
WRONG='assign o_hit  = r_valid;   // commit_plant: the tag is ignored'
PROG=tests/programs/bench/alu_ipc.wqs
SEED=1
make -s build > /dev/null || fail "make build"
n=$(grep -cF -- "$ANCHOR" "rtl/$FILE" || true)
[ "$n" = 1 ] || fail "anchor '$ANCHOR' found $n times in rtl/$FILE (expected exactly once)"

# the broken copy; an unchanged copy keeps its timestamps (cached build)
rm -rf "$D/rtl.new"
mkdir -p "$D"
cp -rp rtl "$D/rtl.new"
awk -v a="$ANCHOR" -v w="$WRONG" '{ i = index($0, a); if (i) $0 = substr($0, 1, i - 1) w substr($0, i + length(a)); print }' \
    "rtl/$FILE" > "$D/rtl.new/$FILE"
[ "$(diff "rtl/$FILE" "$D/rtl.new/$FILE" | grep -c '^[<>]')" = 2 ] || fail "the edit changed more than one line"
if [ -d "$D/rtl" ] && diff -r -q "$D/rtl" "$D/rtl.new" > /dev/null; then
    rm -rf "$D/rtl.new"
else
    rm -rf "$D/rtl"
    mv "$D/rtl.new" "$D/rtl"
fi

good=$(bash scripts/cosim_build.sh 4 8 32 6 32) || fail "cosim build (rtl/)"
bad=$(bash scripts/cosim_build.sh --rtl "$D/rtl" --out "$D/build" 4 8 32 6 32) || fail "cosim build ($D/rtl)"
"$good" "$PROG" --seed "$SEED" > "$D/good.log" 2>&1 || { tail -30 "$D/good.log"; fail "$PROG on rtl/ (log: $D/good.log)"; }
grep -q '^mismatches: 0$' "$D/good.log" || fail "$PROG on rtl/: no 'mismatches: 0'"

rc=0
"$bad" "$PROG" --seed "$SEED" > "$D/bad.log" 2>&1 || rc=$?
log=$D/bad.log
[ "$rc" = 1 ] || { tail -30 "$log"; fail "planted bug: exit $rc, expected 1 (log: $log)"; }
grep -qE "^MISMATCH at cycle [0-9]+ \(seed $SEED, program $PROG, step [0-9]+\)$" "$log" ||
    fail "no 'MISMATCH at cycle N (seed $SEED, ...' line (log: $log)"
field=$(grep -m1 -oE '[A-Za-z_ 0-9]+: expected 0x[0-9a-f]+ actual 0x[0-9a-f]+' "$log" || true)
[ -n "$field" ] || fail "no differing field with expected and actual values (log: $log)"
grep -q '^mismatches: 1$' "$log" || fail "no 'mismatches: 1' (log: $log)"
sed -n '/^MISMATCH/,/rerun:/p' "$log"
echo "commit_plant: ok (caught: $field)"
