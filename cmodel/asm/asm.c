/* asm.c -- the .wqs assembler's driver: splits the source into lines,
 * strips comments, reads labels and the statement of each line, and runs
 * the two passes (see asm_int.h).  Also the public program API of wq/asm.h.
 *
 * The input is untrusted (it is fuzzed): lines are copied into a bounded,
 * NUL-terminated buffer after checking every byte is printable, every table
 * grows with the input only, and the first error stops the run. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "asm_int.h"
#include "wq/mem.h"

int wq__err(wq_as_t *as, const char *fmt, ...)
{
    if (!as->failed && as->err && as->errlen) {
        char msg[512];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        snprintf(as->err, as->errlen, "%s:%d: %s", as->file, as->line, msg);
    }
    as->failed = 1;
    return -1;
}

/* Length of the code part of a line: up to the first ';', '//', or '#'
 * at the start or after blank space -- outside quotes, so ';' and '#'
 * can still be written as character literals or inside strings. */
static size_t code_len(const char *l, size_t n)
{
    char q = 0;
    for (size_t i = 0; i < n; i++) {
        char c = l[i];
        if (q) {
            if (c == '\\' && i + 1 < n)
                i++;
            else if (c == q)
                q = 0;
        } else if (c == '"' || c == '\'') {
            q = c;
        } else if (c == ';' || (c == '/' && i + 1 < n && l[i + 1] == '/') ||
                   (c == '#' && (i == 0 || l[i - 1] == ' ' || l[i - 1] == '\t'))) {
            return i;
        }
    }
    return n;
}

static int load_line(wq_as_t *as, const char *l, size_t n)
{
    size_t k = code_len(l, n);
    if (k > WQ_AS_MAX_LINE)
        return wq__err(as, "line too long (max %u characters before a comment)",
                       WQ_AS_MAX_LINE);
    for (size_t i = 0; i < k; i++) {
        unsigned char c = (unsigned char)l[i];
        if (c == '\r')
            c = ' ';                    /* CRLF sources */
        else if ((c < 0x20 && c != '\t') || c >= 0x7f)
            return wq__err(as, "invalid character 0x%02x", c);
        as->text[i] = (char)c;
    }
    as->text[k] = '\0';
    as->s = as->text;
    return 0;
}

/* Labels take the current position of the current section.  In pass 2
 * they are already defined; the check there guards the layout logic. */
static int bind_labels(wq_as_t *as, char (*names)[WQ_AS_MAX_NAME + 1], unsigned n)
{
    uint64_t pos = as->in_code ? as->pc : as->dpos;
    uint32_t v = (uint32_t)pos;
    if (n && as->in_launch)
        return wq__err(as, "label inside a '.launch' block");
    if (n && pos > UINT32_MAX)
        return wq__err(as, "label past the end of the address space");
    for (unsigned k = 0; k < n; k++) {
        if (as->pass == 1) {
            if (wq__sym_def(as, names[k], v, as->in_code))
                return -1;
            continue;
        }
        int i = wq__sym_find(as, names[k]);
        if (i < 0 || as->p->syms[i].value != v)
            return wq__err(as, "internal error: label '%s' moved between passes", names[k]);
    }
    return 0;
}

static int directive(wq_as_t *as, char (*labels)[WQ_AS_MAX_NAME + 1], unsigned nl)
{
    char name[WQ_AS_MAX_NAME + 2] = ".";
    as->s++;
    int n = wq__ident(as, name + 1, sizeof name - 1);
    if (n <= 0)
        return n < 0 ? -1 : wq__err(as, "expected directive name after '.'");
    /* ".data 0x100" with a label: the label names the new position */
    int after = wq__moves_position(name);
    if (!after && bind_labels(as, labels, nl))
        return -1;
    int rc = wq__launch_dir(as, name);
    if (rc == 1 && as->in_launch)
        return wq__err(as, "'%s' not allowed inside a '.launch' block", name);
    if (rc == 1)
        rc = wq__directive(as, name);
    if (rc == 1)
        return wq__err(as, "unknown directive '%s'", name);
    if (rc)
        return -1;
    return after ? bind_labels(as, labels, nl) : 0;
}

static int instruction(wq_as_t *as)
{
    char mn[WQ_AS_MAX_NAME + 1], t[32];
    unsigned gp = WQ_PT, gn = 0;
    if (wq__accept(as, '@') && wq__pred(as, &gp, &gn, 1))
        return -1;
    int n = wq__ident(as, mn, sizeof mn);
    if (n < 0)
        return -1;
    if (n == 0)
        return wq__err(as, "expected mnemonic, got '%s'", wq__tok(as, t, sizeof t));
    if (as->in_launch)
        return wq__err(as, "instruction inside a '.launch' block (missing '.end'?)");
    if (!as->in_code)
        return wq__err(as, "instruction in a data section (use '.text')");
    return wq__insn(as, mn, gp, gn);
}

