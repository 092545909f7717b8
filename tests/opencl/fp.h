/* fp.h -- what the float host tests share (tests/opencl/saxpy, reduce,
 * sgemm, stencil, clpeak, clinfo_probe, mathfn): whether the device has single
 * precision, the refusal of a float kernel where it has none, and bit-exact
 * comparison of float results against the host's reference.
 *
 *   WQ_EXPECT_FP  1: the device must have single precision (scripts/opencl.sh
 *                 sets it on the runs with WQ_FP=1, so that a device that
 *                 lost its FPU cannot pass by skipping the float parts)
 *
 * The references are computed on the host in the kernel's operation order:
 * `a * b + c` in a kernel is contracted into one fused multiply-add (OpenCL
 * C's default FP_CONTRACT ON, as clang's -ffp-contract=on), so its reference
 * is fmaf(a, b, c); `mad` is two roundings on both warpq and POCL
 * (docs/compiler.md "Floating point"), so its reference is a * b + c
 * (the host programs are built with -std=c99: no contraction on the host).
 * A NaN's payload is the implementation's (warpq returns the canonical
 * 0x7FC00000, x86 propagates an operand's): a NaN matches any NaN, every
 * other result must match bit for bit. */
#ifndef WQ_TEST_OPENCL_FP_H
#define WQ_TEST_OPENCL_FP_H
#include "common.h"
#include <math.h>
#include <stdint.h>

static inline uint32_t t_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float t_float(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* the float kernel a device without single precision must refuse */
static const char t_fp_probe_src[] =
    "__kernel void probe(__global float *p) { p[0] = p[0] * 2.0f; }\n";

/* whether d has single precision (CL_DEVICE_SINGLE_FP_CONFIG != 0).  Without
 * it the program checks that a float kernel is refused at build time with a
 * build log, says the float parts are skipped, and main() ends; with
 * WQ_EXPECT_FP=1 a device without it is a failure. */
static inline int t_fp_device(cl_context ctx, cl_device_id d, const char *name)
{
    cl_device_fp_config fp = 0;
    MUST(clGetDeviceInfo(d, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fp, &fp, NULL));
    const char *ex = getenv("WQ_EXPECT_FP");
    if (fp) {
        /* OpenCL 1.2 §4.2: the minimum of a full-profile device; warpq's
         * FPU has every mode of the minimum and FMA besides */
        CHECK((fp & CL_FP_ROUND_TO_NEAREST) && (fp & CL_FP_INF_NAN),
              "CL_DEVICE_SINGLE_FP_CONFIG 0x%llx lacks round-to-nearest or inf/NaN",
              (unsigned long long)fp);
        if (t_is_warpq)
            CHECK(fp == (CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN | CL_FP_DENORM | CL_FP_FMA),
                  "warpq's CL_DEVICE_SINGLE_FP_CONFIG is 0x%llx", (unsigned long long)fp);
        return 1;
    }
    CHECK(!(ex && !strcmp(ex, "1")), "WQ_EXPECT_FP=1 but CL_DEVICE_SINGLE_FP_CONFIG is 0");
    const char *s = t_fp_probe_src;
    cl_int rc;
    cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &rc);
    MUST(rc);
    EXPECT(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(p, 1, &d, NULL, NULL, NULL));
    static char log[4096];
    log[0] = 0;
    clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    CHECK(log[0] != 0, "a refused float kernel has an empty build log");
    if (t_is_warpq)
        CHECK(strstr(log, "floating-point types are not supported by this device") != NULL,
              "the float kernel's build log does not say why: %s", log);
    clReleaseProgram(p);
    printf("%s: the device has no single precision: a float kernel is refused; "
           "the float parts are skipped\n", name);
    return 0;
}

/* got[0..n) against want[0..n), bit for bit (a NaN against any NaN);
 * one check for the whole array, the first few differences printed */
static inline int t_same_floats(const float *got, const float *want, size_t n, const char *what)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        int same = (isnan(got[i]) && isnan(want[i])) || t_bits(got[i]) == t_bits(want[i]);
        if (!same && bad++ < 4)
            printf("  %s[%zu]: got %a (0x%08x), expected %a (0x%08x)\n", what, i, got[i],
                   t_bits(got[i]), want[i], t_bits(want[i]));
    }
    CHECK(bad == 0, "%s: %zu of %zu results differ from the host's reference", what, bad, n);
    return bad == 0;
}

/* a reproducible pseudo-random float in [lo, hi) (an LCG; the same on every host) */
static inline float t_rand_float(uint32_t *state, float lo, float hi)
{
    *state = *state * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(*state >> 8) * (1.0f / 16777216.0f);
}

/* a buffer of n floats, initialised from host memory when init is not NULL */
static inline cl_mem t_float_buf(cl_context ctx, size_t n, const float *init)
{
    cl_int rc;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0),
                              n * sizeof(float), (void *)init, &rc);
    MUST(rc);
    return m;
}

static inline void t_read_floats(cl_command_queue q, cl_mem m, size_t n, float *out)
{
    MUST(clEnqueueReadBuffer(q, m, CL_TRUE, 0, n * sizeof(float), out, 0, NULL, NULL));
}

static inline cl_kernel t_kernel(cl_program p, const char *name)
{
    cl_int rc;
    cl_kernel k = clCreateKernel(p, name, &rc);
    if (rc != CL_SUCCESS) { printf("FATAL: clCreateKernel(%s): %d\n", name, rc); exit(2); }
    return k;
}
#endif
