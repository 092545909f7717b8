// tb_sem.cpp -- Verilator unit bench for rtl/wq_sem_unit.v.
//
// Drives the semaphore unit with seeded random SEM_EXECUTE words (every
// operation code 0..7, every reduction code 0..15, both widths, UNSIGNED
// on and off, junk in the bits the unit ignores), addresses and payloads,
// with operands biased into the interesting cases (equal, off by one either
// way, sign boundaries of the width, 0, all ones, wrap-around, junk in the
// high half of a 32-bit payload or in the word after a 32-bit semaphore),
// and checks each operation against the model (libwq: wq_sem_decode,
// wq_sem_acquire_passes, wq_sem_reduce and the 32/64-bit load/store of
// host_methods.c on a model memory):
//   * o_pass, o_mv, o_result, o_bad_op, o_bad_red;
//   * the memory image: the RTL's memory (served by the bench with seeded
//     random ready and response latency) against the model's after every
//     operation around the semaphore and, every 4096 operations and at the
//     end, page by page;
//   * the exact accesses: count, order (low word first), read or write,
//     none at all for a bad operation or reduction.
// Fails on a coverage hole: each acquire op x width x {pass, fail}, each
// reduction x width x signedness, bad op, bad reduction, latency 1 and >1,
// ready stalls.  First mismatch: cycle, seed, operation, expected vs actual,
// the last 16 operations; exit 1.
//
// usage: tb_sem [--seed N] [--ops N] [--wave FILE.fst] [-v]
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <string>
#include <vector>

extern "C" {
#include "wq/model.h"
#include "wq/encode.h"
}

#include "Vwq_sem_unit.h"
#include "tb_harness.h"
#include "tb_rng.h"
#if VM_COVERAGE
#include "verilated_cov.h"
#endif

namespace {
struct Access { bool we; uint32_t addr, wdata; };

struct Bench : tb::Harness<Vwq_sem_unit> {
    Rng rng;
    wq_mem_t *mmem, *rmem;             // model memory, RTL memory
    tb::MemResponses resp;          // accepted requests awaiting a response
    std::vector<Access> seen;          // accesses of the current operation
    unsigned lat_max = 1;              // response latency of this phase
    unsigned ready_pct = 100;

    // coverage
    uint64_t cov_acq[8][2][2] = {};    // op, is64, pass
    uint64_t cov_red[16][2][2] = {};   // reduction, is64, unsigned
    uint64_t cov_bad_op = 0, cov_release[2] = {}, cov_lat1 = 0, cov_latn = 0, cov_stall = 0;
    uint64_t n_ops = 0, op_cycles = 0;

    Bench(uint64_t s, const char *wave) : Harness("sem_tb", s), rng(s) {
        trace_label = "recent operations";
        open_wave(wave);
        mmem = wq_mem_new();
        rmem = wq_mem_new();
    }
    ~Bench() {
        wq_mem_free(mmem);
        wq_mem_free(rmem);
    }

    std::string where() const override { return " op#" + std::to_string(n_ops); }

    // Memory slave: decide ready and the response for this cycle (before
    // the edge), then apply the accepted access at the edge.
    void mem_cycle() {
        resp.drive(top.get(), cycle, rng);
        top->i_mem_ready = rng.chance(ready_pct) ? 1 : 0;
        top->eval();
        if (top->o_mem_valid && !top->i_mem_ready) cov_stall++;
        if (top->o_mem_valid && top->i_mem_ready) {
            Access a{top->o_mem_we != 0, top->o_mem_addr, top->o_mem_wdata};
            if (a.addr & 3u) fail("unaligned memory address");
            if (top->o_mem_wstrb != 0xF) fail("write strobes not 0xF");
            seen.push_back(a);
            uint32_t rd = 0;
            if (a.we) wq_mem_write32(rmem, a.addr, a.wdata);
            else rd = wq_mem_read32(rmem, a.addr);
            unsigned lat = 1 + rng.below(lat_max);
            (lat == 1 ? cov_lat1 : cov_latn)++;
            uint64_t due = cycle + lat;
            resp.push(due, rd);
        }
    }

