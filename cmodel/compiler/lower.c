/* lower.c -- the typed AST of one kernel to IR: machine instructions on
 * virtual registers, with the divergence control of DESIGN §6.3 explicit.
 *
 * Functions are inlined at their call sites, or called with CALL/RET and
 * lowered once after the kernel's code (docs/compiler.md "Calls"; OpenCL C
 * has no recursion, a cycle is an error here).  Private arrays, structs and
 * address-taken variables get fixed offsets in the work-item's frame
 * (frame.c).  Structured control flow becomes the reference
 * lowering (docs/compiler.md "Lowering"):
 *
 *   if/else    SSY L; @!p BRA else; then; BRA L'; else: ...; L': SYNC L; L:
 *   loop       PBRK exit; head: cond -> @!p BRK exit; PCONT cont; body;
 *              CONT cont; cont: step; YIELD; BRA head; exit:
 *   switch     PBRK exit; @p BRA case_k ...; bodies; BRK exit; exit:
 *   return     EXIT in a kernel; in an inlined function BRK to its end;
 *              in a called function RET (threads park on the CALL token)
 *
 * and a region whose condition uniform.c proved uniform (and that no
 * divergent break leaves) gets plain branches and no tokens.  Values live
 * in registers normalised to their type: a char is sign-extended, a uchar
 * zero-extended, a bool 0 or 1. */
#include <stdio.h>
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"

/* the parameter buffer's header, in bytes (kabi.def; docs/runtime.md "Kernel ABI") */
enum {
    P_QUEUE = 4 * WQ_KPARAM_QUEUE, P_DIM = 4 * WQ_KPARAM_DIM, P_OFFSET = 4 * WQ_KPARAM_OFF_X,
    P_GSIZE = 4 * WQ_KPARAM_GSZ_X, P_LOCAL = 4 * WQ_KPARAM_LOCAL, P_ARGS = WQ_KPARAM_ARGS
};

typedef struct target {
    struct target *up;
    int is_loop;
    int tokens;                     /* the region pushed a BRK (and CONT) token */
    int brk, cont;                  /* labels                                  */
    int has_cont_token;
} target_t;

typedef struct fnctx {
    struct fnctx *up;
    cc_func_t *f;
    int end;                        /* label after the body                    */
    int ret;                        /* the return value's register             */
    int tokens;                     /* PBRK end pushed                         */
    target_t *saved_targets;
    int link;                       /* called with CALL: the link register (else 0) */
} fnctx_t;

typedef struct {
    cc_t *c;
    cc_kout_t *k;
    cc_code_t *code;
    cc_func_t *kernel;
    const cc_tok_t *tok;            /* the statement being lowered             */
    int param;                      /* register: the parameter buffer          */
    int local_base;                 /* register: this group's __local block    */
    int lstride_off;                /* register: this block - group 0's block  */
    target_t *targets;
    fnctx_t *fn;
    int inline_depth;
    wq_cc_yield_t yield;
    int yields;                     /* YIELDs emitted                          */
    wq_cc_inline_t inl;             /* which functions are inlined             */
    uint32_t frame_top, frame_max;  /* private frame bytes in use, at most     */
    uint32_t frame_align;           /* the largest alignment of a frame object */
    int lane[8];                    /* vector templates: ND_LANE k's register  */
} lw_t;

/* ---- emission helpers ----------------------------------------------------------------- */
static cc_ir_t *emit(lw_t *w, int op)
{
    cc_code_t *cd = w->code;
    if (cd->n == cd->cap) {
        int cap = cd->cap ? cd->cap * 2 : 256;
        cc_ir_t *n = cc_alloc(w->c, sizeof *n * (size_t)cap);
        if (cd->n) memcpy(n, cd->ir, sizeof *n * (size_t)cd->n);
        cd->ir = n;
        cd->cap = cap;
    }
    cc_ir_t *i = &cd->ir[cd->n++];
    memset(i, 0, sizeof *i);
    i->op = op;
    i->tok = w->tok;
    if (cd->n > 1000000) cc_error_tok(w->c, w->tok, "kernel too large (more than a million instructions after inlining)");
    return i;
}

static int vreg(lw_t *w) { return CC_V0 + w->code->nvreg++; }
static int vpred(lw_t *w) { return ++w->code->npred; }
static int new_label(lw_t *w) { return w->code->nlabel++; }
static void label(lw_t *w, int l) { emit(w, CC_OP_LABEL)->label = l; }

static int mov_imm(lw_t *w, uint32_t v)
{
    cc_ir_t *i = emit(w, WQ_OP_MOV);
    i->d = vreg(w);
    i->bi = 1;
    i->imm = v;
    return i->d;
}

static void mov_to(lw_t *w, int d, int s)
{
    if (d == s) return;
    cc_ir_t *i = emit(w, WQ_OP_MOV);
    i->d = d;
    i->b = s;
}

static int op_rr(lw_t *w, int op, int a, int b)
{
    cc_ir_t *i = emit(w, op);
    i->d = vreg(w);
    i->a = a;
    i->b = b;
    return i->d;
}

static int op_ri(lw_t *w, int op, int a, uint32_t imm)
{
    cc_ir_t *i = emit(w, op);
    i->d = vreg(w);
    i->a = a;
    i->bi = 1;
    i->imm = imm;
    return i->d;
}

static int setp_rr(lw_t *w, int cmp, int a, int b)
{
    cc_ir_t *i = emit(w, WQ_OP_SETP);
    i->pd = vpred(w);
    i->fn = cmp;
    i->a = a;
    i->b = b;
    return i->pd;
}

static int setp_ri(lw_t *w, int cmp, int a, uint32_t imm)
{
    cc_ir_t *i = emit(w, WQ_OP_SETP);
    i->pd = vpred(w);
    i->fn = cmp;
    i->a = a;
    i->bi = 1;
    i->imm = imm;
    return i->pd;
}

/* d = p ? a : b (neg: !p) */
static int sel_rr(lw_t *w, int p, int neg, int a, int b)
{
    cc_ir_t *i = emit(w, WQ_OP_SEL);
    i->d = vreg(w);
    i->a = a;
    i->b = b;
    i->pd = p;
    i->fn = neg << 3;
    return i->d;
}

static int sel_ri(lw_t *w, int p, int neg, int a, uint32_t imm)
{
    cc_ir_t *i = emit(w, WQ_OP_SEL);
    i->d = vreg(w);
    i->a = a;
    i->bi = 1;
    i->imm = imm;
    i->pd = p;
    i->fn = neg << 3;
    return i->d;
}

static int s2r(lw_t *w, int sreg)
{
    cc_ir_t *i = emit(w, WQ_OP_S2R);
    i->d = vreg(w);
    i->imm = (uint32_t)sreg;
    return i->d;
}

static int ldw(lw_t *w, int addr, uint32_t off, int width)
{
    cc_ir_t *i = emit(w, WQ_OP_LD);
    i->d = vreg(w);
    i->a = addr;
    i->imm = off;
    i->fn = width;
    return i->d;
}

static void stw(lw_t *w, int addr, uint32_t off, int v, int width)
{
    cc_ir_t *i = emit(w, WQ_OP_ST);
    i->a = addr;
    i->imm = off;
    i->b = v;
    i->fn = width;
}

static int ld32(lw_t *w, int addr, uint32_t off) { return ldw(w, addr, off, WQ_MEMW_W32); }
static void st32(lw_t *w, int addr, uint32_t off, int v) { stw(w, addr, off, v, WQ_MEMW_W32); }

static int atom(lw_t *w, int fn, int addr, uint32_t off, int v)
{
    cc_ir_t *i = emit(w, WQ_OP_ATOM);
    i->d = vreg(w);
    i->a = addr;
    i->imm = off;
    i->b = v;
    i->fn = fn;
    return i->d;
}

/* control: op with a label target and a guard */
static void ctrl(lw_t *w, int op, int target, int gp, int gn)
{
    cc_ir_t *i = emit(w, op);
    i->label = target;
    i->gp = gp;
    i->gn = gn;
}

static void plain(lw_t *w, int op, int gp, int gn)
{
    cc_ir_t *i = emit(w, op);
    i->gp = gp;
    i->gn = gn;
}

/* ---- values ----------------------------------------------------------------------------- */
/* a program-scope __constant scalar: read by value, it is its constant */
static int is_const_scalar(const cc_var_t *v)
{
    return v->is_static && v->init && cc_is_scalar(v->ty) && v->init->body && !v->init->body->next;
}

static int64_t const_value(const cc_var_t *v)
{
    const cc_node_t *val = v->init->body->lhs->rhs;
    while (val->kind == ND_CAST) val = val->lhs;
    return val->val;
}

static int is_long(const cc_type_t *t) { return t->kind == TY_LONG || t->kind == TY_ULONG; }

/* a 64-bit value is a register pair: the low word in v, the high in v + 1
 * (docs/compiler.md "64-bit integers") */
static int pair(lw_t *w)
{
    int lo = vreg(w);
    vreg(w);
    return lo;
}

/* the register(s) of a variable of type t: a vector's are consecutive,
 * one per component (two per 64-bit component) */
static int var_reg(lw_t *w, const cc_type_t *t)
{
    if (t->kind == TY_VEC) {
        int b = vreg(w);
        for (int i = 1; i < cc_vec_regs(t); i++) vreg(w);
        return b;
    }
    return is_long(t) ? pair(w) : vreg(w);
}

/* a copy of a value of type t */
static void mov_val(lw_t *w, int d, int s, const cc_type_t *t)
{
    if (t->kind == TY_VEC) {
        for (int i = 0; d != s && i < cc_vec_regs(t); i++) mov_to(w, d + i, s + i);
        return;
    }
    mov_to(w, d, s);
    if (is_long(t) && d != s) mov_to(w, d + 1, s + 1);
}

/* make a 32-bit value a valid value of type t */
static int normalize(lw_t *w, int v, const cc_type_t *t)
{
    switch (t->kind) {
    case TY_BOOL: {
        int p = setp_ri(w, WQ_CMP_NE, v, 0);
        return sel_ri(w, p, 0, mov_imm(w, 1), 0);
    }
    case TY_CHAR: return op_ri(w, WQ_OP_SRA, op_ri(w, WQ_OP_SHL, v, 24), 24);
    case TY_UCHAR: return op_ri(w, WQ_OP_AND, v, 0xFF);
    case TY_SHORT: return op_ri(w, WQ_OP_SRA, op_ri(w, WQ_OP_SHL, v, 16), 16);
    case TY_USHORT: return op_ri(w, WQ_OP_AND, v, 0xFFFF);
    default: return v;
    }
}

/* ---- floating point (docs/compiler.md "Floating point") ------------------------------------- */
/* a conversion instruction (I2F U2F F2I F2U) rounding by rm (WQ_RM_*) */
static int cvt(lw_t *w, int op, int v, int rm)
{
    cc_ir_t *i = emit(w, op);
    i->d = vreg(w);
    i->b = v;
    i->fn = rm;
    return i->d;
}

/* FSETP: pd = a CMP b as floats (b the bit pattern imm when bi) */
static int fsetp(lw_t *w, int cmp, int a, int b, int bi, uint32_t imm)
{
    cc_ir_t *i = emit(w, WQ_OP_FSETP);
    i->pd = vpred(w);
    i->fn = cmp;
    i->a = a;
    i->b = bi ? 0 : b;
    i->bi = bi;
    i->imm = bi ? imm : 0;
    return i->pd;
}

static int convert(lw_t *w, int v, const cc_type_t *from, const cc_type_t *to);

/* a conversion to or from float (neither 64-bit: parse.c refuses those):
 * rm < 0 is C's rule, to nearest even into float and toward zero out of
 * it; an integer target narrower than 32 bits takes the saturated 32-bit
 * result's low bits, a bool one is `x != 0.0f` */
static int l2f(lw_t *w, int v, int is_unsigned, int rm);
static int f2l(lw_t *w, int x, int is_unsigned, int rm);

static int fconvert(lw_t *w, int v, const cc_type_t *from, const cc_type_t *to, int rm)
{
    if (cc_is_float(from) && cc_is_float(to)) return v;
    if (is_long(from)) return l2f(w, v, from->is_unsigned, rm);
    if (is_long(to)) return f2l(w, v, to->is_unsigned, rm);
    if (cc_is_float(to))
        return cvt(w, from->is_unsigned ? WQ_OP_U2F : WQ_OP_I2F, v, rm < 0 ? WQ_RM_RNE : rm);
    if (to->kind == TY_BOOL) return sel_ri(w, fsetp(w, WQ_CMP_NE, v, 0, 1, 0), 0, mov_imm(w, 1), 0);
    int r = cvt(w, to->is_unsigned ? WQ_OP_F2U : WQ_OP_F2I, v, rm < 0 ? WQ_RM_RTZ : rm);
    return convert(w, r, to->is_unsigned ? &cc_ty_uint : &cc_ty_int, to);
}

static int convert(lw_t *w, int v, const cc_type_t *from, const cc_type_t *to)
{
    if (cc_is_float(from) || cc_is_float(to)) return fconvert(w, v, from, to, -1);
    if (to->kind == TY_BOOL) return from->kind == TY_BOOL ? v : normalize(w, v, to);
    if (to->size >= 4) return v;
    /* a narrower value of a compatible signedness already fits */
    if (from->size < to->size && (from->is_unsigned || !to->is_unsigned)) return v;
    if (from->kind == TY_BOOL) return v;
    return normalize(w, v, to);
}

static int gen(lw_t *w, cc_node_t *n);
static void gen_effect(lw_t *w, cc_node_t *n);
static int widen64(lw_t *w, int v, const cc_type_t *from);
static int cmp64(lw_t *w, cc_nk_t k, int u, int a, int b);
static void gen_stmt(lw_t *w, cc_node_t *n);

/* a parameter-buffer word */
static int param_word(lw_t *w, uint32_t off) { return ld32(w, w->param, off); }

static int get_local_base(lw_t *w)
{
    if (!w->local_base) cc_error_tok(w->c, w->tok, "internal: __local block not set up");
    return w->local_base;
}

/* ---- the private frame (frame.c) -------------------------------------------------------- */
static int frame_base(lw_t *w)
{
    cc_code_t *cd = w->code;
    if (!cd->frame) cc_frame_setup(w->c, cd, cd->prologue_end, w->kernel->tok);
    return cd->frame;
}

/* give f's private objects their offsets in the frame, above what is in use;
 * the caller restores frame_top when the instance of f ends */
static uint32_t frame_alloc(lw_t *w, const cc_type_t *t, const cc_tok_t *tok)
{
    uint32_t al = (uint32_t)(t->align < 4 ? 4 : t->align);
    w->frame_top = (w->frame_top + al - 1) / al * al;
    /* an offset aligned in the frame is an aligned address only when the
     * frame base is: the runtime aligns it to the kernel's private_align */
    if (al > w->frame_align) w->frame_align = al;
    uint32_t off = w->frame_top;
    w->frame_top += (uint32_t)(t->size + 3) & ~3u;
    if (w->frame_top > 65536) cc_error_tok(w->c, tok, "private variables of more than 64 KiB per work-item");
    if (w->frame_top > w->frame_max) w->frame_max = w->frame_top;
    return off;
}

static void place_obj(lw_t *w, cc_var_t *v) { v->offset = frame_alloc(w, v->ty, v->tok); }

static void place_locals(lw_t *w, cc_func_t *f)
{
    for (cc_var_t *v = f->locals; v; v = v->next)
        if (v->in_memory && v->as == AS_PRIVATE) place_obj(w, v);
}

static int is_agg(const cc_type_t *t) { return t && t->kind == TY_STRUCT; }
static void copy_obj(lw_t *w, int dreg, uint32_t doff, int sreg, uint32_t soff, const cc_type_t *t);

/* a parameter's incoming value: its register, or its frame slot when its
 * address is taken; a struct or union's is the address of the argument,
 * copied into the parameter's own object */
static void bind_param(lw_t *w, cc_var_t *v, int val)
{
    if (is_agg(v->ty)) {
        copy_obj(w, frame_base(w), v->offset, val, 0, v->ty);
    } else if (v->in_memory && v->ty->kind == TY_VEC) {
        const cc_type_t *et = v->ty->base;
        for (int i = 0; i < v->ty->len; i++) {
            uint32_t off = v->offset + (uint32_t)(i * et->size);
            if (is_long(et)) {
                st32(w, frame_base(w), off, val + 2 * i);
                st32(w, frame_base(w), off + 4, val + 2 * i + 1);
            } else {
                stw(w, frame_base(w), off, val + i, et->size == 4 ? WQ_MEMW_W32 : et->size == 2 ? WQ_MEMW_H : WQ_MEMW_B);
            }
        }
    } else if (v->in_memory) {
        st32(w, frame_base(w), v->offset, val);
        if (is_long(v->ty)) st32(w, frame_base(w), v->offset + 4, val + 1);
    } else {
        mov_val(w, v->vreg, val, v->ty);
    }
}

/* ---- memory ----------------------------------------------------------------------------- */
/* address of a memory lvalue as (register, constant offset) */
typedef struct { int reg; uint32_t off; } addr_t;

static addr_t agg_value(lw_t *w, cc_node_t *n);

static addr_t gen_addr(lw_t *w, cc_node_t *n)
{
    if (n->kind == ND_VAR) {
        if (!n->var->in_memory) cc_error_tok(w->c, n->tok, "internal: address of a register variable");
        if (n->var->as == AS_PRIVATE || n->var->is_static) return (addr_t){ frame_base(w), n->var->offset };
        return (addr_t){ get_local_base(w), n->var->offset };
    }
    if (n->kind == ND_DEREF) {
        cc_node_t *p = n->lhs;
        /* fold a constant displacement into the instruction's offset */
        if (p->kind == ND_ADD && p->rhs->kind == ND_NUM && p->ty->kind == TY_PTR) {
            addr_t a = { gen(w, p->lhs), (uint32_t)p->rhs->val };
            return a;
        }
        if (p->kind == ND_CAST && p->lhs->kind == ND_ADD && p->lhs->rhs->kind == ND_NUM &&
            p->lhs->ty->kind == TY_PTR) {
            addr_t a = { gen(w, p->lhs->lhs), (uint32_t)p->lhs->rhs->val };
            return a;
        }
        return (addr_t){ gen(w, p), 0 };
    }
    if (is_agg(n->ty)) return agg_value(w, n);
    cc_error_tok(w->c, n->tok, "internal: not a memory lvalue");
}

/* byte and half-word accesses are the ISA's own widths: a load extends
 * as the type does (bool is a byte 0 or 1), a store writes its bytes
 * through the memory port's strobes, so a neighbour's bytes in the same
 * word are never touched */
static int load(lw_t *w, addr_t a, const cc_type_t *t)
{
    if (t->kind == TY_STRUCT || t->kind == TY_ARRAY) cc_error_tok(w->c, w->tok, "internal: aggregate load");
    if (t->size == 4) return ld32(w, a.reg, a.off);
    int uns = t->kind == TY_BOOL || t->is_unsigned;
    int width = t->size == 1 ? (uns ? WQ_MEMW_BU : WQ_MEMW_B) : (uns ? WQ_MEMW_HU : WQ_MEMW_H);
    return ldw(w, a.reg, a.off, width);
}

