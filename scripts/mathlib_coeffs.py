#!/usr/bin/env python3
"""mathlib_coeffs.py -- the constants of the device math library
(cmodel/compiler/lib/math.cl, docs/mathlib.md), derived with mpmath.

Every polynomial is a Chebyshev fit (mpmath.chebyfit: near-minimax) of the
part of the function left after its leading terms, on the interval the
library's argument reduction leaves, with its coefficients rounded to
binary32; the bits of 2/pi for the Payne-Hanek reduction of sin/cos/tan
come from mpmath at 400 bits.  The script prints the block that sits
between the `BEGIN GENERATED` and `END GENERATED` lines of math.cl;
--check compares it with the file (make test runs that), --write
replaces it.

Usage: mathlib_coeffs.py [--check | --write] [MATH.cl]
"""
import struct
import sys

import mpmath as mp

mp.mp.prec = 120


def f32(x):
    """x rounded to binary32 (round to nearest even), as a Python float"""
    return struct.unpack('<f', struct.pack('<f', float(x)))[0]


def hexf(x):
    """a binary32 value as an exact OpenCL C hexadecimal literal"""
    x = f32(x)
    if x == 0:
        return '0.0f'
    s = '-' if x < 0 else ''
    m, e = mp.frexp(abs(mp.mpf(x)))       # x = m * 2^e, 0.5 <= m < 1
    m = int(m * 2**24)
    e -= 24
    while m % 2 == 0:
        m //= 2
        e += 1
    return '%s0x%xp%df' % (s, m, e)


def fit(name, g, lo, hi, deg, rel=True):
    """coefficients (constant first) of a degree-deg fit of g on [lo, hi],
    rounded to binary32, and the fit's worst relative (rel False: absolute)
    error on a grid"""
    c = mp.chebyfit(g, [lo, hi], deg + 1)[::-1]
    c = [f32(v) for v in c]
    worst = 0
    for i in range(401):
        z = lo + (hi - lo) * mp.mpf(i) / 400
        p = mp.mpf(0)
        for v in reversed(c):
            p = p * z + v
        ref = g(z)
        if not rel:
            worst = max(worst, abs(p - ref))
        elif ref != 0:
            worst = max(worst, abs((p - ref) / ref))
    return name, c, worst, rel


def z_or(f, at0):
    """f(z), with its limit at0 at z = 0"""
    return lambda z: at0 if z == 0 else f(z)


