#!/usr/bin/env bash
# mathlib.sh -- the device math library (docs/mathlib.md): its generated
# constants are the ones scripts/mathlib_coeffs.py derives, and every
# function is within its OpenCL C 1.2 ULP bound on the model with an FPU
# (scripts/mathlib_check.py: mpmath reference, special values bit for
# bit; tests/mathlib/host.c launches through the OpenCL ICD).
# Usage: bash scripts/mathlib.sh [--quick | --full] [--bench] [--n N] [--seed S]
#   --quick (make test): 2048 random inputs per function and the edges;
#   default 65536; --full (make regress): 2^20 and an mpmath sample;
#   --bench (make bench): mathlib_max_ulp_<fn>: lines.
set -uo pipefail
cd "$(dirname "$0")/.."
B=${B:-build}
fail() { echo "mathlib: FAIL: $*"; exit 1; }
py=.venv/bin/python3
[ -x "$py" ] || fail "no .venv/bin/python3 (make deps)"
"$py" -c 'import mpmath' 2>/dev/null || fail "mpmath is not installed in .venv (make deps)"
[ -f "$B/lib/libwqcl.so" ] || fail "$B/lib/libwqcl.so missing (make build)"
mkdir -p "$B/tests/mathlib"
cc -std=c11 -Wall -Wextra -Werror -O1 tests/mathlib/host.c -Itests/opencl -o "$B/tests/mathlib/host" -lOpenCL ||
    fail "tests/mathlib/host.c does not compile"
case " $* " in
*" --bench "*) ;;
*) "$py" scripts/mathlib_coeffs.py --check || exit 1 ;;
esac
exec "$py" scripts/mathlib_check.py "$@"
