#!/usr/bin/env bash
# bench.sh -- every measured number of the project (`make bench`), as
# `key: value` lines (`bash scripts/bench.sh --ipc`: only rtl_ipc_alu,
# rtl_ipc_alu_l8, rtl_ipc_mul and rtl_ipc_div_mix, below; `--fp`: only
# rtl_ipc_ffma, rtl_ipc_sgemm, fpu_luts_per_lane and fpu_dsps_per_lane; `--speed`: only
# rtl_warp_instr_per_s, rtl_cycles_per_s, cosim_cycles_per_s and
# cosim_overhead); each value's comment, in parentheses, names the kernel
# and the configuration it was measured in:
#   * the model's rates (build/bin/wq bench);
#   * cc_*: the compiler's instructions per kernel with every function
#     inlined or called, and registers / values spilled under --regs;
#   * deque_ops_per_cycle: the token deque bench streaming push/pop
#     commands every cycle (target 1.00);
#   * fp_ops_tested, fp_mismatches: the golden model's binary32 core
#     against Berkeley SoftFloat (scripts/fp_check.sh);
#   * mathlib_max_ulp_<fn>: the device math library's worst error in ulp
#     per function on the model with an FPU, against mpmath (65536 random
#     and the edge inputs per function; scripts/mathlib.sh --bench,
#     docs/mathlib.md; the exact functions 0);
#   * cc_lines_per_s: the OpenCL C compiler's throughput on the sources of
#     tests/kernels (in memory, `wq bench --cc`);
#   * cc_issue_slots_ratio: warp instructions the model executes for a
#     compiled kernel / for its hand-written .wqs twin, same data and launch
#     (tests/kernels/vadd_index.cl vs tests/programs/asm_vecadd.wqs,
#     tests/kernels/spinlock.cl vs tests/programs/spinlock.wqs), each pair
#     as cc_issue_slots_ratio_NAME and the larger as the headline (target
#     <= 1.25);
#   * alias_*: the alias pass (docs/compiler.md "Alias metadata") on the
#     seed's disjoint-buffer example (tests/opencl/alias/alias.cl
#     filter_rows, 32 rows of 64 pixels, `wq run` whose buffers are
#     disjoint): alias_issue_slots_ratio = warp instructions with
#     --alias=off / with the pass (target >= 2.0), alias_cycles_ratio the
#     same in RTL cycles (`wq cosim`, the launch's profiling time);
#     alias_recompiles: recompilations of tests/opencl/alias against its
#     distinct relations (one each);
#   * host_methods_per_busy_cycle: wq_host_if's methods per granted cycle
#     (cycles it holds the event lock) on a streamed command buffer
#     (scripts/rtl/host.sh --bench, host_scenario_cmdbuf, in lockstep): one
#     channel, 16 GP entries, each a segment of method bursts (an INC group
#     of the 4 semaphore registers, a NONINC burst of 24 words, an IMMD
#     SET_REFERENCE), a semaphore RELEASE (INC group of 5) every second
#     entry, a LAUNCH_DESC + LAUNCH of a valid descriptor every fourth;
#     512 methods; memory of 1-3 cycles latency taking 90 % of requests,
#     nobody else waiting for the lock, launched grids dispatched at once;
#     GP entries, segment ends, releases and launches all counted
#     (target 0.5);
#     host_stream_methods_per_busy_cycle: the same on one segment of 160
#     plain methods at a 1-cycle memory (the host's own method rate);
#     host_methods_per_busy_cycle_random: the same on the host bench's
#     random traffic (seed 1; bounded by its semaphores, launches and
#     steps without a method), split by host_busy_breakdown;
#   * rtl_nested_*: the child-launch latency of `wq bench` (nested_local_cycles
#     etc., model ticks) measured on the RTL in lockstep, in cycles, at
#     several phases of the child's release against the lock's holders
#     (nested_latency.wqs's spin DELAY 200, 202, ..., 214, each at memory
#     seeds 1 and 2): rtl_nested_local_cycles is the worst of the 16 runs
#     (target <= 100), rtl_nested_local_cycles_min the best,
#     rtl_nested_local_cycles_d200 the single run the key was before
#     (DELAY 200, seed 1), rtl_nested_cpu_cycles that run's CPU-mediated
#     launch and rtl_nested_speedup that over the worst local one;
#   * uart_bridge_bytes_per_s: the simulated board's memory-write rate over
#     the serial line at 115200 baud against 8N1's maximum (the OpenCL runs
#     of scripts/rtl/uart_opencl.sh);
#   * ice40_fmax_mhz, ice40_lcs, ecp5_fmax_mhz, ecp5_luts: the board
#     bitstreams after place and route, from the reports of `make fpga-ice40`
#     and `make fpga-ecp5` (scripts/fpga.sh; targets 20 and 75 MHz);
#     ice40_fmax_placed_mhz, ecp5_fmax_placed_mhz: nextpnr's estimate after
#     placement (there also when routing was stopped); ice40_logic_levels,
#     ecp5_logic_levels: the netlist's deepest register in LUT levels and
#     the register bits over the budget (scripts/fpga_depth.py);
#     ecp5_fp_luts, ecp5_fp_fmax_mhz (and its placed estimate and levels):
#     the ULX3S with the FPU (FP=1, FP_LANES=1), `make fpga-ecp5-fpu`;
#     ecp5_regs_over_budget: those bits of the ULX3S netlist alone;
#     ecp5_logic_levels_optimal, ecp5_regs_over_budget_optimal: the same
#     of the ULX3S netlist mapped for depth alone (flowmap: each register
#     at the least depth its logic allows, where ABC's mapping lets paths
#     sink towards its deepest one to save LUTs);
#     ice40_critical_ns, ecp5_critical_ns: nextpnr's critical path of the
#     core clock, logic and routing (scripts/fpga_timing.py).
#   * rtl_max_file_lines, rtl_files_over_1000_lines,
#     rtl_max_clocked_block_lines, rtl_clocked_blocks_over_200_lines: the
#     sizes of rtl/'s files and `always @(posedge ...)` blocks
#     (scripts/rtl_size.py);
#   * area_max_logic_levels, area_regs_over_budget, area_levels_MODULE:
#     `make area`'s report (each module of the ULX3S top alone, its
#     deepest logic with its children's paths through their timing
#     models and its bits over the 8-level budget, and the same of its own
#     logic alone; docs/fpga/boards.md "The logic-level budget").
#   * subv_*: sub-vector selection on the high-register kernel
#     tests/kernels/subv_pressure.cl under a 16-register budget (--regs=16),
#     compiled for 8 lanes (at 32 a segment names no more registers than
#     the rows the kernel has): values spilled without segments minus with
#     them, and RTL cycles at 8 lanes without / with (docs/compiler.md
#     "Sub-vector segments").
#   * coalesce_requests_per_warp_load: line requests the core's pick
#     (wq_lsu_pick's bench, the core's default instance) makes for a scalar
#     warp load of 32 consecutive words with 16-byte lines; l1_unit_hit_rate: wq_l1 alone on 8 passes over 16 lines (latency 8).
#   * rtl_mem_requests_per_warp_load: the same on the device (wq_top, the
#     core's LSU on vecadd_ipc.wqs: its line requests per warp load; <= 8).
#   * rtl_ipc_vecadd, rtl_l1_hit_rate: warp instructions per cycle of wq_top
#     in lockstep on tests/programs/bench/vecadd_ipc.wqs (memory latency 8,
#     a line request a cycle), of the kernel window (the first CTA_START to
#     the last warp commit) with the whole run beside, with the L1 and with
#     L1=0, and the L1's hit rate there.  The core's loads and stores leave
#     EX into its LSU queue (docs/rtl/wq_core.md "LSU"), so the warps' line
#     requests go out back to back while earlier answers come back; the
#     memory port's bound for this kernel is 352 / 768 = 0.458.  Each CTA
#     ends on the commit port (8 stores of 32 MEM_WRITE records, 8 a cycle
#     on the beat port, wq_top's EVM_SLOTS; 8 EXITs of 4 records) before
#     the next CTA can take the 8 warp slots (docs/rtl/commit.md "Timing").
#   * l1_hit_rate: the L1 of wq_top on a kernel with reuse, the 3-point
#     stencil tests/programs/bench/stencil_l1.wqs (lockstep, latency 8), at
#     the default 16 sets and, beside it, at 64 sets (L1_SETS=64).
#   * rtl_ipc_spinlock: the same figure on tests/programs/spinlock.wqs
#     (one warp; a report, no target).
#   * rtl_wave_subv_fraction: the SUBV_AUTO segments of
#     tests/programs/subv_auto.wqs that wq_wave_ctl ran in sub-vector mode
#     under WAVE_CTL AUTO (its miss-heavy phase, then its hit phase).
#   * rtl_warp_instr_per_s, rtl_cycles_per_s: simulated warp instructions
#     and cycles per wall second of wq_top alone under Verilator (the
#     default configuration) on the long ALU kernel
#     tests/programs/bench/alu_loop.wqs (about 1.1 million cycles),
#     cosim_cycles_per_s the same in lockstep with the model, and
#     cosim_overhead lockstep / RTL-alone wall time (target 2.0): the
#     median of 3 runs of each kind, with the fastest and the slowest;
#   * rtl_ipc_alu, rtl_ipc_alu_l8: warp instructions per cycle of wq_top
#     (the default configuration: the pipelined core wq_core through the
#     L1) in lockstep on the ALU-only kernel tests/programs/bench/alu_ipc.wqs
#     (8 warps; LANES 32 / 8; memory latency 8, every request taken).  The key's value
#     is the kernel window's figure, as GPU simulators report IPC: the warp
#     commits from the cycle of the first CTA dispatched (the first
#     dispatch's first record, its first warp's CTA_START) to the cycle of
#     the last warp commit, inclusive -- tb_cosim's `window:` line, from the
#     RTL's own records and commits.  It leaves out the host's launch
#     methods and the wait before the first dispatch (the token deque's
#     reset sweep, WARPS << DQ_LOG2 cycles from reset).  The whole run's
#     figure (every cycle from reset to the end, tb_cosim's `cycles:`)
#     follows on the same line.
#   * rtl_ipc_mul, rtl_ipc_div_mix: the same figure (default configuration,
#     8 warps, 32 lanes) on tests/programs/bench/mul_ipc.wqs (96 ALU
#     instructions a warp, 56 of them MUL / MULHU: the pipelined
#     multiplier) and tests/programs/bench/div_mix_ipc.wqs (warp 0 divides
#     12 times while warps 1..7 run 96 ALU instructions each: the divisions
#     leave EX and commit through the completion path).
#   * rtl_ipc_ffma: the same figure (kernel window) with the FPU: wq_top
#     with FP=1 at 32 lanes, a unit a lane (scripts/cosim_build.sh's FP
#     set; the device of `WQ_BACKEND=rtl WQ_FP=1` has FP_LANES 8), on the
#     dense FFMA kernel
#     tests/programs/bench/ffma_ipc.wqs (8 warps, 96 FFMA each; memory
#     latency 8, every request taken).  The FP unit holds one instruction
#     (docs/rtl/wq_fpu.md): another warp's FP instruction waits in EX.
#   * rtl_ipc_sgemm: warp instructions per RTL cycle of the tiled SGEMM of
#     tests/opencl/sgemm/sgemm.cl (16 x 16 tiles in __local, C 32 x 32 =
#     A 32 x 64 by B 64 x 32, 4 work-groups of 256) on the runtime's device
#     with an FPU (`WQ_BACKEND=rtl WQ_FP=1`: 32 lanes, FP_LANES 8, a part in
#     four slices; scripts/cl_rtl_build.sh 32 1): the model's warp instructions (`wq run --fp 1`) over the launch's RTL
#     cycles (`wq cosim --fp 1`, its profiling span: the host's launch
#     methods to the last commit, so a little under the kernel window's).
#   * fpu_luts_per_lane, fpu_dsps_per_lane: LUT4 and MULT18X18D of a lane of
#     the FP unit's units (wq_fp_add, _fma, _cmp, _cvt, _div, binary32,
#     each synthesised alone on the board's ECP5 flow) from
#     build/reports/area_fpu.txt (`make area`: scripts/area.sh --fpu); the
#     unit's own logic (operand buffer, slices, completion) is apart.
#   * conformance_pass_warpq, conformance_run_warpq, conformance_pass_pocl,
#     conformance_run_pocl: piglit's OpenCL tests of the integer subset
#     (no float, double, half or image; docs/tools/conformance.md) that
#     passed, and that ran without skipping themselves, on warpq's model
#     and on POCL: from the last full `make conformance`
#     (build/reports/conformance/results.json, its date in the comment),
#     or a full run now when there is none.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "bench: FAIL: $*" >&2; exit 1; }
# a lockstep run's counts, from tb_cosim's output on stdin:
# "WARP_COMMITS CYCLES WIN_WARP_COMMITS WIN_CYCLES" -- the whole run (steps:,
# cycles:) and the kernel window ("window: cycles A..B, N cycles, W warp
# commits (...)": the first CTA_START to the last warp commit); empty fields
# when a line is missing, for the caller to name
cosim_counts() {
    awk '/^steps: .*\(warp [0-9]+,/ { sub(/.*\(warp /, ""); sub(/,.*/, ""); w = $0 }
         /^cycles: / { c = $2 }
         /^window: cycles / { kc = $4; kw = $6 }
         END { print w, c, kw, kc }'
}

