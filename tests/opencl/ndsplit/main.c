/* ndsplit -- an NDRange split into several device launches, at sizes the
 * RTL runs in lockstep.  warpq runs a grid of more work-groups in a
 * dimension than one launch holds as chunks (docs/runtime.md "NDRange");
 * WQ_CL_MAX_GRID=M lowers that limit from 65535 to M, so ranges of a few
 * hundred work-items take the same path: chunk bases, offsets, group ids,
 * __local blocks and private frames per chunk, the chunk-count limit.
 *
 * The shapes are multiples of M (M = 3 when WQ_CL_MAX_GRID is not set,
 * where they are not split): in 1, 2 and 3 dimensions, each with a global
 * offset, split in every dimension that can be (1-D 3M + 1 groups of 8:
 * 4 chunks; 2-D (M + 1) x (2M + 1) groups of 4 x 2: 6 chunks; 3-D
 * (M + 1) x M x (M + 1) groups of 2 x 2 x 2: 4 chunks, y unsplit).
 *   ids     every work-item writes its global, group and local id in each
 *           dimension and counts itself once (atomic_inc); every one
 *           checks get_work_dim, get_num_groups, get_global_offset,
 *           get_global_size and get_local_size against the host's in all
 *           three dimensions; the host checks every item's words
 *   reduce  a work-group sum through a __local argument and a kernel-scope
 *           __local array with barriers (a tree over the flat local id,
 *           each value through a private array indexed at run time), each
 *           group's sum at its flat group id and all of them atomically
 *           into one total; every partial sum and the total against the
 *           host's, and every work-item's check that its group's __local
 *           array holds only its group's id after the barrier
 * On warpq with WQ_CL_MAX_GRID set: 10 chunks (the most a command block
 * holds) run, 11 chunks (1-D 10M + 1 groups; 2-D 4 x 3) are
 * CL_OUT_OF_RESOURCES and leave the queue working; without it, the 11
 * chunks of 10 x 65535 + 1 work-groups are refused the same way (refused
 * at the enqueue: nothing runs).  Written against the Khronos headers
 * only; the split-free shapes run on POCL too. */
#include "../common.h"

static const char src[] =
    "kernel void ids(global uint *out, global uint *cnt, global uint *bad, uint dim,\n"
    "                uint4 ng, uint4 off, uint4 gs, uint4 ls)\n"
    "{\n"
    "    size_t x = get_global_id(0) - get_global_offset(0);\n"
    "    size_t y = get_global_id(1) - get_global_offset(1);\n"
    "    size_t z = get_global_id(2) - get_global_offset(2);\n"
    "    uint flat = (uint)((z * get_global_size(1) + y) * get_global_size(0) + x);\n"
    "    global uint *o = out + 9 * flat;\n"
    "    for (uint d = 0; d < 3; d++) {\n"
    "        o[d] = (uint)get_global_id(d);\n"
    "        o[3 + d] = (uint)get_group_id(d);\n"
    "        o[6 + d] = (uint)get_local_id(d);\n"
    "    }\n"
    "    atomic_inc(&cnt[flat]);\n"
    "    uint wrong = get_work_dim() != dim;\n"
    "    uint n[4] = { ng.x, ng.y, ng.z, 0 }, of[4] = { off.x, off.y, off.z, 0 };\n"
    "    uint g[4] = { gs.x, gs.y, gs.z, 0 }, l[4] = { ls.x, ls.y, ls.z, 0 };\n"
    "    for (uint d = 0; d < 3; d++)\n"
    "        wrong |= get_num_groups(d) != n[d] || get_global_offset(d) != of[d] ||\n"
    "                 get_global_size(d) != g[d] || get_local_size(d) != l[d];\n"
    "    if (wrong) atomic_inc(bad);\n"
    "}\n"
    "\n"
    "kernel void reduce(global const uint *in, global uint *partial, global uint *total,\n"
    "                   global uint *bad, local uint *scratch)\n"
    "{\n"
    "    local uint owner[64];\n"
    "    uint lsz = (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));\n"
    "    uint lid = (uint)((get_local_id(2) * get_local_size(1) + get_local_id(1)) * get_local_size(0)\n"
    "                      + get_local_id(0));\n"
    "    uint grp = (uint)((get_group_id(2) * get_num_groups(1) + get_group_id(1)) * get_num_groups(0)\n"
    "                      + get_group_id(0));\n"
    "    size_t x = get_global_id(0) - get_global_offset(0);\n"
    "    size_t y = get_global_id(1) - get_global_offset(1);\n"
    "    size_t z = get_global_id(2) - get_global_offset(2);\n"
    "    uint flat = (uint)((z * get_global_size(1) + y) * get_global_size(0) + x);\n"
    "    uint priv[8];\n"
    "    for (uint i = 0; i < 8; i++) priv[i] = in[flat] + i * lid;\n"
    "    scratch[lid] = priv[flat & 7] - (flat & 7) * lid;\n"
    "    owner[lid] = grp;\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (uint i = 0; i < lsz; i++)\n"
    "        if (owner[i] != grp) { atomic_inc(bad); break; }\n"
    "    for (uint s = 1; s < lsz; s <<= 1) {\n"
    "        if ((lid & (2 * s - 1)) == 0 && lid + s < lsz) scratch[lid] += scratch[lid + s];\n"
    "        barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    }\n"
    "    if (lid == 0) {\n"
    "        partial[grp] = scratch[0];\n"
    "        atomic_add(total, scratch[0]);\n"
    "    }\n"
    "}\n";

