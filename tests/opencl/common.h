/* common.h -- what the OpenCL host tests share: platform selection, checks
 * and the closing count.  Written against the Khronos headers only; the
 * same binaries run on warpq and on any other OpenCL implementation.
 *
 *   WQ_CL_PLATFORM  substring of the platform name to use (default "warpq";
 *                   scripts/opencl.sh sets "Portable" to run on POCL)
 *
 * A check prints a line only when it fails; main() ends with
 * "N passed, N failed" and exits non-zero on any failure. */
#ifndef WQ_TEST_OPENCL_COMMON_H
#define WQ_TEST_OPENCL_COMMON_H
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int t_pass, t_fail;
static int t_is_warpq;      /* implementation-specific checks run only on warpq */

#define CHECK(cond, ...) do {                                                  \
    if (cond) t_pass++;                                                        \
    else { t_fail++; printf("FAIL %s:%d: ", __FILE__, __LINE__);               \
           printf(__VA_ARGS__); printf("\n"); }                                \
} while (0)

/* a call that must return `want` */
#define EXPECT(want, call) do {                                                \
    cl_int got_ = (call);                                                      \
    CHECK(got_ == (want), "%s returned %d, expected %s (%d)", #call, got_,     \
          #want, (int)(want));                                                 \
} while (0)

/* a call that must succeed, or the test cannot go on */
#define MUST(call) do {                                                        \
    cl_int rc_ = (call);                                                       \
    if (rc_ != CL_SUCCESS) {                                                   \
        printf("FATAL %s:%d: %s returned %d\n", __FILE__, __LINE__, #call, rc_); \
        exit(2);                                                               \
    }                                                                          \
} while (0)

static cl_platform_id t_platform(void)
{
    const char *want = getenv("WQ_CL_PLATFORM");
    if (!want || !*want) want = "warpq";
    cl_platform_id p[16];
    cl_uint n = 0;
    if (clGetPlatformIDs(16, p, &n) != CL_SUCCESS || n == 0) {
        printf("FATAL: no OpenCL platform (OCL_ICD_VENDORS?)\n");
        exit(2);
    }
    if (n > 16) n = 16;
    for (cl_uint i = 0; i < n; i++) {
        char name[256] = "";
        clGetPlatformInfo(p[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
        if (strstr(name, want)) {
            t_is_warpq = strstr(name, "warpq") != NULL;
            return p[i];
        }
    }
    printf("FATAL: no platform whose name contains \"%s\"\n", want);
    exit(2);
}

static cl_device_id t_device(cl_platform_id p)
{
    cl_device_id d;
    MUST(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL));
    return d;
}

/* a context on d and an in-order queue in it */
static inline cl_context t_context(cl_device_id d, cl_command_queue *q)
{
    cl_int rc;
    cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &rc);
    MUST(rc);
#if CL_TARGET_OPENCL_VERSION >= 200
    /* a program written for 2.0+ (tests/opencl/later) has the 1.2 call
     * deprecated: its replacement reaches the same queue */
    *q = clCreateCommandQueueWithProperties(ctx, d, NULL, &rc);
#else
    *q = clCreateCommandQueue(ctx, d, 0, &rc);
#endif
    MUST(rc);
    return ctx;
}

/* the device of a program that uses warpq's cl_warpq_enqueue extension:
 * on another platform the program says it is skipped and exits 0 */
static inline cl_device_id t_enqueue_device(const char *name)
{
    cl_platform_id plat = t_platform();
    if (!t_is_warpq) {
        printf("%s: skipped: the platform has no cl_warpq_enqueue extension\n", name);
        exit(0);
    }
    return t_device(plat);
}

/* an event's execution status */
static inline cl_int t_status(cl_event ev)
{
    cl_int st = 0;
    MUST(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
    return st;
}

/* the program of a .cl file (path from the repository root), built with
 * options; the build log is printed when the build fails */
static inline cl_program t_program_file(cl_context ctx, cl_device_id d, const char *path,
                                 const char *options)
{
    FILE *f = fopen(path, "rb");
    if (!f) { printf("FATAL: cannot open %s\n", path); exit(2); }
    static char src[65536];
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[n] = 0;
    const char *s = src;
    cl_int rc;
    cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &rc);
    if (rc != CL_SUCCESS) { printf("FATAL: clCreateProgramWithSource: %d\n", rc); exit(2); }
    rc = clBuildProgram(p, 1, &d, options, NULL, NULL);
    if (rc != CL_SUCCESS) {
        static char log[16384];
        clGetProgramBuildInfo(p, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        printf("FATAL: %s does not build (%d):\n%s\n", path, rc, log);
        exit(2);
    }
    return p;
}

static int t_done(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, t_pass, t_fail);
    return t_fail ? 1 : 0;
}

#endif
