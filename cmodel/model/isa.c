/* isa.c -- instruction tables, decode and encode.
 * Every table here is an expansion of spec/isa*.def, so an opcode, format
 * or field changes in one place only.  The decoder is the one authority on
 * which 64-bit words are legal; the assembler and the disassembler both
 * lean on it. */
#include <string.h>
#include "wq/isa.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

static const wq_opinfo_t op_table[WQ_OP_LIMIT] = {
#define INSN(n, c, f, fl) [c] = {#n, WQ_FMT_##f, fl},
#include "../spec/isa.def"
#undef INSN
};

static const struct { const char *name; unsigned uses; } fmt_table[WQ_FMT_COUNT] = {
#define FMT(n, u) [WQ_FMT_##n] = {#n, u},
#include "../spec/isa_formats.def"
#undef FMT
};

/* bit positions of each field, indexed by WQ_FU_<NAME>_BIT */
static const struct { uint8_t hi, lo; } field_pos[] = {
#define FIELD(n, hi, lo) [WQ_FU_##n##_BIT] = {hi, lo},
#include "../spec/isa_fields.def"
#undef FIELD
};

static const char *const cmp_names[] = {
#define CMP(n, c) [c] = #n,
#include "../spec/isa_enums.def"
#undef CMP
};
static const char *const atomop_names[] = {
#define ATOMOP(n, c) [c] = #n,
#include "../spec/isa_enums.def"
#undef ATOMOP
};
static const char *const rm_names[] = {
#define RM(n, c) [c] = #n,
#include "../spec/isa_enums.def"
#undef RM
};
static const char *const memw_names[] = {
#define MEMW(n, c, w, b, s, st) [c] = #n,
#include "../spec/isa_enums.def"
#undef MEMW
};
static const struct { uint8_t words, bytes, sign, st; } memw_tab[] = {
#define MEMW(n, c, w, b, s, st) [c] = {w, b, s, st},
#include "../spec/isa_enums.def"
#undef MEMW
};
static const char *const sreg_names[] = {
#define SREG(n, c) [c] = #n,
#include "../spec/isa_enums.def"
#undef SREG
};

/* fields every format may use */
#define ALWAYS_USED (WQ_FU_OP | WQ_FU_GP | WQ_FU_GN)

const wq_opinfo_t *wq_opinfo(unsigned op)
{
    static const wq_opinfo_t none = {NULL, 0, 0};
    return op < ARRAY_LEN(op_table) ? &op_table[op] : &none;
}

const char *wq_fmt_name(unsigned fmt)
{
    return fmt < WQ_FMT_COUNT ? fmt_table[fmt].name : NULL;
}

unsigned wq_fmt_uses(unsigned fmt)
{
    return fmt < WQ_FMT_COUNT ? (fmt_table[fmt].uses | ALWAYS_USED) : 0;
}

#define NAME_OF(tab, code) ((code) < ARRAY_LEN(tab) ? (tab)[code] : NULL)
const char *wq_cmp_name(unsigned code)    { return NAME_OF(cmp_names, code); }
const char *wq_atomop_name(unsigned code) { return NAME_OF(atomop_names, code); }
const char *wq_memw_name(unsigned code)   { return NAME_OF(memw_names, code); }
const char *wq_rm_name(unsigned code)     { return NAME_OF(rm_names, code); }
const char *wq_sreg_name(unsigned code)   { return NAME_OF(sreg_names, code); }
unsigned wq_memw_words(unsigned code)
{
    return code < ARRAY_LEN(memw_tab) ? memw_tab[code].words : 0;
}
unsigned wq_memw_bytes(unsigned code)
{
    return code < ARRAY_LEN(memw_tab) ? memw_tab[code].bytes : 0;
}
int wq_memw_signed(unsigned code)
{
    return code < ARRAY_LEN(memw_tab) && memw_tab[code].sign;
}
int wq_memw_st_ok(unsigned code)
{
    return code < ARRAY_LEN(memw_tab) && memw_tab[code].st;
}

int wq_sreg_asm_name(unsigned code, char *buf, size_t len)
{
    const char *n = wq_sreg_name(code);
    size_t k = n ? strlen(n) : 0;
    if (!n || len <= k)
        return -1;
    for (size_t i = 0; i <= k; i++)
        buf[i] = (n[i] >= 'A' && n[i] <= 'Z') ? (char)(n[i] - 'A' + 'a') : n[i];
    /* TID_X -> tid.x: the assembler writes a vector component with a dot */
    if (k >= 2 && buf[k - 2] == '_' && buf[k - 1] >= 'x' && buf[k - 1] <= 'z')
        buf[k - 2] = '.';
    return 0;
}

/* PC arithmetic wraps at 22 bits, so a 22-bit offset sign-extended to 32
 * bits reaches every target; that is the one the assembler emits.  Any
 * other offset is legal and lands on the same target modulo 2^22, but has
 * no assembler spelling of its own (the disassembler prints it as .dword). */
static uint32_t sext_pc(uint32_t v)
{
    uint32_t sign = (WQ_PC_MASK >> 1) + 1u;      /* top bit of a PC */
    return ((v & WQ_PC_MASK) ^ sign) - sign;
}

uint32_t wq_bra_target(uint32_t pc, uint32_t imm)
{
    return (pc + 1u + imm) & WQ_PC_MASK;
}

uint32_t wq_bra_imm(uint32_t pc, uint32_t target)
{
    return sext_pc(target - (pc + 1u));
}

