/* alias -- memory-reference metadata at enqueue and the recompilation it
 * drives (docs/runtime.md "Alias metadata and recompilation"), with the
 * seed's examples (alias.cl): an image filter whose input and output are
 * disjoint buffers, sub-buffers that overlap partially, and the same
 * buffer; histogram equalisation's remap; a histogram; and sub-buffers
 * one row apart, where each iteration reads what the one before wrote.  Every result must
 * equal the host's and the unoptimised kernel's (on warpq a second program
 * built with -wq-alias=off; elsewhere the same source built again).
 *
 * On warpq the build log must show one recompilation per distinct
 * relation -- none for the same buffer (the seed's rule), none for a second
 * enqueue with the same relation, even between other buffers -- the loop
 * unrolled when the buffers are disjoint and kept when they overlap.  The
 * closing lines count enqueues, relations and recompilations
 * (scripts/bench.sh reads alias_recompiles from them). */
#include "../common.h"

#define ROWS 32
#define PIX (ROWS * 64)            /* the largest image: 64 pixels a row */

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

static cl_uint pattern(unsigned i) { return (i * 2654435761u) ^ (i >> 3); }
static cl_uint filter(cl_uint v) { return (v * 3u + 7u) >> 1; }

static cl_mem buffer(size_t bytes, const void *init)
{
    cl_int rc;
    cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (init ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                              (void *)init, &rc);
    MUST(rc);
    return m;
}

static cl_mem sub(cl_mem m, size_t origin, size_t size)
{
    cl_buffer_region r = { origin, size };
    cl_int rc;
    cl_mem s = clCreateSubBuffer(m, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &r, &rc);
    MUST(rc);
    return s;
}

static void run(cl_kernel k, size_t rows)
{
    MUST(clEnqueueNDRangeKernel(q, k, 1, NULL, &rows, NULL, 0, NULL, NULL));
    MUST(clFinish(q));
}

/* kernel name of p over rows work-items: the buffers m[0..n) as its
 * first arguments, then one scalar */
static void launch(cl_program p, const char *name, const cl_mem *m, int n, const void *sc, size_t ss,
                   size_t rows)
{
    cl_int rc;
    cl_kernel k = clCreateKernel(p, name, &rc);
    MUST(rc);
    for (int i = 0; i < n; i++) MUST(clSetKernelArg(k, (cl_uint)i, sizeof m[i], &m[i]));
    MUST(clSetKernelArg(k, (cl_uint)n, ss, sc));
    run(k, rows);
    MUST(clReleaseKernel(k));
}

static unsigned recompiles(cl_program p)
{
    static char log[1 << 16];
    log[0] = 0;
    MUST(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL));
    unsigned n = 0;
    for (const char *s = log; (s = strstr(s, "recompiled for")); s++) n++;
    return n;
}

static int log_has(cl_program p, const char *what)
{
    static char log[1 << 16];
    log[0] = 0;
    MUST(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL));
    return strstr(log, what) != NULL;
}

/* the filter over ROWS rows of width w: in and out as given (each a buffer
 * or sub-buffer whose first ROWS * w words are the image); returns the
 * output words in got */
static void filter_case(cl_program p, cl_mem in, cl_mem out, cl_mem init_dst, size_t init_off,
                        cl_uint w, const cl_uint *init, cl_uint *got, cl_mem read_from, size_t read_off)
{
    MUST(clEnqueueWriteBuffer(q, init_dst, CL_TRUE, init_off, ROWS * w * 4, init, 0, NULL, NULL));
    cl_mem m[2] = { in, out };
    launch(p, "filter_rows", m, 2, &w, sizeof w, ROWS);
    MUST(clEnqueueReadBuffer(q, read_from, CL_TRUE, read_off, ROWS * w * 4, got, 0, NULL, NULL));
}

static unsigned enqueues, relations;

/* the three relations of the seed's figures 3B-3D, on program p; results
 * into res[case] */
static void filters(cl_program p, cl_uint w, cl_uint res[3][PIX])
{
    static cl_uint img[PIX];
    for (unsigned i = 0; i < ROWS * w; i++) img[i] = pattern(i + w);
    size_t bytes = ROWS * w * 4u;
    /* disjoint: two buffers */
    cl_mem a = buffer(bytes, NULL), b = buffer(bytes, NULL);
    filter_case(p, a, b, a, 0, w, img, res[0], b, 0);
    /* partial overlap: one buffer, the input's sub-buffer [0, 2S), the
     * output's [S, 3S) with S a multiple of any device's alignment */
    size_t s = 8192;
    cl_mem big = buffer(3 * s, NULL);
    cl_mem in = sub(big, 0, 2 * s), out = sub(big, s, 2 * s);
    filter_case(p, in, out, big, 0, w, img, res[1], big, s);
    /* the same buffer, in place */
    filter_case(p, a, a, a, 0, w, img, res[2], a, 0);
    MUST(clReleaseMemObject(in));
    MUST(clReleaseMemObject(out));
    MUST(clReleaseMemObject(big));
    MUST(clReleaseMemObject(a));
    MUST(clReleaseMemObject(b));
}

