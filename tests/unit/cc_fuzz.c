/* cc_fuzz.c -- feeds the OpenCL C compiler hostile input (cc_fuzz.h) and
 * checks the answer: compiled (with assembly), or refused with exactly
 * the diagnostic docs/compiler.md promises -- `fuzz.cl:LINE:COL: error:`,
 * the source line, a caret line -- and within a bound of CPU time.  Includes are
 * answered by a reader that finds nothing, so `#include` of any file is a
 * missing file and the fuzz never touches the file system beyond reading
 * its corpus (the .cl files of tests/kernels, relative to the repository root). */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cc_fuzz.h"
#include "wq/cc.h"
#include "wq/gen.h"

#define MAXIN  (1u << 18)
#define NCORP  48

typedef struct fz {
    uint64_t s;
    char *corp[NCORP];
    size_t clen[NCORP];
    int nc;
    char *buf;
    size_t n;
} fz_t;

static uint64_t rnd(fz_t *f)
{
    f->s ^= f->s << 13; f->s ^= f->s >> 7; f->s ^= f->s << 17;
    return f->s;
}
static size_t below(fz_t *f, size_t n) { return n ? (size_t)(rnd(f) % n) : 0; }

static const char *const toks[] = {
    "(", ")", "{", "}", "[", "]", ";", ",", "if", "else", "while", "for", "do", "return",
    "break", "continue", "switch", "case 3:", "default:", "goto", "int", "uint", "char",
    "uchar", "short", "ushort", "long", "bool", "size_t", "void", "const", "volatile",
    "__global", "__local", "__constant", "__private", "__kernel", "kernel", "static",
    "inline", "__attribute__((noinline))", "struct", "union", "enum", "typedef", "sizeof",
    "*", "&", "&&", "||", "!", "~", "?", ":", "=", "+=", "<<=", ">>", "<<", "->", ".",
    "++", "--", "%", "/", "^", "|", "0", "1", "0x7fffffff", "4294967295u", "'a'", "\"s\"",
    "get_global_id(0)", "get_local_id", "barrier(CLK_LOCAL_MEM_FENCE)", "atomic_add",
    "atomic_cmpxchg", "yield()", "min", "clz", "rotate", "mad_sat", "upsample", "ulong", "convert_uchar_sat", "as_int",
    "0x8000000000000000UL", "[]", "[] = {", "x", "y", "p", "k", "\n",
    "\n#define X 1\n", "\n#if 1\n", "\n#endif\n", "\n#else\n", "#", "##", "\\\n", "/*", "*/",
    "//", "float", "1.5", "printf", "...", "__VA_ARGS__", "defined", "L:", "goto L;", "M: ;",
    /* floating point (docs/compiler.md "Floating point") */
    "0x1.8p-3f", "1e39f", "2.5e-46f", ".5", "1.e+", "0x1p", "double", "half", "sqrt(", "fmin", "fabs",
    "isnan", "copysign", "convert_float_rtz(", "convert_int_sat_rte(", "as_float(", "(float)",
    "fma(", "mad(", "isless(", "clamp(", "\n#pragma OPENCL FP_CONTRACT OFF\n", "FLT_MAX", "INFINITY", "NAN",
    "M_PI_F", "float4", "(float2)(", "convert_float4(", "convert_long_sat_rtp(", "convert_float_rtn(", "* 2.0f +",
    /* the math library (docs/mathlib.md): calls resolved to its functions */
    "sin(", "pow(", "pown(", "frexp(", "modf(", "clamp(", "native_exp", "half_recip(", "ldexp",
    "sincos(", "remquo(", "lgamma_r(", "mix(", "step(", "rootn(", "tgamma(", "ilogb(",
    /* vectors (docs/compiler.md "Vector types") */
    "int4", "uchar16", "long3", "(int4)(", "(short2)(1, 2)", ".xyzw", ".s0", ".sF3", ".lo", ".odd",
    ".xs", "vload4(0, p)", "vstore2(", "shuffle2(", "convert_int4_sat(", "as_uint2(", "any(", "select(",
};
#define NTOK (sizeof toks / sizeof toks[0])

