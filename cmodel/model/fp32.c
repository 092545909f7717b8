/* fp32.c -- IEEE 754 binary32 in integer arithmetic: the golden model's
 * FPU (fp32.h).  No host floating point: every result is computed exactly
 * (or with the bits below the rounding position folded into one sticky
 * bit) and rounded once by round_pack.  The special cases -- NaN, infinity,
 * zero -- are decided at the top of each operation, as docs/spec.md
 * "Floating point" lists them; only finite nonzero operands reach the
 * integer paths. */
#include "wq/fp32.h"
#include "wq/defs.h"

typedef unsigned __int128 wq_u128;

#define F32_SIGN(x) ((unsigned)((x) >> 31))
#define F32_EXP(x)  (((x) >> 23) & 0xFFu)
#define F32_FRAC(x) ((x) & 0x7FFFFFu)
#define F32_INF     0x7F800000u
#define F32_MAXF    0x7F7FFFFFu        /* the largest finite magnitude */

static int is_nan(uint32_t x)  { return F32_EXP(x) == 0xFFu && F32_FRAC(x) != 0; }
static int is_inf(uint32_t x)  { return (x & 0x7FFFFFFFu) == F32_INF; }
static int is_zero(uint32_t x) { return (x & 0x7FFFFFFFu) == 0; }

static int msb64(uint64_t x) { return 63 - __builtin_clzll(x); }   /* x != 0 */
static int msb128(wq_u128 x)
{
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? 64 + msb64(hi) : msb64((uint64_t)x);
}

/* m >> n with every bit shifted out ORed into bit 0 (the sticky bit) */
static uint64_t shr_jam64(uint64_t m, unsigned n)
{
    if (n == 0) return m;
    if (n >= 64) return m != 0;
    return (m >> n) | (uint64_t)((m << (64 - n)) != 0);
}
static wq_u128 shr_jam128(wq_u128 m, unsigned n)
{
    if (n == 0) return m;
    if (n >= 128) return m != 0;
    return (m >> n) | (wq_u128)((m << (128 - n)) != 0);
}

/* a finite nonzero operand as m * 2^e, m < 2^24 (subnormals: no implicit
 * bit, e = -149) */
static void unpack(uint32_t x, uint64_t *m, int *e)
{
    unsigned ex = F32_EXP(x);
    *m = ex ? (F32_FRAC(x) | 0x800000u) : F32_FRAC(x);
    *e = ex ? (int)ex - 150 : -149;
}

/* ... with the leading one at bit 23 (a subnormal's moved up) */
static void unpack_norm(uint32_t x, uint64_t *m, int *e)
{
    unpack(x, m, e);
    int n = 23 - msb64(*m);
    *m <<= n;
    *e -= n;
}

/* does rounding the kept part away from zero by one unit give the result?
 * cmp: the dropped part against half a unit (<0, 0, >0); inexact: it is
 * not zero */
static int round_up(unsigned rm, unsigned s, uint64_t kept, int cmp, int inexact)
{
    switch (rm) {
    case WQ_RM_RNE: return cmp > 0 || (cmp == 0 && (kept & 1u));
    case WQ_RM_RDN: return s && inexact;
    case WQ_RM_RUP: return !s && inexact;
    default:        return 0;                           /* RTZ */
    }
}

/* m >> n in mode rm (the magnitude of a value of sign s), n >= 1 */
static uint64_t shr_round(uint64_t m, unsigned n, unsigned rm, unsigned s)
{
    if (n >= 64)               /* m < 2^63 <= half a unit, and not zero */
        return (uint64_t)round_up(rm, s, 0, -1, m != 0);
    uint64_t kept = m >> n, rest = m & ((1ull << n) - 1u), half = 1ull << (n - 1);
    int cmp = rest < half ? -1 : rest > half;
    return kept + (uint64_t)round_up(rm, s, kept, cmp, rest != 0);
}

/* (-1)^s * m * 2^e, m != 0, rounded to binary32.  Bits of m far below the
 * rounding position may be jammed into a sticky bit 0: the rounding
 * position is always at least 8 bits above bit 0 here, so the sticky bit
 * stands for "something between two representable halves" exactly as the
 * dropped bits would. */
