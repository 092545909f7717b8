// wq_tlm.cpp -- see wq_tlm.h
#include "wq_tlm.h"
#include "wq_sc_csr.h"

#include <cstring>

using namespace sc_core;

wq_tlm::wq_tlm(sc_module_name nm, const wq_config_t &cfg, sc_time period)
    : sc_module(nm), csr("csr"), mem("mem"), rst("rst"), irq("irq"), idle("idle"),
      ctx_(wq_new(&cfg)), period_(period)
{
    if (!ctx_) SC_REPORT_FATAL("wq_tlm", "bad machine configuration or out of host memory");
    wq_memport_t port = { port_read, port_write, this };
    wq_set_memport(ctx_, &port);
    csr.register_b_transport(this, &wq_tlm::csr_b_transport);
    SC_THREAD(run);
}

wq_tlm::~wq_tlm() { wq_free(ctx_); }

// nothing for a tick to do: no channel has work and the engine is idle
bool wq_tlm::quiet() const { return !wq_host_busy(ctx_) && wq_engine_idle(ctx_); }

// irq and idle as the model's state says; a change is made visible at the
// device's own time, so the platform never sees it early
void wq_tlm::publish()
{
    bool i = (ctx_->irq_status & ctx_->irq_enable) != 0, d = quiet();
    if (published_ && i == irq_out_ && d == idle_out_) return;
    qk_.sync();
    irq.write(i);
    idle.write(d);
    irq_out_ = i;
    idle_out_ = d;
    published_ = true;
}

void wq_tlm::run()
{
    qk_.reset();
    for (;;) {
        if (rst.read()) {
            wq_reset(ctx_);
            qk_.reset();
            publish();
            wait(rst.negedge_event());
            continue;
        }
        publish();
        if (idle_out_) {                  // sleep until the host speaks
            qk_.sync();
            wait(wake_ | rst.posedge_event());
            continue;
        }
        wq_tick(ctx_);
        qk_.inc(period_);
        if (qk_.need_sync()) qk_.sync();
    }
}

// one 32-bit CSR access costs one clock; the model answers at once
void wq_tlm::csr_b_transport(tlm::tlm_generic_payload &t, sc_time &d)
{
    if (!wq_sc_csr_accept(t)) return;
    uint64_t a = t.get_address();
    int rc = 0;
    uint32_t v = 0;
    csr_delay_ = &d;   // memory the access touches is timed on the caller's delay
    if (t.is_read()) {
        rc = wq_csr_read(ctx_, (uint32_t)a, &v);
        std::memcpy(t.get_data_ptr(), &v, 4);
    } else if (t.is_write()) {
        std::memcpy(&v, t.get_data_ptr(), 4);
        rc = wq_csr_write(ctx_, (uint32_t)a, v);
    }
    csr_delay_ = nullptr;
    d += period_;
    t.set_response_status(rc ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_OK_RESPONSE);
    wake_.notify(SC_ZERO_TIME);       // the device looks at its state again
}

void wq_tlm::trace(trace_fn fn, void *user)
{
    tfn_ = fn;
    tuser_ = user;
    wq_set_trace(ctx_, fn ? on_record : nullptr, fn ? this : nullptr);
}

void wq_tlm::on_record(void *user, const wq_trace_rec_t *r)
{
    wq_tlm *self = static_cast<wq_tlm *>(user);
    sc_time t = sc_time_stamp() + (self->csr_delay_ ? *self->csr_delay_ : self->qk_.get_local_time());
    self->tfn_(self->tuser_, r, (uint64_t)(t / self->period_));
}

// one word through the initiator socket, on the quantum keeper's local
// time (or the CSR caller's delay)
bool wq_tlm::access(tlm::tlm_command cmd, uint32_t addr, uint32_t *v)
{
    tlm::tlm_generic_payload t;
    t.set_command(cmd);
    t.set_address(addr);
    t.set_data_ptr(reinterpret_cast<unsigned char *>(v));
    t.set_data_length(4);
    t.set_streaming_width(4);
    t.set_byte_enable_ptr(nullptr);
    t.set_dmi_allowed(false);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    if (csr_delay_) {
        mem->b_transport(t, *csr_delay_);
    } else {
        sc_time d = qk_.get_local_time();
        mem->b_transport(t, d);
        qk_.set(d);
    }
    if (t.is_response_error()) {
        mem_errors_++;
        return false;
    }
    return true;
}

uint32_t wq_tlm::port_read(void *user, uint32_t addr)
{
    uint32_t v = 0;
    if (!static_cast<wq_tlm *>(user)->access(tlm::TLM_READ_COMMAND, addr, &v)) v = 0;
    return v;
}

// the word is read, merged and written back only when it changes: the
// model's forward-progress watchdog counts changes, as over its own memory
int wq_tlm::port_write(void *user, uint32_t addr, uint32_t v, unsigned strobe)
{
    wq_tlm *self = static_cast<wq_tlm *>(user);
    uint32_t old = 0;
    if (!self->access(tlm::TLM_READ_COMMAND, addr, &old)) return 0;   // counted in mem_errors
    uint32_t nv = old;
    for (unsigned i = 0; i < 4; i++)
        if (strobe >> i & 1u) nv = (nv & ~(0xFFu << 8 * i)) | (v & (0xFFu << 8 * i));
    if (nv == old) return 0;
    return self->access(tlm::TLM_WRITE_COMMAND, addr, &nv) ? 1 : 0;
}
