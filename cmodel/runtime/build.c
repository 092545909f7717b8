/* build.c -- clBuildProgram on source: the build options, the compiler
 * (wq/cc.h), the assembler, and the program image the runtime launches
 * from (docs/runtime.md "Programs and kernels").
 *
 * Options: -D NAME[=V] / -DNAME, -I DIR / -IDIR, the OpenCL options that
 * change nothing on this device (-cl-std=CL1.x, -cl-opt-disable,
 * -cl-mad-enable, -cl-fast-relaxed-math, -w, -Werror, -cl-kernel-arg-info,
 * ...), and warpq's -wq-yield=loops|spin|off, -wq-inline=auto|always|never
 * -wq-regs=N, -wq-subv=auto|off|always, -wq-subv-threshold=N and
 * -wq-alias=on|off (the alias pass at enqueue, alias.c; on by default).
 * Anything else
 * is CL_INVALID_BUILD_OPTIONS with the option named in the build log.
 * `#include "x.h"` in the program's source resolves against the -I
 * directories and the current directory, as other implementations do. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"
#include "wq/asm.h"
#include "wq/cc.h"
#include "wq/defs.h"

#define MAX_OPTS 256

typedef struct {
    char *buf;                      /* the options, split in place            */
    const char *defs[MAX_OPTS];
    const char *incs[MAX_OPTS];
    unsigned nd, ni;
    wq_cc_yield_t yield;
    wq_cc_inline_t inl;
    unsigned regs;
    int alias_off;
    wq_cc_subv_t subv;
    unsigned subv_threshold;
} opts_t;

static int ignored(const char *o)
{
    static const char *const names[] = {
        "-cl-opt-disable", "-cl-mad-enable", "-cl-no-signed-zeros", "-cl-unsafe-math-optimizations",
        "-cl-finite-math-only", "-cl-fast-relaxed-math", "-cl-single-precision-constant",
        "-cl-denorms-are-zero", "-cl-kernel-arg-info", "-cl-strict-aliasing", "-w", "-Werror",
        "-cl-uniform-work-group-size",
    };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) if (!strcmp(o, names[i])) return 1;
    return !strncmp(o, "-cl-std=CL1.", 12) || !strcmp(o, "-cl-std=CL2.0") || !strcmp(o, "-cl-std=CL3.0");
}

