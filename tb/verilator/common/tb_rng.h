// tb_rng.h -- the benches' seeded random numbers (xorshift64*).  One
// definition, so a seed means the same stimulus stream in every bench and
// a failing seed replays exactly.
#ifndef WQ_TB_RNG_H
#define WQ_TB_RNG_H
#include <cstdint>

struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull) {
        if (!s) s = 1;
        for (int i = 0; i < 4; i++) next();
    }
    uint64_t next() {
        s ^= s >> 12; s ^= s << 25; s ^= s >> 27;
        return s * 0x2545F4914F6CDD1Dull;
    }
    unsigned below(unsigned n) { return n ? (unsigned)(next() % n) : 0; }
    bool chance(unsigned pct) { return below(100) < pct; }
};

#endif
