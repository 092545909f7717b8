/* asm_lex.c -- the assembler's tokens: names, registers, predicates,
 * numbers, strings and +/- expressions, read from the current line.
 * The line is a NUL-terminated copy holding only printable characters and
 * tabs (asm.c checks), so every reader stops at NUL. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "asm_int.h"

int wq__is_id0(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

int wq__is_id(int c)
{
    return wq__is_id0(c) || (c >= '0' && c <= '9') || c == '.';
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }

void wq__ws(wq_as_t *as)
{
    while (*as->s == ' ' || *as->s == '\t')
        as->s++;
}

int wq__at_end(wq_as_t *as)
{
    wq__ws(as);
    return *as->s == '\0';
}

int wq__accept(wq_as_t *as, char c)
{
    wq__ws(as);
    if (*as->s != c)
        return 0;
    as->s++;
    return 1;
}

/* a short excerpt of what the cursor points at, for messages */
const char *wq__tok(wq_as_t *as, char *buf, size_t cap)
{
    wq__ws(as);
    size_t n = 0;
    const char *s = as->s;
    if (wq__is_id(*s) || *s == '\'' || *s == '"')
        while (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != ',' && n + 1 < cap && n < 24)
            n++;
    else if (*s)
        n = 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return buf;
}

int wq__expect(wq_as_t *as, char c)
{
    char t[32];
    if (wq__accept(as, c))
        return 0;
    if (wq__at_end(as))
        return wq__err(as, "expected '%c' at end of line", c);
    return wq__err(as, "expected '%c', got '%s'", c, wq__tok(as, t, sizeof t));
}

int wq__end(wq_as_t *as)
{
    char t[32];
    if (wq__at_end(as))
        return 0;
    return wq__err(as, "unexpected '%s' after operands", wq__tok(as, t, sizeof t));
}

int wq__ident(wq_as_t *as, char *buf, size_t cap)
{
    wq__ws(as);
    if (!wq__is_id0(*as->s))
        return 0;
    size_t n = 0;
    while (wq__is_id(as->s[n]))
        n++;
    if (n > WQ_AS_MAX_NAME || n >= cap)
        return wq__err(as, "name too long (max %u characters)", WQ_AS_MAX_NAME);
    memcpy(buf, as->s, n);
    buf[n] = '\0';
    as->s += n;
    return (int)n;
}

/* r0..r99.., p0..p9.., pt: never usable as symbol names, so an operand
 * that may be a register or an expression is never ambiguous */
int wq__reserved(const char *name)
{
    if (strcasecmp(name, "pt") == 0)
        return 1;
    if ((name[0] | 0x20) != 'r' && (name[0] | 0x20) != 'p')
        return 0;
    if (!name[1])
        return 0;
    for (const char *c = name + 1; *c; c++)
        if (!is_digit(*c))
            return 0;
    return 1;
}

/* letter + digits not followed by a name character */
static int peek_numbered(const char *s, char letter)
{
    if ((*s | 0x20) != letter || !is_digit(s[1]))
        return 0;
    size_t n = 1;
    while (is_digit(s[n]))
        n++;
    return !wq__is_id(s[n]);
}

int wq__peek_reg(wq_as_t *as)
{
    wq__ws(as);
    return peek_numbered(as->s, 'r');
}

static unsigned read_index(wq_as_t *as)
{
    unsigned v = 0;
    as->s++;                                /* the letter */
    while (is_digit(*as->s)) {
        if (v < 1000)                       /* saturate: only "too big" matters */
            v = v * 10 + (unsigned)(*as->s - '0');
        as->s++;
    }
    return v;
}

int wq__reg(wq_as_t *as, unsigned *r)
{
    char t[32];
    if (!wq__peek_reg(as)) {
        if (wq__at_end(as))
            return wq__err(as, "expected register, got end of line");
        return wq__err(as, "expected register, got '%s'", wq__tok(as, t, sizeof t));
    }
    wq__tok(as, t, sizeof t);
    *r = read_index(as);
    if (*r >= WQ_NUM_REGS)
        return wq__err(as, "register %s out of range (r0..r%u)", t, WQ_NUM_REGS - 1);
    return 0;
}

int wq__pred(wq_as_t *as, unsigned *p, unsigned *neg, int allow_neg)
{
    char t[32];
    *neg = 0;
    wq__ws(as);
    if (allow_neg && *as->s == '!') {
        *neg = 1;
        as->s++;
        wq__ws(as);
    }
    if ((as->s[0] | 0x20) == 'p' && (as->s[1] | 0x20) == 't' && !wq__is_id(as->s[2])) {
        as->s += 2;
        *p = WQ_PT;
        return 0;
    }
    if (!peek_numbered(as->s, 'p'))
        return wq__err(as, "expected predicate (p0..p%u, pt), got '%s'", WQ_PT - 1,
                       wq__tok(as, t, sizeof t));
    wq__tok(as, t, sizeof t);
    *p = read_index(as);
    if (*p >= WQ_PT)
        return wq__err(as, "predicate %s out of range (p0..p%u, pt)", t, WQ_PT - 1);
    return 0;
}

static int digit_val(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 99;
}

