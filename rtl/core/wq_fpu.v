// wq_fpu.v -- the pipelined core's floating-point unit: the WQ_IF_FP
// instructions off EX, committed through the completion path
// (docs/rtl/wq_fpu.md; the model's exec_fp.c).  Built as the division
// unit (wq_core_div): it holds one warp instruction at a time.
//
// A floating-point instruction's beats leave EX into this unit one a
// cycle, like an ALU instruction's, and EX goes on with other warps' beats
// the next cycle:
//
//   part beats   each part's operands (ra, and rb or the immediate) into
//                the operand buffer; FFMA's second pass (i_k = 1) brings
//                each part's rd row (the addend, read through the rb port);
//                a part with a selected lane is pending once its last
//                pass is in
//   commit beat  the instruction is complete (o_open drops)
//
// The units (FP_LANES lanes each, a divisor of LANES) take the pending
// parts one after the other, lowest first, and a part a slice of FP_LANES
// lanes at a time, lowest first: a slice a cycle while the unit of the
// instruction takes it (o_ready), its results written over the slice's
// first operands in the buffer as they leave the unit, in order.  Once
// every pending part's slices are written and the commit beat is in, the
// commit is ready (o_rdy): the core grants it the commit port between
// WB's commits (i_go, one cycle a beat):
//
//   register results  a beat a part (o_p, lowest first): the parts with a
//                     selected lane write o_row; RETIRE beside the last
//   FSETP             two beats: the predicate (o_pw: o_pred, a bit a
//                     thread, bit 0 of each lane's compare result), then
//                     RETIRE
//
// and the unit is free.  Another warp's FP instruction waits in EX until
// the unit is free (the structural hazard), other beats do not.  The unit
// has no side effect before its commit, and a warp has one instruction in
// flight, so nothing it holds needs to be dropped: a trap commit and a
// store that wrote code wait until it is free (wq_core).
//
// The units: wq_fp_add (FADD, FSUB), wq_fp_fma (FMUL, FFMA), wq_fp_cmp
// (FMIN, FMAX, FSETP, FCLASS), wq_fp_cvt (I2F, U2F, F2I, F2U), wq_fp_div
// (FDIV, FSQRT: iterative, a slice every 33 cycles): every WQ_IF_FP
// instruction.
`default_nettype none
`include "wq_defs.vh"

