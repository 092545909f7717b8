// wq_sc_platform.cpp -- the platform and the driver's "systemc" device
// backend (wq/dev.h) over it: every call is one request to the host module,
// i.e. one socket transaction or one wait on the device's pins.
#include "wq_sc_platform.h"

#include <cstdio>
#include <cstdlib>
#include <tlm>

#include "wq_sc_host.h"
#include "wq_sc_mem.h"
#include "wq_tlm.h"
#include "wq_tlm_rtl.h"

using namespace sc_core;

void wq_sc_rtl_config(wq_config_t *cfg)
{
    // the parameters scripts/systemc_build.sh Verilates wq_top with
    wq_config_default(cfg);
    cfg->channels = WQ_SC_CHANNELS;
    cfg->warps = WQ_SC_WARPS;
    cfg->lanes = WQ_SC_LANES;
    cfg->deque_log2 = WQ_SC_DQ_LOG2;
    cfg->regs = WQ_SC_REGS;
}

namespace {

class Platform : public sc_module {
public:
    wq_sc_mem memory;
    wq_sc_host host;
    wq_tlm *model = nullptr;
    wq_tlm_rtl *rtl = nullptr;
    sc_signal<bool> irq, idle, rst;
    wq_sc_opts opts;
    wq_config_t cfg;

    Platform(sc_module_name nm, const wq_sc_opts &o, const wq_config_t &c)
        : sc_module(nm), memory("memory", sc_time(o.mem_latency_ns, SC_NS)),
          host("host", sc_time(o.period_ns, SC_NS)), opts(o), cfg(c)
    {
        sc_time period(o.period_ns, SC_NS);
        tlm::tlm_global_quantum::instance().set(period * (double)(o.quantum ? o.quantum : 1));
        host.mem.bind(memory.tsock);
        host.irq(irq);
        host.idle(idle);
        host.rst(rst);
        if (o.dut == "rtl") {
            rtl = new wq_tlm_rtl("dut", period);
            host.csr.bind(rtl->csr);
            rtl->mem.bind(memory.tsock);
            rtl->rst(rst);
            rtl->irq(irq);
            rtl->idle(idle);
        } else {
            model = new wq_tlm("dut", c, period);
            host.csr.bind(model->csr);
            model->mem.bind(memory.tsock);
            model->rst(rst);
            model->irq(irq);
            model->idle(idle);
        }
    }
    ~Platform() { delete model; delete rtl; }
    Platform(const Platform &) = delete;
    Platform &operator=(const Platform &) = delete;
};

// SystemC has one kernel per process and elaborates once: the platform is
// as global as the kernel it lives in
Platform *plat;

struct DevSc {
    Platform *p;
    uint64_t t0;
    uint64_t c0;          // the RTL wrapper's cycle count at open
    wq_dev_trace_fn tfn;
    void *tuser;
};

// a record's time in the backend's clocks (since open), as now() counts
void on_model_rec(void *user, const wq_trace_rec_t *r, uint64_t clocks)
{
    DevSc *d = static_cast<DevSc *>(user);
    d->tfn(d->tuser, r, clocks - d->t0);
}
void on_rtl_rec(void *user, const wq_trace_rec_t *r, uint64_t cycles)
{
    DevSc *d = static_cast<DevSc *>(user);
    d->tfn(d->tuser, r, cycles - d->c0);
}

int s_trace(void *impl, wq_dev_trace_fn fn, void *user)
{
    DevSc *d = static_cast<DevSc *>(impl);
    d->tfn = fn;
    d->tuser = user;
    if (d->p->model) d->p->model->trace(fn ? on_model_rec : nullptr, fn ? d : nullptr);
    else d->p->rtl->trace(fn ? on_rtl_rec : nullptr, fn ? d : nullptr);
    return 0;
}

int s_csr_read(void *impl, uint32_t off, uint32_t *v)
{
    return static_cast<DevSc *>(impl)->p->host.csr_read(off, v);
}
int s_csr_write(void *impl, uint32_t off, uint32_t v)
{
    return static_cast<DevSc *>(impl)->p->host.csr_write(off, v);
}
int s_mem_read(void *impl, uint32_t addr, uint32_t *buf, uint32_t n)
{
    return static_cast<DevSc *>(impl)->p->host.mem_read(addr, buf, n);
}
int s_mem_write(void *impl, uint32_t addr, const uint32_t *buf, uint32_t n)
{
    return static_cast<DevSc *>(impl)->p->host.mem_write(addr, buf, n);
}
int s_wait(void *impl, uint64_t budget) { return static_cast<DevSc *>(impl)->p->host.wait_dev(budget); }
uint64_t s_now(void *impl)
{
    DevSc *d = static_cast<DevSc *>(impl);
    return d->p->host.now() - d->t0;
}
void s_close(void *impl)
{
    s_trace(impl, nullptr, nullptr);
    delete static_cast<DevSc *>(impl);
}

bool same_machine(const wq_config_t &a, const wq_config_t &b)
{
    return a.channels == b.channels && a.warps == b.warps && a.lanes == b.lanes &&
           a.deque_log2 == b.deque_log2 && a.regs == b.regs && a.host_slice == b.host_slice;
}

}  // namespace

wq_sc_host *wq_sc_platform_host() { return plat ? &plat->host : nullptr; }

int wq_dev_sc_open(wq_dev_t *dev, const wq_config_t *cfg, const wq_sc_opts &o)
{
    wq_config_t want;
    if (cfg) want = *cfg;
    else wq_config_default(&want);
    if (o.dut != "model" && o.dut != "rtl") {
        fprintf(stderr, "systemc: unknown device '%s' (model or rtl)\n", o.dut.c_str());
        return -1;
    }
    if (o.dut == "rtl") {
        wq_config_t built;
        wq_sc_rtl_config(&built);
        if (!same_machine(want, built)) {
            fprintf(stderr, "systemc: the RTL wrapper is built for %u channels, %u warps, "
                            "%u lanes, deque 2^%u, %u registers\n", built.channels, built.warps,
                    built.lanes, built.deque_log2, built.regs);
            return -1;
        }
    }
    if (!plat) {
        if (wq_config_check(&want)) {
            fprintf(stderr, "systemc: bad machine configuration\n");
            return -1;
        }
        if (!getenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE")) setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
        plat = new Platform("platform", o, want);
        sc_start(SC_ZERO_TIME);              // elaborate and start every process
    } else if (plat->opts.dut != o.dut || !same_machine(plat->cfg, want)) {
        fprintf(stderr, "systemc: this process's platform has another device or configuration\n");
        return -1;
    }
    plat->memory.clear();
    if (plat->host.reset()) {
        fprintf(stderr, "systemc: the device did not come out of reset\n");
        return -1;
    }
    DevSc *d = new DevSc{plat, plat->host.now(), plat->rtl ? plat->rtl->cycles() : 0, nullptr, nullptr};
    *dev = wq_dev_t{};
    dev->impl = d;
    dev->name = o.dut == "rtl" ? "systemc-rtl" : "systemc-model";
    dev->csr_read = s_csr_read;
    dev->csr_write = s_csr_write;
    dev->mem_read = s_mem_read;
    dev->mem_write = s_mem_write;
    dev->wait = s_wait;
    dev->now = s_now;
    dev->close = s_close;
    dev->trace = s_trace;
    return 0;
}
