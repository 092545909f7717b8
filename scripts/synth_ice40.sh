#!/usr/bin/env bash
# synth_ice40.sh -- does the small configuration fit an iCE40 UP5K?
# (`make synth-ice40`)
#
# The fit build is fpga/wq_ice40_small.v: wq_top at the small parameters
#     CHANNELS=2 WARPS=2 LANES=8 DQ_LOG2=4 REGS=16 ALU_LANES=1 SEM_DIGIT=1
# and the firmware warp scheduler (SCHED_UE=1: wq_sched_ue, its engine's
# rotator on SB_MAC16s with ROT_MUL=1; firmware build/gen/sched_fw.hex)
# with its CSR slave, memory master and interrupt on pins and its lockstep
# event port open, as on a board.  It is synthesised with Yosys' iCE40 flow
# (`synth_ice40 -dsp`, block RAM inference on), the mapped cells are counted
# and compared with the UP5K:
#     logic cells 5280 (ICESTORM_LC after nextpnr's packer: LUT4 + carry +
#     DFF), SB_LUT4 5280, SB_DFF* 5280, SB_RAM40_4K 30 (EBR), SB_MAC16 8,
#     SB_SPRAM256KA 4
# A second run synthesises wq_top itself, event port included, without
# flattening, for the per-module breakdown (each module's own cells).
# Both go to build/reports/ice40_small.txt; the script exits 1 when any
# count of the fit build is over.  When everything fits and nextpnr-ice40
# is installed, the fit build is placed and routed for an UP5K (sg48, pins
# left to the placer) and the Fmax estimate is added.
#
# Usage: bash scripts/synth_ice40.sh
#   ICE40_PARAMS     override the parameter list ("NAME=VAL ...")
#   ICE40_BREAKDOWN=0  skip the per-module run
#   ICE40_PNR=0      skip placement even when the design fits
set -euo pipefail
cd "$(dirname "$0")/.."
R=build/reports
D=build/ice40
fail() { echo "synth_ice40: FAIL: $*" >&2; exit 1; }
command -v yosys >/dev/null || fail "yosys not installed (make deps)"
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh build/gen/wq_ue_sched.vh \
    build/gen/sched_fw.hex >/dev/null || fail "cannot generate build/gen (headers, firmware)"
mkdir -p "$R" "$D"

params=${ICE40_PARAMS:-"CHANNELS=2 WARPS=2 LANES=8 DQ_LOG2=4 REGS=16 ALU_LANES=1 SEM_DIGIT=1 SCHED_UE=1 ROT_MUL=1"}
chp=""
for kv in $params; do chp+=" -set ${kv%%=*} ${kv#*=}"; done
. scripts/lib/rtl_files.sh

# the per-module run goes in the background: two cores, two runs
bd_pid=""
if [ "${ICE40_BREAKDOWN:-1}" != 0 ]; then
    yosys -q -l "$D/wq_top_small.log" -p "
        read_verilog -Ibuild/gen -Irtl ${rtl[*]}
        chparam $chp wq_top
        synth_ice40 -dsp -noflatten -top wq_top
        tee -q -o $D/wq_top_small.stat stat
    " > /dev/null 2>&1 &
    bd_pid=$!
fi

log="$D/fit_small.log"
t0=$(date +%s)
yosys -q -l "$log" -p "
    read_verilog -Ibuild/gen -Irtl ${rtl[*]} fpga/wq_ice40_small.v
    chparam $chp wq_ice40_small
    synth_ice40 -dsp -top wq_ice40_small -json $D/fit_small.json
    select -assert-none t:\$_DLATCH_* t:SB_DFF*_LATCH*
    tee -q -o $D/fit_small.stat stat
" > /dev/null 2>&1 || { tail -30 "$log" >&2; fail "yosys (log: $log)"; }
t1=$(date +%s)
# a register assigned from two always blocks: Yosys resolves the conflict
# silently (the netlist then differs from the simulation)
if grep -Eq 'multiple conflicting drivers|Driver-driver conflict' "$log"; then
    grep -E 'multiple conflicting drivers|Driver-driver conflict' "$log" | head -5 >&2
    fail "a signal has several drivers (log: $log)"
fi
grep -q '^Latch inferred' "$log" && { grep '^Latch inferred' "$log" >&2; fail "latch"; }

# count SB_* cells of one stat section (the whole design when flattened)
cells() {   # STATFILE -> "lut ff ebr dsp spram carry"
    awk '
        $1 == "SB_LUT4" { l += $2 }
        $1 ~ /^SB_DFF/ { f += $2 }
        $1 ~ /^SB_RAM40_4K/ { e += $2 }
        $1 == "SB_MAC16" { d += $2 }
        $1 == "SB_SPRAM256KA" { s += $2 }
        $1 == "SB_CARRY" { c += $2 }
        END { print l + 0, f + 0, e + 0, d + 0, s + 0, c + 0 }' "$1"
}
read -r lut ff ebr dsp spram carry < <(cells "$D/fit_small.stat")

