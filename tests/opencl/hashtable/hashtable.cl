/* hashtable.cl -- a hash table whose buckets each have a spin lock: every
 * work-item hashes its key, takes its bucket's lock with atomic_cmpxchg
 * (lanes of one warp contend for the same bucket), appends the key with
 * plain loads and stores, and releases the lock.  With the default YIELD
 * policy the spinning lanes let the holder through; built with
 * -wq-yield=off the warp livelocks and the model reports it. */
#define NB    16
#define SLOTS 256

__kernel void insert(__global uint *locks, __global uint *count, __global uint *keysum,
                     __global uint *slots)
{
    uint id = get_global_id(0);
    uint key = id * 2654435761u + 12345u;
    uint b = (key >> 9) % NB;
    volatile __global uint *l = &locks[b];
    while (atomic_cmpxchg(l, 0, 1) != 0)
        ;
    uint c = count[b];
    slots[b * SLOTS + c] = key;
    count[b] = c + 1;
    keysum[b] += key;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_xchg(l, 0);
}
