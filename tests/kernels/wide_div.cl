// wide_div.cl -- 64-bit division and remainder (long, ulong; the
// compiler's 64-step restoring division, docs/compiler.md "64-bit
// integers"): work-items 0..7 divide fixed pairs whose results the expect
// lines hold (exact shift, divisor >= 2^63, 32-bit divisor, LONG_MIN / 3,
// dividend < divisor, negative operands); the others divide random values
// by divisors of 64, 33..48 and 1..16 bits.  Each work-item writes eight
// ulongs: a / b, a % b, the same signed, a signed division and an
// unsigned remainder by constants, /= and %= in a loop, and the divisor;
// its verdict (buffer 2, 31 when all hold) checks q * b + r == a and
// r < b (unsigned), and |r| < |b| with r's sign the dividend's (signed).
//@ global 64
//@ local 32
//@ buf u32 256 rand32 17
//@ buf u32 1024 zero
//@ buf u32 64 zero
//@ print 1
//@ expect_all 2 31
//@ expect_seq 1 0 305419896 0 2596069104 0 305419896 0 2596069104 0
//@ expect_seq 1 16 1 0 4294967294 2147483647 0 0 4294967295 4294967295
//@ expect_seq 1 32 999999993 0 56 0 999999993 0 56 0
//@ expect_seq 1 48 2863311530 715827882 2 0 1431655766 3579139413 4294967294 4294967295
//@ expect_seq 1 64 0 0 12345 0 0 0 12345 0
//@ expect_seq 1 80 4275878553 0 1966140585 0 4275878553 4294967295 1966140585 4294967295
//@ expect_seq 1 96 2454267012 613566756 0 0 4294967282 4294967295 4294967294 4294967295
//@ expect_seq 1 112 0 0 100 0 4294967282 4294967295 2 0
//@ per_thread 1 16
__kernel void wide_div(__global const uint *in, __global uint *out, __global uint *verdict)
{
    const ulong fa[8] = { 0x123456789ABCDEF0UL, 0xFFFFFFFFFFFFFFFFUL, 1000000000000000007UL,
                          0x8000000000000000UL, 12345UL, 0xFEDCBA9876543210UL, (ulong)-100L, 100UL };
    const ulong fb[8] = { 0x100000000UL, 0x8000000000000001UL, 1000000007UL, 3UL,
                          0x10000000000UL, 0xFFFFFFFFUL, 7UL, (ulong)-7L };
    uint g = get_global_id(0);
    ulong a, b;
    if (g < 8) {
        a = fa[g];
        b = fb[g];
    } else {
        a = (ulong)in[g] << 32 | in[g + 64];
        b = (ulong)in[g + 128] << 32 | in[g + 192];
        uint k = g % 3;
        if (k == 1) b >>= 16 + (g & 15);
        else if (k == 2) b >>= 48 + (g & 15);
        b |= 1;
    }
    __global ulong *res = (__global ulong *)out + g * 8;
    ulong q = a / b, r = a % b;
    long sa = (long)a, sb = (long)b;
    long sq = sa / sb, sr = sa % sb;
    res[0] = q;
    res[1] = r;
    res[2] = (ulong)sq;
    res[3] = (ulong)sr;
    res[4] = (ulong)(sa / -7L);
    res[5] = a % 1000000UL;
    ulong x = a;
    long y = sa;
    for (uint i = 0; i < (g & 3); i++) {
        x /= (ulong)(i + 3);
        y %= (long)(i * 1000 + 77);
    }
    res[6] = x ^ (ulong)y;
    uint ok = (q * b + r == a) | (r < b) << 1 | ((ulong)(sq * sb + sr) == a) << 2 |
              ((sr < 0 ? -sr : sr) < (sb < 0 ? -sb : sb) || sb == (long)0x8000000000000000UL) << 3 |
              (sr == 0 || (sr < 0) == (sa < 0)) << 4;
    res[7] = sb;
    verdict[g] = ok;
}
