#!/usr/bin/env bash
# cosim.sh -- run one program or command stream on wq_top in lockstep with
# the golden model (`wq cosim` runs this).  Builds the harness for the
# requested parameter set first (cached), then runs
# tb/verilator/top/tb_cosim.cpp (a file whose first line is "wqstream 1"
# is a command stream: tb/verilator/top/cosim_stream.cpp).
#
# Usage: bash scripts/cosim.sh nested [wq nested arguments]   (wq nested --backend rtl)
#        bash scripts/cosim.sh nested-latency [FILE] [--link-latency L]
#        bash scripts/cosim.sh FILE.wqs|FILE.wqst [--lanes 8|16|32] [--warps N]
#            [--channels N] [--regs N] [--dq-log2 N] [--alu-lanes N] [--sem-digit N]
#            [--seed N] [--wave F.fst] [--max-cycles N] [--lat MIN,MAX]
#            [--ready PCT] [--history N] [--expects-info] [--rerun CMD]
# Prints `mismatches: 0` and exits 0 when both sides agree; exits 1 on the
# first mismatch (with its report), 2 on bad arguments.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
ch=4 wa=8 la=32 dq=6 re=32 al= sd=
args=()
while [ $# -gt 0 ]; do
    case "$1" in
    --lanes)    la=$2; shift 2 ;;
    --warps)    wa=$2; shift 2 ;;
    --channels) ch=$2; shift 2 ;;
    --regs)     re=$2; shift 2 ;;
    --dq-log2)  dq=$2; shift 2 ;;
    --alu-lanes) al=$2; shift 2 ;;
    --sem-digit) sd=$2; shift 2 ;;
    *)          args+=("$1"); shift ;;
    esac
done
case "$la" in 8|16|32) ;; *) echo "cosim: --lanes must be 8, 16 or 32" >&2; exit 2 ;; esac
bin=$(cd "$here" && bash scripts/cosim_build.sh "$ch" "$wa" "$la" "$dq" "$re" "${al:-$la}" "${sd:-32}") || exit 2
exec "$here/$bin" "${args[@]}"
