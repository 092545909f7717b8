////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_if.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface (DESIGN §5, docs/spec.md §7): CHANNELS
//		GPFIFO channels, each reading GP entries from its ring and
//		executing the pushbuffer segments they point at, one method at
//		a time; semaphores through wq_sem_unit; wait for idle; LAUNCH
//		through wq_launch_check; the channel registers; and the host
//		scheduler that serves one channel at a time.
//
//		It is the model's host.c, host_methods.c, host_sched.c and
//		csr_chan.c, step for step:
//
//		* every step is exactly one wq_host_tick of the model: switch
//		  on entry (wq_host_pick), the acquire retry rule
//		  (wq_host_due), one wq_step_channel, and the leave decision
//		  (wq_host_after_step); the CHAN_SWITCH records are emitted
//		  inside that step, the entry switch before the step's records
//		  and the leave switch after them.  A grant begins a step; with
//		  FAST a step may keep the lock for the next (o_step_more, a
//		  burst: docs/rtl/commit.md);
//		* a channel in ACQ_WAIT is retried once ACQ_RETRY *cycles* have
//		  passed since its last attempt: the model's tick counter is the
//		  cycle on which the step began (its grant, or in a burst the
//		  previous step's pulse);
//		* records leave on the event-record port in the model's order,
//		  one per cycle;
//		* memory is read only while the host holds the lock, one access
//		  at a time, except the launch descriptor's 16 words, which
//		  stream (H_LREAD), and with FAST the segment's words, which are
//		  read ahead into a FIFO (never past the segment, emptied
//		  before a semaphore operation and when the hold ends: so each
//		  word is the value the model reads, docs/rtl/commit.md "Reads
//		  ahead").
//
//		The channel CSRs answer on the CSR sub-port (the top holds the
//		lock, so a CSR access never overlaps a step), three cycles an
//		access.  The wide per-channel fields live in a channel RAM
//		(block RAM) read and written by the step and the CSR port; the
//		scheduler's per-channel views stay in flip-flops.
//
//		Its parts: wq_host_scheduler (the scheduler: its decisions,
//		wq_host_sched, the current channel and its slice,
//		wq_host_slice, and the registers beside them), wq_host_fifo
//		(the reads ahead) and wq_host_ra (when they start, ask, pop
//		and empty), wq_host_chan (the channel RAM, the CSR decode and
//		a CSR write's next state), wq_host_mem (the memory master),
//		wq_host_emit (the records), wq_host_desc (the launch
//		descriptor and its checker), wq_sem_unit, and wq_host_step,
//		the step sequencer: its registers (the state, the step's
//		channel, the channel RAM's ports, the method, the pulses),
//		the per-channel state it writes (wq_host_cst) and every
//		register's next value from the registers -- the states'
//		units inside it (wq_host_idle, wq_host_gp, wq_host_hdr,
//		wq_host_method, wq_host_fast, wq_host_sem, wq_host_launch,
//		wq_host_leave) decide, wq_host_seq applies their decisions to
//		the registers and wq_host_chnext to the step's channel's
//		fields.  This file is the wiring of the units and the
//		host-level properties (the state codes: wq_host_states.vh).
//
//	Registers keep the model's names (gp_get, seg_rem, m_count,
//	acq_attempts, wait_kind ...; chan_state is ch->state, chan_ref is
//	ch->ref).
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"
`include "wq_host_hpre.vh"

module wq_host_if #(
		parameter	CHANNELS = 4,	// 1..16
		parameter	WARPS    = 8,	// launch checks: CTA <= WARPS*32 threads
		parameter	REGS     = 32,	// launch checks: NREGS 1..REGS
		parameter	LANES    = 32,	// launch checks: NREGS's packed limit
		parameter	DQ_LOG2  = 6,	// launch checks: DEQUE.LOG2 2..DQ_LOG2
		parameter [31:0] HOST_SLICE_RESET = 64,
		parameter	SEM_DIGIT = 32,	// semaphore arithmetic, bits a cycle (the
					// launch checker's multiplier: up to 8)
		// 1: keep the event lock for the next step when it would
		// serve a runnable channel and nobody else waits (o_step_more,
		// docs/rtl/commit.md "Commit bursts"); 0: one step a grant
		parameter	FAST = 1,
		// the memory port's line (wq_top's MEM_LINE): with FAST and
		// 16-byte lines a 16-aligned launch descriptor is read as four
		// line-wide reads (i_mem_rline), not 16 word reads
		parameter	LINE_BYTES = 4,
		// 1 (with FAST = 0 and CHANNELS <= 2): the stored launch
		// descriptor in the channel RAM, not in o_launch_desc's
		// flip-flops; the scheduler reads it a word at a time
		// (i_ld_rd .. o_ld_word) and the launch checker too
		parameter	DESC_RAM = 0
	) (
		input	wire		i_clk,
		input	wire		i_reset,
		// event lock and step port
		output	wire		o_ev_req,
		input	wire		i_ev_gnt,
		output	wire		o_step_valid,
		output	wire	[`WQ_STEPK_W-1:0]	o_step_kind,
		output	wire	[7:0]	o_step_id,
		output	wire	[`WQ_STEP_W-1:0]	o_step_res,
		// with o_step_valid: the host keeps the lock for its next step
		output	wire		o_step_more,
		// another unit waits for the lock (the top's CSR slave or the
		// warp scheduler): a burst ends
		input	wire		i_ev_wait,
		// memory master
		output	wire		o_mem_valid,
		input	wire		i_mem_ready,
		output	wire		o_mem_we,
		output	wire	[31:0]	o_mem_addr,
		output	wire	[31:0]	o_mem_wdata,
		output	wire	[3:0]	o_mem_wstrb,
		input	wire		i_mem_rvalid,
		input	wire	[31:0]	i_mem_rdata,
		// the whole line of the answer (LINE_BYTES; the word port's
		// i_mem_rdata is its word the request named)
		input	wire	[8*LINE_BYTES-1:0]	i_mem_rline,
		// event records
		output	wire		o_evr_valid,
		output	wire	[7:0]	o_evr_kind,
		output	wire	[7:0]	o_evr_unit,
		output	wire	[15:0]	o_evr_aux,
		output	wire	[31:0]	o_evr_pc,
		output	wire	[31:0]	o_evr_mask,
		output	wire	[31:0]	o_evr_a,
		output	wire	[63:0]	o_evr_b,
		output	wire	[63:0]	o_evr_c,
		// CSR sub-port
		input	wire		i_csr_valid,
		input	wire		i_csr_we,
		input	wire	[11:0]	i_csr_addr,
		input	wire	[31:0]	i_csr_wdata,
		output	wire		o_csr_ack,
		output	wire	[31:0]	o_csr_rdata,
		output	wire		o_csr_err,
		// warp scheduler
		input	wire		i_engine_idle,
		input	wire		i_can_launch,
		output	wire		o_launch_valid,
		output	wire	[31:0]	o_launch_addr,
		output	wire	[32*`WQ_LD_WORDS-1:0]	o_launch_desc,
		output	wire	[31:0]	o_launch_ncta,
		output	wire	[10:0]	o_launch_cta_threads,
		// DESC_RAM: the scheduler's read of stored descriptor word
		// i_ld_idx (held until o_ld_ack, whose cycle has it on o_ld_word)
		input	wire		i_ld_rd,
		input	wire	[3:0]	i_ld_idx,
		output	wire		o_ld_ack,
		output	wire	[31:0]	o_ld_word,
		// interrupt pulses
		output	wire		o_irq_chan_error,
		output	wire		o_irq_non_stall,
		// the free-running cycle count since reset (the retry clock's
		// `now`): the top's PERF_CYCLES, so one counter serves both
		output	wire	[31:0]	o_cycles,
		// some channel has work (wq_chan_has_work of any channel)
		output	wire		o_busy
	);

	localparam	CW = (CHANNELS > 1) ? $clog2(CHANNELS) : 1;
	localparam integer	LAST_CH_I = CHANNELS - 1;
	localparam [CW-1:0]	LAST_CH = LAST_CH_I[CW-1:0];

	assign	o_step_kind = `WQ_STEPK_CHAN;
	////////////////////////////////////////////////////////////////////////
	//
	// Per-channel state (wq_channel_t; docs/rtl/wq_host_if.md, Structure)
	//
	// In flip-flops and LUT RAM (wq_host_cst, inside u_step, which writes
	// the step's channel sc every cycle): what the scheduler looks at for
	// every channel at once on *_all (channel c at [W*c +: W]), the step's
	// channel's fields on *_s.  The acquire retry clock's per-channel part
	// is narrow: acq_wr, `now`'s wraps since the stamp, and acq_rh, the
	// lock request's countdown hint (RHW bits); ACQ_RETRY and acq_last
	// are channel RAM words, the rule evaluated once per grant of a
	// waiting channel (H_DUEA/H_DUEB, u_schd).
	localparam	RHW = 6;	// the retry hint's width
	wire	[CHANNELS-1:0]		gp_ne_all, in_seg_all;
	wire	[4*CHANNELS-1:0]	state_all;
	wire	[3*CHANNELS-1:0]	base_lo_all;
	wire	[RHW*CHANNELS-1:0]	acq_rh_all;
	wire	[`WQ_GP_ADDR_W-1:0]	seg_addr_s;	// word address
	wire	[`WQ_GP_LENGTH_W-1:0]	seg_rem_s;
	wire	[3:0]	wait_kind_s;

	// The channel RAM (wq_host_chan, u_chan below): the 32-bit fields only
	// a step of that channel or a CSR access needs, address {field,
	// channel} (wq_host_map.vh), a synchronous read port and one write
	// port (cm_we / cm_wa / cm_wd, cm_ra: u_step's registers); block RAM.
	// H_INIT's sweep writes the reset values.
	localparam	CA = (CW < 2) ? 2 : CW;
	localparam	AW = 4 + CA;
	// verilator lint_off UNUSEDPARAM
`include "wq_host_map.vh"
	// verilator lint_on UNUSEDPARAM
	// DESC_RAM: the stored descriptor in the channel RAM (its slots: da,
	// wq_host_map.vh)
	localparam	DR = (DESC_RAM != 0) && (FAST == 0) && (CHANNELS <= 2);
	wire	[AW-1:0]	cm_ra, cm_wa;
	wire	[31:0]	cm_wd;
	wire	[31:0]	cm_q;		// u_chan's read port
	wire		cm_we;
	wire		csr_pend;	// a CSR access arrived during H_INIT
	// the word read: valid two cycles after cm_ra is set, while it stays
	// and nothing writes it; no use of it meets a write of its word
	// (no_rw_check: docs/rtl/wq_host_if.md "No read meets a write";
	// simulation poisons a colliding read, so the lockstep benches check)
	wire	[31:0]	cm_rd = cm_q;

`ifdef FORMAL
	wire	[15:0]	f_evr_get;	// emit's get, a and b (u_emit's: the
	wire	[31:0]	f_evr_a;	// port's fields as the call gave them)
	wire	[63:0]	f_evr_b;
`endif

	// (FAST) PERF_METHODS (ctx->st.methods, the channel RAM word A_PERF)
	// in flip-flops too, written with every write of A_PERF: H_DATA
	// counts from it in its one cycle
	wire	[31:0]	perf_q;

	////////////////////////////////////////////////////////////////////////
	//
	// The host scheduler (wq_host_scheduler, u_schd below): its
	// decisions, the current channel and its slice (wq_ctx_t)
	//
	wire	[CHANNELS-1:0]	has_work;	// wq_chan_has_work of each channel
	assign	o_busy = |has_work;
	wire	[CW:0]	nx_cur, nx_sc;	// {found, channel}: the next with work
					// after cur_ch, after sc
	wire	[CW-1:0]	cand;	// the channel a tick would serve: in
	wire		cand_acq;	// ACQ_WAIT, its state, segment flag and
	wire	[3:0]	cand_st;	// GP_GET != GP_PUT; a tick would do
	wire		cand_seg, cand_ne, want;	// something
	wire		dq_due;		// wq_host_due (H_DUEB), the cycles left
	wire	[31:0]	dq_rem;
	wire		sl_inc, why_v;	// the leave decision: the count moves,
	wire	[7:0]	why;		// a switch and its reason; (FAST) the
	wire		nx_same;	// next step is the channel's, runnable, the
	wire		nx_run, nx_more;	// lock kept for it (a burst)
	// (u_step's: the step's channel's views for the leave decision)
	wire	[3:0]	lv_st_q;
	wire		lv_hw_q, lv_run_q;
	// the current channel and its slice: fresh, slice_used == HOST_SLICE,
	// HOST_SLICE == 0; (FAST) the count, the next step ends the slice
	wire	[CW-1:0]	cur_ch;
	wire		sl_fresh, sl_end, hs_zero;
	wire	[31:0]	slu_q;	wire	sl_eq_q;

	////////////////////////////////////////////////////////////////////////
	//
	// The step sequencer
	//
	// (the states' codes: wq_host_states.vh; not every one is named here)
	// verilator lint_off UNUSEDPARAM
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM

	// (the sequencer's registers are u_step's, wq_host_step: the state
	// hs, the step's channel sc, the states reads return to, ...)
	wire	[5:0]	hs, mem_ret, rd_ret;
	wire	[CW-1:0]	sc;		// channel of this step
	// the step's channel's flip-flop fields (u_step's u_cst, read at sc)
	wire	[15:0]	gp_get_s;
	wire		gp_ne_s, ctrl_en_s, in_seg_s, cfg_bad_s;	// (cfg_bad_s: CTRL.ENABLE's check fails)
	wire	[3:0]	chan_state_s;
	wire	[7:0]	err_s;
	wire	[5:0]	gp_lgc_s;
	wire	[2:0]	gp_base_lo_s;
	wire	[1:0]	acq_wr_s;
	// (u_cst's other reads: GP_GET of cur_ch, GP_GET and the error of
	// the record's channel)
	wire	[15:0]	cur_gp_get, ev_gp_get;
	wire	[7:0]	ev_err;
	wire	[CW-1:0]	ev_ch = o_evr_unit[CW-1:0];	// the record's channel
	wire	[`WQ_STEP_W-1:0]	res;
	wire	[31:0]	now;		// free-running cycle counter
	wire	[31:0]	gt;		// `now` at the step's start (the model's ticks)
	wire		gwrap;		// `now` wrapped since the grant
	// the host's reads (wq_host_mem, u_mem below): the request, the
	// word read, GP word 0's reserved bits, a stream's counts
	wire	[31:0]	rdata_q;
	wire		w0_bad;		// GP entry word 0 has reserved bits set
	wire	[13:0]	moff;		// method byte offset (ADDRESS << 2)
	// the method's data word is the word read (rdata_q), the IMMD
	// header's count, or a resumed wait's wait_data: one register, so the
	// channel RAM's write data has one source for it and the words read
	wire	[31:0]	mdata = rdata_q;
	wire	[`WQ_MH_SUBCH_W-1:0]	msub;
	wire	[31:0]	att_q;		// acq_attempts of this semaphore step
	wire	[31:0]	att_nx;		// att_q + 1 (one incrementer: write, test, record)
	wire		yielded;
	wire		gb_rdy;		// (FAST) GPFIFO_BASE of sc on cm_rd in H_DUE
	wire		ld_rdy;		// (FAST) launch_desc on cm_rd in H_LAUNCH
	wire	[4:0]	lidx;		// descriptor words (lines) received
	wire	[4:0]	lreq;		// descriptor reads accepted (H_LREAD)
	// (FAST, 16-byte lines) a 16-aligned descriptor streams as four line
	// reads, each answer's four words taken at once (u_desc); lreq and
	// lidx count lines then
	localparam	LD_LINE = (FAST != 0) && (LINE_BYTES == 16);
	wire		ld_line;	// this descriptor stream reads lines
	wire		lw_v;		// a host read's word landed in rdata_q
	// host memory reads (the semaphore unit has its own requests)
	wire		h_mem_valid, h_issued;
	wire	[31:0]	h_mem_addr;
	// The reads ahead (FAST; u_fifo, u_ra below; FAST=0: constant 0):
	// the step's segment's next words in a FIFO of PF_DEPTH words, and
	// the next GP entry (gq)
	localparam	PF_LG = 3;
	// verilator lint_off UNUSEDPARAM
	localparam	PF_DEPTH = 1 << PF_LG;	// (the formal section's)
	// verilator lint_on UNUSEDPARAM
	wire		pf_on, pf_mv;	// the FIFO holds sc's segment from seg_addr; a read asked for
	wire	[PF_LG:0]	pf_n;		// words in the FIFO
	wire	[PF_LG:0]	pf_out;		// reads accepted, not answered
	wire	[31:0]	pf_head;	// the FIFO's oldest word; its fields (wq_host_hpre)
	wire	[`WQ_HQ_W-1:0]	pf_head_k;
	wire		pf_busy;	// a read ahead asked for or in flight
	// the way out of a step (u_step's wq_host_leave): an error, GP_GET's
	// advance (also gq's, u_fifo), the slice and the switch, for u_schd
	// and u_emit
	wire		lv_error, lv_adv, lv_sl_inc;
	wire		lv_switch, lv_fresh;
	// gq: the entry at GP_GET + 1 of the same channel, read once the FIFO
	// asked for the segment's last word, at gb_q (GPFIFO_BASE as the last
	// GP step of channel gb_ch read it; a CSR write clears gb_v)
	wire		gq_on;		// asked, in flight or held
	wire	[1:0]	gq_got;		// words received
	wire	[CW-1:0]	gq_ch;
	wire	[15:0]	gq_tag;		// the GP_GET whose entry it is
	wire		gq_at;		// ... is its channel's GP_GET now
	wire	[31:0]	gq_w0, gq_w1;
	wire		gq_mv;		// a gq read asked for
	wire	[1:0]	gq_outn;	// gq reads in flight
	wire	[31:3]	gb_q;		// (u_step's) GPFIFO_BASE of gb_ch
	wire	[CW-1:0]	gb_ch;
	wire		gb_v;
	// (FAST) the GP step's stream was started by H_LEAVE from gb_q
	wire		gs_run;
	// H_DUE's dispatch, registered (u_step's: the step's channel's
	// state, segment flag and GP_GET != GP_PUT there)
	wire	[3:0]	dst_q;
	wire		dseg_q, dne_q;

	// ---- the current step's channel, as the model's ch-> ---------------
	wire	[15:0]	s_get    = gp_get_s;
	// GP_GET + 1, and registered for H_LVW's advance (u_step's)
	wire	[15:0]	s_getnx, getnx_q;

	// the SEM_EXECUTE word: the method's data word (a resumed wait loads
	// wait_data into mdata, so one register serves both)
	wire	[31:0]	sem_word = mdata;
	wire	s_word_switch = sem_word[`WQ_SEMF_ACQUIRE_SWITCH_LO];

	// ---- the semaphore unit ---------------------------------------------
	// (its operands straight off the channel RAM's read port in
	// H_SL2..H_SL4; o_result is every SEM / ACQ_FAIL record's c)
	wire		sem_start;
	wire		sem_busy, sem_done, sem_pass, sem_bad_op, sem_bad_red;
	wire	[63:0]	sem_mv, sem_result, sem_pay;
	wire	[31:0]	sem_addr;
	wire		sem_mem_valid, sem_mem_we;
	wire	[31:0]	sem_mem_addr, sem_mem_wdata;
	wire	[3:0]	sem_mem_wstrb;
	wire		sem_active;	// the unit owns the memory port
	// (FAST) its writes are posted (u_mem): wr_pend counts those whose
	// answers are still to come, dropped as they arrive (m_rv: the
	// answers the host's reads take)
	wire	[1:0]	wr_pend;
	wire		m_rv, sem_rvalid;
	// (its operand loads: u_step's)
	wire		sem_ld;
	wire	[1:0]	sem_ld_sel;

	wq_sem_unit #(.DIGIT(SEM_DIGIT)) u_sem (
		.i_clk(i_clk), .i_reset(i_reset),
		.i_ld(sem_ld), .i_ld_sel(sem_ld_sel), .i_ld_data(cm_rd),
		.i_start(sem_start), .i_word(sem_word),
		.o_busy(sem_busy), .o_done(sem_done), .o_pass(sem_pass),
		.o_bad_op(sem_bad_op), .o_bad_red(sem_bad_red),
		.o_mv(sem_mv), .o_result(sem_result),
		.o_addr(sem_addr), .o_pay(sem_pay),
		.o_mem_valid(sem_mem_valid), .i_mem_ready(i_mem_ready),
		.o_mem_we(sem_mem_we), .o_mem_addr(sem_mem_addr),
		.o_mem_wdata(sem_mem_wdata), .o_mem_wstrb(sem_mem_wstrb),
		.i_mem_rvalid(sem_rvalid),
		.i_mem_rdata(i_mem_rdata));

	// the SEM_EXECUTE step's records (u_step's wq_host_sem): their kind
	// and aux, for u_emit
	wire	[7:0]	sx_kind;
	wire		sx_emit;
	wire	[15:0]	sx_aux;

	// the host's memory master (wq_host_mem, docs/rtl/wq_host_mem.md):
	// the host's reads' registers, the one address adder, the posted
	// writes, and the port -- the semaphore unit's while it owns it,
	// else the host's read or u_fifo's read ahead (never up together)
	wire		pf_mem_valid;
	wire	[31:0]	pf_mem_addr;
	wire		ma_gp;
	wire	[31:0]	ma_sum;
	wq_host_mem #(.FAST(FAST), .LINE_BYTES(LINE_BYTES)) u_mem (
		.i_clk(i_clk), .i_reset(i_reset), .i_hs(hs),
		.i_h_mem_valid_d(h_mem_valid_d), .i_h_issued_d(h_issued_d),
		.i_ld_line_d(ld_line_d), .i_w0_bad_d(w0_bad_d),
		.i_h_mem_addr_d(h_mem_addr_d), .i_rdata_d(rdata_q_d),
		.i_lreq_d(lreq_d), .i_lidx_d(lidx_d), .i_h_rv(h_rv),
		.i_gb_rdy(gb_rdy), .i_gs_run(gs_run), .i_ld_rdy(ld_rdy),
		.i_cm_rd(cm_rd), .i_s_get(s_get),
		.i_sem_active(sem_active), .i_sem_mem_valid(sem_mem_valid),
		.i_sem_mem_we(sem_mem_we), .i_sem_addr2(sem_mem_addr[2]),
		.i_sem_mem_wdata(sem_mem_wdata), .i_sem_mem_wstrb(sem_mem_wstrb),
		.o_sem_rvalid(sem_rvalid),
		.i_pf_mem_valid(pf_mem_valid), .i_pf_mem_addr(pf_mem_addr),
		.o_mem_valid(o_mem_valid), .i_mem_ready(i_mem_ready), .o_mem_we(o_mem_we),
		.o_mem_addr(o_mem_addr), .o_mem_wdata(o_mem_wdata), .o_mem_wstrb(o_mem_wstrb),
		.i_mem_rvalid(i_mem_rvalid), .o_m_rv(m_rv), .o_wr_pend(wr_pend),
		.o_ma_gp(ma_gp), .o_ma_sum(ma_sum),
		.o_h_mem_valid(h_mem_valid), .o_h_issued(h_issued), .o_ld_line(ld_line),
		.o_w0_bad(w0_bad), .o_h_mem_addr(h_mem_addr), .o_rdata(rdata_q),
		.o_lreq(lreq), .o_lidx(lidx), .o_lw_v(lw_v));

	// ---- the launch descriptor (wq_host_desc, u_desc): the words stored
	// for the launch port and checked by wq_launch_check as they arrive
	// (H_LREAD; with FAST the checker starts with the stream); DESC_RAM:
	// the words are in the channel RAM and o_launch_desc is constant 0
	wire		lc_start;
	wire		lc_busy, lc_done, lc_ok;
	wire	[3:0]	lc_ridx;	// (DESC_RAM) the stored word it reads
	wire	[31:0]	lc_ncta;
	wire	[10:0]	lc_threads;
	wq_host_desc #(.WARPS(WARPS), .REGS(REGS), .LANES(LANES), .DQ_LOG2(DQ_LOG2),
		.SEM_DIGIT(SEM_DIGIT), .FAST(FAST), .LINE_BYTES(LINE_BYTES), .DR(DR ? 1 : 0))
	u_desc (
		.i_clk(i_clk), .i_reset(i_reset),
		.i_stream(hs == H_LREAD), .i_h_rv(h_rv), .i_lw_v(lw_v), .i_lidx(lidx),
		.i_line(ld_line), .i_rdata(rdata_q), .i_mem_rline(i_mem_rline),
		.i_lc_start(lc_start), .i_rword(cm_rd), .o_lc_ridx(lc_ridx),
		.o_lc_busy(lc_busy), .o_lc_done(lc_done), .o_lc_ok(lc_ok),
		.o_lc_ncta(lc_ncta), .o_lc_threads(lc_threads),
		.o_desc(o_launch_desc));

	// the LAUNCH step's launch (u_step's wq_host_launch): its record
	wire		lx_launch;

	// ---- CSR decode --------------------------------------------------------
	// (u_chan's, below: H_IDLE addresses the word an access may need,
	// H_CSR1 waits, H_CSR2 answers; the requester holds the access)
	wire		csr_is_ch;	// in the channel window
	wire	[CW-1:0]	cc;	// its channel
	wire	[AW-1:0]	csr_ra;	// the channel RAM word it needs
	wire	[31:0]	csr_rd;		// the read data (its word on cm_rd)
	// the CSR write's next state (u_chan's: cw_clr for H_CSR1, the rest
	// registered for H_CSR2, which applies them)
	wire		cw_clr;
	wire		csr_bad;	// a hole in the map
	wire		cw_reset, cw_ram, cw_hsl, cw_base, cw_lgc, cw_rh;
	wire		cw_ne, cw_wen, cw_en, cw_st, cw_err;
	wire	[AW-1:0]	cw_wa;
	wire	[5:0]	cw_lgc_v;
	wire	[3:0]	cw_st_v;
	wire	[7:0]	cw_err_v;
	wire		c_put_ne;	// GP_GET != the new GP_PUT
	wire	[31:0]	cw_wd;
