/* test_nested.c -- nested work creation (DESIGN §5.1) through the driver on
 * the model backend: the device library agrees with nq.h, every scenario in
 * tests/programs/nested/ runs with its memory checks, queue setup
 * rejects bad arguments and leaves the device usable, exhaustion is a clean
 * failure seen by threads and driver, and the device-local child launch is
 * faster than the CPU-mediated one.  Run from the repository root (make). */
#include <criterion/criterion.h>
#include "drv_util.h"
#include <glob.h>
#include <string.h>
#include "wq/nested.h"
#include "wq/model.h"
#include "wq/encode.h"

static wq_dev_t dev;
static wq_drv_t d;

static void up(void) { tu_drv_up(&dev, &d); }
static void down(void) { tu_drv_down(&dev, &d); }

TestSuite(nested, .init = up, .fini = down);

static void asm_or_die(const char *path, wq_program_t *p)
{
    char err[512];
    cr_assert_eq(wq_nested_asm(path, NULL, p, err, sizeof err), 0, "%s", err);
}

/* The library's names come from the generated block (build/gen/wq_nq.wqs,
 * from nq.def); assembled as the runner assembles it, every name the
 * library uses has the C view's value, and the derived ones are what the
 * library computes with.  A hand copy in the tree is the drift check's
 * (scripts/spec_check.sh). */
Test(nested, library_matches_header)
{
    wq_program_t p;
    asm_or_die("tests/programs/nested/per_cta.wqs", &p);
    static const struct { const char *n; uint32_t v; } t[] = {
        { "QD_SOFT", WQ_QD_SOFT }, { "QD_SHADOW", WQ_QD_SHADOW }, { "QD_LIMIT", WQ_QD_LIMIT },
        { "QD_GEN", WQ_QD_GEN }, { "QD_MASK", WQ_QD_MASK }, { "QD_RING", WQ_QD_RING },
        { "QD_SEMS", WQ_QD_SEMS }, { "QD_SLOTS", WQ_QD_SLOTS }, { "QD_KTAB", WQ_QD_KTAB },
        { "QD_KCTA", WQ_QD_KCTA }, { "QD_HDR_LAUNCH", WQ_QD_HDR_LAUNCH },
        { "QD_HDR_SEM", WQ_QD_HDR_SEM }, { "QD_SEM_ACQ", WQ_QD_SEM_ACQ },
        { "QD_GPW1_LAUNCH", WQ_QD_GPW1_LAUNCH }, { "QD_GPW1_SEM", WQ_QD_GPW1_SEM },
        { "QD_GPW1_FIN", WQ_QD_GPW1_FIN }, { "QD_PENDING", WQ_QD_PENDING },
        { "QD_CHAIN_END", WQ_QD_CHAIN_END }, { "QD_FAILS", WQ_QD_FAILS },
        { "QD_ENQS", WQ_QD_ENQS }, { "QD_MAXDEPTH", WQ_QD_MAXDEPTH },
        { "QD_FIN_AT", WQ_QD_FIN_AT }, { "QD_FINS", WQ_QD_FINS }, { "QD_KPAR", WQ_QD_KPAR },
        { "QD_FIN_TPL", WQ_QD_FIN_TPL }, { "SLOT_LOG2", WQ_NQ_SLOT_LOG2 },
        { "SLOT_PARAMS", WQ_NQ_SLOT_PARAMS }, { "SLOT_DESC", WQ_NQ_SLOT_DESC },
        { "DESC_PARAM", 4 * WQ_LD_PARAM }, { "FIN_SEMF", WQ_NQ_FIN_SEMF },
        { "FIN_SEMF_OFF", 4 * WQ_NQ_FIN_SEMF }, { "PARAM_QD", WQ_NQ_PARAM_QD },
        { "PARAM_DEPTH", WQ_NQ_PARAM_DEPTH }, { "PARAM_ARG0", WQ_NQ_PARAM_ARG0 },
        { "ENQ_OK", WQ_ENQ_OK }, { "ENQ_FULL", WQ_ENQ_FULL }, { "ENQ_SIZE", WQ_ENQ_SIZE },
        { "QD_MAX_WG", WQ_QD_MAX_WG }, { "DESC_GRID_X", 4 * WQ_LD_GRID_X },
        { "DESC_CTA_X", 4 * WQ_LD_CTA_X }, { "PARAM_GSZ", WQ_NQ_PARAM_GSZ },
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        uint32_t v;
        cr_assert_eq(wq_program_sym(&p, t[i].n, &v), 0, "%s missing", t[i].n);
        cr_assert_eq(v, t[i].v, "%s: library %u, header %u", t[i].n, v, t[i].v);
    }
    /* wq_enqueue_nd's division makes MAX_GROUPS_LOG2 quotient bits: the
     * grid limit must be exactly that wide */
    uint32_t k;
    cr_assert_eq(wq_program_sym(&p, "MAX_GROUPS_LOG2", &k), 0);
    cr_assert(k > 0 && k < 32);
    cr_assert_eq((1u << k) - 1, (uint32_t)WQ_NQ_MAX_GROUPS);
    /* the library stores a block address as GP word 0 directly */
    for (uint32_t a = 0; a < 0x100000; a += 0x1234 & ~3u)
        cr_assert_eq(wq_gp_word0(a), a);
    wq_program_free(&p);
}

