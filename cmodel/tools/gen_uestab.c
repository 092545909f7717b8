/* gen_uestab.c -- `wq_gen uestab`: wq_sched_ue's firmware dispatch tables
 * (build/gen/wq_sched_tab.inc) from cmodel/spec/ue_sched_tab.def, each in
 * the order of the codes the spec gives the keys (isa.def, isa_enums.def,
 * csr.def).  The rows name their keys through the enums of defs.h, so a
 * key that does not exist is a compile error here; a code that exists but
 * has no row is reported and fails the build (returns 1). */
#include <stdio.h>
#include <stddef.h>
#include "wq/defs.h"
#include "gen_registry.h"

typedef struct { unsigned code; const char *label; } uestab_row_t;

#define MAXTAB 256
#define CSRTAB_LEN 32u          /* offsets 0x00..0x7C: the window's range */

/* one table: fill the holes, check that every code of its key set has a
 * row; returns the number of missing rows */
static unsigned emit_table(const char *name, const char *what,
                           const uestab_row_t *rows, unsigned nrows, unsigned base,
                           const unsigned *codes, const char *const *code_names,
                           unsigned ncodes, int require, unsigned len, const char *hole)
{
    const char *slot[MAXTAB] = { 0 };
    unsigned missing = 0;
    for (unsigned i = 0; i < nrows; i++) {
        unsigned k = rows[i].code - base;
        if (rows[i].code < base || k >= len || slot[k]) {
            fprintf(stderr, "wq_gen uestab: %s row for code 0x%02X is out of range or twice\n",
                    name, rows[i].code);
            missing++;
            continue;
        }
        slot[k] = rows[i].label;
    }
    for (unsigned i = 0; i < ncodes && require; i++)
        if (codes[i] >= base && codes[i] - base < len && !slot[codes[i] - base]) {
            fprintf(stderr, "wq_gen uestab: %s %s (0x%02X) has no row in "
                    "cmodel/spec/ue_sched_tab.def\n", what, code_names[i], codes[i]);
            missing++;
        }
    printf("%s:\n", name);
    for (unsigned k = 0; k < len; k++) {
        const char *n = "";
        for (unsigned i = 0; i < ncodes; i++)
            if (codes[i] == k + base) n = code_names[i];
        printf("        j %-14s ; %02X %s\n", slot[k] ? slot[k] : hole, k + base, n);
    }
    return missing;
}

/* a table's length: past its last row and, where every code needs a row,
 * past the last code (so a code beyond the rows is reported missing) */
static unsigned table_len(const uestab_row_t *r, unsigned n, const unsigned *codes,
                          unsigned ncodes, unsigned base)
{
    unsigned m = 0;
    for (unsigned i = 0; i < n; i++)
        if (r[i].code >= base && r[i].code - base + 1 > m) m = r[i].code - base + 1;
    for (unsigned i = 0; i < ncodes; i++)
        if (codes[i] >= base && codes[i] - base + 1 > m) m = codes[i] - base + 1;
    return m < MAXTAB ? m : MAXTAB;
}

