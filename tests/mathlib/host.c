/* host.c -- the host side of scripts/mathlib_check.py (docs/mathlib.md):
 * builds one OpenCL C program from source on the chosen platform
 * (tests/opencl/common.h: WQ_CL_PLATFORM; warpq's model device with
 * WQ_FP=1), then runs the jobs of a job file, one a line:
 *
 *     KERNEL N NIN NOUT IN.bin OUT.bin
 *
 * (OPTIONS, when given, are clBuildProgram's: the checker passes
 * -wq-alias=off, so that a launch does not compile its kernel again for
 * its buffers' alias metadata, docs/compiler.md "Alias metadata")
 *
 * each a launch of KERNEL(__global const uint *in, __global uint *out)
 * over N work-items (local size 64, N a multiple of it), `in` holding
 * N*NIN words read from IN.bin and `out` N*NOUT words written to OUT.bin
 * (little-endian uint32).  Prints "job KERNEL: ok" per job; exit 0, or 2
 * when a build, launch or file fails (with the build log).
 *
 * Usage: host PROGRAM.cl JOBS [OPTIONS]
 * Build: cc host.c -Itests/opencl -lOpenCL */
#include "common.h"
#include <stdint.h>

static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *b = malloc((size_t)(n > 0 ? n : 0) + 1);
    if (!b) { fclose(f); return NULL; }
    size_t got = fread(b, 1, (size_t)n, f);
    fclose(f);
    b[got] = 0;
    *len = got;
    return b;
}

int main(int argc, char **argv)
{
    (void)t_done;                   /* common.h's closing count: the checker counts */
    if (argc != 3 && argc != 4) { printf("usage: host PROGRAM.cl JOBS [OPTIONS]\n"); return 2; }
    size_t slen, jlen;
    char *src = (char *)slurp(argv[1], &slen);
    char *jobs = (char *)slurp(argv[2], &jlen);
    if (!src || !jobs) { printf("FATAL: cannot read %s or %s\n", argv[1], argv[2]); return 2; }
    cl_device_id dev = t_device(t_platform());
    cl_command_queue q;
    cl_context ctx = t_context(dev, &q);
    cl_int rc;
    const char *s = src;
    cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &rc);
    MUST(rc);
    rc = clBuildProgram(p, 1, &dev, argc == 4 ? argv[3] : "", NULL, NULL);
    if (rc != CL_SUCCESS) {
        static char log[65536];
        clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        printf("FATAL: build failed (%d):\n%s\n", rc, log);
        return 2;
    }
    for (char *line = strtok(jobs, "\n"); line; line = strtok(NULL, "\n")) {
        char kname[128], in[1024], out[1024];
        unsigned long n, nin, nout;
        if (sscanf(line, "%127s %lu %lu %lu %1023s %1023s", kname, &n, &nin, &nout, in, out) != 6 ||
            n == 0 || n % 64 || nin == 0 || nout == 0) {
            printf("FATAL: bad job line: %s\n", line);
            return 2;
        }
        size_t ilen;
        unsigned char *ib = slurp(in, &ilen);
        if (!ib || ilen != n * nin * 4) { printf("FATAL: %s: not %lu words\n", in, n * nin); return 2; }
        cl_kernel k = clCreateKernel(p, kname, &rc);
        MUST(rc);
        cl_mem bi = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, ilen, ib, &rc);
        MUST(rc);
        cl_mem bo = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, n * nout * 4, NULL, &rc);
        MUST(rc);
        MUST(clSetKernelArg(k, 0, sizeof bi, &bi));
        MUST(clSetKernelArg(k, 1, sizeof bo, &bo));
        size_t g = n, l = 64;
        MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
        unsigned char *ob = malloc(n * nout * 4);
        if (!ob) { printf("FATAL: out of memory\n"); return 2; }
        MUST(clEnqueueReadBuffer(q, bo, CL_TRUE, 0, n * nout * 4, ob, 0, NULL, NULL));
        FILE *f = fopen(out, "wb");
        if (!f || fwrite(ob, 1, n * nout * 4, f) != n * nout * 4) { printf("FATAL: cannot write %s\n", out); return 2; }
        fclose(f);
        free(ob);
        free(ib);
        clReleaseMemObject(bi);
        clReleaseMemObject(bo);
        clReleaseKernel(k);
        printf("job %s: ok\n", kname);
    }
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return 0;
}
