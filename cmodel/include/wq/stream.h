/* stream.h -- a small text format for host command-stream tests: memory
 * contents (pushbuffers, GPFIFO rings, semaphores, descriptors), embedded
 * .wqs kernels, channel programming through the CSRs, and the expected
 * outcome.  The assembler has no directives for channels or pushbuffers,
 * hence this format; `wq run FILE` runs it (first line "wqstream 1").
 *
 *   wqstream 1
 *   channels N                     machine channels (default 4)
 *   asm DESC_ADDR                  a .wqs program follows up to "endasm";
 *   ...                            its image is loaded, launch block i's
 *   endasm                         descriptor written at DESC_ADDR + 64*i
 *   mem ADDR W0 W1 ...             32-bit words at ADDR, ADDR+4, ...
 *   chan C BASE LOG2 RETRY TIMEOUT PUT
 *                                  GPFIFO_BASE, GPFIFO_LOG2, ACQ_RETRY,
 *                                  ACQ_TIMEOUT, CTRL.ENABLE = 1, GP_PUT
 *   put C V                        one more GP_PUT write (doorbell)
 *   expect ADDR V                  final memory word
 *   expect_chan C ok               no error, GP_GET == GP_PUT, IDLE
 *   expect_chan C error NAME INFO  stopped with this error and ERR_INFO
 *   expect_ref C V                 REF (SET_REFERENCE) at the end
 *   expect_irq NAME                IRQ_STATUS bit NAME is set
 *
 * Lines are applied in file order; ';' starts a comment.  Numbers are C
 * literals (0x.., decimal).  The run (wq_stream_run) goes until no channel
 * has work and the engine is idle, or a tick limit.
 *
 * `chan` and `put` lines are CSR writes; all of them are made, in file
 * order, before the run starts (a `put` does not wait for earlier work).
 * wq_stream_run = wq_stream_prepare (memory image + CSR write list),
 * the writes, wq_run, wq_stream_check (expectations against a final
 * state); the lockstep harness (tb/verilator/top/tb_cosim.cpp) uses the
 * same two on the RTL's memory and CSR port. */
#ifndef WQ_STREAM_H
#define WQ_STREAM_H
#include <stddef.h>
#include <stdint.h>
#include "model.h"
#include "loader.h"

/* number of channels the stream needs (its "channels" line, default 4);
 * -1 if the text is not a stream */
int wq_stream_channels(const char *text);

typedef struct wq_stream_result {
    uint64_t ticks;
    int      run_reason;        /* WQ_RUN_* of the run                     */
    unsigned checks, failed;    /* expectation lines, and how many failed  */
    uint64_t mem_hash;          /* FNV-1a over the `expect` words          */
    char     msg[256];          /* first failure                          */
} wq_stream_result_t;

/* Parse the text for a machine with `channels` channels, write its memory
 * image (mem lines, kernels and their descriptors) into mem, and return in
 * *ops (malloc'd, the caller frees it) the *nops CSR writes of its chan and
 * put lines, in file order.  Returns 0, or -1 with a "line N: ..." message
 * (or the channel shortage) in res->msg; never crashes on any text. */
int wq_stream_prepare(const char *text, unsigned channels, wq_mem_t *mem, wq_csr_op_t **ops,
                      unsigned *nops, wq_stream_result_t *res);

/* the final state the expectations are checked against */
typedef struct wq_stream_chan {
    uint32_t state, err, err_info;   /* STATUS.STATE, STATUS.ERROR, ERR_INFO */
    uint32_t gp_get, gp_put, ref;
} wq_stream_chan_t;

typedef struct wq_stream_state {
    const wq_mem_t  *mem;            /* for `expect`                        */
    unsigned         channels;       /* ch[0 .. channels-1] are valid       */
    wq_stream_chan_t ch[WQ_MAX_CHANNELS];
    uint32_t         irq_status;
} wq_stream_state_t;

/* the state of a model context */
void wq_stream_state_of(const wq_ctx_t *ctx, wq_stream_state_t *st);

/* Evaluate every expect* line against st: res->checks, res->failed,
 * res->msg (first failure) and res->mem_hash are set (ticks and run_reason
 * are left alone).  Returns 0 when the text is well formed, -1 with a
 * message otherwise. */
int wq_stream_check(const char *text, const wq_stream_state_t *st, wq_stream_result_t *res);

/* Load the stream into ctx (fresh from wq_new with enough channels), run it
 * for at most max_ticks, check every expectation.  Returns 0 when the text
 * is well formed (then res says whether the checks held), -1 with a
 * "line N: ..." message in res->msg otherwise.  Never crashes on any text. */
int wq_stream_run(wq_ctx_t *ctx, const char *text, uint64_t max_ticks,
                  wq_stream_result_t *res);

#endif
