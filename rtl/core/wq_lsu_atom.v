// wq_lsu_atom.v -- the core's atomic unit (docs/rtl/wq_lsu_atom.md;
// docs/rtl/wq_core_lsu.md): an ATOM, one lane at a time, as the model's
// wq_x_ATOM (cmodel/model/exec_mem.c): read the lane's word, apply the
// operation (atom_apply) to the old value and the lane's b and c, then
// write the new value only if it differs, the ATOMIC record beside the
// write (or without one); the next lane's read waits for the write's
// answer, so a later lane on the same word reads what an earlier one wrote.
// wq_core_lsu starts it with the queue, WB and the port empty and owns
// the port, the lanes (its pick register's leader) and the row stores;
// this unit is the lane's sequence (o_rd, o_wr: the request it wants,
// o_clr: the lane done), its operands and its values.
`default_nettype none
`include "wq_defs.vh"

module wq_lsu_atom #(
    parameter LANES      = 32,
    parameter LINE_BYTES = 16,
    parameter LWW        = (LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1
) (
    input  wire                    i_clk,
    input  wire                    i_start,     // an ATOM starts: its first lane's read
    input  wire                    i_on,        // it performs its accesses
    input  wire                    i_taken,     // the port takes its request
    input  wire                    i_ready,     // the port is ready (a write is taken)
    input  wire                    i_rvalid,    // its answer (the read's word, the write's)
    input  wire [LINE_BYTES*8-1:0] i_rdata,
    input  wire [3:0]              i_fn,        // the operation
    input  wire [4:0]              i_lane,      // the lane (the request's leader)
    input  wire [LWW-1:0]          i_word,      // its word of the line
    input  wire [LANES*128-1:0]    i_sd,        // the store data's row of its part: b at word 0, c at 1
    output wire                    o_rd,        // the lane's read is to go out
    output wire                    o_wr,        // its write is to go out (when o_chg)
    output wire                    o_chg,       // the new value differs: a write
    output wire [31:0]             o_old,       // the lane's old value
    output wire [31:0]             o_new,       // its new value
    output wire                    o_rec,       // the ATOMIC record (the write taken, or none)
    output wire                    o_clr        // the lane is done
);
    localparam LB     = LINE_BYTES;
    localparam LW     = LB / 4;
    localparam LOG2LB = $clog2(LB);
    /* verilator lint_off UNUSEDPARAM */
    localparam integer   LWM    = LW - 1;
    localparam [LWW-1:0] LWMASK = LWM[LWW-1:0];   // (wq_lsu_el.vh's; unused here)
    /* verilator lint_on UNUSEDPARAM */
