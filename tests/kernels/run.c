/* run.c -- the host side of tests/kernels: builds one OpenCL C kernel file
 * from source on the chosen platform (common.h: WQ_CL_PLATFORM), sets up
 * its buffers and arguments from the `//@` lines at the top of the file
 * (their language and reader: cmodel/tools/kfile.h, which `wq run` shares),
 * runs it, checks its `//@ expect` and `//@ check` lines and prints every
 * buffer it was asked to, so that the same file's output on warpq and on
 * POCL can be compared byte for byte (scripts/kernels.sh).
 *
 * Build: cc run.c cmodel/tools/cli_kfile.c cmodel/tools/cli_kcheck.c
 *        -Icmodel/tools -lOpenCL
 * A second argument adds build options after the file's (e.g. -wq-yield=off).
 * Output: "arg N: v v v ..." per printed buffer; "expect: ok" or the failed
 * checks; exit 0 / 1 (a check failed) / 2 (setup or build failed). */
#include "../opencl/common.h"
#include <stdint.h>
#include "kfile.h"

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) { printf("usage: run KERNEL.cl [EXTRA-BUILD-OPTIONS]\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { printf("FATAL: cannot read %s\n", argv[1]); return 2; }
    static char src[1 << 20];
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[n] = 0;
    static wq_kfile_t kf;
    char err[256];
    if (wq_kfile_parse(&kf, src, err, sizeof err)) { printf("FATAL: %s: %s\n", argv[1], err); return 2; }
    wq_kf_arg_t *args = kf.args;
    int na = kf.nargs;
    char kname[128], opts[1600];
    snprintf(kname, sizeof kname, "%s", kf.kernel);
    snprintf(opts, sizeof opts, "%s", kf.options);
    cl_platform_id plat = t_platform();
    cl_device_id dev = t_device(plat);
    char pname[256] = "";
    clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof pname, pname, NULL);
    if (kf.wq_options[0] && strstr(pname, "warpq")) {
        size_t l = strlen(opts);
        snprintf(opts + l, sizeof opts - l, "%s%s", l ? " " : "", kf.wq_options);
    }
    if (argc == 3) {                /* after the file's options: it overrides them */
        size_t l = strlen(opts);
        snprintf(opts + l, sizeof opts - l, "%s%s", l ? " " : "", argv[2]);
    }
    cl_int rc;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &rc);
    MUST(rc);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &rc);
    MUST(rc);
    const char *s = src;
    cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &rc);
    MUST(rc);
    rc = clBuildProgram(p, 1, &dev, opts, NULL, NULL);
    if (rc != CL_SUCCESS) {
        static char log[65536];
        clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        printf("FATAL: build failed (%d):\n%s\n", rc, log);
        return 2;
    }
    if (!kname[0]) {
        size_t kn = 0;
        MUST(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof kname, kname, &kn));
        kname[strcspn(kname, ";")] = 0;
    }
    cl_kernel kr = clCreateKernel(p, kname, &rc);
    MUST(rc);
    cl_mem mem[WQ_KF_MAX_ARGS] = { NULL };
    for (int i = 0; i < na; i++) {
        wq_kf_arg_t *a = &args[i];
        if (a->kind == WQ_KF_BUF) {
            mem[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                    a->count * (size_t)a->esize, a->data, &rc);
            MUST(rc);
            MUST(clSetKernelArg(kr, (cl_uint)i, sizeof mem[i], &mem[i]));
        } else if (a->kind == WQ_KF_LOCAL) {
            MUST(clSetKernelArg(kr, (cl_uint)i, a->count, NULL));
        } else {
            MUST(clSetKernelArg(kr, (cl_uint)i, (size_t)a->esize, &a->scalar));
        }
    }
    for (int pass = 0; pass < kf.repeat; pass++) {
        if (kf.repeat_arg >= 0)
            MUST(clSetKernelArg(kr, (cl_uint)kf.repeat_arg, (size_t)args[kf.repeat_arg].esize, &pass));
        cl_event ev;
        rc = clEnqueueNDRangeKernel(q, kr, (cl_uint)kf.work_dim, NULL, kf.global, kf.have_local ? kf.local : NULL,
                                    0, NULL, &ev);
        if (rc == CL_SUCCESS) rc = clFinish(q);
        cl_int st = CL_COMPLETE;
        if (rc == CL_SUCCESS)
            MUST(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
        if (rc != CL_SUCCESS || st != CL_COMPLETE) {
            printf("FATAL: the kernel failed: %d (status %d), pass %d\n", rc, st, pass);
            return 2;
        }
        clReleaseEvent(ev);
    }
    for (int i = 0; i < na; i++)
        if (args[i].kind == WQ_KF_BUF)
            MUST(clEnqueueReadBuffer(q, mem[i], CL_TRUE, 0, args[i].count * (size_t)args[i].esize,
                                     args[i].data, 0, NULL, NULL));
    wq_kfile_print(&kf, stdout);
    int bad = wq_kfile_verdict(&kf, stdout);
    for (int i = 0; i < na; i++) if (mem[i]) clReleaseMemObject(mem[i]);
    wq_kfile_free(&kf);
    clReleaseKernel(kr);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    t_pass = !bad;
    t_fail = bad;
    (void)t_done;                   /* the verdict is the "expect:" line */
    return bad;
}
