// wq_sc_mem.h -- the platform's memory for the SystemC testbench: a TLM-2.0
// loosely-timed target over the model's sparse memory (wq/mem.h), so the
// whole 32-bit space is there and unwritten bytes read as zero.  Several
// initiators bind to its one socket (the host, the device).  Any length and
// byte enables are served; every access adds the configured latency to the
// caller's annotated delay.  It grants no DMI: correctness never depends on
// it, and every access stays visible as a transaction.
#ifndef WQ_SC_MEM_H
#define WQ_SC_MEM_H
#include <cstring>
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>

extern "C" {
#include "wq/mem.h"
}

class wq_sc_mem : public sc_core::sc_module {
public:
    tlm_utils::multi_passthrough_target_socket<wq_sc_mem> tsock;

    wq_sc_mem(sc_core::sc_module_name nm, sc_core::sc_time latency)
        : sc_core::sc_module(nm), tsock("tsock"), latency_(latency), mem_(wq_mem_new())
    {
        if (!mem_) SC_REPORT_FATAL("wq_sc_mem", "out of host memory");
        tsock.register_b_transport(this, &wq_sc_mem::b_transport);
        tsock.register_transport_dbg(this, &wq_sc_mem::transport_dbg);
        tsock.register_get_direct_mem_ptr(this, &wq_sc_mem::get_dmi);
    }
    ~wq_sc_mem() { wq_mem_free(mem_); }
    wq_sc_mem(const wq_sc_mem &) = delete;
    wq_sc_mem &operator=(const wq_sc_mem &) = delete;

    void clear() { wq_mem_clear(mem_); }
    const wq_mem_t *image() const { return mem_; }
    uint64_t reads() const { return reads_; }
    uint64_t writes() const { return writes_; }

private:
    sc_core::sc_time latency_;
    wq_mem_t *mem_;
    uint64_t reads_ = 0, writes_ = 0;

    // byte by byte where enables are given, else as whole ranges
    unsigned serve(tlm::tlm_generic_payload &t)
    {
        uint32_t a = (uint32_t)t.get_address();
        unsigned len = t.get_data_length(), sw = t.get_streaming_width();
        unsigned char *p = t.get_data_ptr(), *be = t.get_byte_enable_ptr();
        unsigned bel = t.get_byte_enable_length();
        if (t.get_address() > 0xFFFFFFFFull || sw == 0 || (be && bel == 0)) {
            t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
            return 0;
        }
        bool rd = t.get_command() == tlm::TLM_READ_COMMAND;
        if (t.get_command() == tlm::TLM_IGNORE_COMMAND) {
            t.set_response_status(tlm::TLM_OK_RESPONSE);
            return len;
        }
        if (!be && sw >= len) {
            if (rd) wq_mem_read(mem_, a, p, len);
            else wq_mem_write(mem_, a, p, len);
        } else {
            for (unsigned i = 0; i < len; i++) {
                if (be && be[i % bel] != TLM_BYTE_ENABLED) continue;
                uint32_t ad = a + (uint32_t)(i % sw);
                if (rd) wq_mem_read(mem_, ad, p + i, 1);
                else wq_mem_write(mem_, ad, p + i, 1);
            }
        }
        (rd ? reads_ : writes_)++;
        t.set_response_status(tlm::TLM_OK_RESPONSE);
        return len;
    }
    void b_transport(int, tlm::tlm_generic_payload &t, sc_core::sc_time &d)
    {
        serve(t);
        d += latency_;
    }
    unsigned transport_dbg(int, tlm::tlm_generic_payload &t) { return serve(t); }
    bool get_dmi(int, tlm::tlm_generic_payload &, tlm::tlm_dmi &dmi)
    {
        dmi.allow_none();
        return false;
    }
};

#endif
