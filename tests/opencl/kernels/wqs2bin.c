/* wqs2bin.c -- a warpq program binary (docs/runtime.md) from a .wqs file
 * whose ";@kernel NAME ARG..." lines give the kernels' signatures: the test
 * fixture that lets host programs load kernels with the standard
 * clCreateProgramWithBinary while no OpenCL C compiler writes them.
 * Arguments are placed after the parameter buffer's header in order, each
 * aligned to its size (at most 4).  Entry points are the labels of the
 * kernels' names.  Every kernel runs with NREGS 32, yield every 1.
 *
 * Usage: wqs2bin FILE.wqs OUT.bin     (exit 0, or 2 with file:line: why) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"
#include "binary.h"
#include "wq/asm.h"
#include "wq/defs.h"

static int fail(const char *file, int line, const char *why)
{
    fprintf(stderr, "%s:%d: %s\n", file, line, why);
    return 2;
}

static int parse_arg(const char *tok, wq_cl_arg_info_t *a, uint32_t *off)
{
    const char *colon = strchr(tok, ':');
    if (!colon || colon == tok || (size_t)(colon - tok) >= sizeof a->name) return -1;
    memcpy(a->name, tok, (size_t)(colon - tok));
    const char *k = colon + 1;
    a->access = CL_KERNEL_ARG_ACCESS_NONE;
    if (!strcmp(k, "global") || !strcmp(k, "constant") || !strcmp(k, "local")) {
        a->kind = k[0] == 'g' ? WQ_CL_ARG_GLOBAL : k[0] == 'c' ? WQ_CL_ARG_CONSTANT : WQ_CL_ARG_LOCAL;
        a->size = 4;
        snprintf(a->type_name, sizeof a->type_name, "uint*");
    } else if (!strncmp(k, "scalar", 6)) {
        a->kind = WQ_CL_ARG_SCALAR;
        a->size = (uint32_t)atoi(k + 6);
        if (a->size != 1 && a->size != 2 && a->size != 4 && a->size != 8) return -1;
        static const char *names[] = { "", "uchar", "ushort", "", "uint", "", "", "", "ulong" };
        snprintf(a->type_name, sizeof a->type_name, "%s", names[a->size]);
    } else {
        return -1;
    }
    uint32_t al = a->size < 4 ? a->size : 4;
    *off = (*off + al - 1) / al * al;
    a->offset = *off;
    *off += a->size;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3) { fprintf(stderr, "usage: wqs2bin FILE.wqs OUT.bin\n"); return 2; }
    wq_program_t p;
    char err[512];
    if (wq_asm_file(argv[1], &p, err, sizeof err)) { fprintf(stderr, "%s\n", err); return 2; }
    FILE *f = fopen(argv[1], "r");
    if (!f) return fail(argv[1], 0, "cannot read");
    wq_cl_image_t img = {0};
    img.ninsn = p.ninsn;
    img.code = malloc(8u * p.ninsn);
    memcpy(img.code, p.segs[0].bytes, 8u * p.ninsn);
    char line[1024];
    int ln = 0, rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        ln++;
        if (strncmp(line, ";@kernel ", 9)) continue;
        img.kernels = realloc(img.kernels, (img.nkernels + 1) * sizeof *img.kernels);
        wq_cl_kinfo_t *k = &img.kernels[img.nkernels++];
        memset(k, 0, sizeof *k);
        k->args = calloc(64, sizeof *k->args);
        char *save = NULL, *tok = strtok_r(line + 9, " \t\r\n", &save);
        if (!tok || strlen(tok) >= sizeof k->name) { rc = fail(argv[1], ln, "kernel name"); break; }
        snprintf(k->name, sizeof k->name, "%s", tok);
        if (wq_program_sym(&p, k->name, &k->entry)) { rc = fail(argv[1], ln, "no label of that name"); break; }
        k->nregs = 32;
        k->yield = WQ_YP_EVERY_N << WQ_LDF_YIELD_POLICY_LO | 1u << WQ_LDF_YIELD_PARAM_LO;
        uint32_t off = WQ_KPARAM_ARGS;
        while ((tok = strtok_r(NULL, " \t\r\n", &save))) {
            if (k->nargs >= 64 || parse_arg(tok, &k->args[k->nargs], &off)) {
                rc = fail(argv[1], ln, "bad argument (name:global|constant|local|scalarN)");
                break;
            }
            k->nargs++;
        }
        k->param_bytes = (off + 3) & ~3u;
    }
    fclose(f);
    wq_program_free(&p);
    if (rc) return rc;
    if (!img.nkernels) return fail(argv[1], 0, "no ;@kernel line");
    size_t n;
    char *b = wq_cl_binary_write(&img, &n);
    FILE *o = fopen(argv[2], "wb");
    if (!b || !o || fwrite(b, 1, n, o) != n) return fail(argv[2], 0, "cannot write");
    fclose(o);
    free(b);
    wq_cl_image_free(&img);
    return 0;
}
