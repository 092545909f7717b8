/* poll/main.c -- flushed work makes progress while the host only polls
 * (OpenCL 1.2 §5.13: clFlush issues the queue's commands to the device, so
 * a program may then poll the event's status instead of blocking).
 *
 * A kernel that loops long enough to take many device slices, clFlush,
 * then clGetEventInfo(CL_EVENT_COMMAND_EXECUTION_STATUS) in a loop with
 * no blocking call: the status must reach CL_COMPLETE within the bound,
 * pass through no state it already left, and the results must be right.
 * Then two launches and a non-blocking read behind them, polled the same
 * way through the read's event. */
#include "../common.h"
#include <time.h>

#define N      256
#define ROUNDS 500
/* the bound: a poll that makes no progress fails after MAXPOLLS polls and
 * SECONDS of wall time, both.  warpq's polls each run the device (up to
 * POLL_SLICES slices) so the polls a kernel needs are a count (tens on the
 * RTL, however slow a loaded machine makes each); another implementation
 * runs its device beside the host, so its polls are timed */
#define MAXPOLLS 10000
#define SECONDS 30

static const char *src =
    "__kernel void spin(__global uint *o, uint rounds) {\n"
    "    uint i = get_global_id(0), x = i;\n"
    "    for (uint r = 0; r < rounds; r++) x = x * 1103515245u + 12345u;\n"
    "    o[i] = x;\n"
    "}\n";

static cl_uint spin_host(cl_uint i)
{
    cl_uint x = i;
    for (int r = 0; r < ROUNDS; r++) x = x * 1103515245u + 12345u;
    return x;
}

/* poll ev until it is complete or failed, at most MAXPOLLS polls and
 * SECONDS of wall time; the number of polls, or -1 */
static long poll_until_done(cl_event ev, const char *what)
{
    cl_int last = CL_QUEUED + 1;
    time_t start = time(NULL);
    for (long n = 1;; n++) {
        cl_int st = t_status(ev);
        if (st > last) {
            CHECK(0, "%s: status %d after %d (a status never goes back)", what, st, last);
            return -1;
        }
        last = st;
        if (st == CL_COMPLETE) return n;
        if (st < 0) {
            CHECK(0, "%s: failed with %d", what, st);
            return -1;
        }
        if (n > MAXPOLLS && time(NULL) - start > SECONDS) {
            CHECK(0, "%s: still %d after %ld polls of clGetEventInfo in %d s", what, last, n,
                  SECONDS);
            return -1;
        }
    }
}

int main(void)
{
    cl_platform_id p = t_platform();
    cl_device_id d = t_device(p);
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    cl_int rc;
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &rc);
    MUST(rc);
    MUST(clBuildProgram(prog, 1, &d, "", NULL, NULL));
    cl_kernel k = clCreateKernel(prog, "spin", &rc);
    MUST(rc);
    cl_mem o = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * sizeof(cl_uint), NULL, &rc);
    MUST(rc);
    cl_uint rounds = ROUNDS;
    MUST(clSetKernelArg(k, 0, sizeof o, &o));
    MUST(clSetKernelArg(k, 1, sizeof rounds, &rounds));
    size_t g = N;
    static cl_uint got[N];

    /* one kernel, flushed, polled */
    cl_event ev;
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, &ev));
    MUST(clFlush(q));
    long polls = poll_until_done(ev, "a flushed kernel");
    CHECK(polls > 0, "a flushed kernel completes while the host polls");
    if (polls > 0) printf("poll: kernel complete after %ld polls\n", polls);
    MUST(clReleaseEvent(ev));
    MUST(clEnqueueReadBuffer(q, o, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
    int ok = 1;
    for (cl_uint i = 0; i < N; i++) ok &= got[i] == spin_host(i);
    CHECK(ok, "the polled kernel's results");

    /* two kernels and a non-blocking read behind them, polled through the read */
    memset(got, 0, sizeof got);
    MUST(clEnqueueFillBuffer(q, o, &(cl_uint){ 0 }, sizeof(cl_uint), 0, sizeof got, 0, NULL, NULL));
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, o, CL_FALSE, 0, sizeof got, got, 0, NULL, &ev));
    MUST(clFlush(q));
    polls = poll_until_done(ev, "a read behind two flushed kernels");
    CHECK(polls > 0, "a read behind flushed kernels completes while the host polls");
    if (polls > 0) printf("poll: read complete after %ld polls\n", polls);
    MUST(clReleaseEvent(ev));
    ok = 1;
    for (cl_uint i = 0; i < N; i++) ok &= got[i] == spin_host(i);
    CHECK(ok, "the read's data once its event is complete");

    MUST(clFinish(q));
    MUST(clReleaseMemObject(o));
    MUST(clReleaseKernel(k));
    MUST(clReleaseProgram(prog));
    MUST(clReleaseCommandQueue(q));
    MUST(clReleaseContext(ctx));
    return t_done("poll");
}
