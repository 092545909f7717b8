////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/formal/wq_flsu.v
//
// Project:	warpq -- the core's load/store unit
//
// Purpose:	The load/store unit's invariants, written apart from
//		wq_core_lsu.v and instantiated by wq_core_lsu's `ifdef FORMAL
//		section with the signals the properties read
//		(docs/rtl/wq_flsu.md): the queue's entries (contiguous from the
//		head, requests in queue order, answers after requests, the
//		record groups and the zero flags kept beside what they stand
//		for), the entries' first leaders, the entry register's and the
//		pick register's contents, the ATOM's lanes, the completion path
//		committing only a performed head, a store line's merge; and the
//		unit's covers.  Checked inside the core (job core of
//		scripts/formal.sh, BMC from reset and covers; core_w1 with one
//		warp): the inputs are the core's, so these hold for the LSU as
//		the core drives it.  It asserts and covers, never assumes.
//
//		Its ports carry the LSU's names (as a bind file's would), so
//		the properties read as they would inside wq_core_lsu; the
//		queue's per-entry fields come flattened (field f of entry s at
//		f_v[s*W +: W]).  Formal properties only: outside FORMAL it has
//		no logic.
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_flsu #(
    // verilator lint_off UNUSEDPARAM
    parameter LANES     = 32,
    parameter EVM_SLOTS = 8,
    parameter LSQ       = 4,
    parameter QW        = 2,            // bits of an entry index
    parameter TDW       = 5,            // bits of a tag index
    parameter LOG2LB    = 4,            // bits of a byte in a line
    parameter TG        = 4             // elements a line tag of the pick
    // verilator lint_on UNUSEDPARAM
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    // the LSU's ports the properties read
    input  wire                     i_x_st,         // EX's beat: a store
    input  wire                     i_x_at,         // ... an ATOM
    input  wire                     i_fl_on,        // a fetch run
    input  wire                     i_b_v,          // WB holds an instruction
    input  wire                     o_mem_valid,    // the memory port
    input  wire                     i_mem_ready,
    input  wire                     rv_l,           // ... a load line's answer arrives
    input  wire                     o_cp_code,      // a store that wrote code commits
    // the queue (LSQ entries from q_hd; q_tl = q_hd + q_n)
    input  wire [QW-1:0]            q_hd,
    input  wire [QW:0]              q_n,
    input  wire [QW-1:0]            q_tl,
    input  wire                     q_push,         // an entry enters (at q_tl)
    input  wire                     ls_start,       // an ATOM starts (at q_tl)
    input  wire                     q_ld,           // ... either: q_rem's load
    input  wire [127:0]             ls_emask,       // ... its elements
    input  wire                     q_taken,        // the queue's request taken
    input  wire [LSQ-1:0]           q_v,            // per entry: valid
    input  wire [LSQ-1:0]           q_st,           // ... a store
    input  wire [LSQ-1:0]           q_rx,           // ... its record groups one at most
    input  wire [LSQ-1:0]           q_rz,           // ... none left to request
    input  wire [LSQ-1:0]           q_az,           // ... none left to answer
    input  wire [LSQ*128-1:0]       q_rem_v,        // ... the elements still to request
    input  wire [LSQ*32-1:0]        q_sel_v,        // ... its lanes
    input  wire [LSQ*32-1:0]        q_rl_v,         // ... lanes with records left (a store)
    input  wire [LSQ*32-1:0]        q_rg_v,         // ... their groups
    input  wire [LSQ*3-1:0]         q_words_v,      // ... words a lane
    input  wire [LSQ*2-1:0]         q_msize_v,      // ... access size
    input  wire [LSQ-1:0]           rx_push,        // q_rx's two writers
    input  wire [LSQ-1:0]           rx_cp,
    input  wire [LSQ*7-1:0]         q_fe_v,         // the entries' first leaders (wq_lsu_addr)
    input  wire [LSQ*128*(32-LOG2LB)-1:0] q_fl_lines, // ... element e's line in entry s
    input  wire [LSQ*(32-LOG2LB)-1:0] q_fl_v,       // ... the leaders' lines
    input  wire [6:0]               g_fe,           // the gathered instruction's first leader
    input  wire [31-LOG2LB:0]       g_fl,
    input  wire                     ga_we,          // the gather writes the addresses
    input  wire [QW-1:0]            es_s_nx,        // the entry register's next entry
    input  wire                     cf,             // a store wrote code
    // the tags and the answer stage
    input  wire                     t_full,
    input  wire [TDW:0]             t_cnt,
    input  wire                     an_l,           // a load line's part written
    input  wire                     an_fin,         // ... its last
    input  wire [QW-1:0]            an_s,           // ... its entry
    input  wire [127:0]             rs_cov,         // ... the tag's elements
    // the request stage: the entry register, the pick, the pick register
    input  wire                     es_lv,
    input  wire [QW-1:0]            es_s,
    input  wire [127:0]             es_rem,
    input  wire                     pi_eok,
    input  wire [128/TG-1:0]        pi_et,
    input  wire [6:0]               pi_e,
    input  wire [31-LOG2LB:0]       pi_line,
    input  wire                     pk_ld,
    input  wire                     pk_v,
    input  wire [QW-1:0]            pk_s,
    input  wire [127:0]             pk_cov,
    input  wire [6:0]               pk_e,
    input  wire                     pk_more,
    input  wire [32/LANES-1:0]      pk_pt,
    input  wire [1:0]               pk_msize,
    input  wire [32/LANES-1:0]      pk_p0,
    input  wire [4*LANES-1:0]       pk_cov0,
    input  wire [32*LOG2LB-1:0]     pk_lo,
    input  wire [LANES*LOG2LB-1:0]  pk_lo0,
    input  wire [6:0]               rq_e,
    input  wire [32/LANES-1:0]      rq_pt,
    input  wire                     ls_req,         // a request on the port
    input  wire                     fl_go,          // ... the fetch run's word
    input  wire                     st_go,          // a store's line merges
    input  wire [32/LANES-1:0]      st_m,           // ... its parts merged
    // the ATOM
    input  wire                     at_on,
    input  wire                     at_wr,
    input  wire                     at_clr,
    input  wire                     at_z_clr,
    input  wire                     f_at_z,         // (its lanes all done: wq_lsu_ex's flag)
    input  wire                     x_memc,         // EX holds a memory commit beat
    input  wire                     ls_wb,          // its write-back beats
    input  wire                     ls_fuse,
    // the completion path
    input  wire                     cp_go,
    input  wire                     cp_last,
    input  wire [31:0]              mw_lsel         // the store beat's lanes
);
`ifdef FORMAL
    localparam PARTS = 32 / LANES;
    localparam PW    = (PARTS > 1) ? $clog2(PARTS) : 1;
    localparam EW    = 4 * LANES;       // elements of a part
    localparam NB    = EVM_SLOTS;       // MEM_WRITE records a beat
    localparam LTAG  = 32 - LOG2LB;
    localparam NT    = 128 / TG;
`include "wq_lsu_grp.vh"
`include "wq_lsu_part.vh"
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    // the elements still to answer, a load's (a store's writes are
    // posted): an answer's last part takes its tag's elements off, and
    // q_az is asserted equal to their zero test
    reg  [127:0] q_resp    [0:LSQ-1];
    always @(posedge i_clk) begin
        if (q_push) q_resp[q_tl] <= i_x_st ? 128'd0 : ls_emask;
        if (an_l && an_fin) q_resp[an_s] <= q_resp[an_s] & ~rs_cov;
    end
    // (a store entry's records still to emit, as elements: its lanes
    // with records left, each lane's words)
    function [127:0] f_rec;
        input [31:0] l;
        input [2:0]  w;
        integer i;
        begin
            for (i = 0; i < 32; i = i + 1)
                f_rec[4*i +: 4] = l[i] ? {w > 3'd3, w > 3'd2, w > 3'd1, w > 3'd0} : 4'd0;
        end
    endfunction
    // (e is the lowest of set m; element e's line in entry s)
    function f_first;
        input [127:0] m;
        input [6:0]   e;
        f_first = m[e] && (m & ~({128{1'b1}} << e)) == 128'd0;
    endfunction
    function [LTAG-1:0] f_line;
        input [QW-1:0] s;
        input [6:0]    e;
        f_line = q_fl_lines[({{(32-QW){1'b0}}, s} * 128 + {25'd0, e}) * LTAG +: LTAG];
    endfunction
    // (an entry's fields, from the flattened vectors)
    function [127:0] rem;
        input [QW-1:0] s;
        rem = q_rem_v[{{(32-QW){1'b0}}, s} * 128 +: 128];
    endfunction
    function [31:0] f32;
        input [LSQ*32-1:0] v;
        input [QW-1:0]     s;
        f32 = v[{{(32-QW){1'b0}}, s} * 32 +: 32];
    endfunction
    function [2:0] words;
        input [QW-1:0] s;
        words = q_words_v[{{(32-QW){1'b0}}, s} * 3 +: 3];
    endfunction
    // (the address rows' block RAM, wq_lsu_addr's u_rs, reads the entry
    // register's next entry: f_rs_wr, a gather wrote that entry on the
    // edge of the read, whose data is then undefined)
    reg f_rs_wr = 1'b0;
    always @(posedge i_clk) f_rs_wr <= ga_we && q_tl == es_s_nx;
    // ---- properties ---------------------------------------------------------
    wire [127:0] at_rem = rem(q_tl);    // (an ATOM's lanes not yet done)
    reg  [QW-1:0] f_o, f_y, f_s;
    integer ff;
    always @(*) if (f_past && !i_reset) begin
        // a request only with room to tag it; the fetch run's word only
        // beside no line request
        if (o_mem_valid) assert(!t_full);
        if (fl_go) assert(!ls_req);
        // an atomic's read and write are the LSU's alone: the queue, WB
        // and the port empty but for its own answer (no fetch run)
        if (at_on) assert(!i_fl_on && x_memc && i_x_at && !i_b_v && q_n == {(QW+1){1'b0}} &&
                          t_cnt <= {{TDW{1'b0}}, 1'b1} && !fl_go);
        // the entry after the last, kept beside the head and the count
        assert(q_tl == q_hd + q_n[QW-1:0]);
        // nothing enters behind a store that wrote code as it commits (its
        // last beat clears every valid bit)
        if (o_cp_code) assert(!q_push && cf);
        // an ATOM's write-back beat and a load's completion beat never
        // share a cycle (they share the loaded values' row read)
        if (ls_wb) assert(!cp_go);
        // an ATOM's lane is done only while it is held; then whether any is
        // left is the entry register's leader flag
        if (at_clr) assert(at_on && pk_v);
        // q_rem's updates (g_qrem): a load and a clear never on one entry
        // (an ATOM's lane done clearing that lane's element alone is the
        // pick register's assertion below: at_clr comes with at_on and
        // pk_v, and then pk_cov is the one-hot of pk_e, rq_e)
        if (q_ld) assert(!(q_taken && pk_s == q_tl) && !at_clr);
        // (an ATOM's pick takes the next leader with its leader's tag
        // one-hot current: wq_lsu_pick's contract for o_nv, o_nlead)
        if (at_on && pk_ld && es_lv) assert(pi_eok && pi_et == {{(NT-1){1'b0}}, 1'b1} << (pi_e / TG));
        if (at_on && pk_v) assert(at_z_clr == ((at_rem & ~(128'd1 << rq_e)) == 128'd0));
        // the queue: valid entries are contiguous from the head; an
        // entry's requests go out in queue order (an entry with requests
        // left has only such entries behind it), and its answers come
        // only after its requests (what is still to answer and not
        // requested is exactly what is still to request)
        for (ff = 0; ff < LSQ; ff = ff + 1) begin
            f_o = q_hd + ff[QW-1:0];
            f_y = f_o + 1'b1;
            assert(q_v[f_o] == (ff < {{(32-QW-1){1'b0}}, q_n}));
            // (a younger entry has made no request while an older one has
            // requests left: a load's, still all to answer, a store's,
            // still all its records)
            if (ff + 1 < LSQ && q_v[f_o] && q_v[f_y] && rem(f_o) != 128'd0)
                assert(q_st[f_y] ? rem(f_y) == f_rec(f32(q_rl_v, f_y), words(f_y)) :
                                   rem(f_y) == q_resp[f_y]);
            // (q_rx's two writers never meet on an entry)
            assert(!(rx_push[ff] && cp_go && rx_cp[ff]));
            f_s = ff[QW-1:0];
            if (q_v[ff]) begin
                assert((f32(q_rl_v, f_s) & ~f32(q_sel_v, f_s)) == 32'd0);
                // the groups kept are the lanes' groups
                assert(f32(q_rg_v, f_s) == grp_of(f32(q_rl_v, f_s), words(f_s)) &&
                       q_rx[ff] == one_at_most(f32(q_rg_v, f_s)));
                // (the tree's rule is the subtract's)
                assert(grp_one(f32(q_rl_v, f_s), words(f_s)) == one_at_most(f32(q_rg_v, f_s)));
                // ... and whether none is left to request or to answer
                assert(q_rz[ff] == (rem(f_s) == 128'd0) && q_az[ff] == (q_resp[ff] == 128'd0));
                assert((rem(f_s) & ~q_resp[ff]) == 128'd0 || q_st[ff]);
                if (q_st[ff]) assert(q_resp[ff] == 128'd0);
                else assert(f32(q_rl_v, f_s) == 32'd0);
            end
        end
        // an entry not picked from (neither the entry register's nor the
        // held request's) keeps the first leader it entered with: its
        // lowest element and that element's line; the entering entry's
        // (an ATOM's lanes') is the gather's
        for (ff = 0; ff < LSQ; ff = ff + 1)
            if (q_v[ff] && rem(ff[QW-1:0]) != 128'd0 && !(pk_v && pk_s == ff[QW-1:0]) &&
                !(es_lv && es_s == ff[QW-1:0]))
                assert(f_first(rem(ff[QW-1:0]), q_fe_v[ff*7 +: 7]) &&
                       q_fl_v[ff*LTAG +: LTAG] == f_line(ff[QW-1:0], q_fe_v[ff*7 +: 7]));
        if ((q_push || ls_start) && ls_emask != 128'd0)
            assert(f_first(ls_emask, g_fe) && g_fl == f_line(q_tl, g_fe));
        // the entry register's held leader (the coalescer's contract,
        // wq_lsu_pick): its lowest element not picked yet, that element's
        // line
        if (es_lv) assert(f_first(es_rem, pi_e) && pi_line == f_line(es_s, pi_e));
        // ... and its entry's address rows, read a cycle ahead, were not
        // written as they were read
        if (es_lv) assert(!f_rs_wr);
        // the pick register: a request of a queue entry, of elements still
        // to request, its leader among them, and no older entry with
        // elements to request (the coalescer's rule is wq_lsu_pick's,
        // checked there); an ATOM's: its lane, still to do
        if (pk_v && !at_on) begin
            assert(q_v[pk_s] && pk_cov[pk_e] && (pk_cov & ~rem(pk_s)) == 128'd0);
            for (ff = 0; ff < LSQ; ff = ff + 1)
                if (ff[QW-1:0] < pk_s - q_hd && q_v[q_hd + ff[QW-1:0]])
                    assert(rem(q_hd + ff[QW-1:0]) == 128'd0);
        end
        if (pk_v && at_on) assert(pk_s == q_tl && pk_cov == (128'd1 << pk_e) && at_rem[pk_e]);
        // the entry register: a queue entry's elements still to request
        // without the held request's, no older entry with any (so the
        // held request is its entry's or an older one's); empty, the held
        // request is its entry's last (no candidate but a new entry's),
        // and with the queue empty; an ATOM's: its lanes not yet done but
        // the held one
        if (es_lv && !at_on) begin
            assert(q_v[es_s] &&
                   es_rem == (rem(es_s) & ~((pk_v && pk_s == es_s) ? pk_cov : 128'd0)));
            for (ff = 0; ff < LSQ; ff = ff + 1)
                if (ff[QW-1:0] < es_s - q_hd && q_v[q_hd + ff[QW-1:0]])
                    assert((rem(q_hd + ff[QW-1:0]) &
                            ~((pk_v && pk_s == q_hd + ff[QW-1:0]) ? pk_cov : 128'd0)) == 128'd0);
        end
        if (!es_lv && pk_v && !at_on) assert((rem(pk_s) & ~pk_cov) == 128'd0);
        // (so the request's entry has nothing left to request after it
        // exactly when the entry register holds no leader of that entry)
        if (pk_v && !at_on) assert(((rem(pk_s) & ~pk_cov) == 128'd0) == !pk_more);
        if (at_on) assert(es_s == q_tl && es_rem == (at_rem & ~(pk_v ? pk_cov : 128'd0)));
        // the ATOM's done flag is its elements' zero test
        if (at_on) assert(f_at_z == (at_rem == 128'd0));
        if (q_n == {(QW+1){1'b0}} && !at_on) assert(!es_lv);
        // (its parts are those of its elements; its first part's one-hot,
        // elements and offsets are theirs)
        if (pk_v) for (ff = 0; ff < PARTS; ff = ff + 1)
            assert(pk_pt[ff] == (pk_cov[ff*EW +: EW] != {EW{1'b0}}));
        if (pk_v) begin
            // (and its access size its entry's)
            if (!at_on) assert(pk_msize == q_msize_v[{{(32-QW){1'b0}}, pk_s} * 2 +: 2]);
            assert(pk_p0 == pt_low(pk_pt, {PARTS{1'b0}}) && pk_cov0 == pt_cov(pk_cov, pk_p0));
            for (ff = 0; ff < LANES; ff = ff + 1)
                assert(pk_lo0[ff*LOG2LB +: LOG2LB] == pt_off(pk_lo, pk_p0, ff));
        end
        // the completion path commits only the head, whose accesses are all
        // performed (a load's answered), and WB emits nothing meanwhile
        if (cp_go) assert(q_v[q_hd] && rem(q_hd) == 128'd0 && q_resp[q_hd] == 128'd0);
        // a store's beat: lanes with records left, some when any are left
        // (every record of them in a slot: wq_lsu_memwrite's); its last
        // (from the groups) is the beat after which no lane has records left
        if (q_v[q_hd] && q_st[q_hd])
            assert(cp_last == ((f32(q_rl_v, q_hd) & ~mw_lsel) == 32'd0) &&
                   (mw_lsel & ~f32(q_rl_v, q_hd)) == 32'd0 &&
                   (mw_lsel != 32'd0 || f32(q_rl_v, q_hd) == 32'd0));
        // the row stores: an ATOM's write-back reads the entry after the
        // queue's last as the head (the queue is empty); the loaded values
        // have one writer at a time (no load line is owed to an ATOM)
        if (ls_wb || ls_fuse || at_on) assert(q_n == {(QW+1){1'b0}} && q_tl == q_hd);
        if (at_on) assert(!an_l);
        // a store's line merged over parts: only while the request stage
        // stays on that store's request, of the parts its elements are in,
        // the last part still to come
        if (st_m != {PARTS{1'b0}})
            assert(st_go && (st_m & ~rq_pt) == {PARTS{1'b0}} && (rq_pt & ~st_m) != {PARTS{1'b0}});
    end

    // ---- covers -------------------------------------------------------------
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            c_atom_wr:  cover(ls_req && at_on && at_wr && i_mem_ready);
            // a store commits before its writes are answered
            c_posted:   cover(cp_go && cp_last && q_st[q_hd] && t_cnt != {(TDW+1){1'b0}});
            // two memory instructions in flight, one with answers owed
            c_lsq2:     cover(q_n == {{(QW-1){1'b0}}, 2'd2} && t_cnt != {(TDW+1){1'b0}});
            // a request taken as the pick register loads the next of its
            // entry (back to back, one a cycle)
            c_pk_next:  cover(ls_req && i_mem_ready && !at_on && es_lv && es_s == pk_s);
            // a load's completion while another load's answers come
            c_ld_over:  cover(cp_go && !q_st[q_hd] && rv_l);
        end
`else
    // verilator lint_off UNUSEDSIGNAL
    wire unused = &{1'b0, i_clk, i_reset, i_x_st, i_x_at, i_fl_on, i_b_v, o_mem_valid, i_mem_ready,
                    rv_l, o_cp_code, q_hd, q_n, q_tl, q_push, ls_start, q_ld, ls_emask, q_taken,
                    q_v, q_st, q_rx, q_rz, q_az, q_rem_v, q_sel_v, q_rl_v, q_rg_v, q_words_v,
                    q_msize_v, rx_push, rx_cp, q_fe_v, q_fl_lines, q_fl_v, g_fe, g_fl, ga_we,
                    es_s_nx, cf, t_full, t_cnt, an_l, an_fin, an_s, rs_cov, es_lv, es_s, es_rem,
                    pi_eok, pi_et, pi_e, pi_line, pk_ld, pk_v, pk_s, pk_cov, pk_e, pk_more, pk_pt,
                    pk_msize, pk_p0, pk_cov0, pk_lo, pk_lo0, rq_e, rq_pt, ls_req, fl_go, st_go,
                    st_m, at_on, at_wr, at_clr, at_z_clr, f_at_z, x_memc, ls_wb, ls_fuse, cp_go,
                    cp_last, mw_lsel};
    // verilator lint_on UNUSEDSIGNAL
`endif
endmodule
