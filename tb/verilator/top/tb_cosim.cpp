// tb_cosim.cpp -- lockstep co-simulation of rtl/wq_top.v against the C
// golden model (DESIGN §8, docs/verification.md).
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
// usage: tb_cosim FILE.wqs [--seed N] [--wave F.fst] [--max-cycles N]
//                 [--lat MIN,MAX] [--ready PCT] [--history N] [-v]
//                 [--rtl-only CYCLES] [--fcov FILE] [--cov FILE]
//
// --fcov FILE writes the functional coverage counters (fcov.h) of a passing
// run; --cov FILE the Verilator coverage data (a --coverage build only).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>
#include <chrono>

extern "C" {
#include "wq/model.h"
#include "wq/asm.h"
#include "wq/loader.h"
}

#include "Vwq_top.h"
#include "Vwq_top___024root.h"
#include "fcov.h"
#include "tb_rng.h"
#include "verilated.h"
#include "verilated_fst_c.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

#ifndef WQ_TB_LANES
#error "build with -DWQ_TB_LANES=... (and CHANNELS/WARPS/DQ_LOG2/REGS) matching the RTL parameters"
#endif

namespace {

// ---- one event record, both sides --------------------------------------------
struct Rec {
    unsigned kind = 0, unit = 0, aux = 0;
    uint32_t pc = 0, mask = 0, a = 0;
    uint64_t b = 0, c = 0;
    bool has_vals = false;
    uint32_t vals[WQ_WARP_SIZE] = {0};
    uint32_t parts_seen = 0;     // RTL REG_WRITE: parts joined so far
};

std::string rec_str(const Rec &r)
{
    wq_trace_rec_t t;
    memset(&t, 0, sizeof t);
    t.kind = (uint8_t)r.kind; t.unit = (uint8_t)r.unit; t.aux = (uint16_t)r.aux;
    t.pc = r.pc; t.mask = r.mask; t.a = r.a; t.b = r.b; t.c = r.c;
    t.vals = r.has_vals ? r.vals : nullptr;
    char buf[512];
    wq_trace_format(&t, buf, sizeof buf);
    return buf;
}

const char *step_kind_name(unsigned k)
{
    switch (k) {
    case WQ_STEPK_WARP: return "WARP";
    case WQ_STEPK_CHAN: return "CHAN";
    case WQ_STEPK_DISPATCH: return "DISPATCH";
    default: return "CSR";
    }
}

const char *step_res_name(unsigned r)
{
    switch (r) {
    case WQ_STEP_DONE: return "DONE";
    case WQ_STEP_IDLE: return "IDLE";
    case WQ_STEP_WAIT: return "WAIT";
    case WQ_STEP_TRAP: return "TRAP";
    case WQ_STEP_ERROR: return "ERROR";
    default: return "?";
    }
}

// ---- memory behind the RTL's port ------------------------------------------------
struct MemServer {
    wq_mem_t *mem;
    Rng rng;
    unsigned lat_min, lat_max, ready_pct;
    struct Resp { uint64_t due; uint32_t data; };
    std::deque<Resp> q;
    uint64_t last_due = 0, reads = 0, writes = 0;

    MemServer(wq_mem_t *m, uint64_t seed, unsigned lmin, unsigned lmax, unsigned rp)
        : mem(m), rng(seed ^ 0x6D656D), lat_min(lmin), lat_max(lmax), ready_pct(rp) {}

