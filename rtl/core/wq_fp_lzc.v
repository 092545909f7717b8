// wq_fp_lzc.v -- leading-zero count of an N-bit word, as a tree: the
// normalisation count of the FPU's units (wq_fp_add, wq_fp_fma, wq_fp_cvt,
// wq_fp_div).  Combinational.  docs/rtl/wq_fp_lzc.md.
//
// o_cnt is the number of zeros above i_in's highest one (bit N-1 first),
// N when no bit is set.  The leaves are i_in's bits, bit N-1 first, then
// ones up to the next power of two LP (a padding one stops an all-zero
// word's count at N); node 1 is the root, node n's children 2n and 2n+1.
// A node's count is its left child's when that has a one, else half the
// node's width plus its right child's; the half is a single bit above the
// right child's count, so the sum is an OR.  log2(LP) levels of a 2:1
// multiplexer and an OR each.
`default_nettype none

module wq_fp_lzc #(
    parameter N   = 27,                   // the word's bits
    parameter LZW = $clog2(N + 1)         // the count's bits (leave at the default)
) (
    input  wire [N-1:0]    i_in,
    output wire [LZW-1:0]  o_cnt
);
    localparam LP = 1 << LZW;             // the leaves, padded

    // (node 1's has-a-one bit is unused: a count of N says no bit is set)
    /* verilator lint_off UNUSEDSIGNAL */
    wire [2*LP-1:1]  lz_v /* verilator split_var */;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [2*LP*LZW-1:LZW] lz_c /* verilator split_var */;  // node n's count: lz_c[n*LZW +: LZW]
    genvar gd, gj;
    generate
        for (gj = 0; gj < LP; gj = gj + 1) begin : g_leaf
            if (gj < N) begin : g_bit
                assign lz_v[LP+gj] = i_in[N-1-gj];
            end else begin : g_pad
                assign lz_v[LP+gj] = 1'b1;
            end
            assign lz_c[(LP+gj)*LZW +: LZW] = {LZW{1'b0}};
        end
        for (gd = 0; gd < LZW; gd = gd + 1) begin : g_lvl
            for (gj = 0; gj < (1 << gd); gj = gj + 1) begin : g_node
                localparam integer NN = (1 << gd) + gj;
                localparam [LZW-1:0] HALF = LP >> (gd + 1);
                assign lz_v[NN] = lz_v[2*NN] || lz_v[2*NN+1];
                assign lz_c[NN*LZW +: LZW] = lz_v[2*NN] ? lz_c[2*NN*LZW +: LZW]
                                                        : (lz_c[(2*NN+1)*LZW +: LZW] | HALF);
            end
        end
    endgenerate
    assign o_cnt = lz_c[LZW +: LZW];

`ifdef FORMAL
    // The reference: the count by a scan from the top bit.
    localparam [LZW-1:0] F_NONE = N;
    // (scanned from the bottom: the last one seen is the highest)
    function [LZW-1:0] f_ref;
        input [N-1:0] x;
        integer i;
        reg [LZW-1:0] c;
        begin
            c = F_NONE;
            for (i = 0; i < N; i = i + 1)
                if (x[i]) c = F_NONE - 1'b1 - i[LZW-1:0];
            f_ref = c;
        end
    endfunction
    always @(*) begin
        assert(o_cnt == f_ref(i_in));
        // covers: no bit set, the top bit set, only the lowest bit set
        c_zero: cover(i_in == {N{1'b0}});
        c_top:  cover(i_in[N-1]);
        c_low:  cover(i_in == {{(N-1){1'b0}}, 1'b1});
    end
`endif
endmodule
