// vec_builtins.cl -- the vector built-ins (docs/compiler.md "Vector
// types"): every integer built-in in vector form per component type
// (char8, uchar4, short4, ushort2, int4, uint8, long2, short3, int3), with a
// scalar for every component where OpenCL C allows one; vloadn/vstoren
// from __global, __local, __constant and private memory at unaligned
// offsets; convert_Tn with _sat and a rounding spelling, as_Tn between
// sizes of one total; any, all, select, bitselect; shuffle and shuffle2
// with constant and computed masks.  POCL gives the same buffer.
//@ global 32
//@ local 32
//@ buf u32 2048 rand32 23
//@ buf u32 20480 zero
//@ local_buf 256
//@ print 1
//@ expect_hash 1 0xfd925f48

#define BI(T, UT, V, UV, N, BASE)                                                        \
    {                                                                                    \
        __global UV *po = (__global UV *)(out + (BASE)) + g * 24;                         \
        V a = vload##N(g, (__global const T *)in + 3);                                   \
        V b = vload##N(g + 40, (__global const T *)in + 1);                              \
        V c = vload##N(g + 80, (__global const T *)in);                                  \
        T s = (T)in[1500 + g];                                                           \
        b.s0 = (T)(g & 1 ? 0 : b.s0);                                                    \
        po[0] = as_##UV(min(a, b)) ^ as_##UV(max(a, s));                                 \
        po[1] = as_##UV(clamp(a, min(b, c), max(b, c))) + as_##UV(clamp(c, s, (T)(s | 15)));\
        po[2] = abs(a) + abs_diff(a, b);                                                 \
        po[3] = as_##UV(add_sat(a, b)) - as_##UV(sub_sat(a, c));                         \
        po[4] = as_##UV(hadd(a, b)) ^ as_##UV(rhadd(b, c));                              \
        po[5] = as_##UV(clz(a)) + as_##UV(ctz(b)) * (UV)(3) + as_##UV(popcount(c));       \
        po[6] = as_##UV(mul_hi(a, b)) + as_##UV(mad_hi(a, b, c));                        \
        po[7] = as_##UV(mad_sat(a, b, c));                                               \
        po[8] = as_##UV(rotate(a, b)) ^ as_##UV(rotate(c, (V)(3)));                      \
        po[9] = as_##UV(select(a, b, c)) + as_##UV(bitselect(a, b, c));                  \
        po[10] = as_##UV(a < b ? b : c);                                                 \
        po[11] = (UV)((UT)(any(a < b) | all(c == c) << 1 | any(b > c) << 2 | all(a != b) << 3));\
        po[12] = convert_##UV##_sat(a) + convert_##UV(b) + convert_##UV##_sat_rtz(c);     \
        vstore##N(a + b, g, (__global T *)(po + 13) - g * N + 1);                        \
        (po + 14)[0] = as_##UV(c);                                                        \
    }

