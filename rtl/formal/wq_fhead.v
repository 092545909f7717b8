////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/formal/wq_fhead.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The read-ahead FIFO's head as the segment walk reads it,
//		written once for the `ifdef FORMAL` sections of the units that
//		read the head's fields instead of the word (wq_host_hdr,
//		wq_host_fast; docs/rtl/wq_fhead.md): while the FIFO holds a
//		word, its fields (WQ_HP_*) are wq_host_hpre's decode of it;
//		where the walk takes it (H_HDR inside the segment, H_DATA), its
//		last-word flag is the walk's words left's test for 1; where it
//		takes it as a header (H_HDR), its TRUNCATED flag is its count
//		at or past the words left.  Assumed where a unit is its own job's top
//		(F_ASSUME = 1), asserted inside wq_host_if (F_ASSUME = 0), whose
//		FIFO keeps it (wq_host_fifo's section: the fields and places it
//		stores; that a word's place is the walk's words left is this
//		assertion there).
//
//		Formal properties only: outside FORMAL it has no logic.
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none
`include "wq_defs.vh"
`include "wq_host_hpre.vh"

module wq_fhead #(
    // verilator lint_off UNUSEDPARAM
    parameter F_ASSUME = 0      // 1: assume (the unit's own job), 0: assert
    // verilator lint_on UNUSEDPARAM
) (
    input  wire                          i_nz,      // the FIFO holds a word
    input  wire [31:0]                   i_head,    // the head word
    input  wire [`WQ_HQ_W-1:0]           i_k,       // its fields and place
    input  wire [5:0]                    i_hs,      // the sequencer's state
    input  wire [`WQ_GP_LENGTH_W-1:0]    i_rem      // the walk's words left
);
    // verilator lint_off UNUSEDPARAM
`include "wq_host_states.vh"
    // verilator lint_on UNUSEDPARAM
`ifdef FORMAL
    // where the walk takes the word, and as a header
    wire f_hdr  = (i_hs == H_HDR);
    wire f_take = (f_hdr && i_rem != 0) || i_hs == H_DATA;
    wire [`WQ_HP_W-1:0] f_dec;
    wq_host_hpre u_dec (.i_word(i_head), .o_k(f_dec));
    wire f_fields = !i_nz || i_k[`WQ_HP_W-1:0] == f_dec;
    wire f_last   = !(i_nz && f_take) || i_k[`WQ_HQ_LAST] == (i_rem == 1);
    wire f_trunc  = !(i_nz && f_take && f_hdr)
                    || i_k[`WQ_HQ_TRUNC] == ({{(`WQ_GP_LENGTH_W-`WQ_MH_COUNT_W){1'b0}},
                                              i_head[`WQ_MH_COUNT_RANGE]} >= i_rem);
    always @(*)
        if (F_ASSUME != 0) begin
            a_fields: assume(f_fields);
            a_last:   assume(f_last);
            a_trunc:  assume(f_trunc);
        end else begin
            p_fields: assert(f_fields);
            p_last:   assert(f_last);
            p_trunc:  assert(f_trunc);
        end
`else
    // verilator lint_off UNUSEDSIGNAL
    wire unused = &{1'b0, i_nz, i_head, i_k, i_hs, i_rem};
    // verilator lint_on UNUSEDSIGNAL
`endif
endmodule
