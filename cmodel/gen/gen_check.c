/* gen_check.c -- run a generated program on the model and judge the result
 * against what the text itself says: its .expect lines and the trap named
 * in its header line ("trap=NAME").  `wq gen check` and the tests call this
 * for LANES 8, 16 and 32 and compare the memory hashes. */
#include <stdio.h>
#include <string.h>
#include "gen_int.h"
#include "wq/asm.h"
#include "wq/loader.h"

#define CHECK_TICKS 20000000u

unsigned wq_gen_expected_trap(const char *text)
{
    const char *nl = strchr(text, '\n');
    const char *t = strstr(text, "trap=");
    if (!t || (nl && t > nl)) return 0;
    t += 5;
    size_t n = strcspn(t, " \n");
    for (unsigned c = 1; c < 64; c++) {
        const char *nm = wq_trap_name(c);
        if (nm && strlen(nm) == n && !strncmp(nm, t, n)) return c;
    }
    return 0;
}

static uint64_t fnv(uint64_t h, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        h ^= (v >> (8 * i)) & 0xFF;
        h *= 0x100000001B3ull;
    }
    return h;
}

int wq_gen_run_prog(const char *text, unsigned lanes, wq_gen_result_t *r)
{
    memset(r, 0, sizeof *r);
    wq_program_t p;
    char aerr[200];
    if (wq_asm(text, strlen(text), "gen", &p, aerr, sizeof aerr)) {
        snprintf(r->msg, sizeof r->msg, "assembly: %s", aerr);
        return WQ_GEN_EASM;
    }
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.lanes = lanes;
    wq_ctx_t *ctx = wq_new(&cfg);
    if (!ctx) {
        wq_program_free(&p);
        snprintf(r->msg, sizeof r->msg, "bad machine configuration (lanes %u)", lanes);
        return WQ_GEN_EOPTS;
    }
    if (wq_load_and_submit(ctx, &p, 0, NULL)) {
        snprintf(r->msg, sizeof r->msg, "program overlaps the system area");
        wq_free(ctx);
        wq_program_free(&p);
        return WQ_GEN_EASM;
    }
    wq_run_result_t rr;
    wq_run(ctx, CHECK_TICKS, 1, 1, &rr);
    r->ticks = rr.ticks;
    r->trap_code = rr.reason == WQ_RUN_TRAP ? rr.code : 0;
    unsigned want = wq_gen_expected_trap(text);
    uint64_t h = 0xCBF29CE484222325ull;
    for (unsigned i = 0; i < p.nexpects; i++) {
        uint32_t v, want_v;
        int ok = wq_expect_eval(&p.expects[i], wq_mem_read32_fn, ctx->mem, &v, &want_v);
        h = fnv(fnv(h, p.expects[i].addr), v);
        if (ok != 1) {
            if (!r->bad_expects) {
                char d[160];
                wq_expect_describe(&p.expects[i], v, want_v, d, sizeof d);
                snprintf(r->msg, sizeof r->msg, "line %d: %s", p.expects[i].line, d);
            }
            r->bad_expects++;
        }
    }
    r->mem_hash = h;
    if (want) {
        if (r->trap_code != want)
            snprintf(r->msg, sizeof r->msg, "expected trap %s, run ended with reason %d code %u",
                     wq_trap_name(want), rr.reason, rr.code);
        else r->ok = 1;
    } else if (rr.reason != WQ_RUN_IDLE) {
        snprintf(r->msg, sizeof r->msg, "run ended with reason %d (%s) unit %u",
                 rr.reason, rr.reason == WQ_RUN_TRAP ? wq_trap_name(rr.code) :
                 rr.reason == WQ_RUN_CHAN_ERROR ? wq_cherr_name(rr.code) : "limit", rr.unit);
    } else {
        r->ok = r->bad_expects == 0;
    }
    wq_free(ctx);
    wq_program_free(&p);
    return WQ_GEN_OK;
}
