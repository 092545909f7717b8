#!/usr/bin/env bash
# rtl/top.sh -- the whole device in lockstep with the golden model (run by
# scripts/rtl_test.sh, i.e. `make test`).
#
#  top: rtl/wq_top.v (host interface + warp scheduler + deques + lanes)
#       under tb/verilator/top/tb_cosim.cpp, which replays every RTL step
#       through the model's step API and compares step results, every event
#       record, CSR reads and the final memory images (scripts/cosim.sh,
#       `wq cosim`).  Two parameter sets: the model's default (CHANNELS=4
#       WARPS=8 LANES=32 DQ_LOG2=6 REGS=32) and the small iCE40 one
#       (CHANNELS=2 WARPS=2 LANES=8 DQ_LOG2=4 REGS=16, ALU_LANES=1 for
#       the firmware scheduler, bit-serial semaphores: SEM_DIGIT=1), the
#       latter twice: with the pipelined core (wq_core, with two dividers:
#       DIV_LANES=2, as the ULX3S has them) and with the firmware
#       scheduler the iCE40 fit build uses (SCHED_UE=1: wq_sched_ue on the
#       micro-engine, docs/rtl/wq_sched_ue.md).  Programs: every
#       tests/programs/*.wqs that runs alone, generated programs (`wq gen
#       prog`; odd seeds --timing-free, even seeds with every feature and
#       their races' .expect informational, as scripts/regress does) and
#       generated command streams (`wq gen stream --timing-free`, good and
#       --bad) over fixed seed sets, each with 2 memory-timing seeds.  The
#       small configuration must refuse a stream (4 channels) clearly.
#       Under make test also the device with its FPU the OpenCL suites
#       build (FP_LANES 8), on the FP programs alone.
#
# Usage: bash scripts/rtl/top.sh [SEED...]   (memory-timing seeds; default 1 2;
#                    under make test, WQ_TEST_QUICK, the SCHED_UE set 1 only)
#   WQ_COSIM_DIR, WQ_VERILATOR_FLAGS, WQ_RTL_DIR   passed to scripts/cosim_build.sh
#                    (build root, e.g. a --coverage build; logs go to its gen/)
#   RTL_TEST_TOP_CFGS  parameter sets to run, ';'-separated
#                    (default "4 8 32 6 32;2 2 8 4 16 1 1 0 2;2 2 8 4 16 1 1 1";
#                    fields: CHANNELS WARPS LANES DQ_LOG2 REGS [ALU_LANES
#                    [SEM_DIGIT [SCHED_UE [DIV_LANES [FP]]]]], as
#                    scripts/cosim_build.sh; the small set with the
#                    pipelined core divides with 2 dividers, a part in 4
#                    slices)
#   WQ_TOP_COV_DIR   set: every run writes its functional counters (--fcov)
#                    and, on a --coverage build, its coverage data (--cov)
#                    to this directory (scripts/coverage.sh)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup top               # the lockstep harness is built by scripts/cosim_build.sh
vl_seeds "1 2" "$@"
make -s build >/dev/null || fail "make build"
G=${WQ_COSIM_DIR:-build/verilator/top}/gen
mkdir -p "$G"

run() {   # BIN PROGRAM SEED [TB_ARGS...]
    local log="$G/$(basename "$2")_$(basename "$(dirname "$1")")_s$3.log"
    local cov=()
    if [ -n "${WQ_TOP_COV_DIR:-}" ]; then
        local n; n=$(basename "$log" .log)
        cov=(--fcov "$WQ_TOP_COV_DIR/$n.fcov")
        case " ${WQ_VERILATOR_FLAGS:-} " in *" --coverage"*) cov+=(--cov "$WQ_TOP_COV_DIR/$n.dat") ;; esac
    fi
    if ! "$1" "$2" --seed "$3" "${@:4}" ${cov[@]+"${cov[@]}"} > "$log" 2>&1; then
        tail -40 "$log" >&2
        fail "top: $2 seed $3 (log: $log; rerun: $1 $2 --seed $3 ${*:4} --wave build/top.fst)"
    fi
    grep -q '^mismatches: 0$' "$log" || fail "top: $2 seed $3: no 'mismatches: 0' (log: $log)"
    # .expect_sum invariants (racy programs' locks) held on the RTL's memory
    local inv; inv=$(sed -n 's|^invariants: \([0-9]*\)/.*|\1|p' "$log")
    ninv=$((ninv + ${inv:-0}))
}

