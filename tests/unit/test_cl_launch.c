/* test_cl_launch.c -- the OpenCL runtime's kernel path ahead of the
 * compiler: kernels written in .wqs against the runtime's kernel ABI
 * (docs/runtime.md), assembled here, turned into a built program
 * (wq_cl_program_from_image, the compiler's way in), then driven through
 * the runtime's own entry points exactly as an application would through
 * the ICD: arguments, NDRange shapes with offsets and chosen local sizes,
 * __local blocks, the program binary round trip, launch errors, and a
 * trapping kernel that fails its event while the next kernel still runs. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"
#include "binary.h"
#include "wq/asm.h"

/* parameter buffer: 10 header words, then the arguments */
#define P_ARG(i) (48 + 4 * (i))

static const char *SRC =
    /* vadd(a, b, c): c[i] = a[i] + b[i] + i, i = the global id incl. offset */
    "vadd:  s2r r0, param\n"
    "       s2r r1, ctaid.x\n"
    "       s2r r2, ntid.x\n"
    "       mul r1, r1, r2\n"
    "       s2r r2, tid.x\n"
    "       add r1, r1, r2\n"
    "       ld  r2, [r0+8]\n"           /* global offset x */
    "       add r1, r1, r2\n"
    "       shl r3, r1, 2\n"
    "       ld  r4, [r0+48]\n"
    "       add r4, r4, r3\n"
    "       ld  r5, [r4]\n"
    "       ld  r4, [r0+52]\n"
    "       add r4, r4, r3\n"
    "       ld  r6, [r4]\n"
    "       add r5, r5, r6\n"
    "       add r5, r5, r1\n"
    "       ld  r4, [r0+56]\n"
    "       add r4, r4, r3\n"
    "       st  [r4], r5\n"
    "       exit\n"
    /* ids2(out, w): out[y * w + x] = x << 16 | y << 8 | lx << 4 | ly */
    "ids2:  s2r r0, param\n"
    "       s2r r1, ctaid.x\n"
    "       s2r r2, ntid.x\n"
    "       mul r1, r1, r2\n"
    "       s2r r3, tid.x\n"
    "       add r1, r1, r3\n"            /* x */
    "       s2r r4, ctaid.y\n"
    "       s2r r5, ntid.y\n"
    "       mul r4, r4, r5\n"
    "       s2r r6, tid.y\n"
    "       add r4, r4, r6\n"            /* y */
    "       ld  r7, [r0+52]\n"           /* w */
    "       mul r8, r4, r7\n"
    "       add r8, r8, r1\n"
    "       shl r8, r8, 2\n"
    "       ld  r9, [r0+48]\n"
    "       add r8, r8, r9\n"
    "       shl r10, r1, 16\n"
    "       shl r11, r4, 8\n"
    "       or  r10, r10, r11\n"
    "       shl r11, r3, 4\n"
    "       or  r10, r10, r11\n"
    "       or  r10, r10, r6\n"
    "       st  [r8], r10\n"
    "       exit\n"
    /* rev(buf, tmp): each group reverses its part of buf through __local tmp */
    "rev:   s2r r0, param\n"
    "       s2r r1, ctaflat\n"
    "       ld  r2, [r0+36]\n"           /* LSTRIDE */
    "       mul r2, r2, r1\n"
    "       ld  r3, [r0+52]\n"           /* tmp of group 0 */
    "       add r3, r3, r2\n"            /* this group's tmp */
    "       s2r r4, ntid.x\n"
    "       s2r r5, tid.x\n"
    "       mul r6, r1, r4\n"
    "       add r6, r6, r5\n"
    "       shl r6, r6, 2\n"
    "       ld  r7, [r0+48]\n"
    "       add r6, r6, r7\n"            /* &buf[gid] */
    "       ld  r8, [r6]\n"
    "       shl r9, r5, 2\n"
    "       add r9, r9, r3\n"
    "       st  [r9], r8\n"              /* tmp[lid] = buf[gid] */
    "       bar\n"
    "       sub r10, r4, r5\n"
    "       sub r10, r10, 1\n"
    "       shl r10, r10, 2\n"
    "       add r10, r10, r3\n"
    "       ld  r11, [r10]\n"            /* tmp[n - 1 - lid] */
    "       st  [r6], r11\n"
    "       exit\n"
    /* trap(p): a store to p + 2 -- misaligned */
    "trap:  s2r r0, param\n"
    "       ld  r1, [r0+48]\n"
    "       st  [r1+2], r1\n"
    "       exit\n";

static cl_context ctx;
static cl_command_queue q;
static cl_program prog;

static void arg(wq_cl_kinfo_t *k, unsigned i, enum wq_cl_arg_kind kind, uint32_t size,
                const char *name)
{
    wq_cl_arg_info_t *a = &k->args[i];
    a->kind = kind;
    a->size = size;
    a->offset = P_ARG(i);
    a->access = CL_KERNEL_ARG_ACCESS_NONE;
    snprintf(a->name, sizeof a->name, "%s", name);
    snprintf(a->type_name, sizeof a->type_name, "%s", kind == WQ_CL_ARG_SCALAR ? "uint" : "uint*");
}

static void kernel(wq_cl_kinfo_t *k, const wq_program_t *p, const char *name, unsigned nargs)
{
    snprintf(k->name, sizeof k->name, "%s", name);
    cr_assert_eq(wq_program_sym(p, name, &k->entry), 0);
    k->nregs = 16;
    k->param_bytes = P_ARG(nargs);
    k->nargs = nargs;
    k->args = calloc(nargs, sizeof *k->args);
}

