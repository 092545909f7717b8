/* parse.c -- tokens to a typed AST: declarations, statements, expressions.
 *
 * Recursive descent over OpenCL C's grammar.  Every expression node gets its
 * type here (the usual arithmetic conversions become explicit ND_CAST
 * nodes, pointer arithmetic is scaled, arrays decay), so the later stages
 * never reason about C's conversion rules.  Constant sub-expressions are
 * folded as they are built.  What the device cannot do (floating point
 * without an FPU, images, recursion) is refused here with a precise message. */
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"

typedef struct scope_ent {
    struct scope_ent *next;
    const char *name;
    cc_var_t *var;
    cc_type_t *tdef;                /* typedef                                */
    cc_type_t *tag;                 /* struct/union/enum tag                   */
    int is_enum;
    int64_t enum_val;
} scope_ent_t;

typedef struct scope { struct scope *up; scope_ent_t *ents; } scope_t;

/* the functions a unit declared (docs/compiler.md "Linking") */
typedef struct fdecl { cc_func_t *f; struct fdecl *next; } fdecl_t;

typedef struct {
    cc_t *c;
    cc_tok_t *tok;
    scope_t *scope;
    cc_prog_t *prog;
    cc_func_t *fn;                  /* the function being parsed              */
    int loop_depth, switch_depth;
    int nest;                       /* recursion depth: bounded (MAX_NEST)    */
    cc_node_t *cur_switch;
    int in_stmt_expr;               /* inside ({ ... }): no jump may leave it  */
    int unit;                       /* the translation unit being parsed      */
    fdecl_t *decls;                 /* the functions it declared              */
    int nprintf;                    /* printf calls so far: their hidden names */
} ps_t;

/* how deeply expressions, statements and declarators may nest: the parser
 * recurses, and a bound keeps hostile input ((((((... from overflowing
 * the stack; real kernels stay far below */
#define MAX_NEST 512

static void nest_in(ps_t *p)
{
    if (++p->nest > MAX_NEST)
        cc_error_tok(p->c, p->tok, "nested too deeply (more than %d levels)", MAX_NEST);
}

/* fn(p), one level deeper */
static cc_node_t *nested(ps_t *p, cc_node_t *(*fn)(ps_t *))
{
    nest_in(p);
    cc_node_t *n = fn(p);
    p->nest--;
    return n;
}

typedef struct {
    int is_typedef, is_static, is_inline, is_kernel;
    const cc_tok_t *is_extern;      /* 'extern': a file-scope function declaration */
    cc_as_t as;
    int has_as;
    uint32_t reqd_wg[3];
    uint32_t hint_wg[3];            /* work_group_size_hint                   */
    const char *vec_hint;           /* vec_type_hint's type, by name          */
} attr_t;

static cc_node_t *expr(ps_t *p);
static cc_node_t *assign(ps_t *p);
static cc_node_t *stmt(ps_t *p);
static cc_node_t *compound(ps_t *p);
static cc_type_t *declspec(ps_t *p, attr_t *at);
static cc_type_t *typename_(ps_t *p);
static cc_type_t *declarator(ps_t *p, cc_type_t *ty, cc_tok_t **name);
static int64_t const_expr(ps_t *p);
static cc_node_t *cast_expr(ps_t *p);
static cc_node_t *unary(ps_t *p);
/* vectors (the section before the built-in functions) */
static cc_node_t *vec_binary(ps_t *p, cc_nk_t k, cc_node_t *a, cc_node_t *b, const cc_tok_t *t);
static cc_node_t *vec_convert(ps_t *p, cc_node_t *e, cc_type_t *to, const cc_tok_t *t, const char *what);
static void check_swizzle_assignable(ps_t *p, cc_node_t *lhs, const cc_tok_t *t);

/* ---- tokens ----------------------------------------------------------------------- */
static int is(ps_t *p, const char *s) { return cc_tok_is(p->tok, s); }
static int consume(ps_t *p, const char *s)
{
    if (!is(p, s)) return 0;
    p->tok = p->tok->next;
    return 1;
}
static void skip(ps_t *p, const char *s)
{
    if (!consume(p, s)) {
        if (p->tok->kind == TK_EOF) cc_error_tok(p->c, p->tok, "expected '%s' at end of input", s);
        cc_error_tok(p->c, p->tok, "expected '%s' before '%.*s'", s, p->tok->len, p->tok->loc);
    }
}

/* ---- scopes ----------------------------------------------------------------------- */
static void enter(ps_t *p)
{
    scope_t *s = cc_alloc(p->c, sizeof *s);
    s->up = p->scope;
    p->scope = s;
}
static void leave(ps_t *p) { p->scope = p->scope->up; }

static scope_ent_t *push_ent(ps_t *p, const char *name)
{
    scope_ent_t *e = cc_alloc(p->c, sizeof *e);
    e->name = name;
    e->next = p->scope->ents;
    p->scope->ents = e;
    return e;
}

static scope_ent_t *lookup(ps_t *p, const cc_tok_t *t, int tags)
{
    for (scope_t *s = p->scope; s; s = s->up)
        for (scope_ent_t *e = s->ents; e; e = e->next)
            if ((tags ? e->tag != NULL : e->tag == NULL) && (int)strlen(e->name) == t->len &&
                !memcmp(e->name, t->loc, (size_t)t->len))
                return e;
    return NULL;
}

static scope_ent_t *in_this_scope(ps_t *p, const char *name)
{
    for (scope_ent_t *e = p->scope->ents; e; e = e->next)
        if (!e->tag && !strcmp(e->name, name)) return e;
    return NULL;
}

/* a function this unit declared: a unit sees its own declarations only
 * (the functions that are not static are joined by name, function()) */
static cc_func_t *find_func(ps_t *p, const cc_tok_t *t)
{
    for (fdecl_t *d = p->decls; d; d = d->next)
        if ((int)strlen(d->f->name) == t->len && !memcmp(d->f->name, t->loc, (size_t)t->len)) return d->f;
    return NULL;
}

/* ---- nodes ------------------------------------------------------------------------- */
static cc_node_t *new_node(ps_t *p, cc_nk_t k, const cc_tok_t *t) { return cc_new_node(p->c, k, t); }

static cc_node_t *new_num(ps_t *p, int64_t v, cc_type_t *ty, const cc_tok_t *t)
{
    cc_node_t *n = new_node(p, ND_NUM, t);
    n->ty = ty;
    /* a constant holds its value converted to its type */
    switch (ty->size) {
    case 1: v = ty->is_unsigned ? (int64_t)(uint8_t)v : (int64_t)(int8_t)v; break;
    case 2: v = ty->is_unsigned ? (int64_t)(uint16_t)v : (int64_t)(int16_t)v; break;
    case 4: v = ty->is_unsigned ? (int64_t)(uint32_t)v : (int64_t)(int32_t)v; break;
    default: break;
    }
    if (ty->kind == TY_BOOL) v = v != 0;
    n->val = v;
    return n;
}

/* a constant's conversion to or from float: exact (float.c), the
 * float -> integer direction what F2I.rtz / F2U.rtz give at run time */
static cc_node_t *float_const_cast(ps_t *p, cc_node_t *e, cc_type_t *ty)
{
    if (cc_is_float(e->ty) && cc_is_float(ty)) return e;
    if (cc_is_float(ty))
        return new_num(p, (int64_t)cc_f32_from_int((uint64_t)e->val, !e->ty->is_unsigned), ty, e->tok);
    uint32_t f = (uint32_t)e->val;
    if (ty->kind == TY_BOOL) return new_num(p, (f & 0x7FFFFFFFu) != 0, ty, e->tok);
    return new_num(p, (int64_t)cc_f32_to_int(f, ty->size == 8 ? 64 : 32, !ty->is_unsigned), ty, e->tok);
}

static int is_long_ty(const cc_type_t *t) { return t->kind == TY_LONG || t->kind == TY_ULONG; }

static cc_node_t *new_cast(ps_t *p, cc_node_t *e, cc_type_t *ty)
{
    if (e->ty == ty) return e;
    if ((cc_is_float(ty) || cc_is_float(e->ty)) && e->ty->kind != TY_PTR && ty->kind != TY_PTR) {
        if (e->kind == ND_NUM) return float_const_cast(p, e, ty);
    }
    if (e->kind == ND_NUM && cc_is_scalar(ty)) return new_num(p, e->val, ty, e->tok);
    cc_node_t *n = new_node(p, ND_CAST, e->tok);
    n->lhs = e;
    n->ty = ty;
    return n;
}

/* arrays decay to a pointer to their first element */
static cc_node_t *decay(ps_t *p, cc_node_t *e)
{
    if (e->ty && e->ty->kind == TY_ARRAY) {
        cc_node_t *n = new_node(p, ND_ADDR, e->tok);
        n->lhs = e;
        cc_as_t as = AS_PRIVATE;
        if (e->kind == ND_VAR) as = e->var->as;
        else if (e->kind == ND_DEREF) as = e->lhs->ty->as;
        else if (e->kind == ND_MEMBER) as = e->lhs->ty->kind == TY_PTR ? e->lhs->ty->as : AS_PRIVATE;
        n->ty = cc_pointer_to(p->c, e->ty->base, as);
        return n;
    }
    if (e->ty && e->ty->kind == TY_FUNC) cc_error_tok(p->c, e->tok, "a function is not a value");
    return e;
}

static cc_node_t *rvalue(ps_t *p, cc_node_t *e)
{
    e = decay(p, e);
    if (e->ty->kind == TY_STRUCT)
        cc_error_tok(p->c, e->tok, "a struct or union value cannot be used here (use its members or a pointer)");
    if (e->ty->kind == TY_VOID) cc_error_tok(p->c, e->tok, "a void value cannot be used here");
    return e;
}

static int is_lvalue(const cc_node_t *e)
{
    return e->kind == ND_VAR || e->kind == ND_DEREF || e->kind == ND_MEMBER;
}

static cc_type_t *arith(ps_t *p, cc_node_t **a, cc_node_t **b)
{
    cc_type_t *t = cc_common((*a)->ty, (*b)->ty);
    *a = new_cast(p, *a, t);
    *b = new_cast(p, *b, t);
    return t;
}

static int64_t fold(cc_nk_t k, int64_t a, int64_t b, cc_type_t *t, int *ok)
{
    int u = t->is_unsigned;
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    unsigned bits = (unsigned)t->size * 8;
    uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    *ok = 1;
    switch (k) {
    case ND_ADD: return (int64_t)(ua + ub);
    case ND_SUB: return (int64_t)(ua - ub);
    case ND_MUL: return (int64_t)(ua * ub);
    case ND_DIV:
    case ND_MOD:
        if (b == 0) { *ok = 0; return 0; }
        if (u) return (int64_t)(k == ND_DIV ? (ua & mask) / (ub & mask) : (ua & mask) % (ub & mask));
        if (b == -1) return k == ND_DIV ? (int64_t)(0 - ua) : 0;
        return k == ND_DIV ? a / b : a % b;
    case ND_SHL: return (int64_t)(ua << (ub & (bits - 1)));
    case ND_SHR: return u ? (int64_t)((ua & mask) >> (ub & (bits - 1))) : a >> (ub & (bits - 1));
    case ND_AND: return a & b;
    case ND_OR: return a | b;
    case ND_XOR: return a ^ b;
    default: *ok = 0; return 0;
    }
}

static cc_node_t *new_arith(ps_t *p, cc_nk_t k, cc_node_t *a, cc_node_t *b, const cc_tok_t *t)
{
    a = rvalue(p, a);
    b = rvalue(p, b);
    if (a->ty->kind == TY_VEC || b->ty->kind == TY_VEC) return vec_binary(p, k, a, b, t);
    int fl = cc_is_float(a->ty) || cc_is_float(b->ty);
    if (!cc_is_arith(a->ty) || !cc_is_arith(b->ty) ||
        (fl && k != ND_ADD && k != ND_SUB && k != ND_MUL && k != ND_DIV))
        cc_error_tok(p->c, t, "invalid operands to '%.*s' (%s and %s)", t->len, t->loc,
                     cc_type_name(p->c, a->ty), cc_type_name(p->c, b->ty));
    cc_type_t *ty;
    if (k == ND_SHL || k == ND_SHR) {
        ty = cc_promote(a->ty);
        a = new_cast(p, a, ty);
        b = new_cast(p, b, cc_promote(b->ty));
    } else {
        ty = arith(p, &a, &b);
    }
    /* float arithmetic is not folded: the device rounds it (docs/compiler.md) */
    if (a->kind == ND_NUM && b->kind == ND_NUM && !fl) {
        int ok;
        int64_t v = fold(k, a->val, b->val, ty, &ok);
        if (ok) return new_num(p, v, ty, t);
        cc_error_tok(p->c, t, "division by zero in a constant expression");
    }
    cc_node_t *n = new_node(p, k, t);
    n->lhs = a;
    n->rhs = b;
    n->ty = ty;
    return n;
}

static cc_node_t *new_cmp(ps_t *p, cc_nk_t k, cc_node_t *a, cc_node_t *b, const cc_tok_t *t)
{
    a = rvalue(p, a);
    b = rvalue(p, b);
    if (a->ty->kind == TY_VEC || b->ty->kind == TY_VEC) return vec_binary(p, k, a, b, t);
    if (!cc_is_scalar(a->ty) || !cc_is_scalar(b->ty))
        cc_error_tok(p->c, t, "invalid operands to '%.*s'", t->len, t->loc);
    if (a->ty->kind == TY_PTR || b->ty->kind == TY_PTR) {
        a = new_cast(p, a, &cc_ty_uint);
        b = new_cast(p, b, &cc_ty_uint);
    } else {
        arith(p, &a, &b);
    }
    if (a->kind == ND_NUM && b->kind == ND_NUM && !cc_is_float(a->ty)) {
        int u = a->ty->is_unsigned;
        uint64_t ua = (uint64_t)a->val, ub = (uint64_t)b->val;
        int v = k == ND_EQ ? a->val == b->val : k == ND_NE ? a->val != b->val
              : k == ND_LT ? (u ? ua < ub : a->val < b->val) : (u ? ua <= ub : a->val <= b->val);
        return new_num(p, v, &cc_ty_int, t);
    }
    cc_node_t *n = new_node(p, k, t);
    n->lhs = a;
    n->rhs = b;
    n->ty = &cc_ty_int;
    return n;
}

static cc_node_t *scale(ps_t *p, cc_node_t *i, cc_type_t *elem, const cc_tok_t *t)
{
    if (elem->kind == TY_VOID) cc_error_tok(p->c, t, "arithmetic on a void pointer");
    if (elem->kind == TY_FUNC) cc_error_tok(p->c, t, "arithmetic on a function pointer");
    i = new_cast(p, i, &cc_ty_int);
    if (elem->size == 1) return i;
    return new_arith(p, ND_MUL, i, new_num(p, elem->size, &cc_ty_int, t), t);
}

static cc_node_t *new_add(ps_t *p, cc_node_t *a, cc_node_t *b, const cc_tok_t *t)
{
    a = rvalue(p, a);
    b = rvalue(p, b);
    if (a->ty->kind == TY_VEC || b->ty->kind == TY_VEC) return vec_binary(p, ND_ADD, a, b, t);
    if (cc_is_arith(a->ty) && cc_is_arith(b->ty)) return new_arith(p, ND_ADD, a, b, t);
    if (a->ty->kind == TY_PTR && b->ty->kind == TY_PTR) cc_error_tok(p->c, t, "invalid operands: pointer + pointer");
    if (b->ty->kind == TY_PTR) { cc_node_t *x = a; a = b; b = x; }
    if (!cc_is_integer(b->ty)) cc_error_tok(p->c, t, "invalid operands to '+'");
    cc_node_t *n = new_node(p, ND_ADD, t);
    n->lhs = a;
    n->rhs = scale(p, b, a->ty->base, t);
    n->ty = a->ty;
    return n;
}

static cc_node_t *new_sub(ps_t *p, cc_node_t *a, cc_node_t *b, const cc_tok_t *t)
{
    a = rvalue(p, a);
    b = rvalue(p, b);
    if (a->ty->kind == TY_VEC || b->ty->kind == TY_VEC) return vec_binary(p, ND_SUB, a, b, t);
    if (cc_is_arith(a->ty) && cc_is_arith(b->ty)) return new_arith(p, ND_SUB, a, b, t);
    if (a->ty->kind == TY_PTR && cc_is_integer(b->ty)) {
        cc_node_t *n = new_node(p, ND_SUB, t);
        n->lhs = a;
        n->rhs = scale(p, b, a->ty->base, t);
        n->ty = a->ty;
        return n;
    }
    if (a->ty->kind == TY_PTR && b->ty->kind == TY_PTR) {
        cc_node_t *n = new_node(p, ND_SUB, t);
        n->lhs = new_cast(p, a, &cc_ty_int);
        n->rhs = new_cast(p, b, &cc_ty_int);
        n->ty = &cc_ty_int;
        int sz = a->ty->base->size;
        if (sz <= 1) return n;
        return new_arith(p, ND_DIV, n, new_num(p, sz, &cc_ty_int, t), t);
    }
    cc_error_tok(p->c, t, "invalid operands to '-'");
}

static cc_node_t *new_deref(ps_t *p, cc_node_t *e, const cc_tok_t *t)
{
    e = rvalue(p, e);
    if (e->ty->kind != TY_PTR) cc_error_tok(p->c, t, "indirection requires a pointer (this is %s)", cc_type_name(p->c, e->ty));
    if (e->ty->base->kind == TY_VOID) cc_error_tok(p->c, t, "dereferencing a void pointer");
    cc_node_t *n = new_node(p, ND_DEREF, t);
    n->lhs = e;
    n->ty = e->ty->base;
    return n;
}

/* a struct or union with a const member somewhere inside (C11 6.3.2.1:
 * not a modifiable lvalue as a whole) */
static int const_inside(const cc_type_t *t)
{
    while (t->kind == TY_ARRAY) t = t->base;
    if (t->is_const) return 1;
    if (t->kind == TY_STRUCT)
        for (const cc_member_t *m = t->members; m; m = m->next) if (const_inside(m->ty)) return 1;
    return 0;
}

static void check_assignable(ps_t *p, cc_node_t *lhs, const cc_tok_t *t)
{
    if (lhs->kind == ND_SWIZZLE) { check_swizzle_assignable(p, lhs, t); return; }
    if (!is_lvalue(lhs)) cc_error_tok(p->c, t, "expression is not assignable");
    if (lhs->ty->kind == TY_ARRAY) cc_error_tok(p->c, t, "an array is not assignable");
    if (lhs->ty->is_const) cc_error_tok(p->c, t, "cannot assign to a const-qualified object");
    if (lhs->ty->kind == TY_STRUCT && const_inside(lhs->ty))
        cc_error_tok(p->c, t, "cannot assign to %s: it has a const-qualified member", cc_type_name(p->c, lhs->ty));
    if (lhs->kind == ND_DEREF && lhs->lhs->ty->as == AS_CONSTANT)
        cc_error_tok(p->c, t, "cannot assign to __constant memory");
}

/* two struct or union types are one type: the same declaration (a
 * qualified copy shares its members) */
static int same_agg(const cc_type_t *a, const cc_type_t *b)
{
    return a->kind == TY_STRUCT && b->kind == TY_STRUCT && a->size >= 0 && b->size >= 0 &&
           a->members == b->members && a->is_union == b->is_union;
}

/* a pointer anywhere inside a type (an array's elements, a struct's members) */
static int has_pointer(const cc_type_t *t)
{
    while (t->kind == TY_ARRAY) t = t->base;
    if (t->kind == TY_PTR) return 1;
    if (t->kind == TY_STRUCT)
        for (const cc_member_t *m = t->members; m; m = m->next) if (has_pointer(m->ty)) return 1;
    return 0;
}

/* implicit conversion for assignment, arguments and return */
static cc_node_t *convert(ps_t *p, cc_node_t *e, cc_type_t *to, const cc_tok_t *t, const char *what)
{
    if (to->kind == TY_STRUCT) {
        /* a struct or union value: copied as a whole (lower.c) */
        if (e->ty->kind == TY_STRUCT && same_agg(e->ty, to)) return e;
        cc_error_tok(p->c, t, "%s: cannot convert %s to %s", what, cc_type_name(p->c, decay(p, e)->ty),
                     cc_type_name(p->c, to));
    }
    e = rvalue(p, e);
    if (to->kind == TY_VEC || e->ty->kind == TY_VEC) return vec_convert(p, e, to, t, what);
    if (to->kind == TY_PTR) {
        if (e->ty->kind == TY_PTR) {
            if (e->ty->as != to->as)
                cc_error_tok(p->c, t, "%s: pointer to %saddress space %d cannot become address space %d",
                             what, "", (int)e->ty->as, (int)to->as);
            return new_cast(p, e, to);
        }
        if (e->kind == ND_NUM && e->val == 0 && cc_is_integer(e->ty)) return new_cast(p, e, to);
        cc_error_tok(p->c, t, "%s: an integer cannot become a pointer without a cast", what);
    }
    if (cc_is_float(to) && cc_is_arith(e->ty)) return new_cast(p, e, cc_unqual(to));
    if (cc_is_integer(to)) {
        if (e->ty->kind == TY_PTR && to->kind != TY_BOOL)
            cc_error_tok(p->c, t, "%s: a pointer cannot become an integer without a cast", what);
        return new_cast(p, e, cc_unqual(to));
    }
    cc_error_tok(p->c, t, "%s: cannot convert %s to %s", what, cc_type_name(p->c, e->ty), cc_type_name(p->c, to));
}

/* ---- declarations -------------------------------------------------------------------- */
static int is_typename(ps_t *p)
{
    static const char *const kw[] = {
        "void", "bool", "_Bool", "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
        "unsigned", "signed", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t", "float", "double",
        "half", "struct", "union", "enum", "typedef", "static", "extern", "const", "volatile",
        "restrict", "inline", "__kernel", "kernel", "__global", "global", "__local", "local",
        "__private", "private", "__constant", "constant", "__attribute__", "__inline",
        "__restrict", "__const", "__volatile", "register", "auto", "__read_only", "__write_only",
        "read_only", "write_only", "__typeof__", "__typeof",
    };
    if (p->tok->kind == TK_KEYWORD) {
        for (size_t i = 0; i < sizeof kw / sizeof *kw; i++) if (is(p, kw[i])) return 1;
        return 0;
    }
    if (p->tok->kind == TK_IDENT) {
        scope_ent_t *e = lookup(p, p->tok, 0);
        if (!e) {
            /* a floating-point vector type names a type declspec refuses */
            static const char *const fv[] = { "float", "double", "half" };
            const cc_tok_t *t = p->tok;
            for (size_t i = 0; i < 3; i++) {
                size_t n = strlen(fv[i]);
                if ((size_t)t->len > n && !memcmp(t->loc, fv[i], n) && strspn(t->loc + n, "0123456789") == (size_t)t->len - n)
                    return 1;
            }
        }
        return e && e->tdef;
    }
    return 0;
}

static void attributes(ps_t *p, attr_t *at)
{
    while (is(p, "__attribute__")) {
        const cc_tok_t *t = p->tok;
        p->tok = p->tok->next;
        skip(p, "(");
        skip(p, "(");
        while (!is(p, ")")) {
            if (p->tok->kind != TK_IDENT && p->tok->kind != TK_KEYWORD) cc_error_tok(p->c, p->tok, "expected an attribute name");
            cc_tok_t *name = p->tok;
            p->tok = p->tok->next;
            int hint = cc_tok_is(name, "work_group_size_hint");
            if (hint || cc_tok_is(name, "reqd_work_group_size")) {
                skip(p, "(");
                for (int i = 0; i < 3; i++) {
                    if (i) skip(p, ",");
                    const cc_tok_t *vt = p->tok;
                    int64_t v = const_expr(p);
                    if (v < 1 || v > 65535)
                        cc_error_tok(p->c, vt, "%s must be 1..65535", hint ? "work_group_size_hint" : "reqd_work_group_size");
                    if (at) (hint ? at->hint_wg : at->reqd_wg)[i] = (uint32_t)v;
                }
                skip(p, ")");
            } else if (cc_tok_is(name, "vec_type_hint")) {
                /* OpenCL C 1.2 §6.7.2: a scalar or vector type; clang's words */
                skip(p, "(");
                const cc_tok_t *tt = p->tok;
                cc_type_t *ty = typename_(p);
                if (!cc_is_vec(ty) && !(cc_is_integer(ty) && ty->kind != TY_BOOL))
                    cc_error_tok(p->c, tt, "invalid attribute argument '%s' - expecting a vector or vectorizable scalar type",
                                 cc_type_name(p->c, ty));
                if (at) at->vec_hint = cc_type_name(p->c, ty);
                skip(p, ")");
            } else if (consume(p, "(")) {        /* other attributes: accepted, ignored */
                int depth = 1;
                while (depth) {
                    if (p->tok->kind == TK_EOF) cc_error_tok(p->c, t, "unterminated __attribute__");
                    if (is(p, "(")) depth++;
                    if (is(p, ")")) depth--;
                    p->tok = p->tok->next;
                }
            }
            if (!consume(p, ",")) break;
        }
        skip(p, ")");
        skip(p, ")");
    }
}

