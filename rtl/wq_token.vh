// wq_token.vh -- the token deque's shared definitions: the bit indices of
// each warp's registered pointer tests (fl) and the token helpers.
//
// Included inside wq_token_deque and wq_token_cmd, after their TOKW (token
// bits) and NPRES (types with a presence bit) localparams: the deque keeps
// the tests, the command's decode writes their next values, and both must
// agree on which bit is which.
// (Verilator 5.006 reports a function of an include file in a module
// inside another module that includes it too as hiding the outer one: the
// same declaration, file and line, in two module scopes -- not a real
// hiding)
// verilator lint_off VARHIDDEN
// verilator lint_off UNUSEDPARAM
localparam FL_EMPTY = 0;    // head == tail (a bit index; spec_check: ok)
localparam FL_HMAX  = 1;    // head == depth
localparam FL_TZERO = 2;    // tail == 0
localparam FL_ONE   = 3;    // head - tail == 1
localparam NFL      = 4;
// verilator lint_on UNUSEDPARAM

// a token from its fields (the rest of the 64 bits 0)
function [TOKW-1:0] tok_pack;
    input [`WQ_TF_TYPE_W-1:0]     ty;
    input [`WQ_TF_MASK_W-1:0]     mk;
    input [`WQ_TF_ADDR_W-1:0]     ad;
    input [`WQ_TF_PRESENCE_W-1:0] pr;
    begin
        tok_pack = {TOKW{1'b0}};
        tok_pack[`WQ_TF_TYPE_RANGE]     = ty;
        tok_pack[`WQ_TF_MASK_RANGE]     = mk;
        tok_pack[`WQ_TF_ADDR_RANGE]     = ad;
        tok_pack[`WQ_TF_PRESENCE_RANGE] = pr;
    end
endfunction

// what a token tells about the entries from it down: its presence bits
// plus its own type's bit (types >= NPRES have none: they shift out)
function [NPRES-1:0] below_bits;
    input [`WQ_TF_TYPE_W-1:0]     ty;
    input [`WQ_TF_PRESENCE_W-1:0] pr;
    begin
        below_bits = pr | ({{(NPRES-1){1'b0}}, 1'b1} << ty);
    end
endfunction
// verilator lint_on VARHIDDEN
