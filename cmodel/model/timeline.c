/* timeline.c -- trace records to Chrome trace-event JSON (timeline.h).
 *
 * Every track keeps one nesting discipline so the file is valid for any
 * viewer: a warp's life is the outer interval, its state intervals
 * (converged / divergent / parked / barrier wait) follow one another
 * inside it, and instruction slices lie inside a state interval.  A
 * channel has one state interval at a time (running / acquire wait) with
 * method slices inside.  Slices are one time unit long; an event whose
 * time is earlier than the end of the last slice on its track is written
 * at that end, so nothing on a track goes back in time or overlaps. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "wq/isa.h"
#include "wq/model.h"
#include "wq/timeline.h"
#include "wq/token.h"
#include "exec.h"        /* wq_popcount32 */

enum { PID_HOST = 1, PID_WARP = 2 };
enum { WS_NONE, WS_CONVERGED, WS_DIVERGENT, WS_PARKED, WS_BARRIER };
enum { CS_NONE, CS_RUNNING, CS_ACQ_WAIT };

static const char *const warp_state_name[] = {
    "", "converged", "divergent", "parked", "barrier wait"
};
static const char *const chan_state_name[] = { "", "running", "acquire wait" };

typedef struct {
    uint64_t last;          /* the track's time: nothing is written before it */
    int      live;          /* inside CTA_START .. WARP_DONE                */
    int      state;         /* WS_*, the open state interval                */
    int      in_bar;
    uint32_t threads;       /* the warp's threads that have not exited      */
    uint32_t active;
    uint32_t parked;        /* threads waiting on a YIELD token             */
    int      deque;         /* entries, for the counter                     */
    int      shown_deque, shown_lanes;
} tl_warp_t;

typedef struct {
    uint64_t last;
    int      state;         /* CS_* */
} tl_chan_t;

struct wq_timeline {
    FILE     *f;
    int       err;
    unsigned  nch, nwarp;
    int       current;      /* the channel the host runs, -1 before any */
    tl_chan_t ch[WQ_MAX_CHANNELS];
    tl_warp_t w[WQ_MAX_WARPS];
    wq_timeline_counts_t n;
};

/* ---- JSON output ------------------------------------------------------------ */

static void ev_begin(wq_timeline_t *tl)
{
    if (tl->n.events++) fputs(",\n", tl->f);
}

static void ev_meta(wq_timeline_t *tl, int pid, int tid, const char *what, const char *name)
{
    ev_begin(tl);
    if (tid < 0)
        fprintf(tl->f, "{\"ph\":\"M\",\"pid\":%d,\"name\":\"%s\",\"args\":{\"name\":\"%s\"}}",
                pid, what, name);
    else
        fprintf(tl->f, "{\"ph\":\"M\",\"pid\":%d,\"tid\":%d,\"name\":\"%s\","
                "\"args\":{\"name\":\"%s\"}}", pid, tid, what, name);
}

/* B / E / i: ph is one character; args is a JSON object body or NULL */
static void ev(wq_timeline_t *tl, char ph, int pid, unsigned tid, uint64_t ts,
               const char *name, const char *args)
{
    ev_begin(tl);
    fprintf(tl->f, "{\"ph\":\"%c\",\"pid\":%d,\"tid\":%u,\"ts\":%" PRIu64, ph, pid, tid, ts);
    if (name) fprintf(tl->f, ",\"name\":\"%s\"", name);
    if (ph == 'i') fputs(",\"s\":\"t\"", tl->f);
    if (args) fprintf(tl->f, ",\"args\":{%s}", args);
    fputc('}', tl->f);
}

/* a one-unit slice */
static void ev_slice(wq_timeline_t *tl, int pid, unsigned tid, uint64_t ts,
                     const char *name, const char *args)
{
    ev_begin(tl);
    fprintf(tl->f, "{\"ph\":\"X\",\"pid\":%d,\"tid\":%u,\"ts\":%" PRIu64 ",\"dur\":1,"
            "\"name\":\"%s\"", pid, tid, ts, name);
    if (args) fprintf(tl->f, ",\"args\":{%s}", args);
    fputc('}', tl->f);
}

