/* dmem.h -- internal: the device's own memory accesses, through the memory
 * port (model.h, wq_memport_t) when one is installed, else straight to
 * ctx->mem.  Every access the device makes uses these, never ctx->mem, so a
 * platform that owns the memory sees all of them; host-side helpers (the
 * driver's model backend, the lockstep benches) still use ctx->mem. */
#ifndef WQ_DMEM_H
#define WQ_DMEM_H
#include "model_int.h"

/* a byte or half-word access passes its own address; the port is given
 * the word that holds it (its contract: 4-aligned addresses), as ctx->mem
 * finds it */
static inline uint32_t wq_dm_read32(const wq_ctx_t *ctx, uint32_t a)
{
    if (ctx->port.read32) return ctx->port.read32(ctx->port.user, a & ~3u);
    return wq_mem_read32(ctx->mem, a);
}

static inline uint64_t wq_dm_read64(const wq_ctx_t *ctx, uint32_t a)
{
    return (uint64_t)wq_dm_read32(ctx, a) | ((uint64_t)wq_dm_read32(ctx, a + 4u) << 32);
}

static inline void wq_dm_write(wq_ctx_t *ctx, uint32_t a, uint32_t v, unsigned strobe)
{
    if (ctx->port.read32) {
        ctx->port_changes += (uint64_t)(ctx->port.write32(ctx->port.user, a & ~3u, v, strobe) != 0);
        return;
    }
    if (strobe == 0xFu) wq_mem_write32(ctx->mem, a, v);
    else wq_mem_write_strobe(ctx->mem, a, v, strobe);
}

static inline void wq_dm_write64(wq_ctx_t *ctx, uint32_t a, uint64_t v)
{
    wq_dm_write(ctx, a, (uint32_t)v, 0xFu);
    wq_dm_write(ctx, a + 4u, (uint32_t)(v >> 32), 0xFu);
}

/* word changes so far: what the forward-progress watchdog watches */
static inline uint64_t wq_dm_changes(const wq_ctx_t *ctx)
{
    return ctx->port.read32 ? ctx->port_changes : wq_mem_changes(ctx->mem);
}

#endif
