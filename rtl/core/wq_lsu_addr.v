////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/core/wq_lsu_addr.v
//
// Project:	warpq -- the pipelined SIMT core (DESIGN §6)
//
// Purpose:	The LSU queue's address rows (docs/rtl/wq_lsu_addr.md;
//		docs/rtl/wq_core_lsu.md): the lanes' byte addresses of each
//		entry, a row a part (row {s, p}: lane p * LANES + l at
//		[l*32 +: 32]), as the gather's beats compute and write them
//		(beat k = 0 of each part: the lane's ra plus the immediate),
//		and each entry's first request's leader -- its lowest element,
//		word 0 of its lowest selected lane, element 4 l, and that
//		lane's line -- taken from the lowest part with a selected lane
//		as its beat writes the row (a part's beat takes it when no
//		lower part has one) and kept for the entry as it enters the
//		queue.  The request stage's entry register starts an entry's
//		requests from that leader (wq_lsu_entry): an entry is always
//		picked from its start, never from a middle, so its first
//		leader is the one it entered with.
//
//		Reads: the request stage's entry's line tags for the pick and
//		its lanes' offsets in their lines, every lane of the head (the MEM_WRITE records' addresses), and
//		the atomic's lane of the entry after the last (where an ATOM
//		runs, the queue empty).  The request stage's entry reads
//		every part at once, a row of LSQ rows in block RAM (u_rs,
//		wq_regfile: a bank a part, the read registered, its address
//		the entry register's next entry, so its data is the entry the
//		register holds); the others a memory of NR rows, one write
//		port and asynchronous reads: LUT RAM on the ECP5 (a copy a
//		read port), flip-flops behind a multiplexer where the tool
//		has none.  A gather writes the entry after the queue's last,
//		which the entry register holds with a leader only from the
//		instruction's push on, a cycle after its last part beat
//		(wq_core_lsu asserts it: the block RAM's read of a row
//		written on the same edge is undefined).
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

// (its reads are one part of its parent's cycle: scripts/area.sh maps it
// inside wq_core_lsu, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_lsu_addr #(
    parameter LANES  = 32,
    parameter PARTS  = 1,               // 32 / LANES
    parameter LSQ    = 4,               // entries
    parameter LOG2LB = 4,               // log2 of a line's bytes
    parameter QW     = (LSQ > 1) ? $clog2(LSQ) : 1,
    parameter LTAG   = 32 - LOG2LB,     // bits of a line tag
    parameter TG     = 4                // elements a line tag (4 with lines of 16 bytes or more, else 1)
) (
    input  wire                 i_clk,
    // the gather's address beat: part i_wp of the entry i_ws, the lanes'
    // ra (i_a) plus i_imm; the instruction's selected lanes
    input  wire                 i_we,
    input  wire [QW-1:0]        i_ws,
    input  wire [5:0]           i_wp,
    input  wire [LANES*32-1:0]  i_a,
    input  wire [31:0]          i_imm,
    input  wire [31:0]          i_sel,
    // the gathered instruction enters the queue at i_ws (its first
    // leader kept for the entry)
    input  wire                 i_push,
    // the gathered instruction's first leader (an ATOM's, which does
    // not enter the queue, is taken from here)
    output reg  [6:0]           o_fe,
    output reg  [LTAG-1:0]      o_fl,
    // every entry's first leader, entry s's at [s*7 +: 7], [s*LTAG +: LTAG]
    output reg  [LSQ*7-1:0]     o_q_fe,
    output reg  [LSQ*LTAG-1:0]  o_q_fl,
    // reads: the line tags for the pick (tag t, elements t*TG .., at
    // [t*LTAG +: LTAG]) and the lanes' offsets in their lines (lane l's
    // at [l*LOG2LB +: LOG2LB]) of entry i_rs_nx as it was the cycle
    // before (the entry register's next entry: its rows the cycle after);
    // every lane of entry i_hs (lane l at [l*32 +: 32]); lane i_at_l of
    // entry i_ws
    input  wire [QW-1:0]        i_rs_nx,
    output reg  [128/TG*LTAG-1:0] o_rs_line,
    output reg  [32*LOG2LB-1:0] o_rs_lo,
    input  wire [QW-1:0]        i_hs,
    output reg  [32*32-1:0]     o_hs_addr,
    input  wire [4:0]           i_at_l,
    output wire [31:0]          o_at_addr
`ifdef FORMAL
    // (a read port for the LSU's properties of the leaders: element e's
    // line in entry s, at [(s*128 + e)*LTAG +: LTAG])
    , output reg [LSQ*128*LTAG-1:0] o_f_line
`endif
);
    localparam NR  = LSQ * PARTS;       // rows
    localparam RAW = $clog2(NR);
    localparam LB  = 1 << LOG2LB;       // (wq_lsu_el.vh's: a line's bytes,
    localparam LW  = (LB >= 4) ? LB / 4 : 1;    // its words,
    localparam LWW = (LW > 1) ? $clog2(LW) : 1; // bits of a word index)
