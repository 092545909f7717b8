/* preprocess.c -- the C preprocessor, on tokens: #include, #define (object-
 * and function-like, variadic, # and ##), #undef, #if/#ifdef/#ifndef/#elif/
 * #else/#endif with defined(), #error, #pragma (ignored: OpenCL's
 * `#pragma OPENCL EXTENSION` has nothing to switch on this device), #line
 * (ignored); __LINE__ and __FILE__; the predefined macros of OpenCL C 1.2
 * (predefine_all below).
 *
 * `#include "x.h"` searches the including file's directory, then the -I
 * directories in order; `#include <x.h>` only the -I directories.  Macro
 * expansion keeps a hide set per token (the macros it came from), which is
 * what stops `#define f(x) f(x)` from recursing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"    /* WQ_ENQ_OK, WQ_ENQ_FULL, WQ_ENQ_SIZE: nq.def, expanded by the spec header */

struct cc_macro {
    cc_macro_t *next;               /* the next in its bucket               */
    const char *name;
    int len;                        /* strlen(name)                         */
    int fn, variadic;
    const char **params;
    int nparams;
    cc_tok_t *body;                 /* up to (not including) the end of the line */
};

struct cc_cond_incl {
    cc_cond_incl_t *next;
    enum { IN_THEN, IN_ELIF, IN_ELSE } ctx;
    int included;
    const cc_tok_t *tok;
};

#define MAX_INCLUDE_DEPTH 64
/* tokens all macro expansions of one compilation may produce: nested
 * macros grow exponentially (E(E(E(x))) with E(x) = x x x x), and a
 * kernel never needs more than a fraction of this */
#define MAX_EXPANDED 250000L

static cc_tok_t *copy_tok(cc_t *c, const cc_tok_t *t)
{
    cc_tok_t *n = cc_alloc(c, sizeof *n);
    *n = *t;
    n->next = NULL;
    return n;
}

static cc_tok_t *new_eof(cc_t *c, const cc_tok_t *t)
{
    cc_tok_t *n = copy_tok(c, t);
    n->kind = TK_EOF;
    n->len = 0;
    return n;
}

static int in_hide(const cc_hide_t *h, const char *name, int len)
{
    for (; h; h = h->next)
        if ((int)strlen(h->name) == len && !memcmp(h->name, name, (size_t)len)) return 1;
    return 0;
}

static cc_hide_t *hide_add(cc_t *c, cc_hide_t *h, const char *name)
{
    cc_hide_t *n = cc_alloc(c, sizeof *n);
    n->name = name;
    n->next = h;
    return n;
}

/* the bucket of a name of len bytes: every identifier token is looked up,
 * against the predefined macros and the math library's among others, so
 * the list is cut by length and the first and last characters */
static cc_macro_t **bucket(cc_t *c, const char *name, int len)
{
    unsigned h = (unsigned)len * 31u + (unsigned char)name[0] * 7u + (unsigned char)name[len - 1];
    return &c->macros[h % CC_MACRO_BUCKETS];
}

static cc_macro_t *find_macro(cc_t *c, const cc_tok_t *t)
{
    if (t->kind != TK_IDENT || t->len <= 0) return NULL;
    for (cc_macro_t *m = *bucket(c, t->loc, t->len); m; m = m->next)
        if (m->len == t->len && !memcmp(m->name, t->loc, (size_t)t->len)) return m;
    return NULL;
}

/* __LINE__ and __FILE__: macros whose value is where they are used (the
 * outermost macro use's line when they come out of an expansion, as C's);
 * a #define of the same name wins */
static int is_dynamic(const cc_tok_t *t)
{
    return cc_tok_is(t, "__LINE__") || cc_tok_is(t, "__FILE__");
}

/* defined(X), #ifdef X */
static int is_defined(cc_t *c, const cc_tok_t *n)
{
    return find_macro(c, &(cc_tok_t){ .kind = TK_IDENT, .loc = n->loc, .len = n->len }) != NULL ||
           is_dynamic(n);
}

static void undef(cc_t *c, const char *name)
{
    if (!*name) return;
    for (cc_macro_t **pp = bucket(c, name, (int)strlen(name)); *pp; pp = &(*pp)->next)
        if (!strcmp((*pp)->name, name)) { *pp = (*pp)->next; return; }
}

/* the tokens up to the end of the directive's line, as a list ending in EOF */
static cc_tok_t *take_line(cc_t *c, cc_tok_t **rest, cc_tok_t *t)
{
    cc_tok_t head = {0}, *cur = &head;
    while (t->kind != TK_EOF && !t->bol) {
        cur = cur->next = copy_tok(c, t);
        t = t->next;
    }
    cur->next = new_eof(c, t);
    *rest = t;
    return head.next;
}

static cc_tok_t *skip_line(cc_t *c, cc_tok_t *t)
{
    (void)c;
    while (t->kind != TK_EOF && !t->bol) t = t->next;
    return t;
}

