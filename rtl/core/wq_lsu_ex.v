// wq_lsu_ex.v -- the LSU's side of EX (docs/rtl/wq_lsu_ex.md): what a
// memory instruction's beats in EX do to wq_core_lsu, and the ATOM's run.
//
// A gather beat (a part of a load, a store or an ATOM, not its commit)
// writes its addresses and store data into the entry after the queue's
// last; a lane misaligned in it (beat k = 0 carries the addresses) marks
// the instruction (o_bad), whose commit beat then goes to WB as a trap.
// The commit beat of a load or a store enters the queue (o_push) unless a
// trap waits in WB, a store that wrote code waits, or the queue is full;
// an ATOM's starts its run (o_start) once the queue, WB and the port are
// empty and no answer is owed, performs its lanes (wq_lsu_atom, in
// wq_core_lsu) with EX held, and then sends its write-back beats
// (o_wb, part o_p of register rd + o_wk, one a cycle as WB takes them), or
// with one register of one part rides its commit beat (o_fuse).  o_busy
// holds EX's beat, o_take says the LSU took it.
//
// Registers: the misaligned mark, the ATOM's run (o_on) and its lanes'
// "all done" flag (at_z: written as the lanes are, so the run's end,
// o_last, is a flip-flop's AND, not a 128-bit zero test), its write-back
// place, its code write, and whether its accesses are done (done_q: the
// commit beat passes on next).
`default_nettype none

// (mapped inside wq_core_lsu by scripts/area.sh: its decisions are part of
// the LSU's cycle, as in the board's flattened netlist)
(* wq_area_inline *)
module wq_lsu_ex #(
    parameter LANES = 32,
    parameter PARTS = 32 / LANES
) (
    input  wire                 i_clk,
    input  wire                 i_reset,
    // EX's beat
    input  wire                 i_x_v,
    input  wire                 i_x_commit,
    input  wire                 i_x_mem,
    input  wire                 i_x_ok,         // no decode trap, not skipped (EX's flag)
    input  wire                 i_x_at,         // an ATOM
    input  wire [1:0]           i_x_k,          // its beat: word k
    input  wire [5:0]           i_x_p,          //   of part p
    input  wire [31:0]          i_x_sel,
    input  wire [3:0]           i_x_imm,        // (its low bits: the alignment's)
    input  wire [3:0]           i_x_amask,      // the access's alignment mask
    input  wire [2:0]           i_x_words,
    input  wire [LANES*32-1:0]  i_op_a,         // the lanes' base addresses
    input  wire                 i_x_take,       // EX takes a new beat
    // EX's beat leaves: an ATOM's write-back beat into WB, a commit beat
    // towards WB; a trap commits (EX dropped); a store that wrote code
    // commits (the younger dropped)
    input  wire                 i_wb_ls,
    input  wire                 i_wb_commit,
    input  wire                 i_squash_x,
    input  wire                 i_cp_code,
    // what a push and a start wait for
    input  wire                 i_q_full,
    input  wire                 i_q_empty,
    input  wire                 i_t_zero,       // no answer owed
    input  wire                 i_cf,           // a store that wrote code waits
    input  wire                 i_b_v,
    input  wire                 i_b_trap,       // a trap's commit beat in WB
    input  wire                 i_fl_on,        // a fetch run is on
    input  wire                 i_at_hold,      // an ATOM does not start
    // the ATOM's lanes: none selected (at its start), none left after the
    // lane done this cycle (i_clr, wq_lsu_atom's), its write hit the code
    // range (i_code, a write taken this cycle)
    input  wire                 i_ez,
    input  wire                 i_clr,
    input  wire                 i_z_clr,
    input  wire                 i_code,
    // EX: the LSU holds its beat; takes it; the beat is a commit of a load
    // or a store (o_memc), a gather beat (o_gat)
    output wire                 o_busy,
    output wire                 o_take,
    output wire                 o_memc,
    output wire                 o_gat,
    // the queue: a load or a store enters; the ATOM starts, performs, its
    // last lane is done, its write hit code
    output wire                 o_push,
    output wire                 o_start,
    output reg                  o_on,
    output wire                 o_last,
    output reg                  o_code,
    // a lane is misaligned (the commit beat traps)
    output reg                  o_bad,
    // the ATOM's write-back beats (part o_p of register rd + o_wk), or
    // its one beat riding the commit
    output reg                  o_wb,
    output reg  [5:0]           o_p,
    output reg  [1:0]           o_wk,
    output reg                  o_fuse
`ifdef FORMAL
    // (the ATOM's lanes all done, at_z: the core's properties compare it
    // with the entry's elements)
    , output wire               o_f_z
