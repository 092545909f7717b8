// wq_regfile.v -- lane-banked RAM of the SIMT lanes (DESIGN §6.4).
//
// One row is one LANES-wide slice ("part") of a 32-thread register (or of
// the per-thread state), stored as LANES banks of WIDTH bits, one bank per
// physical lane, so a row is read or written in one cycle and each bank is
// an ordinary inferred RAM (block RAM / LUT RAM) with one synchronous read
// port and one write port.  Writes carry a per-lane enable: a divergent
// instruction writes only its selected threads.  The scheduler uses it for
// the register file (WARPS x REGS x 32/LANES rows of 32-bit lanes) and for
// the per-thread disable reason / wait address (WARPS x 32/LANES rows).
//
// Read data appears the cycle after the address (o_rdata is registered).
// A read of a row written (in that lane) in the same cycle returns
// unspecified data: the scheduler never uses such a read.  Saying so
// (no_rw_check) lets Yosys map each bank straight onto block RAM; with
// read-before-write it emulated the collision in fabric (a copy of the
// write data and an address compare per bank: ~LANES*WIDTH flip-flops).
// Simulation returns the old row inverted on a collision, so a lockstep
// bench would see any use of such a read.
//
// i_rzero reads the row as zero instead (the register-zero flags of the
// warp start's memset, wq_opread): the read register's synchronous
// reset, which an ECP5 DP16KD has at its output (RESETMODE SYNC), so a
// zero row costs its reader no select behind the RAM.
//
// Every bank of more than one row is block RAM (ram_style), also when it
// is shallow and narrow enough that Yosys' cost model would pick LUT RAM
// (the thread-id RAM, 32 rows of 33 bits at the ULX3S's LANES=8): the
// read is registered either way, and on the ECP5 a LUT RAM's 64 bits take
// six logic sites (docs/fpga/boards.md, "Resources by module") where a
// DP16KD is free.  A bank of one row (the division unit's rows with one
// part, LANES=32) is left to Yosys: flip-flops, not a block RAM with one
// of its 512 rows used.
`default_nettype none

module wq_regfile #(
    parameter LANES = 32,      // banks (physical lanes)
    parameter WIDTH = 32,      // bits per lane
    parameter DEPTH = 256,     // rows
    parameter AW    = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
    input  wire                     i_clk,
    input  wire [AW-1:0]            i_raddr,
    input  wire                     i_rzero,    // ... read as zero (not the row)
    output wire [LANES*WIDTH-1:0]   o_rdata,
    input  wire                     i_we,
    input  wire [AW-1:0]            i_waddr,
    input  wire [LANES-1:0]         i_wlane,
    input  wire [LANES*WIDTH-1:0]   i_wdata
);
    genvar l;
    generate for (l = 0; l < LANES; l = l + 1) begin : bank
        (* ram_style = (DEPTH > 1) ? "block" : "auto", no_rw_check *)
        reg [WIDTH-1:0] mem [0:DEPTH-1];
        reg [WIDTH-1:0] q;
        // contents start unknown; the scheduler zeroes a warp's rows at CTA
        // start (the model's warp_start memset), which is what software sees
        always @(posedge i_clk) begin
            if (i_we && i_wlane[l])
                mem[i_waddr] <= i_wdata[l*WIDTH +: WIDTH];
            q <= mem[i_raddr];
`ifndef SYNTHESIS
            // collision: poison the read (see above)
            if (i_we && i_wlane[l] && i_raddr == i_waddr)
                q <= ~mem[i_raddr];
`endif
            if (i_rzero)
                q <= {WIDTH{1'b0}};
        end
        assign o_rdata[l*WIDTH +: WIDTH] = q;
    end endgenerate

`ifdef FORMAL
    // the read port returns the row as it was before the edge, in every
    // bank that was not written at the read address on that edge
    reg f_past = 1'b0;
    always @(posedge i_clk) f_past <= 1'b1;
    generate for (l = 0; l < LANES; l = l + 1) begin : fbank
        always @(posedge i_clk)
            if (f_past && $past(i_rzero))
                assert(bank[l].q == {WIDTH{1'b0}});
            else if (f_past && !$past(i_we && i_wlane[l] && i_raddr == i_waddr))
                assert(bank[l].q == $past(bank[l].mem[i_raddr]));
    end endgenerate
    // covers (each reached by scripts/formal.sh, job regfile): a row
    // written in one lane only, read back the next cycle with the new
    // data, and a read that collides with a write (poisoned, unused)
    always @(posedge i_clk)
        if (f_past) begin
            c_partial_write: cover(i_we && i_wlane[0] && !i_wlane[LANES-1] && LANES > 1);
            c_read_new:      cover($past(i_we && i_wlane[0] && i_waddr == i_raddr, 2)
                                   && !$past(i_we) && $past(i_raddr) == $past(i_raddr, 2)
                                   && o_rdata[WIDTH-1:0] == $past(i_wdata[WIDTH-1:0], 2)
                                   && o_rdata[WIDTH-1:0] != {WIDTH{1'b0}});
            c_collision:     cover($past(i_we && i_wlane[0] && i_raddr == i_waddr));
            c_rzero:         cover($past(i_rzero) && $past(bank[0].mem[i_raddr]) != {WIDTH{1'b0}});
        end
`endif
endmodule
