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
// usage: tb_cosim FILE.wqs|FILE.wqst [--seed N] [--wave F.fst] [--max-cycles N]
//                 [--lat MIN,MAX] [--ready PCT] [--history N] [-v]
//                 [--rtl-only CYCLES] [--rerun COMMAND] [--expects-info]
// --rerun sets the re-run command printed in a mismatch report (the
// regression runner passes its own one-seed command line).  --expects-info
// makes a program's failing .expect lines informational: a generated
// program with races (locks, atomics returning old values, the shared
// buffer) carries the results of the model's free-running timing, and the
// RTL's timing may resolve the races otherwise (both sides still agree
// record for record and in the final memory, which is what is checked).
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

extern "C" {
#include "wq/asm.h"
#include "wq/loader.h"
}

#include "cosim.h"
#include "cosim_stream.h"

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

    auto t0 = std::chrono::steady_clock::now();
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
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    uint64_t run_cycles = c.cyc - c0;
    c.finish();
    int rc = 0;
    printf("cycles: %" PRIu64 "\n", run_cycles);
    printf("wall_seconds: %.3f\n", secs);
    printf("%s: %.0f\n", c.rtl_only ? "rtl_cycles_per_s" : "cosim_cycles_per_s",
           secs > 0 ? run_cycles / secs : 0.0);
    if (!c.rtl_only) {
        printf("steps: %" PRIu64 " (warp %" PRIu64 ", channel %" PRIu64 ", dispatch %" PRIu64
               ", csr %" PRIu64 ")\n", c.steps, c.steps_by_kind[WQ_STEPK_WARP],
               c.steps_by_kind[WQ_STEPK_CHAN], c.steps_by_kind[WQ_STEPK_DISPATCH],
               c.steps_by_kind[WQ_STEPK_CSR]);
        printf("records: %" PRIu64 "\n", c.records);
        printf("memory: %" PRIu64 " reads, %" PRIu64 " writes\n", c.mem_reads(), c.mem_writes());
        if (c.fatal_trap >= 0)
            printf("trap: warp %u %s\n", c.fatal_warp, wq_trap_name((unsigned)c.fatal_trap));
        for (unsigned ch = 0; ch < c.ctx->cfg.channels; ch++)
            if (c.ctx->ch[ch].state == WQ_CH_ERROR)
                printf("channel %u: ERROR %s\n", ch, wq_cherr_name(c.ctx->ch[ch].err));
        // the program's own checks, on the RTL's memory
        unsigned ok = 0;
        for (unsigned i = 0; i < p.nexpects; i++) {
            uint32_t v = wq_mem_read32(c.rtl_mem, p.expects[i].addr);
            if (v == p.expects[i].value) ok++;
            else printf("expect failed: %s:%d: [0x%08x] = 0x%08x, expected 0x%08x\n",
                        r.path, p.expects[i].line, p.expects[i].addr, v, p.expects[i].value);
        }
        printf("expects: %u/%u%s\n", ok, p.nexpects,
               r.expects_info ? " (informational: --expects-info)" : "");
        printf("mismatches: %" PRIu64 "\n", c.mismatches);
        if (ok != p.nexpects && !r.expects_info) rc = 1;
    }
    wq_program_free(&p);
    return rc;
}

}  // namespace

int main(int argc, char **argv)
{
    const char *path = nullptr, *wave = nullptr, *rerun = nullptr;
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
        else if (a[0] != '-' && !path) path = argv[i];
        else { fprintf(stderr, "unknown argument %s\n", a.c_str()); return 2; }
    }
    if (!path) {
        fprintf(stderr, "usage: tb_cosim FILE.wqs|FILE.wqst [--seed N] [--wave F.fst]\n"
                        "                [--max-cycles N] [--lat MIN,MAX] [--ready PCT]\n"
                        "                [--history N] [--rtl-only CYCLES] [--rerun COMMAND]\n"
                        "                [--expects-info]\n");
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
    if (stream) {
        if (rtl_only) { fprintf(stderr, "--rtl-only runs programs only\n"); return 2; }
        return cosim_run_stream(c, path, text.c_str(), r.max_cycles);
    }
    if (rtl_only) { c.rtl_only = true; r.rtl_only_cycles = rtl_only; }
    return run(c, r);
}
