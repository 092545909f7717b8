/* cli_clrun.c -- `wq run KERNEL.cl` and `wq cosim KERNEL.cl`: compile one
 * OpenCL C kernel, set up its arguments from the command line, launch it
 * through the OpenCL runtime's own entry points (cmodel/runtime: the same
 * descriptor, parameter buffer and __local blocks an application's
 * clEnqueueNDRangeKernel gets) on the model or, for cosim, on the RTL in
 * lockstep with the model, and print every buffer argument.
 *
 *   --arg buf:TYPE:COUNT[=INIT]   a buffer of COUNT elements; TYPE u8 i8 u16
 *                                 i16 u32 i32 u64 i64; INIT a constant (default 0),
 *                                 seq:START[:STEP], rand:SEED[:MOD] or @FILE
 *                                 (text: integers, decimal or 0x hex,
 *                                 separated by spaces, commas or newlines;
 *                                 fewer than COUNT leave the rest 0)
 *   --arg TYPE:VALUE              a scalar argument
 *   --arg local:BYTES             a __local argument
 *   --arg view:ARG:OFFSET:COUNT   a sub-buffer of argument ARG's buffer (an
 *                                 earlier buf:) from byte OFFSET, COUNT
 *                                 elements of its type: two arguments on the
 *                                 same region or overlapping ones, as the
 *                                 alias pass's metadata sees them
 *   --alias=on|off                the alias pass at enqueue (default on;
 *                                 buf: arguments are disjoint)
 *
 * Without --global and --arg, the file's own `//@` lines (kfile.h: the
 * kernels of tests/kernels and the clgen generator's) give the launch, the
 * arguments and the build options, and their expects and checks are the
 * verdict after the buffers ("expect: ok", or the failures and exit 1);
 * options on the command line override the file's.
 *
 * Exit 0 when the kernel completed; 1 when it trapped, the lockstep check
 * failed or the device refused it (the reason printed); 2 on a usage or
 * compile error (file:line:col). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "wq/cl.h"    /* the runtime's entry points (wq_cl_*) */
#include "wq/cc.h"
#include "wq/dev.h"
#include "wq/model.h"
#include "kfile.h"

#define MAX_ARGS 64

typedef struct cl_arg {
    enum { A_BUF, A_SCALAR, A_LOCAL, A_VIEW } kind;
    unsigned esize;
    int      is_signed;
    size_t   count;                 /* buffer elements; local bytes          */
    unsigned parent;                /* A_VIEW: the argument whose buffer     */
    uint32_t offset;                /* A_VIEW: bytes into it                 */
    uint8_t *data;
    uint64_t scalar;                /* little-endian: its first esize bytes  */
    const char *spec;               /* as given, for messages                */
} cl_arg_t;

typedef struct clrun {
    const char *verb, *file, *kernel;
    const char *defs[64], *incs[64];
    unsigned nd, ni;
    int yield;                      /* WQ_CC_YIELD_*                         */
    int inl;                        /* WQ_CC_INLINE_*                        */
    const char *inl_opt;
    const char *yield_opt;
    int alias_off;                  /* --alias=off: -wq-alias=off            */
    const char *subv_opt;           /* --subv=, --subv-threshold=, --regs= as given */
    const char *subv_t_opt;
    const char *regs_opt;
    int fp;                         /* --fp 1 or //@ fp: the device has an FPU (WQ_FP) */
    unsigned lanes, dim;
    size_t global[3], local[3];
    int have_local, dec;
    cl_arg_t args[MAX_ARGS];
    unsigned nargs;
    wq_kfile_t *kf;                 /* the file's `//@` lines, when they launch */
    int repeat, repeat_arg;         /* launches; the scalar set to the pass  */
    int alias_set;                  /* --alias= given                        */
    char why[256];                  /* the runtime's report of a failure     */
} clrun_t;

/* --arg's element types: the //@ lines' (kfile.h), and u64/i64, which only
 * --arg takes (a long or ulong parameter, a buffer of 64-bit elements) */
static int type_of(const char *t, size_t n, unsigned *esize, int *sgn)
{
    if (n == 3 && (!strncmp(t, "u64", 3) || !strncmp(t, "i64", 3))) {
        *esize = 8;
        *sgn = t[0] == 'i';
        return 0;
    }
    int sz;
    if (wq_kf_type(t, n, &sz, sgn)) return -1;
    *esize = (unsigned)sz;
    return 0;
}

