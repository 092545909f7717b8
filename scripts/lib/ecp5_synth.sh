# ecp5_synth.sh -- the Yosys ECP5 synthesis command the board flow
# (scripts/fpga.sh ecp5) and the per-module area tool (scripts/area.sh)
# share, so the area tool's figures are those of the board's netlist.
#
# ecp5_synth TOP [PREMAP] -> the command (without the final write_json's
# file); with PREMAP it also writes the netlist as LUT mapping takes it
# (flip-flops and carries mapped, the rest gates) to the RTLIL file
# PREMAP: scripts/fpga.sh's depth-optimal mapping of the same netlist.
# synth_ecp5 -nowidelut in three parts:
#  - its coarse section written out without `share`: on the default
#    configuration Yosys 0.23's share (SAT over every pair of the core's
#    variable part-selects) ran over 16 CPU minutes without finishing; the
#    vector ALU shares its units by hand (rtl/core/wq_valu.v), and mul2dsp
#    still maps each lane's product onto MULT18X18Ds;
#  - -nowidelut: LUT4s only (abc's LUT5-7 through PFUMX / L6MUX took about
#    twice the LUT4s on the vector ALU's lanes); ABC, not ABC9 (-abc9 left
#    the ULX3S's netlist deeper, 35 LUT levels against 31, and placed it
#    slower, 16.17 MHz against 16.97: docs/fpga/boards.md, "Build flow");
#  - up to its check section, which is then run without its first step,
#    autoname (89 s of CPU on this netlist; the cells keep the names abc
#    gave them).
# A latch is checked where synth_ecp5 would map it (onto LUT feedback,
# invisible afterwards): a latch cell left after the flip-flop mapping
# fails the run.
ecp5_synth() {
    local top=$1 premap=${2:-} coarse
    coarse="proc; flatten; tribuf -logic; deminout; opt_expr; opt_clean; check; opt -nodffe -nosdff; fsm; opt; wreduce; peepopt; opt_clean"
    coarse+="; techmap -map +/cmp2lut.v -D LUT_WIDTH=4; opt_expr; opt_clean"
    coarse+="; techmap -map +/mul2dsp.v -map +/ecp5/dsp_map.v -D DSP_A_MAXWIDTH=18 -D DSP_B_MAXWIDTH=18 -D DSP_A_MINWIDTH=2 -D DSP_B_MINWIDTH=2 -D DSP_NAME=\$__MUL18X18"
    coarse+="; chtype -set \$mul t:\$__soft_mul; alumacc; opt; memory -nomap; opt_clean"
    printf '%s' "synth_ecp5 -nowidelut -top $top -run :coarse; $coarse; synth_ecp5 -nowidelut -run map_ram:map_luts"
    printf '%s' "; select -assert-none t:\$_DLATCH_* t:\$dlatch t:\$adlatch"
    [ -z "$premap" ] || printf '%s' "; write_rtlil $premap"
    printf '%s' "; synth_ecp5 -nowidelut -run map_luts:check"
}

# level_budget -> the logic-level budget every register of the board's
# netlist and of each module is held to (docs/fpga/boards.md, "The
# logic-level budget"): LEVEL_BUDGET, 8 by default; the board flow's
# depth report and scripts/area.sh both count against it.  Fails on a
# value that is not a positive number of levels.
level_budget() {
    local b=${LEVEL_BUDGET:-8}
    [[ $b =~ ^[1-9][0-9]*$ ]] || { echo "LEVEL_BUDGET=$b: a positive number of levels" >&2; return 1; }
    echo "$b"
}
