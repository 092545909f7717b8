#!/usr/bin/env bash
# rtl/ue.sh -- the micro-engine's bench against its simulator (run by
# scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  ue: rtl/wq_ue.v under Verilator, driven by tb/verilator/ue/tb_ue.cpp,
#      which links the model library (build/lib/libwqmodel.a: wq_ue_gen,
#      wq_ue_step, the test device, the disassembler) and runs each seed's
#      random programs on the RTL and the simulator in lockstep (retire pc,
#      every register write, every I/O access, halt code, instruction
#      count), with i_io_wait random.  One build per parameter set, into
#      build/verilator/ue/a<ROM_AW>_p<PAGES>_w<WIN_LOG2>/, with ROM_FILE =
#      rom.hex there: most runs load their program through i_rom_we (over
#      whatever the file held); the first 3 seeds also run with the ROM as
#      $readmemh read it, rom.hex rewritten before each by `wq ue gen -o`.
#      Parameter sets: the engine's defaults (11 2 6, docs/rtl/wq_ue.md) with every seed, and
#      9 3 4 (a 512-word ROM, 3 pages -- WSEL wraps at 4 -- of 16 words, a
#      gap below the window bit) and 12 2 6 2560 1 (ROT_MUL=1: the rotator
#      through multiplies, as the iCE40 build uses it; ROM_DEPTH 2560 of a
#      4096-word PC space: code above word 2048, targets with bits above 10,
#      jumps past the ROM depth onto the padding) with the first 5.  The
#      operand corners the bench counts, summed over the defaults' runs,
#      must all be non-zero; for a set with ROM_DEPTH > 2048 so must the
#      ue_rom_corners (code above 2048, transfers across it, and -- when
#      ROM_DEPTH < 2^ROM_AW -- halts past the depth).
#
# Usage: bash scripts/rtl/ue.sh [SEED...]     (default seeds 1..20)
#   RTL_TEST_UE_CFGS  parameter sets, "ROM_AW PAGES WIN_LOG2 [ROM_DEPTH
#                     [ROT_MUL]]" separated by ';' (default
#                     "11 2 6;9 3 4;12 2 6 2560 1");
#                     the first gets every seed
#   RTL_TEST_WAVE     set: write <build dir>/seed<N>[f].fst
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup ue
make -s build >/dev/null || fail "make build (model library, wq_ue.vh)"
seeds=("$@")
[ ${#seeds[@]} -gt 0 ] || seeds=($(seq 1 20))
IFS=';' read -r -a cfgs <<< "${RTL_TEST_UE_CFGS:-11 2 6;9 3 4;12 2 6 2560 1}"

# one parameter set: build, run the seeds; sets insn/cyc/stall/nf
run_cfg() {     # ROM_AW PAGES WIN_LOG2 ROM_DEPTH ROT_MUL SEED...
    local aw=$1 pg=$2 wl=$3 dp=$4 rm=$5; shift 5
    local BD=$B/a${aw}_p${pg}_w${wl}_d${dp}_m${rm} s
    mkdir -p "$BD"
    rm -f "$BD"/seed*.log
    gen() { build/bin/wq ue gen --seed "$1" -o "$BD/rom.hex" --rom-aw "$aw" --pages "$pg" \
                --win-log2 "$wl" --rom-depth "$dp" > /dev/null ||
                fail "wq ue gen --seed $1 ($aw $pg $wl $dp)"; }
    gen "$1"
    vl_build "$BD" wq_ue tb_ue \
        -GROM_AW="$aw" -GROM_DEPTH="$dp" -GROT_MUL="$rm" -GPAGES="$pg" -GWIN_LOG2="$wl" -GROM_FILE="\"$BD/rom.hex\"" \
        "$rtl/wq_ue.v" "$root/tb/verilator/ue/tb_ue.cpp" -- ue
    one() {     # log name, seed, extra bench arguments...
        local n=$1 s=$2; shift 2
        local i c w
        # a --rom run reads the ROM file the RTL was built with (gen above)
        vl_run "$BD" tb_ue "$n" "$s" --cfg "$aw,$pg,$wl,$dp" "$@"
        read -r i c w < <(awk '$1 == "ue_stats:" { print $2, $3, $4 }' "$BD/$n.log")
        insn=$((insn + i)) cyc=$((cyc + c)) stall=$((stall + w))
    }
    for s in "$@"; do
        one "seed$s" "$s"
    done
    nf=0
    for s in "${@:1:3}"; do
        gen "$s"
        one "seed${s}f" "$s" --rom "$BD/rom.hex"
        nf=$((nf + 1))
    done
    LAST_BD=$BD
}

first=1
for cfg in "${cfgs[@]}"; do
    read -r aw pg wl dp rm <<< "$cfg"
    dp=${dp:-$((1 << aw))} rm=${rm:-0}
    insn=0 cyc=0 stall=0
    if [ $first = 1 ]; then
        run_cfg "$aw" "$pg" "$wl" "$dp" "$rm" "${seeds[@]}"
        # operand corners summed over the runs: each must have happened
        # (page 1 only exists with PAGES > 1)
        corners=$(cat "$LAST_BD"/seed*.log | awk -v pages="$pg" '$1 == "ue_corners:" {
                for (i = 2; i <= NF; i++) {
                    split($i, kv, "=")
                    if (kv[1] == "window_page_1" && pages < 2) continue
                    if (!(kv[1] in n)) name[++k] = kv[1]
                    n[kv[1]] += kv[2]
                } }
            END { for (i = 1; i <= k; i++) printf "%s=%d ", name[i], n[name[i]] }')
        [ -n "$corners" ] || fail "ue: no corner counts in the logs"
        for c in $corners; do
            [ "${c#*=}" != 0 ] || fail "ue: coverage hole over all seeds: ${c%=*} never happened ($corners)"
        done
        echo "rtl_test: ue corners: $corners"
        # cycles per instruction of the engine itself: the cycles the
        # device held an in/out (random i_io_wait) do not count
        awk -v i="$insn" -v c="$cyc" -v w="$stall" 'BEGIN { printf "rtl_test: ue_cycles_per_insn: %.3f (%d cycles - %d I/O wait cycles over %d instructions)\n", (c - w) / i, c, w, i }'
        n=${#seeds[@]}
    else
        run_cfg "$aw" "$pg" "$wl" "$dp" "$rm" "${seeds[@]:0:5}"
        n=$(( ${#seeds[@]} < 5 ? ${#seeds[@]} : 5 ))
    fi
    if [ "$dp" -gt 2048 ]; then
        # a ROM past 2048 words: code ran there, control crossed word 2048,
        # and (ROM_DEPTH < 2^ROM_AW) a jump past the depth met the padding
        rc=$(cat "$LAST_BD"/seed*.log | awk '$1 == "ue_rom_corners:" {
                for (i = 2; i <= NF; i++) { split($i, kv, "="); n[kv[1]] += kv[2]; if (!(kv[1] in o)) { o[kv[1]] = ++k; name[k] = kv[1] } } }
            END { for (i = 1; i <= k; i++) printf "%s=%d ", name[i], n[name[i]] }')
        [ -n "$rc" ] || fail "ue: no ROM corner counts in the logs"
        for c in $rc; do
            [ "${c%=*}" = halt_past_depth ] && [ "$dp" -eq $((1 << aw)) ] && continue
            [ "${c#*=}" != 0 ] || fail "ue: ROM_DEPTH=$dp: ${c%=*} never happened ($rc)"
        done
        echo "rtl_test: ue rom corners (ROM_DEPTH=$dp): $rc"
    fi
    echo "rtl_test: ue $n seeds ok ($nf through ROM_FILE; ROM_AW=$aw ROM_DEPTH=$dp ROT_MUL=$rm PAGES=$pg WIN_LOG2=$wl), $insn instructions, $cyc cycles"
    first=0
done
