/* subdivide/main.c -- recursive subdivision through device-side enqueue
 * (the cl_warpq_enqueue extension, docs/runtime.md "Nested work"): a kernel
 * that enqueues itself on both halves of an interval until a half's values
 * add up to LIMIT or less.  The host walks the same rule and checks the
 * invariants: the leaves' sums add up to the whole, the leaf and node
 * counts match, nothing was refused.  Three data sets, three shapes. */
#include "../common.h"

#define DATA  64
#define N     64
#define LIMIT 300u

/* the host's walk of the same rule: nodes and leaves */
static void walk(const cl_uint *v, unsigned lo, unsigned hi, unsigned *nodes, unsigned *leaves,
                 unsigned depth, unsigned *maxd)
{
    unsigned sum = 0;
    for (unsigned i = lo; i < hi; i++) sum += v[i];
    ++*nodes;
    if (depth > *maxd) *maxd = depth;
    if (hi - lo > 1 && sum > LIMIT) {
        unsigned m = lo + (hi - lo) / 2;
        walk(v, lo, m, nodes, leaves, depth + 1, maxd);
        walk(v, m, hi, nodes, leaves, depth + 1, maxd);
    } else {
        ++*leaves;
    }
}

int main(void)
{
    cl_device_id d = t_enqueue_device("subdivide");
    cl_int rc;
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    cl_program p = t_program_file(ctx, d, "tests/opencl/subdivide/subdivide.cl", "");
    cl_kernel k = clCreateKernel(p, "split", &rc);
    MUST(rc);
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (DATA + N) * sizeof(cl_uint), NULL, &rc);
    MUST(rc);
    cl_uint lo = 0, hi = N;
    MUST(clSetKernelArg(k, 0, sizeof buf, &buf));
    MUST(clSetKernelArg(k, 1, sizeof lo, &lo));
    MUST(clSetKernelArg(k, 2, sizeof hi, &hi));
    unsigned seed = 12345;
    for (int set = 0; set < 3; set++) {
        cl_uint h[DATA + N] = {0}, total = 0;
        for (unsigned i = 0; i < N; i++) {
            seed = seed * 1103515245u + 12345u;
            /* set 0: uniform; 1: one heavy end; 2: a few spikes */
            cl_uint x = (seed >> 16) % 40;
            if (set == 1) x = i < N / 4 ? x * 4 : x / 4;
            if (set == 2) x = i % 13 == 0 ? 250 : x / 8;
            h[DATA + i] = x;
            total += x;
        }
        unsigned nodes = 0, leaves = 0, maxd = 0;
        walk(h + DATA, 0, N, &nodes, &leaves, 0, &maxd);
        MUST(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, sizeof h, h, 0, NULL, NULL));
        cl_event ev;
        EXPECT(CL_SUCCESS, clEnqueueTask(q, k, 0, NULL, &ev));
        cl_uint v[4];
        MUST(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof v, v, 0, NULL, NULL));
        cl_int st = t_status(ev);
        clReleaseEvent(ev);
        CHECK(st == CL_COMPLETE, "set %d: status %d", set, st);
        CHECK(v[0] == total, "set %d: leaves add up to %u, the data to %u", set, v[0], total);
        CHECK(v[1] == leaves, "set %d: %u leaves, the host's walk %u", set, v[1], leaves);
        CHECK(v[3] == nodes, "set %d: %u nodes, the host's walk %u", set, v[3], nodes);
        CHECK(v[2] == 0, "set %d: %u enqueues refused", set, v[2]);
        printf("subdivide: set %d: %u nodes, %u leaves, depth %u, sum %u\n", set, v[3], v[1], maxd, v[0]);
    }
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseMemObject(buf);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_done("subdivide");
}