/* 0, or -1 with the offending option in *bad */
static int parse_opts(const char *s, opts_t *o, const char **bad)
{
    memset(o, 0, sizeof *o);
    o->buf = strdup(s ? s : "");
    if (!o->buf) return -2;
    char *save = NULL;
    for (char *t = strtok_r(o->buf, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
        *bad = t;
        if (!strncmp(t, "-D", 2) || !strncmp(t, "-I", 2)) {
            int is_d = t[1] == 'D';
            char *v = t[2] ? t + 2 : strtok_r(NULL, " \t\r\n", &save);
            if (!v || o->nd == MAX_OPTS || o->ni == MAX_OPTS) return -1;
            if (is_d) o->defs[o->nd++] = v;
            else o->incs[o->ni++] = v;
        } else if (!strncmp(t, "-wq-yield=", 10)) {
            const char *y = t + 10;
            if (!strcmp(y, "loops")) o->yield = WQ_CC_YIELD_LOOPS;
            else if (!strcmp(y, "spin")) o->yield = WQ_CC_YIELD_SPIN;
            else if (!strcmp(y, "off")) o->yield = WQ_CC_YIELD_OFF;
            else return -1;
        } else if (!strncmp(t, "-wq-inline=", 11)) {
            const char *y = t + 11;
            if (!strcmp(y, "auto")) o->inl = WQ_CC_INLINE_AUTO;
            else if (!strcmp(y, "always")) o->inl = WQ_CC_INLINE_ALWAYS;
            else if (!strcmp(y, "never")) o->inl = WQ_CC_INLINE_NEVER;
            else return -1;
        } else if (!strncmp(t, "-wq-subv=", 9)) {
            const char *y = t + 9;
            if (!strcmp(y, "auto")) o->subv = WQ_CC_SUBV_AUTO;
            else if (!strcmp(y, "off")) o->subv = WQ_CC_SUBV_OFF;
            else if (!strcmp(y, "always")) o->subv = WQ_CC_SUBV_ALWAYS;
            else return -1;
        } else if (!strncmp(t, "-wq-subv-threshold=", 19)) {
            char *end;
            unsigned long v = strtoul(t + 19, &end, 10);
            if (*end || v < 1 || v > 31) return -1;
            o->subv_threshold = (unsigned)v;
        } else if (!strncmp(t, "-wq-regs=", 9)) {
            char *end;
            unsigned long v = strtoul(t + 9, &end, 10);
            if (*end || v < 8 || v > 32) return -1;
            o->regs = (unsigned)v;
        } else if (!strcmp(t, "-wq-alias=on") || !strcmp(t, "-wq-alias=off")) {
            o->alias_off = t[10] == 'o' && t[11] == 'f';
        } else if (!ignored(t)) {
            return -1;
        }
    }
    return 0;
}

/* the compiler's result as the runtime's image: code and kernel table */
static cl_int to_image(const wq_cc_result_t *r, wq_cl_image_t *img, uint32_t max_regs, char **log)
{
    wq_program_t p;
    char err[600];
    if (wq_asm(r->wqs, strlen(r->wqs), "<compiled>", &p, err, sizeof err)) {
        /* the compiler wrote something the assembler refuses: a compiler bug */
        size_t n = strlen(err) + 64;
        *log = malloc(n);
        if (*log) snprintf(*log, n, "warpq: internal compiler error: %s\n", err);
        return CL_BUILD_PROGRAM_FAILURE;
    }
    memset(img, 0, sizeof *img);
    img->ninsn = p.ninsn;
    img->code = malloc(8u * (p.ninsn ? p.ninsn : 1));
    img->kernels = calloc(r->nkernels + 1, sizeof *img->kernels);
    cl_int rc = (!img->code || !img->kernels) ? CL_OUT_OF_HOST_MEMORY : CL_SUCCESS;
    if (!rc) memcpy(img->code, p.segs[0].bytes, 8u * p.ninsn);
    for (unsigned i = 0; !rc && i < r->nkernels; i++) {
        const wq_cc_kernel_t *k = &r->kernels[i];
        wq_cl_kinfo_t *ki = &img->kernels[img->nkernels++];
        snprintf(ki->name, sizeof ki->name, "%s", k->name);
        if (wq_program_sym(&p, k->name, &ki->entry)) { rc = CL_BUILD_PROGRAM_FAILURE; break; }
        /* a kernel with sub-vector segments may name registers above
         * max_regs inside them: the shared ones pack (docs/spec.md 5.4) */
        uint32_t lim = (k->wave & (1u << WQ_LDF_WAVE_SUBV_LO)) ? 32 : max_regs;
        ki->nregs = k->nregs > lim ? lim : k->nregs;
        ki->wave = k->wave;     /* SUBV and SHARED_BASE when it has sub-vector segments */
        /* every YIELD the compiler placed fires (docs/compiler.md "YIELD policies") */
        ki->yield = WQ_YP_EVERY_N << WQ_LDF_YIELD_POLICY_LO | 1u << WQ_LDF_YIELD_PARAM_LO;
        ki->local_bytes = k->local_bytes;
        ki->private_bytes = k->private_bytes;
        for (int d = 0; d < 3; d++) ki->reqd_wg[d] = k->reqd_wg[d];
        ki->param_bytes = k->param_bytes;
        ki->enqueues = k->enqueues;
        ki->nested = k->nested != 0;
        ki->nargs = k->nargs;
        ki->args = calloc(k->nargs + 1, sizeof *ki->args);
        if (!ki->args) { rc = CL_OUT_OF_HOST_MEMORY; break; }
        for (uint32_t a = 0; a < k->nargs; a++) {
            const wq_cc_arg_t *s = &k->args[a];
            wq_cl_arg_info_t *d = &ki->args[a];
            snprintf(d->name, sizeof d->name, "%s", s->name);
            snprintf(d->type_name, sizeof d->type_name, "%s", s->type_name);
            d->kind = (enum wq_cl_arg_kind)s->kind;
            d->size = s->size;
            d->offset = s->offset;
            d->access = CL_KERNEL_ARG_ACCESS_NONE;
            d->type_qual = ((s->quals & WQ_CC_Q_CONST) ? CL_KERNEL_ARG_TYPE_CONST : 0) |
                           ((s->quals & WQ_CC_Q_VOLATILE) ? CL_KERNEL_ARG_TYPE_VOLATILE : 0) |
                           ((s->quals & WQ_CC_Q_RESTRICT) ? CL_KERNEL_ARG_TYPE_RESTRICT : 0);
        }
    }
    wq_program_free(&p);
    if (rc) wq_cl_image_free(img);
    return rc;
}

/* the build log: the compiler's, then a line per kernel that spilled */
static char *spill_log(const wq_cc_result_t *r)
{
    size_t n = strlen(r->log ? r->log : "") + 1 + 160u * r->nkernels;
    char *s = malloc(n);
    if (!s) return NULL;
    size_t at = (size_t)snprintf(s, n, "%s", r->log ? r->log : "");
    for (unsigned i = 0; i < r->nkernels && at < n; i++) {
        const wq_cc_kernel_t *k = &r->kernels[i];
        if (k->spills)
            at += (size_t)snprintf(s + at, n - at, "warpq: kernel %s: %u values spilled to private memory "
                                   "(%u bytes per work-item)\n", k->name, k->spills, k->private_bytes);
    }
    return s;
}

/* compile the source with the options (and alias metadata in *co's alias
 * fields); on success the image in *img and the compiler's result in *r */
static cl_int compile(cl_program p, const char *options, const wq_cc_opts_t *alias, char **log,
                      wq_cl_image_t *img, wq_cc_result_t *r)
{
    *log = NULL;
    memset(r, 0, sizeof *r);
    opts_t o;
    const char *bad = NULL;
    int prc = parse_opts(options, &o, &bad);
    if (prc == -2) return CL_OUT_OF_HOST_MEMORY;
    if (prc) {
        size_t n = strlen(bad ? bad : "") + 96;
        *log = malloc(n);
        if (*log) snprintf(*log, n, "warpq: invalid build option '%s'\n", bad ? bad : "");
        free(o.buf);
        return CL_INVALID_BUILD_OPTIONS;
    }
    uint32_t regs = 32;             /* CONFIG.REGS of every configuration built today */
    wq_cc_opts_t co = { .defines = o.defs, .ndefines = o.nd, .incdirs = o.incs, .nincdirs = o.ni,
                        .yield = o.yield, .inline_mode = o.inl,
                        .max_regs = o.regs ? o.regs : regs,
                        .subv = o.subv, .subv_threshold = o.subv_threshold,
                        /* the device the program is built for: its LANES
                         * decides how shared registers pack */
                        .lanes = p->ctx->dev->opened > 0 ? p->ctx->dev->drv.lanes : 0 };
    if (alias) {
        co.alias = 1;
        co.alias_kernel = alias->alias_kernel;
        co.rels = alias->rels;
        co.nrels = alias->nrels;
    }
    int crc = wq_cc_compile(&co, "<source>", p->source, strlen(p->source), r);
    free(o.buf);
    if (crc == WQ_CC_NOMEM) return CL_OUT_OF_HOST_MEMORY;
    if (crc) {
        *log = r->log ? strdup(r->log) : NULL;
        return CL_BUILD_PROGRAM_FAILURE;
    }
    return to_image(r, img, co.max_regs, log);
}

cl_int wq_cl_build_source(cl_program p, const char *options, char **log)
{
    wq_cl_image_t img;
    wq_cc_result_t r;
    cl_int rc = compile(p, options, NULL, log, &img, &r);
    if (!rc) {
        wq_cl_alias_retire(p);
        wq_cl_image_free(&p->img);
        p->img = img;
        if (!*log) *log = spill_log(&r);
    }
    wq_cc_result_free(&r);
    return rc;
}

int wq_cl_build_alias_on(const char *options)
{
    opts_t o;
    const char *bad;
    int rc = parse_opts(options, &o, &bad);
    free(o.buf);
    return rc == 0 && !o.alias_off;
}

cl_int wq_cl_build_variant(cl_program p, const char *kernel, const wq_cc_rel_t *rels, unsigned nrels,
                           wq_cl_image_t *img, unsigned *loops, char **explain)
{
    wq_cc_opts_t a = { .alias = 1, .alias_kernel = kernel, .rels = rels, .nrels = nrels };
    wq_cc_result_t r;
    char *log = NULL;
    *loops = 0;
    *explain = NULL;
    cl_int rc = compile(p, p->options, &a, &log, img, &r);
    free(log);
    if (!rc) {
        for (unsigned i = 0; i < r.nkernels; i++)
            if (!strcmp(r.kernels[i].name, kernel)) *loops = r.kernels[i].alias_loops;
        *explain = r.explain ? strdup(r.explain) : NULL;
    }
    wq_cc_result_free(&r);
    return rc;
}
