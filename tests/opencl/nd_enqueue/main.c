/* nd_enqueue/main.c -- device-side enqueue of children of chosen global and
 * local sizes (wq_enqueue_nd, the cl_warpq_enqueue extension; docs/runtime.md
 * "Nested work"): a parent whose work-items each enqueue a child grid of
 * several work-groups with sizes read from a buffer, among them sizes the
 * device cannot run (local size 0 or above CL_DEVICE_MAX_WORK_GROUP_SIZE,
 * global size 0 or not a multiple, more than 65535 groups), which must be
 * refused with WQ_ENQ_SIZE and run nothing.  The host checks every
 * work-item's word (global, local and group id), the counts of work-items
 * and groups, the children's sizes, and the statuses.  One fixed set of
 * sizes, then two drawn from a seed. */
#include "../common.h"

#define JOBS   12
#define STAT   0
#define COUNT  (STAT + JOBS)
#define GROUPS (COUNT + JOBS)
#define SHAPE  (GROUPS + JOBS)
#define BAD    (SHAPE + 4 * JOBS)
#define OUT    (BAD + 1)
#define SPARE  16                   /* refused jobs point here: stays untouched */
#define MAXOUT 8192

/* the sizes the device runs: the rules wq_enqueue_nd checks */
static int runs(cl_uint g, cl_uint l, cl_uint max_wg)
{
    return l >= 1 && l <= max_wg && g >= 1 && g % l == 0 && g / l <= 65535;
}

static cl_uint out[OUT + MAXOUT + SPARE];

