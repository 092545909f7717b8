// tb_fp_fma.cpp -- rtl/core/wq_fp_fma.v (FMUL / FFMA, binary32) against the
// golden model's wq_f32_mul / wq_f32_fma (cmodel/model/fp32.c), bit for bit.
//
// Operands come from classes drawn per operation, each FMUL or FFMA at
// random: any bit pattern; the edge values (signed zeros, the smallest and
// largest subnormals, the smallest normal, the largest finite value,
// infinities, quiet and signalling NaNs, 1.0 and its neighbours);
// subnormal operands (products that underflow, one subnormal factor of a
// normal product, subnormal addends); products near overflow and near and
// below the subnormal range; short significands (products that are exact
// or exactly halfway between two floats: ties); cancellation (the addend
// minus the product rounded, moved by a few ulps: exact and massive
// cancellation, every normalisation shift); and alignment (the addend's
// exponent anywhere from far above the product to far below it, through
// the window's ends).  The handshake is random on both sides: i_valid and
// i_ready drop at random, in bursts, so the pipeline fills, stalls and
// drains.  Results are checked in order against the model's answer for
// each accepted operation.  Every class and the result kinds it must
// produce (subnormal, overflow to infinity, exact zero of either sign from
// an FFMA of nonzero operands' cancellation and of zeros, NaN) and a stall
// of the full pipeline must be seen or the run reports a coverage hole.
//
// Usage: tb_fp_fma [--seed N] [--ops N] [--wave FILE.fst] [-v]
#include <cinttypes>
#include <cstdio>
#include <deque>
#include "Vwq_fp_fma.h"
#include "fp_bench.h"
extern "C" {
#include "wq/defs.h"
#include "wq/fp32.h"
}

namespace {

const unsigned LATENCY = 7;            // the unit's stages (docs/rtl/wq_fp_fma.md)

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
    0x3F000000u, 0x40000000u, 0x1F800000u, 0x5F800000u,
};

enum Cls { C_ANY, C_EDGE, C_SUBN, C_RANGE, C_SHORT, C_CANCEL, C_ALIGN, NCLS };
const char *CLS_NAME[NCLS] = {"any", "edge", "subnormal", "range", "short", "cancel", "align"};

struct Op { uint32_t a, b, c; bool fma; uint32_t want; int cls; };

struct Bench : fpb::Bench<Vwq_fp_fma> {
    std::deque<Op> q;                  // accepted, in order
    uint64_t cls_n[NCLS] = {};
    fpb::Kinds kinds;              // the result kinds seen
    uint64_t k_ovf = 0, k_cancel = 0;
    uint64_t k_fmul = 0, k_ffma = 0;

    Bench(uint64_t seed, const char *wave) : fpb::Bench<Vwq_fp_fma>("fp_fma_tb", seed, wave) {}

    // a value whose significand has only its top k fraction bits random
    uint32_t short_sig(unsigned lo, unsigned hi, unsigned k)
    {
        return finite(lo, hi) & ~((1u << (23 - k)) - 1u);
    }

    Op draw()
    {
        Op o{};
        o.fma = rng.chance(60);
        o.cls = (int)rng.below(NCLS);
        uint32_t a, b, c;
        switch (o.cls) {
        case C_ANY:
            a = (uint32_t)rng.next(); b = (uint32_t)rng.next(); c = (uint32_t)rng.next();
            break;
        case C_EDGE:
            a = pick(EDGE);
            b = rng.chance(70) ? pick(EDGE) : finite(0, 254);
            c = rng.chance(70) ? pick(EDGE) : finite(0, 254);
            break;
        case C_SUBN:
            a = rnd_sign(frac() >> rng.below(23));
            b = rng.chance(30) ? subn() : finite(1, 254);
            c = rng.chance(60) ? rnd_sign(frac() >> rng.below(23)) : finite(1, 40);
            break;
        case C_RANGE: {
            // products near overflow, near the subnormal range and below it
            unsigned s = rng.below(3);
            if (s == 0) { a = finite(180, 254); b = finite(250 - ((a >> 23) & 0xFF) + 120, 140); }
            else if (s == 1) { a = finite(1, 126); b = finite(127 - ((a >> 23) & 0xFF), 60); }
            else { a = finite(1, 80); b = finite(1, 40); }
            c = rng.chance(50) ? finite(0, 254) : rnd_sign(rng.chance(50) ? 0 : frac() >> rng.below(23));
            break;
        }
        case C_SHORT: {
            // short significands: exact products, and products exactly halfway
            // between two floats (13 x 12 significant bits make 24 or 25)
            unsigned ka = 8 + rng.below(6), kb = 8 + rng.below(6);
            a = short_sig(60, 190, ka);
            b = short_sig(60, 190, kb);
            c = rng.chance(50) ? short_sig(40, 210, rng.below(24)) : finite(0, 254);
            break;
        }
        case C_CANCEL: {
            // c = -(a*b rounded), moved by a few ulps: exact and massive
            // cancellation of the exact product
            a = finite(1, 254); b = finite(1, 254);
            if (rng.chance(70)) {
                unsigned ea = (a >> 23) & 0xFF;
                int want = 127 + (int)rng.below(120) - 60 - ((int)ea - 127);
                if (want < 1) want = 1;
                if (want > 254) want = 254;
                b = (b & 0x807FFFFFu) | ((uint32_t)want << 23);
            }
            uint32_t p = wq_f32_mul(a, b, WQ_RM_RNE);
            int32_t delta = (int32_t)rng.below(9) - 4;
            if (rng.chance(20)) delta = (int32_t)(rng.next() & 0xFFFF) - 0x8000;
            c = (p & 0x80000000u) | ((uint32_t)((int32_t)(p & 0x7FFFFFFFu) + delta) & 0x7FFFFFFFu);
            if ((c & 0x7F800000u) == 0x7F800000u) c = p;
            c ^= 0x80000000u;
            if (rng.chance(10)) c ^= 0x80000000u;
            o.fma = true;
            break;
        }
        default: {  // C_ALIGN: the addend's exponent -80 .. +80 from the product's
            a = finite(1, 254); b = finite(1, 254);
            unsigned ea = (a >> 23) & 0xFF, eb = (b >> 23) & 0xFF;
            int ep = (int)ea + (int)eb - 127 + (int)rng.below(161) - 80;
            if (ep < 0) ep = 0;
            if (ep > 254) ep = 254;
            c = rnd_sign(((uint32_t)ep << 23) | frac());
            if (rng.chance(30)) c &= 0xFFF80000u | (uint32_t)rng.below(4);   // short fractions
            o.fma = true;
            break;
        }
        }
        if (rng.chance(50)) std::swap(a, b);
        o.a = a; o.b = b; o.c = c;
        o.want = o.fma ? wq_f32_fma(a, b, c, WQ_RM_RNE) : wq_f32_mul(a, b, WQ_RM_RNE);
        return o;
    }