    // ---- operand biasing ----
    uint64_t special(bool is64) {
        static const uint64_t s32[] = {0, 1, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFFFu,
                                       0xFFFFFFFEu, 0x80000001u, 2};
        static const uint64_t s64[] = {0, 1, 0x7FFFFFFFFFFFFFFFull, 0x8000000000000000ull,
                                       ~0ull, ~1ull, 0xFFFFFFFFull, 0x100000000ull};
        unsigned i = rng.below(8);
        return is64 ? s64[i] : s32[i];
    }
    void pick_pair(bool is64, uint64_t &mv, uint64_t &p) {
        uint64_t m = is64 ? ~0ull : 0xFFFFFFFFull;
        mv = rng.chance(50) ? special(is64) : (rng.next() & m);
        switch (rng.below(8)) {
        case 0: case 1: p = mv; break;                              // equal
        case 2: p = (mv + 1) & m; break;                            // off by one
        case 3: p = (mv - 1) & m; break;
        case 4: p = special(is64); break;                           // boundaries
        case 5: p = (mv + (uint64_t)rng.below(5) - 2 + (m >> 1)) & m; break;  // half-way wrap
        case 6: p = rng.next() & ~mv & m; break;                    // disjoint bits
        default: p = rng.next() & m; break;
        }
        if (rng.chance(30)) std::swap(mv, p);
        if (!is64 && rng.chance(50)) p |= rng.next() << 32;         // junk above 32 bits
    }

    std::string opname(uint32_t w) {
        wq_sem_exec_t s;
        wq_sem_decode(w, &s);
        char b[96];
        snprintf(b, sizeof b, "op=%u red=%u u=%u is64=%u word=%08x", s.op, s.red,
                 s.is_unsigned, s.is64, w);
        return b;
    }

    void compare_around(uint32_t addr) {
        for (int d = -8; d < 16; d += 4) {
            uint32_t a = addr + (uint32_t)d;
            uint32_t e = wq_mem_read32(mmem, a), g = wq_mem_read32(rmem, a);
            if (e != g) {
                char b[128];
                snprintf(b, sizeof b, "memory [%08x]: model %08x, RTL %08x", a, e, g);
                fail(b);
            }
        }
    }

    // every page one side has, word by word against the other side; both
    // ways round, so a page only one side wrote is compared too
    struct PageCmp { Bench *b; wq_mem_t *other; bool model_side; };
    static void compare_page(void *u, uint32_t base, const uint8_t *page) {
        PageCmp *c = (PageCmp *)u;
        for (uint32_t o = 0; o < WQ_PAGE_SIZE; o += 4) {
            uint32_t mine, theirs = wq_mem_read32(c->other, base + o);
            memcpy(&mine, page + o, 4);
            if (mine == theirs) continue;
            uint32_t e = c->model_side ? mine : theirs, g = c->model_side ? theirs : mine;
            char s[128];
            snprintf(s, sizeof s, "memory image [%08x]: model %08x, RTL %08x", base + o, e, g);
            c->b->fail(s);
        }
    }
    void compare_all() {
        PageCmp m{this, rmem, true}, r{this, mmem, false};
        wq_mem_pages(mmem, compare_page, &m);
        wq_mem_pages(rmem, compare_page, &r);
    }

