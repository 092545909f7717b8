// wq_sc_so.cpp -- the SystemC platform as the OpenCL runtime's
// WQ_BACKEND=systemc device (docs/runtime.md, docs/systemc.md):
// build/systemc/libwqsc.so exports the three C entry points of the
// runtime's loadable devices (the ones libwqrtl.so exports) and nothing
// else; libwqcl.so dlopens it.  Environment: WQ_SC_DUT=model|rtl (default
// model), WQ_SC_PERIOD_NS, WQ_SC_MEM_LATENCY_NS, WQ_LANES (model only).
#include <cstdlib>
#include <cstring>
#include <systemc>

#include "wq_sc_platform.h"

#define WQ_SC_EXPORT extern "C" __attribute__((visibility("default")))

namespace {
wq_sc_opts opts_from_env()
{
    wq_sc_opts o;
    if (const char *s = getenv("WQ_SC_DUT")) o.dut = s;
    if (const char *s = getenv("WQ_SC_PERIOD_NS")) o.period_ns = atof(s);
    if (const char *s = getenv("WQ_SC_MEM_LATENCY_NS")) o.mem_latency_ns = atof(s);
    if (o.period_ns <= 0) o.period_ns = 10.0;
    if (o.mem_latency_ns < 0) o.mem_latency_ns = 0;
    return o;
}
}  // namespace

// the configuration the device will have: the RTL's as Verilated, or the
// model's default with the runtime's lane count
WQ_SC_EXPORT void wq_dev_rtl_so_config(wq_config_t *cfg)
{
    if (opts_from_env().dut == "rtl") { wq_sc_rtl_config(cfg); return; }
    wq_config_default(cfg);
    const char *l = getenv("WQ_LANES");
    if (l && (!strcmp(l, "8") || !strcmp(l, "16") || !strcmp(l, "32"))) cfg->lanes = (unsigned)atoi(l);
}

WQ_SC_EXPORT int wq_dev_rtl_so_open(wq_dev_t *dev, const char *)
{
    wq_config_t cfg;
    wq_dev_rtl_so_config(&cfg);
    return wq_dev_sc_open(dev, &cfg, opts_from_env());
}

// the lockstep backend names the kernel in flight for its mismatch report;
// the platform has no report to name it in
WQ_SC_EXPORT void wq_dev_rtl_so_what(wq_dev_t *, const char *) {}

// libsystemc's main() calls sc_main; the library never runs that main (the
// host program has its own), but the symbol must resolve when loaded
extern "C" int sc_main(int, char **) { return 2; }
