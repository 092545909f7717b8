#!/usr/bin/env bash
# rtl/uart_opencl.sh -- OpenCL programs end to end over the serial protocol
# (run by scripts/rtl_test.sh, i.e. `make test`): the simulated board of
# scripts/rtl/uart.sh (rtl/wq_uart_top.v under Verilator behind a
# pseudo-terminal, tb/verilator/uart/tb_uart.cpp, 8 clocks per bit), built
# with the iCEBreaker's parameters -- read from fpga/ice40/wq_icebreaker.v:
# the small configuration with the firmware scheduler, and its memory,
# two 32 KiB windows, the smallest a board has -- and an unchanged OpenCL
# host program
# (tests/kernels/run.c, linked against the ICD loader) with
# WQ_BACKEND=uart:/dev/pts/N@115200: the runtime compiles each kernel
# from OpenCL C, uploads code and buffers in the bridge's memory blocks,
# launches through the driver over CSR frames and reads the results back.
# Each kernel's output (every printed buffer, its expect lines) must be
# byte for byte the model's at the same lane count, on a line that
# damaged nothing.  Before that: a serial line that does not exist leaves
# the platform without a device and says why, and clinfo (the bring-up
# guide's first ID read, docs/bringup.md) shows the board's device.
#
# Usage: bash scripts/rtl/uart_opencl.sh [SEED...]  (seeds are ignored: the
#        line is clean; uart.sh tests the damaged line)
#        bash scripts/rtl/uart_opencl.sh --bench  (`make bench`: the same
#        runs, then uart_bridge_bytes_per_s at the simulated 115200 baud)
#   RTL_TEST_UART_CL_KERNELS  the kernels (default: vadd.cl saxpy.cl)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup uart
bench=0
[ "${1:-}" = --bench ] && bench=1
make -s build >/dev/null || fail "make build"
cpb=${RTL_TEST_UART_CPB:-8}
baud=115200
# the board's core parameters, as its top passes them to wq_uart_top
. "$root/scripts/lib/top_param.sh"
icebreaker_core
params=() mem=$ice_mem lanes=$ice_lanes
for p in "${ice_params[@]}"; do params+=("-G${p% *}=${p#* }"); done
make -s build/gen/sched_fw.hex >/dev/null || fail "make build/gen/sched_fw.hex"
BD="$B/icebreaker_c$cpb"
VL_OPT=O1 vl_build "$BD" wq_uart_top tb_uart -GCLK_HZ="$cpb" -GBAUD=1 "${params[@]}" -GMEM_LOG2="$mem" \
    "$rtl"/wq_*.v "$root/tb/verilator/uart/tb_uart.cpp" -- drv
out="$BD/opencl"
. "$root/scripts/lib/uart_board.sh"
board_host "$out"
trap board_stop EXIT

# a line that is not there: no device, the backend's reason, no crash
set +e
env "${warpq[@]}" WQ_BACKEND=uart:/nonexistent/tty@115200 timeout 60 "$out/run" tests/kernels/vadd.cl \
    > "$out/noline.log" 2>&1
rc=$?
set -e
[ "$rc" = 2 ] && grep -q '^uart: cannot open /nonexistent/tty' "$out/noline.log" ||
    { cat "$out/noline.log" >&2; fail "a missing line: not refused with the uart backend's reason (rc $rc)"; }
echo "rtl_test: uart opencl: a missing serial line leaves no device, with the reason"

# start_board LOG: a fresh simulated board in the background, $pty its line
start_board() { board_start "$BD/tb_uart" "$1" 1 0 600 --cpb "$cpb"; }

# the bring-up guide's first ID read (docs/bringup.md): clinfo through the
# ICD loader sees one device named by the backend, with the ID register's
# vendor half
if command -v clinfo >/dev/null; then
    start_board "$out/clinfo.board.log"
    env "${warpq[@]}" WQ_BACKEND="uart:$pty@$baud" timeout 120 clinfo > "$out/clinfo.log" 2>&1 ||
        { cat "$out/clinfo.log" >&2; fail "clinfo over the uart"; }
    board_stop
    heap=$(( (1 << mem) - 4096 ))   # the low window less its first page (docs/runtime.md)
    grep -q "Device Name  *warpq (uart, $lanes lanes)" "$out/clinfo.log" &&
        grep -q 'Device Vendor ID  *0x5751' "$out/clinfo.log" &&
        grep -q "Global memory size  *$heap " "$out/clinfo.log" ||
        { cat "$out/clinfo.log" >&2; fail "clinfo does not show the board's device"; }
    echo "rtl_test: uart opencl: clinfo shows warpq (uart, $lanes lanes), vendor 0x5751, $heap bytes of global memory"
fi

mw_bits=0 mw_bytes=0
for k in ${RTL_TEST_UART_CL_KERNELS:-vadd.cl saxpy.cl}; do
    board_kernel "$BD/tb_uart" "$out" "$k" "$lanes" "the iCEBreaker's core"
    # 32-word memory writes: data bytes and bit times (bench's own figure)
    mw=$(grep -a '^uart_mem_write_bytes_per_bit: ' "$out/$kname.board.log" || true)
    if [ -n "$mw" ]; then
        read -r bpb nb < <(sed -E 's/^[^ ]+ ([0-9.]+) \(([0-9]+) bytes.*/\1 \2/' <<< "$mw")
        mw_bytes=$((mw_bytes + nb))
        mw_bits=$(awk -v a="$mw_bits" -v n="$nb" -v r="$bpb" 'BEGIN { printf "%.1f", a + n / r }')
    fi
    echo "rtl_test: uart opencl $k on the iCEBreaker's core: output matches the model ($lanes lanes); $kcmds commands, $kbin bytes to the board, $kbout back, $kcyc cycles ($ksecs s)"
done
if [ $bench = 1 ]; then
    [ "$mw_bytes" -gt 0 ] || fail "no 32-word memory write was measured"
    # bytes per bit time on the simulated line, at the line's baud rate;
    # the theoretical maximum of 8N1 is a data byte every 10 bit times
    awk -v n="$mw_bytes" -v b="$mw_bits" -v baud="$baud" -v l="$lanes" -v cpb="$cpb" \
        -v w="$(printf '%s\n' "${ice_params[@]}" | sed -n 's/^WARPS //p')" 'BEGIN {
        r = n / b * baud; m = baud / 10
        printf "uart_bridge_bytes_per_s: %.0f (full-block memory writes of the OpenCL runs at %d baud; theoretical maximum %d, %.1f%%; the iCEBreaker core, LANES=%d WARPS=%d, %d clocks a bit)\n",
               r, baud, m, 100 * r / m, l, w, cpb }'
fi
