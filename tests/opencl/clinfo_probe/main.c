/* clinfo_probe -- the probe clinfo builds (probe.cl: a float sum kernel
 * per width, float .. float16), then what clinfo reads from it and from the
 * device, and the kernels run: CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE
 * and CL_KERNEL_WORK_GROUP_SIZE answer (on warpq the warp's 32 threads and
 * the device's limit); the device's single-precision configuration and
 * float vector widths (preferred and native; on warpq 1: a vector is a
 * register a component); each kernel's sums of 64 floatN against the
 * host's, bit for bit (tests/opencl/fp.h).  scripts/opencl.sh also runs
 * Debian's clinfo itself with WQ_FP=1. */
#include "../fp.h"

#define N 64

int main(void)
{
    cl_platform_id plat = t_platform();
    cl_device_id d = t_device(plat);
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    if (!t_fp_device(ctx, d, "clinfo_probe")) {
        /* without an FPU the device says so everywhere clinfo looks */
        cl_uint pw = 1, nw = 1;
        MUST(clGetDeviceInfo(d, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, sizeof pw, &pw, NULL));
        MUST(clGetDeviceInfo(d, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, sizeof nw, &nw, NULL));
        CHECK(pw == 0 && nw == 0, "no single precision, yet float vector widths %u / %u", pw, nw);
        return t_done("clinfo_probe");
    }
    cl_uint pw = 0, nw = 0;
    MUST(clGetDeviceInfo(d, CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, sizeof pw, &pw, NULL));
    MUST(clGetDeviceInfo(d, CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, sizeof nw, &nw, NULL));
    /* OpenCL 1.2 §4.2: a device with single precision has a width >= 1 */
    CHECK(pw >= 1 && nw >= 1, "float vector widths %u / %u with single precision", pw, nw);
    if (t_is_warpq) CHECK(pw == 1 && nw == 1, "warpq's float vector widths %u / %u", pw, nw);
    size_t maxwg = 0;
    MUST(clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof maxwg, &maxwg, NULL));

    cl_program p = t_program_file(ctx, d, "tests/opencl/clinfo_probe/probe.cl", "");
    static float a[N * 16], b[N * 16], got[N * 16], want[N * 16];
    uint32_t s = 5;
    for (int i = 0; i < N * 16; i++) {
        a[i] = ldexpf(t_rand_float(&s, -1.0f, 1.0f), i % 40 - 20);
        b[i] = ldexpf(t_rand_float(&s, -1.0f, 1.0f), i % 37 - 18);
    }
    cl_mem ba = t_float_buf(ctx, N * 16, a), bb = t_float_buf(ctx, N * 16, b);
    cl_mem bo = t_float_buf(ctx, N * 16, NULL);
    static const int widths[] = { 1, 2, 4, 8, 16 };
    size_t mult = 0;
    for (int w = 0; w < 5; w++) {
        char name[32];
        snprintf(name, sizeof name, widths[w] == 1 ? "sumfloat" : "sumfloat%d", widths[w]);
        cl_kernel k = t_kernel(p, name);
        size_t m = 0, wg = 0;
        EXPECT(CL_SUCCESS, clGetKernelWorkGroupInfo(k, d, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                                    sizeof m, &m, NULL));
        EXPECT(CL_SUCCESS, clGetKernelWorkGroupInfo(k, d, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL));
        CHECK(m >= 1 && wg >= 1 && wg <= maxwg, "%s: work-group size multiple %zu, size %zu (device %zu)",
              name, m, wg, maxwg);
        if (t_is_warpq) CHECK(m == 32, "%s: warpq's work-group size multiple is %zu, not a warp", name, m);
        if (w == 0) mult = m;
        MUST(clSetKernelArg(k, 0, sizeof(cl_mem), &bo));
        MUST(clSetKernelArg(k, 1, sizeof(cl_mem), &ba));
        MUST(clSetKernelArg(k, 2, sizeof(cl_mem), &bb));
        size_t g = N;
        EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
        int n = N * widths[w];
        t_read_floats(q, bo, n, got);
        for (int i = 0; i < n; i++) want[i] = a[i] + b[i];
        t_same_floats(got, want, n, name);
        clReleaseKernel(k);
    }
    printf("clinfo_probe: sumfloat .. sumfloat16 built and run; preferred work-group size multiple %zu, "
           "float vector widths %u / %u\n", mult, pw, nw);
    clReleaseMemObject(ba); clReleaseMemObject(bb); clReleaseMemObject(bo);
    clReleaseProgram(p); clReleaseCommandQueue(q); clReleaseContext(ctx);
    return t_done("clinfo_probe");
}
