// wq_tlm_rtl.cpp -- see wq_tlm_rtl.h
#include "wq_tlm_rtl.h"
#include "wq_sc_csr.h"

#include <cstring>

using namespace sc_core;

wq_tlm_rtl::wq_tlm_rtl(sc_module_name nm, sc_time period)
    : sc_module(nm), csr("csr"), mem("mem"), rst("rst"), irq("irq"), idle("idle"),
      period_(period), clk_("clk", period), dut_(new Vwq_top("dut"))
{
    dut_->i_clk(clk_);
    dut_->i_reset(rst);
    dut_->i_csr_valid(csr_valid_);
    dut_->i_csr_we(csr_we_);
    dut_->i_csr_addr(csr_addr_);
    dut_->i_csr_wdata(csr_wdata_);
    dut_->o_csr_ack(csr_ack_);
    dut_->o_csr_rdata(csr_rdata_);
    dut_->o_csr_err(csr_err_);
    dut_->o_irq(irq);
    dut_->o_idle(idle);
    dut_->o_mem_valid(mem_valid_);
    dut_->i_mem_ready(mem_ready_);
    dut_->o_mem_we(mem_we_);
    dut_->o_mem_addr(mem_addr_);
    dut_->o_mem_wdata(mem_wdata_);
    dut_->o_mem_wstrb(mem_wstrb_);
    dut_->i_mem_rvalid(mem_rvalid_);
    dut_->i_mem_rdata(mem_rdata_);
    dut_->o_lock(lock_);
    dut_->o_step_valid(step_valid_);
    dut_->o_step_kind(step_kind_);
    dut_->o_step_id(step_id_);
    dut_->o_step_res(step_res_);
    dut_->o_evr_valid(evr_valid_);
    dut_->o_evr_kind(evr_kind_);
    dut_->o_evr_unit(evr_unit_);
    dut_->o_evr_aux(evr_aux_);
    dut_->o_evr_pc(evr_pc_);
    dut_->o_evr_mask(evr_mask_);
    dut_->o_evr_a(evr_a_);
    dut_->o_evr_b(evr_b_);
    dut_->o_evr_c(evr_c_);
    dut_->o_evr_part(evr_part_);
    dut_->o_evr_vals(evr_vals_);
    dut_->o_evw_valid(evw_valid_);
    dut_->o_evw_unit(evw_unit_);
    dut_->o_evw_aux(evw_aux_);
    dut_->o_evw_pc(evw_pc_);
    dut_->o_evw_mask(evw_mask_);
    dut_->o_evm_valid(evm_valid_);
    dut_->o_evm_unit(evm_unit_);
    dut_->o_evm_pc(evm_pc_);
    dut_->o_evm_aux(evm_aux_);
    dut_->o_evm_mask(evm_mask_);
    dut_->o_evm_a(evm_a_);
    dut_->o_evm_b(evm_b_);
    csr.register_b_transport(this, &wq_tlm_rtl::csr_b_transport);
    SC_THREAD(mem_server);
}

wq_tlm_rtl::~wq_tlm_rtl() { delete dut_; }

