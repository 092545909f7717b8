#!/usr/bin/env bash
# bench.sh -- every measured number of the project (`make bench`), as
# `key: value` lines:
#   * the model's rates (build/bin/wq bench);
#   * cc_*: the compiler's instructions per kernel with every function
#     inlined or called, and registers / values spilled under --regs;
#   * deque_ops_per_cycle: the token deque bench streaming push/pop
#     commands every cycle (target 1.00);
#   * rtl_cycles_per_s: wq_top under Verilator (default configuration)
#     running a standard kernel without the model; cosim_cycles_per_s and
#     cosim_overhead: the same program in lockstep with the model, and
#     lockstep wall time / RTL-only wall time for the same cycle count;
#   * cc_lines_per_s: the OpenCL C compiler's throughput on the sources of
#     tests/kernels (in memory, `wq bench --cc`);
#   * cc_issue_slots_ratio: warp instructions the model executes for a
#     compiled kernel / for its hand-written .wqs twin, same data and launch
#     (tests/kernels/vadd_index.cl vs tests/programs/asm_vecadd.wqs,
#     tests/kernels/spinlock.cl vs tests/programs/spinlock.wqs), each pair
#     as cc_issue_slots_ratio_NAME and the larger as the headline (target
#     <= 1.25);
#   * rtl_nested_*: the child-launch latency of `wq bench` (nested_local_cycles
#     etc., model ticks) measured on the RTL in lockstep, in cycles;
#   * uart_bridge_bytes_per_s: the simulated board's memory-write rate over
#     the serial line at 115200 baud against 8N1's maximum (the OpenCL runs
#     of scripts/rtl/uart_opencl.sh);
#   * ice40_fmax_mhz, ecp5_fmax_mhz, ecp5_luts: the board bitstreams after
#     place and route (scripts/fpga.sh; targets 20 and 75 MHz).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "bench: FAIL: $*" >&2; exit 1; }

build/bin/wq bench

# ---- the OpenCL C compiler ------------------------------------------------------------
build/bin/wq bench --cc tests/kernels/*.cl || fail "cc throughput"
# warp instructions of one run: `wq run FILE.wqs` and `wq run KERNEL.cl` both print them
instrs() { build/bin/wq run "$@" | sed -n 's/^.*warp instructions: \([0-9]*\).*$/\1/p' | head -1; }
hv=$(instrs tests/programs/asm_vecadd.wqs)
cv=$(instrs tests/kernels/vadd_index.cl --global 64 --local 32 --arg buf:u32:64=5 --arg buf:u32:64=7 --arg buf:u32:64)
hs=$(instrs tests/programs/spinlock.wqs)
cs=$(instrs tests/kernels/spinlock.cl --global 32 --local 32 --arg buf:u32:4 --arg buf:u32:64)
[ -n "$hv" ] && [ -n "$cv" ] && [ -n "$hs" ] && [ -n "$cs" ] || fail "issue slots: a run printed no count"
awk -v hv="$hv" -v cv="$cv" -v hs="$hs" -v cs="$cs" 'BEGIN {
    v = cv / hv; s = cs / hs
    printf "cc_issue_slots_ratio_vadd: %.2f (%d compiled / %d hand-written warp instructions)\n", v, cv, hv
    printf "cc_issue_slots_ratio_spinlock: %.2f (%d / %d)\n", s, cs, hs
    printf "cc_issue_slots_ratio: %.2f (the larger; target 1.25)\n", (v > s ? v : s) }'

# ---- the compiler: code size by inlining policy, values spilled -------------------------
for k in control calls; do
    for m in always never; do
        n=$(build/bin/wq cc --inline=$m "tests/kernels/$k.cl" | grep -cE '^ {8}[@a-z]') || fail "wq cc $k"
        echo "cc_${k}_insns_inline_${m}: $n"
    done
done
for r in 8 16 32; do
    h=$(build/bin/wq cc --regs=$r tests/kernels/spill.cl | grep -m1 '^; ---- kernel') || fail "wq cc spill.cl"
    echo "cc_spill_regs${r}_spilled: $(sed -E 's/.* ([0-9]+) spilled.*/\1/' <<< "$h")"
    echo "cc_spill_regs${r}_private_bytes: $(sed -E 's/.* ([0-9]+) bytes private.*/\1/' <<< "$h")"
done

# ---- token deque: sustained push/pop rate ------------------------------------------
RTL_TEST_OPS=1000 bash scripts/rtl/deque.sh 1 > /dev/null || fail "deque bench build"
build/verilator/deque/L6_W8/tb_deque --seed 1 --ops 2000 --tput 500000 |
    grep -E '^deque_ops_per_cycle:' || fail "deque bench"

