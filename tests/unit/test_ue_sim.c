/* test_ue_sim.c -- the micro-engine simulator against docs/rtl/wq_ue.md: every
 * operation with its edge cases, the window and page mapping, r0, the
 * wraps, halting, and the test device. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include "wq/ue.h"

#define OP(o)  WQ_UE_PUT(OP, WQ_UE_OP_##o)

static uint32_t R(uint32_t op, uint32_t d, uint32_t a, uint32_t b)
{
    return WQ_UE_PUT(OP, op) | WQ_UE_PUT(D, d) | WQ_UE_PUT(A, a) | WQ_UE_PUT(B, b);
}
static uint32_t I(uint32_t op, uint32_t d, uint32_t a, int32_t k)
{
    return WQ_UE_PUT(OP, op) | WQ_UE_PUT(D, d) | WQ_UE_PUT(A, a) | WQ_UE_PUT(I, 1) |
           WQ_UE_PUT(K10, (uint32_t)k);
}
static uint32_t L(uint32_t op, uint32_t d, int32_t k)
{
    return WQ_UE_PUT(OP, op) | WQ_UE_PUT(D, d) | WQ_UE_PUT(K19, (uint32_t)k);
}
static uint32_t Bw(uint32_t op, uint32_t bit, uint32_t a, uint32_t t)
{
    return WQ_UE_PUT(OP, op) | WQ_UE_PUT(BIT, bit) | WQ_UE_PUT(A, a) | WQ_UE_PUT(T, t);
}
static uint32_t EXT(uint32_t op, uint32_t d, uint32_t a, uint32_t lo, uint32_t w)
{
    return I(op, d, a, (int32_t)(WQ_UE_PUT(LO, lo) | WQ_UE_PUT(WID, w)));
}

static wq_ue_t *ue_new(unsigned rom_aw, unsigned pages, unsigned win_log2)
{
    wq_ue_t *ue = malloc(sizeof *ue);
    wq_ue_cfg_t cfg = { rom_aw, pages, win_log2, 0 };
    cr_assert_not_null(ue);
    cr_assert_eq(wq_ue_init(ue, &cfg), WQ_UE_OK);
    return ue;
}

/* load words (then a halt 7) and run; returns the engine */
static wq_ue_t *run(const uint32_t *w, size_t n)
{
    wq_ue_t *ue = ue_new(11, 2, 6);
    uint32_t img[64];
    cr_assert_lt(n, 64);
    memcpy(img, w, n * sizeof *w);
    img[n] = I(WQ_UE_OP_HALT, 0, 0, 7);
    cr_assert_eq(wq_ue_load(ue, img, n + 1), 0);
    wq_ue_run(ue, NULL, NULL, 1000);
    cr_assert(ue->halted);
    return ue;
}

/* r1 = x (li + lih), r2 = y, then op r3, r1, r2 (R form) and op r4, r1, k */
static void alu_case(uint32_t op, uint32_t x, uint32_t y, uint32_t want)
{
    uint32_t p[] = { L(WQ_UE_OP_LI, 1, (int32_t)(x & 0xFFFF)), L(WQ_UE_OP_LIH, 1, (int32_t)(x >> 16)),
                     L(WQ_UE_OP_LI, 2, (int32_t)(y & 0xFFFF)), L(WQ_UE_OP_LIH, 2, (int32_t)(y >> 16)),
                     R(op, 3, 1, 2) };
    wq_ue_t *ue = run(p, 5);
    cr_assert_eq(wq_ue_reg(ue, 3), want, "op %u (%#x, %#x): %#x, want %#x", op, x, y,
                 wq_ue_reg(ue, 3), want);
    free(ue);
    int32_t sy = (int32_t)y;
    if (sy >= -512 && sy <= 511) {   /* the same through the immediate form */
        uint32_t q[] = { p[0], p[1], I(op, 4, 1, sy) };
        ue = run(q, 3);
        cr_assert_eq(wq_ue_reg(ue, 4), want, "op %u imm (%#x, %d)", op, x, sy);
        free(ue);
    }
}