static void store(lw_t *w, addr_t a, const cc_type_t *t, int v)
{
    stw(w, a.reg, a.off, v, t->size == 4 ? WQ_MEMW_W32 : t->size == 2 ? WQ_MEMW_H : WQ_MEMW_B);
}

/* ---- division ------------------------------------------------------------------------------ */
static int log2u(uint64_t v) { int k = 0; while (v > 1) { v >>= 1; k++; } return k; }

static int absval(lw_t *w, int v)
{
    int s = op_ri(w, WQ_OP_SRA, v, 31);
    return op_rr(w, WQ_OP_SUB, op_rr(w, WQ_OP_XOR, v, s), s);
}

static int binop(lw_t *w, cc_nk_t k, const cc_node_t *tn, int a, cc_node_t *bn, int bval);
static int ffma(lw_t *w, int a, cc_node_t *bn, int b, int neg, int c);

static int gen_divmod(lw_t *w, cc_node_t *n)
{
    if (cc_is_float(n->ty)) return binop(w, ND_DIV, n, gen(w, n->lhs), n->rhs, 0);
    int is_div = n->kind == ND_DIV;
    int u = n->ty->is_unsigned;
    int a = gen(w, n->lhs);
    if (n->rhs->kind == ND_NUM) {
        uint64_t dv = (uint64_t)(uint32_t)n->rhs->val;
        if (dv == 0) cc_error_tok(w->c, n->tok, "division by zero");
        if ((dv & (dv - 1)) == 0) {                 /* a power of two: shifts */
            int k = log2u(dv);
            if (u) return is_div ? (k ? op_ri(w, WQ_OP_SHR, a, (uint32_t)k) : a)
                                 : op_ri(w, WQ_OP_AND, a, (uint32_t)(dv - 1));
            if (k == 0) return is_div ? a : mov_imm(w, 0);
            /* round toward zero: add (2^k - 1) to negative dividends */
            int bias = op_ri(w, WQ_OP_SHR, op_ri(w, WQ_OP_SRA, a, 31), (uint32_t)(32 - k));
            int t = op_rr(w, WQ_OP_ADD, a, bias);
            int qv = op_ri(w, WQ_OP_SRA, t, (uint32_t)k);
            if (is_div) return qv;
            return op_rr(w, WQ_OP_SUB, a, op_ri(w, WQ_OP_SHL, qv, (uint32_t)k));
        }
    }
    /* otherwise the ISA's division (RISC-V's results for b = 0 and
     * INT_MIN / -1, both undefined in OpenCL C) */
    int b = gen(w, n->rhs);
    int op = is_div ? (u ? WQ_OP_DIVU : WQ_OP_DIV) : (u ? WQ_OP_REMU : WQ_OP_REM);
    return op_rr(w, op, a, b);
}

/* ---- conditions ------------------------------------------------------------------------------ */
/* a predicate that is true where n != 0; *neg set when the caller must use !p */
static int gen_cond(lw_t *w, cc_node_t *n, int *neg)
{
    *neg = 0;
    if ((n->kind == ND_EQ || n->kind == ND_NE || n->kind == ND_LT || n->kind == ND_LE) && is_long(n->lhs->ty)) {
        int a = gen(w, n->lhs);
        return cmp64(w, n->kind, n->lhs->ty->is_unsigned, a, widen64(w, gen(w, n->rhs), n->rhs->ty));
    }
    if ((n->kind == ND_EQ || n->kind == ND_NE || n->kind == ND_LT || n->kind == ND_LE) && cc_is_float(n->lhs->ty)) {
        /* FSETP: EQ, LT and LE are false on a NaN, NE true (docs/spec.md
         * 2.9), as C's operators are; `!(a < b)` negates the predicate, so
         * it stays true on a NaN */
        int cmp = n->kind == ND_EQ ? WQ_CMP_EQ : n->kind == ND_NE ? WQ_CMP_NE
                : n->kind == ND_LT ? WQ_CMP_LT : WQ_CMP_LE;
        int a = gen(w, n->lhs);
        if (n->rhs->kind == ND_NUM) return fsetp(w, cmp, a, 0, 1, (uint32_t)n->rhs->val);
        return fsetp(w, cmp, a, gen(w, n->rhs), 0, 0);
    }
    if (n->kind == ND_EQ || n->kind == ND_NE || n->kind == ND_LT || n->kind == ND_LE) {
        int u = n->lhs->ty->is_unsigned;
        int cmp = n->kind == ND_EQ ? WQ_CMP_EQ : n->kind == ND_NE ? WQ_CMP_NE
                : n->kind == ND_LT ? (u ? WQ_CMP_LTU : WQ_CMP_LT) : (u ? WQ_CMP_LEU : WQ_CMP_LE);
        int a = gen(w, n->lhs);
        if (n->rhs->kind == ND_NUM) return setp_ri(w, cmp, a, (uint32_t)n->rhs->val);
        return setp_rr(w, cmp, a, gen(w, n->rhs));
    }
    int v = gen(w, n);
    if (n->ty && is_long(n->ty)) v = op_rr(w, WQ_OP_OR, v, v + 1);
    return setp_ri(w, WQ_CMP_NE, v, 0);
}

/* an expression that can be evaluated whether or not it is needed: no
 * side effects, no memory, no calls, no division */
static int is_simple(const cc_node_t *n)
{
    if (!n) return 1;
    switch (n->kind) {
    case ND_NUM: case ND_VAR: return !(n->kind == ND_VAR && n->var->in_memory);
    case ND_ASSIGN: case ND_OPASSIGN: case ND_INCDEC: case ND_CALL: case ND_DEREF:
    case ND_DIV: case ND_MOD: case ND_LOGAND: case ND_LOGOR: case ND_COND: case ND_COMMA:
    case ND_STMTEXPR:
        return 0;
    case ND_BUILTIN:
        if (n->bi == BI_ATOMIC || n->bi == BI_BARRIER || n->bi == BI_MEM_FENCE || n->bi == BI_YIELD || n->bi == BI_PREFETCH ||
            n->bi == BI_ASYNC_COPY ||
            n->bi == BI_WQ_ENQUEUE || n->bi == BI_WQ_ENQUEUE_ND || n->bi == BI_WQ_DONE || n->bi == BI_WQ_FINISH) return 0;
        for (const cc_node_t *a = n->args; a; a = a->next) if (!is_simple(a)) return 0;
        return 1;
    case ND_ADDR: return n->lhs->kind == ND_VAR || (n->lhs->kind == ND_DEREF && is_simple(n->lhs->lhs));
    case ND_VLIT: case ND_VMAP: case ND_VSHUFFLE:
        /* the operands are in args (and a map's per-component template in
         * then), not in lhs and rhs: a call or store there is a side effect */
        for (const cc_node_t *a = n->args; a; a = a->next) if (!is_simple(a)) return 0;
        return is_simple(n->then);
    default: return is_simple(n->lhs) && is_simple(n->rhs);
    }
}

static int bool01(lw_t *w, cc_node_t *n)
{
    int neg;
    int p = gen_cond(w, n, &neg);
    return sel_ri(w, p, neg, mov_imm(w, 1), 0);
}

/* if (cond) then else els, as a region; then/els are callbacks on nodes */
typedef void (*arm_fn)(lw_t *w, cc_node_t *n, void *user);

static void gen_if_region(lw_t *w, int divergent, cc_node_t *cond, arm_fn arm, cc_node_t *then,
                          cc_node_t *els, void *user)
{
    int end = new_label(w);
    int other = new_label(w);
    if (divergent) ctrl(w, WQ_OP_SSY, end, 0, 0);
    int neg;
    int p = gen_cond(w, cond, &neg);
    ctrl(w, WQ_OP_BRA, other, p, !neg);
    arm(w, then, user);
    if (divergent) {
        int sync = new_label(w);
        if (els) ctrl(w, WQ_OP_BRA, sync, 0, 0);
        label(w, other);
        if (els) arm(w, els, user);
        label(w, sync);
        ctrl(w, WQ_OP_SYNC, end, 0, 0);
    } else {
        if (els) ctrl(w, WQ_OP_BRA, end, 0, 0);
        label(w, other);
        if (els) arm(w, els, user);
    }
    label(w, end);
}

static void arm_stmt(lw_t *w, cc_node_t *n, void *user) { (void)user; gen_stmt(w, n); }
static void arm_value(lw_t *w, cc_node_t *n, void *user) { mov_to(w, *(int *)user, gen(w, n)); }

/* ---- structs and unions by value ------------------------------------------------------- */
/* A struct or union value is an object in memory: an expression of such a
 * type yields its address (agg_value), an assignment copies the bytes
 * (copy_obj), a call's result is a frame object of the caller's
 * (docs/compiler.md "Structs and unions by value"). */

/* copy the object of type t: a load and a store per unit of its
 * alignment (a word at most), in address order; the source and the
 * destination are either the same object or disjoint (C11 6.5.16.1) */
static void copy_obj(lw_t *w, int dreg, uint32_t doff, int sreg, uint32_t soff, const cc_type_t *t)
{
    int unit = t->align >= 4 ? 4 : t->align;
    int lw = unit == 4 ? WQ_MEMW_W32 : unit == 2 ? WQ_MEMW_HU : WQ_MEMW_BU;
    int sw = unit == 4 ? WQ_MEMW_W32 : unit == 2 ? WQ_MEMW_H : WQ_MEMW_B;
    for (uint32_t o = 0; o < (uint32_t)t->size; o += (uint32_t)unit)
        stw(w, dreg, doff + o, ldw(w, sreg, soff + o, lw), sw);
}

/* an address as one register */
static int addr_reg(lw_t *w, addr_t a) { return a.off ? op_ri(w, WQ_OP_ADD, a.reg, a.off) : a.reg; }

/* a frame object for a struct value the caller keeps (a call's result):
 * above what is in use, for as long as the enclosing function instance */
static addr_t frame_temp(lw_t *w, const cc_type_t *t)
{
    uint32_t off = frame_alloc(w, t, w->tok);
    return (addr_t){ frame_base(w), off };
}

static void gen_call(lw_t *w, cc_node_t *n, int *result);

static void arm_addr(lw_t *w, cc_node_t *n, void *user)
{
    addr_t a = gen_addr(w, n);
    mov_to(w, *(int *)user, addr_reg(w, a));
}

/* the address of the object a struct- or union-valued expression that is
 * not an lvalue denotes */
static addr_t agg_value(lw_t *w, cc_node_t *n)
{
    switch (n->kind) {
    case ND_ASSIGN: {
        addr_t s = gen_addr(w, n->rhs);
        addr_t d = gen_addr(w, n->lhs);
        copy_obj(w, d.reg, d.off, s.reg, s.off, n->lhs->ty);
        return d;
    }
    case ND_CALL: {
        int r = 0;
        gen_call(w, n, &r);
        return (addr_t){ r, 0 };
    }
    case ND_COMMA:
        gen_effect(w, n->lhs);
        return gen_addr(w, n->rhs);
    case ND_COND: {
        int r = vreg(w);
        gen_if_region(w, n->divergent, n->cond, arm_addr, n->then, n->els, &r);
        return (addr_t){ r, 0 };
    }
    case ND_STMTEXPR:
        gen_stmt(w, n->then);
        return gen_addr(w, n->lhs);
    default:
        cc_error_tok(w->c, n->tok, "internal: cannot lower this struct value (%d)", (int)n->kind);
    }
}

/* ---- built-in functions ----------------------------------------------------------------------- */
static const int sr_ctaid[3] = { WQ_SR_CTAID_X, WQ_SR_CTAID_Y, WQ_SR_CTAID_Z };
static const int sr_ntid[3] = { WQ_SR_NTID_X, WQ_SR_NTID_Y, WQ_SR_NTID_Z };
static const int sr_tid[3] = { WQ_SR_TID_X, WQ_SR_TID_Y, WQ_SR_TID_Z };
static const int sr_nctaid[3] = { WQ_SR_NCTAID_X, WQ_SR_NCTAID_Y, WQ_SR_NCTAID_Z };
static const int sr_gid[3] = { WQ_SR_GID_X, WQ_SR_GID_Y, WQ_SR_GID_Z };

static int workitem_dim(lw_t *w, cc_bi_t bi, int d)
{
    /* a launch the runtime splits into chunks (kabi.def KTAIL): CTAID and
     * NCTAID are the chunk's, the NDRange's values follow the arguments;
     * the header's offset is the chunk's, so GID + OFF stays the global id */
    int split = !w->kernel->enqueued;
    uint32_t tail = w->k->info.param_bytes + 4u * (uint32_t)d;
    switch (bi) {
    case BI_LOCAL_ID: return s2r(w, sr_tid[d]);
    case BI_GROUP_ID:
        if (split) return op_rr(w, WQ_OP_ADD, s2r(w, sr_ctaid[d]), param_word(w, tail + 4u * WQ_KTAIL_GBASE_X));
        return s2r(w, sr_ctaid[d]);
    case BI_LOCAL_SIZE: return s2r(w, sr_ntid[d]);
    case BI_NUM_GROUPS:
        if (split) return param_word(w, tail + 4u * WQ_KTAIL_NGRP_X);
        return s2r(w, sr_nctaid[d]);
    case BI_GLOBAL_SIZE: return param_word(w, P_GSIZE + 4u * (uint32_t)d);
    case BI_GLOBAL_OFFSET:
        if (split) return param_word(w, tail + 4u * WQ_KTAIL_OFF_X);
        return param_word(w, P_OFFSET + 4u * (uint32_t)d);
    case BI_GLOBAL_ID:      /* GID_d is ctaid.d * ntid.d + tid.d; the offset is the launch's */
        return op_rr(w, WQ_OP_ADD, s2r(w, sr_gid[d]), param_word(w, P_OFFSET + 4u * (uint32_t)d));
    default: return mov_imm(w, 0);
    }
}

/* what a work-item function answers for a dimension >= get_work_dim() */
static uint32_t workitem_default(cc_bi_t bi)
{
    return (bi == BI_GLOBAL_SIZE || bi == BI_LOCAL_SIZE || bi == BI_NUM_GROUPS) ? 1 : 0;
}

static int gen_workitem(lw_t *w, cc_node_t *n)
{
    cc_node_t *a = n->args;
    if (a->kind == ND_NUM) {
        uint32_t d = (uint32_t)a->val;
        if (d > 2) return mov_imm(w, workitem_default(n->bi));
        return workitem_dim(w, n->bi, (int)d);
    }
    /* a run-time dimension: all three, then a select */
    int dv = gen(w, a);
    int r = mov_imm(w, workitem_default(n->bi));
    for (int d = 2; d >= 0; d--) {
        int v = workitem_dim(w, n->bi, d);
        int p = setp_ri(w, WQ_CMP_EQ, dv, (uint32_t)d);
        r = sel_rr(w, p, 0, v, r);
    }
    return r;
}

static int width_of(const cc_type_t *t) { return t->size * 8; }

static int gen_atomic64(lw_t *w, cc_node_t *n);

static int gen_atomic(lw_t *w, cc_node_t *n)
{
    if (is_long(n->ty)) return gen_atomic64(w, n);
    cc_node_t *pn = n->args;
    int u = n->ty->is_unsigned;
    addr_t a = { gen(w, pn), 0 };
    if (pn->kind == ND_ADD && pn->rhs->kind == ND_NUM) {
        /* re-lowering would duplicate; keep the plain address */
    }
    switch (n->atom_op) {
    case AT_CMPXCHG: {
        int cmp = gen(w, pn->next);
        int val = gen(w, pn->next->next);
        /* the compare value and the new value are the register pair rb, rb+1:
         * two physical registers kept for it (regalloc.c) */
        unsigned top = w->c->max_regs;
        mov_to(w, CC_R(top - 2), cmp);
        mov_to(w, CC_R(top - 1), val);
        w->code->uses_cas = 1;
        return atom(w, WQ_ATOM_CAS, a.reg, a.off, CC_R(top - 2));
    }
    case AT_INC: return atom(w, WQ_ATOM_ADD, a.reg, a.off, mov_imm(w, 1));
    case AT_DEC: return atom(w, WQ_ATOM_ADD, a.reg, a.off, mov_imm(w, 0xFFFFFFFFu));
    default: break;
    }
    int v = gen(w, pn->next);
    switch (n->atom_op) {
    case AT_ADD: return atom(w, WQ_ATOM_ADD, a.reg, a.off, v);
    case AT_SUB: return atom(w, WQ_ATOM_ADD, a.reg, a.off, op_rr(w, WQ_OP_SUB, mov_imm(w, 0), v));
    case AT_XCHG: return atom(w, WQ_ATOM_EXCH, a.reg, a.off, v);
    case AT_MIN: return atom(w, u ? WQ_ATOM_MINU : WQ_ATOM_MIN, a.reg, a.off, v);
    case AT_MAX: return atom(w, u ? WQ_ATOM_MAXU : WQ_ATOM_MAX, a.reg, a.off, v);
    case AT_AND: return atom(w, WQ_ATOM_AND, a.reg, a.off, v);
    case AT_OR: return atom(w, WQ_ATOM_OR, a.reg, a.off, v);
    default: return atom(w, WQ_ATOM_XOR, a.reg, a.off, v);
    }
}

static int mul_hi(lw_t *w, int a, int b, const cc_type_t *t)
{
    int bits = width_of(t);
    if (bits < 32) return normalize(w, op_ri(w, t->is_unsigned ? WQ_OP_SHR : WQ_OP_SRA, op_rr(w, WQ_OP_MUL, a, b), (uint32_t)bits), t);
    int h = op_rr(w, WQ_OP_MULHU, a, b);
    if (t->is_unsigned) return h;
    /* signed high half from the unsigned one */
    int ta = op_rr(w, WQ_OP_AND, op_ri(w, WQ_OP_SRA, a, 31), b);
    int tb = op_rr(w, WQ_OP_AND, op_ri(w, WQ_OP_SRA, b, 31), a);
    return op_rr(w, WQ_OP_SUB, op_rr(w, WQ_OP_SUB, h, ta), tb);
}

/* the population count of each byte of x, in that byte */
static int byte_counts(lw_t *w, int x)
{
    x = op_rr(w, WQ_OP_SUB, x, op_ri(w, WQ_OP_AND, op_ri(w, WQ_OP_SHR, x, 1), 0x55555555u));
    x = op_rr(w, WQ_OP_ADD, op_ri(w, WQ_OP_AND, x, 0x33333333u),
              op_ri(w, WQ_OP_AND, op_ri(w, WQ_OP_SHR, x, 2), 0x33333333u));
    return op_ri(w, WQ_OP_AND, op_rr(w, WQ_OP_ADD, x, op_ri(w, WQ_OP_SHR, x, 4)), 0x0F0F0F0Fu);
}

/* the sum of the bytes of x (at most 255), by a multiply into the top byte */
static int sum_bytes(lw_t *w, int x)
{
    return op_ri(w, WQ_OP_SHR, op_ri(w, WQ_OP_MUL, x, 0x01010101u), 24);
}

static int popcount32(lw_t *w, int x) { return sum_bytes(w, byte_counts(w, x)); }

