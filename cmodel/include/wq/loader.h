/* loader.h -- put an assembled program into a model and submit its launches
 * on one channel: descriptors, one pushbuffer segment (LAUNCH_DESC, LAUNCH
 * per launch, then WFI) and a GPFIFO ring, all in the system area.  This is
 * what `wq run` does; the driver (cmodel/driver) does the general case. */
#ifndef WQ_LOADER_H
#define WQ_LOADER_H
#include "model.h"
#include "asm.h"
#include "encode.h"

#define WQ_SYS_BASE   0xFFF00000u   /* programs must not place data here */
#define WQ_SYS_DESC   (WQ_SYS_BASE + 0x0000u)
#define WQ_SYS_PB     (WQ_SYS_BASE + 0x1000u)
#define WQ_SYS_GPFIFO (WQ_SYS_BASE + 0x8000u)

typedef struct wq_load_opts {
    int yield_off;         /* force yield policy OFF in every descriptor */
} wq_load_opts_t;

/* one CSR write of a submission */
typedef struct wq_csr_op { uint32_t off, val; } wq_csr_op_t;
#define WQ_LOAD_MAX_CSR_OPS 7u

/* Write the program image and the system area (descriptors, pushbuffer,
 * GPFIFO ring) into mem, and list in ops[] the CSR writes that start it on
 * channel chan (the wave CSRs when the program sets them with .wave_ctl,
 * ring base and size, enable, doorbell), in order.  Returns
 * the number of CSR writes, or -1 when the program overlaps the system
 * area.  The lockstep harness applies the same image to both memories and
 * sends the writes through the RTL's CSR port. */
int wq_load_prepare(wq_mem_t *mem, const wq_program_t *p, unsigned chan,
                    const wq_load_opts_t *opts, wq_csr_op_t *ops);

/* wq_load_prepare into the model's memory, then the CSR writes on the
 * model.  Returns 0, or -1 when the program overlaps the system area or
 * chan is not a channel of this configuration. */
int wq_load_and_submit(wq_ctx_t *ctx, const wq_program_t *p, unsigned chan,
                       const wq_load_opts_t *opts);

#endif
