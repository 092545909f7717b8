// tb_host.cpp -- Verilator lockstep bench for rtl/wq_host_if.v.
//
// The bench plays wq_top and the warp scheduler around the host interface
// and replays every RTL step on the C golden model (build/lib/libwqmodel.a):
//   * event lock: grants o_ev_req after a random delay; on o_step_valid it
//     replays one host tick -- wq_host_pick, wq_host_due (ticks = the cycle
//     the grant began), wq_host_serve -- and compares the step id, the step
//     result and the full record sequence (kind, unit, aux, pc, mask, a, b,
//     c) captured from the model with wq_set_trace against the records the
//     RTL sent during the grant; a step with o_step_more keeps the grant
//     (a burst: the next step's tick is the cycle of that pulse), and
//     i_ev_wait rises at seeded random cycles and whenever the bench itself
//     waits for the lock (a CSR access, a checkpoint), so bursts end at
//     random points;
//   * memory: the RTL's memory and the model's are separate copies; the
//     bench serves the RTL with seeded random ready/latency and compares
//     both images at checkpoints and at the end;
//   * CSR: ring setup, enables, doorbells (in and out of range), disables
//     mid-wait, CTRL.RESET, HOST_SLICE, ACQ_RETRY / ACQ_TIMEOUT, frozen
//     ring config, unmapped and unaligned offsets, and reads of every
//     channel register, each compared with wq_csr_read / wq_csr_write and
//     the records they cause;
//   * interrupts: the o_irq_chan_error / o_irq_non_stall pulses of each
//     step and CSR access against the IRQ_STATUS bits the model sets in it;
//   * engine: i_engine_idle / i_can_launch come from the model's
//     wq_engine_idle / wq_sched_can_launch; a launch is compared with the
//     model's ctx->grid after the replay, and "dispatched" later in the
//     model (grid.valid = 0, a fake RUN warp for a while);
//   * random command streams on every channel at once: every SEC_OP, every
//     method, every semaphore op/width/reduction, bad semaphores, acquires
//     that pass, fail, time out, switch; WFI, SET_REFERENCE, RELEASE_WFI,
//     LAUNCH with valid and each kind of invalid descriptor, YIELD,
//     truncated methods, reserved bits, bad GP entries.
// A named deterministic scenario runs first: a bad command stream on
// channel 0 puts it in ERROR with the spec's code while channel 1 finishes
// its work (printed as host_scenario_error_isolation).
// Fails on a coverage hole (each error code, SEC_OP, method, switch reason,
// channel state).  First mismatch: cycle, seed, step, expected vs actual,
// the last 16 records of both sides; exit 1.
//
// usage: tb_host [--seed N] [--cycles N] [--wave FILE.fst] [-v]
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <array>
#include <deque>
#include <memory>
#include <set>
#include <string>
#include <vector>

extern "C" {
#include "wq/model.h"
#include "wq/encode.h"
}

#include "Vwq_host_if.h"
#include "tb_harness.h"
#include "tb_rng.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

namespace {

constexpr unsigned NCH = 4;
struct Rec {
    unsigned kind, unit, aux;
    uint32_t pc, mask, a;
    uint64_t b, c;
    bool operator==(const Rec &o) const {
        return kind == o.kind && unit == o.unit && aux == o.aux && pc == o.pc &&
               mask == o.mask && a == o.a && b == o.b && c == o.c;
    }
    std::string str() const {
        wq_trace_rec_t r{};
        r.kind = (uint8_t)kind; r.unit = (uint8_t)unit; r.aux = (uint16_t)aux;
        r.pc = pc; r.mask = mask; r.a = a; r.b = b; r.c = c;
        char buf[200], out[260];
        wq_trace_format(&r, buf, sizeof buf);
        snprintf(out, sizeof out, "%-60s [k=%u u=%u aux=%u mask=%x a=%x b=%" PRIx64 " c=%" PRIx64 "]",
                 buf, kind, unit, aux, mask, a, b, c);
        return out;
    }
};


const uint32_t SEM_AREA = 0x00080000u;     // shared semaphores
const uint32_t DESC_AREA = 0x00090000u;    // launch descriptors
uint32_t ring_base(unsigned c) { return 0x00010000u + c * 0x1000u; }
uint32_t arena_base(unsigned c) { return 0x00200000u + c * 0x00400000u; }
const uint32_t ARENA_SIZE = 0x00400000u;

uint32_t choff(unsigned c, uint32_t reg) { return WQ_CSRVAL_CHAN_BASE + c * WQ_CSRVAL_CHAN_STRIDE + reg; }
const uint32_t CTRL_EN = (uint32_t)WQ_FMASK(WQ_CSRF_CTRL_ENABLE_HI, WQ_CSRF_CTRL_ENABLE_LO);
const uint32_t CTRL_RST = (uint32_t)WQ_FMASK(WQ_CSRF_CTRL_RESET_HI, WQ_CSRF_CTRL_RESET_LO);

struct Bench : tb::Harness<Vwq_host_if> {
    Rng rng;
    Rng wrng;                                // i_ev_wait's own draws

    wq_ctx_t *ctx = nullptr;
    wq_mem_t *rmem = nullptr;                // the RTL's memory
    std::vector<Rec> mrecs, rrecs;           // this step's records
    std::deque<std::string> hist_m, hist_r;  // last records of both sides
    tb::MemResponses resp;
#ifdef WQ_TB_HOST_LINE
    // the host built with LINE_BYTES = 16 (scripts/rtl/host.sh's line
    // build): each answer's whole 16-byte line on i_mem_rline, read with
    // the word at the request (line-wide launch-descriptor reads)
    std::deque<std::array<uint32_t, 4>> lines;
#endif
    unsigned lat_max = 3, ready_pct = 80;

    // lock
    bool granted = false, drop_next = false;
    uint64_t grant_cycle = 0, n_steps = 0;
    unsigned grant_delay = 0;
    bool grant_now = false;
    bool want_lock = false;                  // the bench waits for the lock: i_ev_wait
    unsigned wait_pct = 2;                   // i_ev_wait at random, per cycle
    // launch seen on the port during this grant
    bool l_seen = false;
    // interrupt pulses (o_irq_chan_error, o_irq_non_stall) seen since the
    // last step or CSR access, as WQ_IRQ_* bits; compared with the bits the
    // model sets in ctx->irq_status for that step or access
    uint32_t rirq = 0, cov_irq = 0;
    uint32_t l_addr = 0, l_ncta = 0, l_thr = 0, l_desc[16];
    // fake engine
    uint64_t run_until = 0;
    bool warp_running = false;

    // driver, per channel
    struct Drv { uint32_t put = 0, log2 = 3, arena = 0; uint32_t secops[1u << 8] = {}; } drv[NCH];

    // coverage
    std::set<unsigned> cov_err, cov_method, cov_switch, cov_state, cov_secop, cov_semop;
    uint64_t cov_acq_fail = 0, cov_launch = 0, cov_degenerate = 0, cov_idle_tick = 0,
             cov_csr_err = 0, cov_put_range = 0, cov_reset = 0, cov_disable_wait = 0,
             cov_wait_steps = 0, cov_sem64 = 0, cov_red_sign = 0, cov_burst = 0;
    uint64_t busy_cycles = 0, n_methods = 0;
    // the granted cycles by the kind of step they went to (random traffic):
    // 0 a semaphore (a SEM or ACQ_FAIL record), 1 a launch (a LAUNCH
    // record), 2 any other method (a METHOD record), 3 no method (a GP
    // entry, a segment's end, a wait not due or still waiting, an error)
    uint64_t step_busy = 0, bk_cyc[4] = {0, 0, 0, 0}, bk_steps[4] = {0, 0, 0, 0};