static cc_type_t *struct_decl(ps_t *p, int is_union)
{
    cc_tok_t *tag = NULL;
    attributes(p, NULL);
    if (p->tok->kind == TK_IDENT) { tag = p->tok; p->tok = p->tok->next; }
    if (tag && !is(p, "{")) {
        scope_ent_t *e = lookup(p, tag, 1);
        if (e) {
            if (e->is_enum || e->tag->is_union != is_union) cc_error_tok(p->c, tag, "'%.*s' was declared as a different kind of tag", tag->len, tag->loc);
            return e->tag;
        }
        cc_type_t *t = cc_alloc(p->c, sizeof *t);
        t->kind = TY_STRUCT;
        t->is_union = is_union;
        t->size = -1;
        t->align = 1;
        t->name = cc_tok_str(p->c, tag);
        scope_ent_t *ne = push_ent(p, t->name);
        ne->tag = t;
        return t;
    }
    cc_type_t *t = NULL;
    if (tag) {
        for (scope_ent_t *e = p->scope->ents; e; e = e->next)
            if (e->tag && !strcmp(e->name, cc_tok_str(p->c, tag)) && e->tag->size < 0 && !e->is_enum) t = e->tag;
    }
    if (!t) {
        t = cc_alloc(p->c, sizeof *t);
        t->kind = TY_STRUCT;
        t->is_union = is_union;
        t->name = tag ? cc_tok_str(p->c, tag) : NULL;
        if (tag) { scope_ent_t *ne = push_ent(p, t->name); ne->tag = t; }
    }
    skip(p, "{");
    cc_member_t head = {0}, *cur = &head;
    int offset = 0, size = 0, align = 1;
    while (!consume(p, "}")) {
        attr_t at = {0};
        const cc_tok_t *st = p->tok;
        cc_type_t *base = declspec(p, &at);
        if (at.is_typedef || at.is_static) cc_error_tok(p->c, st, "invalid specifier in a struct member");
        if (at.has_as) {
            /* `__global int *p;`: the address space is the pointee's, as
             * in a declaration */
            cc_type_t *b = cc_alloc(p->c, sizeof *b);
            *b = *base;
            b->as = at.as;
            base = b;
        }
        int first = 1;
        while (!consume(p, ";")) {
            if (!first) skip(p, ",");
            first = 0;
            cc_tok_t *name = NULL;
            cc_type_t *mt = declarator(p, base, &name);
            if (!name) cc_error_tok(p->c, p->tok, "expected a member name");
            const cc_type_t *elem = mt;
            while (elem->kind == TY_ARRAY) elem = elem->base;
            if (at.has_as && elem->kind != TY_PTR)
                cc_error_tok(p->c, name, "a struct member cannot be in an address space; only what a pointer "
                             "member points to can");
            if (is(p, ":")) cc_error_tok(p->c, p->tok, "bit-fields are not supported");
            if (mt->size < 0 || mt->kind == TY_VOID || mt->kind == TY_FUNC)
                cc_error_tok(p->c, name, "member '%.*s' has an incomplete type", name->len, name->loc);
            cc_member_t *m = cc_alloc(p->c, sizeof *m);
            m->name = cc_tok_str(p->c, name);
            for (cc_member_t *o = head.next; o; o = o->next)
                if (!strcmp(o->name, m->name)) cc_error_tok(p->c, name, "duplicate member '%s'", m->name);
            m->ty = mt;
            if (is_union) {
                m->offset = 0;
                if (mt->size > size) size = mt->size;
            } else {
                offset = (offset + mt->align - 1) / mt->align * mt->align;
                m->offset = offset;
                offset += mt->size;
                size = offset;
            }
            if (mt->align > align) align = mt->align;
            cur = cur->next = m;
        }
    }
    attributes(p, NULL);
    t->members = head.next;
    t->align = align;
    t->size = (size + align - 1) / align * align;
    if (!t->members) cc_error_tok(p->c, p->tok, "an empty struct or union");
    return t;
}

static cc_type_t *enum_decl(ps_t *p)
{
    cc_tok_t *tag = NULL;
    if (p->tok->kind == TK_IDENT) { tag = p->tok; p->tok = p->tok->next; }
    if (tag && !is(p, "{")) {
        scope_ent_t *e = lookup(p, tag, 1);
        if (!e || !e->is_enum) cc_error_tok(p->c, tag, "unknown enum '%.*s'", tag->len, tag->loc);
        return &cc_ty_int;
    }
    skip(p, "{");
    int64_t v = 0;
    while (!consume(p, "}")) {
        if (p->tok->kind != TK_IDENT) cc_error_tok(p->c, p->tok, "expected an enumerator name");
        cc_tok_t *name = p->tok;
        p->tok = p->tok->next;
        if (consume(p, "=")) v = const_expr(p);
        scope_ent_t *e = push_ent(p, cc_tok_str(p->c, name));
        e->is_enum = 1;
        e->enum_val = v++;
        if (!consume(p, ",")) { skip(p, "}"); break; }
    }
    if (tag) {
        cc_type_t *t = cc_alloc(p->c, sizeof *t);
        *t = cc_ty_int;
        t->name = cc_tok_str(p->c, tag);
        scope_ent_t *e = push_ent(p, t->name);
        e->tag = t;
        e->is_enum = 1;
    }
    return &cc_ty_int;
}

static void unsupported(ps_t *p, const cc_tok_t *t, const char *what) __attribute__((noreturn));
static void unsupported(ps_t *p, const cc_tok_t *t, const char *what)
{
    cc_error_tok(p->c, t, "%s not supported by this device (warpq runs the integer subset of OpenCL C)", what);
}

/* declaration specifiers: type, qualifiers, storage, address space, kernel */
static cc_type_t *declspec(ps_t *p, attr_t *at)
{
    enum { VOID = 1 << 0, BOOL = 1 << 2, CHAR = 1 << 4, SHORT = 1 << 6, INT = 1 << 8,
           LONG = 1 << 10, OTHER = 1 << 12, SIGNED = 1 << 13, UNSIGNED = 1 << 14 };
    int counter = 0, is_const = 0, is_volatile = 0;
    cc_type_t *ty = NULL;
    const cc_tok_t *start = p->tok;
    for (;;) {
        cc_tok_t *t = p->tok;
        if (is(p, "__attribute__")) { attributes(p, at); continue; }
        if (is(p, "typedef") || is(p, "static") || is(p, "extern") || is(p, "inline") ||
            is(p, "__inline") || is(p, "__kernel") || is(p, "kernel") || is(p, "register") || is(p, "auto")) {
            if (!at) cc_error_tok(p->c, t, "storage class not allowed here");
            if (is(p, "typedef")) at->is_typedef = 1;
            else if (is(p, "static")) at->is_static = 1;
            else if (is(p, "extern")) {
                /* a function defined in another unit of a link */
                if (p->fn || p->scope->up)
                    cc_error_tok(p->c, t, "'extern' is supported on file-scope function declarations only");
                at->is_extern = t;
            }
            else if (is(p, "inline") || is(p, "__inline")) at->is_inline = 1;
            else if (is(p, "__kernel") || is(p, "kernel")) at->is_kernel = 1;
            p->tok = t->next;
            continue;
        }
        if (is(p, "const") || is(p, "__const")) { is_const = 1; p->tok = t->next; continue; }
        if (is(p, "volatile") || is(p, "__volatile")) { is_volatile = 1; p->tok = t->next; continue; }
        if (is(p, "restrict") || is(p, "__restrict")) { p->tok = t->next; continue; }
        if (is(p, "__read_only") || is(p, "__write_only") || is(p, "read_only") || is(p, "write_only"))
            unsupported(p, t, "images are");
        if (is(p, "__global") || is(p, "global") || is(p, "__local") || is(p, "local") ||
            is(p, "__private") || is(p, "private") || is(p, "__constant") || is(p, "constant")) {
            if (!at) cc_error_tok(p->c, t, "address space qualifier not allowed here");
            cc_as_t as = (t->loc[t->loc[0] == '_' ? 2 : 0] == 'g') ? AS_GLOBAL
                       : (t->loc[t->loc[0] == '_' ? 2 : 0] == 'l') ? AS_LOCAL
                       : (t->loc[t->loc[0] == '_' ? 2 : 0] == 'c') ? AS_CONSTANT : AS_PRIVATE;
            if (at->has_as && at->as != as) cc_error_tok(p->c, t, "conflicting address space qualifiers");
            at->as = as;
            at->has_as = 1;
            p->tok = t->next;
            continue;
        }
        if (is(p, "double") || is(p, "half"))
            cc_error_tok(p->c, t, "%.*s is not supported by this device (no cl_khr_fp%s)", t->len, t->loc,
                         is(p, "double") ? "64" : "16");
        if (is(p, "float")) {
            cc_need_fp(p->c, t, "floating-point types are");
            if (counter) break;
            p->tok = t->next;
            ty = &cc_ty_float;
            counter |= OTHER;
            continue;
        }
        if (t->kind == TK_IDENT && (cc_tok_is(t, "image2d_t") || cc_tok_is(t, "image3d_t") ||
                                    cc_tok_is(t, "image1d_t") || cc_tok_is(t, "sampler_t")))
            unsupported(p, t, cc_fmt(p->c, "%.*s is", t->len, t->loc));
        if (t->kind == TK_IDENT && t->len > 2) {
            /* vector types: int4, uchar16, ... */
            static const char *const vb[] = { "char", "uchar", "short", "ushort", "int", "uint",
                                              "long", "ulong", "float", "double", "half", "bool" };
            for (size_t i = 0; i < sizeof vb / sizeof *vb; i++) {
                size_t n = strlen(vb[i]);
                if ((size_t)t->len > n && !memcmp(t->loc, vb[i], n) &&
                    strspn(t->loc + n, "0123456789") == (size_t)t->len - n && !lookup(p, t, 0))
                    unsupported(p, t, cc_fmt(p->c, "vector types (%.*s) are", t->len, t->loc));
            }
        }
        if (t->kind == TK_IDENT && !ty && !counter) {
            scope_ent_t *e = lookup(p, t, 0);
            if (e && e->tdef) {
                if (e->tdef->kind == TY_VEC && cc_is_float(e->tdef->base))
                    cc_need_fp(p->c, t, "floating-point types are");
                ty = e->tdef; counter |= OTHER; p->tok = t->next; continue;
            }
        }
        if (is(p, "struct") || is(p, "union")) {
            if (counter) break;
            p->tok = t->next;
            ty = struct_decl(p, cc_tok_is(t, "union"));
            counter |= OTHER;
            continue;
        }
        if (is(p, "enum")) {
            if (counter) break;
            p->tok = t->next;
            ty = enum_decl(p);
            counter |= OTHER;
            continue;
        }
        if (is(p, "__typeof__") || is(p, "__typeof")) {
            /* GNU __typeof__ (clang accepts it in OpenCL C): the type of a
             * type name or of an expression, which is not evaluated (as
             * sizeof's); qualifiers come with it */
            if (counter) break;
            p->tok = t->next;
            skip(p, "(");
            ty = is_typename(p) ? typename_(p) : expr(p)->ty;
            skip(p, ")");
            counter |= OTHER;
            continue;
        }
        int add = 0;
        if (is(p, "void")) add = VOID;
        else if (is(p, "bool") || is(p, "_Bool")) add = BOOL;
        else if (is(p, "char")) add = CHAR;
        else if (is(p, "short")) add = SHORT;
        else if (is(p, "int")) add = INT;
        else if (is(p, "long")) add = LONG;
        else if (is(p, "signed")) add = SIGNED;
        else if (is(p, "unsigned")) add = UNSIGNED;
        else if (is(p, "uchar")) add = UNSIGNED + CHAR;
        else if (is(p, "ushort")) add = UNSIGNED + SHORT;
        else if (is(p, "uint") || is(p, "size_t") || is(p, "uintptr_t")) add = UNSIGNED + INT;
        else if (is(p, "ptrdiff_t") || is(p, "intptr_t")) add = INT;
        else if (is(p, "ulong")) add = UNSIGNED + LONG;
        else break;
        if (counter & OTHER) cc_error_tok(p->c, t, "invalid combination of type specifiers");
        counter += add;
        p->tok = t->next;
        switch (counter) {
        case VOID: ty = &cc_ty_void; break;
        case BOOL: ty = &cc_ty_bool; break;
        case CHAR: case SIGNED + CHAR: ty = &cc_ty_char; break;
        case UNSIGNED + CHAR: ty = &cc_ty_uchar; break;
        case SHORT: case SHORT + INT: case SIGNED + SHORT: case SIGNED + SHORT + INT: ty = &cc_ty_short; break;
        case UNSIGNED + SHORT: case UNSIGNED + SHORT + INT: ty = &cc_ty_ushort; break;
        case INT: case SIGNED: case SIGNED + INT: ty = &cc_ty_int; break;
        case UNSIGNED: case UNSIGNED + INT: ty = &cc_ty_uint; break;
        case LONG: case LONG + INT: case SIGNED + LONG: case SIGNED + LONG + INT:
        case LONG + LONG: case LONG + LONG + INT: ty = &cc_ty_long; break;
        case UNSIGNED + LONG: case UNSIGNED + LONG + INT: case UNSIGNED + LONG + LONG: ty = &cc_ty_ulong; break;
        default: cc_error_tok(p->c, t, "invalid combination of type specifiers");
        }
    }
    if (!ty) {
        if (p->tok->kind == TK_IDENT) cc_error_tok(p->c, p->tok, "unknown type name '%.*s'", p->tok->len, p->tok->loc);
        cc_error_tok(p->c, start, "expected a type");
    }
    return cc_qualified(p->c, ty, is_const, is_volatile);
}

static cc_type_t *declarator(ps_t *p, cc_type_t *ty, cc_tok_t **name);

static cc_type_t *array_dims(ps_t *p, cc_type_t *ty)
{
    if (!consume(p, "[")) return ty;
    const cc_tok_t *t = p->tok;
    int64_t n = -1;
    if (!is(p, "]")) {
        n = const_expr(p);
        if (n <= 0 || n > (1 << 24)) cc_error_tok(p->c, t, "array size must be 1..16777216");
    }
    skip(p, "]");
    ty = array_dims(p, ty);
    if (ty->size < 0) cc_error_tok(p->c, t, "array of an incomplete type");
    cc_type_t *a = cc_array_of(p->c, ty, (int)(n < 0 ? 0 : n));
    if (n < 0) a->size = -1;
    return a;
}

/* pointer qualifiers carry address spaces: `__global int *__private p` */
static cc_type_t *declarator_(ps_t *p, cc_type_t *ty, cc_tok_t **name)
{
    while (consume(p, "*")) {
        int is_const = 0, is_volatile = 0;
        ty = cc_pointer_to(p->c, ty, ty->as);
        for (;;) {
            if (consume(p, "const") || consume(p, "__const")) is_const = 1;
            else if (consume(p, "volatile") || consume(p, "__volatile")) is_volatile = 1;
            else if (consume(p, "restrict") || consume(p, "__restrict")) {}
            else if (is(p, "__attribute__")) attributes(p, NULL);
            else break;
        }
        ty = cc_qualified(p->c, ty, is_const, is_volatile);
    }
    if (consume(p, "(")) {
        if (is(p, "*")) cc_error_tok(p->c, p->tok, "function pointers are not supported by OpenCL C");
        cc_tok_t *inner = NULL;
        cc_type_t *t = declarator(p, ty, &inner);
        skip(p, ")");
        *name = inner;
        return array_dims(p, t);
    }
    *name = NULL;
    if (p->tok->kind == TK_IDENT) { *name = p->tok; p->tok = p->tok->next; }
    return array_dims(p, ty);
}

static cc_type_t *declarator(ps_t *p, cc_type_t *ty, cc_tok_t **name)
{
    nest_in(p);
    cc_type_t *t = declarator_(p, ty, name);
    p->nest--;
    return t;
}

/* a type name in a cast or sizeof */
static cc_type_t *typename_(ps_t *p)
{
    attr_t at = {0};
    const cc_tok_t *t = p->tok;
    cc_type_t *ty = declspec(p, &at);
    if (at.is_typedef || at.is_static || at.is_kernel) cc_error_tok(p->c, t, "storage class in a type name");
    cc_type_t *base = ty;
    /* a copy with the address space: ty may be a built-in type, shared by
     * every compilation (writing its `as` would leak into the next one) */
    if (at.has_as) {
        base = cc_alloc(p->c, sizeof *base);
        *base = *ty;
        base->as = at.as;
    }
    cc_tok_t *name = NULL;
    cc_type_t *r = declarator(p, base, &name);
    if (name) cc_error_tok(p->c, name, "unexpected name in a type name");
    return r;
}

/* ---- expressions ------------------------------------------------------------------------ */
static cc_node_t *new_var_node(ps_t *p, cc_var_t *v, const cc_tok_t *t)
{
    cc_node_t *n = new_node(p, ND_VAR, t);
    n->var = v;
    n->ty = v->ty;
    return n;
}

typedef struct { const char *name; cc_bi_t bi; int nargs; } bi_ent_t;
static const bi_ent_t builtins[] = {
    { "get_global_id", BI_GLOBAL_ID, 1 }, { "get_local_id", BI_LOCAL_ID, 1 },
    { "get_group_id", BI_GROUP_ID, 1 }, { "get_global_size", BI_GLOBAL_SIZE, 1 },
    { "get_local_size", BI_LOCAL_SIZE, 1 }, { "get_num_groups", BI_NUM_GROUPS, 1 },
    { "get_work_dim", BI_WORK_DIM, 0 }, { "get_global_offset", BI_GLOBAL_OFFSET, 1 },
    { "barrier", BI_BARRIER, 1 }, { "mem_fence", BI_MEM_FENCE, 1 },
    { "read_mem_fence", BI_MEM_FENCE, 1 }, { "write_mem_fence", BI_MEM_FENCE, 1 },
    { "yield", BI_YIELD, 0 }, { "prefetch", BI_PREFETCH, 2 },
    { "min", BI_MIN, 2 }, { "max", BI_MAX, 2 }, { "abs", BI_ABS, 1 }, { "abs_diff", BI_ABS_DIFF, 2 },
    { "clamp", BI_CLAMP, 3 }, { "mad24", BI_MAD24, 3 }, { "mul24", BI_MUL24, 2 },
    { "mul_hi", BI_MUL_HI, 2 }, { "mad_hi", BI_MAD_HI, 3 }, { "rotate", BI_ROTATE, 2 },
    { "popcount", BI_POPCOUNT, 1 }, { "clz", BI_CLZ, 1 }, { "ctz", BI_CTZ, 1 }, { "hadd", BI_HADD, 2 },
    { "rhadd", BI_RHADD, 2 }, { "select", BI_SELECT, 3 }, { "add_sat", BI_ADD_SAT, 2 },
    { "sub_sat", BI_SUB_SAT, 2 }, { "mad_sat", BI_MAD_SAT, 3 }, { "upsample", BI_UPSAMPLE, 2 },
    { "wq_enqueue_done", BI_WQ_DONE, 0 }, { "wq_enqueue_finish", BI_WQ_FINISH, 0 },
};

/* wq_enqueue(kernel, [arg0, [arg1, [arg2]]]) and wq_enqueue_nd(kernel,
 * global_size, local_size, [arg0, ...]): the warpq extension for nested work
 * (docs/compiler.md "Nested work"); the kernel is named, the sizes are
 * 32-bit integers, the arguments 32-bit integers or pointers */
static cc_node_t *enqueue_call(ps_t *p, const cc_tok_t *name, int nd)
{
    const char *what = nd ? "wq_enqueue_nd" : "wq_enqueue";
    p->tok = p->tok->next;          /* '(' */
    const cc_tok_t *kt = p->tok;
    cc_func_t *k = kt->kind == TK_IDENT ? find_func(p, kt) : NULL;
    if (!k || !k->is_kernel)
        cc_error_tok(p->c, kt, "the first argument of '%s' must name a __kernel of the program", what);
    p->tok = p->tok->next;
    cc_node_t *n = new_node(p, ND_BUILTIN, name);
    n->bi = nd ? BI_WQ_ENQUEUE_ND : BI_WQ_ENQUEUE;
    n->func = k;
    k->enqueued = 1;
    n->ty = &cc_ty_int;
    int nsize = nd ? 2 : 0, i = 0;
    cc_node_t head = {0}, *cur = &head;
    while (!consume(p, ")")) {
        skip(p, ",");
        cc_node_t *a = rvalue(p, assign(p));
        if (i < nsize) {
            if (!(cc_is_integer(a->ty) && a->ty->size <= 4))
                cc_error_tok(p->c, a->tok, "the %s size of 'wq_enqueue_nd' must be a 32-bit integer",
                             i ? "local" : "global");
        } else {
            if (i - nsize == 3) cc_error_tok(p->c, a->tok, "'%s' passes at most 3 arguments to the child", what);
            if (!(cc_is_integer(a->ty) && a->ty->size <= 4) &&
                !(a->ty->kind == TY_PTR && (a->ty->as == AS_GLOBAL || a->ty->as == AS_CONSTANT)))
                cc_error_tok(p->c, a->tok, "a '%s' argument must be a 32-bit integer or a __global pointer", what);
        }
        cur = cur->next = new_cast(p, a, &cc_ty_uint);
        i++;
    }
    if (i < nsize)
        cc_error_tok(p->c, name, "'wq_enqueue_nd' takes a kernel, a global size and a local size, then "
                     "up to 3 arguments");
    n->nargs = i;
    n->args = head.next;
    return n;
}

static const struct { const char *name; cc_atop_t op; int nargs; } atomics[] = {
    { "add", AT_ADD, 2 }, { "sub", AT_SUB, 2 }, { "xchg", AT_XCHG, 2 },
    { "cmpxchg", AT_CMPXCHG, 3 }, { "min", AT_MIN, 2 }, { "max", AT_MAX, 2 },
    { "and", AT_AND, 2 }, { "or", AT_OR, 2 }, { "xor", AT_XOR, 2 }, { "inc", AT_INC, 1 },
    { "dec", AT_DEC, 1 },
};

static cc_node_t *call_args(ps_t *p, int *nargs)
{
    cc_node_t head = {0}, *cur = &head;
    int n = 0;
    while (!consume(p, ")")) {
        if (n) skip(p, ",");
        cur = cur->next = assign(p);
        n++;
    }
    *nargs = n;
    return head.next;
}

/* ---- vectors (OpenCL C 6.1.2, 6.3; docs/compiler.md "Vector types") ---------------------- */
/* A component-wise operation is an ND_VMAP: its operands (vectors of one
 * width, or scalars used by every component) and a scalar template built by
 * the scalar rules above over ND_LANE stand-ins for one component of each
 * operand; lower.c evaluates the operands once and the template per
 * component.  Vector arithmetic does not promote: a char4 sum is a char4. */
static int same_vec(const cc_type_t *a, const cc_type_t *b)
{
    return a->kind == TY_VEC && b->kind == TY_VEC && a->len == b->len && a->base->kind == b->base->kind;
}

static cc_node_t *lane(ps_t *p, int k, cc_type_t *ty, const cc_tok_t *t)
{
    cc_node_t *n = new_node(p, ND_LANE, t);
    n->val = k;
    n->ty = cc_unqual(ty);
    return n;
}

/* the signed integer type of t's size: a comparison's component type */
static cc_type_t *signed_of(const cc_type_t *t)
{
    static cc_type_t *const st[] = { [1] = &cc_ty_char, [2] = &cc_ty_short, [4] = &cc_ty_int, [8] = &cc_ty_long };
    return st[t->size];
}

static cc_node_t *vmap(ps_t *p, cc_type_t *ty, cc_node_t *tmpl, const cc_tok_t *t, cc_node_t *ops, int nops)
{
    cc_node_t *n = new_node(p, ND_VMAP, t);
    n->ty = ty;
    n->then = tmpl;
    n->args = ops;
    n->nargs = nops;
    return n;
}

/* a scalar as every component of vector type vt: an integer, or for a
 * float vector an integer or float (converted to float) */
static int splattable(const cc_type_t *e, const cc_type_t *vt)
{
    return cc_is_integer(e) || (cc_is_float(e) && cc_is_float(vt->base));
}

static cc_node_t *splat(ps_t *p, cc_node_t *e, cc_type_t *vt, const cc_tok_t *t, const char *what)
{
    if (!splattable(e->ty, vt))
        cc_error_tok(p->c, t, "%s: cannot convert %s to %s", what, cc_type_name(p->c, e->ty), cc_type_name(p->c, vt));
    cc_node_t *n = new_node(p, ND_VLIT, e->tok);
    n->ty = vt;
    n->args = new_cast(p, e, vt->base);
    n->nargs = 1;
    return n;
}

/* the operands of a binary operator with a vector among them: both vectors
 * of one type, or a scalar that becomes one */
