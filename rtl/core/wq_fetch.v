// wq_fetch.v -- the core's instruction fetch (docs/rtl/wq_fetch.md): the
// instruction buffer wq_ibuf, its lookup at IS and answer at FE, and the
// fetch runs that fill it, for wq_core's IS and FE stages (DESIGN §6).
//
// IS looks the issued warp's fetch address up (i_is_addr); FE takes the
// answer the next cycle and keeps it while it waits (o_fe_hit, o_fe_ir).
// A miss that FE passes on under the hold starts a fetch run at the missed
// address the cycle after (fm_v: the miss is registered, so the run's
// registers are not behind FE's take and the pipeline's squash):
// PF_RUN instructions, 2 * PF_RUN word reads on the core's memory
// port (through the LSU, which sends them when it has nothing of its own:
// i_fl_go), each answer a word, filled two words an entry.  A fill is
// predecoded (wq_decode, wq_predec.vh): the entry keeps the decoder's
// facts beside the word and FE hands them on with it (o_fe_pd), so DE
// reads them from its registers.  The warp whose
// miss started the run issues first after it (o_pref_*).  Sequential
// prefetch: an instruction in FE (issued the cycle before) within the last
// half of the last run's range starts the next run at its end (FE's
// registered address, not IS's pick).  The code range [o_cr_lo, o_cr_hi) holds every
// byte a run of the buffer's life has requested; a flush empties both.  A
// store that wrote code (i_cp_code) ends the run: its answers still owed
// fill nothing.
`default_nettype none
`include "wq_defs.vh"
`include "wq_predec.vh"

module wq_fetch #(
    parameter WARPS      = 8,
    parameter FP         = 0,            // the decoder's: 1, the FP opcodes are legal
    parameter IB_LOG2    = 6,            // instruction buffer: 2^IB_LOG2 words
    parameter PF_RUN     = 8,            // instructions a fetch run reads ahead
    parameter LINE_BYTES = 16,           // the memory port's line
    parameter WID_W      = (WARPS > 1) ? $clog2(WARPS) : 1
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    input  wire                     i_flush,        // empty the buffer and the range
    // IS: an issue and its fetch address
    input  wire                     i_is_go,
    input  wire [31:0]              i_is_addr,
    // FE: its beat moves on under the hold; its warp and address
    input  wire                     i_fe_take,
    input  wire [WID_W-1:0]         i_f_w,
    input  wire [31:0]              i_f_addr,
    output wire                     o_fe_hit,
    output wire [63:0]              o_fe_ir,
    output wire [`WQ_PD_W-1:0]      o_fe_pd,        //   its predecoded fields
    // what keeps a run from starting: an atomic performs or waits in EX,
    // a store that wrote code waits, the hold is to end
    input  wire                     i_at_on,
    input  wire                     i_at_wait,
    input  wire                     i_cf,
    input  wire                     i_stopping,
    input  wire                     i_cp_code,      // a store that wrote code commits
    // the run on the memory port (the LSU's)
    output wire                     o_fl_on,
    output wire                     o_fl_req,       // a word to request
    output wire [31:0]              o_fl_addr,      //   its address
    output wire [((LINE_BYTES > 4) ? $clog2(LINE_BYTES / 4) : 1)-1:0] o_fl_wsel,
    input  wire                     i_fl_go,        // the request is on the port
    input  wire                     i_mem_ready,
    input  wire                     i_rv_f,         // an answer for the run
    input  wire [31:0]              i_fl_word,      //   the word
    // the warp whose miss started the last run
    output reg                      o_pref_v,
    output reg  [WID_W-1:0]         o_pref_w,
    // the code range
    output reg                      o_cr_v,
    output reg  [31:0]              o_cr_lo,
    output reg  [32:0]              o_cr_hi         // (33 bits: a run may end at 2^32)
);
    localparam LW     = LINE_BYTES / 4;
    localparam LWW    = (LW > 1) ? $clog2(LW) : 1;
    localparam integer   LWM    = LW - 1;
    localparam [LWW-1:0] LWMASK = LWM[LWW-1:0];
    localparam [31:0] PF_BYTES = PF_RUN * 8;

    // ---- the buffer ---------------------------------------------------------
    // an entry: the word and its predecoded fields, decoded from the fill
    // register as it is written (wq_decode: the decoder's depth between
    // the fill register and the buffer's write port, none after FE)
    localparam PDW = `WQ_PD_W;
    wire        ib_hit;
    wire [PDW+63:0] ib_data;
    reg         ib_fill;
    reg [31:0]  ib_faddr;
    reg [63:0]  ib_fdata;
    wire [PDW-1:0]       ib_fpd;
    /* verilator lint_off PINCONNECTEMPTY */
    wq_decode #(.FP(FP)) u_pdec (
        .i_insn(ib_fdata), .o_legal(), .o_op(), .o_fmt(), .o_flags(),
        .o_gp(), .o_gn(), .o_rd(), .o_ra(), .o_rb(), .o_bi(), .o_fn(), .o_imm(),
        .o_words(), .o_msize(), .o_msext(), .o_amask(),
        .o_gp_pt(), .o_selp_pt(), .o_maxreg(), .o_pd(ib_fpd));
    /* verilator lint_on PINCONNECTEMPTY */
    wq_ibuf #(.LOG2(IB_LOG2), .DW(PDW + 64)) u_ibuf (
        .i_clk(i_clk), .i_reset(i_reset), .i_flush(i_flush),
        .i_addr(i_is_addr), .o_hit(ib_hit), .o_data(ib_data),
        .i_fill(ib_fill), .i_faddr(ib_faddr), .i_fdata({ib_fpd, ib_fdata}));

    // the buffer answers the cycle after the lookup; FE keeps the answer
    reg         f_fresh;                // the buffer answers this cycle
    reg         f_hit_q;
    reg [PDW+63:0] f_ir_q;
    assign o_fe_hit = f_fresh ? ib_hit : f_hit_q;
    assign {o_fe_pd, o_fe_ir} = f_fresh ? ib_data : f_ir_q;
    always @(posedge i_clk) begin
        f_fresh <= i_is_go;
        if (f_fresh) begin f_hit_q <= ib_hit; f_ir_q <= ib_data; end
    end

    // ---- fetch runs -------------------------------------------------------------
    reg         fl_on;                  // a run is requesting or receiving
    reg [31:0]  fl_req;                 // next word to request
    reg [6:0]   fl_left;                // words still to request
    reg [6:0]   fl_out;                 // requested, not answered
    reg [31:0]  fl_raddr;               // word the next answer is for
    reg [31:0]  fl_lo;
    reg         fl_drop;                // the run's answers still owed fill nothing
    // sequential prefetch: the end of the last run; an issue within its
    // last half starts the next run there, so straight-line code is in the
    // buffer before the warps reach it
    reg  [31:0] pf_end;
    // The window, the issue addresses a that start the next run: a <
    // pf_end && a + PF_BYTES / 2 >= pf_end (32-bit, the sum wrapping),
    // i.e. the interval [pf_lo, pf_hi) of pf_win(pf_end).  The bounds are
    // registers, loaded with pf_end from the end each start gives it, so
    // IS's address meets two compares side by side, not an adder and a
    // compare behind it (the FORMAL section asserts the interval is the
    // test's, and the bounds pf_end's)
    localparam [31:0] PF_H = PF_BYTES >> 1;
    function [63:0] pf_win;              // a run's end e -> {lo, hi}
        input [31:0] e;
        begin
            // lo: a + PF_H reaches e (from 0 when e < PF_H); hi: a below
            // e, and a + PF_H not past 2^32 (a wrapped sum is small, under e)
            pf_win[63:32] = (e >= PF_H) ? e - PF_H : 32'd0;
            pf_win[31:0]  = (e > 32'd0 - PF_H) ? 32'd0 - PF_H : e;
        end
    endfunction
    reg  [31:0] pf_lo, pf_hi;
    // FE's miss (fr_miss) is registered (fm_v, with its warp and address):
    // its run starts the cycle after.  Meanwhile o_fl_on is up (the hold
    // does not end, no atomic starts) and no second miss is taken; no run
    // is on (a miss needs none, and a prefetch needs FE's instruction to
    // hit: the two never start in one cycle).  A store that wrote code in
    // the miss's cycle cancels it
    reg         fm_v;
    reg  [31:0] fm_addr;
    reg  [WID_W-1:0] fm_w;
    wire        fr_miss = i_fe_take && !o_fe_hit && !fl_on && !fm_v && !i_at_on && !i_cf;
    always @(posedge i_clk) begin
        fm_v    <= fr_miss && !i_cp_code && !i_reset;
        fm_addr <= i_f_addr;
        fm_w    <= i_f_w;
    end
    // (the prefetch: FE's instruction, fresh -- issued the cycle before --
    // and so under the hold, a hit, its address in the window)
    wire        pf_go   = f_fresh && ib_hit && !fl_on && !fm_v && !i_at_on && !i_at_wait && !i_cf && !i_stopping &&
                          i_f_addr >= pf_lo && i_f_addr < pf_hi;
    wire [63:0] pw_pf   = pf_win(pf_end + PF_BYTES);      // (the window after each start)
    wire [63:0] pw_miss = pf_win(fm_addr + PF_BYTES);
    always @(posedge i_clk) begin
        ib_fill <= 1'b0;
        // (the run's warp issued: it is in FE now, busy until its
        // instruction is dropped or commits, so IS would not pick it
        // the cycle before this clear either)
        if (f_fresh && o_pref_v && i_f_w == o_pref_w) o_pref_v <= 1'b0;
        if (pf_go) begin
            fl_on <= 1'b1;
            fl_req <= pf_end;
            fl_raddr <= pf_end;
            fl_left <= PF_RUN * 2;
            fl_out <= 7'd0;
            fl_drop <= 1'b0;
            pf_end <= pf_end + PF_BYTES;
            {pf_lo, pf_hi} <= pw_pf;
        end
        // FE's miss: a run from the missed address (the warp is issued
        // again after the run fills it)
        if (fm_v) begin
            o_pref_v <= 1'b1;
            o_pref_w <= fm_w;
            fl_on <= 1'b1;
            fl_req <= fm_addr;
            fl_raddr <= fm_addr;
            pf_end <= fm_addr + PF_BYTES;
            {pf_lo, pf_hi} <= pw_miss;
            fl_left <= PF_RUN * 2;
            fl_out <= 7'd0;
            fl_drop <= 1'b0;
        end
        // a store that wrote code: the run stops
        if (i_cp_code) begin
            fl_left <= 7'd0;
            fl_drop <= 1'b1;
            if (fl_out == 7'd0) fl_on <= 1'b0;
        end
        if (fl_on) begin
            if (i_fl_go && i_mem_ready) begin
                fl_req <= fl_req + 32'd4;
                fl_left <= fl_left - 7'd1;
                fl_out <= fl_out + 7'd1;
            end
            if (i_rv_f) begin
                fl_raddr <= fl_raddr + 32'd4;
                if (fl_raddr[2]) begin
                    ib_fill <= !fl_drop;
                    ib_faddr <= {fl_raddr[31:3], 3'b000};
                    ib_fdata <= {i_fl_word, fl_lo};
                end else fl_lo <= i_fl_word;
                if ((fl_left == 7'd0 || i_cp_code) && fl_out == 7'd1 &&
                    !(i_fl_go && i_mem_ready)) fl_on <= 1'b0;
                fl_out <= fl_out - 7'd1 + ((i_fl_go && i_mem_ready) ? 7'd1 : 7'd0);
            end
        end
        if (i_reset) begin
            fl_on <= 1'b0;
            o_pref_v <= 1'b0;
            pf_end <= 32'd0;
            pf_lo <= 32'd0;                 // (pf_win(0): empty)
            pf_hi <= 32'd0;
            fl_drop <= 1'b0;
        end
    end
    assign o_fl_on   = fl_on || fm_v;
    assign o_fl_req  = fl_on && (fl_left != 7'd0);
    assign o_fl_addr = fl_req;
    assign o_fl_wsel = fl_raddr[2 +: LWW] & LWMASK;

    // ---- the code range -----------------------------------------------------------
    // every byte a fetch run of this buffer's life has requested lies in
    // [o_cr_lo, o_cr_hi) (o_cr_v: a run since the last flush), so every
    // valid buffer entry and every instruction in FE and DE does.  A store
    // or atomic write that overlaps it is a write to code the core may hold
    // (the LSU's wr_code): the buffer is flushed and the younger
    // instructions dropped after it; a write outside the range touches none
    // of them
    // (the range a miss's run would give and a prefetch's, each from its
    // registers, and the one that starts chosen last: FE's take is the end
    // of the pipeline's stall chain, and the adders and compares of the
    // range stay off it)
    function [64:0] cr_next;             // run start a -> {lo, hi}
        input [31:0] a;
        input        v;
        input [31:0] lo;
        input [32:0] hi;
        reg   [32:0] e;
        begin
            e = {1'b0, a} + {1'b0, PF_BYTES};
            // a run that wraps past 2^32 to address 0 makes the range everything
            if (e > 33'h1_0000_0000) cr_next = {32'd0, 33'h1_0000_0000};
            else cr_next = {(v && lo < a) ? lo : a, (v && hi > e) ? hi : e};
        end
    endfunction
    wire [64:0] cr_miss = cr_next(fm_addr, o_cr_v, o_cr_lo, o_cr_hi);
    wire [64:0] cr_pf   = cr_next(pf_end, o_cr_v, o_cr_lo, o_cr_hi);
    always @(posedge i_clk) begin
        if (pf_go || fm_v) begin
            o_cr_v <= 1'b1;
            {o_cr_lo, o_cr_hi} <= fm_v ? cr_miss : cr_pf;
        end
        if (i_flush) o_cr_v <= 1'b0;
        if (i_reset) o_cr_v <= 1'b0;
    end

`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, jobs core
    // and core_w1) and alone (job fetch, FORMAL_FETCH_TOP: the prefetch
    // window's properties, which hold whatever the inputs do).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    // the prefetch window: the bounds are pf_end's, and the interval is
    // the test it replaces, for FE's address whatever it is
    always @(*) if (f_past && !i_reset) begin
        assert({pf_lo, pf_hi} == pf_win(pf_end));
        // the registered miss finds no run to replace
        if (fm_v) assert(!fl_on);
        assert((i_f_addr >= pf_lo && i_f_addr < pf_hi) ==
               (i_f_addr < pf_end && i_f_addr + PF_H >= pf_end));
    end
`ifndef FORMAL_FETCH_TOP
    // the code range holds every word the buffer may hold: a run's words
    // still to come and each fill lie in it (in the core: these need its
    // memory's answers, one for each word its runs request)
    always @(*) if (f_past && !i_reset) begin
        if (fl_on && !fl_drop) assert(o_cr_v && fl_raddr >= o_cr_lo && {1'b0, fl_raddr} < o_cr_hi);
        if (ib_fill) assert(o_cr_v && ib_faddr >= o_cr_lo && {1'b0, ib_faddr} + 33'd8 <= o_cr_hi);
    end
`else
    // alone (job fetch, every input free but the first cycle's reset): a
    // prefetch run starting, at the window's low and high ends, and a
    // window that pf_win clips at the top of the address space
    always @(*) if (!f_past) assume(i_reset);
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            c_pf_lo:   cover(pf_go && i_f_addr == pf_lo);
            c_pf_hi:   cover(pf_go && i_f_addr == pf_hi - 32'd1);
            c_pf_clip: cover(pf_hi != pf_end);
        end
`endif
`endif
endmodule
