////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_idle.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface outside a step (the model's wq_host_init,
//		wq_host_pick and the channel CSR accesses of csr_chan.c): the
//		next state of the step sequencer's states H_INIT (the reset
//		sweep: every channel RAM word at its reset value, the RAM fields
//		of every channel cleared), H_IDLE (the lock request, the grant's
//		pick with its entry switch or an empty tick, a CSR access taken,
//		a DESC_RAM descriptor word read), H_CSR1 / H_CLR (a CTRL.RESET's
//		channel RAM fields cleared, a word a cycle) and H_CSR2 (the
//		answer; the write's effect is wq_host_chan's). Combinational,
//		defaults first (nothing changes outside these states; a value
//		wq_host_if reads only under its write flag is a don't-care
//		without it); the scheduler's views (i_want, i_has_cur, i_nx_cur,
//		i_cand) are wq_host_sched's and the CSR decode wq_host_chan's;
//		wq_host_seq applies it (wq_host_if's u_idle).
//		docs/rtl/wq_host_idle.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_idle #(
		parameter	CHANNELS = 4,	// 1..16
		parameter	CW   = 2,	// the channel number's width
		parameter	FAST = 1,	// wq_host_if's FAST
		parameter	DR   = 0,	// the stored descriptor in the channel RAM
		parameter [31:0] HOST_SLICE_RESET = 64
	) (
		// the step sequencer's state and channel; the sweep's word
		input	wire	[5:0]	i_hs,
		input	wire	[CW-1:0]	i_sc,
		input	wire	[AW-1:0]	i_swp,
		// the CSR sub-port's request, one that waits (csr_pend), the
		// answer's pulse now out (o_csr_ack)
		input	wire		i_csr_valid, i_csr_pend, i_csr_ack,
		// the lock: granted; a step begins (g_start); a tick would do
		// something (wq_host_sched's want)
		input	wire		i_ev_gnt, i_g_start, i_want,
		// (DESC_RAM) the scheduler asks for descriptor word i_ld_idx
		input	wire		i_ld_rd,
		input	wire	[3:0]	i_ld_idx,
		// the pick (wq_host_sched): cur_ch, it has work, the next channel
		// with work after it (valid bit on top), the channel a tick
		// would serve and whether it waits for an acquire
		input	wire	[CW-1:0]	i_cur_ch,
		input	wire		i_has_cur,
		input	wire	[CW:0]	i_nx_cur,
		input	wire	[CW-1:0]	i_cand,
		input	wire		i_cand_acq,
		// the CSR decode (wq_host_chan): the word it reads, in the
		// channel window and its channel; a CTRL write with RESET
		input	wire	[AW-1:0]	i_csr_ra,
		input	wire		i_csr_is_ch,
		input	wire	[CW-1:0]	i_cc,
		input	wire		i_cw_clr,
		// the next state
		output	reg	[5:0]	o_hs,
		// the step's channel and the sweep's word written
		output	reg		o_sc_w,
		output	reg	[CW-1:0]	o_sc,
		output	reg		o_swp_w,
		output	reg	[AW-1:0]	o_swp,
		// a channel RAM write (the sweep's reset value, CTRL.RESET's 0)
		output	reg		o_ram_w,
		output	reg	[AW-1:0]	o_ram_a,
		output	reg	[31:0]	o_ram_d,
		// the sweep clears sc's RAM fields (chan_clr)
		output	reg		o_clr,
		// csr_pend written
		output	reg		o_pend_w, o_pend,
		// the channel RAM's read address; a ram_rd returning to H_LDW
		output	reg		o_ra_w,
		output	reg	[AW-1:0]	o_ra,
		output	reg		o_ldw,
		// o_ev_req written
		output	reg		o_req_w, o_req,
		// a grant's step begins: its tick (gt, gwrap), yielded cleared;
		// the entry switch to i_nx_cur (a CHAN_SWITCH EMPTY record, a
		// fresh slice); nothing has work: the empty tick's pulse
		output	reg		o_grant, o_switch, o_empty,
		// H_CSR2: the access answered (o_csr_ack, o_csr_err, the write's
		// effect)
		output	reg		o_answer
	);

	localparam	CA = (CW < 2) ? 2 : CW;
	localparam	AW = 4 + CA;
	localparam integer	LAST_CH_I = CHANNELS - 1;
	localparam [CW-1:0]	LAST_CH = LAST_CH_I[CW-1:0];
	// verilator lint_off UNUSEDPARAM
