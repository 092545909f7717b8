#!/usr/bin/env bash
# spec_check.sh -- the tables in cmodel/spec/ are the only source of every
# encoding (DESIGN §3).  This script proves it, in three steps:
#  1. every table row of every .def is expanded by the generator (a table
#     added to a .def but not to cmodel/tools/gen_registry.c fails here);
#  2. the Verilog view equals the C view value by value: the generated
#     testbench, compiled by Icarus against build/gen/wq_defs.vh, prints
#     NAME=value for every define, and that must equal `wq_gen vlist`, which
#     prints the values the C compiler computed from defs.h (the rows only
#     software reads, kabi.def and nq.def, are in no Verilog header);
#  3. no hand-written constant duplicates a table row (the drift check,
#     `wq_gen check`, over the sources, the firmware, the benches, the
#     scripts and the .wqs programs and device library), after a self-test
#     on deliberately bad files proves the check fires.
# Usage: bash scripts/spec_check.sh        (from anywhere; run by make test)
set -euo pipefail
cd "$(dirname "$0")/.."
GEN=build/bin/wq_gen
VH=build/gen/wq_defs.vh

fail() { echo "spec_check: FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

make -s "$GEN" "$VH" >/dev/null || fail "could not build $GEN / $VH"
# regenerate even when make thinks it is fresh: the header must be exactly
# what the current tables give
"$GEN" vh > "$tmp/wq_defs.vh" || fail "wq_gen vh failed"
cmp -s "$tmp/wq_defs.vh" "$VH" || cp "$tmp/wq_defs.vh" "$VH"

# ---- 1. every table is expanded ---------------------------------------------
# A row is a line that starts with MACRO( ; comments in the .def files start
# with /* or *, so they never match.
for f in cmodel/spec/*.def; do
    awk -v f="$(basename "$f")" '
        match($0, /^[ \t]*[A-Z][A-Z0-9_]*\(/) {
            m = substr($0, RSTART, RLENGTH - 1); gsub(/[ \t]/, "", m)
            n[m]++
        }
        END { for (m in n) print f, m, n[m] }' "$f"
done | LC_ALL=C sort > "$tmp/rows.def"
"$GEN" tables | LC_ALL=C sort > "$tmp/rows.gen"
if ! diff -u --label 'rows in cmodel/spec/*.def' --label 'rows wq_gen expands' \
        "$tmp/rows.def" "$tmp/rows.gen" > "$tmp/rows.diff"; then
    cat "$tmp/rows.diff" >&2
    fail "a table (FILE MACRO ROWS above) is not expanded by cmodel/tools/gen_registry.c"
fi

# ---- 2. Verilog view == C view -----------------------------------------------
"$GEN" list > "$tmp/c.txt"          # every row (the self-test's values below)
"$GEN" vlist > "$tmp/cv.txt"        # the rows of the Verilog headers
"$GEN" tb > "$tmp/tb.v"
iverilog -g2005 -Wall -I build/gen -o "$tmp/tb.vvp" "$tmp/tb.v" 2> "$tmp/iv.err" || {
    cat "$tmp/iv.err" >&2; fail "iverilog could not compile the generated header"; }
if [ -s "$tmp/iv.err" ]; then
    cat "$tmp/iv.err" >&2; fail "iverilog warns on the generated header"
fi
vvp -n "$tmp/tb.vvp" | grep '^WQ_' > "$tmp/v.txt" || true
if ! diff -u --label 'C view (wq_gen vlist, from defs.h)' \
        --label "Verilog view ($VH via iverilog)" "$tmp/cv.txt" "$tmp/v.txt"; then
    fail "the Verilog header disagrees with the C tables (diff above)"
fi
ndefs=$(wc -l < "$tmp/cv.txt")
[ "$ndefs" -gt 0 ] || fail "wq_gen vlist printed nothing"

# ---- 3a. drift check self-test -------------------------------------------------
# tests/spec/drift/ holds files that copy table rows in every way the check
# knows (lines marked "expect: WQ_NAME") next to near misses that must stay
# quiet.  @HEX:NAME@ / @DEC:NAME@ are replaced by the row's current value so
# the self-test follows the tables.  The files are laid out as in the tree
# (C in cmodel/model, Verilog in rtl, .wqs in tests/programs/lib) inside a
# temp dir, since which checks
# apply depends on the file name.
st="$tmp/selftest"
mkdir -p "$st/cmodel/model" "$st/rtl" "$st/fw/sched" "$st/tb/verilator/x" "$st/scripts" \
         "$st/tests/programs/lib"
for f in tests/spec/drift/*; do
    case "$f" in
        *.c|*.h) dst="$st/cmodel/model/$(basename "$f")" ;;
        *.v|*.vh) dst="$st/rtl/$(basename "$f")" ;;
        *.ues|*.inc) dst="$st/fw/sched/$(basename "$f")" ;;
        *.cpp) dst="$st/tb/verilator/x/$(basename "$f")" ;;
        *.sh|*.py) dst="$st/scripts/$(basename "$f")" ;;
        *.wqs) dst="$st/tests/programs/lib/$(basename "$f")" ;;
        *) continue ;;
    esac
    awk -F= 'NR == FNR { val[$1] = $2; next }
        {
            while (match($0, /@(HEX|DEC):[A-Z0-9_]+@/)) {
                tag = substr($0, RSTART + 1, RLENGTH - 2)
                split(tag, p, ":")
                if (!(p[2] in val)) {
                    print FILENAME ": unknown define " p[2] > "/dev/stderr"
                    exit 1
                }
                v = p[1] == "HEX" ? sprintf("%X", val[p[2]]) : val[p[2]]
                $0 = substr($0, 1, RSTART - 1) v substr($0, RSTART + RLENGTH)
            }
            print
        }' "$tmp/c.txt" "$f" > "$dst" || fail "self-test template $f"
done
(
    cd "$st"
    sel=(cmodel/model/* rtl/* fw/sched/* tb/verilator/x/* scripts/* tests/programs/lib/*)
    for d in fw/sched tb/verilator/x scripts tests/programs/lib; do
        ls "$d"/* > /dev/null 2>&1 || { echo "no planted copy under $d" >&2; exit 2; }
    done
    grep -Ho -n 'expect: WQ_[A-Z0-9_]*' "${sel[@]}" |
        sed 's/^\([^:]*:[0-9]*\):expect: /\1 /' | LC_ALL=C sort > ../expect.txt
    rc=0
    "$OLDPWD/$GEN" check "${sel[@]}" > ../got.raw || rc=$?
    [ "$rc" -le 1 ] || exit 2
    sed -n 's/^\([^:]*:[0-9]*\): .* duplicates `\([A-Z0-9_]*\) .*/\1 \2/p' \
        ../got.raw | LC_ALL=C sort > ../got.txt
) || fail "drift self-test could not run"
if ! diff -u --label 'expected (expect: markers)' --label 'wq_gen check' \
        "$tmp/expect.txt" "$tmp/got.txt"; then
    cat "$tmp/got.raw" >&2
    fail "drift check self-test: the check missed a copy or fired on a near miss"
