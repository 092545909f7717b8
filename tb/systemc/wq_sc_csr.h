// wq_sc_csr.h -- what both device wrappers (wq_tlm, wq_tlm_rtl) accept on
// their CSR target socket: one 32-bit access, every byte enabled, at a
// 4-aligned offset of the 4 KiB window.  Anything else gets its error
// status here, before the device sees it (docs/systemc.md, "Interface").
#ifndef WQ_SC_CSR_H
#define WQ_SC_CSR_H
#include <tlm>

// true when t may go to the device; false with t's error status set
inline bool wq_sc_csr_accept(tlm::tlm_generic_payload &t)
{
    if (t.get_data_length() != 4 || t.get_streaming_width() < 4) {
        t.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return false;
    }
    if (const unsigned char *be = t.get_byte_enable_ptr()) {
        unsigned bel = t.get_byte_enable_length();
        for (unsigned i = 0; i < 4; i++)
            if (!bel || be[i % bel] != TLM_BYTE_ENABLED) {
                t.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
                return false;
            }
    }
    if ((t.get_address() & 3) || t.get_address() > 0xFFF) {
        t.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return false;
    }
    return true;
}

#endif