`include "wq_host_map.vh"
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM

	// a word's reset value (wq_host_init)
	function [31:0] dflt_val;
		input	[AW-1:0]	a;
		dflt_val = (a[AW-1:CA] == F_TMO) ? `WQ_CSRVAL_ACQ_TIMEOUT_DEFAULT
			: (a[AW-1:CA] == F_RETRY) ? `WQ_CSRVAL_ACQ_RETRY_DEFAULT
			: (a == A_HSL) ? HOST_SLICE_RESET : 32'h0;
	endfunction
	// the fields wq_chan_reset clears, k = 0..7 (wait_data, acq_attempts
	// and acq_last need no clearing: each is written before it is read --
	// a wait starts with its wait_data, an acquire writes acq_attempts = 0
	// before its attempt, a failed one its stamp)
	function [3:0] clr_field;
		input	[2:0]	k;
		case (k)
		3'd0:	 clr_field = F_PUT;
		3'd1:	 clr_field = F_EINFO;
		3'd2:	 clr_field = F_REF;
		3'd3:	 clr_field = F_SALO;
		3'd4:	 clr_field = F_SAHI;
		3'd5:	 clr_field = F_SPLO;
		3'd6:	 clr_field = F_SPHI;
		default: clr_field = F_LDESC;
		endcase
	endfunction

	always @(*)
	begin
		o_hs     = i_hs;
		o_sc_w   = 1'b0;
		o_sc     = {CW{1'bx}};
		o_swp_w  = 1'b0;
		o_swp    = i_swp + 1'b1;
		o_ram_w  = 1'b0;
		o_ram_a  = i_swp;
		o_ram_d  = dflt_val(i_swp);
		o_clr    = 1'b0;
		o_pend_w = 1'b0;
		o_pend   = 1'b0;
		o_ra_w   = 1'b0;
		o_ra     = {AW{1'bx}};
		o_ldw    = 1'b0;
		o_req_w  = 1'b0;
		o_req    = 1'b0;
		o_grant  = 1'b0;
		o_switch = 1'b0;
		o_empty  = 1'b0;
		o_answer = 1'b0;

		case (i_hs)
		// After reset: every channel RAM word gets its reset value, a
		// word a cycle, and the channels' RAM fields are cleared (2^AW
		// cycles: every channel more than once; sc back at 0 after); a
		// CSR access that arrives meanwhile (a pulse) waits in csr_pend
		H_INIT: begin
			o_ram_w = 1'b1;
			o_swp_w = 1'b1;
			o_clr   = 1'b1;
			o_sc_w  = 1'b1;
			o_sc    = (i_sc == LAST_CH) ? {CW{1'b0}} : i_sc + 1'b1;
			if (i_swp == {AW{1'b1}})
			begin
				o_hs = H_IDLE;
				o_sc = {CW{1'b0}};
			end
			if (i_csr_valid)
			begin
				o_pend_w = 1'b1;
				o_pend   = 1'b1;
			end
		end

		// Outside a grant: request, and take CSR accesses
		H_IDLE: begin
			if (i_g_start)
			begin
				// wq_host_pick: switch on entry.  ACQ_RETRY of the
				// channel picked (cand) asked for, on the read port in
				// H_DUEA for the retry rule; (FAST) GPFIFO_BASE of one
				// not in ACQ_WAIT, for its GP entry
				o_req_w = 1'b1;
				o_grant = 1'b1;
				o_ra_w  = 1'b1;
				o_ra    = ca((FAST != 0 && !i_cand_acq) ? F_BASE : F_RETRY, i_cand);
				o_sc_w  = 1'b1;
				o_sc    = i_cur_ch;
				if (i_has_cur)
					o_hs = H_DUE;
				else if (i_nx_cur[CW])
				begin
					o_switch = 1'b1;
					o_sc     = i_nx_cur[CW-1:0];
					o_hs     = H_DUE;
				end else
					o_empty  = 1'b1;	// nothing has work
			end else if (!i_ev_gnt && i_want && !i_csr_valid && !i_csr_pend
					&& !i_csr_ack && !(DR != 0 && i_ld_rd))
			begin
				o_req_w = 1'b1;
				o_req   = 1'b1;
			end

			// a CSR access: its channel becomes sc until the next
			// grant, so the access reads and writes the per-channel
			// registers through the step's index (no second one)
			if ((i_csr_valid || i_csr_pend) && !i_ev_gnt)
			begin
				o_pend_w = 1'b1;
				o_ra_w   = 1'b1;
				o_ra     = i_csr_ra;
				if (i_csr_is_ch)
				begin
					o_sc_w = 1'b1;
					o_sc   = i_cc;
				end
				o_hs     = H_CSR1;
			end else if (DR != 0 && i_ld_rd && !i_ev_gnt)
			begin
				// (DESC_RAM) the scheduler's descriptor word: on the
				// read port in H_LDW, o_ld_ack (the host asks for no
				// grant while one waits)
				o_ra_w = 1'b1;
				o_ra   = da(i_ld_idx);
				o_ldw  = 1'b1;
				o_hs   = H_RDW;
			end
		end

		// (a CTRL write with RESET first clears the channel's fields)
		H_CSR1: begin
			o_swp_w = 1'b1;
			o_swp   = {AW{1'b0}};
			o_hs    = i_cw_clr ? H_CLR : H_CSR2;
		end

		// wq_chan_reset's RAM fields, a word a cycle (the access's word
		// on the read port is not one of them)
		H_CLR: begin
			o_ram_w = 1'b1;
			o_ram_a = ca(clr_field(i_swp[2:0]), i_sc);
			o_ram_d = 32'h0;
			o_swp_w = 1'b1;
			if (i_swp[2:0] == 3'd7)
				o_hs = H_CSR2;
		end

		// the CSR access, with its channel RAM word on the read port
		H_CSR2: begin
			o_answer = 1'b1;
			o_hs     = H_IDLE;
		end

		default: ;
		endcase
	end

`ifdef FORMAL
	// ---- formal properties (jobs host_idle, host_idle_ram) ------------
	wire	f_mine = (i_hs == H_INIT) || (i_hs == H_IDLE) || (i_hs == H_CSR1)
			|| (i_hs == H_CLR) || (i_hs == H_CSR2);
	// the environment (wq_host_if, the top): a step begins only on a
	// grant; sc and cur_ch name channels that exist, and so does a CSR
	// access's channel when it addresses one (assumed when the
	// unit is the job's top, FORMAL_HOST_IDLE_TOP; asserted inside the
	// host interface, which must keep it)
