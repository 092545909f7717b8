#!/usr/bin/env bash
# rtl/core.sh -- the pipelined SIMT core rtl/core/wq_core.v in lockstep
# with the C golden model (run by scripts/rtl_test.sh, i.e. `make test`;
# docs/rtl/wq_core.md).
#
#  sched: wq_core under the scheduler's bench tb/verilator/sched/tb_sched.cpp
#         (--prefix Vwq_sched), which compares every commit's records, the debug
#         window at random points, traps (KILL through the debug window) and
#         the final memory, with seeded grant delays, lock requests from
#         other units (bursts end at random points), memory ready and
#         latency.  LANES 8, four parts a warp instruction, with the
#         ULX3S top's DIV_LANES, LSQ and TAGS (the core's defaults at 8,
#         16 and 32 lanes, and the small configuration's parameters W2 L8
#         R16 D4 on its programs, with WQ_RTL_FULL=1).
#  top:   wq_top with the core's port straight to memory (L1=0) under
#         tb_cosim.cpp: the whole device -- host interface, launches, the
#         core -- in lockstep at LANES 32, 2 memory-timing seeds: the
#         core's own programs (tb/verilator/core/progs/), every program
#         with WQ_RTL_FULL=1.  (The default configuration, the core behind
#         the L1, runs every tests/programs/ program and the command
#         streams in scripts/rtl/top.sh.)  Then the ULX3S's core (the
#         default configuration at the board top's LANES, DIV_LANES, LSQ
#         and TAGS: fewer dividers than lanes, a shorter LSU queue, fewer
#         answers owed) on every core program.
#
# Programs: core_progs below, every program whose instructions the core
# executes (the core's own in tb/verilator/core/progs/); every other
# program of tests/programs/ and tb/verilator/sched/progs/ is listed in
# core_not_yet with what it needs, so none is skipped silently.
# core_first: short straight-line programs the bench runs alone, each seed,
# before the list (core_atom_wr.wqs: every ATOM operation's write decision
# lane by lane): the bench stops at the first failing program and replays
# its whole run with a waveform, so a bug these decide is a mismatch within
# a second, not minutes into the list (a mutant's run under load, whose
# replay can outlast scripts/mutate.sh's limit); a run of their own leaves
# the list's seeded timing as it is.
#
# Usage: bash scripts/rtl/core.sh [SEED...]    (seeds for every run; default 1 2)
#   WQ_RTL_FULL=1  the bench at LANES 16 and 32 and at the small parameters too,
#                  and every program on wq_top
#                  (make regress, make mutate)
#   WQ_CORE_FP_ONLY=1  only the FP unit's section (the core with FP=1 on the
#                  FP programs; scripts/mutate.sh's check core_fp)
#   WQ_TEST_QUICK=1  (make test) the bench and the wave decision only: no
#                  wq_top section, unless WQ_RTL_FULL=1
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   as scripts/lib/verilator.sh
#   WQ_COSIM_DIR, WQ_TOP_COV_DIR   the wq_top runs' build root and coverage
#                  output, as scripts/rtl/top.sh (scripts/coverage.sh)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup core
vl_seeds "1 2" "$@"
make -s build >/dev/null || fail "make build"

