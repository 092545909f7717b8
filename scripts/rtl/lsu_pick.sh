#!/usr/bin/env bash
# rtl/lsu_pick.sh -- the coalescer's rule (rtl/core/wq_lsu_pick.v, the
# core's LSU's pick) against the C golden model (run by
# scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  lsu_pick: rtl/core/wq_lsu_pick.v under Verilator, driven by
#            tb/verilator/lsu_pick/tb_lsu_pick.cpp, which links the model
#            library (build/lib/libwqmodel.a: wq_coalesce, coalesce.c),
#            iterates the pick over each instruction's pending elements and
#            checks every request, in order, against the model's list.
#            Built into build/verilator/lsu_pick/N<N>_T<TW>_G<GS>/ for the
#            core's two instances (N 128: 32 lane tags of 28 bits with
#            16-byte lines, the default; 128 element tags of 30 bits with
#            L1=0's 4-byte lines) and a small one (N 8, 2-bit tags, GS 2).
#
# Usage: bash scripts/rtl/lsu_pick.sh [--bench] [SEED...]   (default seeds 1 2 3)
#   --bench                only the measured figure (coalesce_requests_per_warp_load:
#                          a scalar warp load of 32 consecutive words, 16-byte
#                          lines), for scripts/bench.sh
#   RTL_TEST_PICK_INSNS    random instructions per seed (default 3000)
#   RTL_TEST_WAVE          set: write <build dir>/seed<N>.fst for each seed
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup lsu_pick
bench=0
[ "${1:-}" = "--bench" ] && { bench=1; shift; }
make -s libs >/dev/null || fail "the model library"
insns=${RTL_TEST_PICK_INSNS:-3000}
vl_seeds "1 2 3" "$@"
# N TW IW GS LINE_BYTES
cfgs=("128 28 7 4 16" "128 30 7 1 4" "8 2 3 2 16")
[ $bench = 1 ] && { cfgs=("128 28 7 4 16"); seeds=(1); }
for cfg in "${cfgs[@]}"; do
    read -r n tw iw gs line <<< "$cfg"
    d="$B/N${n}_T${tw}_G$gs"
    vl_build "$d" wq_lsu_pick tb_lsu_pick -GN="$n" -GTW="$tw" -GIW="$iw" -GGS="$gs" \
        "$rtl/core/wq_lsu_pick.v" "$root/tb/verilator/lsu_pick/tb_lsu_pick.cpp" -- model
    m=()
    [ "$gs" = 4 ] && m=(--measure)
    for s in "${seeds[@]}"; do
        vl_run "$d" tb_lsu_pick "seed$s" "$s" --insns "$insns" --n "$n" --tw "$tw" --gs "$gs" \
            --line "$line" ${m[@]+"${m[@]}"}
    done
    [ $bench = 1 ] && vl_report "$d" '^coalesce_requests_per_warp_load:'
    vl_report "$d" '^(lsu_pick_tb: [0-9]+ instructions|coalesce_requests_per_warp_load:)' \
        "N=$n TW=$tw GS=$gs LINE=$line"
done
echo "rtl_test: lsu_pick ${#seeds[@]} seeds x $insns instructions x ${#cfgs[@]} configurations ok"
