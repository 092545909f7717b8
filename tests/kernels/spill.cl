// spill.cl -- more live values than -wq-regs=8 gives registers: twelve
// accumulators live across a divergent loop and a called function, so the
// allocator spills to the work-item's frame; the output equals POCL's and
// the 32-register build's
//@ global 128
//@ local 32
//@ wq_options -wq-regs=8 -wq-inline=never
//@ buf u32 128 rand 3
//@ buf u32 128 zero
//@ print 1
uint mix(uint a, uint b)
{
    uint s = a;
    for (uint i = 0; i < (b & 3); i++)
        s = (s << 3) ^ (s >> 5) ^ b;
    return s;
}

__kernel void spill(__global const uint *in, __global uint *out)
{
    uint g = get_global_id(0);
    uint x = in[g];
    uint a0 = x, a1 = x + 1, a2 = x * 3, a3 = x ^ 0x1234, a4 = x >> 2, a5 = x << 1;
    uint a6 = x | 7, a7 = x & 0xFF, a8 = g, a9 = g * g, a10 = x + g, a11 = x - g;
    for (uint i = 0; i < (x & 15); i++) {
        a0 += a1; a1 ^= a2; a2 += a3 >> 1; a3 = a3 * 5 + a4;
        a4 += a5; a5 ^= a6 << 1; a6 += a7; a7 = a7 * 3 + a8;
        a8 += a9; a9 ^= a10; a10 += a11; a11 = a11 * 7 + a0;
        if (i & 1)
            a5 = mix(a5, a0 + a11);
    }
    out[g] = a0 ^ a1 ^ a2 ^ a3 ^ a4 ^ a5 ^ a6 ^ a7 ^ a8 ^ a9 ^ a10 ^ a11 ^ mix(a0, a1 + a2);
}
