/* queue.c -- in-order command queues and the progress engine:
 * clCreateCommandQueue, clRetainCommandQueue, clReleaseCommandQueue,
 * clGetCommandQueueInfo, clSetCommandQueueProperty, clFlush, clFinish
 * (docs/runtime.md).
 *
 * A queue owns a driver channel (or shares one when the device has no
 * free channel left) and a completion word in device memory.  Commands run
 * in order:
 *   - a kernel launch is submitted to the channel as soon as every earlier
 *     host-side command of the queue is done and its wait list is complete;
 *     its command block ends with a semaphore RELEASE_WFI of the launch's
 *     completion number, so the word says which launches are finished;
 *   - a host-side command (read, write, copy, fill, map, unmap, marker)
 *     runs on the host, through the driver's memory access, once every
 *     earlier command of the queue is complete.
 * The device only moves while someone waits (clFinish, clWaitForEvents, a
 * blocking call) or polls an event's status: the simulation runs in that
 * thread, one driver poll slice at a time, interrupts serviced by the
 * driver in between (traps and channel errors become failed events).
 *
 * Profiling timestamps are device time: QUEUED at enqueue, SUBMIT when the
 * launch enters the ring (a host command: when it starts), START and END of
 * a launch from the device's own event records -- the LAUNCH record of its
 * descriptor and the SEM record of its completion release -- which the
 * runtime listens to while a profiling queue exists. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"
#include "wq/encode.h"
#include "wq/trace.h"

#define RING_LOG2 6u                /* 64 entries: 63 launches in flight */

int wq_cl_queue_ok(cl_command_queue q) { return wq_cl_obj_ok(q, WQ_CL_QUEUE); }

static unsigned profiling_queues(cl_device_id d)
{
    unsigned n = 0;
    for (cl_command_queue q = d->queues; q; q = q->next_live)
        if (q->props & CL_QUEUE_PROFILING_ENABLE) n++;
    return n;
}

/* ---- the device's event records: exact START/END of launches ------------------ */
static void on_record(void *user, const wq_trace_rec_t *r, uint64_t now)
{
    cl_device_id d = user;
    wq_cl_watch_record(d, r, now);
    if (r->kind != WQ_EV_LAUNCH && r->kind != WQ_EV_SEM) return;
    for (cl_command_queue q = d->queues; q; q = q->next_live) {
        if (q->chan != r->unit) continue;
        for (wq_cl_cmd_t *c = q->head; c; c = c->next) {
            if (c->kind != WQ_CMD_LAUNCH || !c->submitted) continue;
            if (r->kind == WQ_EV_LAUNCH && !c->ev->t_start && c->cb[1] == r->a)
                c->ev->t_start = now;
            else if (r->kind == WQ_EV_SEM && r->a == q->sem && (uint32_t)r->b == c->seq)
                c->ev->t_end = now;
        }
    }
}

static void tracing(cl_device_id d)
{
    int want = profiling_queues(d) > 0 || d->trace_out || d->timeline;
    if (want == d->tracing || !d->dev.trace) return;
    d->dev.trace(d->dev.impl, want ? on_record : NULL, want ? d : NULL);
    d->tracing = want;
}

void wq_cl_tracing(cl_device_id d) { tracing(d); }

/* ---- queue objects ------------------------------------------------------------- */
static int chan_used(cl_device_id d, unsigned ch)
{
    for (cl_command_queue q = d->queues; q; q = q->next_live)
        if (q->chan == ch) return 1;
    return 0;
}

static void unlink_live(cl_command_queue q)
{
    for (cl_command_queue *pp = &q->dev->queues; *pp; pp = &(*pp)->next_live)
        if (*pp == q) { *pp = q->next_live; break; }
    q->next_live = NULL;
}

static void destroy(wq_cl_obj_t *o)
{
    cl_command_queue q = (cl_command_queue)o;
    cl_device_id d = q->dev;
    unlink_live(q);
    /* the channel goes back to the driver unless another queue shares it */
    if (!chan_used(d, q->chan)) wq_drv_chan_close(&d->drv, q->chan);
    wq_cl_heap_free(&d->heap, q->sem);
    tracing(d);
    wq_cl_obj_irelease(q->ctx);
}

