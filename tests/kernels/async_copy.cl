// async_copy.cl -- async_work_group_copy / async_work_group_strided_copy /
// wait_group_events: a tile of the input copied into __local by the whole
// work-group (more elements than work-items, and a count that is not a
// multiple of the group's size), summed with a neighbour, and written back
// with a strided copy into every second word of the output
//@ global 64
//@ local 16
//@ buf u32 300 rand 7 100000
//@ buf u32 300 zero
//@ local_buf 512
//@ print 1
#define TILE 37
__kernel void tiles(__global const uint *in, __global uint *out, __local uint *t)
{
    uint g = get_group_id(0), l = get_local_id(0);
    event_t e = async_work_group_copy(t, in + g * TILE, TILE + 1, 0);
    wait_group_events(1, &e);
    for (uint i = l; i < TILE; i += get_local_size(0))
        t[64 + i] = t[i] * 3u + t[i + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    e = async_work_group_strided_copy(out + g * 2 * TILE + 1, t + 64, TILE, 2, e);
    wait_group_events(1, &e);
}
