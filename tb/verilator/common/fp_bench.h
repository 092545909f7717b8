// fp_bench.h -- what the FP units' Verilator benches (tb/verilator/fp_add,
// fp_fma, fp_cmp, fp_cvt, fp_div) share: the bench base (harness, random
// source, reset, the operation number in a failure report), the binary32
// operand generators, the random handshake in bursts, the full-pipeline
// stall count and the result kinds a run must produce.
//
// Each helper draws from the bench's Rng in a fixed order, so a bench
// built on them draws the same operands and handshake for a seed as one
// that spelled them out: the bench's figures (fp_*_results,
// fp_*_cycles_per_op) are the same for the same seed.
#pragma once
#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <string>
#include "tb_harness.h"
#include "tb_rng.h"

namespace fpb {

// binary32 fields and classes
inline uint32_t exp_field(uint32_t x) { return (x >> 23) & 0xFFu; }
inline uint32_t frac_field(uint32_t x) { return x & 0x7FFFFFu; }
inline bool isnan32(uint32_t x) { return exp_field(x) == 0xFFu && frac_field(x); }

// The handshake's two sides at random, each in bursts of either state:
// i_valid high in 85% of its bursts (up to len cycles; a low burst up to 6),
// i_ready high in 80% (up to len; a low burst up to 10), so a pipeline
// fills, stalls full and drains.  step() once a cycle, before the inputs
// are set.
struct Bursts {
    int len;
    int vburst = 0, rburst = 0;
    bool vgo = true, rgo = true;
    explicit Bursts(int l = 40) : len(l) {}
    void step(Rng &rng)
    {
        if (vburst-- <= 0) { vgo = rng.chance(85); vburst = (int)rng.below(vgo ? len : 6); }
        if (rburst-- <= 0) { rgo = rng.chance(80); rburst = (int)rng.below(rgo ? len : 10); }
    }
};

// The kinds of binary32 result a run must see (each bench names the ones
// it requires): subnormal, NaN, +0, -0, infinity.
struct Kinds {
    uint64_t subn = 0, nan = 0, pz = 0, nz = 0, inf = 0;
    void count(uint32_t r)
    {
        uint32_t e = exp_field(r), f = frac_field(r);
        if (e == 0 && f) subn++;
        if (e == 0xFFu && f) nan++;
        if (r == 0) pz++;
        if (r == 0x80000000u) nz++;
        if (e == 0xFFu && !f) inf++;
    }
};

// The base of an FP unit's bench: Top has i_clk, i_reset, i_valid, i_ready.
// Construction resets the unit for three cycles with both handshake inputs
// low and starts the waveform.
template <class Top>
struct Bench : tb::Harness<Top> {
    Rng rng;
    uint64_t done = 0;                 // results checked
    uint64_t idle = 0;                 // cycles since the last result
    uint64_t stall_full = 0;           // cycles with a result held and o_ready low

    Bench(const char *name, uint64_t seed, const char *wave) : tb::Harness<Top>(name, seed), rng(seed)
    {
        this->top->i_clk = 0;
        this->top->i_reset = 1;
        this->top->i_valid = 0;
        this->top->i_ready = 0;
        this->open_wave(wave);
        for (int i = 0; i < 3; i++) this->tick();
        this->top->i_reset = 0;
    }

    std::string where() const override
    {
        char b[64];
        snprintf(b, sizeof b, " op#%" PRIu64, done);
        return b;
    }

    // after the inputs settle (half(0)): a pipeline held full counts
    void count_stall()
    {
        if (this->top->o_valid && !this->top->i_ready && !this->top->o_ready) stall_full++;
    }
    // once a cycle: a result leaves, or the unit may not sit silent long
    void count_idle(bool give)
    {
        if (give) idle = 0;
        else if (++idle > 1000) this->fail("no result for 1000 cycles");
    }

    // The run of a pipelined unit (wq_fp_add, _fma, _cmp, _cvt), whose
    // results leave in the order the operations were taken.  Each cycle: the
    // handshake's bursts; self->drive(next, offered) sets the unit's operand
    // inputs (random ones when no operation is offered: the unit must not
    // take them); on the clock's low half a result that leaves is checked
    // against the oldest operation taken (self->result(op): compare, note,
    // classify), and an operation taken joins the queue (at most depth in
    // flight: the unit's stages) and the next is drawn (self->draw()).
    template <class Self, class Op>
    void run_in_order(Self *self, std::deque<Op> &q, size_t depth, uint64_t ops)
    {
        Op next = self->draw();
        Bursts hs;
        while (done < ops) {
            hs.step(rng);
            this->top->i_valid = hs.vgo;
            self->drive(next, hs.vgo);
            this->top->i_ready = hs.rgo;
            this->half(0);
            bool take = this->top->i_valid && this->top->o_ready;
            bool give = this->top->o_valid && this->top->i_ready;
            count_stall();
            if (give) {
                if (q.empty()) this->fail("o_valid with no operation accepted");
                self->result(q.front());
                q.pop_front();
                done++;
            }
            count_idle(give);
            if (take) {
                q.push_back(next);
                if (q.size() > depth)
                    this->fail("more than " + std::to_string(depth) + " operations in flight");
                next = self->draw();
            }
            this->half(1);
            this->cycle++;
        }
    }

    // ---- operands ------------------------------------------------------------
    uint32_t rnd_sign(uint32_t x) { return x ^ (rng.chance(50) ? 0x80000000u : 0); }
    uint32_t frac() { return (uint32_t)rng.next() & 0x7FFFFFu; }
    // a finite value with a random exponent field in [lo, hi], fraction and sign
    uint32_t finite(unsigned lo, unsigned hi)
    {
        uint32_t e = lo + rng.below(hi - lo + 1);
        return rnd_sign((e << 23) | frac());
    }
    // a subnormal (or zero) of either sign
    uint32_t subn() { return rnd_sign(frac()); }
    // a NaN of either sign, quiet or signalling, any payload
    uint32_t nan()
    {
        uint32_t f = frac();
        return (rng.chance(50) ? 0xFF800000u : 0x7F800000u) | (f ? f : 1u);
    }
    // one entry of a table of edge values
    template <size_t N> uint32_t pick(const uint32_t (&t)[N]) { return t[rng.below((unsigned)N)]; }
};

}  // namespace fpb
