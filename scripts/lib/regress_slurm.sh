# regress_slurm.sh -- scripts/regress --slurm: the lockstep seeds on a
# Slurm cluster (sourced by scripts/regress, which defines fail,
# merge_junit, parse_seeds, build_harnesses, R and self;
# docs/verification.md "Running on a cluster").
#
# A run is a folder RUN in the work tree, which every node sees at the same
# path (the tree is on a shared file system):
#   RUN/meta               the run's options (shell assignments)
#   RUN/jobs               build job, array job, merge job
#   RUN/bins               the harness paths the build job exports
#   RUN/junit/shard_I.xml  task I's JUnit, written at its end (atomically):
#                          a task without one died (killed, timed out, node
#                          lost) and counts as failed
#   RUN/logs/              build.log, task_I.log, merge.log (Slurm's output)
#   RUN/junit.xml          the merged JUnit, one failing testcase per dead task
#   RUN/verdict.txt        the merge job's report, RUN/status its exit status
#   RUN/resubmit           the command that runs only what failed, again
#   RUN/cov/               --coverage: runs/<kind>_<S>.dat and .fcov (the
#                          tasks'), merged.dat, summary.txt, fcov.txt (the
#                          merge job's)

. scripts/lib/slurm_jobs.sh

slurm_main() {
    local mode=$1; shift
    case "$mode" in
    --slurm)       slurm_submit "$@" ;;
    --slurm-build) slurm_build "$@" ;;
    --slurm-task)  slurm_task "$@" ;;
    --slurm-merge) slurm_merge "$@" ;;
    --resubmit)    slurm_resubmit "$@" ;;
    esac
}

