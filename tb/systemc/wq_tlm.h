// wq_tlm.h -- the golden model as a TLM-2.0 loosely-timed component
// (docs/systemc.md), for a virtual platform beside a CPU model:
//   csr   target socket: the CSR window, 32-bit accesses at 4-aligned
//         offsets 0..0xFFF (the platform's router strips the base);
//   mem   initiator socket: every memory access the device itself makes
//         (fetch, pushbuffer, descriptors, loads, stores, atomics,
//         semaphores) leaves here as a 4-byte transaction, through the
//         model's memory port (wq_memport_t) -- the model keeps no copy;
//   irq   IRQ_STATUS & IRQ_ENABLE != 0 (the RTL's o_irq);
//   idle  no channel has work and the engine is idle (the RTL's o_idle);
//   rst   synchronous reset, active high (the model's wq_reset).
// One model tick is one clock period; the device runs ahead of SystemC
// time by at most the global quantum (tlm_global_quantum) and syncs
// whenever irq or idle changes.  A quiet device sleeps until a CSR access
// or reset.  It asks for no DMI.
#ifndef WQ_TLM_H
#define WQ_TLM_H
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

extern "C" {
#include "wq/model.h"
}

class wq_tlm : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<wq_tlm> csr;
    tlm_utils::simple_initiator_socket<wq_tlm> mem;
    sc_core::sc_in<bool> rst;
    sc_core::sc_out<bool> irq;
    sc_core::sc_out<bool> idle;

    SC_HAS_PROCESS(wq_tlm);
    // cfg: the machine configuration; period: one clock (one model tick)
    wq_tlm(sc_core::sc_module_name nm, const wq_config_t &cfg, sc_core::sc_time period);
    ~wq_tlm();
    wq_tlm(const wq_tlm &) = delete;
    wq_tlm &operator=(const wq_tlm &) = delete;

    const wq_config_t &config() const { return ctx_->cfg; }
    uint64_t ticks() const { return ctx_->st.ticks; }
    // memory transactions answered with an error status (a read gave 0)
    uint64_t mem_errors() const { return mem_errors_; }
    // measurement hook: every event record the model emits, with its time
    // in clocks (SystemC time plus the device's local time offset); fn NULL
    // stops.  Records are the model's (trace.h), as the RTL's o_evr_* carry.
    typedef void (*trace_fn)(void *user, const wq_trace_rec_t *r, uint64_t clocks);
    void trace(trace_fn fn, void *user);

private:
    wq_ctx_t *ctx_;
    sc_core::sc_time period_;
    tlm_utils::tlm_quantumkeeper qk_;
    sc_core::sc_event wake_;
    sc_core::sc_time *csr_delay_ = nullptr;   // set while a CSR access runs
    bool irq_out_ = false, idle_out_ = false, published_ = false;
    uint64_t mem_errors_ = 0;
    trace_fn tfn_ = nullptr;
    void *tuser_ = nullptr;
    static void on_record(void *user, const wq_trace_rec_t *r);

    void run();
    void publish();
    bool quiet() const;
    void csr_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &d);
    bool access(tlm::tlm_command cmd, uint32_t addr, uint32_t *v);
    static uint32_t port_read(void *user, uint32_t addr);
    static int port_write(void *user, uint32_t addr, uint32_t v, unsigned strobe);
};

#endif
