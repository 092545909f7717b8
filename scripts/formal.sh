#!/usr/bin/env bash
# formal.sh -- run every module's `ifdef FORMAL` properties through a solver
# (`make formal`; also run by `make test` through scripts/rtl/formal.sh).
#
# Engine: Yosys' built-in SAT solver (`sat`, MiniSat through ezSAT), the
# one engine on this machine that finishes: z3 4.8.12 through yosys-smtbmc
# does not get past step 0 even on the semaphore unit.  Per job:
#
#   bmc        sat -tempinduct-baseonly -maxsteps N : every assert holds in
#              the first N cycles of every run from the initial state
#              (registers zero, f_past_valid = 0 so the first cycle is a
#              reset; the properties assume i_reset there);
#   induction  sat -tempinduct-inductonly -maxsteps K : k-induction; "PROVED
#              at k" means any k consecutive cycles that satisfy the asserts
#              and assumes are followed by one that does too, so with the
#              BMC (N >= k) the asserts hold in every reachable state.
#              "NOT CLOSED" means no k <= K closed (the properties are
#              still checked to depth N by the BMC).
#
# Assumes (the environment contracts of docs/rtl/) are honoured with
# -set-assumes.  Results go to build/reports/formal.txt, one line per job:
#   <job> bmc depth N: PASS|FAIL  induction: PROVED at k|NOT CLOSED|FAIL  <s>s
# Exit status 1 when a BMC fails or a job that must close does not.
#
# Usage: bash scripts/formal.sh [--selftest] [JOB...]
#   JOB        run only these jobs (names as in the table below)
#   --all      also run the slow jobs (host_if_C1: about 3 minutes)
#   --selftest plant known bugs in copies of modules and check that the
#              formal run catches each of them (exit 1 if one slips through)
# Numeric arguments (seeds from scripts/rtl_test.sh) are ignored.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
B=build/formal
R=build/reports
mkdir -p "$B" "$R"
command -v yosys >/dev/null || { echo "formal: yosys not installed (make deps)" >&2; exit 1; }
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh >/dev/null ||
    { echo "formal: cannot generate build/gen/*.vh" >&2; exit 1; }