    void one_op() {
        // the word: operation 0..7, reduction 0..15, width, signedness,
        // and random junk in every other bit
        uint32_t w = (uint32_t)rng.next();
        wq_sem_exec_t s;
        wq_sem_decode(w, &s);
        s.op = rng.below(8);
        if (rng.chance(40)) s.op = WQ_SEMOP_REDUCTION;
        s.red = rng.chance(85) ? rng.below(8) : 8 + rng.below(8);
        uint32_t enc = wq_sem_encode(&s);
        // keep the junk outside the fields the encoder owns
        wq_sem_exec_t all = {7, 1, 1, 1, 15, 1};
        uint32_t owned = wq_sem_encode(&all);
        w = (w & ~owned) | enc;
        bool is64 = s.is64;

        // the address: 8-aligned for 64-bit, 4-aligned for 32-bit, mostly
        // in a small window (so semaphores collide), sometimes anywhere
        uint32_t addr = rng.chance(80) ? 0x1000u + 8u * rng.below(64)
                                       : (uint32_t)rng.next() & ~7u;
        if (!is64 && rng.chance(50)) addr += 4;
        uint64_t mv, p;
        pick_pair(is64, mv, p);
        // both memories hold the same value; the neighbours are random
        uint32_t below = (uint32_t)rng.next(), above = (uint32_t)rng.next();
        for (wq_mem_t *m : {mmem, rmem}) {
            wq_mem_write32(m, addr - 4, below);
            if (is64) wq_mem_write64(m, addr, mv);
            else { wq_mem_write32(m, addr, (uint32_t)mv); wq_mem_write32(m, addr + 4, above); }
            wq_mem_write32(m, addr + 8, above ^ 0x5a5a5a5au);
        }

        // ---- the model ----
        bool e_bad_op = false, e_bad_red = false, e_pass = false;
        uint64_t e_mv = 0, e_res = 0;
        std::vector<Access> e_acc;
        auto load = [&](void) {
            e_acc.push_back({false, addr, 0});
            if (is64) e_acc.push_back({false, addr + 4, 0});
            return is64 ? wq_mem_read64(mmem, addr) : (uint64_t)wq_mem_read32(mmem, addr);
        };
        auto store = [&](uint64_t v) {
            e_acc.push_back({true, addr, (uint32_t)v});
            if (is64) e_acc.push_back({true, addr + 4, (uint32_t)(v >> 32)});
            if (is64) wq_mem_write64(mmem, addr, v);
            else wq_mem_write32(mmem, addr, (uint32_t)v);
        };
        uint64_t pay = is64 ? p : (uint32_t)p;          // sem_payload
        switch (s.op) {
        case WQ_SEMOP_RELEASE:
            store(pay);
            e_res = pay;
            cov_release[is64]++;
            break;
        case WQ_SEMOP_REDUCTION: {
            int err = 0;
            // the model loads first; the unit checks the code first and does
            // not touch memory for a bad one
            uint64_t m0 = is64 ? wq_mem_read64(mmem, addr) : wq_mem_read32(mmem, addr);
            uint64_t nv = wq_sem_reduce(s.red, (int)s.is_unsigned, m0, pay, is64, &err);
            if (err) {
                if (err != WQ_CHERR_BAD_REDUCTION) fail("model: unexpected reduce error");
                e_bad_red = true;
            } else {
                e_mv = load();
                store(nv);
                e_res = nv;
            }
            cov_red[s.red][is64][s.is_unsigned]++;
            break;
        }
        default: {
            int r = wq_sem_acquire_passes(s.op, 0, 0, is64);
            if (r < 0) { e_bad_op = true; cov_bad_op++; break; }
            e_mv = load();
            e_pass = wq_sem_acquire_passes(s.op, e_mv, pay, is64) > 0;
            e_res = e_mv;
            cov_acq[s.op][is64][e_pass]++;
            break;
        }
        }

        // ---- the RTL ----
        char tb[200];
        snprintf(tb, sizeof tb, "%s addr=%08x mem=%016" PRIx64 " payload=%016" PRIx64,
                 opname(w).c_str(), addr, mv, p);
        note(tb);

        seen.clear();
        while (top->o_busy) { mem_cycle(); tick(); }
        // the operands a word per cycle (address, payload low, high), then
        // i_start with the word
        const uint32_t ld[3] = {addr, (uint32_t)p, (uint32_t)(p >> 32)};
        for (unsigned i = 0; i < 3; i++) {
            top->i_ld = 1;
            top->i_ld_sel = i;
            top->i_ld_data = ld[i];
            mem_cycle();
            tick();
        }
        top->i_ld = 0;
        top->i_ld_data = (uint32_t)rng.next();
        top->i_start = 1;
        top->i_word = w;
        mem_cycle();
        tick();
        top->i_start = 0;
        top->i_word = (uint32_t)rng.next();           // inputs are latched
        top->i_ld_sel = rng.below(4);
        uint64_t t0 = cycle, limit = cycle + 200;
        while (!top->o_done) {
            if (cycle > limit) fail("no o_done within 200 cycles");
            mem_cycle();
            tick();
        }
        op_cycles += cycle - t0;
        if (!resp.empty()) fail("o_done with a response outstanding");

        auto chk = [&](const char *f, uint64_t e, uint64_t g) {
            if (e != g) {
                char b[160];
                snprintf(b, sizeof b, "%s: expected %016" PRIx64 ", RTL %016" PRIx64, f, e, g);
                fail(b);
            }
        };
        chk("o_bad_op", e_bad_op, top->o_bad_op);
        chk("o_bad_red", e_bad_red, top->o_bad_red);
        if (!e_bad_op && !e_bad_red) {
            chk("o_mv", e_mv, top->o_mv);
            chk("o_result", e_res, top->o_result);
            if (s.op != WQ_SEMOP_RELEASE && s.op != WQ_SEMOP_REDUCTION)
                chk("o_pass", e_pass, top->o_pass);
        }
        chk("memory accesses", e_acc.size(), seen.size());
        for (size_t i = 0; i < e_acc.size(); i++) {
            chk("access we", e_acc[i].we, seen[i].we);
            chk("access addr", e_acc[i].addr, seen[i].addr);
            if (e_acc[i].we) chk("access wdata", e_acc[i].wdata, seen[i].wdata);
        }
        compare_around(addr);
        n_ops++;
        if ((n_ops & 4095) == 0) compare_all();
    }

