////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_token_view.v
//
// Project:	warpq -- the token deque of the warp scheduler (DESIGN §6.1, §6.2)
//
// Purpose:	The token deque's view (docs/rtl/wq_token_view.md): the state
//		of one warp's deque -- head, tail, count, runtime log2 and the
//		front's below_bits -- in flip-flops of its own, for a user whose
//		decisions about one warp must not begin with the deque's warp
//		select (the core's divergence unit: the warp in WB).
//
//		i_vload moves the view to warp i_vwarp for the next cycle;
//		otherwise it stays on its warp.  Either way its next value takes
//		this cycle's command and pending front update into account: the
//		command's value when the command is on the warp the view holds
//		next, else that warp's registers.  So in every cycle o_v_* are
//		what the deque's combinational state of warp o_v_warp says
//		(wq_token_deque's FORMAL section asserts it against the warps'
//		registers; this unit's section holds its own contract).
//
//		Each bit's next value is one LUT4 behind the command's write
//		enable (the command decode's deepest output): the select by
//		i_vwarp is an AND-OR of registers, of the warp's whole view
//		word at once, and i_vload, which may come late, picks before
//		the write enable.  The head is the head of the warp the view
//		holds next moved by the command's op, each warp's moved head
//		computed by the deque from its own registered head (in
//		i_vw_all), not the command's selected new head.
//
//		Instantiated by wq_token_deque (u_view).
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none
`include "wq_defs.vh"

// (one part of its parent's cycle, its registers' next values behind the
// command decode's write enables: scripts/area.sh maps it inside
// wq_token_deque, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_token_view #(
    parameter LOG2  = 6,                // entries per warp: 2^LOG2
    parameter WARPS = 8,                // warp slots
    // derived; do not override
    parameter WID_W = (WARPS > 1) ? $clog2(WARPS) : 1,
    parameter LGW   = $clog2(LOG2 + 1), // a stored log2: 0..LOG2
    parameter PW    = LOG2 + 1,         // head / tail
    parameter NPRES = `WQ_TF_PRESENCE_W,
    parameter VWW   = 3 * PW + NPRES + LGW  // a warp's view word
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    // every warp's view word (warp w at w*VWW): its head moved by this
    // cycle's command, its head, below_bits, log2 and tail registers
    input  wire [WARPS*VWW-1:0]     i_vw_all,
    // the view's own head moved by this cycle's command (the deque's
    // vh_move of o_v_head)
    input  wire [PW-1:0]            i_vh_own,
    // this cycle's command: accepted on warp i_warp; it writes the
    // pointers (the new tail i_tail) and the log2 (i_log2)
    input  wire                     i_fire,
    input  wire [WID_W-1:0]         i_warp,
    input  wire                     i_ptr_we,
    input  wire [PW-1:0]            i_tail,
    input  wire                     i_log2_we,
    input  wire [LGW-1:0]           i_log2,
    // the pending front update: into warp i_p_warp's front copy at the
    // end of this cycle, its below_bits
    input  wire                     i_p_valid,
    input  wire [WID_W-1:0]         i_p_warp,
    input  wire [NPRES-1:0]         i_p_hv,
    // the view moves to warp i_vwarp for the next cycle
    input  wire                     i_vload,
    input  wire [WID_W-1:0]         i_vwarp,
    // the view
    output wire [WID_W-1:0]         o_v_warp,
    output wire [PW-1:0]            o_v_head,
    output wire [PW-1:0]            o_v_tail,
    output wire [PW-1:0]            o_v_cnt,
    output wire [LGW-1:0]           o_v_lg,
    output wire [NPRES-1:0]         o_v_has     // the front's below_bits of a non-empty deque
