/* stream.c -- load, run and check a command-stream test (format: stream.h).
 * Two passes over the text: the first (wq_stream_prepare) writes memory and
 * kernels into a memory image and lists the channel programming as CSR
 * writes in file order, the second (wq_stream_check, after the run) checks
 * the expectations against a final state.  wq_stream_run is the two around
 * wq_run on the model; the lockstep harness applies the same two to the RTL.
 * Every malformed line is an error, never a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/stream.h"
#include "wq/asm.h"

#define CHREG(c, reg) (WQ_CSRVAL_CHAN_BASE + (c) * WQ_CSRVAL_CHAN_STRIDE + WQ_CHCSR_##reg)
#define MAXTOK 64

typedef struct line {
    char buf[4096];
    char *tok[MAXTOK];
    unsigned ntok;
} line_t;

/* split one line (comment stripped) into tokens; returns the token count,
 * or -1 if the line is too long or has too many tokens */
static int split(const char *s, size_t n, line_t *l)
{
    if (n >= sizeof l->buf) return -1;
    memcpy(l->buf, s, n);
    l->buf[n] = 0;
    char *c = strchr(l->buf, ';');
    if (c) *c = 0;
    l->ntok = 0;
    for (char *p = strtok(l->buf, " \t\r"); p; p = strtok(NULL, " \t\r")) {
        if (l->ntok == MAXTOK) return -1;
        l->tok[l->ntok++] = p;
    }
    return (int)l->ntok;
}

static int num(const char *s, uint64_t max, uint64_t *v)
{
    char *end;
    if (!s || !*s || *s == '-') return -1;
    unsigned long long x = strtoull(s, &end, 0);
    if (*end || x > max) return -1;
    *v = x;
    return 0;
}

static int err_by_name(const char *s)
{
    for (unsigned c = 0; c < 64; c++) {
        const char *n = wq_cherr_name(c);
        if (n && !strcmp(n, s)) return (int)c;
    }
    return -1;
}

static int irq_by_name(const char *s)
{
    static const struct { const char *n; unsigned bit; } m[] = {
        { "CHAN_ERROR", WQ_IRQ_CHAN_ERROR }, { "WARP_TRAP", WQ_IRQ_WARP_TRAP },
        { "NON_STALL", WQ_IRQ_NON_STALL },
    };
    for (unsigned i = 0; i < sizeof m / sizeof m[0]; i++)
        if (!strcmp(m[i].n, s)) return (int)m[i].bit;
    return -1;
}

int wq_stream_channels(const char *text)
{
    if (strncmp(text, "wqstream 1", 10) || (text[10] && text[10] != '\n' && text[10] != ' '))
        return -1;
    const char *p = strstr(text, "\nchannels ");
    if (!p) return 4;
    uint64_t v;
    line_t l;
    const char *e = strchr(p + 1, '\n');
    size_t n = e ? (size_t)(e - p - 1) : strlen(p + 1);
    if (split(p + 1, n, &l) != 2 || num(l.tok[1], WQ_MAX_CHANNELS, &v) || !v) return -1;
    return (int)v;
}

static uint64_t fnv(uint64_t h, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        h ^= (v >> (8 * i)) & 0xFF;
        h *= 0x100000001B3ull;
    }
    return h;
}

static void fail(wq_stream_result_t *r, int ln, const char *fmt, uint64_t a, uint64_t b)
{
    if (!r->failed) {
        int n = snprintf(r->msg, sizeof r->msg, "line %d: ", ln);
        if (n > 0 && (size_t)n < sizeof r->msg)
            snprintf(r->msg + n, sizeof r->msg - (size_t)n, fmt, (unsigned long long)a,
                     (unsigned long long)b);
    }
    r->failed++;
}