    void drive(Vwq_top *top, uint64_t cyc) {
        top->i_mem_ready = rng.chance(ready_pct);
        if (!q.empty() && q.front().due <= cyc) {
            top->i_mem_rvalid = 1;
            top->i_mem_rdata = q.front().data;
        } else {
            top->i_mem_rvalid = 0;
            top->i_mem_rdata = (uint32_t)rng.next();   // garbage when not valid
        }
    }
    // before the clock edge: what the edge will do
    void sample(Vwq_top *top, uint64_t cyc) {
        if (top->i_mem_rvalid) q.pop_front();
        if (top->o_mem_valid && top->i_mem_ready) {
            uint32_t a = top->o_mem_addr, d = 0;
            if (top->o_mem_we) {
                wq_mem_write_strobe(mem, a, top->o_mem_wdata, top->o_mem_wstrb);
                writes++;
            } else {
                d = wq_mem_read32(mem, a);
                reads++;
            }
            uint64_t due = cyc + lat_min + rng.below(lat_max - lat_min + 1);
            if (due <= last_due) due = last_due + (lat_min == 0 ? 0 : 1);
            if (due <= cyc) due = cyc + 1;
            last_due = due;
            q.push_back({due, d});
        }
    }
};

// ---- the model side's records ------------------------------------------------------
struct ModelSink {
    std::vector<Rec> recs;
    Fcov *fcov = nullptr;      // --fcov: counts every record
};

extern "C" void model_trace(void *user, const wq_trace_rec_t *t)
{
    ModelSink *s = static_cast<ModelSink *>(user);
    Rec r;
    r.kind = t->kind; r.unit = t->unit; r.aux = t->aux; r.pc = t->pc;
    r.mask = t->mask; r.a = t->a; r.b = t->b; r.c = t->c;
    if (t->vals) {
        r.has_vals = true;
        memcpy(r.vals, t->vals, sizeof r.vals);
    }
    s->recs.push_back(r);
    if (s->fcov) s->fcov->record(*t);
}

struct CsrOp { uint32_t off, val; bool we; const char *why; };

// ---- the harness ---------------------------------------------------------------------
struct Cosim {
    uint64_t seed;
    bool rtl_only = false;
    bool verbose = false;      // -v: every record and step as it happens
    uint64_t max_cycles = 20000000, rtl_only_cycles = 0;
    unsigned history = 16;
    std::unique_ptr<VerilatedContext> vctx;
    std::unique_ptr<Vwq_top> top;
    std::unique_ptr<VerilatedFstC> fst;
    wq_ctx_t *ctx = nullptr;
    wq_mem_t *rtl_mem = nullptr;
    std::unique_ptr<MemServer> ms;
    ModelSink sink;
    std::vector<Rec> rtl_recs;
    std::deque<Rec> rtl_hist, model_hist;
    std::deque<CsrOp> csr_q;
    bool csr_active = false;
    uint32_t csr_expect = 0;
    int csr_expect_rc = 0;
    bool csr_stepped = false;
    uint64_t cyc = 0, steps = 0, records = 0, mismatches = 0;
    uint64_t steps_by_kind[4] = {0};
    uint64_t quiet_cycles = 0;
    uint64_t host_grant_cycle = 0;
    bool host_granted = false;
    int fatal_trap = -1;
    unsigned fatal_warp = 0;
    uint32_t last_trap_pc[WQ_MAX_WARPS];
    uint64_t last_trap_retired[WQ_MAX_WARPS];
    std::string prog;
    std::unique_ptr<Fcov> fcov;

    explicit Cosim(uint64_t s) : seed(s) {
        memset(last_trap_pc, 0xFF, sizeof last_trap_pc);
        memset(last_trap_retired, 0, sizeof last_trap_retired);
    }

    // ---- reporting -----------------------------------------------------------------
    void remember(std::deque<Rec> &h, const Rec &r) {
        h.push_back(r);
        while (h.size() > history) h.pop_front();
    }
    [[noreturn]] void fail(const char *what, const std::string &detail) {
        mismatches++;
        printf("\nMISMATCH at cycle %" PRIu64 " (seed %" PRIu64 ", program %s, step %" PRIu64 ")\n",
               cyc, seed, prog.c_str(), steps);
        printf("  %s\n  %s\n", what, detail.c_str());
        printf("\n  last records, model (expected):\n");
        for (const Rec &r : model_hist) printf("    %s\n", rec_str(r).c_str());
        printf("  last records, RTL (actual):\n");
        for (const Rec &r : rtl_hist) printf("    %s\n", rec_str(r).c_str());
        printf("\n  rerun: tb_cosim %s --seed %" PRIu64 " --wave cosim.fst\n", prog.c_str(), seed);
        printf("mismatches: %" PRIu64 "\n", mismatches);
        finish_wave();
        exit(1);
    }
    void finish_wave() {
        if (fst) { fst->close(); fst.reset(); }
    }

