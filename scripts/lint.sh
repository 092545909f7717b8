#!/usr/bin/env bash
# lint.sh -- warnings are errors (run by `make lint`).
#  * every C file under cmodel/ is compiled with -Werror and the Makefile's
#    own warning flags -- read from the Makefile, so the two never differ --
#    into a scratch directory;
#  * cppcheck (when installed): warning and portability checks, no style;
#  * Verilog (when rtl/*.v exist): verilator --lint-only -Wall per module,
#    and Icarus (-g2005) over all of rtl/ together; and Yosys reads all of
#    rtl/ with FORMAL defined, so the `ifdef FORMAL` sections the others
#    never see (the formal jobs' properties) parse and elaborate at their
#    default parameters -- a clash there otherwise shows only when a
#    formal job, up to half an hour, fails to start.
# Lints whatever exists today; a missing tool is reported and skipped.
set -uo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
bad() { echo "lint: FAIL: $*" >&2; status=1; }

# the generated header is an input of the RTL (and wq_gen is a C file too)
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh >/dev/null || bad "cannot generate build/gen/wq_defs.vh"

# ---- C --------------------------------------------------------------------
mkvar() {   # value of a Makefile variable, as make itself expands it
    make -s --no-print-directory -f Makefile -f - wq-lint-print <<<"wq-lint-print: ; @echo \$($1)"
}
CC_=$(mkvar CC); WFLAGS_=$(mkvar WFLAGS); INC_=$(mkvar INC)
[ -n "$WFLAGS_" ] || bad "could not read WFLAGS from the Makefile"
# (a job a file, as many at once as the machine has cores; a file that
# fails is named in $tmp/failed)
np=$(nproc 2>/dev/null || echo 2)
: > "$tmp/failed"
mapfile -t csrc < <(find cmodel -name '*.c' | LC_ALL=C sort)
export CC_ WFLAGS_ INC_ tmp
# shellcheck disable=SC2016  # expanded by the job's shell
printf '%s\n' "${csrc[@]}" | xargs -P "$np" -I{} bash -c '
    f={}; obj="$tmp/obj/${f%.c}.o"; mkdir -p "$(dirname "$obj")"
    # (flag lists split on purpose)
    $CC_ -O2 -g -Werror $WFLAGS_ $INC_ -c "$f" -o "$obj" || echo "$f" >> "$tmp/failed"'
while read -r f; do bad "$f"; done < "$tmp/failed"
echo "lint: ${#csrc[@]} C files compiled with -Werror $WFLAGS_"

if command -v cppcheck >/dev/null; then
    # Style is not enabled, yet cppcheck still reports a few style-severity
    # checks (arrayIndexThenCheck ...); those are printed but do not fail.
    # Known false positives, by check and file; prefer an inline
    # "// cppcheck-suppress <id>" in the source.  None today.
    known=()
    # shellcheck disable=SC2086
    cppcheck -q ${known[@]+"${known[@]}"} --error-exitcode=1 --enable=warning,portability \
        --std=c11 --inline-suppr --suppress=missingIncludeSystem \
        -D_GNU_SOURCE $INC_ -j "$(nproc 2>/dev/null || echo 2)" \
        --cppcheck-build-dir="$tmp" \
        --template='{file}:{line}:{column}: {severity}: {message} [{id}]' \
        cmodel 2> "$tmp/cppcheck.txt"
    rc=$?
    grep -E '^[^ ]+:[0-9]+:[0-9]+: style: ' "$tmp/cppcheck.txt" | sed 's/^/lint: (style) /'
    if grep -vqE '^[^ ]+:[0-9]+:[0-9]+: style: ' "$tmp/cppcheck.txt"; then
        grep -vE '^[^ ]+:[0-9]+:[0-9]+: style: ' "$tmp/cppcheck.txt" >&2
        bad "cppcheck"
    elif [ $rc -ne 0 ] && ! [ -s "$tmp/cppcheck.txt" ]; then
        bad "cppcheck exited $rc"
    else
        echo "lint: cppcheck clean (warning, portability)"
    fi
else
    echo "lint: cppcheck not installed; skipped"
fi

# ---- Verilog ----------------------------------------------------------------
shopt -s nullglob
rtl=(rtl/*.v rtl/core/*.v rtl/formal/*.v)   # (formal/: the interface property modules, empty outside FORMAL)
if [ ${#rtl[@]} -gt 0 ]; then
    if command -v verilator >/dev/null; then
        : > "$tmp/failed"
        # (-Irtl lets a module find the modules it instantiates; a job a
        # module, as many at once as cores)
        # shellcheck disable=SC2016  # expanded by the job's shell
        printf '%s\n' "${rtl[@]}" | xargs -P "$np" -I{} bash -c '
            f={}; verilator --lint-only -Wall -Ibuild/gen -Irtl -Irtl/core \
                --top-module "$(basename "$f" .v)" "$f" || echo "$f" >> "$tmp/failed"'
        while read -r f; do bad "verilator: $f"; done < "$tmp/failed"
        echo "lint: verilator -Wall on ${#rtl[@]} modules"
    else
        echo "lint: verilator not installed; skipped"
    fi
    if command -v iverilog >/dev/null; then
        iverilog -g2005 -Ibuild/gen -Irtl -Irtl/core -o "$tmp/rtl.vvp" "${rtl[@]}" || bad "iverilog: rtl/"
        echo "lint: iverilog -g2005 on rtl/"
    else
        echo "lint: iverilog not installed; skipped"
    fi
    if command -v yosys >/dev/null; then
        yosys -q -p "read_verilog -formal -D FORMAL -Ibuild/gen -Irtl -Irtl/core ${rtl[*]}" \
            > "$tmp/yosys_formal.log" 2>&1 ||
            { grep -i "error" "$tmp/yosys_formal.log" >&2; bad "yosys read_verilog -formal -D FORMAL: rtl/"; }
        echo "lint: yosys read_verilog -formal -D FORMAL on rtl/"
    else
        echo "lint: yosys not installed; the FORMAL sections not read"
    fi
    # the files' and clocked blocks' sizes (`make bench` prints them;
    # here its counter on a known input, and the figures)
    python3 scripts/rtl_size.py --selftest || bad "scripts/rtl_size.py --selftest"
    # the formal run's solver process (scripts/formal.sh's covers) on a
    # known input and a small incremental session
    if [ -x .venv/bin/python ] && .venv/bin/python -c 'import bitwuzla' 2>/dev/null; then
        .venv/bin/python scripts/smt_bitwuzla.py --selftest | sed 's/^/lint: /' || bad "scripts/smt_bitwuzla.py --selftest"
    else
        echo "lint: bitwuzla not in .venv (make deps); smt_bitwuzla.py not checked"
    fi
    # the board's RTL path tracer on a made-up netlist
    python3 scripts/fpga_rtl_path.py --selftest | sed 's/^/lint: /' || bad "scripts/fpga_rtl_path.py --selftest"
    # the boards page's per-module table from a made-up area run
    python3 scripts/area_table.py --selftest | sed 's/^/lint: /' || bad "scripts/area_table.py --selftest"
    python3 scripts/rtl_size.py | sed 's/^/lint: /' || bad "scripts/rtl_size.py"
    # every mutant's original text still in rtl/ exactly once (an RTL edit
    # that moves an anchor would otherwise show only in make mutate)
    bash scripts/mutate.sh --check | sed 's/^/lint: /' || bad "scripts/mutate.sh --check"
else
    echo "lint: no rtl/*.v yet"
fi

[ $status -eq 0 ] && echo "lint: ok"
exit $status
