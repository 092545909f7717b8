#!/usr/bin/env bash
# cosim_build.sh -- build the lockstep co-simulation harness
# (tb/verilator/top/tb_cosim.cpp around rtl/wq_top.v) for one parameter set
# and print the binary's path.  Builds are cached per parameter set in
# build/verilator/top/C<ch>_W<warps>_L<lanes>_D<dq_log2>_R<regs>[_A<alu_lanes>][_S<sem_digit>][_UE][_V<div_lanes>]/.
#
# Usage: bash scripts/cosim_build.sh [--rtl DIR] [--out DIR]
#                                    [CHANNELS WARPS LANES DQ_LOG2 REGS [ALU_LANES [SEM_DIGIT [SCHED_UE [DIV_LANES [FP [FP_LANES]]]]]]]
#        (default 4 8 32 6 32: the model's default configuration; ALU_LANES,
#        the firmware scheduler's physical ALU lanes, defaults to LANES (the
#        core ignores it), and SEM_DIGIT,
#        the semaphore unit's bits a cycle, to 32: neither is a model
#        parameter); SCHED_UE 1 builds wq_top with the firmware scheduler
#        wq_sched_ue (and its engine's multiplier rotator, ROT_MUL=1, as the
#        iCE40 fit build has it), default 0: the pipelined core wq_core;
#        DIV_LANES, the pipelined core's dividers (a divisor of LANES,
#        wq_core_div), defaults to LANES; FP 1 builds the core with its FPU
#        (wq_fpu, FP_LANES lanes a unit, default LANES) and runs the model
#        with fp = 1 (directory suffix _FP, _FP<fp_lanes> when fewer)
#   --rtl DIR  Verilog sources from DIR instead of rtl/ (a modified copy:
#              scripts/mismatch_demo.sh)
#   --out DIR  build directory instead of the per-parameter-set one
#   WQ_RTL_DIR          default for --rtl (scripts/mutate.sh: a mutated copy)
#   WQ_COSIM_DIR        build root instead of build/verilator/top (coverage
#                       and mutant builds keep their own)
#   WQ_VERILATOR_FLAGS  extra Verilator arguments, split on blanks
#                       (e.g. "--coverage-line --coverage-toggle")
set -euo pipefail
rtl_arg=
d=
while [ $# -gt 0 ]; do
    case "$1" in
    --rtl) [ $# -ge 2 ] || { echo "cosim_build: FAIL: --rtl DIR" >&2; exit 1; }; rtl_arg=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || { echo "cosim_build: FAIL: --out DIR" >&2; exit 1; }; d=$2; shift 2 ;;
    *) break ;;
    esac
done
# --rtl is resolved against the caller's directory, as WQ_RTL_DIR is
[ -n "$rtl_arg" ] && WQ_RTL_DIR=$(cd "$rtl_arg" 2>/dev/null && pwd || echo "$rtl_arg")
. "$(dirname "$0")/lib/verilator.sh"
vl_setup top
[ -f "$rtl/wq_top.v" ] || fail "$rtl/wq_top.v not found"
ch=${1:-4} wa=${2:-8} la=${3:-32} dq=${4:-6} re=${5:-32} al=${6:-${3:-32}} sd=${7:-32} ue=${8:-0} dl=${9:-${3:-32}}
fp=${10:-0} fl=${11:-${3:-32}}
case $fp in 0|1) ;; *) fail "FP must be 0 or 1" ;; esac
[ "$fp" = 0 ] || [ "$ue" = 0 ] || fail "FP=1 needs the pipelined core (SCHED_UE 0): the firmware scheduler has no FPU"
if [ -z "$d" ]; then
    d="${WQ_COSIM_DIR:-build/verilator/top}/C${ch}_W${wa}_L${la}_D${dq}_R${re}"
    [ "$al" = "$la" ] || d+="_A${al}"
    [ "$sd" = 32 ] || d+="_S${sd}"
    [ "$ue" = 0 ] || d+="_UE"
    [ "$dl" = "$la" ] || d+="_V${dl}"
    [ "$fp" = 0 ] || { d+="_FP"; [ "$fl" = "$la" ] || d+="$fl"; }
fi
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh libs >/dev/null || fail "model library"
uef=()
if [ "$ue" != 0 ]; then
    make -s build/gen/wq_ue.vh build/gen/wq_ue_sched.vh build/gen/sched_fw.hex >/dev/null ||
        fail "firmware image (build/gen/sched_fw.hex)"
    uef=(-GSCHED_UE=1 -GROT_MUL=1)
fi
case $d in /*) ;; *) d="$root/$d" ;; esac
VL_CFLAGS="-DWQ_TB_CHANNELS=$ch -DWQ_TB_WARPS=$wa -DWQ_TB_LANES=$la -DWQ_TB_DQ_LOG2=$dq -DWQ_TB_REGS=$re -DWQ_TB_FP=$fp" \
    vl_build "$d" wq_top tb_cosim \
    -GCHANNELS="$ch" -GWARPS="$wa" -GLANES="$la" -GDQ_LOG2="$dq" -GREGS="$re" -GALU_LANES="$al" -GDIV_LANES="$dl" \
    -GSEM_DIGIT="$sd" -GFP="$fp" -GFP_LANES="$fl" ${uef[@]+"${uef[@]}"} \
    "$rtl/wq_top.v" "$root/tb/verilator/top/tb_cosim.cpp" "$root/tb/verilator/top/cosim.cpp" \
    "$root/tb/verilator/top/cosim_stream.cpp" "$root/tb/verilator/top/dev_rtl.cpp" \
    "$root/tb/verilator/top/fcov.cpp" -- drv gen asm model
echo "${d#"$root"/}/tb_cosim"
