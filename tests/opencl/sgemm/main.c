/* sgemm -- a tiled single-precision matrix multiply, C = alpha A B + beta C
 * (sgemm.cl), an ordinary OpenCL host program: A 16 x 24, B 24 x 32, C
 * 16 x 32, tiles of 8 x 8 in __local memory (work-groups of 64 on a 2-D
 * range of 32 x 16), then again with 16 x 16 tiles (work-groups of 256)
 * on the first's C (A 16 x 16 then, B its first 16 rows).  Each element
 * against the host's, bit for bit: the kernel's sum acc = fmaf(a, b, acc)
 * in k's order, then fmaf(alpha, acc, beta * c) (tests/opencl/fp.h). */
#include "../fp.h"

#define M 16
#define N 32
#define K 24

int main(void)
{
    cl_platform_id plat = t_platform();
    cl_device_id d = t_device(plat);
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    if (!t_fp_device(ctx, d, "sgemm")) return t_done("sgemm");

    static float a[M * K], b[K * N], c[M * N], want[M * N], got[M * N];
    uint32_t s = 42;
    for (size_t i = 0; i < M * K; i++) a[i] = t_rand_float(&s, -2.0f, 2.0f);
    for (size_t i = 0; i < K * N; i++) b[i] = t_rand_float(&s, -1.0f, 3.0f);
    for (size_t i = 0; i < M * N; i++) c[i] = t_rand_float(&s, -8.0f, 8.0f);
    cl_mem ba = t_float_buf(ctx, M * K, a), bb = t_float_buf(ctx, K * N, b);
    cl_mem bc = t_float_buf(ctx, M * N, c);
    /* a 24-deep K is 3 steps of 8; with 16 x 16 tiles K is 16 (A 16 x 16) */
    static const struct { unsigned tile, k; float alpha, beta; } runs[] = {
        { 8, K, 1.0f, 0.0f }, { 16, 16, 0.75f, -1.5f },
    };
    cl_uint m = M, n = N;
    for (size_t r = 0; r < 2; r++) {
        size_t maxwg = 0;
        MUST(clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof maxwg, &maxwg, NULL));
        if (runs[r].tile * runs[r].tile > maxwg) {
            printf("sgemm: tile %u: work-groups of %u exceed the device's %zu: skipped\n",
                   runs[r].tile, runs[r].tile * runs[r].tile, maxwg);
            continue;
        }
        char opt[32];
        snprintf(opt, sizeof opt, "-D TILE=%u", runs[r].tile);
        cl_program p = t_program_file(ctx, d, "tests/opencl/sgemm/sgemm.cl", opt);
        cl_kernel k = t_kernel(p, "sgemm");
        cl_uint kk = runs[r].k;
        MUST(clSetKernelArg(k, 0, sizeof m, &m));
        MUST(clSetKernelArg(k, 1, sizeof n, &n));
        MUST(clSetKernelArg(k, 2, sizeof kk, &kk));
        MUST(clSetKernelArg(k, 3, sizeof(float), &runs[r].alpha));
        MUST(clSetKernelArg(k, 4, sizeof(cl_mem), &ba));
        MUST(clSetKernelArg(k, 5, sizeof(cl_mem), &bb));
        MUST(clSetKernelArg(k, 6, sizeof(float), &runs[r].beta));
        MUST(clSetKernelArg(k, 7, sizeof(cl_mem), &bc));
        size_t g[2] = { N, M }, l[2] = { runs[r].tile, runs[r].tile };
        EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, k, 2, NULL, g, l, 0, NULL, NULL));
        t_read_floats(q, bc, M * N, got);
        /* the launch's k is A's row length: with k = 16 the kernel reads
         * the first 16 x 16 of A's 384 floats as A */
        for (size_t i = 0; i < M; i++)
            for (size_t j = 0; j < N; j++) {
                float acc = 0.0f;
                for (size_t t = 0; t < kk; t++) acc = fmaf(a[i * kk + t], b[t * N + j], acc);
                want[i * N + j] = fmaf(runs[r].alpha, acc, runs[r].beta * c[i * N + j]);
            }
        char what[64];
        snprintf(what, sizeof what, "C, %ux%u tiles", runs[r].tile, runs[r].tile);
        if (t_same_floats(got, want, M * N, what))
            printf("sgemm: %dx%d = %dx%u * %ux%d, %ux%u tiles in __local: bit-exact (C[0] %a, C[%d] %a)\n",
                   M, N, M, kk, kk, N, runs[r].tile, runs[r].tile, got[0], M * N - 1, got[M * N - 1]);
        memcpy(c, want, sizeof c);
        clReleaseKernel(k);
        clReleaseProgram(p);
    }
    clReleaseMemObject(ba); clReleaseMemObject(bb); clReleaseMemObject(bc);
    clReleaseCommandQueue(q); clReleaseContext(ctx);
    return t_done("sgemm");
}
