////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_fifo.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's reads ahead (FAST): the segment
//		prefetcher, a FIFO of 2^PF_LG words of the step's pushbuffer
//		segment read before the method walk takes them, and gq, the
//		next GP entry (two words) read once the segment's last word
//		has been asked for.  Instantiated by wq_host_if (u_fifo),
//		which decides when either starts, stops and gives words up;
//		this unit keeps the counts, the addresses, the storage and
//		which memory answer belongs to whom.
//
//		The model has no counterpart: it reads every word when the
//		method walk takes it.  Why a word read ahead is the word the
//		model reads then (only the lock holder touches memory, and
//		wq_host_if empties the FIFO before the semaphore unit writes
//		and when the hold ends) is docs/rtl/commit.md "Reads ahead";
//		this unit's page is docs/rtl/wq_host_fifo.md.
//
//		Memory answers come in order: while reads ahead are in flight
//		(pf_out, then gq's), an answer is theirs; only with none in
//		flight is it the host's own read (o_idle, registered).
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"
`include "wq_host_hpre.vh"

// (its status -- busy, the words held -- and the step's decisions that
// start, stop and flush it close in one cycle of the host's: scripts/area.sh
// maps it inside wq_host_if, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_fifo #(
		// 0: no reads ahead (every output constant 0, no flip-flops
		// left after synthesis)
		parameter	FAST  = 1,
		parameter	CW    = 2,	// channel number width
		parameter	PF_LG = 3	// the FIFO holds 2^PF_LG words
	) (
		input	wire		i_clk,
		input	wire		i_reset,
		// ---- the segment FIFO ------------------------------------------
		// start (only while !o_on): the segment's next word address
		// and the words left in it
		input	wire		i_start,
		input	wire	[`WQ_GP_ADDR_W-1:0]	i_start_addr,
		input	wire	[`WQ_GP_LENGTH_W-1:0]	i_start_left,
		input	wire		i_start_nz,	// i_start_left != 0 (u_ra's)
		// the host's state allows a new read ahead this cycle
		input	wire		i_ask,
		// the walk takes the head word (only while o_n != 0)
		input	wire		i_pop,
		// empty and off (only while !o_busy)
		input	wire		i_flush,
		output	reg		o_on,		// holds the step's segment
		output	reg		o_mv,		// a read ahead is asked for
		output	reg	[PF_LG:0]	o_n,	// words held
		output	reg	[PF_LG:0]	o_out,	// reads accepted, not answered
		output	wire	[31:0]	o_head,		// the oldest word held
		// its predecoded fields (wq_host_hpre.vh's WQ_HQ_*, decided
		// as it was stored: the walk reads them, not a decode of
		// o_head): wq_host_hpre's decode, and its place in the segment
		// -- the segment's last word (WQ_HQ_LAST) and, read as a
		// header, a count past the segment's words from it on
		// (WQ_HQ_TRUNC: TRUNCATED; those words count the header's own).
		// A word's words left from it on is the walk's words left when
		// the walk takes it (wq_host_if asserts it)
		output	wire	[`WQ_HQ_W-1:0]	o_head_k,
		// ---- the next GP entry (gq) ---------------------------------------
		// wq_host_if's part of the start condition (the walk, the
		// channel's GPFIFO_BASE known, nobody waiting for the lock); the
		// entry is channel i_gq_ch's at GP_GET i_gq_tag, at i_gq_addr
		input	wire		i_gq_go,
		input	wire	[CW-1:0]	i_gq_ch,
		input	wire	[15:0]	i_gq_tag,
		input	wire	[31:3]	i_gq_addr,
		// drop the entry (only with no gq read asked for or in flight)
		input	wire		i_gq_clear,
		output	reg		o_gq_on,	// asked, in flight or held
		output	reg	[1:0]	o_gq_got,	// words received
		output	reg	[CW-1:0]	o_gq_ch,
		output	reg	[15:0]	o_gq_tag,
		// whether the entry is its channel's GP_GET now, kept as GP_GET
		// moves: not at the start (the entry is GP_GET + 1; a ring of
		// one entry's is GP_GET itself, but the GP step that uses it
		// comes only after its segment's end advanced GP_GET), and
		// the compare with the new GP_GET when the channel's advances
		// to i_adv_get (i_adv).  The GP step's use reads the flag, not
		// a 16-bit compare behind the step channel's select
		// (wq_host_if asserts it that compare wherever the use reads
		// it, and never set on another entry; GP_GET changes otherwise
		// only at a channel's reset, in H_IDLE, which drops gq)
		input	wire		i_adv,
		input	wire	[15:0]	i_adv_get,
		output	reg		o_gq_at,
		output	reg	[31:0]	o_gq_w0, o_gq_w1,
		output	wire		o_gq_mv,	// a gq read is asked for
		output	wire	[1:0]	o_gq_outn,	// gq reads in flight
		// ---- memory ----------------------------------------------------
		input	wire		i_mem_ready,
		// an answer to the host's reads (the posted writes' answers
		// already taken out: wq_host_if's m_rv)
		input	wire		i_mem_rvalid,
		input	wire	[31:0]	i_mem_rdata,
		// a read ahead asked for, and its byte address
		output	wire		o_mem_valid,
		output	wire	[31:0]	o_mem_addr,
		// a read ahead asked for or in flight
		output	wire		o_busy,
		// no read ahead in flight (a flip-flop, written with the counts
		// it is the zero test of): an answer now is the host's own read
		// (wq_host_if's h_rv: the port's answer, o_idle and no posted
		// write's answer to come, one LUT)
		output	reg		o_idle
	);

	localparam	PF_DEPTH = 1 << PF_LG;
	localparam	LW = `WQ_GP_LENGTH_W;

	////////////////////////////////////////////////////////////////////////
	//
	// Registers (their next values below)
	//
	reg	[`WQ_GP_ADDR_W-1:0]	pf_addr;	// the next read's word address
	reg	[`WQ_GP_LENGTH_W-1:0]	pf_left;	// segment words not asked for
	reg	[PF_LG-1:0]	pf_rp, pf_wp;
	reg	[31:0]	pf_q	[0:PF_DEPTH-1];
	reg	[`WQ_HP_W-1:0]	pf_k	[0:PF_DEPTH-1];	// each word's fields
	reg	[`WQ_GP_LENGTH_W-1:0]	pf_rem;	// the segment's words from the next word stored
	reg	[1:0]	pf_p	[0:PF_DEPTH-1];	// each word's {trunc, last}
	reg	[1:0]	gq_req;		// gq reads accepted
	reg	[31:3]	gq_addr;	// the entry's address (8-aligned)

	////////////////////////////////////////////////////////////////////////
	//
	// Requests and answers
	//
	// The FIFO asks first; gq's reads only when it asks for nothing (gq
	// starts only once the FIFO has asked for the segment's last word).
	// (gq_req is at most 2: its bit 1 is the test)
	assign	o_gq_mv   = (FAST != 0) && o_gq_on && !gq_req[1];
	assign	o_gq_outn = (FAST != 0) ? gq_req - o_gq_got : 2'd0;
	wire		gq_out  = (o_gq_outn != 2'd0);
	wire		pf_req  = (FAST != 0) && o_mv;
	wire		gq_req_up = o_gq_mv && !pf_req;
	// (o_idle: no read in flight, a flip-flop)
	assign	o_busy      = (FAST != 0) && (o_mv || !o_idle || o_gq_mv);
	assign	o_mem_valid = pf_req || gq_req_up;
	assign	o_mem_addr  = pf_req ? {pf_addr, {`WQ_GP_ADDR_LO{1'b0}}}
				: {gq_addr, gq_req[0], 2'b00};
	assign	o_head      = pf_q[pf_rp];
	assign	o_head_k    = {pf_p[pf_rp], pf_k[pf_rp]};

	// answers: the FIFO's first, then gq's, then the host's own reads
	wire		pf_push = (FAST != 0) && (o_out != 0) && i_mem_rvalid;
	wire		gq_push = (FAST != 0) && (o_out == 0) && gq_out && i_mem_rvalid;
	wire		pf_pop  = (FAST != 0) && i_pop;
	wire		pf_acc  = o_mv && i_mem_ready;
	// one more read after the one asked for: room for it, and segment
	// words not yet asked for
	wire	[PF_LG+1:0]	pf_used = {1'b0, o_n} + {1'b0, o_out}
				+ {{(PF_LG+1){1'b0}}, o_mv};
	// (without the host's ask, which selects last: its state's hold
	// decision, wq_host_ra's, is late)
	wire		pf_room = (FAST != 0) && o_on
				&& (pf_used < PF_DEPTH)
				&& (pf_left > {{(LW-1){1'b0}}, o_mv});
	wire		pf_start = (FAST != 0) && i_start;
	wire		pf_flush = (FAST != 0) && i_flush;
	wire		gq_go   = (FAST != 0) && i_gq_go && !o_gq_on && o_on
				&& (pf_left == 0) && !o_mv;

	////////////////////////////////////////////////////////////////////////
	//
	// The FIFO's next state
	//
	reg		pf_on_d, pf_mv_d;
	reg	[PF_LG:0]	pf_n_d, pf_out_d;
	reg	[PF_LG-1:0]	pf_rp_d, pf_wp_d;
	reg	[`WQ_GP_ADDR_W-1:0]	pf_addr_d;
	reg	[LW-1:0]	pf_left_d;
	// The read's address, the words left and the request without a
	// start, kept apart so that the start selects at their last LUT: the
	// start is the reads ahead's latest decision (a burst's next step in
	// the segment, wq_host_ra's pf_cont, has the scheduler's pick behind
	// it)
	(* keep *) wire	[`WQ_GP_ADDR_W-1:0]	pk_addr;
	(* keep *) wire	[LW-1:0]	pk_left;
	(* keep *) wire			pk_mv_a, pk_mv_n;	// the request, with and without the ask
	(* keep *) wire			st_mv;	// the start asks at once
	assign	pk_addr = pf_acc ? pf_addr + 1'b1 : pf_addr;
	assign	pk_left = pf_acc ? pf_left - 1'b1 : pf_left;
	// a read asked for stays up until accepted; a new one only on the
	// host's ask, which selects between the two at their last LUT
	assign	pk_mv_a = (!o_mv || pf_acc) ? pf_room : o_mv;
	assign	pk_mv_n = (!o_mv || pf_acc) ? 1'b0 : o_mv;
	wire		pk_mv   = i_ask ? pk_mv_a : pk_mv_n;
	assign	st_mv   = i_start_nz;
	always @(*)
	begin
		pf_on_d   = o_on;
		pf_addr_d = pk_addr;
		pf_left_d = pk_left;
		pf_mv_d   = pk_mv;
		pf_out_d  = o_out + {{PF_LG{1'b0}}, pf_acc} - {{PF_LG{1'b0}}, pf_push};
		pf_wp_d   = pf_push ? pf_wp + 1'b1 : pf_wp;
		pf_rp_d   = pf_pop ? pf_rp + 1'b1 : pf_rp;
		pf_n_d    = o_n + {{PF_LG{1'b0}}, pf_push} - {{PF_LG{1'b0}}, pf_pop};
		// (the FIFO is off, so idle and empty, when it starts)
		if (pf_start)
		begin
			pf_on_d   = 1'b1;
			pf_addr_d = i_start_addr;
			pf_left_d = i_start_left;
			pf_mv_d   = st_mv;
		end
		if (pf_flush)
		begin
			pf_on_d = 1'b0;
			pf_n_d  = 0;
			pf_rp_d = 0;
			pf_wp_d = 0;
		end
	end

	// the FIFO's control registers
	always @(posedge i_clk)
	if (i_reset || FAST == 0)
	begin
		o_on  <= 1'b0;
		o_mv  <= 1'b0;
		o_n   <= 0;
		o_out <= 0;
		pf_rp <= 0;
		pf_wp <= 0;
	end else begin
		o_on  <= pf_on_d;
		o_mv  <= pf_mv_d;
		o_n   <= pf_n_d;
		o_out <= pf_out_d;
		pf_rp <= pf_rp_d;
		pf_wp <= pf_wp_d;
	end

	// the read address and the words left (meaningful while o_on: set
	// by the start, no reset)
	always @(posedge i_clk)
	if (!i_reset && FAST != 0)
	begin
		pf_addr <= pf_addr_d;
		pf_left  <= pf_left_d;
	end

	// the words left from the next word stored: the start's words left,
	// one less for each word stored (the FIFO stores the segment's words
	// in order from the start's; a start comes only while off, when
	// nothing is in flight to be stored)
	always @(posedge i_clk)
	if (!i_reset && FAST != 0)
	begin
		if (pf_start)
			pf_rem <= i_start_left;
		else if (pf_push)
			pf_rem <= pf_rem - 1'b1;
	end

	// the words, and their fields decoded as they arrive (the answer's
	// decode has the rest of its cycle; the head's would be in front of
	// the walk's decisions)
	wire	[`WQ_HP_W-1:0]	in_k;
	wq_host_hpre u_hpre (.i_word(i_mem_rdata), .o_k(in_k));
	// (the place: the segment's last word, and a header's count past
	// the words from it on, the answer's count against pf_rem, both off
	// the walk's path)
	wire		in_last  = (pf_rem == 1);
	wire		in_trunc = ({{(LW-`WQ_MH_COUNT_W){1'b0}},
				i_mem_rdata[`WQ_MH_COUNT_RANGE]} >= pf_rem);
	always @(posedge i_clk)
	if (pf_push)
	begin
		pf_q[pf_wp] <= i_mem_rdata;
		pf_k[pf_wp] <= in_k;
		pf_p[pf_wp] <= {in_trunc, in_last};
	end

	////////////////////////////////////////////////////////////////////////
	//
	// The next GP entry (gq): next state, then its registers
	//
	// (the counts as the reads move them, without a start or a drop)
	wire	[1:0]	gq_req_mv = (gq_req_up && i_mem_ready) ? gq_req + 2'd1 : gq_req;
	wire	[1:0]	gq_got_mv = gq_push ? o_gq_got + 2'd1 : o_gq_got;
	reg		gq_on_d;
	reg	[1:0]	gq_req_d, gq_got_d;
	always @(*)
	begin
		gq_on_d  = o_gq_on;
		gq_req_d = gq_req_mv;
		gq_got_d = gq_got_mv;
		if (gq_go)
		begin
			gq_on_d  = 1'b1;
			gq_req_d = 2'd0;
			gq_got_d = 2'd0;
		end
		// (nothing in flight then: wq_host_if clears it only after the
		// reads were answered)
		if (i_gq_clear)
		begin
			gq_on_d  = 1'b0;
			gq_req_d = 2'd0;
			gq_got_d = 2'd0;
		end
	end

	always @(posedge i_clk)
	if (i_reset || FAST == 0)
	begin
		o_gq_on  <= 1'b0;
		gq_req   <= 2'd0;
		o_gq_got <= 2'd0;
	end else begin
		o_gq_on  <= gq_on_d;
		gq_req   <= gq_req_d;
		o_gq_got <= gq_got_d;
	end

	// no read ahead in flight next cycle: the FIFO's count and gq's
	// (gq_req - gq_got) at zero, from their next values (FAST = 0: none
	// ever is, the flag stays up)
	// (gq's start and drop set both counts to 0, but come only with
	// none of its reads asked for or in flight, when neither count moves
	// and they are equal: so the flag takes the counts as they move
	// alone, gq_req_mv and gq_got_mv, not behind the start's and the
	// drop's late decisions)
	always @(posedge i_clk)
	if (i_reset || FAST == 0)
		o_idle <= 1'b1;
	else
		o_idle <= (pf_out_d == 0) && (gq_req_mv == gq_got_mv);

	// which entry it is (set by the start)
	always @(posedge i_clk)
	if (!i_reset && gq_go)
	begin
		o_gq_ch  <= i_gq_ch;
		o_gq_tag <= i_gq_tag;
		gq_addr  <= i_gq_addr;
	end

	// ... and whether it is its channel's GP_GET now
	always @(posedge i_clk)
	if (gq_go)
		o_gq_at <= 1'b0;
	else if (i_adv)
		o_gq_at <= (i_adv_get == o_gq_tag);

	// its words, in the order they are answered
	always @(posedge i_clk)
	if (gq_push)
	begin
		if (o_gq_got == 2'd0)
			o_gq_w0 <= i_mem_rdata;
		else
			o_gq_w1 <= i_mem_rdata;
	end

`ifdef FORMAL
	// ---- formal properties (job host_fifo in scripts/formal.sh) --------
	// The assumptions are the host's side of the interface (wq_host_ra's
	// formal job proves the start, pop and flush ones over every input,
	// wq_host_if's section the gq one): it starts the FIFO only while off (and not
	// in a cycle that flushes), pops only a word held, flushes only in a
	// state that asks for no read and starts no gq, and flushes and drops
	// gq only with nothing in flight; and the memory answers each
	// accepted read once, in order, and the host's own reads only while
	// no read ahead is in flight.
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;
	always @(*)
	if (!f_past_valid)
		assume(i_reset);

	// (the host's side: assumed when the unit is the job's top,
	// FORMAL_HOST_FIFO_TOP; asserted inside the host interface, which
	// must keep it)
`ifdef FORMAL_HOST_FIFO_TOP
`define	WQ_F_IN	assume
`else
`define	WQ_F_IN	assert
`endif
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		if (i_start)
			`WQ_F_IN(!o_on && !i_flush && i_start_nz == (i_start_left != 0));
		if (i_pop)
			`WQ_F_IN(o_n != 0);
		if (i_flush)
			`WQ_F_IN(!o_busy && !i_ask && !i_gq_go);
		if (i_gq_clear)
			`WQ_F_IN(!o_gq_mv && o_gq_outn == 2'd0);
	end
`undef	WQ_F_IN

	// (an answer is the host's own read: no read ahead in flight)
	wire		host_rv = i_mem_rvalid && o_idle;
	// the reads ahead accepted and not yet answered
	reg	[PF_LG+2:0]	f_mout;
	initial	f_mout = 0;
	always @(posedge i_clk)
	if (i_reset)
		f_mout <= 0;
	else
		f_mout <= f_mout + {{(PF_LG+2){1'b0}}, o_mem_valid && i_mem_ready}
			- {{(PF_LG+2){1'b0}}, i_mem_rvalid && !host_rv};
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		// the registered idle flag is the counts' zero test
		assert(o_idle == ((o_out == 0) && !gq_out));
		// every answer is a read ahead's or the host's own
		assert(f_mout == {2'b0, o_out} + {{(PF_LG+1){1'b0}}, o_gq_outn});
		// held, in flight and asked for: never more than the FIFO
		assert({1'b0, o_n} + {1'b0, o_out} + {{(PF_LG+1){1'b0}}, o_mv}
			<= PF_DEPTH);
		assert(o_n <= PF_DEPTH);
		assert(pf_wp - pf_rp == o_n[PF_LG-1:0]);
		if (!o_on)
			assert(o_n == 0 && !o_mv && o_out == 0);
		if (o_mv)
			assert(pf_left != 0);
		// gq's reads come after the FIFO asked for its last word, so
		// the FIFO's answers come first
		if (o_gq_mv || o_gq_outn != 2'd0)
			assert(o_on && pf_left == 0 && !o_mv);
		assert(gq_req <= 2'd2 && o_gq_got <= gq_req);
		if (!o_gq_on)
			assert(gq_req == 2'd0 && o_gq_got == 2'd0);
	end

	// never past the segment: since the start, every read ahead asked
	// for is at the start's word address + the reads asked before it,
	// and they end at start + left
	reg	[`WQ_GP_ADDR_W-1:0]	f_end;
	always @(posedge i_clk)
	if (pf_start)
		f_end <= i_start_addr + i_start_left;
	always @(*)
	if (f_past_valid && !i_reset && o_on)
		assert(pf_addr + pf_left == f_end);

	// the words come out in the order they were answered: the f_k-th
	// word pushed since the last flush (or reset) is the f_k-th popped
	(* anyconst *) reg	[PF_LG+1:0]	f_k;
	reg	[PF_LG+1:0]	f_pushes, f_pops;
	reg		f_have;
	reg	[31:0]	f_word;
	initial	f_pushes = 0;
	initial	f_pops   = 0;
	initial	f_have   = 1'b0;
	always @(posedge i_clk)
	if (i_reset || pf_flush)
	begin
		f_pushes <= 0;
		f_pops   <= 0;
		f_have   <= 1'b0;
	end else begin
		if (pf_push)
			f_pushes <= f_pushes + 1'b1;
		if (pf_pop)
			f_pops <= f_pops + 1'b1;
		if (pf_push && f_pushes == f_k)
		begin
			f_have <= 1'b1;
			f_word <= i_mem_rdata;
		end
		if (pf_pop && f_pops == f_k)
			f_have <= 1'b0;
	end
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		assert(f_pushes - f_pops == {1'b0, o_n});
		// the tracked word is held at its place while it is in the FIFO
		if (f_have)
			assert(f_k - f_pops < {1'b0, o_n}
				&& pf_q[pf_rp + f_k[PF_LG-1:0] - f_pops[PF_LG-1:0]] == f_word);
		if (pf_pop && f_pops == f_k)
			assert(f_have && o_head == f_word);
	end
	// ... with its fields, the decode of the word (held beside it at its
	// place; the head's are the head's decode)
	wire	[`WQ_HP_W-1:0]	f_word_k, f_head_k;
	wq_host_hpre u_f_wk (.i_word(f_word), .o_k(f_word_k));
	wq_host_hpre u_f_hk (.i_word(o_head), .o_k(f_head_k));
	// ... and its place: its words left from it on (f_rem) is pf_rem
	// plus the words stored after it and itself, and its flags are its
	// count against f_rem and f_rem's test for 1; the head's words left
	// is pf_rem + o_n
	reg	[LW-1:0]	f_rem;
	always @(posedge i_clk)
	if (!i_reset && !pf_flush && pf_push && f_pushes == f_k)
		f_rem <= pf_rem;
	wire	[LW-1:0]	f_head_rem = pf_rem + {{(LW-PF_LG-1){1'b0}}, o_n};
	wire	[LW-1:0]	f_after = {{(LW-PF_LG-2){1'b0}}, f_pushes - f_k};
	wire	[1:0]	f_place = {({{(LW-`WQ_MH_COUNT_W){1'b0}}, f_word[`WQ_MH_COUNT_RANGE]}
				>= f_rem), (f_rem == 1)};
	always @(*)
	if (f_past_valid && !i_reset)
	begin
		if (f_have)
			assert(pf_k[pf_rp + f_k[PF_LG-1:0] - f_pops[PF_LG-1:0]] == f_word_k
				&& pf_p[pf_rp + f_k[PF_LG-1:0] - f_pops[PF_LG-1:0]] == f_place
				&& f_rem == pf_rem + f_after);
		if (f_have && f_pops == f_k)
			assert(o_head_k == {f_place, f_head_k} && f_head_rem == f_rem);
		// the words not stored yet: not asked for, or in flight
		if (o_on)
			assert(pf_rem == pf_left + {{(LW-PF_LG-1){1'b0}}, o_out});
	end
	// (the counters wrap at 2^(PF_LG+2), four FIFOs' worth of words:
	// the window of words held never reaches around)
	always @(*)
	if (f_past_valid && !i_reset && !f_have)
		assert(!(f_k - f_pops < {1'b0, o_n}));

	always @(*)
	if (f_past_valid && !i_reset)
	begin
		c_full:    cover(o_n == PF_DEPTH);
		c_pop_new: cover(pf_pop && pf_push && o_n == 1);
		c_gq_held: cover(o_gq_on && o_gq_got == 2'd2 && o_on);
		c_host_rv: cover(host_rv && o_on);
		c_end:     cover(o_on && pf_left == 0 && o_n == 0 && o_out == 0 && !o_mv);
	end
`endif
endmodule
