#!/usr/bin/env bash
# fp_check.sh -- the golden model's floating point, end to end:
#  1. the binary32 core (cmodel/model/fp32.c) against Berkeley SoftFloat
#     (PyPI softfloatpy, in .venv: make deps) bit for bit, COUNT operations
#     per operation (build/bin/wq_fpcheck, tests/fp/fp_check.c);
#  2. the FP instructions in a program (tests/programs/fp/fp_ops.wqs) on the
#     model with an FPU (wq run --fp 1): every .expect holds;
#  3. the same program on the default machine (fp 0, as the RTL): the first
#     FP instruction traps ILLEGAL_INSTR.
# The RTL side of 3 (both schedulers trap the FP opcodes in lockstep with
# the model) is tests/programs/fp/fp_trap.wqs in scripts/rtl/core.sh and
# scripts/rtl/sched.sh.
# Usage: bash scripts/fp_check.sh [--count N] [--seed S]   (default 100000, 1)
# Prints fp_ops_tested: / fp_mismatches: (make bench reads them).
set -euo pipefail
cd "$(dirname "$0")/.."
B=${B:-build}
count=100000 seed=1
while [ $# -gt 0 ]; do
    case $1 in
    --count) count=$2; shift 2 ;;
    --seed)  seed=$2; shift 2 ;;
    *) echo "usage: $0 [--count N] [--seed S]" >&2; exit 2 ;;
    esac
done
fail() { echo "fp_check: FAIL: $*" >&2; exit 1; }
py=.venv/bin/python
[ -x "$py" ] || fail "no .venv/bin/python (make deps)"
so=$("$py" -c 'import softfloatpy._core as m; print(m.__file__)' 2>/dev/null) ||
    fail "softfloatpy is not installed in .venv (make deps)"
# the extension module's Python glue needs libpython's symbols present
libpy=$("$py" -c 'import sysconfig as s, os; print(os.path.join(s.get_config_var("LIBDIR"), s.get_config_var("INSTSONAME")))')
[ -f "$libpy" ] || libpy=$(ldconfig -p | awk -v n="$(basename "$libpy")" '$1 == n { print $NF; exit }')
[ -n "$libpy" ] && [ -f "$libpy" ] || fail "cannot find libpython for $so"
make -s B="$B" build >/dev/null || fail "make build"

"$B/bin/wq_fpcheck" --softfloat "$so" --python "$libpy" --count "$count" --seed "$seed" ||
    fail "the binary32 core disagrees with SoftFloat (lines above)"

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
prog=tests/programs/fp/fp_ops.wqs
"$B/bin/wq" run --fp 1 "$prog" > "$out/fp1.log" 2>&1 ||
    { cat "$out/fp1.log"; fail "$prog with --fp 1"; }
n=$(grep -c '^\.expect' "$prog")
grep -q "^expects: $n/$n ok" "$out/fp1.log" || { cat "$out/fp1.log"; fail "$prog: not $n/$n expects"; }
if "$B/bin/wq" run "$prog" > "$out/fp0.log" 2>&1; then
    fail "$prog ran on a machine without an FPU"
fi
# ... at the first FP instruction (its index from the listing)
pc=$("$B/bin/wq" asm "$prog" --list | awk '$4 ~ /^f[a-z0-9]*(\.|$)|^[iu]2f/ { print $1; exit }')
[ -n "$pc" ] || fail "$prog: no FP instruction in the listing"
grep -q "^result: TRAP ILLEGAL_INSTR" "$out/fp0.log" && grep -q "warp 0 pc=$pc " "$out/fp0.log" ||
    { cat "$out/fp0.log"; fail "$prog (fp 0): no ILLEGAL_INSTR trap at pc $pc"; }
echo "fp_check: $prog: $n/$n expects with --fp 1; without an FPU ILLEGAL_INSTR at pc $pc"
