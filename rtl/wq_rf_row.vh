// wq_rf_row.vh -- a register's row in the core's register file (included
// inside a module that defines REGS, PARTS, RF_AW and WID_W: the core's DE
// stage and its write-back, wq_de_stage and wq_core).  The file holds
// WARPS * REGS * PARTS rows of LANES lanes: register r of warp w, part p,
// at row (w * REGS + r) * PARTS + p.  (Verilator reads a module it finds
// by name while it parses the instantiating one, and takes the first copy
// for an outer one of the second: VARHIDDEN is off here.)
    /* verilator lint_off VARHIDDEN */
    /* verilator lint_off WIDTH */
    function [RF_AW-1:0] rf_row;         // register r of warp w, part p
        input [WID_W-1:0] w;
        input [5:0]       r;
        input [5:0]       p;
        rf_row = ({26'd0, w} * REGS + {26'd0, r}) * PARTS + {26'd0, p};
    endfunction
    // register r of warp w as part p's threads see it: in a sub-vector
    // segment a register at or above the shared base is packed (exec.h
    // wq_reg): shared register s lives in row base + s/PARTS, part s%PARTS,
    // the same lanes for every part
    function [RF_AW-1:0] rf_rowp;
        input [WID_W-1:0] w;
        input [5:0]       r;
        input [5:0]       p;
        input             on;
        input [4:0]       base;
        reg   [5:0]       sh;
        begin
            sh = r - {1'b0, base};
            if (rf_pk(r, on, base))
                rf_rowp = rf_row(w, {1'b0, base} + sh / PARTS, sh % PARTS);
            else
                rf_rowp = rf_row(w, r, p);
        end
    endfunction
    // register r's packed row in warp w (rf_rowp's for r at or above the
    // shared base): base + (r - base) / PARTS, part (r - base) % PARTS is
    // the warp's first row + base * PARTS + (r - base) -- linear in r, so
    // register r + k's is r's + k (wq_de_stage's rb + k)
    function [RF_AW-1:0] rf_prow;
        input [WID_W-1:0] w;
        input [5:0]       r;
        input [4:0]       base;
        rf_prow = rf_row(w, 6'd0, 6'd0) + r + base * PARTS - base;
    endfunction
    // register r's unpacked row, part p (below PARTS), past its warp's
    // first row: r * PARTS + p, the parts' bits beside r's (PARTS is a
    // power of two) -- wiring, where rf_row's sum is an adder
    function [RF_AW-1:0] rf_urow;
        input [5:0]       r;
        input [5:0]       p;
        rf_urow = ({26'd0, r} * PARTS) | ({26'd0, p} & (PARTS - 1));
    endfunction
    // whether register r is packed in a sub-vector segment (rf_rowp's test)
    function rf_pk;
        input [5:0]       r;
        input             on;
        input [4:0]       base;
        rf_pk = on && base != 5'd0 && r >= {1'b0, base};
    endfunction
    /* verilator lint_on WIDTH */
    /* verilator lint_on VARHIDDEN */
