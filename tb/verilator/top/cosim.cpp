// cosim.cpp -- the lockstep core (see cosim.h): rtl/wq_top.v clocked by
// Verilator, every step replayed through the model and compared.
#include "cosim.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "Vwq_top.h"
#include "Vwq_top___024root.h"
#include "Vwq_top_wq_top.h"
#include "fcov.h"
#include "tb_wave.h"
#include "tb_line.h"
#include "tb_rng.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#ifndef WQ_TB_LANES
#error "build with -DWQ_TB_LANES=... (and CHANNELS/WARPS/DQ_LOG2/REGS) matching the RTL parameters"
#endif

void cosim_config(wq_config_t *cfg)
{
    wq_config_default(cfg);
    cfg->channels = WQ_TB_CHANNELS;
    cfg->warps = WQ_TB_WARPS;
    cfg->lanes = WQ_TB_LANES;
    cfg->deque_log2 = WQ_TB_DQ_LOG2;
    cfg->regs = WQ_TB_REGS;
#ifdef WQ_TB_FP
    cfg->fp = WQ_TB_FP;         // wq_top's FP: the core's FPU
#endif
    cfg->watchdog = 0;          // model-only (spec §4.11)
}

void rec_to_trace(const Rec &r, wq_trace_rec_t *t)
{
    memset(t, 0, sizeof *t);
    t->kind = (uint8_t)r.kind; t->unit = (uint8_t)r.unit; t->aux = (uint16_t)r.aux;
    t->pc = r.pc; t->mask = r.mask; t->a = r.a; t->b = r.b; t->c = r.c;
    t->vals = r.has_vals ? r.vals : nullptr;
}

std::string rec_str(const Rec &r)
{
    wq_trace_rec_t t;
    rec_to_trace(r, &t);
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
// The port is wq_top's MEM_LINE bytes wide (a word with L1=0, the L1's line
// otherwise): a request for the line at o_mem_addr, a write with byte
// strobes over it; answers in order, after a seeded random latency, with a
// seeded random ready.
struct MemServer {
    static constexpr unsigned kLine = sizeof(Vwq_top::i_mem_rdata);   // bytes
    wq_mem_t *mem;
    Rng rng;
    unsigned lat_min, lat_max, ready_pct;
    struct Resp { uint64_t due; uint32_t data[kLine / 4]; };
    std::deque<Resp> q;
    uint64_t last_due = 0, reads = 0, writes = 0;

    MemServer(wq_mem_t *m, uint64_t seed, unsigned lmin, unsigned lmax, unsigned rp)
        : mem(m), rng(seed ^ 0x6D656D), lat_min(lmin), lat_max(lmax), ready_pct(rp) {}

    void drive(Vwq_top *top, uint64_t cyc) {
        top->i_mem_ready = rng.chance(ready_pct);
        bool v = !q.empty() && q.front().due <= cyc;
        top->i_mem_rvalid = v;
        for (unsigned i = 0; i < kLine / 4; i++)   // garbage when not valid
            tb::set_word(top->i_mem_rdata, i, v ? q.front().data[i] : (uint32_t)rng.next());
    }
    // before the clock edge: what the edge will do
    void sample(Vwq_top *top, uint64_t cyc) {
        if (top->i_mem_rvalid) q.pop_front();
        if (top->o_mem_valid && top->i_mem_ready) {
            uint32_t a = top->o_mem_addr & ~(kLine - 1u);
            Resp r = {};
            if (top->o_mem_we) {
                uint64_t sb = (uint64_t)top->o_mem_wstrb;
                for (unsigned i = 0; i < kLine / 4; i++)
                    if ((sb >> (4 * i)) & 0xFu)
                        wq_mem_write_strobe(mem, a + 4 * i, tb::word_of(top->o_mem_wdata, i),
                                            (unsigned)(sb >> (4 * i)) & 0xFu);
                writes++;
            } else {
                for (unsigned i = 0; i < kLine / 4; i++) r.data[i] = wq_mem_read32(mem, a + 4 * i);
                reads++;
            }
            uint64_t due = cyc + lat_min + rng.below(lat_max - lat_min + 1);
            if (due <= last_due) due = last_due + (lat_min == 0 ? 0 : 1);
            if (due <= cyc) due = cyc + 1;
            last_due = due;
            r.due = due;
            q.push_back(r);
        }
    }
};

// ---- the model side's records ------------------------------------------------------
struct ModelSink {
    std::vector<Rec> recs;
};

static void model_trace(void *user, const wq_trace_rec_t *t)
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
}

