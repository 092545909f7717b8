// tb_sched.cpp -- Verilator lockstep bench for a warp scheduler on its own:
// the pipelined core rtl/core/wq_core.v, or (WQ_SCHED_UE) the firmware
// scheduler rtl/wq_sched_ue.v (same ports; both built with --prefix Vwq_sched).
//
// The bench plays wq_top and the host around the scheduler and runs the C
// golden model (build/lib/libwqmodel.a) beside it, step for step:
//   * programs are assembled with the model's assembler and loaded into the
//     bench's memory (served to the RTL with seeded random ready stalls and
//     response latency) and into the model's memory;
//   * the program's launches go in through the launch port whenever
//     o_can_launch (and a seeded coin) says so, mirrored by wq_sched_launch;
//   * the event lock is granted whenever the scheduler asks (after a seeded
//     delay); on every o_step_valid the model does the same step
//     (wq_step_warp(id) / wq_step_dispatch) and the bench compares the step
//     result and the complete record sequence of the step (kind, unit, aux,
//     pc, mask, a, b, c and the 32 REG_WRITE values, joined from the RTL's
//     per-part beats);
//   * at seeded checkpoints, the "top" walks the debug window through the
//     CSR sub-port (DBG_WARP, DBG_PC, DBG_ACTIVE, DBG_STATE, DBG_HEADTAIL,
//     READ_ENTRY of every live deque entry, TRAP_*, PERF_INSTR) and compares
//     every read with wq_csr_read on the model -- the per-warp PC, mask,
//     state and deque image;
//   * after a recoverable deque trap it re-centres the deque through the
//     debug window exactly as wq_deque_recenter moves it, checks the result
//     against the model function, and RESUMEs; after a fatal trap it KILLs;
//   * the bench plays the wave control unit (wq_wave_ctl) too: i_wave_subv
//     is the program's forced mode (.wave_ctl normal / subv), or under AUTO
//     a seeded coin every cycle, so SUBV_AUTO takes both modes; the model
//     follows each SUBV_AUTO's reported mode (tb_wave.h).  --wave-lie
//     drives the opposite of a forced mode: the planted bug the model must
//     reject (scripts/rtl/core.sh checks that it does);
//   * at the end: engine idle on both sides, the memory images equal, and
//     the program's .expect values hold (when it ran without a fatal trap).
// First mismatch: cycle, seed, program, step, field, expected vs actual, the
// last 16 records of both sides; exit 1.
//
// usage: tb_sched --seed N [--wave FILE.fst] [-v] PROGRAM.wqs...
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

extern "C" {
#include "wq/asm.h"
#include "wq/model.h"
}

#include "Vwq_sched.h"
#include "Vwq_sched___024root.h"
// WQ_SCHED_UE: the bench on rtl/wq_sched_ue.v (scripts/rtl/sched.sh,
// docs/rtl/wq_sched_ue.md); otherwise on the pipelined core
// rtl/core/wq_core.v (scripts/rtl/core.sh, docs/rtl/wq_core.md)
#if defined(WQ_SCHED_UE)
#include "Vwq_sched_wq_sched_ue.h"
#else
#include "Vwq_sched_wq_core.h"
#endif
#include "tb_line.h"
#include "tb_rng.h"
#include "tb_wave.h"
#include "verilated.h"
#include "tb_harness.h"

