/* watch.c -- the device's event records for people (docs/runtime.md
 * "Watching a program"): WQ_TRACE=1 prints each record on stderr as
 * `wq run --trace` does, WQ_TIMELINE=F.json writes the run as Chrome
 * trace-event JSON that Perfetto opens (wq/timeline.h), over the whole life
 * of the process's device: every kernel, transfer and nested session of an
 * unmodified OpenCL program.  The records come through the backend's trace
 * hook (queue.c installs it), timed in device ticks (model) or cycles (rtl,
 * the model's replay of what the RTL committed). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"
#include "wq/timeline.h"
#include "wq/trace.h"

int wq_cl_watch_open(cl_device_id d, char *why, size_t whylen)
{
    const char *tr = getenv("WQ_TRACE"), *tl = getenv("WQ_TIMELINE");
    int want_trace = tr && *tr && strcmp(tr, "0") != 0;
    if (!want_trace && !(tl && *tl)) return 0;
    if (!d->dev.trace) {
        snprintf(why, whylen, "%s: the %s backend delivers no event records",
                 want_trace ? "WQ_TRACE" : "WQ_TIMELINE", d->backend);
        return -1;
    }
    if (tl && *tl) {
        const char *unit = strcmp(d->backend, "model") ? "cycles" : "ticks";
        d->timeline = wq_timeline_open(tl, unit, d->drv.channels, d->drv.warps);
        if (!d->timeline) {
            snprintf(why, whylen, "WQ_TIMELINE=%s: cannot create: %s", tl, strerror(errno));
            return -1;
        }
    }
    d->trace_out = want_trace ? stderr : NULL;
    return 0;
}

void wq_cl_watch_record(cl_device_id d, const wq_trace_rec_t *r, uint64_t now)
{
    if (d->trace_out) {
        char buf[512];
        wq_trace_format(r, buf, sizeof buf);
        fprintf(d->trace_out, "warpq: trace %llu %s\n", (unsigned long long)now, buf);
    }
    if (d->timeline) wq_timeline_record(d->timeline, now, r);
}

void wq_cl_watch_close(cl_device_id d)
{
    if (!d->timeline) return;
    wq_timeline_counts_t c;
    if (wq_timeline_close(d->timeline, wq_drv_now(&d->drv), &c))
        fprintf(stderr, "warpq: WQ_TIMELINE: write error: %s\n", strerror(errno));
    else
        fprintf(stderr, "warpq: WQ_TIMELINE=%s: %llu events, %llu instructions, %llu methods\n",
                getenv("WQ_TIMELINE"), (unsigned long long)c.events,
                (unsigned long long)c.instructions, (unsigned long long)c.methods);
    d->timeline = NULL;
}