    // ---- model-side replay of one RTL step ----------------------------------------
    int replay(unsigned kind, unsigned id) {
        switch (kind) {
        case WQ_STEPK_WARP:     return wq_step_warp(ctx, id);
        case WQ_STEPK_DISPATCH: return wq_step_dispatch(ctx);
        case WQ_STEPK_CHAN: {
            // one grant of the host interface is one wq_host_tick: the
            // scheduler's choice (a switch on entry emits CHAN_SWITCH), the
            // acquire-retry gate with ticks = the cycle the grant began
            // (the RTL counts cycles), then the step and the leave decision
            ctx->st.ticks = host_grant_cycle;
            int c = wq_host_pick(ctx);
            unsigned eid = c < 0 ? ctx->cur_ch : (unsigned)c;
            int r = c < 0 ? WQ_STEP_IDLE
                  : !wq_host_due(ctx, (unsigned)c) ? WQ_STEP_WAIT
                  : wq_host_serve(ctx, (unsigned)c);
            if (eid != id) {
                char b[120];
                snprintf(b, sizeof b, "host scheduler: expected channel %u actual %u", eid, id);
                fail("step CHAN", b);
            }
            return r;
        }
        default: {
            if (!csr_active) fail("CSR step without a CSR access", "");
            const CsrOp &op = csr_q.front();
            uint32_t v = 0;
            int rc = op.we ? wq_csr_write(ctx, op.off, op.val) : wq_csr_read(ctx, op.off, &v);
            csr_expect = op.we ? 0 : v;
            csr_expect_rc = rc;
            csr_stepped = true;
            return rc < 0 ? WQ_STEP_ERROR : WQ_STEP_DONE;
        }
        }
    }

    static bool same(const Rec &m, const Rec &r, std::string &why) {
        char b[256];
#define CMPF(f, fmt)                                                               \
        if (m.f != r.f) {                                                          \
            snprintf(b, sizeof b, "field " #f ": expected " fmt " actual " fmt,    \
                     m.f, r.f);                                                    \
            why = b;                                                               \
            return false;                                                          \
        }
        CMPF(kind, "%u") CMPF(unit, "%u") CMPF(aux, "%u") CMPF(pc, "0x%x")
        CMPF(mask, "0x%08x") CMPF(a, "0x%x") CMPF(b, "0x%016" PRIx64) CMPF(c, "0x%016" PRIx64)
#undef CMPF
        if (m.kind == WQ_EV_REG_WRITE) {
            for (unsigned l = 0; l < WQ_WARP_SIZE; l++) {
                uint32_t mv = m.has_vals ? m.vals[l] : 0, rv = r.vals[l];
                if (mv != rv) {
                    snprintf(b, sizeof b, "REG_WRITE r%u lane %u: expected 0x%08x actual 0x%08x",
                             m.aux, l, mv, rv);
                    why = b;
                    return false;
                }
            }
        }
        return true;
    }

    void on_step(unsigned kind, unsigned id, unsigned res) {
        if (verbose)
            printf("%8" PRIu64 " step %s %u %s (%zu records)\n", cyc, step_kind_name(kind), id,
                   step_res_name(res), rtl_recs.size());
        steps++;
        steps_by_kind[kind & 3]++;
        sink.recs.clear();
        int mres = replay(kind, id);
        char hdr[200];
        snprintf(hdr, sizeof hdr, "step %s %u", step_kind_name(kind), id);
        size_t n = std::max(sink.recs.size(), rtl_recs.size());
        for (size_t i = 0; i < n; i++) {
            if (i < sink.recs.size()) remember(model_hist, sink.recs[i]);
            if (i < rtl_recs.size()) remember(rtl_hist, rtl_recs[i]);
            if (i >= sink.recs.size())
                fail(hdr, "RTL emitted an extra record: " + rec_str(rtl_recs[i]));
            if (i >= rtl_recs.size())
                fail(hdr, "RTL is missing a record: " + rec_str(sink.recs[i]));
            std::string why;
            if (!same(sink.recs[i], rtl_recs[i], why))
                fail(hdr, why + "\n  expected: " + rec_str(sink.recs[i]) +
                               "\n  actual:   " + rec_str(rtl_recs[i]));
            records++;
        }
        if ((int)res != mres) {
            char b[160];
            snprintf(b, sizeof b, "step result: expected %s actual %s",
                     step_res_name((unsigned)mres), step_res_name(res));
            fail(hdr, b);
        }
        rtl_recs.clear();
        if (fcov) fcov->step(kind, id, res);
        if (kind == WQ_STEPK_WARP && res == WQ_STEP_TRAP) on_trap(id);
    }

