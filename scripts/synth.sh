#!/usr/bin/env bash
# synth.sh -- generic Yosys synthesis of every RTL module (`make synth`).
#
# For each rtl/<mod>.v (module <mod>, the file's name): read all of rtl/ (so
# a module finds the ones it instantiates; with -defer, so that only the
# module and what it instantiates are elaborated, with their parameters,
# not every file of rtl/ with its defaults as well: about 18 s less a
# module), flatten, synthesise for a
# generic 4-input-LUT fabric (`synth -lut 4` up to the fine stage, then
# techmap + `abc -lut 4`), and fail on
#   * any latch (select -assert-none on $dlatch / $_DLATCH_* after proc and
#     after mapping, and "Latch inferred" in the log);
#   * `check -assert` problems (undriven or multiply driven nets, loops),
#     and a register assigned from two always blocks (Yosys' "multiple
#     conflicting drivers" / "Driver-driver conflict" warnings: it resolves
#     them before `check` runs).
# Inferred memories are kept as memories ($mem_v2: block RAM on any FPGA)
# rather than exploded into flip-flops; their size is in the module's log.
# No vendor primitives are used.  Modules run in parallel, SYNTH_JOBS at a
# time (default 2), biggest first; each prints its wall-clock time.
#
# Writes build/reports/synth.txt, one line per module:  <mod> <LUT4> <FF>
# and the full log and `stat` of each module to build/reports/synth_<mod>.log.
#
# Usage: bash scripts/synth.sh [MODULE...]     (default: every rtl/*.v)
#   SYNTH_JOBS   parallel Yosys runs (default 2)
set -euo pipefail
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."
R=build/reports
fail() { echo "synth: FAIL: $*" >&2; exit 1; }

command -v yosys >/dev/null || fail "yosys not installed (make deps)"
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh >/dev/null || fail "cannot generate build/gen/wq_defs.vh"
mkdir -p "$R"

shopt -s nullglob
rtl=(rtl/*.v rtl/core/*.v)
[ ${#rtl[@]} -gt 0 ] || { echo "synth: no rtl/*.v yet"; : > "$R/synth.txt"; exit 0; }

# ---- one module (run as `synth.sh --one MODULE` by the parallel driver) ------
one() {
    local mod=$1 log="$R/synth_$1.log" stat="$R/synth_$1.stat" t0 t1
    t0=$(date +%s)
    rm -f "$R/synth_$mod.res"
    if ! yosys -q -l "$log" -p "
        read_verilog -defer -Ibuild/gen -Irtl -Irtl/core ${rtl[*]}
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
        echo "synth: FAIL: $mod (log: $log)" >&2
        return 1
    fi
    t1=$(date +%s)
    if grep -q '^Latch inferred' "$log"; then
        grep '^Latch inferred' "$log" >&2
        echo "synth: FAIL: $mod infers a latch" >&2
        return 1
    fi
    # a signal driven from two always blocks: the front end resolves the
    # conflict (in favour of a constant, say) before `check` looks, so the
    # netlist silently differs from the simulation -- the log is the only
    # witness
    if grep -Eq 'multiple conflicting drivers|Driver-driver conflict' "$log"; then
        grep -E 'multiple conflicting drivers|Driver-driver conflict' "$log" | head -5 >&2
        echo "synth: FAIL: $mod has a signal with several drivers" >&2
        return 1
    fi
    # cell counts from `stat`: $lut cells (<= 4 inputs) and single-bit FFs
    read -r luts ffs < <(awk '
        $1 == "$lut" { l += $2 }
        $1 ~ /^\$_(S?DFF|DFFE|SDFFE|SDFFCE|ALDFF|ALDFFE|DFFSR|DFFSRE)_/ { f += $2 }
        END { print l + 0, f + 0 }' "$stat")
    # inferred memories: SIZE x WIDTH of each $mem_v2 cell
    read -r mem bits < <(awk '
        $1 == "cell" && $2 == "$mem_v2" { n++ }
        $1 == "parameter" && $2 == "\\SIZE" { sz = $3 }
        $1 == "parameter" && $2 == "\\WIDTH" { b += sz * $3 }
        END { print n + 0, b + 0 }' "$R/synth_$mod.mem")
    echo "$mod $luts $ffs" > "$R/synth_$mod.res"
    echo "synth: $mod: $luts LUT4, $ffs FF, $mem memories ($bits bits), $((t1 - t0)) s"
}
if [ "${1:-}" = "--one" ]; then one "$2"; exit $?; fi

# ---- all modules, in parallel ---------------------------------------------------
mods=("$@")
if [ ${#mods[@]} -eq 0 ]; then
    for f in "${rtl[@]}"; do mods+=("$(basename "$f" .v)"); done
fi
# the slow ones first so the two queues end together: wq_top and
# wq_core (the whole core flattened), then by file size
mapfile -t order < <(for m in "${mods[@]}"; do
    f=rtl/$m.v
    [ -f "$f" ] || f=rtl/core/$m.v
    [ -f "$f" ] || fail "no rtl/$m.v or rtl/core/$m.v"
    case $m in wq_top) k=0 ;; wq_core) k=1 ;; *) k=2 ;; esac
    echo "$k $(stat -c %s "$f") $m"; done | sort -k1,1n -k2,2nr | awk '{print $3}')
t0=$(date +%s)
status=0
printf '%s\n' "${order[@]}" |
    xargs -P "${SYNTH_JOBS:-2}" -n 1 bash "$self" --one || status=1
t1=$(date +%s)
[ $status -eq 0 ] || fail "see above"
out="$R/synth.txt.part"
: > "$out"
for m in "${mods[@]}"; do
    [ -f "$R/synth_$m.res" ] || fail "$m: no result"
    cat "$R/synth_$m.res" >> "$out"
done
mv "$out" "$R/synth.txt"
echo "synth: ${#mods[@]} modules, no latches, $((t1 - t0)) s with ${SYNTH_JOBS:-2} jobs; $R/synth.txt"
