/* gen_cl.h -- the random OpenCL C kernel generator's AST (docs/model/gen.md
 * "OpenCL C kernels"): gen_cl.c builds and prints it, gen_cl_eval.c runs
 * it per thread with OpenCL C's integer semantics (the oracle).  Internal
 * to cmodel/gen/. */
#ifndef WQ_GEN_CL_H
#define WQ_GEN_CL_H
#include <stddef.h>
#include <stdint.h>

/* the integer types, in the order of their C names */
enum { CT_CHAR, CT_UCHAR, CT_SHORT, CT_USHORT, CT_INT, CT_UINT, CT_N };
/* float (WQ_GEN_CL_FLOAT): a var's or a float node's type, outside the
 * integer types and the member kinds; its value is the binary32 pattern */
#define CT_FLOAT 15u

/* node kinds: expressions, then statements */
enum {
    E_CONST, E_VAR, E_IN, E_UN, E_BIN, E_LAND, E_LOR, E_COND, E_CAST, E_CALL,
    E_BUILTIN, E_ASSIGN,
    /* struct values (WQ_GEN_CL_STRUCT, _PTRMEMBER) and ({ ... }) (_STMTEXPR) */
    E_MEMBER, E_PDEREF, E_SVAR, E_SLIT, E_SCOND, E_PTR, E_SEXPR,
    /* vector values (WQ_GEN_CL_VECTOR) */
    E_VVAR, E_VLIT, E_VSWZ, E_VBIN, E_VUN, E_VCONV, E_VSEL, E_VBI, E_VLOAD, E_VRED,
    S_ASSIGN, S_OUT, S_IF, S_FOR, S_WHILE, S_DO, S_BREAK, S_CONT, S_SWITCH,
    S_CASE, S_RET, S_ATOM, S_YIELD, S_EXPR,
    S_MASSIGN, S_SCOPY, S_PSTORE,
    S_VASSIGN, S_VSWSET, S_VSTORE,
    /* goto and labels (WQ_GEN_CL_GOTO) */
    S_GOTO, S_LBLOCK, S_GLOOP, S_GINTO, S_GTARGET, S_IRR,
    /* float (WQ_GEN_CL_FLOAT): expressions of type CT_FLOAT, the bridges
     * between them and the integers, and `vV op= a` on a float var */
    E_FBIN, E_FUN, E_FMM, E_FFMA, E_FCVT, E_FASF, E_FTOI, E_FCMP, S_FASSIGN,
    /* float vectors (WQ_GEN_CL_FLOAT with WQ_GEN_CL_VECTOR) */
    E_FVVAR, E_FVSPL, E_FVBIN, E_FVUN, E_FVMM, E_FVFMA, E_FVCOMP, S_FVASSIGN
};

/* float nodes (type CT_FLOAT unless said; a float E_CONST's v is its bits;
 * a float ?: is an E_COND of type CT_FLOAT):
 *  E_FBIN    `a op b`, op CO_ADD CO_SUB CO_MUL CO_DIV; a product has an
 *            operand that reads a var or in, so no compiler folds it, and
 *            with contraction on (cl_prog_t.contract) a sum or difference
 *            with a product operand is one fma (docs/compiler.md FFMA row)
 *  E_FUN     op FU_*: -a, fabs(a), sqrt(a)
 *  E_FMM     `(fmin(a, b) + 0.0f)` (op 0) or fmax: the + 0.0f makes a zero
 *            result +0 (OpenCL leaves fmin(-0, +0)'s sign open)
 *  E_FFMA    fma(a, b, c)
 *  E_FCVT    convert_float<rm>(a), a an int (flag 0) or uint (flag 1)
 *            expression, op the mode (WQ_RM_*); `(float)(a)` with flag 2
 *  E_FASF    as_float(a), a a uint expression
 *  E_FTOI    an integer of float a: op FT_BITS `fb(a)` (uint: the bits,
 *            any NaN as 0x7FC00000), else convert_int_sat<rm> (FT_SINT +
 *            mode) or convert_uint_sat<rm> (FT_UINT + mode)
 *  E_FCMP    `a op b` (CO_LT .. CO_NE) of two floats; an int 0 or 1
 *  S_FASSIGN `vV op= a`, op CO_SET CO_ADD CO_SUB CO_MUL CO_DIV
 * float vector nodes (type VT(CT_FLOAT, width index)):
 *  E_FVVAR   float vector var xV
 *  E_FVSPL   `(floatN)(a)`, a a float
 *  E_FVBIN   `a op b` per component (+ - * /); b a vector, or with flag 1
 *            a float widened; contraction as for floats, of a vector
 *            product (a widened float factor too) with a vector or a
 *            widened float (a widened scalar product is not fused: it is
 *            a splat of an fmul)
 *  E_FVUN    op FU_*, per component
 *  E_FVMM    `(fmin(a, b) + 0.0f)` or fmax, per component
 *  E_FVFMA   fma(a, b, c) per component
 *  E_FVCOMP  `(a).sJ` (J in v): a float
 *  S_FVASSIGN `xV op= a` (a a vector of xV's type) */
