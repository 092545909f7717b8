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
//		(cmodel/model/sem.c) with the 32/64-bit load and store of
//		host_methods.c: a 64-bit semaphore is two words, the low word
//		at the address and the high word at address + 4; a 32-bit one
//		looks at the low 32 bits of payload and memory only.
//
//		Operation 7 finishes at once with o_bad_op.  The address is
//		used as given: the host interface checks SEM_ADDR_HI and the
//		alignment (a 64-bit semaphore is 8-aligned) before it starts
//		the unit.
//
//		The arithmetic is digit-serial: the compare and the reduction
//		each take a pass over the width, DIGIT bits a cycle, low digit
//		first, through a DIGIT-bit adder with a carry flop, while the
//		memory value and the payload rotate through their registers
//		(see the states).  DIGIT = 32 (the default) is a word a cycle:
//		a 32-bit pass is one cycle, a 64-bit one two.  DIGIT = 1 (the
//		iCE40 small configuration) is bit-serial: 32 or 64 cycles a
//		pass for a one-bit adder and a few flip-flop shifts instead
//		of a 32-bit adder and word selects.  Every DIGIT gives the
//		same results and the same memory accesses; only the number of
//		cycles between the read and the write differs.
//
//	Handshake: while idle, i_ld loads an operand word (i_ld_sel 0 the
//	address, 1 the payload's low word, 2 its high word); i_start (one
//	cycle, only while !o_busy) latches i_word and starts; o_done is high
//	for one cycle when the operation is over, with o_pass, o_mv (memory
//	value read, zero-extended; 0 for RELEASE), o_result (acquire: memory
//	value; RELEASE: payload; REDUCTION: value written), o_addr and o_pay
//	(the payload masked to the width) held until the next i_ld/i_start.
//
//	Memory port: one request at a time; a request is held until
//	i_mem_ready; its response (i_mem_rvalid, reads and writes alike)
//	comes at least one cycle after acceptance.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

