// cosim.h -- the lockstep core: rtl/wq_top.v under Verilator with the C
// golden model replaying every RTL step (DESIGN §8, docs/verification.md).
//
// The RTL decides the order: every step pulse on wq_top's step port
// (o_step_valid/kind/id/res) is replayed through the model's step API --
// wq_step_warp, the host scheduler + wq_step_channel, wq_step_dispatch,
// wq_csr_write/read -- and the step result and every event record of the
// step (o_evr_*, trace.h field for field, REG_WRITE joined from its
// per-part beats) are compared with what the model emitted.  CSR reads are
// compared value for value, and at the end the whole memory images.
//
// Cosim plays the system around wq_top: a memory with seeded random ready
// stalls and response latency, and a host side with CSR and memory access
// (the same four operations as the driver's device interface, wq/dev.h).
// Two users:
//   * tb_cosim.cpp runs one program and plays the driver's trap handling
//     itself (a deque bound trap is re-centred through the debug window and
//     resumed; a fatal trap ends the run) -- CosimOpts::auto_recenter;
//   * dev_rtl.cpp is the driver's "rtl" backend: the driver does its own
//     trap handling through the same CSRs.
//
// The first mismatch stops the process with exit 1 and prints the cycle,
// the seed, the step, the differing field with both values, and the last
// records of both sides.
#ifndef WQ_COSIM_H
#define WQ_COSIM_H
#include <array>
#include <cstdint>
#include <ctime>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

extern "C" {
#include "wq/model.h"
#include "wq/timeline.h"
#include "wq/trace.h"
}

class Vwq_top;
class VerilatedContext;
class VerilatedFstC;
class Fcov;

// ---- one event record, both sides --------------------------------------------
struct Rec {
    unsigned kind = 0, unit = 0, aux = 0;
    uint32_t pc = 0, mask = 0, a = 0;
    uint64_t b = 0, c = 0;
    bool has_vals = false;
    uint32_t vals[WQ_WARP_SIZE] = {0};
    uint32_t parts_seen = 0;     // RTL REG_WRITE: parts joined so far
};

std::string rec_str(const Rec &r);
void rec_to_trace(const Rec &r, wq_trace_rec_t *t);   // t->vals points into r
const char *step_kind_name(unsigned k);
const char *step_res_name(unsigned r);

// the RTL parameters this harness was built for (cosim_build.sh's -D's)
void cosim_config(wq_config_t *cfg);

struct CosimOpts {
    uint64_t seed = 1;                 // memory timing and X-initialisation
    unsigned lat_min = 1, lat_max = 6; // memory response latency, cycles
    unsigned ready_pct = 80;           // chance the memory takes a request
    unsigned history = 16;             // records kept for the mismatch report
    bool verbose = false;              // every record and step as it happens
    const char *wave = nullptr;        // FST file, or none
    bool auto_recenter = true;         // play the driver's trap handling
    std::string what = "?";            // what runs, for reports
    std::string rerun;                 // how to re-run it, for reports
};

struct MemServer;
struct ModelSink;

struct Cosim {
    CosimOpts o;
    std::unique_ptr<VerilatedContext> vctx;
    std::unique_ptr<Vwq_top> top;
    std::unique_ptr<VerilatedFstC> fst;
    wq_ctx_t *ctx = nullptr;           // the model (owns its memory)
    wq_mem_t *rtl_mem = nullptr;       // the memory behind the RTL's port
    std::unique_ptr<MemServer> ms;
    std::unique_ptr<ModelSink> sink;
    bool rtl_only = false;             // no model: RTL speed measurement
    Fcov *fcov = nullptr;              // functional counters of compared steps (fcov.h)

    uint64_t cyc = 0, steps = 0, records = 0, mismatches = 0;
    // every record once it has compared equal, as the model emitted it,
    // with the cycle of its step (measurements: dev_rtl's trace hook)
    void (*observe)(void *user, const wq_trace_rec_t *r, uint64_t cyc) = nullptr;
    void *observe_user = nullptr;
    // --timeline: the same records in RTL cycles (timeline.h); closed by
    // finish(), by a mismatch and by the destructor, so it is always whole
    wq_timeline_t *timeline = nullptr;
    uint64_t steps_by_kind[4] = {0};
    // the kernel window (print_summary's `window:`): the cycle of the
    // first DISPATCH step's first record (its first warp's CTA_START: the
    // first CTA dispatched) to the cycle of the last warp commit, and the
    // warp commits in it
    uint64_t step_rec0 = 0;            // the cycle of this step's first record
    bool win_open = false;
    uint64_t win_first = 0, win_last = 0, win_warp0 = 0;
    int fatal_trap = -1;               // auto_recenter: the trap that ended it
    unsigned fatal_warp = 0;

