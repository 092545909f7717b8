/* cli_run.c -- `wq run FILE.wqs`: assemble, load, launch on channel 0, run
 * the model to completion, print the final state, memory regions and checks.
 * Exit 0 when the run went idle and every .expect holds; 1 on a trap, a
 * channel error, a failed check or the tick limit; 2 on usage or syntax. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "wq/asm.h"
#include "wq/loader.h"
#include "wq/stream.h"
#include "wq/timeline.h"

typedef struct run_opts {
    const char *file;
    const char *timeline;       /* --timeline F.json */
    int yield_off, trace;
    unsigned lanes, warps, regs;   /* regs 0: the default */
    unsigned fp;                   /* --fp 1: the machine has an FPU */
    uint64_t max_ticks, watchdog;
    int watchdog_set;
} run_opts_t;

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    if (!s || !*s) return -1;
    unsigned long long v = strtoull(s, &end, 0);
    if (*end) return -1;
    *out = v;
    return 0;
}

const char *wq_cli_optval(int argc, char **argv, int *i, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n)) return NULL;
    if (argv[*i][n] == '=') return argv[*i] + n + 1;
    if (argv[*i][n] == 0 && *i + 1 < argc) return argv[++*i];
    return NULL;
}

static int parse(int argc, char **argv, run_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->lanes = 32; o->warps = 8; o->max_ticks = 50000000;
    for (int i = 1; i < argc; i++) {
        const char *v;
        uint64_t n;
        if (!strcmp(argv[i], "--yield=off")) o->yield_off = 1;
        else if (!strcmp(argv[i], "--yield=on")) o->yield_off = 0;
        else if (!strcmp(argv[i], "--trace")) o->trace = 1;
        else if ((v = wq_cli_optval(argc, argv, &i, "--timeline"))) o->timeline = v;
        else if ((v = wq_cli_optval(argc, argv, &i, "--lanes"))) {
            if (parse_u64(v, &n)) return wq_cli_error("run", "bad --lanes '%s'", v);
            o->lanes = (unsigned)n;
        } else if ((v = wq_cli_optval(argc, argv, &i, "--warps"))) {
            if (parse_u64(v, &n)) return wq_cli_error("run", "bad --warps '%s'", v);
            o->warps = (unsigned)n;
        } else if ((v = wq_cli_optval(argc, argv, &i, "--regs"))) {
            if (parse_u64(v, &n) || n == 0 || n > 32)
                return wq_cli_error("run", "bad --regs '%s'", v);
            o->regs = (unsigned)n;
        } else if ((v = wq_cli_optval(argc, argv, &i, "--fp"))) {
            if (parse_u64(v, &n) || n > 1)
                return wq_cli_error("run", "bad --fp '%s' (0 or 1)", v);
            o->fp = (unsigned)n;
        } else if ((v = wq_cli_optval(argc, argv, &i, "--max-ticks"))) {
            if (parse_u64(v, &o->max_ticks)) return wq_cli_error("run", "bad --max-ticks '%s'", v);
        } else if ((v = wq_cli_optval(argc, argv, &i, "--watchdog"))) {
            if (parse_u64(v, &o->watchdog)) return wq_cli_error("run", "bad --watchdog '%s'", v);
            o->watchdog_set = 1;
        } else if (argv[i][0] == '-')
            return wq_cli_error("run", "unknown option or missing value '%s'", argv[i]);
        else if (!o->file) o->file = argv[i];
        else return wq_cli_error("run", "one input file only ('%s' and '%s')", o->file, argv[i]);
    }
    return o->file ? 0 : wq_cli_error("run", "no input file");
}

/* what watches the run's trace records: --trace lines, --timeline events */
typedef struct run_watch {
    const wq_ctx_t *ctx;
    int             print;
    wq_timeline_t  *tl;
} run_watch_t;

static void on_trace(void *user, const wq_trace_rec_t *r)
{
    run_watch_t *w = user;
    if (w->print) {
        char buf[512];
        wq_trace_format(r, buf, sizeof buf);
        printf("  %s\n", buf);
    }
    if (w->tl) wq_timeline_record(w->tl, w->ctx->st.ticks, r);
}

/* start watching: 0, or 2 when the timeline file cannot be created */
static int watch_start(run_watch_t *w, wq_ctx_t *ctx, const run_opts_t *o,
                       const wq_config_t *cfg)
{
    memset(w, 0, sizeof *w);
    w->ctx = ctx;
    w->print = o->trace;
    if (o->timeline &&
        !(w->tl = wq_timeline_open(o->timeline, "ticks", cfg->channels, cfg->warps))) {
        fprintf(stderr, "%s: cannot create: %s\n", o->timeline, strerror(errno));
        return 2;
    }
    if (w->print || w->tl) wq_set_trace(ctx, on_trace, w);
    return 0;
}

