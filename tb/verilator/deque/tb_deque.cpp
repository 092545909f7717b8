// tb_deque.cpp -- Verilator unit bench for rtl/wq_token_deque.v.
//
// Drives the deque with seeded random commands over every warp slot and
// checks it against the C golden model (cmodel/model/deque.c, linked as C):
//   * every result (o_rvalid ...) against what the model returned for the
//     same command, in the cycle the RTL's documented latency says;
//   * whenever the command port is ready: the whole RAM image against the
//     model's dqram, and per warp head, tail, log2, front token and the
//     has_type vector (the o_* state outputs, i_warp swept over every warp)
//     against the model;
//   * every cycle: the view (o_v_*: the state of one warp in flip-flops),
//     moved to a random warp now and then (i_vload, i_vwarp: often the warp
//     of the command accepted in that cycle), against the model's state of
//     the warp the bench last moved it to.
// The debug commands are checked against what the CSR debug window does in
// the model (cmodel/model/csr.c, dbg_cmd): index masked by depth-1, a
// SET_HEADTAIL outside tail <= head <= depth ignored.  After a bound trap
// the bench often re-centres the deque through the debug port exactly as
// the driver does (wq_deque_recenter), and checks the result equals the
// model function's.
//
// The first mismatch prints cycle, seed, command, expected and actual and
// the recent command trace, and exits 1.  A final phase issues a pure
// push/pop stream and reports the sustained rate.
//
// usage: tb_deque [--seed N] [--ops N] [--tput N] [--wave FILE.fst] [-v]
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

extern "C" {
#include "wq/deque.h"
}

#include "Vwq_token_deque.h"
#include "Vwq_token_deque___024root.h"
#include "Vwq_token_deque_wq_token_deque.h"
#include "tb_harness.h"
#include "tb_rng.h"

namespace {

using RtlMod = Vwq_token_deque_wq_token_deque;   // parameters and command codes

constexpr unsigned LOG2  = RtlMod::LOG2;
constexpr unsigned WARPS = RtlMod::WARPS;
constexpr unsigned DEPTH = 1u << LOG2;
constexpr unsigned NTYPE = 1u << (WQ_TF_TYPE_HI - WQ_TF_TYPE_LO + 1);

const char *cmd_name(unsigned op)
{
    if (op == WQ_DQCMD_PUSH_FRONT) return "PUSH_FRONT";
    if (op == WQ_DQCMD_PUSH_BACK) return "PUSH_BACK";
    if (op == WQ_DQCMD_POP) return "POP";
    if (op == WQ_DQCMD_FIND) return "FIND";
    if (op == WQ_DQCMD_MERGE) return "MERGE";
    if (op == WQ_DQCMD_CLEAR) return "CLEAR";
    if (op == WQ_DQCMD_DBG_READ) return "DBG_READ";
    if (op == WQ_DQCMD_DBG_WRITE) return "DBG_WRITE";
    if (op == WQ_DQCMD_DBG_SET_HEADTAIL) return "DBG_SET_HEADTAIL";
    return "NOP";
}

// ---- one command and what the model says it returns -------------------------
struct Cmd {
    unsigned op = 0, warp = 0, type = 0, index = 0, head = 0, tail = 0, log2 = 0;
    uint32_t mask = 0, addr = 0;
    uint64_t data = 0;
    int src = -1;          // DBG_WRITE of a re-centring: data = model e[src] when issued
    bool rc_last = false;  // the SET_HEADTAIL that ends a re-centring
};

struct Expect {
    Cmd cmd;
    uint64_t accept_cycle = 0;
    unsigned latency = 1;          // result this many cycles after acceptance
    unsigned trap = 0;
    bool found = false, empty = false, rejected = false;
    bool check_token = false, check_index = false;
    uint64_t token = 0;
    unsigned index = 0;
};

std::string fmt_cmd(const Cmd &c)
{
    char b[200];
    int n = snprintf(b, sizeof b, "%s warp=%u", cmd_name(c.op), c.warp);
    char *p = b + n;
    size_t left = sizeof b - (size_t)n;
    if (c.op == WQ_DQCMD_PUSH_FRONT || c.op == WQ_DQCMD_PUSH_BACK)
        snprintf(p, left, " type=%s mask=%08x addr=%u", wq_toktype_name(c.type), c.mask, c.addr);
    else if (c.op == WQ_DQCMD_FIND)
        snprintf(p, left, " type=%s addr=%u", wq_toktype_name(c.type), c.addr);
    else if (c.op == WQ_DQCMD_MERGE)
        snprintf(p, left, " index=%u mask=%08x", c.index, c.mask);
    else if (c.op == WQ_DQCMD_CLEAR)
        snprintf(p, left, " log2=%u", c.log2);
    else if (c.op == WQ_DQCMD_DBG_READ)
        snprintf(p, left, " index=%u", c.index);
    else if (c.op == WQ_DQCMD_DBG_WRITE)
        snprintf(p, left, " index=%u data=%016" PRIx64, c.index, c.data);
    else if (c.op == WQ_DQCMD_DBG_SET_HEADTAIL)
        snprintf(p, left, " head=%u tail=%u", c.head, c.tail);
    return b;
}

// ---- the bench ------------------------------------------------------------------
struct Bench : tb::Harness<Vwq_token_deque> {
    Rng rng;