`include "wq_lsu_row.vh"
`include "wq_lsu_el.vh"

    reg  [LANES*32-1:0] q_addr [0:NR-1];
    wire [32*32-1:0]    rs_addr;        // the entry register's lanes, lane l at [l*32 +: 32]

    // ---- the gather's write, the first leader ---------------------------------------
    wire [31:0] ga_p    = {26'd0, i_wp} % PARTS;
    wire [31:0] ga_lsel = i_sel & ~({32{1'b1}} << (LANES * ga_p));   // lower parts' lanes
    reg  [LANES-1:0] ga_psel;           // (the beat's part's selected lanes)
    integer gp, wl;
    always @(*) begin
        ga_psel = i_sel[LANES-1:0];
        for (gp = 1; gp < PARTS; gp = gp + 1)
            if (ga_p == gp) ga_psel = i_sel[gp*LANES +: LANES];
    end
    reg  [LANES*32-1:0] ga_row;         // the beat's lanes' addresses
    reg  [PARTS-1:0]    ga_bank;        // ... its part, one-hot
    integer gr;
    always @(*) begin
        for (gr = 0; gr < LANES; gr = gr + 1)
            ga_row[gr*32 +: 32] = i_a[gr*32 +: 32] + i_imm;
        for (gr = 0; gr < PARTS; gr = gr + 1)
            ga_bank[gr] = ga_p == gr;
    end
    wq_regfile #(.LANES(PARTS), .WIDTH(LANES*32), .DEPTH(LSQ)) u_rs (
        .i_clk(i_clk), .i_raddr(i_rs_nx), .i_rzero(1'b0), .o_rdata(rs_addr),
        .i_we(i_we), .i_waddr(i_ws), .i_wlane(ga_bank), .i_wdata({PARTS{ga_row}}));
    always @(posedge i_clk) begin : qa_wr
        reg [31:0]         l0;
        if (i_we) begin
            q_addr[rw_ix(i_ws, ga_p)] <= ga_row;
            if (ga_lsel == 32'd0) begin
                // (a priority chain, not wq_ctz.vh's binary search: the
                // mapper folds the chain into the lane's select of the
                // sum, where an index formed first and then decoded made
                // o_fl 11 LUT levels deep on the board, 28 more bits over
                // 8 and 59 more LUT4)
                l0 = 32'd0;
                for (wl = LANES - 1; wl >= 0; wl = wl - 1)
                    if (ga_psel[wl]) l0 = wl;
                o_fl <= ga_row[l0*32 + LOG2LB +: LTAG];
                l0 = LANES * ga_p + l0;     // (the lane in the warp)
                o_fe <= {l0[4:0], 2'b00};
            end
        end
    end
    integer qs;
    always @(posedge i_clk)
        if (i_push)
            for (qs = 0; qs < LSQ; qs = qs + 1)
                if (i_ws == qs[QW-1:0]) begin
                    o_q_fe[qs*7 +: 7] <= o_fe;
                    o_q_fl[qs*LTAG +: LTAG] <= o_fl;
                end

    // ---- the reads ------------------------------------------------------------------
    // (element e is word k = e % 4 of its lane: el_addr; a tag is its
    // first element's)
    /* verilator lint_off UNUSEDSIGNAL */
    reg  [31:0]      ta;                // (a tag's address: its bits below the line unused)
    reg  [31:0]      ek;                // (its first element: word ek % 4 of its lane)
    /* verilator lint_on UNUSEDSIGNAL */
    integer ep, et;
    always @(*) begin
        for (ep = 0; ep < PARTS; ep = ep + 1)
            o_hs_addr[ep*LANES*32 +: LANES*32] = q_addr[rw_ix(i_hs, ep)];
        for (et = 0; et < 128 / TG; et = et + 1) begin
            ek = et * TG;
            ta = el_addr(rs_addr[(et * TG / 4)*32 +: 32], ek[1:0]);
            o_rs_line[et*LTAG +: LTAG] = ta[31:LOG2LB];
        end
        for (et = 0; et < 32; et = et + 1)
            o_rs_lo[et*LOG2LB +: LOG2LB] = rs_addr[et*32 +: LOG2LB];
    end
    wire [LANES*32-1:0] at_row = q_addr[rw_ix(i_ws, {27'd0, i_at_l} / LANES)];
    wire [31:0]         at_ql  = {27'd0, i_at_l} % LANES;
    assign o_at_addr = at_row[at_ql*32 +: 32];

`ifdef FORMAL
    // Checked alone (job lsu_addr: any beat, any lanes) and inside wq_core
    // (jobs core and core_w1, where wq_core_lsu's properties hold each
    // entry's first leader to its rows, o_f_line, and its elements).
    // Here: the leader a beat takes is the lowest selected lane, word 0,
    // and that lane's line.
    integer fs, fe;
    reg [LANES*32-1:0] f_row;
    reg [31:0]         f_l, f_e;
    always @(*)
        for (fs = 0; fs < LSQ; fs = fs + 1)
            for (fe = 0; fe < 128; fe = fe + 1) begin
                f_l   = fe / 4;
                f_row = q_addr[rw_ix(fs[QW-1:0], f_l / LANES)];
                f_e   = el_addr(f_row[(f_l % LANES)*32 +: 32], fe[1:0]);
                o_f_line[(fs*128 + fe)*LTAG +: LTAG] = f_e[31:LOG2LB];
            end
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    // the beat's inputs, registered: the leader's lane is the new o_fe's,
    // so it indexes these (a $past() of a select by o_fe would take the
    // old o_fe's lane -- equal only while every lane has one address)
    reg [LANES*32-1:0] f_ia;
    reg [31:0]         f_imm, f_sel;
    always @(posedge i_clk) begin
        f_ia  <= i_a;
        f_imm <= i_imm;
        f_sel <= i_sel;
    end
    reg [31:0] f_a;
    always @(posedge i_clk)
        if (f_past && $past(i_we && ga_lsel == 32'd0 && ga_psel != {LANES{1'b0}})) begin
            f_a = f_ia[(o_fe[6:2] % LANES)*32 +: 32] + f_imm;
            assert(o_fe[1:0] == 2'd0 && f_sel[o_fe[6:2]] &&
                   (f_sel & ~({32{1'b1}} << o_fe[6:2])) == 32'd0 &&
                   o_fl == f_a[31:LOG2LB]);
            c_later_part: cover($past(ga_p != 0));
        end
`endif
endmodule
