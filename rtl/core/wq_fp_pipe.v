// wq_fp_pipe.v -- the valid bits and stage enables of an FP unit's
// pipeline: NS stages, one operation a cycle, valid/ready on both ends.
// The FPU's pipelined units (wq_fp_add, wq_fp_fma, wq_fp_cvt, wq_fp_cmp)
// instantiate it and load their stage-k registers when o_en[k] is high.
// docs/rtl/wq_fp_pipe.md.
//
// The rule: a stage takes its predecessor's operation when it is empty or
// its own operation moves on, en[k] = !v[k] || en[k+1], and after the last
// stage en[NS+1] = i_ready.  Unrolled, en[k] = i_ready || !(&v[NS:k]) (a
// stage or one after it is empty), one AND-reduction and an OR a stage.
// So bubbles collapse (an empty stage is filled even while i_ready is
// low), a full pipeline holds while i_ready is low, and o_ready = en[1]
// is combinational from i_ready.  An operation is taken when i_valid &&
// o_ready; its result leaves with o_valid && i_ready NS transfers later,
// in order: latency NS cycles when i_ready stays high.
//
// o_v is the stages' valid bits (the units' formal sections count the
// operations in flight with them).
`default_nettype none

module wq_fp_pipe #(
    parameter NS = 6                      // stages (>= 2)
) (
    input  wire            i_clk,
    input  wire            i_reset,
    // the operation offered to stage 1
    input  wire            i_valid,
    output wire            o_ready,
    // the last stage's operation
    output wire            o_valid,
    input  wire            i_ready,
    // stage k loads its registers when o_en[k]; o_v[k]: stage k holds one
    output wire [NS:1]     o_en,
    output wire [NS:1]     o_v
);
    reg  [NS:1] v;
    wire [NS:1] en;
    genvar gk;
    generate
        // (!v[k] || en[k+1] unrolled: stage k or one after it is empty)
        for (gk = 1; gk <= NS; gk = gk + 1) begin : g_en
            assign en[gk] = i_ready || !(&v[NS:gk]);
        end
    endgenerate
    assign o_ready = en[1];
    assign o_valid = v[NS];
    assign o_en    = en;
    assign o_v     = v;

    integer k;
    always @(posedge i_clk)
        if (i_reset)
            v <= {NS{1'b0}};
        else begin
            if (en[1]) v[1] <= i_valid;
            for (k = 2; k <= NS; k = k + 1)
                if (en[k]) v[k] <= v[k-1];
        end

`ifdef FORMAL
    // The environment: reset first; i_valid and i_ready are otherwise free.
    reg f_past_valid = 1'b0;
    always @(posedge i_clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(i_reset);

    // the operations in flight
    reg [7:0] f_n;
    integer   fv;
    always @(*) begin
        f_n = 8'd0;
        for (fv = 1; fv <= NS; fv = fv + 1)
            f_n = f_n + {7'd0, v[fv]};
    end

    integer fj;
    always @(posedge i_clk)
        // reset empties every stage
        if (f_past_valid && $past(i_reset)) begin
            assert(v == {NS{1'b0}});
        end else if (f_past_valid) begin
            // none lost, none made: in flight = before + taken - left
            assert(f_n == $past(f_n) + {7'd0, $past(i_valid && o_ready)}
                                     - {7'd0, $past(o_valid && i_ready)});
            // i_ready high: every stage moves one place on
            if ($past(i_ready))
                assert(v == {$past(v[NS-1:1]), $past(i_valid)});
            for (fj = 1; fj <= NS; fj = fj + 1) begin
                // a held stage keeps its operation
                if ($past(v[fj] && !en[fj]))
                    assert(v[fj]);
                // an empty stage with a valid predecessor is filled
                if (fj > 1 && $past(v[fj-1] && !v[fj]))
                    assert(v[fj]);
            end
        end
    always @(*)
        if (f_past_valid && !i_reset) begin
            // the stages before a held one are held only behind it: a stage
            // stops only when every stage after it is full and i_ready low
            assert(o_ready || (&v && !i_ready));
            if (i_ready) assert(&en);
        end

    // covers: a full pipeline held, a bubble collapsing while i_ready is
    // low, a result taken NS cycles after its operation
    reg [NS:1] f_pv = {NS{1'b0}};
    always @(posedge i_clk) f_pv <= v;
    always @(*)
        if (f_past_valid && !i_reset) begin
            c_full:  cover(&v && !i_ready);
            c_merge: cover(!i_ready && v[NS] && !v[NS-1] && v[1]);
            c_out:   cover(o_valid && i_ready && f_pv == {NS{1'b1}});
        end
`endif
endmodule