static int num(const char *s, uint32_t *v)
{
    char *end;
    if (!s || !*s) return -1;
    errno = 0;
    long long x = strtoll(s, &end, 0);
    if (*end || errno || x < -2147483648LL || x > 0xFFFFFFFFLL) return -1;
    *v = (uint32_t)x;
    return 0;
}

/* a value for an element or scalar of esize bytes: 32-bit ones range from
 * INT_MIN to UINT_MAX as before, 64-bit ones over the whole 64 bits
 * (negative ones wrap) */
static int num64(const char *s, unsigned esize, uint64_t *v)
{
    if (esize < 8) {
        uint32_t x;
        if (num(s, &x)) return -1;
        *v = x;
        return 0;
    }
    char *end;
    if (!s || !*s) return -1;
    errno = 0;
    *v = s[0] == '-' ? (uint64_t)strtoll(s, &end, 0) : (uint64_t)strtoull(s, &end, 0);
    return *end || errno ? -1 : 0;
}

/* little-endian: the value's first esize bytes */
static void put(cl_arg_t *a, size_t i, uint64_t v) { memcpy(a->data + i * a->esize, &v, a->esize); }

/* INIT of a buffer: 0, or 2 after a usage error */
static int fill(clrun_t *r, cl_arg_t *a, const char *init)
{
    if (init[0] == '@') {
        FILE *f = fopen(init + 1, "r");
        if (!f) return wq_cli_error(r->verb, "--arg %s: cannot read %s: %s", a->spec, init + 1, strerror(errno));
        char tok[64];
        size_t i = 0;
        int c, n = 0, rc = 0;
        do {
            c = fgetc(f);
            if (c != EOF && c != ' ' && c != ',' && c != '\n' && c != '\t' && c != '\r') {
                if (n < 63) tok[n++] = (char)c;
                continue;
            }
            if (!n) continue;
            tok[n] = 0;
            n = 0;
            uint64_t v;
            if (num64(tok, a->esize, &v)) { rc = wq_cli_error(r->verb, "%s: '%s' is not an integer", init + 1, tok); break; }
            if (i == a->count) { rc = wq_cli_error(r->verb, "%s: more than %zu values", init + 1, a->count); break; }
            put(a, i++, v);
        } while (c != EOF);
        fclose(f);
        return rc;
    }
    uint32_t x = 0, y = 0;
    char *colon = strchr(init, ':');
    if (!strncmp(init, "seq:", 4) || !strncmp(init, "rand:", 5)) {
        char head[16], *c2 = strchr(colon + 1, ':');
        snprintf(head, sizeof head, "%.*s", (int)(colon - init), init);
        char first[32];
        snprintf(first, sizeof first, "%.*s", (int)(c2 ? (size_t)(c2 - colon - 1) : strlen(colon + 1)), colon + 1);
        int is_seq = head[0] == 's';
        y = is_seq ? 1 : 0;
        if (num(first, &x) || (c2 && num(c2 + 1, &y)))
            return wq_cli_error(r->verb, "--arg %s: bad %s", a->spec, is_seq ? "seq:START[:STEP]" : "rand:SEED[:MOD]");
        for (size_t i = 0; i < a->count; i++) {
            uint32_t v = is_seq ? x + (uint32_t)i * y : wq_kf_lcg(&x);
            put(a, i, !is_seq && y ? v % y : v);
        }
        return 0;
    }
    uint64_t k;
    if (num64(init, a->esize, &k)) return wq_cli_error(r->verb, "--arg %s: INIT must be a number, seq:, rand: or @FILE", a->spec);
    for (size_t i = 0; i < a->count; i++) put(a, i, k);
    return 0;
}

