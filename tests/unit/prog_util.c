/* prog_util.c -- see prog_util.h */
#include <criterion/criterion.h>
#include <string.h>
#include "prog_util.h"

void tp_load(tprog_t *t, const char *src, const tprog_opts_t *o)
{
    char err[512];
    memset(t, 0, sizeof *t);
    int rc = wq_asm(src, strlen(src), "test.wqs", &t->prog, err, sizeof err);
    cr_assert_eq(rc, 0, "assembly failed: %s", err);
    wq_config_t cfg;
    wq_config_default(&cfg);
    if (o && o->lanes) cfg.lanes = o->lanes;
    if (o && o->warps) cfg.warps = o->warps;
    if (o && o->regs) cfg.regs = o->regs;
    if (o && o->deque_log2) cfg.deque_log2 = o->deque_log2;
    if (o && o->watchdog) cfg.watchdog = o->watchdog;
    t->ctx = wq_new(&cfg);
    cr_assert_not_null(t->ctx);
    if (o && o->trace) wq_set_trace(t->ctx, o->trace, o->user);
    wq_load_opts_t lo = { .yield_off = o ? o->yield_off : 0 };
    cr_assert_eq(wq_load_and_submit(t->ctx, &t->prog, 0, &lo), 0);
}

void tp_run(tprog_t *t, const char *src, const tprog_opts_t *o)
{
    tp_load(t, src, o);
    t->rc = wq_run(t->ctx, o && o->max_ticks ? o->max_ticks : 10000000, 1,
                   o ? !o->no_recenter : 1, &t->res);
}

void tp_free(tprog_t *t)
{
    wq_free(t->ctx);
    wq_program_free(&t->prog);
    memset(t, 0, sizeof *t);
}

uint32_t tp_word(const tprog_t *t, uint32_t addr) { return wq_mem_read32(t->ctx->mem, addr); }

uint32_t tp_sym(const tprog_t *t, const char *name)
{
    uint32_t v = 0;
    cr_assert_eq(wq_program_sym(&t->prog, name, &v), 0, "no symbol %s", name);
    return v;
}

void tp_expects(const tprog_t *t)
{
    cr_assert_eq(t->rc, 0, "run did not complete: reason %d unit %u code %u (%s)",
                 t->res.reason, t->res.unit, t->res.code, wq_trap_name(t->res.code));
    for (unsigned i = 0; i < t->prog.nexpects; i++) {
        const wq_expect_t *e = &t->prog.expects[i];
        uint32_t v, want;
        char d[160];
        int ok = wq_expect_eval(e, wq_mem_read32_fn, t->ctx->mem, &v, &want);
        wq_expect_describe(e, v, want, d, sizeof d);
        cr_assert_eq(ok, 1, "line %d: %s", e->line, d);
    }
}

void tp_same_memory(const tprog_t *a, const tprog_t *b, uint32_t lo, uint32_t hi)
{
    for (uint32_t ad = lo; ad < hi; ad += 4)
        cr_assert_eq(tp_word(a, ad), tp_word(b, ad), "memory differs at 0x%08x", ad);
}
