// tb_lsu_pick.cpp -- Verilator unit bench for rtl/core/wq_lsu_pick.v, the
// coalescer's rule inside the core's LSU (docs/rtl/wq_lsu_pick.md).
//
// Per memory instruction: N element addresses (with GS > 1, a group's
// elements at the group's address with the element's index in bits
// 2 + log2 GS - 1 : 2, as the core's lane and its words; the group's
// line tag is the address's bits above the line, TW of them), a set of
// pending elements and i_one.  The model's wq_coalesce()
// (cmodel/model/coalesce.c) gives the request list; the bench then
// iterates the pick as the core's request stage does -- the entry loads
// with its first leader (the lowest pending element and its line, the
// bench's own: the core's comes from the gather, wq_lsu_addr), then a
// request a step: hold the leader, take the request, drop the elements
// it covers, hold the next leader the unit found -- and checks every
// request against the model's, in order: the held leader and its line
// (the unit's o_nlead and o_ntag of the step before), o_cov (the
// elements covered), o_all (every pending element in the leader's line:
// the model's last request) and o_pt (the parts covered), and that the
// list ends (no next leader) when the model's does;
// with nothing pending nothing is covered.
//
// The addresses: lines all different, all one, runs of equal lines
// (consecutive words), a few hot lines, lines one tag bit apart,
// interleaved lines, scattered lines.  The pending sets: all, none, one
// element, a scalar access (the first element of each group), the first
// 1..GS elements of each group of a lane mask (.v2, .v4), sparse and
// dense random sets.  A fifth of the instructions are atomics (i_one).
// Fails on a coverage hole: an instruction in one request of every
// element, one of N requests, an empty instruction, a request that leaves
// pending elements of a lower group for later while covering a higher
// one, an atomic of several requests in one line, a request whose
// leader's line differs from a covered-out element's in one tag bit.
//
// With --measure: one scalar warp load of N/GS consecutive words from a
// line-aligned base; prints
//   coalesce_requests_per_warp_load: <requests the RTL picked>
//
// usage: tb_lsu_pick --n N --tw BITS --gs GS --line BYTES [--seed N] [--insns N]
//                    [--measure] [--wave FILE.fst] [-v]
#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

extern "C" {
#include "wq/mempath.h"
}

#include "Vwq_lsu_pick.h"
#include "tb_harness.h"
#include "tb_rng.h"

namespace {
// a port of any width as 32-bit words, least significant first
template <std::size_t W> void put(VlWide<W> &p, const std::vector<uint32_t> &v)
{
    for (std::size_t i = 0; i < W; i++) p[i] = i < v.size() ? v[i] : 0;
}
template <class T> void put(T &p, const std::vector<uint32_t> &v)
{
    uint64_t x = v.empty() ? 0 : v[0];
    if (v.size() > 1) x |= (uint64_t)v[1] << 32;
    p = (T)x;
}
template <std::size_t W> std::vector<uint32_t> get(const VlWide<W> &p)
{
    std::vector<uint32_t> v(W);
    for (std::size_t i = 0; i < W; i++) v[i] = p[i];
    return v;
}
template <class T> std::vector<uint32_t> get(const T &p)
{
    return {(uint32_t)p, (uint32_t)((uint64_t)p >> 32)};
}

std::string hex(const std::vector<uint32_t> &v, unsigned bits)
{
    std::string s;
    char b[12];
    for (unsigned i = (bits + 31) / 32; i-- > 0;) {
        snprintf(b, sizeof b, "%08x", i < v.size() ? v[i] : 0);
        s += b;
        if (i) s += "_";
    }
    return s;
}

struct Bench : tb::Harness<Vwq_lsu_pick> {
    Rng rng;
    unsigned n, tw, gs, line, lb, nt;           // elements, tag bits, group, line bytes
    uint64_t n_insns = 0, n_picks = 0;
    uint64_t cov_whole = 0, cov_each = 0, cov_empty = 0, cov_skip = 0, cov_atomic = 0,
             cov_onebit = 0;

