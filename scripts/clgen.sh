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
#                              [--batch N]
#   --features      the generator's language features (wq gen cl --features:
#                   struct,ptrmember,structarray,stmtexpr,vector,goto,float,
#                   all (the default: every one but float) or base); with
#                   float the warpq device has an FPU (WQ_FP=1; --backend
#                   rtl: the core built with its FPU, cl_rtl_build.sh 32 1)
#   --options       extra clBuildProgram options for every run
#                   (e.g. -wq-subv=always: every sub-vector segment taken)
#   --lanes rotate  seed S on one lane count only, 8/16/32 by S % 3
#   --backend rtl   the RTL in lockstep with the model (32 lanes)
#   --backend pocl  POCL instead of warpq: checks the oracle itself.  Every
#                   kernel is compiled live (POCL_KERNEL_CACHE=0, a fresh
#                   POCL_CACHE_DIR per run), N seeds to a program (--batch,
#                   default 100): `wq gen cl --prefix sS_` keeps their names
#                   apart and `run --batch` builds them once, then launches
#                   and checks each (POCL's clang and its builtin library
#                   cost about 0.65 CPU s a build, more than a seed's own
#                   code generation).  A batch that fails is re-run a seed
#                   at a time from its first failing seed (the first, if the
#                   build failed), so a failure reads as without batches
#   --batch N       seeds to a program build (--backend pocl only; 1: a
#                   process and a build per seed)
# A kernel the compiler refuses for want of registers is
# skipped and counted; more than --max-skip percent (default 15) fails.
# The first failure prints the seed, lanes, the work-item and output,
# expected vs got, and keeps the kernel as build/tests/clgen/fail_S.cl.
# A batch that fails while each of its seeds passes alone is a failure too:
# its files and output are kept in build/tests/clgen/fail_batch_A/.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seeds="" lanes="8,16,32" backend=model maxskip=15 opts="" features=all batch=""
usage() { echo "usage: bash scripts/clgen.sh --seeds A..B [--lanes 8,16,32|rotate] [--backend model|rtl|pocl] [--max-skip PCT] [--options BUILD-OPTIONS] [--features LIST] [--batch N]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
    --seeds)    seeds=${2:-}; shift 2 ;;
    --lanes)    lanes=${2:-}; shift 2 ;;
    --options)  opts=${2:-}; shift 2 ;;
    --features) features=${2:-}; shift 2 ;;
    --backend)  backend=${2:-}; shift 2 ;;
    --max-skip) maxskip=${2:-}; shift 2 ;;
    --batch)    batch=${2:-}; shift 2 ;;
    -h|--help)  sed -n '2,40p' "$0"; exit 0 ;;
    *) usage ;;
    esac
done
[[ "$seeds" =~ ^([0-9]+)\.\.([0-9]+)$ ]] || usage
fp=0
[[ ",$features," == *,float,* ]] && fp=1
lo=${BASH_REMATCH[1]} hi=${BASH_REMATCH[2]}
[ -z "$batch" ] && { batch=1; [ "$backend" = pocl ] && batch=100; }
[[ "$batch" =~ ^[1-9][0-9]*$ ]] || usage
[ "$batch" = 1 ] || [ "$backend" = pocl ] || { echo "clgen: --batch is for --backend pocl" >&2; exit 2; }
out=build/tests/clgen
mkdir -p "$out"
[ -x build/bin/wq ] && [ -f build/lib/libwqcl.so ] || { echo "clgen: FAIL: build first (make build)"; exit 1; }
cc -std=c11 -Wall -Wextra -Werror -O1 -g tests/kernels/run.c tests/kernels/kscope.c cmodel/tools/cli_kfile.c cmodel/tools/cli_kcheck.c -Icmodel/tools -o "$out/run.$$" -lOpenCL &&
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
       # no kernel cache: every kernel compiled here and now, as on a
       # fresh machine (the directory holds POCL's temporary files)
       runs+=("pocl OCL_ICD_VENDORS=/etc/OpenCL/vendors WQ_CL_PLATFORM=Portable POCL_KERNEL_CACHE=0 POCL_CACHE_DIR=$root/$out/pocl.$$") ;;
*) usage ;;
esac

