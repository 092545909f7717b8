// wq_host_states.vh -- the host interface's step states.
//
// Included inside a module (wq_host_if, its sequencer's next state
// wq_host_seq, its event records wq_host_emit, and the units that
// compute the next state of some of its states: wq_host_idle,
// wq_host_gp, wq_host_hdr, wq_host_sem, wq_host_launch, wq_host_leave,
// wq_host_ra, wq_host_fast, wq_host_slice, wq_host_scheduler) so the
// codes exist once.
// docs/rtl/wq_host_if.md "Structure".
//
// And the sequencer's next-state declarations (wq_host_seq,
// wq_host_emit), one macro
// per register (Verilog-2005 has no token pasting, so each names its own
// signals): WQ_HOST_NEXT(W, WE, N, D, HOLD, WIDTH) declares a register's
// write enable WE and the value written N, drives its next value D (N
// when WE, else HOLD; D is declared by the includer, an output) and
// declares the task W(v) that writes it (WE = 1, N = v);
// WQ_HOST_HOLD(WE, N, WIDTH), at the head of the next-state block,
// leaves it unwritten: the enable off and the value a don't-care.
// Every file that includes this one undefines both at its end.
`define WQ_HOST_NEXT(W, WE, N, D, HOLD, WIDTH) \
	reg		WE; \
	reg	[(WIDTH)-1:0]	N; \
	assign	D = WE ? N : (HOLD); \
	task W; input [(WIDTH)-1:0] v; begin WE = 1'b1; N = v; end endtask
`define WQ_HOST_HOLD(WE, N, WIDTH) \
	WE = 1'b0; N = {(WIDTH){1'bx}};

localparam [5:0]	H_IDLE    = 6'd0,	// no grant; CSR accesses
			H_DUE     = 6'd1,	// retry rule, then the step
			H_MEM     = 6'd2,	// a read in flight
			H_GP1     = 6'd3,	// read GP entry word 1
			H_GPCHK   = 6'd4,	// check the entry
			H_HDR     = 6'd5,	// read the next header
			H_HDRDEC  = 6'd6,	// decode it
			H_DATA    = 6'd7,	// read a method's data word
			H_DATAGOT = 6'd8,	// method address advance
			H_METHOD  = 6'd9,	// wq_host_method
			H_SEMX    = 6'd10,	// SEM_EXECUTE: op, SEM_ADDR_HI
			H_SEMW    = 6'd11,	// semaphore unit busy
			H_LAUNCH  = 6'd12,	// LAUNCH: descriptor address
			H_LREAD   = 6'd13,	// read descriptor words
			H_LCHK    = 6'd14,	// descriptor checker busy
			H_ERR     = 6'd15,	// wq_chan_error
			H_AFTER   = 6'd16,	// after_method: segment end
			H_LEAVE   = 6'd17,	// wq_host_after_step (HOST_SLICE
						// on cm_rd)
			H_RDW     = 6'd18,	// channel RAM read in flight
			H_DUE2    = 6'd19,	// a wait resumes (wait_data read)
			H_GP0     = 6'd20,	// GP entry address (gp_base read)
			H_SEMX2   = 6'd21,	// SEM_EXECUTE: alignment, WFI
			H_SL0     = 6'd22,	// semaphore operands: read and
			H_SL1     = 6'd23,	//   load address, payload lo,
			H_SL2     = 6'd24,	//   payload hi; acq_attempts;
			H_SL3     = 6'd25,	//   acq_timeout stays on the
			H_SL4     = 6'd26,	//   read port for H_SEMW
			H_SL5     = 6'd27,	//   (start the unit)
			H_WDW     = 6'd28,	// an acquire wait's wait_data
			H_LAUNCH2 = 6'd29,	// descriptor address read
			H_CSR1    = 6'd30,	// CSR: channel RAM read
			H_CSR2    = 6'd31,	// CSR: answer
			H_DUEA    = 6'd33,	// retry rule: ACQ_RETRY
			H_DUEB    = 6'd34,	//   acq_last, decide
			H_STAMP   = 6'd35,	// a failed attempt's acq_last
			H_TMO     = 6'd36,	// a timeout: SEM_ADDR_LO read
			H_INIT    = 6'd37,	// reset: the channel RAM sweep
			H_CLR     = 6'd38,	// CTRL.RESET: clear its fields
			H_PMW     = 6'd39,	// PERF_METHODS + 1 (att_q)
			H_LVW     = 6'd40,	// seg end (GP_PUT on cm_rd); the
			H_LV2     = 6'd41,	//   slice reads for H_LEAVE
			H_STW     = 6'd42,	// a retry's cycle before its stamp
			H_AW      = 6'd43,	// GP_PUT read (H_AFTER) on its way
			H_GPW     = 6'd44,	// (FAST) the GP entry's two reads
			H_LRES    = 6'd45,	// (DESC_RAM) the check's verdict,
						// launch_desc read again
			H_LDW     = 6'd46;	// (DESC_RAM) a scheduler's word
						// read on cm_rd: o_ld_ack

// The SEM_EXECUTE step's states (wq_host_sem's): wq_host_emit's c is the
// semaphore unit's result in them; the way out's (wq_host_leave's):
// wq_host_emit keeps their records in registers of their own (and the
// formal sections' groups, below)
function hs_in_sem;    input [5:0] s;
	hs_in_sem    = s == H_SEMX || s == H_SEMX2 || s == H_SL0 || s == H_SL1 || s == H_SL2
		|| s == H_SL3 || s == H_SL4 || s == H_SL5 || s == H_SEMW || s == H_TMO
		|| s == H_WDW || s == H_STW || s == H_STAMP;
endfunction
function hs_in_leave;  input [5:0] s;
	hs_in_leave  = s == H_ERR || s == H_AFTER || s == H_AW || s == H_LVW || s == H_LV2
		|| s == H_LEAVE;
endfunction

`ifdef FORMAL
// The step states grouped by the unit that computes their next state
// (wq_host_idle, wq_host_gp, wq_host_hdr, wq_host_sem, wq_host_launch,
// wq_host_leave): the formal sections of wq_host_seq, wq_host_emit,
// wq_host_chnext and wq_host_slice name a state's group with these.
function hs_in_idle;   input [5:0] s;
	hs_in_idle   = s == H_INIT || s == H_IDLE || s == H_CSR1 || s == H_CLR || s == H_CSR2;
endfunction
function hs_in_gp;     input [5:0] s;
	hs_in_gp     = s == H_DUE || s == H_DUEA || s == H_DUEB || s == H_DUE2 || s == H_GP0
		|| s == H_GP1 || s == H_GPW || s == H_GPCHK;
endfunction
function hs_in_hdr;    input [5:0] s;
	hs_in_hdr    = s == H_HDR || s == H_HDRDEC || s == H_DATA || s == H_DATAGOT;
endfunction
function hs_in_launch; input [5:0] s;
	hs_in_launch = s == H_LAUNCH || s == H_LAUNCH2 || s == H_LREAD || s == H_LCHK
		|| s == H_LRES || s == H_LDW;
endfunction
`endif
