/* link -- separate compilation: clCompileProgram of units that hold only
 * functions (one with an embedded header, one with a -D), a kernel unit
 * calling functions of both, clLinkProgram into an executable and through
 * a library (-create-library), each unit's static function its own; the
 * results against the host's.  Then every error path of compiling and
 * linking with its code, and on warpq the build log's located message.
 * Written against the Khronos headers only; runs on warpq and POCL. */
#include "../common.h"

#define N 64

static const char hdr_src[] =
    "#define SCALE 3\n"
    "int mix(int a, int b);\n"
    "int tri(int a);\n";
/* A: functions only, the header embedded as "ops.h" */
static const char a_src[] =
    "#include \"ops.h\"\n"
    "static int twice(int x) { return 2 * x; }\n"
    "int mix(int a, int b) { return twice(a) + b * SCALE; }\n";
/* B: functions only; its own static twice, OFFSET from its -D */
static const char b_src[] =
    "static int twice(int x) { return x + 100; }\n"
    "int tri(int a) { return twice(a) * OFFSET; }\n";
/* K: the kernel, calling a function of each unit */
static const char k_src[] =
    "#include \"ops.h\"\n"
    "kernel void run(global int *out, global const int *in)\n"
    "{\n"
    "    int i = get_global_id(0);\n"
    "    out[i] = mix(in[i], i) + tri(in[i]);\n"
    "}\n";
/* a second definition of mix */
static const char dup_src[] =
    "int mix(int a, int b) { return a - b; }\n";
/* a syntax error in a function-only unit, line 2 */
static const char bad_src[] =
    "int f(int a)\n"
    "{ return a + ; }\n";

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue q;
static cl_program hdr;

static cl_program source(const char *s)
{
    cl_int rc;
    cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &rc);
    MUST(rc);
    return p;
}

static void log_of(cl_program p, char *buf, size_t n)
{
    buf[0] = 0;
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, n, buf, NULL);
}

static cl_program_binary_type bin_type(cl_program p)
{
    cl_program_binary_type t = 0;
    MUST(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BINARY_TYPE, sizeof t, &t, NULL));
    return t;
}

/* a unit compiled with options and the header as "ops.h" */
static cl_program compiled(const char *s, const char *options)
{
    cl_program p = source(s);
    const char *name = "ops.h";
    cl_int rc = clCompileProgram(p, 1, &dev, options, 1, &hdr, &name, NULL, NULL);
    if (rc != CL_SUCCESS) {
        char log[4096];
        log_of(p, log, sizeof log);
        printf("FATAL: clCompileProgram: %d\n%s\n", rc, log);
        exit(2);
    }
    CHECK(bin_type(p) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT, "a compiled unit is a compiled object");
    return p;
}

/* link progs with options: the program and its error code */
static cl_program link_(cl_uint n, const cl_program *progs, const char *options, cl_int *rc)
{
    return clLinkProgram(ctx, 1, &dev, options, n, progs, NULL, NULL, rc);
}

/* run the executable's kernel on in[] and check it against the host */
static void run_check(cl_program exe, const char *what)
{
    cl_int rc;
    cl_kernel k = clCreateKernel(exe, "run", &rc);
    CHECK(rc == CL_SUCCESS, "%s: clCreateKernel: %d", what, rc);
    if (rc != CL_SUCCESS) return;
    int in[N], out[N];
    for (int i = 0; i < N; i++) in[i] = i * 7 - 50;
    cl_mem bin = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in, &rc);
    MUST(rc);
    cl_mem bout = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof out, NULL, &rc);
    MUST(rc);
    MUST(clSetKernelArg(k, 0, sizeof bout, &bout));
    MUST(clSetKernelArg(k, 1, sizeof bin, &bin));
    size_t g = N;
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    int bad = 0;
    for (int i = 0; i < N; i++) {
        int want = (2 * in[i] + i * 3) + (in[i] + 100) * 5;
        if (out[i] != want && bad++ < 4) printf("  %s: out[%d] = %d, want %d\n", what, i, out[i], want);
    }
    CHECK(bad == 0, "%s: %d of %d results wrong", what, bad, N);
    clReleaseMemObject(bin);
    clReleaseMemObject(bout);
    clReleaseKernel(k);
}

/* a link that fails with CL_LINK_PROGRAM_FAILURE; on warpq the program
 * comes back with its log (OpenCL 3.0 5.8.5: the link could begin), which
 * holds want1 and want2 (POCL returns no program) */
static void link_fails(cl_uint n, const cl_program *progs, const char *what, const char *want1,
                       const char *want2)
{
    cl_int rc;
    cl_program p = link_(n, progs, "", &rc);
    CHECK(rc == CL_LINK_PROGRAM_FAILURE, "%s: clLinkProgram returned %d, want CL_LINK_PROGRAM_FAILURE", what, rc);
    if (!t_is_warpq) return;
    CHECK(p != NULL, "%s: no program to read the log from", what);
    if (!p) return;
    cl_build_status st = 0;
    MUST(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_STATUS, sizeof st, &st, NULL));
    CHECK(st == CL_BUILD_ERROR, "%s: build status %d", what, st);
    cl_int krc;
    clCreateKernel(p, "run", &krc);
    CHECK(krc == CL_INVALID_PROGRAM_EXECUTABLE, "%s: clCreateKernel on a failed link: %d", what, krc);
    char log[4096];
    log_of(p, log, sizeof log);
    CHECK(strstr(log, want1) && strstr(log, want2), "%s: the log lacks \"%s\" / \"%s\":\n%s", what,
              want1, want2, log);
    clReleaseProgram(p);
}

