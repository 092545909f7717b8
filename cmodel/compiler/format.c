/* format.c -- printf's format strings (OpenCL C 1.2 §6.12.13.2): the
 * conversion grammar, walked one piece at a time.  The parser checks a
 * format and types the arguments with it (parse.c printf_call); the runtime
 * walks the same pieces to print the records (docs/runtime.md "printf"),
 * so the two never disagree about what a format means.
 *
 *   conversion := '%' flags* width? ('.' digits*)? ('v' n)? length? conv
 *   flags      := '-' | '+' | ' ' | '#' | '0'
 *   n          := 2 | 3 | 4 | 8 | 16
 *   length     := hh | h | hl | l          (hl only with a vector)
 *   conv       := d i o u x X c s p f F e E g G a A, or "%%" alone */
#include <string.h>
#include "wq/cc.h"

/* a field width or precision: at most this many characters */
#define WIDTH_MAX 1024

static int is_flag(char ch) { return ch == '-' || ch == '+' || ch == ' ' || ch == '#' || ch == '0'; }

/* digits at fmt[*i] as a number, *i past them; -1 when above WIDTH_MAX */
static int number(const char *fmt, size_t len, size_t *i)
{
    long v = 0;
    while (*i < len && fmt[*i] >= '0' && fmt[*i] <= '9') {
        v = v * 10 + (fmt[*i] - '0');
        if (v > WIDTH_MAX) v = WIDTH_MAX + 1;
        (*i)++;
    }
    return v > WIDTH_MAX ? -1 : (int)v;
}

int wq_cc_printf_piece(const char *fmt, size_t len, size_t *pos, wq_cc_pf_t *pf, const char **err)
{
    size_t i = *pos;
    memset(pf, 0, sizeof *pf);
    pf->width = pf->prec = -1;
    pf->at = i;
    *err = NULL;
    if (i >= len) return 0;
    if (fmt[i] != '%') {
        /* text up to the next conversion */
        while (i < len && fmt[i] != '%') i++;
        pf->len = i - pf->at;
        *pos = i;
        return 1;
    }
    i++;
    if (i < len && fmt[i] == '%') {
        pf->conv = '%';
        pf->len = 2;
        *pos = i + 1;
        return 1;
    }
    size_t nf = 0;
    while (i < len && is_flag(fmt[i])) {
        if (!memchr(pf->flags, fmt[i], nf) && nf + 1 < sizeof pf->flags) pf->flags[nf++] = fmt[i];
        i++;
    }
    if (i < len && fmt[i] == '*') { *err = "a '*' field width is not supported (write the width in the format)"; return -1; }
    if (i < len && fmt[i] >= '0' && fmt[i] <= '9' && (pf->width = number(fmt, len, &i)) < 0) {
        *err = "a field width above 1024";
        return -1;
    }
    if (i < len && fmt[i] == '.') {
        i++;
        if (i < len && fmt[i] == '*') { *err = "a '*' precision is not supported (write the precision in the format)"; return -1; }
        if ((pf->prec = number(fmt, len, &i)) < 0) { *err = "a precision above 1024"; return -1; }
    }
    if (i < len && fmt[i] == 'v') {
        i++;
        int n = 0;
        while (i < len && fmt[i] >= '0' && fmt[i] <= '9' && n < 100) n = n * 10 + (fmt[i++] - '0');
        if (n != 2 && n != 3 && n != 4 && n != 8 && n != 16) {
            *err = "a vector specifier is v2, v3, v4, v8 or v16";
            return -1;
        }
        pf->vec = (unsigned)n;
    }
    if (i < len && fmt[i] == 'h') {
        i++;
        pf->size = 2;
        if (i < len && fmt[i] == 'h') { i++; pf->size = 1; }
        else if (i < len && fmt[i] == 'l') {
            i++;
            pf->size = 4;
            if (!pf->vec) { *err = "the length modifier 'hl' is for vector conversions only"; return -1; }
        }
    } else if (i < len && fmt[i] == 'l') {
        i++;
        pf->size = 8;
        if (i < len && fmt[i] == 'l') { *err = "the length modifier 'll' is not OpenCL C's (a long is 'l')"; return -1; }
    } else if (i < len && fmt[i] && strchr("LjztqI", fmt[i])) {
        *err = "a length modifier OpenCL C does not have (it has hh, h, hl and l)";
        return -1;
    }
    if (i >= len) { *err = "the format ends inside a conversion"; return -1; }
    char c = fmt[i++];
    if (!strchr("diouxXcspfFeEgGaA", c) || c == 0) {
        *err = c == '%' ? "'%%' takes no flags, width or precision" : "an unknown conversion";
        return -1;
    }
    if ((c == 'c' || c == 's' || c == 'p') && (pf->vec || pf->size)) {
        *err = "%c, %s and %p take no vector specifier or length modifier";
        return -1;
    }
    pf->conv = c;
    pf->len = i - pf->at;
    *pos = i;
    return 1;
}
