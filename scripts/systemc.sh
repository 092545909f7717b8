#!/usr/bin/env bash
# systemc.sh -- the SystemC/TLM-2.0 testbench (tb/systemc, docs/systemc.md),
# run by `make test`; `--full` (run by `make regress`) adds the OpenCL
# programs on the RTL wrapper and more memory timings.
#
# On both wrappers -- wq_tlm (the golden model) and wq_tlm_rtl (the
# Verilated RTL) -- behind the same sockets, with the driver speaking only
# through the "systemc" device backend (host module -> sockets):
#   - the CSR socket's contract (tb_systemc sockets): the whole CSR window
#     read through the socket equals the plain model backend's; error
#     responses for unmapped, unaligned, out-of-window, wide and partially
#     enabled accesses, which change nothing;
#   - every nested-work scenario (tests/programs/nested, wq nested's
#     runner): the summary of each, less the backend's name and the cycle
#     count, equals `wq nested --all` on the plain model backend; on the
#     model wrapper again with slow memory (30 ns a transaction, quantum 1);
#   - a scenario with a wrong .expect fails on the platform too;
#   - the OpenCL runtime's host programs (tests/opencl) with
#     WQ_BACKEND=systemc: every one but bigrange on the model wrapper, the
#     fast ones on the RTL wrapper (all of them but bigrange with --full,
#     and bigrange on the model wrapper), each closing with the same
#     "N passed, 0 failed" line as on WQ_BACKEND=model.  bigrange's 16 Mi
#     work-items are minutes of the model behind the sockets; the range
#     split it checks is the runtime's, which ndsplit checks on the
#     platform at small sizes (WQ_CL_MAX_GRID) and scripts/opencl.sh at
#     full size on the model backend.
#
# Usage: bash scripts/systemc.sh [--full]
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
full=0
for a in "$@"; do
    case "$a" in --full) full=1 ;; *) echo "usage: bash scripts/systemc.sh [--full]" >&2; exit 2 ;; esac
done
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
pass=0 failn=0
ok()  { pass=$((pass + 1)); }
bad() { failn=$((failn + 1)); echo "systemc: FAIL: $*"; }
B=build/systemc
O=$B/out
mkdir -p "$O"
make -s build >/dev/null || { echo "systemc: FAIL: make build"; exit 1; }
bash scripts/systemc_build.sh || { echo "systemc: FAIL: the testbench did not build"; exit 1; }
tb=$B/tb_systemc