static void define_macro(cc_t *c, cc_tok_t **rest, cc_tok_t *t)
{
    if (t->kind != TK_IDENT && t->kind != TK_KEYWORD) cc_error_tok(c, t, "macro name must be an identifier");
    cc_macro_t *m = cc_alloc(c, sizeof *m);
    m->name = cc_tok_str(c, t);
    t = t->next;
    if (cc_tok_is(t, "(") && !t->space && !t->bol) {
        m->fn = 1;
        t = t->next;
        const char *ps[128] = {0};
        int n = 0;
        while (!cc_tok_is(t, ")")) {
            if (t->kind == TK_EOF || t->bol) cc_error_tok(c, t, "unterminated macro parameter list");
            if (n) {
                if (!cc_tok_is(t, ",")) cc_error_tok(c, t, "expected ',' or ')' in macro parameters");
                t = t->next;
            }
            if (cc_tok_is(t, "...")) { m->variadic = 1; t = t->next; break; }
            if (t->kind != TK_IDENT || t->bol) cc_error_tok(c, t, "expected a parameter name");
            if (n == 128) cc_error_tok(c, t, "too many macro parameters");
            ps[n++] = cc_tok_str(c, t);
            t = t->next;
        }
        if (!cc_tok_is(t, ")") || t->bol) cc_error_tok(c, t, "expected ')' after macro parameters");
        t = t->next;
        m->params = cc_alloc(c, sizeof *m->params * (size_t)(n + 1));
        memcpy(m->params, ps, sizeof *ps * (size_t)n);
        m->nparams = n;
    }
    m->body = take_line(c, rest, t);
    undef(c, m->name);
    m->len = (int)strlen(m->name);
    cc_macro_t **b = bucket(c, m->name, m->len);
    m->next = *b;
    *b = m;
}

/* ---- macro expansion -------------------------------------------------------------- */
typedef struct { cc_tok_t *toks; } arg_t;

/* one argument's tokens (to EOF), stopping at a top-level ',' or ')' */
static cc_tok_t *read_arg(cc_t *c, cc_tok_t **rest, cc_tok_t *t, int variadic)
{
    cc_tok_t head = {0}, *cur = &head;
    int depth = 0;
    for (;;) {
        if (t->kind == TK_EOF) cc_error_tok(c, t, "unterminated macro argument list");
        if (depth == 0 && cc_tok_is(t, ")")) break;
        if (depth == 0 && !variadic && cc_tok_is(t, ",")) break;
        if (cc_tok_is(t, "(")) depth++;
        else if (cc_tok_is(t, ")")) depth--;
        cur = cur->next = copy_tok(c, t);
        cur->bol = 0;
        t = t->next;
    }
    cur->next = new_eof(c, t);
    *rest = t;
    return head.next;
}

static cc_tok_t *expand_all(cc_t *c, cc_tok_t *t);

static char *stringize(cc_t *c, const cc_tok_t *arg, int *len)
{
    cc_buf_t b = {0};
    cc_puts(c, &b, "\"");
    for (const cc_tok_t *t = arg; t->kind != TK_EOF; t = t->next) {
        if (t != arg && t->space) cc_puts(c, &b, " ");
        for (int i = 0; i < t->len; i++) {
            char ch = t->loc[i];
            if ((ch == '"' || ch == '\\') && (t->kind == TK_STR)) cc_puts(c, &b, "\\");
            char s[2] = { ch, 0 };
            cc_puts(c, &b, s);
        }
    }
    cc_puts(c, &b, "\"");
    char *s = cc_strndup(c, b.s, b.n);
    *len = (int)b.n;
    free(b.s);
    return s;
}

/* a ## b: the two spellings joined, tokenized again, must be one token */
static cc_tok_t *paste(cc_t *c, const cc_tok_t *a, const cc_tok_t *b)
{
    char *s = cc_fmt(c, "%.*s%.*s", a->len, a->loc, b->len, b->loc);
    cc_file_t *f = cc_add_file(c, a->file ? a->file->name : "<paste>", s, strlen(s));
    cc_tok_t *t = cc_tokenize(c, f);
    if (t->next->kind != TK_EOF) cc_error_tok(c, a, "pasting \"%.*s\" and \"%.*s\" does not give one token",
                                              a->len, a->loc, b->len, b->loc);
    t->origin = a->origin ? a->origin : a;
    t->hide = a->hide;
    t->space = a->space;
    t->bol = 0;
    return t;
}

static int param_index(const cc_macro_t *m, const cc_tok_t *t)
{
    if (t->kind != TK_IDENT && t->kind != TK_KEYWORD) return -1;
    for (int i = 0; i < m->nparams; i++)
        if ((int)strlen(m->params[i]) == t->len && !memcmp(m->params[i], t->loc, (size_t)t->len)) return i;
    if (m->variadic && cc_tok_is(t, "__VA_ARGS__")) return m->nparams;
    return -1;
}

static cc_tok_t *append_copy(cc_t *c, cc_tok_t *cur, const cc_tok_t *list)
{
    for (; list->kind != TK_EOF; list = list->next) cur = cur->next = copy_tok(c, list);
    return cur;
}

