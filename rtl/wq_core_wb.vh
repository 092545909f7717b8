// wq_core_wb.vh -- the encodings of WB's walk over a commit, shared by
// wq_diverge (the record walk, the divergence unit's steps), wq_diverge_dq
// (its deque calls) and wq_commit (the records): included inside each.
//
// (each module uses some of them)
/* verilator lint_off UNUSEDPARAM */
// b_k / b_kk, the commit's records in the model's order of emission
// (docs/rtl/wq_diverge.md, "Record walk")
localparam [3:0] K_TRAP = 4'd0, K_YDQ = 4'd1, K_LINK = 4'd2, K_HELD = 4'd3,
                 K_TS1 = 4'd4, K_TS2 = 4'd5, K_PUSH = 4'd6, K_GRP = 4'd7,
                 K_MASK = 4'd8, K_CPUSH = 4'd9, K_BAR = 4'd10, K_PRED = 4'd11,
                 K_RET = 4'd12, K_RC = 4'd13, K_BAR2 = 4'd14;
// the prologue before the records: wait_region's FIND, the deque-room
// check, RET's CALL token holders, the group count (BP_NONE the one code
// with its top bit 0: "no prologue" is a bit, wq_diverge's bp_none)
localparam [2:0] BP_NONE = 3'd0, BP_FIND = 3'd4, BP_CHECK = 3'd5, BP_HELD = 3'd6,
                 BP_COUNT = 3'd7;
// reconverge: the segment / loop check, the pop, the wake (RC_CHK the one
// code with its top bit 0: wq_diverge's rc_chk)
localparam [1:0] RC_CHK = 2'd0, RC_POP = 2'd2, RC_WAKE = 2'd3;
// a deque call: set, on the port, taken, answered
localparam [1:0] DQS_IDLE = 2'd0, DQS_ISSUE = 2'd1, DQS_WAIT = 2'd2, DQS_DONE = 2'd3;
/* verilator lint_on UNUSEDPARAM */
