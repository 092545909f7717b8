// wq_dispatch.v -- the core's CTA dispatch (docs/rtl/wq_dispatch.md): the
// grid waiting for dispatch, the walk over its CTAs, the start of a CTA's
// warps in free slots, and the thread-id walk that writes their thread ids
// into wq_core's thread-id RAM (the model's wq_step_dispatch).
//
// A launch (i_launch_valid) makes the grid wait; a CTA starts when enough
// slots are free (o_disp_ok) and the core's pipeline, fetch run and LSU
// are empty under the hold (i_start_ok): o_start, then DS_SLOT gives a free
// slot to the CTA's next warp each cycle the deque takes its CLEAR
// (o_slot_go: the core writes the slot, the CLEAR and the CTA_START
// record), and DS_END commits the DISPATCH (o_end) and moves the grid to
// its next CTA.  The thread-id walk writes the CTA's ids, TPC a cycle,
// warp by warp in CTA order, from the dispatch's first cycle on; a warp
// issues once its rows are written (o_tw_pend), so the walk overlaps the
// first warps' instructions.
`default_nettype none

module wq_dispatch #(
    parameter WARPS = 8,
    parameter LANES = 32,
    parameter WID_W = (WARPS > 1) ? $clog2(WARPS) : 1,
    parameter TR_AW = 3                 // thread-id RAM rows: WARPS * 32 / LANES
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    // the launch port's grid (the descriptor's fields the walk uses)
    input  wire                     i_launch_valid,
    input  wire [31:0]              i_launch_ncta,
    input  wire [10:0]              i_threads,      // a CTA's threads
    input  wire [5:0]               i_warps,        //   and warps
    input  wire [15:0]              i_ncta0, i_ncta1,
    input  wire [10:0]              i_ntid0, i_ntid1, i_ntid2,
    input  wire [31:0]              i_lbase, i_lsize,
    // the core: free slots, the dispatch may start, the dispatch phase,
    // the deque takes the CLEAR
    input  wire [WARPS-1:0]         i_free_v,
    input  wire [6:0]               i_nfree,
    input  wire                     i_start_ok,
    input  wire                     i_disp,
    input  wire                     i_dq_ready,
    output reg                      o_g_valid,      // a grid waits
    output wire                     o_disp_ok,      // its next CTA fits
    output reg                      o_fit1,         //   it would with one slot more
    output wire                     o_start,        // the dispatch starts
    output wire                     o_slot_go,      // warp o_wi starts in slot o_slot
    output wire [WID_W-1:0]         o_slot,
    output reg  [4:0]               o_wi,
    output wire [31:0]              o_live,         //   its threads
    output wire                     o_end,          // the DISPATCH commits
    // the CTA's place in the grid (the slot's fields)
    output reg  [15:0]              o_cx, o_cy, o_cz,
    output reg  [25:0]              o_bx, o_by, o_bz,   // CTAID_d * NTID_d
    output reg  [31:0]              o_next,         // the CTA's flat index
    output reg  [31:0]              o_local,        //   its local memory
    output reg  [31:0]              o_grid_seq,     // launches since reset
    output reg  [31:0]              o_key,          // the CTA's key (barriers)
    // the thread-id walk and the RAM's write port
    output reg                      o_tw_on,
    output reg  [WARPS-1:0]         o_tw_pend,      // started, rows not all written
    output reg                      o_tr_we,
    output reg  [TR_AW-1:0]         o_tr_waddr,
    output reg  [LANES-1:0]         o_tr_wlane,
    output reg  [LANES*3*11-1:0]    o_tr_wdata
);
    localparam PARTS = 32 / LANES;
    localparam [5:0] PARTS6 = PARTS[5:0];
    localparam TPC   = (LANES < 8) ? LANES : 8;     // thread ids walked a cycle
    localparam TIDW  = 11;                          // a thread-id coordinate

    // ---- the CTA's warps into slots ---------------------------------------------
    localparam [1:0] DS_SLOT = 2'd0, DS_END = 2'd2;
    reg [1:0]        ds;
    reg [WID_W:0]    ds_slot;
    wire [WID_W-1:0] ds_s     = ds_slot[WID_W-1:0];
    wire [31:0]      ds_first = {22'd0, o_wi, 5'd0};
    wire [31:0]      ds_n     = {21'd0, i_threads} - ds_first;
    // The CTA's warps a cycle old (warps_q): i_warps is the launch port's
    // CTA size rounded up to warps, an incrementer behind the host's
    // registers, some 5 LUT levels in front of DS_SLOT's end test and so of
    // every warp start's writes (the slots, the zero flags, the deque's
    // CLEAR).  The port changes only with a launch, and nothing here reads
    // the size within two cycles of one (fit_q is dropped for them, and
    // o_start and DS_SLOT follow fit_q), so the copy is the port's value
    // wherever it is read (asserted below).
    reg [5:0]        warps_q;
    always @(posedge i_clk) warps_q <= i_warps;
    wire             ds_done  = {1'b0, o_wi} == warps_q || ds_slot == WARPS[WID_W:0];
    // Whether the next CTA fits comes from registers: the free count is
    // a population count of the slots' states (some 8 LUT levels), and
    // its compare with the CTA's warps behind it put a dozen levels in
    // front of the hold's request, issue and the commit's step_more.
    // nfree_q is the count a cycle old, and fit_q / o_fit1 compare it a
    // cycle later; only a warp start (o_slot_go) takes a free slot and
    // only a launch changes the CTA's size, so a compare is dropped when
    // either happened in the two cycles its count spans (ev, ev_q).  So
    // fit_q never says a CTA fits that does not; a slot freed is seen two
    // cycles later (the CTA waits that much longer: a timing choice the
    // hold and the step port report, docs/rtl/commit.md).
    // (o_fit1: the CTA's warps but one, (threads - 1) / 32, fit -- a
    // warp that ends makes the one more)
    reg [6:0]        nfree_q;
    reg              fit_q, ev_q;
    wire             ev       = o_slot_go || i_launch_valid;
    wire [10:0]      tm1      = i_threads - 11'd1;
    wire             unused_tm1 = &{1'b0, tm1[4:0]};
    always @(posedge i_clk) begin
        nfree_q <= i_nfree;
        ev_q    <= ev;
        fit_q   <= !ev && !ev_q && ({1'b0, nfree_q} >= {2'b0, warps_q});
        o_fit1  <= !ev && !ev_q && (i_threads == 11'd0 || nfree_q >= {1'b0, tm1[10:5]});
        if (i_reset) begin
            ev_q   <= 1'b1;
            fit_q  <= 1'b0;
            o_fit1 <= 1'b0;
        end
    end
    assign o_disp_ok = o_g_valid && fit_q;
    assign o_start   = i_start_ok && o_disp_ok && !o_tw_on;
    assign o_slot_go = i_disp && ds == DS_SLOT && !ds_done && i_free_v[ds_s] && i_dq_ready;
    assign o_end     = i_disp && ds != DS_SLOT;
    assign o_slot    = ds_s;
    assign o_live    = (ds_n >= 32) ? 32'hFFFFFFFF : ~(32'hFFFFFFFF << ds_n[4:0]);

    reg [WID_W-1:0]  tw_sl [0:WARPS-1];  // the slot of the CTA's warp i
    always @(posedge i_clk) begin
        if (o_start) begin
            ds <= DS_SLOT;
            ds_slot <= {(WID_W+1){1'b0}};
            o_wi <= 5'd0;
            o_key <= o_key + 32'd1;
        end
        if (i_disp && ds == DS_SLOT) begin
            if (ds_done) ds <= DS_END;
            else if (!i_free_v[ds_s]) ds_slot <= ds_slot + 1'b1;
            else if (i_dq_ready) begin
                tw_sl[o_wi[WID_W-1:0]] <= ds_s;
                o_wi <= o_wi + 5'd1;
                ds_slot <= ds_slot + 1'b1;
            end
        end
        if (i_reset) o_key <= 32'd0;
    end

    // ---- the grid ------------------------------------------------------------------
    always @(posedge i_clk) begin
        if (i_launch_valid) begin
            o_g_valid <= 1'b1;
            o_next <= 32'd0;
            o_local <= i_lbase;
            o_cx <= 16'd0; o_cy <= 16'd0; o_cz <= 16'd0;
            o_bx <= 26'd0; o_by <= 26'd0; o_bz <= 26'd0;
            o_grid_seq <= o_grid_seq + 32'd1;
        end
        if (o_end) begin                    // the grid moves on
            o_local <= o_local + i_lsize;
            o_next <= o_next + 32'd1;
            if (o_next + 32'd1 >= i_launch_ncta) o_g_valid <= 1'b0;
            if (o_cx + 16'd1 == i_ncta0) begin
                o_cx <= 16'd0; o_bx <= 26'd0;
                if (o_cy + 16'd1 == i_ncta1) begin
                    o_cy <= 16'd0; o_by <= 26'd0;
                    o_cz <= o_cz + 16'd1; o_bz <= o_bz + {15'd0, i_ntid2};
                end else begin
                    o_cy <= o_cy + 16'd1; o_by <= o_by + {15'd0, i_ntid1};
                end
            end else begin
                o_cx <= o_cx + 16'd1; o_bx <= o_bx + {15'd0, i_ntid0};
            end
        end
        if (i_reset) begin
            o_g_valid <= 1'b0;
            o_grid_seq <= 32'd0;
        end
    end

    // ---- the thread-id walk ------------------------------------------------------------
    reg [4:0]        tw_i;               // the warp the walk writes
    reg [5:0]        tw_nw;              // the CTA's warps
    reg [10:0]       tw_n0, tw_n1;       // its ntid.x, ntid.y (the launch may change)
    reg [5:0]        tw_p;               // the row's part
    reg [5:0]        tw_l;               // lane within the row
    reg [TIDW-1:0]   tx, ty, tz;
    reg              tw_fast;            // ntid.x >= TPC: TPC ids a cycle, else one
    // The walk's ids: with ntid.x >= TPC, the TPC threads from (tx, ty,
    // tz) wrap x at most once, so thread i's x is tx + i, less ntid.x
    // when that reaches it, and its y and z are (ty, tz) or their one step
    // (y + 1, or 0 and z + 1): TPC independent sums and compares, not a
    // chain of TPC increments whose carries run one after the other.
    // With a narrower box, one id a cycle (a single step of the walk).
    reg [TPC*3*TIDW-1:0] tw_ids;         // the ids a cycle (one: at 0)
    reg [TIDW-1:0]   tw_x, tw_y, tw_z;   // the walk's next position
    wire [TIDW-1:0]  ty_n = (ty + 1'b1 == tw_n1) ? {TIDW{1'b0}} : ty + 1'b1;   // y's step
    wire [TIDW-1:0]  tz_n = (ty + 1'b1 == tw_n1) ? tz + 1'b1 : tz;
    integer ti, wl;
    always @(*) begin : tw_gen
        reg [TIDW:0] a;                 // tx + i (one bit more: no overflow)
        tw_ids = {TPC*3*TIDW{1'b0}};
        a = {(TIDW+1){1'b0}};            // (assigned on every path: no latch)
        tw_x = tx; tw_y = ty; tw_z = tz;
        ti = 0;
        if (tw_fast) begin
            for (ti = 0; ti < TPC; ti = ti + 1) begin
                a = {1'b0, tx} + ti[TIDW:0];
                tw_ids[ti*3*TIDW +: 3*TIDW] = (a >= {1'b0, tw_n0}) ?
                    {tz_n, ty_n, a[TIDW-1:0] - tw_n0} : {tz, ty, a[TIDW-1:0]};
            end
            a = {1'b0, tx} + TPC[TIDW:0];
            {tw_z, tw_y, tw_x} = (a >= {1'b0, tw_n0}) ? {tz_n, ty_n, a[TIDW-1:0] - tw_n0}
                                                       : {tz, ty, a[TIDW-1:0]};
        end else begin
            tw_ids[0 +: 3*TIDW] = {tz, ty, tx};
            {tw_z, tw_y, tw_x} = (tx + 1'b1 == tw_n0) ? {tz_n, ty_n, {TIDW{1'b0}}}
                                                     : {tz, ty, tx + 1'b1};
        end
    end
    localparam [5:0] TPC6 = TPC[5:0];
    localparam [6:0] LANES7 = LANES[6:0];
    wire [5:0]       tw_step = tw_fast ? TPC6 : 6'd1;   // lanes written a cycle
    /* verilator lint_off WIDTH */
    wire [TR_AW-1:0] tw_row = tw_sl[tw_i[WID_W-1:0]] * PARTS + tw_p;
    /* verilator lint_on WIDTH */
    always @(posedge i_clk) begin
        o_tr_we <= 1'b0;
        if (o_start) begin
            tx <= {TIDW{1'b0}}; ty <= {TIDW{1'b0}}; tz <= {TIDW{1'b0}};
            o_tw_on <= 1'b1;
            tw_i <= 5'd0;
            tw_nw <= warps_q;
            tw_n0 <= i_ntid0;
            tw_n1 <= i_ntid1;
            tw_fast <= {5'd0, i_ntid0} >= {10'd0, TPC6};
            tw_p <= 6'd0;
            tw_l <= 6'd0;
        end
        // TPC ids a cycle into the rows of the CTA's warp tw_i once DS_SLOT
        // has started it
        if (o_tw_on && (!i_disp || tw_i < o_wi)) begin
            o_tr_we <= 1'b1;
            o_tr_waddr <= tw_row;
            o_tr_wlane <= (tw_fast ? {{(LANES-TPC){1'b0}}, {TPC{1'b1}}} : {{(LANES-1){1'b0}}, 1'b1}) << tw_l;
            for (wl = 0; wl < LANES; wl = wl + 1)
                o_tr_wdata[wl*3*TIDW +: 3*TIDW] <= tw_fast ? tw_ids[(wl % TPC)*3*TIDW +: 3*TIDW]
                                                           : tw_ids[0 +: 3*TIDW];
            tx <= tw_x; ty <= tw_y; tz <= tw_z;
            if ({1'b0, tw_l} + {1'b0, tw_step} == LANES7) begin
                tw_l <= 6'd0;
                if (tw_p + 6'd1 == PARTS6) begin
                    tw_p <= 6'd0;
                    o_tw_pend[tw_sl[tw_i[WID_W-1:0]]] <= 1'b0;
                    tw_i <= tw_i + 5'd1;
                    if ({1'b0, tw_i} + 6'd1 == tw_nw) o_tw_on <= 1'b0;
                end else tw_p <= tw_p + 6'd1;
            end else tw_l <= tw_l + tw_step;
        end
        if (o_slot_go) o_tw_pend[ds_s] <= 1'b1;
        if (i_reset) begin
            o_tw_on <= 1'b0;
            o_tw_pend <= {WARPS{1'b0}};
        end
    end

`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, job core;
    // asserts and covers only).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    // the walk only writes rows of warps DS_SLOT has started
    always @(*)
        if (f_past && !i_reset && o_tw_on && !i_disp) assert(tw_i < o_wi);
    // the CTA's warps a cycle old are the port's where they are read: the
    // fit's compare (not within two cycles of a launch), a CTA's start and
    // the slot walk
    reg f_lv = 1'b1;
    always @(posedge i_clk) f_lv <= i_launch_valid || i_reset;
    always @(*)
        if (f_past && !i_reset && (o_start || (i_disp && ds == DS_SLOT) ||
                                   (!ev && !f_lv)))
            assert(warps_q == i_warps);
    // the registered fit is conservative: a CTA it says fits does
    always @(*)
        if (f_past && !i_reset) begin
            if (o_disp_ok) assert({1'b0, i_nfree} >= {2'b0, i_warps});
            if (o_fit1 && i_threads != 11'd0) assert(i_nfree >= {1'b0, tm1[10:5]});
        end
`endif
endmodule
