////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_host_emit.v
//
// Project:	warpq -- a GPU front end, RTL and C golden model co-verified
//
// Purpose:	The host interface's event-record port: the model's
//		wq_host_emit (cmodel/model/host.c).  The record's kind, unit,
//		aux and c are registers, loaded every cycle with the next
//		values wq_host_seq's emit computes (which hold them unless a
//		state emits); its mask, a and b are not registered: each is,
//		in the cycle the record is out, in a register of wq_host_if
//		that holds it (the emitting cycle wrote it, or it was already
//		there), so the port selects it by the record's kind.  Which
//		source holds which field, and that it still holds emit's
//		argument when the record is out, is wq_host_if's (its formal
//		section asserts the port equal to the arguments); this unit
//		is the registers and the selection.  Instantiated by
//		wq_host_if (u_emit).  docs/rtl/wq_host_emit.md.
//
////////////////////////////////////////////////////////////////////////////////
//
`default_nettype none
`include "wq_defs.vh"

module wq_host_emit #(
		parameter	CW = 2		// the channel number's width
	) (
		input	wire		i_clk,
		input	wire		i_reset,
		// the next record (wq_host_seq's emit: valid a cycle, the
		// fields held unless a state emits)
		input	wire		i_valid_d,
		input	wire	[7:0]	i_kind_d,
		input	wire	[7:0]	i_unit_d,
		input	wire	[15:0]	i_aux_d,
		input	wire	[63:0]	i_c_d,
		// where the unregistered fields are held: GP_GET and the
		// error code of the record's channel (read at o_unit), the
		// method's offset and data word, the semaphore unit's latched
		// address and payload, the channel RAM's read word (the
		// launch address) and write data (ERR_INFO), the current
		// channel (a switch's target)
		input	wire	[15:0]	i_get,
		input	wire	[7:0]	i_err,
		input	wire	[13:0]	i_moff,
		input	wire	[31:0]	i_mdata,
		input	wire	[31:0]	i_sem_addr,
		input	wire	[63:0]	i_sem_pay,
		input	wire	[31:0]	i_cm_rd,
		input	wire	[31:0]	i_cm_wd,
		input	wire	[CW-1:0]	i_cur_ch,
		// the record port
		output	reg		o_valid,
		output	reg	[7:0]	o_kind,
		output	reg	[7:0]	o_unit,
		output	reg	[15:0]	o_aux,
		output	wire	[31:0]	o_pc,
		output	wire	[31:0]	o_mask,
		output	reg	[31:0]	o_a,
		output	reg	[63:0]	o_b,
		output	reg	[63:0]	o_c
	);

	assign	o_pc   = 32'h0;			// host records carry no PC
	assign	o_mask = {16'h0, i_get};	// the channel's GP_GET

	// the record's registers (the valid lasts one cycle)
	always @(posedge i_clk)
	if (i_reset)
	begin
		o_valid <= 1'b0;
	end else begin
		o_valid <= i_valid_d;
		o_kind  <= i_kind_d;
		o_unit  <= i_unit_d;
		o_aux   <= i_aux_d;
		o_c     <= i_c_d;
	end

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

	// the registered fields are the next values of the cycle before; a
	// record is out only the cycle after emit asked for it
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset))
	begin
		assert(o_valid == $past(i_valid_d));
		assert(o_kind == $past(i_kind_d) && o_unit == $past(i_unit_d)
			&& o_aux == $past(i_aux_d) && o_c == $past(i_c_d));
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

	// ---- covers: every kind the host emits goes out ----------------------
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
	// two records back to back (the host emits one a cycle)
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset))
		c_b2b: cover(o_valid && $past(o_valid));
`endif
endmodule
