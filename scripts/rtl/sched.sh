#!/usr/bin/env bash
# rtl/sched.sh -- the warp scheduler's lockstep bench against the C golden
# model (run by scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  sched: rtl/wq_warp_sched.v (with wq_decode, wq_regfile, wq_alu, wq_lsu,
#         wq_token_deque) under Verilator, driven by
#         tb/verilator/sched/tb_sched.cpp, which links the model library
#         (build/lib/libwqmodel.a) and compares every step, every trace record,
#         the debug window and the final memory image.  Programs: every
#         tests/programs/*.wqs and tb/verilator/sched/progs/*.wqs.  One
#         Verilator build per parameter set, in
#         build/verilator/sched/W<WARPS>_L<LANES>_R<REGS>_D<DQ_LOG2>_A<ALU_LANES>/.
#  sched_ue: the same bench on rtl/wq_sched_ue.v (the scheduler as firmware
#         on the micro-engine, docs/rtl/wq_sched_ue.md; firmware build/gen/sched_fw.hex
#         from fw/sched/) in the small configuration, in build/verilator/
#         sched/UE_W2_L8_R16_D4_A1/; the programs its firmware runs today
#         (ue_progs below; the others are listed with the reason).
#
# Usage: bash scripts/rtl/sched.sh [SEED...]     (seeds for every config)
#   WQ_RTL_FULL=1  more seeds (L32: 1 2 3, UE: 1 2) and two more parameter
#                  sets (W8 L16 A4, W8 L8 A8; make regress, mutate).  (The
#                  default configuration's scheduler is the pipelined core,
#                  scripts/rtl/core.sh; wq_warp_sched is wq_top's CORE=0.)
#   RTL_TEST_WAVE  set: write <build dir>/seed<N>.fst for each seed
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup sched
make -s build >/dev/null || fail "make build"

build() {   # WARPS LANES REGS DQ_LOG2 ALU_LANES [ue] -> directory
    local d="$B/W$1_L$2_R$3_D$4_A$5" top=wq_warp_sched
    # ue: wq_sched_ue under the same bench (its module class, its firmware;
    # the ROM image is read at run time, so new firmware needs no rebuild)
    local ue=()
    if [ "${6:-}" = ue ]; then
        d="$B/UE_W$1_L$2_R$3_D$4_A$5" top=wq_sched_ue
        ue=(--prefix Vwq_warp_sched -GROM_FILE="\"$root/build/gen/sched_fw.hex\"")
    fi
    # the largest bench: less optimisation builds it in half the time, and
    # its runs (a few seconds, mostly the model) are as fast without -O
    VL_OPT=O2 VL_COPT=0 VL_CFLAGS="${ue[0]:+-DWQ_SCHED_UE}" \
        vl_build "$d" "$top" tb_sched ${ue[@]+"${ue[@]}"} \
        -GWARPS="$1" -GLANES="$2" -GREGS="$3" -GDQ_LOG2="$4" -GALU_LANES="$5" \
        "$rtl/$top.v" "$root/tb/verilator/sched/tb_sched.cpp" -- asm model
    echo "$d"
}

run_seed() {   # DIR NAME SEED PROGRAM... : one bench run, or fail with a rerun line
    local d=$1 name=$2 s=$3; shift 3
    vl_run "$d" tb_sched "seed$s" "$s" "$@"
    total=$((total + 1))
}