Test(ue_sim, alu_operations)
{
    alu_case(WQ_UE_OP_ADD, 0xFFFFFFFF, 2, 1);
    alu_case(WQ_UE_OP_ADD, 5, 0xFFFFFFFD, 2);              /* 5 + (-3) */
    alu_case(WQ_UE_OP_SUB, 1, 2, 0xFFFFFFFF);
    alu_case(WQ_UE_OP_AND, 0xF0F0, 0x3C, 0x30);
    alu_case(WQ_UE_OP_AND, 0x12345678, 0xFFFFFE00, 0x12345600);   /* sext(-512) */
    alu_case(WQ_UE_OP_OR, 0xF000, 0x0F, 0xF00F);
    alu_case(WQ_UE_OP_XOR, 0xFF, 0x0F, 0xF0);
    alu_case(WQ_UE_OP_ANDN, 0xFF, 0x0F, 0xF0);
    alu_case(WQ_UE_OP_SHL, 1, 31, 0x80000000);
    alu_case(WQ_UE_OP_SHL, 0xABCD, 0, 0xABCD);
    alu_case(WQ_UE_OP_SHL, 1, 33, 2);                       /* b[4:0] only */
    alu_case(WQ_UE_OP_SHR, 0x80000000, 31, 1);
    alu_case(WQ_UE_OP_SHR, 0x80000000, 0, 0x80000000);
    alu_case(WQ_UE_OP_SRA, 0x80000000, 31, 0xFFFFFFFF);
    alu_case(WQ_UE_OP_SRA, 0x80000000, 4, 0xF8000000);
    alu_case(WQ_UE_OP_SRA, 0x80000000, 0, 0x80000000);
    alu_case(WQ_UE_OP_SRA, 0x40000000, 30, 1);
    alu_case(WQ_UE_OP_SRA, 0xFFFFFFF0, 2, 0xFFFFFFFC);
    alu_case(WQ_UE_OP_SEQ, 7, 7, 1);
    alu_case(WQ_UE_OP_SEQ, 7, 8, 0);
    alu_case(WQ_UE_OP_SNE, 7, 8, 1);
    alu_case(WQ_UE_OP_SNE, 0xFFFFFFFF, 0xFFFFFFFF, 0);
    alu_case(WQ_UE_OP_SLTU, 1, 0xFFFFFFFF, 1);
    alu_case(WQ_UE_OP_SLTU, 0xFFFFFFFF, 1, 0);
    alu_case(WQ_UE_OP_SLT, 1, 0xFFFFFFFF, 0);
    alu_case(WQ_UE_OP_SLT, 0xFFFFFFFF, 1, 1);
    alu_case(WQ_UE_OP_SLT, 0x80000000, 0x7FFFFFFF, 1);
    alu_case(WQ_UE_OP_CTZ, 0, 5, 32);
    alu_case(WQ_UE_OP_CTZ, 0x80000000, 0, 31);
    alu_case(WQ_UE_OP_CTZ, 0x00000018, 0, 3);
    alu_case(WQ_UE_OP_CTZ, 1, 77, 0);
    alu_case(WQ_UE_OP_CLRL, 0, 0, 0);
    alu_case(WQ_UE_OP_CLRL, 0x18, 9, 0x10);
    alu_case(WQ_UE_OP_CLRL, 0x80000000, 0, 0);
}

