// tb_fp_cmp.cpp -- rtl/core/wq_fp_cmp.v (FMIN FMAX FSETP FCLASS, binary32)
// against the golden model's wq_f32_min / wq_f32_max / wq_f32_cmp /
// wq_f32_class (cmodel/model/fp32.c), bit for bit.
//
// Operands come from classes drawn per operation: any bit pattern; edge
// values (signed zeros, subnormals, the smallest normal, the largest
// finite values, infinities, quiet and signalling NaNs, 1.0); a second
// operand equal to the first, its negation, or a few ulps from either
// (every outcome of the magnitude compare, -0 against +0); NaN against
// anything.  FSETP draws every code 0..15 (10..15 are not compare codes:
// the unit answers 0, as the model).  The handshake is random on both
// sides, in bursts.  Results are checked in order.  Every class, every
// FCLASS bit, each compare code both true and false, a -0 from FMIN of
// two zeros, +0 from FMAX of two zeros, a NaN losing, the canonical NaN of
// two NaNs and a stall of the full pipeline must be seen, or the run
// reports a coverage hole.
//
// Usage: tb_fp_cmp [--seed N] [--ops N] [--wave FILE.fst] [-v]
#include <cinttypes>
#include <cstdio>
#include <deque>
#include "Vwq_fp_cmp.h"
#include "fp_bench.h"
extern "C" {
#include "wq/defs.h"
#include "wq/fp32.h"
}

namespace {

const uint32_t EDGE[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007FFFFFu, 0x807FFFFFu,
    0x00800000u, 0x80800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F800000u, 0xFF800000u,
    0x7FC00000u, 0xFFC00000u, 0x7FFFFFFFu, 0x7F800001u, 0xFFA00000u, 0x7FBFFFFFu,
    0x3F800000u, 0xBF800000u, 0x3F800001u, 0xBF7FFFFFu,
};

enum Cls { C_ANY, C_EDGE, C_NEAR, C_NAN, NCLS };
const char *CLS_NAME[NCLS] = {"any", "edge", "near", "nan"};
const char *OP_NAME[4] = {"fmin", "fmax", "fsetp", "fclass"};

struct Op { unsigned op, cc; uint32_t a, b, want; int cls; };

using fpb::isnan32;

struct Bench : fpb::Bench<Vwq_fp_cmp> {
    std::deque<Op> q;
    uint64_t cls_n[NCLS] = {}, fclass_n[10] = {}, cc_t[16] = {}, cc_f[16] = {};
    uint64_t k_minz = 0, k_maxz = 0, k_lose = 0, k_qnan = 0;

    Bench(uint64_t seed, const char *wave) : fpb::Bench<Vwq_fp_cmp>("fp_cmp_tb", seed, wave) {}

    Op draw()
    {
        Op o{};
        o.op = (unsigned)rng.below(4);
        o.cc = (unsigned)rng.below(rng.chance(90) ? 10 : 16);
        o.cls = (int)rng.below(NCLS);
        uint32_t a, b;
        switch (o.cls) {
        case C_ANY: a = (uint32_t)rng.next(); b = (uint32_t)rng.next(); break;
        case C_EDGE:
            a = pick(EDGE);
            b = rng.chance(80) ? pick(EDGE) : (uint32_t)rng.next();
            break;
        case C_NEAR: {
            a = rng.chance(20) ? (uint32_t)rng.next() & 0x807FFFFFu : (uint32_t)rng.next();
            int32_t d = (int32_t)rng.below(5) - 2;
            b = (a & 0x80000000u) | ((uint32_t)((int32_t)(a & 0x7FFFFFFFu) + d) & 0x7FFFFFFFu);
            if (rng.chance(40)) b ^= 0x80000000u;
            break;
        }
        default:  // C_NAN
            a = nan();
            b = rng.chance(30) ? nan() : rng.chance(50) ? pick(EDGE) : (uint32_t)rng.next();
            break;
        }
        if (rng.chance(50)) std::swap(a, b);
        o.a = a; o.b = b;
        switch (o.op) {
        case 0:  o.want = wq_f32_min(a, b); break;
        case 1:  o.want = wq_f32_max(a, b); break;
        case 2:  o.want = (uint32_t)wq_f32_cmp(o.cc, a, b); break;
        default: o.want = wq_f32_class(b); break;
        }
        return o;
    }

