/* nested_run.c -- the nested-work scenario runner (nested.h). */
#include <stdlib.h>
#include <string.h>
#include "wq/nested.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            cap = cap ? 2 * cap : 65536;
            char *nb = realloc(buf, cap);
            if (!nb) { free(buf); fclose(f); return NULL; }
            buf = nb;
        }
        size_t k = fread(buf + n, 1, 4096, f);
        n += k;
        if (k < 4096) break;
    }
    fclose(f);
    buf[n] = 0;
    *len = n;
    return buf;
}

int wq_nested_asm(const char *path, const char *lib, wq_program_t *p, char *err,
                  size_t errlen)
{
    size_t a, b;
    char *s1 = slurp(path, &a);
    char *s2 = slurp(lib ? lib : WQ_NESTED_LIB, &b);
    if (!s1 || !s2) {
        /* the default library is a build product, found from the top */
        snprintf(err, errlen, "cannot read %s%s", !s1 ? path : (lib ? lib : WQ_NESTED_LIB),
                 s1 && !lib ? " (make build writes it; run from the repository's top)" : "");
        free(s1); free(s2);
        return -1;
    }
    /* the library goes into the code section after the program */
    static const char sep[] = "\n.text\n";
    char *all = malloc(a + b + sizeof sep);
    if (!all) { free(s1); free(s2); snprintf(err, errlen, "out of memory"); return -1; }
    memcpy(all, s1, a);
    memcpy(all + a, sep, sizeof sep - 1);
    memcpy(all + a + sizeof sep - 1, s2, b);
    int rc = wq_asm(all, a + b + sizeof sep - 1, path, p, err, errlen);
    free(all); free(s1); free(s2);
    return rc;
}

int wq_drv_load_image(wq_drv_t *d, const wq_program_t *p)
{
    for (unsigned i = 0; i < p->nsegs; i++) {
        const wq_seg_t *s = &p->segs[i];
        if (!s->len) continue;
        uint32_t nw = (s->len + 3 + (s->addr & 3)) / 4;
        uint32_t *w = calloc(nw, 4);
        if (!w) return WQ_E_NOMEM;
        memcpy((uint8_t *)w + (s->addr & 3), s->bytes, s->len);
        int rc = wq_drv_write(d, s->addr & ~3u, w, nw);
        free(w);
        if (rc) return rc;
    }
    return WQ_OK;
}

/* wq_read32_fn over the device (model or RTL) through the driver */
static int drv_read32(void *user, uint32_t addr, uint32_t *v)
{
    return wq_drv_read((wq_drv_t *)user, addr, v, 1);
}

static uint32_t sym(const wq_program_t *p, const char *name, uint32_t def)
{
    uint32_t v;
    return wq_program_sym(p, name, &v) ? def : v;
}

/* LAUNCH then WFI on a CPU channel */
static int launch_wfi(wq_drv_t *d, unsigned chan, const uint32_t w[16])
{
    uint32_t da, cbw[8];
    int rc = wq_drv_desc_write(d, w, &da);
    if (rc) return rc;
    wq_cb_t cb;
    wq_cb_init(&cb, cbw, 8);
    wq_cb_launch(&cb, da);
    wq_cb_wfi(&cb);
    return wq_drv_submit(d, chan, &cb);
}

int wq_nested_run(wq_drv_t *d, const wq_program_t *p, uint64_t timeout,
                  wq_nested_result_t *r, FILE *log)
{
    memset(r, 0, sizeof *r);
    const uint32_t *parent = NULL;
    unsigned nk = 0, kidx[WQ_ASM_MAX_LAUNCHES], nindep = 0, iidx[WQ_ASM_MAX_LAUNCHES];
    for (unsigned i = 0; i < p->nlaunch; i++) {
        const char *nm = p->launch[i].name;
        if (!strcmp(nm, "parent")) parent = p->launch[i].w;
        else if (!strncmp(nm, "indep", 5)) iidx[nindep++] = i;
        else kidx[nk++] = i;
    }
    if (!parent || nk == 0) return r->rc = WQ_E_ARG;
    unsigned log2 = sym(p, "NQ_LOG2", 6), sessions = sym(p, "NQ_SESSIONS", 1);
    int expect_full = sym(p, "NQ_EXPECT_FULL", 0) != 0;
    uint64_t t0 = wq_drv_now(d), rc0 = d->recenters;
    int rc = wq_drv_load_image(d, p);
    unsigned cpu = 0, ind = 0;
    wq_nq_t q;
    if (!rc) rc = wq_drv_chan_open(d, 4, &cpu);
    /* the CPU channel waits on Y for the whole session: a long but finite
     * timeout still catches a kernel that never finishes */
    if (!rc) rc = wq_drv_chan_set_acquire(d, cpu, 16, 1000000);
    if (!rc) rc = wq_nq_create(d, log2, nk, NULL, &q);
    for (unsigned k = 0; k < nk && !rc; k++) rc = wq_nq_kernel(d, &q, k, p->launch[kidx[k]].w);
    r->channels = 2;
    if (!rc && nindep) {
        rc = wq_drv_chan_open(d, 4, &ind);
        r->channels++;
        for (unsigned i = 0; i < nindep && !rc; i++) {
            rc = launch_wfi(d, ind, p->launch[iidx[i]].w);
            r->launches++;
        }
    }
    for (unsigned s = 0; s < sessions && !rc; s++) {
        wq_nq_stats_t st;
        rc = wq_nq_session(d, &q, cpu, parent, NULL);
        if (!rc) rc = wq_nq_wait(d, &q, timeout, &st);
        if (rc == WQ_E_QUEUE_FULL && expect_full) rc = WQ_OK;
        if (rc && rc != WQ_E_QUEUE_FULL) break;
        r->sessions++;
        r->launches += 1 + st.enqs;
        r->children += st.enqs;
        r->fails += st.fails;
        if (st.maxdepth > r->maxdepth) r->maxdepth = st.maxdepth;
    }
    if (!rc && nindep) rc = wq_drv_wait_chan(d, ind, timeout);
    if (!rc) rc = wq_drv_wait_chan(d, cpu, timeout);
    r->cycles = wq_drv_now(d) - t0;
    r->recenters = d->recenters - rc0;
    /* the checks judge a run that ended; after an error they would only
     * restate it (and on a dead link they cannot even be read) */
    for (unsigned i = 0; i < p->nexpects && !rc; i++) {
        uint32_t v, want;
        int ok = wq_expect_eval(&p->expects[i], drv_read32, d, &v, &want);
        r->expects++;
        if (ok != 1) {
            r->expects_failed++;
            if (log) {
                char t[160];
                wq_expect_describe(&p->expects[i], v, want, t, sizeof t);
                fprintf(log, "%s:%d: expect failed: %s%s\n", p->file, p->expects[i].line, t,
                        ok < 0 ? " (device read failed)" : "");
            }
        }
    }
    if (!rc && expect_full && r->fails == 0) rc = WQ_E_STATE;  /* it should have */
    if (!rc && r->expects_failed) rc = WQ_E_STATE;
    return r->rc = rc;
}