    // the driver's answer to a trap: re-centre + resume a deque bound trap
    // through the debug window (the plan computed as wq_deque_recenter
    // does, from the state both sides share), stop on a fatal one
    void on_trap(unsigned w) {
        const wq_warp_t *wp = &ctx->warp[w];
        if (!wq_trap_recoverable(wp->trap)) {
            fatal_trap = (int)wp->trap;
            fatal_warp = w;
            return;
        }
        int front = wp->trap == WQ_TRAP_DEQUE_FRONT_BOUND;
        uint32_t n = 1;
        if (last_trap_pc[w] == wp->pc && last_trap_retired[w] == wp->retired)
            n = wp->dq.depth - wq_deque_count(&wp->dq);
        last_trap_pc[w] = wp->pc;
        last_trap_retired[w] = wp->retired;
        wq_deque_t plan = wp->dq;
        std::vector<wq_token_t> copy(wp->dq.e, wp->dq.e + wp->dq.depth);
        plan.e = copy.data();
        uint32_t count = wq_deque_count(&plan);
        uint32_t old_tail = plan.tail;
        if (wq_deque_recenter(&plan, front, n)) {      // cannot help: leave it trapped
            fatal_trap = (int)wp->trap;
            fatal_warp = w;
            return;
        }
        auto csr = [&](uint32_t off, uint32_t val, bool we, const char *why) {
            csr_q.push_back({off, val, we, why});
        };
        csr(WQ_CSR_DBG_WARP, w, true, "recenter");
        // move entries in the order that never overwrites a live one
        auto move = [&](uint32_t i) {
            csr(WQ_CSR_DBG_INDEX, old_tail + i, true, "recenter");
            csr(WQ_CSR_DBG_CMD, WQ_DBGCMD_READ_ENTRY, true, "recenter");
            csr(WQ_CSR_DBG_LO, 0, false, "recenter");
            csr(WQ_CSR_DBG_HI, 0, false, "recenter");
            csr(WQ_CSR_DBG_INDEX, plan.tail + i, true, "recenter");
            wq_token_t t = wp->dq.e[old_tail + i];
            csr(WQ_CSR_DBG_LO, (uint32_t)t, true, "recenter");
            csr(WQ_CSR_DBG_HI, (uint32_t)(t >> 32), true, "recenter");
            csr(WQ_CSR_DBG_CMD, WQ_DBGCMD_WRITE_ENTRY, true, "recenter");
        };
        if (plan.tail < old_tail)
            for (uint32_t i = 0; i < count; i++) move(i);
        else if (plan.tail > old_tail)
            for (uint32_t i = count; i > 0; i--) move(i - 1);
        uint32_t ht = (uint32_t)(((uint64_t)plan.head << WQ_CSRF_DBG_HEADTAIL_HEAD_LO) &
                                 WQ_FMASK(WQ_CSRF_DBG_HEADTAIL_HEAD_HI, WQ_CSRF_DBG_HEADTAIL_HEAD_LO)) |
                      (uint32_t)(((uint64_t)plan.tail << WQ_CSRF_DBG_HEADTAIL_TAIL_LO) &
                                 WQ_FMASK(WQ_CSRF_DBG_HEADTAIL_TAIL_HI, WQ_CSRF_DBG_HEADTAIL_TAIL_LO));
        csr(WQ_CSR_DBG_HEADTAIL, ht, true, "recenter");
        csr(WQ_CSR_DBG_CMD, WQ_DBGCMD_SET_HEADTAIL, true, "recenter");
        csr(WQ_CSR_DBG_HEADTAIL, 0, false, "recenter");
        csr(WQ_CSR_DBG_CMD, WQ_DBGCMD_RESUME, true, "recenter");
        csr(WQ_CSR_DBG_STATE, 0, false, "recenter");
    }