`ifdef FORMAL
	wire		f_cw_now;	// u_chan's registered decision is this cycle's
	wire		f_clr_now;	// ... its registered CTRL.RESET clear
`endif

	wq_host_chan #(.CHANNELS(CHANNELS), .FAST(FAST)) u_chan (
		.i_clk(i_clk),
		.i_we(cm_we), .i_wa(cm_wa), .i_wd(cm_wd), .i_ra(cm_ra), .o_rd(cm_q),
		.i_csr_addr(i_csr_addr), .i_csr_wdata(i_csr_wdata),
		.i_base_lo(base_lo_all),
		.i_sc_get(gp_get_s), .i_sc_lgc(gp_lgc_s), .i_sc_base_lo(gp_base_lo_s), .i_sc_cfg_bad(cfg_bad_s),
		.i_sc_en(ctrl_en_s), .i_sc_state(chan_state_s), .i_sc_err(err_s),
		.i_perf(perf_q),
		.o_csr_is_ch(csr_is_ch), .o_csr_ch(cc),
		.o_csr_ra(csr_ra), .o_csr_rdata(csr_rd),
		.i_csr_we(i_csr_we), .i_sc(sc), .i_sc_wk(wait_kind_s),
		.i_sc_seg(in_seg_s), .i_sc_ne(gp_ne_s),
		.o_clr(cw_clr), .o_cw_bad(csr_bad), .o_cw_put_ne(c_put_ne),
		.o_cw_reset(cw_reset), .o_cw_ram(cw_ram), .o_cw_wa(cw_wa), .o_cw_wd(cw_wd),
		.o_cw_hsl(cw_hsl), .o_cw_base(cw_base), .o_cw_lgc(cw_lgc),
		.o_cw_lgc_v(cw_lgc_v), .o_cw_rh(cw_rh), .o_cw_ne(cw_ne), .o_cw_wen(cw_wen),
		.o_cw_en(cw_en), .o_cw_st(cw_st), .o_cw_st_v(cw_st_v), .o_cw_err(cw_err),
		.o_cw_err_v(cw_err_v)
