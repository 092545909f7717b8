// wq_lsu_store.v -- a store's line on the core's memory port (docs/rtl/
// wq_lsu_store.md; docs/rtl/wq_core_lsu.md): the bytes and strobes of the
// line request wq_core_lsu's request stage holds, each covered element's
// strobed bytes at its word, a later element's bytes over an earlier
// one's (the model's lane order leaves the last lane's bytes: wq_x_ST's
// port_data and port_strobe, cmodel/model/exec_mem.c).  The store data
// is read a row (a part) a cycle: a request whose elements are in several
// parts (lanes a part apart in one line) is merged into the accumulator
// (st_acc) a part a cycle, the parts ascending (o_p names the row to
// read), and goes out with its last part (o_fin).  Two elements on one
// word have the same k (a .v4 address is 16-byte aligned), so the parts'
// order is the elements' order on every word.
`default_nettype none

module wq_lsu_store #(
    parameter LANES      = 32,
    parameter LINE_BYTES = 16,
    parameter PARTS      = 32 / LANES,
    parameter PW         = (PARTS > 1) ? $clog2(PARTS) : 1,
    parameter LOG2LB     = $clog2(LINE_BYTES)
) (
    input  wire                    i_clk,
    input  wire                    i_clr,       // reset, or the younger entries dropped
    input  wire                    i_go,        // the request stage is on a store's request
    input  wire                    i_taken,     // the port takes a request
    input  wire [PARTS-1:0]        i_pt,        // the parts of the request's elements
    input  wire [127:0]            i_cov,       // its elements
    input  wire [32*LOG2LB-1:0]    i_lo,        // its entry's lanes' offsets in their lines
    input  wire [PARTS-1:0]        i_p0,        // its first part, one-hot (the pick register's)
    input  wire [4*LANES-1:0]      i_cov0,      // ... its elements
    input  wire [LANES*LOG2LB-1:0] i_lo0,       // ... its lanes' offsets
    input  wire [1:0]              i_msize,     // log2 bytes of an access
    input  wire [LANES*128-1:0]    i_sd,        // the store data's row of part o_p
    // an ATOM's request is on the port (never beside i_go): the line is
    // its words, i_at_wd
    input  wire                    i_at,
    input  wire [LINE_BYTES*8-1:0] i_at_wd,
    output reg  [PW-1:0]           o_p,         // the part merged this cycle
    output wire                    o_fin,       // ... the request's last: it goes out
    output wire [LINE_BYTES*8-1:0] o_wd,        // the line's bytes with this part (an ATOM's: i_at_wd)
    output reg  [LINE_BYTES-1:0]   o_ws,        // ... and strobes
    output wire [PARTS-1:0]        o_m          // the parts merged before this cycle
);
    localparam EW     = 4 * LANES;               // elements of a part
    localparam LB     = LINE_BYTES;
    localparam LW     = LB / 4;                  // words of a line
    localparam LWW    = (LW > 1) ? $clog2(LW) : 1;
    localparam integer   LWM    = LW - 1;
    localparam [LWW-1:0] LWMASK = LWM[LWW-1:0];
`include "wq_subword.vh"
`include "wq_lsu_el.vh"
`include "wq_lsu_part.vh"
    reg  [PARTS-1:0] st_m;               // the parts merged into st_acc
    reg  [LB*8-1:0] st_acc_wd;
    reg  [LB-1:0]   st_acc_ws;
    reg  [EW-1:0]   st_cov;              // the part's elements
    wire [LOG2LB-1:0] st_off [0:EW-1];   //   their offsets in the line
    // The part merged this cycle is the lowest of the request's not yet
    // merged (wq_lsu_part.vh: one-hot, its elements and offsets AND-OR
    // selects by it).  Its one-hot, elements and lanes' offsets are
    // registers, chosen one cycle ahead: the request's first part's are
    // the pick register's (i_p0, i_cov0, i_lo0, kept as it loads), a
    // later part's this unit's (st_nh, st_ncov, st_nlo, kept as the part
    // before it merges), so the line's logic starts at a 2:1 select of
    // registers, not behind a part's search and a multiplexer of its
    // elements.  (The request is held while its parts merge: the pick
    // register loads only when its request is taken.)
    reg               st_mid;            // a part is merged: the next is st_n*
    reg  [PARTS-1:0]  st_nh;
    reg  [EW-1:0]     st_ncov;
    reg  [LANES*LOG2LB-1:0] st_nlo;
    wire              mid = (PARTS > 1) && st_mid;
    wire [PARTS-1:0]  st_p1h = mid ? st_nh : i_p0;
    wire [LANES*LOG2LB-1:0] st_lo = mid ? st_nlo : i_lo0;
    always @(*) begin
        o_p = pt_ix(st_p1h);
        st_cov = mid ? st_ncov : i_cov0;
    end
    // (the next part, as this one merges)
    wire [PARTS-1:0]  nx_h = pt_low(i_pt, st_m | st_p1h);
    reg  [LANES*LOG2LB-1:0] nx_lo;
    integer nl;
    always @(*)
        for (nl = 0; nl < LANES; nl = nl + 1)
            nx_lo[nl*LOG2LB +: LOG2LB] = pt_off(i_lo, nx_h, nl);
    genvar gs;
    generate for (gs = 0; gs < EW; gs = gs + 1) begin : g_st_off
        localparam [31:0] K = gs % 4;
        wire [31:0] a = el_addr({{(32-LOG2LB){1'b0}}, st_lo[(gs / 4)*LOG2LB +: LOG2LB]}, K[1:0]);
        assign st_off[gs] = a[LOG2LB-1:0];
        wire unused_a = &{1'b0, a[31:LOG2LB]};
    end endgenerate
    // The part merged is the request's last when at most one of its parts
    // is not merged yet (that one is this cycle's, st_p1h: the lowest left,
    // as the FORMAL section asserts while the request stage is on it): a
    // function of i_pt and st_m, two registers, not of st_p1h's select
    // behind them -- o_fin is the request stage's go and the pick
    // register's load (wq_core_lsu), so it starts at the flip-flops.
    assign o_fin = pt_one(i_pt, st_m);
    assign o_m = st_m;
    // The line: each lane's covered words at their places (st_cw; st_cm
    // its bytes' masks, st_cs its strobes: a lane's elements are distinct
    // words, so no two of them write a byte), then the lanes merged in a
    // tree, a later lane's bytes over an earlier one's, and the part over
    // what st_acc holds of the parts before it: the element order, in
    // log2(LANES) + 1 merges of the line rather than a chain as long as
    // the part.  Only word 0 of a lane can be a byte or half-word access
    // (.v4 is words), so only it is formatted.  The byte masks travel
    // with the line (for Yosys copies of the strobes, for the simulator a
    // merge is a few word-wide operations, with no strobe expanded into a
    // mask at every level)
    integer sj, sk, sn, sw;
    // (the lanes' merge tree built as the lanes come: level l holds the
    // merge of the last 2^l lanes until its sibling arrives, a binary
    // counter over the lane index, so the loops keep log2(LANES) lines,
    // not one a lane; the index is a constant for Yosys, so this is the
    // tree itself)
    localparam LG = $clog2(LANES);
    reg  [LG*LB*8-1:0] st_tw;            // level l's bytes at [l*LB*8 +: LB*8]
    reg  [LG*LB*8-1:0] st_tm;            //   their masks
    reg  [LG*LB-1:0]   st_ts;            //   and strobes at [l*LB +: LB]
    reg  [LB*8-1:0] st_cw;               // the lane or subtree in hand
    reg  [LB*8-1:0] st_cm;
    reg  [LB-1:0]   st_cs;
    // The port's line is this unit's, or an ATOM's words: the ATOM's
    // select is on the accumulator's side (st_ax, beside the merge tree,
    // from registers) and in the line's last LUT, which then takes four
    // inputs (the ATOM flag, the part's bytes and masks, st_ax): the
    // ATOM adds no level behind the tree on the port's data, and no
    // request's flag is in front of it (the data means nothing without
    // the port's valid).
    wire [LB*8-1:0] st_ax = i_at ? i_at_wd : st_acc_wd;
    always @(*) begin : st_line
        reg [3:0]  s;
        reg [31:0] v;
        reg [31:0] m;                   // s as a byte mask
        reg [LWW-1:0] w;
        reg        up;                  // the subtree in hand still climbs
        o_ws = st_acc_ws;
        st_tw = {LG*LB*8{1'b0}};
        st_tm = {LG*LB*8{1'b0}};
        st_ts = {LG*LB{1'b0}};
        st_cw = {LB*8{1'b0}};
        st_cm = {LB*8{1'b0}};
        st_cs = {LB{1'b0}};
        s = 4'd0;
        v = 32'd0;
        m = 32'd0;
        w = {LWW{1'b0}};
        up = 1'b0;
        sj = 0;                         // (assigned on every path: no latch)
        sk = 0;
        sn = 0;
        sw = 0;
        // (only with covered elements, and none without a request: a
        // simulation runs this every cycle)
        if (st_cov != {EW{1'b0}}) begin
            for (sj = 0; sj < LANES; sj = sj + 1) begin
                // lane sj's line; an element not covered has no strobes
                // (masks, not conditions: a condition between two lines
                // is a multiplexer of the line for Yosys).  A lane
                // without covered elements is skipped, for the
                // simulator: its line is zero either way (for Yosys an
                // AND with the condition)
                st_cw = {LB*8{1'b0}};
                st_cm = {LB*8{1'b0}};
                st_cs = {LB{1'b0}};
                if (st_cov[4*sj +: 4] != 4'd0) begin
                    for (sk = 0; sk < 4; sk = sk + 1) begin
                        s = !st_cov[4*sj + sk] ? 4'd0 :
                            (sk == 0) ? sw_strobe(i_msize, st_off[4*sj][1:0]) : 4'hF;
                        v = (sk == 0) ? sw_wdata(i_msize, i_sd[(4*sj)*32 +: 32])
                                      : i_sd[(4*sj + sk)*32 +: 32];
                        m = {{8{s[3]}}, {8{s[2]}}, {8{s[1]}}, {8{s[0]}}};
                        w = st_off[4*sj + sk][LOG2LB-1:LOG2LB-LWW] & LWMASK;
                        for (sw = 0; sw < LW; sw = sw + 1)
                            if (w == sw[LWW-1:0]) begin
                                st_cw[sw*32 +: 32] = st_cw[sw*32 +: 32] | (v & m);
                                st_cm[sw*32 +: 32] = st_cm[sw*32 +: 32] | m;
                                st_cs[sw*4 +: 4] = st_cs[sw*4 +: 4] | s;
                            end
                    end
                end
                // up the tree: under the earlier subtree at each level
                // where the lane index has a 1, parked at the first 0
                up = 1'b1;
                for (sn = 0; sn < LG; sn = sn + 1)
                    if (up) begin
                        if (sj[sn]) begin
                            st_cw = st_cw | (st_tw[sn*LB*8 +: LB*8] & ~st_cm);
                            st_cm = st_cm | st_tm[sn*LB*8 +: LB*8];
                            st_cs = st_cs | st_ts[sn*LB +: LB];
                        end else begin
                            st_tw[sn*LB*8 +: LB*8] = st_cw;
                            st_tm[sn*LB*8 +: LB*8] = st_cm;
                            st_ts[sn*LB +: LB] = st_cs;
                            up = 1'b0;
                        end
                    end
            end
            // the last lane carries the whole part up (st_pw, st_pm
            // below): over st_acc
            o_ws = st_acc_ws | st_cs;
        end
    end
    // (the part's line and masks kept as nets, so the ATOM's select, the
    // part over the accumulator and the accumulator's side, st_ax, are
    // the one LUT of four inputs behind them.  Without a covered element
    // the part's line and masks are zero: the accumulator's side)
    (* keep *) wire [LB*8-1:0] st_pw;
    assign st_pw = st_cw;
    (* keep *) wire [LB*8-1:0] st_pm;
    assign st_pm = st_cm;
    assign o_wd = i_at ? st_ax : st_pw | (st_ax & ~st_pm);

    // ---- the accumulator: the parts merged so far ------------------------------
    // (kept while the request stage stays on the store's request; cleared
    // when it is taken, or the stage leaves it)
    always @(posedge i_clk) begin
        if (i_go && !o_fin) begin
            st_acc_wd <= o_wd;
            st_acc_ws <= o_ws;
            st_m <= st_m | st_p1h;
            st_mid <= 1'b1;
            st_nh <= nx_h;
            st_ncov <= pt_cov(i_cov, nx_h);
            st_nlo <= nx_lo;
        end
        if (!i_go || (o_fin && i_taken) || i_clr) begin
            st_acc_wd <= {LB*8{1'b0}};
            st_acc_ws <= {LB{1'b0}};
            st_m <= {PARTS{1'b0}};
            st_mid <= 1'b0;
        end
    end
`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, jobs
    // core and core_w1), where wq_core_lsu drives it, and alone (job
    // lsu_store, FORMAL_LSU_STORE: every request, the byte rule below).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    integer fo;
    always @(*) if (f_past) begin
        // the accumulator holds something only while merging, and the
        // line keeps its strobes
        if (st_m == {PARTS{1'b0}})
            assert(st_acc_ws == {LB{1'b0}} && st_acc_wd == {LB*8{1'b0}});
        // an ATOM's line is its words, and never beside a store's merge
        // (the accumulator then loads the store's line alone)
        if (i_at)
            assert(!i_go && o_wd == i_at_wd);
        assert((st_acc_ws & ~o_ws) == {LB{1'b0}});
        assert(st_mid == (st_m != {PARTS{1'b0}}));
        // while the request stage is on the store's request (the parts
        // merged are its; the cycle it leaves, the accumulator is
        // cleared and nothing reads the line): the part merged is the
        // lowest of the request's not yet merged, and the registers
        // chosen a cycle ahead are their combinational definitions -- the
        // part, its elements, its lanes' offsets
        if (i_go) begin
            if ((i_pt & ~st_m) != {PARTS{1'b0}})
                assert(i_pt[o_p] && !st_m[o_p] && (i_pt & ~st_m & (st_p1h - 1'b1)) == {PARTS{1'b0}});
            assert(st_p1h == pt_low(i_pt, st_m) && st_cov == pt_cov(i_cov, st_p1h));
            // (so the last part is the one after which none is left)
            assert(o_fin == ((i_pt & ~st_m & ~st_p1h) == {PARTS{1'b0}}));
            for (fo = 0; fo < LANES; fo = fo + 1)
                assert(st_lo[fo*LOG2LB +: LOG2LB] == pt_off(i_lo, st_p1h, fo));
        end
    end
`ifdef FORMAL_LSU_STORE
    // (the environment is the core's pick register: the request's first
    // part's one-hot, elements and offsets beside its parts, elements and
    // offsets, and the request held until the port takes it)
    reg        f_held = 1'b0;
    reg [PARTS-1:0] f_pt;
    reg [127:0] f_cov;
    reg [32*LOG2LB-1:0] f_lo;
    always @(posedge i_clk) begin
        f_held <= i_go && !(o_fin && i_taken) && !i_clr;   // (not taken: held)
        f_pt <= i_pt; f_cov <= i_cov; f_lo <= i_lo;
    end
    always @(*) begin
        assume(i_p0 == pt_low(i_pt, {PARTS{1'b0}}) && i_cov0 == pt_cov(i_cov, i_p0));
        for (fo = 0; fo < LANES; fo = fo + 1)
            assume(i_lo0[fo*LOG2LB +: LOG2LB] == pt_off(i_lo, i_p0, fo));
        if (f_held && i_go) assume(i_pt == f_pt && i_cov == f_cov && i_lo == f_lo);
        if (i_at) assume(!i_go);
    end
    // (a request's elements are in one line: a lane's covered words are
    // distinct words of it)
    integer fl, fk, fj, fb;
    always @(*)
        for (fl = 0; fl < LANES; fl = fl + 1)
            for (fk = 0; fk < 4; fk = fk + 1)
                for (fj = fk + 1; fj < 4; fj = fj + 1)
                    if (st_cov[4*fl + fk] && st_cov[4*fl + fj])
                        assume(st_off[4*fl + fk][LOG2LB-1:2] != st_off[4*fl + fj][LOG2LB-1:2]);
    // the line, byte by byte: strobed where the parts before it or an
    // element of this part strobe it, and holding the last element's byte
    // that strobes it (the elements in order: the last lane's bytes, the
    // model's order), else what the parts before it left
    reg        f_any;
    reg [3:0]  f_s;
    reg [31:0] f_v;
    reg [7:0]  f_byte;
    integer    fe;
    always @(*) if (f_past)
        for (fb = 0; fb < LB; fb = fb + 1) begin
            f_any = 1'b0;
            f_byte = st_acc_wd[fb*8 +: 8];
            for (fe = 0; fe < EW; fe = fe + 1)
                if (st_cov[fe] && st_off[fe][LOG2LB-1:2] == fb / 4) begin
                    f_s = (fe % 4 == 0) ? sw_strobe(i_msize, st_off[fe][1:0]) : 4'hF;
                    f_v = (fe % 4 == 0) ? sw_wdata(i_msize, i_sd[fe*32 +: 32]) : i_sd[fe*32 +: 32];
                    if (f_s[fb % 4]) begin
                        f_any = 1'b1;
                        f_byte = f_v[8*(fb % 4) +: 8];
                    end
                end
            assert(o_ws[fb] == (st_acc_ws[fb] | f_any));
            if (!i_at) assert(o_wd[fb*8 +: 8] == f_byte);
        end
    always @(posedge i_clk) if (f_past) begin
        // a line of two parts, merged over two cycles; a byte two lanes
        // of a part write
        c_merge: cover(i_go && o_fin && st_m != {PARTS{1'b0}});
        c_over:  cover(st_cov[0] && st_cov[EW-4] && st_off[0] == st_off[EW-4] && i_msize == 2'd2);
    end
`endif
`endif
endmodule
