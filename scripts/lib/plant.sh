# plant.sh -- a planted RTL bug for the lockstep harness (sourced by
# scripts/mismatch_demo.sh and scripts/commit_plant.sh, which define fail()):
# a copy of rtl/ with one line changed, the harness built on the copy and
# on rtl/, and the two runs of one program that must differ.

# plant_copy DIR FILE ANCHOR WRONG: DIR/rtl is rtl/ with ANCHOR replaced by
# WRONG in rtl/FILE (found exactly once, one line changed); an unchanged
# copy keeps its timestamps, so its build stays cached
plant_copy() {
    local d=$1 f=$2 anchor=$3 wrong=$4 n
    [ -f "rtl/$f" ] || fail "rtl/$f not found"
    n=$(grep -cF -- "$anchor" "rtl/$f" || true)
    [ "$n" = 1 ] || fail "anchor '$anchor' found $n times in rtl/$f (expected exactly once)"
    mkdir -p "$d"
    rm -rf "$d/rtl.new"
    cp -rp rtl "$d/rtl.new"
    awk -v a="$anchor" -v w="$wrong" '{ i = index($0, a); if (i) $0 = substr($0, 1, i - 1) w substr($0, i + length(a)); print }' \
        "rtl/$f" > "$d/rtl.new/$f"
    [ "$(grep -cF -- "$wrong" "$d/rtl.new/$f")" = 1 ] || fail "the edit did not apply"
    [ "$(diff "rtl/$f" "$d/rtl.new/$f" | grep -c '^[<>]')" = 2 ] || fail "the edit changed more than one line"
    if [ -d "$d/rtl" ] && diff -r -q "$d/rtl" "$d/rtl.new" > /dev/null; then
        rm -rf "$d/rtl.new"
    else
        rm -rf "$d/rtl"
        mv "$d/rtl.new" "$d/rtl"
    fi
}

# plant_runs DIR PROG SEED [PARAMS...]: PROG on rtl/ must agree (DIR/good.log)
# and on DIR/rtl must stop with exit 1 and a `MISMATCH at cycle N (seed ...`
# line (DIR/bad.log); the parameter set of scripts/cosim_build.sh (default
# 4 8 32 6 32, the default configuration)
plant_runs() {
    local d=$1 prog=$2 seed=$3 good bad rc=0
    local p=("${@:4}")
    [ ${#p[@]} -gt 0 ] || p=(4 8 32 6 32)
    good=$(bash scripts/cosim_build.sh "${p[@]}") || fail "cosim build (rtl/)"
    # the copy runs one short program: its build dominates, so -O0 C++ (as
    # scripts/mutate.sh builds its mutants)
    bad=$(WQ_VERILATOR_FLAGS="${WQ_VERILATOR_FLAGS:-} -MAKEFLAGS OPT_FAST=-O0 -MAKEFLAGS OPT_SLOW=-O0 -MAKEFLAGS OPT_GLOBAL=-O0" \
        bash scripts/cosim_build.sh --rtl "$d/rtl" --out "$d/build" "${p[@]}") || fail "cosim build ($d/rtl)"
    "$good" "$prog" --seed "$seed" > "$d/good.log" 2>&1 || { tail -30 "$d/good.log"; fail "$prog on rtl/ (log: $d/good.log)"; }
    grep -q '^mismatches: 0$' "$d/good.log" || fail "$prog on rtl/: no 'mismatches: 0'"
    "$bad" "$prog" --seed "$seed" > "$d/bad.log" 2>&1 || rc=$?
    [ "$rc" = 1 ] || { tail -30 "$d/bad.log"; fail "broken RTL: exit $rc, expected 1 (log: $d/bad.log)"; }
    grep -qE "^MISMATCH at cycle [0-9]+ \(seed $seed, program $prog, step [0-9]+\)$" "$d/bad.log" ||
        fail "no 'MISMATCH at cycle N (seed $seed, ...' line (log: $d/bad.log)"
    grep -q '^mismatches: 1$' "$d/bad.log" || fail "no 'mismatches: 1' (log: $d/bad.log)"
}
