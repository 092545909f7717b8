#!/usr/bin/env bash
# rtl/sched.sh -- the firmware warp scheduler's lockstep bench against the
# C golden model (run by scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  sched_ue: rtl/wq_sched_ue.v (the scheduler as firmware on the
#         micro-engine, docs/rtl/wq_sched_ue.md; firmware build/gen/sched_fw.hex
#         from fw/sched/), the iCE40 fit build's scheduler, in the small
#         configuration, under Verilator, driven by
#         tb/verilator/sched/tb_sched.cpp, which links the model library
#         (build/lib/libwqmodel.a) and compares every step, every trace
#         record, the debug window and the final memory image.  Programs:
#         every small-configuration program its firmware runs (ue_progs
#         below; any other is listed with the reason).  Build in
#         build/verilator/sched/UE_W2_L8_R16_D4_A1/.
#         (The default configuration's scheduler, the pipelined core, runs
#         under the same bench in scripts/rtl/core.sh.)
#
# Usage: bash scripts/rtl/sched.sh [SEED...]     (default seed 1)
#   WQ_RTL_FULL=1  seeds 1 2 (make regress, mutate)
#   RTL_TEST_WAVE  set: write <build dir>/seed<N>.fst for each seed
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup sched
make -s build >/dev/null || fail "make build"

build() {   # WARPS LANES REGS DQ_LOG2 ALU_LANES -> directory
    local d="$B/UE_W$1_L$2_R$3_D$4_A$5"
    # the ROM image is read at run time, so new firmware needs no rebuild;
    # less optimisation builds it in half the time, and its runs (a few
    # seconds, mostly the model) are as fast without -O
    VL_OPT=O2 VL_COPT=0 VL_CFLAGS=-DWQ_SCHED_UE \
        vl_build "$d" wq_sched_ue tb_sched --prefix Vwq_sched \
        -GROM_FILE="\"$root/build/gen/sched_fw.hex\"" \
        -GWARPS="$1" -GLANES="$2" -GREGS="$3" -GDQ_LOG2="$4" -GALU_LANES="$5" \
        "$rtl/wq_sched_ue.v" "$root/tb/verilator/sched/tb_sched.cpp" -- asm model
    echo "$d"
}

run_seed() {   # DIR NAME SEED PROGRAM... : one bench run, or fail with a rerun line
    local d=$1 name=$2 s=$3; shift 3
    vl_run "$d" tb_sched "seed$s" "$s" "$@"
    total=$((total + 1))
}

progs=(tests/programs/*.wqs tb/verilator/sched/progs/*.wqs tb/verilator/core/progs/*.wqs)
total=0

# ---- wq_sched_ue (small configuration) -------------------------------------
# Every small-configuration program its firmware runs today; the others are
# named here with the reason, never skipped silently.
ue_progs=(tests/programs/cmp_edges.wqs tests/programs/subv_rundry.wqs
    tests/programs/sync_mixed.wqs tb/verilator/sched/progs/alu.wqs
    tb/verilator/sched/progs/atomics.wqs tb/verilator/sched/progs/subv2.wqs
    tb/verilator/sched/progs/trap_full.wqs tb/verilator/sched/progs/trap_illegal.wqs
    tb/verilator/sched/progs/trap_misaligned.wqs tb/verilator/sched/progs/trap_misaligned_v4.wqs
    tb/verilator/sched/progs/trap_misaligned_h.wqs tests/programs/coalesce_mix.wqs
    tb/verilator/sched/progs/trap_reg.wqs tb/verilator/sched/progs/trap_subv.wqs
    tb/verilator/sched/progs/traps_bound.wqs tb/verilator/sched/progs/ue_min.wqs
    tb/verilator/sched/progs/diverge.wqs tests/programs/subword.wqs
    tests/programs/local.wqs tests/programs/div.wqs tests/programs/subv_packed.wqs
    tests/programs/subv_packed_mem.wqs tests/programs/branch_fall.wqs tests/programs/brx_guard.wqs
    tests/programs/gid.wqs tests/programs/gid_wide.wqs tests/programs/mem_order.wqs
    tb/verilator/sched/progs/selfmod.wqs tests/programs/subv_auto.wqs
    tests/programs/lsu_order.wqs tests/programs/ibuf_wrap.wqs
    tests/programs/code_store_lsq.wqs tb/verilator/sched/progs/trap_fp.wqs
    tb/verilator/core/progs/core_atom_wr.wqs)
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
d=$(build 2 8 16 4 1)
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
