/* kernels -- kernels through the standard API and the ICD loader: a
 * program from a warpq program binary (WQ_CL_BINARY, written by wqs2bin
 * from kernels.wqs), NDRange launches in 1-3 dimensions with offsets and
 * chosen local sizes, __local arguments, kernel and work-group queries,
 * every misuse of arguments and work sizes with its error code, a kernel
 * trap that fails its event (named through the context's callback) while
 * the next kernel runs, profiling of launches, binaries back and forth,
 * and building from source on a device without a compiler.
 * warpq only: the binary is warpq machine code. */
#include "../common.h"

static char notes[1024];

static void CL_CALLBACK notify(const char *msg, const void *p, size_t n, void *user)
{
    (void)p; (void)n; (void)user;
    strncat(notes, msg, sizeof notes - strlen(notes) - 2);
    strcat(notes, "\n");
}

static unsigned char *read_file(const char *path, size_t *n)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc(len > 0 ? (size_t)len : 1);
    *n = b ? fread(b, 1, (size_t)len, f) : 0;
    fclose(f);
    return b;
}

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

static cl_mem buf(size_t n, const void *init)
{
    cl_int rc;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0), n,
                              (void *)init, &rc);
    MUST(rc);
    return m;
}

static void vadd(cl_program p)
{
    cl_int rc;
    cl_kernel k = clCreateKernel(p, "vadd", &rc);
    MUST(rc);
    enum { N = 1000 };
    static cl_uint a[N], b[N], c[N];
    for (cl_uint i = 0; i < N; i++) { a[i] = i * 3; b[i] = 7 * i + 1; c[i] = 0; }
    cl_mem ma = buf(sizeof a, a), mb = buf(sizeof b, b), mc = buf(sizeof c, c);
    cl_uint n = N;
    MUST(clSetKernelArg(k, 0, sizeof ma, &ma));
    MUST(clSetKernelArg(k, 1, sizeof mb, &mb));
    MUST(clSetKernelArg(k, 2, sizeof mc, &mc));
    MUST(clSetKernelArg(k, 3, sizeof n, &n));
    size_t off = 24, g = N - 24, l = 8;
    MUST(clEnqueueNDRangeKernel(q, k, 1, &off, &g, NULL, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL));
    int ok = 1;
    for (cl_uint i = 0; i < N; i++) ok &= c[i] == (i < 24 ? 0 : a[i] + b[i]);
    CHECK(ok, "vadd with offset 24 and a chosen local size");
    /* an explicit local size, and a range the kernel's bound test trims */
    size_t g2 = 1024, l2 = 64;
    memset(c, 0, sizeof c);
    MUST(clEnqueueWriteBuffer(q, mc, CL_FALSE, 0, sizeof c, c, 0, NULL, NULL));
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &g2, &l2, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL));
    ok = 1;
    for (cl_uint i = 0; i < N; i++) ok &= c[i] == a[i] + b[i];
    CHECK(ok, "vadd over 1024 items in groups of 64");

    /* misuse: each refused with its code, nothing queued */
    cl_kernel k2 = clCreateKernel(p, "vadd", &rc);
    MUST(rc);
    EXPECT(CL_INVALID_KERNEL_ARGS, clEnqueueNDRangeKernel(q, k2, 1, NULL, &g, &l, 0, NULL, NULL));
    EXPECT(CL_INVALID_ARG_INDEX, clSetKernelArg(k2, 4, sizeof n, &n));
    EXPECT(CL_INVALID_ARG_SIZE, clSetKernelArg(k2, 3, 2, &n));
    EXPECT(CL_INVALID_ARG_VALUE, clSetKernelArg(k2, 3, sizeof n, NULL));
    EXPECT(CL_INVALID_ARG_SIZE, clSetKernelArg(k2, 0, 3, &ma));
    cl_mem junk = (cl_mem)&n;
    if (t_is_warpq) EXPECT(CL_INVALID_MEM_OBJECT, clSetKernelArg(k2, 0, sizeof junk, &junk));
    MUST(clReleaseKernel(k2));
    EXPECT(CL_INVALID_WORK_DIMENSION, clEnqueueNDRangeKernel(q, k, 4, NULL, &g, &l, 0, NULL, NULL));
    EXPECT(CL_INVALID_GLOBAL_WORK_SIZE, clEnqueueNDRangeKernel(q, k, 1, NULL, NULL, &l, 0, NULL, NULL));
    size_t zero = 0, odd = 7, huge = 4096;
    EXPECT(CL_INVALID_GLOBAL_WORK_SIZE, clEnqueueNDRangeKernel(q, k, 1, NULL, &zero, NULL, 0, NULL, NULL));
    EXPECT(CL_INVALID_WORK_GROUP_SIZE, clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &odd, 0, NULL, NULL));
    cl_int big = clEnqueueNDRangeKernel(q, k, 1, NULL, &huge, &huge, 0, NULL, NULL);
    CHECK(big == CL_INVALID_WORK_GROUP_SIZE || big == CL_INVALID_WORK_ITEM_SIZE,
          "local 4096 over the limit: %d", big);
    EXPECT(CL_INVALID_KERNEL, clEnqueueNDRangeKernel(q, NULL, 1, NULL, &g, &l, 0, NULL, NULL));
    /* after all that, the kernel still runs */
    memset(c, 0, sizeof c);
    MUST(clEnqueueWriteBuffer(q, mc, CL_FALSE, 0, sizeof c, c, 0, NULL, NULL));
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &g2, &l2, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL));
    CHECK(c[999] == a[999] + b[999] && c[0] == a[0] + b[0], "vadd after the refused calls");

    size_t wg = 0, dmax = 0, mult = 0;
    MUST(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof wg, &wg, NULL));
    MUST(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof dmax, &dmax, NULL));
    MUST(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                  sizeof mult, &mult, NULL));
    CHECK(wg >= 1 && wg <= dmax && mult == 32, "work-group info: %zu of %zu, multiple %zu", wg, dmax, mult);
    char name[32];
    cl_uint nargs = 0;
    MUST(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL));
    MUST(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL));
    CHECK(!strcmp(name, "vadd") && nargs == 4, "kernel info %s %u", name, nargs);
    MUST(clReleaseKernel(k));
    EXPECT(CL_INVALID_KERNEL, clSetKernelArg(k, 0, sizeof ma, &ma));
    MUST(clReleaseMemObject(ma));
    MUST(clReleaseMemObject(mb));
    MUST(clReleaseMemObject(mc));
}

