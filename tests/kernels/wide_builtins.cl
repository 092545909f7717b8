// wide_builtins.cl -- the integer built-in functions on long and ulong
// (docs/compiler.md "64-bit integers"): min, max, clamp, abs, abs_diff,
// mul_hi, mad_hi, mad_sat, rotate, popcount, clz, hadd, rhadd, select,
// add_sat, sub_sat and upsample, and the narrow and 32-bit mad_sat and
// upsample.  Work-items 0..63 take every pair (a, b) of eight edge values
// (0, 1, all ones, LONG_MIN, LONG_MAX, 2^32 - 1, 2^32, a mixed pattern):
// saturation at both bounds, clz of 0, popcount of all ones, rotates by 0
// to 63; the others take random operands, b shifted right by 0..63 bits.
// Each work-item writes 34 ulongs (68 words); the hash is a reference
// computed on the host with 128-bit arithmetic, and POCL gives the same
// buffer.  The expect_seq lines spell out edges: work-item 0 (a = b = 0:
// popcount 0, clz 64), 10 (a = all ones, b = 1: popcount 64, clz 63; the
// four saturating sums), 11 (a = LONG_MIN, b = 1: abs, add_sat, sub_sat
// at LONG_MIN, the unsigned ones), 12 (a = LONG_MAX, b = 1, c = 2^32 - 1:
// mad_sat and add_sat at LONG_MAX).
//@ global 128
//@ local 32
//@ buf u32 768 rand32 29
//@ buf u32 8704 zero
//@ print 1
//@ per_thread 1 68
//@ expect_hash 1 0x09f98dc1
//@ expect_seq 1 34 0x40004000 0
//@ expect_seq 1 714 0x3f010040 0
//@ expect_seq 1 728 0 0 0xfffffffe 0xffffffff 0xffffffff 0xffffffff 0xfffffffe 0xffffffff
//@ expect_seq 1 760 0 0x80000000
//@ expect_seq 1 796 1 0x80000000 0 0x80000000 1 0x80000000 0xffffffff 0x7fffffff
//@ expect_seq 1 842 0xffffffff 0x7fffffff
//@ expect_seq 1 864 0xffffffff 0x7fffffff 0xfffffffe 0x7fffffff
__constant ulong edge[] = {
    0UL, 1UL, 0xFFFFFFFFFFFFFFFFUL, 0x8000000000000000UL, 0x7FFFFFFFFFFFFFFFUL,
    0xFFFFFFFFUL, 0x100000000UL, 0xDEADBEEFCAFEBABEUL,
};

__kernel void wide_builtins(__global const uint *in, __global ulong *out)
{
    uint g = get_global_id(0);
    ulong ua, ub, uc;
    if (g < 64) {
        ua = edge[g & 7];
        ub = edge[g >> 3];
        uc = edge[(g * 3 + 1) & 7];
    } else {
        ua = (ulong)in[6 * g] << 32 | in[6 * g + 1];
        ub = ((ulong)in[6 * g + 2] << 32 | in[6 * g + 3]) >> (g & 63);
        uc = (ulong)in[6 * g + 4] << 32 | in[6 * g + 5];
    }
    long sa = (long)ua, sb = (long)ub, sc = (long)uc;
    __global ulong *r = out + g * 34;
    r[0] = (ulong)min(sa, sb);
    r[1] = (ulong)max(sa, sb);
    r[2] = min(ua, ub);
    r[3] = max(ua, ub);
    r[4] = (ulong)clamp(sa, min(sb, sc), max(sb, sc));
    r[5] = clamp(ua, min(ub, uc), max(ub, uc));
    r[6] = abs(sa);
    r[7] = abs_diff(sa, sb);
    r[8] = abs_diff(ua, ub);
    r[9] = (ulong)mul_hi(sa, sb);
    r[10] = mul_hi(ua, ub);
    r[11] = (ulong)mad_hi(sa, sb, sc);
    r[12] = mad_hi(ua, ub, uc);
    r[13] = (ulong)mad_sat(sa, sb, sc);
    r[14] = mad_sat(ua, ub, uc);
    r[15] = rotate(ua, (ulong)g);
    r[16] = (ulong)rotate(sa, sb);
    r[17] = popcount(ua) | clz(ua) << 8 | (ulong)popcount(sb) << 16 | (ulong)clz(sb) << 24;
    r[18] = (ulong)hadd(sa, sb);
    r[19] = (ulong)rhadd(sa, sb);
    r[20] = hadd(ua, ub);
    r[21] = rhadd(ua, ub);
    r[22] = select(ua, ub, sc);
    r[23] = (ulong)select(sa, sb, (long)(ua & 0x100000000UL));
    r[24] = (ulong)add_sat(sa, sb);
    r[25] = (ulong)sub_sat(sa, sb);
    r[26] = add_sat(ua, ub);
    r[27] = sub_sat(ua, ub);
    r[28] = (ulong)upsample((int)ua, (uint)ub);
    r[29] = upsample((uint)(ua >> 32), (uint)ub);
    r[30] = (uint)mad_sat((int)ua, (int)ub, (int)uc) | (ulong)mad_sat((uint)ua, (uint)ub, (uint)uc) << 32;
    r[31] = (ushort)upsample((char)ua, (uchar)ub) | (ulong)upsample((uchar)ua, (uchar)ub) << 16 |
            (ulong)(uint)upsample((short)ua, (ushort)ub) << 32;
    r[32] = upsample((ushort)ua, (ushort)ub) | (ulong)(uchar)mad_sat((char)ua, (char)ub, (char)uc) << 32 |
            (ulong)mad_sat((uchar)ua, (uchar)ub, (uchar)uc) << 40 |
            (ulong)(ushort)mad_sat((short)ua, (short)ub, (short)uc) << 48;
    r[33] = mad_sat((ushort)ua, (ushort)ub, (ushort)uc) | (ulong)(ushort)mad_sat((short)ub, (short)uc, (short)ua) << 16 |
            (ulong)mad_sat((ushort)ub, (ushort)uc, (ushort)ua) << 32 |
            (ulong)(uchar)mad_sat((char)ub, (char)uc, (char)ua) << 48 | (ulong)mad_sat((uchar)ub, (uchar)uc, (uchar)ua) << 56;
}
