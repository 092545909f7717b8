// wq_lsu_row.vh -- a row of the LSU queue's row stores, for the core's LSU
// and its address rows (wq_core_lsu, wq_lsu_addr include it inside their
// module, after their localparams QW (bits of an entry index), RAW (bits
// of a row index) and PARTS, a power of two): row {s, p} holds part p of
// entry s.  The row is {s, p}, wires, not an adder -- a carry cell a
// level on every path from an entry's index.
    /* verilator lint_off UNUSEDSIGNAL */
    function [RAW-1:0] rw_ix;            // entry s, part p: its row
        input [QW-1:0] s;
        input [31:0]   p;
        reg   [31:0]   r;
        begin
            r = ({{(32-QW){1'b0}}, s} << (RAW - QW)) | (p & (PARTS - 1));
            rw_ix = r[RAW-1:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
