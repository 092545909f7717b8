// float_fma.cl -- fused multiply-add (docs/compiler.md "Floating point"):
// fma() is one FFMA (one rounding) on edge operands and random bit
// patterns; a * b + c contracts into FFMA where clang's default
// (-ffp-contract=on) does -- the product on the left or the right, `m - c`
// as m + -c, `c - m` as -m + c, `x += m` and `x -= m`, mad() -- and not
// across statements (`p = a * b; p += c`) nor after `#pragma OPENCL
// FP_CONTRACT OFF`; a loop that accumulates with FFMA (its register read
// and written: liveness, spilling under -wq-regs=8, the alias pass's
// unrolled copies).  Equal to POCL bit for bit (NaN results written as
// 0x7FC00000: POCL's keep x86 payloads).
//@ fp
//@ global 1024
//@ local 64
//@ buf u32 3072 rand32 21
//@ buf u32 16384 zero
//@ buf u32 1024 zero
//@ per_thread 1 16
//@ expect_hash 1 0x41298797
//@ expect_hash 2 0xaf335db0
//@ print 1
//@ print 2
__constant uint E[16] = {
    0x00000000, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0x00000001, 0x807FFFFF, 0x00800000,
    0x7F7FFFFF, 0x3F800000, 0xBF800000, 0x40000000, 0x3EAAAAAB, 0x00400000, 0x4B800001, 0xC1C80000,
};

uint canon(float x) { return isnan(x) ? 0x7FC00000u : as_uint(x); }

/* operands near 1 and of mixed sign: products and sums that round */
float near1(uint r) { return as_float((r & 0x807FFFFFu) | 0x3F800000u); }

void fused(__global const uint *in, __global uint *out, __global uint *acc, uint i)
{
    float a, b, c;
    if (i < 256) {
        /* every triple of edge values over 4096 work-items would be too
         * many: 256 of them, the rest random */
        a = as_float(E[i % 16]); b = as_float(E[(i / 16) % 16]); c = as_float(E[(i * 7 + 3) % 16]);
    } else if (i < 640) {
        a = near1(in[i]); b = near1(in[i + 1024]); c = -near1(in[i + 2048]);
    } else {
        a = as_float(in[i]); b = as_float(in[i + 1024]); c = as_float(in[i + 2048]);
    }
    __global uint *o = out + i * 16;
    float x = c, y = c;
    o[0] = canon(fma(a, b, c));
    o[1] = canon(a * b + c);
    o[2] = canon(c + a * b);
    o[3] = canon(a * b - c);
    o[4] = canon(c - a * b);
    x += a * b;
    o[5] = canon(x);
    y -= a * b;
    o[6] = canon(y);
    float p = a * b;
    p += c;
    o[7] = canon(p);
    o[8] = canon(mad(a, b, c));
    o[9] = canon(a * 3.0f + c);
    o[10] = canon(a * b + c * a);
    o[11] = canon(fma(a, -2.5f, 1.0f));
    o[12] = canon(fma(a, b, 0.0f));
    o[13] = canon(-(a * b) + c);
    o[14] = canon(a * b * c + b);
    o[15] = canon(2.0f * 0.1f + c);
    /* an accumulation in a loop: acc = acc * a + b */
    float s = c;
    for (int k = 0; k < 8; k++) s = s * a + near1(in[(i + k) % 1024]);
    acc[i] = canon(s);
}

#pragma OPENCL FP_CONTRACT OFF
/* the same shapes, contraction off: two roundings each (fma() still
 * one), in the words fused() leaves to it */
void unfused(__global const uint *in, __global uint *out, uint i)
{
    float a = near1(in[i]), b = near1(in[i + 1024]), c = -near1(in[i + 2048]);
    __global uint *o = out + i * 16;
    float x = c;
    o[0] ^= canon(fma(a, b, c));
    o[1] ^= canon(a * b + c);
    o[2] ^= canon(c - a * b);
    x += a * b;
    o[3] ^= canon(x);
    o[4] ^= canon(mad(a, b, c));
}

/* the kernel (after the pragma: its own code has no a * b + c) */
__kernel void fma_contract(__global const uint *in, __global uint *out, __global uint *acc)
{
    uint i = get_global_id(0);
    fused(in, out, acc, i);
    if (i >= 256 && i < 640) unfused(in, out, i);
}
