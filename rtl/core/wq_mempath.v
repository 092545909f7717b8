// wq_mempath.v -- the warp scheduler's memory path in the default
// configuration: its line-wide master port goes through the L1 data cache
// (wq_l1) to the device's line-wide memory port.
//
// Core side: the schedulers' master contract (docs/rtl/README.md) one line
// wide: a line request (a read of the line, or a write of its strobed
// bytes) held on valid / ready, one response per accepted request, in
// order; a read's response is the line.  The core's LSU makes a warp's
// memory instruction as few line requests as its addresses allow (the
// coalescer's rule, docs/rtl/wq_lsu_pick.md); its fetch runs read lines.
//
// Memory side: the L1's line requests go to the device's port as they
// are (one a cycle, held until taken).  The port answers in order, so the
// L1's ids (it accepts answers in any order) are kept in a queue as deep as
// it has ids, and each answer goes to the L1 with the oldest.  Up to 2^ID_W
// line requests are in flight.  Nothing reaches memory except on behalf of
// a core request the core still waits for, so once the core has its last
// response the memory side is idle.
//
// Timing: a core request is registered before the L1 looks it up, in a
// skid buffer with registered outputs (wq_skid OUTREG 1, u_rq): a request a
// cycle, one cycle more per request, and o_ready is a flip-flop, so neither
// the L1's lookup nor its ready shares a path with the LSU's request
// stage; the buffer is empty whenever the core has no request waiting for
// its answer.
//
// Coherence (docs/rtl/wq_mempath.md): i_inval invalidates the L1 while
// it is high.  wq_top holds it high whenever the scheduler does not hold
// the event lock, the only time any other writer -- the host interface,
// the host's own memory writes at safe points -- touches memory; within a
// hold every write is the scheduler's and goes through the L1
// (write-through), so a hit returns what memory holds (commit.md rule 5).
`default_nettype none
`include "wq_defs.vh"

