// wq_ctz.vh -- the lowest set bit of 128 (included inside a module: the
// core's divergence unit and its LSU).  0 when none: a binary search of
// seven halvings (the lower half empty: the bit is in the upper one)
// rather than a 128-step priority chain -- the same encoder in hardware, a
// twentieth of the work in the simulator, where the LSU evaluates it every
// cycle.  (Verilator reads a module it finds by name while it parses
// the instantiating one, and takes the first copy for an outer one of the
// second: VARHIDDEN is off here.)
    /* verilator lint_off VARHIDDEN */
    function [6:0] ctz128;
        input [127:0] m;
        reg   [127:0] t;
        integer i;
        begin
            ctz128 = 7'd0;
            t = m;
            for (i = 6; i >= 0; i = i - 1)
                if ((t & ~({128{1'b1}} << (1 << i))) == 128'd0) begin
                    ctz128[i] = 1'b1;
                    t = t >> (1 << i);
                end
            if (m == 128'd0) ctz128 = 7'd0;
        end
    endfunction
    /* verilator lint_on VARHIDDEN */
