// wq_cm_grant.v -- the completion path's grant: which unit owns the core's
// commit port in the next cycle (docs/rtl/wq_cm_grant.md).
//
// Three units commit through the completion path besides WB: the LSU (a
// load's write-back beats, a store's MEM_WRITE beats), the division unit
// and the FP unit.  A unit's run of beats takes the port between two of
// WB's commits, and WB holds its beat meanwhile.  The owner is decided a
// cycle ahead and kept in flip-flops (o_own_*), so WB's hold (wq_core's
// wb_frz: the owner running or ready to start, WB's instruction not open)
// and the selects of the completion's beat are shallow functions of
// registers, not of the units' wait terms for the hold's end.
//
// The next owner:
//   - the owner whose run goes on (it has emitted a beat that was not its
//     last, i_*_keep) keeps the port;
//   - else, right after a run's last beat (i_end) beside a beat WB holds
//     and may commit (i_wb_wait), nobody: WB commits first;
//   - else the first unit with a commit ready to start (i_*_req): the LSU,
//     then the division unit, then the FP unit;
//   - else the port is parked on the first unit that holds work whose
//     commit is still to come (i_*_park: the LSU's queue holds an entry, a
//     unit holds an instruction), so that commit starts the cycle it is
//     ready, not a cycle after it asks;
//   - else nobody.
// Owning the port is not taking it: WB holds its beat only while the owner
// runs or has a commit ready to start (the units' o_*_frz, wq_core's
// wb_frz), so a parked owner leaves WB alone.  An owner that does not
// start in its cycle (WB's instruction is open, an ATOM came between, the
// hold's last commit waits: the unit's own start terms, checked in the
// cycle) loses the port at the next edge and asks again.
`default_nettype none

module wq_cm_grant (
    input  wire i_clk,
    input  wire i_reset,
    input  wire i_ls_req,      // the LSU's head entry can start its commit
    input  wire i_dv_req,      // the division unit's commit can start
    input  wire i_fv_req,      // the FP unit's commit can start
    input  wire i_ls_keep,     // the LSU's run goes on next cycle
    input  wire i_dv_keep,     // ... the division unit's
    input  wire i_fv_keep,     // ... the FP unit's
    input  wire i_ls_park,     // the LSU holds work whose commit is to come
    input  wire i_dv_park,     // ... the division unit
    input  wire i_fv_park,     // ... the FP unit
    input  wire i_end,         // a run's last beat this cycle
    input  wire i_wb_wait,     // WB holds a beat that may commit
    output wire o_own_ls,      // the LSU owns the port this cycle (registered)
    output wire o_own_dv,      // ... the division unit
    output wire o_own_fv,      // ... the FP unit
    output wire o_own          // ... one of them
);
    reg  [2:0] own;            // {fv, dv, ls}, one-hot or none
    reg  [2:0] own_n;
    wire       keep = (own[0] && i_ls_keep) || (own[1] && i_dv_keep) || (own[2] && i_fv_keep);

    // ---- the next owner ----
    always @(*) begin
        if (keep)                  own_n = own;
        else if (i_end && i_wb_wait) own_n = 3'b000;
        else if (i_ls_req)         own_n = 3'b001;
        else if (i_dv_req)         own_n = 3'b010;
        else if (i_fv_req)         own_n = 3'b100;
        else if (i_ls_park)        own_n = 3'b001;
        else if (i_dv_park)        own_n = 3'b010;
        else if (i_fv_park)        own_n = 3'b100;
        else                       own_n = 3'b000;
    end

    // ---- the owner ----
    always @(posedge i_clk)
        if (i_reset) own <= 3'b000;
        else         own <= own_n;

    assign o_own_ls = own[0];
    assign o_own_dv = own[1];
    assign o_own_fv = own[2];
    assign o_own    = own != 3'b000;

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job cm_grant); inside the
    // core (jobs core, core_w1) wq_core asserts the units' side: a unit
    // emits a beat only as the owner, and keeps the port exactly while
    // its run is on.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
`ifdef FORMAL_CM_GRANT_TOP
    always @(*) if (!f_past) assume(i_reset);
    // (the contract wq_core keeps: only the owner keeps the port, and a
    // run's last beat is the owner's)
    always @(*) begin
        if (i_ls_keep) assume(own[0]);
        if (i_dv_keep) assume(own[1]);
        if (i_fv_keep) assume(own[2]);
        if (i_end) assume(own != 3'b000 && !keep);
    end
`endif
    always @(*)
        if (f_past && !i_reset) begin
            // one owner at most
            a_onehot: assert(own == 3'b000 || own == 3'b001 || own == 3'b010 || own == 3'b100);
        end
    always @(posedge i_clk)
        if (f_past && !$past(i_reset)) begin
            // a run keeps the port to its end
            if ($past(keep)) assert(own == $past(own));
            // WB first after a run that ends beside its beat
            if ($past(i_end && i_wb_wait && !keep)) assert(own == 3'b000);
        end
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            c_ls_run:  cover($past(o_own_ls) && o_own_ls && $past(i_ls_keep));
            c_handoff: cover($past(o_own_ls && i_end) && o_own_dv);
            c_yield:   cover($past(i_end && i_wb_wait) && !o_own && $past(i_ls_req));
            c_fv:      cover(o_own_fv);
            c_park:    cover($past(i_ls_park && !i_ls_req && !i_dv_req && !i_fv_req && !keep &&
                                   !(i_end && i_wb_wait)) && o_own_ls);
        end
`endif
endmodule
