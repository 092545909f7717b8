////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_sem.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's SEM_EXECUTE step (the model's
//		host_methods.c sem_execute, acquire_try and the acquire's
//		wait): the next state of the step sequencer's semaphore
//		states -- the operation and address checks (H_SEMX, H_SEMX2),
//		the operands off the channel RAM into wq_sem_unit (H_SL0 ..
//		H_SL5), the unit's answer (H_SEMW: the record, a failed
//		attempt's count, its timeout or its wait) and the failed
//		attempt's stamp (H_WDW, H_STW, H_STAMP, H_TMO).  Combinational,
//		defaults first (nothing changes outside these states);
//		wq_host_seq applies it (wq_host_if's u_semx) in those states,
//		and wq_host_if gives the
//		unit its operand loads (o_ld, o_ld_sel) and the address adder
//		its operand (o_sx2_go).  docs/rtl/wq_host_sem.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_sem #(
		parameter	FAST = 1,	// wq_host_if's FAST
		parameter	CW   = 2	// the channel number's width
	) (
		// the step sequencer's state and channel
		input	wire	[5:0]	i_hs,
		input	wire	[CW-1:0]	i_sc,
		// the SEM_EXECUTE word (the method's data word, or a resumed
		// wait's wait_data)
		input	wire	[31:0]	i_word,
		// the channel RAM's read word (cm_rd)
		input	wire	[31:0]	i_rd,
		// `now` at the grant (gt: the failed attempt's stamp)
		input	wire	[31:0]	i_gt,
		input	wire		i_engine_idle,
		// a read ahead asked for or in flight (wq_host_fifo)
		input	wire		i_pf_busy,
		// wq_sem_unit's answer
		input	wire		i_done, i_pass, i_bad,
		// this release ends a RELEASE_WFI wait (sem_endwait)
		input	wire		i_endwait,
		// acq_attempts before the attempt (att_q) and + 1 (att_nx)
		input	wire	[31:0]	i_att, i_att_nx,
		// the channel is in ACQ_WAIT (a retry)
		input	wire		i_waiting,
		// the next state
		output	reg	[5:0]	o_hs,
		// the channel RAM's read address (cm_ra), and H_RDW's return
		// state when the read is a ram_rd (o_ret_w)
		output	reg		o_ra_w,
		output	reg	[AW-1:0]	o_ra,
		output	reg		o_ret_w,
		output	reg	[5:0]	o_ret,
		// raise: the channel's error code (ERR_INFO is the RAM write)
		output	reg		o_err_w,
		output	reg	[7:0]	o_err,
		// a channel RAM write of the step's channel: field, data
		output	reg		o_ram_w,
		output	reg	[3:0]	o_ram_f,
		output	reg	[31:0]	o_ram_d,
		// a wait starts (state and wait_kind o_wait_st, the waiting
		// method SEM_EXECUTE); a wait ends (end_wait)
		output	reg		o_wait_w,
		output	reg	[3:0]	o_wait_st,
		output	reg		o_end_wait,
		// the step's result
		output	reg		o_res_w,
		output	reg	[`WQ_STEP_W-1:0]	o_res,
		// a record: SEM or ACQ_FAIL, its aux
		output	reg		o_emit,
		output	reg	[7:0]	o_emit_kind,
		output	reg	[15:0]	o_emit_aux,
		// the unit's start pulse, the unit owning the memory port
		output	reg		o_start,
		output	reg		o_act_w,
		output	reg		o_act,
		// sem_endwait cleared (a SEM_EXECUTE of the method, not a wait)
		output	reg		o_endwait_clr,
		// att_q loaded: acq_attempts (cm_rd), or (o_att_sl) the slice
		// count for H_LEAVE
		output	reg		o_att_w,
		output	reg		o_att_sl,
		// h_mem_addr loaded from the address adder (SEM_ADDR_LO)
		output	reg		o_ma_w,
		// a failed attempt's stamp: the retry clock restarts
		output	reg		o_stamp,
		// the unit's operand loads (H_SL2..4, or H_SEMX2 going straight
		// on: o_sx2_go, SEM_ADDR_LO on cm_rd)
		output	wire		o_sx2_go,
		output	wire		o_ld,
		output	wire	[1:0]	o_ld_sel
	);

	localparam	CA = (CW < 2) ? 2 : CW;
	localparam	AW = 4 + CA;
	// verilator lint_off UNUSEDPARAM
`include "wq_host_map.vh"
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM

	// the SEM_EXECUTE word's fields
	wire	[`WQ_SEMF_OPERATION_W-1:0]	x_op = i_word[`WQ_SEMF_OPERATION_RANGE];
	wire	x_is64 = i_word[`WQ_SEMF_PAYLOAD_SIZE_LO];
	wire	x_legal = (x_op == `WQ_SEMOP_ACQUIRE) || (x_op == `WQ_SEMOP_RELEASE)
			|| (x_op == `WQ_SEMOP_ACQ_STRICT_GEQ)
			|| (x_op == `WQ_SEMOP_ACQ_CIRC_GEQ)
			|| (x_op == `WQ_SEMOP_ACQ_AND) || (x_op == `WQ_SEMOP_ACQ_NOR)
			|| (x_op == `WQ_SEMOP_REDUCTION);
	wire	x_misal = (i_rd[2:0] & (x_is64 ? 3'h7 : 3'h3)) != 3'h0;
	wire	x_wfi   = x_op == `WQ_SEMOP_RELEASE && i_word[`WQ_SEMF_RELEASE_WFI_LO]
			&& !i_engine_idle;
	// (FAST) an operation that reads ACQ_TIMEOUT after the unit: an
	// acquire (a RELEASE or a REDUCTION reads GP_PUT instead, for H_LVW)
	wire	sem_acq = (x_op != `WQ_SEMOP_RELEASE) && (x_op != `WQ_SEMOP_REDUCTION);

	// (FAST) H_SEMX2 goes straight on to the unit's operands (aligned, no
	// RELEASE_WFI wait, no read ahead in flight): it loads SEM_ADDR_LO
	// into the unit itself, H_SL2's work, and goes on to H_SL3
	assign	o_sx2_go = (FAST != 0) && (i_hs == H_SEMX2) && !i_pf_busy
			&& !x_misal && !x_wfi;
	assign	o_ld     = (i_hs == H_SL2) || (i_hs == H_SL3) || (i_hs == H_SL4) || o_sx2_go;
	assign	o_ld_sel = {i_hs == H_SL4, i_hs == H_SL3};

	// raise(code, info): the error state with ERR_INFO written
	task raise;
		input	[7:0]	code;
		input	[31:0]	info;
		begin
			o_err_w = 1'b1;
			o_err   = code;
			ram_wr(F_EINFO, info);
			o_hs    = H_ERR;
		end
	endtask

	task ram_wr;
		input	[3:0]	f;
		input	[31:0]	d;
		begin
			o_ram_w = 1'b1;
			o_ram_f = f;
			o_ram_d = d;
		end
	endtask

	task ram_ra;		// a read address of the step's channel
		input	[3:0]	f;
		begin
			o_ra_w = 1'b1;
			o_ra   = ca(f, i_sc);
		end
	endtask

	task ram_rd;		// a read, then ret (through H_RDW)
		input	[3:0]	f;
		input	[5:0]	ret;
		begin
			ram_ra(f);
			o_ret_w = 1'b1;
			o_ret   = ret;
			o_hs    = H_RDW;
		end
	endtask

	task emit;
		input	[7:0]	kind;
		input	[15:0]	aux;
		begin
			o_emit      = 1'b1;
			o_emit_kind = kind;
			o_emit_aux  = aux;
		end
	endtask

	always @(*)
	begin
		o_hs          = i_hs;
		o_ra_w        = 1'b0;
		o_ra          = {AW{1'b0}};
		o_ret_w       = 1'b0;
		o_ret         = 6'd0;
		o_err_w       = 1'b0;
		o_err         = 8'h0;
		o_ram_w       = 1'b0;
		o_ram_f       = 4'h0;
		o_ram_d       = 32'h0;
		o_wait_w      = 1'b0;
		o_wait_st     = 4'h0;
		o_end_wait    = 1'b0;
		o_res_w       = 1'b0;
		o_res         = `WQ_STEP_DONE;
		o_emit        = 1'b0;
		o_emit_kind   = 8'h0;
		o_emit_aux    = 16'h0;
		o_start       = 1'b0;
		o_act_w       = 1'b0;
		o_act         = 1'b0;
		o_endwait_clr = 1'b0;
		o_att_w       = 1'b0;
		o_att_sl      = 1'b0;
		o_ma_w        = 1'b0;
		o_stamp       = 1'b0;

		case (i_hs)
		// sem_execute: operation, address high word (on cm_rd), ...
		H_SEMX:
		if (!x_legal)
			raise(`WQ_CHERR_BAD_SEM_OP, i_word);
		else if (i_rd != 32'h0)
			raise(`WQ_CHERR_BAD_SEM_ADDR, i_rd);
		else if (FAST != 0)
		begin
			// (H_METHOD asked for SEM_ADDR_LO, on cm_rd in H_SEMX2,
			// which loads it into the unit) SEM_PAYLOAD_LO, on
			// cm_rd in H_SL3; (H_SL0 asks for the operands again
			// when reads ahead are in flight)
			ram_ra(F_SPLO);
			o_hs = H_SEMX2;
		end else
			ram_rd(F_SALO, H_SEMX2);

		// ... alignment (SEM_ADDR_LO on cm_rd), then the unit (which
		// rejects a bad reduction code itself)
		H_SEMX2:
		if (x_misal)
			raise(`WQ_CHERR_SEM_MISALIGNED, i_rd);
		else if (x_wfi)
		begin
			// start_wait(WFI_WAIT, SEM_EXECUTE, word)
			o_wait_w  = 1'b1;
			o_wait_st = `WQ_CH_WFI_WAIT;
			ram_wr(F_WDATA, i_word);
			o_res_w   = 1'b1;
			o_res     = `WQ_STEP_WAIT;
			o_hs      = H_AFTER;
		end else begin
			if (x_op != `WQ_SEMOP_RELEASE && x_op != `WQ_SEMOP_REDUCTION)
				ram_wr(F_ATT, 32'h0);	// acq_attempts = 0
			o_endwait_clr = 1'b1;
			o_hs          = H_SL0;
			// (FAST) H_SL0's, H_SL1's and H_SL2's work when no read
			// ahead is in flight (the FIFO is emptied now, pf_flush;
			// o_sx2_go loads SEM_ADDR_LO into the unit)
			if (FAST != 0 && !i_pf_busy)
			begin
				o_ma_w = 1'b1;		// SEM_ADDR_LO, as H_SL2
				ram_ra(F_SPHI);
				o_hs   = H_SL3;
			end
		end

		// the unit's operands off the channel RAM (two-cycle read
		// latency, a word a cycle): SEM_ADDR_LO, SEM_PAYLOAD_LO/HI into
		// the unit (o_ld in H_SL2..4), acq_attempts into att_q, and
		// acq_timeout left on cm_rd for H_SEMW
		// (the reads ahead end first: the unit takes the port, and its
		// writes may change words the FIFO holds, so it is emptied)
		H_SL0:
		if (!i_pf_busy)
		begin
			ram_ra(F_SALO);
			o_hs = H_SL1;
		end
		H_SL1: begin
			ram_ra(F_SPLO);
			o_hs = H_SL2;
		end
		H_SL2: begin
			ram_ra(F_SPHI);
			o_ma_w = 1'b1;	// SEM_ADDR_LO (+ 0): see o_mem_addr
			o_hs   = H_SL3;
		end
		H_SL3: begin
			ram_ra(F_ATT);
			o_hs = H_SL4;
		end
		H_SL4: begin
			ram_ra(F_TMO);
			// (FAST) GP_PUT for H_LVW instead when the operation is
			// not an acquire (only an acquire's failure reads
			// ACQ_TIMEOUT)
			if (FAST != 0 && !sem_acq)
				ram_ra(F_PUT);
			// (FAST) the unit sees its start in H_SL5, its last
			// operand (SEM_PAYLOAD_HI, o_ld now) loaded: its first
			// request comes in H_SEMW's first cycle, when sem_active
			// gives it the port
			o_start = (FAST != 0);
			o_hs    = H_SL5;
		end
		H_SL5: begin
			o_att_w = 1'b1;		// acq_attempts
			o_start = (FAST == 0);
			o_act_w = 1'b1;
			o_act   = 1'b1;
			o_hs    = H_SEMW;
		end

		// the semaphore unit's answer (acq_timeout on cm_rd)
		H_SEMW:
		if (i_done)
		begin
			o_act_w = 1'b1;
			o_act   = 1'b0;
			o_hs    = H_AFTER;
			o_res_w = 1'b1;
			o_res   = `WQ_STEP_DONE;
			// (FAST) H_AFTER's GP_PUT read now (a failed acquire
			// and an error read another word and go elsewhere); a
			// RELEASE or a REDUCTION asked for it in H_SL4 and
			// goes straight on to H_LVW
			if (FAST != 0)
			begin
				ram_ra(F_PUT);
				o_hs = sem_acq ? H_AW : H_LVW;
			end
			if (i_bad)
				raise(`WQ_CHERR_BAD_REDUCTION, i_word);
			else if (x_op == `WQ_SEMOP_RELEASE)
			begin
				emit(`WQ_EV_SEM, {13'h0, x_op});
				if (i_endwait)
					o_end_wait = 1'b1;
			end else if (x_op == `WQ_SEMOP_REDUCTION)
				emit(`WQ_EV_SEM, {13'h0, x_op});
			else if (i_pass)
			begin
				// acquire_try passed
				o_end_wait = 1'b1;
				emit(`WQ_EV_SEM, {13'h0, x_op});
			end else begin
				ram_wr(F_ATT, i_att_nx);
				emit(`WQ_EV_ACQ_FAIL, i_att_nx[15:0]);
				o_res = `WQ_STEP_WAIT;
				// (att_nx > cm_rd, without the incrementer's carry
				// chain in front of the compare: the iCE40's path)
				if (i_att >= i_rd && !(&i_att))
					// ERR_INFO is SEM_ADDR_LO: read it again
					// (no write source for the unit's address)
					ram_rd(F_SALO, H_TMO);
				else if (!i_waiting)
				begin
					// start_wait(ACQ_WAIT, SEM_EXECUTE, word):
					// wait_data in the next cycle (one RAM write
					// a cycle), then the stamp
					o_wait_w  = 1'b1;
					o_wait_st = `WQ_CH_ACQ_WAIT;
					o_hs      = H_WDW;
				end else
					o_hs      = H_STW;
			end
		end

		H_TMO:
			raise(`WQ_CHERR_ACQUIRE_TIMEOUT, i_rd);

		H_WDW: begin
			ram_wr(F_WDATA, i_word);
			o_hs = H_STAMP;
		end

		H_STW:
			o_hs = H_STAMP;

		// a failed attempt: acq_last = the grant's tick (gt); the hint
		// says ask at once (the rule then sets it from ACQ_RETRY)
		H_STAMP: begin
			ram_wr(F_STAMP, i_gt);
			o_stamp = 1'b1;
			o_hs    = H_AFTER;
			// (FAST) a failed attempt's step is WAIT: H_LVW has
			// nothing to do but the slice count's load
			if (FAST != 0)
			begin
				o_att_w  = 1'b1;
				o_att_sl = 1'b1;
				o_hs     = H_LEAVE;
			end
		end

		default: ;
		endcase
	end

`ifdef FORMAL
	// ---- formal properties (job host_sem in scripts/formal.sh) --------
	// the states this unit decides, and the states it may go to
	wire	f_mine = (i_hs == H_SEMX) || (i_hs == H_SEMX2) || (i_hs == H_SL0)
			|| (i_hs == H_SL1) || (i_hs == H_SL2) || (i_hs == H_SL3)
			|| (i_hs == H_SL4) || (i_hs == H_SL5) || (i_hs == H_SEMW)
			|| (i_hs == H_TMO) || (i_hs == H_WDW) || (i_hs == H_STW)
			|| (i_hs == H_STAMP);
	wire	f_to_ok = (o_hs == H_SEMX2) || (o_hs == H_SL0) || (o_hs == H_SL1)
			|| (o_hs == H_SL2) || (o_hs == H_SL3) || (o_hs == H_SL4)
			|| (o_hs == H_SL5) || (o_hs == H_SEMW) || (o_hs == H_WDW)
			|| (o_hs == H_STW) || (o_hs == H_STAMP) || (o_hs == H_ERR) || (o_hs == H_AFTER)
			|| (o_hs == H_AW) || (o_hs == H_LVW) || (o_hs == H_LEAVE)
			|| (o_hs == H_RDW);
	// (wq_host_if's att_nx is att_q + 1: assumed when the unit is the
	// job's top, FORMAL_HOST_SEM_TOP; asserted inside the host interface,
	// which must keep it)
`ifdef FORMAL_HOST_SEM_TOP
`define	WQ_F_IN	assume
`else
`define	WQ_F_IN	assert
`endif
	always @(*)
		`WQ_F_IN(i_att_nx == i_att + 32'h1);
`undef	WQ_F_IN

	always @(*)
	begin
		// outside its states the unit decides nothing
		if (!f_mine)
			assert(o_hs == i_hs && !o_ra_w && !o_ret_w && !o_err_w
				&& !o_ram_w && !o_wait_w && !o_end_wait && !o_res_w
				&& !o_emit && !o_start && !o_act_w && !o_endwait_clr
				&& !o_att_w && !o_ma_w && !o_stamp && !o_ld
				&& !o_sx2_go);
		// in them: a state of its own (waiting stays; H_SEMX is
		// entered only from H_METHOD), or a way out of the step
		if (f_mine)
			assert(f_to_ok);
		// a raise is an error with its ERR_INFO written, nothing else
		// of the step's outcome
		if (o_err_w)
			assert(o_hs == H_ERR && o_ram_w && o_ram_f == F_EINFO
				&& !o_emit && !o_wait_w && !o_end_wait && o_err != 8'h0);
		if (f_mine && o_hs == H_ERR)
			assert(o_err_w);
		// a read through H_RDW names its return state
		if (f_mine)
			assert(o_ret_w == (o_hs == H_RDW));
		if (o_ret_w)
			assert(o_ra_w && (o_ret == H_TMO || o_ret == H_SEMX2));
		// the unit starts once, from its operand loads (FAST: in
		// H_SL4, with its last operand; else in H_SL5)
		if (o_start)
			assert(i_hs == ((FAST != 0) ? H_SL4 : H_SL5));
		// a record only on the unit's answer, with the step's result:
		// SEM is DONE, ACQ_FAIL is WAIT with acq_attempts + 1 written
		if (o_emit)
			assert(i_hs == H_SEMW && i_done && o_res_w
				&& (o_emit_kind == `WQ_EV_SEM || o_emit_kind == `WQ_EV_ACQ_FAIL));
		if (o_emit && o_emit_kind == `WQ_EV_SEM)
			assert(o_res == `WQ_STEP_DONE && !o_ram_w);
		if (o_emit && o_emit_kind == `WQ_EV_ACQ_FAIL)
			assert(o_res == `WQ_STEP_WAIT && o_ram_w && o_ram_f == F_ATT
				&& o_ram_d == i_att_nx && o_emit_aux == i_att_nx[15:0]);
		// an illegal operation or a nonzero address high word never
		// reaches the unit
		if (i_hs == H_SEMX)
			assert(o_err_w == (!x_legal || i_rd != 32'h0)
				&& (!o_err_w || o_err == (x_legal ? `WQ_CHERR_BAD_SEM_ADDR
							: `WQ_CHERR_BAD_SEM_OP)));
		// only an acquire waits for ACQ_WAIT, only a RELEASE_WFI for
		// the engine; a wait never ends in the step that starts one
		if (o_wait_w)
			assert(!o_end_wait && ((o_wait_st == `WQ_CH_ACQ_WAIT) ?
				(sem_acq && !i_waiting && i_hs == H_SEMW)
				: (o_wait_st == `WQ_CH_WFI_WAIT && x_wfi
				&& o_ram_f == F_WDATA && o_ram_d == i_word)));
		// a wait ends only on a passed acquire or a RELEASE_WFI's
		// release
		if (o_end_wait)
			assert(!i_bad && (i_pass && sem_acq
				|| x_op == `WQ_SEMOP_RELEASE && i_endwait));
		// the operands are loaded only with the FIFO quiet (the unit's
		// address from the channel RAM's port)
		if (o_sx2_go)
			assert(!i_pf_busy && !o_err_w && o_hs == H_SL3 && o_ma_w);
		// the timeout: attempts + 1 > ACQ_TIMEOUT
		if (i_hs == H_SEMW && i_done && !i_bad && sem_acq && !i_pass)
			assert((o_ret_w && o_ret == H_TMO)
				== ({1'b0, i_att_nx} > {1'b0, i_rd} && !(&i_att)));
	end

	always @(*)
	if (f_mine)
	begin
		c_bad_op:   cover(i_hs == H_SEMX && o_err == `WQ_CHERR_BAD_SEM_OP);
		c_misal:    cover(o_err == `WQ_CHERR_SEM_MISALIGNED);
		c_wfi:      cover(o_wait_w && o_wait_st == `WQ_CH_WFI_WAIT);
		// (FAST=0: H_SEMX2 always goes through H_SL0)
		c_sx2_go:   cover(o_sx2_go || (FAST == 0 && o_hs == H_SL0));
		c_release:  cover(o_emit && x_op == `WQ_SEMOP_RELEASE && o_end_wait);
		c_pass:     cover(o_emit && i_pass && sem_acq && o_end_wait);
		c_fail:     cover(o_emit_kind == `WQ_EV_ACQ_FAIL && o_wait_w);
		c_retry:    cover(o_emit_kind == `WQ_EV_ACQ_FAIL && o_hs == H_STW);
		c_timeout:  cover(o_ret == H_TMO);
		c_bad_red:  cover(i_hs == H_SEMW && o_err == `WQ_CHERR_BAD_REDUCTION);
		c_stamp:    cover(o_stamp);
	end
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
