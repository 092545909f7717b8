////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_launch.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's LAUNCH step (the model's host_methods.c
//		LAUNCH, wq_sched_launch's checks): the next state of the step
//		sequencer's launch states -- the descriptor's address (H_LAUNCH,
//		H_LAUNCH2: a misaligned one raises BAD_LAUNCH), the stream of
//		its 16 words (or 4 lines) through the host's read port (H_LREAD,
//		the launch checker started with it or after it), the checker's
//		verdict (H_LCHK, H_LRES: the LAUNCH pulse and record, or
//		BAD_LAUNCH) and, with the stored descriptor in the channel RAM
//		(DESC_RAM), the words' RAM writes, the checker's reads of them
//		and the scheduler's read (H_LDW). Combinational, defaults first
//		(nothing changes outside these states; a value wq_host_if reads
//		only under its write flag is a don't-care without it);
//		wq_host_seq applies it (wq_host_if's u_lnch).
//		docs/rtl/wq_host_launch.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

// (combinational, one part of its parent's cycle: scripts/area.sh maps it
// inside the parent, as the board's flattened netlist does)
(* wq_area_inline *)
module wq_host_launch #(
		parameter	FAST    = 1,	// wq_host_if's FAST
		parameter	CW      = 2,	// the channel number's width
		// 1: the stored descriptor is in the channel RAM (wq_host_if's DR)
		parameter	DR      = 0,
		// 1: a 16-aligned descriptor is read as 4 lines (wq_host_if's LD_LINE)
		parameter	LD_LINE = 0
	) (
		// the step sequencer's state and channel
		input	wire	[5:0]	i_hs,
		input	wire	[CW-1:0]	i_sc,
		// the channel RAM's read word (cm_rd: launch_desc here)
		input	wire	[31:0]	i_rd,
		// (FAST) launch_desc is on cm_rd in H_LAUNCH (ld_rdy)
		input	wire		i_ld_rdy,
		// reads ahead: asked for, in flight (FAST: pf_mv, gq_mv;
		// FAST=0: pf_busy)
		input	wire		i_pf_mv, i_gq_mv, i_pf_busy,
		// the stream: a word landed in rdata_q (lw_v), words (lines)
		// taken (lidx), the stream reads lines (ld_line)
		input	wire		i_lw_v,
		input	wire	[4:0]	i_lidx,
		input	wire		i_ld_line,
		input	wire	[31:0]	i_rdata,
		// the launch checker: done, the verdict, the stored word it reads
		input	wire		i_lc_done, i_lc_ok,
		input	wire	[3:0]	i_lc_ridx,
		// the next state
		output	reg	[5:0]	o_hs,
		// the channel RAM's read address, and H_RDW's return state
		output	reg		o_ra_w,
		output	reg	[AW-1:0]	o_ra,
		output	reg		o_ret_w,
		output	reg	[5:0]	o_ret,
		// raise: BAD_LAUNCH (ERR_INFO, launch_desc, is the RAM write)
		output	reg		o_err_w,
		// a channel RAM write (ERR_INFO, or DR: a descriptor word)
		output	reg		o_ram_w,
		output	reg	[AW-1:0]	o_ram_a,
		output	reg	[31:0]	o_ram_d,
		// the grid starts: o_launch_valid, the LAUNCH record, the step
		// DONE
		output	reg		o_launch,
		// the stream: starts at the address adder's sum (o_sst, its
		// reads being lines: o_line); goes on (o_rds, o_rds_n reads)
		output	reg		o_sst,
		output	reg		o_line,
		output	reg		o_rds,
		output	reg	[4:0]	o_rds_n,
		// the checker's start pulse
		output	reg		o_lc_start
	);

	localparam	CA = (CW < 2) ? 2 : CW;
	localparam	AW = 4 + CA;
	// verilator lint_off UNUSEDPARAM