static void ev_counter(wq_timeline_t *tl, uint64_t ts, const char *what, unsigned slot,
                       int value)
{
    ev_begin(tl);
    fprintf(tl->f, "{\"ph\":\"C\",\"pid\":%d,\"ts\":%" PRIu64 ",\"name\":\"%s w%u\","
            "\"args\":{\"%s\":%d}}", PID_WARP, ts, what, slot, what, value);
}

/* ---- warp tracks ------------------------------------------------------------- */

static uint64_t at(uint64_t *last, uint64_t t)
{
    if (t > *last) *last = t;
    return *last;
}

static int warp_state_of(const tl_warp_t *w)
{
    if (!w->live) return WS_NONE;
    if (w->in_bar) return WS_BARRIER;
    if (w->parked) return WS_PARKED;
    if (w->active != w->threads) return WS_DIVERGENT;
    return WS_CONVERGED;
}

/* close the old state interval and open the new one when they differ */
static void warp_restate(wq_timeline_t *tl, unsigned slot, uint64_t t)
{
    tl_warp_t *w = &tl->w[slot];
    int s = warp_state_of(w);
    if (s == w->state) return;
    uint64_t ts = at(&w->last, t);
    if (w->state != WS_NONE) ev(tl, 'E', PID_WARP, slot, ts, NULL, NULL);
    if (s != WS_NONE) ev(tl, 'B', PID_WARP, slot, ts, warp_state_name[s], NULL);
    w->state = s;
}

static void warp_counters(wq_timeline_t *tl, unsigned slot, uint64_t t)
{
    tl_warp_t *w = &tl->w[slot];
    int lanes = (int)wq_popcount32(w->active);
    if (w->deque != w->shown_deque) {
        ev_counter(tl, t, "deque", slot, w->deque);
        w->shown_deque = w->deque;
    }
    if (lanes != w->shown_lanes) {
        ev_counter(tl, t, "lanes", slot, lanes);
        w->shown_lanes = lanes;
    }
}

static void warp_end(wq_timeline_t *tl, unsigned slot, uint64_t t)
{
    tl_warp_t *w = &tl->w[slot];
    if (!w->live) return;
    w->live = 0;
    warp_restate(tl, slot, t);
    ev(tl, 'E', PID_WARP, slot, at(&w->last, t), NULL, NULL);
}

static void warp_record(wq_timeline_t *tl, uint64_t t, const wq_trace_rec_t *r)
{
    if (r->unit >= tl->nwarp) return;
    unsigned slot = r->unit;
    tl_warp_t *w = &tl->w[slot];
    char args[160], name[64];
    switch (r->kind) {
    case WQ_EV_CTA_START:
        warp_end(tl, slot, t);   /* a slot reused without WARP_DONE (trap) */
        snprintf(name, sizeof name, "grid %u cta %u warp %u", (unsigned)r->b, r->a, r->aux);
        ev(tl, 'B', PID_WARP, slot, at(&w->last, t), name, NULL);
        w->live = 1;
        w->in_bar = 0;
        w->threads = w->active = r->mask;
        w->parked = 0;
        w->deque = 0;
        break;
    case WQ_EV_RETIRE: {
        wq_insn_t in;
        const wq_opinfo_t *oi = NULL;
        if (wq_decode(r->b, &in) == 0) oi = wq_opinfo(in.op);
        snprintf(args, sizeof args, "\"pc\":%u,\"sel\":\"%08x\"", r->pc, r->mask);
        ev_slice(tl, PID_WARP, slot, at(&w->last, t), oi && oi->name ? oi->name : "?", args);
        w->last++;               /* the slice's end */
        tl->n.instructions++;
        if (oi && in.op == WQ_OP_BAR) w->in_bar = 1;
        break;
    }
    case WQ_EV_MASK_PC:
        w->active = r->mask;
        break;
    case WQ_EV_THREAD_STATE:
        if (r->aux == WQ_TOK_EXIT) w->threads &= ~r->mask;
        if (r->aux == WQ_TOK_YIELD) {
            w->parked |= r->mask;
            snprintf(args, sizeof args, "\"threads\":\"%08x\",\"resume_pc\":%u", r->mask, r->a);
            ev(tl, 'i', PID_WARP, slot, at(&w->last, t), "yield", args);
            tl->n.yields++;
        }
        break;
    case WQ_EV_DQ_PUSH_FRONT: case WQ_EV_DQ_PUSH_BACK:
        w->deque++;
        break;
    case WQ_EV_DQ_POP:
        if (w->deque > 0) w->deque--;
        if (wq_token_type(r->b) == WQ_TOK_YIELD) w->parked &= ~r->mask;
        break;
    case WQ_EV_TRAP:
        snprintf(args, sizeof args, "\"pc\":%u,\"active\":\"%08x\"", r->pc, r->mask);
        ev(tl, 'i', PID_WARP, slot, at(&w->last, t), wq_trap_name(r->a), args);
        tl->n.traps++;
        break;
    case WQ_EV_WARP_DONE:
        warp_end(tl, slot, t);
        break;
    default:
        break;
    }
    if (w->live) {
        warp_restate(tl, slot, t);
        warp_counters(tl, slot, at(&w->last, t));
    }
}