    // the model
    std::vector<wq_token_t> dqram;
    wq_deque_t dq[WARPS];

    std::deque<Expect> pend;           // accepted, result not yet seen
    std::deque<Cmd> script;            // queued driver sequence (re-centring)
    bool have_cmd = false;             // a command is being offered
    Cmd cur;

    // after a re-centring script: what wq_deque_recenter gives
    bool recenter_check = false;
    unsigned rc_warp = 0;
    wq_deque_t rc_dq;
    std::vector<wq_token_t> rc_e;

    // statistics and coverage
    uint64_t n_accepted = 0, n_results = 0;
    uint64_t cov_front_bound = 0, cov_back_bound = 0, cov_full_front = 0,
             cov_full_back = 0, cov_pop = 0, cov_pop_empty = 0,
             cov_find_short = 0, cov_find_hit = 0, cov_find_miss_scan = 0,
             cov_merge = 0, cov_merge_front = 0, cov_dbg_write_front = 0,
             cov_set_ok = 0, cov_set_rejected = 0, cov_recenter = 0,
             cov_clear_small = 0, cov_stall = 0, cov_reset = 0,
             cov_back_to_back_same_warp = 0, cov_view_cmd = 0, cov_view_load_cmd = 0;
    unsigned v_warp = 0;                // the warp the view follows
    unsigned find_lat_max = 0;
    unsigned last_accept_warp = ~0u;
    uint64_t last_accept_cycle = ~0ull;

    Bench(uint64_t s, const char *wave)
        : Harness("deque_tb", s), rng(s), dqram((size_t)WARPS << LOG2) {
        trace_label = "recent commands";
        open_wave(wave);
        model_reset();
        idle_inputs();
    }

    // ---- model side ----
    void model_reset() {                       // what wq_reset does to dqram
        std::fill(dqram.begin(), dqram.end(), 0);
        for (unsigned w = 0; w < WARPS; w++)
            wq_deque_init(&dq[w], &dqram[(size_t)w << LOG2], DEPTH);
    }

    // ---- RTL side ----
    void idle_inputs() {
        top->i_valid = 0;
        top->i_op = 0; top->i_warp = 0; top->i_type = 0; top->i_mask = 0;
        top->i_addr = 0; top->i_index = 0; top->i_data = 0; top->i_head = 0;
        top->i_tail = 0; top->i_log2 = 0;
        top->i_vload = 0; top->i_vwarp = 0;
    }

    void drive(const Cmd &c) {
        top->i_valid = 1;
        top->i_op = c.op; top->i_warp = c.warp; top->i_type = c.type;
        top->i_mask = c.mask; top->i_addr = c.addr; top->i_index = c.index;
        top->i_data = c.data; top->i_head = c.head; top->i_tail = c.tail;
        top->i_log2 = c.log2;
    }

    void reset_rtl() {
        top->i_reset = 1;
        idle_inputs();
        tick();
        tick();
        top->i_reset = 0;
        model_reset();
        pend.clear();
        script.clear();
        have_cmd = false;
        recenter_check = false;
        v_warp = 0;
        cov_reset++;
    }

