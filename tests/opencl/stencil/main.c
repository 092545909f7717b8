/* stencil -- a 2-D five-point stencil, the explicit heat equation
 * (stencil.cl), an ordinary OpenCL host program: a 40 x 24 grid with a hot
 * spot and random values, 4 steps ping-ponging between two buffers on a
 * 2-D range (work-groups of 8 x 4), each step's grid against the host's,
 * bit for bit: the sum in the kernel's order, then
 * fmaf(k, fmaf(-4, c, s), c) (the kernel's two contractions;
 * tests/opencl/fp.h). */
#include "../fp.h"

#define W 40
#define H 24
#define STEPS 4

static void host_step(const float *in, float *out, float k)
{
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int i = y * W + x;
            float c = in[i];
            if (x == 0 || y == 0 || x == W - 1 || y == H - 1) { out[i] = c; continue; }
            float s = in[i - W] + in[i + W];
            s += in[i - 1];
            s += in[i + 1];
            out[i] = fmaf(k, fmaf(-4.0f, c, s), c);
        }
}

int main(void)
{
    cl_platform_id plat = t_platform();
    cl_device_id d = t_device(plat);
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    if (!t_fp_device(ctx, d, "stencil")) return t_done("stencil");

    static float grid[W * H], want[W * H], got[W * H];
    uint32_t s = 3;
    for (int i = 0; i < W * H; i++) grid[i] = t_rand_float(&s, 0.0f, 1.0f);
    for (int y = 10; y < 14; y++)
        for (int x = 18; x < 22; x++) grid[y * W + x] = 100.0f;
    cl_program p = t_program_file(ctx, d, "tests/opencl/stencil/stencil.cl", "");
    cl_kernel kn = t_kernel(p, "heat");
    cl_mem b[2] = { t_float_buf(ctx, W * H, grid), t_float_buf(ctx, W * H, NULL) };
    float k = 0.2f;
    MUST(clSetKernelArg(kn, 2, sizeof k, &k));
    size_t g[2] = { W, H }, l[2] = { 8, 4 };
    int steps_ok = 0;
    for (int st = 0; st < STEPS; st++) {
        MUST(clSetKernelArg(kn, 0, sizeof(cl_mem), &b[st & 1]));
        MUST(clSetKernelArg(kn, 1, sizeof(cl_mem), &b[!(st & 1)]));
        EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, kn, 2, NULL, g, l, 0, NULL, NULL));
        t_read_floats(q, b[!(st & 1)], W * H, got);
        host_step(grid, want, k);
        char what[32];
        snprintf(what, sizeof what, "step %d", st + 1);
        steps_ok += t_same_floats(got, want, W * H, what);
        memcpy(grid, want, sizeof grid);
    }
    /* the heat has spread: the hot spot's corner neighbour moved */
    CHECK(grid[9 * W + 17] > 1.0f, "after %d steps the hot spot's neighbour is %g", STEPS, grid[9 * W + 17]);
    printf("stencil: %dx%d grid, %d heat steps on a 2-D range: %d bit-exact (centre %a)\n", W, H,
           STEPS, steps_ok, grid[12 * W + 20]);
    clReleaseMemObject(b[0]); clReleaseMemObject(b[1]);
    clReleaseKernel(kn); clReleaseProgram(p);
    clReleaseCommandQueue(q); clReleaseContext(ctx);
    return t_done("stencil");
}