`endif
);
    localparam [5:0] PARTS6 = PARTS[5:0];

    reg  done_q;                         // the ATOM's accesses done: pass the commit on
    reg  at_z;                           // its lanes are all done
    wire memc  = i_x_v && i_x_commit && i_x_mem && i_x_ok;
    wire gat   = i_x_v && !i_x_commit && i_x_mem;
    wire push  = memc && !o_bad && !i_x_at && !i_q_full && !i_cf && !i_b_trap;
    wire start = memc && i_x_at && !o_bad && !o_on && !o_wb && !i_b_v && !i_fl_on && !i_at_hold &&
                 !done_q && i_q_empty && i_t_zero;
    // an ATOM of one register and one part: its write-back rides the commit beat
    wire fusable = PARTS == 1 && i_x_words == 3'd1;
    assign o_busy  = i_x_v && ((memc && !o_bad && (!i_x_at || !done_q)) || o_wb) ||
                     (gat && i_q_full);
    assign o_take  = push || (gat && !i_q_full);
    assign o_memc  = memc;
    assign o_gat   = gat;
    assign o_push  = push;
    assign o_start = start;
    assign o_last  = o_on && at_z;

    // a gather beat with a selected lane's address misaligned
    reg  ga_bad;
    integer gl;
    always @(*) begin
        ga_bad = 1'b0;
        for (gl = 0; gl < LANES; gl = gl + 1)
            if (i_x_k == 2'd0 && i_x_sel[i_x_p * LANES + gl] &&
                (((i_op_a[gl*32 +: 4] + i_x_imm) & i_x_amask) != 4'd0))
                ga_bad = 1'b1;
    end

    // the ATOM's lanes all done: at its start whether it has none, then
    // as each lane is done whether the rest is empty
    always @(posedge i_clk)
        if (start) at_z <= i_ez;
        else if (i_clr) at_z <= i_z_clr;

    // the misaligned mark: set by a gather beat, cleared as the commit
    // beat leaves EX (or is dropped)
    always @(posedge i_clk) begin
        if (gat && i_x_take && ga_bad) o_bad <= 1'b1;
        if (i_wb_commit && !i_wb_ls) o_bad <= 1'b0;
        if (i_squash_x || i_cp_code || i_reset) o_bad <= 1'b0;
    end

    // the ATOM's run and its code write
    always @(posedge i_clk) begin
        if (start) o_code <= 1'b0;
        else if (i_code && o_on) o_code <= 1'b1;
        if (start) o_on <= 1'b1;
        else if (o_last) o_on <= 1'b0;
        if (i_reset) begin o_code <= 1'b0; o_on <= 1'b0; end
    end

    // its end: the write-back beats, or the commit beat carries them; the
    // beats go to WB in register order, each over its parts
    always @(posedge i_clk) begin
        if (o_last) begin
            if (fusable) begin done_q <= 1'b1; o_fuse <= 1'b1; end
            else begin o_wb <= 1'b1; o_p <= 6'd0; o_wk <= 2'd0; end
        end
        if (i_wb_ls) begin
            if (o_p + 6'd1 != PARTS6) o_p <= o_p + 6'd1;
            else if ({1'b0, o_wk} + 3'd1 != i_x_words) begin
                o_p <= 6'd0;
                o_wk <= o_wk + 2'd1;
            end else begin
                o_wb <= 1'b0;
                done_q <= 1'b1;
            end
        end else if (i_wb_commit) begin
            done_q <= 1'b0;
            o_fuse <= 1'b0;
        end
        if (i_squash_x || i_cp_code) begin
            o_fuse <= 1'b0;
            done_q <= 1'b0;
        end
        if (i_reset) begin
            o_wb <= 1'b0; done_q <= 1'b0; o_fuse <= 1'b0;
        end
    end

`ifdef FORMAL
    assign o_f_z = at_z;
    // Checked inside wq_core by `make formal` (scripts/formal.sh, jobs core
    // and core_w1): the inputs are the core's; and alone (job lsu_ex,
    // FORMAL_LSU_EX_TOP): the inputs free but for the core's contracts
    // below.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
`ifdef FORMAL_LSU_EX_TOP
    always @(*) if (!f_past) assume(i_reset);
    // EX holds its beat while the LSU is busy with it: an ATOM's commit
    // beat stays in EX from its start to its write-back's end (the core:
    // i_x_take only when EX's beat leaves, a write-back beat only while
    // o_wb, the commit beat towards WB only once o_busy is low)
    reg       f_hold = 1'b0;
    reg [2:0] f_words;
    always @(posedge i_clk) begin
        f_hold  <= !i_reset && (o_on || o_wb || start);
        f_words <= i_x_words;
    end
    always @(*) begin
        if (f_hold) assume(i_x_v && i_x_commit && i_x_mem && i_x_at && i_x_ok &&
                           i_x_words == f_words);
        if (i_x_take) assume(!o_busy);
        if (i_wb_ls) assume(o_wb && !i_squash_x && !i_cp_code);
        if (i_wb_commit) assume(i_x_v && i_x_commit && !o_busy);
        if (o_on) assume(!i_squash_x && !i_cp_code);
        if (i_x_at && i_x_mem) assume(i_x_words != 3'd0 && i_x_words <= 3'd4);
        // a lane is done only while the ATOM performs
        if (i_clr) assume(o_on);
    end
`endif
    always @(*) if (f_past && !i_reset) begin
        // a load or a store enters the queue, or an ATOM starts, never both,
        // and never an instruction with a misaligned lane (it traps)
        assert(!(push && start));
        if (o_bad) assert(!push && !start);
        // the ATOM's phases one at a time: its accesses, its write-back
        // beats, its one fused beat; the write-back place inside rd's parts
        assert(!(o_on && o_wb) && !(o_on && o_fuse) && !(o_wb && o_fuse));
        if (o_fuse) assert(done_q);
        if (o_on) assert(!o_bad && !done_q);
        if (o_wb) assert(!done_q && o_p < PARTS6);
        // a running ATOM holds EX's beat; the LSU takes nothing meanwhile
        if (o_on || o_wb) assert(!o_take && !push && !start);
        if (o_on) assert(o_busy || !i_x_v);
    end
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            c_start: cover(start);
            c_wb:    cover($past(o_wb && i_wb_ls) && !o_wb);   // (its last write-back beat taken)
            c_bad:   cover(o_bad && i_x_commit && i_x_v);
        end
    // (one part: an ATOM of one register rides its commit beat)
    generate if (PARTS == 1) begin : g_fuse
        always @(posedge i_clk)
            if (f_past && !i_reset)
                c_fuse: cover(o_fuse && i_wb_commit);
    end endgenerate
`endif
endmodule
