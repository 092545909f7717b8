/* test_div.c -- DIVU, DIV, REMU, REM in the model: every lane's result for
 * edge and pseudo-random operands against a reference that divides bit by
 * bit (restoring, on the magnitudes) and applies RISC-V's rules -- b = 0:
 * quotient all ones, remainder a; INT_MIN / -1: INT_MIN, remainder 0;
 * signed: rounded toward zero, the remainder with a's sign. */
#include <criterion/criterion.h>
#include <stdio.h>
#include "prog_util.h"

#define DATA 0x8000u
#define OUT  0x9000u

static uint32_t lcg(uint32_t *s) { *s = *s * 1664525u + 1013904223u; return *s >> 8; }

/* unsigned a / b bit by bit; b = 0 leaves q = ~0, r = a */
static void ref_udiv(uint32_t a, uint32_t b, uint32_t *q, uint32_t *r)
{
    uint64_t rem = 0;
    uint32_t quo = 0;
    for (int i = 31; i >= 0; i--) {
        rem = rem << 1 | (a >> i & 1);
        quo <<= 1;
        if (rem >= b) { rem -= b; quo |= 1; }
    }
    *q = quo;
    *r = (uint32_t)rem;
}

static uint32_t ref(const char *op, uint32_t a, uint32_t b)
{
    uint32_t q, r;
    int sgn = op[3] == 0;                    /* "div", "rem" (not "divu", "remu") */
    int na = sgn && (a >> 31), nb = sgn && (b >> 31);
    ref_udiv(na ? 0u - a : a, nb ? 0u - b : b, &q, &r);
    if (op[0] == 'r') return na ? 0u - r : r;
    return (na != nb && b != 0) ? 0u - q : q;
}

static const uint32_t edge[] = {
    0, 1, 2, 3, 7, 0xFFFFFFFFu, 0xFFFFFFFEu, 0xFFFFFFF9u, 0x80000000u, 0x80000001u,
    0x7FFFFFFFu, 0x10000u, 0xFFFF0000u, 0x90000000u, 0x12345678u, 0xDEADBEEFu,
};

/* 32 threads divide A[i] by B[i] with OP; one launch per table */
static void check(const char *op, const uint32_t *a, const uint32_t *b, const char *what)
{
    char src[8192];
    int n = snprintf(src, sizeof src, ".launch main\n .cta 32\n.end\n.data 0x%x\n", DATA);
    for (unsigned i = 0; i < 32; i++)
        n += snprintf(src + n, sizeof src - (size_t)n, " .word 0x%x\n", a[i]);
    for (unsigned i = 0; i < 32; i++)
        n += snprintf(src + n, sizeof src - (size_t)n, " .word 0x%x\n", b[i]);
    snprintf(src + n, sizeof src - (size_t)n,
             ".text\nmain: s2r r0, tid\n shl r1, r0, 2\n ld r2, [r1+0x%x]\n"
             " ld r3, [r1+0x%x]\n %s r4, r2, r3\n st [r1+0x%x], r4\n exit\n",
             DATA, DATA + 128, op, OUT);
    tprog_t t;
    tp_run(&t, src, NULL);
    cr_assert_eq(t.rc, 0, "%s: the run did not complete", op);
    for (unsigned l = 0; l < 32; l++)
        cr_assert_eq(tp_word(&t, OUT + 4 * l), ref(op, a[l], b[l]),
                     "%s %s lane %u: 0x%x / 0x%x", what, op, l, a[l], b[l]);
    tp_free(&t);
}

static const char *const ops[] = { "divu", "div", "remu", "rem" };

Test(div, edge_pairs)
{
    /* every pair of edge operands, 32 at a time */
    uint32_t a[256], b[256];
    for (unsigned i = 0; i < 256; i++) { a[i] = edge[i / 16]; b[i] = edge[i % 16]; }
    for (unsigned o = 0; o < 4; o++)
        for (unsigned k = 0; k < 256; k += 32) check(ops[o], a + k, b + k, "edge");
}

Test(div, random)
{
    uint32_t s = 99u, a[32], b[32];
    for (unsigned round = 0; round < 8; round++) {
        for (unsigned i = 0; i < 32; i++) {
            a[i] = lcg(&s) ^ lcg(&s) << 16;
            /* small divisors too: long quotients */
            b[i] = (round & 1) ? lcg(&s) >> (lcg(&s) % 24) : lcg(&s) ^ lcg(&s) << 16;
        }
        for (unsigned o = 0; o < 4; o++) check(ops[o], a, b, "random");
    }
}

Test(div, riscv_rules)
{
    /* the rules themselves, as fixed numbers */
    cr_assert_eq(ref("divu", 5, 0), 0xFFFFFFFFu);
    cr_assert_eq(ref("div", 0xFFFFFFFBu, 0), 0xFFFFFFFFu);
    cr_assert_eq(ref("remu", 5, 0), 5u);
    cr_assert_eq(ref("rem", 0xFFFFFFFBu, 0), 0xFFFFFFFBu);
    cr_assert_eq(ref("div", 0x80000000u, 0xFFFFFFFFu), 0x80000000u);
    cr_assert_eq(ref("rem", 0x80000000u, 0xFFFFFFFFu), 0u);
    cr_assert_eq(ref("div", 0xFFFFFFF9u, 2), 0xFFFFFFFDu);      /* -7 / 2 = -3 */
    cr_assert_eq(ref("rem", 0xFFFFFFF9u, 2), 0xFFFFFFFFu);      /* -7 % 2 = -1 */
    cr_assert_eq(ref("rem", 7, 0xFFFFFFFEu), 1u);               /* 7 % -2 = 1 */
}
