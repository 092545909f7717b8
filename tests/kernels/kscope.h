/* kscope.h -- the file-scope names of an OpenCL C kernel file, for
 * tests/kernels/run.c --batch and --groups: several files built as one
 * program must not define the same file-scope name (a function, a kernel, a
 * global, a typedef, a struct/union/enum tag or an enumerator), their
 * macros must not leak from one file into the next (run.c #undefs each
 * file's after its text), and their #pragma lines (in force to the end of
 * the program) must be the same, but FP_CONTRACT's (run.c sets it back to
 * DEFAULT after a file that sets it, as each file starts alone).
 *
 * The scan is a tokenizer with brace and parenthesis depths, not a parser:
 * it reads both sides of every #if, so it may list a name the compiler does
 * not see (harmless: a batch is only split further), and it does not expand
 * macros, so a file-scope name made by a macro (`##`) is not listed (two
 * files that so collide fail their batch build, which scripts/kernels.sh
 * reports). Plain C99. */
#ifndef WQ_KSCOPE_H
#define WQ_KSCOPE_H

#define WQ_KS_NAME 64

typedef struct wq_kscope {
    char (*names)[WQ_KS_NAME];  /* the file-scope names, each once */
    int   nnames, capnames;
    char (*macros)[WQ_KS_NAME]; /* the #define'd names, each once */
    int   nmacros, capmacros;
    char  kernel[WQ_KS_NAME];   /* the first kernel function defined */
    int   nkernels;             /* kernel functions defined */
    char *pragmas;              /* the #pragma lines, in order, '\n' after each,
                                   but #pragma OPENCL FP_CONTRACT's */
    int   contract;             /* 1: a #pragma OPENCL FP_CONTRACT */
    int   balanced;             /* 1: every brace and parenthesis closes */
} wq_kscope_t;

/* scan src (NUL-terminated) into s (zeroed by the call); 0, or -1 when out
 * of memory */
int  wq_kscope_scan(wq_kscope_t *s, const char *src);
void wq_kscope_free(wq_kscope_t *s);
/* a name both define, or NULL */
const char *wq_kscope_clash(const wq_kscope_t *a, const wq_kscope_t *b);

#endif
