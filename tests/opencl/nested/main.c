/* nested/main.c -- device-side enqueue from OpenCL C (the cl_warpq_enqueue
 * extension, docs/runtime.md "Nested work"): a parent whose work-groups
 * enqueue children that enqueue grandchildren; checked by invariants
 * (how many ran at each level, the sum of the ids, nothing refused), twice
 * in a row (the queue's second session), then once more from the program's
 * binary (which keeps what each kernel enqueues). */
#include "../common.h"

int main(void)
{
    cl_device_id d = t_enqueue_device("nested");
    cl_int rc;
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    cl_program p = t_program_file(ctx, d, "tests/opencl/nested/nested.cl", "");
    cl_kernel k = clCreateKernel(p, "parent", &rc);
    MUST(rc);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16 * sizeof(cl_uint), NULL, &rc);
    MUST(rc);
    MUST(clSetKernelArg(k, 0, sizeof out, &out));
    for (int round = 0; round < 3; round++) {
        if (round == 2) {
            /* the same program through its binary */
            size_t len = 0;
            MUST(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof len, &len, NULL));
            unsigned char *bin = malloc(len);
            if (!bin) return 2;
            MUST(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL));
            const unsigned char *cb = bin;
            cl_program pb = clCreateProgramWithBinary(ctx, 1, &d, &len, &cb, NULL, &rc);
            MUST(rc);
            MUST(clBuildProgram(pb, 1, &d, "", NULL, NULL));
            free(bin);
            clReleaseKernel(k);
            clReleaseProgram(p);
            p = pb;
            k = clCreateKernel(p, "parent", &rc);
            MUST(rc);
            MUST(clSetKernelArg(k, 0, sizeof out, &out));
        }
        cl_uint zero[16] = {0}, v[16];
        size_t n = round ? 24 : 8, l = round ? 8 : 4;   /* 2, 3, 3 work-groups */
        MUST(clEnqueueWriteBuffer(q, out, CL_TRUE, 0, sizeof zero, zero, 0, NULL, NULL));
        cl_event ev;
        EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, k, 1, NULL, &n, &l, 0, NULL, &ev));
        MUST(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof v, v, 0, NULL, NULL));
        cl_int st = t_status(ev);
        CHECK(st == CL_COMPLETE, "round %d: parent status %d", round, st);
        clReleaseEvent(ev);
        CHECK(v[1] == n && v[2] == n && v[3] == n, "round %d: levels ran %u %u %u, expected %zu each",
              round, v[1], v[2], v[3], n);
        CHECK(v[0] == n * (n + 1) / 2, "round %d: leaf id sum %u, expected %zu", round, v[0], n * (n + 1) / 2);
        CHECK(v[8] == 0, "round %d: %u enqueues refused", round, v[8]);
        printf("nested: round %d: %zu parents, %u children, %u grandchildren\n", round, n, v[2], v[3]);
    }
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseMemObject(out);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_done("nested");
}