module wq_mempath #(
    parameter SETS       = 16,      // L1 sets, a power of two >= 2
    parameter WAYS       = 2,       // L1 ways, a power of two
    parameter LINE_BYTES = 16,      // a power of two, >= 8
    parameter ID_W       = 4        // 2^ID_W L1 requests in flight
) (
    input  wire                    i_clk,
    input  wire                    i_reset,
    input  wire                    i_inval,      // invalidate every L1 line (held: kept empty)
    // core side: line requests, one response per request, in order
    input  wire                    i_valid,
    output wire                    o_ready,
    input  wire                    i_we,
    input  wire [31:0]             i_addr,       // the line's base address
    input  wire [8*LINE_BYTES-1:0] i_wdata,
    input  wire [LINE_BYTES-1:0]   i_wstrb,
    output wire                    o_rvalid,
    output wire [8*LINE_BYTES-1:0] o_rdata,
    // memory side: the device's line port (same contract)
    output wire                    o_mem_valid,
    input  wire                    i_mem_ready,
    output wire                    o_mem_we,
    output wire [31:0]             o_mem_addr,
    output wire [8*LINE_BYTES-1:0] o_mem_wdata,
    output wire [LINE_BYTES-1:0]   o_mem_wstrb,
    input  wire                    i_mem_rvalid,
    input  wire [8*LINE_BYTES-1:0] i_mem_rdata,
    // L1 read lookups that hit / missed
    output wire [31:0]             o_hits,
    output wire [31:0]             o_misses
);
    localparam LB  = $clog2(LINE_BYTES);
    localparam IDS = 1 << ID_W;

    wire          l1_rhit;
    wire [1:0]    m_op;
    wire          m_aop;
    wire [ID_W-1:0] m_id;
    wire [31:0]   m_addr;
    // the ids of the line requests memory has taken and not answered, oldest
    // first: memory answers in order, the oldest is the answer's
    reg  [ID_W-1:0] q_id [0:IDS-1];
    reg  [ID_W-1:0] q_head, q_tail;
    wire            sent = o_mem_valid && i_mem_ready;

    // ---- the request buffer: the core's request as the L1 sees it ----------
    // A skid buffer with registered outputs (wq_skid, OUTREG 1): the L1
    // looks up a registered request (r_*), and the core's ready is the
    // buffer's own flip-flop, so the L1's ready (its id count, a refill,
    // the device port's ready) never reaches the core's request logic in
    // the cycle it is decided.  A request the L1 does not take at once
    // waits in the buffer's second register.
    localparam RW = 1 + 32 + 8 * LINE_BYTES + LINE_BYTES;
    wire                    r_valid;
    wire                    r_we;
    wire [31:0]             r_addr;
    wire [8*LINE_BYTES-1:0] r_wdata;
    wire [LINE_BYTES-1:0]   r_wstrb;
    wire                    l1_ready;
    /* verilator lint_off PINCONNECTEMPTY */
    wq_skid #(.DW(RW), .OUTREG(1)) u_rq (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_valid(i_valid), .i_data({i_we, i_addr, i_wdata, i_wstrb}), .o_ready(o_ready), .o_held(),
        .o_valid(r_valid), .o_data({r_we, r_addr, r_wdata, r_wstrb}), .i_ready(l1_ready));
    /* verilator lint_on PINCONNECTEMPTY */

    wq_l1 #(.SETS(SETS), .WAYS(WAYS), .LINE_BYTES(LINE_BYTES), .ID_W(ID_W), .AOP_W(1)) u_l1 (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_valid(r_valid), .o_ready(l1_ready),
        .i_op(r_we ? `WQ_MEMOP_ST : `WQ_MEMOP_LD), .i_addr(r_addr),
        .i_wdata(r_wdata), .i_wstrb(r_wstrb), .i_aop(1'b0),
        .o_rvalid(o_rvalid), .i_rready(1'b1), .o_rdata(o_rdata), .o_rhit(l1_rhit),
        .i_inval(i_inval),
        .o_mem_valid(o_mem_valid), .i_mem_ready(i_mem_ready), .o_mem_id(m_id), .o_mem_op(m_op),
        .o_mem_addr(m_addr), .o_mem_wdata(o_mem_wdata), .o_mem_wstrb(o_mem_wstrb),
        .o_mem_aop(m_aop),
        .i_mem_rvalid(i_mem_rvalid), .i_mem_rid(q_id[q_head]), .i_mem_rdata(i_mem_rdata),
        .o_hits(o_hits), .o_misses(o_misses));
    wire unused_aop = &{1'b0, m_aop, l1_rhit, m_addr[LB-1:0]};
    assign o_mem_we   = (m_op != `WQ_MEMOP_LD);
    assign o_mem_addr = {m_addr[31:LB], {LB{1'b0}}};

    always @(posedge i_clk)
        if (i_reset) begin
            q_head <= {ID_W{1'b0}};
            q_tail <= {ID_W{1'b0}};
        end else begin
            if (sent)         q_tail <= q_tail + 1'b1;
            if (i_mem_rvalid) q_head <= q_head + 1'b1;
        end
    always @(posedge i_clk)
        if (sent) q_id[q_tail] <= m_id;

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job mempath): BMC,
    // induction and covers, with the L1 inside.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);

    // the core: a request held unchanged until taken, at most one waiting
    // for its response (one line request of the LSU at a time)
    wire       take = i_valid && o_ready;
    reg        f_cpend;              // a taken request waits for its response
    reg        f_cwe;
    reg [31:0] f_caddr;
    always @(posedge i_clk)
        if (i_reset) f_cpend <= 1'b0;
        else if (take) begin
            f_cpend <= 1'b1;
            f_cwe   <= i_we;
            f_caddr <= i_addr;
        end else if (o_rvalid) f_cpend <= 1'b0;
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && $past(i_valid && !o_ready) && !i_reset)
            assume(i_valid && i_we == $past(i_we) && i_addr == $past(i_addr) &&
                   i_wdata == $past(i_wdata) && i_wstrb == $past(i_wstrb));
    always @(*) if (f_cpend) assume(!i_valid);
    always @(*) if (i_valid) assume(i_addr[LB-1:0] == {LB{1'b0}});

    // the memory: answers line requests in order, at least a cycle later
    // (wq_fmem; f_mout: line requests without a response)
    wire [ID_W:0] f_mout;
    wq_fmem #(.F_LGOUT(ID_W + 1)) f_lmem (
        .i_clk(i_clk), .i_reset(i_reset), .i_valid(o_mem_valid), .i_ready(i_mem_ready),
        .i_rvalid(i_mem_rvalid), .o_out(f_mout));

    // one tracked word of memory: its value; what memory answers for it
    (* anyconst *) reg [31:0] f_addr;
    always @(*) assume(f_addr[1:0] == 2'b00);
    wire [LB-3:0] f_w = f_addr[LB-1:2];
    reg [31:0] f_mem;
    wire [31:0] f_pw = o_mem_wdata[32 * f_w +: 32];
    wire [3:0]  f_ps = o_mem_wstrb[4 * f_w +: 4];
    wire [31:0] f_wr;
    genvar g;
    generate for (g = 0; g < 4; g = g + 1) begin : f_merge
        assign f_wr[8*g +: 8] = f_ps[g] ? f_pw[8*g +: 8] : f_mem[8*g +: 8];
    end endgenerate
    wire f_at = o_mem_addr[31:LB] == f_addr[31:LB];
    always @(posedge i_clk)
        if (sent && f_at && o_mem_we) f_mem <= f_wr;
    // a read of the tracked line comes back with the word's value (one
    // read of it in flight at most: the core has one request out)
    reg f_rd_out;
    reg [ID_W:0] f_rd_pos;           // responses still due before it
    reg [ID_W-1:0] f_rd_id;          // the L1's id of that read
    always @(posedge i_clk)
        if (i_reset) f_rd_out <= 1'b0;
        else if (sent && f_at && !o_mem_we) begin
            f_rd_out <= 1'b1;
            f_rd_pos <= f_mout - {{ID_W{1'b0}}, i_mem_rvalid};
            f_rd_id  <= m_id;
        end else if (f_rd_out && i_mem_rvalid) begin
            if (f_rd_pos == 0) f_rd_out <= 1'b0;
            else f_rd_pos <= f_rd_pos - 1'b1;
        end
    always @(*)
        if (f_rd_out && f_rd_pos == 0 && i_mem_rvalid)
            assume(i_mem_rdata[32 * f_w +: 32] == f_mem);

    always @(*) if (f_past && !i_reset) begin
        // the request buffer holds only a request the core waits for,
        // and only one: its second register (o_ready is its emptiness)
        // is for a second request
        if (r_valid) assert(f_cpend && r_we == f_cwe && r_addr == f_caddr);
        assert(o_ready);
        // the id queue holds exactly the requests memory owes
        assert({1'b0, q_tail - q_head} == f_mout ||
               (f_mout == IDS && q_tail == q_head));
        assert(f_mout <= IDS);
        // the tracked read's answer goes to the L1 with the read's id
        if (f_rd_out && f_rd_pos == 0 && i_mem_rvalid) assert(q_id[q_head] == f_rd_id);
        // a read of the tracked word answers its value: memory's, or the
        // value the pending write is making (the core waits for it)
        if (o_rvalid && f_cpend && !f_cwe && f_caddr[31:LB] == f_addr[31:LB])
            assert(o_rdata[32 * f_w +: 32] == f_mem);
    end

    // the line port: a request held unchanged until taken
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset && $past(o_mem_valid && !i_mem_ready))
            assert(o_mem_valid && o_mem_we == $past(o_mem_we) &&
                   o_mem_addr == $past(o_mem_addr) && o_mem_wdata == $past(o_mem_wdata) &&
                   o_mem_wstrb == $past(o_mem_wstrb));

    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset) begin
            c_fill:  cover(o_rvalid && !f_cwe && !l1_rhit && f_caddr[31:LB] == f_addr[31:LB]);
            c_hit:   cover(o_rvalid && !f_cwe && l1_rhit && f_caddr[31:LB] == f_addr[31:LB]);
            c_write: cover(o_rvalid && f_cwe && f_caddr[31:LB] == f_addr[31:LB]);
            c_stall: cover($past(o_mem_valid && !i_mem_ready) && o_mem_valid);
            c_inval: cover($past(i_inval) && o_rvalid && !l1_rhit && !f_cwe &&
                           f_caddr[31:LB] == f_addr[31:LB] &&
                           $past(f_caddr[31:LB] == f_addr[31:LB], 2));
        end
`endif
endmodule
