/* event.c -- events: clWaitForEvents, clGetEventInfo,
 * clGetEventProfilingInfo, clCreateUserEvent, clSetUserEventStatus,
 * clSetEventCallback, clRetainEvent, clReleaseEvent (docs/runtime.md).
 *
 * Every command has an event (the runtime holds a reference while the
 * command exists); the status only moves forward, QUEUED -> SUBMITTED ->
 * RUNNING -> COMPLETE, or to a negative error code, and each step fires
 * the callbacks registered for it after the API lock is dropped. */
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"

static void destroy(wq_cl_obj_t *o)
{
    cl_event e = (cl_event)o;
    for (wq_cl_evcb_t *c = e->cbs, *n; c; c = n) {
        n = c->next;
        free(c);
    }
    e->cbs = NULL;
    if (e->q) wq_cl_obj_irelease(e->q);
    wq_cl_obj_irelease(e->ctx);
}

cl_event wq_cl_event_new(cl_context ctx, cl_command_queue q, cl_command_type type)
{
    cl_event e = wq_cl_obj_new(sizeof *e, WQ_CL_EVENT, destroy);
    if (!e) return NULL;
    e->ctx = ctx;
    wq_cl_obj_iretain(ctx);
    e->q = q;
    if (q) wq_cl_obj_iretain(q);
    e->type = type;
    e->status = q ? CL_QUEUED : CL_SUBMITTED;
    return e;
}

int wq_cl_event_done(cl_event e) { return e->status <= CL_COMPLETE; }

static void run_cb(wq_cl_cb_t *cb)
{
    void (CL_CALLBACK *fn)(cl_event, cl_int, void *) =
        (void (CL_CALLBACK *)(cl_event, cl_int, void *))(uintptr_t)cb->fn;
    fn((cl_event)cb->obj, cb->status, cb->user);
}

static void fire(cl_event e, wq_cl_evcb_t *c, cl_int status)
{
    wq_cl_cb_t *cb = calloc(1, sizeof *cb);
    if (!cb) return;
    cb->run = run_cb;
    cb->fn = (void *)(uintptr_t)c->fn;
    cb->user = c->user;
    cb->obj = e;
    cb->obj_ref = e;
    cb->status = status;
    wq_cl_defer(cb);
}

/* fire every callback whose status has been reached (all of them, with
 * the error code, when the command failed) */
static void fire_reached(cl_event e)
{
    wq_cl_evcb_t **pp = &e->cbs;
    while (*pp) {
        wq_cl_evcb_t *c = *pp;
        if (e->status < 0 || e->status <= c->on) {
            fire(e, c, e->status < 0 ? e->status : c->on);
            *pp = c->next;
            free(c);
        } else {
            pp = &c->next;
        }
    }
}

void wq_cl_event_set(cl_event e, cl_int status)
{
    if (e->status <= CL_COMPLETE) return;          /* final already */
    if (status >= e->status) return;               /* never backwards */
    e->status = status;
    fire_reached(e);
}

cl_int wq_cl_wait_list_ok(cl_context ctx, cl_uint n, const cl_event *list)
{
    if ((n == 0) != (list == NULL)) return CL_INVALID_EVENT_WAIT_LIST;
    for (cl_uint i = 0; i < n; i++) {
        if (!wq_cl_obj_ok(list[i], WQ_CL_EVENT)) return CL_INVALID_EVENT_WAIT_LIST;
        if (list[i]->ctx != ctx) return CL_INVALID_CONTEXT;
    }
    return CL_SUCCESS;
}

/* ---- API ------------------------------------------------------------------- */
typedef struct { cl_uint n; const cl_event *e; } evlist_t;

static int all_done(void *p)
{
    const evlist_t *l = p;
    for (cl_uint i = 0; i < l->n; i++)
        if (!wq_cl_event_done(l->e[i])) return 0;
    return 1;
}

WQ_CL_API cl_int CL_API_CALL wq_cl_WaitForEvents(cl_uint n, const cl_event *list)
{
    wq_cl_lock();
    if (n == 0 || !list) return wq_cl_unlock_rc(CL_INVALID_VALUE);
    for (cl_uint i = 0; i < n; i++) {
        if (!wq_cl_obj_ok(list[i], WQ_CL_EVENT)) return wq_cl_unlock_rc(CL_INVALID_EVENT);
        if (list[i]->ctx != list[0]->ctx) return wq_cl_unlock_rc(CL_INVALID_CONTEXT);
    }
    /* hold the events: another thread may release them while we wait */
    for (cl_uint i = 0; i < n; i++) wq_cl_obj_iretain(list[i]);
    evlist_t l = { n, list };
    cl_int rc = wq_cl_wait_until(list[0]->ctx->dev, all_done, &l);
    for (cl_uint i = 0; !rc && i < n; i++)
        if (list[i]->status < 0) rc = CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST;
    for (cl_uint i = 0; i < n; i++) wq_cl_obj_irelease(list[i]);
    return wq_cl_unlock_rc(rc);
}