    // ---- one clock cycle ------------------------------------------------------------
    void drive_csr() {
        if (!csr_active && !csr_q.empty()) { csr_active = true; csr_stepped = false; }
        top->i_csr_valid = csr_active;
        if (csr_active) {
            const CsrOp &op = csr_q.front();
            top->i_csr_we = op.we;
            top->i_csr_addr = op.off;
            top->i_csr_wdata = op.val;
        } else {
            top->i_csr_we = 0;
            top->i_csr_addr = 0;
            top->i_csr_wdata = 0;
        }
    }

    void collect_record() {
        if (!top->o_evr_valid) return;
        unsigned kind = top->o_evr_kind;
        unsigned part = top->o_evr_part;
        if (kind == WQ_EV_REG_WRITE && !rtl_recs.empty()) {
            Rec &p = rtl_recs.back();
            if (p.kind == WQ_EV_REG_WRITE && p.aux == top->o_evr_aux && p.pc == top->o_evr_pc &&
                p.mask == top->o_evr_mask && !(p.parts_seen >> part & 1) &&
                part > 31 - (unsigned)__builtin_clz(p.parts_seen)) {
                add_vals(p, part);
                return;
            }
        }
        if (verbose)
            printf("%8" PRIu64 " rec  kind=%u unit=%u aux=%u pc=0x%x mask=0x%08x a=0x%x part=%u lock=%u\n",
                   cyc, kind, (unsigned)top->o_evr_unit, (unsigned)top->o_evr_aux,
                   (unsigned)top->o_evr_pc, (unsigned)top->o_evr_mask, (unsigned)top->o_evr_a,
                   part, (unsigned)top->o_lock);
        Rec r;
        r.kind = kind; r.unit = top->o_evr_unit; r.aux = top->o_evr_aux;
        r.pc = top->o_evr_pc; r.mask = top->o_evr_mask; r.a = top->o_evr_a;
        r.b = top->o_evr_b; r.c = top->o_evr_c;
        if (kind == WQ_EV_REG_WRITE) { r.has_vals = true; add_vals(r, part); }
        rtl_recs.push_back(r);
    }
    void add_vals(Rec &r, unsigned part) {
        const unsigned lanes = WQ_TB_LANES;
        for (unsigned l = 0; l < lanes && part * lanes + l < WQ_WARP_SIZE; l++)
            r.vals[part * lanes + l] = top->o_evr_vals[l];
        r.parts_seen |= 1u << part;
    }

    void tick() {
        ms->drive(top.get(), cyc);
        drive_csr();
        top->i_clk = 0;
        top->eval();
        if (fst) fst->dump(vctx->time());
        vctx->timeInc(1);
        // what the coming edge does
        ms->sample(top.get(), cyc);
        {   // the first cycle of each host grant: its tick for the replay
            bool hg = top->o_lock & 1u;
            if (hg && !host_granted) host_grant_cycle = cyc;
            host_granted = hg;
        }
        if (!rtl_only && !top->i_reset) {   // power-on values are random
            collect_record();
            if (top->o_step_valid)
                on_step(top->o_step_kind, top->o_step_id, top->o_step_res);
        }
        if (top->o_csr_ack && csr_active) {
            if (!rtl_only) {
                const CsrOp &op = csr_q.front();
                if (!csr_stepped) fail("CSR ack without a CSR step", "");
                bool rtl_err = top->o_csr_err;
                if (rtl_err != (csr_expect_rc < 0)) {
                    char b[160];
                    snprintf(b, sizeof b, "CSR 0x%03x error flag: expected %d actual %d",
                             op.off, csr_expect_rc < 0, rtl_err);
                    fail("CSR access", b);
                }
                if (!op.we && top->o_csr_rdata != csr_expect) {
                    char b[200];
                    snprintf(b, sizeof b, "CSR read 0x%03x (%s): expected 0x%08x actual 0x%08x",
                             op.off, op.why, csr_expect, top->o_csr_rdata);
                    fail("CSR access", b);
                }
            }
            csr_q.pop_front();
            csr_active = false;
        }
        top->i_clk = 1;
        top->eval();
        if (fst) fst->dump(vctx->time());
        vctx->timeInc(1);
        cyc++;
    }

