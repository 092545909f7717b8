////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_sem_unit.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The semaphore unit of the host interface (DESIGN §5,
//		docs/spec.md §7.6).  Given SEM_EXECUTE's data word, the
//		semaphore address and the 64-bit payload, it performs one
//		semaphore operation over a memory master port:
//
//		  * an acquire (ACQUIRE, ACQ_STRICT_GEQ, ACQ_CIRC_GEQ, ACQ_AND,
//		    ACQ_NOR): read the semaphore, compare -> o_pass, o_mv;
//		  * RELEASE: write the payload;
//		  * REDUCTION: read, combine (IMIN/IMAX signed or unsigned,
//		    IXOR, IAND, IOR, IADD, INC, DEC), write the result; codes
//		    8..15 finish at once with o_bad_red and no memory access.
//
//		exactly as the model's wq_sem_acquire_passes / wq_sem_reduce
//		(cmodel/src/sem.c) with the 32/64-bit load and store of
//		host_methods.c: a 64-bit semaphore is two words, the low word
//		at the address and the high word at address + 4; a 32-bit one
//		looks at the low 32 bits of payload and memory only.
//
//		Operation 7 finishes at once with o_bad_op.  The address is
//		used as given: the host interface checks SEM_ADDR_HI and the
//		alignment before it starts the unit.
//
//	Handshake: i_start (one cycle, only while !o_busy) latches the inputs;
//	o_done is high for one cycle when the operation is over, with o_pass,
//	o_mv (memory value read, zero-extended; 0 for RELEASE), o_result
//	(acquire: memory value; RELEASE: payload; REDUCTION: value written)
//	held until the next i_start.
//
//	Memory port: one request at a time; a request is held until
//	i_mem_ready; its response (i_mem_rvalid, reads and writes alike)
//	comes at least one cycle after acceptance.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

