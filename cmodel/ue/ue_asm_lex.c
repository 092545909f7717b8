/* ue_asm_lex.c -- the micro-engine assembler's tokens: names, registers,
 * numbers and expressions with C's operators and precedence
 * (| ^ & << >> + - * / ~, unary -, parentheses), evaluated in 64 bits.
 * The line is a NUL-terminated copy of printable characters and tabs (the
 * loader checks), so every reader stops at NUL. */
#include <stdlib.h>
#include <string.h>
#include "ue_asm_int.h"

static int is_id0(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.';
}
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_id(int c) { return is_id0(c) || is_digit(c); }

void ue__ws(ue_as_t *as)
{
    while (*as->s == ' ' || *as->s == '\t')
        as->s++;
}

int ue__at_end(ue_as_t *as)
{
    ue__ws(as);
    return *as->s == '\0';
}

int ue__accept(ue_as_t *as, char c)
{
    ue__ws(as);
    if (*as->s != c)
        return 0;
    as->s++;
    return 1;
}

/* what the cursor points at, for messages */
static const char *tok(ue_as_t *as, char *buf, size_t cap)
{
    ue__ws(as);
    size_t n = 0;
    if (!*as->s)
        return "end of line";
    if (is_id(*as->s))
        while (is_id(as->s[n]) && n + 1 < cap)
            n++;
    else
        n = 1;
    memcpy(buf, as->s, n);
    buf[n] = '\0';
    return buf;
}

int ue__expect(ue_as_t *as, char c)
{
    char t[32];
    if (ue__accept(as, c))
        return 0;
    return ue__err(as, "expected '%c', got '%s'", c, tok(as, t, sizeof t));
}

int ue__end(ue_as_t *as)
{
    char t[32];
    if (ue__at_end(as))
        return 0;
    return ue__err(as, "unexpected '%s' after the operands", tok(as, t, sizeof t));
}

int ue__ident(ue_as_t *as, char *buf, size_t cap)
{
    ue__ws(as);
    if (!is_id0(*as->s))
        return 0;
    size_t n = 0;
    while (is_id(as->s[n]))
        n++;
    if (n > UE_AS_MAX_NAME || n >= cap)
        return ue__err(as, "name too long (at most %u characters)", UE_AS_MAX_NAME);
    memcpy(buf, as->s, n);
    buf[n] = '\0';
    as->s += n;
    return (int)n;
}

/* r0..r127 and w0..w127; any other r<digits> / w<digits> is a register
 * name out of range (1 with *reg = 256), never a symbol */
int ue__is_regname(const char *name, unsigned *reg)
{
    char c = (char)(name[0] | 0x20);
    if ((c != 'r' && c != 'w') || !is_digit(name[1]))
        return 0;
    unsigned v = 0;
    for (const char *p = name + 1; *p; p++) {
        if (!is_digit(*p))
            return 0;
        if (v < 1000)
            v = v * 10 + (unsigned)(*p - '0');
    }
    *reg = v < WQ_UE_GLOBALS ? v + (c == 'w' ? WQ_UE_GLOBALS : 0) : 256;
    return 1;
}

ue_sym_t *ue__sym(ue_as_t *as, const char *name)
{
    for (unsigned i = 0; i < as->nsyms; i++)
        if (!strcmp(as->syms[i].name, name))
            return &as->syms[i];
    return NULL;
}

int ue__sym_def(ue_as_t *as, const char *name, int64_t v, int kind)
{
    unsigned r;
    if (ue__is_regname(name, &r))
        return ue__err(as, "'%s' is a register name", name);
    ue_sym_t *old = ue__sym(as, name);
    if (old)
        return ue__err(as, "'%s' redefined (first defined at %s:%d)", name, old->file,
                       old->line);
    if (ue__grow(as, (void **)&as->syms, &as->capsyms, as->nsyms, sizeof *as->syms))
        return -1;
    char *copy = strdup(name);
    if (!copy)
        return ue__err(as, "out of memory");
    ue_sym_t *s = &as->syms[as->nsyms++];
    s->name = copy;
    s->value = v;
    s->kind = kind;
    s->file = as->cur->file;
    s->line = as->cur->line;
    return 0;
}

int ue__reg(ue_as_t *as, uint32_t *reg)
{
    char name[UE_AS_MAX_NAME + 1], t[32];
    unsigned r;
    ue__ws(as);
    const char *at = as->s;
    int n = ue__ident(as, name, sizeof name);
    if (n < 0)
        return -1;
    if (n == 0)
        return ue__err(as, "expected a register, got '%s'", tok(as, t, sizeof t));
    if (ue__is_regname(name, &r)) {
        if (r > 0xFF)
            return ue__err(as, "register '%s' out of range (r0..r127, w0..w127)", name);
        *reg = r;
        return 0;
    }
    ue_sym_t *s = ue__sym(as, name);
    if (s && s->kind == UE_SYM_REG) {
        *reg = (uint32_t)s->value;
        return 0;
    }
    as->s = at;
    return ue__err(as, "expected a register, got '%s'", name);
}

