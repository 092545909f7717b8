// wq_lsu_rows.v -- a row store of the core's LSU queue
// (docs/rtl/wq_core_lsu.md, "Storage"): DEPTH rows of BANKS words of WIDTH
// bits in one inferred RAM with one write port and one asynchronous read
// port, so Yosys maps it onto LUT RAM (TRELLIS_DPR16X4 on the ECP5)
// instead of BANKS * DEPTH * WIDTH flip-flops behind wide multiplexers.
// The LSU keeps an entry's words as rows of the 4 * LANES elements of a
// part (the store data its gather writes, the values its loads' answers
// write): a row is written or read in one access.
//
// A write changes only the words i_wen names.  The RAM holds whole rows
// (a row is one simulator variable, read in one copy); gathering one RAM
// a word into a row costs Verilator BANKS part-selects on every
// evaluation.
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
    reg [BANKS*WIDTH-1:0] mem [0:DEPTH-1];
    // contents start unknown: an entry's words are written (its gather,
    // its answers) before they are read

    // one always-block a word: Yosys merges the BANKS write ports (one
    // address, one clock) into the RAM's one port with per-word enables
    genvar b;
    generate for (b = 0; b < BANKS; b = b + 1) begin : bank
        always @(posedge i_clk)
            if (i_we && i_wen[b])
                mem[i_waddr][b*WIDTH +: WIDTH] <= i_wdata[b*WIDTH +: WIDTH];
    end endgenerate

    assign o_rdata = mem[i_raddr];

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job lsu_rows): every word
    // of an arbitrary row is the last one written there (held by the RAM
    // and read back on o_rdata), from its first write.
    (* anyconst *) reg [AW-1:0] f_row;
    reg [BANKS-1:0] f_set = {BANKS{1'b0}};
    reg [BANKS*WIDTH-1:0] f_word;
    genvar fb;
    generate for (fb = 0; fb < BANKS; fb = fb + 1) begin : fbank
        always @(posedge i_clk)
            if (i_we && i_waddr == f_row && i_wen[fb]) begin
                f_set[fb] <= 1'b1;
                f_word[fb*WIDTH +: WIDTH] <= i_wdata[fb*WIDTH +: WIDTH];
            end
        always @(*)
            if (f_set[fb]) begin
                assert(mem[f_row][fb*WIDTH +: WIDTH] == f_word[fb*WIDTH +: WIDTH]);
                if (i_raddr == f_row) assert(o_rdata[fb*WIDTH +: WIDTH] == f_word[fb*WIDTH +: WIDTH]);
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
