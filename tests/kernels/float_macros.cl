// float_macros.cl -- the float macros of OpenCL C 1.2 §6.12.2 (FLT_*,
// MAXFLOAT, HUGE_VALF, INFINITY, NAN) and §6.12.2.1 (M_*_F) as values in
// code and in a __constant table, and hexadecimal float literals; equal
// to POCL bit for bit
//@ fp
//@ global 64
//@ local 64
//@ buf u32 64 zero
//@ expect_hash 0 0xc4893407
//@ print 0
__constant float T[] = { FLT_MAX, FLT_MIN, FLT_EPSILON, MAXFLOAT, HUGE_VALF, INFINITY, -INFINITY,
                         M_E_F, M_LOG2E_F, M_LOG10E_F, M_LN2_F, M_LN10_F, M_PI_F, M_PI_2_F, M_PI_4_F,
                         M_1_PI_F, M_2_PI_F, M_2_SQRTPI_F, M_SQRT2_F, M_SQRT1_2_F,
                         0x1.8p3f, 0x1p-149f, 0x1.fffffep127f, -0x0.8p-126f, 0x.8p1f, 0x10p-4f };
#define NT (sizeof T / sizeof T[0])

__kernel void macros(__global uint *out)
{
    uint i = get_global_id(0);
    float x = (float)i;
    if (i < NT) out[i] = as_uint(T[i] * (x * 0.0f + 1.0f));
    else if (i == 32) out[i] = isnan(NAN) && !isnan(INFINITY) && isinf(HUGE_VALF) && INFINITY > FLT_MAX + x;
    else if (i == 33) out[i] = FLT_DIG * 1000000 + FLT_MANT_DIG * 1000 + FLT_RADIX;
    else if (i == 34) out[i] = (FLT_MAX_10_EXP + 1000) * 1000 + FLT_MAX_EXP;
    else if (i == 35) out[i] = (FLT_MIN_10_EXP + 1000) * 1000 + (FLT_MIN_EXP + 1000);
    else if (i == 36) out[i] = as_uint(FLT_MAX + x) ^ as_uint(M_PI_F * x);
#ifdef __FAST_RELAXED_MATH__
    else out[i] = 1;
#else
    else out[i] = 0;
#endif
}