def polys():
    pi = mp.pi
    out = []
    # exp(r) = 1 + r + r^2 P(r), |r| <= ln2/2 (a margin for the rounding of k)
    out.append(fit('EXP', z_or(lambda r: (mp.exp(r) - 1 - r) / r**2, mp.mpf(1) / 2), -0.3467, 0.3467, 5))
    # log(1+f) = 2 atanh(s) = 2s + s^3 P(s^2), s = f/(2+f), s^2 <= ((sqrt2-1)/(sqrt2+1))^2
    smax2 = ((mp.sqrt(2) - 1) / (mp.sqrt(2) + 1))**2
    out.append(fit('LOG', z_or(lambda z: (2 * mp.atanh(mp.sqrt(z)) - 2 * mp.sqrt(z)) / mp.sqrt(z)**3,
                                mp.mpf(2) / 3), 0, smax2 * 1.001, 4))
    # sin(r) = r + r^3 P(r^2), cos(r) = 1 - r^2/2 + r^4 Q(r^2), |r| <= pi/4
    q2 = (pi / 4)**2 * 1.001
    out.append(fit('SIN', z_or(lambda z: (mp.sin(mp.sqrt(z)) - mp.sqrt(z)) / mp.sqrt(z)**3, -mp.mpf(1) / 6), 0, q2, 3))
    out.append(fit('COS', z_or(lambda z: (mp.cos(mp.sqrt(z)) - 1 + z / 2) / z**2, mp.mpf(1) / 24), 0, q2, 3))
    # asin(x) = x + x^3 P(x^2), |x| <= 1/2
    out.append(fit('ASIN', z_or(lambda z: (mp.asin(mp.sqrt(z)) - mp.sqrt(z)) / mp.sqrt(z)**3, mp.mpf(1) / 6), 0, 0.2501, 7))
    # atan(t) = t + t^3 P(t^2), |t| <= tan(pi/12)
    out.append(fit('ATAN', z_or(lambda z: (mp.atan(mp.sqrt(z)) - mp.sqrt(z)) / mp.sqrt(z)**3, -mp.mpf(1) / 3), 0,
                   mp.tan(pi / 12)**2 * 1.001, 5))
    # sinh(x) = x + x^3 P(x^2), |x| <= 1
    out.append(fit('SINH', z_or(lambda z: (mp.sinh(mp.sqrt(z)) - mp.sqrt(z)) / mp.sqrt(z)**3, mp.mpf(1) / 6), 0, 1.001, 4))
    # tanh(x) = x + x^3 P(x^2), |x| <= 0.55
    out.append(fit('TANH', z_or(lambda z: (mp.tanh(mp.sqrt(z)) - mp.sqrt(z)) / mp.sqrt(z)**3, -mp.mpf(1) / 3), 0,
                   0.3026, 7))
    # cbrt(m), 1 <= m <= 8: the first guess that Newton's iteration refines
    out.append(fit('CBRT', lambda m: mp.cbrt(m), 1, 8, 3))
    # erf(x) = x + x P(x^2), |x| < 0.84375
    out.append(fit('ERFA', z_or(lambda z: (mp.erf(mp.sqrt(z)) - mp.sqrt(z)) / mp.sqrt(z), 2 / mp.sqrt(pi) - 1),
                   0, 0.7119, 6, rel=False))
    # erf(1 + s) = ERX + P(s), -0.15625 <= s < 0.25 (ERX: erf(1) rounded)
    erx = f32(mp.erf(1))
    out.append(fit('ERFB', lambda s: mp.erf(1 + s) - erx, -0.15625, 0.25, 8, rel=False))
    # erfc(x) = exp(-x^2 - 0.5625 + R(t)) / x, t = 1/x^2, for 1.25 <= x < 1/0.35 and
    # 1/0.35 <= x < 10.06, each in t - t0 (t0 the interval's middle: smaller coefficients)
    rr = lambda t: mp.log(mp.erfc(1 / mp.sqrt(t)) / mp.sqrt(t)) + 1 / t + mp.mpf(9) / 16
    for name, lo, hi, deg in (('ERFC1', mp.mpf(0.35)**2 * 0.999, 0.6401, 10),
                              ('ERFC2', 1 / mp.mpf(10.1)**2, mp.mpf(0.35)**2 * 1.001, 7)):
        t0 = f32((lo + hi) / 2)
        out.append(fit(name, lambda u, t0=t0: rr(u + t0), lo - t0, hi - t0, deg, rel=False))
    # lgamma(1 + t) = t P(t), |t| <= 1/4; lgamma(2 + t) = t Q(t), -1/4 <= t <= 1/2
    out.append(fit('LGAM1', z_or(lambda t: mp.loggamma(1 + t) / t, -mp.euler), -0.2501, 0.2501, 8))
    out.append(fit('LGAM2', z_or(lambda t: mp.loggamma(2 + t) / t, 1 - mp.euler), -0.2501, 0.5001, 7))
    return out


