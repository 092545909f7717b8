// dev_rtl.cpp -- the driver's "rtl" device backend: the four wq/dev.h
// operations on the Verilated wq_top, each mirrored on the golden model
// through the lockstep core (cosim.cpp), so a driver run is also a full
// lockstep check.
//   csr_read/write  a CSR access on wq_top's port; the model performs it as
//                   the CSR step the RTL reports, and the read value and
//                   error flag are compared;
//   mem_read/write  host memory traffic, to (from) both memories at a point
//                   where no step is in flight; reads are compared;
//   wait            clocks the RTL until o_irq, or until the model is idle
//                   with no CSR access pending, or the budget (cycles) runs
//                   out; the model's interrupt state is checked against
//                   o_irq whenever no step is in flight;
//   now             RTL cycles;
//   trace           every record once compared, with its step's cycle;
//   set_link_latency  every later access first clocks that many cycles.
// A mismatch stops the process with the first-mismatch report (cosim.h),
// so mismatches() can only ever report 0 to a driver that is still running.
#include "dev_rtl.h"

#include <cstdio>
#include <cstring>

namespace {

struct DevRtl {
    Cosim c;
    uint32_t latency = 0;          // set_link_latency: cycles per access
    wq_dev_trace_fn tfn = nullptr; // trace: the measurement's listener
    void *tuser = nullptr;
    explicit DevRtl(const CosimOpts &o) : c(o) {}
    // the host link: the device keeps running while a request crosses it
    void link() { for (uint32_t i = 0; i < latency; i++) c.tick(); }
};

DevRtl *impl_of(void *p) { return static_cast<DevRtl *>(p); }

void on_rec(void *user, const wq_trace_rec_t *r, uint64_t cyc)
{
    DevRtl *d = static_cast<DevRtl *>(user);
    d->tfn(d->tuser, r, cyc);
}

int r_trace(void *impl, wq_dev_trace_fn fn, void *user)
{
    DevRtl *d = impl_of(impl);
    d->tfn = fn;
    d->tuser = user;
    d->c.observe = fn ? on_rec : nullptr;
    d->c.observe_user = fn ? d : nullptr;
    return 0;
}

int r_set_link_latency(void *impl, uint32_t latency)
{
    impl_of(impl)->latency = latency;
    return 0;
}

int r_csr_read(void *impl, uint32_t off, uint32_t *val)
{
    impl_of(impl)->link();
    return impl_of(impl)->c.csr_read(off, val) < 0 ? -1 : 0;
}

int r_csr_write(void *impl, uint32_t off, uint32_t val)
{
    impl_of(impl)->link();
    return impl_of(impl)->c.csr_write(off, val) < 0 ? -1 : 0;
}

int r_mem_read(void *impl, uint32_t addr, uint32_t *buf, uint32_t n)
{
    if (addr & 3) return -1;
    impl_of(impl)->link();
    impl_of(impl)->c.mem_read(addr, buf, n);
    return 0;
}

int r_mem_write(void *impl, uint32_t addr, const uint32_t *buf, uint32_t n)
{
    if (addr & 3) return -1;
    impl_of(impl)->link();
    impl_of(impl)->c.mem_write(addr, buf, n);
    return 0;
}

// what wait() stops on, judged where no step is in flight (both sides have
// done the same steps, so the model's state is the RTL's)
int cond(Cosim &c)
{
    if (!c.at_safe_point()) return 0;
    bool m_irq = (c.ctx->irq_status & c.ctx->irq_enable) != 0;
    if (m_irq != c.irq()) {
        char d[160];
        snprintf(d, sizeof d, "o_irq: expected %d actual %d (IRQ_STATUS 0x%08x IRQ_ENABLE 0x%08x)",
                 m_irq, c.irq(), c.ctx->irq_status, c.ctx->irq_enable);
        c.fail("interrupt output", d);
    }
    if (m_irq) return WQ_DEV_WAIT_IRQ;
    if (c.model_idle() && !c.csr_pending()) return WQ_DEV_WAIT_IDLE;
    return 0;
}

int r_wait(void *impl, uint64_t budget)
{
    Cosim &c = impl_of(impl)->c;
    uint64_t c0 = c.cyc;
    int w;
    while (!(w = cond(c))) {
        if (budget && c.cyc - c0 >= budget) return WQ_DEV_WAIT_BUDGET;
        c.tick();
    }
    return w;
}

uint64_t r_now(void *impl) { return impl_of(impl)->c.cyc; }
uint64_t r_mismatches(void *impl) { return impl_of(impl)->c.mismatches; }

void r_close(void *impl)
{
    DevRtl *d = impl_of(impl);
    d->c.finish();          // the final memory images must agree too
    delete d;
}

}  // namespace

void wq_dev_rtl_set_what(wq_dev_t *dev, const char *what)
{
    if (dev && dev->impl && dev->close == r_close) impl_of(dev->impl)->c.o.what = what;
}

int wq_dev_rtl_open(wq_dev_t *dev, const wq_config_t *cfg, const CosimOpts &o)
{
    wq_config_t built;
    cosim_config(&built);
    if (cfg->channels != built.channels || cfg->warps != built.warps ||
        cfg->lanes != built.lanes || cfg->deque_log2 != built.deque_log2 ||
        cfg->regs != built.regs) {
        fprintf(stderr, "rtl backend: this harness is built for CHANNELS=%u WARPS=%u LANES=%u "
                        "DQ_LOG2=%u REGS=%u (asked for %u/%u/%u/%u/%u; scripts/cosim.sh builds "
                        "others)\n", built.channels, built.warps, built.lanes, built.deque_log2,
                built.regs, cfg->channels, cfg->warps, cfg->lanes, cfg->deque_log2, cfg->regs);
        return -1;
    }
    CosimOpts co = o;
    co.auto_recenter = false;
    DevRtl *d = new DevRtl(co);
    if (d->c.open()) { delete d; return -1; }
    memset(dev, 0, sizeof *dev);
    dev->impl = d;
    dev->name = "rtl (lockstep with the model)";
    dev->csr_read = r_csr_read;
    dev->csr_write = r_csr_write;
    dev->mem_read = r_mem_read;
    dev->mem_write = r_mem_write;
    dev->wait = r_wait;
    dev->now = r_now;
    dev->mismatches = r_mismatches;
    dev->close = r_close;
    dev->trace = r_trace;
    dev->set_link_latency = r_set_link_latency;
    return 0;
}
