// tb_l1.cpp -- Verilator unit bench for rtl/core/wq_l1.v.
//
// Drives seeded random line requests -- reads, writes with random byte
// strobes, atomics -- over a working set twice the cache (so lines are
// reused, conflict and get evicted), with random gaps, random response
// back-pressure, rare invalidates, and a memory that takes its requests
// with random ready, answers them after a random latency and in any order
// (by id).  The working set spans the whole 32-bit address space and is
// made of pairs: a fully random line and a partner in the same set whose
// tag differs from it in one bit (three pairs in four; the bits taken in
// turn, address bit 31 included) or in random bits (the fourth), and a
// pair is replaced every 2000 cycles.  So a hit test that ignores any one
// tag bit answers a read of one line of a pair with the other, cached,
// line: the model says miss, the RTL hit.  Memory is the model's sparse
// memory (wq_mem_t, 4 KiB pages over the whole 32-bit space): every
// address is its own.  Against the model (wq_l1_cycle(), cmodel/model/l1.c,
// stepped with the same events every cycle) it checks:
//   * every memory request, in order: id, operation, line address, data,
//     strobes, atomic code (the model says which requests go to memory and
//     with which id);
//   * every response to the core, in order: hit or not, and the data -- a
//     read returns the memory image as of the cycle the read was taken (the
//     bench's shadow, updated in request order), an atomic the line before
//     it, so a hit must return what memory holds for a write-through cache;
//   * o_ready against the model's free slots, the hit and miss counters.
// The memory performs a write when it takes it; an atomic adds its data to
// the strobed words (i_aop odd) or swaps the strobed bytes (even).
// Fails on a coverage hole: read hit, read miss, write hit, write miss,
// atomic hit, a fill dropped because it was poisoned, an eviction, a
// response out of order, all ids in flight, a memory stall, an invalidate,
// and, for every tag bit, a read looked up beside a valid line of its set
// whose tag differs from the read's in that bit alone.
//
// With --measure: after the random run, an invalidate and a reuse pattern
// (8 passes reading the same 16 lines back to back, memory latency 8 and
// always ready); prints  l1_unit_hit_rate: <hits / reads of that pattern>.
//
// usage: tb_l1 --sets N --ways N --line BYTES --ids N [--seed N] [--ops N]
//              [--measure] [--wave FILE.fst] [-v]
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

extern "C" {
#include "wq/mempath.h"
#include "wq/mem.h"
}

#include "Vwq_l1.h"
#include "tb_harness.h"
#include "tb_rng.h"

namespace {
struct MemReq { unsigned id, op, aop; uint32_t addr; std::vector<uint32_t> wdata; uint32_t wstrb; };
struct Resp { unsigned op; bool hit; std::vector<uint32_t> data; uint32_t addr; };
struct Pending { unsigned id; uint64_t due; std::vector<uint32_t> data; };

struct Bench : tb::Harness<Vwq_l1> {
    Rng rng;
    unsigned sets, ways, line, ids, words;
    wq_l1_t *model;
    wq_mem_t *mem, *shadow;          // memory as performed; as the core sees it
    std::deque<MemReq> exp_mem;      // memory requests the model expects, in order
    std::deque<Resp> exp_resp;       // responses the core expects, in order
    std::vector<Pending> inflight;   // taken by memory, not yet answered
    // the request on offer
    bool have = false;
    unsigned r_op = 0, r_aop = 0;
    uint32_t r_addr = 0, r_strb = 0;
    std::vector<uint32_t> r_wdata;
    std::vector<uint32_t> lines;     // the working set (line addresses): pairs 2i, 2i + 1
    unsigned lb, sb, tw;             // log2 line bytes, log2 sets, tag bits
    unsigned next_bit;               // the tag bit the next one-bit partner flips
    std::vector<uint64_t> cov_tagbit;  // per tag bit: reads beside a line differing in it alone
    unsigned valid_pct = 100, rready_pct = 100, mready_pct = 100, lat_min = 1, lat_max = 8,
             resp_pct = 80, inval_pm = 2;
    uint64_t n_ops = 0, n_reads = 0;
    uint64_t cov_rhit = 0, cov_rmiss = 0, cov_whit = 0, cov_wmiss = 0, cov_ahit = 0,
             cov_poison = 0, cov_evict = 0, cov_ooo = 0, cov_full = 0, cov_mstall = 0,
             cov_inval = 0, cov_merge = 0, cov_merge_poison = 0, cov_tref = 0;

