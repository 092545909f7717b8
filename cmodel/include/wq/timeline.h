/* timeline.h -- a run as Chrome trace-event JSON (docs/tools/timeline.md):
 * the file Perfetto (ui.perfetto.dev) and chrome://tracing open.
 *
 * The writer is fed the model's trace records (trace.h) with a timestamp:
 * model ticks for `wq run`, RTL cycles for `wq cosim`, where the records
 * are the model's replay of what the RTL committed.  It streams: events are
 * written as they come, so a run of any length needs constant memory, and
 * wq_timeline_close() always leaves a well-formed file, whether the run
 * ended idle, on a trap or on a mismatch.
 *
 * Tracks: process 1 "host channels" with one thread per channel (running
 * and acquire-wait intervals, one slice per method, instants for
 * semaphore operations, launches, switches and errors); process 2 "warp
 * slots" with one thread per warp slot (the warp's life from CTA_START to
 * WARP_DONE, inside it one state interval at a time -- converged,
 * divergent, parked (threads parked on a YIELD token), barrier wait -- and
 * one slice per retired instruction; instants for yields and traps) and
 * two counters per slot: deque entries and active lanes. */
#ifndef WQ_TIMELINE_H
#define WQ_TIMELINE_H
#include <stdint.h>
#include <stdio.h>
#include "trace.h"

typedef struct wq_timeline wq_timeline_t;

/* counts of what was written, for checks against the run's statistics */
typedef struct wq_timeline_counts {
    uint64_t instructions;   /* RETIRE slices                  */
    uint64_t methods;        /* METHOD slices                  */
    uint64_t yields;         /* threads parked on YIELD: events */
    uint64_t traps;
    uint64_t switches;       /* CHAN_SWITCH                    */
    uint64_t chan_errors;
    uint64_t events;         /* every JSON event written       */
} wq_timeline_counts_t;

/* open PATH for writing; unit names the time unit ("ticks", "cycles");
 * channels and warps size the track tables (at most WQ_MAX_* of model.h).
 * NULL with errno set when the file cannot be created or the sizes are
 * out of range. */
wq_timeline_t *wq_timeline_open(const char *path, const char *unit,
                                unsigned channels, unsigned warps);

/* one trace record at time t (times may repeat; a time earlier than the
 * track's last event is written at that event's time) */
void wq_timeline_record(wq_timeline_t *tl, uint64_t t, const wq_trace_rec_t *r);

/* close every open interval at time t, finish the JSON and the file;
 * counts (may be NULL) gets what was written; 0, or -1 on a write error.
 * tl is freed in either case. */
int wq_timeline_close(wq_timeline_t *tl, uint64_t t, wq_timeline_counts_t *counts);

#endif
