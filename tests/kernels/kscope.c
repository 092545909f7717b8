/* kscope.c -- the file-scope names, macros, kernels and pragmas of an
 * OpenCL C kernel file (kscope.h says what for and what the scan does not
 * see). */
#include "kscope.h"
#include <stdlib.h>
#include <string.h>

typedef char wq_ks_name_t[WQ_KS_NAME];

static int ks_add(wq_ks_name_t **v, int *n, int *cap, const char *p, size_t len)
{
    if (len >= WQ_KS_NAME) len = WQ_KS_NAME - 1;
    for (int i = 0; i < *n; i++)
        if (!strncmp((*v)[i], p, len) && !(*v)[i][len]) return 0;
    if (*n == *cap) {
        int nc = *cap ? *cap * 2 : 32;
        wq_ks_name_t *t = realloc(*v, (size_t)nc * sizeof *t);
        if (!t) return -1;
        *v = t;
        *cap = nc;
    }
    memcpy((*v)[*n], p, len);
    (*v)[*n][len] = 0;
    (*n)++;
    return 0;
}

static int ks_isid0(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int ks_isid(char c)  { return ks_isid0(c) || (c >= '0' && c <= '9'); }

static int ks_is(const char *p, size_t len, const char *w)
{
    return strlen(w) == len && !strncmp(p, w, len);
}

/* a keyword, a builtin type (scalar or vector) or a name reserved to the
 * implementation (`__...`): never a file's own definition */
static int ks_reserved(const char *p, size_t len)
{
    static const char *const kw[] = {
        "auto", "break", "case", "const", "continue", "default", "do", "else", "enum",
        "extern", "for", "goto", "if", "inline", "register", "restrict", "return",
        "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned",
        "volatile", "while", "kernel", "global", "local", "constant", "private",
        "read_only", "write_only", "read_write", "kernel_exec", "void", "size_t",
        "ptrdiff_t", "intptr_t", "uintptr_t", "image1d_t", "image2d_t", "image3d_t",
        "sampler_t", "event_t", NULL
    };
    static const char *const ty[] = {
        "bool", "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
        "half", "float", "double", NULL
    };
    if (len >= 2 && p[0] == '_' && p[1] == '_') return 1;
    for (int i = 0; kw[i]; i++) if (ks_is(p, len, kw[i])) return 1;
    size_t b = len;                 /* the base of a vector type: float4 -> float */
    while (b > 0 && p[b - 1] >= '0' && p[b - 1] <= '9') b--;
    if (b < len && !(ks_is(p + b, len - b, "2") || ks_is(p + b, len - b, "3") ||
                     ks_is(p + b, len - b, "4") || ks_is(p + b, len - b, "8") ||
                     ks_is(p + b, len - b, "16")))
        return 0;
    for (int i = 0; ty[i]; i++) if (ks_is(p, b, ty[i])) return 1;
    return 0;
}

/* p at '/' of a comment: past it */
static const char *ks_comment(const char *p)
{
    if (p[1] == '/') {
        while (*p && *p != '\n') p++;
        return p;
    }
    const char *e = strstr(p + 2, "*/");
    return e ? e + 2 : p + strlen(p);
}

/* p at '#' of a directive: its #define name or #pragma line noted; past its
 * last line (continuations included) */
static const char *ks_directive(wq_kscope_t *s, const char *p, int *err)
{
    const char *h = p++;
    while (*p == ' ' || *p == '\t') p++;
    const char *d = p;
    while (ks_isid(*p)) p++;
    int def = ks_is(d, (size_t)(p - d), "define"), prag = ks_is(d, (size_t)(p - d), "pragma");
    if (def) {
        while (*p == ' ' || *p == '\t') p++;
        const char *m = p;
        while (ks_isid(*p)) p++;
        if (p > m && ks_add(&s->macros, &s->nmacros, &s->capmacros, m, (size_t)(p - m))) *err = 1;
    }
    while (*p && *p != '\n') {
        if (*p == '\\' && p[1] == '\n') p += 2;
        else if (*p == '/' && (p[1] == '/' || p[1] == '*')) p = ks_comment(p);
        else p++;
    }
    int contract = 0;               /* #pragma OPENCL FP_CONTRACT ... */
    for (const char *q = h; prag && q + 11 <= p && !contract; q++)
        contract = !strncmp(q, "FP_CONTRACT", 11);
    if (contract) s->contract = 1;
    else if (prag) {
        size_t l = s->pragmas ? strlen(s->pragmas) : 0, n = (size_t)(p - h);
        char *t = realloc(s->pragmas, l + n + 2);
        if (!t) { *err = 1; return p; }
        memcpy(t + l, h, n);
        t[l + n] = '\n';
        t[l + n + 1] = 0;
        s->pragmas = t;
    }
    return p;
}

int wq_kscope_scan(wq_kscope_t *s, const char *src)
{
    memset(s, 0, sizeof *s);
    const char *p = src, *id = NULL, *fname = NULL;
    size_t idl = 0, fnl = 0;
    int err = 0, bol = 1, bd = 0, pd = 0;
    int prev = 0, prev2 = 0;        /* the last two tokens: 'i' an own name, 'k' a
                                       reserved word, '0' a number or literal, else
                                       the punctuator */
    int kflag = 0;                  /* this declaration is a kernel's */
    int fkernel = 0;                /* fname was declared a kernel */
    int tag = 0;                    /* the last token was struct, union or enum */
    int enum_next = 0;              /* an enum's { may follow */
    int open = 0;                   /* what the outermost { opened: 'f' a function
                                       body, 'e' an enum, 'o' anything else */
    int init = 0;                   /* in a file-scope initializer (after =) */
    while (*p && !err) {
        char c = *p;
        if (c == '\n') { bol = 1; p++; continue; }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') { p++; continue; }
        if (c == '\\' && p[1] == '\n') { p += 2; continue; }
        if (c == '/' && (p[1] == '/' || p[1] == '*')) { p = ks_comment(p); continue; }
        if (c == '#' && bol) { p = ks_directive(s, p, &err); continue; }
        bol = 0;
        int tok;
        if (ks_isid0(c)) {
            const char *b = p;
            while (ks_isid(*p)) p++;
            size_t l = (size_t)(p - b);
            int res = ks_reserved(b, l);
            if (bd == 0 && pd == 0 && (ks_is(b, l, "kernel") || ks_is(b, l, "__kernel") ||
                                       ks_is(b, l, "kernel_exec") || ks_is(b, l, "__kernel_exec")))
                kflag = 1;
            if (bd == 0 && pd == 0 && !res && !init && tag &&
                ks_add(&s->names, &s->nnames, &s->capnames, b, l)) err = 1;
            if (bd == 1 && pd == 0 && open == 'e' && !res && (prev == '{' || prev == ',') &&
                ks_add(&s->names, &s->nnames, &s->capnames, b, l)) err = 1;
            /* (*name): a pointer to function declared at file scope */
            if (bd == 0 && pd == 1 && !res && !init && prev == '*' && prev2 == '(' &&
                ks_add(&s->names, &s->nnames, &s->capnames, b, l)) err = 1;
            tag = bd == 0 && pd == 0 && (ks_is(b, l, "struct") || ks_is(b, l, "union") ||
                                          ks_is(b, l, "enum"));
            if (bd == 0 && pd == 0 && ks_is(b, l, "enum")) enum_next = 1;
            id = b;
            idl = l;
            tok = res ? 'k' : 'i';
        } else if ((c >= '0' && c <= '9') || (c == '.' && p[1] >= '0' && p[1] <= '9')) {
            while (ks_isid(*p) || *p == '.' ||
                   ((*p == '+' || *p == '-') && (p[-1] == 'e' || p[-1] == 'E' || p[-1] == 'p' || p[-1] == 'P')))
                p++;
            tok = '0';
            tag = 0;
        } else if (c == '"' || c == '\'') {
            p++;
            while (*p && *p != c && *p != '\n') p += (*p == '\\' && p[1]) ? 2 : 1;
            if (*p == c) p++;
            tok = '0';
            tag = 0;
        } else {
            p++;
            tok = c;
            tag = 0;
            /* an own name at file scope followed by what ends its declarator */
            int named = bd == 0 && prev == 'i' && !init && pd == 0;
            if (named && (c == '(' || c == '[' || c == '=' || c == ',' || c == ';') &&
                ks_add(&s->names, &s->nnames, &s->capnames, id, idl)) err = 1;
            if (named && c == '(') { fname = id; fnl = idl; fkernel = kflag; }
            if (c == '(') pd++;
            else if (c == ')') { if (pd > 0) pd--; else s->balanced = -1; }
            else if (c == '{') {
                if (bd == 0) {
                    open = prev == ')' && fname ? 'f' : enum_next ? 'e' : 'o';
                    if (open == 'f' && fkernel) {
                        if (!s->nkernels++) {
                            size_t l = fnl < WQ_KS_NAME ? fnl : WQ_KS_NAME - 1;
                            memcpy(s->kernel, fname, l);
                            s->kernel[l] = 0;
                        }
                    }
                    enum_next = 0;
                }
                bd++;
            } else if (c == '}') {
                if (bd > 0) bd--; else s->balanced = -1;
                if (bd == 0 && open == 'f') { kflag = 0; init = 0; fname = NULL; fkernel = 0; }
            } else if (bd == 0 && pd == 0 && c == '=') init = 1;
            else if (bd == 0 && pd == 0 && (c == ',' || c == ';')) {
                init = 0;
                if (c == ';') { kflag = 0; enum_next = 0; fname = NULL; fkernel = 0; }
            }
        }
        prev2 = prev;
        prev = tok;
    }
    if (err) { wq_kscope_free(s); return -1; }
    s->balanced = s->balanced == 0 && bd == 0 && pd == 0;
    return 0;
}

void wq_kscope_free(wq_kscope_t *s)
{
    free(s->names);
    free(s->macros);
    free(s->pragmas);
    memset(s, 0, sizeof *s);
}

const char *wq_kscope_clash(const wq_kscope_t *a, const wq_kscope_t *b)
{
    for (int i = 0; i < a->nnames; i++)
        for (int j = 0; j < b->nnames; j++)
            if (!strcmp(a->names[i], b->names[j])) return a->names[i];
    return NULL;
}
