/* loader.c -- see loader.h. */
#include "wq/loader.h"

#define CH(c, reg) (WQ_CSRVAL_CHAN_BASE + (c) * WQ_CSRVAL_CHAN_STRIDE + WQ_CHCSR_##reg)

static int overlaps_sys(const wq_program_t *p)
{
    for (unsigned i = 0; i < p->nsegs; i++) {
        uint64_t lo = p->segs[i].addr, hi = lo + p->segs[i].len;
        if (p->segs[i].len && hi > WQ_SYS_BASE) return 1;
    }
    return 0;
}

int wq_load_prepare(wq_mem_t *mem, const wq_program_t *p, unsigned chan,
                    const wq_load_opts_t *opts, wq_csr_op_t *ops)
{
    if (overlaps_sys(p)) return -1;
    wq_program_load(p, mem);
    uint32_t pb = WQ_SYS_PB, n = 0;
    for (unsigned i = 0; i < p->nlaunch; i++) {
        uint32_t d = WQ_SYS_DESC + 64u * i;
        for (unsigned k = 0; k < WQ_LD_WORDS; k++) {
            uint32_t v = p->launch[i].w[k];
            if (k == WQ_LD_YIELD && opts && opts->yield_off)
                v &= ~(uint32_t)WQ_FMASK(WQ_LDF_YIELD_POLICY_HI, WQ_LDF_YIELD_POLICY_LO);
            wq_mem_write32(mem, d + 4 * k, v);
        }
        wq_mem_write32(mem, pb + 4 * n++, wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_LAUNCH_DESC, 2));
        wq_mem_write32(mem, pb + 4 * n++, d);
        wq_mem_write32(mem, pb + 4 * n++, 0);
    }
    wq_mem_write32(mem, pb + 4 * n++, wq_mh_encode(WQ_SECOP_IMMD, 0, WQ_M_WFI, 0));
    wq_mem_write32(mem, WQ_SYS_GPFIFO, wq_gp_word0(pb));
    wq_mem_write32(mem, WQ_SYS_GPFIFO + 4, wq_gp_word1(n, 0, 0));
    int k = 0;
    if (p->has_wave) {        /* the wave CSRs before the launches run */
        ops[k++] = (wq_csr_op_t){ WQ_CSR_WAVE_CTL, p->wave_ctl };
        ops[k++] = (wq_csr_op_t){ WQ_CSR_WAVE_WINDOW, p->wave_window };
        ops[k++] = (wq_csr_op_t){ WQ_CSR_WAVE_THRESH, p->wave_thresh };
    }
    ops[k++] = (wq_csr_op_t){ CH(chan, GPFIFO_BASE), WQ_SYS_GPFIFO };
    ops[k++] = (wq_csr_op_t){ CH(chan, GPFIFO_LOG2), 4 };
    ops[k++] = (wq_csr_op_t){ CH(chan, CTRL), 1 };
    ops[k++] = (wq_csr_op_t){ CH(chan, GP_PUT), 1 };
    return k;
}

int wq_load_and_submit(wq_ctx_t *ctx, const wq_program_t *p, unsigned chan,
                       const wq_load_opts_t *opts)
{
    wq_csr_op_t ops[WQ_LOAD_MAX_CSR_OPS];
    if (chan >= ctx->cfg.channels) return -1;
    int n = wq_load_prepare(ctx->mem, p, chan, opts, ops);
    if (n < 0) return -1;
    for (int i = 0; i < n; i++) wq_csr_write(ctx, ops[i].off, ops[i].val);
    return 0;
}
