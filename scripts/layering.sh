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
