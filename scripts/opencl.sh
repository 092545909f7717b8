#!/usr/bin/env bash
# opencl.sh -- the OpenCL runtime as a program sees it (docs/runtime.md):
# builds the host programs of tests/opencl/*/main.c with the system's
# compiler against the Khronos headers and the ICD loader (cc ... -lOpenCL),
# then runs each one
#   - on warpq: OCL_ICD_VENDORS=build/etc/OpenCL/vendors, WQ_BACKEND=model;
#   - on warpq's RTL in lockstep with the model: WQ_BACKEND=rtl, with
#     libwqrtl.so built first (scripts/cl_rtl_build.sh, cached);
#   - the float programs (those that include tests/opencl/fp.h: saxpy,
#     reduce, sgemm, stencil, clpeak, clinfo_probe, mathfn) once more on the model
#     and on the RTL with an FPU (WQ_FP=1; the RTL's libwqrtl.so with its
#     FPU, scripts/cl_rtl_build.sh LANES 1) and WQ_EXPECT_FP=1 (skipping
#     the float parts is then a failure); without WQ_FP they check that a
#     float kernel is refused and skip the rest;
#   - on POCL, when it is installed (pocl-opencl-icd): the same binaries,
#     WQ_CL_PLATFORM=Portable, the system's vendors directory (not the
#     programs of warpq's extensions, each skip said by name);
# and checks what the library exports, the ICD file, and how a bad
# WQ_BACKEND / WQ_LANES / WQ_CL_MAX_GRID / WQ_CL_NESTED_TRIES is refused.  Run by `make test`
# after `make build`.
#
# The NDRange split (docs/runtime.md "NDRange": more work-groups in a
# dimension than one launch holds run as several launches) runs at small
# sizes under WQ_CL_MAX_GRID: tests/opencl/ndsplit once more with it at 1
# and 3 on the model at 8, 16 and 32 lanes, and at 3 on the RTL in
# lockstep (at OPENCL_LANES), and tests/opencl/nested_errors with it at 4
# on the model (the kernels never split refused at 5 work-groups);
# tests/opencl/bigrange splits at full size on the model only.
#
# The runtime's kernel path (tests/unit/test_cl_launch.c, .wqs kernels
# through the kernel ABI) runs in wq_unit on the model; here it runs again
# on the RTL backend.
#
# OPENCL_LANES=8|16 runs warpq's model and RTL at that many lanes instead
# of 32 (WQ_LANES; `make regress` runs the host programs so at 8 and 16).
#
# --only NAME[,NAME...] builds and runs only those host programs (on every
# backend and configuration it would run them), without the library-wide
# checks (exports, clinfo, the timeline, the refusals, wq_unit's kernel
# path on the RTL): the targeted form, e.g. --only ndsplit,bigrange.
#
# Usage: bash scripts/opencl.sh [--no-pocl] [--no-rtl] [--only NAME[,NAME...]]
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
pocl=1 rtl=1 only=""
usage() { echo "usage: bash scripts/opencl.sh [--no-pocl] [--no-rtl] [--only NAME[,NAME...]]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
    --no-pocl) pocl=0 ;;
    --no-rtl)  rtl=0 ;;
    --only)    [ $# -ge 2 ] || usage; only=",$2,"; shift ;;
    *) usage ;;
    esac
    shift
done
# whole: the library-wide checks run (not under --only)
whole() { [ -z "$only" ]; }
# selected NAME: the host program runs
selected() { [ -z "$only" ] || case "$only" in *",$1,"*) true ;; *) false ;; esac; }
if [ -n "$only" ]; then
    for n in ${only//,/ }; do
        [ -f "tests/opencl/$n/main.c" ] || { echo "opencl: FAIL: --only $n: no tests/opencl/$n/main.c"; exit 2; }
    done
fi
lanes=${OPENCL_LANES:-32}
case "$lanes" in 8|16|32) ;; *) echo "opencl: FAIL: OPENCL_LANES=$lanes: must be 8, 16 or 32"; exit 2 ;; esac
out=build/tests/opencl
[ "$lanes" = 32 ] || { out=build/tests/opencl_L$lanes; echo "opencl: warpq's model and RTL at $lanes lanes (OPENCL_LANES)"; }
mkdir -p "$out"
pass=0 failn=0
ok()   { pass=$((pass + 1)); }
bad()  { failn=$((failn + 1)); echo "opencl: FAIL: $*"; }

[ -f /usr/include/CL/cl.h ] || { echo "opencl: FAIL: CL/cl.h missing (make deps)"; exit 1; }
lib=build/lib/libwqcl.so icd=build/etc/OpenCL/vendors/warpq.icd
[ -f "$lib" ] && [ -f "$icd" ] || { echo "opencl: FAIL: $lib or $icd missing (make build)"; exit 1; }

