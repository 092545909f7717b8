// wq_mempath.v -- the warp scheduler's memory path in the default
// configuration: its word-wide master port goes through the L1 data cache
// (wq_l1) to the device's word-wide memory port.
//
// Core side: the schedulers' master contract (docs/rtl/README.md): a word
// request held on valid / ready, one response per accepted request, in
// order.  A request becomes an L1 line request (a read of its line, or a
// write of its word's strobed bytes); the word of the line the L1 answers
// is picked by the request's word index, kept in a small queue beside the
// L1's own in-order queue.
//
// Memory side: the L1's line port served one line request at a time
// through the word port: a read issues the line's words back to back, in
// ascending order (the port answers in order), and collects them; a write
// issues only the words it strobes.  The line's response goes to the L1
// the cycle after its last word's response.  Nothing reaches memory except
// on behalf of a core request the core still waits for, so once the core
// has its last response the memory side is idle.
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
    input  wire        i_clk,
    input  wire        i_reset,
    input  wire        i_inval,      // invalidate every L1 line (held: kept empty)
    // core side: word requests, one response per request, in order
    input  wire        i_valid,
    output wire        o_ready,
    input  wire        i_we,
    input  wire [31:0] i_addr,       // word address
    input  wire [31:0] i_wdata,
    input  wire [3:0]  i_wstrb,
    output wire        o_rvalid,
    output wire [31:0] o_rdata,
    // memory side: the device's word port (same contract)
    output wire        o_mem_valid,
    input  wire        i_mem_ready,
    output wire        o_mem_we,
    output wire [31:0] o_mem_addr,
    output wire [31:0] o_mem_wdata,
    output wire [3:0]  o_mem_wstrb,
    input  wire        i_mem_rvalid,
    input  wire [31:0] i_mem_rdata,
    // L1 read lookups that hit / missed
    output wire [31:0] o_hits,
    output wire [31:0] o_misses
);
    localparam LB  = $clog2(LINE_BYTES);
    localparam LW  = LINE_BYTES / 4;        // words a line
    localparam WI  = LB - 2;                // word index bits (>= 1)
    localparam DW  = 8 * LINE_BYTES;
    localparam IDS = 1 << ID_W;

    // ---- core side -> L1 ---------------------------------------------------------------
    wire [WI-1:0] c_word = i_addr[LB-1:2];
    wire          l1_ready, l1_rvalid, l1_rhit;
    wire [DW-1:0] l1_rdata;
    wire          take = i_valid && l1_ready;
    assign o_ready = l1_ready;

    // the word index of every request the L1 has not answered, in order
    reg [WI-1:0]  q_word [0:IDS-1];
    reg [ID_W-1:0] q_head, q_tail;
    always @(posedge i_clk)
        if (i_reset) begin
            q_head <= {ID_W{1'b0}};
            q_tail <= {ID_W{1'b0}};
        end else begin
            if (take)      q_tail <= q_tail + {{(ID_W-1){1'b0}}, 1'b1};
            if (l1_rvalid) q_head <= q_head + {{(ID_W-1){1'b0}}, 1'b1};
        end
    always @(posedge i_clk)
        if (take) q_word[q_tail] <= c_word;

    assign o_rvalid = l1_rvalid;
    assign o_rdata  = l1_rdata[32 * q_word[q_head] +: 32];
    wire unused_rhit = &{1'b0, l1_rhit};

    // ---- L1 and its line port -> word port ---------------------------------------------------------
    // A queue of line requests (each with its still-to-request words e_iss
    // and its still-unanswered words e_wait, ascending), as deep as the
    // L1 has ids, so every request the L1 sends is taken at once.  The
    // words go on the port back to back, entry after entry (e_i the one
    // requesting); the port answers in order, so every response belongs to
    // the oldest entry (e_h), which completes when its last word answers
    // and goes to the L1 the cycle after.
    localparam Q_W = ID_W;
    localparam QN  = 1 << Q_W;
    reg  [ID_W-1:0] e_id    [0:QN-1];
    reg             e_we    [0:QN-1];
    reg  [31:LB]    e_addr  [0:QN-1];      // the line
    reg  [DW-1:0]   e_wdata [0:QN-1];
    reg  [LINE_BYTES-1:0] e_wstrb [0:QN-1];
    reg  [LW-1:0]   e_iss   [0:QN-1];
    reg  [LW-1:0]   e_wait  [0:QN-1];
    reg  [Q_W-1:0]  e_h, e_i, e_t;         // oldest, requesting, next free
    reg  [Q_W:0]    e_n;                   // entries held
    reg  [Q_W:0]    e_ni;                  // ... not yet requested whole (e_i on)
    reg             b_done;                // the oldest's response to the L1 (one cycle)
    reg  [ID_W-1:0] b_id;
    reg  [DW-1:0]   b_line;                // its words as they answer

    wire          m_valid;
    wire [ID_W-1:0] m_id;
    wire [1:0]    m_op;
    wire [31:0]   m_addr;
    wire [DW-1:0] m_wdata;
    wire [LINE_BYTES-1:0] m_wstrb;
    wire          m_aop;
    wire          e_room = (e_n != QN[Q_W:0]);

    wq_l1 #(.SETS(SETS), .WAYS(WAYS), .LINE_BYTES(LINE_BYTES), .ID_W(ID_W), .AOP_W(1)) u_l1 (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_valid(i_valid), .o_ready(l1_ready),
        .i_op(i_we ? `WQ_MEMOP_ST : `WQ_MEMOP_LD), .i_addr(i_addr),
        .i_wdata({LW{i_wdata}}),
        .i_wstrb({{(LINE_BYTES-4){1'b0}}, i_wstrb} << (4 * c_word)),
        .i_aop(1'b0),
        .o_rvalid(l1_rvalid), .i_rready(1'b1), .o_rdata(l1_rdata), .o_rhit(l1_rhit),
        .i_inval(i_inval),
        .o_mem_valid(m_valid), .i_mem_ready(e_room), .o_mem_id(m_id), .o_mem_op(m_op),
        .o_mem_addr(m_addr), .o_mem_wdata(m_wdata), .o_mem_wstrb(m_wstrb), .o_mem_aop(m_aop),
        .i_mem_rvalid(b_done), .i_mem_rid(b_id), .i_mem_rdata(b_line),
        .o_hits(o_hits), .o_misses(o_misses));
    wire unused_aop = &{1'b0, m_aop, m_addr[LB-1:0]};

    reg  [LW-1:0] m_words;                 // a line request's words
    integer k;
    always @(*)
        for (k = 0; k < LW; k = k + 1)
            m_words[k] = (m_op == `WQ_MEMOP_LD) || (|m_wstrb[4*k +: 4]);
    wire m_take = m_valid && e_room;

    // the lowest set bit of a word mask
    function [WI-1:0] lowest(input [LW-1:0] m);
        integer j;
        begin
            lowest = {WI{1'b0}};
            for (j = LW - 1; j >= 0; j = j - 1)
                if (m[j]) lowest = j[WI-1:0];
        end
    endfunction
    wire          e_req  = (e_ni != {(Q_W+1){1'b0}});
    wire [LW-1:0] i_m    = e_iss[e_i];
    wire [WI-1:0] i_k    = lowest(i_m);            // the word on the port
    wire [LW-1:0] h_wait = e_wait[e_h];
    wire [WI-1:0] r_k    = lowest(h_wait);         // the word answering next
    wire          sent   = o_mem_valid && i_mem_ready;
    wire [LW-1:0] i_bit  = {{(LW-1){1'b0}}, 1'b1} << i_k;
    wire [LW-1:0] r_bit  = {{(LW-1){1'b0}}, 1'b1} << r_k;
    // the requesting entry's words left after this cycle: none, it is done
    wire [LW-1:0] i_left = i_m & ~(sent ? i_bit : {LW{1'b0}});
    wire          i_next = e_req && i_left == {LW{1'b0}};
    // the oldest is complete after this cycle: every word requested and
    // answered (a write strobing no word: at once)
    wire [LW-1:0] h_iss  = (e_req && e_i == e_h) ? i_left : e_iss[e_h];
    wire [LW-1:0] h_left = h_wait & ~(i_mem_rvalid ? r_bit : {LW{1'b0}});
    wire          h_last = (e_n != {(Q_W+1){1'b0}}) && h_iss == {LW{1'b0}} &&
                           h_left == {LW{1'b0}};

    always @(posedge i_clk)
        if (i_reset) begin
            e_h <= {Q_W{1'b0}};
            e_i <= {Q_W{1'b0}};
            e_t <= {Q_W{1'b0}};
            e_n <= {(Q_W+1){1'b0}};
            e_ni <= {(Q_W+1){1'b0}};
            b_done <= 1'b0;
        end else begin
            b_done <= h_last;
            if (m_take) e_t <= e_t + 1'b1;
            if (i_next) e_i <= e_i + 1'b1;
            if (h_last) e_h <= e_h + 1'b1;
            e_n <= e_n + {{Q_W{1'b0}}, m_take} - {{Q_W{1'b0}}, h_last};
            e_ni <= e_ni + {{Q_W{1'b0}}, m_take} - {{Q_W{1'b0}}, i_next};
        end

    always @(posedge i_clk) begin
        if (sent) e_iss[e_i][i_k] <= 1'b0;
        if (i_mem_rvalid) e_wait[e_h][r_k] <= 1'b0;
        if (m_take) begin
            e_id[e_t]    <= m_id;
            e_we[e_t]    <= (m_op != `WQ_MEMOP_LD);
            e_addr[e_t]  <= m_addr[31:LB];
            e_wdata[e_t] <= m_wdata;
            e_wstrb[e_t] <= m_wstrb;
            e_iss[e_t]   <= m_words;
            e_wait[e_t]  <= m_words;
        end
        if (h_last) b_id <= e_id[e_h];
        if (i_mem_rvalid) b_line[32 * r_k +: 32] <= i_mem_rdata;
    end

    assign o_mem_valid = e_req && (i_m != {LW{1'b0}});
    assign o_mem_we    = e_we[e_i];
    assign o_mem_addr  = {e_addr[e_i], i_k, 2'b00};
    assign o_mem_wdata = e_wdata[e_i][32 * i_k +: 32];
    assign o_mem_wstrb = e_wstrb[e_i][4 * i_k +: 4];

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job mempath): BMC,
    // induction and covers, with the L1 inside.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);

    // the core: a request held unchanged until taken, at most one waiting
    // for its response (the schedulers' LSU)
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
        if (f_past && !$past(i_reset) && $past(i_valid && !l1_ready) && !i_reset)
            assume(i_valid && i_we == $past(i_we) && i_addr == $past(i_addr) &&
                   i_wdata == $past(i_wdata) && i_wstrb == $past(i_wstrb));
    always @(*) if (f_cpend) assume(!i_valid);
    always @(*) if (i_valid) assume(i_addr[1:0] == 2'b00);

    // the memory: answers requests in order, at least a cycle later
    reg [Q_W+LW:0] f_mout;           // word requests without a response
    always @(posedge i_clk)
        if (i_reset) f_mout <= 0;
        else f_mout <= f_mout + {{(Q_W+LW){1'b0}}, sent} - {{(Q_W+LW){1'b0}}, i_mem_rvalid};
    always @(*) if (f_mout == 0) assume(!i_mem_rvalid);

    // one tracked word of memory: its value; what memory answers for it
    (* anyconst *) reg [31:0] f_addr;
    always @(*) assume(f_addr[1:0] == 2'b00);
    reg [31:0] f_mem;
    wire [31:0] f_wr;
    genvar g;
    generate for (g = 0; g < 4; g = g + 1) begin : f_merge
        assign f_wr[8*g +: 8] = o_mem_wstrb[g] ? o_mem_wdata[8*g +: 8] : f_mem[8*g +: 8];
    end endgenerate
    wire f_at = o_mem_addr == f_addr;
    always @(posedge i_clk)
        if (sent && f_at && o_mem_we) f_mem <= f_wr;
    // the word read of the tracked address comes back with its value
    // (one read of it in flight at most: the line's words are distinct)
    reg f_rd_out;
    reg [Q_W+LW:0] f_rd_pos;         // responses still due before it
    always @(posedge i_clk)
        if (i_reset) f_rd_out <= 1'b0;
        else if (sent && f_at && !o_mem_we) begin
            f_rd_out <= 1'b1;
            f_rd_pos <= f_mout - {{(Q_W+LW){1'b0}}, i_mem_rvalid};
        end else if (f_rd_out && i_mem_rvalid) begin
            if (f_rd_pos == 0) f_rd_out <= 1'b0;
            else f_rd_pos <= f_rd_pos - 1'b1;
        end
    always @(*)
        if (f_rd_out && f_rd_pos == 0 && i_mem_rvalid) assume(i_mem_rdata == f_mem);

    // the queue's entries: held ones, and the words they have requested
    // and not had answered (the port's word requests in flight)
    integer   fq;
    reg [Q_W-1:0] f_q;
    reg [Q_W:0]   f_age;
    reg [Q_W+LW:0] f_owed;
    reg           f_order;
    always @(*) begin
        f_owed  = 0;
        f_order = 1'b1;
        for (fq = 0; fq < QN; fq = fq + 1) begin
            f_q   = fq[Q_W-1:0];
            f_age = {1'b0, f_q - e_h};
            if (f_age < e_n) begin
                f_owed = f_owed + $countones(e_wait[f_q] & ~e_iss[f_q]);
                // a word waits only once requested, in order; an entry
                // before the requesting one is requested whole, one after
                // it has requested nothing
                if ((e_iss[f_q] & ~e_wait[f_q]) != 0) f_order = 1'b0;
                if (f_age < e_n - e_ni && e_iss[f_q] != 0) f_order = 1'b0;
                if (f_age > e_n - e_ni && e_iss[f_q] != e_wait[f_q]) f_order = 1'b0;
            end
        end
    end
    always @(*) if (f_past && !i_reset) begin
        // the port's request is one of the requesting entry's words
        if (o_mem_valid) assert(e_req);
        assert(e_n <= QN && e_ni <= e_n);
        assert(e_t == e_h + e_n[Q_W-1:0]);
        assert(e_i == e_t - e_ni[Q_W-1:0]);
        assert(f_order);
        // word requests in flight: exactly the held entries' owed words
        assert(f_mout == f_owed);
        if (e_n == 0) assert(f_mout == 0);
        // the queue of word indices holds the request the core waits for
        assert(q_tail - q_head == {{(ID_W-1){1'b0}}, f_cpend});
        // a read of the tracked word answers its value: memory's, or the
        // value the pending write is making (the core waits for it)
        if (o_rvalid && f_cpend && !f_cwe && f_caddr == f_addr)
            assert(o_rdata == f_mem);
    end

    // the word port: a request held unchanged until taken
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset && $past(o_mem_valid && !i_mem_ready))
            assert(o_mem_valid && o_mem_we == $past(o_mem_we) &&
                   o_mem_addr == $past(o_mem_addr) && o_mem_wdata == $past(o_mem_wdata) &&
                   o_mem_wstrb == $past(o_mem_wstrb));

    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset) begin
            c_fill:  cover(o_rvalid && !f_cwe && !l1_rhit && f_caddr == f_addr);
            c_hit:   cover(o_rvalid && !f_cwe && l1_rhit && f_caddr == f_addr);
            c_write: cover(o_rvalid && f_cwe && f_caddr == f_addr);
            c_stall: cover($past(o_mem_valid && !i_mem_ready) && o_mem_valid);
            c_inval: cover($past(i_inval) && o_rvalid && !l1_rhit && !f_cwe && f_caddr == f_addr &&
                           $past(f_caddr == f_addr, 2));
        end
`endif
endmodule
