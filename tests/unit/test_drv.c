/* test_drv.c -- the driver over the model backend: every bad argument
 * returns its error code and leaves the device usable (a good submission
 * afterwards still runs), channel errors are reported with their code and
 * leave other channels running, and deque bound traps are re-centred
 * through the debug window into the same array image the model's own
 * re-centering produces. */
#include <criterion/criterion.h>
#include "drv_util.h"
#include <string.h>
#include "wq/drv.h"
#include "wq/model.h"
#include "wq/encode.h"
#include "wq/asm.h"
#include "wq/loader.h"

static wq_dev_t dev;
static wq_drv_t d;

static void up(void) { tu_drv_up(&dev, &d); }
static void down(void) { tu_drv_down(&dev, &d); }

static const uint32_t SEM = 0x8000;

/* the device still works: a release submitted on a fresh channel lands */
static void still_usable(uint32_t value)
{
    unsigned c;
    cr_assert_eq(wq_drv_chan_open(&d, 3, &c), WQ_OK);
    uint32_t buf[16];
    wq_cb_t cb;
    wq_cb_init(&cb, buf, 16);
    cr_assert_eq(wq_cb_release(&cb, SEM, value), WQ_OK);
    cr_assert_eq(wq_drv_submit(&d, c, &cb), WQ_OK);
    cr_assert_eq(wq_drv_wait_word(&d, SEM, value, (int)c, 10000), WQ_OK);
    cr_assert_eq(wq_drv_wait_chan(&d, c, 10000), WQ_OK);
    cr_assert_eq(wq_drv_chan_close(&d, c), WQ_OK);
}

TestSuite(drv, .init = up, .fini = down);

Test(drv, open_reads_id_and_config)
{
    cr_assert_eq(d.id, (uint32_t)WQ_CSRVAL_ID_VALUE);
    cr_assert_eq(d.channels, 4u);
    cr_assert_eq(d.warps, 8u);
    cr_assert_eq(d.lanes, 32u);
    cr_assert_eq(d.deque_log2, 6u);
    cr_assert_eq(d.regs, 32u);
    wq_drv_t d2;
    cr_assert_eq(wq_drv_open(&d2, NULL, NULL), WQ_E_ARG);
    wq_drv_opts_t o;
    wq_drv_opts_default(&o);
    o.arena_base = 0x1234;
    cr_assert_eq(wq_drv_open(&d2, &dev, &o), WQ_E_SIZE, "arena not 4 KiB aligned");
    o.arena_base = 0xFFFFF000u; o.arena_size = 0x2000;
    cr_assert_eq(wq_drv_open(&d2, &dev, &o), WQ_E_SIZE, "arena past 4 GiB");
    still_usable(1);
}

Test(drv, alloc_rejects_bad_sizes_alignment_and_exhaustion)
{
    uint32_t a;
    cr_assert_eq(wq_drv_alloc(&d, 16, 3, &a), WQ_E_ALIGN);
    cr_assert_eq(wq_drv_alloc(&d, 16, 2, &a), WQ_E_ALIGN);
    cr_assert_eq(wq_drv_alloc(&d, 0, 4, &a), WQ_E_SIZE);
    cr_assert_eq(wq_drv_alloc(&d, 16, 4, NULL), WQ_E_ARG);
    cr_assert_eq(wq_drv_alloc(&d, 17u << 20, 4, &a), WQ_E_NOMEM);
    cr_assert_eq(wq_drv_alloc(&d, 100, 64, &a), WQ_OK);
    cr_assert_eq(a & 63, 0u);
    uint32_t b;
    cr_assert_eq(wq_drv_alloc(&d, 4, 4, &b), WQ_OK);
    cr_assert_geq(b, a + 100, "allocations do not overlap");
    uint32_t w = 5;
    cr_assert_eq(wq_drv_write(&d, 0x8002, &w, 1), WQ_E_ALIGN);
    cr_assert_eq(wq_drv_read(&d, 0x8001, &w, 1), WQ_E_ALIGN);
    still_usable(2);
}

