# scripts/lib/top_param.sh -- read a board top's parameters (sourced by
# scripts/fpga.sh and the benches that build a board's core:
# scripts/rtl/core.sh, uart.sh, uart_opencl.sh), so that a script builds
# the parameters the top sets rather than a copy of them.
#
# top_param FILE NAME -> the number of the top's `parameter NAME = N`;
# empty when FILE has no such parameter with a number
top_param() {
    sed -nE "s/^[[:space:]]*parameter[[:space:]]+$2[[:space:]]*=[[:space:]]*([0-9]+).*/\1/p" "$1"
}
