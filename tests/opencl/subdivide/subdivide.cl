/* subdivide.cl -- recursive subdivision whose shape depends on the data
 * (docs/runtime.md "Nested work"): split(buf, lo, hi) halves [lo, hi) while
 * its values add up to more than LIMIT, enqueueing itself for both halves;
 * a leaf adds its sum to buf[0], counts itself in buf[1] and its depth in
 * buf[4 + depth].  buf[2]: refused enqueues, buf[3]: nodes.  The values are
 * buf[DATA ...]. */
#define DATA  64
#define LIMIT 300u

__kernel __attribute__((reqd_work_group_size(1, 1, 1)))
void split(__global uint *buf, uint lo, uint hi)
{
    uint sum = 0;
    for (uint i = lo; i < hi; i++) sum += buf[DATA + i];
    atomic_inc(&buf[3]);
    if (hi - lo > 1 && sum > LIMIT) {
        uint m = lo + (hi - lo) / 2;
        if (wq_enqueue(split, buf, lo, m) != WQ_ENQ_OK) atomic_inc(&buf[2]);
        if (wq_enqueue(split, buf, m, hi) != WQ_ENQ_OK) atomic_inc(&buf[2]);
    } else {
        atomic_add(&buf[0], sum);
        atomic_inc(&buf[1]);
    }
    wq_enqueue_done();
}