/* one --arg: 0, or 2 after a usage error */
static int parse_arg(clrun_t *r, const char *s)
{
    if (r->nargs == MAX_ARGS) return wq_cli_error(r->verb, "more than %d arguments", MAX_ARGS);
    cl_arg_t *a = &r->args[r->nargs++];
    memset(a, 0, sizeof *a);
    a->spec = s;
    uint32_t v;
    if (!strncmp(s, "local:", 6)) {
        a->kind = A_LOCAL;
        if (num(s + 6, &v) || !v) return wq_cli_error(r->verb, "--arg %s: local:BYTES wants a byte count", s);
        a->count = v;
        return 0;
    }
    if (!strncmp(s, "view:", 5)) {
        unsigned long par, off, cnt;
        char nul[1] = "", *e1, *e2 = nul, *e3 = nul;
        par = strtoul(s + 5, &e1, 10);
        off = *e1 == ':' ? strtoul(e1 + 1, &e2, 0) : 0;
        cnt = *e1 == ':' && *e2 == ':' ? strtoul(e2 + 1, &e3, 0) : 0;
        if (*e1 != ':' || *e2 != ':' || *e3 || par + 1 >= r->nargs || r->args[par].kind != A_BUF || !cnt ||
            off > 0xFFFFFFFFul || cnt > (1u << 24))
            return wq_cli_error(r->verb, "--arg %s: view:ARG:OFFSET:COUNT, ARG an earlier buf: argument", s);
        a->kind = A_VIEW;
        a->parent = (unsigned)par;
        a->offset = (uint32_t)off;
        a->esize = r->args[par].esize;
        a->is_signed = r->args[par].is_signed;
        a->count = cnt;
        a->data = calloc(a->count, a->esize);
        if (!a->data) return wq_cli_error(r->verb, "--arg %s: out of memory", s);
        return 0;
    }
    if (!strncmp(s, "buf:", 4)) {
        const char *t = s + 4, *c = strchr(t, ':');
        if (!c || type_of(t, (size_t)(c - t), &a->esize, &a->is_signed))
            return wq_cli_error(r->verb, "--arg %s: buf:TYPE:COUNT[=INIT], TYPE u8 i8 u16 i16 u32 i32 u64 i64", s);
        char cnt[32];
        const char *eq = strchr(c + 1, '=');
        snprintf(cnt, sizeof cnt, "%.*s", (int)(eq ? (size_t)(eq - c - 1) : strlen(c + 1)), c + 1);
        if (num(cnt, &v) || !v || v > (1u << 24)) return wq_cli_error(r->verb, "--arg %s: bad COUNT '%s'", s, cnt);
        a->kind = A_BUF;
        a->count = v;
        a->data = calloc(a->count, a->esize);
        if (!a->data) return wq_cli_error(r->verb, "--arg %s: out of memory", s);
        return eq ? fill(r, a, eq + 1) : 0;
    }
    const char *c = strchr(s, ':');
    if (!c || type_of(s, (size_t)(c - s), &a->esize, &a->is_signed) || num64(c + 1, a->esize, &a->scalar))
        return wq_cli_error(r->verb, "--arg %s: buf:TYPE:COUNT[=INIT], TYPE:VALUE or local:BYTES", s);
    a->kind = A_SCALAR;
    return 0;
}

/* v when it is a decimal number in lo..hi, else NULL */
static const char *in_range(const char *v, unsigned long lo, unsigned long hi)
{
    char *end;
    unsigned long t = strtoul(v, &end, 10);
    return *v && !*end && t >= lo && t <= hi ? v : NULL;
}

