# scripts/lib/top_param.sh -- read a board top's parameters (sourced by
# scripts/fpga.sh and the benches that build a board's core:
# scripts/rtl/core.sh, uart.sh, uart_opencl.sh, gate_ice40.sh), so that a script builds
# the parameters the top sets rather than a copy of them.
#
# top_param FILE NAME -> the number of the top's `parameter NAME = N`;
# empty when FILE has no such parameter with a number
top_param() {
    sed -nE "s/^[[:space:]]*parameter[[:space:]]+$2[[:space:]]*=[[:space:]]*([0-9]+).*/\1/p" "$1"
}

# icebreaker_core -> the iCEBreaker's core parameters as its top passes
# them to wq_uart_top (fpga/ice40/wq_icebreaker.v): sets ice_params to
# "NAME VALUE" words (CHANNELS WARPS LANES DQ_LOG2 REGS ALU_LANES
# SEM_DIGIT SCHED_UE ROT_MUL), ice_mem to its MEM_LOG2 and ice_lanes;
# fails (the caller's fail) when the top does not carry all of them
icebreaker_core() {
    local top=fpga/ice40/wq_icebreaker.v
    mapfile -t ice_params < <(grep -oE '\.(CHANNELS|WARPS|LANES|DQ_LOG2|REGS|ALU_LANES|SEM_DIGIT|SCHED_UE|ROT_MUL)\([0-9]+\)' "$top" |
        sed -E 's/^\.([A-Z_0-9]+)\(([0-9]+)\)$/\1 \2/')
    ice_mem=$(top_param "$top" MEM_LOG2)
    [ ${#ice_params[@]} -eq 9 ] && [ -n "$ice_mem" ] || fail "cannot read the core's parameters from $top"
    ice_lanes=$(printf '%s\n' "${ice_params[@]}" | sed -n 's/^LANES //p')
}
