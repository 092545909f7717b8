// wq_core_hold.v -- the core's lock hold (docs/rtl/wq_core_hold.md): the
// phase of a hold, whether another unit waits for the lock, the commit the
// core owes, the hold's end, and the decisions made of them -- whether a
// commit keeps the hold (o_step_more: WB's, o_b_more, a completion's,
// o_cm_more) and whether IS may issue.
//
// wq_top grants the event lock to the core for a burst: a commit raises
// o_step_more while another commit will follow in the hold (an instruction
// in flight behind it, or issued in the same cycle; or, while no other
// unit waits -- i_ev_wait -- a ready warp or a CTA to start), and a commit
// promised that way is always delivered: the core owes a commit for as
// long as its hold has not ended, and, owing, issues even when another
// unit waits, until one commits.  A trap commit never keeps the hold.  The
// cycle that shows a commit without o_step_more starts nothing (ended: the
// grant drops the cycle after it), and the next cycle is a fresh grant.
// (A flag of its own for the commit owed would be !ended in every cycle:
// every end of a commit sets one and clears the other.)
//
// The phase: PH_RUN, the pipeline; PH_DISP, a CTA starts (wq_dispatch,
// with the pipeline empty); PH_CSR, a CSR access (wq_core_csr, outside the
// lock).
`default_nettype none

module wq_core_hold (
    input  wire     i_clk,
    input  wire     i_reset,
    // the event lock
    input  wire     i_ev_gnt,
    input  wire     i_ev_wait,      // another unit waits for the lock
    // what is in flight: FE, the FE/DE buffer, DE, the DE/EX buffer, EX,
    // the EX/WB buffer, WB, an issue this cycle, the division and FP units,
    // the LSU queue (empty, one entry), a unit's commit with more behind,
    // no fetch run
    input  wire     i_f_v,
    input  wire     i_fd_held,
    input  wire     i_d_v,
    input  wire     i_dx_held,
    input  wire     i_x_v,
    input  wire     i_xb_held,
    input  wire     i_b_v,
    input  wire     i_is_go,
    input  wire     i_xu_busy,
    input  wire     i_q_empty,
    input  wire     i_q_one,
    input  wire     i_xc_more,
    input  wire     i_fl_idle,
    // a CTA waits and fits (issue stops, the pipeline drains, it starts)
    input  wire     i_disp_ok,
    // WB's commit: its last record goes out, it traps, a warp or a CTA
    // can go on after it
    input  wire     i_wb_end,
    input  wire     i_b_trapping,
    input  wire     i_b_work,
    // the completion path's commit: its last beat, the LSU's (else a
    // unit's), a store that wrote code (it drops everything younger)
    input  wire     i_cm_end,
    input  wire     i_cm_ls,
    input  wire     i_cp_code,
    // the phases' ends: the dispatch's, the CSR access's
    input  wire     i_ds_start,
    input  wire     i_ds_end,
    input  wire     i_csr_enter,
    input  wire     i_csr_done,
    // the phase
    output wire     o_run,
    output wire     o_disp,
    output wire     o_csr,
    output wire     o_stopping,     // i_ev_wait seen: issue no more in this hold
    output wire     o_hold,         // the lock is held and its last commit not out
    output wire     o_pipe_empty,   // FE, DE, EX, WB, the buffers and the units empty
    output wire     o_can_issue,
    output wire     o_b_more,       // WB's commit keeps the hold
    output wire     o_cm_more       // the completion's commit keeps the hold
);
    localparam [1:0] PH_RUN = 2'd0, PH_DISP = 2'd1, PH_CSR = 2'd2;
    reg [1:0] phase;
    reg       stopping;         // i_ev_wait seen: issue no more in this hold
    reg       ended;            // the hold's last commit is out (the grant
                                // drops the cycle after it): start nothing
    wire      hold = i_ev_gnt && !ended;

    // the burst: another commit follows WB's (an instruction issued this
    // cycle counts: it commits later)
    wire behind = i_f_v || i_fd_held || i_d_v || i_dx_held || i_x_v || i_xb_held || i_is_go ||
                  !i_q_empty || i_xu_busy;
    // (the trap's last record, i_b_trapping, behind WB's walk, is one AND
    // after the rest: a kept net.  i_b_work is exact where it is read,
    // outside a trap's last record: wq_wb_ctl)
    (* keep *) wire b_more_nt;
    assign b_more_nt = behind || (!stopping && !i_ev_wait && i_b_work);
    assign o_b_more = !i_b_trapping && b_more_nt;
    // a completion's commit keeps the hold when an instruction is behind
    // it (the others in the queue, the division unit's, WB, EX, DE, FE, an
    // issue this cycle) or, nobody waiting, its warp (ready again) can go on
    assign o_cm_more = (!i_cp_code && (i_f_v || i_fd_held || i_d_v || i_dx_held || i_x_v ||
                                       i_xb_held || i_b_v || i_is_go ||
                                       (i_cm_ls ? (!i_q_one || i_xu_busy) : (!i_q_empty || i_xc_more)))) ||
                       (!stopping && !i_ev_wait);
    // (two kept halves, a LUT each, and their AND: eight flip-flop flags
    // in two levels.  Without the nets the mapper chains the OR through
    // the terms it shares with behind and o_cm_more, four levels at the
    // port, and pipe_empty runs on into the completion's start, cp_go)
    (* keep *) wire pe_front;
    assign pe_front = !i_f_v && !i_fd_held && !i_d_v && !i_dx_held;
    (* keep *) wire pe_back;
    assign pe_back  = !i_x_v && !i_xb_held && !i_b_v && !i_xu_busy;
    wire pipe_empty = pe_front && pe_back;
    // (a CTA waiting to start stops issue: the pipeline drains, then it starts)
    assign o_can_issue = hold && phase == PH_RUN && !i_disp_ok &&
                         (!stopping || (pipe_empty && i_fl_idle && i_q_empty));

    // ---- the hold: its end, the stop -------------------------------------------------
    always @(posedge i_clk) begin
        if (!i_ev_gnt || ended) begin
            // a grant is owed a commit from its first cycle (the top may
            // grant again right after the cycle that shows the last commit)
            stopping <= 1'b0;
            ended <= 1'b0;
        end else if (i_ev_wait)
            stopping <= 1'b1;
        // a commit keeps the hold or ends it: WB's (its last record), the
        // completion path's, the DISPATCH step (the CTA's warps are ready,
        // the hold goes on unless another unit waits: the instruction
        // buffer keeps the kernel's code for them)
        if (i_wb_end)
            ended <= !o_b_more;
        if (i_cm_end)
            ended <= !o_cm_more;
        if (i_ds_end)
            ended <= stopping || i_ev_wait;
        if (i_reset) begin
            stopping <= 1'b0;
            ended <= 1'b0;
        end
    end
    // ---- the phase: wq_dispatch's CTA start, wq_core_csr's access ---------------------
    always @(posedge i_clk) begin
        if (i_ds_start) phase <= PH_DISP;
        if (i_ds_end) phase <= PH_RUN;
        if (i_csr_enter) phase <= PH_CSR;
        if (i_csr_done) phase <= PH_RUN;
        if (i_reset) phase <= PH_RUN;
    end

    assign o_run        = phase == PH_RUN;
    assign o_disp       = phase == PH_DISP;
    assign o_csr        = phase == PH_CSR;
    assign o_stopping   = stopping;
    assign o_hold       = hold;
    assign o_pipe_empty = pipe_empty;

`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, jobs core
    // and core_w1): the inputs are the core's.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (f_past && !i_reset) begin
        // the phase is one of the three
        assert(phase != 2'd3);
    end
    always @(posedge i_clk)
        if (f_past && !$past(i_reset)) begin
            // the stop is seen only inside a grant, and forgotten the
            // cycle after the grant drops or the hold ends
            if (stopping) assert($past(i_ev_gnt));
            // the hold ends only with a commit that does not keep it
            if (ended) assert($past(i_wb_end || i_cm_end || i_ds_end));
        end
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            // a hold that owes a commit after another unit asked
            c_owe_stop: cover(stopping && i_ev_gnt && !ended);
            // a hold ended by WB's commit
            c_end_wb:   cover(i_wb_end && !o_b_more);
        end
`endif
endmodule