static uint32_t round_pack(unsigned s, int e, uint64_t m, unsigned rm)
{
    int n = msb64(m);
    if (n == 63) { m = shr_jam64(m, 1); e += 1; }       /* leading one to bit 62 */
    else { m <<= 62 - n; e -= 62 - n; }
    /* the result's unit is 2^L: 24 significant bits, but no finer than the
     * smallest subnormal 2^-149 */
    int shift = 62 - 23;
    if (e + shift < -149) shift = -149 - e;
    uint64_t kept = shr_round(m, (unsigned)shift, rm, s);
    int64_t L = (int64_t)e + shift;
    /* a normal's kept has its implicit bit at 23, which lands in the
     * exponent field of (L + 149) << 23 + kept; a subnormal (L = -149) that
     * rounds up to 2^23 becomes the smallest normal the same way */
    int64_t bexp = L + 149 + (int64_t)(kept >> 23);
    if (bexp >= 0xFF) {                                   /* overflow */
        int to_max = rm == WQ_RM_RTZ || (rm == WQ_RM_RDN && !s) || (rm == WQ_RM_RUP && s);
        return ((uint32_t)s << 31) | (to_max ? F32_MAXF : F32_INF);
    }
    return ((uint32_t)s << 31) + (uint32_t)(((uint64_t)(L + 149) << 23) + kept);
}

/* (-1)^sa * ma * 2^ea + (-1)^sb * mb * 2^eb, both m nonzero, rounded.  The
 * leading ones go to bit 125 so the sum cannot overflow 128 bits and the
 * smaller operand's bits shifted out fall far below any rounding
 * position. */
static uint32_t sum_round(unsigned sa, wq_u128 ma, int ea, unsigned sb, wq_u128 mb, int eb,
                          unsigned rm)
{
    int na = 125 - msb128(ma), nb = 125 - msb128(mb);
    ma <<= na; ea -= na;
    mb <<= nb; eb -= nb;
    if (ea < eb || (ea == eb && ma < mb)) {               /* a: the larger magnitude */
        wq_u128 tm = ma; ma = mb; mb = tm;
        int te = ea; ea = eb; eb = te;
        unsigned ts = sa; sa = sb; sb = ts;
    }
    mb = shr_jam128(mb, (unsigned)(ea - eb));
    wq_u128 m = sa == sb ? ma + mb : ma - mb;
    if (m == 0)                          /* exact cancellation: +0, -0 rounding down */
        return rm == WQ_RM_RDN ? 0x80000000u : 0u;
    int n = msb128(m);
    if (n > 62) { m = shr_jam128(m, (unsigned)(n - 62)); ea += n - 62; }
    return round_pack(sa, ea, (uint64_t)m, rm);
}

/* the sum of two zeros: their sign if they agree, else +0 (-0 rounding down) */
static uint32_t zero_sum(unsigned sa, unsigned sb, unsigned rm)
{
    if (sa == sb) return (uint32_t)sa << 31;
    return rm == WQ_RM_RDN ? 0x80000000u : 0u;
}

uint32_t wq_f32_add(uint32_t a, uint32_t b, unsigned rm)
{
    if (is_nan(a) || is_nan(b)) return WQ_F32_QNAN;
    if (is_inf(a)) return is_inf(b) && F32_SIGN(a) != F32_SIGN(b) ? WQ_F32_QNAN : a;
    if (is_inf(b)) return b;
    if (is_zero(a) && is_zero(b)) return zero_sum(F32_SIGN(a), F32_SIGN(b), rm);
    if (is_zero(a)) return b;
    if (is_zero(b)) return a;
    uint64_t ma, mb;
    int ea, eb;
    unpack(a, &ma, &ea);
    unpack(b, &mb, &eb);
    return sum_round(F32_SIGN(a), ma, ea, F32_SIGN(b), mb, eb, rm);
}

uint32_t wq_f32_sub(uint32_t a, uint32_t b, unsigned rm)
{
    /* a - b = a + (-b); a NaN b gives the canonical NaN either way */
    return wq_f32_add(a, b ^ 0x80000000u, rm);
}

uint32_t wq_f32_mul(uint32_t a, uint32_t b, unsigned rm)
{
    unsigned s = F32_SIGN(a) ^ F32_SIGN(b);
    if (is_nan(a) || is_nan(b)) return WQ_F32_QNAN;
    if (is_inf(a) || is_inf(b))
        return is_zero(a) || is_zero(b) ? WQ_F32_QNAN : ((uint32_t)s << 31) | F32_INF;
    if (is_zero(a) || is_zero(b)) return (uint32_t)s << 31;
    uint64_t ma, mb;
    int ea, eb;
    unpack(a, &ma, &ea);
    unpack(b, &mb, &eb);
    return round_pack(s, ea + eb, ma * mb, rm);           /* < 2^48: exact */
}