Test(drv, channel_open_checks_size_and_count)
{
    unsigned c[4], x;
    cr_assert_eq(wq_drv_chan_open(&d, 0, &x), WQ_E_SIZE);
    cr_assert_eq(wq_drv_chan_open(&d, 17, &x), WQ_E_SIZE);
    cr_assert_eq(wq_drv_chan_open(&d, 4, NULL), WQ_E_ARG);
    for (unsigned i = 0; i < 4; i++) {
        cr_assert_eq(wq_drv_chan_open(&d, 2, &c[i]), WQ_OK);
        cr_assert_eq(c[i], i);
    }
    cr_assert_eq(wq_drv_chan_open(&d, 2, &x), WQ_E_NOCHAN, "too many channels");
    cr_assert_eq(wq_drv_chan_close(&d, 2), WQ_OK);
    cr_assert_eq(wq_drv_chan_close(&d, 2), WQ_E_CHAN, "already closed");
    cr_assert_eq(wq_drv_chan_close(&d, 9), WQ_E_CHAN);
    still_usable(3);                     /* reuses index 2 */
}

Test(drv, submit_rejects_bad_blocks_and_full_rings)
{
    unsigned c;
    uint32_t buf[128];
    wq_cb_t cb;
    cr_assert_eq(wq_drv_chan_open(&d, 1, &c), WQ_OK);   /* 2 entries: 1 outstanding */
    wq_cb_init(&cb, buf, 128);
    cr_assert_eq(wq_drv_submit(&d, c, &cb), WQ_E_SIZE, "empty block");
    cr_assert_eq(wq_drv_submit(&d, 7, &cb), WQ_E_CHAN, "bad channel index");
    cr_assert_eq(wq_drv_submit(&d, 3, &cb), WQ_E_CHAN, "channel not open");
    for (unsigned i = 0; i < 70; i++) wq_cb_word(&cb, 0);
    cr_assert_eq(wq_drv_submit(&d, c, &cb), WQ_E_SIZE, "bigger than a slot");
    cr_assert_eq(wq_drv_submit_addr(&d, c, 0x8002, 4), WQ_E_ALIGN);
    cr_assert_eq(wq_drv_submit_addr(&d, c, 0x8000, 0), WQ_E_SIZE);
    /* an acquire that cannot pass yet holds the only entry; the next submit
     * finds the ring full */
    wq_cb_init(&cb, buf, 128);
    wq_cb_acquire(&cb, SEM + 8, 1, 1);
    cr_assert_eq(wq_drv_submit(&d, c, &cb), WQ_OK);
    wq_cb_init(&cb, buf, 128);
    wq_cb_release(&cb, SEM + 12, 9);
    cr_assert_eq(wq_drv_submit(&d, c, &cb), WQ_E_RING_FULL);
    cr_assert_eq(wq_drv_wait_chan(&d, c, 2000), WQ_E_TIMEOUT);
    uint32_t one = 1;
    cr_assert_eq(wq_drv_write(&d, SEM + 8, &one, 1), WQ_OK);
    cr_assert_eq(wq_drv_wait_chan(&d, c, 10000), WQ_OK);
    cr_assert_eq(wq_drv_submit(&d, c, &cb), WQ_OK, "room again once GP_GET moved");
    cr_assert_eq(wq_drv_wait_word(&d, SEM + 12, 9, (int)c, 10000), WQ_OK);
    still_usable(4);
}

