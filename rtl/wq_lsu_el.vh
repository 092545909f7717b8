// wq_lsu_el.vh -- an element's place in its line, for the core's LSU and
// its units (wq_core_lsu, wq_lsu_store, wq_lsu_atom include it inside their
// module, after their localparams LB (bytes of a line), LW (its words),
// LWW (bits of a word index, >= 1), LWMASK (LW - 1) and LOG2LB).  Element
// e of a lane is word k = e % 4 of the lane, at the lane's byte address
// with k in bits 3:2 (a .v4 address is 16-byte aligned: a misaligned lane
// traps at the gather, before the queue), the model's order
// (cmodel/model/exec_mem.c, cmodel/model/coalesce.c).
    // word k of a lane at byte address a: constants for Yosys, where an OR
    // with the lane's bits would leave them variable
    function [31:0] el_addr;
        input [31:0] a;
        input [1:0]  wk;
        el_addr = (wk == 2'd0) ? a : {a[31:4], wk, a[1:0]};
    endfunction
    // element e's offset in its line, from its lanes' offsets lo (lane l's
    // at [l*LOG2LB +: LOG2LB])
    /* verilator lint_off UNUSEDSIGNAL */
    function [LOG2LB-1:0] pk_off;
        input [32*LOG2LB-1:0] lo;
        input [6:0]           e;
        reg   [31:0]          a;            // (its bits above the offset: unused)
        begin
            a = el_addr({{(32-LOG2LB){1'b0}}, lo[e[6:2]*LOG2LB +: LOG2LB]}, e[1:0]);
            pk_off = a[LOG2LB-1:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    // the word of a line at word index w
    function [31:0] ln_word;
        input [LB*8-1:0] line;
        input [LWW-1:0]  w;
        integer i;
        begin
            ln_word = line[31:0];
            for (i = 1; i < LW; i = i + 1)
                if (w == i[LWW-1:0]) ln_word = line[i*32 +: 32];
        end
    endfunction