static void three_dims(cl_program p)
{
    cl_int rc;
    cl_kernel k = clCreateKernel(p, "gid3", &rc);
    MUST(rc);
    enum { X = 8, Y = 6, Z = 4 };
    static cl_uint out[X * Y * Z];
    cl_mem m = buf(sizeof out, NULL);
    MUST(clSetKernelArg(k, 0, sizeof m, &m));
    size_t g[3] = { X, Y, Z }, l[3] = { 4, 3, 2 };
    for (int pass = 0; pass < 2; pass++) {
        memset(out, 0xFF, sizeof out);
        MUST(clEnqueueWriteBuffer(q, m, CL_FALSE, 0, sizeof out, out, 0, NULL, NULL));
        MUST(clEnqueueNDRangeKernel(q, k, 3, NULL, g, pass ? NULL : l, 0, NULL, NULL));
        MUST(clEnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
        int ok = 1;
        for (cl_uint z = 0; z < Z; z++)
            for (cl_uint y = 0; y < Y; y++)
                for (cl_uint x = 0; x < X; x++)
                    ok &= out[(z * Y + y) * X + x] == (x | y << 10 | z << 20);
        CHECK(ok, "3-D ids with %s local size", pass ? "a chosen" : "an explicit");
    }
    MUST(clReleaseMemObject(m));
    MUST(clReleaseKernel(k));
}

static void local_args(cl_program p)
{
    cl_int rc;
    cl_kernel k = clCreateKernel(p, "gsum", &rc);
    MUST(rc);
    enum { G = 4, L = 64 };
    cl_uint v[G * L], sums[G];
    for (cl_uint i = 0; i < G * L; i++) v[i] = i * i + 3;
    cl_mem mv = buf(sizeof v, v), ms = buf(sizeof sums, NULL);
    MUST(clSetKernelArg(k, 0, sizeof mv, &mv));
    EXPECT(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 1, L * 4, &mv));
    EXPECT(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 1, 0, NULL));
    MUST(clSetKernelArg(k, 1, L * 4, NULL));
    MUST(clSetKernelArg(k, 2, sizeof ms, &ms));
    cl_ulong lm = 0;
    MUST(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof lm, &lm, NULL));
    CHECK(lm == L * 4, "local memory of the kernel: %llu", (unsigned long long)lm);
    size_t g = G * L, l = L;
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, ms, CL_TRUE, 0, sizeof sums, sums, 0, NULL, NULL));
    int ok = 1;
    for (cl_uint grp = 0; grp < G; grp++) {
        cl_uint s = 0;
        for (cl_uint i = 0; i < L; i++) s += v[grp * L + i];
        ok &= sums[grp] == s;
    }
    CHECK(ok, "per-group sums through __local memory and a barrier");
    MUST(clReleaseMemObject(mv));
    MUST(clReleaseMemObject(ms));
    MUST(clReleaseKernel(k));
}