// ---- setting up ----------------------------------------------------------------------
Cosim::Cosim(const CosimOpts &opts) : o(opts), sink(new ModelSink)
{
    memset(last_trap_pc, 0xFF, sizeof last_trap_pc);
    memset(last_trap_retired, 0, sizeof last_trap_retired);
}

Cosim::~Cosim()
{
    finish_wave();
    finish_timeline();
    if (top) top->final();
    wq_mem_free(rtl_mem);
    wq_free(ctx);
}

int Cosim::open()
{
    wq_config_t cfg;
    cosim_config(&cfg);
    ctx = wq_new(&cfg);
    rtl_mem = wq_mem_new();
    if (!ctx || !rtl_mem) return -1;
    wq_set_trace(ctx, model_trace, sink.get());

    vctx.reset(new VerilatedContext);
    vctx->randReset(2);
    vctx->randSeed((int)(o.seed & 0x7FFFFFFF));
    top.reset(new Vwq_top(vctx.get()));
    if (o.wave) {
        vctx->traceEverOn(true);
        fst.reset(new VerilatedFstC);
        top->trace(fst.get(), 99);
        fst->open(o.wave);
    }
    ms.reset(new MemServer(rtl_mem, o.seed, o.lat_min, o.lat_max, o.ready_pct));

    // reset (the deque RAMs clear themselves: steps wait until they are done)
    top->i_reset = 1;
    top->i_csr_valid = 0;
    for (int i = 0; i < 4; i++) tick();
    top->i_reset = 0;
    return 0;
}

// ---- reporting -------------------------------------------------------------------------
void Cosim::remember(std::deque<Rec> &h, const Rec &r)
{
    h.push_back(r);
    while (h.size() > o.history) h.pop_front();
}

void Cosim::fail(const char *what, const std::string &detail)
{
    mismatches++;
    printf("\nMISMATCH at cycle %" PRIu64 " (seed %" PRIu64 ", %s, step %" PRIu64 ")\n",
           cyc, o.seed, o.what.c_str(), steps);
    printf("  %s\n  %s\n", what, detail.c_str());
    printf("\n  last records, model (expected):\n");
    for (const Rec &r : model_hist) printf("    %s\n", rec_str(r).c_str());
    printf("  last records, RTL (actual):\n");
    for (const Rec &r : rtl_hist) printf("    %s\n", rec_str(r).c_str());
    if (!o.rerun.empty()) printf("\n  rerun: %s\n", o.rerun.c_str());
    printf("mismatches: %" PRIu64 "\n", mismatches);
    fflush(stdout);
    finish_wave();
    finish_timeline();
    exit(1);
}

void Cosim::finish_timeline()
{
    if (!timeline) return;
    if (wq_timeline_close(timeline, cyc, nullptr))
        fprintf(stderr, "timeline: write error\n");
    timeline = nullptr;
}

void Cosim::finish_wave()
{
    if (fst) { fst->close(); fst.reset(); }
}

bool Cosim::irq() const { return top->o_irq; }

// ---- host side -------------------------------------------------------------------------
void Cosim::csr_queue(uint32_t off, uint32_t val, bool we, const char *why)
{
    csr_q.push_back({off, val, we, why});
}

int Cosim::csr_write(uint32_t off, uint32_t val)
{
    uint64_t want = csr_done + csr_q.size() + (csr_active ? 1 : 0) + 1;
    csr_queue(off, val, true, "host");
    while (csr_done < want) tick();
    return csr_last_rc;
}