static cc_tok_t *subst(cc_t *c, const cc_macro_t *m, arg_t *args)
{
    cc_tok_t head = {0}, *cur = &head;
    for (const cc_tok_t *t = m->body; t->kind != TK_EOF; t = t->next) {
        if (cc_tok_is(t, "#") && m->fn) {
            int i = param_index(m, t->next);
            if (i < 0) cc_error_tok(c, t, "'#' is not followed by a macro parameter");
            int len;
            char *s = stringize(c, args[i].toks, &len);
            cc_tok_t *n = copy_tok(c, t);
            n->kind = TK_STR;
            n->loc = s;
            n->len = len;
            cur = cur->next = n;
            t = t->next;
            continue;
        }
        if (cc_tok_is(t, "##")) {
            if (cur == &head) cc_error_tok(c, t, "'##' cannot appear at either end of a macro");
            const cc_tok_t *rhs = t->next;
            if (rhs->kind == TK_EOF) cc_error_tok(c, t, "'##' cannot appear at either end of a macro");
            int i = param_index(m, rhs);
            if (i >= 0) {
                const cc_tok_t *a = args[i].toks;
                if (a->kind != TK_EOF) {
                    *cur = *paste(c, cur, a);
                    cur->next = NULL;
                    cur = append_copy(c, cur, a->next);
                }
            } else {
                *cur = *paste(c, cur, rhs);
                cur->next = NULL;
            }
            t = rhs;
            continue;
        }
        int i = m->fn ? param_index(m, t) : -1;
        if (i >= 0) {
            const cc_tok_t *a = args[i].toks;
            if (cc_tok_is(t->next, "##")) {          /* unexpanded before ## */
                if (a->kind == TK_EOF) {
                    /* an empty lhs: the paste degenerates to the rhs */
                    const cc_tok_t *rhs = t->next->next;
                    int j = param_index(m, rhs);
                    if (j >= 0) cur = append_copy(c, cur, args[j].toks);
                    else if (rhs->kind != TK_EOF) cur = cur->next = copy_tok(c, rhs);
                    t = rhs;
                    if (t->kind == TK_EOF) break;
                    continue;
                }
                cur = append_copy(c, cur, a);
                continue;
            }
            cc_tok_t *e = expand_all(c, (cc_tok_t *)a);
            cur = append_copy(c, cur, e);
            continue;
        }
        cur = cur->next = copy_tok(c, t);
    }
    cur->next = NULL;
    return head.next;
}

/* If t is a macro use, replace it by its expansion and return 1 (*rest =
 * the expansion followed by what came after the use). */
static int expand_macro(cc_t *c, cc_tok_t **rest, cc_tok_t *t)
{
    if (in_hide(t->hide, t->loc, t->len)) return 0;
    cc_macro_t *m = find_macro(c, t);
    if (!m && t->kind == TK_IDENT && is_dynamic(t)) {
        const cc_tok_t *at = t->origin ? t->origin : t;
        cc_tok_t *n = copy_tok(c, t);
        if (cc_tok_is(t, "__LINE__")) {
            n->kind = TK_PPNUM;
            n->loc = cc_fmt(c, "%d", at->line);
        } else {                        /* the file's name as a string literal */
            cc_buf_t b = {0};
            cc_puts(c, &b, "\"");
            for (const char *s = at->file ? at->file->name : "<unknown>"; *s; s++) {
                char ch[3] = { '\\', *s, 0 };
                cc_puts(c, &b, (*s == '"' || *s == '\\') ? ch : ch + 1);
            }
            cc_puts(c, &b, "\"");
            n->kind = TK_STR;
            n->loc = cc_strndup(c, b.s, b.n);
            free(b.s);
        }
        n->len = (int)strlen(n->loc);
        n->origin = at;                 /* its diagnostics point at the use */
        n->next = t->next;
        *rest = n;
        return 1;
    }
    if (!m) return 0;
    cc_tok_t *after;
    cc_tok_t *body;
    arg_t args[130];
    if (!m->fn) {
        after = t->next;
        body = subst(c, m, NULL);
    } else {
        if (!cc_tok_is(t->next, "(")) return 0;
        cc_tok_t *p = t->next->next;
        int n = 0;
        memset(args, 0, sizeof args);
        if (m->nparams == 0 && cc_tok_is(p, ")")) {
            /* f() */
        } else {
            for (;;) {
                int variadic = m->variadic && n == m->nparams;
                if (n > m->nparams || (n == m->nparams && !m->variadic))
                    cc_error_tok(c, t, "too many arguments to macro '%s'", m->name);
                args[n++].toks = read_arg(c, &p, p, variadic);
                if (cc_tok_is(p, ")")) break;
                p = p->next;                    /* the ',' */
            }
        }
        if (m->variadic && n == m->nparams) args[n++].toks = new_eof(c, p);
        if (n < m->nparams + (m->variadic ? 1 : 0))
            cc_error_tok(c, t, "too few arguments to macro '%s'", m->name);
        after = p->next;                        /* past ')' */
        body = subst(c, m, args);
    }
    cc_hide_t *h = hide_add(c, t->hide, m->name);
    cc_tok_t head = {0}, *cur = &head;
    for (cc_tok_t *b = body; b; b = b->next) {
        if (++c->expanded > MAX_EXPANDED)
            cc_error_tok(c, t, "macro expansion too large: more than %ld tokens", MAX_EXPANDED);
        cur = cur->next = b;
        b->hide = h;
        b->origin = t->origin ? t->origin : t;
        b->bol = 0;
    }
    if (head.next) head.next->space = t->space, head.next->bol = t->bol;
    cur->next = after;
    *rest = head.next ? head.next : after;
    return 1;
}

/* fully expand a token list (for macro arguments and #if lines) */
static cc_tok_t *expand_all(cc_t *c, cc_tok_t *t)
{
    cc_tok_t head = {0}, *cur = &head;
    int guard = 0;
    while (t->kind != TK_EOF) {
        if (++guard > 1000000) cc_error_tok(c, t, "macro expansion does not end");
        if (expand_macro(c, &t, t)) continue;
        cur = cur->next = copy_tok(c, t);
        t = t->next;
    }
    cur->next = t;
    return head.next;
}

/* ---- #if expressions ------------------------------------------------------------------ */
typedef struct { cc_t *c; cc_tok_t *t; int nest; } ev_t;
#define EV_MAX_NEST 200              /* ( and unary operators: the evaluator recurses */

static int64_t ev_cond(ev_t *e);
static int64_t ev_unary_(ev_t *e);