    Bench(uint64_t s, const char *wave, unsigned st, unsigned wy, unsigned ln, unsigned id)
        : Harness("l1_tb", s), rng(s), sets(st), ways(wy), line(ln), ids(id), words(ln / 4),
          lb(log2u(ln)), sb(log2u(st)), tw(32 - log2u(ln) - log2u(st)), next_bit(0),
          cov_tagbit(tw, 0) {
        trace_label = "recent events";
        model = new wq_l1_t;
        if (wq_l1_init(model, sets, ways, line, ids) != WQ_MP_OK) {
            fprintf(stderr, "l1_tb: parameters out of range\n");
            exit(2);
        }
        mem = wq_mem_new();
        shadow = wq_mem_new();
        r_wdata.assign(words, 0);
        top->i_reset = 1;
        top->i_valid = 0;
        top->i_rready = 0;
        top->i_inval = 0;
        top->i_mem_ready = 0;
        top->i_mem_rvalid = 0;
        open_wave(wave);
        tick();
        tick();
        top->i_reset = 0;
        // the working set: twice the cache, sets * ways pairs
        next_bit = rng.below(tw);
        for (unsigned i = 0; i < sets * ways; i++) {
            lines.push_back(0);
            lines.push_back(0);
            new_pair(i);
        }
    }
    ~Bench() {
        delete model;
        wq_mem_free(mem);
        wq_mem_free(shadow);
    }

    static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }

    // pair i of the working set: a random line anywhere in the 32-bit
    // space, and a partner in its set whose tag differs in one bit (the
    // bits in turn, so each is flipped as often as any other) or, one pair
    // in four, in random bits
    void new_pair(unsigned i) {
        uint32_t base = (uint32_t)rng.next() & ~(line - 1);
        uint32_t tagmask = ~0u << (lb + sb);
        uint32_t flip;
        if (rng.below(4)) {
            flip = 1u << (lb + sb + next_bit);
            next_bit = (next_bit + 1) % tw;
        } else {
            do flip = (uint32_t)rng.next() & tagmask; while (!flip);
        }
        lines[2 * i] = base;
        lines[2 * i + 1] = base ^ flip;
    }

    std::string where() const override { return " op#" + std::to_string(n_ops); }

    std::vector<uint32_t> read_line(wq_mem_t *m, uint32_t a) {
        std::vector<uint32_t> v(words);
        for (unsigned w = 0; w < words; w++) v[w] = wq_mem_read32(m, a + 4 * w);
        return v;
    }
    // perform a write or atomic on a memory image (strobes per byte)
    void perform(wq_mem_t *m, unsigned op, unsigned aop, uint32_t a,
                 const std::vector<uint32_t> &wd, uint32_t strb) {
        for (unsigned w = 0; w < words; w++) {
            unsigned s = (strb >> (4 * w)) & 0xF;
            if (!s) continue;
            uint32_t old = wq_mem_read32(m, a + 4 * w), nv = old;
            if (op == WQ_MEMOP_AMO && (aop & 1)) nv = old + wd[w];
            else
                for (unsigned b = 0; b < 4; b++)
                    if (s >> b & 1) nv = (nv & ~(0xFFu << 8 * b)) | (wd[w] & (0xFFu << 8 * b));
            wq_mem_write32(m, a + 4 * w, nv);
        }
    }

    void draw() {
        r_addr = lines[rng.below((unsigned)lines.size())] + 4 * rng.below(words);
        unsigned k = rng.below(100);
        r_op = k < 65 ? WQ_MEMOP_LD : k < 90 ? WQ_MEMOP_ST : WQ_MEMOP_AMO;
        r_aop = rng.below(16);
        for (auto &w : r_wdata) w = (uint32_t)rng.next();
        uint32_t all = line == 32 ? 0xFFFFFFFFu : (1u << line) - 1;
        r_strb = rng.chance(40) ? all : (uint32_t)rng.next() & all;
        if (r_op == WQ_MEMOP_AMO) r_strb = 0xFu << 4 * rng.below(words);
        have = true;
    }

