////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_uart_mem.v
//
// Project:	warpq -- a GPU front end, RTL twin of the C golden model
//
// Purpose:	The on-chip memory of the UART top: one single-port RAM of
//		32-bit words shared by two masters -- wq_top's memory port
//		(port D, first on a conflict) and the UART bridge (port B) --
//		each with the master-port contract of docs/rtl/README.md
//		(valid/ready requests, one response per accepted request, in
//		order; here always the next cycle).
//
//	The RAM holds two windows of 2^MEM_LOG2 bytes: the low one at
//	address 0 (programs, their data) and the high one at 0xF0000000
//	(the driver's arena).  A device access outside both reads 0 and
//	writes nothing; a bridge access outside both answers with o_b_err
//	(the bridge reports MEM_RANGE).  i_chk_addr/o_chk_ok is the same
//	decode for the bridge to check a block before it starts.
//
//	i_clear (a pulse) zeroes every word, one a cycle, while o_busy
//	holds both ports off.
//
// Creator:	warpq developers
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none

module wq_uart_mem #(
	parameter MEM_LOG2 = 19		// bytes per window, log2 (3..28)
) (
	input	wire		i_clk,
	input	wire		i_reset,
	input	wire		i_clear,
	output	wire		o_busy,
	// port D: the device (wq_top's memory master)
	input	wire		i_d_valid,
	output	wire		o_d_ready,
	input	wire		i_d_we,
	input	wire	[31:0]	i_d_addr,
	input	wire	[31:0]	i_d_wdata,
	input	wire	[3:0]	i_d_wstrb,
	output	reg		o_d_rvalid,
	output	wire	[31:0]	o_d_rdata,
	// port B: the bridge (whole words)
	input	wire		i_b_valid,
	output	wire		o_b_ready,
	input	wire		i_b_we,
	input	wire	[31:0]	i_b_addr,
	input	wire	[31:0]	i_b_wdata,
	output	reg		o_b_rvalid,
	output	wire	[31:0]	o_b_rdata,
	output	reg		o_b_err,	// with o_b_rvalid: outside the memory
	// the window decode, for the bridge's block check
	input	wire	[31:0]	i_chk_addr,
	output	wire		o_chk_ok
);
	localparam	WA = MEM_LOG2 - 1;		// word index bits, both windows
	localparam	NW = 1 << WA;
	localparam	[31:0]	HI_BASE = 32'hF000_0000;	// the high window

	// a word index, or none: {ok, index}
	function [WA:0] decode;
		// verilator lint_off UNUSEDSIGNAL
		input	[31:0]	a;	// bits 1:0: the byte in the word
		// verilator lint_on UNUSEDSIGNAL
		begin
			if (a[31:MEM_LOG2] == 0)
				decode = { 1'b1, 1'b0, a[MEM_LOG2-1:2] };
			else if (a[31:MEM_LOG2] == HI_BASE[31:MEM_LOG2])
				decode = { 1'b1, 1'b1, a[MEM_LOG2-1:2] };
			else
				decode = { 1'b0, {(WA){1'b0}} };
		end
	endfunction

	reg	[31:0]	ram	[0:NW-1];
	reg	[31:0]	rdata;
	reg		clearing;
	reg	[WA-1:0] cptr;

	// the clear sequencer
	initial	clearing = 1'b0;
	initial	cptr = 0;
	always @(posedge i_clk)
	if (i_reset)
	begin
		clearing <= 1'b0;
		cptr <= 0;
	end else if (i_clear && !clearing)
	begin
		clearing <= 1'b1;
		cptr <= 0;
	end else if (clearing)
	begin
		cptr <= cptr + 1'b1;
		if (&cptr)
			clearing <= 1'b0;
	end
	assign	o_busy = clearing;

	// arbitration: the device first
	wire		d_go = i_d_valid && !clearing;
	wire		b_go = i_b_valid && !clearing && !i_d_valid;
	assign	o_d_ready = !clearing;
	assign	o_b_ready = b_go;

	wire	[WA:0]	d_dec = decode(i_d_addr);
	wire	[WA:0]	b_dec = decode(i_b_addr);
	wire	[WA:0]	c_dec = decode(i_chk_addr);
	assign	o_chk_ok = c_dec[WA];

	wire		wen = clearing || (d_go ? (i_d_we && d_dec[WA])
					: (b_go && i_b_we && b_dec[WA]));
	wire	[WA-1:0] wa = clearing ? cptr : (d_go ? d_dec[WA-1:0] : b_dec[WA-1:0]);
	wire	[31:0]	wd = clearing ? 32'h0 : (d_go ? i_d_wdata : i_b_wdata);
	wire	[3:0]	ws = clearing ? 4'hF : (d_go ? i_d_wstrb : 4'hF);

	always @(posedge i_clk)
	if (wen)
	begin
		if (ws[0])
			ram[wa][7:0]   <= wd[7:0];
		if (ws[1])
			ram[wa][15:8]  <= wd[15:8];
		if (ws[2])
			ram[wa][23:16] <= wd[23:16];
		if (ws[3])
			ram[wa][31:24] <= wd[31:24];
	end

	// read: the word at the address, 0 outside the windows.  Not in a
	// cycle that writes (a write's response carries no data, and its
	// rdata is whatever the RAM held out last): the RAM is then
	// `no_change' on a write, the behaviour of the iCE40's SPRAM and of
	// every block RAM, so it maps onto them without bypass logic.
	reg	rok;
	always @(posedge i_clk)
	if (!wen)
		rdata <= ram[wa];
	always @(posedge i_clk)
		rok   <= d_go ? d_dec[WA] : b_dec[WA];

	initial	o_d_rvalid = 1'b0;
	initial	o_b_rvalid = 1'b0;
	initial	o_b_err = 1'b0;
	always @(posedge i_clk)
	if (i_reset)
	begin
		o_d_rvalid <= 1'b0;
		o_b_rvalid <= 1'b0;
		o_b_err    <= 1'b0;
	end else begin
		o_d_rvalid <= d_go;
		o_b_rvalid <= b_go;
		o_b_err    <= b_go && !b_dec[WA];
	end

	assign	o_d_rdata = rok ? rdata : 32'h0;
	assign	o_b_rdata = rok ? rdata : 32'h0;

`ifdef	FORMAL
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;
	always @(*)
	if (!f_past_valid)
		assume(i_reset);

	// one access a cycle: never both ports, nothing while clearing
	always @(*)
	begin
		assert(!(d_go && b_go));
		if (clearing)
			assert(!o_d_ready && !o_b_ready);
	end
	// one response per accepted request, the next cycle
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && !i_reset)
	begin
		assert(o_d_rvalid == $past(i_d_valid && o_d_ready));
		assert(o_b_rvalid == $past(i_b_valid && o_b_ready));
		assert(!(o_d_rvalid && o_b_rvalid));
		if (o_b_err)
			assert(o_b_rvalid);
	end
	// covers, each reached from reset by scripts/formal.sh's cover run
	always @(posedge i_clk)
	if (f_past_valid)
	begin
		c_range_err: cover(o_b_rvalid && o_b_err);
		c_clear_done: cover($past(clearing) && !clearing);
	end
`endif
endmodule
