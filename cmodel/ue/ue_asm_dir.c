/* ue_asm_dir.c -- the micro-engine assembler's directives (.equ, .reg,
 * .word) and its loader, which reads a file into lines and expands
 * `.include "file"` in place (relative to the including file, then the -I
 * directories), at most WQ_UE_ASM_MAX_INC deep. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "ue_asm_int.h"

int ue__directive(ue_as_t *as, const char *name)
{
    char sym[UE_AS_MAX_NAME + 1];
    int64_t v;
    uint32_t r;
    if (!strcasecmp(name, ".word")) {
        if (as->pass == 1)          /* layout only: it may name later labels */
            return ue__emit(as, 0);
        if (ue__expr(as, &v) || ue__range(as, v, INT32_MIN, UINT32_MAX, ".word value") ||
            ue__end(as))
            return -1;
        return ue__emit(as, (uint32_t)v);
    }
    if (!strcasecmp(name, ".equ") || !strcasecmp(name, ".reg")) {
        int reg = name[1] == 'r' || name[1] == 'R';
        int n = ue__ident(as, sym, sizeof sym);
        if (n < 0)
            return -1;
        if (n == 0)
            return ue__err(as, "%s needs a name", name);
        if (ue__expect(as, ','))
            return -1;
        if (reg ? ue__reg(as, &r) : ue__expr(as, &v))
            return -1;
        if (ue__end(as))
            return -1;
        if (as->pass == 2)          /* defined in pass 1 */
            return 0;
        return ue__sym_def(as, sym, reg ? (int64_t)r : v, reg ? UE_SYM_REG : UE_SYM_VALUE);
    }
    if (!strcasecmp(name, ".include"))
        return ue__err(as, ".include must be alone on its line");
    return ue__err(as, "unknown directive '%s'", name);
}

/* ---- loader ----------------------------------------------------------------- */

static int add_line(ue_as_t *as, const char *file, int line, const char *text, size_t n)
{
    if (ue__grow(as, (void **)&as->lines, &as->caplines, as->nlines, sizeof *as->lines))
        return -1;
    char *t = malloc(n + 1);
    if (!t)
        return ue__err(as, "out of memory");
    memcpy(t, text, n);
    t[n] = 0;
    ue_line_t *l = &as->lines[as->nlines++];
    l->file = file;
    l->line = line;
    l->text = t;
    return 0;
}

char *ue__read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0, r;
    do {
        if (n + 4096 + 1 > cap) {
            cap = 2 * (n + 4096 + 1);
            char *p = realloc(buf, cap);
            if (!p) {
                free(buf);
                fclose(f);
                errno = ENOMEM;
                return NULL;
            }
            buf = p;
        }
        r = fread(buf + n, 1, 4096, f);
        n += r;
    } while (r > 0);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* the file an .include names: beside the includer, then -I directories */
static char *find_include(ue_as_t *as, const char *from, const char *name, char **text,
                          size_t *len)
{
    char path[4096];
    const char *slash = strrchr(from, '/');
    int dirlen = slash && name[0] != '/' ? (int)(slash - from + 1) : 0;
    snprintf(path, sizeof path, "%.*s%s", dirlen, from, name);
    if ((*text = ue__read_file(path, len)))
        return strdup(path);
    for (unsigned i = 0; name[0] != '/' && i < as->opt->nincdir; i++) {
        snprintf(path, sizeof path, "%s/%s", as->opt->incdir[i], name);
        if ((*text = ue__read_file(path, len)))
            return strdup(path);
    }
    return NULL;
}

/* `.include "name"` alone on the line: 1 and the name, 0 not one, -1 bad */
static int include_line(ue_as_t *as, const char *t, char *name, size_t cap)
{
    while (*t == ' ' || *t == '\t')
        t++;
    if (strncasecmp(t, ".include", 8) || (t[8] != ' ' && t[8] != '\t' && t[8] != '"'))
        return 0;
    t += 8;
    while (*t == ' ' || *t == '\t')
        t++;
    const char *q = *t == '"' ? strchr(t + 1, '"') : NULL;
    if (!q || q == t + 1)
        return ue__err(as, ".include needs a file name in double quotes");
    if ((size_t)(q - t - 1) >= cap)
        return ue__err(as, ".include file name too long");
    memcpy(name, t + 1, (size_t)(q - t - 1));
    name[q - t - 1] = 0;
    for (q++; *q == ' ' || *q == '\t'; q++)
        ;
    if (*q)
        return ue__err(as, "unexpected text after .include \"%s\"", name);
    return 1;
}

static int keep_name(ue_as_t *as, char *owned)
{
    char **p = realloc(as->files, (as->nfiles + 1) * sizeof *p);
    if (!p || !owned) {
        free(owned);
        return ue__err(as, "out of memory");
    }
    as->files = p;
    as->files[as->nfiles++] = owned;
    return 0;
}

int ue__load(ue_as_t *as, const char *file, const char *src, size_t len, unsigned depth)
{
    char text[UE_AS_MAX_LINE + 1];
    const char *end = src + len;
    int line = 0;
    for (const char *p = src; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        as->loading.file = file;
        as->loading.line = ++line;
        as->loading.text = NULL;
        as->cur = &as->loading;
        size_t n = 0;
        int quote = 0;
        for (const char *c = p; c < le; c++) {     /* copy up to the comment */
            unsigned char ch = (unsigned char)*c;
            if (ch == '\r' && c + 1 == le)
                break;
            if ((ch < 0x20 && ch != '\t') || ch >= 0x7F)
                return ue__err(as, "invalid character (byte 0x%02x)", ch);
            if (ch == '"')
                quote = !quote;
            if (ch == ';' && !quote)
                break;
            if (n == UE_AS_MAX_LINE)
                return ue__err(as, "line longer than %u characters", UE_AS_MAX_LINE);
            text[n++] = (char)ch;
        }
        text[n] = 0;
        p = nl ? nl + 1 : end;
        char name[256];
        int inc = include_line(as, text, name, sizeof name);
        if (inc < 0)
            return -1;
        if (!inc) {
            if (add_line(as, file, line, text, n))
                return -1;
            continue;
        }
        if (depth >= WQ_UE_ASM_MAX_INC)
            return ue__err(as, ".include nested more than %u deep (does a file include "
                               "itself?)", WQ_UE_ASM_MAX_INC);
        char *body;
        size_t blen;
        char *path = find_include(as, file, name, &body, &blen);
        if (!path)
            return ue__err(as, "cannot open include file '%s'", name);
        if (keep_name(as, path)) {
            free(body);
            return -1;
        }
        int rc = ue__load(as, path, body, blen, depth + 1);
        free(body);
        if (rc)
            return -1;
    }
    return 0;
}
