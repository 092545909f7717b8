// wq_lsu_part.vh -- a request's elements in parts, for the core's LSU's
// units that take them a part (a row of EW elements) a cycle, the parts
// ascending: wq_lsu_store (a store line's merge) and wq_lsu_answer (a load
// line's write) include it inside their module, after their parameters
// PARTS, PW (bits of a part index, >= 1) and LOG2LB and their localparam
// EW (elements of a part, 4 x LANES).  The part of a cycle is the lowest
// of the request's parts pt not yet done (m), one-hot (r & -r: a carry
// chain, not a priority encoder), and what it selects is an AND-OR over
// the parts by that one-hot, not a multiplexer behind an encoder.  None
// left: zero (no part, no element, offset 0).
    function [PARTS-1:0] pt_low;
        input [PARTS-1:0] pt;
        input [PARTS-1:0] m;
        reg   [PARTS-1:0] r;
        begin
            r = pt & ~m;
            pt_low = r & ~(r - {{(PARTS-1){1'b0}}, 1'b1});
        end
    endfunction
    // (at most one of pt's parts outside m: the request's last part is
    // this cycle's; the parts-wide form of wq_lsu_grp.vh's one_tree, a
    // pair test a part, PARTS being a handful)
    function pt_one;
        input [PARTS-1:0] pt;
        input [PARTS-1:0] m;
        reg   [PARTS-1:0] r;
        integer i, j;
        begin
            r = pt & ~m;
            pt_one = 1'b1;
            for (i = 0; i < PARTS; i = i + 1)
                for (j = i + 1; j < PARTS; j = j + 1)
                    if (r[i] && r[j]) pt_one = 1'b0;
        end
    endfunction
    // (its index)
    function [PW-1:0] pt_ix;
        input [PARTS-1:0] h;
        integer j;
        begin
            pt_ix = {PW{1'b0}};
            for (j = 0; j < PARTS; j = j + 1)
                if (h[j]) pt_ix = pt_ix | j[PW-1:0];
        end
    endfunction
    // (its elements, of the request's elements cov)
    function [EW-1:0] pt_cov;
        input [127:0]     cov;
        input [PARTS-1:0] h;
        integer j;
        begin
            pt_cov = {EW{1'b0}};
            for (j = 0; j < PARTS; j = j + 1)
                if (h[j]) pt_cov = pt_cov | cov[j*EW +: EW];
        end
    endfunction
    // (its lane l's offset in the line, of the entry's lanes' offsets lo:
    // lane l of part p at [(p * EW / 4 + l) * LOG2LB +: LOG2LB])
    function [LOG2LB-1:0] pt_off;
        input [32*LOG2LB-1:0] lo;
        input [PARTS-1:0]     h;
        input integer         l;
        integer j;
        begin
            pt_off = {LOG2LB{1'b0}};
            for (j = 0; j < PARTS; j = j + 1)
                if (h[j]) pt_off = pt_off | lo[(j*EW/4 + l)*LOG2LB +: LOG2LB];
        end
    endfunction
