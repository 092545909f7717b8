// wq_coalesce.v -- the memory path's coalescer: a warp's LANES word
// addresses (with an active mask) become as few line requests as the
// addresses allow.
//
// A warp access is taken on i_valid / o_ready: its mask and addresses are
// registered, and from the next cycle the unit hands out one line request
// per cycle on o_req_valid / i_req_ready.  Every request covers every
// still-pending active lane whose address falls in the line of the
// lowest-numbered pending lane ("the leader"), so the number of requests is
// the number of distinct lines the active lanes touch -- the fewest
// possible -- and the order is fixed: requests come in the order of the
// lowest active lane touching each line.  That order is part of the commit
// stream's ordering contract (docs/rtl/wq_coalesce.md): the model's
// wq_coalesce() (cmodel/model/coalesce.c) produces the same list.
//
// A request carries the line's base address, the lanes it covers and the
// words of the line they touch (word accesses: address bits 1:0 are not
// looked at).  It is held unchanged while i_req_ready is low.  A warp with
// no active lane is taken and produces no request.  The next warp is taken
// in the cycle the last request of the current one is accepted, so a warp
// of N lines occupies the unit N cycles.
`default_nettype none

module wq_coalesce #(
    parameter LANES      = 32,
    parameter LINE_BYTES = 16                 // a power of two, >= 4
) (
    input  wire                  i_clk,
    input  wire                  i_reset,
    // a warp's access
    input  wire                  i_valid,
    output wire                  o_ready,
    input  wire [LANES-1:0]      i_mask,
    input  wire [32*LANES-1:0]   i_addr,     // lane l: bits 32*l +: 32
    // line requests
    output wire                  o_req_valid,
    input  wire                  i_req_ready,
    output wire [31:0]           o_req_addr, // the line's base address
    output wire [LANES-1:0]      o_req_lanes,
    output wire [LINE_BYTES/4-1:0] o_req_words,
    output wire                  o_req_last  // the warp's last request
);
    localparam LB    = $clog2(LINE_BYTES);    // byte offset bits of a line
    localparam WORDS = LINE_BYTES / 4;
    localparam LW    = 32 - LB;               // line number bits

    reg  [LANES-1:0]    pending;
    reg  [32*LANES-1:0] addr_q;

    // the leader: the lowest pending lane (one-hot)
    wire [LANES-1:0] leader = pending & (~pending + {{(LANES-1){1'b0}}, 1'b1});
    reg  [LW-1:0]    lead_line;
    reg  [LANES-1:0] match;
    reg  [WORDS-1:0] words;
    integer l;
    always @(*) begin
        lead_line = {LW{1'b0}};
        for (l = 0; l < LANES; l = l + 1)
            if (leader[l]) lead_line = lead_line | addr_q[32*l + LB +: LW];
    end
    always @(*) begin
        match = {LANES{1'b0}};
        words = {WORDS{1'b0}};
        for (l = 0; l < LANES; l = l + 1)
            if (pending[l] && addr_q[32*l + LB +: LW] == lead_line) begin
                match[l] = 1'b1;
                words = words | ({{(WORDS-1){1'b0}}, 1'b1} << word_of(addr_q[32*l +: 32]));
            end
    end
    // the word of a line an address falls in (0 for a one-word line)
    function [31:0] word_of(input [31:0] a);
        word_of = (LB > 2) ? ((a & (LINE_BYTES - 1)) >> 2) : 32'd0;
    endfunction

    assign o_req_valid = |pending;
    assign o_req_addr  = {lead_line, {LB{1'b0}}};
    assign o_req_lanes = match;
    assign o_req_words = words;
    assign o_req_last  = (pending & ~match) == {LANES{1'b0}};
    wire   take_req    = o_req_valid && i_req_ready;
    assign o_ready     = !o_req_valid || (take_req && o_req_last);

    always @(posedge i_clk)
        if (i_reset)
            pending <= {LANES{1'b0}};
        else if (i_valid && o_ready)
            pending <= i_mask;
        else if (take_req)
            pending <= pending & ~match;

    always @(posedge i_clk)
        if (i_valid && o_ready)
            addr_q <= i_addr;

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job coalesce): BMC + k-induction.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);

    // the warp in progress: its mask and the lanes its requests covered
    reg [LANES-1:0] f_mask, f_cov;
    always @(posedge i_clk)
        if (i_reset) begin
            f_mask <= {LANES{1'b0}};
            f_cov  <= {LANES{1'b0}};
        end else if (i_valid && o_ready) begin
            f_mask <= i_mask;
            f_cov  <= {LANES{1'b0}};
        end else if (take_req)
            f_cov <= f_cov | o_req_lanes;

    integer k;
    always @(*) if (f_past && !i_reset) begin
        // every active lane is covered by exactly one request: the covered
        // and the pending lanes split the mask
        assert((f_cov & pending) == {LANES{1'b0}});
        assert((f_cov | pending) == f_mask);
        if (o_req_valid) begin
            // no request for a line no active lane touches
            assert(o_req_lanes != {LANES{1'b0}});
            assert((o_req_lanes & ~pending) == {LANES{1'b0}});
            // the order: the lowest pending lane leads
            assert((o_req_lanes & leader) == leader && leader != {LANES{1'b0}});
            // one line, and every pending lane of that line (the fewest requests)
            for (k = 0; k < LANES; k = k + 1)
                if (pending[k])
                    assert(o_req_lanes[k] == (addr_q[32*k + LB +: LW] == o_req_addr[31:LB]));
            for (k = 0; k < LANES; k = k + 1)
                if (o_req_lanes[k])
                    assert(o_req_words[word_of(addr_q[32*k +: 32])]);
            assert(o_req_words != {WORDS{1'b0}});
        end
        assert(o_req_addr[LB-1:0] == {LB{1'b0}});
    end
    // a request waits unchanged under back-pressure
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset && $past(o_req_valid && !i_req_ready))
            assert(o_req_valid && o_req_addr == $past(o_req_addr) &&
                   o_req_lanes == $past(o_req_lanes) && o_req_words == $past(o_req_words) &&
                   o_req_last == $past(o_req_last));

    // covers: a full warp in one request, a warp in one request per lane,
    // an all-inactive warp, a stalled request, a warp taken with the last
    // request of the one before
    reg [2:0] f_nreq;
    always @(posedge i_clk)
        if (i_reset || (i_valid && o_ready)) f_nreq <= 3'd0;
        else if (take_req && f_nreq != 3'd7) f_nreq <= f_nreq + 3'd1;
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset) begin
            c_one:      cover(take_req && o_req_last && f_nreq == 3'd0 && &f_mask);
            c_per_lane: cover(take_req && o_req_last && f_nreq == LANES - 1 && &f_mask);
            c_inactive: cover($past(i_valid && o_ready && i_mask == {LANES{1'b0}}) && o_ready);
            c_stall:    cover(o_req_valid && $past(o_req_valid && !i_req_ready));
            c_overlap:  cover($past(take_req && o_req_last && i_valid) && o_req_valid);
        end
`endif
endmodule
