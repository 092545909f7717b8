// float_mem.cl -- float wherever int goes: struct members (a private array
// of structs at run-time indices), a private float array, a __local
// buffer, a program-scope __constant table, float parameters and results of
// a called function, a float kernel argument, int <-> float through memory
//@ fp
//@ global 256
//@ local 32
//@ buf i32 256 rand 21
//@ buf u32 256 zero
//@ scalar u32 1078530011
//@ print 1
//@ expect_hash 1 0x75161480
#pragma OPENCL FP_CONTRACT OFF
typedef struct { float w; int n; float v[3]; } rec_t;
__constant float K[5] = { 0.5f, -1.25f, 3.0e-3f, 0x1p-130f, 65504.0f };

__attribute__((noinline)) float blend(float a, float b, int k)
{
    float r = a;
    for (int j = 0; j < k; j++) r = r * 0.75f + b / (float)(j + 2);
    return r;
}

__kernel void mem(__global const int *in, __global float *out, float pi)
{
    __local float sh[32];
    uint i = get_global_id(0), l = get_local_id(0);
    rec_t r[4];
    float arr[8];
    for (int j = 0; j < 8; j++) arr[j] = (float)(in[(i + j) % 256] >> (j * 3)) * K[j % 5];
    for (int j = 0; j < 4; j++) {
        r[j].w = arr[(i + j) & 7] - pi;
        r[j].n = in[i] & 15;
        r[j].v[j % 3] = (float)j / 3.0f;
        r[j].v[(j + 1) % 3] = K[j];
        r[j].v[(j + 2) % 3] = -0.0f;
    }
    sh[l] = r[i & 3].w + r[(i >> 2) & 3].v[i % 3];
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = sh[(l + 1) % 32] - sh[31 - l];
    acc = blend(acc, sh[l], r[i & 3].n & 7);
    out[i] = acc + (float)(int)(acc * 0.5f);
}
