# uart_board.sh -- the simulated board on a pseudo-terminal, shared by
# scripts/rtl/uart.sh and scripts/rtl/uart_opencl.sh (sourced after
# scripts/lib/verilator.sh): tb/verilator/uart/tb_uart runs wq_uart_top in
# the background and opens a pty that the unchanged `uart` driver backend
# uses as its serial line.
#
#   board_start BIN LOG SEED INJECT MAX_SECONDS [BENCH ARGS...]
#                 start BIN (a tb_uart) with --seed, --inject (1 in N bytes
#                 damaged, 0: none) and its wall-clock bound; its output
#                 into LOG; sets $pty to the line's path, or fails naming
#                 the log when the pty does not appear within 10 s
#   board_stop    stop the running board (if any) and wait for it; the
#                 caller traps it on EXIT
board_pid=

board_start() {
    local bin=$1 log=$2 seed=$3 inject=$4 maxs=$5; shift 5
    local pf
    pf="$(dirname "$bin")/pty.$$"
    rm -f "$pf"
    "$bin" --seed "$seed" --inject "$inject" --pty-file "$pf" --max-seconds "$maxs" "$@" > "$log" 2>&1 &
    board_pid=$!
    for _ in $(seq 1 100); do [ -s "$pf" ] && break; sleep 0.1; done
    [ -s "$pf" ] || { cat "$log" >&2; fail "the uart bench did not open its pty (log: $log)"; }
    pty=$(cat "$pf")
    rm -f "$pf"
}

board_stop() {
    [ -n "$board_pid" ] || return 0
    kill -TERM "$board_pid" 2>/dev/null || true
    wait "$board_pid" 2>/dev/null || true
    board_pid=
}
