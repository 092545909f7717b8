#!/usr/bin/env bash
# test.sh -- `make test`: every suite of the quick set, in order, stopping
# at the first failure, and a table of what each took (the set is held to
# 15 minutes on 2 cores; a suite that grows shows here first).  Longer
# suites are `make regress`.
#
# Usage: bash scripts/test.sh     (after `make build build/bin/wq_unit`)
#   WQ_TEST_ONLY="name ..."   run only these suites (names as in the table)
set -uo pipefail
cd "$(dirname "$0")/.."
B=${B:-build}
suites=(
    "layering|bash scripts/layering.sh"
    "unit|$B/bin/wq_unit --jobs 2"
    "spec_check|bash scripts/spec_check.sh"
    "cli|bash scripts/cli_tests.sh"
    "opencl|bash scripts/opencl.sh"
    "kernels|bash scripts/kernels.sh"
    "clgen_model|bash scripts/clgen.sh --seeds 1..200"
    "clgen_pocl|bash scripts/clgen.sh --seeds 1..10 --backend pocl"
    "clgen_rtl|bash scripts/clgen.sh --seeds 1..3 --backend rtl"
    "fuzz_cc|make -s B=$B fuzz-cc FUZZ_ARGS=--seeds\ 3..3\ --count\ 2000"
    "rtl|bash scripts/rtl_test.sh"
)
times=()
t_all=$(date +%s)
status=0
for s in "${suites[@]}"; do
    name=${s%%|*}
    cmd=${s#*|}
    if [ -n "${WQ_TEST_ONLY:-}" ] && ! [[ " $WQ_TEST_ONLY " == *" $name "* ]]; then continue; fi
    echo "test: == $name: $cmd"
    t0=$(date +%s)
    eval "$cmd"
    rc=$?
    times+=("$name $(( $(date +%s) - t0 ))")
    if [ $rc -ne 0 ]; then
        echo "test: FAIL: $name (exit $rc): $cmd" >&2
        status=1
        break
    fi
done
echo "test: seconds per suite:"
for t in "${times[@]}"; do printf 'test:   %-12s %5s\n' ${t}; done
printf 'test:   %-12s %5s\n' total $(( $(date +%s) - t_all ))
[ $status -eq 0 ] && echo "test: all suites passed"
exit $status
