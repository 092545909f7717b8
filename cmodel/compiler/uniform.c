/* uniform.c -- which values are the same in every thread that computes
 * them, and so which branches need no divergence tokens (DESIGN §7 pass 1).
 *
 * A value is uniform when it comes from constants, kernel arguments, the
 * work-group functions (group id, sizes, offsets, work_dim), a load from a
 * uniform address, or arithmetic on uniform values.  The local and global
 * ids, atomics and anything derived from them are not.  A variable is
 * non-uniform when it is ever assigned a non-uniform value, or when it is
 * assigned inside a divergent region deeper than its declaration (threads
 * that skipped the region keep the old value).  A region is divergent when
 * its condition is non-uniform; a loop or switch is also divergent when a
 * break or continue leaves it from a divergent region inside it, since its
 * threads then leave at different times.  The analysis runs to a fixpoint
 * over the kernel and every function it calls (they are inlined, and a
 * function's variables are shared by its call sites, so the answer holds
 * for all of them). */
#include <string.h>
#include "cc_int.h"

typedef struct region {
    struct region *up;
    cc_node_t *node;                /* ND_LOOP or ND_SWITCH                   */
    int depth;                      /* divergence depth of its body           */
} region_t;

typedef struct {
    cc_t *c;
    int changed;
    region_t *regions;
    int fn_depth;                   /* depth at the current function's entry */
    cc_func_t *fn;
    cc_func_t *root;                /* the kernel analysed (a kernel it calls is a function) */
    int call_depth;
} un_t;

/* decl depth per variable is kept in the var's vreg field during the
 * analysis (lower.c assigns real registers afterwards) */
#define DECL_UNSET (-1)

static void mark_var(un_t *u, cc_var_t *v, int nonuniform, int depth)
{
    if (v->vreg == DECL_UNSET) v->vreg = depth;
    if (depth > v->vreg) nonuniform = 1;
    if (nonuniform && !v->nonuniform) { v->nonuniform = 1; u->changed = 1; }
}

static int expr(un_t *u, cc_node_t *n, int depth);
static void stmt(un_t *u, cc_node_t *n, int depth);

static void set_div(un_t *u, cc_node_t *n)
{
    if (!n->divergent) { n->divergent = 1; u->changed = 1; }
}

static int lvalue_assign(un_t *u, cc_node_t *lhs, int val_nu, int depth)
{
    if (lhs->kind == ND_VAR && !lhs->var->in_memory) {
        mark_var(u, lhs->var, val_nu, depth);
        return lhs->var->nonuniform;
    }
    if (lhs->kind == ND_VAR) return 1;
    /* a component's assignment is its vector's */
    if (lhs->kind == ND_SWIZZLE) return lvalue_assign(u, lhs->lhs, val_nu, depth);
    if (lhs->kind == ND_DEREF) expr(u, lhs->lhs, depth);
    return 1;
}

static int call(un_t *u, cc_node_t *n, int depth)
{
    cc_func_t *f = n->func;
    int k = 0;
    int nu_args[256];
    for (cc_node_t *a = n->args; a; a = a->next) nu_args[k++] = expr(u, a, depth);
    if (!f->defined || f->visiting || u->call_depth > 64) return 1;     /* lower.c reports it */
    for (int i = 0; i < f->nparams; i++) mark_var(u, f->params[i], nu_args[i], depth);
    cc_func_t *saved_fn = u->fn;
    int saved_depth = u->fn_depth;
    region_t *saved_regions = u->regions;
    u->fn = f;
    u->fn_depth = depth;
    u->regions = NULL;
    f->visiting = 1;
    u->call_depth++;
    stmt(u, f->body, depth);
    u->call_depth--;
    f->visiting = 0;
    u->fn = saved_fn;
    u->fn_depth = saved_depth;
    u->regions = saved_regions;
    /* the return value: the function's pseudo-variable is its params[nparams] slot */
    return f->params[f->nparams]->nonuniform;
}

static int expr(un_t *u, cc_node_t *n, int depth)
{
    if (!n) return 0;
    switch (n->kind) {
    case ND_NUM: return 0;
    case ND_VAR: return n->var->in_memory ? 1 : n->var->nonuniform;
    case ND_ASSIGN: {
        int v = expr(u, n->rhs, depth);
        lvalue_assign(u, n->lhs, v, depth);
        return v;
    }
    case ND_OPASSIGN: {
        int v = expr(u, n->rhs, depth) | expr(u, n->lhs, depth);
        return lvalue_assign(u, n->lhs, v, depth) | v;
    }
    case ND_INCDEC: {
        int v = expr(u, n->lhs, depth);
        return lvalue_assign(u, n->lhs, v, depth) | v;
    }
    case ND_LOGAND: case ND_LOGOR: {
        int a = expr(u, n->lhs, depth);
        if (a) set_div(u, n);
        int b = expr(u, n->rhs, depth + a);
        return a | b;
    }
    case ND_COND: {
        int c = expr(u, n->cond, depth);
        if (c) set_div(u, n);
        int a = expr(u, n->then, depth + c);
        int b = expr(u, n->els, depth + c);
        return a | b | c;
    }
    case ND_COMMA: expr(u, n->lhs, depth); return expr(u, n->rhs, depth);
    case ND_STMTEXPR: stmt(u, n->then, depth); return expr(u, n->lhs, depth);
    case ND_DEREF:
        /* every lane reads the same word when the address is uniform */
        return expr(u, n->lhs, depth) | (n->ty->is_volatile != 0);
    case ND_ADDR:
        /* a __local object is one address; a private one is each work-item's
         * own, and so is program-scope __constant data (in the frame, lower.c) */
        if (n->lhs->kind == ND_VAR) return n->lhs->var->as == AS_PRIVATE || n->lhs->var->is_static;
        if (n->lhs->kind == ND_DEREF) return expr(u, n->lhs->lhs, depth);
        /* a struct value that is not an object (a call's result, `?:`,
         * a statement expression): its object may be a frame temporary */
        expr(u, n->lhs, depth);
        return 1;
    case ND_CAST: case ND_NOT: case ND_BITNOT: case ND_NEG: case ND_MEMBER:
        return expr(u, n->lhs, depth);
    case ND_CALL: return call(u, n, depth);
    case ND_LANE: return 0;                 /* a template's: its operands are the node's args */
    case ND_SWIZZLE: case ND_VAS: case ND_VANY: case ND_VALL: return expr(u, n->lhs, depth);
    case ND_VLIT: case ND_VMAP: case ND_VSHUFFLE: {
        int any = 0;
        for (cc_node_t *a = n->args; a; a = a->next) any |= expr(u, a, depth);
        return any;
    }
    case ND_BUILTIN: {
        int any = 0;
        for (cc_node_t *a = n->args; a; a = a->next) any |= expr(u, a, depth);
        if (n->bi == BI_ASYNC_COPY) stmt(u, n->body, depth);      /* its copy loop */
        switch (n->bi) {
        case BI_GLOBAL_ID: case BI_LOCAL_ID: case BI_ATOMIC: return 1;
        default: return any;
        }
    }
    default:
        return expr(u, n->lhs, depth) | expr(u, n->rhs, depth);
    }
}