/* an embedded kernel: from the line after "asm" up to "endasm" */
static int load_asm(wq_mem_t *mem, const char *src, size_t len, uint32_t desc, char *err,
                    size_t errlen)
{
    wq_program_t p;
    if (wq_asm(src, len, "asm", &p, err, errlen)) return -1;
    wq_program_load(&p, mem);
    for (unsigned i = 0; i < p.nlaunch; i++)
        for (unsigned k = 0; k < WQ_LD_WORDS; k++)
            wq_mem_write32(mem, desc + 64u * i + 4u * k, p.launch[i].w[k]);
    wq_program_free(&p);
    return 0;
}

/* the list of CSR writes being built by phase 0 */
typedef struct oplist {
    wq_csr_op_t *ops;
    unsigned n, cap;
} oplist_t;

static int add_op(oplist_t *o, uint32_t off, uint32_t val)
{
    if (!o) return -1;                /* phase 1 has no list (never called) */
    if (o->n == o->cap) {
        unsigned cap = o->cap ? 2 * o->cap : 64;
        wq_csr_op_t *n = realloc(o->ops, cap * sizeof *n);
        if (!n) return -1;
        o->ops = n;
        o->cap = cap;
    }
    o->ops[o->n].off = off;
    o->ops[o->n].val = val;
    o->n++;
    return 0;
}

