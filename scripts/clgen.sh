#!/usr/bin/env bash
# clgen.sh -- the OpenCL C compiler against the random kernel generator's
# oracle (docs/model/gen.md "OpenCL C kernels"): for every seed,
# `wq gen cl --seed S` writes a kernel whose //@ lines hold every
# work-item's expected outputs; tests/kernels/run.c builds it from source
# through the OpenCL runtime (clBuildProgram -> the compiler library) and
# runs it through the runtime's launch path on the chosen device, then
# compares every output word with the oracle.
#
# Usage: bash scripts/clgen.sh --seeds A..B [--lanes 8,16,32|rotate]
#                              [--backend model|rtl|pocl] [--max-skip PCT]
#                              [--options BUILD-OPTIONS] [--features LIST]
#   --features      the generator's language features (wq gen cl --features:
#                   struct,ptrmember,structarray,stmtexpr,vector,goto,float,
#                   all (the default: every one but float) or base); with
#                   float the warpq device has an FPU (WQ_FP=1; --backend
#                   rtl: the core built with its FPU, cl_rtl_build.sh 32 1)
#   --options       extra clBuildProgram options for every run
#                   (e.g. -wq-subv=always: every sub-vector segment taken)
#   --lanes rotate  seed S on one lane count only, 8/16/32 by S % 3
#   --backend rtl   the RTL in lockstep with the model (32 lanes)
#   --backend pocl  POCL instead of warpq: checks the oracle itself
# A kernel the compiler refuses for want of registers is
# skipped and counted; more than --max-skip percent (default 15) fails.
# The first failure prints the seed, lanes, the work-item and output,
# expected vs got, and keeps the kernel as build/tests/clgen/fail_S.cl.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seeds="" lanes="8,16,32" backend=model maxskip=15 opts="" features=all
usage() { echo "usage: bash scripts/clgen.sh --seeds A..B [--lanes 8,16,32|rotate] [--backend model|rtl|pocl] [--max-skip PCT] [--options BUILD-OPTIONS] [--features LIST]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
    --seeds)    seeds=${2:-}; shift 2 ;;
    --lanes)    lanes=${2:-}; shift 2 ;;
    --options)  opts=${2:-}; shift 2 ;;
    --features) features=${2:-}; shift 2 ;;
    --backend)  backend=${2:-}; shift 2 ;;
    --max-skip) maxskip=${2:-}; shift 2 ;;
    -h|--help)  sed -n '2,25p' "$0"; exit 0 ;;
    *) usage ;;
    esac
done
[[ "$seeds" =~ ^([0-9]+)\.\.([0-9]+)$ ]] || usage
fp=0
[[ ",$features," == *,float,* ]] && fp=1
lo=${BASH_REMATCH[1]} hi=${BASH_REMATCH[2]}
out=build/tests/clgen
mkdir -p "$out"
[ -x build/bin/wq ] && [ -f build/lib/libwqcl.so ] || { echo "clgen: FAIL: build first (make build)"; exit 1; }
cc -std=c11 -Wall -Wextra -Werror -O1 -g tests/kernels/run.c cmodel/tools/cli_kfile.c cmodel/tools/cli_kcheck.c -Icmodel/tools -o "$out/run.$$" -lOpenCL &&
    mv -f "$out/run.$$" "$out/run" ||
    { echo "clgen: FAIL: tests/kernels/run.c does not compile"; exit 1; }

runs=()
case "$backend" in
model) rotate=0
       if [ "$lanes" = rotate ]; then rotate=1; lanes=8,16,32; fi
       IFS=, read -ra ls <<< "$lanes"
       for l in "${ls[@]}"; do
           case "$l" in 8|16|32) runs+=("model$l OCL_ICD_VENDORS=$root/build/etc/OpenCL/vendors WQ_CL_PLATFORM=warpq WQ_BACKEND=model WQ_FP=$fp WQ_LANES=$l") ;;
           *) usage ;; esac
       done ;;
rtl)   so=$(bash scripts/cl_rtl_build.sh 32 "$fp") || { echo "clgen: FAIL: libwqrtl.so did not build"; exit 1; }
       [ -n "$so" ] || true
       runs+=("rtl32 OCL_ICD_VENDORS=$root/build/etc/OpenCL/vendors WQ_CL_PLATFORM=warpq WQ_BACKEND=rtl WQ_FP=$fp WQ_LANES=32") ;;
pocl)  [ -f /etc/OpenCL/vendors/pocl.icd ] || { echo "clgen: POCL not installed: skipped"; exit 0; }
       runs+=("pocl OCL_ICD_VENDORS=/etc/OpenCL/vendors WQ_CL_PLATFORM=Portable") ;;
*) usage ;;
esac

# seconds per run: the RTL in lockstep is about 100 times slower than the model
limit=120
[ "$backend" = rtl ] && limit=1200
labels=""
for r in "${runs[@]}"; do labels="$labels ${r%% *}"; done
pass=0 skip=0 n=0
# per invocation: several checkers may run at once on one build/
k="$out/k.$$.cl" txt="$out/run.$$.txt" gerr="$out/gen.$$.err"
trap 'rm -f "$k" "$txt" "$gerr"' EXIT
for ((s = lo; s <= hi; s++)); do
    n=$((n + 1))
    if ! build/bin/wq gen cl --seed "$s" --features "$features" -o "$k" 2> "$gerr"; then
        echo "clgen: FAIL: seed $s: the generator failed: $(cat "$gerr")"
        exit 1
    fi
    skipped=0
    these=("${runs[@]}")
    [ "${rotate:-0}" = 1 ] && these=("${runs[$((s % 3))]}")
    for r in "${these[@]}"; do
        read -r label envs <<< "$r"
        # shellcheck disable=SC2086   # envs: NAME=VALUE words
        env $envs timeout "$limit" "$out/run" "$k" ${opts:+"$opts"} > "$txt" 2>&1
        rc=$?
        [ $rc = 124 ] && echo "timed out after $limit s" >> "$txt"
        if grep -q '^expect: ok$' "$txt" && [ $rc = 0 ]; then continue; fi
        if grep -q "error: kernel '.*' needs more than .* registers" "$txt"; then
            skipped=1
            break
        fi
        cp "$k" "$out/fail_$s.cl"
        echo "clgen: FAIL: seed $s on $label (exit $rc); kernel kept as $out/fail_$s.cl"
        echo "clgen: re-run: build/bin/wq gen cl --seed $s --features $features -o k.cl; $envs $out/run k.cl"
        if grep -q '^expect: arg' "$txt"; then
            grep -m 5 '^expect: arg' "$txt"
        else
            grep -v '^  ' "$txt" | head -20
        fi
        echo "clgen: $pass passed, 1 failed"
        exit 1
    done
    if [ $skipped = 1 ]; then skip=$((skip + 1)); else pass=$((pass + 1)); fi
done
echo "clgen: seeds $lo..$hi on$labels: $skip refused for registers"
if [ $((skip * 100)) -gt $((maxskip * n)) ]; then
    echo "clgen: FAIL: $skip of $n kernels refused for registers (more than $maxskip%)"
    echo "clgen: $pass passed, 1 failed"
    exit 1
fi
echo "clgen: $pass passed, 0 failed"