static int number(wq_as_t *as, uint64_t *v)
{
    const char *start = as->s;
    unsigned base = 10;
    if (as->s[0] == '0' && (as->s[1] | 0x20) == 'x')
        base = 16, as->s += 2;
    else if (as->s[0] == '0' && (as->s[1] | 0x20) == 'b')
        base = 2, as->s += 2;
    uint64_t acc = 0;
    int nd = 0, d;
    while ((d = digit_val(*as->s)) < (int)base) {
        if (acc > (UINT64_MAX - (unsigned)d) / base)
            return wq__err(as, "number too large");
        acc = acc * base + (unsigned)d;
        as->s++, nd++;
    }
    if (nd == 0 || wq__is_id(*as->s)) {
        size_t n = 0;
        while (n < 24 && wq__is_id(start[n]))
            n++;
        return wq__err(as, "bad number '%.*s'", (int)n, start);
    }
    *v = acc;
    return 0;
}

static int char_lit(wq_as_t *as, uint64_t *v)
{
    const char *s = as->s + 1;
    int c = (unsigned char)*s;
    if (c == '\\') {
        const char *esc = "n\nt\tr\r0\0\\\\''\"\"";
        c = -1;
        for (size_t i = 0; i < 14; i += 2)
            if (s[1] == esc[i])
                c = (unsigned char)esc[i + 1];
        s++;
    } else if (c == '\'' || c == '\0') {
        c = -1;
    }
    if (c < 0 || s[1] != '\'')
        return wq__err(as, "bad character literal");
    as->s = s + 2;
    *v = (uint64_t)c;
    return 0;
}

static int primary(wq_as_t *as, uint64_t *v, int strict)
{
    char name[WQ_AS_MAX_NAME + 1], t[32];
    wq__ws(as);
    if (is_digit(*as->s))
        return number(as, v);
    if (*as->s == '\'')
        return char_lit(as, v);
    if (!wq__is_id0(*as->s)) {
        if (!*as->s)
            return wq__err(as, "expected expression, got end of line");
        return wq__err(as, "expected expression, got '%s'", wq__tok(as, t, sizeof t));
    }
    if (wq__ident(as, name, sizeof name) < 0)
        return -1;
    int i = wq__sym_find(as, name);
    if (i >= 0) {
        *v = as->p->syms[i].value;
        return 0;
    }
    if (wq__reserved(name))
        return wq__err(as, "register '%s' not allowed here", name);
    if (as->pass == 1 && !strict) {     /* may be defined further down */
        as->unres = 1;
        *v = 0;
        return 0;
    }
    if (as->pass == 1)
        return wq__err(as, "undefined symbol '%s' (must be defined above this line)", name);
    return wq__err(as, "undefined symbol '%s'", name);
}

/* expr := term { (+|-) term } ; term := { + | - } primary.  Arithmetic is
 * modulo 2^64; users of the value check its range as a signed number. */
static int expr(wq_as_t *as, uint64_t *v, int strict)
{
    uint64_t acc = 0, t = 0;
    int neg = 0;
    as->unres = 0;
    for (;;) {
        for (;;) {
            wq__ws(as);
            if (*as->s == '-')
                neg = !neg;
            else if (*as->s != '+')
                break;
            as->s++;
        }
        if (primary(as, &t, strict))
            return -1;
        acc = neg ? acc - t : acc + t;
        wq__ws(as);
        if (*as->s != '+' && *as->s != '-')
            break;
        neg = *as->s == '-';
        as->s++;
    }
    *v = acc;
    return 0;
}

int wq__expr(wq_as_t *as, uint64_t *v) { return expr(as, v, 0); }
int wq__expr_now(wq_as_t *as, uint64_t *v) { return expr(as, v, 1); }

int wq__fit(wq_as_t *as, uint64_t v, int64_t lo, int64_t hi, const char *what,
            uint32_t *out)
{
    int64_t sv = (int64_t)v;
    *out = (uint32_t)v;
    if (as->unres)                      /* pass 1 placeholder: checked in pass 2 */
        return 0;
    if (sv < lo || sv > hi)
        return wq__err(as, "%s out of range (%lld..%lld): %lld", what, (long long)lo,
                       (long long)hi, (long long)sv);
    return 0;
}

int wq__fit32(wq_as_t *as, uint64_t v, const char *what, uint32_t *out)
{
    return wq__fit(as, v, INT32_MIN, UINT32_MAX, what, out);
}

int wq__string(wq_as_t *as, char *buf, size_t cap)
{
    size_t n = 0;
    wq__ws(as);
    if (*as->s != '"')
        return wq__err(as, "expected string in double quotes");
    for (as->s++; *as->s != '"'; as->s++) {
        char c = *as->s;
        if (!c)
            return wq__err(as, "unterminated string");
        if (c == '\\') {
            c = *++as->s;
            if (c == 'n') c = '\n';
            else if (c == 't') c = '\t';
            else if (c != '\\' && c != '"')
                return wq__err(as, "bad escape in string");
        }
        if (n + 1 >= cap)
            return wq__err(as, "string too long (max %zu characters)", cap - 1);
        buf[n++] = c;
    }
    as->s++;
    buf[n] = '\0';
    return 0;
}
