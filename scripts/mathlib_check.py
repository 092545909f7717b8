#!/usr/bin/env python3
"""mathlib_check.py -- the device math library's accuracy check
(docs/mathlib.md "Verification").

Every function of the library runs on warpq's model device with an FPU
(WQ_FP=1, through the OpenCL ICD: one program of one kernel per function,
built once by the compiler, each kernel a launch over all of its inputs,
tests/mathlib/host.c) on
  - edge inputs: +-0, the smallest and largest subnormals and normals,
    +-1, +-inf, NaN, integers and halves, floats next to multiples of
    pi/2 (and the hardest cases for the reduction), next to the overflow
    and underflow thresholds of exp/exp2/exp10/sinh/cosh/pow;
  - random bit patterns over the whole float range, and random inputs in
    each function's interesting range (for pow: exponents that keep the
    result finite);
and every result is compared with the exact value: the worst ULP error
(against the infinitely precise result, ulp as OpenCL C 1.2 section 7.4
defines it, subnormal spacing below 2^-126) per function against the
bound of table 7.1 (8192 for the half_ forms).  The functions whose
result is exact (floor, fmod, ldexp, frexp, ...) must match bit for bit,
computed with rationals; the special values of C99 Annex F and OpenCL C
1.2 section 7.5.1 (pow(x, +-0) = 1, atan2(+-0, -0) = +-pi, sin(-0) = -0,
...) are checked bit for bit, with the sign of zero.  The reference for
the bulk of the random inputs is the host's double-precision libm (its
error is below 2^-28 float ulp); every edge input, the 24 worst points of
each function and (with --full) 500 random points per function are
computed again with mpmath at 160 bits, and the error reported is
mpmath's.  Points where libm and mpmath disagree by more than 0.01 ulp
fail the run (the fast reference is checked too).

Usage: mathlib_check.py [--quick | --full] [--bench] [--n N] [--seed S]
  --quick: 2048 random inputs per function (make test); default 65536;
  --full: 1M per function and the mpmath sample (make regress);
  --bench: print mathlib_max_ulp_<fn>: <ulp> lines (make bench).
Exit 0 when every function is within its bound and every special case
holds; the last line is "mathlib: N passed, N failed".
"""
import heapq
import math
import os
import random
import struct
import subprocess
import sys
import tempfile
from fractions import Fraction

import mpmath as mp

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
B = os.path.join(ROOT, os.environ.get('B', 'build'))
mp.mp.prec = 160

# ---- binary32 helpers ---------------------------------------------------------------
def bits(f):
    return struct.unpack('<I', struct.pack('<f', f))[0]


def flt(b):
    return struct.unpack('<f', struct.pack('<I', b & 0xFFFFFFFF))[0]