static cc_type_t *vec_operands(ps_t *p, cc_node_t **a, cc_node_t **b, const cc_tok_t *t)
{
    cc_type_t *at = (*a)->ty, *bt = (*b)->ty;
    if (at->kind == TY_VEC && bt->kind == TY_VEC) {
        if (!same_vec(at, bt))
            cc_error_tok(p->c, t, "invalid operands to '%.*s': %s and %s are different vector types",
                         t->len, t->loc, cc_type_name(p->c, at), cc_type_name(p->c, bt));
        return cc_unqual(at);
    }
    cc_type_t *vt = at->kind == TY_VEC ? at : bt;
    cc_node_t **s = at->kind == TY_VEC ? b : a;
    if (!splattable((*s)->ty, vt))
        cc_error_tok(p->c, t, "invalid operands to '%.*s' (%s and %s)", t->len, t->loc,
                     cc_type_name(p->c, at), cc_type_name(p->c, bt));
    *s = splat(p, *s, vt, t, "operand");
    return vt;
}

/* one component of `a k b` on components of type et, as the vector's type
 * (or, comparisons, 0 / -1 of the signed type of et's size); shift counts
 * are taken modulo the component's width (OpenCL C 6.3 j) */
static cc_node_t *lane_op(ps_t *p, cc_nk_t k, cc_type_t *et, cc_type_t *bt, const cc_tok_t *t)
{
    cc_node_t *a = lane(p, 0, et, t), *b = lane(p, 1, bt, t);
    switch (k) {
    case ND_EQ: case ND_NE: case ND_LT: case ND_LE:
        return new_cast(p, new_arith(p, ND_SUB, new_num(p, 0, &cc_ty_int, t), new_cmp(p, k, a, b, t), t), signed_of(et));
    case ND_LOGAND: case ND_LOGOR: {
        cc_node_t *za = new_cmp(p, ND_NE, a, new_num(p, 0, &cc_ty_int, t), t);
        cc_node_t *zb = new_cmp(p, ND_NE, b, new_num(p, 0, &cc_ty_int, t), t);
        cc_node_t *r = new_arith(p, k == ND_LOGAND ? ND_AND : ND_OR, za, zb, t);
        return new_cast(p, new_arith(p, ND_SUB, new_num(p, 0, &cc_ty_int, t), r, t), signed_of(et));
    }
    case ND_SHL: case ND_SHR:
        b = new_arith(p, ND_AND, b, new_num(p, et->size * 8 - 1, &cc_ty_int, t), t);
        /* fall through */
    default:
        return new_cast(p, new_arith(p, k, a, b, t), et);
    }
}

/* m is a float vector product built by vec_binary (its template a lane
 * product, its operands the factors) */
static int vec_fmul(const cc_node_t *m)
{
    if (m->kind != ND_VMAP || m->nargs != 2 || !cc_is_float(m->ty->base)) return 0;
    const cc_node_t *x = m->then;
    return x->kind == ND_MUL && x->lhs->kind == ND_LANE && x->rhs->kind == ND_LANE;
}

static cc_node_t *vec_binary(ps_t *p, cc_nk_t k, cc_node_t *a, cc_node_t *b, const cc_tok_t *t)
{
    cc_type_t *vt = vec_operands(p, &a, &b, t);
    if ((k == ND_ADD || k == ND_SUB) && (vec_fmul(a) || vec_fmul(b))) {
        /* a float product and a sum: one template over the factors and the
         * other operand, a * b + c per component, which lower.c contracts
         * into FFMA as it does for scalars (clang fuses the vector fmul
         * and fadd alike) */
        int left = vec_fmul(a);
        cc_node_t *m = left ? a : b, *o = left ? b : a;
        cc_node_t *f0 = m->args, *f1 = m->args->next;
        cc_node_t *prod = new_arith(p, ND_MUL, lane(p, 0, vt->base, t), lane(p, 1, vt->base, t), m->tok);
        cc_node_t *oth = lane(p, 2, vt->base, t);
        cc_node_t *tmpl = left ? new_arith(p, k, prod, oth, t) : new_arith(p, k, oth, prod, t);
        f0->next = f1;
        f1->next = o;
        o->next = NULL;
        return vmap(p, vt, tmpl, t, f0, 3);
    }
    int cmp = k == ND_EQ || k == ND_NE || k == ND_LT || k == ND_LE || k == ND_LOGAND || k == ND_LOGOR;
    cc_node_t *tmpl = lane_op(p, k, vt->base, vt->base, t);
    a->next = b;
    return vmap(p, cmp ? cc_vec_of(signed_of(vt->base), vt->len) : vt, tmpl, t, a, 2);
}

/* -v, ~v, !v */
static cc_node_t *vec_unary(ps_t *p, int op, cc_node_t *e, const cc_tok_t *t)
{
    cc_type_t *vt = cc_unqual(e->ty), *et = vt->base;
    cc_node_t *l = lane(p, 0, et, t), *tmpl;
    if (op == '~' && cc_is_float(et)) cc_error_tok(p->c, t, "invalid operand to '~' (%s)", cc_type_name(p->c, vt));
    if (op == '-' && cc_is_float(et)) {
        tmpl = new_node(p, ND_NEG, t);      /* the sign bit flips, as for a scalar */
        tmpl->lhs = l;
        tmpl->ty = et;
    } else if (op == '-') tmpl = new_cast(p, new_arith(p, ND_SUB, new_num(p, 0, &cc_ty_int, t), l, t), et);
    else if (op == '~') tmpl = new_cast(p, new_arith(p, ND_XOR, l, new_num(p, -1, &cc_ty_int, t), t), et);
    else {
        cc_node_t *z = new_cmp(p, ND_EQ, l, new_num(p, 0, &cc_ty_int, t), t);
        tmpl = new_cast(p, new_arith(p, ND_SUB, new_num(p, 0, &cc_ty_int, t), z, t), signed_of(et));
        vt = cc_vec_of(signed_of(et), vt->len);
    }
    return vmap(p, vt, tmpl, t, e, 1);
}

/* implicit conversion to or from a vector type (assignment, argument,
 * return): the same vector type, or a scalar integer for every component */
static cc_node_t *vec_convert(ps_t *p, cc_node_t *e, cc_type_t *to, const cc_tok_t *t, const char *what)
{
    if (to->kind == TY_VEC && same_vec(e->ty, to)) return e;
    if (to->kind == TY_VEC && e->ty->kind != TY_VEC) return splat(p, e, cc_unqual(to), t, what);
    cc_error_tok(p->c, t, "%s: cannot convert %s to %s", what, cc_type_name(p->c, e->ty), cc_type_name(p->c, to));
}

/* v.xyzw, v.s0..sF, v.lo/hi/even/odd: one component is a scalar */
static cc_node_t *swizzle(ps_t *p, cc_node_t *base, const cc_tok_t *t)
{
    cc_tok_t *name = p->tok;
    if (name->kind != TK_IDENT && name->kind != TK_KEYWORD) cc_error_tok(p->c, name, "expected a vector component name");
    unsigned char idx[16];
    const char *err = NULL;
    int n = cc_vec_swizzle(name->loc, name->len, base->ty->len, idx, &err);
    if (!n) cc_error_tok(p->c, name, "invalid component selector '.%.*s' of %s: %s", name->len, name->loc,
                         cc_type_name(p->c, base->ty), err);
    if (n != 1 && !cc_vec_of(base->ty->base, n))
        cc_error_tok(p->c, name, "'.%.*s' selects %d components: a vector has 2, 3, 4, 8 or 16", name->len, name->loc, n);
    p->tok = name->next;
    cc_node_t *s = new_node(p, ND_SWIZZLE, name);
    s->lhs = base;
    s->nargs = n;
    uint64_t packed = 0;
    for (int i = 0; i < n; i++) packed |= (uint64_t)idx[i] << (4 * i);
    s->val = (int64_t)packed;
    cc_type_t *ty = n == 1 ? base->ty->base : cc_vec_of(base->ty->base, n);
    s->ty = base->ty->is_const ? cc_qualified(p->c, ty, 1, 0) : ty;
    return s;
}

static int swz_index(const cc_node_t *s, int i) { return (int)(((uint64_t)s->val >> (4 * i)) & 15); }

/* a component selection is assignable when its vector is and it names no
 * component twice */
static void check_swizzle_assignable(ps_t *p, cc_node_t *lhs, const cc_tok_t *t)
{
    unsigned seen = 0;
    for (int i = 0; i < lhs->nargs; i++) {
        unsigned bit = 1u << swz_index(lhs, i);
        if (seen & bit) cc_error_tok(p->c, lhs->tok, "a component is selected twice: the selection cannot be assigned");
        seen |= bit;
    }
    if (lhs->lhs->kind == ND_SWIZZLE) check_swizzle_assignable(p, lhs->lhs, t);
    else check_assignable(p, lhs->lhs, t);
}

/* (T)(a, b, ...): the components of vector type T in order, each a scalar
 * or a vector of T's component type; one scalar is every component.
 * braces: (T){a, b, ...}, p->tok the '{': the same components, all of
 * them (one scalar is only the first, as clang has it) */
static cc_node_t *vec_literal(ps_t *p, cc_type_t *vt, const cc_tok_t *t, int braces)
{
    vt = cc_unqual(vt);
    int nargs = 0;
    cc_node_t *args;
    if (braces) {
        cc_node_t bh = {0}, *bc = &bh;
        skip(p, "{");
        while (!consume(p, "}")) {
            if (nargs) {
                skip(p, ",");
                if (consume(p, "}")) break;
            }
            bc = bc->next = assign(p);
            nargs++;
        }
        args = bh.next;
    } else {
        args = call_args(p, &nargs);
        if (nargs == 1 && args->ty->kind != TY_VEC) return splat(p, rvalue(p, args), vt, t, "vector literal");
    }
    cc_node_t head = {0}, *cur = &head;
    int count = 0;
    for (cc_node_t *a = args, *nx; a; a = nx) {
        nx = a->next;
        a->next = NULL;
        a = rvalue(p, a);
        if (a->ty->kind == TY_VEC) {
            if (a->ty->base->kind != vt->base->kind)
                cc_error_tok(p->c, a->tok, "a %s in a vector literal of type %s: its components must be %s",
                             cc_type_name(p->c, a->ty), cc_type_name(p->c, vt), vt->base->name);
            count += a->ty->len;
        } else {
            if (!splattable(a->ty, vt))
                cc_error_tok(p->c, a->tok, "a vector literal of type %s takes %s components, not %s", cc_type_name(p->c, vt),
                             cc_is_float(vt->base) ? "integer or float" : "integer", cc_type_name(p->c, a->ty));
            a = new_cast(p, a, vt->base);
            count++;
        }
        cur = cur->next = a;
    }
    if (braces && count < vt->len)      /* clang's words: OpenCL C fills nothing in */
        cc_error_tok(p->c, t, "too few elements in vector initialization (expected %d elements, have %d)", vt->len, count);
    if (braces && count > vt->len)
        cc_error_tok(p->c, t, "excess elements in vector initializer (expected %d elements, have %d)", vt->len, count);
    if (count != vt->len)
        cc_error_tok(p->c, t, "a vector literal of type %s needs %d components, this one has %d", cc_type_name(p->c, vt), vt->len, count);
    cc_node_t *n = new_node(p, ND_VLIT, t);
    n->ty = vt;
    n->args = head.next;
    n->nargs = nargs;
    return n;
}

/* (T)e for a vector type T: a scalar becomes every component; a vector
 * cast is only to its own type (OpenCL C 6.2.2: convert_T or as_T change
 * vector types) */
static cc_node_t *vec_cast(ps_t *p, cc_type_t *ty, cc_node_t *e, const cc_tok_t *t)
{
    if (ty->kind == TY_VEC && e->ty->kind == TY_VEC && same_vec(ty, e->ty)) return e;
    if (ty->kind == TY_VEC && splattable(e->ty, ty)) return splat(p, e, cc_unqual(ty), t, "cast");
    cc_error_tok(p->c, t, "invalid cast from %s to %s (vector types change with convert_T or as_T)",
                 cc_type_name(p->c, e->ty), cc_type_name(p->c, ty));
}

/* a op= b, ++, -- on a vector or a component selection: the template
 * computes a component's new value from LANE 0 (its old value) and LANE 1
 * (the right side's component) and is kept in els */
static cc_node_t *vec_opassign(ps_t *p, cc_node_t *lhs, cc_nk_t k, cc_node_t *r, const cc_tok_t *t)
{
    cc_node_t *n = new_node(p, ND_OPASSIGN, t);
    n->lhs = lhs;
    n->op = k;
    n->ty = lhs->ty;
    if (lhs->ty->kind == TY_VEC) {
        cc_node_t *l = lhs;
        vec_operands(p, &l, &r, t);
        n->rhs = r;
        n->els = lane_op(p, k, lhs->ty->base, lhs->ty->base, t);
    } else {
        if (!cc_is_integer(r->ty) && !(cc_is_float(r->ty) && cc_is_float(lhs->ty)))
            cc_error_tok(p->c, t, "invalid operands to '%.*s'", t->len, t->loc);
        n->rhs = r;
        n->els = new_cast(p, new_arith(p, k, lane(p, 0, lhs->ty, t), lane(p, 1, r->ty, t), t), cc_unqual(lhs->ty));
    }
    return n;
}

static cc_node_t *vec_incdec(ps_t *p, cc_node_t *e, int delta, int post, const cc_tok_t *t)
{
    cc_type_t *et = e->ty->kind == TY_VEC ? e->ty->base : e->ty;
    /* clang's rule (OpenCL C 1.2 6.3.c leaves float vectors out) */
    if (e->ty->kind == TY_VEC && cc_is_float(et))
        cc_error_tok(p->c, t, "cannot increment or decrement a value of type %s", cc_type_name(p->c, e->ty));
    cc_node_t *n = new_node(p, ND_INCDEC, t);
    n->lhs = e;
    n->op = delta;
    n->post = post;
    n->ty = e->ty;
    n->els = new_cast(p, new_arith(p, ND_ADD, lane(p, 0, et, t), new_num(p, delta, &cc_ty_int, t), t), cc_unqual(et));
    return n;
}

/* c ? a : b with a vector c: select(b, a, c) (OpenCL C 6.3 i) */
static cc_node_t *vec_select(ps_t *p, cc_node_t *b, cc_node_t *a, cc_node_t *c, const cc_tok_t *t, const char *what);

static cc_node_t *vec_cond(ps_t *p, cc_node_t *c, cc_node_t *a, cc_node_t *b, const cc_tok_t *t)
{
    if (c->ty->kind == TY_VEC) {
        if (a->ty->kind != TY_VEC && b->ty->kind != TY_VEC) {
            if (!cc_is_arith(a->ty) || !cc_is_arith(b->ty)) cc_error_tok(p->c, t, "invalid operands to '?:'");
            cc_type_t *vt = cc_vec_of(cc_common(a->ty, b->ty), c->ty->len);
            a = splat(p, a, vt, t, "'?:'");
        }
        return vec_select(p, b, a, c, t, "'?:'");
    }
    vec_operands(p, &a, &b, t);
    cc_node_t *n = new_node(p, ND_COND, t);
    n->ty = cc_unqual(a->ty);
    if (c->kind == ND_NUM) return c->val ? a : b;
    n->cond = c;
    n->then = a;
    n->els = b;
    return n;
}

static cc_node_t *vec_select(ps_t *p, cc_node_t *b, cc_node_t *a, cc_node_t *c, const cc_tok_t *t, const char *what)
{
    cc_type_t *vt = vec_operands(p, &b, &a, t), *et = vt->base;
    if (c->ty->kind != TY_VEC || c->ty->len != vt->len || c->ty->base->size != et->size)
        cc_error_tok(p->c, c->tok, "%s: the selector must be a vector of %d %d-byte integers, not %s", what,
                     vt->len, et->size, cc_type_name(p->c, c->ty));
    cc_node_t *msb = new_cmp(p, ND_LT, new_cast(p, lane(p, 2, c->ty->base, t), signed_of(et)), new_num(p, 0, &cc_ty_int, t), t);
    cc_node_t *tmpl = new_node(p, ND_BUILTIN, t);
    tmpl->bi = BI_SELECT;
    tmpl->ty = et;
    tmpl->args = lane(p, 0, et, t);
    tmpl->args->next = lane(p, 1, et, t);
    tmpl->args->next->next = msb;
    tmpl->nargs = 3;
    b->next = a;
    a->next = c;
    c->next = NULL;
    return vmap(p, vt, tmpl, t, b, 3);
}

/* ---- vector built-ins (OpenCL C 6.12.3, 6.12.6, 6.12.7, 6.12.12) ---- */
static cc_node_t *builtin_typed(ps_t *p, const cc_tok_t *name, const bi_ent_t *b, cc_node_t *n);

static cc_node_t *detach(cc_node_t **args)
{
    cc_node_t *a = *args;
    *args = a->next;
    a->next = NULL;
    return a;
}

/* an integer built-in of the scalar table with vector arguments: each
 * vector of one width and component type (a scalar stands for every
 * component), the scalar built-in per component */
static cc_node_t *vec_builtin(ps_t *p, const cc_tok_t *name, const bi_ent_t *b, cc_node_t *args, int nargs)
{
    const cc_type_t *vt = NULL;
    if (b->bi == BI_SELECT) {       /* the selector may be of the other signedness: vec_select checks it */
        cc_node_t *x = detach(&args), *y = detach(&args), *c = detach(&args);
        return vec_select(p, x, y, c, name, "'select'");
    }
    for (cc_node_t *a = args; a; a = a->next) {
        if (a->ty->kind != TY_VEC) continue;
        if (!vt) { vt = a->ty; continue; }
        int k_ok = b->bi == BI_UPSAMPLE ? a->ty->base->size == vt->base->size : a->ty->base->kind == vt->base->kind;
        if (a->ty->len != vt->len || !k_ok)
            cc_error_tok(p->c, a->tok, "'%.*s' with arguments of different vector types (%s and %s)", name->len, name->loc,
                         cc_type_name(p->c, vt), cc_type_name(p->c, a->ty));
    }
    if (b->bi < BI_MIN || b->bi > BI_UPSAMPLE) cc_error_tok(p->c, name, "'%.*s' takes no vector arguments", name->len, name->loc);
    cc_node_t *n = new_node(p, ND_BUILTIN, name);
    n->nargs = nargs;
    n->bi = b->bi;
    cc_node_t head = {0}, *cur = &head, oh = {0}, *oc = &oh;
    int k = 0;
    for (cc_node_t *a = args, *nx; a; a = nx, k++) {
        nx = a->next;
        a->next = NULL;
        if (!cc_is_integer(a->ty) && a->ty->kind != TY_VEC)
            cc_error_tok(p->c, a->tok, "'%.*s' takes integer arguments", name->len, name->loc);
        if (a->ty->kind != TY_VEC) {
            if (b->bi == BI_UPSAMPLE) cc_error_tok(p->c, a->tok, "'upsample' takes two vectors or two scalars");
            a = new_cast(p, a, vt->base);
        }
        cur = cur->next = lane(p, k, a->ty->kind == TY_VEC ? a->ty->base : a->ty, a->tok);
        oc = oc->next = a;
    }
    n->args = head.next;
    cc_node_t *tmpl = builtin_typed(p, name, b, n);
    return vmap(p, cc_vec_of(tmpl->ty, vt->len), tmpl, name, oh.next, nargs);
}

/* vload<n>(offset, p): n components at p + offset * n; vstore<n>(v, offset, p)
 * stores them: each component is its own access, so p needs only its
 * component's alignment */
static cc_node_t *vload_store(ps_t *p, const cc_tok_t *name, int store, int n, cc_node_t *args, int nargs)
{
    const char *what = store ? "vstore" : "vload";
    if (nargs != 2 + store) cc_error_tok(p->c, name, "'%.*s' takes %d arguments, not %d", name->len, name->loc, 2 + store, nargs);
    cc_node_t *v = store ? rvalue(p, detach(&args)) : NULL;
    cc_node_t *off = rvalue(p, detach(&args)), *ptr = rvalue(p, detach(&args));
    if (ptr->ty->kind != TY_PTR || !cc_is_arith(ptr->ty->base) || ptr->ty->base->kind == TY_BOOL)
        cc_error_tok(p->c, ptr->tok, "'%s%d' takes a pointer to integers or floats, not %s", what, n, cc_type_name(p->c, ptr->ty));
    if (!cc_is_integer(off->ty)) cc_error_tok(p->c, off->tok, "'%s%d' takes an integer offset", what, n);
    cc_type_t *et = ptr->ty->base, *vt = cc_vec_of(et, n);
    /* the n components need only the component's alignment (lower.c
     * loads a 16-aligned int4 in one access) */
    cc_type_t *ut = cc_alloc(p->c, sizeof *ut);
    *ut = *vt;
    ut->align = et->size;
    vt = ut;
    cc_node_t *at = new_add(p, ptr, new_arith(p, ND_MUL, new_cast(p, off, &cc_ty_int), new_num(p, n, &cc_ty_int, name), name), name);
    cc_node_t *cast = new_node(p, ND_CAST, name);
    cast->lhs = at;
    cast->ty = cc_pointer_to(p->c, et->is_const ? cc_qualified(p->c, vt, 1, 0) : vt, ptr->ty->as);
    cc_node_t *d = new_node(p, ND_DEREF, name);
    d->lhs = cast;
    d->ty = cast->ty->base;
    if (!store) return d;
    if (v->ty->kind != TY_VEC || !same_vec(v->ty, vt))
        cc_error_tok(p->c, v->tok, "'vstore%d' through %s stores %s, not %s", n, cc_type_name(p->c, ptr->ty),
                     cc_type_name(p->c, vt), cc_type_name(p->c, v->ty));
    check_assignable(p, d, name);
    cc_node_t *a = new_node(p, ND_ASSIGN, name);
    a->lhs = d;
    a->rhs = v;
    a->ty = d->ty;
    cc_node_t *r = new_node(p, ND_CAST, name);
    r->lhs = a;
    r->ty = &cc_ty_void;
    return r;
}

/* as_T(x) with a vector on either side: the same bytes (a 3-vector counts
 * as a 4-vector, OpenCL C 6.2.4.2) */
static cc_node_t *vec_as(ps_t *p, const cc_tok_t *name, cc_type_t *to, cc_node_t *x)
{
    if (!cc_is_arith(x->ty) && x->ty->kind != TY_VEC)
        cc_error_tok(p->c, x->tok, "'%.*s' takes an integer, float or vector argument", name->len, name->loc);
    if (x->ty->kind == TY_BOOL || x->ty->size != to->size)
        cc_error_tok(p->c, name, "'%.*s' needs an operand of %d bytes, not %s (%d bytes)", name->len, name->loc,
                     to->size, cc_type_name(p->c, x->ty), x->ty->size);
    if (to->kind == TY_VEC && x->ty->kind == TY_VEC && same_vec(to, x->ty)) return x;
    cc_node_t *n = new_node(p, ND_VAS, name);
    n->lhs = x;
    n->ty = to;
    return n;
}

/* any(v), all(v): whether the top bit of any / every component is set */
static cc_node_t *vec_anyall(ps_t *p, const cc_tok_t *name, cc_node_t *x)
{
    if (!cc_is_integer(x->ty) && x->ty->kind != TY_VEC)
        cc_error_tok(p->c, x->tok, "'%.*s' takes an integer or integer vector argument", name->len, name->loc);
    if (x->ty->kind != TY_VEC) x = new_cast(p, x, signed_of(x->ty));
    cc_node_t *n = new_node(p, cc_tok_is(name, "any") ? ND_VANY : ND_VALL, name);
    n->lhs = x;
    n->ty = &cc_ty_int;
    return n;
}

/* bitselect(a, b, c): each bit from b where c's is set, else from a */
static cc_node_t *vec_bitselect(ps_t *p, const cc_tok_t *name, cc_node_t *args)
{
    cc_node_t *a = detach(&args), *b = detach(&args), *c = detach(&args);
    cc_type_t *ty = a->ty->kind == TY_VEC ? a->ty : b->ty->kind == TY_VEC ? b->ty : c->ty;
    if (ty->kind != TY_VEC && !cc_is_integer(ty)) cc_error_tok(p->c, name, "'bitselect' takes integer arguments");
    ty = cc_unqual(ty);
    cc_node_t *ops[3] = { a, b, c };
    for (int i = 0; i < 3; i++) {
        if (ty->kind == TY_VEC) ops[i] = vec_convert(p, ops[i], ty, ops[i]->tok, "'bitselect' argument");
        else ops[i] = convert(p, ops[i], ty, ops[i]->tok, "'bitselect' argument");
    }
    cc_type_t *et = ty->kind == TY_VEC ? ty->base : ty;
    cc_node_t *l0 = lane(p, 0, et, name), *l1 = lane(p, 1, et, name), *l2 = lane(p, 2, et, name);
    cc_node_t *nc = new_arith(p, ND_XOR, l2, new_num(p, -1, &cc_ty_int, name), name);
    cc_node_t *tmpl = new_cast(p, new_arith(p, ND_OR, new_arith(p, ND_AND, l0, nc, name),
                                            new_arith(p, ND_AND, l1, lane(p, 2, et, name), name), name), et);
    ops[0]->next = ops[1];
    ops[1]->next = ops[2];
    ops[2]->next = NULL;
    return vmap(p, ty, tmpl, name, ops[0], 3);
}

/* shuffle(x, mask), shuffle2(x, y, mask): component i is x's (x and y's
 * concatenated) component mask[i] modulo their count */
