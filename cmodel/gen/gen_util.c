/* gen_util.c -- RNG, text buffer and feature names for the generators. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gen_int.h"

void wq_rng_init(wq_rng_t *r, uint64_t seed) { r->s = seed; }

uint64_t wq_rng_next(wq_rng_t *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint32_t wq_rng_below(wq_rng_t *r, uint32_t n)
{
    return n <= 1 ? 0 : (uint32_t)(wq_rng_next(r) % n);
}

uint32_t wq_rng_range(wq_rng_t *r, uint32_t lo, uint32_t hi)
{
    return hi <= lo ? lo : lo + wq_rng_below(r, hi - lo + 1);
}

int wq_rng_chance(wq_rng_t *r, unsigned percent) { return wq_rng_below(r, 100) < percent; }

void wq_buf_append(wq_buf_t *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) { b->oom = 1; return; }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void wq_buf_printf(wq_buf_t *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) { b->oom = 1; return; }
    if ((size_t)n < sizeof tmp) { wq_buf_append(b, tmp, (size_t)n); return; }
    char *big = malloc((size_t)n + 1);
    if (!big) { b->oom = 1; return; }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    wq_buf_append(b, big, (size_t)n);
    free(big);
}

void wq_buf_free(wq_buf_t *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

void wq_gen_seterr(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || !errlen) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

static const char *const feat_names[WQ_GEN_NFEATURES] = {
#define X(n, b, s) [b] = s,
    WQ_GEN_FEATURES(X)
#undef X
};

const char *wq_gen_feature_name(unsigned bit)
{
    return bit < WQ_GEN_NFEATURES ? feat_names[bit] : "?";
}

/* a comma-separated list of names[0..n-1] (bit i each), "all" and, when
 * `none` is not NULL, that word for the empty set */
static int parse_names(const char *s, const char *const *names, unsigned n, unsigned all,
                       const char *none, unsigned *mask)
{
    unsigned m = 0;
    while (*s) {
        size_t len = strcspn(s, ",");
        unsigned i;
        if (len == 3 && !strncmp(s, "all", 3)) m |= all;
        else if (none && strlen(none) == len && !strncmp(s, none, len)) { /* adds nothing */ }
        else {
            for (i = 0; i < n; i++)
                if (strlen(names[i]) == len && !strncmp(s, names[i], len)) break;
            if (i == n) return -1;
            m |= 1u << i;
        }
        s += len;
        if (*s == ',') s++;
    }
    *mask = m;
    return 0;
}

int wq_gen_parse_features(const char *s, unsigned *mask)
{
    return parse_names(s, feat_names, WQ_GEN_NFEATURES, WQ_GEN_F_ALL, NULL, mask);
}

static const char *const cl_feat_names[WQ_GEN_CL_NFEATURES] = {
    [WQ_GEN_CL_STRUCT] = "struct", [WQ_GEN_CL_PTRMEMBER] = "ptrmember",
    [WQ_GEN_CL_STMTEXPR] = "stmtexpr", [WQ_GEN_CL_STRUCTARRAY] = "structarray", [WQ_GEN_CL_VECTOR] = "vector", [WQ_GEN_CL_GOTO] = "goto",
    [WQ_GEN_CL_FLOAT] = "float",
};

const char *wq_gen_cl_feature_name(unsigned bit)
{
    return bit < WQ_GEN_CL_NFEATURES ? cl_feat_names[bit] : "?";
}

/* "all" is every feature but float, whose kernels need a device with an
 * FPU: the default set */
int wq_gen_cl_parse_features(const char *s, unsigned *mask)
{
    return parse_names(s, cl_feat_names, WQ_GEN_CL_NFEATURES, WQ_GEN_CL_F_DEFAULT, "base", mask);
}

void wq_gen_cl_opts_default(wq_gen_cl_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->features = WQ_GEN_CL_F_DEFAULT;
}
