// transfers.cl -- transfers between 8 accounts, each under two locks held at
// once and taken in ascending account order (so no two work-items wait for
// each other in a cycle); each transfer also counts, under the locks, the
// uses of both accounts.  The interleaving depends on scheduling; the
// check: the total conserved, every balance and every lock's count exact.
//@ lock
//@ global 128
//@ local 64
//@ buf u32 128 rand 71
//@ buf u32 128 rand 72
//@ buf u32 128 rand 73 100
//@ buf u32 8 const 1000
//@ buf u32 8 zero
//@ buf u32 8 zero
//@ check transfers 0 1 2 3 4
#define ACCOUNTS 8

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

__kernel void transfers(__global const uint *from, __global const uint *to, __global const uint *amount,
                        volatile __global uint *balance, volatile __global uint *uses,
                        __global uint *locks)
{
    uint i = get_global_id(0);
    uint a = from[i] % ACCOUNTS, b = to[i] % ACCOUNTS;
    if (a == b)
        return;
    uint lo = min(a, b), hi = max(a, b);
    lock(&locks[lo]);
    lock(&locks[hi]);
    balance[a] = balance[a] - amount[i];
    balance[b] = balance[b] + amount[i];
    uses[a] = uses[a] + 1;
    uses[b] = uses[b] + 1;
    unlock(&locks[hi]);
    unlock(&locks[lo]);
}
