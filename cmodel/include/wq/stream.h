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
 * has work and the engine is idle, or a tick limit. */
#ifndef WQ_STREAM_H
#define WQ_STREAM_H
#include <stddef.h>
#include <stdint.h>
#include "model.h"

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

/* Load the stream into ctx (fresh from wq_new with enough channels), run it
 * for at most max_ticks, check every expectation.  Returns 0 when the text
 * is well formed (then res says whether the checks held), -1 with a
 * "line N: ..." message in res->msg otherwise.  Never crashes on any text. */
int wq_stream_run(wq_ctx_t *ctx, const char *text, uint64_t max_ticks,
                  wq_stream_result_t *res);

#endif
