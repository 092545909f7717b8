#!/usr/bin/env bash
# rtl/gate_ice40.sh -- the iCEBreaker's core as the board flow maps it,
# simulated (run by scripts/rtl_test.sh, i.e. `make test`): the netlist,
# not the RTL, runs an OpenCL program over the serial protocol.
#
# Yosys synthesises wq_uart_top (the core, its memory and the UART bridge)
# with the iCEBreaker's parameters -- read from fpga/ice40/wq_icebreaker.v,
# as scripts/rtl/uart_opencl.sh reads them -- through the board flow's
# command (scripts/lib/ice40_synth.sh: synth_ice40 -dsp -spram with ABC9)
# into iCE40 cells (SB_LUT4, SB_CARRY, SB_DFF*, the firmware ROM and the
# tables in SB_RAM40_4K, the thread RAM and the device memory in
# SB_SPRAM256KA, the rotator in SB_MAC16), written out as Verilog.
# Verilator builds that netlist with Yosys' own simulation models of the
# cells (share/yosys/ice40/cells_sim.v) behind the same bench as the RTL's
# (tb/verilator/uart/tb_uart.cpp, a pseudo-terminal, 8 clocks per bit),
# and the unchanged OpenCL host program (tests/kernels/run.c through the
# ICD loader, WQ_BACKEND=uart:PTY) reads the device's ID, compiles
# vadd.cl, uploads it and its buffers, launches it and reads the results
# back: its output must be byte for byte the model's at the same lane
# count, on a line that resent nothing.  So a mapping step that changes
# behaviour (ABC9 mapping across the flip-flops it is shown, a RAM or DSP
# inferred with the wrong read or reset behaviour, an initial value lost)
# fails here, not on a board.
#
# Usage: bash scripts/rtl/gate_ice40.sh   (no seeds: the line is clean)
#   RTL_TEST_GATE_KERNELS  the kernels (default: vadd.cl)
#   FPGA_SYNTH_OPTS        the mapping options, as scripts/fpga.sh ice40
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup gate_ice40
command -v yosys >/dev/null || fail "yosys not installed (make deps)"
make -s build >/dev/null || fail "make build"
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh build/gen/wq_ue.vh build/gen/wq_ue_sched.vh \
    build/gen/sched_fw.hex >/dev/null || fail "cannot generate build/gen (headers, firmware)"
cpb=8
baud=115200
. "$root/scripts/lib/top_param.sh"
icebreaker_core
mem=$ice_mem lanes=$ice_lanes
chp="-set CLK_HZ $cpb -set BAUD 1 -set MEM_LOG2 $mem"
for p in "${ice_params[@]}"; do chp+=" -set $p"; done

# Yosys' cell models, beside the yosys that maps the netlist
cells=""
for d in "$(dirname "$(command -v yosys)")/../share/yosys" /usr/share/yosys /usr/local/share/yosys; do
    [ -f "$d/ice40/cells_sim.v" ] && { cells=$(cd "$d/ice40" && pwd)/cells_sim.v; break; }
done
[ -n "$cells" ] || fail "Yosys' ice40/cells_sim.v not found beside $(command -v yosys)"

# ---- the netlist: the board flow's synthesis of wq_uart_top -------------------
BD="$B/icebreaker_c$cpb"
mkdir -p "$BD"
rtldir=$rtl                       # (rtl_files.sh sets rtl to the file list)
. "$root/scripts/lib/rtl_files.sh"
files=("${rtl[@]/#rtl\//$rtldir/}")
unset rtl; rtl=$rtldir
. "$root/scripts/lib/ice40_synth.sh"
synth=$(ice40_synth wq_uart_top)
# setundef -params: a cell parameter Yosys leaves undefined (an SB_RAM40_4K's
# unused INIT words, a MAC16's unused constants) is 0 on the device;
# Verilator cannot take an x in a parameter
cmd="read_verilog -I$root/build/gen -I$rtl ${files[*]}; chparam $chp wq_uart_top; $synth"
cmd+="; select -assert-none t:\$_DLATCH_* t:SB_DFF*_LATCH*; setundef -zero -params; write_verilog -noattr $BD/wq_uart_top_gate.v"
net="$BD/wq_uart_top_gate.v"
if [ ! -s "$net" ] || [ "$(cat "$BD/synth.cmd" 2>/dev/null)" != "$cmd" ] ||
   [ -n "$(find "$rtl" "$root"/build/gen/*.vh "$root/build/gen/sched_fw.hex" "$root/scripts/lib/ice40_synth.sh" \
           -newer "$net" -type f -print -quit)" ]; then
    rm -f "$net" "$BD/tb_uart" "$BD/synth.cmd"
    t0=$(date +%s)
    nice yosys -q -l "$BD/synth.log" -p "$cmd" > /dev/null 2>&1 ||
        { tail -20 "$BD/synth.log" >&2; fail "yosys: wq_uart_top for the iCE40 (log: $BD/synth.log)"; }
    echo "$cmd" > "$BD/synth.cmd"
    echo "rtl_test: gate ice40: wq_uart_top mapped by '$synth' ($(( $(date +%s) - t0 )) s)"
fi
grep -q 'SB_LUT4 ' "$net" && grep -q 'SB_SPRAM256KA ' "$net" && grep -q 'SB_RAM40_4K ' "$net" ||
    fail "the netlist $net is not made of iCE40 cells"
# the cells counted, as the bench's log names them
ncell=$(grep -cE '^  SB_[A-Z0-9_]+ ' "$net" || true)

# ---- the bench: the netlist and the cell models behind tb_uart ----------------
# (the cell models and the netlist are not the project's RTL: their lint
# warnings are not errors here; NO_ICE40_DEFAULT_ASSIGNMENTS: the models'
# port defaults are SystemVerilog, and the netlist connects every port)
VL_OPT=O1 vl_build "$BD" wq_uart_top tb_uart -Wno-fatal -Wno-lint -Wno-style -DNO_ICE40_DEFAULT_ASSIGNMENTS \
    "$net" "$cells" "$root/tb/verilator/uart/tb_uart.cpp" -- drv
out="$BD/opencl"
. "$root/scripts/lib/uart_board.sh"
board_host "$out"
trap board_stop EXIT
board_max=900
for k in ${RTL_TEST_GATE_KERNELS:-vadd.cl}; do
    board_kernel "$BD/tb_uart" "$out" "$k" "$lanes" "the iCEBreaker's netlist"
    echo "rtl_test: gate ice40: $k on the iCEBreaker's netlist ($ncell iCE40 cells): output matches the model ($lanes lanes), $kcyc cycles ($ksecs s)"
done
