#!/usr/bin/env bash
# layering.sh -- the C libraries' dependency direction (docs/model/layout.md),
# checked on the built objects: every symbol a library leaves undefined must
# be defined in the library itself, in one it is allowed to use, or outside
# the project (libc).  The golden model uses nothing else, so it can be
# linked into any bench or wrapper alone.  Run by `make test`.
#
#   model   -> (nothing)          the golden model
#   ue      -> (nothing)          micro-engine tools
#   asm     -> model              assembler, disassembler, loader
#   gen     -> asm model          random programs and streams (wqstream)
#   driver  -> asm model          driver, model backend, nested scenarios
#   compiler -> (nothing)         the OpenCL C compiler (it writes .wqs text;
#                                 the encodings come from the spec headers)
#   runtime -> driver compiler asm model   the OpenCL runtime (libwqcl.so's
#                                 objects, archived as libwqcl.a)
#
# Usage: bash scripts/layering.sh        (after `make libs`)
#
# The compiler's files are checked too (section "file-level call graph"
# below): no two of libwqcc.a's objects may call each other in a circle,
# so its stages read as a sequence (docs/compiler.md "Stages").
set -euo pipefail
cd "$(dirname "$0")/.."
B=build/lib
fail() { echo "layering: FAIL: $*" >&2; exit 1; }

declare -A file=(
    [model]=libwqmodel.a [ue]=libwque.a [asm]=libwqasm.a
    [gen]=libwqgen.a [driver]=libwqdrv.a [runtime]=libwqcl.a [compiler]=libwqcc.a
)
declare -A uses=(
    [model]="" [ue]="" [asm]="model" [gen]="asm model" [driver]="asm model"
    [runtime]="driver compiler asm model" [compiler]=""
)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# defined symbols of every library: "symbol library"
for l in "${!file[@]}"; do
    [ -f "$B/${file[$l]}" ] || fail "$B/${file[$l]} missing (make libs)"
    nm -g --defined-only "$B/${file[$l]}" 2>/dev/null |
        awk -v l="$l" 'NF == 3 { print $3, l }'
done | LC_ALL=C sort -u > "$tmp/defs"

bad=0
for l in "${!file[@]}"; do
    # symbols the library needs from outside itself
    nm -g --undefined-only "$B/${file[$l]}" | awk 'NF == 2 { print $2 }' |
        LC_ALL=C sort -u > "$tmp/und"
    awk '$2 == "'"$l"'" { print $1 }' "$tmp/defs" > "$tmp/own"
    LC_ALL=C join "$tmp/und" "$tmp/defs" | while read -r sym owner; do
        [ "$owner" = "$l" ] && continue
        grep -qx "$sym" "$tmp/own" && continue
        case " ${uses[$l]} " in *" $owner "*) ;;
        *) echo "layering: $l (${file[$l]}) uses $sym from $owner, which it may not" ;;
        esac
    done > "$tmp/viol.$l"
    if [ -s "$tmp/viol.$l" ]; then
        cat "$tmp/viol.$l" >&2
        bad=1
    fi
done
[ "$bad" = 0 ] || fail "a library reaches against the dependency direction"
echo "layering: ${#file[@]} libraries, dependency direction holds"

# ---- file-level call graph of the compiler ------------------------------------
# Within libwqcc.a, object A uses object B when A leaves undefined a symbol
# B defines; that graph must have no cycle.  acyclic ARCHIVE prints the
# first cycle it finds as "a.o -> b.o (sym) -> ... -> a.o" and returns 1.
# Each run also plants a cycle in a two-object archive and requires the
# check to find it (and to pass once the cycle is broken), so a check that
# cannot fail does not pass silently.
acyclic() {
    local ar=$1
    # "object symbol" lines: what each member defines, what it leaves undefined
    nm -g -A --defined-only "$ar" 2>/dev/null |
        awk 'NF == 3 { n = split($1, p, ":"); print p[n - 1], $3 }' | LC_ALL=C sort -k2 > "$tmp/cg_def"
    nm -g -A --undefined-only "$ar" 2>/dev/null |
        awk 'NF == 3 { n = split($1, p, ":"); print p[n - 1], $3 }' | LC_ALL=C sort -k2 > "$tmp/cg_und"
    # edges "user owner symbol", one per symbol
    LC_ALL=C join -1 2 -2 2 -o 1.1,2.1,0 "$tmp/cg_und" "$tmp/cg_def" |
        awk '$1 != $2' | LC_ALL=C sort > "$tmp/cg_edge"
    awk '
        { if (!(($1, $2) in sym)) { adj[$1] = adj[$1] " " $2; sym[$1, $2] = $3 }
          else sym[$1, $2] = sym[$1, $2] "," $3
          if (!($1 in seen)) { seen[$1]; order[++nn] = $1 } }
        function dfs(u,    i, j, n, vs, v, s) {
            state[u] = 1; stack[++sp] = u
            n = split(adj[u], vs, " ")
            for (i = 1; i <= n; i++) {
                v = vs[i]
                if (state[v] == 1) {
                    for (j = 1; stack[j] != v; j++) ;
                    s = stack[j]
                    for (; j < sp; j++) s = s " -> " stack[j + 1] " (" sym[stack[j], stack[j + 1]] ")"
                    print s " -> " v " (" sym[u, v] ")"
                    return 1
                }
                if (!state[v] && dfs(v)) return 1
            }
            state[u] = 2; sp--
            return 0
        }
        END { for (k = 1; k <= nn; k++) if (!state[order[k]] && dfs(order[k])) exit 1 }
    ' "$tmp/cg_edge"
}

# the planted cycle: a.o and b.o call each other; then b.o no longer does
cc_=${CC:-cc}
printf 'int b1(void);\nint a1(void) { return b1(); }\n' > "$tmp/a.c"
printf 'int a1(void);\nint b1(void) { return a1(); }\n' > "$tmp/b.c"
$cc_ -c -o "$tmp/a.o" "$tmp/a.c" && $cc_ -c -o "$tmp/b.o" "$tmp/b.c" || fail "cannot compile the planted cycle"
ar rc "$tmp/cycle.a" "$tmp/a.o" "$tmp/b.o"
out=$(acyclic "$tmp/cycle.a") && fail "the call-graph check misses a planted cycle (a.o <-> b.o)"
[ "$out" = "a.o -> b.o (b1) -> a.o (a1)" ] || fail "the call-graph check reports the planted cycle as: $out"
printf 'int b1(void) { return 1; }\n' > "$tmp/b.c"
$cc_ -c -o "$tmp/b.o" "$tmp/b.c" || fail "cannot compile the planted cycle"
rm -f "$tmp/cycle.a"
ar rc "$tmp/cycle.a" "$tmp/a.o" "$tmp/b.o"
acyclic "$tmp/cycle.a" > /dev/null || fail "the call-graph check sees a cycle where there is none"

cyc=$(acyclic "$B/libwqcc.a") ||
    fail "the compiler's files call each other in a circle (docs/compiler.md \"Stages\"): $cyc"
echo "layering: $(ar t "$B/libwqcc.a" | wc -l) compiler objects, their calls form no cycle (a planted one is found)"
