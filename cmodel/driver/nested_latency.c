/* nested_latency.c -- how long a child launch takes, device-local vs
 * CPU-mediated (nested.h, `wq bench`).  Model backend only: the device
 * timestamps come from the model's trace.
 *
 *   local  from the enqueuing thread's semaphore release (the library's
 *          wq_enq_release store) to the child's CTA_START: the PPU channel
 *          sees the release at its next acquire retry and launches.
 *   cpu    from the thread's request store to the child's CTA_START: the
 *          host driver polls the request word over the link and submits the
 *          child on a CPU channel; every access costs link_latency ticks.
 * Any backend with the two measurement hooks (dev.h: trace,
 * set_link_latency) will do: the model in `wq bench`, the RTL in lockstep
 * in `tb_cosim nested-latency` (device time in cycles there). */
#include <string.h>
#include "wq/nested.h"
#include "wq/model.h"

typedef struct probe {
    uint32_t  rel_pc, req_addr, child_pc;
    uint64_t  t_mark, t_start;
    int       cpu;
} probe_t;

static void on_rec(void *user, const wq_trace_rec_t *r, uint64_t now)
{
    probe_t *p = user;
    if (p->t_start) return;
    if (r->kind == WQ_EV_MEM_WRITE &&
        (p->cpu ? r->a == p->req_addr : r->pc == p->rel_pc))
        p->t_mark = now;           /* the latest one before the child */
    if (r->kind == WQ_EV_CTA_START && r->pc == p->child_pc && p->t_mark)
        p->t_start = now;
}

static int one(const wq_program_t *prog, uint32_t latency, int cpu, uint64_t *cycles,
               const wq_config_t *cfg, wq_nested_open_fn open_dev, void *user)
{
    wq_dev_t dev;
    if (open_dev(&dev, cfg, user)) return WQ_E_DEV;
    if (!dev.trace || !dev.set_link_latency || dev.set_link_latency(dev.impl, latency)) {
        wq_dev_close(&dev);
        return WQ_E_DEV;            /* no way to measure on this backend */
    }
    wq_drv_t d;
    probe_t pr = { .cpu = cpu };
    unsigned cpuch = 0, side = 0;
    wq_nq_t q;
    uint32_t req = 0, da = 0, pa = 0;
    int rc = wq_drv_open(&d, &dev, NULL);
    if (!rc && (wq_program_sym(prog, "wq_enq_release", &pr.rel_pc) ||
                wq_program_sym(prog, "second", &pr.child_pc) ||
                wq_program_sym(prog, "REQ", &req)))
        rc = WQ_E_ARG;
    pr.req_addr = req;
    if (!rc) rc = wq_drv_load_image(&d, prog);
    if (!rc) rc = wq_drv_chan_open(&d, 4, &cpuch);
    if (!rc) rc = wq_nq_create(&d, 5, 2, NULL, &q);
    if (!rc) rc = wq_nq_kernel(&d, &q, 0, prog->launch[1].w);
    if (!rc) rc = wq_nq_kernel(&d, &q, 1, prog->launch[2].w);
    if (!rc && cpu) {
        /* staged before the session, as a driver would: the channel, the
         * child's descriptor and parameters; only the submit is left */
        uint32_t pw[WQ_NQ_PARAM_WORDS] = { 0 }, w[WQ_LD_WORDS];
        pw[WQ_NQ_PARAM_ARG0 / 4] = 1;
        memcpy(w, prog->launch[2].w, sizeof w);
        rc = wq_drv_chan_open(&d, 4, &side);
        if (!rc) rc = wq_drv_params(&d, pw, WQ_NQ_PARAM_WORDS, &pa);
        w[WQ_LD_PARAM] = pa;
        if (!rc) rc = wq_drv_desc_write(&d, w, &da);
    }
    if (!rc && dev.trace(dev.impl, on_rec, &pr)) rc = WQ_E_DEV;
    uint32_t args[3] = { cpu ? 1u : 0u, 0, 0 };
    if (!rc) rc = wq_nq_session(&d, &q, cpuch, prog->launch[0].w, args);
    if (!rc && cpu) {
        uint32_t v = 0;
        uint64_t t0 = wq_drv_now(&d);
        while (!rc && v != 1) {
            rc = wq_drv_read(&d, req, &v, 1);
            if (!latency && !rc && v != 1) dev.wait(dev.impl, 1);  /* time must pass */
            if (wq_drv_now(&d) - t0 > 10000000) rc = WQ_E_TIMEOUT;
        }
        uint32_t cbw[4];
        wq_cb_t cb;
        wq_cb_init(&cb, cbw, 4);
        wq_cb_launch(&cb, da);
        if (!rc) rc = wq_drv_submit(&d, side, &cb);
    }
    if (!rc) rc = wq_nq_wait(&d, &q, 10000000, NULL);
    if (!rc && cpu) rc = wq_drv_wait_chan(&d, side, 10000000);
    uint32_t hit = 0;
    if (!rc) rc = wq_drv_read(&d, req + 4, &hit, 1);
    if (!rc && (hit != 1 || !pr.t_start)) rc = WQ_E_STATE;
    if (!rc) *cycles = pr.t_start - pr.t_mark;
    dev.trace(dev.impl, NULL, NULL);
    wq_drv_close(&d);
    wq_dev_close(&dev);
    return rc;
}

static int open_model(wq_dev_t *dev, const wq_config_t *cfg, void *user)
{
    (void)user;
    return wq_dev_model_open(dev, cfg, NULL);
}

int wq_nested_latency_on(const wq_program_t *prog, uint32_t link_latency,
                         const wq_config_t *cfg, wq_nested_open_fn open_dev, void *user,
                         uint64_t *local, uint64_t *cpu)
{
    if (!prog || !local || !cpu || !cfg || !open_dev || prog->nlaunch < 3) return WQ_E_ARG;
    int rc = one(prog, link_latency, 0, local, cfg, open_dev, user);
    return rc ? rc : one(prog, link_latency, 1, cpu, cfg, open_dev, user);
}

int wq_nested_latency(const wq_program_t *prog, uint32_t link_latency,
                      uint64_t *local, uint64_t *cpu)
{
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.watchdog = 0;
    return wq_nested_latency_on(prog, link_latency, &cfg, open_model, NULL, local, cpu);
}
