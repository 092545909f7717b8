/* asm.h -- the .wqs assembler: instructions, labels, data and launch setup.
 * Syntax: docs/spec.md §Assembler.  The result is a memory image plus the
 * launches, checks and dumps the file asks for; wq_program_load() writes the
 * image into a model's memory. */
#ifndef WQ_ASM_H
#define WQ_ASM_H
#include <stddef.h>
#include <stdint.h>
#include "defs.h"

#define WQ_ASM_MAX_LAUNCHES 16u
#define WQ_ASM_DEFAULT_CODE 0x00001000u

typedef struct wq_seg {            /* contiguous bytes at addr */
    uint32_t addr, len, cap;
    uint8_t *bytes;
} wq_seg_t;

typedef struct wq_sym {
    char    *name;
    uint32_t value;
    int      is_code;              /* value is an instruction index */
    int      line;
} wq_sym_t;

/* .expect ADDR, VALUE: the word at ADDR equals VALUE after the run.
 * .expect_sum ADDR, BASE, STRIDE, COUNT: the word at ADDR equals the sum
 * (mod 2^32) of the COUNT words at BASE, BASE+STRIDE, ...  A sum states an
 * invariant that holds under any timing (a lock's counter against the
 * threads' own counts), so runners that make .expect informational for
 * racy programs (--expects-info) still enforce it. */
typedef struct wq_expect {
    uint32_t addr, value;          /* value: .expect only */
    uint32_t base, stride, count;  /* .expect_sum only */
    int      is_sum;
    int      line;
} wq_expect_t;

#define WQ_EXPECT_MAX_SUM 65536u   /* words one .expect_sum may add */

/* Reads the 32-bit word at addr into *v; 0 ok, nonzero failed. */
typedef int (*wq_read32_fn)(void *user, uint32_t addr, uint32_t *v);
/* Evaluates e on a memory seen through rd: *got is the word at e->addr,
 * *want what it must be.  Returns 1 holds, 0 does not, -1 a read failed. */
int  wq_expect_eval(const wq_expect_t *e, wq_read32_fn rd, void *user, uint32_t *got,
                    uint32_t *want);
/* "[0x...] = 0x..., expected 0x..." plus, for a sum, what was summed */
void wq_expect_describe(const wq_expect_t *e, uint32_t got, uint32_t want, char *buf,
                        size_t len);

typedef struct wq_dump {           /* .dump ADDR, WORDS [, name] */
    uint32_t addr, words;
    char    *name;
} wq_dump_t;

typedef struct wq_launch {         /* .launch NAME ... .end */
    char    *name;
    uint32_t w[WQ_LD_WORDS];       /* descriptor words */
    int      line;
} wq_launch_t;

typedef struct wq_program {
    const char *file;
    uint32_t code_base;
    uint32_t ninsn;                /* instructions assembled */
    wq_seg_t *segs;   unsigned nsegs;  /* segs[0]: code (ninsn * 8 bytes at code_base) */
    wq_sym_t *syms;   unsigned nsyms;
    wq_expect_t *expects; unsigned nexpects;
    wq_dump_t *dumps; unsigned ndumps;
    wq_launch_t launch[WQ_ASM_MAX_LAUNCHES]; unsigned nlaunch;
    /* .wave_ctl MODE [, WINDOW, THRESH]: the wave CSRs the loader writes
     * before it submits the launches (has_wave: the directive was given) */
    unsigned has_wave;
    uint32_t wave_ctl, wave_window, wave_thresh;
} wq_program_t;

/* Assemble src (len bytes, need not be NUL-terminated).  Returns 0, or -1
 * with "file:line: message" in err.  Never crashes on any input. */
int  wq_asm(const char *src, size_t len, const char *file, wq_program_t *out,
            char *err, size_t errlen);
int  wq_asm_file(const char *path, wq_program_t *out, char *err, size_t errlen);
void wq_program_free(wq_program_t *p);
/* look up a symbol; 0 found, -1 not */
int  wq_program_sym(const wq_program_t *p, const char *name, uint32_t *value);

struct wq_mem;
void wq_program_load(const wq_program_t *p, struct wq_mem *mem);

/* the disassembler (disasm.c): one instruction word as one line of text,
 * e.g. "@!p0 add r1, r2, 0x10"; returns chars written */
int wq_disasm(uint64_t raw, uint32_t pc, char *buf, size_t len);

#endif
