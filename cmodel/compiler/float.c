/* float.c -- binary32 constants in the compiler: a floating-point literal's
 * text to its bit pattern, correctly rounded (to nearest, ties to even)
 * and exact for every input, and the constant conversions between float
 * and the integer types (docs/compiler.md "Floating point").
 *
 * The conversion is exact rational arithmetic on big integers, not the
 * host's strtof: a literal's value is N / D * 2^p (N its digits, D a power
 * of ten or 1, p a hex literal's exponent), and the 25 bits of the
 * quotient at the right binary exponent plus "was there a remainder"
 * decide the rounding.  No host floating point is used anywhere here, so
 * the result does not depend on the host's double rounding or its mode. */
#include <string.h>
#include "cc_int.h"

/* ---- big unsigned integers: little-endian 32-bit limbs --------------------- */
#define BIG_LIMBS 160               /* 5120 bits: 10^(800+60) and 2^300 fit */

typedef struct { uint32_t w[BIG_LIMBS]; int n; } big_t;   /* n: limbs in use */

static void big_set(big_t *a, uint32_t v) { memset(a, 0, sizeof *a); a->w[0] = v; a->n = v != 0; }

static void big_trim(big_t *a) { while (a->n && !a->w[a->n - 1]) a->n--; }

/* a = a * m + add (m, add < 2^32) */
static void big_muladd(big_t *a, uint32_t m, uint32_t add)
{
    uint64_t carry = add;
    for (int i = 0; i < a->n; i++) {
        uint64_t v = (uint64_t)a->w[i] * m + carry;
        a->w[i] = (uint32_t)v;
        carry = v >> 32;
    }
    if (carry && a->n < BIG_LIMBS) a->w[a->n++] = (uint32_t)carry;
}

static int big_bits(const big_t *a)
{
    if (!a->n) return 0;
    uint32_t top = a->w[a->n - 1];
    int b = 0;
    while (top) { b++; top >>= 1; }
    return (a->n - 1) * 32 + b;
}

static void big_shl(big_t *a, int s)
{
    if (!a->n || s <= 0) return;
    int limbs = s / 32, bits = s % 32;
    int n = a->n + limbs + 1;
    if (n > BIG_LIMBS) n = BIG_LIMBS;
    for (int i = n - 1; i >= 0; i--) {
        int j = i - limbs;
        uint32_t hi = j >= 0 && j < a->n ? a->w[j] : 0;
        uint32_t lo = j - 1 >= 0 && j - 1 < a->n ? a->w[j - 1] : 0;
        a->w[i] = bits ? (hi << bits) | (lo >> (32 - bits)) : hi;
    }
    a->n = n;
    big_trim(a);
}

static int big_cmp(const big_t *a, const big_t *b)
{
    if (a->n != b->n) return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->w[i] != b->w[i]) return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

static void big_sub(big_t *a, const big_t *b)         /* a -= b, a >= b */
{
    int64_t borrow = 0;
    for (int i = 0; i < a->n; i++) {
        int64_t v = (int64_t)a->w[i] - (i < b->n ? b->w[i] : 0) - borrow;
        borrow = v < 0;
        a->w[i] = (uint32_t)(v + (borrow ? (int64_t)1 << 32 : 0));
    }
    big_trim(a);
}

/* floor(num / den) for a quotient below 2^26, the remainder left in num */
static uint32_t big_div_small(big_t *num, const big_t *den)
{
    uint32_t q = 0;
    for (int b = 25; b >= 0; b--) {
        big_t t = *den;
        big_shl(&t, b);
        if (big_cmp(num, &t) >= 0) { big_sub(num, &t); q |= 1u << b; }
    }
    return q;
}

/* the binary32 nearest to n / d * 2^p (ties to even), n > 0; sticky: the
 * true value is a little above n / d * 2^p (digits dropped) */
static uint32_t round_ratio(const big_t *n, const big_t *d, int p, int sticky)
{
    /* q = floor(n / d * 2^-e) in [2^24, 2^25): 24 significand bits and the
     * round bit; e is at least -150 (the subnormals' round-bit position) */
    int e = big_bits(n) - big_bits(d) + p - 25;
    for (int tries = 0; tries < 4; tries++) {
        if (e < -150) e = -150;
        if (e > 200) return 0x7F800000u;               /* far above FLT_MAX */
        big_t num = *n, den = *d;
        int s = p - e;                                 /* n * 2^s / d */
        if (s >= 0) big_shl(&num, s); else big_shl(&den, -s);
        uint32_t q = big_div_small(&num, &den);
        if (q >= (1u << 25)) { e++; continue; }
        if (q < (1u << 24) && e > -150) { e--; continue; }
        int rest = num.n != 0 || sticky;
        uint32_t m = q >> 1;
        if ((q & 1) && (rest || (m & 1))) m++;
        if (m == (1u << 24)) { m >>= 1; e++; }
        if (m < (1u << 23)) return m;                  /* subnormal (or zero) */
        int expf = e + 151;                            /* 2^(e+1) is m's unit */
        if (expf >= 255) return 0x7F800000u;
        return (uint32_t)expf << 23 | (m & 0x7FFFFFu);
    }
    return 0x7F800000u;                                /* not reached */
}

/* ---- literals -------------------------------------------------------------- */
#define MAX_DIGITS 800              /* significant digits kept; the rest sticky */