int wq_emit_uestab(void)
{
    static const uestab_row_t op[] = {
#define UES_OP(n, l) { WQ_OP_##n, #l },
#include "../spec/ue_sched_tab.def"
#undef UES_OP
    };
    static const uestab_row_t alu[] = {
#define UES_ALU(n, l) { WQ_OP_##n, #l },
#include "../spec/ue_sched_tab.def"
#undef UES_ALU
    };
    static const uestab_row_t cmp[] = {
#define UES_CMP(n, l) { WQ_CMP_##n, #l },
#include "../spec/ue_sched_tab.def"
#undef UES_CMP
    };
    static const uestab_row_t sreg[] = {
#define UES_SREG(n, l) { WQ_SR_##n, #l },
#include "../spec/ue_sched_tab.def"
#undef UES_SREG
    };
    static const uestab_row_t atom[] = {
#define UES_ATOM(n, l) { WQ_ATOM_##n, #l },
#include "../spec/ue_sched_tab.def"
#undef UES_ATOM
    };
    static const uestab_row_t csr_r[] = {
#define UES_CSR(n, r, w) { WQ_CSR_##n >> 2, #r },
#include "../spec/ue_sched_tab.def"
#undef UES_CSR
    };
    static const uestab_row_t csr_w[] = {
#define UES_CSR(n, r, w) { WQ_CSR_##n >> 2, #w },
#include "../spec/ue_sched_tab.def"
#undef UES_CSR
    };
    /* the key sets, from the spec */
    static const unsigned op_c[] = {
#define INSN(n, code, fmt, flags) code,
#include "../spec/isa.def"
#undef INSN
    };
    static const char *const op_n[] = {
#define INSN(n, code, fmt, flags) #n,
#include "../spec/isa.def"
#undef INSN
    };
    /* isa_enums.def expands only the tables whose macro is defined */
    static const unsigned cmp_c[] = {
#define CMP(n, c) c,
#include "../spec/isa_enums.def"
#undef CMP
    };
    static const char *const cmp_n[] = {
#define CMP(n, c) #n,
#include "../spec/isa_enums.def"
#undef CMP
    };
    static const unsigned sreg_c[] = {
#define SREG(n, c) c,
#include "../spec/isa_enums.def"
#undef SREG
    };
    static const char *const sreg_n[] = {
#define SREG(n, c) #n,
#include "../spec/isa_enums.def"
#undef SREG
    };
    static const unsigned atom_c[] = {
#define ATOMOP(n, c) c,
#include "../spec/isa_enums.def"
#undef ATOMOP
    };
    static const char *const atom_n[] = {
#define ATOMOP(n, c) #n,
#include "../spec/isa_enums.def"
#undef ATOMOP
    };
    static const unsigned csr_c[] = {
#define CSR(n, off, acc) (off) >> 2,
#define CHCSR(n, off, acc)
#include "../spec/csr.def"
#undef CSR
#undef CHCSR
    };
    static const char *const csr_n[] = {
#define CSR(n, off, acc) #n,
#define CHCSR(n, off, acc)
#include "../spec/csr.def"
#undef CSR
#undef CHCSR
    };
#define N(a) (unsigned)(sizeof a / sizeof a[0])
    unsigned bad = 0;
    printf("; wq_sched_tab.inc -- GENERATED by cmodel/tools/gen_uestab.c (wq_gen uestab)\n"
           "; from cmodel/spec/ue_sched_tab.def; do not edit.  wq_sched_ue's dispatch\n"
           "; tables, each indexed by the code of its key (jr REG, TABLE); ROM < 512.\n");
    bad += emit_table("optab", "opcode", op, N(op), 0, op_c, op_n, N(op_c), 1,
                      table_len(op, N(op), op_c, N(op_c), 0), "unimpl");
    bad += emit_table("csrtab_r", "CSR", csr_r, N(csr_r), 0, csr_c, csr_n, N(csr_c), 0,
                      CSRTAB_LEN, "csr_err");
    bad += emit_table("csrtab_w", "CSR", csr_w, N(csr_w), 0, csr_c, csr_n, N(csr_c), 0,
                      CSRTAB_LEN, "csr_err");
    bad += emit_table("setptab", "compare code", cmp, N(cmp), 0, cmp_c, cmp_n, N(cmp_c), 1,
                      table_len(cmp, N(cmp), cmp_c, N(cmp_c), 0), "unimpl");
    bad += emit_table("s2rtab", "special register", sreg, N(sreg), 0, sreg_c, sreg_n,
                      N(sreg_c), 1, table_len(sreg, N(sreg), sreg_c, N(sreg_c), 0), "unimpl");
    /* ALU rows: the ops whose OPTAB handler runs the ALU loop; a hole
     * between them is unimpl */
    bad += emit_table("alutab", "ALU opcode", alu, N(alu), WQ_OP_ADD, op_c, op_n, N(op_c), 0,
                      table_len(alu, N(alu), NULL, 0, WQ_OP_ADD), "unimpl");
    bad += emit_table("atomtab", "atomic operation", atom, N(atom), 0, atom_c, atom_n,
                      N(atom_c), 1, table_len(atom, N(atom), atom_c, N(atom_c), 0), "unimpl");
#undef N
    return bad ? 1 : 0;
}