static void check_filters(cl_program opt, cl_program ref)
{
    static cl_uint r1[3][PIX], r0[3][PIX], want[PIX];
    static const char *const what[3] = { "disjoint", "partial overlap", "same buffer" };
    /* 64: whole groups of 4; 61: the original loop finishes each row */
    static const cl_uint widths[2] = { 64, 61 };
    for (int wi = 0; wi < 2; wi++) {
        cl_uint w = widths[wi];
        for (unsigned i = 0; i < ROWS * w; i++) want[i] = filter(pattern(i + w));
        unsigned before = recompiles(opt);
        filters(opt, w, r1);
        filters(ref, w, r0);
        for (int c = 0; c < 3; c++) {
            CHECK(!memcmp(r1[c], want, ROWS * w * 4), "filter, width %u, %s: wrong output", w, what[c]);
            CHECK(!memcmp(r1[c], r0[c], ROWS * w * 4), "filter, width %u, %s: differs from the unoptimised kernel",
                  w, what[c]);
        }
        if (t_is_warpq) {
            /* disjoint and overlap compile once each (the first width);
             * the same buffer never; the second width finds both */
            CHECK(recompiles(opt) - before == (wi == 0 ? 2u : 0u),
                  "width %u: %u recompilations (want %u)", w, recompiles(opt) - before, wi == 0 ? 2u : 0u);
            CHECK(recompiles(ref) == 0, "-wq-alias=off recompiled");
        }
    }
    enqueues += 6;
    relations += 2;
    if (t_is_warpq) {
        CHECK(log_has(opt, "-> unrolled by 4"), "the log shows no unrolled loop");
        CHECK(log_has(opt, "overlap: independent where"), "the log shows no overlap decision");
        CHECK(log_has(opt, "disjoint, distance"), "the log shows no disjoint metadata");
    }
}

static void check_remap(cl_program opt, cl_program ref)
{
    enum { W = 48 };
    static unsigned char px[ROWS * W];
    static cl_uint cdf[256], got[2][ROWS * W];
    for (unsigned i = 0; i < ROWS * W; i++) px[i] = (unsigned char)pattern(i);
    for (unsigned i = 0; i < 256; i++) cdf[i] = i * i + 3;
    cl_program ps[2] = { opt, ref };
    for (int v = 0; v < 2; v++) {
        cl_mem m[3] = { buffer(sizeof px, px), buffer(sizeof cdf, cdf), buffer(sizeof got[0], NULL) };
        cl_int w = W;
        launch(ps[v], "remap_rows", m, 3, &w, sizeof w, ROWS);
        MUST(clEnqueueReadBuffer(q, m[2], CL_TRUE, 0, sizeof got[v], got[v], 0, NULL, NULL));
        for (int i = 0; i < 3; i++) MUST(clReleaseMemObject(m[i]));
    }
    enqueues++;
    relations++;
    int ok = 1;
    for (unsigned i = 0; i < ROWS * W; i++) ok &= got[0][i] == cdf[px[i]];
    CHECK(ok, "remap: wrong output");
    CHECK(!memcmp(got[0], got[1], sizeof got[0]), "remap: differs from the unoptimised kernel");
}

static void check_histogram(cl_program opt, cl_program ref)
{
    enum { W = 57 };
    static cl_uint px[ROWS * W], want[ROWS * 16], got[2][ROWS * 16];
    memset(want, 0, sizeof want);
    for (unsigned i = 0; i < ROWS * W; i++) {
        /* runs of equal pixels: consecutive updates of the same bin */
        px[i] = pattern(i / 3);
        want[(i / W) * 16 + (px[i] & 15)]++;
    }
    cl_program ps[2] = { opt, ref };
    for (int v = 0; v < 2; v++) {
        cl_mem m[2] = { buffer(sizeof px, px), buffer(sizeof want, NULL) };
        cl_uint zero = 0, w = W;
        MUST(clEnqueueFillBuffer(q, m[1], &zero, sizeof zero, 0, sizeof want, 0, NULL, NULL));
        launch(ps[v], "hist_rows", m, 2, &w, sizeof w, ROWS);
        MUST(clEnqueueReadBuffer(q, m[1], CL_TRUE, 0, sizeof got[v], got[v], 0, NULL, NULL));
        for (int i = 0; i < 2; i++) MUST(clReleaseMemObject(m[i]));
    }
    enqueues++;
    relations++;
    CHECK(!memcmp(got[0], want, sizeof want), "histogram: wrong counts");
    CHECK(!memcmp(got[0], got[1], sizeof want), "histogram: differs from the unoptimised kernel");
}