# a tb_cosim build's configuration, from its directory's name
# (scripts/cosim_build.sh: C<ch>_W<warps>_L<lanes>_D<dq>_R<regs>[_...]):
# "LANES=L WARPS=W", empty when the path has no such name
cosim_cfg() {
    sed -nE 's,.*/C[0-9]+_W([0-9]+)_L([0-9]+)_D[0-9]+_R[0-9]+[^/]*/[^/]*$,LANES=\2 WARPS=\1,p' <<< "$1"
}
# ... and with the FPU, its FP_LANES too: "LANES=L WARPS=W FP=1 FP_LANES=F"
# from the directory's _FP<F> (_FP alone: a unit a lane, F = L); nothing
# for a harness without the FPU
cosim_fp_cfg() {
    local c f
    c=$(cosim_cfg "$1")
    [[ $1 =~ _FP([0-9]*)/[^/]*$ ]] && [ -n "$c" ] || return 0
    f=${BASH_REMATCH[1]}
    [ -n "$f" ] || f=$(sed -nE 's/^LANES=([0-9]+) .*/\1/p' <<< "$c")
    echo "$c FP=1 FP_LANES=$f"
}
# tb_cosim's memory when a run gives no --lat / --ready (tb/verilator/top/cosim.h)
mem_default="memory latency 1-6, 80 % ready"