# seconds per run: the RTL in lockstep is about 100 times slower than the model
limit=120
[ "$backend" = rtl ] && limit=1200
labels=""
for r in "${runs[@]}"; do labels="$labels ${r%% *}"; done
pass=0 skip=0 n=0
# per invocation: several checkers may run at once on one build/
k="$out/k.$$.cl" txt="$out/run.$$.txt" gerr="$out/gen.$$.err" bdir="$out/batch.$$"
trap 'rm -rf "$k" "$txt" "$gerr" "$bdir" "$out/pocl.$$"' EXIT

# gen S FILE [PREFIX]: seed S's kernel into FILE, or exit 1
gen() {
    if ! build/bin/wq gen cl --seed "$1" --features "$features" ${3:+--prefix "$3"} -o "$2" 2> "$gerr"; then
        echo "clgen: FAIL: seed $1: the generator failed: $(cat "$gerr")"
        exit 1
    fi
}

# one S: seed S in a process of its own on every run: pass (counted), a
# refusal for registers (counted), or the failure's report and exit 1
one() {
    local s=$1 skipped=0 r label envs rc
    n=$((n + 1))
    gen "$s" "$k"
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
}

# chunk A B: seeds A..B as one program on POCL (run --batch); when it
# fails, each seed alone from the first that failed (one), which reports
# it; a batch failure no seed shows alone is reported as such
chunk() {
    local a=$1 b=$2 s r label envs rc first
    read -r label envs <<< "${runs[0]}"
    rm -rf "$bdir"
    mkdir -p "$bdir"
    local files=()
    for ((s = a; s <= b; s++)); do
        gen "$s" "$bdir/s$s.cl" "s${s}_"
        files+=("$bdir/s$s.cl")
    done
    # shellcheck disable=SC2086   # envs: NAME=VALUE words
    env $envs timeout "$((limit + 10 * (b - a + 1)))" "$out/run" --batch ${opts:+--options "$opts"} "${files[@]}" > "$txt" 2>&1
    rc=$?
    if [ $rc = 0 ] && grep -qx "batch: $((b - a + 1)) files, 0 failed" "$txt"; then
        pass=$((pass + b - a + 1)) n=$((n + b - a + 1))
        return
    fi
    [ $rc = 124 ] && echo "timed out" >> "$txt"
    # the first file whose block is not "expect: ok" (none: the build)
    first=$(awk '/^file: / { if (f != "") { print f; found = 1; exit } f = $2; next }
                 /^expect: ok$/ { f = ""; next }
                 f != "" && /^(expect: |FATAL)/ { print f; found = 1; exit }
                 END { if (!found && f != "") print f }' "$txt")
    first=${first##*/s}
    first=${first%.cl}
    [[ "$first" =~ ^[0-9]+$ ]] || first=$a
    echo "clgen: the batch of seeds $a..$b on $label failed (exit $rc) at seed $first; each seed alone from $first:"
    grep -v '^  \|^expect: ok$\|^file: \|^warning: \|warnings* generated\.$' "$txt" | head -10
    for ((s = a; s < first; s++)); do pass=$((pass + 1)) n=$((n + 1)); done
    for ((s = first; s <= b; s++)); do one "$s"; done
    rm -rf "$out/fail_batch_$a"
    cp -r "$bdir" "$out/fail_batch_$a"
    cp "$txt" "$out/fail_batch_$a/run.txt"
    echo "clgen: FAIL: seeds $a..$b fail as one program but pass one by one; kept as $out/fail_batch_$a/"
    echo "clgen: re-run: $envs $out/run --batch $out/fail_batch_$a/*.cl"
    echo "clgen: $pass passed alone, the batch of seeds $a..$b failed"
    exit 1
}

if [ "$batch" -gt 1 ]; then
    for ((s = lo; s <= hi; s += batch)); do
        e=$((s + batch - 1))
        [ $e -gt $hi ] && e=$hi
        chunk "$s" "$e"
    done
else
    for ((s = lo; s <= hi; s++)); do one "$s"; done
fi
echo "clgen: seeds $lo..$hi on$labels: $skip refused for registers"
if [ $((skip * 100)) -gt $((maxskip * n)) ]; then
    echo "clgen: FAIL: $skip of $n kernels refused for registers (more than $maxskip%)"
    echo "clgen: $pass passed, 1 failed"
    exit 1
fi
echo "clgen: $pass passed, 0 failed"
