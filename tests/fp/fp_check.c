/* fp_check.c -- the golden model's binary32 core (cmodel/model/fp32.c)
 * against Berkeley SoftFloat 3, bit for bit (scripts/fp_check.sh).
 *
 * SoftFloat is the C library inside PyPI's softfloatpy: its extension
 * module exports SoftFloat's own functions (f32_add, f32_mulAdd, ...,
 * softfloat_roundingMode), so this program dlopen()s that file and calls
 * them directly -- the reference is SoftFloat's code, not a re-reading of
 * the spec, and 10^7 operations take seconds rather than Python hours.
 * SoftFloat's rounding-mode numbers (near_even 0, minMag 1, min 2, max 3)
 * are WQ_RM_RNE, RTZ, RDN, RUP.
 *
 * Where warpq's rules are not IEEE's defaults the reference applies them to
 * SoftFloat's answer, and nowhere else (docs/spec.md "Floating point"):
 *   - a NaN result must be the canonical 0x7FC00000 (SoftFloat returns its
 *     own default NaN or a propagated payload: any NaN counts as NaN);
 *   - F2I/F2U saturate: SoftFloat's invalid flag says the rounded value is
 *     out of range, the operand's sign says which bound; NaN gives 0;
 *   - FMIN/FMAX (SoftFloat has none): built from SoftFloat's quiet
 *     compares and the OpenCL rule, a NaN operand loses, -0 < +0;
 *   - FCLASS (SoftFloat has none): the host's fpclassify/signbit and
 *     SoftFloat's f32_isSignalingNaN.
 *
 * Operands: per operation and rounding mode, a mix of edge values (zeros,
 * subnormals, smallest normal, largest finite, infinities, quiet and
 * signalling NaNs of both signs, powers of two, integer bounds), random
 * bit patterns, random values with exponents near each other (alignment,
 * exact cancellation, halfway cases), operand pairs one ulp apart, and for
 * the integer conversions integers with 25..32 significant bits whose low
 * bits are exactly a half (ties).
 *
 * Usage: wq_fpcheck --softfloat PATH [--python LIBPYTHON] [--count N] [--seed S]
 *                   [--ops LIST]
 *   N operations per operation (spread over the 4 rounding modes where the
 *   operation takes one); prints one line per operation and
 *   "fp_ops_tested: T" / "fp_mismatches: M"; exit 0 iff M == 0. */
#include <dlfcn.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/defs.h"
#include "wq/fp32.h"

typedef struct { uint32_t v; } sf32_t;               /* SoftFloat's float32_t */

static struct {
    sf32_t (*add)(sf32_t, sf32_t), (*sub)(sf32_t, sf32_t), (*mul)(sf32_t, sf32_t);
    sf32_t (*div)(sf32_t, sf32_t), (*sqrt)(sf32_t), (*mulAdd)(sf32_t, sf32_t, sf32_t);
    _Bool (*eq)(sf32_t, sf32_t), (*lt_quiet)(sf32_t, sf32_t), (*le_quiet)(sf32_t, sf32_t);
    _Bool (*isSignalingNaN)(sf32_t);
    int32_t (*to_i32)(sf32_t, uint_fast8_t, _Bool);
    uint32_t (*to_ui32)(sf32_t, uint_fast8_t, _Bool);
    sf32_t (*i32_to)(int32_t), (*ui32_to)(uint32_t);
    uint_fast8_t *rounding;
    uint_fast8_t *flags;
} sf;

#define SF_INVALID 0x10u                               /* softfloat_flag_invalid */

/* the extension module refers to libpython's symbols (its Python glue,
 * never called here): libpython goes in first, global, to satisfy them */
static int load_softfloat(const char *path, const char *libpython)
{
    if (libpython && !dlopen(libpython, RTLD_NOW | RTLD_GLOBAL)) {
        fprintf(stderr, "wq_fpcheck: %s\n", dlerror());
        return -1;
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) { fprintf(stderr, "wq_fpcheck: %s\n", dlerror()); return -1; }
    struct { const char *name; void **slot; } syms[] = {
        {"f32_add", (void **)&sf.add}, {"f32_sub", (void **)&sf.sub},
        {"f32_mul", (void **)&sf.mul}, {"f32_div", (void **)&sf.div},
        {"f32_sqrt", (void **)&sf.sqrt}, {"f32_mulAdd", (void **)&sf.mulAdd},
        {"f32_eq", (void **)&sf.eq}, {"f32_lt_quiet", (void **)&sf.lt_quiet},
        {"f32_le_quiet", (void **)&sf.le_quiet},
        {"f32_isSignalingNaN", (void **)&sf.isSignalingNaN},
        {"f32_to_i32", (void **)&sf.to_i32}, {"f32_to_ui32", (void **)&sf.to_ui32},
        {"i32_to_f32", (void **)&sf.i32_to}, {"ui32_to_f32", (void **)&sf.ui32_to},
        {"softfloat_roundingMode", (void **)&sf.rounding},
        {"softfloat_exceptionFlags", (void **)&sf.flags},
    };
    for (size_t i = 0; i < sizeof syms / sizeof syms[0]; i++) {
        /* POSIX: a data or function pointer comes back through void * */
        *syms[i].slot = dlsym(h, syms[i].name);
        if (!*syms[i].slot) {
            fprintf(stderr, "wq_fpcheck: %s has no symbol %s\n", path, syms[i].name);
            return -1;
        }
    }
    return 0;
}

