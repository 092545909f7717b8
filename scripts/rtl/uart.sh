#!/usr/bin/env bash
# rtl/uart.sh -- the UART bridge end to end (run by scripts/rtl_test.sh,
# i.e. `make test`): rtl/wq_uart_top.v (wq_top + bridge + memory) under
# Verilator behind a pseudo-terminal (tb/verilator/uart/tb_uart.cpp, a
# bit-level line model at CPB clocks per bit), and the unchanged driver
# backend `uart` in another process:
#   1. every nested-work scenario, `wq nested --all --backend
#      uart:/dev/pts/N@115200`, must pass with the same results (launches,
#      depth, refused enqueues, re-centres, memory checks) as on the model;
#   2. scenarios with the line damaging about one byte in RTL_TEST_UART_INJECT
#      (flipped bits, dropped bytes, garbage between frames, seeded): every
#      scenario must still pass or fail with a named error -- never a wrong
#      result -- and the driver must report resent commands.
#
# Usage: bash scripts/rtl/uart.sh [SEED...]   (line-damage seeds; default 1)
#        bash scripts/rtl/uart.sh --bench     (`make bench`: the protocol probe
#        only, printing uart_csr_read_bit_times and uart_mem_write_bytes_per_bit)
#   RTL_TEST_UART_CPB     clocks per bit (default 8)
#   RTL_TEST_UART_LANES   wq_top's LANES (default: the ULX3S top's, 8; the
#                         core's DIV_LANES, LSQ and TAGS are the top's too,
#                         DIV_LANES = LANES when it does not divide them;
#                         the model runs with
#                         --lanes of the same; 8 simulates fastest)
#   RTL_TEST_UART_INJECT  one damaged byte in N (default 300)
#   RTL_TEST_UART_SCENARIOS  scenarios of the damaged runs (default "depth
#                         exhaust recenter": nesting, a full queue, deque
#                         re-centring; "all" for every one, whose results are
#                         then also compared with the model's)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup uart
bench=0
if [ "${1:-}" = --bench ]; then bench=1; shift; fi
vl_seeds "1" "$@"
make -s build >/dev/null || fail "make build"
cpb=${RTL_TEST_UART_CPB:-8}
inject=${RTL_TEST_UART_INJECT:-300}
# the ULX3S's core: its LANES, DIV_LANES, LSQ and TAGS (fpga/ecp5/wq_ulx3s.v)
. "$root/scripts/lib/top_param.sh"
ulx=fpga/ecp5/wq_ulx3s.v
lanes=${RTL_TEST_UART_LANES:-$(top_param "$ulx" LANES)} dl=$(top_param "$ulx" DIV_LANES)
lsq=$(top_param "$ulx" LSQ) tags=$(top_param "$ulx" TAGS)
[ -n "$lanes" ] && [ -n "$dl" ] && [ -n "$lsq" ] && [ -n "$tags" ] ||
    fail "cannot read LANES, DIV_LANES, LSQ and TAGS from $ulx"
[ $((lanes % dl)) -eq 0 ] || dl=$lanes
BD="$B/c${cpb}_l${lanes}_v${dl}_q${lsq}_t$tags"
VL_OPT=O1 vl_build "$BD" wq_uart_top tb_uart -GCLK_HZ="$cpb" -GBAUD=1 -GLANES="$lanes" -GDIV_LANES="$dl" \
    -GLSQ="$lsq" -GTAGS="$tags" \
    "$rtl"/wq_*.v "$root/tb/verilator/uart/tb_uart.cpp" -- drv
. "$root/scripts/lib/uart_board.sh"
trap board_stop EXIT
# start_bench LOG SEED INJECT: the bench in the background, $pty its line
start_bench() { board_start "$BD/tb_uart" "$1" "$2" "$3" 900 --cpb "$cpb"; }
# the protocol's rules one by one (tb/verilator/uart/uart_probe.c)
cc -std=c11 -O1 -Wall -Wextra -Werror -I cmodel/include tb/verilator/uart/uart_probe.c \
    build/lib/libwqdrv.a -o "$BD/uart_probe" || fail "cannot build uart_probe"
# the figures every run of a scenario must agree on (cycles differ)
summary() { grep -E '^(scenario|  (channels|sessions|launches|nesting_depth|refused_enqueues|deque_recenters|expects|result)):' "$1"; }

