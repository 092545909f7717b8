// tb_fp_div.cpp -- rtl/core/wq_fp_div.v (FDIV, FSQRT, binary32, RNE)
// against the golden model's wq_f32_div / wq_f32_sqrt
// (cmodel/model/fp32.c), bit for bit.
//
// The operation is drawn at random; the operands by class: any bit
// pattern; edge values (signed zeros, the smallest and largest
// subnormals, the smallest normal, the largest finite values,
// infinities, quiet and signalling NaNs, 1.0 and its neighbours);
// subnormal operands (either or both: the normalisation); exponents far
// apart (quotients that underflow to subnormals and to zero, or
// overflow); exact quotients (a = b * k for a small k) and, for FSQRT,
// perfect squares; FSQRT of any positive value.  The handshake is random
// on both sides, in bursts.  The unit takes one operation at a time: the
// bench checks that o_ready stays low while one is in flight, that the
// result appears exactly 32 cycles after it was taken and stays, and the
// result against the model.  Every class, a subnormal and a zero quotient
// of non-zero finite operands, an overflow, an exact quotient, FSQRT of a
// subnormal and of a negative value, a result held while i_ready is low
// and an operation taken in the cycle its predecessor's result leaves
// must be seen, or the run reports a coverage hole.
//
// Usage: tb_fp_div [--seed N] [--ops N] [--wave FILE.fst] [-v]
#include <cinttypes>
#include <cstdio>
#include "Vwq_fp_div.h"
#include "fp_bench.h"
extern "C" {
#include "wq/defs.h"
#include "wq/fp32.h"
}

namespace {

const uint32_t EDGE[] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007FFFFFu, 0x807FFFFFu,
    0x00800000u, 0x80800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x7F800000u, 0xFF800000u,
    0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0xFFA00000u, 0x3F800000u, 0xBF800000u,
    0x3F7FFFFFu, 0x3F800001u, 0x40000000u, 0x00400000u,
};
const unsigned LAT = 32;                 // MW + 3 iterations + 6

enum Cls { C_ANY, C_EDGE, C_SUBN, C_FAR, C_EXACT, C_POS, NCLS };
const char *CLS_NAME[NCLS] = {"any", "edge", "subnormal", "far", "exact", "positive"};

struct Op { bool sqrt; uint32_t a, b, want; int cls; };

struct Bench : fpb::Bench<Vwq_fp_div> {
    bool busy = false, held = false;
    Op cur{};
    uint64_t since = 0;
    uint32_t held_res = 0;
    uint64_t cls_n[NCLS] = {};
    uint64_t k_subn = 0, k_zero = 0, k_ovf = 0, k_exact = 0, k_sqs = 0, k_sqneg = 0,
             k_hold = 0, k_b2b = 0;

    Bench(uint64_t seed, const char *wave) : fpb::Bench<Vwq_fp_div>("fp_div_tb", seed, wave) {}

    Op draw()
    {
        Op o{};
        o.sqrt = rng.chance(40);
        o.cls = (int)rng.below(NCLS);
        uint32_t a = 0, b = 0;
        switch (o.cls) {
        case C_ANY: a = (uint32_t)rng.next(); b = (uint32_t)rng.next(); break;
        case C_EDGE:
            a = rng.chance(70) ? pick(EDGE) : finite(0, 254);
            b = rng.chance(70) ? pick(EDGE) : finite(0, 254);
            break;
        case C_SUBN:
            a = rng.chance(60) ? subn() : finite(0, 254);
            b = rng.chance(60) ? subn() : finite(0, 254);
            if (o.sqrt) b = subn();
            break;
        case C_FAR:
            // quotients below the normal range (subnormal, zero) or above it
            if (rng.chance(50)) { a = finite(0, 40); b = finite(120, 254); }
            else { a = finite(200, 254); b = rng.chance(50) ? finite(0, 60) : subn(); }
            if (rng.chance(50)) std::swap(a, b);
            break;
        case C_EXACT: {
            // a = b * k, k small (exact quotients); FSQRT: b = k * k
            uint32_t k = 1 + (uint32_t)rng.below(4095);
            b = finite(60, 180) & 0xFFFFF000u;
            a = wq_f32_mul(b, wq_u32_to_f32(k, WQ_RM_RNE), WQ_RM_RNE);
            if (o.sqrt) {
                uint32_t r = wq_f32_mul(finite(20, 230) & 0x7FFFF000u, 0x3F800000u, WQ_RM_RNE);
                b = wq_f32_mul(r, r, WQ_RM_RNE);
            }
            break;
        }
        default:  // C_POS: any positive value (FSQRT's domain)
            a = (uint32_t)rng.next();
            b = (uint32_t)rng.next() & 0x7FFFFFFFu;
            break;
        }
        o.a = a; o.b = b;
        o.want = o.sqrt ? wq_f32_sqrt(b, WQ_RM_RNE) : wq_f32_div(a, b, WQ_RM_RNE);
        return o;
    }