int cc_float_literal(const char *s, int len, uint32_t *bits, int *suffix_f, const char **err)
{
    const char *p = s, *end = s + len;
    int hex = end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    if (hex) p += 2;
    big_t n;
    big_set(&n, 0);
    int kept = 0, sticky = 0, any = 0, seen_dot = 0;
    long scale = 0;                 /* digits (or hex digits) after the point that were kept */
    long dropped = 0;               /* integer-part digits dropped beyond MAX_DIGITS */
    for (; p < end; p++) {
        int dg;
        if (*p == '.') {
            if (seen_dot) { *err = "two decimal points"; return -1; }
            seen_dot = 1;
            continue;
        }
        if (*p >= '0' && *p <= '9') dg = *p - '0';
        else if (hex && ((*p >= 'a' && *p <= 'f') || (*p >= 'A' && *p <= 'F'))) dg = (*p | 0x20) - 'a' + 10;
        else break;
        any = 1;
        if (kept == 0 && dg == 0) { if (seen_dot) scale++; continue; }  /* leading zeros */
        if (kept < MAX_DIGITS) {
            big_muladd(&n, hex ? 16 : 10, (uint32_t)dg);
            kept++;
            if (seen_dot) scale++;
        } else {
            if (dg) sticky = 1;
            if (!seen_dot) dropped++;
        }
    }
    if (!any) { *err = "no digits"; return -1; }
    long exp = 0;
    if (p < end && (hex ? (*p == 'p' || *p == 'P') : (*p == 'e' || *p == 'E'))) {
        p++;
        int neg = 0;
        if (p < end && (*p == '+' || *p == '-')) { neg = *p == '-'; p++; }
        if (p >= end || *p < '0' || *p > '9') { *err = "exponent has no digits"; return -1; }
        for (; p < end && *p >= '0' && *p <= '9'; p++)
            if (exp < 100000) exp = exp * 10 + (*p - '0');
        if (neg) exp = -exp;
    } else if (hex) {
        *err = "a hexadecimal floating constant needs a 'p' exponent";
        return -1;
    }
    *suffix_f = 0;
    if (p < end && (*p == 'f' || *p == 'F')) { *suffix_f = 1; p++; }
    if (p < end) { *err = "invalid suffix on floating constant"; return -1; }
    if (!n.n) { *bits = 0; return 0; }
    big_t d;
    big_set(&d, 1);
    int p2 = 0;
    if (hex) {
        long e2 = exp + 4 * (dropped - scale);
        if (e2 + 4 * kept < -200) { *bits = 0; return 0; }
        if (e2 > 200) { *bits = 0x7F800000u; return 0; }
        p2 = (int)e2;
    } else {
        long e10 = exp + dropped - scale;              /* value = n * 10^e10 */
        /* n < 10^kept: below 10^-50 the nearest float is 0; at or above
         * 10^39 it is infinity */
        if (e10 + kept < -50) { *bits = 0; return 0; }
        if (e10 + kept > 40) { *bits = 0x7F800000u; return 0; }
        for (long i = 0; i < e10; i++) big_muladd(&n, 10, 0);
        for (long i = 0; i < -e10; i++) big_muladd(&d, 10, 0);
    }
    *bits = round_ratio(&n, &d, p2, sticky);
    return 0;
}

/* ---- constant conversions ---------------------------------------------------- */
uint32_t cc_f32_from_int(uint64_t v, int is_signed)
{
    uint32_t sign = 0;
    if (is_signed && (int64_t)v < 0) { sign = 0x80000000u; v = 0 - v; }
    if (!v) return sign;
    big_t n, d;
    big_set(&n, 0);
    n.w[0] = (uint32_t)v;
    n.w[1] = (uint32_t)(v >> 32);
    n.n = 2;
    big_trim(&n);
    big_set(&d, 1);
    return sign | round_ratio(&n, &d, 0, 0);
}

/* C's float -> integer conversion toward zero, as F2I.rtz / F2U.rtz do it
 * on the device (saturating, NaN 0), so a constant folds to what the
 * instruction computes; bits 64 for long / ulong */
uint64_t cc_f32_to_int(uint32_t f, int bits, int is_signed)
{
    int e = (int)((f >> 23) & 0xFF);
    uint32_t frac = f & 0x7FFFFFu;
    int neg = (int)(f >> 31);
    if (e == 0xFF && frac) return 0;                    /* NaN */
    uint64_t max = is_signed ? ((uint64_t)1 << (bits - 1)) - 1
                             : (bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1);
    uint64_t min_mag = is_signed ? (uint64_t)1 << (bits - 1) : 0;  /* |most negative| */
    uint64_t mag;
    if (e == 0xFF || e - 127 >= 64) mag = ~(uint64_t)0;               /* inf or huge */
    else if (e < 127) mag = 0;
    else {
        uint64_t m = (uint64_t)(frac | 0x800000u);
        int sh = e - 127 - 23;
        mag = sh >= 0 ? m << sh : m >> -sh;
    }
    if (!neg) return mag > max ? max : mag;
    if (!is_signed) return 0;
    if (mag >= min_mag) return (uint64_t)0 - min_mag;
    return (uint64_t)0 - mag;
}

void cc_need_fp(cc_t *c, const cc_tok_t *t, const char *what)
{
    if (c->opts->fp) return;
    const char *dev = c->opts->device ? c->opts->device : NULL;
    if (dev)
        cc_error_tok(c, t, "%s not supported by this device: %s has no FPU (the integer subset of "
                           "OpenCL C runs there)", what, dev);
    cc_error_tok(c, t, "%s not supported by this device (no FPU: warpq runs the integer subset of "
                       "OpenCL C)", what);
}

int cc_contract_at(cc_t *c, const cc_tok_t *t)
{
    if (c->opts && (c->opts->fp_flags & WQ_CC_FP_MAD_ENABLE)) return 1;
    while (t->origin) t = t->origin;           /* a macro's expansion: its use */
    for (const cc_contract_t *k = c->contract; k; k = k->next)
        if (k->file == t->file && k->loc <= t->loc) return !k->off;
    return 1;
}
