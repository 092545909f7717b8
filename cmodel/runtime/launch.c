/* launch.c -- clEnqueueNDRangeKernel and clEnqueueTask (docs/runtime.md):
 * check the NDRange against the kernel and the device, choose the local
 * size when the application leaves it to us, then write the launch into
 * device memory -- the parameter buffer (header + argument values, as the
 * kernel ABI lays them out), the __local blocks, the launch descriptor --
 * and queue a command whose block is LAUNCH on the queue's channel.
 *
 * The work-group is the CTA: grid = global / local in each dimension.  The
 * global offset and the sizes the hardware does not hold travel in the
 * parameter buffer's header (kabi.def, WQ_KPARAM_*).  The device has no
 * memory of its own for __local: each work-group gets a block of global
 * memory, LOCAL_BASE + CTAFLAT * LOCAL_SIZE of the descriptor (S2R LOCAL;
 * the header's LOCAL and LSTRIDE words repeat the two for hand-written
 * kernels), and each work-item a private frame
 * (PRIVATE + flat global work-item index * PSTRIDE) for the private arrays,
 * structs and spilled values of the kernel table's PRIVATE_BYTES. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"
#include "wq/encode.h"

/* the least alignment of a __local block and a private frame; a kernel
 * whose objects need more (an int8 32, a long16 128: OpenCL C 1.2 §6.1.5)
 * says so in its kernel table (local_align, private_align) */
#define LOCAL_ALIGN 16u
#define LOCAL_MAX   32768u           /* CL_DEVICE_LOCAL_MEM_SIZE */
#define PRIVATE_ALIGN 16u
/* chunks of one NDRange: each LAUNCH is 3 words of the command's block
 * (cmd.cb), which the queue's RELEASE_WFI follows */
#define WQ_CL_MAX_CHUNKS 10u

typedef struct launch {
    cl_device_id d;
    cl_program prog;                 /* its code stays loaded until done */
    uint32_t desc, params, local, priv;  /* heap blocks (0: none) */
    uint32_t printf_buf;             /* the printf buffer (kabi.def KPRINTF; 0: none) */
    uint32_t ncta;                   /* work-groups (nested work counts them) */
    uint32_t *more;                  /* the other chunks' descriptors and parameter buffers */
    unsigned nmore;
    cl_mem  *mems;                   /* argument buffers, held until done */
    unsigned nmems;
} launch_t;

static void launch_free(void *p)
{
    launch_t *l = p;
    if (l->desc) wq_cl_heap_free(&l->d->heap, l->desc);
    if (l->params) wq_cl_heap_free(&l->d->heap, l->params);
    if (l->local) wq_cl_heap_free(&l->d->heap, l->local);
    if (l->priv) wq_cl_heap_free(&l->d->heap, l->priv);
    if (l->printf_buf) wq_cl_heap_free(&l->d->heap, l->printf_buf);
    for (unsigned i = 0; i < l->nmore; i++) wq_cl_heap_free(&l->d->heap, l->more[i]);
    free(l->more);
    for (unsigned i = 0; i < l->nmems; i++) wq_cl_obj_irelease(l->mems[i]);
    free(l->mems);
    if (l->prog) wq_cl_obj_irelease(l->prog);
    free(l);
}

/* a launch that creates nested work: its session starts at submit */
static int nested_prepare(cl_command_queue q, wq_cl_cmd_t *c, wq_cb_t *cb)
{
    launch_t *l = c->launch;
    return wq_cl_nested_begin(q, l->prog, l->desc, l->params, l->ncta, cb);
}

static void nested_retired(cl_command_queue q, wq_cl_cmd_t *c, int failed)
{
    wq_cl_nested_end(q, c->what, failed);
}

/* a completed launch of a kernel that calls printf: its records, printed
 * in the order their atomic adds reserved them (printf.c) */
static void printf_complete(wq_cl_cmd_t *c)
{
    launch_t *l = c->launch;
    uint32_t *buf = malloc(WQ_PRINTF_BYTES);
    if (!buf || wq_drv_read(&l->d->drv, l->printf_buf, buf, WQ_PRINTF_BYTES / 4))
        fprintf(stderr, "warpq: kernel %s: its printf buffer could not be read\n", c->what);
    else
        wq_cl_printf_output(stdout, &l->prog->img, buf, WQ_PRINTF_BYTES / 4, c->what);
    free(buf);
}