    // ---- a whole run ------------------------------------------------------------------
    int run(const char *path, const char *wave, unsigned lmin, unsigned lmax, unsigned rpct,
            const char *fcov_path = nullptr, const char *cov_path = nullptr) {
        prog = path;
        wq_program_t p;
        char err[256];
        if (wq_asm_file(path, &p, err, sizeof err)) {
            fprintf(stderr, "%s\n", err);
            return 2;
        }
        wq_config_t cfg;
        wq_config_default(&cfg);
        cfg.channels = WQ_TB_CHANNELS;
        cfg.warps = WQ_TB_WARPS;
        cfg.lanes = WQ_TB_LANES;
        cfg.deque_log2 = WQ_TB_DQ_LOG2;
        cfg.regs = WQ_TB_REGS;
        cfg.watchdog = 0;          // model-only (spec §4.11)
        ctx = wq_new(&cfg);
        rtl_mem = wq_mem_new();
        if (!ctx || !rtl_mem) { fprintf(stderr, "out of memory\n"); return 2; }
        wq_set_trace(ctx, model_trace, &sink);
        if (fcov_path) { fcov.reset(new Fcov); sink.fcov = fcov.get(); }
        wq_csr_op_t ops[WQ_LOAD_MAX_CSR_OPS];
        int nops = wq_load_prepare(ctx->mem, &p, 0, nullptr, ops);
        if (nops < 0 || wq_load_prepare(rtl_mem, &p, 0, nullptr, ops) != nops) {
            fprintf(stderr, "%s: program overlaps the system area\n", path);
            return 2;
        }
        for (int i = 0; i < nops; i++) csr_q.push_back({ops[i].off, ops[i].val, true, "submit"});

        vctx.reset(new VerilatedContext);
        vctx->randReset(2);
        vctx->randSeed((int)(seed & 0x7FFFFFFF));
        top.reset(new Vwq_top(vctx.get()));
        if (wave) {
            vctx->traceEverOn(true);
            fst.reset(new VerilatedFstC);
            top->trace(fst.get(), 99);
            fst->open(wave);
        }
        ms.reset(new MemServer(rtl_mem, seed, lmin, lmax, rpct));

        // reset (the deque RAMs clear themselves: wait for the first request)
        top->i_reset = 1;
        top->i_csr_valid = 0;
        for (int i = 0; i < 4; i++) tick();
        top->i_reset = 0;

        auto t0 = std::chrono::steady_clock::now();
        uint64_t c0 = cyc;
        for (;;) {
            tick();
            if (rtl_only) {
                if (cyc - c0 >= rtl_only_cycles) break;
                continue;
            }
            if (fatal_trap >= 0) break;
            bool model_idle = !wq_host_busy(ctx) && wq_engine_idle(ctx);
            quiet_cycles = (model_idle && csr_q.empty() && !csr_active) ? quiet_cycles + 1 : 0;
            if (quiet_cycles > 64) break;
            if (cyc - c0 > max_cycles) {
                printf("TIMEOUT after %" PRIu64 " cycles (seed %" PRIu64 ")\n", cyc - c0, seed);
                for (unsigned w = 0; w < ctx->cfg.warps; w++) {
                    char b[400];
                    wq_warp_describe(ctx, w, b, sizeof b);
                    printf("  %s\n", b);
                }
                finish_wave();
                return 1;
            }
        }
        double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        uint64_t run_cycles = cyc - c0;
        int rc = 0;
        if (!rtl_only) rc = compare_memory();
        finish_wave();
        printf("cycles: %" PRIu64 "\n", run_cycles);
        printf("wall_seconds: %.3f\n", secs);
        printf("%s: %.0f\n", rtl_only ? "rtl_cycles_per_s" : "cosim_cycles_per_s",
               secs > 0 ? run_cycles / secs : 0.0);
        if (!rtl_only) {
            printf("steps: %" PRIu64 " (warp %" PRIu64 ", channel %" PRIu64 ", dispatch %" PRIu64
                   ", csr %" PRIu64 ")\n", steps, steps_by_kind[WQ_STEPK_WARP],
                   steps_by_kind[WQ_STEPK_CHAN], steps_by_kind[WQ_STEPK_DISPATCH],
                   steps_by_kind[WQ_STEPK_CSR]);
            printf("records: %" PRIu64 "\n", records);
            printf("memory: %" PRIu64 " reads, %" PRIu64 " writes\n", ms->reads, ms->writes);
            if (fatal_trap >= 0)
                printf("trap: warp %u %s\n", fatal_warp, wq_trap_name((unsigned)fatal_trap));
            for (unsigned c = 0; c < ctx->cfg.channels; c++)
                if (ctx->ch[c].state == WQ_CH_ERROR)
                    printf("channel %u: ERROR %s\n", c, wq_cherr_name(ctx->ch[c].err));
            // the program's own checks, on the RTL's memory
            unsigned ok = 0;
            for (unsigned i = 0; i < p.nexpects; i++) {
                uint32_t v = wq_mem_read32(rtl_mem, p.expects[i].addr);
                if (v == p.expects[i].value) ok++;
                else printf("expect failed: %s:%d: [0x%08x] = 0x%08x, expected 0x%08x\n",
                            path, p.expects[i].line, p.expects[i].addr, v, p.expects[i].value);
            }
            printf("expects: %u/%u\n", ok, p.nexpects);
            printf("mismatches: %" PRIu64 "\n", mismatches);
            if (ok != p.nexpects) rc = 1;
            if (rc == 0 && fcov_path && !fcov->dump(fcov_path)) {
                fprintf(stderr, "cannot write %s\n", fcov_path);
                rc = 2;
            }
        }
#if VM_COVERAGE
        if (rc == 0 && cov_path) vctx->coveragep()->write(cov_path);
#else
        if (cov_path) { fprintf(stderr, "--cov: not a --coverage build\n"); rc = 2; }
#endif
        wq_program_free(&p);
        wq_mem_free(rtl_mem);
        wq_free(ctx);
        top->final();
        return rc;
    }