static int parse(clrun_t *r, int argc, char **argv)
{
    r->lanes = 32;
    r->yield = WQ_CC_YIELD_LOOPS;
    r->inl = WQ_CC_INLINE_AUTO;
    r->global[0] = r->global[1] = r->global[2] = 1;
    r->local[0] = r->local[1] = r->local[2] = 1;
    for (int i = 1; i < argc; i++) {
        const char *v;
        unsigned n;
        if ((v = wq_cli_optval(argc, argv, &i, "--global"))) {
            if (wq_kf_dims(v, r->global, &r->dim)) return wq_cli_error(r->verb, "bad --global '%s' (N[,N[,N]])", v);
        } else if ((v = wq_cli_optval(argc, argv, &i, "--local"))) {
            if (wq_kf_dims(v, r->local, &n)) return wq_cli_error(r->verb, "bad --local '%s' (N[,N[,N]])", v);
            r->have_local = 1;
        } else if ((v = wq_cli_optval(argc, argv, &i, "--arg"))) {
            if (parse_arg(r, v)) return 2;
        } else if ((v = wq_cli_optval(argc, argv, &i, "--kernel"))) {
            r->kernel = v;
        } else if ((v = wq_cli_optval(argc, argv, &i, "--fp"))) {
            if (strcmp(v, "0") && strcmp(v, "1")) return wq_cli_error(r->verb, "bad --fp '%s' (0 or 1)", v);
            r->fp = v[0] == '1';
        } else if ((v = wq_cli_optval(argc, argv, &i, "--lanes"))) {
            if (strcmp(v, "8") && strcmp(v, "16") && strcmp(v, "32"))
                return wq_cli_error(r->verb, "bad --lanes '%s' (8, 16 or 32)", v);
            r->lanes = (unsigned)atoi(v);
        } else if (!strncmp(argv[i], "--yield=", 8)) {
            v = argv[i] + 8;
            if (!strcmp(v, "loops")) r->yield = WQ_CC_YIELD_LOOPS;
            else if (!strcmp(v, "spin")) r->yield = WQ_CC_YIELD_SPIN;
            else if (!strcmp(v, "off")) r->yield = WQ_CC_YIELD_OFF;
            else return wq_cli_error(r->verb, "bad --yield '%s' (loops, spin or off)", v);
            r->yield_opt = v;
        } else if (!strncmp(argv[i], "--inline=", 9)) {
            v = argv[i] + 9;
            if (!strcmp(v, "auto")) r->inl = WQ_CC_INLINE_AUTO;
            else if (!strcmp(v, "always")) r->inl = WQ_CC_INLINE_ALWAYS;
            else if (!strcmp(v, "never")) r->inl = WQ_CC_INLINE_NEVER;
            else return wq_cli_error(r->verb, "bad --inline '%s' (auto, always or never)", v);
            r->inl_opt = v;
        } else if (!strcmp(argv[i], "--alias=on") || !strcmp(argv[i], "--alias=off")) {
            r->alias_off = argv[i][9] == 'f';
            r->alias_set = 1;
        } else if (!strncmp(argv[i], "--subv=", 7)) {
            v = argv[i] + 7;
            if (strcmp(v, "auto") && strcmp(v, "off") && strcmp(v, "always"))
                return wq_cli_error(r->verb, "bad --subv '%s' (auto, off or always)", v);
            r->subv_opt = v;
        } else if (!strncmp(argv[i], "--subv-threshold=", 17)) {
            if (!(r->subv_t_opt = in_range(argv[i] + 17, 1, 31)))
                return wq_cli_error(r->verb, "bad --subv-threshold '%s' (1..31)", argv[i] + 17);
        } else if (!strncmp(argv[i], "--regs=", 7)) {
            if (!(r->regs_opt = in_range(argv[i] + 7, 8, 32)))
                return wq_cli_error(r->verb, "bad --regs '%s' (8..32)", argv[i] + 7);
        } else if (!strcmp(argv[i], "--dec")) {
            r->dec = 1;
        } else if (!strncmp(argv[i], "-D", 2) || !strncmp(argv[i], "-I", 2)) {
            int is_d = argv[i][1] == 'D';
            v = argv[i][2] ? argv[i] + 2 : (i + 1 < argc ? argv[++i] : NULL);
            if (!v) return wq_cli_error(r->verb, "%s needs a value", argv[i]);
            if (is_d ? r->nd == 64 : r->ni == 63) return wq_cli_error(r->verb, "too many -D/-I");
            if (is_d) r->defs[r->nd++] = v;
            else r->incs[r->ni++] = v;
        } else if (argv[i][0] == '-') {
            return wq_cli_error(r->verb, "unknown option or missing value '%s'", argv[i]);
        } else if (!r->file) {
            r->file = argv[i];
        } else {
            return wq_cli_error(r->verb, "one input file only ('%s' and '%s')", r->file, argv[i]);
        }
    }
    if (!r->file) return wq_cli_error(r->verb, "no input file");
    return 0;
}

/* one build option of the file's `//@ options` / `wq_options` lines, unless
 * the command line set the same: 0, or 2 for one `wq run` does not know */
