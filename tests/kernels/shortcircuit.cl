// shortcircuit.cl -- && and || whose right-hand sides have side effects
// (per-lane counters in global memory and a local variable), evaluated only
// on the lanes the left side lets through, in if conditions, loop
// conditions, ?: and plain values
//@ global 128
//@ local 32
//@ buf u32 128 rand 54
//@ buf u32 128 zero
//@ buf u32 128 zero
//@ print 1
//@ print 2
//@ expect_hash 1 0xa3e78caa
//@ expect_hash 2 0xba50fcf6
static bool bump(__global uint *cnt, uint i, bool r)
{
    cnt[i] += 1;
    return r;
}

__kernel void shortcircuit(__global const uint *in, __global uint *out, __global uint *cnt)
{
    uint i = get_global_id(0), v = in[i];
    uint acc = 0, side = 0;
    if ((v & 1) && bump(cnt, i, v & 2))
        acc |= 1;
    if ((v & 4) || bump(cnt, i, v & 8))
        acc |= 2;
    if (((v & 16) && (side++, v & 32)) || ((v & 64) && bump(cnt, i, v & 128)))
        acc |= 4;
    uint k = 0;
    while (k < 20 && ((v >> k) & 1 || bump(cnt, i, k < 3)))
        k++;
    acc |= k << 8;
    bool b = (v & 0x100) != 0 && (v & 0x200) == 0 || (v & 0x400) != 0;
    acc |= (uint)b << 16;
    acc |= ((v & 0x800) && (side += 2) ? 5u : 9u) << 20;
    out[i] = acc | side << 28;
}
