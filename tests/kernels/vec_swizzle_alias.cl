// vec_swizzle_alias.cl -- an assignment to a selection whose right side
// is the selected vector itself: every component is read before any is
// written (docs/compiler.md "Vector types"), also for op= (`v.yx -= v`).
// Found by wq gen cl seed 81 (vector); POCL gives the same buffer.
//@ global 8
//@ local 8
//@ buf u32 24 zero
//@ print 0
//@ expect_seq 0 0 0x1030204 0xfffffff6 0xa 0x1030205 0xfffffff5 0xb 0x1030206 0xfffffff4 0xc 0x1030207 0xfffffff3 0xd 0x1030208 0xfffffff2 0xe 0x1030209 0xfffffff1 0xf 0x103020a 0xfffffff0 0x10 0x103020b 0xffffffef 0x11

__kernel void k(__global uint *out)
{
    uint g = get_global_id(0);
    uchar4 w = (uchar4)(1, 2, 3, (uchar)(4 + g));
    w.s3120 = w;
    int2 v = (int2)(10, 20 + (int)g);
    v.yx -= v;
    out[g * 3] = as_uint(w);
    out[g * 3 + 1] = (uint)v.x;
    out[g * 3 + 2] = (uint)v.y;
}