static int file_opt(clrun_t *r, char *o)
{
    if (!strncmp(o, "-D", 2) && o[2]) {
        if (r->nd == 64) return wq_cli_error(r->verb, "%s: too many -D", r->file);
        r->defs[r->nd++] = o + 2;
    } else if (!strncmp(o, "-I", 2) && o[2]) {
        if (r->ni == 63) return wq_cli_error(r->verb, "%s: too many -I", r->file);
        r->incs[r->ni++] = o + 2;
    } else if (!strncmp(o, "-wq-yield=", 10)) {
        const char *v = o + 10;
        int y = !strcmp(v, "loops") ? WQ_CC_YIELD_LOOPS : !strcmp(v, "spin") ? WQ_CC_YIELD_SPIN
              : !strcmp(v, "off") ? WQ_CC_YIELD_OFF : -1;
        if (y < 0) return wq_cli_error(r->verb, "%s: //@ option %s", r->file, o);
        if (!r->yield_opt) { r->yield = y; r->yield_opt = v; }
    } else if (!strncmp(o, "-wq-inline=", 11)) {
        const char *v = o + 11;
        int n = !strcmp(v, "auto") ? WQ_CC_INLINE_AUTO : !strcmp(v, "always") ? WQ_CC_INLINE_ALWAYS
              : !strcmp(v, "never") ? WQ_CC_INLINE_NEVER : -1;
        if (n < 0) return wq_cli_error(r->verb, "%s: //@ option %s", r->file, o);
        if (!r->inl_opt) { r->inl = n; r->inl_opt = v; }
    } else if (!strncmp(o, "-wq-regs=", 9) && in_range(o + 9, 8, 32)) {
        if (!r->regs_opt) r->regs_opt = o + 9;
    } else if (!strncmp(o, "-wq-subv=", 9) && (!strcmp(o + 9, "auto") || !strcmp(o + 9, "off") ||
                                                !strcmp(o + 9, "always"))) {
        if (!r->subv_opt) r->subv_opt = o + 9;
    } else if (!strncmp(o, "-wq-subv-threshold=", 19) && in_range(o + 19, 1, 31)) {
        if (!r->subv_t_opt) r->subv_t_opt = o + 19;
    } else if (!strcmp(o, "-wq-alias=off") || !strcmp(o, "-wq-alias=on")) {
        if (!r->alias_set) r->alias_off = o[10] == 'f';
    } else {
        return wq_cli_error(r->verb, "%s: //@ option '%s' is not one wq run knows", r->file, o);
    }
    return 0;
}

/* the launch from the file's `//@` lines when the command line gives
 * neither --global nor --arg: 0, or 2 */
static int from_file(clrun_t *r)
{
    static wq_kfile_t kf;
    static char opts[sizeof kf.options + sizeof kf.wq_options + 2];
    if (r->dim || r->nargs) {
        if (!r->dim) return wq_cli_error(r->verb, "%s: --global N[,N,N] is required", r->file);
        return 0;
    }
    char *src = wq_cli_slurp(r->file), err[256];
    if (!src) return wq_cli_error(r->verb, "%s: cannot read: %s", r->file, strerror(errno));
    int bad = wq_kfile_parse(&kf, src, err, sizeof err);
    free(src);
    if (bad) return wq_cli_error(r->verb, "%s: //@ %s", r->file, err);
    if (!kf.has_global) {
        wq_kfile_free(&kf);
        return wq_cli_error(r->verb, "%s: --global N[,N,N] is required (the file has no //@ global line)", r->file);
    }
    r->kf = &kf;
    r->dim = kf.work_dim;
    memcpy(r->global, kf.global, sizeof r->global);
    if (!r->have_local && kf.have_local) {
        memcpy(r->local, kf.local, sizeof r->local);
        r->have_local = 1;
    }
    if (!r->kernel && kf.kernel[0]) r->kernel = kf.kernel;
    r->repeat = kf.repeat;
    r->repeat_arg = kf.repeat_arg;
    if (kf.fp) r->fp = 1;
    snprintf(opts, sizeof opts, "%s %s", kf.options, kf.wq_options);
    for (char *save = NULL, *o = strtok_r(opts, " \t", &save); o; o = strtok_r(NULL, " \t", &save))
        if (file_opt(r, o)) return 2;
    for (int i = 0; i < kf.nargs; i++) {
        const wq_kf_arg_t *k = &kf.args[i];
        cl_arg_t *a = &r->args[r->nargs++];
        a->kind = k->kind == WQ_KF_BUF ? A_BUF : k->kind == WQ_KF_LOCAL ? A_LOCAL : A_SCALAR;
        a->esize = (unsigned)k->esize;
        a->is_signed = k->is_signed;
        a->count = k->count;
        a->scalar = k->scalar;
        a->spec = "(//@ line)";
        if (a->kind == A_BUF) {
            if (!(a->data = malloc(a->count * a->esize))) return wq_cli_error(r->verb, "out of memory");
            memcpy(a->data, k->data, a->count * a->esize);
        }
    }
    return 0;
}