static int64_t ev_primary(ev_t *e)
{
    cc_tok_t *t = e->t;
    if (cc_tok_is(t, "(")) {
        e->t = t->next;
        int64_t v = ev_cond(e);
        if (!cc_tok_is(e->t, ")")) cc_error_tok(e->c, e->t, "expected ')' in #if expression");
        e->t = e->t->next;
        return v;
    }
    if (t->kind == TK_PPNUM) cc_convert_number(e->c, t);
    if (t->kind == TK_NUM && t->is_float) cc_error_tok(e->c, t, "a floating constant in a #if expression");
    if (t->kind == TK_NUM) { e->t = t->next; return (int64_t)t->val; }
    cc_error_tok(e->c, t, "invalid token in #if expression");
}

static int64_t ev_unary(ev_t *e)
{
    if (++e->nest > EV_MAX_NEST)
        cc_error_tok(e->c, e->t, "#if expression nested too deeply (more than %d levels)", EV_MAX_NEST);
    int64_t v = ev_unary_(e);
    e->nest--;
    return v;
}

static int64_t ev_unary_(ev_t *e)
{
    if (cc_tok_is(e->t, "-")) { e->t = e->t->next; return (int64_t)(0 - (uint64_t)ev_unary(e)); }
    if (cc_tok_is(e->t, "+")) { e->t = e->t->next; return ev_unary(e); }
    if (cc_tok_is(e->t, "!")) { e->t = e->t->next; return !ev_unary(e); }
    if (cc_tok_is(e->t, "~")) { e->t = e->t->next; return ~ev_unary(e); }
    return ev_primary(e);
}

/* binary operators by precedence, lowest first */
static const char *const ev_ops[][5] = {
    { "||" }, { "&&" }, { "|" }, { "^" }, { "&" }, { "==", "!=" }, { "<", "<=", ">", ">=" },
    { "<<", ">>" }, { "+", "-" }, { "*", "/", "%" },
};

static int64_t ev_bin(ev_t *e, int lvl)
{
    if (lvl == (int)(sizeof ev_ops / sizeof *ev_ops)) return ev_unary(e);
    int64_t v = ev_bin(e, lvl + 1);
    for (;;) {
        const char *op = NULL;
        for (int i = 0; i < 5 && ev_ops[lvl][i]; i++)
            if (cc_tok_is(e->t, ev_ops[lvl][i])) op = ev_ops[lvl][i];
        if (!op) return v;
        cc_tok_t *ot = e->t;
        e->t = e->t->next;
        int64_t r = ev_bin(e, lvl + 1);
        if (!strcmp(op, "||")) v = v || r;
        else if (!strcmp(op, "&&")) v = v && r;
        else if (!strcmp(op, "|")) v |= r;
        else if (!strcmp(op, "^")) v ^= r;
        else if (!strcmp(op, "&")) v &= r;
        else if (!strcmp(op, "==")) v = v == r;
        else if (!strcmp(op, "!=")) v = v != r;
        else if (!strcmp(op, "<")) v = v < r;
        else if (!strcmp(op, "<=")) v = v <= r;
        else if (!strcmp(op, ">")) v = v > r;
        else if (!strcmp(op, ">=")) v = v >= r;
        else if (!strcmp(op, "<<")) v = (int64_t)((uint64_t)v << (r & 63));
        else if (!strcmp(op, ">>")) v >>= (r & 63);
        else if (!strcmp(op, "+")) v = (int64_t)((uint64_t)v + (uint64_t)r);
        else if (!strcmp(op, "-")) v = (int64_t)((uint64_t)v - (uint64_t)r);
        else if (!strcmp(op, "*")) v = (int64_t)((uint64_t)v * (uint64_t)r);
        else {
            if (r == 0) cc_error_tok(e->c, ot, "division by zero in #if expression");
            if (r == -1) v = op[0] == '/' ? (int64_t)(0 - (uint64_t)v) : 0;
            else v = op[0] == '/' ? v / r : v % r;
        }
    }
}

static int64_t ev_cond(ev_t *e)
{
    int64_t v = ev_bin(e, 0);
    if (!cc_tok_is(e->t, "?")) return v;
    e->t = e->t->next;
    int64_t a = ev_cond(e);
    if (!cc_tok_is(e->t, ":")) cc_error_tok(e->c, e->t, "expected ':' in #if expression");
    e->t = e->t->next;
    int64_t b = ev_cond(e);
    return v ? a : b;
}

static int64_t eval_if(cc_t *c, cc_tok_t **rest, cc_tok_t *t)
{
    const cc_tok_t *start = t;
    cc_tok_t *line = take_line(c, rest, t);
    /* defined X / defined(X) first, before expansion */
    cc_tok_t head = {0}, *cur = &head;
    for (cc_tok_t *x = line; x->kind != TK_EOF; x = x->next) {
        if (cc_tok_is(x, "defined")) {
            cc_tok_t *y = x->next;
            int paren = cc_tok_is(y, "(");
            if (paren) y = y->next;
            if (y->kind != TK_IDENT && y->kind != TK_KEYWORD) cc_error_tok(c, y, "macro name missing after 'defined'");
            cc_tok_t *n = copy_tok(c, x);
            n->kind = TK_NUM;
            n->val = (uint64_t)is_defined(c, y);
            cur = cur->next = n;
            x = y;
            if (paren) {
                if (!cc_tok_is(x->next, ")")) cc_error_tok(c, x->next, "expected ')' after 'defined(%.*s'", y->len, y->loc);
                x = x->next;
            }
            continue;
        }
        cur = cur->next = copy_tok(c, x);
    }
    cur->next = new_eof(c, line);
    cc_tok_t *e = expand_all(c, head.next ? head.next : cur->next);
    /* identifiers left after expansion are 0 */
    for (cc_tok_t *x = e; x->kind != TK_EOF; x = x->next)
        if (x->kind == TK_IDENT || x->kind == TK_KEYWORD) { x->kind = TK_NUM; x->val = 0; }
    if (e->kind == TK_EOF) cc_error_tok(c, start, "#if with no expression");
    ev_t ev = { c, e, 0 };
    int64_t v = ev_cond(&ev);
    if (ev.t->kind != TK_EOF) cc_error_tok(c, ev.t, "extra tokens in #if expression");
    return v;
}