/* the range rule at its boundaries: shift_read(a, b, r, n, k) writes
 * b[0..n) and reads a[k..k+n) into r, one work-item; a and b are
 * sub-buffers of one buffer (U words: the sub-buffer alignment), and
 * every case must give the host's sequential result with the pass and
 * without.  The loop's reads through a reach the shared bytes or not:
 *   b U words into a:   touching (k + n = U), one word in (k + n = U + 1),
 *                       the same iteration (k = U);
 *   a U words into b:   reversed order (b's writes [0, n) stop at a);
 *   b inside a:         contained, touching and reaching;
 *   a and b the same sub-buffer: the same region (kept) */
static void check_range(cl_program opt, cl_program ref)
{
    cl_uint align_bits = 0;
    MUST(clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits, &align_bits, NULL));
    cl_uint u = align_bits / 32 < 32 ? 32 : align_bits / 32;
    static const struct { const char *what; cl_uint a0, alen, b0, blen, n, k; int geo; } cs[] = {
        { "touching",        0, 8, 1, 8, 8, 24, 0 },   /* words in units of U, but n and k: U = 32 scaled */
        { "one word in",     0, 8, 1, 8, 8, 25, 0 },
        { "same iteration",  0, 8, 1, 8, 16, 32, 0 },
        { "reversed order",  1, 8, 0, 8, 16, 0, 1 },
        { "contained, touching", 0, 8, 1, 1, 8, 24, 2 },
        { "contained, reaching", 0, 8, 1, 1, 8, 30, 2 },
        { "the same region", 0, 8, 0, 8, 16, 4, 3 },
    };
    int geos = 0;
    for (size_t c = 0; c < sizeof cs / sizeof cs[0]; c++) {
        /* n and k are given for U = 32; scaled so that the boundaries stay */
        cl_uint n = cs[c].n, k = cs[c].k >= 24 ? cs[c].k - 32 + u : cs[c].k;
        size_t words = 10 * (size_t)u;
        cl_uint *init = malloc(words * 4), *want = malloc(words * 4), *got = malloc(words * 4);
        cl_uint rw[64], rg[64];
        if (!init || !want || !got) { printf("FATAL: out of memory\n"); exit(2); }
        for (size_t i = 0; i < words; i++) init[i] = want[i] = pattern((unsigned)i + 99);
        size_t a0 = cs[c].a0 * (size_t)u, b0 = cs[c].b0 * (size_t)u;
        for (cl_uint x = 0; x < n; x++) {
            want[b0 + x] = x * 7u + 1u;
            rw[x] = want[a0 + x + k];
        }
        cl_program ps[2] = { opt, ref };
        for (int v = 0; v < 2; v++) {
            cl_mem big = buffer(words * 4, init), r = buffer(sizeof rg, NULL);
            cl_mem a = sub(big, a0 * 4, cs[c].alen * (size_t)u * 4);
            cl_mem b = cs[c].geo == 3 ? a : sub(big, b0 * 4, cs[c].blen * (size_t)u * 4);
            cl_int rc;
            cl_kernel kk = clCreateKernel(ps[v], "shift_read", &rc);
            MUST(rc);
            MUST(clSetKernelArg(kk, 0, sizeof a, &a));
            MUST(clSetKernelArg(kk, 1, sizeof b, &b));
            MUST(clSetKernelArg(kk, 2, sizeof r, &r));
            MUST(clSetKernelArg(kk, 3, sizeof n, &n));
            MUST(clSetKernelArg(kk, 4, sizeof k, &k));
            run(kk, 1);
            MUST(clReleaseKernel(kk));
            MUST(clEnqueueReadBuffer(q, big, CL_TRUE, 0, words * 4, got, 0, NULL, NULL));
            MUST(clEnqueueReadBuffer(q, r, CL_TRUE, 0, n * 4, rg, 0, NULL, NULL));
            CHECK(!memcmp(got, want, words * 4) && !memcmp(rg, rw, n * 4), "range, %s (%s): wrong output",
                  cs[c].what, v ? "unoptimised" : "alias pass");
            if (b != a) MUST(clReleaseMemObject(b));
            MUST(clReleaseMemObject(a));
            MUST(clReleaseMemObject(r));
            MUST(clReleaseMemObject(big));
        }
        enqueues++;
        if (c == 0 || cs[c].geo != cs[c - 1].geo) geos++;
        free(init);
        free(want);
        free(got);
    }
    /* one compilation per layout, whatever n and k (the same region for a
     * and b is still a relation: r is a buffer of its own) */
    relations += (unsigned)geos;
    if (t_is_warpq)
        CHECK(log_has(opt, "overlap: independent where the loop's accesses do not reach the shared bytes") &&
              log_has(opt, "a thread whose accesses reach them runs the four copies in order"),
              "range: the log shows no range test");
}

