/* nd_enqueue.cl -- device-side enqueue of children of chosen sizes
 * (wq_enqueue_nd, docs/compiler.md "Nested work"): work-item j of spawn
 * reads job j's global size, local size and output base from jobs[3j ...],
 * enqueues fill with them and records the status (1 OK, 2 refused sizes,
 * 3 full, 4 other) in out[STAT + j].  fill checks its work-item functions
 * against each other, stores a word per work-item at out[base + global id]
 * and counts its work-items and groups. */
#define JOBS   12
#define STAT   0
#define COUNT  (STAT + JOBS)      /* work-items that ran, per job          */
#define GROUPS (COUNT + JOBS)     /* work-groups that ran, per job         */
#define SHAPE  (GROUPS + JOBS)    /* local size, groups, global size, dim  */
#define BAD    (SHAPE + 4 * JOBS) /* work-items whose functions disagree   */
#define OUT    (BAD + 1)

__kernel void fill(__global uint *out, uint job, uint base)
{
    uint g = get_global_id(0), l = get_local_id(0), grp = get_group_id(0);
    uint ls = get_local_size(0), ng = get_num_groups(0);
    if (g != grp * ls + l || l >= ls || grp >= ng || get_global_size(0) != ng * ls ||
        get_work_dim() != 1 || get_local_size(1) != 1 || get_num_groups(1) != 1)
        atomic_inc(&out[BAD]);
    out[OUT + base + g] = job << 24 | grp << 12 | l;
    atomic_inc(&out[COUNT + job]);
    barrier(CLK_GLOBAL_MEM_FENCE);          /* the group's work first */
    if (l == 0) {
        if (grp == 0) {
            out[SHAPE + 4 * job] = ls;
            out[SHAPE + 4 * job + 1] = ng;
            out[SHAPE + 4 * job + 2] = get_global_size(0);
            out[SHAPE + 4 * job + 3] = get_work_dim();
        }
        atomic_inc(&out[GROUPS + job]);
        wq_enqueue_done();
    }
}

__kernel void spawn(__global uint *out, __global const uint *jobs)
{
    uint j = get_global_id(0);
    int st = wq_enqueue_nd(fill, jobs[3 * j], jobs[3 * j + 1], out, j, jobs[3 * j + 2]);
    out[STAT + j] = st == WQ_ENQ_OK ? 1 : st == WQ_ENQ_SIZE ? 2 : st == WQ_ENQ_FULL ? 3 : 4;
    barrier(CLK_GLOBAL_MEM_FENCE);          /* every enqueue of the group first */
    if (get_local_id(0) == 0) wq_enqueue_done();
}
