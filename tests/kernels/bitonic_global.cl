// bitonic_global.cl -- bitonic sort of the whole buffer in global memory, one
// launch per merge step (`//@ repeat`: 256 keys, 8 stages, 36 launches);
// each launch decodes its stage k and distance j from the pass number and
// every work-item compare-exchanges one pair.  Checked: ascending and a
// permutation of the input.
//@ global 128
//@ local 64
//@ buf u32 256 rand 32
//@ scalar u32 0
//@ repeat 36 1
//@ print 0
//@ check sorted 0 0 0
__kernel void bitonic_global(__global uint *key, uint pass)
{
    uint n = 2 * get_global_size(0), k = 2, j = 1;
    /* the pass-th (k, j) of: for k = 2..n doubling, for j = k/2..1 halving */
    for (uint p = 0; p < pass; p++) {
        if (j > 1) {
            j >>= 1;
        } else {
            k <<= 1;
            j = k >> 1;
        }
    }
    if (k > n)
        return;
    uint t = get_global_id(0);
    uint i = 2 * t - (t & (j - 1)), l = i + j;
    uint x = key[i], y = key[l];
    if ((x > y) == ((i & k) == 0)) {
        key[i] = y;
        key[l] = x;
    }
}
