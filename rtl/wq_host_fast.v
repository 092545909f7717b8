////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_fast.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's one-cycle step (FAST) and the method
//		about to run.  The method about to run is the one whose header
//		H_HDRDEC decodes (an IMMD header: H_HDR with FAST) or whose data
//		word H_DATA takes; this unit names it (o_nm_off), says whether
//		H_PMW counts it first (o_nm_early: SEM_EXECUTE, every method with
//		FAST = 0) and whether it is a LAUNCH (o_nm_launch), and decides
//		whether that state runs the whole step of a plain method in its
//		one cycle (o_fire): a method that only writes a register or
//		raises NON_STALL_INTERRUPT (wq_host_method, u_nmeth here), the
//		segment going on after it (no GP_GET advance), the slice going
//		on (no leave) and nobody waiting for the lock (the channel is
//		RUNNABLE with work in every cycle of its segment walk:
//		wq_host_step asserts it).  With o_fire it gives the step's effects on the slice and
//		PERF_METHODS; wq_host_if applies them (its fast_step) with the
//		METHOD record, the step pulse and o_step_more.  Combinational;
//		wq_host_if instantiates it (u_fast); docs/rtl/wq_host_fast.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"
`include "wq_host_hpre.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_fast #(
		parameter	FAST = 1	// wq_host_if's FAST (0: no one-cycle step)
	) (
		// the step sequencer's state
		input	wire	[5:0]	i_hs,
		// the header being decoded: the FIFO's head (FAST, H_HDR) or
		// the word read (its method address, i_rdata_adr); a word is
		// held in the FIFO
		input	wire	[31:0]	i_pf_head,
		// the head's fields (wq_host_hpre.vh's WQ_HQ_*: decided as the
		// FIFO stored the word -- its decode and whether it is the
		// segment's last -- so the verdict does not decode the head)
		input	wire	[`WQ_HQ_W-1:0]	i_pf_k,
		input	wire	[`WQ_MH_ADDRESS_W-1:0]	i_rdata_adr,
		input	wire		i_pf_nz,
		// the step's channel: the method's address, its last word, the
		// segment's words left (in H_HDR and H_DATA the channel is
		// RUNNABLE and has work: its state is settled, RUNNABLE inside a
		// segment -- wq_host_map.vh's settle; wq_host_step asserts it)
		input	wire	[`WQ_MH_ADDRESS_W-1:0]	i_m_addr,
		input	wire		i_m_one,	// its count is 1 (u_cst's flag)
		input	wire	[`WQ_GP_LENGTH_W-1:0]	i_seg_rem,
		// the engine and the grid (the method's decode)
		input	wire		i_engine_idle,
		input	wire		i_can_launch,
		// another unit waits for the lock
		input	wire		i_ev_wait,
		// the slice: fresh (count 0), its count's copy, HOST_SLICE's
		// copy, HOST_SLICE == 0, the count at HOST_SLICE; another
		// channel has work after the step's (wq_host_sched's nx_sc)
		input	wire		i_sl_fresh,
		input	wire	[31:0]	i_slu,
		input	wire		i_sl_eq,	// the count is HOST_SLICE - 1 (wq_host_slice's flip-flop)
		input	wire		i_hs_zero,
		input	wire		i_sl_end,
		input	wire		i_nx_v,
		// PERF_METHODS' copy
		input	wire	[31:0]	i_perf,
		// the method about to run: its byte offset, counted in H_PMW, a
		// LAUNCH; and H_DATA's, the method number of the channel's method
		// address (o_nm_m: the offset's low bits there, not behind the
		// state's select of the header's, for the reads ahead's hold)
		output	wire	[13:0]	o_nm_off,
		output	wire	[`WQ_M_W-1:0]	o_nm_m,
		output	wire		o_nm_early,
		output	wire		o_nm_launch,
		// the one-cycle step runs now
		output	wire		o_fire,
		// its method: the NON_STALL pulse; a write of the data word
		// into channel RAM field o_ram_f
		output	wire		o_irq,
		output	wire		o_ram_w,
		output	wire	[3:0]	o_ram_f,
		// its slice (applied when !i_sl_end): the count after it
		// (o_slu), the slice ends with it (o_sl_eq: a fresh one, whose
		// sl_end is o_end)
		output	wire	[31:0]	o_slu,
		output	wire		o_sl_eq,
		output	wire		o_end,
		// PERF_METHODS + 1
		output	wire	[31:0]	o_perf
	);

	// verilator lint_off UNUSEDPARAM
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM

	// the header being decoded (u_hdr decodes it; the verdict and the
	// method about to run look at it here too)
	// (FAST: H_HDRDEC is not reached, wq_host_hdr asserts it; the
	// header is the FIFO's head's, with no state decode in front)
	wire	[`WQ_MH_ADDRESS_W-1:0]	hdr_adr = (FAST != 0)
				? i_pf_head[`WQ_MH_ADDRESS_RANGE] : i_rdata_adr;
	// The method about to run (H_HDRDEC's IMMD, H_DATAGOT): SEM_EXECUTE
	// and LAUNCH count it in H_PMW, as att_q serves them after; any other
	// (FAST) counts it in H_METHOD (perf_q), when att_q still holds
	// PERF_METHODS and the RAM's write port is free, and skips H_PMW
	wire	[13:0]	nm_off = ((FAST != 0) ? (i_hs == H_HDR) : (i_hs == H_HDRDEC))
				? {hdr_adr, 2'b00} : {i_m_addr, 2'b00};
	// (FAST: each source's method fields, wq_host_hpre's -- the
	// header's as the FIFO stored them, the method address's decoded
	// here -- the state selecting between them last)
	// verilator lint_off UNUSEDSIGNAL
	wire	[`WQ_HP_W-1:0]	fd_k;	// (only the method's fields are read)
	// verilator lint_on UNUSEDSIGNAL
	wq_host_hpre u_fd_k (.i_word({{(32-`WQ_MH_ADDRESS_W){1'b0}}, i_m_addr}), .o_k(fd_k));
	wire	nm_early = (FAST == 0) || ((i_hs == H_HDR) ? i_pf_k[`WQ_HP_EARLY]
			: fd_k[`WQ_HP_EARLY]);
	// (FAST: LAUNCH asks for launch_desc instead, ld_rdy: a LAUNCH step
	// leaves through H_LCHK, which asks for GP_PUT)
	wire	nm_launch = (FAST != 0) && ((i_hs == H_HDR) ? i_pf_k[`WQ_HP_LAUNCH]
			: fd_k[`WQ_HP_LAUNCH]);

	// The one-cycle step's method from each of its two sources' fields,
	// beside the state's decode, and selected after: the FIFO's head's
	// (H_HDR), the method address's (H_DATA) -- the engine's state at
	// their last LUT, an input late in the cycle.  Not decoded behind the
	// state's multiplexer of nm_off (the step's verdict was the
	// sequencer's deepest path: the state's decode, the two multiplexers
	// and the method's decode in a row).
	wire	fh = (FAST != 0) && (i_hs == H_HDR);	// the step's method: the FIFO's head's
	wire	fd = (i_hs == H_DATA);			// the channel's method address
	wire		fh_plain = `WQ_HP_PLAIN(i_pf_k, i_engine_idle);
	wire		fh_irq   = i_pf_k[`WQ_HP_IRQ];
	wire		fh_ram   = `WQ_HP_RAM(i_pf_k, i_engine_idle);
	wire	[3:0]	fh_f     = i_pf_k[`WQ_HP_F];
	wire		fd_plain = `WQ_HP_PLAIN(fd_k, i_engine_idle);
	wire		fd_irq   = fd_k[`WQ_HP_IRQ];
	wire		fd_ram   = `WQ_HP_RAM(fd_k, i_engine_idle);
	wire	[3:0]	fd_f     = fd_k[`WQ_HP_F];

	// the slice count after the step, and whether the slice goes on
	// (the slice ends when the count before the step is HOST_SLICE - 1:
	// wq_host_slice's flip-flop, kept exact with the count, not a
	// compare here)
	wire	[31:0]	fm_slu0  = i_sl_fresh ? 32'h0 : i_slu;
	wire	[31:0]	fm_slu1  = fm_slu0 + 32'h1;
	wire		fm_sl_eq = i_sl_eq;
	// (a slice that ends with no other channel with work is a fresh one)
	wire		fm_stay  = i_hs_zero || (!i_sl_end && (!fm_sl_eq || !i_nx_v));
	// the segment goes on after the word (an IMMD header: nothing left
	// to count but the segment's words); an IMMD header without
	// reserved bits (the FIFO's head, H_HDR)
	// (the segment's last word: the FIFO's flag for its head, decided as
	// it stored the word -- a word's words left from it on are the walk's
	// words left when it takes it -- not a compare of i_seg_rem here)
	wire		pf_last  = i_pf_k[`WQ_HQ_LAST];
	wire		fd_seg   = !i_m_one || !pf_last;
	wire		fh_seg   = !pf_last && (i_seg_rem != 0);
	// (SEC_OP IMMD is not 0, so such a header is not the NOP word 0:
	// no 32-bit zero test in front of the verdict)
	wire		fh_immd  = !i_pf_k[`WQ_HP_RSVD] && i_pf_k[`WQ_HP_IMMD];
	// (the header's count and subchannel: wq_host_hdr's; its other
	// fields are wq_host_hdr's)
	// verilator lint_off UNUSEDSIGNAL
	wire		unused_head = &{1'b0, i_pf_head[`WQ_MH_COUNT_RANGE],
				i_pf_head[`WQ_MH_SUBCH_RANGE], i_pf_head[`WQ_MH_RSVD_RANGE],
				i_pf_head[`WQ_MH_SEC_OP_RANGE], i_pf_k[`WQ_HP_NOP],
				i_pf_k[`WQ_HP_BURST], i_pf_k[`WQ_HP_END], i_pf_k[`WQ_HP_CNT0],
				i_pf_k[`WQ_HQ_TRUNC], i_pf_k[`WQ_HP_CNT1],
				i_can_launch};	// (LAUNCH is never plain: the formal section's)
	// verilator lint_on UNUSEDSIGNAL
	wire		fm_go    = (FAST != 0) && fm_stay && !i_ev_wait && i_pf_nz;
	wire		fm_fire  = fm_go && ((fd && fd_plain && fd_seg)
				|| (fh && fh_plain && fh_seg && fh_immd));

	assign	o_nm_off    = nm_off;
	assign	o_nm_m      = {i_m_addr[`WQ_M_W-3:0], 2'b00};
	assign	o_nm_early  = nm_early;
	assign	o_nm_launch = nm_launch;
	assign	o_fire      = fm_fire;
	assign	o_irq       = fh ? fh_irq : fd_irq;
	assign	o_ram_w     = fh ? fh_ram : fd_ram;
	assign	o_ram_f     = fh ? fh_f : fd_f;
	assign	o_slu       = fm_slu1;
	assign	o_sl_eq     = fm_sl_eq;
	// (a slice that ends alone: a fresh one, at its end only if
	// HOST_SLICE is 0)
	assign	o_end       = fm_sl_eq && i_hs_zero;
	assign	o_perf      = i_perf + 32'h1;

