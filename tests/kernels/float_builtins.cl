// float_builtins.cl -- the float built-ins that are one instruction or a
// few integer ones (docs/compiler.md "Floating point"): sqrt (FSQRT,
// correctly rounded), fmin/fmax (a NaN operand loses), fabs, copysign,
// isnan, isinf, isfinite, isnormal, signbit, on every pair of 16 edge
// values and on 768 random bit patterns (NaN results written as
// 0x7FC00000: POCL's keep x86 payloads; fmin/fmax's zeros unsigned)
//@ fp
//@ global 1024
//@ local 64
//@ buf u32 1024 rand32 11
//@ buf u32 8192 zero
//@ per_thread 1 8
//@ print 1
//@ expect_hash 1 0xa3f3813f
//@ expect 1 24 2143289344
#pragma OPENCL FP_CONTRACT OFF
__constant uint E[16] = {
    0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001, 0x807FFFFF, 0x00800000,
    0x7F7FFFFF, 0x3F800000, 0xBF800000, 0x40000000, 0x3EAAAAAB, 0x00400000, 0x4B800001, 0xC1C80000,
};

float canon(float x) { return isnan(x) ? as_float(0x7FC00000) : x; }
/* fmin(-0, +0) may be either zero (OpenCL, IEEE 754-2008 minNum): the
 * device's is -0, POCL's x86 minss the second operand */
float zero(float x) { return x == 0.0f ? 0.0f : canon(x); }

__kernel void fb(__global const uint *in, __global uint *out)
{
    uint i = get_global_id(0);
    float a = i < 256 ? as_float(E[i % 16]) : as_float(in[i]);
    float b = i < 256 ? as_float(E[i / 16]) : as_float(in[(i * 7 + 3) % 1024]);
    __global uint *o = out + 8 * i;
    o[0] = as_uint(canon(sqrt(a)));
    o[1] = as_uint(canon(sqrt(fabs(a) * 4.0f)));
    o[2] = as_uint(zero(fmin(a, b)));
    o[3] = as_uint(zero(fmax(a, b)));
    o[4] = as_uint(fabs(a)) ^ as_uint(copysign(a, b)) << 1;
    o[5] = isnan(a) | isinf(a) << 1 | isfinite(a) << 2 | isnormal(a) << 3 | signbit(a) << 4 |
           isnan(b) << 5 | isinf(b) << 6 | isfinite(b) << 7 | isnormal(b) << 8 | signbit(b) << 9;
    o[6] = as_uint(canon(copysign(sqrt(fabs(b)), a)));
    o[7] = as_uint(zero(fmax(fmin(a, 1.0f), -1.0f)));
}
