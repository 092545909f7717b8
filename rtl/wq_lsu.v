// wq_lsu.v -- the memory port of the warp scheduler (fetch, LD, ST, ATOM).
//
// One access at a time, in lane order, as exec_mem.c serves lanes: the
// scheduler starts an access with i_start, the request is held on the
// valid/ready port until accepted, and o_done pulses with the read data
// when the (single) response arrives.  The caller holds i_we, i_addr,
// i_wdata, i_size and i_sext from i_start until o_done (they are its own
// registers), so the request goes to the port straight from them, without
// a copy here; o_rdata holds the last read's data until the next read (a
// write's response leaves it: ATOM's old value stays there through its
// write).  The port is word wide: the request carries the word address,
// and an access of i_size (log2 bytes: 0 byte, 1 half-word, 2 word) is
// aligned to its size because the scheduler checks alignment of every
// selected lane before the first access.  A write puts its low bytes on
// every byte lane of the word (replicated) and selects its own with the
// byte strobes; a read takes its bytes out of the word and extends them
// (i_sext: sign, else zeros) -- exec_mem.c's port_data, port_strobe and
// sub_load, in wq_subword.vh.  (atom_apply() of the model is computed by the scheduler's
// ALU: its adder, compare and logic serve both.)
`default_nettype none
`include "wq_defs.vh"

module wq_lsu (
    input  wire                  i_clk,
    input  wire                  i_reset,
    input  wire                  i_start,
    input  wire                  i_we,
    input  wire [31:0]           i_addr,
    input  wire [31:0]           i_wdata,
    input  wire [1:0]            i_size,     // log2 bytes: 0, 1, 2
    input  wire                  i_sext,     // a sub-word read sign-extends
    output wire                  o_busy,
    output reg                   o_done,
    output reg  [31:0]           o_rdata,
    // memory port (valid/ready request, one response per request)
    output reg                   o_mem_valid,
    input  wire                  i_mem_ready,
    output wire                  o_mem_we,
    output wire [31:0]           o_mem_addr,
    output wire [31:0]           o_mem_wdata,
    output wire [3:0]            o_mem_wstrb,
    input  wire                  i_mem_rvalid,
    input  wire [31:0]           i_mem_rdata
);
    reg waiting;                              // accepted, response pending
`include "wq_subword.vh"
    assign o_busy = o_mem_valid || waiting;
    assign o_mem_wstrb = sw_strobe(i_size, i_addr[1:0]);
    assign o_mem_we    = i_we;
    assign o_mem_addr  = {i_addr[31:2], 2'b00};
    assign o_mem_wdata = sw_wdata(i_size, i_wdata);
    // the read word's bytes from the access's own, then extended
    wire [31:0] rsub = sw_load(i_size, i_sext, i_addr[1:0], i_mem_rdata);

    always @(posedge i_clk) begin
        o_done <= 1'b0;
        if (i_reset) begin
            o_mem_valid <= 1'b0;
            waiting <= 1'b0;
        end else begin
            if (i_start && !o_busy) begin
                o_mem_valid <= 1'b1;
            end
            if (o_mem_valid && i_mem_ready) begin
                o_mem_valid <= 1'b0;
                waiting <= 1'b1;
            end
            if (waiting && i_mem_rvalid) begin
                waiting <= 1'b0;
                o_done <= 1'b1;
                if (!i_we) o_rdata <= rsub;
            end
        end
    end

`ifdef FORMAL
    // Run by `make formal` (scripts/formal.sh, job lsu): BMC + k-induction.
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    always @(*) if (!f_past) assume(i_reset);
    // the memory: one response per accepted request, at least one cycle later
    always @(*) if (!waiting) assume(!i_mem_rvalid);
    // the caller: request fields held from i_start until the response
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && ($past(o_busy) || $past(i_start)))
            assume(i_we == $past(i_we) && i_addr == $past(i_addr) && i_wdata == $past(i_wdata)
                   && i_size == $past(i_size) && i_sext == $past(i_sext));
    // the caller's alignment check: an access is aligned to its size
    always @(*) if (i_size[1]) assume(i_addr[1:0] == 2'b00);
    always @(*) if (i_size == 2'd1) assume(!i_addr[0]);
    // a request stays on the port, unchanged, until it is accepted
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && $past(o_mem_valid) && !$past(i_mem_ready))
            assert(o_mem_valid && o_mem_addr == $past(o_mem_addr) && o_mem_we == $past(o_mem_we)
                   && o_mem_wdata == $past(o_mem_wdata));
    // a request only for an i_start while idle, with its address and data
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && o_mem_valid && !$past(o_mem_valid)) begin
            assert($past(i_start && !o_busy));
            assert(o_mem_addr == {$past(i_addr[31:2]), 2'b00} && o_mem_we == $past(i_we));
            if ($past(i_size[1])) assert(o_mem_wdata == $past(i_wdata) && o_mem_wstrb == 4'hF);
        end
    // a write's strobes select as many bytes as its size, its data there
    always @(*) begin
        assert(o_mem_wstrb == 4'b0001 || o_mem_wstrb == 4'b0010 || o_mem_wstrb == 4'b0100 ||
               o_mem_wstrb == 4'b1000 || o_mem_wstrb == 4'b0011 || o_mem_wstrb == 4'b1100 ||
               o_mem_wstrb == 4'b1111);
        if (i_size == 2'd0) assert(o_mem_wdata[8*i_addr[1:0] +: 8] == i_wdata[7:0]);
        if (i_size == 2'd1) assert(o_mem_wdata[16*i_addr[1] +: 16] == i_wdata[15:0]);
    end
    // o_done: the cycle after the response, with its data, one cycle long
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && o_done)
            assert($past(waiting && i_mem_rvalid) && !waiting &&
                   o_rdata == ($past(i_we) ? $past(o_rdata) : $past(rsub)));
    // a word read is the port's word; a sub-word read its extended bytes
    always @(*) if (i_size[1]) assert(rsub == i_mem_rdata);
    always @(*) if (i_size == 2'd0) assert(rsub[7:0] == i_mem_rdata[8*i_addr[1:0] +: 8] &&
                                           rsub[31:8] == {24{i_sext && rsub[7]}});
    always @(*) if (i_size == 2'd1) assert(rsub[15:0] == i_mem_rdata[16*i_addr[1] +: 16] &&
                                           rsub[31:16] == {16{i_sext && rsub[15]}});
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && $past(waiting && i_mem_rvalid))
            assert(o_done);
    // never a second request while one is outstanding
    always @(*) assert(!(o_mem_valid && waiting));
    always @(*) assert(o_mem_addr[1:0] == 2'b00);
    always @(*) if (f_past && !i_reset && o_done) assert(!o_mem_valid);
    // covers (each reached by scripts/formal.sh): a read and a write
    // complete, a request waits on i_mem_ready, a response comes late,
    // and a new access starts the cycle after o_done
    always @(posedge i_clk)
        if (f_past && !$past(i_reset) && !i_reset) begin
            c_read:      cover(o_done && !i_we && o_rdata == 32'h1234_5678);
            c_write:     cover(o_done && i_we);
            c_req_held:  cover(o_mem_valid && $past(o_mem_valid));
            c_resp_late: cover(waiting && $past(waiting) && i_mem_rvalid);
            c_back2back: cover(o_mem_valid && $past(o_done));
        end
`endif
endmodule
