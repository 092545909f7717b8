/* nested_errors.cl -- the failure modes of device-side enqueue
 * (docs/runtime.md "Nested work").
 *   forget: enqueues a child, and neither it nor the child ends the
 *           session (no wq_enqueue_done / wq_enqueue_finish);
 *   flood:  every work-item enqueues a child, far more than the queue
 *           holds; out[0]: accepted, out[1]: refused (WQ_ENQ_FULL),
 *           out[2]: children that ran, out[3]: any other status;
 *   plain:  no nested work at all. */
__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void quiet(__global uint *out)
{
    atomic_inc(&out[2]);                    /* ... and no wq_enqueue_done() */
}

__kernel void forget(__global uint *out)
{
    wq_enqueue(quiet, out);
}

__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void child(__global uint *out)
{
    atomic_inc(&out[2]);
    wq_enqueue_done();
}

__kernel void flood(__global uint *out)
{
    int st = wq_enqueue(child, out);
    if (st == WQ_ENQ_OK) atomic_inc(&out[0]);
    else if (st == WQ_ENQ_FULL) atomic_inc(&out[1]);
    else atomic_inc(&out[3]);
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (get_local_id(0) == 0) wq_enqueue_done();
}

__kernel void plain(__global uint *out)
{
    out[get_global_id(0)] = get_global_id(0) * 3u + 1u;
}