    Bench(uint64_t s, const char *wave, unsigned n_, unsigned tw_, unsigned gs_, unsigned line_)
        : Harness("lsu_pick_tb", s), rng(s), n(n_), tw(tw_), gs(gs_), line(line_),
          lb(0), nt(n_ / gs_) {
        while ((1u << lb) < line) lb++;
        trace_label = "recent picks";
        if (n < 1 || n > WQ_COAL_MAX_ELEMS || (n & (n - 1)) || !gs || (gs & (gs - 1)) ||
            gs > n || 4 * gs > line || (1u << lb) != line || lb + tw > 32)
            fail("bad parameters (N a power of two up to 128, GS a power of two, "
                 "LINE >= 4 GS a power of two, log2 LINE + TW <= 32)");
        open_wave(wave);
    }

    std::string where() const override { return " insn#" + std::to_string(n_insns); }

    uint32_t tag_mask() const { return tw == 32 ? ~0u : (1u << tw) - 1; }
    static bool has(const std::vector<uint32_t> &s, unsigned e) { return s[e / 32] >> (e % 32) & 1; }
    static void set(std::vector<uint32_t> &s, unsigned e) { s[e / 32] |= 1u << (e % 32); }

    // the groups' lines (TW bits), in one of the address patterns
    std::vector<uint32_t> draw_lines() {
        std::vector<uint32_t> l(nt);
        uint32_t m = tag_mask(), b = (uint32_t)rng.next() & m;
        unsigned run = 1 + rng.below(8);
        switch (rng.below(8)) {
        case 0: for (unsigned g = 0; g < nt; g++) l[g] = (b + g) & m; break;        // all different
        case 1: for (unsigned g = 0; g < nt; g++) l[g] = b; break;                  // all one line
        case 2: for (unsigned g = 0; g < nt; g++) l[g] = (b + g / run) & m; break;  // runs
        case 3: for (unsigned g = 0; g < nt; g++) l[g] = (b - g / run) & m; break;  // reversed runs
        case 4: {                                                                   // hot lines
            uint32_t hot[3] = {b, (uint32_t)rng.next() & m, (uint32_t)rng.next() & m};
            for (unsigned g = 0; g < nt; g++) l[g] = hot[rng.below(3)];
            break;
        }
        case 5: {                                   // lines one tag bit apart
            uint32_t hot[3] = {b, b ^ (1u << rng.below(tw)), b ^ (1u << rng.below(tw))};
            for (unsigned g = 0; g < nt; g++) l[g] = hot[rng.below(3)] & m;
            break;
        }
        case 6: for (unsigned g = 0; g < nt; g++) l[g] = (b + g % (2 + rng.below(3))) & m; break;
        default: for (unsigned g = 0; g < nt; g++) l[g] = (uint32_t)rng.next() & m; break;
        }
        return l;
    }

    // the pending elements
    std::vector<uint32_t> draw_pend() {
        std::vector<uint32_t> p(WQ_COAL_SET_WORDS, 0);
        switch (rng.below(8)) {
        case 0: for (unsigned e = 0; e < n; e++) set(p, e); break;
        case 1: break;
        case 2: set(p, rng.below(n)); break;
        case 3: {                                   // a scalar access of a lane mask
            uint64_t lm = rng.next();
            for (unsigned g = 0; g < nt; g++) if (lm >> (g % 64) & 1) set(p, g * gs);
            break;
        }
        case 4: {                                   // the first k words of the lanes of a mask
            uint64_t lm = rng.chance(50) ? ~0ull : rng.next();
            unsigned k = 1 + rng.below(gs);
            for (unsigned g = 0; g < nt; g++)
                if (lm >> (g % 64) & 1)
                    for (unsigned w = 0; w < k; w++) set(p, g * gs + w);
            break;
        }
        case 5:                                     // sparse
            for (unsigned e = 0; e < n; e++) if (rng.chance(8)) set(p, e);
            break;
        case 6:                                     // dense
            for (unsigned e = 0; e < n; e++) if (rng.chance(85)) set(p, e);
            break;
        default: for (unsigned e = 0; e < n; e++) if (rng.chance(50)) set(p, e); break;
        }
        return p;
    }

    // element e's address: its group's line, the group's word offset with
    // the element's index in the group in the bits above 1:0 (the core's
    // el_addr: word k of a lane at the lane's address with k in bits 3:2;
    // the first word at the lane's own address)
    std::vector<uint32_t> addresses(const std::vector<uint32_t> &lines) {
        std::vector<uint32_t> a(n);
        uint32_t km = (gs - 1) << 2;
        for (unsigned g = 0; g < nt; g++) {
            uint32_t ga = lines[g] << lb | (4 * rng.below(line / 4));
            for (unsigned k = 0; k < gs; k++) a[g * gs + k] = k ? (ga & ~km) | k << 2 : ga;
        }
        return a;
    }

