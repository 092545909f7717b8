// wq_cmp_k.vh -- compares with a constant, written as gates.
//
// Included inside a module (like wq_ld_mask.vh): le_k(x, c) is x <= c and
// ge_k(x, c) is x >= c, unsigned, 32 bits, for a c that is a constant at
// every use (a parameter, a literal or a loop index); x < c is !ge_k(x, c)
// and x > c is !le_k(x, c).  Why: Yosys builds a carry chain for every
// compare operator, even when one side is a constant, and keeps it
// through synth_ice40; this bit-by-bit form constant-folds to a few LUTs
// instead (docs/rtl/README.md, Resources).  Compares of two
// variables gain nothing from it: keep the operator there.
// (Verilator 5.006 reports a function of this file in a module inside
// another module that includes it too as hiding the outer one: the same
// declaration, file and line, in two module scopes -- not a real hiding)
// verilator lint_off VARHIDDEN
function le_k;
    input [31:0] x, c;
    integer le_i;
    reg le_lt, le_eq;
    begin
        le_lt = 1'b0;
        le_eq = 1'b1;
        for (le_i = 31; le_i >= 0; le_i = le_i - 1) begin
            le_lt = le_lt || (le_eq && !x[le_i] && c[le_i]);
            le_eq = le_eq && (x[le_i] == c[le_i]);
        end
        le_k = le_lt || le_eq;
    end
endfunction
function ge_k;
    input [31:0] x, c;
    integer ge_i;
    reg ge_gt, ge_eq;
    begin
        ge_gt = 1'b0;
        ge_eq = 1'b1;
        for (ge_i = 31; ge_i >= 0; ge_i = ge_i - 1) begin
            ge_gt = ge_gt || (ge_eq && x[ge_i] && !c[ge_i]);
            ge_eq = ge_eq && (x[ge_i] == c[ge_i]);
        end
        ge_k = ge_gt || ge_eq;
    end
endfunction
// verilator lint_on VARHIDDEN