/* close the timeline at the run's end; 1 on a write error */
static int watch_end(run_watch_t *w)
{
    if (!w->tl) return 0;
    wq_timeline_counts_t n;
    int rc = wq_timeline_close(w->tl, w->ctx->st.ticks, &n);
    w->tl = NULL;
    if (rc) {
        fprintf(stderr, "wq run: timeline: write error\n");
        return 1;
    }
    printf("timeline: %" PRIu64 " events, %" PRIu64 " instructions, %" PRIu64 " methods\n",
           n.events, n.instructions, n.methods);
    return 0;
}

static void print_summary(const wq_ctx_t *ctx, const wq_program_t *p, const run_opts_t *o)
{
    const wq_stats_t *s = &ctx->st;
    printf("program: %s (%u instructions at 0x%08x, %u launch%s)\n", p->file, p->ninsn,
           p->code_base, p->nlaunch, p->nlaunch == 1 ? "" : "es");
    for (unsigned i = 0; i < p->nlaunch; i++) {
        const uint32_t *w = p->launch[i].w;
        printf("  launch %-10s grid %ux%ux%u cta %ux%ux%u regs %u yield %s\n",
               p->launch[i].name ? p->launch[i].name : "?", w[WQ_LD_GRID_X], w[WQ_LD_GRID_Y],
               w[WQ_LD_GRID_Z], w[WQ_LD_CTA_X], w[WQ_LD_CTA_Y], w[WQ_LD_CTA_Z],
               w[WQ_LD_NREGS], o->yield_off ? "off (forced)" : "as in file");
    }
    printf("machine: %u warp slots, %u lanes, deque %u entries per warp\n",
           ctx->cfg.warps, ctx->cfg.lanes, 1u << ctx->cfg.deque_log2);
    printf("ticks: %" PRIu64 "\n", s->ticks);
    printf("ctas: %" PRIu64 "  warp instructions: %" PRIu64 "  thread instructions: %" PRIu64
           "  lane passes: %" PRIu64 "\n", s->ctas, s->warp_instrs, s->thread_instrs,
           s->lane_passes);
    printf("deque: pushes %" PRIu64 "  pops %" PRIu64 "  yield merges %" PRIu64
           "  yields %" PRIu64 "\n", s->deque_pushes, s->deque_pops, s->merges, s->yields);
    for (unsigned c = 0; c < ctx->cfg.channels; c++) {
        const wq_channel_t *ch = &ctx->ch[c];
        if (ch->state == WQ_CH_DISABLED && !ch->err) continue;
        printf("channel %u: %s GP_GET=%u GP_PUT=%u methods=%" PRIu64 "%s%s\n", c,
               wq_chstate_name(ch->state), ch->gp_get, ch->gp_put, ch->methods,
               ch->err ? " error=" : "", ch->err ? wq_cherr_name(ch->err) : "");
    }
}

static void print_dumps(const wq_ctx_t *ctx, const wq_program_t *p)
{
    for (unsigned i = 0; i < p->ndumps; i++) {
        const wq_dump_t *d = &p->dumps[i];
        printf("memory %s @0x%08x (%u words):", d->name ? d->name : "", d->addr, d->words);
        for (uint32_t k = 0; k < d->words; k++) {
            if (k % 8 == 0) printf("\n  %08x:", d->addr + 4 * k);
            printf(" %08x", wq_mem_read32(ctx->mem, d->addr + 4 * k));
        }
        printf("\n");
    }
}

static int check_expects(const wq_ctx_t *ctx, const wq_program_t *p)
{
    unsigned bad = 0;
    for (unsigned i = 0; i < p->nexpects; i++) {
        const wq_expect_t *e = &p->expects[i];
        uint32_t v, want;
        if (wq_expect_eval(e, wq_mem_read32_fn, ctx->mem, &v, &want) != 1) {
            char d[160];
            wq_expect_describe(e, v, want, d, sizeof d);
            printf("%s:%d: expect failed: %s\n", p->file, e->line, d);
            bad++;
        }
    }
    if (p->nexpects) printf("expects: %u/%u ok\n", p->nexpects - bad, p->nexpects);
    return bad ? -1 : 0;
}

/* a command-stream test (stream.h, first line "wqstream 1"), as written by
 * `wq gen stream`: run it and check its expectations */
