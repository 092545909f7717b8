// spinlock.cl -- one global spin lock around a non-atomic critical section,
// taken from divergent code by every work-item (lanes of one warp contend).
// With the default YIELD policy every increment lands; with
// -wq-yield=off this is a plain reconvergence stack and it livelocks.
//@ lock
//@ global 64
//@ local 32
//@ buf u32 4 zero
//@ buf u32 64 zero
//@ expect 0 0 0
//@ expect 0 1 64
//@ expect 0 2 2080
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

__kernel void spinlock(__global uint *state, __global uint *order)
{
    uint id = get_global_id(0);
    if (id & 1) {
        lock(&state[0]);
        uint t = state[1];
        order[t] = id;
        state[1] = t + 1;
        state[2] += id + 1;
        unlock(&state[0]);
    } else {
        lock(&state[0]);
        uint t = state[1];
        order[t] = id;
        state[1] = t + 1;
        state[2] += id + 1;
        unlock(&state[0]);
    }
}
