// wq_commit.v -- the pipelined core's write-back outputs: the register
// file's write port, the REG_WRITE slot, the commit stream's records
// (o_evr_*) and the step port (o_step_*, o_irq_trap) (docs/rtl/wq_commit.md;
// the stream's contract: docs/rtl/commit.md).
//
// wq_core decides what is committed and when; this unit forms each record
// and owns the ports' registers.  A cycle's writers, in this order (a later
// one's fields win over an earlier one's, as one always-block's
// non-blocking assignments do):
//
//   1. ATOM's record, as a lane's write is taken (EX)
//   2. WB's part beat: the register write and its REG_WRITE record
//   3. WB's record of the commit (b_kk): TRAP, CALL's link (a register
//      write on the REG_WRITE slot), BAR_RELEASE, PRED_WRITE, RETIRE, the
//      divergence unit's records; with the last one the step
//   4. the completion path's beat (a load's write-back, a division's
//      part) and with its last RETIRE and the step
//   5. a warp's start: its rows read as zero, and CTA_START
//   6. the DISPATCH step
//   7. KILL's barrier release (outside the lock, the debug window)
//
// A register write beat writes the selected lanes of the row (a row still
// zero since its warp's start is written whole: the zero flags, which DE
// reads as its operands' "reads 0", o_de_za / o_de_zb) and emits the
// REG_WRITE record with the same values on o_evw_* / o_evr_part /
// o_evr_vals.
`default_nettype none
`include "wq_defs.vh"