`ifdef FORMAL_HOST_IDLE_TOP
`define	WQ_F_IN	assume
`else
`define	WQ_F_IN	assert
`endif
	always @(*)
	begin
		if (i_g_start)
			`WQ_F_IN(i_ev_gnt);
		`WQ_F_IN(i_sc <= LAST_CH && i_cur_ch <= LAST_CH && i_cand <= LAST_CH
			&& (!i_csr_is_ch || i_cc <= LAST_CH) && (!i_nx_cur[CW] || i_nx_cur[CW-1:0] <= LAST_CH));
	end
`undef	WQ_F_IN
	always @(*)
	begin
		// outside its states the unit decides nothing
		if (!f_mine)
			assert(o_hs == i_hs && !o_sc_w && !o_swp_w && !o_ram_w && !o_clr
				&& !o_pend_w && !o_ra_w && !o_ldw && !o_req_w
				&& !o_grant && !o_switch && !o_empty && !o_answer);
		// the sweep: every word in turn with its reset value, the RAM
		// fields of every channel, until the last word
		if (i_hs == H_INIT)
			assert(o_ram_w && o_ram_a == i_swp && o_swp == i_swp + 1'b1
				&& o_clr && o_hs == ((&i_swp) ? H_IDLE : H_INIT)
				&& o_sc <= LAST_CH && (!(&i_swp) || o_sc == 0)
				&& !o_req_w && !o_ra_w);
		if (i_hs == H_INIT && i_swp[AW-1:CA] == F_TMO)
			assert(o_ram_d == `WQ_CSRVAL_ACQ_TIMEOUT_DEFAULT);
		if (i_hs == H_INIT && i_swp[AW-1:CA] == F_RETRY)
			assert(o_ram_d == `WQ_CSRVAL_ACQ_RETRY_DEFAULT);
		if (i_hs == H_INIT && i_swp == A_HSL)
			assert(o_ram_d == HOST_SLICE_RESET);
		// the lock is asked for only when a tick would do something and
		// no CSR access or descriptor word waits
		if (o_req_w && o_req)
			assert(i_hs == H_IDLE && !i_ev_gnt && i_want && !i_csr_valid
				&& !i_csr_pend && !i_csr_ack && !(DR != 0 && i_ld_rd));
		// a grant's pick: the current channel while it has work, else
		// the next with work (its switch), else an empty tick
		if (i_hs == H_IDLE && i_g_start)
			assert(o_grant && o_req_w && !o_req
				&& o_switch == (!i_has_cur && i_nx_cur[CW])
				&& o_empty == (!i_has_cur && !i_nx_cur[CW])
				&& o_hs == (o_empty ? H_IDLE : H_DUE)
				&& o_sc == (o_switch ? i_nx_cur[CW-1:0] : i_cur_ch));
		if (o_grant || o_switch || o_empty)
			assert(i_hs == H_IDLE && i_g_start);
		// a CSR access is taken only outside a grant, one at a time
		if (o_hs == H_CSR1)
			assert(i_hs == H_IDLE && !i_ev_gnt && (i_csr_valid || i_csr_pend)
				&& o_pend_w && !o_pend && o_ra == i_csr_ra);
		if (o_ldw)
			assert(DR != 0 && o_hs == H_RDW && !i_csr_valid && !i_csr_pend);
		// CTRL.RESET clears its channel's eight fields, then answers
		if (i_hs == H_CLR)
			assert(o_ram_w && o_ram_d == 32'h0
				&& o_ram_a[CA-1:0] == {{(CA-CW){1'b0}}, i_sc}
				&& o_hs == ((i_swp[2:0] == 3'd7) ? H_CSR2 : H_CLR));
		if (i_hs == H_CSR1)
			assert(o_hs == (i_cw_clr ? H_CLR : H_CSR2) && o_swp == 0);
		if (o_answer)
			assert(i_hs == H_CSR2 && o_hs == H_IDLE);
	end

	always @(*)
	if (f_mine)
	begin
		c_sweep:  cover(i_hs == H_INIT && o_hs == H_IDLE);
		c_pend:   cover(i_hs == H_INIT && o_pend);
		c_req:    cover(o_req);
		c_switch: cover(o_switch);
		c_empty:  cover(o_empty);
		c_csr:    cover(o_hs == H_CSR1 && i_csr_pend);
		c_clr:    cover(i_hs == H_CLR && o_hs == H_CSR2);
		c_answer: cover(o_answer);
		// (DESC_RAM: the scheduler's word; otherwise a FAST grant
		// asking for GPFIFO_BASE)
		c_ld:     cover((DR != 0) ? o_ldw
				: (o_grant && o_ra[AW-1:CA] == ((FAST != 0) ? F_BASE : F_RETRY)));
	end
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
