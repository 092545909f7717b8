/* test_subv.c -- variable wave size (DESIGN §6.4): LANES 8/16/32, normal and
 * sub-vector modes, the SUBV_START/END segment, the seed's loop form, and
 * the architecturally visible register sharing. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "prog_util.h"

static char *with_wave(const char *body, const char *wave, char *buf, size_t n)
{
    snprintf(buf, n, ".launch main\n .cta 32\n .regs 32\n .wave %s\n.end\n%s", wave, body);
    return buf;
}

static const char seg_body[] =
    "main: s2r r0, tid\n mov r1, 0\n"
    " subv_start\n"
    "   mul r24, r0, r0\n"              /* r24 is shared in sub-vector mode, dead at end */
    "   add r1, r24, 7\n"
    "   and r2, r0, 1\n setp.eq p0, r2, 0\n ssy j\n @p0 bra e\n"
    "   add r1, r1, 100\n bra s\n"
    "e: add r1, r1, 200\n"
    "s: sync j\n"
    "j: nop\n"
    " subv_end\n"
    " shl r3, r0, 2\n st [r3+0x9000], r1\n exit\n";

static uint32_t seg_expect(uint32_t t) { return t * t + 7 + ((t & 1) ? 100 : 200); }

Test(subv, segment_same_results_in_every_mode_and_lane_count)
{
    const char *waves[] = { "normal", "subv 24" };
    unsigned lanes[] = { 8, 16, 32 };
    char buf[2048];
    for (int wv = 0; wv < 2; wv++)
        for (int k = 0; k < 3; k++) {
            tprog_t t;
            tprog_opts_t o = { .lanes = lanes[k] };
            tp_run(&t, with_wave(seg_body, waves[wv], buf, sizeof buf), &o);
            cr_assert_eq(t.rc, 0, "wave %s lanes %u", waves[wv], lanes[k]);
            for (uint32_t i = 0; i < 32; i++)
                cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), seg_expect(i),
                             "tid %u wave %s lanes %u", i, waves[wv], lanes[k]);
            tp_free(&t);
        }
}

typedef struct { uint32_t sel[64]; unsigned n; uint32_t pc; } seltrace_t;
static void sel_at_pc(void *u, const wq_trace_rec_t *r)
{
    seltrace_t *s = u;
    if (r->kind == WQ_EV_RETIRE && r->pc == s->pc && s->n < 64) s->sel[s->n++] = r->mask;
}

Test(subv, segment_runs_part_by_part_and_skips_empty_parts)
{
    /* only tids >= 16 enter the segment; with 8 lanes parts 2 and 3 run */
    const char *body =
        "main: s2r r0, tid\n setp.lt p0, r0, 16\n @p0 exit\n"
        " subv_start\n"
        "seg: add r1, r0, 1\n"
        " subv_end\n"
        " shl r3, r0, 2\n st [r3+0x9000], r1\n exit\n";
    char buf[1024];
    static seltrace_t st;
    memset(&st, 0, sizeof st);
    st.pc = 4;                          /* the `seg` instruction */
    tprog_t t;
    tprog_opts_t o = { .lanes = 8, .trace = sel_at_pc, .user = &st };
    tp_run(&t, with_wave(body, "subv 31", buf, sizeof buf), &o);
    cr_assert_eq(t.rc, 0);
    cr_assert_eq(tp_sym(&t, "seg"), 4u);
    cr_assert_eq(st.n, 2u, "two non-empty parts");
    cr_assert_eq(st.sel[0], 0x00FF0000u);
    cr_assert_eq(st.sel[1], 0xFF000000u);
    for (uint32_t i = 0; i < 32; i++)
        cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), i < 16 ? 0u : i + 1);
    tp_free(&t);
}