Test(ue_sim, ext_and_ins)
{
    uint32_t p[] = {
        L(WQ_UE_OP_LI, 1, 0x5678), L(WQ_UE_OP_LIH, 1, 0x1234),   /* r1 = 0x12345678 */
        EXT(WQ_UE_OP_EXT, 2, 1, 4, 8),     /* 0x67 */
        EXT(WQ_UE_OP_EXT, 3, 1, 0, 0),     /* w = 0 means 32: all */
        EXT(WQ_UE_OP_EXT, 4, 1, 28, 8),    /* lo + w > 32: 0x1 */
        EXT(WQ_UE_OP_EXT, 5, 1, 8, 0),     /* 32 bits from 8: 0x123456 */
        L(WQ_UE_OP_LI, 6, -1),             /* r6 = 0xFFFFFFFF */
        EXT(WQ_UE_OP_INS, 6, 0, 8, 8),     /* clear bits 15:8 */
        L(WQ_UE_OP_LI, 7, 0),
        EXT(WQ_UE_OP_INS, 7, 1, 0, 0),     /* w = 32: whole word */
        L(WQ_UE_OP_LI, 8, 0),
        EXT(WQ_UE_OP_INS, 8, 1, 28, 8),    /* lo + w > 32: only 31:28 */
        L(WQ_UE_OP_LI, 9, 0),
        EXT(WQ_UE_OP_INS, 9, 1, 16, 0),    /* w = 32 at 16: 31:16 = a[15:0] */
    };
    wq_ue_t *ue = run(p, sizeof p / sizeof p[0]);
    cr_assert_eq(wq_ue_reg(ue, 2), 0x67);
    cr_assert_eq(wq_ue_reg(ue, 3), 0x12345678);
    cr_assert_eq(wq_ue_reg(ue, 4), 0x1);
    cr_assert_eq(wq_ue_reg(ue, 5), 0x123456);
    cr_assert_eq(wq_ue_reg(ue, 6), 0xFFFF00FF);
    cr_assert_eq(wq_ue_reg(ue, 7), 0x12345678);
    cr_assert_eq(wq_ue_reg(ue, 8), 0x80000000);
    cr_assert_eq(wq_ue_reg(ue, 9), 0x56780000);
    free(ue);
}

Test(ue_sim, li_lih)
{
    uint32_t p[] = {
        L(WQ_UE_OP_LI, 1, -262144),                    /* most negative k19 */
        L(WQ_UE_OP_LI, 2, 262143),
        L(WQ_UE_OP_LI, 3, 0x1234),
        L(WQ_UE_OP_LIH, 3, 0x7ABCD),                   /* k19[18:16] ignored */
    };
    wq_ue_t *ue = run(p, 4);
    cr_assert_eq(wq_ue_reg(ue, 1), 0xFFFC0000);
    cr_assert_eq(wq_ue_reg(ue, 2), 0x0003FFFF);
    cr_assert_eq(wq_ue_reg(ue, 3), 0xABCD1234);
    free(ue);
}

Test(ue_sim, r0_writes_are_discarded)
{
    wq_ue_t *ue = ue_new(11, 2, 6);
    uint32_t p[] = { L(WQ_UE_OP_LI, 0, 5), I(WQ_UE_OP_ADD, 1, 0, 3),
                     I(WQ_UE_OP_ST, 1, 0, 0) /* st r1, [r0 + 0] */,
                     I(WQ_UE_OP_ADD, 2, 0, 0), I(WQ_UE_OP_HALT, 0, 0, 0) };
    wq_ue_rec_t r;
    cr_assert_eq(wq_ue_load(ue, p, 5), 0);
    cr_assert_eq(wq_ue_step(ue, NULL, NULL, &r), 0);
    cr_assert_eq(r.we, 0, "li r0 reports no write");
    cr_assert_eq(wq_ue_step(ue, NULL, NULL, &r), 0);
    cr_assert(r.we && r.waddr == 1 && r.wdata == 3, "addi r1, r0, 3 reads r0 as 0");
    cr_assert_eq(wq_ue_step(ue, NULL, NULL, &r), 0);
    cr_assert_eq(r.we, 0, "st to r0 is dropped");
    cr_assert_eq(wq_ue_step(ue, NULL, NULL, &r), 0);
    cr_assert_eq(r.wdata, 0);
    cr_assert_eq(ue->rf[0], 0);
    free(ue);
}