fi
[ -s "$tmp/expect.txt" ] || fail "drift self-test has no expect: markers"

# ---- 3b. drift check on the tree --------------------------------------------------
mapfile -t files < <({
    for d in cmodel/model cmodel/asm cmodel/gen cmodel/ue cmodel/tools \
             cmodel/include cmodel/driver cmodel/compiler cmodel/runtime rtl \
             fpga fw tb scripts tests/programs; do
        [ -d "$d" ] && find "$d" -type f \( -name '*.c' -o -name '*.h' \
            -o -name '*.v' -o -name '*.vh' -o -name '*.sv' -o -name '*.svh' \
            -o -name '*.cpp' -o -name '*.ues' -o -name '*.inc' -o -name '*.sh' \
            -o -name '*.py' -o -name '*.wqs' \)
    done
    echo scripts/regress; } | grep -v -e '^cmodel/include/wq/defs\.h$' -e '/spec/' |
    LC_ALL=C sort)
ndup=0
if [ ${#files[@]} -gt 0 ]; then
    rc=0
    "$GEN" check "${files[@]}" > "$tmp/drift.txt" || rc=$?
    [ "$rc" -le 1 ] || fail "wq_gen check could not read the tree"
    ndup=$(wc -l < "$tmp/drift.txt")
fi
if [ "$ndup" -ne 0 ]; then
    cat "$tmp/drift.txt" >&2
    echo "Use the generated name (C: wq/defs.h, Verilog: \`include \"wq_defs.vh\")," >&2
    echo "or mark a deliberate coincidence with a 'spec_check: ok' comment." >&2
    fail "$ndup hand-written constant(s) duplicate a table row"
fi
echo "spec_check: ${#files[@]} files scanned;" \
     "self-test caught $(wc -l < "$tmp/expect.txt") planted copies"
echo "spec_check: $ndefs defines agree, 0 duplicates"