# the L1's hits and misses of a tb_cosim run's output ("l1: H hits, M misses")
l1_counts() {
    sed -n 's/^l1: \([0-9]*\) hits, \([0-9]*\) misses.*/\1 \2/p'
}

# rtl_nested_*: the device-local child launch at 8 phases x 2 memory seeds
# (the release's phase against the holds of the lock moves the figure by
# some 20 cycles, so one run says little); $bin is the lockstep harness
nested_phases() {
    local ll=${WQ_LINK_LATENCY:-1000} f d s o loc cpu0="" loc0="" all=""
    f=$(mktemp --suffix .wqs)
    for d in 200 202 204 206 208 210 212 214; do
        sed "s/^\.equ DELAY, 200$/.equ DELAY, $d/" tests/programs/bench/nested_latency.wqs > "$f"
        grep -q "^\.equ DELAY, $d$" "$f" || fail "nested_latency.wqs: no DELAY 200 to vary"
        for s in 1 2; do
            o=$("$bin" nested-latency "$f" --seed "$s" --link-latency "$ll") ||
                { rm -f "$f"; fail "nested latency on the rtl (DELAY $d, seed $s)"; }
            loc=$(sed -n 's/^rtl_nested_local_cycles: //p' <<< "$o")
            [ -n "$loc" ] || { rm -f "$f"; fail "nested latency: no local figure (DELAY $d, seed $s)"; }
            all+=" $loc"
            if [ "$d" = 200 ] && [ "$s" = 1 ]; then
                loc0=$loc
                cpu0=$(sed -n 's/^rtl_nested_cpu_cycles: \([0-9]*\).*/\1/p' <<< "$o")
            fi
        done
    done
    rm -f "$f"
    [ -n "$cpu0" ] || fail "nested latency: no CPU-mediated figure"
    awk -v all="$all" -v l0="$loc0" -v c0="$cpu0" -v ll="$ll" -v cfg="$(cosim_cfg "$bin")" -v mem="$mem_default" 'BEGIN {
        n = split(all, v, " "); mx = v[1]; mn = v[1]
        for (i = 2; i <= n; i++) { if (v[i] + 0 > mx + 0) mx = v[i]; if (v[i] + 0 < mn + 0) mn = v[i] }
        printf "rtl_nested_local_cycles: %d (worst of %d runs: DELAY 200..214 step 2 x memory seeds 1, 2; wq_top in lockstep, default configuration %s, %s; target 100)\n", mx, n, cfg, mem
        printf "rtl_nested_local_cycles_min: %d (best of the same runs; all:%s)\n", mn, all
        printf "rtl_nested_local_cycles_d200: %d (DELAY 200, seed 1: the single run of the key before)\n", l0
        printf "rtl_nested_cpu_cycles: %d link_latency=%d (DELAY 200, seed 1)\n", c0, ll
        printf "rtl_nested_speedup: %.2f (CPU-mediated / the worst local)\n", c0 / mx }'
}