    // ---- comparisons ----
    static std::string hex(uint64_t v) {
        char b[24];
        snprintf(b, sizeof b, "%016" PRIx64, v);
        return b;
    }
    static std::string tok(uint64_t t) {
        char b[96];
        return std::string(hex(t)) + " (" + wq_token_format(t, b, sizeof b) + ")";
    }

    // the model's runtime log2 of a deque, and wq_deque_has_type of its
    // types 0 .. n-1 as a bit vector (what o_log2 / o_has_type show)
    static unsigned depth_log2(const wq_deque_t *d) {
        unsigned lg = 0;
        while ((1u << lg) < d->depth) lg++;
        return lg;
    }
    static unsigned has_types(const wq_deque_t *d, unsigned n) {
        unsigned has = 0;
        for (unsigned t = 0; t < n; t++)
            has |= (unsigned)(wq_deque_has_type(d, t) != 0) << t;
        return has;
    }

    void check_state() {
        const auto &mem = top->rootp->wq_token_deque->mem;
        for (size_t i = 0; i < dqram.size(); i++)
            if ((uint64_t)mem[i] != dqram[i]) {
                char b[128];
                snprintf(b, sizeof b, "RAM entry %zu (warp %zu index %zu): expected ", i,
                         i >> LOG2, i & (DEPTH - 1));
                fail(b + tok(dqram[i]) + "\n  actual   " + tok(mem[i]));
            }
        for (unsigned w = 0; w < WARPS; w++) {
            top->i_warp = w;
            top->eval();
            const wq_deque_t *d = &dq[w];
            unsigned lg = depth_log2(d);
            char b[256];
            if (top->o_head != d->head || top->o_tail != d->tail || top->o_log2 != lg) {
                snprintf(b, sizeof b, "warp %u head/tail/log2: expected %u/%u/%u actual %u/%u/%u",
                         w, d->head, d->tail, lg, top->o_head, top->o_tail, top->o_log2);
                fail(b);
            }
            if ((uint64_t)top->o_front != wq_deque_front(d)) {
                snprintf(b, sizeof b, "warp %u front: expected ", w);
                fail(b + tok(wq_deque_front(d)) + "\n  actual   " + tok(top->o_front));
            }
            unsigned has = has_types(d, NTYPE);
            if (top->o_has_type != has) {
                snprintf(b, sizeof b, "warp %u has_type: expected %04x actual %04x", w, has,
                         top->o_has_type);
                fail(b);
            }
        }
        if (recenter_check) {                  // the driver sequence == wq_deque_recenter
            recenter_check = false;
            const wq_deque_t *d = &dq[rc_warp];
            bool ok = d->head == rc_dq.head && d->tail == rc_dq.tail;
            for (unsigned i = d->tail; ok && i < d->head; i++)
                ok = d->e[i] == rc_e[i];
            if (!ok) {
                char b[160];
                snprintf(b, sizeof b, "bench: warp %u re-centred through the debug port to [%u, %u),"
                         " wq_deque_recenter gives [%u, %u)", rc_warp, d->tail, d->head,
                         rc_dq.tail, rc_dq.head);
                for (unsigned i = d->tail; i < d->head; i++)
                    if (d->e[i] != rc_e[i])
                        printf("  e[%u]: port %s recenter %s\n", i, hex(d->e[i]).c_str(),
                               hex(rc_e[i]).c_str());
                fail(b);
            }
        }
    }

    // the view: the model's head, tail, count, log2 and has_type (the types
    // with a presence bit) of warp v_warp
    void check_view() {
        const wq_deque_t *d = &dq[v_warp];
        unsigned lg = depth_log2(d);
        if (top->o_v_warp != v_warp || top->o_v_head != d->head || top->o_v_tail != d->tail ||
            top->o_v_cnt != d->head - d->tail || top->o_v_log2 != lg) {
            char b[256];
            snprintf(b, sizeof b, "view of warp %u (warp/head/tail/count/log2): expected %u/%u/%u/%u/%u"
                     " actual %u/%u/%u/%u/%u", v_warp, v_warp, d->head, d->tail, d->head - d->tail, lg,
                     top->o_v_warp, top->o_v_head, top->o_v_tail, top->o_v_cnt, top->o_v_log2);
            fail(b);
        }
        unsigned has = has_types(d, WQ_PRESENCE_TYPES);     // the types with a presence bit
        if (top->o_v_has != has) {
            char b[160];
            snprintf(b, sizeof b, "view of warp %u has_type (presence types): expected %02x actual %02x",
                     v_warp, has, top->o_v_has);
            fail(b);
        }
    }