/* phase 0: load (mem, ops); phase 1: check (st) */
static int pass(wq_mem_t *mem, oplist_t *ops, const wq_stream_state_t *st, unsigned nch,
                const char *text, int phase, wq_stream_result_t *r)
{
    line_t *l = malloc(sizeof *l);
    if (!l) { snprintf(r->msg, sizeof r->msg, "out of memory"); return -1; }
    const char *p = text;
    int ln = 0, rc = 0;
    uint64_t h = 0xCBF29CE484222325ull;
    while (*p && !rc) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        const char *next = e ? e + 1 : p + n;
        ln++;
        int nt = split(p, n, l);
        uint64_t a = 0, b = 0, c = 0, d = 0, f = 0;
        const char *k = nt > 0 ? l->tok[0] : "";
#define BAD(what) do { snprintf(r->msg, sizeof r->msg, "line %d: %s", ln, what); rc = -1; } while (0)
        if (nt < 0) BAD("line too long");
        else if (nt == 0) { /* blank */ }
        else if (ln == 1) { if (strcmp(k, "wqstream") || nt != 2 || strcmp(l->tok[1], "1")) BAD("not a wqstream 1 file"); }
        else if (!strcmp(k, "channels")) { if (nt != 2) BAD("channels N"); }
        else if (!strcmp(k, "asm")) {
            const char *stop = NULL;          /* start of the endasm line */
            if (!strncmp(next, "endasm", 6)) stop = next;
            else if ((stop = strstr(next, "\nendasm"))) stop++;
            if (nt != 2 || num(l->tok[1], UINT32_MAX, &a) || (a & 3)) BAD("asm DESC_ADDR (4-aligned)");
            else if (!stop) BAD("asm without endasm");
            else {
                char aerr[200];
                if (phase == 0 && load_asm(mem, next, (size_t)(stop - next), (uint32_t)a, aerr,
                                           sizeof aerr)) {
                    snprintf(r->msg, sizeof r->msg, "line %d: kernel: %s", ln, aerr);
                    rc = -1;
                }
                for (const char *q = next; q < stop; q++) if (*q == '\n') ln++;
                ln++;                         /* the endasm line */
                const char *eol = strchr(stop, '\n');
                next = eol ? eol + 1 : stop + strlen(stop);
            }
        } else if (!strcmp(k, "mem")) {
            if (nt < 3 || num(l->tok[1], UINT32_MAX, &a) || (a & 3)) BAD("mem ADDR (4-aligned) WORDS...");
            for (int i = 2; i < nt && !rc; i++) {
                if (num(l->tok[i], UINT32_MAX, &b)) BAD("bad word");
                else if (phase == 0) wq_mem_write32(mem, (uint32_t)(a + 4u * (unsigned)(i - 2)), (uint32_t)b);
            }
        } else if (!strcmp(k, "chan")) {
            uint64_t put = 0;
            if (nt != 7 || num(l->tok[1], nch - 1, &a) || num(l->tok[2], UINT32_MAX, &b) ||
                num(l->tok[3], UINT32_MAX, &c) || num(l->tok[4], UINT32_MAX, &d) ||
                num(l->tok[5], UINT32_MAX, &f) || num(l->tok[6], UINT32_MAX, &put))
                BAD("chan C BASE LOG2 RETRY TIMEOUT PUT");
            else if (phase == 0) {
                unsigned ch = (unsigned)a;
                if (add_op(ops, CHREG(ch, GPFIFO_BASE), (uint32_t)b) ||
                    add_op(ops, CHREG(ch, GPFIFO_LOG2), (uint32_t)c) ||
                    add_op(ops, CHREG(ch, ACQ_RETRY), (uint32_t)d) ||
                    add_op(ops, CHREG(ch, ACQ_TIMEOUT), (uint32_t)f) ||
                    add_op(ops, CHREG(ch, CTRL), 1) ||
                    add_op(ops, CHREG(ch, GP_PUT), (uint32_t)put))
                    BAD("out of memory");
            }
        } else if (!strcmp(k, "put")) {
            if (nt != 3 || num(l->tok[1], nch - 1, &a) || num(l->tok[2], UINT32_MAX, &b)) BAD("put C V");
            else if (phase == 0 && add_op(ops, CHREG((unsigned)a, GP_PUT), (uint32_t)b))
                BAD("out of memory");
        } else if (!strcmp(k, "expect")) {
            if (nt != 3 || num(l->tok[1], UINT32_MAX, &a) || (a & 3) || num(l->tok[2], UINT32_MAX, &b))
                BAD("expect ADDR V");
            else if (phase == 1) {
                uint32_t v = wq_mem_read32(st->mem, (uint32_t)a);
                h = fnv(fnv(h, (uint32_t)a), v);
                r->checks++;
                if (v != b) fail(r, ln, "memory 0x%llx: got 0x%llx", a, v);
            }
        } else if (!strcmp(k, "expect_chan")) {
            int code = 0;
            if (nt < 3 || num(l->tok[1], nch - 1, &a)) BAD("expect_chan C ok | error NAME INFO");
            else if (!strcmp(l->tok[2], "ok") && nt == 3) code = 0;
            else if (!strcmp(l->tok[2], "error") && nt == 5 && (code = err_by_name(l->tok[3])) > 0 &&
                     !num(l->tok[4], UINT32_MAX, &b)) { /* ok */ }
            else BAD("expect_chan C ok | error NAME INFO");
            if (!rc && phase == 1) {
                const wq_stream_chan_t *ch = &st->ch[a];
                r->checks++;
                if (code == 0 && (ch->err || ch->gp_get != ch->gp_put || ch->state != WQ_CH_IDLE))
                    fail(r, ln, "channel %llu not clean (error code %llu)", a, ch->err);
                else if (code && (ch->err != (uint32_t)code || ch->err_info != (uint32_t)b))
                    fail(r, ln, "channel %llu: error/info 0x%llx", a,
                         (uint64_t)ch->err << 32 | ch->err_info);
            }
        } else if (!strcmp(k, "expect_ref")) {
            if (nt != 3 || num(l->tok[1], nch - 1, &a) || num(l->tok[2], UINT32_MAX, &b)) BAD("expect_ref C V");
            else if (phase == 1) {
                r->checks++;
                if (st->ch[a].ref != b) fail(r, ln, "channel %llu REF 0x%llx", a, st->ch[a].ref);
            }
        } else if (!strcmp(k, "expect_irq")) {
            int bit = nt == 2 ? irq_by_name(l->tok[1]) : -1;
            if (bit < 0) BAD("expect_irq CHAN_ERROR|WARP_TRAP|NON_STALL");
            else if (phase == 1) {
                r->checks++;
                if (!(st->irq_status >> bit & 1)) fail(r, ln, "IRQ bit %llu not set (0x%llx)", (uint64_t)bit, st->irq_status);
            }
        } else BAD("unknown statement");
#undef BAD
        p = next;
    }
    if (phase == 1) r->mem_hash = h;
    free(l);
    return rc;
}

