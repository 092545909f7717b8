// wq_sc_host.cpp -- see wq_sc_host.h
#include "wq_sc_host.h"

extern "C" {
#include "wq/dev.h"
}

using namespace sc_core;

wq_sc_host::wq_sc_host(sc_module_name nm, sc_time period)
    : sc_module(nm), csr("csr"), mem("mem"), irq("irq"), idle("idle"), rst("rst"),
      period_(period)
{
    SC_THREAD(serve);
}

int wq_sc_host::call(Op op, uint32_t addr, uint32_t *buf, uint32_t n, uint64_t budget)
{
    // never from inside the simulation, nor after it ended
    sc_status st = sc_get_status();
    if (st != SC_PAUSED && st != SC_ELABORATION && st != SC_START_OF_SIMULATION &&
        st != SC_END_OF_ELABORATION)
        return -1;
    Req r = req_;
    req_ = Req{op, addr, n, buf, budget, -1, r.raw_addr, r.raw_len, r.raw_be, r.raw_wr,
               tlm::TLM_INCOMPLETE_RESPONSE};
    go_.notify(SC_ZERO_TIME);
    sc_start();                              // until serve() pauses
    return req_.rc;
}

int wq_sc_host::csr_read(uint32_t off, uint32_t *v) { return call(CSR_RD, off, v, 1, 0); }
int wq_sc_host::csr_write(uint32_t off, uint32_t v) { return call(CSR_WR, off, &v, 1, 0); }
int wq_sc_host::mem_read(uint32_t addr, uint32_t *buf, uint32_t n)
{
    return call(MEM_RD, addr, buf, n, 0);
}
int wq_sc_host::mem_write(uint32_t addr, const uint32_t *buf, uint32_t n)
{
    // the payload's data pointer is not const; a write does not change it
    return call(MEM_WR, addr, const_cast<uint32_t *>(buf), n, 0);
}
int wq_sc_host::wait_dev(uint64_t budget) { return call(WAIT_PINS, 0, nullptr, 0, budget); }
int wq_sc_host::reset() { return call(RESET, 0, nullptr, 0, 0); }

tlm::tlm_response_status wq_sc_host::csr_raw(uint64_t addr, unsigned len, unsigned be_mask,
                                             bool wr, uint32_t *v)
{
    req_.raw_addr = addr;
    req_.raw_len = len;
    req_.raw_be = be_mask;
    req_.raw_wr = wr;
    call(CSR_RAW, 0, v, 1, 0);
    return req_.raw_status;
}

// one transaction of n words; the host waits out its annotated delay (a
// CPU model would account it in its own quantum)
int wq_sc_host::transact(tlm_utils::simple_initiator_socket<wq_sc_host> &s, bool wr,
                         uint32_t addr, uint32_t *buf, uint32_t n)
{
    if (n == 0) return 0;
    tlm::tlm_generic_payload t;
    t.set_command(wr ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    t.set_address(addr);
    t.set_data_ptr(reinterpret_cast<unsigned char *>(buf));
    t.set_data_length(4 * n);
    t.set_streaming_width(4 * n);
    t.set_byte_enable_ptr(nullptr);
    t.set_dmi_allowed(false);
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_time d = SC_ZERO_TIME;
    s->b_transport(t, d);
    transactions_++;
    wait(d);
    return t.is_response_ok() ? 0 : -1;
}

int wq_sc_host::wait_cond(uint64_t budget)
{
    sc_time end = sc_time_stamp() + period_ * (double)budget;
    for (;;) {
        if (irq.read()) return WQ_DEV_WAIT_IRQ;
        if (idle.read()) return WQ_DEV_WAIT_IDLE;
        if (budget && sc_time_stamp() >= end) return WQ_DEV_WAIT_BUDGET;
        if (budget) wait(end - sc_time_stamp(), irq.value_changed_event() | idle.value_changed_event());
        else wait(irq.value_changed_event() | idle.value_changed_event());
    }
}

void wq_sc_host::serve()
{
    rst.write(false);
    for (;;) {
        wait(go_);
        Req &r = req_;
        switch (r.op) {
        case CSR_RD:
        case CSR_WR:
            if (r.addr & 3) { r.rc = -1; break; }
            r.rc = transact(csr, r.op == CSR_WR, r.addr, r.buf, 1);
            break;
        case MEM_RD:
        case MEM_WR:
            if (r.addr & 3) { r.rc = -1; break; }
            r.rc = transact(mem, r.op == MEM_WR, r.addr, r.buf, r.n);
            break;
        case WAIT_PINS:
            r.rc = wait_cond(r.budget);
            break;
        case CSR_RAW: {
            uint32_t data[2] = {r.buf ? *r.buf : 0u, 0u};
            unsigned char be[4];
            for (unsigned i = 0; i < 4; i++)
                be[i] = (r.raw_be >> i & 1u) ? TLM_BYTE_ENABLED : TLM_BYTE_DISABLED;
            tlm::tlm_generic_payload t;
            t.set_command(r.raw_wr ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
            t.set_address(r.raw_addr);
            t.set_data_ptr(reinterpret_cast<unsigned char *>(data));
            t.set_data_length(r.raw_len > 8 ? 8 : r.raw_len);
            t.set_streaming_width(r.raw_len > 8 ? 8 : r.raw_len);
            t.set_byte_enable_ptr(r.raw_be == 0xFu ? nullptr : be);
            t.set_byte_enable_length(r.raw_be == 0xFu ? 0 : 4);
            t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
            sc_time d = SC_ZERO_TIME;
            csr->b_transport(t, d);
            wait(d);
            r.raw_status = t.get_response_status();
            if (r.buf) *r.buf = data[0];
            r.rc = t.is_response_ok() ? 0 : -1;
            break;
        }
        case RESET:
            rst.write(true);
            wait(period_ * 4.0);
            rst.write(false);
            wait(period_);
            r.rc = 0;
            break;
        }
        sc_pause();
    }
}