module wq_commit #(
    parameter WARPS = 8,
    parameter LANES = 32,
    parameter PCW   = 16,
    parameter WID_W = 3,
    parameter RF_D  = 8192,                    // register-file rows
    parameter RF_AW = 13
) (
    input  wire                     i_clk,
    input  wire                     i_reset,      // no step, record or write the cycle after
    // 1. ATOM: a lane's record
    input  wire                     i_at_rec,
    input  wire [WID_W-1:0]         i_at_w,
    input  wire [PCW-1:0]           i_at_pc,
    input  wire [4:0]               i_at_lane,
    input  wire [3:0]               i_at_fn,
    input  wire [31:0]              i_at_addr,
    input  wire [31:0]              i_at_new,
    input  wire [31:0]              i_at_old,
    // WB's beat (2., 3.)
    input  wire [WID_W-1:0]         i_b_w,
    input  wire [PCW-1:0]           i_b_pc,
    input  wire [5:0]               i_b_rd,
    input  wire [31:0]              i_b_sel,
    // 2. a part beat's register write: part i_bw_p of row i_bw_row (a row
    // of warp i_b_w, as CALL's link row; the completion's of i_cm_w)
    input  wire                     i_bw_go,
    input  wire [5:0]               i_bw_p,
    input  wire [RF_AW-1:0]         i_bw_row,     // (a flip-flop's: its zero flag's place too)
    input  wire [LANES*32-1:0]      i_bw_res,
    // 3. the commit's record i_kk (wq_core_wb.vh's K_*)
    input  wire                     i_emit,
    input  wire [3:0]               i_kk,
    input  wire                     i_last,       // ... the commit's last: the step
    input  wire                     i_more,       // ... its o_step_more
    input  wire                     i_trap,       // a trap commit
    input  wire [7:0]               i_trap_code,
    input  wire                     i_gone_orphan, // the warp ended with orphaned threads
    input  wire [31:0]              i_act,        // TRAP's mask
    input  wire [7:0]               i_op,         // RETIRE's opcode and word
    input  wire [63:0]              i_ir,
    input  wire                     i_auto,       // ... SUBV_AUTO's mode
    input  wire [31:0]              i_pred,       // PRED_WRITE's new predicate
    input  wire [4:0]               i_link_p,     // CALL's link: the part, its row
    input  wire [RF_AW-1:0]         i_link_row,
    input  wire [RF_AW-1:0]         i_link_zrow,  // ... a row at its place in its warp's (zi)
    input  wire [31:0]              i_link_val,   // ... and its value (PC + 1)
    input  wire [WID_W-1:0]         i_bar_lo,     // BAR_RELEASE: its unit,
    input  wire [WARPS-1:0]         i_bar_slots,  // ... the slots it wakes
    input  wire [31:0]              i_bar_key,    // ... WB's warp's CTA key
    input  wire [7:0]               i_dg_kind,    // the divergence unit's record
    input  wire [31:0]              i_dg_pc,
    input  wire [15:0]              i_dg_aux,
    input  wire [31:0]              i_dg_mask,
    input  wire [31:0]              i_dg_a,
    input  wire [63:0]              i_dg_b,
    // 4. the completion path's beat
    input  wire                     i_cm_go,
    input  wire                     i_cm_wr,      // ... writes a part with a selected lane
    input  wire                     i_cm_last,    // ... RETIRE and the step
    input  wire                     i_cm_pw,      // ... FSETP's PRED_WRITE (pd i_cm_rd)
    input  wire [31:0]              i_cm_pred,    // ... its new predicate
    input  wire                     i_cm_more,
    input  wire [WID_W-1:0]         i_cm_w,
    input  wire [5:0]               i_cm_rd,
    input  wire [5:0]               i_cm_p,
    input  wire [RF_AW-1:0]         i_cm_row,
    input  wire [PCW-1:0]           i_cm_pc,
    input  wire [31:0]              i_cm_sel,
    input  wire [LANES*32-1:0]      i_cm_res,
    input  wire [7:0]               i_cm_op,
    input  wire [63:0]              i_cm_ir,
    // 5. a warp's start in slot i_ds_slot, 6. the DISPATCH step
    input  wire                     i_ds_go,
    input  wire [WID_W-1:0]         i_ds_slot,
    input  wire [4:0]               i_ds_wi,
    input  wire [PCW-1:0]           i_ds_pc,
    input  wire [31:0]              i_ds_live,
    input  wire [31:0]              i_ds_next,
    input  wire [31:0]              i_ds_seq,
    input  wire                     i_ds_end,
    input  wire                     i_ds_more,
    // 7. KILL completes a barrier
    input  wire                     i_kill_rel,
    input  wire [31:0]              i_kill_key,
    // DE's operand rows (of warp i_de_w): whether each still reads zero
    input  wire [WID_W-1:0]         i_de_w,
    input  wire [RF_AW-1:0]         i_de_ra,
    input  wire [RF_AW-1:0]         i_de_rb,
    output wire                     o_de_za,
    output wire                     o_de_zb,
    // the register file's write port
    output reg                      o_rf_we,
    output reg  [RF_AW-1:0]         o_rf_waddr,
    output wire [LANES-1:0]         o_rf_wlane,   // (two registers' OR: rf_wsel, the row's zero flag)
    output reg  [LANES*32-1:0]      o_rf_wdata,
    // the step port
    output reg                      o_step_valid,
    output reg  [`WQ_STEPK_W-1:0]   o_step_kind,
    output reg  [7:0]               o_step_id,
    output reg  [`WQ_STEP_W-1:0]    o_step_res,
    output reg                      o_step_more,
    output reg                      o_irq_trap,
    // the commit stream: a record, the REG_WRITE slot
    output reg                      o_evr_valid,
    output reg  [7:0]               o_evr_kind,
    output reg  [7:0]               o_evr_unit,
    output reg  [15:0]              o_evr_aux,
    output reg  [31:0]              o_evr_pc,
    output reg  [31:0]              o_evr_mask,
    output reg  [31:0]              o_evr_a,
    output reg  [63:0]              o_evr_b,
    output reg  [63:0]              o_evr_c,
    output reg  [4:0]               o_evr_part,
    output reg  [LANES*32-1:0]      o_evr_vals,
    output reg                      o_evw_valid,
    output reg  [7:0]               o_evw_unit,
    output reg  [15:0]              o_evw_aux,
    output reg  [31:0]              o_evw_pc,
    output reg  [31:0]              o_evw_mask
);
    localparam ROWS_W = RF_D / WARPS;              // a warp's rows: REGS * PARTS