    Bench(uint64_t s, const char *wave) : Harness("host_tb", s), rng(s), wrng(s ^ 0x5eedb0057ull) {
        open_wave(wave);
        new_model();
    }
    ~Bench() {
        if (ctx) wq_free(ctx);
        if (rmem) wq_mem_free(rmem);
    }

    static void trace_cb(void *u, const wq_trace_rec_t *r) {
        Bench *b = (Bench *)u;
        b->mrecs.push_back({r->kind, r->unit, r->aux, r->pc, r->mask, r->a, r->b, r->c});
    }

    void new_model() {
        if (ctx) wq_free(ctx);
        if (rmem) wq_mem_free(rmem);
        wq_config_t cfg;
        wq_config_default(&cfg);
        cfg.channels = NCH;
        ctx = wq_new(&cfg);
        if (!ctx) { printf("host_tb: wq_new failed\n"); exit(1); }
        rmem = wq_mem_new();
        wq_set_trace(ctx, trace_cb, this);
        for (auto &d : drv) d = Drv();
    }

    std::string where() const override { return " step=" + std::to_string(n_steps); }
    void report_context() override {
        printf("  model records (this step):\n");
        for (auto &r : mrecs) printf("    %s\n", r.str().c_str());
        printf("  RTL records (this step):\n");
        for (auto &r : rrecs) printf("    %s\n", r.str().c_str());
        printf("  last model records (oldest first):\n");
        for (auto &t : hist_m) printf("    %s\n", t.c_str());
        printf("  last RTL records (oldest first):\n");
        for (auto &t : hist_r) printf("    %s\n", t.c_str());
    }

    // ---- memory: both copies -------------------------------------------------
    void mw(uint32_t a, uint32_t v) { wq_mem_write32(ctx->mem, a, v); wq_mem_write32(rmem, a, v); }
    void mw64(uint32_t a, uint64_t v) { mw(a, (uint32_t)v); mw(a + 4, (uint32_t)(v >> 32)); }

    void compare_mem() {
        struct C { Bench *b; wq_mem_t *other; };
        auto cmp = [](void *u, uint32_t base, const uint8_t *page) {
            C *c = (C *)u;
            for (uint32_t o = 0; o < WQ_PAGE_SIZE; o += 4) {
                uint32_t v, w = wq_mem_read32(c->other, base + o);
                memcpy(&v, page + o, 4);
                if (v != w) {
                    char s[160];
                    snprintf(s, sizeof s, "memory [%08x]: model %08x, RTL %08x", base + o,
                             c->other == c->b->rmem ? v : w, c->other == c->b->rmem ? w : v);
                    c->b->fail(s);
                }
            }
        };
        C a{this, rmem}, b{this, ctx->mem};
        wq_mem_pages(ctx->mem, cmp, &a);
        wq_mem_pages(rmem, cmp, &b);
    }

    // ---- one clock cycle -------------------------------------------------------
    void cycle_once() {
        // engine view, always from the model (only changed between steps)
        top->i_engine_idle = wq_engine_idle(ctx) ? 1 : 0;
        top->i_can_launch = wq_sched_can_launch(ctx) ? 1 : 0;
        // grant
        if (drop_next) { granted = false; drop_next = false; }
        top->i_ev_gnt = granted ? 1 : 0;
        top->i_ev_wait = (want_lock || wrng.chance(wait_pct)) ? 1 : 0;
        // memory slave
        resp.drive(top.get(), cycle, rng);
#ifdef WQ_TB_HOST_LINE
        for (unsigned i = 0; i < 4; i++)
            top->i_mem_rline[i] = top->i_mem_rvalid ? lines.front()[i] : (uint32_t)rng.next();
        if (top->i_mem_rvalid) lines.pop_front();
#endif
        top->i_mem_ready = rng.chance(ready_pct) ? 1 : 0;
        top->eval();
        if (top->o_mem_valid && !top->i_reset) {
            if (!granted) fail("memory request outside the grant");
            if (top->i_mem_ready) {
                uint32_t a = top->o_mem_addr, rd = 0;
                if (a & 3u) fail("unaligned memory request");
                if (top->o_mem_we) {
                    if (top->o_mem_wstrb != 0xF) fail("partial write strobes");
                    wq_mem_write32(rmem, a, top->o_mem_wdata);
                } else {
                    rd = wq_mem_read32(rmem, a);
                }
                uint64_t due = cycle + 1 + rng.below(lat_max);
                resp.push(due, rd);
#ifdef WQ_TB_HOST_LINE
                std::array<uint32_t, 4> l{};
                for (unsigned i = 0; i < 4 && !top->o_mem_we; i++)
                    l[i] = wq_mem_read32(rmem, (a & ~15u) + 4 * i);
                lines.push_back(l);
#endif
            }
        }
        tick();
        if (granted) { busy_cycles++; step_busy++; }
        top->i_csr_valid = 0;
        // outputs of the edge
        if (top->i_reset) { rrecs.clear(); return; }
        if (top->o_evr_valid) {
            Rec r{top->o_evr_kind, top->o_evr_unit, top->o_evr_aux, top->o_evr_pc,
                  top->o_evr_mask, top->o_evr_a, top->o_evr_b, top->o_evr_c};
            rrecs.push_back(r);
        }
        if (top->o_irq_chan_error) rirq |= 1u << WQ_IRQ_CHAN_ERROR;
        if (top->o_irq_non_stall) rirq |= 1u << WQ_IRQ_NON_STALL;
        if (top->o_launch_valid) {
            if (!granted) fail("launch outside the grant");
            l_seen = true;
            l_addr = top->o_launch_addr;
            l_ncta = top->o_launch_ncta;
            l_thr = top->o_launch_cta_threads;
            for (unsigned i = 0; i < 16; i++) l_desc[i] = top->o_launch_desc[i];
        }
        if (top->o_step_valid) {
            if (!granted) fail("o_step_valid without the grant");
            replay_step();
            if (top->o_step_more) {
                // a burst: the grant stays, the next step begins now
                if (top->i_ev_wait) fail("o_step_more while another unit waits");
                grant_cycle = cycle;
                cov_burst++;
            } else {
                drop_next = true;
            }
        }
    }

    void push_hist(std::deque<std::string> &h, const std::vector<Rec> &v) {
        for (auto &r : v) {
            h.push_back(r.str());
            if (h.size() > 16) h.pop_front();
        }
    }

    void compare_recs(const char *what) {
        bool same = mrecs.size() == rrecs.size();
        for (size_t i = 0; same && i < mrecs.size(); i++) same = mrecs[i] == rrecs[i];
        if (!same) {
            char b[160];
            snprintf(b, sizeof b, "%s: records differ (model %zu, RTL %zu)", what, mrecs.size(),
                     rrecs.size());
            fail(b);
        }
        if (!strcmp(what, "step")) {
            unsigned k = 3;
            for (auto &r : mrecs) {
                if (r.kind == WQ_EV_SEM || r.kind == WQ_EV_ACQ_FAIL) k = 0;
                else if (r.kind == WQ_EV_LAUNCH && k > 1) k = 1;
                else if (r.kind == WQ_EV_METHOD && k > 2) k = 2;
            }
            bk_cyc[k] += step_busy;
            bk_steps[k]++;
            step_busy = 0;
        }
        for (auto &r : mrecs) {
            if (r.kind == WQ_EV_CHAN_ERROR) cov_err.insert(r.a);
            if (r.kind == WQ_EV_METHOD) { cov_method.insert(r.a); n_methods++; }
            if (r.kind == WQ_EV_CHAN_SWITCH) cov_switch.insert(r.aux);
            if (r.kind == WQ_EV_SEM) cov_semop.insert(r.aux);
            if (r.kind == WQ_EV_ACQ_FAIL) cov_acq_fail++;
            if (r.kind == WQ_EV_LAUNCH) cov_launch++;
            if (r.kind == WQ_EV_GP_GET) {
                Drv &d = drv[r.unit];
                uint32_t slot = (r.a - 1u) & ((1u << d.log2) - 1u);
                for (unsigned k = 0; k < 8; k++)
                    if (d.secops[slot] >> k & 1) cov_secop.insert(k);
            }
            if (r.kind == WQ_EV_CHAN_ERROR && r.a == WQ_CHERR_BAD_SEC_OP)
                cov_secop.insert((unsigned)(r.b >> WQ_MH_SEC_OP_LO) & 7u);
        }
        push_hist(hist_m, mrecs);
        push_hist(hist_r, rrecs);
        mrecs.clear();
        rrecs.clear();
    }

