/* encode.c -- see encode.h. */
#include "wq/encode.h"

#define PUT(v, hi, lo) (((uint32_t)(v) & (uint32_t)(WQ_FMASK(hi, lo) >> (lo))) << (lo))

uint32_t wq_mh_encode(unsigned secop, unsigned subch, uint32_t method_off,
                      uint32_t count)
{
    return PUT(secop, WQ_MH_SEC_OP_HI, WQ_MH_SEC_OP_LO) |
           PUT(count, WQ_MH_COUNT_HI, WQ_MH_COUNT_LO) |
           PUT(subch, WQ_MH_SUBCH_HI, WQ_MH_SUBCH_LO) |
           PUT(method_off >> 2, WQ_MH_ADDRESS_HI, WQ_MH_ADDRESS_LO);
}

uint32_t wq_sem_encode(const wq_sem_exec_t *s)
{
    return PUT(s->op, WQ_SEMF_OPERATION_HI, WQ_SEMF_OPERATION_LO) |
           PUT(s->acquire_switch, WQ_SEMF_ACQUIRE_SWITCH_HI, WQ_SEMF_ACQUIRE_SWITCH_LO) |
           PUT(s->release_wfi, WQ_SEMF_RELEASE_WFI_HI, WQ_SEMF_RELEASE_WFI_LO) |
           PUT(s->is64, WQ_SEMF_PAYLOAD_SIZE_HI, WQ_SEMF_PAYLOAD_SIZE_LO) |
           PUT(s->red, WQ_SEMF_REDUCTION_HI, WQ_SEMF_REDUCTION_LO) |
           PUT(s->is_unsigned, WQ_SEMF_UNSIGNED_HI, WQ_SEMF_UNSIGNED_LO);
}

uint32_t wq_gp_word0(uint32_t seg_addr)
{
    return PUT(seg_addr >> WQ_GP_ADDR_LO, WQ_GP_ADDR_HI, WQ_GP_ADDR_LO);
}

uint32_t wq_gp_word1(uint32_t len, int sync, unsigned ctlop)
{
    return PUT(len, WQ_GP_LENGTH_HI, WQ_GP_LENGTH_LO) |
           PUT(sync ? 1u : 0u, WQ_GP_SYNC_HI, WQ_GP_SYNC_LO) |
           PUT(ctlop, WQ_GP_CTLOP_HI, WQ_GP_CTLOP_LO);
}
