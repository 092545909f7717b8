// vadd.cl -- c[i] = a[i] + b[i] with a bound check (the grid is larger than n)
//@ global 256
//@ local 64
//@ buf u32 256 rand 1
//@ buf u32 256 rand 2
//@ buf u32 256 zero
//@ scalar u32 250
//@ print 2
//@ expect 2 255 0
__kernel void vadd(__global const uint *a, __global const uint *b, __global uint *c, uint n)
{
    size_t i = get_global_id(0);
    if (i < n)
        c[i] = a[i] + b[i];
}
