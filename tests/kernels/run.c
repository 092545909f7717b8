/* run.c -- the host side of tests/kernels: builds one OpenCL C kernel file
 * from source on the chosen platform (common.h: WQ_CL_PLATFORM), sets up
 * its buffers and arguments from the `//@` lines at the top of the file
 * (their language and reader: cmodel/tools/kfile.h, which `wq run` shares),
 * runs it, checks its `//@ expect` and `//@ check` lines and prints every
 * buffer it was asked to, so that the same file's output on warpq and on
 * POCL can be compared byte for byte (scripts/kernels.sh).
 *
 * Build: cc run.c kscope.c cmodel/tools/cli_kfile.c cmodel/tools/cli_kcheck.c
 *        -Icmodel/tools -lOpenCL
 * A second argument adds build options after the file's (e.g. -wq-yield=off).
 * Output: "arg N: v v v ..." per printed buffer; "expect: ok" or the failed
 * checks; exit 0 / 1 (a check failed) / 2 (setup or build failed).
 *
 * run --batch [--options OPTS] KERNEL.cl...: the files as one program, built
 * once (each file's text after a `#line 1 "FILE"`, so that the build log
 * names the file, and followed by an #undef of each macro it defines and,
 * when it sets FP_CONTRACT, `#pragma OPENCL FP_CONTRACT DEFAULT`, so that
 * the next file starts as alone), then every file's kernel launched and
 * checked in turn as above, its output after a "file: FILE" line; the last
 * line is "batch: N files, M failed".  Each file's kernel is its `//@
 * kernel` or the one kernel it defines (all different); no two files may
 * define the same file-scope name (kscope.h), and all must have the same
 * build options and #pragma lines (FP_CONTRACT's aside): the batch is
 * refused otherwise.  `wq gen
 * cl --prefix` writes such files (scripts/clgen.sh --backend pocl batches
 * its seeds so, as one build per process is most of what a seed costs on
 * POCL); scripts/kernels.sh batches tests/kernels so on POCL, in the
 * batches run --groups makes.
 *
 * run --groups KERNEL.cl...: the files in batches that run --batch accepts
 * on the platform (WQ_CL_PLATFORM: its build options), a line each (the
 * paths, space-separated; first fit in the given order); a file whose
 * kernel or braces the scan cannot tell is a batch of its own. */
#include "../opencl/common.h"
#include <stdint.h>
#include "kfile.h"
#include "kscope.h"

typedef struct host {
    cl_platform_id plat;
    cl_device_id   dev;
    cl_context     ctx;
    cl_command_queue q;
    int            warpq;
} host_t;

static void host_open(host_t *h)
{
    cl_int rc;
    h->plat = t_platform();
    h->dev = t_device(h->plat);
    char pname[256] = "";
    clGetPlatformInfo(h->plat, CL_PLATFORM_NAME, sizeof pname, pname, NULL);
    h->warpq = strstr(pname, "warpq") != NULL;
    h->ctx = clCreateContext(NULL, 1, &h->dev, NULL, NULL, &rc);
    MUST(rc);
    h->q = clCreateCommandQueue(h->ctx, h->dev, 0, &rc);
    MUST(rc);
}

static void host_close(host_t *h)
{
    clReleaseCommandQueue(h->q);
    clReleaseContext(h->ctx);
}

/* a file's build options: its own, its warpq ones on warpq, then extra
 * (which overrides them) */
static void build_opts(const host_t *h, const wq_kfile_t *kf, const char *extra, char *opts, size_t n)
{
    snprintf(opts, n, "%s", kf->options);
    if (kf->wq_options[0] && h->warpq) {
        size_t l = strlen(opts);
        snprintf(opts + l, n - l, "%s%s", l ? " " : "", kf->wq_options);
    }
    if (extra) {
        size_t l = strlen(opts);
        snprintf(opts + l, n - l, "%s%s", l ? " " : "", extra);
    }
}

