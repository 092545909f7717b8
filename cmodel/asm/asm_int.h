/* asm_int.h -- private to the assembler (asm*.c): its working state and the
 * helpers the pieces share.  The public API is wq/asm.h.
 *
 * The assembler makes two passes over the source.  Pass 1 fixes the layout
 * (instruction indices, data addresses) and defines every label; pass 2
 * evaluates operands and fills the bytes.  Both passes run the same parsing
 * code, so they cannot disagree about layout; in pass 1 a symbol that is not
 * defined yet reads as 0 and marks the value "unresolved", which turns its
 * range checks off until pass 2.  Directives whose value moves later
 * positions (.code .data .zero .fill-count .align .equ) must only use
 * symbols defined above them. */
#ifndef WQ_ASM_INT_H
#define WQ_ASM_INT_H
#include <stdint.h>
#include "wq/asm.h"
#include "wq/isa.h"

#define WQ_AS_MAX_LINE   4096u          /* characters before the comment */
#define WQ_AS_MAX_NAME   255u           /* symbol / launch / dump names (a kernel's label: WQ_CC_NAME_MAX + ".Ln") */
#define WQ_AS_MAX_IMAGE  (16u << 20)    /* bytes of code + data */
#define WQ_AS_MAX_LABELS 16u            /* labels on one line */

typedef struct wq_as {
    wq_program_t *p;
    const char *file;
    char *err;
    size_t errlen;
    int failed;
    int pass;                           /* 1 or 2 */
    int line;
    char text[WQ_AS_MAX_LINE + 1];      /* current line, comment removed */
    const char *s;                      /* cursor into text */
    int unres;                          /* last expression used an undefined symbol */
    /* symbols: open addressing, entries are index + 1 into p->syms */
    unsigned *hash, hcap, symcap;
    /* layout */
    int in_code;                        /* current section is code */
    int code_set;                       /* .code seen */
    uint32_t pc;                        /* instructions placed so far */
    uint64_t dpos;                      /* next data byte address (2^32 = full) */
    unsigned seg;                       /* current data segment, 0 = none yet */
    unsigned seg_next;                  /* pass 2: next segment to open */
    uint32_t seg_fill;                  /* bytes placed in the current segment */
    unsigned segcap;
    int *seg_line;                      /* line that opened each segment */
    uint64_t image;                     /* bytes of code + data (pass 1) */
    unsigned expcap, dumpcap;
    /* .launch block being read */
    int in_launch, launch_line;
    unsigned launch_idx, launch_next, launch_seen;
} wq_as_t;

/* asm.c */
int  wq__err(wq_as_t *as, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* asm_lex.c -- tokens and expressions on as->s */
int  wq__is_id0(int c);
int  wq__is_id(int c);
void wq__ws(wq_as_t *as);
int  wq__at_end(wq_as_t *as);
int  wq__accept(wq_as_t *as, char c);
int  wq__expect(wq_as_t *as, char c);
int  wq__end(wq_as_t *as);
int  wq__ident(wq_as_t *as, char *buf, size_t cap);   /* length, 0 none, -1 error */
const char *wq__tok(wq_as_t *as, char *buf, size_t cap);
int  wq__reserved(const char *name);
int  wq__peek_reg(wq_as_t *as);
int  wq__reg(wq_as_t *as, unsigned *r);
int  wq__pred(wq_as_t *as, unsigned *p, unsigned *neg, int allow_neg);
int  wq__expr(wq_as_t *as, uint64_t *v);      /* any symbol (pass 1: lenient) */
int  wq__expr_now(wq_as_t *as, uint64_t *v);  /* symbols defined above only */
int  wq__fit(wq_as_t *as, uint64_t v, int64_t lo, int64_t hi, const char *what,
             uint32_t *out);
int  wq__fit32(wq_as_t *as, uint64_t v, const char *what, uint32_t *out);
int  wq__string(wq_as_t *as, char *buf, size_t cap);

/* asm_sym.c */
int  wq__sym_find(const wq_as_t *as, const char *name);     /* index or -1 */
int  wq__sym_def(wq_as_t *as, const char *name, uint32_t v, int is_code);
void wq__sym_free(wq_as_t *as);

/* asm_image.c -- code and data placement */
int  wq__emit_insn(wq_as_t *as, uint64_t word);
int  wq__data_open(wq_as_t *as, uint32_t addr);
int  wq__data_emit(wq_as_t *as, const uint8_t *bytes, uint32_t n); /* NULL: zeros */
int  wq__data_align(wq_as_t *as, uint32_t n);
int  wq__image_start(wq_as_t *as);       /* before pass 1 */
int  wq__image_layout(wq_as_t *as);      /* between passes: check, allocate */

/* asm_insn.c */
int  wq__insn(wq_as_t *as, const char *mnemonic, unsigned gp, unsigned gn);

/* asm_dir.c -- 1 when the name is not one of its directives */
int  wq__directive(wq_as_t *as, const char *name);
int  wq__moves_position(const char *name);

/* asm_launch.c */
int  wq__launch_dir(wq_as_t *as, const char *name);   /* 1: not a launch directive */
int  wq__launch_finish(wq_as_t *as);                  /* at end of source */

#endif
