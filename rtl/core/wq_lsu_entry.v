////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/core/wq_lsu_entry.v
//
// Project:	warpq -- the pipelined SIMT core (DESIGN §6)
//
// Purpose:	The LSU request stage's entry register (docs/rtl/wq_lsu_entry.md;
//		docs/rtl/wq_core_lsu.md, "Request stage"): the queue entry whose
//		elements the coalescer (wq_lsu_pick) picks, and those of its
//		elements not picked yet.  It loads the oldest entry with
//		elements to pick when it has none left or the pick takes all it
//		has -- with none queued, the entry entering the queue this
//		cycle, or an ATOM's lanes as it starts -- and otherwise takes
//		each pick's elements off as the pick register loads them.  So
//		the queue scan and the entry's select are in front of a
//		register, out of the loop of one request a cycle, which is the
//		pick alone (the entry's elements, the coalescer, the elements
//		off).
//
//		The entry's elements are its elements still to request without
//		the held request's (the pick register's): wq_core_lsu's FORMAL
//		section holds that invariant, with the queue's state.
//
//		Beside them it holds the next request's leader (o_lv, o_lead,
//		o_tag: the lowest of its elements and that element's line),
//		which the coalescer finds a cycle ahead -- from the elements the
//		request before it leaves -- and the register takes as the pick
//		register loads; an entry's first is the one it entered the queue
//		with (its lowest element and that element's line, kept by
//		wq_core_lsu as the gather wrote the addresses), so entries
//		follow back to back.  The loop of a request a cycle is the line
//		compares against this register and the leader's tree, not the
//		tree and the compares behind it.  That the held leader is the
//		lowest element and its line is asserted by wq_lsu_pick inside
//		the core.
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

