/* mem.c -- buffer objects: clCreateBuffer, clCreateSubBuffer,
 * clRetainMemObject, clReleaseMemObject, clGetMemObjectInfo,
 * clSetMemObjectDestructorCallback (docs/runtime.md).
 *
 * A buffer's contents live in device memory (the runtime heap, through the
 * driver); the host side keeps only what OpenCL makes visible there:
 *   USE_HOST_PTR    the application's memory: maps return pointers into
 *                   it (read from the device at map, written back at unmap);
 *   ALLOC_HOST_PTR  a host copy allocated here, used the same way, so every
 *                   map of the buffer returns the same address;
 *   otherwise       each map gets host memory of its own until its unmap. */
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"

int wq_cl_mem_ok(cl_mem m) { return wq_cl_obj_ok(m, WQ_CL_MEM); }

static void run_dtor(wq_cl_cb_t *cb)
{
    void (CL_CALLBACK *fn)(cl_mem, void *) = (void (CL_CALLBACK *)(cl_mem, void *))(uintptr_t)cb->fn;
    fn((cl_mem)cb->obj, cb->user);
}

static void destroy(wq_cl_obj_t *o)
{
    cl_mem m = (cl_mem)o;
    /* destructor callbacks in the reverse order of registration (the list is
     * kept newest first) */
    for (wq_cl_dtor_t *t = m->dtors, *n; t; t = n) {
        n = t->next;
        wq_cl_cb_t *cb = calloc(1, sizeof *cb);
        if (cb) {
            cb->run = run_dtor;
            cb->fn = (void *)(uintptr_t)t->fn;
            cb->user = t->user;
            cb->obj = m;
            wq_cl_defer(cb);
        }
        free(t);
    }
    m->dtors = NULL;
    for (wq_cl_mapping_t *p = m->maps, *n; p; p = n) {
        n = p->next;
        if (p->owned) free(p->ptr);
        free(p);
    }
    m->maps = NULL;
    if (m->parent) wq_cl_obj_irelease(m->parent);
    else wq_cl_heap_free(&m->ctx->dev->heap, m->addr);
    free(m->host_shadow);
    wq_cl_obj_irelease(m->ctx);
}

#define ACCESS (CL_MEM_READ_WRITE | CL_MEM_WRITE_ONLY | CL_MEM_READ_ONLY)
#define HOSTACC (CL_MEM_HOST_WRITE_ONLY | CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_NO_ACCESS)
#define HOSTPTR (CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)

static int one_at_most(cl_mem_flags f) { return (f & (f - 1)) == 0; }

static cl_int check_flags(cl_mem_flags f)
{
    if (f & ~(ACCESS | HOSTACC | HOSTPTR)) return CL_INVALID_VALUE;
    if (!one_at_most(f & ACCESS) || !one_at_most(f & HOSTACC)) return CL_INVALID_VALUE;
    if ((f & CL_MEM_USE_HOST_PTR) && (f & (CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR)))
        return CL_INVALID_VALUE;
    return CL_SUCCESS;
}

