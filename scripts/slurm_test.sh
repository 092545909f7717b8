#!/usr/bin/env bash
# slurm_test.sh -- scripts/regress --slurm on a real one-node Slurm cluster
# (run by `make regress`; docs/verification.md, "Running on a cluster").
#
# Starts munged, slurmctld and slurmd on this machine in a temporary folder
# (scripts/lib/slurm_local.sh: generated key and slurm.conf, no system file
# read or changed), then:
#   1. seeds SEEDS (default 1..40, both kinds) by plain scripts/regress, and
#      by --slurm in 4 array tasks: the merged JUnit must hold the same
#      tests with the same verdicts, and the run must pass;
#   2. the same --slurm run with one running task cancelled (scancel): the
#      run must fail and name that shard and task as dead, and
#      `scripts/regress --resubmit RUN` must run exactly that shard's seeds
#      again, and pass;
#   3. a planted failure: seeds 3 and 6 (kind prog) on the broken RTL copy
#      of scripts/mismatch_demo.sh: the run must fail and name both seeds
#      with their replay commands, and the replay of seed 3, run here as on
#      a laptop, must fail with a MISMATCH.
#   4. the ECP5 seed sweep as a job array (FPGA_SLURM=1 scripts/fpga.sh
#      ecp5) on made-up tools (scripts/lib/ecp5_fake_tools.sh): with a
#      task cancelled the run must fail and name it, report every seed's
#      outcome and choose the fastest routed seed; without, pass; with no
#      seed routed, fail.
#   5. coverage at scale: seeds CSEEDS (default 3,6,9,12, both kinds) by
#      scripts/regress --coverage on this machine and by --slurm
#      --coverage in 2 array tasks: the merged coverage data must hold the
#      same points with the same counts, hence the same per-module line
#      and toggle table, and the functional bins the same sums.
# SLURM_TEST_ONLY=regress runs 1-3 alone, =fpga 4, =coverage 5.
# Every daemon and job is stopped and the folder removed on every exit path;
# the last check is that no process of the cluster is alive.  Prints the
# wall and CPU time of the whole test.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "slurm_test: FAIL: $*" >&2; exit 1; }
SEEDS=${SLURM_TEST_SEEDS:-1..40}
ONLY=${SLURM_TEST_ONLY:-}
case $ONLY in ""|regress|coverage|fpga) ;; *) fail "SLURM_TEST_ONLY: '$ONLY' (regress, coverage or fpga)" ;; esac
CSEEDS=${SLURM_TEST_COV_SEEDS:-3,6,9,12}   # check 5's: S % 3 == 0, one harness (LANES 8)
FT=slurm_test     # the FPGA sweep's FPGA_TAG: build/fpga/ecp5_slurm_test, removed at the end
for c in munged mungekey slurmctld slurmd sbatch scontrol scancel squeue; do
    command -v "$c" > /dev/null || fail "$c not found (make deps installs munge, slurmctld, slurmd, slurm-client)"
done
. scripts/lib/slurm_local.sh
. scripts/lib/ecp5_fake_tools.sh
make -s build > /dev/null || fail "make build"