    explicit Cosim(const CosimOpts &opts);
    ~Cosim();

    // model (configured as the RTL is built) + memories + RTL out of reset;
    // 0, or -1 (out of memory)
    int open();

    // one clock cycle: memory, CSR port, records, step replay and checks
    void tick();

    // ---- host side: what the driver (wq/dev.h) can do --------------------------
    // queue a CSR access without waiting (tb_cosim's program submission)
    void csr_queue(uint32_t off, uint32_t val, bool we, const char *why);
    // clock until the access has completed on both sides; the model's
    // return code (negative: refused -- the RTL's o_csr_err agreed)
    int csr_write(uint32_t off, uint32_t val);
    int csr_read(uint32_t off, uint32_t *val);
    // host memory access, to both memories, at a point where no step is in
    // flight (so the model's replay sees what the RTL saw); reads come from
    // the RTL's memory and are checked against the model's
    void mem_write(uint32_t addr, const uint32_t *buf, uint32_t n);
    void mem_read(uint32_t addr, uint32_t *buf, uint32_t n);
    bool csr_pending() const { return csr_active || !csr_q.empty(); }
    // no step in flight after the last edge (the lock is free): every step
    // the RTL finished has been replayed and none has started
    bool at_safe_point() const { return safe; }
    bool irq() const;                  // wq_top's o_irq
    bool model_idle() const { return !wq_host_busy(ctx) && wq_engine_idle(ctx); }

    // the end: whole memory images compared (fails on a difference), wave
    // closed
    void finish();
    // the run's figures: cycles, wall and CPU time of the clock loop (t),
    // rate; in lockstep also steps by kind, records and memory traffic
    struct RunTimer;
    void print_summary(uint64_t run_cycles, const RunTimer &t) const;

    [[noreturn]] void fail(const char *what, const std::string &detail);

private:
    struct CsrOp { uint32_t off, val; bool we; const char *why; };
    std::vector<Rec> rtl_recs;
    // SUBV_AUTO commits by PC: [0] normal, [1] sub-vector mode (print_summary)
    std::map<uint32_t, std::array<uint64_t, 2>> wave_pc;
    std::deque<Rec> rtl_hist, model_hist;
    std::deque<CsrOp> csr_q;
    bool csr_active = false;
    uint32_t csr_expect = 0, csr_last_read = 0;
    int csr_expect_rc = 0, csr_last_rc = 0;
    bool csr_stepped = false;
    uint64_t csr_done = 0;             // CSR accesses completed so far
    uint64_t host_grant_cycle = 0;
    bool host_granted = false;
    bool safe = false;                 // this cycle: no step in flight
    uint32_t last_trap_pc[WQ_MAX_WARPS];
    uint64_t last_trap_retired[WQ_MAX_WARPS];

    void remember(std::deque<Rec> &h, const Rec &r);
    int replay(unsigned kind, unsigned id);
    static bool same(const Rec &m, const Rec &r, std::string &why);
    void on_step(unsigned kind, unsigned id, unsigned res);
    void on_trap(unsigned w);
    void drive_csr();
    void collect_record();
    void collect_one(unsigned kind, unsigned unit, unsigned aux, uint32_t pc, uint32_t mask,
                     uint32_t a, uint64_t b, uint64_t c);
    void add_vals(Rec &r, unsigned part);
    void wait_safe();
    void compare_memory();
    void finish_wave();
    void finish_timeline();
};

// the clock loop of a run timed from construction to stop(): wall time
// (CLOCK_MONOTONIC, nanosecond steps) and the process's CPU time
// (CLOCK_PROCESS_CPUTIME_ID), which stays below the wall time by what other
// processes took of the core (scripts/bench.sh's simulation speed)
struct Cosim::RunTimer {
    double wall = 0, cpu = 0;
    RunTimer() { clock_gettime(CLOCK_MONOTONIC, &w0); clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0); }
    void stop()
    {
        timespec w1, c1;
        clock_gettime(CLOCK_MONOTONIC, &w1);
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
        wall = secs(w0, w1);
        cpu = secs(c0, c1);
    }

private:
    timespec w0, c0;
    static double secs(const timespec &a, const timespec &b)
    {
        return (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) * 1e-9;
    }
};

#endif
