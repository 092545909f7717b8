// vec_shortcircuit.cl -- vector expressions whose operands have side
// effects (a call that counts itself with an atomic, an assignment) on the
// right of && and || and in the arms of ?:, which C evaluates only when
// the left side or the condition asks for them: a vector literal (splat
// and component list), a component-wise operation and a shuffle.  Each
// counter in buffer 2 counts the calls of one expression; the per-lane
// mix of which side is taken makes the warps diverge.
//@ global 128
//@ local 32
//@ buf u32 128 rand 315
//@ buf u32 128 zero
//@ buf u32 10 zero
//@ print 1
//@ print 2
//@ expect_hash 1 0xed68320f
//@ expect_hash 2 0x3694368d

static uint bump(__global uint *cnt, uint i, uint v)
{
    atomic_add(&cnt[i], 1u);
    return v;
}

__kernel void vec_shortcircuit(__global const uint *in, __global uint *out, __global uint *cnt)
{
    uint gid = get_global_id(0);
    uint x = in[gid];
    uint k = (x >> 3) & 1, j = (x >> 7) & 1;
    uint side = 100;
    uint r = 0;
    /* a splat of a call */
    r += k || ((ushort8)(bump(cnt, 0, x))).s3;
    /* a component list with an assignment in it */
    r += (k && ((int2)(side = x & 255, 1)).y) << 1;
    /* a component-wise compare whose operand is a call, under any() */
    r += (j || any(((ushort16)(bump(cnt, 1, gid))) <= ((ushort)40))) << 2;
    /* the generator's shape: a splat of a compare of any() of a call, swizzled */
    r += ((x & 1) || ((char16)(((char8)(gid == any(((ushort16)(bump(cnt, 2, x))) <= ((ushort)9)))), ((char8)(k)))).s1) << 3;
    /* a shuffle of a call */
    r += (k & j ? 0 : shuffle((uint2)(bump(cnt, 3, x), 7u), (uint2)(1u, 0u)).y) << 4;
    /* both arms of ?: vectors with calls */
    uint2 v = j ? (uint2)(bump(cnt, 4, 1u), 2u) : (uint2)(3u, bump(cnt, 5, 4u));
    r += (v.x + v.y) << 8;
    /* the component-wise sum of a call and a vector */
    r += ((k || j) ? 0 : ((uint4)(bump(cnt, 6, x)) + (uint4)(1u, 2u, 3u, 4u)).z & 15) << 12;
    out[gid] = r ^ (side << 16);
}