module wq_sem_unit (
		input	wire		i_clk,
		input	wire		i_reset,
		// command
		input	wire		i_start,
		input	wire	[31:0]	i_word,
		input	wire	[31:0]	i_addr,
		input	wire	[63:0]	i_payload,
		output	wire		o_busy,
		output	reg		o_done,
		output	reg		o_pass,
		output	reg		o_bad_op,
		output	reg		o_bad_red,
		output	reg	[63:0]	o_mv,
		output	reg	[63:0]	o_result,
		// memory master
		output	reg		o_mem_valid,
		input	wire		i_mem_ready,
		output	reg		o_mem_we,
		output	reg	[31:0]	o_mem_addr,
		output	reg	[31:0]	o_mem_wdata,
		output	wire	[3:0]	o_mem_wstrb,
		input	wire		i_mem_rvalid,
		input	wire	[31:0]	i_mem_rdata
	);

	// ---- states --------------------------------------------------------
	localparam [2:0]	S_IDLE  = 3'd0,
				S_RD_LO = 3'd1,	// read the low word
				S_RD_HI = 3'd2,	// read the high word (64-bit)
				S_CALC  = 3'd3,	// compare / reduce
				S_WR_LO = 3'd4,	// write the low word
				S_WR_HI = 3'd5,	// write the high word (64-bit)
				S_DONE  = 3'd6;

	reg	[2:0]	state;
	reg		issued;		// the access of this state was accepted

	// latched command
	reg	[`WQ_SEMF_OPERATION_W-1:0]	op;
	reg	[`WQ_SEMF_REDUCTION_W-1:0]	red;
	reg		is64, uns;
	reg	[31:0]	addr;
	reg	[63:0]	pay;		// payload, masked to the width
	reg	[63:0]	mv;		// memory value, masked to the width

	// the bits of the word the unit does not use (ACQUIRE_SWITCH,
	// RELEASE_WFI, reserved) are the host interface's business
	// verilator lint_off UNUSEDSIGNAL
	wire	[31:0]	word_unused = i_word;
	// verilator lint_on UNUSEDSIGNAL
	wire	[`WQ_SEMF_OPERATION_W-1:0]	in_op  = i_word[`WQ_SEMF_OPERATION_RANGE];
	wire	[`WQ_SEMF_REDUCTION_W-1:0]	in_red = i_word[`WQ_SEMF_REDUCTION_RANGE];
	wire					in_64  = i_word[`WQ_SEMF_PAYLOAD_SIZE_LO];

	// Legal operations are the SEMOP rows; the reductions that exist are
	// the SEMRED rows (codes 0..7, the top bit of the 4-bit field clear).
	wire	in_legal = (in_op == `WQ_SEMOP_ACQUIRE)
			|| (in_op == `WQ_SEMOP_RELEASE)
			|| (in_op == `WQ_SEMOP_ACQ_STRICT_GEQ)
			|| (in_op == `WQ_SEMOP_ACQ_CIRC_GEQ)
			|| (in_op == `WQ_SEMOP_ACQ_AND)
			|| (in_op == `WQ_SEMOP_ACQ_NOR)
			|| (in_op == `WQ_SEMOP_REDUCTION);
	wire	in_red_ok = (in_red == `WQ_SEMRED_IMIN) || (in_red == `WQ_SEMRED_IMAX)
			|| (in_red == `WQ_SEMRED_IXOR) || (in_red == `WQ_SEMRED_IAND)
			|| (in_red == `WQ_SEMRED_IOR)  || (in_red == `WQ_SEMRED_IADD)
			|| (in_red == `WQ_SEMRED_INC)  || (in_red == `WQ_SEMRED_DEC);

	assign	o_busy = (state != S_IDLE);
	assign	o_mem_wstrb = 4'hf;

	// ---- the arithmetic of sem.c (pay and mv are already masked) --------
	wire	[63:0]	wmask = is64 ? {64{1'b1}} : {32'h0, {32{1'b1}}};
	// verilator lint_off UNUSEDSIGNAL
	wire	[63:0]	diff  = mv - pay;	// only its sign bit is used
	// verilator lint_on UNUSEDSIGNAL
	wire		diff_neg = is64 ? diff[63] : diff[31];
	// signed views of the payload width
	wire	[63:0]	mv_sx  = is64 ? mv  : {{32{mv[31]}},  mv[31:0]};
	wire	[63:0]	pay_sx = is64 ? pay : {{32{pay[31]}}, pay[31:0]};
	wire		lt_u = (mv < pay);
	wire		lt_s = ($signed(mv_sx) < $signed(pay_sx));
	wire		lt   = uns ? lt_u : lt_s;

	reg		calc_pass;
	always @(*)
	case (op)
	`WQ_SEMOP_ACQUIRE:		calc_pass = (mv == pay);
	`WQ_SEMOP_ACQ_STRICT_GEQ:	calc_pass = !lt_u;
	`WQ_SEMOP_ACQ_CIRC_GEQ:		calc_pass = !diff_neg;
	`WQ_SEMOP_ACQ_AND:		calc_pass = ((mv & pay) != 64'h0);
	`WQ_SEMOP_ACQ_NOR:		calc_pass = ((~(mv | pay) & wmask) != 64'h0);
	default:			calc_pass = 1'b0;
	endcase

	reg	[63:0]	calc_red;
	always @(*)
	case (red)
	`WQ_SEMRED_IMIN:	calc_red = lt ? mv : pay;
	`WQ_SEMRED_IMAX:	calc_red = lt ? pay : mv;
	`WQ_SEMRED_IXOR:	calc_red = mv ^ pay;
	`WQ_SEMRED_IAND:	calc_red = mv & pay;
	`WQ_SEMRED_IOR:		calc_red = mv | pay;
	`WQ_SEMRED_IADD:	calc_red = (mv + pay) & wmask;
	// INC/DEC are unsigned whatever UNSIGNED says: wrapping counters
	`WQ_SEMRED_INC:		calc_red = !lt_u ? 64'h0 : (mv + 64'h1) & wmask;
	`WQ_SEMRED_DEC:		calc_red = (mv == 64'h0 || pay < mv) ? pay
					: (mv - 64'h1) & wmask;
	default:		calc_red = mv;
	endcase

	// ---- the sequencer -------------------------------------------------
	// A memory state raises o_mem_valid on entry (issued = 0), drops it
	// at acceptance and moves on when the response arrives.
	wire	acc = o_mem_valid && i_mem_ready;
	wire	rsp = issued && i_mem_rvalid;

	always @(posedge i_clk)
	if (i_reset)
	begin
		state       <= S_IDLE;
		issued      <= 1'b0;
		o_mem_valid <= 1'b0;
		o_mem_we    <= 1'b0;
		o_done      <= 1'b0;
		o_bad_op    <= 1'b0;
		o_bad_red   <= 1'b0;
		is64        <= 1'b0;
		pay         <= 64'h0;
	end else begin
		o_done <= 1'b0;
		if (acc)
		begin
			o_mem_valid <= 1'b0;
			issued      <= 1'b1;
		end
		case (state)
		S_IDLE:
		if (i_start)
		begin
			op   <= in_op;
			red  <= in_red;
			is64 <= in_64;
			uns  <= i_word[`WQ_SEMF_UNSIGNED_LO];
			addr <= i_addr;
			pay  <= in_64 ? i_payload : {32'h0, i_payload[31:0]};
			o_bad_op  <= !in_legal;
			o_bad_red <= in_legal && in_op == `WQ_SEMOP_REDUCTION && !in_red_ok;
			o_pass    <= 1'b0;
			o_mv      <= 64'h0;
			o_result  <= 64'h0;
			mv        <= 64'h0;
			issued    <= 1'b0;
			if (!in_legal || (in_op == `WQ_SEMOP_REDUCTION && !in_red_ok))
				state <= S_DONE;	// no memory access
			else if (in_op == `WQ_SEMOP_RELEASE)
			begin
				state       <= S_WR_LO;
				o_mem_valid <= 1'b1;
				o_mem_we    <= 1'b1;
				o_mem_addr  <= i_addr;
				o_mem_wdata <= i_payload[31:0];
			end else begin
				state       <= S_RD_LO;
				o_mem_valid <= 1'b1;
				o_mem_we    <= 1'b0;
				o_mem_addr  <= i_addr;
			end
		end
		S_RD_LO:
		if (rsp)
		begin
			mv[31:0] <= i_mem_rdata;
			issued   <= 1'b0;
			if (is64)
			begin
				state       <= S_RD_HI;
				o_mem_valid <= 1'b1;
				o_mem_addr  <= addr + 32'd4;
			end else
				state <= S_CALC;
		end
		S_RD_HI:
		if (rsp)
		begin
			mv[63:32] <= i_mem_rdata;
			issued    <= 1'b0;
			state     <= S_CALC;
		end
		S_CALC:
		begin
			o_mv <= mv;
			if (op == `WQ_SEMOP_REDUCTION)
			begin
				o_result    <= calc_red;
				state       <= S_WR_LO;
				o_mem_valid <= 1'b1;
				o_mem_we    <= 1'b1;
				o_mem_addr  <= addr;
				o_mem_wdata <= calc_red[31:0];
			end else begin
				o_pass   <= calc_pass;
				o_result <= mv;
				state    <= S_DONE;
			end
		end
		S_WR_LO:
		if (rsp)
		begin
			issued <= 1'b0;
			if (op == `WQ_SEMOP_RELEASE)
				o_result <= pay;
			if (is64)
			begin
				state       <= S_WR_HI;
				o_mem_valid <= 1'b1;
				o_mem_addr  <= addr + 32'd4;
				// RELEASE writes the payload, REDUCTION the result
				o_mem_wdata <= (op == `WQ_SEMOP_RELEASE) ? pay[63:32]
						: o_result[63:32];
			end else
				state <= S_DONE;
		end
		S_WR_HI:
		if (rsp)
		begin
			issued <= 1'b0;
			state  <= S_DONE;
		end
		S_DONE:
		begin
			o_done <= 1'b1;
			state  <= S_IDLE;
		end
		default:
			state <= S_IDLE;
		endcase
	end

`ifdef FORMAL
	// ---- formal properties ----------------------------------------------
	// Run by `make formal` (scripts/formal.sh, job sem_unit): BMC from
	// reset and k-induction with Yosys' sat.
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;

	always @(*)
	if (!f_past_valid)
		assume(i_reset);

	// the environment: start only when idle; a response only for an
	// accepted request, never in the cycle of acceptance
	reg	f_out;		// an accepted request awaits its response
	initial	f_out = 1'b0;
	always @(posedge i_clk)
	if (i_reset)
		f_out <= 1'b0;
	else if (o_mem_valid && i_mem_ready)
		f_out <= 1'b1;
	else if (i_mem_rvalid)
		f_out <= 1'b0;

	always @(*)
	begin
		if (o_busy)
			assume(!i_start);
		assume(!i_mem_rvalid || f_out);
	end

	always @(*)
	if (f_past_valid && !i_reset)
	begin
		// one access at a time: never a request while one is outstanding
		assert(!(o_mem_valid && f_out));
		assert(issued == f_out);
		// memory is only touched in the memory states
		if (state == S_IDLE || state == S_CALC || state == S_DONE)
			assert(!o_mem_valid && !f_out);
		// a rejected command never touches memory
		if (o_bad_op || o_bad_red)
			assert(state == S_IDLE || state == S_DONE);
		// writes only in the write states, reads only in the read states
		if (o_mem_valid)
			assert(o_mem_we == (state == S_WR_LO || state == S_WR_HI));
		// an acquire never writes
		if (o_mem_valid && o_mem_we)
			assert(op == `WQ_SEMOP_RELEASE || op == `WQ_SEMOP_REDUCTION);
		// the high word is only touched by 64-bit operations
		if (state == S_RD_HI || state == S_WR_HI)
			assert(is64);
		if (!is64)
			assert(pay[63:32] == 32'h0);
	end

	// a request is held, unchanged, until accepted
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && $past(o_mem_valid && !i_mem_ready))
	begin
		assert(o_mem_valid);
		assert(o_mem_addr == $past(o_mem_addr));
		assert(o_mem_we == $past(o_mem_we));
		assert(o_mem_wdata == $past(o_mem_wdata));
	end

	// the exact number of accesses: a ghost count of accepted requests
	// since i_start, checked in every state (0 for a rejected command;
	// one a word read, one a word written; RELEASE writes only)
	reg	[2:0]	f_nacc;
	initial	f_nacc = 3'd0;
	always @(posedge i_clk)
	if (i_reset || (state == S_IDLE && i_start))
		f_nacc <= 3'd0;
	else if (o_mem_valid && i_mem_ready)
		f_nacc <= f_nacc + 3'd1;

	wire	f_rel = (op == `WQ_SEMOP_RELEASE);
	wire	[2:0]	f_words = is64 ? 3'd2 : 3'd1;
	wire	[2:0]	f_total = (o_bad_op || o_bad_red) ? 3'd0
				: f_rel ? f_words
				: (op == `WQ_SEMOP_REDUCTION) ? 3'd2 * f_words : f_words;
	always @(*)
	if (f_past_valid && !i_reset)
	case (state)
	S_RD_LO: assert(f_nacc == {2'b0, issued} && !f_rel);
	S_RD_HI: assert(f_nacc == 3'd1 + {2'b0, issued} && !f_rel);
	S_CALC:  assert(f_nacc == f_words && !f_rel && !issued);
	S_WR_LO: assert(f_nacc == (f_rel ? 3'd0 : f_words) + {2'b0, issued});
	S_WR_HI: assert(f_nacc == (f_rel ? 3'd1 : 3'd3) + {2'b0, issued});
	S_DONE:  assert(f_nacc == f_total && !issued);
	S_IDLE:  assert(!issued);
	default: assert(1'b0);		// no other state is reachable
	endcase

	// the results of a finished operation (in S_DONE and in the o_done
	// cycle after it), and the invariants that lead there
	always @(*)
	if (f_past_valid && !i_reset && state != S_IDLE)
	begin
		if (state != S_DONE)
			assert(!o_pass);
		if (f_rel)
			assert(o_mv == 64'h0);
		if (f_rel && state == S_WR_HI)
			assert(o_result == pay);
	end
	always @(*)
	if (f_past_valid && !i_reset && o_done)
		assert(state == S_IDLE);
	always @(*)
	if (f_past_valid && !i_reset && (o_done || state == S_DONE))
	begin
		assert(f_nacc == f_total);
		if (o_bad_op || o_bad_red)
			assert(o_mv == 64'h0 && o_result == 64'h0 && !o_pass);
		else if (f_rel)
			assert(o_result == pay && o_mv == 64'h0 && !o_pass);
		else if (op != `WQ_SEMOP_REDUCTION)
			assert(o_result == o_mv);
		else
			assert(!o_pass);
	end

	// o_done is a single-cycle pulse that ends the operation
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && o_done)
		assert(state == S_IDLE && $past(state) == S_DONE);
`endif
endmodule