Test(drv, builder_checks_and_errors_stick)
{
    uint32_t buf[8];
    wq_cb_t cb;
    wq_cb_init(&cb, buf, 8);
    cr_assert_eq(wq_cb_immd(&cb, WQ_M_WFI, 0x2000), WQ_E_SIZE, "13-bit immediate");
    cr_assert_eq(cb.err, WQ_E_SIZE);
    cr_assert_eq(wq_cb_wfi(&cb), WQ_OK);
    cr_assert_eq(cb.err, WQ_E_SIZE, "the first error sticks");
    unsigned c;
    cr_assert_eq(wq_drv_chan_open(&d, 2, &c), WQ_OK);
    cr_assert_eq(wq_drv_submit(&d, c, &cb), WQ_E_SIZE, "submit refuses a bad block");
    wq_cb_init(&cb, buf, 8);
    cr_assert_eq(wq_cb_release(&cb, SEM + 2, 1), WQ_E_ALIGN);
    wq_cb_init(&cb, buf, 8);
    wq_sem_exec_t op64 = { .op = WQ_SEMOP_RELEASE, .is64 = 1 };
    cr_assert_eq(wq_cb_sem(&cb, SEM + 4, 1, &op64), WQ_E_ALIGN, "64-bit needs 8");
    wq_cb_init(&cb, buf, 8);
    wq_sem_exec_t bad = { .op = 7 };
    cr_assert_eq(wq_cb_sem(&cb, SEM, 1, &bad), WQ_E_ARG);
    wq_cb_init(&cb, buf, 8);
    wq_sem_exec_t op32 = { .op = WQ_SEMOP_RELEASE };
    cr_assert_eq(wq_cb_sem(&cb, SEM, 1ull << 32, &op32), WQ_E_SIZE, "payload wider than 32");
    wq_cb_init(&cb, buf, 8);
    cr_assert_eq(wq_cb_launch(&cb, 0x102), WQ_E_ALIGN);
    wq_cb_init(&cb, buf, 8);
    uint32_t data[8] = {0};
    cr_assert_eq(wq_cb_methods(&cb, WQ_SECOP_IMMD, WQ_M_WFI, data, 1), WQ_E_ARG);
    wq_cb_init(&cb, buf, 8);
    cr_assert_eq(wq_cb_methods(&cb, WQ_SECOP_INC, WQ_M_WFI, data, 8), WQ_E_SIZE, "overflow");
    wq_cb_init(&cb, buf, 8);
    cr_assert_eq(wq_cb_methods(&cb, WQ_SECOP_INC, 0x1001, data, 1), WQ_E_ALIGN);
    /* the words the builder emits are the encoder's */
    wq_cb_init(&cb, buf, 8);
    cr_assert_eq(wq_cb_release(&cb, SEM, 5), WQ_OK);
    cr_assert_eq(cb.n, 6u);
    cr_assert_eq(buf[0], wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SEM_ADDR_LO, 5));
    cr_assert_eq(buf[1], SEM);
    cr_assert_eq(buf[3], 5u);
    cr_assert_eq(buf[5], wq_sem_encode(&op32));
    still_usable(5);
}

static void desc_default(uint32_t w[16])
{
    memset(w, 0, 64);
    w[WQ_LD_CODE_BASE] = 0x1000;
    w[WQ_LD_GRID_X] = w[WQ_LD_GRID_Y] = w[WQ_LD_GRID_Z] = 1;
    w[WQ_LD_CTA_X] = 32; w[WQ_LD_CTA_Y] = w[WQ_LD_CTA_Z] = 1;
    w[WQ_LD_NREGS] = 8;
    w[WQ_LD_DEQUE] = 4;
}

Test(drv, descriptors_and_params_are_checked_before_use)
{
    uint32_t w[16], a;
    desc_default(w);
    cr_assert_eq(wq_drv_desc_check(&d, w), WQ_OK);
    w[WQ_LD_CODE_BASE] = 0x1004;
    cr_assert_eq(wq_drv_desc_write(&d, w, &a), WQ_E_ALIGN);
    desc_default(w); w[WQ_LD_GRID_X] = 0;
    cr_assert_eq(wq_drv_desc_check(&d, w), WQ_E_SIZE);
    desc_default(w); w[WQ_LD_CTA_X] = 512;  /* > 32 * 8 warps */
    cr_assert_eq(wq_drv_desc_check(&d, w), WQ_E_SIZE);
    desc_default(w); w[WQ_LD_NREGS] = 33;
    cr_assert_eq(wq_drv_desc_check(&d, w), WQ_E_SIZE);
    desc_default(w); w[WQ_LD_DEQUE] = 7;   /* above the hardware's 6 */
    cr_assert_eq(wq_drv_desc_check(&d, w), WQ_E_SIZE);
    desc_default(w); w[WQ_LD_LOCAL_BASE] = 8;   /* not 16-aligned */
    cr_assert_eq(wq_drv_desc_check(&d, w), WQ_E_ALIGN);
    desc_default(w); w[WQ_LD_LOCAL_SIZE] = 0x18;
    cr_assert_eq(wq_drv_desc_check(&d, w), WQ_E_ALIGN);
    desc_default(w); w[WQ_LD_LOCAL_SIZE] = 0x100000;   /* 1 MiB: above the field */
    cr_assert_eq(wq_drv_desc_check(&d, w), WQ_E_SIZE);
    desc_default(w); w[WQ_LD_GRID_X] = 4;             /* 4 blocks of 1 KiB end at 2^32 */
    w[WQ_LD_LOCAL_BASE] = 0xFFFFF000u; w[WQ_LD_LOCAL_SIZE] = 0x400;
    cr_assert_eq(wq_drv_desc_check(&d, w), WQ_OK);
    w[WQ_LD_GRID_X] = 5;                              /* the fifth wraps */
    cr_assert_eq(wq_drv_desc_check(&d, w), WQ_E_SIZE);
    desc_default(w); w[WQ_LD_FLAGS] = 2;
    cr_assert_eq(wq_drv_desc_check(&d, w), WQ_E_ARG);
    uint32_t p[2] = { 1, 2 };
    cr_assert_eq(wq_drv_params(&d, p, 0, &a), WQ_E_SIZE);
    cr_assert_eq(wq_drv_params(&d, NULL, 2, &a), WQ_E_ARG);
    cr_assert_eq(wq_drv_params(&d, p, 2, &a), WQ_OK);
    cr_assert_eq(a & 15, 0u);
    still_usable(6);
}