    // The model's IRQ_STATUS is sticky (cleared by a CSR write in wq_top);
    // the host interface only pulses.  So each model action starts from an
    // empty status, and the bits it sets are what the RTL must have pulsed.
    uint32_t irq_saved = 0;
    void irq_begin() { irq_saved = ctx->irq_status; ctx->irq_status = 0; }
    void irq_end(const char *what) {
        const uint32_t host_bits = (1u << WQ_IRQ_CHAN_ERROR) | (1u << WQ_IRQ_NON_STALL);
        uint32_t m = ctx->irq_status & host_bits;
        ctx->irq_status |= irq_saved;
        if (m != rirq) {
            char b[160];
            snprintf(b, sizeof b, "%s: interrupt pulses differ (model CHAN_ERROR %u NON_STALL %u, "
                     "RTL %u %u)", what, m >> WQ_IRQ_CHAN_ERROR & 1u, m >> WQ_IRQ_NON_STALL & 1u,
                     rirq >> WQ_IRQ_CHAN_ERROR & 1u, rirq >> WQ_IRQ_NON_STALL & 1u);
            fail(b);
        }
        cov_irq |= m;
        rirq = 0;
    }

    void replay_step() {
        n_steps++;
        unsigned id = top->o_step_id, res = top->o_step_res;
        if (top->o_step_kind != WQ_STEPK_CHAN) fail("step kind is not CHAN");
        ctx->st.ticks = grant_cycle;
        uint64_t launches = ctx->st.launches;
        irq_begin();
        int p = wq_host_pick(ctx);
        unsigned eid, eres;
        if (p < 0) { eid = ctx->cur_ch; eres = WQ_STEP_IDLE; cov_idle_tick++; }
        else if (!wq_host_due(ctx, (unsigned)p)) { eid = (unsigned)p; eres = WQ_STEP_WAIT; cov_degenerate++; }
        else { eid = (unsigned)p; eres = (unsigned)wq_host_serve(ctx, (unsigned)p); }
        if (eres == WQ_STEP_WAIT) cov_wait_steps++;
        for (unsigned c = 0; c < NCH; c++) cov_state.insert(ctx->ch[c].state);
        char b[160];
        if (id != eid || res != eres) {
            snprintf(b, sizeof b, "step: model channel %u result %u, RTL channel %u result %u",
                     eid, eres, id, res);
            fail(b);
        }
        compare_recs("step");
        irq_end("step");
        // the launch port against ctx->grid
        bool launched = ctx->st.launches != launches;
        if (launched != l_seen) fail(launched ? "model launched, RTL did not" : "RTL launched, model did not");
        if (launched) {
            const wq_grid_t *g = &ctx->grid;
            if (g->desc_addr != l_addr || g->ncta != l_ncta || g->cta_threads != l_thr)
                fail("launch port: addr/ncta/cta_threads differ from ctx->grid");
            for (unsigned i = 0; i < 16; i++)
                if (g->w[i] != l_desc[i]) fail("launch port: descriptor word differs");
        }
        l_seen = false;
        if (verbose) printf("step %" PRIu64 " ch %u res %u\n", n_steps, id, res);
    }

    // ---- CSR access (only while the host holds no grant) -----------------------------
    // the bench waits for the lock as wq_top's CSR slave does: i_ev_wait
    // ends a burst
    // wait for the host to end its hold (the bench asks for the lock
    // itself, so bursts end); a hold that never ends is a hang, reported
    // at once rather than left to the caller's timeout
    void drain_grant() {
        want_lock = true;
        uint64_t n = 0;
        while (granted) {
            cycle_once();
            if (++n > 100000) fail("the host kept the lock for 100000 cycles (a hang)");
        }
        want_lock = false;
    }

    uint32_t csr(bool we, uint32_t off, uint32_t wdata, int *err_out = nullptr) {
        drain_grant();
        top->i_csr_valid = 1;
        top->i_csr_we = we;
        top->i_csr_addr = off & 0xFFFu;
        top->i_csr_wdata = wdata;
        bool held_req = top->o_ev_req;
        (void)held_req;
        unsigned n = 0;
        do {
            cycle_once();
            if (++n > 300) fail("no o_csr_ack");   // the reset sweep, CTRL.RESET
        } while (!top->o_csr_ack);
        uint32_t mv = 0;
        irq_begin();
        int mr = we ? wq_csr_write(ctx, off, wdata) : wq_csr_read(ctx, off, &mv);
        irq_end("CSR access");
        char b[200];
        if ((mr != 0) != (top->o_csr_err != 0)) {
            snprintf(b, sizeof b, "CSR %s 0x%03x: model %s, RTL %s", we ? "write" : "read", off,
                     mr ? "unmapped" : "ok", top->o_csr_err ? "o_csr_err" : "ok");
            fail(b);
        }
        if (mr) cov_csr_err++;
        if (!we && !mr && mv != top->o_csr_rdata) {
            snprintf(b, sizeof b, "CSR read 0x%03x: model %08x, RTL %08x", off, mv, top->o_csr_rdata);
            fail(b);
        }
        compare_recs("CSR access");
        if (err_out) *err_out = mr;
        return mv;
    }
    uint32_t chr(unsigned c, uint32_t reg) { return csr(false, choff(c, reg), 0); }
    void chw(unsigned c, uint32_t reg, uint32_t v) { csr(true, choff(c, reg), v); }

    void read_all_regs() {
        for (unsigned c = 0; c < NCH; c++)
            for (uint32_t r = 0; r < WQ_CSRVAL_CHAN_STRIDE; r += 4) chr(c, r);
        csr(false, WQ_CSR_HOST_SLICE, 0);
        csr(false, WQ_CSR_PERF_METHODS, 0);
    }

    void setup_chan(unsigned c, uint32_t log2) {
        drv[c].log2 = log2;
        drv[c].put = ctx->ch[c].gp_put;
        chw(c, WQ_CHCSR_GPFIFO_BASE, ring_base(c));
        chw(c, WQ_CHCSR_GPFIFO_LOG2, log2);
        chw(c, WQ_CHCSR_CTRL, CTRL_EN);
    }

    // ---- command stream generation --------------------------------------------------
    uint32_t sem_addr(bool is64) {
        uint32_t a = SEM_AREA + 8u * rng.below(8);
        if (!is64 && rng.chance(30)) a += 4;
        return a;
    }

