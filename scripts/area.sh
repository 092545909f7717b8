#!/usr/bin/env bash
# area.sh -- ECP5 resources of the ULX3S board top, module by module
# (`make area`; not part of `make test`).
#
# The board flow (scripts/fpga.sh ecp5) synthesises wq_ulx3s flattened, so
# its netlist cannot say which module holds the LUTs.  This tool elaborates
# the board top once (every module with the board's parameters: the core
# at LANES=8), then synthesises each module on its own with the board's
# synthesis command (scripts/lib/ecp5_synth.sh) with the modules it
# instantiates left as black boxes, so each line is that module's own
# logic, and the total is their sum over the board's instances.  Outputs
# the board leaves open are made internal first (the lockstep record
# ports: the core's o_evr_* / o_evw_* / o_evm_*, the LSU's o_evm_*, and
# wq_commit's o_evr_* / o_evw_*, which only the core's carry), so
# their logic is dropped as in the flattened netlist.  Logic that
# flattening would also remove across module boundaries (a constant
# input, an output its user ignores) is still counted: the total is an
# upper bound of the board's figure.
#
# Prints and writes $AREA_DIR/area.txt (a run of every module also
# build/reports/area.txt), one line a module:
#   module: LUT4 FF DP16KD MULT18 (xINSTANCES; DPR16X4 N; levels L (with children: H); over B: R (with children: RH); T)
# where LUT4 counts TRELLIS_COMB-bound cells (LUT4 + the CCU2C carries as
# 2 LUT4 each), FF TRELLIS_FF and DPR16X4 the LUT RAMs, per instance; the
# total multiplies by the board's instances.  levels L is the module's
# deepest logic alone (scripts/fpga_depth.py: from its registers, RAM
# reads and inputs, and from its children's outputs, to its registers,
# RAM ports and outputs, and its children's inputs -- each child a black
# box that ends and starts paths); R the endpoint bits (registers, RAM
# ports, outputs) deeper than the logic-level budget B.  H and RH are the
# same with the children's paths: each module, analysed after its
# children (the deepest in the board's tree first), writes its timing
# model as its parents see it ($AREA_DIR/MODULE.ports.json: per output
# bit the levels from its registers and from each input bit, per input
# bit the levels to its registers, its own children's paths included),
# and a parent's analysis reads its children's: a child's output starts
# at its arrival from inside the child or from the child's inputs, and a
# path into a child's input ends at the child's register it reaches,
# counted in the parent (named u_child.REG) with the child's levels added;
# the module's outputs are left to its parent to count (the board's top's
# and a module alone's are endpoints).  A child without a current model
# (a run naming the parent only, with no run of the child since the
# board's elaboration) stays a black box, and area.sh says so.  T the
# synthesis's wall time ("reused": the netlist of a run before, from the
# same module tree -- equal up to Yosys' internal numbering -- and
# synthesis script; AREA_RESYNTH=1 synthesises again).  Runs niced, one module at a time.  Then
#   max_logic_levels: H (MODULE)
#   regs_over_budget: RH (K of N modules over B levels: MODULE ...)
# from the figures with children, and exit 1 when a module's figure with
# children breaks the budget (docs/fpga/boards.md, "Logic levels": B
# levels is what a clock period of the board's target holds at the wire
# delay of a dense ECP5).
#
# Each module is synthesised from a file of its own ($AREA_DIR/MODULE.sub.il:
# the module, its inline children and its other children's black boxes,
# written from the board's elaboration), so that its figures depend on its
# own tree only: Yosys maps a design in the order it interned its names,
# and in the board's elaboration that order is board-wide -- the same
# module, synthesised from there, mapped a level deeper or shallower
# after edits to unrelated modules.
#
# A module marked (* wq_area_inline *) -- one part of its parent's cycle
# kept in a file of its own (the combinational units, such as wq_token_cmd,
# the token deque's command decode; wq_wb_ctl, WB's decisions beside one
# register; wq_valu, the ALU's lanes between EX's operands and WB's
# register; wq_opread, EX's operands and S2R's values, read by the ALU
# and WB's row selects in the same cycle; units whose registers the
# board drops) -- is not a black box in
# its parent's synthesis:
# its logic is mapped inside the parent's, as the board's flattened
# netlist maps it (a boundary between two halves of one cycle's logic
# costs the LUT mapper levels the board does not pay), and its own line
# says "inline in PARENT" and leaves its cells out of the total (they are
# in the parent's line).
# Usage: bash scripts/area.sh [MODULE...]   (default: every module of the board;
#              a MODULE the board does not hold -- a unit verified standalone,
#              scripts/rtl_orphans.py's STANDALONE -- is synthesised alone
#              from rtl/MODULE.v or rtl/core/MODULE.v with its default
#              parameters, one instance)
#        bash scripts/area.sh --fpu   the FP unit's lane (docs/rtl/wq_fpu.md):
#              wq_fp_add, wq_fp_fma, wq_fp_cmp, wq_fp_cvt and wq_fp_div, each
#              alone with its default parameters (binary32), then
#                fpu_lane: LUT4 FF DP16KD MULT18 (the five units' sum)
#              -- what each of a core's FP_LANES lanes of units costs (the
#              board's cores have FP = 0: no FPU in the board's tree); the
#              unit's own logic (wq_fpu: operand buffer, slices, completion)
#              is not in the figure.  Written to $AREA_DIR/area.txt (default
#              build/area_fpu) and build/reports/area_fpu.txt, which
#              `make bench` reads (fpu_luts_per_lane, fpu_dsps_per_lane)
#   AREA_DIR   work and report directory (default build/area at 8 lanes,
#              build/area_lN at N)
#   AREA_LANES the core's physical lanes (the board's LANES parameter;
#              default 8, the board's): 32 gives the default configuration's
#              per-module figures on the board's device and flow
#   LEVEL_BUDGET  the logic-level budget (default 8)
#   AREA_RESYNTH  1: synthesise every module named again, even when its
#              netlist of a run before is up to date
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/ecp5_synth.sh
fail() { echo "area: FAIL: $*" >&2; exit 1; }
command -v yosys >/dev/null || fail "yosys not installed (make deps)"
python3 scripts/fpga_depth.py --selftest > /dev/null || fail "scripts/fpga_depth.py --selftest"
python3 scripts/lib/rtlil_same.py --selftest > /dev/null || fail "scripts/lib/rtlil_same.py --selftest"
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh build/gen/wq_ue.vh build/gen/wq_ue_sched.vh \
    build/gen/sched_fw.hex >/dev/null || fail "cannot generate build/gen (headers, firmware)"
