// vec_mem.cl -- vectors in memory and in functions (docs/compiler.md
// "Vector types"): a struct with vector members in a private array, a
// __local buffer of vectors, an address-taken vector, component l-values
// (swizzled stores, .lo/.hi/.even/.odd, selections of selections) to
// registers and to memory, mixed literals, functions taking and returning
// vectors, program-scope __constant vectors.  POCL gives the same buffer.
//@ global 64
//@ local 32
//@ buf u32 1024 rand32 5
//@ buf u32 2048 zero
//@ local_buf 512
//@ print 1
//@ expect_hash 1 0xe7b00e70

typedef struct {
    int4 v;
    char2 c;
    long2 l;
    ushort3 u;
} rec_t;

__constant int4 kfour = (int4)(1, -2, 3, -4);
__constant uchar8 kbytes[2] = { (uchar8)(1, 2, 3, 4, 5, 6, 7, 8), (uchar8)(250) };

int4 twist(int4 a, int b)
{
    int4 r = a.wzyx;
    r.even += b;
    return r * (int4)(b, 2, a.s1, 3);
}

long2 widen(int2 x) { return (long2)((long)x.x << 20, (long)x.y * -3); }

void bump(__private int4 *p, int k) { p->yz += k; (*p).x ^= k; }

__kernel void vec_mem(__global const uint *in, __global uint *out, __local int4 *lbuf)
{
    uint g = get_global_id(0), l = get_local_id(0);
    __global int4 *o = (__global int4 *)out + g * 8;
    __local int8 tile[32];
    rec_t r[2];
    int4 a = ((__global const int4 *)in)[g];
    r[0].v = a;
    r[0].c = (char2)((char)a.x, (char)a.y);
    r[0].l = widen(a.zw);
    r[0].u = (ushort3)((ushort)a.x, (ushort2)((ushort)a.y, (ushort)g));
    r[1].v = r[0].v; r[1].c = r[0].c; r[1].l = r[0].l; r[1].u = r[0].u;
    r[1].v.s2 = 7;
    r[1].u.yx = r[0].u.xy;
    tile[l] = (int8)(a, a.wzyx);
    lbuf[l] = a + kfour;
    barrier(CLK_LOCAL_MEM_FENCE);
    int8 t = tile[(l + 1) & 31];
    int4 nb = lbuf[(l + 3) & 31];
    t.s7 = nb.y;
    t.lo.hi = nb.wx;
    int4 b = twist(nb, (int)g);
    bump(&b, 5);
    int4 c = a;
    c.s3120 = b;
    c.odd += c.even;
    uchar8 k = kbytes[g & 1];
    k.hi = k.lo + (uchar4)((uchar)g);
    o[0] = r[1].v + (int4)(r[1].c.x, r[1].c.y, (int)r[1].u.x, (int)r[1].u.y);
    o[1] = (int4)(r[0].l.x, r[0].l.x >> 32, 0, 1) ^ (int4)((int2)(r[1].l.y, r[1].l.y >> 32), (int2)(r[1].u.z));
    o[2] = t.lo;
    o[3] = t.hi;
    o[4] = b;
    o[5] = c;
    o[6] = (int4)(((__private uint2 *)&k)[0].x, ((uint2 *)&k)[0].y, kfour.w, kbytes[1].s7);
    o[7] = (int4)(nb.lo, t.odd.hi);
}