static int has_atomic(const cc_node_t *n)
{
    if (!n) return 0;
    if (n->kind == ND_BUILTIN && n->bi == BI_ATOMIC) return 1;
    if (n->kind == ND_DEREF && n->ty && n->ty->is_volatile) return 1;
    if (n->kind == ND_CALL && n->func->body && !n->func->visiting) {
        cc_func_t *f = n->func;
        f->visiting = 1;
        int r = has_atomic(f->body);
        f->visiting = 0;
        if (r) return 1;
    }
    for (const cc_node_t *a = n->args; a; a = a->next) if (has_atomic(a)) return 1;
    for (const cc_node_t *b = n->body; b; b = b->next) if (has_atomic(b)) return 1;
    return has_atomic(n->lhs) || has_atomic(n->rhs) || has_atomic(n->cond) ||
           has_atomic(n->then) || has_atomic(n->els) || has_atomic(n->init) || has_atomic(n->inc);
}

static void stmt(un_t *u, cc_node_t *n, int depth)
{
    if (!n) return;
    switch (n->kind) {
    case ND_BLOCK:
        for (cc_node_t *s = n->body; s; s = s->next) stmt(u, s, depth);
        return;
    case ND_EXPR_STMT: expr(u, n->lhs, depth); return;
    case ND_IF: {
        int c = expr(u, n->cond, depth);
        if (c) set_div(u, n);
        stmt(u, n->then, depth + n->divergent);
        stmt(u, n->els, depth + n->divergent);
        return;
    }
    case ND_LOOP: {
        stmt(u, n->init, depth);
        n->has_atomic = has_atomic(n->then) || has_atomic(n->cond) || has_atomic(n->inc);
        int d = depth + n->divergent;
        if (expr(u, n->cond, d)) set_div(u, n);
        region_t r = { u->regions, n, d };
        u->regions = &r;
        stmt(u, n->then, d);
        u->regions = r.up;
        expr(u, n->inc, d);
        return;
    }
    case ND_SWITCH: {
        if (expr(u, n->cond, depth)) set_div(u, n);
        region_t r = { u->regions, n, depth + n->divergent };
        u->regions = &r;
        stmt(u, n->then, depth + n->divergent);
        u->regions = r.up;
        return;
    }
    case ND_CASE: stmt(u, n->then, depth); return;
    case ND_BREAK: case ND_CONTINUE: {
        region_t *r = u->regions;
        if (n->kind == ND_CONTINUE) while (r && r->node->kind != ND_LOOP) r = r->up;
        if (r && depth > r->depth) set_div(u, r->node);
        return;
    }
    case ND_RETURN:
        if (n->lhs) {
            int v = expr(u, n->lhs, depth);
            if (u->fn && u->fn != u->root) mark_var(u, u->fn->params[u->fn->nparams], v, depth);
        }
        if (u->fn && u->fn != u->root && depth > u->fn_depth && !u->fn->divergent_return) {
            u->fn->divergent_return = 1;
            u->changed = 1;
        }
        return;
    default: return;
    }
}

void cc_uniform(cc_t *c, cc_prog_t *prog, cc_func_t *k)
{
    un_t u = { .c = c, .root = k };
    for (cc_func_t *f = prog->funcs; f; f = f->next) {
        for (cc_var_t *v = f->locals; v; v = v->next) { v->vreg = DECL_UNSET; v->nonuniform = 0; }
        if (f->params) { f->params[f->nparams]->vreg = DECL_UNSET; f->params[f->nparams]->nonuniform = 0; }
        f->divergent_return = 0;
    }
    u.changed = 1;
    for (int iter = 0; u.changed && iter < 64; iter++) {
        u.changed = 0;
        u.fn = k;
        u.fn_depth = 0;
        u.regions = NULL;
        k->visiting = 1;
        for (int i = 0; i < k->nparams; i++) mark_var(&u, k->params[i], 0, 0);
        stmt(&u, k->body, 0);
        k->visiting = 0;
    }
}