int main(void)
{
    cl_device_id d = t_enqueue_device("nd_enqueue");
    cl_int rc;
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    size_t mwg = 0;
    MUST(clGetDeviceInfo(d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof mwg, &mwg, NULL));
    cl_uint mw = (cl_uint)mwg;
    cl_program p = t_program_file(ctx, d, "tests/opencl/nd_enqueue/nd_enqueue.cl", "");
    cl_kernel k = clCreateKernel(p, "spawn", &rc);
    MUST(rc);
    cl_mem ob = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof out, NULL, &rc);
    MUST(rc);
    cl_mem jb = clCreateBuffer(ctx, CL_MEM_READ_ONLY, 3 * JOBS * sizeof(cl_uint), NULL, &rc);
    MUST(rc);
    MUST(clSetKernelArg(k, 0, sizeof ob, &ob));
    MUST(clSetKernelArg(k, 1, sizeof jb, &jb));
    /* set 0: several groups each, a group of the whole device, and every
     * kind of refusal: not a multiple, local 0, one work-item more than the
     * device's work-group (more warps than it has), global 0, 65536 groups */
    static const cl_uint fixed[JOBS][2] = {
        { 96, 32 }, { 200, 40 }, { 7, 7 }, { 48, 1 }, { 0, 0 } /* 2 * mw, mw */, { 100, 32 },
        { 64, 0 }, { 0, 1 } /* mw + 1, mw + 1 */, { 0, 16 }, { 65536, 1 }, { 192, 64 }, { 30, 3 },
    };
    unsigned seed = 2024, groups_total = 0, items_total = 0, refused_total = 0;
    for (int set = 0; set < 3; set++) {
        cl_uint jobs[3 * JOBS], used = 0;
        for (int j = 0; j < JOBS; j++) {
            cl_uint g, l;
            if (set == 0) {
                g = fixed[j][0];
                l = fixed[j][1];
                if (j == 4) { g = 2 * mw; l = mw; }
                if (j == 7) { g = mw + 1; l = mw + 1; }
            } else {
                seed = seed * 1103515245u + 12345u;
                cl_uint cap = mw < 48 ? mw : 48;
                l = 1 + (seed >> 16) % cap;
                seed = seed * 1103515245u + 12345u;
                g = l * (1 + (seed >> 16) % 4);
                seed = seed * 1103515245u + 12345u;
                if ((seed >> 16) % 4 == 0 && l > 1) g += 1 + (seed >> 20) % (l - 1);
            }
            int ok = runs(g, l, mw);
            jobs[3 * j] = g;
            jobs[3 * j + 1] = l;
            jobs[3 * j + 2] = ok ? used : MAXOUT;
            if (ok) used += g;
        }
        CHECK(used <= MAXOUT, "set %d: %u work-items fit the buffer", set, used);
        if (used > MAXOUT) break;
        memset(out, 0, sizeof out);
        for (unsigned i = 0; i < MAXOUT + SPARE; i++) out[OUT + i] = 0xFFFFFFFFu;
        MUST(clEnqueueWriteBuffer(q, ob, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
        MUST(clEnqueueWriteBuffer(q, jb, CL_TRUE, 0, sizeof jobs, jobs, 0, NULL, NULL));
        size_t gsz = JOBS, lsz = JOBS;
        cl_event ev;
        EXPECT(CL_SUCCESS, clEnqueueNDRangeKernel(q, k, 1, NULL, &gsz, &lsz, 0, NULL, &ev));
        MUST(clEnqueueReadBuffer(q, ob, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
        cl_int st = t_status(ev);
        clReleaseEvent(ev);
        CHECK(st == CL_COMPLETE, "set %d: status %d", set, st);
        CHECK(out[BAD] == 0, "set %d: %u work-items saw inconsistent work-item functions", set, out[BAD]);
        unsigned groups = 0, refused = 0, wrong = 0;
        for (int j = 0; j < JOBS; j++) {
            cl_uint g = jobs[3 * j], l = jobs[3 * j + 1], base = jobs[3 * j + 2];
            int ok = runs(g, l, mw);
            CHECK(out[STAT + j] == (ok ? 1u : 2u), "set %d job %d (global %u, local %u): status %u, "
                  "expected %s", set, j, g, l, out[STAT + j], ok ? "WQ_ENQ_OK" : "WQ_ENQ_SIZE");
            CHECK(out[COUNT + j] == (ok ? g : 0), "set %d job %d: %u work-items ran, expected %u",
                  set, j, out[COUNT + j], ok ? g : 0);
            CHECK(out[GROUPS + j] == (ok ? g / l : 0), "set %d job %d: %u work-groups ran", set, j,
                  out[GROUPS + j]);
            if (!ok) { refused++; continue; }
            groups += g / l;
            const cl_uint *sh = &out[SHAPE + 4 * j];
            CHECK(sh[0] == l && sh[1] == g / l && sh[2] == g && sh[3] == 1,
                  "set %d job %d: local %u, groups %u, global %u, dim %u; expected %u, %u, %u, 1",
                  set, j, sh[0], sh[1], sh[2], sh[3], l, g / l, g);
            for (cl_uint i = 0; i < g; i++) {
                cl_uint want = (cl_uint)j << 24 | (i / l) << 12 | i % l;
                if (out[OUT + base + i] != want && wrong++ < 4)
                    printf("set %d job %d: work-item %u stored %08x, expected %08x\n", set, j, i,
                           out[OUT + base + i], want);
            }
        }
        CHECK(wrong == 0, "set %d: %u work-item words wrong", set, wrong);
        unsigned spare_used = 0;
        for (unsigned i = 0; i < SPARE; i++) spare_used += out[OUT + MAXOUT + i] != 0xFFFFFFFFu;
        CHECK(spare_used == 0, "set %d: refused jobs wrote %u words", set, spare_used);
        printf("nd_enqueue: set %d: %u children, %u work-groups, %u work-items, %u refused\n", set,
               JOBS - refused, groups, used, refused);
        groups_total += groups;
        items_total += used;
        refused_total += refused;
    }
    CHECK(refused_total >= 6 && groups_total > 3 * JOBS, "the sets refuse (%u) and run several groups (%u)",
          refused_total, groups_total);
    printf("nd_enqueue: max work-group %u: %u work-groups, %u work-items, %u refused\n", mw, groups_total,
           items_total, refused_total);
    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseMemObject(ob);
    clReleaseMemObject(jb);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_done("nd_enqueue");
}