Test(ue_sim, window_and_pages)
{
    /* PAGES = 2, WIN_LOG2 = 6: w0 of page 1 is physical {1, 1, 000000} */
    wq_ue_t *ue = ue_new(11, 2, 6);
    cr_assert_eq(ue->phys_w, 8);
    cr_assert_eq(wq_ue_phys(ue, 0x7F, 1), 0x7F);
    cr_assert_eq(wq_ue_phys(ue, 0x80, 0), 0x80);
    cr_assert_eq(wq_ue_phys(ue, 0x80, 1), 0xC0);
    cr_assert_eq(wq_ue_phys(ue, 0x80 + 64, 1), 0xC0, "w64 is w0");
    cr_assert_eq(wq_ue_phys(ue, 0x80 + 65, 0), 0x81);
    cr_assert_eq(wq_ue_phys(ue, 0x81, 3), 0xC1, "wsel modulo pages");
    free(ue);
    /* PAGES = 3 rounds up to 4 (2 bits); WIN_LOG2 = 6: 9-bit physical */
    ue = ue_new(11, 3, 6);
    cr_assert_eq(ue->phys_w, 9);
    cr_assert_eq(wq_ue_phys(ue, 0x05, 3), 0x005);
    cr_assert_eq(wq_ue_phys(ue, 0x85, 3), 0x100 | (3u << 6) | 5);
    free(ue);
    /* one page of 4 words: the window bits sit under a 7-bit global space */
    ue = ue_new(11, 1, 2);
    cr_assert_eq(ue->phys_w, 8);
    cr_assert_eq(wq_ue_phys(ue, 0x87, 5), 0x83);
    free(ue);

    uint32_t p[] = {
        I(WQ_UE_OP_ADD, 0x80, 0, 11),          /* page 0 w0 = 11 */
        I(WQ_UE_OP_WSEL, 0, 0, 3),             /* 3 wraps to page 1 */
        I(WQ_UE_OP_ADD, 0x80, 0, 22),          /* page 1 w0 = 22 */
        I(WQ_UE_OP_ADD, 1, 0x80 + 64, 0),      /* r1 = w64 = w0 = 22 */
        I(WQ_UE_OP_ADD, 2, 0, 0x80),           /* r2 = 0x80 */
        I(WQ_UE_OP_WSEL, 0, 2, -0x80),         /* wsel r2 - 0x80 = 0 */
        I(WQ_UE_OP_LD, 3, 2, 0),               /* r3 = [0x80] = page 0 w0 = 11 */
        I(WQ_UE_OP_LD, 4, 2, -0x100 + 0x40),   /* (0x80 - 0xC0) mod 256 = 0xC0 = w64 */
        I(WQ_UE_OP_ST, 3, 2, 0x100),           /* [0x180 mod 256 = 0x80] = 11 */
        L(WQ_UE_OP_LI, 5, -1),                 /* r5 = 0xFFFFFFFF: address wraps */
        I(WQ_UE_OP_ST, 1, 5, 3),               /* [(-1 + 3) mod 256 = r2] = 22 */
    };
    ue = run(p, sizeof p / sizeof p[0]);
    cr_assert_eq(ue->rf[0x80], 11);
    cr_assert_eq(ue->rf[0xC0], 22);
    cr_assert_eq(wq_ue_reg(ue, 1), 22);
    cr_assert_eq(wq_ue_reg(ue, 3), 11);
    cr_assert_eq(wq_ue_reg(ue, 4), 11);
    cr_assert_eq(wq_ue_reg(ue, 2), 22, "st through a wrapped address");
    cr_assert_eq(ue->wsel, 0);
    free(ue);
}

Test(ue_sim, branches_and_jumps)
{
    uint32_t p[] = {
        /* 0 */ L(WQ_UE_OP_LI, 1, 0x10),
        /* 1 */ Bw(WQ_UE_OP_BZ, 0, 1, 3),          /* not taken */
        /* 2 */ Bw(WQ_UE_OP_BNZ, 0, 1, 4),         /* taken */
        /* 3 */ I(WQ_UE_OP_HALT, 0, 0, 1),
        /* 4 */ Bw(WQ_UE_OP_BBC, 4, 1, 3),         /* bit 4 set: not taken */
        /* 5 */ Bw(WQ_UE_OP_BBS, 4, 1, 7),         /* taken */
        /* 6 */ I(WQ_UE_OP_HALT, 0, 0, 2),
        /* 7 */ Bw(WQ_UE_OP_BBC, 3, 1, 9),         /* bit 3 clear: taken */
        /* 8 */ I(WQ_UE_OP_HALT, 0, 0, 3),
        /* 9 */ WQ_UE_PUT(OP, WQ_UE_OP_JAL) | WQ_UE_PUT(D, 9) | WQ_UE_PUT(T, 12),
        /* 10 */ I(WQ_UE_OP_HALT, 0, 0, 0x155),
        /* 11 */ I(WQ_UE_OP_HALT, 0, 0, 4),
        /* 12 */ I(WQ_UE_OP_JR, 0, 9, 0),          /* return to 10 */
    };
    wq_ue_t *ue = ue_new(11, 2, 6);
    cr_assert_eq(wq_ue_load(ue, p, 13), 0);
    wq_ue_run(ue, NULL, NULL, 100);
    cr_assert(ue->halted);
    cr_assert_eq(ue->halt_code, 0x155);
    cr_assert_eq(wq_ue_reg(ue, 9), 10, "jal links PC + 1");
    cr_assert_eq(ue->count, 9);
    free(ue);
}

