// wq_diverge_dq.v -- the divergence unit's token deque and its command port
// (docs/rtl/wq_diverge_dq.md; docs/rtl/wq_diverge.md): wq_token_deque, the
// command registers in front of it, and the life of WB's deque call.
//
// The port carries, in this order of precedence within a cycle, WB's calls
// (a FIND, RET's holder read, YIELD's merge or back push, a front push,
// a pop: i_call with what wq_diverge's walk asks for), the dispatch's
// CLEAR when a warp starts (i_ds_go) and the debug window's commands
// (wq_core_csr: operands with i_csr_dq_set, the command with
// i_csr_dq_go, i_csr_dq_again while it waits).  WB's calls go one at a
// time: set (DQS_IDLE, i_call), on the port the next cycle (DQS_ISSUE)
// until taken (DQS_WAIT), answered (DQS_DONE: the answer kept in o_r_*)
// and used (i_used, back to DQS_IDLE).
//
// The command's warp is a register of its own (dq_cwarp), set with the
// command: WB's warp (i_b_w) for a call, the dispatch's slot for a
// CLEAR, the debug window's warp for its commands.  So every input of
// the deque's command port is a flip-flop, and the deque's per-warp
// decisions (its warp select, wq_token_cmd) start at a register rather
// than behind the core's choice of phase.  The debug window reads its
// warp's head, tail and size through the deque's second read (i_lwarp).
`default_nettype none
`include "wq_defs.vh"