enum { FU_NEG, FU_FABS, FU_SQRT, FU_N };
enum { FT_BITS, FT_SINT, FT_UINT = FT_SINT + 4, FT_N = FT_UINT + 4 };

/* A vector node's type is its element type (CT_*) in the low 4 bits and
 * its width's index into wq_cl_vwidth[] (1..5) above them; 0 there is a
 * scalar.  Its fields:
 *  E_VVAR    v vector var
 *  E_VLIT    `(T)(parts)`: a the first part (scalar or vector), the rest
 *            chained by next; flag 1: one scalar splat to every component
 *  E_VSWZ    a component selection of vector a: flag components, their
 *            indices 4 bits each in v (0..7) and d (8..15); op the
 *            spelling (VS_*); a selection of 1 is a scalar
 *  E_VBIN    `a op b` component-wise (CO_*); b a vector of a's type or a
 *            scalar of its element type (widened); comparisons give the
 *            signed type of a's element size, 0 or -1 per component
 *  E_VUN     `~a` or `-a`
 *  E_VCONV   op VC_*: convert_T(a), convert_T_sat(a), as_T(a)
 *  E_VSEL    select(a, b, c)
 *  E_VBI     a BI_* builtin on a (and b) per component
 *  E_VLOAD   vloadN((uint)(a) % M, in as a T pointer)
 *  E_VRED    op 0: any(a), 1: all(a); an int
 *  S_VASSIGN `wV op= a`
 *  S_VSWSET  `c = a`, c an E_VSWZ of a vector var (distinct indices)
 *  S_VSTORE  vstoreN(a, (uint)(b) % M, the thread's row of out as T *)
 * goto nodes: type the label (per function), v a loop counter:
 *  S_GOTO    `if (a) goto L<type>;`
 *  S_LBLOCK  b... `L<type>: ;` (forward gotos to it come from inside b)
 *  S_GLOOP   `iV = 0; L: iV++; b... if (a) goto L;` (a: iV < bound && c)
 *  S_GINTO   `if (a) goto L; b... if (c.a) { c.b... L: ; c.c... }`
 *            (c an S_GTARGET)
 *  S_IRR     `iV = 0; if (a) goto L+1; L: iV++; b... L+1: ; c... if (d)
 *            goto L;` (d: iV < bound && ...) */
enum { VS_XYZW, VS_SN, VS_LO, VS_HI, VS_EVEN, VS_ODD };
enum { VC_CONVERT, VC_SAT, VC_AS };
#define VT(et, wi)  ((unsigned)(et) | ((unsigned)(wi) << 4))
#define VET(t)      ((unsigned)(t) & 15u)
#define VWI(t)      ((unsigned)(t) >> 4)
static const unsigned wq_cl_vwidth[6] = { 1, 2, 3, 4, 8, 16 };
static inline unsigned wq_cl_vn(unsigned t) { return wq_cl_vwidth[VWI(t)]; }

/* A struct node's fields:
 *  E_SVAR    v struct var, b its element's index when it is an array
 *            (`sV[(b) & (len - 1)]`); type the struct type
 *  E_SLIT    `(struct sT){ ... }`: a the first member's expression, the
 *            rest chained by next; type the struct type
 *  E_SCOND   `c ? A : B` of struct values: a c, b A, c B; type the struct
 *  E_CALL    of a helper with a struct result (cl_func_t.sret) is one too
 *  E_MEMBER  a struct expression's scalar member `flag`; type its type
 *  E_PDEREF  a struct expression's pointer member `flag` indexed by b
 *            (in: `[b & 3u]`, out: `[(uint)b % K]`); type uint
 *  E_PTR     a pointer member's value, op its kind (CM_*): copied from
 *            member `flag` of struct expression b when b >= 0, else
 *            `in + (uint)a % (N - 3)`, `out + gid * K` or `cnt`
 *  E_SEXPR   `({ T tV = a; b...; tV; })`: v the temporary (hidden var),
 *            b assignments to it, some under an if
 *  S_MASSIGN `S.mF op= a` (a an E_PTR for a pointer member, op CO_SET)
 *  S_SCOPY   `S = a` (a struct expression)
 *  S_PSTORE  `S.mF[(uint)b % K] = a` through an out pointer member
 *            (S: the E_SVAR c, the object assigned)
 *  S_ATOM    with b >= 0: through the cnt pointer member `flag` of the
 *            struct expression b */

/* member kinds: the integer types, then the pointer members (their value
 * in the oracle is the word offset into their buffer) */
enum { CM_PIN = CT_N, CM_POUT, CM_PCNT, CM_N };

/* C operators of E_UN, E_BIN, E_ASSIGN/S_ASSIGN (the last use CO_SET too) */
enum {
    CO_NEG, CO_NOT, CO_LNOT,
    CO_ADD, CO_SUB, CO_MUL, CO_DIV, CO_MOD, CO_AND, CO_OR, CO_XOR, CO_SHL, CO_SHR,
    CO_LT, CO_LE, CO_GT, CO_GE, CO_EQ, CO_NE, CO_SET
};

