/* obj.c -- object headers, reference counts, the API lock, deferred
 * callbacks and the clGet*Info copy rule (cl_int.h).
 *
 * Why a quarantine: the ICD loader dereferences every handle it is given
 * to find the dispatch table before we see the call.  If a destroyed
 * object's memory went straight back to malloc, a handle the application
 * keeps after its last clRelease* would send the loader into freed memory.
 * Destroyed objects keep their header (dispatch pointer intact, magic
 * WQ_CL_DEAD) until QUARANTINE more objects have died, so a stale handle
 * reaches our function and gets CL_INVALID_<KIND>. */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"

#define QUARANTINE 4096u

static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static unsigned depth;                       /* lock nesting of the owner */
static wq_cl_cb_t *cb_head, *cb_tail;        /* callbacks to run          */
static wq_cl_obj_t *q_head, *q_tail;         /* quarantine, oldest first  */
static unsigned q_len;

void *wq_cl_obj_new(size_t size, enum wq_cl_kind kind, void (*destroy)(wq_cl_obj_t *))
{
    wq_cl_obj_t *o = calloc(1, size);
    if (!o) return NULL;
    o->dispatch = &wq_cl_dispatch;
    o->magic = WQ_CL_MAGIC + kind;
    o->kind = kind;
    o->refs = 1;
    o->destroy = destroy;
    return o;
}

int wq_cl_obj_alive(const void *p, enum wq_cl_kind kind)
{
    const wq_cl_obj_t *o = p;
    return o && o->magic == WQ_CL_MAGIC + kind && o->kind == kind;
}

int wq_cl_obj_ok(const void *p, enum wq_cl_kind kind)
{
    return wq_cl_obj_alive(p, kind) && ((const wq_cl_obj_t *)p)->refs > 0;
}

static void bury(wq_cl_obj_t *o)
{
    if (o->destroy) o->destroy(o);
    o->magic = WQ_CL_DEAD;
    o->qnext = NULL;
    if (q_tail) q_tail->qnext = o; else q_head = o;
    q_tail = o;
    if (++q_len > QUARANTINE) {
        wq_cl_obj_t *old = q_head;
        q_head = old->qnext;
        if (!q_head) q_tail = NULL;
        q_len--;
        free(old);
    }
}

static void maybe_bury(wq_cl_obj_t *o)
{
    if (o->refs == 0 && o->irefs == 0 && o->magic == WQ_CL_MAGIC + o->kind) bury(o);
}

void wq_cl_obj_retain(void *p) { ((wq_cl_obj_t *)p)->refs++; }
void wq_cl_obj_iretain(void *p) { if (p) ((wq_cl_obj_t *)p)->irefs++; }

void wq_cl_obj_release(void *p)
{
    wq_cl_obj_t *o = p;
    if (o->refs) o->refs--;
    maybe_bury(o);
}

void wq_cl_obj_irelease(void *p)
{
    wq_cl_obj_t *o = p;
    if (!o) return;
    if (o->irefs) o->irefs--;
    maybe_bury(o);
}

/* ---- lock ------------------------------------------------------------------ */
void wq_cl_lock(void)
{
    pthread_mutex_lock(&lock);
    depth++;
}

void wq_cl_defer(wq_cl_cb_t *cb)
{
    cb->next = NULL;
    if (cb->obj_ref) wq_cl_obj_iretain(cb->obj_ref);
    if (cb_tail) cb_tail->next = cb; else cb_head = cb;
    cb_tail = cb;
}

void wq_cl_unlock(void)
{
    /* the outermost caller runs the callbacks, one at a time, without the
     * lock: a callback may call the API (and queue more callbacks) */
    while (depth == 1 && cb_head) {
        wq_cl_cb_t *cb = cb_head;
        cb_head = cb->next;
        if (!cb_head) cb_tail = NULL;
        depth--;
        pthread_mutex_unlock(&lock);
        cb->run(cb);
        pthread_mutex_lock(&lock);
        depth++;
        if (cb->obj_ref) wq_cl_obj_irelease(cb->obj_ref);
        free(cb);
    }
    depth--;
    pthread_mutex_unlock(&lock);
}

/* let other threads in while this one waits for the device (it may be
 * waiting for a user event another thread sets) */
void wq_cl_lock_yield(void)
{
    if (depth != 1) return;
    depth--;
    pthread_mutex_unlock(&lock);
    sched_yield();
    pthread_mutex_lock(&lock);
    depth++;
}

cl_int wq_cl_unlock_rc(cl_int rc)
{
    wq_cl_unlock();
    return rc;
}

void *wq_cl_unlock_ptr(void *p, cl_int rc, cl_int *errcode_ret)
{
    if (errcode_ret) *errcode_ret = rc;
    wq_cl_unlock();
    return rc == CL_SUCCESS ? p : NULL;
}

/* ---- clGet*Info -------------------------------------------------------------- */
cl_int wq_cl_info(const void *v, size_t n, size_t size, void *value, size_t *size_ret)
{
    if (value) {
        if (size < n) return CL_INVALID_VALUE;
        memcpy(value, v, n);
    }
    if (size_ret) *size_ret = n;
    return CL_SUCCESS;
}

cl_int wq_cl_info_str(const char *s, size_t size, void *value, size_t *size_ret)
{
    return wq_cl_info(s, strlen(s) + 1, size, value, size_ret);
}