cl_command_queue wq_cl_queue_create(cl_context ctx, cl_device_id dev,
                                    cl_command_queue_properties props, cl_int *rc)
{
    if (!wq_cl_context_ok(ctx)) { *rc = CL_INVALID_CONTEXT; return NULL; }
    if (!wq_cl_obj_ok(dev, WQ_CL_DEVICE) || dev != ctx->dev) { *rc = CL_INVALID_DEVICE; return NULL; }
    const cl_command_queue_properties known =
        CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
    if (props & ~known) { *rc = CL_INVALID_VALUE; return NULL; }
    if (props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) { *rc = CL_INVALID_QUEUE_PROPERTIES; return NULL; }
    cl_command_queue q = wq_cl_obj_new(sizeof *q, WQ_CL_QUEUE, destroy);
    if (!q) { *rc = CL_OUT_OF_HOST_MEMORY; return NULL; }
    q->ctx = ctx;
    q->dev = dev;
    q->props = props;
    if (wq_cl_heap_alloc(&dev->heap, 4, 4, &q->sem)) {
        free(q);
        *rc = CL_OUT_OF_RESOURCES;
        return NULL;
    }
    uint32_t zero = 0;
    int drc = wq_drv_write(&dev->drv, q->sem, &zero, 1);
    /* a channel of its own while the device has one, else share the
     * channel of the first live queue (still in order: stricter, not wrong) */
    if (!drc) drc = wq_drv_chan_open(&dev->drv, RING_LOG2, &q->chan);
    if (drc == WQ_E_NOCHAN && dev->queues) { q->chan = dev->queues->chan; drc = 0; }
    if (drc) {
        wq_cl_heap_free(&dev->heap, q->sem);
        free(q);
        *rc = CL_OUT_OF_RESOURCES;
        return NULL;
    }
    wq_cl_obj_iretain(ctx);
    q->next_live = dev->queues;
    dev->queues = q;
    tracing(dev);
    *rc = CL_SUCCESS;
    return q;
}