namespace {

#if defined(WQ_SCHED_UE)
using RtlMod = Vwq_sched_wq_sched_ue;
#else
using RtlMod = Vwq_sched_wq_core;
#endif
constexpr unsigned WARPS = RtlMod::WARPS;
constexpr unsigned LANES = RtlMod::LANES;
constexpr unsigned DQ_LOG2 = RtlMod::DQ_LOG2;
constexpr unsigned REGS = RtlMod::REGS;
#if defined(WQ_SCHED_UE)
constexpr unsigned FP = 0;                    // (the microcoded engine has no FPU)
#else
constexpr unsigned FP = RtlMod::FP;           // the core's FPU: the model's fp
#endif
constexpr unsigned PARTS = 32 / LANES;
constexpr uint32_t DESC_BASE = 0xFFF00000u;   // the loader's system area
struct Rec {
    unsigned kind = 0, unit = 0, aux = 0;
    uint32_t pc = 0, mask = 0, a = 0;
    uint64_t b = 0, c = 0;
    uint32_t vals[32] = {0};
    uint32_t parts_left = 0;          // RTL REG_WRITE beats still to come
};

std::string fmt_rec(const Rec &r)
{
    wq_trace_rec_t t{};
    t.kind = (uint8_t)r.kind; t.unit = (uint8_t)r.unit; t.aux = (uint16_t)r.aux;
    t.pc = r.pc; t.mask = r.mask; t.a = r.a; t.b = r.b; t.c = r.c;
    t.vals = r.kind == WQ_EV_REG_WRITE ? r.vals : nullptr;
    char buf[1024];
    wq_trace_format(&t, buf, sizeof buf);
    char raw[160];
    snprintf(raw, sizeof raw, "  {k=%u u=%u aux=%u pc=%u m=%08x a=%08x b=%" PRIx64 " c=%" PRIx64 "}",
             r.kind, r.unit, r.aux, r.pc, r.mask, r.a, r.b, r.c);
    return std::string(buf) + raw;
}

void model_trace(void *user, const wq_trace_rec_t *t)
{
    auto *v = static_cast<std::vector<Rec> *>(user);
    Rec r;
    r.kind = t->kind; r.unit = t->unit; r.aux = t->aux; r.pc = t->pc; r.mask = t->mask;
    r.a = t->a; r.b = t->b; r.c = t->c;
    if (t->kind == WQ_EV_REG_WRITE && t->vals) memcpy(r.vals, t->vals, sizeof r.vals);
    v->push_back(r);
}

struct Stats {
    uint64_t steps = 0, warp_steps = 0, dispatches = 0, traps = 0, recenters = 0, kills = 0;
    uint64_t csr = 0, records = 0, warp_cycles = 0, launches = 0, mem_reqs = 0;
    uint64_t kept = 0;                   // steps that kept the lock (o_step_more)
    std::map<unsigned, uint64_t> ops;            // retired opcodes (coverage)
    std::map<unsigned, uint64_t> kinds;          // record kinds (coverage)
    std::map<unsigned, uint64_t> trapk;          // trap codes (coverage)
    uint64_t wave_subv = 0, wave_normal = 0;     // SUBV_AUTO by the mode taken
};

struct Bench : tb::Harness<Vwq_sched> {
    Bench(uint64_t s, const char *wave) : Harness("sched_tb", s), rng(s), wrng(s ^ 0x57415645u) {
        open_wave(wave);
    }

    int run_program(const char *path);
    Stats st;

    Rng rng;
    Rng wrng;                                    // the wave decision's coin (its own
                                                 //  stream: the timing stays the seed's)
    bool wave_lie = false;                       // --wave-lie: contradict a forced mode
    const char *prog = "";
    wq_ctx_t *ctx = nullptr;
    std::map<uint32_t, uint32_t> mem;            // bench memory (word address -> value)
    std::vector<Rec> mrec, rrec;                 // model / RTL records of the current step
    std::deque<Rec> mhist, rhist;                // recent records (for the failure report)
    bool rc_valid[64] = {};                      // the last re-centre of each slot:
    uint32_t rc_pc[64] = {}, rc_ht[64] = {};     //   PC and the head / tail it left
    // memory port
    struct Resp { uint64_t at; uint32_t data[sizeof(Vwq_sched::i_mem_rdata) / 4]; };
    std::deque<Resp> resp;
    unsigned ready_pct = 70, max_lat = 4;
    // locking
    bool gnt = false;
    unsigned gnt_delay = 0;
    bool in_reset = false;