`include "wq_lsu_el.vh"

    // the phases of a lane: its read on the port, its answer (the old
    // value kept), the operation (kept), the write on the port (or none),
    // the write's answer
    localparam [2:0] AP_RD = 3'd0, AP_OLD = 3'd1, AP_OP = 3'd2, AP_WR = 3'd3, AP_ACK = 3'd4;
    reg  [2:0]  aph;
    reg  [31:0] old;                    // the lane's old value
    reg  [31:0] nv;                     // its new value (AP_WR)
    reg         chg;                    // ... differs from old: a write
    // (b and c: words 0 and 1 of the lane in the store data's row)
    reg  [31:0] at_b, at_c;
    integer l;
    always @(*) begin
        at_b = 32'd0;
        at_c = 32'd0;
        for (l = 0; l < LANES; l = l + 1)
            if ({27'd0, i_lane} % LANES == l) begin
                at_b = i_sd[(4 * l + 0) * 32 +: 32];
                at_c = i_sd[(4 * l + 1) * 32 +: 32];
            end
    end
    // The lane's operands and its word in the line are those of the
    // leader its read request went out for; they are kept as the read is
    // taken (AP_RD), so the answer's arithmetic starts from flip-flops
    reg  [31:0] at_br, at_cr;
    reg  [LWW-1:0] ws_r;
    always @(posedge i_clk)
        if (i_on && aph == AP_RD && i_taken) begin
            at_br <= at_b;
            at_cr <= at_c;
            ws_r <= i_word;
        end
    // the old value is kept as its answer arrives (AP_OLD), and
    // atom_apply() runs on it the cycle after (AP_OP), kept in registers
    // for AP_WR: the answer's word select, the operation and the write
    // decision are a stage each side of old, and the write's request, its
    // data and the record start from flip-flops
    wire [31:0] at_o = old;
    wire [31:0] at_ans = ln_word(i_rdata, ws_r);
    reg  [31:0] at_nx;
    always @(*) begin
        case (i_fn)
        `WQ_ATOM_ADD:  at_nx = at_o + at_br;
        `WQ_ATOM_EXCH: at_nx = at_br;
        `WQ_ATOM_CAS:  at_nx = (at_o == at_br) ? at_cr : at_o;
        `WQ_ATOM_MIN:  at_nx = ($signed(at_br) < $signed(at_o)) ? at_br : at_o;
        `WQ_ATOM_MAX:  at_nx = ($signed(at_br) > $signed(at_o)) ? at_br : at_o;
        `WQ_ATOM_MINU: at_nx = (at_br < at_o) ? at_br : at_o;
        `WQ_ATOM_MAXU: at_nx = (at_br > at_o) ? at_br : at_o;
        `WQ_ATOM_AND:  at_nx = at_o & at_br;
        `WQ_ATOM_OR:   at_nx = at_o | at_br;
        `WQ_ATOM_XOR:  at_nx = at_o ^ at_br;
        default:       at_nx = at_o;        // (the decoder rejects the rest)
        endcase
    end
    // (whether the new value differs from the old one, from the operands
    // and the operation, not by comparing at_nx with at_o: ADD and XOR
    // change it when b is not zero, EXCH when b differs from it, CAS when
    // it equals b and c differs from b, the minima and maxima when b is
    // below or above it, AND when it has a bit b lacks, OR the reverse)
    reg         at_ch;
    always @(*) begin
        case (i_fn)
        `WQ_ATOM_ADD:  at_ch = at_br != 32'd0;
        `WQ_ATOM_EXCH: at_ch = at_br != at_o;
        `WQ_ATOM_CAS:  at_ch = at_o == at_br && at_cr != at_br;
        `WQ_ATOM_MIN:  at_ch = $signed(at_br) < $signed(at_o);
        `WQ_ATOM_MAX:  at_ch = $signed(at_br) > $signed(at_o);
        `WQ_ATOM_MINU: at_ch = at_br < at_o;
        `WQ_ATOM_MAXU: at_ch = at_br > at_o;
        `WQ_ATOM_AND:  at_ch = (at_o & ~at_br) != 32'd0;
        `WQ_ATOM_OR:   at_ch = (at_br & ~at_o) != 32'd0;
        `WQ_ATOM_XOR:  at_ch = at_br != 32'd0;
        default:       at_ch = 1'b0;
        endcase
    end
    // ---- the lane's sequence ----------------------------------------------------
    always @(posedge i_clk) begin
        if (i_start) aph <= AP_RD;
        if (i_on) begin
            case (aph)
            AP_RD:  if (i_taken) aph <= AP_OLD;
            AP_OLD: if (i_rvalid) begin
                old <= at_ans;
                aph <= AP_OP;
            end
            AP_OP: begin
                nv <= at_nx;
                chg <= at_ch;
                aph <= AP_WR;
            end
            // the record as the write is taken (or without a write)
            AP_WR:  if (!chg || i_ready) aph <= chg ? AP_ACK : AP_RD;
            AP_ACK: if (i_rvalid) aph <= AP_RD;     // the write's answer
            default: aph <= AP_RD;
            endcase
        end
    end

    assign o_rd  = aph == AP_RD;
    assign o_wr  = aph == AP_WR;
    assign o_chg = chg;
    assign o_old = old;
    assign o_new = nv;
    assign o_rec = i_on && aph == AP_WR && (!chg || i_ready);
    assign o_clr = (o_rec && !chg) || (i_on && aph == AP_ACK && i_rvalid);
`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, jobs
    // core and core_w1), where wq_core_lsu drives it.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (f_past && i_on) begin
        // its write decision from the operands is the new value's compare
        // with the old one
        assert(at_ch == (at_nx != at_o));
        // a phase of the five
        assert(aph <= AP_ACK);
    end
    // (its covers are the core's: wq_core_lsu's c_atom_wr, a write taken)
`endif
endmodule