    void present(const std::vector<uint32_t> &pend, const std::vector<uint32_t> &lines, bool one,
                 unsigned lead, uint32_t tag) {
        std::vector<uint32_t> t((nt * tw + 31) / 32, 0);
        for (unsigned g = 0; g < nt; g++)
            for (unsigned b = 0; b < tw; b++)
                if (lines[g] >> b & 1) t[(g * tw + b) / 32] |= 1u << ((g * tw + b) % 32);
        put(top->i_pend, pend);
        put(top->i_line, t);
        top->i_one = one;
        top->i_lead = lead;
        top->i_tag = tag;
        // the leader's tag one-hot (the entry register's o_lead_t)
        std::vector<uint32_t> lt((nt + 31) / 32, 0);
        lt[lead / gs / 32] |= 1u << (lead / gs % 32);
        put(top->i_lead_t, lt);
        top->eval();
        if (fst) fst->dump(simtime);
        simtime += 10;
        cycle++;
    }

    // the unit's next leader: held (lv), its index and line
    void next(bool &lv, unsigned &lead, uint32_t &tag) {
        lv = top->o_nv;
        lead = top->o_nlead;
        tag = (uint32_t)top->o_ntag;
    }

    bool any(const std::vector<uint32_t> &v) {
        for (unsigned w = 0; w < WQ_COAL_SET_WORDS && w < v.size(); w++)
            if (v[w]) return true;
        return false;
    }

    // one instruction: the pick iterated to the end against the model's list;
    // the number of requests
    unsigned insn(const std::vector<uint32_t> &lines, const std::vector<uint32_t> &pend0, bool one) {
        std::vector<uint32_t> a = addresses(lines);
        std::vector<wq_coal_req_t> r(n);
        unsigned cnt = 0;
        if (wq_coalesce(a.data(), pend0.data(), n, line, one, r.data(), &cnt) != WQ_MP_OK)
            fail("wq_coalesce refused the parameters");
        std::vector<uint32_t> pend = pend0;
        n_insns++;
        char b[700];
        // the entry loads with its first leader: the lowest pending element
        // and its line (none pending: nothing held, and the unit, given
        // drawn junk as the leader, covers nothing and finds none)
        bool lv = false;
        unsigned lead = 0;
        uint32_t tag = 0;
        for (unsigned e = 0; e < n && !lv; e++)
            if (has(pend, e)) { lv = true; lead = e; tag = lines[e / gs]; }
        if (!lv) {
            present(pend, lines, one, rng.below(n), rng.next() & tag_mask());
            std::vector<uint32_t> cov = get(top->o_cov);
            cov.resize(WQ_COAL_SET_WORDS, 0);
            snprintf(b, sizeof b, "entry load (one %d): nothing pending; RTL cov %s next %d %u",
                     (int)one, hex(cov, n).c_str(), (int)top->o_nv, (unsigned)top->o_nlead);
            note(b);
            if (any(cov) || top->o_nv)
                fail(std::string("a request or a next leader with nothing pending: ") + b);
        }
        for (unsigned i = 0;; i++) {
            if (!lv || i == cnt) {
                snprintf(b, sizeof b, "pick %u of %u (one %d): pending %s; RTL next leader %d %u tag %x",
                         i, cnt, (int)one, hex(pend, n).c_str(), (int)lv, lead, tag);
                note(b);
                if (lv) fail(std::string("a leader past the model's last request: ") + b);
                if (i != cnt) fail(std::string("no leader before the model's last request: ") + b);
                break;
            }
            const wq_coal_req_t &m = r[i];
            std::vector<uint32_t> mc(m.cov, m.cov + WQ_COAL_SET_WORDS);
            uint32_t mtag = (m.addr >> lb) & tag_mask();
            present(pend, lines, one, lead, tag);
            std::vector<uint32_t> cov = get(top->o_cov);
            cov.resize(WQ_COAL_SET_WORDS, 0);
            snprintf(b, sizeof b, "pick %u of %u (one %d): pending %s; RTL lead %u tag %x cov %s; "
                     "model lead %u tag %x cov %s",
                     i, cnt, (int)one, hex(pend, n).c_str(), lead, tag, hex(cov, n).c_str(),
                     m.lead, mtag, hex(mc, n).c_str());
            note(b);
            if (lead != m.lead || tag != mtag || cov != mc) fail(b);
            // o_all (without one; an atomic's is a don't-care): every
            // pending element in the leader's line, exactly when this is
            // the model's last request
            bool all_in = true;
            for (unsigned e = 0; e < n; e++)
                if (has(pend, e) && lines[e / gs] != mtag) all_in = false;
            if (!one && ((bool)top->o_all != all_in || all_in != (i + 1 == cnt)))
                fail(std::string("o_all ") + (top->o_all ? "high" : "low") + ": " + b);
            // o_pt: the parts with an element covered (the bench's build has
            // one part, P's default: whether any is; the formal jobs check
            // two)
            if ((bool)top->o_pt != any(cov)) fail(std::string("o_pt: ") + b);
            n_picks++;
            // coverage: a lower group's pending element left for later
            // (the leader's line skips it); a neighbour line one bit apart
            bool skipped = false, onebit = false;
            for (unsigned e = m.lead + 1; e < n; e++) {
                if (!has(pend, e) || has(cov, e)) continue;
                uint32_t d = lines[e / gs] ^ mtag;
                if (d && !(d & (d - 1))) onebit = true;
                for (unsigned f = e + 1; f < n && !one; f++)
                    if (has(cov, f)) { skipped = true; break; }
            }
            cov_skip += skipped;
            cov_onebit += onebit && !one;
            next(lv, lead, tag);
            for (unsigned w = 0; w < WQ_COAL_SET_WORDS; w++) pend[w] &= ~cov[w];
        }
        bool all = true;
        for (unsigned e = 0; e < n; e++) all = all && has(pend0, e);
        if (all && cnt == 1 && !one) cov_whole++;
        if (all && cnt == n) cov_each++;
        if (cnt == 0) cov_empty++;
        if (one && cnt > 1) {
            bool same = true;
            for (unsigned i = 1; i < cnt; i++) same = same && r[i].addr == r[0].addr;
            cov_atomic += same;
        }
        return cnt;
    }

