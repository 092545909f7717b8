/* drift.c -- the drift check of wq_gen (`wq_gen check FILE...`, DESIGN §3):
 * report every hand-written constant in the tree that duplicates a row of
 * the tables in cmodel/spec/. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/defs.h"
#include "gen_registry.h"

/* ---- drift check ----------------------------------------------------------
 * A small lexer for C and Verilog, enough to find the places a constant is
 * defined by hand: #define / `define, enum bodies, const objects (C),
 * localparam / parameter (Verilog).  In files that decode methods or CSRs
 * it also finds case labels and ==/!= operands written as hex literals. */

enum { WQ_T_ID, WQ_T_NUM, WQ_T_PUNCT, WQ_T_MACRO, WQ_T_DEFINE, WQ_T_EOD };

typedef struct wq_tok {
    unsigned kind;
    unsigned line;
    int      funclike;     /* WQ_T_DEFINE: NAME( */
    char     s[64];
} wq_tok_t;

typedef struct wq_scan {
    const char *path;
    int         verilog;
    int         handler;   /* decodes methods / CSRs: literal check on */
    wq_tok_t   *t;
    size_t      n, cap;
    unsigned char *ok;     /* lines carrying "spec_check: ok" */
    unsigned    nlines;
    unsigned    hits;
} wq_scan_t;

static void wq_push(wq_scan_t *sc, unsigned kind, unsigned line,
                    const char *s, size_t len)
{
    if (sc->n == sc->cap) {
        sc->cap = sc->cap ? 2 * sc->cap : 1024;
        sc->t = realloc(sc->t, sc->cap * sizeof *sc->t);
        if (!sc->t) { perror("wq_gen"); exit(2); }
    }
    wq_tok_t *t = &sc->t[sc->n++];
    t->kind = kind;
    t->line = line;
    t->funclike = 0;
    if (len >= sizeof t->s)
        len = sizeof t->s - 1;
    memcpy(t->s, s, len);
    t->s[len] = 0;
}

static int wq_isid(int c, int first)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' ||
           (!first && ((c >= '0' && c <= '9') || c == '$'));
}

static int wq_isnum(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
           (c >= 'a' && c <= 'z') || c == '_' || c == '.' || c == '?';
}