static cc_node_t *vec_shuffle(ps_t *p, const cc_tok_t *name, cc_node_t *args, int nargs)
{
    int two = cc_tok_is(name, "shuffle2");
    if (nargs != 2 + two) cc_error_tok(p->c, name, "'%.*s' takes %d arguments, not %d", name->len, name->loc, 2 + two, nargs);
    cc_node_t *x = rvalue(p, detach(&args)), *y = two ? rvalue(p, detach(&args)) : NULL, *m = rvalue(p, detach(&args));
    if (x->ty->kind != TY_VEC || (y && !same_vec(x->ty, y->ty)))
        cc_error_tok(p->c, x->tok, "'%.*s' takes %s of one vector type", name->len, name->loc, two ? "two vectors" : "a vector");
    if (x->ty->len == 3 || (m->ty->kind == TY_VEC && m->ty->len == 3))
        cc_error_tok(p->c, name, "'%.*s' takes vectors of 2, 4, 8 or 16 components", name->len, name->loc);
    if (m->ty->kind != TY_VEC || !m->ty->base->is_unsigned || m->ty->base->size != x->ty->base->size)
        cc_error_tok(p->c, m->tok, "the mask of '%.*s' must be an unsigned vector of %d-byte components, not %s",
                     name->len, name->loc, x->ty->base->size, cc_type_name(p->c, m->ty));
    cc_node_t *n = new_node(p, ND_VSHUFFLE, name);
    n->ty = cc_vec_of(x->ty->base, m->ty->len);
    n->args = x;
    if (y) x->next = y;
    (y ? y : x)->next = m;
    n->nargs = nargs;
    return n;
}

/* a vector built-in by name, or NULL: p->tok is its '(' */
static cc_node_t *vec_call(ps_t *p, const cc_tok_t *name)
{
    const char *s = name->loc;
    int len = name->len, n = 0, store = 0, at = 0;
    if (len > 5 && (!memcmp(s, "vload", 5) || (len > 6 && !memcmp(s, "vstore", 6)))) {
        store = s[1] == 's';
        at = store ? 6 : 5;
        if (len - at > 5 && !memcmp(s + at, "_half", 5)) unsupported(p, name, cc_fmt(p->c, "%.*s (half precision) is", len, s));
        for (; at < len && s[at] >= '0' && s[at] <= '9'; at++) n = n * 10 + (s[at] - '0');
        if (at != len || !cc_vec_of(&cc_ty_int, n)) return NULL;
    } else if (!cc_tok_is(name, "any") && !cc_tok_is(name, "all") && !cc_tok_is(name, "bitselect") &&
               !cc_tok_is(name, "shuffle") && !cc_tok_is(name, "shuffle2")) {
        return NULL;
    }
    p->tok = p->tok->next;          /* '(' */
    int nargs;
    cc_node_t *args = call_args(p, &nargs);
    if (n) return vload_store(p, name, store, n, args, nargs);
    if (cc_tok_is(name, "shuffle") || cc_tok_is(name, "shuffle2")) return vec_shuffle(p, name, args, nargs);
    int want = cc_tok_is(name, "bitselect") ? 3 : 1;
    if (nargs != want) cc_error_tok(p->c, name, "'%.*s' takes %d argument%s, not %d", len, s, want, want == 1 ? "" : "s", nargs);
    cc_node_t head = {0}, *cur = &head;
    for (cc_node_t *a = args, *nx; a; a = nx) { nx = a->next; a->next = NULL; cur = cur->next = rvalue(p, a); }
    if (want == 3) return vec_bitselect(p, name, head.next);
    return vec_anyall(p, name, head.next);
}

/* the integer type whose name s starts with (no name is a prefix of
 * another), the name's length in *n; NULL for none */
static cc_type_t *conv_type(const char *s, int len, int *n)
{
    static const struct { const char *name; cc_type_t *ty; } tys[] = {
        { "uchar", &cc_ty_uchar }, { "char", &cc_ty_char }, { "ushort", &cc_ty_ushort }, { "short", &cc_ty_short },
        { "uint", &cc_ty_uint }, { "int", &cc_ty_int }, { "ulong", &cc_ty_ulong }, { "long", &cc_ty_long },
    };
    for (size_t i = 0; i < sizeof tys / sizeof *tys; i++) {
        int k = (int)strlen(tys[i].name);
        if (k <= len && !memcmp(s, tys[i].name, (size_t)k)) { *n = k; return tys[i].ty; }
    }
    return NULL;
}

/* convert_T[_sat][_rte|_rtz|_rtp|_rtn](x) and as_T(x) for the scalar
 * integer types T (OpenCL C 6.2.3, 6.2.4.2): a conversion, where _sat
 * clamps x to T's range first (a clamp, min or max built-in on x's type;
 * the rounding modes change nothing between integers) and as_T
 * reinterprets an operand of T's size; NULL when the name is neither */
static cc_node_t *conv_scalar(ps_t *p, const cc_tok_t *name, cc_type_t *t, int as, int sat, cc_node_t *x);

/* convert_T[_sat][_rm](x) and as_T(x) where T or x is float (OpenCL C
 * 6.2.3): as_T keeps the bits; a conversion rounds by rm (-1: to nearest
 * even into float, toward zero out of it), F2I / F2U saturate to 32 bits
 * and a narrower _sat target clamps that on int (NaN gives 0 either way) */
static cc_node_t *conv_float(ps_t *p, const cc_tok_t *name, cc_type_t *t, int as, int sat, int rm, cc_node_t *x)
{
    cc_type_t *st = cc_unqual(x->ty);
    if (as) {
        if (st->kind == TY_BOOL || st->size != t->size)
            cc_error_tok(p->c, name, "'%.*s' needs an operand of %d byte%s, not %s", name->len, name->loc, t->size,
                         t->size == 1 ? "" : "s", cc_type_name(p->c, st));
        if (x->kind == ND_NUM) return new_num(p, x->val, t, name);
        cc_node_t *n = new_node(p, ND_CAST, name);
        n->lhs = x;
        n->ty = t;
        n->op = CC_CAST_BITS;
        return n;
    }
    if (cc_is_float(st) && cc_is_float(t)) return x;
    /* float to long converts to long directly (lower.c f2l saturates) */
    cc_type_t *mid = cc_is_float(t) || is_long_ty(t) ? t : t->is_unsigned ? &cc_ty_uint : &cc_ty_int;
    cc_node_t *n;
    if (rm < 0 && x->kind != ND_NUM) n = new_cast(p, x, mid);
    else if (rm < 0 || (rm == WQ_RM_RTZ && !cc_is_float(t)) || (rm == WQ_RM_RNE && cc_is_float(t)))
        n = new_cast(p, x, mid);                     /* the default mode: foldable */
    else {
        n = new_node(p, ND_CAST, name);
        n->lhs = x;
        n->ty = mid;
        n->op = CC_CAST_RM0 + rm;
    }
    if (mid == t) return n;
    return sat ? conv_scalar(p, name, t, 0, 1, n) : new_cast(p, n, t);
}

static cc_node_t *conversion(ps_t *p, const cc_tok_t *name)
{
    const char *s = name->loc;
    int len = name->len, as = len > 3 && !memcmp(s, "as_", 3);
    if (!as && !(len > 8 && !memcmp(s, "convert_", 8))) return NULL;
    int at = as ? 3 : 8, k = 0;
    static const char *const fp[] = { "double", "half" };
    for (size_t i = 0; i < 2; i++)
        if (len - at >= (int)strlen(fp[i]) && !memcmp(s + at, fp[i], strlen(fp[i])))
            cc_error_tok(p->c, name, "%s is not supported by this device (no cl_khr_fp%s)", fp[i], i ? "16" : "64");
    cc_type_t *t = conv_type(s + at, len - at, &k);
    if (!t && len - at >= 5 && !memcmp(s + at, "float", 5)) {
        cc_need_fp(p->c, name, "floating-point types are");
        t = &cc_ty_float;
        k = 5;
    }
    if (!t) return NULL;
    at += k;
    int width = 0;
    for (; at < len && s[at] >= '0' && s[at] <= '9'; at++) width = width * 10 + (s[at] - '0');
    if (width && !cc_vec_of(t, width)) return NULL;
    int sat = 0, rm = -1;
    if (!as && len - at >= 4 && !memcmp(s + at, "_sat", 4)) { sat = 1; at += 4; }
    if (!as && len - at == 4 && (!memcmp(s + at, "_rte", 4) || !memcmp(s + at, "_rtz", 4) ||
                                 !memcmp(s + at, "_rtp", 4) || !memcmp(s + at, "_rtn", 4))) {
        /* OpenCL's names of the rounding modes: even, zero, +inf, -inf */
        rm = s[at + 3] == 'e' ? WQ_RM_RNE : s[at + 3] == 'z' ? WQ_RM_RTZ : s[at + 3] == 'p' ? WQ_RM_RUP : WQ_RM_RDN;
        at += 4;
    }
    if (at != len) return NULL;
    if (sat && cc_is_float(t)) return NULL;          /* convert_float_sat does not exist */
    p->tok = p->tok->next;          /* '(' */
    int nargs;
    cc_node_t *x = call_args(p, &nargs);
    if (nargs != 1) cc_error_tok(p->c, name, "'%.*s' takes 1 argument, not %d", len, s, nargs);
    x = rvalue(p, x);
    if (as && (width || x->ty->kind == TY_VEC)) return vec_as(p, name, width ? cc_vec_of(t, width) : t, x);
    cc_node_t *vx = NULL;
    if (width || x->ty->kind == TY_VEC) {
        /* convert_Tn: the scalar conversion per component, on a stand-in */
        if (x->ty->kind != TY_VEC || x->ty->len != width)
            cc_error_tok(p->c, x->tok, "'%.*s' converts a %d-component vector, not %s", len, s, width ? width : 1,
                         cc_type_name(p->c, x->ty));
        vx = x;
        x = lane(p, 0, x->ty->base, x->tok);
    }
    if (cc_is_float(x->ty) || cc_is_float(t)) {
        if (!cc_is_arith(x->ty)) cc_error_tok(p->c, x->tok, "'%.*s' takes an integer or float argument", len, s);
        cc_node_t *r = conv_float(p, name, t, as, sat, rm, x);
        return vx ? vmap(p, cc_vec_of(t, width), r, name, vx, 1) : r;
    }
    if (!cc_is_integer(x->ty)) cc_error_tok(p->c, x->tok, "'%.*s' takes an integer argument", len, s);
    cc_node_t *r = conv_scalar(p, name, t, as, sat, x);
    return vx ? vmap(p, cc_vec_of(t, width), r, name, vx, 1) : r;
}

static cc_node_t *conv_scalar(ps_t *p, const cc_tok_t *name, cc_type_t *t, int as, int sat, cc_node_t *x)
{
    const char *s = name->loc;
    int len = name->len;
    cc_type_t *st = cc_unqual(x->ty);
    if (as) {
        if (st->kind == TY_BOOL || st->size != t->size)
            cc_error_tok(p->c, name, "'%.*s' needs an operand of %d byte%s, not %s", len, s, t->size,
                         t->size == 1 ? "" : "s", cc_type_name(p->c, st));
        return new_cast(p, x, t);
    }
    if (!sat || st->kind == TY_BOOL) return new_cast(p, x, t);
    /* the ranges: minimum as signed, maximum as unsigned 64-bit values */
    int sb = st->size * 8, tb = t->size * 8;
    int64_t smin = st->is_unsigned ? 0 : (int64_t)(UINT64_MAX << (sb - 1));
    int64_t tmin = t->is_unsigned ? 0 : (int64_t)(UINT64_MAX << (tb - 1));
    uint64_t smax = UINT64_MAX >> (64 - sb + !st->is_unsigned), tmax = UINT64_MAX >> (64 - tb + !t->is_unsigned);
    int lo = tmin > smin, hi = tmax < smax;
    if (!lo && !hi) return new_cast(p, x, t);
    cc_node_t *n = new_node(p, ND_BUILTIN, name);
    n->bi = lo && hi ? BI_CLAMP : lo ? BI_MAX : BI_MIN;
    n->ty = st;
    n->args = x;
    cc_node_t *cur = x;
    if (lo) cur = cur->next = new_num(p, tmin, st, name);
    if (hi) cur->next = new_num(p, (int64_t)tmax, st, name);
    n->nargs = 1 + lo + hi;
    return new_cast(p, n, t);
}

static cc_var_t *new_var(ps_t *p, const cc_tok_t *name, cc_type_t *ty);

/* a work-item function of dimension d (uint) */
static cc_node_t *workitem(ps_t *p, cc_bi_t bi, int d, const cc_tok_t *t)
{
    cc_node_t *n = new_node(p, ND_BUILTIN, t);
    n->bi = bi;
    n->args = new_num(p, d, &cc_ty_uint, t);
    n->nargs = 1;
    n->ty = &cc_ty_uint;
    return n;
}

/* a private variable of the call at t, named for it (no user name starts with __wq_) */
static cc_var_t *hidden_var(ps_t *p, const cc_tok_t *t, const char *what, cc_type_t *ty)
{
    cc_tok_t *nt = cc_alloc(p->c, sizeof *nt);
    *nt = *t;
    nt->loc = cc_fmt(p->c, "__wq_%s_%d_%d", what, t->line, t->col);
    nt->len = (int)strlen(nt->loc);
    return new_var(p, nt, ty);
}

/* v = e; as a statement */
static cc_node_t *set_stmt(ps_t *p, cc_var_t *v, cc_node_t *e, const cc_tok_t *t)
{
    cc_node_t *a = new_node(p, ND_ASSIGN, t);
    a->lhs = new_var_node(p, v, t);
    a->rhs = convert(p, e, v->ty, t, "assignment");
    a->ty = v->ty;
    cc_node_t *st = new_node(p, ND_EXPR_STMT, t);
    st->lhs = a;
    return st;
}

/* async_work_group_copy(dst, src, n, event) and
 * async_work_group_strided_copy(dst, src, n, stride, event), one of dst and
 * src __local, the other __global: the work-group's work-items copy the n
 * elements together -- the work-item of flat local id l takes elements l,
 * l + L, l + 2L, ... (L the work-group's size) -- and the copy is done when
 * the call returns; wait_group_events is the barrier after which the
 * whole group sees it (docs/compiler.md "The language").  The stride
 * applies to the __global side.  The result is the event, 0. */
static cc_node_t *async_copy(ps_t *p, const cc_tok_t *name, int strided)
{
    const char *what = strided ? "async_work_group_strided_copy" : "async_work_group_copy";
    p->tok = p->tok->next;          /* '(' */
    int nargs;
    cc_node_t *args = call_args(p, &nargs);
    if (nargs != 4 + strided)
        cc_error_tok(p->c, name, "'%s' takes %d arguments, not %d", what, 4 + strided, nargs);
    cc_node_t *dst = rvalue(p, args), *src = rvalue(p, args->next), *cnt = args->next->next;
    cc_node_t *stride = strided ? cnt->next : NULL;
    if (dst->ty->kind != TY_PTR || src->ty->kind != TY_PTR)
        cc_error_tok(p->c, name, "'%s' copies between a __local and a __global pointer", what);
    int to_local = dst->ty->as == AS_LOCAL;
    if (!((to_local && src->ty->as == AS_GLOBAL) || (dst->ty->as == AS_GLOBAL && src->ty->as == AS_LOCAL)))
        cc_error_tok(p->c, name, "'%s' copies between a __local and a __global pointer (here %s and %s)", what,
                     cc_type_name(p->c, dst->ty), cc_type_name(p->c, src->ty));
    if (!cc_is_integer(dst->ty->base) ||
        strcmp(cc_type_name(p->c, cc_unqual(dst->ty->base)), cc_type_name(p->c, cc_unqual(src->ty->base))))
        cc_error_tok(p->c, name, "'%s' copies integers of one type (here %s and %s)", what,
                     cc_type_name(p->c, dst->ty->base), cc_type_name(p->c, src->ty->base));
    if (!cc_is_integer(cnt->ty) || (stride && !cc_is_integer(stride->ty)))
        cc_error_tok(p->c, name, "'%s': the element count and stride must be integers", what);
    /* operands once, then the loop */
    cc_var_t *vd = hidden_var(p, name, "dst", cc_qualified(p->c, dst->ty, 0, 0));
    cc_var_t *vs = hidden_var(p, name, "src", cc_qualified(p->c, src->ty, 0, 0));
    cc_var_t *vn = hidden_var(p, name, "n", &cc_ty_uint);
    cc_var_t *vst = stride ? hidden_var(p, name, "stride", &cc_ty_uint) : NULL;
    cc_var_t *vi = hidden_var(p, name, "i", &cc_ty_uint);
    cc_node_t *b = new_node(p, ND_BLOCK, name), head = {0}, *cur = &head;
    cur = cur->next = set_stmt(p, vd, dst, name);
    cur = cur->next = set_stmt(p, vs, src, name);
    cur = cur->next = set_stmt(p, vn, cnt, name);
    if (vst) cur = cur->next = set_stmt(p, vst, stride, name);
    cc_node_t *lid = new_arith(p, ND_ADD, workitem(p, BI_LOCAL_ID, 0, name),
                               new_arith(p, ND_MUL, workitem(p, BI_LOCAL_SIZE, 0, name),
                                         new_arith(p, ND_ADD, workitem(p, BI_LOCAL_ID, 1, name),
                                                   new_arith(p, ND_MUL, workitem(p, BI_LOCAL_SIZE, 1, name),
                                                             workitem(p, BI_LOCAL_ID, 2, name), name), name), name), name);
    cc_node_t *lsz = new_arith(p, ND_MUL, workitem(p, BI_LOCAL_SIZE, 0, name),
                               new_arith(p, ND_MUL, workitem(p, BI_LOCAL_SIZE, 1, name),
                                         workitem(p, BI_LOCAL_SIZE, 2, name), name), name);
    cc_node_t *loop = new_node(p, ND_LOOP, name);
    loop->init = set_stmt(p, vi, lid, name);
    loop->cond = new_cmp(p, ND_LT, new_var_node(p, vi, name), new_var_node(p, vn, name), name);
    cc_node_t *inc = new_node(p, ND_ASSIGN, name);
    inc->lhs = new_var_node(p, vi, name);
    inc->rhs = new_arith(p, ND_ADD, new_var_node(p, vi, name), lsz, name);
    inc->ty = &cc_ty_uint;
    loop->inc = inc;
    cc_node_t *di = new_var_node(p, vi, name), *si = new_var_node(p, vi, name);
    if (vst && to_local) si = new_arith(p, ND_MUL, si, new_var_node(p, vst, name), name);
    if (vst && !to_local) di = new_arith(p, ND_MUL, di, new_var_node(p, vst, name), name);
    cc_node_t *copy = new_node(p, ND_ASSIGN, name);
    copy->lhs = new_deref(p, new_add(p, new_var_node(p, vd, name), di, name), name);
    copy->rhs = convert(p, new_deref(p, new_add(p, new_var_node(p, vs, name), si, name), name),
                        cc_unqual(copy->lhs->ty), name, "assignment");
    copy->ty = copy->lhs->ty;
    loop->then = new_node(p, ND_EXPR_STMT, name);
    loop->then->lhs = copy;
    cur = cur->next = loop;
    b->body = head.next;
    cc_node_t *n = new_node(p, ND_BUILTIN, name);
    n->bi = BI_ASYNC_COPY;
    n->body = b;
    n->ty = &cc_ty_uint;
    return n;
}

/* x's bits as a uint (as_uint), and a uint's as a float */
static cc_node_t *bits_as(ps_t *p, cc_node_t *x, cc_type_t *ty)
{
    if (x->kind == ND_NUM) return new_num(p, x->val, ty, x->tok);
    cc_node_t *n = new_node(p, ND_CAST, x->tok);
    n->lhs = x;
    n->ty = ty;
    n->op = CC_CAST_BITS;
    return n;
}

/* the float built-ins that are one instruction or a few integer ones on
 * the bit pattern (docs/compiler.md "Floating point"); NULL when the name
 * is none of them */
static cc_node_t *float_op(ps_t *p, int k, cc_node_t **a, int nargs, const cc_tok_t *name);

/* the float built-ins by float_op's number; the names from FB_NAMED on
 * are the integer built-ins' too (min, max, clamp), taken here when an
 * argument is a float (builtin_call) */
static const char *const fb_names[] = { "sqrt", "fmin", "fmax", "fabs", "copysign", "mad",
                                        "isnan", "isinf", "isfinite", "isnormal", "signbit",
                                        "fma", "__wq_inff", "__wq_nanf",
                                        "isequal", "isnotequal", "isgreater", "isgreaterequal", "isless",
                                        "islessequal", "islessgreater", "isordered", "isunordered",
                                        "min", "max", "clamp" };
static const int fb_nargs[] = { 1, 2, 2, 1, 2, 3, 1, 1, 1, 1, 1, 3, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3 };
enum { FB_NAMED = 23, FB_MIN = 23, FB_MAX = 24, FB_CLAMP = 25 };

static cc_node_t *float_call(ps_t *p, const cc_tok_t *name, int k, cc_node_t *args, int nargs);

static cc_node_t *float_builtin(ps_t *p, const cc_tok_t *name)
{
    int k = -1;
    for (int i = 0; i < FB_NAMED; i++) if (cc_tok_is(name, fb_names[i])) k = i;
    if (k < 0) return NULL;
    cc_need_fp(p->c, name, cc_fmt(p->c, "'%s' is", fb_names[k]));
    p->tok = p->tok->next;          /* '(' */
    int nargs;
    cc_node_t *args = call_args(p, &nargs);
    return float_call(p, name, k, args, nargs);
}

/* float built-in k on the parsed arguments args[0..nargs) */
static cc_node_t *float_call(ps_t *p, const cc_tok_t *name, int k, cc_node_t *args, int nargs)
{
    const char *const *names = fb_names;
    const int *nargs_of = fb_nargs;
    if (nargs != nargs_of[k])
        cc_error_tok(p->c, name, "'%s' takes %d argument%s, not %d", names[k], nargs_of[k], nargs_of[k] == 1 ? "" : "s", nargs);
    cc_node_t *a[3] = { 0 };
    cc_type_t *vt = NULL;
    for (int i = 0; i < nargs; i++) {
        a[i] = rvalue(p, detach(&args));
        cc_type_t *at = cc_unqual(a[i]->ty);
        if (at->kind == TY_VEC && cc_is_float(at->base) && (!vt || same_vec(vt, at))) { vt = vt ? vt : at; continue; }
        if (!cc_is_float(a[i]->ty))
            cc_error_tok(p->c, a[i]->tok, "'%s' takes float arguments or float vectors of one type (here %s)",
                         names[k], cc_type_name(p->c, a[i]->ty));
        a[i] = new_cast(p, a[i], &cc_ty_float);
    }
    /* INFINITY, HUGE_VALF and NAN (preprocess.c): constants */
    if (k == 12 || k == 13) return new_num(p, k == 12 ? 0x7F800000u : 0x7FC00000u, &cc_ty_float, name);
    if (!vt) return float_op(p, k, a, nargs, name);
    /* float vectors: the scalar built-in per component (a scalar argument
     * stands for every component); the classifications give -1 for true
     * in a vector (OpenCL C 6.12.6), as int components */
    cc_node_t *l[3] = { 0 };
    for (int i = 0; i < nargs; i++) {
        if (a[i]->ty->kind != TY_VEC) a[i] = splat(p, a[i], vt, a[i]->tok, cc_fmt(p->c, "'%s' argument", names[k]));
        l[i] = lane(p, i, &cc_ty_float, name);
        if (i) a[i - 1]->next = a[i];
    }
    cc_node_t *tmpl = float_op(p, k, l, nargs, name);
    if (cc_is_float(tmpl->ty)) return vmap(p, vt, tmpl, name, a[0], nargs);
    tmpl = new_cast(p, new_arith(p, ND_SUB, new_num(p, 0, &cc_ty_int, name), tmpl, name), &cc_ty_int);
    return vmap(p, cc_vec_of(&cc_ty_int, vt->len), tmpl, name, a[0], nargs);
}