static void CL_CALLBACK on_notify(const char *msg, const void *info, size_t n, void *user)
{
    (void)info; (void)n;
    clrun_t *r = user;
    if (!r->why[0]) snprintf(r->why, sizeof r->why, "%s", msg);
}

/* the build options that give the runtime's compiler what `wq cc` got */
static char *build_options(const clrun_t *r)
{
    size_t cap = 256 + strlen(r->file);
    for (unsigned i = 0; i < r->nd; i++) cap += strlen(r->defs[i]) + 4;
    for (unsigned i = 0; i < r->ni; i++) cap += strlen(r->incs[i]) + 4;
    char *o = malloc(cap);
    if (!o) return NULL;
    size_t n = (size_t)snprintf(o, cap, "-wq-yield=%s", r->yield == WQ_CC_YIELD_OFF ? "off"
                                : r->yield == WQ_CC_YIELD_SPIN ? "spin" : "loops");
    if (r->inl_opt) n += (size_t)snprintf(o + n, cap - n, " -wq-inline=%s", r->inl_opt);
    if (r->alias_off) n += (size_t)snprintf(o + n, cap - n, " -wq-alias=off");
    if (r->subv_opt) n += (size_t)snprintf(o + n, cap - n, " -wq-subv=%s", r->subv_opt);
    if (r->subv_t_opt) n += (size_t)snprintf(o + n, cap - n, " -wq-subv-threshold=%s", r->subv_t_opt);
    if (r->regs_opt) n += (size_t)snprintf(o + n, cap - n, " -wq-regs=%s", r->regs_opt);
    for (unsigned i = 0; i < r->nd; i++) n += (size_t)snprintf(o + n, cap - n, " -D%s", r->defs[i]);
    for (unsigned i = 0; i < r->ni; i++) n += (size_t)snprintf(o + n, cap - n, " -I%s", r->incs[i]);
    /* the runtime compiles "<source>": `#include "x.h"` beside the file
     * needs the file's directory, which `wq cc` searches first */
    const char *slash = strrchr(r->file, '/');
    if (slash) snprintf(o + n, cap - n, " -I%.*s", slash == r->file ? 1 : (int)(slash - r->file), r->file);
    return o;
}

static void dump(const clrun_t *r, unsigned i, const cl_arg_t *a)
{
    static const char *const names[2][9] = { { "", "u8", "u16", "", "u32", "", "", "", "u64" },
                                             { "", "i8", "i16", "", "i32", "", "", "", "i64" } };
    printf("arg %u: %s[%zu]", i, names[a->is_signed][a->esize], a->count);
    unsigned per = a->esize == 8 ? 4 : r->dec || a->esize == 4 ? 8 : 16;
    for (size_t j = 0; j < a->count; j++) {
        uint64_t v = 0;
        memcpy(&v, a->data + j * a->esize, a->esize);
        if (j % per == 0) printf("\n  %6zu:", j);
        if (!r->dec) printf(" %0*" PRIx64, (int)a->esize * 2, v);
        else if (a->is_signed) {
            int64_t s = a->esize == 1 ? (int8_t)v : a->esize == 2 ? (int16_t)v : a->esize == 4 ? (int32_t)v : (int64_t)v;
            printf(" %*" PRId64, a->esize == 8 ? 20 : 11, s);
        } else printf(" %*" PRIu64, a->esize == 8 ? 20 : 10, v);
    }
    printf("\n");
}