    void check_result(const Expect &x) {
        auto bad = [&](const char *field, const std::string &e, const std::string &a) {
            fail(std::string("result of ") + fmt_cmd(x.cmd) + " (accepted at cycle " +
                 std::to_string(x.accept_cycle) + ")\n  " + field + ": expected " + e +
                 "\n  " + std::string(strlen(field), ' ') + "  actual   " + a);
        };
        auto u = [](uint64_t v) { return std::to_string(v); };
        if (cycle - x.accept_cycle != x.latency)
            bad("latency", u(x.latency), u(cycle - x.accept_cycle));
        if (top->o_rop != x.cmd.op) bad("o_rop", cmd_name(x.cmd.op), cmd_name(top->o_rop));
        if (top->o_rwarp != x.cmd.warp) bad("o_rwarp", u(x.cmd.warp), u(top->o_rwarp));
        if (top->o_trap != x.trap)
            bad("o_trap", std::string(wq_trap_name(x.trap)), wq_trap_name(top->o_trap));
        if (top->o_found != x.found) bad("o_found", u(x.found), u(top->o_found));
        if (top->o_empty != x.empty) bad("o_empty", u(x.empty), u(top->o_empty));
        if (top->o_rejected != x.rejected) bad("o_rejected", u(x.rejected), u(top->o_rejected));
        if (x.check_token && (uint64_t)top->o_token != x.token)
            bad("o_token", tok(x.token), tok(top->o_token));
        if (x.check_index && top->o_index != x.index) bad("o_index", u(x.index), u(top->o_index));
        n_results++;
    }

    // the model executes an accepted command; returns what the RTL must answer
    Expect model_apply(const Cmd &c) {
        Expect x;
        x.cmd = c;
        x.accept_cycle = cycle;
        wq_deque_t *d = &dq[c.warp];
        unsigned mask_idx = c.index & (d->depth - 1);
        if (c.op == WQ_DQCMD_PUSH_FRONT) {
            unsigned old = d->head;
            wq_token_t t = 0;
            x.trap = (unsigned)wq_deque_push_front(d, c.type, c.mask, c.addr, &t);
            if (!x.trap) { x.check_token = x.check_index = true; x.token = t; x.index = old; }
            if (x.trap == WQ_TRAP_DEQUE_FRONT_BOUND) cov_front_bound++;
            if (x.trap == WQ_TRAP_DEQUE_FULL) cov_full_front++;
        } else if (c.op == WQ_DQCMD_PUSH_BACK) {
            wq_token_t t = 0;
            x.trap = (unsigned)wq_deque_push_back(d, c.type, c.mask, c.addr, &t);
            if (!x.trap) {
                x.check_token = x.check_index = true; x.token = t; x.index = d->tail;
            }
            if (x.trap == WQ_TRAP_DEQUE_BACK_BOUND) cov_back_bound++;
            if (x.trap == WQ_TRAP_DEQUE_FULL) cov_full_back++;
        } else if (c.op == WQ_DQCMD_POP) {
            wq_token_t t = 0;
            x.empty = wq_deque_pop_front(d, &t) < 0;
            if (!x.empty) {
                x.check_token = x.check_index = true; x.token = t; x.index = d->head;
                cov_pop++;
            } else {
                cov_pop_empty++;
            }
        } else if (c.op == WQ_DQCMD_FIND) {
            int idx = wq_deque_find(d, c.type, c.addr);
            bool scans = !wq_deque_empty(d) &&
                         (c.type == WQ_TOK_YIELD || wq_deque_has_type(d, c.type));
            x.found = idx >= 0;
            if (x.found) {
                x.check_token = x.check_index = true;
                x.token = d->e[idx];
                x.index = (unsigned)idx;
                x.latency = d->head - (unsigned)idx;      // k-th entry from the front
                cov_find_hit++;
            } else if (scans) {
                x.latency = wq_deque_count(d);            // read every live entry
                cov_find_miss_scan++;
            } else {
                cov_find_short++;
            }
            if (x.latency > find_lat_max) find_lat_max = x.latency;
        } else if (c.op == WQ_DQCMD_MERGE) {
            bool front = !wq_deque_empty(d) && mask_idx == d->head - 1;
            x.check_token = x.check_index = true;
            x.token = wq_deque_merge(d, (int)mask_idx, c.mask);
            x.index = mask_idx;
            cov_merge++;
            cov_merge_front += front;
        } else if (c.op == WQ_DQCMD_CLEAR) {
            wq_deque_init(d, &dqram[(size_t)c.warp << LOG2], 1u << c.log2);
            cov_clear_small += c.log2 < LOG2;
        } else if (c.op == WQ_DQCMD_DBG_READ) {        // csr.c READ_ENTRY
            x.check_token = x.check_index = true;
            x.token = d->e[mask_idx];
            x.index = mask_idx;
        } else if (c.op == WQ_DQCMD_DBG_WRITE) {       // csr.c WRITE_ENTRY
            cov_dbg_write_front += !wq_deque_empty(d) && mask_idx == d->head - 1;
            d->e[mask_idx] = c.data;
            x.check_index = true;
            x.index = mask_idx;
        } else if (c.op == WQ_DQCMD_DBG_SET_HEADTAIL) { // csr.c SET_HEADTAIL
            if (c.tail <= c.head && c.head <= d->depth) {
                d->head = c.head;
                d->tail = c.tail;
                cov_set_ok++;
            } else {
                x.rejected = true;
                cov_set_rejected++;
            }
        }
        return x;
    }

