/* test_diverge.c -- every divergence rule of DESIGN §6.3 with a small
 * program, checked on final memory and, where the rule is about masks or
 * tokens, on the trace. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "prog_util.h"

#define HDR ".launch main\n .cta 32\n .regs 32\n .yield every 1\n.end\n"

/* ---- trace capture --------------------------------------------------------- */
typedef struct {
    uint32_t retire_sel[4096];   /* sel of the RETIRE at each pc (last one) */
    unsigned merges, push_back, pops, discarded, div_pushes;
    uint32_t first_div_mask;
} cap_t;

static void capture(void *u, const wq_trace_rec_t *r)
{
    cap_t *c = u;
    switch (r->kind) {
    case WQ_EV_RETIRE: if (r->pc < 4096) c->retire_sel[r->pc] = r->mask; break;
    case WQ_EV_DQ_MERGE: c->merges++; break;
    case WQ_EV_DQ_PUSH_BACK: c->push_back++; break;
    case WQ_EV_DQ_POP: c->pops++; if (!r->mask) c->discarded++; break;
    case WQ_EV_DQ_PUSH_FRONT:
        if (wq_token_type(r->b) == WQ_TOK_DIV) {
            if (!c->div_pushes) c->first_div_mask = wq_token_mask(r->b);
            c->div_pushes++;
        }
        break;
    default: break;
    }
}

Test(diverge, if_else_reconverges_at_sync)
{
    static cap_t cap;
    memset(&cap, 0, sizeof cap);
    const char *src = HDR
        "main: s2r r0, tid\n and r1, r0, 3\n setp.eq p0, r1, 0\n"
        " ssy join\n @!p0 bra else\n mov r2, 100\n bra sync\n"
        "else: mov r2, 200\n"
        "sync: sync join\n"
        "join: shl r3, r0, 2\n st [r3+0x9000], r2\n exit\n";
    tprog_t t;
    tprog_opts_t o = { .trace = capture, .user = &cap };
    tp_run(&t, src, &o);
    tp_expects(&t);
    for (uint32_t i = 0; i < 32; i++)
        cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), i % 4 == 0 ? 100u : 200u, "tid %u", i);
    uint32_t join = tp_sym(&t, "join");
    cr_assert_eq(cap.retire_sel[join], 0xFFFFFFFFu, "all 32 threads together after SYNC");
    cr_assert_eq(cap.div_pushes, 1u);
    /* taken path (else: !p0 threads) runs first; the then-threads wait in DIV */
    cr_assert_eq(cap.first_div_mask, 0x11111111u);
    tp_free(&t);
}

static uint32_t nested_expect(uint32_t tid)
{
    uint32_t v = 0;
    if (tid & 1) { v += 1; if (tid & 2) { v += 10; if (tid & 4) v += 100; else v += 200; } }
    else { v += 1000; if (tid & 8) v += 5000; }
    return v;
}

Test(diverge, nested_if_else_three_levels)
{
    const char *src = HDR
        "main: s2r r0, tid\n mov r2, 0\n"
        " and r1, r0, 1\n setp.ne p0, r1, 0\n ssy j1\n @!p0 bra e1\n"
        "   add r2, r2, 1\n and r1, r0, 2\n setp.ne p1, r1, 0\n ssy j2\n @!p1 bra s2\n"
        "     add r2, r2, 10\n and r1, r0, 4\n setp.ne p2, r1, 0\n ssy j3\n @!p2 bra e3\n"
        "       add r2, r2, 100\n bra s3\n"
        "e3:    add r2, r2, 200\n"
        "s3:  sync j3\n"
        "j3:  nop\n"
        "s2:  sync j2\n"
        "j2:  bra s1\n"
        "e1:  add r2, r2, 1000\n and r1, r0, 8\n setp.ne p3, r1, 0\n @p3 add r2, r2, 5000\n"
        "s1: sync j1\n"
        "j1: shl r3, r0, 2\n st [r3+0x9000], r2\n exit\n";
    tprog_t t;
    tp_run(&t, src, NULL);
    tp_expects(&t);
    for (uint32_t i = 0; i < 32; i++)
        cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), nested_expect(i), "tid %u", i);
    tp_free(&t);
}

