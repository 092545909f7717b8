// wq_core_lsu.v -- the core's load/store unit (docs/rtl/wq_core_lsu.md):
// the gather buffer, the LSU queue, the request stage on the memory port,
// the answer stage, the atomic unit and the completion path's queue side,
// between EX and WB of wq_core (DESIGN §6; docs/rtl/commit.md, rule 3).
// Its datapath units: wq_lsu_pick (the coalescer's rule), wq_lsu_store (a
// store's line), wq_lsu_answer (the tags and the answer stage),
// wq_lsu_atom (an ATOM's lanes), wq_lsu_memwrite (a store's MEM_WRITE
// records), wq_lsu_data (the data row stores, wq_lsu_rows), wq_lsu_addr
// (the address rows, the entries' first leaders), wq_lsu_entry (the
// request stage's entry register), wq_lsu_pkreg (its pick register),
// wq_lsu_complete (the completion path: when the head entry commits, its
// place).
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
    parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1,
    parameter RF_AW      = 10            // the register file's row address
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    // EX's beat (a part beat gathers, a commit beat enters the queue or
    // starts an ATOM) and its operands
    input  wire                     i_x_v,
    input  wire                     i_x_commit,
    input  wire                     i_x_mem,
    input  wire                     i_x_ok,         // ... no decode trap, not skipped
    input  wire                     i_x_st,         // ... a store (EX's flip-flops)
    input  wire                     i_x_at,         // ... an ATOM
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
    input  wire [RF_AW-1:0]         i_x_rr,         // ... rd's part 0 row, rd + k packed
    input  wire [3:0]               i_x_rpk,
    input  wire [LANES*32-1:0]      i_op_a,
    input  wire [LANES*32-1:0]      i_op_rb,
    input  wire                     i_x_take,       // EX takes a new beat
    // EX's beat leaves (o_busy low): an ATOM's write-back beat into WB,
    // or a commit beat towards WB (into the EX/WB buffer); a trap commits
    // (EX is dropped)
    input  wire                     i_wb_ls,
    input  wire                     i_wb_commit,
    input  wire                     i_squash_x,
    // WB and the rest of the pipeline
    input  wire                     i_b_v,
    input  wire                     i_b_trap,       // a trap's commit beat in WB
    input  wire                     i_b_tcm,        // WB's own beat is a trap's commit (wq_lsu_complete)
    input  wire                     i_b_open,       // WB's instruction has emitted a record
    input  wire                     i_x_open,       // EX's instruction has beats in WB
    input  wire                     i_pipe_empty,   // FE, DE, EX, WB empty
    input  wire                     i_at_hold,      // an ATOM does not start (the division unit is busy)
    input  wire                     i_stop,         // the hold is to end (i_ev_wait seen)
    input  wire                     i_cm_own,       // the LSU owns the commit port (wq_cm_grant)
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
    output wire                     o_owed_nz,      // ... some (a flip-flop)
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
    output wire                     o_ls_fuse,      // one beat: it rides the commit
    output wire [LANES*32-1:0]      o_row0,         //   its values
    // the completion path: the head entry commits
    output wire                     o_cp_go,
    output wire                     o_cp_last,
    output wire                     o_cp_code,      // a store that wrote code: drop the younger
    output wire                     o_cp_req,       // the head's commit can start next cycle
    output wire                     o_cp_keep,      // the commit runs on next cycle (keeps the port)
    output wire                     o_cp_frz,       // WB holds its beat: the LSU owns the port and runs or starts
    output wire                     o_wb_blk,       // nothing from EX into WB
    output wire [WID_W-1:0]         o_cp_w,
    output wire                     o_cp_st,
    output wire [`WQ_TF_ADDR_W-1:0] o_cp_pc,
    output wire [31:0]              o_cp_sel,
    output wire [63:0]              o_cp_ir,
    output wire [5:0]               o_cp_rd,
    output wire [RF_AW-1:0]         o_cp_rrow,      // ... the beat's row
    output wire [5:0]               o_cp_p,
    output wire [1:0]               o_cp_k,
    // the loaded values of the beat that runs: a load's completion beat
    // or an ATOM's write-back beat (never both in one cycle)
    output wire [LANES*32-1:0]      o_ld_row,
    output reg  [WARPS-1:0]         o_cp_drop,      // the younger entries' warps
    // the MEM_WRITE beat port (wq_core's)
    output wire [EVM_SLOTS-1:0]     o_evm_valid,
    output wire [7:0]               o_evm_unit,
    output wire [31:0]              o_evm_pc,
    output wire [EVM_SLOTS*16-1:0]  o_evm_aux,
    output wire [EVM_SLOTS*32-1:0]  o_evm_mask,
    output wire [EVM_SLOTS*32-1:0]  o_evm_a,
    output wire [EVM_SLOTS*32-1:0]  o_evm_b,
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
    // (a fetch run's word request asks for its line)
    wire unused_fl = &{1'b0, i_fl_addr[LOG2LB-1:0]};

    // A load or a store leaves EX once gathered: its commit beat enters the LSU queue (LSQ entries,
    // in issue order from q_hd) and EX and WB go on with other warps' beats.  The request stage
    // performs the oldest entry with elements still to request, one line request a cycle; the
    // answers come back in request order, each tagged when its request was taken (t_*: a load line's
    // answer names its entry and elements, a store's write answer, a fetch run's word, an atomic's);
    // the completion path commits the head entry once its requests (a store: posted) and answers (a
    // load) are done, so the memory commits are in the order of their accesses at the port
    // (docs/rtl/commit.md, rule 3). An entry is the gather buffer of its instruction: its lanes'
    // addresses (wq_lsu_addr) and word k of lane l (element e = 4l + k) in two row stores
    // (wq_lsu_data): the store data the gather writes and the values the loads' answers write, a
    // row a part (docs/rtl/wq_lsu_data.md).  The gather writes the entry after the queue's last
    // (q_tl); an ATOM runs from there with the queue empty, alone on the port (below).
    localparam QW   = (LSQ > 1) ? $clog2(LSQ) : 1;
    localparam integer LSQI = LSQ;
    localparam [QW:0] LSQN = LSQI[QW:0];
    localparam TDW  = $clog2(TAGS);
    localparam [1:0] TK_W = 2'd0, TK_L = 2'd1, TK_F = 2'd2, TK_A = 2'd3;
    localparam EW  = 4 * LANES;          // elements of a row (a part's)
    localparam PW  = (PARTS > 1) ? $clog2(PARTS) : 1;
    localparam NR  = LSQ * PARTS;        // rows of a row store
    localparam RAW = $clog2(NR);
    // (the lanes' byte addresses, a row a part of an entry, and each
    // entry's first leader: wq_lsu_addr, u_qa below)
    reg  [LSQ-1:0] q_v, q_st, q_msext;
    reg  [LSQ-1:0] q_code;               // a write of this store hit the code range
    reg  [WID_W-1:0] q_w   [0:LSQ-1];
    reg  [PCW-1:0] q_pc    [0:LSQ-1];
    reg  [63:0]  q_ir      [0:LSQ-1];
    reg  [5:0]   q_rd      [0:LSQ-1];
    reg  [RF_AW-1:0] q_rr  [0:LSQ-1];
    reg  [3:0]   q_rpk     [0:LSQ-1];
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
    // (registers, an entry at a time: the g_qrem block below)
    reg  [127:0] q_rem     [0:LSQ-1];    // elements still to request
    // (whether an entry has none still to request, none still to answer:
    // q_rz beside q_rem, q_az from an_last, so the completion's start is
    // a flip-flop each, not two 128-bit compares)
    reg  [LSQ-1:0] q_rz, q_az;
    reg  [31:0]  q_rl      [0:LSQ-1];    // lanes with MEM_WRITE records still to emit (a store)
    reg  [31:0]  q_rg      [0:LSQ-1];    // ... their groups (the record pick's, below)
    reg  [LSQ-1:0] q_rx;                 // ... in one group at most: the next beat is the last
    reg  [QW-1:0] q_hd;                  // the oldest entry
    reg  [QW:0]  q_n;                    // entries
    reg  [QW-1:0] q_tl;                  // the entry after the last (q_hd + q_n, kept)
    // EX's side (wq_lsu_ex, u_ex below)
    wire         ls_bad;                 // a lane is misaligned
    wire         at_on;                  // an ATOM performs its accesses
    wire         ls_wb;                  // ATOM's write-back beats
    wire [5:0]   ls_p;
    wire [1:0]   ls_wk;                  // write-back beat: register rd + ls_wk
    wire         ls_code;                // a write of the ATOM hit the code range
    // a store's write into the code range (cf, the store at cf_s): no
    // fetch request and no later entry's request until it commits; its
    // commit flushes the buffer and drops every younger instruction
    reg          cf;
    reg  [QW-1:0] cf_s;
    // the answers owed, in request order (wq_lsu_answer): every request is
    // tagged as the port takes it, and each answer takes the oldest tag;
    // the answer stage writes a load line's values into its entry a row (a
    // part) a cycle and frees the tag (a fetch run's word and an atomic's
    // are used as they arrive)
    wire [TDW:0] t_cnt;                  // requests owing an answer or the answer stage's work
    wire         t_full;                 // no tag free
    wire [1:0]   rv_kind;                // the kind of the arriving answer's tag
    // answers still owed: the last commit of a hold waits for them (posted
    // writes' answers come under the lock)
    wire         ans_owed;               // t_cnt != 0 (wq_lsu_answer's flip-flop)
    assign       o_rv_f = i_mem_rvalid && rv_kind == TK_F;
    wire         rv_a = i_mem_rvalid && rv_kind == TK_A;
    // the answer stage: a load line's part (an_p, its elements an_cov) of
    // entry an_s, its values an_wd; the last part (an_fin) frees the tag
    wire         an_l;
    wire [QW-1:0] an_s;
    wire [127:0] rs_cov;                 // (the tag's elements: the FORMAL section's)
    wire         unused_rs = &{1'b0, rs_cov};
    wire [PW-1:0] an_p;
    wire [EW-1:0] an_cov;
    wire         an_fin;
    // (the tag took its entry's last elements to request, !pk_more kept
    // with it: answered in order, its last part leaves none of the
    // entry's elements to answer, so q_az takes this bit, not a 128-bit
    // test of the entry's elements left less the tag's; the FORMAL
    // section keeps those, q_resp, and asserts q_az their zero test)
    wire         an_last;
    wire [EW*32-1:0] an_wd;
`include "wq_subword.vh"
`include "wq_ctz.vh"
`include "wq_lsu_el.vh"
`include "wq_lsu_grp.vh"
`include "wq_lsu_part.vh"
`include "wq_lsu_row.vh"
    // The request stage is three stages: the entry register es_*
    // (wq_lsu_entry: the entry being picked, its elements not picked yet
    // and the next request's leader), the pick (the held leader's
    // request, wq_lsu_pick) and the pick register pk_*, whose request is
    // on the port: one request a cycle, entries back to back
    // (docs/rtl/wq_core_lsu.md, "Request stage").  The port's request, the
    // store line's merge, the code-range compare and the tags start from
    // the pick register.
    // (the pick register's fields, wq_lsu_pkreg: a request held, its
    // entry, line, elements, leader (an ATOM's lane: pk_e[6:2]), the
    // entry's lanes' offsets in their lines, the parts of its elements,
    // the entry's access size; its first part, one-hot, with that part's
    // elements and lanes' offsets, where a store line's merge starts)
    wire          pk_v;
    wire [QW-1:0] pk_s;
    wire [LTAG-1:0] pk_line;
    wire [127:0]  pk_cov;
    wire [6:0]    pk_e;
    wire [32*LOG2LB-1:0] pk_lo;
    wire [PARTS-1:0] pk_pt;
    wire [1:0]    pk_msize;
    wire [PARTS-1:0] pk_p0;
    wire [EW-1:0]    pk_cov0;
    wire [LANES*LOG2LB-1:0] pk_lo0;
    // The entry register (wq_lsu_entry): the entry and its elements not
    // picked yet (none exactly when it holds no leader, !es_lv: it loads)
    wire [QW-1:0] es_s;
    wire [QW-1:0] es_s_nx;               // (the entry it holds next: its address rows' read)
    wire [127:0]  es_rem;
    // the gathered instruction's first leader (its element, its line),
    // every entry's (wq_lsu_addr's)
    wire [6:0]    g_fe;
    wire [LTAG-1:0] g_fl;
    wire [LSQ*7-1:0]    q_fe_v;
    wire [LSQ*LTAG-1:0] q_fl_v;
`ifdef FORMAL
    wire [LSQ*128*LTAG-1:0] f_lines;     // (element e's line in entry s: wq_lsu_addr's)
`endif
    // an ATOM's lanes not yet done (its entry register's are those but
    // the one its pick register holds, which stays there until the lane
    // is done, at_clr, and then loads the pick: the next lane.  So the
    // pick reads registers only, never the memory's answer that ends a
    // lane)
    wire         at_clr;                 // (the lane done: wq_lsu_atom's; the pick register's load)
    // the line tags for the pick (the entry register's entry's, an
    // ATOM's too: wq_lsu_addr's): word k's address is the lane's with k
    // in bits 3:2, so with lines of 16 bytes or more a lane's four words
    // are in the lane's line, one tag a lane; with narrower lines one an
    // element.  And its lanes' offsets in their lines, for the pick
    // register (pk_lo)
    localparam TG = (LOG2LB >= 4) ? 4 : 1;   // elements a tag
    localparam NT = 128 / TG;
    wire [NT*LTAG-1:0] el_lines;         // tag t (elements t*TG ...) at t*LTAG
    wire [32*LOG2LB-1:0] pi_lo;          // lane l's at [l*LOG2LB +: LOG2LB]
    // the request: the leader of the elements still to request (held in
    // the entry register, es_lv: found a cycle ahead) and the elements it
    // covers; beside it the next request's leader; an answer carries the
    // elements its request covered (t_cov: the port answers in order)
    wire        es_lv, nx_v;             // a leader is held; the next one: one is left
    // (the held request's entry has elements to request beyond it exactly
    // when the entry register holds that entry with a leader: the entry
    // register takes the pick's entry's elements less the held request's,
    // and moves to another entry only when the pick took all that is left.
    // So q_rz is written as the request is taken from three flip-flops'
    // compare, not from a 128-bit zero test of the entry's elements less
    // the request's; the FORMAL section asserts the two equal)
    wire         pk_more = es_lv && es_s == pk_s;
    wire [6:0]  pi_e, nx_e;              // ... its element
    wire [NT-1:0] pi_et;                 // ... its tag one-hot, a cycle behind
    wire        pi_eok;                  // ... pi_e held a cycle: pi_et is its
    wire [LTAG-1:0] pi_line, nx_line;    // ... its line
    wire [127:0] pi_cov;
    wire [PARTS-1:0] pi_pt;              // (the parts of its elements)
    wire        pi_all;                  // (it takes all the entry's elements left)
    wq_lsu_pick #(.N(128), .TW(LTAG), .IW(7), .GS(TG), .P(PARTS)) u_rq (
        .i_pend(es_rem), .i_line(el_lines), .i_one(at_on),
        .i_lead(pi_e), .i_tag(pi_line), .i_lead_t(pi_et),
        .o_cov(pi_cov), .o_pt(pi_pt), .o_all(pi_all),
        .o_nv(nx_v), .o_nlead(nx_e), .o_ntag(nx_line));
    // the held request: what the port, the store line and the tags use
    wire [6:0]  rq_e = pk_e;
    wire [4:0]  ls_l = pk_e[6:2];                  // an atomic's lane
    wire [LTAG-1:0] rq_line = pk_line;
    wire [127:0] rq_cov = pk_cov;
    wire [LOG2LB-1:0] rq_off = pk_off(pk_lo, pk_e);
    /* verilator lint_off UNUSEDSIGNAL */
    wire [31:0] rq_o32 = {{(32-LOG2LB){1'b0}}, rq_off};
    /* verilator lint_on UNUSEDSIGNAL */
    wire [LWW-1:0] rq_w = rq_o32[2 +: LWW] & LWMASK;   // the leader's word of its line
    // a store's line (wq_lsu_store): each covered element's strobed bytes
    // at its word, a later element's over an earlier one's, merged a part
    // (a row of the store data) a cycle; it goes out with its last part
    wire [PARTS-1:0] rq_pt = pk_pt;      // the parts of the request's elements
    /* verilator lint_off UNUSEDSIGNAL */
    wire [PARTS-1:0] st_m;               // ... merged before this cycle (the formal section's)
    /* verilator lint_on UNUSEDSIGNAL */
    wire [PW-1:0]   st_p;                // the part merged this cycle (the row read)
    wire            st_fin;              // ... the last: the request goes out
    wire [LB*8-1:0] st_wd;               // the line's bytes
    wire [LB-1:0]   st_ws;               // ... and strobes
    // the store data's row for the request stage (an ATOM's lane's b and c)
    wire [EW*32-1:0] sd_rq;
    // MEM_WRITE records of the head entry (a store's commit: wq_lsu_memwrite):
    // a beat emits the records of the lowest group of lanes with records
    // left (q_rl; q_rg their groups, q_rx whether they are one at most,
    // wq_lsu_grp.vh), NB slots a beat, in the model's order; mw_p the
    // group's part (the store data's row read), mw_lsel its lanes
    wire [PW-1:0]  mw_p;
    wire [31:0]    mw_lsel;
    wire [EW*32-1:0] sd_cp;             // the store data's row mw_p of the head entry
    // the instruction's elements: its selected lanes' words
    wire [127:0] ls_emask;
    wire [3:0]   ls_wmask = {i_x_words > 3'd3, i_x_words > 3'd2, i_x_words > 3'd1, i_x_words > 3'd0};
    genvar gm;
    generate for (gm = 0; gm < 32; gm = gm + 1) begin : g_emask
        assign ls_emask[4*gm +: 4] = i_x_sel[gm] ? ls_wmask : 4'd0;
    end endgenerate
    wire         ls_ez = ls_emask == 128'd0;    // ... none (the entry's, an ATOM's flags)
    wire         ls_fuse;                // (an ATOM's one beat rides its commit: u_ex's)

    // ATOM, one lane at a time (wq_lsu_atom; exec_mem.c wq_x_ATOM): read
    // the word, then write the new value only if it differs, and the
    // ATOMIC record; the next lane's read waits for the write's answer.
    // It starts with the queue empty, WB empty, no fetch run and no answer
    // owed, and holds EX: nothing else has the memory port meanwhile
    // (at_on keeps fetch runs off; the core holds the event lock)
    wire        at_rd, at_wr;           // its lane's phase: the read, the write to go out
    wire        at_chg;                 // the new value differs: a write
    wire [31:0] at_new, ls_old;         // the lane's new and old values
    wire        at_rec;                 // its ATOMIC record

    // memory port: the request stage's line request (a fetch run and the
    // later entries wait behind a store that wrote code), else the fetch
    // run's word (a read of its line); a request only with room to tag it.
    // The fetch run's word goes when the pick register holds no request
    // (pk_v), not when the request stage sends none (!ls_req): a store's
    // request merging its parts (st_fin low) holds the run too, a cycle a
    // part, so the run's go is not behind the store merge's last-part
    // test and the entry's store flag (pk_v with at_on or cf: fl_req_v is
    // low already)
    wire rq_go  = pk_v && !at_on && !(cf && pk_s != cf_s);
    // (ls_req_q: the held store's or load's request, without an ATOM --
    // rq_go says none runs -- the pick register's load reads it alone, so
    // the port's ready and the store's last part meet the load at its
    // last levels)
    wire ls_req_q = !t_full && rq_go && (!q_st[pk_s] || st_fin);
    wire ls_req = ls_req_q || (!t_full && at_on && pk_v && (at_rd || (at_wr && at_chg)));
    wire ls_we  = at_on ? at_wr : q_st[pk_s];
    wire fl_req_v = i_fl_req && !at_on && !cf;
    wire fl_go  = fl_req_v && !t_full && !pk_v;
    assign o_fl_go = fl_go;
    assign o_fl_word = ln_word(i_mem_rdata, i_fl_wsel);
    wire [LB-1:0] at_ws = WSTRB0 << {rq_w, 2'b00};
    assign o_mem_valid = ls_req || fl_go;
    assign o_mem_we    = ls_req && ls_we;
    assign o_mem_addr  = ls_req ? {rq_line, {LOG2LB{1'b0}}} : {i_fl_addr[31:LOG2LB], {LOG2LB{1'b0}}};
    // (the line's bytes: the store's, an ATOM's words -- wq_lsu_store's
    // last LUT -- meaning nothing without o_mem_we)
    assign o_mem_wdata = st_wd;
    assign o_mem_wstrb = (ls_req && ls_we) ? (at_on ? at_ws : st_ws) : {LB{1'b0}};
    // a write taken this cycle overlaps the code range: its line
    // [a, a + LB) against [cr_lo, cr_hi)
    // (the request stage's line, which is o_mem_addr whenever ls_req: the
    // compares run beside the pick's cover and ls_req, not after them)
    wire [32:0] wr_a    = {1'b0, rq_line, {LOG2LB{1'b0}}};
    wire        wr_in   = i_cr_v && wr_a + LB > {1'b0, i_cr_lo} && wr_a < i_cr_hi;
    wire        wr_code = ls_req && ls_we && i_mem_ready && wr_in;
    // (the queue's request taken, a load's or a store's: ls_req_q, without
    // the ATOM's terms, which at_on excludes -- so the queue's flags it
    // writes, and a code write's flag, are not behind the ATOM's request)
    wire        q_taken = ls_req_q && i_mem_ready;
    wire        q_wcode = q_taken && q_st[pk_s] && wr_in;

    // ---- the completion path: the head entry's commit (wq_lsu_complete) ---------------
    // It emits the commit's records itself, in one run of cycles on the
    // commit port (a load's REG_WRITE beats, a store's MEM_WRITE records),
    // once the head entry's requests (a store: posted) and answers (a
    // load) are done; when, and its place in the run, are u_cp's.
    wire [WID_W-1:0] cp_w = q_w[q_hd];
    wire         cp_go, cp_last, cp_code;
    wire [5:0]   cp_p;                   // a load's write-back beat: part cp_p
    wire [1:0]   cp_k;                   //   of register rd + cp_k
    wire         cp_rinc;                //   its row's step to the next beat's
    wq_lsu_complete #(.LSQ(LSQ), .PARTS(PARTS), .QW(QW)) u_cp (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_q_v(q_v), .i_q_rz(q_rz), .i_q_az(q_az), .i_q_code(q_code), .i_q_rdy(q_rdy), .i_q_go(q_go), .i_q_st(q_st),
        .i_q_rx(q_rx), .i_q_hd(q_hd), .i_q_n(q_n), .i_hd_words(q_words[q_hd]), .i_hd_pk(q_rpk[q_hd]),
        .i_pipe_empty(i_pipe_empty), .i_stop(i_stop), .i_fl_on(i_fl_on), .i_owed(ans_owed),
        .i_b_v(i_b_v), .i_b_tcm(i_b_tcm), .i_b_open(i_b_open), .i_x_open(i_x_open),
        .i_cm_own(i_cm_own),
        .o_go(cp_go), .o_last(cp_last), .o_code(cp_code), .o_req(o_cp_req),
        .o_keep(o_cp_keep), .o_frz(o_cp_frz), .o_wb_blk(o_wb_blk), .o_p(cp_p), .o_k(cp_k),
        .o_rinc(cp_rinc));
    // ---- EX's side (wq_lsu_ex): the gather's misaligned lanes, a load's or
    // a store's commit beat into the queue (not while a trap waits in WB,
    // nor behind a store that wrote code), an ATOM's run once the queue,
    // WB and the port are empty, and its write-back beats -----------------
    wire x_memc, x_gat, q_push, ls_start, at_last;
`ifdef FORMAL
    wire f_at_z;                         // (its lanes all done: u_ex's flag)
`endif
    wire q_full = q_n == LSQN;
    // (the ATOM's lanes left after the one done this cycle: the entry
    // register's elements, at_rem without the held lane -- the pick
    // register's, pk_cov = its one-hot -- so none is left exactly when the
    // entry register holds no leader, a flip-flop; the FORMAL section
    // asserts it equal to the zero test of at_rem less the lane)
    wire at_z_clr = !es_lv;
    wq_lsu_ex #(.LANES(LANES), .PARTS(PARTS)) u_ex (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_x_v(i_x_v), .i_x_commit(i_x_commit), .i_x_mem(i_x_mem), .i_x_ok(i_x_ok),
        .i_x_at(i_x_at), .i_x_k(i_x_k), .i_x_p(i_x_p), .i_x_sel(i_x_sel),
        .i_x_imm(i_x_imm[3:0]), .i_x_amask(i_x_amask), .i_x_words(i_x_words), .i_op_a(i_op_a),
        .i_x_take(i_x_take), .i_wb_ls(i_wb_ls), .i_wb_commit(i_wb_commit),
        .i_squash_x(i_squash_x), .i_cp_code(o_cp_code),
        .i_q_full(q_full), .i_q_empty(q_n == {(QW+1){1'b0}}), .i_t_zero(t_cnt == {(TDW+1){1'b0}}),
        .i_cf(cf), .i_b_v(i_b_v), .i_b_trap(i_b_trap), .i_fl_on(i_fl_on), .i_at_hold(i_at_hold),
        .i_ez(ls_ez), .i_clr(at_clr), .i_z_clr(at_z_clr), .i_code(wr_code),
        .o_busy(o_busy), .o_take(o_take), .o_memc(x_memc), .o_gat(x_gat),
        .o_push(q_push), .o_start(ls_start), .o_on(at_on), .o_last(at_last), .o_code(ls_code),
        .o_bad(ls_bad), .o_wb(ls_wb), .o_p(ls_p), .o_wk(ls_wk), .o_fuse(ls_fuse)
`ifdef FORMAL
        , .o_f_z(f_at_z)
`endif
        );

    // (the atomic unit: its lane's sequence, operands and values)
    wq_lsu_atom #(.LANES(LANES), .LINE_BYTES(LB), .LWW(LWW)) u_at (
        .i_clk(i_clk), .i_start(ls_start), .i_on(at_on), .i_taken(ls_req && i_mem_ready),
        .i_ready(i_mem_ready), .i_rvalid(rv_a), .i_rdata(i_mem_rdata), .i_fn(i_x_fn),
        .i_lane(ls_l), .i_word(rq_w), .i_sd(sd_rq),
        .o_rd(at_rd), .o_wr(at_wr), .o_chg(at_chg), .o_old(ls_old),
        .o_new(at_new), .o_rec(at_rec), .o_clr(at_clr));

    // ---- the row stores (wq_lsu_data) -------------------------------------------
    // The store data: the gather writes its beat's row; the request stage
    // reads the row it merges (an ATOM's lane's), the completion the row
    // it emits records of (its copy, u_sd_cp, beside the records' unit).
    // The loaded values: the answer stage writes a part's row (an ATOM its
    // lane's old value); the completion reads the row of its write-back
    // beat, an ATOM's write-back beats theirs (the queue is empty then:
    // q_hd is q_tl).
    wire         sd_we = x_gat && i_x_take;
    wire         ga_we = sd_we && i_x_k == 2'd0;    // (beat k = 0 writes the addresses)
    wire [RAW-1:0] sd_wa = rw_ix(q_tl, {26'd0, i_x_p});
    wire [EW-1:0] sd_wen;
    wire [EW*32-1:0] sd_wd;
    wq_lsu_data #(.LANES(LANES), .DEPTH(NR)) u_data (
        .i_clk(i_clk), .i_sd_we(sd_we), .i_sd_wa(sd_wa), .i_x_k(i_x_k),
        .i_rb(i_op_rb), .o_sd_wen(sd_wen), .o_sd_wd(sd_wd),
        .i_sd_rq_ra(at_on ? rw_ix(q_tl, {27'd0, ls_l} / LANES) : rw_ix(pk_s, {{(32-PW){1'b0}}, st_p})),
        .o_sd_rq(sd_rq),
        .i_ld_we((an_l && !at_on) || at_rec),
        .i_ld_wa(at_rec ? rw_ix(q_tl, {27'd0, ls_l} / LANES) : rw_ix(an_s, {{(32-PW){1'b0}}, an_p})),
        .i_at_rec(at_rec), .i_at_lane(ls_l), .i_at_old(ls_old), .i_an_cov(an_cov), .i_an_wd(an_wd),
        .i_ld_ra(rw_ix(q_hd, ls_wb ? {26'd0, ls_p} : {26'd0, cp_p})), .i_ld_k(ls_wb ? ls_wk : cp_k),
        .o_ld_row(o_ld_row), .o_row0(o_row0));
    // (one word select serves both beats: an ATOM's write-back beat and a
    // load's completion beat never share a cycle -- asserted below -- and
    // the row read is already the one of the beat that runs)
    wq_lsu_rows #(.BANKS(EW), .WIDTH(32), .DEPTH(NR)) u_sd_cp (
        .i_clk(i_clk), .i_we(sd_we), .i_waddr(sd_wa), .i_wen(sd_wen), .i_wdata(sd_wd),
        .i_raddr(rw_ix(q_hd, {{(32-PW){1'b0}}, mw_p})), .o_rdata(sd_cp));
    // (the MEM_WRITE records: the head entry's lanes' addresses, its rows
    // in part order)
    wire [32*32-1:0] hd_addr;
    wq_lsu_memwrite #(.LANES(LANES), .EVM_SLOTS(NB), .PARTS(PARTS), .PW(PW)) u_mw (
        .i_clk(i_clk), .i_go(o_cp_go && q_st[q_hd]), .i_unit({{(8-WID_W){1'b0}}, cp_w}),
        .i_pc({{(32-PCW){1'b0}}, q_pc[q_hd]}), .i_msize(q_msize[q_hd]), .i_words(q_words[q_hd]),
        .i_rl(q_rl[q_hd]), .i_rg(q_rg[q_hd]), .i_addr(hd_addr), .i_sd(sd_cp),
        .o_p(mw_p), .o_lsel(mw_lsel),
        .o_evm_valid(o_evm_valid), .o_evm_unit(o_evm_unit), .o_evm_pc(o_evm_pc),
        .o_evm_aux(o_evm_aux), .o_evm_mask(o_evm_mask), .o_evm_a(o_evm_a), .o_evm_b(o_evm_b));

    // ---- the queue's entries ---------------------------------------------------
    // (a store's lanes with records and their groups as it enters the
    // queue; the head's groups after its beat)
    wire [31:0] ls_rl = (i_x_st && i_x_words != 3'd0) ? i_x_sel : 32'd0;
    wire [31:0] ls_rg = grp_of(ls_rl, i_x_words);
    wire [31:0] cp_rg = q_rg[q_hd] & (q_rg[q_hd] - 32'd1);
    integer qk;
    // q_rx an entry at a time, its write enable and its value apart: the
    // push writes the tail, a store's completion beat the head (never the
    // same entry: a push writes the tail, never a non-empty queue's
    // head), so the value is the push's or the beat's by the push's
    // decode alone, and the completion's go -- the latest of these terms,
    // wq_lsu_complete's -- meets only the enable, with nothing behind it
    wire [LSQ-1:0] rx_push, rx_cp;
    wire           rx_pv = !(i_x_st && i_x_words != 3'd0) || grp_one(i_x_sel, i_x_words);
    wire           rx_cv = two_tree(q_rg[q_hd]);      // (cp_rg's one at most)
    genvar         rk;
    generate for (rk = 0; rk < LSQ; rk = rk + 1) begin : g_rx
        assign rx_push[rk] = q_push && q_tl == rk[QW-1:0];
        assign rx_cp[rk]   = q_st[rk] && q_hd == rk[QW-1:0];
        always @(posedge i_clk)
            if (rx_push[rk] || (cp_go && rx_cp[rk]))
                q_rx[rk] <= rx_push[rk] ? rx_pv : rx_cv;
    end endgenerate
    always @(posedge i_clk) begin
        // the gather (beat k of a part: ra's address with rb + k's data,
        // into the entry after the queue's last)
        // (its addresses: the address rows' block below)
        // a load or a store enters the queue (its commit beat leaves EX)
        if (q_push) begin
            q_w[q_tl] <= i_x_w;
            q_pc[q_tl] <= i_x_pc;
            q_ir[q_tl] <= i_x_ir;
            q_rd[q_tl] <= i_x_rd;
            q_rr[q_tl] <= i_x_rr;       // (rd's part 0 row: stepped by the beats, below)
            q_rpk[q_tl] <= i_x_rpk;
            q_sel[q_tl] <= i_x_sel;
            q_msize[q_tl] <= i_x_msize;
            q_words[q_tl] <= i_x_words;
            q_rl[q_tl] <= ls_rl;
            q_rg[q_tl] <= ls_rg;
            // (the flag vectors an entry at a time, their index compared:
            // a bit written at a variable index would be an index
            // subtraction on every path from the entry's index)
            for (qk = 0; qk < LSQ; qk = qk + 1)
                if (qk[QW-1:0] == q_tl) begin
                    q_st[qk] <= i_x_st;
                    q_msext[qk] <= i_x_msext;
                end
        end
        // the head's row goes on with each completion beat (the entry leaves
        // after its last; a push writes the tail, never a non-empty queue's head)
        if (cp_go) q_rr[q_hd] <= q_rr[q_hd] + {{(RF_AW-1){1'b0}}, cp_rinc};
        // the request stage: a line request taken
        if (q_taken) begin
            if (q_wcode) begin
                cf <= 1'b1;
                cf_s <= pk_s;
            end
        end
        // the completion: a store's records emitted; the head entry leaves,
        // and a store that wrote code drops the younger ones (none has
        // made a request: cf)
        if (o_cp_go) begin
            if (q_st[q_hd]) begin
                q_rl[q_hd] <= q_rl[q_hd] & ~mw_lsel;
                q_rg[q_hd] <= cp_rg;
            end
            if (cp_last) q_hd <= q_hd + 1'b1;
        end
        // (a store that wrote code, its last beat: the entries it drops are
        // q_v's, below)
        if (o_cp_code) cf <= 1'b0;
        q_n <= o_cp_code ? {(QW+1){1'b0}} :
               q_n + {{QW{1'b0}}, q_push} - {{QW{1'b0}}, o_cp_go && cp_last};
        // (the entry after the last: the head's next after a store that
        // wrote code, else one on with a push)
        q_tl <= o_cp_code ? q_hd + 1'b1 : q_push ? q_tl + 1'b1 : q_tl;
        if (i_reset) begin
            q_hd <= {QW{1'b0}}; q_n <= {(QW+1){1'b0}}; q_tl <= {QW{1'b0}};
            cf <= 1'b0;
        end
    end

    // q_rem an entry at a time, with two updates: the load of a memory
    // instruction's elements (its push, or an ATOM's start: the tail) and
    // the clear of the pick register's elements (a line request taken,
    // at pk_s; an ATOM's lane done, at_clr, at the tail -- whose pick is
    // that lane's element alone, pk_cov the one-hot of rq_e: asserted in
    // the FORMAL section).  The two never meet on an entry (asserted, and
    // checked in simulation): a push or a start writes the entry after
    // the queue's last, which has no request, and an ATOM starts with no
    // lane running.  So one clear by pk_cov serves both, instead of a
    // bit clear at a run-time index decoded in front of every entry (some
    // 700 LUT4 at the board's parameters).  (An ATOM's lanes are picked
    // from the entry register's copy, wq_lsu_entry's; its clear keeps
    // q_rem the record of the lanes left that the FORMAL section's at_rem
    // reads.)  Reset: no element pending in
    // an entry never used (the request stage's pick and store line see
    // none while the queue is empty, and a simulation skips the store
    // line's work).
    wire q_ld = q_push || ls_start;
    genvar gq;
    generate for (gq = 0; gq < LSQ; gq = gq + 1) begin : g_qrem
        wire ld = q_ld && q_tl == gq[QW-1:0];
        wire cl = (q_taken && pk_s == gq[QW-1:0]) || (at_clr && q_tl == gq[QW-1:0]);
        always @(posedge i_clk)
            if (i_reset) q_rem[gq] <= 128'd0;
            else if (ld) q_rem[gq] <= ls_emask;
            else if (cl) q_rem[gq] <= q_rem[gq] & ~pk_cov;
    end endgenerate

    // The valid bits, in a block of their own: an entry is valid from its
    // push (at the tail) to its last completion beat (at the head), and a
    // store that wrote code drops every entry with its last beat (the head
    // and the younger ones; nothing is pushed behind it: cf).  The
    // completion's go, the latest term, is in the flip-flops' enable only:
    // an entry's bit loads v_d -- the bit after the head's leave, a push,
    // the code store's drop -- with the go, and without it changes only
    // with a push, the drop or reset (v_en), where v_d is what it becomes
    // too (no go: the head does not leave).
    integer qv2;
    always @(posedge i_clk)
        for (qv2 = 0; qv2 < LSQ; qv2 = qv2 + 1)
            if (o_cp_go || v_en[qv2]) q_v[qv2] <= v_d[qv2];
    // Each entry's flags and readiness, an entry at a time from the same
    // next values: nothing still to request (q_rz: a push's elements, or
    // a line request taken), nothing still to answer (q_az: a push's, or
    // the answer stage's last), a store that wrote code (q_code: a request
    // taken of a write in the code range); reset, no element pending in
    // an entry never used (the request stage's pick and store line then
    // see none while the queue is empty, and a simulation skips the store
    // line's work).  The commit can start (q_rdy: q_v & q_rz & q_az) and,
    // not a store that wrote code, the head's freeze of WB (q_go: q_rdy &
    // ~q_code) are flip-flops too, so WB's freeze behind the head's
    // readiness (wq_lsu_complete's frz_h, frz_c) is the head's select of
    // flip-flops, not of the flags' AND.  The head's leave, the
    // completion's latest term, is left out of them: the entry that leaves
    // is not the head the cycle after (the head moves on), where alone its
    // flip-flops could be stale (the FORMAL section asserts the head's
    // equal to the flags' AND), and the next cycle's load is exact again
    // (the entry is not valid, or pushed).  The code store's drop (every
    // entry; the head moves on to one that is not valid) meets them at
    // their last LUT.
    reg  [LSQ-1:0] q_rdy, q_go;
    wire [LSQ-1:0] v_d, v_en;
    genvar gg;
    generate for (gg = 0; gg < LSQ; gg = gg + 1) begin : g_go
        wire push = rx_push[gg];         // (the tail's push: g_rx's decode)
        wire take = q_taken && pk_s == gg[QW-1:0];
        wire ans  = an_l && an_fin && an_s == gg[QW-1:0];
        wire rz_n = take ? !pk_more : push ? ls_ez : q_rz[gg];
        wire az_n = ans ? an_last : push ? (i_x_st || ls_ez) : q_az[gg];
        wire cd_n = q_wcode && take ? 1'b1 : push ? 1'b0 : q_code[gg];
        (* keep *) wire rdy_r, go_r;
        assign rdy_r = !i_reset && (q_v[gg] || push) && rz_n && az_n;
        assign go_r  = rdy_r && !cd_n;
        assign v_en[gg] = i_reset || o_cp_code || push;
        assign v_d[gg]  = !i_reset && !o_cp_code && ((q_v[gg] && !(cp_last && q_hd == gg[QW-1:0])) || push);
        always @(posedge i_clk) begin
            q_rz[gg]   <= i_reset || rz_n;
            q_az[gg]   <= i_reset || az_n;
            q_code[gg] <= cd_n;
            q_rdy[gg]  <= !o_cp_code && rdy_r;
            q_go[gg]   <= !o_cp_code && go_r;
        end
    end endgenerate
`ifdef FORMAL
    reg f_gorst = 1'b0;                 // (a reset has been seen)
    always @(posedge i_clk) if (i_reset) f_gorst <= 1'b1;
    always @(*)
        if (f_gorst && !i_reset) begin
            assert(q_rdy[q_hd] == (q_v[q_hd] && q_rz[q_hd] && q_az[q_hd]));
            assert(q_go[q_hd] == (q_rdy[q_hd] && !q_code[q_hd]));
        end
`endif

    // ---- the tags and the answer stage (wq_lsu_answer) -------------------------------
    wq_lsu_answer #(.LANES(LANES), .LINE_BYTES(LB), .TAGS(TAGS), .QW(QW), .TK_L(TK_L),
                    .PARTS(PARTS), .PW(PW), .LOG2LB(LOG2LB), .TDW(TDW)) u_an (
        .i_clk(i_clk), .i_reset(i_reset), .i_take(o_mem_valid && i_mem_ready),
        .i_kind(!ls_req ? TK_F : at_on ? TK_A : q_st[pk_s] ? TK_W : TK_L),
        .i_slot(pk_s), .i_cov(rq_cov), .i_pt(rq_pt), .i_lo(pk_lo),
        .i_rvalid(i_mem_rvalid), .i_rdata(i_mem_rdata), .o_rv_kind(rv_kind),
        .o_cnt(t_cnt), .o_nz(ans_owed), .o_full(t_full),
        .o_an_l(an_l), .o_an_s(an_s), .o_an_cov(rs_cov), .o_an_p(an_p), .o_an_pcov(an_cov),
        .o_an_fin(an_fin), .o_an_last(an_last), .i_last(!pk_more), .i_msize(q_msize[an_s]), .i_msext(q_msext[an_s]), .o_an_wd(an_wd));

    // ---- the pick register (wq_lsu_pkreg) ------------------------------------------------
    // It loads the pick when it is empty or the port takes its request
    // (the pick then already has that request's elements off), or, an
    // ATOM's, when its lane is done (at_clr: the next lane; its first
    // waits a cycle after the entry register loads its lanes, the pick
    // reading its leader's tag one-hot a cycle behind, wq_lsu_pick's
    // i_lead_t).  A store that wrote code drops the younger entries,
    // whose request it may hold.
    wire pi_f   = es_lv;                 // (a leader held: the entry has elements left)
    wire pk_ld = at_on ? ((!pk_v && pi_eok) || at_clr) : (!pk_v || (ls_req_q && i_mem_ready));
    wq_lsu_pkreg #(.LANES(LANES), .LOG2LB(LOG2LB), .QW(QW)) u_pk (
        .i_clk(i_clk), .i_reset(i_reset), .i_clr(o_cp_code), .i_ld(pk_ld),
        .i_v(pi_f), .i_s(es_s), .i_line(pi_line), .i_cov(pi_cov), .i_e(pi_e),
        .i_lo(pi_lo), .i_pt(pi_pt), .i_msize(q_msize[es_s]),
        .o_v(pk_v), .o_s(pk_s), .o_line(pk_line), .o_cov(pk_cov), .o_e(pk_e),
        .o_lo(pk_lo), .o_pt(pk_pt), .o_msize(pk_msize),
        .o_p0(pk_p0), .o_cov0(pk_cov0), .o_lo0(pk_lo0));
    // the entry register: the next entry when it has no element left to
    // pick or the pick takes all it has (an ATOM's pick is its leader
    // alone, held until its lane is done): the oldest candidate, or the
    // entry entering the queue this cycle, or an ATOM's lanes as it
    // starts, so a memory instruction reaches the port as soon as without
    // the register; else the pick's elements off as the pick register
    // loads them.  A store that wrote code drops the younger entries.
    reg [LSQ*128-1:0] q_rem_v;
    integer qv;
    always @(*)
        for (qv = 0; qv < LSQ; qv = qv + 1) q_rem_v[qv*128 +: 128] = q_rem[qv];
    wq_lsu_entry #(.LSQ(LSQ), .EN(128), .IW(7), .TW(LTAG), .GW($clog2(TG)), .QW(QW)) u_es (
        .i_clk(i_clk), .i_reset(i_reset), .i_clr(o_cp_code),
        .i_q_v(q_v), .i_q_rz(q_rz), .i_q_rem(q_rem_v), .i_q_hd(q_hd), .i_q_tl(q_tl),
        .i_pk_v(pk_v), .i_pk_s(pk_s), .i_pk_ld(pk_ld), .i_cov(pi_cov), .i_all(pi_all && !at_on),
        .i_push(q_push || ls_start), .i_emask(ls_emask),
        .i_nv(nx_v), .i_nlead(nx_e), .i_ntag(nx_line),
        .i_q_fe(q_fe_v), .i_q_fl(q_fl_v), .i_fe(g_fe), .i_fl(g_fl),
        .o_s(es_s), .o_s_nx(es_s_nx), .o_rem(es_rem), .o_lv(es_lv), .o_lead(pi_e), .o_tag(pi_line),
        .o_lead_t(pi_et), .o_lead_ok(pi_eok));

    // ---- a store's line merged a part a cycle (wq_lsu_store) -----------------------
    // (kept while the request stage stays on the store's request; cleared
    // when it is taken, or the stage leaves it)
    wire st_go = rq_go && q_st[pk_s];
    wq_lsu_store #(.LANES(LANES), .LINE_BYTES(LB), .PARTS(PARTS), .PW(PW), .LOG2LB(LOG2LB)) u_st (
        .i_clk(i_clk), .i_clr(o_cp_code || i_reset), .i_go(st_go), .i_taken(ls_req && i_mem_ready),
        .i_pt(rq_pt), .i_cov(rq_cov), .i_lo(pk_lo), .i_p0(pk_p0), .i_cov0(pk_cov0), .i_lo0(pk_lo0),
        .i_msize(pk_msize), .i_sd(sd_rq), .i_at(at_on), .i_at_wd({LW{at_new}}),
        .o_p(st_p), .o_fin(st_fin), .o_wd(st_wd), .o_ws(st_ws), .o_m(st_m));

    // ---- the address rows (wq_lsu_addr): the gather's beat k = 0 writes
    // its part's row and takes the instruction's first leader, kept for
    // the entry as it enters the queue
    wq_lsu_addr #(.LANES(LANES), .PARTS(PARTS), .LSQ(LSQ), .LOG2LB(LOG2LB), .QW(QW), .LTAG(LTAG),
                  .TG(TG)) u_qa (
        .i_clk(i_clk), .i_we(ga_we), .i_ws(q_tl), .i_wp(i_x_p),
        .i_a(i_op_a), .i_imm(i_x_imm), .i_sel(i_x_sel), .i_push(q_push),
        .o_fe(g_fe), .o_fl(g_fl), .o_q_fe(q_fe_v), .o_q_fl(q_fl_v),
        .i_rs_nx(es_s_nx), .o_rs_line(el_lines), .o_rs_lo(pi_lo), .i_hs(q_hd), .o_hs_addr(hd_addr),
        .i_at_l(ls_l), .o_at_addr(o_at_addr)
`ifdef FORMAL
        , .o_f_line(f_lines)
`endif
        );

    // ---- the load counters ------------------------------------------------------------
    always @(posedge i_clk) begin
        if (q_push && !i_x_st && i_x_sel != 32'd0) o_ld_warps <= o_ld_warps + 32'd1;
        if (ls_req && i_mem_ready && !at_on && !q_st[pk_s]) o_ld_lines <= o_ld_lines + 32'd1;
        if (i_reset) begin o_ld_warps <= 32'd0; o_ld_lines <= 32'd0; end
    end

    // ---- outputs ------------------------------------------------------------------------
    assign o_ls_bad   = ls_bad;
    assign o_q_empty  = q_n == {(QW+1){1'b0}};
    assign o_q_one    = q_n == {{QW{1'b0}}, 1'b1};
    assign o_owed     = t_cnt;
    assign o_owed_nz  = ans_owed;
    assign o_cf       = cf;
    assign o_at_on    = at_on;
    assign o_at_wait  = x_memc && i_x_at;
    assign o_at_done  = at_last;
    assign o_at_code  = ls_code;
    assign o_at_rec   = at_rec;
    assign o_at_lane  = ls_l;
    assign o_at_new   = at_new;
    assign o_at_old   = ls_old;
    assign o_ls_wb    = ls_wb;
    assign o_ls_p     = ls_p;
    assign o_ls_wk    = ls_wk;
    assign o_ls_fuse  = ls_fuse;
    assign o_cp_go    = cp_go;
    assign o_cp_last  = cp_last;
    assign o_cp_code  = cp_code;
    assign o_cp_w     = cp_w;
    assign o_cp_st    = q_st[q_hd];
    assign o_cp_pc    = q_pc[q_hd];
    assign o_cp_sel   = q_sel[q_hd];
    assign o_cp_ir    = q_ir[q_hd];
    assign o_cp_rd    = q_rd[q_hd];
    assign o_cp_rrow  = q_rr[q_hd];
    assign o_cp_p     = cp_p;
    assign o_cp_k     = cp_k;
    // (a warp's bit from the entries' warps compared with it: a bit set
    // at a variable index would be an index subtraction on the way)
    integer fw, fx;
    always @(*) begin
        o_inq = {WARPS{1'b0}};
        o_cp_drop = {WARPS{1'b0}};
        for (fx = 0; fx < WARPS; fx = fx + 1)
            for (fw = 0; fw < LSQ; fw = fw + 1) begin
                if (q_v[fw] && q_w[fw] == fx[WID_W-1:0]) o_inq[fx] = 1'b1;
                if (q_v[fw] && q_w[fw] == fx[WID_W-1:0] && fw[QW-1:0] != q_hd) o_cp_drop[fx] = 1'b1;
            end
    end
`ifndef SYNTHESIS
`ifndef FORMAL
    // The held leader's contract (wq_lsu_pick's), checked in simulation as
    // the formal properties check it: a wrong leader only reorders the
    // requests or adds an empty one, which memory and the commits hide
    always @(posedge i_clk)
        if (!i_reset && es_lv && !(es_rem[pi_e] && (es_rem & ~({128{1'b1}} << pi_e)) == 128'd0 &&
                                   pi_line == el_lines[({25'd0, pi_e} / TG) * LTAG +: LTAG])) begin
            $display("wq_core_lsu: the held leader %0d (line %h) is not entry %0d's lowest element left, or not its line",
                     pi_e, pi_line, es_s);
            $stop;
        end
    // q_rem's two updates never meet on an entry, and an ATOM's lane done
    // clears its element alone (the g_qrem block's premises, asserted in
    // the FORMAL section)
    always @(posedge i_clk)
        if (!i_reset && ((q_ld && ((q_taken && pk_s == q_tl) || at_clr)) ||
                         (at_clr && pk_cov != (128'd1 << rq_e)))) begin
            $display("wq_core_lsu: q_rem's load meets its clear on entry %0d, or an ATOM's lane %0d clears %h",
                     q_tl, rq_e, pk_cov);
            $stop;
        end
`endif
`endif
`ifdef FORMAL
    // The invariants and covers (rtl/formal/wq_flsu.v), checked inside
    // wq_core by `make formal` (scripts/formal.sh, jobs core, core_w1):
    // the inputs are the core's, so they hold for the LSU as the core
    // drives it.  The queue's per-entry fields go to it flattened.
    wire [LSQ*128-1:0] f_rem_v;
    wire [LSQ*32-1:0]  f_sel_v, f_rl_v, f_rg_v;
    wire [LSQ*3-1:0]   f_words_v;
    wire [LSQ*2-1:0]   f_msize_v;
    genvar gf;
    generate for (gf = 0; gf < LSQ; gf = gf + 1) begin : g_fq
        assign f_rem_v[gf*128 +: 128] = q_rem[gf];
        assign f_sel_v[gf*32 +: 32]   = q_sel[gf];
        assign f_rl_v[gf*32 +: 32]    = q_rl[gf];
        assign f_rg_v[gf*32 +: 32]    = q_rg[gf];
        assign f_words_v[gf*3 +: 3]   = q_words[gf];
        assign f_msize_v[gf*2 +: 2]   = q_msize[gf];
    end endgenerate
    wq_flsu #(.LANES(LANES), .EVM_SLOTS(EVM_SLOTS), .LSQ(LSQ), .QW(QW), .TDW(TDW),
              .LOG2LB(LOG2LB), .TG(TG)) f_lsu (
        .i_clk(i_clk), .i_reset(i_reset), .i_x_st(i_x_st), .i_x_at(i_x_at), .i_fl_on(i_fl_on),
        .i_b_v(i_b_v), .o_mem_valid(o_mem_valid), .i_mem_ready(i_mem_ready),
        .rv_l(i_mem_rvalid && rv_kind == TK_L), .o_cp_code(o_cp_code),
        .q_hd(q_hd), .q_n(q_n), .q_tl(q_tl), .q_push(q_push), .ls_start(ls_start), .q_ld(q_ld),
        .ls_emask(ls_emask), .q_taken(q_taken), .q_v(q_v), .q_st(q_st), .q_rx(q_rx), .q_rz(q_rz),
        .q_az(q_az), .q_rem_v(f_rem_v), .q_sel_v(f_sel_v), .q_rl_v(f_rl_v), .q_rg_v(f_rg_v),
        .q_words_v(f_words_v), .q_msize_v(f_msize_v), .rx_push(rx_push), .rx_cp(rx_cp),
        .q_fe_v(q_fe_v), .q_fl_lines(f_lines), .q_fl_v(q_fl_v), .g_fe(g_fe), .g_fl(g_fl),
        .ga_we(ga_we), .es_s_nx(es_s_nx), .cf(cf), .t_full(t_full), .t_cnt(t_cnt), .an_l(an_l),
        .an_fin(an_fin), .an_s(an_s), .rs_cov(rs_cov), .es_lv(es_lv), .es_s(es_s), .es_rem(es_rem),
        .pi_eok(pi_eok), .pi_et(pi_et), .pi_e(pi_e), .pi_line(pi_line), .pk_ld(pk_ld), .pk_v(pk_v),
        .pk_s(pk_s), .pk_cov(pk_cov), .pk_e(pk_e), .pk_more(pk_more), .pk_pt(pk_pt),
        .pk_msize(pk_msize), .pk_p0(pk_p0), .pk_cov0(pk_cov0), .pk_lo(pk_lo), .pk_lo0(pk_lo0),
        .rq_e(rq_e), .rq_pt(rq_pt), .ls_req(ls_req), .fl_go(fl_go), .st_go(st_go), .st_m(st_m),
        .at_on(at_on), .at_wr(at_wr), .at_clr(at_clr), .at_z_clr(at_z_clr), .f_at_z(f_at_z),
        .x_memc(x_memc), .ls_wb(ls_wb), .ls_fuse(ls_fuse), .cp_go(cp_go), .cp_last(cp_last),
        .mw_lsel(mw_lsel));
`endif
endmodule
