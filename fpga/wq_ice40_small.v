// wq_ice40_small.v -- the iCE40 UP5K fit build of the small configuration
// (scripts/synth_ice40.sh, `make synth-ice40`).
//
// wq_top behind a handful of pins, so the same netlist is both counted
// against the UP5K and placed by nextpnr in an sg48 package for an Fmax.
// Not a product board: every functional input of wq_top comes from a
// serial shift register loaded from one pin, and every functional output
// is folded into a registered XOR, so no logic that a board would use is
// optimised away.
//
// What is connected is what a board needs: the CSR slave, the memory
// master and the interrupt.  The lockstep event port (o_lock, o_step_*,
// o_evr_*) is left open, as it is on a board: it exists for the Verilator
// co-simulation (tb/verilator/top), which has nobody to talk to on an
// FPGA, and Yosys removes the logic that only drives it.  The script
// reports wq_top with its event port as a second figure, so the price of
// the port is visible.
//
// The warp scheduler here is the firmware one (SCHED_UE=1: wq_sched_ue on
// the micro-engine, docs/rtl/wq_sched_ue.md), with the engine's rotator on
// the UP5K's otherwise idle SB_MAC16s (ROT_MUL=1).  The small lockstep
// configuration (scripts/rtl/top.sh) runs this wq_top too, and the
// pipelined core wq_core (SCHED_UE=0) at the same parameters.
`default_nettype none
`include "wq_defs.vh"

module wq_ice40_small #(
    parameter CHANNELS  = 2,
    parameter WARPS     = 2,
    parameter LANES     = 8,
    parameter DQ_LOG2   = 4,
    parameter REGS      = 16,
    parameter ALU_LANES = 1,
    parameter SEM_DIGIT = 1,
    parameter SCHED_UE  = 1,   // the firmware scheduler (wq_sched_ue): the fit build
    parameter ROT_MUL   = 1    // its engine's rotator on the idle SB_MAC16s
) (
    input  wire       i_clk,
    input  wire       i_reset,
    input  wire       i_sdi,       // serial data for the input register
    output reg  [1:0] o_fold       // XOR of the functional outputs, two groups
);
    // csr_valid, csr_we, csr_addr[12], csr_wdata[32], mem_ready, mem_rvalid, mem_rdata[32]
    localparam NIN = 1 + 1 + 12 + 32 + 1 + 1 + 32;
    reg [NIN-1:0] sin = {NIN{1'b0}};
    always @(posedge i_clk) sin <= {sin[NIN-2:0], i_sdi};

    wire        csr_ack, csr_err, irq, mem_valid, mem_we;
    wire [31:0] csr_rdata, mem_addr, mem_wdata;
    wire [3:0]  mem_wstrb;

    /* verilator lint_off PINCONNECTEMPTY */
    wq_top #(.CHANNELS(CHANNELS), .WARPS(WARPS), .LANES(LANES), .DQ_LOG2(DQ_LOG2),
             .REGS(REGS), .ALU_LANES(ALU_LANES), .SEM_DIGIT(SEM_DIGIT),
             .SCHED_UE(SCHED_UE), .ROT_MUL(ROT_MUL)) u_top (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_csr_valid(sin[0]), .i_csr_we(sin[1]), .i_csr_addr(sin[13:2]),
        .i_csr_wdata(sin[45:14]), .o_csr_ack(csr_ack), .o_csr_rdata(csr_rdata),
        .o_csr_err(csr_err), .o_irq(irq), .o_idle(),
        .o_mem_valid(mem_valid), .i_mem_ready(sin[46]), .o_mem_we(mem_we),
        .o_mem_addr(mem_addr), .o_mem_wdata(mem_wdata), .o_mem_wstrb(mem_wstrb),
        .i_mem_rvalid(sin[47]), .i_mem_rdata(sin[79:48]),
        // the lockstep event port: open on a board
        .o_lock(), .o_step_valid(), .o_step_kind(), .o_step_id(), .o_step_res(),
        .o_evr_valid(), .o_evr_kind(), .o_evr_unit(), .o_evr_aux(), .o_evr_pc(),
        .o_evr_mask(), .o_evr_a(), .o_evr_b(), .o_evr_c(), .o_evr_part(),
        .o_evr_vals(), .o_evw_valid(), .o_evw_unit(), .o_evw_aux(), .o_evw_pc(),
        .o_evw_mask(), .o_evm_valid(), .o_evm_unit(), .o_evm_pc(), .o_evm_aux(),
        .o_evm_mask(), .o_evm_a(), .o_evm_b());
    /* verilator lint_on PINCONNECTEMPTY */

    always @(posedge i_clk) begin
        o_fold[0] <= ^{csr_ack, csr_err, irq, csr_rdata};
        o_fold[1] <= ^{mem_valid, mem_we, mem_addr, mem_wdata, mem_wstrb};
    end
endmodule
