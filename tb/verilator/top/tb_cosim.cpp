// tb_cosim.cpp -- run one .wqs program, or one command stream (`wq gen
// stream` output, first line "wqstream 1": cosim_stream.cpp), on
// rtl/wq_top.v in lockstep with the C golden model (DESIGN §8,
// docs/verification.md); the core is cosim.cpp.
//
// The RTL decides the order: every step pulse on wq_top's step port
// (o_step_valid/kind/id/res) is replayed through the model's step API --
// wq_step_warp, the host scheduler + wq_step_channel, wq_step_dispatch,
// wq_csr_write/read -- and the step result and every event record of the
// step (o_evr_*, trace.h field for field, REG_WRITE joined from its
// per-part beats) are compared with what the model emitted.  CSR reads are
// compared value for value, and at the end the whole memory images.
//
// The harness plays the system around wq_top: a memory with seeded random
// ready stalls and response latency, the host CPU (the program's image is
// written to both memories before reset, the CSR writes that submit it go
// through the CSR port), and the driver's trap handling (a deque bound
// trap is re-centred through the debug window and resumed, as the driver
// does; a fatal trap ends the run).
//
// The first mismatch stops the run with exit 1 and prints the cycle, the
// seed, the step, the differing field with both values, and the last
// records of both sides.  --wave FILE.fst writes a waveform.
//
// usage: tb_cosim nested [wq nested arguments] [--seed N] [--wave F.fst] ...
//        (the driver's nested scenarios on the rtl backend, dev_rtl.cpp)
//        tb_cosim nested-latency [FILE] [--link-latency L] [--seed N] [-v]
//        (the child-launch latency of `wq bench`, on the rtl backend)
// usage: tb_cosim FILE.wqs|FILE.wqst [--seed N] [--wave F.fst] [--max-cycles N]
//                 [--lat MIN,MAX] [--ready PCT] [--history N] [-v]
//                 [--rtl-only CYCLES] [--rerun COMMAND] [--expects-info]
//                 [--fcov FILE] [--cov FILE]
// --fcov FILE writes the functional coverage counters (fcov.h) of a passing
// run, --cov FILE its Verilator coverage data (a --coverage build only):
// scripts/coverage.sh.
// --rerun sets the re-run command printed in a mismatch report (the
// regression runner passes its own one-seed command line).  --expects-info
// makes a program's failing .expect lines informational: a generated
// program with races (locks, atomics returning old values, the shared
// buffer) carries the results of the model's free-running timing, and the
// RTL's timing may resolve the races otherwise (both sides still agree
// record for record and in the final memory, which is what is checked).
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern "C" {
#include "wq/asm.h"
#include "wq/loader.h"
#include "wq/nested.h"
}

#include "cosim.h"
#include "dev_rtl.h"
#include "cosim_stream.h"
#include "fcov.h"
#include "verilated.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