#define BI_3(T, UT, V, UV, N, BASE)                                                      \
    {                                                                                    \
        __global UT *po = (__global UT *)(out + (BASE)) + g * 24;                         \
        V a = vload3(g, (__global const T *)in + 3);                                     \
        V b = vload3(g + 40, (__global const T *)in + 1);                                \
        V c = vload3(g + 80, (__global const T *)in);                                    \
        vstore3(as_##UV(min(a, b)) ^ as_##UV(max(a, c)), 0, po);                          \
        vstore3(as_##UV(clamp(a, min(b, c), max(b, c))) + abs(a) + abs_diff(b, c), 1, po);\
        vstore3(as_##UV(add_sat(a, b)) - as_##UV(sub_sat(a, c)) + as_##UV(rhadd(a, c)), 2, po);\
        vstore3(as_##UV(clz(a) + ctz(b) + popcount(c) + mul_hi(a, b) + mad_hi(a, b, c)), 3, po);\
        vstore3(as_##UV(mad_sat(a, b, c)) + as_##UV(rotate(a, b)), 4, po);               \
        vstore3(as_##UV(select(a, b, c)) + as_##UV(bitselect(a, b, c)), 5, po);         \
        vstore3(convert_##UV##_sat(a) + convert_##UV(b), 6, po);                         \
        po[21] = any(a < b) | all(b != c) << 1 | any(c == a) << 2;                                     \
    }

#if !defined(__warpq__) && !defined(ctz)
/* ctz is OpenCL C 2.0's (warpq and POCL accept it in 1.2); elsewhere the
 * same count through popcount: the zeros below the lowest set bit, the
 * width for 0 */
#define ctz(x) popcount(((x) & -(x)) - (__typeof__(x))(1))
#endif

__constant uint ktab[16] = { 0x80000000, 1, 0xfffffffe, 7, 0x12345678, 0x9abcdef0, 0, 0xffffffff,
                             0x7fffffff, 0x100, 0x8000, 0x7f, 0x80, 0xff00ff00, 3, 0x55555555 };

__kernel void vec_builtins(__global const uint *in, __global uint *out, __local uint *lbuf)
{
    uint g = get_global_id(0), l = get_local_id(0);
    BI(char, uchar, char8, uchar8, 8, 0)
    BI(uchar, uchar, uchar4, uchar4, 4, 1536)
    BI(short, ushort, short4, ushort4, 4, 2304)
    BI(ushort, ushort, ushort2, ushort2, 2, 3840)
    BI(int, uint, int4, uint4, 4, 4608)
    BI(uint, uint, uint8, uint8, 8, 7680)
    BI(long, ulong, long2, ulong2, 2, 13824)
    BI_3(int, uint, int3, uint3, 3, 16896)
    BI_3(short, ushort, short3, ushort3, 3, 17920)
    /* vload / vstore in __local, __constant and private memory */
    __global uint *o = out + 18944 + g * 48;
    lbuf[l] = in[l * 5];
    lbuf[l + 32] = in[l * 7];
    barrier(CLK_LOCAL_MEM_FENCE);
    uint4 lv = vload4(l & 7, (__local const uint *)lbuf + 1);
    ushort8 lh = vload8(l & 7, (__local const ushort *)lbuf + 3);
    uint16 kv = vload16(0, ktab);
    uchar2 kb = vload2(l & 15, (__constant uchar *)ktab + 1);
    uint priv[8];
    vstore8(kv.s02468ace + (uint8)(l), 0, priv);
    uint3 pv = vload3(1, priv + 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    vstore2((uint2)(l, ~l), l & 15, lbuf + 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    vstore4(lv, 0, o);
    vstore4(as_uint4(lh.s01234567 * (ushort8)(3)) >> 3, 0, o + 4);
    vstore4(as_uint4(lh.s76543210 - lh), 0, o + 8);
    vstore4(as_uint4(lh) ^ (uint4)(lbuf[l], lbuf[(l + 1) & 63], kb.x, kb.y), 0, o + 12);
    vstore3(pv, 0, o + 16);
    vstore16(shuffle(kv, (uint16)(15, 14, 3, 2, 7, 7, 0, 1, 31, 20, 5, 9, 8, 12, 11, 10)), 0, o + 19);
    uint4 m = (uint4)(in[g], in[g + 1], in[g + 2], g);
    vstore4(shuffle2(lv, kv.hi.lo, m) + shuffle(kv.lo.lo, m), 0, o + 35);
    long2 w = as_long2(lv);
    vstore4(as_uint4(shuffle(w, (ulong2)(g, g + 1))), 0, o + 39);
    o[43] = as_uint(convert_char4_sat(lv)) ^ as_uint(convert_uchar4_sat(as_int4(lv))) ^ as_uint(convert_short2_sat_rte(w));
    o[44] = as_uint(convert_ushort2(convert_long2_sat(lv.xy)));
    o[45] = as_uint((uchar4)(as_uchar2(lh.s0), as_uchar2((short)lv.w)));
    o[46] = as_uint2(w.x).y ^ upsample((ushort2)(g, 3), (ushort2)(7, l)).y;
    o[47] = as_uint(upsample((char2)(-1, 2), (uchar2)(255, 1))) + mad24((int4)(l), (int4)(-3), (int4)(g)).z + mul24((uint2)(l), (uint2)(0xffffff)).y;
}
