// tb_fp_cvt.cpp -- rtl/core/wq_fp_cvt.v (I2F U2F F2I F2U, binary32 and
// 32-bit integers, every rounding mode) against the golden model's
// wq_i32_to_f32 / wq_u32_to_f32 / wq_f32_to_i32 / wq_f32_to_u32
// (cmodel/model/fp32.c), bit for bit.
//
// The operation and the mode (WQ_RM_*) are drawn at random.  Integer
// operands by class: any bit pattern; small magnitudes (exact); values
// near a power of two (every leading-zero count, the carry of a rounding
// into the next binade); exact ties (the bit below the significand set,
// nothing under it) and their neighbours; the edges (0, +-1, INT_MIN,
// INT_MAX, all ones).  Float operands: any bit pattern; values in the
// integers' range (exponents 2^-2 .. 2^33: every shift); halves (x.5,
// the ties of RNE); the edges (+-0, subnormals, +-0.5, +-1.5, +-2^31 and
// their neighbours, 2^32, +-infinity, NaNs).  The handshake is random on
// both sides, in bursts.  Every operation in every mode, I2F results
// that the mode changes (inexact), F2I saturated both ways, F2U saturated
// high and a negative F2U operand, a NaN operand and a stall of the full
// pipeline must be seen, or the run reports a coverage hole.
//
// Usage: tb_fp_cvt [--seed N] [--ops N] [--wave FILE.fst] [-v]
#include <cinttypes>
#include <cstdio>
#include <deque>
#include "Vwq_fp_cvt.h"
#include "fp_bench.h"
extern "C" {
#include "wq/defs.h"
#include "wq/fp32.h"
}

namespace {

const uint32_t IEDGE[] = {0u, 1u, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 0x80000001u,
                          0x01000000u, 0x01000001u, 0x00FFFFFFu, 0xFFFFFF7Fu, 0x7FFFFFC0u,
                          0xFFFFFF80u, 0x7FFFFF80u};
const uint32_t FEDGE[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x3F000000u,
                          0xBF000000u, 0x3FC00000u, 0xBFC00000u, 0x4F000000u, 0xCF000000u,
                          0x4EFFFFFFu, 0xCEFFFFFFu, 0x4F000001u, 0xCF000001u, 0x4F800000u,
                          0x4F7FFFFFu, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFF800001u,
                          0x7F7FFFFFu, 0xFF7FFFFFu, 0x3EFFFFFFu, 0xBF7FFFFFu};

enum Cls { C_ANY, C_SMALL, C_POW2, C_TIE, C_EDGE, NCLS };
const char *CLS_NAME[NCLS] = {"any", "small/in-range", "power-of-two", "tie", "edge"};
const char *OP_NAME[4] = {"i2f", "u2f", "f2i", "f2u"};

struct Op { unsigned op, rm; uint32_t b, want; int cls; };

struct Bench : fpb::Bench<Vwq_fp_cvt> {
    std::deque<Op> q;
    uint64_t cls_n[2][NCLS] = {}, opm_n[4][4] = {};
    uint64_t k_inexact = 0, k_sathi = 0, k_satlo = 0, k_usat = 0, k_uneg = 0, k_nan = 0;

    Bench(uint64_t seed, const char *wave) : fpb::Bench<Vwq_fp_cvt>("fp_cvt_tb", seed, wave) {}

    uint32_t draw_int(int cls)
    {
        uint32_t x;
        switch (cls) {
        case C_ANY: return (uint32_t)rng.next();
        case C_SMALL: x = (uint32_t)rng.below(1u << 24); break;
        case C_POW2: {
            unsigned k = (unsigned)rng.below(32);
            x = (1u << k) + (uint32_t)rng.below(5) - 2u;
            if (rng.chance(30)) x = (1u << k) - 1u;
            break;
        }
        case C_TIE: {
            // 24 significant bits, a one below them, then zeros or a few ones
            unsigned k = 25 + (unsigned)rng.below(7);           // the leading one's place + 1
            uint32_t sig = (1u << 23) | frac();
            x = sig << (k - 24);
            x |= 1u << (k - 25);                                // the guard bit
            if (rng.chance(30) && k > 25) x |= (uint32_t)rng.below(1u << (k - 25));
            if (rng.chance(20)) x -= 1u << (k - 25);             // no tie, the guard 0
            break;
        }
        default: return pick(IEDGE);
        }
        return rng.chance(50) ? 0u - x : x;
    }

