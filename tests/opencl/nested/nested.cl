/* nested.cl -- device-side enqueue three levels deep (docs/runtime.md
 * "Nested work"): every work-item of parent enqueues a mid, every mid a
 * leaf.  out[0]: sum of the leaves' ids + 1; out[1 + level]: work-items
 * that ran at each level; out[8]: enqueues refused. */
__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void leaf(__global uint *out, uint id, uint level)
{
    atomic_add(&out[0], id + 1);
    atomic_inc(&out[1 + level]);
    wq_enqueue_done();
}

__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void mid(__global uint *out, uint id, uint level)
{
    atomic_inc(&out[1 + level]);
    if (wq_enqueue(leaf, out, id, level + 1) != WQ_ENQ_OK) atomic_inc(&out[8]);
    wq_enqueue_done();
}

__kernel void parent(__global uint *out)
{
    uint g = get_global_id(0);
    atomic_inc(&out[1]);
    if (wq_enqueue(mid, out, g, 1) != WQ_ENQ_OK) atomic_inc(&out[8]);
    barrier(CLK_GLOBAL_MEM_FENCE);          /* every enqueue of the group first */
    if (get_local_id(0) == 0) wq_enqueue_done();
}