    // ---- stimulus ----
    enum Mode { MIX, FILL_FRONT, FILL_BACK, DRAIN, SEARCH, STREAM };
    Mode mode = MIX;
    unsigned focus = 0;
    unsigned addr_pool[8];

    void new_episode() {
        mode = (Mode)rng.below(SEARCH + 1);
        focus = rng.below(WARPS);
        for (auto &a : addr_pool) a = (uint32_t)rng.next() & 0x3FFFFFu;
    }

    unsigned pick_warp() { return rng.chance(75) ? focus : rng.below(WARPS); }

    uint32_t pick_addr(unsigned w) {
        const wq_deque_t *d = &dq[w];
        if (!wq_deque_empty(d) && rng.chance(50))
            return wq_token_addr(d->e[d->tail + rng.below(wq_deque_count(d))]);
        if (rng.chance(85)) return addr_pool[rng.below(rng.chance(50) ? 2 : 8)];
        return (uint32_t)rng.next() & 0x3FFFFFu;
    }

    uint32_t pick_mask() {
        switch (rng.below(4)) {
        case 0: return 1u << rng.below(32);
        case 1: return 0xFFFFFFFFu;
        default: return (uint32_t)rng.next();
        }
    }

    unsigned pick_front_type() {
        static const unsigned real[] = { WQ_TOK_SYNC, WQ_TOK_DIV, WQ_TOK_CALL, WQ_TOK_BRK,
                                         WQ_TOK_CONT };
        unsigned r = rng.below(100);
        if (r < 80) return real[rng.below(5)];
        if (r < 88) return WQ_TOK_YIELD;
        return rng.below(NTYPE);
    }

    unsigned pick_find_type(unsigned w) {
        const wq_deque_t *d = &dq[w];
        unsigned r = rng.below(100);
        if (r < 45) return WQ_TOK_YIELD;
        if (r < 80 && !wq_deque_empty(d))
            return wq_token_type(d->e[d->tail + rng.below(wq_deque_count(d))]);
        return rng.below(r < 90 ? 6 : NTYPE);
    }

