// float_vec_mem.cl -- float vectors in memory and wide: vload<n> /
// vstore<n> (n = 2, 3, 4, 8, 16) through __global float pointers, float3
// (the size of a float4), float8 and float16 arithmetic and selection
// (.s0-.sF, .lo .hi .even .odd), shuffle / shuffle2 of float vectors,
// as_float8 / as_int8, a __local float4 buffer, a private float4 array
// at run-time indices, a struct with a float4 member, a float4 function
// parameter and result; equal to POCL bit for bit
//@ fp
//@ global 128
//@ local 32
//@ buf u32 4096 rand32 43
//@ buf u32 8192 zero
//@ per_thread 1 64
//@ expect_hash 1 0x2c10d139
//@ print 1
typedef struct { float4 v; int n; float s; } rec_t;

float4 scale(float4 v, float s) { return v * s + (float4)(0.25f); }

__kernel void fvec_mem(__global const uint *in, __global float *out)
{
    __local float4 lb[32];
    uint i = get_global_id(0), l = get_local_id(0);
    /* modest finite values: (bits & 0x3FFFFFFF) | 0x3F000000 is in [0.5, 2^65) */
    __global const float *src = (__global const float *)in;
    float16 h = as_float16(vload16(i, in) & 0x3FFFFFFFu | 0x3F000000u);
    float8 e = h.even * 0.5f + h.odd;
    float4 q = e.lo - e.hi * 2.0f;
    float2 t = q.xy / q.zw;
    float3 u = (float3)(t, h.sF) + h.s123;
    __global float *o = out + i * 64;
    vstore16(h.sfedcba9876543210 - 1.0f, 0, o);
    vstore8(e * e, 2, o);
    vstore4(q, 8, o);
    vstore3(u, 12, o);
    vstore2(t, 20, o);
    lb[l] = scale(q, t.x);
    barrier(CLK_LOCAL_MEM_FENCE);
    float4 pa[4];
    for (int k = 0; k < 4; k++) pa[k] = lb[(l + k) % 32] + (float)k;
    rec_t r = { pa[i % 4], (int)i, u.z };
    r.v.yw = pa[(i + 1) % 4].xz;
    vstore4(r.v * r.s, 11, o);
    vstore4(shuffle(r.v, (uint4)(3, 1, 2, 0)) + shuffle2(q, pa[2], (uint4)(7, 0, 5, 2)), 12, o);
    int8 bits = as_int8(e) ^ (int8)(1);
    vstore8(as_float8(bits), 6, o);
    float4 w = vload4(3, src + (i % 64) * 8);
    vstore4(isnan(w) ? (float4)(0.0f) : w, 14, o);
    o[60] = vload3(0, o + 12).y;
}