`ifdef FORMAL
	// ---- formal properties (jobs host_fast, host_fast_0) --------------
	wire	[`WQ_M_W-1:0]	nm_m = nm_off[`WQ_M_W-1:0];
	// the environment: the head's fields and place (wq_fhead; assumed
	// when the unit is the job's top, FORMAL_HOST_FAST_TOP; asserted
	// inside the host interface, whose FIFO keeps them), where the walk
	// takes the word: H_HDR inside the segment, H_DATA
`ifdef FORMAL_HOST_FAST_TOP
	localparam	F_TOP = 1;
`else
	localparam	F_TOP = 0;
`endif
	wq_fhead #(.F_ASSUME(F_TOP)) f_head (
		.i_nz((FAST != 0) && i_pf_nz), .i_head(i_pf_head), .i_k(i_pf_k),
		.i_hs(i_hs), .i_rem(i_seg_rem));
	wire	f_plain_m = (nm_off[13:`WQ_M_W] == 0)
			&& ((nm_m == `WQ_M_NON_STALL_INTERRUPT)
			|| ((nm_m == `WQ_M_SET_REFERENCE || nm_m == `WQ_M_WFI)
				&& i_engine_idle)
			|| nm_m == `WQ_M_SEM_ADDR_LO || nm_m == `WQ_M_SEM_ADDR_HI
			|| nm_m == `WQ_M_SEM_PAYLOAD_LO || nm_m == `WQ_M_SEM_PAYLOAD_HI
			|| nm_m == `WQ_M_LAUNCH_DESC);
	// the method about to run, decoded as the step's sequencer reads it
	// (nm_off): the one-cycle step's effects are its
	wire		f_irq, f_ram;
	wire	[3:0]	f_f;
	/* verilator lint_off PINCONNECTEMPTY */
	wq_host_method u_f_meth (
		.i_off(nm_off), .i_engine_idle(i_engine_idle), .i_can_launch(i_can_launch),
		.o_unknown(), .o_irq_ns(f_irq), .o_ram_w(f_ram), .o_ram_f(f_f),
		.o_wait(), .o_wait_kind(), .o_sem(), .o_launch(), .o_yield(),
		.o_plain());
	/* verilator lint_on PINCONNECTEMPTY */
	always @(*)
	begin
		if (o_fire)
			assert(o_irq == f_irq && o_ram_w == f_ram
				&& (!o_ram_w || o_ram_f == f_f));
		// FAST = 0: every method counted in H_PMW, no one-cycle step
		if (FAST == 0)
			assert(o_nm_early && !o_nm_launch && !o_fire);
		// the method about to run is the header's in H_HDRDEC / H_HDR
		// (FAST), the channel's method address otherwise
		if (FAST == 0 && i_hs == H_HDRDEC)
			assert(o_nm_off == {i_rdata_adr, 2'b00});
		if (FAST != 0 && i_hs == H_HDR)
			assert(o_nm_off == {i_pf_head[`WQ_MH_ADDRESS_RANGE], 2'b00});
		// H_DATA's method number is the method about to run's
		if (i_hs == H_DATA)
			assert(o_nm_m == o_nm_off[`WQ_M_W-1:0]);
		if (i_hs == H_DATA || i_hs == H_DATAGOT)
			assert(o_nm_off == {i_m_addr, 2'b00});
		// SEM_EXECUTE counted early, LAUNCH: the method about to run's
		// (from the head's fields in H_HDR, with a word held)
		if (FAST != 0 && (i_hs != H_HDR || i_pf_nz))
			assert(o_nm_early == (nm_off[13:`WQ_M_W] == 0
				&& nm_m == `WQ_M_SEM_EXECUTE)
				&& o_nm_launch == (nm_off[13:`WQ_M_W] == 0
				&& nm_m == `WQ_M_LAUNCH));
		if (FAST == 0)
			assert(!o_nm_launch);
		// a one-cycle step: in the walk with a word held, a plain
		// method (a register write, the NON_STALL pulse, or WFI /
		// SET_REFERENCE with the engine idle), a runnable channel with
		// work, nobody waiting for the lock
		if (o_fire)
			assert((i_hs == H_DATA || i_hs == H_HDR) && i_pf_nz
				&& f_plain_m && !i_ev_wait);
		// (H_HDR) only an IMMD header without reserved bits, inside
		// the segment
		if (o_fire && i_hs == H_HDR)
			assert(i_seg_rem != 0 && i_pf_head != 32'h0
				&& i_pf_head[`WQ_MH_RSVD_RANGE] == 0
				&& i_pf_head[`WQ_MH_SEC_OP_RANGE] == `WQ_SECOP_IMMD);
		// never at the segment's last word (GP_GET would advance)
		if (o_fire && i_hs == H_DATA)
			assert(!(i_m_one && i_seg_rem == 1));
		if (o_fire && i_hs == H_HDR)
			assert(i_seg_rem != 1);
		// never when the slice ends with another channel to go to
		// (the step would leave)
		if (o_fire && !i_hs_zero)
			assert(!i_sl_end && !(o_sl_eq && i_nx_v));
		// the slice count moves by one from 0 in a fresh slice
		assert(o_slu == (i_sl_fresh ? 32'h1 : i_slu + 32'h1));
		if (o_end)
			assert(o_sl_eq && i_hs_zero);
		assert(o_perf == i_perf + 32'h1);
		// the method's effects are a plain method's
		if (o_fire)
			assert(!(o_irq && o_ram_w));
	end

	always @(*)
	if (FAST != 0)
	begin
		c_data:    cover(o_fire && i_hs == H_DATA);
		c_hdr:     cover(o_fire && i_hs == H_HDR);
		c_irq:     cover(o_fire && o_irq);
		c_ram:     cover(o_fire && o_ram_w);
		c_wfi:     cover(o_fire && !o_irq && !o_ram_w);
		c_sl_end:  cover(o_fire && o_sl_eq && !i_nx_v);
		c_wait:    cover(!o_fire && i_ev_wait && i_hs == H_DATA && i_pf_nz);
		c_early:   cover(o_nm_early && i_hs == H_HDR);
		c_launch:  cover(o_nm_launch && i_hs == H_DATA);
	end
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