    uint32_t make_desc(int bad) {
        // a quarter only 4-aligned: the LINE_BYTES = 16 build streams
        // those word by word, the 16-aligned ones as four line reads
        // (80-byte slots: a descriptor 4..12 bytes past its slot's start
        // still ends before the next slot's, so the descriptors a
        // scenario writes before it runs -- host_scenario_cmdbuf's four
        // -- never overwrite each other's first words)
        uint32_t a = DESC_AREA + 0x50u * rng.below(32);
        if (rng.chance(25)) a += 4u * (1 + rng.below(3));
        uint32_t w[16] = {};
        w[WQ_LD_CODE_BASE] = 8u * rng.below(1000);
        w[WQ_LD_START_PC] = rng.below(1u << 22);
        for (unsigned i = 0; i < 3; i++) w[WQ_LD_GRID_X + i] = 1 + rng.below(4);
        w[WQ_LD_CTA_X] = 1 + rng.below(64); w[WQ_LD_CTA_Y] = 1 + rng.below(2); w[WQ_LD_CTA_Z] = 1;
        w[WQ_LD_PARAM] = (uint32_t)rng.next();
        w[WQ_LD_NREGS] = 1 + rng.below(32);
        w[WQ_LD_WAVE] = (rng.below(2) << WQ_LDF_WAVE_SUBV_LO) | (rng.below(32) << WQ_LDF_WAVE_SHARED_BASE_LO);
        w[WQ_LD_YIELD] = (rng.below(3) << WQ_LDF_YIELD_POLICY_LO) | (rng.below(256) << WQ_LDF_YIELD_PARAM_LO) |
                         ((uint32_t)rng.below(65536) << WQ_LDF_YIELD_SEED_LO);
        w[WQ_LD_DEQUE] = (2 + rng.below(5)) << WQ_LDF_DEQUE_LOG2_LO;
        w[WQ_LD_FLAGS] = rng.below(2);
        if (rng.chance(50)) {                       // __local blocks that fit
            w[WQ_LD_LOCAL_BASE] = 16u * rng.below(1u << 20);
            w[WQ_LD_LOCAL_SIZE] = 16u * rng.below(1u << 12);
        }
        switch (bad) {
        case 0: break;
        case 1: w[WQ_LD_CODE_BASE] |= 1u << rng.below(3); break;
        case 2: w[WQ_LD_START_PC] = (1u << 22) + rng.below(1000); break;
        case 3: w[WQ_LD_GRID_X + rng.below(3)] = rng.chance(50) ? 0 : 0x10000u + rng.below(5); break;
        case 4: w[WQ_LD_CTA_X + rng.below(3)] = rng.chance(50) ? 0 : 1025u + rng.below(5); break;
        case 5: w[WQ_LD_CTA_X] = 257; w[WQ_LD_CTA_Y] = 1; break;               // > WARPS*32
        case 6: w[WQ_LD_CTA_X] = 1024; w[WQ_LD_CTA_Y] = 2; break;              // > 1024
        case 7: w[WQ_LD_GRID_X] = w[WQ_LD_GRID_Y] = w[WQ_LD_GRID_Z] = 0xFFFFu; break;  // > 2^32
        case 8: w[WQ_LD_NREGS] = rng.chance(50) ? 0 : 33; break;
        case 9: w[WQ_LD_WAVE] |= 1u << 1; break;
        case 10: w[WQ_LD_YIELD] |= 1u << 5; break;
        case 11: w[WQ_LD_YIELD] |= 3u; break;                                    // policy 3
        case 12: w[WQ_LD_DEQUE] |= 1u << 7; break;
        case 13: w[WQ_LD_DEQUE] = rng.chance(50) ? 1 : 7; break;
        case 14: w[WQ_LD_FLAGS] |= 2u; break;
        case 15: w[WQ_LD_LOCAL_BASE + rng.below(2)] |= 1u << rng.below(4); break;  // not 16-aligned
        case 17: w[WQ_LD_LOCAL_SIZE] |= 1u << (20 + rng.below(12)); break;        // >= 1 MiB
        case 18:                                    // the blocks reach 2^32, or wrap
            w[WQ_LD_GRID_X] = 16; w[WQ_LD_GRID_Y] = w[WQ_LD_GRID_Z] = 1;
            w[WQ_LD_LOCAL_SIZE] = 0x1000;
            w[WQ_LD_LOCAL_BASE] = 0xFFFF0000u + 16u * rng.below(2); break;
        case 16: w[WQ_LD_GRID_X] = 0xFFFFu; w[WQ_LD_GRID_Y] = 0xFFFFu; w[WQ_LD_GRID_Z] = 1;    // fits
                 w[WQ_LD_LOCAL_SIZE] = 0; break;
        }
        for (unsigned i = 0; i < 16; i++) mw(a + 4 * i, w[i]);
        return a;
    }

    // one pushbuffer segment of random items; returns its dword count and
    // the SEC_OPs it holds up to its first END_SEG
    uint32_t make_segment(uint32_t addr, uint32_t &secmask, unsigned err_pct) {
        uint32_t p = addr;
        bool ended = false;
        auto word = [&](uint32_t w) { mw(p, w); p += 4; };
        auto hdr = [&](unsigned op, uint32_t off, uint32_t cnt) {
            if (!ended) secmask |= 1u << op;
            word(wq_mh_encode(op, rng.below(8), off, cnt));
        };
        auto method = [&](uint32_t off, uint32_t data) {
            unsigned k = rng.below(4);
            if (k == 3 && data < (1u << (WQ_MH_COUNT_HI - WQ_MH_COUNT_LO + 1))) { hdr(WQ_SECOP_IMMD, off, data); return; }
            hdr(k == 0 ? WQ_SECOP_INC : k == 1 ? WQ_SECOP_NONINC : WQ_SECOP_ONE_INC, off, 1);
            word(data);
        };
        unsigned items = 1 + rng.below(6);
        for (unsigned i = 0; i < items; i++) {
            unsigned k = rng.below(100);
            if (k < 8) { word(0); continue; }                              // NOP word
            if (k < 30) {                                                   // semaphore
                wq_sem_exec_t s{};
                s.op = rng.chance(5) ? 7 : rng.below(7);
                s.is64 = rng.chance(40);
                s.red = rng.chance(20) ? 8 + rng.below(8) : rng.below(8);
                s.is_unsigned = rng.below(2);
                s.acquire_switch = rng.below(2);
                s.release_wfi = rng.chance(30);
                if (s.op == 7 && !rng.chance(err_pct * 15)) s.op = WQ_SEMOP_RELEASE;
                if (s.op == WQ_SEMOP_REDUCTION && s.red >= 8 && !rng.chance(err_pct * 30)) s.red &= 7;
                uint32_t sa = sem_addr(s.is64);
                if (rng.chance(err_pct)) sa |= 1u + rng.below(3);           // misaligned
                uint32_t hi = rng.chance(err_pct) ? 1u << rng.below(32) : 0;
                uint64_t pay = rng.chance(50) ? rng.below(4) : rng.next();
                if (s.is64) cov_sem64++;
                if (s.op == WQ_SEMOP_REDUCTION && !s.is_unsigned) cov_red_sign++;
                uint32_t d[5] = {sa, hi, (uint32_t)pay, (uint32_t)(pay >> 32), wq_sem_encode(&s)};
                unsigned form = rng.below(3);
                if (form == 0) {                                            // one INC group
                    hdr(WQ_SECOP_INC, WQ_M_SEM_ADDR_LO, 5);
                    for (uint32_t x : d) word(x);
                } else if (form == 1) {                                     // method by method
                    for (unsigned j = 0; j < 5; j++) method(WQ_M_SEM_ADDR_LO + 4 * j, d[j]);
                } else {                                                    // ONE_INC pairs
                    hdr(WQ_SECOP_ONE_INC, WQ_M_SEM_ADDR_LO, 1); word(d[0]);
                    hdr(WQ_SECOP_INC, WQ_M_SEM_ADDR_HI, 4);
                    for (unsigned j = 1; j < 5; j++) word(d[j]);
                }
                continue;
            }
            if (k < 36) { method(WQ_M_NON_STALL_INTERRUPT, (uint32_t)rng.next() & 0x1FFF); continue; }
            if (k < 42) { method(WQ_M_SET_REFERENCE, rng.below(8192)); continue; }
            if (k < 47) { method(WQ_M_WFI, 0); continue; }
            if (k < 53) { method(WQ_M_YIELD, 0); continue; }
            if (k < 62) {                                                   // launch
                int bad = rng.chance(err_pct * 2) ? (rng.chance(15) ? 17 + (int)rng.below(2) : 1 + (int)rng.below(15))
                                                  : rng.chance(10) ? 16 : 0;
                uint32_t da = make_desc(bad);
                if (rng.chance(err_pct)) da |= 1u + rng.below(3);           // misaligned
                method(WQ_M_LAUNCH_DESC, da);
                method(WQ_M_LAUNCH, (uint32_t)rng.next());
                continue;
            }
            if (k < 68) {                                                   // INC run over NOP-like methods
                uint32_t n = 1 + rng.below(4);
                hdr(WQ_SECOP_NONINC, WQ_M_SEM_PAYLOAD_LO, n);
                for (uint32_t j = 0; j < n; j++) word((uint32_t)rng.next());
                continue;
            }
            if (k < 72) { hdr(WQ_SECOP_INC, WQ_M_SEM_ADDR_LO, 0); continue; }   // count 0
            if (k < 75) { hdr(WQ_SECOP_END_SEG, 0, 0); ended = true; continue; }
            if (!rng.chance(err_pct * 4)) { word(0); continue; }
            // an error item
            switch (rng.below(6)) {
            case 0: method(0x004u * (1 + rng.below(7)), 1); break;               // unknown method
            case 1: word(wq_mh_encode(rng.chance(50) ? WQ_SECOP_GRP2 : WQ_SECOP_RSVD6, 0, 0x20, 1)); break;
            case 2: word(wq_mh_encode(WQ_SECOP_NOP_GRP0, 0, 0x20, 1)); break;     // nonzero NOP group
            case 3: word(wq_mh_encode(WQ_SECOP_INC, 0, 0x20, 1) | (1u << WQ_MH_RSVD_LO)); break;
            case 4: word(wq_mh_encode(WQ_SECOP_INC, 0, 0x20, 200)); break;         // truncated
            case 5: method(0x200u + 4 * rng.below(100), 7); break;                 // unknown compute
            }
            if (!ended) secmask |= 1u << WQ_SECOP_GRP2;   /* only counted via the error record */
            secmask &= ~(1u << WQ_SECOP_GRP2);
        }
        return (p - addr) / 4;
    }