D=$(mktemp -d /tmp/wq-slurm-test.XXXXXX)
sub=
kill_tree() {   # PID and its descendants, children first
    local c
    for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do kill_tree "$c"; done
    kill "$1" 2>/dev/null || true
}
cleanup() {
    local rc=$?
    # a submitting scripts/regress still waiting in the background
    [ -z "$sub" ] || kill_tree "$sub"
    slurm_local_stop "$D" || { echo "slurm_test: FAIL: processes of the cluster still alive: $(slurm_local_alive "$D")" >&2; rc=1; }
    rm -rf "$D" "build/fpga/ecp5_$FT" "build/reports/fpga_ecp5_$FT.txt"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
t0=$(date +%s.%N)
elapsed() { awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f s", b - a }'; }

slurm_local_start "$D"
echo "slurm_test: one-node cluster up ($D, SLURM_CONF=$SLURM_CONF)"

# a submitting scripts/regress, in the background so that a signal reaches
# the trap (and the trap ends it) while the test waits for it
submit() {   # LOG ARG...
    local log=$1; shift
    bash scripts/regress "$@" > "$log" 2>&1 &
    sub=$!
    local rc=0
    wait "$sub" || rc=$?
    sub=
    return "$rc"
}

# the tests of a JUnit file as "classname name pass|fail", sorted
tests_of() {
    awk '/<testcase / { match($0, /classname="[^"]*"/); c = substr($0, RSTART + 11, RLENGTH - 12)
                        match($0, / name="[^"]*"/); n = substr($0, RSTART + 7, RLENGTH - 8)
                        if (/\/>$/) print c, n, "pass"; else { pc = c; pn = n } }
         /^<failure / && pn != "" { print pc, pn, "fail"; pn = "" }' "$1" | sort
}

# ---- 1. the same seeds by plain scripts/regress and by --slurm -----------------------
if [ -z "$ONLY" ] || [ "$ONLY" = regress ]; then
bash scripts/regress --seeds "$SEEDS" --kind all --jobs 2 --junit "$D/plain.xml" > "$D/plain.log" ||
    { tail -5 "$D/plain.log"; fail "plain scripts/regress --seeds $SEEDS failed"; }
submit "$D/ok.log" --slurm --seeds "$SEEDS" --nodes 4 --run "$D/ok" --junit "$D/slurm.xml" ||
    { cat "$D/ok.log"; fail "scripts/regress --slurm --seeds $SEEDS failed"; }
[ "$(grep -c '^regress: build job' "$D/ok.log")" = 1 ] || fail "no job ids printed"
tests_of "$D/plain.xml" > "$D/plain.tests"
tests_of "$D/slurm.xml" > "$D/slurm.tests"
n=$(wc -l < "$D/plain.tests")
[ "$n" -gt 0 ] || fail "the plain run has no tests"
diff "$D/plain.tests" "$D/slurm.tests" > "$D/tests.diff" ||
    { head -20 "$D/tests.diff"; fail "the merged JUnit of --slurm differs from the plain run's"; }
grep -q "^passed: $n failed: 0 dead tasks: 0$" "$D/ok.log" || { cat "$D/ok.log"; fail "the --slurm verdict does not say $n passed"; }
echo "slurm_test: 1. ($(elapsed)) --slurm, 4 tasks: the merged JUnit equals the plain run's, test for test ($n tests)"

# ---- 2. a task killed while it runs ------------------------------------------------------
# --jobs 2: each task takes both CPUs, so the tasks run one after the other
# and one of them is surely running when the test looks
# A task may write its JUnit between the look and the cancel: then its
# results are whole and the run rightly passes, and the check is run again
# (up to three times) rather than taking that race for a failure.
for attempt in 1 2 3; do
    rm -rf "$D/kill"
    bash scripts/regress --slurm --seeds "$SEEDS" --nodes 4 --jobs 2 --run "$D/kill" > "$D/kill.log" 2>&1 &
    sub=$!
    killed=
    for ((i = 0; i < 600; i++)); do
        if [ -f "$D/kill/jobs" ]; then
            read -r _ aid _ < "$D/kill/jobs"
            # the running task: cancel it unless its JUnit is already written
            r=$(squeue -h -j "$aid" -t RUNNING -o '%K' 2>/dev/null | head -1)
            if [ -n "$r" ] && [ ! -f "$D/kill/junit/shard_$r.xml" ] && scancel "${aid}_$r" 2>/dev/null; then
                killed=$r
            fi
        fi
        [ -z "$killed" ] || break
        sleep 0.1
    done
    [ -n "$killed" ] || fail "no running task to cancel within 60 s"
    rc=0; wait "$sub" || rc=$?
    sub=
    if [ "$rc" = 0 ] && [ -f "$D/kill/junit/shard_$killed.xml" ] && [ "$attempt" -lt 3 ]; then
        echo "slurm_test: 2. task ${aid}_$killed ended before its cancel took effect (its JUnit is whole): again"
        continue
    fi
    break
done
[ "$rc" = 1 ] || { cat "$D/kill.log"; fail "a run with a cancelled task exited $rc, expected 1"; }
grep -q "^DEAD: shard $killed/4 .*task ${aid}_$killed CANCELLED" "$D/kill.log" ||
    { cat "$D/kill.log"; fail "the verdict does not name the cancelled task ${aid}_$killed"; }
[ "$(grep -c '^DEAD:' "$D/kill.log")" = 1 ] || { cat "$D/kill.log"; fail "more than one dead task reported"; }
! grep -q '^FAIL:' "$D/kill.log" || { cat "$D/kill.log"; fail "a seed failed in the run with a cancelled task"; }
grep -q "classname=\"regress.slurm\" name=\"shard $killed/4\"" "$D/kill/junit.xml" ||
    fail "the merged JUnit has no failing testcase for the dead shard"
echo "slurm_test: 2. ($(elapsed)) task ${aid}_$killed cancelled while running: the run fails and names it"
submit "$D/again.log" --resubmit "$D/kill" --run "$D/again" --junit "$D/again.xml" ||
    { cat "$D/again.log"; fail "--resubmit of the dead shard failed"; }
# exactly the dead shard's seeds, the same tests as the plain run's of them
want=$(awk -v k="$killed" '{ split($0, a, "seed "); split(a[2], b, " "); if (b[1] % 4 == k) print }' "$D/plain.tests")
tests_of "$D/again.xml" > "$D/again.tests"
diff <(printf '%s\n' "$want") "$D/again.tests" > "$D/again.diff" ||
    { head "$D/again.diff"; cat "$D/again.log"; fail "--resubmit did not run exactly shard $killed's tests"; }
echo "slurm_test:    ($(elapsed)) --resubmit ran only shard $killed's $(wc -l <<< "$want") tests, and they pass"

# ---- 3. a planted failure: the broken RTL copy of scripts/mismatch_demo.sh --------------
bad=$(bash scripts/mismatch_demo.sh --copy-only)
rc=0
submit "$D/bad.log" --slurm --rtl "$bad" --seeds 3,6 --kind prog --nodes 2 --run "$D/bad" || rc=$?
[ "$rc" = 1 ] || { cat "$D/bad.log"; fail "the run on the broken RTL exited $rc, expected 1"; }
for s in 3 6; do
    grep -q "^FAIL: prog seed $s (.*): MISMATCH at cycle" "$D/bad.log" ||
        { cat "$D/bad.log"; fail "the verdict does not name prog seed $s with its MISMATCH"; }
    grep -qxF "      replay: scripts/regress --seeds $s..$s --kind prog --rtl $bad" "$D/bad.log" ||
        { cat "$D/bad.log"; fail "no replay command for prog seed $s"; }
done
grep -q '^passed: 0 failed: 2 dead tasks: 0$' "$D/bad.log" || { cat "$D/bad.log"; fail "the verdict does not count 2 failures"; }
replay=$(grep -m1 -F "replay: scripts/regress --seeds 3..3 " "$D/bad.log" | sed 's/^ *replay: //')
rc=0
eval "$replay" > "$D/replay.log" 2>&1 || rc=$?
[ "$rc" = 1 ] && grep -q '^FAIL: prog seed 3 .*MISMATCH at cycle' "$D/replay.log" ||
    { cat "$D/replay.log"; fail "the replay '$replay' did not fail with the same MISMATCH"; }
echo "slurm_test: 3. ($(elapsed)) planted failure: the run fails, names prog seeds 3 and 6; the replay of seed 3 fails here too"

fi

# ---- 4. the ECP5 seed sweep as a job array (FPGA_SLURM=1 scripts/fpga.sh ecp5) ----------
# on tools made up for it (scripts/lib/ecp5_fake_tools.sh; a real place
# and route is an hour): seeds 5 and 7 route (17.25 and 19.07 MHz), 11's
# placement fails, 9's router is slow and its task is cancelled while it
# runs; then 5, 7 and 11 alone; then 11 alone
if [ -z "$ONLY" ] || [ "$ONLY" = fpga ]; then
fo=build/fpga/ecp5_$FT
fpga_sweep() {   # NAME SEEDS: the submitting command, in the background, output in $D/NAME.log
    local log=$D/$1.log; shift
    PATH="$D/fpgabin:$PATH" FPGA_SLURM=1 FPGA_TAG=$FT FPGA_SEEDS="$*" REGRESS_SLURM_POLL=1 \
        bash scripts/fpga.sh ecp5 > "$log" 2>&1 &
    sub=$!
}
fpga_wait() {   # NAME: its exit status in rc; the jobs' logs kept in $D/NAME/logs/ (their CPU)
    rc=0; wait "$sub" || rc=$?
    sub=
    mkdir -p "$D/$1/logs"
    cp "$fo"/slurm/*.log "$D/$1/logs/" 2>/dev/null || true
}
fake_ecp5_flow "$D/fpgabin"
rm -rf "$fo" "build/reports/fpga_ecp5_$FT.txt"
fpga_sweep fpga_dead 5 7 9 11
killed=
for ((i = 0; i < 600; i++)); do
    if [ -f "$fo/slurm/jobs" ]; then
        read -r _ aid _ < "$fo/slurm/jobs"
        if [ -n "$(squeue -h -j "${aid}_9" -t RUNNING 2>/dev/null)" ] && scancel "${aid}_9" 2>/dev/null; then
            killed=1; break
        fi
    fi
    sleep 0.1
done
[ -n "$killed" ] || { cat "$D/fpga_dead.log"; fail "seed 9's task never ran"; }
fpga_wait fpga_dead
[ "$rc" = 1 ] || { cat "$D/fpga_dead.log"; fail "the FPGA_SLURM sweep with a cancelled task exited $rc, expected 1"; }
want="seeds: seed 5 routed, 17.25 MHz; seed 7 routed, 19.07 MHz; seed 9: its task ${aid}_9 died (CANCELLED"
grep -qF "$want" "$D/fpga_dead.log" && grep -qF "seed 11 failed (made-up placement failure))" "$D/fpga_dead.log" &&
    grep -q "FAIL: the tasks of seeds 9 died" "$D/fpga_dead.log" ||
    { cat "$D/fpga_dead.log"; fail "the sweep does not report every seed's outcome and the dead task"; }
grep -q '^fpga: fmax_mhz *19.07 ' "$D/fpga_dead.log" && grep -q -- '--seed 7 ' "build/reports/fpga_ecp5_$FT.txt" ||
    { cat "$D/fpga_dead.log"; fail "the sweep did not choose seed 7, the fastest routed"; }
echo "slurm_test: 4. ($(elapsed)) FPGA_SLURM sweep, seed 9's task cancelled: the run fails and names it; every seed's outcome reported, seed 7 (the fastest) chosen"
fpga_sweep fpga_ok 5 7 11
fpga_wait fpga_ok
[ "$rc" = 0 ] && grep -q '^fpga: fmax_mhz *19.07 ' "$D/fpga_ok.log" && [ -s "$fo/wq_ulx3s.bit" ] &&
    grep -q "^fpga: slurm synth job" "$fo/slurm/synth.log" && [ ! -e "$fo/sweep.won" ] ||
    { cat "$D/fpga_ok.log"; fail "the FPGA_SLURM sweep of seeds 5 7 11 (exit $rc): not seed 7's bitstream"; }
fpga_sweep fpga_none 11
fpga_wait fpga_none
[ "$rc" = 1 ] && grep -q '^fpga: bitstream *none' "$D/fpga_none.log" ||
    { cat "$D/fpga_none.log"; fail "the FPGA_SLURM sweep with no seed routed exited $rc, expected 1"; }
echo "slurm_test:    ($(elapsed)) seeds 5 7 11: seed 7's bitstream, exit 0; seed 11 alone: none routed, exit 1"
fi

# ---- 5. coverage at scale: --slurm --coverage against the same seeds on one machine ----
if [ -z "$ONLY" ] || [ "$ONLY" = coverage ]; then
bash scripts/regress --coverage --cov-dir "$D/covplain" --seeds "$CSEEDS" --kind all --jobs 2 \
    > "$D/covplain.log" 2>&1 || { tail -20 "$D/covplain.log"; fail "scripts/regress --coverage --seeds $CSEEDS failed"; }
submit "$D/cov.log" --slurm --coverage --seeds "$CSEEDS" --nodes 2 --run "$D/cov" ||
    { cat "$D/cov.log"; fail "scripts/regress --slurm --coverage --seeds $CSEEDS failed"; }
n=$(sed -n 's/^passed: \([0-9]*\) failed: 0$/\1/p' "$D/covplain.log")
[ -n "$n" ] && [ "$n" -gt 0 ] || fail "the plain --coverage run passed no test"
for l in "$D/covplain.log" "$D/cov.log"; do
    grep -q "^coverage: $n of $n tests merged into" "$l" || { cat "$l"; fail "not all $n tests' coverage merged ($l)"; }
done
# the points and their counts (the merge's order aside), the tables, the bins
for f in merged.dat summary.txt fcov.txt; do [ -s "$D/covplain/$f" ] && [ -s "$D/cov/cov/$f" ] || fail "no $f"; done
diff <(grep '^C ' "$D/covplain/merged.dat" | sort) <(grep '^C ' "$D/cov/cov/merged.dat" | sort) > "$D/cov.diff" ||
    { head -5 "$D/cov.diff"; fail "the --slurm run's merged coverage data differs from the plain run's"; }
diff "$D/covplain/summary.txt" "$D/cov/cov/summary.txt" ||
    fail "the --slurm run's line and toggle coverage differs from the plain run's"
diff "$D/covplain/fcov.txt" "$D/cov/cov/fcov.txt" > "$D/fcov.diff" ||
    { head -5 "$D/fcov.diff"; fail "the --slurm run's functional bins differ from the plain run's"; }
hit=$(awk '$2 > 0' "$D/cov/cov/fcov.txt" | wc -l)
[ "$hit" -gt 0 ] || fail "no functional bin hit"
echo "slurm_test: 5. ($(elapsed)) --slurm --coverage, 2 tasks: the merged coverage equals the plain run's ($n tests;" \
     "$(grep -c '^C ' "$D/cov/cov/merged.dat") points; $(awk '$1 == "TOTAL" { print "line", $2, $3, "toggle", $4, $5 }' "$D/cov/cov/summary.txt");" \
     "bins hit $hit/$(wc -l < "$D/cov/cov/fcov.txt"))"
fi

slurm_local_stop "$D" || fail "processes of the cluster still alive: $(slurm_local_alive "$D")"
echo "slurm_test: cluster stopped, no process of it alive"
t1=$(date +%s.%N)
# CPU: this script's commands, and the jobs' (each job's log ends with it;
# the cancelled task's is not counted)
here=$(awk -v hz="$(getconf CLK_TCK)" '{ print ($16 + $17) / hz }' "/proc/$$/stat")
# (the logs of the checks that ran: SLURM_TEST_ONLY leaves some out)
shopt -s nullglob
logs=("$D"/*/logs/*.log)
shopt -u nullglob
jobs_cpu=$(cat ${logs[@]+"${logs[@]}"} /dev/null | awk '/^(regress|fpga): job CPU / { t += $4 } END { print t + 0 }')
echo "slurm_test: wall $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s," \
     "CPU $(awk -v a="$here" -v b="$jobs_cpu" 'BEGIN { printf "%.1f s (here %.1f s, Slurm jobs %.1f s)", a + b, a, b }')"
echo "slurm_test: ok"
