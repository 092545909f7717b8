/* printf/main.c -- printf as a host program sees it (docs/runtime.md
 * "printf"): the kernel's output on the program's own stdout when the
 * launch completes, captured here (stdout redirected to a file around the
 * launch) and checked line by line:
 *   - many: 256 work-items of 4 work-groups (2 to 8 warps each, by lane
 *     count) print one line each at once: every line once and whole; on
 *     warpq the records are in the order their atomic adds reserved them,
 *     so an aligned group of 8 work-items (one warp's lanes at 8, 16 and
 *     32 lanes, ascending) prints its lines together and in order;
 *   - overflow: 64 work-items print 18 records of 16 words each, 1152
 *     records into a buffer that holds 1023 of them: the lines printed are
 *     exactly the calls that returned 0, each once and each work-item's in
 *     call order, the others returned -1 (warpq: 1023 fit;
 *     CL_DEVICE_PRINTF_BUFFER_SIZE 65536), and the next launch prints from
 *     an empty buffer again (elsewhere, whose buffer may hold them all: the
 *     same rule for the lines);
 *   - a program created from the first one's binary prints the same
 *     (the binary's printf lines, docs/runtime.md "Program binaries");
 *   - a kernel without printf prints nothing. */
#define _POSIX_C_SOURCE 200809L     /* dup, dup2, fileno */
#include <unistd.h>
#include "../common.h"

static const char *src =
    "__kernel void many(__global int *res)\n"
    "{\n"
    "    uint g = get_global_id(0);\n"
    "    res[g] = printf(\"w%u g%u l%u\\n\", g, (uint)get_group_id(0), (uint)get_local_id(0));\n"
    "}\n"
    "__kernel void overflow(__global int *res, int n)\n"
    "{\n"
    "    int g = get_global_id(0);\n"
    "    for (int i = 0; i < n; i++)\n"
    "        res[g * n + i] = printf(\"%d %d: %d %d %d %d %d %d %d %d %d %d %d %s\\n\", g, i, g + i, g + i + 1,\n"
    "                                g + i + 2, g + i + 3, g + i + 4, g + i + 5, g + i + 6, g + i + 7,\n"
    "                                g + i + 8, g + i + 9, g + i + 10, \"end\");\n"
    "}\n"
    "__kernel void quiet(__global int *res) { res[get_global_id(0)] = 7; }\n";

#define MANY 256
#define OVER_ITEMS 64
#define OVER_N 18
#define OVER (OVER_ITEMS * OVER_N)
static char out[1 << 20];
static int res[OVER];

/* run kernel k over global items (local 64 when global > 1) with stdout
 * captured into out[]; the bytes printed */
static size_t launch(cl_command_queue q, cl_kernel k, size_t global)
{
    size_t local = global > 1 ? 64 : 1;
    fflush(stdout);
    int saved = dup(1);
    FILE *f = tmpfile();
    if (saved < 0 || !f) { printf("FATAL: cannot capture stdout\n"); exit(2); }
    dup2(fileno(f), 1);
    cl_int rc = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL);
    if (rc == CL_SUCCESS) rc = clFinish(q);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    MUST(rc);
    rewind(f);
    size_t n = fread(out, 1, sizeof out - 1, f);
    out[n] = 0;
    fclose(f);
    return n;
}

/* out[] has lines "w%u g%u l%u" for work-items 0..MANY-1, each once */
static void check_many(const char *what)
{
    static int seen[MANY];
    memset(seen, 0, sizeof seen);
    int lines = 0, bad = 0, order = 0, prev = -1;
    for (char *s = out; *s; lines++) {
        unsigned w, g, l;
        int used = 0;
        if (sscanf(s, "w%u g%u l%u\n%n", &w, &g, &l, &used) != 3 || !used || w >= MANY || g != w / 64 ||
            l != w % 64 || s[used - 1] != '\n') {
            bad++;
            break;
        }
        seen[w]++;
        /* warpq: the record order is the atomic order, a warp's lanes ascending */
        if (prev >= 0 && w % 8 && (unsigned)prev != w - 1) order++;
        prev = (int)w;
        s += used;
    }
    int once = 1;
    for (int i = 0; i < MANY; i++) once &= seen[i] == 1;
    CHECK(!bad && lines == MANY && once, "%s: %d lines, malformed %d, each once %d:\n%.400s", what, lines, bad, once, out);
    if (t_is_warpq) CHECK(order == 0, "%s: %d lines out of their warp's lane order:\n%.800s", what, order, out);
    for (int i = 0; i < MANY; i++) CHECK(res[i] == 0, "%s: printf of work-item %d returned %d", what, i, res[i]);
}

