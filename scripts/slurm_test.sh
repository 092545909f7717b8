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
# Every daemon and job is stopped and the folder removed on every exit path;
# the last check is that no process of the cluster is alive.  Prints the
# wall and CPU time of the whole test.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "slurm_test: FAIL: $*" >&2; exit 1; }
SEEDS=${SLURM_TEST_SEEDS:-1..40}
for c in munged mungekey slurmctld slurmd sbatch scontrol scancel squeue; do
    command -v "$c" > /dev/null || fail "$c not found (make deps installs munge, slurmctld, slurmd, slurm-client)"
done
. scripts/lib/slurm_local.sh
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
    rm -rf "$D"
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

slurm_local_stop "$D" || fail "processes of the cluster still alive: $(slurm_local_alive "$D")"
echo "slurm_test: cluster stopped, no process of it alive"
t1=$(date +%s.%N)
# CPU: this script's commands, and the jobs' (each job's log ends with it;
# the cancelled task's is not counted)
here=$(awk -v hz="$(getconf CLK_TCK)" '{ print ($16 + $17) / hz }' "/proc/$$/stat")
jobs_cpu=$(cat "$D"/*/logs/*.log | awk '/^regress: job CPU / { t += $4 } END { print t + 0 }')
echo "slurm_test: wall $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s," \
     "CPU $(awk -v a="$here" -v b="$jobs_cpu" 'BEGIN { printf "%.1f s (here %.1f s, Slurm jobs %.1f s)", a + b, a, b }')"
echo "slurm_test: ok"
