#!/usr/bin/env bash
# rtl/host.sh -- the host interface's lockstep bench against the C golden
# model (run by scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  host: rtl/wq_host_if.v (with wq_host_sched.v, wq_host_fifo.v,
#        wq_host_chan.v, wq_host_method.v, wq_host_sem.v,
#        wq_host_launch.v, wq_host_leave.v, wq_host_gp.v, wq_host_hdr.v,
#        wq_host_idle.v, wq_host_ra.v, wq_host_fast.v, wq_host_cst.v,
#        wq_host_seq.v, wq_host_step.v, wq_host_emit.v, wq_host_desc.v, wq_host_slice.v,
#        wq_host_scheduler.v,
#        wq_host_chnext.v, wq_host_mem.v, wq_sem_unit.v and wq_launch_check.v)
#        under
#        Verilator, driven by
#        tb/verilator/host/tb_host.cpp, which links the model library
#        (build/lib/libwqmodel.a) and replays every RTL step through
#        wq_host_pick / wq_host_due / wq_host_serve, comparing step results,
#        record sequences, CSR reads, launches and the memory image.  Runs the
#        named scenario host_scenario_error_isolation first on every seed.
#        Built into build/verilator/host/; then again with LINE_BYTES=16
#        (the default configuration's 16-byte memory line: line-wide
#        launch-descriptor reads, the bench answering each read with its
#        line, WQ_TB_HOST_LINE) into build/verilator/host-line/, run on the
#        first two seeds (a sibling directory: in a subdirectory
#        Verilator's make would link the word build's tb_host.o).
#
# Usage: bash scripts/rtl/host.sh [--bench] [SEED...]   (default seeds 1 2 3 4)
#   --bench               only the measured figures for scripts/bench.sh (seed 1,
#                         in lockstep): host_methods_per_busy_cycle (methods /
#                         granted cycles of the streamed command buffer,
#                         host_scenario_cmdbuf), host_stream_methods_per_busy_cycle
#                         (the plain-method stream, host_scenario_stream),
#                         host_methods_per_busy_cycle_random (the random
#                         traffic) and host_busy_breakdown (the random
#                         traffic's granted cycles by the kind of step)
#   RTL_TEST_HOST_CYCLES  random-traffic cycles per seed  (default 400000)
#   RTL_TEST_WAVE         set: write build/verilator/host/seed<N>.fst
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
bench=0
[ "${1:-}" = --bench ] && { bench=1; shift; }
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup host
make -s build >/dev/null || fail "make build (model library, wq_defs.vh)"
vl_build "$B" wq_host_if tb_host \
    "$rtl/wq_host_if.v" "$rtl/wq_host_sched.v" "$rtl/wq_host_fifo.v" "$rtl/wq_host_chan.v" \
    "$rtl/wq_host_method.v" "$rtl/wq_host_hpre.v" "$rtl/wq_host_sem.v" "$rtl/wq_host_launch.v" \
    "$rtl/wq_host_leave.v" "$rtl/wq_host_gp.v" "$rtl/wq_host_hdr.v" "$rtl/wq_host_idle.v" \
    "$rtl/wq_host_ra.v" "$rtl/wq_host_fast.v" "$rtl/wq_host_cst.v" "$rtl/wq_host_seq.v" "$rtl/wq_host_step.v" "$rtl/wq_host_emit.v" "$rtl/wq_host_desc.v" "$rtl/wq_host_slice.v" "$rtl/wq_host_scheduler.v" "$rtl/wq_host_chnext.v" "$rtl/wq_host_mem.v" \
    "$rtl/wq_sem_unit.v" "$rtl/wq_launch_check.v" \
    "$root/tb/verilator/host/tb_host.cpp" -- model

cycles=${RTL_TEST_HOST_CYCLES:-400000}
if [ "$bench" = 1 ]; then
    vl_run "$B" tb_host bench 1 --cycles "$cycles"
    grep -E '^host_methods_per_busy_cycle:' "$B/bench.log" |
        sed 's/$/ (streamed command buffer: 16 GP entries of method bursts, 8 releases, 4 launches; memory latency 1-3, 90 % ready)/'
    grep -E '^host_stream_methods_per_busy_cycle:' "$B/bench.log" |
        sed 's/$/ (one channel, 160 plain methods, 1-cycle memory)/'
    # the random traffic's rate is bounded by its semaphore, launch and
    # no-method steps (host_busy_breakdown: their granted cycles), not by
    # the host's method rate
    grep -E '^host_methods_per_busy_cycle_random:' "$B/bench.log" |
        sed "s/\$/ (seed 1, $cycles cycles of random traffic: bounded by semaphores, launches and steps without a method, see host_busy_breakdown)/"
    grep -E '^host_busy_breakdown:' "$B/bench.log"
    exit 0
fi
vl_seeds "1 2 3 4" "$@"
for s in "${seeds[@]}"; do
    vl_run "$B" tb_host "seed$s" "$s" --cycles "$cycles"
done
VL_CFLAGS="${VL_CFLAGS:-} -DWQ_TB_HOST_LINE" vl_build "$B-line" wq_host_if tb_host -GLINE_BYTES=16 \
    "$rtl/wq_host_if.v" "$rtl/wq_host_sched.v" "$rtl/wq_host_fifo.v" "$rtl/wq_host_chan.v" \
    "$rtl/wq_host_method.v" "$rtl/wq_host_hpre.v" "$rtl/wq_host_sem.v" "$rtl/wq_host_launch.v" \
    "$rtl/wq_host_leave.v" "$rtl/wq_host_gp.v" "$rtl/wq_host_hdr.v" "$rtl/wq_host_idle.v" \
    "$rtl/wq_host_ra.v" "$rtl/wq_host_fast.v" "$rtl/wq_host_cst.v" "$rtl/wq_host_seq.v" "$rtl/wq_host_step.v" "$rtl/wq_host_emit.v" "$rtl/wq_host_desc.v" "$rtl/wq_host_slice.v" "$rtl/wq_host_scheduler.v" "$rtl/wq_host_chnext.v" "$rtl/wq_host_mem.v" \
    "$rtl/wq_sem_unit.v" "$rtl/wq_launch_check.v" \
    "$root/tb/verilator/host/tb_host.cpp" -- model
nl=$(( ${#seeds[@]} < 2 ? ${#seeds[@]} : 2 ))
for s in "${seeds[@]:0:nl}"; do
    vl_run "$B-line" tb_host "seed$s" "$s" --cycles "$cycles"
done
last="$B/seed${seeds[$((${#seeds[@]} - 1))]}.log"
grep -E '^(host_scenario_error_isolation|host_steps|host_methods_per_busy_cycle|host_cov_errors):' "$last" |
    sed 's/^/rtl_test: /'
echo "rtl_test: host ${#seeds[@]} seeds x $cycles cycles ok (LINE_BYTES=16: $nl seeds)"