# ---- submitting (the user's command) -------------------------------------------------
slurm_submit() {
    local seeds= nodes=4 part= tlimit= jobs=1 kind=all rtl= run= wait=1 junit= cov= s i
    while [ $# -gt 0 ]; do
        case "$1" in
        --seeds)     [ $# -ge 2 ] || fail "--seeds SEEDS"; seeds=$2; shift 2 ;;
        --nodes)     [ $# -ge 2 ] || fail "--nodes N"; nodes=$2; shift 2 ;;
        --partition) [ $# -ge 2 ] || fail "--partition P"; part=$2; shift 2 ;;
        --time)      [ $# -ge 2 ] || fail "--time LIMIT"; tlimit=$2; shift 2 ;;
        --jobs)      [ $# -ge 2 ] || fail "--jobs N"; jobs=$2; shift 2 ;;
        --kind)      [ $# -ge 2 ] || fail "--kind prog|stream|all"; kind=$2; shift 2 ;;
        --rtl)       [ $# -ge 2 ] || fail "--rtl DIR"; [ -f "$2/wq_top.v" ] || fail "--rtl $2: no wq_top.v"
                     rtl=$2; shift 2 ;;
        --run)       [ $# -ge 2 ] || fail "--run DIR"; run=$2; shift 2 ;;
        --junit)     [ $# -ge 2 ] || fail "--junit FILE"; junit=$2; shift 2 ;;
        --no-wait)   wait=0; shift ;;
        --coverage)  cov=1; shift ;;
        *) fail "--slurm: unknown argument $1 (scripts/regress --help)" ;;
        esac
    done
    command -v sbatch > /dev/null || fail "--slurm: no sbatch here (make deps installs slurm-client)"
    [ -n "$seeds" ] || fail "--slurm needs --seeds"
    parse_seeds "$seeds"
    case "$kind" in prog|stream|all) ;; *) fail "--kind prog|stream|all" ;; esac
    [[ "$nodes" =~ ^[1-9][0-9]*$ ]] || fail "--nodes N (N >= 1)"
    [[ "$jobs" =~ ^[1-9][0-9]*$ ]] || fail "--jobs N (N >= 1)"
    [ -z "$cov" ] || [ -z "$rtl" ] || fail "--coverage: not with --rtl"
    # shard I runs the seeds with S % N == I; a shard without seeds gets no task
    local shards=()
    for ((i = 0; i < nodes; i++)); do
        for s in "${seedlist[@]}"; do [ $(( s % nodes )) -eq "$i" ] && { shards+=("$i"); break; }; done
    done
    [ -n "$run" ] || run=$R/slurm/$(date +%Y%m%d_%H%M%S)_$$
    mkdir -p "$run/junit" "$run/logs"
    run=$(cd "$run" && pwd)
    rm -f "$run"/junit/*.xml "$run"/logs/*.log "$run/junit.xml" "$run/verdict.txt" "$run/status" \
          "$run/bins" "$run/resubmit" "$run/jobs"
    rm -rf "$run/cov"
    {
        printf 'seeds=%q\n' "$seeds"; printf 'kind=%q\n' "$kind"; printf 'nodes=%q\n' "$nodes"
        printf 'jobs=%q\n' "$jobs"; printf 'rtl=%q\n' "$rtl"; printf 'part=%q\n' "$part"
        printf 'tlimit=%q\n' "$tlimit"; printf 'shards=%q\n' "${shards[*]}"; printf 'cov=%q\n' "$cov"
    } > "$run/meta"
    local root sb=(sbatch --parsable) w bid aid mid
    root=$(pwd)
    [ -z "$part" ] || sb+=(--partition "$part")
    printf -v w 'exec bash %q --slurm-build %q' "$root/$self" "$run"
    bid=$("${sb[@]}" -J wq-regress-build -c "$jobs" -o "$run/logs/build.log" --wrap "$w") ||
        fail "sbatch (the build job)"
    bid=${bid%%;*}
    printf -v w 'exec bash %q --slurm-task %q' "$root/$self" "$run"
    local arr=(-J wq-regress -c "$jobs" --array "$(IFS=,; echo "${shards[*]}")"
               --dependency "afterok:$bid" --kill-on-invalid-dep=yes -o "$run/logs/task_%a.log")
    [ -z "$tlimit" ] || arr+=(--time "$tlimit")
    aid=$("${sb[@]}" "${arr[@]}" --wrap "$w") || fail "sbatch (the array job)"
    aid=${aid%%;*}
    printf -v w 'exec bash %q --slurm-merge %q %q %q' "$root/$self" "$run" "$bid" "$aid"
    mid=$("${sb[@]}" -J wq-regress-merge -o "$run/logs/merge.log" --dependency "afterany:$aid" --wrap "$w") ||
        fail "sbatch (the merge job)"
    mid=${mid%%;*}
    echo "$bid $aid $mid" > "$run/jobs"
    echo "regress: slurm run $run: ${#seedlist[@]} seeds, kind $kind, ${#shards[@]} tasks of $jobs CPUs"
    echo "regress: build job $bid, array job $aid (tasks ${shards[*]}), merge job $mid"
    if [ "$wait" -eq 0 ]; then
        echo "regress: the verdict will be in $run/verdict.txt"
        return 0
    fi
    local st
    st=$(slurm_wait "$mid")
    [ -f "$run/status" ] || fail "the merge job $mid ended (${st:-state unknown}) without a verdict: $run/logs/merge.log"
    cat "$run/verdict.txt"
    [ -z "$junit" ] || cp "$run/junit.xml" "$junit"
    return "$(cat "$run/status")"
}

# ---- the jobs ------------------------------------------------------------------------
slurm_build() {   # RUN: make build, the harnesses every task uses, once
    local run=$1 la v
    . "$run/meta"
    [ -z "$rtl" ] || export REGRESS_RTL=$rtl
    [ -z "$cov" ] || export REGRESS_COV=1
    parse_seeds "$seeds"
    echo "regress: build job on $(hostname)"
    make -s build > /dev/null || fail "make build"
    build_harnesses "${seedlist[@]}"
    for la in 8 16 32; do
        v=REGRESS_BIN_$la
        [ -z "${!v:-}" ] || printf 'export %s=%q\n' "$v" "${!v}"
    done > "$run/bins.tmp"
    mv "$run/bins.tmp" "$run/bins"
    echo "regress: harnesses: $(tr '\n' ' ' < "$run/bins")"
    job_cpu regress
}

slurm_task() {   # RUN: shard SLURM_ARRAY_TASK_ID of the run
    local run=$1 i=${SLURM_ARRAY_TASK_ID:?--slurm-task runs in a Slurm array task}
    . "$run/meta"
    local a=(--seeds "$seeds" --kind "$kind" --jobs "$jobs" --shard "$i/$nodes"
             --junit "$run/junit/shard_$i.xml" --prebuilt "$run/bins")
    [ -z "$rtl" ] || a+=(--rtl "$rtl")
    [ -z "$cov" ] || a+=(--coverage --cov-dir "$run/cov")
    echo "regress: task ${SLURM_ARRAY_JOB_ID:-?}_$i on $(hostname)"
    local rc=0
    bash "$self" "${a[@]}" || rc=$?
    job_cpu regress
    return "$rc"
}

slurm_merge() {   # RUN BUILD_JOB ARRAY_JOB: merge, list failures and dead tasks, verdict
    local run=$1 bid=$2 aid=$3 i s f st states bstate ins=() dead=() again=()
    . "$run/meta"
    parse_seeds "$seeds"
    states=$(slurm_states "$aid")
    bstate=$(slurm_states "$bid" | awk '{ print $2; exit }')
    local v=$run/verdict.txt
    : > "$v.tmp"
    [ "${bstate:-?}" = COMPLETED ] ||
        echo "BUILD: the build job $bid ${bstate:-state unknown}: $run/logs/build.log" >> "$v.tmp"
    {
        echo '<?xml version="1.0" encoding="UTF-8"?>'
        echo '<testsuites>'
        echo '<testsuite name="warpq.regress.slurm">'
        for i in $shards; do
            [ -f "$run/junit/shard_$i.xml" ] && continue
            local mine=()
            for s in "${seedlist[@]}"; do [ $(( s % nodes )) -eq "$i" ] && mine+=("$s"); done
            st=$(slurm_task_state "$states" "$i")
            echo "<testcase classname=\"regress.slurm\" name=\"shard $i/$nodes\" time=\"0\">"
            echo "<failure message=\"no result: task ${aid}_$i ${st:-state unknown}\">"
            echo "seeds: ${mine[*]}"
            echo "log: $run/logs/task_$i.log"
            echo "</failure>"
            echo "</testcase>"
        done
        echo '</testsuite>'
        echo '</testsuites>'
    } > "$run/junit/dead.xml.tmp"
    for i in $shards; do
        f=$run/junit/shard_$i.xml
        if [ -f "$f" ]; then ins+=("$f"); else dead+=("$i"); fi
    done
    if [ ${#dead[@]} -gt 0 ]; then
        mv "$run/junit/dead.xml.tmp" "$run/junit/dead.xml"
        ins+=("$run/junit/dead.xml")
    else
        rm -f "$run/junit/dead.xml.tmp" "$run/junit/dead.xml"
    fi
    merge_junit "$run/junit.xml" "${ins[@]}"
    # each failed seed with its first line and its replay command (the
    # failure text of scripts/regress: "rerun: ..."), un-escaped
    awk '/<testcase classname="regress\.(prog|stream)"/ {
             match($0, / name="[^"]*"/); name = substr($0, RSTART + 7, RLENGTH - 8) }
         /^<failure message=/ { match($0, /message="[^"]*"/); msg = substr($0, RSTART + 9, RLENGTH - 10) }
         /^rerun: / && name != "" { print "FAIL: " name ": " msg; print "      replay: " substr($0, 8); name = "" }' \
        "$run/junit.xml" | sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e 's/&amp;/\&/g' >> "$v.tmp"
    local kinds
    kinds=$(sed -n 's/^FAIL: \(prog\|stream\) seed \([0-9]*\) .*/\1/p' "$v.tmp" | sort -u | tr '\n' ' ')
    again=($(sed -n 's/^FAIL: \(prog\|stream\) seed \([0-9]*\) .*/\2/p' "$v.tmp"))
    for i in "${dead[@]}"; do
        st=$(slurm_task_state "$states" "$i")
        local mine=()
        for s in "${seedlist[@]}"; do [ $(( s % nodes )) -eq "$i" ] && mine+=("$s"); done
        echo "DEAD: shard $i/$nodes (${#mine[@]} seeds) left no JUnit: task ${aid}_$i ${st:-state unknown}" >> "$v.tmp"
        echo "      log: $run/logs/task_$i.log" >> "$v.tmp"
        again+=("${mine[@]}")
    done
    local tests failures status=0
    tests=$(grep -c '<testcase ' "$run/junit.xml" || true)
    failures=$(grep -c '<failure ' "$run/junit.xml" || true)
    if [ ${#again[@]} -gt 0 ]; then
        status=1
        # the seeds once each, in order; one kind when only that kind failed
        local list rk=$kind n
        list=$(printf '%s\n' "${again[@]}" | sort -n -u | paste -sd, -)
        n=$(printf '%s\n' "${again[@]}" | sort -n -u | wc -l)
        [ ${#dead[@]} -gt 0 ] || [ "$(wc -w <<< "$kinds")" -ne 1 ] || rk=${kinds% }
        [ "$n" -ge "$nodes" ] || nodes=$n
        local cmd
        printf -v cmd 'scripts/regress --slurm --seeds %s --kind %s --nodes %s --jobs %s' "$list" "$rk" "$nodes" "$jobs"
        [ -z "$rtl" ] || printf -v cmd '%s --rtl %q' "$cmd" "$rtl"
        [ -z "$part" ] || printf -v cmd '%s --partition %q' "$cmd" "$part"
        [ -z "$tlimit" ] || printf -v cmd '%s --time %q' "$cmd" "$tlimit"
        [ -z "$cov" ] || cmd+=" --coverage"
        echo "$cmd" > "$run/resubmit"
        echo "resubmit: $cmd   (or: scripts/regress --resubmit $run)" >> "$v.tmp"
    fi
    [ -z "$(grep '^BUILD:' "$v.tmp")" ] || status=1
    if [ -n "$cov" ]; then
        # every test's coverage the tasks wrote (a failed or dead one's: none)
        local names=() k ks
        case $kind in all) ks="prog stream" ;; *) ks=$kind ;; esac
        for s in "${seedlist[@]}"; do for k in $ks; do names+=("${k}_$s"); done; done
        ( cov_merge_runs "$run/cov" "${names[@]}" ) >> "$v.tmp" 2>&1 ||
            { echo "COVERAGE: the merge failed: $run/cov/merge.log" >> "$v.tmp"; status=1; }
    fi
    echo "merged JUnit: $run/junit.xml (tests $tests, failures $failures)" >> "$v.tmp"
    echo "passed: $((tests - failures)) failed: $((failures - ${#dead[@]})) dead tasks: ${#dead[@]}" >> "$v.tmp"
    mv "$v.tmp" "$v"
    echo "$status" > "$run/status.tmp"
    mv "$run/status.tmp" "$run/status"
    cat "$v"
    job_cpu regress
    return "$status"
}

slurm_resubmit() {   # RUN [OPTION...]: the seeds of RUN that failed or died, again
    local run=${1:?--resubmit RUN}; shift
    [ -f "$run/status" ] || fail "--resubmit $run: no verdict there (yet)"
    if [ ! -f "$run/resubmit" ]; then
        echo "regress: $run: nothing failed, nothing to resubmit"
        return 0
    fi
    local cmd
    cmd=$(cat "$run/resubmit")
    [ $# -eq 0 ] || cmd="$cmd $(printf '%q ' "$@")"
    echo "regress: $cmd"
    eval "$cmd"
}
