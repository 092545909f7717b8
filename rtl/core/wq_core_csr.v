// wq_core_csr.v -- the core's CSR block (docs/rtl/wq_core_csr.md): the CSR
// sub-port's access (outside the event lock), its address decode and read
// mux, and the registers the CSRs own: the trap registers, the retired
// instruction count, the debug window (DBG_WARP, DBG_INDEX, DBG_LO,
// DBG_HI, DBG_HEADTAIL) and its commands on the token deque (the model's
// wq_csr_read / wq_csr_write).
//
// An access waits (csr_pend) until wq_core is in its run phase with the
// lock not granted and the pipeline empty (o_enter: the core enters its
// CSR phase); cs then walks decode (0), the deque command's acceptance
// (1) and answer (2), and the acknowledgement (3, o_done: back to the run
// phase).  The debug window's deque commands go out on wq_core's deque
// port (o_dq_go, o_dq_again, o_dq_set); RESUME and KILL change the
// window's warp slot, which wq_core owns (o_resume, o_kill).  The trap
// registers and the count are written by the core's commits (i_trap,
// i_retire).
`default_nettype none
`include "wq_defs.vh"

module wq_core_csr #(
    parameter WARPS   = 8,
    parameter DQ_LOG2 = 6,
    parameter PCW     = `WQ_TF_ADDR_W,
    parameter WID_W   = (WARPS > 1) ? $clog2(WARPS) : 1
) (
    input  wire                     i_clk,
    input  wire                     i_reset,
    // the CSR sub-port
    input  wire                     i_csr_valid,
    input  wire                     i_csr_we,
    input  wire [11:0]              i_csr_addr,
    input  wire [31:0]              i_csr_wdata,
    output reg                      o_csr_ack,
    output reg  [31:0]              o_csr_rdata,
    output reg                      o_csr_err,
    // the core's phase: the access starts (o_enter) in the run phase
    // outside the grant with the pipeline empty, and ends (o_done)
    input  wire                     i_ev_gnt,
    input  wire                     i_run,          // the run phase
    input  wire                     i_on,           // the CSR phase
    input  wire                     i_pipe_empty,
    output wire                     o_enter,
    output wire                     o_done,
    // the commits: a trap (the trap registers), a retired instruction
    input  wire                     i_trap,
    input  wire [WID_W-1:0]         i_trap_warp,
    input  wire [7:0]               i_trap_code,
    input  wire [PCW-1:0]           i_trap_pc,
    input  wire                     i_retire,
    // the debug window's warp and its slot (wq_core's warp-slot table)
    output wire [WID_W-1:0]         o_dw,
    input  wire                     i_w_init,
    input  wire [3:0]               i_w_state,
    input  wire [7:0]               i_w_trap,
    input  wire                     i_w_trec,       // i_w_state TRAP, i_w_trap recoverable
    input  wire                     i_w_tfat,       // ... TRAP, not recoverable
    input  wire [PCW-1:0]           i_w_pc,
    input  wire [31:0]              i_w_act,
    output wire                     o_resume,       // RESUME: the slot runs again
    output wire                     o_kill,         // KILL: the slot is free
    // the token deque: the window warp's head, tail and size; the port's
    // command register (o_dq_set: index, data, head and tail; o_dq_go: a
    // new command o_dq_op; o_dq_again: the command again, not taken yet)
    input  wire [DQ_LOG2:0]         i_dq_head,
    input  wire [DQ_LOG2:0]         i_dq_tail,
    input  wire [4:0]               i_dq_log2,
    input  wire                     i_dq_ready,
    input  wire                     i_dq_rvalid,
    input  wire [63:0]              i_dq_token,
    input  wire [3:0]               i_dq_op,        // the command on the port
    output wire                     o_dq_set,
    output wire                     o_dq_go,
    output wire                     o_dq_again,
    output reg  [3:0]               o_dq_op,
    output wire [DQ_LOG2-1:0]       o_dq_index,
    output wire [63:0]              o_dq_data,
    output wire [DQ_LOG2:0]         o_dq_head,
    output wire [DQ_LOG2:0]         o_dq_tail
);
    localparam DW = DQ_LOG2 + 1;

    reg        csr_pend, csr_we;
    reg [11:0] csr_addr;
    reg [31:0] csr_wdata;
    reg [1:0]  cs;                       // 0 decode, 1 deque wait, 2 read result, 3 ack
    reg [31:0] trap_warp, trap_code, trap_pc, perf_instr;
    reg [31:0] dbg_warp, dbg_index, dbg_lo, dbg_hi, dbg_headtail;

    // The window warp's slot fields and deque size, registered every cycle:
    // an access reads them in its decode cycle, and nothing changes them
    // in the cycle before -- the core is drained and outside the grant
    // from o_enter's cycle, and the commands (RESUME, KILL, the deque's)
    // and a DBG_WARP write change them at the end of an access, at least
    // three cycles before the next one decodes -- so the copies are the
    // slot's there (asserted in FORMAL, checked in simulation), and the
    // read mux and the commands' checks start at flip-flops rather than
    // behind the slot table's and the deque's selects by the window's warp.
    // (The deque's head and tail are its port's warp's, which follows the
    // window's warp from the CSR phase's first cycle: read live.)
    reg              w_init_q, w_trec_q, w_tfat_q;
    reg  [3:0]       w_state_q;
    reg  [7:0]       w_trap_q;
    reg  [PCW-1:0]   w_pc_q;
    reg  [31:0]      w_act_q;
    reg  [4:0]       dq_log2_q;
    always @(posedge i_clk) begin
        w_init_q  <= i_w_init;
        w_state_q <= i_w_state;
        w_trap_q  <= i_w_trap;
        w_trec_q  <= i_w_trec;
        w_tfat_q  <= i_w_tfat;
        w_pc_q    <= i_w_pc;
        w_act_q   <= i_w_act;
        dq_log2_q <= i_dq_log2;
    end
    wire       dbg_ok = dbg_warp < WARPS;
    wire [9:0] dq_depth = 10'd1 << dq_log2_q;
    assign o_dw = dbg_warp[WID_W-1:0];
    assign o_enter = i_run && !i_ev_gnt && csr_pend && i_pipe_empty;
    assign o_done = i_on && cs == 2'd3;

    // ---- the access (the sub-port holds it until the acknowledgement) ---------
    always @(posedge i_clk) begin
        if (i_csr_valid) begin
            csr_pend <= 1'b1;
            csr_we <= i_csr_we;
            csr_addr <= i_csr_addr;
            csr_wdata <= i_csr_wdata;
        end
        if (o_done) csr_pend <= 1'b0;
        if (i_reset) csr_pend <= 1'b0;
    end

    // ---- decode: the read mux, the address check -------------------------------
    wire        dec = i_on && cs == 2'd0;   // the access's decode cycle
    wire        wr_ok = csr_addr[1:0] == 2'b00 && csr_we;
    reg  [31:0] r_data;
    reg         r_err;
    always @(*) begin
        r_data = 32'd0;
        r_err = 1'b0;
        if (csr_addr[1:0] != 2'b00) r_err = 1'b1;
        else if (!csr_we) begin
            case (csr_addr)
            `WQ_CSR_TRAP_WARP:  r_data = trap_warp;
            `WQ_CSR_TRAP_CODE:  r_data = trap_code;
            `WQ_CSR_TRAP_PC:    r_data = trap_pc;
            `WQ_CSR_DBG_WARP:   r_data = dbg_warp;
            `WQ_CSR_DBG_INDEX:  r_data = dbg_index;
            `WQ_CSR_DBG_LO:     r_data = dbg_lo;
            `WQ_CSR_DBG_HI:     r_data = dbg_hi;
            `WQ_CSR_PERF_INSTR: r_data = perf_instr;
            `WQ_CSR_DBG_CMD:    r_data = 32'd0;
            `WQ_CSR_DBG_HEADTAIL:
                if (dbg_ok) begin
                    r_data[`WQ_CSRF_DBG_HEADTAIL_HEAD_RANGE] = {{(`WQ_CSRF_DBG_HEADTAIL_HEAD_W-DW){1'b0}}, i_dq_head};
                    r_data[`WQ_CSRF_DBG_HEADTAIL_TAIL_RANGE] = {{(`WQ_CSRF_DBG_HEADTAIL_TAIL_W-DW){1'b0}}, i_dq_tail};
                end
            `WQ_CSR_DBG_PC:     if (dbg_ok && w_init_q) r_data = {{(32-PCW){1'b0}}, w_pc_q};
            `WQ_CSR_DBG_ACTIVE: if (dbg_ok && w_init_q) r_data = w_act_q;
            `WQ_CSR_DBG_STATE:
                if (dbg_ok) begin
                    r_data[`WQ_CSRF_DBG_STATE_STATE_RANGE] = w_state_q;
                    r_data[`WQ_CSRF_DBG_STATE_TRAP_RANGE] = w_trap_q;
                    if (w_state_q != `WQ_WS_FREE)
                        r_data[`WQ_CSRF_DBG_STATE_DQ_LOG2_RANGE] = dq_log2_q;
                end
            default: r_err = 1'b1;
            endcase
        end else begin
            case (csr_addr)
            `WQ_CSR_TRAP_WARP, `WQ_CSR_TRAP_CODE, `WQ_CSR_TRAP_PC, `WQ_CSR_PERF_INSTR,
            `WQ_CSR_DBG_WARP, `WQ_CSR_DBG_INDEX, `WQ_CSR_DBG_LO, `WQ_CSR_DBG_HI,
            `WQ_CSR_DBG_HEADTAIL, `WQ_CSR_DBG_CMD: ;
            default: r_err = 1'b1;
            endcase
        end
    end

    // ---- DBG_CMD: the debug window's command -----------------------------------
    wire [15:0] h16 = dbg_headtail[`WQ_CSRF_DBG_HEADTAIL_HEAD_RANGE];
    wire [15:0] t16 = dbg_headtail[`WQ_CSRF_DBG_HEADTAIL_TAIL_RANGE];
    wire        cmd = dec && wr_ok && csr_addr == `WQ_CSR_DBG_CMD;
    wire        cmd_ok = cmd && dbg_ok && csr_wdata[31:8] == 24'd0;
    wire        cmd_ht_ok = t16 <= h16 && h16[15:10] == 6'd0 && h16[9:0] <= dq_depth;
    always @(*) begin
        case (csr_wdata[7:0])
        `WQ_DBGCMD_READ_ENTRY:  o_dq_op = `WQ_DQCMD_DBG_READ;
        `WQ_DBGCMD_WRITE_ENTRY: o_dq_op = `WQ_DQCMD_DBG_WRITE;
        default:                o_dq_op = `WQ_DQCMD_DBG_SET_HEADTAIL;
        endcase
    end
    assign o_dq_set   = cmd;
    assign o_dq_go    = cmd_ok && (csr_wdata[7:0] == `WQ_DBGCMD_READ_ENTRY ||
                                   csr_wdata[7:0] == `WQ_DBGCMD_WRITE_ENTRY ||
                                   (csr_wdata[7:0] == `WQ_DBGCMD_SET_HEADTAIL && cmd_ht_ok));
    assign o_dq_again = i_on && cs == 2'd1 && !i_dq_ready;
    assign o_dq_index = dbg_index[DQ_LOG2-1:0];
    assign o_dq_data  = {dbg_hi, dbg_lo};
    assign o_dq_head  = h16[DW-1:0];
    assign o_dq_tail  = t16[DW-1:0];
    assign o_resume   = cmd_ok && csr_wdata[7:0] == `WQ_DBGCMD_RESUME && w_trec_q;
    // wq_warp_kill (the barrier check it runs is wq_core's)
    assign o_kill     = cmd_ok && csr_wdata[7:0] == `WQ_DBGCMD_KILL && w_tfat_q;

    // ---- the access's steps and its answer -------------------------------------
    always @(posedge i_clk) begin
        o_csr_ack <= 1'b0;
        if (o_enter) cs <= 2'd0;
        if (i_on) begin
            case (cs)
            2'd0: cs <= o_dq_go ? 2'd1 : 2'd3;
            2'd1: if (i_dq_ready) cs <= 2'd2;   // the deque takes the command
            2'd2: if (i_dq_rvalid) cs <= 2'd3;  //   and answers
            default: o_csr_ack <= 1'b1;
            endcase
        end
    end
    always @(posedge i_clk)
        if (dec) begin
            o_csr_err <= r_err;
            o_csr_rdata <= r_data;
        end

    // ---- the debug window's registers ------------------------------------------
    wire dbg_wr = dec && wr_ok;
    always @(posedge i_clk) begin
        if (dbg_wr && csr_addr == `WQ_CSR_DBG_WARP)     dbg_warp <= csr_wdata;
        if (dbg_wr && csr_addr == `WQ_CSR_DBG_INDEX)    dbg_index <= csr_wdata;
        if (dbg_wr && csr_addr == `WQ_CSR_DBG_LO)       dbg_lo <= csr_wdata;
        if (dbg_wr && csr_addr == `WQ_CSR_DBG_HI)       dbg_hi <= csr_wdata;
        if (dbg_wr && csr_addr == `WQ_CSR_DBG_HEADTAIL) dbg_headtail <= csr_wdata;
        // READ_ENTRY's answer
        if (i_on && cs == 2'd2 && i_dq_rvalid && i_dq_op == `WQ_DQCMD_DBG_READ) begin
            dbg_lo <= i_dq_token[31:0];
            dbg_hi <= i_dq_token[63:32];
        end
        if (i_reset) begin
            dbg_warp <= 32'd0; dbg_index <= 32'd0; dbg_lo <= 32'd0; dbg_hi <= 32'd0;
            dbg_headtail <= 32'd0;
        end
    end

    // ---- the trap registers and the count (the core's commits) -----------------
    always @(posedge i_clk) begin
        if (i_trap) begin
            trap_warp <= {{(32-WID_W){1'b0}}, i_trap_warp};
            trap_code <= {24'd0, i_trap_code};
            trap_pc <= {{(32-PCW){1'b0}}, i_trap_pc};
        end
        if (i_reset) begin
            trap_warp <= 32'd0; trap_code <= 32'd0; trap_pc <= 32'd0;
        end
    end
    always @(posedge i_clk) begin
        if (i_retire) perf_instr <= perf_instr + 32'd1;
        if (i_reset) perf_instr <= 32'd0;
    end

`ifndef SYNTHESIS
`ifndef FORMAL
`ifndef YOSYS
    // (the lockstep benches' CSR accesses check the copies' premise at
    // every decode and stop at the first cycle it fails)
    always @(posedge i_clk)
        if (!i_reset && dec && !(w_init_q == i_w_init && w_state_q == i_w_state &&
                                 w_trap_q == i_w_trap && w_trec_q == i_w_trec &&
                                 w_tfat_q == i_w_tfat && w_pc_q == i_w_pc && w_act_q == i_w_act &&
                                 dq_log2_q == i_dq_log2)) begin
            $display("wq_core_csr: the window warp's fields changed the cycle before a decode (%m)");
            $stop;
        end
`endif
`endif
`endif

`ifdef FORMAL
    // Checked inside wq_core by `make formal` (scripts/formal.sh, job core;
    // asserts and covers only), and alone (job core_csr, FORMAL_CSR_TOP:
    // the core's side assumed below).
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    // the registered copies are the window warp's fields
    wire f_wcopy = w_init_q == i_w_init && w_state_q == i_w_state && w_trap_q == i_w_trap &&
                   w_trec_q == i_w_trec && w_tfat_q == i_w_tfat && w_pc_q == i_w_pc &&
                   w_act_q == i_w_act && dq_log2_q == i_dq_log2;
`ifdef FORMAL_CSR_TOP
    always @(*) if (!f_past) assume(i_reset);
    // wq_core's phase: the CSR phase from o_enter to o_done, never the run
    // phase with it; the sub-port's access only outside the grant while
    // none waits
    reg f_on = 1'b0;
    always @(posedge i_clk)
        if (i_reset) f_on <= 1'b0;
        else if (o_enter) f_on <= 1'b1;
        else if (o_done) f_on <= 1'b0;
    always @(*) assume(i_on == f_on && !(i_on && i_run));
    always @(*) if (i_csr_valid) assume(!i_ev_gnt && !csr_pend);
    // the slot's decodes: trapped recoverably or fatally, when trapped
    always @(*) assume(!(i_w_trec && i_w_tfat) && (i_w_trec || i_w_tfat) == (i_w_state == `WQ_WS_TRAP));
    // the window warp's fields do not change in the cycle before a decode
    // (wq_core's: asserted there)
    always @(*) if (f_past && !i_reset && dec) assume(f_wcopy);
`else
    always @(*) if (f_past && !i_reset && dec) assert(f_wcopy);
`endif
    always @(*)
        if (f_past && !i_reset) begin
            // the CSR phase serves a waiting access, which the
            // acknowledgement ends
            if (i_on) assert(csr_pend);
            if (o_csr_ack) assert(!csr_pend);
            // a deque command only from decode, again only while not taken
            if (o_dq_go) assert(dec && o_dq_set);
            if (o_dq_again) assert(!o_dq_go && !o_dq_set);
            // RESUME and KILL only as a decoded DBG_CMD, never together
            if (o_resume || o_kill) assert(cmd_ok && !o_dq_go);
            assert(!(o_resume && o_kill));
        end
    always @(posedge i_clk)
        if (f_past && !$past(i_reset)) begin
            // the acknowledgement follows the access's last step
            if (o_csr_ack) assert($past(i_on && cs == 2'd3));
            // a deque command waits in step 1 for the deque
            if ($past(i_on && o_dq_go)) assert(cs == 2'd1);
        end
    always @(posedge i_clk)
        if (f_past && !i_reset) begin
            c_csr_ack:  cover(o_csr_ack);
            c_csr_read: cover(i_on && cs == 2'd2 && i_dq_rvalid);
        end
`endif
endmodule