/* the launch through the runtime; returns the exit code */
static int launch(clrun_t *r, const wq_cc_result_t *cr, const char *backend)
{
    /* the runtime reads its backend from the environment on first use */
    char lanes[8];
    snprintf(lanes, sizeof lanes, "%u", r->lanes);
    setenv("WQ_BACKEND", backend, 1);
    setenv("WQ_LANES", lanes, 1);
    setenv("WQ_FP", r->fp ? "1" : "0", 1);
    const wq_cc_kernel_t *kk = NULL;
    for (unsigned i = 0; i < cr->nkernels; i++)
        if (!r->kernel || !strcmp(cr->kernels[i].name, r->kernel)) { kk = &cr->kernels[i]; break; }
    if (!kk) {
        fprintf(stderr, "%s: no kernel %s%s\n", r->file, r->kernel ? "named " : "", r->kernel ? r->kernel : "");
        return 2;
    }
    if (kk->nargs != r->nargs) {
        fprintf(stderr, "%s: kernel %s takes %u argument%s, %u given (--arg)\n", r->file, kk->name,
                kk->nargs, kk->nargs == 1 ? "" : "s", r->nargs);
        return 2;
    }
    for (unsigned i = 0; i < r->nargs; i++) {
        int want = kk->args[i].kind == WQ_CC_ARG_LOCAL ? A_LOCAL : kk->args[i].kind == WQ_CC_ARG_SCALAR ? A_SCALAR : A_BUF;
        int have = r->args[i].kind == A_VIEW ? A_BUF : (int)r->args[i].kind;
        if (have != want || (want == A_SCALAR && r->args[i].esize != kk->args[i].size)) {
            fprintf(stderr, "%s: argument %u (%s %s) does not take --arg %s\n", r->file, i,
                    kk->args[i].type_name, kk->args[i].name, r->args[i].spec);
            return 2;
        }
    }
    char *src = wq_cli_slurp(r->file);
    char *opts = build_options(r);
    int rc = 1;
    cl_platform_id plat;
    cl_device_id dev;
    cl_context ctx = NULL;
    cl_command_queue q = NULL;
    cl_program p = NULL;
    cl_kernel k = NULL;
    cl_mem mems[MAX_ARGS] = { NULL };
    cl_int e = CL_OUT_OF_HOST_MEMORY;
    const char *step = "setup";
    if (!src || !opts) goto out;
    step = "the device";
    if ((e = wq_cl_GetPlatformIDs(1, &plat, NULL)) ||
        (e = wq_cl_GetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)))
        goto out;
    ctx = wq_cl_CreateContext(NULL, 1, &dev, on_notify, r, &e);
    if (e) goto out;
    q = wq_cl_CreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
    if (e) goto out;
    step = "the build";
    const char *s = src;
    p = wq_cl_CreateProgramWithSource(ctx, 1, &s, NULL, &e);
    if (e || (e = wq_cl_BuildProgram(p, 1, &dev, opts, NULL, NULL))) goto out;
    k = wq_cl_CreateKernel(p, kk->name, &e);
    if (e) goto out;
    step = "the arguments";
    for (unsigned i = 0; i < r->nargs; i++) {
        cl_arg_t *a = &r->args[i];
        if (a->kind == A_BUF) {
            mems[i] = wq_cl_CreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, a->count * a->esize, a->data, &e);
            if (e || (e = wq_cl_SetKernelArg(k, i, sizeof mems[i], &mems[i]))) goto out;
        } else if (a->kind == A_VIEW) {
            cl_buffer_region reg = { a->offset, a->count * a->esize };
            mems[i] = wq_cl_CreateSubBuffer(mems[a->parent], CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &reg, &e);
            if (e || (e = wq_cl_SetKernelArg(k, i, sizeof mems[i], &mems[i]))) goto out;
        } else if (a->kind == A_LOCAL) {
            if ((e = wq_cl_SetKernelArg(k, i, a->count, NULL))) goto out;
        } else if ((e = wq_cl_SetKernelArg(k, i, a->esize, &a->scalar))) {
            goto out;
        }
    }
    step = "the launch";
    cl_event ev = NULL;
    cl_int st = CL_COMPLETE;
    for (int pass = 0; pass < r->repeat && st == CL_COMPLETE; pass++) {   /* //@ repeat */
        if (pass) wq_cl_ReleaseEvent(ev);
        ev = NULL;
        if (r->repeat_arg >= 0 &&
            (e = wq_cl_SetKernelArg(k, (cl_uint)r->repeat_arg, r->args[r->repeat_arg].esize, &pass)))
            goto out;
        e = wq_cl_EnqueueNDRangeKernel(q, k, r->dim, NULL, r->global, r->have_local ? r->local : NULL, 0, NULL, &ev);
        if (e) goto out;
        wq_cl_Finish(q);
        wq_cl_GetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL);
    }
    cl_ulong t0 = 0, t1 = 0;
    int timed = st == CL_COMPLETE &&
                !wq_cl_GetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL) &&
                !wq_cl_GetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL) && t1 >= t0;
    wq_cl_ReleaseEvent(ev);
    size_t lsz[3] = { 0, 0, 0 };
    wq_cl_GetKernelWorkGroupInfo(k, dev, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof lsz, lsz, NULL);
    printf("kernel: %s  global %zux%zux%zu", kk->name, r->global[0], r->global[1], r->global[2]);
    if (r->have_local) printf("  local %zux%zux%zu", r->local[0], r->local[1], r->local[2]);
    printf("  on %s, %u lanes, yield %s\n", !strcmp(backend, "rtl") ? "the RTL in lockstep with the model" : "the model",
           r->lanes, r->yield_opt ? r->yield_opt : "loops");
    struct wq_ctx *mc = wq_cl_device_model(dev);
    if (mc) printf("warp instructions: %" PRIu64 "  ticks: %" PRIu64 "\n", mc->st.warp_instrs, mc->st.ticks);
    /* the device clock from the launch's start to its end (the RTL's cycles) */
    if (timed && !mc) printf("launch cycles: %" PRIu64 "\n", (uint64_t)(t1 - t0));
    if (st != CL_COMPLETE) {
        printf("result: FAILED: %s\n", r->why[0] ? r->why : "the kernel did not complete");
        step = NULL;
        goto out;
    }
    printf("result: completed\n");
    for (unsigned i = 0; i < r->nargs; i++) {
        cl_arg_t *a = &r->args[i];
        if (a->kind != A_BUF && a->kind != A_VIEW) continue;
        if ((e = wq_cl_EnqueueReadBuffer(q, mems[i], CL_TRUE, 0, a->count * a->esize, a->data, 0, NULL, NULL))) goto out;
        dump(r, i, a);
    }
    rc = 0;
    if (r->kf) {                    /* the file's expects and checks */
        for (unsigned i = 0; i < r->nargs; i++)
            if (r->args[i].kind == A_BUF) memcpy(r->kf->args[i].data, r->args[i].data, r->args[i].count * r->args[i].esize);
        rc = wq_kfile_verdict(r->kf, stdout);
    }
    step = NULL;