Test(subv, shared_registers_pack_into_rows)
{
    /* a wrong program keeps shared r20/r21 live past the segment: it sees
     * the packed storage, the same on model and RTL.  With P = 32/LANES
     * parts, shared s = r - 20 is row 20 + s/P, lanes (s%P)*LANES.., so
     * after the segment per-thread r20 holds s = 0..P-1 side by side (as
     * the last part wrote them) and r21 was never touched (launch.def) */
    const char *body =
        "main: s2r r0, tid\n"
        " subv_start\n s2r r20, tid\n s2r r21, tid\n subv_end\n"
        " shl r3, r0, 2\n st [r3+0x9000], r20\n st [r3+0x9100], r21\n exit\n";
    char buf[1024];
    unsigned lanes[] = { 8, 16, 32 };
    for (int k = 0; k < 3; k++) {
        tprog_t t;
        tprog_opts_t o = { .lanes = lanes[k] };
        tp_run(&t, with_wave(body, "subv 20", buf, sizeof buf), &o);
        cr_assert_eq(t.rc, 0);
        uint32_t L = lanes[k], last = 32 / L - 1;
        for (uint32_t i = 0; i < 32; i++) {
            uint32_t w20 = L == 32 ? i : (i < 2 * L ? last * L + i % L : 0);
            uint32_t w21 = L == 32 ? i : 0;
            cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), w20, "r20 tid %u lanes %u", i, L);
            cr_assert_eq(tp_word(&t, 0x9100 + 4 * i), w21, "r21 tid %u lanes %u", i, L);
        }
        tp_free(&t);
    }
}

Test(subv, packed_registers_beyond_regs_only_inside_a_segment)
{
    /* REGS = 16, 8 lanes, base 8: a segment names up to 32 registers, a
     * register >= 16 outside it traps ILLEGAL_REG, and NREGS above the
     * packed limit (24 at 16 lanes) is a refused launch */
    const char *ok =
        ".launch main\n .cta 32\n .regs 32\n .wave subv 8\n.end\n"
        "main: s2r r0, tid\n subv_start\n add r31, r0, 5\n add r1, r31, r31\n"
        " subv_end\n shl r3, r0, 2\n st [r3+0x9000], r1\n exit\n";
    tprog_t t;
    tprog_opts_t o = { .lanes = 8, .regs = 16 };
    tp_run(&t, ok, &o);
    cr_assert_eq(t.rc, 0);
    for (uint32_t i = 0; i < 32; i++) cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), 2 * (i + 5));
    tp_free(&t);
    const char *out =
        ".launch main\n .cta 32\n .regs 32\n .wave subv 8\n.end\n"
        "main: s2r r0, tid\n add r16, r0, 5\n exit\n";
    tp_run(&t, out, &o);
    cr_assert_eq(t.ctx->trap_code, (uint32_t)WQ_TRAP_ILLEGAL_REG);
    tp_free(&t);
    tprog_opts_t o16 = { .lanes = 16, .regs = 16 };
    tp_run(&t, ok, &o16);
    cr_assert_neq(t.rc, 0, "NREGS 32 > packed limit 24 at 16 lanes");
    tp_free(&t);
}

Test(subv, yield_inside_a_segment_is_illegal)
{
    const char *body = "main: subv_start\n yield\n subv_end\n exit\n";
    char buf[512];
    tprog_t t;
    tprog_opts_t o = { .lanes = 16 };
    tp_run(&t, with_wave(body, "subv 16", buf, sizeof buf), &o);
    cr_assert_eq(t.res.reason, WQ_RUN_TRAP);
    cr_assert_eq(t.res.code, (uint32_t)WQ_TRAP_SUBV_MISUSE);
    tp_free(&t);
}

static const char loop_body[] =
    "main: s2r r0, tid\n mov r1, 0\n"
    " setp.lt p0, r0, %u\n @p0 exit\n"          /* threads below LO leave */
    " setp.ge p1, r0, %u\n @p1 exit\n"          /* threads from HI leave  */
    " subv_loop_begin after\n"
    "body: mul r1, r0, 3\n add r1, r1, 1\n"
    " subv_loop_end body\n"
    "after: shl r3, r0, 2\n st [r3+0x9000], r1\n exit\n";

