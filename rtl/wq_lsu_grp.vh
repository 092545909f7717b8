// wq_lsu_grp.vh -- a store's lanes in groups for its MEM_WRITE records
// (docs/rtl/wq_lsu_memwrite.md): wq_core_lsu (the queue keeps an entry's
// groups) and wq_lsu_memwrite (a beat takes the lowest group) include it
// inside their module, after their localparams NB (MEM_WRITE records a
// beat) and LANES.  MG, a group's lanes for a store of w words a lane, is
// the largest power of two with MG x w <= NB and MG <= LANES, so a group's
// records fit a beat and a group lies in one part.
    function integer mg_of;             // MG for a store of w words a lane
        input integer w;
        integer g, i;
        begin
            g = 1;
            for (i = 0; i < 5; i = i + 1)
                if (2 * g * w <= NB && 2 * g <= LANES) g = 2 * g;
            mg_of = g;
        end
    endfunction
    localparam MG1 = mg_of(1), MG2 = mg_of(2), MG3 = mg_of(3), MG4 = mg_of(4);
    // (lane mask v in groups of the MG for w words a lane: the groups
    // with a lane)
    function [31:0] grp_of;
        input [31:0] v;
        input [2:0]  w;
        integer i;
        begin
            grp_of = 32'd0;
            for (i = 0; i < 32; i = i + 1)
                case (w)
                3'd1:    grp_of[i / MG1] = grp_of[i / MG1] | v[i];
                3'd2:    grp_of[i / MG2] = grp_of[i / MG2] | v[i];
                3'd3:    grp_of[i / MG3] = grp_of[i / MG3] | v[i];
                default: grp_of[i / MG4] = grp_of[i / MG4] | v[i];
                endcase
        end
    endfunction
    // (the lanes of the groups in g, groups of the MG for w words)
    function [31:0] grp_lanes;
        input [31:0] g;
        input [2:0]  w;
        integer i;
        begin
            for (i = 0; i < 32; i = i + 1)
                case (w)
                3'd1:    grp_lanes[i] = g[i / MG1];
                3'd2:    grp_lanes[i] = g[i / MG2];
                3'd3:    grp_lanes[i] = g[i / MG3];
                default: grp_lanes[i] = g[i / MG4];
                endcase
        end
    endfunction
    // (g has one bit set at most)
    function one_at_most;
        input [31:0] g;
        one_at_most = (g & (g - 32'd1)) == 32'd0;
    endfunction
    // (g has one bit set at most, as a tree of pairs: a node is whether
    // its bits have one set and more than one, log2(32) levels of LUTs
    // rather than a subtract's carry and a 32-bit compare behind it)
    function one_tree;
        input [31:0] g;
        reg   [31:0] a, m;
        integer i, k;
        begin
            a = g;
            m = 32'd0;
            // (level k's node i written where node i of level k - 1 was,
            // after its nodes 2i and 2i+1 are read)
            for (k = 0; k < 5; k = k + 1)
                for (i = 0; i < 16; i = i + 1) begin
                    m[i] = m[2*i] | m[2*i+1] | (a[2*i] & a[2*i+1]);
                    a[i] = a[2*i] | a[2*i+1];
                end
            one_tree = !m[0];
        end
    endfunction
    // (lane mask v's groups for w words are one at most: each MG's tree on
    // its groups, then the one of w, so w's multiplexer is after the trees,
    // not before a subtract on the groups it picked)
    function grp_one;
        input [31:0] v;
        input [2:0]  w;
        case (w)
        3'd1:    grp_one = one_tree(grp_of(v, 3'd1));
        3'd2:    grp_one = one_tree(grp_of(v, 3'd2));
        3'd3:    grp_one = one_tree(grp_of(v, 3'd3));
        default: grp_one = one_tree(grp_of(v, 3'd4));
        endcase
    endfunction
    // (g has two bits set at most: g & (g - 1), g without its lowest
    // group, has one at most -- a tree of pairs of counts saturating at
    // 3, log2(32) levels of LUTs, not two subtracts and a compare)
    function two_tree;
        input [31:0] g;
        reg   [63:0] c;                 // node i's count at [2i +: 2]
        reg   [2:0]  t;
        integer i, k;
        begin
            for (i = 0; i < 32; i = i + 1) c[2*i +: 2] = {1'b0, g[i]};
            for (k = 0; k < 5; k = k + 1)
                for (i = 0; i < 16; i = i + 1) begin
                    t = {1'b0, c[4*i +: 2]} + {1'b0, c[4*i+2 +: 2]};
                    c[2*i +: 2] = (t > 3'd3) ? 2'd3 : t[1:0];
                end
            two_tree = c[1:0] != 2'd3;
        end
    endfunction
