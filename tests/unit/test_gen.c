/* test_gen.c -- the seeded generators: replayable per seed, their tests hold
 * on the model at every LANES, the trap scenarios trap as named, and the
 * checks they carry do fail when the result is wrong. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/gen.h"
#include "wq/stream.h"

static char *prog(uint64_t seed, unsigned trap)
{
    wq_gen_opts_t o;
    wq_gen_opts_default(&o);
    o.trap = trap;
    char *t = NULL, err[256] = "";
    int rc = wq_gen_prog(seed, &o, &t, NULL, err, sizeof err);
    cr_assert_eq(rc, WQ_GEN_OK, "seed %llu: %s", (unsigned long long)seed, err);
    return t;
}

static char *stream(uint64_t seed, int bad)
{
    wq_gen_stream_opts_t o = { .bad = bad };
    char *t = NULL, err[256] = "";
    int rc = wq_gen_stream(seed, &o, &t, NULL, err, sizeof err);
    cr_assert_eq(rc, WQ_GEN_OK, "seed %llu: %s", (unsigned long long)seed, err);
    return t;
}

Test(gen, same_seed_same_text)
{
    for (uint64_t s = 1; s <= 4; s++) {
        char *a = prog(s, 0), *b = prog(s, 0), *c = prog(s + 100, 0);
        cr_assert_str_eq(a, b, "program seed %llu not replayable", (unsigned long long)s);
        cr_assert_str_neq(a, c);
        free(a); free(b); free(c);
        a = stream(s, 1); b = stream(s, 1); c = stream(s + 100, 1);
        cr_assert_str_eq(a, b, "stream seed %llu not replayable", (unsigned long long)s);
        cr_assert_str_neq(a, c);
        free(a); free(b); free(c);
    }
}

Test(gen, programs_agree_on_every_lane_count)
{
    static const unsigned lanes[3] = { 8, 16, 32 };
    for (uint64_t s = 11; s <= 16; s++) {
        char *t = prog(s, 0);
        uint64_t h = 0;
        for (unsigned i = 0; i < 3; i++) {
            wq_gen_result_t r;
            cr_assert_eq(wq_gen_run_prog(t, lanes[i], &r), WQ_GEN_OK);
            cr_assert(r.ok, "seed %llu lanes %u: %s", (unsigned long long)s, lanes[i], r.msg);
            cr_assert_eq(r.trap_code, 0u);
            if (i) cr_assert_eq(r.mem_hash, h, "seed %llu: memory differs", (unsigned long long)s);
            h = r.mem_hash;
        }
        free(t);
    }
}

Test(gen, trap_scenarios_trap_as_named)
{
    for (unsigned i = 1; i < WQ_GEN_NSCENARIOS; i++) {
        unsigned t = wq_gen_scenario_trap(i);
        char *text = prog(40 + t, t);
        cr_assert_eq(wq_gen_expected_trap(text), t);
        wq_gen_result_t r;
        cr_assert_eq(wq_gen_run_prog(text, 16, &r), WQ_GEN_OK);
        cr_assert(r.ok, "trap %u: %s", t, r.msg);
        cr_assert_eq(r.trap_code, t);
        free(text);
    }
}

Test(gen, a_wrong_result_fails_the_program_check)
{
    char *t = prog(3, 0);
    /* flip the value of the last .expect line */
    char *e = strrchr(t, ',');
    cr_assert_not_null(e);
    char *v = strstr(e, "0x");
    cr_assert_not_null(v);
    v[2] = v[2] == '1' ? '2' : '1';
    wq_gen_result_t r;
    cr_assert_eq(wq_gen_run_prog(t, 32, &r), WQ_GEN_OK);
    cr_assert(!r.ok);
    cr_assert_eq(r.bad_expects, 1u);
    free(t);
}

/* a program with locks carries one .expect_sum per lock and launch (the
 * lock invariant, timing-independent); a broken invariant fails the check */
/* make every invariant "counter = 2 x counter" (base = the counter, stride
 * 0, two words): false for every lock a thread entered; the number of
 * invariants rewritten goes to *nsum */
static char *break_sums(const char *t, unsigned *nsum)
{
    size_t cap = strlen(t) + 1, len = 0;
    char *m = malloc(cap);
    *nsum = 0;
    cr_assert_not_null(m);
    for (const char *l = t; *l;) {
        const char *nl = strchr(l, '\n');
        size_t ll = nl ? (size_t)(nl - l) + 1 : strlen(l);
        unsigned dst;
        if (sscanf(l, ".expect_sum 0x%x,", &dst) == 1) {
            int k = snprintf(m + len, cap - len, ".expect_sum 0x%x, 0x%x, 0, 2\n", dst, dst);
            cr_assert(k > 0 && (size_t)k <= ll);     /* never longer than the line */
            len += (size_t)k;
            (*nsum)++;
        } else {
            memcpy(m + len, l, ll);
            len += ll;
        }
        l += ll;
    }
    m[len] = 0;
    return m;
}

