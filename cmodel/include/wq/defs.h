/* defs.h -- C view of every encoding, expanded from the tables in cmodel/spec/.
 * Nothing here is typed by hand: each constant comes from one table row.
 * The Verilog view (build/gen/wq_defs.vh) is generated from the same rows by
 * cmodel/tools/wq_gen.c. */
#ifndef WQ_DEFS_H
#define WQ_DEFS_H
#include <stdint.h>

#define WQ_BITS(v, hi, lo) \
    (((v) >> (lo)) & ((((uint64_t)1) << ((hi) - (lo) + 1)) - 1))
#define WQ_FMASK(hi, lo) (((((uint64_t)1) << ((hi) - (lo) + 1)) - 1) << (lo))

/* instruction fields: WQ_F_<NAME>_HI / _LO */
enum {
#define FIELD(n, hi, lo) WQ_F_##n##_HI = hi, WQ_F_##n##_LO = lo,
#include "../../spec/isa_fields.def"
#undef FIELD
};
/* which fields a format may use */
enum {
#define FIELD(n, hi, lo) WQ_FU_##n##_BIT,
#include "../../spec/isa_fields.def"
#undef FIELD
};
#define WQ_FU_OP  (1u << WQ_FU_OP_BIT)
#define WQ_FU_GP  (1u << WQ_FU_GP_BIT)
#define WQ_FU_GN  (1u << WQ_FU_GN_BIT)
#define WQ_FU_RD  (1u << WQ_FU_RD_BIT)
#define WQ_FU_RA  (1u << WQ_FU_RA_BIT)
#define WQ_FU_RB  (1u << WQ_FU_RB_BIT)
#define WQ_FU_BI  (1u << WQ_FU_BI_BIT)
#define WQ_FU_FN  (1u << WQ_FU_FN_BIT)
#define WQ_FU_IMM (1u << WQ_FU_IMM_BIT)

typedef enum {
#define FMT(n, uses) WQ_FMT_##n,
#include "../../spec/isa_formats.def"
#undef FMT
    WQ_FMT_COUNT
} wq_fmt_t;

enum {
#define IFLAG(n, bit) WQ_IF_##n = 1u << (bit),
#include "../../spec/isa_flags.def"
#undef IFLAG
};

typedef enum {
#define INSN(n, code, fmt, flags) WQ_OP_##n = code,
#include "../../spec/isa.def"
#undef INSN
    WQ_OP_LIMIT = 256
} wq_opcode_t;

enum {
#define CMP(n, c) WQ_CMP_##n = c,
#include "../../spec/isa_enums.def"
#undef CMP
#define ATOMOP(n, c) WQ_ATOM_##n = c,
#include "../../spec/isa_enums.def"
#undef ATOMOP
#define RM(n, c) WQ_RM_##n = c,
#include "../../spec/isa_enums.def"
#undef RM
#define FCLASS(n, b) WQ_FCLASS_##n = b,
#include "../../spec/isa_enums.def"
#undef FCLASS
#define MEMW(n, c, w, b, s, st) WQ_MEMW_##n = c,
#include "../../spec/isa_enums.def"
#undef MEMW
#define SREG(n, c) WQ_SR_##n = c,
#include "../../spec/isa_enums.def"
#undef SREG
};

/* tokens */
typedef enum {
#define TOKTYPE(n, c) WQ_TOK_##n = c,
#include "../../spec/token.def"
#undef TOKTYPE
} wq_toktype_t;
enum {
#define TOKFIELD(n, hi, lo) WQ_TF_##n##_HI = hi, WQ_TF_##n##_LO = lo,
#include "../../spec/token.def"
#undef TOKFIELD
};

/* GPFIFO entries */
enum {
#define GPFIELD(n, w, hi, lo) WQ_GP_##n##_WORD = w, WQ_GP_##n##_HI = hi, WQ_GP_##n##_LO = lo,
#include "../../spec/gp.def"
#undef GPFIELD
#define GPCTL(n, c) WQ_GPCTL_##n = c,
#include "../../spec/gp.def"
#undef GPCTL
};

