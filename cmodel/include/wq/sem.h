/* sem.h -- semaphore unit functions (DESIGN §5, spec/sem.def).  Pure
 * functions of (operation, memory value, payload) so the host interface,
 * the tests and the RTL benches share one definition. */
#ifndef WQ_SEM_H
#define WQ_SEM_H
#include "defs.h"

/* 1 when an acquire of `op` passes with memory value `mv`, 0 when it fails;
 * -1 when op is not an acquire.  is64 selects the payload width. */
int      wq_sem_acquire_passes(unsigned op, uint64_t mv, uint64_t payload, int is64);
/* result of a reduction; *err = WQ_CHERR_BAD_REDUCTION for codes 8..15 */
uint64_t wq_sem_reduce(unsigned red, int is_unsigned, uint64_t mv,
                       uint64_t payload, int is64, int *err);
/* decoded SEM_EXECUTE word */
typedef struct wq_sem_exec {
    unsigned op, acquire_switch, release_wfi, is64, red, is_unsigned;
} wq_sem_exec_t;
void wq_sem_decode(uint32_t word, wq_sem_exec_t *out);

#endif
