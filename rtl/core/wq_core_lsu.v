// wq_core_lsu.v -- the core's load/store unit (docs/rtl/wq_core_lsu.md):
// the gather buffer, the LSU queue, the request stage on the memory port,
// the answer stage, the atomic unit and the completion path's queue side,
// between EX and WB of wq_core (DESIGN §6; docs/rtl/commit.md, rule 3).
//
// A load's or a store's part beats in EX write its addresses and store
// data into the entry after the queue's last (the gather); its commit
// beat then enters the queue (o_take) and EX goes on.  The request stage
// performs the oldest entry with elements still to request, one line
// request a cycle (wq_lsu_pick, the coalescer's rule), and owns the port:
// a fetch run's word request (i_fl_req) goes out when it has nothing to
// send.  Every request taken is tagged; the answers come back in request
// order and take their tags (a load line's answer its entry's elements, a
// fetch run's word: o_rv_f).  The completion path commits the head entry
// once its requests and answers are done: this unit keeps its place (part
// and register of a load's write-back beat, a store's MEM_WRITE records on
// o_evm_*, which it drives) and tells the core when (o_cp_go) and what
// (o_cp_*); the core emits the RETIRE, the REG_WRITE beats and the commit.
// An ATOM performs alone (the queue, WB and the port empty), a lane at a
// time: read, then write only if the value changes, its ATOMIC record
// (o_at_rec, the core puts it on o_evr_*) as the write is taken.
`default_nettype none
`include "wq_defs.vh"