int main(void)
{
    cl_platform_id plat = t_platform();
    cl_device_id d = t_device(plat);
    cl_int rc;
    cl_command_queue q;
    cl_context ctx = t_context(d, &q);
    size_t psize = 0;
    MUST(clGetDeviceInfo(d, CL_DEVICE_PRINTF_BUFFER_SIZE, sizeof psize, &psize, NULL));
    if (t_is_warpq) CHECK(psize == 65536, "CL_DEVICE_PRINTF_BUFFER_SIZE %zu", psize);
    else CHECK(psize >= 1024, "CL_DEVICE_PRINTF_BUFFER_SIZE %zu", psize);

    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &rc);
    MUST(rc);
    MUST(clBuildProgram(p, 1, &d, "", NULL, NULL));
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof res, NULL, &rc);
    MUST(rc);

    /* many work-items and warps at once */
    cl_kernel many = clCreateKernel(p, "many", &rc);
    MUST(rc);
    MUST(clSetKernelArg(many, 0, sizeof buf, &buf));
    launch(q, many, MANY);
    MUST(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, MANY * sizeof(int), res, 0, NULL, NULL));
    check_many("many");

    /* the buffer overflows: the records that fit, in order; the rest -1 */
    cl_kernel over = clCreateKernel(p, "overflow", &rc);
    MUST(rc);
    int n = OVER_N;
    MUST(clSetKernelArg(over, 0, sizeof buf, &buf));
    MUST(clSetKernelArg(over, 1, sizeof n, &n));
    for (int pass = 0; pass < 2; pass++) {
        launch(q, over, OVER_ITEMS);
        MUST(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof res, res, 0, NULL, NULL));
        static int printed[OVER];
        memset(printed, 0, sizeof printed);
        int fit = 0, lines = 0, bad = 0, last[OVER_ITEMS];
        for (int i = 0; i < OVER; i++) {
            fit += res[i] == 0;
            bad += res[i] != 0 && res[i] != -1;
        }
        for (int g = 0; g < OVER_ITEMS; g++) last[g] = -1;
        char want[160];
        for (char *s = out; *s; lines++) {
            int g, i;
            if (sscanf(s, "%d %d:", &g, &i) != 2 || g < 0 || g >= OVER_ITEMS || i < 0 || i >= OVER_N) { bad++; break; }
            int v = g + i;
            snprintf(want, sizeof want, "%d %d: %d %d %d %d %d %d %d %d %d %d %d end\n", g, i, v, v + 1, v + 2, v + 3,
                     v + 4, v + 5, v + 6, v + 7, v + 8, v + 9, v + 10);
            /* whole, printed by a call that returned 0, once, after the work-item's earlier ones */
            if (strncmp(s, want, strlen(want)) || res[g * OVER_N + i] != 0 || printed[g * OVER_N + i]++ ||
                i <= last[g]) {
                bad++;
                break;
            }
            last[g] = i;
            s += strlen(want);
        }
        CHECK(!bad && lines == fit, "overflow pass %d: %d lines for %d records that fit, %d bad:\n%.300s", pass, lines,
              fit, bad, out);
        /* 16 words a record in 16383 words */
        if (t_is_warpq) CHECK(fit == 1023, "overflow pass %d: %d records fit, not 1023", pass, fit);
        else CHECK(fit > 0, "overflow pass %d: nothing printed", pass);
    }

    /* the same program from its binary */
    size_t blen = 0;
    MUST(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof blen, &blen, NULL));
    unsigned char *bin = malloc(blen);
    MUST(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL));
    const unsigned char *bp = bin;
    cl_int bst;
    cl_program p2 = clCreateProgramWithBinary(ctx, 1, &d, &blen, &bp, &bst, &rc);
    MUST(rc);
    MUST(clBuildProgram(p2, 1, &d, "", NULL, NULL));
    cl_kernel many2 = clCreateKernel(p2, "many", &rc);
    MUST(rc);
    MUST(clSetKernelArg(many2, 0, sizeof buf, &buf));
    launch(q, many2, MANY);
    MUST(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, MANY * sizeof(int), res, 0, NULL, NULL));
    check_many("many from the binary");

    /* no printf, no output */
    cl_kernel quiet = clCreateKernel(p, "quiet", &rc);
    MUST(rc);
    MUST(clSetKernelArg(quiet, 0, sizeof buf, &buf));
    CHECK(launch(q, quiet, 64) == 0, "quiet printed: %.100s", out);

    free(bin);
    clReleaseKernel(quiet);
    clReleaseKernel(many2);
    clReleaseKernel(over);
    clReleaseKernel(many);
    clReleaseProgram(p2);
    clReleaseProgram(p);
    clReleaseMemObject(buf);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return t_done("printf");
}
