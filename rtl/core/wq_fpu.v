// wq_fpu.v -- the pipelined core's floating-point unit: the WQ_IF_FP
// instructions off EX, committed through the completion path
// (docs/rtl/wq_fpu.md; the model's exec_fp.c).  It holds up to SLOTS warp
// instructions: one being filled and issued into the units, the others'
// slices in the units' pipelines or their results waiting to commit.
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
// An instruction takes a slot (its fields and its result rows) with its
// first beat; the slots are a queue, committed in the order they were
// taken.  The units (FP_LANES lanes each, a divisor of LANES) take the
// pending parts of the instruction in the operand buffer one after the
// other, lowest first, and a part a slice of FP_LANES lanes at a time,
// lowest first: a slice a cycle while its unit takes it (o_ready).  Each
// slice entering a unit leaves a tag (slot, part, slice) in the tag queue;
// the units give results in the order the slices went in (a slice enters
// another unit than the one holding slices only once they have all left,
// so the results of different units never pass each other), and each
// result is written into the row the oldest tag names.  Once the
// instruction's last slice has entered a unit and its commit beat is in,
// the operand buffer takes the next instruction (o_free, a slot free),
// while the earlier ones' slices are still in the units.
//
// The oldest slot is ready to commit (o_rdy) once it has left the operand
// buffer and no tag names it; the core grants it the commit port between
// WB's commits (i_go, one cycle a beat):
//
//   register results  a beat a part (o_p, lowest first): the parts with a
//                     selected lane write o_row; RETIRE beside the last
//   FSETP             two beats: the predicate (o_pw: o_pred, a bit a
//                     thread, bit 0 of each lane's compare result), then
//                     RETIRE
//
// and its slot is free.  A warp has one instruction in flight, so the
// slots hold different warps' instructions and their commit order is
// free (the model follows the core's commits); the unit keeps the order
// they came in.  Another warp's FP instruction waits in EX while the
// operand buffer holds one or no slot is free (the structural hazard),
// other beats do not.  The unit has no side effect before a commit, so
// nothing it holds needs to be dropped: a trap commit and a store that
// wrote code wait until it is empty (wq_core).
//
// The units: wq_fp_add (FADD, FSUB), wq_fp_fma (FMUL, FFMA), wq_fp_cmp
// (FMIN, FMAX, FSETP, FCLASS), wq_fp_cvt (I2F, U2F, F2I, F2U), wq_fp_div
// (FDIV, FSQRT: iterative, a slice at a time): every WQ_IF_FP
// instruction.
`default_nettype none
`include "wq_defs.vh"