static int clz32(lw_t *w, int x)
{
    static const struct { uint32_t thr; int sh; } st[] = {
        { 0x10000u, 16 }, { 0x1000000u, 8 }, { 0x10000000u, 4 }, { 0x40000000u, 2 }, { 0x80000000u, 1 },
    };
    int n = mov_imm(w, 0);
    for (size_t i = 0; i < sizeof st / sizeof *st; i++) {
        int p = setp_ri(w, WQ_CMP_LTU, x, st[i].thr);
        x = sel_rr(w, p, 0, op_ri(w, WQ_OP_SHL, x, (uint32_t)st[i].sh), x);
        n = sel_rr(w, p, 0, op_ri(w, WQ_OP_ADD, n, (uint32_t)st[i].sh), n);
    }
    int z = setp_ri(w, WQ_CMP_EQ, x, 0);
    return sel_rr(w, z, 0, op_ri(w, WQ_OP_ADD, n, 1), n);
}

static int zext(lw_t *w, int v, const cc_type_t *t)
{
    if (t->size >= 4) return v;
    return op_ri(w, WQ_OP_AND, v, t->size == 1 ? 0xFFu : 0xFFFFu);
}

/* ctz(x) of an integer of type t: the ones below the lowest set bit,
 * popcount((x & -x) - 1); a narrow x gets a bit just above its width, so
 * that ctz(0) is the width (OpenCL: 8, 16 or 32) */
static int ctz32(lw_t *w, int a, const cc_type_t *t)
{
    int x = zext(w, a, t);
    if (t->size < 4) x = op_ri(w, WQ_OP_OR, x, 1u << width_of(t));
    int low = op_rr(w, WQ_OP_AND, x, op_rr(w, WQ_OP_SUB, mov_imm(w, 0), x));
    return popcount32(w, op_ri(w, WQ_OP_SUB, low, 1));
}

/* an exact result of an 8- or 16-bit operation, held in 32 bits as a
 * signed value, clamped to the type's range */
static int clamp_narrow(lw_t *w, int s, const cc_type_t *t)
{
    int bits = width_of(t);
    int32_t lo = t->is_unsigned ? 0 : -(1 << (bits - 1));
    int32_t hi = t->is_unsigned ? (1 << bits) - 1 : (1 << (bits - 1)) - 1;
    return op_ri(w, WQ_OP_MIN, op_ri(w, WQ_OP_MAX, s, (uint32_t)lo), (uint32_t)hi);
}

static int gen_sat(lw_t *w, int add, int a, int b, const cc_type_t *t)
{
    int s = op_rr(w, add ? WQ_OP_ADD : WQ_OP_SUB, a, b);
    if (width_of(t) < 32) return clamp_narrow(w, s, t);
    if (t->is_unsigned) {
        int ovf = setp_rr(w, add ? WQ_CMP_LTU : WQ_CMP_GTU, s, a);
        return sel_ri(w, ovf, 1, s, add ? 0xFFFFFFFFu : 0);
    }
    /* signed overflow: the operands' signs agree (add) or differ (sub) and the result's does not */
    int x = add ? op_rr(w, WQ_OP_AND, op_rr(w, WQ_OP_XOR, a, s), op_rr(w, WQ_OP_XOR, b, s))
                : op_rr(w, WQ_OP_AND, op_rr(w, WQ_OP_XOR, a, b), op_rr(w, WQ_OP_XOR, a, s));
    int ovf = setp_ri(w, WQ_CMP_LT, x, 0);
    int lim = op_ri(w, WQ_OP_XOR, op_ri(w, WQ_OP_SRA, a, 31), 0x7FFFFFFFu);   /* a<0: INT_MIN */
    return sel_rr(w, ovf, 0, lim, s);
}

/* wq_enqueue / wq_enqueue_nd / wq_enqueue_done / wq_enqueue_finish: a call
 * into the device library (enqueue.wqs) with its register convention */
static int gen_nested(lw_t *w, cc_node_t *n)
{
    int args[5] = {0}, k = 0;
    for (cc_node_t *a = n->args; a; a = a->next) args[k++] = gen(w, a);
    w->code->uses_enqueue = 1;
    w->k->info.nested = 1;
    mov_to(w, CC_R(CC_LIB_QD), param_word(w, P_QUEUE));
    int lib = n->bi == BI_WQ_DONE ? CC_LIB_DONE : n->bi == BI_WQ_FINISH ? CC_LIB_FINISH
            : n->bi == BI_WQ_ENQUEUE_ND ? CC_LIB_ENQUEUE_ND : CC_LIB_ENQUEUE;
    if (lib == CC_LIB_ENQUEUE || lib == CC_LIB_ENQUEUE_ND) {
        cc_func_t *f = n->func;
        const char *what = lib == CC_LIB_ENQUEUE ? "wq_enqueue" : "wq_enqueue_nd";
        if (!f->defined) cc_error_tok(w->c, n->tok, "%s: kernel '%s' is declared but not defined", what, f->name);
        if (f->kernel_index >= 64) cc_error_tok(w->c, n->tok, "%s: only the first 64 kernels of a program can be enqueued", what);
        /* its code may rely on the required size; wq_enqueue runs it with that */
        if (lib == CC_LIB_ENQUEUE_ND && f->reqd_wg[0])
            cc_error_tok(w->c, n->tok, "wq_enqueue_nd: kernel '%s' has reqd_work_group_size; enqueue it "
                         "with wq_enqueue", f->name);
        w->k->info.enqueues |= 1ull << f->kernel_index;
        int s = 0;
        if (lib == CC_LIB_ENQUEUE_ND) {
            mov_to(w, CC_R(CC_LIB_GSZ), args[0]);
            mov_to(w, CC_R(CC_LIB_LSZ), args[1]);
            s = 2;
        }
        mov_to(w, CC_R(CC_LIB_IN), mov_imm(w, (uint32_t)f->kernel_index));
        for (int i = 0; i < 3; i++) mov_to(w, CC_R(CC_LIB_IN + 1 + i), s + i < k ? args[s + i] : mov_imm(w, 0));
    }
    cc_ir_t *x = emit(w, CC_OP_LIBCALL);
    x->label = lib;
    if (lib != CC_LIB_ENQUEUE && lib != CC_LIB_ENQUEUE_ND) return 0;
    int r = vreg(w);
    mov_to(w, r, CC_R(CC_LIB_IN));
    return r;
}

static int add64(lw_t *w, int a, int b);
static int pair_of(lw_t *w, int lo, int hi);

/* mad_sat(a, b, c): a * b + c exactly, clamped to the type's range.  An
 * 8- or 16-bit product and sum fit in 32 bits (a ushort one only as
 * unsigned: at most 0xFFFE0001 + 0xFFFF); a 32-bit one is a pair, which
 * fits the type when its high word is zero (unsigned) or the low word's
 * sign extension */
static int mad_sat(lw_t *w, int a, int b, int c, const cc_type_t *t)
{
    if (t->size < 4) {
        int s = op_rr(w, WQ_OP_ADD, op_rr(w, WQ_OP_MUL, a, b), c);
        return t->is_unsigned ? op_ri(w, WQ_OP_MINU, s, t->size == 1 ? 0xFFu : 0xFFFFu) : clamp_narrow(w, s, t);
    }
    int p = pair_of(w, op_rr(w, WQ_OP_MUL, a, b), mul_hi(w, a, b, t));
    int s = add64(w, p, widen64(w, c, t));
    if (t->is_unsigned) return sel_ri(w, setp_ri(w, WQ_CMP_NE, s + 1, 0), 1, s, 0xFFFFFFFFu);
    int fits = setp_rr(w, WQ_CMP_EQ, s + 1, op_ri(w, WQ_OP_SRA, s, 31));
    int lim = op_ri(w, WQ_OP_XOR, op_ri(w, WQ_OP_SRA, s + 1, 31), 0x7FFFFFFFu);   /* < 0: INT_MIN */
    return sel_rr(w, fits, 0, s, lim);
}

/* the predicate "select's selector is not zero" (a 64-bit one: either word) */
static int selector(lw_t *w, const cc_node_t *sn, int c)
{
    if (is_long(sn->ty)) c = op_rr(w, WQ_OP_OR, c, c + 1);
    return setp_ri(w, WQ_CMP_NE, c, 0);
}

static int gen_builtin(lw_t *w, cc_node_t *n)
{
    switch (n->bi) {
    case BI_GLOBAL_ID: case BI_LOCAL_ID: case BI_GROUP_ID: case BI_GLOBAL_SIZE:
    case BI_LOCAL_SIZE: case BI_NUM_GROUPS: case BI_GLOBAL_OFFSET:
        return gen_workitem(w, n);
    case BI_WORK_DIM: return param_word(w, P_DIM);
    case BI_BARRIER: gen(w, n->args); plain(w, WQ_OP_BAR, 0, 0); return 0;
    case BI_MEM_FENCE: gen(w, n->args); plain(w, WQ_OP_MEMBAR, 0, 0); return 0;
    case BI_PREFETCH: gen_effect(w, n->args); gen_effect(w, n->args->next); return 0;
    case BI_YIELD: plain(w, WQ_OP_YIELD, 0, 0); w->yields++; return 0;
    case BI_ASYNC_COPY: gen_stmt(w, n->body); return mov_imm(w, 0);    /* the event: 0 */
    case BI_FSQRT: {
        int b = gen(w, n->args);
        cc_ir_t *i = emit(w, WQ_OP_FSQRT);
        i->d = vreg(w);
        i->b = b;
        return i->d;
    }
    case BI_FMA: {
        int a = gen(w, n->args);
        int b = gen(w, n->args->next);
        return ffma(w, a, NULL, b, 0, gen(w, n->args->next->next));
    }
    case BI_FMIN: case BI_FMAX: {
        int a = gen(w, n->args);
        return op_rr(w, n->bi == BI_FMIN ? WQ_OP_FMIN : WQ_OP_FMAX, a, gen(w, n->args->next));
    }
    case BI_ATOMIC: return gen_atomic(w, n);
    case BI_PRINTF_BUF:
        /* the launch's printf buffer (kabi.def KTAIL PRINTF); the runtime
         * allocates one for a kernel whose info says it calls printf */
        if (w->kernel->enqueued)
            cc_error_tok(w->c, n->tok, "a kernel that wq_enqueue launches cannot call printf (the printf buffer is in the launch's tail)");
        w->k->info.printf = 1;
        return param_word(w, w->k->info.param_bytes + 4u * WQ_KTAIL_PRINTF);
    case BI_WQ_ENQUEUE: case BI_WQ_ENQUEUE_ND: case BI_WQ_DONE: case BI_WQ_FINISH:
        return gen_nested(w, n);
    default: break;
    }
    /* 64-bit results are gen_builtin64's; here only select's selector can be 64-bit */
    const cc_type_t *t = n->args->ty;
    int u = t->is_unsigned;
    int a = gen(w, n->args);
    int b = n->args->next ? gen(w, n->args->next) : 0;
    int c3 = n->args->next && n->args->next->next ? gen(w, n->args->next->next) : 0;
    switch (n->bi) {
    case BI_MIN: return op_rr(w, u ? WQ_OP_MINU : WQ_OP_MIN, a, b);
    case BI_MAX: return op_rr(w, u ? WQ_OP_MAXU : WQ_OP_MAX, a, b);
    case BI_CLAMP: return op_rr(w, u ? WQ_OP_MINU : WQ_OP_MIN, op_rr(w, u ? WQ_OP_MAXU : WQ_OP_MAX, a, b), c3);
    case BI_ABS: return u ? a : normalize(w, absval(w, a), n->ty);
    case BI_ABS_DIFF: {
        int d = op_rr(w, WQ_OP_SUB, op_rr(w, u ? WQ_OP_MAXU : WQ_OP_MAX, a, b), op_rr(w, u ? WQ_OP_MINU : WQ_OP_MIN, a, b));
        return normalize(w, d, n->ty);
    }
    case BI_MUL24: return normalize(w, op_rr(w, WQ_OP_MUL, a, b), n->ty);
    case BI_MAD24: return normalize(w, op_rr(w, WQ_OP_ADD, op_rr(w, WQ_OP_MUL, a, b), c3), n->ty);
    case BI_MUL_HI: return mul_hi(w, a, b, t);
    case BI_MAD_HI: return normalize(w, op_rr(w, WQ_OP_ADD, mul_hi(w, a, b, t), c3), n->ty);
    case BI_ROTATE: {
        int bits = width_of(t);
        int x = zext(w, a, t);
        int s = op_ri(w, WQ_OP_AND, b, (uint32_t)(bits - 1));
        int back = op_ri(w, WQ_OP_AND, op_rr(w, WQ_OP_SUB, mov_imm(w, (uint32_t)bits), s), (uint32_t)(bits == 32 ? 31 : 63));
        int r = op_rr(w, WQ_OP_OR, op_rr(w, WQ_OP_SHL, x, s), op_rr(w, WQ_OP_SHR, x, back));
        return bits == 32 ? r : normalize(w, r, t);
    }
    case BI_POPCOUNT: return popcount32(w, zext(w, a, t));
    case BI_CLZ: {
        int r = clz32(w, zext(w, a, t));
        return t->size < 4 ? op_ri(w, WQ_OP_SUB, r, (uint32_t)(32 - width_of(t))) : r;
    }
    case BI_CTZ: return ctz32(w, a, t);
    case BI_HADD: case BI_RHADD: {
        int sh = u ? WQ_OP_SHR : WQ_OP_SRA;
        int s = op_rr(w, WQ_OP_ADD, op_ri(w, sh, a, 1), op_ri(w, sh, b, 1));
        int lo = op_ri(w, WQ_OP_AND, op_rr(w, n->bi == BI_HADD ? WQ_OP_AND : WQ_OP_OR, a, b), 1);
        return op_rr(w, WQ_OP_ADD, s, lo);
    }
    case BI_SELECT: return sel_rr(w, selector(w, n->args->next->next, c3), 0, b, a);
    case BI_ADD_SAT: return gen_sat(w, 1, a, b, t);
    case BI_SUB_SAT: return gen_sat(w, 0, a, b, t);
    case BI_MAD_SAT: return mad_sat(w, a, b, c3, t);
    case BI_UPSAMPLE:               /* (hi << bits) | lo: lo is zero-extended, hi extends as its type */
        return op_rr(w, WQ_OP_OR, op_ri(w, WQ_OP_SHL, a, (uint32_t)width_of(t)), b);
    default:
        cc_error_tok(w->c, n->tok, "internal: cannot lower this built-in function (%d)", (int)n->bi);
    }
}

/* ---- expressions ------------------------------------------------------------------------------- */
/* ++ / -- (n->op the step): a float steps by 1.0f */
static int incdec_add(lw_t *w, int v, const cc_node_t *n)
{
    if (cc_is_float(n->lhs->ty)) return op_ri(w, WQ_OP_FADD, v, n->op > 0 ? 0x3F800000u : 0xBF800000u);
    return op_ri(w, WQ_OP_ADD, v, (uint32_t)n->op);
}

static int arith_op(const cc_node_t *n, cc_nk_t k)
{
    int u = n->ty->is_unsigned;
    switch (k) {
    case ND_ADD: return WQ_OP_ADD;
    case ND_SUB: return WQ_OP_SUB;
    case ND_MUL: return WQ_OP_MUL;
    case ND_AND: return WQ_OP_AND;
    case ND_OR: return WQ_OP_OR;
    case ND_XOR: return WQ_OP_XOR;
    case ND_SHL: return WQ_OP_SHL;
    case ND_SHR: return u ? WQ_OP_SHR : WQ_OP_SRA;
    default: return -1;
    }
}

/* ---- fused multiply-add (docs/compiler.md "Floating point") ---- */

/* a * b + c rounded once: FFMA reads its destination as the addend
 * (isa.def WQ_IF_RRD), so the addend is copied into a fresh register that
 * FFMA then overwrites.  bn: b's node when b is still to be generated
 * (an immediate when it is a constant), else b the register; neg: the
 * product negated (the sign of a flipped, exact) */
static int ffma(lw_t *w, int a, cc_node_t *bn, int b, int neg, int c)
{
    int bi = bn && bn->kind == ND_NUM;
    uint32_t imm = bi ? (uint32_t)bn->val : 0;
    if (bn && !bi) b = gen(w, bn);
    if (neg && bi) imm ^= 0x80000000u;
    else if (neg) a = op_ri(w, WQ_OP_XOR, a, 0x80000000u);
    int t = vreg(w);
    mov_to(w, t, c);
    cc_ir_t *i = emit(w, WQ_OP_FFMA);
    i->d = t;
    i->a = a;
    i->bi = bi;
    i->b = bi ? 0 : b;
    i->imm = imm;
    return t;
}

/* m is a float product that contraction may fuse: clang fuses the
 * multiply it has just emitted, so not one of two constants (it folds
 * those, rounded) */
static int fusable_mul(const cc_node_t *m)
{
    return m->kind == ND_MUL && cc_is_float(m->ty) && !(m->lhs->kind == ND_NUM && m->rhs->kind == ND_NUM);
}

/* m's factors, a register and a node (a constant factor second, for the
 * immediate) */
static int mul_factors(lw_t *w, cc_node_t *m, cc_node_t **bn)
{
    cc_node_t *x = m->lhs, *y = m->rhs;
    if (x->kind == ND_NUM) { cc_node_t *s = x; x = y; y = s; }
    *bn = y;
    return gen(w, x);
}

/* `x +- y` (float) contracted into FFMA as clang's -ffp-contract=on does
 * (CodeGen tryEmitFMulAdd): a product on the left, else on the right, is
 * fused with the other operand, `m - c` as m + -c and `c - m` as -m + c;
 * -1 when contraction is off at n or neither side is a product.  x and y
 * are n's operands, or for `lhs op= y` (y a product) xr the loaded lhs */
static int contract(lw_t *w, cc_nk_t k, const cc_node_t *n, cc_node_t *x, int xr, cc_node_t *y)
{
    if ((k != ND_ADD && k != ND_SUB) || !cc_contract_at(w->c, n->tok)) return -1;
    cc_node_t *bn;
    if (x && fusable_mul(x)) {
        int a = mul_factors(w, x, &bn);
        int b = bn->kind == ND_NUM ? 0 : gen(w, bn);
        int c = gen(w, y);
        if (k == ND_SUB) c = op_ri(w, WQ_OP_XOR, c, 0x80000000u);
        return ffma(w, a, bn->kind == ND_NUM ? bn : NULL, b, 0, c);
    }
    if (!fusable_mul(y)) return -1;
    int c = x ? gen(w, x) : xr;
    int a = mul_factors(w, y, &bn);
    return ffma(w, a, bn, 0, k == ND_SUB, c);
}

/* a op b in the node's type, with an immediate when b is a constant and a
 * shift when a multiply is by a power of two */
