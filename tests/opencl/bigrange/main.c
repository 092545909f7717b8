/* bigrange -- NDRanges of more work-groups than one device launch holds
 * (65535 in a dimension on warpq: the runtime runs them as several
 * launches): every work-item's global id, group id and local id written,
 * get_num_groups, get_global_offset and get_global_size compared in every
 * work-item with the host's, the event complete only when the whole range
 * is.  65536 groups of 1 (x, with an offset), 2 x 70000 groups of 1 (y),
 * and the 1-D range of 65536 x 256 work-items (16 Mi).  Not on the RTL
 * (the rtl backend, or the systemc one with WQ_SC_DUT=rtl): 65536
 * work-groups in lockstep take longer than the suite's time limit (more
 * than 20 minutes for the first range); tests/opencl/ndsplit
 * runs the same split there at small sizes (WQ_CL_MAX_GRID).  Written against
 * the Khronos headers only; runs on warpq and POCL. */
#include "../common.h"

static const char src[] =
    "kernel void ids(global uint *gid, global uint *grp, global uint *bad,\n"
    "                uint d, uint ngroups, uint offset, uint gsize)\n"
    "{\n"
    "    uint i = get_global_id(d) - get_global_offset(d);\n"
    "    uint row = d ? get_global_id(0) * get_global_size(1) : 0;\n"
    "    gid[row + i] = get_global_id(d);\n"
    "    grp[row + i] = get_group_id(d) * get_local_size(d) + get_local_id(d);\n"
    "    if (get_num_groups(d) != ngroups || get_global_offset(d) != offset ||\n"
    "        get_global_size(d) != gsize)\n"
    "        atomic_inc(bad);\n"
    "}\n";

static cl_context ctx;
static cl_command_queue q;
static cl_kernel k;

/* one NDRange of dim dimensions; dimension d has groups x local work-items
 * from offset (the others 1 or 2 work-items wide) */
static void range(const char *what, cl_uint dim, cl_uint d, size_t groups, size_t local, size_t offset,
                  size_t other)
{
    size_t gsz[2] = { 1, 1 }, lsz[2] = { 1, 1 }, off[2] = { 0, 0 };
    gsz[d] = groups * local;
    lsz[d] = local;
    off[d] = offset;
    if (dim == 2) gsz[!d] = other;
    size_t n = gsz[0] * gsz[1];
    cl_int rc;
    cl_mem bgid = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4 * n, NULL, &rc);
    MUST(rc);
    cl_mem bgrp = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4 * n, NULL, &rc);
    MUST(rc);
    cl_uint zero = 0;
    cl_mem bbad = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, 4, &zero, &rc);
    MUST(rc);
    cl_uint ngroups = (cl_uint)groups, offs = (cl_uint)offset, gs = (cl_uint)gsz[d];
    MUST(clSetKernelArg(k, 0, sizeof bgid, &bgid));
    MUST(clSetKernelArg(k, 1, sizeof bgrp, &bgrp));
    MUST(clSetKernelArg(k, 2, sizeof bbad, &bbad));
    MUST(clSetKernelArg(k, 3, sizeof d, &d));
    MUST(clSetKernelArg(k, 4, sizeof ngroups, &ngroups));
    MUST(clSetKernelArg(k, 5, sizeof offs, &offs));
    MUST(clSetKernelArg(k, 6, sizeof gs, &gs));
    cl_event ev;
    rc = clEnqueueNDRangeKernel(q, k, dim, off, gsz, lsz, 0, NULL, &ev);
    CHECK(rc == CL_SUCCESS, "%s: clEnqueueNDRangeKernel: %d", what, rc);
    if (rc == CL_SUCCESS) {
        MUST(clWaitForEvents(1, &ev));
        CHECK(t_status(ev) == CL_COMPLETE, "%s: event status %d", what, t_status(ev));
        cl_uint *gid = malloc(4 * n), *grp = malloc(4 * n), bad = 0;
        if (!gid || !grp) { printf("FATAL: out of memory\n"); exit(2); }
        MUST(clEnqueueReadBuffer(q, bgid, CL_TRUE, 0, 4 * n, gid, 0, NULL, NULL));
        MUST(clEnqueueReadBuffer(q, bgrp, CL_TRUE, 0, 4 * n, grp, 0, NULL, NULL));
        MUST(clEnqueueReadBuffer(q, bbad, CL_TRUE, 0, 4, &bad, 0, NULL, NULL));
        size_t wrong = 0, per = gsz[d];
        for (size_t j = 0; j < n; j++) {
            size_t i = j % per;
            if (gid[j] != offset + i || grp[j] != i) {
                if (wrong++ < 4) printf("  %s: item %zu: global id %u (want %zu), group * local + local id %u (want %zu)\n",
                                        what, j, gid[j], offset + i, grp[j], i);
            }
        }
        CHECK(wrong == 0, "%s: %zu of %zu work-items saw wrong ids", what, wrong, n);
        CHECK(bad == 0, "%s: %u work-items saw a wrong get_num_groups/get_global_offset/get_global_size", what, bad);
        free(gid);
        free(grp);
        clReleaseEvent(ev);
    }
    clReleaseMemObject(bgid);
    clReleaseMemObject(bgrp);
    clReleaseMemObject(bbad);
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
    MUST(clBuildProgram(p, 1, &dev, "", NULL, NULL));
    k = clCreateKernel(p, "ids", &rc);
    MUST(rc);

    const char *be = getenv("WQ_BACKEND"), *sc_dut = getenv("WQ_SC_DUT");
    int on_rtl = be && (!strcmp(be, "rtl") || (!strcmp(be, "systemc") && sc_dut && !strcmp(sc_dut, "rtl")));
    if (on_rtl) {
        printf("bigrange: skipped on the RTL (65536 work-groups take longer than the time limit; "
               "ndsplit splits small ranges there)\n");
    } else {
        range("65536 groups of 1 from offset 7", 1, 0, 65536, 1, 7, 1);
        range("2 x 70000 groups of 1 in y", 2, 1, 70000, 1, 0, 2);
        range("65536 x 256 (16 Mi work-items)", 1, 0, 65536, 256, 0, 1);
    }

    clReleaseKernel(k);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_done("bigrange");
}
