/* prog_util.h -- unit-test helper: assemble a .wqs string, run it on a
 * fresh model through the loader, and look at the result. */
#ifndef WQ_PROG_UTIL_H
#define WQ_PROG_UTIL_H
#include "wq/asm.h"
#include "wq/loader.h"

typedef struct tprog {
    wq_ctx_t *ctx;
    wq_program_t prog;
    wq_run_result_t res;
    int rc;                  /* wq_run's return: 0 idle, -1 otherwise */
} tprog_t;

typedef struct tprog_opts {
    unsigned lanes, warps, deque_log2, regs;   /* 0: the default */
    int yield_off, no_recenter;
    uint64_t watchdog, max_ticks;
    wq_trace_fn trace;
    void *user;
} tprog_opts_t;

/* assembles (asserting success) and submits on channel 0, not running */
void     tp_load(tprog_t *t, const char *src, const tprog_opts_t *opts);
/* tp_load, then wq_run to completion; opts may be NULL */
void     tp_run(tprog_t *t, const char *src, const tprog_opts_t *opts);
void     tp_free(tprog_t *t);
uint32_t tp_word(const tprog_t *t, uint32_t addr);
uint32_t tp_sym(const tprog_t *t, const char *name);
/* asserts every .expect of the program */
void     tp_expects(const tprog_t *t);
/* runs src in every LANES setting and both wave modes (by the given .wave
 * line substitution) and asserts all final memory images equal */
void     tp_same_memory(const tprog_t *a, const tprog_t *b, uint32_t lo, uint32_t hi);

#endif