module wq_sem_unit #(
		parameter	DIGIT = 32	// bits a cycle: 1, 2, 4, 8, 16 or 32
	) (
		input	wire		i_clk,
		input	wire		i_reset,
		// command
		input	wire		i_ld,		// load an operand word
		input	wire	[1:0]	i_ld_sel,	// 0 addr, 1 payload lo, 2 hi
		input	wire	[31:0]	i_ld_data,
		input	wire		i_start,
		input	wire	[31:0]	i_word,
		output	wire		o_busy,
		output	reg		o_done,
		output	reg		o_pass,
		output	reg		o_bad_op,
		output	reg		o_bad_red,
		output	wire	[63:0]	o_mv,
		output	wire	[63:0]	o_result,
		output	wire	[31:0]	o_addr,		// the latched address
		output	wire	[63:0]	o_pay,		// payload, masked to the width
		// memory master
		output	reg		o_mem_valid,
		input	wire		i_mem_ready,
		output	reg		o_mem_we,
		output	wire	[31:0]	o_mem_addr,
		output	wire	[31:0]	o_mem_wdata,
		output	wire	[3:0]	o_mem_wstrb,
		input	wire		i_mem_rvalid,
		input	wire	[31:0]	i_mem_rdata
	);

	// ---- states --------------------------------------------------------
	// Memory is read and written a 32-bit word at a time, low word first
	// (`hi` says which word).  The compare (mv - pay) and the reduction
	// are passes of DIGIT bits a cycle over the width (`bitn` is the
	// low bit of the digit being worked on): the compare leaves its
	// flags for the reduction pass.
	localparam [2:0]	S_IDLE = 3'd0,
				S_RD   = 3'd1,	// read a word
				S_CMP  = 3'd2,	// mv - pay, a digit a cycle: flags
				S_RES  = 3'd3,	// reduction result, a digit a cycle
				S_WR   = 3'd4,	// write a word
				S_DONE = 3'd5;

	reg	[2:0]	state;
	reg		issued;		// the access of this state was accepted
	reg		hi;		// the word of this state: 0 low, 1 high
	reg	[5:0]	bitn;		// the digit's low bit in a serial pass
	localparam integer DSTEP_I = DIGIT;
	localparam [5:0] DSTEP = DSTEP_I[5:0];
	localparam integer DLAST_I = 32 - DIGIT;
	localparam [4:0] DLAST = DLAST_I[4:0];	// a word's last digit

	// latched command
	reg	[`WQ_SEMF_OPERATION_W-1:0]	op;
	reg	[`WQ_SEMF_REDUCTION_W-1:0]	red;
	reg		is64, uns;
	reg	[31:0]	addr;
	reg	[63:0]	pay;		// payload, masked to the width
	reg	[63:0]	mv;		// memory value, masked to the width
	reg	[63:0]	res;		// o_result: the value read, the payload
					// (RELEASE) or the value written

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

	assign	o_busy      = (state != S_IDLE);
	assign	o_mem_wstrb = 4'hf;
	assign	o_mv        = mv;
	assign	o_result    = res;
	assign	o_addr      = addr;
	assign	o_pay       = pay;
	// a 64-bit semaphore is 8-aligned (the host checks): the high word's
	// address needs no adder
	assign	o_mem_addr  = {addr[31:3], addr[2] | hi, addr[1:0]};
	// RELEASE writes the payload, REDUCTION the result: both are in res
	assign	o_mem_wdata = hi ? res[63:32] : res[31:0];

	// A memory state raises o_mem_valid on entry (issued = 0), drops it
	// at acceptance and moves on when the response arrives.
	wire	acc = o_mem_valid && i_mem_ready;
	wire	rsp = issued && i_mem_rvalid;

	// ---- the arithmetic of sem.c, a digit at a time ----------------------
	// res holds the value read (the acquire's o_result) and pay the
	// payload; a pass rotates both right by one digit a cycle within the
	// width, so the low digit of each is the digit being worked on and
	// after the pass both are back in place -- except that the reduction
	// pass rotates the result digit into res instead of the memory
	// digit, so res ends as the value written.  mv only feeds o_mv (a
	// build without the event records drops it).
	wire		last = !is64 || hi;	// the width's top word
	wire		first = (bitn == 6'd0);
	wire		blast = (bitn[4:0] == DLAST) && (bitn[5] || !is64);
	wire	[DIGIT-1:0]	a = res[DIGIT-1:0];	// memory digit
	wire	[DIGIT-1:0]	b = pay[DIGIT-1:0];	// payload digit

	// the adder: CMP mv - pay; RES IADD mv + pay, INC mv + 1,
	// DEC mv + ~0; the carry flop carries from digit to digit
	reg	[DIGIT-1:0]	add_b;
	reg		cin0;
	always @(*)
	if (state == S_CMP)
		{cin0, add_b} = {1'b1, ~b};
	else case (red)
	`WQ_SEMRED_IADD:	{cin0, add_b} = {1'b0, b};
	`WQ_SEMRED_INC:		{cin0, add_b} = {1'b1, {DIGIT{1'b0}}};
	default:		{cin0, add_b} = {1'b0, {DIGIT{1'b1}}};	// DEC
	endcase
	reg		cy;		// the carry into this digit
	wire		cin  = first ? cin0 : cy;
	wire	[DIGIT-1:0]	sum;
	wire		cout;
	assign	{cout, sum} = {1'b0, a} + {1'b0, add_b} + {{DIGIT{1'b0}}, cin};
	wire		a_top = a[DIGIT-1];	// the digit's top bit: at the
	wire		b_top = b[DIGIT-1];	// pass's end, the width's sign
	wire		s_top = sum[DIGIT-1];

	// compare flags, over the digits of the width
	reg		f_eq;		// mv == pay
	reg		f_zero;		// mv == 0
	reg		f_and;		// (mv & pay) != 0
	reg		f_nor;		// ~(mv | pay) != 0 within the width
	reg		f_ltu;		// mv < pay unsigned (the borrow)
	reg		f_lts;		// mv < pay signed, at the width
	reg		f_neg;		// the sign bit of mv - pay at the width

	reg		calc_pass;
	always @(*)
	case (op)
	`WQ_SEMOP_ACQUIRE:		calc_pass = f_eq;
	`WQ_SEMOP_ACQ_STRICT_GEQ:	calc_pass = !f_ltu;
	`WQ_SEMOP_ACQ_CIRC_GEQ:		calc_pass = !f_neg;
	`WQ_SEMOP_ACQ_AND:		calc_pass = f_and;
	`WQ_SEMOP_ACQ_NOR:		calc_pass = f_nor;
	default:			calc_pass = 1'b0;
	endcase

	wire		lt   = uns ? f_ltu : f_lts;
	wire		gt_u = !f_ltu && !f_eq;		// pay < mv
	reg	[DIGIT-1:0]	rd;	// the result digit
	always @(*)
	case (red)
	// IMIN keeps the memory value when it is the smaller, IMAX when it
	// is not
	`WQ_SEMRED_IMIN,
	`WQ_SEMRED_IMAX:	rd = (lt != (red == `WQ_SEMRED_IMAX)) ? a : b;
	`WQ_SEMRED_IXOR:	rd = a ^ b;
	`WQ_SEMRED_IAND:	rd = a & b;
	`WQ_SEMRED_IOR:		rd = a | b;
	`WQ_SEMRED_IADD:	rd = sum;
	// INC/DEC are unsigned whatever UNSIGNED says: wrapping counters
	`WQ_SEMRED_INC:		rd = !f_ltu ? {DIGIT{1'b0}} : sum;
	default:		rd = (f_zero || gt_u) ? b : sum;	// DEC
	endcase

	// a pass's rotation: the digit rotated into the width's top digit
	// (the memory digit back, or the result digit), and the rotation
	// itself
	wire		pass_on = (state == S_CMP) || (state == S_RES);
	wire	[DIGIT-1:0]	res_in  = (state == S_RES) ? rd : a;
	function [63:0] rot1;		// right by one digit within the width
		input	[63:0]	v;
		input	[DIGIT-1:0]	in;
		input		w64;
		// the shifts' top DIGIT bits are zero fill
		// verilator lint_off UNUSEDSIGNAL
		reg	[63+DIGIT:0]	r64;
		reg	[31+DIGIT:0]	r32;
		// verilator lint_on UNUSEDSIGNAL
		begin
			r64  = {in, v} >> DIGIT;
			r32  = {in, v[31:0]} >> DIGIT;
			rot1 = w64 ? r64[63:0] : {v[63:32], r32[31:0]};
		end
	endfunction

	// ---- the sequencer -------------------------------------------------

	always @(posedge i_clk)
	if (i_reset)
	begin
		state       <= S_IDLE;
		issued      <= 1'b0;
		hi          <= 1'b0;
		o_mem_valid <= 1'b0;
		o_mem_we    <= 1'b0;
		o_done      <= 1'b0;
		o_bad_op    <= 1'b0;
		o_bad_red   <= 1'b0;
		o_pass      <= 1'b0;
		is64        <= 1'b0;
		bitn        <= 6'd0;
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
			// (the payload's high word is cleared for a 32-bit
			// operation by its own register group, below)
			o_bad_op  <= !in_legal;
			o_bad_red <= in_legal && in_op == `WQ_SEMOP_REDUCTION && !in_red_ok;
			o_pass    <= 1'b0;
			issued    <= 1'b0;
			hi        <= 1'b0;
			bitn      <= 6'd0;
			if (!in_legal || (in_op == `WQ_SEMOP_REDUCTION && !in_red_ok))
				state <= S_DONE;	// no memory access
			else if (in_op == `WQ_SEMOP_RELEASE)
			begin
				// the payload into res through S_RES: DEC with
				// f_zero set selects the payload bit
				state       <= S_RES;
				red         <= `WQ_SEMRED_DEC;
				f_zero      <= 1'b1;
			end else begin
				state       <= S_RD;
				o_mem_valid <= 1'b1;
				o_mem_we    <= 1'b0;
			end
		end else if (i_ld && i_ld_sel == 2'd0)
			// the operands arrive a word per cycle before i_start (the
			// host reads them from its channel RAM); the payload: below
			addr <= i_ld_data;
		S_RD:
		if (rsp)
		begin
			issued <= 1'b0;
			if (!last)
			begin
				hi          <= 1'b1;
				o_mem_valid <= 1'b1;
			end else begin
				hi    <= 1'b0;
				state <= S_CMP;
			end
		end
		S_CMP:
		begin
			cy     <= cout;
			f_eq   <= (first || f_eq) && (sum == {DIGIT{1'b0}});
			f_zero <= (first || f_zero) && (a == {DIGIT{1'b0}});
			f_and  <= (!first && f_and) || ((a & b) != {DIGIT{1'b0}});
			f_nor  <= (!first && f_nor) || ((a | b) != {DIGIT{1'b1}});
			// the top digit's: the borrow, and the signs
			f_ltu  <= !cout;
			f_neg  <= s_top;
			f_lts  <= (a_top != b_top) ? a_top : s_top;
			bitn   <= bitn + DSTEP;
			if (blast)
			begin
				bitn  <= 6'd0;
				state <= (op == `WQ_SEMOP_REDUCTION) ? S_RES : S_DONE;
			end
		end
		S_RES:
		begin
			cy   <= cout;
			bitn <= bitn + DSTEP;
			if (blast)
			begin
				bitn        <= 6'd0;
				state       <= S_WR;
				o_mem_valid <= 1'b1;
				o_mem_we    <= 1'b1;
			end
		end
		S_WR:
		if (rsp)
		begin
			issued <= 1'b0;
			if (!last)
			begin
				hi          <= 1'b1;
				o_mem_valid <= 1'b1;
			end else begin
				hi    <= 1'b0;
				state <= S_DONE;
			end
		end
		S_DONE:
		begin
			o_done <= 1'b1;
			o_pass <= calc_pass;	// 0 but for an acquire
			state  <= S_IDLE;
		end
		default:
			state <= S_IDLE;
		endcase
	end
	// o_mv: cleared at the start, the word read into the half `hi` names
	// (it is also the acquire's o_result, res)
	always @(posedge i_clk)
	if (i_reset || (state == S_IDLE && i_start))
		mv <= 64'h0;
	else if (state == S_RD && rsp)
	begin
		if (hi)
			mv[63:32] <= i_mem_rdata;
		else
			mv[31:0]  <= i_mem_rdata;
	end

	// o_result: cleared at the start, the word read into the half `hi`
	// names, rotated by the passes (the reduction's and RELEASE's result
	// bits in)
	always @(posedge i_clk)
	if (i_reset || (state == S_IDLE && i_start))
		res <= 64'h0;
	else if (state == S_RD && rsp)
	begin
		if (hi)
			res[63:32] <= i_mem_rdata;
		else
			res[31:0]  <= i_mem_rdata;
	end else if (pass_on)
		res <= rot1(res, res_in, is64);

	// the payload: loaded a word at a time while idle, masked to the
	// width by the start, rotated by the passes (back in place after
	// each).  Each half takes one word: i_ld_data while idle, else the
	// rotation (the start's mask is a synchronous clear).
	wire		idle   = (state == S_IDLE);
	wire	[63:0]	pay_r  = rot1(pay, b, is64);
	wire		pay_lo = idle ? (i_ld && !i_start && i_ld_sel == 2'd1) : pass_on;
	wire		pay_hi = idle ? (i_ld && !i_start && i_ld_sel[1]) : (pass_on && is64);
	always @(posedge i_clk)
	if (pay_lo)
		pay[31:0] <= idle ? i_ld_data : pay_r[31:0];
	always @(posedge i_clk)
	if (i_reset || (idle && i_start && !in_64))
		pay[63:32] <= 32'h0;
	else if (pay_hi)
		pay[63:32] <= idle ? i_ld_data : pay_r[63:32];

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

	// the environment: start only when idle (a 64-bit semaphore
	// 8-aligned); a response only for an accepted request, never in the
	// cycle of acceptance
	reg	f_out;		// an accepted request awaits its response
	initial	f_out = 1'b0;
	always @(posedge i_clk)
	if (i_reset)
		f_out <= 1'b0;
	else if (o_mem_valid && i_mem_ready)
		f_out <= 1'b1;
	else if (i_mem_rvalid)
		f_out <= 1'b0;

	wire	f_rel = (op == `WQ_SEMOP_RELEASE);

	// the payload as the start masked it
	reg	[63:0]	f_pay;
	always @(posedge i_clk)
	if (state == S_IDLE && i_start)
		f_pay <= {in_64 ? pay[63:32] : 32'h0, pay[31:0]};

	// v rotated right by k within the width (64 or the low 32 bits)
	function [63:0] f_rot;
		input	[63:0]	v;
		input	[5:0]	k;
		input		w64;
		reg	[127:0]	vv;
		reg	[63:0]	ww;
		begin
			vv = {v, v} >> k;
			ww = {v[31:0], v[31:0]} >> k[4:0];
			f_rot = w64 ? vv[63:0] : {32'h0, ww[31:0]};
		end
	endfunction
	// the low (width - k) bits
	function [63:0] f_low;
		input	[5:0]	k;
		input		w64;
		f_low = w64 ? (~64'h0 >> k) : {32'h0, 32'hffffffff >> k[4:0]};
	endfunction
	// the low k bits of v at the top of the width (0 for k = 0)
	function [63:0] f_top;
		input	[63:0]	v;
		input	[5:0]	k;
		input		w64;
		reg	[127:0]	vv;
		reg	[63:0]	ww;
		begin
			vv = {v, 64'h0} >> k;
			ww = {v[31:0], 32'h0} >> k[4:0];
			f_top = w64 ? vv[63:0] : {32'h0, ww[31:0]};
		end
	endfunction

	// (assumed when the unit is the job's top, FORMAL_SEM_UNIT_TOP;
	// asserted inside the host interface, which must keep it)
`ifdef FORMAL_SEM_UNIT_TOP
`define	WQ_F_IN	assume
`else
`define	WQ_F_IN	assert
`endif
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		if (o_busy)
			`WQ_F_IN(!i_start);
		if (i_start && in_64)
			`WQ_F_IN(addr[2] == 1'b0);
		`WQ_F_IN(!i_mem_rvalid || f_out);
	end
`undef	WQ_F_IN

	always @(*)
	if (f_past_valid && !i_reset)
	begin
		// one access at a time: never a request while one is outstanding
		assert(!(o_mem_valid && f_out));
		assert(issued == f_out);
		// memory is only touched in the memory states
		if (state != S_RD && state != S_WR)
			assert(!o_mem_valid && !f_out);
		// a rejected command never touches memory
		if (o_bad_op || o_bad_red)
			assert(state == S_IDLE || state == S_DONE);
		// writes only in the write state, reads only in the read state
		if (o_mem_valid)
			assert(o_mem_we == (state == S_WR));
		// an acquire never writes
		if (o_mem_valid && o_mem_we)
			assert(op == `WQ_SEMOP_RELEASE || op == `WQ_SEMOP_REDUCTION);
		// the high word is only touched by 64-bit operations, and the
		// word index is back to the low word between operations
		if (hi)
			assert(is64 && state != S_IDLE && state != S_DONE);
		if (is64 && state != S_IDLE)
			assert(addr[2] == 1'b0);
		if (!is64 && state != S_IDLE)
			assert(pay[63:32] == 32'h0);
		if (!is64)
			assert(mv[63:32] == 32'h0 && res[63:32] == 32'h0);
		// the serial passes: a digit a cycle within the width, memory
		// words only outside them
		if (state == S_CMP || state == S_RES)
			assert(!hi && (is64 || !bitn[5]));
		else
			assert(bitn == 6'd0);
		// a pass walks whole digits
		assert((bitn & (DSTEP - 6'd1)) == 6'd0);
		// o_result is the value read, rotated by the compare pass (back
		// in place after it); the reduction pass has rotated the result
		// bits in above the memory bits not yet used
		if (state == S_RD || state == S_DONE && !f_rel && op != `WQ_SEMOP_REDUCTION)
			assert(res == mv);
		if (state == S_CMP)
			assert(res == f_rot(mv, bitn, is64));
		if (state == S_RES)
			assert((res & f_low(bitn, is64)) == (mv >> bitn));
		// the payload rotates the same way, back in place after a pass
		if (state != S_IDLE)
			assert(pay == ((state == S_CMP || state == S_RES)
					? f_rot(f_pay, bitn, is64) : f_pay)
				&& (is64 || f_pay[63:32] == 32'h0));
		if ((state == S_RES || state == S_WR) && !f_rel)
			assert(op == `WQ_SEMOP_REDUCTION);
		// RELEASE passes the payload through S_RES (DEC, f_zero set):
		// its bits so far are above the (zero) memory bits
		if (f_rel && state == S_RES)
		begin
			assert(red == `WQ_SEMRED_DEC && f_zero && mv == 64'h0);
			assert(res == f_top(f_pay, bitn, is64));
		end
		if (state == S_RD || state == S_CMP)
			assert(!f_rel && op != 3'd7);
		// the bad-command flags only for a rejected command
		if (state != S_IDLE && state != S_DONE)
			assert(!o_bad_op && !o_bad_red);
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

	wire	[2:0]	f_words = is64 ? 3'd2 : 3'd1;
	wire	[2:0]	f_total = (o_bad_op || o_bad_red) ? 3'd0
				: f_rel ? f_words
				: (op == `WQ_SEMOP_REDUCTION) ? 3'd2 * f_words : f_words;
	always @(*)
	if (f_past_valid && !i_reset)
	case (state)
	S_RD:   assert(f_nacc == {2'b0, hi} + {2'b0, issued});
	S_CMP:  assert(f_nacc == f_words && !issued);
	S_RES:  assert(f_nacc == (f_rel ? 3'd0 : f_words) && !issued);
	S_WR:   assert(f_nacc == (f_rel ? 3'd0 : f_words) + {2'b0, hi}
				+ {2'b0, issued});
	S_DONE: assert(f_nacc == f_total && !issued);
	S_IDLE: assert(!issued);
	default: assert(1'b0);		// no other state is reachable
	endcase

	// the results of a finished operation (in S_DONE and in the o_done
	// cycle after it), and the invariants that lead there
	always @(*)
	if (f_past_valid && !i_reset && state != S_IDLE)
	begin
		assert(!o_pass);
		if (f_rel)
			assert(o_mv == 64'h0);
		if (f_rel && state == S_WR)
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

	// ---- covers (each reached from reset by scripts/formal.sh) ----------
	// every outcome of an operation: an acquire that passes and one that
	// fails, a release, a reduction, the two rejected commands, a memory
	// request held by the port and two operations back to back; the
	// 64-bit ones (two words a pass) where a pass is a few cycles
	// (DIGIT >= 16: at DIGIT = 1 a 64-bit reduction is some 140 cycles)
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		c_acq_pass:   cover(o_done && op == `WQ_SEMOP_ACQUIRE && o_pass && !is64);
		c_acq_fail:   cover(o_done && op == `WQ_SEMOP_ACQUIRE && !o_pass && !o_bad_op);
		c_geq_pass:   cover(o_done && op == `WQ_SEMOP_ACQ_CIRC_GEQ && o_pass);
		c_release:    cover(o_done && f_rel && !is64);
		c_reduction:  cover(o_done && op == `WQ_SEMOP_REDUCTION && !o_bad_red
					&& red == `WQ_SEMRED_IADD && !is64);
		c_bad_op:     cover(o_done && o_bad_op);
		c_bad_red:    cover(o_done && o_bad_red);
		c_req_held:   cover(o_mem_valid && !i_mem_ready && f_nacc != 3'd0);
		if (DIGIT >= 16)
		begin
			c_acq64_pass: cover(o_done && op == `WQ_SEMOP_ACQUIRE && o_pass && is64);
			c_release64:  cover(o_done && f_rel && is64);
			c_reduction64: cover(o_done && op == `WQ_SEMOP_REDUCTION && !o_bad_red && is64);
		end
	end
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset))
		c_back2back: cover(o_done && $past(o_done, 2) && !o_bad_op && !$past(o_bad_op, 2));
`endif
endmodule
