/* context.c -- contexts: clCreateContext, clCreateContextFromType,
 * clRetainContext, clReleaseContext, clGetContextInfo (docs/runtime.md).
 * A context holds the one warpq device; queues, buffers and programs hold
 * a runtime reference on their context, so it lives until the last of them
 * is gone even after the application's last clReleaseContext. */
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"

int wq_cl_context_ok(cl_context c) { return wq_cl_obj_ok(c, WQ_CL_CONTEXT); }

static void run_dtor(wq_cl_cb_t *cb)
{
    void (CL_CALLBACK *fn)(cl_context, void *) =
        (void (CL_CALLBACK *)(cl_context, void *))(uintptr_t)cb->fn;
    fn((cl_context)cb->obj, cb->user);
}

/* the context is gone: its destructor callbacks, newest first */
static void destroy(wq_cl_obj_t *o)
{
    cl_context c = (cl_context)o;
    for (struct wq_cl_ctx_dtor *t = c->dtors, *n; t; t = n) {
        n = t->next;
        wq_cl_cb_t *cb = calloc(1, sizeof *cb);
        if (cb) {
            cb->run = run_dtor;
            cb->fn = (void *)(uintptr_t)t->fn;
            cb->user = t->user;
            cb->obj = c;
            wq_cl_defer(cb);
        }
        free(t);
    }
    c->dtors = NULL;
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_SetContextDestructorCallback(cl_context c, void (CL_CALLBACK *fn)(cl_context, void *),
                                   void *user)
{
    wq_cl_lock();
    if (!wq_cl_context_ok(c)) return wq_cl_unlock_rc(CL_INVALID_CONTEXT);
    if (!fn) return wq_cl_unlock_rc(CL_INVALID_VALUE);
    struct wq_cl_ctx_dtor *t = calloc(1, sizeof *t);
    if (!t) return wq_cl_unlock_rc(CL_OUT_OF_HOST_MEMORY);
    t->fn = fn;
    t->user = user;
    t->next = c->dtors;
    c->dtors = t;
    return wq_cl_unlock_rc(CL_SUCCESS);
}

static void run_notify(wq_cl_cb_t *cb)
{
    void (CL_CALLBACK *fn)(const char *, const void *, size_t, void *) =
        (void (CL_CALLBACK *)(const char *, const void *, size_t, void *))(uintptr_t)cb->fn;
    fn(cb->text, NULL, 0, cb->user);
}

void wq_cl_context_notify(cl_context c, const char *msg)
{
    if (!c || !c->notify) return;
    wq_cl_cb_t *cb = calloc(1, sizeof *cb);
    if (!cb) return;
    cb->run = run_notify;
    cb->fn = (void *)(uintptr_t)c->notify;
    cb->user = c->notify_user;
    cb->obj_ref = c;
    strncpy(cb->text, msg, sizeof cb->text - 1);
    wq_cl_defer(cb);
}

/* properties: CL_CONTEXT_PLATFORM (ours) and CL_CONTEXT_INTEROP_USER_SYNC,
 * each at most once */
static cl_int check_props(const cl_context_properties *p, cl_uint *n)
{
    int seen_plat = 0, seen_sync = 0;
    cl_uint i = 0;
    if (!p) { *n = 0; return CL_SUCCESS; }
    for (; p[i]; i += 2) {
        if (i + 2 >= 8) return CL_INVALID_PROPERTY;
        switch (p[i]) {
        case CL_CONTEXT_PLATFORM:
            if (seen_plat++) return CL_INVALID_PROPERTY;
            if (!wq_cl_obj_ok((void *)p[i + 1], WQ_CL_PLATFORM)) return CL_INVALID_PLATFORM;
            break;
        case CL_CONTEXT_INTEROP_USER_SYNC:
            if (seen_sync++) return CL_INVALID_PROPERTY;
            break;
        default:
            return CL_INVALID_PROPERTY;
        }
    }
    *n = i + 1;
    return CL_SUCCESS;
}

static cl_context make(const cl_context_properties *props,
                       void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *),
                       void *user, cl_int *rc)
{
    cl_uint n;
    if ((*rc = check_props(props, &n))) return NULL;
    if (!notify && user) { *rc = CL_INVALID_VALUE; return NULL; }
    cl_device_id d = wq_cl_device();
    if ((*rc = wq_cl_device_open(d))) return NULL;
    cl_context c = wq_cl_obj_new(sizeof *c, WQ_CL_CONTEXT, destroy);
    if (!c) { *rc = CL_OUT_OF_HOST_MEMORY; return NULL; }
    c->dev = d;
    c->nprops = n;
    if (n) memcpy(c->props, props, n * sizeof *props);
    c->notify = notify;
    c->notify_user = user;
    *rc = CL_SUCCESS;
    return c;
}

