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
#   board_host OUT
#                 the OpenCL host program OUT/run (tests/kernels/run.c
#                 against the ICD loader) and $warpq, the environment that
#                 finds this tree's warpq ICD
#   board_kernel  an OpenCL kernel on the model and on a fresh board, the
#                 outputs compared (below)
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

# board_kernel BIN OUT KERNEL LANES WHAT : tests/kernels/KERNEL through the
#   OpenCL host program OUT/run on the model at LANES lanes (the reference:
#   its expect lines must hold) and on a fresh board BIN (a tb_uart, at
#   $cpb clocks per bit, for at most $board_max seconds, default 600) over
#   its pty; the two outputs must be the same byte for byte and the line
#   must have resent nothing.  WHAT names the board in a failure.  Needs
#   $warpq (the ICD environment) and $baud; sets kname, kcmds (the
#   backend's commands), kcyc, kbin, kbout (the bench's cycles and bytes
#   each way) and ksecs; the logs are OUT/KNAME.{model,uart,board}.log.
board_kernel() {
    local bin=$1 out=$2 k=$3 lanes=$4 what=$5 t0 stats line maxs=${board_max:-600}
    kname=${k%.cl}
    env "${warpq[@]}" WQ_BACKEND=model WQ_LANES="$lanes" timeout 120 "$out/run" "tests/kernels/$k" \
        > "$out/$kname.model.log" 2>&1 || { cat "$out/$kname.model.log" >&2; fail "$k on the model"; }
    grep -q '^expect: ok$' "$out/$kname.model.log" || fail "$k: the model's expect lines fail"
    board_start "$bin" "$out/$kname.board.log" 1 0 "$maxs" --cpb "$cpb"
    t0=$(date +%s)
    if ! env "${warpq[@]}" WQ_BACKEND="uart:$pty@$baud" timeout "$maxs" "$out/run" "tests/kernels/$k" \
            > "$out/$kname.uart.log" 2> "$out/$kname.uart.err"; then
        cat "$out/$kname.uart.log" "$out/$kname.uart.err" >&2
        fail "$k on $what over the uart (log: $out/$kname.uart.log; the bench's: $out/$kname.board.log)"
    fi
    ksecs=$(( $(date +%s) - t0 ))
    board_stop
    diff -u "$out/$kname.model.log" "$out/$kname.uart.log" > "$out/$kname.diff" ||
        { cat "$out/$kname.diff" >&2; fail "$k: the output of $what differs from the model's"; }
    # the runtime reached the board through the backend and the line was clean
    stats=$(grep -a '^uart: .* commands, ' "$out/$kname.uart.err") ||
        { cat "$out/$kname.uart.err" >&2; fail "$k: no uart link statistics (not on the uart backend?)"; }
    grep -q ' 0 resent ' <<< "$stats" || { echo "$stats" >&2; fail "$k: commands resent on a clean line"; }
    kcmds=$(sed -E 's/.*: ([0-9]+) commands,.*/\1/' <<< "$stats")
    line=$(grep -a '^uart_line: ' "$out/$kname.board.log") || fail "$k: the bench did not report"
    read -r kcyc kbin kbout < <(sed -E 's/.*cycles ([0-9]+), bytes to device ([0-9]+), to host ([0-9]+),.*/\1 \2 \3/' <<< "$line")
}

board_host() {
    mkdir -p "$1"
    cc -std=c11 -Wall -Wextra -Werror -O1 -g tests/kernels/run.c tests/kernels/kscope.c cmodel/tools/cli_kfile.c cmodel/tools/cli_kcheck.c \
        -Icmodel/tools -o "$1/run" -lOpenCL || fail "tests/kernels/run.c does not compile"
    warpq=(OCL_ICD_VENDORS="$root/build/etc/OpenCL/vendors" WQ_CL_PLATFORM=warpq)
}