    // append up to n GP entries to channel c and ring the doorbell
    void feed(unsigned c, unsigned n, unsigned err_pct) {
        Drv &d = drv[c];
        wq_channel_t *ch = &ctx->ch[c];
        if (ch->state == WQ_CH_DISABLED || ch->state == WQ_CH_ERROR) return;
        uint32_t size = 1u << d.log2;
        unsigned added = 0;
        for (unsigned i = 0; i < n; i++) {
            if (((d.put + 1) & (size - 1)) == ch->gp_get) break;          // ring full
            if (d.arena + 0x2000 > ARENA_SIZE) {
                if (ch->in_seg || ch->gp_get != ch->gp_put) break;         // wrap only when drained
                d.arena = 0;
            }
            uint32_t ea = ring_base(c) + 8u * d.put;
            uint32_t secmask = 0;
            unsigned k = rng.below(100);
            if (k < 6) {                                                    // control NOP
                mw(ea, rng.chance(50) ? 0 : (uint32_t)rng.next() & ~3u);
                mw(ea + 4, wq_gp_word1(0, rng.below(2), WQ_GPCTL_NOP));
            } else if (k < 6 + err_pct) {                                   // bad entry
                unsigned e = rng.below(3);
                mw(ea, e == 0 ? (0x1000u | (1u + rng.below(3))) : 0x1000u);
                mw(ea + 4, e == 1 ? wq_gp_word1(1, 0, 0) | (1u << (WQ_GP_RSVD1_LO + rng.below(2)))
                                  : e == 2 ? wq_gp_word1(0, 0, 1 + rng.below(255))
                                           : wq_gp_word1(1, 0, 0));
            } else {
                uint32_t sa = arena_base(c) + d.arena;
                uint32_t len = make_segment(sa, secmask, err_pct);
                uint32_t extra = rng.chance(10) ? 1 + rng.below(3) : 0;     // trailing NOPs
                for (uint32_t j = 0; j < extra; j++) mw(sa + 4 * (len + j), 0);
                len += extra;
                d.arena += 4 * len + 8;
                if (len == 0) { mw(sa, 0); len = 1; }
                mw(ea, wq_gp_word0(sa));
                mw(ea + 4, wq_gp_word1(len, rng.below(2), 0));
            }
            d.secops[d.put] = secmask;
            d.put = (d.put + 1) & (size - 1);
            added++;
        }
        if (added) chw(c, WQ_CHCSR_GP_PUT, d.put);
    }

    // ---- the environment between steps ---------------------------------------------------
    void engine_actions() {
        wq_grid_t *g = &ctx->grid;
        if (g->valid && rng.chance(3)) {                  // dispatch the whole grid
            g->valid = 0;
            ctx->warp[0].state = WQ_WS_RUN;
            warp_running = true;
            run_until = cycle + rng.below(300);
        }
        if (warp_running && cycle >= run_until) {
            ctx->warp[0].state = WQ_WS_FREE;
            warp_running = false;
        }
    }

    void random_csr(unsigned err_pct) {
        unsigned c = rng.below(NCH);
        unsigned k = rng.below(100);
        if (k < 30) { chr(c, 4u * rng.below(WQ_CSRVAL_CHAN_STRIDE / 4)); return; }
        if (k < 35) { csr(false, WQ_CSRVAL_CHAN_BASE + WQ_CSRVAL_CHAN_STRIDE * (NCH + rng.below(8)) + 4 * rng.below(10), 0); return; }
        if (k < 38) { csr(rng.below(2), choff(c, 4u * rng.below(16)) | (1u + rng.below(3)), 1); return; }
        if (k < 45) { csr(true, WQ_CSR_HOST_SLICE, rng.chance(30) ? 0 : 1 + rng.below(6)); return; }
        if (k < 52) { chw(c, WQ_CHCSR_ACQ_RETRY, rng.below(40)); return; }
        if (k < 57) { chw(c, WQ_CHCSR_ACQ_TIMEOUT, rng.below(12)); return; }
        if (k < 62) {                                     // CPU writes a semaphore
            uint32_t a = SEM_AREA + 4u * rng.below(16);
            mw(a, rng.chance(50) ? rng.below(4) : (uint32_t)rng.next());
            return;
        }
        if (k < 65) { chw(c, WQ_CHCSR_GPFIFO_BASE, ring_base(c)); return; }
        if (k < 67 && top->o_ev_req) {                   // a longer retry while a request waits
            for (unsigned w = 0; w < NCH; w++)
                if (ctx->ch[w].state == WQ_CH_ACQ_WAIT) chw(w, WQ_CHCSR_ACQ_RETRY, 50 + rng.below(200));
            return;
        }    // frozen while enabled
        if (k < 68) { chw(c, WQ_CHCSR_GP_GET, 5); chw(c, WQ_CHCSR_STATUS, 0); return; }  // read-only
        if (k < 72 && rng.chance(err_pct * 5)) {        // doorbell out of range
            chw(c, WQ_CHCSR_GP_PUT, (1u << drv[c].log2) + rng.below(100));
            cov_put_range++;
            return;
        }
        if (k < 80) {                                     // disable, maybe re-enable later
            if (ctx->ch[c].wait_kind) cov_disable_wait++;
            chw(c, WQ_CHCSR_CTRL, 0);
            return;
        }
        if (k < 88) { chw(c, WQ_CHCSR_CTRL, CTRL_EN); return; }
        if (k < 92) {                                     // reset (+ maybe a new config)
            cov_reset++;
            chw(c, WQ_CHCSR_CTRL, CTRL_RST);
            uint32_t log2 = 2 + rng.below(4);
            if (rng.chance(err_pct * 3)) {                // a bad configuration
                chw(c, WQ_CHCSR_GPFIFO_BASE, rng.chance(50) ? ring_base(c) + 4 : ring_base(c));
                chw(c, WQ_CHCSR_GPFIFO_LOG2, rng.chance(50) ? 0 : 17 + rng.below(20));
                chw(c, WQ_CHCSR_CTRL, CTRL_EN);
                chw(c, WQ_CHCSR_CTRL, CTRL_RST | (rng.chance(50) ? CTRL_EN : 0));
                chw(c, WQ_CHCSR_GPFIFO_BASE, ring_base(c));
            }
            setup_chan(c, log2);
            return;
        }
        read_all_regs();
    }