    std::string where() const override {
        return " program " + std::string(prog) + " step " + std::to_string(st.steps);
    }
    void report_context() override;
    uint32_t rd(uint32_t a) { auto it = mem.find(a & ~3u); return it == mem.end() ? 0 : it->second; }
    void tick();
    void collect_records();
    void collect_one(Rec r);
    void compare_step(unsigned kind, unsigned id, unsigned res);
    uint32_t csr(bool we, uint32_t addr, uint32_t data, bool *err = nullptr);
    void checkpoint();
    void handle_trap(unsigned slot);
    void compare_memory();
};

void Bench::report_context()
{
    printf("  last model records:\n");
    for (auto &r : mhist) printf("    %s\n", fmt_rec(r).c_str());
    printf("  last RTL records:\n");
    for (auto &r : rhist) printf("    %s\n", fmt_rec(r).c_str());
}

// one clock: evaluate, serve memory, sample records, advance
void Bench::tick()
{
    // memory: accept a request with a seeded ready, answer after a seeded latency
    // (the port is a word, or with the core one line of kLine bytes: a
    // request for the line at its base address, a write with byte strobes
    // over it)
    constexpr unsigned kLine = sizeof(Vwq_sched::i_mem_rdata);
    top->i_mem_ready = rng.chance(ready_pct);
    top->i_mem_rvalid = 0;
    // the wave decision: a forced mode, or a coin under AUTO
    unsigned wm = ctx ? ctx->wave_ctl : (unsigned)WQ_CSRVAL_WAVE_MODE_AUTO;
    bool wcoin = wrng.chance(50);
    top->i_wave_subv = wm == WQ_CSRVAL_WAVE_MODE_SUBV ? !wave_lie
                     : wm == WQ_CSRVAL_WAVE_MODE_NORMAL ? wave_lie : wcoin;
    bool rv = !resp.empty() && resp.front().at <= cycle;
    top->i_mem_rvalid = rv;
    for (unsigned i = 0; i < kLine / 4; i++)                // garbage when not valid
        tb::set_word(top->i_mem_rdata, i, rv ? resp.front().data[i] : (uint32_t)rng.next());
    top->eval();
    bool took_resp = top->i_mem_rvalid;
    // (power-on contents are random until the synchronous reset has acted)
    if (top->o_mem_valid && top->i_mem_ready && !top->i_reset && !in_reset) {
        if (!gnt) fail("memory request outside the grant");
        uint32_t a = top->o_mem_addr;
        if (a & (kLine - 1u)) fail("memory request not aligned to the port's width");
        st.mem_reqs++;
        uint64_t at = cycle + 1 + rng.below(max_lat);
        if (!resp.empty() && at < resp.back().at) at = resp.back().at;
        Resp r = {};
        r.at = at;
        if (top->o_mem_we) {
            // byte strobes over the line (a coalesced line write merges
            // the lanes' bytes; a word port's write strobes one word)
            uint64_t sb = (uint64_t)top->o_mem_wstrb;
            if (sb == 0) fail("a write that strobes no byte");
            for (unsigned w = 0; w < kLine / 4; w++) {
                uint32_t keep = 0, wa = a + 4 * w;
                if (!(sb >> (4 * w) & 0xFu)) continue;
                for (unsigned i = 0; i < 4; i++)
                    if (!(sb >> (4 * w + i) & 1u)) keep |= 0xFFu << (8 * i);
                mem[wa] = (rd(wa) & keep) | (tb::word_of(top->o_mem_wdata, w) & ~keep);
            }
        } else {
            for (unsigned w = 0; w < kLine / 4; w++) r.data[w] = rd(a + 4 * w);
        }
        resp.push_back(r);
    }
    collect_records();
    tick_rise_first();
    if (took_resp) resp.pop_front();
    top->i_csr_valid = 0;
    top->i_launch_valid = 0;
}

// a cycle's records: the core's REG_WRITE slot (o_evw_*) before o_evr_*;
// the cycle's REG_WRITE has its part and values on o_evr_part / o_evr_vals
void Bench::collect_records()
{
    if (in_reset) return;                // power-on register contents are not records
#if !defined(WQ_SCHED_UE)
    if (top->o_evw_valid) {
        Rec w;
        w.kind = WQ_EV_REG_WRITE; w.unit = top->o_evw_unit; w.aux = top->o_evw_aux;
        w.pc = top->o_evw_pc; w.mask = top->o_evw_mask;
        collect_one(w);
    }
    // the MEM_WRITE beat port: its valid slots, slot 0 first
    for (unsigned i = 0; i < sizeof(top->o_evm_a) / 4; i++)
        if ((uint64_t)top->o_evm_valid >> i & 1u) {
            Rec m;
            m.kind = WQ_EV_MEM_WRITE; m.unit = top->o_evm_unit;
            m.aux = tb::bits_of(top->o_evm_aux, 16 * i, 16); m.pc = top->o_evm_pc;
            m.mask = tb::word_of(top->o_evm_mask, i); m.a = tb::word_of(top->o_evm_a, i);
            m.b = tb::word_of(top->o_evm_b, i);
            collect_one(m);
        }
#endif
    if (!top->o_evr_valid) return;
    Rec r;
    r.kind = top->o_evr_kind; r.unit = top->o_evr_unit; r.aux = top->o_evr_aux;
    r.pc = top->o_evr_pc; r.mask = top->o_evr_mask; r.a = top->o_evr_a;
    r.b = top->o_evr_b; r.c = top->o_evr_c;
    collect_one(r);
}

void Bench::collect_one(Rec r)
{
    if (r.kind == WQ_EV_REG_WRITE) {
        unsigned part = top->o_evr_part;
        if (part >= PARTS) fail("REG_WRITE beat of part " + std::to_string(part));
        Rec *cur = nullptr;
        if (!rrec.empty() && rrec.back().kind == WQ_EV_REG_WRITE && rrec.back().parts_left)
            cur = &rrec.back();
        if (!cur) {
            uint32_t pl = 0;
            for (unsigned k = 0; k < PARTS; k++)
                if (r.mask & (uint32_t)(((1ull << LANES) - 1) << (k * LANES))) pl |= 1u << k;
            r.parts_left = pl;
            rrec.push_back(r);
            cur = &rrec.back();
        } else if (cur->aux != r.aux || cur->pc != r.pc || cur->mask != r.mask) {
            fail("REG_WRITE beats of one record disagree");
        }
        if (!(cur->parts_left & (1u << part)))
            fail("REG_WRITE beat for part " + std::to_string(part) + " not expected (or out of order)");
        if (cur->parts_left & ((1u << part) - 1)) fail("REG_WRITE beats not in ascending parts");
        cur->parts_left &= ~(1u << part);
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t v = top->o_evr_vals[l];
            unsigned lane = part * LANES + l;
            if (!(r.mask >> lane & 1) && v) fail("REG_WRITE beat: lane outside the mask not 0");
            cur->vals[lane] = v;
        }
    } else {
        if (!rrec.empty() && rrec.back().parts_left) fail("record inside a REG_WRITE's beats");
        rrec.push_back(r);
    }
}

