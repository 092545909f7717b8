#!/usr/bin/env bash
# rtl/ue.sh -- the micro-engine's bench against its simulator (run by
# scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  ue: rtl/wq_ue.v under Verilator, driven by tb/verilator/ue/tb_ue.cpp,
#      which links the model library (build/lib/libwq.a: wq_ue_gen,
#      wq_ue_step, the test device, the disassembler) and runs each seed's
#      random programs on the RTL and the simulator in lockstep (retire pc,
#      every register write, every I/O access, halt code, instruction
#      count), with i_io_wait random.  Built once, into build/verilator/ue/,
#      with ROM_FILE=build/verilator/ue/rom.hex: most seeds load their
#      program through i_rom_we (over whatever the file held); the first 3
#      also run with the ROM as $readmemh read it, rom.hex rewritten before
#      each by `wq ue gen -o`.
#
# Usage: bash scripts/rtl/ue.sh [SEED...]     (default seeds 1..20; the
#        first 3 also run through ROM_FILE)
#   RTL_TEST_WAVE     set: write build/verilator/ue/seed<N>[f].fst
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
rtl=${WQ_RTL_DIR:-rtl}
case $rtl in /*) ;; *) rtl="$root/$rtl" ;; esac
read -r -a xflags <<< "${WQ_VERILATOR_FLAGS:-}"
B=${WQ_VERILATOR_DIR:-build/verilator}/ue
case $B in /*) ;; *) B="$root/$B" ;; esac
fail() { echo "rtl_test: FAIL: $*" >&2; exit 1; }

command -v verilator >/dev/null || fail "verilator not installed (make deps)"
make -s build >/dev/null || fail "make build (model library, wq_ue.vh)"
seeds=("$@")
[ ${#seeds[@]} -gt 0 ] || seeds=($(seq 1 20))

# the default parameters (docs/ue.md); the bench gets the same values
P_ROM_AW=11 P_PAGES=2 P_WIN_LOG2=6
BD=$B
mkdir -p "$BD"
gen() {     # seed: the generator's program for it into rom.hex
    build/bin/wq ue gen --seed "$1" -o "$BD/rom.hex" --rom-aw $P_ROM_AW \
        --pages $P_PAGES --win-log2 $P_WIN_LOG2 > /dev/null || fail "wq ue gen --seed $1"
}
gen "${seeds[0]}"
verilator --cc --exe --build -j 2 -O3 -Wall \
    -Ibuild/gen -I"$rtl" --top-module wq_ue \
    -GROM_AW=$P_ROM_AW -GPAGES=$P_PAGES -GWIN_LOG2=$P_WIN_LOG2 -GROM_FILE="\"$BD/rom.hex\"" \
    --x-assign unique --x-initial unique --trace-fst ${xflags[@]+"${xflags[@]}"} \
    -Mdir "$BD" -o tb_ue \
    -CFLAGS "-O2 -std=c++17 -I$root/cmodel/include -I$root/tb/verilator/common \
             -DUE_ROM_AW=$P_ROM_AW -DUE_PAGES=$P_PAGES -DUE_WIN_LOG2=$P_WIN_LOG2" \
    "$rtl/wq_ue.v" "$root/tb/verilator/ue/tb_ue.cpp" \
    "$root/build/lib/libwq.a" > "$BD/build.log" 2>&1 || {
    tail -40 "$BD/build.log" >&2; fail "verilator build (log: $BD/build.log)"; }

insn=0 cyc=0 stall=0
one() {     # log name, seed, extra bench arguments...
    local n=$1 s=$2; shift 2
    local args=(--seed "$s" "$@")
    [ -n "${RTL_TEST_WAVE:-}" ] && args+=(--wave "$BD/$n.fst")
    if ! "$BD/tb_ue" "${args[@]}" > "$BD/$n.log" 2>&1; then
        cat "$BD/$n.log" >&2
        local pre=""
        [ $# -gt 0 ] && pre="build/bin/wq ue gen --seed $s -o $BD/rom.hex; "
        fail "ue seed $s (log: $BD/$n.log; rerun: $pre$BD/tb_ue ${args[*]} --wave build/ue.fst)"
    fi
    read -r i c w < <(awk '$1 == "ue_stats:" { print $2, $3, $4 }' "$BD/$n.log")
    insn=$((insn + i)) cyc=$((cyc + c)) stall=$((stall + w))
}
rm -f "$BD"/seed*.log
for s in "${seeds[@]}"; do
    one "seed$s" "$s"
done
nf=0
for s in "${seeds[@]:0:3}"; do
    gen "$s"
    one "seed${s}f" "$s" --rom "$BD/rom.hex"
    nf=$((nf + 1))
done
# operand corners summed over the runs: each must have happened
corners=$(cat "$BD"/seed*.log | awk '$1 == "ue_corners:" {
        for (i = 2; i <= NF; i++) { split($i, kv, "="); n[kv[1]] += kv[2]; if (!(kv[1] in o)) { o[kv[1]] = ++k; name[k] = kv[1] } } }
    END { for (i = 1; i <= k; i++) printf "%s=%d ", name[i], n[name[i]] }')
[ -n "$corners" ] || fail "ue: no corner counts in the logs"
for c in $corners; do
    [ "${c#*=}" != 0 ] || fail "ue: coverage hole over all seeds: ${c%=*} never happened ($corners)"
done
echo "rtl_test: ue corners: $corners"
# cycles per instruction of the engine itself: the cycles the device held
# an in/out (random i_io_wait) do not count
awk -v i="$insn" -v c="$cyc" -v w="$stall" \
    'BEGIN { printf "rtl_test: ue_cycles_per_insn: %.3f (%d cycles - %d I/O wait cycles over %d instructions)\n", (c - w) / i, c, w, i }'
echo "rtl_test: ue ${#seeds[@]} seeds ok ($nf through ROM_FILE), $insn instructions, $cyc cycles"