/* an overlap the loop's accesses reach: the kernel must keep its order */
static void check_chain(void)
{
    enum { H = 24 };
    cl_uint align_bits = 0;
    MUST(clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof align_bits, &align_bits, NULL));
    cl_uint stride = align_bits / 32;          /* one row: the sub-buffer alignment */
    if (stride < 4) stride = 4;
    size_t words = (size_t)stride * (H + 1);
    cl_uint *init = malloc(words * 4), *want = malloc(words * 4), *got = malloc(words * 4);
    if (!init || !want || !got) { printf("FATAL: out of memory\n"); exit(2); }
    for (size_t i = 0; i < words; i++) init[i] = want[i] = pattern((unsigned)i);
    for (cl_uint y = 0; y < H; y++)
        for (cl_uint c = 0; c < stride; c++) want[(y + 1) * stride + c] = want[y * stride + c] * 3u + 1u;
    char o[2][64];
    snprintf(o[0], sizeof o[0], "-DSTRIDE=%u", stride);
    snprintf(o[1], sizeof o[1], "-DSTRIDE=%u%s", stride, t_is_warpq ? " -wq-alias=off" : "");
    cl_program ps[2] = { t_program_file(ctx, dev, "tests/opencl/alias/alias.cl", o[0]),
                         t_program_file(ctx, dev, "tests/opencl/alias/alias.cl", o[1]) };
    for (int v = 0; v < 2; v++) {
        cl_mem big = buffer(words * 4, init);
        cl_mem m[2] = { sub(big, 0, (size_t)stride * H * 4), sub(big, (size_t)stride * 4, (size_t)stride * H * 4) };
        cl_uint h = H;
        launch(ps[v], "chain_cols", m, 2, &h, sizeof h, stride);
        MUST(clEnqueueReadBuffer(q, big, CL_TRUE, 0, words * 4, got, 0, NULL, NULL));
        CHECK(!memcmp(got, want, words * 4), "chain (%s): wrong output", v ? "unoptimised" : "alias pass");
        MUST(clReleaseMemObject(m[0]));
        MUST(clReleaseMemObject(m[1]));
        MUST(clReleaseMemObject(big));
    }
    if (t_is_warpq) {
        CHECK(recompiles(ps[0]) == 1, "chain: %u recompilations (want 1)", recompiles(ps[0]));
        CHECK(log_has(ps[0], "overlap: independent where"), "chain: the log shows no overlap decision");
    }
    MUST(clReleaseProgram(ps[0]));
    MUST(clReleaseProgram(ps[1]));
    free(init);
    free(want);
    free(got);
}

int main(void)
{
    cl_platform_id plat = t_platform();
    dev = t_device(plat);
    ctx = t_context(dev, &q);
    cl_program opt = t_program_file(ctx, dev, "tests/opencl/alias/alias.cl", "");
    cl_program ref = t_program_file(ctx, dev, "tests/opencl/alias/alias.cl", t_is_warpq ? "-wq-alias=off" : "");
    check_filters(opt, ref);
    check_remap(opt, ref);
    check_histogram(opt, ref);
    check_range(opt, ref);
    if (t_is_warpq) {
        unsigned n = recompiles(opt);
        CHECK(n == relations, "%u recompilations for %u distinct relations", n, relations);
        printf("alias: %u enqueues, %u distinct relations (and the same buffer), %u recompiles\n",
               enqueues, relations, n);
    }
    MUST(clReleaseProgram(opt));
    MUST(clReleaseProgram(ref));
    check_chain();
    MUST(clReleaseCommandQueue(q));
    MUST(clReleaseContext(ctx));
    return t_done("alias");
}