cl_mem wq_cl_buffer_create(cl_context ctx, cl_mem_flags flags, size_t size, void *host_ptr,
                           cl_int *rc)
{
    if (!wq_cl_context_ok(ctx)) { *rc = CL_INVALID_CONTEXT; return NULL; }
    if ((*rc = check_flags(flags))) return NULL;
    if (size == 0 || size > ctx->dev->heap_size) { *rc = CL_INVALID_BUFFER_SIZE; return NULL; }
    int wants_ptr = (flags & (CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR)) != 0;
    if (wants_ptr != (host_ptr != NULL)) { *rc = CL_INVALID_HOST_PTR; return NULL; }
    if (!(flags & ACCESS)) flags |= CL_MEM_READ_WRITE;
    cl_device_id d = ctx->dev;
    cl_mem m = wq_cl_obj_new(sizeof *m, WQ_CL_MEM, destroy);
    if (!m) { *rc = CL_OUT_OF_HOST_MEMORY; return NULL; }
    m->ctx = ctx;
    m->flags = flags;
    m->size = size;
    if (wq_cl_heap_alloc(&d->heap, (size + 3) & ~(size_t)3, WQ_CL_ALIGN, &m->addr)) {
        free(m);
        *rc = CL_MEM_OBJECT_ALLOCATION_FAILURE;
        return NULL;
    }
    if (flags & CL_MEM_ALLOC_HOST_PTR) {
        m->host_shadow = malloc(size);
        if (!m->host_shadow) {
            wq_cl_heap_free(&d->heap, m->addr);
            free(m);
            *rc = CL_OUT_OF_HOST_MEMORY;
            return NULL;
        }
    }
    if (flags & CL_MEM_USE_HOST_PTR) m->host_ptr = host_ptr;
    if (wants_ptr && wq_cl_dev_write(d, m->addr, host_ptr, size)) {
        wq_cl_heap_free(&d->heap, m->addr);
        free(m->host_shadow);
        free(m);
        *rc = CL_OUT_OF_RESOURCES;
        return NULL;
    }
    wq_cl_obj_iretain(ctx);
    *rc = CL_SUCCESS;
    return m;
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateBuffer(cl_context ctx, cl_mem_flags flags, size_t size, void *host_ptr,
                   cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc;
    cl_mem m = wq_cl_buffer_create(ctx, flags, size, host_ptr, &rc);
    return wq_cl_unlock_ptr(m, rc, errcode_ret);
}

static cl_mem sub(cl_mem p, cl_mem_flags flags, cl_buffer_create_type type, const void *info,
                  cl_int *rc)
{
    if (!wq_cl_mem_ok(p) || p->parent) { *rc = CL_INVALID_MEM_OBJECT; return NULL; }
    if (type != CL_BUFFER_CREATE_TYPE_REGION || !info) { *rc = CL_INVALID_VALUE; return NULL; }
    if ((*rc = check_flags(flags))) return NULL;
    if (flags & HOSTPTR) { *rc = CL_INVALID_VALUE; return NULL; }
    /* access flags: a sub-buffer cannot widen what its buffer allows */
    cl_mem_flags pa = p->flags & ACCESS, a = flags & ACCESS;
    if ((pa == CL_MEM_WRITE_ONLY && (a == CL_MEM_READ_WRITE || a == CL_MEM_READ_ONLY)) ||
        (pa == CL_MEM_READ_ONLY && (a == CL_MEM_READ_WRITE || a == CL_MEM_WRITE_ONLY))) {
        *rc = CL_INVALID_VALUE;
        return NULL;
    }
    /* host access: inherited unless named; HOST_NO_ACCESS narrows any
     * parent, but READ_ONLY and WRITE_ONLY cannot replace each other or
     * widen NO_ACCESS (OpenCL 1.2 §5.2.1) */
    cl_mem_flags ph = p->flags & HOSTACC, h = flags & HOSTACC;
    if (ph && h && h != ph && h != CL_MEM_HOST_NO_ACCESS) { *rc = CL_INVALID_VALUE; return NULL; }
    const cl_buffer_region *r = info;
    if (r->size == 0) { *rc = CL_INVALID_BUFFER_SIZE; return NULL; }
    if (r->origin > p->size || r->size > p->size - r->origin) { *rc = CL_INVALID_VALUE; return NULL; }
    if (r->origin % WQ_CL_ALIGN) { *rc = CL_MISALIGNED_SUB_BUFFER_OFFSET; return NULL; }
    cl_mem m = wq_cl_obj_new(sizeof *m, WQ_CL_MEM, destroy);
    if (!m) { *rc = CL_OUT_OF_HOST_MEMORY; return NULL; }
    m->ctx = p->ctx;
    m->flags = (a ? a : pa) | (h ? h : ph) | (p->flags & HOSTPTR);
    m->size = r->size;
    m->origin = r->origin;
    m->addr = p->addr + (uint32_t)r->origin;
    m->parent = p;
    if (p->host_ptr) m->host_ptr = (char *)p->host_ptr + r->origin;
    if (p->host_shadow) m->host_shadow = NULL;   /* maps use the parent's copy */
    wq_cl_obj_iretain(p);
    wq_cl_obj_iretain(m->ctx);
    *rc = CL_SUCCESS;
    return m;
}

WQ_CL_API cl_mem CL_API_CALL
wq_cl_CreateSubBuffer(cl_mem buffer, cl_mem_flags flags, cl_buffer_create_type type,
                      const void *info, cl_int *errcode_ret)
{
    wq_cl_lock();
    cl_int rc;
    cl_mem m = sub(buffer, flags, type, info, &rc);
    return wq_cl_unlock_ptr(m, rc, errcode_ret);
}

/* the host memory a map of m at byte off goes to, or NULL when the map
 * needs memory of its own */
void *wq_cl_mem_host_view(cl_mem m, size_t off)
{
    if (m->host_ptr) return (char *)m->host_ptr + off;
    if (m->parent && m->parent->host_shadow)
        return (char *)m->parent->host_shadow + m->origin + off;
    if (m->host_shadow) return (char *)m->host_shadow + off;
    return NULL;
}

WQ_CL_API cl_int CL_API_CALL wq_cl_RetainMemObject(cl_mem m)
{
    wq_cl_lock();
    if (!wq_cl_mem_ok(m)) return wq_cl_unlock_rc(CL_INVALID_MEM_OBJECT);
    wq_cl_obj_retain(m);
    return wq_cl_unlock_rc(CL_SUCCESS);
}

WQ_CL_API cl_int CL_API_CALL wq_cl_ReleaseMemObject(cl_mem m)
{
    wq_cl_lock();
    if (!wq_cl_mem_ok(m)) return wq_cl_unlock_rc(CL_INVALID_MEM_OBJECT);
    wq_cl_obj_release(m);
    return wq_cl_unlock_rc(CL_SUCCESS);
}

WQ_CL_API cl_int CL_API_CALL
wq_cl_SetMemObjectDestructorCallback(cl_mem m, void (CL_CALLBACK *fn)(cl_mem, void *), void *user)
{
    wq_cl_lock();
    if (!wq_cl_mem_ok(m)) return wq_cl_unlock_rc(CL_INVALID_MEM_OBJECT);
    if (!fn) return wq_cl_unlock_rc(CL_INVALID_VALUE);
    wq_cl_dtor_t *t = calloc(1, sizeof *t);
    if (!t) return wq_cl_unlock_rc(CL_OUT_OF_HOST_MEMORY);
    t->fn = fn;
    t->user = user;
    t->next = m->dtors;
    m->dtors = t;
    return wq_cl_unlock_rc(CL_SUCCESS);
}

#define RET(T, v) do { T _v = (v); rc = wq_cl_info(&_v, sizeof _v, size, value, size_ret); } while (0)

WQ_CL_API cl_int CL_API_CALL
wq_cl_GetMemObjectInfo(cl_mem m, cl_mem_info param, size_t size, void *value, size_t *size_ret)
{
    wq_cl_lock();
    cl_int rc;
    if (!wq_cl_mem_ok(m)) return wq_cl_unlock_rc(CL_INVALID_MEM_OBJECT);
    switch (param) {
    case CL_MEM_TYPE:              RET(cl_mem_object_type, CL_MEM_OBJECT_BUFFER); break;
    case CL_MEM_FLAGS:             RET(cl_mem_flags, m->flags); break;
    case CL_MEM_SIZE:              RET(size_t, m->size); break;
    case CL_MEM_HOST_PTR:          RET(void *, m->host_ptr); break;
    case CL_MEM_MAP_COUNT:         RET(cl_uint, m->map_count); break;
    case CL_MEM_REFERENCE_COUNT:   RET(cl_uint, m->h.refs); break;
    case CL_MEM_CONTEXT:           RET(cl_context, m->ctx); break;
    case CL_MEM_ASSOCIATED_MEMOBJECT: RET(cl_mem, m->parent); break;
    case CL_MEM_OFFSET:            RET(size_t, m->origin); break;
    default: rc = CL_INVALID_VALUE;
    }
    return wq_cl_unlock_rc(rc);
}