    void classify(const Op &o)
    {
        uint32_t az = (o.a & 0x7FFFFFFFu) == 0, bz = (o.b & 0x7FFFFFFFu) == 0;
        switch (o.op) {
        case 0: case 1:
            if (az && bz && o.a != o.b) (o.op == 0 ? k_minz : k_maxz)++;
            if (isnan32(o.a) != isnan32(o.b)) k_lose++;
            if (isnan32(o.a) && isnan32(o.b)) k_qnan++;
            break;
        case 2: (o.want ? cc_t : cc_f)[o.cc]++; break;
        default:
            for (int i = 0; i < 10; i++) if (o.want >> i & 1) fclass_n[i]++;
        }
    }

    // the unit's operand inputs (random ones when no operation is offered)
    void drive(const Op &next, bool vgo)
    {
        top->i_op = vgo ? next.op : (unsigned)rng.below(4);
        top->i_cc = vgo ? next.cc : (unsigned)rng.below(16);
        top->i_a = vgo ? next.a : (uint32_t)rng.next();
        top->i_b = vgo ? next.b : (uint32_t)rng.next();
    }

    // a result leaving: the oldest operation's, compared with the model's
    void result(const Op &o)
    {
        if (top->o_res != o.want) {
            char m[200];
            snprintf(m, sizeof m, "%s (cc %u) 0x%08X, 0x%08X: rtl 0x%08X model 0x%08X (class %s)",
                     OP_NAME[o.op], o.cc, o.a, o.b, (unsigned)top->o_res, o.want,
                     CLS_NAME[o.cls]);
            fail(m);
        }
        if (verbose) {
            char m[120];
            snprintf(m, sizeof m, "%s %u 0x%08X 0x%08X = 0x%08X", OP_NAME[o.op], o.cc, o.a, o.b, o.want);
            note(m);
        }
        classify(o);
        cls_n[o.cls]++;
    }

    int run(uint64_t ops)
    {
        run_in_order(this, q, 2, ops);
        printf("fp_cmp_ops: %" PRIu64 "\n", done);
        printf("fp_cmp_cycles_per_op: %.3f\n", (double)cycle / (double)done);
        printf("fp_cmp_results: fmin(-0,+0) %" PRIu64 " fmax(-0,+0) %" PRIu64 " nan-loses %" PRIu64
               " two-nans %" PRIu64 "\n", k_minz, k_maxz, k_lose, k_qnan);
        std::vector<std::string> holes;
        for (int c = 0; c < NCLS; c++)
            if (!cls_n[c]) holes.push_back(std::string("operand class ") + CLS_NAME[c]);
        for (int i = 0; i < 10; i++)
            if (!fclass_n[i]) holes.push_back("FCLASS bit " + std::to_string(i));
        for (int c = 0; c < 10; c++)
            if (!cc_t[c] || !cc_f[c]) holes.push_back("compare code " + std::to_string(c) + " true and false");
        for (int c = 10; c < 16; c++)
            if (!cc_f[c]) holes.push_back("compare code " + std::to_string(c));
        if (!k_minz || !k_maxz) holes.push_back("no fmin / fmax of -0 and +0");
        if (!k_lose) holes.push_back("no NaN operand losing");
        if (!k_qnan) holes.push_back("no fmin / fmax of two NaNs");
        if (!stall_full) holes.push_back("the pipeline never stalled full");
        return verdict(holes);
    }
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::run_main<Bench>(argc, argv, "fp_cmp", "--ops", 1000000);
}