int Cosim::csr_read(uint32_t off, uint32_t *val)
{
    uint64_t want = csr_done + csr_q.size() + (csr_active ? 1 : 0) + 1;
    csr_queue(off, 0, false, "host");
    while (csr_done < want) tick();
    *val = csr_last_read;
    return csr_last_rc;
}

// a point where no step is in flight: the lock is free after the last edge,
// so every step the RTL finished has been replayed and none has started
void Cosim::wait_safe()
{
    while (!safe) tick();
}

void Cosim::mem_write(uint32_t addr, const uint32_t *buf, uint32_t n)
{
    wait_safe();
    for (uint32_t i = 0; i < n; i++) {
        wq_mem_write32(ctx->mem, addr + 4 * i, buf[i]);
        wq_mem_write32(rtl_mem, addr + 4 * i, buf[i]);
    }
}

void Cosim::mem_read(uint32_t addr, uint32_t *buf, uint32_t n)
{
    wait_safe();
    for (uint32_t i = 0; i < n; i++) {
        uint32_t a = addr + 4 * i;
        uint32_t m = wq_mem_read32(ctx->mem, a), r = wq_mem_read32(rtl_mem, a);
        if (m != r) {
            char d[160];
            snprintf(d, sizeof d, "word 0x%08x: expected 0x%08x actual 0x%08x", a, m, r);
            fail("host memory read", d);
        }
        buf[i] = r;
    }
}

void Cosim::finish()
{
    if (!rtl_only) compare_memory();
    finish_wave();
    finish_timeline();
}

void Cosim::print_summary(uint64_t run_cycles, const RunTimer &t) const
{
    printf("cycles: %" PRIu64 "\n", run_cycles);
    printf("wall_seconds: %.6f\n", t.wall);
    printf("cpu_seconds: %.6f\n", t.cpu);
    printf("%s: %.0f\n", rtl_only ? "rtl_cycles_per_s" : "cosim_cycles_per_s",
           t.wall > 0 ? run_cycles / t.wall : 0.0);
    if (rtl_only) return;
    printf("steps: %" PRIu64 " (warp %" PRIu64 ", channel %" PRIu64 ", dispatch %" PRIu64
           ", csr %" PRIu64 ")\n", steps, steps_by_kind[WQ_STEPK_WARP],
           steps_by_kind[WQ_STEPK_CHAN], steps_by_kind[WQ_STEPK_DISPATCH],
           steps_by_kind[WQ_STEPK_CSR]);
    printf("records: %" PRIu64 "\n", records);
    // the kernel window: IPC over the kernel's cycles, as GPU simulators
    // report it (scripts/bench.sh)
    if (win_open)
        printf("window: cycles %" PRIu64 "..%" PRIu64 ", %" PRIu64 " cycles, %" PRIu64
               " warp commits (the first CTA_START record to the last warp commit)\n",
               win_first, win_last, win_last - win_first + 1,
               steps_by_kind[WQ_STEPK_WARP] - win_warp0);
    printf("memory: %" PRIu64 " reads, %" PRIu64 " writes\n", ms->reads, ms->writes);
    // the scheduler's L1 (wq_mempath; zero when wq_top has L1=0): read
    // lookups of data and of fetches that missed the instruction buffer
    uint32_t h = top->rootp->wq_top->l1_hits, m = top->rootp->wq_top->l1_misses;
    printf("l1: %" PRIu32 " hits, %" PRIu32 " misses\n", h, m);
    // SUBV_AUTO segments by the mode the control unit chose (wq_wave_ctl)
    printf("wave: %" PRIu64 " sub-vector, %" PRIu64 " normal\n", ctx->st.wave_subv,
           ctx->st.wave_normal);
    for (const auto &kv : wave_pc)
        printf("wave_pc: %" PRIu32 " %" PRIu64 " sub-vector, %" PRIu64 " normal\n", kv.first,
               kv.second[1], kv.second[0]);
    printf("loads: %" PRIu32 " warp loads, %" PRIu32 " line requests\n",
           (uint32_t)top->rootp->wq_top->ld_warps, (uint32_t)top->rootp->wq_top->ld_lines);
}

