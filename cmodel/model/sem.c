/* sem.c -- the semaphore unit's arithmetic (DESIGN §5, spec/sem.def).
 * Pure functions of (operation, memory value, payload, width): the host
 * interface, the unit tests and the RTL benches share this one definition.
 * A 32-bit operation looks at the low 32 bits of both operands only and
 * returns a result with the high 32 bits clear. */
#include "wq/sem.h"

static uint64_t width_mask(int is64)
{
    return is64 ? ~(uint64_t)0 : (uint64_t)UINT32_MAX;
}

/* the operand as a signed number of the payload width */
static int64_t as_signed(uint64_t v, int is64)
{
    return is64 ? (int64_t)v : (int64_t)(int32_t)(uint32_t)v;
}

void wq_sem_decode(uint32_t word, wq_sem_exec_t *out)
{
    out->op             = (unsigned)WQ_BITS(word, WQ_SEMF_OPERATION_HI, WQ_SEMF_OPERATION_LO);
    out->acquire_switch = (unsigned)WQ_BITS(word, WQ_SEMF_ACQUIRE_SWITCH_HI, WQ_SEMF_ACQUIRE_SWITCH_LO);
    out->release_wfi    = (unsigned)WQ_BITS(word, WQ_SEMF_RELEASE_WFI_HI, WQ_SEMF_RELEASE_WFI_LO);
    out->is64           = (unsigned)WQ_BITS(word, WQ_SEMF_PAYLOAD_SIZE_HI, WQ_SEMF_PAYLOAD_SIZE_LO);
    out->red            = (unsigned)WQ_BITS(word, WQ_SEMF_REDUCTION_HI, WQ_SEMF_REDUCTION_LO);
    out->is_unsigned    = (unsigned)WQ_BITS(word, WQ_SEMF_UNSIGNED_HI, WQ_SEMF_UNSIGNED_LO);
}

int wq_sem_acquire_passes(unsigned op, uint64_t mv, uint64_t payload, int is64)
{
    uint64_t m = width_mask(is64);
    mv &= m;
    payload &= m;
    switch (op) {
    case WQ_SEMOP_ACQUIRE:        return mv == payload;
    case WQ_SEMOP_ACQ_STRICT_GEQ: return mv >= payload;
    /* circular compare: "mv is at or after payload" on a wrapping counter */
    case WQ_SEMOP_ACQ_CIRC_GEQ:   return as_signed((mv - payload) & m, is64) >= 0;
    case WQ_SEMOP_ACQ_AND:        return (mv & payload) != 0;
    case WQ_SEMOP_ACQ_NOR:        return (~(mv | payload) & m) != 0;
    default:                      return -1;   /* RELEASE, REDUCTION, 7 */
    }
}

uint64_t wq_sem_reduce(unsigned red, int is_unsigned, uint64_t mv,
                       uint64_t payload, int is64, int *err)
{
    uint64_t m = width_mask(is64);
    uint64_t r;
    int lt;                       /* mv < payload in the chosen signedness */

    mv &= m;
    payload &= m;
    if (err)
        *err = WQ_CHERR_NONE;
    lt = is_unsigned ? mv < payload
                     : as_signed(mv, is64) < as_signed(payload, is64);
    switch (red) {
    case WQ_SEMRED_IMIN: r = lt ? mv : payload; break;
    case WQ_SEMRED_IMAX: r = lt ? payload : mv; break;
    case WQ_SEMRED_IXOR: r = mv ^ payload; break;
    case WQ_SEMRED_IAND: r = mv & payload; break;
    case WQ_SEMRED_IOR:  r = mv | payload; break;
    case WQ_SEMRED_IADD: r = mv + payload; break;
    /* INC/DEC are always unsigned: wrapping counters bounded by payload */
    case WQ_SEMRED_INC:  r = mv >= payload ? 0 : mv + 1; break;
    case WQ_SEMRED_DEC:  r = (mv == 0 || mv > payload) ? payload : mv - 1; break;
    default:
        if (err)
            *err = WQ_CHERR_BAD_REDUCTION;
        return mv;                /* memory left unchanged */
    }
    return r & m;
}
