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
# tests/programs/ibuf_wrap.wqs (a loop longer than the buffer) on the real
# RTL (must agree) and on the copy, and checks the copy's report: exit 1,
# `MISMATCH at cycle N`, the differing field with both values, and
# `mismatches: 1`.  Fails loudly when the anchor is not found exactly once.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "commit_plant: FAIL: $*" >&2; exit 1; }
D=build/commit_plant
FILE=core/wq_ibuf.v
ANCHOR='assign o_hit  = r_valid && rd[TW+DW-1:DW] == r_tag;'
WRONG='assign o_hit  = r_valid && (rd[TW+DW-1:DW] == r_tag || 1'"'"'b1);   // commit_plant: the tag is ignored'
PROG=tests/programs/ibuf_wrap.wqs
SEED=1
make -s build > /dev/null || fail "make build"
. scripts/lib/plant.sh
plant_copy "$D" "$FILE" "$ANCHOR" "$WRONG"
plant_runs "$D" "$PROG" "$SEED"
log=$D/bad.log
field=$(grep -m1 -oE '(field [a-z]+|REG_WRITE r[0-9]+ lane [0-9]+): expected (0x)?[0-9a-f]+ actual (0x)?[0-9a-f]+' "$log" || true)
[ -n "$field" ] || fail "no differing field with expected and actual values (log: $log)"
sed -n '/^MISMATCH/,/rerun:/p' "$log"
echo "commit_plant: ok (caught: $field)"
