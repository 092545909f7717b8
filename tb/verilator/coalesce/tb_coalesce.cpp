// tb_coalesce.cpp -- Verilator unit bench for rtl/core/wq_coalesce.v.
//
// Drives seeded random warp accesses -- consecutive words from a random
// (aligned or not) base, strided, broadcast, a few hot lines, scattered --
// with random active masks (all, none, random, one lane), random gaps
// between warps and random back-pressure on the request port, and checks
// every request the RTL hands out, in order, against the model's list for
// that warp (wq_coalesce(), cmodel/model/coalesce.c): line address, lanes,
// words, and the last-request flag; a warp's requests must all come before
// the next warp is taken.  Fails on a coverage hole (a warp of one request,
// a warp of LANES requests, an all-inactive warp, a stalled request, a warp
// taken with the last request of the one before).
//
// With --measure: after the random run, one warp of LANES consecutive words
// from a line-aligned base, with the port always ready; prints
//   coalesce_requests_per_warp_load: <requests the RTL handed out>
//   coalesce_cycles_per_warp_load: <cycles from taking the warp to the last>
//
// usage: tb_coalesce --lanes N --line BYTES [--seed N] [--warps N] [--measure]
//                    [--wave FILE.fst] [-v]
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

extern "C" {
#include "wq/mempath.h"
}

#include "Vwq_coalesce.h"
#include "tb_harness.h"
#include "tb_rng.h"

namespace {
struct Bench : tb::Harness<Vwq_coalesce> {
    Rng rng;
    unsigned lanes, line;
    std::deque<wq_coal_req_t> expect;   // the model's requests of the warp in progress
    uint64_t n_warps = 0, n_reqs = 0;
    uint64_t cov_one = 0, cov_all = 0, cov_none = 0, cov_stall = 0, cov_overlap = 0;
    unsigned ready_pct = 100, valid_pct = 100;

    Bench(uint64_t s, const char *wave, unsigned l, unsigned b)
        : Harness("coalesce_tb", s), rng(s), lanes(l), line(b) {
        trace_label = "recent requests";
        top->i_reset = 1;
        top->i_valid = 0;
        top->i_req_ready = 0;
        open_wave(wave);
        tick();
        tick();
        top->i_reset = 0;
    }

    std::string where() const override { return " warp#" + std::to_string(n_warps); }
    uint32_t all_lanes() const { return lanes == 32 ? 0xFFFFFFFFu : (1u << lanes) - 1; }

    // a random warp access: its addresses and mask
    void draw(std::vector<uint32_t> &a, uint32_t &mask) {
        uint32_t base = (uint32_t)rng.next() & 0xFFFFFFFCu;
        if (rng.chance(50)) base &= ~(uint32_t)(line - 1);
        switch (rng.below(6)) {
        case 0: for (unsigned l = 0; l < lanes; l++) a[l] = base + 4 * l; break;
        case 1: {                                          // a stride
            uint32_t st = 4u << rng.below(6);
            for (unsigned l = 0; l < lanes; l++) a[l] = base + st * l;
            break;
        }
        case 2: for (unsigned l = 0; l < lanes; l++) a[l] = base; break;
        case 3: {                                          // a few hot lines
            uint32_t hot[3] = {base, base + line, base + 7 * line};
            for (unsigned l = 0; l < lanes; l++)
                a[l] = (hot[rng.below(3)] & ~(uint32_t)(line - 1)) + 4 * rng.below(line / 4);
            break;
        }
        case 4:                                            // reversed consecutive
            for (unsigned l = 0; l < lanes; l++) a[l] = base + 4 * (lanes - 1 - l);
            break;
        default: for (unsigned l = 0; l < lanes; l++) a[l] = (uint32_t)rng.next() & ~3u; break;
        }
        uint32_t all = all_lanes();
        switch (rng.below(5)) {
        case 0: mask = 0; break;
        case 1: mask = 1u << rng.below(lanes); break;
        case 2: mask = (uint32_t)rng.next() & all; break;
        default: mask = all; break;
        }
    }

    void present(const std::vector<uint32_t> &a, uint32_t mask) {
        for (unsigned l = 0; l < lanes; l++) top->i_addr[l] = a[l];
        top->i_mask = mask;
    }

