/* util.c -- the compiler's arena, text buffers and diagnostics.
 *
 * Every allocation of a compilation comes from the context's arena, so an
 * error anywhere can longjmp straight back to wq_cc_compile (compiler.c),
 * which frees the whole arena at once. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cc_int.h"

struct cc_block {
    cc_block_t *next;
    size_t used, cap;
    max_align_t data[];
};

void *cc_alloc(cc_t *c, size_t n)
{
    n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    cc_block_t *b = c->arena;
    if (!b || b->cap - b->used < n) {
        size_t cap = n > 65536 ? n : 65536;
        b = malloc(sizeof *b + cap);
        if (!b) { c->status = WQ_CC_NOMEM; longjmp(c->fail, 1); }
        b->next = c->arena;
        b->used = 0;
        b->cap = cap;
        c->arena = b;
    }
    void *p = (char *)b->data + b->used;
    b->used += n;
    memset(p, 0, n);
    return p;
}

cc_node_t *cc_new_node(cc_t *c, cc_nk_t k, const cc_tok_t *t)
{
    cc_node_t *n = cc_alloc(c, sizeof *n);
    n->kind = k;
    n->tok = t;
    return n;
}

/* malloc space for scratch the caller frees before returning (large, so
 * not the arena): zeroed, and a longjmp when out of memory */
void *cc_calloc(cc_t *c, size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) { c->status = WQ_CC_NOMEM; longjmp(c->fail, 1); }
    return p;
}

char *cc_strndup(cc_t *c, const char *s, size_t n)
{
    char *p = cc_alloc(c, n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

char *cc_fmt(cc_t *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *p = cc_alloc(c, (size_t)(n < 0 ? 0 : n) + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return p;
}

static void grow(cc_t *c, cc_buf_t *b, size_t more)
{
    if (b->n + more + 1 <= b->cap) return;
    size_t cap = (b->cap ? b->cap * 2 : 1024) + more;
    char *s = realloc(b->s, cap);
    if (!s) { c->status = WQ_CC_NOMEM; longjmp(c->fail, 1); }
    b->s = s;
    b->cap = cap;
}

void cc_puts(cc_t *c, cc_buf_t *b, const char *s)
{
    size_t n = strlen(s);
    grow(c, b, n);
    memcpy(b->s + b->n, s, n + 1);
    b->n += n;
}

void cc_printf(cc_t *c, cc_buf_t *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    grow(c, b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)n;
}

cc_file_t *cc_add_file(cc_t *c, const char *name, const char *text, size_t len)
{
    cc_file_t *f = cc_alloc(c, sizeof *f);
    f->name = cc_strndup(c, name, strlen(name));
    f->text = cc_strndup(c, text, len);
    f->len = len;
    if (c->nfiles == c->capfiles) {
        int cap = c->capfiles ? c->capfiles * 2 : 8;
        cc_file_t **v = cc_alloc(c, (size_t)cap * sizeof *v);
        if (c->nfiles) memcpy(v, c->files, (size_t)c->nfiles * sizeof *v);
        c->files = v;
        c->capfiles = cap;
    }
    c->files[c->nfiles++] = f;
    return f;
}

/* "file:line:col: KIND: msg" into the log, then the source line and a
 * caret under loc; a tab in the line keeps its place under the caret so
 * the column lines up */
static void put_diag(cc_t *c, const cc_file_t *f, const char *loc, const char *kind, const char *msg)
{
    const char *start = f ? f->text : NULL;
    if (!f || !loc || loc < start || loc > start + f->len) {
        cc_printf(c, &c->log, "%s: %s: %s\n", f ? f->name : "<input>", kind, msg);
    } else {
        const char *ls = loc;
        while (ls > start && ls[-1] != '\n') ls--;
        const char *le = loc;
        while (le < start + f->len && *le != '\n') le++;
        int line = 1;
        for (const char *p = start; p < ls; p++) line += *p == '\n';
        int col = (int)(loc - ls) + 1;
        cc_printf(c, &c->log, "%s:%d:%d: %s: %s\n", f->name, line, col, kind, msg);
        cc_printf(c, &c->log, "%.*s\n", (int)(le - ls), ls);
        for (const char *p = ls; p < loc; p++) cc_puts(c, &c->log, *p == '\t' ? "\t" : " ");
        cc_puts(c, &c->log, "^\n");
    }
}

static void report(cc_t *c, const cc_file_t *f, const char *loc, const char *msg)
    __attribute__((noreturn));
static void report(cc_t *c, const cc_file_t *f, const char *loc, const char *msg)
{
    put_diag(c, f, loc, "error", msg);
    c->status = WQ_CC_ERROR;
    longjmp(c->fail, 1);
}

/* a warning: logged and compilation goes on; none under opts.no_warnings
 * (-w); an error under opts.werror (-Werror), named so as clang does */
void cc_warn_tok(cc_t *c, const cc_tok_t *t, const char *flag, const char *fmt, ...)
{
    const wq_cc_opts_t *o = c->opts;
    if (o && o->no_warnings) return;
    while (t && t->origin) t = t->origin;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof msg)
        snprintf(msg + n, sizeof msg - (size_t)n, " [%s%s]", o && o->werror ? "-Werror," : "", flag);
    if (o && o->werror) report(c, t ? t->file : NULL, t ? t->loc : NULL, msg);
    put_diag(c, t ? t->file : NULL, t ? t->loc : NULL, "warning", msg);
}

void cc_error_at(cc_t *c, const cc_file_t *f, const char *loc, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    report(c, f, loc, msg);
}

/* a token from a macro expansion is reported where the macro was used */
void cc_error_tok(cc_t *c, const cc_tok_t *t, const char *fmt, ...)
{
    while (t && t->origin) t = t->origin;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    report(c, t ? t->file : NULL, t ? t->loc : NULL, msg);
}
