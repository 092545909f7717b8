/* test_local.c -- per-CTA __local memory: the descriptor's LOCAL_BASE and
 * LOCAL_SIZE, the dispatcher's running base, S2R LOCAL, and LAUNCH's
 * refusals (docs/spec.md, launch descriptor). */
#include <criterion/criterion.h>
#include <stdio.h>
#include "host_util.h"
#include "prog_util.h"

/* every thread stores S2R LOCAL at 0x9000 + 4 * (CTAFLAT * 64 + TID) */
static const char body[] =
    "main: s2r r0, tid\n s2r r1, ctaflat\n shl r1, r1, 6\n add r1, r1, r0\n"
    " shl r1, r1, 2\n s2r r2, local\n st [r1+0x9000], r2\n exit\n";

static void run_local(tprog_t *t, unsigned grid, uint32_t base, uint32_t size)
{
    char src[1024];
    snprintf(src, sizeof src,
             ".launch main\n .grid %u\n .cta 64\n .regs 8\n .local 0x%x, 0x%x\n.end\n%s",
             grid, base, size, body);
    tp_run(t, src, NULL);
}

Test(local, each_cta_reads_its_block)
{
    tprog_t t;
    run_local(&t, 6, 0x20000, 0x130);
    cr_assert_eq(t.rc, 0);
    cr_assert_eq(wq_chan_errcode(t.ctx, 0), WQ_CHERR_NONE);
    for (uint32_t k = 0; k < 6; k++)
        for (uint32_t i = 0; i < 64; i++)
            cr_assert_eq(tp_word(&t, 0x9000 + 4 * (k * 64 + i)), 0x20000 + k * 0x130,
                         "cta %u thread %u", k, i);
    tp_free(&t);
}

Test(local, size_zero_gives_every_cta_the_base)
{
    tprog_t t;
    run_local(&t, 3, 0x40, 0);
    cr_assert_eq(t.rc, 0);
    for (uint32_t k = 0; k < 3; k++)
        cr_assert_eq(tp_word(&t, 0x9000 + 4 * k * 64), 0x40);
    tp_free(&t);
}

Test(local, blocks_may_end_at_the_top_of_memory)
{
    tprog_t t;
    run_local(&t, 4, 0xFFFFF000u, 0x400);         /* the last block ends at 2^32 */
    cr_assert_eq(wq_chan_errcode(t.ctx, 0), WQ_CHERR_NONE);
    cr_assert_eq(tp_word(&t, 0x9000 + 4 * 3 * 64), 0xFFFFFC00u);
    tp_free(&t);
}

Test(local, launch_refuses_misaligned_oversized_and_wrapping_blocks)
{
    static const struct { unsigned grid; uint32_t base, size; } bad[] = {
        { 1, 0x8008, 0x40 },          /* base not 16-aligned */
        { 1, 0x8000, 0x44 },          /* size not 16-aligned */
        { 1, 0x8000, 0x100000 },      /* size above LOCAL_SIZE.BLOCKS (1 MiB) */
        { 5, 0xFFFFF000u, 0x400 },    /* the fifth block wraps */
        { 0xFFFF, 0x10, 0x10010 },    /* 0xFFFF blocks of 64 KiB + 16 exceed 2^32 */
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tprog_t t;
        run_local(&t, bad[i].grid, bad[i].base, bad[i].size);
        cr_assert_eq(wq_chan_errcode(t.ctx, 0), WQ_CHERR_BAD_LAUNCH, "case %u", i);
        cr_assert_eq(tp_word(&t, 0x9000), 0, "case %u ran", i);
        tp_free(&t);
    }
}
