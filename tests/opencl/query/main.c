/* query -- platform and device queries: every string parameter answers
 * with a NUL-terminated string whose size matches the size query, every
 * limit is consistent with the others, and an unknown parameter is
 * CL_INVALID_VALUE.  It prints the values a reader wants to see; on warpq
 * it also checks them against the configuration the run asked for:
 *   WQ_EXPECT_MAX_WG    CL_DEVICE_MAX_WORK_GROUP_SIZE (32 x warp slots)
 *   WQ_LANES            the lane count the device name must report */
#include "../common.h"
#include <CL/cl_ext.h>

static void str_param(int is_dev, void *obj, cl_uint param, const char *name, char *out,
                      size_t cap)
{
    size_t n = 0;
    cl_int rc = is_dev ? clGetDeviceInfo(obj, param, 0, NULL, &n)
                       : clGetPlatformInfo(obj, param, 0, NULL, &n);
    CHECK(rc == CL_SUCCESS && n >= 1 && n <= cap, "%s: size query (rc %d, %zu)", name, rc, n);
    if (rc || n < 1 || n > cap) return;
    memset(out, 'x', cap);
    size_t n2 = 0;
    rc = is_dev ? clGetDeviceInfo(obj, param, cap, out, &n2)
                : clGetPlatformInfo(obj, param, cap, out, &n2);
    CHECK(rc == CL_SUCCESS && n2 == n && out[n - 1] == 0 && strlen(out) == n - 1,
          "%s: value (rc %d)", name, rc);
    printf("%-28s %s\n", name, out);
}

/* OpenCL 1.2 (clGetDeviceInfo, CL_DEVICE_EXTENSIONS): a 1.2 device names
 * the 32-bit atomics and byte-addressable stores, core since 1.1; and an
 * extension that changes the kernel language is a macro in kernel source.
 * ext is the device's string with a space on either side. */
static void check_language_extensions(cl_platform_id p, cl_device_id d, const char *ext)
{
    static const char *const required[] = {
        "cl_khr_global_int32_base_atomics", "cl_khr_global_int32_extended_atomics",
        "cl_khr_local_int32_base_atomics", "cl_khr_local_int32_extended_atomics",
        "cl_khr_byte_addressable_store",
    };
    static const char *const language[] = {
        "cl_khr_global_int32_base_atomics", "cl_khr_global_int32_extended_atomics",
        "cl_khr_local_int32_base_atomics", "cl_khr_local_int32_extended_atomics",
        "cl_khr_byte_addressable_store", "cl_warpq_enqueue", "cles_khr_int64",
        "cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics",
    };
    char key[128];
    for (size_t i = 0; i < sizeof required / sizeof *required; i++) {
        snprintf(key, sizeof key, " %s ", required[i]);
        CHECK(strstr(ext, key) != NULL, "a 1.2 device names %s", required[i]);
    }
    cl_context_properties props[] = { CL_CONTEXT_PLATFORM, (cl_context_properties)p, 0 };
    cl_int rc;
    cl_context ctx = clCreateContext(props, 1, &d, NULL, NULL, &rc);
    CHECK(rc == CL_SUCCESS, "context for the extension macros (rc %d)", rc);
    if (rc != CL_SUCCESS) return;
    for (size_t i = 0; i < sizeof language / sizeof *language; i++) {
        snprintf(key, sizeof key, " %s ", language[i]);
        if (!strstr(ext, key)) continue;
        char src[512];
        snprintf(src, sizeof src,
                 "#pragma OPENCL EXTENSION %s : enable\n"
                 "#ifndef %s\n#error the device names %s but kernels do not see it\n#endif\n"
                 "__kernel void k(__global int *o) { o[0] = %s; }\n",
                 language[i], language[i], language[i], language[i]);
        const char *ps = src;
        cl_program prog = clCreateProgramWithSource(ctx, 1, &ps, NULL, &rc);
        CHECK(rc == CL_SUCCESS, "program for %s (rc %d)", language[i], rc);
        if (rc != CL_SUCCESS) continue;
        rc = clBuildProgram(prog, 1, &d, "", NULL, NULL);
        if (rc != CL_SUCCESS) {
            char log[2048] = "";
            clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
            printf("%s", log);
        }
        CHECK(rc == CL_SUCCESS, "%s is a macro in kernel source (build rc %d)", language[i], rc);
        clReleaseProgram(prog);
    }
    clReleaseContext(ctx);
}

#define DEV(T, x, param) T x = 0; MUST(clGetDeviceInfo(d, param, sizeof x, &x, NULL))

/* OpenCL 1.2 §4.1 and §4.2: the version strings' formats.
 *   CL_PLATFORM_VERSION, CL_DEVICE_VERSION
 *       "OpenCL<space><major.minor><space><specific information>"
 *   CL_DEVICE_OPENCL_C_VERSION
 *       "OpenCL<space>C<space><major.minor><space><vendor-specific information>"
 *   CL_DRIVER_VERSION  "major_number.minor_number"
 * prefix is the text before the version; the version must be followed by a
 * space (rest is what may follow it: NULL for the driver, which has none) */
