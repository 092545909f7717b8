# vl_cxx.sh -- how the C++ of a Verilated build compiles (sourced by
# scripts/lib/verilator.sh, for every bench, and scripts/systemc_build.sh).
#
# Through ccache: a bench build compiles the Verilator run time
# (verilated.cpp, verilated_fst_c.cpp, verilated_threads.cpp, ...: about
# 13 CPU seconds) and the bench harness again in every build directory,
# and make test makes more than twenty of them; through the cache each of
# those files compiles once per flag set.  The generated model's own files
# differ per parameter set and still compile.
#
# At -O1 for the model's per-cycle code: Verilator's generated makefile
# compiles it with OPT_FAST, whose default (-Os) comes after -CFLAGS on the
# command line and so wins over any -O there; the run-once code (OPT_SLOW)
# at -O0.  The C4_W8_L32 lockstep harness's files compile in about a
# quarter less CPU time than at -Os, and its runs take a quarter less.
#
#   wq_vl_cxx ROOT   sets
#     vl_mkopt   Verilator arguments for those levels (-MAKEFLAGS
#                OPT_FAST=-O$VL_FAST, default 1; OPT_SLOW=-O0); a build's
#                own -MAKEFLAGS after them win (the mutants' -O0)
#     objcache   the command prefix for a script's own compiles
#                ("ccache" or "")
#   and, when ccache is installed (scripts/deps.sh), exports OBJCACHE=ccache
#   (read by Verilator's verilated.mk) and a cache in ROOT/build/ccache; an
#   OBJCACHE set in the environment wins (OBJCACHE= turns the cache off),
#   and so does a CCACHE_DIR.
wq_vl_cxx() {
    vl_mkopt=(-MAKEFLAGS "OPT_FAST=-O${VL_FAST:-1}" -MAKEFLAGS OPT_SLOW=-O0)
    objcache=""
    command -v ccache > /dev/null || return 0
    export OBJCACHE=${OBJCACHE-ccache}
    export CCACHE_DIR=${CCACHE_DIR:-$1/build/ccache}
    export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-2G}
    objcache=$OBJCACHE
}
