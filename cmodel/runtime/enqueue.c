/* enqueue.c -- the buffer commands of a queue: clEnqueueRead/Write/Copy/
 * FillBuffer, their *Rect forms, clEnqueueMapBuffer, clEnqueueUnmapMemObject,
 * markers, barriers, clEnqueueWaitForEvents, clEnqueueMigrateMemObjects
 * (docs/runtime.md).  Each checks every argument before anything is queued
 * (a refused call changes nothing), then hands a command to queue.c. */
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"

static int ev_done(void *e) { return wq_cl_event_done(e); }

/* enqueue c; for a blocking call wait for it and report its failure */
static cl_int finish(cl_command_queue q, wq_cl_cmd_t *c, cl_bool blocking, cl_uint nwait,
                     const cl_event *wait, cl_event *event)
{
    cl_event ev = NULL;
    cl_int rc = wq_cl_enqueue(q, c, nwait, wait, &ev);
    if (rc) return rc;
    if (blocking) {
        wq_cl_obj_iretain(ev);
        rc = wq_cl_wait_until(q->dev, ev_done, ev);
        if (!rc && ev->status < 0)
            rc = ev->status == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST
                     ? ev->status : CL_OUT_OF_RESOURCES;
        wq_cl_obj_irelease(ev);
    }
    if (event) *event = ev; else wq_cl_obj_release(ev);
    return rc;
}

static cl_int check_qm(cl_command_queue q, cl_mem m)
{
    if (!wq_cl_queue_ok(q)) return CL_INVALID_COMMAND_QUEUE;
    if (!wq_cl_mem_ok(m)) return CL_INVALID_MEM_OBJECT;
    if (m->ctx != q->ctx) return CL_INVALID_CONTEXT;
    return CL_SUCCESS;
}

static int in_range(const cl_mem m, size_t off, size_t n)
{
    return n != 0 && off <= m->size && n <= m->size - off;
}

static cl_int host_reads(cl_mem m)
{
    return m->flags & (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_NO_ACCESS) ? CL_INVALID_OPERATION
                                                                       : CL_SUCCESS;
}

static cl_int host_writes(cl_mem m)
{
    return m->flags & (CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS) ? CL_INVALID_OPERATION
                                                                      : CL_SUCCESS;
}

static wq_cl_cmd_t *cmd(enum wq_cl_cmd_kind kind, cl_mem m, cl_mem m2)
{
    wq_cl_cmd_t *c = wq_cl_cmd_new(kind);
    if (!c) return NULL;
    if ((c->mem = m)) wq_cl_obj_iretain(m);
    if ((c->mem2 = m2)) wq_cl_obj_iretain(m2);
    return c;
}

