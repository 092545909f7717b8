// ctz_limits.cl -- ctz on every integer width, the 64-bit <limits.h> names
// of OpenCL C 1.2 (LONG_MAX, LONG_MIN, ULONG_MAX), __LINE__, __FILE__, the
// version macros clang defines and __typeof__, whose operand is not
// evaluated (docs/compiler.md "The language").
// Work-item g takes v = 1 << (g % 33) for g < 33 (bit 32 is 0), then
// random words; each writes 8 words: ctz of v as uchar, ushort, uint, char
// and short, ctz of the ulong v << (g % 32) and of (ulong)v << 32 (low
// word), and the count of those seven that differ from a bit-by-bit loop
// (0 everywhere).  Buffer 2 holds the preprocessor's figures.  ctz is an
// OpenCL C 2.0 built-in that warpq also accepts under 1.2; elsewhere the
// kernel takes the loop for it, so POCL's output is the reference's.
//@ global 64
//@ local 32
//@ buf u32 64 rand32 71
//@ buf u32 512 zero
//@ buf u32 8 zero
//@ print 1
//@ print 2
//@ expect_seq 1 0 0 0 0 0 0 0 32 0
//@ expect_seq 1 8 1 1 1 1 1 2 33 0
//@ expect_seq 1 56 7 7 7 7 7 14 39 0
//@ expect_seq 1 64 8 8 8 8 8 16 40 0
//@ expect_seq 1 248 8 16 31 8 16 62 63 0
//@ expect_seq 1 256 8 16 32 8 16 64 64 0
//@ expect_seq 2 0 58 0xffffffff 0x7fffffff 0x80000000 0xffffffff 1 1 128
#if !defined(__warpq__) && __OPENCL_C_VERSION__ < 200
#define ctz(x) ref_ctz((ulong)(x), 8 * sizeof(x))
#endif

static uint ref_ctz(ulong x, uint bits)
{
    uint n = 0;
    while (n < bits && !((x >> n) & 1))
        n++;
    return n;
}

__kernel void ctz_limits(__global const uint *in, __global uint *out, __global uint *pp)
{
    uint g = get_global_id(0);
    uint v = g < 33 ? (g == 32 ? 0u : 1u << g) : in[g];
    ulong w = (ulong)v << (g % 32), h = (ulong)v << 32;
    uint r[7];
    r[0] = ctz((uchar)v);
    r[1] = ctz((ushort)v);
    r[2] = ctz(v);
    r[3] = ctz((char)v);
    r[4] = ctz((short)v);
    r[5] = (uint)ctz(w);
    r[6] = (uint)ctz(h);
    uint bad = (r[0] != ref_ctz((uchar)v, 8)) + (r[1] != ref_ctz((ushort)v, 16)) +
               (r[2] != ref_ctz(v, 32)) + (r[3] != ref_ctz((uchar)v, 8)) +
               (r[4] != ref_ctz((ushort)v, 16)) + (r[5] != ref_ctz(w, 64)) + (r[6] != ref_ctz(h, 64));
    for (int k = 0; k < 7; k++)
        out[8 * g + k] = r[k];
    out[8 * g + 7] = bad;
    if (g == 0) {
        pp[0] = __LINE__;
        pp[1] = (uint)LONG_MAX;
        pp[2] = (uint)(LONG_MAX >> 32);
        pp[3] = (uint)((ulong)LONG_MIN >> 32);
        pp[4] = (uint)(ULONG_MAX >> 32);
#if __OPENCL_C_VERSION__ >= CL_VERSION_2_0
        pp[5] = __OPENCL_C_VERSION__ >= 200;    /* taken only by a 2.0 or later compiler */
#else
        pp[5] = CL_VERSION_2_0 == 200 && __OPENCL_C_VERSION__ < 200;
#endif
#if defined(__FILE__) && defined(__LINE__)
        pp[6] = 1;
#endif
        uint i = 0;
        __typeof__(pp[i++] + 0) t = sizeof(__typeof__(LONG_MAX));
        pp[7] = t * 16 + i;
    }
}
