// printf_float.cl -- printf's float conversions on a device with an FPU
// (docs/compiler.md "printf"): %f %F %e %E %g %G with flags, widths and
// precisions, of values computed on the device (a sum, a quotient, a
// square root, a denormal, infinities and a NaN); the host prints each
// value from its binary32 bits.  Buffer 0: each work-item's printf result.
//@ fp
//@ global 4
//@ local 4
//@ buf u32 4 zero
//@ print 0
//@ expect_all 0 0
#pragma OPENCL FP_CONTRACT OFF

__kernel void printf_float(__global uint *res)
{
    uint g = get_global_id(0);
    float x = (float)(g + 1) / 3.0f;
    int r = 0;
    for (uint k = 0; k < 4; k++) {
        if (g == k)
            r |= printf("%u: %f %.2f %10.4e %E %g %G %-8.3g| %+.1f\n", g, x, x * 100.0f, x, x / 7.0f,
                        x * 1e6f, x / 1e6f, sqrt(x), -x);
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
    if (g == 0) {
        float big = 3.0e38f, tiny = 1.0e-45f;
        r |= printf("%f %e %g %f %f %F\n", tiny, tiny, big, big * 10.0f, -(big * 10.0f), sqrt(-x));
    }
    res[g] = (uint)r;
}
