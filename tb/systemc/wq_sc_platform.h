// wq_sc_platform.h -- the SystemC testbench's platform (docs/systemc.md):
// memory (wq_sc_mem), the host (wq_sc_host) and one device wrapper --
// wq_tlm (the golden model) or wq_tlm_rtl (the Verilated RTL) -- wired as a
// virtual platform wires them: host.csr -> dev.csr, host.mem and dev.mem ->
// memory, dev.irq/idle -> host, host.rst -> dev.rst.  SystemC elaborates
// once per process, so there is one platform per process; every
// wq_dev_sc_open resets the device and clears the memory.
#ifndef WQ_SC_PLATFORM_H
#define WQ_SC_PLATFORM_H
#include <string>

extern "C" {
#include "wq/dev.h"
#include "wq/model.h"
}

struct wq_sc_opts {
    std::string dut = "model";   // "model" or "rtl"
    double period_ns = 10.0;     // one clock
    double mem_latency_ns = 0;   // added by every memory transaction
    unsigned quantum = 64;       // clocks a device may run ahead of SystemC time
};

// open the platform's device behind dev (building the platform on first
// use with o and cfg; later calls must ask for the same dut and machine
// configuration).  0, or -1 with a message on stderr.
int wq_dev_sc_open(wq_dev_t *dev, const wq_config_t *cfg, const wq_sc_opts &o);
// the open platform's host (the socket tests); nullptr before the first open
class wq_sc_host;
wq_sc_host *wq_sc_platform_host();
// the configuration the RTL wrapper was Verilated for
void wq_sc_rtl_config(wq_config_t *cfg);

#endif