# the ICD file names the library by absolute path; the library exports the
# three symbols the loader looks up and nothing else
if whole; then
    [ "$(cat "$icd")" = "$root/$lib" ] && ok || bad "$icd does not hold $root/$lib"
    syms=$(nm -D --defined-only "$lib" | awk '{print $3}' | sort | tr '\n' ' ')
    [ "$syms" = "clGetExtensionFunctionAddress clGetPlatformInfo clIcdGetPlatformIDsKHR " ] && ok ||
        bad "libwqcl.so exports: $syms"
fi

# kernels for tests/opencl/kernels: a program binary from hand-written .wqs
# (wqs2bin links the runtime's archive for the binary writer)
bin="$out/kernels.bin"
if cc -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -Icmodel/include -Icmodel/runtime \
       tests/opencl/kernels/wqs2bin.c build/lib/libwqcl.a build/lib/libwqdrv.a build/lib/libwqcc.a \
       build/lib/libwqasm.a build/lib/libwqmodel.a -lpthread -ldl -o "$out/wqs2bin" &&
   "$out/wqs2bin" tests/opencl/kernels/kernels.wqs "$bin"; then ok
else bad "no program binary from tests/opencl/kernels/kernels.wqs"
fi
warpq_only=" kernels "          # warpq machine code: not for other platforms
# device-side enqueue (wq_enqueue) is a warpq extension: not on other platforms
enqueue_only=" nested subdivide nested_errors nd_enqueue "