static void up(void)
{
    wq_program_t p;
    char err[256];
    cr_assert_eq(wq_asm(SRC, strlen(SRC), "test_cl_launch", &p, err, sizeof err), 0, "%s", err);
    wq_cl_image_t img = {0};
    img.ninsn = p.ninsn;
    img.code = malloc(8u * p.ninsn);
    memcpy(img.code, p.segs[0].bytes, 8u * p.ninsn);
    img.nkernels = 4;
    img.kernels = calloc(4, sizeof *img.kernels);
    kernel(&img.kernels[0], &p, "vadd", 3);
    static const char *abc[] = { "a", "b", "c" };
    for (unsigned i = 0; i < 3; i++) arg(&img.kernels[0], i, WQ_CL_ARG_GLOBAL, 4, abc[i]);
    kernel(&img.kernels[1], &p, "ids2", 2);
    arg(&img.kernels[1], 0, WQ_CL_ARG_GLOBAL, 4, "out");
    arg(&img.kernels[1], 1, WQ_CL_ARG_SCALAR, 4, "w");
    kernel(&img.kernels[2], &p, "rev", 2);
    arg(&img.kernels[2], 0, WQ_CL_ARG_GLOBAL, 4, "buf");
    arg(&img.kernels[2], 1, WQ_CL_ARG_LOCAL, 4, "tmp");
    kernel(&img.kernels[3], &p, "trap", 1);
    arg(&img.kernels[3], 0, WQ_CL_ARG_GLOBAL, 4, "p");
    wq_program_free(&p);
    cl_int rc;
    cl_device_id d;
    cr_assert_eq(wq_cl_GetDeviceIDs(NULL, CL_DEVICE_TYPE_GPU, 1, &d, NULL), CL_SUCCESS);
    ctx = wq_cl_CreateContext(NULL, 1, &d, NULL, NULL, &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    q = wq_cl_CreateCommandQueue(ctx, d, CL_QUEUE_PROFILING_ENABLE, &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    wq_cl_lock();
    prog = wq_cl_program_from_image(ctx, &img, &rc);
    wq_cl_unlock();
    cr_assert_eq(rc, CL_SUCCESS);
}

static cl_mem buffer(size_t n, const void *init)
{
    cl_int rc;
    cl_mem m = wq_cl_CreateBuffer(ctx, init ? CL_MEM_COPY_HOST_PTR : 0, n, (void *)init, &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    return m;
}

static cl_kernel kern(const char *name)
{
    cl_int rc;
    cl_kernel k = wq_cl_CreateKernel(prog, name, &rc);
    cr_assert_eq(rc, CL_SUCCESS, "%s: %d", name, rc);
    return k;
}

/* p's program binary (malloc'd, its size in *n) and the program made from
 * it (NULL with *rc when refused) */
static cl_program from_binary(cl_program p, unsigned char **bin, size_t *n, cl_int *rc)
{
    *n = 0;
    cr_assert_eq(wq_cl_GetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof *n, n, NULL), 0);
    *bin = malloc(*n ? *n : 1);
    cr_assert_eq(wq_cl_GetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof *bin, bin, NULL), 0);
    cl_device_id d = ctx->dev;
    const unsigned char *cb = *bin;
    return wq_cl_CreateProgramWithBinary(ctx, 1, &d, n, &cb, NULL, rc);
}

TestSuite(cl_launch, .init = up, .timeout = 60);

Test(cl_launch, vadd_with_offset_and_chosen_local_size)
{
    enum { N = 600 };
    static uint32_t a[N], b[N], c[N];
    for (uint32_t i = 0; i < N; i++) { a[i] = 3 * i; b[i] = 1000 + i; }
    cl_mem ma = buffer(sizeof a, a), mb = buffer(sizeof b, b), mc = buffer(sizeof c, c);
    cl_kernel k = kern("vadd");
    cr_assert_eq(wq_cl_SetKernelArg(k, 0, sizeof ma, &ma), CL_SUCCESS);
    cr_assert_eq(wq_cl_SetKernelArg(k, 1, sizeof mb, &mb), CL_SUCCESS);
    cr_assert_eq(wq_cl_SetKernelArg(k, 2, sizeof mc, &mc), CL_SUCCESS);
    /* 500 items from 100: local size chosen (a divisor of 500 up to 256) */
    size_t off = 100, g = 500;
    cl_event e;
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, &off, &g, NULL, 0, NULL, &e), CL_SUCCESS);
    cr_assert_eq(wq_cl_EnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL), CL_SUCCESS);
    for (uint32_t i = 0; i < N; i++)
        cr_assert_eq(c[i], i < 100 ? 0 : a[i] + b[i] + i, "c[%u] = %u", i, c[i]);
    cl_int st;
    cr_assert_eq(wq_cl_GetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), 0);
    cr_assert_eq(st, CL_COMPLETE);
    cl_ulong t[4];
    for (int i = 0; i < 4; i++)
        cr_assert_eq(wq_cl_GetEventProfilingInfo(e, CL_PROFILING_COMMAND_QUEUED + i, 8, &t[i],
                                                 NULL), CL_SUCCESS);
    /* the kernel took device time: from its LAUNCH to its completion release */
    cr_assert(t[0] <= t[1] && t[1] <= t[2] && t[2] < t[3], "%llu %llu %llu %llu",
              (unsigned long long)t[0], (unsigned long long)t[1], (unsigned long long)t[2],
              (unsigned long long)t[3]);
    wq_cl_ReleaseEvent(e);
}

Test(cl_launch, two_dimensions_explicit_and_chosen_local)
{
    enum { W = 48, H = 20 };
    static uint32_t out[W * H];
    cl_mem m = buffer(sizeof out, NULL);
    cl_kernel k = kern("ids2");
    cl_uint w = W;
    cr_assert_eq(wq_cl_SetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
    cr_assert_eq(wq_cl_SetKernelArg(k, 1, sizeof w, &w), CL_SUCCESS);
    size_t g[2] = { W, H }, l[2] = { 16, 4 };
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 2, NULL, g, l, 0, NULL, NULL), CL_SUCCESS);
    cr_assert_eq(wq_cl_EnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), 0);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            cr_assert_eq(out[y * W + x], x << 16 | y << 8 | (x % 16) << 4 | (y % 4),
                         "(%u,%u) = %08x", x, y, out[y * W + x]);
    /* chosen: x takes the largest divisor of 48 within 256, y what is left */
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 2, NULL, g, NULL, 0, NULL, NULL), CL_SUCCESS);
    cr_assert_eq(wq_cl_EnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), 0);
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            cr_assert_eq(out[y * W + x], x << 16 | y << 8 | x << 4 | (y % 5));
}

Test(cl_launch, local_blocks_per_group)
{
    enum { N = 256, L = 64 };
    static uint32_t v[N];
    for (uint32_t i = 0; i < N; i++) v[i] = i * 7 + 1;
    cl_mem m = buffer(sizeof v, v);
    cl_kernel k = kern("rev");
    cr_assert_eq(wq_cl_SetKernelArg(k, 0, sizeof m, &m), CL_SUCCESS);
    cr_assert_eq(wq_cl_SetKernelArg(k, 1, L * 4, NULL), CL_SUCCESS);
    cl_ulong lm = 0;
    cr_assert_eq(wq_cl_GetKernelWorkGroupInfo(k, NULL, CL_KERNEL_LOCAL_MEM_SIZE, 8, &lm, NULL), 0);
    cr_assert_eq(lm, L * 4);
    size_t g = N, l = L;
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
    uint32_t r[N];
    cr_assert_eq(wq_cl_EnqueueReadBuffer(q, m, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL), 0);
    for (uint32_t i = 0; i < N; i++) {
        uint32_t grp = i / L, j = L - 1 - i % L;
        cr_assert_eq(r[i], v[grp * L + j], "r[%u]", i);
    }
}

