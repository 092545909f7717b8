#!/usr/bin/env bash
# kernels.sh -- the OpenCL C kernels of tests/kernels (docs/compiler.md),
# compiled from source by the OpenCL runtime's clBuildProgram and run by one
# host program (tests/kernels/run.c) on
#   - the warpq model at 32, 16 and 8 lanes,
#   - the RTL in lockstep with the model (32 lanes; libwqrtl.so from
#     scripts/cl_rtl_build.sh, cached; KERNELS_RTL_LANES="8 16 32" runs
#     the RTL at each lane count it lists, a library per lane count:
#     `make regress` runs the language kernels so at 8 and 16),
#   - POCL, when it is installed, as an independent reference: every
#     kernel compiled live (POCL_KERNEL_CACHE=0, a fresh POCL_CACHE_DIR),
#     in batches built as one program each (`run --groups` makes them:
#     kernels whose file-scope names are apart and whose build options and
#     #pragma lines are the same, FP_CONTRACT's aside; `run --batch` builds
#     each once and runs and checks its kernels in turn), as a build is
#     most of what a kernel costs on POCL; a batch that fails is re-run a
#     kernel at a time, which reports the kernel as without batches, and a
#     batch failure no kernel shows alone is a failure of its own (a kernel
#     whose 32-lane model run failed runs there too: its verdict must be ok);
#   - the model again with every function called and 8 registers
#     (-wq-inline=never -wq-regs=8: CALL/RET and spilling) and with every
#     function inlined, and without the alias pass (-wq-alias=off; the
#     runs above have it on, their buffers disjoint);
#   - the model at 8, 16 and 32 lanes with every candidate sub-vector
#     segment taken (-wq-subv=always) and at 8 lanes with none
#     (-wq-subv=off), and a few kernels (SUBV_RTL below) with
#     -wq-subv=always on the RTL in lockstep at SUBV_RTL_LANES lanes (32 by
#     default: no other RTL build; `make regress` uses 8, where the parts
#     share registers; docs/compiler.md "Sub-vector segments");
# every run's output (the printed buffers and the `//@ expect` verdict)
# must equal the 32-lane model's byte for byte, and the verdict must be ok.
# A lock kernel (`//@ lock`: its output depends on scheduling, so it prints
# only the verdicts of its invariant checks) with -wq-yield=off must end in
# the model's forward-progress report (a failed launch, no hang).
# A float kernel (`//@ fp`) runs every warpq run above on a device with an
# FPU (WQ_FP=1): the model, and the RTL built with its FPU (wq_core FP=1,
# FP_LANES 8, libwqrtl.so from `scripts/cl_rtl_build.sh 32 1`) in lockstep
# with the model with one; it must also be refused at build time on the default
# device (no FPU), with a build log that names the device.
# A kernel marked `//@ rtl-regress` (minutes of lockstep: the math
# library's float_math) skips the RTL in `make test` (WQ_TEST_QUICK=1) and
# runs there in `make regress`; its runs time out after an hour
# (KERNELS_TIMEOUT when set), the others' after 300 s.
#
# Usage: bash scripts/kernels.sh [--no-pocl] [--no-rtl] [KERNEL.cl...]
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
pocl=1 rtl=1 files=()
for a in "$@"; do
    case "$a" in
    --no-pocl) pocl=0 ;;
    --no-rtl)  rtl=0 ;;
    -h|--help) sed -n '2,44p' "$0"; exit 0 ;;
    *.cl) files+=("$a") ;;
    *) echo "usage: bash scripts/kernels.sh [--no-pocl] [--no-rtl] [KERNEL.cl...]" >&2; exit 2 ;;
    esac
done
[ ${#files[@]} -gt 0 ] || files=(tests/kernels/*.cl)
out=build/tests/kernels
mkdir -p "$out"
pass=0 failn=0
ok()  { pass=$((pass + 1)); }
bad() { failn=$((failn + 1)); echo "kernels: FAIL: $*"; }

[ -f build/lib/libwqcl.so ] || { echo "kernels: FAIL: build/lib/libwqcl.so missing (make build)"; exit 1; }
cc -std=c11 -Wall -Wextra -Werror -O1 -g tests/kernels/run.c tests/kernels/kscope.c cmodel/tools/cli_kfile.c cmodel/tools/cli_kcheck.c -Icmodel/tools -o "$out/run" -lOpenCL ||
    { echo "kernels: FAIL: tests/kernels/run.c does not compile"; exit 1; }

warpq=(OCL_ICD_VENDORS="$root/build/etc/OpenCL/vendors" WQ_CL_PLATFORM=warpq)
# the RTL's lane counts (a library per lane count, built once and cached)
KERNELS_RTL_LANES=${KERNELS_RTL_LANES:-32}
if [ "$rtl" = 1 ]; then
    for l in $KERNELS_RTL_LANES; do
        case "$l" in 8|16|32) ;; *) echo "kernels: FAIL: KERNELS_RTL_LANES: $l is not 8, 16 or 32"; exit 2 ;; esac
        bash scripts/cl_rtl_build.sh "$l" > /dev/null || { bad "libwqrtl.so ($l lanes) did not build"; rtl=0; }
    done
