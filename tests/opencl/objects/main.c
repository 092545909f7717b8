/* objects -- reference counts and lifetimes: every clRetain / clRelease
 * pair moves CL_*_REFERENCE_COUNT by one; a context whose application
 * references are gone lives on while its queue and buffers do; memory
 * destructor callbacks run once, newest first, only after the last
 * release; event callbacks run for the status they were registered for. */
#define _POSIX_C_SOURCE 199309L
#include <time.h>
#include "../common.h"

static volatile int dtor_order[4], dtor_n;
static volatile int ev_calls, ev_status = 99;

static void CL_CALLBACK dtor(cl_mem m, void *user)
{
    (void)m;
    if (dtor_n < 4) dtor_order[dtor_n] = (int)(size_t)user;
    dtor_n++;
}

static void CL_CALLBACK on_event(cl_event e, cl_int status, void *user)
{
    (void)e;
    (void)user;
    ev_status = status;
    ev_calls++;
}

/* callbacks may run on another thread elsewhere: give them two seconds */
static void settle(volatile int *flag, int want)
{
    for (int i = 0; i < 2000 && *flag < want; i++) {
        struct timespec ts = { 0, 1000000 };
        nanosleep(&ts, NULL);
    }
}

static cl_uint refs(void *obj, int kind)
{
    cl_uint n = 0;
    switch (kind) {
    case 0: clGetContextInfo(obj, CL_CONTEXT_REFERENCE_COUNT, sizeof n, &n, NULL); break;
    case 1: clGetCommandQueueInfo(obj, CL_QUEUE_REFERENCE_COUNT, sizeof n, &n, NULL); break;
    case 2: clGetMemObjectInfo(obj, CL_MEM_REFERENCE_COUNT, sizeof n, &n, NULL); break;
    case 3: clGetEventInfo(obj, CL_EVENT_REFERENCE_COUNT, sizeof n, &n, NULL); break;
    }
    return n;
}

int main(void)
{
    cl_platform_id p = t_platform();
    cl_device_id d = t_device(p);
    cl_int rc;
    cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &rc);
    MUST(rc);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, &rc);
    MUST(rc);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 256, NULL, &rc);
    MUST(rc);

    /* counts: one per retain, one less per release.  The absolute value
     * is the application's references on warpq; other implementations
     * count their own references too (POCL does), so elsewhere only the
     * steps are checked */
    cl_uint c0 = refs(ctx, 0);
    CHECK(!t_is_warpq || c0 == 1, "new context: 1 reference (%u)", c0);
    MUST(clRetainContext(ctx));
    MUST(clRetainContext(ctx));
    CHECK(refs(ctx, 0) == c0 + 2, "context after two retains: %u", refs(ctx, 0));
    MUST(clReleaseContext(ctx));
    MUST(clReleaseContext(ctx));
    CHECK(refs(ctx, 0) == c0, "context after two releases: %u", refs(ctx, 0));
    cl_uint q0 = refs(q, 1);
    CHECK(!t_is_warpq || q0 == 1, "new queue: %u", q0);
    MUST(clRetainCommandQueue(q));
    CHECK(refs(q, 1) == q0 + 1, "queue after a retain: %u", refs(q, 1));
    MUST(clReleaseCommandQueue(q));
    cl_uint b0 = refs(b, 2);
    CHECK(!t_is_warpq || b0 == 1, "new buffer: %u", b0);
    MUST(clRetainMemObject(b));
    CHECK(refs(b, 2) == b0 + 1, "buffer after a retain: %u", refs(b, 2));

    /* destructor callbacks: not at the first release, newest first at the last */
    MUST(clSetMemObjectDestructorCallback(b, dtor, (void *)1));
    MUST(clSetMemObjectDestructorCallback(b, dtor, (void *)2));
    MUST(clReleaseMemObject(b));
    CHECK(dtor_n == 0, "no destructor while a reference is left");
    unsigned char data[256];
    memset(data, 0x3C, sizeof data);
    MUST(clEnqueueWriteBuffer(q, b, CL_FALSE, 0, sizeof data, data, 0, NULL, NULL));
    MUST(clReleaseMemObject(b));
    MUST(clFinish(q));
    settle(&dtor_n, 2);
    CHECK(dtor_n == 2 && dtor_order[0] == 2 && dtor_order[1] == 1,
          "destructors once each, newest first (n %d, order %d %d)", dtor_n, dtor_order[0],
          dtor_order[1]);

    /* events: counts and callbacks */
    cl_mem c = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 256, NULL, &rc);
    MUST(rc);
    cl_event user = clCreateUserEvent(ctx, &rc);
    MUST(rc);
    cl_event w;
    MUST(clEnqueueWriteBuffer(q, c, CL_FALSE, 0, sizeof data, data, 1, &user, &w));
    cl_uint e0 = refs(w, 3);
    CHECK(!t_is_warpq || e0 == 1, "new event: %u", e0);
    MUST(clRetainEvent(w));
    CHECK(refs(w, 3) == e0 + 1, "event after a retain: %u", refs(w, 3));
    MUST(clReleaseEvent(w));
    MUST(clSetEventCallback(w, CL_COMPLETE, on_event, NULL));
    CHECK(ev_calls == 0, "callback not before completion");
    MUST(clSetUserEventStatus(user, CL_COMPLETE));
    MUST(clWaitForEvents(1, &w));
    settle(&ev_calls, 1);
    CHECK(ev_calls == 1 && ev_status == CL_COMPLETE, "completion callback (calls %d status %d)",
          ev_calls, ev_status);
    /* an event released by the application still completes its command */
    cl_event w2;
    MUST(clEnqueueReadBuffer(q, c, CL_FALSE, 0, sizeof data, data, 0, NULL, &w2));
    MUST(clSetEventCallback(w2, CL_COMPLETE, on_event, NULL));
    MUST(clReleaseEvent(w2));
    MUST(clFinish(q));
    settle(&ev_calls, 2);
    CHECK(ev_calls == 2, "callback of a released event still runs (%d)", ev_calls);
    MUST(clReleaseEvent(w));
    MUST(clReleaseEvent(user));

    /* the context outlives its last application reference while the queue
     * and a buffer hold it */
    MUST(clReleaseContext(ctx));
    unsigned char back[256];
    memset(data, 0x77, sizeof data);
    MUST(clEnqueueWriteBuffer(q, c, CL_TRUE, 0, sizeof data, data, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, c, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
    CHECK(!memcmp(data, back, sizeof back), "queue and buffer work after the context's release");
    cl_context qc = NULL;
    MUST(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof qc, &qc, NULL));
    CHECK(qc == ctx, "the queue still names its context");
    MUST(clReleaseMemObject(c));
    MUST(clReleaseCommandQueue(q));
    return t_done("objects");
}