/* skip a false group: to the #elif, #else or #endif of this level */
static cc_tok_t *skip_cond(cc_t *c, cc_tok_t *t)
{
    int depth = 0;
    while (t->kind != TK_EOF) {
        if (t->bol && cc_tok_is(t, "#") && !t->next->bol) {
            cc_tok_t *d = t->next;
            if (cc_tok_is(d, "if") || cc_tok_is(d, "ifdef") || cc_tok_is(d, "ifndef")) {
                depth++;
            } else if (cc_tok_is(d, "endif")) {
                if (depth == 0) return t;
                depth--;
            } else if (depth == 0 && (cc_tok_is(d, "elif") || cc_tok_is(d, "else"))) {
                return t;
            }
        }
        t = t->next;
    }
    return t;
}

/* ---- #include -------------------------------------------------------------------------- */
static char *read_whole(cc_t *c, const char *path, size_t *len)
{
    if (c->opts && c->opts->read_file) return c->opts->read_file(c->opts->read_user, path, len);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *b = malloc(cap);
    while (b) {
        size_t k = fread(b + n, 1, cap - n, f);
        n += k;
        if (n < cap) break;
        if (cap > (64u << 20)) { free(b); b = NULL; break; }
        char *nb = realloc(b, cap *= 2);
        if (!nb) { free(b); b = NULL; break; }
        b = nb;
    }
    fclose(f);
    if (b) *len = n;
    return b;
}

static cc_tok_t *include_file(cc_t *c, const cc_tok_t *at, const char *name, int quoted, cc_tok_t *rest)
{
    if (c->include_depth >= MAX_INCLUDE_DEPTH)
        cc_error_tok(c, at, "#include nested too deeply (recursive include of \"%s\"?)", name);
    char *text = NULL, *path = NULL;
    size_t len = 0;
    /* the unit's embedded headers first (clCompileProgram's input_headers),
     * by the name relative to the including header's, then as written */
    const wq_cc_unit_t *u = c->unit;
    const char *from = at->file ? at->file->name : "", *dir_end = strrchr(from, '/');
    const char *rel = dir_end ? cc_fmt(c, "%.*s/%s", (int)(dir_end - from), from, name) : name;
    for (int r = 0; r < 2 && !text; r++)
        for (unsigned i = 0; !text && u && i < u->nheaders; i++)
            if (!strcmp(u->header_names[i], r ? name : rel)) {
                path = cc_fmt(c, "%s", u->header_names[i]);
                len = strlen(u->header_texts[i]);
                text = cc_calloc(c, len + 1, 1);     /* freed below, as a file's */
                memcpy(text, u->header_texts[i], len);
            }
    if (!text && name[0] == '/') {
        path = cc_fmt(c, "%s", name);
        text = read_whole(c, path, &len);
    }
    if (!text && quoted && at->file && name[0] != '/') {
        const char *fn = at->file->name, *slash = strrchr(fn, '/');
        path = slash ? cc_fmt(c, "%.*s/%s", (int)(slash - fn), fn, name) : cc_fmt(c, "%s", name);
        text = read_whole(c, path, &len);
    }
    for (unsigned i = 0; !text && name[0] != '/' && c->opts && i < c->opts->nincdirs; i++) {
        path = cc_fmt(c, "%s/%s", c->opts->incdirs[i], name);
        text = read_whole(c, path, &len);
    }
    if (!text) cc_error_tok(c, at, "cannot find include file \"%s\"", name);
    cc_file_t *f = cc_add_file(c, path, text, len);
    free(text);
    c->include_depth++;
    cc_tok_t *t = cc_tokenize(c, f);
    /* splice: the file's tokens (without its EOF) then rest; the depth
     * counter is lowered when the marker after the file is reached */
    cc_tok_t *last = NULL;
    for (cc_tok_t *x = t; x->kind != TK_EOF; x = x->next) last = x;
    cc_tok_t *marker = cc_alloc(c, sizeof *marker);
    marker->kind = TK_PUNCT;
    marker->loc = "";
    marker->len = 0;            /* a zero-length punct: the end-of-include marker */
    marker->file = f;
    marker->bol = 1;
    marker->next = rest;
    if (last) { last->next = marker; return t; }
    return marker;
}

/* wq/cc.h: the device's extensions, each also a predefined macro (below).
 * OpenCL 1.1 made the 32-bit atomics and byte-addressable stores core, and
 * 1.2 devices still name them (programs test the macros);
 * cles_khr_int64 is long and ulong, which an embedded-profile device
 * supports only under that name (OpenCL 1.2 §10); the 64-bit atomics
 * (atom_* on long and ulong, __global and __local) are lowered with a lock
 * table (docs/compiler.md "64-bit atomics"); cl_warpq_enqueue is device-side
 * enqueue (wq_enqueue and friends) */