/* n steps at the PCs pcs[]; the record of the last */
static wq_ue_rec_t steps_at(wq_ue_t *ue, const uint32_t *pcs, unsigned n)
{
    wq_ue_rec_t r;
    for (unsigned i = 0; i < n; i++) {
        cr_assert_eq(wq_ue_step(ue, NULL, NULL, &r), 0);
        cr_assert_eq(r.pc, pcs[i], "step %u at %u", i, r.pc);
    }
    return r;
}

Test(ue_sim, pc_wraps_with_the_rom_depth)
{
    wq_ue_t *ue = ue_new(3, 2, 6);                 /* 8 words */
    uint32_t p[8] = {
        [0] = I(WQ_UE_OP_ADD, 1, 1, 1),
        [1] = Bw(WQ_UE_OP_BZ, 0, 0, 0x7FD),           /* target 0x7FD mod 8 = 5 */
        [5] = L(WQ_UE_OP_LI, 2, 2),
        [6] = I(WQ_UE_OP_JR, 0, 2, -11),              /* (2 - 11) mod 8 = 7 */
        [7] = WQ_UE_PUT(OP, WQ_UE_OP_JAL) | WQ_UE_PUT(D, 3) | WQ_UE_PUT(T, 0), /* link 0 */
    };
    cr_assert_eq(wq_ue_load(ue, p, 9), WQ_UE_ETOOBIG);
    cr_assert_eq(wq_ue_load(ue, p, 8), 0);
    static const uint32_t pcs[] = { 0, 1, 5, 6, 7, 0 };
    steps_at(ue, pcs, 6);
    cr_assert_eq(wq_ue_reg(ue, 3), 0, "jal at the last word links 0");
    cr_assert_eq(wq_ue_reg(ue, 1), 2);
    free(ue);
}

/* targets past word 2047 take bits 13:11 from 21:19 (B) or 13:11 (jal);
 * below 2048 those bits are 0, the words of the 11-bit encoding */
Test(ue_sim, wide_targets_and_rom_depth)
{
    wq_ue_cfg_t cfg = { 12, 2, 6, 2560 };
    wq_ue_t *ue = malloc(sizeof *ue);
    cr_assert_eq(wq_ue_init(ue, &cfg), 0);
    cr_assert_eq(wq_ue_depth(&cfg), 2560);
    static uint32_t p[2560];
    uint32_t jal = WQ_UE_PUT(OP, WQ_UE_OP_JAL) | WQ_UE_PUT(D, 9);
    p[0] = wq_ue_set_target(jal, 2500);                          /* call up */
    cr_assert_eq(p[0], jal | WQ_UE_PUT(TJ, 1) | WQ_UE_PUT(T, 2500 - 2048));
    p[1] = wq_ue_set_target(Bw(WQ_UE_OP_BZ, 0, 0, 0), 2047);     /* j 2047 */
    cr_assert_eq(p[1], Bw(WQ_UE_OP_BZ, 0, 0, 2047), "below 2048: the old word");
    p[2047] = wq_ue_set_target(Bw(WQ_UE_OP_BZ, 0, 0, 0), 3000);  /* past the depth */
    cr_assert_eq(wq_ue_target(p[2047]), 3000);
    cr_assert_eq(WQ_UE_GET(p[2047], TB), 1);
    p[2500] = Bw(WQ_UE_OP_BBS, 0, 9, 0) | WQ_UE_PUT(TB, 1) | WQ_UE_PUT(T, 7); /* 2055 */
    p[2501] = I(WQ_UE_OP_HALT, 0, 0, 1);
    p[2055] = I(WQ_UE_OP_JR, 0, 9, 0);                           /* back to 1 */
    cr_assert_eq(wq_ue_load(ue, p, 2561), WQ_UE_ETOOBIG);
    cr_assert_eq(wq_ue_load(ue, p, 2560), 0);
    static const uint32_t pcs[] = { 0, 2500, 2055, 1, 2047, 3000 };
    wq_ue_rec_t r = steps_at(ue, pcs, 6);
    cr_assert(r.halted && ue->halt_code == WQ_UE_PAD_HALT_CODE, "the padding past ROM_DEPTH");
    cr_assert_eq(r.word, WQ_UE_PAD_WORD);
    cr_assert_eq(wq_ue_reg(ue, 9), 1);
    /* targets wrap at 2^ROM_AW: 2^12 + 5 is 5 */
    wq_ue_reset(ue);
    p[0] = wq_ue_set_target(Bw(WQ_UE_OP_BZ, 0, 0, 0), 4096 + 5);
    p[5] = I(WQ_UE_OP_HALT, 0, 0, 2);
    cr_assert_eq(wq_ue_load(ue, p, 2560), 0);
    wq_ue_run(ue, NULL, NULL, 10);
    cr_assert(ue->halted && ue->halt_code == 2 && ue->count == 2);
    free(ue);
}

