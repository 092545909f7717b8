/* host_bad.c -- drift self-test: a method/CSR decoder (file name host*.c)
 * that copies table rows.  Never compiled; see README. */
#include "wq/defs.h"

/* (i) definitions that re-define a table row */
#define SEM_EXECUTE 0x@HEX:WQ_M_SEM_EXECUTE@              /* expect: WQ_M_SEM_EXECUTE */
#define WQ_OP_ADD 33                             /* expect: WQ_OP_ADD */
#define HOST_M_WFI 0x78                          /* expect: WQ_M_WFI */
#define TOKEN_TYPE_W 4                           /* expect: WQ_TF_TYPE_W */
#define SEM_EXECUTE_OFF 0x@HEX:WQ_M_SEM_EXECUTE@          /* expect: WQ_M_SEM_EXECUTE */
#define WQ_TRAP_MISALIGNED_CODE @DEC:WQ_TRAP_MISALIGNED@           /* expect: WQ_TRAP_MISALIGNED */
#define LAUNCH_DESC_ADDR 0x@HEX:WQ_M_LAUNCH_DESC@              /* expect: WQ_M_LAUNCH_DESC */
enum wq_bad {
    LOCAL_A = 0,
    LOCAL_B,
    TOK_YIELD = 3,                               /* expect: WQ_TOK_YIELD */
    SEM_ADDR_HI = (0x@HEX:WQ_M_SEM_ADDR_HI@u)              /* expect: WQ_M_SEM_ADDR_HI */
};
static const uint32_t IRQ_STATUS = 0x@HEX:WQ_CSR_IRQ_STATUS@;        /* expect: WQ_CSR_IRQ_STATUS */

/* (ii) literal offsets in a decoder */
int host_bad(unsigned off, unsigned v)
{
    switch (off) {
    case 0x@HEX:WQ_M_SEM_EXECUTE@:                                  /* expect: WQ_M_SEM_EXECUTE */
        return 1;
    case (0x@HEX:WQ_MADDR_WFI@):                                /* expect: WQ_MADDR_WFI */
        return 2;
    case 4:                                      /* decimal: not an offset copy */
        return 3;
    default:
        break;
    }
    if (off == 0x@HEX:WQ_CSR_PERF_INSTR@)                           /* expect: WQ_CSR_PERF_INSTR */
        return 4;
    if (0x@HEX:WQ_CSR_PERF_METHODS@ != off)                           /* expect: WQ_CSR_PERF_METHODS */
        return 5;

    /* near misses: must stay quiet */
    if ((v & 0x3) == 0x0 || v == 0x7)            /* zero, one digit */
        return 6;
    /* #define SEM_EXECUTE 0x6c  -- in a comment */
    const char *s = "case 0x6C: #define WQ_OP_ADD 1";
    (void)s;
    return 0;
}
#define SEM_EXECUTE_SHIFT(x) ((x) << 2)          /* function-like */
#define HOST_SEM_EXECUTE_COUNT 3
#define SEM_EXECUTE_OFF_MASK 0x@HEX:WQ_M_SEM_EXECUTE@      /* decoration not at the end */
#define WQ_PT_CODE 7u
#define WQ_HOST_MAX 16u
#define ADD 3                                    /* bare row name, other value */
enum { ST_IDLE = 1, WQ_RUN_IDLE = 1 };            /* short row name as suffix */
#define OLD_SEM_EXECUTE 0x@HEX:WQ_M_SEM_EXECUTE@          /* spec_check: ok */
