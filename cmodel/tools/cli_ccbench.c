/* cli_ccbench.c -- `wq bench --cc FILE.cl...`: the OpenCL C compiler's
 * throughput on the given sources, in source lines per second (every line
 * of every file, comments and `//@` headers included), compiled in memory
 * (no process start, no file reads in the timed part); the best of three
 * runs of at least 0.2 s each.  A file whose `//@ fp` line says it needs an
 * FPU (tests/kernels/float_*.cl) compiles for a device with one, as
 * `wq clrun` and scripts/kernels.sh run it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "kfile.h"
#include "wq/cc.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int wq_cli_bench_cc(int argc, char **argv)
{
    int n = argc - 2;
    if (n < 1) return wq_cli_error("bench", "--cc needs at least one FILE.cl");
    char **src = calloc((size_t)n, sizeof *src);
    size_t *len = calloc((size_t)n, sizeof *len), lines = 0;
    int *fp = calloc((size_t)n, sizeof *fp);
    wq_kfile_t *kf = calloc(1, sizeof *kf);     /* (large: not on the stack) */
    int rc = src && len && fp && kf ? 0 : 1;
    for (int i = 0; !rc && i < n; i++) {
        if (!(src[i] = wq_cli_slurp(argv[i + 2]))) {
            fprintf(stderr, "%s: cannot read: %s\n", argv[i + 2], strerror(errno));
            rc = 2;
            break;
        }
        len[i] = strlen(src[i]);
        for (size_t k = 0; k < len[i]; k++) lines += src[i][k] == '\n';
        char kerr[256];
        int bad = wq_kfile_parse(kf, src[i], kerr, sizeof kerr);
        fp[i] = !bad && kf->fp;
        wq_kfile_free(kf);
        if (bad) {
            fprintf(stderr, "%s: //@ %s\n", argv[i + 2], kerr);
            rc = 2;
            break;
        }
        wq_cc_result_t r;
        wq_cc_opts_t o = {0};
        o.fp = fp[i];
        if (wq_cc_compile(&o, argv[i + 2], src[i], len[i], &r) != WQ_CC_OK) {
            fputs(r.log ? r.log : "", stderr);
            rc = 2;
        }
        wq_cc_result_free(&r);
    }
    double best = 0;
    for (int run = 0; !rc && run < 3; run++) {
        double t0 = now(), t;
        size_t done = 0;
        do {
            for (int i = 0; i < n; i++) {
                wq_cc_result_t r;
                wq_cc_opts_t o = {0};
                o.fp = fp[i];
                wq_cc_compile(&o, argv[i + 2], src[i], len[i], &r);
                wq_cc_result_free(&r);
            }
            done += lines;
        } while ((t = now() - t0) < 0.2);
        if (done / t > best) best = (double)done / t;
    }
    if (!rc)
        printf("cc_lines_per_s: %.0f (%d files, %zu lines; default options: 32 lanes, "
               "32 registers, an FPU where the file's //@ fp asks; in memory, best of 3 runs "
               "of at least 0.2 s)\n", best, n, lines);
    for (int i = 0; src && i < n; i++) free(src[i]);
    free(src);
    free(len);
    free(fp);
    free(kf);
    return rc;
}
