////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_mem.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's memory master: the model's reads of
//		memory in a step (wq_dm_read32 of take_entry, seg_read,
//		wq_sched_launch's descriptor) and the semaphore unit's
//		accesses (sem_load / sem_store), on one port.
//
//		* The host's own reads (the registers; their next values are
//		  wq_host_seq's): the request (o_h_mem_valid, o_h_mem_addr,
//		  o_h_issued), the word read (o_rdata, with GP word 0's
//		  reserved-bits flag), a read stream's counts (o_lreq reads
//		  accepted, o_lidx words taken, o_ld_line: a descriptor read
//		  as lines), and o_lw_v: a host read's word landed in o_rdata
//		  (H_MEM's one read, the descriptor stream, the GP entry's
//		  stream), on which the stream's words are taken.
//		* The one address adder of the host's reads (o_ma_sum):
//		  GPFIFO_BASE + 8 * GP_GET (H_GP0, or H_DUE with GPFIFO_BASE
//		  already on the channel RAM's read port: o_ma_gp), the
//		  launch descriptor's address (H_LAUNCH2), SEM_ADDR_LO (H_SL2,
//		  or FAST's H_SEMX2) + 0, and the next word, o_h_mem_addr + 4 (+ 16: the next
//		  line of a line-wide descriptor read).
//		* (FAST) The semaphore unit's posted writes: the memory
//		  answers in order, so a read asked for after a write sees
//		  it, and nothing waits for the write's own answer.  The unit
//		  gets an answer the cycle after a write is accepted (wr_fake)
//		  and goes on; o_wr_pend counts the writes whose real answers
//		  are still to come, the oldest answers, which are dropped
//		  (o_m_rv: the answers the host's reads and reads ahead take).
//		* The port: the semaphore unit's while it owns it
//		  (i_sem_active), else the host's read or a read ahead's
//		  (wq_host_fifo's, never up with another: wq_host_ra).  The
//		  unit's address is SEM_ADDR_LO, which H_SL2 also loads into
//		  the host's address: only bit 2 (the high word of a 64-bit
//		  semaphore) comes from the unit.  Only the unit writes.
//
//		Instantiated by wq_host_if (u_mem).  docs/rtl/wq_host_mem.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

