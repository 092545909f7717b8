/* coalesce.c -- the coalescer's request list (include/wq/mempath.h), the
 * reference of the core's rule (rtl/core/wq_lsu_pick.v, one request at a
 * time): one request per distinct line, in the order of the lowest pending
 * element touching each line; an atomic's requests one element each. */
#include "wq/mempath.h"

static int pow2(unsigned v) { return v && !(v & (v - 1)); }
static int has(const uint32_t *set, unsigned e) { return set[e / 32] >> (e % 32) & 1; }

int wq_coalesce(const uint32_t *addr, const uint32_t *pend, unsigned elems, unsigned line_bytes,
                int one, wq_coal_req_t *out, unsigned *n)
{
    if (!addr || !pend || !out || !n || elems == 0 || elems > WQ_COAL_MAX_ELEMS ||
        !pow2(line_bytes) || line_bytes < 4 || line_bytes > 128)
        return WQ_MP_E_PARAM;
    /* the elements still to request (bits at and above `elems` are not elements) */
    uint32_t rem[WQ_COAL_SET_WORDS] = {0};
    for (unsigned e = 0; e < elems; e++)
        if (has(pend, e)) rem[e / 32] |= 1u << (e % 32);
    uint32_t off = line_bytes - 1;
    *n = 0;
    for (unsigned lead = 0; lead < elems; lead++) {
        if (!has(rem, lead)) continue;
        /* the leader: the lowest element still to request; every element
         * below it is requested already */
        uint32_t line = addr[lead] & ~off;
        wq_coal_req_t r = { line, lead, {0}, 0 };
        for (unsigned e = lead; e < elems && (e == lead || !one); e++)
            if (has(rem, e) && (addr[e] & ~off) == line) {
                r.cov[e / 32] |= 1u << (e % 32);
                r.words |= 1u << ((addr[e] & off) >> 2);
            }
        for (unsigned w = 0; w < WQ_COAL_SET_WORDS; w++) rem[w] &= ~r.cov[w];
        out[(*n)++] = r;
    }
    return WQ_MP_OK;
}
