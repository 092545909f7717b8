// wq_opread.v -- the pipelined core's operand read (docs/rtl/wq_opread.md):
// EX's operands from the register file and the special registers.
//
// DE addresses the rows of its beat (i_ra_row, i_rb_row: register ra and
// rb + k of its warp and part, packed in a sub-vector segment; i_tr_row:
// the part's thread ids), and the DE/EX skid buffer carries them with the
// beat; they are read as EX takes the beat (i_x_in); the two
// register-file banks and the thread-id RAM (wq_regfile, registered
// reads) answer in EX's cycle.  While EX keeps its beat (the LSU, the
// division unit, WB busy) the rows stay on the read ports, so the
// operands stay valid for as many cycles as the beat waits.  A row whose
// register-zero flag is set (i_za, i_zb: the warp start's memset,
// wq_commit) reads as zero: the flag is sampled with the row, as the beat
// leaves DE, and carried with it, and it resets the bank's read register
// (wq_regfile i_rzero), so o_a and o_rb are the RAMs' registers and o_b
// one select (the immediate) behind them.
//
// Operands: o_a (ra), o_rb (rb + k: a store's data, CAS's values), o_b
// (rb or the immediate), o_s2r (S2R's special register, a lane each: the
// thread ids from the thread-id RAM, the rest from the slot of EX's warp,
// exec_alu.c sreg).  S2R's register is decoded from the entering beat's
// immediate (i_in_imm) as EX takes the beat and held one-hot (sr_hot),
// like the rows: the operand's multiplexers start at a register, not at a
// 32-bit compare of EX's immediate.  The register file's write port is WB's (wq_commit),
// the thread-id RAM's the dispatch's walk (wq_dispatch); a read never
// meets a write of its row in the same cycle (one instruction a warp in
// flight), which wq_regfile's simulation would poison.
`default_nettype none
`include "wq_defs.vh"