core_first=(tb/verilator/core/progs/core_atom_wr.wqs)
core_progs=("${core_first[@]}" tests/programs/bench/alu_ipc.wqs tests/programs/bench/vecadd_ipc.wqs
    tests/programs/bench/mul_ipc.wqs tests/programs/bench/div_mix_ipc.wqs
    tests/programs/bench/stencil_l1.wqs
    tests/programs/asm_vecadd.wqs tb/verilator/core/progs/core_alu.wqs
    tb/verilator/core/progs/core_trap.wqs tb/verilator/core/progs/core_trap_busy.wqs
    tb/verilator/sched/progs/ue_min.wqs
    tests/programs/cmp_edges.wqs tests/programs/sync_mixed.wqs
    tb/verilator/sched/progs/alu.wqs tb/verilator/sched/progs/selfmod.wqs
    tb/verilator/core/progs/core_div.wqs tb/verilator/core/progs/core_full.wqs
    tests/programs/local.wqs tests/programs/subword.wqs
    tb/verilator/sched/progs/barrier.wqs tb/verilator/sched/progs/trap_full.wqs
    tb/verilator/sched/progs/trap_illegal.wqs tb/verilator/sched/progs/trap_misaligned.wqs
    tb/verilator/sched/progs/trap_misaligned_h.wqs tb/verilator/sched/progs/trap_reg.wqs
    tb/verilator/core/progs/core_yield.wqs tests/programs/asm_loop.wqs
    tb/verilator/sched/progs/traps_bound.wqs tb/verilator/core/progs/core_calls.wqs
    tb/verilator/core/progs/core_call_shared.wqs
    tb/verilator/sched/progs/diverge.wqs tests/programs/loops.wqs
    tb/verilator/core/progs/core_subv.wqs tests/programs/subv_normal.wqs
    tests/programs/subv_packed.wqs tests/programs/subv_packed_mem.wqs tests/programs/subv_rundry.wqs
    tests/programs/subvector.wqs tests/programs/branch_fall.wqs tests/programs/brx_guard.wqs
    tb/verilator/sched/progs/subv2.wqs tb/verilator/sched/progs/trap_subv.wqs
    tests/programs/div.wqs tests/programs/asm_tour.wqs
    tests/programs/gid.wqs tests/programs/gid_wide.wqs tests/programs/mem_order.wqs tests/programs/lsu_order.wqs
    tests/programs/lsu_order4.wqs
    tests/programs/ibuf_wrap.wqs tests/programs/code_store_lsq.wqs tests/programs/cta_slots.wqs
    tb/verilator/sched/progs/atomics.wqs
    tb/verilator/sched/progs/trap_misaligned_v4.wqs tests/programs/spinlock.wqs
    tb/verilator/core/progs/core_ex.wqs tb/verilator/core/progs/core_wake.wqs
    tb/verilator/core/progs/core_subv_auto.wqs tests/programs/subv_auto.wqs
    tests/programs/coalesce_mix.wqs tb/verilator/sched/progs/trap_fp.wqs)
