// tb_sockets.cpp -- `tb_systemc sockets`: the CSR socket's contract on
// either wrapper.  Every offset of the CSR window is read through the
// socket and through the plain model backend (dev_model.c) on fresh
// devices: the same offsets are mapped, with the same values (the
// free-running counters PERF_CYCLES aside); a written register reads back;
// an unmapped, unaligned, out-of-window, 8-byte or partially enabled access
// gets the TLM error status and changes nothing.
#include <cstdio>
#include <tlm>

#include "wq_sc_host.h"
#include "wq_sc_platform.h"

extern "C" {
#include "wq/defs.h"
}

int sockets_main(const wq_sc_opts &o)
{
    wq_config_t cfg;
    if (o.dut == "rtl") wq_sc_rtl_config(&cfg);
    else wq_config_default(&cfg);
    wq_dev_t sc, ref;
    if (wq_dev_sc_open(&sc, &cfg, o)) return 1;
    if (wq_dev_model_open(&ref, &cfg, nullptr)) return 1;
    int bad = 0, mapped = 0;
    auto check = [&](bool ok, const char *what, uint64_t a) {
        if (!ok) { printf("sockets: FAIL: %s at 0x%llx\n", what, (unsigned long long)a); bad++; }
    };
    for (uint32_t off = 0; off < 0x1000; off += 4) {
        uint32_t a = 0, b = 0;
        int ra = sc.csr_read(sc.impl, off, &a), rb = ref.csr_read(ref.impl, off, &b);
        check(ra == rb, "mapped on one side only", off);
        if (ra == 0 && rb == 0) {
            mapped++;
            if (off != WQ_CSR_PERF_CYCLES) check(a == b, "value differs from the model backend", off);
        }
    }
    uint32_t v = 0;
    check(sc.csr_read(sc.impl, WQ_CSR_ID, &v) == 0 && v == WQ_CSRVAL_ID_VALUE, "ID", WQ_CSR_ID);
    check(sc.csr_write(sc.impl, WQ_CSR_HOST_SLICE, 17) == 0 &&
          sc.csr_read(sc.impl, WQ_CSR_HOST_SLICE, &v) == 0 && v == 17, "HOST_SLICE write/read",
          WQ_CSR_HOST_SLICE);
    wq_sc_host *h = wq_sc_platform_host();
    struct { uint64_t addr; unsigned len, be; bool wr; tlm::tlm_response_status want; const char *what; }
    cases[] = {
        {WQ_CSR_HOST_SLICE + 2, 4, 0xF, true, tlm::TLM_ADDRESS_ERROR_RESPONSE, "unaligned write"},
        {0x1000, 4, 0xF, false, tlm::TLM_ADDRESS_ERROR_RESPONSE, "read past the window"},
        {0xFFC, 4, 0xF, true, tlm::TLM_ADDRESS_ERROR_RESPONSE, "write to an unmapped offset"},
        {WQ_CSR_HOST_SLICE, 8, 0xF, true, tlm::TLM_BURST_ERROR_RESPONSE, "8-byte write"},
        {WQ_CSR_HOST_SLICE, 4, 0x3, true, tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE, "half-enabled write"},
        {WQ_CSR_ID, 4, 0xF, true, tlm::TLM_ADDRESS_ERROR_RESPONSE, "write to read-only ID"},
    };
    for (auto &c : cases) {
        uint32_t w = 99;
        tlm::tlm_response_status st = h->csr_raw(c.addr, c.len, c.be, c.wr, &w);
        if (st != c.want && !(c.addr == WQ_CSR_ID && st == tlm::TLM_OK_RESPONSE))
            printf("sockets: FAIL: %s: status %d, want %d\n", c.what, (int)st, (int)c.want), bad++;
    }
    check(sc.csr_read(sc.impl, WQ_CSR_HOST_SLICE, &v) == 0 && v == 17,
          "a refused write changed HOST_SLICE", WQ_CSR_HOST_SLICE);
    check(sc.csr_read(sc.impl, WQ_CSR_ID, &v) == 0 && v == WQ_CSRVAL_ID_VALUE, "ID after a write", WQ_CSR_ID);
    uint32_t words[3] = {1, 2, 3}, back[3] = {0, 0, 0};
    check(sc.mem_write(sc.impl, 0x10000, words, 3) == 0 && sc.mem_read(sc.impl, 0x10000, back, 3) == 0 &&
          back[0] == 1 && back[1] == 2 && back[2] == 3, "memory write/read through the host", 0x10000);
    printf("sockets: %s: %d mapped CSR offsets agree with the model backend, %zu error cases, %d failed\n",
           sc.name, mapped, sizeof cases / sizeof cases[0], bad);
    wq_dev_close(&sc);
    wq_dev_close(&ref);
    return bad ? 1 : 0;
}
