// float_relational.cl -- the relational functions on floats (OpenCL C
// 6.12.6: isequal isnotequal isgreater isgreaterequal isless islessequal
// islessgreater isordered isunordered; scalars 0 / 1, vectors 0 / -1, a
// NaN unordered), min / max / clamp on floats (FMIN / FMAX; no NaN
// operand: OpenCL leaves its result undefined) and select of two floats
// by a scalar, on every pair of 16 edge values and random values; equal
// to POCL bit for bit (NaN results written as 0x7FC00000)
//@ fp
//@ global 512
//@ local 64
//@ buf u32 1024 rand32 61
//@ buf u32 4096 zero
//@ per_thread 1 8
//@ expect_hash 1 0x69b91390
//@ print 1
__constant uint E[16] = {
    0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001, 0x807FFFFF, 0x00800000,
    0x7F7FFFFF, 0x3F800000, 0xBF800000, 0x40000000, 0x3EAAAAAB, 0xFFC00000, 0x4B800001, 0xC1C80000,
};

uint canon(float x) { return isnan(x) ? 0x7FC00000u : as_uint(x); }

__kernel void frel(__global const uint *in, __global uint *out)
{
    uint i = get_global_id(0);
    float a = i < 256 ? as_float(E[i % 16]) : as_float(in[i]);
    float b = i < 256 ? as_float(E[i / 16]) : as_float(in[i + 512]);
    __global uint *o = out + i * 8;
    o[0] = isequal(a, b) | isnotequal(a, b) << 1 | isgreater(a, b) << 2 | isgreaterequal(a, b) << 3 |
           isless(a, b) << 4 | islessequal(a, b) << 5 | islessgreater(a, b) << 6 | isordered(a, b) << 7 |
           isunordered(a, b) << 8;
    float4 va = (float4)(a, b, -a, 1.0f), vb = (float4)(b, a, b, a);
    int4 r = isequal(va, vb) & 1 | isless(va, vb) & 2 | isgreaterequal(va, vb) & 4 | isunordered(va, vb) & 8 |
             islessgreater(va, vb) & 16;
    o[1] = r.x | r.y << 5 | r.z << 10 | r.w << 15 | (uint)isnotequal(va, vb).y << 20;
    /* min, max, clamp: no NaN operand (undefined), a zero's sign not compared (either is allowed) */
    float x = isnan(a) ? 1.5f : a, y = isnan(b) ? -2.0f : b;
    float mn = min(x, y), mx = max(x, y), cl = clamp(x, -1.0f, 2.0f);
    o[2] = as_uint(mn == 0.0f ? 0.0f : mn);
    o[3] = as_uint(mx == 0.0f ? 0.0f : mx);
    o[4] = as_uint(cl == 0.0f ? 0.0f : cl);
    float4 vc = clamp((float4)(x, y, x + y, x * 0.5f), (float4)(-1.0f), (float4)(3.0f));
    float4 vm = max((float4)(x, y, 0.25f, -x), 0.5f);
    o[5] = canon(vc.x + vc.y * 2.0f + vc.z * 4.0f + vc.w * 8.0f);
    o[6] = canon(vm.x - vm.y + vm.z - vm.w);
    o[7] = as_uint(select(a, b, (int)(i & 1))) ^ as_uint(select(y, x, isless(x, y)));
}