static int binop(lw_t *w, cc_nk_t k, const cc_node_t *tn, int a, cc_node_t *bn, int bval)
{
    if (cc_is_float(tn->ty)) {
        /* no identities: x + 0.0f is not x for x = -0.0f, x * 2.0f is no shift */
        int op = k == ND_ADD ? WQ_OP_FADD : k == ND_SUB ? WQ_OP_FSUB : k == ND_MUL ? WQ_OP_FMUL : WQ_OP_FDIV;
        if (bn && bn->kind == ND_NUM) return op_ri(w, op, a, (uint32_t)bn->val);
        return op_rr(w, op, a, bn ? gen(w, bn) : bval);
    }
    if (k == ND_MUL && bn && bn->kind == ND_NUM) {
        uint32_t v = (uint32_t)bn->val;
        if (v == 0) return mov_imm(w, 0);
        if (v == 1) return a;
        if ((v & (v - 1)) == 0) return op_ri(w, WQ_OP_SHL, a, (uint32_t)log2u(v));
    }
    int op = arith_op(tn, k);
    if (bn && bn->kind == ND_NUM) {
        uint32_t v = (uint32_t)bn->val;
        if (v == 0 && (k == ND_ADD || k == ND_SUB || k == ND_OR || k == ND_XOR || k == ND_SHL || k == ND_SHR)) return a;
        return op_ri(w, op, a, v);
    }
    return op_rr(w, op, a, bn ? gen(w, bn) : bval);
}

static void gen_call(lw_t *w, cc_node_t *n, int *result);

static int gen_assign_to(lw_t *w, cc_node_t *lhs, int v)
{
    if (lhs->kind == ND_VAR && !lhs->var->in_memory) {
        mov_to(w, lhs->var->vreg, v);
        return lhs->var->vreg;
    }
    store(w, gen_addr(w, lhs), lhs->ty, v);
    return v;
}

/* ---- 64-bit integers ----------------------------------------------------------------------------- */
static int gen64(lw_t *w, cc_node_t *n);

static int mov64_imm(lw_t *w, uint64_t v)
{
    int d = pair(w);
    cc_ir_t *i = emit(w, WQ_OP_MOV); i->d = d; i->bi = 1; i->imm = (uint32_t)v;
    i = emit(w, WQ_OP_MOV); i->d = d + 1; i->bi = 1; i->imm = (uint32_t)(v >> 32);
    return d;
}

/* a pair from two 32-bit values */
static int pair_of(lw_t *w, int lo, int hi)
{
    int d = pair(w);
    mov_to(w, d, lo);
    mov_to(w, d + 1, hi);
    return d;
}

static int load64(lw_t *w, addr_t a)
{
    int lo = ld32(w, a.reg, a.off);
    return pair_of(w, lo, ld32(w, a.reg, a.off + 4));
}

static void store64(lw_t *w, addr_t a, int v)
{
    st32(w, a.reg, a.off, v);
    st32(w, a.reg, a.off + 4, v + 1);
}

/* a value of type from (any integer or pointer) as a 64-bit one */
static int widen64(lw_t *w, int v, const cc_type_t *from)
{
    if (is_long(from)) return v;
    int signed_ = !from->is_unsigned && from->kind != TY_PTR && from->kind != TY_BOOL;
    return pair_of(w, v, signed_ ? op_ri(w, WQ_OP_SRA, v, 31) : mov_imm(w, 0));
}

/* a << s, a >> s (logical or arithmetic) for s = 0..63 (b & 63); the
 * machine shifts by s & 31, so both halves are computed and selected */
static int shift64(lw_t *w, cc_nk_t k, int is_unsigned, int a, int s)
{
    s = op_ri(w, WQ_OP_AND, s, 63);
    int big = setp_ri(w, WQ_CMP_GEU, s, 32);
    int back = op_rr(w, WQ_OP_SUB, mov_imm(w, 31), s);        /* 31 - s, for s < 32 */
    int lo, hi;
    if (k == ND_SHL) {
        int carry = op_rr(w, WQ_OP_SHR, op_ri(w, WQ_OP_SHR, a, 1), back);
        int shi = op_rr(w, WQ_OP_OR, op_rr(w, WQ_OP_SHL, a + 1, s), carry);
        int slo = op_rr(w, WQ_OP_SHL, a, s);
        lo = sel_ri(w, big, 1, slo, 0);
        hi = sel_rr(w, big, 0, slo, shi);
    } else {
        int sh = is_unsigned ? WQ_OP_SHR : WQ_OP_SRA;
        int carry = op_rr(w, WQ_OP_SHL, op_ri(w, WQ_OP_SHL, a + 1, 1), back);
        int slo = op_rr(w, WQ_OP_OR, op_rr(w, WQ_OP_SHR, a, s), carry);
        int shi = op_rr(w, sh, a + 1, s);
        int fill = is_unsigned ? mov_imm(w, 0) : op_ri(w, WQ_OP_SRA, a + 1, 31);
        lo = sel_rr(w, big, 0, shi, slo);
        hi = sel_rr(w, big, 0, fill, shi);
    }
    return pair_of(w, lo, hi);
}

/* -x for a pair */
static int neg64(lw_t *w, int a)
{
    int zero = mov_imm(w, 0);
    int lo = op_rr(w, WQ_OP_SUB, zero, a);
    int c = setp_ri(w, WQ_CMP_NE, a, 0);                     /* a borrow from the low word */
    int hi = op_rr(w, WQ_OP_SUB, zero, a + 1);
    return pair_of(w, lo, sel_rr(w, c, 0, op_ri(w, WQ_OP_SUB, hi, 1), hi));
}

/* |x| for a signed pair */
static int abs64(lw_t *w, int a)
{
    int n = neg64(w, a);
    int p = setp_ri(w, WQ_CMP_LT, a + 1, 0);
    return pair_of(w, sel_rr(w, p, 0, n, a), sel_rr(w, p, 0, n + 1, a + 1));
}

/* SETP p, a CMP b guarded by @g (@!g: neg): where the guard is false p
 * keeps its value (b is an immediate when the caller sets bi) */
static cc_ir_t *setp_guarded(lw_t *w, int p, int g, int neg, int cmp, int a, int b)
{
    cc_ir_t *i = emit(w, WQ_OP_SETP);
    i->pd = p;
    i->fn = cmp;
    i->a = a;
    i->b = b;
    i->gp = g;
    i->gn = neg;
    return i;
}

/* a / b or a % b on 64 bits: restoring division, one quotient bit per
 * iteration of a 64-trip loop that every thread runs alike (a uniform
 * backward branch, no tokens).  (r:q) shifts left as one 128-bit value;
 * the bit shifted out of r counts, so divisors of 2^63 and up work.
 * Signed operands divide as magnitudes; the quotient is negative when the
 * signs differ, the remainder takes the dividend's sign (C's truncation).
 * b = 0 gives the quotient all ones and the remainder a, as DIVU/REMU do
 * (undefined in OpenCL C). */
static int divmod64(lw_t *w, int is_unsigned, int want_rem, int a, int b)
{
    int sa = 0, sb = 0;
    if (!is_unsigned) {
        sa = op_ri(w, WQ_OP_SHR, a + 1, 31);
        sb = op_ri(w, WQ_OP_SHR, b + 1, 31);
        a = abs64(w, a);
        b = abs64(w, b);
    }
    int q = pair(w), r = pair(w), k = vreg(w);
    mov_val(w, q, a, &cc_ty_ulong);
    cc_ir_t *x = emit(w, WQ_OP_MOV); x->d = r; x->bi = 1;
    x = emit(w, WQ_OP_MOV); x->d = r + 1; x->bi = 1;
    x = emit(w, WQ_OP_MOV); x->d = k; x->bi = 1; x->imm = 64;
    int head = new_label(w);
    label(w, head);
    int out = op_ri(w, WQ_OP_SHR, r + 1, 31);
    int rhi = op_rr(w, WQ_OP_OR, op_ri(w, WQ_OP_SHL, r + 1, 1), op_ri(w, WQ_OP_SHR, r, 31));
    int rlo = op_rr(w, WQ_OP_OR, op_ri(w, WQ_OP_SHL, r, 1), op_ri(w, WQ_OP_SHR, q + 1, 31));
    mov_to(w, q + 1, op_rr(w, WQ_OP_OR, op_ri(w, WQ_OP_SHL, q + 1, 1), op_ri(w, WQ_OP_SHR, q, 31)));
    int qlo = op_ri(w, WQ_OP_SHL, q, 1);
    /* take when the shifted-out bit is set or r >= b: keep (the
     * predicate) where r < b and, guarded by that, the bit is clear */
    int rs = pair_of(w, rlo, rhi);
    int keep = cmp64(w, ND_LT, 1, rs, b);
    setp_guarded(w, keep, keep, 0, WQ_CMP_EQ, out, 0)->bi = 1;
    int dlo = op_rr(w, WQ_OP_SUB, rlo, b);
    int borrow = setp_rr(w, WQ_CMP_LTU, rlo, b);
    int dhi = op_rr(w, WQ_OP_SUB, rhi, b + 1);
    dhi = sel_rr(w, borrow, 0, op_ri(w, WQ_OP_SUB, dhi, 1), dhi);
    mov_to(w, r, sel_rr(w, keep, 1, dlo, rlo));
    mov_to(w, r + 1, sel_rr(w, keep, 1, dhi, rhi));
    mov_to(w, q, sel_rr(w, keep, 1, op_ri(w, WQ_OP_OR, qlo, 1), qlo));
    cc_ir_t *dec = emit(w, WQ_OP_SUB); dec->d = k; dec->a = k; dec->bi = 1; dec->imm = 1;
    ctrl(w, WQ_OP_BRA, head, setp_ri(w, WQ_CMP_NE, k, 0), 0);
    int v = want_rem ? r : q;
    if (is_unsigned) return v;
    /* the result's sign: the dividend's for a remainder, else sa ^ sb */
    int s = want_rem ? sa : op_rr(w, WQ_OP_XOR, sa, sb);
    int n = neg64(w, v);
    int p = setp_ri(w, WQ_CMP_NE, s, 0);
    return pair_of(w, sel_rr(w, p, 0, n, v), sel_rr(w, p, 0, n + 1, v + 1));
}

/* a + b, a - b, a * b (the low 64 bits) on pairs */
static int add64(lw_t *w, int a, int b)
{
    int lo = op_rr(w, WQ_OP_ADD, a, b);
    int c = setp_rr(w, WQ_CMP_LTU, lo, a);                  /* a carry out of the low word */
    int hi = op_rr(w, WQ_OP_ADD, a + 1, b + 1);
    return pair_of(w, lo, sel_rr(w, c, 0, op_ri(w, WQ_OP_ADD, hi, 1), hi));
}

static int sub64(lw_t *w, int a, int b)
{
    int lo = op_rr(w, WQ_OP_SUB, a, b);
    int c = setp_rr(w, WQ_CMP_LTU, a, b);                   /* a borrow from the low word */
    int hi = op_rr(w, WQ_OP_SUB, a + 1, b + 1);
    return pair_of(w, lo, sel_rr(w, c, 0, op_ri(w, WQ_OP_SUB, hi, 1), hi));
}

static int mul64(lw_t *w, int a, int b)
{
    int lo = op_rr(w, WQ_OP_MUL, a, b);
    int hi = op_rr(w, WQ_OP_MULHU, a, b);
    hi = op_rr(w, WQ_OP_ADD, hi, op_rr(w, WQ_OP_MUL, a, b + 1));
    hi = op_rr(w, WQ_OP_ADD, hi, op_rr(w, WQ_OP_MUL, a + 1, b));
    return pair_of(w, lo, hi);
}

static int binop64(lw_t *w, cc_nk_t k, const cc_type_t *t, int a, cc_node_t *bn, const cc_tok_t *tok)
{
    if (k == ND_SHL || k == ND_SHR) return shift64(w, k, t->is_unsigned, a, gen(w, bn));
    int b = widen64(w, gen(w, bn), bn->ty);
    switch (k) {
    case ND_ADD: return add64(w, a, b);
    case ND_SUB: return sub64(w, a, b);
    case ND_MUL: return mul64(w, a, b);
    case ND_AND: case ND_OR: case ND_XOR: {
        int op = k == ND_AND ? WQ_OP_AND : k == ND_OR ? WQ_OP_OR : WQ_OP_XOR;
        int lo = op_rr(w, op, a, b);
        return pair_of(w, lo, op_rr(w, op, a + 1, b + 1));
    }
    case ND_DIV: case ND_MOD:
        return divmod64(w, t->is_unsigned, k == ND_MOD, a, b);
    default:
        cc_error_tok(w->c, tok, "internal: 64-bit operation %d", (int)k);
    }
}

/* the predicate a CMP b for 64-bit a and b (k: ND_EQ ND_NE ND_LT ND_LE) */
static int cmp64(lw_t *w, cc_nk_t k, int u, int a, int b)
{
    if (k == ND_EQ || k == ND_NE) {
        /* the low words; where they are equal (==) or not (!=), the high words decide */
        int eq = k == ND_EQ;
        int p = setp_rr(w, eq ? WQ_CMP_EQ : WQ_CMP_NE, a, b);
        setp_guarded(w, p, p, !eq, eq ? WQ_CMP_EQ : WQ_CMP_NE, a + 1, b + 1);
        return p;
    }
    /* the high words decide unless they are equal; then the low words, unsigned */
    int p = setp_rr(w, u ? WQ_CMP_LTU : WQ_CMP_LT, a + 1, b + 1);
    int same = setp_rr(w, WQ_CMP_EQ, a + 1, b + 1);
    setp_guarded(w, p, same, 0, k == ND_LT ? WQ_CMP_LTU : WQ_CMP_LEU, a, b);
    return p;
}

/* ---- 64-bit integers and float (docs/compiler.md "Floating point") ---- */
static int sel64(lw_t *w, int p, int neg, int a, int b);
static int sel64_imm(lw_t *w, int p, int neg, int a, uint32_t lo, uint32_t hi);

/* an unsigned pair m to float rounded by rm: U2F of the low word when the
 * high word is 0; else the 32 bits from the highest set one down (top),
 * the bits below them ORed into top's lowest bit (a sticky bit: top has
 * 32 significant bits, so its lowest is below the rounding position and
 * the rounding decision is unchanged), U2F of that, then times 2^s (s the
 * high word's significant bits: exact) */
static int u2f64(lw_t *w, int m, int rm)
{
    int lo = m, hi = m + 1;
    int small = cvt(w, WQ_OP_U2F, lo, rm);
    /* U2F rounding toward zero keeps floor(log2(hi)) in the exponent */
    int e = op_ri(w, WQ_OP_SHR, cvt(w, WQ_OP_U2F, hi, WQ_RM_RTZ), 23);   /* 127 + msb(hi) */
    int s = op_ri(w, WQ_OP_SUB, e, 126);                                  /* 1 .. 32 */
    int back = op_rr(w, WQ_OP_SUB, mov_imm(w, 32), s);                    /* 0 .. 31 */
    /* lo >> s as (lo >> 1) >> (s - 1): the machine shifts by s & 31 */
    int down = op_rr(w, WQ_OP_SHR, op_ri(w, WQ_OP_SHR, lo, 1), op_ri(w, WQ_OP_SUB, s, 1));
    int top = op_rr(w, WQ_OP_OR, op_rr(w, WQ_OP_SHL, hi, back), down);
    int out = op_rr(w, WQ_OP_SHL, lo, back);                              /* the bits below top */
    top = op_rr(w, WQ_OP_OR, top, sel_ri(w, setp_ri(w, WQ_CMP_NE, out, 0), 0, mov_imm(w, 1), 0));
    int scale = op_ri(w, WQ_OP_SHL, op_ri(w, WQ_OP_ADD, e, 1), 23);       /* 2^s */
    int big = op_rr(w, WQ_OP_FMUL, cvt(w, WQ_OP_U2F, top, rm), scale);
    return sel_rr(w, setp_ri(w, WQ_CMP_EQ, hi, 0), 0, small, big);
}

/* a long (ulong) to float rounded by rm (-1: to nearest even): the
 * magnitude's conversion, rounded away from the mode's direction for a
 * negative value under _rtp / _rtn, then the sign */
static int l2f(lw_t *w, int v, int is_unsigned, int rm)
{
    if (rm < 0) rm = WQ_RM_RNE;
    if (is_unsigned) return u2f64(w, v, rm);
    int neg = setp_ri(w, WQ_CMP_LT, v + 1, 0);
    int m = abs64(w, v);                        /* 2^63 for LONG_MIN: right as unsigned */
    int r = u2f64(w, m, rm);
    if (rm == WQ_RM_RUP || rm == WQ_RM_RDN)
        r = sel_rr(w, neg, 0, u2f64(w, m, rm == WQ_RM_RUP ? WQ_RM_RDN : WQ_RM_RUP), r);
    return sel_rr(w, neg, 0, op_ri(w, WQ_OP_XOR, r, 0x80000000u), r);
}

/* a float to long (ulong) rounded by rm (-1: toward zero), saturating
 * (LONG_MAX / LONG_MIN, ULONG_MAX / 0 out of range; NaN gives 0, as
 * F2I): first the integral value y (below 2^23 in magnitude F2I then I2F
 * round it; above, x is one already), then F2I / F2U of y below 2^31
 * (2^32), else its significand shifted left by its exponent - 150 */
static int f2l(lw_t *w, int x, int is_unsigned, int rm)
{
    if (rm < 0) rm = WQ_RM_RTZ;
    int ax = op_ri(w, WQ_OP_AND, x, 0x7FFFFFFFu);
    int rounded = cvt(w, WQ_OP_I2F, cvt(w, WQ_OP_F2I, x, rm), WQ_RM_RNE);
    int y = sel_rr(w, setp_ri(w, WQ_CMP_LTU, ax, 0x4B000000u), 0, rounded, x);
    int ay = op_ri(w, WQ_OP_AND, y, 0x7FFFFFFFu);
    int neg = setp_ri(w, WQ_CMP_LT, y, 0);
    int mant = op_ri(w, WQ_OP_OR, op_ri(w, WQ_OP_AND, y, 0x007FFFFFu), 0x00800000u);
    int sh = op_ri(w, WQ_OP_SUB, op_ri(w, WQ_OP_SHR, ay, 23), 150);
    int mag = shift64(w, ND_SHL, 1, pair_of(w, mant, mov_imm(w, 0)), sh);
    int r;
    if (is_unsigned) {
        int f = cvt(w, WQ_OP_F2U, y, WQ_RM_RTZ);
        r = sel64(w, setp_ri(w, WQ_CMP_LTU, ay, 0x4F800000u), 0, pair_of(w, f, mov_imm(w, 0)), mag);
        r = sel64_imm(w, setp_ri(w, WQ_CMP_GEU, ay, 0x5F800000u), 1, r, 0xFFFFFFFFu, 0xFFFFFFFFu);
        r = sel64_imm(w, neg, 1, r, 0, 0);
    } else {
        int f = cvt(w, WQ_OP_F2I, y, WQ_RM_RTZ);
        r = sel64(w, setp_ri(w, WQ_CMP_LTU, ay, 0x4F000000u), 0, pair_of(w, f, op_ri(w, WQ_OP_SRA, f, 31)),
                  sel64(w, neg, 0, neg64(w, mag), mag));
        /* 2^63 and above: LONG_MAX, or LONG_MIN below -2^63 (-2^63 itself is exact) */
        int over = setp_ri(w, WQ_CMP_GEU, ay, 0x5F000000u);
        int lim = sel64_imm(w, neg, 0, mov64_imm(w, 0x8000000000000000ull), 0xFFFFFFFFu, 0x7FFFFFFFu);
        r = sel64(w, over, 0, lim, r);
    }
    /* NaN: 0 */
    return sel64_imm(w, setp_ri(w, WQ_CMP_GTU, ay, 0x7F800000u), 1, r, 0, 0);
}

