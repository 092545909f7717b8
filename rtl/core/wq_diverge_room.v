// wq_diverge_room.v -- the deque-room check of a control instruction's
// prologue (docs/rtl/wq_diverge_room.md; docs/rtl/wq_diverge.md): the
// model's wq_deque_push_trap over the pushes the instruction will make,
// checked before any of its records so a trap changes nothing.
//
// The front pushes are one a group but the first (BRX / JMX / RET: the
// group walk's count, i_ng), CALL's token and its DIV token, a region's
// token or a branch's DIV token; YIELD with no token to merge into pushes
// at the back.  No room at the front (past the deque's depth from its
// head) or at the back (tail at 0) traps: DEQUE_FULL when the count of
// all the pushes does not fit either, else the bound's own trap.  A
// sub-vector instruction's misuse (wq_diverge_subv) traps first.
// wq_diverge takes the trap at BP_CHECK (o_trap: wq_core's WB trap).
`default_nettype none
`include "wq_defs.vh"

module wq_diverge_room #(
    parameter DW = 7                    // the deque's count width (DQ_LOG2 + 1)
) (
    input  wire            i_misuse,    // SUBV_*'s in_subv_region misuse
    input  wire            i_mt,        // BRX / JMX / RET: i_ng groups
    input  wire [5:0]      i_ng,
    input  wire            i_call,      // CALL (with i_two: its DIV token too)
    input  wire            i_two,       // two groups (a branch's DIV token)
    input  wire            i_push,      // one push (a region's or DIV token)
    input  wire            i_yback,     // YIELD pushes at the back
    // WB's warp's deque: head, count, tail, size
    input  wire [DW-1:0]   i_head,
    input  wire [DW-1:0]   i_cnt,
    input  wire [DW-1:0]   i_tail,
    input  wire [4:0]      i_log2,
    output wire [7:0]      o_trap,
    output wire            o_is_trap,   // o_trap is not NONE
    output wire            o_is_rec     // ... and recoverable (the spec's RECOV flags)
);
    wire [9:0]  dq_depth   = 10'd1 << i_log2;
    wire [10:0] dq_head11  = {{(11-DW){1'b0}}, i_head};
    wire [10:0] dq_cnt11   = {{(11-DW){1'b0}}, i_cnt};
    // (the room's compares for each count a push can have -- 1, 2, the
    // groups' -- from the deque's state and i_ng, beside the count's
    // choice: not the count's adder behind the branch's outcome)
    wire [10:0] dq_dep11   = {1'b0, dq_depth};
    wire [10:0] g_nm1      = {5'd0, i_ng} - 11'd1;
    wire        h_o1       = dq_head11 + 11'd1 > dq_dep11;
    wire        h_o2       = dq_head11 + 11'd2 > dq_dep11;
    wire        h_om       = i_ng > 6'd1 && dq_head11 + g_nm1 > dq_dep11;
    wire        c_o1       = dq_cnt11 + 11'd1 > dq_dep11;
    wire        c_o2       = dq_cnt11 + 11'd2 > dq_dep11;
    wire        c_om       = dq_cnt11 + g_nm1 > dq_dep11;
    wire        b_fover    = i_mt ? h_om : i_call ? (i_two ? h_o2 : h_o1) : (i_push && h_o1);
    wire        b_full     = i_yback ? c_o1 : i_mt ? c_om : (i_call && i_two) ? c_o2 : c_o1;
    wire        b_noroom   = b_fover || (i_yback && i_tail == {DW{1'b0}});
    assign o_trap = i_misuse ? `WQ_TRAP_SUBV_MISUSE :
                    b_noroom ?
                        (b_full ? `WQ_TRAP_DEQUE_FULL :
                         i_yback ? `WQ_TRAP_DEQUE_BACK_BOUND : `WQ_TRAP_DEQUE_FRONT_BOUND) :
                    `WQ_TRAP_NONE;
    // (the verdict alone, without the code's select and its compare with
    // NONE behind it: WB's trap flag takes it at the check's last level)
    assign o_is_trap = i_misuse || b_noroom;
    // (its recoverability beside it, as WB's trap walk reads it: not a
    // decode of the code behind the code's select)
    assign o_is_rec  = i_misuse ? `WQ_TRAP_SUBV_MISUSE_RECOV :
                       b_noroom ? (b_full ? `WQ_TRAP_DEQUE_FULL_RECOV :
                                   i_yback ? `WQ_TRAP_DEQUE_BACK_BOUND_RECOV :
                                   `WQ_TRAP_DEQUE_FRONT_BOUND_RECOV) :
                       `WQ_TRAP_NONE_RECOV;

`ifdef FORMAL
    // Checked on its own (scripts/formal.sh, job diverge_room: every input
    // free) and inside wq_core (job core).  The trap as the pushes' count
    // gives it: the front pushes (none, one, two, a push a group but the
    // first), all of them with YIELD's back push.
    wire [10:0] f_nfront   = i_mt ? ((i_ng == 6'd0) ? 11'd0 : {5'd0, i_ng} - 11'd1) :
                             i_call ? (i_two ? 11'd2 : 11'd1) :
                             i_push ? 11'd1 : 11'd0;
    wire [10:0] f_nall     = i_yback ? 11'd1 : f_nfront;
    wire [7:0]  f_trap     = i_misuse ? `WQ_TRAP_SUBV_MISUSE :
                             ((f_nfront != 11'd0 && dq_head11 + f_nfront > dq_dep11) ||
                              (i_yback && i_tail == {DW{1'b0}})) ?
                                 ((dq_cnt11 + f_nall > dq_dep11) ? `WQ_TRAP_DEQUE_FULL :
                                  i_yback ? `WQ_TRAP_DEQUE_BACK_BOUND : `WQ_TRAP_DEQUE_FRONT_BOUND) :
                             `WQ_TRAP_NONE;
    always @(*) assert(o_trap == f_trap);
    always @(*) assert(o_is_trap == (f_trap != `WQ_TRAP_NONE));
`include "wq_trap_recov.vh"
    always @(*) assert(o_is_rec == trap_recov(f_trap));
`endif
endmodule
