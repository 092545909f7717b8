#!/usr/bin/env bash
# rtl/mempath.sh -- the scheduler's memory path (rtl/core/wq_mempath.v: the
# L1 data cache in front of the word port, docs/rtl/wq_mempath.md) and the
# commit stream's ordering contract it must keep (docs/rtl/commit.md,
# rule 3: the memory ordering point sees the commits' accesses in commit
# order).  Run by `make regress` (beside scripts/commit_plant.sh's planted
# bug) and scripts/rtl_test.sh (`make rtl-test`); not by `make test`,
# whose lockstep runs hold the real RTL to the same contract
# (scripts/rtl/top.sh) without building the two broken copies below.
#
# The memory path itself runs in every lockstep run of scripts/rtl/top.sh
# (wq_top has L1=1 with the core).  This bench proves that
# the checker catches a cache that breaks the ordering: a copy of rtl/
# whose L1 does not update a line on a write hit (the store is performed
# at memory, the cache keeps the bytes from before it, so a later load of
# the address is answered as if it had been performed ahead of the earlier
# store) runs tests/programs/mem_order.wqs (loads after same-address stores
# inside one hold of the lock, and ATOM lanes reading the word the previous
# lane wrote) in lockstep on the small configuration with the core (LANES=8,
# DIV_LANES=2, the L1 on: scripts/rtl/top.sh's small set, whose build of
# rtl/ it shares).  The real RTL must agree; the copy must stop with the
# first-mismatch report: exit 1, `MISMATCH at cycle N (seed S, ...)`, the
# differing field with both values, the recent records of both sides and
# `mismatches: 1`.
#
# Usage: bash scripts/rtl/mempath.sh [SEED...]   (the memory-timing seed;
#        default 1; only the first is used)
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "mempath: FAIL: $*" >&2; exit 1; }
seed=1
for a in "$@"; do case "$a" in [0-9]*) seed=$a; break ;; esac; done
D=build/mempath_plant
FILE=core/wq_l1.v
ANCHOR='if (st_hit && r_idx == i[IB-1:0]) c_live[i] <= 1'"'"'b1;'
WRONG='if (1'"'"'b0) c_live[i] <= 1'"'"'b1;   // planted: a write hit leaves the line stale (read as installed)'
PROG=tests/programs/mem_order.wqs
make -s build > /dev/null || fail "make build"
# the broken copy's report: the differing field with both values, the
# recent records (sets $field)
report() {
    local log=$D/bad.log
    field=$(grep -m1 -oE '(field [a-z]+|REG_WRITE r[0-9]+ lane [0-9]+): expected (0x)?[0-9a-f]+ actual (0x)?[0-9a-f]+' "$log" || true)
    [ -n "$field" ] || fail "no differing field with expected and actual values (log: $log)"
    grep -q -i 'last records\|recent' "$log" || fail "no recent records in the report (log: $log)"
    sed -n '/^MISMATCH/,/rerun:/p' "$log"
}
. scripts/lib/plant.sh
plant_copy "$D" "$FILE" "$ANCHOR" "$WRONG"
plant_runs "$D" "$PROG" "$seed" 2 2 8 4 16 1 1 0 2
report
echo "rtl_test: mempath: a cache that answers a load from before a same-address store is caught (seed $seed, $field)"

# The LSU queue (rtl/core/wq_lsu_entry.v, the request stage's entry
# register and the queue scan in front of it): a copy whose scan loads the
# youngest waiting memory instruction first, so a later store's writes are
# performed before an older access's (which still commits first), runs
# tests/programs/lsu_order4.wqs (four warps loading and storing the same
# words, several instructions waiting in the queue while one's requests go
# out) in lockstep on the default configuration: the first-mismatch report
# as above, the real RTL agreeing.
D=build/lsu_order_plant
FILE=core/wq_lsu_entry.v
ANCHOR='for (qi = LSQ - 1; qi >= 0; qi = qi - 1) begin'
WRONG='for (qi = 0; qi < LSQ; qi = qi + 1) begin   // planted: the youngest entry requests first'
PROG=tests/programs/lsu_order4.wqs
plant_copy "$D" "$FILE" "$ANCHOR" "$WRONG"
plant_runs "$D" "$PROG" "$seed"
report
echo "rtl_test: mempath: a later memory instruction performed before an earlier one (same words) is caught (seed $seed, $field)"
