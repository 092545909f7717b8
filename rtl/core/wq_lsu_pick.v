// wq_lsu_pick.v -- the coalescer's rule, the core's LSU's next line
// request (docs/rtl/wq_lsu_pick.md; docs/rtl/wq_core_lsu.md): of a memory
// instruction's elements still pending (word k of lane l at bit 4l + k,
// the model's order), the next line request covers every pending element
// in the line of the lowest pending one, the leader.  An atomic's request
// (i_one) is its leader alone.  The model's wq_coalesce()
// (cmodel/model/coalesce.c) makes the same requests in the same order.
// The leader is held in a register ahead of the request (the entry
// register's, wq_lsu_entry): given the held leader and its line (i_lead,
// i_tag: the lowest pending element and its line, whenever an element is
// pending -- the entry's first from its gather, wq_lsu_addr, then this
// unit's next), this unit covers its request (o_cov: the line's
// compares against a register, not behind the leader's tree) and finds,
// beside it, the next request's leader among the elements the request
// leaves (o_nv, o_nlead, o_ntag), which the register takes as the
// request is taken.  So one request a cycle is a loop of the compares and
// the tree, not of the tree and then the compares.
// Combinational; the core's request stage registers its result (the pick
// register) for the port.
// Elements may share a tag in groups of GS (the core: word k of a lane is
// at the lane's address with k in bits 3:2, so with lines of 16 bytes or
// more a lane's words share its line, and 32 tags stand for 128 elements:
// a quarter of the compares and a 32:1 tag multiplexer).
`default_nettype none

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_lsu_pick #(
    parameter N  = 128,             // elements
    parameter TW = 28,              // bits of a line tag
    parameter IW = 7,               // bits of an element index
    parameter GS = 1,               // elements a tag (a power of two)
    parameter P  = 1                // parts (N / P elements each, a whole number of tags)
) (
    input  wire [N-1:0]    i_pend,      // elements still pending
    input  wire [N/GS*TW-1:0] i_line,   // element e's line tag at bits (e / GS)*TW
    input  wire            i_one,       // the leader alone
    // the held leader: the lowest pending element and its line (with
    // none pending, nothing is covered, o_pt and o_all are don't-cares)
    input  wire [IW-1:0]   i_lead,
    input  wire [TW-1:0]   i_tag,
    // the held leader's tag index one-hot (a register's: tag g at bit g),
    // read only with i_one -- an atomic's leaf reads it (below)
    input  wire [N/GS-1:0] i_lead_t,
    output wire [N-1:0]    o_cov,       // the elements the request covers
    output wire [P-1:0]    o_pt,        // the parts with an element covered
    output wire            o_all,       // every pending element in the leader's line (not an atomic's)
    // the next request's leader: the lowest element the request leaves
    // pending (o_nv: one is left; without, o_nlead and o_ntag are don't-cares) and its line
    output wire            o_nv,
    output wire [IW-1:0]   o_nlead,
    output wire [TW-1:0]   o_ntag
);
    generate if (N != (1 << IW)) begin : g_size
        wq_lsu_pick_error_N_is_not_2_to_the_IW u_error();
    end endgenerate
    localparam NT = N / GS;             // tags
    localparam GW = $clog2(GS);         // bits of an element index below its tag's
    localparam TI = IW - GW;            // bits of a tag index
    localparam LW = (GW > 0) ? GW : 1;  // (the width of an element in its group)
    localparam PE = N / P;              // elements of a part
    localparam PT = PE / GS;            // tags of a part
    generate if (PE % GS != 0 || P * PE != N) begin : g_parts
        wq_lsu_pick_error_P_does_not_divide_N_in_tags u_error();
    end endgenerate
    wire [TW-1:0] line [0:NT-1];
    genvar g;
    generate for (g = 0; g < NT; g = g + 1) begin : g_line
        assign line[g] = i_line[g*TW +: TW];
    end endgenerate

    // ---- the held leader's request ----------------------------------------------
    // Each tag's compare with the held leader's line, kept as a net: the
    // cover, the parts, o_all and the next leader's leaves share it (the
    // LUT mapper, left to itself, folds the compares into chains of
    // shared terms several levels deeper than one TW-bit compare).  Each
    // compare is pairs of bits (a LUT each, kept) whose AND is the carry
    // out of an increment: the FPGA's carry chain ANDs the 14 pairs of a
    // 28-bit tag in one cell's delay, where LUTs take two levels (fours,
    // then their AND) and the mapper, given `==`, three.  So a compare is
    // 2 levels.  An atomic's request covers no tag: !i_one is one bit more
    // of the chain, so a leaf of the next leader's tree is its tag's
    // compare and one flag from registers (below)
    localparam CP = (TW + 1) / 2;       // bit pairs
    (* keep *) wire [NT-1:0] t_eq;
    generate for (g = 0; g < NT; g = g + 1) begin : g_eq
        wire [2*CP-1:0] a = {{(2*CP-TW){1'b0}}, line[g]};
        wire [2*CP-1:0] b = {{(2*CP-TW){1'b0}}, i_tag};
        (* keep *) wire [CP-1:0] c_p;
        genvar k;
        for (k = 0; k < CP; k = k + 1) begin : g_p
            assign c_p[k] = a[2*k +: 2] == b[2*k +: 2];
        end
        // the pairs' AND on the carry chain: {0, x} + 1 carries out of
        // x's top bit exactly when every bit of x is set
        wire [CP+1:0] c_c = {1'b0, !i_one, c_p} + {{(CP+1){1'b0}}, 1'b1};
        assign t_eq[g] = c_c[CP+1];
    end endgenerate
    // (whether a tag has an element pending: the parts' hits and o_all)
    (* keep *) wire [NT-1:0] t_pd;
    generate for (g = 0; g < NT; g = g + 1) begin : g_pd
        assign t_pd[g] = i_pend[g*GS +: GS] != {GS{1'b0}};
    end endgenerate
    // An atomic's cover, the leader alone: i_lead decoded in two halves,
    // each a LUT level (kept as nets: the LUT mapper would otherwise fold
    // the N index compares into chains of shared terms)
    localparam IH = IW / 2;             // the index's low half's bits
    (* keep *) wire [(1 << (IW - IH))-1:0] d_hi;
    (* keep *) wire [(1 << IH)-1:0]        d_lo;
    generate for (g = 0; g < (1 << (IW - IH)); g = g + 1) begin : g_dhi
        assign d_hi[g] = i_lead[IW-1:IH] == g;
    end endgenerate
    generate for (g = 0; g < (1 << IH); g = g + 1) begin : g_dlo
        assign d_lo[g] = i_lead[IH-1:0] == g;
    end endgenerate
    wire [N-1:0] d_one;                 // (the leader, decoded)
    genvar e;
    generate for (e = 0; e < N; e = e + 1) begin : g_cov
        assign d_one[e] = d_hi[e >> IH] && d_lo[e % (1 << IH)];
        assign o_cov[e] = i_pend[e] && (i_one ? d_one[e] : t_eq[e / GS]);
    end endgenerate
    // The parts the request covers, from the tags' compares and whether a
    // tag has an element pending (from i_pend, early), not as an OR over
    // each part's elements of o_cov.  An atomic's is its leader's part.
    genvar pp;
    generate for (pp = 0; pp < P; pp = pp + 1) begin : g_pt
        wire [PT-1:0] hit;
        genvar pt;
        for (pt = 0; pt < PT; pt = pt + 1) begin : g_t
            assign hit[pt] = t_pd[pp*PT + pt] && t_eq[pp*PT + pt];
        end
        /* verilator lint_off WIDTH */
        assign o_pt[pp] = i_one ? i_lead / PE == pp : hit != {PT{1'b0}};
        /* verilator lint_on WIDTH */
    end endgenerate
    // Every pending element in the leader's line (without i_one: the
    // request takes all that is pending; an atomic's is a don't-care):
    // from each tag's compare, an AND of NT bits beside the cover rather
    // than a zero test of what it leaves (N bits behind it)
    wire [NT-1:0] t_in = ~t_pd | t_eq;
    assign o_all = &t_in;

    // ---- the next leader ------------------------------------------------------------
    // The lowest element the request leaves pending, and its line, from a
    // tree of pairs over the NT tags (a node: any element left below it,
    // the lowest one's tag index and its line, and its element in its
    // tag's group; a pair takes its low half's when that has one, else
    // its high half's with the level's bit set).  The line travels up the
    // tree beside the index: a 2:1 select a tree level, so the leader's
    // line is there when its index is, one LUT level a tree level, not a
    // tag multiplexer after the tree (the lowest bit of r & -r would be a
    // carry chain through N bits).  A leaf: its tag's group of elements
    // left -- a tag the request covers has none left, another all its
    // pending ones, an atomic's group all but the leader.  So a leaf is
    // "an element left unless the tag is covered" (t_a, from registers)
    // and the tag's compare, one LUT with the first pair's line select
    // (the pair's low leaf's flag, compare and both lines), not the
    // cover's OR behind the compare.  An atomic's leader is the lowest
    // pending element (the contract), so its group has another left when
    // it has two pending, and the place of that one is the group's second
    // pending element: the leaf reads the leader's tag index (a decode),
    // not the leader's element decoded and masked off the group.
    // A covered tag's place is never taken (the pair takes the other
    // half).  (N is a power of two: 2**IW.)
    // (Every part of a leaf is a kept net, each a LUT level from the
    // registers or from the one before: inside the whole netlist the
    // mapper otherwise shares terms across the 32 leaves' decodes and
    // maps them a level or two deeper.)  The atomic's leader's tag is a
    // register's one-hot (i_lead_t), ANDed with i_one into a kept net a
    // LUT level from registers and folded into the leaf's flag and place,
    // so a leaf's flag is there as its tag's compare is (two levels).  A
    // decode of i_lead here instead is a term the mapper may build on
    // another decode of the same register bits (the pick register's
    // part), a level deeper, inside the loop.
    (* keep *) wire [NT-1:0] t_at;      // (the atomic's leader's tag)
    assign t_at = i_one ? i_lead_t : {NT{1'b0}};
    (* keep *) wire [NT-1:0] t_a;       // (an element left unless covered)
    (* keep *) wire [NT*LW-1:0] t_pl;   // (... the first such element's place)
    generate for (g = 0; g < NT; g = g + 1) begin : g_leaf
        // the group's pending elements: two or more, the lowest's and the
        // second lowest's places (flags, not a count: an adder would be
        // a carry chain)
        reg          seen, two;
        reg [LW-1:0] lo1, lo2;
        integer      b;
        always @(*) begin
            seen = 1'b0;
            two = 1'b0;
            lo1 = {LW{1'b0}};
            lo2 = {LW{1'b0}};
            for (b = GS - 1; b >= 0; b = b - 1)
                if (i_pend[g*GS + b]) begin
                    two = two || seen;
                    seen = 1'b1;
                    lo2 = lo1;
                    lo1 = b[LW-1:0];
                end
        end
        (* keep *) wire          k_two = two;
        (* keep *) wire [LW-1:0] k_lo1 = lo1;
        (* keep *) wire [LW-1:0] k_lo2 = lo2;
        wire at_lg = t_at[g];
        assign t_a[g] = t_pd[g] && !(at_lg && !k_two);
        assign t_pl[g*LW +: LW] = at_lg ? k_lo2 : k_lo1;
    end endgenerate
    // (the tree as a heap: node n's children are 2n and 2n+1, the leaves
    // NT .. 2NT-1 -- tag g's leaf is NT + g, its index a constant -- and
    // the root node 1.  Every inner node's flag and line are kept nets, a
    // LUT level each: the mapper, given the tree as one expression, maps
    // it a level deeper, sharing terms across the levels.  Its index and
    // place are not kept (kept, the mapper drew the selects from them, a
    // level deeper), nor are the leaves: each is folded into its parent's
    // LUT, as above)
    // (split_var: each bit its own variable to Verilator, whose
    // scheduling would otherwise see one vector feeding itself)
    wire [2*NT-1:0]    h_any /* verilator split_var */;
    wire [2*NT*TW-1:0] h_tag /* verilator split_var */;
    wire [2*NT*TI-1:0] h_ix  /* verilator split_var */;
    wire [2*NT*LW-1:0] h_lo  /* verilator split_var */;
    assign h_any[0] = 1'b0;             // (node 0 is not in the heap)
    assign h_tag[0 +: TW] = {TW{1'b0}};
    assign h_ix[0 +: TI] = {TI{1'b0}};
    assign h_lo[0 +: LW] = {LW{1'b0}};
    wire unused_h0 = &{1'b0, h_any[0], h_tag[0 +: TW], h_ix[0 +: TI], h_lo[0 +: LW]};
    generate for (g = 0; g < NT; g = g + 1) begin : g_hleaf
        assign h_any[NT + g] = t_a[g] && !t_eq[g];
        assign h_tag[(NT + g)*TW +: TW] = line[g];
        /* verilator lint_off WIDTH */
        assign h_ix[(NT + g)*TI +: TI] = g;
        /* verilator lint_on WIDTH */
        assign h_lo[(NT + g)*LW +: LW] = t_pl[g*LW +: LW];
    end endgenerate
    // (a node takes its low child's when that has an element left, else
    // its high child's)
    generate for (g = 1; g < NT; g = g + 1) begin : g_hnode
        wire sel = h_any[2*g];
        (* keep *) wire          n_any;
        (* keep *) wire [TW-1:0] n_tag;
        assign n_any = h_any[2*g] || h_any[2*g+1];
        assign n_tag = sel ? h_tag[(2*g)*TW +: TW] : h_tag[(2*g+1)*TW +: TW];
        wire [TI-1:0] n_ix  = sel ? h_ix[(2*g)*TI +: TI]  : h_ix[(2*g+1)*TI +: TI];
        wire [LW-1:0] n_lo  = sel ? h_lo[(2*g)*LW +: LW]  : h_lo[(2*g+1)*LW +: LW];
        assign h_any[g] = n_any;
        assign h_tag[g*TW +: TW] = n_tag;
        assign h_ix[g*TI +: TI] = n_ix;
        assign h_lo[g*LW +: LW] = n_lo;
    end endgenerate
    // (with no element left every node took its high child: o_nlead and
    // o_ntag are the last tag's, don't-cares beside !o_nv)
    // o_nv, the root's flag, again as a tree of fours over the leaves'
    // parents (kept, a LUT level each): the heap's pairs give each node's
    // select, but their root, four pairs above the leaves' parents at 32
    // tags, is two levels deeper than fours in front of the entry
    // register's next leader (the FORMAL section asserts the two equal)
    generate if (NT % 8 == 0 && NT >= 8) begin : g_nv4
        (* keep *) wire [NT/8-1:0] v4;
        for (g = 0; g < NT / 8; g = g + 1) begin : g_v4
            assign v4[g] = h_any[NT/2 + 4*g +: 4] != 4'd0;
        end
        assign o_nv = v4 != {(NT/8){1'b0}};
        wire unused_root = &{1'b0, h_any[1]};   // (the FORMAL section's)
    end else begin : g_nv2
        assign o_nv = h_any[1];
    end endgenerate
    generate if (GS > 1) begin : g_lead
        assign o_nlead = {h_ix[TI +: TI], h_lo[LW +: GW]};
    end else begin : g_lead1
        assign o_nlead = h_ix[TI +: TI];
        wire unused_lo = &{1'b0, h_lo};
    end endgenerate
    assign o_ntag = h_tag[TW +: TW];

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, jobs lsu_pick and
    // lsu_pick_g: the unit alone, every input free): the rule for every
    // pending set, every line assignment and every held leader.  The
    // held leader's contract, assumed here, is asserted by wq_core_lsu
    // (jobs core, core_w1): while an element is pending the entry
    // register holds the lowest and its line (wq_lsu_entry, loaded from
    // an entry's first leader, wq_lsu_addr's, and from this unit's
    // o_nlead and o_ntag).
    // An atomic's next leader holds given its leader's tag one-hot
    // (f_tok); wq_core_lsu asserts it whenever an atomic's pick register
    // loads with an element pending -- the only cycles the entry
    // register takes o_nv, o_nlead and o_ntag with i_one.
    integer f;
    reg     f_low, f_out, f_nlow, f_any, f_tok;
    always @(*) begin
        f_tok = !i_one || i_lead_t == {{(NT-1){1'b0}}, 1'b1} << (i_lead / GS);
        // the held leader: pending, none below it, its line the tag
        f_low = i_pend[i_lead] && i_tag == i_line[(i_lead / GS)*TW +: TW];
        for (f = 0; f < N; f = f + 1) if (f < i_lead && i_pend[f]) f_low = 1'b0;
        f_any = i_pend != {N{1'b0}};
        if (f_any) assume(f_low);
        // none pending: nothing covered
        for (f = 0; f < N; f = f + 1) begin
            // only pending elements, all in the leader's line ...
            if (o_cov[f]) assert(i_pend[f] && i_line[(f / GS)*TW +: TW] == i_tag);
            // ... and every pending one of that line (the fewest requests)
            if (!i_one && i_pend[f] && i_line[(f / GS)*TW +: TW] == i_tag) assert(o_cov[f]);
            // an atomic's request: the leader alone
            if (i_one && o_cov[f]) assert(f == i_lead);
        end
        assert(o_nv == h_any[1]);
        if (f_any) assert(o_cov[i_lead]);
        else assert(o_cov == {N{1'b0}});
        // all: no pending element outside the leader's line
        f_out = 1'b0;
        for (f = 0; f < N; f = f + 1)
            if (i_pend[f] && i_line[(f / GS)*TW +: TW] != i_tag) f_out = 1'b1;
        if (f_any && !i_one) assert(o_all == !f_out);
        if (f_any && !i_one) assert(o_all == ((i_pend & ~o_cov) == {N{1'b0}}));
        // the parts: those with an element covered
        for (f = 0; f < P; f = f + 1)
            if (f_any) assert(o_pt[f] == (o_cov[f*PE +: PE] != {PE{1'b0}}));
        // the next leader: the lowest element left, its line; none left,
        // none
        if (!f_tok) begin
            // (o_nv, o_nlead and o_ntag are not read)
        end else if ((i_pend & ~o_cov) == {N{1'b0}}) assert(!o_nv);
        else begin
            f_nlow = i_pend[o_nlead] && !o_cov[o_nlead] &&
                     o_ntag == i_line[(o_nlead / GS)*TW +: TW];
            for (f = 0; f < N; f = f + 1)
                if (f < o_nlead && i_pend[f] && !o_cov[f]) f_nlow = 1'b0;
            assert(o_nv && f_nlow);
        end
        // covers: the whole instruction in one request, a request that
        // leaves elements for later, one that skips the next group of a
        // lower element (a later element in the leader's line), an atomic
        // with lanes left, an atomic's last lane (no next leader)
        c_whole:  cover(!i_one && i_pend == {N{1'b1}} && o_cov == {N{1'b1}});
        c_later:  cover(!i_one && o_cov != i_pend && o_cov != {N{1'b0}});
        c_skip:   cover(!i_one && i_pend[0] && i_pend[GS] && !o_cov[GS] && o_cov[N-1]);
        c_atomic: cover(i_one && f_tok && i_pend == {N{1'b1}} && o_nv);
        c_alast:  cover(i_one && f_tok && f_any && !o_nv);
    end
`endif
endmodule