void Bench::compare_step(unsigned kind, unsigned id, unsigned res)
{
    mrec.clear();
    int mres;
    if (kind == WQ_STEPK_WARP && tb_wave_follow(ctx, id, rrec))
        fail("the model rejects the wave decision of the SUBV_AUTO (WAVE_CTL forces the "
             "other mode, or no sub-vector mode)");
    if (kind == WQ_STEPK_WARP) mres = wq_step_warp(ctx, id);
    else if (kind == WQ_STEPK_DISPATCH) mres = wq_step_dispatch(ctx);
    else fail("step kind " + std::to_string(kind));
    st.steps++;
    for (auto &r : mrec) { mhist.push_back(r); if (mhist.size() > 16) mhist.pop_front(); }
    for (auto &r : rrec) { rhist.push_back(r); if (rhist.size() > 16) rhist.pop_front(); }
    if ((unsigned)mres != res) {
        char b[128];
        snprintf(b, sizeof b, "step kind %u id %u: result expected %d, RTL %u", kind, id, mres, res);
        fail(b);
    }
    if (!rrec.empty() && rrec.back().parts_left) fail("REG_WRITE beats missing at step end");
    size_t n = std::max(mrec.size(), rrec.size());
    for (size_t i = 0; i < n; i++) {
        if (i >= mrec.size()) fail("extra RTL record " + std::to_string(i) + ": " + fmt_rec(rrec[i]));
        if (i >= rrec.size()) fail("missing RTL record " + std::to_string(i) + ": " + fmt_rec(mrec[i]));
        const Rec &m = mrec[i], &r = rrec[i];
        const char *field = nullptr;
        if (m.kind != r.kind) field = "kind";
        else if (m.unit != r.unit) field = "unit";
        else if (m.aux != r.aux) field = "aux";
        else if (m.pc != r.pc) field = "pc";
        else if (m.mask != r.mask) field = "mask";
        else if (m.a != r.a) field = "a";
        else if (m.b != r.b) field = "b";
        else if (m.c != r.c) field = "c";
        else if (m.kind == WQ_EV_REG_WRITE && memcmp(m.vals, r.vals, sizeof m.vals)) field = "vals";
        if (field)
            fail("record " + std::to_string(i) + " field " + field + "\n  expected " +
                 fmt_rec(m) + "\n  actual   " + fmt_rec(r));
        st.kinds[m.kind]++;
        if (m.kind == WQ_EV_RETIRE) st.ops[m.aux]++;
        if (m.kind == WQ_EV_TRAP) st.trapk[m.a]++;
    }
    st.records += mrec.size();
    if (verbose)
        for (auto &r : rrec) printf("  %s\n", fmt_rec(r).c_str());
    rrec.clear();
}