    int run(uint64_t insns) {
        for (uint64_t i = 0; i < insns; i++) {
            std::vector<uint32_t> lines = draw_lines(), pend = draw_pend();
            insn(lines, pend, rng.chance(20));
        }
        printf("lsu_pick_tb: %" PRIu64 " instructions, %" PRIu64 " requests\n", n_insns, n_picks);
        std::vector<std::string> holes;
        if (!cov_whole) holes.push_back("every element in one request");
        if (!cov_each) holes.push_back("one request per element");
        if (!cov_empty) holes.push_back("an instruction with none pending");
        if (!cov_skip) holes.push_back("a request skipping a lower pending element");
        if (!cov_atomic) holes.push_back("an atomic of several requests in one line");
        if (!cov_onebit) holes.push_back("a pending element left out one tag bit from the leader's line");
        return verdict(holes);
    }

    // the measured figure: a scalar warp load of consecutive words,
    // line-aligned (lane l's word at base + 4l, its group's first element)
    void measure() {
        std::vector<uint32_t> lines(nt), pend(WQ_COAL_SET_WORDS, 0);
        uint32_t base = 0x1000u;
        for (unsigned g = 0; g < nt; g++) {
            lines[g] = ((base + 4 * g) >> lb) & tag_mask();
            set(pend, g * gs);
        }
        printf("coalesce_requests_per_warp_load: %u\n", insn(lines, pend, false));
    }
};
}  // namespace

int main(int argc, char **argv)
{
    tb::Args args;
    uint64_t insns = 3000, n = 128, tw = 28, gs = 4, line = 16;
    bool measure = false;
    args.parse(argc, argv,
               {{"--insns", &insns, "N"}, {"--n", &n, "N"}, {"--tw", &tw, "BITS"},
                {"--gs", &gs, "GS"}, {"--line", &line, "BYTES"}},
               "[--measure]", [&](const std::string &a, int &, int, char **) {
                   if (a != "--measure") return false;
                   measure = true;
                   return true;
               });
    Bench b(args.seed, args.wave, (unsigned)n, (unsigned)tw, (unsigned)gs, (unsigned)line);
    b.verbose = args.verbose;
    b.rerun = args.rerun;
    int rc = b.run(insns);
    if (rc == 0 && measure) b.measure();
    return b.finish("lsu_pick", rc);
}
