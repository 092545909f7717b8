/* test_ue_gen.c -- the engine bench's random programs: deterministic per
 * seed, their assembly assembles to the same words, they use every opcode
 * and both outcomes of every branch, and they halt within a bound. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "wq/ue.h"

#define SEEDS 40u
#define BOUND 100000u               /* instructions; the largest seen is < 10 000 */

static unsigned gen(uint64_t seed, uint32_t *w, char **text)
{
    wq_ue_genopt_t o = { seed, 2048, 2, 6 };
    unsigned n = 0;
    cr_assert_eq(wq_ue_gen(&o, w, &n, text), 0, "seed %llu", (unsigned long long)seed);
    cr_assert(n > 64 && n <= 2048, "seed %llu: %u words", (unsigned long long)seed, n);
    return n;
}

/* a fresh engine with words[0..n) in its ROM, the test device at seed */
static void start(wq_ue_t *ue, const wq_ue_cfg_t *cfg, const uint32_t *w, unsigned n,
                  uint64_t seed, wq_ue_testdev_t *td)
{
    cr_assert_eq(wq_ue_init(ue, cfg), 0);
    cr_assert_eq(wq_ue_load(ue, w, n), 0);
    wq_ue_testdev_init(td, seed);
}

Test(ue_gen, deterministic_per_seed)
{
    static uint32_t a[WQ_UE_MAX_ROM], b[WQ_UE_MAX_ROM];
    unsigned na = gen(5, a, NULL), nb = gen(5, b, NULL);
    cr_assert(na == nb && !memcmp(a, b, na * sizeof *a));
    nb = gen(6, b, NULL);
    cr_assert(na != nb || memcmp(a, b, na * sizeof *a), "seeds 5 and 6 agree");
}

Test(ue_gen, assembly_round_trip)
{
    static uint32_t w[WQ_UE_MAX_ROM];
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        char *text = NULL, err[512];
        unsigned n = gen(seed, w, &text);
        wq_ue_asmopt_t o;
        memset(&o, 0, sizeof o);
        o.rom_aw = 11;
        wq_ue_image_t img;
        cr_assert_eq(wq_ue_asm("gen.ues", text, strlen(text), &o, &img, err, sizeof err), 0,
                     "seed %llu: %s", (unsigned long long)seed, err);
        cr_assert_eq(img.used, n);
        for (unsigned i = 0; i < n; i++)
            cr_assert_eq(img.words[i], w[i], "seed %llu word %u: %08x, asm gave %08x",
                         (unsigned long long)seed, i, w[i], img.words[i]);
        wq_ue_image_free(&img);
        free(text);
    }
}

Test(ue_gen, coverage_and_termination)
{
    static uint32_t w[WQ_UE_MAX_ROM];
    wq_ue_t *ue = malloc(sizeof *ue);
    wq_ue_cfg_t cfg = WQ_UE_CFG_DEFAULT;
    unsigned taken[32] = { 0 }, not_taken[32] = { 0 }, rsv = 0, noisy = 0, r0w = 0;
    unsigned imm[32] = { 0 }, reg[32] = { 0 }, wrapped_wsel = 0, window_st = 0, halts = 0;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        unsigned n = gen(seed, w, NULL), seen[32] = { 0 };
        for (unsigned i = 0; i < n; i++) {
            unsigned op = WQ_UE_GET(w[i], OP);
            seen[op] = 1;
            noisy += wq_ue_canon(w[i]) != w[i];
            if (wq_ue_ops[op].flags & WQ_UE_FL_RB)
                (WQ_UE_GET(w[i], I) ? imm : reg)[op]++;
        }
        /* the program ends with halt or (sometimes) op 31 */
        rsv += seen[WQ_UE_OP_RSV];
        for (unsigned op = 0; op < WQ_UE_OP_HALT; op++)
            cr_assert(seen[op], "seed %llu lacks opcode %u (%s)", (unsigned long long)seed, op,
                      wq_ue_ops[op].name);
        wq_ue_testdev_t td;
        start(ue, &cfg, w, n, seed, &td);
        wq_ue_rec_t r;
        while (ue->count < BOUND && wq_ue_step(ue, &wq_ue_testdev_io, &td, &r) == 0) {
            unsigned op = WQ_UE_GET(r.word, OP);
            if (wq_ue_ops[op].fmt == WQ_UE_FMT_B)
                (r.next_pc == ((r.pc + 1) & 2047) ? not_taken : taken)[op]++;
            if ((wq_ue_ops[op].flags & WQ_UE_FL_WD) && !WQ_UE_GET(r.word, D))
                r0w++;
            if (op == WQ_UE_OP_WSEL &&
                (wq_ue_reg(ue, WQ_UE_GET(r.word, A)) + (uint32_t)((WQ_UE_GET(r.word, K10) ^ 0x200) - 0x200)) > 1)
                wrapped_wsel++;
            if (op == WQ_UE_OP_ST && r.we && r.waddr >= 0x80)
                window_st++;
        }
        halts += ue->halt_code != WQ_UE_RSV_HALT_CODE;
        cr_assert(ue->halted, "seed %llu did not halt in %u instructions", (unsigned long long)seed,
                  BOUND);
        cr_assert(ue->halt_code < 0x3FD || ue->halt_code == WQ_UE_RSV_HALT_CODE,
                  "seed %llu halted with trap code %#x at pc %u", (unsigned long long)seed,
                  ue->halt_code, ue->pc);
    }
    for (unsigned op = WQ_UE_OP_BZ; op <= WQ_UE_OP_BBS; op++)
        cr_assert(taken[op] && not_taken[op], "%s: %u taken, %u not", wq_ue_ops[op].name,
                  taken[op], not_taken[op]);
    for (unsigned op = 0; op <= WQ_UE_OP_SLT; op++)
        cr_assert(imm[op] && reg[op], "%s: %u immediate, %u register forms", wq_ue_ops[op].name,
                  imm[op], reg[op]);
    cr_assert(rsv > 0 && rsv < SEEDS, "op 31 ends some programs, not all (%u)", rsv);
    cr_assert(halts > SEEDS / 2, "halt ends most programs (%u)", halts);
    cr_assert_gt(noisy, 0);
    cr_assert_gt(r0w, 0);
    cr_assert_gt(wrapped_wsel, 0);
    cr_assert_gt(window_st, 0);
    free(ue);
}

