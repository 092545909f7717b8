// wq_lsu_data.v -- the LSU queue's data rows (docs/rtl/wq_lsu_data.md): the
// store data its gather writes and the values its loads' answers write,
// each in row stores (wq_lsu_rows, LUT RAM) of one row a part of an entry:
// row {s, p} holds part p's elements of entry s, 4 * LANES words (element
// e = 4l + k, word k of lane l, at word e % EW).
//
// The store data: the gather writes its beat's row (word k of each lane);
// the request stage reads the row it merges (an ATOM's lane's).  The
// completion's copy, the row its MEM_WRITE records take, is written alike
// (o_sd_wen, o_sd_wd) but stays beside wq_lsu_memwrite in wq_core_lsu: it
// only feeds the record port, which the boards leave open, and there both
// drop out of a module's netlist together.  The loaded values: the answer stage writes a
// part's row (a load line's values, its covered elements enabled), an
// ATOM its lane's old value (word 0 of the lane); the completion reads the
// row of its write-back beat, an ATOM's write-back beats theirs.
//
// wq_core_lsu gives the rows' addresses (its entries and parts); this unit
// builds the rows written and selects the register's words a write-back
// beat takes from the row read.  It has no formal section of its own: the
// storage's contract is wq_lsu_rows's (job lsu_rows), and what it builds
// and selects is checked record for record in lockstep (scripts/rtl/core.sh).
`default_nettype none

// (its logic one part of its parent's cycle around its row stores:
// scripts/area.sh maps it inside the parent, as the board's flattened
// netlist does)
(* wq_area_inline *)
module wq_lsu_data #(
    parameter LANES = 32,
    parameter DEPTH = 16,                // rows: LSQ entries x 32 / LANES parts
    parameter AW    = (DEPTH > 1) ? $clog2(DEPTH) : 1,
    parameter EW    = 4 * LANES          // words of a row (a part's elements)
) (
    input  wire                 i_clk,
    // the gather: a part beat of EX writes word i_x_k of each lane
    input  wire                 i_sd_we,        // ... and is taken
    input  wire [AW-1:0]        i_sd_wa,
    input  wire [1:0]           i_x_k,
    input  wire [LANES*32-1:0]  i_rb,           // the lanes' store values
    // the row the gather writes (its words, their enables: the
    // completion's copy takes them too), the request stage's read
    output reg  [EW-1:0]        o_sd_wen,
    output reg  [EW*32-1:0]     o_sd_wd,
    input  wire [AW-1:0]        i_sd_rq_ra,
    output wire [EW*32-1:0]     o_sd_rq,
    // the loaded values' write: an answer's part (its elements i_an_cov,
    // its values i_an_wd), or an ATOM's old value at its lane (i_at_rec)
    input  wire                 i_ld_we,
    input  wire [AW-1:0]        i_ld_wa,
    input  wire                 i_at_rec,
    input  wire [4:0]           i_at_lane,
    input  wire [31:0]          i_at_old,
    input  wire [EW-1:0]        i_an_cov,
    input  wire [EW*32-1:0]     i_an_wd,
    // their read: the row of a write-back beat, and its words -- word
    // i_ld_k of the lanes (a load's completion beat or an ATOM's write-back
    // beat: never in one cycle, the row read is one or the other's), word
    // 0 (an ATOM's old values, riding its commit beat)
    input  wire [AW-1:0]        i_ld_ra,
    input  wire [1:0]           i_ld_k,
    output reg  [LANES*32-1:0]  o_ld_row,
    output reg  [LANES*32-1:0]  o_row0
);
    integer ei, pi;

    // ---- the store data ---------------------------------------------------------
    // (word k of each lane's element group: the lane's value in its four
    // words, the one of i_x_k enabled; the row's write, i_sd_we, is the
    // gather's, so the values carry no gate of their own)
    always @(*) begin
        o_sd_wen = {LANES{4'b0001 << i_x_k}};
        for (ei = 0; ei < LANES; ei = ei + 1)
            o_sd_wd[ei*128 +: 128] = {4{i_rb[ei*32 +: 32]}};
    end
    wq_lsu_rows #(.BANKS(EW), .WIDTH(32), .DEPTH(DEPTH)) u_sd_rq (
        .i_clk(i_clk), .i_we(i_sd_we), .i_waddr(i_sd_wa), .i_wen(o_sd_wen), .i_wdata(o_sd_wd),
        .i_raddr(i_sd_rq_ra), .o_rdata(o_sd_rq));

    // ---- the loaded values ------------------------------------------------------
    // (an ATOM's old value: word 0 of its lane, ld_wen enabling that word
    // alone, so only the lanes' word 0 selects it -- the other words are
    // the answer's values whatever the write)
    wire [EW-1:0]    ld_wen = i_at_rec ? {{(EW-1){1'b0}}, 1'b1} << (4 * ({27'd0, i_at_lane} % LANES))
                                       : i_an_cov;
    reg  [EW*32-1:0] ld_wd;
    always @(*)
        for (ei = 0; ei < EW; ei = ei + 1)
            ld_wd[ei*32 +: 32] = (ei % 4 == 0 && i_at_rec) ? i_at_old : i_an_wd[ei*32 +: 32];
    wire [EW*32-1:0] ld_rd;
    wq_lsu_rows #(.BANKS(EW), .WIDTH(32), .DEPTH(DEPTH)) u_ld (
        .i_clk(i_clk), .i_we(i_ld_we), .i_waddr(i_ld_wa), .i_wen(ld_wen), .i_wdata(ld_wd),
        .i_raddr(i_ld_ra), .o_rdata(ld_rd));
    always @(*)
        for (ei = 0; ei < LANES; ei = ei + 1) begin
            o_row0[ei*32 +: 32] = ld_rd[(4 * ei) * 32 +: 32];
            o_ld_row[ei*32 +: 32] = 32'd0;
            for (pi = 0; pi < 4; pi = pi + 1)
                if (i_ld_k == pi[1:0]) o_ld_row[ei*32 +: 32] = ld_rd[(4 * ei + pi) * 32 +: 32];
        end

endmodule
