// lockcoupling.cl -- insertion into a sorted linked list with hand-over-hand
// locking (lock coupling): a work-item walks from the head sentinel (node 0)
// holding the locks of the predecessor and the current node, taking the
// next node's lock before it lets go of the one behind it, and links its
// node in front of the first larger key (node 1 is the tail sentinel).
// Every lane of a warp starts at the same lock.  The list's order among
// equal keys depends on scheduling; the check: sorted, every node exactly
// once.
//@ lock
//@ global 64
//@ local 32
//@ buf u32 64 rand 62 1000
//@ buf u32 66 zero
//@ buf u32 66 const 1
//@ buf u32 66 zero
//@ check list 1 2 64
void lock(volatile __global uint *l)
{
    while (atomic_xchg(l, 1) != 0)
        ;
}

void unlock(volatile __global uint *l)
{
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    atomic_xchg(l, 0);
}

__kernel void lockcoupling(__global const uint *in, volatile __global uint *key,
                           volatile __global uint *next, __global uint *locks)
{
    uint me = get_global_id(0) + 2, k = in[get_global_id(0)];
    key[me] = k;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    uint pred = 0;
    lock(&locks[pred]);
    uint curr = next[pred];
    lock(&locks[curr]);
    while (curr != 1 && key[curr] < k) {
        unlock(&locks[pred]);
        pred = curr;
        curr = next[curr];
        lock(&locks[curr]);
    }
    next[me] = curr;
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    next[pred] = me;
    unlock(&locks[curr]);
    unlock(&locks[pred]);
}