`include "wq_core_wb.vh"

    // ---- the zero flags ------------------------------------------------------
    // A flag a register-file row: the row reads zero since its warp's start
    // (the model's warp_start memset) until its first write, which writes
    // it whole.  Kept a row per warp (row w * ROWS_W + i at bit i: wq_core's
    // rows of warp w, its rf_row) in LUT RAM: one write port of whole rows
    // (a warp's start sets its row; a register write clears its row's flag
    // in its warp's row as read) and three asynchronous reads, DE's warp,
    // WB's and the completion path's (three copies).  In flip-flops the
    // RF_D flags were behind five RF_D-way multiplexers and three row
    // decodes each.
    localparam ZW = (ROWS_W > 1) ? $clog2(ROWS_W) : 1;
    /* verilator lint_off WIDTH */
    localparam [RF_AW:0] ZROWS = ROWS_W;
    /* verilator lint_on WIDTH */
    function [ZW-1:0] zi;                       // a row's bit in its warp's row
        input [RF_AW-1:0] row;
        /* verilator lint_off UNUSEDSIGNAL */
        reg   [RF_AW:0]   t;
        /* verilator lint_on UNUSEDSIGNAL */
        begin
            t = {1'b0, row} % ZROWS;
            zi = t[ZW-1:0];
        end
    endfunction
    reg  [ROWS_W-1:0] zf [0:WARPS-1];
    wire [ROWS_W-1:0] zf_de = zf[i_de_w];
    wire [ROWS_W-1:0] zf_b  = zf[i_b_w];
    wire [ROWS_W-1:0] zf_cm = zf[i_cm_w];
    assign o_de_za = zf_de[zi(i_de_ra)];
    assign o_de_zb = zf_de[zi(i_de_rb)];
    // a beat's row still reads zero: WB's part beat's or CALL's link's (of
    // WB's warp), the completion's (of its warp)
    wire z_bw   = zf_b[zi(i_bw_row)];
    // (CALL's link's place from flip-flops, i_link_zrow: its row's
    // arithmetic is not in front of the flag's select)
    wire z_link = zf_b[zi(i_link_zrow)];
    wire z_cm   = zf_cm[zi(i_cm_row)];
    // the write: a warp's start, or the rows a cycle's register writes
    // clear (WB's part beat, CALL's link, the completion's beat: the core
    // never runs the completion path beside WB's beat or record, nor a
    // warp's start beside either -- FORMAL_COMMIT_TOP's assumptions -- so
    // a cycle's rows are one warp's)
    (* keep *) wire rf_klink;   // (WB's record is CALL's link: the write port's too)
    assign rf_klink = i_kk == K_LINK;
    wire              rf_link = i_emit && rf_klink;   // CALL's link writes its row
    wire              zw_bw   = i_bw_go;
    wire              zw_link = rf_link;
    wire              zw_cm   = i_cm_go && i_cm_wr;
    wire [WID_W-1:0]  zw_w    = i_ds_go ? i_ds_slot : zw_cm ? i_cm_w : i_b_w;
    // (a flag a generate block: each of the three rows compared with the
    // flag's constant index, side by side, rather than three writes at a
    // variable index in sequence, which Yosys builds as a chain of
    // shifters -- a row's flag is 2 LUT levels of compare from its row,
    // then one of merge)
    wire [ROWS_W-1:0] zw_src = zw_cm ? zf_cm : zf_b;
    wire [ZW-1:0]     zw_ibw = zi(i_bw_row);
    wire [ZW-1:0]     zw_ilk = zi(i_link_zrow);
    wire [ZW-1:0]     zw_icm = zi(i_cm_row);
    // (WB's record strobe, i_emit, decided late in WB's cycle behind the
    // record walk's hold, enters in the last LUT: the row without the
    // link's clear and the link's row's flag are kept nets)
    (* keep *) wire [ROWS_W-1:0] zw_rown;       // the row, CALL's link's clear aside
    (* keep *) wire [ROWS_W-1:0] zw_lhit;       // ... the flag CALL's link's row clears
    wire [ROWS_W-1:0] zw_row;
    genvar gz;
    generate for (gz = 0; gz < ROWS_W; gz = gz + 1) begin : g_zw
        localparam [ZW-1:0] Z = gz;
        assign zw_rown[gz] = i_ds_go || (zw_src[gz] && !(zw_bw && zw_ibw == Z) && !(zw_cm && zw_icm == Z));
        assign zw_lhit[gz] = !i_ds_go && rf_klink && zw_ilk == Z;
        assign zw_row[gz]  = zw_rown[gz] && !(i_emit && zw_lhit[gz]);
    end endgenerate
    always @(posedge i_clk)
        if (i_ds_go || zw_bw || zw_link || zw_cm) zf[zw_w] <= zw_row;

    // a register write beat's lanes and values: part p of a register, the
    // selected lanes (a row still zero from the warp start is written
    // whole: its zero flag joins them behind the write port's registers,
    // below), the unselected lanes' values zero
    function [LANES-1:0] beat_lanes;
        input [31:0]          sel;
        input [5:0]           p;
        /* verilator lint_off UNUSEDSIGNAL */
        reg   [31:0]          lanes;            // sel's part p (its low LANES bits)
        /* verilator lint_on UNUSEDSIGNAL */
        begin
            lanes = sel >> (p * LANES);
            beat_lanes = lanes[LANES-1:0];
        end
    endfunction
    function [LANES*32-1:0] beat_vals;
        input [31:0]          sel;
        input [5:0]           p;
        input [LANES*32-1:0]  res;
        integer               l;
        begin
            for (l = 0; l < LANES; l = l + 1)
                beat_vals[l*32 +: 32] = sel[p * LANES + l] ? res[l*32 +: 32] : 32'd0;
        end
    endfunction

    // ---- the register file's write port ---------------------------------------
    // Its own register group: a write a cycle, WB's part beat, CALL's link
    // (WB's record) or the completion's beat (the core never runs the
    // completion beside WB's beat or record, and a part beat beside CALL's
    // record loses to the link, as the records' order below has it).  The
    // row, lanes and values load every cycle from the writer, WB's part
    // beat's when there is none -- they mean nothing without o_rf_we, so
    // no enable holds them.  WB's record strobe (i_emit) is decided late
    // in WB's cycle, behind the walk's hold, so the link's values and the
    // others' are kept as nets and the strobe with the record's kind
    // (rf_klink, above) selects between them in the last LUT.  The lanes
    // are two registers joined behind them (o_rf_wlane): the beat's
    // selected lanes (rf_wsel) and its row's zero flag, the completion's
    // (rf_wzc) apart from WB's (rf_wzb) and picked by a registered owner
    // (rf_wcm) -- the completion's flag is its warp's 128-way select from
    // LUT RAM behind the port owner's select of its row, and ended in the
    // lanes' register it was a level over the budget.
    (* keep *) wire [RF_AW-1:0] rf_la;
    assign rf_la = i_link_row;
    (* keep *) wire [LANES-1:0] rf_ll;
    assign rf_ll = beat_lanes(i_b_sel, {1'b0, i_link_p});
    (* keep *) wire [LANES*32-1:0] rf_ld;
    assign rf_ld = beat_vals(i_b_sel, {1'b0, i_link_p}, {LANES{i_link_val}});
    (* keep *) wire [RF_AW-1:0] rf_oa;
    assign rf_oa = i_cm_go ? i_cm_row : i_bw_row;
    (* keep *) wire [LANES-1:0] rf_ol;
    assign rf_ol = i_cm_go ? beat_lanes(i_cm_sel, i_cm_p) : beat_lanes(i_b_sel, i_bw_p);
    (* keep *) wire [LANES*32-1:0] rf_od;
    assign rf_od = i_cm_go ? beat_vals(i_cm_sel, i_cm_p, i_cm_res) : beat_vals(i_b_sel, i_bw_p, i_bw_res);
    reg [LANES-1:0] rf_wsel;
    reg             rf_wzc, rf_wzb, rf_wcm;
    always @(posedge i_clk) begin
        o_rf_we    <= !i_reset && (i_bw_go || rf_link || (i_cm_go && i_cm_wr));
        o_rf_waddr <= rf_link ? rf_la : rf_oa;
        rf_wsel    <= rf_link ? rf_ll : rf_ol;
        o_rf_wdata <= rf_link ? rf_ld : rf_od;
        // (the completion never writes beside WB's beat or record: its
        // flag needs no priority over the link's)
        rf_wzc     <= z_cm;
        rf_wzb     <= rf_link ? z_link : z_bw;
        rf_wcm     <= i_cm_go;
    end
    assign o_rf_wlane = rf_wsel | {LANES{rf_wcm ? rf_wzc : rf_wzb}};

    // a register write beat's REG_WRITE record (on the REG_WRITE slot): part
    // p of register r of warp w, its values (the write port's, above)
    task reg_beat;
        input [WID_W-1:0]     w;
        input [5:0]           r;
        input [5:0]           p;
        input [PCW-1:0]       pc;
        input [31:0]          sel;
        input [LANES*32-1:0]  res;
        begin
            o_evr_vals <= beat_vals(sel, p, res);
            o_evw_valid <= 1'b1;
            o_evw_unit <= {{(8-WID_W){1'b0}}, w};
            o_evw_aux <= {10'd0, r};
            o_evw_pc <= {{(32-PCW){1'b0}}, pc};
            o_evw_mask <= sel;
            o_evr_part <= p[4:0];
        end
    endtask

    // a BAR_RELEASE record (wq_bar_check's release): the lowest slot it
    // wakes, the CTA's key, the slots
    task bar_release;
        input [31:0] key;
        begin
            o_evr_valid <= 1'b1;
            o_evr_kind <= `WQ_EV_BAR_RELEASE;
            o_evr_unit <= {{(8-WID_W){1'b0}}, i_bar_lo};
            o_evr_aux <= 16'd0;
            o_evr_pc <= 32'd0;
            o_evr_mask <= 32'd0;
            o_evr_a <= key;
            o_evr_b <= {{(64-WARPS){1'b0}}, i_bar_slots};
            o_evr_c <= 64'd0;
        end
    endtask

    // no step, record or register write this cycle (unless a writer below
    // puts one there)
    task quiet;
        begin
            o_step_valid <= 1'b0;
            o_evr_valid <= 1'b0;
            o_evw_valid <= 1'b0;
            o_irq_trap <= 1'b0;
        end
    endtask

    always @(posedge i_clk) begin
        quiet;

        // ---- 1. ATOM: a lane's record as its write is taken (or without a write)
        if (i_at_rec) begin
            o_evr_valid <= 1'b1;
            o_evr_kind <= `WQ_EV_ATOMIC;
            o_evr_unit <= {{(8-WID_W){1'b0}}, i_at_w};
            o_evr_aux <= {3'd0, i_at_lane, 4'd0, i_at_fn};
            o_evr_pc <= {{(32-PCW){1'b0}}, i_at_pc};
            o_evr_mask <= 32'd1 << i_at_lane;
            o_evr_a <= i_at_addr;
            o_evr_b <= {32'd0, i_at_new};
            o_evr_c <= {32'd0, i_at_old};
        end

        // ---- 2. WB's part beat (or a commit's last part, in its first cycle)
        if (i_bw_go)
            reg_beat(i_b_w, i_b_rd, i_bw_p, i_b_pc, i_b_sel, i_bw_res);

        // ---- 3. WB: the commit's record
        if (i_emit) begin
            o_evr_valid <= 1'b1;
            o_evr_unit <= {{(8-WID_W){1'b0}}, i_b_w};
            o_evr_pc <= {{(32-PCW){1'b0}}, i_b_pc};
            o_evr_a <= 32'd0; o_evr_b <= 64'd0; o_evr_c <= 64'd0; o_evr_aux <= 16'd0;
            case (i_kk)
            K_TRAP: begin
                o_evr_kind <= `WQ_EV_TRAP;
                o_evr_aux <= {8'd0, i_trap_code};
                o_evr_mask <= i_act;
                o_evr_a <= {24'd0, i_trap_code};
            end
            K_LINK: begin                       // CALL: rd = PC+1 in the selected threads
                reg_beat(i_b_w, i_b_rd, {1'b0, i_link_p}, i_b_pc, i_b_sel, {LANES{i_link_val}});
                o_evr_valid <= 1'b0;            // (on the REG_WRITE slot)
            end
            K_BAR, K_BAR2: bar_release(i_bar_key);
            K_PRED: begin
                o_evr_kind <= `WQ_EV_PRED_WRITE;
                o_evr_aux <= {10'd0, i_b_rd};
                o_evr_mask <= i_b_sel;
                o_evr_b <= {32'd0, i_pred};
            end
            K_RET: begin
                o_evr_kind <= `WQ_EV_RETIRE;
                o_evr_aux <= {8'd0, i_op};
                o_evr_mask <= i_b_sel;
                o_evr_a <= {31'd0, i_auto};
                o_evr_b <= i_ir;
            end
            K_YDQ, K_HELD, K_TS1, K_TS2, K_PUSH, K_GRP, K_MASK, K_CPUSH, K_RC: begin
                // the divergence unit's records (wq_diverge: DQ_MERGE /
                // DQ_PUSH_BACK, THREAD_STATE, DQ_PUSH_FRONT, MASK_PC, and
                // reconverge's MASK_PC, DQ_POP, WARP_DONE or orphaned TRAP)
                o_evr_kind <= i_dg_kind;
                o_evr_pc <= i_dg_pc;
                o_evr_aux <= i_dg_aux;
                o_evr_mask <= i_dg_mask;
                o_evr_a <= i_dg_a;
                o_evr_b <= i_dg_b;
            end
            default: ;
            endcase
            if (i_last) begin
                // the commit: the step port
                o_step_valid <= 1'b1;
                o_step_kind <= `WQ_STEPK_WARP;
                o_step_id <= {{(8-WID_W){1'b0}}, i_b_w};
                if (i_trap) begin
                    o_irq_trap <= 1'b1;
                    o_step_res <= `WQ_STEP_TRAP;
                end else begin
                    o_step_res <= i_gone_orphan ? `WQ_STEP_TRAP : `WQ_STEP_DONE;
                    if (i_gone_orphan) o_irq_trap <= 1'b1;
                end
            end
        end

        // ---- 4. the completion path: the LSU's head entry's or the division
        // unit's beat (the LSU emits a store's MEM_WRITE records, o_evm_*)
        if (i_cm_go) begin
            if (i_cm_wr)
                // a load's write-back beat, a division's part
                reg_beat(i_cm_w, i_cm_rd, i_cm_p, i_cm_pc, i_cm_sel, i_cm_res);
            if (i_cm_pw) begin
                // FSETP's predicate (the FP unit's first beat, before RETIRE)
                o_evr_valid <= 1'b1;
                o_evr_kind <= `WQ_EV_PRED_WRITE;
                o_evr_unit <= {{(8-WID_W){1'b0}}, i_cm_w};
                o_evr_pc <= {{(32-PCW){1'b0}}, i_cm_pc};
                o_evr_aux <= {10'd0, i_cm_rd};
                o_evr_mask <= i_cm_sel;
                o_evr_a <= 32'd0;
                o_evr_b <= {32'd0, i_cm_pred};
                o_evr_c <= 64'd0;
            end
            if (i_cm_last) begin
                // RETIRE and the commit: the warp goes on at PC + 1
                o_evr_valid <= 1'b1;
                o_evr_kind <= `WQ_EV_RETIRE;
                o_evr_unit <= {{(8-WID_W){1'b0}}, i_cm_w};
                o_evr_pc <= {{(32-PCW){1'b0}}, i_cm_pc};
                o_evr_aux <= {8'd0, i_cm_op};
                o_evr_mask <= i_cm_sel;
                o_evr_a <= 32'd0;
                o_evr_b <= i_cm_ir;
                o_evr_c <= 64'd0;
                o_step_valid <= 1'b1;
                o_step_kind <= `WQ_STEPK_WARP;
                o_step_id <= {{(8-WID_W){1'b0}}, i_cm_w};
                o_step_res <= `WQ_STEP_DONE;
            end
        end

        // ---- 5. a warp's start (wq_step_dispatch's warp_start; its rows
        // read zero: the zero flags above)
        if (i_ds_go) begin
            o_evr_valid <= 1'b1;
            o_evr_kind <= `WQ_EV_CTA_START;
            o_evr_unit <= {{(8-WID_W){1'b0}}, i_ds_slot};
            o_evr_aux <= {11'd0, i_ds_wi};
            o_evr_pc <= {{(32-PCW){1'b0}}, i_ds_pc};
            o_evr_mask <= i_ds_live;
            o_evr_a <= i_ds_next;
            o_evr_b <= {32'd0, i_ds_seq};
            o_evr_c <= 64'd0;
        end
        // ---- 6. the DISPATCH commit
        if (i_ds_end) begin
            o_step_valid <= 1'b1;
            o_step_kind <= `WQ_STEPK_DISPATCH;
            o_step_id <= 8'd0;
            o_step_res <= `WQ_STEP_DONE;
        end

        // ---- 7. KILL (wq_warp_kill) completes a barrier: its release
        if (i_kill_rel) bar_release(i_kill_key);

        // a reset in the middle of work: the writers' strobes may still be
        // up in its cycle (the dispatch's o_end is combinational), and what
        // they would commit belongs to the state the reset clears
        if (i_reset) quiet;
    end

    // The step port's keep-the-lock flag (o_step_more), its own register:
    // with a commit's step pulse, WB's commit's (i_more), the completion's
    // (i_cm_more) or the DISPATCH step's (i_ds_more) -- the core runs one
    // of them a cycle (the FORMAL section's writers).  The completion's is
    // the deepest (behind its own code-store flag, the issue and the
    // host's wait for the lock: wq_core_hold), so the writers' strobes and
    // the other two flags are kept apart and it selects at the register's
    // last LUT.
    (* keep *) wire sm_cm;      // the completion's commit this cycle
    (* keep *) wire sm_oth;     // WB's or the DISPATCH step's flag, with its step
    assign sm_cm  = i_cm_go && i_cm_last && !i_reset;
    assign sm_oth = !i_reset && ((i_emit && i_last && i_more) || (i_ds_end && i_ds_more));
    always @(posedge i_clk)
        o_step_more <= sm_cm ? i_cm_more : sm_oth;

`ifdef FORMAL
    // Checked inside the core (scripts/formal.sh, job core) and alone (job
    // commit, FORMAL_COMMIT_TOP): the ports' registers follow their writers.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    wire [ROWS_W-1:0] f_zrow = zf[o_rf_waddr / ROWS_W];
    wire f_zflag = f_zrow[o_rf_waddr % ROWS_W];
`ifdef FORMAL_COMMIT_TOP
    // the writers the core never runs in one cycle (its own properties):
    // the completion path holds WB (its part beat and record) and never
    // runs beside ATOM's record; a warp's start, the DISPATCH step and
    // KILL run with the pipeline empty
    always @(*) begin
        if (i_cm_go) assume(!i_bw_go && !i_emit && !i_at_rec);
        // FSETP's predicate beat is a beat of its own (RETIRE follows)
        if (i_cm_pw) assume(i_cm_go && !i_cm_last && !i_cm_wr);
        if (i_ds_go || i_ds_end || i_kill_rel)
            assume(!i_bw_go && !i_emit && !i_cm_go && !i_at_rec);
        // a beat's row is its warp's (the core's rf_rowp)
        assume(i_bw_row / ROWS_W == i_b_w && i_link_row / ROWS_W == i_b_w &&
               i_cm_row / ROWS_W == i_cm_w);
        // ... and CALL's link's place in its warp's rows its row's
        if (i_emit && i_kk == K_LINK) assume(zi(i_link_zrow) == zi(i_link_row));
    end
`else
    // (inside the core) CALL's link's place is its row's
    always @(*)
        if (f_past && !i_reset && i_emit && i_kk == K_LINK) assert(zi(i_link_zrow) == zi(i_link_row));
`endif
    always @(*) if (f_past) begin
        // every REG_WRITE record is a register write, with the same values
        assert(o_evw_valid == o_rf_we);
        if (o_evw_valid) assert(o_rf_wdata == o_evr_vals);
        // a step ends a commit; a trap interrupt comes with a trap step
        if (o_step_more) assert(o_step_valid);
        if (o_irq_trap) assert(o_step_valid && o_step_res == `WQ_STEP_TRAP);
    end
    always @(posedge i_clk)
        if (f_past) begin
            // the row written no longer reads zero (unless a warp's start
            // set its rows again in the same cycle)
            if (o_rf_we && !$past(i_ds_go)) assert(!f_zflag);
            // a step on WB's last record, on the completion's, on DISPATCH
            // (none after a reset cycle)
            if ($past(i_reset)) assert(!o_step_valid && !o_evr_valid && !o_evw_valid && !o_rf_we);
            else if ($past(i_emit && i_last) || $past(i_cm_go && i_cm_last) || $past(i_ds_end))
                assert(o_step_valid);
            else assert(!o_step_valid);
            // the keep-the-lock flag: the step's writer's, in the order
            // the step port's other fields take them (the DISPATCH
            // step's over the completion's over WB's)
            if (!$past(i_reset))
                assert(o_step_more == ($past(i_ds_end) ? $past(i_ds_more)
                    : $past(i_cm_go && i_cm_last) ? $past(i_cm_more)
                    : $past(i_emit && i_last) ? $past(i_more) : 1'b0));
            else assert(!o_step_more);
        end
`ifdef FORMAL_COMMIT_TOP
    // (the covers alone: inside the core, job core covers its commits)
    always @(posedge i_clk)
        if (f_past) begin
            // CALL's link (on the REG_WRITE slot alone); a part beat beside
            // a commit's record and step; a trap
            c_link:  cover(o_evw_valid && !o_evr_valid && $past(i_emit && i_kk == K_LINK));
            c_both:  cover(o_evw_valid && o_evr_valid && o_step_valid);
            c_trap:  cover(o_irq_trap);
        end
`endif
`endif
endmodule
