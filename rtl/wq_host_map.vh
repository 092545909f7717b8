// wq_host_map.vh -- the host interface's channel RAM map.
//
// Included inside a module (wq_host_if, wq_host_chan, wq_host_method,
// wq_host_sem, wq_host_launch, wq_host_leave, wq_host_gp, wq_host_hdr,
// wq_host_idle) after its CW (the
// channel number's width), CA = max(CW, 2) (the address's channel part)
// and AW = 4 + CA (the address) are declared: one word per field per
// channel, address {field, channel}; field F_GLOB holds the host's own
// words (A_*); the stored launch descriptor's slots with DESC_RAM (da);
// and wq_chan_settle, the channel state rule wq_host_if and wq_host_chan
// apply (the step and the CSR write).  docs/rtl/wq_host_chan.md.
localparam [3:0]	F_BASE  = 4'd0,		// gp_base
			F_LOG2  = 4'd1,		// gp_log2
			F_EINFO = 4'd2,		// err_info
			F_REF   = 4'd3,		// chan_ref
			F_TMO   = 4'd4,		// acq_timeout
			F_SALO  = 4'd5,		// sem_addr_lo
			F_SAHI  = 4'd6,		// sem_addr_hi
			F_SPLO  = 4'd7,		// sem_pay_lo
			F_SPHI  = 4'd8,		// sem_pay_hi
			F_WDATA = 4'd9,		// wait_data
			F_ATT   = 4'd10,	// acq_attempts
			F_LDESC = 4'd11,	// launch_desc
			F_PUT   = 4'd12,	// gp_put (gp_ne says
						// whether it is GP_GET)
			F_RETRY = 4'd13,	// acq_retry
			F_STAMP = 4'd14,	// acq_last (a `now` stamp)
			F_GLOB  = 4'd15;	// the host's own CSRs:
// word A_PERF is PERF_METHODS, A_HSL HOST_SLICE, so a CSR read of either
// is the RAM word like a channel register's (no 32-bit sources of their
// own on the read data); A_SLU is the slice count.  The channel part of
// the address is CA >= 2 bits wide, so F_GLOB has room for the three
// (its fourth word is unused: `now` at a step's start, which the retry
// rule and a failed attempt's stamp read, is wq_host_step's register gt,
// so that no step's first cycle needs the one write port).
localparam integer	A_GLOB_I = F_GLOB * (1 << CA);
localparam integer	A_HSL_I  = A_GLOB_I + 1;
localparam integer	A_SLU_I  = A_GLOB_I + 2;
localparam [AW-1:0]	A_PERF = A_GLOB_I[AW-1:0],
			A_HSL  = A_HSL_I[AW-1:0],
			A_SLU  = A_SLU_I[AW-1:0];
// the word of field f of channel ch
function [AW-1:0] ca;
	input	[3:0]		f;
	input	[CW-1:0]	ch;
	ca = {f, {CA{1'b0}}} | {{(AW-CW){1'b0}}, ch};
endfunction
// DESC_RAM: the stored descriptor's word k in the channel slots no
// channel uses (CHANNELS <= 2: slots 2 and 3 of each field are free;
// F_GLOB holds the host's own words): word k < 15 in slot 3 of field k,
// word 15 in slot 2 of field 14
function [AW-1:0] da;
	input	[3:0]	k;
	reg	[3:0]	f;
	begin
		f  = (k == 4'd15) ? 4'd14 : k;
		da = ({{CA{1'b0}}, f} << CA)
			| {{(AW-2){1'b0}}, (k == 4'd15) ? 2'd2 : 2'd3};
	end
endfunction
// wq_chan_settle: IDLE / RUNNABLE from the ring and the segment
// (ne: GP_GET != GP_PUT)
function [3:0] settle;
	input	[3:0]	st;
	input		seg;
	input		ne;
	if (st == `WQ_CH_IDLE || st == `WQ_CH_RUNNABLE)
		settle = (seg || ne) ? `WQ_CH_RUNNABLE
				: `WQ_CH_IDLE;
	else
		settle = st;
endfunction
