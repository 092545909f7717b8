// wq_opk.vh -- WB's opcode kinds (b_opk): the decodes of WB's opcode and
// skip flag that the divergence unit (wq_diverge, wq_diverge_walk), WB's
// control (wq_wb_ctl) and the core read: each includes this file at its
// top (the kinds' indices) and wq_opk_fn.vh inside its body (opk);
// wq_ex_stage reads one itself (WBU: which row WB's values are).
// wq_ex_stage registers them beside b_op as WB loads a beat (o_b_opk), so
// the logic behind them starts at a flip-flop, not behind an 8-bit
// opcode compare (docs/rtl/wq_ex_stage.md, "WB's register").  A kind
// named for a skipped-instruction rule is 0 on a skipped beat (the
// model's exec_ctrl.c acts on none of them); the others are the opcode
// alone.
`ifndef WQ_OPK_VH
`define WQ_OPK_VH
`define WQ_OPK_EXIT     0   // EXIT, not skipped
`define WQ_OPK_REGION   1   // SSY, PBRK, PCONT, not skipped: a region opens
`define WQ_OPK_WAITR    2   // SYNC, BRK, CONT, not skipped: wait at a region
`define WQ_OPK_BRANCH   3   // BRA, JMP, CALL, not skipped
`define WQ_OPK_YIELD    4   // YIELD, not skipped
`define WQ_OPK_MT       5   // BRX, JMX, RET, not skipped: a target a thread
`define WQ_OPK_CALL     6   // CALL, not skipped
`define WQ_OPK_RET      7   // RET, not skipped
`define WQ_OPK_SETP     8   // SETP, not skipped
`define WQ_OPK_BAR      9   // BAR (a warp instruction: never skipped)
`define WQ_OPK_BRA      10  // BRA (its target is PC-relative)
`define WQ_OPK_ATOM     11  // ATOM
`define WQ_OPK_TSYNC    12  // SSY, SYNC: the region's token is SYNC
`define WQ_OPK_TBRK     13  // PBRK, BRK: ... BRK
`define WQ_OPK_TYIELD   14  // YIELD: ... YIELD (any other: CONT)
`define WQ_OPK_SNDV     15  // SUBV_END (a warp instruction: never skipped)
`define WQ_OPK_WBU      16  // MUL, MULHU, SHL, SHR, SRA: the values are the
                            // ALU's WB stage's (wq_valu o_wb, wq_ex_stage;
                            // 0 on the LSU's write-back beat, an ATOM's)
`define WQ_OPK_SSTV     17  // SUBV_START (warp instructions from here on:
`define WQ_OPK_SAUV     18  // SUBV_AUTO      never skipped; the sub-vector
`define WQ_OPK_SLBV     19  // SUBV_LOOP_BEGIN  unit's decode: contiguous,
`define WQ_OPK_SLEV     20  // SUBV_LOOP_END    wq_diverge_subv's i_b_svk)
`define WQ_OPK_W        21
`endif