// one CSR access through the sub-port, mirrored on the model and compared
uint32_t Bench::csr(bool we, uint32_t addr, uint32_t data, bool *err_out)
{
    // the top's own grant: the scheduler is idle (it does not hold the lock)
    top->i_csr_valid = 1;
    top->i_csr_we = we;
    top->i_csr_addr = addr;
    top->i_csr_wdata = data;
    mrec.clear();
    uint32_t mval = 0;
    int merr = we ? wq_csr_write(ctx, addr, data) : wq_csr_read(ctx, addr, &mval);
    unsigned n = 0;
    while (true) {
        top->eval();
        bool ack = top->o_csr_ack;
        uint32_t rdata = top->o_csr_rdata;
        bool err = top->o_csr_err;
        tick();
        if (ack) {
            st.csr++;
            for (auto &r : mrec) { mhist.push_back(r); if (mhist.size() > 16) mhist.pop_front(); }
            for (auto &r : rrec) { rhist.push_back(r); if (rhist.size() > 16) rhist.pop_front(); }
            char b[200];
            if (err != (merr != 0)) {
                snprintf(b, sizeof b, "CSR %s 0x%03x: error expected %d, RTL %d", we ? "write" : "read", addr, merr, err);
                fail(b);
            }
            if (!we && !err && rdata != mval) {
                snprintf(b, sizeof b, "CSR read 0x%03x: expected 0x%08x, RTL 0x%08x", addr, mval, rdata);
                fail(b);
            }
            if (mrec.size() != rrec.size()) fail("CSR access records differ in number");
            for (size_t i = 0; i < mrec.size(); i++)
                if (mrec[i].kind != rrec[i].kind || mrec[i].unit != rrec[i].unit ||
                    mrec[i].a != rrec[i].a || mrec[i].b != rrec[i].b)
                    fail("CSR record " + std::to_string(i) + "\n  expected " + fmt_rec(mrec[i]) +
                         "\n  actual   " + fmt_rec(rrec[i]));
            st.records += mrec.size();
            rrec.clear();
            if (err_out) *err_out = err;
            return rdata;
        }
        if (++n > 10000) fail("CSR access never acknowledged");
    }
}

// the debug window over every slot: PC, mask, state, head/tail, entries
void Bench::checkpoint()
{
    for (unsigned w = 0; w < WARPS + 1; w++) {                // one slot past the end too
        csr(true, WQ_CSR_DBG_WARP, w);
        csr(false, WQ_CSR_DBG_PC, 0);
        csr(false, WQ_CSR_DBG_ACTIVE, 0);
        csr(false, WQ_CSR_DBG_STATE, 0);
        uint32_t ht = csr(false, WQ_CSR_DBG_HEADTAIL, 0);
        if (w >= WARPS || ctx->warp[w].state == WQ_WS_FREE) continue;
        uint32_t head = ht & 0xFFFF, tail = ht >> 16;
        for (uint32_t i = tail; i < head; i++) {
            csr(true, WQ_CSR_DBG_INDEX, i);
            csr(true, WQ_CSR_DBG_CMD, WQ_DBGCMD_READ_ENTRY);
            csr(false, WQ_CSR_DBG_LO, 0);
            csr(false, WQ_CSR_DBG_HI, 0);
        }
    }
    csr(false, WQ_CSR_TRAP_WARP, 0);
    csr(false, WQ_CSR_TRAP_CODE, 0);
    csr(false, WQ_CSR_TRAP_PC, 0);
    csr(false, WQ_CSR_PERF_INSTR, 0);
}