`include "wq_host_map.vh"
`include "wq_host_states.vh"
	// verilator lint_on UNUSEDPARAM

	task raise;		// BAD_LAUNCH, ERR_INFO launch_desc (cm_rd)
		begin
			o_err_w = 1'b1;
			o_ram_w = 1'b1;
			o_ram_a = ca(F_EINFO, i_sc);
			o_ram_d = i_rd;
			o_hs    = H_ERR;
		end
	endtask

	task ram_rd;		// a read of the step's channel, then ret
		input	[3:0]	f;
		input	[5:0]	ret;
		begin
			o_ra_w  = 1'b1;
			o_ra    = ca(f, i_sc);
			o_ret_w = 1'b1;
			o_ret   = ret;
			o_hs    = H_RDW;
		end
	endtask

	// the checker's verdict (H_LCHK; DESC_RAM: H_LRES), launch_desc on cm_rd
	task lchk_end;
		begin
			if (!i_lc_ok)
				raise;
			else begin
				o_launch = 1'b1;
				o_hs     = H_AFTER;
				// (FAST) H_AFTER's GP_PUT read now: launch_desc is
				// still on cm_rd in the record's cycle
				if (FAST != 0)
				begin
					o_ra_w = 1'b1;
					o_ra   = ca(F_PUT, i_sc);
					o_hs   = H_AW;
				end
			end
		end
	endtask

	// the descriptor's stream begins, launch_desc on cm_rd (H_LAUNCH2;
	// FAST: H_LAUNCH with ld_rdy), or a misaligned one raises
	task ld_begin;
		if (i_rd[1:0] != 2'b00)
			raise;
		else begin
			o_sst      = 1'b1;
			o_lc_start = (FAST != 0);
			o_line     = LD_LINE && i_rd[3:2] == 2'b00;
			o_hs       = H_LREAD;
		end
	endtask

	always @(*)
	begin
		o_hs       = i_hs;
		o_ra_w     = 1'b0;
		o_ra       = {AW{1'bx}};
		o_ret_w    = 1'b0;
		o_ret      = 6'bx;
		o_err_w    = 1'b0;
		o_ram_w    = 1'b0;
		o_ram_a    = {AW{1'bx}};
		o_ram_d    = 32'bx;
		o_launch   = 1'b0;
		o_sst      = 1'b0;
		o_line     = 1'b0;
		o_rds      = 1'b0;
		o_rds_n    = 5'bx;
		o_lc_start = 1'b0;

		case (i_hs)
		// launch (wq_sched_launch): the dispatcher is free (checked);
		// launch_desc stays on cm_rd until the step ends
		// (FAST: the state before asked for launch_desc)
		// (FAST: the reads ahead in flight need not be answered first:
		// their answers come before the stream's, pf_out, which the
		// stream skips; none may be still asked for, pf_mv)
		H_LAUNCH:
		if (FAST != 0 ? !i_pf_mv && !i_gq_mv : !i_pf_busy)
		begin
			if (FAST != 0 && i_ld_rdy)
				ld_begin;
			else if (FAST != 0)
				o_hs = H_LAUNCH2;
			else
				ram_rd(F_LDESC, H_LAUNCH2);
		end

		// The descriptor streams: a read asked for every cycle the
		// memory accepts one (lreq, the address through ma_sum), the
		// words taken in order as they come back (lw_v, lidx): the
		// step holds the lock, so nothing writes memory in between
		// and the 16 reads are the model's, in its order.
		H_LAUNCH2:
			ld_begin;

		H_LREAD: begin
			o_rds   = 1'b1;
			o_rds_n = i_ld_line ? 5'd4 : `WQ_LD_WORDS;
			if (i_lw_v && i_lidx == (i_ld_line ? 5'd3 : `WQ_LD_WORDS - 1))
			begin
				o_lc_start = (FAST == 0);
				o_hs       = H_LCHK;
			end
			// (DESC_RAM) the word stored in its channel RAM slot
			if (DR != 0 && i_lw_v)
			begin
				o_ram_w = 1'b1;
				o_ram_a = da(i_lidx[3:0]);
				o_ram_d = i_rdata;
			end
		end

		// (DESC_RAM: the checker reads the stored words through cm_rd,
		// then launch_desc is read again for the record)
		H_LCHK:
		if (DR != 0)
		begin
			o_ra_w = 1'b1;
			o_ra   = da(i_lc_ridx);
			if (i_lc_done)
				ram_rd(F_LDESC, H_LRES);
		end else if (i_lc_done)
			lchk_end;

		H_LRES:
			lchk_end;

		// (DESC_RAM) a scheduler's descriptor word, on cm_rd
		H_LDW:
			o_hs = H_IDLE;

		default: ;
		endcase
	end

`ifdef FORMAL
	// ---- formal properties (jobs host_launch, host_launch_ram) --------
	wire	f_mine = (i_hs == H_LAUNCH) || (i_hs == H_LAUNCH2) || (i_hs == H_LREAD)
			|| (i_hs == H_LCHK) || (i_hs == H_LRES) || (i_hs == H_LDW);
	always @(*)
	begin
		// outside its states the unit decides nothing
		if (!f_mine)
			assert(o_hs == i_hs && !o_ra_w && !o_ret_w && !o_err_w
				&& !o_ram_w && !o_launch && !o_sst && !o_rds
				&& !o_lc_start);
		// inside: its own states, or a way out of the step
		if (f_mine)
			assert(o_hs == H_LAUNCH || o_hs == H_LAUNCH2 || o_hs == H_LREAD
				|| o_hs == H_LCHK || o_hs == H_LRES || o_hs == H_RDW
				|| o_hs == H_ERR || o_hs == H_AFTER || o_hs == H_AW
				|| o_hs == H_IDLE);
		// a raise: BAD_LAUNCH with launch_desc as ERR_INFO, nothing more
		if (o_err_w)
			assert(o_hs == H_ERR && o_ram_w && o_ram_a == ca(F_EINFO, i_sc)
				&& o_ram_d == i_rd && !o_launch && !o_sst);
		if (f_mine && o_hs == H_ERR)
			assert(o_err_w);
		// a misaligned descriptor never streams; an aligned one does
		if (o_sst)
			assert(i_rd[1:0] == 2'b00 && o_hs == H_LREAD
				&& (i_hs == H_LAUNCH2 || (FAST != 0 && i_hs == H_LAUNCH)));
		if (i_hs == H_LAUNCH2 && i_rd[1:0] != 2'b00)
			assert(o_err_w);
		// line reads only for a 16-aligned descriptor, with LD_LINE
		if (o_line)
			assert(LD_LINE != 0 && o_sst && i_rd[3:0] == 4'h0);
		// a launch only on the checker's OK, launch_desc on cm_rd
		// (DESC_RAM: read again, H_LRES)
		if (o_launch)
			assert(i_lc_ok && (i_hs == H_LRES
				|| (DR == 0 && i_hs == H_LCHK && i_lc_done)) && !o_ram_w);
		// the stream ends with its last word (line), and only then
		if (i_hs == H_LREAD)
			assert((o_hs == H_LCHK) == (i_lw_v
				&& i_lidx == (i_ld_line ? 5'd3 : `WQ_LD_WORDS - 1)));
		// the checker starts with the stream (FAST) or after it
		if (o_lc_start)
			assert((FAST != 0) ? o_sst : (i_hs == H_LREAD && o_hs == H_LCHK));
		// H_LAUNCH waits for the reads ahead: none asked for (FAST),
		// none in flight (FAST=0)
		if (i_hs == H_LAUNCH && ((FAST != 0) ? (i_pf_mv || i_gq_mv) : i_pf_busy))
			assert(o_hs == H_LAUNCH && !o_ra_w && !o_sst);
		// the descriptor words are written to the channel RAM only with
		// DR, in their slots
		if (o_ram_w && !o_err_w)
			assert(DR != 0 && i_hs == H_LREAD && o_ram_a == da(i_lidx[3:0])
				&& o_ram_d == i_rdata);
	end

	always @(*)
	if (f_mine)
	begin
		c_misal:   cover(o_err_w && i_rd[0]);
		c_bad:     cover(o_err_w && i_rd[1:0] == 2'b00);
		c_launch:  cover(o_launch);
		c_start:   cover(o_sst);
		c_last:    cover(i_hs == H_LREAD && o_hs == H_LCHK);
		c_wait:    cover(i_hs == H_LAUNCH && o_hs == H_LAUNCH);
		c_ldw:     cover(o_hs == H_IDLE);
	end
`endif
endmodule
`undef WQ_HOST_NEXT
`undef WQ_HOST_HOLD
