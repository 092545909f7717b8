/* model_int.h -- internal to cmodel/model/: the functions the model's files
 * share (dispatch, traps, barrier check, channel error and reset, methods
 * and waits, per-channel CSRs, the trace hook).  The public interface,
 * including the replay hooks the lockstep benches use, is wq/model.h. */
#ifndef WQ_MODEL_INT_H
#define WQ_MODEL_INT_H
#include "wq/model.h"

/* hand a trace record to the installed callback (wq_set_trace) */
void wq_emit(wq_ctx_t *ctx, const wq_trace_rec_t *r);

/* sched.c */
void wq_warp_trap(wq_ctx_t *ctx, unsigned slot, unsigned code);
void wq_warp_finished(wq_ctx_t *ctx, unsigned slot);/* all threads exited      */
void wq_bar_check(wq_ctx_t *ctx, uint32_t cta_key); /* release a full barrier  */
/* host.c */
void wq_chan_error(wq_ctx_t *ctx, unsigned chan, unsigned code, uint32_t info);
void wq_chan_reset(wq_ctx_t *ctx, unsigned chan);
void wq_host_init(wq_ctx_t *ctx);   /* power-on state: every channel + host scheduler */
/* host event: unit = chan, mask = GP_GET, aux/a/b/c as given */
void wq_host_emit(wq_ctx_t *ctx, unsigned kind, unsigned chan, unsigned aux,
                  uint32_t a, uint64_t b, uint64_t c);
void wq_chan_settle(wq_channel_t *ch);  /* IDLE/RUNNABLE from ring and segment */
void wq_chan_seg_end(wq_ctx_t *ctx, unsigned chan);  /* segment done: GP_GET++ */
/* host_methods.c: execute one method (byte offset); WQ_STEP_DONE/WAIT/ERROR */
int  wq_host_method(wq_ctx_t *ctx, unsigned chan, uint32_t off, uint32_t data,
                    unsigned subch);
/* host_methods.c: one action of a channel in ACQ_WAIT/WFI_WAIT/LAUNCH_WAIT */
int  wq_host_wait_step(wq_ctx_t *ctx, unsigned chan);
/* host_sched.c (wq_host_tick's public pieces are in wq/model.h) */
int  wq_chan_has_work(const wq_ctx_t *ctx, unsigned chan);
void wq_host_after_step(wq_ctx_t *ctx, unsigned chan, int r);
/* csr_chan.c: per-channel registers (reg = CHCSR offset); 0 or -1 */
int  wq_chan_csr_read(wq_ctx_t *ctx, unsigned chan, uint32_t reg, uint32_t *val);
int  wq_chan_csr_write(wq_ctx_t *ctx, unsigned chan, uint32_t reg, uint32_t val);

#endif