# what a nested run's summaries say, less what differs by backend
summary() { grep -v -E '^  (backend|cycles):' "$1"; }
build/bin/wq nested --all > "$O/nested.ref.log" 2>&1 || bad "wq nested --all on the model backend"
n=$(ls tests/programs/nested/*.wqs | wc -l)

nested() {   # LABEL TB-ARGS...
    local label=$1; shift
    local log="$O/nested.$label.log"
    if ! timeout 600 "$tb" "$@" nested --all > "$log" 2>&1; then
        bad "nested on $label (log: $log)"; tail -20 "$log"; return
    fi
    if ! diff <(summary "$O/nested.ref.log") <(summary "$log") > "$O/nested.$label.diff"; then
        bad "nested on $label differs from the model backend:"; head -20 "$O/nested.$label.diff"; return
    fi
    grep -q "^scenarios: $n, failed: 0$" "$log" || { bad "nested on $label: not $n scenarios passed"; return; }
    ok
    echo "systemc: $label: $n nested scenarios as on the model backend ($(grep -c '^  backend: systemc-' "$log") on the platform)"
}

for dut in model rtl; do
    if timeout 300 "$tb" --dut "$dut" sockets > "$O/sockets.$dut.log" 2>&1; then
        ok; cat "$O/sockets.$dut.log"
    else
        bad "socket contract on the $dut wrapper:"; cat "$O/sockets.$dut.log"
    fi
    nested "$dut" --dut "$dut"
done
nested model-slow-memory --dut model --mem-latency-ns 30 --quantum 1
[ "$full" = 1 ] && nested rtl-slow-memory --dut rtl --mem-latency-ns 45

# a wrong check must fail here too
sed 's/^\.expect STAT+24,  1 /.expect STAT+24,  0 /' tests/programs/nested/exhaust.wqs > "$O/bad.wqs"
if ! grep -q '^\.expect STAT+24,  0 ' "$O/bad.wqs"; then
    bad "could not plant a wrong .expect in exhaust.wqs"
else
    timeout 300 "$tb" nested "$O/bad.wqs" > "$O/bad.log" 2>&1
    rc=$?
    [ "$rc" -eq 1 ] && grep -q 'FAIL (memory checks)' "$O/bad.log" && ok ||
        bad "a wrong .expect on the platform exited $rc, expected 1 (log: $O/bad.log)"
fi

# the OpenCL runtime's host programs (built by scripts/opencl.sh's rules)
out=build/tests/opencl
mkdir -p "$out"
if [ ! -f "$out/kernels.bin" ] || [ ! -x "$out/wqs2bin" ]; then
    cc -std=c11 -Wall -Wextra -Werror -D_GNU_SOURCE -Icmodel/include -Icmodel/runtime \
        tests/opencl/kernels/wqs2bin.c build/lib/libwqcl.a build/lib/libwqdrv.a build/lib/libwqcc.a \
        build/lib/libwqasm.a build/lib/libwqmodel.a -lpthread -ldl -o "$out/wqs2bin" &&
        "$out/wqs2bin" tests/opencl/kernels/kernels.wqs "$out/kernels.bin" || bad "kernels.bin"
fi
cl=(OCL_ICD_VENDORS="$root/build/etc/OpenCL/vendors" WQ_CL_PLATFORM=warpq WQ_EXPECT_MAX_WG=256
    WQ_CL_BINARY="$root/$out/kernels.bin")
# the programs that take seconds, not minutes, on the RTL wrapper
rtl_quick=" buffers errors hashtable later objects profiling query "
# the programs that run on the platform with --full only (above), and
# those never on the RTL wrapper (bigrange skips its ranges there, as on
# WQ_BACKEND=rtl: 65536 work-groups in lockstep outlast the time limit)
sc_full_only=" bigrange "
sc_not_rtl=" bigrange "
# known to fail on the platform, each with its symptom: run, and reported
# as a known failure -- a pass fails the suite so that the entry is removed
# (none today)
sc_known_bad=" "
for src in tests/opencl/*/main.c; do
    t=$(basename "$(dirname "$src")")
    [ "$full" = 0 ] && [ "${sc_full_only/ $t /}" != "$sc_full_only" ] && continue
    if [ ! -x "$out/$t" ] || [ "$src" -nt "$out/$t" ]; then
        cc -std=c99 -Wall -Wextra -Werror -O1 -g "$src" -o "$out/$t" -lOpenCL || { bad "$src does not compile"; continue; }
    fi
    env "${cl[@]}" WQ_BACKEND=model timeout 300 "$out/$t" > "$O/cl.$t.model.log" 2>&1
    want=$(tail -1 "$O/cl.$t.model.log")
    for dut in model rtl; do
        [ "$dut" = rtl ] && [ "$full" = 0 ] && [ "${rtl_quick/ $t /}" = "$rtl_quick" ] && continue
        [ "$dut" = rtl ] && [ "${sc_not_rtl/ $t /}" != "$sc_not_rtl" ] && continue
        log="$O/cl.$t.sc-$dut.log"
        if env "${cl[@]}" WQ_BACKEND=systemc WQ_SC_DUT=$dut timeout 600 "$out/$t" > "$log" 2>&1 &&
           [ "$(tail -1 "$log")" = "$want" ] && grep -q ' 0 failed$' "$log"; then
            case "$sc_known_bad" in
            *" $t "*) bad "$t on the $dut wrapper passes now: take it out of sc_known_bad" ;;
            *) ok; echo "systemc: opencl on the $dut wrapper: $(tail -1 "$log")" ;;
            esac
        elif [ "${sc_known_bad/ $t /}" != "$sc_known_bad" ]; then
            echo "systemc: KNOWN FAILURE: $t on the $dut wrapper: $(grep -m1 '^FAIL' "$log") (log: $log)"
        else
            bad "$t on the $dut wrapper: '$(tail -1 "$log")', on the model backend '$want' (log: $log)"
            tail -10 "$log"
        fi
    done
done
# the library exports the runtime's entry points and nothing else
syms=$(nm -D --defined-only "$B/libwqsc.so" | awk '{print $3}' | sort | tr '\n' ' ')
[ "$syms" = "sc_main wq_dev_rtl_so_config wq_dev_rtl_so_open wq_dev_rtl_so_what " ] && ok ||
    bad "libwqsc.so exports: $syms"
# the runtime names the platform as its device
log="$O/cl.query.name.log"
env "${cl[@]}" WQ_BACKEND=systemc timeout 60 clinfo -l > "$log" 2>&1
grep -q 'warpq (systemc' "$log" && ok || bad "clinfo does not list 'warpq (systemc, ...)' (log: $log)"

echo "systemc: $pass passed, $failn failed"
[ "$failn" = 0 ]
