// tb_fp_add.cpp -- rtl/core/wq_fp_add.v (FADD / FSUB, binary32) against the
// golden model's wq_f32_add / wq_f32_sub (cmodel/model/fp32.c), bit for bit.
//
// Operands come from classes drawn per operation: any bit pattern; the
// edge values (signed zeros, the smallest and largest subnormals, the
// smallest normal, the largest finite value, infinities, quiet and
// signalling NaNs, 1.0 and its neighbours); subnormals; a second operand
// near the first (equal or a few ulps off, either sign: exact and partial
// cancellation); a second operand whose exponent lies 0 .. 30 below the
// first's (every alignment shift, through the window's end); exact ties
// (the second operand is half an ulp of the first, or an odd multiple of
// it, so the sum lies halfway between two floats); and large operands
// whose sum overflows.  The handshake is random on both sides: i_valid
// and i_ready drop at random, in bursts, so the pipeline fills, stalls
// and drains.  Results are checked in order against the model's answer
// for each accepted operation.  Every class and the result kinds it must
// produce (subnormal, overflow to infinity, exact zero of either sign,
// NaN) and a stall of the full pipeline must be seen or the run reports a coverage
// hole.
//
// Usage: tb_fp_add [--seed N] [--ops N] [--wave FILE.fst] [-v]
#include <cinttypes>
#include <cstdio>
#include <deque>
#include "Vwq_fp_add.h"
#include "fp_bench.h"
extern "C" {
#include "wq/defs.h"
#include "wq/fp32.h"
}

namespace {

const uint32_t EDGE[] = {
    0x00000000u, 0x80000000u,            // +-0
    0x00000001u, 0x80000001u,            // smallest subnormal
    0x007FFFFFu, 0x807FFFFFu,            // largest subnormal
    0x00800000u, 0x80800000u,            // smallest normal
    0x00800001u, 0x00FFFFFFu,
    0x7F7FFFFFu, 0xFF7FFFFFu,            // largest finite
    0x7F7FFFFEu, 0x7F000000u,
    0x7F800000u, 0xFF800000u,            // infinities
    0x7FC00000u, 0xFFC00000u, 0x7FFFFFFFu, // quiet NaNs
    0x7F800001u, 0xFFA00000u, 0x7FBFFFFFu, // signalling NaNs
    0x3F800000u, 0xBF800000u, 0x3F7FFFFFu, 0x3F800001u, 0x33800000u, 0x34000000u,
};

enum Cls { C_ANY, C_EDGE, C_SUBN, C_NEAR, C_ALIGN, C_TIE, C_OVF, NCLS };
const char *CLS_NAME[NCLS] = {"any", "edge", "subnormal", "near", "align", "tie", "overflow"};

struct Op { uint32_t a, b; bool sub; uint32_t want; int cls; };

struct Bench : fpb::Bench<Vwq_fp_add> {
    std::deque<Op> q;                  // accepted, in order
    uint64_t cls_n[NCLS] = {};
    fpb::Kinds kinds;              // the result kinds seen
    uint64_t k_ovf = 0;

    Bench(uint64_t seed, const char *wave) : fpb::Bench<Vwq_fp_add>("fp_add_tb", seed, wave) {}