// the driver: re-centre a bound trap through the debug window and resume;
// kill a fatal one (after reading the trap registers)
void Bench::handle_trap(unsigned slot)
{
    st.traps++;
    csr(false, WQ_CSR_TRAP_WARP, 0);
    uint32_t code = csr(false, WQ_CSR_TRAP_CODE, 0);
    csr(false, WQ_CSR_TRAP_PC, 0);
    csr(true, WQ_CSR_DBG_WARP, slot);
    if (!wq_trap_recoverable(code)) {
        st.kills++;
        csr(true, WQ_CSR_DBG_CMD, WQ_DBGCMD_RESUME);          // refused: fatal
        csr(true, WQ_CSR_DBG_CMD, WQ_DBGCMD_KILL);
        csr(false, WQ_CSR_DBG_STATE, 0);
        return;
    }
    st.recenters++;
    csr(true, WQ_CSR_DBG_CMD, WQ_DBGCMD_KILL);                // refused: recoverable
    // what the model's driver function does, on a copy
    wq_deque_t want = ctx->warp[slot].dq;
    std::vector<wq_token_t> img(ctx->dqram + ((size_t)slot << DQ_LOG2),
                                ctx->dqram + ((size_t)slot << DQ_LOG2) + want.depth);
    want.e = img.data();
    int front = code == WQ_TRAP_DEQUE_FRONT_BOUND;
    uint32_t count = want.head - want.tail;
    uint32_t ht = csr(false, WQ_CSR_DBG_HEADTAIL, 0);
    uint32_t head = ht & 0xFFFF, tail = ht >> 16;
    // one more push is the usual need; a warp back at the same instruction
    // with the head and tail left by the last re-centre needs more: every
    // free entry goes to the trapped side (drv_irq.c's rule)
    uint32_t pc = csr(false, WQ_CSR_DBG_PC, 0);
    uint32_t nroom = 1;
    if (rc_valid[slot] && rc_pc[slot] == pc && rc_ht[slot] == ht) nroom = want.depth - count;
    if (wq_deque_recenter(&want, front, nroom)) fail("recenter impossible");
    rc_valid[slot] = true;
    rc_pc[slot] = pc;
    rc_ht[slot] = want.head | want.tail << 16;
    // the same moves through READ_ENTRY / WRITE_ENTRY / SET_HEADTAIL
    std::vector<uint64_t> live;
    for (uint32_t i = tail; i < head; i++) {
        csr(true, WQ_CSR_DBG_INDEX, i);
        csr(true, WQ_CSR_DBG_CMD, WQ_DBGCMD_READ_ENTRY);
        uint64_t lo = csr(false, WQ_CSR_DBG_LO, 0), hi = csr(false, WQ_CSR_DBG_HI, 0);
        live.push_back(hi << 32 | lo);
    }
    if (live.size() != count) fail("re-centre: live entry count");
    for (uint32_t i = 0; i < count; i++) {
        csr(true, WQ_CSR_DBG_INDEX, want.tail + i);
        csr(true, WQ_CSR_DBG_LO, (uint32_t)live[i]);
        csr(true, WQ_CSR_DBG_HI, (uint32_t)(live[i] >> 32));
        csr(true, WQ_CSR_DBG_CMD, WQ_DBGCMD_WRITE_ENTRY);
    }
    csr(true, WQ_CSR_DBG_HEADTAIL, 0xFFFF0000u | 0xFFFFu);   // rejected: tail > head
    csr(true, WQ_CSR_DBG_CMD, WQ_DBGCMD_SET_HEADTAIL);
    csr(true, WQ_CSR_DBG_HEADTAIL, want.head | want.tail << 16);
    csr(true, WQ_CSR_DBG_CMD, WQ_DBGCMD_SET_HEADTAIL);
    const wq_deque_t &got = ctx->warp[slot].dq;
    if (got.head != want.head || got.tail != want.tail) fail("re-centre: head/tail differ from wq_deque_recenter");
    for (uint32_t i = want.tail; i < want.head; i++)
        if (got.e[i] != want.e[i]) fail("re-centre: entry differs from wq_deque_recenter");
    csr(true, WQ_CSR_DBG_CMD, WQ_DBGCMD_RESUME);
    csr(false, WQ_CSR_DBG_STATE, 0);
}

struct PageCtx { std::map<uint32_t, uint32_t> *mem; const char **bad; uint32_t *badaddr; };

void Bench::compare_memory()
{
    // every word either side has touched
    std::map<uint32_t, uint32_t> model;
    PageCtx pc{&model, nullptr, nullptr};
    wq_mem_pages(ctx->mem, [](void *u, uint32_t base, const uint8_t *page) {
        auto *m = static_cast<PageCtx *>(u)->mem;
        for (uint32_t o = 0; o < WQ_PAGE_SIZE; o += 4) {
            uint32_t v;
            memcpy(&v, page + o, 4);
            if (v) (*m)[base + o] = v;
        }
    }, &pc);
    for (auto &kv : mem)
        if (wq_mem_read32(ctx->mem, kv.first) != kv.second) {
            char b[128];
            snprintf(b, sizeof b, "memory [0x%08x]: model 0x%08x, RTL side 0x%08x", kv.first,
                     wq_mem_read32(ctx->mem, kv.first), kv.second);
            fail(b);
        }
    for (auto &kv : model)
        if (rd(kv.first) != kv.second) {
            char b[128];
            snprintf(b, sizeof b, "memory [0x%08x]: model 0x%08x, RTL side 0x%08x", kv.first,
                     kv.second, rd(kv.first));
            fail(b);
        }
}

