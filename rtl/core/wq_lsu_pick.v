// wq_lsu_pick.v -- the coalescer's rule, the core's LSU's next line
// request (docs/rtl/wq_lsu_pick.md; docs/rtl/wq_core_lsu.md): of a memory
// instruction's elements still pending (word k of lane l at bit 4l + k,
// the model's order), the next line request covers every pending element
// in the line of the lowest pending one, the leader.  An atomic's request
// (i_one) is its leader alone.  The model's wq_coalesce()
// (cmodel/model/coalesce.c) makes the same requests in the same order.
// Combinational; the core's request stage registers its result (the pick
// register) for the port.
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
    // the leader: the lowest pending element's index, from a tree of
    // IW levels of pairs (a node: any element pending below it, and the
    // lowest one's index; a pair's index takes its low half's when that
    // has one, else its high half's with the level's bit set).  One LUT
    // level a tree level: the lowest bit of i_pend & -i_pend would be a
    // carry chain through N bits, the longest path of the request stage
    // on an FPGA.  (N is a power of two: 2**IW.)
    generate if (N != (1 << IW)) begin : g_size
        wq_lsu_pick_error_N_is_not_2_to_the_IW u_error();
    end endgenerate
    // (the levels computed in place: level k+1's node j is written where
    // level k's node j was, after level k's nodes 2j and 2j+1 are read;
    // an unrolled loop for Yosys, straight-line code for the simulator)
    reg [N-1:0]    t_any;
    reg [N*IW-1:0] t_ix;
    integer tk, tj;
    always @(*) begin
        t_any = i_pend;
        t_ix  = {N*IW{1'b0}};
        for (tk = 0; tk < IW; tk = tk + 1)
            for (tj = 0; tj < (N >> (tk + 1)); tj = tj + 1) begin
                t_ix[tj*IW +: IW] = t_any[2*tj] ? t_ix[(2*tj)*IW +: IW]
                                                : t_ix[(2*tj+1)*IW +: IW] | ({{(IW-1){1'b0}}, 1'b1} << tk);
                t_any[tj] = t_any[2*tj] | t_any[2*tj+1];
            end
    end
    assign o_lead = t_ix[IW-1:0];
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
        // none pending: no element covered, and the tree's index all ones
        // (every pair took its high half)
        if (i_pend == {N{1'b0}}) assert(o_cov == {N{1'b0}} && o_lead == N - 1);
        else begin
            // the leader is the lowest pending element, covered, and its
            // line is the request's
            assert(i_pend[o_lead] && o_cov[o_lead]);
            assert(o_tag == i_line[(o_lead / GS)*TW +: TW]);
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