# rtl_ipc_alu, rtl_ipc_alu_l8, rtl_ipc_mul, rtl_ipc_div_mix (`bash
# scripts/bench.sh --ipc` prints only these)
ipc_alu() {
    # the core's issue rate on an ALU-only kernel (docs/rtl/wq_core.md)
    ipc() {   # PROGRAM CHANNELS WARPS LANES DQ_LOG2 REGS -> "WIN_IPC WIN_WARPS WIN_CYCLES IPC WARP_INSTRS CYCLES"
        local b o w c kw kc p=$1
        shift
        b=$(bash scripts/cosim_build.sh "$@") || fail "cosim build"
        o=$("$b" "tests/programs/bench/$p.wqs" --seed 1 --lat 8,8 --ready 100) ||
            { echo "$o" >&2; fail "cosim $p.wqs (LANES=$3)"; }
        read -r w c kw kc <<< "$(cosim_counts <<< "$o")"
        [ -n "$w" ] && [ -n "$c" ] || fail "$p.wqs: no step or cycle count"
        [ -n "$kw" ] && [ -n "$kc" ] || fail "$p.wqs: no kernel window"
        awk -v kw="$kw" -v kc="$kc" -v w="$w" -v c="$c" 'BEGIN { printf "%.4f %d %d %.4f %d %d", kw / kc, kw, kc, w / c, w, c }'
    }
    for run in "alu_ipc 32 rtl_ipc_alu" "alu_ipc 8 rtl_ipc_alu_l8" "mul_ipc 32 rtl_ipc_mul" \
               "div_mix_ipc 32 rtl_ipc_div_mix"; do
        read -r prog la key <<< "$run"
        read -r k1 kw1 kc1 i1 w1 c1 <<< "$(ipc "$prog" 4 8 "$la" 6 32)"
        echo "$key: $k1 ($prog.wqs, kernel window: $kw1 warp instructions in $kc1 cycles; whole run: $i1, $w1 in $c1 cycles; 8 warps, $la lanes, with the L1, memory latency 8, every request taken)"
    done
}
# rtl_warp_instr_per_s, rtl_cycles_per_s, cosim_cycles_per_s, cosim_overhead
# (`bash scripts/bench.sh --speed` prints only these: docs/verification.md,
# "Simulation speed")
sim_speed() {   # TB_COSIM
    local bin=$1 p=tests/programs/bench/alu_loop.wqs a o r w c w1 c1 cfg lt="" rt="" nr=3
    # the long ALU kernel (about a million cycles: runs of seconds, so the
    # process's start-up and the clock's resolution do not count), each run
    # kind three times, in turn, so a change in the machine's load falls on
    # both: in lockstep with the model (the warp instructions and the
    # cycles), then wq_top alone for the same cycles (tb_cosim --rtl-only).
    # tb_cosim times the clock loop alone, not the build or the set-up:
    # wall_seconds (the figures) and cpu_seconds (its own CPU time: what the
    # figure would be on an idle core)
    a=("$p" --seed 1 --lat 8,8 --ready 100)
    cfg=$(cosim_cfg "$bin")
    [ -n "$cfg" ] || fail "simulation speed: no configuration in the harness's path $bin"
    run_times() { sed -n 's/^\(wall\|cpu\)_seconds: //p' | paste -sd, -; }   # -> "WALL,CPU"
    for _ in $(seq $nr); do
        o=$("$bin" "${a[@]}") || { echo "$o" >&2; fail "cosim $p"; }
        read -r w1 c1 _ _ <<< "$(cosim_counts <<< "$o")"
        [ -n "$w1" ] && [ -n "$c1" ] || fail "$p: no step or cycle count"
        # every lockstep run is the same run (the memory's seed fixes the timing)
        [ -z "${c:-}" ] || [ "$w1 $c1" = "$w $c" ] || fail "$p: the runs differ ($w $c, then $w1 $c1)"
        w=$w1 c=$c1
        lt+=" $(run_times <<< "$o")"
        r=$("$bin" "${a[@]}" --rtl-only "$c") || fail "$p --rtl-only"
        rt+=" $(run_times <<< "$r")"
    done
    awk -v w="$w" -v c="$c" -v lt="$lt" -v rt="$rt" -v n="$nr" -v p="${p##*/}" -v cfg="$cfg" '
        function sort(v, k,   i, j, t) {   # v[1..k] ascending
            for (i = 2; i <= k; i++)
                for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
        }
        function median(v, k) { return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2 }
        function split_times(s, wall, cpu,   x, k, i, f) {   # " W,C W,C ..." -> wall[], cpu[], sorted
            k = split(s, x, " ")
            for (i = 1; i <= k; i++) {
                if (split(x[i], f, ",") != 2 || f[1] <= 0 || f[2] <= 0) return 0
                wall[i] = f[1]; cpu[i] = f[2]
            }
            sort(wall, k); sort(cpu, k)
            return k
        }
        BEGIN {
            if (split_times(lt, lw, lc) != n || split_times(rt, rw, rc) != n) {
                print "bench: FAIL: simulation speed: a run printed no wall or CPU time" > "/dev/stderr"
                exit 1
            }
            lm = median(lw, n); rm = median(rw, n)
            printf "rtl_warp_instr_per_s: %.0f (%s, %d warp instructions in %d cycles, RTL alone, default configuration %s, memory latency 8, every request taken; median of %d runs of %.2f s; min %.0f max %.0f; per CPU second %.0f; target 100000)\n",
                   w / rm, p, w, c, cfg, n, rm, w / rw[n], w / rw[1], w / median(rc, n)
            printf "rtl_cycles_per_s: %.0f (the same runs: %s, %d cycles, RTL alone, %s; min %.0f max %.0f; per CPU second %.0f)\n",
                   c / rm, p, c, cfg, c / rw[n], c / rw[1], c / median(rc, n)
            printf "cosim_cycles_per_s: %.0f (%s in lockstep with the model, %s; median of %d runs of %.2f s; min %.0f max %.0f; per CPU second %.0f)\n",
                   c / lm, p, cfg, n, lm, c / lw[n], c / lw[1], c / median(lc, n)
            printf "cosim_overhead: %.2f (lockstep / RTL-alone wall time, the medians of the runs above, taken in turn; CPU time %.2f; target 2.0)\n",
                   lm / rm, median(lc, n) / median(rc, n) }' || fail "simulation speed"
}
# rtl_ipc_ffma, rtl_ipc_sgemm: the FP unit on wq_top (FP=1, 32 lanes, a unit
# a lane: the harness of the runtime's rtl backend with WQ_FP=1)
fp_ipc() {
    local b o w c kw kc cfg sk sw sc
    b=$(bash scripts/cosim_build.sh 4 8 32 6 32 32 32 0 32 1) || fail "cosim build (FP=1)"
    cfg=$(cosim_fp_cfg "$b")
    [ -n "$cfg" ] || fail "ffma_ipc.wqs: $b is not an FP harness's path"
    o=$("$b" tests/programs/bench/ffma_ipc.wqs --seed 1 --lat 8,8 --ready 100) ||
        { echo "$o" >&2; fail "cosim ffma_ipc.wqs (FP=1)"; }
    read -r w c kw kc <<< "$(cosim_counts <<< "$o")"
    [ -n "$w" ] && [ -n "$c" ] && [ -n "$kw" ] && [ -n "$kc" ] || fail "ffma_ipc.wqs: no step, cycle or window count"
    awk -v w="$w" -v c="$c" -v kw="$kw" -v kc="$kc" -v cfg="$cfg" 'BEGIN { printf "rtl_ipc_ffma: %.4f (ffma_ipc.wqs, kernel window: %d warp instructions in %d cycles; whole run: %.4f, %d in %d cycles; 8 warps, %s, with the L1, memory latency 8, every request taken)\n", kw / kc, kw, kc, w / c, w, c, cfg }'
    # the tiled SGEMM: float bit patterns counting up from 1.0 and 0.5
    sk=(tests/opencl/sgemm/sgemm.cl --fp 1 -D TILE=16 --global 32,32 --local 16,16
        --arg u32:32 --arg u32:32 --arg u32:64 --arg u32:1065353216
        --arg buf:u32:2048=seq:1065353216:4099 --arg buf:u32:2048=seq:1056964608:8191
        --arg u32:0 --arg buf:u32:1024)
    o=$(build/bin/wq run "${sk[@]}") || { echo "$o" >&2; fail "sgemm.cl on the model with an FPU"; }
    sw=$(sed -n 's/^warp instructions: \([0-9]*\).*/\1/p' <<< "$o")
    o=$(build/bin/wq cosim "${sk[@]}" 2>&1) || { echo "$o" >&2; fail "sgemm.cl on the rtl with an FPU"; }
    sc=$(sed -n 's/^launch cycles: //p' <<< "$o")
    [ -n "$sw" ] && [ -n "$sc" ] || fail "sgemm.cl on the model / the rtl with an FPU: no count"
    # the device `wq cosim --fp 1` ran: the harness scripts/cl_rtl_build.sh
    # linked it from, whose directory names LANES, WARPS and FP_LANES
    # (_FP<n>; _FP alone: a unit a lane)
    local hf=build/verilator/cl/C4_W8_L32_D6_R32_FP/harness hb
    [ -f "$hf" ] || fail "sgemm.cl: $hf missing (scripts/cl_rtl_build.sh records the harness it links)"
    hb=$(cat "$hf")
    cfg=$(cosim_fp_cfg "$hb")
    [ -n "$cfg" ] || fail "sgemm.cl: $hb is not an FP harness's path"
    awk -v w="$sw" -v c="$sc" -v mem="$mem_default" -v cfg="$cfg" 'BEGIN { printf "rtl_ipc_sgemm: %.4f (tests/opencl/sgemm/sgemm.cl, TILE 16: C 32x32 = A 32x64 B 64x32, 4 work-groups of 256; %d warp instructions (the model) in %d RTL cycles of the launch (`wq cosim --fp 1`: %s, %s, seed 1))\n", w / c, w, c, cfg, mem }'
}
# fpu_luts_per_lane, fpu_dsps_per_lane: the FP unit's lane (make area's
# scripts/area.sh --fpu)
fpu_area() {
    local r=build/reports/area_fpu.txt
    if grep -q '^fpu_lane: ' "$r" 2>/dev/null; then
        awk -v r="$r" '$1 == "fpu_lane:" {
            printf "fpu_luts_per_lane: %d (LUT4 of wq_fp_add + wq_fp_fma + wq_fp_cmp + wq_fp_cvt + wq_fp_div, binary32, each synthesised alone on the ECP5 flow, with %d FF; a core has FP_LANES such lanes; %s)\n", $2, $3, r
            printf "fpu_dsps_per_lane: %d (MULT18X18D of the same lane: wq_fp_fma'"'"'s multiplier; %s)\n", $5, r }' "$r"
    else
        echo "fpu_luts_per_lane: none (no fpu_lane line in $r: run make area)"
        echo "fpu_dsps_per_lane: none (no fpu_lane line in $r: run make area)"
    fi
}
if [ "${1:-}" = --ipc ]; then ipc_alu; exit 0; fi
if [ "${1:-}" = --fp ]; then fp_ipc; fpu_area; exit 0; fi
if [ "${1:-}" = --speed ]; then
    sim_speed "$(bash scripts/cosim_build.sh)" || fail "simulation speed"
    exit 0
