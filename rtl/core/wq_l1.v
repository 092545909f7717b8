// wq_l1.v -- the memory path's L1 data cache: write-through,
// no-write-allocate, SETS x WAYS lines of LINE_BYTES, in front of a memory
// port one line wide with up to 2^ID_W requests in flight.
//
// The core side takes line requests (read, write with byte strobes, atomic)
// on i_valid / o_ready and answers every one of them, in the order taken,
// on o_rvalid / i_rready: a read with the line, a write with an
// acknowledgement, an atomic with the line memory returned.  Each taken
// request holds a slot of the in-flight table (a ring of 2^ID_W slots); a
// request that goes to memory -- a read miss, every write, every atomic --
// carries its slot number as its id, so the ids in flight are unique by
// construction, and memory may answer them in any order.
//
// A read looks its line up in the cycle it is taken: a hit answers from
// the cache the next cycle; a miss reads the line from memory and installs
// it when the response arrives.  A write goes to memory and, when its line
// is present, updates it (write-through: the cache always holds what
// memory will hold once the writes sent to it are performed; a write miss
// allocates nothing).  Atomics are performed by memory: an atomic goes
// there and invalidates its line here.  A write or atomic poisons every
// fill in flight for its line, and i_inval (invalidate every line) every
// fill in flight, so a fill read before them never installs stale data.
// A read that misses while a fill of its line is in flight and not
// poisoned does not go to memory: it merges, and takes that fill's line
// when it arrives (the consecutive words of a warp load or a fetch run
// cost one line read, not one a word).
// The model's l1.c (cmodel/model/l1.c) has the same rules, cycle by cycle.
`default_nettype none
`include "wq_defs.vh"

module wq_l1 #(
    parameter SETS       = 16,      // a power of two, >= 2
    parameter WAYS       = 2,       // a power of two
    parameter LINE_BYTES = 16,      // a power of two, >= 4
    parameter ID_W       = 3,       // 2^ID_W requests in flight
    parameter AOP_W      = 4        // the atomic operation code (passed through)
) (
    input  wire                    i_clk,
    input  wire                    i_reset,
    // requests from the core
    input  wire                    i_valid,
    output wire                    o_ready,
    input  wire [1:0]              i_op,     // WQ_MEMOP_* (spec/mempath.def)
    input  wire [31:0]             i_addr,   // any address in the line
    input  wire [8*LINE_BYTES-1:0] i_wdata,
    input  wire [LINE_BYTES-1:0]   i_wstrb,
    input  wire [AOP_W-1:0]        i_aop,
    // responses to the core, in request order
    output wire                    o_rvalid,
    input  wire                    i_rready,
    output wire [8*LINE_BYTES-1:0] o_rdata,
    output wire                    o_rhit,   // a read answered by the cache
    input  wire                    i_inval,  // invalidate every line
    // memory port: one request per cycle at most, one response per request
    output reg                     o_mem_valid,
    input  wire                    i_mem_ready,
    output reg  [ID_W-1:0]         o_mem_id,
    output reg  [1:0]              o_mem_op,
    output reg  [31:0]             o_mem_addr, // the line's base address
    output reg  [8*LINE_BYTES-1:0] o_mem_wdata,
    output reg  [LINE_BYTES-1:0]   o_mem_wstrb,
    output reg  [AOP_W-1:0]        o_mem_aop,
    input  wire                    i_mem_rvalid,
    input  wire [ID_W-1:0]         i_mem_rid,
    input  wire [8*LINE_BYTES-1:0] i_mem_rdata,
    // read lookups that hit / missed
    output reg  [31:0]             o_hits,
    output reg  [31:0]             o_misses
);
    localparam LB    = $clog2(LINE_BYTES);
    localparam SB    = $clog2(SETS);
    localparam TW    = 32 - LB - SB;           // tag bits
    localparam LN    = 32 - LB;                // line number bits
    localparam WB    = (WAYS > 1) ? $clog2(WAYS) : 1;
    localparam IB    = $clog2(SETS * WAYS) > 0 ? $clog2(SETS * WAYS) : 1;
    localparam IDS   = 1 << ID_W;
    localparam DW    = 8 * LINE_BYTES;

    // ---- the cache arrays -------------------------------------------------------
    // The valid bits are flip-flops (reset, and cleared all at once by
    // i_inval); tags and lines are RAM with one write port each, read
    // asynchronously (LUT RAM), so they cost no wide multiplexers.  Both
    // are one RAM a way, indexed by the set: every way of the request's
    // set is read at once, beside the tag compare, and the hit selects
    // among them (the line's read does not wait for the compare).  The
    // tags are read at the request's set and at the fill's set.  A line
    // has two write sources in one cycle (a write hit's merged bytes, an
    // install), so a way's lines are two RAMs, one a source (ins, st), and
    // c_live says which holds the line's latest bytes (a live value table;
    // an install wins, as it lands last).
    reg [SETS*WAYS-1:0] c_valid;
    reg [SETS*WAYS-1:0] c_live;                // 1: st holds the line, 0: ins
    reg [WB-1:0]        rr;                    // the next way to evict
    wire [WAYS*TW-1:0]  r_tags, f_tags;        // each way's tag at the request's / fill's set
    wire [WAYS*DW-1:0]  r_lines;               // each way's line at the request's set
