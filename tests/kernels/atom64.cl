// atom64.cl -- the 64-bit atomics (cl_khr_int64_base_atomics,
// cl_khr_int64_extended_atomics; docs/compiler.md "64-bit atomics"): 64
// work-items in 2 work-groups hammer the same __global ulongs (one per op),
// per-group ones, two addresses that share a lock word, and per-group
// __local ones, every op, from divergent code, with carries and borrows
// across the 32-bit boundary (every value starts 0xFFFFFFF0FFFFFFF0).
// Every final value and every check is independent of the order the
// atomics land in: the returned old values of inc/dec must be a permutation
// (flags: each set exactly once), a compare-and-swap loop adds to a shared
// counter, exchanged values are summed with what is left at the end.
//@ global 64
//@ local 32
//@ buf u32 64 const 0xFFFFFFF0
//@ buf u32 192 zero
//@ buf u32 4096 const 0xFFFFFFF0
//@ buf u32 80 zero
//@ print 0
//@ print 3
//@ expect_all 1 1
//@ expect_seq 2 0 0x004007D0 0xFFFFFFF1 0xFFFFFFF0 0xFFFFFFF0
//@ expect_seq 2 2048 0x004007D0 0xFFFFFFF1 0xFFFFFFF0 0xFFFFFFF0
#define INIT 0xFFFFFFF0FFFFFFF0UL
#define N 64                     /* work-items */
#define LS 32                    /* work-items of a group */

__kernel void atom64(volatile __global ulong *g, volatile __global uint *flags,
                     volatile __global ulong *h, volatile __global ulong *out)
{
    __local ulong L[6];
    uint i = get_global_id(0), li = get_local_id(0), grp = get_group_id(0);
    ulong I = i;
    if (li == 0)
        for (int k = 0; k < 6; k++) L[k] = INIT;
    barrier(CLK_LOCAL_MEM_FENCE);

    long sv = (long)((I * 0x9E3779B97F4A7C15UL) ^ (I << 40));
    ulong o;
    if (i & 1) {            /* the same ops from both sides of a branch */
        atom_add(&g[0], 0x100000011UL * (I + 1));
        o = atom_inc(&g[2]);
    } else {
        atom_add(&g[0], 0x100000011UL * (I + 1));
        o = atom_inc(&g[2]);
    }
    atomic_inc(&flags[(uint)(o - INIT)]);
    atom_sub(&g[1], 0x0000000300000007UL + I);
    o = atom_dec(&g[3]);
    atomic_inc(&flags[N + (uint)(INIT - o)]);
    atom_min((volatile __global long *)&g[4], sv);
    atom_max((volatile __global long *)&g[5], sv);
    atom_min(&g[6], (ulong)sv);
    atom_max(&g[7], (ulong)sv);
    atom_and(&g[8], ~(1UL << (I % 61)));
    atom_or(&g[9], 1UL << ((I * 7) % 64) >> 4);
    atom_xor(&g[10], (ulong)sv);

    /* exchange: per group on __global, the returned values summed */
    ulong x = atom_xchg(&g[12 + grp], 0x0123456700000000UL + I * 0x100000001UL);
    atom_add(&out[0], x);

    /* two addresses 8 KiB apart share a lock word */
    atom_add(&h[0], 0x10000UL + I);
    atom_add(&h[1024], 0x10000UL + I);

    /* __local: every op on the group's own ulongs */
    atom_add(&L[0], 0x100000001UL * (li + 1));
    o = atom_inc(&L[1]);
    atomic_inc(&flags[2 * N + grp * LS + (uint)(o - INIT)]);
    atom_sub(&L[2], 0x80000001UL);
    atom_dec(&L[2]);
    atom_min((volatile __local long *)&L[3], sv);
    atom_max(&L[4], (ulong)sv);
    atom_and(&L[4], 0xFFFF0000FFFFFFFFUL);
    atom_or(&L[5], I << 28);
    atom_xor(&L[5], I);
    /* compare-and-swap loop: L[3] ends as its minimum + LS * 3.  Before a
     * barrier, so in the constant-trip form, which has no YIELD
     * (docs/compiler.md: a yielded lane would reach the barrier after the
     * rest of its warp).  A warp's trip without a success of its own
     * leaves each of its lanes holding the value it last saw, so its next
     * trip succeeds unless another lane of the group succeeded first:
     * about 2 * LS trips suffice, LS * LS is never reached */
    barrier(CLK_LOCAL_MEM_FENCE);   /* every atom_min on L[3] first */
    ulong cur = atom_or(&L[3], 0);
    for (int t = 0; t < LS * LS; t++) {
        ulong seen = atom_cmpxchg(&L[3], cur, cur + 3);
        if (seen == cur) break;
        cur = seen;
    }
    x = atom_xchg(&L[0], 0);    /* the sum so far and zeros, in some order */
    atom_add(&out[1 + grp], x);

    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    if (li == 0) {
        atom_add(&out[0], atom_xchg(&g[12 + grp], 0));
        for (int k = 1; k < 6; k++) out[8 + grp * 8 + k] = L[k];
    }

    /* compare-and-swap loop: every work-item adds 0xFFFFFFFF + i once */
    cur = atom_or(&g[11], 0);
    for (;;) {
        ulong seen = atom_cmpxchg(&g[11], cur, cur + 0xFFFFFFFFUL + I);
        if (seen == cur) break;
        cur = seen;
    }
}