    void between(unsigned err_pct, unsigned feed_pct) {
        engine_actions();
        // a request is pending for a due acquire retry: move ACQ_RETRY to
        // the exact boundary (due by 0 or short by 1 cycle at the grant,
        // which follows at once), or well past it
        if (top->o_ev_req && rng.chance(15)) {
            unsigned c = ctx->cur_ch;
            if (ctx->ch[c].state == WQ_CH_ACQ_WAIT) {
                uint64_t g = cycle + 3;                    // a CSR access takes three cycles
                uint32_t r = rng.chance(70) ? (uint32_t)(g - ctx->ch[c].acq_last) + rng.below(2)
                                            : 100 + rng.below(200);
                chw(c, WQ_CHCSR_ACQ_RETRY, r);
                if (cycle != g) fail("bench: CSR access did not take three cycles");
                grant_now = true;
            }
        }
        if (rng.chance(feed_pct)) {
            unsigned c = rng.below(NCH);
            feed(c, 1 + rng.below(3), err_pct);
        }
        if (rng.chance(8) || (top->o_ev_req && rng.chance(10))) random_csr(err_pct);
        // a channel in ERROR is reset now and then so that it works again
        for (unsigned c = 0; c < NCH; c++)
            if (ctx->ch[c].state == WQ_CH_ERROR && rng.chance(5)) {
                cov_reset++;
                chw(c, WQ_CHCSR_CTRL, CTRL_RST);
                chw(c, WQ_CHCSR_GPFIFO_BASE, ring_base(c));
                setup_chan(c, 2 + rng.below(4));
            }
    }

    // run the lock: grant requests after a random delay
    void run_cycles(uint64_t n, unsigned err_pct, unsigned feed_pct, bool env) {
        for (uint64_t i = 0; i < n; i++) {
            if (!granted && !drop_next) {
                if (env && rng.chance(20)) between(err_pct, feed_pct);
                if (top->o_ev_req) {
                    if (grant_now) grant_delay = 0;
                    grant_now = false;
                    if (grant_delay == 0) {
                        granted = true;
                        grant_cycle = cycle;
                        grant_delay = rng.chance(70) ? 0 : rng.below(12);
                    } else {
                        grant_delay--;
                    }
                }
            }
            cycle_once();
        }
    }

    void reset_all() {
        top->i_reset = 1;
        top->i_csr_valid = 0;
        top->i_ev_gnt = 0;
        granted = drop_next = false;
        for (int i = 0; i < 3; i++) cycle_once();
        top->i_reset = 0;
        cycle_once();
        resp.clear();
#ifdef WQ_TB_HOST_LINE
        lines.clear();
#endif
    }

