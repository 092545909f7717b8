// histogram.cl -- 16-bin histogram of bytes with global atomics, and a
// __local per-group histogram merged with atomic_add
//@ global 256
//@ local 64
//@ buf u8 1024 rand 6
//@ buf u32 16 zero
//@ print 1
// the 16 bins of the 1024 bytes of `rand 6` (they sum to 1024; POCL agrees)
//@ expect_seq 1 0 0x48 0x3b 0x32 0x47 0x3d 0x45 0x3f 0x40 0x49 0x3e 0x3f 0x50 0x35 0x39 0x47 0x38
#define BINS 16
__kernel void histogram(__global const uchar *data, __global uint *hist)
{
    __local uint lh[BINS];
    uint lid = get_local_id(0);
    if (lid < BINS)
        lh[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < 4; k++) {
        uchar v = data[get_global_id(0) * 4 + k];
        atomic_inc(&lh[v >> 4]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < BINS)
        atomic_add(&hist[lid], lh[lid]);
}