static void trap_then_run(cl_program p)
{
    cl_int rc;
    cl_kernel t = clCreateKernel(p, "trap", &rc);
    MUST(rc);
    cl_mem m = buf(64, NULL);
    MUST(clSetKernelArg(t, 0, sizeof m, &m));
    size_t g = 32;
    cl_event e;
    MUST(clEnqueueNDRangeKernel(q, t, 1, NULL, &g, NULL, 0, NULL, &e));
    EXPECT(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &e));
    cl_int st = 0;
    MUST(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
    CHECK(st == CL_OUT_OF_RESOURCES, "trapped kernel's event: %d", st);
    MUST(clFinish(q));
    CHECK(strstr(notes, "MISALIGNED") && strstr(notes, "trap"), "the trap is named: %s", notes);
    MUST(clReleaseEvent(e));
    MUST(clReleaseKernel(t));
    MUST(clReleaseMemObject(m));
    vadd(p);                      /* the next kernels run */
}

static void profiling(cl_program p)
{
    cl_int rc;
    cl_command_queue pq = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &rc);
    MUST(rc);
    cl_kernel k = clCreateKernel(p, "gid3", &rc);
    MUST(rc);
    cl_mem m = buf(4 * 4096, NULL);
    MUST(clSetKernelArg(k, 0, sizeof m, &m));
    size_t g[3] = { 64, 8, 8 };
    cl_event e[3];
    for (int i = 0; i < 3; i++) MUST(clEnqueueNDRangeKernel(pq, k, 3, NULL, g, NULL, 0, NULL, &e[i]));
    MUST(clFinish(pq));
    cl_ulong prev = 0;
    for (int i = 0; i < 3; i++) {
        cl_ulong t[4];
        for (int j = 0; j < 4; j++)
            MUST(clGetEventProfilingInfo(e[i], CL_PROFILING_COMMAND_QUEUED + (cl_uint)j, 8, &t[j], NULL));
        CHECK(t[0] <= t[1] && t[1] <= t[2] && t[2] < t[3] && t[2] >= prev,
              "launch %d: %llu %llu %llu %llu (previous end %llu)", i, (unsigned long long)t[0],
              (unsigned long long)t[1], (unsigned long long)t[2], (unsigned long long)t[3],
              (unsigned long long)prev);
        prev = t[3];
        MUST(clReleaseEvent(e[i]));
    }
    MUST(clReleaseMemObject(m));
    MUST(clReleaseKernel(k));
    MUST(clReleaseCommandQueue(pq));
}

static void binaries(cl_program p, const unsigned char *bin, size_t n)
{
    size_t sz = 0;
    MUST(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof sz, &sz, NULL));
    unsigned char *back = malloc(sz);
    MUST(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof back, &back, NULL));
    CHECK(sz == n && !memcmp(back, bin, n), "CL_PROGRAM_BINARIES gives back the binary");
    free(back);
    char names[64];
    MUST(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL));
    CHECK(!strcmp(names, "vadd;gid3;gsum;trap"), "kernel names %s", names);
    cl_program_binary_type bt = 0;
    MUST(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BINARY_TYPE, sizeof bt, &bt, NULL));
    CHECK(bt == CL_PROGRAM_BINARY_TYPE_EXECUTABLE, "binary type %u", (unsigned)bt);
    /* a damaged binary is refused */
    unsigned char *bad = malloc(n);
    memcpy(bad, bin, n);
    memcpy(bad, "XXXXX", 5);
    const unsigned char *bp = bad;
    cl_int st = 0, rc;
    cl_program p2 = clCreateProgramWithBinary(ctx, 1, &dev, &n, &bp, &st, &rc);
    CHECK(!p2 && rc == CL_INVALID_BINARY && st == CL_INVALID_BINARY, "damaged binary: %d %d", rc, st);
    free(bad);
}

