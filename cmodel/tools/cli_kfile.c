/* cli_kfile.c -- a kernel file's `//@` lines (kfile.h): reading them into a
 * launch with its buffers, printing buffers, and the expect verdicts.  The
 * buffers' contents are generated here, so `wq run` and tests/kernels/run.c
 * (on warpq and on POCL) start every run from the same bytes. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "kfile.h"

uint32_t wq_kf_lcg(uint32_t *s) { *s = *s * 1664525u + 1013904223u; return *s >> 8; }

int wq_kf_type(const char *t, size_t n, int *esize, int *sgn)
{
    static const struct { const char *name; int size, sgn; } types[] = {
        { "u8", 1, 0 }, { "i8", 1, 1 }, { "u16", 2, 0 }, { "i16", 2, 1 }, { "u32", 4, 0 }, { "i32", 4, 1 },
    };
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (strlen(types[i].name) == n && !strncmp(t, types[i].name, n)) {
            *esize = types[i].size;
            *sgn = types[i].sgn;
            return 0;
        }
    return -1;
}

static int type_of(const char *t, int *esize, int *sgn) { return wq_kf_type(t, strlen(t), esize, sgn); }

/* an integer word (decimal, 0x hex, a leading minus): 0, or -1 */
static int num(const char *s, long long lo, long long hi, long long *v)
{
    char *end;
    if (!*s) return -1;
    errno = 0;
    long long x = strtoll(s, &end, 0);
    if (*end || errno || x < lo || x > hi) return -1;
    *v = x;
    return 0;
}

static int u32w(const char *s, uint32_t *v)
{
    long long x;
    if (num(s, -2147483648LL, 0xFFFFFFFFLL, &x)) return -1;
    *v = (uint32_t)x;
    return 0;
}