// (its operands are one part of EX's cycle, read by the ALU and WB's
// row selects in the same cycle: scripts/area.sh maps it inside
// wq_ex_stage, as the board's flattened netlist does -- its RAMs stay
// black boxes with registered outputs)
(* wq_area_inline *)
module wq_opread #(
    parameter LANES = 32,
    parameter RF_D  = 2048,                      // register rows (WARPS x REGS x 32/LANES)
    parameter RF_AW = (RF_D > 1) ? $clog2(RF_D) : 1,
    parameter TR_D  = 32,                        // thread-id rows (WARPS x 32/LANES)
    parameter TR_AW = (TR_D > 1) ? $clog2(TR_D) : 1
) (
    input  wire                     i_clk,
    // EX takes a beat (from the DE/EX skid buffer), with the rows it reads
    input  wire                     i_x_in,
    input  wire [RF_AW-1:0]         i_ra_row,
    input  wire [RF_AW-1:0]         i_rb_row,
    input  wire [TR_AW-1:0]         i_tr_row,
    input  wire                     i_za,        // ... the rows read zero (the warp
    input  wire                     i_zb,        //   start's memset: wq_commit)
    input  wire [31:0]              i_in_imm,    // ... and its immediate (S2R's register)
    // the register file's write port (wq_commit)
    input  wire                     i_rf_we,
    input  wire [RF_AW-1:0]         i_rf_waddr,
    input  wire [LANES-1:0]         i_rf_wlane,
    input  wire [LANES*32-1:0]      i_rf_wdata,
    // the thread-id RAM's write port (wq_dispatch's walk): x, y, z a lane
    input  wire                     i_tr_we,
    input  wire [TR_AW-1:0]         i_tr_waddr,
    input  wire [LANES-1:0]         i_tr_wlane,
    input  wire [LANES*33-1:0]      i_tr_wdata,
    // EX's beat: b is the immediate; its part (S2R's lane numbers)
    input  wire                     i_x_bi,
    input  wire [31:0]              i_x_imm,
    input  wire [5:0]               i_x_p,
    // S2R: the slot of EX's warp (x in the low field of each triple)
    input  wire [4:0]               i_sr_wi,
    input  wire [3*11-1:0]          i_sr_ntid,
    input  wire [3*16-1:0]          i_sr_cta,
    input  wire [3*16-1:0]          i_sr_ncta,
    input  wire [3*26-1:0]          i_sr_gb,     // CTAID_d * NTID_d
    input  wire [31:0]              i_sr_param,
    input  wire [31:0]              i_sr_clock,
    input  wire [31:0]              i_sr_ctaflat,
    input  wire [31:0]              i_sr_local,
    // EX's operands
    output wire [LANES*32-1:0]      o_a,
    output wire [LANES*32-1:0]      o_rb,
    output wire [LANES*32-1:0]      o_b,
    output reg  [LANES*32-1:0]      o_s2r
);
    localparam TIDW = 11;                        // a thread-id coordinate

    // ---- the read rows, held while EX keeps its beat -------------------------
    reg [RF_AW-1:0] ra_q, rb_q;
    reg [TR_AW-1:0] tr_q;
    reg             za, zb;                      // the rows read zero
    wire [RF_AW-1:0] ra_p = i_x_in ? i_ra_row : ra_q;
    wire [RF_AW-1:0] rb_p = i_x_in ? i_rb_row : rb_q;
    wire [TR_AW-1:0] tr_p = i_x_in ? i_tr_row : tr_q;
    wire            za_p = i_x_in ? i_za : za;
    wire            zb_p = i_x_in ? i_zb : zb;
    always @(posedge i_clk)
        if (i_x_in) begin
            ra_q <= i_ra_row;
            rb_q <= i_rb_row;
            tr_q <= i_tr_row;
            za <= i_za;
            zb <= i_zb;
        end

    // ---- the register file (two read banks, one write port) and the
    // thread-id RAM ---------------------------------------------------------------
    wire [LANES*32-1:0] qa, qb;
    wire [LANES*3*TIDW-1:0] qt;
    wq_regfile #(.LANES(LANES), .WIDTH(32), .DEPTH(RF_D)) u_rfa (
        .i_clk(i_clk), .i_raddr(ra_p), .i_rzero(za_p), .o_rdata(qa),
        .i_we(i_rf_we), .i_waddr(i_rf_waddr), .i_wlane(i_rf_wlane), .i_wdata(i_rf_wdata));
    wq_regfile #(.LANES(LANES), .WIDTH(32), .DEPTH(RF_D)) u_rfb (
        .i_clk(i_clk), .i_raddr(rb_p), .i_rzero(zb_p), .o_rdata(qb),
        .i_we(i_rf_we), .i_waddr(i_rf_waddr), .i_wlane(i_rf_wlane), .i_wdata(i_rf_wdata));
    wq_regfile #(.LANES(LANES), .WIDTH(3*TIDW), .DEPTH(TR_D)) u_tid (
        .i_clk(i_clk), .i_raddr(tr_p), .i_rzero(1'b0), .o_rdata(qt),
        .i_we(i_tr_we), .i_waddr(i_tr_waddr), .i_wlane(i_tr_wlane), .i_wdata(i_tr_wdata));

    // ---- the operands ---------------------------------------------------------------
    assign o_a  = qa;
    assign o_rb = qb;
    assign o_b  = i_x_bi ? {LANES{i_x_imm}} : o_rb;

    // ---- S2R: the special register of each lane (exec_alu.c sreg) -----------------
    // The entering beat's register, one-hot (bit c: special register c; no
    // bit for an immediate that names none), held with the rows.  The
    // registers every lane of the warp reads alike are selected once
    // (s2r_w); each lane selects only among its own values (a case over
    // every register a lane would be that multiplexer LANES times over),
    // each select a held bit.  TID_d and GID_d are one sum a lane: the
    // coordinate d of its thread id (sr_tc, held one-hot for either)
    // plus GID_d's base (CTAID_d * NTID_d, zero for TID_d) -- the
    // coordinate and the base selected by AND-OR before the sum, the sum
    // one OR from the operand, not the coordinate and the base selected
    // by index, summed, and ORed among the other registers' terms.
    localparam NSR = 32;                         // the codes sr_hot holds (WQ_SR_* < 32)
    reg [NSR-1:0] sr_hot;
    reg [2:0]     sr_tc;                         // TID_d or GID_d: coordinate d (x, y, z)
    wire [NSR-1:0] in_hot = (i_in_imm < NSR) ? ({{(NSR-1){1'b0}}, 1'b1} << i_in_imm[4:0])
                                             : {NSR{1'b0}};
    always @(posedge i_clk)
        if (i_x_in) begin
            sr_hot <= in_hot;
            sr_tc  <= {in_hot[`WQ_SR_TID_Z] | in_hot[`WQ_SR_GID_Z],
                       in_hot[`WQ_SR_TID_Y] | in_hot[`WQ_SR_GID_Y],
                       in_hot[`WQ_SR_TID_X] | in_hot[`WQ_SR_GID_X]};
        end
    // (the bits of the codes no special register has are never read, nor
    // TID_d's: sr_tc holds them)
    wire unused_sr = &{1'b0, sr_hot};
    wire [31:0] s2r_w =                          // the warp's register (0: a lane's)
        ({32{sr_hot[`WQ_SR_NTID_X]}}   & {21'd0, i_sr_ntid[0 +: 11]})  |
        ({32{sr_hot[`WQ_SR_NTID_Y]}}   & {21'd0, i_sr_ntid[11 +: 11]}) |
        ({32{sr_hot[`WQ_SR_NTID_Z]}}   & {21'd0, i_sr_ntid[22 +: 11]}) |
        ({32{sr_hot[`WQ_SR_CTAID_X]}}  & {16'd0, i_sr_cta[0 +: 16]})   |
        ({32{sr_hot[`WQ_SR_CTAID_Y]}}  & {16'd0, i_sr_cta[16 +: 16]})  |
        ({32{sr_hot[`WQ_SR_CTAID_Z]}}  & {16'd0, i_sr_cta[32 +: 16]})  |
        ({32{sr_hot[`WQ_SR_NCTAID_X]}} & {16'd0, i_sr_ncta[0 +: 16]})  |
        ({32{sr_hot[`WQ_SR_NCTAID_Y]}} & {16'd0, i_sr_ncta[16 +: 16]}) |
        ({32{sr_hot[`WQ_SR_NCTAID_Z]}} & {16'd0, i_sr_ncta[32 +: 16]}) |
        ({32{sr_hot[`WQ_SR_WARPID]}}   & {27'd0, i_sr_wi})             |
        ({32{sr_hot[`WQ_SR_PARAM]}}    & i_sr_param)                   |
        ({32{sr_hot[`WQ_SR_CLOCK]}}    & i_sr_clock)                   |
        ({32{sr_hot[`WQ_SR_NLANES]}}   & LANES)                        |
        ({32{sr_hot[`WQ_SR_CTAFLAT]}}  & i_sr_ctaflat)                 |
        ({32{sr_hot[`WQ_SR_LOCAL]}}    & i_sr_local);
    // GID_d's base (zero unless a GID is named)
    wire [25:0] s2r_gb = ({26{sr_hot[`WQ_SR_GID_X]}} & i_sr_gb[0 +: 26])  |
                         ({26{sr_hot[`WQ_SR_GID_Y]}} & i_sr_gb[26 +: 26]) |
                         ({26{sr_hot[`WQ_SR_GID_Z]}} & i_sr_gb[52 +: 26]);
    integer sl;
    always @(*) begin : s2r
        reg [31:0] lane, tid;
        reg [TIDW-1:0] tc;
        for (sl = 0; sl < LANES; sl = sl + 1) begin
            lane = i_x_p * LANES + sl;
            tid  = {22'd0, i_sr_wi, 5'd0} + lane;
            tc   = ({TIDW{sr_tc[0]}} & qt[(sl*3+0)*TIDW +: TIDW]) |
                   ({TIDW{sr_tc[1]}} & qt[(sl*3+1)*TIDW +: TIDW]) |
                   ({TIDW{sr_tc[2]}} & qt[(sl*3+2)*TIDW +: TIDW]);
            o_s2r[sl*32 +: 32] =
                ({6'd0, s2r_gb} + {21'd0, tc})                   |
                ({32{sr_hot[`WQ_SR_TID]}}    & tid)              |
                ({32{sr_hot[`WQ_SR_LANEID]}} & lane)             |
                s2r_w;
        end
    end

`ifdef FORMAL
    // Run alone by `make formal` (scripts/formal.sh, job opread:
    // FORMAL_OPREAD_TOP, small parameters) and inside the core (job core).
    // An arbitrary lane of an arbitrary register row and thread-id row is
    // tracked from its first write: a beat that reads the row gets the
    // last value written there, for every cycle EX keeps the beat, or
    // zero while the row's zero flag was set as the beat left DE.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    (* anyconst *) reg [RF_AW-1:0] f_row;
    (* anyconst *) reg [TR_AW-1:0] f_trow;
    (* anyconst *) reg [31:0]      f_lane;
    always @(*) assume(f_lane < LANES);
    reg             f_set = 1'b0, f_tset = 1'b0;
    reg [31:0]      f_val;
    reg [3*TIDW-1:0] f_tval;
    reg             f_zfa, f_zfb;                // the tracked row's zero flag as ra, rb
    always @(posedge i_clk) begin
        if (i_x_in && i_ra_row == f_row) f_zfa <= i_za;
        if (i_x_in && i_rb_row == f_row) f_zfb <= i_zb;
        if (i_rf_we && i_rf_waddr == f_row && i_rf_wlane[f_lane]) begin
            f_set <= 1'b1;
            f_val <= i_rf_wdata[f_lane*32 +: 32];
        end
        if (i_tr_we && i_tr_waddr == f_trow && i_tr_wlane[f_lane]) begin
            f_tset <= 1'b1;
            f_tval <= i_tr_wdata[f_lane*3*TIDW +: 3*TIDW];
        end
    end
    always @(posedge i_clk)
        if (f_past) begin
            // the held rows are the last ones on the ports: they stay
            // there while EX keeps its beat
            assert(ra_q == $past(ra_p) && rb_q == $past(rb_p) && tr_q == $past(tr_p));
            // the tracked lane of the tracked rows reads as last written
            if ($past(f_set) && $past(ra_p) == f_row && !$past(i_rf_we && i_rf_wlane[f_lane]))
                assert(o_a[f_lane*32 +: 32] == (f_zfa ? 32'd0 : $past(f_val)));
            if ($past(f_set) && $past(rb_p) == f_row && !$past(i_rf_we && i_rf_wlane[f_lane]))
                assert(o_rb[f_lane*32 +: 32] == (f_zfb ? 32'd0 : $past(f_val)));
            if ($past(f_tset) && $past(tr_p) == f_trow && !$past(i_tr_we && i_tr_wlane[f_lane]))
                assert(qt[f_lane*3*TIDW +: 3*TIDW] == $past(f_tval));
        end
    // S2R: the one-hot selects give exec_alu.c sreg's value of the
    // beat's register (the reference: a case over the immediate EX took
    // with the beat, f_imm), for the tracked lane
    reg        f_in = 1'b0;
    reg [31:0] f_imm;
    always @(posedge i_clk)
        if (i_x_in) begin f_in <= 1'b1; f_imm <= i_in_imm; end
    reg [31:0] f_ref;
    always @(*) begin : f_sreg
        reg [31:0] lane;
        reg [TIDW-1:0] tx, ty, tz;
        lane = i_x_p * LANES + f_lane;
        tx = qt[(f_lane*3+0)*TIDW +: TIDW];
        ty = qt[(f_lane*3+1)*TIDW +: TIDW];
        tz = qt[(f_lane*3+2)*TIDW +: TIDW];
        case (f_imm)
        `WQ_SR_TID_X:    f_ref = {21'd0, tx};
        `WQ_SR_TID_Y:    f_ref = {21'd0, ty};
        `WQ_SR_TID_Z:    f_ref = {21'd0, tz};
        `WQ_SR_NTID_X:   f_ref = {21'd0, i_sr_ntid[0 +: 11]};
        `WQ_SR_NTID_Y:   f_ref = {21'd0, i_sr_ntid[11 +: 11]};
        `WQ_SR_NTID_Z:   f_ref = {21'd0, i_sr_ntid[22 +: 11]};
        `WQ_SR_CTAID_X:  f_ref = {16'd0, i_sr_cta[0 +: 16]};
        `WQ_SR_CTAID_Y:  f_ref = {16'd0, i_sr_cta[16 +: 16]};
        `WQ_SR_CTAID_Z:  f_ref = {16'd0, i_sr_cta[32 +: 16]};
        `WQ_SR_NCTAID_X: f_ref = {16'd0, i_sr_ncta[0 +: 16]};
        `WQ_SR_NCTAID_Y: f_ref = {16'd0, i_sr_ncta[16 +: 16]};
        `WQ_SR_NCTAID_Z: f_ref = {16'd0, i_sr_ncta[32 +: 16]};
        `WQ_SR_TID:      f_ref = {22'd0, i_sr_wi, 5'd0} + lane;
        `WQ_SR_LANEID:   f_ref = lane;
        `WQ_SR_WARPID:   f_ref = {27'd0, i_sr_wi};
        `WQ_SR_PARAM:    f_ref = i_sr_param;
        `WQ_SR_CLOCK:    f_ref = i_sr_clock;
        `WQ_SR_NLANES:   f_ref = LANES;
        `WQ_SR_CTAFLAT:  f_ref = i_sr_ctaflat;
        `WQ_SR_LOCAL:    f_ref = i_sr_local;
        `WQ_SR_GID_X:    f_ref = {6'd0, i_sr_gb[0 +: 26]} + {21'd0, tx};
        `WQ_SR_GID_Y:    f_ref = {6'd0, i_sr_gb[26 +: 26]} + {21'd0, ty};
        `WQ_SR_GID_Z:    f_ref = {6'd0, i_sr_gb[52 +: 26]} + {21'd0, tz};
        default:         f_ref = 32'd0;
        endcase
    end
    always @(*) if (f_in) assert(o_s2r[f_lane*32 +: 32] == f_ref);
    // the coordinate select is the held register's (TID_d or GID_d)
    always @(*) if (f_in) assert(sr_tc == {sr_hot[`WQ_SR_TID_Z] | sr_hot[`WQ_SR_GID_Z],
                                           sr_hot[`WQ_SR_TID_Y] | sr_hot[`WQ_SR_GID_Y],
                                           sr_hot[`WQ_SR_TID_X] | sr_hot[`WQ_SR_GID_X]});
`ifndef FORMAL_OPREAD_TOP
    // inside EX: the held register is EX's beat's (its immediate)
    always @(*) if (f_in) assert(f_imm == i_x_imm);
`endif
    always @(*) begin
        // the immediate replaces rb
        if (i_x_bi) assert(o_b == {LANES{i_x_imm}});
        else assert(o_b == o_rb);
    end
`ifdef FORMAL_OPREAD_TOP
    // covers: a written value read back through a held beat (EX kept it a
    // cycle), and a zero row masking a written one
    always @(posedge i_clk)
        if (f_past) begin
            c_held: cover(!$past(i_x_in) && $past(i_x_in, 2) && f_set && ra_q == f_row && !za &&
                          o_a[f_lane*32 +: 32] == f_val && f_val != 32'd0);
            c_zero: cover(f_set && za && ra_q == f_row && f_val != 32'd0);
            c_tid:  cover(f_tset && $past(tr_p) == f_trow && f_tval != {3*TIDW{1'b0}} &&
                          o_s2r[f_lane*32 +: 32] == {21'd0, f_tval[0 +: TIDW]});
        end
`endif
`endif
endmodule