// Each clock edge: what the edge did (a thread woken by the edge reads the
// signals as they were before it), then what the next edge will see.  The
// port always accepts; a request's response is due once its transaction's
// annotated delay has passed, at least one cycle later, in order.
void wq_tlm_rtl::mem_server()
{
    mem_ready_.write(true);
    mem_rvalid_.write(false);
    for (;;) {
        wait(clk_.posedge_event());
        if (tfn_ && !rst.read() && evw_valid_.read()) {
            wq_trace_rec_t r = {};
            r.kind = WQ_EV_REG_WRITE;
            r.unit = (uint8_t)evw_unit_.read();
            r.aux = (uint16_t)evw_aux_.read();
            r.pc = evw_pc_.read();
            r.mask = evw_mask_.read();
            tfn_(tuser_, &r, cyc_);
        }
        for (unsigned i = 0; tfn_ && !rst.read() && i < kEvmSlots; i++)
            if (evm_valid_.read() >> i & 1u) {
                wq_trace_rec_t r = {};
                r.kind = WQ_EV_MEM_WRITE;
                r.unit = (uint8_t)evm_unit_.read();
                r.aux = (uint16_t)evm_aux_.read().range(16 * i + 15, 16 * i).to_uint();
                r.pc = evm_pc_.read();
                r.mask = evm_mask_.read().get_word((int)i);
                r.a = evm_a_.read().get_word((int)i);
                r.b = evm_b_.read().get_word((int)i);
                tfn_(tuser_, &r, cyc_);
            }
        if (tfn_ && !rst.read() && evr_valid_.read()) {
            wq_trace_rec_t r = {};
            r.kind = (uint8_t)evr_kind_.read();
            r.unit = (uint8_t)evr_unit_.read();
            r.aux = (uint16_t)evr_aux_.read();
            r.pc = evr_pc_.read();
            r.mask = evr_mask_.read();
            r.a = evr_a_.read();
            r.b = evr_b_.read();
            r.c = evr_c_.read();
            tfn_(tuser_, &r, cyc_);
        }
        if (rst.read()) {
            q_.clear();
            last_due_ = cyc_;
        } else {
            if (mem_rvalid_.read() && !q_.empty()) q_.pop_front();
            if (mem_valid_.read() && mem_ready_.read()) {
                // the line request: one kLine-byte transaction (wstrb as
                // byte enables for a write)
                uint32_t a = mem_addr_.read(), s = mem_wstrb_.read();
                sc_dt::sc_bv<8 * kLine> wd = mem_wdata_.read();
                Resp r = {};
                for (unsigned i = 0; i < kLine / 4; i++) r.data[i] = wd.get_word((int)i);
                unsigned char be[kLine];
                for (unsigned i = 0; i < kLine; i++) be[i] = (s >> i & 1u) ? TLM_BYTE_ENABLED : TLM_BYTE_DISABLED;
                tlm::tlm_generic_payload t;
                bool we = mem_we_.read();
                t.set_command(we ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
                t.set_address(a & ~(kLine - 1u));
                t.set_data_ptr(reinterpret_cast<unsigned char *>(r.data));
                t.set_data_length(kLine);
                t.set_streaming_width(kLine);
                t.set_byte_enable_ptr(we ? be : nullptr);
                t.set_byte_enable_length(we ? kLine : 0);
                t.set_dmi_allowed(false);
                t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
                sc_time d = SC_ZERO_TIME;
                mem->b_transport(t, d);
                if (t.is_response_error() || we) { if (t.is_response_error()) mem_errors_++; memset(r.data, 0, sizeof r.data); }
                uint64_t due = cyc_ + 1 + (uint64_t)(d / period_);
                if (due < last_due_) due = last_due_;
                last_due_ = due;
                r.due = due;
                q_.push_back(r);
            }
        }
        cyc_++;
        bool rv = !q_.empty() && q_.front().due <= cyc_;
        mem_rvalid_.write(rv);
        sc_dt::sc_bv<8 * kLine> rd = 0;
        for (unsigned i = 0; rv && i < kLine / 4; i++) rd.set_word((int)i, q_.front().data[i]);
        mem_rdata_.write(rd);
    }
}

// the request is held on the pins until the edge that sees o_csr_ack
void wq_tlm_rtl::csr_b_transport(tlm::tlm_generic_payload &t, sc_time &d)
{
    if (!wq_sc_csr_accept(t)) return;
    uint64_t a = t.get_address();
    wait(d);                         // the pins live in SystemC time
    d = SC_ZERO_TIME;
    uint32_t v = 0;
    std::memcpy(&v, t.get_data_ptr(), 4);
    csr_valid_.write(true);
    csr_we_.write(t.is_write());
    csr_addr_.write((uint32_t)a);
    csr_wdata_.write(t.is_write() ? v : 0u);
    do wait(clk_.posedge_event());
    while (!csr_ack_.read());
    bool err = csr_err_.read();
    v = csr_rdata_.read();
    csr_valid_.write(false);
    csr_we_.write(false);
    // one more edge, read after it has settled: the lock is released and
    // o_irq/o_idle show the access's effect before the caller looks
    wait(clk_.posedge_event());
    wait(clk_.negedge_event());
    if (t.is_read()) std::memcpy(t.get_data_ptr(), &v, 4);
    t.set_response_status(err ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_OK_RESPONSE);
}