    // whole memory images: every page either side has
    struct PageList { std::vector<uint32_t> bases; };
    static void page_cb(void *user, uint32_t base, const uint8_t *) {
        static_cast<PageList *>(user)->bases.push_back(base);
    }
    int compare_memory() {
        PageList a, b;
        wq_mem_pages(ctx->mem, page_cb, &a);
        wq_mem_pages(rtl_mem, page_cb, &b);
        a.bases.insert(a.bases.end(), b.bases.begin(), b.bases.end());
        std::sort(a.bases.begin(), a.bases.end());    // each page once
        a.bases.erase(std::unique(a.bases.begin(), a.bases.end()), a.bases.end());
        for (uint32_t base : a.bases) {
            for (uint32_t off = 0; off < WQ_PAGE_SIZE; off += 4) {
                uint32_t m = wq_mem_read32(ctx->mem, base + off);
                uint32_t r = wq_mem_read32(rtl_mem, base + off);
                if (m != r) {
                    char d[160];
                    snprintf(d, sizeof d, "word 0x%08x: expected 0x%08x actual 0x%08x",
                             base + off, m, r);
                    fail("final memory image", d);
                }
            }
        }
        return 0;
    }
};

}  // namespace

int main(int argc, char **argv)
{
    const char *path = nullptr, *wave = nullptr, *fcov_path = nullptr, *cov_path = nullptr;
    uint64_t seed = 1, maxc = 0, rtl_only = 0;
    unsigned lmin = 1, lmax = 6, rpct = 80, hist = 16;
    bool verbose = false;
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
        else if (a == "--fcov") fcov_path = val();
        else if (a == "--cov") cov_path = val();
        else if (a[0] != '-' && !path) path = argv[i];
        else { fprintf(stderr, "unknown argument %s\n", a.c_str()); return 2; }
    }
    if (!path) {
        fprintf(stderr, "usage: tb_cosim FILE.wqs [--seed N] [--wave F.fst] [--max-cycles N]\n"
                        "                [--lat MIN,MAX] [--ready PCT] [--history N]\n"
                        "                [--rtl-only CYCLES] [--fcov FILE] [--cov FILE]\n");
        return 2;
    }
    if (rpct == 0 || rpct > 100) { fprintf(stderr, "--ready 1..100\n"); return 2; }
    Cosim c(seed);
    c.history = hist;
    c.verbose = verbose;
    if (maxc) c.max_cycles = maxc;
    if (rtl_only) { c.rtl_only = true; c.rtl_only_cycles = rtl_only; }
    return c.run(path, wave, lmin, lmax, rpct, fcov_path, cov_path);
}
