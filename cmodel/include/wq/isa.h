/* isa.h -- instruction encode / decode / disassemble (spec/isa*.def). */
#ifndef WQ_ISA_H
#define WQ_ISA_H
#include <stddef.h>
#include "defs.h"
#include "token.h"

#define WQ_PT 7u                 /* predicate 7 reads as true, writes ignored */
#define WQ_NUM_REGS 32u
#define WQ_PC_MASK WQ_TOKEN_ADDR_MASK /* 22-bit instruction index = token address */

typedef struct wq_insn {
    uint8_t  op, fmt, flags, valid;
    uint8_t  gp, gn, rd, ra, rb, bi, fn;
    uint8_t  maxreg;             /* highest register index the insn touches */
    uint32_t imm;
} wq_insn_t;

typedef struct wq_opinfo {
    const char *name;            /* upper-case mnemonic, NULL if unassigned */
    uint8_t fmt, flags;
} wq_opinfo_t;

const wq_opinfo_t *wq_opinfo(unsigned op);
const char *wq_fmt_name(unsigned fmt);
unsigned    wq_fmt_uses(unsigned fmt);        /* WQ_FU_* bits */

/* decode: 0, or WQ_TRAP_ILLEGAL_INSTR (unknown opcode, unused field nonzero,
 * bad FN code, V4 register range past r31, pd > 7 ...) */
int      wq_decode(uint64_t raw, wq_insn_t *out);
uint64_t wq_encode(const wq_insn_t *in);      /* fields as given, no checks */
/* the disassembler (one word to one line of text) is the assembler's: asm.h */

/* SEL's FN packs the select predicate as isa.def says: FN = neg << 3 | p,
 * where p is as wide as the guard field GP (3 bits). */
#define WQ_SEL_PBITS    (WQ_F_GP_HI - WQ_F_GP_LO + 1)
#define WQ_SEL_PRED(fn) ((unsigned)(fn) & ((1u << WQ_SEL_PBITS) - 1u))
#define WQ_SEL_NEG(fn)  (((unsigned)(fn) >> WQ_SEL_PBITS) & 1u)
#define WQ_SEL_FN(neg, p) ((((unsigned)(neg) & 1u) << WQ_SEL_PBITS) | WQ_SEL_PRED(p))

/* Names of the codes in spec/isa_enums.def, upper case as written there;
 * NULL when the code is unassigned. */
const char *wq_cmp_name(unsigned code);
const char *wq_atomop_name(unsigned code);
const char *wq_memw_name(unsigned code);
const char *wq_rm_name(unsigned code);        /* conversion rounding mode (RM) */
unsigned    wq_memw_words(unsigned code);     /* registers moved; 0 if unassigned */
unsigned    wq_memw_bytes(unsigned code);     /* bytes per register; 0 if unassigned */
int         wq_memw_signed(unsigned code);    /* a load sign-extends               */
int         wq_memw_st_ok(unsigned code);     /* legal on ST                       */
const char *wq_sreg_name(unsigned code);
/* assembler spelling of a special register: lower case, a trailing
 * _X/_Y/_Z becomes .x/.y/.z (TID_X -> "tid.x"); 0, or -1 if unassigned */
int         wq_sreg_asm_name(unsigned code, char *buf, size_t len);
/* BRA: target = (pc + 1 + imm) & WQ_PC_MASK.  The assembler emits the
 * offset as a 22-bit value sign-extended to 32 bits (wq_bra_imm); other
 * offsets are legal but have no assembler spelling (wq_bra_canonical = 0). */
uint32_t    wq_bra_target(uint32_t pc, uint32_t imm);
uint32_t    wq_bra_imm(uint32_t pc, uint32_t target);
int         wq_bra_canonical(uint32_t imm);

#endif
