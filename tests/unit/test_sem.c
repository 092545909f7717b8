/* test_sem.c -- the semaphore unit's arithmetic (sem.c) against expected
 * values worked out by hand from DESIGN §5 and docs/spec.md, in 32- and
 * 64-bit widths, at the edges: wrap-around, sign, INC/DEC bounds. */
#include <criterion/criterion.h>
#include "wq/sem.h"
#include "host_util.h"

#define W32 0
#define W64 1

typedef struct { unsigned op; uint64_t mv, pay; int is64; int expect; } acq_case_t;

static const acq_case_t acq_cases[] = {
    /* ACQUIRE: equality, 32-bit ignores the high words */
    { WQ_SEMOP_ACQUIRE, 5, 5, W32, 1 },
    { WQ_SEMOP_ACQUIRE, 5, 6, W32, 0 },
    { WQ_SEMOP_ACQUIRE, 0x100000005ull, 5, W32, 1 },
    { WQ_SEMOP_ACQUIRE, 0x100000005ull, 5, W64, 0 },
    { WQ_SEMOP_ACQUIRE, 0xFFFFFFFFFFFFFFFFull, 0xFFFFFFFFFFFFFFFFull, W64, 1 },
    /* ACQ_STRICT_GEQ: unsigned >= */
    { WQ_SEMOP_ACQ_STRICT_GEQ, 7, 7, W32, 1 },
    { WQ_SEMOP_ACQ_STRICT_GEQ, 6, 7, W32, 0 },
    { WQ_SEMOP_ACQ_STRICT_GEQ, 0xFFFFFFFF, 1, W32, 1 },
    { WQ_SEMOP_ACQ_STRICT_GEQ, 0, 0xFFFFFFFF, W32, 0 },
    { WQ_SEMOP_ACQ_STRICT_GEQ, 0x100000000ull, 1, W32, 0 },
    { WQ_SEMOP_ACQ_STRICT_GEQ, 0x100000000ull, 1, W64, 1 },
    { WQ_SEMOP_ACQ_STRICT_GEQ, 0x8000000000000000ull, 1, W64, 1 },
    /* ACQ_CIRC_GEQ: (signed)(mv - payload) >= 0 in the payload width */
    { WQ_SEMOP_ACQ_CIRC_GEQ, 7, 7, W32, 1 },
    { WQ_SEMOP_ACQ_CIRC_GEQ, 1, 0xFFFFFFFF, W32, 1 },     /* 2: wrapped, ahead */
    { WQ_SEMOP_ACQ_CIRC_GEQ, 0xFFFFFFFF, 1, W32, 0 },     /* -2: behind */
    { WQ_SEMOP_ACQ_CIRC_GEQ, 0x7FFFFFFF, 0, W32, 1 },
    { WQ_SEMOP_ACQ_CIRC_GEQ, 0x80000000, 0, W32, 0 },
    { WQ_SEMOP_ACQ_CIRC_GEQ, 0x100000000ull, 1, W32, 0 }, /* 0 - 1 = -1 */
    { WQ_SEMOP_ACQ_CIRC_GEQ, 0x100000000ull, 1, W64, 1 }, /* 0xFFFFFFFF */
    { WQ_SEMOP_ACQ_CIRC_GEQ, 0x80000000, 0, W64, 1 },
    { WQ_SEMOP_ACQ_CIRC_GEQ, 0x8000000000000000ull, 0, W64, 0 },
    { WQ_SEMOP_ACQ_CIRC_GEQ, 0, 0xFFFFFFFFFFFFFFFFull, W64, 1 },
    /* ACQ_AND: (mv & payload) != 0 */
    { WQ_SEMOP_ACQ_AND, 0x10, 0x30, W32, 1 },
    { WQ_SEMOP_ACQ_AND, 0x10, 0x20, W32, 0 },
    { WQ_SEMOP_ACQ_AND, 0x100000000ull, 0x100000000ull, W32, 0 },
    { WQ_SEMOP_ACQ_AND, 0x100000000ull, 0x100000000ull, W64, 1 },
    /* ACQ_NOR: ~(mv | payload) != 0 in the width */
    { WQ_SEMOP_ACQ_NOR, 0, 0, W32, 1 },
    { WQ_SEMOP_ACQ_NOR, 0xFFFFFFFF, 0, W32, 0 },
    { WQ_SEMOP_ACQ_NOR, 0xF0F0F0F0, 0x0F0F0F0F, W32, 0 },
    { WQ_SEMOP_ACQ_NOR, 0xF0F0F0F0, 0x0F0F0F0E, W32, 1 },
    { WQ_SEMOP_ACQ_NOR, 0xFFFFFFFF, 0, W64, 1 },
    { WQ_SEMOP_ACQ_NOR, 0xFFFFFFFF00000000ull, 0xFFFFFFFF, W64, 0 },
};