fi

build/bin/wq bench

# ---- the OpenCL C compiler ------------------------------------------------------------
build/bin/wq bench --cc tests/kernels/*.cl || fail "cc throughput"
# warp instructions of one run: `wq run FILE.wqs` and `wq run KERNEL.cl` both print them
# (every filter below reads its whole input: one that stops early, grep -m1
# or head, can end the writer with SIGPIPE, which pipefail turns into a
# failure that depends on the timing)
instrs() { build/bin/wq run "$@" | sed -n 's/^.*warp instructions: \([0-9]*\).*$/\1/p' | awk 'NR == 1'; }
hv=$(instrs tests/programs/asm_vecadd.wqs)
cv=$(instrs tests/kernels/vadd_index.cl --global 64 --local 32 --arg buf:u32:64=5 --arg buf:u32:64=7 --arg buf:u32:64)
hs=$(instrs tests/programs/spinlock.wqs)
cs=$(instrs tests/kernels/spinlock.cl --global 32 --local 32 --arg buf:u32:4 --arg buf:u32:64)
[ -n "$hv" ] && [ -n "$cv" ] && [ -n "$hs" ] && [ -n "$cs" ] || fail "issue slots: a run printed no count"
awk -v hv="$hv" -v cv="$cv" -v hs="$hs" -v cs="$cs" 'BEGIN {
    v = cv / hv; s = cs / hs
    printf "cc_issue_slots_ratio_vadd: %.2f (%d compiled / %d hand-written warp instructions: vadd_index.cl, 64 work-items, against asm_vecadd.wqs; the model, WARPS=8 LANES=32)\n", v, cv, hv
    printf "cc_issue_slots_ratio_spinlock: %.2f (%d / %d: spinlock.cl, 32 work-items, against spinlock.wqs; the same model)\n", s, cs, hs
    printf "cc_issue_slots_ratio: %.2f (the larger of the two; target 1.25)\n", (v > s ? v : s) }'

# ---- the alias pass ---------------------------------------------------------------------
alias_k=(tests/opencl/alias/alias.cl --kernel filter_rows --global 32 --arg buf:u32:2048=seq:0
         --arg buf:u32:2048 --arg u32:64)
ao=$(instrs "${alias_k[@]}")
af=$(instrs "${alias_k[@]}" --alias=off)
[ -n "$ao" ] && [ -n "$af" ] || fail "alias: a run printed no count"
awk -v o="$ao" -v f="$af" 'BEGIN { printf "alias_issue_slots_ratio: %.2f (%d warp instructions unoptimised / %d with the pass: alias.cl filter_rows, 32 rows of 64 pixels, the model, WARPS=8 LANES=32; target 2.0)\n", f / o, f, o }'
mkdir -p build/bench
cc -std=c99 -O1 tests/opencl/alias/main.c -o build/bench/alias -lOpenCL || fail "tests/opencl/alias does not compile"
ar=$(OCL_ICD_VENDORS="$PWD/build/etc/OpenCL/vendors" WQ_CL_PLATFORM=warpq WQ_BACKEND=model build/bench/alias |
     sed -n 's/^alias: \([0-9]*\) enqueues, \([0-9]*\) distinct.*, \([0-9]*\) recompiles$/\3 \2 \1/p')
[ -n "$ar" ] || fail "tests/opencl/alias printed no count"
read -r arc arr are <<< "$ar"
echo "alias_recompiles: $arc (for $arr distinct relations over $are enqueues, the same buffer among them: tests/opencl/alias on the model backend)"

# ---- floating point: the binary32 core against Berkeley SoftFloat ------------------------
fo=$(bash scripts/fp_check.sh --count 100000 2>&1 || true)   # a mismatch is a figure, not an abort
ft=$(sed -n 's/^fp_ops_tested: //p' <<< "$fo") fm=$(sed -n 's/^fp_mismatches: //p' <<< "$fo")
[ -n "$ft" ] && [ -n "$fm" ] || fail "scripts/fp_check.sh printed no counts"
echo "fp_ops_tested: $ft (cmodel/model/fp32.c against Berkeley SoftFloat 3, scripts/fp_check.sh: 10^5 random and edge operands per operation, 14 operations, all rounding modes; make regress runs 10^7 per operation)"
echo "fp_mismatches: $fm (results differing from SoftFloat's, a NaN counted equal only as 0x7FC00000; must be 0)"

# ---- the device math library: worst ULP error per function ----------------------------
mo=$(bash scripts/mathlib.sh --bench 2>&1 || true)      # a function over its bound is a figure, not an abort
grep '^mathlib_max_ulp_' <<< "$mo" || fail "scripts/mathlib.sh --bench printed no figures"

# ---- the compiler: code size by inlining policy, values spilled -------------------------
for k in control calls; do
    for m in always never; do
        n=$(build/bin/wq cc --inline=$m "tests/kernels/$k.cl" | grep -cE '^ {8}[@a-z]') || fail "wq cc $k"
        echo "cc_${k}_insns_inline_${m}: $n (tests/kernels/$k.cl, --inline=$m, the default target: 32 lanes, 32 registers)"
    done
done
for r in 8 16 32; do
    h=$(build/bin/wq cc --regs=$r tests/kernels/spill.cl | awk '/^; ---- kernel/ && !n++') || fail "wq cc spill.cl"
    echo "cc_spill_regs${r}_spilled: $(sed -E 's/.* ([0-9]+) spilled.*/\1/' <<< "$h") (tests/kernels/spill.cl, --regs=$r, 32 lanes)"
    echo "cc_spill_regs${r}_private_bytes: $(sed -E 's/.* ([0-9]+) bytes private.*/\1/' <<< "$h") (the same)"
done

# ---- token deque: sustained push/pop rate ------------------------------------------
RTL_TEST_OPS=1000 bash scripts/rtl/deque.sh 1 > /dev/null || fail "deque bench build"
o=$(build/verilator/deque/L6_W8/tb_deque --seed 1 --ops 2000 --tput 500000) || fail "deque bench"
dqc=$(sed -n 's/^deque_config: //p' <<< "$o")   # "LOG2=.. WARPS=..", the build's
sed -n "s/^deque_ops_per_cycle: .*/& (wq_deque alone, $dqc, a push or pop command every cycle, 500000 commands; target 1.00)/p" <<< "$o" |
    grep . || fail "deque bench: no figure"

# ---- the memory path's units: requests of a coalesced warp load (32 consecutive
# words, 16-byte lines) and the L1's hit rate on a reuse pattern
# (docs/rtl/wq_lsu_pick.md, docs/rtl/wq_l1.md)
o=$(bash scripts/rtl/lsu_pick.sh --bench) || fail "coalescer bench"
sed -n 's/^coalesce_requests_per_warp_load: [0-9]*$/& (wq_lsu_pick, the core'"'"'s default instance: LANES=32, 128 elements, 16-byte lines; one warp load of 32 consecutive words from a line-aligned base)/p' <<< "$o" |
    grep . || fail "coalescer bench: no figure"
o=$(bash scripts/rtl/l1.sh --bench) || fail "l1 bench"
sed -n 's/^l1_unit_hit_rate: [0-9.]*$/& (wq_l1 alone, 16 sets x 2 ways x 16 bytes: 8 passes over 16 lines, memory latency 8, always ready)/p' <<< "$o" |
    grep . || fail "l1 bench: no figure"