Test(subv, loop_form_matches_normal_mode_for_every_half_pattern)
{
    /* both halves, low half only, high half only */
    unsigned ranges[][2] = { { 0, 32 }, { 0, 16 }, { 16, 32 }, { 5, 27 } };
    for (int r = 0; r < 4; r++)
        for (int wv = 0; wv < 2; wv++) {
            char body[1024], buf[2048];
            snprintf(body, sizeof body, loop_body, ranges[r][0], ranges[r][1]);
            static seltrace_t st;
            memset(&st, 0, sizeof st);
            st.pc = 7;                  /* body */
            tprog_t t;
            tprog_opts_t o = { .lanes = 16, .trace = sel_at_pc, .user = &st };
            tp_run(&t, with_wave(body, wv ? "subv 31" : "normal", buf, sizeof buf), &o);
            cr_assert_eq(t.rc, 0);
            cr_assert_eq(tp_sym(&t, "body"), 7u);
            for (uint32_t i = 0; i < 32; i++) {
                int in = i >= ranges[r][0] && i < ranges[r][1];
                cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), in ? 3 * i + 1 : 0u, "tid %u", i);
            }
            uint32_t all = 0;
            for (uint32_t i = ranges[r][0]; i < ranges[r][1]; i++) all |= 1u << i;
            if (!wv) {
                cr_assert_eq(st.n, 1u);
                cr_assert_eq(st.sel[0], all);
            } else {
                /* low half first, then high half; empty halves are skipped */
                unsigned n = 0;
                if (all & 0xFFFFu) cr_assert_eq(st.sel[n++], all & 0xFFFFu);
                if (all >> 16) cr_assert_eq(st.sel[n++], all & 0xFFFF0000u);
                cr_assert_eq(st.n, n, "range %u..%u", ranges[r][0], ranges[r][1]);
            }
            tp_free(&t);
        }
}

static void expect_trap(const char *body, const char *wave, unsigned lanes, unsigned code)
{
    char buf[2048];
    tprog_t t;
    tprog_opts_t o = { .lanes = lanes };
    tp_run(&t, with_wave(body, wave, buf, sizeof buf), &o);
    cr_assert_eq(t.res.reason, WQ_RUN_TRAP, "%s", body);
    cr_assert_eq(t.res.code, code, "got %s for %s", wq_trap_name(t.res.code), body);
    tp_free(&t);
}

Test(subv, misuse_traps_cleanly)
{
    unsigned M = WQ_TRAP_SUBV_MISUSE;
    /* parts leaving through two different SUBV_ENDs */
    expect_trap("main: s2r r0, tid\n subv_start\n setp.lt p0, r0, 16\n @p0 bra e\n"
                " subv_end\n exit\ne: subv_end\n exit\n", "subv 31", 16, M);
    /* SUBV_END reached with a DIV token of the part still pending */
    expect_trap("main: s2r r0, tid\n subv_start\n and r1, r0, 1\n setp.eq p0, r1, 0\n"
                " @p0 bra e\n nop\ne: subv_end\n exit\n", "subv 31", 16, M);
    expect_trap("main: subv_start\n bar\n subv_end\n exit\n", "subv 31", 16, M);
    expect_trap("main: subv_start\n subv_start\n subv_end\n exit\n", "subv 31", 16, M);
    expect_trap("main: subv_loop_begin a\nb: yield\n subv_loop_end b\na: exit\n", "subv 31", 16, M);
    expect_trap("main: subv_loop_begin a\nb: subv_start\n subv_loop_end b\na: exit\n", "subv 31", 16, M);
    expect_trap("main: subv_loop_end main\n exit\n", "subv 31", 16, M);
    /* in normal mode every one of these is a plain program */
    char buf[512];
    tprog_t t;
    tp_run(&t, with_wave("main: subv_start\n bar\n subv_end\n exit\n", "normal", buf, sizeof buf), NULL);
    cr_assert_eq(t.rc, 0);
    tp_free(&t);
}

Test(subv, a_part_that_exits_hands_over_to_the_next)
{
    /* with 8 lanes, part 0 (tids 0..7) exits inside the segment */
    const char *body =
        "main: s2r r0, tid\n"
        " subv_start\n setp.lt p0, r0, 8\n @p0 exit\n add r1, r0, 100\n subv_end\n"
        " shl r3, r0, 2\n st [r3+0x9000], r1\n exit\n";
    char buf[1024];
    tprog_t t;
    tprog_opts_t o = { .lanes = 8 };
    tp_run(&t, with_wave(body, "subv 31", buf, sizeof buf), &o);
    cr_assert_eq(t.rc, 0);
    for (uint32_t i = 0; i < 32; i++)
        cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), i < 8 ? 0u : i + 100, "tid %u", i);
    tp_free(&t);
}

