#!/usr/bin/env bash
# coverage.sh -- code and functional coverage of the lockstep runs
# (`make coverage`; not part of `make test`).  docs/verification.md
# "Coverage" explains the figures.
#
#  1. Builds the lockstep harness with Verilator --coverage-line
#     --coverage-toggle into build/verilator/top_cov/ (normal builds are
#     not touched) and runs what `make test` runs there: scripts/rtl/top.sh,
#     both parameter sets, every program and generated seed.  Every run
#     writes its coverage data and its functional counters
#     (tb/verilator/top/fcov.cpp) to build/reports/coverage/runs/.
#     Then the host-interface and semaphore block benches
#     (scripts/rtl/host.sh, sem.sh: their default seeds) and the core's
#     bench (scripts/rtl/core.sh: tb_sched at LANES 8 and wq_top with L1=0)
#     under coverage in build/verilator/bench_cov/ (wq_top's runs in
#     top_cov/ with the lockstep runs).
#  2. Merges the .dat files (verilator_coverage --write), writes the
#     annotated sources to build/reports/coverage/annotated/ and prints line
#     and toggle coverage per module (a point counts as covered when any
#     instance of the module hit it).
#  3. Sums the functional counters over all runs and prints every bin never
#     hit (the bins come from the spec tables; see fcov.h).
#
# Output: build/reports/coverage/{summary_lockstep.txt, summary.txt, fcov.txt,
#         merged_lockstep.dat, merged.dat, annotated/ (of merged.dat)}
# Usage: bash scripts/coverage.sh [SEED...]   (memory-timing seeds; default 1 2)
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "coverage: FAIL: $*" >&2; exit 1; }
. scripts/lib/coverage_sum.sh
R=build/reports/coverage
command -v verilator_coverage >/dev/null || fail "verilator_coverage not installed (make deps)"
rm -rf "$R"
mkdir -p "$R/runs"
t0=$(date +%s)

export WQ_COSIM_DIR=build/verilator/top_cov
export WQ_VERILATOR_FLAGS="--coverage-line --coverage-toggle"
export WQ_TOP_COV_DIR=$R/runs
bash scripts/rtl/top.sh "$@" || fail "lockstep runs (scripts/rtl/top.sh) failed under coverage"
mkdir -p "$R/bench"
for b in host sem; do
    WQ_VERILATOR_DIR=build/verilator/bench_cov WQ_COV_DIR=$R/bench bash "scripts/rtl/$b.sh" ||
        fail "$b bench failed under coverage"
done
# the core's own bench (tb_sched at LANES 8, the seeds above): the parts of
# wq_core only a scheduler bench reaches -- a sub-vector part or a loop-form
# half that runs dry, traps recentred through the debug window, grant
# delays; its wq_top run (L1=0) counts with the lockstep runs
WQ_RTL_FULL=0 WQ_VERILATOR_DIR=build/verilator/bench_cov WQ_COV_DIR=$R/bench \
    bash scripts/rtl/core.sh "$@" || fail "core bench failed under coverage"
unset WQ_COSIM_DIR WQ_VERILATOR_FLAGS WQ_TOP_COV_DIR

shopt -s nullglob
dats=("$R"/runs/*.dat)
fcovs=("$R"/runs/*.fcov)
bdats=("$R"/bench/*.dat)
[ ${#dats[@]} -gt 0 ] || fail "no coverage data written ($R/runs)"
[ ${#fcovs[@]} -eq ${#dats[@]} ] || fail "${#dats[@]} coverage files but ${#fcovs[@]} counter files"
[ ${#bdats[@]} -gt 0 ] || fail "the block benches wrote no coverage data ($R/bench)"

# ---- code coverage ---------------------------------------------------------------
verilator_coverage --write "$R/merged_lockstep.dat" "${dats[@]}" > "$R/merge.log" 2>&1 ||
    { cat "$R/merge.log" >&2; fail "verilator_coverage --write"; }
verilator_coverage --write "$R/merged.dat" "$R/merged_lockstep.dat" "${bdats[@]}" >> "$R/merge.log" 2>&1 ||
    { cat "$R/merge.log" >&2; fail "verilator_coverage --write"; }
verilator_coverage --annotate "$R/annotated" --annotate-min 1 "$R/merged.dat" \
    > "$R/annotate.log" 2>&1 || { cat "$R/annotate.log" >&2; fail "verilator_coverage --annotate"; }

cov_summarize "$R/merged_lockstep.dat" > "$R/summary_lockstep.txt"
cov_summarize "$R/merged.dat" > "$R/summary.txt"
grep -q '^TOTAL' "$R/summary.txt" || fail "no coverage points in $R/merged.dat"

# ---- functional coverage ------------------------------------------------------------
cov_fcov_sum "${fcovs[@]}" > "$R/fcov.txt"
bins=$(wc -l < "$R/fcov.txt")
[ "$bins" -gt 0 ] || fail "no functional bins"
holes=$(awk '$2 == 0' "$R/fcov.txt" | wc -l)

secs=$(( $(date +%s) - t0 ))
echo "coverage: ${#dats[@]} lockstep runs (code coverage per module, merged over instances):"
sed 's/^/  /' "$R/summary_lockstep.txt"
echo "coverage: the same plus ${#bdats[@]} block bench runs (host, semaphore, scheduler):"
sed 's/^/  /' "$R/summary.txt"
echo "coverage: functional bins hit: $((bins - holes))/$bins (summed over ${#fcovs[@]} runs: $R/fcov.txt)"
if [ "$holes" -gt 0 ]; then
    echo "coverage: bins never hit:"
    awk '$2 == 0 { print "  " $1 }' "$R/fcov.txt"
fi
echo "coverage: annotated sources: $R/annotated/ (lines with '%000000' were never run)"
echo "coverage: done in ${secs}s"