static sf32_t F(uint32_t v) { sf32_t f = {v}; return f; }
static int is_nan(uint32_t x) { return (x & 0x7F800000u) == 0x7F800000u && (x & 0x7FFFFFu); }
/* SoftFloat's own NaN test: a quiet compare of x with itself */
static int sf_nan(uint32_t x) { return !sf.eq(F(x), F(x)); }

/* ---- operands ------------------------------------------------------------ */
static uint64_t rng_s;
static uint64_t rnd(void)                               /* splitmix64 */
{
    uint64_t z = (rng_s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static const uint32_t edges[] = {
    0x00000000, 0x80000000,                           /* +-0                    */
    0x00000001, 0x80000001, 0x00000002, 0x007FFFFF,   /* subnormals             */
    0x807FFFFF, 0x00400000, 0x00800000, 0x80800000,   /* ..., smallest normal   */
    0x00800001, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F7FFFFE,   /* largest finite         */
    0x7F000000, 0x7F800000, 0xFF800000,               /* 2^127, infinities      */
    0x7FC00000, 0xFFC00000, 0x7FC12345, 0x7FFFFFFF,   /* quiet NaNs             */
    0x7F800001, 0xFF800001, 0x7FA00000, 0x7FBFFFFF,   /* signalling NaNs        */
    0x3F800000, 0xBF800000, 0x3F800001, 0x3F7FFFFF,   /* 1 and its neighbours   */
    0x40000000, 0x3F000000, 0xBF000000, 0x3FC00000,   /* 2, +-0.5, 1.5          */
    0xBFC00000, 0x40200000, 0xC0200000, 0x3EAAAAAB,   /* -1.5, +-2.5, 1/3       */
    0x4B000000, 0x4B000001, 0x4B7FFFFF, 0x4B800000,   /* 2^23 .. 2^24           */
    0x4EFFFFFF, 0x4F000000, 0xCF000000, 0xCF000001,   /* around 2^31            */
    0x4F7FFFFF, 0x4F800000, 0xBF7FFFFF, 0x34000000,   /* around 2^32, 2^-23     */
    0x1F800000, 0x5F800000, 0x0C000000, 0x72800000,   /* squares near the ends  */
};
#define NEDGES (sizeof edges / sizeof edges[0])

/* one operand; `near` (a finite value or 0) pulls the exponent toward its */
static uint32_t operand(uint32_t near)
{
    uint64_t r = rnd();
    uint32_t bits = (uint32_t)(r >> 32);
    switch (r % 8) {
    case 0: case 1:
        return edges[(r >> 8) % NEDGES];
    case 2:                                            /* any bit pattern        */
        return bits;
    case 3:                                            /* subnormal or tiny      */
        return (bits & 0x80000000u) | ((bits >> 1) & 0x00FFFFFFu) >> ((r >> 4) % 12);
    case 4: case 5: {                                  /* exponent near `near`'s */
        int e = near && !is_nan(near) ? (int)((near >> 23) & 0xFF) : 127;
        e += (int)((r >> 8) % 61) - 30;
        if ((r >> 16) % 4 == 0) e = e + (int)((r >> 20) % 5) - 2;
        if (e < 0) e = 0;
        if (e > 254) e = 254;
        return (bits & 0x807FFFFFu) | ((uint32_t)e << 23);
    }
    case 6:                                            /* one ulp from `near`    */
        if (near && !is_nan(near))
            return (near + (uint32_t)((r >> 8) % 5) - 2u) ^ (uint32_t)((r >> 13) & 1u) << 31;
        return bits;
    default:                                           /* mid-range value        */
        return (bits & 0x807FFFFFu) | ((uint32_t)(96 + (r >> 8) % 64) << 23);
    }
}

/* an integer for I2F/U2F: edges, any word, or 25..32 significant bits
 * ending in an exact half of the rounding position (a tie) or next to it */
static uint32_t int_operand(void)
{
    static const uint32_t iedge[] = {0, 1, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0x80000001,
                                     0x01000000, 0x01000001, 0x01000003, 0xFFFFFF80,
                                     0x7FFFFFC0, 0xFFFFFFC0, 0x00FFFFFF, 0xFF000001};
    uint64_t r = rnd();
    uint32_t w = (uint32_t)(r >> 32);
    switch (r % 4) {
    case 0:
        return iedge[(r >> 8) % (sizeof iedge / sizeof iedge[0])];
    case 1:
        return w;
    default: {
        unsigned nb = 25 + (unsigned)((r >> 8) % 8);            /* significant bits */
        uint32_t v = (w | 1u << 31) >> (32 - nb);
        unsigned drop = nb - 24;                                /* bits below the unit */
        uint32_t mask = (1u << drop) - 1u, half = 1u << (drop - 1);
        v = (v & ~mask) | half;                                 /* a tie */
        v += (uint32_t)((r >> 16) % 3) - 1u;                    /* or next to it */
        return (r >> 20) & 1 ? 0u - v : v;
    }
    }
}

/* ---- the reference ---------------------------------------------------------- */
enum { OP_ADD, OP_SUB, OP_MUL, OP_FMA, OP_DIV, OP_SQRT, OP_MIN, OP_MAX, OP_CMP,
       OP_CLASS, OP_I2F, OP_U2F, OP_F2I, OP_F2U, OP_N };
static const char *const op_names[OP_N] = {"add", "sub", "mul", "fma", "div", "sqrt", "min",
                                            "max", "cmp", "class", "i2f", "u2f", "f2i", "f2u"};

static uint32_t ref_minmax(int max, uint32_t a, uint32_t b)
{
    if (sf_nan(a)) return sf_nan(b) ? WQ_F32_QNAN : b;
    if (sf_nan(b)) return a;
    if (sf.eq(F(a), F(b)))                     /* equal: +-0 decided by the sign */
        return max ? ((a >> 31) ? b : a) : ((a >> 31) ? a : b);
    return sf.lt_quiet(F(a), F(b)) ^ max ? a : b;
}

static uint32_t ref_cmp(unsigned cc, uint32_t a, uint32_t b)
{
    int un = sf_nan(a) || sf_nan(b);
    int e = sf.eq(F(a), F(b)), l = sf.lt_quiet(F(a), F(b)), le = sf.le_quiet(F(a), F(b));
    int g = sf.lt_quiet(F(b), F(a)), ge = sf.le_quiet(F(b), F(a));
    switch (cc) {
    case WQ_CMP_EQ:  return e;
    case WQ_CMP_NE:  return !e;
    case WQ_CMP_LT:  return l;
    case WQ_CMP_LE:  return le;
    case WQ_CMP_GT:  return g;
    case WQ_CMP_GE:  return ge;
    case WQ_CMP_LTU: return un || l;
    case WQ_CMP_LEU: return un || le;
    case WQ_CMP_GTU: return un || g;
    default:         return un || ge;          /* GEU */
    }
}

static uint32_t ref_class(uint32_t a)
{
    float f;
    memcpy(&f, &a, sizeof f);
    int neg = signbit(f) != 0;
    switch (fpclassify(f)) {
    case FP_NAN:       return 1u << (sf.isSignalingNaN(F(a)) ? WQ_FCLASS_SNAN : WQ_FCLASS_QNAN);
    case FP_INFINITE:  return 1u << (neg ? WQ_FCLASS_NEG_INF : WQ_FCLASS_POS_INF);
    case FP_ZERO:      return 1u << (neg ? WQ_FCLASS_NEG_ZERO : WQ_FCLASS_POS_ZERO);
    case FP_SUBNORMAL: return 1u << (neg ? WQ_FCLASS_NEG_SUBNORMAL : WQ_FCLASS_POS_SUBNORMAL);
    default:           return 1u << (neg ? WQ_FCLASS_NEG_NORMAL : WQ_FCLASS_POS_NORMAL);
    }
}

/* the reference result; *nan_ok: a NaN reference means "the canonical NaN" */
static uint32_t reference(int op, unsigned rm, uint32_t a, uint32_t b, uint32_t c)
{
    *sf.rounding = (uint_fast8_t)rm;
    *sf.flags = 0;
    switch (op) {
    case OP_ADD:  return sf.add(F(a), F(b)).v;
    case OP_SUB:  return sf.sub(F(a), F(b)).v;
    case OP_MUL:  return sf.mul(F(a), F(b)).v;
    case OP_FMA:  return sf.mulAdd(F(a), F(b), F(c)).v;
    case OP_DIV:  return sf.div(F(a), F(b)).v;
    case OP_SQRT: return sf.sqrt(F(a)).v;
    case OP_MIN:  return ref_minmax(0, a, b);
    case OP_MAX:  return ref_minmax(1, a, b);
    case OP_CMP:  return ref_cmp(rm, a, b);
    case OP_CLASS: return ref_class(a);
    case OP_I2F:  return sf.i32_to((int32_t)a).v;
    case OP_U2F:  return sf.ui32_to(a).v;
    case OP_F2I: {
        if (sf_nan(a)) return 0;
        uint32_t v = (uint32_t)sf.to_i32(F(a), (uint_fast8_t)rm, 0);
        if (*sf.flags & SF_INVALID) return (a >> 31) ? 0x80000000u : 0x7FFFFFFFu;
        return v;
    }
    default: {                                 /* F2U */
        if (sf_nan(a)) return 0;
        uint32_t v = sf.to_ui32(F(a), (uint_fast8_t)rm, 0);
        if (*sf.flags & SF_INVALID) return (a >> 31) ? 0u : 0xFFFFFFFFu;
        return v;
    }
    }
}

static uint32_t model(int op, unsigned rm, uint32_t a, uint32_t b, uint32_t c)
{
    switch (op) {
    case OP_ADD:   return wq_f32_add(a, b, rm);
    case OP_SUB:   return wq_f32_sub(a, b, rm);
    case OP_MUL:   return wq_f32_mul(a, b, rm);
    case OP_FMA:   return wq_f32_fma(a, b, c, rm);
    case OP_DIV:   return wq_f32_div(a, b, rm);
    case OP_SQRT:  return wq_f32_sqrt(a, rm);
    case OP_MIN:   return wq_f32_min(a, b);
    case OP_MAX:   return wq_f32_max(a, b);
    case OP_CMP:   return (uint32_t)wq_f32_cmp(rm, a, b);
    case OP_CLASS: return wq_f32_class(a);
    case OP_I2F:   return wq_i32_to_f32(a, rm);
    case OP_U2F:   return wq_u32_to_f32(a, rm);
    case OP_F2I:   return wq_f32_to_i32(a, rm);
    default:       return wq_f32_to_u32(a, rm);
    }
}

/* how many "modes" an operation cycles through: rounding modes, or for
 * cmp the 10 compare codes; none for min/max/class */
static unsigned op_modes(int op)
{
    if (op == OP_CMP) return 10;
    if (op == OP_MIN || op == OP_MAX || op == OP_CLASS) return 1;
    return 4;
}

static int float_result(int op)
{
    return op != OP_CMP && op != OP_CLASS && op != OP_F2I && op != OP_F2U;
}

int main(int argc, char **argv)
{
    const char *so = NULL, *ops = NULL, *libpy = NULL;
    uint64_t count = 100000, seed = 1;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--softfloat") && i + 1 < argc) so = argv[++i];
        else if (!strcmp(argv[i], "--python") && i + 1 < argc) libpy = argv[++i];
        else if (!strcmp(argv[i], "--count") && i + 1 < argc) count = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "--ops") && i + 1 < argc) ops = argv[++i];
        else {
            fprintf(stderr, "usage: wq_fpcheck --softfloat PATH [--python LIBPYTHON] [--count N]"
                            " [--seed S] [--ops LIST]\n");
            return 2;
        }
    }
    if (!so || load_softfloat(so, libpy)) return 2;
    uint64_t tested = 0, bad = 0;
    for (int op = 0; op < OP_N; op++) {
        if (ops) {                              /* a comma-separated list of names */
            const char *p = strstr(ops, op_names[op]);
            size_t n = strlen(op_names[op]);
            if (!p || (p > ops && p[-1] != ',') || (p[n] && p[n] != ',')) continue;
        }
        rng_s = seed * 0x100000001B3ull + (uint64_t)op;
        uint64_t obad = 0;
        unsigned shown = 0;
        for (uint64_t k = 0; k < count; k++) {
            unsigned rm = (unsigned)(k % op_modes(op));
            uint32_t a, b, c;
            if (op == OP_I2F || op == OP_U2F) {
                a = int_operand();
                b = c = 0;
            } else {
                a = operand(0);
                b = operand(a);
                /* fma: c near the product's magnitude, for cancellation */
                c = operand(op == OP_FMA ? wq_f32_mul(a, b, WQ_RM_RNE) : b);
            }
            uint32_t want = reference(op, rm, a, b, c), got = model(op, rm, a, b, c);
            if (float_result(op) && is_nan(want)) want = WQ_F32_QNAN;
            if (got != want) {
                obad++;
                if (shown++ < 5)
                    printf("fp_check: MISMATCH %s mode %u a=%08x b=%08x c=%08x: model %08x,"
                           " softfloat %08x\n", op_names[op], rm, a, b, c, got, want);
            }
        }
        printf("fp_check: %-5s %" PRIu64 " operations, %" PRIu64 " mismatches\n",
               op_names[op], count, obad);
        tested += count;
        bad += obad;
    }
    printf("fp_ops_tested: %" PRIu64 "\nfp_mismatches: %" PRIu64 "\n", tested, bad);
    return bad ? 1 : 0;
}