progs=(tests/programs/*.wqs tb/verilator/sched/progs/*.wqs)
total=0
# ALU_LANES (5th): the physical ALU lanes; fewer than LANES runs each part
# in several ALU passes (the small configuration uses one ALU lane)
# make test runs the default parameters (W8 L32) and the small ones (W2 L8
# with one ALU lane: a partial ALU); W8 L16 A4 and W8 L8 A8 add Verilator
# builds and run with WQ_RTL_FULL=1 (make regress, make mutate)
cfgs=("8 32 32 6 32 1 2" "2 8 16 4 1 8 9")
[ "${WQ_RTL_FULL:-0}" = 1 ] && cfgs=("8 32 32 6 32 1 2 3" "8 16 32 6 4 4 5" "2 8 16 4 1 8 9" "8 8 32 6 8 6 7")
for cfg in "${cfgs[@]}"; do
    read -r warps lanes regs dlog2 alu fixed <<< "$cfg"
    seeds=("$@")
    [ ${#seeds[@]} -gt 0 ] || read -r -a seeds <<< "$fixed"
    d=$(build "$warps" "$lanes" "$regs" "$dlog2" "$alu")
    for s in "${seeds[@]}"; do
        # the small configuration has 2 warp slots and 16 registers: only
        # programs written for it (CTAs of <= 64 threads, <= 16 registers)
        list=("${progs[@]}")
        if [ "$warps" -lt 8 ]; then
            list=()
            for p in "${progs[@]}"; do
                grep -q 'small-config: ok' "$p" && list+=("$p")
            done
        fi
        run_seed "$d" "sched W=$warps L=$lanes R=$regs D=$dlog2" "$s" "${list[@]}"
    done
    grep -E '^sched_(cycles_per_warp_instr|steps|records):' "$d/seed${seeds[$((${#seeds[@]} - 1))]}.log" |
        tr '\n' ' ' | sed "s/^/rtl_test: W=$warps L=$lanes A=$alu: /; s/ \$/\n/"
done

# ---- wq_sched_ue (small configuration) -------------------------------------
# Every small-configuration program its firmware runs today; the others are
# named here with the reason, never skipped silently.
ue_progs=(tests/programs/cmp_edges.wqs tests/programs/subv_rundry.wqs
    tests/programs/sync_mixed.wqs tb/verilator/sched/progs/alu.wqs
    tb/verilator/sched/progs/atomics.wqs tb/verilator/sched/progs/subv2.wqs
    tb/verilator/sched/progs/trap_full.wqs tb/verilator/sched/progs/trap_illegal.wqs
    tb/verilator/sched/progs/trap_misaligned.wqs tb/verilator/sched/progs/trap_misaligned_v4.wqs
    tb/verilator/sched/progs/trap_misaligned_h.wqs
    tb/verilator/sched/progs/trap_reg.wqs tb/verilator/sched/progs/trap_subv.wqs
    tb/verilator/sched/progs/traps_bound.wqs tb/verilator/sched/progs/ue_min.wqs
    tb/verilator/sched/progs/diverge.wqs tests/programs/subword.wqs
    tests/programs/local.wqs tests/programs/div.wqs tests/programs/subv_packed.wqs
    tests/programs/gid.wqs tests/programs/mem_order.wqs
    tb/verilator/sched/progs/selfmod.wqs)
# none left: diverge.wqs (BRX, JMX, CALL, RET; fw/sched/calls.ues) runs since
# with the shell's 2 560-word ROM (docs/rtl/wq_sched_ue.md, "Firmware")
ue_not_yet=()
# a small-configuration program in neither list is an error: decide for it
for p in "${progs[@]}"; do
    grep -q 'small-config: ok' "$p" || continue
    case " ${ue_progs[*]} ${ue_not_yet[*]} " in
        *" $p "*) ;;
        *) fail "sched_ue: $p is neither in ue_progs nor in ue_not_yet" ;;
    esac
done
make -s build/gen/sched_fw.hex >/dev/null || fail "sched_ue: firmware (make build/gen/sched_fw.hex)"
d=$(build 2 8 16 4 1 ue)
seeds=("$@")
if [ ${#seeds[@]} -eq 0 ]; then
    seeds=(1)
    [ "${WQ_RTL_FULL:-0}" = 1 ] && seeds=(1 2)
fi
for s in "${seeds[@]}"; do
    run_seed "$d" "sched_ue W=2 L=8 R=16 D=4" "$s" "${ue_progs[@]}"
done
nyl=none
[ ${#ue_not_yet[@]} -eq 0 ] || nyl="${ue_not_yet[*]##*/}"
grep -E '^sched_(cycles_per_warp_instr|steps|records):' "$d/seed${seeds[$((${#seeds[@]} - 1))]}.log" |
    sed 's/^sched_/sched_ue_/' | tr '\n' ' ' |
    sed "s/^/rtl_test: sched_ue W=2 L=8 A=1 (${#ue_progs[@]} programs; not yet: $nyl): /; s/ \$/\n/"
echo "rtl_test: sched $total seed runs ok"