/* for (i = 0; i < tid + 3; i++) { if (i & 1) continue; if (i == 12) break; s += i; } */
static uint32_t loop_expect(uint32_t tid)
{
    uint32_t s = 0;
    for (uint32_t i = 0; i < tid + 3; i++) {
        if (i & 1) continue;
        if (i == 12) break;
        s += i;
    }
    return s;
}

static const char loop_src[] = HDR
    "main: s2r r0, tid\n mov r1, 0\n mov r2, 0\n add r5, r0, 3\n"
    " pbrk exit\n"
    "head: setp.ge p0, r1, r5\n @p0 brk exit\n"          /* loop condition */
    " pcont cont\n"
    " and r3, r1, 1\n setp.ne p1, r3, 0\n @p1 cont cont\n"   /* continue */
    " setp.eq p2, r1, 12\n @p2 brk exit\n"                    /* break */
    " add r2, r2, r1\n"
    " cont cont\n"
    "cont: add r1, r1, 1\n yield\n bra head\n"
    "exit: shl r4, r0, 2\n st [r4+0x9000], r2\n exit\n";

Test(diverge, loop_with_break_and_continue)
{
    tprog_t t;
    tp_run(&t, loop_src, NULL);
    tp_expects(&t);
    for (uint32_t i = 0; i < 32; i++)
        cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), loop_expect(i), "tid %u", i);
    tp_free(&t);
}

Test(diverge, loop_results_do_not_depend_on_yield_or_lanes)
{
    unsigned lanes[] = { 8, 16, 32 };
    for (int y = 0; y < 2; y++)
        for (int k = 0; k < 3; k++) {
            tprog_t t;
            tprog_opts_t o = { .lanes = lanes[k], .yield_off = y };
            tp_run(&t, loop_src, &o);
            cr_assert_eq(t.rc, 0);
            for (uint32_t i = 0; i < 32; i++)
                cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), loop_expect(i),
                             "tid %u lanes %u yield_off %d", i, lanes[k], y);
            tp_free(&t);
        }
}

Test(diverge, sync_without_token_branches_to_its_target)
{
    const char *src = HDR
        "main: s2r r0, tid\n mov r2, 1\n"
        " sync skip\n"               /* no SYNC token anywhere: all branch */
        " mov r2, 2\n"
        "skip: shl r3, r0, 2\n st [r3+0x9000], r2\n exit\n";
    tprog_t t;
    tp_run(&t, src, NULL);
    tp_expects(&t);
    for (uint32_t i = 0; i < 32; i++) cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), 1u);
    tp_free(&t);
}

Test(diverge, sync_partial_token_parks_members_and_branches_the_rest)
{
    /* only even threads are in the SYNC token; at SYNC they park, odd ones
     * branch to the target, and everyone meets there */
    static cap_t cap;
    memset(&cap, 0, sizeof cap);
    const char *src = HDR
        "main: s2r r0, tid\n and r1, r0, 1\n setp.eq p0, r1, 0\n"
        " @p0 ssy join\n"
        " mov r2, 7\n"
        " sync join\n"
        " mov r2, 9\n"               /* nobody runs this */
        "join: shl r3, r0, 2\n st [r3+0x9000], r2\n exit\n";
    tprog_t t;
    tprog_opts_t o = { .trace = capture, .user = &cap };
    tp_run(&t, src, &o);
    tp_expects(&t);
    for (uint32_t i = 0; i < 32; i++) cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), 7u);
    cr_assert_eq(cap.retire_sel[tp_sym(&t, "join")], 0x55555555u,
                 "the woken even threads run join last");
    tp_free(&t);
}

Test(diverge, divergent_call_ret_and_nested_calls)
{
    /* f(x) = g(x) + 1 for odd tids only; g(x) = 2x.  f saves the link. */
    const char *src = HDR
        "main: s2r r0, tid\n mov r2, 0\n and r1, r0, 1\n setp.ne p0, r1, 0\n"
        " @p0 call r31, f\n"
        " shl r3, r0, 2\n st [r3+0x9000], r2\n exit\n"
        "f: mov r20, r31\n call r31, g\n mov r31, r20\n add r2, r2, 1\n ret r31\n"
        "g: shl r2, r0, 1\n ret r31\n";
    tprog_t t;
    tp_run(&t, src, NULL);
    tp_expects(&t);
    for (uint32_t i = 0; i < 32; i++)
        cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), (i & 1) ? 2 * i + 1 : 0u, "tid %u", i);
    tp_free(&t);
}