Test(nested, every_scenario_passes_on_the_model)
{
    glob_t g;
    cr_assert_eq(glob("tests/programs/nested/*.wqs", 0, NULL, &g), 0);
    cr_assert_geq(g.gl_pathc, 5u);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        wq_dev_t dv;
        wq_drv_t dd;
        wq_config_t cfg;
        wq_config_default(&cfg);
        cfg.watchdog = 0;
        cr_assert_eq(wq_dev_model_open(&dv, &cfg, NULL), 0);
        cr_assert_eq(wq_drv_open(&dd, &dv, NULL), WQ_OK);
        wq_program_t p;
        asm_or_die(g.gl_pathv[i], &p);
        wq_nested_result_t r;
        int rc = wq_nested_run(&dd, &p, 20000000, &r, stderr);
        cr_assert_eq(rc, WQ_OK, "%s: %s", g.gl_pathv[i], wq_drv_strerror(rc));
        cr_assert_gt(r.expects, 0u, "%s checks memory", g.gl_pathv[i]);
        cr_assert_eq(r.expects_failed, 0u);
        cr_assert_gt(r.children, 0u);
        if (strstr(g.gl_pathv[i], "depth")) cr_assert_geq(r.maxdepth, 3u);
        wq_program_free(&p);
        wq_drv_close(&dd);
        wq_dev_close(&dv);
    }
    globfree(&g);
}

/* wq_enqueue_nd: refused sizes are not queue exhaustion (no FAILS, the
 * session ends whole with three children), and on a device of one warp slot (largest CTA 32) the same scenario still holds
 * (job 7's CTA is then 32 threads, job 4's 33 refused) */
Test(nested, nd_sizes_refusals_take_no_entry)
{
    for (unsigned warps = 1; warps <= 8; warps *= 8) {
        wq_dev_t dv;
        wq_drv_t dd;
        wq_config_t cfg;
        wq_config_default(&cfg);
        cfg.watchdog = 0;
        cfg.warps = warps;
        cr_assert_eq(wq_dev_model_open(&dv, &cfg, NULL), 0);
        cr_assert_eq(wq_drv_open(&dd, &dv, NULL), WQ_OK);
        wq_program_t p;
        asm_or_die("tests/programs/nested/nd_sizes.wqs", &p);
        wq_nested_result_t r;
        cr_assert_eq(wq_nested_run(&dd, &p, 20000000, &r, stderr), WQ_OK, "warps %u", warps);
        cr_assert_eq(r.expects_failed, 0u);
        cr_assert_eq(r.children, 3u, "jobs 0, 1 and 7 launch");
        cr_assert_eq(r.fails, 0u, "five refusals, none of them for room");
        wq_program_free(&p);
        wq_drv_close(&dd);
        wq_dev_close(&dv);
    }
}

Test(nested, a_wrong_expectation_fails)
{
    wq_program_t p;
    asm_or_die("tests/programs/nested/per_cta.wqs", &p);
    cr_assert_gt(p.nexpects, 2u);
    p.expects[2].value ^= 1;
    wq_nested_result_t r;
    cr_assert_neq(wq_nested_run(&d, &p, 20000000, &r, NULL), WQ_OK);
    cr_assert_eq(r.expects_failed, 1u);
    wq_program_free(&p);
}

static void desc(uint32_t w[16], const wq_program_t *p, const char *name)
{
    for (unsigned i = 0; i < p->nlaunch; i++)
        if (!strcmp(p->launch[i].name, name)) { memcpy(w, p->launch[i].w, 64); return; }
    cr_assert_fail("no launch %s", name);
}