fi
# the RTL device with an FPU, when a float kernel is to run
rtlfp=0
if [ "$rtl" = 1 ] && grep -lq '^//@ fp$' "${files[@]}"; then
    if bash scripts/cl_rtl_build.sh 32 1 > /dev/null; then rtlfp=1
    else bad "libwqrtl.so with the FPU (cl_rtl_build.sh 32 1) did not build"
    fi
fi
# the kernels that also run with -wq-subv=always on the RTL, and at how
# many lanes (a library per lane count, built once and cached)
SUBV_RTL=${SUBV_RTL:-"subv_pressure wide matmul"}
SUBV_RTL_LANES=${SUBV_RTL_LANES:-32}
sosubv=""
if [ "$rtl" = 1 ]; then
    sosubv=$(bash scripts/cl_rtl_build.sh "$SUBV_RTL_LANES") ||
        { bad "libwqrtl.so ($SUBV_RTL_LANES lanes) did not build"; sosubv=""; }
fi
havepocl=0
if [ "$pocl" = 1 ]; then
    if [ -f /etc/OpenCL/vendors/pocl.icd ]; then havepocl=1
    else echo "kernels: POCL not installed: the comparison with POCL is skipped"
    fi
fi
# the kernels whose 32-lane model run passed: POCL's output must equal it
declare -A modelok=()

# one kernel on one platform: its output in $out/NAME.LABEL.txt
run() {
    local k=$1 label=$2; shift 2
    local name; name=$(basename "$k" .cl)
    env "$@" timeout "${kto:-${KERNELS_TIMEOUT:-300}}" "$out/run" "$k" > "$out/$name.$label.txt" 2>&1
}