module wq_fpu #(
    parameter LANES    = 32,
    parameter FP_LANES = LANES,   // lanes of each unit (a divisor of LANES)
    parameter SLOTS    = 4,       // instructions the unit holds (2 or more)
    parameter PCW      = 16,
    parameter WID_W    = 3,
    parameter RF_AW    = 10
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
    input  wire [RF_AW-1:0]     i_rr,         // ... rd's part 0 row (wq_de_stage)
    input  wire                 i_rpk,        // ... rd is packed: every part at i_rr
    input  wire [31:0]          i_sel,
    input  wire [LANES*32-1:0]  i_a,          // ra
    input  wire [LANES*32-1:0]  i_b,          // rb or the immediate
    input  wire [LANES*32-1:0]  i_c,          // FFMA's second pass: rd
    output wire                 o_busy,       // an instruction is in the unit
    output reg                  o_open,       // ... the operand buffer's commit beat is not in yet
    output wire                 o_free,       // a new instruction's first beat can enter
    output wire                 o_more,       // an instruction besides the oldest
    // the completion: a beat a cycle while the core grants it the port
    input  wire                 i_go,
    output wire                 o_rdy,        // the oldest's parts computed: its commit can start
    output reg                  o_on,         // the commit has emitted a beat, not its last
    output wire                 o_last,       // this beat is the last (RETIRE beside it)
    output wire                 o_pw,         // this beat is FSETP's predicate write
    output reg  [5:0]           o_p,          // this beat's part
    output wire [LANES*32-1:0]  o_row,        // ... its results
    output reg  [31:0]          o_pred,       // FSETP's compare bits, a bit a thread
    output wire [WID_W-1:0]     o_w,
    output wire [PCW-1:0]       o_pc,
    output wire [63:0]          o_ir,
    output wire [5:0]           o_rd,
    output wire [RF_AW-1:0]     o_rr,
    output wire                 o_rpk,
    output wire [31:0]          o_sel,
    output wire [`WQ_OP_W-1:0]  o_op
);
    localparam PARTS = 32 / LANES;
    localparam PW = (PARTS > 1) ? $clog2(PARTS) : 1;
    localparam [5:0] LASTP = PARTS[5:0] - 6'd1;
    localparam SL = LANES / FP_LANES;       // slices a part
    localparam SW = (SL > 1) ? $clog2(SL) : 1;
    localparam integer SLM = SL - 1;
    localparam [SW-1:0] LASTQ = SLM[SW-1:0];
    localparam DW = FP_LANES * 32;          // a slice's bits in a row
    localparam HW = (SLOTS > 1) ? $clog2(SLOTS) : 1;    // a slot's index
    localparam CW = $clog2(SLOTS + 1);                  // slots taken
    localparam [HW-1:0] LASTH = SLOTS[HW-1:0] - {{(HW-1){1'b0}}, 1'b1};
    localparam [CW-1:0] NSLOT = SLOTS[CW-1:0];
    // the tag queue: at least a tag a stage of the deepest unit (wq_fp_fma:
    // 7), so it never holds the FMA's issue back
    localparam TD = 8;
    localparam [3:0] TDN = 4'd8;
    wire unused_p = &{1'b0, i_p, i_fn};     // (a part below PARTS: its low bits index it)
    generate if (FP_LANES < 1 || LANES % FP_LANES != 0) begin : g_bad
        wq_fpu_error_FP_LANES_does_not_divide_LANES u_error();
    end endgenerate
    generate if (SLOTS < 2 || (SLOTS & (SLOTS - 1)) != 0) begin : g_bad_slots
        wq_fpu_error_SLOTS_is_not_a_power_of_2_above_1 u_error();
    end endgenerate

    // ---- the slots: a queue, oldest first (hd), taken at tl -----------------------
    reg  [HW-1:0]  hd, tl, in_s;            // oldest slot, next to take, the operand buffer's
    reg  [CW-1:0]  n_s;                     // slots taken
    reg  [PARTS-1:0] pend;                  // the operand buffer's parts with slices to issue
    reg  [`WQ_OP_W-1:0] in_op;              // ... its instruction's operation
    reg  [3:0]     in_fn;
    wire           in_v = o_open || pend != {PARTS{1'b0}};  // the operand buffer holds one
    wire           take = i_in && !in_v;    // a new instruction's first beat: a slot
    wire           done = i_go && o_last;   // the oldest's last commit beat: its slot frees
    assign o_busy = n_s != {CW{1'b0}};
    assign o_free = !in_v && n_s != NSLOT;
    assign o_more = n_s > {{(CW-1){1'b0}}, 1'b1};
    always @(posedge i_clk) begin
        if (take) begin
            in_s <= tl;
            tl <= (tl == LASTH) ? {HW{1'b0}} : tl + {{(HW-1){1'b0}}, 1'b1};
            in_op <= i_op;
            in_fn <= i_fn;
        end
        if (done)
            hd <= (hd == LASTH) ? {HW{1'b0}} : hd + {{(HW-1){1'b0}}, 1'b1};
        if (take && !done) n_s <= n_s + {{(CW-1){1'b0}}, 1'b1};
        if (!take && done) n_s <= n_s - {{(CW-1){1'b0}}, 1'b1};
        if (i_reset) begin
            hd <= {HW{1'b0}}; tl <= {HW{1'b0}}; in_s <= {HW{1'b0}}; n_s <= {CW{1'b0}};
        end
    end
    // each slot's instruction, written as it takes the slot
    reg  [WID_W-1:0]    s_w  [0:SLOTS-1];
    reg  [PCW-1:0]      s_pc [0:SLOTS-1];
    reg  [63:0]         s_ir [0:SLOTS-1];
    reg  [5:0]          s_rd [0:SLOTS-1];
    reg  [RF_AW-1:0]    s_rr [0:SLOTS-1];
    reg                 s_rpk[0:SLOTS-1];
    reg  [31:0]         s_sel[0:SLOTS-1];
    reg  [`WQ_OP_W-1:0] s_op [0:SLOTS-1];
    always @(posedge i_clk)
        if (take) begin
            s_w[tl] <= i_w; s_pc[tl] <= i_pc; s_ir[tl] <= i_ir; s_rd[tl] <= i_rd;
            s_sel[tl] <= i_sel; s_op[tl] <= i_op; s_rr[tl] <= i_rr; s_rpk[tl] <= i_rpk;
        end
    assign o_w = s_w[hd]; assign o_pc = s_pc[hd]; assign o_ir = s_ir[hd];
    assign o_rd = s_rd[hd]; assign o_sel = s_sel[hd]; assign o_op = s_op[hd];
    assign o_rr = s_rr[hd]; assign o_rpk = s_rpk[hd];
    wire o_setp = o_op == `WQ_OP_FSETP;
    // the instruction's last pass: FFMA's addend rows follow its operands
    wire last_k = (i_op == `WQ_OP_FFMA) ? i_k : 1'b1;

    // ---- the operand buffer --------------------------------------------------------
    // A row a part, as wq_core_div's: a part beat writes its part's rows;
    // the units read the part being issued (a part whose beats are all in)
    reg  [LANES*32-1:0] qa [0:PARTS-1];     // ra
    reg  [LANES*32-1:0] qb [0:PARTS-1];     // b
    reg  [LANES*32-1:0] qc [0:PARTS-1];     // FFMA's addend
    reg  [SW-1:0]       iq;                 // the slice issued next
    wire                u_go;               // a slice enters its unit
    wire                u_rv;               // a slice's results leave their unit
    wire [DW-1:0]       u_res;
    // the lowest pending part (issued next)
    reg  [PW-1:0] ip;
    integer li;
    always @(*) begin
        ip = {PW{1'b0}};
        for (li = PARTS - 1; li >= 0; li = li - 1)
            if (pend[li]) ip = li[PW-1:0];
    end
    always @(posedge i_clk) begin
        if (i_in && !i_commit && !i_k) begin
            qa[i_p[PW-1:0]] <= i_a;
            qb[i_p[PW-1:0]] <= i_b;
        end
        if (i_in && !i_commit && i_k)
            qc[i_p[PW-1:0]] <= i_c;
    end

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
    // (the operand buffer's instruction picks the unit a slice enters; an
    // operation's own inputs (FSUB, FFMA, the compare, the rounding) go in
    // with it and travel down the unit's pipeline)
    wire          is_add = in_op == `WQ_OP_FADD || in_op == `WQ_OP_FSUB;
    wire          is_fma = in_op == `WQ_OP_FMUL || in_op == `WQ_OP_FFMA;
    wire          is_cmp = in_op == `WQ_OP_FMIN || in_op == `WQ_OP_FMAX || in_op == `WQ_OP_FSETP ||
                           in_op == `WQ_OP_FCLASS;
    wire [1:0]    cmp_op = (in_op == `WQ_OP_FMIN) ? 2'd0 : (in_op == `WQ_OP_FMAX) ? 2'd1 :
                           (in_op == `WQ_OP_FSETP) ? 2'd2 : 2'd3;
    wire          is_cvt = in_op == `WQ_OP_I2F || in_op == `WQ_OP_U2F || in_op == `WQ_OP_F2I ||
                           in_op == `WQ_OP_F2U;
    wire [1:0]    cvt_op = (in_op == `WQ_OP_I2F) ? 2'd0 : (in_op == `WQ_OP_U2F) ? 2'd1 :
                           (in_op == `WQ_OP_F2I) ? 2'd2 : 2'd3;
    wire          is_div = in_op == `WQ_OP_FDIV || in_op == `WQ_OP_FSQRT;
    // (the unit as a code: slices enter another unit only once the tag
    // queue is empty)
    wire [2:0]    in_u = is_add ? 3'd0 : is_fma ? 3'd1 : is_cmp ? 3'd2 : is_cvt ? 3'd3 : 3'd4;
    wire          u_rdy;
    wire [FP_LANES-1:0] add_rdy, add_v, fma_rdy, fma_v, cmp_rdy, cmp_v, cvt_rdy, cvt_v;
    wire [FP_LANES-1:0] div_rdy, div_v;
    wire [DW-1:0] add_res, fma_res, cmp_res, cvt_res, div_res;
    genvar gl;
    generate for (gl = 0; gl < FP_LANES; gl = gl + 1) begin : g_lane
        wq_fp_add u_add (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_valid(u_go && is_add), .o_ready(add_rdy[gl]), .i_sub(in_op == `WQ_OP_FSUB),
            .i_a(s_a[gl*32 +: 32]), .i_b(s_b[gl*32 +: 32]),
            .o_valid(add_v[gl]), .i_ready(1'b1), .o_res(add_res[gl*32 +: 32]));
        wq_fp_fma u_fma (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_valid(u_go && is_fma), .o_ready(fma_rdy[gl]), .i_fma(in_op == `WQ_OP_FFMA),
            .i_a(s_a[gl*32 +: 32]), .i_b(s_b[gl*32 +: 32]), .i_c(s_c[gl*32 +: 32]),
            .o_valid(fma_v[gl]), .i_ready(1'b1), .o_res(fma_res[gl*32 +: 32]));
        wq_fp_cmp u_cmp (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_valid(u_go && is_cmp), .o_ready(cmp_rdy[gl]), .i_op(cmp_op), .i_cc(in_fn),
            .i_a(s_a[gl*32 +: 32]), .i_b(s_b[gl*32 +: 32]),
            .o_valid(cmp_v[gl]), .i_ready(1'b1), .o_res(cmp_res[gl*32 +: 32]));
        wq_fp_cvt u_cvt (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_valid(u_go && is_cvt), .o_ready(cvt_rdy[gl]), .i_op(cvt_op), .i_rm(in_fn[1:0]),
            .i_b(s_b[gl*32 +: 32]),
            .o_valid(cvt_v[gl]), .i_ready(1'b1), .o_res(cvt_res[gl*32 +: 32]));
        // (iterative: it takes the next slice once it has given this one's results)
        wq_fp_div u_div (
            .i_clk(i_clk), .i_reset(i_reset),
            .i_valid(u_go && is_div), .o_ready(div_rdy[gl]), .i_op(in_op == `WQ_OP_FSQRT),
            .i_a(s_a[gl*32 +: 32]), .i_b(s_b[gl*32 +: 32]),
            .o_valid(div_v[gl]), .i_ready(1'b1), .o_res(div_res[gl*32 +: 32]));
    end endgenerate
    wire unused_u = &{1'b0, add_rdy, add_v, fma_rdy, fma_v, cmp_rdy, cmp_v, cvt_rdy, cvt_v,
                      div_rdy, div_v};
    assign u_rdy = is_add ? add_rdy[0] : is_fma ? fma_rdy[0] : is_cmp ? cmp_rdy[0] :
                   is_cvt ? cvt_rdy[0] : is_div ? div_rdy[0] : 1'b0;
    // (the slices in flight are all in one unit: the others give nothing)
    assign u_rv  = add_v[0] || fma_v[0] || cmp_v[0] || cvt_v[0] || div_v[0];
    assign u_res = (add_v[0] ? add_res : {DW{1'b0}}) | (fma_v[0] ? fma_res : {DW{1'b0}}) |
                   (cmp_v[0] ? cmp_res : {DW{1'b0}}) | (cvt_v[0] ? cvt_res : {DW{1'b0}}) |
                   (div_v[0] ? div_res : {DW{1'b0}});

    // ---- the tag queue: a tag a slice in a unit, in the order they went in -------
    reg  [HW-1:0] t_s [0:TD-1];             // the slice's slot
    reg  [PW-1:0] t_p [0:TD-1];             // ... its part
    reg  [SW-1:0] t_q [0:TD-1];             // ... its slice
    reg  [2:0]    t_wp, t_rp;               // next tag written, oldest tag
    reg  [3:0]    t_n;                      // tags held
    reg  [2:0]    t_u;                      // the unit holding the slices in flight
    wire          t_same = t_n == 4'd0 || t_u == in_u;
    assign u_go = pend != {PARTS{1'b0}} && u_rdy && t_n != TDN && t_same;
    always @(posedge i_clk)
        if (u_go) begin
            t_s[t_wp] <= in_s; t_p[t_wp] <= ip; t_q[t_wp] <= iq;
        end
    always @(posedge i_clk) begin
        if (u_go) begin
            t_wp <= t_wp + 3'd1;
            t_u <= in_u;
        end
        if (u_rv) t_rp <= t_rp + 3'd1;
        if (u_go && !u_rv) t_n <= t_n + 4'd1;
        if (!u_go && u_rv) t_n <= t_n - 4'd1;
        if (i_reset) begin
            t_wp <= 3'd0; t_rp <= 3'd0; t_n <= 4'd0; t_u <= 3'd0;
        end
    end
    wire [HW-1:0] r_s = t_s[t_rp];          // the result's row: the oldest tag's
    wire [PW-1:0] r_p = t_p[t_rp];
    wire [SW-1:0] r_q = t_q[t_rp];

    // the issue: a slice a cycle, the part's last one clears it
    always @(posedge i_clk) begin
        if (i_in && !i_commit && last_k && i_lanes != {LANES{1'b0}})
            pend[i_p[PW-1:0]] <= 1'b1;
        if (u_go) begin
            iq <= (iq == LASTQ) ? {SW{1'b0}} : iq + {{(SW-1){1'b0}}, 1'b1};
            if (iq == LASTQ) pend[ip] <= 1'b0;
        end
        if (i_reset) begin
            pend <= {PARTS{1'b0}};
            iq <= {SW{1'b0}};
        end
    end

    // ---- the result rows: a row a part of each slot --------------------------------
    reg  [LANES*32-1:0] qr [0:SLOTS*PARTS-1];
    integer rs, rpp, rqq;
    always @(posedge i_clk)
        for (rs = 0; rs < SLOTS; rs = rs + 1)
            for (rpp = 0; rpp < PARTS; rpp = rpp + 1)
                for (rqq = 0; rqq < SL; rqq = rqq + 1)
                    if (u_rv && r_s == rs[HW-1:0] && r_p == rpp[PW-1:0] && r_q == rqq[SW-1:0])
                        qr[rs * PARTS + rpp][rqq*DW +: DW] <= u_res;

    // ---- the oldest slot's rows (its commit reads them) ----------------------------
    wire [LANES*32-1:0] h_row [0:PARTS-1];
    genvar gp;
    generate for (gp = 0; gp < PARTS; gp = gp + 1) begin : g_hrow
        if (PARTS > 1) begin : g_ix
            wire [HW+PW-1:0] ix = {hd, gp[PW-1:0]};
            assign h_row[gp] = qr[ix];
        end else begin : g_ix1
            assign h_row[gp] = qr[hd];
        end
    end endgenerate

    // ---- FSETP's predicate: bit 0 of each lane's result, a bit a thread ------
    integer pi, pl;
    always @(*) begin
        o_pred = 32'd0;
        for (pi = 0; pi < PARTS; pi = pi + 1)
            for (pl = 0; pl < LANES; pl = pl + 1)
                o_pred[pi * LANES + pl] = h_row[pi][pl * 32];
    end

    // ---- the completion: the oldest slot ----------------------------------------
    // (ready once it has left the operand buffer and no tag names it: the
    // tags are in slot order, so the oldest tag's is the oldest slot owed)
    assign o_rdy  = o_busy && !(in_v && in_s == hd) && !(t_n != 4'd0 && r_s == hd);
    // (FSETP: o_p stays 0, pw_done tells its two beats apart)
    reg    pw_done;
    assign o_last = o_setp ? pw_done : o_p == LASTP;
    assign o_pw   = o_setp && !pw_done;
    assign o_row  = h_row[o_p[PW-1:0]];
    always @(posedge i_clk) begin
        if (i_in)
            o_open <= !i_commit;
        if (i_go) begin
            o_p <= (o_last || o_setp) ? 6'd0 : o_p + 6'd1;
            pw_done <= o_pw;
            o_on <= !o_last;
        end
        if (i_reset) begin
            o_open <= 1'b0; o_on <= 1'b0; o_p <= 6'd0; pw_done <= 1'b0;
        end
    end

`ifdef FORMAL
    // The core's protocol, assumed: an instruction's first beat is part 0
    // into a free operand buffer with a slot free, its parts come in order
    // (FFMA: every part's operands, then every part's addend) and its
    // commit beat last; the commit port is granted only to a ready or
    // running commit; a unit (cut to free outputs in the formal jobs) gives
    // a result only while a slice is in one.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);
    reg [6:0] f_next;                       // the part beat expected next (both passes)
    always @(posedge i_clk)
        if (i_reset || (i_in && i_commit)) f_next <= 7'd0;
        else if (i_in) f_next <= f_next + 7'd1;
    wire       f_ffma = in_op == `WQ_OP_FFMA;
    wire [7:0] f_beats = f_ffma ? 2 * PARTS : PARTS;
    always @(*) begin
        if (take) assume(!i_commit && i_p == 6'd0 && !i_k);
        if (i_in && o_open) assume(i_op == in_op);
        if (i_in) assume(o_open || o_free);
        if (i_in && !i_commit) assume({1'b0, i_p} == ((i_op == `WQ_OP_FFMA && f_next >= PARTS) ?
                                                     f_next - PARTS : f_next) &&
                                      i_k == (i_op == `WQ_OP_FFMA && f_next >= PARTS) &&
                                      i_p < PARTS);
        if (i_in && i_commit) assume({1'b0, f_next} == f_beats);
        if (i_go) assume(o_rdy || o_on);
        if (t_n == 4'd0) assume(!u_rv);
        // (each unit: a result only while it holds a slice)
        if (f_un[0] == 4'd0) assume(!add_v[0]);
        if (f_un[1] == 4'd0) assume(!fma_v[0]);
        if (f_un[2] == 4'd0) assume(!cmp_v[0]);
        if (f_un[3] == 4'd0) assume(!cvt_v[0]);
        if (f_un[4] == 4'd0) assume(!div_v[0]);
    end
    // slices each unit holds (taken, results not yet given)
    reg [3:0] f_un [0:4];
    wire [4:0] f_uv = {div_v[0], cvt_v[0], cmp_v[0], fma_v[0], add_v[0]};
    integer fk;
    always @(posedge i_clk)
        for (fk = 0; fk < 5; fk = fk + 1)
            if (i_reset) f_un[fk] <= 4'd0;
            else f_un[fk] <= f_un[fk] + ((u_go && in_u == fk[2:0]) ? 4'd1 : 4'd0) -
                             (f_uv[fk] ? 4'd1 : 4'd0);

    // Each slot's bookkeeping: slices owed (SL a part that became pending),
    // issued and written since it was taken, and its place in the order
    // the slots were taken
    reg [7:0] f_need [0:SLOTS-1];
    reg [7:0] f_iss  [0:SLOTS-1];
    reg [7:0] f_wr   [0:SLOTS-1];
    reg [7:0] f_seq  [0:SLOTS-1];
    reg [7:0] f_tseq, f_cseq;               // slots taken, slots committed
    integer fs;
    always @(posedge i_clk) begin
        for (fs = 0; fs < SLOTS; fs = fs + 1) begin
            if (i_in && !i_commit && last_k && i_lanes != {LANES{1'b0}} &&
                fs[HW-1:0] == (take ? tl : in_s))
                f_need[fs] <= (take ? 8'd0 : f_need[fs]) + SL;
            else if (take && fs[HW-1:0] == tl)
                f_need[fs] <= 8'd0;
            if (take && fs[HW-1:0] == tl) begin
                f_iss[fs] <= 8'd0; f_wr[fs] <= 8'd0; f_seq[fs] <= f_tseq;
            end else begin
                if (u_go && fs[HW-1:0] == in_s) f_iss[fs] <= f_iss[fs] + 8'd1;
                if (u_rv && fs[HW-1:0] == r_s) f_wr[fs] <= f_wr[fs] + 8'd1;
            end
        end
        if (i_reset) begin
            f_tseq <= 8'd0; f_cseq <= 8'd0;
        end else begin
            if (take) f_tseq <= f_tseq + 8'd1;
            if (done) f_cseq <= f_cseq + 8'd1;
        end
    end
    // a slot's age (0: the oldest) and a tag's place in the issue order
    // within its slot
    function [HW-1:0] f_age(input [HW-1:0] s);
        f_age = s - hd;
    endfunction
    function [PW+SW-1:0] f_pq(input [PW-1:0] p, input [SW-1:0] q);
        f_pq = {p, q};
    endfunction
    reg [4*SLOTS-1:0] f_tags;               // tags naming each slot, 4 bits a slot
    integer ft, fu;
    reg [2:0] f_ti;
    always @(*) begin
        for (fu = 0; fu < SLOTS; fu = fu + 1) begin
            f_tags[fu*4 +: 4] = 4'd0;
            for (ft = 0; ft < TD; ft = ft + 1) begin
                f_ti = t_rp + ft[2:0];
                if (ft < t_n && t_s[f_ti] == fu[HW-1:0]) f_tags[fu*4 +: 4] = f_tags[fu*4 +: 4] + 4'd1;
            end
        end
    end
    wire [2:0] f_newest = t_wp - 3'd1;
    reg  [2:0] f_ai, f_aj;                  // (the assertions' tag indices)
    reg  [7:0] f_left;                      // slices the operand buffer has still to issue
    integer fl;
    always @(*) begin
        f_left = 8'd0;
        for (fl = 0; fl < PARTS; fl = fl + 1)
            if (pend[fl]) f_left = f_left + SL;
        f_left = f_left - {{(8-SW){1'b0}}, iq};
    end
    always @(*) if (f_past && !i_reset) begin
        // the slot queue: n_s slots from the oldest; the operand buffer's
        // is the newest; nothing in the unit while no slot is taken
        assert(n_s <= NSLOT);
        assert(tl - hd == n_s[HW-1:0]);
        if (in_v) assert(o_busy && in_s == tl - {{(HW-1){1'b0}}, 1'b1});
        if (!o_busy) assert(!o_open && t_n == 4'd0 && !o_on);
        if (u_go) assert(in_v);
        if (pend == {PARTS{1'b0}}) assert(iq == {SW{1'b0}});
        assert({1'b0, iq} <= {1'b0, LASTQ});
        if (!o_open) assert(f_next == 7'd0);
        // a part is issued only once its last pass is in (a part beat
        // never overwrites a part being issued; after the commit beat no
        // part beat comes until the operand buffer is free)
        for (li = 0; li < PARTS; li = li + 1)
            if (pend[li] && o_open) assert(li + (f_ffma ? PARTS : 0) < f_next);
        // the tag queue: t_n tags, all of one unit, each naming a taken
        // slot, in issue order: slots oldest first, and within a slot
        // (part, slice) rising; the newest is before the issue's next
        // (part, slice) in the operand buffer's slot
        assert(t_n <= TDN && t_wp - t_rp == t_n[2:0]);
        // the slices in flight are all in one unit (t_u's): the results of
        // two units never pass each other, and the tags are theirs
        for (fk = 0; fk < 5; fk = fk + 1)
            if (fk[2:0] != t_u) assert(f_un[fk] == 4'd0);
        assert(t_u <= 3'd4 && f_un[t_u] == t_n);
        for (ft = 0; ft < TD; ft = ft + 1) begin
            f_ai = t_rp + ft[2:0];
            f_aj = f_ai + 3'd1;
            if (ft < t_n) assert({1'b0, f_age(t_s[f_ai])} < {1'b0, n_s});
            if (ft + 1 < t_n) begin
                assert(f_age(t_s[f_ai]) <= f_age(t_s[f_aj]));
                if (t_s[f_ai] == t_s[f_aj])
                    assert(f_pq(t_p[f_ai], t_q[f_ai]) < f_pq(t_p[f_aj], t_q[f_aj]));
            end
        end
        if (t_n != 4'd0 && in_v && pend != {PARTS{1'b0}} && t_s[f_newest] == in_s)
            assert(f_pq(t_p[f_newest], t_q[f_newest]) < f_pq(ip, iq));
        // no slice lost or duplicated: a slot's slices in flight are those
        // issued and not yet written, a slot that left the operand buffer
        // has issued every slice it owes, and the oldest is ready exactly
        // when every one is written
        for (fu = 0; fu < SLOTS; fu = fu + 1)
            if ({1'b0, f_age(fu[HW-1:0])} < {1'b0, n_s}) begin
                assert(f_wr[fu] <= f_iss[fu] && f_iss[fu] <= f_need[fu]);
                assert({4'd0, f_tags[fu*4 +: 4]} == f_iss[fu] - f_wr[fu]);
                if (!(in_v && in_s == fu[HW-1:0])) assert(f_iss[fu] == f_need[fu]);
                // the slots in the order they were taken
                assert(f_seq[fu] == f_cseq + {{(8-HW){1'b0}}, f_age(fu[HW-1:0])});
            end
        // the operand buffer's slot owes the slices of its pending parts
        // not yet issued (part ip has issued iq of its slices)
        if (in_v) assert(f_need[in_s] == f_iss[in_s] + f_left);
        if (o_rdy) assert(f_wr[hd] == f_need[hd] && !(in_v && in_s == hd));
        // the completion walks only a ready slot, its part counter in range
        if (o_on) assert(o_rdy && (o_p != 6'd0 || pw_done));
        if (!o_on) assert(o_p == 6'd0 && !pw_done);
        if (pw_done) assert(o_setp);
        if (o_setp) assert(o_p == 6'd0);
        assert(o_p < PARTS);
        if (done) assert(f_seq[hd] == f_cseq);
    end
    reg f_res = 1'b0;                       // a result was written since reset
    always @(posedge i_clk)
        if (i_reset) f_res <= 1'b0;
        else if (u_rv) f_res <= 1'b1;
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            c_commit: cover(done && f_res);
            c_overlap: cover(i_in && !i_commit && u_go);
            c_setp: cover(i_go && o_pw);
            // a new instruction's slice enters a unit behind another's
            c_pipe: cover(u_go && t_n != 4'd0 && t_s[f_newest] != in_s);
            // a commit while another instruction's slices are in a unit
            c_behind: cover(done && t_n != 4'd0 && r_s != hd);
        end
    generate if (SL > 1) begin : g_fslice
        always @(posedge i_clk)
            if (f_past && !i_reset)
                c_slice: cover(u_go && iq == LASTQ && t_n != 4'd0);
    end endgenerate
`endif
endmodule