static cl_context ctx;
static cl_command_queue q;
static cl_kernel kids, kred;

static cl_mem buffer(size_t bytes, const void *init)
{
    cl_int rc;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                              (void *)init, &rc);
    MUST(rc);
    return m;
}

static void *zalloc(size_t bytes)
{
    void *p = calloc(1, bytes);
    if (!p) { printf("FATAL: out of memory\n"); exit(2); }
    return p;
}

static void read_back(cl_mem m, size_t bytes, void *to)
{
    MUST(clEnqueueReadBuffer(q, m, CL_TRUE, 0, bytes, to, 0, NULL, NULL));
}

/* the input of reduce: distinct words, so a value summed twice or missed shows */
static cl_uint value(size_t i) { return (cl_uint)(i * 2654435761u + 12345u); }

/* one NDRange of dim dimensions, groups[d] work-groups of local[d] from
 * off[d]: ids, then reduce, every result checked */
static void shape(const char *what, cl_uint dim, const size_t groups[3], const size_t local[3],
                  const size_t off[3])
{
    size_t g[3], n = 1, ng = 1, lsz = 1;
    for (int d = 0; d < 3; d++) {
        g[d] = groups[d] * local[d];
        n *= g[d];
        ng *= groups[d];
        lsz *= local[d];
    }
    /* ids */
    cl_mem bout = buffer(36 * n, NULL);
    cl_uint *zero = zalloc(4 * n);
    cl_mem bcnt = buffer(4 * n, zero), bbad = buffer(4, zero);
    cl_uint ngv[4] = { (cl_uint)groups[0], (cl_uint)groups[1], (cl_uint)groups[2], 0 };
    cl_uint ofv[4] = { (cl_uint)off[0], (cl_uint)off[1], (cl_uint)off[2], 0 };
    cl_uint gsv[4] = { (cl_uint)g[0], (cl_uint)g[1], (cl_uint)g[2], 0 };
    cl_uint lsv[4] = { (cl_uint)local[0], (cl_uint)local[1], (cl_uint)local[2], 0 };
    MUST(clSetKernelArg(kids, 0, sizeof bout, &bout));
    MUST(clSetKernelArg(kids, 1, sizeof bcnt, &bcnt));
    MUST(clSetKernelArg(kids, 2, sizeof bbad, &bbad));
    MUST(clSetKernelArg(kids, 3, sizeof dim, &dim));
    MUST(clSetKernelArg(kids, 4, sizeof ngv, ngv));
    MUST(clSetKernelArg(kids, 5, sizeof ofv, ofv));
    MUST(clSetKernelArg(kids, 6, sizeof gsv, gsv));
    MUST(clSetKernelArg(kids, 7, sizeof lsv, lsv));
    cl_event ev;
    cl_int rc = clEnqueueNDRangeKernel(q, kids, dim, off, g, local, 0, NULL, &ev);
    CHECK(rc == CL_SUCCESS, "%s: ids: clEnqueueNDRangeKernel: %d", what, rc);
    if (rc == CL_SUCCESS) {
        MUST(clWaitForEvents(1, &ev));
        CHECK(t_status(ev) == CL_COMPLETE, "%s: ids: event status %d", what, t_status(ev));
        clReleaseEvent(ev);
        cl_uint *out = zalloc(36 * n), *cnt = zalloc(4 * n), bad = 0;
        read_back(bout, 36 * n, out);
        read_back(bcnt, 4 * n, cnt);
        read_back(bbad, 4, &bad);
        size_t wrong = 0;
        for (size_t i = 0; i < n; i++) {
            size_t c[3] = { i % g[0], i / g[0] % g[1], i / (g[0] * g[1]) };
            const cl_uint *o = out + 9 * i;
            int ok = cnt[i] == 1;
            for (int d = 0; d < 3; d++)
                ok &= o[d] == off[d] + c[d] && o[3 + d] == c[d] / local[d] && o[6 + d] == c[d] % local[d];
            if (!ok && wrong++ < 4)
                printf("  %s: item (%zu,%zu,%zu) ran %u times: global (%u,%u,%u) group (%u,%u,%u) local (%u,%u,%u)\n",
                       what, c[0], c[1], c[2], cnt[i], o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[8]);
        }
        CHECK(wrong == 0, "%s: ids: %zu of %zu work-items ran other than once or saw wrong ids", what, wrong, n);
        CHECK(bad == 0, "%s: ids: %u work-items saw a wrong work_dim, num_groups, global offset, "
                        "global size or local size", what, bad);
        free(out);
        free(cnt);
    }
    clReleaseMemObject(bout);
    clReleaseMemObject(bcnt);
    clReleaseMemObject(bbad);

    /* reduce */
    cl_uint *in = zalloc(4 * n);
    for (size_t i = 0; i < n; i++) in[i] = value(i);
    cl_mem bin = buffer(4 * n, in), bpart = buffer(4 * ng, zero), btot = buffer(4, zero);
    bbad = buffer(4, zero);
    MUST(clSetKernelArg(kred, 0, sizeof bin, &bin));
    MUST(clSetKernelArg(kred, 1, sizeof bpart, &bpart));
    MUST(clSetKernelArg(kred, 2, sizeof btot, &btot));
    MUST(clSetKernelArg(kred, 3, sizeof bbad, &bbad));
    MUST(clSetKernelArg(kred, 4, 4 * lsz, NULL));
    rc = clEnqueueNDRangeKernel(q, kred, dim, off, g, local, 0, NULL, &ev);
    CHECK(rc == CL_SUCCESS, "%s: reduce: clEnqueueNDRangeKernel: %d", what, rc);
    if (rc == CL_SUCCESS) {
        MUST(clWaitForEvents(1, &ev));
        CHECK(t_status(ev) == CL_COMPLETE, "%s: reduce: event status %d", what, t_status(ev));
        clReleaseEvent(ev);
        cl_uint *part = zalloc(4 * ng), *want = zalloc(4 * ng), tot = 0, wtot = 0, bad = 0;
        read_back(bpart, 4 * ng, part);
        read_back(btot, 4, &tot);
        read_back(bbad, 4, &bad);
        for (size_t i = 0; i < n; i++) {
            size_t c[3] = { i % g[0], i / g[0] % g[1], i / (g[0] * g[1]) };
            size_t grp = (c[2] / local[2] * groups[1] + c[1] / local[1]) * groups[0] + c[0] / local[0];
            want[grp] += in[i];
            wtot += in[i];
        }
        size_t wrong = 0;
        for (size_t j = 0; j < ng; j++)
            if (part[j] != want[j] && wrong++ < 4)
                printf("  %s: reduce: group %zu summed %u, want %u\n", what, j, part[j], want[j]);
        CHECK(wrong == 0, "%s: reduce: %zu of %zu partial sums wrong", what, wrong, ng);
        CHECK(tot == wtot, "%s: reduce: total %u, want %u", what, tot, wtot);
        CHECK(bad == 0, "%s: reduce: %u work-items saw another group's id in their __local array", what, bad);
        free(part);
        free(want);
    }
    clReleaseMemObject(bin);
    clReleaseMemObject(bpart);
    clReleaseMemObject(btot);
    clReleaseMemObject(bbad);
    free(in);
    free(zero);
}

