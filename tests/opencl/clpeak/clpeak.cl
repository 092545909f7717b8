// clpeak.cl -- kernels in the manner of clpeak's single-precision tests
// (tests/opencl/clpeak): compute_sp_vN, a long dependent chain of mad on
// two values of type floatN per work-item (clpeak's peak-FLOPS kernels;
// here the chain turns (x, y) like a symplectic rotation, so the values stay
// finite and every step's rounding shows in the result), compute_sp_fma_vN
// the same chain with fma, and global_bandwidth_vN, a sum of floatN loads
// strided by the range's size (clpeak's bandwidth kernels)
#define STEP(f, x, y, a)  x = f(y, a, x); y = f(x, -a, y);

#define COMPUTE(name, f, T)                                                       \
__kernel void name(__global const T *in, __global T *out, float alpha)            \
{                                                                                  \
    size_t gid = get_global_id(0);                                                 \
    T a = (T)(alpha);                                                              \
    T x = in[gid];                                                                 \
    T y = (T)((float)get_local_id(0) * 0.0625f);                                   \
    for (int i = 0; i < 2; i++) {                                                  \
        STEP(f, x, y, a) STEP(f, x, y, a)                                          \
    }                                                                              \
    out[gid] = x + y;                                                              \
}

COMPUTE(compute_sp_v1, mad, float)
COMPUTE(compute_sp_v2, mad, float2)
COMPUTE(compute_sp_v4, mad, float4)
COMPUTE(compute_sp_v8, mad, float8)
COMPUTE(compute_sp_v16, mad, float16)
COMPUTE(compute_sp_fma_v1, fma, float)
COMPUTE(compute_sp_fma_v4, fma, float4)

#define BANDWIDTH(name, T, SUM)                                                   \
__kernel void name(__global const T *in, __global float *out, uint reads)         \
{                                                                                  \
    size_t gid = get_global_id(0), gsz = get_global_size(0);                       \
    T s = (T)(0.0f);                                                               \
    for (uint r = 0; r < reads; r++)                                               \
        s += in[gid + r * gsz];                                                    \
    out[gid] = SUM;                                                                \
}

BANDWIDTH(global_bandwidth_v1, float, s)
BANDWIDTH(global_bandwidth_v2, float2, s.x + s.y)
BANDWIDTH(global_bandwidth_v4, float4, (s.x + s.y) + (s.z + s.w))
