/* coalesce.c -- the coalescer's request list (include/wq/mempath.h),
 * the reference of rtl/core/wq_coalesce.v: one request per distinct line,
 * in the order of the lowest active lane touching each line. */
#include "wq/mempath.h"

static int pow2(unsigned v) { return v && !(v & (v - 1)); }

int wq_coalesce(const uint32_t *addr, uint32_t mask, unsigned lanes, unsigned line_bytes,
                wq_coal_req_t *out, unsigned *n)
{
    if (!addr || !out || !n || lanes == 0 || lanes > WQ_COAL_MAX_LANES ||
        !pow2(line_bytes) || line_bytes < 4 || line_bytes > 128)
        return WQ_MP_E_PARAM;
    uint32_t all = lanes == 32 ? 0xFFFFFFFFu : ((1u << lanes) - 1);
    uint32_t pending = mask & all, off = line_bytes - 1;
    *n = 0;
    while (pending) {
        unsigned lead = 0;
        while (!(pending >> lead & 1)) lead++;
        uint32_t line = addr[lead] & ~off;
        wq_coal_req_t r = { line, 0, 0 };
        for (unsigned l = lead; l < lanes; l++)
            if ((pending >> l & 1) && (addr[l] & ~off) == line) {
                r.lanes |= 1u << l;
                r.words |= 1u << ((addr[l] & off) >> 2);
            }
        pending &= ~r.lanes;
        out[(*n)++] = r;
    }
    return WQ_MP_OK;
}
