// hashtable.cl -- insertion into a chained hash table with one spin lock per
// bucket: 4 buckets, 128 keys, so the lanes of every warp contend for the
// same few locks.  Under its bucket's lock each work-item pushes its node
// on the bucket's chain (arrays HEAD/NEXT, -1 ends a chain) and counts it.
// The chains' order depends on scheduling; the check: every node exactly
// once, in its key's bucket, the counts exact.
//@ lock
//@ global 128
//@ local 64
//@ buf u32 128 rand 61
//@ buf u32 4 const 0xffffffff
//@ buf u32 128 zero
//@ buf u32 4 zero
//@ buf u32 4 zero
//@ check chains 0 1 2 3
#define BUCKETS 4

void lock(volatile __global uint *l)
{
    while (atomic_cmpxchg(l, 0, 1) != 0)
        ;
}

void unlock(volatile __global uint *l)
{
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_xchg(l, 0);
}

__kernel void hashtable(__global const uint *keys, volatile __global uint *head,
                        __global uint *next, volatile __global uint *count, __global uint *locks)
{
    uint i = get_global_id(0);
    uint b = keys[i] % BUCKETS;
    lock(&locks[b]);
    next[i] = head[b];
    head[b] = i;
    count[b] = count[b] + 1;
    unlock(&locks[b]);
}