Test(diverge, ret_without_call_token_branches_through_link)
{
    const char *src = HDR
        "main: s2r r0, tid\n mov r31, there\n ret r31\n"
        " mov r2, 5\n"
        "there: mov r2, 6\n shl r3, r0, 2\n st [r3+0x9000], r2\n exit\n";
    tprog_t t;
    tp_run(&t, src, NULL);
    tp_expects(&t);
    for (uint32_t i = 0; i < 32; i++) cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), 6u);
    tp_free(&t);
}

Test(diverge, brx_and_jmx_split_by_target_lowest_lane_first)
{
    static cap_t cap;
    memset(&cap, 0, sizeof cap);
    const char *src = HDR
        "main: s2r r0, tid\n"
        " mov r1, 3\n"
        " and r2, r0, 3\n"            /* 0..3 */
        " setp.eq p0, r2, 3\n"
        " @p0 mov r2, 0\n"            /* lanes with 3 join group 0 */
        " mul r2, r2, 2\n"            /* entry k sits 2 instructions apart */
        " ssy join\n"
        " jmx r4\n"                   /* patched below: r4 = table + r2 */
        "table: mov r5, 10\n bra s\n mov r5, 11\n bra s\n mov r5, 12\n bra s\n"
        "s: sync join\n"
        "join: shl r3, r0, 2\n st [r3+0x9000], r5\n exit\n";
    /* build r4 = table + r2 before the jmx: insert an add */
    const char *fixed = strstr(src, " jmx r4\n");
    char buf[2048];
    size_t pre = (size_t)(fixed - src);
    memcpy(buf, src, pre);
    strcpy(buf + pre, " add r4, r2, table\n");
    strcat(buf, fixed);
    tprog_t t;
    tprog_opts_t o = { .trace = capture, .user = &cap };
    tp_run(&t, buf, &o);
    tp_expects(&t);
    for (uint32_t i = 0; i < 32; i++) {
        uint32_t k = (i & 3) == 3 ? 0 : (i & 3);
        cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), 10 + k, "tid %u", i);
    }
    cr_assert_eq(cap.div_pushes, 2u, "three targets: one continues, two DIV tokens");
    cr_assert_eq(cap.first_div_mask, 0x22222222u, "groups pushed in lowest-lane order");
    cr_assert_eq(cap.retire_sel[tp_sym(&t, "table")], 0x99999999u,
                 "lane 0's group runs first");
    tp_free(&t);
}

Test(diverge, predicated_exit_and_warp_completion)
{
    const char *src = HDR
        "main: s2r r0, tid\n setp.ge p0, r0, 20\n @p0 exit\n"
        " shl r3, r0, 2\n mov r2, 1\n st [r3+0x9000], r2\n exit\n";
    tprog_t t;
    tp_run(&t, src, NULL);
    tp_expects(&t);
    for (uint32_t i = 0; i < 32; i++) cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), i < 20 ? 1u : 0u);
    cr_assert_eq(t.ctx->warp[0].state, (uint32_t)WQ_WS_FREE);
    tp_free(&t);
}

Test(diverge, yield_merges_groups_at_the_same_address)
{
    static cap_t cap;
    memset(&cap, 0, sizeof cap);
    const char *src = HDR
        "main: s2r r0, tid\n and r1, r0, 1\n setp.eq p0, r1, 0\n"
        " ssy join\n @p0 bra here\n nop\n"
        "here: yield\n"
        " sync join\n"
        "join: shl r3, r0, 2\n mov r2, 3\n st [r3+0x9000], r2\n exit\n";
    tprog_t t;
    tprog_opts_t o = { .trace = capture, .user = &cap };
    tp_run(&t, src, &o);
    tp_expects(&t);
    for (uint32_t i = 0; i < 32; i++) cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), 3u);
    cr_assert_eq(cap.push_back, 1u, "first group pushes a YIELD token to the back");
    cr_assert_eq(cap.merges, 1u, "second group merges into it");
    cr_assert_eq(cap.retire_sel[tp_sym(&t, "join")], 0xFFFFFFFFu,
                 "merged yield token brings all threads back together");
    cr_assert(cap.discarded >= 1, "the SYNC token woke nobody and was discarded");
    tp_free(&t);
}