for k in "${files[@]}"; do
    name=$(basename "$k" .cl)
    ref="$out/$name.model32.txt"
    # a float kernel: the model with an FPU, no RTL (docs/compiler.md "Floating point")
    fp=0 krtl=$rtl
    if grep -q '^//@ fp$' "$k"; then
        fp=1 krtl=$rtlfp
        log="$out/$name.nofpu.txt"
        if ! env "${warpq[@]}" WQ_BACKEND=model WQ_FP=0 timeout 300 "$out/run" "$k" > "$log" 2>&1 &&
           grep -q "error: floating-point .* not supported by this device: warpq (model, 32 lanes) has no FPU" "$log"; then ok
        else bad "$name on a device without an FPU was not refused at build time naming the device:"; head -5 "$log"
        fi
    fi
    # (an rtl-regress kernel's lockstep run is minutes: an hour's timeout
    # for its runs, KERNELS_TIMEOUT still for the rest)
    kto=""
    if grep -q '^//@ rtl-regress$' "$k"; then
        if [ "${WQ_TEST_QUICK:-0}" = 1 ]; then krtl=0; else kto=${KERNELS_TIMEOUT:-3600}; fi
    fi
    warpq=(OCL_ICD_VENDORS="$root/build/etc/OpenCL/vendors" WQ_CL_PLATFORM=warpq WQ_FP=$fp)
    if ! run "$k" model32 "${warpq[@]}" WQ_BACKEND=model WQ_LANES=32 || ! grep -q '^expect: ok$' "$ref"; then
        bad "$name on the model:"; tail -20 "$ref"; continue
    fi
    ok
    modelok[$name]=1
    runs=("model16 WQ_BACKEND=model WQ_LANES=16" "model8 WQ_BACKEND=model WQ_LANES=8")
    if [ "$krtl" = 1 ]; then
        for l in $KERNELS_RTL_LANES; do
            if [ "$l" = 32 ]; then runs+=("rtl WQ_BACKEND=rtl WQ_LANES=32")
            else runs+=("rtl$l WQ_BACKEND=rtl WQ_LANES=$l")
            fi
        done
    fi
    for r in "${runs[@]}"; do
        read -r label envs <<< "$r"
        # shellcheck disable=SC2086   # envs: NAME=VALUE words
        if run "$k" "$label" "${warpq[@]}" $envs && cmp -s "$ref" "$out/$name.$label.txt"; then ok
        else bad "$name on $label differs from the 32-lane model:"; diff "$ref" "$out/$name.$label.txt" | head -10
        fi
    done
    # the same output with every function called and a register limit that
    # spills, and with every function inlined (docs/compiler.md "Calls")
    for v in "never8 -wq-inline=never -wq-regs=8" "always -wq-inline=always -wq-regs=32" "aliasoff -wq-alias=off"; do
        read -r label opts <<< "$v"
        if env "${warpq[@]}" WQ_BACKEND=model WQ_LANES=32 timeout 300 "$out/run" "$k" "$opts" \
               > "$out/$name.$label.txt" 2>&1 && cmp -s "$ref" "$out/$name.$label.txt"; then ok
        else bad "$name built with $opts differs:"; diff "$ref" "$out/$name.$label.txt" | head -10
        fi
    done
    # sub-vector segments: every candidate taken, or none (docs/compiler.md)
    for v in "subv8 8 -wq-subv=always" "subv16 16 -wq-subv=always" "subv32 32 -wq-subv=always" \
             "subvoff8 8 -wq-subv=off"; do
        read -r label lanes opts <<< "$v"
        if env "${warpq[@]}" WQ_BACKEND=model WQ_LANES="$lanes" timeout 300 "$out/run" "$k" "$opts" \
               > "$out/$name.$label.txt" 2>&1 && cmp -s "$ref" "$out/$name.$label.txt"; then ok
        else bad "$name built with $opts at $lanes lanes differs:"; diff "$ref" "$out/$name.$label.txt" | head -10
        fi
    done
    if [ -n "$sosubv" ] && [ "$krtl" = 1 ] && [[ " $SUBV_RTL " == *" $name "* ]]; then
        sl=$SUBV_RTL_LANES
        if env "${warpq[@]}" WQ_BACKEND=rtl WQ_LANES="$sl" timeout 600 "$out/run" "$k" -wq-subv=always \
               > "$out/$name.subvrtl$sl.txt" 2>&1 && cmp -s "$ref" "$out/$name.subvrtl$sl.txt"; then ok
            echo "kernels: $name -wq-subv=always on the RTL at $sl lanes (lockstep): same output"
        else bad "$name -wq-subv=always on the RTL at $sl lanes differs:"; diff "$ref" "$out/$name.subvrtl$sl.txt" | head -10
        fi
    fi
    echo "kernels: $name: model$([ "$fp" = 1 ] && echo " with an FPU") 32/16/8 lanes, all called with 8 registers, all inlined, alias pass off, sub-vector always/off$([ "$krtl" = 1 ] && echo ", rtl $(tr ' ' / <<< "$KERNELS_RTL_LANES") lanes")$([ "$fp" = 1 ] && echo ", refused without an FPU"): same output"
done