/* the scalar float built-in k of float_builtin's table on a[0..nargs) */
static cc_node_t *float_op(ps_t *p, int k, cc_node_t **a, int nargs, const cc_tok_t *name)
{
    cc_node_t *ua = bits_as(p, a[0], &cc_ty_uint), *n;
    cc_node_t *mag = new_arith(p, ND_AND, ua, new_num(p, 0x7FFFFFFF, &cc_ty_uint, name), name);
    switch (k) {
    case 0: case 1: case 2:
        n = new_node(p, ND_BUILTIN, name);
        n->bi = k == 0 ? BI_FSQRT : k == 1 ? BI_FMIN : BI_FMAX;
        n->args = a[0];
        a[0]->next = a[1];
        n->nargs = nargs;
        n->ty = &cc_ty_float;
        return n;
    case 3: return bits_as(p, mag, &cc_ty_float);
    case 4: {
        cc_node_t *sign = new_arith(p, ND_AND, bits_as(p, a[1], &cc_ty_uint), new_num(p, 0x80000000u, &cc_ty_uint, name), name);
        return bits_as(p, new_arith(p, ND_OR, mag, sign, name), &cc_ty_float);
    }
    /* mad: a * b + c with two roundings whatever FP_CONTRACT says, as
     * POCL's (OpenCL allows either); one FFMA under -cl-mad-enable */
    case 5:
        if (p->c->opts->fp_flags & WQ_CC_FP_MAD_ENABLE) goto fma;
        n = new_arith(p, ND_ADD, new_arith(p, ND_MUL, a[0], a[1], name), a[2], name);
        n->op = CC_NO_CONTRACT;
        return n;
    case 6: return new_cmp(p, ND_NE, a[0], a[0], name);
    case 7: return new_cmp(p, ND_EQ, mag, new_num(p, 0x7F800000, &cc_ty_uint, name), name);
    case 8: return new_cmp(p, ND_LT, mag, new_num(p, 0x7F800000, &cc_ty_uint, name), name);
    case 11: fma:
        n = new_node(p, ND_BUILTIN, name);
        n->bi = BI_FMA;
        n->args = a[0];
        a[0]->next = a[1];
        a[1]->next = a[2];
        n->nargs = nargs;
        n->ty = &cc_ty_float;
        return n;
    /* the relational functions (OpenCL C 6.12.6): the compares, ordered
     * but for isnotequal; islessgreater is < or >; (un)ordered: neither
     * (either) operand a NaN */
    case 14: return new_cmp(p, ND_EQ, a[0], a[1], name);
    case 15: return new_cmp(p, ND_NE, a[0], a[1], name);
    case 16: return new_cmp(p, ND_LT, a[1], a[0], name);
    case 17: return new_cmp(p, ND_LE, a[1], a[0], name);
    case 18: return new_cmp(p, ND_LT, a[0], a[1], name);
    case 19: return new_cmp(p, ND_LE, a[0], a[1], name);
    case 20: return new_arith(p, ND_OR, new_cmp(p, ND_LT, a[0], a[1], name), new_cmp(p, ND_LT, a[1], a[0], name), name);
    case 21: return new_arith(p, ND_AND, new_cmp(p, ND_EQ, a[0], a[0], name), new_cmp(p, ND_EQ, a[1], a[1], name), name);
    case 22: return new_arith(p, ND_OR, new_cmp(p, ND_NE, a[0], a[0], name), new_cmp(p, ND_NE, a[1], a[1], name), name);
    /* min, max, clamp on floats: FMIN / FMAX (OpenCL leaves a NaN
     * operand's result undefined; fmin's is the other operand) */
    case FB_MIN: case FB_MAX: case FB_CLAMP: {
        n = new_node(p, ND_BUILTIN, name);
        n->bi = k == FB_MIN ? BI_FMIN : BI_FMAX;
        n->args = a[0];
        a[0]->next = a[1];
        a[1]->next = NULL;
        n->nargs = 2;
        n->ty = &cc_ty_float;
        if (k != FB_CLAMP) return n;
        cc_node_t *m = new_node(p, ND_BUILTIN, name);
        m->bi = BI_FMIN;
        m->args = n;
        n->next = a[2];
        a[2]->next = NULL;
        m->nargs = 2;
        m->ty = &cc_ty_float;
        return m;
    }
    case 9: /* exponent neither 0 nor all ones: |x| - 2^-126's bits below the span */
        return new_cmp(p, ND_LT, new_arith(p, ND_SUB, mag, new_num(p, 0x00800000, &cc_ty_uint, name), name),
                       new_num(p, 0x7F800000 - 0x00800000, &cc_ty_uint, name), name);
    default:
        return new_cast(p, new_arith(p, ND_SHR, ua, new_num(p, 31, &cc_ty_int, name), name), &cc_ty_int);
    }
}

/* ---- the math library's built-ins (docs/mathlib.md) ------------------------------------ */
/* A call to one of these names (a program's own function of the name comes
 * first, funcall) is a call to the device math library's function
 * `__wq_m_<lib>` (cmodel/compiler/lib/math.cl), a unit of every link for a
 * device with an FPU (compiler.c).  Its operands: f a float, i an int
 * (converted), p a pointer (modf, fract, sincos: float *; frexp, remquo,
 * lgamma_r: int *; the function for the pointer's address space).  native_ and half_ forms are the full
 * functions (their bounds are looser: OpenCL C 1.2 section 7.4). */
typedef struct { const char *name, *lib, *args, *vs; } mathlib_ent_t;
static const mathlib_ent_t mathlib[] = {
    { "rsqrt", "rsqrt", "f", 0 }, { "floor", "floor", "f", 0 }, { "ceil", "ceil", "f", 0 },
    { "trunc", "trunc", "f", 0 }, { "round", "round", "f", 0 }, { "rint", "rint", "f", 0 },
    { "fmod", "fmod", "ff", 0 }, { "remainder", "remainder", "ff", 0 },
    { "exp", "exp", "f", 0 }, { "exp2", "exp2", "f", 0 }, { "exp10", "exp10", "f", 0 },
    { "log", "log", "f", 0 }, { "log2", "log2", "f", 0 }, { "log10", "log10", "f", 0 },
    { "pow", "pow", "ff", 0 }, { "pown", "pown", "fi", 0 }, { "powr", "powr", "ff", 0 },
    { "sin", "sin", "f", 0 }, { "cos", "cos", "f", 0 }, { "tan", "tan", "f", 0 },
    { "asin", "asin", "f", 0 }, { "acos", "acos", "f", 0 }, { "atan", "atan", "f", 0 }, { "atan2", "atan2", "ff", 0 },
    { "sinh", "sinh", "f", 0 }, { "cosh", "cosh", "f", 0 }, { "tanh", "tanh", "f", 0 },
    { "hypot", "hypot", "ff", 0 }, { "cbrt", "cbrt", "f", 0 }, { "ldexp", "ldexp", "fi", ".s" },
    { "frexp", "frexp_", "fp", 0 }, { "modf", "modf_", "fp", 0 },
    { "fdim", "fdim", "ff", 0 }, { "mix", "mix", "fff", "..s" },
    { "step", "step", "ff", "s." }, { "smoothstep", "smoothstep", "fff", "ss." },
    { "degrees", "degrees", "f", 0 }, { "radians", "radians", "f", 0 }, { "sign", "sign", "f", 0 },
    { "expm1", "expm1", "f", 0 }, { "log1p", "log1p", "f", 0 },
    { "asinh", "asinh", "f", 0 }, { "acosh", "acosh", "f", 0 }, { "atanh", "atanh", "f", 0 },
    { "asinpi", "asinpi", "f", 0 }, { "acospi", "acospi", "f", 0 }, { "atanpi", "atanpi", "f", 0 },
    { "atan2pi", "atan2pi", "ff", 0 }, { "sinpi", "sinpi", "f", 0 }, { "cospi", "cospi", "f", 0 },
    { "tanpi", "tanpi", "f", 0 }, { "rootn", "rootn", "fi", 0 },
    { "maxmag", "maxmag", "ff", 0 }, { "minmag", "minmag", "ff", 0 }, { "nextafter", "nextafter", "ff", 0 },
    { "logb", "logb", "f", 0 }, { "ilogb", "ilogb", "f", 0 },
    { "erf", "erf", "f", 0 }, { "erfc", "erfc", "f", 0 }, { "tgamma", "tgamma", "f", 0 },
    { "lgamma", "lgamma", "f", 0 }, { "lgamma_r", "lgamma_r_", "fp", 0 },
    { "fract", "fract_", "fp", 0 }, { "sincos", "sincos_", "fp", 0 }, { "remquo", "remquo_", "ffp", 0 },
    /* the native_ and half_ forms that have no full function of their name */
    { "divide", "divide", "ff", 0 }, { "recip", "recip", "f", 0 }, { "sqrt", "sqrt", "f", 0 },
};

static cc_func_t *mathlib_func(ps_t *p, const char *name)
{
    for (cc_func_t *f = p->prog->funcs; f; f = f->next)
        if (!strcmp(f->name, name) && f->defined) return f;
    return NULL;
}

/* the argument kinds of one operand of a library function: i an int,
 * p (and q, a second) a pointer, anything else a float */
static int mathlib_ptr(char k) { return k == 'p' || k == 'q'; }

/* what a pointer argument of m points to: float (modf, fract, sincos)
 * or int (frexp, lgamma_r, remquo) */
static int mathlib_ptr_float(const mathlib_ent_t *m)
{
    return !strcmp(m->name, "modf") || !strcmp(m->name, "fract") || !strcmp(m->name, "sincos");
}

/* NULL when the name is none of the library's (clamp is not: on floats
 * it is the FMIN/FMAX built-in, builtin_call).  On a
 * float vector (OpenCL C 1.2 6.12.2, 6.12.4) the call is the scalar
 * function per component (an ND_VMAP over the operands); the operands m->vs
 * marks `s` may be scalars then (mix's a, step's and smoothstep's edges,
 * ldexp's exponent), used by every component; a
 * pointer operand points to a vector of the result's width, component i
 * written through the scalar pointer plus i (an index vector operand). */
static cc_node_t *math_builtin(ps_t *p, const cc_tok_t *name)
{
    int pre = 0;
    if (name->len > 7 && !memcmp(name->loc, "native_", 7)) pre = 7;
    else if (name->len > 5 && !memcmp(name->loc, "half_", 5)) pre = 5;
    const mathlib_ent_t *m = NULL;
    for (size_t i = 0; i < sizeof mathlib / sizeof *mathlib; i++)
        if ((int)strlen(mathlib[i].name) == name->len - pre && !memcmp(name->loc + pre, mathlib[i].name, (size_t)(name->len - pre)))
            m = &mathlib[i];
    if (!m) return NULL;
    int full_only = !strcmp(m->lib, "divide") || !strcmp(m->lib, "recip") || !strcmp(m->lib, "sqrt");
    if (full_only && !pre) return NULL;
    p->tok = p->tok->next;          /* '(' */
    int nargs;
    cc_node_t *args = call_args(p, &nargs);
    cc_need_fp(p->c, name, cc_fmt(p->c, "'%.*s' is", name->len, name->loc));
    int want = (int)strlen(m->args);
    if (nargs != want)
        cc_error_tok(p->c, name, "'%.*s' takes %d argument%s, not %d", name->len, name->loc, want, want == 1 ? "" : "s", nargs);
    const char *as = "";
    cc_node_t *a[4] = { 0 };
    int len = 0;                    /* the vector width, 0 for scalars */
    for (int i = 0; i < nargs; i++) {
        a[i] = rvalue(p, detach(&args));
        const cc_type_t *t = a[i]->ty;
        if (mathlib_ptr(m->args[i]) && t->kind == TY_PTR) t = cc_unqual(t->base);
        if (t->kind == TY_VEC && !len) len = t->len;
    }
    for (int i = 0; i < nargs; i++) {
        cc_type_t *t = a[i]->ty;
        int vec = t->kind == TY_VEC;
        cc_type_t *et = vec ? t->base : t;
        if (mathlib_ptr(m->args[i])) {
            int want_float = mathlib_ptr_float(m);
            cc_type_t *b = t->kind == TY_PTR ? cc_unqual(t->base) : NULL;
            cc_type_t *be = b && b->kind == TY_VEC ? b->base : b;
            int ok = b && (want_float ? cc_is_float(be) : cc_is_integer(be) && be->size == 4)
                     && (len ? b->kind == TY_VEC && b->len == len : b->kind != TY_VEC);
            if (!ok)
                cc_error_tok(p->c, a[i]->tok, "'%s' takes a pointer to %s%s as argument %d (here %s)", m->name,
                             want_float ? "float" : "int", len ? cc_fmt(p->c, "%d", len) : "", i + 1, cc_type_name(p->c, t));
            if (t->as == AS_CONSTANT)
                cc_error_tok(p->c, a[i]->tok, "'%s' writes through its pointer: not a __constant one", m->name);
            if (t->base->is_const)
                cc_error_tok(p->c, a[i]->tok, "'%s' writes through its pointer: not a const one", m->name);
            as = t->as == AS_GLOBAL ? "g" : t->as == AS_LOCAL ? "l" : "p";
            continue;
        }
        if (m->args[i] == 'f' && !cc_is_float(et))
            cc_error_tok(p->c, a[i]->tok, "'%.*s' takes a float%s argument %d (here %s)", name->len, name->loc,
                         len ? cc_fmt(p->c, "%d", len) : "", i + 1, cc_type_name(p->c, t));
        if (m->args[i] == 'i' && !cc_is_integer(et))
            cc_error_tok(p->c, a[i]->tok, "'%.*s' takes an int%s argument %d (here %s)", name->len, name->loc,
                         len ? cc_fmt(p->c, "%d", len) : "", i + 1, cc_type_name(p->c, t));
        if (len && vec && t->len != len)
            cc_error_tok(p->c, a[i]->tok, "'%.*s' with arguments of different vector widths (%d and %d)", name->len,
                         name->loc, len, t->len);
        if (len && !vec && !(m->vs && m->vs[i] == 's'))
            cc_error_tok(p->c, a[i]->tok, "'%.*s' on float%d takes %s%d as argument %d (here %s)", name->len, name->loc,
                         len, m->args[i] == 'i' ? "an int" : "a float", len, i + 1, cc_type_name(p->c, t));
    }
    const char *lib = cc_fmt(p->c, "__wq_m_%s%s", m->lib, as);
    cc_func_t *f = mathlib_func(p, lib);
    if (!f) cc_error_tok(p->c, name, "'%s': the math library (%s) is not in this link", m->name, lib);
    if (!f->use_tok) f->use_tok = name;
    cc_node_t head = {0}, *cur = &head;
    if (!len) {
        for (int i = 0; i < nargs; i++)
            cur = cur->next = convert(p, a[i], f->params[i]->ty, a[i]->tok, "argument");
        cc_node_t *n = new_node(p, ND_CALL, name);
        n->func = f;
        n->args = head.next;
        n->nargs = nargs;
        n->ty = f->ret;
        return n;
    }
    /* per component: the call over lanes of the operands (a vector's
     * component, a scalar as it is, a pointer plus the lane's index) */
    cc_node_t oh = {0}, *oc = &oh;
    int nops = 0, idx = -1;
    for (int i = 0; i < nargs; i++) {
        cc_type_t *pt = f->params[i]->ty;
        cc_node_t *o = a[i];
        if (mathlib_ptr(m->args[i])) {
            /* the vector pointer as a pointer to its first component */
            cc_type_t *vb = cc_unqual(o->ty->base);
            cc_node_t *c = new_node(p, ND_CAST, o->tok);
            c->lhs = o;
            c->ty = cc_pointer_to(p->c, vb->base, o->ty->as);
            o = c;
            idx = nargs;            /* the index vector: the last operand */
        } else if (o->ty->kind != TY_VEC) {
            o = convert(p, o, pt, o->tok, "argument");
        }
        oc = oc->next = o;
        nops++;
        cc_type_t *lt = o->ty->kind == TY_VEC ? o->ty->base : o->ty;
        cc_node_t *l = lane(p, i, lt, o->tok);
        if (mathlib_ptr(m->args[i])) l = new_add(p, l, lane(p, nargs, &cc_ty_int, name), name);
        else l = convert(p, l, pt, o->tok, "argument");
        cur = cur->next = l;
    }
    if (idx >= 0) {
        cc_node_t *v = new_node(p, ND_VLIT, name), ih = {0}, *ic = &ih;
        for (int k = 0; k < len; k++) ic = ic->next = new_num(p, k, &cc_ty_int, name);
        v->ty = cc_vec_of(&cc_ty_int, len);
        v->args = ih.next;
        v->nargs = len;
        oc = oc->next = v;
        nops++;
    }
    cc_node_t *n = new_node(p, ND_CALL, name);
    n->func = f;
    n->args = head.next;
    n->nargs = nargs;
    n->ty = f->ret;
    return vmap(p, cc_vec_of(f->ret, len), n, name, oh.next, nops);
}

static cc_node_t *printf_call(ps_t *p, const cc_tok_t *name);

static cc_node_t *builtin_call(ps_t *p, const cc_tok_t *name)
{
    static const char *const unsup[] = { "read_imagei", "write_imagei", "read_imageui" };
    if (cc_tok_is(name, "printf")) return printf_call(p, name);
    for (size_t i = 0; i < sizeof unsup / sizeof *unsup; i++)
        if (cc_tok_is(name, unsup[i])) unsupported(p, name, cc_fmt(p->c, "%s is", unsup[i]));
    cc_node_t *conv = conversion(p, name);
    if (conv) return conv;
    cc_node_t *fb = float_builtin(p, name);
    if (fb) return fb;
    cc_node_t *mb = math_builtin(p, name);
    if (mb) return mb;
    if (cc_tok_is(name, "async_work_group_copy")) return async_copy(p, name, 0);
    if (cc_tok_is(name, "async_work_group_strided_copy")) return async_copy(p, name, 1);
    if (cc_tok_is(name, "wait_group_events")) {
        /* the copies are done: the wait is the barrier that makes every
         * work-item's part visible to the group */
        p->tok = p->tok->next;
        int nargs;
        call_args(p, &nargs);
        if (nargs != 2) cc_error_tok(p->c, name, "'wait_group_events' takes 2 arguments, not %d", nargs);
        cc_node_t *n = new_node(p, ND_BUILTIN, name);
        n->bi = BI_BARRIER;
        n->args = new_num(p, 3, &cc_ty_uint, name);     /* CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE */
        n->nargs = 1;
        n->ty = &cc_ty_void;
        return n;
    }
    cc_node_t *vc = vec_call(p, name);
    if (vc) return vc;
    if (cc_tok_is(name, "wq_enqueue")) return enqueue_call(p, name, 0);
    if (cc_tok_is(name, "wq_enqueue_nd")) return enqueue_call(p, name, 1);
    const char *s = name->loc;
    int len = name->len;
    int is_atomic = 0;
    cc_atop_t aop = AT_ADD;
    int an = 0;
    if ((len > 7 && !memcmp(s, "atomic_", 7)) || (len > 5 && !memcmp(s, "atom_", 5))) {
        int pre = s[4] == '_' ? 5 : 7;
        for (size_t i = 0; i < sizeof atomics / sizeof *atomics; i++)
            if ((int)strlen(atomics[i].name) == len - pre && !memcmp(s + pre, atomics[i].name, (size_t)(len - pre))) {
                is_atomic = 1;
                aop = atomics[i].op;
                an = atomics[i].nargs;
            }
        if (!is_atomic) return NULL;
    }
    const bi_ent_t *b = NULL;
    if (!is_atomic) {
        for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++)
            if ((int)strlen(builtins[i].name) == len && !memcmp(s, builtins[i].name, (size_t)len)) b = &builtins[i];
        if (!b) return NULL;
    }
    p->tok = p->tok->next;          /* '(' */
    int nargs;
    cc_node_t *args = call_args(p, &nargs);
    int want = is_atomic ? an : b->nargs;
    if (nargs != want)
        cc_error_tok(p->c, name, "'%.*s' takes %d argument%s, not %d", len, s, want, want == 1 ? "" : "s", nargs);
    cc_node_t *n = new_node(p, ND_BUILTIN, name);
    n->nargs = nargs;
    cc_node_t head = {0}, *cur = &head;
    for (cc_node_t *a = args, *nx; a; a = nx) {
        nx = a->next;
        a->next = NULL;
        cur = cur->next = rvalue(p, a);
    }
    n->args = head.next;
    /* min, max, clamp with a float argument: the float built-ins; select
     * of two floats: by the scalar's truth value (a vector's goes to
     * vec_select, by the top bits) */
    for (cc_node_t *a = n->args; !is_atomic && a; a = a->next) {
        int fl = cc_is_float(a->ty) || (a->ty->kind == TY_VEC && cc_is_float(a->ty->base));
        if (fl && (b->bi == BI_MIN || b->bi == BI_MAX || b->bi == BI_CLAMP)) {
            cc_need_fp(p->c, name, cc_fmt(p->c, "'%.*s' on float is", len, s));
            return float_call(p, name, b->bi == BI_MIN ? FB_MIN : b->bi == BI_MAX ? FB_MAX : FB_CLAMP, n->args, nargs);
        }
        if (fl && b->bi == BI_SELECT && a->ty->kind != TY_VEC && nargs == 3 && n->args->ty->kind != TY_VEC) {
            cc_node_t *x = n->args, *y = x->next, *c = y->next;
            if (!cc_is_float(x->ty) || !cc_is_float(y->ty) || !cc_is_integer(c->ty))
                cc_error_tok(p->c, name, "'select' of floats takes two floats and an integer selector");
            n->bi = BI_SELECT;
            n->ty = &cc_ty_float;
            n->args = new_cast(p, x, &cc_ty_float);
            n->args->next = new_cast(p, y, &cc_ty_float);
            n->args->next->next = c;         /* lower.c selector: c != 0 */
            return n;
        }
    }
    if (!is_atomic)
        for (cc_node_t *a = n->args; a; a = a->next)
            if (a->ty->kind == TY_VEC) return vec_builtin(p, name, b, n->args, nargs);
    if (is_atomic) {
        n->bi = BI_ATOMIC;
        n->atom_op = aop;
        cc_node_t *ptr = n->args;
        /* 64-bit operands: the atom_* spellings only, as OpenCL C 1.2 names
         * them (cl_khr_int64_base_atomics, cl_khr_int64_extended_atomics);
         * lowered with a lock (lower.c gen_atomic64) */
        /* atomic_xchg on a float (OpenCL C 1.2 6.12.11): the exchange of
         * its bits, as on a uint */
        int fx = ptr->ty->kind == TY_PTR && cc_is_float(ptr->ty->base) && aop == AT_XCHG;
        if (ptr->ty->kind == TY_PTR && cc_is_integer(ptr->ty->base) && ptr->ty->base->size == 8 && s[4] != '_')
            cc_error_tok(p->c, ptr->tok, "'%.*s' on a 64-bit integer: the 64-bit form is 'atom_%.*s'", len, s, len - 7, s + 7);
        if (!fx && (ptr->ty->kind != TY_PTR || !cc_is_integer(ptr->ty->base) ||
                    (ptr->ty->base->size != 4 && ptr->ty->base->size != 8)))
            cc_error_tok(p->c, ptr->tok, "the first argument of '%.*s' must point to a 32-bit or 64-bit int or uint%s",
                         len, s, aop == AT_XCHG ? ", or a float" : "");
        if (ptr->ty->as != AS_GLOBAL && ptr->ty->as != AS_LOCAL)
            cc_error_tok(p->c, ptr->tok, "'%.*s' needs a __global or __local pointer", len, s);
        n->ty = cc_unqual(ptr->ty->base);
        for (cc_node_t *a = ptr->next; a; a = a->next) {
            if (!cc_is_integer(a->ty) && !(fx && cc_is_float(a->ty)))
                cc_error_tok(p->c, a->tok, "atomic operand must be an integer%s", fx ? " or a float" : "");
        }
        cc_node_t *prev = ptr;
        for (cc_node_t *a = ptr->next; a; a = a->next) {
            cc_node_t *cv = new_cast(p, a, n->ty);
            cv->next = a->next;
            prev->next = cv;
            prev = cv;
            a = cv;
        }
        return n;
    }
    n->bi = b->bi;
    return builtin_typed(p, name, b, n);
}

/* the type of built-in b's call n, its arguments converted (n->args are
 * rvalues; a vector built-in passes its template's stand-ins) */