Test(nested, queue_setup_rejects_bad_arguments_and_stays_usable)
{
    wq_nq_t q;
    cr_assert_eq(wq_nq_create(&d, 1, 1, NULL, &q), WQ_E_SIZE, "fewer than 4 entries");
    cr_assert_eq(wq_nq_create(&d, 17, 1, NULL, &q), WQ_E_SIZE);
    cr_assert_eq(wq_nq_create(&d, 4, 0, NULL, &q), WQ_E_SIZE);
    cr_assert_eq(wq_nq_create(&d, 4, 65, NULL, &q), WQ_E_SIZE);
    cr_assert_eq(wq_nq_create(&d, 16, 1, NULL, &q), WQ_E_NOMEM, "2^16 slots do not fit");
    cr_assert_eq(wq_nq_create(NULL, 4, 1, NULL, &q), WQ_E_ARG);
    wq_program_t p;
    asm_or_die("tests/programs/nested/per_cta.wqs", &p);
    uint32_t par[16], ch[16];
    desc(par, &p, "parent");
    desc(ch, &p, "child");
    cr_assert_eq(wq_drv_load_image(&d, &p), WQ_OK);
    unsigned cpu;
    cr_assert_eq(wq_drv_chan_open(&d, 3, &cpu), WQ_OK);
    cr_assert_eq(wq_nq_create(&d, 5, 1, NULL, &q), WQ_OK);
    cr_assert_eq(wq_nq_kernel(&d, &q, 1, ch), WQ_E_SIZE, "kernel index past the table");
    uint32_t bad[16];
    memcpy(bad, ch, 64);
    bad[WQ_LD_NREGS] = 0;
    cr_assert_eq(wq_nq_kernel(&d, &q, 0, bad), WQ_E_SIZE);
    cr_assert_eq(wq_nq_kernel(&d, &q, 0, ch), WQ_OK);
    cr_assert_eq(wq_nq_wait(&d, &q, 1000, NULL), WQ_E_STATE, "no session yet");
    cr_assert_eq(wq_nq_session(&d, &q, q.chan, par, NULL), WQ_E_CHAN, "PPU channel as CPU");
    cr_assert_eq(wq_nq_session(&d, &q, 3, par, NULL), WQ_E_CHAN, "channel not open");
    uint32_t cbw[4];
    wq_cb_t cb;
    wq_cb_init(&cb, cbw, 4);
    wq_cb_wfi(&cb);
    cr_assert_eq(wq_drv_submit(&d, q.chan, &cb), WQ_E_STATE, "the queue's ring is PPU-owned");
    cr_assert_eq(wq_nq_session(&d, &q, cpu, par, NULL), WQ_OK);
    cr_assert_eq(wq_nq_session(&d, &q, cpu, par, NULL), WQ_E_STATE, "one session at a time");
    wq_nq_stats_t st;
    cr_assert_eq(wq_nq_wait(&d, &q, 1000000, &st), WQ_OK);
    cr_assert_eq(st.enqs, 4u);
    cr_assert_eq(st.fails, 0u);
    cr_assert_eq(st.fins, 1u);
    cr_assert_eq(st.first_entry, 0u);
    /* entries used: G, 4 x 2, the finish: the next session starts there */
    cr_assert_eq(st.fin_at, 9u);
    cr_assert_eq(wq_nq_session(&d, &q, cpu, par, NULL), WQ_OK, "second session");
    cr_assert_eq(wq_nq_wait(&d, &q, 1000000, &st), WQ_OK);
    cr_assert_eq(st.first_entry, 9u);
    cr_assert_eq(st.fin_at, 18u);
    uint32_t v;
    cr_assert_eq(wq_drv_read(&d, 0x10000 + 4 * 33, &v, 1), WQ_OK);
    cr_assert_eq(v, 102u, "child 1 thread 1: 100 + 1 + 1");
    wq_program_free(&p);
}