def f32(x):
    """a double rounded to binary32 (inf beyond the range)"""
    try:
        return struct.unpack('<f', struct.pack('<f', x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def round_f32(q):
    """the rational q rounded to binary32, nearest even (subnormals, inf)"""
    if q == 0:
        return 0.0
    s = -1 if q < 0 else 1
    a = abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, -126)
    m = round(a / Fraction(2) ** (e - 23))        # Fraction rounds half to even
    v = m * Fraction(2) ** (e - 23)
    if v >= 2**128:
        return s * math.inf
    return s * float(v)


def ulp_of(v):
    """the ulp of binary32 at the real v (finite): a float for a float v (the
    fast path), an mpf for an mpf"""
    if isinstance(v, float):
        e = math.frexp(v)[1] - 1 if v != 0 else -126      # 2^e <= |v| < 2^(e+1)
        return math.ldexp(1.0, min(max(e, -126), 127) - 23)
    if v == 0:
        return mp.ldexp(1, -149)
    e = int(mp.frexp(v)[1]) - 1
    return mp.ldexp(1, min(max(e, -126), 127) - 23)


BIG = mp.ldexp(1, 128) * (1 - mp.ldexp(1, -25))         # rounds to inf from here up
ULP_TOP = mp.ldexp(1, 104)


def ulp_err(y, v):
    """the error of the binary32 result y against the real v (mpf, float or
    None for NaN) in ulps; inf for a wrong NaN, inf or sign"""
    if v is None or (isinstance(v, float) and math.isnan(v)) or (isinstance(v, mp.mpf) and mp.isnan(v)):
        return 0.0 if math.isnan(y) else math.inf
    if math.isnan(y):
        return math.inf
    vinf = (isinstance(v, float) and math.isinf(v)) or (isinstance(v, mp.mpf) and mp.isinf(v))
    big = BIG
    if vinf or abs(mp.mpf(v)) >= big:
        if math.isinf(y) and (y > 0) == (v > 0):
            return 0.0
        if vinf:
            return math.inf
        return float(abs(mp.mpf(y) - v) / ULP_TOP)
    if math.isinf(y):
        return float(abs(big - mp.mpf(v)) / ULP_TOP) + 0.5
    return float(abs(mp.mpf(y) - mp.mpf(v)) / ulp_of(mp.mpf(v)))


# ---- the functions ---------------------------------------------------------------------
INF, NAN = math.inf, math.nan
PI = math.pi


def odd(y):
    return math.isfinite(y) and y == math.floor(y) and abs(y) < 2**53 and int(y) % 2 == 1


def dpow(x, y):
    """C99 pow with Annex F's special values (Python raises instead)"""
    if x == 0 and y < 0:
        return math.copysign(INF, x) if odd(y) else INF
    try:
        return math.pow(x, y)
    except OverflowError:
        return -INF if x < 0 and odd(y) else INF
    except ValueError:
        return NAN


def dpowr(x, y):
    """OpenCL's powr: pow for x >= 0, NaN below (7.5.1's special values)"""
    if math.isnan(x) or math.isnan(y) or (x < 0) or (x == 0 and y == 0) or (math.isinf(x) and y == 0) or \
            (x == 1 and math.isinf(y)):
        return NAN
    return dpow(abs(x), y)


def dlog(f):
    def g(x):
        if x == 0:
            return -INF
        if x < 0 or math.isnan(x):
            return NAN
        return f(x) if x != INF else INF
    return g


def dexp(f, odd_fn=False):
    def g(x):
        try:
            return f(x)
        except OverflowError:
            return math.copysign(INF, x) if odd_fn else INF
    return g


def mcbrt(x):
    return mp.sign(x) * mp.cbrt(abs(x))


def mpow(x, y):
    x, y = mp.mpf(x), mp.mpf(y)
    if x < 0:
        if y != mp.floor(y):
            return None
        r = mp.power(-x, y)
        return -r if int(y) % 2 else r
    if x == 0:
        return mp.inf if y < 0 else mp.mpf(0)
    return mp.power(x, y)


def dsinpi(x):
    """sin(pi x) in double, x reduced exactly to n/2 + r, |r| <= 1/4"""
    if math.isnan(x) or math.isinf(x):
        return NAN
    a = abs(x)
    n = round(2 * a)
    r = a - n / 2
    v = [math.sin(PI * r), math.cos(PI * r), -math.sin(PI * r), -math.cos(PI * r)][n % 4]
    return math.copysign(abs(v), x * v) if v != 0 else math.copysign(0.0, x)


def dcospi(x):
    if math.isnan(x) or math.isinf(x):
        return NAN
    a = abs(x)
    n = round(2 * a)
    r = a - n / 2
    return [math.cos(PI * r), -math.sin(PI * r), -math.cos(PI * r), math.sin(PI * r)][n % 4] + 0.0


def dtanpi(x):
    s, c = dsinpi(x), dcospi(x)
    if math.isnan(s):
        return NAN
    if c == 0:
        return INF if math.floor(x) % 2 == 0 else -INF          # n + 1/2: +inf for even n, -inf for odd
    return s / c


def dlog1p(x):
    if math.isnan(x) or x < -1:
        return NAN
    if x == -1:
        return -INF
    return math.log1p(x) if x != INF else INF


def datanh(x):
    if math.isnan(x) or abs(x) > 1:
        return NAN
    if abs(x) == 1:
        return math.copysign(INF, x)
    return math.atanh(x)


def drootn(x, n):
    if n == 0 or math.isnan(x) or (x < 0 and n % 2 == 0):
        return NAN
    s = -1.0 if (math.copysign(1, x) < 0 and n % 2) else 1.0
    if x == 0:
        return s * (INF if n < 0 else 0.0)
    if math.isinf(x):
        return s * (0.0 if n < 0 else INF)
    return s * math.exp(math.log(abs(x)) / n)


def mrootn(x, n):
    if n == 0 or (x < 0 and n % 2 == 0):
        return None
    r = mp.power(abs(x), mp.mpf(1) / n)
    return -r if x < 0 else r


def mtanpi(x):
    c = mp.cospi(x)
    if c == 0:
        return mp.inf if int(mp.floor(x)) % 2 == 0 else -mp.inf
    return mp.sinpi(x) / c


def dtgamma(x):
    if math.isnan(x) or x == -INF:
        return NAN
    if x == 0:
        return math.copysign(INF, x)
    if x < 0 and x == math.floor(x):
        return NAN
    try:
        return math.gamma(x)
    except OverflowError:
        return INF
    except ValueError:
        return NAN


def mtgamma(x):
    return None if x <= 0 and x == mp.floor(x) else mp.gamma(x)


ZETA = [0.0, 0.0] + [float(mp.zeta(k)) for k in range(2, 90)]


def lgamma1p(t):
    """lgamma(1 + t) for |t| <= 1/2 in double: -gamma t + sum (-1)^k zeta(k) t^k / k
    (the host's lgamma loses its relative accuracy near the zeros 1 and 2)"""
    s = 0.0
    for k in range(len(ZETA) - 1, 1, -1):
        s = s * t + (ZETA[k] / k if k % 2 == 0 else -ZETA[k] / k)
    return t * (-0.5772156649015329 + t * s)


def dlgamma(x):
    if math.isnan(x):
        return NAN
    if math.isinf(x) or (x <= 0 and x == math.floor(x)):
        return INF
    if abs(x - 1) <= 0.5:
        return lgamma1p(x - 1)
    if abs(x - 2) <= 0.5:
        return lgamma1p(x - 2) + math.log1p(x - 2)
    try:
        return math.lgamma(x)
    except OverflowError:
        return INF


def mlgamma(x):
    if x <= 0 and x == mp.floor(x):
        return mp.inf
    return mp.loggamma(x) if x > 0 else mp.log(abs(mp.gamma(x)))


def gamma_sign(x):
    """the sign lgamma_r reports: Gamma's (-1 at -0, +1 at the poles and NaN)"""
    if math.isnan(x) or x > 0 or math.isinf(x):
        return 1.0
    if x == 0:
        return math.copysign(1.0, x)
    if x == math.floor(x):
        return 1.0
    return -1.0 if math.floor(x) % 2 else 1.0


def snap(v):
    """v rounded to 120 bits: a value that is a float exactly (atan2pi(1, 1)
    = 1/4) is not taken for one just below it (whose ulp is half)"""
    if v == 0 or not mp.isfinite(v):
        return v
    m, e = mp.frexp(v)
    return mp.ldexp(mp.nint(m * mp.mpf(2) ** 120), int(e) - 120)


# lgamma's bound: OpenCL C 1.2 table 7.1 leaves it undefined; the library
# holds it to this on x > 0 (random inputs) and on the edges; for x < 0 it
# is log pi - log|sinpi(x)| - lgamma(1 - x), whose error is absolute (about
# 2^-28) near lgamma's zeros there (-2.457..., -2.747..., ...)
LGAMMA_BOUND = 16
# name: (kernel expression, argument kinds, bound in ulp, fast reference, mpmath reference)
# kinds: f float, i int; a bound of 0: exact (the rational reference)
FN = {
    'sqrt':  ('sqrt(a)', 'f', 3, lambda x: math.sqrt(x) if x >= 0 or x != x else NAN, lambda x: mp.sqrt(x) if x >= 0 else None),
    'rsqrt': ('rsqrt(a)', 'f', 2, lambda x: 1 / math.sqrt(x) if x > 0 else math.copysign(INF, x) if x == 0 else NAN, lambda x: 1 / mp.sqrt(x) if x > 0 else None),
    'exp':   ('exp(a)', 'f', 3, dexp(math.exp), mp.exp),
    'exp2':  ('exp2(a)', 'f', 3, dexp(math.exp2), lambda x: mp.power(2, x)),
    'exp10': ('exp10(a)', 'f', 3, lambda x: dpow(10.0, x), lambda x: mp.power(10, x)),
    'log':   ('log(a)', 'f', 3, dlog(math.log), lambda x: mp.log(x) if x > 0 else None),
    'log2':  ('log2(a)', 'f', 3, dlog(math.log2), lambda x: mp.log(x, 2) if x > 0 else None),
    'log10': ('log10(a)', 'f', 3, dlog(math.log10), lambda x: mp.log10(x) if x > 0 else None),
    'pow':   ('pow(a, b)', 'ff', 16, dpow, mpow),
    'pown':  ('pown(a, n)', 'fi', 16, lambda x, n: 1.0 if n == 0 else dpow(x, float(n)), lambda x, n: mpow(x, n)),
    'powr':  ('powr(a, b)', 'ff', 16, dpowr, lambda x, y: None if x < 0 else mpow(x, y)),
    'sin':   ('sin(a)', 'f', 4, math.sin, mp.sin),
    'cos':   ('cos(a)', 'f', 4, math.cos, mp.cos),
    'tan':   ('tan(a)', 'f', 5, math.tan, mp.tan),
    'asin':  ('asin(a)', 'f', 4, lambda x: math.asin(x) if abs(x) <= 1 else NAN, lambda x: mp.asin(x) if abs(x) <= 1 else None),
    'acos':  ('acos(a)', 'f', 4, lambda x: math.acos(x) if abs(x) <= 1 else NAN, lambda x: mp.acos(x) if abs(x) <= 1 else None),
    'atan':  ('atan(a)', 'f', 5, math.atan, mp.atan),
    'atan2': ('atan2(a, b)', 'ff', 6, math.atan2, mp.atan2),
    'sinh':  ('sinh(a)', 'f', 4, dexp(math.sinh, True), mp.sinh),
    'cosh':  ('cosh(a)', 'f', 4, dexp(math.cosh), mp.cosh),
    'tanh':  ('tanh(a)', 'f', 5, math.tanh, mp.tanh),
    'hypot': ('hypot(a, b)', 'ff', 4, math.hypot, mp.hypot),
    'cbrt':  ('cbrt(a)', 'f', 2, math.cbrt, mcbrt),
    'degrees': ('degrees(a)', 'f', 2, lambda x: x * (180 / PI), lambda x: x * 180 / mp.pi),
    'expm1': ('expm1(a)', 'f', 3, dexp(math.expm1), mp.expm1),
    'log1p': ('log1p(a)', 'f', 2, dlog1p, lambda x: mp.log1p(x) if x > -1 else -mp.inf if x == -1 else None),
    'asinh': ('asinh(a)', 'f', 4, math.asinh, mp.asinh),
    'acosh': ('acosh(a)', 'f', 4, lambda x: math.acosh(x) if x >= 1 else NAN, lambda x: mp.acosh(x) if x >= 1 else None),
    'atanh': ('atanh(a)', 'f', 5, datanh, lambda x: mp.atanh(x) if abs(x) < 1 else mp.sign(x) * mp.inf if abs(x) == 1 else None),
    'asinpi': ('asinpi(a)', 'f', 5, lambda x: math.asin(x) / PI if abs(x) <= 1 else NAN,
               lambda x: snap(mp.asin(x) / mp.pi) if abs(x) <= 1 else None),
    'acospi': ('acospi(a)', 'f', 5, lambda x: math.acos(x) / PI if abs(x) <= 1 else NAN,
               lambda x: snap(mp.acos(x) / mp.pi) if abs(x) <= 1 else None),
    'atanpi': ('atanpi(a)', 'f', 5, lambda x: math.atan(x) / PI, lambda x: snap(mp.atan(x) / mp.pi)),
    'atan2pi': ('atan2pi(a, b)', 'ff', 6, lambda y, x: math.atan2(y, x) / PI, lambda y, x: snap(mp.atan2(y, x) / mp.pi)),
    'sinpi': ('sinpi(a)', 'f', 4, dsinpi, mp.sinpi),
    'cospi': ('cospi(a)', 'f', 4, dcospi, mp.cospi),
    'tanpi': ('tanpi(a)', 'f', 6, dtanpi, mtanpi),
    'rootn': ('rootn(a, n)', 'fi', 16, drootn, mrootn),
    'erf': ('erf(a)', 'f', 16, math.erf, mp.erf),
    'erfc': ('erfc(a)', 'f', 16, math.erfc, mp.erfc),
    'tgamma': ('tgamma(a)', 'f', 16, dtgamma, mtgamma),
    'lgamma': ('lgamma(a)', 'f', LGAMMA_BOUND, dlgamma, mlgamma),
    'lgamma_r': ('({ int s_; lgamma_r(a, &s_); })', 'f', LGAMMA_BOUND, dlgamma, mlgamma),
    'lgamma_r_sign': ('({ int s_; lgamma_r(a, &s_); (float)s_; })', 'f', 0, gamma_sign, lambda x: mp.mpf(gamma_sign(float(x)))),
    'sincos_sin': ('({ float c_; sincos(a, &c_); })', 'f', 4, math.sin, mp.sin),
    'sincos_cos': ('({ float c_; sincos(a, &c_); c_; })', 'f', 4, math.cos, mp.cos),
    'radians': ('radians(a)', 'f', 2, lambda x: x * (PI / 180), lambda x: x * mp.pi / 180),
}
# exact functions: the kernel expression and the exact result (rationals, bits)
EXACT = {
    'fabs': ('fabs(a)', 'f'), 'floor': ('floor(a)', 'f'), 'ceil': ('ceil(a)', 'f'), 'trunc': ('trunc(a)', 'f'),
    'round': ('round(a)', 'f'), 'rint': ('rint(a)', 'f'), 'fmod': ('fmod(a, b)', 'ff'),
    'remainder': ('remainder(a, b)', 'ff'), 'ldexp': ('ldexp(a, n)', 'fi'), 'frexp': ('frexp(a, &e)', 'f'),
    'modf': ('modf(a, &ip)', 'f'), 'fmin': ('fmin(a, b)', 'ff'), 'fmax': ('fmax(a, b)', 'ff'),
    'fdim': ('fdim(a, b)', 'ff'), 'mix': ('mix(a, b, c)', 'fff'), 'clamp': ('clamp(a, b, c)', 'fff'),
    'step': ('step(a, b)', 'ff'), 'smoothstep': ('smoothstep(a, b, c)', 'fff'), 'sign': ('sign(a)', 'f'),
    'mad': ('mad(a, b, c)', 'fff'), 'fma': ('fma(a, b, c)', 'fff'),
    'maxmag': ('maxmag(a, b)', 'ff'), 'minmag': ('minmag(a, b)', 'ff'), 'nextafter': ('nextafter(a, b)', 'ff'),
    'logb': ('logb(a)', 'f'), 'ilogb': ('ilogb(a)', 'f'), 'fract': ('fract(a, &ip)', 'f'),
    'remquo': ('remquo(a, b, &e)', 'ff'),
}
# the exact functions with a second result through a pointer: its type
PAIR_OUT = {'frexp': 'i', 'modf': 'f', 'fract': 'f', 'remquo': 'i'}
# the exact functions with an int result
INT_OUT = ('ilogb',)
# the native_ and half_ forms: aliases of the full functions, checked on the
# slice of inputs in their domain (half_: 8192 ulp)
ALIASES = ['cos', 'exp', 'exp2', 'exp10', 'log', 'log2', 'log10', 'powr', 'rsqrt', 'sin', 'sqrt', 'tan']


def q(x):
    return Fraction(x)


def exact_ref(name, a, b=None, c=None):
    """the exact result of an exact function as a float (NaN, inf); modf and
    frexp: a pair"""
    isn = math.isnan
    if name == 'fabs':
        return abs(a)
    if name in ('floor', 'ceil', 'trunc', 'round', 'rint'):
        if isn(a) or math.isinf(a):
            return a
        f = {'floor': math.floor, 'ceil': math.ceil, 'trunc': math.trunc,
             'round': lambda v: math.floor(abs(v) + 0.5) * (1 if v > 0 else -1),
             'rint': lambda v: round(v)}[name](a)
        return math.copysign(float(f), a)
    if name in ('fmod', 'remainder'):
        if isn(a) or isn(b) or math.isinf(a) or b == 0:
            return NAN
        if math.isinf(b):
            return a
        return math.fmod(a, b) if name == 'fmod' else math.remainder(a, b)
    if name == 'ldexp':
        if isn(a) or math.isinf(a) or a == 0:
            return a
        b = max(-400, min(400, b))          # beyond: the same inf or zero
        return math.copysign(round_f32(q(a) * Fraction(2) ** b), a)
    if name == 'frexp':
        if isn(a) or math.isinf(a) or a == 0:
            return (a, 0)
        m, e = math.frexp(a)
        return (m, e)
    if name == 'modf':
        if isn(a):
            return (a, a)
        if math.isinf(a):
            return (math.copysign(0.0, a), a)
        i = math.copysign(float(math.trunc(a)), a)
        return (math.copysign(a - i, a), i)
    if name in ('fmin', 'fmax'):
        if isn(a):
            return b
        if isn(b):
            return a
        if a == b == 0:
            return None                      # either zero (OpenCL leaves it open)
        return min(a, b) if name == 'fmin' else max(a, b)
    if name == 'fdim':
        if isn(a) or isn(b):
            return NAN
        if not a > b:
            return 0.0
        if math.isinf(a) or math.isinf(b):
            return a - b
        return round_f32(q(a) - q(b))
    if name == 'clamp':
        t = exact_ref('fmax', a, b)
        return exact_ref('fmin', 0.0 if t is None else t, c)
    if name == 'step':
        return 0.0 if b < a else 1.0
    if name == 'sign':
        if isn(a):
            return 0.0
        return 1.0 if a > 0 else -1.0 if a < 0 else a
    if name in ('maxmag', 'minmag'):
        if isn(a):
            return b
        if isn(b):
            return a
        if abs(a) != abs(b):
            return a if (abs(a) > abs(b)) == (name == 'maxmag') else b
        if a == 0:
            return None                      # +-0: either zero
        return exact_ref('fmax' if name == 'maxmag' else 'fmin', a, b)
    if name == 'nextafter':
        if isn(a) or isn(b):
            return NAN
        if a == b:
            return b
        if a == 0:
            return flt((bits(b) & 0x80000000) | 1)
        u = bits(a)
        return flt(u + 1 if (a < b) == (u < 0x80000000) else u - 1)
    if name in ('logb', 'ilogb'):
        if isn(a) or math.isinf(a):
            return (0x7FFFFFFF if name == 'ilogb' else abs(a))
        if a == 0:
            return (-2**31 if name == 'ilogb' else -INF)
        e = math.frexp(a)[1] - 1
        return e if name == 'ilogb' else float(e)
    if name == 'fract':
        if isn(a):
            return (a, a)
        if math.isinf(a):
            return (math.copysign(0.0, a), a)
        if a == 0:
            return (a, a)
        fl = float(math.floor(a))
        return (min(round_f32(q(a) - q(fl)), flt(0x3F7FFFFF)), math.copysign(fl, a) if fl == 0 else fl)
    if name == 'remquo':
        if isn(a) or isn(b) or math.isinf(a) or b == 0:
            return (NAN, 0)
        if math.isinf(b):
            return (a, 0)
        n = round(q(a) / q(b))               # half to even
        r = q(a) - n * q(b)
        rv = math.copysign(float(r), a) if r == 0 else float(r)
        k = abs(n) & 0x7F
        return (rv, -k if (a < 0) != (b < 0) else k)
    if name in ('mix', 'mad', 'smoothstep', 'fma'):
        return None                          # below: the operation sequence
    raise ValueError(name)


def fop(op, x, y):
    """one binary32 operation, correctly rounded (IEEE 754, NaN canonical)"""
    if any(math.isnan(v) for v in (x, y)) or any(math.isinf(v) for v in (x, y)):
        with_inf = {'+': lambda: x + y, '-': lambda: x - y, '*': lambda: x * y,
                    '/': lambda: x / y if y != 0 else (NAN if x == 0 or math.isnan(x) else math.copysign(INF, x) * math.copysign(1, y))}
        try:
            return f32(with_inf[op]())
        except (ZeroDivisionError, ValueError):
            return NAN
    if op == '/':
        if y == 0:
            return NAN if x == 0 else math.copysign(INF, x) * math.copysign(1, y)
        r = q(x) / q(y)
    else:
        r = {'+': q(x) + q(y), '-': q(x) - q(y), '*': q(x) * q(y)}[op]
    if r == 0:
        if op == '*' or op == '/':
            return math.copysign(0.0, x) * math.copysign(1, y)
        if op == '+':
            return -0.0 if (math.copysign(1, x) < 0 and math.copysign(1, y) < 0) else 0.0
        return -0.0 if (math.copysign(1, x) < 0 and math.copysign(1, y) > 0) else 0.0
    return round_f32(r)


def seq_ref(name, a, b, c):
    """mix, mad, smoothstep: the result of OpenCL's definition as binary32
    operations (mad: either rounding; fma: one)"""
    if name == 'mix':
        return [fop('+', a, fop('*', fop('-', b, a), c))]
    if name == 'mad':
        r = [fop('+', fop('*', a, b), c)]
        if not any(math.isnan(v) or math.isinf(v) for v in (a, b, c)):
            r.append(round_f32(q(a) * q(b) + q(c)) if q(a) * q(b) + q(c) != 0 else r[0])
        return r
    if name == 'fma':
        if any(math.isnan(v) or math.isinf(v) for v in (a, b, c)):
            return [fop('+', fop('*', a, b), c)]
        s = q(a) * q(b) + q(c)
        if s == 0:
            return [fop('+', fop('*', a, b), c)]
        return [round_f32(s)]
    if name == 'smoothstep':
        t = fop('/', fop('-', c, a), fop('-', b, a))
        t = exact_ref('fmax', t, 0.0)
        t = exact_ref('fmin', 0.0 if t is None else t, 1.0)
        if t is None or math.isnan(t):
            return [NAN, t]
        return [fop('*', fop('*', t, t), fop('-', 3.0, fop('*', 2.0, t)))]
    raise ValueError(name)


# ---- inputs ------------------------------------------------------------------------
EDGE = [0.0, -0.0, flt(1), flt(0x80000001), flt(0x007FFFFF), flt(0x807FFFFF), flt(0x00800000),
        flt(0x80800000), 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.0, -2.5, 3.5, 1e-20, -1e-20,
        flt(0x7F7FFFFF), flt(0xFF7FFFFF), INF, -INF, NAN, 0.1, -0.1, 10.0, 100.0, -100.0,
        1e10, -1e10, 8388607.5, 8388608.0, -8388609.0, 16777215.0, 0.49999997, -0.49999997,
        flt(0x3F7FFFFF), flt(0x3F800001), 1e38, -1e38]


def near_pio2():
    """floats next to multiples of pi/2 (k up to 2^20, and a few far ones),
    and the float closest to a multiple of pi/2 (the hardest reduction case)"""
    out = []
    for k in list(range(1, 64)) + [2**i for i in range(6, 21)] + [2**i + 1 for i in range(6, 21)]:
        v = f32(k * PI / 2)
        b = bits(v)
        out += [flt(b - 1), v, flt(b + 1), -v]
    out += [flt(0x5AFB6ED8), flt(0x6F3B4D9B), flt(0x4C30ED79), flt(0x7D83E1C5), flt(0x3F490FDB), flt(0x3F490FDA),
            105414350.0, float.fromhex('0x1.6c8b5p+21'), float.fromhex('0x1.921fb6p+125')]
    return out


THRESH = {
    'exp': [88.72283, 88.72284, 88.7228394, -87.33654, -87.3365479, -103.27893, -103.972084, -103.97209, -104.0],
    'exp2': [127.99999, 128.0, -126.0, -126.00001, -149.0, -149.5, -150.0, -150.00002],
    'exp10': [38.53184, 38.5318394, 38.53185, -37.92978, -44.85, -45.15, -45.1545277, -45.2],
    'sinh': [89.41598, 89.415985, 89.416, -89.415985, 9.0, 1.0, 0.99999994, 0.55],
    'cosh': [89.41598, 89.415985, 89.416, -89.415985, 88.72284],
    'tanh': [0.55, 0.54999995, 9.0, 9.1, 9.100001, -9.1],
    'erf': [0.84375, 0.84374994, 1.25, 1.2499999, 2.857142, 2.8571432, 4.0, 3.9999998, 0.25, 0.24999999, -0.8437,
            -1.25, -3.0],
    'erfc': [0.84375, 0.84374994, 1.25, 1.2499999, 2.857142, 2.8571432, 4.0, 9.2, 9.9, 10.05, 10.0542, 10.06,
             0.25, 0.24999999, -0.25, -0.8437, -1.25, -3.0, -9.0],
    'tgamma': [35.04, 35.0401, 35.05, 36.0, 8.0, 7.9999995, 8.000001, -0.5, -1.5, -2.5, -49.5, -50.5, -41.1, 2.0**-20,
               2.0**-127, 2.0**-128, -2.0**-127, 1.0, 2.0, 3.0, 0.75, 1.25, 1.75, 2.5],
    'lgamma': [0.75, 0.74999994, 1.25, 1.2500001, 1.75, 1.7499999, 2.5, 2.5000002, 1.0000001, 0.99999994, 2.0000002,
               1.9999999, 8.0, 7.9999995, 2.0**26, 2.0**26 - 4, 4e36, 4.1e36, -0.5, -1.5, -3.5, -41.5, -100.5],
}
THRESH['lgamma_r'] = THRESH['lgamma_r_sign'] = THRESH['lgamma']


def rand_float(rng):
    """a random bit pattern over the whole float range (NaNs rarely)"""
    return flt(rng.getrandbits(32))


def inputs(name, kinds, n, rng):
    """n input tuples for the function: edges first, then random"""
    e = list(EDGE)
    if name in ('sin', 'cos', 'tan', 'sincos_sin', 'sincos_cos'):
        e += near_pio2()
    if name in ('sinpi', 'cospi', 'tanpi'):
        e += [k / 4 + d for k in range(-12, 13) for d in (0.0, 2**-20, -2**-20)] + \
            [flt(bits(2.0**23) - 1), 2.0**23 + 1, 2.0**24 - 1, 2.0**24, 2.0**24 + 2, flt(0x02000000), flt(0x01FFFFFF)]
    e += THRESH.get(name, [])
    if len(kinds) == 1:
        pts = [(x,) for x in e]
    else:
        pts = []
        ee = EDGE[:24] + [3.0, -3.0, 0.25, 4.0, 127.5, -149.5]
        for x in ee:
            for y in ee:
                pts.append((x, y) if len(kinds) == 2 else (x, y, ee[(bits(x) ^ bits(y)) % len(ee)]))
    if kinds == 'fi' and name == 'rootn':
        pts = [(x, k) for x in EDGE + [8.0, -8.0, 27.0, -27.0, 1024.0] for k in (0, 1, -1, 2, 3, -2, -3, 7, 24, -24, 127,
                                                                          2**31 - 1, -2**31, 16777217)]
    elif kinds == 'fi':             # pown, ldexp: every edge with exponents of interest
        pts = [(x, k) for x in EDGE for k in (0, 1, -1, 2, 3, -2, -3, 7, 24, -24, 127, 128, -126, -149, -150, 254,
                                               -277, 300, -300, 2**31 - 1, -2**31, 16777217, -16777217)]
    res = list(pts)
    while len(res) < n:
        r = rng.random()
        if name in ('exp', 'sinh', 'cosh', 'tanh'):
            x = rng.uniform(-105, 90) if r < 0.6 else rand_float(rng)
            if name == 'tanh' and r < 0.3:
                x = rng.uniform(-10, 10)
        elif name == 'exp2':
            x = rng.uniform(-151, 129) if r < 0.6 else rand_float(rng)
        elif name == 'exp10':
            x = rng.uniform(-46, 39) if r < 0.6 else rand_float(rng)
        elif name == 'rootn':
            x = rand_float(rng) if r < 0.6 else rng.uniform(-100, 100)
            k = rng.choice([rng.randint(-40, 40), rng.randint(-2**31, 2**31 - 1)]) if r < 0.9 else rng.randint(-3, 3)
            res.append((f32(x), k))
            continue
        elif name in ('erf', 'erfc'):
            x = rng.uniform(-5, 5) if r < 0.5 else rng.uniform(-11, 11) if r < 0.7 else rand_float(rng)
        elif name == 'tgamma':
            x = rng.uniform(-45, 37) if r < 0.5 else rng.uniform(0, 10) if r < 0.7 else \
                rng.uniform(-1, 1) * 2.0 ** -rng.randint(0, 130) if r < 0.8 else rand_float(rng)
        elif name in ('lgamma', 'lgamma_r', 'lgamma_r_sign'):
            x = rng.uniform(0, 100) if r < 0.4 else abs(rand_float(rng)) if r < 0.8 else rng.uniform(0.5, 3)
            if name == 'lgamma_r_sign' and r < 0.5:
                x = -x
        elif name == 'expm1':
            x = rng.uniform(-20, 90) if r < 0.3 else rng.uniform(-1.5, 1.5) if r < 0.6 else rand_float(rng)
        elif name == 'log1p':
            x = rng.uniform(-1, 1) if r < 0.4 else abs(rand_float(rng)) if r < 0.7 else \
                rng.uniform(-1, 0) * 2.0 ** -rng.randint(0, 40) if r < 0.8 else rand_float(rng)
        elif name in ('asinh', 'acosh'):
            x = rand_float(rng) if r < 0.4 else rng.uniform(-10, 10) if r < 0.7 else 1 + abs(rand_float(rng)) % 4 \
                if r < 0.9 else rng.uniform(1, 1.01)
        elif name == 'atanh':
            x = rng.uniform(-1, 1) if r < 0.6 else rand_float(rng) if r < 0.8 else \
                math.copysign(1 - abs(rand_float(rng)) % 1, rng.random() - 0.5)
        elif name in ('sinpi', 'cospi', 'tanpi'):
            x = rng.uniform(-10, 10) if r < 0.4 else rand_float(rng) if r < 0.7 else \
                rng.uniform(-2**23, 2**23) if r < 0.85 else rng.randint(-2**20, 2**20) / 2 + rng.uniform(-1e-4, 1e-4)
        elif name in ('sin', 'cos', 'tan', 'sincos_sin', 'sincos_cos'):
            x = rng.uniform(-200, 200) if r < 0.4 else rand_float(rng) if r < 0.8 else rng.uniform(-1e6, 1e6)
        elif name in ('asin', 'acos', 'asinpi', 'acospi'):
            x = rng.uniform(-1, 1) if r < 0.7 else rand_float(rng) if r < 0.8 else \
                math.copysign(1 - abs(rand_float(rng)) % 1, rng.random() - 0.5)
        elif name in ('log', 'log2', 'log10', 'sqrt', 'rsqrt', 'cbrt'):
            x = abs(rand_float(rng)) if r < 0.7 else rng.uniform(0.5, 2) if r < 0.9 else rand_float(rng)
        elif name in ('pow', 'powr'):
            x = abs(rand_float(rng))
            if name == 'pow' and r < 0.2:
                x = -x
            lx = math.log2(x) if 0 < x < INF else 1.0
            t = rng.uniform(-155, 131)
            y = t / lx if lx != 0 and r < 0.8 else rand_float(rng)
            if name == 'pow' and x < 0 and r < 0.15:
                y = float(rng.randint(-40, 40))
            if r > 0.95:
                x = rng.uniform(0.999, 1.001)
                y = rand_float(rng)
            res.append((f32(x), f32(y)))
            continue
        elif name == 'pown':
            x = rand_float(rng) if r < 0.5 else rng.uniform(-2, 2)
            lx = abs(math.log2(abs(x))) if 0 < abs(x) < INF else 1.0
            k = int(rng.uniform(-150, 128) / lx) if lx > 1e-9 else rng.randint(-1000, 1000)
            k = max(-2**31, min(2**31 - 1, k))
            res.append((f32(x), k))
            continue
        elif name == 'ldexp':
            res.append((rand_float(rng), rng.randint(-300, 300)))
            continue
        elif name in ('fmod', 'remainder', 'atan2', 'hypot', 'fdim', 'fmin', 'fmax', 'step', 'atan2pi', 'maxmag',
                      'minmag', 'nextafter', 'remquo'):
            x = rand_float(rng)
            y = rand_float(rng) if r < 0.5 else f32(x * rng.uniform(-3, 3)) if r < 0.8 else rng.uniform(-10, 10)
            res.append((x, f32(y)))
            continue
        elif len(kinds) == 3:
            if name == 'clamp':
                lo, hi = sorted([rand_float(rng), rand_float(rng)]) if r < 0.5 else sorted([rng.uniform(-9, 9), rng.uniform(-9, 9)])
                res.append((rand_float(rng) if r < 0.5 else f32(rng.uniform(-10, 10)), f32(lo), f32(hi)))
            elif name == 'smoothstep':
                e0, e1 = sorted([f32(rng.uniform(-100, 100)), f32(rng.uniform(-100, 100))])
                res.append((e0, e1, f32(rng.uniform(e0 - 5, e1 + 5))))
            else:
                res.append(tuple(rand_float(rng) if r < 0.5 else f32(rng.uniform(-100, 100)) for _ in range(3)))
            continue
        elif name in ('atan', 'atanpi'):
            x = rand_float(rng) if r < 0.5 else rng.uniform(-4, 4)
        else:
            x = rand_float(rng) if r < 0.6 else f32(rng.uniform(-100, 100)) if r < 0.8 else \
                f32(rng.randint(-50, 50) / 2)
        res.append((f32(x),))
    res = res[:max(n, len(pts))]
    # every float input a binary32 value (the edges are written as decimals)
    return [tuple(v if k == 'i' else f32(v) for v, k in zip(p, kinds)) for p in res]


# ---- kernels and launches ----------------------------------------------------------------
def kernel(kname, expr, kinds, nout):
    """a kernel applying expr to each work-item's inputs a, b, c (n: an int)"""
    nin = len(kinds)
    lines = ['__kernel void %s(__global const uint *in, __global uint *out)' % kname, '{',
             '    uint i = get_global_id(0);']
    names = 'abc'
    for j, k in enumerate(kinds):
        if k == 'i':
            lines.append('    int n = (int)in[i * %d + %d];' % (nin, j))
        else:
            lines.append('    float %s = as_float(in[i * %d + %d]);' % (names[j], nin, j))
    if '&e)' in expr:                # frexp, remquo: a float and an int
        lines += ['    int e;', '    float m = %s;' % expr,
                  '    out[i * 2] = as_uint(m);', '    out[i * 2 + 1] = (uint)e;']
    elif '&ip)' in expr:             # modf, fract: two floats
        lines += ['    float ip;', '    float f = %s;' % expr,
                  '    out[i * 2] = as_uint(f);', '    out[i * 2 + 1] = as_uint(ip);']
    elif expr.startswith('ilogb'):
        lines.append('    out[i] = (uint)%s;' % expr)
    else:
        lines.append('    out[i] = as_uint(%s);' % expr)
    lines.append('}')
    return '\n'.join(lines) + '\n'


def pad(pts):
    n = (len(pts) + 63) // 64 * 64
    return pts + [pts[-1]] * (n - len(pts))


def run_device(jobs, tmp):
    """jobs: (kname, source, points, kinds, nout); returns the output words per job"""
    src = '#pragma OPENCL FP_CONTRACT OFF\n' + ''.join(j[1] for j in jobs)
    prog = os.path.join(tmp, 'prog.cl')
    with open(prog, 'w') as f:
        f.write(src)
    jl = []
    for kname, _, pts, kinds, nout in jobs:
        words = []
        for p in pts:
            for v, k in zip(p, kinds):
                words.append(v & 0xFFFFFFFF if k == 'i' else bits(v))
        fin = os.path.join(tmp, kname + '.in')
        with open(fin, 'wb') as f:
            f.write(struct.pack('<%dI' % len(words), *words))
        jl.append('%s %d %d %d %s %s' % (kname, len(pts), len(kinds), nout, fin, os.path.join(tmp, kname + '.out')))
    jf = os.path.join(tmp, 'jobs')
    with open(jf, 'w') as f:
        f.write('\n'.join(jl) + '\n')
    env = dict(os.environ, OCL_ICD_VENDORS=os.path.join(B, 'etc/OpenCL/vendors'),
               WQ_CL_PLATFORM='warpq', WQ_BACKEND='model', WQ_FP='1')
    host = os.path.join(B, 'tests/mathlib/host')
    r = subprocess.run([host, prog, jf, '-wq-alias=off'], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stdout + r.stderr
    outs = []
    for kname, _, pts, kinds, nout in jobs:
        with open(os.path.join(tmp, kname + '.out'), 'rb') as f:
            b = f.read()
        outs.append(struct.unpack('<%dI' % (len(b) // 4), b))
    return outs, ''


# ---- the special values (bit for bit) ---------------------------------------------------
P0, N0 = 0.0, -0.0
SPECIAL = [
    # C99 Annex F / OpenCL C 1.2 7.5.1: (expression, expected result)
    ('pow', (N0, -3.0), -INF), ('pow', (P0, -3.0), INF), ('pow', (N0, -2.0), INF), ('pow', (N0, 3.0), N0),
    ('pow', (N0, 2.0), P0), ('pow', (-1.0, INF), 1.0), ('pow', (-1.0, -INF), 1.0), ('pow', (1.0, NAN), 1.0),
    ('pow', (NAN, 0.0), 1.0), ('pow', (NAN, N0), 1.0), ('pow', (-2.0, 0.5), NAN), ('pow', (0.5, -INF), INF),
    ('pow', (2.0, -INF), P0), ('pow', (0.5, INF), P0), ('pow', (2.0, INF), INF), ('pow', (-INF, -3.0), N0),
    ('pow', (-INF, -2.0), P0), ('pow', (-INF, 3.0), -INF), ('pow', (-INF, 2.0), INF), ('pow', (INF, -1.0), P0),
    ('pow', (INF, 0.5), INF), ('pow', (N0, -INF), INF), ('pow', (-8.0, 1.0 / 3), NAN),
    ('pown', (N0, -3), -INF), ('pown', (P0, -2), INF), ('pown', (N0, 3), N0), ('pown', (N0, 2), P0),
    ('pown', (NAN, 0), 1.0), ('pown', (-2.0, 3), -8.0), ('pown', (-INF, -1), N0),
    ('powr', (-1.0, 2.0), NAN), ('powr', (P0, P0), NAN), ('powr', (INF, P0), NAN), ('powr', (1.0, INF), NAN),
    ('powr', (P0, -1.0), INF), ('powr', (P0, -INF), INF), ('powr', (P0, 1.0), P0), ('powr', (1.0, 5.0), 1.0),
    ('powr', (2.0, NAN), NAN), ('powr', (NAN, 1.0), NAN), ('powr', (4.0, 0.5), 2.0),
    ('sin', (N0,), N0), ('sin', (INF,), NAN), ('cos', (N0,), 1.0), ('cos', (-INF,), NAN), ('tan', (N0,), N0),
    ('tan', (INF,), NAN), ('asin', (N0,), N0), ('asin', (1.5,), NAN), ('acos', (1.0,), P0), ('acos', (-1.5,), NAN),
    ('atan', (N0,), N0), ('atan', (INF,), f32(PI / 2)), ('atan', (-INF,), -f32(PI / 2)),
    ('atan2', (P0, N0), f32(PI)), ('atan2', (N0, N0), -f32(PI)), ('atan2', (P0, P0), P0), ('atan2', (N0, P0), N0),
    ('atan2', (P0, -1.0), f32(PI)), ('atan2', (N0, -1.0), -f32(PI)), ('atan2', (P0, 1.0), P0),
    ('atan2', (-1.0, P0), -f32(PI / 2)), ('atan2', (1.0, N0), f32(PI / 2)), ('atan2', (1.0, -INF), f32(PI)),
    ('atan2', (-1.0, -INF), -f32(PI)), ('atan2', (1.0, INF), P0), ('atan2', (-1.0, INF), N0),
    ('atan2', (INF, 1.0), f32(PI / 2)), ('atan2', (INF, -INF), f32(3 * PI / 4)), ('atan2', (-INF, INF), -f32(PI / 4)),
    ('exp', (-INF,), P0), ('exp', (INF,), INF), ('exp', (N0,), 1.0), ('exp2', (-INF,), P0), ('exp10', (INF,), INF),
    ('log', (P0,), -INF), ('log', (N0,), -INF), ('log', (-1.0,), NAN), ('log', (1.0,), P0), ('log', (INF,), INF),
    ('log2', (N0,), -INF), ('log2', (1.0,), P0), ('log10', (P0,), -INF), ('log10', (1.0,), P0),
    ('log2', (8.0,), 3.0), ('log10', (1000.0,), 3.0), ('exp2', (10.0,), 1024.0), ('exp10', (3.0,), 1000.0),
    ('sinh', (N0,), N0), ('sinh', (-INF,), -INF), ('cosh', (N0,), 1.0), ('cosh', (-INF,), INF),
    ('tanh', (N0,), N0), ('tanh', (-INF,), -1.0), ('tanh', (INF,), 1.0),
    ('hypot', (INF, NAN), INF), ('hypot', (NAN, -INF), INF), ('hypot', (N0, N0), P0), ('hypot', (3.0, 4.0), 5.0),
    ('cbrt', (N0,), N0), ('cbrt', (-INF,), -INF), ('cbrt', (-27.0,), -3.0), ('cbrt', (64.0,), 4.0),
    ('rsqrt', (P0,), INF), ('rsqrt', (N0,), -INF), ('rsqrt', (INF,), P0), ('rsqrt', (-1.0,), NAN),
    ('rsqrt', (4.0,), 0.5),
    ('expm1', (N0,), N0), ('expm1', (-INF,), -1.0), ('expm1', (INF,), INF), ('log1p', (N0,), N0),
    ('log1p', (-1.0,), -INF), ('log1p', (-2.0,), NAN), ('log1p', (INF,), INF),
    ('asinh', (N0,), N0), ('asinh', (-INF,), -INF), ('acosh', (1.0,), P0), ('acosh', (0.5,), NAN),
    ('acosh', (INF,), INF), ('atanh', (N0,), N0), ('atanh', (1.0,), INF), ('atanh', (-1.0,), -INF),
    ('atanh', (2.0,), NAN), ('asinpi', (1.0,), 0.5), ('asinpi', (N0,), N0), ('acospi', (-1.0,), 1.0),
    ('acospi', (1.0,), P0), ('atanpi', (INF,), 0.5), ('atanpi', (N0,), N0),
    ('atan2pi', (P0, N0), 1.0), ('atan2pi', (N0, N0), -1.0), ('atan2pi', (INF, -INF), 0.75),
    ('atan2pi', (-1.0, P0), -0.5), ('sinpi', (N0,), N0), ('sinpi', (1.0,), P0), ('sinpi', (-2.0,), N0),
    ('sinpi', (0.5,), 1.0), ('sinpi', (INF,), NAN), ('cospi', (0.5,), P0), ('cospi', (1.0,), -1.0),
    ('cospi', (N0,), 1.0), ('cospi', (-INF,), NAN), ('tanpi', (0.5,), INF), ('tanpi', (1.5,), -INF),
    ('tanpi', (N0,), N0), ('tanpi', (0.25,), 1.0), ('tanpi', (INF,), NAN),
    ('rootn', (-8.0, 3), -2.0), ('rootn', (N0, -3), -INF), ('rootn', (P0, -2), INF), ('rootn', (-4.0, 2), NAN),
    ('rootn', (4.0, 0), NAN), ('rootn', (-INF, 3), -INF), ('rootn', (N0, 3), N0), ('rootn', (16.0, 4), 2.0),
    ('erf', (N0,), N0), ('erf', (INF,), 1.0), ('erf', (-INF,), -1.0), ('erfc', (INF,), P0), ('erfc', (-INF,), 2.0),
    ('erfc', (N0,), 1.0), ('tgamma', (P0,), INF), ('tgamma', (N0,), -INF), ('tgamma', (-1.0,), NAN),
    ('tgamma', (-INF,), NAN), ('tgamma', (INF,), INF), ('tgamma', (1.0,), 1.0), ('tgamma', (5.0,), 24.0),
    ('lgamma', (1.0,), P0), ('lgamma', (2.0,), P0), ('lgamma', (P0,), INF), ('lgamma', (-2.0,), INF),
    ('lgamma', (-INF,), INF), ('lgamma_r_sign', (N0,), -1.0), ('lgamma_r_sign', (-0.5,), -1.0),
    ('lgamma_r_sign', (-1.5,), 1.0),
    ('sincos_sin', (N0,), N0), ('sincos_cos', (N0,), 1.0), ('sincos_sin', (INF,), NAN),
]


# ---- the check -------------------------------------------------------------------------
def main():
    argv = sys.argv[1:]
    mode = 'quick' if '--quick' in argv else 'full' if '--full' in argv else 'default'
    bench = '--bench' in argv
    n = {'quick': 2048, 'default': 65536, 'full': 1 << 20}[mode]
    seed = 1
    for i, a in enumerate(argv):
        if a == '--n':
            n = int(argv[i + 1])
        if a == '--seed':
            seed = int(argv[i + 1])
    rng = random.Random(seed)
    passed = failed = 0

    def fail(msg):
        nonlocal failed
        failed += 1
        print('mathlib: FAIL: ' + msg)

    jobs = []
    meta = []                   # (kind, name, bound, special cases: their inputs come first)
    spec = {}
    for fn, args, want in SPECIAL:
        spec.setdefault(fn, []).append((args, want))
    for name, (expr, kinds, bound, _, _) in FN.items():
        cases = spec.get(name, [])
        pts = pad([tuple(v if k == 'i' else f32(v) for v, k in zip(a, kinds)) for a, _ in cases] +
                  inputs(name, kinds, n, rng))
        jobs.append(('k_' + name, kernel('k_' + name, expr, kinds, 1), pts, kinds, 1))
        meta.append(('ulp', name, bound, cases))
    # fma is the FFMA built-in (docs/compiler.md): checked where the compiler has it
    probe = subprocess.run([os.path.join(B, 'bin/wq'), 'cc', '--fp=1', '-o', '/dev/null', '/dev/stdin'],
                           input='__kernel void k(__global float *p) { p[0] = fma(p[1], p[2], p[3]); }\n',
                           capture_output=True, text=True)
    if probe.returncode != 0:
        print("mathlib: fma: the compiler has no fma() built-in on this tree (FFMA emission): not checked")
    for name, (expr, kinds) in EXACT.items():
        if name == 'fma' and probe.returncode != 0:
            continue
        pts = pad(inputs(name, kinds, max(n // 4, 256), rng))
        nout = 2 if name in PAIR_OUT else 1
        jobs.append(('k_' + name, kernel('k_' + name, expr, kinds, nout), pts, kinds, nout))
        meta.append(('exact', name, 0, []))
    # native_ and half_ forms: one kernel computes both (two words per input)
    alias_jobs = []
    for name in ALIASES:
        expr, kinds = FN[name][0], FN[name][1]
        pts = pad(inputs(name, kinds, max(n // 16, 256), rng))
        src = kernel('k_x_' + name, 'native_' + expr, kinds, 1).replace(
            '    out[i] = as_uint(native_%s);' % expr,
            '    out[i * 2] = as_uint(native_%s);\n    out[i * 2 + 1] = as_uint(half_%s);' % (expr, expr))
        jobs.append(('k_x_' + name, src, pts, kinds, 2))
        meta.append(('pair', name, None, []))
        alias_jobs.append(name)
    for name, expr, kinds in (('divide', 'divide(a, b)', 'ff'), ('recip', 'recip(a)', 'f')):
        pts = pad(inputs('fmod' if kinds == 'ff' else 'sqrt', kinds, max(n // 16, 256), rng))
        src = kernel('k_x_' + name, 'native_' + expr, kinds, 1).replace(
            '    out[i] = as_uint(native_%s);' % expr,
            '    out[i * 2] = as_uint(native_%s);\n    out[i * 2 + 1] = as_uint(half_%s);' % (expr, expr))
        jobs.append(('k_x_' + name, src, pts, kinds, 2))
        meta.append(('pair', name, None, []))

    with tempfile.TemporaryDirectory() as tmp:
        outs, log = run_device(jobs, tmp)
        if outs is None:
            print('mathlib: FAIL: the device run failed:\n' + log)
            print('mathlib: 0 passed, 1 failed')
            return 1
    # the pairs as two results each: native_ (the full bound) and half_ (8192 ulp)
    j2, o2, m2 = [], [], []
    for job, out, m in zip(jobs, outs, meta):
        if m[0] != 'pair':
            j2.append(job)
            o2.append(out)
            m2.append(m)
            continue
        name = m[1]
        for k, pre in enumerate(('native_', 'half_')):
            j2.append(job)
            o2.append(out[k::2])
            if name in ('divide', 'recip'):
                m2.append(('div', pre + name, 8192 if pre == 'half_' else 0, []))
            else:
                m2.append(('ulp', pre + name, 8192 if pre == 'half_' else FN[name][2], []))
    jobs, outs, meta = j2, o2, m2

    worst_all = {}
    kinds_of = {m[1]: m[0] for m in meta}
    mp_checked = 0
    for (kname, _, pts, kinds, nout), out, (kind, name, bound, cases) in zip(jobs, outs, meta):
        if cases:
            bad = 0
            for (args, want), w in zip(cases, out):
                y = flt(w)
                okv = (math.isnan(want) and math.isnan(y)) or (bits(f32(want)) == w)
                if not okv:
                    bad += 1
                    fail('%s%s = %r (0x%08x), expected %r' % (name, args, y, w, want))
            if not bad:
                passed += 1
        if kind in ('exact', 'div'):
            bad = 0
            for i, p in enumerate(pts):
                if name in INT_OUT:
                    y = out[i] - (1 << 32) if out[i] >= 1 << 31 else out[i]
                    good = y == exact_ref(name, *p)
                elif name in PAIR_OUT:
                    y = (flt(out[2 * i]), out[2 * i + 1] if PAIR_OUT[name] == 'i' else flt(out[2 * i + 1]))
                    want = exact_ref(name, *p)
                    if PAIR_OUT[name] == 'i':
                        good = (bits(want[0]) == bits(y[0]) or (math.isnan(want[0]) and math.isnan(y[0]))) and \
                            (want[1] & 0xFFFFFFFF) == y[1]
                    else:
                        good = all(bits(f32(a)) == bits(b) or (math.isnan(a) and math.isnan(b)) for a, b in zip(want, y))
                elif kind == 'div' or name in ('mix', 'mad', 'smoothstep', 'fma'):
                    y = flt(out[i])
                    if kind == 'div':
                        a, b = (p[0], p[1]) if 'divide' in name else (1.0, p[0])
                        v = fop('/', a, b)
                        good = (math.isnan(v) and math.isnan(y)) or bits(v) == bits(y)
                        if not good and bound and b != 0 and all(math.isfinite(t) for t in (a, b)):
                            good = ulp_err(y, mp.mpf(a) / mp.mpf(b)) <= bound
                    else:
                        cands = seq_ref(name, *p)
                        good = any((c is None) or (math.isnan(c) and math.isnan(y)) or bits(f32(c)) == bits(y)
                                   for c in cands)
                else:
                    y = flt(out[i])
                    want = exact_ref(name, *p)
                    if want is None:
                        good = y == 0
                    else:
                        good = (math.isnan(want) and math.isnan(y)) or bits(f32(want)) == out[i]
                        # fmin/fmax of +0 and -0 may be either (OpenCL 1.2, IEEE 754-2008 minNum)
                        if name in ('fmin', 'fmax', 'clamp', 'maxmag', 'minmag') and want == 0 and y == 0:
                            good = True
                if not good:
                    bad += 1
                    if bad <= 5:
                        fail('%s%r = %r, expected %r' % (name, tuple(p), y,
                             exact_ref(name, *p) if kind == 'exact' and name not in ('mix', 'mad', 'smoothstep', 'fma')
                             else 'the definition\'s'))
            worst_all[name] = (0.0 if not bad else math.inf, bound, len(pts))
            if not bad:
                passed += 1
            continue
        # a function with an ULP bound: the fast reference for every point,
        # mpmath for the edges, the worst 24 and a sample
        base = name.replace('native_', '').replace('half_', '')
        _, _, _, fast, exact = FN[base]
        errs = []
        ys = struct.unpack('<%df' % len(out), struct.pack('<%dI' % len(out), *out))
        for i, p in enumerate(pts):
            y = ys[i]
            try:
                v = fast(*p)
            except (ValueError, OverflowError, ZeroDivisionError):
                v = NAN
            if v is None or (isinstance(v, float) and math.isnan(v)):
                e = 0.0 if math.isnan(y) else math.inf
            elif isinstance(v, float) and math.isinf(v):
                e = ulp_err(y, v)
            else:
                e = abs(y - v) / ulp_of(v) if math.isfinite(y) else ulp_err(y, v)
            errs.append((e, i))
        nedge = min(len(pts), 600)
        check = set(range(nedge))
        check |= {i for _, i in heapq.nlargest(24, errs)}
        if mode == 'full':
            check |= set(rng.sample(range(len(pts)), min(500, len(pts))))
        worst = 0.0
        worst_at = None
        for i in sorted(check):
            p = pts[i]
            y = flt(out[i])
            # operands that are zero, inf or NaN: the fast reference's IEEE value
            ieee = any(isinstance(t, float) and (math.isnan(t) or math.isinf(t) or t == 0) for t in p)
            v = exact(*[mp.mpf(t) if isinstance(t, float) else t for t in p]) if not ieee else None
            if v is None and not ieee:
                e = 0.0 if math.isnan(y) else math.inf
            elif v is None:
                e = errs[i][0]              # inf/NaN inputs: the fast reference's IEEE value
            else:
                e = ulp_err(y, v)
                if abs(e - errs[i][0]) > 0.01 and math.isfinite(e) and math.isfinite(errs[i][0]):
                    fail('%s%r: the fast reference and mpmath disagree (%.3f vs %.3f ulp)' % (name, p, errs[i][0], e))
            mp_checked += 1
            if e > worst:
                worst, worst_at = e, (p, y)
        fast_worst = max(e for e, _ in errs)
        if fast_worst > worst + 0.01:
            worst, worst_at = fast_worst, (pts[max(errs)[1]], flt(out[max(errs)[1]]))
        worst_all[name] = (worst, bound, len(pts))
        if worst > bound:
            p, y = worst_at
            fail('%s: worst error %.3f ulp > %g at %r -> %r (0x%08x)' % (name, worst, bound, p, y, bits(y)))
        else:
            passed += 1
        if not bench:
            print('mathlib: %-14s worst %7.3f ulp (bound %g) over %d inputs' % (name, worst, bound, len(pts)))
    if bench:
        for name in sorted(worst_all):
            w, b, npts = worst_all[name]
            what = 'bit for bit against the exact result' if kinds_of.get(name) != 'ulp' else \
                'bound %g ulp, OpenCL C 1.2 table 7.1; worst against mpmath' % b
            print('mathlib_max_ulp_%s: %.3f (%s; %d random and edge inputs on the model with an FPU, '
                  'scripts/mathlib_check.py)' % (name, w, what, npts))
    print('mathlib: %d functions, %d points checked against mpmath' % (len(worst_all), mp_checked))
    print('mathlib: %d passed, %d failed' % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == '__main__':
    sys.exit(main())
