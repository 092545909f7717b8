// mathfn.cl -- one kernel per math library function, applied element-wise
// (tests/opencl/mathfn): out[i] = f(x[i]) or f(x[i], y[i])
#define F1(name, f) \
    __kernel void name(__global const float *x, __global const float *y, __global float *out) \
    { size_t i = get_global_id(0); out[i] = f(x[i]); }
#define F2(name, f) \
    __kernel void name(__global const float *x, __global const float *y, __global float *out) \
    { size_t i = get_global_id(0); out[i] = f(x[i], y[i]); }
#define DIVIDE(a, b) ((a) / (b))

F1(k_exp, exp)
F1(k_exp2, exp2)
F1(k_log, log)
F1(k_log2, log2)
F1(k_log10, log10)
F1(k_sin, sin)
F1(k_cos, cos)
F1(k_tan, tan)
F1(k_asin, asin)
F1(k_atan, atan)
F1(k_tanh, tanh)
F1(k_cbrt, cbrt)
F1(k_sqrt, sqrt)
F1(k_rsqrt, rsqrt)
F2(k_pow, pow)
F2(k_atan2, atan2)
F2(k_hypot, hypot)
F2(k_divide, DIVIDE)
