/* drv.c -- driver life cycle, device memory, descriptors (drv.h). */
#include <string.h>
#include "wq/regs.h"
#include "wq/drv.h"
#include "wq/isa.h"

#define GETF(v, reg, f) ((uint32_t)WQ_BITS(v, WQ_CSRF_##reg##_##f##_HI, WQ_CSRF_##reg##_##f##_LO))

const char *wq_drv_strerror(int err)
{
    switch (err) {
    case WQ_OK:           return "ok";
    case WQ_E_ARG:        return "bad argument";
    case WQ_E_SIZE:       return "size or count out of range";
    case WQ_E_ALIGN:      return "misaligned address";
    case WQ_E_NOCHAN:     return "no free channel";
    case WQ_E_CHAN:       return "channel not open or out of range";
    case WQ_E_NOMEM:      return "device arena exhausted";
    case WQ_E_RING_FULL:  return "GPFIFO ring full";
    case WQ_E_CHAN_ERROR: return "channel in ERROR";
    case WQ_E_TIMEOUT:    return "timeout";
    case WQ_E_DEV:        return "device access failed";
    case WQ_E_ID:         return "not a warpq v1 device";
    case WQ_E_TRAP:       return "fatal warp trap";
    case WQ_E_QUEUE_FULL: return "nested work queue exhausted";
    case WQ_E_STATE:      return "not valid in this state";
    case WQ_E_DEPTH:      return "deque depth of the trapped warp unknown";
    default:              return "unknown error";
    }
}

void wq_drv_opts_default(wq_drv_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->arena_base = 0xF0000000u;
    o->arena_size = 16u << 20;
    o->poll = 64;
}

int wq_drv_csr_read(wq_drv_t *d, uint32_t off, uint32_t *v)
{
    return d->dev->csr_read(d->dev->impl, off, v) ? WQ_E_DEV : WQ_OK;
}

int wq_drv_csr_write(wq_drv_t *d, uint32_t off, uint32_t v)
{
    return d->dev->csr_write(d->dev->impl, off, v) ? WQ_E_DEV : WQ_OK;
}

int wq_drv_write(wq_drv_t *d, uint32_t addr, const uint32_t *w, uint32_t n)
{
    if (!d || (!w && n)) return WQ_E_ARG;
    if (addr & 3) return WQ_E_ALIGN;
    if (!n) return WQ_OK;
    return d->dev->mem_write(d->dev->impl, addr, w, n) ? WQ_E_DEV : WQ_OK;
}

int wq_drv_read(wq_drv_t *d, uint32_t addr, uint32_t *w, uint32_t n)
{
    if (!d || (!w && n)) return WQ_E_ARG;
    if (addr & 3) return WQ_E_ALIGN;
    if (!n) return WQ_OK;
    return d->dev->mem_read(d->dev->impl, addr, w, n) ? WQ_E_DEV : WQ_OK;
}

uint32_t wq_drv_chan_csr(unsigned chan, uint32_t reg)
{
    return WQ_CSRVAL_CHAN_BASE + chan * WQ_CSRVAL_CHAN_STRIDE + reg;
}

uint64_t wq_drv_now(const wq_drv_t *d) { return d->dev->now(d->dev->impl); }

int wq_drv_open(wq_drv_t *d, wq_dev_t *dev, const wq_drv_opts_t *opts)
{
    if (!d || !dev || !dev->csr_read || !dev->csr_write || !dev->mem_read ||
        !dev->mem_write || !dev->wait || !dev->now)
        return WQ_E_ARG;
    wq_drv_opts_t o;
    if (opts) o = *opts; else wq_drv_opts_default(&o);
    if (o.arena_size < 4096 || (o.arena_base & 4095) ||
        (uint64_t)o.arena_base + o.arena_size > 0x100000000ull)
        return WQ_E_SIZE;
    if (!o.poll) o.poll = 64;
    memset(d, 0, sizeof *d);
    d->dev = dev;
    d->opt = o;
    d->arena_cur = o.arena_base;
    d->arena_end = (uint32_t)((uint64_t)o.arena_base + o.arena_size - 1);
    int rc;
    if ((rc = wq_drv_csr_read(d, WQ_CSR_ID, &d->id))) return rc;
    if (d->id != WQ_CSRVAL_ID_VALUE) return WQ_E_ID;
    if ((rc = wq_drv_csr_read(d, WQ_CSR_CONFIG, &d->config))) return rc;
    d->channels = GETF(d->config, CONFIG, CHANNELS);
    d->warps = GETF(d->config, CONFIG, WARPS);
    d->lanes = GETF(d->config, CONFIG, LANES);
    d->deque_log2 = GETF(d->config, CONFIG, DEQUE_LOG2);
    d->regs = GETF(d->config, CONFIG, REGS);
    if (d->channels > 16 || d->warps > 64) return WQ_E_ID;
    /* every cause interrupts: the driver answers each one in wq_drv_service */
    uint32_t all = (1u << WQ_IRQ_CHAN_ERROR) | (1u << WQ_IRQ_WARP_TRAP) |
                   (1u << WQ_IRQ_NON_STALL);
    return wq_drv_csr_write(d, WQ_CSR_IRQ_ENABLE, all);
}