WQ_CL_API cl_command_queue CL_API_CALL
wq_cl_CreateCommandQueue(cl_context ctx, cl_device_id dev, cl_command_queue_properties props,
                         cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc;
    cl_command_queue q = wq_cl_queue_create(ctx, dev, props, &rc);
    return wq_cl_unlock_ptr(q, rc, errcode_ret);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_RetainCommandQueue(cl_command_queue q)
{
    wq_cl_lock();
    if (!wq_cl_queue_ok(q)) return wq_cl_unlock_rc(CL_INVALID_COMMAND_QUEUE);
    wq_cl_obj_retain(q);
    return wq_cl_unlock_rc(CL_SUCCESS);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_ReleaseCommandQueue(cl_command_queue q)
{
    wq_cl_lock();
    if (!wq_cl_queue_ok(q)) return wq_cl_unlock_rc(CL_INVALID_COMMAND_QUEUE);
    /* the last release flushes and waits: the queue's commands still run
     * (their events hold the queue), and its channel is given back */
    if (q->h.refs == 1) wq_cl_finish(q);
    wq_cl_obj_release(q);
    return wq_cl_unlock_rc(CL_SUCCESS);
}

#define RET(T, v) do { T _v = (v); rc = wq_cl_info(&_v, sizeof _v, size, value, size_ret); } while (0)

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetCommandQueueInfo(cl_command_queue q, cl_command_queue_info param, size_t size,
                          void *value, size_t *size_ret)
{
    wq_cl_lock();
    cl_int rc;
    if (!wq_cl_queue_ok(q)) return wq_cl_unlock_rc(CL_INVALID_COMMAND_QUEUE);
    switch (param) {
    case CL_QUEUE_CONTEXT:         RET(cl_context, q->ctx); break;
    case CL_QUEUE_DEVICE:          RET(cl_device_id, q->dev); break;
    case CL_QUEUE_REFERENCE_COUNT: RET(cl_uint, q->h.refs); break;
    case CL_QUEUE_PROPERTIES:      RET(cl_command_queue_properties, q->props); break;
    default: rc = CL_INVALID_VALUE;
    }
    return wq_cl_unlock_rc(rc);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_SetCommandQueueProperty(cl_command_queue q, cl_command_queue_properties props,
                              cl_bool enable, cl_command_queue_properties *old)
{
    wq_cl_lock();
    if (!wq_cl_queue_ok(q)) return wq_cl_unlock_rc(CL_INVALID_COMMAND_QUEUE);
    const cl_command_queue_properties known =
        CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE;
    if (props & ~known) return wq_cl_unlock_rc(CL_INVALID_VALUE);
    if (enable && (props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE))
        return wq_cl_unlock_rc(CL_INVALID_QUEUE_PROPERTIES);
    if (old) *old = q->props;
    /* commands already queued keep the setting they were enqueued with */
    cl_int rc = wq_cl_finish(q);
    if (enable) q->props |= props; else q->props &= ~props;
    tracing(q->dev);
    return wq_cl_unlock_rc(rc);
}

/* ---- commands ------------------------------------------------------------------ */
wq_cl_cmd_t *wq_cl_cmd_new(enum wq_cl_cmd_kind kind)
{
    wq_cl_cmd_t *c = calloc(1, sizeof *c);
    if (c) c->kind = kind;
    return c;
}

static void cmd_free(wq_cl_cmd_t *c)
{
    for (cl_uint i = 0; i < c->nwait; i++) wq_cl_obj_irelease(c->wait[i]);
    free(c->wait);
    if (c->mem) wq_cl_obj_irelease(c->mem);
    if (c->mem2) wq_cl_obj_irelease(c->mem2);
    if (c->launch && c->launch_free) c->launch_free(c->launch);
    if (c->ev) wq_cl_obj_irelease(c->ev);
    free(c);
}

static cl_command_type cmd_type(const wq_cl_cmd_t *c)
{
    switch (c->kind) {
    case WQ_CMD_READ:       return CL_COMMAND_READ_BUFFER;
    case WQ_CMD_WRITE:      return CL_COMMAND_WRITE_BUFFER;
    case WQ_CMD_COPY:       return CL_COMMAND_COPY_BUFFER;
    case WQ_CMD_FILL:       return CL_COMMAND_FILL_BUFFER;
    case WQ_CMD_MAP:        return CL_COMMAND_MAP_BUFFER;
    case WQ_CMD_UNMAP:      return CL_COMMAND_UNMAP_MEM_OBJECT;
    case WQ_CMD_READ_RECT:  return CL_COMMAND_READ_BUFFER_RECT;
    case WQ_CMD_WRITE_RECT: return CL_COMMAND_WRITE_BUFFER_RECT;
    case WQ_CMD_COPY_RECT:  return CL_COMMAND_COPY_BUFFER_RECT;
    case WQ_CMD_MARKER:     return CL_COMMAND_MARKER;
    case WQ_CMD_LAUNCH:     return CL_COMMAND_NDRANGE_KERNEL;
    }
    return 0;
}

cl_int wq_cl_enqueue(cl_command_queue q, wq_cl_cmd_t *c, cl_uint nwait, const cl_event *wait,
                     cl_event *event)
{
    cl_int rc = wq_cl_wait_list_ok(q->ctx, nwait, wait);
    if (rc) { cmd_free(c); return rc; }
    cl_command_type type = c->type ? c->type : cmd_type(c);
    c->ev = wq_cl_event_new(q->ctx, q, type);
    if (!c->ev) { cmd_free(c); return CL_OUT_OF_HOST_MEMORY; }
    /* the command's reference; the application's only if it asked */
    wq_cl_obj_iretain(c->ev);
    if (event) *event = c->ev; else wq_cl_obj_release(c->ev);
    if (nwait) {
        c->wait = malloc(nwait * sizeof *c->wait);
        if (!c->wait) {
            if (event) *event = NULL;
            cmd_free(c);
            return CL_OUT_OF_HOST_MEMORY;
        }
        for (cl_uint i = 0; i < nwait; i++) {
            c->wait[i] = wait[i];
            wq_cl_obj_iretain(wait[i]);
        }
        c->nwait = nwait;
    }
    c->ev->t_queued = wq_cl_device_time(q->dev);
    if (q->tail) q->tail->next = c; else q->head = c;
    q->tail = c;
    wq_cl_progress(q->dev);
    return CL_SUCCESS;
}

/* ---- progress --------------------------------------------------------------------- */
static void fail_cmd(wq_cl_cmd_t *c, cl_int status, const char *why)
{
    if (why && !c->ev->why[0]) snprintf(c->ev->why, sizeof c->ev->why, "%s", why);
    wq_cl_event_set(c->ev, status);
}

static int submit(cl_command_queue q, wq_cl_cmd_t *c)
{
    cl_device_id d = q->dev;
    uint32_t w[48];
    wq_cb_t cb;
    wq_cb_init(&cb, w, 48);
    for (uint32_t i = 0; i < c->ncb; i++) wq_cb_word(&cb, c->cb[i]);
    if (c->prepare) {
        /* a nested-work session: its block (LAUNCH ... ACQUIRE Y) */
        int pr = c->prepare(q, c, &cb);
        if (pr > 0) return 0;                  /* another session runs: later */
        if (pr < 0) {
            fail_cmd(c, CL_OUT_OF_RESOURCES, "nested-work session not started");
            c->retired = NULL;
            return 1;
        }
    }
    uint32_t seq = q->seq + 1;
    /* RELEASE_WFI: the word changes only when the engine is idle, i.e. after
     * every store of the kernel (docs/spec.md §6.3 rule 5) */
    wq_sem_exec_t rel = { .op = WQ_SEMOP_RELEASE, .release_wfi = 1 };
    wq_cb_sem(&cb, q->sem, seq, &rel);
    int rc = wq_drv_submit(&d->drv, q->chan, &cb);
    if (rc && c->retired) c->retired(q, c, 1); /* the session is abandoned */
    if (rc == WQ_E_RING_FULL) return 0;        /* later, when the ring drains */
    if (rc) {
        char why[96];
        snprintf(why, sizeof why, "launch of %s not submitted: %s", c->what, wq_drv_strerror(rc));
        fail_cmd(c, CL_OUT_OF_RESOURCES, why);
        return 1;
    }
    q->seq = seq;
    c->seq = seq;
    c->submitted = 1;
    c->ev->t_submit = wq_cl_device_time(d);
    wq_cl_event_set(c->ev, CL_SUBMITTED);
    /* without the device's records, the launch counts as running from here */
    if (!(q->props & CL_QUEUE_PROFILING_ENABLE)) wq_cl_event_set(c->ev, CL_RUNNING);
    return 1;
}

static void run_host(cl_device_id d, wq_cl_cmd_t *c)
{
    c->ev->t_submit = c->ev->t_start = wq_cl_device_time(d);
    wq_cl_event_set(c->ev, CL_SUBMITTED);
    wq_cl_event_set(c->ev, CL_RUNNING);
    cl_int rc = wq_cl_cmd_exec(d, c);
    c->ev->t_end = wq_cl_device_time(d);
    wq_cl_event_set(c->ev, rc ? rc : CL_COMPLETE);
}

/* launches whose completion number the device has released */
static void retire(cl_command_queue q)
{
    uint32_t done;
    if (wq_drv_read(&q->dev->drv, q->sem, &done, 1)) return;
    for (wq_cl_cmd_t *c = q->head; c; c = c->next) {
        if (c->kind != WQ_CMD_LAUNCH || !c->submitted || wq_cl_event_done(c->ev)) continue;
        if ((int32_t)(done - c->seq) < 0) break;
        if (!(q->props & CL_QUEUE_PROFILING_ENABLE)) c->ev->t_end = wq_cl_device_time(q->dev);
        if (!c->ev->t_start) c->ev->t_start = c->ev->t_submit;
        if (!c->ev->t_end) c->ev->t_end = wq_cl_device_time(q->dev);
        wq_cl_event_set(c->ev, CL_RUNNING);
        if (c->retired) { c->retired(q, c, 0); c->retired = NULL; }
        if (!c->ev->why[0] && c->complete) c->complete(c);
        wq_cl_event_set(c->ev, c->ev->why[0] ? CL_OUT_OF_RESOURCES : CL_COMPLETE);
    }
}

static void step_queue(cl_command_queue q)
{
    cl_device_id d = q->dev;
    retire(q);
    int earlier_pending = 0;       /* an earlier command is not complete */
    for (wq_cl_cmd_t *c = q->head; c; c = c->next) {
        if (wq_cl_event_done(c->ev)) continue;
        if (c->kind == WQ_CMD_LAUNCH && c->submitted) { earlier_pending = 1; continue; }
        int waiting = 0, failed = 0;
        for (cl_uint i = 0; i < c->nwait; i++) {
            if (c->wait[i]->status < 0) failed = 1;
            else if (!wq_cl_event_done(c->wait[i])) waiting = 1;
        }
        if (failed) {
            fail_cmd(c, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
                     "an event of its wait list failed");
            continue;
        }
        if (waiting) break;
        /* every earlier host command is done here (an unfinished one
         * stopped the walk); earlier launches are in the ring before it */
        if (c->kind == WQ_CMD_LAUNCH) {
            if (!submit(q, c)) break;
            earlier_pending = 1;
            continue;
        }
        if (earlier_pending) break;
        run_host(d, c);
        if (!wq_cl_event_done(c->ev)) break;
    }
    /* drop the finished commands from the front */
    while (q->head && wq_cl_event_done(q->head->ev)) {
        wq_cl_cmd_t *c = q->head;
        q->head = c->next;
        if (!q->head) q->tail = NULL;
        cmd_free(c);
    }
}

/* faults the driver logged since we last looked: a fatal trap fails the
 * earliest running launch, a channel error the queue's oldest launch */
static void attribute_faults(cl_device_id d)
{
    wq_drv_t *drv = &d->drv;
    for (; d->faults_seen < drv->nfaults; d->faults_seen++) {
        if (d->faults_seen >= WQ_DRV_MAX_FAULTS) continue;
        const wq_drv_fault_t *f = &drv->faults[d->faults_seen];
        char why[160];
        for (cl_command_queue q = d->queues; q; q = q->next_live) {
            if (!f->is_trap && q->chan != f->unit) continue;
            wq_cl_cmd_t *c = q->head;
            while (c && (c->kind != WQ_CMD_LAUNCH || !c->submitted || wq_cl_event_done(c->ev)))
                c = c->next;
            if (!c) continue;
            if (f->is_trap)
                snprintf(why, sizeof why, "kernel %s: trap %s at pc %u (warp slot %u)",
                         c->what, wq_trap_name(f->code), f->info, f->unit);
            else
                snprintf(why, sizeof why, "kernel %s: channel %u error %s (info 0x%08x)",
                         c->what, f->unit, wq_cherr_name(f->code), f->info);
            if (!c->ev->why[0]) {
                snprintf(c->ev->why, sizeof c->ev->why, "%s", why);
                fprintf(stderr, "warpq: %s\n", why);
                wq_cl_context_notify(q->ctx, why);
            }
            if (!f->is_trap) {
                /* the channel stopped: fail this launch, restart the ring and
                 * submit the later ones again */
                wq_cl_event_set(c->ev, CL_OUT_OF_RESOURCES);
                if (c->retired) { c->retired(q, c, 1); c->retired = NULL; }
                wq_drv_chan_reset(drv, q->chan);
                uint32_t done = c->seq;
                wq_drv_write(drv, q->sem, &done, 1);
                for (wq_cl_cmd_t *l = c->next; l; l = l->next)
                    if (l->kind == WQ_CMD_LAUNCH && l->submitted && !wq_cl_event_done(l->ev))
                        l->submitted = 0;
                q->seq = done;
            }
            break;
        }
    }
}

void wq_cl_progress(cl_device_id d)
{
    attribute_faults(d);
    /* hold each queue while stepping: finishing its last command may drop
     * the last reference */
    for (cl_command_queue q = d->queues, n; q; q = n) {
        wq_cl_obj_iretain(q);
        step_queue(q);
        n = q->next_live;
        wq_cl_obj_irelease(q);
    }
}

/* rtl backend: the kernels in flight, for a mismatch report */
static void name_running(cl_device_id d)
{
    char what[256];
    size_t n = (size_t)snprintf(what, sizeof what, "OpenCL kernel(s):");
    for (cl_command_queue q = d->queues; q; q = q->next_live)
        for (wq_cl_cmd_t *c = q->head; c; c = c->next)
            if (c->kind == WQ_CMD_LAUNCH && c->submitted && !wq_cl_event_done(c->ev)) {
                if (n < sizeof what) n += (size_t)snprintf(what + n, sizeof what - n, " %s", c->what);
                break;
            }
    d->rtl_what(&d->dev, what);
}

/* run the device one poll slice, service its interrupts, then progress */
static int slice(cl_device_id d)
{
    if (d->rtl_what) name_running(d);
    int rc = wq_drv_service(&d->drv);
    if (!rc && d->dev.wait(d->dev.impl, d->drv.opt.poll) < 0) rc = WQ_E_DEV;
    if (!rc) rc = wq_drv_service(&d->drv);
    wq_cl_progress(d);
    return rc;
}

cl_int wq_cl_wait_until(cl_device_id d, int (*done)(void *), void *arg)
{
    wq_cl_progress(d);
    while (!done(arg)) {
        if (slice(d)) return CL_OUT_OF_RESOURCES;
        wq_cl_lock_yield();
    }
    return CL_SUCCESS;
}

/* a launch the device has and has not finished */
static int launch_in_flight(cl_device_id d)
{
    for (cl_command_queue q = d->queues; q; q = q->next_live)
        for (wq_cl_cmd_t *c = q->head; c; c = c->next)
            if (c->kind == WQ_CMD_LAUNCH && c->submitted && !wq_cl_event_done(c->ev)) return 1;
    return 0;
}

/* a poll of an event's status: flushed work must make progress although
 * nobody blocks (OpenCL 1.2 §5.13), and the device only runs in a calling
 * thread, so the poll runs it -- up to POLL_SLICES slices, fewer once the
 * event's status changes or no launch is in flight; other threads enter
 * the API between slices, as in a wait.  A device that stops answering
 * fails nothing here: the next wait reports it. */
#define POLL_SLICES 16u
void wq_cl_poll(cl_device_id d, cl_event e)
{
    wq_cl_progress(d);
    cl_int before = e->status;
    wq_cl_obj_iretain(e);       /* another thread may release it between slices */
    for (unsigned i = 0; i < POLL_SLICES && e->status == before && !wq_cl_event_done(e) &&
                         launch_in_flight(d); i++) {
        if (slice(d)) break;
        wq_cl_lock_yield();
    }
    wq_cl_obj_irelease(e);
}

static int queue_empty(void *p) { return ((cl_command_queue)p)->head == NULL; }

cl_int wq_cl_finish(cl_command_queue q)
{
    wq_cl_obj_iretain(q);
    cl_int rc = wq_cl_wait_until(q->dev, queue_empty, q);
    wq_cl_obj_irelease(q);
    return rc;
}

WQ_CL_API cl_int CL_API_CALL wq_cl_Finish(cl_command_queue q)
{
    wq_cl_lock();
    if (!wq_cl_queue_ok(q)) return wq_cl_unlock_rc(CL_INVALID_COMMAND_QUEUE);
    return wq_cl_unlock_rc(wq_cl_finish(q));
}

WQ_CL_API cl_int CL_API_CALL wq_cl_Flush(cl_command_queue q)
{
    wq_cl_lock();
    if (!wq_cl_queue_ok(q)) return wq_cl_unlock_rc(CL_INVALID_COMMAND_QUEUE);
    wq_cl_progress(q->dev);
    return wq_cl_unlock_rc(CL_SUCCESS);
}
