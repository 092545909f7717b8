/* binary.c -- program binaries as text (binary.h):
 *
 *   warpq-cl-binary 1
 *   code NINSN
 *   WORD0 WORD1                      one line per instruction, hex
 *   kernel NAME ENTRY NREGS WAVE YIELD LOCAL PRIVATE RX RY RZ PARAM_BYTES NARGS
 *   arg KIND SIZE OFFSET ACCESS TYPE_QUAL NAME TYPE...   NARGS lines
 *   align PA LA                      the largest alignment of its private
 *                                    objects and of its __local blocks, when
 *                                    either is above 16 (absent: 16 will do)
 *   hints HX HY HZ VEC               the kernel's work_group_size_hint and
 *                                    vec_type_hint (- for none), when it has one
 *   uses printf                      the kernel calls printf (a printf buffer
 *                                    per launch), when it does
 *   printf ID "TEXT"                 printf's string ID (0, 1, ... in order),
 *                                    after the kernels: printable ASCII as is
 *                                    but for \ and ", every other byte \ooo
 *   end
 *
 * KIND is scalar, global, constant or local; the numbers are decimal except
 * the instruction words.  The parser checks every field against what a
 * launch can use (entry inside the code, argument inside the parameter
 * buffer, ...) and refuses anything else: a binary from elsewhere is
 * CL_INVALID_BINARY, never a crash. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "binary.h"

#define MAGIC "warpq-cl-binary 1"
#define MAX_INSN (1u << 22)          /* START_PC is 22 bits */
#define MAX_KERNELS 1024u
#define MAX_ARGS 256u
#define MAX_PARAM 4096u              /* wq_drv_params: 1024 words */
#define MIN_ALIGN 16u                /* launch.c's alignment of every frame and block */
#define MAX_ALIGN 4096u              /* an align line's largest */
#define MAX_STRS 65536u              /* printf strings */

static const char *kind_name[] = { "scalar", "global", "constant", "local" };

typedef struct { char *s; size_t n, cap; int oom; } sbuf_t;

static void put(sbuf_t *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(sbuf_t *b, const char *fmt, ...)
{
    if (b->oom) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
        va_end(ap);
        if (k < 0) { b->oom = 1; return; }
        if ((size_t)k < b->cap - b->n) { b->n += (size_t)k; return; }
        size_t cap = b->cap * 2 + (size_t)k + 64;
        char *t = realloc(b->s, cap);
        if (!t) { b->oom = 1; return; }
        b->s = t;
        b->cap = cap;
    }
}

char *wq_cl_binary_write(const wq_cl_image_t *img, size_t *len)
{
    sbuf_t b = { malloc(4096), 0, 4096, 0 };
    if (!b.s) return NULL;
    put(&b, "%s\ncode %u\n", MAGIC, img->ninsn);
    for (uint32_t i = 0; i < img->ninsn; i++)
        put(&b, "%08x %08x\n", img->code[2 * i], img->code[2 * i + 1]);
    for (unsigned k = 0; k < img->nkernels; k++) {
        const wq_cl_kinfo_t *ki = &img->kernels[k];
        put(&b, "kernel %s %u %u %u %u %u %u %zu %zu %zu %u %u", ki->name, ki->entry,
            ki->nregs, ki->wave, ki->yield, ki->local_bytes, ki->private_bytes, ki->reqd_wg[0],
            ki->reqd_wg[1], ki->reqd_wg[2], ki->param_bytes, ki->nargs);
        /* nested work: a 13th field "n<hex>", the kernels it enqueues */
        if (ki->nested) put(&b, " n%llx", (unsigned long long)ki->enqueues);
        put(&b, "\n");
        for (uint32_t a = 0; a < ki->nargs; a++) {
            const wq_cl_arg_info_t *ai = &ki->args[a];
            put(&b, "arg %s %u %u %u %u %s %s\n", kind_name[ai->kind], ai->size, ai->offset,
                (unsigned)ai->access, (unsigned)ai->type_qual, ai->name, ai->type_name);
        }
        if (ki->private_align > MIN_ALIGN || ki->local_align > MIN_ALIGN)
            put(&b, "align %u %u\n", ki->private_align, ki->local_align);
        if (ki->hint_wg[0] || ki->vec_hint[0])
            put(&b, "hints %u %u %u %s\n", ki->hint_wg[0], ki->hint_wg[1], ki->hint_wg[2],
                ki->vec_hint[0] ? ki->vec_hint : "-");
        if (ki->printf) put(&b, "uses printf\n");
    }
    for (unsigned i = 0; i < img->nstrs; i++) {
        put(&b, "printf %u \"", i);
        for (const unsigned char *c = (const unsigned char *)img->strs[i]; *c; c++) {
            if (*c == '\\' || *c == '"') put(&b, "\\%c", *c);
            else if (*c >= 0x20 && *c < 0x7f) put(&b, "%c", *c);
            else put(&b, "\\%03o", *c);
        }
        put(&b, "\"\n");
    }
    put(&b, "end\n");
    if (b.oom) { free(b.s); return NULL; }
    *len = b.n;
    return b.s;
}