n=$(ls tests/programs/nested/*.wqs | wc -l)
build/bin/wq nested --all --lanes "$lanes" > "$BD/model.log" 2>&1 || fail "nested on the model (log: $BD/model.log)"

# ---- 0. the protocol's rules ----------------------------------------------------
start_bench "$BD/bench_probe.log" 1 0
"$BD/uart_probe" "$pty" "$cpb" > "$BD/probe.log" 2>&1 || { cat "$BD/probe.log" >&2; fail "uart_probe seed 1 (log: $BD/probe.log)"; }
board_stop
if [ $bench = 1 ]; then
    # tb_uart's comment "(N reads)" gains the board's configuration
    grep -E '^uart_(csr_read_bit_times|mem_write_bytes_per_bit):' "$BD/bench_probe.log" |
        sed "s/)\$/; the ULX3S core, LANES=$lanes, $cpb clocks a bit)/" | grep . ||
        fail "the probe run measured nothing (log: $BD/bench_probe.log)"
    exit 0
fi
echo "rtl_test: uart protocol rules: $(grep -c '^uart_probe: ok' "$BD/probe.log") checks hold (bad command, length, CRC, LEN > MAX_LEN, CSR error, range, garbage, cut frame, retried write, block, WAIT)"

# ---- 1. a clean line ---------------------------------------------------------
start_bench "$BD/bench_clean.log" 1 0
t0=$(date +%s)
if ! build/bin/wq nested --all --lanes "$lanes" --backend "uart:$pty@115200" > "$BD/clean.log" 2> "$BD/clean.err"; then
    cat "$BD/clean.log" "$BD/clean.err" >&2
    fail "nested over the uart (log: $BD/clean.log)"
fi
board_stop
grep -q "^scenarios: $n, failed: 0$" "$BD/clean.log" || fail "uart: not 'scenarios: $n, failed: 0'"
[ "$(grep -c '^  backend: uart$' "$BD/clean.log")" -eq "$n" ] || fail "uart: not on the uart backend"
diff -u <(summary "$BD/model.log") <(summary "$BD/clean.log") > "$BD/clean.diff" ||
    { cat "$BD/clean.diff" >&2; fail "the uart backend's results differ from the model's"; }
# a clean line damages nothing (a resend after a timeout is the host's
# clock against a slow simulation, not the protocol)
grep -q ' 0 damaged answers, 0 refused as damaged), [0-9]* late answers, [0-9]* irq notices, 0 stray bytes' "$BD/clean.err" ||
    { cat "$BD/clean.err" >&2; fail "damaged frames or stray bytes on a clean line"; }
echo "rtl_test: uart $n scenarios over the serial protocol ($cpb clocks/bit) match the model ($(( $(date +%s) - t0 )) s)"
grep -E '^uart_(csr_read_bit_times|mem_write_bytes_per_bit):' "$BD/bench_clean.log" | sed 's/^/rtl_test: /' || true

# ---- 2. a damaged line ---------------------------------------------------------
scen=()
for s in ${RTL_TEST_UART_SCENARIOS:-depth exhaust recenter}; do
    [ "$s" = all ] && { scen=(--all); break; }
    scen+=(--scenario "$s")
done
for s in "${seeds[@]}"; do
    start_bench "$BD/bench_inj$s.log" "$s" "$inject"
    set +e
    # a base deadline shorter than the simulated line's round trip: the
    # backend's adaptive deadline (dev_uart.c) has to carry the run
    WQ_UART_TIMEOUT_MS=${WQ_UART_TIMEOUT_MS:-20} WQ_UART_TRIES=${WQ_UART_TRIES:-12} \
        build/bin/wq nested "${scen[@]}" --lanes "$lanes" --backend "uart:$pty@115200" > "$BD/inj$s.log" 2> "$BD/inj$s.err"
    rc=$?
    set -e
    board_stop
    grep -aq '^uart_line: ' "$BD/bench_inj$s.log" || fail "the bench did not report (log: $BD/bench_inj$s.log)"
    dmg=$(sed -n 's/.*flipped \([0-9]*\), dropped \([0-9]*\), garbage \([0-9]*\).*/\1 \2 \3/p' "$BD/bench_inj$s.log")
    read -r fl dr ga <<< "$dmg"
    [ $((fl + dr + ga)) -gt 0 ] || fail "seed $s: the line damaged nothing (log: $BD/bench_inj$s.log)"
    resent=$(grep -ao ' [0-9]* resent' "$BD/inj$s.err" | awk '{ s += $1 } END { print s + 0 }')
    [ "$resent" -gt 0 ] || { cat "$BD/inj$s.err" >&2; fail "seed $s: damage but no resent command"; }
    # a scenario that completes has exactly the model's results; one that
    # does not ends with a named error, never a wrong memory check
    if grep -aq 'FAIL (memory checks)' "$BD/inj$s.log"; then
        cat "$BD/inj$s.log" >&2; fail "seed $s: a damaged line gave a wrong result"
    fi
    if [ "$rc" -eq 0 ]; then
        if [ "${scen[*]}" = --all ]; then
            diff -u <(summary "$BD/model.log") <(summary "$BD/inj$s.log") ||
                fail "seed $s: results differ from the model's on a damaged line"
        fi
        verdict="all passed"
    else
        grep -aq '^uart: .*failed after [0-9]* tries' "$BD/inj$s.err" ||
            { cat "$BD/inj$s.err" >&2; fail "seed $s: failed without a named link error"; }
        verdict="failed with: $(grep -a -m1 'failed after' "$BD/inj$s.err")"
    fi
    echo "rtl_test: uart damaged line seed $s (1 in $inject bytes: $fl flipped, $dr dropped, $ga garbage): $resent resent, $verdict"
done