Test(subv, loop_form_survives_a_half_that_exits)
{
    /* the running half exits inside the body: the parked half still runs.
     * First the low half exits (first pass), then the high half (second). */
    const char *cases[] = { "setp.lt p0, r0, 16", "setp.ge p0, r0, 16" };
    for (int c = 0; c < 2; c++) {
        char body[1024], buf[2048];
        snprintf(body, sizeof body,
                 "main: s2r r0, tid\n mov r1, 0\n"
                 " subv_loop_begin after\n"
                 "body: %s\n @p0 exit\n add r1, r0, 7\n"
                 " subv_loop_end body\n"
                 "after: shl r3, r0, 2\n st [r3+0x9000], r1\n exit\n", cases[c]);
        tprog_t t;
        tp_run(&t, with_wave(body, "subv 31", buf, sizeof buf), NULL);
        cr_assert_eq(t.rc, 0, "case %d: %s", c, wq_trap_name(t.res.code));
        for (uint32_t i = 0; i < 32; i++) {
            int gone = c == 0 ? i < 16 : i >= 16;
            cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), gone ? 0u : i + 7, "case %d tid %u", c, i);
        }
        tp_free(&t);
    }
}

/* ---- SUBV_AUTO: segments run by the wave decision (spec §5.6) ------------ */

/* seg_body with its segment eligible: SUBV_AUTO for SUBV_START */
static const char *auto_body(void)
{
    static char buf[sizeof seg_body];
    const char *p = strstr(seg_body, "subv_start");
    size_t n = (size_t)(p - seg_body);
    memcpy(buf, seg_body, n);
    snprintf(buf + n, sizeof buf - n, "subv_auto%s", p + strlen("subv_start"));
    return buf;
}

typedef struct { unsigned n; uint32_t a[8]; uint32_t parked; } autotrace_t;
static void auto_trace(void *u, const wq_trace_rec_t *r)
{
    autotrace_t *s = u;
    if (r->kind == WQ_EV_RETIRE && r->aux == WQ_OP_SUBV_AUTO && s->n < 8) s->a[s->n++] = r->a;
    if (r->kind == WQ_EV_THREAD_STATE && r->aux == WQ_TOK_SUBV) s->parked |= r->mask;
}

Test(subv, auto_segment_follows_wave_ctl_with_the_same_results)
{
    /* .wave_ctl normal / subv force the mode, auto is normal in the model
     * alone; RETIRE.a reports it and only sub-vector mode parks parts */
    const char *modes[] = { "normal", "subv", "auto" };
    const uint32_t want_a[] = { 0, 1, 0 };
    const uint32_t want_ctl[] = { WQ_CSRVAL_WAVE_MODE_NORMAL, WQ_CSRVAL_WAVE_MODE_SUBV,
                                  WQ_CSRVAL_WAVE_MODE_AUTO };
    char buf[2048], src[2200];
    for (int m = 0; m < 3; m++) {
        static autotrace_t at;
        memset(&at, 0, sizeof at);
        snprintf(src, sizeof src, ".wave_ctl %s\n%s", modes[m],
                 with_wave(auto_body(), "subv 24", buf, sizeof buf));
        tprog_t t;
        tprog_opts_t o = { .lanes = 8, .trace = auto_trace, .user = &at };
        tp_run(&t, src, &o);
        cr_assert_eq(t.rc, 0, "mode %s", modes[m]);
        cr_assert_eq(t.ctx->wave_ctl, want_ctl[m], "the loader wrote WAVE_CTL");
        cr_assert_eq(at.n, 1u, "one SUBV_AUTO retired (mode %s)", modes[m]);
        cr_assert_eq(at.a[0], want_a[m], "RETIRE.a (mode %s)", modes[m]);
        cr_assert_eq(at.parked != 0, want_a[m] == 1, "parts parked (mode %s)", modes[m]);
        cr_assert_eq(t.ctx->st.wave_subv, want_a[m]);
        cr_assert_eq(t.ctx->st.wave_normal, 1u - want_a[m]);
        for (uint32_t i = 0; i < 32; i++)
            cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), seg_expect(i), "tid %u mode %s", i,
                         modes[m]);
        tp_free(&t);
    }
}