Test(cl_launch, launch_errors_change_nothing)
{
    cl_kernel k = kern("vadd");
    cl_mem m = buffer(1024, NULL);
    size_t g = 64, l = 32, bad_l = 24, big = 512;
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL),
                 CL_INVALID_KERNEL_ARGS);
    cr_assert_eq(wq_cl_SetKernelArg(k, 3, sizeof m, &m), CL_INVALID_ARG_INDEX);
    cr_assert_eq(wq_cl_SetKernelArg(k, 0, 2, &m), CL_INVALID_ARG_SIZE);
    cl_mem junk = (cl_mem)&g;
    cr_assert_eq(wq_cl_SetKernelArg(k, 0, sizeof junk, &junk), CL_INVALID_MEM_OBJECT);
    for (cl_uint i = 0; i < 3; i++) cr_assert_eq(wq_cl_SetKernelArg(k, i, sizeof m, &m), 0);
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 0, NULL, &g, &l, 0, NULL, NULL),
                 CL_INVALID_WORK_DIMENSION);
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, NULL, &l, 0, NULL, NULL),
                 CL_INVALID_GLOBAL_WORK_SIZE);
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, &g, &bad_l, 0, NULL, NULL),
                 CL_INVALID_WORK_GROUP_SIZE);
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, &big, &big, 0, NULL, NULL),
                 CL_INVALID_WORK_ITEM_SIZE);
    size_t off = 0xFFFFFFF0u;
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, &off, &g, &l, 0, NULL, NULL),
                 CL_INVALID_GLOBAL_OFFSET);
    cl_kernel rk = kern("rev");
    cr_assert_eq(wq_cl_SetKernelArg(rk, 1, 16, &m), CL_INVALID_ARG_VALUE);
    cr_assert_eq(wq_cl_SetKernelArg(rk, 1, 0, NULL), CL_INVALID_ARG_SIZE);
    cr_assert_eq(wq_cl_CreateKernel(prog, "nope", NULL), NULL);
    /* after all that, the kernel runs */
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
    cr_assert_eq(wq_cl_Finish(q), CL_SUCCESS);
}

Test(cl_launch, trap_fails_its_event_and_the_next_kernel_runs)
{
    cl_mem m = buffer(64, NULL);
    cl_kernel t = kern("trap");
    cr_assert_eq(wq_cl_SetKernelArg(t, 0, sizeof m, &m), CL_SUCCESS);
    size_t g = 32;
    cl_event e;
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, t, 1, NULL, &g, NULL, 0, NULL, &e), CL_SUCCESS);
    cr_assert_eq(wq_cl_WaitForEvents(1, &e), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
    cl_int st;
    cr_assert_eq(wq_cl_GetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL), 0);
    cr_assert_eq(st, CL_OUT_OF_RESOURCES);
    cr_assert(strstr(e->why, "MISALIGNED") && strstr(e->why, "trap"), "%s", e->why);
    /* the next kernel on the same queue still runs */
    uint32_t a[32], b[32], c[32];
    for (int i = 0; i < 32; i++) { a[i] = (uint32_t)i; b[i] = 5; }
    cl_mem ma = buffer(sizeof a, a), mb = buffer(sizeof b, b), mc = buffer(sizeof c, NULL);
    cl_kernel k = kern("vadd");
    wq_cl_SetKernelArg(k, 0, sizeof ma, &ma);
    wq_cl_SetKernelArg(k, 1, sizeof mb, &mb);
    wq_cl_SetKernelArg(k, 2, sizeof mc, &mc);
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    cr_assert_eq(wq_cl_EnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL), 0);
    for (uint32_t i = 0; i < 32; i++) cr_assert_eq(c[i], 2 * i + 5);
}

Test(cl_launch, binary_round_trip)
{
    size_t n = 0;
    cr_assert_eq(wq_cl_GetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof n, &n, NULL), 0);
    cr_assert(n > 0);
    unsigned char *bin = malloc(n);
    cr_assert_eq(wq_cl_GetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL), 0);
    cl_int rc, st;
    cl_device_id d = ctx->dev;
    const unsigned char *cb = bin;
    cl_program p2 = wq_cl_CreateProgramWithBinary(ctx, 1, &d, &n, &cb, &st, &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    cr_assert_eq(wq_cl_BuildProgram(p2, 0, NULL, "", NULL, NULL), CL_SUCCESS);
    char names[64];
    cr_assert_eq(wq_cl_GetProgramInfo(p2, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL), 0);
    cr_assert_str_eq(names, "vadd;ids2;rev;trap");
    /* a damaged binary is refused, never loaded */
    for (size_t cut = 0; cut < n; cut += n / 7 + 1) {
        unsigned char *bad = malloc(n);
        memcpy(bad, bin, n);
        bad[cut] ^= 0x55;
        const unsigned char *bp = bad;
        cl_program p3 = wq_cl_CreateProgramWithBinary(ctx, 1, &d, &n, &bp, &st, &rc);
        if (p3) wq_cl_ReleaseProgram(p3);
        else cr_assert_eq(rc, CL_INVALID_BINARY);
        free(bad);
    }
    /* the re-created program's kernels run */
    cl_int rc2;
    cl_kernel k = wq_cl_CreateKernel(p2, "vadd", &rc2);
    cr_assert_eq(rc2, CL_SUCCESS);
    uint32_t a[64], c[64];
    for (int i = 0; i < 64; i++) a[i] = (uint32_t)i * 11;
    cl_mem ma = buffer(sizeof a, a), mc = buffer(sizeof c, NULL);
    wq_cl_SetKernelArg(k, 0, sizeof ma, &ma);
    wq_cl_SetKernelArg(k, 1, sizeof ma, &ma);
    wq_cl_SetKernelArg(k, 2, sizeof mc, &mc);
    size_t g = 64;
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    cr_assert_eq(wq_cl_EnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL), 0);
    for (uint32_t i = 0; i < 64; i++) cr_assert_eq(c[i], 23 * i);
    free(bin);
}

/* the application may release the kernel, its program and the buffers
 * right after the enqueue: the launch holds what it needs until it is done */
