/* ue_asm_int.h -- private to the micro-engine assembler (ue_asm*.c).  The
 * public API is wq_ue_asm() in wq/ue.h; the syntax is in docs/model/ue.md.
 *
 * The source files are read first, .include lines expanded in place, into
 * one array of lines that remember their file and line number.  Pass 1
 * walks the lines to define labels (the size of every instruction is known
 * from its mnemonic alone), .equ constants and .reg aliases; pass 2 encodes
 * the instructions with every symbol known.  So an .equ may only use symbols
 * defined above it, while an instruction may use any. */
#ifndef WQ_UE_ASM_INT_H
#define WQ_UE_ASM_INT_H
#include <stdint.h>
#include "wq/ue.h"

#define UE_AS_MAX_LINE  1024u       /* characters on a line */
#define UE_AS_MAX_NAME  63u         /* symbol names */
#define UE_AS_MAX_DEPTH 64u         /* nested parentheses / unary operators */

typedef struct ue_line {
    const char *file;               /* owned by ue_as_t.files */
    int         line;
    char       *text;               /* the line without its comment */
} ue_line_t;

enum { UE_SYM_VALUE, UE_SYM_REG };

typedef struct ue_sym {
    char       *name;
    int64_t     value;              /* a constant, label, or register address */
    int         kind;               /* UE_SYM_* */
    const char *file;
    int         line;
} ue_sym_t;

typedef struct ue_as {
    const wq_ue_asmopt_t *opt;
    char      *err;
    size_t     errlen;
    int        failed;
    ue_line_t *lines;
    unsigned   nlines, caplines;
    char     **files;
    unsigned   nfiles;
    ue_sym_t  *syms;
    unsigned   nsyms, capsyms;
    int        pass;                /* 1 or 2 */
    const ue_line_t *cur;           /* line being assembled (or loaded) */
    ue_line_t  loading;             /* the loader's place, for messages */
    const char *s;                  /* cursor into cur->text */
    unsigned   depth;               /* expression nesting */
    uint32_t   pc, rom;             /* words placed; ROM depth */
    wq_ue_image_t *img;             /* pass 2 */
    const ue_line_t **at;           /* pass 2: the line of each word */
} ue_as_t;

/* ue_asm.c */
int  ue__err(ue_as_t *as, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* room for element n of *arr (capacity *cap, doubling); 0, or -1 reported */
int  ue__grow(ue_as_t *as, void **arr, unsigned *cap, unsigned n, size_t elem);

/* ue_asm_lex.c -- the cursor, names, registers and expressions */
void ue__ws(ue_as_t *as);
int  ue__at_end(ue_as_t *as);
int  ue__accept(ue_as_t *as, char c);
int  ue__expect(ue_as_t *as, char c);
int  ue__end(ue_as_t *as);
int  ue__ident(ue_as_t *as, char *buf, size_t cap);   /* length, 0 none, -1 error */
int  ue__is_regname(const char *name, unsigned *reg); /* r0..r127 / w0..w127 */
int  ue__reg(ue_as_t *as, uint32_t *reg);
int  ue__expr(ue_as_t *as, int64_t *v);
int  ue__range(ue_as_t *as, int64_t v, int64_t lo, int64_t hi, const char *what);
ue_sym_t *ue__sym(ue_as_t *as, const char *name);
int  ue__sym_def(ue_as_t *as, const char *name, int64_t v, int kind);

/* ue_asm_ins.c -- instructions: words an instruction takes (0: not one),
 * and its encoding (pass 2) */
unsigned ue__insn_size(const char *mnemonic);
int  ue__insn(ue_as_t *as, const char *mnemonic);
int  ue__emit(ue_as_t *as, uint32_t word);

/* ue_asm_dir.c -- directives on a line (.include is the loader's) */
int  ue__directive(ue_as_t *as, const char *name);
char *ue__read_file(const char *path, size_t *len);   /* malloc'd, NUL-ended; NULL: errno */
int  ue__load(ue_as_t *as, const char *file, const char *src, size_t len, unsigned depth);

#endif