    Cmd gen_push_front(unsigned w) {
        Cmd c; c.op = WQ_DQCMD_PUSH_FRONT; c.warp = w; c.type = pick_front_type();
        c.mask = pick_mask(); c.addr = pick_addr(w); return c;
    }
    Cmd gen_push_back(unsigned w) {          // only YIELD enters at the back (ISA)
        Cmd c; c.op = WQ_DQCMD_PUSH_BACK; c.warp = w; c.type = WQ_TOK_YIELD;
        c.mask = pick_mask(); c.addr = pick_addr(w); return c;
    }
    Cmd gen_pop(unsigned w) { Cmd c; c.op = WQ_DQCMD_POP; c.warp = w; return c; }

    // After a bound trap: move the live entries as the driver does
    // (wq_deque_recenter), through DBG_READ / DBG_WRITE / SET_HEADTAIL.
    void plan_recenter(unsigned w, bool front) {
        const wq_deque_t *d = &dq[w];
        uint32_t count = wq_deque_count(d);
        uint32_t n = rng.chance(70) ? 1 : d->depth - count;
        if (count + n > d->depth) return;
        rc_e.assign(d->e, d->e + d->depth);
        rc_dq = *d;
        rc_dq.e = rc_e.data();
        if (wq_deque_recenter(&rc_dq, front, n)) return;
        uint32_t tail = rc_dq.tail;
        auto copy = [&](uint32_t src, uint32_t dst) {
            Cmd r; r.op = WQ_DQCMD_DBG_READ; r.warp = w; r.index = src;
            Cmd wr; wr.op = WQ_DQCMD_DBG_WRITE; wr.warp = w; wr.index = dst;
            wr.src = (int)src;
            script.push_back(r);
            script.push_back(wr);
        };
        if (tail < d->tail)
            for (uint32_t i = 0; i < count; i++) copy(d->tail + i, tail + i);
        else if (tail > d->tail)
            for (uint32_t i = count; i > 0; i--) copy(d->tail + i - 1, tail + i - 1);
        Cmd s; s.op = WQ_DQCMD_DBG_SET_HEADTAIL; s.warp = w;
        s.head = tail + count; s.tail = tail;
        s.rc_last = true;
        script.push_back(s);
        rc_warp = w;
        cov_recenter++;
    }

    Cmd gen() {
        if (!script.empty()) {
            Cmd c = script.front();
            script.pop_front();
            return c;
        }
        if (mode != STREAM && rng.chance(1)) new_episode();
        unsigned w = pick_warp();
        const wq_deque_t *d = &dq[w];
        Cmd c;
        c.warp = w;
        unsigned pf = 30, pb = 10, pop = 25, find = 10, merge = 5, clear = 2, rd = 5,
                 wr = 5, set = 3;
        switch (mode) {
        case FILL_FRONT: pf = 70; pb = 5; pop = 8; break;
        case FILL_BACK: pf = 10; pb = 60; pop = 8; break;
        case DRAIN: pf = 10; pb = 5; pop = 60; clear = 1; break;
        case SEARCH: find = 35; merge = 15; pop = 15; pf = 25; pb = 15; break;
        case STREAM: pf = 35; pb = 15; pop = 50; find = merge = clear = rd = wr = set = 0; break;
        default: break;
        }
        unsigned r = rng.below(pf + pb + pop + find + merge + clear + rd + wr + set);
        if (r < pf) return gen_push_front(w);
        r -= pf;
        if (r < pb) return gen_push_back(w);
        r -= pb;
        if (r < pop) return gen_pop(w);
        r -= pop;
        if (r < find) {
            c.op = WQ_DQCMD_FIND;
            c.type = pick_find_type(w);
            c.addr = pick_addr(w);
            if (rng.chance(30)) {               // the YIELD sequence: find, then merge
                int idx = wq_deque_find(d, c.type, c.addr);
                if (idx >= 0) {
                    Cmd m; m.op = WQ_DQCMD_MERGE; m.warp = w; m.index = (unsigned)idx;
                    m.mask = pick_mask();
                    script.push_back(m);
                }
            }
            return c;
        }
        r -= find;
        if (r < merge) {
            c.op = WQ_DQCMD_MERGE;
            c.mask = pick_mask();
            if (!wq_deque_empty(d) && rng.chance(60))
                c.index = rng.chance(50) ? d->head - 1 : d->tail + rng.below(wq_deque_count(d));
            else
                c.index = rng.below(d->depth);
            return c;
        }
        r -= merge;
        if (r < clear) {
            c.op = WQ_DQCMD_CLEAR;
            // small deques often, so every bound is reached quickly
            c.log2 = rng.chance(60) ? 2 + rng.below(2 < LOG2 ? 2 : 1) : 2 + rng.below(LOG2 - 1);
            if (c.log2 > LOG2) c.log2 = LOG2;
            return c;
        }
        r -= clear;
        if (r < rd) {
            c.op = WQ_DQCMD_DBG_READ;
            c.index = rng.below(DEPTH);        // any index: the port masks it
            return c;
        }
        r -= rd;
        if (r < wr) {
            c.op = WQ_DQCMD_DBG_WRITE;
            c.index = (!wq_deque_empty(d) && rng.chance(40)) ? d->head - 1 : rng.below(DEPTH);
            c.data = rng.chance(50) ? rng.next()
                                    : wq_token_pack(pick_front_type(), pick_mask(), pick_addr(w),
                                                    rng.below(64));
            return c;
        }
        c.op = WQ_DQCMD_DBG_SET_HEADTAIL;
        if (rng.chance(70)) {
            unsigned a = rng.below(d->depth + 1), b = rng.below(d->depth + 1);
            c.head = a > b ? a : b;
            c.tail = a > b ? b : a;
        } else {
            c.head = rng.below(2 * DEPTH);
            c.tail = rng.below(2 * DEPTH);
        }
        return c;
    }