static void from_source(void)
{
    const char *src = "#define ONE 1\n"
                      "__kernel void k(__global uint *p) { p[get_global_id(0)] = N + ONE; }\n";
    cl_int rc;
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &rc);
    MUST(rc);
    cl_bool have = CL_FALSE;
    MUST(clGetDeviceInfo(dev, CL_DEVICE_COMPILER_AVAILABLE, sizeof have, &have, NULL));
    CHECK(have, "the device has a compiler");
    MUST(clBuildProgram(p, 1, &dev, "-DN=4 -I.", NULL, NULL));
    cl_build_status bs = 0;
    MUST(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL));
    CHECK(bs == CL_BUILD_SUCCESS, "build status %d", bs);
    char opts[64] = "";
    MUST(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_OPTIONS, sizeof opts, opts, NULL));
    CHECK(!strcmp(opts, "-DN=4 -I."), "build options kept: %s", opts);
    cl_kernel k = clCreateKernel(p, "k", &rc);
    MUST(rc);
    cl_mem b = buf(64 * 4, NULL);
    MUST(clSetKernelArg(k, 0, sizeof b, &b));
    size_t g = 64;
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
    cl_uint out[64];
    MUST(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    int good = 1;
    for (int i = 0; i < 64; i++) good &= out[i] == 5;
    CHECK(good, "the compiled kernel wrote N + ONE = 5 everywhere (out[0] = %u)", out[0]);
    MUST(clReleaseMemObject(b));
    MUST(clReleaseKernel(k));
    MUST(clReleaseProgram(p));

    /* a kernel with an error: CL_BUILD_PROGRAM_FAILURE, the log names the
     * line and column, the program has no executable, the context goes on */
    const char *bad = "__kernel void k(__global uint *p)\n{\n    p[0] = q;\n}\n";
    p = clCreateProgramWithSource(ctx, 1, &bad, NULL, &rc);
    MUST(rc);
    rc = clBuildProgram(p, 1, &dev, NULL, NULL, NULL);
    CHECK(rc == CL_BUILD_PROGRAM_FAILURE, "bad source: %d", rc);
    MUST(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL));
    CHECK(bs == CL_BUILD_ERROR, "build status %d", bs);
    char log[512] = "";
    MUST(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL));
    CHECK(strstr(log, "<source>:3:12: error: use of undeclared identifier 'q'") != NULL, "build log: %s", log);
    k = clCreateKernel(p, "k", &rc);
    CHECK(!k && rc == CL_INVALID_PROGRAM_EXECUTABLE, "kernel of an unbuilt program: %d", rc);
    rc = clBuildProgram(p, 1, &dev, "-Dx -bogus", NULL, NULL);
    CHECK(rc == CL_INVALID_BUILD_OPTIONS, "bad option: %d", rc);
    MUST(clReleaseProgram(p));
}

int main(void)
{
    cl_platform_id plat = t_platform();
    if (!t_is_warpq) {
        printf("kernels: needs a warpq program binary; not run on this platform\n");
        return t_done("kernels");
    }
    const char *path = getenv("WQ_CL_BINARY");
    size_t n = 0;
    unsigned char *bin = path ? read_file(path, &n) : NULL;
    if (!bin || !n) {
        printf("FATAL: WQ_CL_BINARY does not name a program binary\n");
        return 2;
    }
    dev = t_device(plat);
    cl_int rc;
    ctx = clCreateContext(NULL, 1, &dev, notify, NULL, &rc);
    MUST(rc);
    q = clCreateCommandQueue(ctx, dev, 0, &rc);
    MUST(rc);
    const unsigned char *bp = bin;
    cl_int st = -1;
    cl_program p = clCreateProgramWithBinary(ctx, 1, &dev, &n, &bp, &st, &rc);
    MUST(rc);
    CHECK(st == CL_SUCCESS, "binary status %d", st);
    MUST(clBuildProgram(p, 1, &dev, NULL, NULL, NULL));
    EXPECT(CL_INVALID_KERNEL_NAME, (clCreateKernel(p, "nope", &rc), rc));
    vadd(p);
    three_dims(p);
    local_args(p);
    trap_then_run(p);
    profiling(p);
    binaries(p, bin, n);
    from_source();
    MUST(clReleaseProgram(p));
    MUST(clReleaseCommandQueue(q));
    MUST(clReleaseContext(ctx));
    free(bin);
    return t_done("kernels");
}