const char *wq_cc_extensions(void)
{
    return "cl_khr_global_int32_base_atomics cl_khr_global_int32_extended_atomics "
           "cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics "
           "cl_khr_byte_addressable_store cles_khr_int64 "
           "cl_khr_int64_base_atomics cl_khr_int64_extended_atomics cl_warpq_enqueue";
}

/* the name is one of the device's extensions (wq_cc_extensions) */
static int have_extension(const cc_tok_t *name)
{
    for (const char *e = wq_cc_extensions(); *e;) {
        size_t n = strcspn(e, " ");
        if ((size_t)name->len == n && !memcmp(name->loc, e, n)) return 1;
        e += n + (e[n] == ' ');
    }
    return 0;
}

/* `#pragma OPENCL FP_CONTRACT ON|OFF|DEFAULT` (OpenCL C 1.2 §6.10):
 * whether a * b + c may become one FFMA (parse.c cc_contract_at) from
 * this point of the file on; DEFAULT is ON, as clang's OpenCL default.
 * The pragma holds to the end of the file (C scopes one inside a
 * compound statement to its end: not modelled, docs/compiler.md).
 * t: FP_CONTRACT */
static void fp_contract(cc_t *c, const cc_tok_t *t)
{
    const cc_tok_t *st = t->next;
    int off = !st->bol && cc_tok_is(st, "OFF");
    if (st->bol || !(off || cc_tok_is(st, "ON") || cc_tok_is(st, "DEFAULT"))) {
        cc_warn_tok(c, st->bol ? t : st, "-Wunknown-pragmas",
                    "expected 'ON' or 'OFF' or 'DEFAULT' in pragma - ignoring");
        return;
    }
    cc_contract_t *k = cc_alloc(c, sizeof *k);
    *k = (cc_contract_t){ .file = t->file, .loc = t->loc, .off = off, .next = c->contract };
    c->contract = k;
}

/* `#pragma OPENCL EXTENSION name : enable|disable` (OpenCL C 1.2 §9.1):
 * nothing to switch on this device, but a name it does not know or does
 * not have, or a malformed line, is a warning, as clang gives it (other
 * pragmas are ignored).  t: the token after `pragma` */
static void pragma(cc_t *c, const cc_tok_t *t)
{
    /* the Khronos extensions clang knows that this device does not report */
    static const char *const khronos[] = {
        "cl_khr_fp64", "cl_khr_fp16", "cl_khr_int64_base_atomics", "cl_khr_int64_extended_atomics",
        "cl_khr_3d_image_writes", "cl_khr_gl_sharing", "cl_khr_gl_event", "cl_khr_d3d10_sharing",
        "cl_khr_depth_images", "cl_khr_gl_depth_images", "cl_khr_gl_msaa_sharing", "cl_khr_mipmap_image",
        "cl_khr_mipmap_image_writes", "cl_khr_subgroups", "cl_khr_srgb_image_writes", "cl_khr_icd",
        "cl_khr_select_fprounding_mode", "cl_khr_spir", "cl_khr_egl_event", "cl_khr_egl_image",
    };
    if (t->bol || !cc_tok_is(t, "OPENCL")) return;
    const cc_tok_t *ext = t->next;
    if (!ext->bol && cc_tok_is(ext, "FP_CONTRACT")) {
        fp_contract(c, ext);
        return;
    }
    if (ext->bol || !cc_tok_is(ext, "EXTENSION")) return;
    const cc_tok_t *name = ext->next, *colon = name->next, *state = colon->next;
    if (name->bol || name->kind == TK_EOF || (name->kind != TK_IDENT && name->kind != TK_KEYWORD)) {
        cc_warn_tok(c, name->bol ? ext : name, "-Wignored-pragmas", "expected identifier in '#pragma OPENCL EXTENSION' - ignoring");
        return;
    }
    if (colon->bol || !cc_tok_is(colon, ":")) {
        cc_warn_tok(c, colon->bol ? name : colon, "-Wignored-pragmas", "expected ':' - ignoring");
        return;
    }
    if (state->bol || !(cc_tok_is(state, "enable") || cc_tok_is(state, "disable"))) {
        cc_warn_tok(c, state->bol ? colon : state, "-Wignored-pragmas",
                    "expected 'enable', 'disable', 'begin' or 'end' - ignoring");
        return;
    }
    if (cc_tok_is(name, "all") || have_extension(name)) return;
    int known = 0;
    for (size_t i = 0; i < sizeof khronos / sizeof *khronos; i++) known |= cc_tok_is(name, khronos[i]);
    cc_warn_tok(c, name, "-Wignored-pragmas", "%s OpenCL extension '%.*s' - ignoring",
                known ? "unsupported" : "unknown", name->len, name->loc);
}

/* ---- the main loop -------------------------------------------------------------------------- */
static void predefine(cc_t *c, const char *name, const char *value)
{
    char *s = cc_fmt(c, "%s %s\n", name, value);
    cc_file_t *f = cc_add_file(c, "<built-in>", s, strlen(s));
    cc_tok_t *t = cc_tokenize(c, f), *rest;
    c->nfiles--;                /* not counted as a source line */
    define_macro(c, &rest, t);
}

