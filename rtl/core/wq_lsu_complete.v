// wq_lsu_complete.v -- the LSU's completion path (docs/rtl/wq_lsu_complete.md):
// when the head entry of wq_core_lsu's queue commits, and its place in
// the commit.  A load's completion is its REG_WRITE beats (rd's parts,
// then rd+1's ...; the last beside its RETIRE), a store's its MEM_WRITE
// beats (wq_lsu_memwrite, the last beside its RETIRE), in one run of
// cycles on the commit port.
//
// It takes the commit port only between WB's commits and only as the
// port's owner (i_cm_own, wq_cm_grant: asked for a cycle ahead, o_req,
// and kept while the run goes on, o_keep): WB holds its beat while the
// LSU owns the port and its commit runs or can start (o_frz), and a
// completion starts only when the instruction WB works on has emitted
// nothing yet (i_b_open).  A store that wrote code also waits until WB is
// empty and EX holds no part of an instruction WB has seen (i_x_open):
// its commit drops everything younger (o_code).  The last commit of a
// hold waits for the answers still owed and the fetch run.  (A later
// multi-cycle unit can commit through the same path: a warp has one
// instruction in flight, so commits of different warps may come in any
// order.)
//
// The entries' flags are wq_core_lsu's (q_v, q_rz, q_az, q_code, q_st,
// q_rx, kept beside the queue's fields so the start is a flip-flop an
// entry); this unit reads the head's and the next entry's and keeps the
// run's place: cp_on, and a load's beat (part cp_p of register rd + cp_k)
// with its row's step (o_rinc: the next beat's row is the next one, except
// between the parts of a packed shared register, which share one:
// wq_rf_row.vh's rows are consecutive across both kinds; wq_core_lsu steps
// the head entry's row with each beat).
`default_nettype none

module wq_lsu_complete #(
    parameter LSQ   = 4,                 // entries (a power of two, >= 2)
    parameter PARTS = 4,                 // parts of a warp (32 / LANES)
    parameter QW    = (LSQ > 1) ? $clog2(LSQ) : 1
) (
    input  wire             i_clk,
    input  wire             i_reset,
    // the queue: its entries' flags, its head, its entries
    input  wire [LSQ-1:0]   i_q_v,       // valid
    input  wire [LSQ-1:0]   i_q_rz,      // nothing still to request
    input  wire [LSQ-1:0]   i_q_az,      // nothing still to answer
    input  wire [LSQ-1:0]   i_q_code,    // a store that wrote the code range
    input  wire [LSQ-1:0]   i_q_rdy,     // i_q_v & i_q_rz & i_q_az (flip-flops: the head's)
    input  wire [LSQ-1:0]   i_q_go,      // i_q_rdy & ~i_q_code (flip-flops: the head's)
    input  wire [LSQ-1:0]   i_q_st,      // a store
    input  wire [LSQ-1:0]   i_q_rx,      // a store's records in one group at most
    input  wire [QW-1:0]    i_q_hd,
    input  wire [QW:0]      i_q_n,
    input  wire [2:0]       i_hd_words,  // the head's words a lane
    input  wire [3:0]       i_hd_pk,     // ... rd + k packed (k = 0..3)
    // the rest of the pipeline and the hold
    input  wire             i_pipe_empty,   // FE, DE, EX, WB empty
    input  wire             i_stop,         // the hold is to end
    input  wire             i_fl_on,        // a fetch run is on
    input  wire             i_owed,         // answers still owed
    input  wire             i_b_v,          // WB holds an instruction
    input  wire             i_b_tcm,        // ... a trap's commit (it waits for the queue)
    input  wire             i_b_open,       // ... that has emitted a record
    input  wire             i_x_open,       // EX's instruction has beats in WB
    input  wire             i_cm_own,       // the LSU owns the commit port
    // the completion
    output wire             o_go,           // the head's beat commits this cycle
    output wire             o_last,         // ... its last
    output wire             o_code,         // ... the last of a store that wrote code
    output wire             o_req,          // the port for the next cycle
    output wire             o_keep,         // the run goes on next cycle
    output wire             o_frz,          // WB holds its beat
    output wire             o_wb_blk,       // nothing from EX into WB
    output reg  [5:0]       o_p,            // a load's beat: part o_p
    output reg  [1:0]       o_k,            //   of register rd + o_k,
    output wire             o_rinc          //   the next beat's row is the next one
);
    localparam [5:0] PARTS6 = PARTS[5:0];

    reg          cp_on;                  // a completion has emitted records
    wire [5:0]   cp_p = o_p;
    wire [1:0]   cp_k = o_k;
    wire [QW-1:0] q_hd = i_q_hd;
    wire         cp_rdy  = i_q_v[q_hd] && i_q_rz[q_hd] && i_q_az[q_hd];
    // (a load's last beat: the last part of its last register, compared
    // as constants -- cp_k + 1 == words -- rather than through two adders
    // on the way to the queue's updates)
    wire [2:0]   cp_wd = i_hd_words;
    wire         cp_last_ld = cp_p == PARTS6 - 6'd1 &&
                              ((cp_wd == 3'd1 && cp_k == 2'd0) || (cp_wd == 3'd2 && cp_k == 2'd1) ||
                               (cp_wd == 3'd3 && cp_k == 2'd2) || (cp_wd == 3'd4 && cp_k == 2'd3));
    // A store's last beat: its lanes with records left lie in one group
    // (q_rx: kept beside the groups)
    wire         cp_last_st = i_q_rx[q_hd];
    wire         cp_last = i_q_st[q_hd] ? cp_last_st : cp_last_ld;
    // (a store that wrote code drops everything behind it: its commit is
    // the hold's last when another unit waits; it does not wait for the
    // fetch run its fence stopped, which its commit ends once the run's
    // answers are in)
    // The wait takes each of a store's beats, not only its last: cp_go
    // starts the pipeline's stall (wb_frz), and this keeps the store's
    // last-beat logic (its count, its parts) out of it; a store that ends
    // the hold emits its records once the answers are in.
    // (its two cases kept apart from the pipeline-empty test, which the
    // go takes at its last LUT: the code store's, endw_c, and the hold's
    // last commit's with the queue's one entry, endw_p)
    wire         cp_lastw = i_q_st[q_hd] || cp_last_ld;
    (* keep *) wire endw_c;
    assign endw_c  = cp_lastw && i_q_code[q_hd] && i_stop && i_owed;
    (* keep *) wire endw_p;
    assign endw_p  = cp_lastw && !i_q_code[q_hd] && i_q_n == {{QW{1'b0}}, 1'b1} && (i_fl_on || i_owed);
    wire         cp_endw = endw_c || (i_pipe_empty && endw_p);
    // (a trap waiting in WB for the queue is dropped by a store that wrote
    // code, like every younger instruction: it was fetched before.  The
    // trap's wait, wq_wb_ctl's b_twait, is its commit beat in WB while the
    // queue or a unit is not empty: read here only with the head ready,
    // an entry of the queue, so the queue is not empty and the wait is
    // WB's flip-flops alone, i_b_tcm -- not the queue's count)
    wire         cp_cstart = !i_q_code[q_hd] || ((!i_b_v || i_b_tcm) && !i_x_open);
    // (the go with the pipeline-empty test at its last LUT: pipe_empty,
    // wq_core_hold's AND of the stages' valid flags, runs on through the
    // go into the commit port's owner and the commit's zero row, so the
    // start's terms are kept apart from it, as the wait's are, and it
    // meets them in one LUT)
    (* keep *) wire go_base;
    assign go_base = i_cm_own && cp_rdy && (cp_on || (!i_b_open && cp_cstart));
    wire         cp_go   = go_base && !cp_endw;
    // The request for the next cycle's port: the head's commit when it can
    // start (WB's open instruction is the grant's to wait out), or, as the
    // head's last beat leaves, the next entry's when it is ready and not a
    // store that wrote code (that one asks once it is the head), so
    // back-to-back completions keep the port.  (After a completion WB's
    // waiting beat goes first, wq_cm_grant: back-to-back store commits,
    // 4 cycles each, would otherwise hold the ALU commits of the warps
    // whose stores come next.)
    wire [QW-1:0] q_nx   = q_hd + 1'b1;
    wire         nx_rdy  = i_q_v[q_nx] && i_q_rz[q_nx] && i_q_az[q_nx] && !i_q_code[q_nx] &&
                           !i_q_code[q_hd];
    assign o_req  = (cp_go && cp_last) ? nx_rdy : (cp_rdy && !cp_on && !cp_endw && cp_cstart);
    assign o_keep = cp_go ? !cp_last : cp_on;
    // (WB holds its beat while the LSU owns the port and its commit runs
    // or can start: registers and the head's flags, not the start's wait
    // terms, which hold only with WB empty)
    // (as the head's terms and WB's: the WB side of cp_cstart, WB's and
    // EX's flip-flops, enters at the last level -- a trap's commit in WB
    // reaches WB's hold through it)
    // (the head's readiness, and not a store that wrote code, from its
    // flip-flops i_q_rdy, i_q_go -- cp_rdy's and cp_rdy && !i_q_code[q_hd]'s
    // values: a select of flip-flops, a level less in front of WB's hold
    // and record strobe)
    (* keep *) wire frz_h;
    assign frz_h    = i_cm_own && (cp_on || i_q_go[q_hd]);
    (* keep *) wire frz_c;
    assign frz_c    = i_cm_own && i_q_rdy[q_hd];
    assign o_frz    = frz_h || (frz_c && (!i_b_v || i_b_tcm) && !i_x_open);
    assign o_wb_blk = cp_rdy && i_q_code[q_hd] && !i_x_open;
    assign o_go     = cp_go;
    assign o_last   = cp_last;
    // (the same decision for a store that wrote code, from its own terms:
    // such an entry is a store, so its last beat is q_rx's and its wait the
    // hold's end's alone, and the flush it starts -- the fetch's, issue's,
    // WB's take -- does not wait behind cp_endw's pipeline-empty and fetch
    // terms, which only another entry's commit reads)
    wire         cp_code = i_cm_own && i_q_code[q_hd] && i_q_rx[q_hd] && cp_rdy &&
                           !(i_stop && i_owed) &&
                           (cp_on || (!i_b_open && (!i_b_v || i_b_tcm) && !i_x_open));
    assign o_code   = cp_code;

    // ---- the run's place: on, and a load's beat ------------------------------------
    assign o_rinc = !(i_hd_pk[cp_k] && cp_p != PARTS6 - 6'd1);
    always @(posedge i_clk) begin
        if (cp_go) begin
            if (cp_p + 6'd1 != PARTS6) o_p <= cp_p + 6'd1;
            else begin
                o_p <= 6'd0;
                o_k <= cp_k + 2'd1;
            end
            cp_on <= !cp_last;
            if (cp_last) begin
                o_p <= 6'd0;
                o_k <= 2'd0;
            end
        end
        if (i_reset) begin
            cp_on <= 1'b0; o_p <= 6'd0; o_k <= 2'd0;
        end
    end

`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, jobs core
    // and core_w1): the inputs are the core's; and alone (job lsu_complete,
    // FORMAL_LSU_COMPLETE_TOP): the inputs free but for the core's
    // contracts below.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
