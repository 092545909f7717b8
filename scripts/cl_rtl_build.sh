#!/usr/bin/env bash
# cl_rtl_build.sh -- build libwqrtl.so, the OpenCL runtime's rtl backend
# (WQ_BACKEND=rtl, docs/runtime.md): wq_top under Verilator in lockstep with
# the golden model (tb/verilator/top/cosim.cpp, dev_rtl.cpp) behind the
# three C entry points of dev_rtl_so.cpp.
#
# It is the lockstep harness of the same parameter set
# (scripts/cosim_build.sh, build/verilator/top/C4_W8_L<lanes>_D6_R32/),
# relinked: that build's objects are position-independent, so the Verilated
# model, the Verilator run time and the Cosim core are compiled once for
# `wq cosim`, scripts/rtl/top.sh and this library.  Only dev_rtl_so.cpp is
# compiled here; a linker version script exports the three entry points and
# nothing else (the model library inside stays private to the library).
# Cached in build/verilator/cl/C4_W8_L<lanes>_D6_R32/; prints the library's
# path.
#
# Usage: bash scripts/cl_rtl_build.sh [LANES [FP]]     (8, 16 or 32; default 32;
#        FP 1: the core with its FPU, the device a float kernel runs on
#        (WQ_FP=1), in .../C4_W8_L<lanes>_D6_R32_FP/; the other parameters
#        are the model's defaults: 4 channels, 8 warps, deque 2^6, 32 registers)
#
# The FPU has 8 lanes of each unit (FP_LANES 8; docs/rtl/wq_fpu.md): at 16
# and 32 lanes a part of a warp instruction goes through the units in 2 or
# 4 slices, as on a GPU whose special-function units are narrower than its
# ALUs.  It is what keeps the device's build (about 115 CPU seconds, against
# 215 with a unit a lane) inside make test's budget; the sliced path is the
# one the lockstep runs of float kernels exercise at the default width.  A
# unit a lane at 32 lanes is scripts/cosim_build.sh's FP set (make bench's
# rtl_ipc_ffma, make regress's scripts/rtl/top.sh FP set).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
fail() { echo "cl_rtl_build: FAIL: $*" >&2; exit 1; }
ch=4 wa=8 la=${1:-32} dq=6 re=32 fp=${2:-0}
# (FP_LANES only with the FPU: without it the harness is the one
# scripts/rtl/top.sh and `wq cosim` build for the same parameters, and
# another FP_LANES would make them rebuild it in turn)
fl=$la; [ "$fp" = 0 ] || fl=8
case "$la" in 8|16|32) ;; *) fail "LANES must be 8, 16 or 32" ;; esac
case "$fp" in 0|1) ;; *) fail "FP must be 0 or 1" ;; esac
fx=""; [ "$fp" = 0 ] || fx=_FP
d="build/verilator/cl/C${ch}_W${wa}_L${la}_D${dq}_R${re}$fx"
so="$d/libwqrtl.so"
mkdir -p "$d"
# the harness of the tree's RTL, whatever a caller's environment says
# (a mutated copy or a coverage build never becomes the runtime's device)
h=$(env -u WQ_RTL_DIR -u WQ_COSIM_DIR -u WQ_VERILATOR_FLAGS -u WQ_VERILATOR_DIR \
    bash scripts/cosim_build.sh "$ch" "$wa" "$la" "$dq" "$re" "$la" 32 0 "$la" "$fp" "$fl" 2>"$d/harness.log") ||
    { tail -40 "$d/harness.log" >&2; fail "the lockstep harness (scripts/cosim_build.sh; log: $d/harness.log)"; }
hd=$(dirname "$h")
# which harness the library is linked from (its directory names its
# parameters: make bench's rtl_ipc_sgemm labels its figure from it)
echo "$h" > "$d/harness"
# the harness directory's lock (scripts/lib/verilator.sh's) until the
# library is linked: another lane's build of the same parameter set
# waits instead of replacing the objects under the link
exec {lk}> "$hd/.lock"
flock "$lk"
if [ -f "$so" ] && [ -z "$(find "$h" tb/verilator/top/dev_rtl_so.cpp build/lib/libwqmodel.a -newer "$so" -print -quit)" ]; then
    echo "$so"; exit 0
fi
defs="-DWQ_TB_CHANNELS=$ch -DWQ_TB_WARPS=$wa -DWQ_TB_LANES=$la -DWQ_TB_DQ_LOG2=$dq -DWQ_TB_REGS=$re -DWQ_TB_FP=$fp"
flags="-fPIC -O2 -std=c++17 -fvisibility=hidden -I$root/cmodel/include -I$root/tb/verilator/common $defs"
vinc=$(verilator --getenv VERILATOR_ROOT)/include
g++ $flags -I"$hd" -I"$vinc" -I"$vinc/vltstd" -c tb/verilator/top/dev_rtl_so.cpp -o "$d/dev_rtl_so.o" \
    > "$d/build.log" 2>&1 || { tail -20 "$d/build.log" >&2; fail "compile dev_rtl_so.cpp"; }
# the harness's objects less its main (tb_cosim) and the stream runner
objs=()
for o in "$hd"/*.o; do
    case "$(basename "$o")" in tb_cosim.o|cosim_stream.o|Vwq_top*.o) ;; *) objs+=("$o") ;; esac
done
printf '{ global: wq_dev_rtl_so_config; wq_dev_rtl_so_open; wq_dev_rtl_so_what; local: *; };\n' > "$d/libwqrtl.map"
g++ -shared -o "$so.tmp" "$d/dev_rtl_so.o" "${objs[@]}" "$hd/Vwq_top__ALL.a" \
    build/lib/libwqmodel.a -Wl,--exclude-libs,ALL -Wl,--version-script,"$d/libwqrtl.map" \
    -Wl,--no-undefined -lz -lpthread >> "$d/build.log" 2>&1 || { tail -20 "$d/build.log" >&2; fail "link $so"; }
mv "$so.tmp" "$so"
echo "$so"
