////////////////////////////////////////////////////////////////////////////////
//
// Filename:	rtl/wq_uart_bridge.v
//
// Project:	warpq -- a GPU front end, RTL twin of the C golden model
//
// Purpose:	The UART bridge's protocol engine: framed commands from the
//		host (bytes from wq_uart_rx) become accesses on wq_top's CSR
//		slave and on the on-chip memory (wq_uart_mem), and each
//		command gets one response frame (bytes to wq_uart_tx).  When
//		wq_top's interrupt rises the bridge sends an unsolicited IRQ
//		frame.  Every constant of the protocol comes from
//		cmodel/spec/uart.def through wq_defs.vh; the frames, the
//		commands and the resynchronisation rule are described in
//		docs/rtl/wq_uart_bridge.md.
//
//	Frame: SYNC LEN CODE SEQ PAYLOAD[LEN] CRC_HI CRC_LO, CRC-16/CCITT
//	over LEN..PAYLOAD.  Two state machines: the receiver hunts for
//	SYNC, collects one frame and holds it (dropping bytes) until the
//	executor has answered it; the executor checks, performs and
//	answers.  A frame with a bad CRC or a LEN over MAX_LEN is answered
//	with an error status and nothing is done; a frame that stops
//	arriving (TIMEOUT clocks without a byte) is abandoned.  A write
//	(CSR_WR, MEM_WR) whose SEQ equals the previous command's is a retry
//	of a command that was done: it is answered OK without doing it
//	again.
//
// Creator:	warpq developers
//
////////////////////////////////////////////////////////////////////////////////
`default_nettype none
`include "wq_defs.vh"

