// noinline.cl -- __attribute__((noinline)) functions called from divergent
// code: from both sides of a branch, inside a loop with a per-lane trip
// count, one calling another, with an early return inside the callee, and
// with a pointer argument it writes through (the results are the same
// whether the compiler inlines them or emits calls)
//@ global 128
//@ local 32
//@ buf u32 128 rand 55
//@ buf u32 128 zero
//@ buf u32 128 zero
//@ print 1
//@ print 2
//@ expect_hash 1 0xce89bfed
//@ expect_hash 2 0x39c6fe97
__attribute__((noinline)) uint mix(uint a, uint b)
{
    if (a == b)
        return a;
    uint x = a ^ (b << 5) ^ (b >> 3);
    for (uint k = 0; k < (a & 3); k++)
        x = x * 33 + k;
    return x;
}

__attribute__((noinline)) uint twice(uint a, uint b) { return mix(mix(a, b), b + 1); }

__attribute__((noinline)) void note(__global uint *p, uint i, uint v)
{
    if (v & 1)
        return;
    p[i] += v;
}

__kernel void noinline_k(__global const uint *in, __global uint *out, __global uint *log)
{
    uint i = get_global_id(0), v = in[i];
    uint acc;
    if (v & 1)
        acc = mix(v, i);
    else
        acc = twice(i, v);
    for (uint k = 0; k < (v & 7); k++) {
        if ((k ^ v) & 2)
            acc = mix(acc, k);
        note(log, i, acc + k);
    }
    out[i] = (v & 8) ? twice(acc, v) : acc;
}
