// float_options.cl -- the OpenCL math build options on a float kernel
// (docs/runtime.md, docs/compiler.md "Floating point"): every one is
// accepted, -cl-fast-relaxed-math defines __FAST_RELAXED_MATH__, and
// arithmetic whose results are exact (small integers: fused or not, the
// same) gives POCL's values
//@ fp
//@ options -cl-mad-enable -cl-no-signed-zeros -cl-unsafe-math-optimizations -cl-finite-math-only -cl-fast-relaxed-math -cl-denorms-are-zero -cl-single-precision-constant
//@ global 256
//@ local 64
//@ buf u32 256 zero
//@ expect_hash 0 0x314b46dc
//@ print 0
//@ expect 0 0 1
__kernel void fopts(__global uint *out)
{
    uint i = get_global_id(0);
    float x = (float)(i % 61) - 30.0f, y = (float)(i / 61) + 0.5f;
#ifdef __FAST_RELAXED_MATH__
    uint fast = 1;
#else
    uint fast = 0;
#endif
    float r = mad(x, y, 3.0f) + x * y - 1.25f + fma(y, 4.0f, x);
    out[i] = i == 0 ? fast : (uint)(int)r;
}
