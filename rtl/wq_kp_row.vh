// wq_kp_row.vh -- the row of part p of register rd + k, from rd's part 0
// row and which of rd .. rd + 3 are packed (wq_de_stage's destination row
// and packed bits, o_dx_rr and o_dx_rpk), for the core's EX stage, which
// carries WB's beat's row with the beat (included inside its module,
// after its localparam PARTS, a power of two, and parameter RF_AW).
// wq_rf_row.vh's rows are consecutive across both kinds of register: an
// unpacked register has PARTS rows, PARTS-aligned, so part p's is its
// part 0 row | p; a packed one (at or above the shared base: rd + j
// packed makes rd + j + 1 packed) has one row, every part's.
    function [RF_AW-1:0] kp_row;
        input [RF_AW-1:0] rr;            // rd's part 0 row (packed: its row)
        input [3:0]       rpk;           // rd + j is packed, j = 0..3
        input [1:0]       k;
        input [5:0]       p;             // below PARTS
        reg   [RF_AW-1:0] r;
        integer           j;
        begin
            r = rr;
            for (j = 0; j < 3; j = j + 1)
                if (j < k) r = r + (rpk[j] ? {{(RF_AW-1){1'b0}}, 1'b1} : PARTS[RF_AW-1:0]);
            /* verilator lint_off WIDTH */
            kp_row = rpk[k] ? r : (r | (p & (PARTS - 1)));
            /* verilator lint_on WIDTH */
        end
    endfunction
