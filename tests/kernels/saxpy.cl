// saxpy.cl -- integer saxpy: y[i] = a * x[i] + y[i], signed, with a 2-D grid
//@ global 16,16
//@ local 8,4
//@ buf i32 256 rand 3
//@ buf i32 256 rand 4
//@ scalar i32 -7
//@ print 1
__kernel void saxpy(__global const int *x, __global int *y, int a)
{
    int i = get_global_id(1) * get_global_size(0) + get_global_id(0);
    y[i] = a * x[i] + y[i];
}
