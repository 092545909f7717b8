# verilator.sh -- what every Verilator bench script shares (sourced by
# scripts/rtl/*.sh and scripts/cosim_build.sh; docs/verification.md, "Bench
# harness").  One place decides where the RTL comes from, so a build of a
# mutated or broken copy (scripts/mutate.sh, mismatch_demo.sh) can never
# read a file of the unmutated tree.
#
#   vl_setup BLOCK        root, rtl (absolute: $WQ_RTL_DIR or rtl/), xflags
#                         ($WQ_VERILATOR_FLAGS), B (absolute build directory
#                         ${WQ_VERILATOR_DIR:-build/verilator}/BLOCK), fail();
#                         the C++ compiles as lib/vl_cxx.sh says (ccache,
#                         vl_mkopt)
#   vl_seeds "DEFAULT..." "$@"
#                         seeds=(the script's arguments, or the defaults)
#   vl_build DIR TOP BIN [VERILATOR ARGS / SOURCES...] [-- LIBRARY...]
#                         one bench binary DIR/BIN: -Wall, X's as seeded
#                         random values, FST tracing, the model's headers,
#                         the bench harness, the model's C++ compiled a few
#                         translation units at a time (lib/vl_make.sh);
#                         LIBRARY names build/lib/libwqNAME.a
#                         (model, asm, gen, ue, driver): a bench links only
#                         what it uses.  Skipped when the binary is newer than
#                         every input; VL_OPT (default O3) is Verilator's
#                         optimisation, VL_COPT (default 1) the C++ -O
#                         level of the harness, VL_FAST (default 1) that
#                         of the model's per-cycle code (lib/vl_cxx.sh),
#                         VL_CFLAGS more C++ flags.  Every
#                         object is position-independent (scripts/cl_rtl_build.sh
#                         links the lockstep harness's objects into
#                         libwqrtl.so).  Two scripts building the same DIR at
#                         once (the two lanes of scripts/test.sh) take turns
#                         on DIR/.lock.  Fails with the log's tail.
#   vl_run DIR BIN LOG SEED [ARGS...]
#                         run one seed into DIR/LOG.log; on failure print the
#                         log, replay the seed with --wave DIR/LOG.fst and
#                         fail naming the log, the waveform and the command
#   vl_report DIR REGEX LABEL
#                         the figures (lines matching REGEX) of the last
#                         seed's log in DIR: bare and exit 0 when $bench is 1
#                         (scripts/bench.sh), else as "rtl_test: ... (LABEL)"
#   vl_check_sources DIR  the build in DIR read RTL from $rtl only (when $rtl
#                         is not the tree's rtl/, no file of rtl/ was read)

