// wq_core_div.v -- the pipelined core's division unit: DIVU, DIV, REMU,
// REM off EX, committed through the completion path (docs/rtl/wq_core.md,
// "Division"; the model's exec_alu.c).
//
// A division's beats leave EX into this unit one a cycle, like an ALU
// instruction's, and EX goes on with other warps' beats the next cycle:
//
//   part beats   each part's operands (ra, rb or the immediate) into the
//                operand buffer, 32 threads x 64 bits; a part with a
//                selected lane is pending
//   commit beat  the instruction is complete (o_open drops)
//
// The divider array (DIV_LANES wq_divs, a divisor of LANES: one a lane by
// default) divides the pending parts one after the other, lowest first,
// and a part a slice of DIV_LANES lanes at a time, lowest first: a cycle
// that reads the part's operand row, a start cycle, 32 steps, and a cycle
// that writes the slice's quotients or remainders into the part's result
// row and starts the part's next slice -- 33 cycles a slice and two more
// a part, 35 a part with one slice.  Fewer dividers than lanes trade
// division time for LUTs (a wq_div is about 340 LUT4 on the ECP5,
// docs/fpga/boards.md).  When every part is divided and the commit beat
// is in, the commit is ready (o_rdy): the core grants it the
// commit port between WB's commits (i_go, one cycle a part, lowest part
// first), emits each part's REG_WRITE beat from o_row (the parts with a
// selected lane) and RETIRE beside the last, and the unit is free again.
// The commit is ready a cycle after the last results are written: the
// result rows' read is registered, and its address is the next beat's
// part.
// The unit holds one division: another warp's division waits in EX until
// the unit is free (the structural hazard), other beats do not.
//
// The unit has no side effect before its commit (the register writes are
// the commit's), and a warp has one instruction in flight, so nothing it
// holds needs to be dropped: a trap commit and a store that wrote code
// wait until it is free (wq_core).
`default_nettype none
`include "wq_defs.vh"