# The binding limit is the logic cell (one LUT4, its carry and one DFF):
# a DFF that cannot share a cell with the LUT driving it takes a cell of its
# own, so LUT4 and DFF each under 5 280 is not enough.  nextpnr's packer
# says how many cells the netlist needs, in seconds, even when it is over.
lc=""
if command -v nextpnr-ice40 >/dev/null; then
    nextpnr-ice40 --up5k --package sg48 --json "$D/fit_small.json" \
        --pcf-allow-unconstrained --pack-only --log "$D/pack_small.log" > /dev/null 2>&1 || true
    lc=$(awk '$2 == "ICESTORM_LC:" { sub("/", "", $3); print $3; exit }' "$D/pack_small.log" 2>/dev/null)
fi
out="$R/ice40_small.txt"
over=()
{
    echo "# iCE40 UP5K fit of the small configuration"
    echo "# yosys $(yosys -V | awk '{print $2}') synth_ice40 -dsp; parameters: $params"
    echo "# fit build: fpga/wq_ice40_small.v (CSR, memory, IRQ on pins; event port open)"
    printf '%-14s %6s %6s %5s\n' resource used limit use%
    line() {   # NAME USED LIMIT
        printf '%-14s %6d %6d %4d%%\n' "$1" "$2" "$3" $(( $2 * 100 / $3 ))
        [ "$2" -le "$3" ] || over+=("$1 $2 > $3")
    }
    if [ -n "$lc" ]; then
        line ICESTORM_LC "$lc" 5280
    else
        echo "ICESTORM_LC    (not counted: nextpnr-ice40 missing or the packer failed; $D/pack_small.log)"
        over+=("logic cells not counted")
    fi
    line SB_LUT4 "$lut" 5280
    line SB_DFF "$ff" 5280
    line SB_RAM40_4K "$ebr" 30
    line SB_MAC16 "$dsp" 8
    line SB_SPRAM256KA "$spram" 4
    echo "SB_CARRY $carry (in the logic cells of the LUTs; not a separate limit)"
    echo "synth_seconds $((t1 - t0))"
} > "$out"
# `line` ran in the brace group of this shell, so `over` is set here

# per-module breakdown of wq_top with its event port (own cells; a module
# with two parameterisations, e.g. wq_regfile, is summed)
if [ -n "$bd_pid" ]; then
    if wait "$bd_pid"; then
        {
            echo "# wq_top with its lockstep event port, per module (synth_ice40 -dsp -noflatten, own cells)"
            awk '
                /^=== design hierarchy ===/ { exit }
                /^=== .* ===$/ { m = $2; sub(/^[$]paramod[^\\]*\\/, "", m); sub(/\\.*/, "", m)
                                 if (!(m in seen)) { seen[m] = 1; order[++k] = m } next }
                $1 == "SB_LUT4" { l[m] += $2 }
                $1 ~ /^SB_DFF/ { f[m] += $2 }
                $1 ~ /^SB_RAM40_4K/ { e[m] += $2 }
                $1 == "SB_MAC16" { d[m] += $2 }
                END {
                    printf "%-18s %7s %7s %5s %5s\n", "module", "SB_LUT4", "SB_DFF", "EBR", "MAC16"
                    for (i = 1; i <= k; i++) {
                        m = order[i]
                        printf "%-18s %7d %7d %5d %5d\n", m, l[m], f[m], e[m], d[m]
                        tl += l[m]; tf += f[m]; te += e[m]; td += d[m]
                    }
                    printf "%-18s %7d %7d %5d %5d\n", "total", tl, tf, te, td
                }' "$D/wq_top_small.stat"
        } >> "$out"
    else
        echo "# per-module run failed: $D/wq_top_small.log" >> "$out"
    fi
fi

if [ ${#over[@]} -eq 0 ] && [ "${ICE40_PNR:-1}" != 0 ] && command -v nextpnr-ice40 >/dev/null; then
    plog="$D/pnr_small.log"
    if nextpnr-ice40 --up5k --package sg48 --json "$D/fit_small.json" \
            --pcf-allow-unconstrained --freq 20 --seed 1 --timing-allow-fail \
            --log "$plog" > /dev/null 2>&1; then
        fmax=$(grep -E "Max frequency for clock" "$plog" | tail -1 | sed -E 's/.*: ([0-9.]+) MHz.*/\1/')
        echo "fmax_mhz ${fmax:-?} (nextpnr-ice40 --up5k --package sg48 --freq 20, seed 1)" >> "$out"
    else
        echo "fmax_mhz ? (placement failed: $plog)" >> "$out"
        over+=("nextpnr placement")
    fi
fi
cat "$out" | sed 's/^/synth_ice40: /'
[ ${#over[@]} -eq 0 ] || fail "does not fit an UP5K: ${over[*]}"
echo "synth_ice40: fits an UP5K; $out"