namespace {

struct RunOpts {
    const char *path = nullptr;
    uint64_t max_cycles = 20000000;
    uint64_t rtl_only_cycles = 0;
    bool expects_info = false;     // report .expect failures, do not fail on them
};

int run(Cosim &c, const RunOpts &r)
{
    wq_program_t p;
    char err[256];
    if (wq_asm_file(r.path, &p, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    if (c.open()) { fprintf(stderr, "out of memory\n"); return 2; }
    // the image goes to both memories before the program starts; the CSR
    // writes that submit it go through the CSR port as steps
    wq_csr_op_t ops[WQ_LOAD_MAX_CSR_OPS];
    int nops = wq_load_prepare(c.ctx->mem, &p, 0, nullptr, ops);
    if (nops < 0 || wq_load_prepare(c.rtl_mem, &p, 0, nullptr, ops) != nops) {
        fprintf(stderr, "%s: program overlaps the system area\n", r.path);
        wq_program_free(&p);
        return 2;
    }
    for (int i = 0; i < nops; i++) c.csr_queue(ops[i].off, ops[i].val, true, "submit");

    Cosim::RunTimer t;
    uint64_t c0 = c.cyc, quiet = 0;
    for (;;) {
        c.tick();
        if (c.rtl_only) {
            if (c.cyc - c0 >= r.rtl_only_cycles) break;
            continue;
        }
        if (c.fatal_trap >= 0) break;
        quiet = (c.model_idle() && !c.csr_pending()) ? quiet + 1 : 0;
        if (quiet > 64) break;
        if (c.cyc - c0 > r.max_cycles) {
            printf("TIMEOUT after %" PRIu64 " cycles (seed %" PRIu64 ")\n", c.cyc - c0, c.o.seed);
            for (unsigned w = 0; w < c.ctx->cfg.warps; w++) {
                char b[400];
                wq_warp_describe(c.ctx, w, b, sizeof b);
                printf("  %s\n", b);
            }
            wq_program_free(&p);
            return 1;
        }
    }
    t.stop();
    uint64_t run_cycles = c.cyc - c0;
    c.finish();
    int rc = 0;
    c.print_summary(run_cycles, t);
    if (!c.rtl_only) {
        if (c.fatal_trap >= 0)
            printf("trap: warp %u %s\n", c.fatal_warp, wq_trap_name((unsigned)c.fatal_trap));
        for (unsigned ch = 0; ch < c.ctx->cfg.channels; ch++)
            if (c.ctx->ch[ch].state == WQ_CH_ERROR)
                printf("channel %u: ERROR %s\n", ch, wq_cherr_name(c.ctx->ch[ch].err));
        // the program's own checks, on the RTL's memory; --expects-info
        // relaxes the free-run values (.expect) of racy programs, never
        // the timing-independent invariants (.expect_sum)
        unsigned ok = 0, nsum = 0, sum_ok = 0;
        for (unsigned i = 0; i < p.nexpects; i++) {
            const wq_expect_t *e = &p.expects[i];
            uint32_t v, want;
            int hold = wq_expect_eval(e, wq_mem_read32_fn, c.rtl_mem, &v, &want) == 1;
            nsum += e->is_sum;
            if (hold) {
                ok++;
                sum_ok += e->is_sum;
            } else {
                char d[160];
                wq_expect_describe(e, v, want, d, sizeof d);
                printf("expect failed: %s:%d: %s\n", r.path, e->line, d);
            }
        }
        printf("expects: %u/%u%s\n", ok, p.nexpects,
               r.expects_info ? " (values informational: --expects-info)" : "");
        if (nsum) printf("invariants: %u/%u\n", sum_ok, nsum);
        printf("mismatches: %" PRIu64 "\n", c.mismatches);
        if (ok != p.nexpects && !r.expects_info) rc = 1;
        if (sum_ok != nsum) rc = 1;
    }
    wq_program_free(&p);
    return rc;
}

// `tb_cosim nested ...`: the driver's nested-work scenarios (wq nested) on
// the RTL backend.  The harness's own options are taken out; the rest is
// wq nested's command line.
int open_rtl(wq_dev_t *dev, const wq_config_t *cfg, void *user)
{
    return wq_dev_rtl_open(dev, cfg, *static_cast<const CosimOpts *>(user));
}

int nested_main(int argc, char **argv)
{
    CosimOpts o;
    std::vector<char *> rest;
    rest.push_back(argv[0]);
    for (int i = 2; i < argc; i++) {
        std::string a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : nullptr;
        if (a == "--seed" && v) { o.seed = strtoull(v, nullptr, 0); i++; }
        else if (a == "--wave" && v) { o.wave = v; i++; }
        else if (a == "--lat" && v) {
            if (sscanf(v, "%u,%u", &o.lat_min, &o.lat_max) != 2 || o.lat_max < o.lat_min) {
                fprintf(stderr, "--lat MIN,MAX\n"); return 2;
            }
            i++;
        }
        else if (a == "--ready" && v) {
            o.ready_pct = (unsigned)strtoul(v, nullptr, 0); i++;
            if (o.ready_pct == 0 || o.ready_pct > 100) { fprintf(stderr, "--ready 1..100\n"); return 2; }
        }
        else if (a == "--history" && v) { o.history = (unsigned)strtoul(v, nullptr, 0); i++; }
        else if (a == "-v") o.verbose = true;
        else rest.push_back(argv[i]);
    }
    o.what = "wq nested on the rtl backend";
    std::string cmd = "wq nested --backend rtl";
    for (size_t i = 1; i < rest.size(); i++) cmd += std::string(" ") + rest[i];
    o.rerun = cmd + " --seed " + std::to_string(o.seed) + " --wave nested.fst";
    rest.push_back(nullptr);
    wq_config_t cfg;
    cosim_config(&cfg);
    return wq_nested_main((int)rest.size() - 1, rest.data(), &cfg, open_rtl, &o);
}

// `tb_cosim nested-latency [FILE] [--link-latency L] [--seed N]`: wq bench's
// child-launch latency (nested.h) measured on the RTL, in cycles, with the
// run in lockstep as always
int latency_main(int argc, char **argv)
{
    const char *path = "tests/programs/bench/nested_latency.wqs";
    uint32_t link = 1000;
    CosimOpts o;
    for (int i = 2; i < argc; i++) {
        std::string a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : nullptr;
        if (a == "--link-latency" && v) { link = (uint32_t)strtoul(v, nullptr, 0); i++; }
        else if (a == "--seed" && v) { o.seed = strtoull(v, nullptr, 0); i++; }
        else if (a == "-v") o.verbose = true;
        else if (a[0] != '-') path = argv[i];
        else { fprintf(stderr, "usage: tb_cosim nested-latency [FILE] [--link-latency L] [--seed N] [-v]\n"); return 2; }
    }
    wq_program_t p;
    char err[512];
    if (wq_nested_asm(path, nullptr, &p, err, sizeof err)) { fprintf(stderr, "%s\n", err); return 2; }
    o.what = std::string("nested latency ") + path;
    wq_config_t cfg;
    cosim_config(&cfg);
    uint64_t loc = 0, cpu = 0;
    int rc = wq_nested_latency_on(&p, link, &cfg, open_rtl, &o, &loc, &cpu);
    wq_program_free(&p);
    if (rc) { fprintf(stderr, "nested latency on the rtl: %s\n", wq_drv_strerror(rc)); return 1; }
    printf("rtl_nested_local_cycles: %" PRIu64 "\n", loc);
    printf("rtl_nested_cpu_cycles: %" PRIu64 " link_latency=%u\n", cpu, link);
    printf("rtl_nested_speedup: %.2f\n", loc ? (double)cpu / (double)loc : 0.0);
    return 0;
}

}  // namespace

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "nested")) return nested_main(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "nested-latency")) return latency_main(argc, argv);
    const char *path = nullptr, *wave = nullptr, *rerun = nullptr;
    const char *fcov_path = nullptr, *cov_path = nullptr, *timeline = nullptr;
    uint64_t seed = 1, maxc = 0, rtl_only = 0;
    unsigned lmin = 1, lmax = 6, rpct = 80, hist = 16;
    bool verbose = false, expects_info = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&](void) -> const char * {
            if (i + 1 >= argc) { fprintf(stderr, "%s needs a value\n", a.c_str()); exit(2); }
            return argv[++i];
        };
        if (a == "--seed") seed = strtoull(val(), nullptr, 0);
        else if (a == "--wave") wave = val();
        else if (a == "--max-cycles") maxc = strtoull(val(), nullptr, 0);
        else if (a == "--lat") {
            if (sscanf(val(), "%u,%u", &lmin, &lmax) != 2 || lmax < lmin) {
                fprintf(stderr, "--lat MIN,MAX\n"); return 2;
            }
        }
        else if (a == "--ready") rpct = (unsigned)strtoul(val(), nullptr, 0);
        else if (a == "-v") verbose = true;
        else if (a == "--history") hist = (unsigned)strtoul(val(), nullptr, 0);
        else if (a == "--rtl-only") rtl_only = strtoull(val(), nullptr, 0);
        else if (a == "--rerun") rerun = val();
        else if (a == "--expects-info") expects_info = true;
        else if (a == "--fcov") fcov_path = val();
        else if (a == "--cov") cov_path = val();
        else if (a == "--timeline") timeline = val();
        else if (a[0] != '-' && !path) path = argv[i];
        else { fprintf(stderr, "unknown argument %s\n", a.c_str()); return 2; }
    }
    if (!path) {
        fprintf(stderr, "usage: tb_cosim FILE.wqs|FILE.wqst [--seed N] [--wave F.fst]\n"
                        "                [--max-cycles N] [--lat MIN,MAX] [--ready PCT]\n"
                        "                [--history N] [--rtl-only CYCLES] [--rerun COMMAND]\n"
                        "                [--expects-info] [--fcov FILE] [--cov FILE]\n"
                        "                [--timeline F.json]\n");
        return 2;
    }
    if (rpct == 0 || rpct > 100) { fprintf(stderr, "--ready 1..100\n"); return 2; }
    CosimOpts o;
    o.seed = seed;
    o.lat_min = lmin; o.lat_max = lmax; o.ready_pct = rpct;
    o.history = hist;
    o.verbose = verbose;
    o.wave = wave;
    // a command stream starts with "wqstream"; anything else is a program
    std::string text;
    {
        std::ifstream f(path, std::ios::binary);
        if (!f) { fprintf(stderr, "%s: cannot open\n", path); return 2; }
        std::ostringstream ss;
        ss << f.rdbuf();
        text = ss.str();
    }
    bool stream = text.compare(0, 8, "wqstream") == 0;
    if (stream && strlen(text.c_str()) != text.size()) {
        fprintf(stderr, "%s: NUL byte in a stream\n", path);
        return 2;
    }
    o.what = std::string(stream ? "stream " : "program ") + path;
    o.rerun = rerun ? std::string(rerun)
                    : std::string("tb_cosim ") + path + " --seed " + std::to_string(seed) +
                      " --wave cosim.fst";
    RunOpts r;
    r.path = path;
    if (maxc) r.max_cycles = maxc;
    r.expects_info = expects_info;
    Cosim c(o);
    if (timeline) {
        wq_config_t cfg;
        cosim_config(&cfg);
        c.timeline = wq_timeline_open(timeline, "cycles", cfg.channels, cfg.warps);
        if (!c.timeline) {
            fprintf(stderr, "%s: cannot create: %s\n", timeline, strerror(errno));
            return 2;
        }
    }
    Fcov fcov;
    if (fcov_path) c.fcov = &fcov;
#if !VM_COVERAGE
    if (cov_path) { fprintf(stderr, "--cov: not a --coverage build\n"); return 2; }
#endif
    int rc;
    if (stream) {
        if (rtl_only) { fprintf(stderr, "--rtl-only runs programs only\n"); return 2; }
        rc = cosim_run_stream(c, path, text.c_str(), r.max_cycles);
    } else {
        if (rtl_only) { c.rtl_only = true; r.rtl_only_cycles = rtl_only; }
        rc = run(c, r);
    }
    // coverage of a passing run (scripts/coverage.sh)
    if (rc == 0 && fcov_path && !fcov.dump(fcov_path)) {
        fprintf(stderr, "cannot write %s\n", fcov_path);
        rc = 2;
    }
#if VM_COVERAGE
    if (rc == 0 && cov_path) c.vctx->coveragep()->write(cov_path);
#endif
    return rc;
}