`ifdef FORMAL_LSU_COMPLETE_TOP
    always @(*) if (!f_past) assume(i_reset);
    // the queue: only a store's entry has the code flag (wq_core_lsu's
    // assertion); the head is an entry of the queue
    integer fe;
    always @(*)
        for (fe = 0; fe < LSQ; fe = fe + 1)
            if (i_q_v[fe] && i_q_code[fe]) assume(i_q_st[fe]);
    always @(*) if (i_q_v[q_hd]) assume(i_q_n != {(QW+1){1'b0}});
    // the entries' readiness flip-flops are the flags' AND (wq_core_lsu's
    // assertion)
    always @(*) assume(i_q_rdy[q_hd] == (i_q_v[q_hd] && i_q_rz[q_hd] && i_q_az[q_hd]) &&
                       i_q_go[q_hd] == (i_q_rdy[q_hd] && !i_q_code[q_hd]));
    // the grant keeps the port while the run goes on (o_keep), and WB's
    // instruction opens only while WB is not frozen (wq_wb_ctl: a record
    // or a register write needs !wb_frz)
    reg f_frz_closed = 1'b0;
    always @(posedge i_clk) f_frz_closed <= !i_reset && o_frz && !i_b_open;
    always @(*) begin
        if (f_past && !i_reset && cp_on) assume(i_cm_own);
        if (f_frz_closed) assume(!i_b_open);
    end
    always @(posedge i_clk)
        if (f_past && !i_reset)
            c_code: cover(cp_code);
`endif
    always @(*) if (f_past && !i_reset) begin
        // a load's last beat, compared as constants, is the last part of
        // its last register (cp_k + 1 == its words)
        assert(cp_last_ld == (cp_p + 6'd1 == PARTS6 && {1'b0, cp_k} + 3'd1 == i_hd_words));
        // a run once begun has the port and keeps WB's instruction closed
        if (cp_on) assert(!i_b_open);
        // only a store writes the code range (a load's or an ATOM's
        // entry never has the flag)
        if (i_q_v[q_hd] && i_q_code[q_hd]) assert(i_q_st[q_hd]);
        // the wait, from its kept cases, is its definition: a code
        // store's last beat waits for the stop and the answers owed, any
        // other last beat of the queue's one entry, with the pipeline
        // empty, for the fetch run or the answers owed
        assert(cp_endw == (cp_lastw &&
                           (i_q_code[q_hd] ? (i_stop && i_owed) :
                            (i_pipe_empty && i_q_n == {{QW{1'b0}}, 1'b1} && (i_fl_on || i_owed)))));
        // the code store's commit, from its own terms, is the commit's
        assert(cp_code == (cp_go && cp_last && i_q_code[q_hd]));
        // WB's freeze, from its kept terms, is the port's owner running or
        // able to start
        assert(o_frz == (i_cm_own && (cp_on || (cp_rdy && cp_cstart))));
        // the place is a load's beat inside its registers, the first
        // before a run
        assert(cp_p < PARTS6);
        if (!cp_on) assert(cp_p == 6'd0 && cp_k == 2'd0);
    end
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            // a run of more than one beat ends
            c_cp_run:  cover(cp_go && cp_on && cp_last);
        end
`endif
endmodule