module wq_diverge_dq #(
    parameter WARPS   = 8,
    parameter DQ_LOG2 = 6,
    parameter PCW     = `WQ_TF_ADDR_W,
    parameter WID_W   = (WARPS > 1) ? $clog2(WARPS) : 1
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    input  wire [WID_W-1:0]         i_b_w,          // WB's warp: a call's
    input  wire [WID_W-1:0]         i_dw,           // the debug window's warp: its commands', o_head's, o_tail's, o_dw_log2's
    input  wire                     i_vload,        // the view moves to warp i_vwarp (WB loads a beat)
    input  wire [WID_W-1:0]         i_vwarp,
    // WB's call: set this cycle, and what it is (wq_diverge's walk)
    input  wire                     i_call,
    input  wire                     i_used,         // its answer is used: the deque is free again
    input  wire                     i_held,         // RET's holder read (BP_HELD) of entry i_h_ent
    input  wire                     i_find,         // wait_region's / YIELD's FIND (BP_FIND)
    input  wire [3:0]               i_kk,           // otherwise the record's call (wq_core_wb.vh's K_*)
    input  wire [DQ_LOG2-1:0]       i_h_ent,
    input  wire [`WQ_TF_TYPE_W-1:0] i_rtype,        // the region's token type
    input  wire                     i_yield,        // YIELD: FIND at PC + 1
    input  wire [PCW-1:0]           i_next,         // PC + 1
    input  wire [PCW-1:0]           i_ipc,          // the target field
    input  wire                     i_yfound,       // YIELD's FIND found a token: merge at i_yidx
    input  wire [DQ_LOG2-1:0]       i_yidx,
    input  wire [31:0]              i_sel,          // the selected threads
    input  wire [31:0]              i_g_m0,         // the walk's group and its target
    input  wire [PCW-1:0]           i_g_t0,
    input  wire [`WQ_TF_TYPE_W-1:0] i_ptype,        // the one push's token
    input  wire [31:0]              i_pmask,
    input  wire [PCW-1:0]           i_paddr,
    // a warp starts: its deque is cleared to the launch's size
    input  wire                     i_ds_go,
    input  wire [WID_W-1:0]         i_ds_slot,
    input  wire [4:0]               i_ds_log2,
    // the debug window's commands (wq_core_csr)
    input  wire                     i_csr_dq_set,
    input  wire                     i_csr_dq_go,
    input  wire                     i_csr_dq_again,
    input  wire [3:0]               i_csr_dq_op,
    input  wire [DQ_LOG2-1:0]       i_csr_dq_index,
    input  wire [63:0]              i_csr_dq_data,
    input  wire [DQ_LOG2:0]         i_csr_dq_head,
    input  wire [DQ_LOG2:0]         i_csr_dq_tail,
    // the deque: the port, the answer, the state of warp i_dw
    output wire                     o_ready,
    output wire                     o_rvalid,
    output wire [63:0]              o_token,
    output wire [3:0]               o_op,           // the command on the port
    output wire                     o_has_call,     // WB's warp's deque holds a CALL token (the view's)
    output wire [DQ_LOG2:0]         o_head,
    output wire [DQ_LOG2:0]         o_tail,
    output wire [4:0]               o_dw_log2,
    // the view: the state of WB's warp in flip-flops (wq_token_deque)
    output wire [WID_W-1:0]         o_v_warp,
    output wire [DQ_LOG2:0]         o_v_head,
    output wire [DQ_LOG2:0]         o_v_tail,
    output wire [DQ_LOG2:0]         o_v_cnt,
    output wire [4:0]               o_v_log2,
    // WB's call: its state and its kept answer (head and tail when it
    // went out, the token, FIND's found and index, empty)
    output wire [1:0]               o_dqs,
    output wire [63:0]              o_r_token,
    output wire                     o_r_found,
    output wire                     o_r_empty,
    output wire [DQ_LOG2:0]         o_r_head,
    output wire [DQ_LOG2:0]         o_r_tail,
    output wire [DQ_LOG2-1:0]       o_r_index
);
    localparam DW = DQ_LOG2 + 1;
`include "wq_core_wb.vh"
    reg               dq_valid;
    reg  [3:0]        dq_op;
    reg  [WID_W-1:0]  dq_cwarp;         // the command's warp
    reg  [`WQ_TF_TYPE_W-1:0] dq_type;
    reg  [31:0]       dq_mask;
    reg  [PCW-1:0]    dq_addr;
    reg  [DQ_LOG2-1:0] dq_index;
    reg  [63:0]       dq_data;
    reg  [DW-1:0]     dq_head_in, dq_tail_in;
    reg  [4:0]        dq_log2_in;
    wire              dq_ready, dq_rvalid, dq_found, dq_empty, dq_rejected;
    wire [3:0]        dq_rop;
    wire [WID_W-1:0]  dq_rwarp;
    wire [7:0]        dq_trap;
    wire [63:0]       dq_token, dq_front;
    wire [DQ_LOG2-1:0] dq_rindex;
    wire [15:0]       dq_has_type;
    wire [DW-1:0]     dq_head, dq_tail;
    wire [4:0]        dq_log2;
    wire [DW-1:0]     dq_lhead, dq_ltail;
    wire [`WQ_TF_PRESENCE_W-1:0] v_has;
    wq_token_deque #(.LOG2(DQ_LOG2), .WARPS(WARPS), .FRONT_FULL(0)) u_deque (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_valid(dq_valid), .o_ready(dq_ready), .i_op(dq_op), .i_warp(dq_cwarp),
        .i_type(dq_type), .i_mask(dq_mask), .i_addr(dq_addr),
        .i_index(dq_index), .i_data(dq_data), .i_head(dq_head_in), .i_tail(dq_tail_in),
        .i_log2(dq_log2_in),
        .o_rvalid(dq_rvalid), .o_rop(dq_rop), .o_rwarp(dq_rwarp), .o_trap(dq_trap),
        .o_token(dq_token), .o_index(dq_rindex), .o_found(dq_found), .o_empty(dq_empty),
        .o_rejected(dq_rejected), .o_front(dq_front), .o_has_type(dq_has_type),
        .o_head(dq_head), .o_tail(dq_tail), .o_log2(dq_log2), .i_lwarp(i_dw),
        .o_l_head(dq_lhead), .o_l_tail(dq_ltail), .o_l_log2(o_dw_log2),
        .i_vload(i_vload), .i_vwarp(i_vwarp), .o_v_warp(o_v_warp), .o_v_head(o_v_head),
        .o_v_tail(o_v_tail), .o_v_cnt(o_v_cnt), .o_v_log2(o_v_log2), .o_v_has(v_has));
    // (every push is counted before it is made: the deque never traps here)
    // (the state of the command's warp: nobody here asks)
    wire unused_dq = &{1'b0, dq_rop, dq_rwarp, dq_trap, dq_rejected, dq_front, dq_has_type,
                       dq_head, dq_tail, dq_log2};

    // WB's deque calls, one at a time: the command goes out (DQS_ISSUE, the
    // cycle after it is set), is taken, and its result is kept (DQS_DONE)
    // until the step that asked for it uses it
    reg [1:0]        dqs;
    reg [63:0]       dqr_token;
    reg              dqr_found, dqr_empty;
    reg [DW-1:0]     dqr_head, dqr_tail;        // head and tail when the command went out
    reg [DQ_LOG2-1:0] dqr_index;                // FIND's index

    assign o_ready = dq_ready;
    assign o_rvalid = dq_rvalid;
    assign o_token = dq_token;
    assign o_op = dq_op;
    // (WB's warp: the view's; indexed by a type code, as o_has_type is)
    wire [15:0] v_has16 = {{(16-`WQ_TF_PRESENCE_W){1'b0}}, v_has};
    assign o_has_call = v_has16[`WQ_TOK_CALL];
    // (the view's other types: no decision of WB's asks about them)
    wire unused_vhas = &{1'b0, v_has16};
    assign o_head = dq_lhead;
    assign o_tail = dq_ltail;
    assign o_dqs = dqs;
    assign o_r_token = dqr_token;
    assign o_r_found = dqr_found;
    assign o_r_empty = dqr_empty;
    assign o_r_head = dqr_head;
    assign o_r_tail = dqr_tail;
    assign o_r_index = dqr_index;

    // ---- the deque port ---------------------------------------------------------------------
    always @(posedge i_clk) begin
        dq_valid <= 1'b0;
        if (i_call) begin
            dq_valid <= 1'b1;
            dq_cwarp <= i_b_w;
            if (i_held) begin
                dq_op <= `WQ_DQCMD_DBG_READ;    // RET: e[h_idx - 1]
                dq_index <= i_h_ent;
            end else if (i_find) begin
                dq_op <= `WQ_DQCMD_FIND;        // wq_deque_find(type, f)
                dq_type <= i_rtype;
                dq_addr <= i_yield ? i_next : i_ipc;
            end else if (i_kk == K_YDQ) begin
                // YIELD's token: merged into the one found, else pushed at the back
                dq_op <= i_yfound ? `WQ_DQCMD_MERGE : `WQ_DQCMD_PUSH_BACK;
                dq_index <= i_yidx;
                dq_type <= `WQ_TOK_YIELD;
                dq_mask <= i_sel;
                dq_addr <= i_next;
            end else if (i_kk == K_GRP) begin
                dq_op <= `WQ_DQCMD_PUSH_FRONT;  // a group's DIV token
                dq_type <= `WQ_TOK_DIV;
                dq_mask <= i_g_m0;
                dq_addr <= i_g_t0;
            end else if (i_kk == K_CPUSH) begin
                dq_op <= `WQ_DQCMD_PUSH_FRONT;  // CALL's token: its threads, the return address
                dq_type <= `WQ_TOK_CALL;
                dq_mask <= i_sel;
                dq_addr <= i_next;
            end else if (i_kk == K_PUSH) begin
                dq_op <= `WQ_DQCMD_PUSH_FRONT;  // room was checked (BP_CHECK)
                dq_type <= i_ptype;
                dq_mask <= i_pmask;
                dq_addr <= i_paddr;
            end else
                dq_op <= `WQ_DQCMD_POP;
        end
        if (dqs == DQS_ISSUE && !dq_ready) dq_valid <= 1'b1;
        // a warp starts: its deque is cleared to the launch's size
        if (i_ds_go) begin
            dq_valid <= 1'b1;
            dq_cwarp <= i_ds_slot;
            dq_op <= `WQ_DQCMD_CLEAR;
            dq_log2_in <= i_ds_log2;
        end
        // the debug window's command (its operands whenever DBG_CMD is written)
        if (i_csr_dq_set) begin
            dq_index <= i_csr_dq_index;
            dq_data <= i_csr_dq_data;
            dq_head_in <= i_csr_dq_head;
            dq_tail_in <= i_csr_dq_tail;
        end
        if (i_csr_dq_go) begin
            dq_valid <= 1'b1;
            dq_cwarp <= i_dw;
            dq_op <= i_csr_dq_op;
        end
        if (i_csr_dq_again) dq_valid <= 1'b1;    // (not taken yet)
        if (i_reset) dq_valid <= 1'b0;
    end

    // ---- WB's deque call: out, taken, answered, used ------------------------------------------
    always @(posedge i_clk) begin
        case (dqs)
        DQS_IDLE:
            if (i_call) begin
                dqr_head <= o_v_head;       // (WB's warp: the view's)
                dqr_tail <= o_v_tail;
                dqs <= DQS_ISSUE;
            end
        DQS_ISSUE:
            if (dq_ready) dqs <= DQS_WAIT;
        DQS_WAIT:
            if (dq_rvalid) begin
                dqr_token <= dq_token;
                dqr_found <= dq_found;
                dqr_empty <= dq_empty;
                dqr_index <= dq_rindex;
                dqs <= DQS_DONE;
            end
        default: ;                          // DQS_DONE: the step below takes it
        endcase
        if (i_used) dqs <= DQS_IDLE;
        if (i_reset) dqs <= DQS_IDLE;
    end

`ifdef FORMAL
    // Checked inside wq_core (scripts/formal.sh, job core): WB's command
    // stays on the port until the deque takes it, on WB's warp, and its
    // answer is used only once it is in.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*)
        if (f_past && !i_reset) begin
            if (dqs == DQS_ISSUE) assert(dq_valid);
            if (i_used) assert(dqs == DQS_DONE);
            // (a call's command is on WB's warp, which stays while the
            // call is out: the command's own warp register is that warp)
            if (dqs != DQS_IDLE) assert(dq_cwarp == i_b_w);
        end
    always @(posedge i_clk)
        if (f_past && !i_reset)
            // a warp start's CLEAR taken by the deque
            c_dv_clear: cover(dq_valid && dq_op == `WQ_DQCMD_CLEAR && dq_ready);
`endif
endmodule