bash scripts/rtl/host.sh --bench || fail "host interface bench"

# ---- the whole device under Verilator --------------------------------------------------
if [ -f rtl/wq_top.v ] && [ -f rtl/wq_host_if.v ] && [ -f rtl/core/wq_core.v ]; then
    bin=$(bash scripts/cosim_build.sh) || fail "cosim build"
    ipc_alu
    # the scheduler's memory path on a coalesced vector add: warp
    # instructions per cycle with the L1 (the default) and without (L1=0,
    # one word at a time), and the L1's hit rate (docs/rtl/wq_mempath.md)
    vecadd() {   # BIN -> "WIN_IPC WIN_CYCLES IPC WARP_INSTRS CYCLES HITS MISSES LOADS LINES"
        local o w c h m kc ld ln
        o=$("$1" tests/programs/bench/vecadd_ipc.wqs --seed 1 --lat 8,8 --ready 100) ||
            { echo "$o" >&2; fail "cosim vecadd_ipc.wqs ($1)"; }
        read -r w c _ kc <<< "$(cosim_counts <<< "$o")"
        read -r h m <<< "$(l1_counts <<< "$o")"
        ld=$(sed -n 's/^loads: \([0-9]*\) warp loads.*/\1/p' <<< "$o")
        ln=$(sed -n 's/^loads: [0-9]* warp loads, \([0-9]*\) line requests/\1/p' <<< "$o")
        [ -n "$w" ] && [ -n "$c" ] && [ -n "$kc" ] && [ -n "$h" ] && [ -n "$m" ] && [ -n "$ld" ] &&
            [ -n "$ln" ] || fail "vecadd_ipc.wqs: no step, cycle, window, L1 or load count"
        awk -v w="$w" -v c="$c" -v kc="$kc" -v h="$h" -v m="$m" -v ld="$ld" -v ln="$ln" \
            'BEGIN { printf "%.4f %d %.4f %d %d %d %d %d %d", w / kc, kc, w / c, w, c, h, m, ld, ln }'
    }
    b0=$(WQ_VERILATOR_FLAGS="-GL1=0" bash scripts/cosim_build.sh \
        --out build/verilator/top/C4_W8_L32_D6_R32_NOL1 4 8 32 6 32) || fail "cosim build (L1=0)"
    read -r vk1 vkc1 vi1 vw1 vc1 vh1 vm1 vld1 vln1 <<< "$(vecadd "$bin")"
    read -r vk0 vkc0 vi0 vw0 vc0 vh0 vm0 vld0 vln0 <<< "$(vecadd "$b0")"
    echo "rtl_ipc_vecadd: $vk1 (kernel window: $vw1 warp instructions in $vkc1 cycles; whole run: $vi1, $vc1 cycles; L1=0 (word port): window $vk0 ($vkc0 cycles), whole run $vi0 ($vc0 cycles); 8 warps, 32 lanes, with the L1 (16 sets x 2 ways x 16 bytes), memory latency 8, one line request a cycle)"
    awk -v l="$vln1" -v w="$vld1" 'BEGIN { printf "rtl_mem_requests_per_warp_load: %.2f (%d line requests for %d warp loads of 32 consecutive words, vecadd_ipc.wqs on wq_top, 16-byte lines, 8 warps, 32 lanes, memory latency 8; target <= 8)\n", (w > 0 ? l / w : 0), l, w }'
    awk -v h="$vh1" -v m="$vm1" 'BEGIN { printf "rtl_l1_hit_rate: %.4f (%d hits, %d misses: wq_top'"'"'s L1 on vecadd_ipc.wqs, data and fetches past the instruction buffer; 16 sets x 2 ways x 16 bytes; 8 warps, 32 lanes, memory latency 8)\n", (h + m > 0 ? h / (h + m) : 0), h, m }'
    # the L1 on a kernel with reuse: the 3-point stencil of
    # tests/programs/bench/stencil_l1.wqs, at the default L1 (16 sets x 2
    # ways x 16 bytes) and, for how the rate grows with the cache, at 64 sets
    stencil() {   # BIN -> "HITS MISSES"
        local o h m
        o=$("$1" tests/programs/bench/stencil_l1.wqs --seed 1 --lat 8,8 --ready 100) ||
            { echo "$o" >&2; fail "cosim stencil_l1.wqs ($1)"; }
        read -r h m <<< "$(l1_counts <<< "$o")"
        [ -n "$h" ] && [ -n "$m" ] || fail "stencil_l1.wqs: no L1 count"
        echo "$h $m"
    }
    b64=$(WQ_VERILATOR_FLAGS="-GL1_SETS=64" bash scripts/cosim_build.sh \
        --out build/verilator/top/C4_W8_L32_D6_R32_S64 4 8 32 6 32) || fail "cosim build (L1_SETS=64)"
    read -r sh1 sm1 <<< "$(stencil "$bin")"
    read -r sh6 sm6 <<< "$(stencil "$b64")"
    awk -v h="$sh1" -v m="$sm1" -v h6="$sh6" -v m6="$sm6" 'BEGIN { printf "l1_hit_rate: %.4f (%d hits, %d misses: wq_top'"'"'s L1 on the 3-point stencil stencil_l1.wqs, data and fetches past the instruction buffer; 16 sets x 2 ways x 16 bytes; with 64 sets: %.4f, %d hits, %d misses; 8 warps, 32 lanes, memory latency 8)\n", (h + m > 0 ? h / (h + m) : 0), h, m, (h6 + m6 > 0 ? h6 / (h6 + m6) : 0), h6, m6 }'
    # the spin lock of tests/programs/spinlock.wqs (one warp, 32 threads
    # taking one lock in divergent code, YIELD every back edge): its
    # issue rate, a report (one warp cannot interleave with others)
    o=$("$bin" tests/programs/spinlock.wqs --seed 1 --lat 8,8 --ready 100) ||
        { echo "$o" >&2; fail "cosim spinlock.wqs"; }
    read -r w c kw kc <<< "$(cosim_counts <<< "$o")"
    [ -n "$w" ] && [ -n "$c" ] && [ -n "$kw" ] && [ -n "$kc" ] || fail "spinlock.wqs: no step, cycle or window count"
    awk -v w="$w" -v c="$c" -v kw="$kw" -v kc="$kc" 'BEGIN { printf "rtl_ipc_spinlock: %.4f (kernel window: %d warp instructions in %d cycles; whole run: %.4f, %d cycles; one warp of 32 threads, 8 warp slots, 32 lanes, with the L1, memory latency 8)\n", kw / kc, kw, kc, w / c, c }'
    fp_ipc
    sim_speed "$bin"
    nested_phases
    # the DIVU instruction: a program minus the same program without the
    # lines between the DIV_BEGIN / DIV_END marks, warp instructions and
    # RTL cycles (32 lanes)
    div_cost() {   # PROGRAM -> "WARP_INSTRS RTL_CYCLES"
        local d=$1 nd full base
        nd=$(mktemp --suffix .wqs)
        sed -e '/^; DIV_BEGIN/,/^; DIV_END/d' -e '/^\.expect/d' "$d" > "$nd"
        full=$("$bin" "$d" --seed 1) || { echo "$full" >&2; fail "cosim $d"; }
        base=$("$bin" "$nd" --seed 1) || { echo "$base" >&2; fail "cosim $d without the division"; }
        rm -f "$nd"
        local fw fc bw bc
        read -r fw fc _ _ <<< "$(cosim_counts <<< "$full")"
        read -r bw bc _ _ <<< "$(cosim_counts <<< "$base")"
        [ -n "$fw" ] && [ -n "$fc" ] && [ -n "$bw" ] && [ -n "$bc" ] || fail "$d: no step or cycle count"
        echo "$((fw - bw)) $((fc - bc))"
    }
    # the cache-driven wave mode (docs/rtl/wq_wave_ctl.md): subv_auto.wqs
    # under WAVE_CTL AUTO (16-lookup window, threshold 12): the fraction of
    # SUBV_AUTO segments the control unit ran in sub-vector mode
    o=$("$bin" tests/programs/subv_auto.wqs --seed 1) || { echo "$o" >&2; fail "cosim subv_auto.wqs"; }
    read -r ws wn <<< "$(sed -n 's/^wave: \([0-9]*\) sub-vector, \([0-9]*\) normal$/\1 \2/p' <<< "$o")"
    [ -n "$wn" ] || fail "subv_auto.wqs: no wave line"
    read -r _ wc _ _ <<< "$(cosim_counts <<< "$o")"
    awk -v s="$ws" -v n="$wn" -v c="$wc" -v cfg="$(cosim_cfg "$bin")" -v mem="$mem_default" 'BEGIN {
        printf "rtl_wave_subv_fraction: %.3f (%d of %d SUBV_AUTO segments of subv_auto.wqs in sub-vector mode by the L1 miss rate, %d cycles; %s, %s, seed 1)\n",
               s / (s + n), s, s + n, c, cfg, mem }'
    d=tests/programs/bench/div_instr.wqs
    read -r dwi dcy <<< "$(div_cost "$d")"
    [ -n "$dcy" ] || fail "division cost of $d"
    echo "div_instr_rtl_cycles: $dcy (one DIVU, 0xDEADBEEF / 12345, $dwi warp instruction; $(cosim_cfg "$bin"), $mem_default, seed 1)"
    # the alias pass on the RTL in lockstep: the launch's cycles
    lc() { build/bin/wq cosim "${alias_k[@]}" "$@" | sed -n 's/^launch cycles: //p'; }
    co=$(lc) cf=$(lc --alias=off)
    [ -n "$co" ] && [ -n "$cf" ] || fail "alias on the rtl: no cycle count"
    awk -v o="$co" -v f="$cf" -v mem="$mem_default" 'BEGIN { printf "alias_cycles_ratio: %.2f (%d RTL cycles unoptimised / %d with the pass: `wq cosim`, LANES=32 WARPS=8, %s, seed 1)\n", f / o, f, o, mem }'
    # the UART bridge on the simulated board: a CSR read's round trip and a
    # 32-word memory write's rate, in bit times (docs/rtl/wq_uart_top.md)
    bash scripts/rtl/uart.sh --bench || fail "uart bench"
    bash scripts/rtl/uart_opencl.sh --bench | grep -E '^uart_bridge_bytes_per_s:' ||
        fail "uart opencl bench"
    # sub-vector selection: the high-register kernel, 16 registers, compiled
    # for 8 lanes (at 32 a segment has one part, so it names no more
    # registers than the kernel's 16 rows and nothing is saved:
    # docs/compiler.md "Sub-vector segments")
    sk=tests/kernels/subv_pressure.cl
    sp() { build/bin/wq cc --regs=16 --lanes=8 --subv="$1" "$sk" | awk '/^; ---- kernel/ && !n++' |
           sed -E 's/.* ([0-9]+) spilled.*/\1/'; }
    s_off=$(sp off) s_on=$(sp auto)
    [ -n "$s_off" ] && [ -n "$s_on" ] || fail "wq cc $sk"
    echo "subv_spills_avoided: $((s_off - s_on)) ($sk, --regs=16 --lanes=8: $s_off values spilled without segments, $s_on with)"
    bash scripts/cl_rtl_build.sh 8 > /dev/null || fail "libwqrtl.so, 8 lanes"
    # division as the compiler builds it (tests/programs/bench/div.cl,
    # compiled at run time): a / b (DIVU) and a restoring division in
    # OpenCL C (what a / b costs without the instruction), each minus the
    # kernel with an ADD in its place; model warp instructions, RTL cycles
    # at 8 lanes (the build the sub-vector figures use), 32 work-items
    dk=tests/programs/bench/div.cl
    da=(--global 32 --arg buf:u32:32 --arg buf:u32:32=0xDEADBEEF --arg buf:u32:32=12345 --lanes 8)
    dw() { build/bin/wq run "$dk" "${da[@]}" -D DIV_MODE="$1" | sed -n 's/^warp instructions: \([0-9]*\).*/\1/p'; }
    dc() { build/bin/wq cosim "$dk" "${da[@]}" -D DIV_MODE="$1" | sed -n 's/^launch cycles: //p'; }
    w0=$(dw 0) w1=$(dw 1) w2=$(dw 2) c0=$(dc 0) c1=$(dc 1) c2=$(dc 2)
    [ -n "$w0" ] && [ -n "$w1" ] && [ -n "$w2" ] && [ -n "$c0" ] && [ -n "$c1" ] && [ -n "$c2" ] ||
        fail "division kernels ($dk)"
    echo "div_inline_warp_instrs: $((w2 - w0)) (one 32-bit unsigned a / b as restoring division in OpenCL C, $dk, the model at 8 lanes, 32 work-items)"
    echo "div_inline_rtl_cycles: $((c2 - c0)) (the same, RTL at 8 lanes, WARPS=8, 32 work-items, $mem_default, seed 1)"
    echo "div_cc_rtl_cycles: $((c1 - c0)) (a / b compiled to DIVU in place of the baseline's ADD, $((w1 - w0)) warp instructions more, RTL at 8 lanes, WARPS=8, 32 work-items, $mem_default, seed 1)"
    sa=(--global 64 --local 32 --arg buf:u32:384=seq:1:3 --arg buf:u32:384=seq:7:5
        --arg buf:u32:384=seq:2:11 --arg buf:u32:256 --lanes 8 --regs=16)
    sc() { build/bin/wq cosim "$sk" "${sa[@]}" --subv="$1" | sed -n 's/^launch cycles: //p'; }
    sw() { build/bin/wq run "$sk" "${sa[@]}" --subv="$1" | sed -n 's/^warp instructions: \([0-9]*\).*/\1/p'; }
    c_off=$(sc off) c_on=$(sc auto) w_off=$(sw off) w_on=$(sw auto)
    [ -n "$c_off" ] && [ -n "$c_on" ] && [ -n "$w_off" ] && [ -n "$w_on" ] || fail "subv cycles"
    awk -v a="$c_off" -v b="$c_on" -v wa="$w_off" -v wb="$w_on" -v mem="$mem_default" 'BEGIN {
        printf "subv_cycles_ratio: %.2f (RTL cycles at 8 lanes without / with segments: %d / %d; " \
               "warp instructions %d / %d; WARPS=8, 64 work-items, %s, seed 1; the RTL is built with REGS=32, the kernel compiled for 16)\n",
               a / b, a, b, wa, wb, mem }'
    # the SystemC platform (docs/systemc.md): every nested scenario through
    # the driver and the sockets, wall time per wrapper
    bash scripts/systemc_build.sh || fail "systemc build"
    for dut in model rtl; do
        t0=$(date +%s.%N)
        SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 build/systemc/tb_systemc --dut "$dut" nested --all \
            > build/systemc/bench_$dut.log 2>&1 || fail "tb_systemc --dut $dut nested"
        awk -v a="$t0" -v b="$(date +%s.%N)" -v d="$dut" -v n="$(grep -c '^scenario:' build/systemc/bench_$dut.log)" \
            'BEGIN { printf "systemc_%s_nested_s: %.2f (%d scenarios, wall; the SystemC platform, LANES=32 WARPS=8)\n", d, b - a, n }'
    done