def consts():
    pi = mp.pi
    c = []

    def split(name, v):
        """v as hi + lo: hi with its low 12 significand bits clear (so k * hi is
        exact for |k| < 2^12), lo the rest rounded"""
        hi = f32(v)
        b = struct.unpack('<I', struct.pack('<f', hi))[0] & 0xFFFFF000
        hi = struct.unpack('<f', struct.pack('<I', b))[0]
        c.append((name + '_HI', hi))
        c.append((name + '_LO', f32(v - hi)))

    def pair(name, v):
        """v as hi + lo, hi the nearest binary32"""
        hi = f32(v)
        c.append((name + '_H', hi))
        c.append((name + '_L', f32(v - hi)))

    split('LN2', mp.log(2))
    split('LG2', mp.log10(2))           # log10(2): exp10's reduction
    c.append(('LOG2E', f32(1 / mp.log(2))))
    c.append(('LOG2_10', f32(mp.log(10) / mp.log(2))))
    pair('LN2P', mp.log(2))
    pair('LN10P', mp.log(10))
    pair('LOG2E', 1 / mp.log(2))
    pair('LOG10E', 1 / mp.log(10))
    pair('LOG10_2', mp.log10(2))
    pair('PIO2', pi / 2)
    pair('PI', pi)
    pair('PIO6', pi / 6)
    c.append(('SQRT3', f32(mp.sqrt(3))))
    c.append(('PI3O4', f32(3 * pi / 4)))
    c.append(('PIO4', f32(pi / 4)))
    c.append(('DEG', f32(180 / pi)))
    c.append(('RAD', f32(pi / 180)))
    c.append(('ERX', f32(mp.erf(1))))
    c.append(('ERFC1_T0', f32((mp.mpf(0.35)**2 * 0.999 + mp.mpf(0.6401)) / 2)))
    c.append(('ERFC2_T0', f32((1 / mp.mpf(10.1)**2 + mp.mpf(0.35)**2 * 1.001) / 2)))
    pair('HL2PI', mp.log(2 * pi, 2) / 2)    # tgamma: Stirling's constant, log2 sqrt(2 pi)
    pair('LOG2PI', mp.log(pi, 2))           # tgamma's reflection
    c.append(('EULER', f32(mp.euler)))      # Gamma(x) = 1/x - gamma + O(x)
    return c


def twoopi_words(n=9):
    """the bits of 2/pi after the binary point, 32 to a word, one zero word first"""
    mp.mp.prec = 400
    v = 2 / mp.pi
    words = [0]
    for _ in range(n):
        v *= 2**32
        w = int(mp.floor(v))
        words.append(w)
        v -= w
    mp.mp.prec = 120
    return words


def block():
    lines = ['/* BEGIN GENERATED by scripts/mathlib_coeffs.py: do not edit */']
    for name, cs, worst, rel in polys():
        lines.append('/* %s: fit error %.2e %s */' % (name.lower(), worst, 'relative' if rel else 'absolute'))
        for i, v in enumerate(cs):
            lines.append('#define %s_C%d %s' % (name, i, hexf(v)))
    for name, v in consts():
        lines.append('#define %s %s' % (name, hexf(v)))
    w = twoopi_words()
    lines.append('/* 2/pi: one zero word, then its bits after the binary point */')
    lines.append('__constant uint __wq_m_2opi[%d] = {' % len(w))
    for i in range(0, len(w), 5):
        lines.append('    ' + ', '.join('0x%08XU' % x for x in w[i:i + 5]) + ',')
    lines.append('};')
    lines.append('/* END GENERATED */')
    return '\n'.join(lines) + '\n'


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1].startswith('--') else None
    path = [a for a in sys.argv[1:] if not a.startswith('--')]
    path = path[0] if path else 'cmodel/compiler/lib/math.cl'
    b = block()
    if mode is None:
        sys.stdout.write(b)
        return 0
    text = open(path).read()
    i = text.find('/* BEGIN GENERATED')
    j = text.find('/* END GENERATED */')
    if i < 0 or j < 0:
        print('mathlib_coeffs: FAIL: %s has no generated block' % path)
        return 1
    j += len('/* END GENERATED */\n')
    if mode == '--check':
        if text[i:j] != b:
            print('mathlib_coeffs: FAIL: %s: the generated block differs from the script\'s (--write)' % path)
            return 1
        print('mathlib_coeffs: %s: the generated block is current' % path)
        return 0
    open(path, 'w').write(text[:i] + b + text[j:])
    return 0


if __name__ == '__main__':
    sys.exit(main())
