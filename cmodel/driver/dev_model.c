/* dev_model.c -- the C model behind the device interface (dev.h).
 * CSR and memory calls go straight to wq_csr_* and the model's memory; wait
 * ticks the model.  No driver help hides in here: unlike wq_run(), wait does
 * not re-centre deques -- a trapped warp stays trapped until the driver
 * answers the interrupt through the debug window, as on the RTL. */
#include <stdlib.h>
#include "wq/dev.h"
#include "wq/model.h"
#include "wq/trace.h"

typedef struct dev_model {
    wq_ctx_t       *ctx;
    uint32_t        latency;
    wq_dev_trace_fn tfn;         /* trace(): the measurement's listener */
    void           *tuser;
} dev_model_t;

/* the host link: the device keeps running while a request crosses it */
static void link(dev_model_t *m)
{
    for (uint32_t i = 0; i < m->latency; i++) wq_tick(m->ctx);
}

static int m_csr_read(void *impl, uint32_t off, uint32_t *val)
{
    dev_model_t *m = impl;
    link(m);
    return wq_csr_read(m->ctx, off, val);
}

static int m_csr_write(void *impl, uint32_t off, uint32_t val)
{
    dev_model_t *m = impl;
    link(m);
    return wq_csr_write(m->ctx, off, val);
}

static int m_mem_read(void *impl, uint32_t addr, uint32_t *buf, uint32_t n)
{
    dev_model_t *m = impl;
    if (addr & 3) return -1;
    link(m);
    for (uint32_t i = 0; i < n; i++) buf[i] = wq_mem_read32(m->ctx->mem, addr + 4 * i);
    return 0;
}

static int m_mem_write(void *impl, uint32_t addr, const uint32_t *buf, uint32_t n)
{
    dev_model_t *m = impl;
    if (addr & 3) return -1;
    link(m);
    for (uint32_t i = 0; i < n; i++) wq_mem_write32(m->ctx->mem, addr + 4 * i, buf[i]);
    return 0;
}

static int cond(const wq_ctx_t *ctx)
{
    if (ctx->irq_status & ctx->irq_enable) return WQ_DEV_WAIT_IRQ;
    if (!wq_host_busy(ctx) && wq_engine_idle(ctx)) return WQ_DEV_WAIT_IDLE;
    return 0;
}

static int m_wait(void *impl, uint64_t budget)
{
    dev_model_t *m = impl;
    int c = cond(m->ctx);
    for (uint64_t t = 0; !c; ) {
        if (budget && t >= budget) return WQ_DEV_WAIT_BUDGET;
        wq_tick(m->ctx);
        t++;
        c = cond(m->ctx);
    }
    return c;
}

static uint64_t m_now(void *impl) { return ((dev_model_t *)impl)->ctx->st.ticks; }

static void on_rec(void *user, const wq_trace_rec_t *r)
{
    dev_model_t *m = user;
    m->tfn(m->tuser, r, m->ctx->st.ticks);
}

static int m_trace(void *impl, wq_dev_trace_fn fn, void *user)
{
    dev_model_t *m = impl;
    m->tfn = fn;
    m->tuser = user;
    wq_set_trace(m->ctx, fn ? on_rec : NULL, fn ? m : NULL);
    return 0;
}

static int m_set_link_latency(void *impl, uint32_t latency)
{
    ((dev_model_t *)impl)->latency = latency;
    return 0;
}

static void m_close(void *impl)
{
    dev_model_t *m = impl;
    wq_free(m->ctx);
    free(m);
}

int wq_dev_model_open(wq_dev_t *dev, const wq_config_t *cfg,
                      const wq_dev_model_opts_t *opts)
{
    wq_config_t def;
    if (!dev) return -1;
    if (!cfg) { wq_config_default(&def); cfg = &def; }
    dev_model_t *m = calloc(1, sizeof *m);
    if (!m) return -1;
    m->ctx = wq_new(cfg);
    if (!m->ctx) { free(m); return -1; }
    m->latency = opts ? opts->link_latency : 0;
    *dev = (wq_dev_t){
        .impl = m, .name = "model",
        .csr_read = m_csr_read, .csr_write = m_csr_write,
        .mem_read = m_mem_read, .mem_write = m_mem_write,
        .wait = m_wait, .now = m_now, .mismatches = NULL, .close = m_close,
        .trace = m_trace, .set_link_latency = m_set_link_latency,
    };
    return 0;
}

wq_ctx_t *wq_dev_model_ctx(const wq_dev_t *dev)
{
    if (!dev || dev->close != m_close) return NULL;
    return ((dev_model_t *)dev->impl)->ctx;
}

void wq_dev_model_set_latency(wq_dev_t *dev, uint32_t link_latency)
{
    if (wq_dev_model_ctx(dev)) m_set_link_latency(dev->impl, link_latency);
}

void wq_dev_close(wq_dev_t *dev)
{
    if (dev && dev->close) dev->close(dev->impl);
    if (dev) dev->close = NULL;
}
