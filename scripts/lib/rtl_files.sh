# scripts/lib/rtl_files.sh -- the synthesizable RTL a board or fit build
# reads, in one place (sourced by fpga.sh and synth_ice40.sh; the current
# directory is the tree's root).
rtl=(rtl/*.v
     rtl/core/wq_core.v rtl/core/wq_fetch.v rtl/core/wq_ibuf.v rtl/core/wq_dispatch.v
     rtl/core/wq_valu.v rtl/core/wq_core_div.v rtl/core/wq_diverge.v rtl/core/wq_diverge_walk.v rtl/core/wq_diverge_rec.v rtl/core/wq_diverge_scan.v rtl/core/wq_diverge_tgt.v rtl/core/wq_diverge_wait.v rtl/core/wq_diverge_room.v rtl/core/wq_diverge_subv.v rtl/core/wq_diverge_dq.v rtl/core/wq_low_walk.v rtl/core/wq_core_csr.v
     rtl/core/wq_commit.v rtl/core/wq_issue.v rtl/core/wq_opread.v rtl/core/wq_warp_slots.v rtl/core/wq_de_stage.v rtl/core/wq_ex_stage.v
     rtl/core/wq_core_hold.v rtl/core/wq_fe_stage.v rtl/core/wq_lsu_complete.v rtl/core/wq_lsu_ex.v rtl/core/wq_lsu_data.v
     rtl/core/wq_core_lsu.v rtl/core/wq_lsu_entry.v rtl/core/wq_lsu_addr.v rtl/core/wq_lsu_pick.v rtl/core/wq_lsu_pkreg.v rtl/core/wq_lsu_rows.v rtl/core/wq_skid.v rtl/core/wq_cm_grant.v rtl/core/wq_wb_ctl.v
     rtl/core/wq_lsu_store.v rtl/core/wq_lsu_atom.v rtl/core/wq_lsu_memwrite.v rtl/core/wq_lsu_answer.v
     rtl/core/wq_mempath.v rtl/core/wq_l1.v rtl/core/wq_wave_ctl.v
     rtl/core/wq_fpu.v rtl/core/wq_fp_add.v rtl/core/wq_fp_fma.v rtl/core/wq_fp_cmp.v
     rtl/core/wq_fp_cvt.v rtl/core/wq_fp_div.v rtl/core/wq_fp_pipe.v rtl/core/wq_fp_lzc.v)