Test(cl_launch, released_right_after_enqueue)
{
    size_t n = 0;
    cr_assert_eq(wq_cl_GetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof n, &n, NULL), 0);
    unsigned char *bin = malloc(n);
    cr_assert_eq(wq_cl_GetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL), 0);
    cl_int rc;
    cl_device_id d = ctx->dev;
    const unsigned char *cb = bin;
    cl_program p2 = wq_cl_CreateProgramWithBinary(ctx, 1, &d, &n, &cb, NULL, &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    cl_kernel k = wq_cl_CreateKernel(p2, "vadd", &rc);
    uint32_t a[64], c[64];
    for (int i = 0; i < 64; i++) a[i] = (uint32_t)i + 1;
    cl_mem ma = buffer(sizeof a, a), mc = buffer(sizeof c, NULL);
    wq_cl_SetKernelArg(k, 0, sizeof ma, &ma);
    wq_cl_SetKernelArg(k, 1, sizeof ma, &ma);
    wq_cl_SetKernelArg(k, 2, sizeof mc, &mc);
    size_t g = 64;
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    cr_assert_eq(wq_cl_ReleaseKernel(k), CL_SUCCESS);
    cr_assert_eq(wq_cl_ReleaseProgram(p2), CL_SUCCESS);
    cr_assert_eq(wq_cl_ReleaseMemObject(ma), CL_SUCCESS);
    /* fresh allocations that would land on the freed code or buffer */
    uint32_t junk[64];
    memset(junk, 0xFF, sizeof junk);
    cl_mem j1 = buffer(sizeof junk, junk), j2 = buffer(4096, NULL);
    cr_assert_eq(wq_cl_EnqueueReadBuffer(q, mc, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL), 0);
    for (uint32_t i = 0; i < 64; i++) cr_assert_eq(c[i], 3 * i + 2, "c[%u] = %u", i, c[i]);
    wq_cl_ReleaseMemObject(j1);
    wq_cl_ReleaseMemObject(j2);
    free(bin);
}

