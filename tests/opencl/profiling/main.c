/* profiling -- timestamps of a profiling queue: QUEUED <= SUBMIT <= START
 * <= END for every command, and in an in-order queue no command starts
 * before the previous one ended.  Without profiling (or before completion,
 * or for a user event) the answer is CL_PROFILING_INFO_NOT_AVAILABLE. */
#include "../common.h"

static cl_ulong ts(cl_event e, cl_profiling_info what)
{
    cl_ulong t = 0;
    MUST(clGetEventProfilingInfo(e, what, sizeof t, &t, NULL));
    return t;
}

int main(void)
{
    cl_platform_id p = t_platform();
    cl_device_id d = t_device(p);
    cl_int rc;
    cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &rc);
    MUST(rc);
    cl_command_queue q = clCreateCommandQueue(ctx, d, CL_QUEUE_PROFILING_ENABLE, &rc);
    MUST(rc);
    cl_command_queue_properties props = 0;
    MUST(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof props, &props, NULL));
    CHECK(props == CL_QUEUE_PROFILING_ENABLE, "queue properties %lx", (unsigned long)props);
    enum { N = 8192, K = 6 };
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N, NULL, &rc);
    MUST(rc);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N, NULL, &rc);
    MUST(rc);
    static unsigned char h[N];
    cl_event e[K];
    cl_uint pat = 0x01020304;
    MUST(clEnqueueWriteBuffer(q, a, CL_FALSE, 0, N, h, 0, NULL, &e[0]));
    MUST(clEnqueueFillBuffer(q, b, &pat, 4, 0, N, 0, NULL, &e[1]));
    MUST(clEnqueueCopyBuffer(q, b, a, 0, 0, N, 0, NULL, &e[2]));
    MUST(clEnqueueMarkerWithWaitList(q, 0, NULL, &e[3]));
    MUST(clEnqueueReadBuffer(q, a, CL_FALSE, 0, N, h, 0, NULL, &e[4]));
    void *m = clEnqueueMapBuffer(q, a, CL_FALSE, CL_MAP_READ, 0, 64, 0, NULL, &e[5], &rc);
    MUST(rc);
    MUST(clFinish(q));
    cl_ulong prev_end = 0;
    for (int i = 0; i < K; i++) {
        cl_ulong tq = ts(e[i], CL_PROFILING_COMMAND_QUEUED), tsub = ts(e[i], CL_PROFILING_COMMAND_SUBMIT);
        cl_ulong tst = ts(e[i], CL_PROFILING_COMMAND_START), te = ts(e[i], CL_PROFILING_COMMAND_END);
        CHECK(tq <= tsub && tsub <= tst && tst <= te,
              "command %d: queued %llu submit %llu start %llu end %llu", i,
              (unsigned long long)tq, (unsigned long long)tsub, (unsigned long long)tst,
              (unsigned long long)te);
        CHECK(i == 0 || tst >= prev_end, "command %d starts (%llu) after the previous ended (%llu)",
              i, (unsigned long long)tst, (unsigned long long)prev_end);
        prev_end = te;
    }
    cl_ulong t;
    EXPECT(CL_INVALID_VALUE, clGetEventProfilingInfo(e[0], 0x7FFF, sizeof t, &t, NULL));
    EXPECT(CL_INVALID_VALUE, clGetEventProfilingInfo(e[0], CL_PROFILING_COMMAND_END, 4, &t, NULL));
    for (int i = 0; i < K; i++) MUST(clReleaseEvent(e[i]));
    MUST(clEnqueueUnmapMemObject(q, a, m, 0, NULL, NULL));

    /* not complete yet: held by a user event */
    cl_event user = clCreateUserEvent(ctx, &rc), held;
    MUST(rc);
    MUST(clEnqueueReadBuffer(q, a, CL_FALSE, 0, 4, h, 1, &user, &held));
    EXPECT(CL_PROFILING_INFO_NOT_AVAILABLE,
           clGetEventProfilingInfo(held, CL_PROFILING_COMMAND_END, sizeof t, &t, NULL));
    EXPECT(CL_PROFILING_INFO_NOT_AVAILABLE,
           clGetEventProfilingInfo(user, CL_PROFILING_COMMAND_END, sizeof t, &t, NULL));
    MUST(clSetUserEventStatus(user, CL_COMPLETE));
    MUST(clWaitForEvents(1, &held));
    MUST(clReleaseEvent(held));
    MUST(clReleaseEvent(user));

    /* a queue without profiling */
    cl_command_queue q0 = clCreateCommandQueue(ctx, d, 0, &rc);
    MUST(rc);
    cl_event e0;
    MUST(clEnqueueReadBuffer(q0, a, CL_TRUE, 0, 4, h, 0, NULL, &e0));
    EXPECT(CL_PROFILING_INFO_NOT_AVAILABLE,
           clGetEventProfilingInfo(e0, CL_PROFILING_COMMAND_START, sizeof t, &t, NULL));
    MUST(clReleaseEvent(e0));
    MUST(clReleaseCommandQueue(q0));
    MUST(clReleaseMemObject(a));
    MUST(clReleaseMemObject(b));
    MUST(clReleaseCommandQueue(q));
    MUST(clReleaseContext(ctx));
    return t_done("profiling");
}
