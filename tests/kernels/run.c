/* run.c -- the host side of tests/kernels: builds one OpenCL C kernel file
 * from source on the chosen platform (common.h: WQ_CL_PLATFORM), sets up
 * its buffers and arguments from the `//@` lines at the top of the file,
 * runs it, checks its `//@ expect` lines and prints every buffer it was
 * asked to, so that the same file's output on warpq and on POCL can be
 * compared byte for byte (scripts/kernels.sh).
 *
 *   //@ kernel NAME                  the kernel to run (default: the file's first)
 *   //@ global X[,Y[,Z]]             global size (default 64)
 *   //@ local X[,Y[,Z]]              local size (default: the platform chooses)
 *   //@ options OPTS                 build options
 *   //@ wq_options OPTS              build options on warpq only (-wq-regs=8, ...)
 *   //@ buf TYPE COUNT INIT          a buffer argument; TYPE u8 u16 u32 i32;
 *                                    INIT: zero | seq [START [STEP]] | rand SEED [MOD] | const V
 *                                    | rand32 SEED (two rand draws, (a << 8) ^ b: all 32 bits)
 *   //@ local_buf BYTES              a __local argument
 *   //@ scalar u32|i32|u8|u16 V      a scalar argument
 *   //@ print ARG                    print buffer ARG (0-based argument index)
 *   //@ expect ARG INDEX VALUE       element INDEX of buffer ARG must equal VALUE
 *   //@ expect_all ARG VALUE         every element must
 *   //@ expect_hash ARG VALUE        the FNV-1a hash of buffer ARG's elements
 *                                    (as u32, in order) must equal VALUE; the
 *                                    value is POCL's output's, and a failure
 *                                    prints the hash found
 *   //@ repeat N ARG                 launch the kernel N times, scalar
 *                                    argument ARG set to the pass 0..N-1
 *                                    (multi-pass algorithms; buffers stay)
 *   //@ check NAME ARG...            a check computed on the host from the
 *                                    buffers' initial and final contents:
 *     scan IN OUT SEG                OUT is the inclusive prefix sum of IN,
 *                                    restarting every SEG elements (0: never)
 *     sorted IN OUT SEG              every SEG elements of OUT (0: all) are
 *                                    ascending and a permutation of IN's
 *     matmul A B C N                 C = A x B, N x N row-major
 *     bfs ROW COL DIST SRC           DIST[v] is the BFS level of v from node
 *                                    SRC in the CSR graph ROW/COL (ROW has
 *                                    nodes+1 entries), 0xffffffff unreached
 *     chains KEYS HEAD NEXT COUNT    per-bucket linked chains: each bucket b
 *                                    (HEAD has one per bucket, -1 ends a
 *                                    chain) holds every index i with
 *                                    KEYS[i] % buckets == b exactly once and
 *                                    COUNT[b] of them
 *     list KEYS NEXT N               a sorted list through NEXT from node 0
 *                                    (head sentinel) to node 1 (tail): every
 *                                    node 2..N+1 exactly once, KEYS ascending
 *     transfers FROM TO AMT BAL CNT  BAL = initial BAL - AMT[i] out of
 *                                    FROM[i] + AMT[i] into TO[i] (the total
 *                                    conserved) and CNT[a] = the transfers
 *                                    touching account a
 *   //@ lock                         the kernel's output depends on scheduling
 *                                    (it prints only verdicts); scripts/
 *                                    kernels.sh also runs it with
 *                                    -wq-yield=off and expects the model's
 *                                    forward-progress report
 *   //@ expect_seq ARG START V V...  elements START, START+1, ... must equal
 *                                    the values (any number per line)
 *   //@ per_thread ARG K             buffer ARG holds K words per work-item:
 *                                    a failed check also names the work-item
 *                                    (INDEX / K) and its output (INDEX % K)
 *
 * A second argument adds build options after the file's (e.g. -wq-yield=off).
 * Output: "arg N: v v v ..." per printed buffer; "expect: ok" or the failed
 * checks; exit 0 / 1 (a check failed) / 2 (setup or build failed). */
#include "../opencl/common.h"
#include <stdint.h>

#define MAXA 16

typedef struct {
    int kind;                       /* 0 buffer, 1 local, 2 scalar            */
    int esize, is_signed;
    size_t count;
    uint8_t *data;
    uint8_t *init;                  /* the initial contents, for the checks   */
    uint32_t scalar;
    cl_mem mem;
} arg_t;

