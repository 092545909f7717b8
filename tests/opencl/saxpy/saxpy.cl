// saxpy.cl -- y = a * x + y, the BLAS level-1 kernel (tests/opencl/saxpy):
// one work-item an element; a * x[i] + y[i] is contracted into one FFMA
// (FP_CONTRACT's default), saxpy_mul_add keeps the two roundings
__kernel void saxpy(float a, __global const float *x, __global float *y)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}

#pragma OPENCL FP_CONTRACT OFF
__kernel void saxpy_mul_add(float a, __global const float *x, __global float *y)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + y[i];
}