# ---- the jobs ----------------------------------------------------------------
# name | top | files | chparam args | prep extra | bmc depth | max k | must close | slow | defines
# "must close" = 1: NOT CLOSED is a failure for this job.
# "slow" = 1: only run when named or with --all (FORMAL_ALL=1 for make).
# "defines": extra `define names for the job's module (space-separated).
JOBS=(
"lsu|wq_lsu|rtl/wq_lsu.v||opt -fast|12|6|1"
"alu|wq_alu|rtl/wq_alu.v|-set LANES 1|opt -fast|12|2|0"
"alu_serial|wq_alu|rtl/wq_alu.v|-set LANES 1 -set SERIAL 1|opt -fast|12|2|0"
"decode|wq_decode|rtl/wq_decode.v||memory_map; opt -fast|1|1|1"
"sem_unit|wq_sem_unit|rtl/wq_sem_unit.v||opt -fast|10|6|1"
"sem_unit_d1|wq_sem_unit|rtl/wq_sem_unit.v|-set DIGIT 1|opt -fast|10|6|1"
"launch_check|wq_launch_check|rtl/wq_launch_check.v|-set WARPS 2 -set REGS 16 -set DQ_LOG2 4|opt -fast|12|4|1"
"deque_L2_W1|wq_token_deque|rtl/wq_token_deque.v|-set LOG2 2 -set WARPS 1|memory_map; opt -fast|8|6|1"
"deque_L2_W2|wq_token_deque|rtl/wq_token_deque.v|-set LOG2 2 -set WARPS 2|memory_map; opt -fast|10|6|1"
"deque_L2_W2_F0|wq_token_deque|rtl/wq_token_deque.v|-set LOG2 2 -set WARPS 2 -set FRONT_FULL 0|memory_map; opt -fast|10|6|1"
"host_if_C1|wq_host_if|rtl/wq_host_if.v rtl/wq_sem_unit.v rtl/wq_launch_check.v|-set CHANNELS 1 -set WARPS 1 -set REGS 4 -set DQ_LOG2 2|flatten; memory_map; opt -fast|8|2|0|1"
"ue|wq_ue|rtl/wq_ue.v|-set ROM_AW 3|memory_map; opt -fast|12|6|1"
"ue_d6|wq_ue|rtl/wq_ue.v|-set ROM_AW 3 -set ROM_DEPTH 6|memory_map; opt -fast|12|6|1"
"host_if_launch|wq_host_if|rtl/wq_host_if.v rtl/wq_sem_unit.v rtl/wq_launch_check.v|-set CHANNELS 1 -set WARPS 1 -set REGS 4 -set DQ_LOG2 2|cutpoint wq_host_if/u_sem wq_host_if/w:cm_q; flatten; memory_map; opt -fast|4|3|1|0|FORMAL_LAUNCH_PORT"
"sched_ue|wq_sched_ue|rtl/wq_sched_ue.v rtl/wq_ue.v rtl/wq_lsu.v rtl/wq_decode.v|-set WARPS 2 -set LANES 8 -set REGS 16 -set DQ_LOG2 4 -set ALU_LANES 1|cutpoint wq_sched_ue/u_ue; flatten; memory_map; opt -fast|12|6|1"
"uart_rx|wq_uart_rx|rtl/wq_uart_rx.v|-set CLK_HZ 6 -set BAUD 1|opt -fast|20|6|1"
"uart_tx|wq_uart_tx|rtl/wq_uart_tx.v|-set CLK_HZ 3 -set BAUD 1|opt -fast|36|6|1"
"uart_mem|wq_uart_mem|rtl/wq_uart_mem.v|-set MEM_LOG2 4|memory_map; opt -fast|12|4|1"
"uart_bridge|wq_uart_bridge|rtl/wq_uart_bridge.v|-set MEM_LOG2 4 -set TIMEOUT 7|memory_map; opt -fast|14|4|0|1"
"top_lock|wq_top|rtl/wq_top.v rtl/wq_host_if.v rtl/wq_warp_sched.v|-set CHANNELS 1 -set WARPS 1 -set LANES 8 -set DQ_LOG2 2 -set REGS 4|CUT; opt -fast|10|4|1"
)

selftest=0
all=${FORMAL_ALL:-0}
want=()
for a in "$@"; do
    case "$a" in
    --selftest) selftest=1 ;;
    --all) all=1 ;;
    [0-9]*) ;;                      # a seed from rtl_test.sh
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) want+=("$a") ;;
    esac
done

# yosys script that reads and prepares one job
# args: top files chparams prep-extra [define...]
prep_script() {
    local top=$1 files=$2 chp=$3 extra=$4; shift 4
    local defs="-DFORMAL"
    for d in "$@"; do defs="$defs -D$d"; done
    local f rd=""
    for f in $files; do
        case "$top:$f" in
        # the top's own properties: the host interface and the warp
        # scheduler are cut to free outputs (their interfaces only)
        wq_top:*wq_host_if.v|wq_top:*wq_warp_sched.v)
            rd="$rd read_verilog -lib -Ibuild/gen -Irtl $f;" ;;
        # only the job's own module gets its FORMAL section: a
        # submodule's assumes would constrain the parent.  (-formal
        # itself defines FORMAL, so the submodules are read without it,
        # and -nosynthesis: no SYNTHESIS either)
        *)  if [ -n "$defs" ]; then
                rd="$rd read_verilog $defs -formal -Ibuild/gen -Irtl $f;"
            else
                rd="$rd read_verilog -nosynthesis -Ibuild/gen -Irtl $f;"
            fi
            defs="" ;;
        esac
    done
    local ch=""
    [ -n "$chp" ] && ch="chparam $chp $top;"
    local ex=${extra//CUT/cutpoint wq_top/t:wq_host_if wq_top/t:wq_warp_sched; hierarchy -top $top; flatten}
    echo "$rd $ch hierarchy -top $top; prep -top $top; async2sync; $ex;"
}