Test(ue_sim, halt_and_reserved_op)
{
    wq_ue_t *ue = ue_new(11, 2, 6);
    /* halt ignores a, d and the i bit */
    uint32_t p[] = { WQ_UE_PUT(OP, WQ_UE_OP_HALT) | WQ_UE_PUT(D, 3) | WQ_UE_PUT(A, 9) | 0x2AB };
    wq_ue_rec_t r;
    cr_assert_eq(wq_ue_load(ue, p, 1), 0);
    cr_assert_eq(wq_ue_step(ue, NULL, NULL, &r), 0);
    cr_assert(r.halted && r.halt_code == 0x2AB && !r.we);
    cr_assert_eq(wq_ue_step(ue, NULL, NULL, &r), WQ_UE_EHALTED);
    cr_assert_eq(ue->count, 1);
    wq_ue_reset(ue);
    cr_assert(!ue->halted && ue->pc == 0);
    uint32_t q[] = { 0xFFFFFFFFu };
    cr_assert_eq(wq_ue_load(ue, q, 1), 0);
    cr_assert_eq(wq_ue_step(ue, NULL, NULL, &r), 0);
    cr_assert(r.halted && r.halt_code == WQ_UE_RSV_HALT_CODE && !r.we);
    cr_assert_eq(ue->rf[0xFF], 0, "op 31 writes nothing");
    free(ue);
}

Test(ue_sim, ignored_fields_are_ignored)
{
    /* R form: b bits 9:8 ignored; B form: bits 21:19 ignored; J: a ignored;
     * in/out: k10[9:8], a / d ignored; ctz: b ignored */
    uint32_t p[] = {
        L(WQ_UE_OP_LI, 1, 6), L(WQ_UE_OP_LI, 2, 1),
        R(WQ_UE_OP_ADD, 3, 1, 2) | (3u << 8),                       /* r3 = 7 */
        Bw(WQ_UE_OP_BNZ, 0, 1, 5) | (7u << 19),                     /* taken */
        I(WQ_UE_OP_HALT, 0, 0, 1),
        WQ_UE_PUT(OP, WQ_UE_OP_JAL) | WQ_UE_PUT(D, 4) | WQ_UE_PUT(A, 0x55) | WQ_UE_PUT(T, 7),
        I(WQ_UE_OP_HALT, 0, 0, 2),
        I(WQ_UE_OP_IN, 5, 0x44, 0x300 | 0x21),                      /* port 0x21 */
        I(WQ_UE_OP_OUT, 0x66, 3, 0x200 | 0x22),                     /* port 0x22 = r3 */
        R(WQ_UE_OP_CTZ, 6, 1, 2),                                   /* ctz 6 = 1 */
        WQ_UE_PUT(OP, WQ_UE_OP_EXT) | WQ_UE_PUT(D, 7) | WQ_UE_PUT(A, 1) |
            WQ_UE_PUT(LO, 1) | WQ_UE_PUT(WID, 2),                   /* i = 0 */
    };
    wq_ue_testdev_t td;
    wq_ue_testdev_init(&td, 42);
    wq_ue_t *ue = ue_new(11, 2, 6);
    uint32_t img[16];
    memcpy(img, p, sizeof p);
    img[11] = I(WQ_UE_OP_HALT, 0, 0, 3);
    cr_assert_eq(wq_ue_load(ue, img, 12), 0);
    wq_ue_run(ue, &wq_ue_testdev_io, &td, 100);
    cr_assert_eq(ue->halt_code, 3);
    cr_assert_eq(wq_ue_reg(ue, 3), 7);
    cr_assert_eq(wq_ue_reg(ue, 4), 6);
    cr_assert_eq(wq_ue_reg(ue, 5), wq_ue_testdev_value(42, 0x21, 0));
    cr_assert_eq(td.nin, 1);
    cr_assert_eq(td.nout, 1);
    cr_assert(td.log_port[0] == 0x22 && td.log_value[0] == 7);
    cr_assert_eq(wq_ue_reg(ue, 6), 1);
    cr_assert_eq(wq_ue_reg(ue, 7), 3);
    free(ue);
}

