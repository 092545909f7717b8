// scan_group.cl -- inclusive prefix sum within each work-group (Hillis-Steele
// through __local memory, two barriers per step), checked against the host's
// segmented prefix sum
//@ global 256
//@ local 128
//@ buf u32 256 rand 11 1000
//@ buf u32 256 zero
//@ local_buf 512
//@ print 1
//@ check scan 0 1 128
__kernel void scan_group(__global const uint *in, __global uint *out, __local uint *tmp)
{
    uint lid = get_local_id(0), n = get_local_size(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint off = 1; off < n; off <<= 1) {
        uint t = lid >= off ? tmp[lid - off] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        tmp[lid] += t;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = tmp[lid];
}