/* ---- built-in functions on 64-bit integers (docs/compiler.md "64-bit integers") ---- */
/* p ? a : b on pairs (neg: !p) */
static int sel64(lw_t *w, int p, int neg, int a, int b)
{
    int lo = sel_rr(w, p, neg, a, b);
    return pair_of(w, lo, sel_rr(w, p, neg, a + 1, b + 1));
}

/* p ? a : imm in both words (neg: !p) */
static int sel64_imm(lw_t *w, int p, int neg, int a, uint32_t lo, uint32_t hi)
{
    int l = sel_ri(w, p, neg, a, lo);
    return pair_of(w, l, sel_ri(w, p, neg, a + 1, hi));
}

/* a pair plus a 32-bit value taken as unsigned */
static int addw64(lw_t *w, int a, int v)
{
    int lo = op_rr(w, WQ_OP_ADD, a, v);
    int c = setp_rr(w, WQ_CMP_LTU, lo, v);
    return pair_of(w, lo, sel_rr(w, c, 0, op_ri(w, WQ_OP_ADD, a + 1, 1), a + 1));
}

/* ---- 64-bit atomics (docs/compiler.md "64-bit atomics") ---- */
/* The ISA's atomics are 32-bit, so atom_OP on a long or ulong takes a lock
 * word of the device's table (kabi.def KTAIL LOCKS, ATOM64_LOCKS words),
 * chosen by the address, and does the read-modify-write with plain loads
 * and stores while it holds it:
 *
 *         lock = table + (((a >> 1) & (4 * ATOM64_LOCKS - 4)) | (a & 3))
 *         pbrk X
 *     H:  ssy E
 *         o = atom.cas [lock], 0, 1
 *         @o!=0 bra S                 losers skip the critical section
 *         membar ; ld lo, hi ; new = OP(old, v) ; st lo, hi ; membar
 *         atom.exch [lock], 0
 *         brk X                       the winner leaves
 *     S:  sync E
 *     E:  bra H
 *     X:
 *
 * The winner's critical section lies inside the if-region, so a lane of the
 * same warp that lost retries only after the region reconverged, i.e.
 * after every winner of this trip released: no lane ever spins while a lane
 * of its own warp holds a lock.  So the loop needs no YIELD, and has none:
 * a YIELD would let the lanes that are done run ahead of the ones still
 * spinning, into a barrier with part of the warp.  The section is
 * straight-line code that cannot trap (a misaligned a makes the lock
 * address misaligned too, so the CAS traps before the lock is taken). */
static int gen_atomic64(lw_t *w, cc_node_t *n)
{
    if (w->kernel->enqueued)
        cc_error_tok(w->c, n->tok, "a kernel that wq_enqueue launches cannot use 64-bit atomics (the lock table is in the launch's tail)");
    cc_node_t *pn = n->args;
    int u = n->ty->is_unsigned;
    int a = gen(w, pn);
    int v = 0, cmp = 0;
    if (n->atom_op == AT_CMPXCHG) {
        cmp = gen(w, pn->next);
        v = gen(w, pn->next->next);
    } else if (n->atom_op != AT_INC && n->atom_op != AT_DEC) {
        v = gen(w, pn->next);
    }
    int table = param_word(w, w->k->info.param_bytes + 4u * WQ_KTAIL_LOCKS);
    int off = op_rr(w, WQ_OP_OR, op_ri(w, WQ_OP_AND, op_ri(w, WQ_OP_SHR, a, 1), 4u * (WQ_ATOM64_LOCKS - 1)),
                    op_ri(w, WQ_OP_AND, a, 3));
    int lock = op_rr(w, WQ_OP_ADD, table, off);
    int zero = mov_imm(w, 0), one = mov_imm(w, 1);
    int old = pair(w);
    int head = new_label(w), skip = new_label(w), join = new_label(w), out = new_label(w);
    ctrl(w, WQ_OP_PBRK, out, 0, 0);
    label(w, head);
    ctrl(w, WQ_OP_SSY, join, 0, 0);
    /* the compare and new values are the atom.cas register pair (regalloc.c) */
    unsigned top = w->c->max_regs;
    mov_to(w, CC_R(top - 2), zero);
    mov_to(w, CC_R(top - 1), one);
    w->code->uses_cas = 1;
    int got = atom(w, WQ_ATOM_CAS, lock, 0, CC_R(top - 2));
    ctrl(w, WQ_OP_BRA, skip, setp_ri(w, WQ_CMP_NE, got, 0), 0);
    plain(w, WQ_OP_MEMBAR, 0, 0);
    mov_to(w, old, ld32(w, a, 0));
    mov_to(w, old + 1, ld32(w, a, 4));
    int nv;
    switch (n->atom_op) {
    case AT_ADD: nv = add64(w, old, v); break;
    case AT_SUB: nv = sub64(w, old, v); break;
    case AT_XCHG: nv = v; break;
    case AT_INC: nv = addw64(w, old, one); break;
    case AT_DEC: nv = sub64(w, old, pair_of(w, one, zero)); break;
    case AT_CMPXCHG: nv = sel64(w, cmp64(w, ND_EQ, 0, old, cmp), 0, v, old); break;
    case AT_MIN: nv = sel64(w, cmp64(w, ND_LT, u, v, old), 0, v, old); break;
    case AT_MAX: nv = sel64(w, cmp64(w, ND_LT, u, old, v), 0, v, old); break;
    default: {
        int op = n->atom_op == AT_AND ? WQ_OP_AND : n->atom_op == AT_OR ? WQ_OP_OR : WQ_OP_XOR;
        nv = pair_of(w, op_rr(w, op, old, v), op_rr(w, op, old + 1, v + 1));
    }
    }
    st32(w, a, 0, nv);
    st32(w, a, 4, nv + 1);
    plain(w, WQ_OP_MEMBAR, 0, 0);
    atom(w, WQ_ATOM_EXCH, lock, 0, zero);
    ctrl(w, WQ_OP_BRK, out, 0, 0);
    label(w, skip);
    ctrl(w, WQ_OP_SYNC, join, 0, 0);
    label(w, join);
    ctrl(w, WQ_OP_BRA, head, 0, 0);
    label(w, out);
    return old;
}

static int minmax64(lw_t *w, int is_max, int u, int a, int b)
{
    int lt = cmp64(w, ND_LT, u, a, b);
    return is_max ? sel64(w, lt, 0, b, a) : sel64(w, lt, 0, a, b);
}

/* the 128-bit product a * b: its high 64 bits returned, its low 64 bits
 * in *lo (when lo is not NULL).  Four 32 x 32 products summed by columns;
 * the middle column's two carries go into the high words of the cross
 * products, which they cannot overflow (the high word of a 32 x 32
 * product is at most 2^32 - 2).  Signed: the unsigned high half minus b
 * where a < 0 and minus a where b < 0 (mod 2^64), as mul_hi does on 32 bits */
static int mul128(lw_t *w, int a, int b, int is_unsigned, int *lo)
{
    int h00 = op_rr(w, WQ_OP_MULHU, a, b);
    int l01 = op_rr(w, WQ_OP_MUL, a, b + 1), h01 = op_rr(w, WQ_OP_MULHU, a, b + 1);
    int l10 = op_rr(w, WQ_OP_MUL, a + 1, b), h10 = op_rr(w, WQ_OP_MULHU, a + 1, b);
    int m = op_rr(w, WQ_OP_ADD, h00, l01);
    int mid = op_rr(w, WQ_OP_ADD, m, l10);
    if (lo) *lo = pair_of(w, op_rr(w, WQ_OP_MUL, a, b), mid);
    int c1 = setp_rr(w, WQ_CMP_LTU, m, l01), c2 = setp_rr(w, WQ_CMP_LTU, mid, l10);
    int t1 = sel_rr(w, c1, 0, op_ri(w, WQ_OP_ADD, h01, 1), h01);
    int t2 = sel_rr(w, c2, 0, op_ri(w, WQ_OP_ADD, h10, 1), h10);
    int h = pair_of(w, op_rr(w, WQ_OP_MUL, a + 1, b + 1), op_rr(w, WQ_OP_MULHU, a + 1, b + 1));
    h = addw64(w, addw64(w, h, t1), t2);
    if (is_unsigned) return h;
    int sa = op_ri(w, WQ_OP_SRA, a + 1, 31), sb = op_ri(w, WQ_OP_SRA, b + 1, 31);
    int ta = pair_of(w, op_rr(w, WQ_OP_AND, sa, b), op_rr(w, WQ_OP_AND, sa, b + 1));
    int tb = pair_of(w, op_rr(w, WQ_OP_AND, sb, a), op_rr(w, WQ_OP_AND, sb, a + 1));
    return sub64(w, sub64(w, h, ta), tb);
}

/* a +- b saturated: unsigned, the sum below a or a below b; signed, the
 * operands' signs agree (add) or differ (sub) and the result's does not */
static int sat64(lw_t *w, int add, int u, int a, int b)
{
    int s = add ? add64(w, a, b) : sub64(w, a, b);
    if (u) {
        int ovf = add ? cmp64(w, ND_LT, 1, s, a) : cmp64(w, ND_LT, 1, a, b);
        uint32_t lim = add ? 0xFFFFFFFFu : 0;
        return sel64_imm(w, ovf, 1, s, lim, lim);
    }
    int x = add ? op_rr(w, WQ_OP_AND, op_rr(w, WQ_OP_XOR, a + 1, s + 1), op_rr(w, WQ_OP_XOR, b + 1, s + 1))
                : op_rr(w, WQ_OP_AND, op_rr(w, WQ_OP_XOR, a + 1, b + 1), op_rr(w, WQ_OP_XOR, a + 1, s + 1));
    int ovf = setp_ri(w, WQ_CMP_LT, x, 0);
    int sa = op_ri(w, WQ_OP_SRA, a + 1, 31);              /* a < 0: LONG_MIN, else LONG_MAX */
    int lim = pair_of(w, op_ri(w, WQ_OP_XOR, sa, 0xFFFFFFFFu), op_ri(w, WQ_OP_XOR, sa, 0x7FFFFFFFu));
    return sel64(w, ovf, 0, lim, s);
}

/* mad_sat: the 128-bit a * b + c (c sign- or zero-extended; the low
 * halves' carry into the high half), which fits in 64 bits when its high
 * half is zero (unsigned) or the low half's sign extension (signed) */
static int mad_sat64(lw_t *w, int u, int a, int b, int c)
{
    int lo;
    int hi = mul128(w, a, b, u, &lo);
    int s = add64(w, lo, c);
    int carry = cmp64(w, ND_LT, 1, s, c);
    if (u) {
        int nz = op_rr(w, WQ_OP_OR, hi, hi + 1);
        int ovf = setp_ri(w, WQ_CMP_NE, sel_rr(w, carry, 0, mov_imm(w, 1), nz), 0);
        return sel64_imm(w, ovf, 1, s, 0xFFFFFFFFu, 0xFFFFFFFFu);
    }
    int ch = op_ri(w, WQ_OP_SRA, c + 1, 31);
    int h = add64(w, hi, pair_of(w, ch, ch));
    h = addw64(w, h, sel_ri(w, carry, 0, mov_imm(w, 1), 0));
    int sg = op_ri(w, WQ_OP_SRA, s + 1, 31);
    int x = op_rr(w, WQ_OP_OR, op_rr(w, WQ_OP_XOR, h, sg), op_rr(w, WQ_OP_XOR, h + 1, sg));
    int fits = setp_ri(w, WQ_CMP_EQ, x, 0);
    int hs = op_ri(w, WQ_OP_SRA, h + 1, 31);              /* the sign of the exact result */
    int lim = pair_of(w, op_ri(w, WQ_OP_XOR, hs, 0xFFFFFFFFu), op_ri(w, WQ_OP_XOR, hs, 0x7FFFFFFFu));
    return sel64(w, fits, 0, s, lim);
}

/* a >> 1 on a pair (arithmetic when signed) */
static int half64(lw_t *w, int a, int u)
{
    int lo = op_rr(w, WQ_OP_OR, op_ri(w, WQ_OP_SHR, a, 1), op_ri(w, WQ_OP_SHL, a + 1, 31));
    return pair_of(w, lo, op_ri(w, u ? WQ_OP_SHR : WQ_OP_SRA, a + 1, 1));
}

/* rotate left by s & 63: the words swapped when s & 32, then both
 * rotated by r = s & 31 into each other; x >> (32 - r) is (x >> 1) >>
 * (31 - r) so that r = 0 shifts in nothing (the machine shifts by b & 31) */
static int rotate64(lw_t *w, int a, int s)
{
    int big = setp_ri(w, WQ_CMP_NE, op_ri(w, WQ_OP_AND, s, 32), 0);
    int x0 = sel_rr(w, big, 0, a + 1, a), x1 = sel_rr(w, big, 0, a, a + 1);
    int r = op_ri(w, WQ_OP_AND, s, 31);
    int back = op_rr(w, WQ_OP_SUB, mov_imm(w, 31), r);
    int lo = op_rr(w, WQ_OP_OR, op_rr(w, WQ_OP_SHL, x0, r), op_rr(w, WQ_OP_SHR, op_ri(w, WQ_OP_SHR, x1, 1), back));
    int hi = op_rr(w, WQ_OP_OR, op_rr(w, WQ_OP_SHL, x1, r), op_rr(w, WQ_OP_SHR, op_ri(w, WQ_OP_SHR, x0, 1), back));
    return pair_of(w, lo, hi);
}

/* a built-in function whose result is a long or ulong: its operands are
 * pairs of that type (parse.c converts them), except select's selector
 * (any integer) and upsample's int halves */
static int gen_builtin64(lw_t *w, cc_node_t *n)
{
    if (n->bi == BI_ATOMIC) return gen_atomic64(w, n);
    cc_node_t *an = n->args;
    int u = an->ty->is_unsigned;
    int a = gen(w, an);
    int b = an->next ? gen(w, an->next) : 0;
    int c3 = an->next && an->next->next ? gen(w, an->next->next) : 0;
    switch (n->bi) {
    case BI_MIN: return minmax64(w, 0, u, a, b);
    case BI_MAX: return minmax64(w, 1, u, a, b);
    case BI_CLAMP: return minmax64(w, 0, u, minmax64(w, 1, u, a, b), c3);
    case BI_ABS: return u ? a : abs64(w, a);
    case BI_ABS_DIFF: {
        int lt = cmp64(w, ND_LT, u, a, b);
        return sub64(w, sel64(w, lt, 0, b, a), sel64(w, lt, 0, a, b));
    }
    case BI_MUL_HI: return mul128(w, a, b, u, NULL);
    case BI_MAD_HI: return add64(w, mul128(w, a, b, u, NULL), c3);
    case BI_MAD_SAT: return mad_sat64(w, u, a, b, c3);
    case BI_ROTATE: return rotate64(w, a, b);
    case BI_POPCOUNT:               /* the words' byte counts added (at most 16 a byte), then summed */
        return pair_of(w, sum_bytes(w, op_rr(w, WQ_OP_ADD, byte_counts(w, a), byte_counts(w, a + 1))), mov_imm(w, 0));
    case BI_CLZ: {                  /* the high word's, or 32 + the low word's (clz(0) = 64) */
        int z = setp_ri(w, WQ_CMP_EQ, a + 1, 0);
        int c = clz32(w, sel_rr(w, z, 0, a, a + 1));
        return pair_of(w, sel_rr(w, z, 0, op_ri(w, WQ_OP_ADD, c, 32), c), mov_imm(w, 0));
    }
    case BI_CTZ: {                  /* the low word's, or 32 + the high word's (ctz(0) = 64) */
        int z = setp_ri(w, WQ_CMP_EQ, a, 0);
        int c = ctz32(w, sel_rr(w, z, 0, a + 1, a), &cc_ty_uint);
        return pair_of(w, sel_rr(w, z, 0, op_ri(w, WQ_OP_ADD, c, 32), c), mov_imm(w, 0));
    }
    case BI_HADD: case BI_RHADD: {  /* (a >> 1) + (b >> 1) + the carry of the low bits */
        int s = add64(w, half64(w, a, u), half64(w, b, u));
        return addw64(w, s, op_ri(w, WQ_OP_AND, op_rr(w, n->bi == BI_HADD ? WQ_OP_AND : WQ_OP_OR, a, b), 1));
    }
    case BI_SELECT: return sel64(w, selector(w, an->next->next, c3), 0, b, a);
    case BI_ADD_SAT: return sat64(w, 1, u, a, b);
    case BI_SUB_SAT: return sat64(w, 0, u, a, b);
    case BI_UPSAMPLE: return pair_of(w, b, a);
    default:
        cc_error_tok(w->c, n->tok, "internal: cannot lower this 64-bit built-in function (%d)", (int)n->bi);
    }
}

static void arm_value64(lw_t *w, cc_node_t *n, void *user)
{
    mov_val(w, *(int *)user, widen64(w, gen(w, n), n->ty), &cc_ty_long);
}

static int gen64(lw_t *w, cc_node_t *n)
{
    switch (n->kind) {
    case ND_NUM: return mov64_imm(w, (uint64_t)n->val);
    case ND_VAR:
        if (is_const_scalar(n->var)) return mov64_imm(w, (uint64_t)const_value(n->var));
        if (n->var->in_memory) return load64(w, gen_addr(w, n));
        if (!n->var->vreg) cc_error_tok(w->c, n->tok, "internal: variable '%s' has no register", n->var->name);
        return n->var->vreg;
    case ND_DEREF: return load64(w, gen_addr(w, n));
    case ND_CAST:
        if (cc_is_float(n->lhs->ty))
            return f2l(w, gen(w, n->lhs), n->ty->is_unsigned, n->op >= CC_CAST_RM0 ? n->op - CC_CAST_RM0 : -1);
        return widen64(w, gen(w, n->lhs), n->lhs->ty);
    case ND_ADD: case ND_SUB: case ND_MUL: case ND_AND: case ND_OR: case ND_XOR:
    case ND_SHL: case ND_SHR: case ND_DIV: case ND_MOD:
        return binop64(w, n->kind, n->ty, gen(w, n->lhs), n->rhs, n->tok);
    case ND_ASSIGN: {
        int v = widen64(w, gen(w, n->rhs), n->rhs->ty);
        cc_node_t *lhs = n->lhs;
        if (lhs->kind == ND_VAR && !lhs->var->in_memory) {
            mov_val(w, lhs->var->vreg, v, lhs->ty);
            return lhs->var->vreg;
        }
        store64(w, gen_addr(w, lhs), v);
        return v;
    }
    case ND_OPASSIGN: case ND_INCDEC: {
        cc_node_t *lhs = n->lhs;
        int reg = lhs->kind == ND_VAR && !lhs->var->in_memory;
        addr_t a = { 0, 0 };
        int old;
        if (reg) {
            old = lhs->var->vreg;
        } else {
            a = gen_addr(w, lhs);
            old = load64(w, a);
        }
        int v;
        if (n->kind == ND_INCDEC) {
            cc_node_t one = { .kind = ND_NUM, .ty = lhs->ty, .val = n->op, .tok = n->tok };
            if (n->post) { int keep = pair(w); mov_val(w, keep, old, lhs->ty); old = keep; }
            v = binop64(w, ND_ADD, lhs->ty, old, &one, n->tok);
        } else if (n->then && cc_is_float(n->then->ty)) {
            /* n op= x in float: n converted, the float operation, back to
             * n's type toward zero (as the C rules say) */
            cc_node_t tn = { .ty = n->then->ty };
            int cv = l2f(w, old, lhs->ty->is_unsigned, -1);
            v = contract(w, (cc_nk_t)n->op, n, NULL, cv, n->rhs);
            if (v < 0) v = binop(w, (cc_nk_t)n->op, &tn, cv, n->rhs, 0);
            v = f2l(w, v, lhs->ty->is_unsigned, -1);
        } else {
            v = binop64(w, (cc_nk_t)n->op, lhs->ty, old, n->rhs, n->tok);
        }
        if (reg) mov_val(w, lhs->var->vreg, v, lhs->ty);
        else store64(w, a, v);
        return n->kind == ND_INCDEC && n->post ? old : (reg ? lhs->var->vreg : v);
    }
    case ND_COND: {
        int r = pair(w);
        gen_if_region(w, n->divergent, n->cond, arm_value64, n->then, n->els, &r);
        return r;
    }
    case ND_COMMA: gen_effect(w, n->lhs); return gen(w, n->rhs);
    case ND_STMTEXPR: gen_stmt(w, n->then); return gen(w, n->lhs);
    case ND_CALL: {
        int r = 0;
        gen_call(w, n, &r);
        return r;
    }
    case ND_BUILTIN: return gen_builtin64(w, n);
    default:
        cc_error_tok(w->c, n->tok, "internal: cannot lower this 64-bit expression (%d)", (int)n->kind);
    }
}