/* program p from src, built; NULL (the log printed) when the build fails */
static cl_program build(const host_t *h, const char *src, const char *opts)
{
    cl_int rc;
    cl_program p = clCreateProgramWithSource(h->ctx, 1, &src, NULL, &rc);
    MUST(rc);
    rc = clBuildProgram(p, 1, &h->dev, opts, NULL, NULL);
    if (rc != CL_SUCCESS) {
        static char log[1 << 18];
        clGetProgramBuildInfo(p, h->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        printf("FATAL: build failed (%d):\n%s\n", rc, log);
        clReleaseProgram(p);
        return NULL;
    }
    return p;
}

/* kf's kernel of program p: its buffers and arguments, the launch (each
 * pass), the buffers read back, the prints and the verdict: 0, or 1 when a
 * check failed (a setup or launch failure exits 2) */
static int launch(const host_t *h, cl_program p, wq_kfile_t *kf)
{
    cl_int rc;
    char kname[128];
    snprintf(kname, sizeof kname, "%s", kf->kernel);
    if (!kname[0]) {
        size_t kn = 0;
        MUST(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof kname, kname, &kn));
        kname[strcspn(kname, ";")] = 0;
    }
    cl_kernel kr = clCreateKernel(p, kname, &rc);
    MUST(rc);
    wq_kf_arg_t *args = kf->args;
    int na = kf->nargs;
    cl_mem mem[WQ_KF_MAX_ARGS] = { NULL };
    for (int i = 0; i < na; i++) {
        wq_kf_arg_t *a = &args[i];
        if (a->kind == WQ_KF_BUF) {
            mem[i] = clCreateBuffer(h->ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                    a->count * (size_t)a->esize, a->data, &rc);
            MUST(rc);
            MUST(clSetKernelArg(kr, (cl_uint)i, sizeof mem[i], &mem[i]));
        } else if (a->kind == WQ_KF_LOCAL) {
            MUST(clSetKernelArg(kr, (cl_uint)i, a->count, NULL));
        } else {
            MUST(clSetKernelArg(kr, (cl_uint)i, (size_t)a->esize, &a->scalar));
        }
    }
    for (int pass = 0; pass < kf->repeat; pass++) {
        if (kf->repeat_arg >= 0)
            MUST(clSetKernelArg(kr, (cl_uint)kf->repeat_arg, (size_t)args[kf->repeat_arg].esize, &pass));
        cl_event ev;
        rc = clEnqueueNDRangeKernel(h->q, kr, (cl_uint)kf->work_dim, NULL, kf->global,
                                    kf->have_local ? kf->local : NULL, 0, NULL, &ev);
        if (rc == CL_SUCCESS) rc = clFinish(h->q);
        cl_int st = CL_COMPLETE;
        if (rc == CL_SUCCESS)
            MUST(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
        if (rc != CL_SUCCESS || st != CL_COMPLETE) {
            printf("FATAL: the kernel failed: %d (status %d), pass %d\n", rc, st, pass);
            exit(2);
        }
        clReleaseEvent(ev);
    }
    for (int i = 0; i < na; i++)
        if (args[i].kind == WQ_KF_BUF)
            MUST(clEnqueueReadBuffer(h->q, mem[i], CL_TRUE, 0, args[i].count * (size_t)args[i].esize,
                                     args[i].data, 0, NULL, NULL));
    wq_kfile_print(kf, stdout);
    int bad = wq_kfile_verdict(kf, stdout);
    for (int i = 0; i < na; i++) if (mem[i]) clReleaseMemObject(mem[i]);
    clReleaseKernel(kr);
    return bad;
}

/* path's text (malloc'd, NUL-terminated) and its `//@` lines; exits 2 */
static char *read_kfile(const char *path, wq_kfile_t *kf)
{
    FILE *f = fopen(path, "rb");
    char *src = NULL;
    size_t n = 0, cap = 0;
    if (f) {
        for (;;) {
            if (cap - n < 4096) {
                char *t = realloc(src, cap = cap * 2 + 65536);
                if (!t) { printf("FATAL: out of memory\n"); exit(2); }
                src = t;
            }
            size_t r = fread(src + n, 1, cap - n - 1, f);
            if (!r) break;
            n += r;
        }
        fclose(f);
    }
    if (!src) { printf("FATAL: cannot read %s\n", path); exit(2); }
    src[n] = 0;
    char err[256];
    if (wq_kfile_parse(kf, src, err, sizeof err)) { printf("FATAL: %s: %s\n", path, err); exit(2); }
    return src;
}

static int run_one(const char *path, const char *extra)
{
    static wq_kfile_t kf;
    char *src = read_kfile(path, &kf);
    host_t h;
    host_open(&h);
    char opts[1600];
    build_opts(&h, &kf, extra, opts, sizeof opts);
    cl_program p = build(&h, src, opts);
    if (!p) return 2;
    int bad = launch(&h, p, &kf);
    wq_kfile_free(&kf);
    free(src);
    clReleaseProgram(p);
    host_close(&h);
    t_pass = !bad;
    t_fail = bad;
    (void)t_done;                   /* the verdict is the "expect:" line */
    return bad;
}

/* path's `//@` lines and scan (s); its kernel, when it has no `//@ kernel`
 * line, the one it defines; exits 2 when path cannot be read or scanned */
static char *read_scoped(const char *path, wq_kfile_t *kf, wq_kscope_t *s)
{
    char *src = read_kfile(path, kf);
    if (wq_kscope_scan(s, src)) { printf("FATAL: out of memory\n"); exit(2); }
    if (!kf->kernel[0] && s->nkernels == 1)
        snprintf(kf->kernel, sizeof kf->kernel, "%s", s->kernel);
    return src;
}

/* files i and j (their build options on this platform: opt) can be one
 * program: 0, or the reason they cannot in why */
static int batchable(const char *const *paths, const wq_kfile_t *kf, const wq_kscope_t *sc,
                     char (*opt)[1600], int i, int j, char *why, size_t n)
{
    const char *c;
    if (!strcmp(kf[i].kernel, kf[j].kernel))
        snprintf(why, n, "kernel %s is also %s's", kf[i].kernel, paths[j]);
    else if (strcmp(opt[i], opt[j]))
        snprintf(why, n, "build options '%s', not %s's '%s'", opt[i], paths[j], opt[j]);
    else if (strcmp(sc[i].pragmas ? sc[i].pragmas : "", sc[j].pragmas ? sc[j].pragmas : ""))
        snprintf(why, n, "#pragma lines not %s's", paths[j]);
    else if ((c = wq_kscope_clash(&sc[i], &sc[j])))
        snprintf(why, n, "file-scope name %s is also %s's", c, paths[j]);
    else
        return 0;
    return 1;
}

/* file i can be in a batch: its kernel is known and its braces close */
static int scoped(const wq_kfile_t *kf, const wq_kscope_t *sc)
{
    return kf->kernel[0] && sc->balanced;
}

static int run_batch(int n, char **paths, const char *extra)
{
    wq_kfile_t *kf = calloc((size_t)n, sizeof *kf);
    wq_kscope_t *sc = calloc((size_t)n, sizeof *sc);
    char (*opt)[1600] = calloc((size_t)n, sizeof *opt);
    char *all = NULL, why[512];
    size_t len = 0;
    if (!kf || !sc || !opt) { printf("FATAL: out of memory\n"); return 2; }
    host_t h;
    host_open(&h);
    for (int i = 0; i < n; i++) {
        char *src = read_scoped(paths[i], &kf[i], &sc[i]);
        if (!kf[i].kernel[0]) {
            printf("FATAL: %s: no `//@ kernel` line and %d kernels (--batch)\n", paths[i], sc[i].nkernels);
            return 2;
        }
        if (!sc[i].balanced) { printf("FATAL: %s: unbalanced braces (--batch)\n", paths[i]); return 2; }
        build_opts(&h, &kf[i], extra, opt[i], sizeof opt[i]);
        for (int j = 0; j < i; j++)
            if (batchable((const char *const *)paths, kf, sc, opt, i, j, why, sizeof why)) {
                printf("FATAL: %s: %s (--batch)\n", paths[i], why);
                return 2;
            }
        size_t sl = strlen(src), pl = strlen(paths[i]);
        char *t = realloc(all, len + sl + pl + 80 + (size_t)sc[i].nmacros * (WQ_KS_NAME + 8));
        if (!t) { printf("FATAL: out of memory\n"); return 2; }
        all = t;
        len += (size_t)sprintf(all + len, "#line 1 \"%s\"\n", paths[i]);
        memcpy(all + len, src, sl);
        len += sl;
        all[len++] = '\n';
        for (int m = 0; m < sc[i].nmacros; m++)
            len += (size_t)sprintf(all + len, "#undef %s\n", sc[i].macros[m]);
        if (sc[i].contract) len += (size_t)sprintf(all + len, "#pragma OPENCL FP_CONTRACT DEFAULT\n");
        all[len] = 0;
        free(src);
    }
    cl_program p = build(&h, all ? all : "", n ? opt[0] : "");
    free(all);
    free(opt);
    if (!p) return 2;
    int failed = 0;
    for (int i = 0; i < n; i++) {
        printf("file: %s\n", paths[i]);
        fflush(stdout);             /* a launch that exits: its file is named */
        failed += launch(&h, p, &kf[i]);
        wq_kfile_free(&kf[i]);
        wq_kscope_free(&sc[i]);
    }
    printf("batch: %d files, %d failed\n", n, failed);
    free(kf);
    free(sc);
    clReleaseProgram(p);
    host_close(&h);
    (void)t_done;
    return failed ? 1 : 0;
}

static int run_groups(int n, char **paths)
{
    wq_kfile_t *kf = calloc((size_t)n, sizeof *kf);
    wq_kscope_t *sc = calloc((size_t)n, sizeof *sc);
    char (*opt)[1600] = calloc((size_t)n, sizeof *opt);
    int *grp = calloc((size_t)n, sizeof *grp), ng = 0;
    char why[512];
    if (!kf || !sc || !opt || !grp) { printf("FATAL: out of memory\n"); return 2; }
    host_t h;                       /* the platform: its build options */
    host_open(&h);
    for (int i = 0; i < n; i++) {
        free(read_scoped(paths[i], &kf[i], &sc[i]));
        build_opts(&h, &kf[i], NULL, opt[i], sizeof opt[i]);
        grp[i] = -1;
        for (int g = 0; g < ng && grp[i] < 0 && scoped(&kf[i], &sc[i]); g++) {
            int ok = 1;
            for (int j = 0; j < i && ok; j++)
                if (grp[j] == g)
                    ok = scoped(&kf[j], &sc[j]) &&
                         !batchable((const char *const *)paths, kf, sc, opt, i, j, why, sizeof why);
            if (ok) grp[i] = g;
        }
        if (grp[i] < 0) grp[i] = ng++;
    }
    for (int g = 0; g < ng; g++) {
        const char *sep = "";
        for (int i = 0; i < n; i++)
            if (grp[i] == g) { printf("%s%s", sep, paths[i]); sep = " "; }
        printf("\n");
    }
    for (int i = 0; i < n; i++) { wq_kfile_free(&kf[i]); wq_kscope_free(&sc[i]); }
    free(kf);
    free(sc);
    free(opt);
    free(grp);
    host_close(&h);
    (void)t_done;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "--batch")) {
        int i = 2;
        const char *extra = NULL;
        if (i + 1 < argc && !strcmp(argv[i], "--options")) { extra = argv[i + 1]; i += 2; }
        if (i >= argc) { printf("usage: run --batch [--options OPTS] KERNEL.cl...\n"); return 2; }
        return run_batch(argc - i, argv + i, extra);
    }
    if (argc >= 3 && !strcmp(argv[1], "--groups"))
        return run_groups(argc - 2, argv + 2);
    if (argc < 2 || argc > 3) {
        printf("usage: run KERNEL.cl [EXTRA-BUILD-OPTIONS]\n       run --batch [--options OPTS] KERNEL.cl...\n"
               "       run --groups KERNEL.cl...\n");
        return 2;
    }
    return run_one(argv[1], argc == 3 ? argv[2] : NULL);
}
