// wq_trap_recov.vh -- trap_recov, whether a trap code is recoverable: the
// RECOV flags of cmodel/spec/trap.def, gathered by the generator into
// wq_defs.vh's WQ_TRAP_RECOV_MASK (a bit a code below 32; no code above
// is recoverable).  Included inside the body of a module that decides or
// states it: wq_ex_stage (WB's recoverable flag), wq_warp_slots (a trapped
// slot that can still arrive at a barrier), wq_diverge_room (its formal
// section).
function trap_recov;
    input [7:0] code;
    trap_recov = code[7:5] == 3'd0 && ((`WQ_TRAP_RECOV_MASK >> code[4:0]) & 32'd1) != 32'd0;
endfunction