/* the chunk-count limit (warpq's): groups[] of one work-item each; refused
 * with CL_OUT_OF_RESOURCES, then a launch still runs */
static void too_many_chunks(const char *what, cl_uint dim, const size_t groups[3])
{
    static const size_t one[3] = { 1, 1, 1 };
    static const size_t noff[3] = { 0, 0, 0 };
    cl_mem bout = buffer(64, NULL), bcnt = buffer(64, NULL), bbad = buffer(4, NULL);
    cl_uint v4[4] = { 1, 1, 1, 0 };
    MUST(clSetKernelArg(kids, 0, sizeof bout, &bout));
    MUST(clSetKernelArg(kids, 1, sizeof bcnt, &bcnt));
    MUST(clSetKernelArg(kids, 2, sizeof bbad, &bbad));
    MUST(clSetKernelArg(kids, 3, sizeof dim, &dim));
    for (int i = 4; i < 8; i++) MUST(clSetKernelArg(kids, (cl_uint)i, sizeof v4, v4));
    cl_event ev = NULL;
    cl_int rc = clEnqueueNDRangeKernel(q, kids, dim, NULL, groups, one, 0, NULL, &ev);
    CHECK(rc == CL_OUT_OF_RESOURCES, "%s: clEnqueueNDRangeKernel returned %d, want CL_OUT_OF_RESOURCES",
          what, rc);
    CHECK(ev == NULL, "%s: a refused enqueue made an event", what);
    clReleaseMemObject(bout);
    clReleaseMemObject(bcnt);
    clReleaseMemObject(bbad);
    size_t ok[3] = { 2, 1, 1 };
    shape("after the refusal", 1, ok, one, noff);
}

