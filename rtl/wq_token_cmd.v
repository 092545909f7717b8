////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_token_cmd.v
//
// Project:	warpq -- the token deque of the warp scheduler (DESIGN §6.1, §6.2)
//
// Purpose:	A token deque command's decode (docs/rtl/wq_token_cmd.md):
//		from the command and the registers of its warp, what
//		wq_token_deque does with it this cycle -- the trap, the
//		pointers' next values and, written with them, their next
//		tests, count, head - 1 and tail - 1; which RAM reads and writes
//		it makes and at which entry; the front copy's update; whether
//		it answers now or searches -- and the warp's state as the
//		command port shows it (o_has: wq_deque_has_type for every type).
//		The model's wq_deque_* functions of cmodel/model/deque.c, one
//		case a command.
//
//		Combinational.  The deque selects the warp's registers (an
//		AND-OR by i_warp) with the pending front update forwarded, and
//		applies the decisions at its clock edge when the command is
//		accepted.  Every next value is a selection, an increment or
//		decrement, or a compare with a constant or the depth mask:
//		the registered tests make the traps and the pop's refill a bit
//		each (docs/rtl/wq_token_deque.md, "Decisions precomputed at
//		write time").
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none
`include "wq_defs.vh"

// (combinational, a part of wq_token_deque's one cycle: scripts/area.sh
// measures its logic inside the deque's, as the board's flattened netlist
// has it, besides its own line)
(* wq_area_inline *)
module wq_token_cmd #(
    parameter LOG2 = 6                  // entries per warp: 2^LOG2, >= 2
) (
    // the command (wq_token_deque's command port)
    input  wire [3:0]                       i_op,
    input  wire [`WQ_TF_TYPE_W-1:0]         i_type,
    input  wire [`WQ_TF_MASK_W-1:0]         i_mask,
    input  wire [`WQ_TF_ADDR_W-1:0]         i_addr,
    input  wire [LOG2-1:0]                  i_index,
    input  wire [`WQ_TF_PRESENCE_HI:0]      i_data,
    input  wire [LOG2:0]                    i_head,
    input  wire [LOG2:0]                    i_tail,
    input  wire [`WQ_LDF_DEQUE_LOG2_W-1:0]  i_log2,
    // the reset sweep runs: the write data is 0
    input  wire                             i_sweep,
    // the command's warp's registers: head, tail, count, runtime log2,
    // head - 1, tail - 1, the tests (FL_*), the front copy's type and its
    // below_bits, of a non-empty deque (both with the pending front
    // update forwarded)
    input  wire [LOG2:0]                    i_w_head,
    input  wire [LOG2:0]                    i_w_tail,
    input  wire [LOG2:0]                    i_w_cnt,
    input  wire [$clog2(LOG2+1)-1:0]        i_w_log2,
    input  wire [LOG2-1:0]                  i_w_top,
    input  wire [LOG2-1:0]                  i_w_bot,
    input  wire [3:0]                       i_w_fl,
    input  wire [`WQ_TF_TYPE_W-1:0]         i_w_type,
    input  wire [`WQ_TF_PRESENCE_W-1:0]     i_w_hv,
    // the warp's state: wq_deque_has_type of every type code; CLEAR's
    // runtime log2 (i_log2 clamped to LOG2) and its pointers
    output wire [(1<<`WQ_TF_TYPE_W)-1:0]    o_has,
    output wire [$clog2(LOG2+1)-1:0]        o_nlog2,
    output wire [LOG2:0]                    o_nhalf,    // CLEAR's head and tail (depth / 2)
    // the decisions (applied when the deque accepts the command)
    output wire [`WQ_TRAP_W-1:0]            o_trap,
    output wire                             o_empty,    // a pop on an empty deque
    output wire                             o_rejected, // SET_HEADTAIL out of bounds
    output wire                             o_result,   // answers next cycle (else searches)
    output wire                             o_ptr_we,   // the pointers, count, tests move
    output wire                             o_log2_we,  // the runtime log2 is o_nlog2
    output wire [LOG2:0]                    o_head,
    output wire [LOG2:0]                    o_tail,
    output wire [LOG2:0]                    o_cnt,
    output wire [LOG2-1:0]                  o_top,      // the new head - 1
    output wire [LOG2-1:0]                  o_bot,      // the new tail - 1
    output wire [3:0]                       o_fl,       // the new pointers' tests
    output wire [LOG2-1:0]                  o_index,    // the entry read or written; o_index
    output wire                             o_re,       // mem reads o_index
    output wire                             o_wwe,      // mem writes o_wdata at o_index
    output wire [`WQ_TF_PRESENCE_HI:0]      o_wdata,    // written, pushed, or the key / mask
    output wire                             o_bre,      // the copy RAM reads o_bidx
    output wire [LOG2-1:0]                  o_bidx,
    output wire                             o_fwe,      // the front copy is updated
    output wire                             o_frdata,   // ... from the copy RAM's output
    output wire                             o_fzero,    // ... to 0 (now empty)
    output wire                             o_pop,      // o_token from mem's output
    output wire                             o_merge,    // a merge: write the entry back
    output wire                             o_dbgread,
    output wire                             o_find      // a search from e[head-1]
);

    localparam TOKW  = `WQ_TF_PRESENCE_HI + 1;      // token bits
    localparam NPRES = `WQ_TF_PRESENCE_W;           // types with a presence bit
    localparam NTYPE = 1 << `WQ_TF_TYPE_W;          // type codes
    localparam L2W   = `WQ_LDF_DEQUE_LOG2_W;
    localparam LGW   = $clog2(LOG2 + 1);           // stored log2: 0..LOG2
    localparam PW    = LOG2 + 1;                    // head / tail
    localparam [31:0]    LOG2_32   = LOG2;
    localparam [L2W-1:0] LOG2_MAX  = LOG2_32[L2W-1:0];
`include "wq_token.vh"

    wire [PW-1:0]    c_head   = i_w_head;
    wire [PW-1:0]    c_tail   = i_w_tail;
    wire [PW-1:0]    c_cnt    = i_w_cnt;
    wire [LGW-1:0]   c_log2   = i_w_log2;
    wire [LOG2-1:0]  c_top    = i_w_top;
    wire [LOG2-1:0]  c_bot    = i_w_bot;
    wire [NFL-1:0]   c_fl     = i_w_fl;
    wire [`WQ_TF_TYPE_W-1:0] c_ftype = i_w_type;
    wire [NPRES-1:0] c_hvp    = i_w_hv;

    // depth - 1 as a mask of ones (no subtractor), and the depth one-hot:
    // the mask's top bit and one above
    wire [LOG2-1:0] c_dm    = ~({LOG2{1'b1}} << c_log2);
    wire [PW-1:0]   c_depth = {c_dm, 1'b1} & ~{1'b0, c_dm};
    wire            c_empty = c_fl[FL_EMPTY];
    // (has_types of a non-empty deque: the types without a presence bit
    // only by the front's own type)
    reg  [NTYPE-NPRES-1:0] c_tyhi;
    integer         ct;
    always @(*)
        for (ct = NPRES; ct < NTYPE; ct = ct + 1)
            c_tyhi[ct - NPRES] = (c_ftype == ct[`WQ_TF_TYPE_W-1:0]);
    wire [NTYPE-1:0] c_hv   = {c_tyhi, c_hvp};
    wire [NTYPE-1:0] c_has  = {NTYPE{!c_empty}} & c_hv;
    wire [LOG2-1:0] c_idx   = i_index & c_dm;
    // head - 1 and tail - 1, the pointers' new values (pop, push to the
    // back): the registered head - 1 and tail - 1 themselves, no
    // subtractor after the warp select.  Where they are used the deque
    // is not empty (head >= 1) or the push is not trapped (tail >= 1), and
    // head, tail <= depth <= 2^LOG2, so the result fits LOG2 bits.
    wire [PW-1:0]   c_hm1   = {1'b0, c_top};
    wire [PW-1:0]   c_tm1   = {1'b0, c_bot};
    // wq_deque_push_trap(dq, front, 1).  With tail <= head <= depth (the
    // invariants), head < depth is head != depth, and the deque is full
    // (count >= depth) exactly when head == depth and tail == 0: two
    // equality tests (the warp's FL_HMAX, FL_TZERO) instead of a
    // subtraction and two magnitude compares.
    wire            c_hmax  = c_fl[FL_HMAX];
    wire            c_tzero = c_fl[FL_TZERO];
    wire [`WQ_TRAP_W-1:0] c_ftrap = (!c_hmax) ? `WQ_TRAP_NONE
                            : c_tzero ? `WQ_TRAP_DEQUE_FULL : `WQ_TRAP_DEQUE_FRONT_BOUND;
    wire [`WQ_TRAP_W-1:0] c_btrap = (!c_tzero) ? `WQ_TRAP_NONE
                            : c_hmax ? `WQ_TRAP_DEQUE_FULL : `WQ_TRAP_DEQUE_BACK_BOUND;
    // the pushed token: presence from the old front for a push to the front
    wire [NPRES-1:0] c_pres = (i_op == `WQ_DQCMD_PUSH_FRONT && !c_empty)
                            ? c_hvp                // below_bits of the front
                            : {NPRES{1'b0}};
    wire [TOKW-1:0] c_tok   = tok_pack(i_type, i_mask, i_addr, c_pres);
    // le_k / ge_k: compares with a constant as gates (see the file)
`include "wq_cmp_k.vh"
    wire [LGW-1:0]  c_nlog2 = le_k({{(32-L2W){1'b0}}, i_log2}, LOG2_32) ? i_log2[LGW-1:0] : LOG2_MAX[LGW-1:0];
    // CLEAR's depth mask (depth - 1), each bit a constant compare of
    // i_log2 (the clamp to LOG2 included); its depth / 2 (one-hot: the
    // mask's top bit) and depth / 2 - 1 (the mask shifted down; all ones
    // at depth 1, where both pointers are 0)
    reg  [LOG2-1:0] c_ndm;
    integer         nb;
    always @(*)
        for (nb = 0; nb < LOG2; nb = nb + 1)
            c_ndm[nb] = ge_k({{(32-L2W){1'b0}}, i_log2}, nb + 1);
    wire [PW-1:0]   c_nhalf = {1'b0, c_ndm & ~{1'b0, c_ndm[LOG2-1:1]}};
    wire [LOG2-1:0] c_nhm1  = c_ndm[0] ? (c_ndm >> 1) : {LOG2{1'b1}};
    // i_head <= depth, as one constant compare per possible log2 picked by
    // the warp's log2 (Yosys builds a full comparator on the shifted
    // depth otherwise: about 30 LUT4 more at LOG2=4)
    reg             c_hle;
    integer         k;
    always @(*)
    begin
        c_hle = 1'b0;
        for (k = 0; k <= LOG2; k = k + 1)
            if (c_depth[k])
                c_hle = le_k({{(32-PW){1'b0}}, i_head}, 32'd1 << k);
    end
    wire            c_ht_ok = (i_tail <= i_head) && c_hle;
    // SET_HEADTAIL's new count, and its head == depth
    wire            c_heq   = (i_head == c_depth);
    wire [PW-1:0]   c_icnt  = i_head - i_tail;

    // ---- stage 1: decode the command ----------------------------------------
    reg             s1_ptr_we, s1_log2_we, s1_wwe, s1_re, s1_bre;
    reg             s1_fwe, s1_frdata;     // front update: r_token / copy RAM output
    reg             s1_pop;                // o_token from mem's output
    reg             s1_fzero;              // front update: 0 (now empty)
    reg             s1_merge, s1_dbgread, s1_find, s1_result;
    reg  [PW-1:0]   s1_head, s1_tail;
    reg  [PW-1:0]   s1_cnt;                // the new count
    reg  [LOG2-1:0] s1_top, s1_bot;        // the new head - 1, tail - 1
    reg  [NFL-1:0]  s1_fl;                 // the new pointers' tests
    reg  [LOG2-1:0] s1_bidx;
    reg  [`WQ_TRAP_W-1:0] s1_trap;
    // the command's entry: o_index, and the entry mem reads or writes
    // (the same one for every command that reads or writes it)
    reg  [LOG2-1:0] s1_index;
    reg             s1_empty, s1_rejected;
    // the token a command writes (push, debug write), or its key (find)
    // and mask (merge); zero while the reset sweep runs, so that one
    // signal is both r_token's input and the RAM's write data (a popped
    // token comes from the RAM, not from here)
    wire            s1_dbgw  = (i_op == `WQ_DQCMD_DBG_WRITE);
    wire [TOKW-1:0] s1_wdata = i_sweep ? {TOKW{1'b0}} : s1_dbgw ? i_data : c_tok;

    always @(*)
    begin
        s1_ptr_we   = 1'b0;
        s1_log2_we  = 1'b0;
        s1_head     = c_head;
        s1_tail     = c_tail;
        s1_cnt      = c_cnt;
        s1_top      = c_top;
        s1_bot      = c_bot;
        s1_fl       = c_fl;
        s1_fwe      = 1'b0;
        s1_frdata   = 1'b0;
        s1_fzero    = 1'b0;
        s1_wwe      = 1'b0;
        s1_re       = 1'b0;
        s1_bre      = 1'b0;
        s1_bidx     = c_idx;
        s1_pop      = 1'b0;
        s1_merge    = 1'b0;
        s1_dbgread  = 1'b0;
        s1_find     = 1'b0;
        s1_result   = 1'b1;
        s1_trap     = `WQ_TRAP_NONE;
        s1_index    = c_idx;
        s1_empty    = 1'b0;
        s1_rejected = 1'b0;
        case (i_op)
        `WQ_DQCMD_PUSH_FRONT: begin
            s1_trap  = c_ftrap;
            s1_index = c_head[LOG2-1:0];
            s1_head  = c_head + 1'b1;
            s1_cnt   = c_cnt + 1'b1;
            s1_top   = c_head[LOG2-1:0];
            s1_fl[FL_EMPTY] = 1'b0;
            s1_fl[FL_ONE]   = c_empty;
            s1_fl[FL_HMAX]  = (c_head == {1'b0, c_dm});
            if (c_ftrap == `WQ_TRAP_NONE)
            begin
                s1_ptr_we = 1'b1;
                s1_wwe    = 1'b1;
                s1_fwe    = 1'b1;
            end
        end
        `WQ_DQCMD_PUSH_BACK: begin
            s1_trap  = c_btrap;
            s1_index = c_bot;
            s1_tail  = c_tm1;
            s1_bot   = c_bot - 1'b1;
            s1_cnt   = c_cnt + 1'b1;
            s1_fl[FL_EMPTY] = 1'b0;
            s1_fl[FL_ONE]   = c_empty;
            s1_fl[FL_TZERO] = (c_tail == {{(PW-1){1'b0}}, 1'b1});
            if (c_btrap == `WQ_TRAP_NONE)
            begin
                s1_ptr_we = 1'b1;
                s1_wwe    = 1'b1;
                s1_fwe    = c_empty;      // the back is the front too
            end
        end
        `WQ_DQCMD_POP: begin
            s1_index = c_top;
            s1_empty = c_empty;
            s1_head  = c_hm1;
            s1_top   = c_top - 1'b1;
            s1_cnt   = c_cnt - 1'b1;
            s1_fl[FL_EMPTY] = c_fl[FL_ONE];
            s1_fl[FL_ONE]   = (c_cnt == {{(PW-2){1'b0}}, 2'd2});
            s1_fl[FL_HMAX]  = 1'b0;
            if (!c_empty)
            begin
                s1_ptr_we = 1'b1;
                // the popped token e[head-1] from mem; the next front,
                // e[head-2], from the copy RAM (or 0 when this pop
                // empties the deque)
                s1_re     = 1'b1;
                s1_pop    = 1'b1;
                // (count != 1)
                s1_bre    = !c_fl[FL_ONE];
                s1_fwe    = 1'b1;
                s1_fzero  = !s1_bre;
                s1_frdata = 1'b1;
                s1_bidx   = c_top - 1'b1;       // head - 2
            end
        end
        `WQ_DQCMD_FIND: begin
            s1_index = c_top;
            // (e[head-1] is read whether or not the search runs: its
            // read enable need not wait for the presence test)
            s1_re    = 1'b1;
            if (!c_empty && (i_type == `WQ_TOK_YIELD || c_hv[i_type]))
            begin
                s1_find   = 1'b1;        // scan from e[head-1]
                s1_result = 1'b0;
            end
        end
        `WQ_DQCMD_MERGE: begin
            s1_re     = 1'b1;
            s1_bre    = 1'b1;          // (s1_bidx = c_idx) for the front copy
            s1_merge  = 1'b1;
            s1_fwe    = !c_empty && (c_idx == c_top);
            s1_frdata = 1'b1;
        end
        `WQ_DQCMD_CLEAR: begin
            s1_ptr_we  = 1'b1;
            s1_log2_we = 1'b1;
            s1_head    = c_nhalf;
            s1_tail    = c_nhalf;
            s1_cnt     = {PW{1'b0}};
            s1_top     = c_nhm1;
            s1_bot     = c_nhm1;
            s1_fl[FL_EMPTY] = 1'b1;
            s1_fl[FL_ONE]   = 1'b0;
            s1_fl[FL_HMAX]  = 1'b0;
            s1_fl[FL_TZERO] = !c_ndm[0];       // depth 1: both at 0
            s1_fwe     = 1'b1;
            s1_fzero   = 1'b1;
        end
        `WQ_DQCMD_DBG_READ: begin
            s1_re      = 1'b1;
            s1_dbgread = 1'b1;
        end
        `WQ_DQCMD_DBG_WRITE: begin
            s1_wwe   = 1'b1;
            s1_fwe   = !c_empty && (c_idx == c_top);
        end
        `WQ_DQCMD_DBG_SET_HEADTAIL: begin
            s1_rejected = !c_ht_ok;
            s1_head  = i_head;
            s1_tail  = i_tail;
            s1_cnt   = c_icnt;
            s1_top   = i_head[LOG2-1:0] - 1'b1;
            s1_bot   = i_tail[LOG2-1:0] - 1'b1;
            s1_fl[FL_EMPTY] = (i_head == i_tail);
            s1_fl[FL_ONE]   = (c_icnt == {{(PW-1){1'b0}}, 1'b1});
            s1_fl[FL_HMAX]  = c_heq;
            s1_fl[FL_TZERO] = (i_tail == {PW{1'b0}});
            if (c_ht_ok)
            begin
                s1_ptr_we = 1'b1;
                // load the front copy from the RAM (0 when empty)
                s1_bre    = (i_head != i_tail);
                s1_fwe    = 1'b1;
                s1_fzero  = !s1_bre;
                s1_frdata = 1'b1;
                s1_bidx   = i_head[LOG2-1:0] - 1'b1;
            end
        end
        default: begin end
        endcase
    end

    assign o_has      = c_has;
    assign o_nlog2    = c_nlog2;
    assign o_nhalf    = c_nhalf;
    assign o_trap     = s1_trap;
    assign o_empty    = s1_empty;
    assign o_rejected = s1_rejected;
    assign o_result   = s1_result;
    assign o_ptr_we   = s1_ptr_we;
    assign o_log2_we  = s1_log2_we;
    assign o_head     = s1_head;
    assign o_tail     = s1_tail;
    assign o_cnt      = s1_cnt;
    assign o_top      = s1_top;
    assign o_bot      = s1_bot;
    assign o_fl       = s1_fl;
    assign o_index    = s1_index;
    assign o_re       = s1_re;
    assign o_wwe      = s1_wwe;
    assign o_wdata    = s1_wdata;
    assign o_bre      = s1_bre;
    assign o_bidx     = s1_bidx;
    assign o_fwe      = s1_fwe;
    assign o_frdata   = s1_frdata;
    assign o_fzero    = s1_fzero;
    assign o_pop      = s1_pop;
    assign o_merge    = s1_merge;
    assign o_dbgread  = s1_dbgread;
    assign o_find     = s1_find;

`ifdef FORMAL
    // ---- formal properties --------------------------------------------------
    // Run by `make formal` (scripts/formal.sh, job deque_cmd: the unit
    // alone, FORMAL_TOKEN_CMD_TOP, LOG2 = 3, every input free but the
    // warp's registers, which are assumed to be what the deque keeps).
    // Inside wq_token_deque's jobs the same assertions are checked on the
    // deque's own registers, whose invariants those jobs prove; each is
    // stated for registers that satisfy them (f_inv), as the deque's are
    // outside reset.
    localparam [PW-1:0] F_ONE = 1;
    wire [PW-1:0]  f_depth  = F_ONE << c_log2;                 // 2^log2
    wire [PW-1:0]  f_ndepth = (i_op == `WQ_DQCMD_CLEAR) ? (F_ONE << o_nlog2) : f_depth;
    wire           f_inv    = (c_log2 <= LOG2_MAX[LGW-1:0])
                           && c_tail <= c_head && c_head <= f_depth
                           && c_fl[FL_EMPTY] == (c_head == c_tail)
                           && c_fl[FL_HMAX]  == (c_head == f_depth)
                           && c_fl[FL_TZERO] == (c_tail == {PW{1'b0}})
                           && c_fl[FL_ONE]   == (c_head - c_tail == F_ONE)
                           && c_cnt == c_head - c_tail
                           && c_top == c_head[LOG2-1:0] - 1'b1
                           && c_bot == c_tail[LOG2-1:0] - 1'b1
                           && (c_head == c_tail || c_ftype >= NPRES || c_hvp[c_ftype % NPRES]);
    // the model's push trap (wq_deque_push_trap): full when count + 1 >
    // depth, else the pointer's bound
    wire           f_full   = (c_head - c_tail) >= f_depth;

`ifdef FORMAL_TOKEN_CMD_TOP
    always @(*)
        assume(f_inv);
`endif

    integer ft;
    always @(*)
    if (f_inv)
    begin
        // the depth, CLEAR's mask and halves, SET_HEADTAIL's bound against
        // their definitions from the log2
        assert(c_depth == f_depth);
        assert(c_hle == (i_head <= c_depth));
        assert(c_heq == (i_head == c_depth));
        assert(c_ndm == ~({LOG2{1'b1}} << c_nlog2));
        assert(c_nhalf == ((F_ONE << c_nlog2) >> 1));
        assert(c_nhm1 == c_nhalf[LOG2-1:0] - 1'b1);
        assert(o_nlog2 == ((i_log2 <= LOG2_MAX) ? i_log2[LGW-1:0] : LOG2_MAX[LGW-1:0]));
        // the traps of the model's order, and a trapped push changes nothing
        if (i_op == `WQ_DQCMD_PUSH_FRONT)
            assert(o_trap == (f_full ? `WQ_TRAP_DEQUE_FULL
                              : (c_head == f_depth) ? `WQ_TRAP_DEQUE_FRONT_BOUND : `WQ_TRAP_NONE));
        if (i_op == `WQ_DQCMD_PUSH_BACK)
            assert(o_trap == (f_full ? `WQ_TRAP_DEQUE_FULL
                              : (c_tail == {PW{1'b0}}) ? `WQ_TRAP_DEQUE_BACK_BOUND : `WQ_TRAP_NONE));
        if (o_trap != `WQ_TRAP_NONE)
            assert(!o_ptr_we && !o_wwe && !o_fwe && !o_re && !o_bre);
        // the new pointers keep the deque's invariants, and their tests,
        // count, head - 1 and tail - 1 are their definitions (at the new
        // depth for CLEAR)
        if (o_ptr_we)
        begin
            assert(o_tail <= o_head && o_head <= f_ndepth);
            assert(o_fl[FL_EMPTY] == (o_head == o_tail));
            assert(o_fl[FL_HMAX]  == (o_head == f_ndepth));
            assert(o_fl[FL_TZERO] == (o_tail == {PW{1'b0}}));
            assert(o_fl[FL_ONE]   == (o_head - o_tail == F_ONE));
            assert(o_cnt == o_head - o_tail);
            assert(o_top == o_head[LOG2-1:0] - 1'b1);
            assert(o_bot == o_tail[LOG2-1:0] - 1'b1);
        end
        // a push writes its token at the new front or back entry: presence
        // the old front's below_bits for the front, 0 for the back (no
        // command is taken while the reset sweep writes zeros)
        if (i_op == `WQ_DQCMD_PUSH_FRONT && o_wwe && !i_sweep)
            assert(o_index == c_head[LOG2-1:0] && o_head == c_head + 1'b1 && o_tail == c_tail
                   && o_wdata == tok_pack(i_type, i_mask, i_addr,
                                          (c_head == c_tail) ? {NPRES{1'b0}} : c_hvp));
        if (i_op == `WQ_DQCMD_PUSH_BACK && o_wwe && !i_sweep)
            assert(o_index == c_tail[LOG2-1:0] - 1'b1 && o_tail == c_tail - 1'b1 && o_head == c_head
                   && o_wdata == tok_pack(i_type, i_mask, i_addr, {NPRES{1'b0}}));
        // a pop reads e[head - 1] and refills the front from e[head - 2],
        // or zeroes it when it takes the last entry
        if (i_op == `WQ_DQCMD_POP)
        begin
            assert(o_empty == (c_head == c_tail));
            if (c_head != c_tail)
                assert(o_re && o_pop && o_index == c_head[LOG2-1:0] - 1'b1
                       && o_head == c_head - 1'b1 && o_fwe
                       && o_bre == (c_head - c_tail != F_ONE) && o_fzero == !o_bre
                       && (!o_bre || o_bidx == c_head[LOG2-1:0] - 2'd2));
        end
        // SET_HEADTAIL: taken exactly when tail <= head <= depth
        if (i_op == `WQ_DQCMD_DBG_SET_HEADTAIL)
            assert(o_rejected == !(i_tail <= i_head && i_head <= f_depth)
                   && o_ptr_we == !o_rejected);
        // wq_deque_has_type of every type, of a non-empty deque: the
        // front's type, and the types below_bits names (the front's own
        // among them)
        for (ft = 0; ft < NTYPE; ft = ft + 1)
            assert(o_has[ft] == ((c_head != c_tail)
                                 && (c_ftype == ft[`WQ_TF_TYPE_W-1:0]
                                     || (ft < NPRES && c_hvp[ft % NPRES]))));
    end

    // ---- covers (job deque_cmd) ----------------------------------------------
    // every trap, a pop that empties the deque and one that refills, a
    // push to the front on a non-empty deque, a CLEAR to a smaller depth,
    // a SET_HEADTAIL taken and one rejected, a search started
`ifdef FORMAL_TOKEN_CMD_TOP
    always @(*)
    begin
        c_full:        cover(i_op == `WQ_DQCMD_PUSH_FRONT && o_trap == `WQ_TRAP_DEQUE_FULL);
        c_front_bound: cover(o_trap == `WQ_TRAP_DEQUE_FRONT_BOUND);
        c_back_bound:  cover(o_trap == `WQ_TRAP_DEQUE_BACK_BOUND);
        c_pop_last:    cover(i_op == `WQ_DQCMD_POP && o_fzero);
        c_pop_refill:  cover(i_op == `WQ_DQCMD_POP && o_bre);
        c_push_pres:   cover(i_op == `WQ_DQCMD_PUSH_FRONT && o_wwe && c_head != c_tail);
        c_clear_small: cover(i_op == `WQ_DQCMD_CLEAR && o_nlog2 < c_log2);
        c_set_ok:      cover(i_op == `WQ_DQCMD_DBG_SET_HEADTAIL && o_ptr_we && i_head != i_tail);
        c_set_bad:     cover(i_op == `WQ_DQCMD_DBG_SET_HEADTAIL && o_rejected);
        c_find:        cover(o_find);
    end
`endif
`endif
endmodule
`default_nettype wire
