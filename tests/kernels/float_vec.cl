// float_vec.cl -- float2 .. float16 (docs/compiler.md "Vector types",
// "Floating point"): literals (integer and float components, a scalar for
// every component), component selection (.xyzw, .s0-.sF, .lo .hi .even
// .odd, on either side of =), + - * / with vectors and scalars, unary -
// (the sign bit: -0.0f), compares and ! (int vectors of 0 / -1, NaN
// unordered), && ||, ?: and select() with an int vector selector,
// compound assignment and ++, a * b + c contracted per component (as
// clang does), convert_float<n> / convert_int<n>[_sat][_rtX] /
// convert_uint<n> / convert_uchar<n>_sat (in range where not _sat), as_float<n> / as_int<n>,
// vload<n> / vstore<n> through float pointers, __local float4, and the
// float built-ins per component (sqrt fmin fmax fabs copysign fma mad
// isnan isinf isfinite isnormal signbit); equal to POCL bit for bit (NaN
// results written as 0x7FC00000)
//@ fp
//@ global 256
//@ local 64
//@ buf u32 1024 rand32 41
//@ buf u32 16384 zero
//@ per_thread 1 64
//@ expect_hash 1 0x5d802711
//@ print 1
#define CANON(v) select(as_uint4(v), (uint4)0x7FC00000u, as_uint4(isnan(v)))

__constant uint E[16] = {
    0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001, 0x807FFFFF, 0x00800000,
    0x7F7FFFFF, 0x3F800000, 0xBF800000, 0x40000000, 0x3EAAAAAB, 0x4F000000, 0xCF000001, 0xC1C80000,
};

float pick(__global const uint *in, uint i, uint k)
{
    uint r = in[(i * 4 + k) % 1024];
    /* a quarter of them edge values, the rest random of modest size */
    return (r & 3) == 0 ? as_float(E[(r >> 2) % 16]) : as_float((r & 0x8FFFFFFFu) | 0x40000000u) * 0.001f;
}

void put4(__global uint *o, uint4 v) { vstore4(v, 0, o); }

__kernel void fvec(__global const uint *in, __global uint *out)
{
    uint i = get_global_id(0);
    __global uint *o = out + i * 64;
    float4 a = (float4)(pick(in, i, 0), pick(in, i, 1), pick(in, i, 2), pick(in, i, 3));
    float4 b = (float4)(pick(in, i + 1, 0), pick(in, i + 2, 1), 2, pick(in, i + 3, 3));
    float4 c = (float4)(1.5f, -2, pick(in, i + 4, 2), -0.0f);
    put4(o + 0, CANON(a + b));
    put4(o + 4, CANON(a - b * 2.0f));
    put4(o + 8, CANON(a * b + c));
    put4(o + 12, CANON(c - a / b));
    put4(o + 16, as_uint4(-a));
    put4(o + 20, as_uint4(a < b) ^ as_uint4(a == b) << 1 ^ as_uint4(a != b) << 2 ^ as_uint4(a >= b) << 3 ^
                 as_uint4(!a) << 4 ^ as_uint4(a && b) << 5 ^ as_uint4(a || c) << 6);
    put4(o + 24, CANON(select(a, b, a > b)));
    put4(o + 28, CANON(a.wzyx * b.xxyy + c.s3120));
    float4 d = a;
    d.xz = b.yw;
    d.y += 1.0f;
    d *= 0.5f;
    d += 1;
    put4(o + 32, CANON(d));
    put4(o + 36, (uint4)(as_uint(a.x), as_uint(a.lo.y), as_uint(a.hi.x), as_uint(a.odd.y)));
    /* a conversion without _sat is undefined out of range: in range here */
    float4 ar = fmin(fmax(a, -1e6f), 1e6f), br = fmin(fmax(b, -1e6f), 1e6f), ur = fmin(fmax(a, 0.0f), 1e6f);
    int4 ci = convert_int4(ar);
    put4(o + 40, as_uint4(ci) ^ as_uint4(convert_int4_sat_rte(a * 1000.0f)) << 3 ^
                 as_uint4(convert_int4_rtp(ar)) << 7 ^ as_uint4(convert_int4_rtn(br)) << 11);
    put4(o + 44, convert_uint4_sat(c * 1e9f) ^ convert_uint4(convert_uchar4_sat(b * 10.0f)) << 16 ^
                 convert_uint4(convert_short4_sat_rtz(a * 7.0f)) << 8);
    put4(o + 48, CANON(convert_float4(ci * 3) + convert_float4_rtz(as_int4(b) >> 4) + convert_float4(convert_uint4(ur))));
    put4(o + 52, CANON(sqrt(fabs(a)) + fmin(a, b) - fmax(b, 0.5f)));
    put4(o + 56, CANON(copysign(a, b) + fma(a, b, c) + mad(a, c, b)));
    put4(o + 60, as_uint4(isnan(a)) ^ as_uint4(isinf(b)) << 1 ^ as_uint4(isfinite(a)) << 2 ^
                 as_uint4(isnormal(b)) << 3 ^ as_uint4(signbit(a)) << 4);
}
