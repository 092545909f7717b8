/* token.h -- 64-bit divergence tokens (DESIGN §6.1, spec/token.def). */
#ifndef WQ_TOKEN_H
#define WQ_TOKEN_H
#include "defs.h"

typedef uint64_t wq_token_t;

/* types with a presence bit: one per presence-field bit (SYNC..CONT) */
#define WQ_PRESENCE_TYPES (WQ_TF_PRESENCE_HI - WQ_TF_PRESENCE_LO + 1u)
#define WQ_TOKEN_ADDR_MASK ((uint32_t)WQ_BITS(~0ull, WQ_TF_ADDR_HI, WQ_TF_ADDR_LO))

static inline wq_token_t wq_token_pack(unsigned type, uint32_t mask,
                                       uint32_t addr, unsigned presence)
{
    return (((uint64_t)type << WQ_TF_TYPE_LO) & WQ_FMASK(WQ_TF_TYPE_HI, WQ_TF_TYPE_LO)) |
           (((uint64_t)mask << WQ_TF_MASK_LO) & WQ_FMASK(WQ_TF_MASK_HI, WQ_TF_MASK_LO)) |
           (((uint64_t)addr << WQ_TF_ADDR_LO) & WQ_FMASK(WQ_TF_ADDR_HI, WQ_TF_ADDR_LO)) |
           (((uint64_t)presence << WQ_TF_PRESENCE_LO) &
            WQ_FMASK(WQ_TF_PRESENCE_HI, WQ_TF_PRESENCE_LO));
}
static inline unsigned wq_token_type(wq_token_t t)
{ return (unsigned)WQ_BITS(t, WQ_TF_TYPE_HI, WQ_TF_TYPE_LO); }
static inline uint32_t wq_token_mask(wq_token_t t)
{ return (uint32_t)WQ_BITS(t, WQ_TF_MASK_HI, WQ_TF_MASK_LO); }
static inline uint32_t wq_token_addr(wq_token_t t)
{ return (uint32_t)WQ_BITS(t, WQ_TF_ADDR_HI, WQ_TF_ADDR_LO); }
static inline unsigned wq_token_presence(wq_token_t t)
{ return (unsigned)WQ_BITS(t, WQ_TF_PRESENCE_HI, WQ_TF_PRESENCE_LO); }
static inline wq_token_t wq_token_with_mask(wq_token_t t, uint32_t mask)
{
    return (t & ~WQ_FMASK(WQ_TF_MASK_HI, WQ_TF_MASK_LO)) |
           ((uint64_t)mask << WQ_TF_MASK_LO);
}
/* the presence bit a token of this type contributes (0 for EXIT/SUBV) */
static inline unsigned wq_token_type_bit(unsigned type)
{ return type < WQ_PRESENCE_TYPES ? 1u << type : 0u; }

/* "TYPE mask=0x... addr=... pres=..." into buf; returns buf */
char *wq_token_format(wq_token_t t, char *buf, unsigned len);

#endif
