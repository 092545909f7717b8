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
#        bash scripts/layering.sh --selftest   (the include check's own test)
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

# ---- the include graph (docs/model/layout.md "Headers") --------------------
# The link check (after this section) sees only symbols; a header can leak
# a library's types and inline code without one.  So the include graph is
# checked too, from the sources (quoted includes, resolved as the compiler
# does: the including file's folder, then cmodel/include, then the -I
# folder of a private header), before the objects:
#   (a) a private header -- any .h inside cmodel/<lib>/ -- is included only
#       from its own folder, or from the files inc_private_ok lists;
#   (b) a library's sources and its public headers (inc_owner) reach, through
#       their includes and transitively through the headers they include,
#       only its own headers, the spec's and the public headers of libraries
#       it may use (the `uses` table above; tools use everything).
# Every offence is printed with its include chain, file:line by file:line.
# `--selftest` plants a private include, an upward include and a transitive
# one in a copy of the tree and requires each to fail.

# each public header's library; spec: the tables' C view (defs.h, regs.h),
# which every library may include
declare -A inc_owner=(
    [defs.h]=spec [regs.h]=spec
    [model.h]=model [deque.h]=model [encode.h]=model [fp32.h]=model [isa.h]=model [mem.h]=model
    [mempath.h]=model [sem.h]=model [timeline.h]=model [token.h]=model
    [trace.h]=model [wrap.h]=model
    [ue.h]=ue
    [asm.h]=asm [loader.h]=asm
    [gen.h]=gen [stream.h]=gen
    [dev.h]=driver [drv.h]=driver [nested.h]=driver [nq.h]=driver [uart.h]=driver
    [cc.h]=compiler
    [cl.h]=runtime
)
# what each library may include besides its own and the spec's headers: the
# `uses` table above; the tools use every library, the spec none
declare -A inc_uses=([spec]="" [tools]="${!uses[*]}")
for l in "${!uses[@]}"; do inc_uses[$l]=${uses[$l]}; done
# the files outside a library that may include its private headers: unit
# tests of its internals, which the Makefile compiles with the folder on
# their -I path (XFLAGS), and two host programs the test scripts build
inc_private_ok() {   # file private-folder -> 0 when allowed
    case "$2:$1" in
        runtime:tests/unit/test_cl_*.c) return 0 ;;              # Makefile XFLAGS
        compiler:tests/unit/test_cc_*.c|compiler:tests/unit/cc_ir_util.h) return 0 ;;  # Makefile XFLAGS
        gen:tests/unit/test_gen_cl.c) return 0 ;;                 # the kernel generator's AST and oracle
        runtime:tests/opencl/kernels/wqs2bin.c) return 0 ;;       # scripts/opencl.sh: the binary writer
        tools:tests/kernels/run.c) return 0 ;;                    # scripts/kernels.sh: the //@ parser (kfile.h)
    esac
    return 1
}

inc_norm() {   # a/b/../c -> a/c, in $REPLY
    local IFS=/ p out=()
    for p in $1; do
        case "$p" in
            ''|.) ;;
            ..) [ ${#out[@]} -gt 0 ] && unset 'out[${#out[@]}-1]' ;;
            *) out+=("$p") ;;
        esac
    done
    REPLY="${out[*]}"
}