/* ROM_AW 12, ROM_DEPTH 2560: code runs above word 2048, control crosses
 * it both ways, some programs jump past the depth onto the padding, and
 * the assembly still assembles to the same words */
Test(ue_gen, rom_past_2048_words)
{
    static uint32_t w[2560];
    wq_ue_cfg_t cfg = { 12, 2, 6, 2560 };
    wq_ue_t *ue = malloc(sizeof *ue);
    unsigned high = 0, up = 0, down = 0, pad = 0;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        wq_ue_genopt_t go = { seed, 2560, 2, 6 };
        unsigned n = 0;
        char *text = NULL, err[512];
        cr_assert_eq(wq_ue_gen(&go, w, &n, &text), 0);
        cr_assert(n > 2048 && n <= 2560, "seed %llu: %u words", (unsigned long long)seed, n);
        wq_ue_asmopt_t o;
        memset(&o, 0, sizeof o);
        o.rom_aw = 12;
        o.rom_depth = 2560;
        wq_ue_image_t img;
        cr_assert_eq(wq_ue_asm("gen.ues", text, strlen(text), &o, &img, err, sizeof err), 0,
                     "seed %llu: %s", (unsigned long long)seed, err);
        cr_assert(img.used == n && !memcmp(img.words, w, n * sizeof *w), "seed %llu",
                  (unsigned long long)seed);
        wq_ue_image_free(&img);
        free(text);
        wq_ue_testdev_t td;
        start(ue, &cfg, w, n, seed, &td);
        wq_ue_rec_t r;
        while (ue->count < BOUND && wq_ue_step(ue, &wq_ue_testdev_io, &td, &r) == 0) {
            high += r.pc >= 2048;
            up += r.pc < 2048 && r.next_pc >= 2048 && r.next_pc != r.pc + 1;
            down += r.pc >= 2048 && r.next_pc < 2048;
            pad += r.halted && r.pc >= 2560;
        }
        cr_assert(ue->halted, "seed %llu did not halt", (unsigned long long)seed);
        cr_assert(ue->halt_code < 0x3FD || ue->halt_code >= WQ_UE_PAD_HALT_CODE,
                  "seed %llu: trap %#x at %u", (unsigned long long)seed, ue->halt_code, ue->pc);
    }
    cr_assert(high && up && down && pad, "above 2048 %u, jumps up %u, down %u, padding %u",
              high, up, down, pad);
    free(ue);
}

Test(ue_gen, small_rom_and_bad_options)
{
    static uint32_t w[WQ_UE_MAX_ROM];
    unsigned n = 0;
    wq_ue_genopt_t o = { 3, 64, 1, 2 };
    cr_assert_eq(wq_ue_gen(&o, w, &n, NULL), 0);
    cr_assert(n > 0 && n <= 64, "%u words", n);
    o.cap = 63;
    cr_assert_eq(wq_ue_gen(&o, w, &n, NULL), WQ_UE_EARG);
    o.cap = 64;
    o.pages = 0;
    cr_assert_eq(wq_ue_gen(&o, w, &n, NULL), WQ_UE_EARG);
}
