// cosim_stream.cpp -- a command stream in lockstep (see cosim_stream.h).
#include "cosim_stream.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>

extern "C" {
#include "wq/stream.h"
}

namespace {

uint32_t chreg(unsigned c, uint32_t reg)
{
    return WQ_CSRVAL_CHAN_BASE + c * WQ_CSRVAL_CHAN_STRIDE + reg;
}

uint32_t field(uint32_t v, unsigned hi, unsigned lo)
{
    return (uint32_t)((v & WQ_FMASK(hi, lo)) >> lo);
}

void print_channels(const wq_ctx_t *ctx)
{
    for (unsigned ch = 0; ch < ctx->cfg.channels; ch++) {
        const wq_channel_t *p = &ctx->ch[ch];
        if (p->state == WQ_CH_DISABLED && !p->err) continue;
        printf("channel %u: %s GP_GET=%u GP_PUT=%u REF=0x%x%s%s\n", ch,
               wq_chstate_name(p->state), p->gp_get, p->gp_put, p->ref,
               p->err ? " error=" : "", p->err ? wq_cherr_name(p->err) : "");
    }
}

}  // namespace

int cosim_run_stream(Cosim &c, const char *path, const char *text, uint64_t max_cycles)
{
    if (c.open()) { fprintf(stderr, "out of memory\n"); return 2; }
    wq_stream_result_t res;
    wq_csr_op_t *ops = nullptr, *ops2 = nullptr;
    unsigned nops = 0, nops2 = 0;
    if (wq_stream_prepare(text, c.ctx->cfg.channels, c.ctx->mem, &ops, &nops, &res) ||
        wq_stream_prepare(text, c.ctx->cfg.channels, c.rtl_mem, &ops2, &nops2, &res)) {
        fprintf(stderr, "%s: %s (this harness is built with CHANNELS=%u)\n", path, res.msg,
                c.ctx->cfg.channels);
        free(ops);
        free(ops2);
        return 2;
    }
    free(ops2);
    for (unsigned i = 0; i < nops; i++) c.csr_queue(ops[i].off, ops[i].val, true, "stream");
    free(ops);

    Cosim::RunTimer t;
    uint64_t c0 = c.cyc, quiet = 0;
    for (;;) {
        c.tick();
        if (c.fatal_trap >= 0) break;
        quiet = (c.model_idle() && !c.csr_pending()) ? quiet + 1 : 0;
        if (quiet > 64) break;
        if (c.cyc - c0 > max_cycles) {
            printf("TIMEOUT after %" PRIu64 " cycles (seed %" PRIu64 ")\n", c.cyc - c0, c.o.seed);
            print_channels(c.ctx);
            return 1;
        }
    }
    t.stop();
    uint64_t run_cycles = c.cyc - c0;

    // the final state, from the RTL's CSR port (each read compared with
    // the model's) and the RTL's memory
    wq_stream_state_t st{};
    st.mem = c.rtl_mem;
    st.channels = c.ctx->cfg.channels;
    for (unsigned ch = 0; ch < st.channels; ch++) {
        uint32_t status = 0;
        wq_stream_chan_t &s = st.ch[ch];
        c.csr_read(chreg(ch, WQ_CHCSR_STATUS), &status);
        s.state = field(status, WQ_CSRF_STATUS_STATE_HI, WQ_CSRF_STATUS_STATE_LO);
        s.err = field(status, WQ_CSRF_STATUS_ERROR_HI, WQ_CSRF_STATUS_ERROR_LO);
        c.csr_read(chreg(ch, WQ_CHCSR_ERR_INFO), &s.err_info);
        c.csr_read(chreg(ch, WQ_CHCSR_GP_GET), &s.gp_get);
        c.csr_read(chreg(ch, WQ_CHCSR_GP_PUT), &s.gp_put);
        c.csr_read(chreg(ch, WQ_CHCSR_REF), &s.ref);
    }
    c.csr_read(WQ_CSR_IRQ_STATUS, &st.irq_status);
    c.finish();

    c.print_summary(run_cycles, t);
    print_channels(c.ctx);
    int rc = 0;
    if (c.fatal_trap >= 0) {
        printf("trap: warp %u %s\n", c.fatal_warp, wq_trap_name((unsigned)c.fatal_trap));
        rc = 1;
    }
    if (wq_stream_check(text, &st, &res)) {
        printf("%s: %s\n", path, res.msg);
        return 2;
    }
    if (res.failed) printf("expect failed: %s: %s\n", path, res.msg);
    printf("expects: %u/%u\n", res.checks - res.failed, res.checks);
    printf("mismatches: %" PRIu64 "\n", c.mismatches);
    return res.failed ? 1 : rc;
}
