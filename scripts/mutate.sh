#!/usr/bin/env bash
# mutate.sh -- mutation testing of the RTL benches (`make mutate`; not part
# of `make test`).  docs/verification.md "Mutation testing".
#
# Every mutant of scripts/mutants.txt (file, exact original text,
# replacement, checks) is applied to a copy of rtl/ in
# build/mutate/<ID>/rtl/ -- the real rtl/ is never written -- and the
# mutant's checks run in order against that copy, each building its own
# Verilator model in build/mutate/<ID>/v/: the block benches
# (scripts/rtl/{deque,sem,host,sched,core,ue,lsu_pick,l1,fp_add,fp_fma,fp_cmp,fp_cvt,fp_div}.sh), the nested scenarios
# (scripts/rtl/nested.sh), the UART bridge's protocol probe
# (scripts/rtl/uart.sh --bench) and the lockstep harness
# (scripts/rtl/top.sh, one parameter set).  Fixed seeds, drawn from the
# `make test` set.  The first failing run stops the mutant: CAUGHT, naming
# the check and the run; a mutant whose checks all pass SURVIVED (a test
# gap).  A mutant whose original text is not found exactly once, or which
# does not build, fails the whole script loudly: fix the anchor in
# mutants.txt when the RTL changed.
#
# Usage: bash scripts/mutate.sh [ID...]          (default: every mutant)
#        bash scripts/mutate.sh --check          only check the list against rtl/
#                                                (every anchor found exactly once)
#   MUTATE_LIST     mutant file                  (default scripts/mutants.txt)
#   MUTATE_MIN_PCT  required caught percentage   (default 90)
#   MUTATE_TIMEOUT  seconds per check            (default 900)
#   MUTATE_KEEP     set: keep the mutants' build directories
# Prints one line per mutant and "mutants_caught: X/Y"; exits non-zero when
# fewer than MUTATE_MIN_PCT percent were caught.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
fail() { echo "mutate: FAIL: $*" >&2; exit 1; }
list=${MUTATE_LIST:-scripts/mutants.txt}
min_pct=${MUTATE_MIN_PCT:-90}
tmo=${MUTATE_TIMEOUT:-900}
M=build/mutate
[ -f "$list" ] || fail "no mutant list $list"
command -v verilator >/dev/null || fail "verilator not installed (make deps)"
make -s build >/dev/null || fail "make build (model library, generated headers)"

# ---- parse and check every mutant before building anything ----------------------------
ids=() files=() checks=() descs=() origs=() repls=()
n=0 ln=0 state=head
while IFS= read -r line || [ -n "$line" ]; do
    ln=$((ln + 1))
    case $state:$line in
    head:'#'* | head:'') continue ;;
    head:'['*)
        re='^\[([A-Za-z0-9_]+)\] +([A-Za-z0-9_./]+) +\| +([A-Za-z0-9_ ]+[A-Za-z0-9_]) +\| +(.+)$'
        [[ $line =~ $re ]] || fail "$list:$ln: expected '[ID] FILE | CHECKS | description'"
        ids+=("${BASH_REMATCH[1]}"); files+=("${BASH_REMATCH[2]}")
        checks+=("${BASH_REMATCH[3]}"); descs+=("${BASH_REMATCH[4]}")
        state=orig ;;
    orig:'- '*) origs+=("${line#- }"); state=repl ;;
    repl:'+ '*) repls+=("${line#+ }"); state=head; n=$((n + 1)) ;;
    *) fail "$list:$ln: unexpected line (state $state): $line" ;;
    esac
done < "$list"
[ "$state" = head ] || fail "$list: last mutant incomplete"
[ "$n" -gt 0 ] || fail "$list: no mutants"

declare -A seen=()
for ((i = 0; i < n; i++)); do
    id=${ids[$i]} f=rtl/${files[$i]}
    [ -z "${seen[$id]:-}" ] || fail "$list: mutant $id twice"
    seen[$id]=1
    [ -f "$f" ] || fail "mutant $id: no file $f"
    [ "${origs[$i]}" != "${repls[$i]}" ] || fail "mutant $id: replacement equals the original"
    for c in ${checks[$i]}; do
        case $c in
        deque|sem|host|sched|core|core_fp|ue|lsu_pick|l1|fp_add|fp_fma|fp_cmp|fp_cvt|fp_div|top|top_small|top_ue|nested|uart) ;;
        formal_*) grep -q "^\"${c#formal_}|" scripts/formal.sh || fail "mutant $id: check $c: no formal job ${c#formal_}" ;;
        *) fail "mutant $id: unknown check '$c'" ;;
        esac
    done
    cnt=$(O="${origs[$i]}" perl -0777 -ne '$c = () = /\Q$ENV{O}\E/g; print $c' "$f")
    [ "$cnt" = 1 ] || fail "mutant $id: original text found $cnt times in $f (must be exactly once):" \
                           "'${origs[$i]}' -- the RTL changed: update $list"