module wq_fpu #(
    parameter LANES    = 32,
    parameter FP_LANES = LANES,   // lanes of each unit (a divisor of LANES)
    parameter PCW      = 16,
    parameter WID_W    = 3
) (
    input  wire                 i_clk,
    input  wire                 i_reset,
    // EX: an FP instruction's beat leaves EX into the unit
    input  wire                 i_in,
    input  wire                 i_commit,     // ... its commit beat
    input  wire [5:0]           i_p,          // ... a part beat's part
    input  wire                 i_k,          // ... its pass (FFMA's second: the addend)
    input  wire [LANES-1:0]     i_lanes,      // ... the part's selected lanes
    input  wire [`WQ_OP_W-1:0]  i_op,
    input  wire [3:0]           i_fn,         // FSETP's compare, a conversion's rounding
    input  wire [WID_W-1:0]     i_w,
    input  wire [PCW-1:0]       i_pc,
    input  wire [63:0]          i_ir,
    input  wire [5:0]           i_rd,
    input  wire [31:0]          i_sel,
    input  wire [LANES*32-1:0]  i_a,          // ra
    input  wire [LANES*32-1:0]  i_b,          // rb or the immediate
    input  wire [LANES*32-1:0]  i_c,          // FFMA's second pass: rd
    output reg                  o_busy,       // an instruction is in the unit
    output reg                  o_open,       // ... its commit beat is not in yet
    // the completion: a beat a cycle while the core grants it the port
    input  wire                 i_go,
    output wire                 o_rdy,        // every part computed: the commit can start
    output reg                  o_on,         // the commit has emitted a beat, not its last
    output wire                 o_last,       // this beat is the last (RETIRE beside it)
    output wire                 o_pw,         // this beat is FSETP's predicate write
    output reg  [5:0]           o_p,          // this beat's part
    output wire [LANES*32-1:0]  o_row,        // ... its results
    output reg  [31:0]          o_pred,       // FSETP's compare bits, a bit a thread
    output reg  [WID_W-1:0]     o_w,
    output reg  [PCW-1:0]       o_pc,
    output reg  [63:0]          o_ir,
    output reg  [5:0]           o_rd,
    output reg  [31:0]          o_sel,
    output reg  [`WQ_OP_W-1:0]  o_op
);
    localparam PARTS = 32 / LANES;
    localparam PW = (PARTS > 1) ? $clog2(PARTS) : 1;
    localparam [5:0] LASTP = PARTS[5:0] - 6'd1;
    localparam SL = LANES / FP_LANES;       // slices a part
    localparam SW = (SL > 1) ? $clog2(SL) : 1;
    localparam integer SLM = SL - 1;
    localparam [SW-1:0] LASTQ = SLM[SW-1:0];
    localparam DW = FP_LANES * 32;          // a slice's bits in a row
    wire unused_p = &{1'b0, i_p, i_fn};     // (a part below PARTS: its low bits index it)
    generate if (FP_LANES < 1 || LANES % FP_LANES != 0) begin : g_bad
        wq_fpu_error_FP_LANES_does_not_divide_LANES u_error();
    end endgenerate

    wire o_setp = o_op == `WQ_OP_FSETP;
    // the instruction's last pass: FFMA's addend rows follow its operands
    wire last_k = (i_op == `WQ_OP_FFMA) ? i_k : 1'b1;

    // ---- the operand buffer (results over ra) --------------------------------
    // A row a part, as wq_core_div's: a part beat writes its part's rows,
    // the units' results overwrite the slice of the part they belong to
    // (always a part whose beats are all in: different rows)
    reg  [LANES*32-1:0] qa [0:PARTS-1];     // ra, then the results
    reg  [LANES*32-1:0] qb [0:PARTS-1];     // b
    reg  [LANES*32-1:0] qc [0:PARTS-1];     // FFMA's addend
    reg  [PARTS-1:0]  pend;                 // parts with slices still to issue
    reg  [PARTS-1:0]  wpend;                // parts with results still to write
    reg  [SW-1:0]     iq, rq;               // the slice issued next, written next
    wire              u_go;                 // a slice enters the unit
    wire              u_rv;                 // a slice's results leave it
    wire [DW-1:0]     u_res;

    // the lowest pending part (issued next) and the lowest part with
    // results owed (written next: results come back in issue order)
    reg  [PW-1:0] ip, rp;
    integer li;
    always @(*) begin
        ip = {PW{1'b0}};
        rp = {PW{1'b0}};
        for (li = PARTS - 1; li >= 0; li = li - 1) begin
            if (pend[li]) ip = li[PW-1:0];
            if (wpend[li]) rp = li[PW-1:0];
        end
    end

    integer wi;
    always @(posedge i_clk) begin
        if (i_in && !i_commit && !i_k) begin
            qa[i_p[PW-1:0]] <= i_a;
            qb[i_p[PW-1:0]] <= i_b;
        end
        if (i_in && !i_commit && i_k)
            qc[i_p[PW-1:0]] <= i_c;
        for (wi = 0; wi < SL; wi = wi + 1)
            if (u_rv && rq == wi[SW-1:0])
                qa[rp][wi*DW +: DW] <= u_res;
    end

    // the instruction
    always @(posedge i_clk)
        if (i_in && !o_busy) begin
            o_w <= i_w; o_pc <= i_pc; o_ir <= i_ir; o_rd <= i_rd; o_sel <= i_sel; o_op <= i_op;
        end
    reg  [3:0] fn_q;
    always @(posedge i_clk)
        if (i_in && !o_busy) fn_q <= i_fn;

    // ---- the slice issued: part ip, slice iq --------------------------------
    wire [LANES*32-1:0] ra_r = qa[ip], rb_r = qb[ip], rc_r = qc[ip];
    reg  [DW-1:0] s_a, s_b, s_c;
    integer qi;
    always @(*) begin
        s_a = ra_r[DW-1:0];
        s_b = rb_r[DW-1:0];
        s_c = rc_r[DW-1:0];
        for (qi = 1; qi < SL; qi = qi + 1)
            if (iq == qi[SW-1:0]) begin
                s_a = ra_r[qi*DW +: DW];
                s_b = rb_r[qi*DW +: DW];
                s_c = rc_r[qi*DW +: DW];
            end
    end

    // ---- the units: FP_LANES lanes each, driven in lockstep -------------------
    // (every lane of a unit takes and gives a slice in the same cycle: lane
    // 0's handshake stands for the slice's)
    // (the instruction's unit: one is busy at a time, so the results of
    // the others are never valid and the result is an OR of theirs)
    wire          is_add = o_op == `WQ_OP_FADD || o_op == `WQ_OP_FSUB;
    wire          is_fma = o_op == `WQ_OP_FMUL || o_op == `WQ_OP_FFMA;
    wire          is_cmp = o_op == `WQ_OP_FMIN || o_op == `WQ_OP_FMAX || o_op == `WQ_OP_FSETP ||
                           o_op == `WQ_OP_FCLASS;
    wire [1:0]    cmp_op = (o_op == `WQ_OP_FMIN) ? 2'd0 : (o_op == `WQ_OP_FMAX) ? 2'd1 :
                           (o_op == `WQ_OP_FSETP) ? 2'd2 : 2'd3;
    wire          is_cvt = o_op == `WQ_OP_I2F || o_op == `WQ_OP_U2F || o_op == `WQ_OP_F2I ||
                           o_op == `WQ_OP_F2U;
    wire [1:0]    cvt_op = (o_op == `WQ_OP_I2F) ? 2'd0 : (o_op == `WQ_OP_U2F) ? 2'd1 :
                           (o_op == `WQ_OP_F2I) ? 2'd2 : 2'd3;
    wire          is_div = o_op == `WQ_OP_FDIV || o_op == `WQ_OP_FSQRT;
    wire          u_rdy;
    wire [FP_LANES-1:0] add_rdy, add_v, fma_rdy, fma_v, cmp_rdy, cmp_v, cvt_rdy, cvt_v;
    wire [FP_LANES-1:0] div_rdy, div_v;
    wire [DW-1:0] add_res, fma_res, cmp_res, cvt_res, div_res;
    genvar gl;
    generate for (gl = 0; gl < FP_LANES; gl = gl + 1) begin : g_lane
        wq_fp_add u_add (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_valid(u_go && is_add), .o_ready(add_rdy[gl]), .i_sub(o_op == `WQ_OP_FSUB),
            .i_a(s_a[gl*32 +: 32]), .i_b(s_b[gl*32 +: 32]),
            .o_valid(add_v[gl]), .i_ready(1'b1), .o_res(add_res[gl*32 +: 32]));
        wq_fp_fma u_fma (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_valid(u_go && is_fma), .o_ready(fma_rdy[gl]), .i_fma(o_op == `WQ_OP_FFMA),
            .i_a(s_a[gl*32 +: 32]), .i_b(s_b[gl*32 +: 32]), .i_c(s_c[gl*32 +: 32]),
            .o_valid(fma_v[gl]), .i_ready(1'b1), .o_res(fma_res[gl*32 +: 32]));
        wq_fp_cmp u_cmp (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_valid(u_go && is_cmp), .o_ready(cmp_rdy[gl]), .i_op(cmp_op), .i_cc(fn_q),
            .i_a(s_a[gl*32 +: 32]), .i_b(s_b[gl*32 +: 32]),
            .o_valid(cmp_v[gl]), .i_ready(1'b1), .o_res(cmp_res[gl*32 +: 32]));
        wq_fp_cvt u_cvt (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_valid(u_go && is_cvt), .o_ready(cvt_rdy[gl]), .i_op(cvt_op), .i_rm(fn_q[1:0]),
            .i_b(s_b[gl*32 +: 32]),
            .o_valid(cvt_v[gl]), .i_ready(1'b1), .o_res(cvt_res[gl*32 +: 32]));
        // (iterative: it takes the next slice once it has given this one's results)
        wq_fp_div u_div (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_valid(u_go && is_div), .o_ready(div_rdy[gl]), .i_op(o_op == `WQ_OP_FSQRT),
            .i_a(s_a[gl*32 +: 32]), .i_b(s_b[gl*32 +: 32]),
            .o_valid(div_v[gl]), .i_ready(1'b1), .o_res(div_res[gl*32 +: 32]));
    end endgenerate
    wire unused_u = &{1'b0, add_rdy, add_v, fma_rdy, fma_v, cmp_rdy, cmp_v, cvt_rdy, cvt_v,
                      div_rdy, div_v};
    assign u_rdy = is_add ? add_rdy[0] : is_fma ? fma_rdy[0] : is_cmp ? cmp_rdy[0] :
                   is_cvt ? cvt_rdy[0] : is_div ? div_rdy[0] : 1'b0;
    assign u_rv  = add_v[0] || fma_v[0] || cmp_v[0] || cvt_v[0] || div_v[0];
    assign u_res = (add_v[0] ? add_res : {DW{1'b0}}) | (fma_v[0] ? fma_res : {DW{1'b0}}) |
                   (cmp_v[0] ? cmp_res : {DW{1'b0}}) | (cvt_v[0] ? cvt_res : {DW{1'b0}}) |
                   (div_v[0] ? div_res : {DW{1'b0}});

    assign u_go = o_busy && pend != {PARTS{1'b0}} && u_rdy;
    always @(posedge i_clk) begin
        if (i_in && !i_commit && last_k && i_lanes != {LANES{1'b0}})
            pend[i_p[PW-1:0]] <= 1'b1;
        if (u_go) begin
            iq <= (iq == LASTQ) ? {SW{1'b0}} : iq + {{(SW-1){1'b0}}, 1'b1};
            if (iq == LASTQ) pend[ip] <= 1'b0;
            if (iq == {SW{1'b0}}) wpend[ip] <= 1'b1;
        end
        if (u_rv) begin
            rq <= (rq == LASTQ) ? {SW{1'b0}} : rq + {{(SW-1){1'b0}}, 1'b1};
            if (rq == LASTQ) wpend[rp] <= 1'b0;
        end
        if (i_reset) begin
            pend <= {PARTS{1'b0}}; wpend <= {PARTS{1'b0}};
            iq <= {SW{1'b0}}; rq <= {SW{1'b0}};
        end
    end

    // ---- FSETP's predicate: bit 0 of each lane's result, a bit a thread ------
    integer pi, pl;
    always @(*) begin
        o_pred = 32'd0;
        for (pi = 0; pi < PARTS; pi = pi + 1)
            for (pl = 0; pl < LANES; pl = pl + 1)
                o_pred[pi * LANES + pl] = qa[pi][pl * 32];
    end

    // ---- the completion -----------------------------------------------------
    assign o_rdy  = o_busy && !o_open && pend == {PARTS{1'b0}} && wpend == {PARTS{1'b0}};
    // (FSETP: o_p stays 0, pw_done tells its two beats apart)
    reg    pw_done;
    assign o_last = o_setp ? pw_done : o_p == LASTP;
    assign o_pw   = o_setp && !pw_done;
    assign o_row  = qa[o_p[PW-1:0]];
    always @(posedge i_clk) begin
        if (i_in) begin
            o_busy <= 1'b1;
            o_open <= !i_commit;
        end
        if (i_go) begin
            o_p <= (o_last || o_setp) ? 6'd0 : o_p + 6'd1;
            pw_done <= o_pw;
            o_on <= !o_last;
            if (o_last) o_busy <= 1'b0;
        end
        if (i_reset) begin
            o_busy <= 1'b0; o_open <= 1'b0; o_on <= 1'b0; o_p <= 6'd0; pw_done <= 1'b0;
        end
    end

`ifdef FORMAL
    // The core's protocol, assumed: an instruction's first beat is part 0
    // of a free unit, its parts come in order (FFMA: every part's
    // operands, then every part's addend) and its commit beat last; the
    // commit port is granted only to a ready or running commit.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);
    reg [6:0] f_next;                       // the part beat expected next (both passes)
    always @(posedge i_clk)
        if (i_reset || (i_go && o_last)) f_next <= 7'd0;
        else if (i_in && !i_commit) f_next <= f_next + 7'd1;
    wire [7:0] f_beats = (o_op == `WQ_OP_FFMA) ? 2 * PARTS : PARTS;
    // slices in the unit: issued, results not yet written
    reg [7:0] f_fly;
    always @(posedge i_clk)
        if (i_reset) f_fly <= 8'd0;
        else f_fly <= f_fly + (u_go ? 8'd1 : 8'd0) - (u_rv ? 8'd1 : 8'd0);
    always @(*) begin
        if (i_in && !o_busy) assume(!i_commit && i_p == 6'd0 && !i_k);
        if (i_in && o_busy) assume(i_op == o_op);
        if (i_in) assume(!o_busy || o_open);
        if (i_in && !i_commit) assume({1'b0, i_p} == ((i_op == `WQ_OP_FFMA && f_next >= PARTS) ?
                                                     f_next - PARTS : f_next) &&
                                      i_k == (i_op == `WQ_OP_FFMA && f_next >= PARTS) &&
                                      i_p < PARTS);
        if (i_in && i_commit) assume({1'b0, f_next} == f_beats);
        if (i_go) assume(o_rdy || o_on);
        if (i_go) assume(!i_in);
        // a unit (cut to free outputs in the formal jobs) gives a result
        // only for a slice it took
        if (f_fly == 8'd0) assume(!u_rv);
    end
    wire f_ffma = o_op == `WQ_OP_FFMA;
    // slices issued and written since the instruction came in
    reg [7:0] f_iss, f_wr;
    always @(posedge i_clk)
        if (i_reset || !o_busy) begin
            f_iss <= 8'd0; f_wr <= 8'd0;
        end else begin
            if (u_go) f_iss <= f_iss + 8'd1;
            if (u_rv) f_wr <= f_wr + 8'd1;
        end
    always @(*) if (f_past && !i_reset) begin
        // work only while the unit holds an instruction; the commit walks
        // only a complete one, its part counter in range
        if (pend != {PARTS{1'b0}} || wpend != {PARTS{1'b0}}) assert(o_busy);
        if (u_go) assert(o_busy);
        if (o_on) assert(o_busy && !o_open && pend == {PARTS{1'b0}} &&
                         wpend == {PARTS{1'b0}} && (o_p != 6'd0 || pw_done));
        if (!o_on) assert(o_p == 6'd0 && !pw_done);
        if (pw_done) assert(o_setp);
        if (o_setp) assert(o_p == 6'd0);
        assert(o_p < PARTS);
        if (!o_busy) assert(f_next == 7'd0 && !o_open && f_fly == 8'd0 && iq == {SW{1'b0}} &&
                            rq == {SW{1'b0}});
        if (o_busy && !o_open) assert({1'b0, f_next} == f_beats);
        // every slice in a unit was issued for this instruction and is
        // owed a write: the slices in flight are those issued and not yet
        // written, and while any is, a part is owed results
        assert(f_fly == f_iss - f_wr && f_wr <= f_iss);
        if (f_fly != 8'd0) assert(wpend != {PARTS{1'b0}});
        // the slice counters: the issue's within the part issued, the
        // writes' within the part written, and a part neither issued nor
        // owed results leaves both at 0
        if (pend == {PARTS{1'b0}}) assert(iq == {SW{1'b0}});
        if (wpend == {PARTS{1'b0}}) assert(rq == {SW{1'b0}} && f_fly == 8'd0);
        assert({1'b0, iq} <= {1'b0, LASTQ} && {1'b0, rq} <= {1'b0, LASTQ});
        // a part is issued only once its last pass is in (it came in
        // before the beats that still come: a part beat never overwrites
        // a part being computed); a part still being issued is the only
        // one both pending and owed results, mid-way through its slices
        for (li = 0; li < PARTS; li = li + 1) begin
            if (pend[li] || wpend[li]) assert(li + (f_ffma ? PARTS : 0) < f_next);
            if (pend[li] && wpend[li]) assert(li == ip && iq != {SW{1'b0}});
            if (wpend[li] && !pend[li] && pend != {PARTS{1'b0}}) assert(li < ip);
        end
        if (o_rdy) assert(f_fly == 8'd0);
    end
    reg f_res = 1'b0;                       // a result was written for it
    always @(posedge i_clk)
        if (i_reset || !o_busy) f_res <= 1'b0;
        else if (u_rv) f_res <= 1'b1;
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            c_commit: cover(i_go && o_last && f_res);
            c_overlap: cover(i_in && !i_commit && u_go);
            c_setp: cover(i_go && o_pw);
        end
    generate if (SL > 1) begin : g_fslice
        always @(posedge i_clk)
            if (f_past && !i_reset)
                c_slice: cover(u_go && iq == LASTQ && f_fly != 8'd0);
    end endgenerate
`endif
endmodule