/* ---- parsing ----------------------------------------------------------------- */
/* a printf line's text: `"TEXT"` at s as the binary_write escapes it, to
 * its closing quote (nothing after it); a malloc'd string, or NULL */
static char *unquote(const char *s)
{
    if (*s++ != '"') return NULL;
    char *o = malloc(strlen(s) + 1);
    size_t n = 0;
    if (!o) return NULL;
    while (*s && *s != '"') {
        unsigned char c = (unsigned char)*s++;
        if (c < 0x20 || c >= 0x7f) break;
        if (c == '\\') {
            if (*s == '\\' || *s == '"') c = (unsigned char)*s++;
            else if (s[0] >= '0' && s[0] <= '3' && s[1] >= '0' && s[1] <= '7' && s[2] >= '0' && s[2] <= '7') {
                c = (unsigned char)((s[0] - '0') * 64 + (s[1] - '0') * 8 + (s[2] - '0'));
                s += 3;
                if (!c) { free(o); return NULL; }      /* a string ends at its first NUL */
            } else break;
        }
        o[n++] = (char)c;
    }
    if (*s != '"' || s[1] || n > WQ_CC_PRINTF_STR_MAX) { free(o); return NULL; }
    o[n] = 0;
    return o;
}

typedef struct {
    const char *p, *end;
    char line[4 * WQ_CC_PRINTF_STR_MAX + 64];   /* a printf line at its longest */
    unsigned lineno;
} rd_t;

/* the next line into r->line; 0 at the end; -1 when too long or not text */
static int next_line(rd_t *r)
{
    if (r->p >= r->end) return 0;
    size_t n = 0;
    while (r->p < r->end && *r->p != '\n') {
        if (n + 1 >= sizeof r->line || *r->p == 0) return -1;
        r->line[n++] = *r->p++;
    }
    if (r->p < r->end) r->p++;
    r->line[n] = 0;
    r->lineno++;
    return 1;
}

static int ident_ok(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++)
        if (!(*s == '_' || (*s >= '0' && *s <= '9') || (*s >= 'a' && *s <= 'z') ||
              (*s >= 'A' && *s <= 'Z')))
            return 0;
    return 1;
}

#define BAD(...) do { snprintf(why, whylen, __VA_ARGS__); goto fail; } while (0)