int main(void)
{
    cl_platform_id plat = t_platform();
    dev = t_device(plat);
    ctx = t_context(dev, &q);
    cl_int rc;

    cl_bool linker = CL_FALSE;
    MUST(clGetDeviceInfo(dev, CL_DEVICE_LINKER_AVAILABLE, sizeof linker, &linker, NULL));
    CHECK(linker == CL_TRUE, "CL_DEVICE_LINKER_AVAILABLE is false");

    hdr = source(hdr_src);
    cl_program a = compiled(a_src, "");
    cl_program b = compiled(b_src, "-D OFFSET=5");
    cl_program kk = compiled(k_src, "");
    size_t nk;
    if (t_is_warpq) {
        /* a compiled object is no executable (POCL: CL_INVALID_KERNEL_NAME, and
         * it counts the kernels) */
        clCreateKernel(kk, "run", &rc);
        EXPECT(CL_INVALID_PROGRAM_EXECUTABLE, rc);
        EXPECT(CL_INVALID_PROGRAM_EXECUTABLE, clGetProgramInfo(kk, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL));
    }

    /* three units into one executable */
    cl_program all[3] = { kk, a, b };
    cl_program exe = link_(3, all, "", &rc);
    CHECK(rc == CL_SUCCESS && exe, "clLinkProgram of three units: %d", rc);
    if (exe) {
        CHECK(bin_type(exe) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE, "a linked program is an executable");
        nk = 0;
        MUST(clGetProgramInfo(exe, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL));
        CHECK(nk == 1, "the executable has %zu kernels, want 1", nk);
        run_check(exe, "three units");
        clReleaseProgram(exe);
    }

    /* the function units as a library, then the kernel unit with it */
    cl_program ab[2] = { a, b };
    cl_program lib = link_(2, ab, "-create-library", &rc);
    CHECK(rc == CL_SUCCESS && lib, "-create-library: %d", rc);
    if (lib) {
        CHECK(bin_type(lib) == CL_PROGRAM_BINARY_TYPE_LIBRARY, "-create-library makes a library");
        clCreateKernel(lib, "run", &rc);
        if (t_is_warpq) EXPECT(CL_INVALID_PROGRAM_EXECUTABLE, rc);
        cl_program klib[2] = { kk, lib };
        exe = link_(2, klib, "", &rc);
        CHECK(rc == CL_SUCCESS && exe, "the kernel unit with the library: %d", rc);
        if (exe) {
            run_check(exe, "kernel unit + library");
            clReleaseProgram(exe);
        }
        clReleaseProgram(lib);
    }
    lib = link_(2, ab, "-create-library -enable-link-options -cl-fast-relaxed-math", &rc);
    CHECK(rc == CL_SUCCESS && lib, "-create-library -enable-link-options: %d", rc);
    if (lib) clReleaseProgram(lib);

    /* a linked executable with a loop over two buffers: on warpq the alias
     * pass compiles the link again for the arguments (docs/runtime.md
     * "Alias metadata and recompilation"), which the log says */
    {
        const char *ls = "uint sq(uint x);\n"
                         "kernel void sqs(global uint *a, global const uint *b, uint n)\n"
                         "{ for (uint i = 0; i < n; i++) a[i] = sq(b[i]) + 1; }\n";
        const char *fs = "uint sq(uint x) { return x * x; }\n";
        cl_program u[2] = { source(ls), source(fs) };
        MUST(clCompileProgram(u[0], 1, &dev, "", 0, NULL, NULL, NULL, NULL));
        MUST(clCompileProgram(u[1], 1, &dev, "", 0, NULL, NULL, NULL, NULL));
        cl_program e = link_(2, u, "", &rc);
        MUST(rc);
        cl_kernel k = clCreateKernel(e, "sqs", &rc);
        MUST(rc);
        cl_uint n = 64, in[64], out[64];
        for (int i = 0; i < 64; i++) in[i] = (cl_uint)i * 3;
        cl_mem ba = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof out, NULL, &rc);
        MUST(rc);
        cl_mem bb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in, &rc);
        MUST(rc);
        MUST(clSetKernelArg(k, 0, sizeof ba, &ba));
        MUST(clSetKernelArg(k, 1, sizeof bb, &bb));
        MUST(clSetKernelArg(k, 2, sizeof n, &n));
        size_t one = 1;
        MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL));
        MUST(clEnqueueReadBuffer(q, ba, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
        int wrong = 0;
        for (int i = 0; i < 64; i++) wrong += out[i] != in[i] * in[i] + 1;
        CHECK(wrong == 0, "a linked loop kernel: %d results wrong", wrong);
        char lg[4096];
        log_of(e, lg, sizeof lg);
        if (t_is_warpq)
            CHECK(strstr(lg, "warpq: kernel sqs: recompiled for its arguments' alias metadata") != NULL,
                  "no recompilation of the link in the log:\n%s", lg);
        clReleaseMemObject(ba);
        clReleaseMemObject(bb);
        clReleaseKernel(k);
        clReleaseProgram(e);
        clReleaseProgram(u[0]);
        clReleaseProgram(u[1]);
    }

    /* link errors: the program comes back with the log */
    cl_program ka[2] = { kk, a };
    link_fails(2, ka, "tri defined nowhere", "<program 0>:5:", "undefined function 'tri'");
    cl_program dup = compiled(dup_src, "");
    cl_program adk[4] = { a, dup, kk, b };
    link_fails(4, adk, "mix defined twice", "<program 1>:1:5: error: duplicate definition of function 'mix'",
               "first defined at <program 0>:3:5");

    /* misuse: the standard codes and no program */
    EXPECT(CL_INVALID_VALUE, (link_(0, all, "", &rc), rc));
    EXPECT(CL_INVALID_VALUE, (link_(3, NULL, "", &rc), rc));
    cl_program withnull[2] = { kk, NULL };
    if (t_is_warpq) EXPECT(CL_INVALID_PROGRAM, (link_(2, withnull, "", &rc), rc));   /* POCL crashes */
    cl_program fresh = source(a_src);               /* nor does a program never compiled */
    cl_program srconly[1] = { fresh };
    EXPECT(CL_INVALID_OPERATION, (link_(1, srconly, "", &rc), rc));
    EXPECT(CL_INVALID_LINKER_OPTIONS, (link_(3, all, "-no-such-option", &rc), rc));
    if (t_is_warpq) {
        /* -enable-link-options goes with -create-library only (OpenCL 1.2 5.6.5.2) */
        EXPECT(CL_INVALID_LINKER_OPTIONS, (link_(3, all, "-enable-link-options", &rc), rc));
        /* conflicting declarations across units */
        cl_program conflict = compiled("long tri(long a) { return a; }\n", "");
        cl_program kac[3] = { kk, a, conflict };
        link_fails(3, kac, "tri declared with other types", "<program 2>:1:6: error: conflicting types for function 'tri'",
                   "declared at ops.h:3:5");
        clReleaseProgram(conflict);
    }
    {
        /* an executable built from source is not an input of a link */
        const char *full = "kernel void z(global int *o) { o[0] = 1; }\n";
        cl_program ex = source(full);
        MUST(clBuildProgram(ex, 1, &dev, "", NULL, NULL));
        cl_program exs[2] = { kk, ex };
        EXPECT(CL_INVALID_OPERATION, (link_(2, exs, "", &rc), rc));
        clReleaseProgram(ex);
    }

    /* compile errors */
    cl_program bad = source(bad_src);
    EXPECT(CL_COMPILE_PROGRAM_FAILURE, clCompileProgram(bad, 1, &dev, "", 0, NULL, NULL, NULL, NULL));
    char log[4096];
    log_of(bad, log, sizeof log);
    if (t_is_warpq) CHECK(strstr(log, "<source>:2:14: error:") != NULL, "the compile log:\n%s", log);
    cl_build_status st = 0;
    MUST(clGetProgramBuildInfo(bad, dev, CL_PROGRAM_BUILD_STATUS, sizeof st, &st, NULL));
    CHECK(st == CL_BUILD_ERROR, "a failed compile: status %d", st);
    if (t_is_warpq) CHECK(bin_type(bad) == CL_PROGRAM_BINARY_TYPE_NONE, "a failed compile has no binary");
    EXPECT(CL_INVALID_COMPILER_OPTIONS, clCompileProgram(fresh, 1, &dev, "-no-such-option", 0, NULL, NULL, NULL, NULL));
    const char *nm = "ops.h";
    if (t_is_warpq) {       /* POCL does not check these: it crashes */
        EXPECT(CL_INVALID_VALUE, clCompileProgram(fresh, 1, &dev, "", 1, &hdr, NULL, NULL, NULL));
        EXPECT(CL_INVALID_VALUE, clCompileProgram(fresh, 1, &dev, "", 0, NULL, &nm, NULL, NULL));
    }
    /* without its header the unit does not compile */
    EXPECT(CL_COMPILE_PROGRAM_FAILURE, clCompileProgram(fresh, 1, &dev, "", 0, NULL, NULL, NULL, NULL));
    log_of(fresh, log, sizeof log);
    if (t_is_warpq) CHECK(strstr(log, "<source>:1:10: error: cannot find include file \"ops.h\"") != NULL, "the compile log:\n%s", log);

    clReleaseProgram(bad);
    clReleaseProgram(fresh);
    clReleaseProgram(dup);
    clReleaseProgram(a);
    clReleaseProgram(b);
    clReleaseProgram(kk);
    clReleaseProgram(hdr);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_done("link");
}