    template <class W> static uint32_t wword(const W &w, unsigned i) { return w[i]; }

    // one cycle: drive, look, check, step the model, edge
    void cycle_once(bool allow_new) {
        if (!have && allow_new && rng.chance(valid_pct)) draw();
        top->i_valid = have;
        top->i_op = r_op;
        top->i_addr = r_addr;
        for (unsigned w = 0; w < words; w++) top->i_wdata[w] = r_wdata[w];
        top->i_wstrb = r_strb;
        top->i_aop = r_aop;
        top->i_rready = rng.chance(rready_pct);
        top->i_inval = rng.below(1000) < inval_pm;
        top->i_mem_ready = rng.chance(mready_pct);
        // a due response, any of them (out of order)
        std::vector<size_t> due;
        for (size_t i = 0; i < inflight.size(); i++)
            if (inflight[i].due <= cycle) due.push_back(i);
        top->i_mem_rvalid = 0;
        top->i_mem_rid = (uint32_t)rng.below(ids);
        for (unsigned w = 0; w < words; w++) top->i_mem_rdata[w] = (uint32_t)rng.next();
        Pending resp{0, 0, {}};
        bool rv = false;
        if (!due.empty() && rng.chance(resp_pct)) {
            size_t k = due[rng.below((unsigned)due.size())];
            resp = inflight[k];
            inflight.erase(inflight.begin() + (long)k);
            rv = true;
            top->i_mem_rvalid = 1;
            top->i_mem_rid = resp.id;
            for (unsigned w = 0; w < words; w++) top->i_mem_rdata[w] = resp.data[w];
            for (auto &p : inflight)
                if (p.id != resp.id && p.due <= resp.due) { cov_ooo++; break; }
        }
        top->eval();
        char b[256];

        // the memory request port
        if (top->o_mem_valid && !top->i_mem_ready) cov_mstall++;
        if (top->o_mem_valid && top->i_mem_ready) {
            if (exp_mem.empty()) fail("a memory request the model does not expect");
            MemReq e = exp_mem.front();
            exp_mem.pop_front();
            snprintf(b, sizeof b, "memory request: RTL id %u op %u addr %08x strb %x aop %u; "
                     "model id %u op %u addr %08x strb %x aop %u",
                     (unsigned)top->o_mem_id, (unsigned)top->o_mem_op, (unsigned)top->o_mem_addr,
                     (unsigned)top->o_mem_wstrb, (unsigned)top->o_mem_aop, e.id, e.op, e.addr,
                     e.wstrb, e.aop);
            note(b);
            bool ok = top->o_mem_id == e.id && top->o_mem_op == e.op && top->o_mem_addr == e.addr &&
                      top->o_mem_aop == e.aop;
            if (e.op != WQ_MEMOP_LD) {
                ok = ok && (uint32_t)top->o_mem_wstrb == e.wstrb;
                for (unsigned w = 0; w < words; w++)
                    if ((e.wstrb >> 4 * w) & 0xF) ok = ok && wword(top->o_mem_wdata, w) == e.wdata[w];
            }
            if (!ok) fail(b);
            // memory performs it now; reads and atomics answer the line before
            std::vector<uint32_t> old = read_line(mem, e.addr);
            if (e.op != WQ_MEMOP_LD) perform(mem, e.op, e.aop, e.addr, e.wdata, e.wstrb);
            inflight.push_back({e.id, cycle + lat_min + rng.below(lat_max + 1), old});
        }

        // the core's response port
        bool pop = top->o_rvalid && top->i_rready;
        if (pop) {
            if (exp_resp.empty()) fail("a response with no request outstanding");
            Resp e = exp_resp.front();
            exp_resp.pop_front();
            snprintf(b, sizeof b, "response: op %u line %08x hit RTL %d model %d", e.op, e.addr,
                     (int)top->o_rhit, (int)e.hit);
            note(b);
            if (e.op == WQ_MEMOP_LD && (bool)top->o_rhit != e.hit) fail(b);
            if (e.op != WQ_MEMOP_ST)
                for (unsigned w = 0; w < words; w++)
                    if (wword(top->o_rdata, w) != e.data[w]) {
                        snprintf(b, sizeof b, "response data: op %u line %08x word %u: RTL %08x, "
                                 "memory %08x (hit %d)", e.op, e.addr, w,
                                 wword(top->o_rdata, w), e.data[w], (int)e.hit);
                        fail(b);
                    }
        }

        // the request port against the model's free slots
        bool mem_free = !top->o_mem_valid || top->i_mem_ready;
        bool can = wq_l1_can_take(model) && mem_free;
        if (model->count < ids && !wq_l1_can_take(model)) cov_tref++;
        if ((bool)top->o_ready != can) {
            snprintf(b, sizeof b, "o_ready %d, model: a free slot %d and the port free %d",
                     (int)top->o_ready, wq_l1_can_take(model), (int)mem_free);
            fail(b);
        }
        bool take = top->i_valid && top->o_ready;

        // the model's cycle
        wq_l1_in_t in;
        memset(&in, 0, sizeof in);
        in.req = take;
        in.op = (wq_memop_t)r_op;
        in.addr = r_addr;
        in.resp = rv;
        in.resp_id = resp.id;
        in.pop = pop;
        in.inval = top->i_inval;
        if (in.inval) cov_inval++;
        if (rv && model->slot[resp.id].fill && model->slot[resp.id].poison) {
            cov_poison++;
            // a read merged before the write that poisoned its fill
            for (unsigned i = 0; i < ids; i++)
                if (model->slot[i].busy && model->slot[i].merged && model->slot[i].mem &&
                    model->slot[i].on == resp.id) { cov_merge_poison++; break; }
        }
        uint32_t la = r_addr & ~(line - 1);
        bool present = wq_l1_present(model, la, nullptr) != 0;   // before the cycle
        if (take && r_op == WQ_MEMOP_LD) {
            // a valid line of the read's set one tag bit away (the state before)
            uint32_t set = (la >> lb) & (sets - 1), tag = la >> (lb + sb);
            for (unsigned w = 0; w < ways; w++) {
                uint32_t d = model->tag[set * ways + w] ^ tag;
                if (model->valid[set * ways + w] && d && !(d & (d - 1)))
                    cov_tagbit[log2u(d)]++;
            }
        }
        wq_l1_out_t out;
        if (wq_l1_cycle(model, &in, &out) != WQ_MP_OK) fail("the model refused the cycle's events");
        if (take) {
            Resp e{r_op, out.hit != 0, {}, la};
            if (r_op == WQ_MEMOP_LD) {
                e.data = read_line(shadow, la);
                (out.hit ? cov_rhit : cov_rmiss)++;
                if (out.merged) cov_merge++;
                n_reads++;
            } else {
                if (r_op == WQ_MEMOP_ST) (present ? cov_whit : cov_wmiss)++;
                if (r_op == WQ_MEMOP_AMO && present) cov_ahit++;
                e.data = read_line(shadow, la);
                perform(shadow, r_op, r_aop, la, r_wdata, r_strb);
            }
            exp_resp.push_back(e);
            if (out.to_mem) exp_mem.push_back({out.id, r_op, r_aop, la, r_wdata, r_strb});
            snprintf(b, sizeof b, "take op %u addr %08x: model hit %d to_mem %d id %u", r_op,
                     r_addr, out.hit, out.to_mem, out.id);
            note(b);
            have = false;
            n_ops++;
        }
        if (model->count == ids) cov_full++;
        tick();
        if (top->o_hits != (uint32_t)model->hits || top->o_misses != (uint32_t)model->misses) {
            snprintf(b, sizeof b, "counters: RTL hits %u misses %u, model %" PRIu64 " %" PRIu64,
                     (unsigned)top->o_hits, (unsigned)top->o_misses, model->hits, model->misses);
            fail(b);
        }
    }

