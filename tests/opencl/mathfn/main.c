/* mathfn -- the math library from an ordinary OpenCL host program
 * (mathfn.cl: a kernel per function, element-wise): exp exp2 log log2
 * log10 sin cos tan asin atan tanh cbrt sqrt rsqrt pow atan2 hypot and x / y,
 * each on 24 inputs drawn over the function's range (tan, sin and cos up to
 * 10^5, through their argument reduction) and 8 special ones (+-0, +-inf,
 * NaN, +-1, a subnormal).  Each result against the host's double-precision
 * libm of the same float inputs: a NaN where the reference is NaN; where
 * the reference is an infinity or a zero, exactly that value with its sign
 * (C99 Annex F's special values, which OpenCL C 1.2 §7.5 keeps); elsewhere
 * within OpenCL C 1.2's bound in ulp (§7.4, the full profile's table:
 * exp 3, sin 4, pow 16, x / y 2.5, ...; sqrt 3 as a device need not round
 * it correctly).  It prints each function's worst error in ulp (a report;
 * scripts/mathlib.sh measures the library itself against mpmath on 65536
 * inputs a function). */
#include "../fp.h"
#include <float.h>

#define N 32           /* inputs a function: one warp */
#define NSPECIAL 8

typedef struct {
    const char *kernel;
    double (*ref1)(double);
    double (*ref2)(double, double);
    double bound;                  /* OpenCL C 1.2 §7.4, ulp */
    float lo, hi, ylo, yhi;        /* the drawn inputs' range */
    int logscale;                  /* x drawn as 2^u, u in [lo, hi] */
} fn_t;

static double divide(double a, double b) { return a / b; }
static double rsqrt_ref(double a) { return 1.0 / sqrt(a); }

static const fn_t fns[] = {
    { "k_exp",    exp,       NULL,  3,   -87.0f,  88.0f,   0, 0, 0 },
    { "k_exp2",   exp2,      NULL,  3,  -126.0f, 127.0f,   0, 0, 0 },
    { "k_log",    log,       NULL,  3,  -126.0f, 127.0f,   0, 0, 1 },
    { "k_log2",   log2,      NULL,  3,  -126.0f, 127.0f,   0, 0, 1 },
    { "k_log10",  log10,     NULL,  3,  -126.0f, 127.0f,   0, 0, 1 },
    { "k_sin",    sin,       NULL,  4,  -1e5f,   1e5f,     0, 0, 0 },
    { "k_cos",    cos,       NULL,  4,  -1e5f,   1e5f,     0, 0, 0 },
    { "k_tan",    tan,       NULL,  5,  -1e5f,   1e5f,     0, 0, 0 },
    { "k_asin",   asin,      NULL,  4,  -1.0f,   1.0f,     0, 0, 0 },
    { "k_atan",   atan,      NULL,  5,  -1e3f,   1e3f,     0, 0, 0 },
    { "k_tanh",   tanh,      NULL,  5,  -12.0f,  12.0f,    0, 0, 0 },
    { "k_cbrt",   cbrt,      NULL,  2,  -1e6f,   1e6f,     0, 0, 0 },
    { "k_sqrt",   sqrt,      NULL,  3,  -126.0f, 127.0f,   0, 0, 1 },
    { "k_rsqrt",  rsqrt_ref, NULL,  2,  -126.0f, 127.0f,   0, 0, 1 },
    { "k_pow",    NULL,      pow,   16,  0.0f,   10.0f,  -12.0f, 12.0f, 0 },
    { "k_atan2",  NULL,      atan2, 6,  -10.0f,  10.0f,  -10.0f, 10.0f, 0 },
    { "k_hypot",  NULL,      hypot, 4,  -1e3f,   1e3f,   -1e3f,  1e3f,  0 },
    { "k_divide", NULL,      divide, 2.5, -1e6f, 1e6f,   -10.0f, 10.0f, 0 },
};

/* |got - ref| in units of the last place of ref as a float (the
 * subnormals' ulp below 2^-126) */
static double ulp_err(float got, double ref)
{
    int e = ilogb(ref);
    if (e < -126) e = -126;
    return fabs((double)got - ref) / ldexp(1.0, e - 23);
}

int main(void)
{
    cl_platform_id plat = t_platform();
    cl_device_id d = t_device(plat);
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    if (!t_fp_device(ctx, d, "mathfn")) return t_done("mathfn");

    static const float special[NSPECIAL] = { 0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1.0f, -1.0f, 0x1p-140f };
    cl_program p = t_program_file(ctx, d, "tests/opencl/mathfn/mathfn.cl", "");
    cl_mem bx = t_float_buf(ctx, N, NULL), by = t_float_buf(ctx, N, NULL), bo = t_float_buf(ctx, N, NULL);
    uint32_t s = 99;
    for (size_t f = 0; f < sizeof fns / sizeof fns[0]; f++) {
        const fn_t *fn = &fns[f];
        float x[N], y[N], got[N];
        for (int i = 0; i < N - NSPECIAL; i++) {
            float u = t_rand_float(&s, fn->lo, fn->hi);
            x[i] = fn->logscale ? ldexpf(t_rand_float(&s, 1.0f, 2.0f), (int)u) : u;
            y[i] = t_rand_float(&s, fn->ylo, fn->yhi);
        }
        for (int i = 0; i < NSPECIAL; i++) {
            x[N - NSPECIAL + i] = special[i];
            y[N - NSPECIAL + i] = special[(i + 3) % NSPECIAL];   /* every pair class meets */
        }
        MUST(clEnqueueWriteBuffer(q, bx, CL_TRUE, 0, sizeof x, x, 0, NULL, NULL));
        MUST(clEnqueueWriteBuffer(q, by, CL_TRUE, 0, sizeof y, y, 0, NULL, NULL));
        cl_kernel k = t_kernel(p, fn->kernel);
        MUST(clSetKernelArg(k, 0, sizeof(cl_mem), &bx));
        MUST(clSetKernelArg(k, 1, sizeof(cl_mem), &by));
        MUST(clSetKernelArg(k, 2, sizeof(cl_mem), &bo));
        size_t g = N;
        EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
        t_read_floats(q, bo, N, got);
        double worst = 0;
        int bad = 0;
        for (int i = 0; i < N; i++) {
            double ref = fn->ref1 ? fn->ref1(x[i]) : fn->ref2(x[i], y[i]);
            int ok;
            if (isnan(ref)) ok = isnan(got[i]);
            else if (isinf(ref) || ref == 0.0) ok = t_bits(got[i]) == t_bits((float)ref);
            else if (fabs(ref) > FLT_MAX) ok = 0;   /* the drawn ranges stay finite */
            else {
                double e = ulp_err(got[i], ref);
                ok = e <= fn->bound;
                if (e > worst) worst = e;
            }
            if (!ok && bad++ < 3)
                printf("  %s(%a, %a): got %a (0x%08x), reference %a\n", fn->kernel + 2, x[i], y[i],
                       got[i], t_bits(got[i]), ref);
        }
        CHECK(bad == 0, "%s: %d of %d results outside the bound (%g ulp) or the special value", fn->kernel + 2,
              bad, N, fn->bound);
        printf("mathfn: %-7s worst %.3f ulp (bound %g)\n", fn->kernel + 2, worst, fn->bound);
        clReleaseKernel(k);
    }
    clReleaseMemObject(bx); clReleaseMemObject(by); clReleaseMemObject(bo);
    clReleaseProgram(p); clReleaseCommandQueue(q); clReleaseContext(ctx);
    return t_done("mathfn");
}