    // one cycle: inputs are set; check the request port, then the edge
    // (returns true when a warp was taken)
    bool cycle_check() {
        top->eval();
        bool take_req = top->o_req_valid && top->i_req_ready;
        if (top->o_req_valid && !top->i_req_ready) cov_stall++;
        if (top->o_req_valid && expect.empty()) fail("a request with none expected");
        if (take_req) {
            const wq_coal_req_t &e = expect.front();
            bool last = expect.size() == 1;
            char b[200];
            snprintf(b, sizeof b, "request: RTL line %08x lanes %08x words %x last %d; "
                     "model line %08x lanes %08x words %x last %d",
                     (unsigned)top->o_req_addr, (unsigned)top->o_req_lanes,
                     (unsigned)top->o_req_words, (int)top->o_req_last,
                     e.addr, e.lanes, e.words, (int)last);
            note(b);
            if (top->o_req_addr != e.addr || (uint32_t)top->o_req_lanes != e.lanes ||
                (uint32_t)top->o_req_words != e.words || (bool)top->o_req_last != last)
                fail(b);
            expect.pop_front();
            n_reqs++;
        }
        bool took = top->i_valid && top->o_ready;
        if (took && !expect.empty()) fail("a warp taken before the last one's requests");
        if (took && take_req && top->o_req_last) cov_overlap++;
        if (!took && !top->o_req_valid && !top->o_ready) fail("idle but not ready");
        return took;
    }

    int run(uint64_t warps) {
        std::vector<uint32_t> a(lanes);
        uint32_t mask = 0;
        bool have = false;
        for (uint64_t n = 0; n < warps;) {
            if ((n & 1023) == 0) {
                ready_pct = rng.chance(30) ? 100 : 20 + rng.below(80);
                valid_pct = rng.chance(50) ? 100 : 10 + rng.below(90);
            }
            if (!have && rng.chance(valid_pct)) { draw(a, mask); have = true; }
            top->i_valid = have;
            if (have) present(a, mask);
            else {
                for (unsigned l = 0; l < lanes; l++) top->i_addr[l] = (uint32_t)rng.next();
                top->i_mask = (uint32_t)rng.next();
            }
            top->i_req_ready = rng.chance(ready_pct);
            if (cycle_check()) {
                std::vector<wq_coal_req_t> r(lanes);
                unsigned cnt = 0;
                if (wq_coalesce(a.data(), mask, lanes, line, r.data(), &cnt) != WQ_MP_OK)
                    fail("wq_coalesce refused the parameters");
                expect.assign(r.begin(), r.begin() + cnt);
                if (cnt == 0) cov_none++;
                if (cnt == 1 && mask == all_lanes()) cov_one++;
                if (cnt == lanes) cov_all++;
                have = false;
                n++;
                n_warps++;
            }
            tick();
        }
        // drain
        top->i_valid = 0;
        for (int i = 0; i < 1000 && !expect.empty(); i++) {
            top->i_req_ready = 1;
            cycle_check();
            tick();
        }
        if (!expect.empty()) fail("requests still expected after the drain");
        printf("coalesce_tb: %" PRIu64 " warps, %" PRIu64 " requests (LANES=%u LINE=%u)\n",
               n_warps, n_reqs, lanes, line);
        std::vector<std::string> holes;
        if (!cov_one) holes.push_back("a full warp in one request");
        if (!cov_all) holes.push_back("a warp of one request per lane");
        if (!cov_none) holes.push_back("an all-inactive warp");
        if (!cov_stall) holes.push_back("a stalled request");
        if (!cov_overlap) holes.push_back("a warp taken with the last request");
        return verdict(holes);
    }

    // the measured figure: one warp of consecutive words, line-aligned
    void measure() {
        std::vector<uint32_t> a(lanes);
        for (unsigned l = 0; l < lanes; l++) a[l] = 0x1000u + 4 * l;
        uint32_t all = all_lanes();
        std::vector<wq_coal_req_t> r(lanes);
        unsigned cnt = 0;
        wq_coalesce(a.data(), all, lanes, line, r.data(), &cnt);
        top->i_valid = 1;
        present(a, all);
        top->i_req_ready = 1;
        while (!cycle_check()) tick();
        tick();
        expect.assign(r.begin(), r.begin() + cnt);
        top->i_valid = 0;
        uint64_t before = n_reqs, c0 = cycle;
        while (!expect.empty()) { cycle_check(); tick(); }
        printf("coalesce_requests_per_warp_load: %" PRIu64 "\n", n_reqs - before);
        printf("coalesce_cycles_per_warp_load: %" PRIu64 "\n", cycle - c0);
    }
};
}  // namespace

int main(int argc, char **argv)
{
    tb::Args args;
    uint64_t warps = 20000, lanes = 32, line = 16;
    bool measure = false;
    args.parse(argc, argv, {{"--warps", &warps, "N"}, {"--lanes", &lanes, "N"}, {"--line", &line, "BYTES"}},
               "[--measure]", [&](const std::string &a, int &, int, char **) {
                   if (a != "--measure") return false;
                   measure = true;
                   return true;
               });
    Bench b(args.seed, args.wave, (unsigned)lanes, (unsigned)line);
    b.verbose = args.verbose;
    b.rerun = args.rerun;
    int rc = b.run(warps);
    if (rc == 0 && measure) b.measure();
    return b.finish("coalesce", rc);
}
