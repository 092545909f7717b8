/* cli_cc.c -- `wq cc`: OpenCL C to warpq assembly (docs/compiler.md).
 * Exit 0 compiled; 2 a usage error or a kernel the compiler refuses (its
 * file:line:col diagnostics on stderr); 1 an output it could not write. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "wq/asm.h"
#include "wq/cc.h"

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 65536, n = 0;
    char *b = malloc(cap);
    while (b) {
        n += fread(b + n, 1, cap - n, f);
        if (n < cap) break;
        char *nb = cap < (256u << 20) ? realloc(b, cap * 2) : NULL;
        if (!nb) { free(b); b = NULL; break; }
        b = nb;
        cap *= 2;
    }
    fclose(f);
    if (b) *len = n;
    return b;
}

static int compile_opts(const char *verb, const char *in, const wq_cc_opts_t *o, wq_cc_result_t *res)
{
    size_t len = 0;
    char *src = slurp(in, &len);
    if (!src) {
        memset(res, 0, sizeof *res);
        fprintf(stderr, "%s: cannot read: %s\n", in, strerror(errno));
        return 2;
    }
    int rc = wq_cc_compile(o, in, src, len, res);
    free(src);
    if (res->log && res->log[0]) fputs(res->log, stderr);
    if (rc == WQ_CC_NOMEM) fprintf(stderr, "wq %s: out of memory\n", verb);
    return rc == WQ_CC_OK ? 0 : 2;
}

int wq_cli_cc_compile(const char *verb, const char *in, const char **defs, unsigned ndefs,
                      const char **incs, unsigned nincs, int yield, int inl, unsigned regs,
                      int subv, unsigned subv_threshold, int fp, wq_cc_result_t *res)
{
    wq_cc_opts_t o = { .defines = defs, .ndefines = ndefs, .incdirs = incs, .nincdirs = nincs,
                       .yield = (wq_cc_yield_t)yield, .inline_mode = (wq_cc_inline_t)inl,
                       .max_regs = regs, .subv = (wq_cc_subv_t)subv, .subv_threshold = subv_threshold,
                       .fp = fp };
    return compile_opts(verb, in, &o, res);
}

/* --region=ARG:START:LEN: the bytes pointer argument ARG reaches */
typedef struct { unsigned arg; uint64_t start, len; } region_t;

static int parse_region(const char *s, region_t *r)
{
    char *end;
    unsigned long long v[3];
    for (int i = 0; i < 3; i++) {
        if (!*s) return -1;
        v[i] = strtoull(s, &end, 0);
        if (end == s || *end != (i < 2 ? ':' : 0)) return -1;
        s = end + (i < 2);
    }
    if (v[0] > 255 || v[2] == 0 || v[1] + v[2] < v[1]) return -1;
    r->arg = (unsigned)v[0];
    r->start = v[1];
    r->len = v[2];
    return 0;
}