/* ---- channel tracks ------------------------------------------------------------ */

static void chan_state(wq_timeline_t *tl, unsigned c, uint64_t t, int s)
{
    tl_chan_t *ch = &tl->ch[c];
    if (s == ch->state) return;
    uint64_t ts = at(&ch->last, t);
    if (ch->state != CS_NONE) ev(tl, 'E', PID_HOST, c, ts, NULL, NULL);
    if (s != CS_NONE) ev(tl, 'B', PID_HOST, c, ts, chan_state_name[s], NULL);
    ch->state = s;
}

static void chan_record(wq_timeline_t *tl, uint64_t t, const wq_trace_rec_t *r)
{
    if (r->unit >= tl->nch) return;
    unsigned c = r->unit;
    tl_chan_t *ch = &tl->ch[c];
    char args[160], name[64];
    /* the host ran this channel: it is running unless it waits on an acquire */
    if (r->kind != WQ_EV_CHAN_SWITCH && ch->state == CS_NONE && tl->current == (int)c)
        chan_state(tl, c, t, CS_RUNNING);
    switch (r->kind) {
    case WQ_EV_METHOD:
        if (ch->state == CS_NONE) chan_state(tl, c, t, CS_RUNNING);
        snprintf(args, sizeof args, "\"offset\":\"0x%03x\",\"data\":\"0x%08" PRIx64 "\"",
                 r->a, r->b);
        ev_slice(tl, PID_HOST, c, at(&ch->last, t), wq_method_name(r->a), args);
        ch->last++;
        tl->n.methods++;
        break;
    case WQ_EV_ACQ_FAIL:
        chan_state(tl, c, t, CS_ACQ_WAIT);
        break;
    case WQ_EV_SEM:
        if (ch->state == CS_ACQ_WAIT) chan_state(tl, c, t, CS_RUNNING);
        snprintf(args, sizeof args, "\"address\":\"0x%08x\",\"payload\":\"0x%" PRIx64 "\"",
                 r->a, r->b);
        snprintf(name, sizeof name, "sem %s", wq_semop_name(r->aux));
        ev(tl, 'i', PID_HOST, c, at(&ch->last, t), name, args);
        break;
    case WQ_EV_LAUNCH:
        snprintf(args, sizeof args, "\"descriptor\":\"0x%08x\"", r->a);
        ev(tl, 'i', PID_HOST, c, at(&ch->last, t), "launch", args);
        break;
    case WQ_EV_CHAN_SWITCH: {
        unsigned to = r->a;
        snprintf(args, sizeof args, "\"to\":%u,\"reason\":%u", to, (unsigned)r->aux);
        if (ch->state == CS_RUNNING) chan_state(tl, c, t, CS_NONE);
        ev(tl, 'i', PID_HOST, c, at(&ch->last, t), "switch", args);
        tl->n.switches++;
        tl->current = (int)to;
        if (to < tl->nch && tl->ch[to].state == CS_NONE) chan_state(tl, to, t, CS_RUNNING);
        break;
    }
    case WQ_EV_CHAN_ERROR:
        snprintf(args, sizeof args, "\"info\":\"0x%08" PRIx64 "\"", r->b);
        chan_state(tl, c, t, CS_NONE);
        ev(tl, 'i', PID_HOST, c, at(&ch->last, t), wq_cherr_name(r->a), args);
        tl->n.chan_errors++;
        break;
    default:
        break;
    }
}