static int parse_arg(const char *line, wq_cl_arg_info_t *a, uint32_t param_bytes)
{
    char kind[16], name[WQ_CC_NAME_MAX + 1];
    unsigned size, off, acc, tq;
    int used = 0;
    if (sscanf(line, "arg %15s %u %u %u %u %240s %n", kind, &size, &off, &acc, &tq, name, &used) != 6 ||
        !used)
        return -1;
    const char *type = line + used;
    if (strlen(type) >= sizeof a->type_name || !*type || !ident_ok(name)) return -1;
    int k = -1;
    for (int i = 0; i < 4; i++)
        if (!strcmp(kind, kind_name[i])) k = i;
    if (k < 0) return -1;
    a->kind = (enum wq_cl_arg_kind)k;
    /* a scalar is 1, 2, 4 or 8 bytes; a struct or union by value any size
     * up to WQ_CL_ARG_BYTES, word-aligned (the compiler's layout) */
    if (k == WQ_CL_ARG_SCALAR ? (size == 0 || size > WQ_CL_ARG_BYTES) : size != 4)
        return -1;
    unsigned al = size < 4 && !(size & (size - 1)) ? size : 4;
    if (off % al || off < WQ_KPARAM_ARGS || off + size > param_bytes)
        return -1;
    if (acc < CL_KERNEL_ARG_ACCESS_READ_ONLY || acc > CL_KERNEL_ARG_ACCESS_NONE) return -1;
    if (tq & ~(unsigned)(CL_KERNEL_ARG_TYPE_CONST | CL_KERNEL_ARG_TYPE_RESTRICT |
                         CL_KERNEL_ARG_TYPE_VOLATILE))
        return -1;
    a->size = size;
    a->offset = off;
    a->access = acc;
    a->type_qual = tq;
    strcpy(a->name, name);
    strcpy(a->type_name, type);
    return 0;
}