Test(drv, channel_error_is_reported_and_others_keep_running)
{
    unsigned bad, good;
    cr_assert_eq(wq_drv_chan_open(&d, 2, &bad), WQ_OK);
    cr_assert_eq(wq_drv_chan_open(&d, 2, &good), WQ_OK);
    uint32_t buf[8];
    wq_cb_t cb;
    wq_cb_init(&cb, buf, 8);
    wq_cb_word(&cb, wq_mh_encode(WQ_SECOP_IMMD, 0, 0x7F0, 0));  /* no such method */
    cr_assert_eq(wq_drv_submit(&d, bad, &cb), WQ_OK);
    cr_assert_eq(wq_drv_wait_chan(&d, bad, 10000), WQ_E_CHAN_ERROR);
    wq_drv_fault_t f;
    cr_assert_eq(wq_drv_chan_fault(&d, bad, &f), 1);
    cr_assert_eq(f.code, (unsigned)WQ_CHERR_UNKNOWN_METHOD);
    cr_assert_eq(f.info, 0x7F0u, "ERR_INFO: the method byte offset");
    cr_assert_eq(wq_drv_chan_fault(&d, good, &f), 0);
    cr_assert_eq(wq_drv_submit(&d, bad, &cb), WQ_E_CHAN_ERROR, "refused until reset");
    wq_cb_init(&cb, buf, 8);
    wq_cb_release(&cb, SEM, 77);
    cr_assert_eq(wq_drv_submit(&d, good, &cb), WQ_OK);
    cr_assert_eq(wq_drv_wait_word(&d, SEM, 77, (int)good, 10000), WQ_OK);
    cr_assert_eq(wq_drv_chan_reset(&d, bad), WQ_OK);
    wq_cb_init(&cb, buf, 8);
    wq_cb_release(&cb, SEM, 78);
    cr_assert_eq(wq_drv_submit(&d, bad, &cb), WQ_OK, "usable after reset");
    cr_assert_eq(wq_drv_wait_word(&d, SEM, 78, (int)bad, 10000), WQ_OK);
}

/* a kernel that nests SSY deeper than a 4-entry deque allows from its
 * centre: front bound traps the driver must answer */
static const char deep_src[] =
    ".launch main\n .cta 32\n .regs 8\n .deque 2\n .yield off\n.end\n"
    "main: s2r r1, laneid\n"
    "      ssy l1\n ssy l2\n ssy l3\n"
    "      and r2, r1, 1\n setp.eq p0, r2, 0\n @p0 bra a\n add r3, r1, 100\n bra l3s\n"
    "a:    add r3, r1, 200\n"
    "l3s:  sync l3\nl3:  sync l2\nl2:  sync l1\n"
    "l1:   shl r4, r1, 2\n st [r4+0x9000], r3\n exit\n";

