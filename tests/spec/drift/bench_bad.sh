#!/usr/bin/env bash
# bench_bad.sh -- drift self-test: a script (scripts/) that types table
# values.  Never run; see README.
SEM_EXECUTE=0x@HEX:WQ_M_SEM_EXECUTE@     # expect: WQ_M_SEM_EXECUTE
readonly WQ_OP_SETP=@DEC:WQ_OP_SETP@     # expect: WQ_OP_SETP
export YEVERY_N_ZERO=256                 # expect: WQ_YEVERY_N_ZERO
# near misses
SEEDS=5
lanes=32
if [ "$X" == 3 ]; then :; fi