#define RET(T, v) do { T _v = (v); rc = wq_cl_info(&_v, sizeof _v, size, value, size_ret); } while (0)

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetEventInfo(cl_event e, cl_event_info param, size_t size, void *value, size_t *size_ret)
{
    wq_cl_lock();
    cl_int rc;
    if (!wq_cl_obj_ok(e, WQ_CL_EVENT)) return wq_cl_unlock_rc(CL_INVALID_EVENT);
    switch (param) {
    case CL_EVENT_COMMAND_QUEUE:   RET(cl_command_queue, e->q); break;
    case CL_EVENT_CONTEXT:         RET(cl_context, e->ctx); break;
    case CL_EVENT_COMMAND_TYPE:    RET(cl_command_type, e->type); break;
    case CL_EVENT_REFERENCE_COUNT: RET(cl_uint, e->h.refs); break;
    case CL_EVENT_COMMAND_EXECUTION_STATUS:
        /* a program that polls this must see progress, flushed launches too */
        wq_cl_poll(e->ctx->dev, e);
        RET(cl_int, e->status);
        break;
    default: rc = CL_INVALID_VALUE;
    }
    return wq_cl_unlock_rc(rc);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetEventProfilingInfo(cl_event e, cl_profiling_info param, size_t size, void *value,
                            size_t *size_ret)
{
    wq_cl_lock();
    cl_int rc;
    if (!wq_cl_obj_ok(e, WQ_CL_EVENT)) return wq_cl_unlock_rc(CL_INVALID_EVENT);
    if (!e->q || !(e->q->props & CL_QUEUE_PROFILING_ENABLE) || e->status != CL_COMPLETE)
        return wq_cl_unlock_rc(CL_PROFILING_INFO_NOT_AVAILABLE);
    switch (param) {
    case CL_PROFILING_COMMAND_QUEUED: RET(cl_ulong, e->t_queued); break;
    case CL_PROFILING_COMMAND_SUBMIT: RET(cl_ulong, e->t_submit); break;
    case CL_PROFILING_COMMAND_START:  RET(cl_ulong, e->t_start); break;
    case CL_PROFILING_COMMAND_END:    RET(cl_ulong, e->t_end); break;
    default: rc = CL_INVALID_VALUE;
    }
    return wq_cl_unlock_rc(rc);
}

WQ_CL_API cl_event CL_API_CALL wq_cl_CreateUserEvent(cl_context ctx, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_event e = NULL;
    cl_int rc = CL_SUCCESS;
    if (!wq_cl_context_ok(ctx)) rc = CL_INVALID_CONTEXT;
    else if (!(e = wq_cl_event_new(ctx, NULL, CL_COMMAND_USER))) rc = CL_OUT_OF_HOST_MEMORY;
    return wq_cl_unlock_ptr(e, rc, errcode_ret);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_SetUserEventStatus(cl_event e, cl_int status)
{
    wq_cl_lock();
    if (!wq_cl_obj_ok(e, WQ_CL_EVENT) || e->q) return wq_cl_unlock_rc(CL_INVALID_EVENT);
    if (status > CL_COMPLETE) return wq_cl_unlock_rc(CL_INVALID_VALUE);
    if (wq_cl_event_done(e)) return wq_cl_unlock_rc(CL_INVALID_OPERATION);
    wq_cl_event_set(e, status);
    wq_cl_progress(e->ctx->dev);        /* commands waiting on it may start */
    return wq_cl_unlock_rc(CL_SUCCESS);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_SetEventCallback(cl_event e, cl_int on, void (CL_CALLBACK *fn)(cl_event, cl_int, void *),
                       void *user)
{
    wq_cl_lock();
    if (!wq_cl_obj_ok(e, WQ_CL_EVENT)) return wq_cl_unlock_rc(CL_INVALID_EVENT);
    if (!fn || (on != CL_SUBMITTED && on != CL_RUNNING && on != CL_COMPLETE))
        return wq_cl_unlock_rc(CL_INVALID_VALUE);
    wq_cl_evcb_t *c = calloc(1, sizeof *c);
    if (!c) return wq_cl_unlock_rc(CL_OUT_OF_HOST_MEMORY);
    c->on = on;
    c->fn = fn;
    c->user = user;
    /* registration order is call order */
    wq_cl_evcb_t **pp = &e->cbs;
    while (*pp) pp = &(*pp)->next;
    *pp = c;
    fire_reached(e);
    return wq_cl_unlock_rc(CL_SUCCESS);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_RetainEvent(cl_event e)
{
    wq_cl_lock();
    if (!wq_cl_obj_ok(e, WQ_CL_EVENT)) return wq_cl_unlock_rc(CL_INVALID_EVENT);
    wq_cl_obj_retain(e);
    return wq_cl_unlock_rc(CL_SUCCESS);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_ReleaseEvent(cl_event e)
{
    wq_cl_lock();
    if (!wq_cl_obj_ok(e, WQ_CL_EVENT)) return wq_cl_unlock_rc(CL_INVALID_EVENT);
    wq_cl_obj_release(e);
    return wq_cl_unlock_rc(CL_SUCCESS);
}
