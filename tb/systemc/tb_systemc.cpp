// tb_systemc.cpp -- the SystemC testbench (docs/systemc.md, scripts/systemc.sh):
//   tb_systemc [--dut model|rtl] [--period-ns P] [--mem-latency-ns L]
//              [--quantum N] nested [wq nested's arguments]
//       the driver's nested-work scenarios (wq_nested_main, the runner of
//       `wq nested`) on the platform, through the "systemc" device backend
//   tb_systemc [--dut ...] sockets
//       the sockets' own contract: CSR reads and writes, error responses
//       for unmapped, unaligned, wide and partial accesses, the device's
//       memory traffic arriving at the platform's memory
// Exit code 0 when everything passed.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <systemc>
#include <tlm>

#include "wq_sc_platform.h"

extern "C" {
#include "wq/nested.h"
}

namespace {

int open_dev(wq_dev_t *dev, const wq_config_t *cfg, void *user)
{
    return wq_dev_sc_open(dev, cfg, *static_cast<wq_sc_opts *>(user));
}

int usage()
{
    fprintf(stderr, "usage: tb_systemc [--dut model|rtl] [--period-ns P] [--mem-latency-ns L] "
                    "[--quantum N] nested|sockets [ARGS...]\n");
    return 2;
}

}  // namespace

int sockets_main(const wq_sc_opts &o);   // tb_sockets.cpp

int sc_main(int argc, char **argv)
{
    wq_sc_opts o;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : nullptr;
        if (!v) return usage();
        if (!strcmp(argv[i], "--dut")) o.dut = v;
        else if (!strcmp(argv[i], "--period-ns")) o.period_ns = atof(v);
        else if (!strcmp(argv[i], "--mem-latency-ns")) o.mem_latency_ns = atof(v);
        else if (!strcmp(argv[i], "--quantum")) o.quantum = (unsigned)strtoul(v, nullptr, 0);
        else return usage();
        i++;
    }
    if (i >= argc || o.period_ns <= 0 || o.mem_latency_ns < 0) return usage();
    wq_config_t base;
    if (o.dut == "rtl") wq_sc_rtl_config(&base);
    else wq_config_default(&base);
    if (!strcmp(argv[i], "nested")) {
        argv[i] = const_cast<char *>("tb_systemc nested");
        return wq_nested_main(argc - i, argv + i, &base, open_dev, &o);
    }
    if (!strcmp(argv[i], "sockets")) return sockets_main(o);
    return usage();
}