Test(ue_sim, io_records_and_test_device)
{
    uint32_t p[] = { I(WQ_UE_OP_IN, 1, 0, 5), I(WQ_UE_OP_IN, 2, 0, 5), I(WQ_UE_OP_IN, 0, 0, 9),
                     I(WQ_UE_OP_OUT, 0, 1, 200) };
    wq_ue_testdev_t td;
    wq_ue_testdev_init(&td, 7);
    wq_ue_t *ue = ue_new(11, 2, 6);
    cr_assert_eq(wq_ue_load(ue, p, 4), 0);
    wq_ue_rec_t r;
    cr_assert_eq(wq_ue_step(ue, &wq_ue_testdev_io, &td, &r), 0);
    cr_assert(r.io == WQ_UE_IO_IN && r.port == 5 && r.we && r.waddr == 1);
    cr_assert_eq(r.io_data, wq_ue_testdev_value(7, 5, 0));
    cr_assert_eq(wq_ue_step(ue, &wq_ue_testdev_io, &td, &r), 0);
    cr_assert_eq(r.io_data, wq_ue_testdev_value(7, 5, 1));
    cr_assert_neq(wq_ue_reg(ue, 1), wq_ue_reg(ue, 2), "the count moves the value");
    cr_assert_eq(wq_ue_step(ue, &wq_ue_testdev_io, &td, &r), 0);
    cr_assert(r.io == WQ_UE_IO_IN && !r.we, "in r0 reads the device, writes nothing");
    cr_assert_eq(td.nin, 3);
    cr_assert_eq(wq_ue_step(ue, &wq_ue_testdev_io, &td, &r), 0);
    cr_assert(r.io == WQ_UE_IO_OUT && r.port == 200 && r.io_data == wq_ue_reg(ue, 1) && !r.we);
    /* the value depends on seed, port and count */
    cr_assert_neq(wq_ue_testdev_value(7, 5, 0), wq_ue_testdev_value(8, 5, 0));
    cr_assert_neq(wq_ue_testdev_value(7, 5, 0), wq_ue_testdev_value(7, 6, 0));
    free(ue);
}

Test(ue_sim, config_is_checked)
{
    wq_ue_t *ue = malloc(sizeof *ue);
    wq_ue_cfg_t bad[] = { { 0, 2, 6, 0 }, { 15, 2, 6, 0 }, { 11, 0, 6, 0 },
                          { 11, WQ_UE_MAX_PAGES + 1, 6, 0 }, { 11, 2, 8, 0 },
                          { 11, 2, 6, 2049 } };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert_eq(wq_ue_init(ue, &bad[i]), WQ_UE_EARG, "cfg %u", i);
    wq_ue_cfg_t big = { 14, WQ_UE_MAX_PAGES, WQ_UE_MAX_WIN_LOG2, 0 };
    cr_assert_eq(wq_ue_init(ue, &big), 0);
    cr_assert_lt(wq_ue_phys(ue, 0xFF, WQ_UE_MAX_PAGES - 1), WQ_UE_MAX_PHYS);
    free(ue);
}
