/* clpeak -- clpeak's kind of single-precision kernels (clpeak.cl) built and
 * run as clpeak runs them, its figures left out and the results checked:
 * compute_sp_v1 .. v16 (8 dependent mad steps on float, float2, float4,
 * float8, float16 values; mad is two roundings, as POCL's), the same chain
 * with fma on float and float4, and global_bandwidth_v1 / v2 / v4 (8
 * floatN loads a work-item, strided by the range's size, summed).  Every
 * result against the host's, bit for bit, in the kernel's order
 * (tests/opencl/fp.h).  64 work-items in one group (small: the RTL in
 * lockstep runs it in make test). */
#include "../fp.h"

#define GS 64
#define LS 64
#define READS 8

/* one chain on the host: component c of work-item g */
static float host_chain(float x, float y, float a, int fused)
{
    for (int i = 0; i < 4; i++) {
        x = fused ? fmaf(y, a, x) : y * a + x;
        y = fused ? fmaf(x, -a, y) : x * -a + y;
    }
    return x + y;
}

int main(void)
{
    cl_platform_id plat = t_platform();
    cl_device_id d = t_device(plat);
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    if (!t_fp_device(ctx, d, "clpeak")) return t_done("clpeak");

    static float in[GS * 16 * READS], got[GS * 16], want[GS * 16];
    uint32_t s = 11;
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) in[i] = t_rand_float(&s, -3.0f, 3.0f);
    cl_program p = t_program_file(ctx, d, "tests/opencl/clpeak/clpeak.cl", "");
    cl_mem bin = t_float_buf(ctx, sizeof in / sizeof in[0], in), bout = t_float_buf(ctx, GS * 16, NULL);
    size_t g = GS, l = LS;

    static const struct { const char *name; int width, fused; } compute[] = {
        { "compute_sp_v1", 1, 0 }, { "compute_sp_v2", 2, 0 }, { "compute_sp_v4", 4, 0 },
        { "compute_sp_v8", 8, 0 }, { "compute_sp_v16", 16, 0 },
        { "compute_sp_fma_v1", 1, 1 }, { "compute_sp_fma_v4", 4, 1 },
    };
    float alpha = 0.3f;
    for (size_t r = 0; r < sizeof compute / sizeof compute[0]; r++) {
        cl_kernel k = t_kernel(p, compute[r].name);
        MUST(clSetKernelArg(k, 0, sizeof(cl_mem), &bin));
        MUST(clSetKernelArg(k, 1, sizeof(cl_mem), &bout));
        MUST(clSetKernelArg(k, 2, sizeof alpha, &alpha));
        EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
        int n = GS * compute[r].width;
        t_read_floats(q, bout, n, got);
        for (int i = 0; i < n; i++) {
            int gid = i / compute[r].width;
            want[i] = host_chain(in[i], (float)(gid % LS) * 0.0625f, alpha, compute[r].fused);
        }
        t_same_floats(got, want, n, compute[r].name);
        clReleaseKernel(k);
    }

    static const struct { const char *name; int width; } bandwidth[] = {
        { "global_bandwidth_v1", 1 }, { "global_bandwidth_v2", 2 }, { "global_bandwidth_v4", 4 },
    };
    cl_uint reads = READS;
    for (size_t r = 0; r < sizeof bandwidth / sizeof bandwidth[0]; r++) {
        cl_kernel k = t_kernel(p, bandwidth[r].name);
        MUST(clSetKernelArg(k, 0, sizeof(cl_mem), &bin));
        MUST(clSetKernelArg(k, 1, sizeof(cl_mem), &bout));
        MUST(clSetKernelArg(k, 2, sizeof reads, &reads));
        EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
        t_read_floats(q, bout, GS, got);
        int w = bandwidth[r].width;
        for (int gid = 0; gid < GS; gid++) {
            float c[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
            for (int rd = 0; rd < READS; rd++)
                for (int j = 0; j < w; j++) c[j] += in[(gid + rd * GS) * w + j];
            want[gid] = w == 1 ? c[0] : w == 2 ? c[0] + c[1] : (c[0] + c[1]) + (c[2] + c[3]);
        }
        t_same_floats(got, want, GS, bandwidth[r].name);
        clReleaseKernel(k);
    }
    printf("clpeak: compute_sp v1..v16 (mad), compute_sp_fma v1/v4, global_bandwidth v1/v2/v4: "
           "%d work-items each, bit-exact\n", GS);
    clReleaseMemObject(bin); clReleaseMemObject(bout);
    clReleaseProgram(p); clReleaseCommandQueue(q); clReleaseContext(ctx);
    return t_done("clpeak");
}