static void predefine_all(cc_t *c)
{
    static const char *const defs[][2] = {
        { "__OPENCL_VERSION__", "120" }, { "__OPENCL_C_VERSION__", "120" },
        /* every version clang names, so that `__OPENCL_C_VERSION__ >= CL_VERSION_2_0`
         * is false here as it is there */
        { "CL_VERSION_1_0", "100" }, { "CL_VERSION_1_1", "110" }, { "CL_VERSION_1_2", "120" },
        { "CL_VERSION_2_0", "200" }, { "CL_VERSION_3_0", "300" },
        { "__ENDIAN_LITTLE__", "1" },
        /* OpenCL C 1.2 §6.7.2 */
        { "__kernel_exec(X, typen)",
          "__kernel __attribute__((work_group_size_hint(X, 1, 1))) __attribute__((vec_type_hint(typen)))" },
        { "kernel_exec(X, typen)",
          "__kernel __attribute__((work_group_size_hint(X, 1, 1))) __attribute__((vec_type_hint(typen)))" },
        { "__warpq__", "1" }, { "__EMBEDDED_PROFILE__", "1" },
        { "CLK_LOCAL_MEM_FENCE", "1" }, { "CLK_GLOBAL_MEM_FENCE", "2" },
        { "NULL", "0" }, { "true", "1" }, { "false", "0" },
        /* async_work_group_copy's event (parse.c): the copy is done when
         * the call returns, so the event is a plain value */
        { "event_t", "uint" },
        { "CHAR_BIT", "8" }, { "SCHAR_MAX", "127" }, { "SCHAR_MIN", "(-127-1)" },
        { "CHAR_MAX", "127" }, { "CHAR_MIN", "(-127-1)" }, { "UCHAR_MAX", "255" },
        { "SHRT_MAX", "32767" }, { "SHRT_MIN", "(-32767-1)" }, { "USHRT_MAX", "65535" },
        { "INT_MAX", "2147483647" }, { "INT_MIN", "(-2147483647-1)" }, { "UINT_MAX", "0xffffffffU" },
        /* OpenCL C 1.2 section 6.12.3: long is 64 bits */
        { "LONG_MAX", "0x7fffffffffffffffL" }, { "LONG_MIN", "(-0x7fffffffffffffffL-1)" },
        { "ULONG_MAX", "0xffffffffffffffffUL" },
        /* OpenCL C 1.2 §6.12.2 (the float ones are refused where they are
         * used on a device without an FPU, as every float constant) */
        { "FLT_DIG", "6" }, { "FLT_MANT_DIG", "24" }, { "FLT_MAX_10_EXP", "+38" },
        { "FLT_MAX_EXP", "+128" }, { "FLT_MIN_10_EXP", "-37" }, { "FLT_MIN_EXP", "-125" },
        { "FLT_RADIX", "2" }, { "FLT_MAX", "0x1.fffffep127f" }, { "FLT_MIN", "0x1.0p-126f" },
        { "FLT_EPSILON", "0x1.0p-23f" }, { "MAXFLOAT", "0x1.fffffep127f" },
        /* the infinity and the canonical quiet NaN (0x7FC00000) as
         * constants (parse.c float_builtin) */
        { "HUGE_VALF", "__wq_inff()" }, { "INFINITY", "__wq_inff()" }, { "NAN", "__wq_nanf()" },
        /* the constants of §6.12.2.1 as clang's opencl-c-base.h spells them */
        { "M_E_F", "2.71828182845904523536028747135266250f" },
        { "M_LOG2E_F", "1.44269504088896340735992468100189214f" },
        { "M_LOG10E_F", "0.434294481903251827651128918916605082f" },
        { "M_LN2_F", "0.693147180559945309417232121458176568f" },
        { "M_LN10_F", "2.30258509299404568401799145468436421f" },
        { "M_PI_F", "3.14159265358979323846264338327950288f" },
        { "M_PI_2_F", "1.57079632679489661923132169163975144f" },
        { "M_PI_4_F", "0.785398163397448309615660845819875721f" },
        { "M_1_PI_F", "0.318309886183790671537767526745028724f" },
        { "M_2_PI_F", "0.636619772367581343075535053490057448f" },
        { "M_2_SQRTPI_F", "1.12837916709551257389615890312154517f" },
        { "M_SQRT2_F", "1.41421356237309504880168872420969808f" },
        { "M_SQRT1_2_F", "0.707106781186547524400844362104849039f" },
    };
    for (size_t i = 0; i < sizeof defs / sizeof *defs; i++) {
        char *n = cc_fmt(c, "%s", defs[i][0]);
        predefine(c, n, defs[i][1]);
    }
    /* nested work (docs/compiler.md): the library's status codes */
    predefine(c, cc_fmt(c, "WQ_ENQ_OK"), cc_fmt(c, "%d", WQ_ENQ_OK));
    predefine(c, cc_fmt(c, "WQ_ENQ_FULL"), cc_fmt(c, "%d", WQ_ENQ_FULL));
    predefine(c, cc_fmt(c, "WQ_ENQ_SIZE"), cc_fmt(c, "%d", WQ_ENQ_SIZE));
    /* fma is one instruction (FFMA) on a device with an FPU; the fast
     * relaxed math option's macro (OpenCL C 1.2 §6.10) */
    if (c->opts && c->opts->fp) predefine(c, cc_fmt(c, "FP_FAST_FMAF"), "1");
    if (c->opts && (c->opts->fp_flags & WQ_CC_FP_FAST_RELAXED)) predefine(c, cc_fmt(c, "__FAST_RELAXED_MATH__"), "1");
    /* one macro per extension the device reports */
    for (const char *e = wq_cc_extensions(); *e;) {
        size_t n = strcspn(e, " ");
        predefine(c, cc_strndup(c, e, n), "1");
        e += n + (e[n] == ' ');
    }
}