static cc_node_t *builtin_typed(ps_t *p, const cc_tok_t *name, const bi_ent_t *b, cc_node_t *n)
{
    const char *s = name->loc;
    int len = name->len;
    switch (b->bi) {
    case BI_GLOBAL_ID: case BI_LOCAL_ID: case BI_GROUP_ID: case BI_GLOBAL_SIZE:
    case BI_LOCAL_SIZE: case BI_NUM_GROUPS: case BI_GLOBAL_OFFSET:
        if (!cc_is_integer(n->args->ty)) cc_error_tok(p->c, n->args->tok, "the dimension must be an integer");
        n->args = new_cast(p, n->args, &cc_ty_uint);
        n->ty = &cc_ty_uint;
        break;
    case BI_WORK_DIM: n->ty = &cc_ty_uint; break;
    case BI_BARRIER: case BI_MEM_FENCE: case BI_YIELD: n->ty = &cc_ty_void; break;
    case BI_WQ_DONE: case BI_WQ_FINISH: n->ty = &cc_ty_void; break;
    case BI_PREFETCH:
        /* prefetch(const __global gentype *p, size_t n): a hint, kept for
         * its operands' side effects (the device has no prefetch; its L1
         * fills on a miss) */
        if (n->args->ty->kind != TY_PTR || n->args->ty->as != AS_GLOBAL)
            cc_error_tok(p->c, n->args->tok, "'prefetch' takes a __global pointer, not %s", cc_type_name(p->c, n->args->ty));
        if (!cc_is_integer(n->args->next->ty))
            cc_error_tok(p->c, n->args->next->tok, "'prefetch' takes an element count (size_t)");
        n->ty = &cc_ty_void;
        break;
    case BI_UPSAMPLE: {
        /* upsample(hi, lo): (hi << bits) | lo, twice hi's width with its
         * signedness; lo is the unsigned type of hi's width */
        static cc_type_t *const wide[2][5] = { { [1] = &cc_ty_short, [2] = &cc_ty_int, [4] = &cc_ty_long },
                                               { [1] = &cc_ty_ushort, [2] = &cc_ty_uint, [4] = &cc_ty_ulong } };
        static cc_type_t *const half[5] = { [1] = &cc_ty_uchar, [2] = &cc_ty_ushort, [4] = &cc_ty_uint };
        cc_type_t *h = cc_unqual(n->args->ty);
        for (cc_node_t *a = n->args; a; a = a->next)
            if (!cc_is_integer(a->ty)) cc_error_tok(p->c, a->tok, "'upsample' takes integer arguments");
        if (h->kind == TY_BOOL || h->size > 4)
            cc_error_tok(p->c, name, "'upsample' takes a char, short or int high half (its result "
                         "is twice as wide), not %s", cc_type_name(p->c, h));
        n->ty = wide[h->is_unsigned][h->size];
        n->args->next = new_cast(p, n->args->next, half[h->size]);
        break;
    }
    default: {
        /* integer built-ins: operands converted to one common type */
        cc_type_t *t = NULL;
        int k = 0;
        for (cc_node_t *a = n->args; a; a = a->next, k++) {
            if (!cc_is_integer(a->ty)) cc_error_tok(p->c, a->tok, "'%.*s' takes integer arguments", len, s);
            if (b->bi == BI_SELECT && k == 2) continue;        /* the selector */
            if (b->bi == BI_ROTATE && k == 1) continue;
            t = t ? cc_common(t, a->ty) : cc_unqual(a->ty);
        }
        /* OpenCL's integer built-ins keep their gentype: min(uchar, uchar) is uchar */
        int same = 1;
        for (cc_node_t *a = n->args; a; a = a->next) if (cc_unqual(a->ty) != cc_unqual(n->args->ty)) same = 0;
        if (same && b->bi != BI_SELECT) t = cc_unqual(n->args->ty);
        cc_node_t h2 = {0}, *c2 = &h2;
        k = 0;
        for (cc_node_t *a = n->args, *nx; a; a = nx, k++) {
            nx = a->next;
            a->next = NULL;
            cc_node_t *cv = (b->bi == BI_SELECT && k == 2) ? a : new_cast(p, a, t);
            c2 = c2->next = cv;
        }
        n->args = h2.next;
        n->ty = t;
        if ((b->bi == BI_MUL24 || b->bi == BI_MAD24) && t->size == 8)
            cc_error_tok(p->c, name, "'%.*s' has no 64-bit form: OpenCL C defines it for int and uint "
                         "(24-bit operands) only", len, s);
        if (b->bi == BI_ABS || b->bi == BI_ABS_DIFF) {
            static cc_type_t *const ut[] = { [1] = &cc_ty_uchar, [2] = &cc_ty_ushort, [4] = &cc_ty_uint, [8] = &cc_ty_ulong };
            n->ty = ut[t->size];
        }
        if (b->bi == BI_POPCOUNT || b->bi == BI_CLZ || b->bi == BI_CTZ) n->ty = t;
        break;
    }
    }
    return n;
}

static cc_node_t *funcall(ps_t *p, cc_tok_t *name)
{
    cc_func_t *f = find_func(p, name);
    if (!f) {
        cc_node_t *b = builtin_call(p, name);
        if (b) return b;
        cc_error_tok(p->c, name, "call to undeclared function '%.*s'", name->len, name->loc);
    }
    if (!f->use_tok) f->use_tok = name;
    p->tok = p->tok->next;
    int nargs;
    cc_node_t *args = call_args(p, &nargs);
    if (nargs != f->nparams)
        cc_error_tok(p->c, name, "'%s' takes %d argument%s, not %d", f->name, f->nparams, f->nparams == 1 ? "" : "s", nargs);
    cc_node_t head = {0}, *cur = &head;
    int k = 0;
    for (cc_node_t *a = args, *nx; a; a = nx, k++) {
        nx = a->next;
        a->next = NULL;
        cur = cur->next = convert(p, a, f->params[k]->ty, a->tok, "argument");
    }
    cc_node_t *n = new_node(p, ND_CALL, name);
    n->func = f;
    n->args = head.next;
    n->nargs = nargs;
    n->ty = f->ret;
    return n;
}

/* GNU statement expression `({ ...; e; })` (clang accepts it in OpenCL
 * C): the block runs, and its value is its last statement's when that is
 * an expression (an array decays), else void.  p->tok is the '{'.  No
 * break, continue, return or case may leave it. */
static cc_node_t *stmt_expr(ps_t *p, const cc_tok_t *t)
{
    if (!p->fn) cc_error_tok(p->c, t, "a statement expression is only allowed inside a function");
    int saved_loop = p->loop_depth, saved_switch = p->switch_depth;
    cc_node_t *saved_cur = p->cur_switch;
    p->loop_depth = p->switch_depth = 0;
    p->cur_switch = NULL;
    p->in_stmt_expr++;
    cc_node_t *blk = compound(p);
    p->in_stmt_expr--;
    p->loop_depth = saved_loop;
    p->switch_depth = saved_switch;
    p->cur_switch = saved_cur;
    cc_node_t *n = new_node(p, ND_STMTEXPR, t);
    n->then = blk;
    n->ty = &cc_ty_void;
    cc_node_t **last = &blk->body;
    while (*last && (*last)->next) last = &(*last)->next;
    if (*last && (*last)->kind == ND_EXPR_STMT) {
        n->lhs = decay(p, (*last)->lhs);
        n->ty = n->lhs->ty;
        *last = NULL;
    }
    return n;
}

static cc_node_t *primary(ps_t *p)
{
    cc_tok_t *t = p->tok;
    if (is(p, "(") && cc_tok_is(t->next, "{")) {
        p->tok = t->next;
        cc_node_t *e = stmt_expr(p, t);
        skip(p, ")");
        return e;
    }
    if (consume(p, "(")) {
        cc_node_t *e = expr(p);
        skip(p, ")");
        return e;
    }
    if (is(p, "sizeof")) {
        p->tok = t->next;
        cc_type_t *ty;
        if (is(p, "(") && (p->tok = p->tok->next, is_typename(p))) {
            ty = typename_(p);
            skip(p, ")");
        } else {
            p->tok = t->next;                   /* sizeof expr, or sizeof (expr) */
            ty = unary(p)->ty;
        }
        if (ty->size < 0 || ty->kind == TY_FUNC) cc_error_tok(p->c, t, "sizeof an incomplete type");
        return new_num(p, ty->kind == TY_VOID ? 1 : ty->size, &cc_ty_uint, t);
    }
    if (t->kind == TK_PPNUM) cc_convert_number(p->c, t);
    if (t->kind == TK_NUM && t->is_float) {
        /* with or without the f suffix: a device without cl_khr_fp64 types
         * an unsuffixed constant float, as clang does (docs/compiler.md) */
        p->tok = t->next;
        return new_num(p, (int64_t)(uint32_t)t->val, &cc_ty_float, t);
    }
    if (t->kind == TK_NUM) {
        p->tok = t->next;
        cc_type_t *ty;
        uint64_t v = t->val;
        int dec = t->loc[0] != '0' || t->len == 1;
        if (t->is_long) ty = t->is_unsigned || v > INT64_MAX ? &cc_ty_ulong : &cc_ty_long;
        else if (t->is_unsigned) ty = v <= UINT32_MAX ? &cc_ty_uint : &cc_ty_ulong;
        else if (v <= INT32_MAX) ty = &cc_ty_int;
        else if (!dec && v <= UINT32_MAX) ty = &cc_ty_uint;
        else ty = v <= INT64_MAX ? &cc_ty_long : &cc_ty_ulong;
        return new_num(p, (int64_t)v, ty, t);
    }
    if (t->kind == TK_STR)
        cc_error_tok(p->c, t, "a string literal is only a printf format or a printf argument for %%s on this device");
    if (t->kind == TK_IDENT) {
        if (cc_tok_is(t->next, "(")) { p->tok = t->next; return funcall(p, t); }
        scope_ent_t *e = lookup(p, t, 0);
        p->tok = t->next;
        if (!e || e->tdef) cc_error_tok(p->c, t, "use of undeclared identifier '%.*s'", t->len, t->loc);
        if (e->is_enum) return new_num(p, e->enum_val, &cc_ty_int, t);
        return new_var_node(p, e->var, t);
    }
    if (t->kind == TK_EOF) cc_error_tok(p->c, t, "expected an expression at end of input");
    cc_error_tok(p->c, t, "expected an expression before '%.*s'", t->len, t->loc);
}

/* member m of the object base: memory at base + offset */
static cc_node_t *member_at(ps_t *p, cc_node_t *base, cc_member_t *m, const cc_tok_t *t)
{
    cc_node_t *addr = new_node(p, ND_ADDR, t);
    addr->lhs = base;
    cc_as_t as = base->kind == ND_DEREF ? base->lhs->ty->as : base->kind == ND_VAR ? base->var->as : AS_PRIVATE;
    addr->ty = cc_pointer_to(p->c, &cc_ty_uchar, as);
    cc_node_t *off = new_node(p, ND_ADD, t);
    off->lhs = addr;
    off->rhs = new_num(p, m->offset, &cc_ty_int, t);
    off->ty = addr->ty;
    cc_type_t *mt = m->ty;
    if (base->ty->is_const) mt = cc_qualified(p->c, mt, 1, 0);
    cc_node_t *cast = new_node(p, ND_CAST, t);
    cast->lhs = off;
    cast->ty = cc_pointer_to(p->c, mt, as);
    cc_node_t *d = new_node(p, ND_DEREF, t);
    d->lhs = cast;
    d->ty = mt;
    return d;
}

static cc_node_t *member(ps_t *p, cc_node_t *base, const cc_tok_t *t)
{
    if (base->ty->kind != TY_STRUCT) cc_error_tok(p->c, t, "member access on a value that is not a struct or union");
    if (base->ty->size < 0) cc_error_tok(p->c, t, "member access on an incomplete type");
    if (p->tok->kind != TK_IDENT) cc_error_tok(p->c, p->tok, "expected a member name");
    for (cc_member_t *m = base->ty->members; m; m = m->next) {
        if ((int)strlen(m->name) == p->tok->len && !memcmp(m->name, p->tok->loc, (size_t)p->tok->len)) {
            p->tok = p->tok->next;
            cc_node_t *e = member_at(p, base, m, t);
            if (is_lvalue(base) || !cc_is_scalar(e->ty)) return e;
            /* a scalar member of a struct value (a call's result, `?:`):
             * a value, not an object to assign to */
            cc_node_t *v = new_node(p, ND_CAST, t);
            v->lhs = e;
            v->ty = cc_unqual(e->ty);
            return v;
        }
    }
    cc_error_tok(p->c, p->tok, "no member named '%.*s' in %s", p->tok->len, p->tok->loc, cc_type_name(p->c, base->ty));
}

static cc_node_t *incdec(ps_t *p, cc_node_t *e, int delta, int post, const cc_tok_t *t)
{
    check_assignable(p, e, t);
    if (e->ty->kind == TY_VEC || e->kind == ND_SWIZZLE) return vec_incdec(p, e, delta, post, t);
    if (!cc_is_scalar(e->ty)) cc_error_tok(p->c, t, "'%.*s' needs an integer or pointer", t->len, t->loc);
    cc_node_t *n = new_node(p, ND_INCDEC, t);
    n->lhs = e;
    n->op = delta * (e->ty->kind == TY_PTR ? e->ty->base->size : 1);
    n->post = post;
    n->ty = e->ty;
    return n;
}

static cc_node_t *postfix(ps_t *p)
{
    cc_node_t *e = primary(p);
    for (;;) {
        cc_tok_t *t = p->tok;
        if (consume(p, "[")) {
            cc_node_t *i = expr(p);
            skip(p, "]");
            e = new_deref(p, new_add(p, e, i, t), t);
            continue;
        }
        if (consume(p, ".")) { e = e->ty->kind == TY_VEC ? swizzle(p, e, t) : member(p, e, t); continue; }
        if (consume(p, "->")) {
            e = new_deref(p, e, t);
            e = e->ty->kind == TY_VEC ? swizzle(p, e, t) : member(p, e, t);
            continue;
        }
        if (consume(p, "++")) { e = incdec(p, e, 1, 1, t); continue; }
        if (consume(p, "--")) { e = incdec(p, e, -1, 1, t); continue; }
        return e;
    }
}

static cc_node_t *unary_(ps_t *p)
{
    cc_tok_t *t = p->tok;
    if (consume(p, "+")) {
        cc_node_t *e = rvalue(p, cast_expr(p));
        if (e->ty->kind == TY_VEC) return e;
        if (!cc_is_arith(e->ty)) cc_error_tok(p->c, t, "invalid operand to unary '+'");
        return new_cast(p, e, cc_promote(e->ty));
    }
    if (consume(p, "-")) {
        cc_node_t *e = rvalue(p, cast_expr(p));
        if (e->ty->kind == TY_VEC) return vec_unary(p, '-', e, t);
        if (cc_is_float(e->ty)) {
            /* the sign bit flips (0 - x would make -0 of +0 wrong) */
            if (e->kind == ND_NUM) return new_num(p, (int64_t)((uint32_t)e->val ^ 0x80000000u), e->ty, t);
            cc_node_t *n = new_node(p, ND_NEG, t);
            n->lhs = e;
            n->ty = cc_unqual(e->ty);
            return n;
        }
        if (!cc_is_integer(e->ty)) cc_error_tok(p->c, t, "invalid operand to unary '-'");
        return new_arith(p, ND_SUB, new_num(p, 0, &cc_ty_int, t), e, t);
    }
    if (consume(p, "!")) {
        cc_node_t *e = rvalue(p, cast_expr(p));
        if (e->ty->kind == TY_VEC) return vec_unary(p, '!', e, t);
        if (!cc_is_scalar(e->ty)) cc_error_tok(p->c, t, "invalid operand to '!'");
        if (cc_is_float(e->ty)) return new_cmp(p, ND_EQ, e, new_num(p, 0, &cc_ty_float, t), t);
        return new_cmp(p, ND_EQ, e, new_num(p, 0, e->ty->kind == TY_PTR ? &cc_ty_uint : &cc_ty_int, t), t);
    }
    if (consume(p, "~")) {
        cc_node_t *e = rvalue(p, cast_expr(p));
        if (e->ty->kind == TY_VEC) return vec_unary(p, '~', e, t);
        if (!cc_is_integer(e->ty)) cc_error_tok(p->c, t, "invalid operand to '~'");
        return new_arith(p, ND_XOR, e, new_num(p, -1, &cc_ty_int, t), t);
    }
    if (consume(p, "&")) {
        cc_node_t *e = cast_expr(p);
        if (e->kind == ND_SWIZZLE) cc_error_tok(p->c, t, "cannot take the address of a vector component");
        if (!is_lvalue(e)) cc_error_tok(p->c, t, "cannot take the address of an rvalue");
        if (e->kind == ND_DEREF) return e->lhs;               /* &*p == p */
        /* an address-taken variable lives in the work-item's frame */
        if (e->kind == ND_VAR && !e->var->in_memory) {
            e->var->in_memory = 1;
            e->var->as = AS_PRIVATE;
        }
        cc_node_t *n = new_node(p, ND_ADDR, t);
        n->lhs = e;
        n->ty = cc_pointer_to(p->c, e->ty, e->kind == ND_VAR ? e->var->as : AS_PRIVATE);
        return n;
    }
    if (consume(p, "*")) return new_deref(p, cast_expr(p), t);
    if (consume(p, "++")) return incdec(p, unary(p), 1, 0, t);
    if (consume(p, "--")) return incdec(p, unary(p), -1, 0, t);
    return postfix(p);
}

static cc_node_t *unary(ps_t *p) { return nested(p, unary_); }

static void init_obj(ps_t *p, cc_node_t *lv, cc_node_t **cur);

/* `(T){ ... }`: an unnamed object of the enclosing function, initialised
 * where the expression is evaluated; a statement expression whose block
 * is the initializer's stores and whose value is the object.  p->tok is
 * the '{'. */
static cc_node_t *compound_literal(ps_t *p, cc_type_t *ty, const cc_tok_t *t)
{
    if (!p->fn) cc_error_tok(p->c, t, "a compound literal is only allowed inside a function");
    if (ty->kind == TY_VOID || ty->kind == TY_FUNC || ty->size < 0)
        cc_error_tok(p->c, t, "a compound literal needs a complete object type, not %s", cc_type_name(p->c, ty));
    cc_var_t *v = cc_alloc(p->c, sizeof *v);
    v->name = "<compound literal>";
    v->ty = ty;
    v->tok = t;
    v->next = p->fn->locals;
    p->fn->locals = v;
    if (ty->kind == TY_ARRAY || ty->kind == TY_STRUCT) {
        v->in_memory = 1;
        v->as = AS_PRIVATE;
    }
    cc_node_t head = {0}, *cur = &head;
    cc_node_t *lv = new_var_node(p, v, t);
    lv->ty = cc_unqual(ty);         /* the initializer's stores write it */
    init_obj(p, lv, &cur);
    cc_node_t *blk = new_node(p, ND_BLOCK, t);
    blk->body = head.next;
    cc_node_t *n = new_node(p, ND_STMTEXPR, t);
    n->then = blk;
    n->lhs = decay(p, new_var_node(p, v, t));
    n->ty = n->lhs->ty;
    return n;
}

static cc_node_t *cast_expr_(ps_t *p)
{
    cc_tok_t *t = p->tok;
    if (is(p, "(")) {
        p->tok = t->next;
        if (is_typename(p)) {
            cc_type_t *ty = typename_(p);
            skip(p, ")");
            if (ty->kind == TY_VEC && is(p, "{")) return vec_literal(p, ty, t, 1);
            if (is(p, "{")) return compound_literal(p, ty, t);
            if (ty->kind == TY_VEC && is(p, "(")) {
                p->tok = p->tok->next;
                return vec_literal(p, ty, t, 0);
            }
            cc_node_t *e = rvalue(p, cast_expr(p));
            if (ty->kind == TY_VEC || e->ty->kind == TY_VEC) return vec_cast(p, ty, e, t);
            if (ty->kind == TY_VOID) { cc_node_t *n = new_node(p, ND_CAST, t); n->lhs = e; n->ty = ty; return n; }
            if (!cc_is_scalar(ty) || !cc_is_scalar(e->ty))
                cc_error_tok(p->c, t, "invalid cast from %s to %s", cc_type_name(p->c, e->ty), cc_type_name(p->c, ty));
            if (ty->kind == TY_PTR && e->ty->kind == TY_PTR && ty->as != e->ty->as)
                cc_error_tok(p->c, t, "a cast cannot change a pointer's address space");
            return new_cast(p, e, cc_unqual(ty));
        }
        p->tok = t;
    }
    return unary(p);
}

static cc_node_t *cast_expr(ps_t *p) { return nested(p, cast_expr_); }

static cc_node_t *mul(ps_t *p)
{
    cc_node_t *e = cast_expr(p);
    for (;;) {
        cc_tok_t *t = p->tok;
        if (consume(p, "*")) e = new_arith(p, ND_MUL, e, cast_expr(p), t);
        else if (consume(p, "/")) e = new_arith(p, ND_DIV, e, cast_expr(p), t);
        else if (consume(p, "%")) e = new_arith(p, ND_MOD, e, cast_expr(p), t);
        else return e;
    }
}

static cc_node_t *add(ps_t *p)
{
    cc_node_t *e = mul(p);
    for (;;) {
        cc_tok_t *t = p->tok;
        if (consume(p, "+")) e = new_add(p, e, mul(p), t);
        else if (consume(p, "-")) e = new_sub(p, e, mul(p), t);
        else return e;
    }
}

static cc_node_t *shift(ps_t *p)
{
    cc_node_t *e = add(p);
    for (;;) {
        cc_tok_t *t = p->tok;
        if (consume(p, "<<")) e = new_arith(p, ND_SHL, e, add(p), t);
        else if (consume(p, ">>")) e = new_arith(p, ND_SHR, e, add(p), t);
        else return e;
    }
}

static cc_node_t *relational(ps_t *p)
{
    cc_node_t *e = shift(p);
    for (;;) {
        cc_tok_t *t = p->tok;
        if (consume(p, "<")) e = new_cmp(p, ND_LT, e, shift(p), t);
        else if (consume(p, "<=")) e = new_cmp(p, ND_LE, e, shift(p), t);
        else if (consume(p, ">")) e = new_cmp(p, ND_LT, shift(p), e, t);
        else if (consume(p, ">=")) e = new_cmp(p, ND_LE, shift(p), e, t);
        else return e;
    }
}

static cc_node_t *equality(ps_t *p)
{
    cc_node_t *e = relational(p);
    for (;;) {
        cc_tok_t *t = p->tok;
        if (consume(p, "==")) e = new_cmp(p, ND_EQ, e, relational(p), t);
        else if (consume(p, "!=")) e = new_cmp(p, ND_NE, e, relational(p), t);
        else return e;
    }
}

static cc_node_t *bitand_(ps_t *p)
{
    cc_node_t *e = equality(p);
    for (cc_tok_t *t = p->tok; consume(p, "&"); t = p->tok) e = new_arith(p, ND_AND, e, equality(p), t);
    return e;
}
static cc_node_t *bitxor_(ps_t *p)
{
    cc_node_t *e = bitand_(p);
    for (cc_tok_t *t = p->tok; consume(p, "^"); t = p->tok) e = new_arith(p, ND_XOR, e, bitand_(p), t);
    return e;
}
static cc_node_t *bitor_(ps_t *p)
{
    cc_node_t *e = bitxor_(p);
    for (cc_tok_t *t = p->tok; consume(p, "|"); t = p->tok) e = new_arith(p, ND_OR, e, bitxor_(p), t);
    return e;
}

/* a float used as a truth value is `x != 0.0f` (true for NaN, false for
 * -0.0f), an int; other values pass through */
static cc_node_t *float_truth(ps_t *p, cc_node_t *e)
{
    if (!e->ty || !cc_is_float(e->ty)) return e;
    return new_cmp(p, ND_NE, e, new_num(p, 0, &cc_ty_float, e->tok), e->tok);
}

static cc_node_t *new_logic(ps_t *p, cc_nk_t k, cc_node_t *a, cc_node_t *b, const cc_tok_t *t)
{
    a = rvalue(p, a);
    b = rvalue(p, b);
    if (a->ty->kind == TY_VEC || b->ty->kind == TY_VEC) return vec_binary(p, k, a, b, t);
    if (!cc_is_scalar(a->ty) || !cc_is_scalar(b->ty)) cc_error_tok(p->c, t, "invalid operands to '%.*s'", t->len, t->loc);
    a = float_truth(p, a);
    b = float_truth(p, b);
    if (a->kind == ND_NUM) {
        int av = a->val != 0;
        if (k == ND_LOGAND && !av) return new_num(p, 0, &cc_ty_int, t);
        if (k == ND_LOGOR && av) return new_num(p, 1, &cc_ty_int, t);
        return new_cmp(p, ND_NE, b, new_num(p, 0, b->ty->kind == TY_PTR ? &cc_ty_uint : &cc_ty_int, t), t);
    }
    cc_node_t *n = new_node(p, k, t);
    n->lhs = a;
    n->rhs = b;
    n->ty = &cc_ty_int;
    return n;
}

static cc_node_t *logand(ps_t *p)
{
    cc_node_t *e = bitor_(p);
    for (cc_tok_t *t = p->tok; consume(p, "&&"); t = p->tok) e = new_logic(p, ND_LOGAND, e, bitor_(p), t);
    return e;
}
static cc_node_t *logor(ps_t *p)
{
    cc_node_t *e = logand(p);
    for (cc_tok_t *t = p->tok; consume(p, "||"); t = p->tok) e = new_logic(p, ND_LOGOR, e, logand(p), t);
    return e;
}

static cc_node_t *conditional(ps_t *p)
{
    cc_node_t *c = logor(p);
    cc_tok_t *t = p->tok;
    if (!consume(p, "?")) return c;
    c = rvalue(p, c);
    if (!cc_is_scalar(c->ty) && c->ty->kind != TY_VEC) cc_error_tok(p->c, t, "the condition of '?:' must be a scalar or a vector");
    /* OpenCL C 1.2 6.3.i: a scalar or vector condition "except float" */
    if (cc_is_float(c->ty)) cc_error_tok(p->c, t, "the condition of '?:' cannot be a float (OpenCL C 6.3.i: compare it)");
    cc_node_t *a = expr(p);
    skip(p, ":");
    cc_node_t *b = conditional(p);
    if (c->ty->kind == TY_VEC || a->ty->kind == TY_VEC || b->ty->kind == TY_VEC)
        return vec_cond(p, c, rvalue(p, a), rvalue(p, b), t);
    cc_node_t *n = new_node(p, ND_COND, t);
    if (a->ty->kind == TY_STRUCT || b->ty->kind == TY_STRUCT) {
        /* struct or union arms: the value is the chosen arm's object */
        if (!same_agg(a->ty, b->ty))
            cc_error_tok(p->c, t, "'?:' arms of different types (%s and %s)", cc_type_name(p->c, decay(p, a)->ty),
                         cc_type_name(p->c, decay(p, b)->ty));
        n->ty = cc_unqual(a->ty);
    } else if (a = rvalue(p, a), b = rvalue(p, b), a->ty->kind == TY_VOID || b->ty->kind == TY_VOID) {
        n->ty = &cc_ty_void;
    } else if (a->ty->kind == TY_PTR || b->ty->kind == TY_PTR) {
        cc_type_t *pt = a->ty->kind == TY_PTR ? a->ty : b->ty;
        a = convert(p, a, pt, t, "'?:'");
        b = convert(p, b, pt, t, "'?:'");
        n->ty = pt;
    } else {
        n->ty = arith(p, &a, &b);
    }
    if (c->kind == ND_NUM) return c->val ? a : b;
    n->cond = c;
    n->then = a;
    n->els = b;
    return n;
}