int wq_cl_binary_parse(const unsigned char *bin, size_t len, wq_cl_image_t *img, char *why,
                       size_t whylen)
{
    rd_t r = { (const char *)bin, (const char *)bin + len, "", 0 };
    memset(img, 0, sizeof *img);
    unsigned n;
    if (next_line(&r) != 1 || strcmp(r.line, MAGIC)) BAD("not a warpq program binary");
    /* 0 instructions: a program without kernels (built from an empty source) */
    if (next_line(&r) != 1 || sscanf(r.line, "code %u", &n) != 1 || n > MAX_INSN)
        BAD("line %u: bad code count", r.lineno);
    if ((size_t)n * 18 > len) BAD("shorter than its %u instructions", n);
    img->code = malloc(8ull * (n ? n : 1));
    if (!img->code) BAD("out of memory");
    img->ninsn = n;
    for (unsigned i = 0; i < n; i++) {
        char extra;
        if (next_line(&r) != 1 ||
            sscanf(r.line, "%8x %8x %c", &img->code[2 * i], &img->code[2 * i + 1], &extra) != 2)
            BAD("line %u: bad instruction", r.lineno);
    }
    for (;;) {
        if (next_line(&r) != 1) BAD("line %u: no end", r.lineno);
        if (!strcmp(r.line, "end")) break;
        if (!strncmp(r.line, "align ", 6)) {
            /* the last kernel's alignments, once: 0 or powers of two */
            wq_cl_kinfo_t *k = img->nkernels ? &img->kernels[img->nkernels - 1] : NULL;
            unsigned pa, la;
            char extra;
            if (!k || k->private_align || k->local_align ||
                sscanf(r.line, "align %u %u %c", &pa, &la, &extra) != 2 || pa > MAX_ALIGN ||
                la > MAX_ALIGN || (pa & (pa - 1)) || (la & (la - 1)) || (pa <= MIN_ALIGN && la <= MIN_ALIGN))
                BAD("line %u: bad align line", r.lineno);
            k->private_align = pa;
            k->local_align = la;
            continue;
        }
        if (!strncmp(r.line, "hints ", 6)) {
            /* the last kernel's hints, once */
            wq_cl_kinfo_t *k = img->nkernels ? &img->kernels[img->nkernels - 1] : NULL;
            unsigned hx, hy, hz;
            char vec[16], extra;
            if (!k || k->hint_wg[0] || k->vec_hint[0] ||
                sscanf(r.line, "hints %u %u %u %15s %c", &hx, &hy, &hz, vec, &extra) != 4 ||
                hx > 65535 || hy > 65535 || hz > 65535 || (!hx != !hy) || (!hy != !hz) ||
                (!hx && !strcmp(vec, "-")) || !ident_ok(strcmp(vec, "-") ? vec : "x"))
                BAD("line %u: bad hints line", r.lineno);
            k->hint_wg[0] = hx;
            k->hint_wg[1] = hy;
            k->hint_wg[2] = hz;
            snprintf(k->vec_hint, sizeof k->vec_hint, "%s", strcmp(vec, "-") ? vec : "");
            continue;
        }
        if (!strcmp(r.line, "uses printf")) {
            /* the last kernel's, once */
            wq_cl_kinfo_t *k = img->nkernels ? &img->kernels[img->nkernels - 1] : NULL;
            if (!k || k->printf || img->nstrs) BAD("line %u: bad uses printf line", r.lineno);
            k->printf = 1;
            continue;
        }
        if (!strncmp(r.line, "printf ", 7)) {
            /* the strings in id order, after the kernels */
            unsigned id;
            int used = 0;
            char *str = NULL;
            if (sscanf(r.line, "printf %u %n", &id, &used) != 1 || !used || id != img->nstrs ||
                id >= MAX_STRS || !(str = unquote(r.line + used)))
                BAD("line %u: bad printf line", r.lineno);
            char **t = realloc(img->strs, (img->nstrs + 1) * sizeof *t);
            if (!t) { free(str); BAD("out of memory"); }
            img->strs = t;
            img->strs[img->nstrs++] = str;
            continue;
        }
        if (img->nstrs) BAD("line %u: a kernel after the printf strings", r.lineno);
        if (img->nkernels >= MAX_KERNELS) BAD("too many kernels");
        wq_cl_kinfo_t *t = realloc(img->kernels, (img->nkernels + 1) * sizeof *t);
        if (!t) BAD("out of memory");
        img->kernels = t;
        wq_cl_kinfo_t *k = &img->kernels[img->nkernels++];
        memset(k, 0, sizeof *k);
        char name[WQ_CC_NAME_MAX + 1];
        unsigned e, regs, wave, yield, loc, priv, px, nargs;
        unsigned long rx, ry, rz;
        unsigned long long enq = 0;
        int nf = sscanf(r.line, "kernel %240s %u %u %u %u %u %u %lu %lu %lu %u %u n%llx", name, &e, &regs,
                        &wave, &yield, &loc, &priv, &rx, &ry, &rz, &px, &nargs, &enq);
        if (nf != 12 && nf != 13)
            BAD("line %u: bad kernel line", r.lineno);
        k->nested = nf == 13;
        k->enqueues = enq;
        if (!ident_ok(name) || e >= n || regs < 1 || regs > 64 || nargs > MAX_ARGS ||
            px < WQ_KPARAM_ARGS || px > MAX_PARAM || px % 4 || rx > 1024 || ry > 1024 ||
            rz > 1024 || (!rx != !ry) || (!ry != !rz))
            BAD("line %u: kernel fields out of range", r.lineno);
        for (unsigned i = 0; i + 1 < img->nkernels; i++)
            if (!strcmp(img->kernels[i].name, name)) BAD("line %u: kernel %s twice", r.lineno, name);
        strcpy(k->name, name);
        k->entry = e;
        k->nregs = regs;
        k->wave = wave;
        k->yield = yield;
        k->local_bytes = loc;
        k->private_bytes = priv;
        k->reqd_wg[0] = rx;
        k->reqd_wg[1] = ry;
        k->reqd_wg[2] = rz;
        k->param_bytes = px;
        k->args = calloc(nargs ? nargs : 1, sizeof *k->args);
        if (!k->args) BAD("out of memory");
        k->nargs = nargs;
        for (unsigned a = 0; a < nargs; a++)
            if (next_line(&r) != 1 || parse_arg(r.line, &k->args[a], px))
                BAD("line %u: bad argument %u of %s", r.lineno, a, name);
    }
    if (!img->nkernels != !n) BAD(n ? "no kernel" : "a kernel without code");
    /* a printf record names its strings by id; a kernel that prints needs some */
    for (unsigned i = 0; i < img->nkernels; i++)
        if (img->kernels[i].printf && !img->nstrs) BAD("kernel %s uses printf without printf strings", img->kernels[i].name);
    return 0;
fail:
    wq_cl_image_free(img);
    return -1;
}
