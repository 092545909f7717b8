// kernel_call.cl -- a kernel called from another kernel as an ordinary
// function (OpenCL C 1.2 6.9): the callee is inlined, its parameters are
// whatever the caller passes (here non-uniform values: the loop bound
// differs per work-item, so its loop is divergent), a return in it leaves
// only the call, and it stays a kernel of its own, launched on its own by
// kernels that read its output (docs/compiler.md "Calls").
//@ kernel outer
//@ global 64
//@ local 32
//@ buf u32 64 rand 5 1000
//@ buf u32 128 zero
//@ print 1
//@ expect_hash 1 0xcba068e3
__kernel void inner(__global const uint *in, __global uint *out, uint base, uint n)
{
    uint s = 0;
    for (uint i = 0; i < n; i++) {
        s += in[(base + i) & 63];
        if (s > 3000u) {
            out[base] = s | 0x80000000u;
            return;
        }
    }
    out[base] = s;
}

__kernel void outer(__global const uint *in, __global uint *out)
{
    uint g = get_global_id(0);
    inner(in, out, g, g % 9u);
    inner(in, out + 64, g, in[g] % 7u);
    out[64 + g] += 1u;
}
