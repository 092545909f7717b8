/* regs.h -- how many registers a launch may name (docs/spec.md §5.4,
 * §8.2): REGS, or inside sub-vector segments more, because the registers
 * at and above SHARED_BASE pack 32/LANES to a row.  The model's launch check
 * and register access, the driver's descriptor check and the compiler's
 * allocator all follow this one rule. */
#ifndef WQ_REGS_H
#define WQ_REGS_H
#include "defs.h"

/* the NREGS limit of a launch on a machine of regs registers and lanes
 * lanes, with the descriptor's WAVE.SUBV and WAVE.SHARED_BASE: regs, or
 * min(2^|RD|, base + (regs - base) * 32 / lanes) when sharing is on */
static inline unsigned wq_nregs_limit(unsigned regs, unsigned lanes, unsigned subv,
                                      unsigned base)
{
    if (!subv || base == 0 || base >= regs || lanes == 0) return regs;
    unsigned n = base + (regs - base) * (32u / lanes);
    unsigned cap = 1u << (WQ_F_RD_HI - WQ_F_RD_LO + 1);
    return n < cap ? n : cap;
}

#endif
