# objcache.sh -- compile the benches' C++ through ccache (sourced by
# scripts/lib/verilator.sh and scripts/systemc_build.sh).
#
# A bench build compiles the Verilator run time (verilated.cpp,
# verilated_fst_c.cpp, verilated_threads.cpp, ...: about 13 CPU seconds)
# and the bench harness again in every build directory, and make test
# makes more than twenty of them.  Through ccache each of those files is
# compiled once per flag set; the rest are cache hits.  The generated
# model's own files differ per parameter set and still compile.
#
#   wq_objcache ROOT   when ccache is installed (scripts/deps.sh), export
#                      OBJCACHE=ccache (read by Verilator's verilated.mk)
#                      and a cache in ROOT/build/ccache; an OBJCACHE set in
#                      the environment wins (OBJCACHE= turns it off), and so
#                      does a CCACHE_DIR.  Sets objcache (the command
#                      prefix for a script's own compiles: "ccache" or "").
wq_objcache() {
    objcache=""
    command -v ccache > /dev/null || return 0
    export OBJCACHE=${OBJCACHE-ccache}
    export CCACHE_DIR=${CCACHE_DIR:-$1/build/ccache}
    export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-2G}
    objcache=$OBJCACHE
}
