// wq_lsu_answer.v -- the core's LSU's answers owed and its answer stage
// (docs/rtl/wq_lsu_answer.md; docs/rtl/wq_core_lsu.md): every request the
// memory port takes is tagged (its kind, its queue entry, the elements it
// covers, their parts and their lanes' offsets in the line), the port
// answers in request order and each answer takes the oldest tag not yet
// answered.  The answer stage works on the oldest answered tag: a load
// line's values are formatted into its entry's row of the loaded values,
// a part (a row) a cycle, from the answer as it arrives when no earlier
// one waits, else from the line kept with the tag (wq_x_LD's sub_load,
// cmodel/model/exec_mem.c); any other kind's tag is done as it arrives
// (a fetch run's word and an atomic's are used by the core's fetch and
// wq_lsu_atom then; a store's write answer is posted).
`default_nettype none

module wq_lsu_answer #(
    parameter LANES      = 32,
    parameter LINE_BYTES = 16,
    parameter TAGS       = 32,          // answers owed at once (a power of two, >= 4)
    parameter QW         = 2,           // bits of a queue entry
    parameter [1:0] TK_L = 2'd1,        // the kind of a load line's tag
    parameter PARTS      = 32 / LANES,
    parameter PW         = (PARTS > 1) ? $clog2(PARTS) : 1,
    parameter LOG2LB     = $clog2(LINE_BYTES),
    parameter TDW        = $clog2(TAGS)
) (
    input  wire                    i_clk,
    input  wire                    i_reset,
    // a request taken: its tag
    input  wire                    i_take,
    input  wire [1:0]              i_kind,
    input  wire [QW-1:0]           i_slot,      // its entry
    input  wire [127:0]            i_cov,       // its elements
    input  wire [PARTS-1:0]        i_pt,        // ... their parts
    input  wire [32*LOG2LB-1:0]    i_lo,        // its entry's lanes' offsets in their lines
    input  wire                    i_last,      // it takes its entry's last elements to request
    // an answer
    input  wire                    i_rvalid,
    input  wire [LINE_BYTES*8-1:0] i_rdata,
    output wire [1:0]              o_rv_kind,   // the kind of its tag
    // the tags
    output wire [TDW:0]            o_cnt,       // requests owing an answer or the answer stage's work
    output reg                     o_nz,        // ... some (o_cnt != 0, a flip-flop)
    output wire                    o_full,      // no tag free: no request
    // the answer stage: a load line's part written into entry o_an_s
    output wire                    o_an_l,      // a load line's tag is in the stage
    output wire [QW-1:0]           o_an_s,
    output wire [127:0]            o_an_cov,    // its elements (the tag's)
    output reg  [PW-1:0]           o_an_p,      // the part written this cycle
    output reg  [4*LANES-1:0]      o_an_pcov,   //   its elements
    output wire                    o_an_fin,    //   the last: the tag is done
    output wire                    o_an_last,   // the tag took its entry's last elements (i_last)
    input  wire [1:0]              i_msize,     // entry o_an_s's access: log2 bytes,
    input  wire                    i_msext,     //   sign-extended
    output reg  [LANES*128-1:0]    o_an_wd      // the part's values (each element's word; o_an_pcov says which are written)
);
    localparam LB     = LINE_BYTES;
    localparam LW     = LB / 4;
    localparam LWW    = (LW > 1) ? $clog2(LW) : 1;
    localparam integer   LWM    = LW - 1;
    localparam [LWW-1:0] LWMASK = LWM[LWW-1:0];
    localparam EW     = 4 * LANES;
    localparam integer TD = TAGS;
    localparam [TDW:0] TDN = TD[TDW:0];
`include "wq_subword.vh"
`include "wq_lsu_el.vh"
`include "wq_lsu_part.vh"
    // the answers owed, in request order: kind, entry, the elements a load
    // line's answer carries, and the answered line (t_line).  A tag is
    // written as its request is taken (at t_wr), its answer arrives at t_an,
    // and the answer stage frees the oldest (t_rd) once done with it
    // (t_ac: answers arrived, not yet done)
    reg  [1:0]   t_kind [0:TD-1];
    reg  [QW-1:0] t_slot [0:TD-1];
    reg  [127:0] t_cov  [0:TD-1];
    reg  [PARTS-1:0] t_pt [0:TD-1];      // (the parts its elements are in: the pick register's)
    reg  [32*LOG2LB-1:0] t_lo [0:TD-1];  // (its entry's lanes' offsets in their lines: the pick register's)
    reg  [LB*8-1:0] t_line [0:TD-1];
    // (whether the request took the last elements its entry had to
    // request: answered in order, its answer is the entry's last, so the
    // entry's "every element answered" flag is this bit as the tag is
    // done, not a 128-bit test of the entry's elements left to answer)
    reg          t_last [0:TD-1];
    reg  [TDW-1:0] t_rd, t_wr, t_an;
    reg  [TDW:0] t_cnt, t_ac;
    assign o_cnt = t_cnt;
    assign o_full = t_cnt == TDN;
    assign o_rv_kind = t_kind[t_an];
    // the answer stage's tag: the oldest arrived
    wire         an_v = t_ac != {(TDW+1){1'b0}} || i_rvalid;
    wire [LB*8-1:0] an_line = (t_ac != {(TDW+1){1'b0}}) ? t_line[t_rd] : i_rdata;
    assign o_an_l = an_v && t_kind[t_rd] == TK_L;
    assign o_an_s = t_slot[t_rd];
    assign o_an_cov = t_cov[t_rd];
    assign o_an_last = t_last[t_rd];
    // a load line's values into its entry, a part (a row) a cycle, the
    // parts ascending (an_m: those done); the tag is done with its last
    // part (an answer of one part: the cycle it arrives when no earlier
    // one waits), any other kind's at once
    wire [PARTS-1:0] an_pt = t_pt[t_rd]; // the parts of the answer's elements
    reg  [PARTS-1:0] an_m;               // ... written
    // (the parts are the tag's, kept as its request was taken, not found
    // from its 128 elements here; the part this cycle one-hot, an_p1h,
    // and its elements and offsets AND-OR selects by it: wq_lsu_part.vh.
    // The one-hot is a register: the lowest of the answer's tag's parts
    // not yet written, found a cycle ahead -- the next tag's first part
    // as a tag is done, the next part as a part is written, else the
    // tag's first part -- so the values' offsets select from a flip-flop,
    // not behind the tag's parts read and their lowest found.  The tag
    // it reads next may be the one written this cycle: with no tag owed
    // (t_cnt 0: t_wr is t_rd) or only the one done (1: t_wr is t_rd + 1)
    // it reads the request's parts, i_pt, whether or not a request is
    // taken -- without one no answer can come for that tag, and the
    // register reads again the next cycle -- so the port's take is not
    // in its path.  The FORMAL section asserts it equal to
    // pt_low(an_pt, an_m) whenever a tag is in the stage)
    reg  [PARTS-1:0] an_p1h;
    wire [TDW-1:0]   t_rd1  = t_rd + 1'b1;
    // (the tag read next is the one written this cycle: with one tag owed,
    // at t_rd + 1 as it is done; with none, at t_rd)
    wire             t_one  = t_cnt == {{TDW{1'b0}}, 1'b1};
    wire             t_none = t_cnt == {(TDW+1){1'b0}};
    wire [PARTS-1:0] pt_rd1 = t_one ? i_pt : t_pt[t_rd1];
    wire [PARTS-1:0] pt_rd0 = t_none ? i_pt : an_pt;
    // The part's lanes' offsets in their lines (an_po: lane l of the part
    // at l*LOG2LB) are registers beside the one-hot, its AND-OR select of
    // the tag's offsets formed a cycle ahead from the same next values
    // (the tag read next and its part), so a value's word and byte
    // selects start at flip-flops, not two LUT levels behind the one-hot
    // and the offsets' LUT RAM read.  (The FORMAL section asserts them
    // the select's whenever a tag is in the stage)
    wire [32*LOG2LB-1:0] an_lo = t_lo[t_rd];
    wire [32*LOG2LB-1:0] lo_rd1 = t_one ? i_lo : t_lo[t_rd1];
    wire [32*LOG2LB-1:0] lo_rd0 = t_none ? i_lo : an_lo;
    reg  [PARTS-1:0]     p1h_n;         // (an_p1h's next value)
    reg  [32*LOG2LB-1:0] lo_n;          // (the offsets of the tag it is of)
    reg  [LANES*LOG2LB-1:0] an_po, po_n;
    integer pl;
    always @(*) begin
        if (an_done) begin
            p1h_n = pt_low(pt_rd1, {PARTS{1'b0}});
            lo_n = lo_rd1;
        end else if (o_an_l) begin
            p1h_n = pt_low(an_pt, an_m | an_p1h);
            lo_n = an_lo;
        end else begin
            p1h_n = pt_low(pt_rd0, {PARTS{1'b0}});  // (an_m is none: no tag arrived)
            lo_n = lo_rd0;
        end
        for (pl = 0; pl < LANES; pl = pl + 1)
            po_n[pl*LOG2LB +: LOG2LB] = pt_off(lo_n, p1h_n, pl);
    end
    always @(*) begin
        o_an_p = pt_ix(an_p1h);
        o_an_pcov = pt_cov(o_an_cov, an_p1h);
    end
    // (the parts left after this one, kept as a net a LUT level from the
    // parts' read: the mapper, left to itself, chains the last-part test
    // through the one-hot's bits five levels deep)
    (* keep *) wire [PARTS-1:0] an_left;
    assign an_left = an_pt & ~an_m & ~an_p1h;
    wire         an_fin = an_left == {PARTS{1'b0}};
    assign o_an_fin = an_fin;
    wire         an_done = an_v && (!o_an_l || an_fin);   // tag t_rd is freed
    // the row written: each element's value of the part, its bytes taken
    // and extended.  Every element's value is formed whether or not the
    // part covers it: the row's write enables are the part's elements
    // (o_an_pcov), so a value gated by them would only put their test in
    // front of every value's last level.  (The lanes' offsets in their
    // lines are the tag's, kept from the pick register as its request was
    // taken, not read from the entry's address rows at the answer's entry
    // and part)
    integer ei;
    always @(*) begin : ld_vals
        /* verilator lint_off UNUSEDSIGNAL */
        reg [31:0] a;                   // (its offset in the line)
        /* verilator lint_on UNUSEDSIGNAL */
        reg [31:0] wv;                  // (its word of the line)
        a = 32'd0;
        wv = 32'd0;
        o_an_wd = {EW*32{1'b0}};
`ifndef SYNTHESIS
        // (the simulator forms the values only in a cycle that writes
        // them: without a load line's tag in the stage nothing is written
        // from them, so the values are don't-cares there, and building
        // 4 x LANES of them every cycle cost the lockstep benches about a
        // quarter of their time)
        if (o_an_l)
`endif
        for (ei = 0; ei < EW; ei = ei + 1) begin
            a = el_addr({{(32-LOG2LB){1'b0}}, an_po[(ei / 4)*LOG2LB +: LOG2LB]}, ei[1:0]);
            wv = ln_word(an_line, a[2 +: LWW] & LWMASK);
            // (word k > 0 of a lane: a .v4's, a word as it is)
            o_an_wd[ei*32 +: 32] = (ei % 4 != 0) ? wv : sw_load(i_msize, i_msext, a[1:0], wv);
        end
    end

    // ---- the tags: every request is tagged as it is taken; each answer
    // takes its tag ------------------------------------------------------------
    always @(posedge i_clk) begin
        if (i_take) begin
            t_kind[t_wr] <= i_kind;
            t_slot[t_wr] <= i_slot;
            t_last[t_wr] <= i_last;
            t_cov[t_wr] <= i_cov;
            t_pt[t_wr] <= i_pt;
            t_lo[t_wr] <= i_lo;
            t_wr <= t_wr + 1'b1;
        end
        if (i_rvalid) begin
            t_line[t_an] <= i_rdata;
            t_an <= t_an + 1'b1;
        end
        // the answer stage: a tag done, or a part of its load line
        if (an_done) begin
            t_rd <= t_rd1;
            an_m <= {PARTS{1'b0}};
        end else if (o_an_l)
            an_m <= an_m | an_p1h;
        an_p1h <= p1h_n;
        an_po <= po_n;
        t_ac <= t_ac + {{TDW{1'b0}}, i_rvalid} - {{TDW{1'b0}}, an_done};
        t_cnt <= t_cnt + {{TDW{1'b0}}, i_take} - {{TDW{1'b0}}, an_done};
        // (the count's zero test registered beside it: the completion's
        // and the hold's waits read a flip-flop, not a compare of the count)
        o_nz <= i_take || t_cnt > {{(TDW-1){1'b0}}, 2'd1} ||
                (t_one && !an_done);
        if (i_reset) begin
            t_rd <= {TDW{1'b0}}; t_wr <= {TDW{1'b0}}; t_an <= {TDW{1'b0}};
            t_cnt <= {(TDW+1){1'b0}}; t_ac <= {(TDW+1){1'b0}}; o_nz <= 1'b0;
            an_m <= {PARTS{1'b0}}; an_p1h <= {PARTS{1'b0}};
        end
    end
`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, jobs
    // core and core_w1), where wq_core_lsu drives it and the core's
    // environment answers only the requests the port has taken, and alone
    // (job lsu_answer, FORMAL_LSU_ANSWER_TOP: the requests and answers
    // free within the port's rules, the first cycle a reset).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    // requests taken and not yet answered
    reg [TDW:0] f_out = {(TDW+1){1'b0}};
    always @(posedge i_clk)
        if (i_reset) f_out <= {(TDW+1){1'b0}};
        else f_out <= f_out + {{TDW{1'b0}}, i_take} - {{TDW{1'b0}}, i_rvalid};
`ifdef FORMAL_LSU_ANSWER_TOP
    // a request only with a tag free, an answer only to one taken (and not
    // beside it: the memory answers a cycle later at the soonest)
    always @(*) begin
        if (!f_past) assume(i_reset);
        if (i_take) assume(!o_full);
        if (i_rvalid) assume(f_out != {(TDW+1){1'b0}});
    end
    // a request's parts are those of its elements (the pick's)
    integer fa;
    always @(*)
        for (fa = 0; fa < PARTS; fa = fa + 1)
            assume(i_pt[fa] == (i_cov[fa*EW +: EW] != {EW{1'b0}}));
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            // every tag taken; a load line's answer done; the count back
            // to none after answers; a load line's first part right after
            // another's last, at other offsets (the next tag's, a cycle
            // ahead)
            c_full:  cover(o_full);
            c_fin:   cover(o_an_l && o_an_fin);
            c_empty: cover(!o_nz && $past(o_nz));
            c_po:    cover(o_an_l && $past(o_an_l && an_done) && an_po != $past(an_po));
        end
`endif
    integer ff;
    always @(*) if (f_past && !i_reset) begin
        // a request only with a tag free
        if (i_take) assert(!o_full);
        // answers arrived and not yet done are answers owed; the others
        // are the requests the port has not answered: every one is tagged
        assert(t_ac <= t_cnt && t_an - t_rd == t_ac[TDW-1:0]);
        assert(t_cnt == f_out + t_ac);
        assert(o_nz == (t_cnt != {(TDW+1){1'b0}}));
        // a load line's tag's parts are those of the elements it carries
        if (o_an_l) for (ff = 0; ff < PARTS; ff = ff + 1)
            assert(an_pt[ff] == (o_an_cov[ff*EW +: EW] != {EW{1'b0}}));
        // the part register: the lowest of the answer's tag's parts not
        // yet written
        if (an_v) assert(an_p1h == pt_low(an_pt, an_m));
        // ... and the part's offsets, its select of the tag's
        if (an_v) for (ff = 0; ff < LANES; ff = ff + 1)
            assert(an_po[ff*LOG2LB +: LOG2LB] == pt_off(an_lo, an_p1h, ff));
        // a load line written over parts: its tag arrived, of its parts,
        // the last still to come
        if (an_m != {PARTS{1'b0}})
            assert(t_ac != {(TDW+1){1'b0}} && o_an_l && (an_m & ~an_pt) == {PARTS{1'b0}} &&
                   (an_pt & ~an_m) != {PARTS{1'b0}});
    end
`endif
endmodule