module wq_core_div #(
    parameter LANES     = 32,
    parameter DIV_LANES = LANES,   // dividers (a divisor of LANES)
    parameter PCW       = 16,
    parameter WID_W     = 3,
    parameter RF_AW     = 10
) (
    input  wire                 i_clk,
    input  wire                 i_reset,
    // EX: a division's beat leaves EX into the unit
    input  wire                 i_in,
    input  wire                 i_commit,     // ... its commit beat
    input  wire [5:0]           i_p,          // ... a part beat's part
    input  wire [LANES-1:0]     i_lanes,      // ... the part's selected lanes
    input  wire [`WQ_OP_W-1:0]  i_op,
    input  wire [WID_W-1:0]     i_w,
    input  wire [PCW-1:0]       i_pc,
    input  wire [63:0]          i_ir,
    input  wire [5:0]           i_rd,
    input  wire [RF_AW-1:0]     i_rr,         // ... rd's part 0 row (wq_de_stage)
    input  wire                 i_rpk,        // ... rd is packed: every part at i_rr
    input  wire [31:0]          i_sel,
    input  wire [LANES*32-1:0]  i_a,          // dividends
    input  wire [LANES*32-1:0]  i_b,          // divisors
    output reg                  o_busy,       // a division is in the unit
    output reg                  o_open,       // ... its commit beat is not in yet
    // the completion: a beat a cycle while the core grants it the port
    input  wire                 i_go,
    output wire                 o_rdy,        // every part divided: the commit can start
    output reg                  o_on,         // the commit has emitted a beat, not its last
    output wire                 o_last,       // this beat is the last (RETIRE beside it)
    output reg  [5:0]           o_p,          // this beat's part
    output wire [LANES*32-1:0]  o_row,        // ... its results
    output reg  [WID_W-1:0]     o_w,
    output reg  [PCW-1:0]       o_pc,
    output reg  [63:0]          o_ir,
    output reg  [5:0]           o_rd,
    output reg  [RF_AW-1:0]     o_rr,
    output reg                  o_rpk,
    output reg  [31:0]          o_sel,
    output reg  [`WQ_OP_W-1:0]  o_op
);
    localparam PARTS = 32 / LANES;
    localparam PW = (PARTS > 1) ? $clog2(PARTS) : 1;
    localparam [5:0] LASTP = PARTS[5:0] - 6'd1;
    localparam SL = LANES / DIV_LANES;      // slices a part
    localparam SW = (SL > 1) ? $clog2(SL) : 1;
    localparam integer SLM = SL - 1;
    localparam [SW-1:0] LASTQ = SLM[SW-1:0];
    localparam DW = DIV_LANES * 32;         // a slice's bits in a row
    wire unused_p = &{1'b0, i_p};          // (a part below PARTS: its low bits index it)
    // DIV_LANES must divide LANES: otherwise elaboration stops on a module
    // that does not exist, named for the rule (as wq_ecp5_pll's checks)
    generate if (DIV_LANES < 1 || LANES % DIV_LANES != 0) begin : g_bad
        wq_core_div_error_DIV_LANES_does_not_divide_LANES u_error();
    end endgenerate

    reg          s_ld;                      // part s_p's operand row is read (its first slice starts)
    reg          s_run, s_done;             // the array divides slice s_q of part s_p; its results
    reg  [4:0]   s_n;                       // steps made - 1
    reg  [PW-1:0] s_p;
    reg  [SW-1:0] s_q;
    wire [DW-1:0] dv_res;

    // ---- the operand buffer and the results ---------------------------------
    // A row a part (lane l of part p: thread p * LANES + l, at
    // [l*32 +: 32]), written and read as rows: a part-select at
    // p * LANES * 32 of a 1 024-bit vector is, for Yosys, a shifter over
    // the whole buffer on each write and read (about 26 000 LUT4 at
    // LANES=8), and for Verilator a wide insert.  Both are block RAMs
    // (wq_regfile: a write port with an enable a bank, a registered
    // read): the operands' row {divisors, dividends} one bank written by
    // the part beats, the results' row a bank a slice written by the
    // array.  As LUT RAM with asynchronous reads the three arrays were
    // 192 TRELLIS_DPR16X4 at LANES=8, about 1 150 of the ECP5's logic
    // sites; as block RAM they take none.
    //   The operands' read address is the part being divided (s_p), or
    // the part a start picks (s_low) as it starts: the row is in the read
    // register the cycle after, and stays while the part is divided (a
    // part beat writes a later part: asserted below).  The results' read
    // address is the commit's next part, so o_row is the part of o_p.
    reg  [PARTS-1:0]  pend;                 // parts still to divide
    wire [PW-1:0]     s_ra;                 // the operand row read
    wire [2*LANES*32-1:0] ab_row;           // ... {divisors, dividends} of part s_p
    wq_regfile #(.LANES(1), .WIDTH(2*LANES*32), .DEPTH(PARTS)) u_qab (
        .i_clk(i_clk), .i_raddr(s_ra), .i_rzero(1'b0), .o_rdata(ab_row),
        .i_we(i_in && !i_commit), .i_waddr(i_p[PW-1:0]), .i_wlane(1'b1), .i_wdata({i_b, i_a}));
    wire [PW-1:0] r_ra;                     // the result row read: the part of o_p next
    wire [SL-1:0] r_wsl;                    // the slice whose results are written
    genvar gq;
    generate for (gq = 0; gq < SL; gq = gq + 1) begin : g_qr
        localparam integer QI = gq;
        assign r_wsl[gq] = s_q == QI[SW-1:0];
    end endgenerate
    wq_regfile #(.LANES(SL), .WIDTH(DW), .DEPTH(PARTS)) u_qr (
        .i_clk(i_clk), .i_raddr(r_ra), .i_rzero(1'b0), .o_rdata(o_row),
        .i_we(s_done), .i_waddr(s_p), .i_wlane(r_wsl), .i_wdata({SL{dv_res}}));

    // the instruction
    always @(posedge i_clk)
        if (i_in && !o_busy) begin
            o_w <= i_w; o_pc <= i_pc; o_ir <= i_ir; o_rd <= i_rd; o_sel <= i_sel; o_op <= i_op;
            o_rr <= i_rr; o_rpk <= i_rpk;
        end

    // ---- the divider array: one part at a time ----------------------------
    // the lowest pending part
    reg  [PW-1:0] s_low;
    integer li;
    always @(*) begin
        s_low = {PW{1'b0}};
        for (li = PARTS - 1; li >= 0; li = li - 1)
            if (pend[li]) s_low = li[PW-1:0];
    end
    // a part is picked and its operand row read (s_go, then s_ld); its
    // first slice starts the cycle after (s_ld); as a slice's results are
    // written, the part's next one starts (s_nx)
    wire         s_go = !s_ld && !s_run && !s_done && pend != {PARTS{1'b0}};
    wire         s_nx = s_done && s_q != LASTQ;
    assign       s_ra = s_go ? s_low : s_p;
    wire [SW-1:0] s_qx = s_q + {{(SW-1){1'b0}}, s_nx};
    wire [LANES*32-1:0] dv_ra = ab_row[LANES*32-1:0];
    wire [LANES*32-1:0] dv_rb = ab_row[2*LANES*32-1:LANES*32];
    reg  [DW-1:0] dv_a, dv_b;               // the slice s_qx of the rows
    integer qi;
    always @(*) begin
        dv_a = dv_ra[DW-1:0];
        dv_b = dv_rb[DW-1:0];
        for (qi = 1; qi < SL; qi = qi + 1)
            if (s_qx == qi[SW-1:0]) begin
                dv_a = dv_ra[qi*DW +: DW];
                dv_b = dv_rb[qi*DW +: DW];
            end
    end
    genvar gd;
    generate for (gd = 0; gd < DIV_LANES; gd = gd + 1) begin : g_div
        wq_div #(.W(32)) u_div (
            .i_clk(i_clk), .i_start(s_ld || s_nx), .i_step(s_run),
            .i_sgn(o_op == `WQ_OP_DIV || o_op == `WQ_OP_REM),
            .i_rem(o_op == `WQ_OP_REMU || o_op == `WQ_OP_REM),
            .i_a(dv_a[gd*32 +: 32]), .i_b(dv_b[gd*32 +: 32]),
            .o_res(dv_res[gd*32 +: 32]));
    end endgenerate

    always @(posedge i_clk) begin
        s_ld <= s_go;
        if (s_ld || s_nx) begin
            s_run <= 1'b1;
            s_n <= 5'd0;
            s_q <= s_qx;
        end
        if (s_go) begin
            s_p <= s_low;
            s_q <= {SW{1'b0}};
        end
        if (s_run) begin
            s_n <= s_n + 5'd1;
            if (s_n == 5'd31) begin
                s_run <= 1'b0;
                s_done <= 1'b1;
            end
        end
        if (s_done) s_done <= 1'b0;         // (the results written, above)
        if (i_reset) begin
            s_ld <= 1'b0; s_run <= 1'b0; s_done <= 1'b0;
        end
    end
    // the pending parts: the entering part beat's part set (a part with a
    // selected lane), the part whose last slice is written cleared.  The
    // set and clear masks come from the beat's and the array's registers;
    // i_in (EX's take, decided late in EX's cycle) gates the set mask at
    // the last level, one LUT from pend
    localparam [PARTS-1:0] PONE = 1;
    wire [PARTS-1:0] pend_set = (!i_commit && i_lanes != {LANES{1'b0}}) ? (PONE << i_p[PW-1:0]) : {PARTS{1'b0}};
    wire [PARTS-1:0] pend_clr = (s_done && s_q == LASTQ) ? (PONE << s_p) : {PARTS{1'b0}};
    always @(posedge i_clk)
        if (i_reset) pend <= {PARTS{1'b0}};
        else pend <= (pend | ({PARTS{i_in}} & pend_set)) & ~pend_clr;

    // ---- the completion -----------------------------------------------------
    // Ready: the unit holds a division whose commit beat is in, no part is
    // pending, the array is idle, and its last results were written at
    // least a cycle ago (the result rows' read is registered: the cycle
    // after a write it still holds the row as it was)
    //   o_busy && !o_open && pend == 0 && !s_ld && !s_run && !s_done && !(s_done a cycle ago)
    // kept as a flip-flop, rdy, loaded with that term's next value: it
    // enters the completion path's freeze and grant (wq_wb_ctl's xc_frz,
    // dc_go), which reach WB's take in the same cycle, so it is a register
    // there, not 3 levels of AND.  The next value is formed for the three
    // cases of the cycle -- the commit's beat (i_go: the unit stays ready
    // unless it is the last), a beat entering (i_in: ready only with the
    // commit beat, nothing pending or dividing after the edge), neither --
    // and the late strobes select at the last level.  The FORMAL section
    // asserts it equal to the term.
    reg          rdy;
    wire         run_nx  = s_ld || s_nx || (s_run && s_n != 5'd31);
    wire         idle_nx = (pend & ~pend_clr) == {PARTS{1'b0}} && !s_go && !run_nx &&
                           !(s_run && s_n == 5'd31) && !s_done;
    always @(posedge i_clk)
        if (i_reset) rdy <= 1'b0;
        else if (i_go) rdy <= !o_last;
        else if (i_in) rdy <= i_commit && idle_nx;
        else rdy <= o_busy && !o_open && idle_nx;
    assign o_rdy  = rdy;
    assign o_last = o_p == LASTP;
    assign r_ra   = !i_go ? o_p[PW-1:0] : o_last ? {PW{1'b0}} : o_p[PW-1:0] + {{(PW-1){1'b0}}, 1'b1};
    always @(posedge i_clk) begin
        if (i_in) begin
            o_busy <= 1'b1;
            o_open <= !i_commit;
        end
        if (i_go) begin
            o_p <= o_last ? 6'd0 : o_p + 6'd1;
            o_on <= !o_last;
            if (o_last) o_busy <= 1'b0;
        end
        if (i_reset) begin
            o_busy <= 1'b0; o_open <= 1'b0; o_on <= 1'b0; o_p <= 6'd0;
        end
    end

`ifdef FORMAL
    // The core's protocol, assumed: a division's first beat is part 0 of a
    // free unit, its parts come in order and its commit beat last; the
    // commit port is granted only to a ready commit.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    reg [SW:0] f_sd = {(SW+1){1'b0}};      // slices of part s_p written since its start
    always @(posedge i_clk)
        if (i_reset || s_go) f_sd <= {(SW+1){1'b0}};
        else if (s_done) f_sd <= f_sd + {{SW{1'b0}}, 1'b1};
    always @(*) if (!f_past) assume(i_reset);
    reg f_wr = 1'b0;                        // results were written the cycle before
    always @(posedge i_clk) f_wr <= !i_reset && s_done;
    reg [6:0] f_next;                       // the part beat expected next
    always @(posedge i_clk)
        if (i_reset || (i_go && o_last)) f_next <= 7'd0;
        else if (i_in && !i_commit) f_next <= f_next + 7'd1;
    always @(*) begin
        if (i_in && !o_busy) assume(!i_commit && i_p == 6'd0);
        if (i_in) assume(!o_busy || o_open);
        if (i_in && !i_commit) assume({1'b0, i_p} == f_next && i_p < PARTS);
        if (i_in && i_commit) assume(f_next == PARTS);
        if (i_go) assume(o_rdy || o_on);
        if (i_go) assume(!i_in);
    end
    always @(*) if (f_past && !i_reset) begin
        // the array divides one pending part at a time, only while the
        // unit holds a division; the commit walks only a complete one
        if (s_ld || s_run || s_done) assert(o_busy);
        if (pend != {PARTS{1'b0}}) assert(o_busy);
        if (o_on) assert(o_busy && !o_open && pend == {PARTS{1'b0}} && !s_ld && !s_run && !s_done && !f_wr &&
                         o_p != 6'd0);
        if (!o_on) assert(o_p == 6'd0);
        if (o_p != 6'd0) assert(o_on);
        assert(o_p < PARTS);
        if (s_ld || s_run || s_done) assert(!o_on);
        // the part divided is pending and came in before the beats that
        // still come: a part beat never overwrites the part being divided
        if (s_ld || s_run || s_done) assert(pend[s_p] && {1'b0, s_p} < f_next);
        // ... so the operand row read for a start, or held while its part
        // is divided, is never the one a part beat writes (the block
        // RAM's read of a row written on the same edge is undefined)
        if (i_in && !i_commit && (s_go || s_ld || s_run || s_done)) assert(i_p[PW-1:0] != s_ra);
        // the slices of the part divided go in order, each once: the
        // array divides the slice after the ones whose results are
        // written (so the part leaves pend after its last slice)
        if (s_ld || s_run || s_done) assert({1'b0, s_q} == f_sd);
        // (and s_q in range: with one slice a part it stays 0, which
        // the induction needs)
        if (s_ld || s_run || s_done) assert({1'b0, s_q} <= {1'b0, LASTQ});
        for (li = 0; li < PARTS; li = li + 1)
            if (pend[li]) assert(li < f_next);
        if (!o_busy) assert(f_next == 7'd0 && !o_open);
        // the ready flip-flop is the ready term
        assert(rdy == (o_busy && !o_open && pend == {PARTS{1'b0}} && !s_ld && !s_run && !s_done && !f_wr));
        if (o_busy && !o_open) assert(f_next == PARTS);
        if (o_open) assert(f_next < PARTS || (f_next == PARTS));
    end
    reg f_div = 1'b0;                       // the array has divided a part of it
    always @(posedge i_clk)
        if (i_reset || !o_busy) f_div <= 1'b0;
        else if (s_done) f_div <= 1'b1;
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            // a commit; a part beat taken while the array divides another
            c_commit: cover(i_go && o_last && f_div);
            c_overlap: cover(i_in && !i_commit && s_run);
        end
    // fewer dividers than lanes: a part's next slice starts as a slice's
    // results are written
    generate if (SL > 1) begin : g_fslice
        always @(posedge i_clk)
            if (f_past && !i_reset)
                c_slice: cover(s_nx);
    end endgenerate
`endif
endmodule