/* ---- yield policies ---------------------------------------------------- */
static const char *yield_loop(const char *policy, char *buf, size_t n)
{
    snprintf(buf, n,
             ".launch main\n .cta 32\n .regs 8\n .yield %s\n.end\n"
             "main: mov r1, 0\n"
             "loop: yield\n add r1, r1, 1\n setp.lt p0, r1, 100\n @p0 bra loop\n exit\n",
             policy);
    return buf;
}

Test(yield_policy, every_n_yields_on_each_nth_execution)
{
    char buf[512];
    unsigned ns[] = { 1, 3, 7, 100 };
    for (int k = 0; k < 4; k++) {
        char pol[32];
        snprintf(pol, sizeof pol, "every %u", ns[k]);
        tprog_t t;
        tp_run(&t, yield_loop(pol, buf, sizeof buf), NULL);
        cr_assert_eq(t.rc, 0);
        cr_assert_eq(t.ctx->st.yields, 100u / ns[k], "every %u", ns[k]);
        tp_free(&t);
    }
    tprog_t t;
    tp_run(&t, yield_loop("off", buf, sizeof buf), NULL);
    cr_assert_eq(t.ctx->st.yields, 0u);
    tp_free(&t);
}

Test(yield_policy, lfsr_draws_follow_the_polynomial)
{
    char buf[512];
    unsigned thr[] = { 0, 40, 128, 255 };
    for (int k = 0; k < 4; k++) {
        char pol[48];
        snprintf(pol, sizeof pol, "lfsr %u 0x1234", thr[k]);
        /* independent LFSR: x^16 + x^14 + x^13 + x^11 + 1, Galois, shift right */
        uint32_t s = 0x1234, expect = 0;
        for (int i = 0; i < 100; i++) {
            uint32_t lsb = s & 1;
            s >>= 1;
            if (lsb) s ^= (1u << 15) | (1u << 13) | (1u << 12) | (1u << 10);
            if ((s & 0xFF) < thr[k]) expect++;
        }
        tprog_t t;
        tp_run(&t, yield_loop(pol, buf, sizeof buf), NULL);
        cr_assert_eq(t.rc, 0);
        cr_assert_eq(t.ctx->st.yields, expect, "threshold %u", thr[k]);
        cr_assert_eq(t.ctx->warp[0].lfsr, s, "LFSR state after 100 draws");
        tp_free(&t);
    }
}

/* ---- deque bounds ------------------------------------------------------- */
static const char nest_src[] =
    ".launch main\n .cta 32\n .regs 8\n .deque 2\n.end\n"   /* 4 entries */
    "main: s2r r0, tid\n mov r2, 0\n"
    " ssy a\n ssy b\n ssy c\n add r2, r2, 1\n sync c\nc: sync b\nb: sync a\n"
    "a: shl r3, r0, 2\n st [r3+0x9000], r2\n exit\n";

Test(deque_trap, front_bound_traps_and_recentering_resumes)
{
    tprog_t t;
    tprog_opts_t o = { .no_recenter = 1 };
    tp_run(&t, nest_src, &o);
    cr_assert_eq(t.res.reason, WQ_RUN_TRAP);
    cr_assert_eq(t.res.code, (uint32_t)WQ_TRAP_DEQUE_FRONT_BOUND);
    wq_warp_t *w = &t.ctx->warp[0];
    cr_assert_eq(w->pc, 4u, "the third SSY did not retire");
    cr_assert_eq(wq_deque_count(&w->dq), 2u);
    /* what the driver does: re-center, resume, keep running */
    cr_assert_eq(wq_deque_recenter(&w->dq, 1, 1), 0);
    cr_assert_eq(wq_warp_resume(t.ctx, 0), 0);
    wq_run_result_t r;
    cr_assert_eq(wq_run(t.ctx, 100000, 1, 0, &r), 0);
    for (uint32_t i = 0; i < 32; i++) cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), 1u);
    tp_free(&t);
}