else
    echo "rtl_cycles_per_s: n/a (wq_top not assembled yet)"
fi

# ---- the boards: bitstreams, Fmax after place and route (docs/fpga/boards.md) ------
# read from the reports `make fpga-ice40` / `make fpga-ecp5` write (the ECP5
# flow takes most of an hour on two cores, so bench does not run them); a board whose
# report is missing, or whose flow failed, gets its keys with no number and
# the reason
board_keys() {   # BOARD SIZE_KEY SIZE_CELL DEVICE CONFIG [MAKE_TARGET]
    local r=build/reports/fpga_$1.txt how=${6:-make fpga-$1}
    if [ ! -s "$r" ]; then
        echo "$1_fmax_mhz: none (no report $r: run $how; $4; $5)"
        echo "$2: none (no report $r: run $how; $4; $5)"
        return
    fi
    # the netlist's deepest register in LUT levels (scripts/fpga_depth.py)
    # and nextpnr's critical path in nanoseconds; each line's comment ends
    # with the device, the configuration and the report
    awk -v b="$1" -v k="$2" -v c="$3" -v d="$4" -v cf="$5" -v r="$r" '
        function key(name, v,   where) {
            where = d "; " cf "; " r
            if (v ~ /\)$/) sub(/\)$/, "; " where ")", v); else v = v " (" where ")"
            out[name] = name ": " v
        }
        $1 == "fmax_mhz" { sub(/^fmax_mhz +/, ""); key(b "_fmax_mhz", $0) }
        $1 == "fmax_placed_mhz" { sub(/^fmax_placed_mhz +/, ""); key(b "_fmax_placed_mhz", $0) }
        $1 == c { out[k] = sprintf("%s: %d (after packing, of %d in the %s; %s; %s)", k, $3, $4, d, cf, r) }
        $1 == "logic_levels" { sub(/^logic_levels +/, ""); sub(/;.*$/, ""); key(b "_logic_levels", $0) }
        $1 == "logic_levels_optimal" { sub(/^logic_levels_optimal +/, ""); sub(/;.*$/, ""); key(b "_logic_levels_optimal", $0) }
        $1 == "critical_ns" { sub(/^critical_ns +/, ""); key(b "_critical_ns", $0) }
        END {
            n = split(b "_fmax_mhz " b "_fmax_placed_mhz " k " " b "_logic_levels " b "_logic_levels_optimal " b "_critical_ns", order, " ")
            for (i = 1; i <= n; i++) if (order[i] in out) print out[order[i]]
        }' "$r"
}
# the boards' core parameters, read from their tops (scripts/lib/top_param.sh)
. scripts/lib/top_param.sh
icebreaker_core
ice_w=$(printf '%s\n' "${ice_params[@]}" | sed -n 's/^WARPS //p')
ulx=fpga/ecp5/wq_ulx3s.v
board_keys ice40 ice40_lcs logic_cells "iCE40 UP5K" "small configuration, LANES=$ice_lanes WARPS=$ice_w"
board_keys ecp5 ecp5_luts luts "LFE5U-85F" \
    "default configuration, LANES=$(top_param "$ulx" LANES) WARPS=$(top_param "$ulx" WARPS)"
