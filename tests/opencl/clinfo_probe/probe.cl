// probe.cl -- the kind of kernel clinfo builds to ask a device for
// CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE (tests/opencl/clinfo_probe):
// an element-wise sum of two restrict-qualified float vectors, one kernel
// per width from a token-pasting macro
#define GOUT(T) __global T *restrict
#define GIN(T)  __global const T *restrict
#define SUM_KERNEL(T, N) \
    __kernel void sum##T##N(GOUT(T##N) out, GIN(T##N) in1, GIN(T##N) in2) \
    { size_t i = get_global_id(0); out[i] = in1[i] + in2[i]; }
#define SUM(N) SUM_KERNEL(float, N)
SUM()
SUM(2)
SUM(4)
SUM(8)
SUM(16)