/* method headers, SEC_OPs, methods */
enum {
#define MHFIELD(n, hi, lo) WQ_MH_##n##_HI = hi, WQ_MH_##n##_LO = lo,
#include "../../spec/method.def"
#undef MHFIELD
#define SECOP(n, c, legal) WQ_SECOP_##n = c,
#include "../../spec/method.def"
#undef SECOP
#define METHOD(n, off) WQ_M_##n = off,
#include "../../spec/method.def"
#undef METHOD
};

/* semaphores */
enum {
#define SEMFIELD(n, hi, lo) WQ_SEMF_##n##_HI = hi, WQ_SEMF_##n##_LO = lo,
#include "../../spec/sem.def"
#undef SEMFIELD
#define SEMOP(n, c) WQ_SEMOP_##n = c,
#include "../../spec/sem.def"
#undef SEMOP
#define SEMRED(n, c) WQ_SEMRED_##n = c,
#include "../../spec/sem.def"
#undef SEMRED
};

/* launch descriptor */
enum {
#define LDWORD(n, i) WQ_LD_##n = i,
#include "../../spec/launch.def"
#undef LDWORD
    WQ_LD_WORDS = 16
};
enum {
#define LDFIELD(w, n, hi, lo) WQ_LDF_##w##_##n##_HI = hi, WQ_LDF_##w##_##n##_LO = lo,
#include "../../spec/launch.def"
#undef LDFIELD
#define YPOLICY(n, c) WQ_YP_##n = c,
#include "../../spec/launch.def"
#undef YPOLICY
#define YLFSR(n, v) WQ_YLFSR_##n = v,
#include "../../spec/launch.def"
#undef YLFSR
#define YEVERY(n, v) WQ_YEVERY_##n = v,
#include "../../spec/launch.def"
#undef YEVERY
#define LDLIMIT(n, v) WQ_LDLIMIT_##n = v,
#include "../../spec/launch.def"
#undef LDLIMIT
#define DQCMD(n, c) WQ_DQCMD_##n = c,
#include "../../spec/deque.def"
#undef DQCMD
};

/* the kernel ABI's parameter-buffer header (kabi.def), in words */
enum {
#define KPARAM(n, w) WQ_KPARAM_##n = w,
#include "../../spec/kabi.def"
#undef KPARAM
};
#define WQ_KPARAM_ARGS (4u * WQ_KPARAM_HEADER_WORDS)   /* the first argument's byte */
/* the launch's words after the arguments (kabi.def KTAIL) */
enum {
#define KTAIL(n, w) WQ_KTAIL_##n = w,
#include "../../spec/kabi.def"
#undef KTAIL
};
/* the 64-bit atomics' lock table (kabi.def KLOCKS) */
enum {
#define KLOCKS(n, v) WQ_##n = v,
#include "../../spec/kabi.def"
#undef KLOCKS
};
/* the printf buffer (kabi.def KPRINTF) */
enum {
#define KPRINTF(n, v) WQ_##n = v,
#include "../../spec/kabi.def"
#undef KPRINTF
};

/* nested work's memory layout (nq.def; the driver's side is nq.h) */
enum {
#define NQQD(n, off) WQ_QD_##n = off,
#include "../../spec/nq.def"
#undef NQQD
#define NQSLOT(n, v) WQ_NQ_##n = v,
#include "../../spec/nq.def"
#undef NQSLOT
#define NQPARAM(n, v) WQ_NQ_PARAM_##n = v,
#include "../../spec/nq.def"
#undef NQPARAM
#define NQENQ(n, c) WQ_ENQ_##n = c,
#include "../../spec/nq.def"
#undef NQENQ
    /* wq_enqueue_nd's grid: GRID_X = global / local is at most this */
    WQ_NQ_MAX_GROUPS = WQ_LDLIMIT_GRID_DIM
};