void wq_drv_close(wq_drv_t *d)
{
    if (!d || !d->dev) return;
    for (unsigned c = 0; c < d->channels; c++)
        if (d->ch[c].open) wq_drv_chan_close(d, c);
    d->dev = NULL;
}

int wq_drv_alloc(wq_drv_t *d, uint32_t size, uint32_t align, uint32_t *addr)
{
    if (!d || !addr) return WQ_E_ARG;
    if (align < 4 || (align & (align - 1))) return WQ_E_ALIGN;
    if (size == 0) return WQ_E_SIZE;
    uint64_t a = ((uint64_t)d->arena_cur + align - 1) & ~(uint64_t)(align - 1);
    if (a + size - 1 > d->arena_end) return WQ_E_NOMEM;
    *addr = (uint32_t)a;
    d->arena_cur = (uint32_t)(a + size - 1) + 1;
    return WQ_OK;
}

/* ---- descriptors --------------------------------------------------------- */
#define LDF(w, word, f) ((uint32_t)WQ_BITS(w[WQ_LD_##word], WQ_LDF_##word##_##f##_HI, \
                                           WQ_LDF_##word##_##f##_LO))
#define LDM(word, f) ((uint32_t)WQ_FMASK(WQ_LDF_##word##_##f##_HI, WQ_LDF_##word##_##f##_LO))

int wq_drv_desc_check(const wq_drv_t *d, const uint32_t w[16])
{
    if (!d || !w) return WQ_E_ARG;
    if (w[WQ_LD_CODE_BASE] & 7) return WQ_E_ALIGN;
    if (w[WQ_LD_START_PC] > WQ_PC_MASK) return WQ_E_SIZE;
    uint64_t grid = 1, cta = 1;
    for (int i = 0; i < 3; i++) {
        uint32_t g = w[WQ_LD_GRID_X + i], c = w[WQ_LD_CTA_X + i];
        if (g < 1 || g > WQ_LDLIMIT_GRID_DIM || c < 1 || c > WQ_LDLIMIT_CTA_DIM) return WQ_E_SIZE;
        grid *= g;
        cta *= c;
    }
    if (cta > WQ_LDLIMIT_CTA_THREADS || cta > 32ull * d->warps || grid > 0xFFFFFFFFull) return WQ_E_SIZE;
    if (w[WQ_LD_NREGS] < 1 ||
        w[WQ_LD_NREGS] > wq_nregs_limit(d->regs, d->lanes, LDF(w, WAVE, SUBV),
                                        LDF(w, WAVE, SHARED_BASE)))
        return WQ_E_SIZE;
    if (w[WQ_LD_WAVE] & ~(LDM(WAVE, SUBV) | LDM(WAVE, SHARED_BASE))) return WQ_E_ARG;
    if (w[WQ_LD_YIELD] & ~(LDM(YIELD, POLICY) | LDM(YIELD, PARAM) | LDM(YIELD, SEED)))
        return WQ_E_ARG;
    if (LDF(w, YIELD, POLICY) > WQ_YP_LFSR) return WQ_E_ARG;
    if (w[WQ_LD_DEQUE] & ~LDM(DEQUE, LOG2)) return WQ_E_ARG;
    uint32_t dl = LDF(w, DEQUE, LOG2);
    if (dl < 2 || dl > d->deque_log2) return WQ_E_SIZE;
    if (w[WQ_LD_FLAGS] & ~LDM(FLAGS, NESTED)) return WQ_E_ARG;
    if ((w[WQ_LD_LOCAL_BASE] & ~LDM(LOCAL_BASE, BLOCKS)) ||
        (w[WQ_LD_LOCAL_SIZE] & 0xFu)) return WQ_E_ALIGN;
    if (w[WQ_LD_LOCAL_SIZE] & ~LDM(LOCAL_SIZE, BLOCKS)) return WQ_E_SIZE;
    /* CTA k's block is LOCAL_BASE + k * LOCAL_SIZE: none may wrap 2^32 */
    if (w[WQ_LD_LOCAL_BASE] + grid * w[WQ_LD_LOCAL_SIZE] > 0x100000000ull) return WQ_E_SIZE;
    return WQ_OK;
}

int wq_drv_desc_write(wq_drv_t *d, const uint32_t w[16], uint32_t *addr)
{
    int rc = wq_drv_desc_check(d, w);
    if (rc) return rc;
    if (!addr) return WQ_E_ARG;
    uint32_t a;
    if ((rc = wq_drv_alloc(d, 4 * WQ_LD_WORDS, 64, &a))) return rc;
    if ((rc = wq_drv_write(d, a, w, WQ_LD_WORDS))) return rc;
    *addr = a;
    return WQ_OK;
}

int wq_drv_params(wq_drv_t *d, const uint32_t *words, uint32_t n, uint32_t *addr)
{
    if (!d || !words || !addr) return WQ_E_ARG;
    if (n < 1 || n > 1024) return WQ_E_SIZE;
    uint32_t a;
    int rc = wq_drv_alloc(d, 4 * n, 16, &a);
    if (rc) return rc;
    if ((rc = wq_drv_write(d, a, words, n))) return rc;
    *addr = a;
    return WQ_OK;
}