static void put(fz_t *f, const char *s, size_t k)
{
    if (f->n + k >= MAXIN) k = MAXIN - 1 - f->n;
    memcpy(f->buf + f->n, s, k);
    f->n += k;
}
static void puts_(fz_t *f, const char *s) { put(f, s, strlen(s)); }

/* insert s at position at of the current input */
static void insert(fz_t *f, size_t at, const char *s, size_t k)
{
    if (f->n + k >= MAXIN) return;
    memmove(f->buf + at + k, f->buf + at, f->n - at);
    memcpy(f->buf + at, s, k);
    f->n += k;
}

/* one structural mutation of the current input, at a token-ish boundary */
static void mutate(fz_t *f)
{
    size_t at = below(f, f->n + 1);
    while (at < f->n && at > 0 && f->buf[at - 1] != ' ' && f->buf[at - 1] != '\n' &&
           f->buf[at - 1] != '(' && f->buf[at - 1] != ';') at--;
    size_t span = 1 + below(f, 24);
    if (at + span > f->n) span = f->n - at;
    char tmp[4096];
    switch (below(f, 12)) {
    case 0: memmove(f->buf + at, f->buf + at + span, f->n - at - span); f->n -= span; break; /* delete */
    case 1: memcpy(tmp, f->buf + at, span); insert(f, below(f, f->n + 1), tmp, span); break;  /* duplicate */
    case 2: {                                                               /* swap two spans */
        size_t b = below(f, f->n + 1);
        if (b + span > f->n || (b < at + span && at < b + span)) break;
        memcpy(tmp, f->buf + at, span);
        memmove(f->buf + at, f->buf + b, span);
        memcpy(f->buf + b, tmp, span);
        break;
    }
    case 3: f->n = at; break;                                               /* truncate */
    case 4: {                                                               /* huge literal */
        static const char *const lit[] = {
            "99999999999999999999999999999999", "0x1ffffffffffffffffffff", "4294967296",
            "0777777777777777777777", "18446744073709551616ull", "1e999", "0b101", "08",
            "'\\777'", "'ab'", "2147483648",
        };
        const char *l = lit[below(f, sizeof lit / sizeof lit[0])];
        insert(f, at, l, strlen(l));
        break;
    }
    case 5: {                                                               /* deep nesting */
        static const char *const open[] = { "(", "{", "[", "-", "!", "if (1) " };
        const char *o = open[below(f, 6)];
        size_t lo = strlen(o), depth = 1 + below(f, 20000), k = 0;
        char *nest = malloc(depth * lo + 1);
        if (!nest) break;
        for (; k < depth; k++) memcpy(nest + k * lo, o, lo);
        insert(f, at, nest, depth * lo);
        free(nest);
        break;
    }
    case 6: {                                                               /* long identifier */
        size_t len = 1 + below(f, 3000);
        for (size_t i = 0; i < len && i < sizeof tmp; i++) tmp[i] = (char)('a' + i % 26);
        insert(f, at, tmp, len < sizeof tmp ? len : sizeof tmp);
        break;
    }
    case 7: insert(f, at, "/* never closed ", 16); break;
    case 8: insert(f, at, "\"never closed ", 14); break;
    case 9: {
        static const char *const inc[] = {
            "\n#include \"missing.h\"\n", "\n#include <missing.h>\n", "\n#include\n",
            "\n#include \"", "\n#include MISSING\n", "\n#include \"../../etc/passwd\"\n",
        };
        const char *s = inc[below(f, 6)];
        insert(f, at, s, strlen(s));
        break;
    }
    case 10: {
        static const char *const mac[] = {
            "\n#define A B\n#define B A\nA\n", "\n#define F(x) F(x) + F(x)\nF(1)\n",
            "\n#define G(x, ...) G(__VA_ARGS__, x)\nG(1, 2, 3)\n", "\n#define S S S\nS\n",
            "\n#define C(a, b) a ## b\nC(C, (1, 2))\n", "\n#define H(x) #x\nH(\n",
            "\n#define E(x) x x x x x x x x\n#define E2(x) E(E(E(E(x))))\nE2(E2(1))\n",
        };
        const char *s = mac[below(f, 7)];
        insert(f, at, s, strlen(s));
        break;
    }
    default: {                                                              /* a random token */
        const char *t = toks[below(f, NTOK)];
        insert(f, at, t, strlen(t));
        insert(f, at, " ", 1);
    }
    }
}

