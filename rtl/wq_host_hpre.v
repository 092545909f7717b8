////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_hpre.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's header predecode: a pushbuffer word read
//		as a method header -- a NOP word, reserved bits, its SEC_OP's
//		class, a zero count -- and what its method does as far as the
//		method's address alone says (wq_host_method with the engine
//		busy and idle: plain, the interrupt pulse, the register it
//		writes, SEM_EXECUTE, LAUNCH), packed as wq_host_hpre.vh names
//		the fields.  The read-ahead FIFO (wq_host_fifo, FAST) decodes
//		each word as it stores it and keeps the fields beside the word,
//		so the segment walk (wq_host_hdr) and the one-cycle step's
//		verdict (wq_host_fast) start from flip-flops' worth of decode at
//		the FIFO's head, not from a decode of the head's 32 bits; the
//		walk without reads ahead (FAST = 0) decodes the word it read
//		with the same unit.  Combinational; docs/rtl/wq_host_hpre.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"
`include "wq_host_hpre.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_hpre (
		// the word, read as a method header
		input	wire	[31:0]	i_word,
		// its fields (wq_host_hpre.vh)
		output	wire	[`WQ_HP_W-1:0]	o_k
	);

	wire	[`WQ_SECOP_W-1:0]	op = i_word[`WQ_MH_SEC_OP_RANGE];
	wire	[13:0]	off = {i_word[`WQ_MH_ADDRESS_RANGE], 2'b00};

	// the method with the engine busy (0) and idle (1); LAUNCH is never
	// plain, so the grid's state is not a field (u_m1 takes it free to
	// start: its o_launch names LAUNCH); SEM_EXECUTE either way
	wire		pl0, pl1, irq, ram0, ram1, sem, launch;
	wire	[3:0]	f1;
	/* verilator lint_off PINCONNECTEMPTY */
	wq_host_method u_m0 (
		.i_off(off), .i_engine_idle(1'b0), .i_can_launch(1'b0),
		.o_unknown(), .o_irq_ns(irq), .o_ram_w(ram0), .o_ram_f(),
		.o_wait(), .o_wait_kind(), .o_sem(sem), .o_launch(), .o_yield(),
		.o_plain(pl0));
	wq_host_method u_m1 (
		.i_off(off), .i_engine_idle(1'b1), .i_can_launch(1'b1),
		.o_unknown(), .o_irq_ns(), .o_ram_w(ram1), .o_ram_f(f1),
		.o_wait(), .o_wait_kind(), .o_sem(), .o_launch(launch), .o_yield(),
		.o_plain(pl1));
	/* verilator lint_on PINCONNECTEMPTY */

	assign	o_k[`WQ_HP_NOP]    = (i_word == 32'h0);
	assign	o_k[`WQ_HP_RSVD]   = (i_word[`WQ_MH_RSVD_RANGE] != 0);
	assign	o_k[`WQ_HP_BURST]  = (op == `WQ_SECOP_INC) || (op == `WQ_SECOP_NONINC)
				|| (op == `WQ_SECOP_ONE_INC);
	assign	o_k[`WQ_HP_IMMD]   = (op == `WQ_SECOP_IMMD);
	assign	o_k[`WQ_HP_END]    = (op == `WQ_SECOP_END_SEG);
	assign	o_k[`WQ_HP_CNT0]   = (i_word[`WQ_MH_COUNT_RANGE] == 0);
	assign	o_k[`WQ_HP_CNT1]   = (i_word[`WQ_MH_COUNT_RANGE] == 1);
	assign	o_k[`WQ_HP_PL0]    = pl0;
	assign	o_k[`WQ_HP_PL1]    = pl1;
	assign	o_k[`WQ_HP_IRQ]    = irq;
	// (SET_REFERENCE writes only with the engine idle; the other
	// registers' methods write either way)
	assign	o_k[`WQ_HP_RAMA]   = ram0;
	assign	o_k[`WQ_HP_REF]    = ram1 && !ram0;
	assign	o_k[`WQ_HP_F]      = f1;
	assign	o_k[`WQ_HP_EARLY]  = sem;
	assign	o_k[`WQ_HP_LAUNCH] = launch;

`ifdef FORMAL
	// ---- formal properties (job host_hpre in scripts/formal.sh) -------
	// the fields against the method decode as its users read it: for
	// either engine state, the method's decode is the fields' (plain,
	// pulse, register write and its field), and the SEC_OP classes are
	// one at most
	(* anyconst *) reg	f_idle;
	(* anyconst *) reg	f_launch;
	wire		f_irq, f_ram, f_plain, f_sem, f_lo, f_wait;
	wire	[3:0]	f_f, f_wk;
	wq_host_method u_f_m (
		.i_off(off), .i_engine_idle(f_idle), .i_can_launch(f_launch),
		.o_unknown(), .o_irq_ns(f_irq), .o_ram_w(f_ram), .o_ram_f(f_f),
		.o_wait(f_wait), .o_wait_kind(f_wk), .o_sem(f_sem), .o_launch(f_lo),
		.o_yield(), .o_plain(f_plain));
	wire		known = (off[13:`WQ_M_W] == 0);
	wire	[`WQ_M_W-1:0]	m = off[`WQ_M_W-1:0];
	always @(*)
	begin
		assert(f_plain == `WQ_HP_PLAIN(o_k, f_idle));
		assert(f_irq == o_k[`WQ_HP_IRQ]);
		assert(f_ram == `WQ_HP_RAM(o_k, f_idle));
		if (f_ram)
			assert(f_f == o_k[`WQ_HP_F]);
		assert(o_k[`WQ_HP_REF] == (known && m == `WQ_M_SET_REFERENCE));
		// SEM_EXECUTE and LAUNCH whatever the grid's state
		assert(o_k[`WQ_HP_EARLY] == f_sem);
		assert(o_k[`WQ_HP_LAUNCH] == (f_lo
			|| (f_wait && f_wk == `WQ_CH_LAUNCH_WAIT)));
		assert({1'b0, o_k[`WQ_HP_BURST]} + {1'b0, o_k[`WQ_HP_IMMD]}
			+ {1'b0, o_k[`WQ_HP_END]} <= 2'd1);
		// a NOP word is SEC_OP NOP_GRP0 with no reserved bit, count 0
		if (o_k[`WQ_HP_NOP])
			assert(!o_k[`WQ_HP_RSVD] && o_k[`WQ_HP_CNT0] && !o_k[`WQ_HP_BURST]
				&& !o_k[`WQ_HP_IMMD] && !o_k[`WQ_HP_END]);
	end

	always @(*)
	begin
		c_plain_busy: cover(o_k[`WQ_HP_PL0] && o_k[`WQ_HP_IMMD]);
		c_ref:        cover(o_k[`WQ_HP_REF] && o_k[`WQ_HP_PL1] && !o_k[`WQ_HP_PL0]);
		c_launch:     cover(o_k[`WQ_HP_LAUNCH] && o_k[`WQ_HP_BURST]);
		c_early:      cover(o_k[`WQ_HP_EARLY] && o_k[`WQ_HP_IMMD]);
	end
`endif
endmodule
