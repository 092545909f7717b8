// tb_harness.h -- what every Verilator block bench against the golden model
// shares (docs/verification.md, "Bench harness"): the simulation context with
// seeded X randomisation, the top instance, the FST waveform on request, the
// clock, a ring of recent events, the first-failure report, and the command
// line.  A bench is `struct Bench : tb::Harness<Vtop>` plus what it checks.
//
// Waveforms: `--wave FILE.fst` traces the whole run.  A run without it
// prints, on its first failure, the command that replays the same seed with
// a waveform; the benches are deterministic per seed, and the bench scripts
// (scripts/lib/verilator.sh, vl_run) replay a failing seed that way
// themselves, so every failure leaves an FST behind.
#ifndef WQ_TB_HARNESS_H
#define WQ_TB_HARNESS_H
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <vector>
#include "verilated.h"
#include "verilated_fst_c.h"
#include "tb_cov.h"

namespace tb {

// ---- the command line ---------------------------------------------------------
// Every bench takes --seed N, --wave FILE.fst and -v; numeric options of its
// own come in a table, anything else through `other` (returns true when it
// took argv[i], advancing i past a value).  An unknown argument or a bad
// number prints the usage and exits 2.
struct NumOpt {
    const char *name;        // "--ops"
    uint64_t   *value;
    const char *help;        // "N" or "CYCLES"
};

struct Args {
    uint64_t    seed = 1;
    const char *wave = nullptr;
    bool        verbose = false;
    std::string rerun;       // this run again, with a waveform

    void parse(int argc, char **argv, const std::vector<NumOpt> &nums,
               const char *other_usage = "",
               const std::function<bool(const std::string &, int &, int, char **)> &other =
                   nullptr)
    {
        auto usage = [&]() {
            std::string u = std::string("usage: ") + argv[0] + " [--seed N]";
            for (auto &n : nums) u += std::string(" [") + n.name + " " + n.help + "]";
            if (*other_usage) u += std::string(" ") + other_usage;
            u += " [--wave FILE.fst] [-v]";
            fprintf(stderr, "%s\n", u.c_str());
            exit(2);
        };
        auto number = [&](const char *s, uint64_t *v) {
            char *end;
            *v = strtoull(s, &end, 0);
            if (!*s || *end) {
                fprintf(stderr, "%s: not a number: '%s'\n", argv[0], s);
                usage();
            }
        };
        rerun = argv[0];
        for (int i = 1; i < argc; i++) {
            std::string a = argv[i];
            bool has_val = i + 1 < argc, took = false;
            if (a == "--seed" && has_val) { number(argv[++i], &seed); took = true; }
            else if (a == "--wave" && has_val) { wave = argv[++i]; continue; }
            else if (a == "-v") { verbose = true; continue; }
            else if (a == "-h" || a == "--help") usage();
            else {
                for (auto &n : nums)
                    if (a == n.name && has_val) { number(argv[++i], n.value); took = true; break; }
                if (!took) {
                    int j = i;
                    if (!other || !other(a, j, argc, argv)) {
                        fprintf(stderr, "%s: unknown argument '%s'\n", argv[0], a.c_str());
                        usage();
                    }
                    for (; i <= j; i++) rerun += std::string(" ") + argv[i];
                    i = j;
                    continue;
                }
            }
            rerun += " " + a + " " + argv[i];
        }
        rerun += " --wave fail.fst";
    }
};

// ---- a memory slave's responses ---------------------------------------------
// Read data the bench owes the RTL, in request order, each due at a cycle
// (the bench draws the latency); drive() presents the front one when due and
// random garbage on the data lines otherwise, so the RTL cannot depend on
// data that is not valid.
struct MemResponses {
    struct R { uint64_t due; uint32_t rdata; };
    std::deque<R> q;

    // responses stay in order: one is never due before the one ahead of it
    void push(uint64_t due, uint32_t rdata)
    {
        if (!q.empty() && q.back().due > due) due = q.back().due;
        q.push_back({due, rdata});
    }
    bool empty() const { return q.empty(); }
    void clear() { q.clear(); }

