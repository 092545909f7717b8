////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/core/wq_low_walk.v
//
// Project:	warpq -- the pipelined SIMT core (DESIGN §6)
//
// Purpose:	A set of bits given out lowest first (docs/rtl/wq_low_walk.md):
//		the divergence unit's walks of CALL's link parts and of RET's
//		CALL-token holders, one a record.  It loads a set, and each
//		step takes its lowest bit off; beside the set it keeps, written
//		with it, the lowest bit one-hot, its index, whether any bit is
//		left and whether more than one is -- so a reader takes each from
//		a flip-flop, not from a priority pick, an encoder and a zero test
//		behind the set (the link's were six LUT levels in front of the
//		register row, its zero flag and the write lanes).
//
//		Writes in a cycle, the last wins: a clear (empty), a load, a
//		step.  Instantiated by wq_diverge (u_lw: the link parts,
//		u_hw: the holders).
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_low_walk #(
    parameter W  = 32,                      // bits of the set
    parameter IW = 5                        // bits of an index (>= clog2(W))
) (
    input  wire             i_clk,
    input  wire             i_clr,          // the set empties
    input  wire             i_load,         // the set is i_set
    input  wire [W-1:0]     i_set,
    input  wire             i_step,         // the lowest bit goes (after a load: of the set held)
    output reg  [W-1:0]     o_rem,          // the bits left
    output reg  [W-1:0]     o_oh,           // the lowest of them, one-hot (0: none)
    output reg  [IW-1:0]    o_idx,          // its index (0: none)
    output reg              o_any,          // a bit is left
    output reg              o_more          // more than one is
);
    localparam [W-1:0] ONE = 1;

    function [W-1:0] lw_low1;                  // the lowest set bit, one-hot
        input [W-1:0] m;
        lw_low1 = m & (~m + ONE);
    endfunction
    function [IW-1:0] lw_enc;                  // a one-hot's index
        input [W-1:0] oh;
        integer i;
        begin
            lw_enc = {IW{1'b0}};
            for (i = 0; i < W; i = i + 1)
                if (oh[i]) lw_enc = lw_enc | i[IW-1:0];
        end
    endfunction

    // The values a step writes, from the registers alone: the set less its
    // lowest bit, and its lowest bit, index and flags (a bit is left after
    // a step exactly when more than one was before); a load's from i_set.
    // The step, which may come late (the divergence unit's record emit),
    // only selects between finished values: it is not in front of the
    // pick, the encode and the tests.
    wire [W-1:0]  s_rem  = o_rem & ~o_oh;
    wire [W-1:0]  s_oh   = lw_low1(s_rem);
    wire [W-1:0]  l_oh   = lw_low1(i_set);
    always @(posedge i_clk)
        if (i_step) begin
            o_rem  <= s_rem;
            o_oh   <= s_oh;
            o_idx  <= lw_enc(s_oh);
            o_any  <= o_more;
            o_more <= (s_rem & (s_rem - ONE)) != {W{1'b0}};
        end else if (i_load) begin
            o_rem  <= i_set;
            o_oh   <= l_oh;
            o_idx  <= lw_enc(l_oh);
            o_any  <= i_set != {W{1'b0}};
            o_more <= (i_set & (i_set - ONE)) != {W{1'b0}};
        end else if (i_clr) begin
            o_rem  <= {W{1'b0}};
            o_oh   <= {W{1'b0}};
            o_idx  <= {IW{1'b0}};
            o_any  <= 1'b0;
            o_more <= 1'b0;
        end

`ifdef FORMAL
    // ---- formal properties (job low_walk in scripts/formal.sh; inside the
    // core too, jobs core and core_w1) ------------------------------------
    // The flags are the set's, every cycle once it has been loaded or
    // cleared (the parent does either before any step or read: a step's
    // flags are computed from the kept ones)
    reg f_init = 1'b0;
    always @(posedge i_clk) if ((i_load || i_clr) && !i_step) f_init <= 1'b1;
    always @(*)
        if (f_init) begin
            assert(o_oh == lw_low1(o_rem));
            assert(o_idx == lw_enc(lw_low1(o_rem)));
            assert(o_any == (o_rem != {W{1'b0}}));
            assert(o_more == ((o_rem & (o_rem - ONE)) != {W{1'b0}}));
        end
    // a step takes exactly the lowest bit off; a load takes the set
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(posedge i_clk)
        if (f_past && $past(f_init)) begin
            if ($past(i_step)) begin
                // (o_oh is the lowest bit, asserted above: Yosys does not take
                // $past of a function call of a register as the call of its $past)
                assert(o_rem == ($past(o_rem) & ~$past(o_oh)) &&
                       ($past(o_rem) == {W{1'b0}} || o_rem != $past(o_rem)));
            end else if ($past(i_load)) begin
                assert(o_rem == $past(i_set));
            end else if ($past(i_clr)) begin
                assert(o_rem == {W{1'b0}});
            end else begin
                assert(o_rem == $past(o_rem));
            end
        end
`ifdef FORMAL_LOW_WALK_TOP
    // covers: a walk of three bits to its end
    always @(posedge i_clk)
        if (f_past && $past(f_init)) begin
            c_more: cover($past(i_step) && o_more && !$past(i_load));
            c_last: cover($past(i_step) && $past(o_more) && o_any && !o_more);
            c_end:  cover($past(i_step) && $past(o_any) && !o_any && $past(o_idx) != {IW{1'b0}});
        end
`endif
`endif
endmodule
