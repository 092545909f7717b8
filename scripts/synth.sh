#!/usr/bin/env bash
# synth.sh -- generic Yosys synthesis of every RTL module (`make synth`).
#
# For each rtl/<mod>.v (module <mod>, the file's name): read all of rtl/ (so
# a module finds the ones it instantiates), flatten, synthesise for a
# generic 4-input-LUT fabric (`synth -lut 4` up to the fine stage, then
# techmap + `abc -lut 4`), and fail on
#   * any latch (select -assert-none on $dlatch / $_DLATCH_* after proc and
#     after mapping, and "Latch inferred" in the log);
#   * `check -assert` problems (undriven or multiply driven nets, loops).
# Inferred memories are kept as memories ($mem_v2: block RAM on any FPGA)
# rather than exploded into flip-flops; their size is in the module's log.
# No vendor primitives are used.
#
# Writes build/reports/synth.txt, one line per module:  <mod> <LUT4> <FF>
# and the full log and `stat` of each module to build/reports/synth_<mod>.log.
set -euo pipefail
cd "$(dirname "$0")/.."
R=build/reports
fail() { echo "synth: FAIL: $*" >&2; exit 1; }

command -v yosys >/dev/null || fail "yosys not installed (make deps)"
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh >/dev/null || fail "cannot generate build/gen/wq_defs.vh"
mkdir -p "$R"

shopt -s nullglob
rtl=(rtl/*.v)
[ ${#rtl[@]} -gt 0 ] || { echo "synth: no rtl/*.v yet"; : > "$R/synth.txt"; exit 0; }

out="$R/synth.txt.tmp"
: > "$out"
for f in "${rtl[@]}"; do
    mod=$(basename "$f" .v)
    log="$R/synth_$mod.log"
    stat="$R/synth_$mod.stat"
    if ! yosys -q -l "$log" -p "
        read_verilog -Ibuild/gen -Irtl ${rtl[*]}
        hierarchy -check -top $mod
        synth -top $mod -flatten -lut 4 -run begin:fine
        select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr
        opt -fast -full
        opt -full
        techmap
        opt -fast
        abc -lut 4
        opt -fast
        select -assert-none t:\$_DLATCH_* t:\$_DLATCHSR_* t:\$_SR_*
        hierarchy -check
        check -assert
        tee -q -o $stat stat
        tee -q -o $R/synth_$mod.mem dump t:\$mem_v2
    " > /dev/null 2>&1; then
        tail -30 "$log" >&2
        fail "$mod (log: $log)"
    fi
    if grep -q '^Latch inferred' "$log"; then
        grep '^Latch inferred' "$log" >&2
        fail "$mod infers a latch"
    fi
    # cell counts from `stat`: $lut cells (<= 4 inputs) and single-bit FFs
    read -r luts ffs < <(awk '
        $1 == "$lut" { l += $2 }
        $1 ~ /^\$_(S?DFF|DFFE|SDFFE|SDFFCE|ALDFF|ALDFFE|DFFSR|DFFSRE)_/ { f += $2 }
        END { print l + 0, f + 0 }' "$stat")
    echo "$mod $luts $ffs" >> "$out"
    # inferred memories: SIZE x WIDTH of each $mem_v2 cell
    read -r mem bits < <(awk '
        $1 == "cell" && $2 == "$mem_v2" { n++ }
        $1 == "parameter" && $2 == "\\SIZE" { sz = $3 }
        $1 == "parameter" && $2 == "\\WIDTH" { b += sz * $3 }
        END { print n + 0, b + 0 }' "$R/synth_$mod.mem")
    echo "synth: $mod: $luts LUT4, $ffs FF, $mem memories ($bits bits)"
done
mv "$out" "$R/synth.txt"
echo "synth: ${#rtl[@]} modules, no latches; $R/synth.txt"