vl_setup() {
    root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
    cd "$root" || exit 1
    rtl=${WQ_RTL_DIR:-rtl}
    case $rtl in /*) ;; *) rtl="$root/$rtl" ;; esac
    [ -d "$rtl" ] || { echo "rtl_test: FAIL: RTL directory $rtl not found" >&2; exit 1; }
    rtl=$(cd "$rtl" && pwd)
    read -r -a xflags <<< "${WQ_VERILATOR_FLAGS:-}"
    B=${WQ_VERILATOR_DIR:-build/verilator}/$1
    case $B in /*) ;; *) B="$root/$B" ;; esac
    command -v verilator >/dev/null || fail "verilator not installed (make deps)"
    . "$root/scripts/lib/vl_cxx.sh"
    . "$root/scripts/lib/vl_make.sh"
    wq_vl_cxx "$root"
}

fail() { echo "rtl_test: FAIL: $*" >&2; exit 1; }

vl_seeds() {
    local def=$1; shift
    seeds=("$@")
    [ ${#seeds[@]} -gt 0 ] || read -r -a seeds <<< "$def"
}

vl_build() {
    local dir=$1 top=$2 bin=$3; shift 3
    local args=() libs=() l
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
    [ $# -gt 0 ] && shift
    for l in "$@"; do libs+=("$root/build/lib/libwq$l.a"); done
    mkdir -p "$dir"
    local lockfd
    exec {lockfd}> "$dir/.lock"
    flock "$lockfd"
    # up to date: the binary is newer than every input and was built with
    # the same arguments
    local cflags="-fPIC -O${VL_COPT:-1} -std=c++17 -I$root/cmodel/include -I$root/tb/verilator/common ${VL_CFLAGS:-}"
    local sig="${args[*]} ${xflags[*]+${xflags[*]}} $cflags ${VL_OPT:-} ${vl_mkopt[*]}"
    if [ -x "$dir/$bin" ] && [ "$(cat "$dir/args" 2>/dev/null)" = "$sig" ] &&
       [ -z "$(find "$rtl" "$root/tb/verilator" "$root/cmodel/include" "$root"/build/gen/*.vh \
               ${libs[@]+"${libs[@]}"} \
               -newer "$dir/$bin" -type f -print -quit)" ]; then
        exec {lockfd}>&-
        return 0
    fi
    # other arguments: every object again (make would keep an object whose
    # source Verilator wrote unchanged, compiled with the old flags)
    [ "$(cat "$dir/args" 2>/dev/null)" = "$sig" ] || rm -f "$dir"/*.o "$dir"/*.a
    rm -f "$dir/args"
    # Verilator writes the C++, lib/vl_make.sh compiles it (a few
    # translation units, not one per generated file, with the -MAKEFLAGS
    # of the arguments)
    local vargs=("${vl_mkopt[@]}" ${xflags[@]+"${xflags[@]}"}) i pre="V$top"
    for ((i = 0; i + 1 < ${#args[@]}; i++)); do
        [ "${args[i]}" = --prefix ] && pre=${args[i + 1]}
    done
    { verilator --cc --exe "-${VL_OPT:-O3}" -Wall \
        -I"$root/build/gen" -I"$rtl" -I"$rtl/core" --top-module "$top" \
        --x-assign unique --x-initial unique --trace-fst \
        "${vargs[@]}" \
        -Mdir "$dir" -o "$bin" \
        -CFLAGS "$cflags" \
        "${args[@]}" ${libs[@]+"${libs[@]}"} &&
      vl_make "$dir" "$pre" "${vargs[@]}"; } > "$dir/build.log" 2>&1 || {
        tail -40 "$dir/build.log" >&2; fail "verilator build (log: $dir/build.log)"; }
    vl_check_sources "$dir"
    echo "$sig" > "$dir/args"
    exec {lockfd}>&-
}

vl_run() {
    local dir=$1 bin=$2 log=$3 seed=$4; shift 4
    local args=(--seed "$seed" "$@")
    [ -n "${RTL_TEST_WAVE:-}" ] && args+=(--wave "$dir/$log.fst")
    if ! "$dir/$bin" "${args[@]}" > "$dir/$log.log" 2>&1; then
        cat "$dir/$log.log" >&2
        "$dir/$bin" --seed "$seed" "$@" --wave "$dir/$log.fst" > "$dir/$log.wave.log" 2>&1 || true
        fail "$bin seed $seed (log: $dir/$log.log; waveform: $dir/$log.fst;" \
             "rerun: $dir/$bin --seed $seed $* --wave FILE.fst)"
    fi
}

vl_report() {
    local last="$1/seed${seeds[$((${#seeds[@]} - 1))]}.log"
    if [ "${bench:-0}" = 1 ]; then
        grep -E "$2" "$last"
        exit 0
    fi
    grep -E "$2" "$last" | sed "s/^/rtl_test: /; s/\$/ ($3)/"
}

vl_check_sources() {
    [ "$rtl" = "$root/rtl" ] && return 0
    local d
    d=$(cat "$1"/*.d 2>/dev/null | tr ' ' '\n' | grep -F "$root/rtl/" | head -1) || true
    [ -z "$d" ] || fail "the build in $1 read $d from the unmutated tree (RTL is $rtl)"
}