    // ---- the named scenario -------------------------------------------------------------------
    bool scenario_error_isolation() {
        new_model();
        reset_all();
        setup_chan(0, 3);
        setup_chan(1, 3);
        chw(1, WQ_CHCSR_ACQ_RETRY, 2);
        // channel 1: 6 segments, each releasing one semaphore and raising a method
        for (unsigned s = 0; s < 6; s++) {
            uint32_t a = arena_base(1) + 0x100u * s, p = a;
            wq_sem_exec_t rel{};
            rel.op = WQ_SEMOP_RELEASE;
            uint32_t d[5] = {SEM_AREA + 0x40u + 8u * s, 0, 0x1000u + s, 0, wq_sem_encode(&rel)};
            mw(p, wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SEM_ADDR_LO, 5)); p += 4;
            for (uint32_t x : d) { mw(p, x); p += 4; }
            mw(p, wq_mh_encode(WQ_SECOP_IMMD, 0, WQ_M_SET_REFERENCE, s + 1)); p += 4;
            uint32_t ea = ring_base(1) + 8u * s;
            mw(ea, wq_gp_word0(a));
            mw(ea + 4, wq_gp_word1((p - a) / 4, 0, 0));
        }
        // channel 0: a good method, then a header with its reserved bit set
        {
            uint32_t a = arena_base(0), p = a;
            mw(p, wq_mh_encode(WQ_SECOP_IMMD, 0, WQ_M_NON_STALL_INTERRUPT, 1)); p += 4;
            mw(p, wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SET_REFERENCE, 1) | (1u << WQ_MH_RSVD_LO)); p += 4;
            mw(p, 77); p += 4;
            mw(ring_base(0), wq_gp_word0(a));
            mw(ring_base(0) + 4, wq_gp_word1((p - a) / 4, 0, 0));
        }
        csr(true, WQ_CSR_HOST_SLICE, 2);
        chw(0, WQ_CHCSR_GP_PUT, 1);
        chw(1, WQ_CHCSR_GP_PUT, 6);
        run_cycles(3000, 0, 0, false);
        uint32_t st0 = chr(0, WQ_CHCSR_STATUS), st1 = chr(1, WQ_CHCSR_STATUS);
        uint32_t info0 = chr(0, WQ_CHCSR_ERR_INFO), get1 = chr(1, WQ_CHCSR_GP_GET);
        uint32_t ref1 = chr(1, WQ_CHCSR_REF);
        unsigned s0 = (unsigned)WQ_BITS(st0, WQ_CSRF_STATUS_STATE_HI, WQ_CSRF_STATUS_STATE_LO);
        unsigned e0 = (unsigned)WQ_BITS(st0, WQ_CSRF_STATUS_ERROR_HI, WQ_CSRF_STATUS_ERROR_LO);
        unsigned s1 = (unsigned)WQ_BITS(st1, WQ_CSRF_STATUS_STATE_HI, WQ_CSRF_STATUS_STATE_LO);
        bool sems = true;
        for (unsigned s = 0; s < 6; s++)
            sems &= wq_mem_read32(rmem, SEM_AREA + 0x40u + 8u * s) == 0x1000u + s;
        bool ok = s0 == WQ_CH_ERROR && e0 == WQ_CHERR_RESERVED_BITS &&
                  info0 == (wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SET_REFERENCE, 1) | (1u << WQ_MH_RSVD_LO)) &&
                  s1 == WQ_CH_IDLE && get1 == 6 && ref1 == 6 && sems;
        compare_mem();
        printf("host_scenario_error_isolation: %s (ch0 state %u error %u info %08x; ch1 state %u "
               "GP_GET %u REF %u, 6/6 semaphores released: %s)\n",
               ok ? "PASS" : "FAIL", s0, e0, info0, s1, get1, ref1, sems ? "yes" : "no");
        return ok;
    }

    // ---- measured runs -------------------------------------------------------------------
    // Ring channel 0's doorbell at `put` and run until the channel is idle,
    // at a memory of latency 1..lat cycles that takes rdy % of requests,
    // grants at once and nobody else waiting for the lock (i_ev_wait low);
    // a grid the host launched is dispatched (the model's grid taken) as
    // soon as the host does not hold the lock.  Methods and granted cycles
    // of the run: dm, db.
    bool measured_run(uint32_t put, unsigned lat, unsigned rdy, uint64_t max_cycles,
                      uint64_t &dm, uint64_t &db) {
        unsigned l0 = lat_max, r0 = ready_pct, w0 = wait_pct;
        lat_max = lat; ready_pct = rdy; wait_pct = 0;
        uint64_t b0 = busy_cycles, m0 = n_methods, c0 = cycle;
        chw(0, WQ_CHCSR_GP_PUT, put);
        while (cycle - c0 < max_cycles && ctx->ch[0].state != WQ_CH_IDLE) {
            if (!granted && ctx->grid.valid) ctx->grid.valid = 0;
            grant_now = true;     // no random grant delay (not counted either way)
            run_cycles(1, 0, 0, false);
        }
        drain_grant();
        lat_max = l0; ready_pct = r0; wait_pct = w0;
        db = busy_cycles - b0;
        dm = n_methods - m0;
        return ctx->ch[0].state == WQ_CH_IDLE;
    }

    // The method stream: one channel, one segment of plain methods -- a
    // NONINC run, IMMD SET_REFERENCEs (the engine is idle), an INC run over
    // the four semaphore registers -- at a 1-cycle memory: the host's
    // method rate with nothing in its way, in lockstep like every step.
    // Methods per cycle of grant: host_stream_methods_per_busy_cycle.
    double stream_rate = 0.0;
    bool scenario_stream() {
        new_model();
        reset_all();
        setup_chan(0, 3);
        uint32_t a = arena_base(0), p = a;
        unsigned nm = 0;
        mw(p, wq_mh_encode(WQ_SECOP_NONINC, 0, WQ_M_SEM_PAYLOAD_LO, 100)); p += 4;
        for (unsigned i = 0; i < 100; i++) { mw(p, 0x100u + i); p += 4; nm++; }
        for (unsigned i = 0; i < 20; i++) {
            mw(p, wq_mh_encode(WQ_SECOP_IMMD, 0, WQ_M_SET_REFERENCE, i + 1)); p += 4; nm++;
        }
        for (unsigned r = 0; r < 10; r++) {
            mw(p, wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SEM_ADDR_LO, 4)); p += 4;
            for (unsigned i = 0; i < 4; i++) { mw(p, i == 1 ? 0u : 0x4000u + 8u * r); p += 4; nm++; }
        }
        mw(ring_base(0), wq_gp_word0(a));
        mw(ring_base(0) + 4, wq_gp_word1((p - a) / 4, 0, 0));
        uint64_t dm = 0, db = 0;
        bool ok = measured_run(1, 1, 100, 10000, dm, db);
        stream_rate = db ? (double)dm / db : 0.0;
        ok = ok && dm == nm && chr(0, WQ_CHCSR_GP_GET) == 1;
        compare_mem();
        printf("host_scenario_stream: %s (%" PRIu64 " methods in %" PRIu64 " granted cycles)\n",
               ok ? "PASS" : "FAIL", dm, db);
        return ok;
    }

    // The streamed command buffer (host_methods_per_busy_cycle): what a
    // driver queues for a run of kernels on one channel -- CB_ENTRIES GP
    // entries, each a segment of method bursts: the semaphore registers
    // (an INC group of 4), a NONINC burst of 24 parameter words, an IMMD
    // SET_REFERENCE; every second entry ends with a semaphore RELEASE (an
    // INC group of 5 ending in SEM_EXECUTE), every fourth has a launch
    // (LAUNCH_DESC, LAUNCH of a valid descriptor) before it.  At a memory of
    // 1..3 cycles latency that takes 90 % of requests, nobody else waiting
    // for the lock, the launched grids dispatched at once: methods per
    // granted cycle of the whole buffer, GP entries, segment ends,
    // releases and launches included.
    static const unsigned CB_ENTRIES = 16;
    double cmdbuf_rate = 0.0;
    bool scenario_cmdbuf() {
        new_model();
        reset_all();
        setup_chan(0, 5);
        uint32_t p = arena_base(0);
        unsigned nm = 0;
        for (unsigned e = 0; e < CB_ENTRIES; e++) {
            uint32_t a = p;
            auto word = [&](uint32_t w) { mw(p, w); p += 4; };
            word(wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SEM_ADDR_LO, 4));
            uint32_t d4[4] = {SEM_AREA + 8u * (e % 8), 0, 0x100u + e, 0};
            for (uint32_t x : d4) word(x);
            word(wq_mh_encode(WQ_SECOP_NONINC, 0, WQ_M_SEM_PAYLOAD_LO, 24));
            for (unsigned i = 0; i < 24; i++) word(0x5000u + 32u * e + i);
            word(wq_mh_encode(WQ_SECOP_IMMD, 0, WQ_M_SET_REFERENCE, e + 1));
            nm += 29;
            if (e % 4 == 3) {
                word(wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_LAUNCH_DESC, 2));
                word(make_desc(0));
                word(e);
                nm += 2;
            }
            if (e % 2 == 1) {
                wq_sem_exec_t rel{};
                rel.op = WQ_SEMOP_RELEASE;
                word(wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SEM_ADDR_LO, 5));
                uint32_t d5[5] = {SEM_AREA + 0x40u + 8u * (e % 8), 0, 0x7000u + e, 0, wq_sem_encode(&rel)};
                for (uint32_t x : d5) word(x);
                nm += 5;
            }
            mw(ring_base(0) + 8u * e, wq_gp_word0(a));
            mw(ring_base(0) + 8u * e + 4, wq_gp_word1((p - a) / 4, 0, 0));
        }
        uint64_t dm = 0, db = 0;
        bool ok = measured_run(CB_ENTRIES, 3, 90, 100000, dm, db);
        cmdbuf_rate = db ? (double)dm / db : 0.0;
        uint32_t ref = chr(0, WQ_CHCSR_REF), get = chr(0, WQ_CHCSR_GP_GET);
        ok = ok && dm == nm && get == CB_ENTRIES && ref == CB_ENTRIES;
        compare_mem();
        printf("host_scenario_cmdbuf: %s (%" PRIu64 " methods in %" PRIu64 " granted cycles, "
               "%u GP entries, GP_GET %u, REF %u)\n", ok ? "PASS" : "FAIL", dm, db, CB_ENTRIES, get, ref);
        return ok;
    }

    // ---- a semaphore release that rewrites its own pushbuffer ----------------------
    // The release's address is the data word of the SET_REFERENCE two
    // words after its SEM_EXECUTE: the RTL has read that word ahead (its
    // prefetch FIFO) when the release runs, and must use the value written
    // (the model reads it after the release).  REF = the release's payload.
    bool scenario_self_modify() {
        new_model();
        reset_all();
        setup_chan(0, 3);
        const uint32_t NEWV = 0x5a5a0001u, OLDV = 77;
        uint32_t a = arena_base(0), p = a;
        wq_sem_exec_t rel{};
        rel.op = WQ_SEMOP_RELEASE;
        uint32_t target = a + 4u * 7;          // the SET_REFERENCE data word below
        mw(p, wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SEM_ADDR_LO, 5)); p += 4;
        uint32_t d[5] = {target, 0, NEWV, 0, wq_sem_encode(&rel)};
        for (uint32_t x : d) { mw(p, x); p += 4; }
        mw(p, wq_mh_encode(WQ_SECOP_NONINC, 0, WQ_M_SET_REFERENCE, 1)); p += 4;
        if (p != target) fail("self-modify scenario: layout");
        mw(p, OLDV); p += 4;
        mw(p, wq_mh_encode(WQ_SECOP_IMMD, 0, WQ_M_NON_STALL_INTERRUPT, 0)); p += 4;
        mw(ring_base(0), wq_gp_word0(a));
        mw(ring_base(0) + 4, wq_gp_word1((p - a) / 4, 0, 0));
        chw(0, WQ_CHCSR_GP_PUT, 1);
        grant_now = true;
        for (unsigned i = 0; i < 40 && ctx->ch[0].state != WQ_CH_IDLE; i++) {
            grant_now = true;
            run_cycles(50, 0, 0, false);
        }
        uint32_t ref = chr(0, WQ_CHCSR_REF);
        bool ok = ref == NEWV && ctx->ch[0].state == WQ_CH_IDLE;
        compare_mem();
        printf("host_scenario_self_modify: %s (REF %08x, the release's payload %08x)\n",
               ok ? "PASS" : "FAIL", ref, NEWV);
        return ok;
    }

    int run(uint64_t ncycles) {
        if (!scenario_error_isolation()) return 1;
        if (!scenario_stream()) return 1;
        if (!scenario_cmdbuf()) return 1;
        if (!scenario_self_modify()) return 1;
        busy_cycles = n_methods = 0;      // the random traffic's figure from here
        step_busy = 0;
        for (unsigned k = 0; k < 4; k++) bk_cyc[k] = bk_steps[k] = 0;

        new_model();
        reset_all();
        for (unsigned c = 0; c < NCH; c++) {
            setup_chan(c, 2 + rng.below(4));
            chw(c, WQ_CHCSR_ACQ_RETRY, rng.below(30));
            chw(c, WQ_CHCSR_ACQ_TIMEOUT, 2 + rng.below(20));
        }
        uint64_t done = 0;
        unsigned phase = 0;
        while (done < ncycles) {
            // phases: error-light traffic, error-heavy, slow memory, slices of 1..3
            unsigned err_pct = phase % 4 == 1 ? 6 : 1;
            static const unsigned lats[] = {1, 3, 8, 2};
            static const unsigned rdy[] = {100, 80, 40, 90};
            lat_max = lats[phase % 4];
            ready_pct = rdy[(phase / 2) % 4];
            if (phase % 3 == 2) csr(true, WQ_CSR_HOST_SLICE, 1 + rng.below(3));
            run_cycles(5000, err_pct, 30, true);
            done += 5000;
            phase++;
            drain_grant();
            compare_mem();
            read_all_regs();
        }
        // drain: stop feeding, let the channels run dry
        run_cycles(20000, 0, 0, false);
        drain_grant();
        compare_mem();
        read_all_regs();

        std::vector<std::string> holes;
        for (unsigned e = WQ_CHERR_BAD_GP_ENTRY; e <= WQ_CHERR_RESERVED_BITS; e++)
            if (!cov_err.count(e)) holes.push_back("error code " + std::string(wq_cherr_name(e)));
        for (unsigned k = 0; k < 8; k++)
            if (!cov_secop.count(k)) holes.push_back("SEC_OP " + std::to_string(k));
        static const uint32_t methods[] = {WQ_M_NON_STALL_INTERRUPT, WQ_M_SET_REFERENCE, WQ_M_SEM_ADDR_LO,
                                           WQ_M_SEM_ADDR_HI, WQ_M_SEM_PAYLOAD_LO, WQ_M_SEM_PAYLOAD_HI,
                                           WQ_M_SEM_EXECUTE, WQ_M_WFI, WQ_M_YIELD, WQ_M_LAUNCH_DESC,
                                           WQ_M_LAUNCH};
        for (uint32_t m : methods)
            if (!cov_method.count(m)) holes.push_back("method " + std::to_string(m));
        for (unsigned s = WQ_SW_EMPTY; s <= WQ_SW_ERROR; s++)
            if (!cov_switch.count(s)) holes.push_back("switch reason " + std::to_string(s));
        static const unsigned states[] = {WQ_CH_DISABLED, WQ_CH_IDLE, WQ_CH_RUNNABLE, WQ_CH_ACQ_WAIT,
                                          WQ_CH_WFI_WAIT, WQ_CH_LAUNCH_WAIT, WQ_CH_ERROR};
        for (unsigned s : states)
            if (!cov_state.count(s)) holes.push_back("channel state " + std::to_string(s));
        for (unsigned op = 0; op < 7; op++)
            if (op != WQ_SEMOP_RELEASE && op != WQ_SEMOP_REDUCTION && !cov_semop.count(op))
                holes.push_back("passing acquire op " + std::to_string(op));
        if (!cov_semop.count(WQ_SEMOP_RELEASE)) holes.push_back("release");
        if (!cov_semop.count(WQ_SEMOP_REDUCTION)) holes.push_back("reduction");
        if (!cov_acq_fail) holes.push_back("failed acquire");
        if (!cov_launch) holes.push_back("launch");
        if (!cov_degenerate) holes.push_back("tick with the acquire retry not due");
        if (!cov_burst) holes.push_back("burst (a step keeping the lock)");
        if (!cov_csr_err) holes.push_back("unmapped CSR");
        if (!cov_reset) holes.push_back("CTRL.RESET");
        if (!cov_disable_wait) holes.push_back("disable mid-wait");
        if (!(cov_irq >> WQ_IRQ_CHAN_ERROR & 1)) holes.push_back("CHAN_ERROR interrupt");
        if (!(cov_irq >> WQ_IRQ_NON_STALL & 1)) holes.push_back("NON_STALL interrupt");

        printf("host_cycles: %" PRIu64 "\n", cycle);
        printf("host_steps: %" PRIu64 "\n", n_steps);
        printf("host_methods: %" PRIu64 "\n", n_methods);
        printf("host_methods_per_busy_cycle: %.3f\n", cmdbuf_rate);
        printf("host_methods_per_busy_cycle_random: %.3f\n", busy_cycles ? (double)n_methods / busy_cycles : 0.0);
        printf("host_stream_methods_per_busy_cycle: %.3f\n", stream_rate);
        printf("host_busy_breakdown: semaphore %" PRIu64 " steps %" PRIu64
               " cycles, launch %" PRIu64 " / %" PRIu64 ", other method %" PRIu64 " / %" PRIu64
               ", no method %" PRIu64 " / %" PRIu64 " (of %" PRIu64 " granted cycles)\n",
               bk_steps[0], bk_cyc[0], bk_steps[1], bk_cyc[1], bk_steps[2], bk_cyc[2],
               bk_steps[3], bk_cyc[3], busy_cycles);
        printf("host_cov_errors: %zu\n", cov_err.size());
        printf("host_cov_switch_reasons: %zu\n", cov_switch.size());
        printf("host_cov_ticks_not_due: %" PRIu64 "\n", cov_degenerate);
        printf("host_steps_kept_lock: %" PRIu64 "\n", cov_burst);
        printf("host_cov_acq_fail: %" PRIu64 "\n", cov_acq_fail);
        printf("host_cov_launches: %" PRIu64 "\n", cov_launch);
        return verdict(holes);
    }
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::run_main<Bench>(argc, argv, "host", "--cycles", 200000);
}