static int fail(char *err, size_t n, int line, const char *fmt, ...)
{
    int k = snprintf(err, n, "line %d: ", line);
    va_list ap;
    va_start(ap, fmt);
    if (k >= 0 && (size_t)k < n) vsnprintf(err + k, n - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

int wq_kf_dims(const char *s, size_t d[3], unsigned *nd)
{
    *nd = 0;
    d[0] = d[1] = d[2] = 1;
    for (;;) {
        char *end;
        errno = 0;
        unsigned long v = strtoul(s, &end, 0);
        if (end == s || errno || !v || v > 0xFFFFFFFFul || *nd == 3) return -1;
        d[(*nd)++] = v;
        if (!*end) return 0;
        if (*end != ',') return -1;
        s = end + 1;
    }
}

static int add_expect(wq_kfile_t *k, int arg, int how, size_t idx, uint32_t val)
{
    if (k->nex == k->capex) {
        size_t cap = k->capex ? 2 * k->capex : 64;
        wq_kf_expect_t *nx = realloc(k->ex, cap * sizeof *nx);
        if (!nx) return -1;
        k->ex = nx;
        k->capex = cap;
    }
    k->ex[k->nex++] = (wq_kf_expect_t){ .arg = arg, .how = how, .idx = idx, .val = val };
    return 0;
}

/* buf TYPE COUNT INIT [A [B]] */
static int buf_line(wq_kfile_t *k, char w[][128], int nw, char *err, size_t errn, int ln)
{
    if (nw < 4) return fail(err, errn, ln, "buf TYPE COUNT INIT");
    if (k->nargs == WQ_KF_MAX_ARGS) return fail(err, errn, ln, "more than %d arguments", WQ_KF_MAX_ARGS);
    wq_kf_arg_t *a = &k->args[k->nargs];
    long long cnt;
    if (type_of(w[1], &a->esize, &a->is_signed)) return fail(err, errn, ln, "type '%s' (u8 i8 u16 i16 u32 i32)", w[1]);
    if (num(w[2], 1, WQ_KF_MAX_COUNT, &cnt)) return fail(err, errn, ln, "buffer count '%s' (1..%u)", w[2], WQ_KF_MAX_COUNT);
    uint32_t x = 0, y = 0;
    int is = !strcmp(w[3], "seq"), ir = !strcmp(w[3], "rand"), ir32 = !strcmp(w[3], "rand32");
    int ic = !strcmp(w[3], "const"), iz = !strcmp(w[3], "zero");
    if (!is && !ir && !ir32 && !ic && !iz)
        return fail(err, errn, ln, "INIT '%s' (zero, seq, rand, rand32 or const)", w[3]);
    if ((nw > 4 && u32w(w[4], &x)) || (nw > 5 && u32w(w[5], &y)) || ((ir || ir32 || ic) && nw < 5))
        return fail(err, errn, ln, "%s's numbers", w[3]);
    a->kind = WQ_KF_BUF;
    a->count = (size_t)cnt;
    a->data = calloc(a->count + 1, (size_t)a->esize);
    a->init = malloc((a->count + 1) * (size_t)a->esize);
    if (!a->data || !a->init) return fail(err, errn, ln, "out of memory");
    k->nargs++;
    uint32_t step = nw > 5 ? y : 1;
    for (size_t i = 0; i < a->count; i++) {
        uint32_t v = 0;
        if (is) v = x + (uint32_t)i * step;
        else if (ir) { v = wq_kf_lcg(&x); if (y) v %= y; }
        else if (ir32) { v = wq_kf_lcg(&x) << 8; v ^= wq_kf_lcg(&x); }
        else if (ic) v = x;
        memcpy(a->data + i * (size_t)a->esize, &v, (size_t)a->esize);
    }
    memcpy(a->init, a->data, (a->count + 1) * (size_t)a->esize);
    return 0;
}

/* an argument index that names an earlier argument */
static int arg_ref(const wq_kfile_t *k, const char *s, int *arg)
{
    long long v;
    if (num(s, 0, k->nargs - 1, &v)) return -1;
    *arg = (int)v;
    return 0;
}

static int one_line(wq_kfile_t *k, const char *l, char *err, size_t errn, int ln)
{
    char w[6][128] = { "" };
    int nw = 0;
    const char *p = l;
    while (nw < 6) {                         /* words; the 7th on is the rest */
        p += strspn(p, " \t");
        size_t len = strcspn(p, " \t");
        if (!len) break;
        if (len > 127) return fail(err, errn, ln, "a word of %zu characters", len);
        memcpy(w[nw], p, len);
        w[nw++][len] = 0;
        p += len;
    }
    if (!nw) return fail(err, errn, ln, "an empty //@ line");
    const char *rest = l + strspn(l, " \t") + strlen(w[0]);
    rest += strspn(rest, " \t");
    long long v;
    int arg;
    uint32_t u;
    if (!strcmp(w[0], "kernel") && nw == 2) {
        snprintf(k->kernel, sizeof k->kernel, "%s", w[1]);
    } else if (!strcmp(w[0], "options") || !strcmp(w[0], "wq_options")) {
        char *o = w[0][0] == 'o' ? k->options : k->wq_options;
        size_t cap = w[0][0] == 'o' ? sizeof k->options : sizeof k->wq_options, n = strlen(o);
        if (n + strlen(rest) + 2 > cap) return fail(err, errn, ln, "%s longer than %zu characters", w[0], cap - 1);
        snprintf(o + n, cap - n, "%s%s", n ? " " : "", rest);
    } else if (!strcmp(w[0], "global") && nw == 2) {
        if (wq_kf_dims(w[1], k->global, &k->work_dim)) return fail(err, errn, ln, "global X[,Y[,Z]]");
        k->has_global = 1;
    } else if (!strcmp(w[0], "local") && nw == 2) {
        unsigned nd;
        if (wq_kf_dims(w[1], k->local, &nd)) return fail(err, errn, ln, "local X[,Y[,Z]]");
        k->have_local = 1;
    } else if (!strcmp(w[0], "buf")) {
        return buf_line(k, w, nw, err, errn, ln);
    } else if (!strcmp(w[0], "local_buf") && nw == 2) {
        if (k->nargs == WQ_KF_MAX_ARGS) return fail(err, errn, ln, "more than %d arguments", WQ_KF_MAX_ARGS);
        if (num(w[1], 1, 1 << 20, &v)) return fail(err, errn, ln, "local_buf BYTES (1..1 MiB)");
        k->args[k->nargs].kind = WQ_KF_LOCAL;
        k->args[k->nargs++].count = (size_t)v;
    } else if (!strcmp(w[0], "scalar") && nw == 3) {
        if (k->nargs == WQ_KF_MAX_ARGS) return fail(err, errn, ln, "more than %d arguments", WQ_KF_MAX_ARGS);
        wq_kf_arg_t *a = &k->args[k->nargs];
        if (type_of(w[1], &a->esize, &a->is_signed) || u32w(w[2], &a->scalar))
            return fail(err, errn, ln, "scalar TYPE VALUE");
        a->kind = WQ_KF_SCALAR;
        k->nargs++;
    } else if (!strcmp(w[0], "print") && nw == 2) {
        if (arg_ref(k, w[1], &arg) || k->args[arg].kind != WQ_KF_BUF || k->nprint == WQ_KF_MAX_ARGS)
            return fail(err, errn, ln, "print ARG: a buffer argument before this line");
        k->prints[k->nprint++] = arg;
    } else if (!strcmp(w[0], "per_thread") && nw == 3) {
        if (arg_ref(k, w[1], &k->pt_arg) || num(w[2], 1, WQ_KF_MAX_COUNT, &v))
            return fail(err, errn, ln, "per_thread ARG K");
        k->pt_k = (size_t)v;
    } else if (!strcmp(w[0], "expect") || !strcmp(w[0], "expect_all") || !strcmp(w[0], "expect_hash") ||
               !strcmp(w[0], "expect_seq")) {
        int how = w[0][6] == '_' ? (w[0][7] == 'a' ? WQ_KF_ALL : w[0][7] == 'h' ? WQ_KF_HASH : -1) : WQ_KF_ONE;
        if (nw < 3 || arg_ref(k, w[1], &arg) || k->args[arg].kind != WQ_KF_BUF)
            return fail(err, errn, ln, "%s: ARG must be a buffer argument before this line", w[0]);
        const wq_kf_arg_t *a = &k->args[arg];
        if (how == WQ_KF_ALL || how == WQ_KF_HASH) {
            if (nw != 3 || u32w(w[2], &u)) return fail(err, errn, ln, "%s ARG VALUE", w[0]);
            if (add_expect(k, arg, how, 0, u)) return fail(err, errn, ln, "out of memory");
            return 0;
        }
        if (num(w[2], 0, (long long)a->count - 1, &v)) return fail(err, errn, ln, "%s: index '%s' outside the buffer", w[0], w[2]);
        size_t idx = (size_t)v;
        if (how == WQ_KF_ONE) {
            if (nw != 4 || u32w(w[3], &u)) return fail(err, errn, ln, "expect ARG INDEX VALUE");
            return add_expect(k, arg, WQ_KF_ONE, idx, u) ? fail(err, errn, ln, "out of memory") : 0;
        }
        /* expect_seq ARG START V V ...: the values are the rest of the line */
        const char *q = rest;
        for (int i = 0; i < 2; i++) { q += strcspn(q, " \t"); q += strspn(q, " \t"); }
        while (*q) {
            char word[64];
            size_t len = strcspn(q, " \t");
            if (len >= sizeof word) return fail(err, errn, ln, "expect_seq: a value of %zu characters", len);
            memcpy(word, q, len);
            word[len] = 0;
            if (u32w(word, &u)) return fail(err, errn, ln, "expect_seq: '%s' is not a 32-bit value", word);
            if (idx >= a->count) return fail(err, errn, ln, "expect_seq: past the buffer's end");
            if (add_expect(k, arg, WQ_KF_ONE, idx++, u)) return fail(err, errn, ln, "out of memory");
            q += len;
            q += strspn(q, " \t");
        }
    } else if (!strcmp(w[0], "repeat") && nw == 3) {
        if (num(w[1], 1, 4096, &v) || arg_ref(k, w[2], &k->repeat_arg) || k->args[k->repeat_arg].kind != WQ_KF_SCALAR)
            return fail(err, errn, ln, "repeat N ARG: 1..4096 passes, ARG a scalar argument before this line");
        k->repeat = (int)v;
    } else if (!strcmp(w[0], "check") && nw >= 2) {
        if (k->nchecks == WQ_KF_MAX_CHECKS) return fail(err, errn, ln, "more than %d checks", WQ_KF_MAX_CHECKS);
        if (strlen(rest) >= sizeof k->checks[0]) return fail(err, errn, ln, "a check line that long");
        snprintf(k->checks[k->nchecks++], sizeof k->checks[0], "%s", rest);
    } else if (!strcmp(w[0], "lock") && nw == 1) {
        k->lock = 1;
    } else if (!strcmp(w[0], "fp") && nw == 1) {
        k->fp = 1;
    } else if (!strcmp(w[0], "rtl-regress") && nw == 1) {
        /* scripts/kernels.sh's: the RTL run is make regress's, not make
         * test's (minutes of lockstep); nothing for the kernel's run */
    } else {
        return fail(err, errn, ln, "unknown or malformed //@ line '%s'", w[0]);
    }
    return 0;
}

int wq_kfile_parse(wq_kfile_t *k, const char *src, char *err, size_t errn)
{
    memset(k, 0, sizeof *k);
    k->work_dim = 1;
    k->global[0] = 64;
    k->global[1] = k->global[2] = 1;
    k->repeat = 1;
    k->repeat_arg = k->pt_arg = -1;
    int ln = 1;
    for (const char *line = src; *line; ln++) {
        size_t len = strcspn(line, "\n");
        if (!strncmp(line, "//@ ", 4) && len > 4) {
            char l[1100];
            if (len - 4 >= sizeof l) return fail(err, errn, ln, "a //@ line of %zu characters", len);
            memcpy(l, line + 4, len - 4);
            l[len - 4] = 0;
            l[strcspn(l, "\r")] = 0;
            if (one_line(k, l, err, errn, ln)) return -1;
            k->lines++;
        }
        line += len;
        if (*line) line++;
    }
    return 0;
}

void wq_kfile_free(wq_kfile_t *k)
{
    for (int i = 0; i < k->nargs; i++) {
        free(k->args[i].data);
        free(k->args[i].init);
    }
    free(k->ex);
    memset(k, 0, sizeof *k);
}

static uint32_t elem(const wq_kf_arg_t *a, const uint8_t *base, size_t i)
{
    uint32_t v = 0;
    memcpy(&v, base + i * (size_t)a->esize, (size_t)a->esize);
    if (a->is_signed && a->esize < 4 && (v >> (a->esize * 8 - 1)) & 1) v |= ~0u << (a->esize * 8);
    return v;
}

uint32_t wq_kf_get(const wq_kf_arg_t *a, size_t i) { return elem(a, a->data, i); }
uint32_t wq_kf_get0(const wq_kf_arg_t *a, size_t i) { return elem(a, a->init, i); }

void wq_kfile_print(const wq_kfile_t *k, FILE *out)
{
    for (int i = 0; i < k->nprint; i++) {
        const wq_kf_arg_t *a = &k->args[k->prints[i]];
        fprintf(out, "arg %d:", k->prints[i]);
        for (size_t j = 0; j < a->count; j++) fprintf(out, "%s%x", j % 16 ? " " : "\n  ", wq_kf_get(a, j));
        fprintf(out, "\n");
    }
}

int wq_kfile_verdict(const wq_kfile_t *k, FILE *out)
{
    int bad = 0;
    for (size_t i = 0; i < k->nex; i++) {
        const wq_kf_expect_t *e = &k->ex[i];
        const wq_kf_arg_t *a = &k->args[e->arg];
        if (e->how == WQ_KF_HASH) {
            uint32_t h = 2166136261u;
            for (size_t j = 0; j < a->count; j++)
                for (int b = 0; b < 4; b++) h = (h ^ ((wq_kf_get(a, j) >> (8 * b)) & 0xff)) * 16777619u;
            if (h != e->val) {
                fprintf(out, "expect: arg %d hashes to 0x%08x, expected 0x%08x\n", e->arg, h, e->val);
                bad = 1;
            }
            continue;
        }
        size_t lo = e->how == WQ_KF_ALL ? 0 : e->idx, hi = e->how == WQ_KF_ALL ? a->count : e->idx + 1;
        for (size_t j = lo; j < hi; j++) {
            if (wq_kf_get(a, j) == e->val) continue;
            fprintf(out, "expect: arg %d [%zu] = 0x%x, expected 0x%x", e->arg, j, wq_kf_get(a, j), e->val);
            if (e->arg == k->pt_arg && k->pt_k > 0)
                fprintf(out, " (work-item %zu, output %zu)", j / k->pt_k, j % k->pt_k);
            fprintf(out, "\n");
            bad = 1;
            break;
        }
    }
    for (int i = 0; i < k->nchecks; i++)
        bad |= wq_kf_check(k->checks[i], k->args, k->nargs, out);
    fprintf(out, "expect: %s\n", bad ? "FAILED" : "ok");
    return bad;
}
