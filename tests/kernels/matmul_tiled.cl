// matmul_tiled.cl -- matrix multiply through 8x8 tiles of A and B staged in
// __local arrays (two barriers per tile); the matrix size is not a multiple
// of the tile, so edge tiles are padded with zeros and edge work-items
// compute but do not store.  Checked against the host's product.
//@ global 24,24
//@ local 8,8
//@ buf u32 361 rand 23 1000
//@ buf u32 361 rand 24 1000
//@ buf u32 361 zero
//@ scalar u32 19
//@ print 2
//@ check matmul 0 1 2 19
#define TILE 8
__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void matmul_tiled(__global const uint *a, __global const uint *b, __global uint *c, uint n)
{
    __local uint ta[TILE][TILE];
    __local uint tb[TILE][TILE];
    uint tx = get_local_id(0), ty = get_local_id(1);
    uint col = get_global_id(0), row = get_global_id(1);
    uint s = 0;
    for (uint t = 0; t < n; t += TILE) {
        ta[ty][tx] = row < n && t + tx < n ? a[row * n + t + tx] : 0;
        tb[ty][tx] = col < n && t + ty < n ? b[(t + ty) * n + col] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        for (uint k = 0; k < TILE; k++)
            s += ta[ty][k] * tb[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (row < n && col < n)
        c[row * n + col] = s;
}