module wq_host_mem #(
		parameter	FAST       = 1,	// wq_host_if's FAST
		parameter	LINE_BYTES = 4	// the memory port's line
	) (
		input	wire		i_clk,
		input	wire		i_reset,
		input	wire	[5:0]	i_hs,		// the sequencer's state
		// the host's reads' next values (wq_host_seq's)
		input	wire		i_h_mem_valid_d, i_h_issued_d, i_ld_line_d,
		input	wire		i_w0_bad_d,
		input	wire	[31:0]	i_h_mem_addr_d, i_rdata_d,
		input	wire	[4:0]	i_lreq_d, i_lidx_d,
		// an answer to the host's own read (wq_host_if's h_rv)
		input	wire		i_h_rv,
		// the address adder: GPFIFO_BASE on the channel RAM's read port
		// in H_DUE (i_gb_rdy, not with the GP stream i_gs_run),
		// launch_desc on the read port in H_LAUNCH (i_ld_rdy); the read
		// word, GP_GET
		input	wire		i_gb_rdy, i_gs_run, i_ld_rdy,
		input	wire	[31:0]	i_cm_rd,
		input	wire	[15:0]	i_s_get,
		// the semaphore unit's side of the port
		input	wire		i_sem_active,
		input	wire		i_sem_mem_valid, i_sem_mem_we,
		input	wire		i_sem_addr2,	// its address' bit 2
		input	wire	[31:0]	i_sem_mem_wdata,
		input	wire	[3:0]	i_sem_mem_wstrb,
		output	wire		o_sem_rvalid,	// its answer
		// the reads ahead (wq_host_fifo)
		input	wire		i_pf_mem_valid,
		input	wire	[31:0]	i_pf_mem_addr,
		// the memory port
		output	wire		o_mem_valid,
		input	wire		i_mem_ready,
		output	wire		o_mem_we,
		output	wire	[31:0]	o_mem_addr,
		output	wire	[31:0]	o_mem_wdata,
		output	wire	[3:0]	o_mem_wstrb,
		input	wire		i_mem_rvalid,
		// the answers the host's reads and reads ahead take; the
		// posted writes still owed an answer
		output	wire		o_m_rv,
		output	reg	[1:0]	o_wr_pend,
		// the address adder
		output	wire		o_ma_gp,
		output	wire	[31:0]	o_ma_sum,
		// the host's reads' registers
		output	reg		o_h_mem_valid, o_h_issued, o_ld_line, o_w0_bad,
		output	reg	[31:0]	o_h_mem_addr, o_rdata,
		output	reg	[4:0]	o_lreq, o_lidx,
		output	reg		o_lw_v
	);

	// verilator lint_off UNUSEDPARAM
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM
	localparam	LD_LINE = (FAST != 0) && (LINE_BYTES == 16);

	////////////////////////////////////////////////////////////////////////
	//
	// The host's own reads
	//
	// the request, the word read, a stream's counts
	always @(posedge i_clk)
	if (i_reset)
	begin
		o_h_mem_valid <= 1'b0;
		o_h_issued    <= 1'b0;
		o_ld_line     <= 1'b0;
	end else begin
		o_h_mem_valid <= i_h_mem_valid_d;
		o_h_issued    <= i_h_issued_d;
		o_ld_line     <= i_ld_line_d;
		o_h_mem_addr  <= i_h_mem_addr_d;
		o_rdata       <= i_rdata_d;
		o_w0_bad      <= i_w0_bad_d;
		o_lreq        <= i_lreq_d;
		o_lidx        <= i_lidx_d;
	end

	// a host read's word is in o_rdata (H_MEM's one read, H_LREAD's
	// stream, H_GPW's): the streams' words are taken on this
	always @(posedge i_clk)
	if (i_reset)
		o_lw_v <= 1'b0;
	else
		o_lw_v <= i_h_rv && ((i_hs == H_MEM && o_h_issued)
				|| i_hs == H_LREAD || (FAST != 0 && i_hs == H_GPW));

	// The one address adder: GPFIFO_BASE + 8 * GP_GET (H_GP0), the
	// launch descriptor's address (H_LAUNCH2, + 0), and the next word,
	// h_mem_addr + 4 (the GP entry's word 1, the descriptor words, and
	// the segment pointer after a header or data read); a segment read
	// itself takes {seg_addr, 00} unchanged.  (FAST: H_DUE does H_GP0's
	// work when GPFIFO_BASE is already on cm_rd, gb_rdy)
	wire		ma_gp  = (i_hs == H_GP0)
				|| (FAST != 0 && i_hs == H_DUE && i_gb_rdy && !i_gs_run);
	// (FAST: H_SEMX2 loading the unit takes SEM_ADDR_LO as H_SL2 does;
	// H_SEMX2 uses the sum only then, so the state alone selects it, not
	// the load's decision behind the reads ahead's busy flag)
	wire		ma_cm  = ma_gp || (i_hs == H_LAUNCH2) || (i_hs == H_SL2)
				|| (FAST != 0 && i_hs == H_SEMX2)
				|| (FAST != 0 && i_hs == H_LAUNCH && i_ld_rdy);
	wire	[31:0]	ma_a   = ma_cm ? i_cm_rd : o_h_mem_addr;
	wire		ma_l16 = LD_LINE && i_hs == H_LREAD && o_ld_line;	// the next line
	wire	[31:0]	ma_b   = ma_gp ? {13'h0, i_s_get, 3'h0}
				: {27'h0, ma_l16, 1'b0, !ma_cm && !ma_l16, 2'b00};
	assign	o_ma_gp  = ma_gp;
	assign	o_ma_sum = ma_a + ma_b;

	////////////////////////////////////////////////////////////////////////
	//
	// The posted writes (FAST): accepted, not yet answered
	//
	reg		wr_fake;
	wire	wr_acc = (FAST != 0) && i_sem_active && i_sem_mem_valid && i_sem_mem_we
			&& i_mem_ready;
	always @(posedge i_clk)
	if (i_reset || FAST == 0)
	begin
		wr_fake   <= 1'b0;
		o_wr_pend <= 2'd0;
	end else begin
		wr_fake   <= wr_acc;
		o_wr_pend <= o_wr_pend + {1'b0, wr_acc}
			- {1'b0, i_mem_rvalid && o_wr_pend != 2'd0};
	end
	wire		m_rv = i_mem_rvalid && (o_wr_pend == 2'd0);
	assign	o_m_rv       = m_rv;
	assign	o_sem_rvalid = i_sem_active && ((FAST != 0) ? (wr_fake || m_rv) : i_mem_rvalid);

	////////////////////////////////////////////////////////////////////////
	//
	// The port
	//
	assign	o_mem_valid = i_sem_active ? i_sem_mem_valid : (o_h_mem_valid || i_pf_mem_valid);
	assign	o_mem_we    = i_sem_active && i_sem_mem_we;
	assign	o_mem_addr  = i_pf_mem_valid ? i_pf_mem_addr
				: {o_h_mem_addr[31:3],
				i_sem_active ? i_sem_addr2 : o_h_mem_addr[2],
				o_h_mem_addr[1:0]};
	assign	o_mem_wdata = i_sem_mem_wdata;
	assign	o_mem_wstrb = i_sem_mem_wstrb;

`ifdef FORMAL
	// ---- formal properties (jobs host_mem, host_mem_0) ------------------
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;
	always @(*)
	if (!f_past_valid)
		assume(i_reset);
	// The memory: one answer per accepted request, in order (f_mout:
	// accepted, not yet answered); a read ahead only while the
	// semaphore unit does not own the port (wq_host_ra)
	reg	[4:0]	f_mout;
	initial	f_mout = 5'd0;
	always @(posedge i_clk)
	if (i_reset)
		f_mout <= 5'd0;
	else if ((o_mem_valid && i_mem_ready) && !i_mem_rvalid)
		f_mout <= f_mout + 5'd1;
	else if (!(o_mem_valid && i_mem_ready) && i_mem_rvalid)
		f_mout <= f_mout - 5'd1;
	always @(*)
	begin
		if (f_mout == 5'd0)
			assume(!i_mem_rvalid);
		assume(f_mout < 5'd20);
	end
	// The inputs' contract: assumed when the unit is the job's top
	// (FORMAL_HOST_MEM_TOP), asserted inside the host interface, whose
	// units must keep it (an assumption there would prune the host's
	// own behaviour instead of checking it)
`ifdef FORMAL_HOST_MEM_TOP
	always @(*)
	begin
		if (i_sem_active)
			assume(!i_pf_mem_valid);
	end
`else
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		if (i_sem_active)
			assert(!i_pf_mem_valid);
	end
`endif

	always @(*)
	if (f_past_valid && !i_reset)
	begin
		// the posted writes still owed an answer are among the
		// accesses in flight; none with FAST = 0
		assert({3'd0, o_wr_pend} <= f_mout);
		if (FAST == 0)
			assert(o_wr_pend == 2'd0 && !wr_fake);
		// an answer goes to the host's reads only when no posted
		// write is owed one (the oldest answers are the writes')
		if (o_m_rv)
			assert(i_mem_rvalid && o_wr_pend == 2'd0);
		if (i_mem_rvalid && o_wr_pend != 2'd0)
			assert(!o_m_rv);
		// the semaphore unit's answer: its own (FAST = 0), or with
		// FAST the cycle after its write was accepted or a read's
		if (o_sem_rvalid)
			assert(i_sem_active);
		// the port: only the unit writes; the unit's address but for
		// bit 2 is the host's (SEM_ADDR_LO, loaded by H_SL2)
		if (o_mem_we)
			assert(i_sem_active && o_mem_valid == i_sem_mem_valid);
		if (!i_pf_mem_valid)
			assert(o_mem_addr[31:3] == o_h_mem_addr[31:3]
				&& o_mem_addr[1:0] == o_h_mem_addr[1:0]);
		// the address adder
		if (ma_gp)
			assert(o_ma_sum == i_cm_rd + {13'h0, i_s_get, 3'h0});
		else if (ma_cm)
			assert(o_ma_sum == i_cm_rd);
		else if (ma_l16)
			assert(o_ma_sum == o_h_mem_addr + 32'd16);
		else
			assert(o_ma_sum == o_h_mem_addr + 32'd4);
	end

	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset))
	begin
		// a posted write: the unit's answer the cycle after it was
		// accepted, and one more answer owed (less one taken now)
		if (FAST != 0 && $past(wr_acc))
			assert(wr_fake && o_sem_rvalid == i_sem_active);
		if (FAST != 0)
			assert(o_wr_pend == $past(o_wr_pend) + {1'b0, $past(wr_acc)}
				- {1'b0, $past(i_mem_rvalid && o_wr_pend != 2'd0)});
		// a word landed: from H_MEM's issued read, a stream's answer
		assert(o_lw_v == ($past(i_h_rv) && (($past(i_hs) == H_MEM && $past(o_h_issued))
				|| $past(i_hs) == H_LREAD || (FAST != 0 && $past(i_hs) == H_GPW))));
	end

	// ---- covers: a posted write answered after a read asked for, two
	// owed at once, a word landing, the next line's address ------------
	always @(*)
	if (f_past_valid && !i_reset)
		c_lw: cover(o_lw_v);
	generate if (FAST != 0)
	begin : g_fcover_w
		always @(posedge i_clk)
		if (f_past_valid && !$past(i_reset))
		begin
			c_drop: cover($past(o_wr_pend != 2'd0 && i_mem_rvalid));
			c_two:  cover(o_wr_pend == 2'd2);
		end
	end endgenerate
	generate if (LD_LINE)
	begin : g_fcover
		always @(*)
		if (f_past_valid && !i_reset)
			c_line: cover(ma_l16 && !ma_cm);
	end endgenerate
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
