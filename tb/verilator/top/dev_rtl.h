// dev_rtl.h -- the driver's "rtl" device backend (wq/dev.h): the Verilated
// wq_top in lockstep with the golden model, through the Cosim core.
#ifndef WQ_DEV_RTL_H
#define WQ_DEV_RTL_H
#include "cosim.h"

extern "C" {
#include "wq/dev.h"
}

// open a fresh lockstep device behind dev with the harness options o
// (o.auto_recenter is forced off: the driver answers traps itself); cfg
// must be the configuration this binary was built for.  0 or -1 with a
// message on stderr.
int wq_dev_rtl_open(wq_dev_t *dev, const wq_config_t *cfg, const CosimOpts &o);
// what runs now, for the first-mismatch report (the OpenCL runtime names
// the kernel in flight); dev must come from wq_dev_rtl_open
void wq_dev_rtl_set_what(wq_dev_t *dev, const char *what);

#endif
