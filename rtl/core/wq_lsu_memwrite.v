// wq_lsu_memwrite.v -- the MEM_WRITE records of a store's commit on the
// core's beat port (docs/rtl/wq_lsu_memwrite.md; docs/rtl/wq_core_lsu.md):
// the records of the queue's head entry, NB a beat, in the model's order
// (wq_x_ST's records, cmodel/model/exec_mem.c: the lanes ascending, a
// lane's words in order), each a lane's word with its address, strobes
// and data.  wq_core_lsu's completion path says when a beat goes out
// (i_go) and keeps the entry's lanes with records left and their groups
// (wq_lsu_grp.vh); this unit picks the beat's group, its slots, reads the
// lanes' addresses and the store data's row (o_p), and registers the beat.
`default_nettype none

// (its registers feed only the record port, which the boards leave open,
// its logic is one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_lsu_memwrite #(
    parameter LANES     = 32,
    parameter EVM_SLOTS = 8,            // MEM_WRITE records a beat (4..32)
    parameter PARTS     = 32 / LANES,
    parameter PW        = (PARTS > 1) ? $clog2(PARTS) : 1
) (
    input  wire                     i_clk,
    input  wire                     i_go,       // a store's beat goes out
    input  wire [7:0]               i_unit,     // its warp
    input  wire [31:0]              i_pc,
    input  wire [1:0]               i_msize,    // log2 bytes of an access
    input  wire [2:0]               i_words,    // words a lane
    input  wire [31:0]              i_rl,       // lanes with records left
    input  wire [31:0]              i_rg,       // ... their groups (of i_words's MG)
    input  wire [32*32-1:0]         i_addr,     // the entry's lanes' byte addresses (lane l at l*32)
    input  wire [LANES*128-1:0]     i_sd,       // the store data's row of part o_p
    output reg  [PW-1:0]            o_p,        // the beat's part (its lanes')
    output reg  [31:0]              o_lsel,     // the beat's lanes
    // the MEM_WRITE beat port
    output reg  [EVM_SLOTS-1:0]     o_evm_valid,
    output reg  [7:0]               o_evm_unit,
    output reg  [31:0]              o_evm_pc,
    output reg  [EVM_SLOTS*16-1:0]  o_evm_aux,
    output reg  [EVM_SLOTS*32-1:0]  o_evm_mask,
    output reg  [EVM_SLOTS*32-1:0]  o_evm_a,
    output reg  [EVM_SLOTS*32-1:0]  o_evm_b
);
    localparam NB = EVM_SLOTS;
    localparam EW = 4 * LANES;          // elements of a part
`include "wq_subword.vh"
`include "wq_ctz.vh"
`include "wq_lsu_grp.vh"
    generate if (NB < 4 || NB > 32) begin : g_nb
        wq_lsu_memwrite_error_EVM_SLOTS_is_not_4_to_32 u_error();
    end endgenerate
    // MEM_WRITE records of the head entry (a store's commit): a beat
    // emits the records of the lowest group of MG lanes with records left
    // (i_rl), the groups aligned, MG the largest power of two with
    // MG x words <= NB and MG <= LANES (a group lies in one part, a row of
    // the store data: o_p).  So a beat's records always fit its NB
    // slots, and what a beat takes, what it leaves and whether it is the
    // last come from an OR a group and a lowest-set-bit pick over the
    // groups (one carry chain), not from a count of records.  A full
    // warp's store takes as many beats as NB records a beat would (a
    // register at NB = 8: 8 lanes a beat); a sparse one may take more,
    // never other records or another order (the groups ascend, a beat's
    // records are in the model's order within it).  Slot mi's element is
    // the lowest of what the slots before it left (m & (m - 1) takes the
    // lowest off); the slots' indices (ctz) only drive the beat port's
    // outputs, so a build that leaves the port open drops them.
    // The groups with lanes left are kept beside the lanes (i_rg: group
    // i at bit i, of the entry's MG) and whether they are one at most
    // (q_rx, wq_core_lsu's), both written as the entry enters the queue and as a beat
    // takes its group (the lowest bit off): the beat's lanes are the
    // lowest group's, a lowest-set-bit pick from flip-flops, and whether
    // it is the last is a flip-flop, not an OR a group, a pick and a
    // 32-bit compare on the way to the completion's state.
    // (the lane of element e of part p)
    /* verilator lint_off UNUSEDSIGNAL */
    function [4:0] lane_of;
        input [PW-1:0] p;
        input [6:0]    e;               // (its bits 1:0 are the word: unused)
        reg   [31:0]   l;
        begin
            l = {{(32-PW){1'b0}}, p} * LANES + {27'd0, e[6:2]};
            lane_of = l[4:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    reg  [6:0]  mw_e [0:NB-1];          // (element of the part)
    reg  [4:0]  mw_l [0:NB-1];          // (its lane)
    reg  [NB-1:0] mw_v;
    /* verilator lint_off UNUSEDSIGNAL */
    reg  [EW-1:0] mw_left;              // (the group's elements no slot took: none, the formal section's)
    /* verilator lint_on UNUSEDSIGNAL */
    reg  [31:0]  mw_g;                  // (their group)
    reg  [NB*32-1:0] mw_b;
    integer mi, pi;
    always @(*) begin : o_pick
        reg [31:0] v;
        reg [3:0]  wm;
        reg [EW-1:0] m;
        v = i_rl;
        mw_g = i_rg & (~i_rg + 32'd1);
        o_lsel = v & grp_lanes(mw_g, i_words);
        // (the group's part, and its elements: its lanes' words)
        o_p = {PW{1'b0}};
        for (pi = PARTS - 1; pi >= 0; pi = pi - 1)
            if (o_lsel[pi*LANES +: LANES] != {LANES{1'b0}}) o_p = pi[PW-1:0];
        wm = {i_words > 3'd3, i_words > 3'd2, i_words > 3'd1, i_words > 3'd0};
        m = {EW{1'b0}};
        for (pi = 0; pi < PARTS; pi = pi + 1)
            if (o_p == pi[PW-1:0])
                for (mi = 0; mi < LANES; mi = mi + 1)
                    m[4*mi +: 4] = o_lsel[pi*LANES + mi] ? wm : 4'd0;
        for (mi = 0; mi < NB; mi = mi + 1) begin
            mw_v[mi] = m != {EW{1'b0}};
            mw_e[mi] = ctz128({{(128-EW){1'b0}}, m});
            mw_l[mi] = lane_of(o_p, mw_e[mi]);
            m = m & (m - 1'b1);
        end
        mw_left = m;
    end
    // (the slots' data: words of the store data's row, read as an array
    // of words -- a multiplexer per slot for Yosys, an index for the
    // simulator -- rather than a part-select at a variable offset, which
    // Yosys builds as a shifter over the whole row)
    localparam EB = $clog2(EW);
    wire [31:0] sd_w [0:EW-1];
    genvar gw;
    generate for (gw = 0; gw < EW; gw = gw + 1) begin : g_sd_w
        assign sd_w[gw] = i_sd[gw*32 +: 32];
    end endgenerate
    integer mj;
    always @(*)
        for (mj = 0; mj < NB; mj = mj + 1)
            mw_b[mj*32 +: 32] = ({25'd0, mw_e[mj]} < EW) ? sd_w[mw_e[mj][EB-1:0]] : 32'd0;

    // ---- the beat: NB records a cycle --------------------------------------------
    integer mk;
    always @(posedge i_clk) begin : beat
        reg [31:0] a;                       // a record's lane's address
        o_evm_valid <= {NB{1'b0}};
        if (i_go) begin
            o_evm_valid <= mw_v;
            o_evm_unit <= i_unit;
            o_evm_pc <= i_pc;
            for (mk = 0; mk < NB; mk = mk + 1) begin
                o_evm_aux[mk*16 +: 16] <= {11'd0, mw_l[mk]};
                a = i_addr[mw_l[mk]*32 +: 32];
                o_evm_mask[mk*32 +: 32] <= {28'd0, sw_strobe(i_msize, a[1:0])};
                o_evm_a[mk*32 +: 32] <= a | {28'd0, mw_e[mk][1:0], 2'b00};
                o_evm_b[mk*32 +: 32] <= mw_b[mk*32 +: 32];
            end
        end
    end
`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, jobs
    // core and core_w1), where wq_core_lsu drives it.
    integer f;
    always @(*) begin
        // the beat's lanes: lanes with records left, of one group, in
        // part o_p
        assert((o_lsel & ~i_rl) == 32'd0 && one_at_most(grp_of(o_lsel, i_words)));
        assert((o_lsel & ~({{(32-LANES){1'b0}}, {LANES{1'b1}}} << (o_p * LANES))) == 32'd0);
        // with the groups those of the lanes (wq_core_lsu keeps them so
        // for a valid entry): some when any are left, the lowest group
        // (no lane below them has records left), every element of them
        // in a slot
        if (i_rg == grp_of(i_rl, i_words)) begin
            assert(o_lsel != 32'd0 || i_rl == 32'd0);
            assert(mw_left == {EW{1'b0}});
            for (f = 0; f < 32; f = f + 1)
                if (o_lsel != 32'd0 && i_rl[f] && !o_lsel[f])
                    assert((o_lsel & ~(32'hFFFF_FFFF << f)) == 32'd0);
        end
        // slots in order: valid ones first, each element above the one
        // before, of a lane of the beat and a word of the store
        for (f = 0; f < NB; f = f + 1) begin
            if (f > 0 && mw_v[f]) assert(mw_v[f - 1] && mw_e[f] > mw_e[f - 1]);
            if (mw_v[f]) assert(o_lsel[mw_l[f]] && {1'b0, mw_e[f][1:0]} < i_words);
        end
    end
`endif
endmodule