    Op draw()
    {
        Op o{};
        o.sub = rng.chance(50);
        o.cls = (int)rng.below(NCLS);
        uint32_t a, b;
        switch (o.cls) {
        case C_ANY:
            a = (uint32_t)rng.next(); b = (uint32_t)rng.next(); break;
        case C_EDGE:
            a = pick(EDGE);
            b = rng.chance(70) ? pick(EDGE) : finite(0, 254);
            break;
        case C_SUBN:
            a = subn();
            b = rng.chance(70) ? subn() : finite(1, 3);
            break;
        case C_NEAR: {
            // b = +-a moved by a few ulps: exact cancellation, and differences
            // that need every normalisation shift
            a = finite(0, 254);
            int32_t delta = (int32_t)rng.below(9) - 4;
            if (rng.chance(20)) delta = (int32_t)(rng.next() & 0xFFFF) - 0x8000;
            b = (a & 0x80000000u) | ((uint32_t)((int32_t)(a & 0x7FFFFFFFu) + delta) & 0x7FFFFFFFu);
            if ((b & 0x7F800000u) == 0x7F800000u) b = a;
            if (rng.chance(50)) b ^= 0x80000000u;
            break;
        }
        case C_ALIGN: {
            a = finite(1, 254);
            unsigned ea = (a >> 23) & 0xFF, d = rng.below(31);
            unsigned eb = ea > d ? ea - d : 0;
            b = rnd_sign((eb << 23) | frac());
            if (rng.chance(30)) b &= 0xFFF80000u | (uint32_t)rng.below(4);  // short fractions
            break;
        }
        case C_TIE: {
            // b is 1, 3 or 5 halves of a's ulp, so a + b lies halfway between
            // two floats (a carry or a borrow that renormalises moves the tie
            // one bit: also covered)
            a = finite(2, 250);
            unsigned ea = (a >> 23) & 0xFF;
            unsigned k = rng.below(3);
            if (ea > 24 + k) {
                // half an ulp of a is 2^(ea - 127 - 24): exponent field ea - 24,
                // times 1, 3 or 5 (1.0, 1.5, 1.25 with a longer exponent)
                static const uint32_t odd[3] = {0x000000u, 0x400000u, 0x200000u};
                uint32_t eb = ea - 24 + (k ? 1 : 0) + (k == 2 ? 1 : 0);
                b = (eb << 23) | odd[k];
            } else {
                b = 1;                             // a tiny a: a subnormal ulp
            }
            b = rnd_sign(b);
            break;
        }
        default:  // C_OVF
            a = finite(250, 254); b = finite(250, 254);
            if (rng.chance(50)) b = (a & 0x80000000u) | (b & 0x7FFFFFFFu);
            break;
        }
        if (rng.chance(50)) std::swap(a, b);
        o.a = a; o.b = b;
        o.want = o.sub ? wq_f32_sub(a, b, WQ_RM_RNE) : wq_f32_add(a, b, WQ_RM_RNE);
        return o;
    }

    void classify(const Op &o)
    {
        uint32_t r = o.want;
        kinds.count(r);
        if (fpb::exp_field(r) == 0xFF && !fpb::frac_field(r) &&
            fpb::exp_field(o.a) != 0xFF && fpb::exp_field(o.b) != 0xFF)
            k_ovf++;
    }

    // the unit's operand inputs (random ones when no operation is offered)
    void drive(const Op &next, bool vgo)
    {
        top->i_sub = next.sub;
        top->i_a = vgo ? next.a : (uint32_t)rng.next();
        top->i_b = vgo ? next.b : (uint32_t)rng.next();
    }

    // a result leaving: the oldest operation's, compared with the model's
    void result(const Op &o)
    {
        if (top->o_res != o.want) {
            char m[200];
            snprintf(m, sizeof m, "%s 0x%08X %s 0x%08X: rtl 0x%08X model 0x%08X (class %s)",
                     o.sub ? "fsub" : "fadd", o.a, o.sub ? "-" : "+", o.b,
                     (unsigned)top->o_res, o.want, CLS_NAME[o.cls]);
            fail(m);
        }
        if (verbose) {
            char m[120];
            snprintf(m, sizeof m, "0x%08X %c 0x%08X = 0x%08X", o.a, o.sub ? '-' : '+', o.b, o.want);
            note(m);
        }
        classify(o);
        cls_n[o.cls]++;
    }

    int run(uint64_t ops)
    {
        run_in_order(this, q, 6, ops);
        printf("fp_add_ops: %" PRIu64 "\n", done);
        printf("fp_add_cycles_per_op: %.3f\n", (double)cycle / (double)done);
        printf("fp_add_results: subnormal %" PRIu64 " overflow %" PRIu64 " +0 %" PRIu64
               " -0 %" PRIu64 " nan %" PRIu64 " inf %" PRIu64 "\n",
               kinds.subn, k_ovf, kinds.pz, kinds.nz, kinds.nan, kinds.inf);
        std::vector<std::string> holes;
        for (int c = 0; c < NCLS; c++)
            if (!cls_n[c]) holes.push_back(std::string("operand class ") + CLS_NAME[c]);
        if (!kinds.subn) holes.push_back("no subnormal result");
        if (!k_ovf) holes.push_back("no overflow of finite operands");
        if (!kinds.pz || !kinds.nz) holes.push_back("no exact zero of each sign");
        if (!kinds.nan) holes.push_back("no NaN result");
        if (!stall_full) holes.push_back("the pipeline never stalled full");
        return verdict(holes);
    }
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::run_main<Bench>(argc, argv, "fp_add", "--ops", 1000000);
}
