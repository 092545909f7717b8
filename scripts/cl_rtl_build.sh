#!/usr/bin/env bash
# cl_rtl_build.sh -- build libwqrtl.so, the OpenCL runtime's rtl backend
# (WQ_BACKEND=rtl, docs/runtime.md): wq_top under Verilator in lockstep with
# the golden model (tb/verilator/top/cosim.cpp, dev_rtl.cpp), every object
# position-independent, behind the three C entry points of dev_rtl_so.cpp.
# Cached per parameter set in build/verilator/cl/C<ch>_W<warps>_L<lanes>_D<dq>_R<regs>/;
# prints the library's path.
#
# Usage: bash scripts/cl_rtl_build.sh [LANES]     (8, 16 or 32; default 32;
#        the other parameters are the model's defaults: 4 channels, 8 warps,
#        deque 2^6, 32 registers)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
fail() { echo "cl_rtl_build: FAIL: $*" >&2; exit 1; }
ch=4 wa=8 la=${1:-32} dq=6 re=32
case "$la" in 8|16|32) ;; *) fail "LANES must be 8, 16 or 32" ;; esac
d="build/verilator/cl/C${ch}_W${wa}_L${la}_D${dq}_R${re}"
so="$d/libwqrtl.so"
command -v verilator >/dev/null || fail "verilator not installed (make deps)"
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh libs >/dev/null || fail "model library"
mkdir -p "$d"
if [ -f "$so" ] && [ -z "$(find rtl tb/verilator/top tb/verilator/common build/gen \
        build/lib/libwqmodel.a cmodel/include -newer "$so" -print -quit)" ]; then
    echo "$so"; exit 0
fi
defs="-DWQ_TB_CHANNELS=$ch -DWQ_TB_WARPS=$wa -DWQ_TB_LANES=$la -DWQ_TB_DQ_LOG2=$dq -DWQ_TB_REGS=$re"
flags="-fPIC -O2 -std=c++17 -fvisibility=hidden -I$root/cmodel/include -I$root/tb/verilator/common $defs"
# the model and the Verilator runtime as static libraries of PIC objects
verilator --cc --build -j 2 -O3 -Wall \
    -Ibuild/gen -Irtl -Irtl/core --top-module wq_top \
    -GCHANNELS="$ch" -GWARPS="$wa" -GLANES="$la" -GDQ_LOG2="$dq" -GREGS="$re" -GALU_LANES="$la" -GSEM_DIGIT=32 \
    --x-assign unique --x-initial unique --trace-fst \
    -Mdir "$d" -CFLAGS "$flags" rtl/wq_top.v > "$d/build.log" 2>&1 ||
    { tail -40 "$d/build.log" >&2; fail "verilator build (log: $d/build.log)"; }
# the Verilator run-time objects the generated makefile names, with the
# same (position-independent) flags
rt=$(sed -n '/^VM_GLOBAL_FAST +=/,/^$/p;/^VM_GLOBAL_SLOW +=/,/^$/p' "$d/Vwq_top_classes.mk" |
     grep -v '+=' | tr -d '\\\t ' | grep -v '^$' | sed 's/$/.o/' | tr '\n' ' ')
make -C "$d" -f Vwq_top.mk $rt >> "$d/build.log" 2>&1 || { tail -20 "$d/build.log" >&2; fail "Verilator run-time"; }
vinc=$(verilator --getenv VERILATOR_ROOT)/include
objs=()
for o in $rt; do objs+=("$d/$o"); done
for f in cosim dev_rtl fcov dev_rtl_so; do
    g++ $flags -I"$d" -I"$vinc" -I"$vinc/vltstd" -c "tb/verilator/top/$f.cpp" -o "$d/$f.o" \
        >> "$d/build.log" 2>&1 || { tail -20 "$d/build.log" >&2; fail "compile $f.cpp"; }
    objs+=("$d/$f.o")
done
g++ -shared -o "$so.tmp" "${objs[@]}" "$d/Vwq_top__ALL.a" \
    build/lib/libwqmodel.a -Wl,--exclude-libs,ALL -Wl,--no-undefined -lz -lpthread \
    >> "$d/build.log" 2>&1 || { tail -20 "$d/build.log" >&2; fail "link $so"; }
mv "$so.tmp" "$so"
echo "$so"