/* E_BUILTIN functions */
enum {
    BI_MIN, BI_MAX, BI_ABS, BI_ABS_DIFF, BI_CLAMP, BI_ROTATE, BI_POPCOUNT, BI_CLZ,
    BI_MUL_HI, BI_ADD_SAT, BI_SUB_SAT, BI_HADD, BI_RHADD, BI_N
};

/* atomics on the counter buffers (order-independent final values):
 * cnt[0..2] add, cnt[3..5] xor, cnt[6..7] max, cmin[0..1] min */
enum { AT_ADD, AT_XOR, AT_MAX, AT_MIN };
#define WQ_CL_NCNT  8u
#define WQ_CL_NCMIN 2u

/* One node.  a, b, c: children (-1: none); next: the following statement
 * of a list, or the following argument of a call.  v: constant value, var
 * index, function index, output index, case label, counter word. */
typedef struct cl_node {
    uint8_t kind, op, type, flag;   /* flag: S_CASE default / ends with break */
    int32_t a, b, c, d, next;
    uint32_t v;
} cl_node_t;

#define CL_MAXVARS   32u
#define CL_MAXFUNCS  6u
#define CL_MAXSTRUCT 2u
#define CL_MAXMEMB   7u             /* 3 integers, a float, 3 pointers */
#define CL_MAXSVARS  8u
#define CL_MAXELEM   4u             /* a struct array's length: 2 or 4 */
#define CL_MAXVV     6u             /* vector locals (the kernel's)         */
#define CL_MAXFVV    3u             /* float vector locals (the kernel's)   */

typedef struct cl_struct {
    unsigned nm;
    uint8_t mtype[CL_MAXMEMB];      /* CT_* or CM_* */
} cl_struct_t;

typedef struct cl_func {
    unsigned nparams, nvars;        /* params are vars 0..nparams-1        */
    uint8_t vtype[CL_MAXVARS];
    uint8_t counter[CL_MAXVARS];    /* loop counters: never assigned by code */
    uint8_t hidden[CL_MAXVARS];     /* a statement expression's temporary:
                                       declared in it, read nowhere else   */
    int32_t init[CL_MAXVARS];       /* initialiser expression of a local (-1: 0) */
    uint8_t ret;                    /* return type (helpers)               */
    uint8_t noinline;
    uint8_t sret;                   /* 0, or the struct result's type + 1  */
    unsigned nsparams, nsvars;      /* struct params are struct vars 0..nsparams-1 */
    uint8_t svtype[CL_MAXSVARS];
    uint8_t salen[CL_MAXSVARS];     /* 0, or the length of a struct array */
    int32_t sinit[CL_MAXSVARS];     /* a local's initialiser (struct expression;
                                       an array's: one per element, by next) */
    unsigned nvv;                   /* vector locals                       */
    uint8_t vvtype[CL_MAXVV];
    int32_t vinit[CL_MAXVV];
    unsigned nfvv;                  /* float vector locals (the kernel's)  */
    uint8_t fvvtype[CL_MAXFVV];
    int32_t fvvinit[CL_MAXFVV];
    unsigned nlabels;               /* goto labels L0 ..                   */
    int32_t body;                   /* first statement                     */
} cl_func_t;

/* the program: function 0 is the kernel, whose var 0 is gid */
typedef struct cl_prog {
    cl_node_t *n;
    unsigned nn, cap;
    cl_func_t f[CL_MAXFUNCS];
    unsigned nf;
    cl_struct_t st[CL_MAXSTRUCT];
    unsigned nst;
    unsigned features;              /* WQ_GEN_CL_* bits                     */
    unsigned contract;              /* float: a * b + c contracted (no
                                       `#pragma OPENCL FP_CONTRACT OFF`)    */
    unsigned threads, local, k;     /* global size, local size, outputs per thread */
    uint32_t in_seed;               /* run.c's `rand32 SEED` input          */
} cl_prog_t;

/* an in pointer member points at in[0 .. N-4], so [i & 3] stays in the buffer */
static inline unsigned wq_cl_in_span(const cl_prog_t *p) { return p->threads - 3u; }

/* the oracle's answer for every thread */
typedef struct cl_result {
    uint32_t *out;                  /* threads * k words                    */
    uint32_t cnt[WQ_CL_NCNT], cmin[WQ_CL_NCMIN];
} cl_result_t;

uint32_t wq_cl_norm(uint32_t v, unsigned t);
unsigned wq_cl_promote(unsigned t);
unsigned wq_cl_arith(unsigned t1, unsigned t2);
int      wq_cl_signed(unsigned t);
unsigned wq_cl_bits(unsigned t);
unsigned wq_cl_signed_of(unsigned t);  /* char for uchar, ...            */
/* run.c's `rand32 SEED` sequence: the input buffer's n words */
void     wq_cl_input(uint32_t seed, uint32_t *in, unsigned n);

/* Evaluate every thread; res->out malloc'd.  0, or -1 with err set (the
 * generator broke its own rules: a step budget ran out). */
int wq_cl_eval(const cl_prog_t *p, cl_result_t *res, char *err, size_t errlen);

#endif
