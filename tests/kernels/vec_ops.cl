// vec_ops.cl -- integer vector types (docs/compiler.md "Vector types"):
// every operator component-wise on char4, uchar8, short2, ushort16, int4,
// uint3, long2, ulong4, int16 and char3 values loaded from a buffer of
// vectors; comparisons and ! && || give 0 / -1 per component, shift
// counts are taken modulo the component's width, a scalar operand is every
// component.  Each work-item writes 26 results per type into its section
// (a vector buffer each); POCL gives the same buffer.
//@ global 32
//@ local 32
//@ buf u32 4096 rand32 11
//@ buf u32 39936 zero
//@ print 1
//@ expect_hash 1 0x0e1eb699

#define OPS(T, V, SV, BASE, ST)                                                             \
    {                                                                                    \
        __global const V *pin = (__global const V *)in;                                  \
        __global V *po = (__global V *)(out + (BASE)) + g * 26;                          \
        __global SV *pc = (__global SV *)(out + (BASE)) + g * 26;                        \
        V a = pin[g], b = pin[g + 32], z = pin[g + 64];                                  \
        T s = (T)in[1000 + g];                                                           \
        b.s0 = a.s0;                    /* some lanes equal */                           \
        z.s1 = (T)0;                    /* some lanes zero  */                           \
        V d = (b & (V)(0x7f)) + (V)(1);                                                  \
        ST(po, 0, a + b);                                                                   \
        ST(po, 1, a - b);                                                                   \
        ST(po, 2, a * b);                                                                   \
        ST(po, 3, a / d);                                                                   \
        ST(po, 4, a % d);                                                                   \
        ST(po, 5, (a & b) | (a ^ z));                                                       \
        ST(po, 6, a << b);                                                                  \
        ST(po, 7, a >> b);                                                                  \
        ST(po, 8, -a + ~b);                                                                 \
        ST(pc, 9, !z);                                                                      \
        ST(pc, 10, a < b);                                                                  \
        ST(pc, 11, a <= b);                                                                 \
        ST(pc, 12, a > b);                                                                  \
        ST(pc, 13, a >= b);                                                                 \
        ST(pc, 14, a == b);                                                                 \
        ST(pc, 15, a != b);                                                                 \
        ST(pc, 16, z && a);                                                                 \
        ST(pc, 17, z || (a & (V)(0)));                                                      \
        ST(po, 18, a + s);                                                                  \
        ST(po, 19, s - a * s);                                                              \
        ST(po, 20, (a < b) ? a : z);                                                        \
        ST(po, 21, (g & 1) ? a : b);                                                        \
        V e = a;                                                                         \
        e += b;                                                                          \
        e *= s;                                                                          \
        e >>= (T)3;                                                                      \
        e ^= z;                                                                          \
        ST(po, 22, e);                                                                      \
        V f = a;                                                                         \
        ST(po, 23, f++);                                                                    \
        V h = --f;                      \
        ST(po, 24, h + (+f));                                                                \
        f.s1 += s;                                                                       \
        f.s0 <<= 2;                                                                      \
        f.s1++;                                                                          \
        ST(po, 25, f);                                                                      \
    }

/* a whole vector, or a 3-vector's three components (its fourth is undefined) */
#define ST_ALL(P, I, X) P[I] = (X)
#define ST_3(P, I, X) { __typeof__(X) t_ = (X); P[I].s2 = t_.z; P[I].lo = t_.lo; }

__kernel void vec_ops(__global const uint *in, __global uint *out)
{
    uint g = get_global_id(0);
    OPS(char, char4, char4, 0, ST_ALL)
    OPS(uchar, uchar8, char8, 832, ST_ALL)
    OPS(short, short2, short2, 2496, ST_ALL)
    OPS(ushort, ushort16, short16, 3328, ST_ALL)
    OPS(int, int4, int4, 9984, ST_ALL)
    OPS(uint, uint3, int3, 13312, ST_3)
    OPS(long, long2, long2, 16640, ST_ALL)
    OPS(ulong, ulong4, long4, 19968, ST_ALL)
    OPS(int, int16, int16, 26624, ST_ALL)
}
