/* cc.h -- the OpenCL C compiler (docs/compiler.md): OpenCL C 1.2, integer
 * subset, to warpq assembly (.wqs) plus a kernel table that says how to
 * launch each kernel (docs/runtime.md "Kernel ABI").
 *
 * One call compiles one translation unit.  The compiler keeps all its state
 * in a context that the call owns: no globals, so it may run in several
 * threads at once.  It never crashes and never exits on any input: a bad
 * kernel gives WQ_CC_ERROR and a log of `file:line:col: error: message`
 * lines, each with the source line and a caret; warnings are
 * `file:line:col: warning: message [-Wflag]` lines in the log of a
 * compilation that succeeds. */
#ifndef WQ_CC_H
#define WQ_CC_H
#include <stddef.h>
#include <stdint.h>

enum { WQ_CC_OK = 0, WQ_CC_ERROR = 2, WQ_CC_NOMEM = 3 };

/* where YIELD goes (docs/compiler.md "YIELD policies") */
typedef enum {
    WQ_CC_YIELD_LOOPS = 0,  /* back edge of every loop whose trip count is not a constant */
    WQ_CC_YIELD_SPIN,       /* only loops that contain an atomic or a volatile access     */
    WQ_CC_YIELD_OFF         /* none (spec_check: ok -- a compiler option, not an encoding) */
} wq_cc_yield_t;

/* which functions are inlined (docs/compiler.md "Calls") */
typedef enum {
    WQ_CC_INLINE_AUTO = 0,  /* `inline` functions and small ones; the others CALL/RET */
    WQ_CC_INLINE_ALWAYS,    /* every function                                       */
    WQ_CC_INLINE_NEVER      /* none (spec_check: ok -- a compiler option, not an encoding) */
} wq_cc_inline_t;

/* memory-reference metadata (docs/compiler.md "Alias metadata"): how the
 * regions two pointer arguments reach relate (alias_meta.c) */
typedef enum { WQ_CC_REL_SAME = 1, WQ_CC_REL_OVERLAP, WQ_CC_REL_DISJOINT } wq_cc_rel_kind_t;
typedef struct wq_cc_rel {
    unsigned a, b;                  /* the two arguments (indices)           */
    wq_cc_rel_kind_t kind;
    uint64_t start, end;            /* OVERLAP: the shared bytes [start, end) */
    uint64_t bytes;                 /* OVERLAP: end - start                  */
    uint64_t a_off, b_off;          /* OVERLAP: start - each region's start  */
    uint64_t distance;              /* DISJOINT: bytes between the regions   */
} wq_cc_rel_t;
/* regions [a_start, +a_len) of argument a and [b_start, +b_len) of b;
 * 0, or -1 for an empty or wrapping region */
int  wq_cc_rel_classify(unsigned a, uint64_t a_start, uint64_t a_len, unsigned b, uint64_t b_start,
                        uint64_t b_len, wq_cc_rel_t *r);
const char *wq_cc_rel_name(wq_cc_rel_kind_t k);
int  wq_cc_rel_format(const wq_cc_rel_t *r, char *buf, size_t n);   /* for people   */
int  wq_cc_rel_key(const wq_cc_rel_t *r, char *buf, size_t n);      /* for caches   */
/* sub-vector segments (docs/compiler.md "Sub-vector segments") */
typedef enum {
    WQ_CC_SUBV_AUTO = 0,    /* segments whose register pressure exceeds the threshold      */
    WQ_CC_SUBV_OFF,         /* none                                                     */
    WQ_CC_SUBV_ALWAYS       /* every candidate segment (spec_check: ok -- a compiler option) */
} wq_cc_subv_t;

/* wq_cc_opts_t.fp_flags: the -cl-* math options */
enum {
    WQ_CC_FP_MAD_ENABLE     = 1u << 0,  /* -cl-mad-enable                   */
    WQ_CC_FP_NO_SIGNED_ZEROS = 1u << 1, /* -cl-no-signed-zeros              */
    WQ_CC_FP_UNSAFE         = 1u << 2,  /* -cl-unsafe-math-optimizations    */
    WQ_CC_FP_FINITE         = 1u << 3,  /* -cl-finite-math-only             */
    WQ_CC_FP_FAST_RELAXED   = 1u << 4,  /* -cl-fast-relaxed-math            */
    WQ_CC_FP_DENORMS_ZERO   = 1u << 5,  /* -cl-denorms-are-zero             */
    WQ_CC_FP_SP_CONSTANT    = 1u << 6,  /* -cl-single-precision-constant    */
};