# the same board with the FPU (FP=1, FP_LANES=1: one set of FP units, a
# part's FP operation in LANES slices; docs/fpga/boards.md "ULX3S with the FPU")
board_keys ecp5_fp ecp5_fp_luts luts "LFE5U-85F" \
    "default configuration with the FPU, FP=1 FP_LANES=1, LANES=$(top_param "$ulx" LANES)" "make fpga-ecp5-fpu"
# the logic-level budget: the ULX3S netlist's register bits over it (the
# report's logic_levels line) and each module's deepest logic alone
# (make area's report, scripts/area.sh: the board's parameters)
r=build/reports/fpga_ecp5.txt
# regs_over KEY LINE WHAT: the register bits over the budget of the
# report's line LINE (no report on a machine that has not built the
# board: sed fails, "none")
regs_over() {
    local ob o n b
    ob=$(sed -n "s/^$2 *[0-9]* (\([0-9]*\) of \([0-9]*\) register bits over \([0-9]*\)).*/\1 \2 \3/p" "$r" 2>/dev/null || true)
    if [ -n "$ob" ]; then
        read -r o n b <<< "$ob"
        echo "$1: $o (of $n register bits, over $b LUT levels; $3, LFE5U-85F, default configuration, LANES=$(top_param "$ulx" LANES); $r)"
    else
        echo "$1: none (no $2 line with a budget in $r: run make fpga-ecp5)"
    fi
}
regs_over ecp5_regs_over_budget logic_levels "the ULX3S netlist"
# ... and those of the same netlist mapped for depth alone (the report's
# logic_levels_optimal: each endpoint at the least depth its logic allows)
regs_over ecp5_regs_over_budget_optimal logic_levels_optimal "the ULX3S netlist mapped for depth alone, flowmap"
r=build/reports/area.txt
if grep -q '^max_logic_levels: ' "$r" 2>/dev/null; then
    cf="ULX3S parameters, LANES=$(top_param "$ulx" LANES), each module synthesised alone; $r"
    sed -n "s#^max_logic_levels: \([0-9]*\) (\(.*\))\$#area_max_logic_levels: \1 (\2; $cf)#p" "$r"
    sed -n "s#^regs_over_budget: \([0-9]*\) (\(.*\))\$#area_regs_over_budget: \1 (\2; $cf)#p" "$r"
    # (a module's figure with its children's paths, then its own logic
    # alone; a report of before the children's timing models: alone only)
    sed -n "s#^\([a-z0-9_]*\): .*; levels \([0-9]*\) (with children: \([0-9]*\)); over \([0-9]*\): \([0-9]*\) (with children: \([0-9]*\)); .*#area_levels_\1: \3 (\6 endpoint bits over \4, with its children's paths; its own logic alone \2 levels, \5 bits over; $cf)#p" "$r"
    sed -n "s#^\([a-z0-9_]*\): .*; levels \([0-9]*\); over \([0-9]*\): \([0-9]*\); .*#area_levels_\1: \2 (\4 register bits over \3; $cf)#p" "$r"
else
    echo "area_max_logic_levels: none (no budget figures in $r: run make area)"
fi
# the RTL's files and clocked blocks (issue 57: about 1 000 and 200 lines)
python3 scripts/rtl_size.py || fail "scripts/rtl_size.py"
fpu_area
# piglit's OpenCL tests, the integer subset (scripts/conformance.py)
python3 scripts/conformance.py --bench
