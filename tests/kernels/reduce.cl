// reduce.cl -- per-group sum through __local memory and barriers (tree
// reduction, a loop whose trip count depends on the group size)
//@ global 512
//@ local 128
//@ buf u32 512 rand 5 1000
//@ buf u32 4 zero
//@ local_buf 512
//@ print 1
__kernel void reduce(__global const uint *in, __global uint *out, __local uint *tmp)
{
    uint lid = get_local_id(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            tmp[lid] += tmp[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = tmp[0];
}