static cc_nk_t assign_op(ps_t *p)
{
    static const struct { const char *s; cc_nk_t k; } ops[] = {
        { "+=", ND_ADD }, { "-=", ND_SUB }, { "*=", ND_MUL }, { "/=", ND_DIV }, { "%=", ND_MOD },
        { "<<=", ND_SHL }, { ">>=", ND_SHR }, { "&=", ND_AND }, { "|=", ND_OR }, { "^=", ND_XOR },
    };
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        if (is(p, ops[i].s)) return ops[i].k;
    return ND_NOP;
}

static cc_node_t *assign(ps_t *p)
{
    cc_node_t *e = conditional(p);
    cc_tok_t *t = p->tok;
    if (consume(p, "=")) {
        check_assignable(p, e, t);
        cc_node_t *n = new_node(p, ND_ASSIGN, t);
        n->lhs = e;
        n->rhs = convert(p, assign(p), e->ty, t, "assignment");
        n->ty = e->ty;
        return n;
    }
    cc_nk_t k = assign_op(p);
    if (k != ND_NOP) {
        p->tok = t->next;
        check_assignable(p, e, t);
        cc_node_t *r = rvalue(p, assign(p));
        if (e->ty->kind == TY_VEC || e->kind == ND_SWIZZLE) return vec_opassign(p, e, k, r, t);
        /* a op= b is a = (T)(a op b) with a evaluated once; the operation's
         * type is computed here on a stand-in for a's value */
        cc_node_t *n = new_node(p, ND_OPASSIGN, t);
        n->lhs = e;
        n->op = k;
        n->ty = e->ty;
        if (e->ty->kind == TY_PTR) {
            if (k != ND_ADD && k != ND_SUB) cc_error_tok(p->c, t, "invalid compound assignment to a pointer");
            n->rhs = scale(p, r, e->ty->base, t);
        } else {
            if (!cc_is_arith(e->ty) || !cc_is_arith(r->ty) ||
                ((cc_is_float(e->ty) || cc_is_float(r->ty)) && k != ND_ADD && k != ND_SUB && k != ND_MUL && k != ND_DIV))
                cc_error_tok(p->c, t, "invalid operands to '%.*s'", t->len, t->loc);
            cc_type_t *ot = (k == ND_SHL || k == ND_SHR) ? cc_promote(e->ty) : cc_common(e->ty, r->ty);
            n->rhs = new_cast(p, r, (k == ND_SHL || k == ND_SHR) ? cc_promote(r->ty) : ot);
            n->member = NULL;
            n->then = new_num(p, 0, ot, t);            /* carries the operation type */
        }
        return n;
    }
    return e;
}

static cc_node_t *expr(ps_t *p)
{
    cc_node_t *e = assign(p);
    cc_tok_t *t = p->tok;
    if (!consume(p, ",")) return e;
    cc_node_t *n = new_node(p, ND_COMMA, t);
    n->lhs = e;
    n->rhs = expr(p);
    n->ty = n->rhs->ty;
    return n;
}

static int64_t const_expr(ps_t *p)
{
    cc_node_t *e = conditional(p);
    if (e->kind != ND_NUM) cc_error_tok(p->c, e->tok, "expected an integer constant expression");
    return e->val;
}

/* ---- statements ---------------------------------------------------------------------------- */
static cc_var_t *new_var(ps_t *p, const cc_tok_t *name, cc_type_t *ty)
{
    const char *s = cc_tok_str(p->c, name);
    if (in_this_scope(p, s)) cc_error_tok(p->c, name, "redefinition of '%s'", s);
    cc_var_t *v = cc_alloc(p->c, sizeof *v);
    v->name = s;
    v->ty = ty;
    v->tok = name;
    scope_ent_t *e = push_ent(p, s);
    e->var = v;
    if (p->fn) {
        v->next = p->fn->locals;
        p->fn->locals = v;
    }
    return v;
}

/* ---- initializers of private arrays and structs -------------------------------------- */
static void init_assign(ps_t *p, cc_node_t *lv, cc_node_t *val, const cc_tok_t *t, cc_node_t **cur)
{
    cc_node_t *a = new_node(p, ND_ASSIGN, t);
    a->lhs = lv;
    a->rhs = convert(p, val, cc_unqual(lv->ty), t, "initialization");
    a->ty = lv->ty;
    cc_node_t *st = new_node(p, ND_EXPR_STMT, t);
    st->lhs = a;
    *cur = (*cur)->next = st;
}

static cc_node_t *element(ps_t *p, cc_node_t *lv, int i, const cc_tok_t *t)
{
    return new_deref(p, new_add(p, lv, new_num(p, i, &cc_ty_int, t), t), t);
}

/* component i of the vector lvalue lv */
static cc_node_t *component(ps_t *p, cc_node_t *lv, int i, const cc_tok_t *t)
{
    cc_node_t *s = new_node(p, ND_SWIZZLE, t);
    s->lhs = lv;
    s->nargs = 1;
    s->val = i;
    s->ty = lv->ty->base;
    return s;
}

/* ---- printf (OpenCL C 1.2 §6.12.13; docs/compiler.md "printf") ------------------------- */
/* A call becomes the statement expression
 *
 *     ({ a0 = ARG0; ...;                         the arguments, once, in order
 *        b = <the launch's printf buffer>;       BI_PRINTF_BUF (lower.c)
 *        o = atomic_add(b, N);                   N: the record's words
 *        r = -1;
 *        if (o <= CAP - N) { q = b + HEADER + o; q[0] = ID; q[1] = N; q[2..] = the words; r = 0; }
 *        r; })
 *
 * (kabi.def KPRINTF): the format is a string literal, checked here with
 * format.c's grammar; it and the %s literals become ids into the program's
 * string table, which the runtime prints the records with. */

/* the id of string s (its bytes up to the first NUL) in the program's table */
static int string_id(ps_t *p, const char *s)
{
    cc_prog_t *g = p->prog;
    for (int i = 0; i < g->nstrs; i++) if (!strcmp(g->strs[i], s)) return i;
    if (g->nstrs == g->capstrs) {
        int cap = g->capstrs ? 2 * g->capstrs : 16;
        const char **t = cc_alloc(p->c, sizeof *t * (size_t)cap);
        if (g->nstrs) memcpy(t, g->strs, sizeof *t * (size_t)g->nstrs);
        g->strs = t;
        g->capstrs = cap;
    }
    g->strs[g->nstrs] = s;
    return g->nstrs++;
}

/* the adjacent string literals at p->tok as one string (to its first NUL),
 * p->tok past them */
static const char *string_literal(ps_t *p)
{
    size_t room = 0, n = 0;
    for (const cc_tok_t *t = p->tok; t->kind == TK_STR; t = t->next) room += (size_t)t->len;
    char *s = cc_alloc(p->c, room + 1);
    const cc_tok_t *first = p->tok;
    for (; p->tok->kind == TK_STR; p->tok = p->tok->next) n += cc_str_decode(p->c, p->tok, s + n);
    s[n] = 0;
    if (strlen(s) > WQ_CC_PRINTF_STR_MAX)
        cc_error_tok(p->c, first, "a printf string of %zu bytes: this device's printf takes at most %d", strlen(s),
                     WQ_CC_PRINTF_STR_MAX);
    return s;
}

/* where a message about the piece at fmt[at, at + len) goes: into the
 * format's text when it is one literal without escapes up to there, else
 * the literal */
static const cc_tok_t *piece_tok(ps_t *p, const cc_tok_t *ft, const char *fmt, size_t at, size_t len)
{
    if (ft->next->kind == TK_STR || ft->origin || (size_t)ft->len < at + len + 2 ||
        memcmp(ft->loc + 1, fmt, at + len) || memchr(ft->loc + 1, '\\', at + len))
        return ft;
    cc_tok_t *t = cc_alloc(p->c, sizeof *t);
    *t = *ft;
    t->loc = ft->loc + 1 + at;
    t->len = (int)len;
    t->col = ft->col + 1 + (int)at;
    return t;
}

/* q[k] = v (uint); as a statement */
static cc_node_t *store_word(ps_t *p, cc_var_t *q, int k, cc_node_t *v, const cc_tok_t *t)
{
    cc_node_t *a = new_node(p, ND_ASSIGN, t);
    a->lhs = new_deref(p, new_add(p, new_var_node(p, q, t), new_num(p, k, &cc_ty_int, t), t), t);
    a->rhs = new_cast(p, v, &cc_ty_uint);
    a->ty = a->lhs->ty;
    cc_node_t *st = new_node(p, ND_EXPR_STMT, t);
    st->lhs = a;
    return st;
}

/* argument v's value for word j of its record part: the scalar itself
 * (j < 0), or component j of a vector promoted as a scalar would be; a
 * fresh node each time (no node is shared in the AST) */
static cc_node_t *arg_value(ps_t *p, cc_var_t *v, int j, const cc_tok_t *t)
{
    cc_node_t *x = new_var_node(p, v, t);
    if (j >= 0) {
        cc_type_t *e = v->ty->base;
        return new_cast(p, component(p, x, j, t), e->size == 8 ? e : cc_promote(e));
    }
    if (v->ty->kind == TY_PTR) return new_cast(p, x, &cc_ty_uint);
    if (cc_is_float(v->ty)) return bits_as(p, x, &cc_ty_uint);
    return x;
}

/* the record words of argument v (component j, or the scalar: j < 0) from
 * word k of q: a long two (low first), anything else one; the next k */
static int arg_words(ps_t *p, cc_var_t *q, int k, cc_var_t *v, int j, cc_node_t **cur, const cc_tok_t *t)
{
    *cur = (*cur)->next = store_word(p, q, k++, arg_value(p, v, j, t), t);
    if (arg_value(p, v, j, t)->ty->size == 8) {
        /* the high word: as_uint2(x).y, the pair's second register */
        cc_node_t *pair = new_node(p, ND_VAS, t);
        pair->lhs = arg_value(p, v, j, t);
        pair->ty = cc_vec_of(&cc_ty_uint, 2);
        *cur = (*cur)->next = store_word(p, q, k++, component(p, pair, 1, t), t);
    }
    return k;
}

/* the type conversion pf (not %s: its argument is a literal's id) keeps
 * its argument a as, a checked against it: errors at the conversion ct or
 * the argument's first token at, warnings for what is converted */
static cc_type_t *pf_arg_type(ps_t *p, const wq_cc_pf_t *pf, cc_node_t *a, const cc_tok_t *ct, const cc_tok_t *at)
{
    char c = pf->conv;
    cc_type_t *ty = cc_unqual(a->ty);
    const char *cv = cc_fmt(p->c, "'%.*s'", (int)ct->len, ct->loc);
    if (c == 'p') {
        if (ty->kind != TY_PTR) cc_error_tok(p->c, at, "%s takes a pointer, not %s", cv, cc_type_name(p->c, ty));
        return ty;
    }
    int fp = strchr("fFeEgGaA", c) != NULL;
    if (fp) {
        cc_need_fp(p->c, ct, cc_fmt(p->c, "the conversion %s is", cv));
        if (pf->size == 8) cc_error_tok(p->c, ct, "%s prints a double: double is not supported by this device (no cl_khr_fp64)", cv);
    }
    if (pf->vec) {
        if (ty->kind != TY_VEC || ty->len != (int)pf->vec)
            cc_error_tok(p->c, at, "%s takes a vector of %u components, not %s", cv, pf->vec, cc_type_name(p->c, ty));
        if (fp) cc_error_tok(p->c, at, "%s: float vectors are not supported by this device", cv);
        unsigned want = pf->size ? pf->size : 4;
        if ((unsigned)ty->base->size != want)
            cc_error_tok(p->c, ct, "%s takes a vector of %u-byte components (length modifier %s), not %s", cv, want,
                         want == 1 ? "hh" : want == 2 ? "h" : want == 4 ? "hl" : "l", cc_type_name(p->c, ty));
        return ty;
    }
    if (ty->kind == TY_VEC)
        cc_error_tok(p->c, at, "%s takes a scalar, not %s (a vector conversion is '%%v%dhld' and the like)", cv,
                     cc_type_name(p->c, ty), ty->len);
    if (fp) {
        if (cc_is_float(ty)) return ty;
        if (!cc_is_integer(ty)) cc_error_tok(p->c, at, "%s takes a float, not %s", cv, cc_type_name(p->c, ty));
        cc_warn_tok(p->c, at, "-Wformat", "%s takes a float, not %s: converted", cv, cc_type_name(p->c, ty));
        return &cc_ty_float;
    }
    if (!cc_is_integer(ty)) cc_error_tok(p->c, at, "%s takes an integer, not %s", cv, cc_type_name(p->c, ty));
    int sgn = c == 'd' || c == 'i' || c == 'c';
    if (pf->size == 8) {
        if (ty->size != 8)
            cc_warn_tok(p->c, at, "-Wformat", "%s takes a long, not %s: converted", cv, cc_type_name(p->c, ty));
        return ty->size == 8 ? ty : sgn ? &cc_ty_long : &cc_ty_ulong;
    }
    if (ty->size == 8) {
        if (c == 'c') cc_warn_tok(p->c, at, "-Wformat", "%s takes an int, not %s: converted", cv, cc_type_name(p->c, ty));
        else cc_warn_tok(p->c, at, "-Wformat", "%s takes an int, not %s: converted (a long is '%%l%c')", cv,
                         cc_type_name(p->c, ty), c);
        return sgn ? &cc_ty_int : &cc_ty_uint;
    }
    return cc_promote(ty);
}

static cc_node_t *printf_call(ps_t *p, const cc_tok_t *name)
{
    if (!p->fn) cc_error_tok(p->c, name, "printf is only allowed inside a function");
    p->tok = p->tok->next;          /* '(' */
    const cc_tok_t *ft = p->tok;
    if (ft->kind != TK_STR) cc_error_tok(p->c, ft, "printf's format must be a string literal");
    const char *fmt = string_literal(p);
    /* the data arguments: expressions, or string literals (for %s) */
    enum { MAXA = 64 };
    cc_node_t *arg[MAXA];
    const char *lit[MAXA];
    const cc_tok_t *atok[MAXA];
    int na = 0;
    while (consume(p, ",")) {
        if (na == MAXA) cc_error_tok(p->c, p->tok, "printf takes at most %d data arguments here", MAXA);
        atok[na] = p->tok;
        lit[na] = p->tok->kind == TK_STR ? string_literal(p) : NULL;
        arg[na] = lit[na] ? NULL : rvalue(p, assign(p));
        na++;
    }
    skip(p, ")");
    int serial = p->nprintf++;
    int id = string_id(p, fmt);
    cc_node_t *blk = new_node(p, ND_BLOCK, name), head = {0}, *cur = &head;
    cc_node_t ihead = {0}, *icur = &ihead;     /* the stores of the if's body */
    cc_var_t *vq = hidden_var(p, name, cc_fmt(p->c, "printf%d_q", serial),
                              cc_pointer_to(p->c, &cc_ty_uint, AS_GLOBAL));
    int k = WQ_PRINTF_REC_ARGS, used = 0;
    size_t pos = 0, flen = strlen(fmt);
    wq_cc_pf_t pf;
    const char *err;
    int r;
    while ((r = wq_cc_printf_piece(fmt, flen, &pos, &pf, &err)) == 1) {
        if (!pf.conv || pf.conv == '%') continue;
        const cc_tok_t *ct = piece_tok(p, ft, fmt, pf.at, pf.len);
        if (used == na) cc_error_tok(p->c, ct, "more '%%' conversions than data arguments: '%.*s' has none",
                                     (int)pf.len, fmt + pf.at);
        int i = used++;
        if (pf.conv == 's') {
            if (!lit[i])
                cc_error_tok(p->c, atok[i], "'%.*s' prints a string literal on this device, not %s", (int)pf.len,
                             fmt + pf.at, cc_type_name(p->c, arg[i]->ty));
            icur = icur->next = store_word(p, vq, k++, new_num(p, string_id(p, lit[i]), &cc_ty_uint, name), name);
            continue;
        }
        if (lit[i]) cc_error_tok(p->c, atok[i], "'%.*s' does not print a string literal (that is '%%s')",
                                 (int)pf.len, fmt + pf.at);
        cc_type_t *ty = pf_arg_type(p, &pf, arg[i], ct, atok[i]);
        cc_var_t *v = hidden_var(p, name, cc_fmt(p->c, "printf%d_a%d", serial, i), ty);
        cur = cur->next = set_stmt(p, v, ty->kind == TY_PTR ? arg[i] : convert(p, arg[i], ty, atok[i], "printf"), name);
        for (int j = ty->kind == TY_VEC ? 0 : -1; j < (ty->kind == TY_VEC ? ty->len : 0); j++)
            k = arg_words(p, vq, k, v, j, &icur, name);
    }
    if (r < 0) cc_error_tok(p->c, piece_tok(p, ft, fmt, pf.at, pos > pf.at ? pos - pf.at : 1),
                            "invalid printf format: %s", err);
    for (int i = used; i < na; i++) {
        /* evaluated as C evaluates them, printed by nothing */
        cc_warn_tok(p->c, atok[i], "-Wformat-extra-args", "data argument not used by format string");
        if (arg[i]) {
            cc_node_t *st = new_node(p, ND_EXPR_STMT, name);
            st->lhs = arg[i];
            cur = cur->next = st;
        }
    }
    uint32_t words = (uint32_t)k, cap = WQ_PRINTF_BYTES / 4 - WQ_PRINTF_HEADER;
    if (words > cap) cc_error_tok(p->c, name, "this printf's record of %u words does not fit the printf buffer", words);
    cc_type_t *bufp = cc_pointer_to(p->c, &cc_ty_uint, AS_GLOBAL);
    cc_var_t *vb = hidden_var(p, name, cc_fmt(p->c, "printf%d_b", serial), bufp);
    cc_var_t *vo = hidden_var(p, name, cc_fmt(p->c, "printf%d_o", serial), &cc_ty_uint);
    cc_var_t *vr = hidden_var(p, name, cc_fmt(p->c, "printf%d_r", serial), &cc_ty_int);
    cc_node_t *buf = new_node(p, ND_BUILTIN, name);
    buf->bi = BI_PRINTF_BUF;
    buf->ty = bufp;
    cur = cur->next = set_stmt(p, vb, buf, name);
    cc_node_t *add = new_node(p, ND_BUILTIN, name);
    add->bi = BI_ATOMIC;
    add->atom_op = AT_ADD;
    add->args = new_var_node(p, vb, name);
    add->args->next = new_num(p, words, &cc_ty_uint, name);
    add->nargs = 2;
    add->ty = &cc_ty_uint;
    cur = cur->next = set_stmt(p, vo, add, name);
    cur = cur->next = set_stmt(p, vr, new_num(p, -1, &cc_ty_int, name), name);
    /* the record: q = b + HEADER + o, its two header words, then the arguments' */
    cc_node_t *st = set_stmt(p, vq, new_add(p, new_var_node(p, vb, name),
                                            new_arith(p, ND_ADD, new_var_node(p, vo, name),
                                                      new_num(p, WQ_PRINTF_HEADER, &cc_ty_uint, name), name), name), name);
    st->next = store_word(p, vq, WQ_PRINTF_REC_ID, new_num(p, id, &cc_ty_uint, name), name);
    st->next->next = store_word(p, vq, WQ_PRINTF_REC_WORDS, new_num(p, words, &cc_ty_uint, name), name);
    icur = icur->next = set_stmt(p, vr, new_num(p, 0, &cc_ty_int, name), name);
    st->next->next->next = ihead.next;
    cc_node_t *body = new_node(p, ND_BLOCK, name);
    body->body = st;
    cc_node_t *fits = new_node(p, ND_IF, name);
    fits->cond = new_cmp(p, ND_LE, new_var_node(p, vo, name), new_num(p, cap - words, &cc_ty_uint, name), name);
    fits->then = body;
    cur = cur->next = fits;
    blk->body = head.next;
    cc_node_t *n = new_node(p, ND_STMTEXPR, name);
    n->then = blk;
    n->lhs = new_var_node(p, vr, name);
    n->ty = &cc_ty_int;
    return n;
}

/* the constant components of a vector literal in order into k[], or 0 */
static int const_components(const cc_node_t *e, int64_t *k, int n)
{
    if (e->kind != ND_VLIT) return 0;
    int i = 0;
    for (const cc_node_t *a = e->args; a; a = a->next) {
        if (a->kind == ND_NUM) { if (i < n) k[i] = a->val; i++; }
        else if (a->kind == ND_VLIT) i += const_components(a, k + i, n - i) ? a->ty->len : 1000;
        else return 0;
    }
    if (e->nargs == 1 && e->args->kind == ND_NUM) for (; i < n; i++) k[i] = k[0];
    return i == n;
}

/* a vector's initializer: `{ a, b, ... }` (what it leaves out is zero), or
 * a vector value; constant components become one store each, as a
 * program-scope __constant object needs */
static void vec_init(ps_t *p, cc_node_t *lv, cc_node_t **cur)
{
    const cc_tok_t *t = p->tok;
    cc_type_t *vt = cc_unqual(lv->ty);
    if (consume(p, "{")) {
        int i = 0;
        while (!is(p, "}")) {
            if (i == vt->len) cc_error_tok(p->c, p->tok, "excess elements in the initializer of a %s", cc_type_name(p->c, vt));
            init_assign(p, component(p, lv, i++, t), assign(p), t, cur);
            if (!consume(p, ",")) break;
        }
        skip(p, "}");
        for (; i < vt->len; i++) init_assign(p, component(p, lv, i, t), new_num(p, 0, &cc_ty_int, t), t, cur);
        return;
    }
    cc_node_t *e = convert(p, assign(p), vt, t, "initialization");
    int64_t k[16];
    if (!const_components(e, k, vt->len)) {
        init_assign(p, lv, e, t, cur);
        return;
    }
    for (int i = 0; i < vt->len; i++) init_assign(p, component(p, lv, i, t), new_num(p, k[i], vt->base, t), t, cur);
}

/* the members an initializer list goes through: all of a struct's, a union's first */
static int init_members(const cc_type_t *ty)
{
    int n = 0;
    for (const cc_member_t *m = ty->members; m; m = m->next) n++;
    return ty->is_union && n ? 1 : n;
}

/* every byte of the object zero: scalars, each element, each member (a
 * union through its largest member) */
static void zero_obj(ps_t *p, cc_node_t *lv, const cc_tok_t *t, cc_node_t **cur)
{
    cc_type_t *ty = lv->ty;
    if (ty->kind == TY_ARRAY) {
        for (int i = 0; i < ty->len; i++) zero_obj(p, element(p, lv, i, t), t, cur);
    } else if (ty->kind == TY_STRUCT) {
        cc_member_t *big = NULL;
        for (cc_member_t *m = ty->members; m; m = m->next) {
            if (!ty->is_union) zero_obj(p, member_at(p, lv, m, t), t, cur);
            else if (!big || m->ty->size > big->ty->size) big = m;
        }
        if (big) zero_obj(p, member_at(p, lv, big, t), t, cur);
    } else {
        init_assign(p, lv, new_num(p, 0, &cc_ty_int, t), t, cur);
    }
}

/* `= { ... }` of a private object: one assignment per scalar, in order;
 * what the list leaves out is zero */
static void init_obj(ps_t *p, cc_node_t *lv, cc_node_t **cur)
{
    const cc_tok_t *t = p->tok;
    cc_type_t *ty = lv->ty;
    if (ty->kind == TY_VEC) { vec_init(p, lv, cur); return; }
    if (ty->kind != TY_ARRAY && ty->kind != TY_STRUCT) {
        int brace = consume(p, "{");
        init_assign(p, lv, assign(p), t, cur);
        if (brace) { consume(p, ","); skip(p, "}"); }
        return;
    }
    if (p->tok->kind == TK_STR) unsupported(p, p->tok, "string literals are");
    if (ty->kind == TY_STRUCT && !is(p, "{")) {
        /* from a struct or union value of the same type: a copy */
        init_assign(p, lv, assign(p), t, cur);
        return;
    }
    if (!consume(p, "{"))
        cc_error_tok(p->c, p->tok, "an array or struct initializer must be in braces");
    int n = ty->kind == TY_ARRAY ? ty->len : init_members(ty);
    cc_member_t *m = ty->kind == TY_STRUCT ? ty->members : NULL;
    int open = 1;
    for (int i = 0; i < n; i++, m = m ? m->next : NULL) {
        cc_node_t *el = ty->kind == TY_ARRAY ? element(p, lv, i, t) : member_at(p, lv, m, t);
        if (open && !is(p, "}")) {
            init_obj(p, el, cur);
            if (!consume(p, ",")) open = 0;
        } else {
            open = 0;
            if (!ty->is_union) zero_obj(p, el, t, cur);
        }
    }
    if (!is(p, "}")) cc_error_tok(p->c, p->tok, "excess elements in the initializer");
    skip(p, "}");
}