static void wq_lex(wq_scan_t *sc, const char *p, size_t len)
{
    const char *end = p + len;
    unsigned line = 1;
    int in_dir = 0;        /* inside a #define / `define body */
    int bol = 1;           /* only whitespace so far on this line */
    while (p < end) {
        char c = *p;
        if (c == '\n') {
            if (in_dir) {
                wq_push(sc, WQ_T_EOD, line, "", 0);
                in_dir = 0;
            }
            line++;
            bol = 1;
            p++;
            continue;
        }
        if (c == '\\' && p + 1 < end && p[1] == '\n') {   /* continuation */
            line++;
            p += 2;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
            p++;
            continue;
        }
        if (c == '/' && p + 1 < end && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
            continue;
        }
        if (c == '/' && p + 1 < end && p[1] == '*') {
            p += 2;
            while (p + 1 < end && !(p[0] == '*' && p[1] == '/')) {
                if (*p == '\n')
                    line++;
                p++;
            }
            p = p + 2 < end ? p + 2 : end;
            continue;
        }
        if (c == '"' || (c == '\'' && !sc->verilog)) {    /* string, char */
            p++;
            while (p < end && *p != c && *p != '\n') {
                if (*p == '\\' && p + 1 < end)
                    p++;
                p++;
            }
            if (p < end && *p == c)
                p++;
            bol = 0;
            continue;
        }
        if ((c == '#' && bol && !sc->verilog) || c == '`') {
            /* preprocessor directive or Verilog macro use */
            const char *q = p + 1;
            while (q < end && (*q == ' ' || *q == '\t'))
                q++;
            const char *w = q;
            while (q < end && wq_isid(*q, q == w))
                q++;
            size_t wl = (size_t)(q - w);
            if (wl == 6 && !strncmp(w, "define", 6)) {
                while (q < end && (*q == ' ' || *q == '\t'))
                    q++;
                const char *nm = q;
                while (q < end && wq_isid(*q, q == nm))
                    q++;
                wq_push(sc, WQ_T_DEFINE, line, nm, (size_t)(q - nm));
                sc->t[sc->n - 1].funclike = q < end && *q == '(';
                in_dir = 1;
                bol = 0;
                p = q;
                continue;
            }
            if (c == '`' && !(wl == 7 && !strncmp(w, "include", 7)) &&
                !(wl == 9 && !strncmp(w, "timescale", 9)) &&
                !(wl == 5 && !strncmp(w, "ifdef", 5)) &&
                !(wl == 6 && !strncmp(w, "ifndef", 6)) &&
                !(wl == 5 && !strncmp(w, "undef", 5))) {
                wq_push(sc, WQ_T_MACRO, line, w, wl);   /* `NAME use */
                bol = 0;
                p = q;
                continue;
            }
            /* any other directive: skip the rest of the logical line */
            while (p < end && *p != '\n') {
                if (*p == '\\' && p + 1 < end && p[1] == '\n') {
                    line++;
                    p++;
                }
                p++;
            }
            continue;
        }
        bol = 0;
        if (wq_isid(c, 1)) {
            const char *q = p;
            while (q < end && wq_isid(*q, q == p))
                q++;
            wq_push(sc, WQ_T_ID, line, p, (size_t)(q - p));
            p = q;
            continue;
        }
        if ((c >= '0' && c <= '9') ||
            (sc->verilog && c == '\'' && p + 1 < end &&
             strchr("hHdDbBoOsS", p[1]))) {
            const char *q = p;
            while (q < end && wq_isnum(*q))
                q++;
            if (sc->verilog && q < end && *q == '\'') {   /* 8'h21 */
                q++;
                while (q < end && wq_isnum(*q))
                    q++;
            } else if (sc->verilog && c == '\'') {         /* 'h21 */
                q = p + 1;
                while (q < end && wq_isnum(*q))
                    q++;
            }
            wq_push(sc, WQ_T_NUM, line, p, (size_t)(q - p));
            p = q;
            continue;
        }
        /* punctuation: the multi-character operators the checks look at */
        static const char *const ops[] = { "===", "!==", "==", "!=", "::",
                                           NULL };
        size_t ol = 1;
        for (int i = 0; ops[i]; i++) {
            size_t l = strlen(ops[i]);
            if ((size_t)(end - p) >= l && !strncmp(p, ops[i], l)) {
                ol = l;
                break;
            }
        }
        wq_push(sc, WQ_T_PUNCT, line, p, ol);
        p += ol;
    }
    if (in_dir)
        wq_push(sc, WQ_T_EOD, line, "", 0);
}

/* Value of a number token; *hex says whether it is written in hex with at
 * least two digits (the form a copied offset takes).  0 when unparsable. */
static int wq_numval(const wq_scan_t *sc, const char *s, uint64_t *v,
                     int *hex, unsigned *size)
{
    char dig[64];
    size_t k = 0;
    int base = 10;
    *hex = 0;
    *size = 0;
    const char *tick = sc->verilog ? strchr(s, '\'') : NULL;
    if (tick) {
        if (tick != s)
            *size = (unsigned)strtoul(s, NULL, 10);
        const char *b = tick + 1;
        if (*b == 's' || *b == 'S')
            b++;
        switch (*b) {
        case 'h': case 'H': base = 16; break;
        case 'd': case 'D': base = 10; break;
        case 'b': case 'B': base = 2; break;
        case 'o': case 'O': base = 8; break;
        default: return 0;
        }
        for (b++; *b && k + 1 < sizeof dig; b++) {
            if (*b == '_')
                continue;
            if (strchr("xXzZ?", *b))
                return 0;
            dig[k++] = *b;
        }
        dig[k] = 0;
        *hex = base == 16 || base == 10;   /* explicit radix: deliberate */
    } else {
        const char *b = s;
        if (b[0] == '0' && (b[1] == 'x' || b[1] == 'X')) {
            base = 16;
            b += 2;
        } else if (b[0] == '0' && b[1] >= '0' && b[1] <= '7' && !sc->verilog) {
            base = 8;
        }
        for (; *b && k + 1 < sizeof dig; b++) {
            if (*b == '_' && sc->verilog)
                continue;
            if (strchr("uUlL", *b))
                break;
            dig[k++] = *b;
        }
        dig[k] = 0;
        *hex = base == 16 && k >= 2;
    }
    if (k == 0)
        return 0;
    char *e;
    *v = strtoull(dig, &e, base);
    return *e == 0;
}

