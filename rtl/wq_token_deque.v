////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_token_deque.v
//
// Project:	warpq -- the token deque of the warp scheduler (DESIGN §6.1, §6.2)
//
// Purpose:	One double-ended queue of 64-bit divergence tokens per warp
//		slot, bit-identical to the C golden model (cmodel/model/deque.c,
//		cmodel/include/wq/deque.h): same array image, same head/tail
//		rules, same presence bits, same trap codes.
//
//	Storage.  One RAM of WARPS << LOG2 tokens (one synchronous read port,
//	one write port); warp w owns entries {w, 0 .. 2^LOG2-1}.  This is the
//	model's `dqram` exactly: warp slot s uses dqram + (s << deque_log2),
//	and a warp whose launch configured a smaller deque (runtime log2,
//	set by `WQ_DQCMD_CLEAR from i_log2) uses the first 2^log2 entries of its
//	region.  Live entries are [tail, head); the front token is
//	e[head-1].  Both pointers start at depth/2.
//
//	Per warp, in flip-flops: head, tail (LOG2+1 bits), the runtime log2,
//	and a copy of the front token; and, written with them, what a
//	command decides on (the pointer tests, the count, head - 1, tail - 1
//	and the front's below_bits), so that its decisions select registers
//	rather than compare the pointers they select (the decisions:
//	wq_token_cmd, u_cmd below, from the warp's registers selected here).  The front copy is what makes one push
//	or pop per cycle possible: a push takes the old front's presence and
//	type from the copy (no RAM read).  A pop reads the popped token,
//	e[head-1], from the RAM (its result) and the *next* front, e[head-2],
//	from a second RAM, mem_b, that receives every write mem does (a
//	second read port).  The popped token thus never passes through the
//	copies, and in the scheduler, which leaves o_front open, only the
//	copies' type and presence bits -- and mem_b's -- survive synthesis.
//	Every change of a copy (a pushed or debug-written token, the next
//	front a pop or SET_HEADTAIL reads, a merge into the front) waits one
//	cycle in a single pending-update register (p_*) and is forwarded from
//	there to whoever reads that warp's front, so the copies need one
//	write port and back-to-back commands on one warp see their
//	predecessors.  The RAM always holds every entry; the copy is a cache.
//	Commands never read and write the RAMs in the same cycle, so they
//	map to any simple dual-port block RAM (no read-during-write case).
//
//	Commands (i_valid && o_ready; i_op is one of the `WQ_DQCMD_* codes of cmodel/spec/deque.def):
//	  `WQ_DQCMD_PUSH_FRONT  {i_type, i_mask, i_addr} to the front; presence =
//	                  old front's presence | (1 << old front's type) for
//	                  types 0..5, 0 when empty.  Traps, changing nothing,
//	                  with DEQUE_FULL when count + 1 > depth, else with
//	                  DEQUE_FRONT_BOUND when head == depth.
//	  `WQ_DQCMD_PUSH_BACK   tail-1, write e[tail] with presence 0; traps with
//	                  DEQUE_FULL, else DEQUE_BACK_BOUND when tail == 0.
//	  `WQ_DQCMD_POP         pop the front: o_token, o_index; o_empty (and no
//	                  change) when the deque is empty.
//	  `WQ_DQCMD_FIND        index of the front-most entry with type i_type and
//	                  address i_addr (o_found, o_index, o_token).  For a
//	                  type other than YIELD the front's presence bits
//	                  answer "none" at once; otherwise entries are read
//	                  one per cycle from head-1 down to tail.
//	  `WQ_DQCMD_MERGE       e[i_index] mask |= i_mask; o_token = the new token.
//	  `WQ_DQCMD_CLEAR       head = tail = depth/2 with depth = 2^i_log2 (i_log2
//	                  above LOG2 is taken as LOG2); the warp start.
//	  `WQ_DQCMD_DBG_READ    o_token = e[i_index & (depth-1)]    (the debug window
//	  `WQ_DQCMD_DBG_WRITE   e[i_index & (depth-1)] = i_data       of csr.c; the
//	  `WQ_DQCMD_DBG_SET_HEADTAIL  head = i_head, tail = i_tail    driver re-centres
//	                  if i_tail <= i_head <= depth, else    through it)
//	                  ignored with o_rejected.
//	  any other code  no effect; a result is still returned.
//
//	Timing.  Every command except a scanning `WQ_DQCMD_FIND returns its result
//	(o_rvalid) in the cycle after it was accepted, and o_ready stays high,
//	except for the one cycle after a `WQ_DQCMD_MERGE (its write-back).  So
//	pushes, pops, clears and debug accesses sustain one per cycle, on any
//	mix of warps.  A `WQ_DQCMD_FIND that must search returns its result in the
//	cycle it reads the matching entry: k cycles after acceptance when the
//	match is the k-th entry from the front, count cycles when there is no
//	match; o_ready is low until that result cycle is over.  Latency is
//	bounded by depth (<= 2^LOG2) cycles, port occupancy by depth + 1.
//
//	Reset.  i_reset (synchronous) resets all pointers to 2^LOG2 / 2 with
//	the full depth and then zeroes the RAM, one entry per cycle
//	(WARPS << LOG2 cycles with o_ready low), as the model's wq_reset
//	zeroes dqram, so the two images agree entry by entry from the start.
//
//	State of warp i_warp, combinational from i_warp and the registers,
//	whether or not a command is offered: o_front (0 when empty, as
//	wq_deque_front; with FRONT_FULL=0 only its type and presence
//	fields, the rest 0), o_has_type[t] (wq_deque_has_type for type code t,
//	from the front token alone), o_head, o_tail, o_log2.  No RAM read is
//	on these paths.  The same of a second warp, i_lwarp: o_l_head,
//	o_l_tail, o_l_log2 (a user whose command warp is a register of its
//	own reads another warp's state here: the core's debug window).
//
//	The view: the state of one warp (o_v_warp) -- head, tail, count,
//	runtime log2, the front's below_bits -- in flip-flops of its own, for a user whose decisions
//	about one warp must not begin with the warp select above (the core's
//	divergence unit: the warp in WB).  i_vload moves the view to warp
//	i_vwarp for the next cycle; otherwise it stays on its warp.  Either
//	way it takes this cycle's command into account, so in every cycle
//	o_v_* equal o_head, o_tail, o_head - o_tail, o_log2 and the low bits
//	of o_has_type would with i_warp = o_v_warp (the FORMAL section
//	asserts it; o_v_has takes the pending front update, as o_has_type
//	does); the select by i_vwarp is of registers only, and i_vload picks
//	at the end.
//
//	i_warp and i_vwarp must be below WARPS.  Encodings (token fields, type codes,
//	trap codes, the launch descriptor's deque log2 width) come from the
//	generated header build/gen/wq_defs.vh (cmodel/spec/*.def).
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none
`include "wq_defs.vh"

module wq_token_deque #(
    parameter LOG2  /* verilator public */ = 6,   // entries per warp: 2^LOG2, >= 2
    parameter WARPS /* verilator public */ = 8,   // warp slots
    // 1: o_front is the whole front token.  0: only its type and presence
    // fields (the rest reads 0), for a user that leaves o_front open or
    // needs only those: the front copies and mem_b then keep 10 bits a
    // token, also when the deque is synthesised as a module of its own.
    // Everything else (results, RAM image, o_has_type) is the same.
    parameter FRONT_FULL = 1,
    // derived; do not override
    parameter WID_W = (WARPS > 1) ? $clog2(WARPS) : 1
) (
    input  wire                             i_clk,
    input  wire                             i_reset,
    // command port
    input  wire                             i_valid,
    output wire                             o_ready,
    input  wire [3:0]                       i_op,
    input  wire [WID_W-1:0]                 i_warp,
    input  wire [`WQ_TF_TYPE_W-1:0]         i_type,
    input  wire [`WQ_TF_MASK_W-1:0]         i_mask,
    input  wire [`WQ_TF_ADDR_W-1:0]         i_addr,
    input  wire [LOG2-1:0]                  i_index,
    input  wire [`WQ_TF_PRESENCE_HI:0]      i_data,
    input  wire [LOG2:0]                    i_head,
    input  wire [LOG2:0]                    i_tail,
    input  wire [`WQ_LDF_DEQUE_LOG2_W-1:0]  i_log2,
    // result port
    output wire                             o_rvalid,
    output wire [3:0]                       o_rop,
    output wire [WID_W-1:0]                 o_rwarp,
    output wire [`WQ_TRAP_W-1:0]            o_trap,
    output wire [`WQ_TF_PRESENCE_HI:0]      o_token,
    output wire [LOG2-1:0]                  o_index,
    output wire                             o_found,
    output wire                             o_empty,
    output wire                             o_rejected,
    // state of warp i_warp, combinational (no i_valid needed)
    output wire [`WQ_TF_PRESENCE_HI:0]      o_front,
    output wire [(1<<`WQ_TF_TYPE_W)-1:0]    o_has_type,
    output wire [LOG2:0]                    o_head,
    output wire [LOG2:0]                    o_tail,
    output wire [`WQ_LDF_DEQUE_LOG2_W-1:0]  o_log2,
    // the head, tail and size of warp i_lwarp's deque, combinational
    // from its registers (a second read of the pointers and sizes, at a
    // warp that need not be i_warp)
    input  wire [WID_W-1:0]                 i_lwarp,
    output wire [LOG2:0]                    o_l_head,
    output wire [LOG2:0]                    o_l_tail,
    output wire [`WQ_LDF_DEQUE_LOG2_W-1:0]  o_l_log2,
    // the view: the state of warp o_v_warp in flip-flops (i_vload: the
    // view follows warp i_vwarp from the next cycle)
    input  wire                             i_vload,
    input  wire [WID_W-1:0]                 i_vwarp,
    output wire [WID_W-1:0]                 o_v_warp,
    output wire [LOG2:0]                    o_v_head,
    output wire [LOG2:0]                    o_v_tail,
    output wire [LOG2:0]                    o_v_cnt,
    output wire [`WQ_LDF_DEQUE_LOG2_W-1:0]  o_v_log2,
    output wire [`WQ_TF_PRESENCE_W-1:0]     o_v_has     // o_has_type's types with a presence bit
);

    // command codes of this port (the bench reads them from the Verilated
    // model, so they are written down here only)

    localparam TOKW  = `WQ_TF_PRESENCE_HI + 1;      // token bits
    localparam NPRES = `WQ_TF_PRESENCE_W;           // types with a presence bit
    localparam NTYPE = 1 << `WQ_TF_TYPE_W;          // type codes
    localparam L2W   = `WQ_LDF_DEQUE_LOG2_W;
    localparam LGW   = $clog2(LOG2 + 1);           // stored log2: 0..LOG2
    localparam PW    = LOG2 + 1;                    // head / tail
    localparam AW    = WID_W + LOG2;                // {warp, index}
    localparam RAW   = (WARPS > 1) ? AW : LOG2;     // RAM address
    localparam NENT  = WARPS << LOG2;               // RAM entries
    localparam [31:0]    NENT_M1   = NENT - 1;
    localparam [31:0]    HALF_32   = 1 << (LOG2 - 1);
    localparam [31:0]    LOG2_32   = LOG2;
    localparam [RAW-1:0] LAST_ENT  = NENT_M1[RAW-1:0];
    localparam [PW-1:0]  HALF_FULL = HALF_32[PW-1:0];
    localparam [L2W-1:0] LOG2_MAX  = LOG2_32[L2W-1:0];
    // the front-copy bits kept (see FRONT_FULL)
    localparam [63:0]    FMASK_64  = (FRONT_FULL != 0) ? {64{1'b1}}
                                   : ((64'h1 << (`WQ_TF_PRESENCE_HI + 1)) - (64'h1 << `WQ_TF_PRESENCE_LO))
                                   | ((64'h1 << (`WQ_TF_TYPE_HI + 1)) - (64'h1 << `WQ_TF_TYPE_LO));

    // ---- token helpers ------------------------------------------------------
    // (the tests' bit indices FL_*, tok_pack, below_bits)
`include "wq_token.vh"

    // RAM address of entry i of warp w (just i when there is one warp)
    function [RAW-1:0] ent;
        input [WID_W-1:0] w;
        input [LOG2-1:0]  i;
        /* verilator lint_off UNUSEDSIGNAL */   // the warp bit, when WARPS == 1
        reg   [AW-1:0]    wi;
        /* verilator lint_on UNUSEDSIGNAL */
        begin
            wi  = {w, i};
            ent = wi[RAW-1:0];
        end
    endfunction

    // the copy RAM's word layout: {mask, addr, presence, type}
    localparam SWZ_HI = `WQ_TF_PRESENCE_W + `WQ_TF_TYPE_W;      // bits below mask, addr
    function [TOKW-1:0] b_swz;
        input [TOKW-1:0] t;
        begin
            b_swz = {t[`WQ_TF_ADDR_RANGE], t[`WQ_TF_MASK_RANGE],
                     t[`WQ_TF_PRESENCE_RANGE], t[`WQ_TF_TYPE_RANGE]};
        end
    endfunction
    function [TOKW-1:0] b_unswz;
        input [TOKW-1:0] w;
        begin
            b_unswz = tok_pack(w[`WQ_TF_TYPE_W-1:0],
                               w[SWZ_HI +: `WQ_TF_MASK_W],
                               w[SWZ_HI + `WQ_TF_MASK_W +: `WQ_TF_ADDR_W],
                               w[`WQ_TF_TYPE_W +: `WQ_TF_PRESENCE_W]);
        end
    endfunction

    // ---- declarations -------------------------------------------------------
    wire                  cmd_fire;
    // RAM.  no_rw_check: a read and a write never meet in one cycle (see
    // the write port below; the FORMAL section asserts it), so Yosys must
    // not build read-during-write bypass logic around the block RAM (it
    // did: 64 write-data flip-flops, a fabric read register and a 64-bit
    // output mux, about 135 FF and 75 LUT at LOG2=4 WARPS=2).
    (* no_rw_check *)
    reg  [TOKW-1:0]       mem [0:NENT-1] /* verilator public_flat_rd */;
    reg  [TOKW-1:0]       ram_rdata;
    reg                   ram_re, ram_we;
    reg  [RAW-1:0]        ram_raddr, ram_waddr;
    reg  [TOKW-1:0]       ram_wdata;
    // The copy RAM: the same writes as mem, its own read port.  It is
    // what refills the front copies (a pop's next front e[head-2], a
    // SET_HEADTAIL's front, a merged front) while mem's read port returns
    // the popped token itself, so a pop's result need not pass through
    // the front copies.  Only the fields the copies are used for survive
    // synthesis in the scheduler (type and presence: o_front is unused
    // there), about one block RAM.
    (* no_rw_check *)
    reg  [TOKW-1:0]       mem_b [0:NENT-1];
    reg  [TOKW-1:0]       rb_rdata;
    reg                   rb_re;
    reg  [RAW-1:0]        rb_raddr;
    // reset sweep
    reg                   sweep_busy;
    reg  [RAW-1:0]        sweep_addr;
    // per-warp state, flattened
    wire [WARPS*PW-1:0]   head_all, tail_all;
    wire [WARPS*LGW-1:0]  log2_all;
    wire [WARPS*TOKW-1:0] front_all;
    // Each warp's pointer tests, kept in flip-flops beside the pointers
    // and written with them (the FORMAL section ties each to its
    // definition): a command's decisions (its trap, a pop's refill, a
    // search) select one bit a test instead of comparing the pointers
    // they selected.  The count (head - tail) is kept too, so that a
    // pop's next FL_ONE is a compare with a constant (count == 2), not
    // of two pointers.
    // (their bit indices FL_EMPTY, FL_HMAX, FL_TZERO, FL_ONE: wq_token.vh)
    // at reset: empty (head = tail = depth / 2: neither 0 nor depth)
    localparam [NFL-1:0] FL_RESET = 1 << FL_EMPTY;
    // below_bits of a zero front copy (type 0 at an empty deque; has_types
    // is gated by the deque's emptiness)
    localparam [NPRES-1:0] HV_ZERO = 1;
    wire [WARPS*NFL-1:0]  fl_all;
    wire [WARPS*PW-1:0]   cnt_all;
    // and the entries the pointers' commands use, head - 1 (the front,
    // a pop's and a search's) and tail - 1 (a push to the back's): the
    // RAM addresses are a selection, not a subtraction after one
    wire [WARPS*LOG2-1:0] top_all, bot_all;
    // The front copy's type and presence as the types with a presence
    // bit it says are at or below it (below_bits: its presence bits and
    // its type's bit), kept beside the copy and written with it: a push
    // to the front's presence and a search's "none there" select them
    // instead of decoding the copy's type
    wire [WARPS*NPRES-1:0] hv_all;
    // each warp's view word (the view's select, u_view): {its head moved
    // by this cycle's command, head, hv, lg, tail}
    localparam VWW = 3 * PW + NPRES + LGW;
    wire [WARPS*VWW-1:0]  vw_all;
    wire [NPRES-1:0]      p_hv;
    // registered results: the last accepted command.  Stage 2, the
    // pending front update and the search all belong to that command (no
    // command is accepted while a merge writes back or a search runs), so
    // they take its warp, index and token fields from here rather than
    // from copies of their own.
    reg                   r_valid, r_empty, r_rejected;
    reg  [3:0]            r_op;
    reg  [WID_W-1:0]      r_warp;
    reg  [`WQ_TRAP_W-1:0] r_trap;
    reg  [TOKW-1:0]       r_token;         // token pushed/written/popped, or the command's own
    reg  [LOG2-1:0]       r_index;         // also the search pointer
    // stage 2: what the RAM output register holds this cycle
    reg                   s2_merge;        // an entry to merge: write it back now
    reg                   s2_dbgread;      // an entry for o_token
    reg                   s2_pop;          // the popped entry for o_token
    wire [WID_W-1:0]      s2_warp  = r_warp;
    wire [LOG2-1:0]       s2_index = r_index;                  // c_idx for a merge
    wire [`WQ_TF_MASK_W-1:0] s2_mask = r_token[`WQ_TF_MASK_RANGE];  // i_mask
    wire [TOKW-1:0]       s2_word;         // RAM output, merged if merging
    wire [TOKW-1:0]       s2_bword;        // copy RAM output, merged if merging
    // the pending front update: written into warp p_warp's copy at the end
    // of this cycle, and forwarded to any reader of that copy until then
    reg                   p_valid;
    reg                   p_rdata;         // from the copy RAM's output (else r_token)
    reg                   p_zero;          // the deque is now empty: front = 0
    wire [WID_W-1:0]      p_warp   = r_warp;
    wire [TOKW-1:0]       p_data;
    // search: key and pointer in the r_* registers of the `WQ_DQCMD_FIND
    reg                   f_busy;
    wire [WID_W-1:0]      f_warp   = r_warp;
    wire [LOG2-1:0]       f_ptr    = r_index;
    reg  [LOG2-1:0]       f_tail;
    wire [`WQ_TF_TYPE_W-1:0] f_type = r_token[`WQ_TF_TYPE_RANGE];  // i_type
    wire [`WQ_TF_ADDR_W-1:0] f_addr = r_token[`WQ_TF_ADDR_RANGE];  // i_addr
    wire                  f_match, f_done;

    assign o_ready  = !sweep_busy && !f_busy && !s2_merge;
    assign cmd_fire = i_valid && o_ready;

    // ---- the command's warp -------------------------------------------------
    // The warp's fields: AND-OR selects by the decoded warp number (a
    // part-select at i_warp times a width that is not a power of two
    // is a barrel shifter by a product: a level a bit of the product)
    reg  [WARPS-1:0] c_wsel;
    reg  [PW-1:0]   c_head, c_tail, c_cnt;
    reg  [LGW-1:0]  c_log2;
    reg  [LOG2-1:0] c_top, c_bot;
    reg  [NFL-1:0]  c_fl;
    reg  [TOKW-1:0] c_wfront;
    reg  [NPRES-1:0] c_whv;
    integer         cw;
    always @(*)
    begin
        c_head   = {PW{1'b0}};
        c_tail   = {PW{1'b0}};
        c_cnt    = {PW{1'b0}};
        c_log2   = {LGW{1'b0}};
        c_top    = {LOG2{1'b0}};
        c_bot    = {LOG2{1'b0}};
        c_fl     = {NFL{1'b0}};
        c_wfront = {TOKW{1'b0}};
        c_whv    = {NPRES{1'b0}};
        for (cw = 0; cw < WARPS; cw = cw + 1)
        begin
            c_wsel[cw] = (i_warp == cw[WID_W-1:0]);
            c_head   = c_head   | (head_all[cw*PW +: PW]     & {PW{c_wsel[cw]}});
            c_tail   = c_tail   | (tail_all[cw*PW +: PW]     & {PW{c_wsel[cw]}});
            c_cnt    = c_cnt    | (cnt_all[cw*PW +: PW]      & {PW{c_wsel[cw]}});
            c_log2   = c_log2   | (log2_all[cw*LGW +: LGW]   & {LGW{c_wsel[cw]}});
            c_top    = c_top    | (top_all[cw*LOG2 +: LOG2]  & {LOG2{c_wsel[cw]}});
            c_bot    = c_bot    | (bot_all[cw*LOG2 +: LOG2]  & {LOG2{c_wsel[cw]}});
            c_fl     = c_fl     | (fl_all[cw*NFL +: NFL]     & {NFL{c_wsel[cw]}});
            c_wfront = c_wfront | (front_all[cw*TOKW +: TOKW] & {TOKW{c_wsel[cw]}});
            c_whv    = c_whv    | (hv_all[cw*NPRES +: NPRES] & {NPRES{c_wsel[cw]}});
        end
    end
    // the front copy and its below_bits with the pending front update
    // forwarded (a command on the warp it was for sees its predecessor)
    wire [TOKW-1:0] c_front = (p_valid && p_warp == i_warp) ? p_data
                            : c_wfront;
    wire [NPRES-1:0] c_hvp  = (p_valid && p_warp == i_warp) ? p_hv
                            : c_whv;

    // ---- stage 1: decode the command (wq_token_cmd) --------------------------
    // what the command does with its warp this cycle: the trap, the
    // pointers' next values and tests, the RAM accesses, the front
    // update, an answer now or a search (applied below when it is
    // accepted), and the warp's has_type bits
    // (the signals' meanings: wq_token_cmd's ports, o_* for s1_*)
    wire             s1_ptr_we, s1_log2_we, s1_wwe, s1_re, s1_bre, s1_fwe, s1_frdata;
    wire             s1_pop, s1_fzero, s1_merge, s1_dbgread, s1_find, s1_result;
    wire             s1_empty, s1_rejected;
    wire [PW-1:0]    s1_head, s1_tail, s1_cnt;
    wire [LOG2-1:0]  s1_top, s1_bot, s1_bidx, s1_index;
    wire [NFL-1:0]   s1_fl;
    wire [`WQ_TRAP_W-1:0] s1_trap;
    wire [TOKW-1:0]  s1_wdata;              // also r_token's input
    wire [LGW-1:0]   c_nlog2;               // CLEAR's runtime log2
    wire [PW-1:0]    c_nhalf;               // ... and its pointers (depth / 2)
    wire [NTYPE-1:0] c_has;

    wq_token_cmd #(.LOG2(LOG2)) u_cmd (
        .i_op(i_op), .i_type(i_type), .i_mask(i_mask), .i_addr(i_addr),
        .i_index(i_index), .i_data(i_data), .i_head(i_head), .i_tail(i_tail),
        .i_log2(i_log2), .i_sweep(sweep_busy),
        .i_w_head(c_head), .i_w_tail(c_tail), .i_w_cnt(c_cnt), .i_w_log2(c_log2),
        .i_w_top(c_top), .i_w_bot(c_bot), .i_w_fl(c_fl),
        .i_w_type(c_front[`WQ_TF_TYPE_RANGE]), .i_w_hv(c_hvp),
        .o_has(c_has), .o_nlog2(c_nlog2), .o_nhalf(c_nhalf),
        .o_trap(s1_trap), .o_empty(s1_empty), .o_rejected(s1_rejected),
        .o_result(s1_result), .o_ptr_we(s1_ptr_we), .o_log2_we(s1_log2_we),
        .o_head(s1_head), .o_tail(s1_tail), .o_cnt(s1_cnt),
        .o_top(s1_top), .o_bot(s1_bot), .o_fl(s1_fl),
        .o_index(s1_index), .o_re(s1_re), .o_wwe(s1_wwe), .o_wdata(s1_wdata),
        .o_bre(s1_bre), .o_bidx(s1_bidx),
        .o_fwe(s1_fwe), .o_frdata(s1_frdata), .o_fzero(s1_fzero),
        .o_pop(s1_pop), .o_merge(s1_merge), .o_dbgread(s1_dbgread), .o_find(s1_find));

    // a head moved by this cycle's command (which moves the pointers): the
    // view's next head (u_view, below) for the warp the command is on.  A pop's is
    // the warp's registered head - 1 (hm1, its top: a pop that moves the
    // pointers has head >= 1, and head - 1 fits LOG2 bits, as wq_token_cmd
    // takes it)
    function [PW-1:0] vh_move;
        input [PW-1:0] h, hm1;
        vh_move = (i_op == `WQ_DQCMD_PUSH_FRONT)       ? h + 1'b1
                : (i_op == `WQ_DQCMD_POP)              ? hm1
                : (i_op == `WQ_DQCMD_CLEAR)            ? c_nhalf
                : (i_op == `WQ_DQCMD_DBG_SET_HEADTAIL) ? i_head
                : h;
    endfunction

    // ---- per-warp registers ---------------------------------------------------
    genvar g;
    generate for (g = 0; g < WARPS; g = g + 1)
    begin : g_warp
        localparam [WID_W-1:0] GW = g;
        reg  [PW-1:0]   head, tail, cnt;
        reg  [LOG2-1:0] top, bot;
        reg  [NPRES-1:0] hv;
        reg  [NFL-1:0]  fl;
        reg  [LGW-1:0]  lg;
        reg  [TOKW-1:0] front;
        wire            sel = cmd_fire && (i_warp == GW);

        always @(posedge i_clk)
        if (i_reset)
        begin
            head <= HALF_FULL;
            tail <= HALF_FULL;
        end else if (sel && s1_ptr_we)
        begin
            head <= s1_head;
            tail <= s1_tail;
        end

        // (the reset state: empty at the full depth, head = tail = depth / 2)
        always @(posedge i_clk)
        if (i_reset)
        begin
            cnt  <= {PW{1'b0}};
            fl   <= FL_RESET;
            top  <= HALF_FULL[LOG2-1:0] - 1'b1;
            bot  <= HALF_FULL[LOG2-1:0] - 1'b1;
        end else if (sel && s1_ptr_we)
        begin
            cnt  <= s1_cnt;
            fl   <= s1_fl;
            top  <= s1_top;
            bot  <= s1_bot;
        end

        always @(posedge i_clk)
        if (i_reset)
            lg <= LOG2_MAX[LGW-1:0];
        else if (sel && s1_log2_we)
            lg <= c_nlog2;

        always @(posedge i_clk)
        if (i_reset)
        begin
            front <= {TOKW{1'b0}};
            hv    <= HV_ZERO;
        end else if (p_valid && p_warp == GW)
        begin
            front <= p_data;
            hv    <= p_hv;
        end

        assign head_all[g*PW +: PW]       = head;
        assign tail_all[g*PW +: PW]       = tail;
        assign log2_all[g*LGW +: LGW]     = lg;
        assign vw_all[g*VWW +: VWW]       = {vh_move(head, {1'b0, top}), head, hv, lg, tail};
        assign fl_all[g*NFL +: NFL]       = fl;
        assign cnt_all[g*PW +: PW]        = cnt;
        assign top_all[g*LOG2 +: LOG2]    = top;
        assign bot_all[g*LOG2 +: LOG2]    = bot;
        assign hv_all[g*NPRES +: NPRES]   = hv;
        assign front_all[g*TOKW +: TOKW]  = front;
    end endgenerate

    // ---- the view -----------------------------------------------------------------
    // The state of warp o_v_warp in flip-flops of its own (wq_token_view):
    // it takes this cycle's command and pending front update into
    // account, and i_vload moves it to warp i_vwarp.  A command on the
    // warp the view holds moves its head by the command's op (vh_move:
    // each warp's from its own registered head, in vw_all in g_warp; the
    // view's own from its head).  (The FORMAL section asserts the view
    // equals its warp's registers.)
    wire [WID_W-1:0] v_warp;
    wire [PW-1:0]    v_head, v_tail;
    wire [LGW-1:0]   v_lg;
`ifdef FORMAL
    wire [NPRES-1:0] v_hv;
`endif
    wq_token_view #(.LOG2(LOG2), .WARPS(WARPS)) u_view (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_vw_all(vw_all),
        .i_vh_own(vh_move(v_head, v_head - 1'b1)),
        .i_fire(cmd_fire), .i_warp(i_warp), .i_ptr_we(s1_ptr_we), .i_tail(s1_tail),
        .i_log2_we(s1_log2_we), .i_log2(c_nlog2),
        .i_p_valid(p_valid), .i_p_warp(p_warp), .i_p_hv(p_hv),
        .i_vload(i_vload), .i_vwarp(i_vwarp),
        .o_v_warp(v_warp), .o_v_head(v_head), .o_v_tail(v_tail), .o_v_cnt(o_v_cnt),
        .o_v_lg(v_lg), .o_v_has(o_v_has)
`ifdef FORMAL
        , .o_f_hv(v_hv)
`endif
        );
    assign o_v_warp = v_warp;
    assign o_v_head = v_head;
    assign o_v_tail = v_tail;
    assign o_v_log2 = {{(L2W-LGW){1'b0}}, v_lg};

    // ---- the pending front update ---------------------------------------------
    // One write per cycle into the front copies: a command's update is held
    // here for one cycle (its data is r_token, or what the RAM returns) and
    // forwarded to readers meanwhile.
    always @(posedge i_clk)
    if (i_reset)
        p_valid <= 1'b0;
    else
        p_valid <= cmd_fire && s1_fwe;

    always @(posedge i_clk)
    if (cmd_fire)
    begin
        p_rdata <= s1_frdata;
        p_zero  <= s1_fzero;
    end

    assign p_data = (p_zero ? {TOKW{1'b0}} : p_rdata ? s2_bword : r_token) & FMASK_64[TOKW-1:0];
    assign p_hv   = below_bits(p_data[`WQ_TF_TYPE_RANGE], p_data[`WQ_TF_PRESENCE_RANGE]);

    // ---- stage 2 --------------------------------------------------------------
    always @(posedge i_clk)
    if (i_reset)
    begin
        s2_merge   <= 1'b0;
        s2_dbgread <= 1'b0;
        s2_pop     <= 1'b0;
    end else begin
        s2_merge   <= cmd_fire && s1_merge;
        s2_dbgread <= cmd_fire && s1_dbgread;
        s2_pop     <= cmd_fire && s1_pop;
    end

    assign s2_word = { ram_rdata[TOKW-1:`WQ_TF_MASK_HI+1],
                       ram_rdata[`WQ_TF_MASK_RANGE] | (s2_mask & {`WQ_TF_MASK_W{s2_merge}}),
                       ram_rdata[`WQ_TF_MASK_LO-1:0] };
    assign s2_bword = { rb_rdata[TOKW-1:`WQ_TF_MASK_HI+1],
                        rb_rdata[`WQ_TF_MASK_RANGE] | (s2_mask & {`WQ_TF_MASK_W{s2_merge}}),
                        rb_rdata[`WQ_TF_MASK_LO-1:0] };

    // ---- search: one entry per cycle, from head-1 down to tail ---------------
    // (the key's compare in two halves, and the answer's other terms -- a
    // command's result, the search at its tail -- apart from them, so
    // o_rvalid is the halves' AND with one flag rather than the whole
    // key's compare behind the tail's OR and the result's)
    localparam FA = `WQ_TF_ADDR_W / 2;
    (* keep *) wire f_mlo, f_mhi, f_endq;
    wire          f_tl     = f_ptr == f_tail;            // (the search at its tail)
    assign f_mlo   = (ram_rdata[`WQ_TF_TYPE_RANGE] == f_type)
                     && (ram_rdata[`WQ_TF_ADDR_LO+FA-1:`WQ_TF_ADDR_LO] == f_addr[FA-1:0]);
    assign f_mhi   = ram_rdata[`WQ_TF_ADDR_HI:`WQ_TF_ADDR_LO+FA] == f_addr[`WQ_TF_ADDR_W-1:FA];
    assign f_endq  = r_valid || (f_busy && f_tl);
    assign f_match = f_busy && f_mlo && f_mhi;
    assign f_done  = f_busy && (f_match || f_tl);

    always @(posedge i_clk)
    if (i_reset)
        f_busy <= 1'b0;
    else if (f_busy)
        f_busy <= !f_done;
    else
        f_busy <= cmd_fire && s1_find;

    always @(posedge i_clk)
    if (cmd_fire && s1_find)
        f_tail <= c_tail[LOG2-1:0];

    // ---- RAM ------------------------------------------------------------------
    always @(*)
    begin
        if (f_busy)
        begin
            ram_re    = !f_done;
            ram_raddr = ent(f_warp, f_ptr - 1'b1);
        end else begin
            ram_re    = cmd_fire && s1_re;
            ram_raddr = ent(i_warp, s1_index);
        end
    end

    // Never a read and a write in the same cycle except by the reset sweep:
    // commands that write do not read, and a merge's write-back cycle
    // accepts no command.
    // (s1_wdata is 0 while the sweep runs)
    always @(*)
    begin
        if (sweep_busy)
        begin
            ram_we    = 1'b1;
            ram_waddr = sweep_addr;
        end else if (s2_merge)
        begin
            ram_we    = 1'b1;
            ram_waddr = ent(s2_warp, s2_index);
        end else begin
            ram_we    = cmd_fire && s1_wwe;
            ram_waddr = ent(i_warp, s1_index);
        end
        // (outside the mask, a merge does not write: see below)
        ram_wdata = s1_wdata;
        if (s2_merge)
            ram_wdata[`WQ_TF_MASK_RANGE] = s2_word[`WQ_TF_MASK_RANGE];
    end

    // A merge's write-back changes only the mask field, so the other
    // fields are not written then (block RAM bit enables): their write
    // data needs no merge input, only the mask field's does.
    wire ram_we_rest = ram_we && !s2_merge;
    always @(posedge i_clk)
    begin
        if (ram_we)
            mem[ram_waddr][`WQ_TF_MASK_RANGE] <= ram_wdata[`WQ_TF_MASK_RANGE];
        if (ram_we_rest)
        begin
            mem[ram_waddr][TOKW-1:`WQ_TF_MASK_HI+1] <= ram_wdata[TOKW-1:`WQ_TF_MASK_HI+1];
            mem[ram_waddr][`WQ_TF_MASK_LO-1:0]      <= ram_wdata[`WQ_TF_MASK_LO-1:0];
        end
    end

    always @(posedge i_clk)
    if (ram_re)
        ram_rdata <= mem[ram_raddr];

    // the copy RAM: same writes, reads for the front copies only
    always @(*)
    begin
        rb_re    = cmd_fire && s1_bre;
        rb_raddr = ent(i_warp, s1_bidx);
    end

    // (stored with type and presence side by side in the low bits, so the
    // part that survives fills one 16-bit block RAM lane rather than two)
    wire [TOKW-1:0] wb_swz = b_swz(ram_wdata);
    always @(posedge i_clk)
    begin
        if (ram_we)
            mem_b[ram_waddr][SWZ_HI +: `WQ_TF_MASK_W] <= wb_swz[SWZ_HI +: `WQ_TF_MASK_W];
        if (ram_we_rest)
        begin
            mem_b[ram_waddr][SWZ_HI-1:0] <= wb_swz[SWZ_HI-1:0];
            mem_b[ram_waddr][TOKW-1:SWZ_HI+`WQ_TF_MASK_W] <= wb_swz[TOKW-1:SWZ_HI+`WQ_TF_MASK_W];
        end
    end

    reg  [TOKW-1:0] rb_q;
    always @(posedge i_clk)
    if (rb_re)
        rb_q <= mem_b[rb_raddr];

    always @(*)
        rb_rdata = b_unswz(rb_q);

    always @(posedge i_clk)
    if (i_reset)
    begin
        sweep_busy <= 1'b1;
        sweep_addr <= {RAW{1'b0}};
    end else if (sweep_busy)
    begin
        sweep_busy <= (sweep_addr != LAST_ENT);
        sweep_addr <= sweep_addr + 1'b1;
    end

    // ---- results ----------------------------------------------------------------
    always @(posedge i_clk)
    if (i_reset)
        r_valid <= 1'b0;
    else
        r_valid <= cmd_fire && s1_result;

    // (a `WQ_DQCMD_FIND leaves its key in r_token, c_top in r_index: the search
    // walks r_index down; a find answered at once has none found)
    always @(posedge i_clk)
    if (cmd_fire)
    begin
        r_op       <= i_op;
        r_warp     <= i_warp;
        r_trap     <= s1_trap;
        r_empty    <= s1_empty;
        r_rejected <= s1_rejected;
    end

    // (loaded with the sweep's zeros too: the same input as the RAM's)
    always @(posedge i_clk)
    if (cmd_fire || sweep_busy)
        r_token    <= s1_wdata;

    always @(posedge i_clk)
    if (f_busy)
        r_index <= f_ptr - 1'b1;
    else if (cmd_fire)
        r_index <= s1_index;

    // (during a search r_op, r_warp, r_trap, r_empty, r_rejected are the
    // `WQ_DQCMD_FIND's: FIND, its warp, none, 0, 0)
    assign o_rvalid   = f_endq || f_match;          // (r_valid || f_done)
    assign o_rop      = r_op;
    assign o_rwarp    = r_warp;
    assign o_trap     = r_trap;
    assign o_token    = (f_busy || s2_dbgread || s2_merge || s2_pop) ? s2_word : r_token;
    assign o_index    = r_index;
    assign o_found    = f_match;
    assign o_empty    = r_empty;
    assign o_rejected = r_rejected;

    // ---- state of warp i_warp (combinational) -------------------------------------
    // (the copy of an empty deque is kept at 0: no gating here)
    assign o_front    = c_front;
    assign o_has_type = c_has;
    assign o_head     = c_head;
    assign o_tail     = c_tail;
    assign o_log2     = {{(L2W-LGW){1'b0}}, c_log2};
    assign o_l_head   = head_all[i_lwarp*PW +: PW];
    assign o_l_tail   = tail_all[i_lwarp*PW +: PW];
    assign o_l_log2   = {{(L2W-LGW){1'b0}}, log2_all[i_lwarp*LGW +: LGW]};

`ifdef FORMAL
    // ---- formal properties --------------------------------------------------
    // Run by `make formal` (scripts/formal.sh, jobs deque_L2_W1 and
    // deque_L2_W2): BMC from reset and k-induction with Yosys' sat after
    // memory_map (LOG2=2, WARPS=1 and 2).
    reg f_past_valid;
    initial f_past_valid = 1'b0;
    wire c_empty = c_fl[FL_EMPTY];          // the command's warp's tests
    wire c_hmax  = c_fl[FL_HMAX];
    always @(posedge i_clk)
        f_past_valid <= 1'b1;

    always @(*)
    if (!f_past_valid)
        assume(i_reset);

    always @(*)
        assume(i_warp < WARPS && i_vwarp < WARPS);

    // the effective front of every warp (copy, or the refill in flight)
    wire [WARPS*TOKW-1:0] f_front_eff;
    genvar fg;
    generate for (fg = 0; fg < WARPS; fg = fg + 1)
    begin : g_formal
        localparam [WID_W-1:0] FGW = fg;
        wire [PW-1:0]  fh = head_all[fg*PW +: PW];
        wire [PW-1:0]  ft = tail_all[fg*PW +: PW];
        wire [L2W-1:0] fl = {{(L2W-LGW){1'b0}}, log2_all[fg*LGW +: LGW]};
        wire [PW-1:0]  fd = {{(PW-1){1'b0}}, 1'b1} << fl;
        wire [RAW-1:0] ftop = ent(FGW, fh[LOG2-1:0] - 1'b1);

        assign f_front_eff[fg*TOKW +: TOKW] =
            (p_valid && p_warp == FGW) ? p_data : front_all[fg*TOKW +: TOKW];

        always @(*)
        if (f_past_valid && !i_reset)
        begin
            // tail <= head <= depth, count never exceeds depth
            assert(ft <= fh);
            assert(fh <= fd);
            assert(fh - ft <= fd);
            assert(fl <= LOG2_MAX);
            // the registered pointer tests, count, head - 1 and tail - 1
            // are their definitions
            assert(fl_all[fg*NFL + FL_EMPTY] == (fh == ft));
            assert(fl_all[fg*NFL + FL_HMAX]  == (fh == fd));
            assert(fl_all[fg*NFL + FL_TZERO] == (ft == {PW{1'b0}}));
            assert(fl_all[fg*NFL + FL_ONE]   == (fh - ft == {{(PW-1){1'b0}}, 1'b1}));
            assert(cnt_all[fg*PW +: PW]  == fh - ft);
            assert(top_all[fg*LOG2 +: LOG2] == fh[LOG2-1:0] - 1'b1);
            assert(bot_all[fg*LOG2 +: LOG2] == ft[LOG2-1:0] - 1'b1);
            // the front copy's below_bits are its type's and presence bits
            assert(hv_all[fg*NPRES +: NPRES]
                   == below_bits(front_all[fg*TOKW + `WQ_TF_TYPE_LO +: `WQ_TF_TYPE_W],
                                 front_all[fg*TOKW + `WQ_TF_PRESENCE_LO +: `WQ_TF_PRESENCE_W]));
            // the front copy is the RAM's front entry (in a merge's
            // write-back cycle the RAM is one cycle behind)
            if (!sweep_busy && fh != ft && !(s2_merge && s2_warp == FGW))
                assert(f_front_eff[fg*TOKW +: TOKW] == (mem[ftop] & FMASK_64[TOKW-1:0]));
            // the copy of an empty deque is 0 (o_front needs no gating)
            if (fh == ft)
                assert(f_front_eff[fg*TOKW +: TOKW] == {TOKW{1'b0}});
            // (induction helper) the reset sweep runs on the reset state:
            // every deque empty at the full depth
            if (sweep_busy)
            begin
                assert(fh == HALF_FULL && ft == HALF_FULL);
                assert(fl == LOG2_MAX);
            end
        end
    end endgenerate

    // the view is the state of its warp, every cycle
    always @(*)
    if (f_past_valid && !i_reset)
    begin
        assert(v_warp < WARPS);
        assert(v_head == head_all[v_warp*PW +: PW]);
        assert(v_tail == tail_all[v_warp*PW +: PW]);
        assert(o_v_cnt == cnt_all[v_warp*PW +: PW]);
        assert(v_lg   == log2_all[v_warp*LGW +: LGW]);
        assert(v_hv   == hv_all[v_warp*NPRES +: NPRES]);
        if (i_warp == v_warp)
            assert(o_v_has == c_has[NPRES-1:0]);
    end

    // the second read of the pointers and sizes is the state outputs' at
    // the same warp
    always @(*)
        if (i_lwarp == i_warp) begin
            assert(o_l_head == o_head);
            assert(o_l_tail == o_tail);
            assert(o_l_log2 == o_log2);
        end

    // a search's result fields are those the `WQ_DQCMD_FIND left in r_*
    always @(*)
    if (f_past_valid && !i_reset && f_busy)
        assert(r_op == `WQ_DQCMD_FIND && r_trap == `WQ_TRAP_NONE && !r_empty && !r_rejected
               && !r_valid && !p_valid && !s2_merge && !s2_dbgread && !s2_pop);

    // (induction helper) nothing is in flight while the sweep runs
    always @(*)
    if (f_past_valid && !i_reset && sweep_busy)
        assert(!p_valid && !f_busy && !s2_merge && !s2_dbgread && !s2_pop);

    // a trapped push changes nothing
    always @(posedge i_clk)
    if (f_past_valid && !$past(i_reset) && $past(cmd_fire)
        && ($past(i_op) == `WQ_DQCMD_PUSH_FRONT || $past(i_op) == `WQ_DQCMD_PUSH_BACK)
        && $past(s1_trap) != `WQ_TRAP_NONE)
    begin
        assert(head_all == $past(head_all));
        assert(tail_all == $past(tail_all));
        assert(log2_all == $past(log2_all));
        assert(!$past(ram_we));
        assert(f_front_eff == $past(f_front_eff));
        assert(o_trap == $past(s1_trap));
    end

    // presence of the new front is the OR rule
    always @(posedge i_clk)
    if (f_past_valid && !$past(i_reset) && $past(cmd_fire)
        && $past(i_op) == `WQ_DQCMD_PUSH_FRONT && $past(s1_trap) == `WQ_TRAP_NONE)
    begin
        if (i_warp == $past(i_warp))
        begin
            assert(o_front[`WQ_TF_TYPE_RANGE] == $past(i_type));
            if ($past(c_empty))
                assert(o_front[`WQ_TF_PRESENCE_RANGE] == {NPRES{1'b0}});
            else
                assert(o_front[`WQ_TF_PRESENCE_RANGE]
                       == ($past(c_front[`WQ_TF_PRESENCE_RANGE])
                           | ({{(NPRES-1){1'b0}}, 1'b1} << $past(c_front[`WQ_TF_TYPE_RANGE]))));
            assert((mem[ent($past(i_warp), $past(c_head[LOG2-1:0]))] & FMASK_64[TOKW-1:0]) == o_front);
        end
    end

    // the RAMs are never read and written in the same cycle (what
    // no_rw_check on mem and mem_b promises Yosys)
    always @(*)
    if (f_past_valid && !i_reset)
        assert(!(ram_re && ram_we) && !(rb_re && ram_we));

    // the copy RAM holds every entry of mem (in its own layout): both are
    // written together, so the front refills read what mem holds
    integer fi;
    always @(*)
    if (f_past_valid)
        for (fi = 0; fi < NENT; fi = fi + 1)
            assert(mem_b[fi] == b_swz(mem[fi]));

    // the command's decode (u_cmd) asserts its own properties for a warp
    // whose registers keep the invariants above (its f_inv), which they do
    // outside reset; the forwarded front's below_bits, which it takes as
    // given, are the forwarded front's
    always @(*)
    if (f_past_valid && !i_reset && !c_empty)
        assert(c_hvp == below_bits(c_front[`WQ_TF_TYPE_RANGE],
                                   c_front[`WQ_TF_PRESENCE_RANGE]));

    // the answer's valid and found flag as their halves form them
    always @(*)
        assert(o_rvalid == (r_valid || f_done) && o_found == (f_busy
               && ram_rdata[`WQ_TF_TYPE_RANGE] == f_type && ram_rdata[`WQ_TF_ADDR_RANGE] == f_addr));

    // a popped token is the front the pop removed
    always @(posedge i_clk)
    if (f_past_valid && !$past(i_reset) && $past(cmd_fire) && $past(i_op) == `WQ_DQCMD_POP
        && !$past(c_empty))
        assert(o_rvalid && (o_token & FMASK_64[TOKW-1:0]) == $past(c_front));

    // a push or pop is accepted whenever no search, merge or sweep is busy
    always @(*)
    if (f_past_valid && !sweep_busy && !f_busy && !s2_merge)
        assert(o_ready);

    // ---- covers (each reached from reset by scripts/formal.sh) --------------
    // the three push traps (full; push to the front at head == depth; push
    // to the back past tail 0), a pop on an empty deque and the pop that
    // empties one, a pop at head == depth (the entry index wraps to 0 in
    // LOG2 bits), a search that finds its token, a merge, a CLEAR to a
    // smaller depth and a push on the cleared deque, and (WARPS > 1) both
    // warps holding tokens at once
    wire f_push = (i_op == `WQ_DQCMD_PUSH_FRONT || i_op == `WQ_DQCMD_PUSH_BACK);
    always @(*)
    if (f_past_valid && !i_reset)
    begin
        c_full:        cover(cmd_fire && f_push && s1_trap == `WQ_TRAP_DEQUE_FULL);
        c_front_bound: cover(cmd_fire && i_op == `WQ_DQCMD_PUSH_FRONT
                             && s1_trap == `WQ_TRAP_DEQUE_FRONT_BOUND);
        c_back_bound:  cover(cmd_fire && i_op == `WQ_DQCMD_PUSH_BACK
                             && s1_trap == `WQ_TRAP_DEQUE_BACK_BOUND);
        c_pop_empty:   cover(cmd_fire && i_op == `WQ_DQCMD_POP && c_empty);
        c_pop_last:    cover(cmd_fire && i_op == `WQ_DQCMD_POP && !c_empty && !s1_bre);
        c_pop_wrap:    cover(cmd_fire && i_op == `WQ_DQCMD_POP && c_hmax && s1_bre);
        c_find_found:  cover(o_rvalid && o_rop == `WQ_DQCMD_FIND && o_found);
        c_merge:       cover(cmd_fire && i_op == `WQ_DQCMD_MERGE && !c_empty);
        c_clear_small: cover(cmd_fire && i_op == `WQ_DQCMD_CLEAR && c_nlog2 < LOG2_MAX[LGW-1:0]);
        c_push_small:  cover(cmd_fire && f_push && s1_trap == `WQ_TRAP_NONE
                             && c_log2 < LOG2_MAX[LGW-1:0]);
        // the view follows a command on its warp
        c_view_cmd:    cover(!i_vload && cmd_fire && i_warp == v_warp && s1_ptr_we && s1_head != v_head);
    end
    generate if (WARPS > 1)
    begin : g_fcover
        always @(*)
        if (f_past_valid && !i_reset)
        begin
            c_two_warps: cover(head_all[0 +: PW] != tail_all[0 +: PW]
                               && head_all[PW +: PW] != tail_all[PW +: PW]);
            // the view moves to another warp as a command changes that one
            c_view_load: cover(i_vload && i_vwarp != v_warp && cmd_fire && i_warp == i_vwarp && s1_ptr_we);
        end
    end endgenerate
`endif
endmodule
`default_nettype wire
