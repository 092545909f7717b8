// wq_sc_host.h -- the host side of the SystemC testbench (docs/systemc.md):
// a module with two initiator sockets -- csr to the device's CSR target,
// mem to the platform's memory -- and the device's irq and idle pins,
// standing where a CPU model stands in a virtual platform.  Code outside the
// simulation (the driver, through dev_sc.cpp's wq_dev_t) hands it one
// request at a time; each request runs the simulation until the host thread
// has done it and pauses it again (sc_pause), so the driver's synchronous
// calls become timed transactions.
#ifndef WQ_SC_HOST_H
#define WQ_SC_HOST_H
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

class wq_sc_host : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<wq_sc_host> csr;
    tlm_utils::simple_initiator_socket<wq_sc_host> mem;
    sc_core::sc_in<bool> irq;
    sc_core::sc_in<bool> idle;
    sc_core::sc_out<bool> rst;

    SC_HAS_PROCESS(wq_sc_host);
    wq_sc_host(sc_core::sc_module_name nm, sc_core::sc_time period);

    // from outside the simulation; 0 or -1 (an error response)
    int csr_read(uint32_t off, uint32_t *v);
    int csr_write(uint32_t off, uint32_t v);
    int mem_read(uint32_t addr, uint32_t *buf, uint32_t n);
    int mem_write(uint32_t addr, const uint32_t *buf, uint32_t n);
    // until irq or idle, at most budget clocks (0: no limit): WQ_DEV_WAIT_*
    int wait_dev(uint64_t budget);
    // rst high for four clocks
    int reset();
    // one CSR transaction as given, unchecked (the socket tests): len bytes
    // at addr, with byte enables when be_mask is not 0xF; the target's
    // response status
    tlm::tlm_response_status csr_raw(uint64_t addr, unsigned len, unsigned be_mask, bool wr,
                                     uint32_t *v);
    // clocks since time zero
    uint64_t now() const { return (uint64_t)(sc_core::sc_time_stamp() / period_); }
    uint64_t transactions() const { return transactions_; }

private:
    enum Op { CSR_RD, CSR_WR, MEM_RD, MEM_WR, WAIT_PINS, RESET, CSR_RAW };
    struct Req {
        Op op;
        uint32_t addr, n;
        uint32_t *buf;
        uint64_t budget;
        int rc;
        uint64_t raw_addr;
        unsigned raw_len, raw_be;
        bool raw_wr;
        tlm::tlm_response_status raw_status;
    } req_{};
    sc_core::sc_time period_;
    sc_core::sc_event go_;
    uint64_t transactions_ = 0;

    int call(Op op, uint32_t addr, uint32_t *buf, uint32_t n, uint64_t budget);
    void serve();
    int transact(tlm_utils::simple_initiator_socket<wq_sc_host> &s, bool wr,
                 uint32_t addr, uint32_t *buf, uint32_t n);
    int wait_cond(uint64_t budget);
};

#endif