    // ---- one cycle ----
    // returns true when a command was accepted in this cycle
    bool step(bool offer) {
        top->eval();
        // results due now
        if (top->o_rvalid) {
            if (pend.empty()) fail("result with no command outstanding");
            check_result(pend.front());
            pend.pop_front();
        }
        if (!pend.empty() && cycle - pend.front().accept_cycle >= pend.front().latency)
            fail("no result for " + fmt_cmd(pend.front().cmd) + " (accepted at cycle " +
                 std::to_string(pend.front().accept_cycle) + ", due after " +
                 std::to_string(pend.front().latency) + ")");
        bool ready = top->o_ready;
        check_view();
        if (ready) check_state();
        if (!have_cmd && offer) {
            cur = gen();
            have_cmd = true;
        }
        bool accepted = false;
        if (have_cmd) {
            if (cur.src >= 0)                   // re-centring copy: what the driver read
                cur.data = dq[cur.warp].e[cur.src];
            drive(cur);
            top->eval();
            if (ready) {
                Expect x = model_apply(cur);
                if (cur.rc_last) recenter_check = true;
                // a bound trap: the driver re-centres (sometimes)
                if ((x.trap == WQ_TRAP_DEQUE_FRONT_BOUND || x.trap == WQ_TRAP_DEQUE_BACK_BOUND) &&
                    script.empty() && mode != STREAM && rng.chance(50))
                    plan_recenter(cur.warp, x.trap == WQ_TRAP_DEQUE_FRONT_BOUND);
                if (cur.warp == last_accept_warp && last_accept_cycle + 1 == cycle)
                    cov_back_to_back_same_warp++;
                last_accept_warp = cur.warp;
                last_accept_cycle = cycle;
                pend.push_back(x);
                note("cycle " + std::to_string(cycle) + ": " + fmt_cmd(cur));
                have_cmd = false;
                accepted = true;
                n_accepted++;
            } else {
                cov_stall++;
            }
        } else {
            top->i_valid = 0;
        }
        // the view moves now and then, often to the accepted command's warp
        bool vload = rng.chance(25);
        unsigned vwarp = (accepted && rng.chance(50)) ? cur.warp : (unsigned)rng.below(WARPS);
        top->i_vload = vload;
        top->i_vwarp = vload ? vwarp : 0;
        if (accepted && vload && vwarp == cur.warp) cov_view_load_cmd++;
        if (accepted && !vload && cur.warp == v_warp) cov_view_cmd++;
        tick();
        if (vload) v_warp = vwarp;
        top->i_vload = 0;
        if (!have_cmd) top->i_valid = 0;
        return accepted;
    }

    void drain() {
        while (!pend.empty() || !top->o_ready) step(false);
        step(false);
    }

