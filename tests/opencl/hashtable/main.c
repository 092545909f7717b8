/* hashtable/main.c -- a spin-lock hash table in OpenCL C (hashtable.cl):
 * 256 work-items insert their keys into 16 buckets, each guarded by a lock
 * taken in divergent code.  Checked against the host's own table: each
 * bucket's count, key sum and set of keys; every lock is free again.
 *
 *   hashtable              the table, twice (64 and 32 work-items a group)
 *   hashtable --yield-off  warpq only: built with -wq-yield=off the lock
 *                          livelocks the warp; the launch must fail (the
 *                          model's forward-progress report) and the next
 *                          launch of the default build must still work */
#include "../common.h"

#define NB    16
#define SLOTS 256
#define N     256

static cl_uint bucket(cl_uint key) { return (key >> 9) % NB; }
static cl_uint key_of(cl_uint id) { return id * 2654435761u + 12345u; }

typedef struct { cl_command_queue q; cl_mem b[4]; } table_t;

/* one insert launch and its checks; returns the launch's status */
static cl_int run(table_t *t, cl_kernel k, size_t local, const char *what, int check)
{
    static cl_uint zero[NB * SLOTS];
    for (int i = 0; i < 4; i++)
        MUST(clEnqueueWriteBuffer(t->q, t->b[i], CL_TRUE, 0, (i == 3 ? NB * SLOTS : NB) * 4, zero, 0, NULL, NULL));
    size_t g = N;
    cl_event ev;
    EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(t->q, k, 1, NULL, &g, &local, 0, NULL, &ev));
    clFinish(t->q);
    cl_int st = t_status(ev);
    clReleaseEvent(ev);
    if (!check) return st;
    CHECK(st == CL_COMPLETE, "%s: status %d", what, st);
    static cl_uint lk[NB], cnt[NB], sum[NB], slots[NB * SLOTS];
    MUST(clEnqueueReadBuffer(t->q, t->b[0], CL_TRUE, 0, sizeof lk, lk, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(t->q, t->b[1], CL_TRUE, 0, sizeof cnt, cnt, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(t->q, t->b[2], CL_TRUE, 0, sizeof sum, sum, 0, NULL, NULL));
    MUST(clEnqueueReadBuffer(t->q, t->b[3], CL_TRUE, 0, sizeof slots, slots, 0, NULL, NULL));
    cl_uint want_cnt[NB] = {0}, want_sum[NB] = {0}, total = 0, busiest = 0;
    for (cl_uint i = 0; i < N; i++) {
        cl_uint key = key_of(i), b = bucket(key);
        want_cnt[b]++;
        want_sum[b] += key;
    }
    int keys_ok = 1;
    for (cl_uint b = 0; b < NB; b++) {
        CHECK(lk[b] == 0, "%s: bucket %u still locked", what, b);
        CHECK(cnt[b] == want_cnt[b], "%s: bucket %u holds %u keys, expected %u", what, b, cnt[b], want_cnt[b]);
        CHECK(sum[b] == want_sum[b], "%s: bucket %u key sum %u, expected %u", what, b, sum[b], want_sum[b]);
        total += cnt[b];
        if (cnt[b] > busiest) busiest = cnt[b];
        /* every key in the bucket belongs there, once */
        for (cl_uint s = 0; s < cnt[b] && s < SLOTS; s++) {
            cl_uint key = slots[b * SLOTS + s];
            keys_ok &= bucket(key) == b;
            for (cl_uint r = 0; r < s; r++) keys_ok &= slots[b * SLOTS + r] != key;
        }
    }
    CHECK(keys_ok, "%s: a key in the wrong bucket or twice", what);
    printf("hashtable: %s: %u keys in %d buckets (busiest %u), every lock free\n", what, total, NB, busiest);
    return st;
}

int main(int argc, char **argv)
{
    int yield_off = argc > 1 && !strcmp(argv[1], "--yield-off");
    cl_platform_id plat = t_platform();
    if (yield_off && !t_is_warpq) {
        printf("hashtable: --yield-off is a warpq build option; skipped\n");
        return 0;
    }
    cl_device_id d = t_device(plat);
    cl_int rc;
    table_t t;
    cl_context ctx = t_context(d, &t.q);
    for (int i = 0; i < 4; i++) {
        t.b[i] = clCreateBuffer(ctx, CL_MEM_READ_WRITE, (i == 3 ? NB * SLOTS : NB) * 4, NULL, &rc);
        MUST(rc);
    }
    cl_program p = t_program_file(ctx, d, "tests/opencl/hashtable/hashtable.cl", "");
    cl_kernel k = clCreateKernel(p, "insert", &rc);
    MUST(rc);
    for (int i = 0; i < 4; i++) MUST(clSetKernelArg(k, (cl_uint)i, sizeof t.b[i], &t.b[i]));
    if (yield_off) {
        cl_program po = t_program_file(ctx, d, "tests/opencl/hashtable/hashtable.cl", "-wq-yield=off");
        cl_kernel ko = clCreateKernel(po, "insert", &rc);
        MUST(rc);
        for (int i = 0; i < 4; i++) MUST(clSetKernelArg(ko, (cl_uint)i, sizeof t.b[i], &t.b[i]));
        cl_int st = run(&t, ko, 64, "-wq-yield=off", 0);
        CHECK(st < 0, "-wq-yield=off: the launch did not fail (status %d)", st);
        printf("hashtable: -wq-yield=off: the launch failed (status %d): the warp livelocked\n", st);
        run(&t, k, 64, "default build after it", 1);
        clReleaseKernel(ko);
        clReleaseProgram(po);
    } else {
        run(&t, k, 64, "64 a group", 1);
        run(&t, k, 32, "32 a group", 1);
    }
    clReleaseKernel(k);
    clReleaseProgram(p);
    for (int i = 0; i < 4; i++) clReleaseMemObject(t.b[i]);
    clReleaseCommandQueue(t.q);
    clReleaseContext(ctx);
    return t_done("hashtable");
}