Test(cl_launch, build_from_source)
{
    const char *src = "__kernel void k(__global int *p) { p[0] = X; }";
    cl_int rc;
    cl_program p = wq_cl_CreateProgramWithSource(ctx, 1, &src, NULL, &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    /* an unknown option: refused before the compiler runs */
    cr_assert_eq(wq_cl_BuildProgram(p, 0, NULL, "-DX=1 -fbogus", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
    cl_build_status bs;
    cr_assert_eq(wq_cl_GetProgramBuildInfo(p, ctx->dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs,
                                           NULL), 0);
    cr_assert_eq(bs, CL_BUILD_ERROR);
    cr_assert_null(wq_cl_CreateKernel(p, "k", &rc));
    cr_assert_eq(rc, CL_INVALID_PROGRAM_EXECUTABLE);
    cr_assert_eq(wq_cl_BuildProgram(p, 0, NULL, "-DX=1 -wq-subv=sometimes", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
    cr_assert_eq(wq_cl_BuildProgram(p, 0, NULL, "-DX=1 -wq-subv-threshold=0", NULL, NULL), CL_INVALID_BUILD_OPTIONS);
    /* sub-vector segments: the kernel's WAVE word carries SUBV and the shared base */
    cr_assert_eq(wq_cl_BuildProgram(p, 0, NULL, "-DX=1 -wq-subv=always -wq-subv-threshold=4", NULL, NULL), CL_SUCCESS);
    cr_assert_eq(p->img.kernels[0].wave, 1u | 4u << 8);
    cr_assert_eq(wq_cl_BuildProgram(p, 0, NULL, "-DX=1 -wq-subv=off", NULL, NULL), CL_SUCCESS);
    cr_assert_eq(p->img.kernels[0].wave, 0);
    cr_assert_eq(wq_cl_BuildProgram(p, 0, NULL, "-DX=1 -cl-std=CL1.2", NULL, NULL), CL_SUCCESS);
    cl_kernel k = wq_cl_CreateKernel(p, "k", &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    char s[128];
    cr_assert_eq(wq_cl_GetProgramInfo(p, CL_PROGRAM_SOURCE, sizeof s, s, NULL), 0);
    cr_assert_str_eq(s, src);
    /* the arg info only with -cl-kernel-arg-info (OpenCL 1.2 §5.7.3) */
    size_t sz = 0;
    cr_assert_eq(wq_cl_GetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof s, s, NULL),
                 CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    cr_assert_eq(wq_cl_GetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, 0, NULL, &sz), CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    cr_assert_eq(wq_cl_GetKernelArgInfo(k, 1, CL_KERNEL_ARG_NAME, 0, NULL, &sz), CL_INVALID_ARG_INDEX);
    cr_assert_eq(wq_cl_GetKernelArgInfo(k, 0, CL_DEVICE_NAME, 0, NULL, &sz), CL_INVALID_VALUE);
    wq_cl_ReleaseKernel(k);
    cr_assert_eq(wq_cl_BuildProgram(p, 0, NULL, "-DX=1 -cl-kernel-arg-info", NULL, NULL), CL_SUCCESS);
    k = wq_cl_CreateKernel(p, "k", &rc);
    cr_assert_eq(wq_cl_GetKernelArgInfo(k, 0, CL_KERNEL_ARG_TYPE_NAME, sizeof s, s, NULL), 0);
    cr_assert_str_eq(s, "int*");
    cr_assert_eq(wq_cl_GetKernelArgInfo(k, 0, CL_KERNEL_ARG_NAME, sizeof s, s, NULL), 0);
    cr_assert_str_eq(s, "p");
    wq_cl_ReleaseKernel(k);
    wq_cl_ReleaseProgram(p);
}

/* a source without a kernel (an empty string, only functions) builds
 * (OpenCL 1.2 §5.6.2): a program of zero kernels, which its binary keeps */
Test(cl_launch, program_without_kernels)
{
    const char *srcs[] = { "", "int f(int x) { return x + 1; }\n" };
    for (int i = 0; i < 2; i++) {
        cl_int rc;
        cl_program p = wq_cl_CreateProgramWithSource(ctx, 1, &srcs[i], NULL, &rc);
        cr_assert_eq(rc, CL_SUCCESS);
        rc = wq_cl_BuildProgram(p, 0, NULL, "", NULL, NULL);
        char log[512] = "";
        wq_cl_GetProgramBuildInfo(p, ctx->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        cr_assert_eq(rc, CL_SUCCESS, "source %d: %d: %s", i, rc, log);
        cl_build_status bs;
        cr_assert_eq(wq_cl_GetProgramBuildInfo(p, ctx->dev, CL_PROGRAM_BUILD_STATUS, sizeof bs, &bs, NULL), 0);
        cr_assert_eq(bs, CL_BUILD_SUCCESS);
        size_t nk = 99;
        cr_assert_eq(wq_cl_GetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL), CL_SUCCESS);
        cr_assert_eq(nk, 0);
        char names[8] = "x";
        cr_assert_eq(wq_cl_GetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof names, names, NULL), CL_SUCCESS);
        cr_assert_str_eq(names, "");
        cl_uint n = 99;
        cr_assert_eq(wq_cl_CreateKernelsInProgram(p, 0, NULL, &n), CL_SUCCESS);
        cr_assert_eq(n, 0);
        cr_assert_null(wq_cl_CreateKernel(p, "f", &rc));
        cr_assert_eq(rc, CL_INVALID_KERNEL_NAME);
        /* its binary: no code, no kernel, and it loads again */
        size_t bn;
        unsigned char *bin;
        cl_program p2 = from_binary(p, &bin, &bn, &rc);
        cr_assert(bn > 0);
        cr_assert_eq(rc, CL_SUCCESS, "the binary of a program without kernels is refused");
        cr_assert_eq(wq_cl_BuildProgram(p2, 0, NULL, "", NULL, NULL), CL_SUCCESS);
        cr_assert_eq(wq_cl_GetProgramInfo(p2, CL_PROGRAM_NUM_KERNELS, sizeof nk, &nk, NULL), CL_SUCCESS);
        cr_assert_eq(nk, 0);
        free(bin);
        wq_cl_ReleaseProgram(p2);
        wq_cl_ReleaseProgram(p);
    }
    /* a binary with code but no kernel, or a kernel but no code, is refused */
    const char *bad[] = { "warpq-cl-binary 1\ncode 1\n00000000 00000000\nend\n",
                          "warpq-cl-binary 1\ncode 0\nkernel k 0 1 0 0 0 0 0 0 0 32 0\nend\n" };
    for (int i = 0; i < 2; i++) {
        cl_int rc;
        cl_device_id d = ctx->dev;
        size_t bn = strlen(bad[i]);
        const unsigned char *cb = (const unsigned char *)bad[i];
        cr_assert_null(wq_cl_CreateProgramWithBinary(ctx, 1, &d, &bn, &cb, NULL, &rc));
        cr_assert_eq(rc, CL_INVALID_BINARY, "bad binary %d", i);
    }
}

/* kernel_exec / __kernel_exec (OpenCL C 1.2 §6.7.2) and the attributes
 * they expand to: CL_KERNEL_ATTRIBUTES names them as declared, the
 * compile work-group size stays reqd_work_group_size's, and the program
 * binary keeps the hints */
Test(cl_launch, kernel_attributes)
{
    const char *src =
        "kernel_exec(64, int4) void a(__global int *p) { p[0] = 1; }\n"
        "__kernel_exec(8, uchar16) void b(__global int *p) { p[0] = 2; }\n"
        "__kernel __attribute__((reqd_work_group_size(32, 1, 1))) __attribute__((vec_type_hint(long2)))\n"
        "void c(__global int *p) { p[0] = 3; }\n"
        "__kernel void d(__global int *p) { p[0] = 4; }\n";
    const char *want[] = { "work_group_size_hint(64,1,1) vec_type_hint(int4)",
                           "work_group_size_hint(8,1,1) vec_type_hint(uchar16)",
                           "reqd_work_group_size(32,1,1) vec_type_hint(long2)", "" };
    cl_int rc;
    cl_program p = wq_cl_CreateProgramWithSource(ctx, 1, &src, NULL, &rc);
    rc = wq_cl_BuildProgram(p, 0, NULL, "", NULL, NULL);
    char log[512] = "";
    wq_cl_GetProgramBuildInfo(p, ctx->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    cr_assert_eq(rc, CL_SUCCESS, "%s", log);
    size_t n;
    unsigned char *bin;
    cl_device_id d = ctx->dev;
    cl_program p2 = from_binary(p, &bin, &n, &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    for (int i = 0; i < 4; i++) {
        const char name[2] = { (char)('a' + i), 0 };
        cl_program from[2] = { p, p2 };
        for (int j = 0; j < 2; j++) {
            cl_kernel k = wq_cl_CreateKernel(from[j], name, &rc);
            cr_assert_eq(rc, CL_SUCCESS);
            char s[128];
            size_t sz = 0;
            cr_assert_eq(wq_cl_GetKernelInfo(k, CL_KERNEL_ATTRIBUTES, sizeof s, s, &sz), CL_SUCCESS);
            cr_assert_str_eq(s, want[i], "kernel %s (%s): '%s'", name, j ? "binary" : "source", s);
            cr_assert_eq(sz, strlen(want[i]) + 1);
            size_t wg[3];
            cr_assert_eq(wq_cl_GetKernelWorkGroupInfo(k, d, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof wg, wg, NULL), 0);
            cr_assert_eq(wg[0], i == 2 ? 32u : 0u, "kernel %s: the hint is not the compile size", name);
            wq_cl_ReleaseKernel(k);
        }
    }
    /* a hints line twice, or out of range, is refused */
    char *bad = malloc(n + 64);
    char *end = strstr((char *)bin, "end\n");
    cr_assert_not_null(end);
    const char *lines[] = { "hints 64 1 1 int4\nhints 8 1 1 -\n", "hints 0 1 1 -\n", "hints 70000 1 1 -\n" };
    for (int i = 0; i < 3; i++) {
        size_t at = (size_t)(end - (char *)bin);
        memcpy(bad, bin, at);
        size_t bn = at + (size_t)sprintf(bad + at, "%send\n", lines[i]);
        const unsigned char *bp = (unsigned char *)bad;
        cr_assert_null(wq_cl_CreateProgramWithBinary(ctx, 1, &d, &bn, &bp, NULL, &rc), "line %d", i);
        cr_assert_eq(rc, CL_INVALID_BINARY);
    }
    free(bad);
    free(bin);
    wq_cl_ReleaseProgram(p2);
    wq_cl_ReleaseProgram(p);
}

/* the build log carries the compiler's warnings on success; -w drops
 * them, -Werror fails the build with them (CL_BUILD_PROGRAM_FAILURE) */
Test(cl_launch, build_warnings)
{
    const char *src = "#pragma OPENCL EXTENSION made_up_extension : enable\n"
                      "__kernel void k(__global int *p) { p[0] = 1; }\n";
    const char *opts[] = { "", "-w", "-Werror", "-w -Werror" };
    const cl_int want_rc[] = { CL_SUCCESS, CL_SUCCESS, CL_BUILD_PROGRAM_FAILURE, CL_SUCCESS };
    const char *want_log[] = { "<source>:1:26: warning: unknown OpenCL extension 'made_up_extension'", "",
                               "<source>:1:26: error: unknown OpenCL extension 'made_up_extension'", "" };
    for (int i = 0; i < 4; i++) {
        cl_int rc;
        cl_program p = wq_cl_CreateProgramWithSource(ctx, 1, &src, NULL, &rc);
        cr_assert_eq(wq_cl_BuildProgram(p, 0, NULL, opts[i], NULL, NULL), want_rc[i], "options '%s'", opts[i]);
        char log[1024];
        cr_assert_eq(wq_cl_GetProgramBuildInfo(p, ctx->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL), 0);
        cr_assert(!strncmp(log, want_log[i], strlen(want_log[i])) && (*want_log[i] || !*log),
                  "options '%s': log '%s'", opts[i], log);
        wq_cl_ReleaseProgram(p);
    }
}

/* every dispatch entry a Linux program can reach is filled: the loader
 * jumps through the table without looking.  The NULL ones are exactly the
 * Direct3D 10/11 and DX9 sharing entries (Windows-only types). */
Test(cl_launch, dispatch_table_has_no_hole_but_windows_sharing)
{
    const void *const *e = (const void *const *)&wq_cl_dispatch;
    size_t n = sizeof wq_cl_dispatch / sizeof(void *), holes = 0;
    for (size_t i = 0; i < n; i++) holes += e[i] == NULL;
    cr_assert_eq(holes, 16, "%zu NULL entries", holes);   /* D3D10 6, D3D11 7, DX9 3 */
    cr_assert_not_null(wq_cl_dispatch.clCreateCommandQueueWithProperties);
    cr_assert_not_null(wq_cl_dispatch.clCreateSubDevicesEXT);
    cr_assert_not_null(wq_cl_dispatch.clCreateFromGLBuffer);
    cr_assert_null(wq_cl_dispatch.clGetDeviceIDsFromD3D10KHR);
}

/* a struct kernel argument by value (docs/compiler.md "Structs and unions
 * by value"): its bytes through clSetKernelArg into the parameter buffer,
 * each work-item's own copy (written here), an 8-byte member at its
 * offset; the wrong size is refused, the arg info names the struct */
Test(cl_launch, struct_argument_by_value)
{
    const char *src =
        "typedef struct { uchar tag; long big; ushort h[3]; } P;\n"
        "__kernel void k(__global uint *o, P p, uint s)\n"
        "{ uint g = get_global_id(0); p.h[g % 3] += (ushort)g;\n"
        "  o[g] = p.tag + (uint)(p.big >> 32) * 3u + (uint)p.big + p.h[0] + p.h[1] * 7u + p.h[2] * 11u + s; }\n";
    struct { uint8_t tag; uint8_t pad[7]; int64_t big; uint16_t h[3]; uint8_t tail[2]; } hp =
        { 9, {0}, 0x0000000500000011LL, { 100, 200, 300 }, {0} };
    cr_assert_eq(sizeof hp, 24);
    cl_int rc;
    cl_program p = wq_cl_CreateProgramWithSource(ctx, 1, &src, NULL, &rc);
    cr_assert_eq(wq_cl_BuildProgram(p, 0, NULL, "-cl-kernel-arg-info", NULL, NULL), CL_SUCCESS);
    cl_kernel k = wq_cl_CreateKernel(p, "k", &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    enum { N = 40 };
    uint32_t out[N] = {0};
    cl_mem mo = buffer(sizeof out, out);
    uint32_t s = 1000;
    cr_assert_eq(wq_cl_SetKernelArg(k, 0, sizeof mo, &mo), CL_SUCCESS);
    cr_assert_eq(wq_cl_SetKernelArg(k, 1, 16, &hp), CL_INVALID_ARG_SIZE);
    cr_assert_eq(wq_cl_SetKernelArg(k, 1, sizeof hp, &hp), CL_SUCCESS);
    cr_assert_eq(wq_cl_SetKernelArg(k, 2, sizeof s, &s), CL_SUCCESS);
    char name[64];
    cr_assert_eq(wq_cl_GetKernelArgInfo(k, 1, CL_KERNEL_ARG_TYPE_NAME, sizeof name, name, NULL), 0);
    cr_assert_str_eq(name, "struct");
    size_t g = N;
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    cr_assert_eq(wq_cl_EnqueueReadBuffer(q, mo, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
    for (uint32_t i = 0; i < N; i++) {
        uint32_t h[3] = { 100, 200, 300 };
        h[i % 3] = (uint16_t)(h[i % 3] + i);
        uint32_t want = 9 + 5 * 3 + 0x11 + h[0] + h[1] * 7 + h[2] * 11 + 1000;
        cr_assert_eq(out[i], want, "out[%u] = %u, want %u", i, out[i], want);
    }
    wq_cl_ReleaseMemObject(mo);
    wq_cl_ReleaseKernel(k);
    wq_cl_ReleaseProgram(p);
}

/* vector kernel arguments (docs/compiler.md "Vector types"): their sizes
 * are the vector's (a 3-vector's is a 4-vector's), a wrong size is refused,
 * each lands aligned to its size in the parameter buffer, and the program
 * binary keeps them */
Test(cl_launch, vector_arguments)
{
    const char *src =
        "__kernel void k(__global long *p, char3 c, int4 v, long16 w, ushort2 s) {\n"
        "  p[0] = c.x; p[1] = c.z; p[2] = v.x; p[3] = v.w; p[4] = w.s0; p[5] = w.sf; p[6] = s.y;\n"
        "  p[7] = as_long(v.lo) + w.s7; }\n";
    cl_int rc;
    cl_program p = wq_cl_CreateProgramWithSource(ctx, 1, &src, NULL, &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    cr_assert_eq(wq_cl_BuildProgram(p, 0, NULL, "-cl-kernel-arg-info", NULL, NULL), CL_SUCCESS);
    size_t n;
    unsigned char *bin;
    cl_program p2 = from_binary(p, &bin, &n, &rc);
    cr_assert_eq(rc, CL_SUCCESS, "the binary with vector arguments is refused: %d", rc);
    cr_assert_eq(wq_cl_BuildProgram(p2, 0, NULL, "", NULL, NULL), CL_SUCCESS);
    cl_kernel k = wq_cl_CreateKernel(p2, "k", &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    /* the arg info: the source's kernel has it, the binary's does not
     * (OpenCL 1.2 §5.7.3: a program built from source with -cl-kernel-arg-info) */
    char s[64];
    cl_kernel ks = wq_cl_CreateKernel(p, "k", &rc);
    cr_assert_eq(wq_cl_GetKernelArgInfo(ks, 2, CL_KERNEL_ARG_TYPE_NAME, sizeof s, s, NULL), 0);
    cr_assert_str_eq(s, "int4");
    wq_cl_ReleaseKernel(ks);
    cr_assert_eq(wq_cl_GetKernelArgInfo(k, 2, CL_KERNEL_ARG_TYPE_NAME, sizeof s, s, NULL),
                 CL_KERNEL_ARG_INFO_NOT_AVAILABLE);
    cl_char3 c = {{ -5, 6, -7 }};
    cl_int4 v = {{ 0x11111111, -2, 3, -0x7fffffff }};
    cl_long16 w;
    for (int i = 0; i < 16; i++) w.s[i] = (cl_long)0x0123456789abcdefLL * (i + 1);
    cl_ushort2 us = {{ 1, 0xfffe }};
    cl_int2 small = {{ 0, 0 }};
    cr_assert_eq(wq_cl_SetKernelArg(k, 2, sizeof small, &small), CL_INVALID_ARG_SIZE);
    cr_assert_eq(wq_cl_SetKernelArg(k, 1, 3, &c), CL_INVALID_ARG_SIZE);
    cl_mem mp = buffer(8 * sizeof(cl_long), NULL);
    cr_assert_eq(wq_cl_SetKernelArg(k, 0, sizeof mp, &mp), CL_SUCCESS);
    cr_assert_eq(wq_cl_SetKernelArg(k, 1, sizeof c, &c), CL_SUCCESS);
    cr_assert_eq(wq_cl_SetKernelArg(k, 2, sizeof v, &v), CL_SUCCESS);
    cr_assert_eq(wq_cl_SetKernelArg(k, 3, sizeof w, &w), CL_SUCCESS);
    cr_assert_eq(wq_cl_SetKernelArg(k, 4, sizeof us, &us), CL_SUCCESS);
    size_t g = 1;
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    cl_long r[8];
    cr_assert_eq(wq_cl_EnqueueReadBuffer(q, mp, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL), 0);
    cl_long want[8] = { -5, -7, 0x11111111, -0x7fffffff, w.s[0], w.s[15], 0xfffe,
                        (cl_long)((uint64_t)(uint32_t)-2 << 32 | 0x11111111u) + w.s[7] };
    for (int i = 0; i < 8; i++) cr_assert_eq(r[i], want[i], "p[%d] = %lld, want %lld", i, (long long)r[i], (long long)want[i]);
    wq_cl_ReleaseMemObject(mp);
    wq_cl_ReleaseKernel(k);
    wq_cl_ReleaseProgram(p2);
    wq_cl_ReleaseProgram(p);
    free(bin);
}

/* a kernel name of WQ_CC_NAME_MAX characters (generated code has them:
 * piglit's calls-struct has 78) builds, runs, keeps its name through a
 * program binary and is found by clCreateKernel; one character more is a
 * located build error, not a truncated name */
Test(cl_launch, long_kernel_names)
{
    char name[WQ_CC_NAME_MAX + 2];
    memset(name, 'k', sizeof name);
    name[WQ_CC_NAME_MAX] = 0;
    char src[WQ_CC_NAME_MAX + 128];
    snprintf(src, sizeof src, "__kernel void %s(__global uint *o) { o[get_global_id(0)] = 7u; }\n", name);
    const char *s = src;
    cl_int rc;
    cl_program p = wq_cl_CreateProgramWithSource(ctx, 1, &s, NULL, &rc);
    char log[1024] = "";
    rc = wq_cl_BuildProgram(p, 0, NULL, "", NULL, NULL);
    wq_cl_GetProgramBuildInfo(p, ctx->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    cr_assert_eq(rc, CL_SUCCESS, "%s", log);
    size_t bn;
    unsigned char *bin;
    cl_program p2 = from_binary(p, &bin, &bn, &rc);
    cr_assert_eq(rc, CL_SUCCESS, "the binary with a %d-character kernel name is refused", WQ_CC_NAME_MAX);
    cr_assert_eq(wq_cl_BuildProgram(p2, 0, NULL, "", NULL, NULL), CL_SUCCESS);
    cl_kernel k = wq_cl_CreateKernel(p2, name, &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    char got[WQ_CC_NAME_MAX + 1];
    cr_assert_eq(wq_cl_GetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof got, got, NULL), CL_SUCCESS);
    cr_assert_str_eq(got, name);
    uint32_t out[4] = {0};
    cl_mem mo = buffer(sizeof out, out);
    cr_assert_eq(wq_cl_SetKernelArg(k, 0, sizeof mo, &mo), CL_SUCCESS);
    size_t g = 4;
    cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL), CL_SUCCESS);
    cr_assert_eq(wq_cl_EnqueueReadBuffer(q, mo, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
    for (int i = 0; i < 4; i++) cr_assert_eq(out[i], 7u);
    wq_cl_ReleaseMemObject(mo);
    wq_cl_ReleaseKernel(k);
    wq_cl_ReleaseProgram(p2);
    wq_cl_ReleaseProgram(p);
    free(bin);
    /* one character more */
    name[WQ_CC_NAME_MAX] = 'k';
    name[WQ_CC_NAME_MAX + 1] = 0;
    snprintf(src, sizeof src, "__kernel void %s(__global uint *o) { o[0] = 1u; }\n", name);
    p = wq_cl_CreateProgramWithSource(ctx, 1, &s, NULL, &rc);
    cr_assert_eq(wq_cl_BuildProgram(p, 0, NULL, "", NULL, NULL), CL_BUILD_PROGRAM_FAILURE);
    wq_cl_GetProgramBuildInfo(p, ctx->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    cr_assert(strstr(log, "<source>:1:15: error: kernel name longer than 240 characters"), "%s", log);
    wq_cl_ReleaseProgram(p);
}

/* a kernel's private objects and __local blocks aligned to their types
 * (OpenCL C 1.2 §6.1.5: a long16 to 128, an int16 to 64) for every
 * work-item and work-group, from source and from the program binary, whose
 * align line carries the alignments; a binary without one (written before
 * it, or for a kernel needing no more than 16) loads; a bad one is refused */
Test(cl_launch, private_and_local_alignment)
{
    const char *src =
        "__kernel void k(__global uint *o, __local uchar *pad, __local int16 *l)\n"
        "{ uint g = get_global_id(0); char c[3]; long16 v = (long)g; c[g % 3] = 1; pad[0] = 1;\n"
        "  o[g] = ((uint)(uintptr_t)&v & 127u) | ((uint)(uintptr_t)l & 63u) << 8 |\n"
        "         (uint)(v.sf != (long)g || c[g % 3] != 1) << 16; }\n";
    cl_int rc;
    cl_program p = wq_cl_CreateProgramWithSource(ctx, 1, &src, NULL, &rc);
    cr_assert_eq(wq_cl_BuildProgram(p, 0, NULL, "", NULL, NULL), CL_SUCCESS);
    size_t n;
    unsigned char *bin;
    cl_program p2 = from_binary(p, &bin, &n, &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    cr_assert_not_null(strstr((const char *)bin, "\nalign 128 64\n"), "%.*s", (int)n, bin);
    cl_program from[2] = { p, p2 };
    for (int j = 0; j < 2; j++) {
        cl_kernel k = wq_cl_CreateKernel(from[j], "k", &rc);
        cr_assert_eq(rc, CL_SUCCESS);
        enum { N = 24 };
        uint32_t out[N];
        memset(out, 0xff, sizeof out);
        cl_mem mo = buffer(sizeof out, out);
        cr_assert_eq(wq_cl_SetKernelArg(k, 0, sizeof mo, &mo), CL_SUCCESS);
        cr_assert_eq(wq_cl_SetKernelArg(k, 1, 4, NULL), CL_SUCCESS);
        cr_assert_eq(wq_cl_SetKernelArg(k, 2, 64, NULL), CL_SUCCESS);
        size_t g = N, l = 8;
        cr_assert_eq(wq_cl_EnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL), CL_SUCCESS);
        cr_assert_eq(wq_cl_EnqueueReadBuffer(q, mo, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL), CL_SUCCESS);
        for (uint32_t i = 0; i < N; i++)
            cr_assert_eq(out[i], 0, "program %d: out[%u] = 0x%x (private & 127, __local & 63 << 8)", j, i, out[i]);
        wq_cl_ReleaseMemObject(mo);
        wq_cl_ReleaseKernel(k);
    }
    /* the binary again: without its align line, and with bad ones */
    char *at = strstr((char *)bin, "\nalign 128 64\n");
    size_t pre = (size_t)(at - (char *)bin) + 1, post = pre + strlen("align 128 64\n");
    const char *lines[] = { "", "align 128 64\nalign 128 64\n", "align 24 0\n", "align 16 16\n",
                            "align 128\n", "align 8192 0\n", "align 128 64 x\n" };
    for (int i = 0; i < 7; i++) {
        char *b2 = malloc(n + 64);
        memcpy(b2, bin, pre);
        strcpy(b2 + pre, lines[i]);
        memcpy(b2 + pre + strlen(lines[i]), bin + post, n - post);
        size_t n2 = pre + strlen(lines[i]) + n - post;
        cl_device_id d = ctx->dev;
        const unsigned char *cb = (const unsigned char *)b2;
        cl_program p3 = wq_cl_CreateProgramWithBinary(ctx, 1, &d, &n2, &cb, NULL, &rc);
        cr_assert_eq(rc, i == 0 ? CL_SUCCESS : CL_INVALID_BINARY, "align line %d: %d", i, rc);
        if (p3) wq_cl_ReleaseProgram(p3);
        free(b2);
    }
    free(bin);
    wq_cl_ReleaseProgram(p2);
    wq_cl_ReleaseProgram(p);
}

/* printf in the program binary (docs/runtime.md "Program binaries"): the
 * kernel's `uses printf` line and the strings, escaped, come back the same
 * from the binary; damaged printf lines are refused */
Test(cl_launch, printf_binary)
{
    const char *src =
        "__kernel void k(__global int *p) { p[0] = printf(\"t\\there \\\"q\\\" b\\\\ \\033 %s %d\\n\", \"s\", 5); }\n"
        "__kernel void quiet(__global int *p) { p[0] = 1; }\n";
    const char *want = "printf 0 \"t\\011here \\\"q\\\" b\\\\ \\033 %s %d\\012\"\nprintf 1 \"s\"\nend\n";
    cl_int rc;
    cl_program p = wq_cl_CreateProgramWithSource(ctx, 1, &src, NULL, &rc);
    rc = wq_cl_BuildProgram(p, 0, NULL, "", NULL, NULL);
    char log[512] = "";
    wq_cl_GetProgramBuildInfo(p, ctx->dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    cr_assert_eq(rc, CL_SUCCESS, "%s", log);
    size_t n;
    unsigned char *bin;
    cl_program p2 = from_binary(p, &bin, &n, &rc);
    cr_assert_eq(rc, CL_SUCCESS);
    char *tail = strstr((char *)bin, "\nprintf 0 ");
    cr_assert(tail && !strcmp(tail + 1, want), "binary ends: %s", tail ? tail : (char *)bin);
    cr_assert(strstr((char *)bin, "\nuses printf\nkernel quiet "), "%s", (char *)bin);
    cr_assert_eq(p2->img.nstrs, 2);
    cr_assert_str_eq(p2->img.strs[0], "t\there \"q\" b\\ \033 %s %d\n");
    cr_assert_str_eq(p2->img.strs[1], "s");
    cr_assert(p2->img.kernels[0].printf && !p2->img.kernels[1].printf);
    /* damaged: each replaces the strings */
    const char *lines[] = { "printf 1 \"s\"\n", "printf 0 \"s\n", "printf 0 \"s\\000\"\n", "printf 0 \"s\" x\n",
                            "printf 0 \"s\\q\"\n", "printf 0 s\n", "printf 0 \"s\"\nkernel x 0 1 0 0 0 0 0 0 0 48 0\n",
                            "uses printf\nuses printf\nprintf 0 \"s\"\n", "" };
    char *bad = malloc(n + 128);
    size_t at = (size_t)(tail + 1 - (char *)bin);
    for (int i = 0; i < 9; i++) {
        memcpy(bad, bin, at);
        size_t bn = at + (size_t)sprintf(bad + at, "%send\n", lines[i]);
        const unsigned char *bp = (unsigned char *)bad;
        cl_device_id d = ctx->dev;
        cr_assert_null(wq_cl_CreateProgramWithBinary(ctx, 1, &d, &bn, &bp, NULL, &rc), "line %d", i);
        cr_assert_eq(rc, CL_INVALID_BINARY, "line %d", i);
    }
    free(bad);
    free(bin);
    wq_cl_ReleaseProgram(p2);
    wq_cl_ReleaseProgram(p);
}