SATOPT="-prove-asserts -set-assumes -set-init-zero"

# run_job name top files chparams extra depth maxk [define...] -> sets RES_*
run_job() {
    local name=$1 top=$2 files=$3 chp=$4 extra=$5 depth=$6 maxk=$7; shift 7
    local ps; ps=$(prep_script "$top" "$files" "$chp" "$extra" "$@")
    local log="$B/$name"
    local t0 t1
    t0=$(date +%s.%N)
    # PASS: no counterexample to depth N; FAIL: a counterexample (VCD kept);
    # ERROR: yosys stopped for another reason (see the log)
    RES_BMC=ERROR
    yosys -p "$ps sat $SATOPT -tempinduct -tempinduct-baseonly -maxsteps $depth -dump_vcd $log.bmc_cex.vcd" \
        > "$log.bmc.log" 2>&1
    if grep -q "model found for base case: FAIL" "$log.bmc.log"; then
        RES_BMC=FAIL
    elif grep -q "proved base case for $depth steps: SUCCESS" "$log.bmc.log"; then
        RES_BMC=PASS; rm -f "$log.bmc_cex.vcd"
    fi
    RES_IND="NOT CLOSED"
    if [ "$RES_BMC" = PASS ]; then
        yosys -p "$ps sat $SATOPT -tempinduct -tempinduct-inductonly -maxsteps $maxk" \
            > "$log.ind.log" 2>&1
        if grep -q "Induction step proven: SUCCESS" "$log.ind.log"; then
            local k; k=$(grep -o "Trying induction with length [0-9]*" "$log.ind.log" | tail -1 | awk '{print $NF}')
            RES_IND="PROVED at k=$k"
        fi
    else
        RES_IND="-"
    fi
    t1=$(date +%s.%N)
    RES_T=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}')
}

# ---- self-test: planted bugs must be caught ----------------------------------
# name | job | file | sed expression applied to a copy | what the bug is
PLANTS=(
"lsu_no_busy_guard|lsu|rtl/wq_lsu.v|s/if (i_start \&\& !o_busy) begin/if (i_start) begin/|a start while busy replaces the outstanding request"
"lsu_rdata|lsu|rtl/wq_lsu.v|s/o_rdata <= rsub;/o_rdata <= o_mem_wdata;/|o_done returns the wrong data"
"sem_issued|sem_unit|rtl/wq_sem_unit.v|/^\t\tS_RD:/,/^\t\tS_CMP:/s/issued <= 1'b0;/issued <= issued;/|a read's response leaves the access counted as outstanding"
"sem_hi32|sem_unit|rtl/wq_sem_unit.v|s/last = !is64 /last = 1'b0 /|high word touched by a 32-bit operation"
"sem_release_result|sem_unit|rtl/wq_sem_unit.v|s/f_zero      <= 1'b1;/f_zero      <= 1'b0;/|RELEASE reports and writes a DEC result instead of the payload"
"top_csr_rereq|top_lock|rtl/wq_top.v|s/if (i_csr_valid \&\& !csr_req \&\& !o_csr_ack)/if (i_csr_valid \&\& !csr_req)/|CSR slave asks for the lock again in the answer cycle"
"alu_sra_fill|alu_serial|rtl/wq_alu.v|s/(i_op == .WQ_OP_SRA) \&\& a\[31\])/1'b0)/|SERIAL SRA shifts zeros in, not the sign"
"ue_io_wait|ue|rtl/wq_ue.v|s/ \&\& !(is_io \&\& i_io_wait)//|an in/out completes while the device holds i_io_wait"
"ue_halt_re|ue|rtl/wq_ue.v|s/(done \&\& !op_halt)/done/|the halt word is replaced by the next one (halt code, PC lost)"
"host_launch_wait|host_if_launch|rtl/wq_host_if.v|/M_LAUNCH:$/,/start_wait/s/if (!i_can_launch)/if (1'b0)/|the LAUNCH method reads a descriptor while a grid still waits"
"host_ldesc_any|host_if_launch|rtl/wq_host_if.v|s/if (hs == H_LREAD)$/if (1'b1)/|the launch port's descriptor takes every host read, not only the launch's"
"deque_front_bound|deque_L2_W1|rtl/wq_token_deque.v|s/c_ftrap = (!c_hmax)/c_ftrap = (c_head <= c_depth)/|push_front allowed at head == depth"
)

