/* cc_int.h -- the compiler's internal data structures, one section per
 * stage (docs/compiler.md "Stages"; compiler.c's pass table runs them in
 * this order):
 *
 *   tokenize.c   source text      -> tokens          (cc_tok_t)
 *   preprocess.c tokens           -> expanded tokens (#include, #define, #if)
 *   type.c       the C types      (cc_type_t)
 *   vector.c     the integer vector types and their component selectors
 *   float.c      binary32 literals and constant conversions, exact
 *   parse.c      tokens           -> typed AST       (cc_node_t, cc_var_t, cc_func_t)
 *   goto.c       AST              -> AST without goto and labels (structured: ifs, loops, flags)
 *   uniform.c    AST              -> which variables and branches are uniform
 *   lower.c      AST              -> IR              (cc_ir_t: machine ops on virtual registers)
 *   frame.c      the work-item's frame base; inserting and dropping IR instructions
 *   peep.c       IR               -> IR (copies forwarded, repeated arithmetic reused)
 *   fold.c       IR               -> IR (constants, copies, offsets, dead and unreachable code)
 *   licm.c       IR               -> IR with loop invariants before their loop
 *   alias.c      IR               -> IR with loops unrolled (alias metadata;
 *   alias_meta.c                     alias_meta.c classifies two regions)
 *   quad.c       IR               -> IR with parameter loads as LD.V4 (register quads)
 *   subv.c       IR               -> IR with sub-vector segments
 *   live.c       what instructions read and write; liveness (cc_live_t)
 *   regalloc.c   IR               -> physical registers (interference, colouring)
 *   spill.c      IR               -> IR with values in frame slots (for regalloc.c)
 *   emit.c       IR               -> .wqs text
 *   util.c       sources, diagnostics, the arena, text buffers
 *   compiler.c   the public entry point (wq/cc.h): the pass table and its driver
 *
 * No two files call each other in a circle (scripts/layering.sh).
 * Everything lives in one arena owned by the context; an error longjmps back
 * to wq_cc_compile, which frees the arena, so no stage has to unwind. */
#ifndef WQ_CC_INT_H
#define WQ_CC_INT_H
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "wq/cc.h"

typedef struct cc cc_t;

/* ---- sources and diagnostics (util.c) ---------------------------------------- */
typedef struct cc_file {
    const char *name;
    const char *text;               /* NUL-terminated copy                     */
    size_t len;
} cc_file_t;

void *cc_alloc(cc_t *c, size_t n);                  /* zeroed; longjmps when out of memory */
char *cc_strndup(cc_t *c, const char *s, size_t n);
void *cc_calloc(cc_t *c, size_t n, size_t size);    /* malloc space, zeroed; the caller frees it */
char *cc_fmt(cc_t *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

typedef struct cc_tok cc_tok_t;
/* report "file:line:col: error: msg" with the line and a caret, and stop */
void cc_error_at(cc_t *c, const cc_file_t *f, const char *loc, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 4, 5)));
void cc_error_tok(cc_t *c, const cc_tok_t *t, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 3, 4)));
/* report "file:line:col: warning: msg [FLAG]" with the line and a caret,
 * and go on (an error under -Werror, nothing under -w) */