Test(subv, auto_decision_handed_in_is_checked_and_followed)
{
    char buf[2048], src[2200];
    snprintf(src, sizeof src, ".wave_ctl auto\n%s",
             with_wave(auto_body(), "subv 24", buf, sizeof buf));
    tprog_t t;
    tprog_opts_t o = { .lanes = 8 };
    tp_load(&t, src, &o);
    wq_ctx_t *ctx = t.ctx;
    /* run until warp 0 sits at the SUBV_AUTO (instruction 2) */
    for (int i = 0; i < 10000 && !(ctx->warp[0].state == WQ_WS_RUN && ctx->warp[0].pc == 2); i++)
        wq_tick(ctx);
    cr_assert_eq(ctx->warp[0].pc, 2u);
    /* illegal: not a mode, no such warp */
    cr_assert_eq(wq_set_wave_decision(ctx, 0, 2), -1);
    cr_assert_eq(wq_set_wave_decision(ctx, ctx->cfg.warps, 1), -1);
    /* a forced mode refuses the other one (the planted bug of the lockstep
     * benches: tb_sched --wave-lie) */
    cr_assert_eq(wq_csr_write(ctx, WQ_CSR_WAVE_CTL, WQ_CSRVAL_WAVE_MODE_NORMAL), 0);
    cr_assert_eq(wq_set_wave_decision(ctx, 0, 1), -1);
    cr_assert_eq(wq_csr_write(ctx, WQ_CSR_WAVE_CTL, WQ_CSRVAL_WAVE_MODE_SUBV), 0);
    cr_assert_eq(wq_set_wave_decision(ctx, 0, 0), -1);
    cr_assert_eq(ctx->warp[0].wave_given, 0u, "a refused decision is not kept");
    /* under AUTO either is legal, and the step follows it (sub-vector mode
     * here, where the model alone would take normal mode) */
    cr_assert_eq(wq_csr_write(ctx, WQ_CSR_WAVE_CTL, 3), 0);
    cr_assert_eq(wq_wave_default(ctx, 0), 0u);
    cr_assert_eq(wq_set_wave_decision(ctx, 0, 1), 0);
    cr_assert_eq(wq_step_warp(ctx, 0), WQ_STEP_DONE);
    cr_assert_eq(ctx->warp[0].subv_on, 1u);
    cr_assert_eq(ctx->warp[0].wave_taken, 1u);
    cr_assert_eq(ctx->warp[0].wave_given, 0u, "the decision is for one step");
    cr_assert_eq(wq_run(ctx, 1000000, 1, 0, &t.res), 0);
    for (uint32_t i = 0; i < 32; i++) cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), seg_expect(i));
    tp_free(&t);
}

Test(subv, auto_without_subv_launch_is_normal_and_refuses_subv)
{
    char buf[2048], src[2200];
    snprintf(src, sizeof src, ".wave_ctl subv\n%s",
             with_wave(auto_body(), "normal", buf, sizeof buf));
    static autotrace_t at;
    memset(&at, 0, sizeof at);
    tprog_t t;
    tprog_opts_t o = { .lanes = 8, .trace = auto_trace, .user = &at };
    tp_run(&t, src, &o);
    cr_assert_eq(t.rc, 0);
    cr_assert_eq(at.n, 1u);
    cr_assert_eq(at.a[0], 0u, "WAVE.SUBV = 0: normal mode even when WAVE_CTL forces SUBV");
    cr_assert_eq(wq_set_wave_decision(t.ctx, 0, 1), -1);
    cr_assert_eq(wq_set_wave_decision(t.ctx, 0, 0), 0);
    tp_free(&t);
}

Test(subv, auto_inside_a_region_traps_in_either_mode)
{
    const char *body = "main: subv_start\n subv_auto\n subv_end\n exit\n";
    const char *modes[] = { "normal", "subv" };
    char buf[1024], src[1200];
    for (int m = 0; m < 2; m++) {
        snprintf(src, sizeof src, ".wave_ctl %s\n%s", modes[m],
                 with_wave(body, "subv 24", buf, sizeof buf));
        tprog_t t;
        tprog_opts_t o = { .lanes = 8 };
        tp_run(&t, src, &o);
        cr_assert_eq(t.res.reason, WQ_RUN_TRAP, "mode %s", modes[m]);
        cr_assert_eq(t.ctx->warp[0].trap, (uint32_t)WQ_TRAP_SUBV_MISUSE, "mode %s", modes[m]);
        tp_free(&t);
    }
}
