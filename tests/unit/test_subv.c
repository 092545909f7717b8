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
