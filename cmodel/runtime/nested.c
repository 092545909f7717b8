/* nested.c -- device-side enqueue from OpenCL C (docs/runtime.md "Nested
 * work"): a launch of a kernel that calls wq_enqueue / wq_enqueue_done /
 * wq_enqueue_finish runs as a session of the device's nested-work queue,
 * the driver's (drv_nq.c, nq.h):
 *
 *   at enqueue   the queue is made on first use (its own PPU-owned channel);
 *                the parent's parameter word 0 is the queue descriptor;
 *   at submit    the queue's kernel table gets every kernel of the program
 *                (descriptor template: one work-group of reqd_work_group_size,
 *                and a parameter header; wq_enqueue_nd's library call patches
 *                GRID_X, CTA_X and the global size in its copy), then
 *                wq_nq_begin appends LAUNCH,
 *                WFI, RELEASE X, ACQUIRE Y to the launch's block; one session
 *                runs at a time, so a second nested launch waits;
 *   at the end   the completion word retires the launch (wq_nq_end reads
 *                the figures); a channel error on ACQUIRE Y -- a kernel that
 *                never finished its session -- fails the launch
 *                (queue.c), and the queue is closed and made again next time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"
#include "wq/encode.h"

_Static_assert((int)WQ_NQ_SLOT_PARAMS % (4 * WQ_KPARAM_ALIGN_WORDS) == 0 &&
               (int)WQ_NQ_PARAM_WORDS % WQ_KPARAM_ALIGN_WORDS == 0,
               "a child's parameter buffer is aligned and padded as the kernel ABI says (kabi.def ALIGN_WORDS)");

#define NQ_LOG2 8u                   /* 256 entries: 127 enqueues per session */
#define NQ_ACQ_RETRY 16u             /* the CPU channel's ACQUIRE Y: ticks between tries
                                      * (how many: d->nq_tries, WQ_CL_NESTED_TRIES) */

/* the kernels a launch of kernel k can create, through any chain of wq_enqueue */
static uint64_t children(const wq_cl_image_t *img, unsigned k)
{
    uint64_t seen = 0, todo = img->kernels[k].enqueues;
    while (todo & ~seen) {
        unsigned i = (unsigned)__builtin_ctzll(todo & ~seen);
        seen |= (uint64_t)1 << i;
        if (i < img->nkernels) todo |= img->kernels[i].enqueues;
    }
    return seen;
}

cl_int wq_cl_nested_check(cl_kernel k, const char **why)
{
    const wq_cl_image_t *img = &k->prog->img;
    if (img->nkernels > WQ_NQ_MAX_KERNELS) { *why = "more than 64 kernels in the program"; return CL_INVALID_KERNEL; }
    uint64_t ch = children(img, (unsigned)(k->ki - img->kernels));
    for (unsigned i = 0; i < img->nkernels; i++) {
        if (!(ch >> i & 1)) continue;
        const wq_cl_kinfo_t *c = &img->kernels[i];
        int local_args = 0;
        for (uint32_t a = 0; a < c->nargs; a++) local_args |= c->args[a].kind == WQ_CL_ARG_LOCAL;
        if (c->local_bytes || c->private_bytes || local_args) {
            *why = "a kernel it enqueues uses __local or private memory, which children do not get";
            return CL_INVALID_KERNEL;
        }
    }
    return CL_SUCCESS;
}

cl_int wq_cl_nested_queue(cl_device_id d, uint32_t *qd)
{
    if (!d->nq_ready) {
        if (wq_nq_create(&d->drv, NQ_LOG2, WQ_NQ_MAX_KERNELS, NULL, &d->nq)) return CL_OUT_OF_RESOURCES;
        d->nq_ready = 1;
        d->nq_busy = 0;
    }
    *qd = d->nq.qd;
    return CL_SUCCESS;
}

/* the queue's kernel table: every kernel of the program, as a child */
static int kernel_table(cl_device_id d, cl_program p)
{
    for (unsigned i = 0; i < p->img.nkernels; i++) {
        const wq_cl_kinfo_t *ki = &p->img.kernels[i];
        uint32_t l[3];
        for (int j = 0; j < 3; j++) l[j] = ki->reqd_wg[0] ? (uint32_t)ki->reqd_wg[j] : 1;
        uint32_t w[WQ_LD_WORDS] = {0};
        w[WQ_LD_CODE_BASE] = p->code_addr;
        w[WQ_LD_START_PC] = ki->entry;
        for (int j = 0; j < 3; j++) { w[WQ_LD_GRID_X + j] = 1; w[WQ_LD_CTA_X + j] = l[j]; }
        w[WQ_LD_NREGS] = ki->nregs;
        w[WQ_LD_WAVE] = ki->wave;
        w[WQ_LD_YIELD] = ki->yield;
        w[WQ_LD_DEQUE] = d->drv.deque_log2 << WQ_LDF_DEQUE_LOG2_LO;
        w[WQ_LD_PARAM] = d->nq.qd;   /* any valid address: each child's is patched in */
        /* header: one dimension (all three sizes), no offset, no __local, no frames */
        uint32_t h[WQ_NQ_PARAM_HDR_WORDS] = {0};
        h[WQ_KPARAM_DIM] = 1;
        for (int j = 0; j < 3; j++) h[WQ_KPARAM_GSZ_X + j] = l[j];
        int rc = wq_nq_kernel(&d->drv, &d->nq, i, w);
        if (!rc) rc = wq_nq_kernel_params(&d->drv, &d->nq, i, h);
        if (rc) return rc;
    }
    return WQ_OK;
}

int wq_cl_nested_begin(cl_command_queue q, cl_program p, uint32_t desc, uint32_t params,
                       uint32_t ncta, wq_cb_t *cb)
{
    cl_device_id d = q->dev;
    if (d->nq_busy) return 1;                 /* one session at a time */
    uint32_t qd;
    if (wq_cl_nested_queue(d, &qd)) return -1;
    /* the queue may have been made again since the enqueue */
    if (wq_drv_write(&d->drv, params + 4 * WQ_KPARAM_QUEUE, &qd, 1) || kernel_table(d, p) ||
        wq_drv_chan_set_acquire(&d->drv, q->chan, NQ_ACQ_RETRY, d->nq_tries) ||
        wq_nq_begin(&d->drv, &d->nq, q->chan, desc, ncta, cb))
        return -1;
    d->nq_busy = 1;
    return 0;
}

void wq_cl_nested_end(cl_command_queue q, const char *what, int failed)
{
    cl_device_id d = q->dev;
    if (!d->nq_ready || !d->nq_busy) return;
    d->nq_busy = 0;
    wq_nq_stats_t st;
    int rc = failed ? WQ_E_STATE : wq_nq_end(&d->drv, &d->nq, &st);
    if (rc == WQ_OK || rc == WQ_E_QUEUE_FULL) return;   /* FULL: the kernel saw it */
    /* the session did not end cleanly: the PPU channel waits where nothing
     * will release it, so the queue is closed and made again on next use */
    fprintf(stderr, "warpq: kernel %s: nested-work session did not finish (wq_enqueue_finish or "
            "wq_enqueue_done missing?); queue reset\n", what);
    wq_drv_chan_close(&d->drv, d->nq.chan);
    d->nq_ready = 0;
}