/* an expression evaluated for its side effects alone (a statement, the
 * left side of a comma): an aggregate has no register to be loaded into,
 * so its address is computed instead, which has the same side effects */
static void gen_effect(lw_t *w, cc_node_t *n)
{
    if (n->ty && (n->ty->kind == TY_STRUCT || n->ty->kind == TY_ARRAY)) {
        if (n->kind == ND_COMMA) {
            gen_effect(w, n->lhs);
            gen_effect(w, n->rhs);
        } else {
            gen_addr(w, n);
        }
        return;
    }
    gen(w, n);
}

/* ---- vectors (docs/compiler.md "Vector types") ------------------------------------------------ */
/* A vector value is a block of consecutive virtual registers, one per
 * component (a pair per 64-bit component, as a long's), component i at
 * base + i * stride.  Component-wise operations (ND_VMAP) evaluate their
 * operands once and lower the scalar template per component, so every
 * operator and built-in has exactly its scalar lowering. */
static int is_vec(const cc_type_t *t) { return t && t->kind == TY_VEC; }
static int lane_stride(const cc_type_t *t) { return is_long(is_vec(t) ? t->base : t) ? 2 : 1; }

static int block(lw_t *w, int nregs)
{
    int b = vreg(w);
    for (int i = 1; i < nregs; i++) vreg(w);
    return b;
}

static int vec_load(lw_t *w, addr_t a, const cc_type_t *vt)
{
    const cc_type_t *et = vt->base;
    int st = lane_stride(vt), r = block(w, cc_vec_regs(vt));
    for (int i = 0; i < vt->len; i++) {
        addr_t ai = { a.reg, a.off + (uint32_t)(i * et->size) };
        mov_val(w, r + i * st, st == 2 ? load64(w, ai) : load(w, ai, et), et);
    }
    return r;
}

/* where the components of a vector lvalue (or of a value in registers)
 * are: a register block or memory, through a map of component indices */
typedef struct {
    int mem;
    addr_t a;
    int reg;
    const cc_type_t *et;
    int n;
    unsigned char map[16];
} vloc_t;

static int swz_index(const cc_node_t *s, int i) { return (int)(((uint64_t)s->val >> (4 * i)) & 15); }

static void vec_loc(lw_t *w, cc_node_t *n, vloc_t *l)
{
    if (n->kind == ND_SWIZZLE) {
        vloc_t b;
        vec_loc(w, n->lhs, &b);
        *l = b;
        l->n = n->nargs;
        for (int i = 0; i < n->nargs; i++) l->map[i] = b.map[swz_index(n, i)];
        return;
    }
    l->et = n->ty->base;
    l->n = n->ty->len;
    for (int i = 0; i < l->n; i++) l->map[i] = (unsigned char)i;
    if ((n->kind == ND_VAR && n->var->in_memory) || n->kind == ND_DEREF) {
        l->mem = 1;
        l->a = gen_addr(w, n);
    } else {
        l->mem = 0;
        l->reg = gen(w, n);         /* a register variable's own block, or a value's */
    }
}

static int loc_read(lw_t *w, const vloc_t *l, int i)
{
    int k = l->map[i], st = is_long(l->et) ? 2 : 1;
    if (!l->mem) return l->reg + k * st;
    addr_t a = { l->a.reg, l->a.off + (uint32_t)(k * l->et->size) };
    return st == 2 ? load64(w, a) : load(w, a, l->et);
}

static void loc_write(lw_t *w, const vloc_t *l, int i, int v)
{
    int k = l->map[i], st = is_long(l->et) ? 2 : 1;
    if (!l->mem) { mov_val(w, l->reg + k * st, v, l->et); return; }
    addr_t a = { l->a.reg, l->a.off + (uint32_t)(k * l->et->size) };
    if (st == 2) store64(w, a, v);
    else store(w, a, l->et, v);
}

/* the components of the value of type t in registers v: a copy of them
 * into a fresh block (a scalar is one component) */
static int lanes_of(lw_t *w, const vloc_t *l, const cc_type_t *t)
{
    if (!is_vec(t)) return loc_read(w, l, 0);
    int st = lane_stride(t), r = block(w, cc_vec_regs(t));
    for (int i = 0; i < l->n; i++) mov_val(w, r + i * st, loc_read(w, l, i), l->et);
    return r;
}

/* evaluate the template per component: operand k's component i (a scalar
 * operand: its value) stands for LANE k */
static int vec_map(lw_t *w, cc_node_t *n, cc_node_t *ops, const int *extra, int nextra)
{
    int regs[8], stride[8], nops = 0;
    for (cc_node_t *a = ops; a; a = a->next, nops++) {
        if (nops == 6) cc_error_tok(w->c, n->tok, "internal: too many vector operands");
        regs[nops] = gen(w, a);
        stride[nops] = is_vec(a->ty) ? lane_stride(a->ty) : 0;
    }
    for (int k = 0; k < nextra; k++) { regs[nops] = extra[2 * k]; stride[nops++] = extra[2 * k + 1]; }
    int saved[8];
    memcpy(saved, w->lane, sizeof saved);
    int len = is_vec(n->ty) ? n->ty->len : 1;
    const cc_type_t *et = is_vec(n->ty) ? n->ty->base : n->ty;
    int st = lane_stride(n->ty), r = is_vec(n->ty) ? block(w, cc_vec_regs(n->ty)) : 0;
    for (int i = 0; i < len; i++) {
        for (int k = 0; k < nops; k++) w->lane[k] = regs[k] + i * stride[k];
        int v = gen(w, n->then);
        if (!r) r = v;
        else mov_val(w, r + i * st, v, et);
    }
    memcpy(w->lane, saved, sizeof saved);
    return r;
}

/* the value v of type vt that is written to the selection l: in registers
 * of its own when l is a selection of a register vector, since v may be
 * that vector's own registers (`w.s3120 = w`, `w.yx += w`) and every
 * component must be read before the first is written */
static int unalias(lw_t *w, const vloc_t *l, const cc_node_t *lhs, int v, const cc_type_t *vt)
{
    if (l->mem || lhs->kind != ND_SWIZZLE || !is_vec(vt)) return v;
    int st = lane_stride(vt), r = block(w, cc_vec_regs(vt));
    for (int i = 0; i < vt->len; i++) mov_val(w, r + i * st, v + i * st, vt->base);
    return r;
}

/* a op= b, ++ and -- on a vector or a selection: the template (els) maps
 * the old component (LANE 0) and b's (LANE 1) to the new one */
static int vec_update(lw_t *w, cc_node_t *n)
{
    vloc_t l;
    vec_loc(w, n->lhs, &l);
    int r = n->kind == ND_OPASSIGN ? unalias(w, &l, n->lhs, gen(w, n->rhs), n->rhs->ty) : 0;
    int rs = n->kind == ND_OPASSIGN && is_vec(n->rhs->ty) ? lane_stride(n->rhs->ty) : 0;
    int st = is_long(l.et) ? 2 : 1;
    int res = block(w, l.n * st);
    int saved[8];
    memcpy(saved, w->lane, sizeof saved);
    for (int i = 0; i < l.n; i++) {
        int old = loc_read(w, &l, i);
        if (n->kind == ND_INCDEC && n->post) mov_val(w, res + i * st, old, l.et);
        w->lane[0] = old;
        w->lane[1] = r + i * rs;
        int v = gen(w, n->els);
        if (!(n->kind == ND_INCDEC && n->post)) mov_val(w, res + i * st, v, l.et);
        loc_write(w, &l, i, v);
    }
    memcpy(w->lane, saved, sizeof saved);
    return res;
}

static void arm_vec(lw_t *w, cc_node_t *n, void *user) { mov_val(w, *(int *)user, gen(w, n), n->ty); }

/* as_T(x): x's bytes as 32-bit words (a 3-vector's fourth component is
 * undefined, zero here), then T's components from them */
static int vec_as(lw_t *w, cc_node_t *n)
{
    const cc_type_t *ft = n->lhs->ty, *tt = n->ty;
    int x = gen(w, n->lhs);
    const cc_type_t *fe = is_vec(ft) ? ft->base : ft, *te = is_vec(tt) ? tt->base : tt;
    int fn = is_vec(ft) ? ft->len : 1, tn = is_vec(tt) ? tt->len : 1;
    int fs = lane_stride(ft), nw = (tt->size + 3) / 4;
    int word[32];
    for (int k = 0; k < nw; k++) word[k] = 0;
    for (int i = 0; i < fn; i++) {
        int v = x + i * fs;
        if (fe->size == 8) { word[2 * i] = v; word[2 * i + 1] = v + 1; continue; }
        if (fe->size == 4) { word[i] = v; continue; }
        int bit = i * fe->size * 8, k = bit / 32;
        int part = op_ri(w, WQ_OP_AND, v, fe->size == 1 ? 0xFFu : 0xFFFFu);
        if (bit % 32) part = op_ri(w, WQ_OP_SHL, part, (uint32_t)(bit % 32));
        word[k] = word[k] ? op_rr(w, WQ_OP_OR, word[k], part) : part;
    }
    for (int k = 0; k < nw; k++) if (!word[k]) word[k] = mov_imm(w, 0);
    int ts = lane_stride(tt), r = is_vec(tt) ? block(w, cc_vec_regs(tt)) : 0;
    for (int i = 0; i < tn; i++) {
        int v;
        if (te->size == 8) v = pair_of(w, word[2 * i], word[2 * i + 1]);
        else if (te->size == 4) v = word[i];
        else {
            int bit = i * te->size * 8;
            v = word[bit / 32];
            if (bit % 32) v = op_ri(w, WQ_OP_SHR, v, (uint32_t)(bit % 32));
            v = normalize(w, v, te);
        }
        if (!r) return v;
        mov_val(w, r + i * ts, v, te);
    }
    return r;
}

/* shuffle / shuffle2: a constant mask picks registers; any other mask
 * selects each component through a chain of compares */
static int vec_shuffle(lw_t *w, cc_node_t *n)
{
    cc_node_t *x = n->args, *y = n->nargs == 3 ? x->next : NULL, *m = y ? y->next : x->next;
    int xs = lane_stride(x->ty), xr = gen(w, x), yr = y ? gen(w, y) : 0;
    int m_len = x->ty->len, total = y ? 2 * m_len : m_len;
    int src[32];
    for (int j = 0; j < total; j++) src[j] = j < m_len ? xr + j * xs : yr + (j - m_len) * xs;
    const cc_type_t *et = x->ty->base;
    int st = lane_stride(n->ty), r = block(w, cc_vec_regs(n->ty));
    int konst = m->kind == ND_VLIT && m->nargs == m->ty->len;
    for (cc_node_t *a = konst ? m->args : NULL; a; a = a->next) if (a->kind != ND_NUM) konst = 0;
    cc_node_t *ka = konst ? m->args : NULL;
    int mr = konst ? 0 : gen(w, m), ms = lane_stride(m->ty);
    for (int i = 0; i < n->ty->len; i++) {
        int v;
        if (konst) {
            v = src[(uint64_t)ka->val % (uint64_t)total];
            ka = ka->next;
        } else {
            int k = op_ri(w, WQ_OP_AND, mr + i * ms, (uint32_t)(total - 1));
            v = src[0];
            for (int j = 1; j < total; j++) {
                int p = setp_ri(w, WQ_CMP_EQ, k, (uint32_t)j);
                v = st == 2 ? sel64(w, p, 0, src[j], v) : sel_rr(w, p, 0, src[j], v);
            }
        }
        mov_val(w, r + i * st, v, et);
    }
    return r;
}

/* any / all: the top bit of each component (registers hold components
 * sign-extended, a 64-bit one's in its high word) */
static int vec_anyall(lw_t *w, cc_node_t *n)
{
    const cc_type_t *t = n->lhs->ty;
    int x = gen(w, n->lhs), st = lane_stride(t), len = is_vec(t) ? t->len : 1, acc = 0;
    for (int i = 0; i < len; i++) {
        int v = x + i * st + (st == 2);
        acc = acc ? op_rr(w, n->kind == ND_VANY ? WQ_OP_OR : WQ_OP_AND, acc, v) : v;
    }
    return op_ri(w, WQ_OP_SHR, acc, 31);
}

/* a call returning a vector: inlined (inlined()), its result a block */
static int vec_call(lw_t *w, cc_node_t *n)
{
    int r = 0;
    gen_call(w, n, &r);
    return r;
}

static int vec_node(const cc_node_t *n)
{
    if (is_vec(n->ty)) return 1;
    switch (n->kind) {
    case ND_SWIZZLE: case ND_VLIT: case ND_VMAP: case ND_LANE: case ND_VAS: case ND_VSHUFFLE:
    case ND_VANY: case ND_VALL:
        return 1;
    case ND_ASSIGN: case ND_OPASSIGN: case ND_INCDEC: return n->lhs->kind == ND_SWIZZLE;
    default: return 0;
    }
}

static int gen_vec(lw_t *w, cc_node_t *n)
{
    const cc_type_t *t = n->ty;
    switch (n->kind) {
    case ND_LANE: return w->lane[n->val];
    case ND_VAR:
        if (n->var->in_memory) return vec_load(w, gen_addr(w, n), t);
        if (!n->var->vreg) cc_error_tok(w->c, n->tok, "internal: variable '%s' has no register", n->var->name);
        return n->var->vreg;
    case ND_DEREF: {
        addr_t a = gen_addr(w, n);
        /* four words at a 16-aligned address (an int4 or uint4 object: its
         * type's alignment; vloadn's type has only its component's) are one
         * LD.V4 into a register quad (docs/compiler.md "Register quads") */
        if (t->len == 4 && t->base->size == 4 && t->align == 16 && n->lhs->ty->as != AS_PRIVATE &&
            !t->is_volatile) {
            int q = block(w, 4);
            cc_ir_t *x = emit(w, WQ_OP_LD);
            x->d = q;
            x->a = a.reg;
            x->imm = a.off;
            x->fn = WQ_MEMW_V4;
            return q;
        }
        return vec_load(w, a, t);
    }
    case ND_SWIZZLE: {
        vloc_t l;
        vec_loc(w, n, &l);
        return lanes_of(w, &l, t);
    }
    case ND_VLIT: {
        int st = lane_stride(t), r = block(w, cc_vec_regs(t)), i = 0;
        if (!is_vec(n->args->ty)) {
            if (n->nargs == 1) {
                int v = gen(w, n->args);
                for (; i < t->len; i++) mov_val(w, r + i * st, v, t->base);
                return r;
            }
        }
        for (cc_node_t *a = n->args; a; a = a->next) {
            int v = gen(w, a);
            int k = is_vec(a->ty) ? a->ty->len : 1;
            for (int j = 0; j < k; j++, i++) mov_val(w, r + i * st, v + j * st, t->base);
        }
        return r;
    }
    case ND_VMAP: return vec_map(w, n, n->args, NULL, 0);
    case ND_VAS: return vec_as(w, n);
    case ND_VSHUFFLE: return vec_shuffle(w, n);
    case ND_VANY: case ND_VALL: return vec_anyall(w, n);
    case ND_ASSIGN: {
        int v = gen(w, n->rhs);
        vloc_t l;
        vec_loc(w, n->lhs, &l);
        v = unalias(w, &l, n->lhs, v, n->rhs->ty);
        int st = is_long(l.et) ? 2 : 1;
        for (int i = 0; i < l.n; i++) loc_write(w, &l, i, v + i * st);
        return v;
    }
    case ND_OPASSIGN: case ND_INCDEC: {
        int r = vec_update(w, n);
        return r;
    }
    case ND_COND: {
        int r = block(w, cc_vec_regs(t));
        gen_if_region(w, n->divergent, n->cond, arm_vec, n->then, n->els, &r);
        return r;
    }
    case ND_COMMA: gen_effect(w, n->lhs); return gen(w, n->rhs);
    case ND_CALL: return vec_call(w, n);
    default:
        cc_error_tok(w->c, n->tok, "internal: cannot lower this vector expression (%d)", (int)n->kind);
    }
}

