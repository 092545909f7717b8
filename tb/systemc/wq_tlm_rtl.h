// wq_tlm_rtl.h -- the Verilated RTL (rtl/wq_top.v under `verilator --sc`)
// behind the same sockets and pins as wq_tlm (docs/systemc.md):
//   csr   target socket -> the CSR slave pins: i_csr_valid and the request
//         held until o_csr_ack; o_csr_err becomes an address error;
//   mem   initiator socket <- the memory master: every request accepted on
//         o_mem_valid/i_mem_ready becomes one transaction of the port's line
//         (16 bytes, the default machine's MEM_LINE; wstrb as
//         byte enables), answered on i_mem_rvalid in order, no earlier
//         than the next cycle and no earlier than the annotated delay says;
//   irq, idle, rst: o_irq, o_idle, i_reset.
// The clock is an sc_clock of the given period.  The CSR socket's caller
// must be an SC_THREAD (the access waits for clock edges); it is
// approximately timed where the pins need it, loosely timed elsewhere.
#ifndef WQ_TLM_RTL_H
#define WQ_TLM_RTL_H
#include <deque>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "Vwq_top.h"

extern "C" {
#include "wq/trace.h"
}

class wq_tlm_rtl : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<wq_tlm_rtl> csr;
    tlm_utils::simple_initiator_socket<wq_tlm_rtl> mem;
    sc_core::sc_in<bool> rst;
    sc_core::sc_out<bool> irq;
    sc_core::sc_out<bool> idle;

    SC_HAS_PROCESS(wq_tlm_rtl);
    wq_tlm_rtl(sc_core::sc_module_name nm, sc_core::sc_time period);
    ~wq_tlm_rtl();
    wq_tlm_rtl(const wq_tlm_rtl &) = delete;
    wq_tlm_rtl &operator=(const wq_tlm_rtl &) = delete;

    uint64_t mem_errors() const { return mem_errors_; }
    uint64_t cycles() const { return cyc_; }
    // measurement hook: the event records on o_evw_* and o_evr_* (in that
    // order within a cycle), with the cycle; REG_WRITE records come one per part
    // with no lane values (vals NULL); fn NULL stops
    typedef void (*trace_fn)(void *user, const wq_trace_rec_t *r, uint64_t clocks);
    void trace(trace_fn fn, void *user) { tfn_ = fn; tuser_ = user; }

private:
    sc_core::sc_time period_;
    sc_core::sc_clock clk_;
    Vwq_top *dut_;
    sc_core::sc_signal<bool> csr_valid_, csr_we_, csr_ack_, csr_err_;
    sc_core::sc_signal<uint32_t> csr_addr_, csr_wdata_, csr_rdata_;
    sc_core::sc_signal<bool> mem_valid_, mem_ready_, mem_we_, mem_rvalid_;
    // the port is one L1 line (kLine bytes, the default machine's MEM_LINE)
    static constexpr unsigned kLine = 16;
    sc_core::sc_signal<uint32_t> mem_addr_, mem_wstrb_;
    sc_core::sc_signal<sc_dt::sc_bv<8 * kLine>> mem_wdata_, mem_rdata_;
    // lockstep and event-record outputs: unused here
    sc_core::sc_signal<uint32_t> lock_, step_kind_, step_id_, step_res_;
    sc_core::sc_signal<bool> step_valid_, evr_valid_, evw_valid_;
    sc_core::sc_signal<uint32_t> evw_unit_, evw_aux_, evw_pc_, evw_mask_;
    sc_core::sc_signal<uint32_t> evr_kind_, evr_unit_, evr_part_, evr_aux_, evr_pc_, evr_mask_, evr_a_;
    sc_core::sc_signal<uint64_t> evr_b_, evr_c_;
    sc_core::sc_signal<sc_dt::sc_bv<1024>> evr_vals_;
    // the MEM_WRITE beat port: kEvmSlots slots (wq_top's EVM_SLOTS default)
    static constexpr unsigned kEvmSlots = 8;
    sc_core::sc_signal<uint32_t> evm_valid_, evm_unit_, evm_pc_;
    sc_core::sc_signal<sc_dt::sc_bv<16 * kEvmSlots>> evm_aux_;
    sc_core::sc_signal<sc_dt::sc_bv<32 * kEvmSlots>> evm_mask_, evm_a_, evm_b_;

    struct Resp { uint64_t due; uint32_t data[kLine / 4]; };
    std::deque<Resp> q_;
    uint64_t cyc_ = 0, last_due_ = 0, mem_errors_ = 0;
    trace_fn tfn_ = nullptr;
    void *tuser_ = nullptr;

    void mem_server();
    void csr_b_transport(tlm::tlm_generic_payload &t, sc_core::sc_time &d);
};

#endif