static int number(ue_as_t *as, int64_t *v)
{
    const char *p = as->s;
    unsigned base = 10;
    if (p[0] == '0' && (p[1] | 0x20) == 'x')
        base = 16, p += 2;
    else if (p[0] == '0' && (p[1] | 0x20) == 'b')
        base = 2, p += 2;
    uint64_t acc = 0;
    int nd = 0;
    for (;; p++, nd++) {
        int c = *p, d;
        if (is_digit(c))
            d = c - '0';
        else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
            d = (c | 0x20) - 'a' + 10;
        else
            break;
        if (d >= (int)base)
            break;
        if (acc > (UINT64_MAX - (unsigned)d) / base)
            return ue__err(as, "number too large");
        acc = acc * base + (unsigned)d;
    }
    if (nd == 0 || is_id(*p)) {
        size_t n = 0;
        while (n < 24 && is_id(as->s[n]))
            n++;
        return ue__err(as, "bad number '%.*s'", (int)n, as->s);
    }
    as->s = p;
    *v = (int64_t)acc;
    return 0;
}

static int expr_or(ue_as_t *as, int64_t *v);

static int primary(ue_as_t *as, int64_t *v)
{
    char name[UE_AS_MAX_NAME + 1], t[32];
    unsigned r;
    ue__ws(as);
    if (is_digit(*as->s))
        return number(as, v);
    if (*as->s == '(') {
        as->s++;
        if (expr_or(as, v))
            return -1;
        return ue__expect(as, ')');
    }
    int n = ue__ident(as, name, sizeof name);
    if (n < 0)
        return -1;
    if (n == 0)
        return ue__err(as, "expected an expression, got '%s'", tok(as, t, sizeof t));
    ue_sym_t *s = ue__sym(as, name);
    if (s && s->kind == UE_SYM_VALUE) {
        *v = s->value;
        return 0;
    }
    if (s || ue__is_regname(name, &r))
        return ue__err(as, "register '%s' where a value is expected", name);
    if (as->pass == 1)
        return ue__err(as, "undefined symbol '%s' (an .equ may only use symbols defined "
                           "above it)", name);
    return ue__err(as, "undefined symbol '%s'", name);
}

static int unary(ue_as_t *as, int64_t *v)
{
    ue__ws(as);
    char c = *as->s;
    if (c != '-' && c != '~' && c != '+')
        return primary(as, v);
    if (++as->depth > UE_AS_MAX_DEPTH)
        return ue__err(as, "expression nested too deeply");
    as->s++;
    int rc = unary(as, v);
    as->depth--;
    if (!rc && c == '-')
        *v = (int64_t)(0 - (uint64_t)*v);
    else if (!rc && c == '~')
        *v = ~*v;
    return rc;
}

/* binary operators and their precedence level, loosest 0; two-character
 * operators first so "<<" is never read as '<' */
static const struct { const char *op; unsigned lv; } binops[] = {
    { "<<", 3 }, { ">>", 3 }, { "|", 0 }, { "^", 1 }, { "&", 2 },
    { "+", 4 }, { "-", 4 }, { "*", 5 }, { "/", 5 },
};
#define NLEVELS 6u

/* the operator at the cursor if it has level lv, else NULL */
static const char *op_at(const ue_as_t *as, unsigned lv)
{
    for (size_t i = 0; i < sizeof binops / sizeof binops[0]; i++)
        if (!strncmp(as->s, binops[i].op, strlen(binops[i].op)))
            return binops[i].lv == lv ? binops[i].op : NULL;
    return NULL;
}

static int apply(ue_as_t *as, const char *op, int64_t a, int64_t b, int64_t *v)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op[0]) {
    case '|': *v = a | b; return 0;
    case '^': *v = a ^ b; return 0;
    case '&': *v = a & b; return 0;
    case '+': *v = (int64_t)(ua + ub); return 0;
    case '-': *v = (int64_t)(ua - ub); return 0;
    case '*': *v = (int64_t)(ua * ub); return 0;
    case '/':
        if (b == 0)
            return ue__err(as, "division by zero");
        *v = b == -1 ? (int64_t)(0 - ua) : a / b;
        return 0;
    default:                        /* << >> */
        if (b < 0 || b > 63)
            return ue__err(as, "shift count %lld out of range (0..63)", (long long)b);
        *v = op[0] == '<' ? (int64_t)(ua << b) : (a < 0 ? ~(~a >> b) : a >> b);
        return 0;
    }
}

static int level(ue_as_t *as, unsigned lv, int64_t *v)
{
    if (lv == NLEVELS)
        return unary(as, v);
    if (level(as, lv + 1, v))
        return -1;
    for (;;) {
        ue__ws(as);
        const char *op = op_at(as, lv);
        if (!op)
            return 0;
        as->s += strlen(op);
        int64_t b;
        if (level(as, lv + 1, &b) || apply(as, op, *v, b, v))
            return -1;
    }
}

static int expr_or(ue_as_t *as, int64_t *v)
{
    if (++as->depth > UE_AS_MAX_DEPTH)
        return ue__err(as, "expression nested too deeply");
    int rc = level(as, 0, v);
    as->depth--;
    return rc;
}

int ue__expr(ue_as_t *as, int64_t *v)
{
    as->depth = 0;
    return expr_or(as, v);
}

int ue__range(ue_as_t *as, int64_t v, int64_t lo, int64_t hi, const char *what)
{
    if (v < lo || v > hi)
        return ue__err(as, "%s %lld out of range (%lld..%lld)", what, (long long)v,
                       (long long)lo, (long long)hi);
    return 0;
}
