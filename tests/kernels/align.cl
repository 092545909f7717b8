// align.cl -- the absolute addresses of private and __local objects are
// aligned to their types (OpenCL C 1.2 §6.1.5: a vector to its size, int4
// to 16, int8 to 32, int16 to 64, long16 to 128), each behind a misaligning
// char or short array: in the kernel, in a noinline function and in the
// noinline function it calls (their frames follow the caller's objects),
// for every work-item (the frame stride) of every work-group (the __local
// block stride), the kernel's own __local variables and its __local
// arguments (each behind a 4-byte one).  Each work-item writes a mask of
// the misaligned objects (bits 0-3 the kernel's private ones, 4-7 the
// callee's, 8-11 its callee's, 12-15 the __local variables, 16-17 the
// __local arguments) and 1 << 31 when an object does not read back what
// was stored in it: every word 0.
//@ global 64
//@ local 16
//@ buf u32 64 zero
//@ local_buf 4
//@ local_buf 128
//@ local_buf 4
//@ local_buf 256
//@ print 0
//@ expect_all 0 0

// a misaligned address: 1
#define MIS(p, al) ((uint)(((uintptr_t)(p) & ((al) - 1)) != 0))

// the four vectors' misalignment bits (the bit at sh for the int4), and
// whether each holds what was stored (the 1 << 31 bit when one does not)
#define CHECK4(a, b, c, d, s, sh)                                                  \
    ((MIS(&a, 16) | MIS(&b, 32) << 1 | MIS(&c, 64) << 2 | MIS(&d, 128) << 3) << (sh) | \
     (uint)(a.w != (int)(s) || b.s7 != (int)(s) + 1 || c.sf != (int)(s) + 2 ||     \
            d.sf != (long)(s) + 3) << 31)

__attribute__((noinline)) uint inner(uint s)
{
    char p0[3];
    int4 a = (int)s;
    short p1[3];
    int8 b = (int)s + 1;
    char p2[5];
    int16 c = (int)s + 2;
    char p3[1];
    long16 d = (long)s + 3;
    p0[s % 3] = 1;
    p1[s % 3] = 2;
    p2[s % 5] = 3;
    p3[0] = 4;
    return CHECK4(a, b, c, d, s, 8) | (uint)(p0[s % 3] + p1[s % 3] + p2[s % 5] + p3[0] != 10) << 31;
}

__attribute__((noinline)) uint outer(uint s)
{
    short p0[1];
    int4 a = (int)s;
    char p1[1];
    int8 b = (int)s + 1;
    char p2[3];
    int16 c = (int)s + 2;
    short p3[3];
    long16 d = (long)s + 3;
    p0[0] = 5;
    p1[0] = 6;
    p2[s % 3] = 7;
    p3[s % 3] = 8;
    uint m = inner(s * 3 + 1);
    return m | CHECK4(a, b, c, d, s, 4) | (uint)(p0[0] + p1[0] + p2[s % 3] + p3[s % 3] != 26) << 31;
}

__kernel void align_k(__global uint *out, __local uchar *lpad0, __local int16 *larg64,
                      __local uchar *lpad1, __local long16 *larg128)
{
    __local char q0[3];
    __local int4 l16;
    __local short q1[1];
    __local int8 l32;
    __local char q2[5];
    __local int16 l64;
    __local char q3[1];
    __local long16 l128;
    uint i = get_global_id(0);
    char p0[1];
    int4 a = (int)i;
    char p1[3];
    int8 b = (int)i + 1;
    short p2[1];
    int16 c = (int)i + 2;
    char p3[5];
    long16 d = (long)i + 3;
    p0[0] = 1;
    p1[i % 3] = 1;
    p2[0] = 1;
    p3[i % 5] = 1;
    if (get_local_id(0) == 0) {
        q0[0] = 1;
        q1[0] = 1;
        q2[0] = 1;
        q3[0] = 1;
        lpad0[0] = 1;
        lpad1[0] = 1;
    }
    uint m = CHECK4(a, b, c, d, i, 0) | outer(i * 7 + 2);
    m |= (MIS(&l16, 16) | MIS(&l32, 32) << 1 | MIS(&l64, 64) << 2 | MIS(&l128, 128) << 3) << 12;
    m |= (MIS(larg64, 64) | MIS(larg128, 128) << 1) << 16;
    out[i] = m | (uint)(p0[0] + p1[i % 3] + p2[0] + p3[i % 5] != 4) << 31;
}
