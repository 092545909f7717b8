/* nested_errors/main.c -- how device-side enqueue fails (the
 * cl_warpq_enqueue extension, docs/runtime.md "Nested work"):
 *   - a kernel that never ends its session (no wq_enqueue_done or
 *     wq_enqueue_finish): its event fails with CL_OUT_OF_RESOURCES when the
 *     channel's wait for the session times out -- no hang -- and the
 *     kernels after it run (a plain one, then a nested one on the queue
 *     made again);
 *   - a queue too small for what is enqueued: the refused enqueues return
 *     WQ_ENQ_FULL to the kernel, the accepted ones all run, the launch
 *     completes, and the next session is whole;
 *   - a kernel with nested work, and one that a kernel enqueues, are never
 *     split into several launches (docs/runtime.md "NDRange"): from the
 *     host with one work-group more than a launch holds (65535, or
 *     WQ_CL_MAX_GRID's value) each is CL_OUT_OF_RESOURCES at the enqueue,
 *     with no event, and the next kernel runs. */
#include "../common.h"

int main(void)
{
    cl_device_id d = t_enqueue_device("nested_errors");
    cl_int rc;
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    cl_program p = t_program_file(ctx, d, "tests/opencl/nested_errors/nested_errors.cl", "");
    cl_kernel forget = clCreateKernel(p, "forget", &rc);
    MUST(rc);
    cl_kernel flood = clCreateKernel(p, "flood", &rc);
    MUST(rc);
    cl_kernel plain = clCreateKernel(p, "plain", &rc);
    MUST(rc);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64 * sizeof(cl_uint), NULL, &rc);
    MUST(rc);
    MUST(clSetKernelArg(forget, 0, sizeof out, &out));
    MUST(clSetKernelArg(flood, 0, sizeof out, &out));
    MUST(clSetKernelArg(plain, 0, sizeof out, &out));
    cl_uint zero[64] = {0}, v[64];

    /* forgot to finish: a failed event with a named error, then the next kernels */
    MUST(clEnqueueWriteBuffer(q, out, CL_TRUE, 0, sizeof zero, zero, 0, NULL, NULL));
    size_t one = 1, n = 16;
    cl_event e1, e2;
    EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, forget, 1, NULL, &one, &one, 0, NULL, &e1));
    EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, plain, 1, NULL, &n, NULL, 0, NULL, &e2));
    MUST(clFinish(q));
    CHECK(t_status(e1) == CL_OUT_OF_RESOURCES, "forget: status %d, expected CL_OUT_OF_RESOURCES", t_status(e1));
    CHECK(t_status(e2) == CL_COMPLETE, "plain after forget: status %d", t_status(e2));
    MUST(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof v, v, 0, NULL, NULL));
    int okp = 1;
    for (cl_uint i = 0; i < 16; i++) okp &= v[i] == i * 3u + 1u;
    CHECK(okp, "plain after forget: wrong values");
    clReleaseEvent(e1);
    clReleaseEvent(e2);
    printf("nested_errors: forget: CL_OUT_OF_RESOURCES; the next kernel ran\n");

    /* exhaustion, twice: the second session must be as whole as the first */
    for (int round = 0; round < 2; round++) {
        MUST(clEnqueueWriteBuffer(q, out, CL_TRUE, 0, sizeof zero, zero, 0, NULL, NULL));
        size_t g = 256, l = 64;
        cl_event ev = NULL;
        rc = clEnqueueNDRangeKernel(q, flood, 1, NULL, &g, &l, 0, NULL, &ev);
        CHECK(rc == CL_SUCCESS, "flood %d: clEnqueueNDRangeKernel: %d", round, rc);
        if (rc != CL_SUCCESS) continue;
        MUST(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof v, v, 0, NULL, NULL));
        CHECK(t_status(ev) == CL_COMPLETE, "flood %d: status %d", round, t_status(ev));
        clReleaseEvent(ev);
        CHECK(v[0] + v[1] == g, "flood %d: %u accepted + %u refused != %zu", round, v[0], v[1], g);
        CHECK(v[0] > 0 && v[1] > 0, "flood %d: %u accepted, %u refused: the queue did not fill", round, v[0], v[1]);
        CHECK(v[2] == v[0], "flood %d: %u children ran, %u accepted", round, v[2], v[0]);
        CHECK(v[3] == 0, "flood %d: %u other statuses", round, v[3]);
        printf("nested_errors: flood %d: %u accepted, %u refused (WQ_ENQ_FULL), %u ran\n",
               round, v[0], v[1], v[2]);
    }
    /* never split: one work-group of one work-item more than a launch holds */
    const char *mg = getenv("WQ_CL_MAX_GRID");
    size_t over = (mg && *mg ? (size_t)strtoul(mg, NULL, 10) : 65535) + 1;
    cl_kernel kchild = clCreateKernel(p, "child", &rc);
    MUST(rc);
    MUST(clSetKernelArg(kchild, 0, sizeof out, &out));
    cl_kernel never[2] = { flood, kchild };
    const char *why[2] = { "flood (nested work)", "child (a kernel flood enqueues)" };
    for (int i = 0; i < 2; i++) {
        cl_event ev = NULL;
        rc = clEnqueueNDRangeKernel(q, never[i], 1, NULL, &over, &one, 0, NULL, &ev);
        CHECK(rc == CL_OUT_OF_RESOURCES, "%s in %zu work-groups: %d, expected CL_OUT_OF_RESOURCES", why[i], over, rc);
        CHECK(ev == NULL, "%s in %zu work-groups: a refused enqueue made an event", why[i], over);
    }
    MUST(clEnqueueWriteBuffer(q, out, CL_TRUE, 0, sizeof zero, zero, 0, NULL, NULL));
    EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, plain, 1, NULL, &n, NULL, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof v, v, 0, NULL, NULL));
    okp = 1;
    for (cl_uint i = 0; i < 16; i++) okp &= v[i] == i * 3u + 1u;
    CHECK(okp, "plain after the refused splits: wrong values");
    printf("nested_errors: %zu work-groups of a nested kernel and of an enqueued one: CL_OUT_OF_RESOURCES\n", over);
    clReleaseKernel(kchild);
    clReleaseKernel(forget);
    clReleaseKernel(flood);
    clReleaseKernel(plain);
    clReleaseProgram(p);
    clReleaseMemObject(out);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_done("nested_errors");
}
