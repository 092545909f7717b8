/* misc_good.c -- drift self-test: not a decoder, so literal offsets are
 * not checked here; definitions still are.  Never compiled; see README. */
#include "wq/defs.h"

#define WQ_NUM_REGS 32u
#define WQ_PC_MASK 0x3FFFFFu
#define WQ_PAGE_SIZE 4096u
#define RD_HI @DEC:WQ_F_RD_HI@                                  /* expect: WQ_F_RD_HI */
typedef enum { WQ_RUN_IDLE = 0, WQ_RUN_TRAP, WQ_RUN_LIMIT } wq_runres_t;

static unsigned misc(unsigned x)
{
    switch (x) {
    case 0x@HEX:WQ_M_SEM_EXECUTE@:       /* not a method decoder: allowed */
        return 1;
    case WQ_M_WFI:
        return 2;
    }
    return x == 0x@HEX:WQ_CSR_PERF_INSTR@;
}
