/* tokenize.c -- source text to tokens.
 *
 * Comments and line splices (backslash-newline) are white space; numbers
 * stay preprocessing numbers (TK_PPNUM) until the parser needs their value,
 * since the preprocessor may paste them; keywords are marked after
 * preprocessing (a macro may be named like one). */
#include <ctype.h>
#include <string.h>
#include "cc_int.h"

char *cc_tok_str(cc_t *c, const cc_tok_t *t) { return cc_strndup(c, t->loc, (size_t)t->len); }

static const char *const keywords[] = {
    "void", "bool", "char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
    "unsigned", "signed", "size_t", "ptrdiff_t", "intptr_t", "uintptr_t",
    "float", "double", "half", "struct", "union", "enum", "typedef", "static", "extern",
    "const", "volatile", "restrict", "inline", "if", "else", "while", "do", "for", "break",
    "continue", "return", "switch", "case", "default", "goto", "sizeof", "__kernel", "kernel",
    "__global", "global", "__local", "local", "__private", "private", "__constant", "constant",
    "__attribute__", "__read_only", "__write_only", "read_only", "write_only", "__inline",
    "__restrict", "__const", "__volatile", "register", "auto", "_Bool", "__typeof__", "__typeof",
};

void cc_convert_keywords(cc_tok_t *t)
{
    for (; t; t = t->next) {
        if (t->kind != TK_IDENT) continue;
        for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
            if (cc_tok_is(t, keywords[i])) { t->kind = TK_KEYWORD; break; }
    }
}

/* a floating constant: digits with a '.', a decimal exponent or a
 * hexadecimal 'p' exponent (C11 6.4.4.2) */
static int is_float_text(const char *p, const char *end)
{
    int hex = end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    for (const char *q = hex ? p + 2 : p; q < end; q++) {
        if (*q == '.') return 1;
        if (hex ? (*q == 'p' || *q == 'P') : (*q == 'e' || *q == 'E')) return 1;
    }
    return 0;
}

/* a TK_PPNUM's value and suffixes; a floating constant is float's
 * binary32 (float.c) on a device with an FPU, else refused with the
 * device's message (cc_need_fp) */
void cc_convert_number(cc_t *c, cc_tok_t *t)
{
    const char *p = t->loc, *end = t->loc + t->len;
    if (is_float_text(p, end)) {
        cc_need_fp(c, t, "floating-point constants are");
        uint32_t bits;
        int f;
        const char *err = "";
        if (cc_float_literal(p, t->len, &bits, &f, &err))
            cc_error_tok(c, t, "invalid floating constant '%.*s': %s", t->len, t->loc, err);
        t->kind = TK_NUM;
        t->val = bits;
        t->is_float = 1;
        t->is_unsigned = t->is_long = 0;
        return;
    }
    uint64_t v = 0;
    int base = 10, any = 0;
    if (end - p >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) { base = 16; p += 2; }
    else if (end - p >= 2 && p[0] == '0' && (p[1] == 'b' || p[1] == 'B')) { base = 2; p += 2; }
    else if (p[0] == '0') base = 8;
    for (; p < end; p++) {
        int d;
        if (isdigit((unsigned char)*p)) d = *p - '0';
        else if (base == 16 && isxdigit((unsigned char)*p)) d = tolower((unsigned char)*p) - 'a' + 10;
        else break;
        if (d >= base) cc_error_tok(c, t, "invalid digit '%c' in %s constant", *p,
                                    base == 8 ? "octal" : "binary");
        uint64_t nv = v * (uint64_t)base + (uint64_t)d;
        if (nv / (uint64_t)base != v && base != 2) cc_error_tok(c, t, "integer constant is too large");
        v = nv;
        any = 1;
    }
    if (!any && base != 8) cc_error_tok(c, t, "invalid integer constant");
    int u = 0, l = 0;
    for (; p < end; p++) {
        if ((*p == 'u' || *p == 'U') && !u) u = 1;
        else if ((*p == 'l' || *p == 'L') && l < 2) l++;
        else cc_error_tok(c, t, "invalid suffix '%.*s' on integer constant", (int)(end - p), p);
    }
    t->kind = TK_NUM;
    t->val = v;
    t->is_unsigned = u;
    t->is_long = l > 0;
}

static const char *const puncts[] = {
    "<<=", ">>=", "...", "==", "!=", "<=", ">=", "->", "+=", "-=", "*=", "/=", "%=", "&=",
    "|=", "^=", "&&", "||", "<<", ">>", "++", "--", "##",
};