tests=() fp_tests=()
for src in tests/opencl/*/main.c; do
    name=$(basename "$(dirname "$src")")
    selected "$name" || continue
    if cc -std=c99 -Wall -Wextra -Werror -O1 -g "$src" -o "$out/$name" -lOpenCL -lm 2> "$out/$name.cc.log"; then
        ok; tests+=("$name")
        grep -q '^#include "../fp.h"' "$src" && fp_tests+=("$name")
    else
        bad "$src does not compile:"; cat "$out/$name.cc.log"
    fi
done

# run NAME LABEL ENV... -- one host program; its closing line is kept
run() {
    local name=$1 label=$2; shift 2
    local log="$out/$name.$label.log"
    if env "$@" timeout 300 "$out/$name" > "$log" 2>&1; then
        ok; echo "opencl: $label: $(tail -1 "$log")"
    else
        bad "$name on $label:"; tail -20 "$log"
    fi
}

warpq=(OCL_ICD_VENDORS="$root/build/etc/OpenCL/vendors" WQ_BACKEND=model WQ_CL_PLATFORM=warpq WQ_LANES=$lanes
       WQ_EXPECT_MAX_WG=256      # the default configuration: 8 warp slots of 32
       WQ_CL_BINARY="$root/$bin")
for t in "${tests[@]}"; do run "$t" warpq "${warpq[@]}"; done
for t in "${fp_tests[@]+"${fp_tests[@]}"}"; do run "$t" warpq-fp "${warpq[@]}" WQ_FP=1 WQ_EXPECT_FP=1; done
selected query && run query warpq-8-lanes "${warpq[@]}" WQ_LANES=8
selected kernels && run kernels warpq-8-lanes "${warpq[@]}" WQ_LANES=8
# the NDRange split at small sizes: launches of at most 1 and 3
# work-groups a dimension (WQ_CL_MAX_GRID), the model at every lane count
if selected ndsplit; then
    for l in 8 16 32; do
        for m in 1 3; do run ndsplit "warpq-L$l-maxgrid$m" "${warpq[@]}" WQ_LANES=$l WQ_CL_MAX_GRID=$m; done
    done
fi
# kernels with nested work, and those a kernel enqueues, are never split:
# refused at one work-group more than WQ_CL_MAX_GRID (4: flood's 4
# work-groups still run in one launch)
selected nested_errors && run nested_errors warpq-maxgrid4 "${warpq[@]}" WQ_CL_MAX_GRID=4

# a backend or lane count the runtime does not know: no device, and why
refused() {
    local what=$1 want=$2; shift 2
    local log="$out/refused.log"
    if env "${warpq[@]}" "$@" timeout 60 "$out/query" > "$log" 2>&1; then
        bad "$what: the device was found"
    elif grep -q "$want" "$log"; then ok
    else bad "$what: no \"$want\" in:"; cat "$log"
    fi
}
if whole; then
    refused "WQ_BACKEND=bogus" "WQ_BACKEND=bogus: unknown backend" WQ_BACKEND=bogus
    refused "WQ_LANES=12" "WQ_LANES=12: must be 8, 16 or 32" WQ_LANES=12
    for v in 0 65536 3x -1 " 3" 99999999999999999999; do
        refused "WQ_CL_MAX_GRID=$v" "WQ_CL_MAX_GRID=$v: must be a number of work-groups from 1 to 65535" \
            WQ_CL_MAX_GRID="$v"
    done
    for v in 0 1000000001 1e4 " 5"; do
        refused "WQ_CL_NESTED_TRIES=$v" "WQ_CL_NESTED_TRIES=$v: must be a number of tries from 1 to 1000000000" \
            WQ_CL_NESTED_TRIES="$v"
    done
fi

# a third-party program, unmodified: Debian's clinfo through the ICD loader
# asks every platform and device query it knows (OpenCL 1.0 to 3.0: the
# newer ones must be refused cleanly), builds its own probe kernel (a float
# kernel: without an FPU refused with a located build log; with one, WQ_FP=1,
# built, its work-group size multiple the warp's 32, and the device's
# single-precision configuration and float vector widths listed) and
# creates contexts by type
clinfo_check() {   # BACKEND DEVICE_NAME_RE [FP]
    local backend=$1 want_dev=$2 fp=${3:-0} log="$out/clinfo.$1.log" mode
    [ "$fp" = 0 ] || log="$out/clinfo.$1-fp.log"
    : > "$log"
    for mode in --raw --human; do     # raw values; the NULL-platform part is human only
        if ! env OCL_ICD_VENDORS="$root/build/etc/OpenCL/vendors" WQ_BACKEND="$backend" WQ_LANES="$lanes" \
                 WQ_FP="$fp" timeout 120 clinfo $mode >> "$log" 2>&1; then
            bad "clinfo $mode on $backend (WQ_FP=$fp) exited with an error:"; tail -20 "$log"; return
        fi
    done
    local want fpw
    if [ "$fp" = 1 ]; then
        fpw=("CL_DEVICE_SINGLE_FP_CONFIG *CL_FP_DENORM \| CL_FP_INF_NAN \| CL_FP_ROUND_TO_NEAREST \| CL_FP_FMA$"
             "CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT *1$" "CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT *1$"
             "CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE *32$" "Single-precision Floating-point support *\(core\)")
    else
        fpw=("error: floating-point types are not supported by this device"
             "CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT *0$" "CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT *0$")
    fi
    for want in "CL_DEVICE_NAME *$want_dev" "CL_PLATFORM_NAME *warpq" \
                "CL_DEVICE_OPENCL_C_VERSION *OpenCL C 1.2" "CL_DEVICE_MAX_WORK_GROUP_SIZE *256" \
                "CL_DEVICE_ADDRESS_BITS *32" "CL_DEVICE_TYPE *CL_DEVICE_TYPE_GPU" \
                "${fpw[@]}" \
                "CL_DEVICE_EXTENSIONS.*cl_khr_global_int32_base_atomics" \
                "clCreateContextFromType\(NULL, CL_DEVICE_TYPE_GPU\) *Success \(1\)"; do
        grep -Eq -- "$want" "$log" || { bad "clinfo on $backend (WQ_FP=$fp): no '$want' (log: $log)"; return; }
    done
    # nothing but the refused float probe (without an FPU) may fail
    local refused='create kernel : error -45'
    [ "$fp" = 0 ] || refused='^$'
    if grep -E 'error -[0-9]+|CL_OUT_OF|CL_INVALID' "$log" | grep -v -- "$refused" |
       grep -vq 'CL_INVALID_VALUE'; then
        bad "clinfo on $backend (WQ_FP=$fp): an unexpected error:"; grep -E 'error -|CL_OUT_OF|CL_INVALID' "$log" | head
        return
    fi
    ok; echo "opencl: clinfo (unmodified, through the ICD loader) on $backend$([ "$fp" = 1 ] && echo " with an FPU"): $(grep -c '^\[WQ/0\]' "$log") device properties"
}
if ! whole; then
    :   # --only: the host programs alone
elif command -v clinfo > /dev/null; then
    clinfo_check model "warpq \(model, $lanes lanes\)"   # on rtl: below, once libwqrtl.so is built
    clinfo_check model "warpq \(model, $lanes lanes, FPU\)" 1
else
    bad "clinfo is missing (make deps installs it)"
fi

# WQ_TIMELINE / WQ_TRACE on an unmodified program: a well-formed timeline
# whose instruction slices are the trace's retired instructions; a path that
# cannot be created is refused with the reason
watch_check() {
    local backend=$1 prog=$2 tl="$out/$2.$1.timeline.json" log="$out/$2.$1.watch.log"
    rm -f "$tl"
    if ! env "${warpq[@]}" WQ_BACKEND="$backend" WQ_TIMELINE="$root/$tl" WQ_TRACE=1 \
             timeout 300 "$out/$prog" > "$log" 2>&1; then
        bad "$prog with WQ_TIMELINE on $backend:"; tail -20 "$log"; return
    fi
    local chk ntrace ninstr
    if ! chk=$(python3 scripts/timeline_check.py "$tl" 2>&1); then
        bad "$prog on $backend: the timeline is not well-formed: $chk"; return
    fi
    ntrace=$(grep -c '^warpq: trace [0-9]* w[0-9]* *RETIRE' "$log")
    ninstr=$(sed -n 's/.* \([0-9]*\) instructions,.*/\1/p' <<< "$chk")
    if [ "${ninstr:-0}" -gt 0 ] && [ "$ninstr" = "$ntrace" ]; then
        ok; echo "opencl: $backend: $prog with WQ_TIMELINE and WQ_TRACE: $chk"
    else
        bad "$prog on $backend: $ninstr instruction slices in the timeline, $ntrace RETIRE lines traced"
    fi
}
if whole; then
    watch_check model hashtable
    refused "WQ_TIMELINE in a missing directory" "WQ_TIMELINE=/nonexistent/t.json: cannot create" \
        WQ_TIMELINE=/nonexistent/t.json
