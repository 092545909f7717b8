// wide_switch.cl -- switch on long and ulong values (docs/compiler.md
// "64-bit integers"), and arrays sized by their initializers.  The case
// labels differ in the high word only (7 and 0x500000007), are LONG_MIN,
// LONG_MAX, all ones, 2^32 - 1 and 2^32, and include int and uint
// constants converted to the switch's type (case -2 on a ulong is
// 0xFFFFFFFFFFFFFFFE, case 0xFFFFFFFFu on a long is 2^32 - 1, not -1).
// Work-items 0..43 switch on each key of the table, on the key with its
// low bit flipped, with bit 40 flipped and with 2^32 added (near misses
// that only one word tells apart); the others on random keys or random
// values.  A switch inside a loop (break leaves the switch, continue the
// loop), a switch in a called function on a long parameter, fall-through
// and a default in the middle.  The table is `__constant long keys[] =`,
// its length sizeof keys / sizeof keys[0]; private `int w[] = {...}`,
// `uchar m[][3] = {...}` and `long big[] = {...}` give their sizes to
// word 3 (0x0b182068).  Work-items 0..5 switch on 0, 1, -1, LONG_MIN,
// LONG_MAX and 2^32; 7 and 8 on 0x500000007 and 7; 18, 19, 30 and 39 on
// near misses (the default, 50).  The hash is a host reference's, and
// POCL gives the same buffer.
//@ global 64
//@ local 32
//@ buf u32 128 rand32 41
//@ buf u32 256 zero
//@ print 1
//@ per_thread 1 4
//@ expect_seq 1 0 12 5 14 0xb182068 2 5 12 0xb182068 3 9 10 0xb182068 4 4 8 0xb182068 5 6 15 0xb182068 40 1 20 0xb182068
//@ expect_seq 1 28 31 2
//@ expect_seq 1 32 30 2
//@ expect_seq 1 72 50 1
//@ expect_seq 1 76 50 1
//@ expect_seq 1 120 50 3
//@ expect_seq 1 156 50 1
//@ expect_hash 1 0x238b7c88
__constant long keys[] = {
    0L, 1L, -1L, (long)0x8000000000000000UL, 0x7FFFFFFFFFFFFFFFL, 0x100000000L, 0xFFFFFFFFL,
    0x500000007L, 7L, -0x100000000L, 0x7FFFFFFF00000000L,
};

/* a switch on a long parameter, in a function the -wq-inline=never build calls */
uint bucket(long v, uint salt)
{
    uint r = salt;
    switch (v) {
    case 0x100000000L: r += 1;
    case 0xFFFFFFFFu: r += 2; break;         /* a uint constant: 2^32 - 1 */
    case -0x100000000L: return r ^ 0x55;
    default: r *= 3; break;
    case 0x7FFFFFFF00000000L: r = 99;
    }
    return r;
}

__kernel void wide_switch(__global const uint *in, __global uint *out)
{
    const uint nk = sizeof keys / sizeof keys[0];
    uint g = get_global_id(0);
    long v;
    if (g < 4 * nk) {
        long k = keys[g % nk];
        uint variant = g / nk;
        v = variant == 0 ? k : variant == 1 ? k ^ 1L : variant == 2 ? k ^ (1L << 40) : k + 0x100000000L;
    } else if (in[2 * g] & 1) {
        v = keys[in[2 * g + 1] % nk];
    } else {
        v = (long)((ulong)in[2 * g] << 32 | in[2 * g + 1]);
    }
    uint a = 0;
    switch (v) {
    case 0: a = 10;
    case 1: a += 2; break;                  /* 0 falls through: 12 */
    case -1: a = 3; break;
    case (long)0x8000000000000000UL: a = 4; break;
    default: a = 50; break;
    case 0x7FFFFFFFFFFFFFFFL: a = 5; break;
    case 7: a = 30; break;
    case 0x500000007L: a = 31; break;
    case 0x100000000L: a = 40; break;
    case 0xFFFFFFFFL: a = 41; break;
    }
    uint b = 0;
    switch ((ulong)v) {
    case -2: b = 9; break;                  /* int -2 as ulong: 0xFFFFFFFFFFFFFFFE */
    case 0xFFFFFFFFFFFFFFFFUL: b = 9; break;
    case 0x8000000000000000UL: b = 4; break;
    case 1UL: case 0UL: b = 5; break;
    case 0x100000006UL: b = 8; break;
    default: b = (uint)((ulong)v % 5); break;
    case 0x7FFFFFFFFFFFFFFFUL: b = 6;
    }
    uint c = 0;
    for (uint i = 0; i < 4; i++) {
        long part = v >> (16 * i);
        switch (part & 0xFFFF0000FFFFL) {
        case 0: c += 1; break;
        case 0xFFFF0000FFFFL: continue;
        case 7: c += 5;
        case 0x500000000L: c ^= 2; break;
        default: if (part < 0) c += 3; break;
        }
        c = c * 3 + i;
    }
    c = bucket(v, c & 7) + bucket(v ^ 0x100000000L, 1);
    int w[] = { 3, 1, 4, 1, 5, 9, 2, 6 };
    uchar m[][3] = { { 1, 2, 3 }, { 4, 5, 6 }, };
    long big[] = { v, v >> 1, ~v };
    uint sizes = (uint)(sizeof w / sizeof w[0]) | (uint)sizeof m << 4 | (uint)(sizeof m / sizeof m[0]) << 12 |
                 (uint)sizeof big << 16 | (uint)(sizeof keys / 8) << 24;
    out[4 * g] = a;
    out[4 * g + 1] = b;
    out[4 * g + 2] = c + (uint)big[g % 3] + (uint)w[g & 7] + m[g & 1][g % 3];
    out[4 * g + 3] = sizes;
}