    template <class Top, class Rng>
    void drive(Top *top, uint64_t cycle, Rng &rng)
    {
        top->i_mem_rvalid = 0;
        if (!q.empty() && q.front().due <= cycle) {
            top->i_mem_rvalid = 1;
            top->i_mem_rdata = q.front().rdata;
            q.pop_front();
        } else {
            top->i_mem_rdata = (uint32_t)rng.next();
        }
    }
};

// ---- the simulation -------------------------------------------------------------
template <class Top>
struct Harness {
    const char *name;                  // "deque_tb": every report line starts with it
    uint64_t    seed;
    std::unique_ptr<VerilatedContext> vctx;
    std::unique_ptr<Top> top;
    std::unique_ptr<VerilatedFstC> fst;
    uint64_t    cycle = 0, simtime = 0;
    bool        verbose = false;
    std::deque<std::string> trace;     // recent events, oldest first (note())
    size_t      trace_depth = 16;
    const char *trace_label = "recent events";
    std::string rerun;                 // printed by fail() when there is no waveform

    Harness(const char *n, uint64_t s) : name(n), seed(s), vctx(new VerilatedContext)
    {
        vctx->randReset(2);            // X's become seeded random values
        vctx->randSeed((int)(s & 0x7fffffff));
        top.reset(new Top(vctx.get()));
    }
    virtual ~Harness()
    {
        if (fst) fst->close();
        top->final();
    }
    Harness(const Harness &) = delete;
    Harness &operator=(const Harness &) = delete;

    // start the waveform (nullptr: none); call once the inputs are settled
    void open_wave(const char *path)
    {
        if (!path) return;
        vctx->traceEverOn(true);
        fst.reset(new VerilatedFstC);
        top->trace(fst.get(), 99);
        fst->open(path);
    }

    void half(int clk)
    {
        top->i_clk = clk;
        top->eval();
        if (fst) fst->dump(simtime);
        simtime += 5;
    }
    // one cycle: clock low, then the rising edge
    void tick() { half(0); half(1); cycle++; }
    // one cycle for benches that hold the clock low between cycles: the
    // rising edge first, then low (inputs are set while the clock is low)
    void tick_rise_first() { half(1); half(0); cycle++; }

    void note(const std::string &s)
    {
        trace.push_back(s);
        while (trace.size() > trace_depth) trace.pop_front();
        if (verbose) printf("%s\n", s.c_str());
    }

    // the bench's position beyond cycle and seed (" op#12"), and more
    // context printed after the message (both sides' records ...)
    virtual std::string where() const { return ""; }
    virtual void report_context() {}

    [[noreturn]] void fail(const std::string &what)
    {
        printf("%s: MISMATCH cycle=%" PRIu64 " seed=%" PRIu64 "%s\n  %s\n", name, cycle, seed,
               where().c_str(), what.c_str());
        report_context();
        if (!trace.empty()) {
            printf("  %s (oldest first):\n", trace_label);
            for (auto &t : trace) printf("    %s\n", t.c_str());
        }
        if (fst) {
            fst->close();
            fst.reset();
            printf("  waveform written\n");
        } else if (!rerun.empty()) {
            printf("  rerun with a waveform: %s\n", rerun.c_str());
        }
        fflush(stdout);
        exit(1);
    }

    // the verdict of a run whose checks all held: its coverage holes (each
    // a failure the bench counts as one), or PASS; 0 or 1
    int verdict(const std::vector<std::string> &holes) const
    {
        for (auto &h : holes) printf("%s: COVERAGE HOLE: %s\n", name, h.c_str());
        if (!holes.empty()) return 1;
        printf("%s: PASS seed=%" PRIu64 "\n", name, seed);
        return 0;
    }

    // the end of a run: coverage data of a --coverage build (tb_cov.h)
    int finish(const char *bench, int rc)
    {
        tb_cov_write(vctx.get(), bench, seed, rc);
        return rc;
    }
};

// main() of a bench whose whole run is Bench(seed, wave).run(COUNT):
// the common options plus the one count (--ops N, --cycles N)
template <class Bench>
int run_main(int argc, char **argv, const char *bench, const char *count_opt, uint64_t count)
{
    Args args;
    args.parse(argc, argv, {{count_opt, &count, "N"}});
    Bench b(args.seed, args.wave);
    b.verbose = args.verbose;
    b.rerun = args.rerun;
    return b.finish(bench, b.run(count));
}

}  // namespace tb

#endif