int main(void)
{
    cl_platform_id plat = t_platform();
    cl_device_id dev = t_device(plat);
    ctx = t_context(dev, &q);
    cl_int rc;
    const char *s = src;
    cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &rc);
    MUST(rc);
    rc = clBuildProgram(p, 1, &dev, "", NULL, NULL);
    if (rc != CL_SUCCESS) {
        static char log[16384];
        clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        printf("FATAL: the program does not build (%d):\n%s\n", rc, log);
        return 2;
    }
    kids = clCreateKernel(p, "ids", &rc);
    MUST(rc);
    kred = clCreateKernel(p, "reduce", &rc);
    MUST(rc);

    /* M: the launch limit the runtime was given (it refused the device
     * had it been anything but 1 to 65535) */
    const char *mg = getenv("WQ_CL_MAX_GRID");
    int knob = t_is_warpq && mg && *mg;
    size_t m = knob ? (size_t)strtoul(mg, NULL, 10) : 3;
    if (knob) printf("ndsplit: WQ_CL_MAX_GRID=%zu: launches of at most %zu work-groups a dimension\n", m, m);

    {
        size_t gr[3] = { 3 * m + 1, 1, 1 }, lo[3] = { 8, 1, 1 }, of[3] = { 5, 0, 0 };
        shape("1-D", 1, gr, lo, of);
    }
    {
        size_t gr[3] = { m + 1, 2 * m + 1, 1 }, lo[3] = { 4, 2, 1 }, of[3] = { 3, 1, 0 };
        shape("2-D", 2, gr, lo, of);
    }
    {
        size_t gr[3] = { m + 1, m, m + 1 }, lo[3] = { 2, 2, 2 }, of[3] = { 1, 2, 3 };
        shape("3-D", 3, gr, lo, of);
    }
    if (knob) {
        /* the most chunks a command block holds, then one more */
        size_t one[3] = { 1, 1, 1 }, of[3] = { 0, 0, 0 };
        size_t ten[3] = { 10 * m, 1, 1 }, ten2[3] = { 2 * m, 5 * m, 1 };
        shape("10 chunks along x", 1, ten, one, of);
        shape("2 x 5 chunks", 2, ten2, one, of);
        size_t eleven[3] = { 10 * m + 1, 1, 1 }, twelve[3] = { 4 * m, 3 * m, 1 };
        too_many_chunks("11 chunks along x", 1, eleven);
        too_many_chunks("4 x 3 chunks", 2, twelve);
    } else if (t_is_warpq) {
        size_t eleven[3] = { 10 * 65535 + 1, 1, 1 };
        too_many_chunks("11 chunks of 65535 work-groups along x", 1, eleven);
    }

    clReleaseKernel(kids);
    clReleaseKernel(kred);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_done("ndsplit");
}