static void check_version(const char *what, const char *s, const char *prefix, int spaced)
{
    size_t n = strlen(prefix);
    int ok = !strncmp(s, prefix, n);
    const char *v = s + n;
    int digits = 0;
    while (ok && *v >= '0' && *v <= '9') v++, digits++;
    ok = ok && digits > 0 && *v++ == '.';
    digits = 0;
    while (ok && *v >= '0' && *v <= '9') v++, digits++;
    ok = ok && digits > 0 && (spaced ? *v == ' ' : (*v == 0 || *v == ' ' || *v == '+' || *v == '-'));
    CHECK(ok, "%s \"%s\" is \"%s<major>.<minor>%s\" (OpenCL 1.2 §4)", what, s, prefix,
          spaced ? " <information>" : "");
}

/* OpenCL 1.2 §10 (the embedded profile): 64-bit integers are supported
 * only with cles_khr_int64, and CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG is 0
 * without it.  An embedded device that runs a kernel with long arithmetic
 * correctly must say so, or conformance tests of long skip themselves. */
static void check_int64(cl_device_id d, const char *ext)
{
    char profile[64];
    MUST(clGetDeviceInfo(d, CL_DEVICE_PROFILE, sizeof profile, profile, NULL));
    int named = strstr(ext, " cles_khr_int64 ") != NULL;
    DEV(cl_uint, pw, CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG);
    DEV(cl_uint, nw, CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG);
    if (strcmp(profile, "EMBEDDED_PROFILE")) {
        CHECK(pw >= 1 && nw >= 1, "full profile: long is core, vector widths %u %u", pw, nw);
        return;
    }
    CHECK(named ? pw >= 1 && nw >= 1 : pw == 0 && nw == 0,
          "embedded profile, cles_khr_int64 %s: long vector widths %u %u", named ? "named" : "not named",
          pw, nw);
    cl_int rc;
    cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &rc);
    MUST(rc);
    cl_command_queue q = clCreateCommandQueue(ctx, d, 0, &rc);
    MUST(rc);
    /* a product whose high word matters, a 64-bit shift and a compare */
    const char *src =
        "__kernel void k(__global ulong *o, uint a, uint b) {\n"
        "    ulong p = (ulong)a * b;\n"
        "    long s = -(long)p >> 3;\n"
        "    o[0] = p; o[1] = (ulong)s; o[2] = p > 0xFFFFFFFFul;\n"
        "}\n";
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &rc);
    MUST(rc);
    rc = clBuildProgram(prog, 1, &d, "", NULL, NULL);
    if (rc != CL_SUCCESS) {
        CHECK(!named, "a device that names cles_khr_int64 builds a kernel with ulong (rc %d)", rc);
    } else {
        cl_kernel k = clCreateKernel(prog, "k", &rc);
        MUST(rc);
        cl_mem o = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 3 * sizeof(cl_ulong), NULL, &rc);
        MUST(rc);
        cl_uint a = 0xDEADBEEFu, b = 0x12345u;
        MUST(clSetKernelArg(k, 0, sizeof o, &o));
        MUST(clSetKernelArg(k, 1, sizeof a, &a));
        MUST(clSetKernelArg(k, 2, sizeof b, &b));
        MUST(clEnqueueTask(q, k, 0, NULL, NULL));
        cl_ulong got[3] = { 0, 0, 0 };
        MUST(clEnqueueReadBuffer(q, o, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
        cl_ulong p = (cl_ulong)a * b;
        int right = got[0] == p && got[1] == (cl_ulong)(-(cl_long)p >> 3) && got[2] == 1;
        printf("%-28s %s\n", "64-bit integers", right ? "run correctly" : "wrong results");
        CHECK(!right || named, "an embedded device whose kernels compute with long correctly "
              "names cles_khr_int64");
        CHECK(right || !named, "cles_khr_int64: long results %llx %llx %llx",
              (unsigned long long)got[0], (unsigned long long)got[1], (unsigned long long)got[2]);
        clReleaseMemObject(o);
        clReleaseKernel(k);
    }
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
}