module wq_uart_bridge #(
	parameter MEM_LOG2 = 19,	// the memory's window size (HELLO reports it)
	parameter TIMEOUT  = 4096	// clocks without a byte that abandon a frame
) (
	input	wire		i_clk,
	input	wire		i_reset,
	// bytes from the receiver, to the transmitter
	input	wire		i_rx_valid,
	input	wire	[7:0]	i_rx_data,
	output	wire		o_tx_valid,
	output	reg	[7:0]	o_tx_data,
	input	wire		i_tx_ready,
	// wq_top's CSR slave: the request is held until i_csr_ack
	output	wire		o_csr_valid,
	output	wire		o_csr_we,
	output	wire	[11:0]	o_csr_addr,
	output	wire	[31:0]	o_csr_wdata,
	input	wire		i_csr_ack,
	input	wire	[31:0]	i_csr_rdata,
	input	wire		i_csr_err,
	// the memory (wq_uart_mem port B) and its window check
	output	wire		o_mem_valid,
	output	wire		o_mem_we,
	output	wire	[31:0]	o_mem_addr,
	output	wire	[31:0]	o_mem_wdata,
	input	wire		i_mem_ready,
	input	wire		i_mem_rvalid,
	input	wire	[31:0]	i_mem_rdata,
	input	wire		i_mem_err,
	output	wire	[31:0]	o_chk_addr,
	input	wire		i_chk_ok,
	// RESET: the device held in reset while the memory clears
	output	wire		o_dev_reset,
	output	wire		o_mem_clear,
	input	wire		i_mem_busy,
	// the device's state
	input	wire		i_irq,
	input	wire		i_idle
);
	localparam	MAXW = `WQ_UART_MAX_WORDS;
	localparam	[7:0]	MAXLEN = `WQ_UART_MAX_LEN;
	localparam	[15:0]	POLY = `WQ_UART_CRC_POLY;
	localparam	[15:0]	INIT = `WQ_UART_CRC_INIT;
	localparam	[7:0]	MAXW_B = MAXW;
	localparam	TW = $clog2(TIMEOUT + 1);
	// the bits of a block address the adder covers: the window's, at
	// least the 8 a block's offset needs
	localparam	AS = (MEM_LOG2 < 8) ? 8 : MEM_LOG2;

	// CRC-16 of one more byte, MSB first
	function [15:0] crc16;
		input	[15:0]	c;
		input	[7:0]	d;
		integer		i;
		reg	[15:0]	x;
		begin
			x = c;
			for (i = 7; i >= 0; i = i - 1)
				x = (x[15] ^ d[i]) ? ({ x[14:0], 1'b0 } ^ POLY)
						   : { x[14:0], 1'b0 };
			crc16 = x;
		end
	endfunction

	////////////////////////////////////////////////////////////////////////
	//
	// The receiver: one frame at a time
	//
	////////////////////////////////////////////////////////////////////////
	localparam	[2:0]	R_HUNT = 3'd0, R_LEN = 3'd1, R_CODE = 3'd2,
				R_SEQ = 3'd3, R_PAY = 3'd4, R_CRC1 = 3'd5,
				R_CRC2 = 3'd6, R_FULL = 3'd7;
	reg	[2:0]	rstate;
	reg	[7:0]	r_len, r_code, r_seq, r_idx;
	reg	[15:0]	r_crc;
	reg	[TW-1:0] r_quiet;	// clocks since the last byte of this frame
	reg	[7:0]	r_st;		// OK (to execute) or BAD_CRC / BAD_LEN
	reg	[31:0]	p0;		// payload bytes 0..3
	wire		x_release;	// the executor has answered the frame

	initial	rstate = R_HUNT;
	always @(posedge i_clk)
	if (i_reset)
		rstate <= R_HUNT;
	else if (rstate == R_FULL)
	begin
		if (x_release)
			rstate <= R_HUNT;
	end else if (rstate != R_HUNT && r_quiet == TIMEOUT[TW-1:0])
		rstate <= R_HUNT;	// the rest of the frame never came
	else if (i_rx_valid) case (rstate)
	R_HUNT:	if (i_rx_data == `WQ_UART_SYNC)
			rstate <= R_LEN;
	R_LEN:	rstate <= (i_rx_data > MAXLEN) ? R_FULL : R_CODE;
	R_CODE:	rstate <= R_SEQ;
	R_SEQ:	rstate <= (r_len == 0) ? R_CRC1 : R_PAY;
	R_PAY:	if (r_idx + 1'b1 == r_len)
			rstate <= R_CRC1;
	R_CRC1:	rstate <= R_CRC2;
	default: rstate <= R_FULL;	// R_CRC2
	endcase

	always @(posedge i_clk)
	if (rstate == R_HUNT || i_rx_valid)
		r_quiet <= 0;
	else if (r_quiet != TIMEOUT[TW-1:0])
		r_quiet <= r_quiet + 1'b1;

	// the frame's fields and its running CRC
	always @(posedge i_clk)
	if (i_rx_valid && rstate != R_FULL)
	begin
		case (rstate)
		R_HUNT:	r_crc <= INIT;
		R_LEN:	begin
			r_len <= i_rx_data;
			r_crc <= crc16(r_crc, i_rx_data);
			r_idx <= 8'd0;
			if (i_rx_data > MAXLEN)
				r_seq <= 8'd0;	// not read any further
			end
		R_CODE:	begin
			r_code <= i_rx_data;
			r_crc  <= crc16(r_crc, i_rx_data);
			end
		R_SEQ:	begin
			r_seq <= i_rx_data;
			r_crc <= crc16(r_crc, i_rx_data);
			end
		R_PAY:	begin
			r_crc <= crc16(r_crc, i_rx_data);
			r_idx <= r_idx + 1'b1;
			end
		R_CRC1:	r_crc <= crc16(r_crc, i_rx_data);
		default: begin end
		endcase
	end

	// payload bytes 0..3; WAIT counts its budget down in them (the
	// frame is held while it runs, so no byte arrives meanwhile)
	wire	x_waiting;
	always @(posedge i_clk)
	if (x_waiting)
		p0 <= p0 - 1'b1;
	else if (i_rx_valid && rstate == R_PAY)
	begin
		if (r_idx == 8'd0) p0[7:0]   <= i_rx_data;
		if (r_idx == 8'd1) p0[15:8]  <= i_rx_data;
		if (r_idx == 8'd2) p0[23:16] <= i_rx_data;
		if (r_idx == 8'd3) p0[31:24] <= i_rx_data;
	end

	// the frame's verdict, set as it completes.  CRC_HI is folded into
	// the CRC like the bytes before it (no register holds it): the sent
	// CRC {CRC_HI, CRC_LO} equals the CRC c of LEN..PAYLOAD exactly when
	// crc16(c, CRC_HI) is { CRC_LO, 8'h00 } (CRC_HI equal to c[15:8]
	// shifts zeros through, leaving c[7:0] on top; any other CRC_HI
	// leaves a low byte that is not zero)
	always @(posedge i_clk)
	if (i_rx_valid && rstate == R_LEN && i_rx_data > MAXLEN)
		r_st <= `WQ_UART_ST_BAD_LEN;
	else if (i_rx_valid && rstate == R_CRC2)
		r_st <= (r_crc == { i_rx_data, 8'h00 }) ? `WQ_UART_ST_OK
							: `WQ_UART_ST_BAD_CRC;

	////////////////////////////////////////////////////////////////////////
	//
	// The payload buffer: MEM_WR's words as they arrive, MEM_RD's words
	// for the response
	//
	////////////////////////////////////////////////////////////////////////
	// A read of the word written in the same cycle is never used (the
	// block read writes the word x_i while buf_ra is x_i, and nothing
	// reads bufq there; a frame's payload arrives only while nothing
	// reads it): no_rw_check, so it maps onto block RAM as it is
	(* no_rw_check *)
	reg	[31:0]	pbuf	[0:MAXW-1];
	reg	[31:0]	bufq;			// the word at buf_ra, a cycle later
	wire	[4:0]	buf_ra;
	wire		x_bwe;			// the executor stores a read word
	wire	[4:0]	x_bwa;
	wire	[7:0]	ridx_w = r_idx - 8'd4;	// payload byte within the words
	wire		r_bwe = i_rx_valid && rstate == R_PAY && r_idx >= 8'd4;
	wire	[4:0]	bwa = x_bwe ? x_bwa : ridx_w[6:2];
	wire	[3:0]	bws = x_bwe ? 4'hF : (4'h1 << ridx_w[1:0]);
	wire	[31:0]	bwd = x_bwe ? i_mem_rdata : {(4){i_rx_data}};

	always @(posedge i_clk)
	if (r_bwe || x_bwe)
	begin
		if (bws[0]) pbuf[bwa][7:0]   <= bwd[7:0];
		if (bws[1]) pbuf[bwa][15:8]  <= bwd[15:8];
		if (bws[2]) pbuf[bwa][23:16] <= bwd[23:16];
		if (bws[3]) pbuf[bwa][31:24] <= bwd[31:24];
	end

	always @(posedge i_clk)
		bufq <= pbuf[buf_ra];

	////////////////////////////////////////////////////////////////////////
	//
	// The executor
	//
	////////////////////////////////////////////////////////////////////////
	localparam	[3:0]	X_IDLE = 4'd0, X_CHECK = 4'd1, X_CSR = 4'd2,
				X_MCHK = 4'd3, X_MCHK2 = 4'd4, X_MRD = 4'd5,
				X_MREQ = 4'd6, X_MRSP = 4'd7, X_WAIT = 4'd8,
				X_RESET = 4'd9, X_RESET2 = 4'd10, X_TPREP = 4'd11,
				X_TSEND = 4'd12;
	reg	[3:0]	xstate;
	reg	[7:0]	x_st, x_rlen;		// the response's header
	reg		x_notice;		// the frame is an IRQ notice
	reg		x_frombuf;		// payload from pbuf (MEM_RD)
	reg	[31:0]	rdat_lo;		// payload of a short response (NOW: its low word)
	reg	[7:0]	x_k;			// byte of the response being sent
	reg	[15:0]	x_crc;
	reg	[5:0]	x_n, x_i;		// words of a block, word being moved
	reg	[5:0]	x_bk;			// the word the block's address adder adds
	reg		x_bud;			// WAIT has a budget (BUDGET != 0)
	reg	[7:0]	last_seq;		// SEQ of the last command executed
	reg		have_last;
	reg		irq_q, irq_pend;
	reg	[63:0]	cycles;
	reg		c_frz, c_pend;		// NOW's high word held, its carry
	reg		dev_reset;

	// a short response's payload: NOW's high word is the counter's, held
	wire	[63:0]	rdat = { cycles[63:32], rdat_lo };
	wire	x_resp_now = xstate == X_CHECK && r_code == `WQ_UART_CMD_NOW;
	wire	is_rd  = r_code == `WQ_UART_CMD_MEM_RD;
	// payload bytes 4..5 (CSR_WR's offset, MEM_RD's word count): pbuf's
	// word 0, which bufq holds from X_IDLE to the block transfer (x_i
	// is 0 there, and nothing writes pbuf while a frame is held)
	wire	[15:0]	p1 = bufq[15:0];
	wire	is_dup = have_last && r_seq == last_seq;
	wire	[7:0]	wr_words = (r_len - 8'd4) >> 2;
	wire	[5:0]	nwords = is_rd ? p1[5:0] : wr_words[5:0];
	wire	mem_len_ok = is_rd ? (r_len == 8'd5 && p1[7:0] != 0 && p1[7:0] <= MAXW)
				   : (r_len >= 8'd8 && r_len[1:0] == 2'b00);
	wire	[7:0]	resp_end = x_rlen + 8'd6;	// bytes in the response
	wire	[7:0]	x_pe = x_rlen + 8'd4;		// the first CRC byte's index

	initial	xstate = X_IDLE;
	always @(posedge i_clk)
	if (i_reset)
		xstate <= X_IDLE;
	else case (xstate)
	X_IDLE:
		if (rstate == R_FULL)
			xstate <= X_CHECK;
		else if (irq_pend)
			xstate <= X_TPREP;
	X_CHECK:
		if (r_st != `WQ_UART_ST_OK)
			xstate <= X_TPREP;
		else case (r_code)
		`WQ_UART_CMD_RESET:
			xstate <= (r_len == 0) ? X_RESET : X_TPREP;
		`WQ_UART_CMD_CSR_RD:
			xstate <= (r_len == 8'd2) ? X_CSR : X_TPREP;
		`WQ_UART_CMD_CSR_WR:
			xstate <= (r_len == 8'd6 && !is_dup) ? X_CSR : X_TPREP;
		`WQ_UART_CMD_MEM_RD:
			xstate <= mem_len_ok ? X_MCHK : X_TPREP;
		`WQ_UART_CMD_MEM_WR:
			xstate <= (mem_len_ok && !is_dup) ? X_MCHK : X_TPREP;
		`WQ_UART_CMD_WAIT:
			xstate <= (r_len == 8'd4) ? X_WAIT : X_TPREP;
		default:
			xstate <= X_TPREP;
		endcase
	X_CSR:
		if (i_csr_ack)
			xstate <= X_TPREP;
	X_MCHK:
		xstate <= (i_chk_ok && p0[1:0] == 2'b00) ? X_MCHK2 : X_TPREP;
	X_MCHK2:
		xstate <= blk_ok ? X_MRD : X_TPREP;
	X_MRD:
		xstate <= X_MREQ;
	X_MREQ:
		if (i_mem_ready)
			xstate <= X_MRSP;
	X_MRSP:
		if (i_mem_rvalid)
			xstate <= (i_mem_err || x_i + 1'b1 == x_n) ? X_TPREP : X_MRD;
	X_WAIT:
		if (i_irq || i_idle || (x_bud && p0 == 0))
			xstate <= X_TPREP;
	X_RESET:
		xstate <= X_RESET2;
	X_RESET2:
		if (!i_mem_busy)
			xstate <= X_TPREP;
	X_TPREP:
		xstate <= X_TSEND;
	X_TSEND:
		if (i_tx_ready)
			xstate <= (x_k + 1'b1 == resp_end) ? X_IDLE : X_TPREP;
	default:
		xstate <= X_IDLE;
	endcase

	// the response: status, length, payload source (a case of the state:
	// each state's own update, side by side, not a chain of priorities)
	always @(posedge i_clk)
	if (i_reset)
	begin
		x_notice <= 1'b0;
	end else case (xstate)
	X_IDLE:
	begin
		x_notice  <= rstate != R_FULL;		// else: an IRQ notice
		x_st      <= (rstate == R_FULL) ? r_st : `WQ_UART_ST_IRQ;
		x_rlen    <= 8'd0;
		x_frombuf <= 1'b0;
	end
	X_CHECK:
	if (r_st == `WQ_UART_ST_OK)
	begin
		case (r_code)
		`WQ_UART_CMD_HELLO:
			if (r_len == 0)
			begin
				x_rlen <= 8'd4;
				rdat_lo <= { 8'h0, MEM_LOG2[7:0], MAXW_B,
					     `WQ_UART_VERSION };
			end else
				x_st <= `WQ_UART_ST_BAD_LEN;
		`WQ_UART_CMD_NOW:
			if (r_len == 0)
			begin
				x_rlen <= 8'd8;
				rdat_lo <= cycles[31:0];
			end else
				x_st <= `WQ_UART_ST_BAD_LEN;
		`WQ_UART_CMD_RESET:
			if (r_len != 0)
				x_st <= `WQ_UART_ST_BAD_LEN;
		`WQ_UART_CMD_CSR_RD:
			if (r_len != 8'd2)
				x_st <= `WQ_UART_ST_BAD_LEN;
		`WQ_UART_CMD_CSR_WR:
			if (r_len != 8'd6)
				x_st <= `WQ_UART_ST_BAD_LEN;
		`WQ_UART_CMD_MEM_RD, `WQ_UART_CMD_MEM_WR:
			if (!mem_len_ok)
				x_st <= `WQ_UART_ST_BAD_LEN;
		`WQ_UART_CMD_WAIT:
			if (r_len != 8'd4)
				x_st <= `WQ_UART_ST_BAD_LEN;
		default:
			x_st <= `WQ_UART_ST_BAD_CMD;
		endcase
	end
	X_CSR:
	if (i_csr_ack)
	begin
		if (i_csr_err)
			x_st <= `WQ_UART_ST_CSR_ERR;
		else if (r_code == `WQ_UART_CMD_CSR_RD)
			x_rlen <= 8'd4;
		rdat_lo <= i_csr_rdata;
	end
	X_MCHK:
	if (!(i_chk_ok && p0[1:0] == 2'b00))
	begin
		x_st   <= `WQ_UART_ST_MEM_RANGE;
		x_rlen <= 8'd0;
	end
	X_MCHK2:
	if (!blk_ok)
	begin
		x_st   <= `WQ_UART_ST_MEM_RANGE;
		x_rlen <= 8'd0;
	end
	X_MRSP:
	if (i_mem_rvalid && i_mem_err)
	begin
		x_st   <= `WQ_UART_ST_MEM_RANGE;
		x_rlen <= 8'd0;
	end else if (i_mem_rvalid && is_rd)
	begin
		x_rlen    <= { x_i + 1'b1, 2'b00 };
		x_frombuf <= 1'b1;
	end
	X_WAIT:
	begin
		x_rlen <= 8'd1;
		rdat_lo <= { 24'h0, i_irq ? `WQ_UART_WAIT_IRQ
				: (i_idle ? `WQ_UART_WAIT_IDLE : `WQ_UART_WAIT_BUDGET) };
	end
	default: begin end
	endcase

	// the block transfer; WAIT's budget: BUDGET cycles in X_WAIT, counted
	// down in p0 (x_waiting), expire when p0 reaches 0
	always @(posedge i_clk)
	if (xstate == X_CHECK)
	begin
		x_n   <= nwords;
		x_bud <= p0 != 32'd0;
	end

	// the word being moved: 0 from the response on (its bytes are read
	// at x_j), so it is 0 from X_IDLE through X_CSR and X_MCHK, where
	// pbuf is read at word 0: the bytes 4..5 of the payload (p1)
	initial	x_i = 6'd0;
	always @(posedge i_clk)
	if (i_reset || xstate == X_TPREP)
		x_i <= 6'd0;
	else if (xstate == X_MRSP && i_mem_rvalid)
		x_i <= x_i + 1'b1;
	// the adder's word (blk_k below), set a cycle ahead: the last word
	// x_n - 1 in X_MCHK2, x_i in every other state (x_i's own moves:
	// 0 from X_TPREP, one up with each word moved; X_MCHK2 is entered
	// only from X_MCHK and left for X_MRD or X_TPREP, where x_i is 0),
	// so the window check's carry starts at a register, not at the
	// state's decode and a subtractor
	initial	x_bk = 6'd0;
	always @(posedge i_clk)
	if (i_reset || xstate == X_TPREP)
		x_bk <= 6'd0;
	else if (xstate == X_MCHK)
		x_bk <= (i_chk_ok && p0[1:0] == 2'b00) ? x_n - 1'b1 : x_i;
	else if (xstate == X_MCHK2)
		x_bk <= x_i;
	else if (xstate == X_MRSP && i_mem_rvalid)
		x_bk <= x_i + 1'b1;
	assign	x_waiting = xstate == X_WAIT && !(i_irq || i_idle || (x_bud && p0 == 0));

	// the dedup of retried writes: any command with a good CRC counts
	initial	have_last = 1'b0;
	always @(posedge i_clk)
	if (i_reset)
		have_last <= 1'b0;
	else if (xstate == X_CHECK && r_st == `WQ_UART_ST_OK)
	begin
		have_last <= 1'b1;
		last_seq  <= r_seq;
	end

	// the sender: header, payload, CRC
	always @(posedge i_clk)
	if (xstate == X_IDLE)
	begin
		x_k   <= 8'd0;
		x_crc <= INIT;
	end else if (xstate == X_TSEND && i_tx_ready)
	begin
		x_k <= x_k + 1'b1;
		if (x_k != 0 && x_k < x_pe)
			x_crc <= crc16(x_crc, o_tx_data);
	end

	wire	[7:0]	x_j = x_k - 8'd4;	// payload byte
	// the response's word while a payload byte is prepared and sent (the
	// transmitter may keep X_TSEND waiting), else the block's word
	assign	buf_ra = (xstate == X_TPREP || xstate == X_TSEND) ? x_j[6:2] : x_i[4:0];
	// the byte x_k of the response: the header's four by x_k's low bits,
	// a payload byte below x_pe, then the CRC -- x_k is x_pe or x_pe + 1
	// there (it stays below resp_end), so its low bit tells the two
	// apart, with no compare against x_pe
	always @(*)
	begin
		if (x_k[7:2] == 6'd0)
			case (x_k[1:0])
			2'd0:	 o_tx_data = `WQ_UART_SYNC;
			2'd1:	 o_tx_data = x_rlen;
			2'd2:	 o_tx_data = x_st;
			default: o_tx_data = x_notice ? 8'd0 : r_seq;	// the frame is held until its answer has gone
			endcase
		else if (x_k < x_pe)
			o_tx_data = x_frombuf ? bufq[8 * x_j[1:0] +: 8]
					      : rdat[8 * x_j[2:0] +: 8];
		else if (x_k[0] == x_pe[0])
			o_tx_data = x_crc[15:8];
		else
			o_tx_data = x_crc[7:0];
	end
	assign	o_tx_valid = xstate == X_TSEND;

	// a command's frame is released when its response has gone
	assign	x_release = xstate == X_TSEND && i_tx_ready
			&& x_k + 1'b1 == resp_end && !x_notice;

	// the interrupt notice: once per rising edge of i_irq
	initial	irq_q = 1'b0;
	initial	irq_pend = 1'b0;
	always @(posedge i_clk)
	if (i_reset || dev_reset)
	begin
		irq_q    <= 1'b0;
		irq_pend <= 1'b0;
	end else begin
		irq_q <= i_irq;
		if (i_irq && !irq_q)
			irq_pend <= 1'b1;
		else if (xstate == X_IDLE && rstate != R_FULL)
			irq_pend <= 1'b0;
	end

	// RESET and the cycle counter
	initial	dev_reset = 1'b0;
	always @(posedge i_clk)
	if (i_reset)
		dev_reset <= 1'b0;
	else if (xstate == X_RESET)
		dev_reset <= 1'b1;
	else if (xstate == X_RESET2 && !i_mem_busy)
		dev_reset <= 1'b0;

	// NOW answers the count at its X_CHECK: the low word is copied into
	// rdat_lo there, and the high word is held from that cycle until the
	// response has gone (c_hold), so the response sends the counter's own
	// high word; a carry out of the low word meanwhile waits in c_pend and
	// is added back in the X_IDLE cycle after the response.  The
	// response lasts 14 byte times, far fewer than the 2^32 clocks
	// between two carries, so c_pend never has to hold two, and that
	// X_IDLE cycle, 2^32 clocks short of the carry c_pend holds, has
	// none of its own.  Every later X_CHECK comes after
	// an X_IDLE cycle: each NOW reads the count as it would were the
	// whole counter running.
	wire	c_wrap = &cycles[31:0];
	wire	c_hold = x_resp_now || (c_frz && xstate != X_IDLE);
	initial	cycles = 64'd0;
	initial	c_pend = 1'b0;
	always @(posedge i_clk)
	if (i_reset || dev_reset)
	begin
		cycles[31:0] <= 32'd0;
		c_pend <= 1'b0;
	end else begin
		cycles[31:0] <= cycles[31:0] + 1'b1;
		if (c_hold)
			c_pend <= c_pend || c_wrap;
		else
			c_pend <= 1'b0;
	end
	always @(posedge i_clk)
	if (i_reset || dev_reset)
		cycles[63:32] <= 32'd0;
	else if (!c_hold && (c_wrap || c_pend))
		cycles[63:32] <= cycles[63:32] + 1'b1;

	initial	c_frz = 1'b0;
	always @(posedge i_clk)
	if (i_reset)
		c_frz <= 1'b0;
	else if (x_resp_now)
		c_frz <= 1'b1;
	else if (xstate == X_IDLE)
		c_frz <= 1'b0;

	assign	o_dev_reset = dev_reset;
	assign	o_mem_clear = xstate == X_RESET;

	// the masters
	assign	o_csr_valid = xstate == X_CSR;
	assign	o_csr_we    = r_code == `WQ_UART_CMD_CSR_WR;
	assign	o_csr_addr  = (r_code == `WQ_UART_CMD_CSR_WR) ? p1[11:0] : p0[11:0];
	assign	o_csr_wdata = p0;
	assign	o_mem_valid = xstate == X_MREQ;
	assign	o_mem_we    = !is_rd;
	// A block's word addresses: one adder over the window's bits, word k
	// of the block (x_i while it moves, its last word x_n - 1 for the
	// check).  X_MCHK checks the first word's window; X_MCHK2 the last
	// word's, and a carry out of the window's bits (the block runs past
	// its window's end) fails it like an address outside: so a block that
	// passes lies in one window, and the carry never reaches p0's window
	// bits while it moves.
	wire	[5:0]	blk_k = x_bk;		// (xstate == X_MCHK2) ? x_n - 1 : x_i
	wire	[AS:0]	blk_lo = { 1'b0, p0[AS-1:0] } + { {(AS-7){1'b0}}, blk_k, 2'b00 };
	wire	[31:0]	blk_a;
	generate if (AS < 32) begin : g_blk_hi
		assign	blk_a = { p0[31:AS], blk_lo[AS-1:0] };
	end else begin : g_blk_all
		assign	blk_a = blk_lo[31:0];
	end endgenerate
	// (in X_MCHK x_i is 0, so blk_a is p0: the check and the access share
	// the address, and the memory one window decode)
	wire	blk_ok = i_chk_ok && !blk_lo[AS];
	assign	o_mem_addr  = blk_a;
	assign	o_mem_wdata = bufq;
	assign	o_chk_addr  = blk_a;
	assign	x_bwe = xstate == X_MRSP && i_mem_rvalid && is_rd;
	assign	x_bwa = x_i[4:0];

	// verilator lint_off UNUSEDSIGNAL
	wire	unused = &{ 1'b0, p1[15:12], wr_words[7:6], ridx_w[7], x_j[7] };
	// verilator lint_on UNUSEDSIGNAL

`ifdef	FORMAL
	reg	f_past_valid;
	initial	f_past_valid = 1'b0;
	always @(posedge i_clk)
		f_past_valid <= 1'b1;
	always @(*)
	if (!f_past_valid)
		assume(i_reset);

	// the transmitter and the memory answer as their contracts say
	reg	f_mpend;
	initial	f_mpend = 1'b0;
	always @(posedge i_clk)
	if (i_reset)
		f_mpend <= 1'b0;
	else if (o_mem_valid && i_mem_ready)
		f_mpend <= 1'b1;
	else if (i_mem_rvalid)
		f_mpend <= 1'b0;
	always @(*)
	begin
		assume(!i_mem_rvalid || f_mpend);
		assume(!i_csr_ack || o_csr_valid);
	end

	always @(*)
	if (f_past_valid && !i_reset)
	begin
		assert(xstate <= X_TSEND);
		// a command is executed only while its frame is held
		if (xstate >= X_CHECK && xstate <= X_RESET2)
			assert(rstate == R_FULL);
		// one master at a time
		assert(!(o_csr_valid && o_mem_valid));
		// the response stays inside its frame
		if (xstate == X_TSEND || xstate == X_TPREP)
			assert(x_k < resp_end);
		assert(x_rlen <= MAXLEN);
		if (x_notice && xstate != X_IDLE)
			assert(x_rlen == 0 && x_st == `WQ_UART_ST_IRQ);
		assert(x_i <= x_n || xstate == X_IDLE || xstate == X_CHECK);
		// the device is in reset only during RESET
		if (dev_reset)
			assert(xstate == X_RESET2);
		// x_i is 0 but while a block moves and as its response starts,
		// so bufq holds pbuf's word 0 (p1) from X_IDLE to X_MRD
		if (xstate != X_MRD && xstate != X_MREQ && xstate != X_MRSP
				&& xstate != X_TPREP)
			assert(x_i == 6'd0);
		// the address adder's word, registered a cycle ahead, is its
		// definition: the block's last word in X_MCHK2, else x_i
		assert(x_bk == ((xstate == X_MCHK2) ? x_n - 1'b1 : x_i));
		// a held carry of NOW's counter only while its high word is held
		if (!c_frz)
			assert(!c_pend);
	end

	// the CSR request is held until its ack
	always @(posedge i_clk)
	if (f_past_valid && !$past(i_reset) && $past(o_csr_valid && !i_csr_ack))
		assert(o_csr_valid && o_csr_addr == $past(o_csr_addr)
			&& o_csr_wdata == $past(o_csr_wdata)
			&& o_csr_we == $past(o_csr_we));

	// covers, each reached from reset by scripts/formal.sh's cover run
	always @(posedge i_clk)
	if (f_past_valid)
	begin
		c_ok_reply: cover(x_release && x_st == `WQ_UART_ST_OK);
		c_bad_crc_reply: cover(x_release && x_st == `WQ_UART_ST_BAD_CRC);
		c_irq_notice: cover(xstate == X_TSEND && x_notice);
	end
`endif
endmodule