    void classify(const Op &o)
    {
        uint32_t r = o.want, e = (r >> 23) & 0xFF, f = r & 0x7FFFFFu;
        auto fin_nz = [](uint32_t x) {
            uint32_t ex = (x >> 23) & 0xFF;
            return ex != 0xFF && (x & 0x7FFFFFFFu);
        };
        if (!o.sqrt && fin_nz(o.a) && fin_nz(o.b)) {
            if (e == 0 && f) k_subn++;
            if (e == 0 && !f) k_zero++;
            if (e == 0xFF) k_ovf++;
            if (o.cls == C_EXACT && wq_f32_mul(r, o.b, WQ_RM_RNE) == o.a) k_exact++;
        }
        if (o.sqrt && ((o.b >> 23) & 0xFF) == 0 && (o.b & 0x7FFFFFu) && !(o.b >> 31)) k_sqs++;
        if (o.sqrt && (o.b >> 31) && fin_nz(o.b)) k_sqneg++;
    }

    int run(uint64_t ops)
    {
        Op next = draw();
        fpb::Bursts hs(60);               // (longer bursts: one operation takes 32 cycles)
        while (done < ops) {
            hs.step(rng);
            bool vgo = hs.vgo, rgo = hs.rgo;
            top->i_valid = vgo;
            top->i_op = vgo ? next.sqrt : (unsigned)rng.below(2);
            top->i_a = vgo ? next.a : (uint32_t)rng.next();
            top->i_b = vgo ? next.b : (uint32_t)rng.next();
            top->i_ready = rgo;
            half(0);
            bool take = top->i_valid && top->o_ready;
            bool give = top->o_valid && top->i_ready;
            if (busy) {
                since++;
                if (top->o_valid) {
                    if (since != LAT && !held) {
                        char m[80];
                        snprintf(m, sizeof m, "result after %" PRIu64 " cycles, not %u", since, LAT);
                        fail(m);
                    }
                    if (held && top->o_res != held_res) fail("a held result changed");
                    if (top->o_res != cur.want) {
                        char m[200];
                        snprintf(m, sizeof m, "%s 0x%08X 0x%08X: rtl 0x%08X model 0x%08X (class %s)",
                                 cur.sqrt ? "fsqrt" : "fdiv", cur.a, cur.b, (unsigned)top->o_res,
                                 cur.want, CLS_NAME[cur.cls]);
                        fail(m);
                    }
                    if (!give) { held = true; held_res = top->o_res; k_hold++; }
                } else {
                    if (since >= LAT) fail("no result after the latency");
                    if (top->o_ready) fail("o_ready while an operation is in flight");
                }
            } else if (top->o_valid) {
                fail("o_valid with no operation in flight");
            } else if (!top->o_ready) {
                fail("o_ready low while idle");
            }
            if (give) {
                if (verbose) {
                    char m[120];
                    snprintf(m, sizeof m, "%s 0x%08X 0x%08X = 0x%08X", cur.sqrt ? "fsqrt" : "fdiv",
                             cur.a, cur.b, cur.want);
                    note(m);
                }
                classify(cur);
                cls_n[cur.cls]++;
                done++;
                busy = false;
                held = false;
                if (take) k_b2b++;
            }
            if (take) {
                if (busy) fail("an operation taken while one is in flight");
                cur = next;
                busy = true;
                since = 0;
                next = draw();
            }
            half(1);
            cycle++;
        }
        printf("fp_div_ops: %" PRIu64 "\n", done);
        printf("fp_div_cycles_per_op: %.3f\n", (double)cycle / (double)done);
        printf("fp_div_results: subnormal %" PRIu64 " zero %" PRIu64 " overflow %" PRIu64
               " exact %" PRIu64 " sqrt-subnormal %" PRIu64 " sqrt-negative %" PRIu64 "\n",
               k_subn, k_zero, k_ovf, k_exact, k_sqs, k_sqneg);
        std::vector<std::string> holes;
        for (int c = 0; c < NCLS; c++)
            if (!cls_n[c]) holes.push_back(std::string("operand class ") + CLS_NAME[c]);
        if (!k_subn || !k_zero) holes.push_back("no subnormal / zero quotient of finite operands");
        if (!k_ovf) holes.push_back("no overflow");
        if (!k_exact) holes.push_back("no exact quotient");
        if (!k_sqs || !k_sqneg) holes.push_back("no FSQRT of a subnormal / a negative value");
        if (!k_hold) holes.push_back("no result held");
        if (!k_b2b) holes.push_back("no operation taken as the last result left");
        return verdict(holes);
    }
};

}  // namespace

int main(int argc, char **argv)
{
    return tb::run_main<Bench>(argc, argv, "fp_div", "--ops", 100000);
}