WQ_CL_API cl_context CL_API_CALL
wq_cl_CreateContext(const cl_context_properties *props, cl_uint ndev, const cl_device_id *devs,
                    void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *),
                    void *user, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc = CL_SUCCESS;
    cl_context c = NULL;
    if (!devs || ndev == 0) rc = CL_INVALID_VALUE;
    for (cl_uint i = 0; !rc && i < ndev; i++)
        if (!wq_cl_obj_ok(devs[i], WQ_CL_DEVICE)) rc = CL_INVALID_DEVICE;
    if (!rc) c = make(props, notify, user, &rc);
    return wq_cl_unlock_ptr(c, rc, errcode_ret);
}

WQ_CL_API cl_context CL_API_CALL
wq_cl_CreateContextFromType(const cl_context_properties *props, cl_device_type type,
                            void (CL_CALLBACK *notify)(const char *, const void *, size_t, void *),
                            void *user, cl_int *errcode_ret)
{
    const cl_device_type known = CL_DEVICE_TYPE_DEFAULT | CL_DEVICE_TYPE_CPU |
        CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_CUSTOM;
    wq_cl_lock();
    cl_int rc = CL_SUCCESS;
    cl_context c = NULL;
    if (type != CL_DEVICE_TYPE_ALL && (type == 0 || (type & ~known))) rc = CL_INVALID_DEVICE_TYPE;
    else if (!(type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_DEFAULT))) rc = CL_DEVICE_NOT_FOUND;
    else c = make(props, notify, user, &rc);
    return wq_cl_unlock_ptr(c, rc, errcode_ret);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_RetainContext(cl_context c)
{
    wq_cl_lock();
    if (!wq_cl_context_ok(c)) return wq_cl_unlock_rc(CL_INVALID_CONTEXT);
    wq_cl_obj_retain(c);
    return wq_cl_unlock_rc(CL_SUCCESS);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_ReleaseContext(cl_context c)
{
    wq_cl_lock();
    if (!wq_cl_context_ok(c)) return wq_cl_unlock_rc(CL_INVALID_CONTEXT);
    wq_cl_obj_release(c);
    return wq_cl_unlock_rc(CL_SUCCESS);
}

#define RET(T, v) do { T _v = (v); rc = wq_cl_info(&_v, sizeof _v, size, value, size_ret); } while (0)

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetContextInfo(cl_context c, cl_context_info param, size_t size, void *value,
                     size_t *size_ret)
{
    wq_cl_lock();
    cl_int rc;
    if (!wq_cl_context_ok(c)) return wq_cl_unlock_rc(CL_INVALID_CONTEXT);
    switch (param) {
    case CL_CONTEXT_REFERENCE_COUNT: RET(cl_uint, c->h.refs); break;
    case CL_CONTEXT_NUM_DEVICES:     RET(cl_uint, 1); break;
    case CL_CONTEXT_DEVICES:         RET(cl_device_id, c->dev); break;
    case CL_CONTEXT_PROPERTIES:
        rc = wq_cl_info(c->props, c->nprops * sizeof *c->props, size, value, size_ret);
        break;
    default: rc = CL_INVALID_VALUE;
    }
    return wq_cl_unlock_rc(rc);
}