/* value of the expression t[a..b): one literal, possibly parenthesised */
static int wq_exprval(const wq_scan_t *sc, size_t a, size_t b, uint64_t *v)
{
    while (b > a + 1 && sc->t[a].kind == WQ_T_PUNCT && sc->t[a].s[0] == '(' &&
           sc->t[b - 1].kind == WQ_T_PUNCT && sc->t[b - 1].s[0] == ')') {
        a++;
        b--;
    }
    int hex;
    unsigned size;
    return b == a + 1 && sc->t[a].kind == WQ_T_NUM &&
           wq_numval(sc, sc->t[a].s, v, &hex, &size);
}

static int wq_ends_with(const char *s, const char *suffix)
{
    size_t ls = strlen(s), lx = strlen(suffix);
    return ls > lx && s[ls - lx - 1] == '_' && !strcmp(s + ls - lx, suffix);
}

/* short bare names (ADD, NOP, IDLE) are too common to match as a suffix */
static int wq_distinct(const char *key)
{
    return strchr(key, '_') || strlen(key) >= 5;
}

static void wq_report(wq_scan_t *sc, unsigned line, const char *what,
                      const wq_def_t *d)
{
    if (line < sc->nlines && sc->ok[line])
        return;
    char lit[128];
    wq_literal(d, lit, sizeof lit);
    printf("%s:%u: %s duplicates `%s = %s (%s %s%s%s%s)\n", sc->path, line,
           what, d->name, lit, d->src, d->table, d->row[0] ? "(" : "", d->row,
           d->row[0] ? ")" : "");
    sc->hits++;
}

/* a hand-written definition NAME [= value] */
static void wq_check_name(wq_scan_t *sc, const wq_gen_t *g, unsigned line,
                          const char *name, int known, uint64_t v)
{
    const char *bare = strncmp(name, "WQ_", 3) ? name : name + 3;
    char what[160];
    for (size_t i = 0; i < g->n; i++) {
        const wq_def_t *d = &g->d[i];
        const char *gb = d->name + 3;   /* generated names all start WQ_ */
        if (!strcmp(name, d->name) || !strcmp(bare, gb) ||
            wq_ends_with(name, gb)) {
            snprintf(what, sizeof what, "'%s' (name)", name);
            wq_report(sc, line, what, d);
            return;
        }
    }
    if (!known)
        return;
    /* The bare row name, possibly with a prefix (HOST_SEM_EXECUTE) and
     * possibly with one decoration a copied offset or code tends to carry
     * (SEM_EXECUTE_OFF), with the row's value.  The value must match, so
     * an unrelated constant that merely shares a name stays quiet. */
    static const char *const deco[] = { "", "_OFF", "_OFFSET", "_ADDR", "_DW",
                                        "_DWORD", "_CODE", "_VAL", "_VALUE",
                                        "_NUM" };
    char stem[128];
    for (size_t k = 0; k < sizeof deco / sizeof deco[0]; k++) {
        size_t ln = strlen(name), lk = strlen(deco[k]);
        if (ln <= lk || ln - lk >= sizeof stem ||
            strcmp(name + ln - lk, deco[k]))
            continue;
        memcpy(stem, name, ln - lk);
        stem[ln - lk] = 0;
        for (size_t i = 0; i < g->n; i++) {
            const wq_def_t *d = &g->d[i];
            if (!d->key || d->kind == WQ_K_TEXT || d->value != v)
                continue;
            if (!strcmp(stem, d->key) ||
                (wq_distinct(d->key) && wq_ends_with(stem, d->key))) {
                snprintf(what, sizeof what, "'%s' = %" PRIu64, name, v);
                wq_report(sc, line, what, d);
                return;
            }
        }
    }
}

