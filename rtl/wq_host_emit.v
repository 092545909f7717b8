////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_emit.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's event records: the model's wq_host_emit
//		(cmodel/model/host.c), called where the model calls it.
//
//		* Which state emits which record (the next state, apart from
//		  the registers as Ibex writes its state machines): the entry
//		  switch of a grant's pick and a CSR write's CHAN_ERROR outside
//		  a step, a method's METHOD record (H_METHOD, or the one-cycle
//		  step of H_HDR / H_DATA), the semaphore unit's SEM and
//		  ACQ_FAIL, LAUNCH, and on the way out CHAN_ERROR, GP_GET's
//		  advance and the leave switch -- from the decisions of the
//		  units that own those states (wq_host_idle, wq_host_chan,
//		  wq_host_hdr, wq_host_sem, wq_host_launch, wq_host_leave),
//		  applied in the same states as wq_host_seq applies the rest
//		  of them.  At most one record a cycle: where two could be
//		  asked for in one state the later call wins, as in the model's
//		  order of the calls.
//		* The record's registers, two sets: the way out's records
//		  (l_*: the valid, which of its three records, the switch's
//		  reason), loaded straight from its decisions, the latest in
//		  the host's cycle; every other state's (r_*: the valid, kind
//		  and aux, held unless a record is emitted, WQ_HOST_NEXT; the
//		  one-cycle step's loaded in the walk's states whatever its
//		  verdict, which reaches the valid alone);
//		  unit and c in one register each (c the semaphore unit's
//		  result in its states, 0 elsewhere).  The port's valid, kind
//		  and aux are the set that holds a record.
//		* The port's mask, a and b, not registered: each is, in the
//		  cycle the record is out, in a register of wq_host_if that
//		  holds it (the emitting cycle wrote it, or it was already
//		  there), so the port selects it by the record's kind.  That
//		  it still holds the call's argument then is wq_host_if's
//		  property: under WQ_HOST_EMIT_EVR (FORMAL, and
//		  scripts/formal.sh's wq_host_if jobs) the arguments are kept
//		  here (o_f_*) and wq_host_if asserts the port equal to them.
//
//		Instantiated by wq_host_if (u_emit).  docs/rtl/wq_host_emit.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