Test(nested, exhaustion_is_clean_for_thread_and_driver)
{
    wq_program_t p;
    asm_or_die("tests/programs/nested/exhaust.wqs", &p);
    uint32_t par[16], leaf[16];
    desc(par, &p, "parent");
    desc(leaf, &p, "leaf");
    cr_assert_eq(wq_drv_load_image(&d, &p), WQ_OK);
    unsigned cpu;
    wq_nq_t q;
    cr_assert_eq(wq_drv_chan_open(&d, 3, &cpu), WQ_OK);
    cr_assert_eq(wq_nq_create(&d, 4, 1, NULL, &q), WQ_OK);
    cr_assert_eq(wq_nq_kernel(&d, &q, 0, leaf), WQ_OK);
    cr_assert_eq(wq_nq_session(&d, &q, cpu, par, NULL), WQ_OK);
    wq_nq_stats_t st;
    cr_assert_eq(wq_nq_wait(&d, &q, 1000000, &st), WQ_E_QUEUE_FULL);
    cr_assert_eq(st.enqs, 6u, "(16 - 3) / 2 allocations fit");
    cr_assert_eq(st.fails, 26u);
    cr_assert_eq(st.fins, 1u);
    cr_assert_eq(st.fin_at, 13u, "the finish sits where the first refusal began");
    /* nothing past the finish was written: entries 14 and 15 never held a
     * block (the ring was fresh, so they are still zero) */
    uint32_t e[4];
    cr_assert_eq(wq_drv_read(&d, q.ring + 8 * 14, e, 4), WQ_OK);
    cr_assert_eq(e[0] | e[1] | e[2] | e[3], 0u);
    for (unsigned t = 0; t < 32; t++) {
        uint32_t s;
        cr_assert_eq(wq_drv_read(&d, 0x41000 + 4 * t, &s, 1), WQ_OK);
        cr_assert_eq(s, t < 6 ? (uint32_t)WQ_ENQ_OK : (uint32_t)WQ_ENQ_FULL, "thread %u", t);
    }
    cr_assert_eq(wq_drv_chan_fault(&d, q.chan, NULL), 0, "no channel error");
    cr_assert_eq(wq_drv_chan_fault(&d, cpu, NULL), 0);
    /* and the queue works in the next session */
    cr_assert_eq(wq_nq_session(&d, &q, cpu, par, NULL), WQ_OK);
    cr_assert_eq(wq_nq_wait(&d, &q, 1000000, &st), WQ_E_QUEUE_FULL);
    cr_assert_eq(st.enqs, 6u);
    uint32_t count;
    cr_assert_eq(wq_drv_read(&d, 0x42000, &count, 1), WQ_OK);
    cr_assert_eq(count, 12u);
    wq_program_free(&p);
}

Test(nested, forgotten_finish_is_caught_by_the_cpu_channel_timeout)
{
    static const char src[] =
        ".launch parent\n .entry parent\n .cta 1\n.end\n"
        ".launch child\n .entry child\n .cta 1\n.end\n"
        "parent: exit\nchild: exit\n";
    char path[] = "/tmp/wq_nofinXXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(src, f);
    fclose(f);
    wq_program_t p;
    asm_or_die(path, &p);
    remove(path);
    unsigned cpu;
    wq_nq_t q;
    cr_assert_eq(wq_drv_load_image(&d, &p), WQ_OK);
    cr_assert_eq(wq_drv_chan_open(&d, 3, &cpu), WQ_OK);
    cr_assert_eq(wq_drv_chan_set_acquire(&d, cpu, 16, 20), WQ_OK);
    cr_assert_eq(wq_nq_create(&d, 4, 1, NULL, &q), WQ_OK);
    cr_assert_eq(wq_nq_kernel(&d, &q, 0, p.launch[1].w), WQ_OK);
    cr_assert_eq(wq_nq_session(&d, &q, cpu, p.launch[0].w, NULL), WQ_OK);
    cr_assert_eq(wq_nq_wait(&d, &q, 1000000, NULL), WQ_E_CHAN_ERROR);
    wq_drv_fault_t fl;
    cr_assert_eq(wq_drv_chan_fault(&d, cpu, &fl), 1);
    cr_assert_eq(fl.code, (unsigned)WQ_CHERR_ACQUIRE_TIMEOUT);
    cr_assert_eq(fl.info, q.y, "it was waiting on Y");
    wq_program_free(&p);
}

Test(nested, device_local_launch_beats_the_cpu_round_trip)
{
    wq_program_t p;
    asm_or_die("tests/programs/bench/nested_latency.wqs", &p);
    uint64_t loc = 0, cpu = 0;
    cr_assert_eq(wq_nested_latency(&p, 100, &loc, &cpu), WQ_OK);
    cr_assert_gt(loc, 0u);
    cr_assert_lt(loc, 64u, "release -> retry -> LAUNCH -> dispatch: tens of ticks");
    cr_assert_gt(cpu, 3 * 100u, "at least poll + entry + doorbell over the link");
    uint64_t loc0, cpu0;
    cr_assert_eq(wq_nested_latency(&p, 0, &loc0, &cpu0), WQ_OK);
    cr_assert_eq(loc0, loc, "device-local latency does not depend on the link");
    cr_assert_lt(cpu0, cpu);
    wq_program_free(&p);
}