Test(drv, deque_traps_are_recentred_like_the_model)
{
    wq_program_t p;
    char err[256];
    cr_assert_eq(wq_asm(deep_src, strlen(deep_src), "deep", &p, err, sizeof err), 0, "%s", err);
    /* reference: the model's own wq_run with auto re-centering */
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.watchdog = 0;
    wq_ctx_t *ref = wq_new(&cfg);
    cr_assert_eq(wq_load_and_submit(ref, &p, 0, NULL), 0);
    wq_run_result_t rr;
    cr_assert_eq(wq_run(ref, 100000, 1, 1, &rr), 0);
    /* the driver: same program on its own channel, traps answered by IRQ */
    unsigned c;
    uint32_t da;
    cr_assert_eq(wq_drv_write(&d, p.segs[0].addr, (const uint32_t *)p.segs[0].bytes,
                              p.segs[0].len / 4), WQ_OK);
    cr_assert_eq(wq_drv_chan_open(&d, 2, &c), WQ_OK);
    cr_assert_eq(wq_drv_desc_write(&d, p.launch[0].w, &da), WQ_OK);
    uint32_t buf[8];
    wq_cb_t cb;
    wq_cb_init(&cb, buf, 8);
    wq_cb_launch(&cb, da);
    wq_cb_wfi(&cb);
    cr_assert_eq(wq_drv_submit(&d, c, &cb), WQ_OK);
    cr_assert_eq(wq_drv_wait_idle(&d, 100000), WQ_OK);
    cr_assert_gt(d.recenters, 0, "the kernel must have trapped");
    cr_assert_eq(d.nfaults, 0u);
    wq_ctx_t *m = wq_dev_model_ctx(&dev);
    for (unsigned l = 0; l < 32; l++) {
        uint32_t want = l + (l & 1 ? 100 : 200);
        cr_assert_eq(wq_mem_read32(ref->mem, 0x9000 + 4 * l), want);
        cr_assert_eq(wq_mem_read32(m->mem, 0x9000 + 4 * l), want, "lane %u", l);
    }
    /* same deque array image as the reference re-centering */
    cr_assert_eq(memcmp(ref->dqram, m->dqram, sizeof(wq_token_t) * 4), 0);
    cr_assert_eq(ref->st.traps, m->st.traps, "same number of traps");
    wq_free(ref);
    wq_program_free(&p);
}

Test(drv, fatal_trap_is_reported_and_killed_on_request)
{
    static const char src[] = ".launch main\n .cta 32\n .regs 4\n.end\n"
                              "main: mov r1, 0x9002\n st [r1], r1\n exit\n";
    wq_program_t p;
    char err[256];
    cr_assert_eq(wq_asm(src, strlen(src), "mis", &p, err, sizeof err), 0, "%s", err);
    d.opt.kill_fatal = 1;
    unsigned c;
    uint32_t da, buf[8];
    cr_assert_eq(wq_drv_write(&d, p.segs[0].addr, (const uint32_t *)p.segs[0].bytes,
                              p.segs[0].len / 4), WQ_OK);
    cr_assert_eq(wq_drv_chan_open(&d, 2, &c), WQ_OK);
    cr_assert_eq(wq_drv_desc_write(&d, p.launch[0].w, &da), WQ_OK);
    wq_cb_t cb;
    wq_cb_init(&cb, buf, 8);
    wq_cb_launch(&cb, da);
    wq_cb_wfi(&cb);
    cr_assert_eq(wq_drv_submit(&d, c, &cb), WQ_OK);
    cr_assert_eq(wq_drv_wait_idle(&d, 100000), WQ_E_TRAP);
    cr_assert_eq(d.nfaults, 1u);
    cr_assert_eq(d.faults[0].is_trap, 1);
    cr_assert_eq(d.faults[0].code, (unsigned)WQ_TRAP_MISALIGNED);
    cr_assert_eq(d.faults[0].info, 1u, "PC of the store");
    cr_assert_eq(d.kills, 1u);
    cr_assert_eq(wq_dev_model_ctx(&dev)->warp[0].state, (uint32_t)WQ_WS_FREE, "slot freed");
    wq_program_free(&p);
    still_usable(7);
}