int wq_bra_canonical(uint32_t imm)
{
    return sext_pc(imm) == imm;
}

static uint64_t field_get(uint64_t raw, unsigned bit)
{
    return WQ_BITS(raw, field_pos[bit].hi, field_pos[bit].lo);
}

static uint64_t field_put(uint64_t v, unsigned bit)
{
    return (v << field_pos[bit].lo) & WQ_FMASK(field_pos[bit].hi, field_pos[bit].lo);
}

/* Operand rules beyond "unused fields are zero" (docs/spec.md §ISA). */
static int operands_legal(const wq_insn_t *i)
{
    unsigned uses = wq_fmt_uses(i->fmt);
    /* rb and imm exclude each other, so every legal word has exactly one
     * assembler spelling: the one that BI does not select must be zero */
    if (uses & WQ_FU_BI) {
        if (i->bi ? i->rb != 0 : i->imm != 0)
            return 0;
    }
    switch (i->fmt) {
    case WQ_FMT_P:
        return wq_cmp_name(i->fn) != NULL && i->rd < WQ_PT;
    case WQ_FMT_LD:
        return wq_memw_words(i->fn) != 0 && i->rd + wq_memw_words(i->fn) <= WQ_NUM_REGS;
    case WQ_FMT_ST:
        return wq_memw_st_ok(i->fn) && i->rb + wq_memw_words(i->fn) <= WQ_NUM_REGS;
    case WQ_FMT_A:
        if (!wq_atomop_name(i->fn))
            return 0;
        return i->fn != WQ_ATOM_CAS || i->rb + 1u < WQ_NUM_REGS;
    case WQ_FMT_SR:
        return wq_sreg_name(i->imm) != NULL;
    case WQ_FMT_CV:
        return wq_rm_name(i->fn) != NULL;
    case WQ_FMT_B:
        return i->op == WQ_OP_BRA || (i->imm & ~WQ_PC_MASK) == 0;
    case WQ_FMT_BL:
        return (i->imm & ~WQ_PC_MASK) == 0;
    default:
        return 1;
    }
}

static unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }

/* highest register index read or written, for the ILLEGAL_REG check */
static unsigned max_reg(const wq_insn_t *i)
{
    unsigned uses = wq_fmt_uses(i->fmt), m = 0;
    unsigned dext = 0, bext = 0;         /* extra registers past rd / rb */
    if (i->fmt == WQ_FMT_LD)
        dext = wq_memw_words(i->fn) - 1u;
    if (i->fmt == WQ_FMT_ST)
        bext = wq_memw_words(i->fn) - 1u;
    if (i->fmt == WQ_FMT_A && i->fn == WQ_ATOM_CAS)
        bext = 1;
    if ((uses & WQ_FU_RD) && i->fmt != WQ_FMT_P)   /* SETP's rd is a predicate */
        m = umax(m, i->rd + dext);
    if (uses & WQ_FU_RA)
        m = umax(m, i->ra);
    if ((uses & WQ_FU_RB) && !((uses & WQ_FU_BI) && i->bi))
        m = umax(m, i->rb + bext);
    return m;
}

int wq_decode(uint64_t raw, wq_insn_t *o)
{
    memset(o, 0, sizeof *o);
    o->op = (uint8_t)field_get(raw, WQ_FU_OP_BIT);
    o->gp = (uint8_t)field_get(raw, WQ_FU_GP_BIT);
    o->gn = (uint8_t)field_get(raw, WQ_FU_GN_BIT);
    o->rd = (uint8_t)field_get(raw, WQ_FU_RD_BIT);
    o->ra = (uint8_t)field_get(raw, WQ_FU_RA_BIT);
    o->rb = (uint8_t)field_get(raw, WQ_FU_RB_BIT);
    o->bi = (uint8_t)field_get(raw, WQ_FU_BI_BIT);
    o->fn = (uint8_t)field_get(raw, WQ_FU_FN_BIT);
    o->imm = (uint32_t)field_get(raw, WQ_FU_IMM_BIT);
    const wq_opinfo_t *oi = wq_opinfo(o->op);
    if (!oi->name)
        return WQ_TRAP_ILLEGAL_INSTR;
    o->fmt = oi->fmt;
    o->flags = oi->flags;
    unsigned uses = wq_fmt_uses(o->fmt);
    for (unsigned b = 0; b < ARRAY_LEN(field_pos); b++)
        if (!(uses & (1u << b)) && field_get(raw, b) != 0)
            return WQ_TRAP_ILLEGAL_INSTR;
    if (!operands_legal(o))
        return WQ_TRAP_ILLEGAL_INSTR;
    o->maxreg = (uint8_t)max_reg(o);
    o->valid = 1;
    return 0;
}

uint64_t wq_encode(const wq_insn_t *in)
{
    return field_put(in->op, WQ_FU_OP_BIT) | field_put(in->gp, WQ_FU_GP_BIT) |
           field_put(in->gn, WQ_FU_GN_BIT) | field_put(in->rd, WQ_FU_RD_BIT) |
           field_put(in->ra, WQ_FU_RA_BIT) | field_put(in->rb, WQ_FU_RB_BIT) |
           field_put(in->bi, WQ_FU_BI_BIT) | field_put(in->fn, WQ_FU_FN_BIT) |
           field_put(in->imm, WQ_FU_IMM_BIT);
}