# inc_check ROOT: check the tree at ROOT; 0 when it holds, 1 (offences on
# stderr) when not
inc_check() (
    cd "$1" || exit 2
    local -A priv=() kind=() edges=() seen=() pred=()
    local f d n h o line file name tgt l
    # private headers by name (a bare "x.h" reaches them through -I)
    for h in cmodel/*/*.h; do
        d=${h#cmodel/}; d=${d%%/*}
        [ "$d" = include ] && continue
        priv[${h##*/}]=$h
        kind[$h]=private:$d
    done
    for h in cmodel/include/wq/*.h; do
        n=${h##*/}
        [ -n "${inc_owner[$n]:-}" ] || { echo "layering: $h belongs to no library (inc_owner in scripts/layering.sh)" >&2; exit 1; }
        kind[$h]=${inc_owner[$n]}
    done
    for h in cmodel/spec/*; do kind[$h]=spec; done
    # the edges: "file:line target" per quoted include that resolves
    local bad=0
    while IFS=$'\t' read -r file line name; do
        d=${file%/*}
        inc_norm "$d/$name"; tgt=$REPLY
        if [ ! -f "$tgt" ]; then
            if [ -f "cmodel/include/$name" ]; then tgt=cmodel/include/$name
            elif [ -n "${priv[${name##*/}]:-}" ]; then tgt=${priv[${name##*/}]}
            else continue   # a system, generated or Verilator header
            fi
        fi
        edges[$file]+="$line:$tgt "
        # (a): a private header outside its folder
        o=${kind[$tgt]:-}
        if [ "${o%%:*}" = private ]; then
            d=${o#private:}
            case "$file" in cmodel/"$d"/*) ;; *)
                inc_private_ok "$file" "$d" ||
                    { echo "layering: $file:$line includes $tgt, private to cmodel/$d/" >&2; bad=1; } ;;
            esac
        fi
    done < <(find cmodel tests tb -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' -o -name '*.def' \) \
                 -exec awk '/^[ \t]*#[ \t]*include[ \t]*"/ { s = $0; sub(/^[^"]*"/, "", s); sub(/".*$/, "", s);
                                                              print FILENAME "\t" FNR "\t" s }' {} + | LC_ALL=C sort)
    # (b): walk each library's files and public headers through its includes
    for l in "${!inc_uses[@]}"; do
        local -A seen=() pred=()
        local queue=() qi=0
        for f in cmodel/"$l"/*.[ch] cmodel/include/wq/*.h cmodel/spec/*; do
            [ -f "$f" ] || continue
            case "$f" in
                cmodel/include/*) [ "${kind[$f]}" = "$l" ] || continue ;;
                cmodel/spec/*) [ "$l" = spec ] || continue ;;
            esac
            seen[$f]=1; queue+=("$f")
        done
        while [ $qi -lt ${#queue[@]} ]; do
            f=${queue[$qi]}; qi=$((qi + 1))
            for e in ${edges[$f]:-}; do
                line=${e%%:*}; tgt=${e#*:}
                o=${kind[$tgt]:-}
                [ -n "$o" ] || continue                 # a test's own header
                [ "${o%%:*}" = private ] && [ "$o" != "private:$l" ] && continue   # (a) reports it
                [ -n "${seen[$tgt]:-}" ] && continue
                case " $l spec private:$l ${inc_uses[$l]} " in
                *" $o "*) seen[$tgt]=1; pred[$tgt]="$f:$line"; queue+=("$tgt") ;;
                *)  # the chain back to the library's own file
                    local chain="$tgt ($o)" p="$f:$line"
                    while :; do
                        chain="$p -> $chain"
                        [ -n "${pred[${p%:*}]:-}" ] || break
                        p=${pred[${p%:*}]}
                    done
                    echo "layering: $l may not include $o's headers: $chain" >&2
                    bad=1 ;;
                esac
            done
        done
        unset seen pred
    done
    exit $bad
)

# plant each kind of offence in a copy of the tree; each must fail, with the
# message that names it, and the clean copy must pass
inc_selftest() {
    inc_tmp=$(mktemp -d)
    trap 'rm -rf "$inc_tmp"' EXIT
    local t=$inc_tmp
    cp -r cmodel tests tb "$t"/
    local ok=1
    inc_check "$t" 2>"$t/out" || { echo "layering selftest: the clean tree fails:" >&2; cat "$t/out" >&2; return 1; }
    plant() {   # file text expected-message (an extended regular expression)
        local f="$t/$1"
        cp "$f" "$t/saved" 2>/dev/null || : > "$t/saved"
        printf '%s\n' "$2" >> "$f"
        if inc_check "$t" 2>"$t/out"; then
            echo "layering selftest: FAIL: '$2' in $1 passes" >&2; ok=0
        elif ! grep -qE -- "$3" "$t/out"; then
            echo "layering selftest: FAIL: '$2' in $1 fails without '$3':" >&2; cat "$t/out" >&2; ok=0
        else
            echo "layering selftest: '$2' in $1 fails: $(head -1 "$t/out")"
        fi
        cp "$t/saved" "$f"
    }
    plant cmodel/tools/cli_run.c '#include "../runtime/cl_int.h"' \
        '^layering: cmodel/tools/cli_run.c:[0-9]+ includes cmodel/runtime/cl_int.h, private to cmodel/runtime/$'
    plant tests/unit/test_drv.c '#include "cc_int.h"' \
        '^layering: tests/unit/test_drv.c:[0-9]+ includes cmodel/compiler/cc_int.h, private to cmodel/compiler/$'
    plant cmodel/compiler/preprocess.c '#include "wq/nq.h"' \
        "^layering: compiler may not include driver's headers: cmodel/compiler/preprocess.c:[0-9]+ -> cmodel/include/wq/nq.h \\(driver\\)$"
    plant cmodel/include/wq/asm.h '#include "gen.h"' \
        "^layering: asm may not include gen's headers: cmodel/include/wq/asm.h:[0-9]+ -> cmodel/include/wq/gen.h \\(gen\\)$"
    # found only through the walk: the compiler includes regs.h, which is allowed
    plant cmodel/include/wq/regs.h '#include "model.h"' \
        "^layering: compiler may not include model's headers: cmodel/compiler/[a-z_]+\\.c:[0-9]+ -> cmodel/include/wq/regs.h:[0-9]+ -> cmodel/include/wq/model.h \\(model\\)$"
    [ "$ok" = 1 ] || return 1
    echo "layering selftest: every planted include fails"
}

case "${1:-}" in
    --selftest) inc_selftest; exit ;;
    "") ;;
    *) echo "usage: bash scripts/layering.sh [--selftest]" >&2; exit 2 ;;
esac
inc_check . || fail "a file includes a header against the layering (docs/model/layout.md \"Headers\")"
echo "layering: include graph holds: private headers stay in their folder, public ones follow the dependency direction"

# ---- the link direction, on the objects -----------------------------------

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