/* a literal compared against / switched on in a method or CSR decoder */
static void wq_check_lit(wq_scan_t *sc, const wq_gen_t *g, const wq_tok_t *t)
{
    uint64_t v;
    int hex;
    unsigned size;
    if (!wq_numval(sc, t->s, &v, &hex, &size) || !hex || v == 0)
        return;
    if (sc->verilog && size && size < 6)   /* 3'h4: a SEC_OP, not an offset */
        return;
    for (size_t i = 0; i < g->n; i++) {
        const wq_def_t *d = &g->d[i];
        if ((d->kind == WQ_K_OFFSET || d->kind == WQ_K_MADDR) &&
            d->value == v) {
            char what[160];
            snprintf(what, sizeof what, "literal %s", t->s);
            wq_report(sc, t->line, what, d);
            return;
        }
    }
}

static int wq_is(const wq_tok_t *t, unsigned kind, const char *s)
{
    return t->kind == kind && !strcmp(t->s, s);
}

/* #define NAME body / `define NAME body at t[i]; returns the index of the
 * end-of-directive token */
static size_t wq_define(wq_scan_t *sc, const wq_gen_t *g, size_t i)
{
    size_t j = i + 1;
    while (j < sc->n && sc->t[j].kind != WQ_T_EOD)
        j++;
    if (!sc->t[i].funclike && sc->t[i].s[0]) {
        uint64_t v = 0;
        int known = wq_exprval(sc, i + 1, j, &v);
        wq_check_name(sc, g, sc->t[i].line, sc->t[i].s, known, v);
    }
    return j;
}