done

if [ "${1:-}" = --check ]; then
    echo "mutate: $n mutants, every original text found exactly once in rtl/"
    exit 0
fi

# which mutants to run
sel=("$@")
if [ ${#sel[@]} -eq 0 ]; then sel=("${ids[@]}"); fi
for s in "${sel[@]}"; do [ -n "${seen[$s]:-}" ] || fail "no mutant $s in $list"; done

# ---- one check of one mutant ---------------------------------------------------------------
# Mutant builds: -Wno-fatal (a mutant only has to be legal Verilog, a lint
# warning it introduces is not a catch) and -O0 C++ (the build dominates;
# the runs are short).
vflags="-Wno-fatal -MAKEFLAGS OPT_FAST=-O0 -MAKEFLAGS OPT_SLOW=-O0 -MAKEFLAGS OPT_GLOBAL=-O0"
run_check() {   # CHECK MUTANT_DIR LOG -> exit status of the check
    local c=$1 d=$2
    local -a cmd
    case $c in
    deque)     cmd=(bash scripts/rtl/deque.sh 1 2) ;;
    sem)       cmd=(bash scripts/rtl/sem.sh 1 2) ;;
    host)      cmd=(bash scripts/rtl/host.sh 1 2) ;;
    sched)     cmd=(bash scripts/rtl/sched.sh 1) ;;
    # the core's bench at LANES 8 with every core program (WQ_RTL_FULL's
    # other lane counts add builds, not programs)
    core)      cmd=(env WQ_RTL_FULL=0 bash scripts/rtl/core.sh 1) ;;
    core_fp)   cmd=(env WQ_RTL_FULL=0 WQ_CORE_FP_ONLY=1 bash scripts/rtl/core.sh 1) ;;
    ue)        cmd=(bash scripts/rtl/ue.sh 1 2 3 4 5) ;;
    lsu_pick)  cmd=(bash scripts/rtl/lsu_pick.sh 1 2) ;;
    l1)        cmd=(bash scripts/rtl/l1.sh 1 2) ;;
    fp_add)    cmd=(bash scripts/rtl/fp_add.sh 1) ;;
    fp_fma)    cmd=(bash scripts/rtl/fp_fma.sh 1) ;;
    fp_cmp)    cmd=(bash scripts/rtl/fp_cmp.sh 1) ;;
    fp_cvt)    cmd=(bash scripts/rtl/fp_cvt.sh 1) ;;
    fp_div)    cmd=(bash scripts/rtl/fp_div.sh 1) ;;
    top)       cmd=(env "RTL_TEST_TOP_CFGS=4 8 32 6 32" bash scripts/rtl/top.sh 1) ;;
    top_small) cmd=(env "RTL_TEST_TOP_CFGS=2 2 8 4 16 1 1 0 2" bash scripts/rtl/top.sh 1) ;;
    # the small set with the firmware scheduler (its descriptor in the
    # host's channel RAM)
    top_ue)    cmd=(env "RTL_TEST_TOP_CFGS=2 2 8 4 16 1 1 1" bash scripts/rtl/top.sh 1) ;;
    nested)    cmd=(bash scripts/rtl/nested.sh 1) ;;
    # the UART bridge's protocol rules (the probe of scripts/rtl/uart.sh,
    # without its nested-work scenarios)
    uart)      cmd=(bash scripts/rtl/uart.sh --bench) ;;
    # a formal job of scripts/formal.sh's table on the mutant's copy: a
    # counterexample, an induction that no longer closes or a cover no
    # longer reached is a catch
    formal_*)  FORMAL_RTL_DIR="$d/rtl" FORMAL_DIR="$d/formal" timeout "$tmo" \
                   bash scripts/formal.sh "${c#formal_}" > "$3" 2>&1
               return ;;
    esac
    WQ_RTL_FULL=1 WQ_RTL_DIR="$d/rtl" WQ_VERILATOR_DIR="$d/v" WQ_COSIM_DIR="$d/v/top" \
        WQ_VERILATOR_FLAGS="$vflags" timeout "$tmo" "${cmd[@]}" > "$3" 2>&1
}

