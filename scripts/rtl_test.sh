#!/usr/bin/env bash
# rtl_test.sh -- every RTL unit bench against the C golden model (run by
# `make test` and `make rtl-test`).  One script per block in scripts/rtl/,
# each building its Verilator bench and running it over several fixed
# seeds; the first failure stops the run and names the seed and how to
# re-run it with a waveform.
#
# The formal job (scripts/rtl/formal.sh) is single-threaded solver work, so
# it runs beside the simulation benches instead of after them: on two cores
# the whole run takes the time of the benches alone.  Its output is printed
# when it ends; a formal failure fails the run like any bench.
#
# Usage: bash scripts/rtl_test.sh [SEED...]   (seeds passed to every bench)
#        bash scripts/rtl_test.sh --guard-only  (only the guards -- the bench
#        library's and scripts/rtl_orphans.py's, every module of rtl/
#        instantiated: scripts/test.sh runs the benches as suites of their own)
set -euo pipefail
guard_only=0
[ "${1:-}" = --guard-only ] && { guard_only=1; shift; }
cd "$(dirname "$0")/.."
shopt -s nullglob
mkdir -p build/reports
# the bench library's guard (scripts/lib/verilator.sh): a build whose
# dependency list names a file of the tree's rtl/ while the RTL under test is
# a copy must fail; one that names only the copy must pass
g=$(mktemp -d)
mkdir -p "$g/copy" "$g/bad" "$g/good"
echo "x: $(pwd)/rtl/wq_top.v $g/copy/wq_top.v" > "$g/bad/Vx__ver.d"
echo "x: $g/copy/wq_top.v" > "$g/good/Vx__ver.d"
if (WQ_RTL_DIR="$g/copy" && . scripts/lib/verilator.sh && vl_setup guard &&
    vl_check_sources "$g/bad") 2>/dev/null; then
    echo "rtl_test: FAIL: vl_check_sources missed a read of the tree's rtl/" >&2; exit 1
fi
(WQ_RTL_DIR="$g/copy" && . scripts/lib/verilator.sh && vl_setup guard &&
    vl_check_sources "$g/good") || { echo "rtl_test: FAIL: vl_check_sources on a clean build" >&2; exit 1; }
rm -rf "$g"
echo "rtl_test: a bench build of a copy that reads the tree's rtl/ is refused"
# no module under rtl/ that nothing instantiates (its checks would check
# nothing the device runs), and the check's own plant
o=$(python3 scripts/rtl_orphans.py --selftest) || { echo "$o"; exit 1; }
python3 scripts/rtl_orphans.py | sed 's/^rtl_orphans:/rtl_test:/' || exit 1
[ $guard_only = 1 ] && exit 0
flog=build/reports/rtl_test_formal.log
fpid=
if [ -f scripts/rtl/formal.sh ]; then
    bash scripts/rtl/formal.sh "$@" > "$flog" 2>&1 &
    fpid=$!
fi
finish_formal() {
    [ -n "$fpid" ] || return 0
    local rc=0
    wait "$fpid" || rc=$?
    fpid=
    cat "$flog"
    [ "$rc" = 0 ] || { echo "rtl_test: FAIL: scripts/rtl/formal.sh (log: $flog)" >&2; return 1; }
}
trap '[ -n "$fpid" ] && { pkill -TERM -P "$fpid" 2>/dev/null; kill "$fpid" 2>/dev/null; }; true' EXIT
n=0
for s in scripts/rtl/*.sh; do
    [ "$s" = scripts/rtl/formal.sh ] && continue
    bash "$s" "$@" || { echo "rtl_test: FAIL: $s" >&2; exit 1; }
    n=$((n + 1))
done
finish_formal || exit 1
[ -f scripts/rtl/formal.sh ] && n=$((n + 1))
echo "rtl_test: $n block benches passed"
