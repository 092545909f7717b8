/* build.c -- clBuildProgram on source: the build options, the compiler
 * (wq/cc.h), the assembler, and the program image the runtime launches
 * from (docs/runtime.md "Programs and kernels").
 *
 * Options: -D NAME[=V] / -DNAME, -I DIR / -IDIR, the OpenCL math options
 * (math_opts below: wq_cc_opts_t.fp_flags), the OpenCL options that change
 * nothing on this device (-cl-std=CL1.x, -cl-opt-disable,
 * -cl-strict-aliasing, ...), -cl-kernel-arg-info (clGetKernelArgInfo answers only then), -w (no
 * warnings) and -Werror (a warning fails the build), and warpq's -wq-yield=loops|spin|off, -wq-inline=auto|always|never
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
    int arg_info;                   /* -cl-kernel-arg-info                    */
    int no_warnings, werror;        /* -w, -Werror                            */
    unsigned fp_flags;              /* the -cl-* math options (WQ_CC_FP_*)     */
} opts_t;

/* the OpenCL math options and their WQ_CC_FP_* bits (OpenCL 1.2 §5.6.4.2:
 * -cl-unsafe-math-optimizations implies -cl-no-signed-zeros and
 * -cl-mad-enable, -cl-fast-relaxed-math implies it and
 * -cl-finite-math-only) */
static const struct { const char *name; unsigned bits; } math_opts[] = {
    { "-cl-mad-enable", WQ_CC_FP_MAD_ENABLE },
    { "-cl-no-signed-zeros", WQ_CC_FP_NO_SIGNED_ZEROS },
    { "-cl-unsafe-math-optimizations", WQ_CC_FP_UNSAFE | WQ_CC_FP_NO_SIGNED_ZEROS | WQ_CC_FP_MAD_ENABLE },
    { "-cl-finite-math-only", WQ_CC_FP_FINITE },
    { "-cl-fast-relaxed-math", WQ_CC_FP_FAST_RELAXED | WQ_CC_FP_FINITE | WQ_CC_FP_UNSAFE |
                               WQ_CC_FP_NO_SIGNED_ZEROS | WQ_CC_FP_MAD_ENABLE },
    { "-cl-denorms-are-zero", WQ_CC_FP_DENORMS_ZERO },
    { "-cl-single-precision-constant", WQ_CC_FP_SP_CONSTANT },
};

/* the WQ_CC_FP_* bits of a math option, 0 for another */
static unsigned math_opt(const char *o)
{
    for (size_t i = 0; i < sizeof math_opts / sizeof *math_opts; i++)
        if (!strcmp(o, math_opts[i].name)) return math_opts[i].bits;
    return 0;
}