int Bench::run_program(const char *path)
{
    prog = path;
    wq_program_t p;
    char err[512];
    if (wq_asm_file(path, &p, err, sizeof err)) { fprintf(stderr, "%s\n", err); exit(2); }
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.warps = WARPS; cfg.lanes = LANES; cfg.deque_log2 = DQ_LOG2; cfg.regs = REGS;
    cfg.fp = FP;
    cfg.watchdog = 0;                                      // model-only (spec §4.11)
    ctx = wq_new(&cfg);
    if (!ctx) { fprintf(stderr, "bad config\n"); exit(2); }
    wq_set_trace(ctx, model_trace, &mrec);
    if (p.has_wave) {                  // the program's wave CSRs (.wave_ctl)
        wq_csr_write(ctx, WQ_CSR_WAVE_CTL, p.wave_ctl);
        wq_csr_write(ctx, WQ_CSR_WAVE_WINDOW, p.wave_window);
        wq_csr_write(ctx, WQ_CSR_WAVE_THRESH, p.wave_thresh);
    }
    mem.clear();
    resp.clear();
    wq_program_load(&p, ctx->mem);
    for (unsigned i = 0; i < p.nsegs; i++)
        for (uint32_t o = 0; o + 3 < p.segs[i].len; o += 4) {
            uint32_t v;
            memcpy(&v, p.segs[i].bytes + o, 4);
            mem[p.segs[i].addr + o] = v;
        }
    // descriptors in the system area, in both memories
    std::vector<uint32_t> pending;
    for (unsigned i = 0; i < p.nlaunch; i++) {
        uint32_t d = DESC_BASE + 64u * i;
        for (unsigned k = 0; k < WQ_LD_WORDS; k++) {
            wq_mem_write32(ctx->mem, d + 4 * k, p.launch[i].w[k]);
            mem[d + 4 * k] = p.launch[i].w[k];
        }
        pending.push_back(d);
    }
    // per-program timing personality
    ready_pct = 30 + rng.below(71);
    max_lat = 1 + rng.below(6);
    unsigned gnt_max = rng.below(4), ckpt_pct = 1 + rng.below(4), launch_pct = 20 + rng.below(80);
    unsigned wait_pct = rng.below(4) == 0 ? 0 : rng.below(30);

    // reset: hold, then wait for the deque's clearing sweep
    top->i_reset = 1;
    in_reset = true;
    top->i_ev_gnt = 0;
    top->i_csr_valid = 0;
    top->i_launch_valid = 0;
    gnt = false;
    for (int i = 0; i < 4; i++) tick();
    top->i_reset = 0;
    for (int i = 0; i < (int)(WARPS << DQ_LOG2) + 8; i++) tick();
    rrec.clear();                        // power-on register contents are not records
    resp.clear();
    in_reset = false;

    uint64_t start = cycle, wstart = 0, limit = cycle + 20000000ull;
    // a hang: no step for this many cycles (a step is an instruction's
    // commit or a CTA's start; the longest legitimate gap, a division or a
    // memory wait under the slowest seeded latencies, is thousands)
    const uint64_t stall = 1000000ull;
    uint64_t last_step = cycle;
    size_t next = 0;
    bool fatal = false;
    while (true) {
        if (cycle > limit) fail("program did not finish (cycle limit)");
        if (cycle - last_step > stall) {
            char m[64];
            snprintf(m, sizeof m, "no step for %llu cycles (a hang)", (unsigned long long)stall);
            fail(m);
        }
        top->eval();
        if (!gnt) {
            // the top's arbitration: host launch, a CSR checkpoint, or the scheduler
            if (next < pending.size() && top->o_can_launch && rng.chance(launch_pct)) {
                uint32_t d = pending[next], cherr = 0;
                if (!wq_sched_can_launch(ctx)) fail("o_can_launch while the model has a grid");
                int rc = wq_sched_launch(ctx, d, &cherr);
                if (rc != 0) fail("model refused a descriptor the program gives");
                const uint32_t *w = ctx->grid.w;
                top->i_launch_valid = 1;
                top->i_launch_addr = d;
                for (unsigned k = 0; k < WQ_LD_WORDS; k++) top->i_launch_desc[k] = w[k];
                top->i_launch_ncta = ctx->grid.ncta;
                top->i_launch_cta_threads = ctx->grid.cta_threads;
                st.launches++;
                next++;
                tick();
                continue;
            }
            if (rng.below(1000) < ckpt_pct) { checkpoint(); continue; }
            if (top->o_ev_req) {
                if (gnt_delay < gnt_max) { gnt_delay++; tick(); continue; }
                gnt_delay = 0;
                gnt = true;
                wstart = cycle;
            }
        }
        top->i_ev_gnt = gnt;
        // another unit waits for the lock (wq_top: the host or a CSR
        // access): seeded, so bursts end at random points
        top->i_ev_wait = rng.chance(wait_pct);
        top->eval();
        bool sv = top->o_step_valid, more = top->o_step_more;
        unsigned kind = top->o_step_kind, id = top->o_step_id, res = top->o_step_res;
        tick();
        if (sv) {
            last_step = cycle;
            if (!gnt) fail("o_step_valid without the grant");
            // a burst keeps the grant for the next step (docs/rtl/commit.md)
            gnt = more;
            top->i_ev_gnt = gnt;
            if (more) st.kept++;
            if (kind == WQ_STEPK_WARP) { st.warp_steps++; st.warp_cycles += cycle - wstart; }
            else st.dispatches++;
            wstart = cycle;
            compare_step(kind, id, res);
            if (res == WQ_STEP_TRAP) {
                unsigned code = ctx->warp[id].trap;
                if (!wq_trap_recoverable(code)) fatal = true;
                handle_trap(id);
            }
            if (top->o_engine_idle != (unsigned)wq_engine_idle(ctx)) fail("o_engine_idle differs");
            if (top->o_can_launch != (unsigned)wq_sched_can_launch(ctx)) fail("o_can_launch differs");
        }
        if (!gnt && next >= pending.size() && top->o_engine_idle && !top->o_ev_req) break;
    }
    if (!wq_engine_idle(ctx)) fail("RTL idle, model not");
    checkpoint();
    compare_memory();
    if (!fatal)
        for (unsigned i = 0; i < p.nexpects; i++) {
            uint32_t v, want;
            if (wq_expect_eval(&p.expects[i], wq_mem_read32_fn, ctx->mem, &v, &want) != 1) {
                char d[160], b[200];
                wq_expect_describe(&p.expects[i], v, want, d, sizeof d);
                snprintf(b, sizeof b, ".expect line %d: %s", p.expects[i].line, d);
                fail(b);
            }
        }
    printf("program %s: ok, %" PRIu64 " cycles, %" PRIu64 " warp instructions\n", path,
           cycle - start, (uint64_t)ctx->st.warp_instrs);
    st.wave_subv += ctx->st.wave_subv;
    st.wave_normal += ctx->st.wave_normal;
    wq_free(ctx);
    ctx = nullptr;
    wq_program_free(&p);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    std::vector<const char *> progs;
    bool wave_lie = false;
    tb::Args args;
    args.parse(argc, argv, {}, "PROGRAM.wqs...",
               [&](const std::string &a, int &i, int, char **v) {
                   if (a[0] == '+') return true;              // verilator plusargs
                   if (a == "--wave-lie") { wave_lie = true; return true; }
                   if (a[0] == '-') return false;
                   progs.push_back(v[i]);
                   return true;
               });
    Bench b(args.seed, args.wave);
    b.verbose = args.verbose;
    b.rerun = args.rerun;
    b.wave_lie = wave_lie;
    for (auto p : progs) b.run_program(p);
    const Stats &s = b.st;
    printf("sched_steps: %" PRIu64 "\n", s.steps);
    printf("sched_warp_steps: %" PRIu64 "\n", s.warp_steps);
    printf("sched_steps_kept_lock: %" PRIu64 "\n", s.kept);
    printf("sched_dispatches: %" PRIu64 "\n", s.dispatches);
    printf("sched_records: %" PRIu64 "\n", s.records);
    printf("sched_csr: %" PRIu64 "\n", s.csr);
    printf("sched_traps: %" PRIu64 " (recentred %" PRIu64 ", killed %" PRIu64 ")\n", s.traps,
           s.recenters, s.kills);
    printf("sched_wave: %" PRIu64 " sub-vector, %" PRIu64 " normal\n", s.wave_subv,
           s.wave_normal);
    printf("sched_cycles_per_warp_instr: %.2f\n",
           s.warp_steps ? (double)s.warp_cycles / (double)s.warp_steps : 0.0);
    std::string ops, kinds, traps;
    for (auto &kv : s.ops) ops += " " + std::string(wq_opinfo(kv.first)->name ? wq_opinfo(kv.first)->name : "?");
    for (auto &kv : s.kinds) kinds += " " + std::string(wq_event_name(kv.first));
    for (auto &kv : s.trapk) traps += " " + std::string(wq_trap_name((unsigned)kv.first));
    printf("sched_cov_ops:%s\n", ops.c_str());
    printf("sched_cov_records:%s\n", kinds.c_str());
    printf("sched_cov_traps:%s\n", traps.c_str());
    // a failing program exits through fail(); here every check held
    return b.finish("sched", 0);
}
