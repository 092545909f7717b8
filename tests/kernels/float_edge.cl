// float_edge.cl -- float arithmetic, compares and conversions on edge
// operands: every pair of 32 values (signed zeros, infinities, a NaN, the
// smallest and largest subnormals and normals, halfway and integer-limit
// values); each work-item writes 32 words for its pair a = E[i % 32],
// b = E[i / 32]: + - * / (a NaN result written as 0x7FC00000: POCL's NaNs
// keep the x86 payloads, the device's are canonical), unary minus, every
// compare as a bit mask (== != < <= > >= and the negated forms, true/false
// on NaN), a float's truth in && || and !, the saturating conversions
// to int and uint in each rounding mode, convert_float of int and uint in
// each rounding mode, (int)/(uint) casts where C defines them, as_int,
// halfway literals, ++/--, compound assignment.
//@ fp
//@ global 1024
//@ local 64
//@ buf u32 32768 zero
//@ per_thread 0 32
//@ options -cl-std=CL1.2
//@ print 0
//@ expect_hash 0 0x3fcfd070
//@ expect 0 3 2143289344
//@ expect 0 27 2139095039
//@ expect 0 1024 0
//@ expect 0 1056 2147483648
#pragma OPENCL FP_CONTRACT OFF
__constant uint E[32] = {
    0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001, 0x807FFFFF, 0x00800000,
    0x7F7FFFFF, 0xFF7FFFFF, 0x3F800000, 0xBF800000, 0x3F000000, 0x3FC00000, 0x40200000, 0xC0200000,
    0x4EFFFFFF, 0x4F000000, 0xCF000000, 0xCF000001, 0x4F800000, 0x4F7FFFFF, 0x4B800001, 0x3EAAAAAB,
    0x40490FDB, 0xC1C80000, 0x3F7FFFFF, 0x33800000, 0x00400000, 0x80000001, 0x5F000000, 0xBF400000,
};

float canon(float x) { return x != x ? as_float(0x7FC00000) : x; }

__kernel void edge(__global uint *out)
{
    uint i = get_global_id(0);
    float a = as_float(E[i % 32]), b = as_float(E[i / 32]);
    __global uint *o = out + 32 * i;
    o[0] = as_uint(canon(a + b));
    o[1] = as_uint(canon(a - b));
    o[2] = as_uint(canon(a * b));
    o[3] = as_uint(canon(a / b));
    o[4] = as_uint(-b) ^ as_uint(canon(-a));
    o[5] = (a == b) | (a != b) << 1 | (a < b) << 2 | (a <= b) << 3 | (a > b) << 4 | (a >= b) << 5 |
           !(a < b) << 6 | !(a >= b) << 7 | !(a == b) << 8 | (a && b) << 9 | (a || b) << 10 |
           (!a) << 11 | (a != 0.0f ? 1 : 0) << 12 | (a < b ? 1 : 0) << 13 | (b != b) << 14;
    o[6] = convert_int_sat(a);
    o[7] = convert_int_sat_rte(a);
    o[8] = convert_int_sat_rtp(a);
    o[9] = convert_int_sat_rtn(a);
    o[10] = convert_uint_sat(a);
    o[11] = convert_uint_sat_rte(a);
    o[12] = convert_short_sat(a);
    o[13] = convert_uchar_sat_rtp(a);
    int k = (int)E[i % 32] >> (i / 32 % 32);
    uint u = E[i / 32] + i * 0x01000193u;
    o[14] = as_uint(convert_float(k));
    o[15] = as_uint(convert_float_rtz(k));
    o[16] = as_uint(convert_float_rtp(k));
    o[17] = as_uint(convert_float_rtn(k));
    o[18] = as_uint(convert_float(u));
    o[19] = as_uint(convert_float_rtz(u));
    o[20] = as_uint(convert_float_rtp(u));
    o[21] = as_uint(convert_float_rtn(u));
    o[22] = as_uint((float)k) ^ as_uint((float)u);
    /* casts where C defines them: |a| < 2^31, a > -1 and < 2^32 */
    o[23] = (a > -2147483648.0f && a < 2147483648.0f) ? (uint)(int)a : 0xDEADu;
    o[24] = (a > -1.0f && a < 4294967296.0f) ? (uint)a : 0xBEEFu;
    o[25] = as_int(a) + (int)(bool)a * 7;
    /* halfway literals: ties to even, a hair above rounds up */
    float h = 1.00000005960464477539062500f, h2 = 1.0000000596046447753906250001f, h3 = 16777217.0f;
    float h4 = 0x1.000001p0f, h5 = 0x1.0000010000000001p0f, h6 = 1.4012984643e-45f, h7 = 3.40282356779733661637539395458142568447e38f;
    o[26] = as_uint(h) ^ as_uint(h2) << 1 ^ as_uint(h3) ^ as_uint(h4) << 3 ^ as_uint(h5) << 5 ^ as_uint(h6) << 7;
    o[27] = as_uint(h7);
    float c = a;
    c += b;
    c *= 0.5f;
    c -= 1.0f;
    c /= 3.0f;
    o[28] = as_uint(canon(c));
    float d = b;
    d++;
    ++d;
    d--;
    o[29] = as_uint(canon(d));
    int n = (int)E[i / 32];
    n += 1.5f;                  /* n = (int)((float)n + 1.5f) */
    o[30] = (a > -1e9f && a < 1e9f) ? (uint)n : 1u;
    o[31] = as_uint(canon(a * (float)(int)(i & 7) - b / 3.0f));
}
