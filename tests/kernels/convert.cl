// convert.cl -- the conversion built-in functions on scalar integers
// (docs/compiler.md "The language"): convert_T_sat from each of the eight
// integer types to each of the eight (a clamp to T's range where T's is
// narrower), plain convert_T with a rounding-mode spelling, and as_T.
// Work-items 0..15 take edge values (0, 1, -1, LONG_MIN, LONG_MAX,
// 2^32 - 1, 2^32, 2^31, 2^31 - 1, 127, 128, 255, -129, 32768, 65535, a
// value whose low word is 0x7fff8000), the others random values shifted
// right by 0..63 bits; each source type sees the value truncated to it.
// Each work-item writes 84 words: per source type the ten words of its
// conversions to char, uchar, short, ushort, int, uint (a word each), long
// and ulong (two words each), then four words of plain conversions and
// reinterpretations.  The hash is a host reference's; POCL gives the same
// buffer.  Spelled out: -1 as char to every type (work-item 2, words
// 168..177), LONG_MIN as long (3, 312..321), LONG_MAX as ulong (4,
// 406..415), 128 as uchar (10, 850..859), -129 as int (12, 1048..1057).
//@ global 64
//@ local 32
//@ buf u32 128 rand32 61
//@ buf u32 5376 zero
//@ print 1
//@ per_thread 1 84
//@ expect_hash 1 0xf83b34c9
//@ expect_seq 1 168 0xffffffff 0 0xffffffff 0 0xffffffff 0 0xffffffff 0xffffffff 0 0
//@ expect_seq 1 312 0xffffff80 0 0xffff8000 0 0x80000000 0 0 0x80000000 0 0
//@ expect_seq 1 406 0x7f 0xff 0x7fff 0xffff 0x7fffffff 0xffffffff 0xffffffff 0x7fffffff 0xffffffff 0x7fffffff
//@ expect_seq 1 850 0x7f 0x80 0x80 0x80 0x80 0x80 0x80 0 0x80 0
//@ expect_seq 1 1048 0xffffff80 0 0xffffff7f 0 0xffffff7f 0 0xffffff7f 0xffffffff 0 0
__constant ulong edge[] = {
    0UL, 1UL, 0xFFFFFFFFFFFFFFFFUL, 0x8000000000000000UL, 0x7FFFFFFFFFFFFFFFUL, 0xFFFFFFFFUL,
    0x100000000UL, 0x80000000UL, 0x7FFFFFFFUL, 127UL, 128UL, 255UL, (ulong)-129L, 32768UL, 65535UL,
    0xFFFFFFFF7FFF8000UL,
};

#define SAT_ROW(S, x, o) do {                                                              \
        S v_ = (S)(x);                                                                    \
        (o)[0] = (uint)convert_char_sat(v_);  (o)[1] = (uint)convert_uchar_sat(v_);       \
        (o)[2] = (uint)convert_short_sat(v_); (o)[3] = (uint)convert_ushort_sat(v_);      \
        (o)[4] = (uint)convert_int_sat(v_);   (o)[5] = convert_uint_sat(v_);              \
        long l_ = convert_long_sat(v_);                                                   \
        ulong u_ = convert_ulong_sat(v_);                                                 \
        (o)[6] = (uint)l_; (o)[7] = (uint)(l_ >> 32); (o)[8] = (uint)u_; (o)[9] = (uint)(u_ >> 32); \
    } while (0)

__kernel void convert(__global const uint *in, __global uint *out)
{
    uint g = get_global_id(0);
    ulong x = g < 16 ? edge[g] : ((ulong)in[2 * g] << 32 | in[2 * g + 1]) >> (g & 63);
    __global uint *o = out + g * 84;
    SAT_ROW(char, x, o);
    SAT_ROW(uchar, x, o + 10);
    SAT_ROW(short, x, o + 20);
    SAT_ROW(ushort, x, o + 30);
    SAT_ROW(int, x, o + 40);
    SAT_ROW(uint, x, o + 50);
    SAT_ROW(long, x, o + 60);
    SAT_ROW(ulong, x, o + 70);
    o[80] = (uint)convert_int((long)x) ^ (uint)convert_uchar_rte((int)x) << 24;
    o[81] = as_uint((int)x) + (uint)convert_short_rtz((uint)(x >> 7));
    ulong a = as_ulong((long)x);
    o[82] = (uint)(a >> 29) ^ (uint)as_char((uchar)(x >> 3));
    o[83] = (uint)convert_long_sat_rtp((ulong)x >> 1) + (uint)as_ushort((short)(x >> 17));
}