/* a program with locks carries one .expect_sum per lock and launch (the
 * lock invariant, timing-independent) that holds; a broken invariant of a
 * lock some thread entered fails the check (a lock on a path no thread
 * takes keeps its counter at 0, where the broken form holds too: the search
 * goes on to the next seed with a lock) */
Test(gen, lock_invariants_are_emitted_and_checked)
{
    unsigned locks = 0, caught = 0;
    for (uint64_t s = 1; s <= 80 && !caught; s++) {
        char *t = prog(s, 0);
        if (!strstr(t, "\n.expect_sum ")) { free(t); continue; }
        locks++;
        wq_gen_result_t r;
        cr_assert_eq(wq_gen_run_prog(t, 32, &r), WQ_GEN_OK);
        cr_assert(r.ok, "seed %llu: %s", (unsigned long long)s, r.msg);
        unsigned nsum;
        char *m = break_sums(t, &nsum);
        cr_assert_eq(wq_gen_run_prog(m, 32, &r), WQ_GEN_OK);
        if (!r.ok) {
            cr_assert(r.bad_expects >= 1 && r.bad_expects <= nsum, "%u of %u: %s",
                      r.bad_expects, nsum, r.msg);
            cr_assert(strstr(r.msg, "expected the sum"), "%s", r.msg);
            caught++;
        }
        free(m);
        free(t);
    }
    cr_assert(locks > 0, "no generated program with a lock in seeds 1..80");
    cr_assert(caught > 0, "no broken lock invariant caught in seeds 1..80");
}

Test(gen, streams_hold_and_every_error_code_appears)
{
    unsigned errs = 0;
    /* the first bad channel of seed s ends with error 1 + 3s mod 13 */
    for (uint64_t s = 1; s <= 13; s++) {
        wq_gen_stream_opts_t o = { .bad = 1 };
        wq_gen_info_t info;
        char *t = NULL, err[256] = "";
        cr_assert_eq(wq_gen_stream(s, &o, &t, &info, err, sizeof err), WQ_GEN_OK, "%s", err);
        errs |= info.chan_errs;
        wq_gen_result_t r;
        cr_assert_eq(wq_gen_run_stream(t, 8, &r), WQ_GEN_OK);
        cr_assert(r.ok, "seed %llu: %s", (unsigned long long)s, r.msg);
        free(t);
    }
    for (unsigned e = WQ_CHERR_BAD_GP_ENTRY; e <= WQ_CHERR_RESERVED_BITS; e++)
        cr_assert(errs >> e & 1, "error %s never generated", wq_cherr_name(e));
}

Test(gen, a_wrong_channel_outcome_fails_the_stream_check)
{
    char *t = stream(5, 0);
    char *ok = strstr(t, "expect_chan 0 ok");
    cr_assert_not_null(ok);
    /* claim channel 0 failed: the check must disagree */
    char *m = malloc(strlen(t) + 64);
    size_t pre = (size_t)(ok - t);
    memcpy(m, t, pre);
    strcpy(m + pre, "expect_chan 0 error BAD_SEC_OP 0x0");
    strcat(m, ok + strlen("expect_chan 0 ok"));
    wq_gen_result_t r;
    cr_assert_eq(wq_gen_run_stream(m, 32, &r), WQ_GEN_OK);
    cr_assert(!r.ok);
    free(m);
    free(t);
}

Test(gen, stream_reader_survives_any_text)
{
    static const char *bad[] = {
        "", "wqstream", "wqstream 2\n", "wqstream 1\nchannels 99\n",
        "wqstream 1\nmem\n", "wqstream 1\nmem 0x3 1\n", "wqstream 1\nasm 0x100\nnop\n",
        "wqstream 1\nchan 9 0 0 0 0 0\n", "wqstream 1\nexpect_chan 0 error NOPE 1\n",
        "wqstream 1\nput 0\n", "wqstream 1\nexpect 4 0x100000000\n", "wqstream 1\nfoo\n",
        "wqstream 1\nasm 0x100\n.launch\nendasm\n",
    };
    wq_config_t cfg;
    wq_config_default(&cfg);
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        wq_ctx_t *ctx = wq_new(&cfg);
        wq_stream_result_t r;
        cr_assert_eq(wq_stream_run(ctx, bad[i], 1000, &r), -1, "text %u accepted", i);
        cr_assert(r.msg[0], "text %u: no message", i);
        wq_free(ctx);
    }
    /* every prefix of a real stream: no crash */
    char *t = stream(2, 1);
    size_t n = strlen(t);
    for (size_t cut = 0; cut < n; cut += n / 97 + 1) {
        char *p = strndup(t, cut);
        wq_ctx_t *ctx = wq_new(&cfg);
        wq_stream_result_t r;
        (void)wq_stream_run(ctx, p, 100000, &r);
        wq_free(ctx);
        free(p);
    }
    free(t);
}

