/* cli_bench.c -- `wq bench`: model throughput, one `key: value` per line,
 * the kernel and the model's configuration in parentheses after the value.
 * Each figure is the best of three runs of the same work on one core. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "wq/asm.h"
#include "wq/loader.h"
#include "wq/nested.h"

/* the standard loop kernel: uniform counted loop of 5 instructions, 8 CTAs
 * x 8 warps (the rates' comments name the shape) */
#define LOOP_ITERS "20000"
static const char loop_kernel[] =
    ".launch main\n .grid 8\n .cta 256\n .regs 8\n .yield off\n.end\n"
    "main:\n mov r1, 0\n mov r2, 0\n"
    "loop:\n add r2, r2, r1\n xor r3, r2, 0x55\n add r1, r1, 1\n"
    " setp.lt p0, r1, " LOOP_ITERS "\n @p0 bra loop\n exit\n";

/* divergent loop: odd and even lanes take different sides every iteration */
#define DIV_ITERS "5000"
static const char div_kernel[] =
    ".launch main\n .grid 8\n .cta 256\n .regs 8\n .yield off\n.end\n"
    "main:\n s2r r4, laneid\n and r4, r4, 1\n setp.eq p1, r4, 0\n mov r1, 0\n"
    "loop:\n ssy join\n @!p1 bra other\n add r2, r2, 3\n bra sync\n"
    "other:\n add r2, r2, 5\n"
    "sync:\n sync join\n"
    "join:\n add r1, r1, 1\n setp.lt p0, r1, " DIV_ITERS "\n @p0 bra loop\n exit\n";

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* runs src once; *instrs = warp instructions retired; returns seconds or -1 */
static double run_once(const char *src, unsigned lanes, uint64_t *instrs, uint64_t *threads)
{
    wq_program_t p;
    char err[256];
    if (wq_asm(src, strlen(src), "bench", &p, err, sizeof err)) {
        fprintf(stderr, "bench kernel: %s\n", err);
        return -1;
    }
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.lanes = lanes;
    wq_ctx_t *ctx = wq_new(&cfg);
    double t = -1;
    if (ctx && wq_load_and_submit(ctx, &p, 0, NULL) == 0) {
        wq_run_result_t r;
        double t0 = now();
        int rc = wq_run(ctx, 0, 1, 1, &r);
        t = now() - t0;
        *instrs = ctx->st.warp_instrs;
        *threads = ctx->st.thread_instrs;
        if (rc) { fprintf(stderr, "bench kernel stopped: reason %d\n", r.reason); t = -1; }
    }
    wq_free(ctx);
    wq_program_free(&p);
    return t;
}

/* the model's configuration a figure was measured in, for its comment */
static const char *config_desc(unsigned lanes)
{
    static char b[64];
    wq_config_t cfg;
    wq_config_default(&cfg);
    snprintf(b, sizeof b, "WARPS=%u LANES=%u", cfg.warps, lanes);
    return b;
}

static int best_rate(const char *src, unsigned lanes, double *ips, double *tps)
{
    double best = 0, bt = 0;
    for (int i = 0; i < 3; i++) {
        uint64_t n = 0, th = 0;
        double t = run_once(src, lanes, &n, &th);
        if (t <= 0) return -1;
        if (n / t > best) { best = n / t; bt = th / t; }
    }
    *ips = best;
    *tps = bt;
    return 0;
}