static void wq_parse(wq_scan_t *sc, const wq_gen_t *g)
{
    wq_tok_t *t = sc->t;
    size_t n = sc->n;
    for (size_t i = 0; i < n; i++) {
        if (t[i].kind == WQ_T_DEFINE) {
            i = wq_define(sc, g, i);
            continue;
        }
        if (t[i].kind != WQ_T_ID && t[i].kind != WQ_T_PUNCT &&
            t[i].kind != WQ_T_NUM)
            continue;
        /* C enum { A = v, B, ... } */
        if (!sc->verilog && wq_is(&t[i], WQ_T_ID, "enum")) {
            size_t j = i + 1;
            /* C++: enum class NAME : TYPE { */
            if (j < n && (wq_is(&t[j], WQ_T_ID, "class") || wq_is(&t[j], WQ_T_ID, "struct")))
                j++;
            if (j < n && t[j].kind == WQ_T_ID)
                j++;
            if (j < n && wq_is(&t[j], WQ_T_PUNCT, ":"))
                while (j < n && (t[j].kind == WQ_T_ID || wq_is(&t[j], WQ_T_PUNCT, ":")))
                    j++;
            if (j >= n || !wq_is(&t[j], WQ_T_PUNCT, "{"))
                continue;
            uint64_t next = 0;
            int next_known = 1;
            for (j++; j < n && !wq_is(&t[j], WQ_T_PUNCT, "}");) {
                if (t[j].kind == WQ_T_DEFINE) { /* X-macro tables inside */
                    j = wq_define(sc, g, j) + 1;
                    continue;
                }
                if (t[j].kind != WQ_T_ID) {
                    j++;
                    continue;
                }
                size_t nm = j++;
                uint64_t v = next;
                int known = next_known;
                if (j < n && wq_is(&t[j], WQ_T_PUNCT, "=")) {
                    size_t a = ++j;
                    int depth = 0;
                    while (j < n && (depth || (!wq_is(&t[j], WQ_T_PUNCT, ",") &&
                                               !wq_is(&t[j], WQ_T_PUNCT, "}")))) {
                        if (wq_is(&t[j], WQ_T_PUNCT, "("))
                            depth++;
                        if (wq_is(&t[j], WQ_T_PUNCT, ")"))
                            depth--;
                        j++;
                    }
                    known = wq_exprval(sc, a, j, &v);
                } else if (j < n && !wq_is(&t[j], WQ_T_PUNCT, ",") &&
                           !wq_is(&t[j], WQ_T_PUNCT, "}")) {
                    continue;   /* not an enumerator (X-macro call ...) */
                }
                wq_check_name(sc, g, t[nm].line, t[nm].s, known, v);
                next = v + 1;
                next_known = known;
                if (j < n && wq_is(&t[j], WQ_T_PUNCT, ","))
                    j++;
            }
            i = j;
            continue;
        }
        /* C const object: const T NAME = literal; (C++: constexpr) */
        if (!sc->verilog && (wq_is(&t[i], WQ_T_ID, "const") ||
                             wq_is(&t[i], WQ_T_ID, "constexpr"))) {
            size_t j = i + 1;
            while (j + 1 < n && (t[j].kind == WQ_T_ID ||
                                 wq_is(&t[j], WQ_T_PUNCT, "*")) &&
                   !wq_is(&t[j + 1], WQ_T_PUNCT, "="))
                j++;
            if (j + 1 < n && t[j].kind == WQ_T_ID &&
                wq_is(&t[j + 1], WQ_T_PUNCT, "=")) {
                size_t a = j + 2, b = a;
                while (b < n && !wq_is(&t[b], WQ_T_PUNCT, ";") &&
                       !wq_is(&t[b], WQ_T_PUNCT, ","))
                    b++;
                uint64_t v = 0;
                int known = wq_exprval(sc, a, b, &v);
                wq_check_name(sc, g, t[j].line, t[j].s, known, v);
            }
            continue;
        }
        /* Verilog localparam / parameter [type] [range] A = v, B = v ...; */
        if (sc->verilog && (wq_is(&t[i], WQ_T_ID, "localparam") ||
                            wq_is(&t[i], WQ_T_ID, "parameter"))) {
            size_t j = i + 1;
            for (;;) {
                /* skip type words and [msb:lsb] up to NAME = */
                while (j + 1 < n && !(t[j].kind == WQ_T_ID &&
                                      wq_is(&t[j + 1], WQ_T_PUNCT, "="))) {
                    if (wq_is(&t[j], WQ_T_PUNCT, ";") ||
                        wq_is(&t[j], WQ_T_PUNCT, ")"))
                        break;
                    j++;
                }
                if (!(j + 1 < n && t[j].kind == WQ_T_ID &&
                      wq_is(&t[j + 1], WQ_T_PUNCT, "=")))
                    break;
                size_t nm = j, a = j + 2, b = a;
                int depth = 0;
                while (b < n) {
                    const wq_tok_t *x = &t[b];
                    if (x->kind == WQ_T_PUNCT && strchr("([{", x->s[0]))
                        depth++;
                    else if (x->kind == WQ_T_PUNCT && strchr(")]}", x->s[0])) {
                        if (!depth)
                            break;
                        depth--;
                    } else if (!depth && x->kind == WQ_T_PUNCT &&
                               (x->s[0] == ',' || x->s[0] == ';'))
                        break;
                    b++;
                }
                uint64_t v = 0;
                int known = wq_exprval(sc, a, b, &v);
                wq_check_name(sc, g, t[nm].line, t[nm].s, known, v);
                j = b;
                /* another NAME = after a comma continues this declaration;
                 * `, parameter X = ...` is picked up by the outer loop */
                if (j < n && wq_is(&t[j], WQ_T_PUNCT, ",") && j + 2 < n &&
                    t[j + 1].kind == WQ_T_ID && wq_is(&t[j + 2], WQ_T_PUNCT, "=")) {
                    j++;
                    continue;
                }
                break;
            }
            i = j > i ? j - 1 : i;
            continue;
        }
        if (!sc->handler)
            continue;
        /* C: case 0x6C:  /  case (0x6C): */
        if (!sc->verilog && wq_is(&t[i], WQ_T_ID, "case")) {
            size_t j = i + 1;
            while (j < n && wq_is(&t[j], WQ_T_PUNCT, "("))
                j++;
            if (j < n && t[j].kind == WQ_T_NUM)
                wq_check_lit(sc, g, &t[j]);
            continue;
        }
        /* ==, !=, ===, !== with a literal on either side */
        if (t[i].kind == WQ_T_PUNCT &&
            (!strcmp(t[i].s, "==") || !strcmp(t[i].s, "!=") ||
             !strcmp(t[i].s, "===") || !strcmp(t[i].s, "!=="))) {
            if (i + 1 < n && t[i + 1].kind == WQ_T_NUM)
                wq_check_lit(sc, g, &t[i + 1]);
            if (i > 0 && t[i - 1].kind == WQ_T_NUM)
                wq_check_lit(sc, g, &t[i - 1]);
            continue;
        }
        /* Verilog case item: 12'h01B: / 12'h01B, 12'h01C: after ; ) end
         * begin or another item -- not the ?: operator */
        if (sc->verilog && t[i].kind == WQ_T_NUM && i > 0) {
            size_t j = i + 1;
            while (j + 1 < n && wq_is(&t[j], WQ_T_PUNCT, ",") &&
                   t[j + 1].kind == WQ_T_NUM)
                j += 2;
            const wq_tok_t *pr = &t[i - 1];
            int item_start = wq_is(pr, WQ_T_PUNCT, ";") ||
                             wq_is(pr, WQ_T_PUNCT, ")") ||
                             wq_is(pr, WQ_T_ID, "end") ||
                             wq_is(pr, WQ_T_ID, "begin");
            if (item_start && j < n && wq_is(&t[j], WQ_T_PUNCT, ":")) {
                for (size_t k = i; k < j; k += 2)
                    wq_check_lit(sc, g, &t[k]);
                i = j;
            }
        }
    }
}