    uint32_t draw_float(int cls)
    {
        switch (cls) {
        case C_ANY: return (uint32_t)rng.next();
        case C_SMALL: case C_POW2: {
            uint32_t e = 125 + (uint32_t)rng.below(36);         // 2^-2 .. 2^33
            uint32_t f = frac();
            if (cls == C_POW2) f = rng.chance(50) ? 0 : 0x7FFFFFu;
            return rnd_sign((e << 23) | f);
        }
        case C_TIE: {
            // an integer + 1/2 (and sometimes + 1/2 + an ulp)
            uint32_t e = 127 + (uint32_t)rng.below(23);         // 1 .. 2^22
            uint32_t f = frac();
            unsigned fb = 23 - (e - 127);                       // fraction bits below the point
            f &= ~((1u << fb) - 1u);
            f |= 1u << (fb - 1);
            if (rng.chance(20)) f |= 1u;
            return rnd_sign((e << 23) | f);
        }
        default: return pick(FEDGE);
        }
    }

    Op draw()
    {
        Op o{};
        o.op = (unsigned)rng.below(4);
        o.rm = (unsigned)rng.below(4);
        o.cls = (int)rng.below(NCLS);
        o.b = o.op < 2 ? draw_int(o.cls) : draw_float(o.cls);
        switch (o.op) {
        case 0:  o.want = wq_i32_to_f32(o.b, o.rm); break;
        case 1:  o.want = wq_u32_to_f32(o.b, o.rm); break;
        case 2:  o.want = wq_f32_to_i32(o.b, o.rm); break;
        default: o.want = wq_f32_to_u32(o.b, o.rm); break;
        }
        return o;
    }

    void classify(const Op &o)
    {
        opm_n[o.op][o.rm]++;
        cls_n[o.op >> 1][o.cls]++;
        bool nan = fpb::isnan32(o.b);
        switch (o.op) {
        case 0: case 1:
            if (o.want != (o.op ? wq_u32_to_f32(o.b, WQ_RM_RTZ) : wq_i32_to_f32(o.b, WQ_RM_RTZ))) k_inexact++;
            break;
        case 2:
            if (nan) k_nan++;
            if (o.want == 0x7FFFFFFFu && !nan && o.b != 0x4EFFFFFFu) k_sathi++;
            if (o.want == 0x80000000u && o.b != 0xCF000000u) k_satlo++;
            break;
        default:
            if (nan) k_nan++;
            if (o.want == 0xFFFFFFFFu) k_usat++;
            if ((o.b >> 31) && (o.b & 0x7FFFFFFFu) && !nan) k_uneg++;
        }
    }

    // the unit's operand inputs (random ones when no operation is offered)
    void drive(const Op &next, bool vgo)
    {
        top->i_op = vgo ? next.op : (unsigned)rng.below(4);
        top->i_rm = vgo ? next.rm : (unsigned)rng.below(4);
        top->i_b = vgo ? next.b : (uint32_t)rng.next();
    }

    // a result leaving: the oldest operation's, compared with the model's
    void result(const Op &o)
    {
        if (top->o_res != o.want) {
            char m[200];
            snprintf(m, sizeof m, "%s rm %u 0x%08X: rtl 0x%08X model 0x%08X (class %s)",
                     OP_NAME[o.op], o.rm, o.b, (unsigned)top->o_res, o.want, CLS_NAME[o.cls]);
            fail(m);
        }
        if (verbose) {
            char m[120];
            snprintf(m, sizeof m, "%s rm %u 0x%08X = 0x%08X", OP_NAME[o.op], o.rm, o.b, o.want);
            note(m);
        }
        classify(o);
    }

    int run(uint64_t ops)
    {
        run_in_order(this, q, 5, ops);
        printf("fp_cvt_ops: %" PRIu64 "\n", done);
        printf("fp_cvt_cycles_per_op: %.3f\n", (double)cycle / (double)done);
        printf("fp_cvt_results: i2f-inexact %" PRIu64 " f2i-sat-hi %" PRIu64 " f2i-sat-lo %" PRIu64
               " f2u-sat %" PRIu64 " f2u-neg %" PRIu64 " nan %" PRIu64 "\n",
               k_inexact, k_sathi, k_satlo, k_usat, k_uneg, k_nan);
        std::vector<std::string> holes;
        for (int s = 0; s < 2; s++)
            for (int c = 0; c < NCLS; c++)
                if (!cls_n[s][c])
                    holes.push_back(std::string(s ? "float" : "integer") + " operand class " + CLS_NAME[c]);
        for (int p = 0; p < 4; p++)
            for (int m = 0; m < 4; m++)
                if (!opm_n[p][m]) holes.push_back(std::string(OP_NAME[p]) + " in mode " + std::to_string(m));
        if (!k_inexact) holes.push_back("no inexact I2F/U2F");
        if (!k_sathi || !k_satlo) holes.push_back("no F2I saturated both ways");
        if (!k_usat || !k_uneg) holes.push_back("no F2U saturated high / of a negative value");
        if (!k_nan) holes.push_back("no NaN operand");
        if (!stall_full) holes.push_back("the pipeline never stalled full");
        return verdict(holes);
    }
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::run_main<Bench>(argc, argv, "fp_cvt", "--ops", 1000000);
}
