// wq_ld_mask.vh -- the bits of each launch-descriptor word that a valid
// descriptor may set (docs/spec.md, launch descriptor; field positions from
// build/gen/wq_defs.vh).  One table for the two places that need it:
// wq_launch_check refuses a word with any other bit set (o_wmask), and
// wq_host_if stores only these bits of the descriptor it forwards, so the
// flip-flops of bits that are always zero disappear.
//
// Included inside a module body (NREGS is 1..32 here, the register
// fields' reach; wq_launch_check checks the launch's limit).  Written as a chain of selects, not a case: with a run-time
// index a constant case becomes a ROM that the formal flow cannot take;
// with a constant index (wq_host_if) it folds to a constant.

	function [31:0] ld_fmask;	// W ones from bit LO up
		input	integer	w;
		input	integer	lo;
		// verilator lint_off UNUSEDSIGNAL
		reg	[63:0]	m;
		// verilator lint_on UNUSEDSIGNAL
		begin
			m = ((64'h1 << w) - 64'h1) << lo;
			ld_fmask = m[31:0];
		end
	endfunction

	function [31:0] ld_mask;	// word k of the descriptor
		input	[31:0]	k;
		ld_mask = (k == `WQ_LD_CODE_BASE) ? 32'hfffffff8	// 8-aligned
			: (k == `WQ_LD_START_PC) ? ld_fmask(`WQ_TF_ADDR_W, 0)
			: (k == `WQ_LD_GRID_X || k == `WQ_LD_GRID_Y
				|| k == `WQ_LD_GRID_Z) ? 32'h0000ffff	// 1..0xFFFF
			: (k == `WQ_LD_CTA_X || k == `WQ_LD_CTA_Y
				|| k == `WQ_LD_CTA_Z) ? 32'h000007ff	// 1..1024
			: (k == `WQ_LD_NREGS) ? ld_fmask(6, 0)	// 1..32 (packed limit: wq_launch_check)
			: (k == `WQ_LD_WAVE)
				? (ld_fmask(`WQ_LDF_WAVE_SUBV_W, `WQ_LDF_WAVE_SUBV_LO)
				 | ld_fmask(`WQ_LDF_WAVE_SHARED_BASE_W, `WQ_LDF_WAVE_SHARED_BASE_LO))
			: (k == `WQ_LD_YIELD)
				? (ld_fmask(`WQ_LDF_YIELD_POLICY_W, `WQ_LDF_YIELD_POLICY_LO)
				 | ld_fmask(`WQ_LDF_YIELD_PARAM_W, `WQ_LDF_YIELD_PARAM_LO)
				 | ld_fmask(`WQ_LDF_YIELD_SEED_W, `WQ_LDF_YIELD_SEED_LO))
			: (k == `WQ_LD_DEQUE) ? ld_fmask(`WQ_LDF_DEQUE_LOG2_W, `WQ_LDF_DEQUE_LOG2_LO)
			: (k == `WQ_LD_FLAGS) ? ld_fmask(`WQ_LDF_FLAGS_NESTED_W, `WQ_LDF_FLAGS_NESTED_LO)
			: (k == `WQ_LD_LOCAL_BASE)	// 16-aligned
				? ld_fmask(`WQ_LDF_LOCAL_BASE_BLOCKS_W, `WQ_LDF_LOCAL_BASE_BLOCKS_LO)
			: (k == `WQ_LD_LOCAL_SIZE)	// 16-aligned, < 1 MiB
				? ld_fmask(`WQ_LDF_LOCAL_SIZE_BLOCKS_W, `WQ_LDF_LOCAL_SIZE_BLOCKS_LO)
			: 32'hffffffff;					// PARAM
	endfunction
