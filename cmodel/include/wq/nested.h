/* nested.h -- running a nested-work program through the driver: the
 * scenario runner behind `wq nested`, the unit tests and the bench.
 *
 * A nested program is a .wqs file plus the device library, appended: the
 * build's build/gen/enqueue.wqs, which is the `.equ` block generated from
 * cmodel/spec/nq.def followed by tests/programs/lib/enqueue.wqs (paths
 * from the repository's top, where `wq nested` runs).  Its launch blocks say what
 * runs where:
 *   parent       the session's parent kernel (CPU-owned channel);
 *   indep*       independent work on another CPU channel, side by side;
 *   anything else the kernel table, in order: kernel index 0, 1, ...
 * Optional .equ settings: NQ_LOG2 (queue entries log2, default 6),
 * NQ_SESSIONS (sessions run back to back, default 1), NQ_EXPECT_FULL
 * (1: the scenario exhausts its queue on purpose).  .expect lines are the
 * checked final memory. */
#ifndef WQ_NESTED_H
#define WQ_NESTED_H
#include <stdio.h>
#include "asm.h"
#include "nq.h"

/* the build directory's library; the Makefile passes its own $(B) */
#ifndef WQ_NESTED_LIB
#define WQ_NESTED_LIB "build/gen/enqueue.wqs"
#endif

typedef struct wq_nested_result {
    unsigned channels;        /* channels the run used                       */
    uint32_t launches;        /* parents + children + independent kernels    */
    uint32_t children;        /* launches made by threads                    */
    uint32_t maxdepth;        /* deepest nesting level (parent = 0)          */
    uint32_t fails;           /* enqueues refused for lack of queue space     */
    unsigned sessions;
    uint64_t cycles;          /* device time of the whole run                */
    unsigned expects, expects_failed;
    uint64_t recenters;       /* deque traps the driver answered             */
    int      rc;              /* WQ_OK or the first error                     */
} wq_nested_result_t;

/* assemble path with the library appended; 0 or -1 with a message */
int wq_nested_asm(const char *path, const char *lib, wq_program_t *p, char *err,
                  size_t errlen);
/* load p, run its sessions and independent work, check .expect lines.
 * log (may be NULL) gets one line per failed check; the checks run only
 * when the sessions ended without an error.  Returns WQ_OK when
 * every session ended as the program expects and every check held. */
int wq_nested_run(wq_drv_t *d, const wq_program_t *p, uint64_t timeout,
                  wq_nested_result_t *r, FILE *log);
/* how the scenario runner opens its device for cfg: the model in `wq`, the
 * Verilated RTL in lockstep in tb_cosim; 0 or -1 */
struct wq_config;
typedef int (*wq_nested_open_fn)(wq_dev_t *dev, const struct wq_config *cfg, void *user);
/* `wq nested`'s whole command line (argv[0] is the command's name) on
 * whatever open_dev opens, starting from machine configuration base:
 * prints a summary block per scenario and returns the exit code */
int wq_nested_main(int argc, char **argv, const struct wq_config *base,
                   wq_nested_open_fn open_dev, void *user);
/* child-launch latency in device time (tests/programs/bench/
 * nested_latency.wqs, library appended): *local from the thread's
 * semaphore release to the child's first CTA_START, *cpu from the thread's
 * request store to the CTA_START when the host polls and submits over a
 * link costing link_latency per access.  wq_nested_latency runs on the
 * model (ticks); _on on any backend open_dev opens that has dev.h's
 * measurement hooks (WQ_E_DEV otherwise) */
int wq_nested_latency(const wq_program_t *prog, uint32_t link_latency,
                      uint64_t *local, uint64_t *cpu);
int wq_nested_latency_on(const wq_program_t *prog, uint32_t link_latency,
                         const struct wq_config *cfg, wq_nested_open_fn open_dev,
                         void *user, uint64_t *local, uint64_t *cpu);
/* write a program's image into device memory */
int wq_drv_load_image(wq_drv_t *d, const wq_program_t *p);

#endif
