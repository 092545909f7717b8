#!/usr/bin/env bash
# rtl/boards.sh -- the board tops in `make test` (run by scripts/rtl_test.sh),
# cheaply: place and route is minutes to an hour, so the bitstreams are
# `make fpga-ice40` / `make fpga-ecp5` and `make bench`; here, in seconds,
#   1. fpga/ice40/wq_icebreaker.v and fpga/ecp5/wq_ulx3s.v with
#      fpga/common/ and rtl/: verilator --lint-only -Wall, and Yosys'
#      elaboration against each vendor's cell library, and the report's path
#      and congestion tools on known inputs (scripts/fpga.sh --lint);
#   2. warpq.core's board targets (ice40, ecp5): FuseSoC sets each up (its
#      files, its constraints, its tool's options) without running the tools,
#      and the generated build names the board's top and its constraints file
#      (and, for the iCE40, the board flow's synthesis options).
# Usage: bash scripts/rtl/boards.sh     (seed arguments are ignored)
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "rtl_test: FAIL: boards: $*" >&2; exit 1; }
msg=$(bash scripts/fpga.sh --lint) || fail "scripts/fpga.sh --lint"
echo "rtl_test: $msg"
FS=.venv/bin/fusesoc
[ -x "$FS" ] || fail "$FS not installed (make deps)"
make -s build/gen/sched_fw.hex >/dev/null || fail "make build/gen/sched_fw.hex"
for t in ice40:wq_icebreaker.v:icebreaker.pcf ecp5:wq_ulx3s.v:ulx3s.lpf; do
    IFS=: read -r target top cons <<< "$t"
    mkdir -p build/fusesoc
    br=build/fusesoc/board_$target
    rm -rf "$br"
    "$FS" --cores-root . run --setup --build-root "$br" --target "$target" warpq:gpu:warpq \
        > "$br.log" 2>&1 || { tail -20 "$br.log" >&2; fail "fusesoc --setup --target $target (log: $br.log)"; }
    mk=$(find "$br" -name Makefile -print -quit)
    [ -n "$mk" ] || fail "target $target: FuseSoC wrote no Makefile"
    d=$(dirname "$mk")
    grep -rq --include='*.tcl' --include=Makefile "fpga/$target/$top" "$d" &&
        grep -q "fpga/$target/$cons" "$mk" ||
        fail "target $target: $d does not build fpga/$target/$top with $cons"
    # the iCE40 target maps with the board flow's synthesis command
    # (scripts/lib/ice40_synth.sh), which edalize writes with "$top" for the top
    if [ "$target" = ice40 ]; then
        want=$(unset FPGA_SYNTH_OPTS; . scripts/lib/ice40_synth.sh; ice40_synth X)
        want=${want% -top X}
        grep -rqF --include='*.tcl' -- "$want -top \$top" "$d" ||
            fail "target ice40: $d does not synthesise with '$want' (scripts/lib/ice40_synth.sh; warpq.core's yosys_synth_options)"
    fi
done
echo "rtl_test: fusesoc board targets ice40 (wq_icebreaker) and ecp5 (wq_ulx3s) set up"