static int run_stream(const run_opts_t *o, const char *text)
{
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.lanes = o->lanes;
    cfg.warps = o->warps;
    cfg.channels = (unsigned)wq_stream_channels(text);
    cfg.fp = o->fp;
    if (o->watchdog_set) cfg.watchdog = o->watchdog;
    wq_ctx_t *ctx = wq_new(&cfg);
    if (!ctx) {
        fprintf(stderr, "wq run: bad machine configuration\n");
        return 2;
    }
    run_watch_t watch;
    if (watch_start(&watch, ctx, o, &cfg)) {
        wq_free(ctx);
        return 2;
    }
    wq_stream_result_t r;
    int rc = wq_stream_run(ctx, text, o->max_ticks, &r);
    int wrc = watch_end(&watch);
    if (rc) {
        fprintf(stderr, "%s: %s\n", o->file, r.msg);
        wq_free(ctx);
        return 2;
    }
    for (unsigned c = 0; c < cfg.channels; c++) {
        const wq_channel_t *ch = &ctx->ch[c];
        if (ch->state == WQ_CH_DISABLED && !ch->err) continue;
        printf("channel %u: %s GP_GET=%u GP_PUT=%u methods=%" PRIu64 " REF=0x%x%s%s\n", c,
               wq_chstate_name(ch->state), ch->gp_get, ch->gp_put, ch->methods, ch->ref,
               ch->err ? " error=" : "", ch->err ? wq_cherr_name(ch->err) : "");
    }
    printf("ticks: %" PRIu64 "  warp instructions: %" PRIu64 "  launches: %" PRIu64 "\n",
           r.ticks, ctx->st.warp_instrs, ctx->st.launches);
    if (r.failed) printf("%s: %s\n", o->file, r.msg);
    printf("expects: %u/%u ok\n", r.checks - r.failed, r.checks);
    wq_free(ctx);
    return r.failed || wrc ? 1 : 0;
}

char *wq_cli_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0;
    char *b = malloc(cap);
    while (b) {
        len += fread(b + len, 1, cap - len - 1, f);
        if (len < cap - 1) break;
        char *nb = realloc(b, cap *= 2);
        if (!nb) { free(b); b = NULL; break; }
        b = nb;
    }
    fclose(f);
    if (b) b[len] = 0;
    return b;
}

int wq_cli_run(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (wq_cli_is_cl(argv[i])) return wq_cli_run_cl("run", argc, argv);
    run_opts_t o;
    if (parse(argc, argv, &o)) return 2;
    char *text = wq_cli_slurp(o.file);
    if (text && wq_stream_channels(text) > 0) {
        int rc = run_stream(&o, text);
        free(text);
        return rc;
    }
    free(text);
    wq_program_t p;
    char err[512];
    if (wq_asm_file(o.file, &p, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.lanes = o.lanes;
    cfg.warps = o.warps;
    if (o.regs) cfg.regs = o.regs;
    cfg.fp = o.fp;
    if (o.watchdog_set) cfg.watchdog = o.watchdog;
    wq_ctx_t *ctx = wq_new(&cfg);
    if (!ctx) {
        fprintf(stderr, "wq run: bad machine configuration (lanes must be 8, 16 or 32;"
                        " warps 1..%u; regs 1..32)\n", WQ_MAX_WARPS);
        wq_program_free(&p);
        return 2;
    }
    run_watch_t watch;
    if (watch_start(&watch, ctx, &o, &cfg)) {
        wq_free(ctx);
        wq_program_free(&p);
        return 2;
    }
    wq_load_opts_t lo = { .yield_off = o.yield_off };
    if (wq_load_and_submit(ctx, &p, 0, &lo)) {
        watch_end(&watch);
        fprintf(stderr, "%s: program data overlaps the system area at 0x%08x\n", o.file,
                WQ_SYS_BASE);
        wq_free(ctx);
        wq_program_free(&p);
        return 2;
    }
    wq_run_result_t r;
    wq_run(ctx, o.max_ticks, 1, 1, &r);
    int rc = watch_end(&watch);
    print_summary(ctx, &p, &o);
    print_dumps(ctx, &p);
    char desc[512];
    switch (r.reason) {
    case WQ_RUN_IDLE:
        printf("result: completed in %" PRIu64 " ticks\n", r.ticks);
        break;
    case WQ_RUN_TRAP:
        wq_warp_describe(ctx, r.unit, desc, sizeof desc);
        if (r.code == WQ_TRAP_FORWARD_PROGRESS)
            printf("result: FORWARD-PROGRESS FAILURE: no memory change and no thread exit in"
                   " %" PRIu64 " warp instructions\n  %s\n", cfg.watchdog, desc);
        else
            printf("result: TRAP %s\n  %s\n", wq_trap_name(r.code), desc);
        rc = 1;
        break;
    case WQ_RUN_CHAN_ERROR:
        printf("result: CHANNEL ERROR channel %u: %s (info 0x%08x)\n", r.unit,
               wq_cherr_name(r.code), ctx->ch[r.unit].err_info);
        rc = 1;
        break;
    default:
        printf("result: TICK LIMIT (%" PRIu64 ") reached\n", o.max_ticks);
        rc = 1;
    }
    if (check_expects(ctx, &p)) rc = 1;
    wq_free(ctx);
    wq_program_free(&p);
    return rc;
}
