/* saxpy -- y = a * x + y on 1024 floats (saxpy.cl), an ordinary OpenCL host
 * program: with the contraction OpenCL C does by default (one fused
 * multiply-add, the reference fmaf) and with FP_CONTRACT OFF (a rounded
 * product then a rounded sum), both bit for bit against the host.  The
 * operands mix random values of every magnitude with the edges: zeros of
 * both signs, subnormals, the largest finite values (overflow to
 * infinity), infinities and NaN; the second launch runs on the first's
 * results (y in place) with a negative a.  On a device without single
 * precision the kernel must be refused (tests/opencl/fp.h). */
#include "../fp.h"

#define N 1024

int main(void)
{
    cl_platform_id plat = t_platform();
    cl_device_id d = t_device(plat);
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    if (!t_fp_device(ctx, d, "saxpy")) return t_done("saxpy");

    static float x[N], y[N], want[N], got[N];
    static const uint32_t edge[] = {
        0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007FFFFF, 0x00800000,
        0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0x3F800000,
        0x33800000, 0x4B000000, 0xBF800001, 0x0B000000,
    };
    const size_t ne = sizeof edge / sizeof edge[0];
    uint32_t s = 1;
    for (size_t i = 0; i < N; i++) {
        /* a random sign, exponent and fraction: products and sums that
         * round, cancel, overflow and go subnormal */
        float m = t_rand_float(&s, 1.0f, 2.0f);
        int e = (int)(t_rand_float(&s, 0.0f, 1.0f) * 80.0f) - 40;
        x[i] = (i & 1 ? -1.0f : 1.0f) * ldexpf(m, e);
        m = t_rand_float(&s, 1.0f, 2.0f);
        e = (int)(t_rand_float(&s, 0.0f, 1.0f) * 80.0f) - 40;
        y[i] = (i & 2 ? -1.0f : 1.0f) * ldexpf(m, e);
    }
    for (size_t i = 0; i < ne * ne; i++) {   /* every pair of edges, x against y */
        x[N - ne * ne + i] = t_float(edge[i / ne]);
        y[N - ne * ne + i] = t_float(edge[i % ne]);
    }
    cl_program p = t_program_file(ctx, d, "tests/opencl/saxpy/saxpy.cl", "");
    cl_mem bx = t_float_buf(ctx, N, x), by = t_float_buf(ctx, N, y);
    size_t g = N, l = 64;
    static const struct { const char *kernel; float a; int fused; } runs[] = {
        { "saxpy", 1.75f, 1 },                 /* y = fma(a, x, y) */
        { "saxpy", -0x1.3p-3f, 1 },            /* again, on the first's y */
        { "saxpy_mul_add", 0x1.fffffep+0f, 0 } /* y = a * x + y, two roundings */
    };
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        cl_kernel k = t_kernel(p, runs[r].kernel);
        MUST(clSetKernelArg(k, 0, sizeof(float), &runs[r].a));
        MUST(clSetKernelArg(k, 1, sizeof(cl_mem), &bx));
        MUST(clSetKernelArg(k, 2, sizeof(cl_mem), &by));
        EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
        t_read_floats(q, by, N, got);
        for (size_t i = 0; i < N; i++) {
            float prod = runs[r].a * x[i];
            want[i] = runs[r].fused ? fmaf(runs[r].a, x[i], y[i]) : prod + y[i];
        }
        char what[64];
        snprintf(what, sizeof what, "%s a=%a", runs[r].kernel, runs[r].a);
        t_same_floats(got, want, N, what);
        memcpy(y, want, sizeof y);   /* the next launch works on these */
        clReleaseKernel(k);
    }
    printf("saxpy: %d elements, 3 launches (fused twice, then two roundings), bit-exact\n", N);
    clReleaseMemObject(bx); clReleaseMemObject(by);
    clReleaseProgram(p); clReleaseCommandQueue(q); clReleaseContext(ctx);
    return t_done("saxpy");
}