fi

if [ "$rtl" = 1 ]; then
    if so=$(bash scripts/cl_rtl_build.sh "$lanes"); then
        if whole; then
            command -v clinfo > /dev/null && clinfo_check rtl "warpq \(rtl, $lanes lanes\)"
            watch_check rtl hashtable
        fi
        ok
        # nested_errors' unfinished session fails when its ACQUIRE has
        # tried WQ_CL_NESTED_TRIES times: the default 20 000 (320 000
        # cycles) is 20 s in lockstep; flood's sessions need about 7 200
        # at 32 lanes, so 10 000 there (other lane counts: the default)
        for t in "${tests[@]}"; do
            if [ "$t" = nested_errors ] && [ "$lanes" = 32 ]; then
                run "$t" rtl "${warpq[@]}" WQ_BACKEND=rtl WQ_CL_NESTED_TRIES=10000
            else
                run "$t" rtl "${warpq[@]}" WQ_BACKEND=rtl
            fi
        done
        # the NDRange split in lockstep: launches of at most 3 work-groups
        selected ndsplit && run ndsplit rtl-maxgrid3 "${warpq[@]}" WQ_BACKEND=rtl WQ_CL_MAX_GRID=3
        if ! whole; then
            :   # --only: not wq_unit's kernel path
        elif [ "$lanes" != 32 ]; then
            :   # wq_unit's kernel path runs on the default device (32 lanes) only
        elif [ -x build/bin/wq_unit ]; then
            log="$out/cl_launch.rtl.log"
            if WQ_BACKEND=rtl build/bin/wq_unit --filter 'cl_launch/*' --jobs 1 > "$log" 2>&1; then
                ok; echo "opencl: rtl: kernel path: $(grep Synthesis "$log")"
            else
                bad "the kernel path (wq_unit cl_launch/*) on the rtl backend:"; tail -20 "$log"
            fi
        else
            bad "build/bin/wq_unit missing (make build/bin/wq_unit)"
        fi
    else
        bad "libwqrtl.so did not build"
    fi
    # the float programs on the RTL with its FPU (WQ_FP=1: the backend loads
    # the _FP build of the same parameters; under --only when one is chosen)
    if ! whole && [ ${#fp_tests[@]} = 0 ]; then
        :
    elif so=$(bash scripts/cl_rtl_build.sh "$lanes" 1); then
        whole && command -v clinfo > /dev/null && clinfo_check rtl "warpq \(rtl, $lanes lanes, FPU\)" 1
        ok
        for t in "${fp_tests[@]+"${fp_tests[@]}"}"; do run "$t" rtl-fp "${warpq[@]}" WQ_BACKEND=rtl WQ_FP=1 WQ_EXPECT_FP=1; done
    else
        bad "libwqrtl.so with the FPU (scripts/cl_rtl_build.sh $lanes 1) did not build"
    fi
fi

if [ "$pocl" = 1 ] && [ -f /etc/OpenCL/vendors/pocl.icd ]; then
    for t in "${tests[@]}"; do
        case "$warpq_only" in *" $t "*) continue ;; esac
        case "$enqueue_only" in *" $t "*)
            echo "opencl: pocl: $t skipped: wq_enqueue is warpq's cl_warpq_enqueue extension"; continue ;;
        esac
        run "$t" pocl OCL_ICD_VENDORS=/etc/OpenCL/vendors WQ_CL_PLATFORM=Portable
    done
elif [ "$pocl" = 1 ]; then
    echo "opencl: POCL not installed: the POCL runs are skipped"
fi

echo "opencl: $pass passed, $failn failed"
[ "$failn" = 0 ]