/* `T a[] = { ... }`: the length is the number of the list's elements
 * (C99 6.7.8), counted at the list's top level before it is parsed;
 * p->tok is the '=' */
static cc_type_t *sized_by_init(ps_t *p, cc_type_t *ty, const cc_tok_t *name)
{
    const cc_tok_t *open = p->tok->next;
    if (open->kind == TK_STR) unsupported(p, open, "string literals are");
    if (!cc_tok_is(open, "{")) cc_error_tok(p->c, open, "an array initializer must be in braces");
    int depth = 0, item = 0;
    int64_t n = 0;
    for (const cc_tok_t *t = open; t->kind != TK_EOF; t = t->next) {
        if (cc_tok_is(t, "{") || cc_tok_is(t, "(") || cc_tok_is(t, "[")) {
            if (depth == 1) item = 1;
            depth++;
        } else if (cc_tok_is(t, "}") || cc_tok_is(t, ")") || cc_tok_is(t, "]")) {
            if (--depth == 0) break;
        } else if (depth == 1) {
            if (cc_tok_is(t, ",")) { n += item; item = 0; }
            else item = 1;
        }
    }
    n += item;
    if (n == 0) cc_error_tok(p->c, open, "array '%.*s' has no size and an empty initializer", name->len, name->loc);
    if (n > (1 << 24)) cc_error_tok(p->c, open, "array size must be 1..16777216");
    return cc_array_of(p->c, ty->base, (int)n);
}

static cc_node_t *declaration(ps_t *p)
{
    attr_t at = {0};
    const cc_tok_t *start = p->tok;
    cc_type_t *base = declspec(p, &at);
    if (at.is_kernel || at.is_inline) cc_error_tok(p->c, start, "a function cannot be declared inside a function");
    /* `__global T *p`: the address space is the pointee's, as for parameters */
    int pointee_as = at.has_as && (at.as == AS_GLOBAL || at.as == AS_CONSTANT);
    if (pointee_as) {
        cc_type_t *b = cc_alloc(p->c, sizeof *b);
        *b = *base;
        b->as = at.as;
        base = b;
    }
    cc_node_t head = {0}, *cur = &head;
    int first = 1;
    while (!consume(p, ";")) {
        if (!first) skip(p, ",");
        first = 0;
        cc_tok_t *name = NULL;
        cc_tok_t *decl_at = p->tok;
        cc_type_t *ty = declarator(p, base, &name);
        if (at.has_as && at.as == AS_LOCAL && ty->kind == TY_PTR) {
            /* `__local T *q`: a private pointer to __local memory */
            cc_type_t *b = cc_alloc(p->c, sizeof *b);
            *b = *base;
            b->as = AS_LOCAL;
            p->tok = decl_at;
            ty = declarator(p, b, &name);
        }
        if (!name) cc_error_tok(p->c, p->tok, "expected a variable name");
        if (at.is_typedef) {
            scope_ent_t *e = push_ent(p, cc_tok_str(p->c, name));
            e->tdef = ty;
            continue;
        }
        if (ty->kind == TY_VOID) cc_error_tok(p->c, name, "variable '%.*s' declared void", name->len, name->loc);
        if (ty->kind == TY_ARRAY && ty->size < 0 && is(p, "=")) ty = sized_by_init(p, ty, name);
        if (ty->kind == TY_ARRAY && ty->size < 0)
            cc_error_tok(p->c, name, "array '%.*s' needs a size or an initializer", name->len, name->loc);
        if (ty->size < 0) cc_error_tok(p->c, name, "variable '%.*s' has an incomplete type", name->len, name->loc);
        cc_var_t *v = new_var(p, name, ty);
        if (at.has_as && at.as == AS_LOCAL && ty->kind != TY_PTR) {
            if (!p->fn->is_kernel) cc_error_tok(p->c, name, "__local variables must be declared in a kernel function's outermost scope");
            if (is(p, "=")) cc_error_tok(p->c, p->tok, "a __local variable cannot have an initializer");
            v->in_memory = 1;
            v->as = AS_LOCAL;
            uint32_t al = (uint32_t)(ty->align < 4 ? 4 : ty->align);
            p->fn->local_bytes = (p->fn->local_bytes + al - 1) / al * al;
            v->offset = p->fn->local_bytes;
            p->fn->local_bytes += (uint32_t)ty->size;
            continue;
        }
        if (pointee_as && ty->kind != TY_PTR)
            cc_error_tok(p->c, name, "a variable in a function cannot be in the %s address space", at.as == AS_GLOBAL ? "__global" : "__constant");
        if (at.is_static) cc_error_tok(p->c, name, "static variables in functions are not supported");
        /* private arrays and structs live in the work-item's frame (lower.c) */
        if (ty->kind == TY_ARRAY || ty->kind == TY_STRUCT) {
            v->in_memory = 1;
            v->as = AS_PRIVATE;
            if (consume(p, "=")) init_obj(p, new_var_node(p, v, name), &cur);
        }
        if (ty->kind == TY_VEC && is(p, "=") && cc_tok_is(p->tok->next, "{")) {
            p->tok = p->tok->next;
            vec_init(p, new_var_node(p, v, name), &cur);
        }
        if (consume(p, "=")) {
            const cc_tok_t *t = p->tok;
            cc_node_t *a = new_node(p, ND_ASSIGN, t);
            a->lhs = new_var_node(p, v, name);
            a->rhs = convert(p, assign(p), cc_unqual(ty), t, "initialization");
            a->ty = ty;
            cc_node_t *s = new_node(p, ND_EXPR_STMT, name);
            s->lhs = a;
            cur = cur->next = s;
        }
    }
    cc_node_t *b = new_node(p, ND_BLOCK, start);
    b->body = head.next;
    return b;
}

static cc_node_t *stmt_(ps_t *p)
{
    cc_tok_t *t = p->tok;
    if (is(p, "{")) return compound(p);
    if (consume(p, ";")) return new_node(p, ND_NOP, t);
    if (consume(p, "if")) {
        cc_node_t *n = new_node(p, ND_IF, t);
        skip(p, "(");
        n->cond = float_truth(p, rvalue(p, expr(p)));
        if (!cc_is_scalar(n->cond->ty)) cc_error_tok(p->c, n->cond->tok, "the condition must be a scalar");
        skip(p, ")");
        n->then = stmt(p);
        if (consume(p, "else")) n->els = stmt(p);
        return n;
    }
    if (consume(p, "while")) {
        cc_node_t *n = new_node(p, ND_LOOP, t);
        skip(p, "(");
        n->cond = float_truth(p, rvalue(p, expr(p)));
        skip(p, ")");
        p->loop_depth++;
        n->then = stmt(p);
        p->loop_depth--;
        return n;
    }
    if (consume(p, "do")) {
        cc_node_t *n = new_node(p, ND_LOOP, t);
        n->do_while = 1;
        p->loop_depth++;
        n->then = stmt(p);
        p->loop_depth--;
        skip(p, "while");
        skip(p, "(");
        n->cond = float_truth(p, rvalue(p, expr(p)));
        skip(p, ")");
        skip(p, ";");
        return n;
    }
    if (consume(p, "for")) {
        cc_node_t *n = new_node(p, ND_LOOP, t);
        skip(p, "(");
        enter(p);
        if (is_typename(p)) n->init = declaration(p);
        else if (!consume(p, ";")) { n->init = new_node(p, ND_EXPR_STMT, p->tok); n->init->lhs = expr(p); skip(p, ";"); }
        if (!is(p, ";")) n->cond = float_truth(p, rvalue(p, expr(p)));
        skip(p, ";");
        if (!is(p, ")")) n->inc = expr(p);
        skip(p, ")");
        p->loop_depth++;
        n->then = stmt(p);
        p->loop_depth--;
        leave(p);
        return n;
    }
    if (consume(p, "switch")) {
        cc_node_t *n = new_node(p, ND_SWITCH, t);
        skip(p, "(");
        n->cond = rvalue(p, expr(p));
        if (!cc_is_integer(n->cond->ty)) cc_error_tok(p->c, n->cond->tok, "the switch value must be an integer");
        n->cond = new_cast(p, n->cond, cc_promote(n->cond->ty));
        skip(p, ")");
        cc_node_t *saved = p->cur_switch;
        p->cur_switch = n;
        p->switch_depth++;
        n->then = stmt(p);
        p->switch_depth--;
        p->cur_switch = saved;
        return n;
    }
    if (is(p, "case") || is(p, "default")) {
        if (!p->cur_switch) cc_error_tok(p->c, t, "'%.*s' outside a switch", t->len, t->loc);
        cc_node_t *n = new_node(p, ND_CASE, t);
        if (consume(p, "default")) {
            n->is_default = 1;
            for (cc_node_t *c = p->cur_switch->cases; c; c = c->case_next)
                if (c->is_default) cc_error_tok(p->c, t, "more than one default label in a switch");
        } else {
            p->tok = t->next;
            /* the value converted to the switch's (promoted) type */
            n->val = const_expr(p);
            if (p->cur_switch->cond->ty->size < 8) n->val = (int64_t)(int32_t)n->val;
            for (cc_node_t *c = p->cur_switch->cases; c; c = c->case_next)
                if (!c->is_default && c->val == n->val) cc_error_tok(p->c, t, "duplicate case value %lld", (long long)n->val);
        }
        skip(p, ":");
        n->case_next = p->cur_switch->cases;
        p->cur_switch->cases = n;
        n->then = (is(p, "}")) ? new_node(p, ND_NOP, t) : stmt(p);
        return n;
    }
    if (consume(p, "break")) {
        if (!p->loop_depth && !p->switch_depth && p->in_stmt_expr)
            cc_error_tok(p->c, t, "'break' cannot leave a statement expression");
        if (!p->loop_depth && !p->switch_depth) cc_error_tok(p->c, t, "'break' outside a loop or switch");
        skip(p, ";");
        return new_node(p, ND_BREAK, t);
    }
    if (consume(p, "continue")) {
        if (!p->loop_depth && p->in_stmt_expr) cc_error_tok(p->c, t, "'continue' cannot leave a statement expression");
        if (!p->loop_depth) cc_error_tok(p->c, t, "'continue' outside a loop");
        skip(p, ";");
        return new_node(p, ND_CONTINUE, t);
    }
    if (consume(p, "return")) {
        if (p->in_stmt_expr) cc_error_tok(p->c, t, "'return' inside a statement expression is not supported");
        cc_node_t *n = new_node(p, ND_RETURN, t);
        if (!consume(p, ";")) {
            cc_node_t *e = expr(p);
            skip(p, ";");
            if (p->fn->ret->kind == TY_VOID) cc_error_tok(p->c, t, "a void function cannot return a value");
            n->lhs = convert(p, e, cc_unqual(p->fn->ret), t, "return");
        } else if (p->fn->ret->kind != TY_VOID) {
            cc_error_tok(p->c, t, "non-void function '%s' must return a value", p->fn->name);
        }
        return n;
    }
    if (consume(p, "goto")) {
        /* goto.c resolves the name (labels are the function's) and
         * structurizes the jump */
        if (is(p, "*")) cc_error_tok(p->c, p->tok, "computed goto ('goto *') is not supported");
        if (p->tok->kind != TK_IDENT) cc_error_tok(p->c, p->tok, "expected a label name after 'goto'");
        cc_node_t *n = new_node(p, ND_GOTO, p->tok);
        p->tok = p->tok->next;
        skip(p, ";");
        return n;
    }
    if (t->kind == TK_IDENT && cc_tok_is(t->next, ":")) {
        /* a label; OpenCL C 1.2 (C99) wants a statement after it */
        cc_node_t *n = new_node(p, ND_LABEL, t);
        p->tok = t->next->next;
        if (is(p, "}")) cc_error_tok(p->c, p->tok, "label at end of compound statement: expected statement (write '%.*s: ;')", t->len, t->loc);
        n->then = stmt(p);
        return n;
    }
    if (is_typename(p)) return declaration(p);
    cc_node_t *n = new_node(p, ND_EXPR_STMT, t);
    n->lhs = expr(p);
    skip(p, ";");
    return n;
}

static cc_node_t *stmt(ps_t *p) { return nested(p, stmt_); }

static cc_node_t *compound(ps_t *p)
{
    cc_node_t *n = new_node(p, ND_BLOCK, p->tok);
    skip(p, "{");
    enter(p);
    cc_node_t head = {0}, *cur = &head;
    while (!consume(p, "}")) {
        if (p->tok->kind == TK_EOF) cc_error_tok(p->c, n->tok, "unterminated block: expected '}'");
        cur = cur->next = stmt(p);
    }
    leave(p);
    n->body = head.next;
    return n;
}

/* ---- top level ----------------------------------------------------------------------------- */
/* two declarations of one function agree (C's compatible types, up to a
 * parameter's own qualifiers) */
static int same_signature(ps_t *p, const cc_func_t *a, const cc_func_t *b)
{
    if (a->nparams != b->nparams || a->is_kernel != b->is_kernel) return 0;
    if (strcmp(cc_type_name(p->c, a->ret), cc_type_name(p->c, b->ret))) return 0;
    for (int i = 0; i < a->nparams; i++)
        if (strcmp(cc_type_name(p->c, cc_unqual(a->params[i]->ty)), cc_type_name(p->c, cc_unqual(b->params[i]->ty))))
            return 0;
    return 1;
}

/* f takes the declaration read into nf */
static void take_decl(cc_func_t *f, const cc_func_t *nf)
{
    f->tok = nf->tok;
    f->ret = nf->ret;
    f->is_kernel = nf->is_kernel;
    f->is_inline = nf->is_inline;
    memcpy(f->reqd_wg, nf->reqd_wg, sizeof f->reqd_wg);
    memcpy(f->hint_wg, nf->hint_wg, sizeof f->hint_wg);
    f->vec_hint = nf->vec_hint;
    f->params = nf->params;
    f->nparams = nf->nparams;
    f->locals = nf->locals;
}

static void function(ps_t *p, cc_type_t *ret, attr_t *at, cc_tok_t *name)
{
    const char *s = cc_tok_str(p->c, name);
    if (ret->kind == TY_ARRAY) cc_error_tok(p->c, name, "a function cannot return an array");
    if (ret->kind == TY_STRUCT && ret->size < 0)
        cc_error_tok(p->c, name, "function '%.*s' returns an incomplete type", name->len, name->loc);
    if (at->is_kernel && ret->kind != TY_VOID) cc_error_tok(p->c, name, "a kernel function must return void");
    cc_func_t *f = find_func(p, name);
    if (!f) {
        for (scope_ent_t *e = p->scope->ents; e; e = e->next)
            if (!e->tag && !strcmp(e->name, s)) cc_error_tok(p->c, name, "'%s' redeclared as a function", s);
        /* not static: the function another unit of a link declared */
        for (cc_func_t *g = p->prog->funcs; g && !f && !at->is_static; g = g->next)
            if (!g->is_static && !strcmp(g->name, s)) f = g;
        if (!f) {
            f = cc_alloc(p->c, sizeof *f);
            f->name = s;
            f->is_static = at->is_static;
            f->unit = p->unit;
            cc_func_t **pp = &p->prog->funcs;
            while (*pp) pp = &(*pp)->next;
            *pp = f;
        }
        fdecl_t *d = cc_alloc(p->c, sizeof *d);
        d->f = f;
        d->next = p->decls;
        p->decls = d;
    }
    /* the declaration is read into nf, then checked against what came
     * before and kept when it is the first or the definition */
    cc_func_t *nf = cc_alloc(p->c, sizeof *nf);
    nf->name = s;
    nf->tok = name;
    nf->ret = cc_unqual(ret);
    nf->is_kernel = at->is_kernel;
    nf->is_inline = at->is_inline;
    p->fn = nf;
    cc_func_t *decl = f;            /* whose parameters are being read */
    f = nf;
    enter(p);
    skip(p, "(");
    cc_var_t *ps_[256] = {0};
    if (is(p, "void") && cc_tok_is(p->tok->next, ")")) p->tok = p->tok->next;
    while (!consume(p, ")")) {
        if (f->nparams) skip(p, ",");
        if (f->nparams == 256) cc_error_tok(p->c, p->tok, "too many parameters");
        attr_t pa = {0};
        const cc_tok_t *pt = p->tok;
        cc_type_t *bt = declspec(p, &pa);
        if (pa.is_typedef || pa.is_static || pa.is_kernel) cc_error_tok(p->c, pt, "invalid specifier on a parameter");
        cc_type_t *base = bt;
        if (pa.has_as) {
            base = cc_alloc(p->c, sizeof *base);
            *base = *bt;
            base->as = pa.as;
        }
        cc_tok_t *pn = NULL;
        cc_type_t *ty = declarator(p, base, &pn);
        if (ty->kind == TY_ARRAY) ty = cc_pointer_to(p->c, ty->base, pa.has_as ? pa.as : AS_PRIVATE);
        if (!pn) cc_error_tok(p->c, p->tok, "parameter %d needs a name", f->nparams + 1);
        if (ty->kind == TY_VOID) cc_error_tok(p->c, pn, "a parameter cannot be void");
        if (ty->kind == TY_STRUCT && ty->size < 0)
            cc_error_tok(p->c, pn, "parameter '%.*s' has an incomplete type", pn->len, pn->loc);
        if (f->is_kernel && ty->kind == TY_STRUCT && has_pointer(ty))
            cc_error_tok(p->c, pn, "a struct or union kernel argument cannot contain a pointer (OpenCL C 6.9)");
        if (f->is_kernel && ty->kind == TY_PTR && ty->as == AS_PRIVATE)
            cc_error_tok(p->c, pn, "a kernel pointer argument must be __global, __constant or __local");
        if (f->is_kernel && ty->kind == TY_BOOL) cc_error_tok(p->c, pn, "a kernel argument cannot be bool (OpenCL C 6.9)");
        if (f->is_kernel && pa.has_as && ty->kind != TY_PTR)
            cc_error_tok(p->c, pn, "a scalar kernel argument cannot have an address space");
        cc_var_t *v = new_var(p, pn, ty);
        v->is_param = 1;
        v->param_index = f->nparams;
        if (ty->kind == TY_STRUCT) {
            /* a struct or union by value: the function's own copy, in its frame */
            v->in_memory = 1;
            v->as = AS_PRIVATE;
        }
        ps_[f->nparams++] = v;
    }
    f->params = cc_alloc(p->c, sizeof *f->params * (size_t)(f->nparams + 1));
    memcpy(f->params, ps_, sizeof *ps_ * (size_t)f->nparams);
    cc_var_t *rv = cc_alloc(p->c, sizeof *rv);     /* the return value */
    rv->name = "<return value>";
    rv->ty = f->ret;
    rv->tok = name;
    if (f->ret->kind == TY_STRUCT) {
        /* returned by value: an object in the frame the return copies into (lower.c) */
        rv->in_memory = 1;
        rv->as = AS_PRIVATE;
    }
    f->params[f->nparams] = rv;
    attributes(p, at);
    memcpy(f->reqd_wg, at->reqd_wg, sizeof f->reqd_wg);
    memcpy(f->hint_wg, at->hint_wg, sizeof f->hint_wg);
    f->vec_hint = at->vec_hint;
    f = decl;
    if (f->tok && !same_signature(p, f, nf)) {
        const cc_tok_t *d = f->tok;
        cc_error_tok(p->c, name, "conflicting types for function '%s' (declared at %s:%d:%d)", s,
                     d->file ? d->file->name : "?", d->line, d->col);
    }
    if (consume(p, ";")) {                   /* a prototype */
        if (!f->defined) take_decl(f, nf);
        leave(p);
        p->fn = NULL;
        return;
    }
    if (f->defined) {
        const cc_tok_t *d = f->tok;
        if (f->unit == p->unit) cc_error_tok(p->c, name, "redefinition of function '%s'", s);
        cc_error_tok(p->c, name, "duplicate definition of function '%s' (first defined at %s:%d:%d)", s,
                     d->file ? d->file->name : "?", d->line, d->col);
    }
    take_decl(f, nf);
    f->unit = p->unit;
    p->fn = f;
    f->defined = 1;
    f->body = compound(p);
    leave(p);
    p->fn = NULL;
}

/* ty with every scalar in it const: a __constant object is read-only */
static cc_type_t *const_obj(ps_t *p, cc_type_t *ty)
{
    if (ty->kind == TY_ARRAY) return cc_array_of(p->c, const_obj(p, ty->base), ty->len);
    return cc_qualified(p->c, ty, 1, ty->is_volatile);
}

static void global_decl(ps_t *p, cc_type_t *base, attr_t *at, cc_tok_t *name, cc_type_t *ty)
{
    if (at->is_typedef) {
        scope_ent_t *e = push_ent(p, cc_tok_str(p->c, name));
        e->tdef = ty;
        return;
    }
    (void)base;
    if (!at->has_as || at->as != AS_CONSTANT)
        cc_error_tok(p->c, name, "a program-scope variable must be in the __constant address space (OpenCL C 1.2)");
    if (ty->kind == TY_FUNC) cc_error_tok(p->c, name, "a function cannot be in the __constant address space");
    if (ty->kind == TY_ARRAY && ty->size < 0 && is(p, "=")) ty = sized_by_init(p, ty, name);
    if (ty->size <= 0) cc_error_tok(p->c, name, "a program-scope __constant variable needs a complete type");
    cc_var_t *v = new_var(p, name, const_obj(p, ty));
    v->in_memory = 1;
    v->as = AS_CONSTANT;
    v->is_static = 1;
    if (!is(p, "=")) cc_error_tok(p->c, p->tok, "a program-scope __constant variable needs an initializer");
    const cc_tok_t *eq = p->tok;
    p->tok = p->tok->next;
    /* the initializer is the assignments a private object's would be; each
     * value must be a constant (lower.c stores them at kernel entry) */
    cc_node_t head = {0}, *cur = &head;
    cc_node_t *lv = new_var_node(p, v, name);
    lv->ty = ty;                    /* the stores write the unqualified object */
    init_obj(p, lv, &cur);
    for (cc_node_t *st = head.next; st; st = st->next) {
        cc_node_t *val = st->lhs->rhs;
        while (val->kind == ND_CAST && val->lhs->kind == ND_NUM) val = val->lhs;
        if (val->kind != ND_NUM)
            cc_error_tok(p->c, val->tok ? val->tok : eq, "a program-scope __constant initializer must be a constant expression");
    }
    cc_node_t *b = new_node(p, ND_BLOCK, eq);
    b->body = head.next;
    v->init = b;
    v->next = p->prog->globals;
    p->prog->globals = v;
}

cc_prog_t *cc_parse_units(cc_t *c, cc_tok_t *const *units, int nunits)
{
    ps_t ps = { .c = c };
    ps_t *p = &ps;
    p->prog = cc_alloc(c, sizeof *p->prog);
    for (int u = 0; u < nunits; u++) {
        /* each unit in a file scope of its own, seeing its own declarations */
        p->unit = u;
        p->tok = units[u];
        p->scope = NULL;
        p->decls = NULL;
        enter(p);
        /* the vector types are names of the outermost scope: a program may reuse them */
        cc_type_t *vt;
        for (int i = 0; (vt = cc_vec_type_at(i)); i++) push_ent(p, vt->name)->tdef = vt;
        while (p->tok->kind != TK_EOF) {
            if (consume(p, ";")) continue;
            attr_t at = {0};
            cc_type_t *base = declspec(p, &at);
            if (consume(p, ";")) continue;          /* struct S { ... }; */
            cc_tok_t *name = NULL;
            cc_tok_t *dstart = p->tok;
            cc_type_t *ty = declarator(p, base, &name);
            (void)dstart;
            if (!name) cc_error_tok(p->c, p->tok, "expected a name");
            if (is(p, "(") && !at.is_typedef) {
                function(p, ty, &at, name);
                continue;
            }
            if (at.is_extern)
                cc_error_tok(p->c, at.is_extern, "'extern' is supported on file-scope function declarations only");
            for (;;) {
                global_decl(p, base, &at, name, ty);
                if (consume(p, ";")) break;
                skip(p, ",");
                ty = declarator(p, base, &name);
                if (!name) cc_error_tok(p->c, p->tok, "expected a name");
            }
        }
    }
    /* a link to an executable: every function called is defined by a unit
     * (in one unit: only an error when a kernel reaches the call, lower.c) */
    if (c->link && c->link_mode == WQ_CC_LINK_EXECUTABLE)
        for (cc_func_t *f = p->prog->funcs; f; f = f->next)
            if (!f->defined && f->use_tok)
                cc_error_tok(c, f->use_tok, "undefined function '%s': no unit of the link defines it", f->name);
    return p->prog;
}

cc_prog_t *cc_parse(cc_t *c, cc_tok_t *t) { return cc_parse_units(c, &t, 1); }