/* host interface: segments of semaphore releases, 5 methods each */
enum { HOST_GROUPS = 100, HOST_ENTRIES = 1000 };
static double host_rate(void)
{
    enum { GROUPS = HOST_GROUPS, ENTRIES = HOST_ENTRIES, LOG2 = 10 };
    const uint32_t ring = 0x10000000u, pb = 0x20000000u, sem = 0x30000000u;
    double best = 0;
    for (int rep = 0; rep < 3; rep++) {
        wq_config_t cfg;
        wq_config_default(&cfg);
        wq_ctx_t *ctx = wq_new(&cfg);
        if (!ctx) return -1;
        uint32_t a = pb;
        for (unsigned g = 0; g < GROUPS; g++) {
            wq_mem_write32(ctx->mem, a, wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SEM_ADDR_LO, 5));
            wq_mem_write32(ctx->mem, a + 4, sem + 4 * g);
            wq_mem_write32(ctx->mem, a + 8, 0);
            wq_mem_write32(ctx->mem, a + 12, g);
            wq_mem_write32(ctx->mem, a + 16, 0);
            wq_mem_write32(ctx->mem, a + 20, wq_sem_encode(&(wq_sem_exec_t){ .op = WQ_SEMOP_RELEASE }));
            a += 24;
        }
        for (unsigned e = 0; e < ENTRIES; e++) {   /* every entry runs the same segment */
            wq_mem_write32(ctx->mem, ring + 8 * e, wq_gp_word0(pb));
            wq_mem_write32(ctx->mem, ring + 8 * e + 4, wq_gp_word1(GROUPS * 6u, 0, 0));
        }
        uint32_t ch = WQ_CSRVAL_CHAN_BASE;
        wq_csr_write(ctx, ch + WQ_CHCSR_GPFIFO_BASE, ring);
        wq_csr_write(ctx, ch + WQ_CHCSR_GPFIFO_LOG2, LOG2);
        wq_csr_write(ctx, ch + WQ_CHCSR_CTRL, 1);
        wq_csr_write(ctx, ch + WQ_CHCSR_GP_PUT, ENTRIES);
        double t0 = now();
        wq_run_result_t r;
        int rc = wq_run(ctx, 0, 1, 0, &r);
        double t = now() - t0;
        uint64_t m = ctx->st.methods;
        wq_free(ctx);
        if (rc || m != (uint64_t)ENTRIES * GROUPS * 5) {
            fprintf(stderr, "bench host stream stopped: reason %d, %llu methods\n", r.reason,
                    (unsigned long long)m);
            return -1;
        }
        if (m / t > best) best = m / t;
    }
    return best;
}

/* child launch: device-local (the PPU-owned queue) vs CPU-mediated (the
 * host polls a request word and submits over a link of WQ_LINK_LATENCY
 * ticks per access, default 1000 -- about a PCIe round trip at 1 GHz) */
static int nested_bench(void)
{
    const char *path = "tests/programs/bench/nested_latency.wqs";
    const char *env = getenv("WQ_LINK_LATENCY");
    uint32_t lat = env ? (uint32_t)strtoul(env, NULL, 0) : 1000;
    wq_program_t p;
    char err[256];
    if (wq_nested_asm(path, NULL, &p, err, sizeof err)) {
        fprintf(stderr, "bench nested: %s\n", err);
        return 1;
    }
    uint64_t loc = 0, cpu = 0;
    int rc = wq_nested_latency(&p, lat, &loc, &cpu);
    wq_program_free(&p);
    if (rc || !loc) {
        fprintf(stderr, "bench nested: %s\n", wq_drv_strerror(rc));
        return 1;
    }
    printf("nested_local_cycles: %llu (model ticks from the release to the child's CTA_START, "
           "device-local launch; %s; %s)\n", (unsigned long long)loc, path, config_desc(32));
    printf("nested_cpu_cycles: %llu link_latency=%u (the same, CPU-mediated launch)\n",
           (unsigned long long)cpu, lat);
    printf("nested_speedup: %.2f (CPU-mediated / device-local)\n", (double)cpu / (double)loc);
    return 0;
}

int wq_cli_bench(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--cc")) return wq_cli_bench_cc(argc, argv);
    if (argc > 1) return wq_cli_error("bench", "unexpected argument '%s'", argv[1]);
    double ips, tps;
    const char *loop = "uniform counted loop of 5 instructions, " LOOP_ITERS
                       " iterations, 8 CTAs of 256 threads";
    if (best_rate(loop_kernel, 32, &ips, &tps)) return 1;
    printf("model_warp_instr_per_s: %.0f (%s; %s; best of 3 runs)\n", ips, loop, config_desc(32));
    printf("model_thread_instr_per_s: %.0f (the same runs; %s)\n", tps, config_desc(32));
    if (best_rate(loop_kernel, 8, &ips, &tps)) return 1;
    printf("model_warp_instr_per_s_lanes8: %.0f (the same kernel; %s; best of 3 runs)\n", ips,
           config_desc(8));
    if (best_rate(div_kernel, 32, &ips, &tps)) return 1;
    printf("model_divergent_warp_instr_per_s: %.0f (odd and even lanes on either side of an if/else "
           "in a counted loop, " DIV_ITERS " iterations, 8 CTAs of 256 threads; %s; best of 3 runs)\n",
           ips, config_desc(32));
    double mps = host_rate();
    if (mps < 0) return 1;
    printf("model_host_methods_per_s: %.0f (one channel, %d GP entries of %d semaphore releases "
           "of 5 methods; best of 3 runs)\n", mps, HOST_ENTRIES, HOST_GROUPS);
    return nested_bench();
}