typedef struct wq_cc_opts {
    const char *const *defines;     /* "NAME" or "NAME=VALUE", as -D          */
    unsigned ndefines;
    const char *const *incdirs;     /* searched after the including file's directory */
    unsigned nincdirs;
    wq_cc_yield_t yield;
    wq_cc_inline_t inline_mode;
    unsigned max_regs;              /* registers a thread may use; 0: 32      */
    /* the alias pass (alias.c): run on alias_kernel (NULL: every kernel)
     * with the relations rels[0..nrels) between its pointer arguments */
    int alias;
    const char *alias_kernel;
    const wq_cc_rel_t *rels;
    unsigned nrels;
    wq_cc_subv_t subv;
    unsigned subv_threshold;        /* registers a thread keeps to itself (the
                                       shared base); 0: half of max_regs      */
    unsigned lanes;                 /* the target's LANES (8, 16, 32; 0: 32):
                                       inside a sub-vector segment the shared
                                       registers pack 32/LANES to a row
                                       (docs/spec.md 5.4), so a segment may
                                       name more registers than max_regs      */
    /* the IR text (wq_cc_result_t.ir) after every run of this pass, by its
     * name in the compiler's pass table (docs/compiler.md "Stages": lower,
     * peep, fold, licm, alias, quad, subv, regalloc), each headed
     * "; ---- after NAME"; NULL: once, after subv */
    const char *ir_after;
    /* the target has an FPU (docs/compiler.md "Floating point"): float is
     * accepted and compiled to the FP instructions; 0: float, its
     * literals and its built-ins are refused naming `device` (NULL: "this
     * device") */
    int fp;
    const char *device;
    /* the OpenCL math options (WQ_CC_FP_*, docs/compiler.md "Floating
     * point"): the contraction of a * b + c into FFMA regardless of
     * `#pragma OPENCL FP_CONTRACT OFF` (mad-enable and what implies it),
     * __FAST_RELAXED_MATH__; the others are accepted and change nothing */
    unsigned fp_flags;
    /* read a file for #include; NULL: the C library.  Returns a malloc'd
     * buffer (the caller frees it) or NULL when the file cannot be read. */
    char *(*read_file)(void *user, const char *path, size_t *len);
    void *read_user;
    /* warnings ("file:line:col: warning: msg [-Wflag]" in the log, the
     * build going on): none (-w), or each an error that fails the build
     * (-Werror) */
    int no_warnings, werror;
} wq_cc_opts_t;

/* the longest kernel or argument name the compiler takes: the kernel's
 * labels in the .wqs append ".Ln" within the assembler's 255 characters */
#define WQ_CC_NAME_MAX 240

/* argument kinds, as the runtime's kernel table names them */
typedef enum { WQ_CC_ARG_SCALAR, WQ_CC_ARG_GLOBAL, WQ_CC_ARG_CONSTANT, WQ_CC_ARG_LOCAL } wq_cc_argkind_t;

/* the OpenCL arg-info qualifiers (clGetKernelArgInfo) */
enum { WQ_CC_Q_CONST = 1, WQ_CC_Q_RESTRICT = 2, WQ_CC_Q_VOLATILE = 4 };

typedef struct wq_cc_arg {
    char name[WQ_CC_NAME_MAX + 1];
    char type_name[WQ_CC_NAME_MAX + 1];             /* e.g. "uint*", "int"                   */
    wq_cc_argkind_t kind;
    uint32_t size;                  /* bytes in the parameter buffer         */
    uint32_t offset;                /* byte offset in the parameter buffer   */
    uint32_t quals;                 /* WQ_CC_Q_*                             */
} wq_cc_arg_t;

typedef struct wq_cc_kernel {
    char name[WQ_CC_NAME_MAX + 1];  /* also the entry label in the .wqs      */
    uint32_t nregs;                 /* registers per thread                  */
    uint32_t local_bytes;           /* the kernel's own __local variables    */
    uint32_t private_bytes;         /* per work-item memory                  */
    uint32_t private_align;         /* the largest alignment of a private
                                       object (0: none; spill slots are words):
                                       the frame base's and PSTRIDE's        */
    uint32_t local_align;           /* the largest alignment of a __local
                                       variable or __local argument's pointee
                                       (0: none): the blocks' alignment      */
    uint32_t reqd_wg[3];            /* reqd_work_group_size; 0 0 0: none     */
    uint32_t hint_wg[3];            /* work_group_size_hint; 0 0 0: none     */
    char vec_hint[16];              /* vec_type_hint's type ("int4"); "": none */
    uint32_t param_bytes;           /* header + arguments                    */
    uint32_t ninsn;                 /* instructions emitted for the kernel   */
    uint32_t spills;                /* values spilled to private memory      */
    uint32_t alias_loops;           /* loops the alias pass unrolled         */
    uint32_t wave;                  /* the launch's WAVE word: SUBV and SHARED_BASE
                                       when the kernel has sub-vector segments */
    uint32_t subv_segments;         /* SUBV_START ... SUBV_END segments emitted */
    uint32_t nested;                /* calls wq_enqueue / wq_enqueue_done /
                                       wq_enqueue_finish (docs/compiler.md)   */
    uint64_t enqueues;              /* bit k: wq_enqueue names kernel k of the result */
    uint32_t printf;                /* calls printf: its launch needs a printf
                                       buffer (kabi.def KTAIL PRINTF)         */
    uint32_t nargs;
    wq_cc_arg_t *args;
} wq_cc_kernel_t;