static cl_int rw(cl_command_queue q, cl_mem m, enum wq_cl_cmd_kind kind, cl_bool blocking,
                 size_t off, size_t n, void *ptr, cl_uint nwait, const cl_event *wait,
                 cl_event *event)
{
    cl_int rc = check_qm(q, m);
    if (rc) return rc;
    if (!ptr || !in_range(m, off, n)) return CL_INVALID_VALUE;
    if ((rc = kind == WQ_CMD_READ ? host_reads(m) : host_writes(m))) return rc;
    if ((rc = wq_cl_wait_list_ok(q->ctx, nwait, wait))) return rc;
    wq_cl_cmd_t *c = cmd(kind, m, NULL);
    if (!c) return CL_OUT_OF_HOST_MEMORY;
    c->off = off;
    c->size = n;
    c->ptr = ptr;
    return finish(q, c, blocking, nwait, wait, event);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueReadBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t off, size_t n,
                        void *ptr, cl_uint nwait, const cl_event *wait, cl_event *event)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(rw(q, m, WQ_CMD_READ, blocking, off, n, ptr, nwait, wait, event));
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueWriteBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, size_t off, size_t n,
                         const void *ptr, cl_uint nwait, const cl_event *wait, cl_event *event)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(rw(q, m, WQ_CMD_WRITE, blocking, off, n, (void *)ptr, nwait, wait,
                              event));
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueCopyBuffer(cl_command_queue q, cl_mem src, cl_mem dst, size_t soff, size_t doff,
                        size_t n, cl_uint nwait, const cl_event *wait, cl_event *event)
{
    wq_cl_lock();
    cl_int rc = check_qm(q, src);
    if (!rc) rc = check_qm(q, dst);
    if (rc) return wq_cl_unlock_rc(rc);
    if (!in_range(src, soff, n) || !in_range(dst, doff, n)) return wq_cl_unlock_rc(CL_INVALID_VALUE);
    /* buffers never share device memory unless one is (part of) the other */
    uint64_t s = (uint64_t)src->addr + soff, d = (uint64_t)dst->addr + doff;
    if (s < d + n && d < s + n) return wq_cl_unlock_rc(CL_MEM_COPY_OVERLAP);
    if ((rc = wq_cl_wait_list_ok(q->ctx, nwait, wait))) return wq_cl_unlock_rc(rc);
    wq_cl_cmd_t *c = cmd(WQ_CMD_COPY, src, dst);
    if (!c) return wq_cl_unlock_rc(CL_OUT_OF_HOST_MEMORY);
    c->off = soff;
    c->off2 = doff;
    c->size = n;
    return wq_cl_unlock_rc(finish(q, c, CL_FALSE, nwait, wait, event));
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueFillBuffer(cl_command_queue q, cl_mem m, const void *pattern, size_t ps,
                        size_t off, size_t n, cl_uint nwait, const cl_event *wait,
                        cl_event *event)
{
    wq_cl_lock();
    cl_int rc = check_qm(q, m);
    if (rc) return wq_cl_unlock_rc(rc);
    if (!pattern || ps == 0 || ps > 128 || (ps & (ps - 1)) || off % ps || n % ps ||
        !in_range(m, off, n))
        return wq_cl_unlock_rc(CL_INVALID_VALUE);
    if ((rc = wq_cl_wait_list_ok(q->ctx, nwait, wait))) return wq_cl_unlock_rc(rc);
    wq_cl_cmd_t *c = cmd(WQ_CMD_FILL, m, NULL);
    if (!c) return wq_cl_unlock_rc(CL_OUT_OF_HOST_MEMORY);
    memcpy(c->pattern, pattern, ps);
    c->pattern_size = ps;
    c->off = off;
    c->size = n;
    return wq_cl_unlock_rc(finish(q, c, CL_FALSE, nwait, wait, event));
}

/* ---- rectangles ------------------------------------------------------------------ */
/* fill in the default pitches and check them (OpenCL 1.2 §5.2.2) */
static cl_int pitches(const size_t *region, size_t *row, size_t *slice)
{
    if (*row == 0) *row = region[0];
    else if (*row < region[0]) return CL_INVALID_VALUE;
    if (*slice == 0) *slice = region[1] * *row;
    else if (*slice < region[1] * *row || *slice % *row) return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

/* one past the last byte the rectangle touches */
static size_t rect_end(const wq_cl_rect_t *r, const size_t *region)
{
    return r->origin[0] + region[0] + (r->origin[1] + region[1] - 1) * r->row_pitch +
           (r->origin[2] + region[2] - 1) * r->slice_pitch;
}

static cl_int rect_args(const size_t *origin, const size_t *region, size_t row, size_t slice,
                        wq_cl_rect_t *r)
{
    if (!origin || !region || !region[0] || !region[1] || !region[2]) return CL_INVALID_VALUE;
    cl_int rc = pitches(region, &row, &slice);
    if (rc) return rc;
    memcpy(r->origin, origin, sizeof r->origin);
    r->row_pitch = row;
    r->slice_pitch = slice;
    return CL_SUCCESS;
}

static cl_int rw_rect(cl_command_queue q, cl_mem m, enum wq_cl_cmd_kind kind, cl_bool blocking,
                      const size_t *bo, const size_t *ho, const size_t *region, size_t brp,
                      size_t bsp, size_t hrp, size_t hsp, void *ptr, cl_uint nwait,
                      const cl_event *wait, cl_event *event)
{
    cl_int rc = check_qm(q, m);
    if (rc) return rc;
    if (!ptr) return CL_INVALID_VALUE;
    wq_cl_cmd_t tmp;
    if ((rc = rect_args(bo, region, brp, bsp, &tmp.r1)) ||
        (rc = rect_args(ho, region, hrp, hsp, &tmp.r2)))
        return rc;
    if (rect_end(&tmp.r1, region) > m->size) return CL_INVALID_VALUE;
    if ((rc = kind == WQ_CMD_READ_RECT ? host_reads(m) : host_writes(m))) return rc;
    if ((rc = wq_cl_wait_list_ok(q->ctx, nwait, wait))) return rc;
    wq_cl_cmd_t *c = cmd(kind, m, NULL);
    if (!c) return CL_OUT_OF_HOST_MEMORY;
    c->r1 = tmp.r1;
    c->r2 = tmp.r2;
    memcpy(c->region, region, sizeof c->region);
    c->ptr = ptr;
    return finish(q, c, blocking, nwait, wait, event);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueReadBufferRect(cl_command_queue q, cl_mem m, cl_bool blocking, const size_t *bo,
                            const size_t *ho, const size_t *region, size_t brp, size_t bsp,
                            size_t hrp, size_t hsp, void *ptr, cl_uint nwait,
                            const cl_event *wait, cl_event *event)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(rw_rect(q, m, WQ_CMD_READ_RECT, blocking, bo, ho, region, brp, bsp,
                                   hrp, hsp, ptr, nwait, wait, event));
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueWriteBufferRect(cl_command_queue q, cl_mem m, cl_bool blocking, const size_t *bo,
                             const size_t *ho, const size_t *region, size_t brp, size_t bsp,
                             size_t hrp, size_t hsp, const void *ptr, cl_uint nwait,
                             const cl_event *wait, cl_event *event)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(rw_rect(q, m, WQ_CMD_WRITE_RECT, blocking, bo, ho, region, brp, bsp,
                                   hrp, hsp, (void *)ptr, nwait, wait, event));
}

/* do two rectangles of the same buffer share a byte?  Rows of each are
 * sorted and disjoint (pitch >= width), so each source row is looked up
 * in the destination rows by binary search */
static int rects_overlap(const wq_cl_rect_t *a, const wq_cl_rect_t *b, const size_t *region)
{
    size_t rows = region[1] * region[2];
    for (size_t i = 0; i < rows; i++) {
        size_t s = a->origin[0] + (a->origin[1] + i % region[1]) * a->row_pitch +
                   (a->origin[2] + i / region[1]) * a->slice_pitch;
        size_t lo = 0, hi = rows;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            size_t t = b->origin[0] + (b->origin[1] + mid % region[1]) * b->row_pitch +
                       (b->origin[2] + mid / region[1]) * b->slice_pitch;
            if (t + region[0] <= s) lo = mid + 1;
            else if (t >= s + region[0]) hi = mid;
            else return 1;
        }
    }
    return 0;
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueCopyBufferRect(cl_command_queue q, cl_mem src, cl_mem dst, const size_t *so,
                            const size_t *dso, const size_t *region, size_t srp, size_t ssp,
                            size_t drp, size_t dsp, cl_uint nwait, const cl_event *wait,
                            cl_event *event)
{
    wq_cl_lock();
    cl_int rc = check_qm(q, src);
    if (!rc) rc = check_qm(q, dst);
    if (rc) return wq_cl_unlock_rc(rc);
    wq_cl_cmd_t tmp;
    if ((rc = rect_args(so, region, srp, ssp, &tmp.r1)) ||
        (rc = rect_args(dso, region, drp, dsp, &tmp.r2)))
        return wq_cl_unlock_rc(rc);
    if (rect_end(&tmp.r1, region) > src->size || rect_end(&tmp.r2, region) > dst->size)
        return wq_cl_unlock_rc(CL_INVALID_VALUE);
    if (src == dst) {
        if (tmp.r1.row_pitch != tmp.r2.row_pitch || tmp.r1.slice_pitch != tmp.r2.slice_pitch)
            return wq_cl_unlock_rc(CL_INVALID_VALUE);
        if (rects_overlap(&tmp.r1, &tmp.r2, region)) return wq_cl_unlock_rc(CL_MEM_COPY_OVERLAP);
    }
    if ((rc = wq_cl_wait_list_ok(q->ctx, nwait, wait))) return wq_cl_unlock_rc(rc);
    wq_cl_cmd_t *c = cmd(WQ_CMD_COPY_RECT, src, dst);
    if (!c) return wq_cl_unlock_rc(CL_OUT_OF_HOST_MEMORY);
    c->r1 = tmp.r1;
    c->r2 = tmp.r2;
    memcpy(c->region, region, sizeof c->region);
    return wq_cl_unlock_rc(finish(q, c, CL_FALSE, nwait, wait, event));
}

/* ---- map / unmap ------------------------------------------------------------------ */
static void *map(cl_command_queue q, cl_mem m, cl_bool blocking, cl_map_flags flags, size_t off,
                 size_t n, cl_uint nwait, const cl_event *wait, cl_event *event, cl_int *rcp)
{
    cl_int rc = check_qm(q, m);
    if (rc) { *rcp = rc; return NULL; }
    const cl_map_flags all = CL_MAP_READ | CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION;
    if ((flags & ~all) || !in_range(m, off, n) ||
        ((flags & CL_MAP_WRITE_INVALIDATE_REGION) && (flags & (CL_MAP_READ | CL_MAP_WRITE)))) {
        *rcp = CL_INVALID_VALUE;
        return NULL;
    }
    if (((flags & CL_MAP_READ) && host_reads(m)) ||
        ((flags & (CL_MAP_WRITE | CL_MAP_WRITE_INVALIDATE_REGION)) && host_writes(m))) {
        *rcp = CL_INVALID_OPERATION;
        return NULL;
    }
    if ((rc = wq_cl_wait_list_ok(q->ctx, nwait, wait))) { *rcp = rc; return NULL; }
    wq_cl_mapping_t *p = calloc(1, sizeof *p);
    wq_cl_cmd_t *c = cmd(WQ_CMD_MAP, m, NULL);
    void *ptr = wq_cl_mem_host_view(m, off);
    int owned = 0;
    if (!ptr && p && c) { ptr = malloc(n); owned = 1; }
    if (!p || !c || !ptr) {
        free(p);
        if (owned) free(ptr);
        if (c) { wq_cl_obj_irelease(m); free(c); }
        *rcp = CL_OUT_OF_HOST_MEMORY;
        return NULL;
    }
    *p = (wq_cl_mapping_t){ .next = m->maps, .ptr = ptr, .off = off, .size = n,
                            .flags = flags, .owned = owned };
    m->maps = p;
    m->map_count++;
    c->off = off;
    c->size = n;
    c->ptr = ptr;
    c->map_flags = flags;
    *rcp = finish(q, c, blocking, nwait, wait, event);
    return ptr;
}

WQ_CL_API void *CL_API_CALL
wq_cl_EnqueueMapBuffer(cl_command_queue q, cl_mem m, cl_bool blocking, cl_map_flags flags,
                       size_t off, size_t n, cl_uint nwait, const cl_event *wait,
                       cl_event *event, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc;
    void *p = map(q, m, blocking, flags, off, n, nwait, wait, event, &rc);
    return wq_cl_unlock_ptr(p, rc, errcode_ret);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueUnmapMemObject(cl_command_queue q, cl_mem m, void *ptr, cl_uint nwait,
                            const cl_event *wait, cl_event *event)
{
    wq_cl_lock();
    cl_int rc = check_qm(q, m);
    if (rc) return wq_cl_unlock_rc(rc);
    wq_cl_mapping_t *p = m->maps;
    while (p && (p->ptr != ptr || p->unmapping)) p = p->next;
    if (!p || !ptr) return wq_cl_unlock_rc(CL_INVALID_VALUE);
    if ((rc = wq_cl_wait_list_ok(q->ctx, nwait, wait))) return wq_cl_unlock_rc(rc);
    wq_cl_cmd_t *c = cmd(WQ_CMD_UNMAP, m, NULL);
    if (!c) return wq_cl_unlock_rc(CL_OUT_OF_HOST_MEMORY);
    p->unmapping = 1;
    c->ptr = ptr;
    return wq_cl_unlock_rc(finish(q, c, CL_FALSE, nwait, wait, event));
}

/* ---- markers, barriers, migration ------------------------------------------------------ */
/* in an in-order queue a marker or barrier already follows every earlier
 * command; the wait list adds events of other queues and user events */
static cl_int marker(cl_command_queue q, cl_command_type type, cl_uint nwait,
                     const cl_event *wait, cl_event *event)
{
    if (!wq_cl_queue_ok(q)) return CL_INVALID_COMMAND_QUEUE;
    cl_int rc = wq_cl_wait_list_ok(q->ctx, nwait, wait);
    if (rc) return rc;
    wq_cl_cmd_t *c = cmd(WQ_CMD_MARKER, NULL, NULL);
    if (!c) return CL_OUT_OF_HOST_MEMORY;
    c->type = type;
    return finish(q, c, CL_FALSE, nwait, wait, event);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueMarkerWithWaitList(cl_command_queue q, cl_uint nwait, const cl_event *wait,
                                cl_event *event)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(marker(q, CL_COMMAND_MARKER, nwait, wait, event));
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueBarrierWithWaitList(cl_command_queue q, cl_uint nwait, const cl_event *wait,
                                 cl_event *event)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(marker(q, CL_COMMAND_BARRIER, nwait, wait, event));
}

WQ_CL_API cl_int CL_API_CALL wq_cl_EnqueueMarker(cl_command_queue q, cl_event *event)
{
    wq_cl_lock();
    if (!wq_cl_queue_ok(q)) return wq_cl_unlock_rc(CL_INVALID_COMMAND_QUEUE);
    if (!event) return wq_cl_unlock_rc(CL_INVALID_VALUE);
    return wq_cl_unlock_rc(marker(q, CL_COMMAND_MARKER, 0, NULL, event));
}

WQ_CL_API cl_int CL_API_CALL wq_cl_EnqueueBarrier(cl_command_queue q)
{
    wq_cl_lock();
    return wq_cl_unlock_rc(marker(q, CL_COMMAND_BARRIER, 0, NULL, NULL));
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueWaitForEvents(cl_command_queue q, cl_uint n, const cl_event *list)
{
    wq_cl_lock();
    if (!wq_cl_queue_ok(q)) return wq_cl_unlock_rc(CL_INVALID_COMMAND_QUEUE);
    if (n == 0 || !list) return wq_cl_unlock_rc(CL_INVALID_VALUE);
    for (cl_uint i = 0; i < n; i++) {
        if (!wq_cl_obj_ok(list[i], WQ_CL_EVENT)) return wq_cl_unlock_rc(CL_INVALID_EVENT);
        if (list[i]->ctx != q->ctx) return wq_cl_unlock_rc(CL_INVALID_CONTEXT);
    }
    return wq_cl_unlock_rc(marker(q, CL_COMMAND_BARRIER, n, list, NULL));
}

/* one device, one memory: there is nowhere else for a buffer to be */
WQ_CL_API cl_int CL_API_CALL
wq_cl_EnqueueMigrateMemObjects(cl_command_queue q, cl_uint n, const cl_mem *mems,
                               cl_mem_migration_flags flags, cl_uint nwait,
                               const cl_event *wait, cl_event *event)
{
    wq_cl_lock();
    if (!wq_cl_queue_ok(q)) return wq_cl_unlock_rc(CL_INVALID_COMMAND_QUEUE);
    if (n == 0 || !mems ||
        (flags & ~(cl_mem_migration_flags)(CL_MIGRATE_MEM_OBJECT_HOST |
                                           CL_MIGRATE_MEM_OBJECT_CONTENT_UNDEFINED)))
        return wq_cl_unlock_rc(CL_INVALID_VALUE);
    for (cl_uint i = 0; i < n; i++) {
        if (!wq_cl_mem_ok(mems[i])) return wq_cl_unlock_rc(CL_INVALID_MEM_OBJECT);
        if (mems[i]->ctx != q->ctx) return wq_cl_unlock_rc(CL_INVALID_CONTEXT);
    }
    return wq_cl_unlock_rc(marker(q, CL_COMMAND_MIGRATE_MEM_OBJECTS, nwait, wait, event));
}