// (one part of its parent's cycle, the pick's loop closing through its
// register: scripts/area.sh maps it inside wq_core_lsu, as the board's
// flattened netlist does)
(* wq_area_inline *)
module wq_lsu_entry #(
    parameter LSQ = 4,                  // queue entries (a power of two)
    parameter EN  = 128,                // elements an entry
    parameter IW  = 7,                  // bits of an element's index (EN = 2**IW)
    parameter TW  = 28,                 // bits of a line tag
    parameter GW  = 0,                  // bits of an element's index below its tag's
    parameter QW  = (LSQ > 1) ? $clog2(LSQ) : 1
) (
    input  wire                 i_clk,
    input  wire                 i_reset,
    input  wire                 i_clr,          // a store that wrote code drops the younger entries
    // the queue: valid, nothing left to request, the elements left to
    // request, the head and the entry after the last
    input  wire [LSQ-1:0]       i_q_v,
    input  wire [LSQ-1:0]       i_q_rz,
    input  wire [LSQ*EN-1:0]    i_q_rem,
    input  wire [QW-1:0]        i_q_hd,
    input  wire [QW-1:0]        i_q_tl,
    // the pick register: holds a request of entry i_pk_s; loads the pick
    input  wire                 i_pk_v,
    input  wire [QW-1:0]        i_pk_s,
    input  wire                 i_pk_ld,
    // the pick: the elements it covers, all the entry has left (not an
    // ATOM's, whose pick is its leader alone)
    input  wire [EN-1:0]        i_cov,
    input  wire                 i_all,
    // an entry enters the queue at i_q_tl, or an ATOM starts there: its elements
    input  wire                 i_push,
    input  wire [EN-1:0]        i_emask,
    // the entries' first leaders (their lowest elements and those
    // elements' lines), and the entering entry's
    input  wire [LSQ*IW-1:0]    i_q_fe,
    input  wire [LSQ*TW-1:0]    i_q_fl,
    input  wire [IW-1:0]        i_fe,
    input  wire [TW-1:0]        i_fl,
    // the coalescer's next leader: the lowest element the pick leaves (the
    // lowest of the entry's elements while none is held) and its line
    input  wire                 i_nv,
    input  wire [IW-1:0]        i_nlead,
    input  wire [TW-1:0]        i_ntag,
    // the entry register
    output reg  [QW-1:0]        o_s,            // the entry
    output wire [QW-1:0]        o_s_nx,         // ... the next cycle's (the address rows' read)
    output reg  [EN-1:0]        o_rem,          // its elements not picked yet
    // ... and the next request's leader (o_lv: one is held)
    output reg                  o_lv,
    output reg  [IW-1:0]        o_lead,
    output reg  [TW-1:0]        o_tag,
    // the held leader's tag index one-hot, a cycle behind o_lead, and
    // whether o_lead held a cycle (then o_lead_t is its)
    output reg  [(EN>>GW)-1:0]  o_lead_t,
    output reg                  o_lead_ok
);
    // (none left -- the register loads -- exactly when no leader is held:
    // a flip-flop, not a zero test of the elements; asserted below)
    wire o_e = !o_lv;

    // ---- the scan: the entry it loads ----------------------------------------------
    // The oldest with elements to pick.  An entry is a candidate when it
    // is valid with elements to request that the held request does not
    // cover: as the register loads, the held request's entry has none
    // beyond it (the register picked the entry to its end), nor has the
    // register's own, so the candidates are the valid entries with
    // elements to request but those two (each from its own flags beside
    // the others, the scan a priority pick of LSQ bits from the head).
    reg  [LSQ-1:0] rq_c;
    integer zc;
    always @(*)
        for (zc = 0; zc < LSQ; zc = zc + 1)
            rq_c[zc] = i_q_v[zc] && !i_q_rz[zc] && !(i_pk_v && i_pk_s == zc[QW-1:0]) &&
                       !(!o_e && o_s == zc[QW-1:0]);
    reg  [QW-1:0] rq_s;
    reg           rq_f;
    integer qi;
    always @(*) begin : rq_scan
        reg [QW-1:0] s;
        rq_s = i_q_tl;
        rq_f = 1'b0;
        for (qi = LSQ - 1; qi >= 0; qi = qi - 1) begin
            s = i_q_hd + qi[QW-1:0];
            if (rq_c[s]) begin
                rq_s = s;
                rq_f = 1'b1;
            end
        end
    end
    // (its elements and its first leader; none without a candidate or an
    // entry entering.  A candidate has not been picked from: its elements
    // are all it had, its lowest the one it entered with)
    reg  [EN-1:0] rq_rem;
    reg           rq_lv;
    reg  [IW-1:0] rq_lead;
    reg  [TW-1:0] rq_tag;
    integer zr;
    always @(*) begin
        rq_rem = i_push ? i_emask : {EN{1'b0}};
        rq_lv = i_push && i_emask != {EN{1'b0}};
        rq_lead = i_fe;
        rq_tag = i_fl;
        for (zr = 0; zr < LSQ; zr = zr + 1)
            if (rq_f && rq_s == zr[QW-1:0]) begin
                rq_rem = i_q_rem[zr*EN +: EN];
                rq_lv = 1'b1;
                rq_lead = i_q_fe[zr*IW +: IW];
                rq_tag = i_q_fl[zr*TW +: TW];
            end
    end

    // ---- the register -----------------------------------------------------------------
    // It loads the next entry (es_ld) when it is empty or the pick takes
    // all it has.  The pick register's load (i_pk_ld: the port took the
    // held request, the request stage's last decision) is the last select
    // of every next value: each side, with the load and without, is formed
    // from the pick's and the queue's terms beside it
    wire ld_p  = o_e || i_all;                  // (es_ld when the pick loads)
    // (the entry it holds the next cycle: wq_lsu_addr reads that entry's
    // address rows from block RAM a cycle ahead, so they are the rows of
    // o_s)
    assign o_s_nx = i_pk_ld ? (ld_p ? rq_s : o_s) : (o_e ? rq_s : o_s);
    wire [EN-1:0] rem_p = ld_p ? rq_rem : (o_rem & ~i_cov);
    wire [EN-1:0] rem_h = o_e ? rq_rem : o_rem;
    always @(posedge i_clk) begin
        o_s <= o_s_nx;
        o_rem <= (i_clr || i_reset) ? {EN{1'b0}} : i_pk_ld ? rem_p : rem_h;
    end
    // the leader: an entry's first as it loads; the next as the pick
    // register takes a request (i_cov is the held leader's request).
    // None is held exactly when no element is left (the register loads)
    always @(posedge i_clk)
        o_lv <= (i_clr || i_reset) ? 1'b0 :
                i_pk_ld ? (ld_p ? rq_lv : i_nv) : (o_e ? rq_lv : o_lv);
    always @(posedge i_clk) begin
        o_lead <= i_pk_ld ? (ld_p ? rq_lead : i_nlead) : (o_e ? rq_lead : o_lead);
        o_tag  <= i_pk_ld ? (ld_p ? rq_tag : i_ntag) : (o_e ? rq_tag : o_tag);
    end
    // (a decode of the register, not of its next value: the pick's loop
    // ends at o_lead; o_lead loads only with i_pk_ld or when empty)
    localparam [(EN>>GW)-1:0] T1 = 1;
    always @(posedge i_clk) begin
        o_lead_t  <= T1 << (o_lead >> GW);
        o_lead_ok <= !i_reset && !i_pk_ld && !o_e;
    end

`ifdef FORMAL
    // Checked alone (job lsu_entry, its inputs' contract assumed below)
    // and inside wq_core (jobs core and core_w1, with wq_core_lsu's
    // invariants of the register against the queue).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    integer f;
`ifdef FORMAL_LSU_ENTRY_TOP
    // the contract wq_core_lsu keeps (and asserts): a valid entry has
    // nothing left to request exactly when its elements are none, and
    // the coalescer's next leader exists exactly when the pick leaves
    // elements (wq_lsu_pick's properties)
    always @(*) begin
        for (f = 0; f < LSQ; f = f + 1)
            if (i_q_v[f])
                assume(i_q_rz[f] == (i_q_rem[f*EN +: EN] == {EN{1'b0}}));
        if (i_pk_ld && !i_all)
            assume(i_nv == ((o_rem & ~i_cov) != {EN{1'b0}}));
    end
`endif
    always @(*)
        if (f_past && !i_reset) begin
            // a leader held exactly while elements are left to pick
            assert(o_lv == (o_rem != {EN{1'b0}}));
            // the scan: a candidate, and none older (from the head)
            if (rq_f) begin
                assert(rq_c[rq_s]);
                for (f = 0; f < LSQ; f = f + 1)
                    if (f[QW-1:0] < rq_s - i_q_hd) assert(!rq_c[i_q_hd + f[QW-1:0]]);
            end else assert(rq_c == {LSQ{1'b0}} && rq_s == i_q_tl);
        end
    // the register only loses elements, the pick's, unless it loads
    always @(posedge i_clk)
        if (f_past && !i_reset && !$past(i_reset) && !$past(i_clr)) begin
            if ($past(!o_e && !(i_pk_ld && i_all)))
                assert(o_s == $past(o_s) &&
                       o_rem == ($past(o_rem) & ~($past(i_pk_ld) ? $past(i_cov) : {EN{1'b0}})));
            c_next: cover($past(!o_e && i_pk_ld && i_all && rq_f) && !o_e);
            if (o_lead_ok) assert(o_lead == $past(o_lead) && o_lead_t == T1 << (o_lead >> GW));
        end
`endif
endmodule