    void drain() {
        have = false;
        inval_pm = 0;
        rready_pct = 100;
        mready_pct = 100;
        for (int i = 0; i < 10000 && (!exp_resp.empty() || !inflight.empty()); i++)
            cycle_once(false);
        if (!exp_resp.empty() || !exp_mem.empty()) fail("requests still outstanding after the drain");
    }

    int run(uint64_t ops) {
        uint64_t evict0 = 0;
        while (n_ops < ops) {
            if (cycle % 2000 == 0) {
                if (cycle) new_pair(rng.below(sets * ways));
                valid_pct = rng.chance(40) ? 100 : 10 + rng.below(90);
                rready_pct = rng.chance(50) ? 100 : 20 + rng.below(80);
                mready_pct = rng.chance(40) ? 100 : 20 + rng.below(80);
                lat_max = rng.chance(30) ? 0 : rng.below(24);
                inval_pm = rng.chance(50) ? 0 : 1 + rng.below(5);
            }
            unsigned rr0 = model->rr;
            cycle_once(true);
            if (model->rr != rr0) evict0++;
        }
        cov_evict = evict0;
        drain();
        printf("l1_tb: %" PRIu64 " requests, %" PRIu64 " reads, %" PRIu64 " hits "
               "(SETS=%u WAYS=%u LINE=%u IDS=%u)\n", n_ops, n_reads, model->hits, sets, ways, line, ids);
        std::vector<std::string> holes;
        if (!cov_rhit) holes.push_back("read hit");
        if (!cov_rmiss) holes.push_back("read miss");
        if (!cov_whit) holes.push_back("write hit");
        if (!cov_wmiss) holes.push_back("write miss");
        if (!cov_ahit) holes.push_back("atomic on a cached line");
        if (!cov_poison) holes.push_back("a poisoned fill");
        if (ways > 1 && !cov_evict) holes.push_back("an eviction");
        if (!cov_ooo) holes.push_back("a response out of order");
        if (!cov_full) holes.push_back("all ids in flight");
        if (!cov_mstall) holes.push_back("a memory stall");
        if (!cov_inval) holes.push_back("an invalidate");
        if (!cov_merge) holes.push_back("a read miss merged into a fill in flight");
        if (!cov_merge_poison) holes.push_back("a merged read whose fill a later write poisoned");
        if (!cov_tref) holes.push_back("a free slot held back for a merged read's line");
        uint64_t tmin = UINT64_MAX;
        for (unsigned b = 0; b < tw; b++) {
            tmin = std::min(tmin, cov_tagbit[b]);
            if (!cov_tagbit[b])
                holes.push_back("a read beside a line whose tag differs in bit " + std::to_string(b) +
                                " alone (address bit " + std::to_string(lb + sb + b) + ")");
        }
        printf("l1_tb: each of the %u tag bits: >= %" PRIu64 " reads beside a line differing in "
               "it alone\n", tw, tmin);
        return verdict(holes);
    }

