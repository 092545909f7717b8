# fp_progs.sh -- the FP unit's lockstep programs, in one place (sourced by
# scripts/rtl/core.sh, whose FP section runs them on the core, and
# scripts/rtl/top.sh, whose make test FP set runs them on wq_top; the
# current directory is the tree's root).
#   fp_progs  the FP programs: tb/verilator/core/progs/fp/ and fp_ops.wqs
#   fp_mixed  integer programs run beside them, so that the unit's
#             arbitration of the completion path is seen beside the
#             division unit, the LSU and traps
fp_progs=(tb/verilator/core/progs/fp/*.wqs tests/programs/fp/fp_ops.wqs)
fp_mixed=(tests/programs/bench/div_mix_ipc.wqs tb/verilator/core/progs/core_ex.wqs
          tb/verilator/core/progs/core_trap_busy.wqs tb/verilator/sched/progs/atomics.wqs
          tb/verilator/sched/progs/selfmod.wqs tests/programs/lsu_order.wqs)