# ---- the whole device under Verilator --------------------------------------------------
if [ -f rtl/wq_top.v ] && [ -f rtl/wq_host_if.v ] && [ -f rtl/wq_warp_sched.v ]; then
    prog=tests/programs/asm_vecadd.wqs
    bin=$(bash scripts/cosim_build.sh) || fail "cosim build"
    out=$("$bin" "$prog" --seed 1) || { echo "$out" >&2; fail "cosim $prog"; }
    cycles=$(sed -n 's/^cycles: //p' <<< "$out")
    lw=$(sed -n 's/^wall_seconds: //p' <<< "$out")
    # the same number of cycles without the model, a few times for a stable rate
    rt=$("$bin" "$prog" --seed 1 --rtl-only "$((cycles * 20))")
    rw=$(sed -n 's/^wall_seconds: //p' <<< "$rt")
    echo "rtl_cycles_per_s: $(sed -n 's/^rtl_cycles_per_s: //p' <<< "$rt") ($prog, 20 x $cycles cycles)"
    awk -v c="$cycles" -v l="$lw" -v r="$rw" 'BEGIN {
        printf "cosim_cycles_per_s: %.0f\n", (l > 0 ? c / l : 0);
        printf "cosim_overhead: %.2f (lockstep / RTL-only wall time, same cycles)\n",
               (r > 0 ? (l * 20) / r : 0) }'
    "$bin" nested-latency --link-latency "${WQ_LINK_LATENCY:-1000}" | grep -E '^rtl_nested_' ||
        fail "nested latency on the rtl"
    # the compiler's inline division: the program minus the same program
    # without the division loop, warp instructions and RTL cycles (32 lanes)
    d=tests/programs/bench/div_inline.wqs nd=$(mktemp --suffix .wqs)
    sed -e '/^; DIV_BEGIN/,/^; DIV_END/d' -e '/^\.expect/d' "$d" > "$nd"
    full=$("$bin" "$d" --seed 1) || { echo "$full" >&2; fail "cosim $d"; }
    base=$("$bin" "$nd" --seed 1) || { echo "$base" >&2; fail "cosim $d without the loop"; }
    rm -f "$nd"
    wi() { sed -n 's/^steps: .*(warp \([0-9]*\),.*/\1/p' <<< "$1"; }
    cy() { sed -n 's/^cycles: //p' <<< "$1"; }
    echo "div_inline_warp_instrs: $(( $(wi "$full") - $(wi "$base") )) (one 32-bit unsigned a / b, $d)"
    echo "div_inline_rtl_cycles: $(( $(cy "$full") - $(cy "$base") )) (the same, 32 lanes, memory seed 1)"
    # the UART bridge on the simulated board: a CSR read's round trip and a
    # 32-word memory write's rate, in bit times (docs/rtl/wq_uart_top.md)
    bash scripts/rtl/uart.sh --bench || fail "uart bench"
    bash scripts/rtl/uart_opencl.sh --bench | grep -E '^uart_bridge_bytes_per_s:' ||
        fail "uart opencl bench"
else
    echo "rtl_cycles_per_s: n/a (wq_top not assembled yet)"
fi

# ---- the boards: bitstreams, Fmax after place and route (docs/fpga/boards.md) ------
# a board whose flow fails (does not fit, does not route) gets its key with
# no number and the flow's reason; the other figures are still measured
for b in ice40 ecp5; do
    r=build/reports/fpga_$b.txt
    rm -f "$r"
    if bash scripts/fpga.sh "$b" > "build/reports/fpga_$b.log" 2>&1; then
        echo "${b}_fmax_mhz: $(awk '$1 == "fmax_mhz" { print $2 }' "$r") (after place and route; board clock $(awk '$1 == "board_clock_mhz" { print $2 }' "$r") MHz; $r)"
    else
        echo "${b}_fmax_mhz: none ($(grep -m1 'fpga: FAIL' "build/reports/fpga_$b.log" | sed 's/^fpga: FAIL: //'))"
    fi
done
if [ -f build/reports/fpga_ecp5.txt ]; then
    awk '$1 == "luts" { printf "ecp5_luts: %d (TRELLIS_COMB after packing, of %d in the LFE5U-85F; default configuration)\n", $3, $4 }' \
        build/reports/fpga_ecp5.txt
else
    echo "ecp5_luts: none (no report: build/reports/fpga_ecp5.log)"
fi