`ifdef FORMAL
		, .o_f_cw_now(f_cw_now), .o_f_clr_now(f_clr_now)
`endif
		);

	// (FAST) a plain method's step in one cycle (fm_fire, u_step's
	// wq_host_fast): H_DATA or H_HDRDEC runs the method, counts it, emits
	// its record and ends the step with o_step_more
	wire	[13:0]	nm_off;
	wire	[`WQ_M_W-1:0]	nm_m;
	wire		fm_fire;
	wire	[31:0]	fm_slu1;
	wire		fm_sl_eq, fm_end;

	// A step begins (u_step's): on a fresh grant, or right after a step
	// that kept the lock, in the cycle of that step's pulse
	wire	g_start;

	////////////////////////////////////////////////////////////////////////
	//
	// The reads ahead (FAST): the step's segment's words, up to PF_DEPTH
	// read or in flight, taken by H_HDR and H_DATA one a cycle, never past
	// the segment's last word, and only while the host holds the lock (so
	// each is the word the model reads: docs/rtl/commit.md "Reads
	// ahead"); when they start, ask, give a word up and empty is u_ra's
	// (wq_host_ra), the FIFO and gq's storage u_fifo's (wq_host_fifo)
	wire	pf_start, pf_ask, pf_pop, pf_flush, pf_cont, gq_go, gq_clear, gb_hit, pf_st_nz;
	wire	[`WQ_GP_ADDR_W-1:0]	pf_st_addr;
	wire	[`WQ_GP_LENGTH_W-1:0]	pf_st_left;	// (pf_st_nz: != 0)
	wire	gp_both, gp_rv1, gp_w0b, gq_use;
	// answers: the FIFO's first, then gq's, then the host's own reads
	// (h_rv: the port's answer with no read ahead in flight, u_fifo's
	// registered pf_idle, and no posted write's answer to come, u_mem's
	// wr_pend: one LUT from the port)
	wire	pf_idle;
	wire	h_rv = i_mem_rvalid && (wr_pend == 2'd0) && pf_idle;

	wq_host_ra #(.FAST(FAST), .CW(CW)) u_ra (
		.i_hs(hs), .i_sc(sc), .i_in_seg(in_seg_s),
		.i_d_state(dst_q), .i_d_seg(dseg_q), .i_d_ne(dne_q), .i_seg_addr(seg_addr_s),
		.i_seg_rem(seg_rem_s), .i_ev_wait(i_ev_wait),
		.i_nx_more(nx_more), .i_nx_run(nx_run), .i_nx_same(nx_same),
		.i_h_rv(h_rv), .i_lidx(lidx), .i_lw_v(lw_v), .i_rdata(rdata_q),
		.i_w0_bad(w0_bad), .i_mem_rdata(i_mem_rdata),
		.i_nm_m(nm_m), .i_moff_m(moff[`WQ_M_W-1:0]),
		.i_pf_on(pf_on), .i_pf_nz(pf_n != 0), .i_pf_busy(pf_busy),
		.i_gq_on(gq_on), .i_gq_got(gq_got), .i_gq_ch(gq_ch), .i_gq_at(gq_at),
		.i_gq_w0(gq_w0), .i_gq_w1(gq_w1), .i_gb_v(gb_v), .i_gb_ch(gb_ch),
		.o_start(pf_start), .o_st_addr(pf_st_addr), .o_st_left(pf_st_left), .o_st_nz(pf_st_nz),
		.o_ask(pf_ask), .o_pop(pf_pop), .o_flush(pf_flush),
		.o_gq_go(gq_go), .o_gq_clear(gq_clear), .o_cont(pf_cont),
		.o_gp_both(gp_both), .o_gp_rv1(gp_rv1), .o_gp_w0b(gp_w0b), .o_gq_use(gq_use),
		.o_gb_hit(gb_hit));

	wq_host_fifo #(.FAST(FAST), .CW(CW), .PF_LG(PF_LG)) u_fifo (
		.i_clk(i_clk), .i_reset(i_reset),
		.i_start(pf_start), .i_start_addr(pf_st_addr), .i_start_left(pf_st_left), .i_start_nz(pf_st_nz),
		.i_ask(pf_ask), .i_pop(pf_pop), .i_flush(pf_flush),
		.o_on(pf_on), .o_mv(pf_mv), .o_n(pf_n), .o_out(pf_out),
		.o_head(pf_head), .o_head_k(pf_head_k),
		.i_gq_go(gq_go), .i_gq_ch(sc), .i_gq_tag(s_getnx),
		.i_adv(lv_adv), .i_adv_get(getnx_q), .o_gq_at(gq_at),
		.i_gq_addr(gb_q + {13'h0, s_getnx}), .i_gq_clear(gq_clear),
		.o_gq_on(gq_on), .o_gq_got(gq_got), .o_gq_ch(gq_ch), .o_gq_tag(gq_tag),
		.o_gq_w0(gq_w0), .o_gq_w1(gq_w1), .o_gq_mv(gq_mv), .o_gq_outn(gq_outn),
		.i_mem_ready(i_mem_ready), .i_mem_rvalid(m_rv), .i_mem_rdata(i_mem_rdata),
		.o_mem_valid(pf_mem_valid), .o_mem_addr(pf_mem_addr),
		.o_busy(pf_busy), .o_idle(pf_idle));

	// the segment walk's one-cycle step (u_step's wq_host_hdr): its start,
	// the METHOD record's subchannel and data, for u_schd and u_emit
	wire		gh_fast;
	wire	[31:0]	gh_fs_d;
	wire	[`WQ_MH_SUBCH_W-1:0]	gh_fs_sub;

	assign	o_step_id = {{(8-CW){1'b0}}, sc};

	// a grant's switch of the current channel, a CSR access answered
	// (u_step's wq_host_idle), for u_schd, u_emit and u_chnx's fields
	wire		ix_switch, ix_answer;

	////////////////////////////////////////////////////////////////////////
	//
	// The step sequencer (wq_host_step, u_step): its registers and their
	// next values from the registers and the units' outputs above, and
	// the per-channel state it writes (wq_host_cst inside); the next
	// values of u_mem's registers (the host's reads') come out as *_d
	//
	wire		h_mem_valid_d, h_issued_d, ld_line_d, w0_bad_d;
	wire	[31:0]	h_mem_addr_d, rdata_q_d;
	wire	[4:0]	lreq_d, lidx_d;
	wq_host_step #(.CHANNELS(CHANNELS), .FAST(FAST), .HOST_SLICE_RESET(HOST_SLICE_RESET),
		.CW(CW), .RHW(RHW), .PF_LG(PF_LG), .DR(DR ? 1 : 0), .LD_LINE(LD_LINE ? 1 : 0))
	u_step (
		.i_clk(i_clk), .i_reset(i_reset),
		.i_mdata(mdata), .i_sem_word(sem_word), .i_ma_gp(ma_gp), .i_csr_we(i_csr_we),
		.i_ev_ch(ev_ch),
		.i_cm_rd(cm_rd), .i_cw_wd(cw_wd), .i_csr_is_ch(csr_is_ch), .i_csr_bad(csr_bad),
		.i_cw_clr(cw_clr), .i_cw_reset(cw_reset), .i_cw_ram(cw_ram),
		.i_cw_base(cw_base), .i_cw_lgc(cw_lgc), .i_cw_rh(cw_rh), .i_cw_ne(cw_ne),
		.i_cw_wen(cw_wen), .i_cw_en(cw_en), .i_cw_st(cw_st), .i_cw_err(cw_err),
		.i_c_put_ne(c_put_ne), .i_cc(cc), .i_csr_ra(csr_ra), .i_cw_wa(cw_wa),
		.i_cw_lgc_v(cw_lgc_v), .i_cw_st_v(cw_st_v), .i_cw_err_v(cw_err_v),
		.i_h_mem_valid(h_mem_valid), .i_h_issued(h_issued), .i_w0_bad(w0_bad),
		.i_lw_v(lw_v), .i_ld_line(ld_line), .i_h_rv(h_rv), .i_m_rv(m_rv),
		.i_pf_on(pf_on), .i_pf_mv(pf_mv), .i_pf_busy(pf_busy), .i_pf_cont(pf_cont),
		.i_gq_mv(gq_mv), .i_gq_use(gq_use), .i_gp_both(gp_both), .i_gp_rv1(gp_rv1),
		.i_gp_w0b(gp_w0b), .i_gb_hit(gb_hit), .i_h_mem_addr(h_mem_addr),
		.i_rdata_q(rdata_q), .i_ma_sum(ma_sum), .i_pf_head(pf_head), .i_pf_head_k(pf_head_k), .i_gq_w0(gq_w0),
		.i_gq_w1(gq_w1), .i_lreq(lreq), .i_lidx(lidx), .i_wr_pend(wr_pend),
		.i_pf_n(pf_n),
		.i_has_work(has_work), .i_cur_ch(cur_ch), .i_cand(cand), .i_cand_acq(cand_acq), .i_cand_st(cand_st), .i_cand_seg(cand_seg), .i_cand_ne(cand_ne),
		.i_nx_same(nx_same),
		.i_nx_cur(nx_cur), .i_nx_sc(nx_sc), .i_want(want), .i_dq_due(dq_due),
		.i_sl_inc(sl_inc), .i_why_v(why_v), .i_nx_run(nx_run), .i_nx_more(nx_more),
		.i_sl_fresh(sl_fresh), .i_sl_end(sl_end), .i_hs_zero(hs_zero),
		.i_dq_rem(dq_rem), .i_sl_eq_q(sl_eq_q), .i_slu_q(slu_q), .i_why(why),
		.i_sem_done(sem_done), .i_sem_pass(sem_pass), .i_sem_bad_op(sem_bad_op),
		.i_sem_bad_red(sem_bad_red), .i_lc_done(lc_done), .i_lc_ok(lc_ok),
		.i_lc_ridx(lc_ridx),
		.i_engine_idle(i_engine_idle), .i_can_launch(i_can_launch), .i_ev_gnt(i_ev_gnt),
		.i_ev_wait(i_ev_wait), .i_csr_valid(i_csr_valid), .i_ld_rd(i_ld_rd),
		.i_mem_ready(i_mem_ready), .i_csr_wlo(i_csr_wdata[2:0]),
		.i_mem_rdata(i_mem_rdata), .i_ld_idx(i_ld_idx),
		// the step's registers
		.o_hs(hs), .o_mem_ret(mem_ret), .o_rd_ret(rd_ret), .o_sc(sc), .o_res(res),
		.o_cm_ra(cm_ra), .o_cm_wa(cm_wa), .o_now(now), .o_gt(gt), .o_cm_wd(cm_wd),
		.o_att_q(att_q), .o_perf_q(perf_q), .o_csr_pend(csr_pend), .o_gwrap(gwrap),
		.o_cm_we(cm_we), .o_sem_start(sem_start), .o_sem_active(sem_active),
		.o_lc_start(lc_start), .o_yielded(yielded), .o_gb_rdy(gb_rdy), .o_ld_rdy(ld_rdy), .o_gs_run(gs_run),
		.o_dst_q(dst_q), .o_dseg_q(dseg_q), .o_dne_q(dne_q),
		.o_getnx(s_getnx), .o_getnx_q(getnx_q), .o_gb_q(gb_q), .o_gb_ch(gb_ch), .o_gb_v(gb_v),
		.o_lv_st_q(lv_st_q), .o_lv_hw_q(lv_hw_q), .o_lv_run_q(lv_run_q),
		.o_moff(moff), .o_msub(msub),
		.o_ev_req(o_ev_req), .o_step_valid(o_step_valid), .o_step_more(o_step_more),
		.o_csr_ack(o_csr_ack), .o_csr_err(o_csr_err), .o_launch_valid(o_launch_valid),
		.o_irq_chan_error(o_irq_chan_error), .o_irq_non_stall(o_irq_non_stall),
		.o_step_res(o_step_res),
		.o_att_nx(att_nx), .o_g_start(g_start),
		// the next values of the registers kept elsewhere
		.o_h_mem_addr_d(h_mem_addr_d), .o_rdata_q_d(rdata_q_d),
		.o_h_mem_valid_d(h_mem_valid_d), .o_h_issued_d(h_issued_d),
		.o_ld_line_d(ld_line_d), .o_w0_bad_d(w0_bad_d), .o_lreq_d(lreq_d),
		.o_lidx_d(lidx_d),
		// the per-channel state (its u_cst): every channel's views, the
		// step's channel's fields, the current and the record's channel's
		.o_gp_ne_all(gp_ne_all), .o_in_seg_all(in_seg_all), .o_state_all(state_all),
		.o_base_lo_all(base_lo_all), .o_acq_rh_all(acq_rh_all),
		.o_gp_get_s(gp_get_s), .o_cur_gp_get(cur_gp_get), .o_ev_gp_get(ev_gp_get),
		.o_gp_ne_s(gp_ne_s), .o_ctrl_en_s(ctrl_en_s), .o_in_seg_s(in_seg_s),
		.o_chan_state_s(chan_state_s), .o_wait_kind_s(wait_kind_s), .o_err_s(err_s),
		.o_ev_err(ev_err), .o_gp_lgc_s(gp_lgc_s), .o_gp_base_lo_s(gp_base_lo_s), .o_cfg_bad_s(cfg_bad_s),
		.o_acq_wr_s(acq_wr_s), .o_seg_addr_s(seg_addr_s), .o_seg_rem_s(seg_rem_s),
		// the decisions for the other units
		.o_ix_switch(ix_switch), .o_ix_answer(ix_answer),
		.o_gh_fast(gh_fast), .o_gh_fs_sub(gh_fs_sub), .o_gh_fs_d(gh_fs_d),
		.o_nm_off(nm_off), .o_nm_m(nm_m), .o_fm_fire(fm_fire), .o_fm_slu1(fm_slu1),
		.o_fm_sl_eq(fm_sl_eq), .o_fm_end(fm_end), .o_sx_emit(sx_emit),
		.o_sx_kind(sx_kind), .o_sx_aux(sx_aux),
		.o_sem_ld(sem_ld), .o_sem_ld_sel(sem_ld_sel), .o_lx_launch(lx_launch),
		.o_lv_error(lv_error), .o_lv_adv(lv_adv), .o_lv_sl_inc(lv_sl_inc),
		.o_lv_switch(lv_switch), .o_lv_fresh(lv_fresh));

	// the host scheduler (wq_host_scheduler): its decisions
	// (wq_host_sched), the current channel and its slice (wq_host_slice)
	// and the registers beside them
	wq_host_scheduler #(.CHANNELS(CHANNELS), .FAST(FAST),
		.HOST_SLICE_RESET(HOST_SLICE_RESET), .CW(CW), .RHW(RHW))
	u_schd (
		.i_clk(i_clk), .i_reset(i_reset),
		.i_hs(hs), .i_sc(sc), .i_res(res), .i_yielded(yielded),
		.i_word_switch(s_word_switch), .i_g_start(g_start), .i_step_valid(o_step_valid),
		.i_lv_st(lv_st_q), .i_lv_hw(lv_hw_q), .i_lv_run(lv_run_q),
		.i_state_all(state_all), .i_gp_ne_all(gp_ne_all), .i_in_seg_all(in_seg_all),
		.i_acq_rh_all(acq_rh_all),
		.i_engine_idle(i_engine_idle), .i_can_launch(i_can_launch), .i_ev_wait(i_ev_wait),
		.o_has_work(has_work), .o_nx_cur(nx_cur), .o_cand(cand), .o_want(want),
		.o_cand_acq(cand_acq), .o_cand_st(cand_st), .o_cand_seg(cand_seg),
		.o_cand_ne(cand_ne),
		.i_cm_rd(cm_rd), .i_gt(gt), .i_att_q(att_q), .i_acq_wr(acq_wr_s),
		.i_gwrap(gwrap), .o_dq_due(dq_due), .o_dq_rem(dq_rem),
		.i_pf_busy(pf_busy), .i_pf_cont(pf_cont), .i_wr_pend(wr_pend),
		.o_nx_sc(nx_sc), .o_sl_inc(sl_inc), .o_why(why), .o_why_v(why_v),
		.o_nx_same(nx_same), .o_nx_run(nx_run), .o_nx_more(nx_more),
		.i_ix_switch(ix_switch), .i_ix_answer(ix_answer), .i_cw_hsl(cw_hsl),
		.i_csr_wdata(i_csr_wdata), .i_gh_fast(gh_fast), .i_fm_slu1(fm_slu1),
		.i_fm_sl_eq(fm_sl_eq), .i_fm_end(fm_end), .i_lv_sl_inc(lv_sl_inc),
		.i_att_nx(att_nx), .i_lv_switch(lv_switch), .i_lv_fresh(lv_fresh),
		.o_cur_ch(cur_ch), .o_sl_fresh(sl_fresh), .o_sl_end(sl_end),
		.o_hs_zero(hs_zero), .o_sl_eq(sl_eq_q), .o_slu(slu_q)
`ifdef FORMAL
		, .i_f_csr_we(i_csr_we), .i_f_csr_addr(i_csr_addr), .i_f_csr_bad(csr_bad),
		.i_f_fm_fire(fm_fire)
`endif
		);

	// the event records (wq_host_emit): the model's wq_host_emit where the
	// model calls it, from the decisions of the units that own the
	// emitting states (under FORMAL the calls' arguments come back,
	// f_evr_*, and the port is asserted equal to them below)
	wq_host_emit #(.CW(CW)) u_emit (
		.i_clk(i_clk), .i_reset(i_reset),
		.i_hs(hs), .i_sc(sc), .i_cur_ch(cur_ch),
		.i_ix_switch(ix_switch), .i_nx_cur(nx_cur[CW-1:0]), .i_ix_answer(ix_answer),
		.i_cw_err(cw_err), .i_cw_reset(cw_reset), .i_cw_err_v(cw_err_v), .i_cw_wd(cw_wd),
		.i_gh_fast(gh_fast), .i_gh_fs_sub(gh_fs_sub), .i_gh_fs_d(gh_fs_d),
		.i_nm_off(nm_off),
		.i_sx_emit(sx_emit), .i_sx_kind(sx_kind), .i_sx_aux(sx_aux),
		.i_sem_result(sem_result), .i_lx_launch(lx_launch),
		.i_lv_error(lv_error), .i_lv_adv(lv_adv), .i_lv_switch(lv_switch),
		.i_why(why), .i_nx_sc(nx_sc[CW-1:0]), .i_getnx_q(getnx_q),
		.i_cur_get(cur_gp_get), .i_s_get(s_get), .i_err_s(err_s), .i_msub(msub),
		.i_get(ev_gp_get), .i_err(ev_err), .i_moff(moff), .i_mdata(mdata),
		.i_sem_addr(sem_addr), .i_sem_pay(sem_pay),
		.i_cm_rd(cm_rd), .i_cm_wd(cm_wd),
`ifdef FORMAL
		.o_f_get(f_evr_get), .o_f_a(f_evr_a), .o_f_b(f_evr_b),
`endif
		.o_valid(o_evr_valid), .o_kind(o_evr_kind), .o_unit(o_evr_unit),
		.o_aux(o_evr_aux), .o_pc(o_evr_pc), .o_mask(o_evr_mask),
		.o_a(o_evr_a), .o_b(o_evr_b), .o_c(o_evr_c));

	// the CSR read data: valid with o_csr_ack, combinational from the
	// state and the held access (no 32-bit answer register)
	assign	o_csr_rdata          = csr_rd;
	assign	o_cycles             = now;
	// the launch: the address is still on cm_rd (launch_desc), the
	// products stay put in the checker until its next start
	assign	o_launch_addr        = cm_rd;
	assign	o_launch_ncta        = lc_ncta;
	assign	o_launch_cta_threads = lc_threads;
	// (DESC_RAM) the scheduler's descriptor word read
	assign	o_ld_ack  = DR && hs == H_LDW;
	assign	o_ld_word = cm_rd;

	// verilator lint_off UNUSEDSIGNAL
	// (pf_out, gq_outn: the formal section's memory count; gq_tag: its
	// gq flag's; fm_fire: its slice count; csr_pend, mem_ret, rd_ret: the
	// CSR port's and the launch's properties)
	wire	unused = &{1'b0, pf_out, gq_outn, gq_tag, fm_fire, lc_busy, sem_busy, sem_mv,
			csr_pend, mem_ret, rd_ret,
			LAST_CH, sem_mem_addr[31:3], sem_mem_addr[1:0]};
	// verilator lint_on UNUSEDSIGNAL

`ifdef FORMAL
	// ---- formal properties ----------------------------------------------
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;
	always @(*)
	if (!f_past_valid)
		assume(i_reset);

	// the launch port holds a launched grid's descriptor, grid size and
	// CTA size until the next launch: while a grid waits (!i_can_launch)
	// the scheduler reads its fields here instead of keeping a copy
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && !$past(i_can_launch) && !$past(o_launch_valid))
	begin
		assert(o_launch_desc == $past(o_launch_desc));
		assert(o_launch_ncta == $past(o_launch_ncta));
		assert(o_launch_cta_threads == $past(o_launch_cta_threads));
	end
	// A launch is some 300 cycles from reset (the 64-word sweep, CSR
	// set-up, a segment, 16 reads, 132 checker cycles), far deeper than a
	// BMC reaches, so the hold is proved by induction (job host_if_launch:
	// these properties alone, FORMAL_LAUNCH_PORT), which needs the reason
	// it holds.  The scheduler: o_can_launch = no grid waiting, and only a
	// launch makes one wait, so it falls only right after o_launch_valid
	// (combinational with a flag: Yosys evaluates a clocked assume one
	// cycle late).
	reg	f_canheld;
	initial	f_canheld = 1'b0;
	always @(posedge i_clk)
		f_canheld <= !i_reset && i_can_launch && !o_launch_valid;
	always @(*)
	if (f_canheld)
		assume(i_can_launch);
	// The host: the descriptor is written only in H_LREAD and the
	// products change only while the checker runs (H_LCHK; with FAST from
	// H_LREAD on), a launch
	// starts only while no grid waits, and no grid starts waiting before
	// its pulse, so the whole launch runs with i_can_launch high
	wire	f_launching = hs == H_LAUNCH || hs == H_LAUNCH2 || hs == H_LREAD
			|| hs == H_LCHK || (hs == H_RDW && rd_ret == H_LAUNCH2)
			|| hs == H_LRES || (hs == H_RDW && rd_ret == H_LRES);
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		if (f_launching)
			assert(i_can_launch);
		// a read returns only to a state that asked for one (so only
		// the launch's own reads return into it)
		if (hs == H_MEM)
			assert(mem_ret == H_GP1 || mem_ret == H_GPCHK || mem_ret == H_HDRDEC
				|| mem_ret == H_DATAGOT);
		if (hs == H_RDW)
			assert(rd_ret == H_DUE2 || rd_ret == H_GP0 || rd_ret == H_SEMX
				|| rd_ret == H_SEMX2 || rd_ret == H_TMO || rd_ret == H_LAUNCH2
				|| (DR && (rd_ret == H_LRES || rd_ret == H_LDW)));
		// (the checker's end: its pulse only in H_LCHK, and not busy;
		// with FAST it starts with the stream, so it runs and may end
		// in H_LREAD too: an end there is unreachable, its last pass
		// waiting for the 16th word, but the host's invariants do not
		// see the checker's word count)
		if (FAST == 0 && (lc_start || lc_busy || lc_done))
			assert(hs == H_LCHK);
		if (FAST != 0 && (lc_start || lc_busy || lc_done))
			assert(hs == H_LREAD || hs == H_LCHK);
		if (lc_done)
			assert(!lc_busy);
		// (DESC_RAM) the checker's verdict is read back after it is
		// done, and a scheduler's word read exists only with DESC_RAM
		if (hs == H_LRES)
			assert(DR && !lc_busy);
		if (hs == H_LDW || (hs == H_RDW && rd_ret == H_LDW))
			assert(DR);
		// a launch and a step end only inside a grant's step
		if (o_launch_valid)
			assert(hs == ((FAST != 0) ? H_AW : H_AFTER));
	end
	// (DESC_RAM) the stored descriptor's words are written only by the
	// stream (H_LREAD's writes land a cycle later) and the reset sweep
	reg	f_dwr;
	initial	f_dwr = 1'b0;
	always @(posedge i_clk)
		f_dwr <= hs == H_LREAD || hs == H_INIT;
	integer	fdk;
	always @(*)
	if (f_past_valid && !i_reset && DR && cm_we)
		for (fdk = 0; fdk < 16; fdk = fdk + 1)
			if (cm_wa == da(fdk[3:0]))
				assert(f_dwr);
`ifndef FORMAL_LAUNCH_PORT
	// the record fields the port selects are the ones emit was given
	always @(*)
	if (f_past_valid && !i_reset && o_evr_valid)
	begin
		assert(o_evr_mask == {16'h0, f_evr_get});
		assert(o_evr_a == f_evr_a);
		assert(o_evr_b == f_evr_b);
	end

	// the top: a CSR access only while the host holds no grant, a grant
	// only after a request and until the cycle after o_step_valid
	// (the pulse of one that arrives during the reset sweep waits in
	// csr_pend)
	always @(*)
		if (i_ev_gnt || csr_pend || (hs != H_IDLE && hs != H_INIT))
			assume(!i_csr_valid);
	// and the requester holds the access until o_csr_ack: the port is
	// what it was the cycle before while one waits (csr_pend) or runs
	// (H_CSR1 .. H_CSR2)
	reg		f_cwe;
	reg	[11:0]	f_caddr;
	reg	[31:0]	f_cwdata;
	always @(posedge i_clk)
	begin
		f_cwe    <= i_csr_we;
		f_caddr  <= i_csr_addr;
		f_cwdata <= i_csr_wdata;
	end
	always @(*)
	if (f_past_valid && !i_reset && (csr_pend || hs == H_CSR1 || hs == H_CLR
			|| hs == H_CSR2))
		assume(i_csr_we == f_cwe && i_csr_addr == f_caddr
			&& i_csr_wdata == f_cwdata);
	// so H_CSR2 applies the decision of its own cycle (u_chan's cw_*
	// registered)
	always @(*)
	if (f_past_valid && !i_reset && hs == H_CSR2)
		assert(f_cw_now);
	// and H_CSR1 its clear (cw_clr: registered in the cycle that took
	// the access, whose address and data the requester still holds)
	always @(*)
	if (f_past_valid && !i_reset && hs == H_CSR1)
		assert(f_clr_now);

	// the event lock's protocol (wq_flock: wq_top asserts what is
	// assumed here, and assumes the host's step pulse only inside it); the
	// top keeps the lock on o_step_more only with HOST_FAST, which FAST is
	wq_flock #(.F_UNIT(1), .F_KEEP(FAST != 0)) f_lock (
		.i_clk(i_clk), .i_reset(i_reset), .i_req(o_ev_req), .i_gnt(i_ev_gnt),
		.i_step(o_step_valid), .i_more(o_step_more));
	// the memory answers in order, once per accepted request, a cycle
	// later or more (wq_fmem; f_mout: accepted, not yet answered)
	wire	[4:0]	f_mout;
	wq_fmem #(.F_LGOUT(5)) f_mem (
		.i_clk(i_clk), .i_reset(i_reset), .i_valid(o_mem_valid), .i_ready(i_mem_ready),
		.i_rvalid(i_mem_rvalid), .o_out(f_mout));
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		// one access at a time, only inside a step, except the
		// descriptor's stream: its reads asked, in flight and taken
		// add up, never past the 16 words; and the reads ahead, which
		// are the only ones in flight while any is
		// (FAST: the descriptor's stream may begin with reads ahead
		// in flight, whose answers come first)
		// (FAST: the unit's posted writes, wr_pend, are the oldest
		// in flight; none is left when the step leaves H_LEAVE)
		assert({3'd0, wr_pend} <= f_mout && wr_pend <= 2'd2);
		if (wr_pend != 2'd0)
			assert(hs == H_SEMW || hs == H_AW || hs == H_LVW
				|| hs == H_LEAVE || hs == H_STW || hs == H_WDW
				|| hs == H_STAMP || hs == H_TMO || hs == H_RDW
				|| hs == H_ERR || hs == H_AFTER);
		if (pf_busy && hs != H_LREAD)
			assert(f_mout == {{(4-PF_LG){1'b0}}, pf_out} + {3'd0, gq_outn}
					+ {3'd0, wr_pend}
				&& !h_mem_valid && !h_issued
				&& !sem_active && hs != H_MEM
				&& pf_on);
		else if (hs == H_GPW || (hs == H_DUE && gs_run))
			assert(lreq == lidx + {4'd0, lw_v} + f_mout
				&& lreq <= 5'd2 && h_mem_valid == (lreq != 5'd2));
		else if (hs != H_LREAD)
			assert(!(o_mem_valid && f_mout != {3'd0, wr_pend})
				&& f_mout <= {3'd0, wr_pend} + 5'd1);
		else
			assert(lreq + {{(4-PF_LG){1'b0}}, pf_out} + {3'd0, gq_outn}
					== lidx + {4'd0, lw_v} + f_mout
				&& lreq <= (ld_line ? 5'd4 : `WQ_LD_WORDS) && !pf_mv && !gq_mv
				&& h_mem_valid == (lreq != (ld_line ? 5'd4 : `WQ_LD_WORDS)));
		// the FIFO: at most PF_DEPTH words held and in flight, never
		// past the segment, on only for the step's segment
		assert({1'b0, pf_n} + {1'b0, pf_out} <= PF_DEPTH);
		if (!pf_on)
			assert(pf_n == 0 && !pf_mv && pf_out == 0);
		if (pf_on && hs != H_LVW && hs != H_LV2 && hs != H_LEAVE
				&& hs != H_ERR && hs != H_AFTER && hs != H_AW)
			assert(in_seg_s);
		// u_fifo's interface (its formal job's assumptions; the
		// start, pop and flush conditions are u_ra's properties): gq
		// dropped only with none of its reads in flight
		if (gq_clear)
			assert(!gq_mv && gq_outn == 2'd0);
		// gq's entry is the step channel's (sc changes in H_IDLE only,
		// which drops gq); u_fifo's flag says its GP_GET is the
		// channel's only when it is, and always where the GP step
		// reads it (H_DUE outside a segment)
		if (gq_on)
			assert(gq_ch == sc && (!gq_at || gq_tag == s_get));
		if (gq_on && hs == H_DUE && !in_seg_s)
			assert(gq_at == (gq_tag == s_get));
		// memory is quiet outside a step, and the FIFO off (a burst's
		// reads ahead go on only into a next step that is the walk
		// itself, which begins in the pulse's cycle, not in H_IDLE)
		if (hs == H_IDLE)
			assert(f_mout == 5'd0 && !pf_on);
	end

	always @(*)
	if (f_past_valid && !i_reset)
	begin
		assert(sc <= LAST_CH);
		// memory is only touched inside a step, and not during the
		// reset sweep (the semaphore unit's ownership and the sweep's
		// lock request: wq_host_step's section)
		if (hs == H_IDLE || hs == H_INIT)
			assert(!o_mem_valid);
		// (the scheduler's registers and the slice: wq_host_scheduler's
		// section)
	end

	// ---- covers (reached from reset by scripts/formal.sh --all, job
	// host_if_C1; the reset sweep alone is 2^AW cycles) -------------------
	// the sweep ends, a CSR access is answered (with data, and with an
	// error for a hole in the map), the event lock is asked for, a step
	// ends, a GP entry is read from memory and a channel enters ERROR
	// (an interrupt pulse and its CHAN_ERROR record); with more than
	// one channel the host switches channels (a CHAN_SWITCH record)
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		c_csr_answer: cover(o_csr_ack && !o_csr_err);
		c_csr_err:    cover(o_csr_ack && o_csr_err);
		c_ev_req:     cover(o_ev_req);
		c_step:       cover(o_step_valid);
		c_gp_read:    cover(((hs == H_MEM && mem_ret == H_GP1) || hs == H_GPW)
					&& i_mem_rvalid);
		c_chan_error: cover(o_irq_chan_error);
		c_err_record: cover(o_evr_valid && o_evr_kind == `WQ_EV_CHAN_ERROR);
	end
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset))
		c_sweep_done: cover(hs == H_IDLE && $past(hs) == H_INIT);
	// (DESC_RAM) the scheduler's descriptor word answered
	generate if (DR)
	begin : g_fcover_ld
		always @(*)
		if (f_past_valid && !i_reset)
			c_ld_word: cover(o_ld_ack && i_ld_rd);
	end endgenerate
	generate if (CHANNELS > 1)
	begin : g_fcover
		always @(*)
		if (f_past_valid && !i_reset)
			c_switch: cover(o_evr_valid && o_evr_kind == `WQ_EV_CHAN_SWITCH);
	end endgenerate
`endif	// FORMAL_LAUNCH_PORT
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
