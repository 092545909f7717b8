#!/usr/bin/env bash
# test.sh -- `make test`: every suite of the quick set, stopping at the
# first failure, and a table of what each took (the set is held to 15
# minutes on 2 cores; a suite that grows shows here first).  Longer suites
# are `make regress`.
#
# The suites run in two lanes at once, because most of them keep one core
# busy and the machine has two: the model lane (the C model, the compiler,
# the runtime, generated kernels; its output
# streams here) and the RTL lane (the other Verilator
# benches of scripts/rtl/ and formal, one suite each; its output goes to
# build/reports/test_rtl.log and is printed when the lane ends).  Within a lane the order is fixed.  A failure in either
# lane stops the other.  The table gives each suite's wall seconds and the
# CPU seconds of everything it ran (user + system): on a loaded machine the
# CPU column is the one to compare.
#
# Usage: bash scripts/test.sh     (after `make build build/bin/wq_unit`)
#   WQ_TEST_ONLY="name ..."   run only these suites (names as in the table)
#   WQ_TEST_SERIAL=1          one lane after the other (for a readable log)
set -uo pipefail
cd "$(dirname "$0")/.."
B=${B:-build}
model_lane=(
    "layering|bash scripts/layering.sh && bash scripts/layering.sh --selftest"
    "unit|$B/bin/wq_unit --jobs 2"
    "spec_check|bash scripts/spec_check.sh"
    "cli|bash scripts/cli_tests.sh"
    "fp|bash scripts/fp_check.sh"
    "mathlib|bash scripts/mathlib.sh --quick"
    "opencl|bash scripts/opencl.sh"
    "kernels|bash scripts/kernels.sh"
    "conformance|python3 scripts/conformance.py --slice tests/conformance/slice.txt --jobs 1"
    "conformance_rtl|python3 scripts/conformance.py --platforms warpq-rtl --slice tests/conformance/slice.txt --jobs 1"
    "clgen_model|bash scripts/clgen.sh --seeds 1..100"
    "alias_sweep|python3 scripts/alias_sweep.py --seeds 1..200"
    "alias_relations|python3 scripts/alias_sweep.py --seeds 1..60 --relations"
    "fuzz_cc|make -s B=$B fuzz-cc FUZZ_ARGS=--seeds\ 3..3\ --count\ 1000"
    "systemc|bash scripts/systemc.sh"
)
# the RTL lane: the bench library's guard, then every other block bench of
# scripts/rtl/ (as scripts/rtl_test.sh runs them, formal.sh among them).
# The benches that `make regress` runs instead (each named there), because
# one run costs minutes of a core on a fresh machine:
#   mempath    the memory path's planted bugs, each a build of a copy of
#              rtl/ (as commit_plant.sh's)
#   gate_ice40 the iCEBreaker's synthesised netlist of iCE40 cells running
#              an OpenCL kernel over the pty (a Yosys run and a Verilator
#              build of 6 500 cells: about 6 CPU minutes)
#   uart       the ULX3S core behind the UART bridge: the nested scenarios
#              on a clean and a damaged line (its own wq_uart_top build);
#              make test keeps the bridge end to end through uart_opencl
#              (the iCEBreaker's core: clinfo and kernels over the pty)
regress_only=(mempath gate_ice40 uart)
rtl_lane=("rtl_guard|bash scripts/rtl_test.sh --guard-only")
for f in scripts/rtl/*.sh; do
    n=$(basename "$f" .sh)
    case " $(printf '%s ' "${model_lane[@]%%|*}" "${regress_only[@]}") " in *" rtl_$n "*|*" $n "*) continue ;; esac
    rtl_lane+=("rtl_$n|bash $f")
done
# The generated kernels on the RTL end the RTL lane (the 32-lane device,
# with and without its FPU, which the model lane's cli suite builds first;
# a build in progress is waited for on its lock), then four of the
# generated-kernel suites of the model and POCL; SystemC (its own wq_top
# build) ends the model lane: so the two lanes' CPU seconds are about equal
rtl_lane+=("clgen_rtl|bash scripts/clgen.sh --seeds 1..3 --backend rtl"
    "clgen_float_rtl|bash scripts/clgen.sh --seeds 1..2 --features all,float --backend rtl"
    "clgen_float_pocl|bash scripts/clgen.sh --seeds 1..20 --features all,float --backend pocl"
    "clgen_subv|bash scripts/clgen.sh --seeds 1..40 --lanes 8 --options -wq-subv=always"
    "clgen_pocl|bash scripts/clgen.sh --seeds 1..40 --backend pocl"
    "clgen_float|bash scripts/clgen.sh --seeds 1..60 --features all,float --lanes rotate")
rep=$B/reports
mkdir -p "$rep"
# the quick set: a bench that has sections for make regress only skips them
# (scripts/rtl/core.sh: its wq_top builds)
export WQ_TEST_QUICK=1

# suite_cpu FILE: the CPU time (user + system, centiseconds) of a suite,
# from the `times` its own subshell wrote to FILE.t as it ended (line 1:
# the subshell, line 2: what it waited for).  Not this shell's `times`:
# that one also counts any background child reaped meanwhile (the model
# lane's shell reaps the whole RTL lane when it ends)
suite_cpu() {
    awk '{ for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); s += a[1] * 60 + a[2] } } END { printf "%d\n", s * 100 }' "$1.t" > "$1"
}

# run_lane NAME SUITE... : the suites in order; "name seconds" lines into
# $rep/test_NAME.times; exit 1 at the first failure, or when the other
# lane has failed ($rep/test_failed exists)
run_lane() {
    local lane=$1; shift
    : > "$rep/test_$lane.times"
    local s name cmd t0 rc c0 c1
    for s in "$@"; do
        name=${s%%|*}
        cmd=${s#*|}
        if [ -n "${WQ_TEST_ONLY:-}" ] && ! [[ " $WQ_TEST_ONLY " == *" $name "* ]]; then continue; fi
        [ -e "$rep/test_failed" ] && return 1
        echo "test: == $name: $cmd"
        t0=$(date +%s)
        rm -f "$rep/test_$lane.cpu.t"
        # (the times on the subshell's exit, also when the suite's command
        # itself exits)
        ( trap 'times > "$rep/test_$lane.cpu.t"' EXIT; eval "$cmd" )
        rc=$?
        c1=0
        [ -f "$rep/test_$lane.cpu.t" ] && suite_cpu "$rep/test_$lane.cpu" && c1=$(cat "$rep/test_$lane.cpu")
        echo "$name $(( $(date +%s) - t0 )) $(( (c1 + 50) / 100 ))" >> "$rep/test_$lane.times"
        if [ $rc -ne 0 ]; then
            echo "test: FAIL: $name (exit $rc): $cmd" >&2
            echo "$name" > "$rep/test_failed"
            return 1
        fi
    done
}

rm -f "$rep/test_failed"
t_all=$(date +%s)
status=0
if [ -n "${WQ_TEST_SERIAL:-}" ]; then
    run_lane model "${model_lane[@]}" && run_lane rtl "${rtl_lane[@]}" || status=1
else
    # the RTL lane in a session of its own, so that a failure elsewhere can
    # stop it with everything it started
    setsid bash -c "$(declare -f suite_cpu run_lane); rep='$rep' B='$B' WQ_TEST_ONLY='${WQ_TEST_ONLY:-}'; \
        run_lane rtl $(printf '%q ' "${rtl_lane[@]}")" > "$rep/test_rtl.log" 2>&1 &
    rtl_pid=$!
    trap 'kill -TERM -- -$rtl_pid 2>/dev/null' EXIT
    run_lane model "${model_lane[@]}" || status=1
    if [ $status -ne 0 ]; then
        kill -TERM -- -"$rtl_pid" 2>/dev/null
        wait "$rtl_pid" 2>/dev/null
        echo "test: the RTL lane is stopped; the last 30 lines of its log ($rep/test_rtl.log):"
        tail -30 "$rep/test_rtl.log"
    else
        echo "test: the model lane passed; waiting for the RTL lane ($rep/test_rtl.log)"
        wait "$rtl_pid" || status=1
        echo "test: ---- the RTL lane ----"
        cat "$rep/test_rtl.log"
    fi
    trap - EXIT
fi
echo "test: seconds per suite:     wall   cpu"
for lane in model rtl; do
    [ -f "$rep/test_$lane.times" ] || continue
    while read -r n t c; do printf 'test:   %-6s %-14s %5s %5s\n' "$lane" "$n" "$t" "$c"; done < "$rep/test_$lane.times"
    printf 'test:   %-6s %-14s %5s %5s\n' "$lane" "(lane)" $(awk '{ s += $2; c += $3 } END { print s + 0, c + 0 }' "$rep/test_$lane.times")
done
printf 'test:   %-21s %5s\n' "total (wall)" $(( $(date +%s) - t_all ))
if [ $status -eq 0 ]; then echo "test: all suites passed"
else echo "test: FAIL: $(cat "$rep/test_failed" 2>/dev/null || echo 'a suite') failed"; fi
exit $status
