// wq_opk_fn.vh -- opk, the decode of WB's opcode kinds (wq_opk.vh):
// included inside the body of a module that computes them (wq_ex_stage,
// as WB loads a beat) or states them in its formal section.
function [`WQ_OPK_W-1:0] opk;
    input [7:0] op;
    input       skip;
    begin
        opk = {`WQ_OPK_W{1'b0}};
        opk[`WQ_OPK_EXIT]   = !skip && op == `WQ_OP_EXIT;
        opk[`WQ_OPK_REGION] = !skip && (op == `WQ_OP_SSY || op == `WQ_OP_PBRK || op == `WQ_OP_PCONT);
        opk[`WQ_OPK_WAITR]  = !skip && (op == `WQ_OP_SYNC || op == `WQ_OP_BRK || op == `WQ_OP_CONT);
        opk[`WQ_OPK_BRANCH] = !skip && (op == `WQ_OP_BRA || op == `WQ_OP_JMP || op == `WQ_OP_CALL);
        opk[`WQ_OPK_YIELD]  = !skip && op == `WQ_OP_YIELD;
        opk[`WQ_OPK_MT]     = !skip && (op == `WQ_OP_BRX || op == `WQ_OP_JMX || op == `WQ_OP_RET);
        opk[`WQ_OPK_CALL]   = !skip && op == `WQ_OP_CALL;
        opk[`WQ_OPK_RET]    = !skip && op == `WQ_OP_RET;
        opk[`WQ_OPK_SETP]   = !skip && op == `WQ_OP_SETP;
        opk[`WQ_OPK_BAR]    = op == `WQ_OP_BAR;
        opk[`WQ_OPK_BRA]    = op == `WQ_OP_BRA;
        opk[`WQ_OPK_ATOM]   = op == `WQ_OP_ATOM;
        opk[`WQ_OPK_TSYNC]  = op == `WQ_OP_SSY || op == `WQ_OP_SYNC;
        opk[`WQ_OPK_TBRK]   = op == `WQ_OP_PBRK || op == `WQ_OP_BRK;
        opk[`WQ_OPK_TYIELD] = op == `WQ_OP_YIELD;
        opk[`WQ_OPK_SNDV]   = op == `WQ_OP_SUBV_END;
        opk[`WQ_OPK_SSTV]   = op == `WQ_OP_SUBV_START;
        opk[`WQ_OPK_SAUV]   = op == `WQ_OP_SUBV_AUTO;
        opk[`WQ_OPK_SLBV]   = op == `WQ_OP_SUBV_LOOP_BEGIN;
        opk[`WQ_OPK_SLEV]   = op == `WQ_OP_SUBV_LOOP_END;
        opk[`WQ_OPK_WBU]    = op == `WQ_OP_MUL || op == `WQ_OP_MULHU ||
                              op == `WQ_OP_SHL || op == `WQ_OP_SHR || op == `WQ_OP_SRA;
    end
endfunction
