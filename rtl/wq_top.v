////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_top.v
//
// Project:	warpq -- a GPU front end, RTL twin of the C golden model
//
// Purpose:	The device: host interface (channels, semaphores, launches)
//		and warp scheduler (warp slots, token deques, SIMT lanes)
//		behind one CSR slave, one memory port and one interrupt.
//
//	Events are serialized by one lock (docs/rtl/README.md "Shared
//	contracts"): the host interface, the warp scheduler and the CSR
//	slave each ask for it with a request line; the arbiter here grants
//	one of them at a time, round-robin from the last holder, and the
//	holder performs exactly one golden-model step -- a channel step, a
//	warp instruction, a CTA dispatch or a CSR access -- which it ends
//	with a one-cycle step pulse.  The grant drops the cycle after it.
//	Because nothing architectural changes outside a grant, the order of
//	step pulses on o_step_* is the order in which the model must replay
//	the steps, and the event records of each step appear on o_evr_*
//	between its grant and its step pulse.
//
//	The top itself owns ID, CONFIG, IRQ_STATUS (write one to clear),
//	IRQ_ENABLE and PERF_CYCLES; every other CSR is forwarded to the unit
//	that holds the state (host interface: HOST_SLICE, PERF_METHODS and
//	the channel registers; warp scheduler: TRAP_*, DBG_*, PERF_INSTR).
//
//	Memory port: valid/ready requests, one response per accepted request
//	(reads and writes alike), in order.  Only the lock holder drives it,
//	and it collects all of its responses before its step pulse, so the
//	responses always belong to the current holder.
//
// Creator:	warpq developers
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none
`include "wq_defs.vh"

module wq_top #(
	parameter CHANNELS   = 4,	// host channels, 1..16
	parameter WARPS      = 8,	// warp slots, 1..64
	parameter LANES      = 32,	// physical lanes: 8, 16 or 32
	parameter DQ_LOG2    = 6,	// token deque entries per warp, log2
	parameter REGS       = 32,	// registers per thread
	parameter HOST_SLICE = 64,	// reset value of HOST_SLICE
	parameter ALU_LANES  = LANES,	// physical ALU lanes (divides LANES)
	// the pipelined core's dividers (divides LANES; wq_core_div)
	parameter DIV_LANES  = LANES,
	// the pipelined core's FPU (wq_fpu): 0 none (every FP opcode traps
	// ILLEGAL_INSTR, the model's fp = 0), 1 with FP_LANES lanes a unit
	// (divides LANES); the firmware scheduler has none
	parameter FP         = 0,
	parameter FP_LANES   = LANES,
	// the pipelined core's LSU: queue entries (a power of two, >= 2) and
	// memory answers owed at once (a power of two, >= 4; wq_core_lsu)
	parameter LSQ        = 4,
	parameter TAGS       = 32,
	parameter SEM_DIGIT  = 32,	// semaphore arithmetic bits a cycle (1..32)
	// 0: the pipelined SIMT core (rtl/core/wq_core.v, docs/rtl/wq_core.md),
	// the default configuration's scheduler; 1: the firmware scheduler on
	// the micro-engine (wq_sched_ue, same ports; its firmware is built for
	// the small configuration only)
	parameter SCHED_UE   = 0,
	// HOST_FAST=1: the host interface's commit bursts (it keeps the
	// lock for the next step of a runnable channel, docs/rtl/commit.md);
	// off for the firmware scheduler (the iCE40 fit build) unless asked
	parameter HOST_FAST  = (SCHED_UE == 0) ? 1 : 0,
	// SCHED_UE=1: the engine's rotator from two multiplies (SB_MAC16s
	// under synth_ice40 -dsp) instead of a LUT barrel shifter
	parameter ROT_MUL    = 0,
	// 1: the scheduler's memory accesses go through the L1 data cache
	// (wq_mempath, docs/rtl/wq_mempath.md); 0: straight to the memory
	// port, one word at a time.  Off for the firmware scheduler (the
	// iCE40 fit build) unless asked for
	parameter L1         = (SCHED_UE == 0) ? 1 : 0,
	parameter L1_SETS    = 16,	// L1 sets (a power of two, >= 2)
	parameter L1_WAYS    = 2,	// L1 ways (a power of two)
	parameter L1_LINE    = 16,	// L1 line bytes (a power of two, >= 8)
	// bytes of the memory port (derived, not to be set): the L1's line
	// with L1=1 (a line request a cycle, docs/rtl/wq_mempath.md), a word
	// with L1=0 (the small / iCE40 configuration's word port)
	parameter MEM_LINE   = (L1 != 0) ? L1_LINE : 4,
	// MEM_WRITE records a cycle on the beat port (1..32, whatever the
	// memory port's width; docs/rtl/commit.md)
	parameter EVM_SLOTS  = 8
) (
	input	wire		i_clk,
	input	wire		i_reset,
	// CSR slave: hold i_csr_valid (and the request) until o_csr_ack
	input	wire		i_csr_valid,
	input	wire		i_csr_we,
	input	wire	[11:0]	i_csr_addr,
	input	wire	[31:0]	i_csr_wdata,
	output	reg		o_csr_ack,
	output	reg	[31:0]	o_csr_rdata,
	output	reg		o_csr_err,	// unmapped or unaligned offset
	output	wire		o_irq,
	// no step in flight, no channel has work and the engine is idle (the
	// model's `!wq_host_busy && wq_engine_idle`): the UART bridge's WAIT
	output	wire		o_idle,
	// memory master, MEM_LINE bytes wide: a request for the line at
	// o_mem_addr (its base) with byte strobes, answers in order
	output	wire		o_mem_valid,
	input	wire		i_mem_ready,
	output	wire		o_mem_we,
	output	wire	[31:0]	o_mem_addr,
	output	wire	[8*MEM_LINE-1:0] o_mem_wdata,
	output	wire	[MEM_LINE-1:0]	o_mem_wstrb,
	input	wire		i_mem_rvalid,
	input	wire	[8*MEM_LINE-1:0] i_mem_rdata,
	// which unit holds the event lock: {csr, sched, host} (one-hot or 0)
	output	wire	[2:0]		o_lock,
	// step port: one pulse per golden-model step, in replay order
	output	wire			o_step_valid,
	output	wire	[`WQ_STEPK_W-1:0] o_step_kind,
	output	wire	[7:0]		o_step_id,
	output	wire	[`WQ_STEP_W-1:0] o_step_res,
	// event records of the step in progress (trace.h, field for field)
	output	wire		o_evr_valid,
	output	wire	[7:0]	o_evr_kind,
	output	wire	[7:0]	o_evr_unit,
	output	wire	[15:0]	o_evr_aux,
	output	wire	[31:0]	o_evr_pc,
	output	wire	[31:0]	o_evr_mask,
	output	wire	[31:0]	o_evr_a,
	output	wire	[63:0]	o_evr_b,
	output	wire	[63:0]	o_evr_c,
	output	wire	[4:0]	o_evr_part,
	output	wire	[LANES*32-1:0] o_evr_vals,
	// the REG_WRITE slot: a register write's record (kind REG_WRITE),
	// ahead of the o_evr_* record of the same cycle; its part and values
	// are o_evr_part / o_evr_vals (at most one REG_WRITE a cycle, on
	// either slot).  The core puts every REG_WRITE here, so a warp
	// instruction's write and its RETIRE leave in one cycle
	output	wire		o_evw_valid,
	output	wire	[7:0]	o_evw_unit,
	output	wire	[15:0]	o_evw_aux,
	output	wire	[31:0]	o_evw_pc,
	output	wire	[31:0]	o_evw_mask,
	// the MEM_WRITE beat port (the core's): up to EVM_SLOTS MEM_WRITE
	// records of a store in one cycle, slot 0 first, after the o_evw_*
	// record and before the o_evr_* record of the cycle; per slot i the
	// lane (aux, bits 16i), strobes (mask), address (a) and data (b) in
	// bits 32i (docs/rtl/commit.md)
	output	wire	[EVM_SLOTS-1:0] o_evm_valid,
	output	wire	[7:0]	o_evm_unit,
	output	wire	[31:0]	o_evm_pc,
	output	wire	[16*EVM_SLOTS-1:0] o_evm_aux,
	output	wire	[32*EVM_SLOTS-1:0] o_evm_mask,
	output	wire	[32*EVM_SLOTS-1:0] o_evm_a,
	output	wire	[32*EVM_SLOTS-1:0] o_evm_b
);
	localparam	ML = MEM_LINE;
	localparam	NS = EVM_SLOTS;
	localparam	[1:0]	U_HOST = 2'd0, U_SCHED = 2'd1, U_CSR = 2'd2;

	// unit outputs
	wire		h_ev_req, s_ev_req;
	wire		h_step_valid, s_step_valid;
	wire		s_step_more;	// the scheduler keeps the lock after its step
	wire		h_step_more;	// the host keeps the lock after its step
	wire	[`WQ_STEPK_W-1:0] h_step_kind, s_step_kind;
	wire	[7:0]	h_step_id, s_step_id;
	wire	[`WQ_STEP_W-1:0] h_step_res, s_step_res;
	wire		h_mem_valid, s_mem_valid, h_mem_we, s_mem_we;
	wire	[31:0]	h_mem_addr, s_mem_addr;
	wire	[8*ML-1:0] s_mem_wdata;
	wire	[ML-1:0] s_mem_wstrb;
	wire	[31:0]	h_mem_wdata;
	wire	[3:0]	h_mem_wstrb;
	wire		s_mem_ready, s_mem_rvalid;	// the scheduler's port responses
	wire	[8*ML-1:0] s_mem_rdata;
	// the host interface's word port on the device's port
	wire		h_mem_ready, h_mem_rvalid;
	wire	[31:0]	h_mem_rdata;
	wire		hl_valid, hl_we;
	wire	[31:0]	hl_addr;
	wire	[8*ML-1:0] hl_wdata;
	wire	[ML-1:0] hl_wstrb;
	// the scheduler's MEM_WRITE beat port
	wire	[NS-1:0] s_evm_valid;
	// the core's warp loads and their line requests (the benches read them;
	// 0 with the firmware scheduler)
	wire	[31:0]	ld_warps /* verilator public_flat_rd */;
	wire	[31:0]	ld_lines /* verilator public_flat_rd */;
	wire	[7:0]	s_evm_unit;
	wire	[31:0]	s_evm_pc;
	wire	[16*NS-1:0] s_evm_aux;
	wire	[32*NS-1:0] s_evm_mask, s_evm_a, s_evm_b;
	wire		h_evr_valid, s_evr_valid;
	wire	[7:0]	h_evr_kind, s_evr_kind, h_evr_unit, s_evr_unit;
	wire	[15:0]	h_evr_aux, s_evr_aux;
	wire	[31:0]	h_evr_pc, s_evr_pc, h_evr_mask, s_evr_mask, h_evr_a, s_evr_a;
	wire	[63:0]	h_evr_b, s_evr_b, h_evr_c, s_evr_c;
	wire	[4:0]	s_evr_part;
	wire	[LANES*32-1:0] s_evr_vals;
	wire		s_evw_valid;
	wire	[7:0]	s_evw_unit;
	wire	[15:0]	s_evw_aux;
	wire	[31:0]	s_evw_pc, s_evw_mask;
	wire		h_csr_ack, s_csr_ack, h_csr_err, s_csr_err;
	wire	[31:0]	h_csr_rdata, s_csr_rdata;
	wire		engine_idle, can_launch, host_busy;
	wire		launch_valid;
	wire	[31:0]	launch_addr, launch_ncta;
	wire	[16*32-1:0] launch_desc;
	wire	[10:0]	launch_cta_threads;
	// the firmware scheduler's descriptor word reads (DESC_RAM)
	wire		ld_rd, ld_ack;
	wire	[3:0]	ld_idx;
	wire	[31:0]	ld_word;
	// the stored descriptor in the host's channel RAM: the firmware
	// scheduler on the host without commit bursts (the small configuration)
	localparam	DESC_RAM = (SCHED_UE != 0 && HOST_FAST == 0 && CHANNELS <= 2) ? 1 : 0;
	wire		irq_chan_error, irq_non_stall, irq_trap;

	////////////////////////////////////////////////////////////////////////
	//
	// The event lock
	//
	////////////////////////////////////////////////////////////////////////
	reg		busy;		// a unit holds the lock
	reg	[1:0]	owner;		// which one (valid while busy)
	reg	[1:0]	last;		// the previous holder: round-robin start
	reg		csr_req;	// an outside CSR access waits for the lock
	wire	[2:0]	req = { csr_req, s_ev_req, h_ev_req };
	wire		step_end;	// the holder's step pulse
	reg	[1:0]	pick;

	// the first requester after `last`, in the order host, sched, csr
	always @(*)
	begin
		pick = last;
		case (last)
		U_HOST:	 pick = req[U_SCHED] ? U_SCHED : (req[U_CSR] ? U_CSR : U_HOST);
		U_SCHED: pick = req[U_CSR] ? U_CSR : (req[U_HOST] ? U_HOST : U_SCHED);
		default: pick = req[U_HOST] ? U_HOST : (req[U_SCHED] ? U_SCHED : U_CSR);
		endcase
	end

	initial	busy  = 1'b0;
	initial	owner = U_HOST;
	initial	last  = U_CSR;
	always @(posedge i_clk)
	if (i_reset)
	begin
		busy  <= 1'b0;
		owner <= U_HOST;
		last  <= U_CSR;
	end else if (busy)
	begin
		if (step_end && !(owner == U_SCHED && s_step_more)
				&& !(HOST_FAST != 0 && owner == U_HOST && h_step_more))
		begin
			busy <= 1'b0;
			last <= owner;
		end
	end else if (|req)
	begin
		busy  <= 1'b1;
		owner <= pick;
	end

	// The host's run (HOST_FAST): the host keeps the lock across up to
	// HOST_RUN steps of a hold although the scheduler or a CSR access
	// waits; a launch ends the burst at the next step (the grid it
	// checked waits for the scheduler's dispatch).  h_run counts the
	// steps of the current host hold, h_lnch says the hold launched a
	// grid; the scheduler's request or a CSR access ends a burst only at
	// the HOST_RUN-th step or after a launch (a CSR access comes from the
	// far side of the host link: a few steps more are nothing to it, and
	// a child launch no longer waits for a warp step and the access when
	// a poll arrives right after its acquire passed).  A channel that goes on after an acquire
	// passes (the GP entry, LAUNCH_DESC, LAUNCH of a child launch) so
	// runs its steps without a warp step between each two.  Which unit
	// holds the lock is a timing choice the commits report
	// (docs/rtl/commit.md rule 4): the model follows the step port.
	//
	// The host sees the wait from a register, h_wait: the scheduler's
	// request is the core's dispatch and slot summary (a dozen LUT levels
	// in wq_core), and the host's step decision behind i_ev_wait another
	// dozen.  h_wait is the requests of the cycle before with the run's
	// condition on h_run and h_lnch as they stand this cycle (their next
	// values, h_run_d and h_lnch_d), so a request is seen a cycle late and
	// the run's bound is exact: a request that arrives as a host step
	// decides can let one more step keep the lock.
	localparam	HOST_RUN = 4;
	reg	[1:0]	h_run;
	reg		h_lnch;
	reg		h_wait;
	wire		h_clr    = i_reset || !busy || owner != U_HOST;
	wire	[1:0]	h_run_d  = h_clr ? 2'd0 :
			(step_end && h_run != 2'd3) ? h_run + 2'd1 : h_run;
	wire		h_lnch_d = !h_clr && (h_lnch || launch_valid);
	initial	h_run  = 2'd0;
	initial	h_lnch = 1'b0;
	initial	h_wait = 1'b0;
	always @(posedge i_clk)
	begin
		h_run  <= h_run_d;
		h_lnch <= h_lnch_d;
		h_wait <= (s_ev_req || csr_req) && !i_reset
				&& (HOST_FAST == 0 || h_lnch_d
				|| h_run_d == HOST_RUN[1:0] - 2'd1);
	end

	wire	h_gnt = busy && owner == U_HOST;
	wire	s_gnt = busy && owner == U_SCHED;
	wire	c_gnt = busy && owner == U_CSR;
	assign	o_lock = { c_gnt, s_gnt, h_gnt };

	////////////////////////////////////////////////////////////////////////
	//
	// CSR slave
	//
	////////////////////////////////////////////////////////////////////////
	// The access as the slave sees it: the port's kind and offset
	// registered every cycle (csr_we_q, csr_addr_q).  The master holds
	// the request from i_csr_valid until o_csr_ack and the access begins
	// two cycles after it arrives at the earliest (C_IDLE asks for the
	// lock, C_ISSUE runs it), so from C_ISSUE on the copy is the request:
	// the routing, the local registers' writes and the units' CSR ports
	// start at these flip-flops, and the master's logic (a bridge's
	// command decode) ends there.  The write data passes as it is: no
	// decision is taken on it here, and a master holds it in a register
	// (on the iCE40 a copy would be 32 logic cells of lone flip-flops).
	reg		csr_we_q;
	reg	[11:0]	csr_addr_q;
	always @(posedge i_clk)
	begin
		csr_we_q    <= i_csr_we;
		csr_addr_q  <= i_csr_addr;
	end

	// routing: which unit answers an offset
	localparam	[1:0]	R_TOP = 2'd0, R_HOST = 2'd1, R_SCHED = 2'd2, R_NONE = 2'd3;
	reg	[1:0]	route;
	// le_k / ge_k: compares with a constant as gates (see the file)
`include "wq_cmp_k.vh"
	always @(*)
	begin
		if (csr_addr_q[1:0] != 2'b00)
			route = R_NONE;
		else if (ge_k({20'h0, csr_addr_q}, `WQ_CSRVAL_CHAN_BASE))
			route = R_HOST;
		else case (csr_addr_q)
		`WQ_CSR_ID, `WQ_CSR_CONFIG, `WQ_CSR_FEATURES, `WQ_CSR_IRQ_STATUS,
		`WQ_CSR_IRQ_ENABLE, `WQ_CSR_PERF_CYCLES,
		`WQ_CSR_WAVE_CTL, `WQ_CSR_WAVE_WINDOW, `WQ_CSR_WAVE_THRESH:
			route = R_TOP;
		`WQ_CSR_HOST_SLICE, `WQ_CSR_PERF_METHODS:
			route = R_HOST;
		`WQ_CSR_TRAP_WARP, `WQ_CSR_TRAP_CODE, `WQ_CSR_TRAP_PC,
		`WQ_CSR_DBG_WARP, `WQ_CSR_DBG_INDEX, `WQ_CSR_DBG_LO,
		`WQ_CSR_DBG_HI, `WQ_CSR_DBG_CMD, `WQ_CSR_DBG_HEADTAIL,
		`WQ_CSR_DBG_PC, `WQ_CSR_DBG_ACTIVE, `WQ_CSR_DBG_STATE,
		`WQ_CSR_PERF_INSTR:
			route = R_SCHED;
		default:
			route = R_NONE;
		endcase
	end

	// the route registered: the copy of the port holds the request from
	// the cycle after it arrives, and the access runs (C_ISSUE on) two
	// cycles after it at the earliest, so the route computed the cycle
	// before is the request's -- the sequencer, the units' valids and
	// the answer's selects start at two flip-flops, not behind the
	// offset's decode (the FORMAL section asserts it the request's)
	reg	[1:0]	route_q;
	always @(posedge i_clk)
		route_q <= route;

	// CSR access sequence inside the CSR grant:
	//   C_IDLE -> (granted) C_ISSUE: pulse i_csr_valid to the unit, or
	//   answer locally -> C_WAIT until the unit's ack -> C_DONE: step pulse
	localparam	[1:0]	C_IDLE = 2'd0, C_ISSUE = 2'd1, C_WAIT = 2'd2, C_DONE = 2'd3;
	reg	[1:0]	cstate;
	reg	[31:0]	irq_status, irq_enable;
	localparam	WMW = `WQ_CSRF_WAVE_CTL_MODE_W;
	localparam	WNW = `WQ_CSRF_WAVE_WINDOW_N_W;
	reg	[WMW-1:0]	wave_mode;
	reg	[WNW-1:0]	wave_window, wave_thresh;
	wire		wave_subv;	// SUBV_AUTO's mode now (u_wave)
	wire	[31:0]	perf_cycles;
	reg		csr_err;
	wire		unit_ack = (route_q == R_HOST) ? h_csr_ack : s_csr_ack;
	wire	[31:0]	unit_rdata = (route_q == R_HOST) ? h_csr_rdata : s_csr_rdata;
	wire		unit_err = (route_q == R_HOST) ? h_csr_err : s_csr_err;
	wire		h_csr_valid = c_gnt && cstate == C_ISSUE && route_q == R_HOST;
	wire		s_csr_valid = c_gnt && cstate == C_ISSUE && route_q == R_SCHED;

	// the IRQ bits that exist (IRQ_ENABLE stores only these)
	localparam [31:0] IRQ_BITS = (32'h1 << `WQ_IRQ_CHAN_ERROR)
			| (32'h1 << `WQ_IRQ_WARP_TRAP) | (32'h1 << `WQ_IRQ_NON_STALL);
	localparam [31:0] CONFIG_WORD =
		  ((CHANNELS & ((1 << `WQ_CSRF_CONFIG_CHANNELS_W) - 1)) << `WQ_CSRF_CONFIG_CHANNELS_LO)
		| ((WARPS    & ((1 << `WQ_CSRF_CONFIG_WARPS_W) - 1))    << `WQ_CSRF_CONFIG_WARPS_LO)
		| ((LANES    & ((1 << `WQ_CSRF_CONFIG_LANES_W) - 1))    << `WQ_CSRF_CONFIG_LANES_LO)
		| ((DQ_LOG2  & ((1 << `WQ_CSRF_CONFIG_DEQUE_LOG2_W) - 1)) << `WQ_CSRF_CONFIG_DEQUE_LOG2_LO)
		| ((REGS     & ((1 << `WQ_CSRF_CONFIG_REGS_W) - 1))     << `WQ_CSRF_CONFIG_REGS_LO);
	localparam [31:0] FEATURES_WORD =
		  (((SCHED_UE == 0 && FP != 0) ? 1 : 0) << `WQ_CSRF_FEATURES_FP_LO);

	// the local registers' read value
	reg	[31:0]	top_rdata;
	always @(*)
	case (csr_addr_q)
	`WQ_CSR_ID:		top_rdata = `WQ_CSRVAL_ID_VALUE;
	`WQ_CSR_CONFIG:		top_rdata = CONFIG_WORD;
	`WQ_CSR_FEATURES:	top_rdata = FEATURES_WORD;
	`WQ_CSR_IRQ_STATUS:	top_rdata = irq_status;
	`WQ_CSR_IRQ_ENABLE:	top_rdata = irq_enable;
	`WQ_CSR_WAVE_CTL:	top_rdata = {{(32-WMW){1'b0}}, wave_mode};
	`WQ_CSR_WAVE_WINDOW:	top_rdata = {{(32-WNW){1'b0}}, wave_window};
	`WQ_CSR_WAVE_THRESH:	top_rdata = {{(32-WNW){1'b0}}, wave_thresh};
	default:		top_rdata = perf_cycles;
	endcase

	initial	csr_req = 1'b0;
	initial	cstate  = C_IDLE;
	always @(posedge i_clk)
	if (i_reset)
	begin
		csr_req <= 1'b0;
		cstate  <= C_IDLE;
	end else case (cstate)
	C_IDLE: begin
		// one request per access: raised when the access arrives,
		// dropped once its step is over (o_csr_ack)
		if (i_csr_valid && !csr_req && !o_csr_ack)
			csr_req <= 1'b1;
		if (c_gnt)
			cstate <= C_ISSUE;
		end
	C_ISSUE:
		cstate <= (route_q == R_TOP || route_q == R_NONE) ? C_DONE : C_WAIT;
	C_WAIT:
		if (unit_ack)
			cstate <= C_DONE;
	default: begin	// C_DONE: the CSR step pulse
		csr_req <= 1'b0;
		cstate  <= C_IDLE;
		end
	endcase

	// the error, captured when the access completes (the CSR step's
	// result in C_DONE, and o_csr_err with the ack)
	initial	csr_err   = 1'b0;
	always @(posedge i_clk)
	if (cstate == C_ISSUE && (route_q == R_TOP || route_q == R_NONE))
		csr_err   <= (route_q == R_NONE);
	else if (cstate == C_WAIT && unit_ack)
		csr_err   <= unit_err;

	// The read data goes straight to o_csr_rdata when the access
	// completes, one cycle before the ack (it is only defined with the
	// ack, and stays until the next access completes): no second 32-bit
	// register behind a staging one.  Writes and unmapped offsets read
	// 0 through the flip-flops' synchronous reset, so the data path is a
	// plain mux on the route.
	wire	csr_load = (cstate == C_ISSUE && (route_q == R_TOP || route_q == R_NONE))
			|| (cstate == C_WAIT && unit_ack);
	initial	o_csr_rdata = 32'h0;
	always @(posedge i_clk)
	if (i_reset || (csr_load && (csr_we_q || route_q == R_NONE)))
		o_csr_rdata <= 32'h0;
	else if (csr_load)
		o_csr_rdata <= (route_q == R_TOP) ? top_rdata : unit_rdata;

	// the answer to the outside: one cycle after the CSR step pulse
	initial	o_csr_ack   = 1'b0;
	initial	o_csr_err   = 1'b0;
	always @(posedge i_clk)
	if (i_reset)
	begin
		o_csr_ack   <= 1'b0;
		o_csr_err   <= 1'b0;
	end else begin
		o_csr_ack   <= (cstate == C_DONE);
		o_csr_err   <= csr_err;
	end

	////////////////////////////////////////////////////////////////////////
	//
	// Local registers: interrupts, cycle counter
	//
	////////////////////////////////////////////////////////////////////////
	wire	local_write = cstate == C_ISSUE && route_q == R_TOP && csr_we_q;
	wire	[31:0]	irq_set = ({31'h0, irq_chan_error} << `WQ_IRQ_CHAN_ERROR)
			| ({31'h0, irq_trap} << `WQ_IRQ_WARP_TRAP)
			| ({31'h0, irq_non_stall} << `WQ_IRQ_NON_STALL);

	initial	irq_status = 32'h0;
	always @(posedge i_clk)
	if (i_reset)
		irq_status <= 32'h0;
	else if (local_write && csr_addr_q == `WQ_CSR_IRQ_STATUS)
		irq_status <= ((irq_status & ~i_csr_wdata) | irq_set) & IRQ_BITS;
	else
		irq_status <= (irq_status | irq_set) & IRQ_BITS;

	initial	irq_enable = 32'h0;
	always @(posedge i_clk)
	if (i_reset)
		irq_enable <= 32'h0;
	else if (local_write && csr_addr_q == `WQ_CSR_IRQ_ENABLE)
		irq_enable <= i_csr_wdata & IRQ_BITS;

	// PERF_CYCLES counts clock cycles (the model counts its ticks): the
	// host interface's free-running cycle counter (its retry clock), one
	// 32-bit counter for both

	assign	o_irq = |(irq_status & irq_enable);


	////////////////////////////////////////////////////////////////////////
	//
	// Units
	//
	////////////////////////////////////////////////////////////////////////
	wq_host_if #(
		.CHANNELS(CHANNELS), .WARPS(WARPS), .REGS(REGS), .LANES(LANES),
		.DQ_LOG2(DQ_LOG2), .HOST_SLICE_RESET(HOST_SLICE),
		.SEM_DIGIT(SEM_DIGIT), .FAST(HOST_FAST), .LINE_BYTES(ML),
		.DESC_RAM(DESC_RAM)
	) u_host (
		.i_clk(i_clk), .i_reset(i_reset),
		.o_ev_req(h_ev_req), .i_ev_gnt(h_gnt),
		.o_step_valid(h_step_valid), .o_step_kind(h_step_kind),
		.o_step_id(h_step_id), .o_step_res(h_step_res),
		.o_step_more(h_step_more), .i_ev_wait(h_wait),
		.o_mem_valid(h_mem_valid), .i_mem_ready(h_mem_ready),
		.o_mem_we(h_mem_we), .o_mem_addr(h_mem_addr),
		.o_mem_wdata(h_mem_wdata), .o_mem_wstrb(h_mem_wstrb),
		.i_mem_rvalid(h_mem_rvalid), .i_mem_rdata(h_mem_rdata), .i_mem_rline(i_mem_rdata),
		.o_evr_valid(h_evr_valid), .o_evr_kind(h_evr_kind),
		.o_evr_unit(h_evr_unit), .o_evr_aux(h_evr_aux),
		.o_evr_pc(h_evr_pc), .o_evr_mask(h_evr_mask), .o_evr_a(h_evr_a),
		.o_evr_b(h_evr_b), .o_evr_c(h_evr_c),
		.i_csr_valid(h_csr_valid), .i_csr_we(csr_we_q),
		.i_csr_addr(csr_addr_q), .i_csr_wdata(i_csr_wdata),
		.o_csr_ack(h_csr_ack), .o_csr_rdata(h_csr_rdata),
		.o_csr_err(h_csr_err),
		.i_engine_idle(engine_idle), .i_can_launch(can_launch),
		.o_launch_valid(launch_valid), .o_launch_addr(launch_addr),
		.o_launch_desc(launch_desc), .o_launch_ncta(launch_ncta),
		.o_launch_cta_threads(launch_cta_threads),
		.i_ld_rd(ld_rd), .i_ld_idx(ld_idx), .o_ld_ack(ld_ack), .o_ld_word(ld_word),
		.o_irq_chan_error(irq_chan_error), .o_irq_non_stall(irq_non_stall),
		.o_cycles(perf_cycles), .o_busy(host_busy)
	);
	assign	o_idle = !busy && !host_busy && engine_idle;

	// the two schedulers have the same ports (one connection list for both)
`define WQ_TOP_SCHED_PORTS \
	.i_clk(i_clk), .i_reset(i_reset), \
	.o_ev_req(s_ev_req), .i_ev_gnt(s_gnt), \
	.o_step_valid(s_step_valid), .o_step_kind(s_step_kind), \
	.o_step_id(s_step_id), .o_step_res(s_step_res), \
	.o_step_more(s_step_more), .i_ev_wait(csr_req || h_ev_req), \
	.o_evr_valid(s_evr_valid), .o_evr_kind(s_evr_kind), \
	.o_evr_unit(s_evr_unit), .o_evr_aux(s_evr_aux), \
	.o_evr_pc(s_evr_pc), .o_evr_mask(s_evr_mask), .o_evr_a(s_evr_a), \
	.o_evr_b(s_evr_b), .o_evr_c(s_evr_c), \
	.o_evr_part(s_evr_part), .o_evr_vals(s_evr_vals), \
	.i_csr_valid(s_csr_valid), .i_csr_we(csr_we_q), \
	.i_csr_addr(csr_addr_q), .i_csr_wdata(i_csr_wdata), \
	.o_csr_ack(s_csr_ack), .o_csr_rdata(s_csr_rdata), \
	.o_csr_err(s_csr_err), \
	.o_engine_idle(engine_idle), .o_can_launch(can_launch), \
	.i_launch_valid(launch_valid), .i_launch_addr(launch_addr), \
	.i_launch_desc(launch_desc), .i_launch_ncta(launch_ncta), \
	.i_launch_cta_threads(launch_cta_threads), \
	.o_irq_trap(irq_trap), .i_wave_subv(wave_subv)
	generate if (SCHED_UE != 0 && FP != 0) begin : g_bad_fp
		// the firmware scheduler has no FPU: elaboration stops here
		wq_top_error_FP_needs_the_pipelined_core u_error();
	end endgenerate
	generate if (SCHED_UE != 0) begin : g_sched_ue
		wire		u_mem_valid, u_mem_ready, u_mem_we, u_mem_rvalid;
		wire	[31:0]	u_mem_addr, u_mem_wdata, u_mem_rdata;
		wire	[3:0]	u_mem_wstrb;
		wq_sched_ue #(
			.WARPS(WARPS), .LANES(LANES), .DQ_LOG2(DQ_LOG2), .REGS(REGS),
			.ALU_LANES(ALU_LANES), .ROT_MUL(ROT_MUL), .DESC_RAM(DESC_RAM)
		) u_sched (`WQ_TOP_SCHED_PORTS,
			.o_ld_rd(ld_rd), .o_ld_idx(ld_idx), .i_ld_ack(ld_ack), .i_ld_word(ld_word),
			.o_mem_valid(u_mem_valid), .i_mem_ready(u_mem_ready),
			.o_mem_we(u_mem_we), .o_mem_addr(u_mem_addr),
			.o_mem_wdata(u_mem_wdata), .o_mem_wstrb(u_mem_wstrb),
			.i_mem_rvalid(u_mem_rvalid), .i_mem_rdata(u_mem_rdata));
		// its word port: on the line port through the word index queue
		wq_wordline #(.LINE_BYTES(ML)) u_wl (
			.i_clk(i_clk), .i_reset(i_reset),
			.i_valid(u_mem_valid), .o_ready(u_mem_ready),
			.i_we(u_mem_we), .i_addr(u_mem_addr),
			.i_wdata(u_mem_wdata), .i_wstrb(u_mem_wstrb),
			.o_rvalid(u_mem_rvalid), .o_rdata(u_mem_rdata),
			.o_valid(s_mem_valid), .i_ready(s_mem_ready),
			.o_we(s_mem_we), .o_addr(s_mem_addr),
			.o_wdata(s_mem_wdata), .o_wstrb(s_mem_wstrb),
			.i_rvalid(s_mem_rvalid), .i_rdata(s_mem_rdata));
		// (its REG_WRITEs and MEM_WRITEs leave on o_evr_*)
		assign ld_warps = 32'd0;
		assign ld_lines = 32'd0;
		assign s_evm_valid = {NS{1'b0}};
		assign s_evm_unit = 8'd0;
		assign s_evm_pc = 32'd0;
		assign s_evm_aux = {(16*NS){1'b0}};
		assign s_evm_mask = {(32*NS){1'b0}};
		assign s_evm_a = {(32*NS){1'b0}};
		assign s_evm_b = {(32*NS){1'b0}};
		assign s_evw_valid = 1'b0;
		assign s_evw_unit = 8'd0;
		assign s_evw_aux = 16'd0;
		assign s_evw_pc = 32'd0;
		assign s_evw_mask = 32'd0;
	end else begin : g_core
		wq_core #(
			.WARPS(WARPS), .LANES(LANES), .DQ_LOG2(DQ_LOG2), .REGS(REGS),
			.LINE_BYTES(ML), .EVM_SLOTS(NS), .DIV_LANES(DIV_LANES),
			.LSQ(LSQ), .TAGS(TAGS), .FP(FP), .FP_LANES(FP_LANES)
		) u_sched (`WQ_TOP_SCHED_PORTS,
			.o_mem_valid(s_mem_valid), .i_mem_ready(s_mem_ready),
			.o_mem_we(s_mem_we), .o_mem_addr(s_mem_addr),
			.o_mem_wdata(s_mem_wdata), .o_mem_wstrb(s_mem_wstrb),
			.i_mem_rvalid(s_mem_rvalid), .i_mem_rdata(s_mem_rdata),
			.o_evw_valid(s_evw_valid), .o_evw_unit(s_evw_unit),
			.o_evw_aux(s_evw_aux), .o_evw_pc(s_evw_pc), .o_evw_mask(s_evw_mask),
			.o_evm_valid(s_evm_valid), .o_evm_unit(s_evm_unit), .o_evm_pc(s_evm_pc),
			.o_evm_aux(s_evm_aux), .o_evm_mask(s_evm_mask), .o_evm_a(s_evm_a),
			.o_evm_b(s_evm_b),
			.o_ld_warps(ld_warps), .o_ld_lines(ld_lines));
		// (the core reads the descriptor from o_launch_desc)
		assign ld_rd  = 1'b0;
		assign ld_idx = 4'd0;
		wire unused_ldw = &{1'b0, ld_ack, ld_word};
	end endgenerate
`undef WQ_TOP_SCHED_PORTS

	////////////////////////////////////////////////////////////////////////
	//
	// The scheduler's memory path: through the L1 (L1=1) or straight
	//
	////////////////////////////////////////////////////////////////////////
	// p_*: what the scheduler's side puts on the device's memory port
	wire		p_mem_valid, p_mem_we;
	wire	[31:0]	p_mem_addr;
	wire	[8*ML-1:0] p_mem_wdata;
	wire	[ML-1:0] p_mem_wstrb;
	// the L1's read lookups that hit / missed (benches read them)
	wire	[31:0]	l1_hits /* verilator public_flat_rd */;
	wire	[31:0]	l1_misses /* verilator public_flat_rd */;
	generate if (L1 != 0) begin : g_l1
		// the L1 is empty whenever the scheduler does not hold the
		// lock: only then does anyone else write memory
		wq_mempath #(
			.SETS(L1_SETS), .WAYS(L1_WAYS), .LINE_BYTES(L1_LINE)
		) u_mempath (
			.i_clk(i_clk), .i_reset(i_reset), .i_inval(!s_gnt),
			.i_valid(s_gnt && s_mem_valid), .o_ready(s_mem_ready),
			.i_we(s_mem_we), .i_addr(s_mem_addr),
			.i_wdata(s_mem_wdata), .i_wstrb(s_mem_wstrb),
			.o_rvalid(s_mem_rvalid), .o_rdata(s_mem_rdata),
			.o_mem_valid(p_mem_valid), .i_mem_ready(i_mem_ready && s_gnt),
			.o_mem_we(p_mem_we), .o_mem_addr(p_mem_addr),
			.o_mem_wdata(p_mem_wdata), .o_mem_wstrb(p_mem_wstrb),
			.i_mem_rvalid(i_mem_rvalid && s_gnt), .i_mem_rdata(i_mem_rdata),
			.o_hits(l1_hits), .o_misses(l1_misses));
	end else begin : g_no_l1
		assign	p_mem_valid  = s_mem_valid;
		assign	p_mem_we     = s_mem_we;
		assign	p_mem_addr   = s_mem_addr;
		assign	p_mem_wdata  = s_mem_wdata;
		assign	p_mem_wstrb  = s_mem_wstrb;
		assign	s_mem_ready  = i_mem_ready && s_gnt;
		assign	s_mem_rvalid = i_mem_rvalid && s_gnt;
		assign	s_mem_rdata  = i_mem_rdata;
		assign	l1_hits      = 32'd0;
		assign	l1_misses    = 32'd0;
	end endgenerate
	wire	unused_l1 = &{1'b0, l1_hits, l1_misses, ld_warps, ld_lines};

	////////////////////////////////////////////////////////////////////////
	//
	// The wave mode of SUBV_AUTO segments (docs/rtl/wq_wave_ctl.md)
	//
	////////////////////////////////////////////////////////////////////////
	// WAVE_CTL.MODE, WAVE_WINDOW.N, WAVE_THRESH.N; a write to the window
	// or the threshold starts a new window
	localparam	[31:0]	WAVE_M0 = `WQ_CSRVAL_WAVE_MODE_AUTO;
	localparam	[31:0]	WAVE_W0 = `WQ_CSRVAL_WAVE_WINDOW_DEFAULT;
	localparam	[31:0]	WAVE_T0 = `WQ_CSRVAL_WAVE_THRESH_DEFAULT;
	localparam	[31:0]	WAVE_MS = `WQ_CSRVAL_WAVE_MODE_SUBV;
	initial	wave_mode   = WAVE_M0[WMW-1:0];
	initial	wave_window = WAVE_W0[WNW-1:0];
	initial	wave_thresh = WAVE_T0[WNW-1:0];
	always @(posedge i_clk)
	if (i_reset)
	begin
		wave_mode   <= WAVE_M0[WMW-1:0];
		wave_window <= WAVE_W0[WNW-1:0];
		wave_thresh <= WAVE_T0[WNW-1:0];
	end else if (local_write)
	case (csr_addr_q)
	`WQ_CSR_WAVE_CTL:	wave_mode   <= i_csr_wdata[`WQ_CSRF_WAVE_CTL_MODE_RANGE];
	`WQ_CSR_WAVE_WINDOW:	wave_window <= i_csr_wdata[`WQ_CSRF_WAVE_WINDOW_N_RANGE];
	`WQ_CSR_WAVE_THRESH:	wave_thresh <= i_csr_wdata[`WQ_CSRF_WAVE_THRESH_N_RANGE];
	default: ;
	endcase
	wire	wave_restart = local_write && (csr_addr_q == `WQ_CSR_WAVE_WINDOW
				|| csr_addr_q == `WQ_CSR_WAVE_THRESH);

	// the L1's read lookups as pulses: its counters step by one a cycle
	// at most (a lookup hits or misses), so bit 0 toggles exactly when
	// one counts (the memory path stays as it is).  Without an L1 there
	// is nothing to measure: AUTO is normal mode, and no control unit
	generate if (L1 != 0) begin : g_wave
		reg	l1_hit0, l1_miss0;
		initial	l1_hit0  = 1'b0;
		initial	l1_miss0 = 1'b0;
		always @(posedge i_clk)
		begin
			l1_hit0  <= l1_hits[0];
			l1_miss0 <= l1_misses[0];
		end
		wire	wave_dec;
		wq_wave_ctl #(.CW(WNW)) u_wave (
			.i_clk(i_clk), .i_reset(i_reset),
			.i_hit(l1_hits[0] != l1_hit0), .i_miss(l1_misses[0] != l1_miss0),
			.i_mode(wave_mode), .i_window(wave_window), .i_thresh(wave_thresh),
			.i_restart(wave_restart), .o_subv(wave_subv), .o_dec(wave_dec));
		wire	unused_wave = &{1'b0, wave_dec};
	end else begin : g_no_wave
		assign	wave_subv = wave_mode == WAVE_MS[WMW-1:0];
		wire	unused_wave = &{1'b0, wave_window, wave_thresh, wave_restart};
	end endgenerate

	////////////////////////////////////////////////////////////////////////
	//
	// Muxes: only the lock holder (or the CSR target) is active
	//
	////////////////////////////////////////////////////////////////////////
	// the host interface's word port: on the line port through the word
	// index queue (its word's strobes, the word picked from the answer)
	wq_wordline #(.LINE_BYTES(ML)) u_host_wl (
		.i_clk(i_clk), .i_reset(i_reset),
		.i_valid(h_mem_valid), .o_ready(h_mem_ready),
		.i_we(h_mem_we), .i_addr(h_mem_addr),
		.i_wdata(h_mem_wdata), .i_wstrb(h_mem_wstrb),
		.o_rvalid(h_mem_rvalid), .o_rdata(h_mem_rdata),
		.o_valid(hl_valid), .i_ready(i_mem_ready && h_gnt),
		.o_we(hl_we), .o_addr(hl_addr),
		.o_wdata(hl_wdata), .o_wstrb(hl_wstrb),
		.i_rvalid(i_mem_rvalid && h_gnt), .i_rdata(i_mem_rdata));
	assign	o_mem_valid = (h_gnt && hl_valid) || (s_gnt && p_mem_valid);
	assign	o_mem_we    = h_gnt ? hl_we    : p_mem_we;
	assign	o_mem_addr  = h_gnt ? hl_addr  : p_mem_addr;
	assign	o_mem_wdata = h_gnt ? hl_wdata : p_mem_wdata;
	assign	o_mem_wstrb = h_gnt ? hl_wstrb : p_mem_wstrb;

	// the CSR step ends with C_DONE; a unit's step with its pulse
	wire	c_step = c_gnt && cstate == C_DONE;
	assign	step_end = (h_gnt && h_step_valid) || (s_gnt && s_step_valid) || c_step;

	assign	o_step_valid = step_end;
	assign	o_step_kind  = c_step ? `WQ_STEPK_CSR : (h_gnt ? h_step_kind : s_step_kind);
	assign	o_step_id    = c_step ? 8'h0 : (h_gnt ? h_step_id : s_step_id);
	assign	o_step_res   = c_step ? (csr_err ? `WQ_STEP_ERROR : `WQ_STEP_DONE)
				: (h_gnt ? h_step_res : s_step_res);

	// event records: the host emits during its grant or a CSR access
	// routed to it, the scheduler likewise; never both at once
	wire	h_rec = h_evr_valid;
	assign	o_evr_valid = h_evr_valid || s_evr_valid;
	assign	o_evr_kind  = h_rec ? h_evr_kind : s_evr_kind;
	assign	o_evr_unit  = h_rec ? h_evr_unit : s_evr_unit;
	assign	o_evr_aux   = h_rec ? h_evr_aux  : s_evr_aux;
	assign	o_evr_pc    = h_rec ? h_evr_pc   : s_evr_pc;
	assign	o_evr_mask  = h_rec ? h_evr_mask : s_evr_mask;
	assign	o_evr_a     = h_rec ? h_evr_a    : s_evr_a;
	assign	o_evr_b     = h_rec ? h_evr_b    : s_evr_b;
	assign	o_evr_c     = h_rec ? h_evr_c    : s_evr_c;
	// part and vals mean something only in the scheduler's REG_WRITE
	// beats (the host emits no REG_WRITE), so they come from the
	// scheduler unmuxed: a 5 + LANES*32-bit mux less
	assign	o_evr_part  = s_evr_part;
	assign	o_evr_vals  = s_evr_vals;
	assign	o_evm_valid = s_evm_valid;
	assign	o_evm_unit  = s_evm_unit;
	assign	o_evm_pc    = s_evm_pc;
	assign	o_evm_aux   = s_evm_aux;
	assign	o_evm_mask  = s_evm_mask;
	assign	o_evm_a     = s_evm_a;
	assign	o_evm_b     = s_evm_b;
	assign	o_evw_valid = s_evw_valid;
	assign	o_evw_unit  = s_evw_unit;
	assign	o_evw_aux   = s_evw_aux;
	assign	o_evw_pc    = s_evw_pc;
	assign	o_evw_mask  = s_evw_mask;

`ifdef	FORMAL
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;

	always @(*)
	if (!f_past_valid)
		assume(i_reset);

	// at most one unit holds the lock
	always @(*)
		assert((h_gnt + s_gnt + c_gnt) <= 1);

	// the grant drops the cycle after a step pulse, unless the scheduler
	// or the host keeps it for a burst (then it stays with that unit)
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && $past(step_end))
	begin
		if ($past(s_gnt && s_step_more))
			assert(s_gnt);
		else if ($past(h_gnt && h_step_more))
			assert(h_gnt);
		else
			assert(!busy);
	end

	// only the holder drives memory
	always @(*)
	if (o_mem_valid)
		assert(h_gnt || s_gnt);

	// a CSR access is only forwarded inside the CSR grant
	always @(*)
		assert(!(h_csr_valid || s_csr_valid) || c_gnt);

	// no two units report records at once
	always @(*)
		assume(!(h_evr_valid && s_evr_valid));

	// the event lock's protocol on the host's and the scheduler's ports
	// (wq_flock, the arbiter's side): what the units' proofs assume of
	// the grant is asserted here, and a unit's step pulse only inside its
	// grant, which the units' proofs assert, is assumed
	wq_flock #(.F_UNIT(0), .F_KEEP(HOST_FAST != 0)) f_hlock (
		.i_clk(i_clk), .i_reset(i_reset), .i_req(h_ev_req), .i_gnt(h_gnt),
		.i_step(h_step_valid), .i_more(h_step_more));
	wq_flock #(.F_UNIT(0), .F_KEEP(1)) f_slock (
		.i_clk(i_clk), .i_reset(i_reset), .i_req(s_ev_req), .i_gnt(s_gnt),
		.i_step(s_step_valid), .i_more(s_step_more));

	// The host's run (HOST_FAST).  The host's side of the contract: its
	// o_step_more comes only with its step pulse, and only if its
	// i_ev_wait was low the cycle before (H_LEAVE decides, the pulse
	// follows).  The top's side, on ghost counts: a host step that keeps
	// the lock although the scheduler waited two cycles before (the
	// request the host's registered h_wait saw the cycle before) was at
	// most the (HOST_RUN-1)-th step of the hold, and the hold had not
	// launched
	reg		f_hwait, f_sw, f_sw2, f_hl, f_pl, f_phg;
	reg	[2:0]	f_hn, f_pn;
	initial	f_hwait = 1'b0;
	always @(posedge i_clk)
	begin
		f_hwait <= h_wait;
		f_sw    <= s_ev_req;
		f_sw2   <= f_sw;
		f_pn    <= f_hn;
		f_pl    <= f_hl;
		f_phg   <= h_gnt;
	end
	always @(posedge i_clk)
	if (i_reset || !h_gnt)
	begin
		f_hn <= 3'd0;
		f_hl <= 1'b0;
	end else begin
		if (h_step_valid && f_hn != 3'd7)
			f_hn <= f_hn + 3'd1;
		if (launch_valid)
			f_hl <= 1'b1;
	end
	always @(*)
	if (HOST_FAST != 0 && h_step_more)
		assume(h_step_valid && !f_hwait);
	// (induction helpers) h_run and h_lnch are the ghost counts
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		assert(h_lnch == f_hl);
		assert(h_run == ((f_hn > 3'd3) ? 2'd3 : f_hn[1:0]));
		if (!h_gnt && !f_phg)
			assert(f_hn == 3'd0 && !f_hl);
	end
	always @(*)
	if (f_past_valid && !i_reset && HOST_FAST != 0 && h_gnt && h_step_valid
			&& h_step_more && f_sw2 && f_phg)
		assert(f_pn < HOST_RUN - 1 && !f_pl);

	// Run by `make formal` (scripts/formal.sh, job top_lock) with the host
	// interface and the warp scheduler cut to free outputs.
	// The CSR master: a request is held, unchanged, until o_csr_ack
	// (combinational: Yosys evaluates a clocked assume one cycle late)
	reg		f_cpend;
	reg		f_cwe;
	reg	[11:0]	f_caddr;
	reg	[31:0]	f_cwdata;
	initial	f_cpend = 1'b0;
	always @(posedge i_clk)
	if (i_reset || o_csr_ack)
		f_cpend <= 1'b0;
	else if (i_csr_valid)
	begin
		f_cpend  <= 1'b1;
		f_cwe    <= i_csr_we;
		f_caddr  <= i_csr_addr;
		f_cwdata <= i_csr_wdata;
	end
	always @(*)
	if (f_past_valid && f_cpend && !o_csr_ack && !i_reset)
		assume(i_csr_valid && i_csr_we == f_cwe && i_csr_addr == f_caddr
			&& i_csr_wdata == f_cwdata);

	// the slave's copy of the port is the request while one is pending
	// (so the units and the routing, which read the copy, see the
	// request from C_ISSUE to the answer)
	always @(*)
	if (f_past_valid && !i_reset && f_cpend)
		assert(csr_we_q == f_cwe && csr_addr_q == f_caddr);

	always @(*)
	if (f_past_valid && !i_reset)
	begin
		// the lock state is legal
		if (busy)
			assert(owner != 2'd3);
		assert(last != 2'd3);
		// the CSR sequencer only runs inside the CSR grant, and the CSR
		// grant is only given for a waiting access
		if (cstate != C_IDLE)
			assert(c_gnt && route_q == route);
		if (c_gnt)
			assert(csr_req);
		// an answer only to a waiting access, outside any CSR step
		if (o_csr_ack)
			assert(f_cpend && cstate == C_IDLE && !c_gnt && !csr_req);
		// a waiting access has asked for the lock until it is answered
		if (f_cpend && !o_csr_ack)
			assert(csr_req);
		if (csr_req)
			assert(f_cpend);
	end

	// o_csr_ack is one cycle long
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && $past(o_csr_ack))
		assert(!o_csr_ack);

	// ---- covers (each reached from reset by scripts/formal.sh) ----------
	// the lock given to each unit (host, scheduler, CSR slave), a CSR
	// access answered, a memory access inside a grant, and the lock
	// passing from the host to the scheduler with no idle cycle between
	// grants beyond the one after the step pulse
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		c_host_gnt:  cover(h_gnt);
		c_sched_gnt: cover(s_gnt);
		c_csr_gnt:   cover(c_gnt);
		c_csr_ack:   cover(o_csr_ack);
		c_mem:       cover(o_mem_valid && s_gnt);
		// the host keeps the lock although the scheduler waits
		c_host_run:  cover(HOST_FAST != 0 && h_gnt && h_step_valid
				&& h_step_more && f_sw);
	end
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset))
		c_handover: cover(s_gnt && $past(h_gnt, 2) && $past(step_end, 2));
`endif
endmodule
