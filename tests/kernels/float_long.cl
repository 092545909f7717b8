// float_long.cl -- conversions between float and the 64-bit integers
// (docs/compiler.md "Floating point": a sequence of 32-bit instructions,
// correctly rounded): long and ulong to float by the C rules and by
// convert_float_rte/_rtz/_rtp/_rtn, float to long and ulong toward zero
// and by convert_long[_sat]_rtX (out of range only with _sat: without it
// C leaves the result undefined), n op= x with a long n and a float x;
// and float to char / uchar / short / ushort with _sat and the rounding
// modes.  Edge values and random 64-bit patterns of every magnitude;
// equal to POCL bit for bit
//@ fp
//@ global 512
//@ local 64
//@ buf u32 2048 rand32 51
//@ buf u32 16384 zero
//@ per_thread 1 32
//@ expect_hash 1 0x0b411fa4
//@ print 1
__constant ulong EL[16] = {
    0, 1, 0xFFFFFFFFFFFFFFFFul, 0x8000000000000000ul, 0x7FFFFFFFFFFFFFFFul, 0x1000001ul, 0xFFFFFFFFul,
    0x100000000ul, 0x80000080000000ul, 0x80000080000001ul, 0xFFFFFF7FFFFFFFFFul, 0xFFFFFF8000000000ul,
    0x7FFFFFBFFFFFFFFFul, 0xFFFFFFFFFFFFFF00ul, 0x20000010ul, 0x20000030ul,
};
__constant uint EF[16] = {
    0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x5F000000, 0xDF000000, 0x5F800000,
    0x5EFFFFFF, 0xDF000001, 0x4B000001, 0xCAFFFFFF, 0x3F000000, 0xBFC00000, 0x4F7FFFFF, 0x40400000,
};

__kernel void flong(__global const uint *in, __global uint *out)
{
    uint i = get_global_id(0);
    __global uint *o = out + i * 32;
    ulong r = (ulong)in[(i * 2) % 2048] << 32 | in[(i * 2 + 1) % 2048];
    ulong u = i < 16 ? EL[i] : r >> (in[(i * 3) % 2048] % 64);
    long s = (long)u;
    float f;
    if (i < 16) f = as_float(EF[i]);
    else if (i < 256) f = as_float((in[(i * 5) % 2048] & 0x80FFFFFFu) | (0x3F000000u + (in[(i * 7) % 2048] % 70) * 0x00800000u));
    else f = as_float(in[(i * 5) % 2048]);
    o[0] = as_uint((float)u);
    o[1] = as_uint((float)s);
    o[2] = as_uint(convert_float_rtz(u));
    o[3] = as_uint(convert_float_rtp(u));
    o[4] = as_uint(convert_float_rtn(u));
    o[5] = as_uint(convert_float_rtz(s));
    o[6] = as_uint(convert_float_rtp(s));
    o[7] = as_uint(convert_float_rtn(s));
    o[8] = as_uint(convert_float_rte(s));
    long ls = convert_long_sat(f), lp = convert_long_sat_rtp(f), ln = convert_long_sat_rtn(f), le = convert_long_sat_rte(f);
    ulong us = convert_ulong_sat(f), up = convert_ulong_sat_rtp(f), un = convert_ulong_sat_rtn(f), ue = convert_ulong_sat_rte(f);
    o[9] = (uint)ls; o[10] = (uint)(ls >> 32);
    o[11] = (uint)lp ^ (uint)(lp >> 32) * 3;
    o[12] = (uint)ln ^ (uint)(ln >> 32) * 3;
    o[13] = (uint)le ^ (uint)(le >> 32) * 3;
    o[14] = (uint)us; o[15] = (uint)(us >> 32);
    o[16] = (uint)up ^ (uint)(up >> 32) * 3;
    o[17] = (uint)un ^ (uint)(un >> 32) * 3;
    o[18] = (uint)ue ^ (uint)(ue >> 32) * 3;
    /* in range: plain casts (toward zero) */
    float g = isnan(f) ? 0.0f : fmin(fmax(f, -9.2e18f), 9.2e18f), gu = fabs(g) * 1.5f;
    long lc = (long)g;
    ulong uc = (ulong)gu;
    o[19] = (uint)lc; o[20] = (uint)(lc >> 32);
    o[21] = (uint)uc; o[22] = (uint)(uc >> 32);
    long n = s >> 8;
    n += g * 0.25f;
    o[23] = (uint)n ^ (uint)(n >> 32);
    o[24] = as_uint(convert_char4_sat(f * (float4)(1.0f, 100.0f, -3.0f, 0.01f)));
    o[25] = as_uint(convert_uchar4_sat_rte(f * (float4)(1.0f, 100.0f, -3.0f, 0.01f)));
    o[26] = as_uint(convert_short2_sat_rtp(f * (float2)(1.0f, 1000.0f)));
    o[27] = as_uint(convert_ushort2_sat_rtn(f * (float2)(1.0f, 1000.0f)));
    o[28] = (uint)convert_char_sat_rtz(f) ^ (uint)convert_uchar_sat(f) << 8 ^ (uint)convert_short_sat_rte(f * 30.0f) << 16;
    long4 v = convert_long4_sat((float4)(f, -f, f * 1e10f, 0.5f));
    o[29] = (uint)v.x ^ (uint)(v.y >> 32) ^ (uint)v.z ^ (uint)(v.z >> 32) ^ (uint)v.w;
    float2 fv = convert_float2((long2)(s, -s));
    o[30] = as_uint(fv.x) ^ as_uint(fv.y) * 7;
    o[31] = as_uint(convert_float_rtp((ulong)s * 3));
}