static size_t largest_divisor(size_t n, size_t cap)
{
    for (size_t l = cap < n ? cap : n; l > 1; l--)
        if (n % l == 0) return l;
    return 1;
}

/* the NDRange checks of OpenCL 1.2 §5.8, then the local size */
static cl_int shape(cl_kernel k, cl_uint dim, const size_t *off, const size_t *gsz,
                    const size_t *lsz, size_t g[3], size_t l[3], size_t o[3])
{
    if (dim < 1 || dim > 3) return CL_INVALID_WORK_DIMENSION;
    if (!gsz) return CL_INVALID_GLOBAL_WORK_SIZE;
    size_t max = wq_cl_kernel_max_wg(k);
    for (cl_uint i = 0; i < 3; i++) {
        g[i] = i < dim ? gsz[i] : 1;
        o[i] = i < dim && off ? off[i] : 0;
        if (g[i] == 0 || g[i] > 0xFFFFFFFFu) return CL_INVALID_GLOBAL_WORK_SIZE;
        if (o[i] > 0xFFFFFFFFu - (g[i] - 1)) return CL_INVALID_GLOBAL_OFFSET;
    }
    const size_t *req = k->ki->reqd_wg;
    if (lsz) {
        size_t prod = 1;
        for (cl_uint i = 0; i < 3; i++) {
            l[i] = i < dim ? lsz[i] : 1;
            if (l[i] == 0 || l[i] > max) return CL_INVALID_WORK_ITEM_SIZE;
            if (g[i] % l[i]) return CL_INVALID_WORK_GROUP_SIZE;
            prod *= l[i];
        }
        if (prod > max) return CL_INVALID_WORK_GROUP_SIZE;
        if (req[0] && (l[0] != req[0] || l[1] != req[1] || l[2] != req[2]))
            return CL_INVALID_WORK_GROUP_SIZE;
    } else if (req[0]) {
        for (cl_uint i = 0; i < 3; i++) {
            l[i] = req[i];
            if (g[i] % l[i]) return CL_INVALID_WORK_GROUP_SIZE;
        }
    } else {
        /* the largest work-group that divides the range, x first: fewer,
         * fuller CTAs, and whole warps along x where the range allows */
        size_t budget = max;
        for (cl_uint i = 0; i < 3; i++) {
            l[i] = largest_divisor(g[i], budget);
            budget /= l[i];
        }
    }
    return CL_SUCCESS;
}

/* a kernel that a kernel of its program enqueues (wq_enqueue): its code
 * reads CTAID and NCTAID as they are (kabi.def KTAIL), so it is not split */
static int enqueued(cl_program p, const char *name)
{
    uint64_t all = 0;
    for (unsigned i = 0; i < p->img.nkernels; i++) all |= p->img.kernels[i].enqueues;
    for (unsigned i = 0; i < p->img.nkernels && i < 64; i++)
        if (!strcmp(p->img.kernels[i].name, name)) return (all >> i) & 1;
    return 0;
}

static void put_word(unsigned char *p, uint32_t off, uint32_t v) { memcpy(p + off, &v, 4); }

static uint32_t at_least(uint32_t align, uint32_t least) { return align > least ? align : least; }