out:
    if (step) {
        printf("result: FAILED: %s: OpenCL error %d%s%s\n", step, (int)e, r->why[0] ? ": " : "", r->why);
        if (p && !strcmp(step, "the build")) {
            static char log[4096];
            if (!wq_cl_GetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL)) fputs(log, stdout);
        }
    }
    for (unsigned i = r->nargs; i-- > 0;) if (mems[i]) wq_cl_ReleaseMemObject(mems[i]);   /* views first */
    if (k) wq_cl_ReleaseKernel(k);
    if (p) wq_cl_ReleaseProgram(p);
    if (q) wq_cl_ReleaseCommandQueue(q);
    if (ctx) wq_cl_ReleaseContext(ctx);
    free(src);
    free(opts);
    return rc;
}

int wq_cli_run_cl(const char *verb, int argc, char **argv)
{
    static clrun_t r;               /* large; one per process */
    memset(&r, 0, sizeof r);
    r.verb = verb;
    r.repeat = 1;
    r.repeat_arg = -1;
    int rc = parse(&r, argc, argv);
    if (!rc) rc = from_file(&r);
    if (!rc) {
        /* the compiler's diagnostics name the file (file:line:col) */
        const char *incs[65];
        unsigned ni = 0;
        for (unsigned i = 0; i < r.ni; i++) incs[ni++] = r.incs[i];
        wq_cc_result_t cr;
        int subv = !r.subv_opt || !strcmp(r.subv_opt, "auto") ? WQ_CC_SUBV_AUTO
                   : !strcmp(r.subv_opt, "off") ? WQ_CC_SUBV_OFF : WQ_CC_SUBV_ALWAYS;
        rc = wq_cli_cc_compile(verb, r.file, r.defs, r.nd, incs, ni, r.yield, r.inl,
                               r.regs_opt ? (unsigned)atoi(r.regs_opt) : 0, subv,
                               r.subv_t_opt ? (unsigned)atoi(r.subv_t_opt) : 0, r.fp, &cr);
        if (!rc) {
            const char *backend = "model";
            char lib[4200];
            if (!strcmp(verb, "cosim")) {
                backend = "rtl";
                if (!getenv("WQ_RTL_LIB") && wq_cli_rtl_lib(r.lanes, r.fp, lib, sizeof lib) == 0) setenv("WQ_RTL_LIB", lib, 1);
            }
            rc = launch(&r, &cr, backend);
        }
        wq_cc_result_free(&cr);
    }
    for (unsigned i = 0; i < r.nargs; i++) free(r.args[i].data);
    if (r.kf) wq_kfile_free(r.kf);
    return rc;
}
