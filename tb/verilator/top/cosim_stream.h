// cosim_stream.h -- run one command stream (wq/stream.h, `wq gen stream`
// output, first line "wqstream 1") on wq_top in lockstep with the model.
#ifndef WQ_COSIM_STREAM_H
#define WQ_COSIM_STREAM_H
#include <cstdint>

#include "cosim.h"

// The stream's memory image goes into both memories, its chan/put lines
// go through the CSR port as CSR steps (in file order, queued at once, as
// wq_stream_run makes them all before its first tick), the device runs
// until both sides are quiet, the final memories are compared, and the
// expectations are checked on the RTL side: `expect` on the RTL's memory,
// `expect_chan`/`expect_ref`/`expect_irq` on STATUS, ERR_INFO, GP_GET,
// GP_PUT, REF and IRQ_STATUS read through the RTL's CSR port (every read
// is also compared with the model's value).
// Returns 0 (all held), 1 (a check failed, a trap, a timeout), 2 (the text
// is not a stream for this build: the message says why); a mismatch exits.
int cosim_run_stream(Cosim &c, const char *path, const char *text, uint64_t max_cycles);

#endif