t_all=$(date +%s)
caught=0 total=0
survivors=()
results=()
mkdir -p "$M"
for id in "${sel[@]}"; do
    for ((i = 0; i < n; i++)); do [ "${ids[$i]}" = "$id" ] && break; done
    d=$M/$id
    rm -rf "$d"
    mkdir -p "$d/rtl/core" "$d/rtl/formal"
    cp rtl/*.v rtl/*.vh "$d/rtl/"
    cp rtl/core/*.v "$d/rtl/core/"
    cp rtl/formal/*.v "$d/rtl/formal/"
    O="${origs[$i]}" R="${repls[$i]}" perl -0777 -pi -e 's/\Q$ENV{O}\E/$ENV{R}/' "$d/rtl/${files[$i]}"
    cmp -s "rtl/${files[$i]}" "$d/rtl/${files[$i]}" && fail "mutant $id: the copy did not change"
    diff -u "rtl/${files[$i]}" "$d/rtl/${files[$i]}" > "$d/mutant.diff" || true
    t0=$(date +%s)
    verdict=SURVIVED by=""
    for c in ${checks[$i]}; do
        log=$d/$c.log
        rc=0
        run_check "$c" "$root/$d" "$log" || rc=$?
        [ "$rc" = 0 ] && continue
        why=$(grep -h 'FAIL:' "$log" | tail -1 | sed 's/^rtl_test: FAIL: //' || true)
        if grep -qE 'FAIL: (verilator build|cosim build)' "$log"; then
            tail -30 "$log" >&2
            fail "mutant $id does not build ($c; log: $log) -- fix its replacement in $list"
        fi
        if [[ $c == formal_* ]]; then
            # the job's verdict (BMC FAIL, induction not closed, covers
            # not reached); a job that could not run (ERROR) is no catch
            why=$(grep -h '^formal: .*\(BMC FAIL\|did not close\|NOT REACHED\)' "$log" | head -1 || true)
            if [ -z "$why" ]; then
                tail -30 "$log" >&2
                fail "mutant $id: check $c exited $rc without a failed proof or cover (log: $log)"
            fi
        elif [ "$rc" = 124 ]; then
            why="timeout after ${tmo}s (a hang)"
        elif ! grep -qE 'seed [0-9]+' <<< "$why"; then
            # no failing run named: the check itself broke, not the mutant
            tail -30 "$log" >&2
            fail "mutant $id: check $c exited $rc without naming a failing run (log: $log)"
        fi
        # a lockstep run that failed only its .expect checks, both sides
        # agreeing (mismatches: 0), is a broken test, not a caught mutant
        # (a run whose checks held but whose figures a script checks --
        # the wave decision's modes, scripts/rtl/top.sh -- is a catch)
        flog=$(sed -n 's/.*(log: \([^;)]*\).*/\1/p' <<< "$why")
        if [[ $c == top* ]] && [ -f "$flog" ] && grep -q '^mismatches: 0$' "$flog" &&
           ! grep -qE 'MISMATCH|TIMEOUT' "$flog" &&
           { grep -q '^expect failed:' "$flog" ||
             awk -F'[ /]' '/^invariants: / && $2 != $3 { f = 1 } END { exit !f }' "$flog"; }; then
            fail "mutant $id: $flog fails with the model agreeing (mismatches: 0): a test defect, run make test"
        fi
        verdict=CAUGHT by="$c: $why"
        break
    done
    secs=$(( $(date +%s) - t0 ))
    total=$((total + 1))
    if [ "$verdict" = CAUGHT ]; then caught=$((caught + 1)); else survivors+=("$id"); fi
    line=$(printf '%-5s %-8s %4ss  %s: %s' "$id" "$verdict" "$secs" "${files[$i]}" "${descs[$i]}")
    [ -n "$by" ] && line="$line"$'\n'"                     by $by"
    echo "$line"
    results+=("$line")
    # keep the logs (the catching run's log is named above), drop the builds
    [ -n "${MUTATE_KEEP:-}" ] || [ ! -d "$d/v" ] || find "$d/v" -type f ! -name "*.log" -delete
done

secs=$(( $(date +%s) - t_all ))
tally() {
    echo "mutate: $total mutants in ${secs}s (results: $M/summary.txt, logs: $M/<ID>/)"
    [ ${#survivors[@]} -eq 0 ] || echo "mutate: survivors (test gaps): ${survivors[*]}"
    echo "mutants_caught: $caught/$total"
}
printf '%s\n' "${results[@]}" > "$M/summary.txt"
tally | tee -a "$M/summary.txt"
[ $((caught * 100)) -ge $((min_pct * total)) ] ||
    fail "only $caught of $total mutants caught (need ${min_pct}%)"