`ifdef FORMAL
    wire [SETS*WAYS*TW-1:0] f_tagv;            // every tag (the properties read them all)
    wire [SETS*WAYS*32-1:0] f_word0;           // every line's word 0 (from the RAM c_live names)
`endif

    // ---- the in-flight table ------------------------------------------------------
    reg [IDS-1:0]  s_busy, s_fill, s_poison, s_done, s_hit;
    reg [IDS-1:0]  s_merge;                    // a read waiting on another slot's fill
    reg [ID_W-1:0] s_on [0:IDS-1];             // ... that slot
    reg [LN-1:0]   s_line [0:IDS-1];
    // a copy of s_line read only at a memory response's id: a LUT RAM (a
    // read one level deep, where s_line's flip-flops, compared with every
    // request, would take a 2^ID_W-way multiplexer)
    reg [LN-1:0]   s_fline [0:IDS-1];
    // a slot's line: a read hit's from the cache (written at the tail), or
    // memory's answer (written at the answer's id) -- one RAM a source
    reg [DW-1:0]   s_hdata [0:IDS-1];
    reg [DW-1:0]   s_mdata [0:IDS-1];
    reg [ID_W-1:0] head, tail;
    reg [ID_W:0]   count;
    // the tail as a one-hot too, turned with it: a take's slot flags read
    // a flip-flop of their slot, not a decode of the tail behind the take
    // (the take comes late, behind the memory port's ready)
    reg [IDS-1:0]  tail_oh;

    // ---- the request's lookup (the state before this cycle) ---------------------------------
    wire [LN-1:0] r_line = i_addr[31:LB];
    wire [SB-1:0] r_set  = r_line[SB-1:0];
    wire [TW-1:0] r_tag  = r_line[LN-1:SB];
    reg  [WAYS-1:0] r_hitv;
    reg  [WB-1:0]   r_way;
    integer w, b, i;
    always @(*) begin
        r_way = {WB{1'b0}};
        for (w = WAYS - 1; w >= 0; w = w - 1) begin
            r_hitv[w] = c_valid[idx(r_set, w)] && r_tags[w*TW +: TW] == r_tag;
            if (r_hitv[w]) r_way = w[WB-1:0];
        end
    end
    wire          r_hit  = |r_hitv;
    wire [IB-1:0] r_idx  = idx(r_set, {{(32-WB){1'b0}}, r_way});
    wire [DW-1:0] r_data = r_lines[r_way*DW +: DW];
    // a write's bytes merged into the line it hits
    reg  [DW-1:0] r_merged;
    always @(*)
        for (b = 0; b < LINE_BYTES; b = b + 1)
            r_merged[8*b +: 8] = i_wstrb[b] ? i_wdata[8*b +: 8] : r_data[8*b +: 8];

    function [IB-1:0] idx(input [SB-1:0] set, input integer way);
        /* verilator lint_off UNUSEDSIGNAL */
        reg [31:0] t;                          // only its low IB bits count
        begin
            t = {{(32-SB){1'b0}}, set} * WAYS + way;
            idx = t[IB-1:0];
        end
        /* verilator lint_on UNUSEDSIGNAL */
    endfunction
    // the byte within the line is the core's business (word strobes)
    wire unused_off = &{1'b0, i_addr[LB-1:0]};

    wire take    = i_valid && o_ready;
    wire r_wr    = (i_op != `WQ_MEMOP_LD);
    // a read miss merges into the fill of its line in flight: not yet
    // answered (nor answering this cycle, which would leave it waiting
    // for nothing) and not poisoned (a write taken since would be missing
    // from its line); at most one such fill exists, since a read only
    // starts one when none is there
    reg [IDS-1:0]  m_cand;
    reg [ID_W-1:0] m_on;
    always @(*) begin
        m_on = {ID_W{1'b0}};
        for (i = IDS - 1; i >= 0; i = i - 1) begin
            m_cand[i] = s_busy[i] && s_fill[i] && !s_poison[i] && !s_done[i] &&
                        s_line[i] == r_line && !(i_mem_rvalid && i_mem_rid == i[ID_W-1:0]);
            // at most one candidate: its number is the OR of the candidates'
            if (m_cand[i]) m_on = m_on | i[ID_W-1:0];
        end
    end
    wire r_merge = !r_wr && !r_hit && (m_cand != {IDS{1'b0}}) && !i_inval;
    wire r_tomem = r_wr || (!r_hit && !r_merge);
    // the next slot is free, and no merged read still to be answered
    // takes its line from it
    reg t_ref;
    always @(*) begin
        t_ref = 1'b0;
        for (i = 0; i < IDS; i = i + 1)
            if (s_busy[i] && s_merge[i] && s_on[i] == tail) t_ref = 1'b1;
    end
    assign o_ready = (count != IDS) && !t_ref && (!o_mem_valid || i_mem_ready);

    // ---- the memory response and where its line installs -----------------------------
    wire [LN-1:0] f_line_n = s_fline[i_mem_rid];
    wire [SB-1:0] f_set    = f_line_n[SB-1:0];
    wire [TW-1:0] f_tag    = f_line_n[LN-1:SB];
    wire install = i_mem_rvalid && s_fill[i_mem_rid] && !s_poison[i_mem_rid] && !i_inval &&
                   !(take && r_wr && r_line == f_line_n);
    reg          f_present, f_free;
    reg [WB-1:0] f_hway, f_fway;
    always @(*) begin
        f_present = 1'b0;
        f_free    = 1'b0;
        f_hway    = {WB{1'b0}};
        f_fway    = {WB{1'b0}};
        for (w = WAYS - 1; w >= 0; w = w - 1) begin
            if (c_valid[idx(f_set, w)] && f_tags[w*TW +: TW] == f_tag) begin
                f_present = 1'b1;
                f_hway = w[WB-1:0];
            end
            if (!c_valid[idx(f_set, w)]) begin
                f_free = 1'b1;
                f_fway = w[WB-1:0];
            end
        end
    end
    wire [WB-1:0] f_way    = f_present ? f_hway : f_free ? f_fway : rr;
    wire          f_evict  = install && !f_present && !f_free;
    wire [IB-1:0] f_idx    = idx(f_set, {{(32-WB){1'b0}}, f_way});

    // ---- cache state --------------------------------------------------------------------
    always @(posedge i_clk)
        if (i_reset)
            c_valid <= {(SETS*WAYS){1'b0}};
        else if (i_inval)
            c_valid <= {(SETS*WAYS){1'b0}};
        else
            // decoded line by line (each bit's next state a LUT or two)
            for (i = 0; i < SETS * WAYS; i = i + 1) begin
                if (amo_hit && r_idx == i[IB-1:0]) c_valid[i] <= 1'b0;
                // an install wins: a different line (the same one is poisoned)
                if (install && f_idx == i[IB-1:0]) c_valid[i] <= 1'b1;
            end

    wire st_hit  = take && i_op == `WQ_MEMOP_ST && r_hit;
    wire amo_hit = take && i_op == `WQ_MEMOP_AMO && r_hit;

    generate
        genvar gw;
        for (gw = 0; gw < WAYS; gw = gw + 1) begin : way
            localparam [WB-1:0] WAY = gw;
            reg [TW-1:0] tag [0:SETS-1];
            reg [DW-1:0] ins [0:SETS-1];       // lines as installed
            reg [DW-1:0] st  [0:SETS-1];       // lines as a write hit left them
            always @(posedge i_clk)
                if (install && f_way == WAY) tag[f_set] <= f_tag;
            always @(posedge i_clk)
                if (install && f_way == WAY) ins[f_set] <= i_mem_rdata;
            always @(posedge i_clk)
                if (st_hit && r_way == WAY) st[r_set] <= r_merged;
            assign r_tags[gw*TW +: TW]  = tag[r_set];
            assign f_tags[gw*TW +: TW]  = tag[f_set];
            assign r_lines[gw*DW +: DW] = c_live[idx(r_set, gw)] ? st[r_set] : ins[r_set];
`ifdef FORMAL
            // every tag and every line's word 0, by cache index, for the properties
            genvar gs;
            for (gs = 0; gs < SETS; gs = gs + 1) begin : ftag
                assign f_tagv[(gs*WAYS+gw)*TW +: TW] = tag[gs];
                assign f_word0[(gs*WAYS+gw)*32 +: 32] =
                    c_live[gs*WAYS+gw] ? st[gs][31:0] : ins[gs][31:0];
            end
`endif
        end
    endgenerate

    always @(posedge i_clk)
        for (i = 0; i < SETS * WAYS; i = i + 1) begin
            if (st_hit && r_idx == i[IB-1:0]) c_live[i] <= 1'b1;
            if (install && f_idx == i[IB-1:0]) c_live[i] <= 1'b0;   // the install wins an eviction
        end

    always @(posedge i_clk)
        if (i_reset || WAYS == 1)
            rr <= {WB{1'b0}};
        else if (f_evict)
            rr <= rr + {{(WB-1){1'b0}}, 1'b1};

    // ---- the in-flight table --------------------------------------------------------------
    wire pop = o_rvalid && i_rready;
    always @(posedge i_clk)
        if (i_reset) begin
            s_busy   <= {IDS{1'b0}};
            s_fill   <= {IDS{1'b0}};
            s_poison <= {IDS{1'b0}};
            s_done   <= {IDS{1'b0}};
            s_hit    <= {IDS{1'b0}};
            s_merge  <= {IDS{1'b0}};
            head     <= {ID_W{1'b0}};
            tail     <= {ID_W{1'b0}};
            tail_oh  <= {{(IDS-1){1'b0}}, 1'b1};
            count    <= {(ID_W+1){1'b0}};
        end else begin
            // slot by slot, in this order (a later line wins)
            for (i = 0; i < IDS; i = i + 1) begin
                if (i_mem_rvalid && (i_mem_rid == i[ID_W-1:0] ||
                                     (s_busy[i] && s_merge[i] && s_on[i] == i_mem_rid)))
                    s_done[i] <= 1'b1;
                if (take && r_wr)
                    if (s_busy[i] && s_fill[i] && s_line[i] == r_line) s_poison[i] <= 1'b1;
                if (i_inval) s_poison[i] <= 1'b1;
                if (pop && head == i[ID_W-1:0]) begin
                    s_busy[i] <= 1'b0;
                    s_done[i] <= 1'b0;
                end
                if (take && tail_oh[i]) begin
                    s_busy[i]   <= 1'b1;
                    s_fill[i]   <= !r_wr && !r_hit && !r_merge;
                    s_merge[i]  <= r_merge;
                    s_poison[i] <= 1'b0;
                    // a read hit is answered from the cache (neither memory
                    // nor a merge: r_merge is never set with r_hit)
                    s_done[i]   <= !r_wr && r_hit;
                    s_hit[i]    <= !r_wr && r_hit;
                end
            end
            if (pop) head <= head + {{(ID_W-1){1'b0}}, 1'b1};
            if (take) tail <= tail + {{(ID_W-1){1'b0}}, 1'b1};
            if (take) tail_oh <= {tail_oh[IDS-2:0], tail_oh[IDS-1]};
            count <= count + {{ID_W{1'b0}}, take} - {{ID_W{1'b0}}, pop};
        end

    always @(posedge i_clk) begin
        if (take) s_line[tail] <= r_line;
        if (take) s_on[tail] <= m_on;
    end

    always @(posedge i_clk)
        if (take) s_fline[tail] <= r_line;

    always @(posedge i_clk)
        if (take && r_hit && !r_wr) s_hdata[tail] <= r_data;

    always @(posedge i_clk)
        if (i_mem_rvalid) s_mdata[i_mem_rid] <= i_mem_rdata;

    // ---- the head's view: the oldest slot's answer flags, registered --------------------
    // o_rvalid, o_rhit and whether the head slot is a read merged into a
    // fill (and that fill's slot, whose memory answer is its line) are
    // flip-flops loaded with the head slot's next flags (at the next head,
    // head_n), so the core's answer logic starts at a register and the
    // line's read at a select of registers, not behind a 2^ID_W-way
    // multiplexer of the table.  The next flags of the slot at head_n, as
    // the table's block above writes them: a take at head_n (the table
    // empties this cycle: the slot is the tail) sets them from the
    // request; else a memory answer for the slot finishes it.  (A pop
    // never clears the slot at head_n: a pop moves the head past its slot.
    // Nor does the answer to a fill finish a read merged into it there:
    // the fill is older, so it is still in the table when its answer
    // comes, not yet done, and the merged read behind it is neither the
    // head nor the next: asserted below.)  The fill's slot is kept apart
    // from the merge flag, and the line's RAM read at their select: an
    // address that is a flip-flop alone Yosys merges into the LUT RAM's
    // read port, and mapping that port back cost about 450 LUT4 here.
    wire [ID_W-1:0] head_n = pop ? head + {{(ID_W-1){1'b0}}, 1'b1} : head;
    wire            hn_take = take && tail == head_n;
    wire            hn_ans  = i_mem_rvalid && i_mem_rid == head_n;
    reg             hv_done, hv_hit, hv_mrg;
    reg [ID_W-1:0]  hv_on;
    always @(posedge i_clk)
        if (i_reset) begin
            hv_done <= 1'b0;
            hv_hit  <= 1'b0;
            hv_mrg  <= 1'b0;
        end else if (hn_take) begin
            hv_done <= !r_wr && r_hit;
            hv_hit  <= !r_wr && r_hit;
            hv_mrg  <= r_merge;
        end else begin
            hv_done <= s_done[head_n] || hn_ans;
            hv_hit  <= s_hit[head_n];
            hv_mrg  <= s_merge[head_n];
        end
    always @(posedge i_clk)
        hv_on <= hn_take ? m_on : s_on[head_n];

    // a hit answers from s_hdata; a merged read with its fill's line, from
    // the fill's slot (which is not taken again while a merged read
    // refers to it); anything else with memory's answer
    assign o_rvalid = hv_done;
    assign o_rdata  = hv_hit ? s_hdata[head] : s_mdata[hv_mrg ? hv_on : head];
    assign o_rhit   = hv_hit;

    // ---- the memory request --------------------------------------------------------------
    always @(posedge i_clk)
        if (i_reset)
            o_mem_valid <= 1'b0;
        else if (take && r_tomem)
            o_mem_valid <= 1'b1;
        else if (i_mem_ready)
            o_mem_valid <= 1'b0;

    always @(posedge i_clk)
        if (take && r_tomem) begin
            o_mem_id    <= tail;
            o_mem_op    <= i_op;
            o_mem_addr  <= {r_line, {LB{1'b0}}};
            o_mem_wdata <= i_wdata;
            o_mem_wstrb <= i_wstrb;
            o_mem_aop   <= i_aop;
        end

    // ---- counters ----------------------------------------------------------------------------
    always @(posedge i_clk)
        if (i_reset) begin
            o_hits   <= 32'd0;
            o_misses <= 32'd0;
        end else if (take && i_op == `WQ_MEMOP_LD) begin
            if (r_hit) o_hits   <= o_hits + 32'd1;
            else       o_misses <= o_misses + 32'd1;
        end

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job l1): BMC + covers.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);
    always @(*) assume(i_op == `WQ_MEMOP_LD || i_op == `WQ_MEMOP_ST || i_op == `WQ_MEMOP_AMO);

    // the memory: a response only for an id sent and not yet answered, at
    // least a cycle after it was sent
    // the tail's one-hot is the tail's
    always @(*) if (f_past && !i_reset) assert(tail_oh == ({{(IDS-1){1'b0}}, 1'b1} << tail));
    reg [IDS-1:0] f_out;
    wire f_send = o_mem_valid && i_mem_ready;
    always @(posedge i_clk)
        if (i_reset) f_out <= {IDS{1'b0}};
        else begin
            if (i_mem_rvalid) f_out[i_mem_rid] <= 1'b0;
            if (f_send) f_out[o_mem_id] <= 1'b1;
        end
    always @(*) if (i_mem_rvalid) assume(f_out[i_mem_rid]);

    // one tracked word of memory (word 0 of line f_line): its value at
    // memory, and what memory answers for it
    (* anyconst *) reg [LN-1:0] f_line;
    (* anyseq *)   reg [31:0]   f_atom;    // an atomic's result at memory
    reg [31:0] f_mem;
    reg [31:0] f_rd [0:IDS-1];
    reg [IDS-1:0] f_rline;
    wire [31:0] f_wr_word;
    generate
        genvar g;
        for (g = 0; g < 4; g = g + 1) begin : f_merge
            assign f_wr_word[8*g +: 8] = o_mem_wstrb[g] ? o_mem_wdata[8*g +: 8] : f_mem[8*g +: 8];
        end
    endgenerate
    wire f_hit_line = o_mem_addr[31:LB] == f_line;
    always @(posedge i_clk)
        if (f_send && f_hit_line) begin
            if (o_mem_op == `WQ_MEMOP_ST) f_mem <= f_wr_word;
            if (o_mem_op == `WQ_MEMOP_AMO)  f_mem <= f_atom;
        end
    always @(posedge i_clk)
        if (f_send) begin
            f_rd[o_mem_id]    <= f_mem;
            f_rline[o_mem_id] <= f_hit_line;
        end
    always @(*)
        if (i_mem_rvalid && f_rline[i_mem_rid]) assume(i_mem_rdata[31:0] == f_rd[i_mem_rid]);
    // what the core sees at the word: memory's value once the request on
    // the port (if a write of that line) is performed
    wire [31:0] f_arch = (o_mem_valid && f_hit_line && o_mem_op == `WQ_MEMOP_ST) ? f_wr_word : f_mem;

    wire [IDS-1:0] s_mem = s_busy & ~s_done & ~s_merge;   // waiting for memory
    integer fa, fb, fc;
    // a valid way of the request's set whose tag differs from the
    // request's in one bit alone (the case a hit test missing a bit gets wrong)
    reg          f_near;
    reg [TW-1:0] f_tdiff;
    always @(*) begin
        f_near = 1'b0;
        for (fc = 0; fc < WAYS; fc = fc + 1) begin
            f_tdiff = f_tagv[idx(i_addr[LB +: SB], fc)*TW +: TW] ^ i_addr[31:LB+SB];
            if (c_valid[idx(i_addr[LB +: SB], fc)] && f_tdiff != {TW{1'b0}} &&
                (f_tdiff & (f_tdiff - {{(TW-1){1'b0}}, 1'b1})) == {TW{1'b0}})
                f_near = 1'b1;
        end
    end
    always @(*) if (f_past && !i_reset) begin
        // the head's view is the head slot's flags; a fill's answer never
        // finishes a read merged into it at the next head (the view's
        // next flags leave that term out)
        assert(hv_done == s_done[head] && hv_hit == s_hit[head] &&
               hv_mrg == s_merge[head] && (!hv_mrg || hv_on == s_on[head]));
        if (i_mem_rvalid && s_busy[head_n] && s_merge[head_n])
            assert(s_on[head_n] != i_mem_rid);
        // tags: a line is in at most one way of its set
        for (fa = 0; fa < SETS * WAYS; fa = fa + 1)
            for (fb = 0; fb < SETS * WAYS; fb = fb + 1)
                if (fa != fb && fa / WAYS == fb / WAYS && c_valid[fa] && c_valid[fb])
                    assert(f_tagv[fa*TW +: TW] != f_tagv[fb*TW +: TW]);
        // the lookups compare every tag bit: a way hits the request exactly
        // when it is valid and its tag is all TW bits of the request's
        // address above the set; the fill finds its line's way exactly when
        // one holds all TW bits of its tag
        for (fa = 0; fa < WAYS; fa = fa + 1) begin
            assert(r_hitv[fa] == (c_valid[idx(i_addr[LB +: SB], fa)] &&
                                  f_tagv[idx(i_addr[LB +: SB], fa)*TW +: TW] == i_addr[31:LB+SB]));
            if (c_valid[idx(f_line_n[SB-1:0], fa)] &&
                f_tagv[idx(f_line_n[SB-1:0], fa)*TW +: TW] == f_line_n[LN-1:SB])
                assert(f_present && f_hway == fa);
        end
        if (f_present)
            assert(c_valid[idx(f_line_n[SB-1:0], {{(32-WB){1'b0}}, f_hway})] &&
                   f_tagv[idx(f_line_n[SB-1:0], {{(32-WB){1'b0}}, f_hway})*TW +: TW] == f_line_n[LN-1:SB]);
        // a hit returns what memory holds: a present tracked line holds f_arch
        // (from the RAM c_live names)
        for (fa = 0; fa < WAYS; fa = fa + 1)
            if (c_valid[idx(f_line[SB-1:0], fa)] && f_tagv[idx(f_line[SB-1:0], fa)*TW +: TW] == f_line[LN-1:SB])
                assert(f_word0[idx(f_line[SB-1:0], fa)*32 +: 32] == f_arch);
        // an atomic on the port: its line is not cached
        if (o_mem_valid && f_hit_line && o_mem_op == `WQ_MEMOP_AMO)
            for (fa = 0; fa < WAYS; fa = fa + 1)
                assert(!(c_valid[idx(f_line[SB-1:0], fa)] &&
                         f_tagv[idx(f_line[SB-1:0], fa)*TW +: TW] == f_line[LN-1:SB]));
        // a fill in flight that may install carries f_arch
        for (fa = 0; fa < IDS; fa = fa + 1)
            if (f_out[fa] && s_fill[fa] && !s_poison[fa] && f_rline[fa])
                assert(f_rd[fa] == f_arch);
        // ids in flight are unique: the port's id is a slot not yet sent,
        // a slot sent waits for memory, a finished slot waits for nothing
        if (o_mem_valid) assert(s_busy[o_mem_id] && s_mem[o_mem_id] && !f_out[o_mem_id]);
        for (fa = 0; fa < IDS; fa = fa + 1) begin
            if (f_out[fa]) assert(s_busy[fa] && s_mem[fa]);
            if (s_mem[fa]) assert(s_busy[fa] && !s_done[fa] &&
                                  (f_out[fa] || (o_mem_valid && o_mem_id == fa)));
            if (s_done[fa]) assert(s_busy[fa]);
            if (s_fill[fa] && s_busy[fa] && f_rline[fa] && f_out[fa]) assert(s_line[fa] == f_line);
            // a merged read waits on a fill of its line that is still due
            // (sent or on the port; a write taken after the merge may have
            // poisoned it since, which only stops its install)
            if (s_busy[fa] && s_merge[fa] && !s_done[fa])
                assert(s_busy[s_on[fa]] && s_fill[s_on[fa]] && s_mem[s_on[fa]] &&
                       s_line[s_on[fa]] == s_line[fa]);
            if (s_merge[fa] && s_busy[fa]) assert(!s_fill[fa] && !s_hit[fa]);
            // ... and its fill's slot is not taken by a later request
            if (s_merge[fa] && s_busy[fa] && s_done[fa] && s_busy[s_on[fa]])
                assert(s_fill[s_on[fa]] && s_line[s_on[fa]] == s_line[fa]);
        end
        // the fill's copy of the line numbers agrees with s_line; at most one
        // fill a read may merge into holds a line (m_on is their OR)
        for (fa = 0; fa < IDS; fa = fa + 1) begin
            if (s_busy[fa]) assert(s_fline[fa] == s_line[fa]);
            for (fb = 0; fb < IDS; fb = fb + 1)
                if (fa != fb && s_busy[fa] && s_fill[fa] && !s_poison[fa] && !s_done[fa] &&
                    s_busy[fb] && s_fill[fb] && !s_poison[fb] && !s_done[fb])
                    assert(s_line[fa] != s_line[fb]);
        end
        assert(count <= IDS);
    end
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset) begin
            c_hit:     cover(o_rvalid && o_rhit && s_line[head] == f_line);
            c_fill:    cover($past(install) && s_line[$past(i_mem_rid)] == f_line);
            c_poison:  cover($past(i_mem_rvalid && s_fill[i_mem_rid] && s_poison[i_mem_rid]));
            c_evict:   cover($past(f_evict));
            c_full:    cover(count == IDS);
            c_ooo:     cover(i_mem_rvalid && f_out[i_mem_rid] && i_mem_rid != head && s_mem[head]);
            c_whit:    cover($past(take && i_op == `WQ_MEMOP_ST && r_hit));
            c_whread:  cover($past(take && !r_wr && r_hit && c_live[r_idx]));   // a hit read from st
            c_merge:   cover(o_rvalid && s_merge[head] && s_line[head] == f_line);
            c_near:    cover(take && !r_wr && !r_hit && f_near);              // a miss one tag bit from a line
        end
`endif
endmodule