/* the stream's channel count against the machine's: 0, or -1 with a message */
static int fits(const char *text, unsigned channels, wq_stream_result_t *res)
{
    int need = wq_stream_channels(text);
    if (need < 0) {
        snprintf(res->msg, sizeof res->msg, "not a wqstream 1 text (or a bad channels line)");
        return -1;
    }
    if ((unsigned)need > channels) {
        snprintf(res->msg, sizeof res->msg,
                 "the stream needs %d channels, the machine has %u", need, channels);
        return -1;
    }
    return 0;
}

int wq_stream_prepare(const char *text, unsigned channels, wq_mem_t *mem, wq_csr_op_t **ops,
                      unsigned *nops, wq_stream_result_t *res)
{
    memset(res, 0, sizeof *res);
    *ops = NULL;
    *nops = 0;
    if (!text || !mem) {
        snprintf(res->msg, sizeof res->msg, "no text or memory");
        return -1;
    }
    if (fits(text, channels, res)) return -1;
    oplist_t o = { NULL, 0, 0 };
    if (pass(mem, &o, NULL, channels, text, 0, res)) {
        free(o.ops);
        return -1;
    }
    *ops = o.ops;
    *nops = o.n;
    return 0;
}

void wq_stream_state_of(const wq_ctx_t *ctx, wq_stream_state_t *st)
{
    memset(st, 0, sizeof *st);
    st->mem = ctx->mem;
    st->channels = ctx->cfg.channels;
    st->irq_status = ctx->irq_status;
    for (unsigned c = 0; c < ctx->cfg.channels && c < WQ_MAX_CHANNELS; c++) {
        const wq_channel_t *ch = &ctx->ch[c];
        st->ch[c].state = ch->state;
        st->ch[c].err = ch->err;
        st->ch[c].err_info = ch->err_info;
        st->ch[c].gp_get = ch->gp_get;
        st->ch[c].gp_put = ch->gp_put;
        st->ch[c].ref = ch->ref;
    }
}

int wq_stream_check(const char *text, const wq_stream_state_t *st, wq_stream_result_t *res)
{
    res->checks = res->failed = 0;
    res->mem_hash = 0;
    res->msg[0] = 0;
    if (!text || !st || !st->mem || st->channels > WQ_MAX_CHANNELS) {
        snprintf(res->msg, sizeof res->msg, "no text or state");
        return -1;
    }
    if (fits(text, st->channels, res)) return -1;
    return pass(NULL, NULL, st, st->channels, text, 1, res);
}

int wq_stream_run(wq_ctx_t *ctx, const char *text, uint64_t max_ticks, wq_stream_result_t *res)
{
    wq_csr_op_t *ops;
    unsigned nops;
    if (wq_stream_prepare(text, ctx->cfg.channels, ctx->mem, &ops, &nops, res)) return -1;
    /* every CSR write in file order, before the first tick */
    for (unsigned i = 0; i < nops; i++) wq_csr_write(ctx, ops[i].off, ops[i].val);
    free(ops);
    wq_run_result_t rr;
    wq_run(ctx, max_ticks, 0, 1, &rr);
    wq_stream_state_t st;
    wq_stream_state_of(ctx, &st);
    if (wq_stream_check(text, &st, res)) return -1;
    res->ticks = rr.ticks;
    res->run_reason = rr.reason;
    if (rr.reason != WQ_RUN_IDLE && !res->failed) {
        snprintf(res->msg, sizeof res->msg, "run did not go idle (reason %d)", rr.reason);
        res->failed++;
    }
    return 0;
}
