#!/usr/bin/env bash
# rtl/l1.sh -- the L1 data cache's bench against the C golden model (run
# by scripts/rtl_test.sh, i.e. `make test` and `make rtl-test`).
#
#  l1: rtl/core/wq_l1.v under Verilator, driven by tb/verilator/l1/tb_l1.cpp,
#      which links the model library (build/lib/libwqmodel.a: wq_l1_cycle,
#      l1.c; the sparse memory) and checks every memory request, every
#      response and its data, o_ready and the counters, cycle by cycle,
#      with random memory latency, out-of-order responses and back-pressure,
#      over pairs of lines one tag bit apart anywhere in the 32-bit space
#      (every tag bit must be exercised, or the run fails).
#      Built into build/verilator/l1/S<SETS>_W<WAYS>_B<LINE>_I<ID_W>/ for
#      16 x 2 x 16 bytes with 8 ids (the default), 4 x 4 x 32 bytes with 4
#      ids, and direct-mapped 8 x 1 x 16 bytes with 4 ids.
#
# Usage: bash scripts/rtl/l1.sh [--bench] [SEED...]     (default seeds 1 2 3)
#   --bench             only the measured figure (l1_unit_hit_rate, the default
#                       configuration), for scripts/bench.sh
#   RTL_TEST_L1_OPS     random requests per seed (default 60000)
#   RTL_TEST_WAVE       set: write <build dir>/seed<N>.fst for each seed
#   WQ_RTL_DIR, WQ_VERILATOR_DIR, WQ_VERILATOR_FLAGS   RTL sources (default rtl),
#                  build root (default build/verilator), extra Verilator
#                  arguments (scripts/mutate.sh builds mutated copies)
set -euo pipefail
. "$(dirname "$0")/../lib/verilator.sh"
vl_setup l1
bench=0
[ "${1:-}" = "--bench" ] && { bench=1; shift; }
make -s libs >/dev/null || fail "the model library"
ops=${RTL_TEST_L1_OPS:-60000}
vl_seeds "1 2 3" "$@"
cfgs=("16 2 16 3" "4 4 32 2" "8 1 16 2")
[ $bench = 1 ] && { cfgs=("16 2 16 3"); seeds=(1); ops=5000; }
for cfg in "${cfgs[@]}"; do
    read -r sets ways line idw <<< "$cfg"
    d="$B/S${sets}_W${ways}_B${line}_I$idw"
    vl_build "$d" wq_l1 tb_l1 -GSETS="$sets" -GWAYS="$ways" -GLINE_BYTES="$line" -GID_W="$idw" \
        "$rtl/core/wq_l1.v" "$root/tb/verilator/l1/tb_l1.cpp" -- model
    for s in "${seeds[@]}"; do
        vl_run "$d" tb_l1 "seed$s" "$s" --ops "$ops" --sets "$sets" --ways "$ways" \
            --line "$line" --ids $((1 << idw)) --measure
    done
    vl_report "$d" '^l1_unit_hit_rate:' "SETS=$sets WAYS=$ways LINE=$line IDS=$((1 << idw))"
done
echo "rtl_test: l1 ${#seeds[@]} seeds x $ops requests x ${#cfgs[@]} configurations ok"
