# ice40_synth.sh -- the Yosys iCE40 synthesis command the board flow
# (scripts/fpga.sh ice40) and the gate-level bench (scripts/rtl/gate_ice40.sh)
# share, so the bench simulates the netlist the iCEBreaker's bitstream is
# made from (docs/fpga/boards.md, "Build flow").
#
# ice40_synth TOP -> the command (without its output's -json FILE).
# synth_ice40 with the UP5K's DSPs (-dsp: the micro-engine's rotator on
# SB_MAC16) and SPRAMs (-spram: the thread RAM and the device memory), and
# its LUT mapping options FPGA_SYNTH_OPTS, by default ICE40_MAP: ABC9's
# timing-driven mapping for the UP5K with the flip-flops in its view
# (-abc9 -device u -dff), which packs the board into fewer logic cells
# and routes it faster than ABC's plain mapping; FPGA_SYNTH_OPTS="" gives
# the plain mapping.
ICE40_MAP="-abc9 -device u -dff"
ice40_synth() {
    local top=$1 map=${FPGA_SYNTH_OPTS-$ICE40_MAP}
    printf '%s' "synth_ice40 -dsp -spram${map:+ $map} -top $top"
}