uint32_t wq_f32_fma(uint32_t a, uint32_t b, uint32_t c, unsigned rm)
{
    unsigned sp = F32_SIGN(a) ^ F32_SIGN(b);
    if (is_nan(a) || is_nan(b) || is_nan(c)) return WQ_F32_QNAN;
    if (is_inf(a) || is_inf(b)) {
        if (is_zero(a) || is_zero(b)) return WQ_F32_QNAN;            /* inf * 0 */
        if (is_inf(c) && F32_SIGN(c) != sp) return WQ_F32_QNAN;      /* inf - inf */
        return ((uint32_t)sp << 31) | F32_INF;
    }
    if (is_inf(c)) return c;
    if (is_zero(a) || is_zero(b))            /* an exact zero product: c + (+-0) */
        return is_zero(c) ? zero_sum(sp, F32_SIGN(c), rm) : c;
    uint64_t ma, mb, mc;
    int ea, eb, ec;
    unpack(a, &ma, &ea);
    unpack(b, &mb, &eb);
    if (is_zero(c)) return round_pack(sp, ea + eb, ma * mb, rm);
    unpack(c, &mc, &ec);
    /* the product exact (48 bits), then one rounding of the exact sum */
    return sum_round(sp, (wq_u128)(ma * mb), ea + eb, F32_SIGN(c), mc, ec, rm);
}

uint32_t wq_f32_div(uint32_t a, uint32_t b, unsigned rm)
{
    unsigned s = F32_SIGN(a) ^ F32_SIGN(b);
    if (is_nan(a) || is_nan(b)) return WQ_F32_QNAN;
    if (is_inf(a)) return is_inf(b) ? WQ_F32_QNAN : ((uint32_t)s << 31) | F32_INF;
    if (is_inf(b)) return (uint32_t)s << 31;
    if (is_zero(b)) return is_zero(a) ? WQ_F32_QNAN : ((uint32_t)s << 31) | F32_INF;
    if (is_zero(a)) return (uint32_t)s << 31;
    uint64_t ma, mb;
    int ea, eb;
    unpack_norm(a, &ma, &ea);
    unpack_norm(b, &mb, &eb);
    /* 24-bit / 24-bit significands to a quotient of 40 or 41 bits; the
     * remainder is the sticky bit below it */
    uint64_t num = ma << 40, q = num / mb, r = num % mb;
    return round_pack(s, ea - eb - 41, (q << 1) | (uint64_t)(r != 0), rm);
}

/* floor(sqrt(x)) bit by bit; *rem = x - floor^2 */
static uint64_t isqrt64(uint64_t x, uint64_t *rem)
{
    uint64_t r = 0, bit = 1ull << 62;
    while (bit > x) bit >>= 2;
    while (bit) {
        if (x >= r + bit) { x -= r + bit; r = (r >> 1) + bit; }
        else r >>= 1;
        bit >>= 2;
    }
    *rem = x;
    return r;
}

uint32_t wq_f32_sqrt(uint32_t a, unsigned rm)
{
    if (is_nan(a)) return WQ_F32_QNAN;
    if (is_zero(a)) return a;                             /* sqrt(-0) = -0 */
    if (F32_SIGN(a)) return WQ_F32_QNAN;                  /* negative, -inf */
    if (is_inf(a)) return a;
    uint64_t m, rem;
    int e;
    unpack_norm(a, &m, &e);
    if (e & 1) { m <<= 1; e -= 1; }                       /* even exponent */
    /* sqrt(m * 2^38) * 2^((e - 38) / 2): a root of 31 or 32 bits */
    uint64_t r = isqrt64(m << 38, &rem);
    return round_pack(0, (e - 38) / 2 - 1, (r << 1) | (uint64_t)(rem != 0), rm);
}

/* a < b for non-NaN a, b; -0 and +0 equal */
static int lt(uint32_t a, uint32_t b)
{
    if (is_zero(a) && is_zero(b)) return 0;
    if (F32_SIGN(a) != F32_SIGN(b)) return (int)F32_SIGN(a);
    return F32_SIGN(a) ? a > b : a < b;                   /* same sign: by magnitude */
}
static int eq(uint32_t a, uint32_t b) { return a == b || (is_zero(a) && is_zero(b)); }