static uint32_t lcg(uint32_t *s) { *s = *s * 1664525u + 1013904223u; return *s >> 8; }

static int type_of(const char *t, int *esize, int *sgn)
{
    *sgn = t[0] == 'i';
    if (!strcmp(t, "u8") || !strcmp(t, "i8")) *esize = 1;
    else if (!strcmp(t, "u16") || !strcmp(t, "i16")) *esize = 2;
    else if (!strcmp(t, "u32") || !strcmp(t, "i32")) *esize = 4;
    else return -1;
    return 0;
}

static void put(uint8_t *p, int esize, uint32_t v) { memcpy(p, &v, (size_t)esize); }

static uint32_t getp(const arg_t *a, const uint8_t *base, size_t i)
{
    uint32_t v = 0;
    memcpy(&v, base + i * (size_t)a->esize, (size_t)a->esize);
    if (a->is_signed && a->esize < 4 && (v >> (a->esize * 8 - 1)) & 1) v |= ~0u << (a->esize * 8);
    return v;
}

static uint32_t get(const arg_t *a, size_t i) { return getp(a, a->data, i); }
static uint32_t get0(const arg_t *a, size_t i) { return getp(a, a->init, i); }

#include "checks.h"

static int dims(const char *s, size_t d[3])
{
    int n = 0;
    char *end;
    while (n < 3) {
        d[n++] = strtoul(s, &end, 0);
        if (*end != ',') break;
        s = end + 1;
    }
    return n;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) { printf("usage: run KERNEL.cl [EXTRA-BUILD-OPTIONS]\n"); return 2; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { printf("FATAL: cannot read %s\n", argv[1]); return 2; }
    static char src[1 << 20];
    size_t n = fread(src, 1, sizeof src - 1, f);
    fclose(f);
    src[n] = 0;
    arg_t args[MAXA];
    memset(args, 0, sizeof args);
    int na = 0, nprint = 0, prints[MAXA];
    typedef struct { int arg; long idx; uint32_t val; int all; } ex_t;
    ex_t *ex = NULL;
    int nex = 0, capex = 0, work_dim = 1, pt_arg = -1;
    long pt_k = 0;
    size_t gsz[3] = { 64, 1, 1 }, lsz[3] = { 0, 0, 0 };
    int have_local = 0, repeat = 1, repeat_arg = -1, nchk = 0;
    char chk[16][512];
    char kname[128] = "", opts[1100] = "", wq_opts[512] = "";
    for (char *line = src; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, "//@ ", 4)) continue;
        if (!strncmp(line + 4, "expect_seq ", 11)) {
            char *p = line + 15, *end;
            int arg = (int)strtol(p, &end, 0);
            long idx = strtol(end, &end, 0);
            for (;;) {
                while (*end == ' ' || *end == '\t') end++;
                if (*end == '\n' || !*end) break;
                uint32_t v = (uint32_t)strtoul(end, &p, 0);
                if (p == end) { printf("FATAL: bad expect_seq value\n"); return 2; }
                end = p;
                if (nex == capex) {
                    capex = capex ? 2 * capex : 256;
                    ex_t *nx = realloc(ex, (size_t)capex * sizeof *ex);
                    if (!nx) { printf("FATAL: out of memory\n"); return 2; }
                    ex = nx;
                }
                ex[nex].arg = arg; ex[nex].idx = idx++; ex[nex].val = v; ex[nex++].all = 0;
            }
            continue;
        }
        char l[512];
        size_t len = strcspn(line + 4, "\n");
        snprintf(l, sizeof l, "%.*s", (int)(len < 511 ? len : 511), line + 4);
        char w[6][128] = { "" };
        int k = sscanf(l, "%127s %127s %127s %127s %127s %127s", w[0], w[1], w[2], w[3], w[4], w[5]);
        if (!strcmp(w[0], "kernel")) snprintf(kname, sizeof kname, "%s", w[1]);
        else if (!strcmp(w[0], "options")) snprintf(opts, sizeof opts, "%s", l + 8);
        else if (!strcmp(w[0], "wq_options")) snprintf(wq_opts, sizeof wq_opts, "%s", l + 11);
        else if (!strcmp(w[0], "global")) work_dim = dims(w[1], gsz);
        else if (!strcmp(w[0], "local")) { dims(w[1], lsz); have_local = 1; }
        else if (!strcmp(w[0], "buf") && k >= 4 && na < MAXA) {
            arg_t *a = &args[na++];
            if (type_of(w[1], &a->esize, &a->is_signed)) { printf("FATAL: type %s\n", w[1]); return 2; }
            a->count = strtoul(w[2], NULL, 0);
            a->data = calloc(a->count + 1, (size_t)a->esize);
            uint32_t s = (uint32_t)strtoul(w[4], NULL, 0), step = k > 5 ? (uint32_t)strtoul(w[5], NULL, 0) : 1;
            uint32_t mod = k > 5 ? (uint32_t)strtoul(w[5], NULL, 0) : 0;
            for (size_t i = 0; i < a->count; i++) {
                uint32_t v = 0;
                if (!strcmp(w[3], "seq")) v = (k > 4 ? s : 0) + (uint32_t)i * (k > 5 ? step : 1);
                else if (!strcmp(w[3], "rand")) { v = lcg(&s); if (mod) v %= mod; }
                else if (!strcmp(w[3], "rand32")) { v = lcg(&s) << 8; v ^= lcg(&s); }
                else if (!strcmp(w[3], "const")) v = s;
                put(a->data + i * (size_t)a->esize, a->esize, v);
            }
            a->init = malloc((a->count + 1) * (size_t)a->esize);
            memcpy(a->init, a->data, (a->count + 1) * (size_t)a->esize);
        } else if (!strcmp(w[0], "local_buf") && na < MAXA) {
            args[na].kind = 1;
            args[na++].count = strtoul(w[1], NULL, 0);
        } else if (!strcmp(w[0], "scalar") && na < MAXA) {
            arg_t *a = &args[na++];
            a->kind = 2;
            type_of(w[1], &a->esize, &a->is_signed);
            a->scalar = (uint32_t)strtol(w[2], NULL, 0);
        } else if (!strcmp(w[0], "print")) {
            prints[nprint++] = atoi(w[1]);
        } else if (!strcmp(w[0], "per_thread")) {
            pt_arg = atoi(w[1]);
            pt_k = atol(w[2]);
        } else if (!strcmp(w[0], "expect") || !strcmp(w[0], "expect_all") || !strcmp(w[0], "expect_hash")) {
            if (nex == capex) {
                capex = capex ? 2 * capex : 256;
                ex_t *nx = realloc(ex, (size_t)capex * sizeof *ex);
                if (!nx) { printf("FATAL: out of memory\n"); return 2; }
                ex = nx;
            }
            /* all: 0 one element, 1 every element, 2 the buffer's hash */
            int all = !strcmp(w[0], "expect_all") ? 1 : !strcmp(w[0], "expect_hash") ? 2 : 0;
            ex[nex].arg = atoi(w[1]); ex[nex].idx = all ? 0 : atol(w[2]);
            ex[nex].val = (uint32_t)strtoul(w[all ? 2 : 3], NULL, 0); ex[nex++].all = all;
        } else if (!strcmp(w[0], "repeat")) {
            repeat = atoi(w[1]);
            repeat_arg = atoi(w[2]);
        } else if (!strcmp(w[0], "check") && nchk < 16) {
            snprintf(chk[nchk++], sizeof chk[0], "%s", l + 6);
        }
    }
    cl_platform_id plat = t_platform();
    cl_device_id dev = t_device(plat);
    char pname[256] = "";
    clGetPlatformInfo(plat, CL_PLATFORM_NAME, sizeof pname, pname, NULL);
    if (wq_opts[0] && strstr(pname, "warpq")) {
        size_t l = strlen(opts);
        snprintf(opts + l, sizeof opts - l, "%s%s", l ? " " : "", wq_opts);
    }
    if (argc == 3) {                /* after the file's options: it overrides them */
        size_t l = strlen(opts);
        snprintf(opts + l, sizeof opts - l, "%s%s", l ? " " : "", argv[2]);
    }
    cl_int rc;
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &rc);
    MUST(rc);
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &rc);
    MUST(rc);
    const char *s = src;
    cl_program p = clCreateProgramWithSource(ctx, 1, &s, NULL, &rc);
    MUST(rc);
    rc = clBuildProgram(p, 1, &dev, opts, NULL, NULL);
    if (rc != CL_SUCCESS) {
        static char log[65536];
        clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
        printf("FATAL: build failed (%d):\n%s\n", rc, log);
        return 2;
    }
    if (!kname[0]) {
        size_t kn = 0;
        MUST(clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, sizeof kname, kname, &kn));
        kname[strcspn(kname, ";")] = 0;
    }
    cl_kernel kr = clCreateKernel(p, kname, &rc);
    MUST(rc);
    for (int i = 0; i < na; i++) {
        arg_t *a = &args[i];
        if (a->kind == 0) {
            a->mem = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                    a->count * (size_t)a->esize, a->data, &rc);
            MUST(rc);
            MUST(clSetKernelArg(kr, (cl_uint)i, sizeof a->mem, &a->mem));
        } else if (a->kind == 1) {
            MUST(clSetKernelArg(kr, (cl_uint)i, a->count, NULL));
        } else {
            MUST(clSetKernelArg(kr, (cl_uint)i, (size_t)a->esize, &a->scalar));
        }
    }
    if (repeat_arg >= 0 && (repeat_arg >= na || args[repeat_arg].kind != 2)) {
        printf("FATAL: repeat: argument %d is not a scalar\n", repeat_arg);
        return 2;
    }
    for (int pass = 0; pass < repeat; pass++) {
        if (repeat_arg >= 0)
            MUST(clSetKernelArg(kr, (cl_uint)repeat_arg, (size_t)args[repeat_arg].esize, &pass));
        cl_event ev;
        rc = clEnqueueNDRangeKernel(q, kr, (cl_uint)work_dim, NULL, gsz, have_local ? lsz : NULL, 0, NULL, &ev);
        if (rc == CL_SUCCESS) rc = clFinish(q);
        cl_int st = CL_COMPLETE;
        if (rc == CL_SUCCESS)
            MUST(clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
        if (rc != CL_SUCCESS || st != CL_COMPLETE) {
            printf("FATAL: the kernel failed: %d (status %d), pass %d\n", rc, st, pass);
            return 2;
        }
        clReleaseEvent(ev);
    }
    for (int i = 0; i < na; i++)
        if (args[i].kind == 0)
            MUST(clEnqueueReadBuffer(q, args[i].mem, CL_TRUE, 0, args[i].count * (size_t)args[i].esize,
                                     args[i].data, 0, NULL, NULL));
    for (int i = 0; i < nprint; i++) {
        const arg_t *a = &args[prints[i]];
        printf("arg %d:", prints[i]);
        for (size_t j = 0; j < a->count; j++) printf("%s%x", j % 16 ? " " : "\n  ", get(a, j));
        printf("\n");
    }
    int bad = 0;
    for (int i = 0; i < nex; i++) {
        if (ex[i].arg < 0 || ex[i].arg >= na || args[ex[i].arg].kind != 0 ||
            (!ex[i].all && (ex[i].idx < 0 || (size_t)ex[i].idx >= args[ex[i].arg].count))) {
            printf("expect: arg %d [%ld] is not an element of a buffer argument\n", ex[i].arg, ex[i].idx);
            bad = 1;
            break;
        }
        const arg_t *a = &args[ex[i].arg];
        if (ex[i].all == 2) {
            uint32_t h = 2166136261u;
            for (size_t j = 0; j < a->count; j++)
                for (int b = 0; b < 4; b++) h = (h ^ ((get(a, j) >> (8 * b)) & 0xff)) * 16777619u;
            if (h != ex[i].val) {
                printf("expect: arg %d hashes to 0x%08x, expected 0x%08x\n", ex[i].arg, h, ex[i].val);
                bad = 1;
            }
            continue;
        }
        for (size_t j = ex[i].all ? 0 : (size_t)ex[i].idx; j < (ex[i].all ? a->count : (size_t)ex[i].idx + 1); j++) {
            if (get(a, j) != ex[i].val) {
                printf("expect: arg %d [%zu] = 0x%x, expected 0x%x", ex[i].arg, j, get(a, j), ex[i].val);
                if (ex[i].arg == pt_arg && pt_k > 0)
                    printf(" (work-item %zu, output %zu)", j / (size_t)pt_k, j % (size_t)pt_k);
                printf("\n");
                bad = 1;
                break;
            }
        }
    }
    for (int i = 0; i < nchk; i++)
        bad |= run_check(chk[i], args, na);
    printf("expect: %s\n", bad ? "FAILED" : "ok");
    free(ex);
    for (int i = 0; i < na; i++) { if (args[i].mem) clReleaseMemObject(args[i].mem); free(args[i].data); free(args[i].init); }
    clReleaseKernel(kr);
    clReleaseProgram(p);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    t_pass = !bad;
    t_fail = bad;
    (void)t_done;                   /* the verdict is the "expect:" line */
    return bad;
}