# what each of the others needs from the core (docs/rtl/wq_core.md, "Coverage"):
# none left, every program runs on the core
core_not_yet=()
for p in tests/programs/*.wqs tb/verilator/sched/progs/*.wqs tb/verilator/core/progs/*.wqs; do
    case " ${core_progs[*]} " in *" $p "*) continue ;; esac
    printf '%s\n' "${core_not_yet[@]}" | grep -q "^$p|" ||
        fail "core: $p is neither in core_progs nor in core_not_yet"
done

# ---- wq_core under the scheduler bench ---------------------------------------
# WARPS LANES REGS DQ_LOG2: the default configuration at 8 lanes; with
# WQ_RTL_FULL 16 and 32 lanes, and the small configuration (2 warps, 16
# registers, a 16-entry deque) on the programs written for it
# The first, at 8 lanes, has the ULX3S top's core parameters
# (fpga/ecp5/wq_ulx3s.v: DIV_LANES, LSQ, TAGS -- fewer dividers than lanes,
# a shorter LSU queue, fewer answers owed), so that the board's parameter
# set runs in make test; the others the core's defaults.
. "$root/scripts/lib/top_param.sh"
ulx=fpga/ecp5/wq_ulx3s.v
udl=$(top_param "$ulx" DIV_LANES) ulq=$(top_param "$ulx" LSQ) ult=$(top_param "$ulx" TAGS)
[ -n "$udl" ] && [ -n "$ulq" ] && [ -n "$ult" ] || fail "core: cannot read DIV_LANES, LSQ and TAGS from $ulx"
cfgs=("8 8 32 6 $udl $ulq $ult")
[ "${WQ_RTL_FULL:-0}" = 1 ] && cfgs+=("8 8 32 6" "8 16 32 6" "8 32 32 6" "2 8 16 4")
total=0
[ "${WQ_CORE_FP_ONLY:-0}" = 1 ] && cfgs=()
for cfg in "${cfgs[@]}"; do
    read -r wa la re dq cdl clq ctg <<< "$cfg"
    d="$B/W${wa}_L${la}_R${re}_D${dq}${cdl:+_V${cdl}_Q${clq}_T${ctg}}"
    VL_OPT=O2 VL_COPT=0 \
        vl_build "$d" wq_core tb_sched --prefix Vwq_sched \
        -GWARPS="$wa" -GLANES="$la" -GREGS="$re" -GDQ_LOG2="$dq" \
        ${cdl:+-GDIV_LANES="$cdl" -GLSQ="$clq" -GTAGS="$ctg"} \
        "$rtl/core/wq_core.v" "$root/tb/verilator/sched/tb_sched.cpp" -- asm model
    first=() list=()
    for p in "${core_progs[@]}"; do
        [ "$wa" -lt 8 ] && ! grep -q 'small-config: ok' "$p" && continue
        case " ${core_first[*]} " in *" $p "*) first+=("$p") ;; *) list+=("$p") ;; esac
    done
    for s in "${seeds[@]}"; do
        if [ ${#first[@]} -gt 0 ]; then
            vl_run "$d" tb_sched "first$s" "$s" "${first[@]}"
            total=$((total + 1))
        fi
        vl_run "$d" tb_sched "seed$s" "$s" "${list[@]}"
        total=$((total + 1))
    done
    grep -E '^sched_(cycles_per_warp_instr|steps|steps_kept_lock):' "$d/seed${seeds[$((${#seeds[@]} - 1))]}.log" |
        tr '\n' ' ' | sed "s/^/rtl_test: core W=$wa L=$la R=$re D=$dq${cdl:+ DIV_LANES=$cdl LSQ=$clq TAGS=$ctg} (bench, ${#first[@]} + ${#list[@]} programs): /; s/ \$/\n/"
    [ -z "${wdir:-}" ] && wdir=$d       # the wave decision's bench below
done

# ---- the FP unit (wq_fpu): the core with FP=1 against the model with fp=1 ------
# at LANES 8 with FP_LANES 2 (four slices a part, the ULX3S top's core
# parameters otherwise), and with WQ_RTL_FULL at 32 lanes with a unit a
# lane: the FP programs (tb/verilator/core/progs/fp/) and, so that the
# unit's arbitration of the completion path is seen beside the division
# unit, the LSU and traps, the programs in fp_mixed; and generated programs
# with FP instructions (`wq gen prog --fp --timing-free`, seeds fp_gseeds:
# two, eight with WQ_RTL_FULL)
. scripts/lib/fp_progs.sh            # fp_progs, fp_mixed
fp_gseeds=(1 2)
[ "${WQ_RTL_FULL:-0}" = 1 ] && fp_gseeds=(1 2 3 4 5 6 7 8)
# make test's quick set (WQ_TEST_QUICK=1) leaves this section to
# scripts/rtl/top.sh, which runs the same programs on the 32-lane device
# with its FPU that the OpenCL suites build anyway (FP_LANES 8: four
# slices a part, as here): a bench build of its own is a minute and a
# quarter of a core
fcfgs=("8 $udl $ulq $ult 2")
[ "${WQ_RTL_FULL:-0}" = 1 ] && fcfgs+=("32 32 4 32 32")
if [ "${WQ_TEST_QUICK:-0}" = 1 ] && [ "${WQ_RTL_FULL:-0}" != 1 ] && [ "${WQ_CORE_FP_ONLY:-0}" != 1 ]; then
    fcfgs=()
    echo "rtl_test: core FP=1: the FP programs run on wq_top in scripts/rtl/top.sh (make test); this bench's FP builds are make regress's"
fi
for cfg in "${fcfgs[@]}"; do
    read -r la cdl clq ctg fpl <<< "$cfg"
    d="$B/W8_L${la}_R32_D6_V${cdl}_Q${clq}_T${ctg}_FP${fpl}"
    VL_OPT=O2 VL_COPT=0 \
        vl_build "$d" wq_core tb_sched --prefix Vwq_sched \
        -GWARPS=8 -GLANES="$la" -GREGS=32 -GDQ_LOG2=6 -GDIV_LANES="$cdl" -GLSQ="$clq" \
        -GTAGS="$ctg" -GFP=1 -GFP_LANES="$fpl" \
        "$rtl/core/wq_core.v" "$root/tb/verilator/sched/tb_sched.cpp" -- asm model
    fp_gen=()
    for gs in "${fp_gseeds[@]}"; do
        f="$d/genfp$gs.wqs"
        build/bin/wq gen prog --seed "$gs" --fp --timing-free --lanes "$la" -o "$f" > /dev/null ||
            fail "wq gen prog --seed $gs --fp --timing-free --lanes $la"
        fp_gen+=("$f")
    done
    for s in "${seeds[@]}"; do
        vl_run "$d" tb_sched "seed$s" "$s" "${fp_progs[@]}" "${fp_mixed[@]}" "${fp_gen[@]}"
        total=$((total + 1))
    done
    echo "rtl_test: core FP=1 LANES=$la FP_LANES=$fpl: ${#fp_progs[@]} FP programs, ${#fp_gen[@]} generated (--fp) and ${#fp_mixed[@]} others in lockstep with the model (fp=1), seeds ${seeds[*]}"
done
[ "${WQ_CORE_FP_ONLY:-0}" = 1 ] && { echo "rtl_test: core FP section: $total lockstep runs ok"; exit 0; }

# ---- the wave decision's planted bug: the bench drives the opposite of the mode
# WAVE_CTL forces (tb_sched --wave-lie); the model must refuse it (tb_wave.h)
d=$wdir
for m in normal subv; do
    f="$B/subv_auto_$m.wqs"
    sed "s/^\.wave_ctl auto/.wave_ctl $m/" tests/programs/subv_auto.wqs > "$f"
    "$d/tb_sched" --seed 1 "$f" > "$B/lie_ok_$m.log" 2>&1 ||
        fail "core: tb_sched $f seed 1 (WAVE_CTL $m) failed (log: $B/lie_ok_$m.log)"
    grep -q "^sched_wave: $([ $m = subv ] && echo '24 sub-vector, 0 normal' || echo '0 sub-vector, 24 normal')\$" \
        "$B/lie_ok_$m.log" || fail "core: tb_sched $f seed 1: WAVE_CTL $m not followed (log: $B/lie_ok_$m.log)"
    if "$d/tb_sched" --seed 1 --wave-lie "$f" > "$B/lie_$m.log" 2>&1 ||
        ! grep -q "the model rejects the wave decision" "$B/lie_$m.log"; then
        fail "core: tb_sched --wave-lie $f seed 1: a SUBV_AUTO decision against WAVE_CTL $m was not refused (log: $B/lie_$m.log)"
    fi
    total=$((total + 2))
done

# make test's quick set (WQ_TEST_QUICK=1, scripts/test.sh) stops here: the
# two wq_top builds below are make regress's (WQ_RTL_FULL=1) and make
# mutate's.  The core behind the L1 runs every program in
# scripts/rtl/top.sh, and the ULX3S's core parameters run the core's
# programs in the bench above.
if [ "${WQ_TEST_QUICK:-0}" = 1 ] && [ "${WQ_RTL_FULL:-0}" != 1 ]; then
    echo "rtl_test: core wq_top with L1=0 and the ULX3S's core: not in the quick set (make regress)"
    echo "rtl_test: core ${#core_progs[@]} programs (not yet: ${#core_not_yet[@]}), $total lockstep runs ok"
    exit 0
fi
# ---- wq_top (L1=0): the whole device in lockstep -----------------------------------
top_progs=(tb/verilator/core/progs/*.wqs)
[ "${WQ_RTL_FULL:-0}" = 1 ] && top_progs=("${core_progs[@]}")
bin=$(WQ_VERILATOR_FLAGS="-GL1=0 ${WQ_VERILATOR_FLAGS:-}" \
      bash scripts/cosim_build.sh --out "${WQ_COSIM_DIR:-build/verilator/top}/C4_W8_L32_D6_R32_NOL1" \
      4 8 32 6 32) || fail "cosim build (L1=0)"
mkdir -p "$B/top"
# top_run BIN PROGRAM SEED NAME WHAT: one lockstep run of wq_top, its log
# $B/top/NAME.log (and, under scripts/coverage.sh, its coverage as top.sh)
top_run() {
    local log="$B/top/$4.log" cov=()
    if [ -n "${WQ_TOP_COV_DIR:-}" ]; then
        cov=(--fcov "$WQ_TOP_COV_DIR/core_$4.fcov")
        case " ${WQ_VERILATOR_FLAGS:-} " in *" --coverage"*) cov+=(--cov "$WQ_TOP_COV_DIR/core_$4.dat") ;; esac
    fi
    if ! "$1" "$2" --seed "$3" ${cov[@]+"${cov[@]}"} > "$log" 2>&1; then
        tail -40 "$log" >&2
        fail "core: wq_top $5 $2 seed $3 (log: $log; rerun: $1 $2 --seed $3 --wave build/core.fst)"
    fi
    grep -q '^mismatches: 0$' "$log" || fail "core: wq_top $5 $2 seed $3: no 'mismatches: 0' (log: $log)"
    total=$((total + 1))
}
for p in "${top_progs[@]}"; do
    for s in "${seeds[@]}"; do top_run "$bin" "$p" "$s" "nol1_$(basename "$p" .wqs)_s$s" L1=0; done
done
# ---- the ULX3S's core ---------------------------------------------------------------
# the default configuration at the board top's core parameters
# (fpga/ecp5/wq_ulx3s.v): LANES, DIV_LANES (a part divided a slice of
# DIV_LANES lanes at a time, wq_core_div), and the LSU's LSQ and TAGS
# (a shorter queue, fewer answers owed: wq_core_lsu), through wq_top with
# the L1: every core program at the first seed, the division and memory
# programs at every seed
ul=$(top_param "$ulx" LANES) udl=$(top_param "$ulx" DIV_LANES)
ulq=$(top_param "$ulx" LSQ) ult=$(top_param "$ulx" TAGS)
[ -n "$ul" ] && [ -n "$udl" ] && [ -n "$ulq" ] && [ -n "$ult" ] ||
    fail "core: cannot read LANES, DIV_LANES, LSQ and TAGS from $ulx"
uname="LANES=$ul DIV_LANES=$udl LSQ=$ulq TAGS=$ult"
bin=$(WQ_VERILATOR_FLAGS="-GLSQ=$ulq -GTAGS=$ult ${WQ_VERILATOR_FLAGS:-}" bash scripts/cosim_build.sh \
      --out "${WQ_COSIM_DIR:-build/verilator/top}/C4_W8_L${ul}_D6_R32_V${udl}_Q${ulq}_T${ult}" \
      4 8 "$ul" 6 32 "$ul" 32 0 "$udl") || fail "cosim build (the ULX3S's core: $uname)"
n0=$total
for p in "${core_progs[@]}"; do
    ss=("${seeds[0]}")
    case $p in *div*|*lsu*|*mem_order*|*coalesce*|*code_store*|*atom*|*vecadd*) ss=("${seeds[@]}") ;; esac
    for s in "${ss[@]}"; do top_run "$bin" "$p" "$s" "ulx3s_$(basename "$p" .wqs)_s$s" "($uname)"; done
done
echo "rtl_test: core the ULX3S's core ($uname): $((total - n0)) lockstep runs through wq_top"
echo "rtl_test: core ${#core_progs[@]} programs (not yet: ${#core_not_yet[@]}), $total lockstep runs ok"
