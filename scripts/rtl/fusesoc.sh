#!/usr/bin/env bash
# rtl/fusesoc.sh -- the FuseSoC core (warpq.core) in `make test` (run by
# scripts/rtl_test.sh): its `lint` target (verilator --lint-only -Wall on
# wq_uart_top, wq_top and everything below, from the core's filesets and
# the generated headers) and its `lint_fpu` and `lint_fp_fma` targets (the FPU's units) must pass, and the same target on a core with a
# planted warning must fail -- so a passing lint is a lint that ran.
# FuseSoC comes from PyPI into .venv (scripts/deps.sh).
# Usage: bash scripts/rtl/fusesoc.sh          (seed arguments are ignored)
set -euo pipefail
cd "$(dirname "$0")/../.."
fail() { echo "rtl_test: FAIL: fusesoc: $*" >&2; exit 1; }
FS=.venv/bin/fusesoc
[ -x "$FS" ] || fail "$FS not installed (make deps)"
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh build/gen/wq_ue.vh build/gen/wq_ue_sched.vh \
    >/dev/null || fail "make build/gen/*.vh"
mkdir -p build/fusesoc
log=build/fusesoc/lint.log
if ! "$FS" --cores-root . run --build-root build/fusesoc/warpq --target lint \
        warpq:gpu:warpq > "$log" 2>&1; then
    tail -30 "$log" >&2; fail "the lint target failed (log: $log)"
fi
# the FPU's units, standalone until the core instantiates them
if ! "$FS" --cores-root . run --build-root build/fusesoc/warpq --target lint_fpu \
        warpq:gpu:warpq > build/fusesoc/lint_fpu.log 2>&1; then
    tail -30 build/fusesoc/lint_fpu.log >&2; fail "the lint_fpu target failed (log: build/fusesoc/lint_fpu.log)"
fi
if ! "$FS" --cores-root . run --build-root build/fusesoc/warpq --target lint_fp_fma \
        warpq:gpu:warpq > build/fusesoc/lint_fp_fma.log 2>&1; then
    tail -30 build/fusesoc/lint_fp_fma.log >&2; fail "the lint_fp_fma target failed (log: build/fusesoc/lint_fp_fma.log)"
fi
# the same target must fail on a planted warning (an unused signal)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
mkdir -p "$t/rtl"
sed -n '/^CAPI=2:/,/^filesets:/p' warpq.core | sed 's/^name: .*/name: warpq:test:planted:0/' > "$t/planted.core"
cat >> "$t/planted.core" <<'CORE'
  rtl:
    files: [rtl/planted.v]
    file_type: verilogSource
targets:
  lint:
    filesets: [rtl]
    toplevel: planted
    default_tool: verilator
    tools:
      verilator:
        mode: lint-only
        verilator_options: [-Wall]
CORE
printf '`default_nettype none\nmodule planted(input wire i_a, output wire o_b);\n\twire dead_x = i_a;\n\tassign o_b = 1'"'"'b0;\nendmodule\n' > "$t/rtl/planted.v"
if "$FS" --cores-root "$t" run --build-root "$t/build" --target lint warpq:test:planted \
        > "$t/planted.log" 2>&1; then
    cat "$t/planted.log" >&2; fail "the lint target passed a planted warning"
fi
grep -q 'UNUSED' "$t/planted.log" || { cat "$t/planted.log" >&2; fail "the planted lint failed, but not on the warning"; }
echo "rtl_test: fusesoc lint targets clean (warpq.core: wq_uart_top, wq_top; lint_fpu: wq_fp_add; lint_fp_fma: wq_fp_fma); a planted warning fails it"