Test(sem, acquire_compares)
{
    for (size_t i = 0; i < sizeof acq_cases / sizeof acq_cases[0]; i++) {
        const acq_case_t *c = &acq_cases[i];
        cr_expect_eq(wq_sem_acquire_passes(c->op, c->mv, c->pay, c->is64), c->expect,
                     "case %zu: op %u mv %llx pay %llx is64 %d", i, c->op,
                     (unsigned long long)c->mv, (unsigned long long)c->pay, c->is64);
    }
}

Test(sem, acquire_rejects_non_acquire_ops)
{
    cr_expect_eq(wq_sem_acquire_passes(WQ_SEMOP_RELEASE, 1, 1, 0), -1);
    cr_expect_eq(wq_sem_acquire_passes(WQ_SEMOP_REDUCTION, 1, 1, 0), -1);
    cr_expect_eq(wq_sem_acquire_passes(7, 1, 1, 1), -1);
}

typedef struct {
    unsigned red; int uns; uint64_t mv, pay; int is64; uint64_t expect;
} red_case_t;

static const red_case_t red_cases[] = {
    /* IMIN / IMAX: signed unless UNSIGNED */
    { WQ_SEMRED_IMIN, 0, 0xFFFFFFFF, 1, W32, 0xFFFFFFFF },            /* -1 < 1 */
    { WQ_SEMRED_IMIN, 1, 0xFFFFFFFF, 1, W32, 1 },
    { WQ_SEMRED_IMIN, 0, 0x80000000, 0x7FFFFFFF, W32, 0x80000000 },
    { WQ_SEMRED_IMIN, 0, 0x80000000, 0x7FFFFFFF, W64, 0x7FFFFFFF },   /* positive in 64 */
    { WQ_SEMRED_IMIN, 0, 0xFFFFFFFFFFFFFFFFull, 0, W64, 0xFFFFFFFFFFFFFFFFull },
    { WQ_SEMRED_IMIN, 1, 0xFFFFFFFFFFFFFFFFull, 0, W64, 0 },
    { WQ_SEMRED_IMAX, 0, 0x80000000, 0x7FFFFFFF, W32, 0x7FFFFFFF },
    { WQ_SEMRED_IMAX, 1, 0x80000000, 0x7FFFFFFF, W32, 0x80000000 },
    { WQ_SEMRED_IMAX, 0, 0xFFFFFFFE, 0xFFFFFFFF, W32, 0xFFFFFFFF },   /* -2 vs -1 */
    { WQ_SEMRED_IMAX, 0, 0x8000000000000000ull, 5, W64, 5 },
    { WQ_SEMRED_IMAX, 1, 0x8000000000000000ull, 5, W64, 0x8000000000000000ull },
    { WQ_SEMRED_IMAX, 0, 0x1FFFFFFFFull, 3, W32, 3 },                 /* low word is -1 */
    /* bitwise */
    { WQ_SEMRED_IXOR, 0, 0xFF00FF00, 0x0FF00FF0, W32, 0xF0F0F0F0 },
    { WQ_SEMRED_IXOR, 0, 0xFFFFFFFF00000000ull, 0xFFFFFFFFFFFFFFFFull, W64, 0xFFFFFFFF },
    { WQ_SEMRED_IAND, 0, 0xFF00FF00, 0x0FF00FF0, W32, 0x0F000F00 },
    { WQ_SEMRED_IAND, 0, 0xABCD00000000FFFFull, 0xFFFF0000FFFF00FFull, W64, 0xABCD0000000000FFull },
    { WQ_SEMRED_IOR,  0, 0xFF00FF00, 0x0FF00FF0, W32, 0xFFF0FFF0 },
    { WQ_SEMRED_IOR,  0, 0x1200000000000000ull, 0x34, W64, 0x1200000000000034ull },
    /* IADD wraps in the width */
    { WQ_SEMRED_IADD, 0, 0xFFFFFFFF, 2, W32, 1 },
    { WQ_SEMRED_IADD, 0, 0xFFFFFFFF, 2, W64, 0x100000001ull },
    { WQ_SEMRED_IADD, 0, 0xFFFFFFFFFFFFFFFFull, 2, W64, 1 },
    { WQ_SEMRED_IADD, 0, 0xABCD00000001ull, 1, W32, 2 },             /* high word ignored */
    /* INC: mv >= payload ? 0 : mv + 1 (unsigned) */
    { WQ_SEMRED_INC, 0, 4, 5, W32, 5 },
    { WQ_SEMRED_INC, 0, 5, 5, W32, 0 },
    { WQ_SEMRED_INC, 0, 6, 5, W32, 0 },
    { WQ_SEMRED_INC, 0, 0, 0, W32, 0 },
    { WQ_SEMRED_INC, 0, 0x80000000, 0xFFFFFFFF, W32, 0x80000001 },    /* unsigned even w/o bit */
    { WQ_SEMRED_INC, 0, 0xFFFFFFFE, 0xFFFFFFFF, W32, 0xFFFFFFFF },
    { WQ_SEMRED_INC, 0, 0xFFFFFFFF, 0xFFFFFFFF, W32, 0 },
    { WQ_SEMRED_INC, 0, 0xFFFFFFFF, 0x100000000ull, W64, 0x100000000ull },
    { WQ_SEMRED_INC, 0, 0xFFFFFFFF, 0x100000000ull, W32, 0 },        /* payload low = 0 */
    /* DEC: (mv == 0 || mv > payload) ? payload : mv - 1 */
    { WQ_SEMRED_DEC, 0, 0, 5, W32, 5 },
    { WQ_SEMRED_DEC, 0, 6, 5, W32, 5 },
    { WQ_SEMRED_DEC, 0, 5, 5, W32, 4 },
    { WQ_SEMRED_DEC, 0, 1, 5, W32, 0 },
    { WQ_SEMRED_DEC, 0, 0, 0, W32, 0 },
    { WQ_SEMRED_DEC, 0, 0x80000000, 0xFFFFFFFF, W32, 0x7FFFFFFF },
    { WQ_SEMRED_DEC, 0, 0x100000000ull, 7, W32, 7 },                 /* low word 0 */
    { WQ_SEMRED_DEC, 0, 0x100000000ull, 0x200000000ull, W64, 0xFFFFFFFF },
    { WQ_SEMRED_DEC, 0, 0x300000000ull, 0x200000000ull, W64, 0x200000000ull },
};