    // the measured figure: reuse of 16 lines, 8 passes
    void measure() {
        valid_pct = rready_pct = mready_pct = 100;
        inval_pm = 0;
        lat_min = 8;                 // a fixed latency of 8, every response when due
        lat_max = 0;
        resp_pct = 100;
        top->i_inval = 1;
        tick();
        top->i_inval = 0;
        wq_l1_in_t in;
        memset(&in, 0, sizeof in);
        in.inval = 1;
        wq_l1_out_t out;
        wq_l1_cycle(model, &in, &out);
        uint64_t h0 = model->hits, m0 = model->misses;
        for (unsigned pass = 0; pass < 8; pass++)
            for (unsigned l = 0; l < 16; l++) {
                r_op = WQ_MEMOP_LD;
                r_addr = 0x40000u + line * l;
                have = true;
                while (have) cycle_once(false);
            }
        drain();
        uint64_t h = model->hits - h0, m = model->misses - m0;
        printf("l1_unit_hit_rate: %.3f\n", (double)h / (double)(h + m));
    }
};
}  // namespace

int main(int argc, char **argv)
{
    tb::Args args;
    uint64_t ops = 100000, sets = 16, ways = 2, line = 16, ids = 8;
    bool measure = false;
    args.parse(argc, argv,
               {{"--ops", &ops, "N"}, {"--sets", &sets, "N"}, {"--ways", &ways, "N"},
                {"--line", &line, "BYTES"}, {"--ids", &ids, "N"}},
               "[--measure]", [&](const std::string &a, int &, int, char **) {
                   if (a != "--measure") return false;
                   measure = true;
                   return true;
               });
    Bench b(args.seed, args.wave, (unsigned)sets, (unsigned)ways, (unsigned)line, (unsigned)ids);
    b.verbose = args.verbose;
    b.rerun = args.rerun;
    int rc = b.run(ops);
    if (rc == 0 && measure) b.measure();
    return b.finish("l1", rc);
}