static int gen(lw_t *w, cc_node_t *n)
{
    if (vec_node(n)) return gen_vec(w, n);
    if (n->ty && is_long(n->ty)) return gen64(w, n);
    switch (n->kind) {
    case ND_NUM: return mov_imm(w, (uint32_t)n->val);
    case ND_VAR:
        if (is_const_scalar(n->var)) return mov_imm(w, (uint32_t)const_value(n->var));
        if (n->var->in_memory) return load(w, gen_addr(w, n), n->ty);
        if (!n->var->vreg) cc_error_tok(w->c, n->tok, "internal: variable '%s' has no register", n->var->name);
        return n->var->vreg;
    case ND_ADD: case ND_SUB: case ND_MUL: case ND_AND: case ND_OR: case ND_XOR:
    case ND_SHL: case ND_SHR:
        if (cc_is_float(n->ty) && n->op != CC_NO_CONTRACT) {
            int f = contract(w, n->kind, n, n->lhs, 0, n->rhs);
            if (f >= 0) return f;
        }
        return binop(w, n->kind, n, gen(w, n->lhs), n->rhs, 0);
    case ND_DIV: case ND_MOD: return gen_divmod(w, n);
    case ND_EQ: case ND_NE: case ND_LT: case ND_LE: return bool01(w, n);
    case ND_LOGAND: case ND_LOGOR: {
        int is_and = n->kind == ND_LOGAND;
        if (is_simple(n->rhs)) {
            int a = bool01(w, n->lhs), b = bool01(w, n->rhs);
            return op_rr(w, is_and ? WQ_OP_AND : WQ_OP_OR, a, b);
        }
        /* t = is_and ? 0 : 1; if (is_and ? lhs : !lhs) t = (rhs != 0) */
        int t = mov_imm(w, is_and ? 0 : 1);
        int r = t;
        cc_node_t *cond = n->lhs;
        if (!is_and) {
            cc_node_t *nz = cc_alloc(w->c, sizeof *nz);
            nz->kind = ND_EQ;
            nz->tok = n->tok;
            nz->ty = &cc_ty_int;
            nz->lhs = n->lhs;
            cc_node_t *z = cc_alloc(w->c, sizeof *z);
            z->kind = ND_NUM;
            z->ty = n->lhs->ty->kind == TY_PTR ? &cc_ty_uint : cc_promote(n->lhs->ty);
            z->tok = n->tok;
            nz->rhs = z;
            cond = nz;
        }
        cc_node_t *ne = cc_alloc(w->c, sizeof *ne);
        ne->kind = ND_NE;
        ne->tok = n->tok;
        ne->ty = &cc_ty_int;
        ne->lhs = n->rhs;
        cc_node_t *z = cc_alloc(w->c, sizeof *z);
        z->kind = ND_NUM;
        z->ty = n->rhs->ty->kind == TY_PTR ? &cc_ty_uint : cc_promote(n->rhs->ty);
        z->tok = n->tok;
        ne->rhs = z;
        gen_if_region(w, n->divergent, cond, arm_value, ne, NULL, &r);
        return r;
    }
    case ND_COND: {
        if (n->ty->kind != TY_VOID && is_simple(n->then) && is_simple(n->els)) {
            int neg;
            int p = gen_cond(w, n->cond, &neg);
            int a = gen(w, n->then), b = gen(w, n->els);
            return sel_rr(w, p, neg, a, b);
        }
        int r = vreg(w);
        if (n->ty->kind == TY_VOID) {
            gen_if_region(w, n->divergent, n->cond, arm_stmt, n->then, n->els, NULL);
            return 0;
        }
        gen_if_region(w, n->divergent, n->cond, arm_value, n->then, n->els, &r);
        return r;
    }
    case ND_COMMA: gen_effect(w, n->lhs); return gen(w, n->rhs);
    case ND_STMTEXPR:
        gen_stmt(w, n->then);
        return n->lhs ? gen(w, n->lhs) : 0;
    case ND_DEREF: return load(w, gen_addr(w, n), n->ty);
    case ND_ADDR: {
        addr_t a = gen_addr(w, n->lhs);
        return a.off ? op_ri(w, WQ_OP_ADD, a.reg, a.off) : a.reg;
    }
    case ND_NEG:                    /* float: parse.c builds no other */
        return op_ri(w, WQ_OP_XOR, gen(w, n->lhs), 0x80000000u);
    case ND_CAST: {
        if (n->ty->kind == TY_VOID) { gen(w, n->lhs); return 0; }
        if (n->op == CC_CAST_BITS) return gen(w, n->lhs);
        if (n->op >= CC_CAST_RM0) return fconvert(w, gen(w, n->lhs), n->lhs->ty, n->ty, n->op - CC_CAST_RM0);
        if (is_long(n->lhs->ty) && n->ty->kind == TY_BOOL) {   /* both words count */
            int v = gen(w, n->lhs);
            return normalize(w, op_rr(w, WQ_OP_OR, v, v + 1), n->ty);
        }
        return convert(w, gen(w, n->lhs), n->lhs->ty, n->ty);
    }
    case ND_ASSIGN: {
        int v = gen(w, n->rhs);
        return gen_assign_to(w, n->lhs, v);
    }
    case ND_OPASSIGN: {
        cc_node_t *lhs = n->lhs;
        const cc_type_t *ot = n->then ? n->then->ty : lhs->ty;    /* the operation's type */
        cc_node_t tn = { .ty = (cc_type_t *)ot };
        if (cc_is_float(ot)) {
            /* + - * / in float: the target's value converted first (an int
             * target: n += 1.5f is n = (int)((float)n + 1.5f)) */
            int reg = lhs->kind == ND_VAR && !lhs->var->in_memory;
            addr_t a = { 0, 0 };
            if (!reg) a = gen_addr(w, lhs);
            int old = reg ? lhs->var->vreg : load(w, a, lhs->ty);
            int cv = convert(w, old, lhs->ty, ot);
            int v = contract(w, (cc_nk_t)n->op, n, NULL, cv, n->rhs);
            if (v < 0) v = binop(w, (cc_nk_t)n->op, &tn, cv, n->rhs, 0);
            v = convert(w, v, ot, lhs->ty);
            if (!reg) { store(w, a, lhs->ty, v); return v; }
            mov_val(w, old, v, lhs->ty);       /* a long target: both words */
            return old;
        }
        if (lhs->kind == ND_VAR && !lhs->var->in_memory) {
            int old = lhs->var->vreg;
            int v;
            if (n->op == ND_DIV || n->op == ND_MOD) {
                cc_node_t d = { .kind = (cc_nk_t)n->op, .ty = (cc_type_t *)ot, .tok = n->tok, .lhs = lhs, .rhs = n->rhs };
                v = gen_divmod(w, &d);
            } else {
                v = binop(w, (cc_nk_t)n->op, &tn, old, n->rhs, 0);
            }
            v = convert(w, v, ot, lhs->ty);
            mov_to(w, old, v);
            return old;
        }
        addr_t a = gen_addr(w, lhs);
        int old = load(w, a, lhs->ty);
        int v;
        if (n->op == ND_DIV || n->op == ND_MOD) {
            /* divide the loaded value: a stand-in variable node holds it */
            cc_var_t tmp = { .name = "<tmp>", .ty = lhs->ty, .vreg = old };
            cc_node_t vn = { .kind = ND_VAR, .ty = lhs->ty, .var = &tmp, .tok = n->tok };
            cc_node_t cv = { .kind = ND_CAST, .ty = (cc_type_t *)ot, .lhs = &vn, .tok = n->tok };
            cc_node_t d = { .kind = (cc_nk_t)n->op, .ty = (cc_type_t *)ot, .tok = n->tok, .lhs = &cv, .rhs = n->rhs };
            v = gen_divmod(w, &d);
        } else {
            v = binop(w, (cc_nk_t)n->op, &tn, old, n->rhs, 0);
        }
        v = convert(w, v, ot, lhs->ty);
        store(w, a, lhs->ty, v);
        return v;
    }
    case ND_INCDEC: {
        cc_node_t *lhs = n->lhs;
        const cc_type_t *pt = lhs->ty->kind == TY_PTR ? lhs->ty : cc_promote(lhs->ty);
        if (lhs->kind == ND_VAR && !lhs->var->in_memory) {
            int var = lhs->var->vreg;
            int old = 0;
            if (n->post) { old = vreg(w); mov_to(w, old, var); }
            int v = convert(w, incdec_add(w, var, n), pt, lhs->ty);
            mov_to(w, var, v);
            return n->post ? old : var;
        }
        addr_t a = gen_addr(w, lhs);
        int old = load(w, a, lhs->ty);
        int v = convert(w, incdec_add(w, old, n), pt, lhs->ty);
        store(w, a, lhs->ty, v);
        return n->post ? old : v;
    }
    case ND_CALL: {
        int r = 0;
        gen_call(w, n, &r);
        return r;
    }
    case ND_BUILTIN: return gen_builtin(w, n);
    default:
        cc_error_tok(w->c, n->tok, "internal: cannot lower this expression (%d)", (int)n->kind);
    }
}

/* ---- calls ----------------------------------------------------------------------------------- */
/* the size of a function body in AST nodes, and whether it has a loop */
static int body_size(const cc_node_t *n, int *loops)
{
    if (!n) return 0;
    int k = 1;
    if (n->kind == ND_LOOP) *loops = 1;
    for (const cc_node_t *a = n->args; a; a = a->next) k += body_size(a, loops);
    for (const cc_node_t *b = n->body; b; b = b->next) k += body_size(b, loops);
    return k + body_size(n->lhs, loops) + body_size(n->rhs, loops) + body_size(n->cond, loops) +
           body_size(n->then, loops) + body_size(n->els, loops) + body_size(n->init, loops) +
           body_size(n->inc, loops);
}

/* docs/compiler.md "Calls": inline functions and small ones (at most
 * INLINE_NODES AST nodes, no loop) are inlined under --inline=auto */
enum { INLINE_NODES = 40 };

static int inlined(lw_t *w, cc_func_t *f)
{
    /* RET reads one return register: 64-bit results stay inline */
    if (f->is_kernel || w->inl == WQ_CC_INLINE_ALWAYS || is_long(f->ret)) return 1;
    /* vectors are register blocks: a call passes one register per argument */
    if (is_vec(f->ret)) return 1;
    for (int i = 0; i < f->nparams; i++) if (is_vec(f->params[i]->ty)) return 1;
    if (w->inl == WQ_CC_INLINE_NEVER) return 0;
    int loops = 0;
    return f->is_inline || (body_size(f->body, &loops) <= INLINE_NODES && !loops);
}

/* recursion, through any mix of inlined and called functions, is an error */
static void no_recursion(lw_t *w, const cc_node_t *n)
{
    if (!n) return;
    if (n->kind == ND_CALL) {
        cc_func_t *f = n->func;
        if (!f->defined) cc_error_tok(w->c, n->tok, "function '%s' is declared but never defined", f->name);
        if (f->visiting) cc_error_tok(w->c, n->tok, "recursion is not supported by OpenCL C: '%s' calls itself", f->name);
        if (!f->acyclic) {
            f->visiting = 1;
            no_recursion(w, f->body);
            f->visiting = 0;
            f->acyclic = 1;
        }
    }
    for (const cc_node_t *a = n->args; a; a = a->next) no_recursion(w, a);
    for (const cc_node_t *b = n->body; b; b = b->next) no_recursion(w, b);
    no_recursion(w, n->lhs); no_recursion(w, n->rhs); no_recursion(w, n->cond);
    no_recursion(w, n->then); no_recursion(w, n->els); no_recursion(w, n->init); no_recursion(w, n->inc);
}

/* ---- program-scope __constant data ---------------------------------------------------- */
/* A program-scope __constant object lives in the work-item's private frame
 * of every kernel that reads it from memory: the kernel's entry stores the
 * initializer's constants there (docs/compiler.md "Program-scope __constant
 * data").  A scalar read by value is its constant; only its address needs
 * the frame copy. */
/* the program-scope objects a kernel reads from memory */
typedef struct { cc_t *c; int mark; cc_var_t **v; int n, cap; } globals_t;

/* collect into g the program-scope objects the code under n (and the
 * functions it calls) reads from memory; addr: n is the operand of & */
static void find_globals(globals_t *g, cc_node_t *n, int addr)
{
    if (!n) return;
    if (n->kind == ND_VAR && n->var->is_static && n->var->kmark != g->mark && (addr || !is_const_scalar(n->var))) {
        n->var->kmark = g->mark;
        if (g->n == g->cap) {
            int cap = g->cap ? g->cap * 2 : 8;
            cc_var_t **v = cc_alloc(g->c, sizeof *v * (size_t)cap);
            if (g->n) memcpy(v, g->v, sizeof *v * (size_t)g->n);
            g->v = v;
            g->cap = cap;
        }
        g->v[g->n++] = n->var;
    }
    if (n->kind == ND_CALL && n->func->defined && n->func->kmark != g->mark) {
        n->func->kmark = g->mark;
        find_globals(g, n->func->body, 0);
    }
    for (cc_node_t *a = n->args; a; a = a->next) find_globals(g, a, 0);
    for (cc_node_t *b = n->body; b; b = b->next) find_globals(g, b, 0);
    find_globals(g, n->lhs, n->kind == ND_ADDR);
    find_globals(g, n->rhs, 0);
    find_globals(g, n->cond, 0);
    find_globals(g, n->then, 0);
    find_globals(g, n->els, 0);
    find_globals(g, n->init, 0);
    find_globals(g, n->inc, 0);
}

/* place the kernel's program-scope objects in its frame and store their
 * initializers there (at the kernel's entry, before any divergence) */
static void init_globals(lw_t *w, cc_func_t *k)
{
    /* a fresh mark for every lowering: compiler.c may lower a kernel twice */
    globals_t g = { .c = w->c, .mark = ++w->c->lower_mark };
    k->kmark = g.mark;
    find_globals(&g, k->body, 0);
    for (int i = 0; i < g.n; i++) place_obj(w, g.v[i]);
    for (int i = 0; i < g.n; i++) {
        w->tok = g.v[i]->tok;
        gen_stmt(w, g.v[i]->init);
    }
}

/* the callee entry of a function called with CALL, made on first use: its
 * registers (parameters, locals, return value, link) are fixed once, since
 * its code exists once */
static int callee_of(lw_t *w, cc_func_t *f)
{
    cc_code_t *cd = w->code;
    for (int i = 0; i < cd->ncallees; i++) if (cd->callees[i].f == f) return i;
    if (cd->ncallees % 16 == 0) {
        cc_callee_t *n = cc_alloc(w->c, sizeof *n * (size_t)(cd->ncallees + 16));
        if (cd->ncallees) memcpy(n, cd->callees, sizeof *n * (size_t)cd->ncallees);
        cd->callees = n;
    }
    cc_callee_t *e = &cd->callees[cd->ncallees];
    memset(e, 0, sizeof *e);
    e->f = f;
    e->entry = new_label(w);
    e->link = vreg(w);
    e->start = e->end = -1;
    for (cc_var_t *v = f->locals; v; v = v->next) v->vreg = var_reg(w, v->ty);
    cc_var_t *rv = f->params[f->nparams];
    rv->vreg = f->ret->kind == TY_VOID ? 0 : vreg(w);
    e->ret = rv->vreg;
    return cd->ncallees++;
}

static void gen_inline(lw_t *w, cc_node_t *n, int *args, int *result)
{
    cc_func_t *f = n->func;
    if (w->inline_depth > 64) cc_error_tok(w->c, n->tok, "calls nested too deeply");
    /* a fresh register per variable for this instance of the body */
    for (cc_var_t *v = f->locals; v; v = v->next) if (!v->in_memory) v->vreg = var_reg(w, v->ty);
    uint32_t saved_top = w->frame_top;
    place_locals(w, f);
    cc_var_t *rv = f->params[f->nparams];
    rv->vreg = f->ret->kind == TY_VOID || is_agg(f->ret) ? 0 : var_reg(w, f->ret);
    for (int i = 0; i < f->nparams; i++) bind_param(w, f->params[i], args[i]);
    fnctx_t fc = { .up = w->fn, .f = f, .end = new_label(w), .ret = rv->vreg,
                   .tokens = f->divergent_return, .saved_targets = w->targets };
    w->fn = &fc;
    w->targets = NULL;
    f->visiting = 1;
    w->inline_depth++;
    if (fc.tokens) ctrl(w, WQ_OP_PBRK, fc.end, 0, 0);
    gen_stmt(w, f->body);
    if (fc.tokens) ctrl(w, WQ_OP_BRK, fc.end, 0, 0);
    label(w, fc.end);
    w->inline_depth--;
    f->visiting = 0;
    w->targets = fc.saved_targets;
    w->fn = fc.up;
    w->frame_top = saved_top;
    *result = fc.ret;
}

static void gen_call(lw_t *w, cc_node_t *n, int *result)
{
    cc_func_t *f = n->func;
    int args[256];
    int k = 0;
    /* a struct or union argument is its object's address: the callee
     * copies it into its parameter (bind_param) */
    for (cc_node_t *a = n->args; a; a = a->next) args[k++] = is_agg(a->ty) ? addr_reg(w, gen_addr(w, a)) : gen(w, a);
    /* a kernel called as a function runs in the caller's work-group: its
     * __local variables would need a place in the caller's block */
    if (f->is_kernel && f->local_bytes)
        cc_error_tok(w->c, n->tok, "kernel '%s' declares __local variables and cannot be called as a function", f->name);
    /* a struct or union result: an object of the caller's that the
     * callee's return fills (inlined) or that the callee's object is
     * copied into (called; its return register holds that object's address) */
    addr_t res = { 0, 0 };
    if (is_agg(f->ret)) res = frame_temp(w, f->ret);
    if (inlined(w, f)) {
        if (is_agg(f->ret)) f->params[f->nparams]->offset = res.off;
        gen_inline(w, n, args, result);
        if (is_agg(f->ret)) *result = addr_reg(w, res);
        return;
    }
    /* CALL: the arguments into the callee's parameter registers, then
     * CALL writes the link register and pushes the CALL token (DESIGN §6.3) */
    int ci = callee_of(w, f);
    cc_callee_t *e = &w->code->callees[ci];
    for (int i = 0; i < f->nparams; i++) mov_val(w, f->params[i]->vreg, args[i], f->params[i]->ty);
    cc_ir_t *x = emit(w, WQ_OP_CALL);
    x->d = e->link;
    x->label = e->entry;
    x->fn = ci;
    *result = 0;
    if (e->ret) { *result = vreg(w); mov_to(w, *result, e->ret); }
    if (is_agg(f->ret)) {
        copy_obj(w, res.reg, res.off, *result, 0, f->ret);
        *result = addr_reg(w, res);
    }
}

/* RET through the link: threads park on their CALL token, and all of them
 * resume after the CALL when it is popped */
static void ret(lw_t *w, int gp, int gn)
{
    cc_ir_t *x = emit(w, WQ_OP_RET);
    x->a = w->fn->link;
    x->b = w->fn->ret;
    x->gp = gp;
    x->gn = gn;
}

/* the body of a called function, after the kernel's code; its private
 * objects go above everything placed so far, so no two functions share
 * frame bytes */
static void gen_callee(lw_t *w, int ci)
{
    cc_code_t *cd = w->code;
    cc_callee_t *e = &cd->callees[ci];
    cc_func_t *f = e->f;
    w->tok = f->tok;
    e->start = cd->n;
    label(w, e->entry);
    w->frame_top = w->frame_max;
    place_locals(w, f);
    if (is_agg(f->ret)) place_obj(w, f->params[f->nparams]);
    for (int i = 0; i < f->nparams; i++)
        if (f->params[i]->in_memory) bind_param(w, f->params[i], f->params[i]->vreg);
    /* the link in a register of its own that may be spilled (regalloc.c
     * saves it to the frame in a function that calls others) */
    int link = vreg(w);
    mov_to(w, link, e->link);
    fnctx_t fc = { .f = f, .ret = cd->callees[ci].ret, .link = link };
    w->fn = &fc;
    w->targets = NULL;
    gen_stmt(w, f->body);
    w->tok = f->body ? f->body->tok : f->tok;
    ret(w, 0, 0);
    w->fn = NULL;
    cd->callees[ci].end = cd->n;
    cd->callees[ci].link_copy = link;
}

/* ---- statements ---------------------------------------------------------------------------------- */
/* a loop runs a number of times known at compile time:
 * for (i = A; i < B; i++ / i += C), with i not assigned in the body */