/* ---- API ---------------------------------------------------------------------- */

wq_timeline_t *wq_timeline_open(const char *path, const char *unit, unsigned channels,
                                unsigned warps)
{
    if (!path || !unit || channels == 0 || channels > WQ_MAX_CHANNELS || warps == 0 ||
        warps > WQ_MAX_WARPS) {
        errno = EINVAL;
        return NULL;
    }
    wq_timeline_t *tl = calloc(1, sizeof *tl);
    if (!tl) return NULL;
    if (!(tl->f = fopen(path, "w"))) {
        int e = errno;
        free(tl);
        errno = e;
        return NULL;
    }
    tl->nch = channels;
    tl->nwarp = warps;
    tl->current = -1;
    for (unsigned i = 0; i < warps; i++) tl->w[i].shown_deque = tl->w[i].shown_lanes = -1;
    /* the unit is a plain word ("ticks", "cycles"): ts counts it, shown as us */
    fprintf(tl->f, "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"time_unit\":\"%s\","
            "\"ts_means\":\"one %s per microsecond of the viewer's clock\"},\n"
            "\"traceEvents\":[\n", unit, unit);
    char name[32];
    ev_meta(tl, PID_HOST, -1, "process_name", "host channels");
    for (unsigned c = 0; c < channels; c++) {
        snprintf(name, sizeof name, "channel %u", c);
        ev_meta(tl, PID_HOST, (int)c, "thread_name", name);
    }
    ev_meta(tl, PID_WARP, -1, "process_name", "warp slots");
    for (unsigned w = 0; w < warps; w++) {
        snprintf(name, sizeof name, "warp slot %u", w);
        ev_meta(tl, PID_WARP, (int)w, "thread_name", name);
    }
    return tl;
}

void wq_timeline_record(wq_timeline_t *tl, uint64_t t, const wq_trace_rec_t *r)
{
    if (!tl || !r) return;
    switch (r->kind) {
    case WQ_EV_METHOD: case WQ_EV_GP_GET: case WQ_EV_SEM: case WQ_EV_CHAN_ERROR:
    case WQ_EV_LAUNCH: case WQ_EV_CHAN_SWITCH: case WQ_EV_ACQ_FAIL:
        chan_record(tl, t, r);
        break;
    case WQ_EV_BAR_RELEASE:
        for (unsigned s = 0; s < tl->nwarp && s < 64; s++)
            if (r->b >> s & 1 && tl->w[s].in_bar) {
                tl->w[s].in_bar = 0;
                if (tl->w[s].live) warp_restate(tl, s, t);
            }
        break;
    default:
        warp_record(tl, t, r);
    }
}

int wq_timeline_close(wq_timeline_t *tl, uint64_t t, wq_timeline_counts_t *counts)
{
    if (!tl) return -1;
    for (unsigned s = 0; s < tl->nwarp; s++) warp_end(tl, s, t);
    for (unsigned c = 0; c < tl->nch; c++) chan_state(tl, c, t, CS_NONE);
    fputs("\n]}\n", tl->f);
    int rc = ferror(tl->f) ? -1 : 0;
    if (fclose(tl->f)) rc = -1;
    if (counts) *counts = tl->n;
    free(tl);
    return rc;
}
