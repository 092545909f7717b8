// div.cl -- the cost of a 32-bit unsigned a / b as the compiler builds it:
// `make bench` (scripts/bench.sh) compiles this kernel three ways with
// -D DIV_MODE and runs each on the model and on the RTL in lockstep; the
// differences from mode 0 are div_inline_* (mode 2) and div_cc_* (mode 1)
// (docs/compiler.md, "Division").
//   0  no division: q = a + b (the baseline: the same loads)
//   1  q = a / b: the DIVU instruction
//   2  q = udiv(a, b): restoring division written in OpenCL C, 32 steps
//      of shift, compare and subtract -- what a / b costs without a divide
//      instruction
#ifndef DIV_MODE
#define DIV_MODE 1
#endif

uint udiv(uint n, uint d)
{
    uint q = 0, r = 0;
    for (int i = 31; i >= 0; i--) {
        r = (r << 1) | ((n >> i) & 1);
        if (r >= d) { r -= d; q |= 1u << i; }
    }
    return q;
}

__kernel void k(__global uint *q, __global const uint *a, __global const uint *b)
{
    uint i = get_global_id(0);
#if DIV_MODE == 0
    q[i] = a[i] + b[i];
#elif DIV_MODE == 1
    q[i] = a[i] / b[i];
#else
    q[i] = udiv(a[i], b[i]);
#endif
}