static int assigns(const cc_node_t *n, const cc_var_t *v)
{
    if (!n) return 0;
    if ((n->kind == ND_ASSIGN || n->kind == ND_OPASSIGN || n->kind == ND_INCDEC) &&
        n->lhs->kind == ND_VAR && n->lhs->var == v)
        return 1;
    if (n->kind == ND_CALL) return 0;        /* callees cannot see it */
    for (const cc_node_t *a = n->args; a; a = a->next) if (assigns(a, v)) return 1;
    for (const cc_node_t *b = n->body; b; b = b->next) if (assigns(b, v)) return 1;
    /* not case_next: a switch's cases are reached through its body, and
     * consecutive labels link back to each other (case 1: case 2: ...) */
    return assigns(n->lhs, v) || assigns(n->rhs, v) || assigns(n->cond, v) || assigns(n->then, v) ||
           assigns(n->els, v) || assigns(n->init, v) || assigns(n->inc, v);
}

static int const_trip(const cc_node_t *n)
{
    if (!n->cond || !n->inc || !n->init || n->do_while) return 0;
    const cc_node_t *c = n->cond;
    if (c->kind != ND_LT && c->kind != ND_LE && c->kind != ND_NE) return 0;
    const cc_node_t *l = c->lhs;
    while (l->kind == ND_CAST) l = l->lhs;
    if (l->kind != ND_VAR || c->rhs->kind != ND_NUM) return 0;
    const cc_var_t *v = l->var;
    /* the init assigns a constant to v */
    const cc_node_t *i = n->init;
    if (i->kind == ND_BLOCK) i = i->body;
    if (!i || i->kind != ND_EXPR_STMT || i->lhs->kind != ND_ASSIGN || i->lhs->lhs->kind != ND_VAR ||
        i->lhs->lhs->var != v || i->lhs->rhs->kind != ND_NUM)
        return 0;
    const cc_node_t *s = n->inc;
    int step_ok = (s->kind == ND_INCDEC && s->lhs->kind == ND_VAR && s->lhs->var == v && s->op > 0) ||
                  (s->kind == ND_OPASSIGN && s->op == ND_ADD && s->lhs->kind == ND_VAR &&
                   s->lhs->var == v && s->rhs->kind == ND_NUM && s->rhs->val > 0);
    return step_ok && !assigns(n->then, v);
}

static int wants_yield(lw_t *w, const cc_node_t *n)
{
    switch (w->yield) {
    case WQ_CC_YIELD_OFF: return 0;
    case WQ_CC_YIELD_SPIN: return n->has_atomic;
    default: return !const_trip(n);
    }
}

static int has_continue(const cc_node_t *n)
{
    if (!n) return 0;
    if (n->kind == ND_CONTINUE) return 1;
    if (n->kind == ND_LOOP) return 0;        /* belongs to the inner loop */
    for (const cc_node_t *b = n->body; b; b = b->next) if (has_continue(b)) return 1;
    return has_continue(n->then) || has_continue(n->els);
}

static void gen_loop(lw_t *w, cc_node_t *n)
{
    if (n->init) gen_stmt(w, n->init);
    const cc_tok_t *saved = w->tok;
    target_t t = { .up = w->targets, .is_loop = 1, .tokens = n->divergent,
                   .brk = new_label(w), .cont = new_label(w) };
    t.has_cont_token = t.tokens && has_continue(n->then);
    int head = new_label(w);
    if (t.tokens) ctrl(w, WQ_OP_PBRK, t.brk, 0, 0);
    label(w, head);
    if (n->cond && !n->do_while) {
        if (n->cond->kind == ND_NUM) {
            if (!n->cond->val) ctrl(w, t.tokens ? WQ_OP_BRK : WQ_OP_BRA, t.brk, 0, 0);
        } else {
            int neg;
            int p = gen_cond(w, n->cond, &neg);
            ctrl(w, t.tokens ? WQ_OP_BRK : WQ_OP_BRA, t.brk, p, !neg);
        }
    }
    if (t.has_cont_token) ctrl(w, WQ_OP_PCONT, t.cont, 0, 0);
    w->targets = &t;
    gen_stmt(w, n->then);
    w->targets = t.up;
    w->tok = saved;
    if (t.has_cont_token) ctrl(w, WQ_OP_CONT, t.cont, 0, 0);
    label(w, t.cont);
    if (n->inc) gen(w, n->inc);
    if (n->do_while && n->cond) {
        if (n->cond->kind == ND_NUM) {
            if (!n->cond->val) ctrl(w, t.tokens ? WQ_OP_BRK : WQ_OP_BRA, t.brk, 0, 0);
        } else {
            int neg;
            int p = gen_cond(w, n->cond, &neg);
            ctrl(w, t.tokens ? WQ_OP_BRK : WQ_OP_BRA, t.brk, p, !neg);
        }
    }
    if (wants_yield(w, n)) { plain(w, WQ_OP_YIELD, 0, 0); w->yields++; }
    ctrl(w, WQ_OP_BRA, head, 0, 0);
    label(w, t.brk);
}

/* the predicate "the pair v equals the constant k": (lo ^ k.lo) | (hi ^ k.hi)
 * is zero, each XOR left out where k's word is 0 */
static int eq64_imm(lw_t *w, int v, uint64_t k)
{
    int lo = (uint32_t)k ? op_ri(w, WQ_OP_XOR, v, (uint32_t)k) : v;
    int hi = (uint32_t)(k >> 32) ? op_ri(w, WQ_OP_XOR, v + 1, (uint32_t)(k >> 32)) : v + 1;
    return setp_ri(w, WQ_CMP_EQ, op_rr(w, WQ_OP_OR, lo, hi), 0);
}

static void gen_switch(lw_t *w, cc_node_t *n)
{
    int wide = is_long(n->cond->ty);
    target_t t = { .up = w->targets, .is_loop = 0, .tokens = n->divergent, .brk = new_label(w) };
    if (t.tokens) ctrl(w, WQ_OP_PBRK, t.brk, 0, 0);
    int v = gen(w, n->cond);
    cc_node_t *def = NULL;
    /* the cases were collected last first: dispatch in source order */
    cc_node_t *order[4096];
    int nc = 0;
    for (cc_node_t *c = n->cases; c; c = c->case_next) {
        if (nc == 4096) cc_error_tok(w->c, n->tok, "too many case labels");
        order[nc++] = c;
    }
    for (int i = nc - 1; i >= 0; i--) {
        cc_node_t *c = order[i];
        c->label = new_label(w);
        if (c->is_default) { def = c; continue; }
        int p = wide ? eq64_imm(w, v, (uint64_t)c->val) : setp_ri(w, WQ_CMP_EQ, v, (uint32_t)c->val);
        ctrl(w, WQ_OP_BRA, c->label, p, 0);
    }
    ctrl(w, def ? WQ_OP_BRA : (t.tokens ? WQ_OP_BRK : WQ_OP_BRA), def ? def->label : t.brk, 0, 0);
    w->targets = &t;
    gen_stmt(w, n->then);
    w->targets = t.up;
    if (t.tokens) ctrl(w, WQ_OP_BRK, t.brk, 0, 0);
    label(w, t.brk);
}

static void gen_return(lw_t *w, cc_node_t *n)
{
    if (!w->fn) {                           /* the kernel itself */
        if (n->lhs) gen(w, n->lhs);
        plain(w, WQ_OP_EXIT, 0, 0);
        return;
    }
    if (n->lhs && is_agg(w->fn->f->ret)) {
        /* into the result object; a called function returns its address */
        cc_var_t *rv = w->fn->f->params[w->fn->f->nparams];
        addr_t s = gen_addr(w, n->lhs);
        copy_obj(w, frame_base(w), rv->offset, s.reg, s.off, rv->ty);
        if (w->fn->ret) mov_to(w, w->fn->ret, addr_reg(w, (addr_t){ frame_base(w), rv->offset }));
    } else if (n->lhs) {
        mov_val(w, w->fn->ret, gen(w, n->lhs), w->fn->f->ret);
    }
    if (w->fn->link) { ret(w, 0, 0); return; }
    ctrl(w, w->fn->tokens ? WQ_OP_BRK : WQ_OP_BRA, w->fn->end, 0, 0);
}

/* `if (c) break;` and friends: one guarded instruction, no region */
static int guarded_jump(lw_t *w, cc_node_t *n)
{
    if (n->els) return 0;
    cc_node_t *s = n->then;
    while (s->kind == ND_BLOCK && s->body && !s->body->next) s = s->body;
    if (s->kind == ND_BLOCK && !s->body) return 0;
    int op, target = 0;
    if (s->kind == ND_BREAK && w->targets) {
        op = w->targets->tokens ? WQ_OP_BRK : WQ_OP_BRA;
        target = w->targets->brk;
    } else if (s->kind == ND_CONTINUE) {
        target_t *t = w->targets;
        while (t && !t->is_loop) t = t->up;
        if (!t) return 0;
        /* a continue from inside a switch region must leave it by tokens */
        if (t != w->targets) return 0;
        op = t->has_cont_token ? WQ_OP_CONT : WQ_OP_BRA;
        target = t->cont;
    } else if (s->kind == ND_RETURN && !s->lhs && (!w->fn || w->fn->link)) {
        op = w->fn ? WQ_OP_RET : WQ_OP_EXIT;
    } else {
        return 0;
    }
    int neg;
    int p = gen_cond(w, n->cond, &neg);
    if (op == WQ_OP_EXIT) plain(w, op, p, neg);
    else if (op == WQ_OP_RET) ret(w, p, neg);
    else ctrl(w, op, target, p, neg);
    return 1;
}

static void gen_stmt(lw_t *w, cc_node_t *n)
{
    if (!n) return;
    w->tok = n->tok;
    switch (n->kind) {
    case ND_NOP: return;
    case ND_BLOCK:
        for (cc_node_t *s = n->body; s; s = s->next) gen_stmt(w, s);
        return;
    case ND_EXPR_STMT: gen_effect(w, n->lhs); return;
    case ND_IF:
        if (n->cond->kind == ND_NUM) { gen_stmt(w, n->cond->val ? n->then : n->els); return; }
        if (guarded_jump(w, n)) return;
        gen_if_region(w, n->divergent, n->cond, arm_stmt, n->then, n->els, NULL);
        return;
    case ND_LOOP: gen_loop(w, n); return;
    case ND_SWITCH: gen_switch(w, n); return;
    case ND_CASE:
        label(w, n->label);
        gen_stmt(w, n->then);
        return;
    case ND_BREAK:
        if (!w->targets) cc_error_tok(w->c, n->tok, "internal: break without a target");
        ctrl(w, w->targets->tokens ? WQ_OP_BRK : WQ_OP_BRA, w->targets->brk, 0, 0);
        return;
    case ND_CONTINUE: {
        target_t *t = w->targets;
        /* leaving a switch inside the loop: the switch's BRK token stays
         * behind and is discarded when popped (no thread waits on it) */
        while (t && !t->is_loop) t = t->up;
        if (!t) cc_error_tok(w->c, n->tok, "internal: continue without a loop");
        ctrl(w, t->has_cont_token ? WQ_OP_CONT : WQ_OP_BRA, t->cont, 0, 0);
        return;
    }
    case ND_RETURN: gen_return(w, n); return;
    case ND_GOTO: case ND_LABEL:            /* goto.c rewrote those in statement slots */
        cc_error_tok(w->c, n->tok, "a goto or label inside an expression is not supported");
    default:
        cc_error_tok(w->c, n->tok, "internal: cannot lower this statement");
    }
}

/* ---- the kernel ------------------------------------------------------------------------------------ */
static void arg_layout(lw_t *w, cc_func_t *k, wq_cc_kernel_t *info)
{
    uint32_t off = P_ARGS;
    info->nargs = (uint32_t)k->nparams;
    info->args = cc_alloc(w->c, sizeof *info->args * (size_t)(k->nparams + 1));
    for (int i = 0; i < k->nparams; i++) {
        cc_var_t *v = k->params[i];
        wq_cc_arg_t *a = &info->args[i];
        if (strlen(v->name) > WQ_CC_NAME_MAX)
            cc_error_tok(w->c, v->tok, "argument name longer than %d characters", WQ_CC_NAME_MAX);
        snprintf(a->name, sizeof a->name, "%s", v->name);
        const cc_type_t *t = v->ty;
        uint32_t al = 0;
        if (is_agg(t)) {
            /* a struct or union by value: its bytes, word-aligned at least */
            a->kind = WQ_CC_ARG_SCALAR;
            a->size = (uint32_t)t->size;
            al = (uint32_t)(t->align < 4 ? 4 : t->align);
            if (t->size > 1024)
                cc_error_tok(w->c, v->tok, "kernel argument '%s' is %d bytes: the device takes at most 1024 "
                             "(CL_DEVICE_MAX_PARAMETER_SIZE)", v->name, t->size);
            snprintf(a->type_name, sizeof a->type_name, "%s%s%s", t->is_union ? "union" : "struct",
                     t->name ? " " : "", t->name ? t->name : "");
        } else if (t->kind == TY_PTR) {
            a->kind = t->as == AS_GLOBAL ? WQ_CC_ARG_GLOBAL : t->as == AS_CONSTANT ? WQ_CC_ARG_CONSTANT : WQ_CC_ARG_LOCAL;
            a->size = 4;
            if (t->base->is_const || t->as == AS_CONSTANT) a->quals |= WQ_CC_Q_CONST;
            if (t->base->is_volatile) a->quals |= WQ_CC_Q_VOLATILE;
            const cc_type_t *b = t->base;
            const char *bn = b->kind == TY_STRUCT ? cc_fmt(w->c, "%s %s", b->is_union ? "union" : "struct", b->name ? b->name : "")
                                                  : (cc_unqual((cc_type_t *)b)->name ? cc_unqual((cc_type_t *)b)->name : "void");
            if (b->kind == TY_PTR) bn = "void*";
            snprintf(a->type_name, sizeof a->type_name, "%s*", bn);
        } else {
            a->kind = WQ_CC_ARG_SCALAR;
            a->size = (uint32_t)t->size;
            snprintf(a->type_name, sizeof a->type_name, "%s", cc_unqual((cc_type_t *)t)->name);
        }
        if (!al) al = a->size;                  /* natural alignment, as OpenCL C lays out */
        off = (off + al - 1) / al * al;
        a->offset = off;
        off += a->size;
    }
    const uint32_t pa = 4u * WQ_KPARAM_ALIGN_WORDS;         /* the kernel ABI's padding (kabi.def) */
    info->param_bytes = (off + pa - 1) & ~(pa - 1);
}

void cc_lower_kernel(cc_t *c, cc_func_t *k, cc_kout_t *out)
{
    memset(out, 0, sizeof *out);
    out->fn = k;
    lw_t w = { .c = c, .k = out, .code = &out->code, .kernel = k, .tok = k->tok,
               .yield = c->opts ? c->opts->yield : WQ_CC_YIELD_LOOPS,
               .inl = c->opts ? c->opts->inline_mode : WQ_CC_INLINE_AUTO };
    wq_cc_kernel_t *info = &out->info;
    snprintf(info->name, sizeof info->name, "%s", k->name);
    if (strlen(k->name) > WQ_CC_NAME_MAX) cc_error_tok(c, k->tok, "kernel name longer than %d characters", WQ_CC_NAME_MAX);
    memcpy(info->reqd_wg, k->reqd_wg, sizeof info->reqd_wg);
    memcpy(info->hint_wg, k->hint_wg, sizeof info->hint_wg);
    snprintf(info->vec_hint, sizeof info->vec_hint, "%s", k->vec_hint ? k->vec_hint : "");
    info->local_bytes = (k->local_bytes + 15) & ~15u;
    arg_layout(&w, k, info);
    /* the __local block's base and each __local argument's block must be
     * aligned to the largest alignment of what they hold (the runtime's
     * rounding, launch.c): the kernel's own __local variables (parse.c
     * aligns their offsets in the block) and the arguments' pointee types */
    for (cc_var_t *v = k->locals; v; v = v->next)
        if (v->in_memory && v->as == AS_LOCAL && (uint32_t)v->ty->align > info->local_align)
            info->local_align = (uint32_t)v->ty->align;
    for (int i = 0; i < k->nparams; i++)
        if (info->args[i].kind == WQ_CC_ARG_LOCAL && (uint32_t)k->params[i]->ty->base->align > info->local_align)
            info->local_align = (uint32_t)k->params[i]->ty->base->align;
    for (cc_var_t *v = k->locals; v; v = v->next) if (!v->in_memory) v->vreg = var_reg(&w, v->ty);
    k->visiting = 1;
    no_recursion(&w, k->body);
    k->visiting = 0;
    /* prologue: the parameter buffer, the arguments, the __local block;
     * the frame base goes right after the first when it is needed */
    w.param = s2r(&w, WQ_SR_PARAM);
    w.code->param = w.param;
    w.code->prologue_end = w.code->n;
    place_locals(&w, k);
    /* the group's block is S2R LOCAL (the descriptor's LOCAL_BASE + CTAFLAT
     * x LOCAL_SIZE); a __local argument holds its address in group 0's
     * block (word P_LOCAL), so it moves by the difference */
    int local_args = 0;
    for (int i = 0; i < k->nparams; i++) if (info->args[i].kind == WQ_CC_ARG_LOCAL) local_args = 1;
    if (k->local_bytes > 0 || local_args) w.local_base = s2r(&w, WQ_SR_LOCAL);
    if (local_args) w.lstride_off = op_rr(&w, WQ_OP_SUB, w.local_base, param_word(&w, P_LOCAL));
    for (int i = 0; i < k->nparams; i++) {
        cc_var_t *v = k->params[i];
        wq_cc_arg_t *a = &info->args[i];
        int val;
        if (is_agg(v->ty)) {
            /* the argument's bytes into the kernel's own copy (it may write it) */
            copy_obj(&w, frame_base(&w), v->offset, w.param, a->offset, v->ty);
            continue;
        }
        if (is_vec(v->ty)) {
            val = vec_load(&w, (addr_t){ w.param, a->offset }, v->ty);
        } else if (a->size == 4) {
            val = param_word(&w, a->offset);
        } else if (a->size == 8) {
            int lo = param_word(&w, a->offset);
            val = pair_of(&w, lo, param_word(&w, a->offset + 4));
        } else {
            int word = param_word(&w, a->offset & ~3u);
            val = normalize(&w, op_ri(&w, WQ_OP_SHR, word, (a->offset & 3u) * 8), v->ty);
        }
        if (a->kind == WQ_CC_ARG_LOCAL) val = op_rr(&w, WQ_OP_ADD, val, w.lstride_off);
        bind_param(&w, v, val);
    }
    init_globals(&w, k);
    w.tok = k->tok;
    k->visiting = 1;
    gen_stmt(&w, k->body);
    k->visiting = 0;
    w.tok = k->body ? k->body->tok : k->tok;
    plain(&w, WQ_OP_EXIT, 0, 0);
    /* the called functions, each once; lowering one may add others */
    for (int i = 0; i < w.code->ncallees; i++) gen_callee(&w, i);
    w.code->frame_bytes = w.frame_max;
    info->private_align = w.frame_align;
    /* the yield policy the kernel runs with: every YIELD fires */
    (void)w.yields;
}