lanes=${AREA_LANES:-8}
case $lanes in 8|16|32) ;; *) fail "AREA_LANES must be 8, 16 or 32 (got $lanes)" ;; esac
if [ "$lanes" = 8 ]; then out=${AREA_DIR:-build/area}; else out=${AREA_DIR:-build/area_l$lanes}; fi
fpu=0
fpu_units=(wq_fp_add wq_fp_fma wq_fp_cmp wq_fp_cvt wq_fp_div)
if [ "${1:-}" = --fpu ]; then
    [ $# = 1 ] || fail "--fpu takes no module names"
    fpu=1 out=${AREA_DIR:-build/area_fpu}
    set -- "${fpu_units[@]}"
fi
mkdir -p "$out" build/reports
top=wq_ulx3s
rtl=(rtl/*.v rtl/core/*.v fpga/common/*.v fpga/ecp5/wq_ecp5_pll.v fpga/ecp5/$top.v)

# ---- the board's elaboration: every module with its parameters (written
# out as RTLIL) and its place in the board's tree ----------------------------------
if [ "$fpu" = 1 ]; then
    : > "$out/modules.txt"    # the units alone, below: nothing of the board
    : > "$out/modules.depth"
elif [ ! -s "$out/board.il" ] || [ "$(cat "$out/board.lanes" 2>/dev/null)" != "$lanes" ] ||
   [ -n "$(find rtl fpga build/gen/*.vh build/gen/sched_fw.hex -newer "$out/board.il" -type f -print -quit)" ]; then
    rm -f "$out/board.lanes"
    nice yosys -q -l "$out/board.log" -p "
        read_verilog -lib +/ecp5/cells_sim.v +/ecp5/cells_bb.v
        read_verilog -Ibuild/gen -Irtl ${rtl[*]}
        chparam -set LANES $lanes $top
        hierarchy -check -top $top
        write_rtlil $out/board.il
        tee -q -o $out/board.hier stat" > /dev/null 2>&1 ||
        { tail -20 "$out/board.log" >&2; fail "yosys: elaborating $top ($out/board.log)"; }
    echo "$lanes" > "$out/board.lanes"
fi
if [ "$fpu" = 0 ]; then
# `stat`'s design hierarchy: "<indent><module> <count>", the count per parent
# instance; a module's instances on the board are the product down its path
# -> "<elaborated name> <short name> <instances>" per module (the
# elaborated name has no blanks)
awk -v depthf="$out/modules.depth" '/=== design hierarchy ===/ { on = 1; next }
     on && NF == 0 && seen { exit }
     on && NF == 2 {
         seen = 1
         d = (match($0, /[^ ]/) - 4) / 2
         n[d] = $2 * (d > 0 ? n[d - 1] : 1)
         # the name of the module: $paramod\MOD\P=V..., $paramod$HASH\MOD or MOD;
         # a second parameter set of one module is MOD_2
         name = $1; short = name
         if (short ~ /^\$paramod\\/) { sub(/^\$paramod\\/, "", short); sub(/\\.*$/, "", short) }
         else sub(/^.*\\/, "", short)
         if (!(name in ord)) {
             ord[name] = ++k; nm[k] = name
             if (++used[short] > 1) short = short "_" used[short]
             sh[name] = short
         }
         tot[name] += n[d]
         if (!(name in md) || d > md[name]) md[name] = d
     }
     END { for (i = 1; i <= k; i++) print nm[i], sh[nm[i]], tot[nm[i]]
           for (i = 1; i <= k; i++) print nm[i], md[nm[i]] > depthf }' "$out/board.hier" > "$out/modules.txt"
[ -s "$out/modules.txt" ] || fail "no module tree in $out/board.hier"
fi

# outputs the board leaves open (the lockstep record ports), by module
open_ports() {   # SHORT -> ports (wildcards)
    case $1 in
        wq_top|wq_core) echo "o_lock o_step_* o_evr_* o_evw_* o_evm_*" ;;
        wq_core_lsu|wq_lsu_memwrite) echo "o_evm_*" ;;
        wq_commit)      echo "o_evr_* o_evw_*" ;;
        *)              echo "" ;;
    esac
}

want=("$@")
# a module named that the board does not hold (a unit not yet integrated,
# scripts/rtl_orphans.py's STANDALONE): elaborated alone with its default
# parameters, one instance
for w in ${want[@]+"${want[@]}"}; do
    awk -v m="$w" '$2 == m { f = 1 } END { exit !f }' "$out/modules.txt" && continue
    src=$(ls rtl/$w.v rtl/core/$w.v 2>/dev/null | head -1) || true
    [ -n "$src" ] || fail "$w: neither a module of the board nor rtl/$w.v or rtl/core/$w.v"
    nice yosys -q -l "$out/$w.elab.log" -p "read_verilog -Ibuild/gen -Irtl -Irtl/core rtl/*.v rtl/core/*.v
        hierarchy -check -top $w; write_rtlil $out/$w.alone.il" > /dev/null 2>&1 ||
        { tail -20 "$out/$w.elab.log" >&2; fail "yosys: elaborating $w alone ($out/$w.elab.log)"; }
    echo "$w $w 1 alone" >> "$out/modules.txt"
done
# the inline modules (elaborated names; module attribute wq_area_inline in
# the board's RTLIL), and the parent whose line holds one
if [ "$fpu" = 0 ]; then
    awk '/^ *attribute \\wq_area_inline / { a = 1; next }
         /^ *attribute / { next }
         /^module / { if (a) { n = $2; sub(/^\\/, "", n); print n }; a = 0; next }
         { a = 0 }' "$out/board.il" > "$out/inline.txt"
else
    : > "$out/inline.txt"
fi
inline_parent() {   # elaborated name -> the short name of a module that instantiates it
    awk -v c="$1" '/^module / { m = $2; sub(/^\\/, "", m); next }
                   /^ *cell / { t = $2; sub(/^\\/, "", t); if (t == c) { print m; exit } }' "$out/board.il" |
        while read -r p; do awk -v p="$p" '$1 == p { print $2; exit }' "$out/modules.txt"; done
}
rep="$out/area.txt"
: > "$rep"
budget=$(level_budget) || fail "the logic-level budget"
tl=0 tf=0 te=0 tm=0 nmod=0 lmax=0 lmod="" rover=0 over=()
# children before parents (a module deeper in the board's tree than each
# of its parents: the deepest first), so that each parent reads its
# children's timing models ($out/MODULE.ports.json); the models of a
# run before stand while the board's elaboration is older than them
models=$out/models.txt
: > "$models"
while read -r name short inst alone; do
    pj=$out/$short.ports.json
    [ -s "$pj" ] && [ "$pj" -nt "$out/board.il" ] && echo "$name $pj" >> "$models"
done < "$out/modules.txt"
order=$(awk 'FILENAME == ARGV[1] { md[$1] = $2; next } { print (($1 in md) ? md[$1] : -1), $0 }' \
            "$out/modules.depth" "$out/modules.txt" 2>/dev/null | sort -s -k1,1nr | cut -d' ' -f2-)
while read -r name short inst alone; do
    [ -n "$name" ] || continue
    if [ ${#want[@]} -gt 0 ] && ! printf '%s\n' "${want[@]}" | grep -qx "$short"; then continue; fi
    f="$out/$short.ys" log="$out/$short.log"
    src=$out/board.il
    [ -n "$alone" ] && src=$out/$short.alone.il
    # the module's own tree, in a file of its own: the module, its inline
    # children and the black boxes of the others.  Yosys maps a design in
    # the order it interned the design's names, and the board's
    # elaboration interns them board-wide: an edit anywhere shifts every
    # module's order, and the same logic maps a level deeper or shallower.
    # Read from its own file, a module's names are interned in that file's
    # order, which only the module's tree decides.
    # A tree the same as the run before's up to the numbering of Yosys'
    # internal names (scripts/lib/rtlil_same.py: an edit to another module
    # renumbers them) keeps the file of the run before, so its netlist
    # is reused below: after an edit only the trees that hold it are
    # synthesised again.
    il=$out/$short.sub.il
    if [ ! -s "$il" ] || [ ! "$il" -nt "$src" ]; then
        nice yosys -q -l "$out/$short.sub.log" -p "read_rtlil $src; hierarchy -top $name
            blackbox * $name %d A:wq_area_inline %d; hierarchy -top $name; write_rtlil $il.new" > /dev/null 2>&1 ||
            { tail -20 "$out/$short.sub.log" >&2; fail "yosys: extracting $short's tree ($out/$short.sub.log)"; }
        if [ -s "$il" ] && python3 scripts/lib/rtlil_same.py "$il.new" "$il"; then
            rm -f "$il.new"
        else
            mv "$il.new" "$il"
        fi
    fi
    {
        echo "read_rtlil $il"
        echo "hierarchy -top $name"
        for p in $(open_ports "$short"); do echo "delete -port $name/$p"; done
        ecp5_synth "$name" | sed 's/; /\n/g'
        echo
        echo "tee -q -o $out/$short.stat stat"
        # (the LUT RAM's simulation model DPR16X4C, which synth_ecp5's RAM
        # mapping reads as a whitebox, has processes the JSON backend refuses; the
        # netlist's cells are TRELLIS_DPR16X4s: a black box, as in the board flow)
        echo "blackbox =A:whitebox"
        echo "write_json $out/$short.json"
    } > "$f.new"
    # (a netlist synthesised by the same script from the same elaboration
    # is reused: AREA_RESYNTH=1 synthesises again)
    if [ "${AREA_RESYNTH:-0}" = 0 ] && cmp -s "$f.new" "$f" && [ "$out/$short.json" -nt "$il" ] &&
       [ "$out/$short.stat" -nt "$il" ]; then
        rm -f "$f.new"; tsyn="reused"
    else
        mv "$f.new" "$f"
        t0=$(date +%s)
        nice yosys -q -l "$log" -s "$f" > /dev/null 2>&1 || { tail -20 "$log" >&2; fail "yosys: $short ($log)"; }
        t1=$(date +%s)
        tsyn="$((t1 - t0)) s"
    fi
    # the module's own cells (stat's listing of the top; the black boxes' cells are named by module)
    cnt() { awk -v c="$1" '$1 == c { print $2; exit }' "$out/$short.stat"; }
    l4=$(cnt LUT4) ccu=$(cnt CCU2C) ff=$(cnt TRELLIS_FF) ebr=$(cnt DP16KD) dsp=$(cnt MULT18X18D)
    ram=$(cnt TRELLIS_DPR16X4)
    lut=$(( ${l4:-0} + 2 * ${ccu:-0} )) ff=${ff:-0} ebr=${ebr:-0} dsp=${dsp:-0} ram=${ram:-0}
    # the module's deepest logic between its registers, inputs, outputs and
    # its children's ports (scripts/fpga_depth.py; the board's paths through
    # several modules are longer: its report's logic_levels)
    # and with its children's paths through their timing models (the
    # module's own model, for its parents, into $out/$short.ports.json;
    # the board's top and a module alone end paths at their outputs)
    topt=()
    if [ "$name" = "$top" ] || [ -n "$alone" ]; then topt=(--board-top); fi
    python3 scripts/fpga_depth.py "$out/$short.json" "$name" --budget "$budget" --top 20 \
        --models "$models" --model "$out/$short.ports.new" ${topt[@]+"${topt[@]}"} > "$out/$short.depth" 2>&1 ||
        fail "scripts/fpga_depth.py: $short ($out/$short.depth)"
    mv "$out/$short.ports.new" "$out/$short.ports.json"
    grep -qxF "$name $out/$short.ports.json" "$models" || echo "$name $out/$short.ports.json" >> "$models"
    fig() { awk -v k="$1" '$1 == k { print $2 }' "$out/$short.depth"; }
    lv=$(fig levels_max:) ro=$(fig over_budget:) hv=$(fig with_children_levels_max:) ho=$(fig with_children_over_budget:)
    [[ $lv =~ ^[0-9]+$ ]] && [[ $ro =~ ^[0-9]+$ ]] && [[ $hv =~ ^[0-9]+$ ]] && [[ $ho =~ ^[0-9]+$ ]] ||
        fail "scripts/fpga_depth.py: $short: no levels_max / over_budget figures ($out/$short.depth)"
    um=$(sed -n 's/^with_children_unmodelled: //p' "$out/$short.depth")
    [ -z "$um" ] || echo "area: $short: children without a timing model, black boxes whose ports end and start paths: $um" >&2
    # (an inline module: its cells and deep bits are its parent's too)
    inl=""
    if [ -z "$alone" ] && grep -qxF "$name" "$out/inline.txt"; then inl="; inline in $(inline_parent "$name")"; fi
    echo "$short: $lut $ff $ebr $dsp (x$inst; DPR16X4 $ram; levels $lv (with children: $hv); over $budget: $ro (with children: $ho); $tsyn$inl)" | tee -a "$rep"
    nmod=$((nmod + 1))
    [ "$hv" -gt "$lmax" ] && lmax=$hv lmod=$short
    [ "$hv" -gt "$budget" ] && over+=("$short")
    [ -z "$inl" ] || continue
    rover=$((rover + inst * ho))
    tl=$((tl + inst * lut)) tf=$((tf + inst * ff)) te=$((te + inst * ebr)) tm=$((tm + inst * dsp))
done <<< "$order"
echo "total: $tl $tf $te $tm" | tee -a "$rep"
[ "$fpu" = 0 ] || echo "fpu_lane: $tl $tf $te $tm (${fpu_units[*]}, one of each: a lane of the FP unit's units)" | tee -a "$rep"
echo "max_logic_levels: $lmax (${lmod:-none})" | tee -a "$rep"
echo "regs_over_budget: $rover (${#over[@]} of $nmod modules over $budget levels${over[*]+: ${over[*]}})" | tee -a "$rep"
# the board's own run of every module is the report `make area` names
[ ${#want[@]} -gt 0 ] || [ "$lanes" != 8 ] || cp "$rep" build/reports/area.txt
[ "$fpu" = 0 ] || [ -n "${AREA_DIR:-}" ] || cp "$rep" build/reports/area_fpu.txt
echo "area: module: LUT4 FF DP16KD MULT18 (xN; DPR16X4; levels; over the budget; seconds) ($rep; an instance's figures, the total over the board's instances)"
if [ ${#over[@]} -gt 0 ]; then
    echo "area: FAIL: ${#over[@]} modules over the $budget-level budget: ${over[*]} (each module's deepest registers: $out/MODULE.depth)" >&2
    exit 1
fi
echo "area: every module within the $budget-level budget"