/* traps and channel errors */
typedef enum {
#define TRAP(n, c, r) WQ_TRAP_##n = c,
#include "../../spec/trap.def"
#undef TRAP
} wq_trap_t;
typedef enum {
#define CHERR(n, c) WQ_CHERR_##n = c,
#include "../../spec/error.def"
#undef CHERR
} wq_cherr_t;

/* CSRs */
enum {
#define CSR(n, off, acc) WQ_CSR_##n = off,
#include "../../spec/csr.def"
#undef CSR
#define CHCSR(n, off, acc) WQ_CHCSR_##n = off,
#include "../../spec/csr.def"
#undef CHCSR
#define IRQ(n, b) WQ_IRQ_##n = b,
#include "../../spec/csr.def"
#undef IRQ
#define DBGCMD(n, c) WQ_DBGCMD_##n = c,
#include "../../spec/csr.def"
#undef DBGCMD
};
typedef enum {
#define WSTATE(n, c) WQ_WS_##n = c,
#include "../../spec/csr.def"
#undef WSTATE
} wq_wstate_t;
typedef enum {
#define CHSTATE(n, c) WQ_CH_##n = c,
#include "../../spec/csr.def"
#undef CHSTATE
} wq_chstate_t;
/* packed CSR fields: WQ_CSRF_<REG>_<NAME>_HI / _LO; fixed values WQ_CSRVAL_* */
enum {
#define CSRFIELD(r, n, hi, lo) WQ_CSRF_##r##_##n##_HI = hi, WQ_CSRF_##r##_##n##_LO = lo,
#include "../../spec/csr.def"
#undef CSRFIELD
};
enum {
#define CSRVAL(n, v) WQ_CSRVAL_##n = v,
#include "../../spec/csr.def"
#undef CSRVAL
};

/* host channel-switch reasons (CHAN_SWITCH event aux) */
typedef enum {
#define SWREASON(n, c) WQ_SW_##n = c,
#include "../../spec/switch.def"
#undef SWREASON
} wq_swreason_t;

/* line-request operations of the memory path (coalescer, L1) */
typedef enum {
#define MEMOP(n, c) WQ_MEMOP_##n = c,
#include "../../spec/mempath.def"
#undef MEMOP
} wq_memop_t;

/* trace events */
typedef enum {
#define EVENT(n, c) WQ_EV_##n = c,
#include "../../spec/event.def"
#undef EVENT
} wq_event_t;

/* step API kinds and results (spec/step.def) */
enum {
#define STEPKIND(n, c) WQ_STEPK_##n = c,
#include "../../spec/step.def"
#undef STEPKIND
#define STEPRES(n, c) WQ_STEP_##n = c,
#include "../../spec/step.def"
#undef STEPRES
};

/* the UART bridge's protocol (spec/uart.def, docs/rtl/wq_uart_bridge.md) */
enum {
#define UARTCMD(n, c) WQ_UART_CMD_##n = c,
#include "../../spec/uart.def"
#undef UARTCMD
#define UARTST(n, c) WQ_UART_ST_##n = c,
#include "../../spec/uart.def"
#undef UARTST
#define UARTWAIT(n, c) WQ_UART_WAIT_##n = c,
#include "../../spec/uart.def"
#undef UARTWAIT
#define UARTBYTE(n, v) WQ_UART_##n = v,
#include "../../spec/uart.def"
#undef UARTBYTE
#define UARTVAL(n, v) WQ_UART_##n = v,
#include "../../spec/uart.def"
#undef UARTVAL
};

/* names, for messages and the disassembler (tables.c) */
const char *wq_trap_name(unsigned code);
const char *wq_cherr_name(unsigned code);
const char *wq_toktype_name(unsigned code);
const char *wq_event_name(unsigned code);
const char *wq_chstate_name(unsigned code);
const char *wq_semop_name(unsigned code);
const char *wq_semred_name(unsigned code);

#endif