    int run(uint64_t ops) {
        top->i_reset = 1;
        top->i_start = 0;
        top->i_mem_ready = 0;
        top->i_mem_rvalid = 0;
        tick(); tick();
        top->i_reset = 0;
        for (uint64_t i = 0; i < ops; i++) {
            if (i % 2000 == 0) {                  // a new memory timing phase
                static const unsigned lats[] = {1, 1, 3, 8};
                static const unsigned rdy[] = {100, 60, 90, 30};
                lat_max = lats[rng.below(4)];
                ready_pct = rdy[rng.below(4)];
            }
            one_op();
            for (unsigned k = rng.below(3); k; k--) { mem_cycle(); tick(); }
        }
        compare_all();

        // coverage
        std::vector<std::string> holes;
        static const unsigned acq_ops[] = {WQ_SEMOP_ACQUIRE, WQ_SEMOP_ACQ_STRICT_GEQ,
                                           WQ_SEMOP_ACQ_CIRC_GEQ, WQ_SEMOP_ACQ_AND,
                                           WQ_SEMOP_ACQ_NOR};
        for (unsigned op : acq_ops)
            for (int w = 0; w < 2; w++)
                for (int ps = 0; ps < 2; ps++)
                    if (!cov_acq[op][w][ps])
                        holes.push_back("acquire op " + std::to_string(op) + (w ? " 64" : " 32") +
                                        (ps ? " pass" : " fail"));
        for (unsigned r = 0; r < 16; r++)
            for (int w = 0; w < 2; w++)
                for (int u = 0; u < 2; u++)
                    if (!cov_red[r][w][u])
                        holes.push_back("reduction " + std::to_string(r) + (w ? " 64" : " 32") +
                                        (u ? " unsigned" : " signed"));
        if (!cov_bad_op) holes.push_back("bad operation");
        if (!cov_release[0] || !cov_release[1]) holes.push_back("release 32/64");
        if (!cov_lat1 || !cov_latn) holes.push_back("latency 1 / >1");
        if (!cov_stall) holes.push_back("ready stall");
        printf("sem_ops: %" PRIu64 "\n", n_ops);
        printf("sem_cycles_per_op: %.2f\n", n_ops ? (double)op_cycles / n_ops : 0.0);
        printf("sem_cov_holes: %zu\n", holes.size());
        return verdict(holes);
    }
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::run_main<Bench>(argc, argv, "sem", "--ops", 40000);
}
