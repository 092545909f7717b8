// float_saxpy.cl -- float saxpy, y[i] = a * x[i] + y[i], on a 2-D grid:
// int -> float conversions, a float scalar argument (a = 1.25f, as bits),
// FMUL then FADD (two roundings: FP_CONTRACT off, so POCL does not fuse
// them either; docs/compiler.md "Floating point")
#pragma OPENCL FP_CONTRACT OFF
//@ fp
//@ global 16,16
//@ local 8,4
//@ buf i32 256 rand 3
//@ buf i32 256 rand 4
//@ buf u32 256 zero
//@ scalar u32 1067450368
//@ print 2
//@ expect_hash 2 0x2398caa7
__kernel void saxpy(__global const int *xi, __global const int *yi, __global float *y, float a)
{
    int i = get_global_id(1) * get_global_size(0) + get_global_id(0);
    float x = (float)xi[i] / 7.0f;
    float t = (float)yi[i] * 0.001f;
    y[i] = a * x + t;
}
