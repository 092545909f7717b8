////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/core/wq_lsu_pkreg.v
//
// Project:	warpq -- the pipelined SIMT core (DESIGN §6)
//
// Purpose:	The LSU request stage's pick register (docs/rtl/wq_lsu_pkreg.md;
//		docs/rtl/wq_core_lsu.md, "Request stage"): the request on the
//		memory port -- its entry, line, the elements it covers, its
//		leader, the entry's lanes' offsets in their lines, the parts
//		of its elements and the entry's access size -- loaded from the
//		coalescer's pick (wq_lsu_pick) when wq_core_lsu says so
//		(i_ld: empty, its request taken, an ATOM's lane done).  The
//		port's request, the store line's merge (wq_lsu_store), the
//		code-range compare and the tags start from these flip-flops.
//
//		Beside them it keeps the request's first part one-hot (o_p0),
//		that part's elements (o_cov0) and its lanes' offsets (o_lo0):
//		where a store line's merge starts.  The first part is the
//		leader's (the leader is the lowest element the pick covers),
//		so it is a decode of the leader's index, early in the pick's
//		tree, rather than the lowest of the parts' ORs of the cover
//		behind the pick's compares.  With one part they are the
//		request's own and no register is kept.
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

// (one part of its parent's cycle, the pick's loop closing through it:
// scripts/area.sh maps it inside wq_core_lsu, as the board's flattened
// netlist does)
(* wq_area_inline *)
module wq_lsu_pkreg #(
    parameter LANES  = 32,
    parameter LOG2LB = 4,                // bits of a byte offset in a line
    parameter QW     = 2,                // bits of a queue entry's index
    parameter PARTS  = 32 / LANES,
    parameter PW     = (PARTS > 1) ? $clog2(PARTS) : 1,
    parameter EW     = 4 * LANES,        // elements of a part
    parameter LTAG   = 32 - LOG2LB
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    input  wire                     i_clr,      // a store that wrote code drops the younger entries
    input  wire                     i_ld,       // load the pick
    // the pick: a leader held (the entry has elements left), its entry,
    // line, elements, leader, the entry's lanes' offsets, the parts of its
    // elements, the entry's access size
    input  wire                     i_v,
    input  wire [QW-1:0]            i_s,
    input  wire [LTAG-1:0]          i_line,
    input  wire [127:0]             i_cov,
    input  wire [6:0]               i_e,
    input  wire [32*LOG2LB-1:0]     i_lo,
    input  wire [PARTS-1:0]         i_pt,
    input  wire [1:0]               i_msize,
    // the register
    output reg                      o_v,
    output reg  [QW-1:0]            o_s,
    output reg  [LTAG-1:0]          o_line,
    output reg  [127:0]             o_cov,
    output reg  [6:0]               o_e,
    output reg  [32*LOG2LB-1:0]     o_lo,
    output reg  [PARTS-1:0]         o_pt,
    output reg  [1:0]               o_msize,
    // its first part, one-hot, that part's elements and lanes' offsets
    output wire [PARTS-1:0]         o_p0,
    output wire [EW-1:0]            o_cov0,
    output wire [LANES*LOG2LB-1:0]  o_lo0
);
`include "wq_lsu_part.vh"

    always @(posedge i_clk) begin
        if (i_ld) begin
            o_v     <= i_v;
            o_s     <= i_s;
            o_line  <= i_line;
            o_cov   <= i_cov;
            o_e     <= i_e;
            o_lo    <= i_lo;
            o_pt    <= i_pt;
            o_msize <= i_msize;
        end
        if (i_clr || i_reset) o_v <= 1'b0;
    end

    generate if (PARTS > 1) begin : g_p0
        reg  [PARTS-1:0]        p0;
        reg  [EW-1:0]           cov0;
        reg  [LANES*LOG2LB-1:0] lo0;
        wire [PARTS-1:0] p0_d = {{(PARTS-1){1'b0}}, 1'b1} << i_e[6 -: PW];
        integer l;
        always @(posedge i_clk)
            if (i_ld) begin
                p0   <= p0_d;
                cov0 <= pt_cov(i_cov, p0_d);
                for (l = 0; l < LANES; l = l + 1)
                    lo0[l*LOG2LB +: LOG2LB] <= pt_off(i_lo, p0_d, l);
            end
        assign o_p0   = p0;
        assign o_cov0 = cov0;
        assign o_lo0  = lo0;
    end else begin : g_p0_1
        assign o_p0   = o_pt;
        assign o_cov0 = o_cov[EW-1:0];
        assign o_lo0  = o_lo[LANES*LOG2LB-1:0];
    end endgenerate

`ifdef FORMAL
    // Checked alone (job lsu_pkreg, the pick's contract assumed below) and
    // inside wq_core (jobs core and core_w1, where wq_lsu_pick and
    // wq_lsu_entry assert that contract of the pick it loads).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    integer fp, fl;
`ifdef FORMAL_LSU_PKREG_TOP
    always @(*) if (!f_past) assume(i_reset);
    // the pick's contract: its parts are those of its elements, and its
    // leader is one of its elements, in the lowest of its parts
    always @(*)
        if (i_ld && i_v) begin
            for (fp = 0; fp < PARTS; fp = fp + 1)
                assume(i_pt[fp] == (i_cov[fp*EW +: EW] != {EW{1'b0}}));
            assume(i_cov[i_e]);
            for (fp = 0; fp < PARTS; fp = fp + 1)
                if (fp < i_e / EW) assume(!i_pt[fp]);
            for (fp = PARTS * EW; fp < 128; fp = fp + 1)
                assume(!i_cov[fp]);
        end
`endif
    // a held request's first part is the lowest of its parts, and its
    // elements and lanes' offsets are that part's
    always @(*)
        if (f_past && o_v) begin
            assert(o_p0 == pt_low(o_pt, {PARTS{1'b0}}));
            assert(o_cov0 == pt_cov(o_cov, o_p0));
            for (fl = 0; fl < LANES; fl = fl + 1)
                assert(o_lo0[fl*LOG2LB +: LOG2LB] == pt_off(o_lo, o_p0, fl));
        end
    // a clear or reset empties it, a load takes the pick, else it holds
    always @(posedge i_clk)
        if (f_past) begin
            if ($past(i_clr || i_reset)) assert(!o_v);
            else if ($past(i_ld)) assert(o_v == $past(i_v) && o_s == $past(i_s) && o_e == $past(i_e)
                                         && o_cov == $past(i_cov) && o_msize == $past(i_msize));
            else assert(o_v == $past(o_v) && o_cov == $past(o_cov) && o_p0 == $past(o_p0));
        end
    // covers: a request whose first part is not part 0, and one held a
    // cycle without a load with parts beyond its first
    reg f_held = 1'b0;
    always @(posedge i_clk) f_held <= f_past && o_v && !i_ld && !i_clr && !i_reset;
    always @(*) begin
        c_later: cover(f_past && o_v && !o_p0[0]);
        c_held:  cover(f_held && o_v && o_pt != o_p0);
    end
`endif
endmodule