static const char *wq_base(const char *path)
{
    const char *b = strrchr(path, '/');
    return b ? b + 1 : path;
}

static int wq_has_ext(const char *path, const char *ext)
{
    size_t lp = strlen(path), le = strlen(ext);
    return lp > le && !strcmp(path + lp - le, ext);
}

/* files whose job is to decode method addresses or CSR offsets */
static int wq_is_handler(const char *path, int verilog)
{
    const char *b = wq_base(path);
    if (verilog)
        return !strncmp(b, "wq_host_if", 10) || !strncmp(b, "wq_top", 6) ||
               !strncmp(b, "wq_csr", 6);
    return !strncmp(b, "host", 4) || !strncmp(b, "csr", 3);
}

/* one number as the firmware assembler and the shell write it: decimal,
 * 0x hex, 0b binary, optionally negative; 1 when s is nothing but that */
static int wq_plain_num(const char *s, const char *e, uint64_t *v)
{
    while (s < e && (*s == ' ' || *s == '\t')) s++;
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '"' ||
                     e[-1] == '\'')) e--;
    if (s < e && (*s == '"' || *s == '\'')) s++;
    if (s >= e) return 0;
    char buf[40];
    if ((size_t)(e - s) >= sizeof buf) return 0;
    memcpy(buf, s, (size_t)(e - s));
    buf[e - s] = 0;
    char *end;
    int base = 10;
    const char *b = buf;
    if (*b == '-') b++;
    if (b[0] == '0' && (b[1] == 'x' || b[1] == 'X')) base = 16;
    else if (b[0] == '0' && (b[1] == 'b' || b[1] == 'B')) { base = 2; b += 2; }
    if (*b < '0' || *b > '9') return 0;
    unsigned long long x = strtoull(b, &end, base);
    if (*end) return 0;
    *v = buf[0] == '-' ? (uint64_t)-(int64_t)x : x;
    return 1;
}

/* Firmware and kernels (.ues, .inc, .wqs: `.equ NAME, value`, comments
 * after ';') and scripts (.sh, .py: `NAME=value`, `NAME = value`, `readonly NAME=value`,
 * comments after '#'): a definition of an upper-case NAME to a plain
 * number is checked like a C #define.  Line-oriented: these languages
 * define constants one per line. */
