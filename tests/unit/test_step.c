/* test_step.c -- the step API a lockstep checker drives, and warp traps
 * that stop only the offending warp. */
#include <criterion/criterion.h>
#include <string.h>
#include "prog_util.h"

/* race-free: every thread writes its own words; divergence and a loop */
static const char work_src[] =
    ".launch main\n .grid 4\n .cta 64\n .regs 16\n .yield every 2\n.end\n"
    "main: s2r r0, tid\n s2r r1, ctaid.x\n shl r2, r1, 6\n add r2, r2, r0\n" /* r2 = global id */
    " mov r3, 0\n mov r4, 0\n"
    " pbrk done\n"
    "head: pcont next\n"
    " and r5, r4, 3\n setp.eq p0, r5, 1\n @p0 cont next\n"
    " add r3, r3, r4\n"
    " cont next\n"
    "next: add r4, r4, 1\n and r6, r2, 7\n add r6, r6, 3\n setp.ge p1, r4, r6\n"
    " @p1 brk done\n yield\n bra head\n"
    "done: shl r7, r2, 2\n st [r7+0x9000], r3\n exit\n";

static uint32_t work_expect(uint32_t gid)
{
    uint32_t s = 0, n = (gid & 7) + 3;
    for (uint32_t i = 0; i < n; i++) if ((i & 3) != 1) s += i;
    return s;
}

typedef struct { uint64_t retires, regw; } count_t;
static void count(void *u, const wq_trace_rec_t *r)
{
    count_t *c = u;
    if (r->kind == WQ_EV_RETIRE) c->retires++;
    if (r->kind == WQ_EV_REG_WRITE) c->regw++;
}

Test(step, random_event_order_gives_the_same_memory)
{
    tprog_t ref;
    tp_run(&ref, work_src, NULL);
    cr_assert_eq(ref.rc, 0);
    for (uint32_t g = 0; g < 256; g++)
        cr_assert_eq(tp_word(&ref, 0x9000 + 4 * g), work_expect(g), "gid %u", g);

    for (uint64_t seed = 1; seed <= 20; seed++) {
        uint64_t s = seed * 0x9E3779B97F4A7C15ull;
        static count_t c;
        memset(&c, 0, sizeof c);
        tprog_t t;
        tprog_opts_t o = { .trace = count, .user = &c };
        tp_load(&t, work_src, &o);
        wq_ctx_t *ctx = t.ctx;
        const wq_config_t cfg = ctx->cfg;
        unsigned guard = 0;
        while ((wq_host_busy(ctx) || !wq_engine_idle(ctx)) && guard++ < 2000000) {
            s ^= s << 13; s ^= s >> 7; s ^= s << 17;
            unsigned pick = (unsigned)(s % (cfg.warps + 2));
            if (pick == cfg.warps) wq_step_channel(ctx, 0);
            else if (pick == cfg.warps + 1) wq_step_dispatch(ctx);
            else wq_step_warp(ctx, pick);
        }
        cr_assert(guard < 2000000, "stepping finished");
        for (uint32_t g = 0; g < 256; g++)
            cr_assert_eq(wq_mem_read32(ctx->mem, 0x9000 + 4 * g), work_expect(g),
                         "seed %llu gid %u", (unsigned long long)seed, g);
        cr_assert_eq(c.retires, ctx->st.warp_instrs, "one RETIRE record per instruction");
        cr_assert(c.regw > 0);
        cr_assert_eq(ctx->ch[0].gp_get, 1u);
        tp_free(&t);
    }
    tp_free(&ref);
}

Test(step, a_trapping_warp_stops_alone)
{
    /* CTA 0 loads from a misaligned address; CTA 1 does its work */
    const char *src =
        ".launch main\n .grid 2\n .cta 32\n .regs 8\n.end\n"
        "main: s2r r0, tid\n s2r r1, ctaid.x\n mov r5, 0x1234\n"
        " setp.eq p0, r1, 0\n @p0 add r6, r0, 0x9001\n @p0 ld r2, [r6]\n"
        " shl r3, r0, 2\n add r4, r0, 1\n st [r3+0xA000], r4\n exit\n";
    tprog_t t;
    tp_load(&t, src, NULL);
    wq_ctx_t *ctx = t.ctx;
    const wq_config_t cfg = ctx->cfg;
    wq_run_result_t r;
    /* keep going past the trap: the rest of the machine must finish */
    wq_run(ctx, 100000, 0, 1, &r);
    cr_assert_eq(r.reason, WQ_RUN_IDLE);
    unsigned trapped = 0;
    for (unsigned s = 0; s < cfg.warps; s++) {
        wq_warp_t *w = &ctx->warp[s];
        if (w->state != WQ_WS_TRAP) continue;
        trapped++;
        cr_assert_eq(w->trap, (uint32_t)WQ_TRAP_MISALIGNED);
        cr_assert_eq(w->pc, 5u, "stopped at the load, which did not retire");
        cr_assert_eq(w->reg[5][0], 0x1234u, "its registers are kept for the driver");
        cr_assert_eq(w->reg[2][0], 0u, "the load wrote nothing");
        uint32_t v;
        cr_assert_eq(wq_csr_read(ctx, WQ_CSR_TRAP_CODE, &v), 0);
        cr_assert_eq(v, (uint32_t)WQ_TRAP_MISALIGNED);
        cr_assert_eq(wq_csr_read(ctx, WQ_CSR_TRAP_PC, &v), 0);
        cr_assert_eq(v, 5u);
        cr_assert_eq(wq_csr_read(ctx, WQ_CSR_TRAP_WARP, &v), 0);
        cr_assert_eq(v, s);
        cr_assert(ctx->irq_status & (1u << WQ_IRQ_WARP_TRAP));
        /* the debug window shows the stopped warp */
        cr_assert_eq(wq_csr_write(ctx, WQ_CSR_DBG_WARP, s), 0);
        cr_assert_eq(wq_csr_read(ctx, WQ_CSR_DBG_PC, &v), 0);
        cr_assert_eq(v, 5u);
        cr_assert_eq(wq_csr_read(ctx, WQ_CSR_DBG_ACTIVE, &v), 0);
        cr_assert_eq(v, 0xFFFFFFFFu);
        cr_assert_eq(wq_csr_read(ctx, WQ_CSR_DBG_STATE, &v), 0);
        cr_assert_eq(WQ_BITS(v, WQ_CSRF_DBG_STATE_STATE_HI, WQ_CSRF_DBG_STATE_STATE_LO),
                     (uint64_t)WQ_WS_TRAP);
        cr_assert_eq(WQ_BITS(v, WQ_CSRF_DBG_STATE_TRAP_HI, WQ_CSRF_DBG_STATE_TRAP_LO),
                     (uint64_t)WQ_TRAP_MISALIGNED);
        /* the driver frees the slot */
        cr_assert_eq(wq_warp_kill(ctx, s), 0);
        cr_assert_eq(w->state, (uint32_t)WQ_WS_FREE);
    }
    cr_assert_eq(trapped, 1u);
    for (uint32_t i = 0; i < 32; i++) {
        cr_assert_eq(wq_mem_read32(ctx->mem, 0xA000 + 4 * i), i + 1, "CTA 1 finished");
    }
    cr_assert_eq(ctx->ch[0].state, (uint32_t)WQ_CH_IDLE, "the WFI completed");
    tp_free(&t);
}