cc_tok_t *cc_tokenize(cc_t *c, const cc_file_t *f)
{
    cc_tok_t head = {0}, *cur = &head;
    const char *p = f->text, *end = f->text + f->len;
    const char *ls = p;             /* start of the current line */
    int line = 1, bol = 1, space = 0;
    while (p < end) {
        if (p[0] == '\\' && p + 1 < end && (p[1] == '\n' || (p[1] == '\r' && p + 2 < end && p[2] == '\n'))) {
            p += p[1] == '\n' ? 2 : 3;
            line++;
            ls = p;
            continue;
        }
        if (*p == '\n') { p++; line++; ls = p; bol = 1; space = 0; continue; }
        if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') { p++; space = 1; continue; }
        if (p + 1 < end && p[0] == '/' && p[1] == '/') {
            while (p < end && *p != '\n') p++;
            space = 1;
            continue;
        }
        if (p + 1 < end && p[0] == '/' && p[1] == '*') {
            const char *q = p + 2;
            while (q + 1 < end && !(q[0] == '*' && q[1] == '/')) {
                if (*q == '\n') { line++; ls = q + 1; }
                q++;
            }
            if (q + 1 >= end) cc_error_at(c, f, p, "unterminated comment");
            p = q + 2;
            space = 1;
            continue;
        }
        if (*p == 0) cc_error_at(c, f, p, "NUL character in the source");
        cc_tok_t *t = cc_alloc(c, sizeof *t);
        t->loc = p;
        t->file = f;
        t->line = line;
        t->col = (int)(p - ls) + 1;
        t->bol = bol;
        t->space = space;
        bol = space = 0;
        const unsigned char ch = (unsigned char)*p;
        if (isdigit(ch) || (ch == '.' && p + 1 < end && isdigit((unsigned char)p[1]))) {
            const char *q = p;
            for (;;) {
                if (q + 1 < end && (q[0] == 'e' || q[0] == 'E' || q[0] == 'p' || q[0] == 'P') &&
                    (q[1] == '+' || q[1] == '-'))
                    q += 2;
                else if (q < end && (isalnum((unsigned char)*q) || *q == '.' || *q == '_'))
                    q++;
                else
                    break;
            }
            t->kind = TK_PPNUM;
            t->len = (int)(q - p);
            p = q;
        } else if (isalpha(ch) || ch == '_') {
            const char *q = p;
            while (q < end && (isalnum((unsigned char)*q) || *q == '_')) q++;
            t->kind = TK_IDENT;
            t->len = (int)(q - p);
            p = q;
        } else if (ch == '"' || ch == '\'') {
            const char *q = p + 1;
            while (q < end && *q != ch && *q != '\n') q += (*q == '\\' && q + 1 < end) ? 2 : 1;
            if (q >= end || *q != ch)
                cc_error_at(c, f, p, "unterminated %s", ch == '"' ? "string" : "character constant");
            t->len = (int)(q + 1 - p);
            p = q + 1;
            if (ch == '"') {
                t->kind = TK_STR;
            } else {
                /* a character constant is an int: its value now */
                const char *s = t->loc + 1;
                uint64_t v;
                if (*s == '\\') {
                    s++;
                    switch (*s) {
                    case 'n': v = '\n'; break;
                    case 't': v = '\t'; break;
                    case 'r': v = '\r'; break;
                    case '0': v = 0; break;
                    case 'a': v = 7; break;
                    case 'b': v = 8; break;
                    case 'f': v = 12; break;
                    case 'v': v = 11; break;
                    default: v = (unsigned char)*s; break;
                    }
                    s++;
                } else {
                    v = (unsigned char)*s++;
                }
                if (s != t->loc + t->len - 1)
                    cc_error_at(c, f, t->loc, "multi-character constants are not supported");
                t->kind = TK_NUM;
                t->val = (uint64_t)(int64_t)(signed char)v;
            }
        } else {
            t->kind = TK_PUNCT;
            t->len = 1;
            for (size_t i = 0; i < sizeof puncts / sizeof *puncts; i++) {
                size_t n = strlen(puncts[i]);
                if ((size_t)(end - p) >= n && !memcmp(p, puncts[i], n)) { t->len = (int)n; break; }
            }
            if (t->len == 1 && !strchr("+-*/%&|^~!=<>?:;,.()[]{}#", ch))
                cc_error_at(c, f, p, "unexpected character '%c' (0x%02x)",
                            isprint(ch) ? ch : '?', ch);
            p += t->len;
        }
        cur = cur->next = t;
    }
    cc_tok_t *eof = cc_alloc(c, sizeof *eof);
    eof->kind = TK_EOF;
    eof->file = f;
    eof->loc = end;
    eof->line = line;
    eof->bol = 1;
    cur->next = eof;
    return head.next;
}

/* a string literal's characters (C99 6.4.4.4, 6.4.5): the escapes decoded
 * into out (room for t->len bytes: never more than the literal's text),
 * not NUL-terminated (a "\0" is a character like any other); their count.
 * An unknown escape or an out-of-range one is an error at the literal. */
size_t cc_str_decode(cc_t *c, const cc_tok_t *t, char *out)
{
    const char *s = t->loc + 1, *end = t->loc + t->len - 1;
    size_t n = 0;
    while (s < end) {
        char ch = *s++;
        if (ch != '\\' || s >= end) {
            out[n++] = ch;
            continue;
        }
        char e = *s++;
        unsigned v;
        switch (e) {
        case 'n': v = '\n'; break;
        case 't': v = '\t'; break;
        case 'r': v = '\r'; break;
        case 'a': v = 7; break;
        case 'b': v = 8; break;
        case 'f': v = 12; break;
        case 'v': v = 11; break;
        case '\\': case '\'': case '"': case '?': v = (unsigned char)e; break;
        case 'x':
            if (s >= end || !isxdigit((unsigned char)*s)) cc_error_tok(c, t, "\\x used with no following hex digits");
            v = 0;
            while (s < end && isxdigit((unsigned char)*s)) {
                v = v * 16 + (unsigned)(isdigit((unsigned char)*s) ? *s - '0' : (tolower((unsigned char)*s) - 'a' + 10));
                if (v > 255) cc_error_tok(c, t, "hex escape sequence out of range");
                s++;
            }
            break;
        default:
            if (e < '0' || e > '7') cc_error_tok(c, t, "unknown escape sequence '\\%c'", isprint((unsigned char)e) ? e : '?');
            v = (unsigned)(e - '0');
            for (int k = 0; k < 2 && s < end && *s >= '0' && *s <= '7'; k++) v = v * 8 + (unsigned)(*s++ - '0');
            if (v > 255) cc_error_tok(c, t, "octal escape sequence out of range");
            break;
        }
        out[n++] = (char)v;
    }
    return n;
}