Test(deque_trap, truly_full_deque_is_a_reported_error)
{
    const char *src =
        ".launch main\n .cta 32\n .regs 8\n .deque 2\n.end\n"
        "main: ssy a\n ssy a\n ssy a\n ssy a\n ssy a\na: exit\n";
    tprog_t t;
    tp_run(&t, src, NULL);
    cr_assert_eq(t.res.reason, WQ_RUN_TRAP);
    cr_assert_eq(t.res.code, (uint32_t)WQ_TRAP_DEQUE_FULL);
    cr_assert_eq(t.ctx->warp[0].pc, 4u);
    cr_assert_eq(wq_deque_count(&t.ctx->warp[0].dq), 4u, "nothing lost");
    tp_free(&t);
}

Test(deque_trap, orphaned_threads_are_reported_not_hung)
{
    /* step by hand: after the divergent branch, the driver wipes the deque
     * (as a broken re-centering would); when the running path ends, the
     * parked threads have no token left */
    const char *src = HDR
        "main: s2r r0, tid\n and r1, r0, 1\n setp.eq p0, r1, 0\n"
        " @p0 bra x\n exit\nx: exit\n";
    tprog_t t;
    tp_load(&t, src, NULL);
    wq_ctx_t *ctx = t.ctx;
    for (int i = 0; i < 10 && ctx->warp[0].state != WQ_WS_RUN; i++) {
        wq_step_channel(ctx, 0);
        wq_step_dispatch(ctx);
    }
    cr_assert_eq(ctx->warp[0].state, (uint32_t)WQ_WS_RUN);
    for (int i = 0; i < 4; i++) cr_assert_eq(wq_step_warp(ctx, 0), WQ_STEP_DONE);
    wq_warp_t *w = &ctx->warp[0];
    cr_assert_eq(w->active, 0x55555555u);
    cr_assert_eq(wq_deque_count(&w->dq), 1u);
    w->dq.head = w->dq.tail;                       /* the wipe */
    cr_assert_eq(wq_step_warp(ctx, 0), WQ_STEP_TRAP);
    cr_assert_eq(w->trap, (uint32_t)WQ_TRAP_ORPHANED);
    cr_assert_eq(ctx->trap_code, (uint32_t)WQ_TRAP_ORPHANED);
    tp_free(&t);
}

/* ---- CTA barrier --------------------------------------------------------- */
Test(diverge, cta_barrier_orders_warps)
{
    /* warp 0 stores late (after a delay loop); warp 1 reads after BAR */
    const char *src =
        ".launch main\n .cta 64\n .regs 8\n.end\n"
        "main: s2r r0, warpid\n setp.ne p0, r0, 0\n @p0 bra wait\n"
        " mov r1, 0\n"
        "spin: add r1, r1, 1\n setp.lt p1, r1, 200\n @p1 bra spin\n"
        " mov r2, 0x77\n mov r3, 0x9000\n st [r3], r2\n"
        "wait: bar\n"
        " mov r3, 0x9000\n ld r4, [r3]\n s2r r5, tid\n shl r5, r5, 2\n st [r5+0xA000], r4\n exit\n";
    tprog_t t;
    tp_run(&t, src, NULL);
    tp_expects(&t);
    for (uint32_t i = 0; i < 64; i++) cr_assert_eq(tp_word(&t, 0xA000 + 4 * i), 0x77u, "tid %u", i);
    tp_free(&t);
}

Test(diverge, wake_is_keyed_on_type_and_address)
{
    /* an inner region's token is left behind (its SYNC never runs); the
     * threads wait for the outer one.  Popping the inner token must not
     * pull them back to the inner address: it is discarded. */
    static cap_t cap;
    memset(&cap, 0, sizeof cap);
    const char *src = HDR
        "main: s2r r0, tid\n mov r2, 1\n"
        " ssy outer\n ssy inner\n"
        " sync outer\n"
        "inner: mov r2, 99\n"
        "outer: shl r3, r0, 2\n st [r3+0x9000], r2\n exit\n";
    tprog_t t;
    tprog_opts_t o = { .trace = capture, .user = &cap };
    tp_run(&t, src, &o);
    tp_expects(&t);
    for (uint32_t i = 0; i < 32; i++) cr_assert_eq(tp_word(&t, 0x9000 + 4 * i), 1u);
    cr_assert_eq(cap.discarded, 1u, "the inner token woke nobody");
    tp_free(&t);
}
