// wq_ice40_small.v -- placement wrapper for the iCE40 UP5K estimate
// (scripts/synth_ice40.sh): wq_top at the small configuration behind a
// handful of pins, so nextpnr can place and route it in an sg48 package
// and report an Fmax.  Not a product board: every wq_top input comes from
// a serial shift register loaded from one pin, every output is folded into
// a registered XOR of four pins, so no logic of wq_top is optimised away.
// The resource figures of the report are those of wq_top alone.
`default_nettype none
`include "wq_defs.vh"

module wq_ice40_small #(
    parameter CHANNELS  = 2,
    parameter WARPS     = 2,
    parameter LANES     = 8,
    parameter DQ_LOG2   = 4,
    parameter REGS      = 16,
    parameter ALU_LANES = 1
) (
    input  wire       i_clk,
    input  wire       i_reset,
    input  wire       i_sdi,       // serial data for the input register
    output reg  [3:0] o_fold       // XOR of all outputs, four groups
);
    localparam NIN = 1 + 1 + 12 + 32 + 1 + 1 + 32;
    reg [NIN-1:0] sin = {NIN{1'b0}};
    always @(posedge i_clk) sin <= {sin[NIN-2:0], i_sdi};

    wire        csr_ack, csr_err, irq, mem_valid, mem_we, step_valid, evr_valid;
    wire [31:0] csr_rdata, mem_addr, mem_wdata, evr_pc, evr_mask, evr_a;
    wire [3:0]  mem_wstrb;
    wire [2:0]  lock;
    wire [`WQ_STEPK_W-1:0] step_kind;
    wire [7:0]  step_id, evr_kind, evr_unit;
    wire [`WQ_STEP_W-1:0] step_res;
    wire [15:0] evr_aux;
    wire [63:0] evr_b, evr_c;
    wire [4:0]  evr_part;
    wire [LANES*32-1:0] evr_vals;

    wq_top #(.CHANNELS(CHANNELS), .WARPS(WARPS), .LANES(LANES), .DQ_LOG2(DQ_LOG2),
             .REGS(REGS), .ALU_LANES(ALU_LANES)) u_top (
        .i_clk(i_clk), .i_reset(i_reset),
        .i_csr_valid(sin[0]), .i_csr_we(sin[1]), .i_csr_addr(sin[13:2]),
        .i_csr_wdata(sin[45:14]), .o_csr_ack(csr_ack), .o_csr_rdata(csr_rdata),
        .o_csr_err(csr_err), .o_irq(irq),
        .o_mem_valid(mem_valid), .i_mem_ready(sin[46]), .o_mem_we(mem_we),
        .o_mem_addr(mem_addr), .o_mem_wdata(mem_wdata), .o_mem_wstrb(mem_wstrb),
        .i_mem_rvalid(sin[47]), .i_mem_rdata(sin[79:48]),
        .o_lock(lock), .o_step_valid(step_valid), .o_step_kind(step_kind),
        .o_step_id(step_id), .o_step_res(step_res),
        .o_evr_valid(evr_valid), .o_evr_kind(evr_kind), .o_evr_unit(evr_unit),
        .o_evr_aux(evr_aux), .o_evr_pc(evr_pc), .o_evr_mask(evr_mask), .o_evr_a(evr_a),
        .o_evr_b(evr_b), .o_evr_c(evr_c), .o_evr_part(evr_part), .o_evr_vals(evr_vals));

    always @(posedge i_clk) begin
        o_fold[0] <= ^{csr_ack, csr_err, irq, csr_rdata, mem_valid, mem_we, mem_addr,
                       mem_wdata, mem_wstrb, lock};
        o_fold[1] <= ^{step_valid, step_kind, step_id, step_res, evr_valid, evr_kind,
                       evr_unit, evr_aux, evr_pc, evr_mask, evr_a};
        o_fold[2] <= ^{evr_b, evr_c, evr_part};
        o_fold[3] <= ^evr_vals;
    end
endmodule
