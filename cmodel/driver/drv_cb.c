/* drv_cb.c -- command-block builder (drv.h): the pushbuffer words a channel
 * executes, built in host memory and copied to the device on submit.  All
 * encodings come from encode.h; errors are sticky so a caller can build a
 * whole block and check once (submit refuses a block with an error). */
#include "wq/drv.h"
#include "wq/encode.h"

#define COUNT_MAX ((uint32_t)WQ_FMASK(WQ_MH_COUNT_HI, WQ_MH_COUNT_LO) >> WQ_MH_COUNT_LO)
#define ADDR_MAX  ((uint32_t)WQ_FMASK(WQ_MH_ADDRESS_HI, WQ_MH_ADDRESS_LO) >> WQ_MH_ADDRESS_LO)

_Static_assert(WQ_M_SEM_EXECUTE - WQ_M_SEM_ADDR_LO == 4 * 4,
               "SEM_ADDR_LO..SEM_EXECUTE are five consecutive methods");
_Static_assert(WQ_M_LAUNCH - WQ_M_LAUNCH_DESC == 4, "LAUNCH follows LAUNCH_DESC");

static int fail(wq_cb_t *cb, int err)
{
    if (!cb->err) cb->err = err;
    return err;
}

void wq_cb_init(wq_cb_t *cb, uint32_t *buf, uint32_t cap_words)
{
    cb->w = buf;
    cb->n = 0;
    cb->cap = buf ? cap_words : 0;
    cb->err = buf ? WQ_OK : WQ_E_ARG;
}

int wq_cb_word(wq_cb_t *cb, uint32_t w)
{
    if (!cb) return WQ_E_ARG;
    if (cb->n >= cb->cap) return fail(cb, WQ_E_SIZE);
    cb->w[cb->n++] = w;
    return WQ_OK;
}

/* a method offset must be a dword address the header can hold */
static int off_ok(uint32_t off) { return !(off & 3) && (off >> 2) <= ADDR_MAX; }

int wq_cb_methods(wq_cb_t *cb, unsigned secop, uint32_t off, const uint32_t *data,
                  uint32_t count)
{
    if (!cb) return WQ_E_ARG;
    if (secop != WQ_SECOP_INC && secop != WQ_SECOP_NONINC && secop != WQ_SECOP_ONE_INC)
        return fail(cb, WQ_E_ARG);
    if (!data || !off_ok(off)) return fail(cb, off & 3 ? WQ_E_ALIGN : WQ_E_ARG);
    if (count < 1 || count > COUNT_MAX) return fail(cb, WQ_E_SIZE);
    if (cb->n + 1 + count > cb->cap) return fail(cb, WQ_E_SIZE);
    cb->w[cb->n++] = wq_mh_encode(secop, 0, off, count);
    for (uint32_t i = 0; i < count; i++) cb->w[cb->n++] = data[i];
    return WQ_OK;
}

int wq_cb_immd(wq_cb_t *cb, uint32_t off, uint32_t data13)
{
    if (!cb) return WQ_E_ARG;
    if (!off_ok(off)) return fail(cb, off & 3 ? WQ_E_ALIGN : WQ_E_ARG);
    if (data13 > COUNT_MAX) return fail(cb, WQ_E_SIZE);
    return wq_cb_word(cb, wq_mh_encode(WQ_SECOP_IMMD, 0, off, data13));
}

int wq_cb_sem(wq_cb_t *cb, uint32_t addr, uint64_t payload, const wq_sem_exec_t *op)
{
    if (!cb) return WQ_E_ARG;
    if (!op || op->op > WQ_SEMOP_REDUCTION || op->red > WQ_SEMRED_DEC)
        return fail(cb, WQ_E_ARG);
    if (addr & (op->is64 ? 7u : 3u)) return fail(cb, WQ_E_ALIGN);
    if (!op->is64 && (payload >> 32)) return fail(cb, WQ_E_SIZE);
    /* one INC group, SEM_ADDR_LO .. SEM_EXECUTE: the offsets are consecutive
     * (method.def), which this builder relies on */
    uint32_t d[5] = { addr, 0, (uint32_t)payload, (uint32_t)(payload >> 32), wq_sem_encode(op) };
    return wq_cb_methods(cb, WQ_SECOP_INC, WQ_M_SEM_ADDR_LO, d, 5);
}

int wq_cb_release(wq_cb_t *cb, uint32_t addr, uint32_t payload)
{
    wq_sem_exec_t op = { .op = WQ_SEMOP_RELEASE };
    return wq_cb_sem(cb, addr, payload, &op);
}

int wq_cb_acquire(wq_cb_t *cb, uint32_t addr, uint32_t payload, int acq_switch)
{
    wq_sem_exec_t op = { .op = WQ_SEMOP_ACQUIRE, .acquire_switch = acq_switch ? 1 : 0 };
    return wq_cb_sem(cb, addr, payload, &op);
}

int wq_cb_launch(wq_cb_t *cb, uint32_t desc_addr)
{
    if (!cb) return WQ_E_ARG;
    if (desc_addr & 3) return fail(cb, WQ_E_ALIGN);
    /* LAUNCH_DESC then LAUNCH (data ignored): consecutive methods */
    uint32_t d[2] = { desc_addr, 0 };
    return wq_cb_methods(cb, WQ_SECOP_INC, WQ_M_LAUNCH_DESC, d, 2);
}

int wq_cb_wfi(wq_cb_t *cb) { return wq_cb_immd(cb, WQ_M_WFI, 0); }
int wq_cb_nonstall_irq(wq_cb_t *cb) { return wq_cb_immd(cb, WQ_M_NON_STALL_INTERRUPT, 0); }