static int ignored(const char *o)
{
    static const char *const names[] = {
        "-cl-opt-disable", "-cl-strict-aliasing",
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
        } else if (!strcmp(t, "-cl-kernel-arg-info")) {
            o->arg_info = 1;
        } else if (!strcmp(t, "-w")) {
            o->no_warnings = 1;
        } else if (!strcmp(t, "-Werror")) {
            o->werror = 1;
        } else if (math_opt(t)) {
            o->fp_flags |= math_opt(t);
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
    /* a program without kernels has no code (and no segment) */
    if (!rc && p.ninsn) memcpy(img->code, p.segs[0].bytes, 8u * p.ninsn);
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
        ki->private_align = k->private_align;
        ki->local_align = k->local_align;
        for (int d = 0; d < 3; d++) ki->reqd_wg[d] = k->reqd_wg[d];
        memcpy(ki->hint_wg, k->hint_wg, sizeof ki->hint_wg);
        snprintf(ki->vec_hint, sizeof ki->vec_hint, "%s", k->vec_hint);
        ki->param_bytes = k->param_bytes;
        ki->enqueues = k->enqueues;
        ki->nested = k->nested != 0;
        ki->printf = k->printf != 0;
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
    /* printf's strings, by id */
    if (!rc && r->nstrings) {
        img->strs = calloc(r->nstrings, sizeof *img->strs);
        if (!img->strs) rc = CL_OUT_OF_HOST_MEMORY;
        for (unsigned i = 0; !rc && i < r->nstrings; i++, img->nstrs++) {
            size_t n = strlen(r->strings[i]) + 1;
            if (!(img->strs[i] = malloc(n))) rc = CL_OUT_OF_HOST_MEMORY;
            else memcpy(img->strs[i], r->strings[i], n);
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

/* "warpq: invalid WHAT option 'BAD'" as the log */
static void bad_option(char **log, const char *what, const char *bad)
{
    size_t n = strlen(bad ? bad : "") + strlen(what) + 96;
    *log = malloc(n);
    if (*log) snprintf(*log, n, "warpq: invalid %s option '%s'\n", what, bad ? bad : "");
}

/* the compiler's options from the parsed ones (and alias metadata in
 * alias's alias fields) */
static wq_cc_opts_t cc_options(cl_program p, const opts_t *o, const wq_cc_opts_t *alias)
{
    uint32_t regs = 32;             /* CONFIG.REGS of every configuration built today */
    wq_cc_opts_t co = { .defines = o->defs, .ndefines = o->nd, .incdirs = o->incs, .nincdirs = o->ni,
                        .yield = o->yield, .inline_mode = o->inl,
                        .max_regs = o->regs ? o->regs : regs,
                        .subv = o->subv, .subv_threshold = o->subv_threshold,
                        .no_warnings = o->no_warnings, .werror = o->werror,
                        .fp_flags = o->fp_flags,
                        /* the device the program is built for: its LANES
                         * decides how shared registers pack */
                        .lanes = p->ctx->dev->opened > 0 ? p->ctx->dev->drv.lanes : 0,
                        /* float compiles for a device with an FPU only; the
                         * refusal names the device */
                        .fp = p->ctx->dev->opened > 0 && p->ctx->dev->fp,
                        .device = p->ctx->dev->opened > 0 ? p->ctx->dev->name : NULL };
    if (alias) {
        co.alias = 1;
        co.alias_kernel = alias->alias_kernel;
        co.rels = alias->rels;
        co.nrels = alias->nrels;
    }
    return co;
}

static cl_int link_run(cl_program p, const wq_cl_unit_t *units, unsigned n, const char *options,
                       wq_cc_link_t mode, const wq_cc_opts_t *alias, char **log, wq_cl_image_t *img,
                       wq_cc_result_t *r);

/* compile the source with the options (and alias metadata in *co's alias
 * fields); on success the image in *img and the compiler's result in *r.
 * A program a link made compiles its units again, with the link's options */
static cl_int compile(cl_program p, const char *options, const wq_cc_opts_t *alias, char **log,
                      wq_cl_image_t *img, wq_cc_result_t *r)
{
    if (p->nunits)
        return link_run(p, p->units, p->nunits, options, WQ_CC_LINK_EXECUTABLE, alias, log, img, r);
    *log = NULL;
    memset(r, 0, sizeof *r);
    opts_t o;
    const char *bad = NULL;
    int prc = parse_opts(options, &o, &bad);
    if (prc == -2) return CL_OUT_OF_HOST_MEMORY;
    if (prc) {
        bad_option(log, "build", bad);
        free(o.buf);
        return CL_INVALID_BUILD_OPTIONS;
    }
    wq_cc_opts_t co = cc_options(p, &o, alias);
    int crc = wq_cc_compile(&co, "<source>", p->source, strlen(p->source), r);
    free(o.buf);
    if (crc == WQ_CC_NOMEM) return CL_OUT_OF_HOST_MEMORY;
    if (crc) {
        *log = r->log ? strdup(r->log) : NULL;
        return CL_BUILD_PROGRAM_FAILURE;
    }
    return to_image(r, img, co.max_regs, log);
}

/* options (checked) carry -cl-kernel-arg-info */
static int arg_info_opt(const char *options)
{
    opts_t o;
    const char *bad;
    int rc = parse_opts(options, &o, &bad);
    free(o.buf);
    return rc == 0 && o.arg_info;
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
        p->arg_info = arg_info_opt(options);
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

/* ---- compiled objects, libraries and the linker (docs/runtime.md "Linking") ---- */
void wq_cl_units_free(wq_cl_unit_t *u, unsigned n)
{
    for (unsigned i = 0; u && i < n; i++) {
        for (unsigned h = 0; h < u[i].nhdrs; h++) {
            free(u[i].hdr_names[h]);
            free(u[i].hdr_texts[h]);
        }
        free(u[i].hdr_names);
        free(u[i].hdr_texts);
        free(u[i].source);
        free(u[i].options);
        free(u[i].name);
    }
    free(u);
}

/* a deep copy of s named name; 0, or -1 out of memory (d freed by the caller) */
static int unit_copy(wq_cl_unit_t *d, const wq_cl_unit_t *s, const char *name)
{
    memset(d, 0, sizeof *d);
    d->source = strdup(s->source);
    d->options = strdup(s->options ? s->options : "");
    d->name = strdup(name);
    d->hdr_names = calloc(s->nhdrs + 1, sizeof *d->hdr_names);
    d->hdr_texts = calloc(s->nhdrs + 1, sizeof *d->hdr_texts);
    if (!d->source || !d->options || !d->name || !d->hdr_names || !d->hdr_texts) return -1;
    for (; d->nhdrs < s->nhdrs; d->nhdrs++) {
        d->hdr_names[d->nhdrs] = strdup(s->hdr_names[d->nhdrs]);
        d->hdr_texts[d->nhdrs] = strdup(s->hdr_texts[d->nhdrs]);
        if (!d->hdr_names[d->nhdrs] || !d->hdr_texts[d->nhdrs]) { d->nhdrs++; return -1; }
    }
    return 0;
}

/* the options a link accepts: -create-library, -enable-link-options (with
 * -create-library only), the math options and the code generation options -wq-* (code is generated at the
 * link).  1 for a library, 0 for an executable, -1 (the option in *bad,
 * malloc'd) when they are invalid */
static int link_opts(const char *options, char **bad)
{
    char *buf = strdup(options ? options : ""), *save = NULL;
    int lib = 0, enable = 0, rc = 0;
    *bad = NULL;
    if (!buf) return -1;
    for (char *t = strtok_r(buf, " \t\r\n", &save); t && !rc; t = strtok_r(NULL, " \t\r\n", &save)) {
        int ok = !strcmp(t, "-create-library") ? (lib = 1) : !strcmp(t, "-enable-link-options") ? (enable = 1) : 0;
        if (!ok) ok = math_opt(t) != 0;
        if (!ok && !strncmp(t, "-wq-", 4)) {
            opts_t o;
            const char *b;
            ok = parse_opts(t, &o, &b) == 0;
            free(o.buf);
        }
        if (!ok) { *bad = strdup(t); rc = -1; }
    }
    if (!rc && enable && !lib) { *bad = strdup("-enable-link-options (without -create-library)"); rc = -1; }
    free(buf);
    return rc ? -1 : lib;
}

int wq_cl_link_is_library(const char *options)
{
    char *bad = NULL;
    int rc = link_opts(options, &bad);
    free(bad);
    return rc;
}

/* the -wq-* and math options of a link's options (code generation: the
 * link generates the code, contracting a * b + c as the math options
 * say), malloc'd */
static char *codegen_opts(const char *options)
{
    char *buf = strdup(options ? options : ""), *out = calloc(1, strlen(options ? options : "") + 2), *save = NULL;
    if (!buf || !out) { free(buf); free(out); return NULL; }
    for (char *t = strtok_r(buf, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save))
        if (!strncmp(t, "-wq-", 4) || math_opt(t)) { strcat(out, t); strcat(out, " "); }
    free(buf);
    return out;
}

/* units[0..n) through the compiler's linker (wq_cc_link) in mode: each
 * with its own -D and -I (its compile options) and embedded headers, the
 * code generation from options (-wq-*); an executable's image in *img */
static cl_int link_run(cl_program p, const wq_cl_unit_t *units, unsigned n, const char *options,
                       wq_cc_link_t mode, const wq_cc_opts_t *alias, char **log, wq_cl_image_t *img,
                       wq_cc_result_t *r)
{
    *log = NULL;
    memset(r, 0, sizeof *r);
    char *cg = mode == WQ_CC_LINK_OBJECT ? strdup(units[0].options) : codegen_opts(options);
    opts_t o, *uo = calloc(n + 1, sizeof *uo);
    wq_cc_unit_t *cu = calloc(n + 1, sizeof *cu);
    const char *bad = NULL;
    cl_int rc = CL_SUCCESS;
    int orc = cg && uo && cu ? parse_opts(cg, &o, &bad) : -2;
    if (orc == -1) rc = mode == WQ_CC_LINK_OBJECT ? CL_INVALID_COMPILER_OPTIONS : CL_INVALID_LINKER_OPTIONS;
    if (orc == -1) bad_option(log, mode == WQ_CC_LINK_OBJECT ? "compile" : "link", bad);
    if (orc == -2) rc = CL_OUT_OF_HOST_MEMORY;
    unsigned parsed = 0;
    for (; !rc && parsed < n; parsed++) {
        /* each unit's own -D and -I: its options were checked when it was compiled */
        if (parse_opts(units[parsed].options, &uo[parsed], &bad)) { rc = CL_OUT_OF_HOST_MEMORY; parsed++; break; }
        const opts_t *u = &uo[parsed];
        cu[parsed] = (wq_cc_unit_t){ .file = units[parsed].name, .src = units[parsed].source,
                                     .len = strlen(units[parsed].source),
                                     .defines = u->defs, .ndefines = u->nd, .incdirs = u->incs, .nincdirs = u->ni,
                                     .header_names = (const char *const *)units[parsed].hdr_names,
                                     .header_texts = (const char *const *)units[parsed].hdr_texts,
                                     .nheaders = units[parsed].nhdrs, .fp_flags = u->fp_flags };
    }
    if (!rc) {
        wq_cc_opts_t co = cc_options(p, &o, alias);
        int crc = wq_cc_link(&co, cu, n, mode, r);
        if (crc == WQ_CC_NOMEM) rc = CL_OUT_OF_HOST_MEMORY;
        else if (crc) {
            *log = r->log ? strdup(r->log) : NULL;
            rc = mode == WQ_CC_LINK_OBJECT ? CL_COMPILE_PROGRAM_FAILURE : CL_LINK_PROGRAM_FAILURE;
        } else if (mode == WQ_CC_LINK_EXECUTABLE) {
            rc = to_image(r, img, co.max_regs, log);
            if (rc == CL_BUILD_PROGRAM_FAILURE) rc = CL_LINK_PROGRAM_FAILURE;
        }
    }
    if (orc != -2) free(o.buf);
    for (unsigned i = 0; uo && i < parsed; i++) free(uo[i].buf);
    free(uo);
    free(cu);
    free(cg);
    return rc;
}

cl_int wq_cl_compile_unit(cl_program p, const char *options, cl_uint nhdr, const char *const *names,
                          const char *const *texts, char **log)
{
    wq_cl_unit_t src = { .source = p->source, .options = (char *)(options ? options : ""), .nhdrs = nhdr,
                         .hdr_names = (char **)names, .hdr_texts = (char **)texts };
    wq_cl_unit_t *u = calloc(1, sizeof *u);
    if (!u || unit_copy(u, &src, "<source>")) {
        wq_cl_units_free(u, 1);
        return CL_OUT_OF_HOST_MEMORY;
    }
    wq_cc_result_t r;
    cl_int rc = link_run(p, u, 1, NULL, WQ_CC_LINK_OBJECT, NULL, log, NULL, &r);
    wq_cc_result_free(&r);
    if (rc) {
        wq_cl_units_free(u, 1);
        return rc;
    }
    if (!*log) *log = strdup("");
    wq_cl_alias_retire(p);
    wq_cl_image_free(&p->img);
    wq_cl_units_free(p->units, p->nunits);
    p->units = u;
    p->nunits = 1;
    return CL_SUCCESS;
}

cl_int wq_cl_link_units(cl_program out, const char *options, cl_uint nprog, const cl_program *progs,
                        char **log)
{
    *log = NULL;
    int lib = wq_cl_link_is_library(options);
    unsigned n = 0;
    for (cl_uint i = 0; i < nprog; i++) n += progs[i]->nunits;
    wq_cl_unit_t *u = calloc(n + 1, sizeof *u);
    if (!u) return CL_OUT_OF_HOST_MEMORY;
    /* every unit named by where it came from: input_programs[i], and unit j
     * of a library there */
    unsigned k = 0;
    cl_int rc = CL_SUCCESS;
    for (cl_uint i = 0; !rc && i < nprog; i++)
        for (unsigned j = 0; !rc && j < progs[i]->nunits; j++) {
            char name[64];
            if (progs[i]->bin_type == CL_PROGRAM_BINARY_TYPE_LIBRARY) snprintf(name, sizeof name, "<program %u.%u>", i, j);
            else snprintf(name, sizeof name, "<program %u>", i);
            if (unit_copy(&u[k++], &progs[i]->units[j], name)) rc = CL_OUT_OF_HOST_MEMORY;
        }
    wq_cc_result_t r;
    wq_cl_image_t img;
    memset(&r, 0, sizeof r);
    memset(&img, 0, sizeof img);
    if (!rc) rc = link_run(out, u, n, options, lib == 1 ? WQ_CC_LINK_LIBRARY : WQ_CC_LINK_EXECUTABLE, NULL, log,
                           &img, &r);
    if (!rc && !*log) *log = lib == 1 ? strdup(r.log ? r.log : "") : spill_log(&r);
    wq_cc_result_free(&r);
    if (rc) {
        wq_cl_units_free(u, k);
        return rc;
    }
    out->img = img;
    out->units = u;
    out->nunits = n;
    out->arg_info = n > 0;
    for (unsigned i = 0; i < n; i++) out->arg_info &= arg_info_opt(u[i].options);
    return CL_SUCCESS;
}
