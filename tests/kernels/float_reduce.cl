// float_reduce.cl -- per-group float sum through __local memory and
// barriers (a tree: the same order of additions on every platform), then
// each group's mean and its square root-free variance, with divisions
//@ fp
//@ global 512
//@ local 128
//@ buf i32 512 rand 5
//@ buf u32 8 zero
//@ local_buf 512
//@ print 1
//@ expect_hash 1 0x77d2a9ae
#pragma OPENCL FP_CONTRACT OFF
__kernel void reduce(__global const int *in, __global float *out, __local float *tmp)
{
    uint lid = get_local_id(0);
    float v = (float)in[get_global_id(0)] * 0x1p-20f;
    tmp[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            tmp[lid] += tmp[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float mean = tmp[0] / (float)get_local_size(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    float d = v - mean;
    tmp[lid] = d * d;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            tmp[lid] += tmp[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        out[2 * get_group_id(0)] = mean;
        out[2 * get_group_id(0) + 1] = tmp[0] / (float)(get_local_size(0) - 1);
    }
}
