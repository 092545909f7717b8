#!/usr/bin/env bash
# rtl/sched.sh -- the warp scheduler's lockstep bench against the C golden
# model (run by scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  sched: rtl/wq_warp_sched.v (with wq_decode, wq_regfile, wq_alu, wq_lsu,
#         wq_token_deque) under Verilator, driven by
#         tb/verilator/sched/tb_sched.cpp, which links the model library
#         (build/lib/libwq.a) and compares every step, every trace record,
#         the debug window and the final memory image.  Programs: every
#         tests/programs/*.wqs and tb/verilator/sched/progs/*.wqs.  One
#         Verilator build per parameter set, in
#         build/verilator/sched/W<WARPS>_L<LANES>_R<REGS>_D<DQ_LOG2>_A<ALU_LANES>/.
#
# Usage: bash scripts/rtl/sched.sh [SEED...]     (seeds for every config)
#   RTL_TEST_WAVE  set: write <build dir>/seed<N>.fst for each seed
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
rtl=${WQ_RTL_DIR:-rtl}
case $rtl in /*) ;; *) rtl="$root/$rtl" ;; esac
read -r -a xflags <<< "${WQ_VERILATOR_FLAGS:-}"
B=${WQ_VERILATOR_DIR:-build/verilator}/sched
fail() { echo "rtl_test: FAIL: $*" >&2; exit 1; }

command -v verilator >/dev/null || fail "verilator not installed (make deps)"
make -s build >/dev/null || fail "make build"

build() {   # WARPS LANES REGS DQ_LOG2 ALU_LANES -> directory
    local d="$B/W$1_L$2_R$3_D$4_A$5"
    mkdir -p "$d"
    # rebuild only when an input is newer than the binary
    if [ -x "$d/tb_sched" ] && [ -z "$(find "$rtl"/*.v tb/verilator/sched/tb_sched.cpp tb/verilator/common build/gen/*.vh \
            build/lib/libwq.a -newer "$d/tb_sched" -type f -print -quit)" ]; then
        echo "$d"; return
    fi
    verilator --cc --exe --build -j 2 -O2 -Wall \
        -Ibuild/gen -I"$rtl" --top-module wq_warp_sched \
        -GWARPS="$1" -GLANES="$2" -GREGS="$3" -GDQ_LOG2="$4" -GALU_LANES="$5" \
        --x-assign unique --x-initial unique --trace-fst ${xflags[@]+"${xflags[@]}"} \
        -Mdir "$d" -o tb_sched \
        -CFLAGS "-O1 -std=c++17 -I$root/cmodel/include -I$root/tb/verilator/common" \
        "$rtl/wq_warp_sched.v" "$root/tb/verilator/sched/tb_sched.cpp" \
        "$root/build/lib/libwq.a" > "$d/build.log" 2>&1 || {
        tail -40 "$d/build.log" >&2; fail "verilator build (log: $d/build.log)"; }
    echo "$d"
}

progs=(tests/programs/*.wqs tb/verilator/sched/progs/*.wqs)
total=0
# ALU_LANES (5th): the physical ALU lanes; fewer than LANES runs each part
# in several ALU passes (the small configuration uses one ALU lane)
for cfg in "8 32 32 6 32 1 2 3" "8 16 32 6 4 4 5" "8 8 32 6 8 6 7" "2 8 16 4 1 8 9"; do
    read -r warps lanes regs dlog2 alu fixed <<< "$cfg"
    seeds=("$@")
    [ ${#seeds[@]} -gt 0 ] || read -r -a seeds <<< "$fixed"
    d=$(build "$warps" "$lanes" "$regs" "$dlog2" "$alu")
    for s in "${seeds[@]}"; do
        args=(--seed "$s")
        [ -n "${RTL_TEST_WAVE:-}" ] && args+=(--wave "$d/seed$s.fst")
        # the small configuration has 2 warp slots and 16 registers: only
        # programs written for it (CTAs of <= 64 threads, <= 16 registers)
        list=("${progs[@]}")
        if [ "$warps" -lt 8 ]; then
            list=()
            for p in "${progs[@]}"; do
                grep -q 'small-config: ok' "$p" && list+=("$p")
            done
        fi
        if ! "$d/tb_sched" "${args[@]}" "${list[@]}" > "$d/seed$s.log" 2>&1; then
            tail -60 "$d/seed$s.log" >&2
            fail "sched W=$warps L=$lanes R=$regs D=$dlog2 seed $s (log: $d/seed$s.log;" \
                 "rerun: $d/tb_sched --seed $s --wave build/sched.fst ${list[*]})"
        fi
        total=$((total + 1))
    done
    grep -E '^sched_(cycles_per_warp_instr|steps|records):' "$d/seed${seeds[$((${#seeds[@]} - 1))]}.log" |
        tr '\n' ' ' | sed "s/^/rtl_test: W=$warps L=$lanes A=$alu: /; s/ \$/\n/"
done
echo "rtl_test: sched $total seed runs ok"