int wq_cli_cc(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *emit = "wqs";
    const char *defs[256], *incs[64];
    unsigned nd = 0, ni = 0, regs = 0, subv_t = 0, lanes = 0;
    int fp = 0;
    wq_cc_subv_t subv = WQ_CC_SUBV_AUTO;
    wq_cc_yield_t yield = WQ_CC_YIELD_LOOPS;
    wq_cc_inline_t inl = WQ_CC_INLINE_AUTO;
    int explain = 0;
    const char *ir_after = NULL;
    region_t reg[16];
    unsigned nreg = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-o") && i + 1 < argc) out = argv[++i];
        else if (!strncmp(a, "-D", 2)) {
            const char *d = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : NULL);
            if (!d || !d[0]) return wq_cli_error("cc", "-D needs NAME or NAME=VALUE");
            if (nd == 256) return wq_cli_error("cc", "too many -D options");
            defs[nd++] = d;
        } else if (!strncmp(a, "-I", 2)) {
            const char *d = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : NULL);
            if (!d || !d[0]) return wq_cli_error("cc", "-I needs a directory");
            if (ni == 64) return wq_cli_error("cc", "too many -I options");
            incs[ni++] = d;
        } else if (!strncmp(a, "--yield=", 8)) {
            const char *y = a + 8;
            if (!strcmp(y, "loops")) yield = WQ_CC_YIELD_LOOPS;
            else if (!strcmp(y, "spin")) yield = WQ_CC_YIELD_SPIN;
            else if (!strcmp(y, "off")) yield = WQ_CC_YIELD_OFF;
            else return wq_cli_error("cc", "--yield must be loops, spin or off (not '%s')", y);
        } else if (!strncmp(a, "--inline=", 9)) {
            const char *y = a + 9;
            if (!strcmp(y, "auto")) inl = WQ_CC_INLINE_AUTO;
            else if (!strcmp(y, "always")) inl = WQ_CC_INLINE_ALWAYS;
            else if (!strcmp(y, "never")) inl = WQ_CC_INLINE_NEVER;
            else return wq_cli_error("cc", "--inline must be auto, always or never (not '%s')", y);
        } else if (!strncmp(a, "--emit=", 7)) {
            emit = a + 7;
            if (strcmp(emit, "wqs") && strcmp(emit, "hex") && strcmp(emit, "ir"))
                return wq_cli_error("cc", "--emit must be wqs, hex or ir (not '%s')", emit);
        } else if (!strncmp(a, "--regs=", 7)) {
            char *end;
            unsigned long v = strtoul(a + 7, &end, 10);
            if (*end || v < 8 || v > 32) return wq_cli_error("cc", "--regs must be 8..32");
            regs = (unsigned)v;
        } else if (!strncmp(a, "--ir-after=", 11)) {
            ir_after = a + 11;      /* checked by the compiler: its pass table */
            emit = "ir";
        } else if (!strcmp(a, "--explain")) {
            explain = 1;
        } else if (!strncmp(a, "--region=", 9)) {
            if (nreg == 16) return wq_cli_error("cc", "too many --region options");
            if (parse_region(a + 9, &reg[nreg]))
                return wq_cli_error("cc", "--region must be ARG:START:LEN (not '%s')", a + 9);
            for (unsigned j = 0; j < nreg; j++)
                if (reg[j].arg == reg[nreg].arg) return wq_cli_error("cc", "argument %u has two regions", reg[j].arg);
            nreg++;
        } else if (!strncmp(a, "--subv=", 7)) {
            const char *y = a + 7;
            if (!strcmp(y, "auto")) subv = WQ_CC_SUBV_AUTO;
            else if (!strcmp(y, "off")) subv = WQ_CC_SUBV_OFF;
            else if (!strcmp(y, "always")) subv = WQ_CC_SUBV_ALWAYS;
            else return wq_cli_error("cc", "--subv must be auto, off or always (not '%s')", y);
        } else if (!strcmp(a, "--fp=0") || !strcmp(a, "--fp=1")) {
            fp = a[5] == '1';         /* the target has an FPU (wq run --fp) */
        } else if (!strncmp(a, "--fp=", 5)) {
            return wq_cli_error("cc", "--fp must be 0 or 1 (not '%s')", a + 5);
        } else if (!strncmp(a, "--lanes=", 8)) {
            const char *y = a + 8;
            if (strcmp(y, "8") && strcmp(y, "16") && strcmp(y, "32"))
                return wq_cli_error("cc", "--lanes must be 8, 16 or 32 (not '%s')", y);
            lanes = (unsigned)atoi(y);
        } else if (!strncmp(a, "--subv-threshold=", 17)) {
            char *end;
            unsigned long v = strtoul(a + 17, &end, 10);
            if (*end || v < 1 || v > 31) return wq_cli_error("cc", "--subv-threshold must be 1..31");
            subv_t = (unsigned)v;
        } else if (a[0] == '-' && a[1]) {
            return wq_cli_error("cc", "unknown option '%s'", a);
        } else if (in) {
            return wq_cli_error("cc", "one input file only ('%s' and '%s')", in, a);
        } else {
            in = a;
        }
    }
    if (!in) return wq_cli_error("cc", "no input file");
    /* the relation of every pair of regions given: the runtime's metadata */
    wq_cc_rel_t rels[16 * 15 / 2];
    unsigned nrels = 0;
    for (unsigned i = 0; i < nreg; i++)
        for (unsigned j = i + 1; j < nreg; j++) {
            const region_t *x = reg[i].arg < reg[j].arg ? &reg[i] : &reg[j];
            const region_t *y = x == &reg[i] ? &reg[j] : &reg[i];
            wq_cc_rel_classify(x->arg, x->start, x->len, y->arg, y->start, y->len, &rels[nrels++]);
        }
    wq_cc_opts_t o = { .defines = defs, .ndefines = nd, .incdirs = incs, .nincdirs = ni,
                       .yield = yield, .inline_mode = inl, .max_regs = regs,
                       .subv = subv, .subv_threshold = subv_t, .lanes = lanes, .fp = fp,
                       .alias = explain || nreg, .rels = rels, .nrels = nrels, .ir_after = ir_after };
    wq_cc_result_t r;
    int rc = compile_opts("cc", in, &o, &r);
    if (rc) { wq_cc_result_free(&r); return rc; }
    if (explain && r.explain) fputs(r.explain, stderr);
    if (out && !strcmp(out, "-")) out = NULL;   /* -o -: standard output */
    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        fprintf(stderr, "%s: cannot create: %s\n", out, strerror(errno));
        wq_cc_result_free(&r);
        return 1;
    }
    if (!strcmp(emit, "wqs")) {
        fputs(r.wqs, f);
    } else if (!strcmp(emit, "ir")) {
        fputs(r.ir, f);
    } else {
        wq_program_t p;
        char err[600];
        if (wq_asm(r.wqs, strlen(r.wqs), in, &p, err, sizeof err)) {
            fprintf(stderr, "wq cc: internal error: the assembler refused the output: %s\n", err);
            rc = 1;
        } else {
            for (uint32_t i = 0; i < p.ninsn; i++) {
                uint64_t w = 0;
                for (int k = 7; k >= 0; k--) w = (w << 8) | p.segs[0].bytes[8u * i + (unsigned)k];
                fprintf(f, "%016llx\n", (unsigned long long)w);
            }
            wq_program_free(&p);
        }
    }
    if (f != stdout && fclose(f)) { fprintf(stderr, "%s: write error\n", out); rc = 1; }
    wq_cc_result_free(&r);
    return rc;
}