static void make_input(fz_t *f, unsigned i, uint64_t seed)
{
    f->n = 0;
    switch (i % 5) {
    case 0: {                                                               /* random bytes */
        size_t k = below(f, 600);
        int printable = (int)below(f, 2);
        for (size_t j = 0; j < k; j++) {
            char c = (char)rnd(f);
            f->buf[f->n++] = printable ? (char)(' ' + (unsigned char)c % 95) : c;
        }
        break;
    }
    case 1: {                                                               /* random tokens */
        size_t k = below(f, 200);
        if (below(f, 2)) puts_(f, "__kernel void k(__global uint *p) { ");
        for (size_t j = 0; j < k; j++) {
            puts_(f, toks[below(f, NTOK)]);
            puts_(f, " ");
        }
        break;
    }
    case 2: case 3: {                                                       /* a mutated kernel */
        int c = (int)below(f, (size_t)f->nc);
        put(f, f->corp[c], f->clen[c]);
        for (size_t m = 1 + below(f, 4); m > 0; m--) mutate(f);
        break;
    }
    default: {                                                              /* a mutated generated kernel */
        char *t = NULL, err[128];
        if (wq_gen_cl(seed * 1000003u + i, NULL, &t, err, sizeof err) == WQ_GEN_OK && t) {
            put(f, t, strlen(t));
            free(t);
        }
        for (size_t m = below(f, 3); m > 0; m--) mutate(f);
    }
    }
    f->buf[f->n] = 0;
}

static char *no_file(void *user, const char *path, size_t *len)
{
    (void)user; (void)path; (void)len;
    return NULL;
}

/* one diagnostic at *log of kind what ("error" or "warning"): its
 * `fuzz.cl:L:C: KIND: ...` line, the source line, then a caret line
 * (blanks and tabs, then ^); *log moves past it.  1, 0 when the log does
 * not start with one of that kind (why says so only when it is malformed) */
static int one_diag(const char **log, const char *what, char *why, size_t whylen)
{
    unsigned line, col;
    int end = 0;
    char fmt[48];
    snprintf(fmt, sizeof fmt, "fuzz.cl:%%u:%%u: %s: %%n", what);
    if (sscanf(*log, fmt, &line, &col, &end) != 2 || !end || !line || !col) return 0;
    const char *l2 = strchr(*log, '\n');
    const char *l3 = l2 ? strchr(l2 + 1, '\n') : NULL;
    if (!l3) { snprintf(why, whylen, "diagnostic without a source line and caret: %.200s", *log); return 0; }
    const char *c = l3 + 1 + strspn(l3 + 1, " \t");
    if (*c != '^') { snprintf(why, whylen, "diagnostic without a caret line: %.300s", *log); return 0; }
    const char *next = strchr(c, '\n');
    *log = next ? next + 1 : c + strlen(c);
    return 1;
}

/* the log of a refusal: the warnings before the error (each a located
 * diagnostic), then `fuzz.cl:L:C: error: ...` with its source line and
 * caret */
static int diag_ok(const char *log, char *why, size_t whylen)
{
    why[0] = 0;
    while (one_diag(&log, "warning", why, whylen)) {}
    if (why[0]) return 0;
    if (one_diag(&log, "error", why, whylen)) return 1;
    if (!why[0]) snprintf(why, whylen, "refusal without a fuzz.cl:LINE:COL: error: diagnostic: %.200s", log);
    return 0;
}

