/* trace.h -- one record per architectural side effect (spec/event.def).
 * The lockstep checker compares these against the RTL's event port. */
#ifndef WQ_TRACE_H
#define WQ_TRACE_H
#include "defs.h"

typedef struct wq_trace_rec {
    uint8_t  kind;      /* WQ_EV_* */
    uint8_t  unit;      /* warp slot (warp events) or channel (host events) */
    uint16_t aux;       /* register / predicate index, op code, reason ...  */
    uint32_t pc;        /* warp events: PC of the instruction               */
    uint32_t mask;      /* lane mask, or address, or GP_GET                 */
    uint32_t a;         /* address / token index / code                     */
    uint64_t b;         /* token, value, payload                            */
    uint64_t c;         /* old value, result                                */
    const uint32_t *vals; /* REG_WRITE: 32 lane values (valid during the callback) */
} wq_trace_rec_t;

typedef void (*wq_trace_fn)(void *user, const wq_trace_rec_t *r);

/* a host method's name from spec/method.def by byte offset, "?" if none */
const char *wq_method_name(uint32_t off);

/* human-readable one-liner */
int wq_trace_format(const wq_trace_rec_t *r, char *buf, unsigned len);

#endif
