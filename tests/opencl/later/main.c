/* later -- a program written for OpenCL 2.0-3.0 against a 1.2 platform:
 * the ICD loader routes the later entry points to the platform, and each
 * must answer instead of crashing.  Queues with properties, buffers with
 * (no) properties and context destructor callbacks work everywhere; on
 * warpq the features it does not have answer with their 3.0 error codes. */
#define CL_TARGET_OPENCL_VERSION 300
#define _POSIX_C_SOURCE 199309L
#include <time.h>
#include "../common.h"

static volatile int ctx_gone;

static void CL_CALLBACK on_ctx_gone(cl_context c, void *user)
{
    (void)c;
    ctx_gone = (int)(size_t)user;
}

int main(void)
{
    cl_platform_id p = t_platform();
    cl_device_id d = t_device(p);
    cl_int rc;
    cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &rc);
    MUST(rc);
    cl_queue_properties props[] = { CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0 };
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, d, props, &rc);
    CHECK(q && rc == CL_SUCCESS, "queue with properties: %d", rc);
    cl_command_queue_properties got = 0;
    if (q) MUST(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof got, &got, NULL));
    CHECK(got == CL_QUEUE_PROFILING_ENABLE, "its properties %lx", (unsigned long)got);
    cl_mem m = clCreateBufferWithProperties(ctx, NULL, CL_MEM_READ_WRITE, 64, NULL, &rc);
    CHECK(m && rc == CL_SUCCESS, "buffer without properties: %d", rc);
    unsigned char w[64], r[64];
    for (int i = 0; i < 64; i++) w[i] = (unsigned char)(i * 5);
    if (q && m) {
        MUST(clEnqueueWriteBuffer(q, m, CL_TRUE, 0, 64, w, 0, NULL, NULL));
        MUST(clEnqueueReadBuffer(q, m, CL_TRUE, 0, 64, r, 0, NULL, NULL));
        CHECK(!memcmp(w, r, 64), "round trip through them");
    }
    if (t_is_warpq) {
        cl_queue_properties dev_q[] = { CL_QUEUE_PROPERTIES,
                                        CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0 };
        cl_command_queue dq = clCreateCommandQueueWithProperties(ctx, d, dev_q, &rc);
        CHECK(!dq && rc == CL_INVALID_QUEUE_PROPERTIES, "device-side queue: %d", rc);
        void *svm = clSVMAlloc(ctx, CL_MEM_READ_WRITE, 64, 0);
        CHECK(svm == NULL, "no shared virtual memory");
        clSVMFree(ctx, NULL);
        EXPECT(CL_INVALID_OPERATION, clEnqueueSVMMemcpy(q, CL_TRUE, r, w, 4, 0, NULL, NULL));
        cl_mem pipe = clCreatePipe(ctx, 0, 4, 16, NULL, &rc);
        CHECK(!pipe && rc == CL_INVALID_OPERATION, "pipe: %d", rc);
        cl_program il = clCreateProgramWithIL(ctx, w, sizeof w, &rc);
        CHECK(!il && rc == CL_INVALID_OPERATION, "IL program: %d", rc);
        cl_ulong t;
        EXPECT(CL_INVALID_OPERATION, clGetHostTimer(d, &t));
        cl_mem_properties bad[] = { 0x7777, 1, 0 };
        cl_mem mb = clCreateBufferWithProperties(ctx, bad, CL_MEM_READ_WRITE, 64, NULL, &rc);
        CHECK(!mb && rc == CL_INVALID_PROPERTY, "unknown buffer property: %d", rc);
    }
    MUST(clSetContextDestructorCallback(ctx, on_ctx_gone, (void *)7));
    if (m) MUST(clReleaseMemObject(m));
    if (q) MUST(clReleaseCommandQueue(q));
    MUST(clReleaseContext(ctx));
    /* elsewhere callbacks may run on another thread: two seconds */
    for (int i = 0; i < 2000 && !ctx_gone; i++) {
        struct timespec ts = { 0, 1000000 };
        nanosleep(&ts, NULL);
    }
    CHECK(ctx_gone == 7, "context destructor callback (%d)", ctx_gone);
    return t_done("later");
}