    static bool is_fin_nz(uint32_t x) { return (x & 0x7F800000u) != 0x7F800000u && (x & 0x7FFFFFFFu); }

    void classify(const Op &o)
    {
        uint32_t r = o.want;
        if (o.fma) k_ffma++; else k_fmul++;
        kinds.count(r);
        if (o.fma && (r & 0x7FFFFFFFu) == 0 && is_fin_nz(o.a) && is_fin_nz(o.b) && is_fin_nz(o.c))
            k_cancel++;
        if (fpb::exp_field(r) == 0xFF && !fpb::frac_field(r) && fpb::exp_field(o.a) != 0xFF &&
            fpb::exp_field(o.b) != 0xFF && (!o.fma || fpb::exp_field(o.c) != 0xFF))
            k_ovf++;
    }

    // the unit's operand inputs (random ones when no operation is offered)
    void drive(const Op &next, bool vgo)
    {
        top->i_fma = vgo ? next.fma : rng.chance(50);
        top->i_a = vgo ? next.a : (uint32_t)rng.next();
        top->i_b = vgo ? next.b : (uint32_t)rng.next();
        // FMUL ignores c: a random one checks that
        top->i_c = vgo && next.fma ? next.c : (uint32_t)rng.next();
    }

    // a result leaving: the oldest operation's, compared with the model's
    void result(const Op &o)
    {
        if (top->o_res != o.want) {
            char m[240];
            if (o.fma)
                snprintf(m, sizeof m, "ffma 0x%08X * 0x%08X + 0x%08X: rtl 0x%08X model 0x%08X (class %s)",
                         o.a, o.b, o.c, (unsigned)top->o_res, o.want, CLS_NAME[o.cls]);
            else
                snprintf(m, sizeof m, "fmul 0x%08X * 0x%08X: rtl 0x%08X model 0x%08X (class %s)",
                         o.a, o.b, (unsigned)top->o_res, o.want, CLS_NAME[o.cls]);
            fail(m);
        }
        if (verbose) {
            char m[120];
            snprintf(m, sizeof m, "0x%08X * 0x%08X + 0x%08X%s = 0x%08X", o.a, o.b, o.c,
                     o.fma ? "" : " (fmul)", o.want);
            note(m);
        }
        classify(o);
        cls_n[o.cls]++;
    }

    int run(uint64_t ops)
    {
        run_in_order(this, q, LATENCY, ops);
        printf("fp_fma_ops: %" PRIu64 " (fmul %" PRIu64 " ffma %" PRIu64 ")\n", done, k_fmul, k_ffma);
        printf("fp_fma_cycles_per_op: %.3f\n", (double)cycle / (double)done);
        printf("fp_fma_results: subnormal %" PRIu64 " overflow %" PRIu64 " +0 %" PRIu64
               " -0 %" PRIu64 " cancel %" PRIu64 " nan %" PRIu64 " inf %" PRIu64 "\n",
               kinds.subn, k_ovf, kinds.pz, kinds.nz, k_cancel, kinds.nan, kinds.inf);
        std::vector<std::string> holes;
        for (int c = 0; c < NCLS; c++)
            if (!cls_n[c]) holes.push_back(std::string("operand class ") + CLS_NAME[c]);
        if (!k_fmul || !k_ffma) holes.push_back("no FMUL or no FFMA");
        if (!kinds.subn) holes.push_back("no subnormal result");
        if (!k_ovf) holes.push_back("no overflow of finite operands");
        if (!kinds.pz || !kinds.nz) holes.push_back("no exact zero of each sign");
        if (!k_cancel) holes.push_back("no exact cancellation of nonzero operands");
        if (!kinds.nan) holes.push_back("no NaN result");
        if (!stall_full) holes.push_back("the pipeline never stalled full");
        return verdict(holes);
    }
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::run_main<Bench>(argc, argv, "fp_fma", "--ops", 1000000);
}