Test(sem, reductions)
{
    for (size_t i = 0; i < sizeof red_cases / sizeof red_cases[0]; i++) {
        const red_case_t *c = &red_cases[i];
        int err = -1;
        uint64_t r = wq_sem_reduce(c->red, c->uns, c->mv, c->pay, c->is64, &err);
        cr_expect_eq(err, WQ_CHERR_NONE, "case %zu", i);
        cr_expect_eq(r, c->expect, "case %zu: red %u uns %d mv %llx pay %llx is64 %d -> %llx",
                     i, c->red, c->uns, (unsigned long long)c->mv,
                     (unsigned long long)c->pay, c->is64, (unsigned long long)r);
    }
}

Test(sem, reduction_codes_8_to_15_are_errors)
{
    for (unsigned red = 8; red < 16; red++) {
        int err = 0;
        uint64_t r = wq_sem_reduce(red, 0, 42, 1, 0, &err);
        cr_expect_eq(err, WQ_CHERR_BAD_REDUCTION, "code %u", red);
        cr_expect_eq(r, 42, "memory value returned unchanged");
    }
}

Test(sem, decode_fields)
{
    wq_sem_exec_t in = { .op = WQ_SEMOP_ACQ_NOR, .acquire_switch = 1, .release_wfi = 0,
                         .is64 = 1, .red = WQ_SEMRED_DEC, .is_unsigned = 1 }, out;
    uint32_t w = wq_sem_encode(&in);
    wq_sem_decode(w, &out);
    cr_expect_eq(out.op, WQ_SEMOP_ACQ_NOR);
    cr_expect_eq(out.acquire_switch, 1);
    cr_expect_eq(out.release_wfi, 0);
    cr_expect_eq(out.is64, 1);
    cr_expect_eq(out.red, WQ_SEMRED_DEC);
    cr_expect_eq(out.is_unsigned, 1);
    /* the word as DESIGN §5 draws it: bits 2:0, 12, 20, 24, 30:27, 31 */
    wq_sem_decode(0xFFFFFFFFu, &out);
    cr_expect_eq(out.op, 7);
    cr_expect_eq(out.red, 15);
    cr_expect(out.acquire_switch && out.release_wfi && out.is64 && out.is_unsigned);
    wq_sem_decode(1u << 20, &out);
    cr_expect(out.release_wfi && !out.acquire_switch && !out.is64 && out.op == 0);
}