cc_tok_t *cc_preprocess(cc_t *c, cc_tok_t *t)
{
    predefine_all(c);
    for (unsigned i = 0; c->opts && i < c->opts->ndefines; i++) {
        const char *d = c->opts->defines[i], *eq = strchr(d, '=');
        char *name = eq ? cc_strndup(c, d, (size_t)(eq - d)) : cc_fmt(c, "%s", d);
        predefine(c, name, eq ? eq + 1 : "1");
    }
    cc_tok_t head = {0}, *cur = &head;
    int guard = 0;
    while (t->kind != TK_EOF) {
        if (++guard > 50000000) cc_error_tok(c, t, "preprocessing does not end");
        if (t->kind == TK_PUNCT && t->len == 0) {       /* end of an #include */
            c->include_depth--;
            t = t->next;
            continue;
        }
        if (expand_macro(c, &t, t)) continue;
        if (!(t->bol && cc_tok_is(t, "#") && !t->origin)) {
            cur = cur->next = t;
            t = t->next;
            continue;
        }
        const cc_tok_t *hash = t;
        t = t->next;
        if (t->bol || t->kind == TK_EOF) continue;      /* the null directive */
        if (cc_tok_is(t, "include")) {
            cc_tok_t *line = take_line(c, &t, t->next);
            const cc_tok_t *at = line;
            if (line->kind != TK_STR && !cc_tok_is(line, "<")) line = expand_all(c, line);
            char *name;
            int quoted;
            if (line->kind == TK_STR) {
                name = cc_strndup(c, line->loc + 1, (size_t)line->len - 2);
                quoted = 1;
            } else if (cc_tok_is(line, "<")) {
                /* the '>' first: an error leaves nothing malloc'd behind */
                for (cc_tok_t *x = line->next; !cc_tok_is(x, ">"); x = x->next)
                    if (x->kind == TK_EOF) cc_error_tok(c, at, "expected '>' after the file name");
                cc_buf_t b = {0};
                for (cc_tok_t *x = line->next; !cc_tok_is(x, ">"); x = x->next)
                    cc_printf(c, &b, "%.*s", x->len, x->loc);
                name = cc_strndup(c, b.s ? b.s : "", b.n);
                free(b.s);
                quoted = 0;
            } else {
                cc_error_tok(c, at, "expected \"FILENAME\" or <FILENAME>");
            }
            if (!name[0]) cc_error_tok(c, at, "empty file name in #include");
            t = include_file(c, at, name, quoted, t);
            continue;
        }
        if (cc_tok_is(t, "define")) { define_macro(c, &t, t->next); continue; }
        if (cc_tok_is(t, "undef")) {
            cc_tok_t *n = t->next;
            if (n->bol || (n->kind != TK_IDENT && n->kind != TK_KEYWORD)) cc_error_tok(c, n, "macro name missing after #undef");
            undef(c, cc_tok_str(c, n));
            t = skip_line(c, n->next);
            continue;
        }
        if (cc_tok_is(t, "if") || cc_tok_is(t, "ifdef") || cc_tok_is(t, "ifndef")) {
            int v;
            if (cc_tok_is(t, "if")) {
                v = eval_if(c, &t, t->next) != 0;
            } else {
                int neg = cc_tok_is(t, "ifndef");
                cc_tok_t *n = t->next;
                if (n->bol || (n->kind != TK_IDENT && n->kind != TK_KEYWORD)) cc_error_tok(c, n, "macro name missing");
                v = is_defined(c, n) ^ neg;
                t = skip_line(c, n->next);
            }
            cc_cond_incl_t *ci = cc_alloc(c, sizeof *ci);
            ci->next = c->cond;
            ci->ctx = IN_THEN;
            ci->included = v;
            ci->tok = hash;
            c->cond = ci;
            if (!v) t = skip_cond(c, t);
            continue;
        }
        if (cc_tok_is(t, "elif")) {
            if (!c->cond || c->cond->ctx == IN_ELSE) cc_error_tok(c, hash, "#elif without #if");
            c->cond->ctx = IN_ELIF;
            if (!c->cond->included && eval_if(c, &t, t->next)) {
                c->cond->included = 1;
            } else {
                t = skip_cond(c, skip_line(c, t->next));
            }
            continue;
        }
        if (cc_tok_is(t, "else")) {
            if (!c->cond || c->cond->ctx == IN_ELSE) cc_error_tok(c, hash, "#else without #if");
            c->cond->ctx = IN_ELSE;
            t = skip_line(c, t->next);
            if (c->cond->included) t = skip_cond(c, t);
            c->cond->included = 1;
            continue;
        }
        if (cc_tok_is(t, "endif")) {
            if (!c->cond) cc_error_tok(c, hash, "#endif without #if");
            c->cond = c->cond->next;
            t = skip_line(c, t->next);
            continue;
        }
        if (cc_tok_is(t, "error")) {
            cc_tok_t *n = t->next;
            const char *s = n->bol ? "" : n->loc;
            const char *e = s;
            while (*e && *e != '\n') e++;
            cc_error_tok(c, hash, "#error %.*s", (int)(e - s), s);
        }
        if (cc_tok_is(t, "pragma")) {
            pragma(c, t->next);
            t = skip_line(c, t->next);
            continue;
        }
        if (cc_tok_is(t, "line") || cc_tok_is(t, "warning") || cc_tok_is(t, "ident")) {
            t = skip_line(c, t->next);
            continue;
        }
        cc_error_tok(c, t, "invalid preprocessing directive #%.*s", t->len, t->loc);
    }
    if (c->cond) cc_error_tok(c, c->cond->tok, "unterminated conditional directive");
    cur->next = t;
    cc_convert_keywords(head.next);
    return head.next;
}