void cc_warn_tok(cc_t *c, const cc_tok_t *t, const char *flag, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* growable text buffer in the arena's malloc space (freed with the context) */
typedef struct cc_buf { char *s; size_t n, cap; } cc_buf_t;
void cc_puts(cc_t *c, cc_buf_t *b, const char *s);
void cc_printf(cc_t *c, cc_buf_t *b, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- tokens (tokenize.c) ------------------------------------------------------- */
typedef enum { TK_IDENT, TK_PUNCT, TK_KEYWORD, TK_NUM, TK_STR, TK_PPNUM, TK_EOF } cc_tk_t;

typedef struct cc_hide { const char *name; struct cc_hide *next; } cc_hide_t;

struct cc_tok {
    cc_tk_t kind;
    cc_tok_t *next;
    const char *loc;                /* into file->text                          */
    int len;
    const cc_file_t *file;
    int line, col;
    int bol;                        /* first token of a line                    */
    int space;                      /* preceded by white space                  */
    uint64_t val;                   /* TK_NUM                                   */
    int is_unsigned, is_long;       /* TK_NUM suffixes                          */
    int is_float;                   /* TK_NUM: a floating constant, val its binary32 bits */
    cc_hide_t *hide;                /* macros not to expand again (preprocess.c) */
    const cc_tok_t *origin;         /* for expanded tokens: the macro use       */
};

cc_tok_t *cc_tokenize(cc_t *c, const cc_file_t *f);
/* t is the token s: inline, so a literal's length is a constant, and the
 * first character is compared before any length is taken (every keyword,
 * punctuator and directive test of every token comes here) */
static inline int cc_tok_is(const cc_tok_t *t, const char *s)
{
    return t->kind != TK_EOF && (t->len > 0 ? t->loc[0] == s[0] : !s[0]) &&
           (size_t)t->len == strlen(s) && !memcmp(t->loc, s, (size_t)t->len);
}
char *cc_tok_str(cc_t *c, const cc_tok_t *t);
void cc_convert_keywords(cc_tok_t *t);
void cc_convert_number(cc_t *c, cc_tok_t *t);    /* TK_PPNUM -> TK_NUM, or an error */
/* a TK_STR's characters, escapes decoded, into out (t->len bytes of room);
 * their count (printf's strings, parse.c) */
size_t cc_str_decode(cc_t *c, const cc_tok_t *t, char *out);

/* ---- preprocessor (preprocess.c) ---------------------------------------------- */
cc_tok_t *cc_preprocess(cc_t *c, cc_tok_t *t);

/* ---- types (type.c) ----------------------------------------------------------- */
typedef enum {
    TY_VOID, TY_BOOL, TY_CHAR, TY_UCHAR, TY_SHORT, TY_USHORT, TY_INT, TY_UINT,
    TY_LONG, TY_ULONG, TY_PTR, TY_ARRAY, TY_FUNC, TY_STRUCT,
    TY_VEC,                         /* a vector: base the element (an integer or float), len the width */
    TY_FLOAT                        /* binary32 (docs/compiler.md "Floating point") */
} cc_tykind_t;

/* OpenCL address spaces */
typedef enum { AS_PRIVATE, AS_GLOBAL, AS_CONSTANT, AS_LOCAL } cc_as_t;

typedef struct cc_type cc_type_t;
typedef struct cc_member {
    struct cc_member *next;
    const char *name;
    cc_type_t *ty;
    int offset;
} cc_member_t;

struct cc_type {
    cc_tykind_t kind;
    int size, align;
    int is_unsigned;
    int is_const, is_volatile;
    cc_as_t as;                     /* PTR: the pointee's address space         */
    cc_type_t *base;                /* PTR, ARRAY, VEC: element; FUNC: return type */
    int len;                        /* ARRAY, VEC                               */
    cc_member_t *members;           /* STRUCT (and union: is_union)             */
    int is_union;
    const char *name;               /* typedef or tag name, for messages        */
    /* FUNC */
    cc_type_t **params;
    int nparams;
};

extern cc_type_t cc_ty_void, cc_ty_bool, cc_ty_char, cc_ty_uchar, cc_ty_short, cc_ty_ushort,
    cc_ty_int, cc_ty_uint, cc_ty_long, cc_ty_ulong, cc_ty_float;

int  cc_is_integer(const cc_type_t *t);
int  cc_is_float(const cc_type_t *t);
int  cc_is_arith(const cc_type_t *t);            /* integer or float */
int  cc_is_scalar(const cc_type_t *t);           /* integer, float or pointer */
cc_type_t *cc_pointer_to(cc_t *c, cc_type_t *base, cc_as_t as);
cc_type_t *cc_array_of(cc_t *c, cc_type_t *base, int len);
cc_type_t *cc_qualified(cc_t *c, cc_type_t *t, int is_const, int is_volatile);
cc_type_t *cc_unqual(cc_type_t *t);              /* the built-in unqualified type, when there is one */
cc_type_t *cc_promote(cc_type_t *t);             /* integer promotion */
cc_type_t *cc_common(cc_type_t *a, cc_type_t *b);  /* usual arithmetic conversions */
const char *cc_type_name(cc_t *c, const cc_type_t *t);

/* ---- vector types (vector.c) ------------------------------------------------------ */
/* the integer vector types char2 .. ulong16 (a 3-vector has the size and
 * alignment of a 4-vector); i-th of them for the parser's typedefs, NULL
 * past the last */
cc_type_t *cc_vec_type_at(int i);
cc_type_t *cc_vec_of(const cc_type_t *elem, int n);   /* NULL: no such type */
int  cc_is_vec(const cc_type_t *t);
/* registers a value of type t takes: a vector one per component (two per
 * 64-bit component), a long two, anything else one */
int  cc_vec_regs(const cc_type_t *t);
/* a component selector (.xyzw, .s0-.sF, .lo .hi .even .odd) of a vector of
 * width n: the indices into idx, their count returned, or 0 with *err set */
int  cc_vec_swizzle(const char *s, int len, int n, unsigned char *idx, const char **err);

/* ---- floating-point constants (float.c) ---------------------------------------- */
/* a floating-point literal's text (decimal or hexadecimal, optional 'f'
 * suffix) to the nearest binary32, ties to even, exactly; 0, or -1 with
 * *err saying what is wrong with the text */
int      cc_float_literal(const char *s, int len, uint32_t *bits, int *suffix_f, const char **err);
/* an integer constant (64 bits, signed or not) to the nearest binary32 */
uint32_t cc_f32_from_int(uint64_t v, int is_signed);
/* a binary32 constant to an integer of `bits` bits toward zero, saturating,
 * NaN 0 (what F2I.rtz / F2U.rtz compute) */
uint64_t cc_f32_to_int(uint32_t f, int bits, int is_signed);
/* stop with "WHAT not supported by this device ..." (naming the options'
 * device) when the target has no FPU (wq_cc_opts_t.fp = 0) */
void     cc_need_fp(cc_t *c, const cc_tok_t *t, const char *what);
/* 1 when a * b + c at t may be one FFMA: -cl-mad-enable (or an option
 * implying it), else the last `#pragma OPENCL FP_CONTRACT` before t in
 * its file (ON without one, as clang's OpenCL default) */
int      cc_contract_at(cc_t *c, const cc_tok_t *t);

/* ---- AST (parse.c) ------------------------------------------------------------ */
typedef enum {
    /* expressions */
    ND_NUM, ND_VAR, ND_ADD, ND_SUB, ND_MUL, ND_DIV, ND_MOD, ND_SHL, ND_SHR,
    ND_AND, ND_OR, ND_XOR, ND_EQ, ND_NE, ND_LT, ND_LE, ND_LOGAND, ND_LOGOR,
    ND_NOT, ND_BITNOT, ND_NEG, ND_ASSIGN, ND_OPASSIGN, ND_INCDEC, ND_COND,
    ND_COMMA, ND_DEREF, ND_ADDR, ND_CAST, ND_CALL, ND_BUILTIN, ND_MEMBER,
    ND_STMTEXPR,                    /* ({ ...; e; }): then the block, lhs e (or NULL: void) */
    /* vectors (vector.c; docs/compiler.md "Vector types") */
    ND_SWIZZLE,                     /* lhs's components: nargs of them, 4-bit indices in val */
    ND_VLIT,                        /* (T)(args...): the components in order; one scalar: splat */
    ND_VMAP,                        /* args component-wise through the scalar template then */
    ND_LANE,                        /* in a template: the current lane of operand val */
    ND_VAS,                         /* as_Tn(lhs): the same bytes as another vector type */
    ND_VSHUFFLE,                    /* shuffle(args[0], mask) / shuffle2(args[0], args[1], mask) */
    ND_VANY, ND_VALL,               /* any(lhs), all(lhs): a component's top bit */
    /* statements (ND_GOTO and ND_LABEL exist only between parse.c and goto.c) */
    ND_GOTO, ND_LABEL,
    ND_BLOCK, ND_EXPR_STMT, ND_IF, ND_LOOP, ND_SWITCH, ND_CASE, ND_BREAK,
    ND_CONTINUE, ND_RETURN, ND_NOP
} cc_nk_t;

enum { CC_CAST_BITS = 1, CC_CAST_RM0 = 2 };
enum { CC_NO_CONTRACT = 1 };        /* a float ND_ADD's op: never one FFMA */

/* ND_BUILTIN functions */
typedef enum {
    BI_GLOBAL_ID, BI_LOCAL_ID, BI_GROUP_ID, BI_GLOBAL_SIZE, BI_LOCAL_SIZE,
    BI_NUM_GROUPS, BI_WORK_DIM, BI_GLOBAL_OFFSET,
    BI_BARRIER, BI_MEM_FENCE, BI_YIELD, BI_PREFETCH,
    BI_ATOMIC,                      /* op in node->atom_op */
    BI_MIN, BI_MAX, BI_ABS, BI_ABS_DIFF, BI_CLAMP, BI_MAD24, BI_MUL24, BI_MUL_HI,
    BI_MAD_HI, BI_ROTATE, BI_POPCOUNT, BI_CLZ, BI_CTZ, BI_HADD, BI_RHADD, BI_SELECT,
    BI_ADD_SAT, BI_SUB_SAT, BI_MAD_SAT, BI_UPSAMPLE,
    BI_WQ_ENQUEUE, BI_WQ_ENQUEUE_ND, BI_WQ_DONE, BI_WQ_FINISH,  /* nested work: node->func is the child */
    BI_ASYNC_COPY,                  /* async_work_group_(strided_)copy: node->body is the copy loop */
    BI_FSQRT, BI_FMIN, BI_FMAX,     /* float: one instruction each (FSQRT FMIN FMAX) */
    BI_FMA,                         /* fma(a, b, c): FFMA, one rounding */
    BI_PRINTF_BUF                   /* the launch's printf buffer (kabi.def KTAIL PRINTF):
                                       a __global uint * (docs/compiler.md "printf") */
} cc_bi_t;

/* atomic operations (BI_ATOMIC) */
typedef enum { AT_ADD, AT_SUB, AT_XCHG, AT_CMPXCHG, AT_MIN, AT_MAX, AT_AND, AT_OR,
               AT_XOR, AT_INC, AT_DEC } cc_atop_t;

typedef struct cc_var cc_var_t;
typedef struct cc_node cc_node_t;
typedef struct cc_func cc_func_t;

struct cc_var {
    cc_var_t *next;
    const char *name;
    cc_type_t *ty;
    const cc_tok_t *tok;
    int is_param;
    int in_memory;                  /* a __local (or __constant) object: address below */
    cc_as_t as;                     /* the object's address space               */
    uint32_t offset;                /* __local: in the block; __constant: in the data */
    int vreg;                       /* register variables: its virtual register (lower.c) */
    int nonuniform;                 /* uniform.c                                 */
    int param_index;                /* kernel parameters: argument index        */
    int is_static;                  /* program-scope __constant                 */
    cc_node_t *init;                /* program-scope __constant initialiser: a block of stores */
    int kmark;                      /* lower.c: the kernel being lowered reads it from memory */
};

struct cc_node {
    cc_nk_t kind;
    cc_node_t *next;                /* in a block or argument list              */
    cc_type_t *ty;                  /* expressions                              */
    const cc_tok_t *tok;            /* for messages and line comments           */
    cc_node_t *lhs, *rhs;
    int op;                         /* ND_OPASSIGN: the binary ND_*; ND_INCDEC: +1/-1;
                                     * ND_CAST: 0 C's conversion, CC_CAST_BITS the same
                                     * bits retyped (as_T), CC_CAST_RM0 + WQ_RM_* a
                                     * conversion to or from float rounded so;
                                     * a float ND_ADD: CC_NO_CONTRACT (mad()) */
    int post;                       /* ND_INCDEC: postfix                       */
    /* ND_IF, ND_LOOP, ND_COND */
    cc_node_t *cond, *then, *els, *init, *inc;
    int do_while;                   /* ND_LOOP                                  */
    /* ND_BLOCK, ND_CALL, ND_BUILTIN args */
    cc_node_t *body;
    cc_node_t *args;
    int nargs;
    cc_func_t *func;                /* ND_CALL                                  */
    cc_bi_t bi;                     /* ND_BUILTIN                               */
    cc_atop_t atom_op;
    cc_var_t *var;                  /* ND_VAR                                   */
    cc_member_t *member;            /* ND_MEMBER                                */
    int64_t val;                    /* ND_NUM                                   */
    /* ND_SWITCH: the cases in order; ND_CASE: value, is_default */
    cc_node_t *cases;
    cc_node_t *case_next;
    int is_default;
    int label;                      /* lower.c: ND_CASE's label; goto.c: ND_GOTO's
                                     * and ND_LABEL's label (an index)           */
    /* uniform.c */
    int divergent;                  /* ND_IF / ND_LOOP / ND_SWITCH / ND_COND / && || need tokens */
    int has_atomic;                 /* ND_LOOP: contains an atomic or volatile access */
};

/* a fresh node of kind k at t, every other field zero (util.c; the parser
 * and goto.c build their nodes with it) */
cc_node_t *cc_new_node(cc_t *c, cc_nk_t k, const cc_tok_t *t);

struct cc_func {
    cc_func_t *next;
    const char *name;
    const cc_tok_t *tok;
    cc_type_t *ret;
    cc_var_t **params;              /* in order; params[nparams]: the return value */
    int nparams;
    cc_var_t *locals;               /* every variable, params included          */
    cc_node_t *body;
    int is_kernel, is_inline, defined;
    int kernel_index;               /* kernels: position in the kernel table    */
    uint32_t reqd_wg[3];
    uint32_t hint_wg[3];            /* work_group_size_hint, 0 0 0: none        */
    const char *vec_hint;           /* vec_type_hint's type name, NULL: none    */
    uint32_t local_bytes;           /* kernels: __local variables of its call tree */
    int visiting;                   /* recursion check                          */
    int acyclic;                    /* lower.c: no recursion below (checked once) */
    int divergent_return;           /* uniform.c: a return inside a divergent region */
    int kmark;                      /* lower.c: searched for program-scope objects */
    /* linking (docs/compiler.md "Linking"): a static function belongs to
     * its unit; the others are joined by name across the units */
    int is_static;
    int unit;                       /* the unit of its definition (or first declaration) */
    const cc_tok_t *use_tok;        /* its first call, for "undefined function" */
    int enqueued;                   /* a kernel wq_enqueue names: never split, so its
                                       work-item functions read no launch tail (lower.c) */
};

typedef struct cc_prog {
    cc_func_t *funcs;
    cc_var_t *globals;              /* program-scope __constant objects         */
    uint32_t const_bytes;
    /* printf's strings (docs/compiler.md "printf"): format strings and %s
     * literals, a string's id its index, each once (parse.c) */
    const char **strs;
    int nstrs, capstrs;
} cc_prog_t;

cc_prog_t *cc_parse(cc_t *c, cc_tok_t *t);
/* a link's translation units (their tokens), each in its own file scope */
cc_prog_t *cc_parse_units(cc_t *c, cc_tok_t *const *units, int nunits);
/* goto.c: every function's goto statements and labels rewritten into
 * structured ifs and loops on flag variables (docs/compiler.md "goto") */
void cc_goto(cc_t *c, cc_prog_t *prog);
void cc_uniform(cc_t *c, cc_prog_t *prog, cc_func_t *kernel);

/* ---- IR (lower.c) -------------------------------------------------------------- */
/* One IR instruction is one machine instruction on virtual registers, or a
 * label.  Virtual registers count from CC_V0; the numbers below it are the
 * physical registers r0..r31 (used where the ISA fixes a register: the
 * compare-and-swap pair).  Predicates are virtual too (1..), 0 = PT. */
#define CC_V0 32
#define CC_OP_LABEL (-1)
/* a CALL into the nested-work library appended to the program (label: which
 * routine, cc_libcall_name); the library's convention (enqueue.wqs): r28 the
 * queue descriptor, r24-r27 in (and r22, r23: wq_enqueue_nd's global and
 * local size), r24 out, link r31, it writes r16-r31, p5, p6, so a kernel
 * that calls it gets r0-r15 and p0-p4 only (regalloc.c) */
#define CC_OP_LIBCALL (-2)
enum { CC_LIB_ENQUEUE, CC_LIB_ENQUEUE_ND, CC_LIB_DONE, CC_LIB_FINISH };
extern const char *const cc_libcall_name[4];
enum { CC_LIB_QD = 28, CC_LIB_IN = 24, CC_LIB_GSZ = 22, CC_LIB_LSZ = 23, CC_LIB_LINK = 31,
       CC_LIB_FIRST_CLOBBER = 16, CC_LIB_PRED_KEEP = 5 };

typedef struct cc_ir {
    int op;                         /* WQ_OP_* or CC_OP_LABEL                   */
    int d, a, b;                    /* registers; 0 none (r0 is written as CC_R0) */
    int bi;                         /* operand b is imm                         */
    uint32_t imm;
    int fn;                         /* compare code, atomic op, width, SEL pred */
    int gp, gn;                     /* guard predicate (0 = PT) and its negation */
    int pd;                         /* SETP: the predicate written; SEL: the one read */
    int label;                      /* branch target, or the label's own id     */
    const cc_tok_t *tok;            /* source position                          */
} cc_ir_t;
#define CC_NONE 0
#define CC_R(n) (-(n) - 1)          /* physical register n as an operand        */

/* a function the kernel calls with CALL/RET (not inlined): its code is
 * the IR range [start, end) after the kernel's own, entered at label entry */
typedef struct cc_callee {
    cc_func_t *f;
    int entry;                      /* label                                    */
    int start, end;                 /* IR indices                               */
    int link;                       /* the register CALL writes                 */
    int ret;                        /* the return value's register (0: void)    */
    int link_copy;                  /* the link's copy the body returns through */
} cc_callee_t;

typedef struct cc_code {
    cc_ir_t *ir;
    int n, cap;
    int nvreg;                      /* virtual registers used (CC_V0..)         */
    int npred;                      /* predicates used (1..)                    */
    int nlabel;
    int uses_cas;
    int uses_enqueue;               /* calls the nested-work library (docs/compiler.md) */
    int param;                      /* the parameter buffer's register          */
    int frame;                      /* the work-item's frame base (0: none yet) */
    int prologue_end;               /* where the frame base is computed         */
    uint32_t frame_bytes;           /* private objects; spill slots follow     */
    int nspilled;                   /* values regalloc.c spilled                */
    unsigned char *nospill;         /* registers spill code made (never spilled) */
    int nospill_cap;
    cc_callee_t *callees;           /* CALL's fn indexes this                   */
    int ncallees;
    int subv_base;                  /* sub-vector segments: the shared base (0: none) */
    int nsubv;                      /* segments subv.c wrapped                  */
    int nquads_split;               /* LD.V4 / ST.V4 split for want of four registers (quad.c) */
} cc_code_t;

/* frame.c: insert the computation of the work-item's frame base
 * (docs/runtime.md "Kernel ABI": PRIVATE + flat work-item index * PSTRIDE)
 * at instruction index at, into a new register, cd->frame */
int  cc_frame_setup(cc_t *c, cc_code_t *cd, int at, const cc_tok_t *tok);   /* -> index after it */
/* a fresh instruction at index at; the instructions dead marks dropped
 * (both keep the callees' ranges and prologue_end on their instructions) */
cc_ir_t *cc_ir_insert(cc_t *c, cc_code_t *cd, int at);
void cc_ir_compact(cc_code_t *cd, const char *dead);

/* what the back end needs to know about a kernel, from lower.c */
typedef struct cc_kout {
    cc_func_t *fn;
    cc_code_t code;
    wq_cc_kernel_t info;
} cc_kout_t;

void cc_lower_kernel(cc_t *c, cc_func_t *k, cc_kout_t *out);
void cc_print_ir(cc_t *c, cc_buf_t *b, const cc_kout_t *k);

/* ---- what instructions read and write, and liveness (live.c) ------------------ */
/* the head register of the quad an LD.V4 / ST.V4 names (LD.V4's d, ST.V4's
 * b), or 0 (quad.c) */
int  cc_quad_of(const cc_ir_t *x);
/* x reads its destination register as well as writing it: a guarded
 * instruction (threads whose guard is false keep the old value) or one
 * whose opcode reads RD (isa.def WQ_IF_RRD: FFMA's accumulator) */
int  cc_reads_d(const cc_ir_t *x);
/* definitions and reads of each virtual register (a destination x reads,
 * cc_reads_d, is also read), and the index of its last definition (def_at may be NULL) */
void cc_census(const cc_code_t *cd, int *defs, int *uses, int *def_at);
/* the registers (kind 0) or predicates (kind 1) an instruction reads and writes */
void cc_uses_defs(const cc_ir_t *x, int kind, int use[4], int *nu, int *def);
/* one liveness problem: the registers (kind 0) or the predicates (kind 1)
 * of a kernel's code; the sets are bitsets of `words` 64-bit words, bit v
 * for register base + v (base: CC_V0, or predicate 1) */
typedef struct cc_live {
    cc_t *c;
    const cc_code_t *cd;
    int n;                          /* instructions                             */
    int *label_at;                  /* label id -> instruction index            */
    int kind, base, nv, words;
    uint64_t *clob;                 /* per callee: what a CALL to it overwrites  */
} cc_live_t;
void cc_live_init(cc_live_t *r, cc_t *c, const cc_code_t *cd, int kind);
void cc_live_free(cc_live_t *r);
/* the live-in sets, one per instruction (r->n x r->words); the caller
 * frees them; a kernel too large for the sets is an error */
uint64_t *cc_liveness(cc_live_t *r);
/* live-out of instruction i into out; for a CALL, *across (when asked)
 * gets what lives across it: live after the return, not overwritten */
void cc_live_out(const cc_live_t *r, const uint64_t *live_in, int i, uint64_t *out, uint64_t *across);
/* an LD.V4 into a virtual quad also writes q+1..q+3, an ST.V4 from one
 * also reads them: the head q when x is one (*is_def: it writes), else 0 */
int  cc_live_quad_tail(const cc_live_t *r, const cc_ir_t *x, int *is_def);
/* live-in sets without the rest: cc_liveness for a code, *words set */
uint64_t *cc_live_in(cc_t *c, const cc_code_t *cd, int kind, int *words);

/* ---- back end ------------------------------------------------------------------ */
/* map every virtual register and predicate to a physical one; returns the
 * registers used (nregs) */
void cc_regalloc(cc_t *c, cc_kout_t *k);
/* peep.c: one round of copy forwarding and repeated arithmetic within a
 * block; returns the changes */
int  cc_peephole(cc_t *c, cc_kout_t *k);
/* fold.c: constant operands, copy propagation, dead values, unreachable
 * code over the whole kernel; marks the instructions to drop in dead and
 * returns the changes (cc_ir_compact drops them) */
int  cc_fold(cc_t *c, cc_code_t *cd, char *dead);
/* side-effect-free arithmetic: the format-R operations of isa.def */
int  cc_pure_alu(int op);
/* emit.c: an opcode's format (WQ_FMT_*, isa.def; N for a pseudo-op) and
 * the fields it uses (WQ_FU_*, isa_formats.def) */
int      cc_op_fmt(int op);
unsigned cc_op_uses(int op);
/* an opcode's WQ_IF_* flags (isa.def; 0 for a pseudo-op) */
int      cc_op_flags(int op);
/* spill.c: the cost of spilling each register (uses and definitions
 * weighted 10^loop depth; CC_NO_SPILL for those that cannot be), and the
 * rewrite of registers to frame slots */
#define CC_NO_SPILL 1e30
void cc_spill_costs(const cc_code_t *cd, double *cost);
/* licm.c: loop-invariant instructions move before their loop; how many */
int  cc_licm(cc_t *c, cc_code_t *cd);
/* quad.c: register quads, the four consecutive registers of LD.V4 / ST.V4
 * (cc_quad_of, live.c, names one): per virtual register the head's index
 * + 1 of its quad, 0 for none (NULL when the code has no quad; free() it);
 * the .v4 accesses split back into four word accesses (returns how many) */
int *cc_quad_heads(cc_t *c, const cc_code_t *cd);
int  cc_quad_dissolve(cc_t *c, cc_code_t *cd);
/* two or more word loads of one 16-byte group of the parameter buffer in a
 * straight-line run become one LD.V4 (docs/runtime.md "Kernel ABI": the
 * buffer is 16-byte aligned and padded); marks the loads it replaced in
 * dead and returns the LD.V4s made (cc_ir_compact drops the loads) */
int  cc_param_quads(cc_t *c, cc_code_t *cd, char *dead);
void cc_spill(cc_t *c, cc_code_t *cd, const int *vregs, int n);
void cc_emit(cc_t *c, cc_buf_t *b, cc_kout_t *k);
/* alias.c: with the options' memory-reference metadata, unroll and group
 * the loads of the loops it proves independent; explains into ex and
 * returns the loops it rewrote */
int  cc_alias(cc_t *c, cc_kout_t *k, cc_buf_t *ex);

/* subv.c: sub-vector selection (docs/compiler.md "Sub-vector segments") */
typedef struct cc_subv_seg {
    int start, end;                 /* IR range [start, end)                    */
    int pressure;                   /* most registers live at one point in it   */
    int nlocal;                     /* values defined in it and dead at both ends */
    int selected;
} cc_subv_seg_t;
/* the candidate segments of the kernel's own code, given cc_live_in's sets
 * (kind 0); at most cap; -1 when out of memory */
int  cc_subv_candidates(const cc_code_t *cd, const uint64_t *live, int words, cc_subv_seg_t *seg, int cap);
/* mark the segments the mode (wq_cc_subv_t) takes; returns how many */
int  cc_subv_select(cc_subv_seg_t *seg, int nseg, int mode, int threshold);
/* select and wrap the segments, before register allocation; sets
 * cd->subv_base and cd->nsubv */
void cc_subv(cc_t *c, cc_kout_t *k);
/* priv[v] = 1 for the virtual registers live anywhere outside a segment's
 * interior: they must stay below the shared base (regalloc.c) */
void cc_subv_private(const cc_code_t *cd, const uint64_t *live, int words, unsigned char *priv);
/* take the segments out again (regalloc.c, when the values that must stay
 * private cannot be coloured below the shared base) */
void cc_subv_drop(cc_code_t *cd);

/* ---- the context ---------------------------------------------------------------- */
typedef struct cc_block cc_block_t;
typedef struct cc_macro cc_macro_t;
#define CC_MACRO_BUCKETS 64
typedef struct cc_cond_incl cc_cond_incl_t;

/* a `#pragma OPENCL FP_CONTRACT` (preprocess.c): from loc in file on,
 * a * b + c is contracted into FFMA unless off (parse.c cc_contract_at) */
typedef struct cc_contract {
    const cc_file_t *file;
    const char *loc;
    int off;
    struct cc_contract *next;       /* the one before it in the source      */
} cc_contract_t;

struct cc {
    jmp_buf fail;
    int status;                     /* WQ_CC_ERROR or WQ_CC_NOMEM after a longjmp */
    const wq_cc_opts_t *opts;
    cc_block_t *arena;
    cc_buf_t log;
    cc_file_t **files;              /* every file read, for line counts        */
    int nfiles, capfiles;
    int include_depth;
    /* preprocess.c */
    cc_macro_t *macros[CC_MACRO_BUCKETS];  /* by a hash of the name (preprocess.c bucket) */
    cc_cond_incl_t *cond;
    long expanded;                  /* tokens macro expansion has produced   */
    cc_contract_t *contract;        /* the FP_CONTRACT pragmas, last first    */
    /* the register assignment regalloc.c writes and emit.c reads */
    int *vmap, *pmap;
    unsigned max_regs;
    unsigned parts;                 /* 32 / LANES of the target              */
    /* licm.c: off for a kernel's second build (compiler.c), and what it moved */
    int no_licm;
    int licm_moved;
    int lower_mark;                 /* lower.c: the last program-scope search's mark */
    /* compiler.c's pass table: what the passes read and write besides the
     * kernel (cc_kout_t) -- the source, its tokens and AST, the .wqs text,
     * each build's --emit=ir text and alias explanation (by !no_licm), and
     * the changes of the last pass run outside a round */
    const cc_file_t *src;
    cc_tok_t *toks;
    cc_prog_t *prog;
    cc_buf_t wqs;
    cc_buf_t bir[2], bex[2];
    int pass_changes;
    /* the translation units (one for wq_cc_compile, several for wq_cc_link):
     * their sources and tokens; the unit being preprocessed (its embedded
     * headers); a link's mode (wq_cc_link; link is 0 for wq_cc_compile) */
    struct cc_unit *units;
    int nunits;
    const wq_cc_unit_t *unit;
    int link;
    wq_cc_link_t link_mode;
};

typedef struct cc_unit {
    const wq_cc_unit_t *u;
    const cc_file_t *file;
    cc_tok_t *toks;
    wq_cc_opts_t opts;              /* the compilation's, with the unit's -D and -I */
} cc_unit_t;

cc_file_t *cc_add_file(cc_t *c, const char *name, const char *text, size_t len);

#endif
