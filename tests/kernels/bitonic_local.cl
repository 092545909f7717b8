// bitonic_local.cl -- bitonic sort of each work-group's block of 2 x local
// size keys in __local memory: every work-item owns one compare-exchange
// per step, a barrier between steps.  Checked per block: ascending and a
// permutation of the block's input.
//@ global 128
//@ local 64
//@ buf u32 256 rand 31
//@ buf u32 256 zero
//@ local_buf 512
//@ print 1
//@ check sorted 0 1 128
__kernel void bitonic_local(__global const uint *in, __global uint *out, __local uint *key)
{
    uint lid = get_local_id(0), n = 2 * get_local_size(0);
    uint base = get_group_id(0) * n;
    key[lid] = in[base + lid];
    key[lid + n / 2] = in[base + lid + n / 2];
    for (uint k = 2; k <= n; k <<= 1) {
        for (uint j = k >> 1; j > 0; j >>= 1) {
            barrier(CLK_LOCAL_MEM_FENCE);
            /* the lower index of this work-item's pair: lid with a 0 inserted at bit j */
            uint i = 2 * lid - (lid & (j - 1));
            uint l = i + j;
            uint x = key[i], y = key[l];
            bool up = (i & k) == 0;
            if ((x > y) == up) {
                key[i] = y;
                key[l] = x;
            }
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + lid] = key[lid];
    out[base + lid + n / 2] = key[lid + n / 2];
}