`ifdef FORMAL
    // the registered below_bits (the deque's property reads them)
    , output wire [NPRES-1:0]       o_f_hv
`endif
);
    localparam [31:0]      HALF_32   = 1 << (LOG2 - 1);
    localparam [31:0]      LOG2_32   = LOG2;
    localparam [PW-1:0]    HALF_FULL = HALF_32[PW-1:0];
    localparam [LGW-1:0]   LOG2_MAX  = LOG2_32[LGW-1:0];
    // below_bits of a zero front copy (type 0)
    localparam [NPRES-1:0] HV_ZERO   = 1;

    reg  [WID_W-1:0] v_warp;
    reg  [PW-1:0]    v_head, v_tail;
    reg  [LGW-1:0]   v_lg;
    reg  [NPRES-1:0] v_hv;

    // the warp the view moves to: its view word, an AND-OR select by the
    // decoded warp number
    reg  [VWW-1:0]   l_w;
    integer          li;
    always @(*) begin
        l_w = {VWW{1'b0}};
        for (li = 0; li < WARPS; li = li + 1)
            l_w = l_w | (i_vw_all[li*VWW +: VWW] & {VWW{i_vwarp == li[WID_W-1:0]}});
    end
    wire [PW-1:0]    l_vh, l_head, l_tail;
    wire [LGW-1:0]   l_lg;
    wire [NPRES-1:0] l_hv;
    assign {l_vh, l_head, l_hv, l_lg, l_tail} = l_w;
    // (kept as nets: merged into the command's path by the LUT mapper,
    // the warp compares made its decisions a level deeper)
    (* keep *) wire v_on;                                       // this cycle's command is the view's warp's
    (* keep *) wire l_on;                                       // ... or the warp the view moves to
    assign v_on = i_fire && (i_warp == v_warp);
    assign l_on = i_fire && (i_warp == i_vwarp);
    wire v_pon  = i_p_valid && (i_p_warp == v_warp);            // the same for the pending front update
    wire l_pon  = i_p_valid && (i_p_warp == i_vwarp);
    // (written as "the command's value, else the warp's", each bit one LUT4
    // behind the command's write enable: the command is on the warp the
    // view holds next, and that warp's registers, each chosen by i_vload)
    wire             n_cmd   = i_vload ? l_on : v_on;
    wire             n_pon   = i_vload ? l_pon : v_pon;
    wire [PW-1:0]    n_tail  = i_vload ? l_tail : v_tail;
    wire [LGW-1:0]   n_lg    = i_vload ? l_lg   : v_lg;
    wire [NPRES-1:0] n_hv    = i_vload ? l_hv   : v_hv;
    // The next head: the head of the warp the view holds next, moved by
    // the command's op when the command moves that warp's pointers; the
    // view's next warp (i_vwarp, i_vload: late, from WB's decisions)
    // selects among finished values, moved and not, and whether the head
    // moves (the command's write enable) selects last
    wire [PW-1:0]    n_head  = i_vload ? l_head : v_head;
    // The next head as four kept nets: the head a pointer write leaves
    // for each warp the view may have next (vh_l1: the one it moves to,
    // vh_v1: its own), then the head a write leaves and the head kept,
    // each one multiplexer on i_vload, and the deque's write strobe last.
    // The view's load (WB's take, late in the core's cycle) is then two
    // LUT levels from v_head and the deque's own pointer write one; as
    // one expression the mapper puts the load in front of the warps'
    // tests (four levels)
    (* keep *) wire [PW-1:0] vh_l1;
    (* keep *) wire [PW-1:0] vh_v1;
    (* keep *) wire [PW-1:0] vh_w;
    (* keep *) wire [PW-1:0] vh_k;
    assign vh_l1 = l_on ? l_vh : l_head;
    assign vh_v1 = v_on ? i_vh_own : v_head;
    assign vh_w  = i_vload ? vh_l1 : vh_v1;
    assign vh_k  = n_head;
    wire [PW-1:0]    vh_next = i_ptr_we ? vh_w : vh_k;

    // (at reset every warp's state is the reset state: the view's is
    // warp 0's like any other's)
    always @(posedge i_clk)
    if (i_reset)
        v_warp <= {WID_W{1'b0}};
    else if (i_vload)
        v_warp <= i_vwarp;

    always @(posedge i_clk)
    if (i_reset)
    begin
        v_head <= HALF_FULL;
        v_tail <= HALF_FULL;
        v_lg   <= LOG2_MAX;
        v_hv   <= HV_ZERO;
    end else begin
        v_head <= vh_next;
        v_tail <= (n_cmd && i_ptr_we)  ? i_tail : n_tail;
        v_lg   <= (n_cmd && i_log2_we) ? i_log2 : n_lg;
        v_hv   <= n_pon ? i_p_hv : n_hv;
    end

    assign o_v_warp = v_warp;
    assign o_v_head = v_head;
    assign o_v_tail = v_tail;
    // (the count a subtraction on a carry chain: a register of its own
    // would take the command's count, one LUT level past the pointers')
    wire [PW-1:0]    v_cnt = v_head - v_tail;
    assign o_v_cnt  = v_cnt;
    assign o_v_lg   = v_lg;
    // (the front's below_bits, with the pending update forwarded, of a
    // non-empty deque)
    assign o_v_has  = {NPRES{v_cnt != {PW{1'b0}}}} & (v_pon ? i_p_hv : v_hv);

`ifdef FORMAL
    assign o_f_hv = v_hv;
    // ---- formal properties (job token_view in scripts/formal.sh) ------------
    // The unit's contract, from its inputs: where the view is and what it
    // takes.  That its values are its warp's registers is the deque's
    // property (wq_token_deque's FORMAL section, jobs deque_*), which
    // needs the warps' registers this unit only reads.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    // the warp whose registers the view took, and whether a command or a
    // pending update was on it
    reg  [WID_W-1:0] f_w;
    reg              f_cmd, f_pon;
    always @(posedge i_clk) begin
        f_w   <= i_vload ? i_vwarp : v_warp;
        f_cmd <= i_fire && i_warp == (i_vload ? i_vwarp : v_warp);
        f_pon <= i_p_valid && i_p_warp == (i_vload ? i_vwarp : v_warp);
    end
    always @(posedge i_clk)
        if (f_past && !$past(i_reset)) begin
            // the view follows i_vload, else stays
            assert(v_warp == f_w);
            // a command on the warp the view holds next: its values
            if (f_cmd && $past(i_ptr_we))
                assert(v_tail == $past(i_tail));
            if (f_cmd && $past(i_log2_we))
                assert(v_lg == $past(i_log2));
            // none: the warp's registers as they were (its own, or the
            // warp it moved to)
            if (!(f_cmd && $past(i_ptr_we))) begin
                if ($past(i_vload)) begin
                    assert(v_tail == $past(i_vw_all[i_vwarp*VWW +: PW]) &&
                           v_head == $past(i_vw_all[i_vwarp*VWW + PW + LGW + NPRES +: PW]));
                end else begin
                    assert(v_tail == $past(v_tail) && v_head == $past(v_head));
                end
            end
            // the head a command moves: the warp's own moved head
            if (f_cmd && $past(i_ptr_we))
                assert(v_head == ($past(i_vload) ? $past(i_vw_all[i_vwarp*VWW + 2*PW + LGW + NPRES +: PW])
                                                 : $past(i_vh_own)));
            // the pending front update's below_bits
            if (f_pon) begin
                assert(v_hv == $past(i_p_hv));
            end else if (!$past(i_vload)) begin
                assert(v_hv == $past(v_hv));
            end
        end
    // covers (each reached from reset by scripts/formal.sh; its job's, not
    // the deque's)
`ifdef FORMAL_TOKEN_VIEW_TOP
    always @(posedge i_clk)
        if (f_past && !$past(i_reset)) begin
            c_load:     cover($past(i_vload) && v_warp != $past(v_warp));
            c_cmd_own:  cover(f_cmd && !$past(i_vload) && $past(i_ptr_we) && v_head != $past(v_head));
            c_cmd_load: cover(f_cmd && $past(i_vload) && $past(i_ptr_we) && v_warp != $past(v_warp));
            c_pend:     cover(f_pon && $past(i_vload) && o_v_has != {NPRES{1'b0}});
        end
`endif
`endif
endmodule
