// early_return.cl -- a kernel that returns from inside nested loops at a
// data-dependent point (each lane leaves at its own iteration), stores
// before and after the return, and a helper that returns from its loop
//@ global 64
//@ local 32
//@ buf u32 64 rand 51 5000
//@ buf u32 64 zero
//@ buf u32 64 zero
//@ print 1
//@ print 2
//@ expect_hash 1 0xd1b8c810
//@ expect_hash 2 0xfd63b66c
static uint first_multiple(uint v, uint m)
{
    for (uint k = 1; k < 24; k++) {
        if ((v * k) % m == 0)
            return k;
    }
    return 0;
}

__kernel void early_return(__global const uint *in, __global uint *out, __global uint *trace)
{
    uint i = get_global_id(0), v = in[i];
    uint acc = first_multiple(v + 1, 8 + (i & 7));
    for (uint a = 0; a < 8; a++) {
        for (uint b = 0; b <= a; b++) {
            acc = acc * 31 + v + a * b;
            if ((acc & 0x3f) == (v & 0x3f)) {
                out[i] = acc;
                trace[i] = 0x100 | (a << 4) | b;
                return;
            }
        }
        trace[i] = a;
        if (v % 97 == a)
            return;
    }
    out[i] = acc ^ 0xffffffffu;
}
