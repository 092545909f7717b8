#!/usr/bin/env bash
# demo.sh -- `make run`: the tour of warpq as an OpenCL platform.  Host
# programs built with `cc main.c -lOpenCL` run through the ICD loader on the
# C golden model and on the RTL (Verilated wq_top) in lockstep with it:
#   1. a spin-lock hash table in OpenCL C (tests/opencl/hashtable): 256
#      work-items take 16 bucket locks in divergent code; the compiler puts
#      YIELD in the spin loop, so every key lands -- on the model, then on
#      the RTL in lockstep;
#   2. the same kernel built with -wq-yield=off: the warp livelocks and the
#      model names it (forward-progress trap) instead of hanging;
#   3. nested work from OpenCL C on the RTL in lockstep: kernels that call
#      wq_enqueue (tests/opencl/nested: three levels; tests/opencl/subdivide:
#      recursive subdivision driven by the data).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
out=build/demo
mkdir -p "$out"
line() { printf '%s\n' "------------------------------------------------------------------------"; }
export OCL_ICD_VENDORS="$root/build/etc/OpenCL/vendors" WQ_CL_PLATFORM=warpq

for t in hashtable nested subdivide; do
    cc -std=c99 -O1 "tests/opencl/$t/main.c" -o "$out/$t" -lOpenCL || { echo "demo: $t does not compile"; exit 1; }
done
if ! bash scripts/cl_rtl_build.sh 32 > "$out/rtl_build.log" 2>&1; then
    echo "demo: the RTL backend (libwqrtl.so) did not build:"; tail -20 "$out/rtl_build.log"; exit 1
fi

# step NAME BACKEND ARGS... -- run a host program, show its result lines
status=()
step() {
    local name=$1 backend=$2; shift 2
    local log="$out/$name.$backend${1:+.${1#--}}.log"
    WQ_BACKEND=$backend timeout 600 "$out/$name" "$@" > "$log" 2>&1
    local rc=$?
    grep -E "^$name:|^warpq:" "$log" | sed 's/^/   /'
    status+=("$name${1:+ $1} on $backend: $([ $rc -eq 0 ] && echo ok || echo "FAILED (exit $rc)")")
    return $rc
}

echo "warpq demo: OpenCL C on the golden model and on the RTL in lockstep"
echo "  (host programs: tests/opencl/{hashtable,nested,subdivide}/main.c, -lOpenCL)"
line
echo "1) spin-lock hash table (hashtable.cl): 16 bucket locks, 256 keys"
echo "   model:"
step hashtable model
echo "   RTL in lockstep with the model (every step, record and memory access compared):"
step hashtable rtl
line
echo "2) the same kernel built with -wq-yield=off: no YIELD in the spin loop"
step hashtable model --yield-off
line
echo "3) nested work from OpenCL C on the RTL in lockstep: wq_enqueue(child, ...)"
echo "   parent -> child -> grandchild (every work-item), then a kernel that"
echo "   enqueues itself on both halves of an interval while its data is heavy"
step nested rtl
step subdivide rtl
line
echo "summary:"
fail=0
for s in "${status[@]}"; do
    echo "  $s"
    case "$s" in *FAILED*) fail=1 ;; esac
done
[ "$fail" = 0 ]
