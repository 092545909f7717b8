// float_fma_loop.cl -- counted loops over __global floats whose bodies
// are contracted FFMAs: y[j] = x[j] * a + y[j], and a running dot product
// s = x[j] * y[j] + s whose accumulator FFMA reads and writes every
// iteration (its liveness around the back edge; spilled under
// -wq-regs=8); equal to POCL bit for bit (it contracts the same
// expressions: clang's -ffp-contract=on)
//@ fp
//@ global 256
//@ local 64
//@ buf u32 4096 rand32 31
//@ buf u32 4096 rand32 32
//@ buf u32 256 zero
//@ scalar u32 1067450368
//@ expect_hash 1 0xaae0fc48
//@ expect_hash 2 0x1d6f5cae
//@ print 1
//@ print 2
float near1(uint r) { return as_float((r & 0x807FFFFFu) | 0x3F800000u); }

__kernel void fma_loop(__global const uint *x, __global uint *y, __global uint *dot, float a)
{
    uint i = get_global_id(0);
    __global const uint *xi = x + i * 16;
    __global uint *yi = y + i * 16;
    for (int j = 0; j < 16; j++)
        yi[j] = as_uint(near1(xi[j]) * a + near1(yi[j]));
    float s = 0.0f;
    for (int j = 0; j < 16; j++)
        s = as_float(xi[j] & 0xBFFFFFFFu) * as_float(yi[j] & 0xBFFFFFFFu) + s;
    dot[i] = isnan(s) ? 0x7FC00000u : as_uint(s);
}