if [ $selftest -eq 1 ]; then
    fails=0
    mkdir -p "$B/selftest"
    for p in "${PLANTS[@]}"; do
        IFS='|' read -r pname pjob pfile psed pwhat <<< "$p"
        for j in "${JOBS[@]}"; do
            IFS='|' read -r name top files chp extra depth maxk must slow defs <<< "$j"
            [ "$name" = "$pjob" ] || continue
            cp "$pfile" "$B/selftest/$pname.v"
            sed -i "$psed" "$B/selftest/$pname.v"
            if cmp -s "$pfile" "$B/selftest/$pname.v"; then
                echo "formal selftest: $pname: the plant did not apply (RTL changed?)"; fails=$((fails+1)); continue
            fi
            # shellcheck disable=SC2086   # defs: a list of names
            run_job "selftest_$pname" "$top" "${files/$pfile/$B/selftest/$pname.v}" "$chp" "$extra" "$depth" "$maxk" $defs
            # caught: a counterexample from reset, or (a job whose
            # induction closes) a step the planted bug breaks
            if [ "$RES_BMC" = FAIL ] || { [ "$must" = 1 ] && [ "$RES_IND" = "NOT CLOSED" ]; }; then
                echo "formal selftest: $pname ($pwhat): caught (bmc $RES_BMC, induction $RES_IND) ${RES_T}s"
            else
                echo "formal selftest: $pname ($pwhat): NOT caught"; fails=$((fails+1))
            fi
        done
    done
    [ $fails -eq 0 ] || { echo "formal selftest: $fails planted bug(s) not caught" >&2; exit 1; }
    echo "formal selftest: every planted bug caught"
    exit 0
fi

# ---- the run ----------------------------------------------------------------
out="$R/formal.txt"
: > "$out.tmp"
fails=0
tstart=$(date +%s)
for j in "${JOBS[@]}"; do
    IFS='|' read -r name top files chp extra depth maxk must slow defs <<< "$j"
    if [ ${#want[@]} -gt 0 ]; then
        hit=0; for w in "${want[@]}"; do [ "$w" = "$name" ] && hit=1; done
        [ $hit -eq 1 ] || continue
    elif [ "${slow:-0}" = 1 ] && [ "$all" != 1 ]; then
        printf "%-14s skipped (slow: scripts/formal.sh --all or %s)\n" "$name" "$name" | tee -a "$out.tmp"
        continue
    fi
    # shellcheck disable=SC2086
    run_job "$name" "$top" "$files" "$chp" "$extra" "$depth" "$maxk" $defs
    line=$(printf "%-14s bmc depth %-3s %-5s induction: %-14s %6ss" "$name" "$depth:" "$RES_BMC" "$RES_IND" "$RES_T")
    echo "$line" | tee -a "$out.tmp"
    if [ "$RES_BMC" != PASS ]; then
        echo "formal: $name: BMC $RES_BMC (log $B/$name.bmc.log; counterexample, if any, $B/$name.bmc_cex.vcd)" >&2
        fails=$((fails+1))
    elif [ "$must" = 1 ] && [ "$RES_IND" = "NOT CLOSED" ]; then
        echo "formal: $name: induction did not close (log $B/$name.ind.log)" >&2
        fails=$((fails+1))
    fi
done
echo "total $(( $(date +%s) - tstart ))s, engine: yosys $(yosys -V | awk '{print $2}') sat" >> "$out.tmp"
mv "$out.tmp" "$out"
[ $fails -eq 0 ] || { echo "formal: $fails job(s) failed" >&2; exit 1; }
echo "formal: all jobs passed ($out)"