static void wq_scan_lines(wq_scan_t *sc, const wq_gen_t *g, const char *buf, int fw)
{
    unsigned line = 1;
    for (const char *p = buf; *p; line++) {
        const char *eol = strchr(p, '\n');
        if (!eol) eol = p + strlen(p);
        const char *c = memchr(p, fw ? ';' : '#', (size_t)(eol - p));
        const char *e = c ? c : eol;
        const char *s = p;
        while (s < e && (*s == ' ' || *s == '\t')) s++;
        const char *name = NULL, *val = NULL;
        size_t nlen = 0;
        if (fw && e - s > 5 && !strncmp(s, ".equ", 4) && (s[4] == ' ' || s[4] == '\t')) {
            name = s + 5;
            while (name < e && (*name == ' ' || *name == '\t')) name++;
            const char *comma = memchr(name, ',', (size_t)(e - name));
            if (comma) {
                nlen = (size_t)(comma - name);
                while (nlen && (name[nlen - 1] == ' ' || name[nlen - 1] == '\t')) nlen--;
                val = comma + 1;
            }
        } else if (!fw) {
            if (e - s > 9 && !strncmp(s, "readonly ", 9)) s += 9;
            else if (e - s > 7 && !strncmp(s, "export ", 7)) s += 7;
            const char *q = s;
            while (q < e && ((*q >= 'A' && *q <= 'Z') || (*q >= '0' && *q <= '9') || *q == '_'))
                q++;
            const char *eq = q;
            while (eq < e && (*eq == ' ' || *eq == '\t')) eq++;
            if (q > s && *s >= 'A' && *s <= 'Z' && eq < e && *eq == '=' && eq[1] != '=') {
                name = s;
                nlen = (size_t)(q - s);
                val = eq + 1;
            }
        }
        uint64_t v;
        if (name && val && nlen && nlen < 64 && wq_plain_num(val, e, &v)) {
            char nm[64];
            memcpy(nm, name, nlen);
            nm[nlen] = 0;
            wq_check_name(sc, g, line, nm, 1, v);
        }
        p = *eol ? eol + 1 : eol;
    }
}

int wq_check_file(const wq_gen_t *g, const char *path, unsigned *hits)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    char *buf = NULL;
    size_t len = 0, cap = 0, r;
    char chunk[65536];
    while ((r = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (len + r + 1 > cap) {
            cap = (len + r + 1) * 2;
            buf = realloc(buf, cap);
            if (!buf) { perror("wq_gen"); exit(2); }
        }
        memcpy(buf + len, chunk, r);
        len += r;
    }
    fclose(f);
    if (!buf)
        return 0;                       /* empty file */
    buf[len] = 0;
    /* generated files are the tables' output, not copies of them */
    if (strstr(buf, "GENERATED by") &&
        (size_t)(strstr(buf, "GENERATED by") - buf) < 512) {
        free(buf);
        return 0;
    }
    wq_scan_t sc;
    memset(&sc, 0, sizeof sc);
    sc.path = path;
    sc.verilog = wq_has_ext(path, ".v") || wq_has_ext(path, ".vh") ||
                 wq_has_ext(path, ".sv") || wq_has_ext(path, ".svh");
    sc.handler = wq_is_handler(path, sc.verilog);
    /* lines that opt out with a "spec_check: ok" comment */
    sc.nlines = 2;
    for (size_t i = 0; i < len; i++)
        sc.nlines += buf[i] == '\n';
    sc.ok = calloc(sc.nlines, 1);
    if (!sc.ok) { perror("wq_gen"); exit(2); }
    unsigned line = 1;
    for (const char *p = buf; *p; p++) {
        if (*p == '\n')
            line++;
        else if (!strncmp(p, "spec_check: ok", 14))
            sc.ok[line] = 1;
    }
    /* .wqs kernels and the device library define constants the same way */
    int fw = wq_has_ext(path, ".ues") || wq_has_ext(path, ".inc") ||
             wq_has_ext(path, ".wqs");
    int script = wq_has_ext(path, ".sh") || wq_has_ext(path, ".py") ||
                 !strchr(wq_base(path), '.');
    if (fw || script) {
        wq_scan_lines(&sc, g, buf, fw);
    } else {
        wq_lex(&sc, buf, len);
        wq_parse(&sc, g);
    }
    *hits += sc.hits;
    free(sc.t);
    free(sc.ok);
    free(buf);
    return 0;
}