kto=""
# POCL (see the top): no kernel cache, every kernel compiled here and now
# as on a fresh machine (the directory holds POCL's temporary files)
pocld="$root/$out/pocl.$$"
trap 'rm -rf "$pocld"' EXIT
poclenv=(OCL_ICD_VENDORS=/etc/OpenCL/vendors WQ_CL_PLATFORM=Portable POCL_KERNEL_CACHE=0 POCL_CACHE_DIR="$pocld")
# same NAME: $out/NAME.pocl.txt equals the 32-lane model's output, or, when
# that run failed, ends in the verdict ok
same() {
    if [ -n "${modelok[$1]:-}" ]; then cmp -s "$out/$1.model32.txt" "$out/$1.pocl.txt"
    else grep -q '^expect: ok$' "$out/$1.pocl.txt"
    fi
}
# pocl_one KERNEL.cl: the kernel alone on POCL, checked and reported; 1
# when it fails
pocl_one() {
    local name; name=$(basename "$1" .cl)
    # (POCL's clang prints "N warnings generated." when it compiles a kernel)
    if run "$1" pocl "${poclenv[@]}" &&
       sed -i -E '/^[0-9]+ warnings? generated\.$/d' "$out/$name.pocl.txt" && same "$name"; then ok
    elif [ -n "${modelok[$name]:-}" ]; then
        bad "$name on POCL differs from warpq:"; diff "$out/$name.model32.txt" "$out/$name.pocl.txt" | head -10; return 1
    else bad "$name on POCL:"; tail -20 "$out/$name.pocl.txt"; return 1
    fi
}
# pocl_batch KERNEL.cl...: the kernels as one program on POCL; each one's
# output (its block after "file: KERNEL.cl") checked; when the batch fails,
# each kernel alone (pocl_one)
pocl_batch() {
    local k name rc n=$# failed=0 names=() before=$failn
    local txt="$out/pocl_batch.txt"
    for k in "$@"; do names+=("$(basename "$k" .cl)"); rm -f "$out/${names[-1]}.pocl.txt"; done
    env "${poclenv[@]}" timeout "$(( ${KERNELS_TIMEOUT:-300} + 10 * n ))" "$out/run" --batch "$@" > "$txt" 2>&1
    rc=$?
    awk -v dir="$out" '/^file: / { f = $2; sub(/.*\//, "", f); sub(/\.cl$/, "", f); f = dir "/" f ".pocl.txt"; next }
                       /^batch: [0-9]+ files, [0-9]+ failed$/ { f = ""; next }
                       f != "" { print > f }' "$txt"
    local differ=()
    for name in "${names[@]}"; do
        [ -f "$out/$name.pocl.txt" ] && same "$name" || { failed=1; differ+=("$name"); }
    done
    if [ $rc = 0 ] && [ $failed = 0 ] && [ "$(tail -1 "$txt")" = "batch: $n files, 0 failed" ]; then
        pass=$((pass + n))
        echo "kernels: pocl: ${names[*]} (one program): same output"
        return
    fi
    [ $rc = 124 ] && echo "timed out" >> "$txt"
    echo "kernels: pocl: the batch ${names[*]} failed (exit $rc; output not as expected: ${differ[*]:-none}); each kernel alone:"
    # its failed verdicts, each after its file
    awk '/^file: / { f = $0; next }
         /^(expect: |FATAL)/ && !/^expect: ok$/ { if (f != "") print f; f = ""; print }' "$txt" | head -10
    for k in "$@"; do pocl_one "$k"; done
    if [ "$failn" = "$before" ]; then
        rm -rf "$out/pocl_batch_fail"
        mkdir -p "$out/pocl_batch_fail"
        cp "$txt" "$out/pocl_batch_fail/run.txt"
        bad "pocl: ${names[*]} fail as one program but pass one by one; output kept as $out/pocl_batch_fail/run.txt"
        echo "kernels: re-run: ${poclenv[*]:0:3} $out/run --batch $*"
    fi
}
if [ "$havepocl" = 1 ]; then
    if ! env "${poclenv[@]}" "$out/run" --groups "${files[@]}" > "$out/pocl_groups.txt" 2>&1; then
        bad "pocl: run --groups failed:"; cat "$out/pocl_groups.txt"
    else
        while read -r -a grp; do
            if [ ${#grp[@]} = 1 ]; then
                pocl_one "${grp[0]}" && echo "kernels: pocl: $(basename "${grp[0]}" .cl) (alone): same output"
            else pocl_batch "${grp[@]}"
            fi
        done < "$out/pocl_groups.txt"
    fi
fi

# forward progress: a lock kernel (`//@ lock`) without YIELD livelocks like a
# plain reconvergence stack, and the model's watchdog ends it
for k in "${files[@]}"; do
    grep -q '^//@ lock' "$k" || continue
    name=$(basename "$k" .cl)
    warpq=(OCL_ICD_VENDORS="$root/build/etc/OpenCL/vendors" WQ_CL_PLATFORM=warpq WQ_FP=0)
    log="$out/$name.yieldoff.txt"
    env "${warpq[@]}" WQ_BACKEND=model timeout 120 "$out/run" "$k" -wq-yield=off > "$log" 2>&1
    rc=$?
    if [ $rc -eq 124 ]; then bad "$name -wq-yield=off hangs"
    elif [ $rc -ne 0 ] && grep -q "FORWARD_PROGRESS" "$log"; then ok
        echo "kernels: $name -wq-yield=off: $(grep -m1 FORWARD_PROGRESS "$log")"
    else bad "$name -wq-yield=off did not end in a forward-progress report (exit $rc):"; cat "$log"
    fi
done

echo "kernels: $pass passed, $failn failed"
[ "$failn" = 0 ]
