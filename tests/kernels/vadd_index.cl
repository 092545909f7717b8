// vadd_index.cl -- c[i] = a[i] + b[i] + i: the OpenCL C twin of the
// hand-written tests/programs/asm_vecadd.wqs (same data, same launch: 2
// work-groups of 32), which `make bench` compares instruction for
// instruction (cc_issue_slots_ratio)
//@ global 64
//@ local 32
//@ buf u32 64 const 5
//@ buf u32 64 const 7
//@ buf u32 64 zero
//@ print 2
//@ expect 2 0 12
//@ expect 2 1 13
//@ expect 2 63 75
__kernel void vadd_index(__global const uint *a, __global const uint *b, __global uint *c)
{
    uint i = get_global_id(0);
    c[i] = a[i] + b[i] + i;
}