static void load_corpus(fz_t *f)
{
    static const char *const builtin[] = {
        "__kernel void k(__global uint *a, uint n) { uint i = get_global_id(0); "
        "if (i < n && a[i] > 3) { for (int j = 0; j < 4; j++) { if (j == 2) continue; a[i] += j; } } "
        "else a[i] = i ? a[i] / 3 : 7; switch (i & 3) { case 0: a[i] ^= 1; break; default: a[i]--; } }\n",
    };
    f->corp[f->nc] = strdup(builtin[0]);
    f->clen[f->nc] = strlen(builtin[0]);
    if (f->corp[f->nc]) f->nc++;
    glob_t g;
    if (glob("tests/kernels/*.cl", 0, NULL, &g) != 0) return;
    for (size_t i = 0; i < g.gl_pathc && f->nc < NCORP; i++) {
        FILE *fp = fopen(g.gl_pathv[i], "rb");
        if (!fp) continue;
        char *b = malloc(MAXIN / 2);
        size_t k = b ? fread(b, 1, MAXIN / 2 - 1, fp) : 0;
        fclose(fp);
        if (!b) continue;
        b[k] = 0;
        f->corp[f->nc] = b;
        f->clen[f->nc++] = k;
    }
    globfree(&g);
}

/* the process's CPU time: the bound is on the compiler's work, which a
 * loaded machine (make test runs two lanes at once) must not stretch */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

int wq_ccfz_one(const char *src, size_t n, unsigned yield, double *dt, int *compiled,
                char *why, size_t whylen)
{
    /* every other selector for a target with an FPU: float compiles
     * (docs/compiler.md "Floating point"), else it is refused */
    wq_cc_opts_t o = { .yield = (wq_cc_yield_t)(yield % 3), .read_file = no_file, .fp = (yield / 6) & 1 };
    /* every other input through the alias pass, its first six pointer
     * arguments pairwise disjoint (docs/compiler.md "Alias metadata") */
    wq_cc_rel_t rels[15];
    unsigned nr = 0;
    for (unsigned a = 0; a < 6; a++)
        for (unsigned b = a + 1; b < 6; b++)
            wq_cc_rel_classify(a, 0x10000u * (a + 1), 0x1000, b, 0x10000u * (b + 1), 0x1000, &rels[nr++]);
    if ((yield / 3) & 1) {
        o.alias = 1;
        o.rels = rels;
        o.nrels = nr;
    }
    wq_cc_result_t r;
    double t0 = now();
    int c = wq_cc_compile(&o, "fuzz.cl", src, n, &r);
    *dt = now() - t0;
    *compiled = c == WQ_CC_OK;
    int rc = 0;
    if (c == WQ_CC_OK) {
        if (!r.wqs) { snprintf(why, whylen, "compiled without assembly"); rc = -1; }
    } else if (c == WQ_CC_ERROR) {
        if (r.wqs) { snprintf(why, whylen, "refused with assembly"); rc = -1; }
        else if (!r.log || !diag_ok(r.log, why, whylen)) rc = -1;
    } else {
        snprintf(why, whylen, "wq_cc_compile returned %d", c);
        rc = -1;
    }
    wq_cc_result_free(&r);
    return rc;
}

int wq_ccfz_run(uint64_t seed, unsigned n, double max_s, const char *save_path,
                wq_ccfz_stats_t *st, char *why, size_t whylen)
{
    fz_t f;
    memset(&f, 0, sizeof f);
    memset(st, 0, sizeof *st);
    f.s = seed * 0x9E3779B97F4A7C15ull | 1;
    f.buf = malloc(MAXIN);
    if (!f.buf) { snprintf(why, whylen, "out of memory"); return -1; }
    load_corpus(&f);
    int rc = 0;
    for (unsigned i = 0; i < n && !rc; i++) {
        make_input(&f, i, seed);
        double dt;
        int compiled;
        char w[500];
        rc = wq_ccfz_one(f.buf, f.n, i % 12, &dt, &compiled, w, sizeof w);
        if (dt > st->worst_s) st->worst_s = dt;
        st->inputs++;
        if (compiled) st->compiled++;
        else st->refused++;
        if (rc) snprintf(why, whylen, "input %u: %s", i, w);
        else if (dt > max_s) {
            snprintf(why, whylen, "input %u took %.2f s (bound %.2f s)", i, dt, max_s);
            rc = -1;
        }
        if (rc && save_path) {
            FILE *fp = fopen(save_path, "wb");
            if (fp) { fwrite(f.buf, 1, f.n, fp); fclose(fp); }
        }
    }
    for (int i = 0; i < f.nc; i++) free(f.corp[i]);
    free(f.buf);
    return rc;
}
