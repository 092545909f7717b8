#!/usr/bin/env bash
# rtl_test.sh -- every RTL unit bench against the C golden model (run by
# `make test` and `make rtl-test`).  One script per block in scripts/rtl/,
# each building its Verilator bench and running it over several fixed
# seeds; the first failure stops the run and names the seed and how to
# re-run it with a waveform.
#
# Usage: bash scripts/rtl_test.sh [SEED...]   (seeds passed to every bench)
set -euo pipefail
cd "$(dirname "$0")/.."
shopt -s nullglob
n=0
for s in scripts/rtl/*.sh; do
    bash "$s" "$@" || { echo "rtl_test: FAIL: $s" >&2; exit 1; }
    n=$((n + 1))
done
echo "rtl_test: $n block benches passed"
