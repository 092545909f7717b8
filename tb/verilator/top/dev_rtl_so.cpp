// dev_rtl_so.cpp -- the "rtl" device backend as a shared library for the
// OpenCL runtime (WQ_BACKEND=rtl, docs/runtime.md): libwqrtl.so, built per
// parameter set by scripts/cl_rtl_build.sh, exports these three C entry
// points and nothing else; libwqcl.so dlopens it.  Behind them is the same
// lockstep device the driver's tools use (dev_rtl.cpp over cosim.cpp): the
// Verilated wq_top with the golden model replaying every step.
//
// Harness options from the environment: WQ_SEED (memory timing and
// X-initialisation, default 1), WQ_WAVE (an FST file to write).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "dev_rtl.h"

#define WQ_RTL_EXPORT extern "C" __attribute__((visibility("default")))

// the parameters this library was built for
WQ_RTL_EXPORT void wq_dev_rtl_so_config(wq_config_t *cfg) { cosim_config(cfg); }

WQ_RTL_EXPORT int wq_dev_rtl_so_open(wq_dev_t *dev, const char *program)
{
    CosimOpts o;
    if (const char *s = getenv("WQ_SEED")) o.seed = strtoull(s, nullptr, 0);
    if (const char *w = getenv("WQ_WAVE")) o.wave = w;
    o.what = std::string("OpenCL program ") + (program ? program : "?");
    o.rerun = std::string("WQ_BACKEND=rtl WQ_SEED=") + std::to_string(o.seed) +
              " WQ_WAVE=cl.fst " + (program ? program : "the program");
    wq_config_t cfg;
    cosim_config(&cfg);
    return wq_dev_rtl_open(dev, &cfg, o);
}

WQ_RTL_EXPORT void wq_dev_rtl_so_what(wq_dev_t *dev, const char *what)
{
    wq_dev_rtl_set_what(dev, what);
}
