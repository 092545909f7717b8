// structs.cl -- structs and unions as values (docs/compiler.md "Structs and
// unions by value"): assignment between locals, private arrays of structs
// at run-time indices, __global and __local objects through pointers,
// nested structs and member-of-member, initialisation from another struct
// and from a call, compound literals, `?:` and `,` with struct values, a
// chain `a = b = c`, unions; structs passed and returned by value (an
// early, divergent return of a struct; the callee's copy is its own);
// alignments of 8, 4, 2 and 1 (copied by words, half-words, bytes).
//@ global 64
//@ local 32
//@ buf u32 256 rand32 7
//@ buf u32 512 zero
//@ buf u32 256 zero
//@ print 1
//@ print 2
//@ expect_hash 1 0x2f32f706
//@ expect_hash 2 0xe7c75467
typedef struct { int a; short b; uchar c; long d; } S;     /* 16 bytes, align 8 */
typedef struct { uchar t; ushort h; } H;                    /* 4 bytes, align 2 */
typedef struct { uchar b[3]; } B;                           /* 3 bytes, align 1 */
typedef union { uint w; uchar by[4]; short h[2]; } U;
typedef struct { S in; int arr[3]; U u; H h; B b; } T;

S mk(int x)
{
    S s = { x, (short)(x * 3), (uchar)(x + 1), (long)x << 33 | 5 };
    return s;
}

/* the parameter is the callee's copy: changing it leaves the caller's */
int sum(S s)
{
    s.a += 100;
    s.d >>= 1;
    return s.a + s.b + s.c + (int)(s.d >> 32) + (int)s.d;
}

/* a struct returned from a divergent early return, or the end */
S pick(S x, S y, int c)
{
    if (c & 1) {
        x.b = (short)(x.b + y.b);
        return x;
    }
    S z = y;
    z.c ^= 0x5A;
    return z;
}

T wrap(S s, H h, B b, U u)
{
    T t = { s, { s.a, h.h, b.b[2] }, u, h, b };
    return t;
}

H mkh(uint v) { H h = { (uchar)v, (ushort)(v >> 8) }; return h; }

uint hash_s(S s) { return (uint)s.a * 3u + (uint)s.b * 5u + s.c * 7u + (uint)s.d * 11u + (uint)(s.d >> 32) * 13u; }
uint hash_t(T t)
{
    return hash_s(t.in) + (uint)t.arr[0] + (uint)t.arr[1] * 17u + (uint)t.arr[2] * 19u + t.u.w * 23u +
           t.h.t * 29u + t.h.h * 31u + t.b.b[0] * 37u + t.b.b[1] * 41u + t.b.b[2] * 43u;
}

__kernel void structs(__global const S *src, __global uint *out, __global S *gs)
{
    uint g = get_global_id(0), l = get_local_id(0);
    __local S ls[32];
    __local T lt[2];
    S a = src[g];                   /* from __global */
    S b;
    b = a;                          /* local to local */
    S arr[4];
    for (int i = 0; i < 4; i++) arr[i] = mk((int)(g * 4u + (uint)i));
    arr[g & 3] = arr[(g + 1) & 3];  /* run-time indices */
    arr[(g >> 2) & 3].b = (short)g;
    S c = arr[(g >> 1) & 3];        /* initialised from another struct */
    int s0 = sum(c);                /* by value: c is unchanged */
    int s1 = c.a;
    S d = pick(a, c, (int)g);
    S e, f;
    e = f = (g & 2) ? d : (S){ (int)g, 2, 3, 4 };   /* a chain, ?:, a compound literal */
    e.a += 9;
    ls[l] = e;                      /* __local */
    gs[g] = (e.c++, f);             /* a comma with a struct value, into __global */
    barrier(CLK_LOCAL_MEM_FENCE);
    S n = ls[(l + 1) & 31];
    U u = { src[g].a ^ 0x01020304 };
    U v;
    v = u;
    v.by[g & 3] = (uchar)g;
    H h = mkh(g * 77u + 5u);
    B bb = { { (uchar)g, (uchar)(g + 1), (uchar)(g + 2) } };
    B bc = bb;
    bc.b[g % 3] = 0xEE;
    T t = wrap(n, h, bc, v);
    T t2 = t;
    t2.in.d += 1;                   /* member of member */
    t2.in = arr[g & 3];             /* a nested struct assigned */
    if (l < 2) lt[l] = t2;
    barrier(CLK_LOCAL_MEM_FENCE);
    T t3 = lt[g & 1];
    t3.h = h;
    uint o = g * 8u;
    out[o + 0] = hash_s(a) ^ hash_s(b);
    out[o + 1] = (uint)s0 + (uint)s1 * 3u;
    out[o + 2] = hash_s(d);
    out[o + 3] = hash_s(e) + hash_s(f) * 7u;
    out[o + 4] = hash_s(n);
    out[o + 5] = v.w + u.w * 3u + bb.b[0] + bc.b[1] * 5u;
    out[o + 6] = hash_t(t) + hash_t(t2) * 3u;
    out[o + 7] = hash_t(t3) + (uint)mk((int)g).b + (uint)pick(b, c, 1).b;
}
