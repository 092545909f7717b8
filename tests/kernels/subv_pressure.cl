// subv_pressure.cl -- a high-register kernel for sub-vector selection
// (docs/compiler.md "Sub-vector segments"): each work-item loads three
// arrays of six values (a row of `a`, `b` and `c`), keeps all eighteen live
// while it combines every pair in straight-line code, and writes four words.
// The straight run is one candidate segment whose pressure exceeds the
// threshold; its temporaries are segment-local. The output is the same with
// -wq-subv=off, auto and always, at 8/16/32 lanes and under -wq-regs=16
// (where the eighteen values spill either way).
//@ global 64
//@ local 32
//@ buf u32 384 seq 1 3
//@ buf u32 384 seq 7 5
//@ buf u32 384 seq 2 11
//@ buf u32 256 zero
//@ print 3
//@ expect_seq 3 0 0x00000a39 0x00000668 0x0000157d 0x00000006
//@ expect_seq 3 148 0x0047d805 0x00557274 0x01267311 0x00022917
//@ expect_seq 3 252 0x00cb838d 0x00f47fa4 0x034b3c59 0x00063613
__kernel void subv_pressure(__global const uint *a, __global const uint *b,
                            __global const uint *c, __global uint *out)
{
    uint g = get_global_id(0);
    __global const uint *pa = a + 6 * g, *pb = b + 6 * g, *pc = c + 6 * g;
    uint a0 = pa[0], a1 = pa[1], a2 = pa[2], a3 = pa[3], a4 = pa[4], a5 = pa[5];
    uint b0 = pb[0], b1 = pb[1], b2 = pb[2], b3 = pb[3], b4 = pb[4], b5 = pb[5];
    uint c0 = pc[0], c1 = pc[1], c2 = pc[2], c3 = pc[3], c4 = pc[4], c5 = pc[5];
    uint dot = a0 * b0 + a1 * b1 + a2 * b2 + a3 * b3 + a4 * b4 + a5 * b5;
    uint mix = (a0 ^ c5) + (a1 ^ c4) + (a2 ^ c3) + (a3 ^ c2) + (a4 ^ c1) + (a5 ^ c0);
    uint cross = (b0 * c0 + b5 * c5) ^ (b1 * c1 + b4 * c4) ^ (b2 * c2 + b3 * c3);
    uint mx = max(max(a0 + b5, a1 + b4), max(a2 + b3, max(a3 + b2, max(a4 + b1, a5 + b0))));
    mx = min(mx, c0 + c1 + c2 + c3 + c4 + c5);
    out[4 * g + 0] = dot + (mix << 3);
    out[4 * g + 1] = mix ^ cross;
    out[4 * g + 2] = cross + dot * 3;
    out[4 * g + 3] = mx ^ (dot >> 5);
}