Test(gen, bad_options_are_refused)
{
    wq_gen_opts_t o;
    wq_gen_opts_default(&o);
    o.lanes = 12;
    char *t = NULL;
    cr_assert_eq(wq_gen_prog(1, &o, &t, NULL, NULL, 0), WQ_GEN_EOPTS);
    wq_gen_opts_default(&o);
    o.warps_min = 3; o.warps_max = 2;
    cr_assert_eq(wq_gen_prog(1, &o, &t, NULL, NULL, 0), WQ_GEN_EOPTS);
    wq_gen_stream_opts_t so = { .channels = 9 };
    cr_assert_eq(wq_gen_stream(1, &so, &t, NULL, NULL, 0), WQ_GEN_EOPTS);
    cr_assert_null(t);
    unsigned m;
    cr_assert_eq(wq_gen_parse_features("if,loop", &m), 0);
    cr_assert_eq(m, (unsigned)(WQ_GEN_F_IF | WQ_GEN_F_LOOP));
    cr_assert_eq(wq_gen_parse_features("if,nope", &m), -1);
}

/* the harness's half of wq_stream_run: the same image and CSR writes, the
 * same verdict from a state, and a clear refusal of a stream that needs more
 * channels than the machine has */
Test(gen, stream_prepare_and_check)
{
    char *t = stream(3, 1);
    wq_config_t cfg;
    wq_config_default(&cfg);
    wq_ctx_t *ctx = wq_new(&cfg);
    wq_mem_t *mem = wq_mem_new();
    wq_csr_op_t *ops = NULL;
    unsigned nops = 0;
    wq_stream_result_t r;
    cr_assert_eq(wq_stream_prepare(t, cfg.channels, mem, &ops, &nops, &r), 0, "%s", r.msg);
    cr_assert_gt(nops, 6u);
    for (unsigned i = 0; i < nops; i++) cr_assert_eq(wq_csr_write(ctx, ops[i].off, ops[i].val), 0);
    free(ops);
    /* the image: the model's memory gets it through wq_stream_prepare too */
    wq_csr_op_t *ops2 = NULL;
    unsigned n2 = 0;
    cr_assert_eq(wq_stream_prepare(t, cfg.channels, ctx->mem, &ops2, &n2, &r), 0);
    cr_assert_eq(n2, nops);
    free(ops2);
    wq_run_result_t rr;
    wq_run(ctx, 20000000u, 0, 1, &rr);
    wq_stream_state_t st;
    wq_stream_state_of(ctx, &st);
    cr_assert_eq(wq_stream_check(t, &st, &r), 0, "%s", r.msg);
    cr_assert_eq(r.failed, 0u, "%s", r.msg);
    cr_assert_gt(r.checks, 10u);
    /* a wrong channel state is caught */
    for (unsigned c = 0; c < st.channels; c++) st.ch[c].err = 0, st.ch[c].state = WQ_CH_IDLE;
    cr_assert_eq(wq_stream_check(t, &st, &r), 0);
    cr_assert_gt(r.failed, 0u, "a --bad stream passed with every channel clean");
    /* and a wrong memory word (the untouched image has no kernel results) */
    wq_stream_state_of(ctx, &st);
    st.mem = mem;
    cr_assert_eq(wq_stream_check(t, &st, &r), 0);
    cr_assert_gt(r.failed, 0u);
    /* too many channels for the machine */
    cr_assert_eq(wq_stream_prepare(t, 2, mem, &ops, &nops, &r), -1);
    cr_assert(strstr(r.msg, "needs 4 channels"), "%s", r.msg);
    cr_assert_null(ops);
    wq_mem_free(mem);
    wq_free(ctx);
    free(t);
}

/* --timing-free: no locks, no shared buffer, order-free atomics only
 * (CLOCK counts the warp's retired instructions: timing-free already) */
Test(gen, timing_free_programs)
{
    for (uint64_t s = 1; s <= 30; s++) {
        wq_gen_opts_t o;
        wq_gen_opts_default(&o);
        o.timing_free = 1;
        char *t = NULL, err[256] = "";
        cr_assert_eq(wq_gen_prog(s, &o, &t, NULL, err, sizeof err), WQ_GEN_OK, "%s", err);
        cr_assert(strstr(t, "timing-free"));
        cr_assert_null(strstr(t, "atom.cas"), "seed %llu: CAS (a lock or a returned old value)",
                       (unsigned long long)s);
        cr_assert_null(strstr(t, "atom.exch"), "seed %llu", (unsigned long long)s);
        free(t);
    }
}