static cl_int enqueue(cl_command_queue q, cl_kernel k, cl_uint dim, const size_t *off,
                      const size_t *gsz, const size_t *lsz, cl_uint nwait, const cl_event *wait,
                      cl_event *event, cl_command_type type)
{
    if (!wq_cl_queue_ok(q)) return CL_INVALID_COMMAND_QUEUE;
    if (!wq_cl_kernel_ok(k)) return CL_INVALID_KERNEL;
    if (k->prog->ctx != q->ctx) return CL_INVALID_CONTEXT;
    for (uint32_t i = 0; i < k->ki->nargs; i++) {
        if (!k->argv[i].set) return CL_INVALID_KERNEL_ARGS;
        cl_mem m = k->argv[i].mem;
        if (m && !wq_cl_mem_ok(m)) return CL_INVALID_MEM_OBJECT;   /* released since */
    }
    size_t g[3], l[3], o[3];
    cl_int rc = shape(k, dim, off, gsz, lsz, g, l, o);
    if (rc) return rc;
    /* the code for these arguments: a variant for their alias metadata (alias.c) */
    const wq_cl_kinfo_t *ki;
    uint32_t code_addr;
    if ((rc = wq_cl_alias_select(k, &ki, &code_addr))) return rc;
    if ((rc = wq_cl_wait_list_ok(q->ctx, nwait, wait))) return rc;

    /* the __local block of one work-group: every block, and every
     * argument's part of it, at a multiple of lalign (so each group's is) */
    const uint32_t lalign = at_least(ki->local_align, LOCAL_ALIGN);
    uint32_t lstride = (ki->local_bytes + lalign - 1) & ~(lalign - 1);
    uint32_t loff[256];
    for (uint32_t i = 0; i < ki->nargs && i < 256; i++) {
        if (ki->args[i].kind != WQ_CL_ARG_LOCAL) continue;
        if (k->argv[i].local_size > LOCAL_MAX) return CL_OUT_OF_RESOURCES;
        loff[i] = lstride;
        lstride += ((uint32_t)k->argv[i].local_size + lalign - 1) & ~(lalign - 1);
        if (lstride > LOCAL_MAX) return CL_OUT_OF_RESOURCES;
    }
    cl_device_id d = q->dev;
    uint64_t groups = (uint64_t)(g[0] / l[0]) * (g[1] / l[1]) * (g[2] / l[2]);
    /* more work-groups in a dimension than a launch holds: chunks of at most
     * mg (WQ_LDLIMIT_GRID_DIM, or less under WQ_CL_MAX_GRID: backend.c),
     * launched one after another in one command block (kabi.def KTAIL says
     * what the kernel sees) */
    const uint32_t mg = d->max_grid;
    uint32_t ng[3], nch[3];
    for (int i = 0; i < 3; i++) {
        ng[i] = (uint32_t)(g[i] / l[i]);
        nch[i] = (ng[i] + mg - 1) / mg;
    }
    uint32_t nchunks = nch[0] * nch[1] * nch[2];
    if (nchunks > 1 && (ki->nested || enqueued(k->prog, ki->name))) return CL_OUT_OF_RESOURCES;
    if (nchunks > WQ_CL_MAX_CHUNKS) return CL_OUT_OF_RESOURCES;
    uint32_t qd = 0;
    if (ki->nested) {
        const char *why = "";
        if ((rc = wq_cl_nested_check(k, &why))) {
            fprintf(stderr, "warpq: kernel %s: %s\n", ki->name, why);
            return rc;
        }
        if ((rc = wq_cl_nested_queue(q->dev, &qd))) return rc;
    }

    launch_t *lr = calloc(1, sizeof *lr);
    /* the kernel ABI's promise: 16-byte aligned, a multiple of 16 bytes
     * long (the padding zero), so a kernel's LD.V4 of any four-word group
     * holding an argument stays inside the buffer */
    const uint32_t palign = 4u * WQ_KPARAM_ALIGN_WORDS;      /* kabi.def */
    uint32_t tail_at = (ki->param_bytes + palign - 1) & ~(palign - 1);
    uint32_t pbytes = tail_at + ((4u * WQ_KTAIL_WORDS + palign - 1) & ~(palign - 1));
    unsigned char *pb = calloc(1, pbytes);
    wq_cl_cmd_t *c = wq_cl_cmd_new(WQ_CMD_LAUNCH);
    if (lr) lr->mems = calloc(ki->nargs ? ki->nargs : 1, sizeof *lr->mems);
    if (lr) lr->more = calloc(2 * nchunks, sizeof *lr->more);
    if (!lr || !pb || !c || !lr->mems || !lr->more) {
        if (lr) free(lr->mems);
        if (lr) free(lr->more);
        free(lr);
        free(pb);
        free(c);
        return CL_OUT_OF_HOST_MEMORY;
    }
    lr->d = d;
    lr->prog = k->prog;
    wq_cl_obj_iretain(k->prog);
    rc = CL_OUT_OF_RESOURCES;
    if (lstride && wq_cl_heap_alloc(&d->heap, groups * lstride, lalign, &lr->local))
        goto fail;
    /* one private frame per work-item of the whole range, each at a
     * multiple of fralign: the compiler aligns an object's offset in the
     * frame to its type, the frame base makes the address aligned */
    const uint32_t fralign = at_least(ki->private_align, PRIVATE_ALIGN);
    uint32_t pstride = (ki->private_bytes + fralign - 1) & ~(fralign - 1);
    /* the printf buffer: zeroed, so a record that did not fit reads as
     * never written (printf.c) */
    if (ki->printf) {
        static const uint32_t zeros[WQ_PRINTF_BYTES / 4];
        if (wq_cl_heap_alloc(&d->heap, WQ_PRINTF_BYTES, 16, &lr->printf_buf) ||
            wq_drv_write(&d->drv, lr->printf_buf, zeros, WQ_PRINTF_BYTES / 4))
            goto fail;
    }
    uint64_t items = (uint64_t)g[0] * g[1] * g[2];
    if (pstride && (items * pstride > 0xFFFFFFFFu ||
                    wq_cl_heap_alloc(&d->heap, items * pstride, fralign, &lr->priv)))
        goto fail;
    lr->ncta = (uint32_t)groups;
    for (uint32_t i = 0; i < ki->nargs; i++) {
        cl_mem m = ki->args[i].kind == WQ_CL_ARG_LOCAL || ki->args[i].kind == WQ_CL_ARG_SCALAR ? NULL : k->argv[i].mem;
        if (m) {
            lr->mems[lr->nmems++] = m;
            wq_cl_obj_iretain(m);
        }
    }
    wq_cb_t cb;
    wq_cb_init(&cb, c->cb, sizeof c->cb / sizeof c->cb[0]);
    /* each chunk: its work-groups' __local blocks and work-items' private
     * frames are the ones after the chunks before it (whole strides past
     * an aligned base: as aligned as the first chunk's) */
    uint64_t groups_before = 0;
    for (uint32_t cz = 0; cz < nch[2]; cz++)
    for (uint32_t cy = 0; cy < nch[1]; cy++)
    for (uint32_t cx = 0; cx < nch[0]; cx++) {
        uint32_t base[3] = { cx * mg, cy * mg, cz * mg };
        uint32_t grid[3];
        for (int i = 0; i < 3; i++)
            grid[i] = ng[i] - base[i] < mg ? ng[i] - base[i] : mg;
        uint32_t local = lr->local ? lr->local + (uint32_t)(groups_before * lstride) : 0;
        uint32_t priv = lr->priv ? lr->priv + (uint32_t)(groups_before * l[0] * l[1] * l[2] * pstride) : 0;
        memset(pb, 0, pbytes);
        put_word(pb, 4 * WQ_KPARAM_QUEUE, qd);
        put_word(pb, 4 * WQ_KPARAM_DIM, dim);
        for (int i = 0; i < 3; i++) {
            /* the chunk's offset: GID + OFF is the NDRange's global id */
            put_word(pb, 4 * (WQ_KPARAM_OFF_X + i), (uint32_t)(o[i] + (uint64_t)base[i] * l[i]));
            put_word(pb, 4 * (WQ_KPARAM_GSZ_X + i), (uint32_t)g[i]);
            put_word(pb, tail_at + 4 * (WQ_KTAIL_GBASE_X + i), base[i]);
            put_word(pb, tail_at + 4 * (WQ_KTAIL_NGRP_X + i), ng[i]);
            put_word(pb, tail_at + 4 * (WQ_KTAIL_OFF_X + i), (uint32_t)o[i]);
        }
        put_word(pb, tail_at + 4 * WQ_KTAIL_LOCKS, d->atom64_locks);
        put_word(pb, tail_at + 4 * WQ_KTAIL_PRINTF, lr->printf_buf);
        put_word(pb, 4 * WQ_KPARAM_LOCAL, local);
        put_word(pb, 4 * WQ_KPARAM_LSTRIDE, lstride);
        put_word(pb, 4 * WQ_KPARAM_PRIVATE, priv);
        put_word(pb, 4 * WQ_KPARAM_PSTRIDE, pstride);
        for (uint32_t i = 0; i < ki->nargs; i++) {
            const wq_cl_arg_info_t *a = &ki->args[i];
            const wq_cl_argval_t *v = &k->argv[i];
            switch (a->kind) {
            case WQ_CL_ARG_GLOBAL: case WQ_CL_ARG_CONSTANT:
                put_word(pb, a->offset, v->mem ? v->mem->addr : 0);
                break;
            case WQ_CL_ARG_LOCAL:
                put_word(pb, a->offset, local + (i < 256 ? loff[i] : 0));
                break;
            case WQ_CL_ARG_SCALAR:
                memcpy(pb + a->offset, v->bytes, a->size);
                break;
            }
        }
        uint32_t params, desc;
        if (wq_cl_heap_alloc(&d->heap, pbytes, palign, &params)) goto fail;
        if (groups_before) lr->more[lr->nmore++] = params;
        else lr->params = params;
        if (params % palign || wq_cl_dev_write(d, params, pb, pbytes)) goto fail;
        uint32_t w[WQ_LD_WORDS] = {0};
        w[WQ_LD_CODE_BASE] = code_addr;
        w[WQ_LD_START_PC] = ki->entry;
        for (int i = 0; i < 3; i++) {
            w[WQ_LD_GRID_X + i] = grid[i];
            w[WQ_LD_CTA_X + i] = (uint32_t)l[i];
        }
        w[WQ_LD_PARAM] = params;
        w[WQ_LD_NREGS] = ki->nregs;
        w[WQ_LD_WAVE] = ki->wave;
        w[WQ_LD_YIELD] = ki->yield;
        w[WQ_LD_DEQUE] = d->drv.deque_log2 << WQ_LDF_DEQUE_LOG2_LO;
        w[WQ_LD_LOCAL_BASE] = local;     /* the kernel's S2R LOCAL: group k's block */
        w[WQ_LD_LOCAL_SIZE] = lstride;
        /* a descriptor the device would refuse (BAD_LAUNCH) never reaches it */
        if (wq_drv_desc_check(&d->drv, w)) { rc = CL_INVALID_KERNEL; goto fail; }
        if (wq_cl_heap_alloc(&d->heap, 4 * WQ_LD_WORDS, 64, &desc)) goto fail;
        if (groups_before) lr->more[lr->nmore++] = desc;
        else lr->desc = desc;
        if (wq_drv_write(&d->drv, desc, w, WQ_LD_WORDS)) goto fail;
        /* a nested-work launch is never split: its LAUNCH is part of the
         * session's block (nested.c) */
        if (!ki->nested && wq_cb_launch(&cb, desc)) goto fail;
        groups_before += (uint64_t)grid[0] * grid[1] * grid[2];
    }
    if (ki->nested) {
        c->prepare = nested_prepare;
        c->retired = nested_retired;
    } else {
        c->ncb = cb.n;
    }
    if (lr->printf_buf) c->complete = printf_complete;
    c->type = type;
    c->launch = lr;
    c->launch_free = launch_free;
    snprintf(c->what, sizeof c->what, "%.*s", (int)sizeof c->what - 1, ki->name);
    free(pb);
    return wq_cl_enqueue(q, c, nwait, wait, event);
fail:
    launch_free(lr);
    free(pb);
    free(c);
    return rc;
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueNDRangeKernel(cl_command_queue q, cl_kernel k, cl_uint dim, const size_t *off,
                           const size_t *gsz, const size_t *lsz, cl_uint nwait,
                           const cl_event *wait, cl_event *event)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(enqueue(q, k, dim, off, gsz, lsz, nwait, wait, event,
                                   CL_COMMAND_NDRANGE_KERNEL));
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueTask(cl_command_queue q, cl_kernel k, cl_uint nwait, const cl_event *wait,
                  cl_event *event)
{
    static const size_t one[3] = { 1, 1, 1 };
    wq_cl_lock();
    return wq_cl_unlock_rc(enqueue(q, k, 1, NULL, one, one, nwait, wait, event, CL_COMMAND_TASK));
}