total=0 ninv=0
# programs that run alone (tests/programs/nested/ needs the driver: wq nested)
mapfile -t progs < <(ls tests/programs/*.wqs tb/verilator/sched/progs/*.wqs | LC_ALL=C sort)
IFS=';' read -r -a cfgs <<< "${RTL_TEST_TOP_CFGS:-4 8 32 6 32;2 2 8 4 16 1 1 0 2;2 2 8 4 16 1 1 1}"
# make test (WQ_TEST_QUICK, no sets named): also the device with its FPU
# that the OpenCL suites run float kernels on (scripts/cl_rtl_build.sh 32 1:
# FP_LANES 8, no build of its own here), on the FP programs only -- those
# scripts/rtl/core.sh runs at the core in make regress: the FP programs,
# fp_mixed (the unit beside the dividers, the LSU and traps) and two
# generated programs with FP instructions
. scripts/lib/fp_progs.sh            # fp_progs, fp_mixed
fp_only=0
if [ -n "${WQ_TEST_QUICK:-}" ] && [ -z "${RTL_TEST_TOP_CFGS:-}" ]; then
    cfgs+=("4 8 32 6 32 32 32 0 32 1 8")
    fp_only=1
fi
for cfg in "${cfgs[@]}"; do
    # shellcheck disable=SC2086
    bin=$(bash scripts/cosim_build.sh $cfg) || fail "cosim build ($cfg)"
    read -r ch wa la dq re al sd ue dl fp fl <<< "$cfg"
    # fonly: this set runs the FP programs only (make test's FPU set)
    fonly=0
    [ "${fp:-0}" = 1 ] && [ "$fp_only" = 1 ] && fonly=1
    list=()
    # a set with the FPU (the 10th field, cosim_build.sh's FP): the FP
    # programs too, and the generated programs with FP instructions
    gfp=()
    if [ "${fp:-0}" = 1 ]; then
        gfp=(--fp)
        list+=("${fp_progs[@]}")
        [ "$fonly" = 1 ] && list+=("${fp_mixed[@]}")
    fi
    for p in "${progs[@]}"; do
        [ "$fonly" = 1 ] && break
        # the small configuration runs what fits it (CTA threads, registers)
        if [ "$wa" -lt 8 ] && ! grep -q 'small-config: ok' "$p"; then continue; fi
        list+=("$p")
    done
    # generated programs (default configuration): odd seeds timing-free
    # (every .expect must hold), even seeds racy (.expect informational)
    gseeds=(1 2 3 4 5 6)
    [ "$wa" -lt 8 ] && gseeds=()
    [ "$fonly" = 1 ] && gseeds=(1 3)
    info=()
    for p in "${list[@]}"; do info+=(""); done
    for gs in "${gseeds[@]}"; do
        f="$G/gen${gs}_W${wa}_L${la}_R${re}${gfp[*]:+_FP}.wqs"
        tf=() i=""
        if [ $((gs % 2)) -eq 1 ]; then tf=(--timing-free); else i=--expects-info; fi
        build/bin/wq gen prog --seed "$gs" --lanes "$la" "${tf[@]}" ${gfp[@]+"${gfp[@]}"} -o "$f" > /dev/null ||
            fail "wq gen prog --seed $gs ${gfp[*]+${gfp[*]}}"
        list+=("$f"); info+=("$i")
    done
    # generated command streams (4 channels: default configuration)
    nstream=0
    if [ "$fonly" = 1 ]; then
        :
    elif [ "$ch" -ge 4 ]; then
        for ss in 1 2 3 4; do
            for bad in "" --bad; do
                f="$G/stream${ss}${bad}.wqst"
                build/bin/wq gen stream --seed "$ss" $bad --timing-free -o "$f" > /dev/null ||
                    fail "wq gen stream --seed $ss $bad --timing-free"
                list+=("$f"); info+=(""); nstream=$((nstream + 1))
            done
        done
    else
        # a stream needing more channels than the build has: a clear refusal
        f="$G/stream1_for_C$ch.wqst"
        build/bin/wq gen stream --seed 1 --timing-free -o "$f" > /dev/null || fail "wq gen stream --seed 1"
        rc=0
        "$bin" "$f" > "$G/stream_refused.log" 2>&1 || rc=$?
        [ "$rc" = 2 ] && grep -q "needs 4 channels, the machine has $ch" "$G/stream_refused.log" ||
            fail "top: a 4-channel stream on CHANNELS=$ch: exit $rc, no clear refusal (log: $G/stream_refused.log)"
    fi
    # the cache-driven wave mode (docs/rtl/wq_wave_ctl.md): subv_auto.wqs
    # with WAVE_CTL forcing each mode, and under AUTO (its own file, above)
    # the control unit's decision flipping with the L1's miss rate -- the
    # firmware scheduler's build has no L1: AUTO is normal mode there; the
    # same .expect in every mode, lockstep exact
    wmodes=(normal subv auto)
    [ "$fonly" = 1 ] && wmodes=()
    for m in ${wmodes[@]+"${wmodes[@]}"}; do
        f="$G/subv_auto_$m.wqs"
        sed "s/^\.wave_ctl auto/.wave_ctl $m/" tests/programs/subv_auto.wqs > "$f"
        run "$bin" "$f" 1
        total=$((total + 1))
        wl=$(sed -n 's/^wave: \([0-9]*\) sub-vector, \([0-9]*\) normal$/\1 \2/p' \
             "$G/$(basename "$f")_$(basename "$(dirname "$bin")")_s1.log")
        read -r ns nn <<< "${wl:-x x}"
        case "$m:${ue:-0}" in
        normal:*|auto:1) want="0 24" ;;
        subv:*)          want="24 0" ;;
        *)               want="" ;;   # both modes, 24 in all
        esac
        if [ -n "$want" ]; then [ "$ns $nn" = "$want" ]; else
            [ "$ns" != x ] && [ "$ns" -gt 0 ] && [ "$nn" -gt 0 ] && [ $((ns + nn)) = 24 ]
        fi || fail "top: $f seed 1: SUBV_AUTO modes '$wl' (sub-vector normal) under WAVE_CTL $m (log: $G/$(basename "$f")_$(basename "$(dirname "$bin")")_s1.log)"
        # under AUTO with the L1: mostly sub-vector mode at the miss-heavy
        # phase's SUBV_AUTO (the lower PC), mostly normal at the hit phase's
        if [ "$m:${ue:-0}" = auto:0 ]; then
            mapfile -t sites < <(sed -n 's/^wave_pc: [0-9]* \([0-9]*\) sub-vector, \([0-9]*\) normal$/\1 \2/p' \
                "$G/$(basename "$f")_$(basename "$(dirname "$bin")")_s1.log")
            read -r ms mn <<< "${sites[0]:-0 0}"
            read -r hs hn <<< "${sites[1]:-0 0}"
            [ "${#sites[@]}" = 2 ] && [ "$ms" -gt "$mn" ] && [ "$hn" -gt "$hs" ] ||
                fail "top: $f seed 1: the miss phase's SUBV_AUTO took $ms sub-vector / $mn normal, the hit phase's $hs / $hn (want mostly sub-vector, then mostly normal; log: $G/$(basename "$f")_$(basename "$(dirname "$bin")")_s1.log)"
            wl="miss phase $ms/$mn, hit phase $hs/$hn"
        fi
        if [ "$m" = auto ]; then
            wave_auto="${wave_auto:+$wave_auto, }W=$wa L=$la$([ "${ue:-0}" = 0 ] || echo " SCHED_UE"): $ns sub-vector $nn normal ($wl)"
        fi
    done
    # make test (WQ_TEST_QUICK, no seeds named) runs the firmware
    # scheduler's set with the first memory-timing seed only: its runs are
    # three quarters of the bench's run time (up to 1.3 million cycles a
    # program) and the memory's timing moves them by a few cycles in a
    # million (the micro-engine serialises the warps); make rtl-test and
    # any named seeds run every seed on every set
    cseeds=("${seeds[@]}")
    if [ "${ue:-0}" = 1 ] && [ -n "${WQ_TEST_QUICK:-}" ] && [ $# -eq 0 ]; then cseeds=("${seeds[0]}"); fi
    for k in "${!list[@]}"; do
        p=${list[$k]}
        for s in "${cseeds[@]}"; do
            # shellcheck disable=SC2086
            run "$bin" "$p" "$s" ${info[$k]}
            total=$((total + 1))
        done
    done
    echo "rtl_test: top C=$ch W=$wa L=$la D=$dq R=$re A=${al:-$la} S=${sd:-32}$([ "${ue:-0}" = 0 ] || echo " SCHED_UE")$([ "${fp:-0}" = 0 ] || echo " FP=1 FP_LANES=${fl:-$la}"): $(( ${#list[@]} - nstream )) programs + $nstream streams x ${#cseeds[@]} seeds, mismatches: 0"
    # the timeline in RTL cycles (docs/tools/timeline.md): well-formed, one
    # track per channel and warp slot, and the counts of the model's own run;
    # on the first configuration spinlock.wqs fits (8 warps: not the small one)
    if [ -z "${tl_done:-}" ] && [ "$wa" -ge 8 ]; then
        tl_done=1
        p=tests/programs/spinlock.wqs
        build/bin/wq run --lanes "$la" --warps "$wa" "$p" > "$G/spinlock_model.log" 2>&1 ||
            fail "top: wq run $p (log: $G/spinlock_model.log)"
        n_in=$(sed -n 's/.*warp instructions: \([0-9]*\).*/\1/p' "$G/spinlock_model.log")
        n_y=$(sed -n 's/.* yields \([0-9]*\)$/\1/p' "$G/spinlock_model.log")
        n_m=$(sed -n 's/^channel 0: .* methods=\([0-9]*\).*/\1/p' "$G/spinlock_model.log")
        run "$bin" "$p" 1 --timeline "$G/spinlock.timeline.json"
        python3 scripts/timeline_check.py "$G/spinlock.timeline.json" --channels "$ch" \
            --warps "$wa" --instructions "$n_in" --yields "$n_y" --methods "$n_m" |
            sed 's/^/rtl_test: top /' || fail "top: the RTL timeline of $p"
    fi
done
echo "rtl_test: top subv_auto.wqs under AUTO: ${wave_auto:-none}"
echo "rtl_test: top $total lockstep runs ok, $ninv lock invariants (.expect_sum) held on the RTL"
[ "$ninv" -gt 0 ] || [ -n "${RTL_TEST_TOP_CFGS:-}" ] || fail "top: no .expect_sum invariant was checked (racy generated seeds 2/4/6 carry lock invariants)"
