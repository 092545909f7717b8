#!/usr/bin/env bash
# systemc_build.sh -- build the SystemC testbench (tb/systemc, docs/systemc.md):
# wq_top Verilated for SystemC (`verilator --sc`, the default machine:
# 4 channels, 8 warps, 32 lanes, deque 2^6, 32 registers), the wrappers,
# the host, the platform, and
#   build/systemc/tb_systemc    the testbench program (sc_main)
#   build/systemc/libwqsc.so    the same platform as the OpenCL runtime's
#                               WQ_BACKEND=systemc device
# Everything position-independent; skipped when newer than every input.
# Prints nothing on success.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
fail() { echo "systemc_build: FAIL: $*" >&2; exit 1; }
[ -f /usr/include/systemc.h ] || fail "SystemC headers missing (make deps: libsystemc-dev)"
command -v verilator >/dev/null || fail "verilator not installed (make deps)"
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh libs >/dev/null || fail "model and driver libraries"
B=build/systemc
V=$B/vl
mkdir -p "$V"
. scripts/lib/vl_cxx.sh
. scripts/lib/vl_make.sh
wq_vl_cxx "$root"
export SYSTEMC_INCLUDE=/usr/include SYSTEMC_LIBDIR=/usr/lib/$(gcc -print-multiarch)
# the machine the RTL wrapper is Verilated for, told to the C++ as well
ch=4 wa=8 la=32 dq=6 re=32
defs="-DWQ_SC_CHANNELS=$ch -DWQ_SC_WARPS=$wa -DWQ_SC_LANES=$la -DWQ_SC_DQ_LOG2=$dq -DWQ_SC_REGS=$re"
flags="-fPIC -O2 -std=c++17 -Wall -Wextra -Werror -I$root/cmodel/include $defs"
# the model's optimisation levels as the benches' (scripts/lib/vl_cxx.sh);
# other levels than the last build's: every object again (make would keep
# an object whose source Verilator wrote unchanged)
[ "$(cat "$V/opt" 2>/dev/null)" = "${vl_mkopt[*]}" ] || rm -f "$V"/*.o "$V"/*.a "$V/opt"
if [ ! -f "$V/Vwq_top__ALL.a" ] || [ -n "$(find rtl build/gen/wq_defs.vh build/gen/wq_decode.vh \
        -newer "$V/Vwq_top__ALL.a" -print -quit)" ]; then
    rm -f "$V/opt"
    # (the C++ compiled a few translation units at a time, at vl_mkopt's
    # levels: lib/vl_make.sh)
    { nice verilator --sc -O3 -Wall -Ibuild/gen -Irtl -Irtl/core --top-module wq_top \
        -GCHANNELS=$ch -GWARPS=$wa -GLANES=$la -GDQ_LOG2=$dq -GREGS=$re -GALU_LANES=$la -GSEM_DIGIT=32 \
        --x-assign unique --x-initial unique \
        -Mdir "$V" -CFLAGS "-fPIC -O2 -std=c++17" rtl/wq_top.v &&
      nice bash -c '. scripts/lib/vl_make.sh && vl_make "$@"' vl_make "$V" Vwq_top "${vl_mkopt[@]}"; } > "$V/build.log" 2>&1 ||
        { tail -30 "$V/build.log" >&2; fail "verilator --sc (log: $V/build.log)"; }
    echo "${vl_mkopt[*]}" > "$V/opt"
fi
# the Verilator run-time objects the generated makefile names
rt=$(vl_classes "$V" Vwq_top VM_GLOBAL_FAST; vl_classes "$V" Vwq_top VM_GLOBAL_SLOW)
rt=$(sed 's/$/.o/' <<< "$rt" | tr '\n' ' ')
make -C "$V" -f Vwq_top.mk $rt >> "$V/build.log" 2>&1 || fail "Verilator run-time (log: $V/build.log)"
vinc=$(verilator --getenv VERILATOR_ROOT)/include
objs=()
for o in $rt; do objs+=("$V/$o"); done
srcs="wq_tlm wq_tlm_rtl wq_sc_host wq_sc_platform"
[ "$(cat "$B/flags" 2>/dev/null)" = "$flags" ] || rm -f "$B"/*.o
echo "$flags" > "$B/flags"
for f in $srcs tb_systemc tb_sockets wq_sc_so; do
    o=$B/$f.o
    if [ ! -f "$o" ] || [ -n "$(find tb/systemc cmodel/include "$V/Vwq_top.h" -newer "$o" -print -quit)" ]; then
        $objcache g++ $flags -I"$V" -isystem "$vinc" -isystem "$vinc/vltstd" -DVM_SC=1 -c "tb/systemc/$f.cpp" -o "$o" \
            2> "$B/$f.log" || { cat "$B/$f.log" >&2; fail "compile tb/systemc/$f.cpp"; }
    fi
done
libs="build/lib/libwqdrv.a build/lib/libwqasm.a build/lib/libwqmodel.a"
plat=()
for f in $srcs; do plat+=("$B/$f.o"); done
newer() { [ ! -f "$1" ] || [ -n "$(find "${@:2}" -newer "$1" -print -quit)" ]; }
if newer "$B/tb_systemc" "${plat[@]}" "$B/tb_systemc.o" "$B/tb_sockets.o" $libs "$V/Vwq_top__ALL.a"; then
    g++ -o "$B/tb_systemc" "$B/tb_systemc.o" "$B/tb_sockets.o" "${plat[@]}" "${objs[@]}" \
        "$V/Vwq_top__ALL.a" $libs -lsystemc -lpthread || fail "link tb_systemc"
fi
if newer "$B/libwqsc.so" "${plat[@]}" "$B/wq_sc_so.o" $libs "$V/Vwq_top__ALL.a"; then
    # the runtime's three entry points (and sc_main, which libsystemc
    # names) are all the library exports
    printf '{ global: wq_dev_rtl_so_config; wq_dev_rtl_so_open; wq_dev_rtl_so_what; sc_main; local: *; };\n' \
        > "$B/libwqsc.map"
    g++ -shared -o "$B/libwqsc.so.tmp" "$B/wq_sc_so.o" "${plat[@]}" "${objs[@]}" \
        "$V/Vwq_top__ALL.a" $libs -Wl,--exclude-libs,ALL -Wl,--version-script,"$B/libwqsc.map" \
        -lsystemc -lpthread || fail "link libwqsc.so"
    mv "$B/libwqsc.so.tmp" "$B/libwqsc.so"
fi
