// scan.cl -- inclusive prefix sum over several work-groups in three launches
// (`//@ repeat`): pass 0 scans each group's block in __local memory (an
// up-sweep/down-sweep work-efficient scan) and stores the block's total;
// pass 1 scans the block totals in group 0; pass 2 adds the preceding
// blocks' total to every element.  Checked against the host's prefix sum.
//@ global 512
//@ local 64
//@ buf u32 512 rand 12 100000
//@ buf u32 512 zero
//@ buf u32 64 zero
//@ local_buf 256
//@ scalar u32 0
//@ repeat 3 4
//@ print 1
//@ print 2
//@ check scan 0 1 0
/* inclusive scan of tmp[0..n) by the n work-items of the group; n a power of two */
void group_scan(__local uint *tmp, uint lid, uint n)
{
    uint off = 1;
    for (uint d = n >> 1; d > 0; d >>= 1) {          /* up-sweep */
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d)
            tmp[off * (2 * lid + 2) - 1] += tmp[off * (2 * lid + 1) - 1];
        off <<= 1;
    }
    for (uint s = n >> 2; s > 0; s >>= 1) {          /* down-sweep, inclusive */
        barrier(CLK_LOCAL_MEM_FENCE);
        uint k = (lid + 1) * 2 * s - 1;
        if (k + s < n)
            tmp[k + s] += tmp[k];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
}

__kernel void scan(__global const uint *in, __global uint *out, __global uint *sums,
                   __local uint *tmp, uint pass)
{
    uint lid = get_local_id(0), g = get_group_id(0), n = get_local_size(0);
    uint i = get_global_id(0);
    if (pass == 0) {
        tmp[lid] = in[i];
        group_scan(tmp, lid, n);
        out[i] = tmp[lid];
        if (lid == n - 1)
            sums[g] = tmp[lid];
    } else if (pass == 1) {
        if (g != 0)
            return;
        uint groups = get_num_groups(0);
        tmp[lid] = lid < groups ? sums[lid] : 0;
        group_scan(tmp, lid, n);
        if (lid < groups)
            sums[lid] = tmp[lid];
    } else if (g > 0) {
        out[i] += sums[g - 1];
    }
}
