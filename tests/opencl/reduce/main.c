/* reduce -- a parallel float sum with __local memory and barriers
 * (reduce.cl), an ordinary OpenCL host program: 2048 floats of mixed
 * magnitudes and signs (so the order of the additions shows in the
 * result) summed by 8 work-groups of 64 into 8 partial sums, then by one
 * work-group of 8 into the total; a dot product of two vectors the same
 * way with a fused multiply-add a step.  Every partial sum and the total
 * against the host's tree in the kernel's order, bit for bit
 * (tests/opencl/fp.h). */
#include "../fp.h"

#define N  2048
#define WG 64
#define NG 8

/* the kernel's sum on the host: work-item t of group g (global id
 * g * lsz + t) adds in[t + k * gsz] in turn, then the tree halves the
 * group's lsz partial sums; dot: acc = fmaf(a, b, acc) instead */
static void host_tree(const float *a, const float *b, size_t n, size_t lsz, size_t ng, float *out)
{
    float part[1024];
    size_t gsz = lsz * ng;
    for (size_t g = 0; g < ng; g++) {
        for (size_t t = 0; t < lsz; t++) {
            float acc = 0.0f;
            for (size_t i = g * lsz + t; i < n; i += gsz)
                acc = b ? fmaf(a[i], b[i], acc) : acc + a[i];
            part[t] = acc;
        }
        for (size_t s = lsz / 2; s > 0; s >>= 1)
            for (size_t t = 0; t < s; t++) part[t] += part[t + s];
        out[g] = part[0];
    }
}

int main(void)
{
    cl_platform_id plat = t_platform();
    cl_device_id d = t_device(plat);
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    if (!t_fp_device(ctx, d, "reduce")) return t_done("reduce");

    static float in[N], in2[N], got[NG], want[NG], total, want_total;
    uint32_t s = 7;
    for (size_t i = 0; i < N; i++) {
        in[i] = ldexpf(t_rand_float(&s, -1.0f, 1.0f), (int)(i % 23) - 8);
        in2[i] = t_rand_float(&s, -4.0f, 4.0f);
    }
    cl_program p = t_program_file(ctx, d, "tests/opencl/reduce/reduce.cl", "");
    cl_kernel ks = t_kernel(p, "partial_sums"), kd = t_kernel(p, "dot_product");
    cl_mem bin = t_float_buf(ctx, N, in), bin2 = t_float_buf(ctx, N, in2);
    cl_mem bpart = t_float_buf(ctx, NG, NULL), btot = t_float_buf(ctx, 1, NULL);
    cl_uint n = N, ng = NG;

    /* the sum: 8 groups of 64, then one group of 8 over their results */
    size_t g = WG * NG, l = WG;
    MUST(clSetKernelArg(ks, 0, sizeof(cl_mem), &bin));
    MUST(clSetKernelArg(ks, 1, sizeof n, &n));
    MUST(clSetKernelArg(ks, 2, sizeof(cl_mem), &bpart));
    MUST(clSetKernelArg(ks, 3, WG * sizeof(float), NULL));
    EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, ks, 1, NULL, &g, &l, 0, NULL, NULL));
    g = l = NG;
    MUST(clSetKernelArg(ks, 0, sizeof(cl_mem), &bpart));
    MUST(clSetKernelArg(ks, 1, sizeof ng, &ng));
    MUST(clSetKernelArg(ks, 2, sizeof(cl_mem), &btot));
    MUST(clSetKernelArg(ks, 3, NG * sizeof(float), NULL));
    EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, ks, 1, NULL, &g, &l, 0, NULL, NULL));
    t_read_floats(q, bpart, NG, got);
    t_read_floats(q, btot, 1, &total);
    host_tree(in, NULL, N, WG, NG, want);
    host_tree(want, NULL, NG, NG, 1, &want_total);
    t_same_floats(got, want, NG, "sum: the groups' partial sums");
    t_same_floats(&total, &want_total, 1, "sum: the total");
    /* the tree's order matters: the sequential sum of the same data differs */
    float seq = 0.0f;
    for (size_t i = 0; i < N; i++) seq += in[i];
    printf("reduce: sum of %d floats: %a (%.9g; sequential on the host %.9g)\n", N, total, total, seq);

    /* the dot product: 8 groups of 64 (the kernel's fixed work-group) */
    g = WG * NG, l = WG;
    MUST(clSetKernelArg(kd, 0, sizeof(cl_mem), &bin));
    MUST(clSetKernelArg(kd, 1, sizeof(cl_mem), &bin2));
    MUST(clSetKernelArg(kd, 2, sizeof n, &n));
    MUST(clSetKernelArg(kd, 3, sizeof(cl_mem), &bpart));
    EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, kd, 1, NULL, &g, &l, 0, NULL, NULL));
    t_read_floats(q, bpart, NG, got);
    host_tree(in, in2, N, WG, NG, want);
    t_same_floats(got, want, NG, "dot: the groups' partial sums");

    clReleaseMemObject(bin); clReleaseMemObject(bin2);
    clReleaseMemObject(bpart); clReleaseMemObject(btot);
    clReleaseKernel(ks); clReleaseKernel(kd);
    clReleaseProgram(p); clReleaseCommandQueue(q); clReleaseContext(ctx);
    return t_done("reduce");
}