    void run_random(uint64_t nops) {
        reset_rtl();
        new_episode();
        uint64_t done = 0;
        while (done < nops || !script.empty() || have_cmd) {
            if (script.empty() && !have_cmd && pend.empty() && rng.below(20000) == 0) {
                reset_rtl();                 // a reset in the middle of traffic
                continue;
            }
            bool offer = have_cmd || !script.empty() || rng.chance(90);
            if (step(offer)) done++;
        }
        drain();
    }

    // pure push/pop stream, a command offered every cycle
    double run_stream(uint64_t nops) {
        reset_rtl();
        drain();                               // wait out the reset sweep
        mode = STREAM;
        uint64_t first = 0, last = 0, n = 0;
        while (n < nops) {
            uint64_t c = cycle;
            if (step(true)) {
                if (n == 0) first = c;
                last = c;
                n++;
            }
        }
        drain();
        return (double)n / (double)(last - first + 1);
    }
};

}  // namespace

int main(int argc, char **argv)
{
    uint64_t nops = 200000, tput = 20000;
    tb::Args args;
    args.parse(argc, argv, {{"--ops", &nops, "N"}, {"--tput", &tput, "N"}}, "",
               [](const std::string &a, int &, int, char **) {
                   return a.rfind("+verilator+", 0) == 0;   // Verilator's own
               });
    uint64_t seed = args.seed;
    const char *wave = args.wave;
    bool verbose = args.verbose;
    Bench b(seed, wave);
    b.verbose = verbose;
    b.rerun = args.rerun;
    b.run_random(nops);
    uint64_t cycles_random = b.cycle;
    double opc = tput ? b.run_stream(tput) : 0.0;

    printf("seed: %" PRIu64 "\n", seed);
    printf("deque_config: LOG2=%u WARPS=%u\n", LOG2, WARPS);
    printf("deque_ops: %" PRIu64 "\n", b.n_accepted);
    printf("deque_results_checked: %" PRIu64 "\n", b.n_results);
    printf("deque_cycles: %" PRIu64 "\n", b.cycle);
    printf("deque_random_ops_per_cycle: %.2f\n", (double)nops / (double)cycles_random);
    if (tput) printf("deque_ops_per_cycle: %.2f\n", opc);
    printf("deque_find_latency_max: %u\n", b.find_lat_max);
    printf("deque_find_latency_bound: %u\n", DEPTH);
    struct { const char *name; uint64_t n; } cov[] = {
        { "front_bound", b.cov_front_bound }, { "back_bound", b.cov_back_bound },
        { "full_front", b.cov_full_front }, { "full_back", b.cov_full_back },
        { "pop", b.cov_pop }, { "pop_empty", b.cov_pop_empty },
        { "find_shortcut", b.cov_find_short }, { "find_hit", b.cov_find_hit },
        { "find_miss_scan", b.cov_find_miss_scan }, { "merge", b.cov_merge },
        { "merge_front", b.cov_merge_front }, { "dbg_write_front", b.cov_dbg_write_front },
        { "set_headtail", b.cov_set_ok }, { "set_headtail_rejected", b.cov_set_rejected },
        { "recenter", b.cov_recenter }, { "clear_small", b.cov_clear_small },
        { "stall", b.cov_stall }, { "back_to_back_same_warp", b.cov_back_to_back_same_warp },
        { "view_follows_command", b.cov_view_cmd }, { "view_moves_to_command", b.cov_view_load_cmd },
    };
    int missing = 0;
    for (auto &c : cov) {
        printf("deque_cov_%s: %" PRIu64 "\n", c.name, c.n);
        bool possible = strcmp(c.name, "clear_small") || LOG2 > 2;
        if (!c.n && possible && nops >= 100000) {
            printf("deque_tb: coverage hole: %s never happened\n", c.name);
            missing++;
        }
    }
    if (tput && opc < 0.995) {
        printf("deque_tb: FAIL: push/pop stream sustained %.3f ops/cycle, not 1\n", opc);
        return 1;
    }
    if (b.find_lat_max > DEPTH) {
        printf("deque_tb: FAIL: search latency %u above the bound %u\n", b.find_lat_max, DEPTH);
        return 1;
    }
    if (missing) return 1;
    printf("deque_tb: ok\n");
    return 0;
}
