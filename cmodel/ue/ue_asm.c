/* ue_asm.c -- the micro-engine assembler's driver: load the source (with
 * its includes), pass 1 (labels, .equ, .reg, layout), pass 2 (encode), and
 * the image padded to the ROM depth with `halt PAD_HALT_CODE`.  The first
 * error ends the run; it is "file:line: message" and the image is empty. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ue_asm_int.h"

int ue__err(ue_as_t *as, const char *fmt, ...)
{
    if (as->failed)
        return -1;                  /* keep the first message */
    as->failed = 1;
    int n = as->cur ? snprintf(as->err, as->errlen, "%s:%d: ", as->cur->file, as->cur->line)
                    : 0;
    if (n < 0 || (size_t)n >= as->errlen)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(as->err + n, as->errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

int ue__grow(ue_as_t *as, void **arr, unsigned *cap, unsigned n, size_t elem)
{
    if (n < *cap)
        return 0;
    unsigned c = *cap ? 2 * *cap : 256;
    void *p = realloc(*arr, (size_t)c * elem);
    if (!p)
        return ue__err(as, "out of memory");
    *arr = p;
    *cap = c;
    return 0;
}

/* labels, then an instruction or a directive */
static int line(ue_as_t *as)
{
    char name[UE_AS_MAX_NAME + 1];
    as->s = as->cur->text;
    for (;;) {
        const char *at = as->s;
        int n = ue__ident(as, name, sizeof name);
        if (n < 0)
            return -1;
        if (n == 0 || !ue__accept(as, ':')) {
            as->s = at;
            break;
        }
        if (as->pass == 1 && ue__sym_def(as, name, as->pc, UE_SYM_VALUE))
            return -1;
    }
    if (ue__at_end(as))
        return 0;
    int n = ue__ident(as, name, sizeof name);
    if (n < 0)
        return -1;
    if (n == 0)
        return ue__err(as, "expected an instruction, got '%c'", *as->s);
    return name[0] == '.' ? ue__directive(as, name) : ue__insn(as, name);
}

static int pass(ue_as_t *as, int which)
{
    as->pass = which;
    as->pc = 0;
    for (unsigned i = 0; i < as->nlines; i++) {
        as->cur = &as->lines[i];
        if (line(as))
            return -1;
        if (as->pc > as->rom)
            return ue__err(as, "the program does not fit the ROM: %u words, the ROM holds %u "
                               "(ROM_AW = %u)", as->pc, as->rom, as->opt->rom_aw);
    }
    return 0;
}

static void cleanup(ue_as_t *as)
{
    for (unsigned i = 0; i < as->nlines; i++)
        free(as->lines[i].text);
    for (unsigned i = 0; i < as->nfiles; i++)
        free(as->files[i]);
    for (unsigned i = 0; i < as->nsyms; i++)
        free(as->syms[i].name);
    free(as->lines);
    free(as->files);
    free(as->syms);
    free(as->at);
}

void wq_ue_image_free(wq_ue_image_t *img)
{
    for (unsigned i = 0; img->src && i < img->used; i++)
        free(img->src[i]);
    free(img->src);
    free(img->words);
    memset(img, 0, sizeof *img);
}

static int image(ue_as_t *as)
{
    wq_ue_image_t *img = as->img;
    img->words = malloc(as->rom * sizeof *img->words);
    img->src = calloc(as->rom, sizeof *img->src);
    as->at = calloc(as->rom, sizeof *as->at);
    if (!img->words || !img->src || !as->at)
        return ue__err(as, "out of memory");
    img->nwords = as->rom;
    for (uint32_t i = 0; i < as->rom; i++)
        img->words[i] = WQ_UE_PAD_WORD;
    return 0;
}

/* "file:line: text" of every placed word, for listings */
static int sources(ue_as_t *as)
{
    wq_ue_image_t *img = as->img;
    img->used = as->pc;
    for (uint32_t i = 0; i < as->pc; i++) {
        const ue_line_t *l = as->at[i];
        const char *t = l->text;
        while (*t == ' ' || *t == '\t')
            t++;
        size_t n = strlen(l->file) + strlen(t) + 24;
        if (!(img->src[i] = malloc(n)))
            return ue__err(as, "out of memory");
        snprintf(img->src[i], n, "%s:%d: %s", l->file, l->line, t);
    }
    return 0;
}

int wq_ue_asm(const char *file, const char *src, size_t len, const wq_ue_asmopt_t *opt,
              wq_ue_image_t *img, char *err, size_t errlen)
{
    ue_as_t as;
    memset(&as, 0, sizeof as);
    memset(img, 0, sizeof *img);
    as.opt = opt;
    as.err = err;
    as.errlen = errlen;
    as.img = img;
    if (errlen)
        err[0] = 0;
    if (!opt || opt->rom_aw < 1 || opt->rom_aw > WQ_UE_PC_W) {
        snprintf(err, errlen, "%s: ROM_AW must be 1..%u", file, (unsigned)WQ_UE_PC_W);
        return -1;
    }
    if (opt->rom_depth > (1u << opt->rom_aw)) {
        snprintf(err, errlen, "%s: ROM_DEPTH must be 1..2^ROM_AW (%u)", file,
                 1u << opt->rom_aw);
        return -1;
    }
    as.rom = opt->rom_depth ? opt->rom_depth : 1u << opt->rom_aw;
    char *owned = NULL;
    if (!src) {
        if (!(owned = ue__read_file(file, &len))) {
            snprintf(err, errlen, "%s: cannot open: %s", file, strerror(errno));
            return -1;
        }
        src = owned;
    }
    char *name = strdup(file);
    as.files = malloc(sizeof *as.files);
    int rc = -1;
    if (name && as.files) {
        as.files[as.nfiles++] = name;
        rc = ue__load(&as, name, src, len, 0);
    } else {
        free(name);
        snprintf(err, errlen, "%s: out of memory", file);
    }
    if (!rc)
        rc = pass(&as, 1) || image(&as) || pass(&as, 2) || sources(&as) ? -1 : 0;
    if (rc)
        wq_ue_image_free(img);
    free(owned);
    cleanup(&as);
    return rc;
}