int main(void)
{
    cl_platform_id p = t_platform();
    cl_device_id d = t_device(p);
    char s[4096];
    str_param(0, p, CL_PLATFORM_NAME, "platform name", s, sizeof s);
    str_param(0, p, CL_PLATFORM_VENDOR, "platform vendor", s, sizeof s);
    str_param(0, p, CL_PLATFORM_VERSION, "platform version", s, sizeof s);
    check_version("CL_PLATFORM_VERSION", s, "OpenCL ", 1);
    str_param(0, p, CL_PLATFORM_PROFILE, "platform profile", s, sizeof s);
    CHECK(!strcmp(s, "FULL_PROFILE") || !strcmp(s, "EMBEDDED_PROFILE"), "profile %s", s);
    str_param(0, p, CL_PLATFORM_EXTENSIONS, "platform extensions", s, sizeof s);
    CHECK(strstr(s, "cl_khr_icd") != NULL, "an ICD platform names cl_khr_icd");
    char sfx[64];
    str_param(0, p, CL_PLATFORM_ICD_SUFFIX_KHR, "ICD suffix", sfx, sizeof sfx);
    EXPECT(CL_INVALID_VALUE, clGetPlatformInfo(p, 0x7FFF, sizeof s, s, NULL));

    char name[256];
    str_param(1, d, CL_DEVICE_NAME, "device name", name, sizeof name);
    str_param(1, d, CL_DEVICE_VENDOR, "device vendor", s, sizeof s);
    str_param(1, d, CL_DRIVER_VERSION, "driver version", s, sizeof s);
    check_version("CL_DRIVER_VERSION", s, "", 0);
    str_param(1, d, CL_DEVICE_VERSION, "device version", s, sizeof s);
    check_version("CL_DEVICE_VERSION", s, "OpenCL ", 1);
    str_param(1, d, CL_DEVICE_OPENCL_C_VERSION, "OpenCL C version", s, sizeof s);
    check_version("CL_DEVICE_OPENCL_C_VERSION", s, "OpenCL C ", 1);
    str_param(1, d, CL_DEVICE_EXTENSIONS, "device extensions", s, sizeof s);
    char ext[sizeof s + 2];
    snprintf(ext, sizeof ext, " %s ", s);
    check_language_extensions(p, d, ext);
    check_int64(d, ext);

    DEV(cl_device_type, type, CL_DEVICE_TYPE);
    DEV(size_t, wg, CL_DEVICE_MAX_WORK_GROUP_SIZE);
    DEV(cl_uint, dims, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS);
    DEV(cl_uint, cu, CL_DEVICE_MAX_COMPUTE_UNITS);
    DEV(cl_ulong, gmem, CL_DEVICE_GLOBAL_MEM_SIZE);
    DEV(cl_ulong, amax, CL_DEVICE_MAX_MEM_ALLOC_SIZE);
    DEV(cl_ulong, lmem, CL_DEVICE_LOCAL_MEM_SIZE);
    DEV(cl_uint, bits, CL_DEVICE_ADDRESS_BITS);
    DEV(cl_uint, align, CL_DEVICE_MEM_BASE_ADDR_ALIGN);
    DEV(cl_bool, img, CL_DEVICE_IMAGE_SUPPORT);
    DEV(cl_bool, little, CL_DEVICE_ENDIAN_LITTLE);
    DEV(cl_command_queue_properties, qp, CL_DEVICE_QUEUE_PROPERTIES);
    size_t items[3] = {0, 0, 0};
    MUST(clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof items, items, NULL));
    printf("%-28s %zu\n%-28s %zu %zu %zu\n%-28s %u\n%-28s %llu\n%-28s %llu\n%-28s %llu\n"
           "%-28s %u\n%-28s %u\n",
           "max work-group size", wg, "max work-item sizes", items[0], items[1], items[2],
           "compute units", cu, "global memory", (unsigned long long)gmem,
           "max allocation", (unsigned long long)amax, "local memory", (unsigned long long)lmem,
           "address bits", bits, "base address align (bits)", align);
    CHECK(type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_ACCELERATOR),
          "device type %llx", (unsigned long long)type);
    CHECK(wg >= 1 && dims >= 3 && cu >= 1, "work-group %zu dims %u units %u", wg, dims, cu);
    CHECK(items[0] >= 1 && items[0] <= wg, "work-item size x %zu within %zu", items[0], wg);
    CHECK(amax >= 1 && amax <= gmem, "max allocation %llu within global %llu",
          (unsigned long long)amax, (unsigned long long)gmem);
    CHECK(bits == 32 || bits == 64, "address bits %u", bits);
    CHECK(align >= 8 && !(align & (align - 1)), "base address alignment %u", align);
    CHECK(qp & CL_QUEUE_PROFILING_ENABLE, "profiling queues");
    EXPECT(CL_INVALID_VALUE, clGetDeviceInfo(d, 0x7FFF, sizeof s, s, NULL));
    size_t small;
    EXPECT(CL_INVALID_VALUE, clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof small,
                                             &small, NULL));

    if (t_is_warpq) {
        CHECK(type == CL_DEVICE_TYPE_GPU && cu == 1 && bits == 32 && !img && little,
              "warpq: one 32-bit little-endian GPU compute unit without images");
        const char *e = getenv("WQ_EXPECT_MAX_WG");
        if (e) CHECK(wg == (size_t)atoi(e), "warpq: max work-group %zu, expected %s", wg, e);
        CHECK(items[0] == wg && items[1] == wg && items[2] == wg, "warpq: work-item sizes");
        const char *l = getenv("WQ_LANES");
        char want[32];
        snprintf(want, sizeof want, "%s lanes", l && *l ? l : "32");
        CHECK(strstr(name, want) != NULL, "warpq: device name \"%s\" reports %s", name, want);
    }
    return t_done("query");
}