static int statement(wq_as_t *as)
{
    char labels[WQ_AS_MAX_LABELS][WQ_AS_MAX_NAME + 1];
    unsigned nl = 0;
    for (;;) {                          /* name: name: ... */
        const char *save = as->s;
        int n = wq__ident(as, labels[nl], sizeof labels[nl]);
        if (n < 0)
            return -1;
        if (n == 0 || !wq__accept(as, ':')) {
            as->s = save;
            break;
        }
        if (++nl == WQ_AS_MAX_LABELS)
            return wq__err(as, "too many labels on one line (max %u)", WQ_AS_MAX_LABELS - 1);
    }
    wq__ws(as);
    if (*as->s == '.')
        return directive(as, labels, nl);
    if (bind_labels(as, labels, nl))
        return -1;
    if (wq__at_end(as))
        return 0;
    return instruction(as);
}

static int run_pass(wq_as_t *as, const char *src, size_t len, int pass)
{
    size_t pos = 0;
    as->pass = pass;
    as->line = 0;
    as->in_code = 1;
    as->pc = as->seg_fill = 0;
    as->dpos = 0;
    as->seg = 0;
    as->seg_next = 1;
    as->in_launch = 0;
    as->launch_next = 0;
    while (pos < len) {
        const char *l = src + pos;
        const char *nl = memchr(l, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - l) : len - pos;
        pos += n + (nl != NULL);
        if (as->line == INT_MAX)
            return wq__err(as, "too many lines");
        as->line++;
        if (load_line(as, l, n) || statement(as))
            return -1;
    }
    if (pass == 2 && as->pc != as->p->ninsn)
        return wq__err(as, "internal error: instruction count changed between passes");
    return wq__launch_finish(as);
}

int wq_asm(const char *src, size_t len, const char *file, wq_program_t *out, char *err,
           size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    if (!out) {
        if (err && errlen)
            snprintf(err, errlen, "%s:0: no output program", file ? file : "<input>");
        return -1;
    }
    memset(out, 0, sizeof *out);
    out->file = file;
    out->code_base = WQ_ASM_DEFAULT_CODE;
    wq_as_t *as = calloc(1, sizeof *as);
    if (!as) {
        if (err && errlen)
            snprintf(err, errlen, "%s:0: out of memory", file ? file : "<input>");
        return -1;
    }
    as->p = out;
    as->file = file ? file : "<input>";
    as->err = err;
    as->errlen = errlen;
    int rc = 0;
    if (!src && len)
        rc = wq__err(as, "no source text");
    if (!rc)
        rc = wq__image_start(as) || run_pass(as, src, len, 1) || wq__image_layout(as) ||
             run_pass(as, src, len, 2);
    wq__sym_free(as);
    free(as->seg_line);
    free(as);
    if (rc) {
        wq_program_free(out);
        out->file = file;
        return -1;
    }
    return 0;
}

int wq_asm_file(const char *path, wq_program_t *out, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t len = 0, cap = 0;
    if (!f) {
        if (err && errlen)
            snprintf(err, errlen, "%s:0: cannot open: %s", path, strerror(errno));
        if (out)
            memset(out, 0, sizeof *out);
        return -1;
    }
    for (;;) {
        if (len == cap) {
            size_t ncap = cap ? cap * 2 : 65536;
            char *nb = realloc(buf, ncap);
            if (!nb) {
                free(buf);
                fclose(f);
                if (err && errlen)
                    snprintf(err, errlen, "%s:0: out of memory", path);
                return -1;
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        if (err && errlen)
            snprintf(err, errlen, "%s:0: read error", path);
        return -1;
    }
    int rc = wq_asm(buf, len, path, out, err, errlen);
    free(buf);
    return rc;
}

void wq_program_free(wq_program_t *p)
{
    if (!p)
        return;
    for (unsigned i = 0; i < p->nsegs; i++)
        free(p->segs[i].bytes);
    free(p->segs);
    for (unsigned i = 0; i < p->nsyms; i++)
        free(p->syms[i].name);
    free(p->syms);
    free(p->expects);
    for (unsigned i = 0; i < p->ndumps; i++)
        free(p->dumps[i].name);
    free(p->dumps);
    for (unsigned i = 0; i < WQ_ASM_MAX_LAUNCHES; i++)
        free(p->launch[i].name);
    memset(p, 0, sizeof *p);
}

int wq_program_sym(const wq_program_t *p, const char *name, uint32_t *value)
{
    for (unsigned i = 0; p && name && i < p->nsyms; i++)
        if (strcmp(p->syms[i].name, name) == 0) {
            if (value)
                *value = p->syms[i].value;
            return 0;
        }
    return -1;
}

void wq_program_load(const wq_program_t *p, struct wq_mem *mem)
{
    for (unsigned i = 0; i < p->nsegs; i++)
        if (p->segs[i].len)
            wq_mem_write(mem, p->segs[i].addr, p->segs[i].bytes, p->segs[i].len);
}