int wq_f32_cmp(unsigned cc, uint32_t a, uint32_t b)
{
    int un = is_nan(a) || is_nan(b);
    switch (cc) {
    case WQ_CMP_EQ:  return !un && eq(a, b);
    case WQ_CMP_NE:  return un || !eq(a, b);              /* C's !=: unordered too */
    case WQ_CMP_LT:  return !un && lt(a, b);
    case WQ_CMP_LE:  return !un && (lt(a, b) || eq(a, b));
    case WQ_CMP_GT:  return !un && lt(b, a);
    case WQ_CMP_GE:  return !un && (lt(b, a) || eq(a, b));
    case WQ_CMP_LTU: return un || lt(a, b);
    case WQ_CMP_LEU: return un || lt(a, b) || eq(a, b);
    case WQ_CMP_GTU: return un || lt(b, a);
    case WQ_CMP_GEU: return un || lt(b, a) || eq(a, b);
    default:         return 0;        /* unreachable: the decoder rejects other codes */
    }
}

uint32_t wq_f32_min(uint32_t a, uint32_t b)
{
    if (is_nan(a)) return is_nan(b) ? WQ_F32_QNAN : b;
    if (is_nan(b)) return a;
    if (is_zero(a) && is_zero(b)) return a | b;           /* -0 if either is */
    return lt(b, a) ? b : a;
}

uint32_t wq_f32_max(uint32_t a, uint32_t b)
{
    if (is_nan(a)) return is_nan(b) ? WQ_F32_QNAN : b;
    if (is_nan(b)) return a;
    if (is_zero(a) && is_zero(b)) return a & b;           /* +0 if either is */
    return lt(a, b) ? b : a;
}

uint32_t wq_f32_class(uint32_t a)
{
    unsigned s = F32_SIGN(a), ex = F32_EXP(a), fr = F32_FRAC(a);
    unsigned c;
    if (ex == 0xFFu)
        c = fr ? ((fr & 0x400000u) ? WQ_FCLASS_QNAN : WQ_FCLASS_SNAN)
               : (s ? WQ_FCLASS_NEG_INF : WQ_FCLASS_POS_INF);
    else if (ex == 0)
        c = fr ? (s ? WQ_FCLASS_NEG_SUBNORMAL : WQ_FCLASS_POS_SUBNORMAL)
               : (s ? WQ_FCLASS_NEG_ZERO : WQ_FCLASS_POS_ZERO);
    else
        c = s ? WQ_FCLASS_NEG_NORMAL : WQ_FCLASS_POS_NORMAL;
    return 1u << c;
}

uint32_t wq_i32_to_f32(uint32_t a, unsigned rm)
{
    if (a == 0) return 0;                                 /* +0 */
    unsigned s = a >> 31;
    return round_pack(s, 0, s ? (uint64_t)(0u - a) : a, rm);
}

uint32_t wq_u32_to_f32(uint32_t a, unsigned rm)
{
    return a ? round_pack(0, 0, a, rm) : 0;
}

/* |a| (finite) rounded to an integer in mode rm, the sign deciding RDN and
 * RUP; anything of 2^33 or more comes back as 2^33 (past every bound) */
static uint64_t round_int(uint32_t a, unsigned rm)
{
    if (is_zero(a)) return 0;
    uint64_t m;
    int e;
    unpack(a, &m, &e);
    if (e >= 10) return 1ull << 33;
    if (e >= 0) return m << e;
    return shr_round(m, (unsigned)-e, rm, F32_SIGN(a));
}

uint32_t wq_f32_to_i32(uint32_t a, unsigned rm)
{
    if (is_nan(a)) return 0;
    unsigned s = F32_SIGN(a);
    uint64_t mag = is_inf(a) ? 1ull << 33 : round_int(a, rm);
    if (s) return mag >= 0x80000000u ? 0x80000000u : (uint32_t)(0u - (uint32_t)mag);
    return mag > 0x7FFFFFFFu ? 0x7FFFFFFFu : (uint32_t)mag;
}

uint32_t wq_f32_to_u32(uint32_t a, unsigned rm)
{
    if (is_nan(a)) return 0;
    if (F32_SIGN(a)) return 0;       /* rounds to 0 or saturates to 0 alike */
    uint64_t mag = is_inf(a) ? 1ull << 33 : round_int(a, rm);
    return mag > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)mag;
}
