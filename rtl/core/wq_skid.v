// wq_skid.v -- the core's stage contract: a valid/ready skid buffer
// (docs/rtl/wq_skid.md).
//
// A unit of the core hands a beat to the next one through this buffer so
// that the consumer's ready never reaches the producer in the same cycle:
// o_ready, what the producer sees, is the inverse of the buffer's holding
// flag, a flip-flop, and never a function of i_ready.
//
// Upstream (the producer):   i_valid, i_data  ->  o_ready
// Downstream (the consumer): o_valid, o_data  <-  i_ready
// A beat moves where valid and ready are both high at a clock edge (a
// transfer).  The producer may drop or change a beat that was not taken;
// the buffer keeps a beat it offered and that was not taken (o_valid and
// o_data stable while o_valid && !i_ready).
//
// OUTREG = 0: o_valid / o_data pass i_valid / i_data through when the
// buffer holds nothing (one beat of storage, no added latency: a beat the
// consumer does not take in its first cycle waits in the buffer while
// o_ready falls).  OUTREG = 1: o_valid and o_data are registers too (two
// beats of storage, one cycle of latency): neither direction has logic
// between the two sides.  Either way a beat a cycle goes through when the
// consumer takes every beat.
`default_nettype none

module wq_skid #(
    parameter DW     = 8,       // payload bits
    parameter OUTREG = 0        // 1: o_valid / o_data registered
) (
    input  wire          i_clk,
    input  wire          i_reset,
    input  wire          i_valid,     // the producer offers i_data
    input  wire [DW-1:0] i_data,
    output wire          o_ready,     // the buffer takes it (registered)
    output wire          o_held,      // a beat waits in the buffer (the flip-flop, !o_ready)
    output wire          o_valid,     // the buffer offers o_data
    output wire [DW-1:0] o_data,
    input  wire          i_ready      // the consumer takes it
);
    reg          r_valid;             // a beat waits in the buffer
    reg [DW-1:0] r_data;
    wire         in_go = i_valid && o_ready;

    // the producer's ready: the buffer has room (its holding register is
    // empty), known from the flip-flop alone
    assign o_ready = !r_valid;
    // the same flag as its flip-flop, for a unit that reads "a beat
    // waits" (its stage's held flag): not o_ready's complement, which
    // would cost a LUT of its own at this unit's boundary
    assign o_held  = r_valid;

    // a beat taken from the producer while the output is stalled waits
    always @(posedge i_clk)
        if (i_reset) r_valid <= 1'b0;
        else if (in_go && o_valid && !i_ready) r_valid <= 1'b1;
        else if (i_ready) r_valid <= 1'b0;
    // (loaded whenever it is empty: its contents matter only once r_valid)
    always @(posedge i_clk)
        if (o_ready) r_data <= i_data;

    generate if (OUTREG == 0) begin : pass
        assign o_valid = i_valid || r_valid;
        assign o_data  = r_valid ? r_data : i_data;
    end else begin : oreg
        reg          q_valid;
        reg [DW-1:0] q_data;
        always @(posedge i_clk)
            if (i_reset) q_valid <= 1'b0;
            else if (!q_valid || i_ready) q_valid <= in_go || r_valid;
        always @(posedge i_clk)
            if (!q_valid || i_ready) q_data <= r_valid ? r_data : i_data;
        assign o_valid = q_valid;
        assign o_data  = q_data;
    end endgenerate

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, jobs skid and skid_oreg).
    // A shadow queue of the beats taken and not yet delivered (f_q0 the
    // oldest, f_q1 the next; f_n of them) is updated by the two transfers
    // alone; the buffer's outputs must agree with it:
    //  - no beat lost or duplicated and order kept: what the consumer sees
    //    is the oldest beat taken and not yet delivered (or, OUTREG = 0,
    //    the producer's beat passed through when none waits), and f_n
    //    never exceeds the buffer's storage;
    //  - o_ready registered: it is the complement of r_valid, a flip-flop,
    //    whatever the inputs of the cycle;
    //  - a beat offered and not taken is offered again, unchanged.
    // Nothing is assumed of the producer or the consumer but a reset first.
    localparam CAP = (OUTREG == 0) ? 1 : 2;
    reg          f_past_valid = 1'b0;
    reg [1:0]    f_n = 2'd0;
    reg [DW-1:0] f_q0, f_q1;
    wire         f_out = o_valid && i_ready;
    always @(posedge i_clk) f_past_valid <= 1'b1;
    always @(*) if (!f_past_valid) assume(i_reset);

    // the shadow queue (OUTREG = 0: a beat in and out in one cycle with
    // nothing waiting passes through and is never stored)
    always @(posedge i_clk)
        if (i_reset) f_n <= 2'd0;
        else if (OUTREG == 0 && f_n == 2'd0) begin
            if (in_go && !i_ready) begin f_n <= 2'd1; f_q0 <= i_data; end
        end else case ({in_go, f_out})
            2'b10: begin
                if (f_n == 2'd0) f_q0 <= i_data; else f_q1 <= i_data;
                f_n <= f_n + 2'd1;
            end
            2'b01: begin f_q0 <= f_q1; f_n <= f_n - 2'd1; end
            2'b11: begin
                if (f_n == 2'd1) f_q0 <= i_data;
                else begin f_q0 <= f_q1; f_q1 <= i_data; end
            end
            default: ;
        endcase

    always @(*) if (f_past_valid && !i_reset) begin
        assert(f_n <= CAP);
        a_ready_reg: assert(o_ready == !r_valid);
        assert(o_ready == (f_n < CAP));
        if (OUTREG == 0) begin
            assert(r_valid == (f_n == 2'd1));
            assert(o_valid == (r_valid || i_valid));
            if (f_n != 2'd0) assert(o_data == f_q0);
            else if (i_valid) assert(o_data == i_data);
            if (r_valid) assert(r_data == f_q0);
        end else begin
            assert(o_valid == (f_n != 2'd0));
            if (f_n != 2'd0) assert(o_data == f_q0);
            if (f_n == 2'd2) assert(r_valid && r_data == f_q1);
        end
    end
    // stable while stalled
    always @(posedge i_clk)
        if (f_past_valid && !$past(i_reset) && !i_reset && $past(o_valid && !i_ready)) begin
            assert(o_valid);
            assert(o_data == $past(o_data));
        end

    // covers: the buffer full, emptied again after it was full (drain),
    // and beats going through back to back (three transfers in and out in
    // consecutive cycles, distinct payloads)
    reg f_was_full = 1'b0;
    reg [1:0] f_b2b = 2'd0;
    reg [DW-1:0] f_last;
    always @(posedge i_clk) begin
        if (f_n == CAP) f_was_full <= 1'b1;
        if (!i_reset && in_go && f_out && i_data != f_last) f_b2b <= (f_b2b == 2'd3) ? 2'd3 : f_b2b + 2'd1;
        else f_b2b <= 2'd0;
        if (in_go) f_last <= i_data;
    end
    always @(*) if (f_past_valid && !i_reset) begin
        c_full:  cover(f_n == CAP && !i_ready);
        c_drain: cover(f_was_full && f_n == 2'd0 && !i_valid);
        c_b2b:   cover(f_b2b == 2'd3);
    end
`endif
endmodule
