// wq_lsu_pick.v -- the coalescer's rule inside the core's LSU
// (docs/rtl/wq_coalesce.md, "Request order"; docs/rtl/wq_core.md, "LSU"):
// of a memory instruction's elements still pending (word k of lane l at
// bit 4l + k, the model's order), the next line request covers every
// pending element in the line of the lowest pending one, the leader.  An
// atomic's request (i_one) is its leader alone.  Combinational; the core
// uses it for the request on the port (the elements still to request).
// Elements may share a tag in groups of GS (the core: word k of a lane is
// at the lane's address with k in bits 3:2, so with lines of 16 bytes or
// more a lane's words share its line, and 32 tags stand for 128 elements:
// a quarter of the compares and a 32:1 tag multiplexer).
`default_nettype none

module wq_lsu_pick #(
    parameter N  = 128,             // elements
    parameter TW = 28,              // bits of a line tag
    parameter IW = 7,               // bits of an element index
    parameter GS = 1                // elements a tag (a power of two)
) (
    input  wire [N-1:0]    i_pend,      // elements still pending
    input  wire [N/GS*TW-1:0] i_line,   // element e's line tag at bits (e / GS)*TW
    input  wire            i_one,       // the leader alone
    output wire [IW-1:0]   o_lead,      // the lowest pending element
    output wire [TW-1:0]   o_tag,       // its line
    output wire [N-1:0]    o_cov        // the elements the request covers
);
    // the leader: the lowest pending bit alone (i_pend & -i_pend: one
    // carry chain, not a chain of N priority steps or IW dependent
    // halvings), then its index, bit k the OR of the one-hot bits whose
    // index has bit k set (IW independent OR trees; word-wide operations
    // for the simulator too)
    wire [N-1:0] lone = i_pend & (~i_pend + {{(N-1){1'b0}}, 1'b1});
    genvar gk, ge;
    generate for (gk = 0; gk < IW; gk = gk + 1) begin : g_lead
        wire [N-1:0] kmask;             // (a constant: the indexes with bit gk set)
        for (ge = 0; ge < N; ge = ge + 1) begin : g_m
            localparam [31:0] E = ge;
            assign kmask[ge] = E[gk];
        end
        assign o_lead[gk] = |(lone & kmask);
    end endgenerate
    // its line: the lines read as an array of tags -- a multiplexer for
    // Yosys, an index for the simulator -- rather than a part-select at
    // o_lead * TW, which Yosys builds as a shifter over N * TW bits
    localparam NT = N / GS;             // tags
    localparam GW = $clog2(GS);         // bits of an element index below its tag's
    wire [TW-1:0] line [0:NT-1];
    genvar g;
    generate for (g = 0; g < NT; g = g + 1) begin : g_line
        assign line[g] = i_line[g*TW +: TW];
    end endgenerate
    assign o_tag = line[o_lead[IW-1:GW]];
    genvar e;
    generate for (e = 0; e < N; e = e + 1) begin : g_cov
        localparam [IW-1:0] E = e;
        assign o_cov[e] = i_pend[e] && (i_one ? E == o_lead : line[e / GS] == o_tag);
    end endgenerate

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job lsu_pick): the rule
    // for every pending set and every line assignment.
    integer f;
    always @(*) begin
        if (i_pend == {N{1'b0}}) assert(o_cov == {N{1'b0}});
        else begin
            // the leader is the lowest pending element and is covered
            assert(i_pend[o_lead] && o_cov[o_lead]);
            for (f = 0; f < N; f = f + 1) if (f < o_lead) assert(!i_pend[f]);
        end
        for (f = 0; f < N; f = f + 1) begin
            // only pending elements, all in the leader's line ...
            if (o_cov[f]) assert(i_pend[f] && i_line[(f / GS)*TW +: TW] == o_tag);
            // ... and every pending one of that line (the fewest requests)
            if (!i_one && i_pend[f] && i_line[(f / GS)*TW +: TW] == o_tag) assert(o_cov[f]);
            // an atomic's request: the leader alone
            if (i_one && o_cov[f]) assert(f == o_lead);
        end
        // covers: the whole instruction in one request, a request that
        // leaves elements for later, one that skips the next group of a
        // lower element (a later element in the leader's line)
        c_whole:  cover(!i_one && i_pend == {N{1'b1}} && o_cov == {N{1'b1}});
        c_later:  cover(!i_one && o_cov != i_pend && o_cov != {N{1'b0}});
        c_skip:   cover(!i_one && i_pend[0] && i_pend[GS] && !o_cov[GS] && o_cov[N-1]);
        c_atomic: cover(i_one && i_pend == {N{1'b1}});
    end
`endif
endmodule
