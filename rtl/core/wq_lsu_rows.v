// wq_lsu_rows.v -- a row store of the core's LSU queue
// (docs/rtl/wq_core_lsu.md, "Storage"): DEPTH rows of BANKS words of WIDTH
// bits, one bank a word of the row, each bank an ordinary inferred RAM with
// one write port (a per-bank enable) and one asynchronous read port, so
// Yosys maps it onto LUT RAM (TRELLIS_DPR16X4 on the ECP5) instead of
// BANKS * DEPTH * WIDTH flip-flops behind wide multiplexers.  The LSU keeps
// an entry's words as rows of the 4 * LANES elements of a part (the store
// data its gather writes, the values its loads' answers write): a row is
// written or read in one access.
//
// The read is combinational: o_rdata is the row at i_raddr as it is before
// the clock edge, so a write and a read of the same row in one cycle read
// the old words (the flip-flop array's behaviour it replaces).
`default_nettype none

module wq_lsu_rows #(
    parameter BANKS = 32,      // words of a row
    parameter WIDTH = 32,      // bits of a word
    parameter DEPTH = 16,      // rows
    parameter AW    = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
    input  wire                     i_clk,
    input  wire                     i_we,
    input  wire [AW-1:0]            i_waddr,
    input  wire [BANKS-1:0]         i_wen,      // the words written
    input  wire [BANKS*WIDTH-1:0]   i_wdata,
    input  wire [AW-1:0]            i_raddr,
    output wire [BANKS*WIDTH-1:0]   o_rdata
);
    genvar b;
    generate for (b = 0; b < BANKS; b = b + 1) begin : bank
        reg [WIDTH-1:0] mem [0:DEPTH-1];
        // contents start unknown: an entry's words are written (its gather,
        // its answers) before they are read
        always @(posedge i_clk)
            if (i_we && i_wen[b])
                mem[i_waddr] <= i_wdata[b*WIDTH +: WIDTH];
        assign o_rdata[b*WIDTH +: WIDTH] = mem[i_raddr];
    end endgenerate

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job lsu_rows): every bank's
    // word of an arbitrary row is the last one written there (held by
    // the bank's RAM and read back on o_rdata), from its first write.
    (* anyconst *) reg [AW-1:0] f_row;
    reg [BANKS-1:0] f_set = {BANKS{1'b0}};
    reg [BANKS*WIDTH-1:0] f_word;
    generate for (b = 0; b < BANKS; b = b + 1) begin : fbank
        always @(posedge i_clk)
            if (i_we && i_waddr == f_row && i_wen[b]) begin
                f_set[b] <= 1'b1;
                f_word[b*WIDTH +: WIDTH] <= i_wdata[b*WIDTH +: WIDTH];
            end
        always @(*)
            if (f_set[b]) begin
                assert(bank[b].mem[f_row] == f_word[b*WIDTH +: WIDTH]);
                if (i_raddr == f_row) assert(o_rdata[b*WIDTH +: WIDTH] == f_word[b*WIDTH +: WIDTH]);
            end
    end endgenerate
    // covers: a row written in one word only (the other holding an older
    // word), and read back with both words differing
    reg f_part = 1'b0;
    always @(posedge i_clk)
        if (i_we && i_waddr == f_row && i_wen == {{(BANKS-1){1'b0}}, 1'b1} && f_set[BANKS-1]) f_part <= 1'b1;
    always @(*) begin
        c_partial: cover(f_part && i_raddr == f_row &&
                         o_rdata[WIDTH-1:0] != o_rdata[(BANKS-1)*WIDTH +: WIDTH]);
        c_read:    cover(&f_set && i_raddr == f_row && f_word[WIDTH-1:0] != {WIDTH{1'b0}});
    end
`endif
endmodule