`ifdef FORMAL
`define WQ_HOST_EMIT_EVR
`endif

// (its way-out registers load the leave decision, the latest in the
// host's cycle, one part of that cycle: scripts/area.sh maps it inside
// wq_host_if, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_emit #(
		parameter	CW = 2		// the channel number's width
	) (
		input	wire		i_clk,
		input	wire		i_reset,
		// the sequencer's state and channel, the current channel
		input	wire	[5:0]	i_hs,
		input	wire	[CW-1:0]	i_sc,
		input	wire	[CW-1:0]	i_cur_ch,
		// the decisions that emit: outside a step (wq_host_idle's
		// entry switch to i_nx_cur, the CSR answer; wq_host_chan's
		// CTRL.RESET and the error a CSR write raises, with its
		// ERR_INFO), the one-cycle step (wq_host_hdr: its subchannel
		// and data word; wq_host_fast: the method's offset), the
		// semaphore unit's record (wq_host_sem: kind and aux; the
		// unit's result), a launch (wq_host_launch), the way out
		// (wq_host_leave: the error, GP_GET's advance to i_getnx_q,
		// the leave switch to i_nx_sc with wq_host_sched's reason)
		input	wire		i_ix_switch,
		input	wire	[CW-1:0]	i_nx_cur,
		input	wire		i_ix_answer,
		input	wire		i_cw_err,
		input	wire		i_cw_reset,
		input	wire	[7:0]	i_cw_err_v,
		input	wire	[31:0]	i_cw_wd,
		input	wire		i_gh_fast,
		input	wire	[`WQ_MH_SUBCH_W-1:0]	i_gh_fs_sub,
		input	wire	[31:0]	i_gh_fs_d,
		input	wire	[13:0]	i_nm_off,
		input	wire		i_sx_emit,
		input	wire	[7:0]	i_sx_kind,
		input	wire	[15:0]	i_sx_aux,
		input	wire	[63:0]	i_sem_result,
		input	wire		i_lx_launch,
		input	wire		i_lv_error,
		input	wire		i_lv_adv,
		input	wire		i_lv_switch,
		input	wire	[7:0]	i_why,
		input	wire	[CW-1:0]	i_nx_sc,
		input	wire	[15:0]	i_getnx_q,
		// GP_GET of the current channel and of the step's channel, the
		// step's channel's error code (the calls' GP_GET and a)
		input	wire	[15:0]	i_cur_get,
		input	wire	[15:0]	i_s_get,
		input	wire	[7:0]	i_err_s,
		// the method taken (H_METHOD): its subchannel
		input	wire	[`WQ_MH_SUBCH_W-1:0]	i_msub,
		// where the port's unregistered fields are held: GP_GET and the
		// error code of the record's channel (read at o_unit), the
		// method's offset and data word, the semaphore unit's latched
		// address and payload, the channel RAM's read word (the
		// launch address) and write data (ERR_INFO)
		input	wire	[15:0]	i_get,
		input	wire	[7:0]	i_err,
		input	wire	[13:0]	i_moff,
		input	wire	[31:0]	i_mdata,
		input	wire	[31:0]	i_sem_addr,
		input	wire	[63:0]	i_sem_pay,
		input	wire	[31:0]	i_cm_rd,
		input	wire	[31:0]	i_cm_wd,
`ifdef WQ_HOST_EMIT_EVR
		// (FORMAL) the last call's GP_GET, a and b, which wq_host_if
		// checks the port against
		output	reg	[15:0]	o_f_get,
		output	reg	[31:0]	o_f_a,
		output	reg	[63:0]	o_f_b,
`endif
		// the record port
		output	wire		o_valid,
		output	wire	[7:0]	o_kind,
		output	reg	[7:0]	o_unit,
		output	wire	[15:0]	o_aux,
		output	wire	[31:0]	o_pc,
		output	wire	[31:0]	o_mask,
		output	reg	[31:0]	o_a,
		output	reg	[63:0]	o_b,
		output	reg	[63:0]	o_c
	);

	// verilator lint_off UNUSEDPARAM
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM

	////////////////////////////////////////////////////////////////////////
	//
	// The record: two sets of registers
	//
	// The way out's records (wq_host_leave's error, GP_GET's advance, the
	// leave switch) are decided latest in the host's cycle -- the leave
	// switch has wq_host_sched's pick behind it -- so they go straight
	// into flip-flops of their own (l_*: whether a record, which of the
	// three, the switch's reason), and every other state's record into
	// the others (r_*, the calls' fields with their holds); the port is
	// the one that holds a record, the way out's decoded there.  (One
	// set of registers behind the calls' order put the way out's
	// decisions four LUT levels in front of the record.)  The model's
	// calls, in its order, are the FORMAL section's (em_*), which
	// asserts the port equal to them a cycle later.
	wire	g_leave = hs_in_leave(i_hs);

	// ---- every state's record but the way out's ----------------------
	reg		r_valid_d;
	reg		r_valid;
	reg	[7:0]	r_kind;
	reg	[15:0]	r_aux;
	wire	[7:0]	r_kind_d, unit_d;
	wire	[15:0]	r_aux_d;
	`WQ_HOST_NEXT(w_kind, kind_we, kind_n, r_kind_d, r_kind, 8)
	`WQ_HOST_NEXT(w_unit, unit_we, unit_n, unit_d, o_unit, 8)
	`WQ_HOST_NEXT(w_aux, aux_we, aux_n, r_aux_d, r_aux, 16)
	// c: only the semaphore unit's records (SEM, ACQ_FAIL) carry one, its
	// result; every other call passes 0.  The port's c counts only with
	// o_valid (wq_top reads it then), so it is not held between records:
	// the result in a semaphore state and 0 elsewhere
	wire	[63:0]	c_d = hs_in_sem(i_hs) ? i_sem_result : 64'h0;

	// a record: kind, channel, aux (the model's emit without GP_GET, a,
	// b and c, which the port takes from where they are held)
	task fields;
		input	[7:0]	kind;
		input	[CW-1:0]	ch;
		input	[15:0]	aux;
		begin
			w_kind(kind);
			w_unit({{(8-CW){1'b0}}, ch});
			w_aux(aux);
		end
	endtask
	task rec;
		input	[7:0]	kind;
		input	[CW-1:0]	ch;
		input	[15:0]	aux;
		begin
			r_valid_d = 1'b1;
			fields(kind, ch, aux);
		end
	endtask

	always @(*)
	begin
		r_valid_d = 1'b0;
		`WQ_HOST_HOLD(kind_we, kind_n, 8)
		`WQ_HOST_HOLD(unit_we, unit_n, 8)
		`WQ_HOST_HOLD(aux_we, aux_n, 16)
		case (i_hs)
		// outside a step: the entry switch (wq_host_pick's
		// switch_to), a CSR write's error (wq_chan_error, the later)
		H_INIT, H_IDLE, H_CSR1, H_CLR, H_CSR2: begin
			if (i_ix_switch)
				rec(`WQ_EV_CHAN_SWITCH, i_cur_ch, {8'h0, `WQ_SW_EMPTY});
			if (i_ix_answer && i_cw_err)
				rec(`WQ_EV_CHAN_ERROR, i_sc, 16'h0);
		end
		// the one-cycle step of a plain method (wq_host_method): its
		// fields loaded by the state alone, the step's verdict (the
		// walk's latest decision) only into the valid -- the fields
		// are read only with it
		H_HDR, H_HDRDEC, H_DATA, H_DATAGOT: begin
			r_valid_d = i_gh_fast;
			fields(`WQ_EV_METHOD, i_sc, {{(16-`WQ_MH_SUBCH_W){1'b0}}, i_gh_fs_sub});
		end
		// wq_host_method
		H_METHOD:
			rec(`WQ_EV_METHOD, i_sc, {{(16-`WQ_MH_SUBCH_W){1'b0}}, i_msub});
		// SEM_EXECUTE: the unit's SEM or ACQ_FAIL record
		H_SEMX, H_SEMX2, H_SL0, H_SL1, H_SL2, H_SL3, H_SL4, H_SL5,
		H_SEMW, H_TMO, H_WDW, H_STW, H_STAMP:
			if (i_sx_emit)
				rec(i_sx_kind, i_sc, i_sx_aux);
		// LAUNCH
		H_LAUNCH, H_LAUNCH2, H_LREAD, H_LCHK, H_LRES, H_LDW:
			if (i_lx_launch)
				rec(`WQ_EV_LAUNCH, i_sc, 16'h0);
		// the way out: its records are the step's channel's (l_*)
		H_ERR, H_AFTER, H_AW, H_LVW, H_LV2, H_LEAVE:
			w_unit({{(8-CW){1'b0}}, i_sc});
		default: ;
		endcase
	end

	always @(posedge i_clk)
	if (i_reset)
		r_valid <= 1'b0;
	else begin
		r_valid <= r_valid_d;
		r_kind  <= r_kind_d;
		o_unit  <= unit_d;
		r_aux   <= r_aux_d;
		o_c     <= c_d;
	end

	// ---- the way out's record ------------------------------------------
	// wq_chan_error, wq_chan_seg_end (GP_GET's advance), the leave switch
	// (wq_host_after_step's switch_to): the later call wins
	reg		l_valid;
	reg		l_sw, l_adv;	// the switch's record, the advance's
	reg	[7:0]	l_why;		// the switch's reason
	always @(posedge i_clk)
	begin
		l_valid <= !i_reset && g_leave && (i_lv_error || i_lv_adv || i_lv_switch);
		l_sw    <= i_lv_switch;
		l_adv   <= i_lv_adv;
		l_why   <= i_why;
	end

	// ---- the port --------------------------------------------------------
	assign	o_valid = r_valid || l_valid;
	assign	o_kind  = !l_valid ? r_kind : l_sw ? `WQ_EV_CHAN_SWITCH
			: l_adv ? `WQ_EV_GP_GET : `WQ_EV_CHAN_ERROR;
	assign	o_aux   = !l_valid ? r_aux : l_sw ? {8'h0, l_why} : 16'h0;
	assign	o_pc    = 32'h0;		// host records carry no PC
	assign	o_mask  = {16'h0, i_get};	// the channel's GP_GET

`ifndef WQ_HOST_EMIT_EVR
	// (the calls' GP_GET, a and b and the record's other arguments:
	// only the FORMAL calls below read them, the port selects a and b by
	// the kind from where they are held)
	// verilator lint_off UNUSEDSIGNAL
	wire	unused_call = &{1'b0, i_nx_cur, i_cw_reset, i_cw_err_v, i_cw_wd,
			i_gh_fs_d, i_nm_off, i_nx_sc, i_getnx_q, i_cur_get, i_s_get,
			i_err_s};
	// verilator lint_on UNUSEDSIGNAL
`else
	// ---- (FORMAL) the model's calls ----------------------------------
	// emit of the model where the model calls it: kind, channel, aux,
	// the channel's GP_GET after the change, a, b, c.  Its GP_GET, a and
	// b are the port's own (o_f_*: wq_host_if checks the port against
	// them); the rest is what this unit's section checks the next
	// record against.
	reg		em_valid;
	reg	[7:0]	em_kind, em_unit;
	reg	[15:0]	em_aux;
	reg	[63:0]	em_c;
	reg	[15:0]	f_get_d;
	reg	[31:0]	f_a_d;
	reg	[63:0]	f_b_d;
	// verilator lint_off UNUSEDSIGNAL
	task emit;
		input	[7:0]	kind;
		input	[CW-1:0]	ch;
		input	[15:0]	aux;
		input	[15:0]	get;
		input	[31:0]	a;
		input	[63:0]	b;
		input	[63:0]	c;
		begin
			em_valid = 1'b1;
			em_kind  = kind;
			em_unit  = {{(8-CW){1'b0}}, ch};
			em_aux   = aux;
			em_c     = c;
			f_get_d  = get;
			f_a_d    = a;
			f_b_d    = b;
		end
	endtask
	// verilator lint_on UNUSEDSIGNAL

	always @(*)
	begin
		em_valid = 1'b0;
		em_kind  = 8'h0;
		em_unit  = 8'h0;
		em_aux   = 16'h0;
		em_c     = 64'h0;
		f_get_d  = o_f_get;
		f_a_d    = o_f_a;
		f_b_d    = o_f_b;
		case (i_hs)
		// outside a step: the entry switch (wq_host_pick's
		// switch_to), a CSR write's error (wq_chan_error)
		H_INIT, H_IDLE, H_CSR1, H_CLR, H_CSR2: begin
			if (i_ix_switch)
				emit(`WQ_EV_CHAN_SWITCH, i_cur_ch, {8'h0, `WQ_SW_EMPTY},
					i_cur_get, {{(32-CW){1'b0}}, i_nx_cur},
					64'h0, 64'h0);
			if (i_ix_answer && i_cw_err)
				emit(`WQ_EV_CHAN_ERROR, i_sc, 16'h0,
					i_cw_reset ? 16'h0 : i_s_get,
					{24'h0, i_cw_err_v}, {32'h0, i_cw_wd}, 64'h0);
		end
		// the one-cycle step of a plain method (wq_host_method)
		H_HDR, H_HDRDEC, H_DATA, H_DATAGOT:
			if (i_gh_fast)
				emit(`WQ_EV_METHOD, i_sc,
					{{(16-`WQ_MH_SUBCH_W){1'b0}}, i_gh_fs_sub}, i_s_get,
					{18'h0, i_nm_off}, {32'h0, i_gh_fs_d}, 64'h0);
		// wq_host_method
		H_METHOD:
			emit(`WQ_EV_METHOD, i_sc, {{(16-`WQ_MH_SUBCH_W){1'b0}}, i_msub},
				i_s_get, {18'h0, i_moff}, {32'h0, i_mdata}, 64'h0);
		// SEM_EXECUTE: the unit's SEM or ACQ_FAIL record
		H_SEMX, H_SEMX2, H_SL0, H_SL1, H_SL2, H_SL3, H_SL4, H_SL5,
		H_SEMW, H_TMO, H_WDW, H_STW, H_STAMP:
			if (i_sx_emit)
				emit(i_sx_kind, i_sc, i_sx_aux, i_s_get, i_sem_addr,
					i_sem_pay, i_sem_result);
		// LAUNCH
		H_LAUNCH, H_LAUNCH2, H_LREAD, H_LCHK, H_LRES, H_LDW:
			if (i_lx_launch)
				emit(`WQ_EV_LAUNCH, i_sc, 16'h0, i_s_get, i_cm_rd, 64'h0, 64'h0);
		// the way out: wq_chan_error, wq_chan_seg_end, the leave
		// switch (wq_host_after_step's switch_to)
		H_ERR, H_AFTER, H_AW, H_LVW, H_LV2, H_LEAVE: begin
			if (i_lv_error)
				emit(`WQ_EV_CHAN_ERROR, i_sc, 16'h0, i_s_get, {24'h0, i_err_s},
					{32'h0, i_cm_wd}, 64'h0);
			if (i_lv_adv)
				emit(`WQ_EV_GP_GET, i_sc, 16'h0, i_getnx_q, {16'h0, i_getnx_q},
					64'h0, 64'h0);
			if (i_lv_switch)
				emit(`WQ_EV_CHAN_SWITCH, i_sc, {8'h0, i_why}, i_s_get,
					{{(32-CW){1'b0}}, i_nx_sc}, 64'h0, 64'h0);
		end
		default: ;
		endcase
	end
`endif

`ifdef WQ_HOST_EMIT_EVR
	// (FORMAL) the call's arguments the port is checked against
	always @(posedge i_clk)
	if (!i_reset)
	begin
		o_f_get <= f_get_d;
		o_f_a   <= f_a_d;
		o_f_b   <= f_b_d;
	end
`endif

	// a and b, selected by the kind from where they are held
	always @(*)
	begin
		o_a = 32'h0;
		o_b = 64'h0;
		case (o_kind)
		`WQ_EV_GP_GET:		o_a = {16'h0, i_get};
		`WQ_EV_METHOD: begin
			o_a = {18'h0, i_moff};
			o_b = {32'h0, i_mdata};
		end
		`WQ_EV_SEM, `WQ_EV_ACQ_FAIL: begin
			o_a = i_sem_addr;
			o_b = i_sem_pay;
		end
		`WQ_EV_LAUNCH:		o_a = i_cm_rd;
		`WQ_EV_CHAN_ERROR: begin
			o_a = {24'h0, i_err};
			o_b = {32'h0, i_cm_wd};
		end
		`WQ_EV_CHAN_SWITCH:	o_a = {{(32-CW){1'b0}}, i_cur_ch};
		default: ;
		endcase
	end

`ifdef FORMAL
	// ---- formal properties (job host_emit) ------------------------------
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;
	always @(*)
	if (!f_past_valid)
		assume(i_reset);

	wire	f_idle   = hs_in_idle(i_hs);
	wire	f_gp     = hs_in_gp(i_hs);
	wire	f_hdr    = hs_in_hdr(i_hs);
	wire	f_sem    = hs_in_sem(i_hs);
	wire	f_launch = hs_in_launch(i_hs);
	wire	f_leave  = hs_in_leave(i_hs);

	// The record the registers load this cycle (the two sets' next
	// values, as the port will show them): the properties below are of
	// it, and it equals the model's calls (em_*)
	wire		f_nx_valid = r_valid_d
				|| (g_leave && (i_lv_error || i_lv_adv || i_lv_switch));
	wire	[7:0]	f_nx_kind  = !g_leave ? r_kind_d : i_lv_switch ? `WQ_EV_CHAN_SWITCH
				: i_lv_adv ? `WQ_EV_GP_GET : `WQ_EV_CHAN_ERROR;
	wire	[15:0]	f_nx_aux   = !g_leave ? r_aux_d : i_lv_switch ? {8'h0, i_why} : 16'h0;
	// which states emit, and what
	always @(*)
	begin
		// a record only from the states that emit one; none from
		// a channel RAM read, a host read, H_PMW or the GP fetch
		if (f_nx_valid)
			assert(f_idle || f_hdr || i_hs == H_METHOD || f_sem
				|| f_launch || f_leave);
		if (i_hs == H_RDW || i_hs == H_MEM || i_hs == H_PMW || f_gp)
			assert(!f_nx_valid);
		// c is the semaphore unit's result in its states, 0
		// elsewhere: a record's c is the call's
		assert(c_d == (f_sem ? i_sem_result : 64'h0));
		// the next record is the model's calls': a record exactly
		// when the state calls emit, then the last call's fields
		assert(f_nx_valid == em_valid);
		if (f_nx_valid)
			assert(f_nx_kind == em_kind && unit_d == em_unit && f_nx_aux == em_aux
				&& c_d == em_c);
		// the two sets of registers: the way out's states load a
		// record only into theirs
		if (f_leave)
			assert(!r_valid_d);
		// a record's unit is a channel
		if (f_nx_valid)
			assert(unit_d[7:CW] == 0);
		// H_METHOD always emits its METHOD record
		if (i_hs == H_METHOD)
			assert(f_nx_valid && f_nx_kind == `WQ_EV_METHOD && unit_d[CW-1:0] == i_sc
				&& f_nx_aux == {{(16-`WQ_MH_SUBCH_W){1'b0}}, i_msub});
		// the semaphore unit's record is its kind and result
		if (f_sem)
			assert(f_nx_valid == i_sx_emit);
		if (f_sem && i_sx_emit)
			assert(f_nx_kind == i_sx_kind && f_nx_aux == i_sx_aux && c_d == i_sem_result);
		// a launch carries its LAUNCH record
		if (f_launch)
			assert(f_nx_valid == i_lx_launch);
		if (f_launch && i_lx_launch)
			assert(f_nx_kind == `WQ_EV_LAUNCH && unit_d[CW-1:0] == i_sc);
		// a CSR write's error is a CHAN_ERROR record of its channel
		if (f_idle && i_ix_answer && i_cw_err)
			assert(f_nx_valid && f_nx_kind == `WQ_EV_CHAN_ERROR && unit_d[CW-1:0] == i_sc);
		// the way out: the leave switch is the last call (its reason
		// in aux), GP_GET's advance before it, the error first
		if (f_leave && i_lv_switch)
			assert(f_nx_valid && f_nx_kind == `WQ_EV_CHAN_SWITCH && f_nx_aux == {8'h0, i_why});
		if (f_leave && i_lv_adv && !i_lv_switch)
			assert(f_nx_valid && f_nx_kind == `WQ_EV_GP_GET);
		if (f_leave && i_lv_error && !i_lv_adv && !i_lv_switch)
			assert(f_nx_valid && f_nx_kind == `WQ_EV_CHAN_ERROR);
		// the entry switch: from the current channel
		if (f_idle && i_ix_switch && !(i_ix_answer && i_cw_err))
			assert(f_nx_valid && f_nx_kind == `WQ_EV_CHAN_SWITCH
				&& unit_d[CW-1:0] == i_cur_ch);
	end

	// the port is the calls' record of the cycle before: a record is
	// out only the cycle after it was emitted, with its fields
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset))
	begin
		assert(o_valid == $past(em_valid));
		if (o_valid)
			assert(o_kind == $past(em_kind) && o_unit == $past(em_unit)
				&& o_aux == $past(em_aux) && o_c == $past(em_c));
		// one set holds the record
		assert(!(r_valid && l_valid));
	end
	always @(posedge i_clk)
	if (f_past_valid && $past(i_reset))
		assert(!o_valid);

	// the unregistered fields: each kind's from its source, nothing
	// else (the model's emit leaves the others 0)
	always @(*)
	begin
		assert(o_pc == 32'h0 && o_mask == {16'h0, i_get});
		case (o_kind)
		`WQ_EV_GP_GET:
			assert(o_a == {16'h0, i_get} && o_b == 64'h0);
		`WQ_EV_METHOD:
			assert(o_a == {18'h0, i_moff} && o_b == {32'h0, i_mdata});
		`WQ_EV_SEM, `WQ_EV_ACQ_FAIL:
			assert(o_a == i_sem_addr && o_b == i_sem_pay);
		`WQ_EV_LAUNCH:
			assert(o_a == i_cm_rd && o_b == 64'h0);
		`WQ_EV_CHAN_ERROR:
			assert(o_a == {24'h0, i_err} && o_b == {32'h0, i_cm_wd});
		`WQ_EV_CHAN_SWITCH:
			assert(o_a[CW-1:0] == i_cur_ch && o_a[31:CW] == 0
				&& o_b == 64'h0);
		default:
			assert(o_a == 32'h0 && o_b == 64'h0);
		endcase
	end

	// ---- covers: every kind the host emits goes out (a METHOD record
	// from H_METHOD and from a one-cycle step) ------------------------------
	always @(*)
	if (f_past_valid && !i_reset && o_valid)
	begin
		c_gp_get: cover(o_kind == `WQ_EV_GP_GET);
		c_method: cover(o_kind == `WQ_EV_METHOD);
		c_sem:    cover(o_kind == `WQ_EV_SEM);
		c_acq:    cover(o_kind == `WQ_EV_ACQ_FAIL);
		c_launch: cover(o_kind == `WQ_EV_LAUNCH);
		c_error:  cover(o_kind == `WQ_EV_CHAN_ERROR);
		c_switch: cover(o_kind == `WQ_EV_CHAN_SWITCH);
	end
	always @(*)
	if (f_hdr)
		c_fast: cover(f_nx_valid);
	// two records back to back (the host emits one a cycle)
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset))
		c_b2b: cover(o_valid && $past(o_valid));
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
`undef WQ_HOST_EMIT_EVR