// ---- model-side replay of one RTL step -------------------------------------------------
// ---- model-side replay of one RTL step ----------------------------------------
int Cosim::replay(unsigned kind, unsigned id) {
    switch (kind) {
    case WQ_STEPK_WARP:
        // a SUBV_AUTO's wave mode is the RTL's choice (tb_wave.h)
        if (tb_wave_follow(ctx, id, rtl_recs))
            fail("step WARP", "the model rejects the wave decision of the SUBV_AUTO "
                              "(WAVE_CTL forces the other mode, or no sub-vector mode)");
        return wq_step_warp(ctx, id);
    case WQ_STEPK_DISPATCH: return wq_step_dispatch(ctx);
    case WQ_STEPK_CHAN: {
        // one grant of the host interface is one wq_host_tick: the
        // scheduler's choice (a switch on entry emits CHAN_SWITCH), the
        // acquire-retry gate with ticks = the cycle the step began (the
        // grant's first cycle, or in a burst the previous step's pulse:
        // the RTL counts cycles), then the step and the leave decision
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

bool Cosim::same(const Rec &m, const Rec &r, std::string &why) {
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

void Cosim::on_step(unsigned kind, unsigned id, unsigned res) {
    if (o.verbose)
        printf("%8" PRIu64 " step %s %u %s (%zu records)\n", cyc, step_kind_name(kind), id,
               step_res_name(res), rtl_recs.size());
    steps++;
    steps_by_kind[kind & 3]++;
    if (kind == WQ_STEPK_DISPATCH && !win_open) {
        win_open = true;
        win_first = step_rec0;
        win_warp0 = steps_by_kind[WQ_STEPK_WARP];
    }
    if (kind == WQ_STEPK_WARP) win_last = cyc;
    sink->recs.clear();
    int mres = replay(kind, id);
    char hdr[200];
    snprintf(hdr, sizeof hdr, "step %s %u", step_kind_name(kind), id);
    size_t n = std::max(sink->recs.size(), rtl_recs.size());
    for (size_t i = 0; i < n; i++) {
        if (i < sink->recs.size()) remember(model_hist, sink->recs[i]);
        if (i < rtl_recs.size()) remember(rtl_hist, rtl_recs[i]);
        if (i >= sink->recs.size())
            fail(hdr, "RTL emitted an extra record: " + rec_str(rtl_recs[i]));
        if (i >= rtl_recs.size())
            fail(hdr, "RTL is missing a record: " + rec_str(sink->recs[i]));
        std::string why;
        if (!same(sink->recs[i], rtl_recs[i], why))
            fail(hdr, why + "\n  expected: " + rec_str(sink->recs[i]) +
                           "\n  actual:   " + rec_str(rtl_recs[i]));
        records++;
        if (rtl_recs[i].kind == WQ_EV_RETIRE && rtl_recs[i].aux == WQ_OP_SUBV_AUTO)
            wave_pc[rtl_recs[i].pc][rtl_recs[i].a & 1u]++;
        if (observe || timeline) {
            wq_trace_rec_t t;
            rec_to_trace(sink->recs[i], &t);
            if (observe) observe(observe_user, &t, cyc);
            if (timeline) wq_timeline_record(timeline, cyc, &t);
        }
    }
    if ((int)res != mres) {
        char b[160];
        snprintf(b, sizeof b, "step result: expected %s actual %s",
                 step_res_name((unsigned)mres), step_res_name(res));
        fail(hdr, b);
    }
    rtl_recs.clear();
    if (fcov) fcov->step(kind, id, res, sink->recs);
    if (kind == WQ_STEPK_WARP && res == WQ_STEP_TRAP && o.auto_recenter) on_trap(id);
}

// the driver's answer to a trap: re-centre + resume a deque bound trap
// through the debug window (the plan computed as wq_deque_recenter
// does, from the state both sides share), stop on a fatal one
void Cosim::on_trap(unsigned w) {
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
void Cosim::drive_csr() {
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

// a cycle's records: the REG_WRITE slot's (o_evw_*) before o_evr_*'s; the
// part and values of the cycle's REG_WRITE are o_evr_part / o_evr_vals
void Cosim::collect_record() {
    if (rtl_recs.empty() && (top->o_evw_valid || top->o_evm_valid || top->o_evr_valid))
        step_rec0 = cyc;
    if (top->o_evw_valid)
        collect_one(WQ_EV_REG_WRITE, top->o_evw_unit, top->o_evw_aux, top->o_evw_pc,
                    top->o_evw_mask, 0, 0, 0);
    // the MEM_WRITE beat port: its valid slots, slot 0 first
    for (unsigned i = 0; i < sizeof(top->o_evm_a) / 4; i++)
        if ((uint64_t)top->o_evm_valid >> i & 1u)
            collect_one(WQ_EV_MEM_WRITE, top->o_evm_unit, tb::bits_of(top->o_evm_aux, 16 * i, 16),
                        top->o_evm_pc, tb::word_of(top->o_evm_mask, i),
                        tb::word_of(top->o_evm_a, i), tb::word_of(top->o_evm_b, i), 0);
    if (top->o_evr_valid)
        collect_one(top->o_evr_kind, top->o_evr_unit, top->o_evr_aux, top->o_evr_pc,
                    top->o_evr_mask, top->o_evr_a, top->o_evr_b, top->o_evr_c);
}
void Cosim::collect_one(unsigned kind, unsigned unit, unsigned aux, uint32_t pc, uint32_t mask,
                        uint32_t a, uint64_t b, uint64_t c) {
    unsigned part = top->o_evr_part;
    if (kind == WQ_EV_REG_WRITE && !rtl_recs.empty()) {
        Rec &p = rtl_recs.back();
        if (p.kind == WQ_EV_REG_WRITE && p.aux == aux && p.pc == pc && p.mask == mask &&
            !(p.parts_seen >> part & 1) && part > 31 - (unsigned)__builtin_clz(p.parts_seen)) {
            add_vals(p, part);
            return;
        }
    }
    if (o.verbose)
        printf("%8" PRIu64 " rec  kind=%u unit=%u aux=%u pc=0x%x mask=0x%08x a=0x%x part=%u lock=%u\n",
               cyc, kind, unit, aux, pc, mask, a, part, (unsigned)top->o_lock);
    Rec r;
    r.kind = kind; r.unit = unit; r.aux = aux;
    r.pc = pc; r.mask = mask; r.a = a;
    r.b = b; r.c = c;
    if (kind == WQ_EV_REG_WRITE) { r.has_vals = true; add_vals(r, part); }
    rtl_recs.push_back(r);
}
void Cosim::add_vals(Rec &r, unsigned part) {
    const unsigned lanes = WQ_TB_LANES;
    for (unsigned l = 0; l < lanes && part * lanes + l < WQ_WARP_SIZE; l++)
        r.vals[part * lanes + l] = top->o_evr_vals[l];
    r.parts_seen |= 1u << part;
}

void Cosim::tick() {
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
    // a host step that keeps the lock (a burst, o_step_more inside wq_top):
    // the next step begins in this cycle, its tick for the replay
    if (top->o_step_valid && (top->o_lock & 1u)) host_grant_cycle = cyc;
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
        csr_last_read = top->o_csr_rdata;
        csr_last_rc = rtl_only ? (top->o_csr_err ? -1 : 0) : csr_expect_rc;
        csr_done++;
        csr_q.pop_front();
        csr_active = false;
    }
    top->i_clk = 1;
    top->eval();
    if (fst) fst->dump(vctx->time());
    vctx->timeInc(1);
    cyc++;
    safe = !top->i_reset && top->o_lock == 0;
}

// whole memory images: every page either side has
namespace {
struct PageList { std::vector<uint32_t> bases; };
void page_cb(void *user, uint32_t base, const uint8_t *) {
    static_cast<PageList *>(user)->bases.push_back(base);
}
}  // namespace
void Cosim::compare_memory() {
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
}