typedef struct wq_cc_result {
    char *wqs;                      /* the assembly, NUL-terminated          */
    char *log;                      /* diagnostics, NUL-terminated ("" when none) */
    char *ir;                       /* the IR before register allocation, or
                                       after opts.ir_after (printable)        */
    char *explain;                  /* the alias pass's metadata and decisions ("" when it did not run) */
    unsigned nkernels;
    wq_cc_kernel_t *kernels;
    unsigned lines;                 /* source lines read (all files)         */
    /* printf's strings: its format strings and the string literals its %s
     * conversions print, string i the one whose id a printf record holds
     * (docs/compiler.md "printf"); each NUL-terminated, of at most
     * WQ_CC_PRINTF_STR_MAX bytes */
    unsigned nstrings;
    char **strings;
} wq_cc_result_t;

/* ---- printf's format strings (format.c; docs/compiler.md "printf") ------------
 * One piece of a format: literal text (conv 0), "%%" (conv '%') or a
 * conversion. */
#define WQ_CC_PRINTF_STR_MAX 1024
typedef struct wq_cc_pf {
    size_t at, len;                 /* the piece is fmt[at, at + len)        */
    char conv;                      /* d i o u x X c s p f F e E g G a A, '%', 0: text */
    char flags[6];                  /* the flags "-+ #0" given, each once, NUL-terminated */
    int width, prec;                /* -1: none                              */
    unsigned vec;                   /* 0: a scalar; 2, 3, 4, 8, 16: a vector */
    unsigned size;                  /* the length modifier's element bytes:
                                       1 hh, 2 h, 4 hl, 8 l; 0 none          */
} wq_cc_pf_t;
/* The piece of fmt[0, len) at *pos into *pf, *pos past it: 1; 0 at the
 * end; -1 with *err saying what is wrong (the bad conversion at pf->at). */
int  wq_cc_printf_piece(const char *fmt, size_t len, size_t *pos, wq_cc_pf_t *pf, const char **err);

/* ---- linking (docs/compiler.md "Linking") -------------------------------------
 * A link compiles several translation units as one program: each unit is
 * preprocessed on its own (its own macros, -D, -I and embedded headers) and
 * parsed in its own file scope, so its typedefs, structs, program-scope
 * __constant objects and static functions are its own; functions that are
 * not static are joined by name across the units. */
typedef struct wq_cc_unit {
    const char *file;               /* its name in diagnostics               */
    const char *src;
    size_t len;
    const char *const *defines;     /* "NAME" or "NAME=VALUE", as -D          */
    unsigned ndefines;
    const char *const *incdirs;     /* as -I                                  */
    unsigned nincdirs;
    /* embedded headers (clCompileProgram's input_headers): `#include "NAME"`
     * reads header_texts[i] for header_names[i] before any directory */
    const char *const *header_names;
    const char *const *header_texts;
    unsigned nheaders;
    /* its compile options' math options (WQ_CC_FP_*): with the link's,
     * what its preprocessing sees (__FAST_RELAXED_MATH__) */
    unsigned fp_flags;
} wq_cc_unit_t;

typedef enum {
    WQ_CC_LINK_EXECUTABLE = 0,      /* code for every kernel; a function called
                                       anywhere must be defined by some unit  */
    WQ_CC_LINK_OBJECT,              /* units checked, no code: kernels optional,
                                       called functions may be defined elsewhere */
    WQ_CC_LINK_LIBRARY              /* as OBJECT, and two units defining one
                                       function is an error                   */
} wq_cc_link_t;

/* Link units[0..nunits) (opts' defines and incdirs are not used: each unit
 * has its own).  Returns as wq_cc_compile; OBJECT and LIBRARY give no code
 * and no kernels.  Link errors are diagnostics at the unit's file:line:col:
 * "duplicate definition of function 'f' (first defined at FILE:L:C)",
 * "undefined function 'f': no unit of the link defines it",
 * "conflicting types for function 'f' (declared at FILE:L:C)". */
int  wq_cc_link(const wq_cc_opts_t *opts, const wq_cc_unit_t *units, unsigned nunits,
                wq_cc_link_t mode, wq_cc_result_t *out);

/* Compile src (len bytes) named file.  Returns WQ_CC_OK with out filled,
 * or WQ_CC_ERROR with out->log set (out->wqs NULL), or WQ_CC_NOMEM.
 * Always call wq_cc_result_free afterwards. */
int  wq_cc_compile(const wq_cc_opts_t *opts, const char *file, const char *src, size_t len,
                   wq_cc_result_t *out);
void wq_cc_result_free(wq_cc_result_t *r);

/* The OpenCL extensions the compiler implements, space-separated: each is
 * predefined as a macro (value 1) in kernel source, and the runtime reports
 * this string as CL_DEVICE_EXTENSIONS. */
const char *wq_cc_extensions(void);

#endif
