////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_hdr.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's segment walk (the model's next_header and
//		method_word): the next state of the step sequencer's states
//		H_HDR / H_HDRDEC (a header word read and decoded: NOP words
//		skipped, the reserved-bit, truncation and SEC_OP checks, a
//		method burst begun, an IMMD method, END_SEG) and H_DATA /
//		H_DATAGOT (a method's data word taken: the method address, count
//		and SEC_OP advance).  With FAST both take the word off the
//		read-ahead FIFO's head in one cycle.  Combinational, defaults
//		first (nothing changes outside these states; a value wq_host_if
//		reads only under its write flag is a don't-care without it); the
//		method dispatch (i_nm_*), the one-cycle step's verdict
//		(i_fm_fire) and the address adder (i_ma_word) are wq_host_if's;
//		wq_host_seq applies it (wq_host_if's u_hdr).
//		docs/rtl/wq_host_hdr.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"
`include "wq_host_hpre.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_hdr #(
		parameter	FAST = 1,	// wq_host_if's FAST
		parameter	CW   = 2	// the channel number's width
	) (
		// the step sequencer's state and channel
		input	wire	[5:0]	i_hs,
		input	wire	[CW-1:0]	i_sc,
		// the channel's segment walk: words left, the next word's
		// address, the method in progress
		input	wire	[`WQ_GP_LENGTH_W-1:0]	i_seg_rem,
		input	wire	[`WQ_GP_ADDR_W-1:0]	i_seg_addr,
		input	wire	[`WQ_MH_ADDRESS_W-1:0]	i_m_addr,
		input	wire	[`WQ_MH_COUNT_W-1:0]	i_m_count,
		input	wire		i_m_one,	// i_m_count is 1 (u_cst's flag)
		input	wire	[`WQ_SECOP_W-1:0]	i_m_secop,
		input	wire	[`WQ_MH_SUBCH_W-1:0]	i_m_subch,
		// (FAST) the read-ahead FIFO holds a word; its head, and the
		// head's fields (wq_host_hpre.vh's WQ_HQ_*: its decode and its
		// place in the segment, decided as the FIFO stored it)
		input	wire		i_pf_nz,
		input	wire	[31:0]	i_pf_head,
		input	wire	[`WQ_HQ_W-1:0]	i_pf_k,
		// the word a host read returned (rdata_q); the channel RAM's
		// read word (PERF_METHODS with FAST=0); (FAST) PERF_METHODS'
		// copy (perf_q)
		input	wire	[31:0]	i_rdata, i_rd, i_perf,
		// the address adder's next word (h_mem_addr + 4, word address)
		input	wire	[`WQ_GP_ADDR_W-1:0]	i_ma_word,
		// wq_host_if's verdicts on the method about to run: counted
		// before H_METHOD (i_nm_early), a LAUNCH (i_nm_launch); (FAST)
		// a one-cycle step (i_fm_fire)
		input	wire		i_nm_early, i_nm_launch, i_fm_fire,
		// the next state
		output	reg	[5:0]	o_hs,
		// the segment's words left and next word's address written
		output	reg		o_srem_w,
		output	reg	[`WQ_GP_LENGTH_W-1:0]	o_srem,
		output	reg		o_saddr_w,
		output	reg	[`WQ_GP_ADDR_W-1:0]	o_saddr,
		// rdata_q written (the FIFO's head, an IMMD header's count)
		output	reg		o_rdq_w,
		output	reg	[31:0]	o_rdq,
		// the channel RAM's read address
		output	reg		o_ra_w,
		output	reg	[AW-1:0]	o_ra,
		// (FAST=0) a host read at o_ma returning to o_mr_ret; (FAST)
		// h_mem_addr set to o_ma (the word taken, for the records)
		output	reg		o_mr, o_hma_w,
		output	reg	[31:0]	o_ma,
		output	reg	[5:0]	o_mr_ret,
		// the step's result DONE (END_SEG, the segment's end)
		output	reg		o_res_w,
		// a bad header: its code, ERR_INFO (the header) written
		output	reg		o_err_w,
		output	reg	[7:0]	o_err,
		output	reg	[31:0]	o_einfo,
		// the method in progress written (a burst begun, a word taken)
		output	reg		o_m_w,
		output	reg	[`WQ_MH_ADDRESS_W-1:0]	o_m_addr,
		output	reg	[`WQ_MH_COUNT_W-1:0]	o_m_count,
		output	reg		o_m_one,	// o_m_count is 1
		output	reg	[`WQ_SECOP_W-1:0]	o_m_secop,
		output	reg	[`WQ_MH_SUBCH_W-1:0]	o_m_subch,
		// the method about to run: its byte offset and subchannel
		output	reg		o_mo_w,
		output	reg	[13:0]	o_moff,
		output	reg	[`WQ_MH_SUBCH_W-1:0]	o_msub,
		// on to the method: att_q = PERF_METHODS (o_att); its count
		// pending (pm_pend); ld_rdy written
		output	reg		o_att_w,
		output	reg	[31:0]	o_att,
		output	reg		o_pm_pend,
		output	reg		o_ldr_w, o_ldr,
		// (FAST) the one-cycle step of a plain method: subchannel and
		// data word (o_hs is the walk's next state)
		output	reg		o_fast,
		output	reg	[`WQ_MH_SUBCH_W-1:0]	o_fs_sub,
		output	reg	[31:0]	o_fs_d
	);

	localparam	CA = (CW < 2) ? 2 : CW;
	localparam	AW = 4 + CA;
	// verilator lint_off UNUSEDPARAM
`include "wq_host_map.vh"
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM

	// the header being decoded (FAST: H_HDR decodes the FIFO's head
	// itself, H_HDRDEC is not reached -- asserted below -- so the header
	// is the head's in every state that reads it, with no state decode
	// in front of the header's own)
	wire	[31:0]	hdr     = (FAST != 0) ? i_pf_head : i_rdata;
	// its fields: the FIFO's (FAST), decoded as the word was stored, or
	// the word read's (FAST = 0) -- the NOP word, reserved bits, SEC_OP's
	// class and a zero count without a compare of the word here
	wire	[`WQ_HP_W-1:0]	rd_k;
	wq_host_hpre u_rd_k (.i_word(i_rdata), .o_k(rd_k));
	wire	[`WQ_HP_W-1:0]	hk      = (FAST != 0) ? i_pf_k[`WQ_HP_W-1:0] : rd_k;
	// (the method's fields and the last-word flag: wq_host_fast's)
	// verilator lint_off UNUSEDSIGNAL
	wire		unused_hk = &{1'b0, hk[`WQ_HP_LAUNCH:`WQ_HP_PL0], i_pf_k[`WQ_HQ_LAST]};
	// verilator lint_on UNUSEDSIGNAL
	wire	[`WQ_SECOP_W-1:0]	hdr_op  = hdr[`WQ_MH_SEC_OP_RANGE];
	wire	[`WQ_MH_COUNT_W-1:0]	hdr_cnt = hdr[`WQ_MH_COUNT_RANGE];
	wire	[`WQ_MH_ADDRESS_W-1:0]	hdr_adr = hdr[`WQ_MH_ADDRESS_RANGE];
	wire	[`WQ_MH_SUBCH_W-1:0]	hdr_sub = hdr[`WQ_MH_SUBCH_RANGE];
	wire	[31:0]	immd    = {{(32-`WQ_MH_COUNT_W){1'b0}}, hdr_cnt};
	wire	[`WQ_GP_LENGTH_W-1:0]	rem1 = i_seg_rem - 1'b1;

	// a bad header: ERR_INFO is the header
	task raise;
		input	[7:0]	code;
		begin
			o_err_w = 1'b1;
			o_err   = code;
			o_einfo = hdr;
			o_hs    = H_ERR;
		end
	endtask

	// on to the method: through H_PMW, which counts it in PERF_METHODS
	// (i_nm_early), or straight to H_METHOD, which counts it (pm_pend),
	// with H_PMW's read issued here (a LAUNCH: launch_desc, ld_rdy)
	task to_method;
		input	[31:0]	perf;
		begin
			o_att_w = 1'b1;
			o_att   = perf;
			o_hs    = H_PMW;
			if (FAST != 0 && !i_nm_early)
			begin
				o_pm_pend = 1'b1;
				o_ra_w    = 1'b1;
				o_ra      = ca(i_nm_launch ? F_LDESC : F_PUT, i_sc);
				o_ldr_w   = 1'b1;
				o_ldr     = i_nm_launch;
				o_hs      = H_METHOD;
			end
		end
	endtask

	// next_header's decision on hdr; own: the segment's words left
	// (i_seg_rem) still count the header's own word (H_HDR with FAST,
	// where the walk takes the word in the cycle it decodes it), so a
	// count past the words after the header is one at or past i_seg_rem
	// (i_seg_rem >= 1 there: H_HDR ends the segment at 0 before it
	// decodes) -- the FIFO's compare of the count with the header's
	// words left, made as it stored the word (WQ_HQ_TRUNC), not one of
	// the head with i_seg_rem here
	task hdr_decode;
		input	own;
		reg	trunc;
		begin
			trunc = own ? i_pf_k[`WQ_HQ_TRUNC]
				: ({{(`WQ_GP_LENGTH_W-`WQ_MH_COUNT_W){1'b0}}, hdr_cnt} > i_seg_rem);
			if (hk[`WQ_HP_NOP])
				o_hs = H_HDR;				// NOP word
			else if (hk[`WQ_HP_RSVD])
				raise(`WQ_CHERR_RESERVED_BITS);
			else if (hk[`WQ_HP_BURST])
			begin
				// INC, NONINC, ONE_INC
				if (trunc)
					raise(`WQ_CHERR_TRUNCATED);
				else if (hk[`WQ_HP_CNT0])
					o_hs = H_HDR;
				else begin
					o_m_w     = 1'b1;
					o_m_addr  = hdr_adr;
					o_m_count = hdr_cnt;
					o_m_one   = hk[`WQ_HP_CNT1];
					o_m_secop = hdr_op;
					o_m_subch = hdr_sub;
					o_hs      = H_DATA;
				end
			end else if (hk[`WQ_HP_IMMD])
			begin
				// the method's data word is the count (rdata_q)
				o_mo_w  = 1'b1;
				o_moff  = {hdr_adr, 2'b00};
				o_msub  = hdr_sub;
				o_rdq_w = 1'b1;
				o_rdq   = immd;
				if (FAST != 0 && i_fm_fire)
				begin
					o_fast   = 1'b1;
					o_hs     = H_HDR;
				end else
					to_method((FAST != 0) ? i_perf : i_rd);
			end else if (hk[`WQ_HP_END])
			begin
				// END_SEG: wq_chan_seg_end in H_AFTER, nothing
				// left of the segment (no method is in progress)
				o_srem_w = 1'b1;
				o_srem   = 0;
				o_res_w  = 1'b1;
				o_hs     = H_AFTER;
			end else	// NOP_GRP0 with a nonzero word, GRP2, RSVD6
				raise(`WQ_CHERR_BAD_SEC_OP);
		end
	endtask

	// method_word: the data word taken -- its method address, subchannel,
	// count and SEC_OP advance
	task m_take;
		begin
			o_mo_w    = 1'b1;
			o_moff    = {i_m_addr, 2'b00};
			o_msub    = i_m_subch;
			o_m_w     = 1'b1;
			o_m_count = i_m_count - 1'b1;
			// (the count one less is 1: the count is 2, a compare
			// of the register, not of the decrement)
			o_m_one   = (i_m_count == 2);
			if (i_m_secop == `WQ_SECOP_INC || i_m_secop == `WQ_SECOP_ONE_INC)
				o_m_addr = i_m_addr + 1'b1;	// wraps in the field
			if (i_m_secop == `WQ_SECOP_ONE_INC)
				o_m_secop = `WQ_SECOP_NONINC;	// the rest stay put
		end
	endtask

	always @(*)
	begin
		o_hs      = i_hs;
		o_srem_w  = 1'b0;
		o_srem    = rem1;
		o_saddr_w = 1'b0;
		o_saddr   = i_seg_addr + 1'b1;
		o_rdq_w   = 1'b0;
		o_rdq     = i_pf_head;
		o_ra_w    = 1'b0;
		o_ra      = A_PERF;
		o_mr      = 1'b0;
		o_hma_w   = 1'b0;
		o_ma      = {i_seg_addr, {`WQ_GP_ADDR_LO{1'b0}}};
		o_mr_ret  = H_HDRDEC;
		o_res_w   = 1'b0;
		o_err_w   = 1'b0;
		o_err     = 8'bx;
		o_einfo   = hdr;
		o_m_w     = 1'b0;
		o_m_addr  = i_m_addr;
		o_m_count = i_m_count;
		o_m_one   = i_m_one;
		o_m_secop = i_m_secop;
		o_m_subch = i_m_subch;
		o_mo_w    = 1'b0;
		o_moff    = {i_m_addr, 2'b00};
		o_msub    = i_m_subch;
		o_att_w   = 1'b0;
		o_att     = 32'bx;
		o_pm_pend = 1'b0;
		o_ldr_w   = 1'b0;
		o_ldr     = 1'bx;
		o_fast    = 1'b0;
		// (the one-cycle step's subchannel and word, read only with
		// o_fast: chosen by the state, not behind the verdict -- an
		// IMMD header's in H_HDR, the data word's in H_DATA)
		o_fs_sub  = (i_hs == H_HDR) ? hdr_sub : i_m_subch;
		o_fs_d    = (i_hs == H_HDR) ? immd : i_pf_head;

		case (i_hs)
		// next_header: read headers, skipping NOP words
		H_HDR:
		if (i_seg_rem == 0)
		begin
			// only NOPs up to the end: wq_chan_seg_end, in H_AFTER
			o_res_w = 1'b1;
			o_hs    = H_AFTER;
		end else if (FAST != 0)
		begin
			// the FIFO's head, when it is there, decoded at once:
			// H_HDRDEC's work, the pointer through its incrementer
			if (i_pf_nz)
			begin
				o_srem_w  = 1'b1;
				o_rdq_w   = 1'b1;
				o_saddr_w = 1'b1;
				hdr_decode(1'b1);
			end
		end else begin
			// PERF_METHODS on cm_rd when the word is back (H_MEM
			// takes two cycles or more): an IMMD method counts it
			o_srem_w = 1'b1;
			o_ra_w   = 1'b1;
			o_mr     = 1'b1;
			o_hs     = H_MEM;
		end

		// (FAST=0) the pointer moves past the word read (the adder's
		// h_mem_addr + 4).  With FAST the state is not reached (asserted
		// below): no logic for it, so the head's count is not compared
		// with the words left behind the state's decode
		H_HDRDEC:
		if (FAST == 0)
		begin
			o_saddr_w = 1'b1;
			o_saddr   = i_ma_word;
			hdr_decode(1'b0);
		end

		// method_word: one data word of the method in progress
		H_DATA:
		if (FAST != 0)
		begin
			// the FIFO's head, and H_DATAGOT's work in the same cycle
			// (PERF_METHODS from its copy, no RAM read to wait for)
			if (i_pf_nz)
			begin
				o_srem_w  = 1'b1;
				o_hma_w   = 1'b1;
				o_rdq_w   = 1'b1;
				o_saddr_w = 1'b1;
				m_take;
				if (i_fm_fire)
				begin
					o_fast = 1'b1;
					o_hs   = i_m_one ? H_HDR : H_DATA;
				end else
					to_method(i_perf);
			end
		end else begin
			o_srem_w = 1'b1;
			o_ra_w   = 1'b1;
			o_mr     = 1'b1;
			o_mr_ret = H_DATAGOT;
			o_hs     = H_MEM;
		end

		// (FAST=0) the word in rdata_q: the pointer through the adder
		// (not reached with FAST, as H_HDRDEC)
		H_DATAGOT:
		if (FAST == 0)
		begin
			o_saddr_w = 1'b1;
			o_saddr   = i_ma_word;
			m_take;
			to_method(i_rd);
		end

		default: ;
		endcase
	end

`ifdef FORMAL
	// ---- formal properties (jobs host_hdr, host_hdr_0) ----------------
	// the environment: with FAST the walk takes the FIFO's words, never
	// the single reads' states (wq_host_if's formal section: no read
	// returns to them; assumed when the unit is the job's top,
	// FORMAL_HOST_HDR_TOP; asserted inside the host interface, which must
	// keep it)
`ifdef FORMAL_HOST_HDR_TOP
`define	WQ_F_IN	assume
`else
`define	WQ_F_IN	assert
`endif
	always @(*)
	if (FAST != 0)
		`WQ_F_IN(i_hs != H_HDRDEC && i_hs != H_DATAGOT);
	// the method count's flag is its test for 1 (u_cst keeps it with
	// the count), and so is the one written with it
	always @(*)
	begin
		`WQ_F_IN(i_m_one == (i_m_count == 1));
		assert(o_m_one == (o_m_count == 1));
	end
	// (FAST) the head's fields and place (wq_fhead), where the walk takes
	// the word: H_HDR inside the segment, H_DATA
`ifdef FORMAL_HOST_HDR_TOP
	localparam	F_TOP = 1;
`else
	localparam	F_TOP = 0;
`endif
	wq_fhead #(.F_ASSUME(F_TOP)) f_head (
		.i_nz((FAST != 0) && i_pf_nz), .i_head(i_pf_head), .i_k(i_pf_k),
		.i_hs(i_hs), .i_rem(i_seg_rem));
`undef	WQ_F_IN
	wire	f_mine = (i_hs == H_HDR) || (i_hs == H_HDRDEC) || (i_hs == H_DATA)
			|| (i_hs == H_DATAGOT);
	// the decode's states, and the header's words left after it
	wire	f_dec  = (i_hs == H_HDRDEC) || (FAST != 0 && i_hs == H_HDR
			&& i_seg_rem != 0 && i_pf_nz);
	wire	[`WQ_GP_LENGTH_W-1:0]	f_rem = (i_hs == H_HDR) ? rem1 : i_seg_rem;
	wire	f_burst = (hdr_op == `WQ_SECOP_INC) || (hdr_op == `WQ_SECOP_NONINC)
			|| (hdr_op == `WQ_SECOP_ONE_INC);
	always @(*)
	begin
		// outside its states the unit decides nothing
		if (!f_mine)
			assert(o_hs == i_hs && !o_srem_w && !o_saddr_w && !o_rdq_w
				&& !o_ra_w && !o_mr && !o_hma_w && !o_res_w
				&& !o_err_w && !o_m_w && !o_mo_w && !o_att_w
				&& !o_pm_pend && !o_ldr_w && !o_fast);
		// the header checks, in the model's order
		if (f_dec && hdr != 0 && hdr[`WQ_MH_RSVD_RANGE] != 0)
			assert(o_err_w && o_err == `WQ_CHERR_RESERVED_BITS);
		if (f_dec && hdr != 0 && hdr[`WQ_MH_RSVD_RANGE] == 0 && f_burst
				&& {{(`WQ_GP_LENGTH_W-`WQ_MH_COUNT_W){1'b0}}, hdr_cnt} > f_rem)
			assert(o_err_w && o_err == `WQ_CHERR_TRUNCATED);
		if (f_dec && hdr == 0)
			assert(o_hs == H_HDR && !o_err_w && !o_m_w);
		// a bad header ends in ERROR with the header as ERR_INFO; nothing
		// else is begun with it
		if (o_err_w)
			assert(o_hs == H_ERR && o_einfo == hdr && !o_m_w && !o_mo_w
				&& !o_att_w && !o_fast && f_dec);
		// a valid burst header within the segment's words begins it
		if (f_dec && hdr != 0 && hdr[`WQ_MH_RSVD_RANGE] == 0 && f_burst
				&& hdr_cnt != 0
				&& {{(`WQ_GP_LENGTH_W-`WQ_MH_COUNT_W){1'b0}}, hdr_cnt} <= f_rem)
			assert(o_m_w && o_hs == H_DATA && o_m_count == hdr_cnt
				&& o_m_addr == hdr_adr && o_m_secop == hdr_op);
		// a method burst is begun only within the segment's words
		if (o_m_w && f_dec)
			assert(o_m_count != 0 && {{(`WQ_GP_LENGTH_W-`WQ_MH_COUNT_W){1'b0}},
				o_m_count} <= f_rem && o_hs == H_DATA);
		// a data word takes one of the method's words, its address
		// moving as SEC_OP says
		if (o_m_w && !f_dec && (i_m_secop == `WQ_SECOP_INC
				|| i_m_secop == `WQ_SECOP_NONINC
				|| i_m_secop == `WQ_SECOP_ONE_INC))
			assert(o_m_count == i_m_count - 1'b1 && o_moff == {i_m_addr, 2'b00}
				&& o_m_addr == ((i_m_secop == `WQ_SECOP_NONINC)
					? i_m_addr : i_m_addr + 1'b1)
				&& o_m_secop == ((i_m_secop == `WQ_SECOP_ONE_INC)
					? `WQ_SECOP_NONINC : i_m_secop));
		// each word taken moves the segment one word on
		if (o_saddr_w && FAST != 0)
			assert(o_saddr == i_seg_addr + 1'b1 && o_srem_w);
		if (o_srem_w && !o_res_w)
			assert(o_srem == i_seg_rem - 1'b1);
		// END_SEG and the segment's end finish the walk DONE
		if (o_res_w)
			assert(o_hs == H_AFTER);
		// the FIFO's word is taken only when it is there
		if (FAST != 0 && (i_hs == H_HDR || i_hs == H_DATA) && !i_pf_nz)
			assert(o_hs == i_hs || o_hs == H_AFTER);
		// a one-cycle step only with FAST, on the verdict
		if (o_fast)
			assert(FAST != 0 && i_fm_fire && (o_hs == H_HDR || o_hs == H_DATA));
		// the way on to the method
		if (o_att_w)
			assert(o_hs == ((FAST == 0 || i_nm_early) ? H_PMW : H_METHOD)
				&& o_pm_pend == (FAST != 0 && !i_nm_early));
		if (FAST == 0)
			assert(!o_fast && !o_hma_w && !o_pm_pend);
		if (o_mr)
			assert(FAST == 0 && o_hs == H_MEM
				&& o_ma == {i_seg_addr, {`WQ_GP_ADDR_LO{1'b0}}});
	end

	always @(*)
	if (f_mine)
	begin
		c_nop:     cover(f_dec && hdr == 0);
		c_rsvd:    cover(o_err_w && o_err == `WQ_CHERR_RESERVED_BITS);
		c_trunc:   cover(o_err_w && o_err == `WQ_CHERR_TRUNCATED);
		c_secop:   cover(o_err_w && o_err == `WQ_CHERR_BAD_SEC_OP);
		c_burst:   cover(o_m_w && o_hs == H_DATA && f_dec);
		c_immd:    cover(o_mo_w && f_dec);
		c_endseg:  cover(o_res_w && f_dec);
		c_onei:    cover(o_m_w && !f_dec && i_m_secop == `WQ_SECOP_ONE_INC);
		c_method:  cover(o_hs == H_METHOD || (FAST == 0 && o_hs == H_PMW));
		c_fast:    cover(o_fast || (FAST == 0 && o_mr));
	end
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
