// matmul.cl -- naive matrix multiply, one work-item per element of C
// (2-D grid, row-major, N x N), checked against the host's product
//@ global 16,16
//@ local 8,8
//@ buf u32 256 rand 21 256
//@ buf u32 256 rand 22 256
//@ buf u32 256 zero
//@ scalar u32 16
//@ print 2
//@ check matmul 0 1 2 16
__kernel void matmul(__global const uint *a, __global const uint *b, __global uint *c, uint n)
{
    uint col = get_global_id(0), row = get_global_id(1);
    uint s = 0;
    for (uint k = 0; k < n; k++)
        s += a[row * n + k] * b[k * n + col];
    c[row * n + col] = s;
}