module wq_core_lsu #(
    parameter WARPS      = 8,
    parameter LANES      = 32,
    parameter LINE_BYTES = 16,
    parameter EVM_SLOTS  = 8,            // MEM_WRITE records a cycle (4..32)
    parameter LSQ        = 4,            // entries (a power of two, >= 2)
    parameter TAGS       = 32,           // answers owed at once (a power of two, >= 4)
    parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    // EX's beat (a part beat gathers, a commit beat enters the queue or
    // starts an ATOM) and its operands
    input  wire                     i_x_v,
    input  wire                     i_x_commit,
    input  wire                     i_x_mem,
    input  wire [7:0]               i_x_trap,
    input  wire                     i_x_skip,
    input  wire [7:0]               i_x_op,
    input  wire [3:0]               i_x_fn,
    input  wire [1:0]               i_x_k,
    input  wire [5:0]               i_x_p,
    input  wire [31:0]              i_x_sel,
    input  wire [31:0]              i_x_imm,
    input  wire [3:0]               i_x_amask,
    input  wire [1:0]               i_x_msize,
    input  wire                     i_x_msext,
    input  wire [2:0]               i_x_words,
    input  wire [WID_W-1:0]         i_x_w,
    input  wire [`WQ_TF_ADDR_W-1:0] i_x_pc,
    input  wire [63:0]              i_x_ir,
    input  wire [5:0]               i_x_rd,
    input  wire [LANES*32-1:0]      i_op_a,
    input  wire [LANES*32-1:0]      i_op_rb,
    input  wire                     i_x_take,       // EX takes a new beat
    // EX's beat leaves (o_busy low): an ATOM's write-back beat into WB,
    // or a commit beat into WB; a trap commits (EX is dropped)
    input  wire                     i_wb_ls,
    input  wire                     i_wb_commit,
    input  wire                     i_squash_x,
    // WB and the rest of the pipeline
    input  wire                     i_b_v,
    input  wire                     i_b_trap,       // a trap's commit beat in WB
    input  wire                     i_b_twait,      // ... waiting for the queue
    input  wire                     i_b_open,       // WB's instruction has emitted a record
    input  wire                     i_x_open,       // EX's instruction has beats in WB
    input  wire                     i_pipe_empty,   // FE, DE, EX, WB empty
    input  wire                     i_at_hold,      // an ATOM does not start (the division unit is busy)
    input  wire                     i_stop,         // the hold is to end (i_ev_wait seen)
    // the fetch run: its word request, the word its next answer is, the
    // code range its runs have read
    input  wire                     i_fl_on,
    input  wire                     i_fl_req,
    input  wire [31:0]              i_fl_addr,
    input  wire [((LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1)-1:0] i_fl_wsel,
    output wire                     o_fl_go,        // its request is on the port
    output wire                     o_rv_f,         // an answer for it
    output wire [31:0]              o_fl_word,      // the answer's word
    input  wire                     i_cr_v,
    input  wire [31:0]              i_cr_lo,
    input  wire [32:0]              i_cr_hi,
    // the memory port
    output wire                     o_mem_valid,
    input  wire                     i_mem_ready,
    output wire                     o_mem_we,
    output wire [31:0]              o_mem_addr,
    output wire [LINE_BYTES*8-1:0]  o_mem_wdata,
    output wire [LINE_BYTES-1:0]    o_mem_wstrb,
    input  wire                     i_mem_rvalid,
    input  wire [LINE_BYTES*8-1:0]  i_mem_rdata,
    // to EX: it holds its beat, the LSU takes it; a misaligned lane
    output wire                     o_busy,
    output wire                     o_take,
    output wire                     o_ls_bad,
    // the queue and the answers owed
    output wire                     o_q_empty,
    output wire                     o_q_one,
    output wire [$clog2(TAGS):0]    o_owed,
    output reg  [WARPS-1:0]         o_inq,          // warps with an entry
    output wire                     o_cf,           // a store that wrote code waits
    // the atomic: performing, its record, its write-back
    output wire                     o_at_on,
    output wire                     o_at_wait,      // EX holds an ATOM's commit beat
    output wire                     o_at_done,      // its last access is done
    output wire                     o_at_code,      // a write of it hit the code range
    output wire                     o_at_rec,
    output wire [4:0]               o_at_lane,
    output wire [31:0]              o_at_addr,
    output wire [31:0]              o_at_new,
    output wire [31:0]              o_at_old,
    output wire                     o_ls_wb,        // its write-back beats
    output wire [5:0]               o_ls_p,         //   part
    output wire [1:0]               o_ls_wk,        //   of register rd + o_ls_wk
    output reg  [LANES*32-1:0]      o_wb_row,       //   the values
    output wire                     o_ls_fuse,      // one beat: it rides the commit
    output reg  [LANES*32-1:0]      o_row0,         //   its values
    // the completion path: the head entry commits
    output wire                     o_cp_go,
    output wire                     o_cp_last,
    output wire                     o_cp_code,      // a store that wrote code: drop the younger
    output wire                     o_cp_yield,
    output wire                     o_wb_frz,       // WB holds its beat
    output wire                     o_wb_blk,       // nothing from EX into WB
    output wire [WID_W-1:0]         o_cp_w,
    output wire                     o_cp_st,
    output wire [`WQ_TF_ADDR_W-1:0] o_cp_pc,
    output wire [31:0]              o_cp_sel,
    output wire [63:0]              o_cp_ir,
    output wire [5:0]               o_cp_rd,
    output wire [5:0]               o_cp_p,
    output wire [1:0]               o_cp_k,
    output reg  [LANES*32-1:0]      o_cp_row,       // a load's write-back beat
    output reg  [WARPS-1:0]         o_cp_drop,      // the younger entries' warps
    // the MEM_WRITE beat port (wq_core's)
    output reg  [EVM_SLOTS-1:0]     o_evm_valid,
    output reg  [7:0]               o_evm_unit,
    output reg  [31:0]              o_evm_pc,
    output reg  [EVM_SLOTS*16-1:0]  o_evm_aux,
    output reg  [EVM_SLOTS*32-1:0]  o_evm_mask,
    output reg  [EVM_SLOTS*32-1:0]  o_evm_a,
    output reg  [EVM_SLOTS*32-1:0]  o_evm_b,
    // the benches' counters
    output reg  [31:0]              o_ld_warps,
    output reg  [31:0]              o_ld_lines
);
    localparam PARTS  = 32 / LANES;
    localparam LB     = LINE_BYTES;
    localparam LW     = LB / 4;                    // words of a line
    localparam NB     = EVM_SLOTS;                 // MEM_WRITE records a cycle
    localparam LOG2LB = $clog2(LB);
    localparam LWW    = (LW > 1) ? $clog2(LW) : 1;
    localparam LTAG   = 32 - LOG2LB;
    localparam integer   LWM    = LW - 1;
    localparam [LWW-1:0] LWMASK = LWM[LWW-1:0];
    localparam [LB-1:0]  WSTRB0 = {{(LB-1){1'b0}}, 1'b1} * 15;
    localparam PCW    = `WQ_TF_ADDR_W;
    localparam [5:0] PARTS6 = PARTS[5:0];
    // (a fetch run's word request asks for its line)
    wire unused_fl = &{1'b0, i_fl_addr[LOG2LB-1:0]};


    // A load or a store leaves EX once gathered: its commit beat enters the
    // LSU queue (LSQ entries, in issue order from q_hd) and EX and WB go on
    // with other warps' beats.  The request stage performs the oldest entry
    // with elements still to request, one line request a cycle; the
    // answers come back in request order, each tagged when its request was
    // taken (t_*: a load line's answer names its entry and elements, a
    // store's write answer, a fetch run's word, an atomic's); the
    // completion path commits the head entry once its requests (a store:
    // posted) and answers (a load) are done, so the memory commits are in
    // the order of their accesses at the port (docs/rtl/commit.md, rule 3).
    // An entry is the gather buffer of its instruction: entry s holds lane
    // l's byte address at q_addr[{s, l}] and word k of lane l (element
    // e = 4l + k) in two row stores (wq_lsu_rows, LUT RAM): the store data
    // (st.v4's four registers, CAS's compare value at k 0 and new value at
    // k 1) that the gather writes, and the values the loads' answers write
    // (ld.v4's four; ATOM's old values at k 0).  Row {s, p} holds part p's
    // elements, 4 * LANES words (element e at row p = e / EW, word
    // e % EW), so the gather writes one row a cycle, the request stage
    // reads the row of the elements it covers, the answer stage writes one
    // row a cycle and the completion reads one.  The gather writes the
    // entry after the queue's last (q_tl); an ATOM runs from there with
    // the queue empty, alone on the port (below).
    localparam QW   = (LSQ > 1) ? $clog2(LSQ) : 1;
    localparam integer LSQI = LSQ;
    localparam [QW:0] LSQN = LSQI[QW:0];
    localparam integer TD = TAGS;        // requests the port may owe answers for
    localparam TDW  = $clog2(TAGS);
    localparam [TDW:0] TDN = TD[TDW:0];
    localparam [1:0] TK_W = 2'd0, TK_L = 2'd1, TK_F = 2'd2, TK_A = 2'd3;
    localparam EW  = 4 * LANES;          // elements of a row (a part's)
    localparam PW  = (PARTS > 1) ? $clog2(PARTS) : 1;
    localparam NR  = LSQ * PARTS;        // rows of a row store
    localparam RAW = $clog2(NR);
    // the lanes' byte addresses, a row a part of an entry as the gather
    // writes them (row rw_ix(s, p): lane p * LANES + l at [l*32 +: 32]) in
    // LUT RAM, one write port, read as rows: the request stage's entry
    // (every part), the answer stage's part, the atomic's lane, the
    // MEM_WRITE records' lanes (a copy a read address; in flip-flops, LSQ
    // x 32 words behind a multiplexer a lane for each)
    reg  [LANES*32-1:0] q_addr [0:NR-1];
    reg  [LSQ-1:0] q_v, q_st, q_msext;
    reg  [LSQ-1:0] q_code;               // a write of this store hit the code range
    reg  [WID_W-1:0] q_w   [0:LSQ-1];
    reg  [PCW-1:0] q_pc    [0:LSQ-1];
    reg  [63:0]  q_ir      [0:LSQ-1];
    reg  [5:0]   q_rd      [0:LSQ-1];
    reg  [31:0]  q_sel     [0:LSQ-1];
    reg  [1:0]   q_msize   [0:LSQ-1];
    reg  [2:0]   q_words   [0:LSQ-1];
    // The accesses are elements: word k of lane l, at bit 4l + k of the
    // element vectors (the model's order: the lanes ascending, a lane's
    // words in order), at byte address q_addr[{s, l}] + 4k (a .v4 address
    // is 16-byte aligned, so k fills bits 3:2).  The coalescer's rule
    // (wq_lsu_pick.md): a line request covers every still-pending element
    // in the line of the lowest pending one (the leader).  An atomic's
    // request is its leader alone (one lane at a time).
    reg  [127:0] q_rem     [0:LSQ-1];    // elements still to request
    reg  [127:0] q_resp    [0:LSQ-1];    // elements still to answer (a load)
    // (whether an entry has none still to request, none still to answer:
    // written beside q_rem and q_resp, so the completion's start is a
    // flip-flop each, not two 128-bit compares)
    reg  [LSQ-1:0] q_rz, q_az;
    reg  [31:0]  q_rl      [0:LSQ-1];    // lanes with MEM_WRITE records still to emit (a store)
    reg  [31:0]  q_rg      [0:LSQ-1];    // ... their groups (the record pick's, below)
    reg  [LSQ-1:0] q_rx;                 // ... in one group at most: the next beat is the last
    reg  [QW-1:0] q_hd;                  // the oldest entry
    reg  [QW:0]  q_n;                    // entries
    wire [QW-1:0] q_tl = q_hd + q_n[QW-1:0];
    reg          ls_bad;                 // a lane is misaligned
    reg          at_on;                  // an ATOM performs its accesses
    reg          ls_wb;                  // ATOM's write-back beats
    reg  [5:0]   ls_p;
    reg  [1:0]   ls_wk;                  // write-back beat: register rd + ls_wk
    reg          ls_code;                // a write of the ATOM hit the code range
    // a store's write into the code range (cf, the store at cf_s): no
    // fetch request and no later entry's request until it commits; its
    // commit flushes the buffer and drops every younger instruction
    reg          cf;
    reg  [QW-1:0] cf_s;
    // the answers owed, in request order: kind, entry, the elements a load
    // line's answer carries, and the answered line (t_line).  A tag is
    // written as its request is taken (at t_wr), its answer arrives at t_an
    // (a fetch run's word and an atomic's are used then), and the answer
    // stage frees the oldest (t_rd) once done with it: a load line's
    // values are written into its entry a row a cycle, from the answer as
    // it arrives when no earlier one waits (t_ac: answers arrived, not yet
    // done), else from t_line
    reg  [1:0]   t_kind [0:TD-1];
    reg  [QW-1:0] t_slot [0:TD-1];
    reg  [127:0] t_cov  [0:TD-1];
    reg  [PARTS-1:0] t_pt [0:TD-1];      // (the parts its elements are in: the pick register's)
    reg  [32*LOG2LB-1:0] t_lo [0:TD-1];  // (its entry's lanes' offsets in their lines: the pick register's)
    reg  [LB*8-1:0] t_line [0:TD-1];
    reg  [TDW-1:0] t_rd, t_wr, t_an;
    reg  [TDW:0] t_cnt, t_ac;
    wire         t_full = t_cnt == TDN;
    // answers still owed: the last commit of a hold waits for them (posted
    // writes' answers come under the lock)
    wire         ans_owed = t_cnt != {(TDW+1){1'b0}};
    wire [1:0]   rv_kind = t_kind[t_an];
    assign       o_rv_f = i_mem_rvalid && rv_kind == TK_F;
    wire         rv_a = i_mem_rvalid && rv_kind == TK_A;
    // the answer stage's tag: the oldest arrived
    wire         an_v = t_ac != {(TDW+1){1'b0}} || i_mem_rvalid;
    wire [LB*8-1:0] an_line = (t_ac != {(TDW+1){1'b0}}) ? t_line[t_rd] : i_mem_rdata;
    wire         an_l = an_v && t_kind[t_rd] == TK_L;
    wire [QW-1:0] an_s = t_slot[t_rd];
    wire [127:0] rs_cov = t_cov[t_rd];
    wire         ls_st = (i_x_op == `WQ_OP_ST);
    wire         ls_at = (i_x_op == `WQ_OP_ATOM);
`include "wq_subword.vh"
`include "wq_ctz.vh"
    /* verilator lint_off UNUSEDSIGNAL */
    function [RAW-1:0] rw_ix;            // entry s, part p: its row
        input [QW-1:0] s;
        input [31:0]   p;
        reg   [31:0]   r;
        begin
            r = {{(32-QW){1'b0}}, s} * PARTS + p;
            rw_ix = r[RAW-1:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    // The request stage is two stages: the pick (this cycle's next
    // request from the queue's registers) and the pick register pk_*,
    // whose request is the one on the port.  The pick sees the entries'
    // elements still to request without those of the held pick (taken off
    // its entry's q_rem when its request is taken), so the pick register
    // loads the request after it while its own goes out: one request a
    // cycle, in the order of a single stage, a cycle later.  The pick's
    // logic (the entry, its rows' addresses, the coalescer) ends at the
    // pick register, and the port's request, the store line's merge, the
    // code-range compare and the tags start from it.
    reg           pk_v;                  // a request is held
    reg  [QW-1:0] pk_s;                  //   its entry
    reg  [LTAG-1:0] pk_line;             //   its line
    reg  [127:0]  pk_cov;                //   the elements it covers
    reg  [6:0]    pk_e;                  //   its leader (an ATOM's lane: pk_e[6:2])
    reg  [32*LOG2LB-1:0] pk_lo;          //   the entry's lanes' offsets in their lines
    reg  [PARTS-1:0] pk_pt;              //   the parts its elements are in
    // the pick's entry: the oldest with elements to request (an ATOM's,
    // the one after the queue, when none): the held request's entry has
    // some when its elements without the held ones are not none, any
    // other when its q_rz says so (one 128-bit compare, not one an entry)
    reg  [QW-1:0] rq_s;
    reg           rq_f;
    wire          pk_more = (q_rem[pk_s] & ~pk_cov) != 128'd0;
    integer qi;
    always @(*) begin : rq_scan
        reg [QW-1:0] s;
        rq_s = q_tl;
        rq_f = 1'b0;
        for (qi = LSQ - 1; qi >= 0; qi = qi - 1) begin
            s = q_hd + qi[QW-1:0];
            if (q_v[s] && ((pk_v && pk_s == s) ? pk_more : !q_rz[s])) begin
                rq_s = s;
                rq_f = 1'b1;
            end
        end
    end
    // its elements to request (an ATOM's: the lanes not yet done; its pick
    // is its leader alone and stays on q_rem until the lane is done, so it
    // is picked again every cycle, and the cycle the lane is done, at_clr,
    // without it)
    wire [127:0] at_rem = q_rem[q_tl];
    wire         at_clr;
    wire [127:0] ls_rem = at_on ? at_rem & ~(at_clr ? pk_cov : 128'd0) :
                          q_rem[rq_s] & ~((pk_v && pk_s == rq_s) ? pk_cov : 128'd0);
    wire [1:0]   rq_msize = at_on ? i_x_msize : q_msize[pk_s];
    // word k of a lane at byte address a: k > 0 is a .v4 access, whose
    // address is 16-byte aligned (a misaligned lane traps at the gather,
    // before the queue), so k is the address's bits 3:2 -- constants for
    // Yosys, where an OR with the lane's bits would leave them variable
    function [31:0] el_addr;
        input [31:0] a;
        input [1:0]  wk;
        el_addr = (wk == 2'd0) ? a : {a[31:4], wk, a[1:0]};
    endfunction
    // every element's address, line and word of its line (the request's
    // entry: its lanes' addresses, its rows in part order)
    reg  [32*32-1:0] rq_addr;            // lane l's at [l*32 +: 32]
    wire [31:0]    el_a    [0:127];
    // the line tags for the pick: word k's address is the lane's with k in
    // bits 3:2, so with lines of 16 bytes or more a lane's four words are
    // in the lane's line, one tag a lane; with narrower lines one an element
    localparam TG = (LOG2LB >= 4) ? 4 : 1;   // elements a tag
    localparam NT = 128 / TG;
    reg  [NT*LTAG-1:0] el_lines;         // tag t (elements t*TG ...) at t*LTAG
    integer ei, ep;
    always @(*)
        for (ep = 0; ep < PARTS; ep = ep + 1)
            rq_addr[ep*LANES*32 +: LANES*32] = q_addr[rw_ix(rq_s, ep)];
    // (an element a generate block: its lane's word and its tag's place
    // are constants, for the simulator straight-line code)
    genvar ge;
    generate for (ge = 0; ge < 128; ge = ge + 1) begin : g_el
        localparam [31:0] K = ge % 4;
        assign el_a[ge] = el_addr(rq_addr[(ge / 4)*32 +: 32], K[1:0]);
    end endgenerate
    // (one vector for the pick, built in a loop: a generate block's
    // assigns to its parts the simulator would rebuild as one concatenation
    // per part)
    always @(*)
        for (ei = 0; ei < NT; ei = ei + 1)
            el_lines[ei*LTAG +: LTAG] = el_a[ei*TG][31:LOG2LB];
    // the request: the leader of the elements still to request and the
    // elements it covers; an answer carries the elements its request
    // covered (t_cov: the port answers in order)
    wire [6:0]  pi_e;
    wire [LTAG-1:0] pi_line;
    wire [127:0] pi_cov;
    wq_lsu_pick #(.N(128), .TW(LTAG), .IW(7), .GS(TG)) u_rq (
        .i_pend(ls_rem), .i_line(el_lines), .i_one(at_on),
        .o_lead(pi_e), .o_tag(pi_line), .o_cov(pi_cov));
    // the held request: what the port, the store line and the tags use
    wire [6:0]  rq_e = pk_e;
    wire [4:0]  ls_l = pk_e[6:2];                  // an atomic's lane
    wire [LTAG-1:0] rq_line = pk_line;
    wire [127:0] rq_cov = pk_cov;
    // (element e's offset in its line: its lane's, word k in bits 3:2)
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
    wire [LOG2LB-1:0] rq_off = pk_off(pk_lo, pk_e);
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] rq_o32 = {{(32-LOG2LB){1'b0}}, rq_off};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [LWW-1:0] rq_w = rq_o32[2 +: LWW] & LWMASK;   // the leader's word of its line
    // a store's line: each covered element's strobed bytes at its word, a
    // later element's bytes over an earlier one's (the model's lane order
    // leaves the last lane's bytes).  The store data is read a row (a part)
    // a cycle: a request whose elements are in several parts (lanes a part
    // apart in one line) merges them into st_acc a part a cycle, the parts
    // ascending, and goes out with its last part.  Two elements on one
    // word have the same k (a .v4 address is 16-byte aligned), so the
    // parts' order is the elements' order on every word.
    wire [PARTS-1:0] rq_pt = pk_pt;      // the parts of the request's elements
    reg  [PARTS-1:0] st_m;               // ... merged into st_acc
    reg  [LB*8-1:0] st_acc_wd;
    reg  [LB-1:0]   st_acc_ws;
    reg  [PW-1:0]   st_p;                // the part merged this cycle
    reg  [EW-1:0]   st_cov;              //   its elements
    wire [LOG2LB-1:0] st_off [0:EW-1];   //   their offsets in the line
    // (the elements of part p of an element vector)
    function [EW-1:0] part_els;
        input [127:0]  v;
        input [PW-1:0] p;
        integer i;
        begin
            part_els = {EW{1'b0}};
            for (i = 0; i < PARTS; i = i + 1)
                if (p == i[PW-1:0]) part_els = v[i*EW +: EW];
        end
    endfunction
    integer pi;
    always @(*) begin
        // (the lowest part not yet merged; the parts are the pick
        // register's, found as it loads, not from its 128 elements here)
        st_p = {PW{1'b0}};
        for (pi = PARTS - 1; pi >= 0; pi = pi - 1)
            if (rq_pt[pi] && !st_m[pi]) st_p = pi[PW-1:0];
        st_cov = part_els(rq_cov, st_p);
    end
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] st_pe = {{(32-PW){1'b0}}, st_p} * EW;   // the part's first element (< 128)
    /* verilator lint_on UNUSEDSIGNAL */
    genvar gs;
    generate for (gs = 0; gs < EW; gs = gs + 1) begin : g_st_off
        localparam [6:0] G = gs;
        assign st_off[gs] = ({{(32-PW){1'b0}}, st_p} < PARTS) ? pk_off(pk_lo, st_pe[6:0] + G)
                                                            : {LOG2LB{1'b0}};
    end endgenerate
    wire [PARTS-1:0] st_p1h = {{(PARTS-1){1'b0}}, 1'b1} << st_p;
    wire         st_fin = (rq_pt & ~st_m & ~st_p1h) == {PARTS{1'b0}};   // the last part
    // the store data's row for the request stage (an ATOM's lane's b and c)
    wire [EW*32-1:0] sd_rq;
    // The line: each lane's covered words at their places (st_cw; st_cm
    // its bytes' masks, st_cs its strobes: a lane's elements are distinct
    // words, so no two of them write a byte), then the lanes merged in a
    // tree, a later lane's bytes over an earlier one's, and the part over
    // what st_acc holds of the parts before it: the element order, in
    // log2(LANES) + 1 merges of the line rather than a chain as long as
    // the part.  Only word 0 of a lane can be a byte or half-word access
    // (.v4 is words), so only it is formatted.  The byte masks travel
    // with the line (for Yosys copies of the strobes, for the simulator a
    // merge is a few word-wide operations, with no strobe expanded into a
    // mask at every level)
    reg  [LB*8-1:0] st_wd;
    reg  [LB-1:0]   st_ws;
    integer sj, sk, sn, sw;
    // (the lanes' merge tree built as the lanes come: level l holds the
    // merge of the last 2^l lanes until its sibling arrives, a binary
    // counter over the lane index, so the loops keep log2(LANES) lines,
    // not one a lane; the index is a constant for Yosys, so this is the
    // tree itself)
    localparam LG = $clog2(LANES);
    reg  [LG*LB*8-1:0] st_tw;            // level l's bytes at [l*LB*8 +: LB*8]
    reg  [LG*LB*8-1:0] st_tm;            //   their masks
    reg  [LG*LB-1:0]   st_ts;            //   and strobes at [l*LB +: LB]
    reg  [LB*8-1:0] st_cw;               // the lane or subtree in hand
    reg  [LB*8-1:0] st_cm;
    reg  [LB-1:0]   st_cs;
    always @(*) begin : st_line
        reg [3:0]  s;
        reg [31:0] v;
        reg [31:0] m;                   // s as a byte mask
        reg [LWW-1:0] w;
        reg        up;                  // the subtree in hand still climbs
        st_wd = st_acc_wd;
        st_ws = st_acc_ws;
        st_tw = {LG*LB*8{1'b0}};
        st_tm = {LG*LB*8{1'b0}};
        st_ts = {LG*LB{1'b0}};
        st_cw = {LB*8{1'b0}};
        st_cm = {LB*8{1'b0}};
        st_cs = {LB{1'b0}};
        s = 4'd0;
        v = 32'd0;
        m = 32'd0;
        w = {LWW{1'b0}};
        up = 1'b0;
        sj = 0;                         // (assigned on every path: no latch)
        sk = 0;
        sn = 0;
        sw = 0;
        // (only with covered elements, and none without a request: a
        // simulation runs this every cycle)
        if (st_cov != {EW{1'b0}}) begin
            for (sj = 0; sj < LANES; sj = sj + 1) begin
                // lane sj's line; an element not covered has no strobes
                // (masks, not conditions: a condition between two lines
                // is a multiplexer of the line for Yosys).  A lane
                // without covered elements is skipped, for the
                // simulator: its line is zero either way (for Yosys an
                // AND with the condition)
                st_cw = {LB*8{1'b0}};
                st_cm = {LB*8{1'b0}};
                st_cs = {LB{1'b0}};
                if (st_cov[4*sj +: 4] != 4'd0) begin
                    for (sk = 0; sk < 4; sk = sk + 1) begin
                        s = !st_cov[4*sj + sk] ? 4'd0 :
                            (sk == 0) ? sw_strobe(rq_msize, st_off[4*sj][1:0]) : 4'hF;
                        v = (sk == 0) ? sw_wdata(rq_msize, sd_rq[(4*sj)*32 +: 32])
                                      : sd_rq[(4*sj + sk)*32 +: 32];
                        m = {{8{s[3]}}, {8{s[2]}}, {8{s[1]}}, {8{s[0]}}};
                        w = st_off[4*sj + sk][LOG2LB-1:LOG2LB-LWW] & LWMASK;
                        for (sw = 0; sw < LW; sw = sw + 1)
                            if (w == sw[LWW-1:0]) begin
                                st_cw[sw*32 +: 32] = st_cw[sw*32 +: 32] | (v & m);
                                st_cm[sw*32 +: 32] = st_cm[sw*32 +: 32] | m;
                                st_cs[sw*4 +: 4] = st_cs[sw*4 +: 4] | s;
                            end
                    end
                end
                // up the tree: under the earlier subtree at each level
                // where the lane index has a 1, parked at the first 0
                up = 1'b1;
                for (sn = 0; sn < LG; sn = sn + 1)
                    if (up) begin
                        if (sj[sn]) begin
                            st_cw = st_cw | (st_tw[sn*LB*8 +: LB*8] & ~st_cm);
                            st_cm = st_cm | st_tm[sn*LB*8 +: LB*8];
                            st_cs = st_cs | st_ts[sn*LB +: LB];
                        end else begin
                            st_tw[sn*LB*8 +: LB*8] = st_cw;
                            st_tm[sn*LB*8 +: LB*8] = st_cm;
                            st_ts[sn*LB +: LB] = st_cs;
                            up = 1'b0;
                        end
                    end
            end
            // the last lane carries the whole part up: over st_acc
            st_wd = st_cw | (st_acc_wd & ~st_cm);
            st_ws = st_acc_ws | st_cs;
        end
    end
    // the word of an answer line at a byte address
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
    // the answer stage: a load line's values into its entry, a part (a
    // row) a cycle, the parts ascending (an_m: those done); the tag is
    // done with its last part (an answer of one part: the cycle it arrives
    // when no earlier one waits), any other kind's at once
    reg  [PARTS-1:0] an_pt;              // the parts of the answer's elements
    reg  [PARTS-1:0] an_m;               // ... written
    reg  [PW-1:0]   an_p;                // the part written this cycle
    reg  [EW-1:0]   an_cov;              //   its elements
    // (the parts are the tag's, kept as its request was taken, not found
    // from its 128 elements here)
    always @(*) begin
        an_pt = t_pt[t_rd];
        an_p = {PW{1'b0}};
        for (pi = PARTS - 1; pi >= 0; pi = pi - 1)
            if (an_pt[pi] && !an_m[pi]) an_p = pi[PW-1:0];
        an_cov = part_els(rs_cov, an_p);
    end
    wire [PARTS-1:0] an_p1h = {{(PARTS-1){1'b0}}, 1'b1} << an_p;
    wire         an_fin = (an_pt & ~an_m & ~an_p1h) == {PARTS{1'b0}};
    wire         an_done = an_v && (!an_l || an_fin);   // tag t_rd is freed
    // MEM_WRITE records of the head entry (a store's commit): a beat
    // emits the records of the lowest group of MG lanes with records left
    // (q_rl), the groups aligned, MG the largest power of two with
    // MG x words <= NB and MG <= LANES (a group lies in one part, a row of
    // the store data: mw_p).  So a beat's records always fit its NB
    // slots, and what a beat takes, what it leaves and whether it is the
    // last come from an OR a group and a lowest-set-bit pick over the
    // groups (one carry chain), not from a count of records.  A full
    // warp's store takes as many beats as NB records a beat would (a
    // register at NB = 8: 8 lanes a beat); a sparse one may take more,
    // never other records or another order (the groups ascend, a beat's
    // records are in the model's order within it).  Slot mi's element is
    // the lowest of what the slots before it left (m & (m - 1) takes the
    // lowest off); the slots' indices (ctz) only drive the beat port's
    // outputs, so a build that leaves the port open drops them.
    function integer mg_of;             // MG for a store of w words a lane
        input integer w;
        integer g, i;
        begin
            g = 1;
            for (i = 0; i < 5; i = i + 1)
                if (2 * g * w <= NB && 2 * g <= LANES) g = 2 * g;
            mg_of = g;
        end
    endfunction
    localparam MG1 = mg_of(1), MG2 = mg_of(2), MG3 = mg_of(3), MG4 = mg_of(4);
    generate if (NB < 4 || NB > 32) begin : g_nb
        wq_core_lsu_error_EVM_SLOTS_is_not_4_to_32 u_error();
    end endgenerate
    // The groups with lanes left are kept beside the lanes (q_rg: group
    // i at bit i, of the entry's MG) and whether they are one at most
    // (q_rx), both written as the entry enters the queue and as a beat
    // takes its group (the lowest bit off): the beat's lanes are the
    // lowest group's, a lowest-set-bit pick from flip-flops, and whether
    // it is the last is a flip-flop, not an OR a group, a pick and a
    // 32-bit compare on the way to the completion's state.
    // (lane mask v in groups of the MG for w words a lane: the groups
    // with a lane)
    function [31:0] grp_of;
        input [31:0] v;
        input [2:0]  w;
        integer i;
        begin
            grp_of = 32'd0;
            for (i = 0; i < 32; i = i + 1)
                case (w)
                3'd1:    grp_of[i / MG1] = grp_of[i / MG1] | v[i];
                3'd2:    grp_of[i / MG2] = grp_of[i / MG2] | v[i];
                3'd3:    grp_of[i / MG3] = grp_of[i / MG3] | v[i];
                default: grp_of[i / MG4] = grp_of[i / MG4] | v[i];
                endcase
        end
    endfunction
    // (the lanes of the groups in g, groups of the MG for w words)
    function [31:0] grp_lanes;
        input [31:0] g;
        input [2:0]  w;
        integer i;
        begin
            for (i = 0; i < 32; i = i + 1)
                case (w)
                3'd1:    grp_lanes[i] = g[i / MG1];
                3'd2:    grp_lanes[i] = g[i / MG2];
                3'd3:    grp_lanes[i] = g[i / MG3];
                default: grp_lanes[i] = g[i / MG4];
                endcase
        end
    endfunction
    // (g has one bit set at most)
    function one_at_most;
        input [31:0] g;
        one_at_most = (g & (g - 32'd1)) == 32'd0;
    endfunction
    // (the lane of element e of part p)
    /* verilator lint_off UNUSEDSIGNAL */
    function [4:0] lane_of;
        input [PW-1:0] p;
        input [6:0]    e;               // (its bits 1:0 are the word: unused)
        reg   [31:0]   l;
        begin
            l = {{(32-PW){1'b0}}, p} * LANES + {27'd0, e[6:2]};
            lane_of = l[4:0];
        end
    endfunction
    /* verilator lint_on UNUSEDSIGNAL */
    reg  [6:0]  mw_e [0:NB-1];          // (element of the part)
    reg  [4:0]  mw_l [0:NB-1];          // (its lane)
    reg  [NB-1:0] mw_v;
    reg  [31:0]  mw_lsel;               // the lanes emitted this cycle
    reg          mw_last;               // ... the store's last
    reg  [31:0]  mw_g;                  // (their group)
    /* verilator lint_off UNUSEDSIGNAL */
    reg  [EW-1:0] mw_left;              // (the group's elements no slot took: none, the formal section's)
    /* verilator lint_on UNUSEDSIGNAL */
    reg  [NB*32-1:0] mw_b;
    wire [EW*32-1:0] sd_cp;
    reg  [PW-1:0] mw_p;
    integer mi;
    always @(*) begin : mw_pick
        reg [31:0] v;
        reg [3:0]  wm;
        reg [EW-1:0] m;
        v = q_rl[q_hd];
        mw_g = q_rg[q_hd] & (~q_rg[q_hd] + 32'd1);
        mw_lsel = v & grp_lanes(mw_g, q_words[q_hd]);
        mw_last = q_rx[q_hd];
        // (the group's part, and its elements: its lanes' words)
        mw_p = {PW{1'b0}};
        for (pi = PARTS - 1; pi >= 0; pi = pi - 1)
            if (mw_lsel[pi*LANES +: LANES] != {LANES{1'b0}}) mw_p = pi[PW-1:0];
        wm = {q_words[q_hd] > 3'd3, q_words[q_hd] > 3'd2, q_words[q_hd] > 3'd1, q_words[q_hd] > 3'd0};
        m = {EW{1'b0}};
        for (pi = 0; pi < PARTS; pi = pi + 1)
            if (mw_p == pi[PW-1:0])
                for (mi = 0; mi < LANES; mi = mi + 1)
                    m[4*mi +: 4] = mw_lsel[pi*LANES + mi] ? wm : 4'd0;
        for (mi = 0; mi < NB; mi = mi + 1) begin
            mw_v[mi] = m != {EW{1'b0}};
            mw_e[mi] = ctz128({{(128-EW){1'b0}}, m});
            mw_l[mi] = lane_of(mw_p, mw_e[mi]);
            m = m & (m - 1'b1);
        end
        mw_left = m;
    end
    // (the slots' data: words of the store data's row, read as an array
    // of words -- a multiplexer per slot for Yosys, an index for the
    // simulator -- rather than a part-select at a variable offset, which
    // Yosys builds as a shifter over the whole row)
    localparam EB = $clog2(EW);
    wire [31:0] sd_w [0:EW-1];
    genvar gw;
    generate for (gw = 0; gw < EW; gw = gw + 1) begin : g_sd_w
        assign sd_w[gw] = sd_cp[gw*32 +: 32];
    end endgenerate
    integer mj;
    always @(*)
        for (mj = 0; mj < NB; mj = mj + 1)
            mw_b[mj*32 +: 32] = ({25'd0, mw_e[mj]} < EW) ? sd_w[mw_e[mj][EB-1:0]] : 32'd0;
    // the instruction's elements: its selected lanes' words
    wire [127:0] ls_emask;
    wire [3:0]   ls_wmask = {i_x_words > 3'd3, i_x_words > 3'd2, i_x_words > 3'd1, i_x_words > 3'd0};
    genvar gm;
    generate for (gm = 0; gm < 32; gm = gm + 1) begin : g_emask
        assign ls_emask[4*gm +: 4] = i_x_sel[gm] ? ls_wmask : 4'd0;
    end endgenerate
    // an ATOM of one register and one part: its write-back rides the commit beat
    wire ls_fusable = PARTS == 1 && i_x_words == 3'd1;
    reg  ls_fuse;

    // ATOM, one lane at a time (exec_mem.c wq_x_ATOM): read the word, then
    // write the new value only if it differs, and the ATOMIC record; the
    // next lane's read waits for the write's answer, so a later lane on the
    // same word reads what an earlier one wrote.  It starts with the queue
    // empty, WB empty, no fetch run and no answer owed, and holds EX: nothing
    // else has the memory port meanwhile (at_on keeps fetch runs off; the
    // core holds the event lock)
    localparam [2:0] AP_RD = 3'd0, AP_OLD = 3'd1, AP_OP = 3'd2, AP_WR = 3'd3, AP_ACK = 3'd4;
    reg  [2:0]  ls_aph;
    reg  [31:0] ls_old;                 // the lane's old value
    // (b and c: words 0 and 1 of the lane in the store data's row)
    reg  [31:0] at_b, at_c;
    always @(*) begin
        at_b = 32'd0;
        at_c = 32'd0;
        for (ei = 0; ei < LANES; ei = ei + 1)
            if ({27'd0, ls_l} % LANES == ei) begin
                at_b = sd_rq[(4 * ei + 0) * 32 +: 32];
                at_c = sd_rq[(4 * ei + 1) * 32 +: 32];
            end
    end
    // The lane's operands and its word in the line are those of the
    // leader its read request went out for; they are kept as the read is
    // taken (AP_RD), so the answer's arithmetic starts from flip-flops
    reg  [31:0] at_br, at_cr;
    reg  [LWW-1:0] at_ws_r;
    always @(posedge i_clk)
        if (at_on && ls_aph == AP_RD && ls_req && i_mem_ready) begin
            at_br <= at_b;
            at_cr <= at_c;
            at_ws_r <= rq_w;
        end
    // the old value is kept as its answer arrives (AP_OLD: ls_old, the
    // answer's word), and atom_apply() runs on it the cycle after (AP_OP),
    // kept in registers for AP_WR: the answer's word select, the
    // operation and the write decision are a stage each side of ls_old,
    // and the write's request, its data and the record start from
    // flip-flops
    wire [31:0] at_o = ls_old;
    wire [31:0] at_ans = ln_word(i_mem_rdata, at_ws_r);
    reg  [31:0] at_nx;
    always @(*) begin
        case (i_x_fn)
        `WQ_ATOM_ADD:  at_nx = at_o + at_br;
        `WQ_ATOM_EXCH: at_nx = at_br;
        `WQ_ATOM_CAS:  at_nx = (at_o == at_br) ? at_cr : at_o;
        `WQ_ATOM_MIN:  at_nx = ($signed(at_br) < $signed(at_o)) ? at_br : at_o;
        `WQ_ATOM_MAX:  at_nx = ($signed(at_br) > $signed(at_o)) ? at_br : at_o;
        `WQ_ATOM_MINU: at_nx = (at_br < at_o) ? at_br : at_o;
        `WQ_ATOM_MAXU: at_nx = (at_br > at_o) ? at_br : at_o;
        `WQ_ATOM_AND:  at_nx = at_o & at_br;
        `WQ_ATOM_OR:   at_nx = at_o | at_br;
        `WQ_ATOM_XOR:  at_nx = at_o ^ at_br;
        default:       at_nx = at_o;        // (the decoder rejects the rest)
        endcase
    end
    // (whether the new value differs from the old one, from the operands
    // and the operation, not by comparing at_nx with at_o: ADD and XOR
    // change it when b is not zero, EXCH when b differs from it, CAS when
    // it equals b and c differs from b, the minima and maxima when b is
    // below or above it, AND when it has a bit b lacks, OR the reverse)
    reg         at_ch;
    always @(*) begin
        case (i_x_fn)
        `WQ_ATOM_ADD:  at_ch = at_br != 32'd0;
        `WQ_ATOM_EXCH: at_ch = at_br != at_o;
        `WQ_ATOM_CAS:  at_ch = at_o == at_br && at_cr != at_br;
        `WQ_ATOM_MIN:  at_ch = $signed(at_br) < $signed(at_o);
        `WQ_ATOM_MAX:  at_ch = $signed(at_br) > $signed(at_o);
        `WQ_ATOM_MINU: at_ch = at_br < at_o;
        `WQ_ATOM_MAXU: at_ch = at_br > at_o;
        `WQ_ATOM_AND:  at_ch = (at_o & ~at_br) != 32'd0;
        `WQ_ATOM_OR:   at_ch = (at_br & ~at_o) != 32'd0;
        `WQ_ATOM_XOR:  at_ch = at_br != 32'd0;
        default:       at_ch = 1'b0;
        endcase
    end
    reg  [31:0] at_new;                 // the lane's new value (AP_WR)
    reg         at_chg;                 // ... differs from ls_old: a write

    // memory port: the request stage's line request (a fetch run and the
    // later entries wait behind a store that wrote code), else the fetch
    // run's word (a read of its line); a request only with room to tag it
    wire rq_go  = pk_v && !at_on && !(cf && pk_s != cf_s);
    wire ls_req = !t_full && ((rq_go && (!q_st[pk_s] || st_fin)) ||
                  (at_on && pk_v && (ls_aph == AP_RD || (ls_aph == AP_WR && at_chg))));
    wire ls_we  = at_on ? (ls_aph == AP_WR) : q_st[pk_s];
    wire fl_req_v = i_fl_req && !at_on && !cf;
    wire fl_go  = fl_req_v && !t_full && !ls_req;
    assign o_fl_go = fl_go;
    assign o_fl_word = ln_word(i_mem_rdata, i_fl_wsel);
    wire [LB-1:0] at_ws = WSTRB0 << {rq_w, 2'b00};
    assign o_mem_valid = ls_req || fl_go;
    assign o_mem_we    = ls_req && ls_we;
    assign o_mem_addr  = ls_req ? {rq_line, {LOG2LB{1'b0}}} : {i_fl_addr[31:LOG2LB], {LOG2LB{1'b0}}};
    assign o_mem_wdata = !ls_req ? {LB*8{1'b0}} : at_on ? {LW{at_new}} : st_wd;
    assign o_mem_wstrb = (ls_req && ls_we) ? (at_on ? at_ws : st_ws) : {LB{1'b0}};
    // a write taken this cycle overlaps the code range: its line
    // [a, a + LB) against [cr_lo, cr_hi)
    // (the request stage's line, which is o_mem_addr whenever ls_req: the
    // compares run beside the pick's cover and ls_req, not after them)
    wire [32:0] wr_a    = {1'b0, rq_line, {LOG2LB{1'b0}}};
    wire        wr_in   = i_cr_v && wr_a + LB > {1'b0, i_cr_lo} && wr_a < i_cr_hi;
    wire        wr_code = ls_req && ls_we && i_mem_ready && wr_in;

    // ---- the completion path: the head entry's commit ------------------------------------
    // It emits the commit's records itself, in one run of cycles: a load's
    // REG_WRITE beats (rd's parts, then rd+1's ...; the last beside its
    // RETIRE), a store's MEM_WRITE records NB a cycle (the last beat beside
    // its RETIRE).  It takes the commit port only between WB's commits: WB
    // holds its beat (wb_frz) while a completion runs, and a completion
    // starts only when the instruction WB works on has emitted nothing yet
    // (b_open).  A store that wrote code also waits until WB is empty and
    // EX holds no part of an instruction WB has seen (x_open): its commit
    // drops everything younger.  The last commit of a hold waits for the
    // answers still owed and the fetch run.  (A later multi-cycle unit can
    // commit through the same path: a warp has one instruction in flight,
    // so commits of different warps may come in any order.)
    reg          cp_on;                  // a completion has emitted records
    reg          cp_yield;               // a completion ended beside a beat WB holds: WB first
    reg  [5:0]   cp_p;                   // a load's write-back beat: part cp_p
    reg  [1:0]   cp_k;                   //   of register rd + cp_k
    wire [WID_W-1:0] cp_w = q_w[q_hd];
    wire         cp_rdy  = q_v[q_hd] && q_rz[q_hd] && q_az[q_hd];
    wire         cp_last_ld = cp_p + 6'd1 == PARTS6 && {1'b0, cp_k} + 3'd1 == q_words[q_hd];
    // A store's last beat: its lanes with records left lie in one group
    // (mw_last, the record pick's)
    wire         cp_last_st = mw_last;
    wire         cp_last = q_st[q_hd] ? cp_last_st : cp_last_ld;
    wire         cp_nobh = i_pipe_empty && q_n == {{QW{1'b0}}, 1'b1};
    // (a store that wrote code drops everything behind it: its commit is
    // the hold's last when another unit waits; it does not wait for the
    // fetch run its fence stopped, which its commit ends once the run's
    // answers are in)
    // The wait takes each of a store's beats, not only its last: cp_go
    // starts the pipeline's stall (wb_frz), and this keeps the store's
    // last-beat logic (its count, its parts) out of it; a store that ends
    // the hold emits its records once the answers are in.
    wire         cp_lastw = q_st[q_hd] || cp_last_ld;
    wire         cp_endw = cp_lastw &&
                           (q_code[q_hd] ? (i_stop && ans_owed) :
                                           (cp_nobh && (i_fl_on || ans_owed)));
    // (a trap waiting in WB for the queue is dropped by a store that wrote
    // code, like every younger instruction: it was fetched before)
    // (after a completion WB's waiting beat goes first: back-to-back
    // store commits, 4 cycles each, would otherwise hold the ALU commits
    // of the warps whose stores come next, and the port would idle)
    wire         cp_go   = cp_rdy && !cp_endw && (cp_on ||
                           (!i_b_open && !cp_yield &&
                            (!q_code[q_hd] || ((!i_b_v || i_b_twait) && !i_x_open))));
    assign o_wb_frz = cp_go || cp_on;
    assign o_wb_blk = cp_rdy && q_code[q_hd] && !i_x_open;
    wire         cp_code = cp_go && cp_last && q_code[q_hd];
    // ---- EX's side ---------------------------------------------------------
    // a memory instruction's commit beat in EX: trap if a lane is misaligned
    // (the trap goes to WB), else a load or a store enters the queue (not
    // while a trap waits in WB, nor behind a store that wrote code), and an
    // ATOM performs once the queue, WB and the port are empty, then sends
    // its write-back beats
    wire x_memc  = i_x_v && i_x_commit && i_x_mem && i_x_trap == `WQ_TRAP_NONE && !i_x_skip;
    wire x_gat   = i_x_v && !i_x_commit && i_x_mem;
    wire q_full  = q_n == LSQN;
    wire q_push  = x_memc && !ls_bad && !ls_at && !q_full && !cf && !i_b_trap;
    reg  ls_done_q;                      // ATOM's accesses done: pass the commit on
    wire ls_start = x_memc && ls_at && !ls_bad && !at_on && !ls_wb && !i_b_v && !i_fl_on && !i_at_hold &&
                    !ls_done_q && q_n == {(QW+1){1'b0}} && t_cnt == {(TDW+1){1'b0}};
    assign o_busy = i_x_v && ((x_memc && !ls_bad && (!ls_at || !ls_done_q)) || ls_wb) ||
                    (x_gat && q_full);
    assign o_take = q_push || (x_gat && !q_full);
    // a gather beat with a selected lane's address misaligned (beat k 0
    // carries the addresses)
    reg  ga_bad;
    integer gl;
    always @(*) begin
        ga_bad = 1'b0;
        for (gl = 0; gl < LANES; gl = gl + 1)
            if (i_x_k == 2'd0 && i_x_sel[i_x_p * LANES + gl] &&
                (((i_op_a[gl*32 +: 4] + i_x_imm[3:0]) & i_x_amask) != 4'd0))
                ga_bad = 1'b1;
    end
    integer wl;
    // (an ATOM writes memory too: the core flushes its buffer after it)
    wire at_last = at_on && at_rem == 128'd0;
    wire at_rec  = at_on && ls_aph == AP_WR && (!at_chg || i_mem_ready);

    // ---- the row stores ------------------------------------------------------
    // The store data: the gather writes its beat's row (word k of each
    // lane); the request stage reads the row it merges (an ATOM's lane's),
    // the completion the row it emits records of: two read ports, two
    // copies.  The loaded values: the answer stage writes a part's row (an
    // ATOM its lane's old value); the completion reads the row of its
    // write-back beat, an ATOM's write-back beats theirs (the queue is
    // empty then: q_hd is q_tl).
    wire         sd_we = x_gat && i_x_take;
    wire [RAW-1:0] sd_wa = rw_ix(q_tl, {26'd0, i_x_p});
    reg  [EW-1:0] sd_wen;
    reg  [EW*32-1:0] sd_wd;
    // (word k of each lane's element group: the lane's value in its four
    // words, the one of i_x_k enabled; built only on a gather cycle, so
    // a simulator's cycles without one do not copy the row)
    always @(*) begin
        sd_wen = {LANES{4'b0001 << i_x_k}};
        sd_wd = {EW*32{1'b0}};
        if (x_gat)
            for (ei = 0; ei < LANES; ei = ei + 1)
                sd_wd[ei*128 +: 128] = {4{i_op_rb[ei*32 +: 32]}};
    end
    wq_lsu_rows #(.BANKS(EW), .WIDTH(32), .DEPTH(NR)) u_sd_rq (
        .i_clk(i_clk), .i_we(sd_we), .i_waddr(sd_wa), .i_wen(sd_wen), .i_wdata(sd_wd),
        .i_raddr(at_on ? rw_ix(q_tl, {27'd0, ls_l} / LANES) : rw_ix(pk_s, {{(32-PW){1'b0}}, st_p})),
        .o_rdata(sd_rq));
    wq_lsu_rows #(.BANKS(EW), .WIDTH(32), .DEPTH(NR)) u_sd_cp (
        .i_clk(i_clk), .i_we(sd_we), .i_waddr(sd_wa), .i_wen(sd_wen), .i_wdata(sd_wd),
        .i_raddr(rw_ix(q_hd, {{(32-PW){1'b0}}, mw_p})), .o_rdata(sd_cp));
    // (an ATOM's old value: word 0 of its lane)
    wire         ld_we = (an_l && !at_on) || at_rec;
    wire [RAW-1:0] ld_wa = at_rec ? rw_ix(q_tl, {27'd0, ls_l} / LANES) :
                                    rw_ix(an_s, {{(32-PW){1'b0}}, an_p});
    wire [EW-1:0] ld_wen = at_rec ? {{(EW-1){1'b0}}, 1'b1} << (4 * ({27'd0, ls_l} % LANES)) : an_cov;
    // the row written: each element's value of the part (entry an_s), its
    // bytes taken and extended, or an ATOM's old value (in every word,
    // ld_wen picks one); built only when written, for the simulator
    reg  [EW*32-1:0] ld_wd;
    // (the lanes' offsets in their lines: the tag's, kept from the pick
    // register as its request was taken, not read from the entry's
    // address rows at the answer's entry and part)
    wire [32*LOG2LB-1:0] an_lo = t_lo[t_rd];
    // (lane l of part p's offset: a multiplexer over the parts, not a
    // part-select at a variable offset, which Yosys builds as a shifter)
    function [LOG2LB-1:0] an_off;
        input [32*LOG2LB-1:0] lo;
        input [PW-1:0]        p;
        input integer         l;
        integer j;
        begin
            an_off = lo[l*LOG2LB +: LOG2LB];
            for (j = 1; j < PARTS; j = j + 1)
                if (p == j[PW-1:0]) an_off = lo[(j*LANES + l)*LOG2LB +: LOG2LB];
        end
    endfunction
    always @(*) begin : ld_vals
        /* verilator lint_off UNUSEDSIGNAL */
        reg [31:0] a;                   // (its offset in the line)
        /* verilator lint_on UNUSEDSIGNAL */
        reg [31:0] wv;                  // (its word of the line)
        a = 32'd0;
        wv = 32'd0;
        ld_wd = {EW*32{1'b0}};
        if (at_rec)
            ld_wd = {EW{ls_old}};
        else if (an_l)
            for (ei = 0; ei < EW; ei = ei + 1)
                if (an_cov[ei]) begin
                    a = el_addr({{(32-LOG2LB){1'b0}}, an_off(an_lo, an_p, ei / 4)}, ei[1:0]);
                    wv = ln_word(an_line, a[2 +: LWW] & LWMASK);
                    // (word k > 0 of a lane: a .v4's, a word as it is)
                    ld_wd[ei*32 +: 32] = (ei % 4 != 0) ? wv :
                                         sw_load(q_msize[an_s], q_msext[an_s], a[1:0], wv);
                end
    end
    wire [EW*32-1:0] ld_rd;
    wq_lsu_rows #(.BANKS(EW), .WIDTH(32), .DEPTH(NR)) u_ld (
        .i_clk(i_clk), .i_we(ld_we), .i_waddr(ld_wa), .i_wen(ld_wen),
        .i_wdata(ld_wd),
        .i_raddr(rw_ix(q_hd, ls_wb ? {26'd0, ls_p} : {26'd0, cp_p})), .o_rdata(ld_rd));
    // (o_cp_row: a load's write-back beat's values, word cp_k of the lanes;
    // o_wb_row: an ATOM's, word ls_wk; o_row0: word 0, its old values)
    always @(*)
        for (ei = 0; ei < LANES; ei = ei + 1) begin
            o_row0[ei*32 +: 32] = ld_rd[(4 * ei) * 32 +: 32];
            o_cp_row[ei*32 +: 32] = 32'd0;
            o_wb_row[ei*32 +: 32] = 32'd0;
            for (pi = 0; pi < 4; pi = pi + 1) begin
                if (cp_k == pi[1:0])  o_cp_row[ei*32 +: 32] = ld_rd[(4 * ei + pi) * 32 +: 32];
                if (ls_wk == pi[1:0]) o_wb_row[ei*32 +: 32] = ld_rd[(4 * ei + pi) * 32 +: 32];
            end
        end

    // ---- the queue's entries ---------------------------------------------------
    // (a store's lanes with records and their groups as it enters the
    // queue; the head's groups after its beat)
    wire [31:0] ls_rl = (ls_st && i_x_words != 3'd0) ? i_x_sel : 32'd0;
    wire [31:0] ls_rg = grp_of(ls_rl, i_x_words);
    wire [31:0] cp_rg = q_rg[q_hd] & (q_rg[q_hd] - 32'd1);
    integer qk;
    always @(posedge i_clk) begin
        // the gather (beat k of a part: ra's address with rb + k's data,
        // into the entry after the queue's last)
        // (its addresses: the address rows' block below)
        // a load or a store enters the queue (its commit beat leaves EX)
        if (q_push) begin
            q_v[q_tl] <= 1'b1;
            q_st[q_tl] <= ls_st;
            q_code[q_tl] <= 1'b0;
            q_w[q_tl] <= i_x_w;
            q_pc[q_tl] <= i_x_pc;
            q_ir[q_tl] <= i_x_ir;
            q_rd[q_tl] <= i_x_rd;
            q_sel[q_tl] <= i_x_sel;
            q_msize[q_tl] <= i_x_msize;
            q_msext[q_tl] <= i_x_msext;
            q_words[q_tl] <= i_x_words;
            q_rem[q_tl] <= ls_emask;
            q_resp[q_tl] <= ls_st ? 128'd0 : ls_emask;   // (a store's writes are posted)
            q_rz[q_tl] <= ls_emask == 128'd0;
            q_az[q_tl] <= ls_st || ls_emask == 128'd0;
            q_rl[q_tl] <= ls_rl;
            q_rg[q_tl] <= ls_rg;
            q_rx[q_tl] <= one_at_most(ls_rg);
        end
        // the request stage: a line request taken
        if (ls_req && i_mem_ready && !at_on) begin
            q_rem[pk_s] <= q_rem[pk_s] & ~pk_cov;
            q_rz[pk_s] <= (q_rem[pk_s] & ~pk_cov) == 128'd0;
            if (wr_code) begin
                q_code[pk_s] <= 1'b1;
                cf <= 1'b1;
                cf_s <= pk_s;
            end
        end
        // the answer stage: a load line's values written (u_ld), its
        // elements answered
        if (an_l && an_fin) begin
            q_resp[an_s] <= q_resp[an_s] & ~rs_cov;
            q_az[an_s] <= (q_resp[an_s] & ~rs_cov) == 128'd0;
        end
        // the ATOM's elements, its old values (rd's: b is used up), a lane
        // done once its write is answered (or without a write)
        if (ls_start) q_rem[q_tl] <= ls_emask;
        if (at_rec && !at_chg) q_rem[q_tl][rq_e] <= 1'b0;
        if (at_on && ls_aph == AP_ACK && rv_a) q_rem[q_tl][rq_e] <= 1'b0;
        // the completion: a store's records emitted; the head entry leaves,
        // and a store that wrote code drops the younger ones (none has
        // made a request: cf)
        if (o_cp_go) begin
            if (q_st[q_hd]) begin
                q_rl[q_hd] <= q_rl[q_hd] & ~mw_lsel;
                q_rg[q_hd] <= cp_rg;
                q_rx[q_hd] <= one_at_most(cp_rg);
            end
            if (cp_last) begin
                q_v[q_hd] <= 1'b0;
                q_hd <= q_hd + 1'b1;
                if (q_code[q_hd]) begin
                    for (qk = 0; qk < LSQ; qk = qk + 1)
                        if (q_v[qk] && qk[QW-1:0] != q_hd) q_v[qk] <= 1'b0;
                    cf <= 1'b0;
                end
            end
        end
        q_n <= o_cp_code ? {(QW+1){1'b0}} :
               q_n + {{QW{1'b0}}, q_push} - {{QW{1'b0}}, o_cp_go && cp_last};
        if (i_reset) begin
            q_v <= {LSQ{1'b0}}; q_hd <= {QW{1'b0}}; q_n <= {(QW+1){1'b0}};
            cf <= 1'b0;
            // (no element pending in an entry never used: the request
            // stage's pick and store line then see none while the queue is
            // empty, and a simulation skips the store line's work)
            for (qk = 0; qk < LSQ; qk = qk + 1) q_rem[qk] <= 128'd0;
            q_rz <= {LSQ{1'b1}}; q_az <= {LSQ{1'b1}};
        end
    end

    // ---- the tags: every request is tagged as it is taken; each answer
    // takes its tag ------------------------------------------------------------
    always @(posedge i_clk) begin
        if (o_mem_valid && i_mem_ready) begin
            t_kind[t_wr] <= !ls_req ? TK_F : at_on ? TK_A : q_st[pk_s] ? TK_W : TK_L;
            t_slot[t_wr] <= pk_s;
            t_cov[t_wr] <= rq_cov;
            t_pt[t_wr] <= rq_pt;
            t_lo[t_wr] <= pk_lo;
            t_wr <= t_wr + 1'b1;
        end
        if (i_mem_rvalid) begin
            t_line[t_an] <= i_mem_rdata;
            t_an <= t_an + 1'b1;
        end
        // the answer stage: a tag done, or a part of its load line
        if (an_done) begin
            t_rd <= t_rd + 1'b1;
            an_m <= {PARTS{1'b0}};
        end else if (an_l)
            an_m <= an_m | an_p1h;
        t_ac <= t_ac + {{TDW{1'b0}}, i_mem_rvalid} - {{TDW{1'b0}}, an_done};
        t_cnt <= t_cnt + {{TDW{1'b0}}, o_mem_valid && i_mem_ready} - {{TDW{1'b0}}, an_done};
        if (i_reset) begin
            t_rd <= {TDW{1'b0}}; t_wr <= {TDW{1'b0}}; t_an <= {TDW{1'b0}};
            t_cnt <= {(TDW+1){1'b0}}; t_ac <= {(TDW+1){1'b0}};
            an_m <= {PARTS{1'b0}};
        end
    end

    // ---- the pick register --------------------------------------------------------------
    // It loads the pick when it holds nothing or its request is taken
    // (the pick then already has that request's elements off).  An ATOM's
    // pick is its lane and is loaded every cycle (the cycle a lane is
    // done, the next lane's).  A store that wrote code drops the younger
    // entries, whose request it may hold.
    assign at_clr = (at_rec && !at_chg) || (at_on && ls_aph == AP_ACK && rv_a);
    // (an ATOM's: lanes left, the one done this cycle off -- both
    // reductions from registers, at_clr choosing between them)
    wire at_any = at_rem != 128'd0;
    wire at_any_cl = (at_rem & ~pk_cov) != 128'd0;
    wire pi_f   = at_on ? (at_clr ? at_any_cl : at_any) : rq_f;
    reg  [32*LOG2LB-1:0] pi_lo;          // (the pick's entry's lanes' offsets)
    reg  [PARTS-1:0] pi_pt;              // (the parts of its elements)
    always @(*)
        for (pi = 0; pi < PARTS; pi = pi + 1)
            pi_pt[pi] = pi_cov[pi*EW +: EW] != {EW{1'b0}};
    always @(*)
        for (ei = 0; ei < 32; ei = ei + 1)
            pi_lo[ei*LOG2LB +: LOG2LB] = rq_addr[ei*32 +: LOG2LB];
    always @(posedge i_clk) begin
        if (at_on || !pk_v || (ls_req && i_mem_ready)) begin
            pk_v <= pi_f;
            pk_s <= rq_s;
            pk_line <= pi_line;
            pk_cov <= pi_cov;
            pk_e <= pi_e;
            pk_lo <= pi_lo;
            pk_pt <= pi_pt;
        end
        if (o_cp_code || i_reset) pk_v <= 1'b0;
    end

    // ---- a store's line merged a part a cycle (st_acc) ------------------------------
    // (kept while the request stage stays on the store's request; cleared
    // when it is taken, or the stage leaves it)
    wire st_go = rq_go && q_st[pk_s];
    always @(posedge i_clk) begin
        if (st_go && !st_fin) begin
            st_acc_wd <= st_wd;
            st_acc_ws <= st_ws;
            st_m <= st_m | st_p1h;
        end
        if (!st_go || (st_fin && ls_req && i_mem_ready) || o_cp_code || i_reset) begin
            st_acc_wd <= {LB*8{1'b0}};
            st_acc_ws <= {LB{1'b0}};
            st_m <= {PARTS{1'b0}};
        end
    end

    // ---- the atomic and EX's LSU state ---------------------------------------------
    always @(posedge i_clk) begin
        if (x_gat && i_x_take && ga_bad) ls_bad <= 1'b1;
        if (ls_start) ls_code <= 1'b0;
        else if (wr_code && at_on) ls_code <= 1'b1;
        if (ls_start) begin
            at_on <= 1'b1;
            ls_aph <= AP_RD;
        end
        if (at_on) begin
            case (ls_aph)
            AP_RD:  if (ls_req && i_mem_ready) ls_aph <= AP_OLD;
            AP_OLD: if (rv_a) begin
                ls_old <= at_ans;
                ls_aph <= AP_OP;
            end
            AP_OP: begin
                at_new <= at_nx;
                at_chg <= at_ch;
                ls_aph <= AP_WR;
            end
            // the record as the write is taken (or without a write)
            AP_WR:  if (!at_chg || i_mem_ready) ls_aph <= at_chg ? AP_ACK : AP_RD;
            AP_ACK: if (rv_a) ls_aph <= AP_RD;     // the write's answer
            default: ls_aph <= AP_RD;
            endcase
        end
        // ATOM done: its write-back beats, or its commit beat carries them
        if (at_last) begin
            at_on <= 1'b0;
            if (ls_fusable) begin ls_done_q <= 1'b1; ls_fuse <= 1'b1; end
            else begin ls_wb <= 1'b1; ls_p <= 6'd0; ls_wk <= 2'd0; end
        end
        if (i_wb_ls) begin
            // the write-back beat of rd + ls_wk, part ls_p, goes to WB: the
            // registers in order, each over its parts
            if (ls_p + 6'd1 != PARTS6) ls_p <= ls_p + 6'd1;
            else if ({1'b0, ls_wk} + 3'd1 != i_x_words) begin
                ls_p <= 6'd0;
                ls_wk <= ls_wk + 2'd1;
            end else begin
                ls_wb <= 1'b0;
                ls_done_q <= 1'b1;
            end
        end else if (i_wb_commit) begin
            ls_bad <= 1'b0;
            ls_done_q <= 1'b0;
            ls_fuse <= 1'b0;
        end
        if (i_squash_x || o_cp_code) begin
            ls_bad <= 1'b0;
            ls_fuse <= 1'b0;
            ls_done_q <= 1'b0;
        end
        if (i_reset) begin
            ls_code <= 1'b0;
            at_on <= 1'b0; ls_wb <= 1'b0; ls_bad <= 1'b0; ls_done_q <= 1'b0; ls_fuse <= 1'b0;
        end
    end

    // ---- the address rows: the gather's beat k = 0 writes its part's row
    always @(posedge i_clk) begin : qa_wr
        reg [LANES*32-1:0] r;
        if (x_gat && i_x_take && i_x_k == 2'd0) begin
            for (wl = 0; wl < LANES; wl = wl + 1)
                r[wl*32 +: 32] = i_op_a[wl*32 +: 32] + i_x_imm;
            q_addr[rw_ix(q_tl, {26'd0, i_x_p})] <= r;
        end
    end
    // a lane's address in entry s
    function [31:0] qa_lane;
        input [LANES*32-1:0] row;           // (the row of the lane's part)
        input [4:0]          l;
        reg   [31:0]         ql;            // (its lane in the part)
        begin
            ql = {27'd0, l} % LANES;
            qa_lane = row[ql*32 +: 32];
        end
    endfunction

    // ---- the completion path's place and the MEM_WRITE beat port ---------------------
    always @(posedge i_clk) begin : cp_place
        reg [31:0] mw_a;                    // a record's lane's address
        o_evm_valid <= {NB{1'b0}};
        if (!o_cp_go) cp_yield <= 1'b0;
        if (o_cp_go) begin
            if (q_st[q_hd]) begin
                // a store's MEM_WRITE records, NB a cycle in the model's order
                o_evm_valid <= mw_v;
                o_evm_unit <= {{(8-WID_W){1'b0}}, cp_w};
                o_evm_pc <= {{(32-PCW){1'b0}}, q_pc[q_hd]};
                for (mi = 0; mi < NB; mi = mi + 1) begin
                    o_evm_aux[mi*16 +: 16] <= {11'd0, mw_l[mi]};
                    mw_a = qa_lane(q_addr[rw_ix(q_hd, {27'd0, mw_l[mi]} / LANES)], mw_l[mi]);
                    o_evm_mask[mi*32 +: 32] <= {28'd0, sw_strobe(q_msize[q_hd], mw_a[1:0])};
                    o_evm_a[mi*32 +: 32] <= mw_a | {28'd0, mw_e[mi][1:0], 2'b00};
                    o_evm_b[mi*32 +: 32] <= mw_b[mi*32 +: 32];
                end
            end
            if (cp_p + 6'd1 != PARTS6) cp_p <= cp_p + 6'd1;
            else begin
                cp_p <= 6'd0;
                cp_k <= cp_k + 2'd1;
            end
            cp_on <= !cp_last;
            cp_yield <= cp_last && i_b_v && !i_b_twait;
            if (cp_last) begin
                cp_p <= 6'd0;
                cp_k <= 2'd0;
            end
        end
        if (i_reset) begin
            cp_on <= 1'b0; cp_yield <= 1'b0; cp_p <= 6'd0; cp_k <= 2'd0;
        end
    end

    // ---- the load counters ------------------------------------------------------------
    always @(posedge i_clk) begin
        if (q_push && !ls_st && i_x_sel != 32'd0) o_ld_warps <= o_ld_warps + 32'd1;
        if (ls_req && i_mem_ready && !at_on && !q_st[pk_s]) o_ld_lines <= o_ld_lines + 32'd1;
        if (i_reset) begin o_ld_warps <= 32'd0; o_ld_lines <= 32'd0; end
    end

    // ---- outputs ------------------------------------------------------------------------
    assign o_ls_bad   = ls_bad;
    assign o_q_empty  = q_n == {(QW+1){1'b0}};
    assign o_q_one    = q_n == {{QW{1'b0}}, 1'b1};
    assign o_owed     = t_cnt;
    assign o_cf       = cf;
    assign o_at_on    = at_on;
    assign o_at_wait  = x_memc && ls_at;
    assign o_at_done  = at_last;
    assign o_at_code  = ls_code;
    assign o_at_rec   = at_rec;
    assign o_at_lane  = ls_l;
    assign o_at_addr  = qa_lane(q_addr[rw_ix(q_tl, {27'd0, ls_l} / LANES)], ls_l);
    assign o_at_new   = at_new;
    assign o_at_old   = ls_old;
    assign o_ls_wb    = ls_wb;
    assign o_ls_p     = ls_p;
    assign o_ls_wk    = ls_wk;
    assign o_ls_fuse  = ls_fuse;
    assign o_cp_go    = cp_go;
    assign o_cp_last  = cp_last;
    assign o_cp_code  = cp_code;
    assign o_cp_yield = cp_yield;
    assign o_cp_w     = cp_w;
    assign o_cp_st    = q_st[q_hd];
    assign o_cp_pc    = q_pc[q_hd];
    assign o_cp_sel   = q_sel[q_hd];
    assign o_cp_ir    = q_ir[q_hd];
    assign o_cp_rd    = q_rd[q_hd];
    assign o_cp_p     = cp_p;
    assign o_cp_k     = cp_k;
    integer fw;
    always @(*) begin
        o_inq = {WARPS{1'b0}};
        o_cp_drop = {WARPS{1'b0}};
        for (fw = 0; fw < LSQ; fw = fw + 1) begin
            if (q_v[fw]) o_inq[q_w[fw]] = 1'b1;
            if (q_v[fw] && fw[QW-1:0] != q_hd) o_cp_drop[q_w[fw]] = 1'b1;
        end
    end
`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, job core):
    // the inputs are the core's, so these hold for the LSU as the core
    // drives it.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    // requests the port has taken and not yet answered (the core's
    // environment answers only those)
    reg [TDW:0] f_out = {(TDW+1){1'b0}};
    always @(posedge i_clk)
        if (i_reset) f_out <= {(TDW+1){1'b0}};
        else f_out <= f_out + {{TDW{1'b0}}, o_mem_valid && i_mem_ready} - {{TDW{1'b0}}, i_mem_rvalid};

    // (a store entry's records still to emit, as elements: its lanes
    // with records left, each lane's words)
    function [127:0] f_rec;
        input [31:0] l;
        input [2:0]  w;
        integer i;
        begin
            for (i = 0; i < 32; i = i + 1)
                f_rec[4*i +: 4] = l[i] ? {w > 3'd3, w > 3'd2, w > 3'd1, w > 3'd0} : 4'd0;
        end
    endfunction
    // ---- properties ---------------------------------------------------------
    reg [QW-1:0] f_o, f_y;
    wire         rv_l = i_mem_rvalid && rv_kind == TK_L;
    integer ff;
    always @(*) if (f_past && !i_reset) begin
        // a request only with room to tag it
        if (o_mem_valid) assert(!t_full);
        // an atomic's read and write are the LSU's alone: the queue, WB
        // and the port empty but for its own answer (no fetch run)
        if (at_on) assert(!i_fl_on && x_memc && ls_at && !i_b_v && q_n == {(QW+1){1'b0}} &&
                          t_cnt <= {{TDW{1'b0}}, 1'b1} && !fl_go);
        // its write decision from the operands is the new value's compare
        // with the old one
        if (at_on) assert(at_ch == (at_nx != at_o));
        // the queue: valid entries are contiguous from the head; an
        // entry's requests go out in queue order (an entry with requests
        // left has only such entries behind it), and its answers come
        // only after its requests (what is still to answer and not
        // requested is exactly what is still to request)
        for (ff = 0; ff < LSQ; ff = ff + 1) begin
            f_o = q_hd + ff[QW-1:0];
            f_y = f_o + 1'b1;
            assert(q_v[f_o] == (ff < {{(32-QW-1){1'b0}}, q_n}));
            // (a younger entry has made no request while an older one has
            // requests left: a load's, still all to answer, a store's,
            // still all its records)
            if (ff + 1 < LSQ && q_v[f_o] && q_v[f_y] && q_rem[f_o] != 128'd0)
                assert(q_st[f_y] ? q_rem[f_y] == f_rec(q_rl[f_y], q_words[f_y]) :
                                   q_rem[f_y] == q_resp[f_y]);
            if (q_v[ff]) begin
                assert((q_rl[ff] & ~q_sel[ff]) == 32'd0);
                // the groups kept are the lanes' groups
                assert(q_rg[ff] == grp_of(q_rl[ff], q_words[ff]) && q_rx[ff] == one_at_most(q_rg[ff]));
                // ... and whether none is left to request or to answer
                assert(q_rz[ff] == (q_rem[ff] == 128'd0) && q_az[ff] == (q_resp[ff] == 128'd0));
                assert((q_rem[ff] & ~q_resp[ff]) == 128'd0 || q_st[ff]);
                if (q_st[ff]) assert(q_resp[ff] == 128'd0);
                else assert(q_rl[ff] == 32'd0);
            end
        end
        // the pick register: a request of a queue entry, of elements still
        // to request, its leader among them, and no older entry with
        // elements to request (the coalescer's rule is wq_lsu_pick's,
        // checked there); an ATOM's: its lane, still to do
        if (pk_v && !at_on) begin
            assert(q_v[pk_s] && pk_cov[pk_e] && (pk_cov & ~q_rem[pk_s]) == 128'd0);
            for (ff = 0; ff < LSQ; ff = ff + 1)
                if (ff[QW-1:0] < pk_s - q_hd && q_v[q_hd + ff[QW-1:0]])
                    assert(q_rem[q_hd + ff[QW-1:0]] == 128'd0);
        end
        if (pk_v && at_on) assert(pk_s == q_tl && pk_cov == (128'd1 << pk_e) && at_rem[pk_e]);
        // (its parts are those of its elements)
        if (pk_v) for (ff = 0; ff < PARTS; ff = ff + 1)
            assert(pk_pt[ff] == (pk_cov[ff*EW +: EW] != {EW{1'b0}}));
        // (and a load line's tag's, those of the elements it carries)
        if (an_l) for (ff = 0; ff < PARTS; ff = ff + 1)
            assert(an_pt[ff] == (rs_cov[ff*EW +: EW] != {EW{1'b0}}));
        // the completion path commits only the head, whose accesses are all
        // performed (a load's answered), and WB emits nothing meanwhile
        if (cp_go) assert(q_v[q_hd] && q_rem[q_hd] == 128'd0 && q_resp[q_hd] == 128'd0);
        // a store's beat: lanes with records left, some when any are left,
        // every record of them in a slot; its last (from the groups) is the
        // beat after which no lane has records left
        if (q_v[q_hd] && q_st[q_hd])
            assert(cp_last == ((q_rl[q_hd] & ~mw_lsel) == 32'd0) && mw_left == {EW{1'b0}} &&
                   (mw_lsel & ~q_rl[q_hd]) == 32'd0 && (mw_lsel != 32'd0 || q_rl[q_hd] == 32'd0));
        if (cp_on) assert(!i_b_open);
        // the row stores: an ATOM's write-back reads the entry after the
        // queue's last as the head (the queue is empty); the loaded values
        // have one writer at a time (no load line is owed to an ATOM)
        if (ls_wb || ls_fuse || at_on) assert(q_n == {(QW+1){1'b0}} && q_tl == q_hd);
        if (at_on) assert(!an_l);
        // a store's line merged over parts: only while the request stage
        // stays on that store's request, of the parts its elements are in,
        // the last part still to come
        if (st_m != {PARTS{1'b0}})
            assert(st_go && (st_m & ~rq_pt) == {PARTS{1'b0}} && (rq_pt & ~st_m) != {PARTS{1'b0}});
        // a load line written over parts: its tag arrived, of its parts,
        // the last still to come
        if (an_m != {PARTS{1'b0}})
            assert(t_ac != {(TDW+1){1'b0}} && an_l && (an_m & ~an_pt) == {PARTS{1'b0}} &&
                   (an_pt & ~an_m) != {PARTS{1'b0}});
        // answers arrived and not yet done are answers owed; the others
        // are the requests the port has not answered: every one is tagged
        assert(t_ac <= t_cnt && t_an - t_rd == t_ac[TDW-1:0]);
        assert(t_cnt == f_out + t_ac);
    end

    // ---- covers -------------------------------------------------------------
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            c_atom_wr:  cover(ls_req && at_on && ls_aph == AP_WR && i_mem_ready);
            // a store commits before its writes are answered
            c_posted:   cover(cp_go && cp_last && q_st[q_hd] && t_cnt != {(TDW+1){1'b0}});
            // two memory instructions in flight, one with answers owed
            c_lsq2:     cover(q_n == {{(QW-1){1'b0}}, 2'd2} && t_cnt != {(TDW+1){1'b0}});
            // a request taken as the pick register loads the next of its
            // entry (back to back, one a cycle)
            c_pk_next:  cover(ls_req && i_mem_ready && !at_on && rq_f && rq_s == pk_s);
            // a load's completion while another load's answers come
            c_ld_over:  cover(cp_go && !q_st[q_hd] && rv_l);
        end
`endif
endmodule
